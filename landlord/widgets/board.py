"""The board as one SVG picture: the track, who holds what, where everyone stands.

:func:`board_svg` draws the current state of a
:class:`~landlord.engine.landlords_game.LandlordsGame` as a self-contained
SVG string, for a class to watch on a projector: every space with its name,
price and land rent, a band for its kind, its holder and houses, the players'
tokens, the inner corners (the Single Tax rules' Natural Opportunities) and,
in the centre, the round, whose turn it is, every player's cash and net
worth, the piles of money, the wages and the latest public works.

It only reads the game: holders, houses, positions, the single tax's public
goods and the money come from the game's own attributes and functions
(:meth:`~landlord.engine.holdings.Holdings.net_worths`,
:meth:`~landlord.engine.spaces.SpaceRules.necessity_tax`,
:meth:`~landlord.engine.spaces.SpaceRules.rent_due`, ...); nothing here
decides a rule. It imports no user-interface package: a notebook shows the
string with ``IPython.display.SVG`` or in an ``ipywidgets.HTML``.

Layout
------
The drawing is 760 x 760 units (its ``viewBox``), scaled to ``size`` pixels.
The track runs round the edge as on a classic board: space 0 (Mother Earth)
in the bottom-right corner, counting on to the left along the bottom, up the
left side, right along the top and down the right side, so that on the 1906
board the corners are spaces 0, 10, 20 and 30. A track of ``n`` spaces is
cut into four sides starting at spaces ``n * k // 4`` (k = 0, 1, 2, 3), or at
the board's own four corners when it names four and the first is space 0;
the first space of each side is drawn as a corner square and the rest share
the side's length. Any length divisible by 4 thus gives four equal sides;
another length gives sides that differ by a space (or follow the named
corners). All text is upright (a projector has one viewing direction); each
space's kind band is on its inner edge. A side space (an inner corner) is
drawn inside the track at the inner corner nearest the space where it leads
back onto the track. The layout of a board is computed once and kept (keyed
by the board object, its Jail and its Poor House), so a redraw only formats
what the state changes.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from landlord.engine.spaces import CARD_SPACES
from landlord.palette import PLAYER_COLOURS, player_colour

if TYPE_CHECKING:  # pragma: no cover - for the annotations only
    from landlord.engine.landlords_game import LandlordsGame
    from landlord.rules.model import Board

__all__ = ["KIND_COLOURS", "PLAYER_COLOURS", "board_svg", "player_colour", "text_colour"]


#: Each kind of space: the colour of its band and the word the legend gives it.
KIND_COLOURS = {
    "lot": ("#4C9A4C", "lot"),
    "railroad": ("#D9779E", "railroad"),
    "franchise": ("#E3C52B", "franchise"),
    "speculation": ("#7F8FA6", "speculation"),
    "necessity": ("#4F8FCC", "necessity"),
    "trespass": ("#2B5535", "no trespassing"),
    "chance": ("#C8483F", "chance"),
    "luxury": ("#8E6BBE", "luxury"),
    "mother_earth": ("#B08A4F", "Mother Earth"),
    "shelter_jail": ("#4F8FCC", "Shelter / Jail"),
    "central_park": ("#4C9A4C", "Central Park"),
    "blank": ("#BBBBBB", "space"),
}

#: Kinds that have a card a player can hold.
HELD_KINDS = frozenset({"lot", "railroad", "franchise", "speculation"})

# What a kind is, in a space's tooltip.
_KIND_WORDS = {
    "mother_earth": "Mother Earth",
    "lot": "lot",
    "necessity": "Absolute Necessity",
    "shelter_jail": "Shelter and Jail",
    "trespass": "No Trespassing",
    "railroad": "railroad",
    "franchise": "franchise (public utility)",
    "speculation": "Speculation (Broker's License)",
    "central_park": "Central Park and Poor House",
    "chance": "Chance",
    "luxury": "Luxury",
    "blank": "space",
    "natural_opportunity": "Natural Opportunity",
}

# --- geometry (in the drawing's own units) ----------------------------------------

VIEW = 760
MARGIN = 4.0
CORNER = 120.0  # a corner square's side, and the depth of the track
BAND = 8.0  # the kind band on a space's inner edge
PAD = 3.0
LINE = 12.0  # the line height of 11-unit text
FONT = 11  # the smallest text, in units (pixels at the default size)
TRAY_WIDE = 46.0  # the token tray on the outer part of a left or right space
SIDE_BOX = 92.0  # an inner corner's square
GAP = 6.0
TOKEN_R = 9.0  # a token's largest radius
INK = "#1A1A1A"
PAPER = "#FFFDF6"
CORNER_FILL = "#F3EEDD"
CENTRE_FILL = "#F6F4EA"
HIGHLIGHT_FILL = "#FFF3A6"
OPPORTUNITY_FILL = "#EEE2C6"
FONTS = "Arial, 'Liberation Sans', Helvetica, 'DejaVu Sans', sans-serif"

# Advance widths of Helvetica / Arial (1/1000 em) for the printable ASCII characters,
# to estimate the length of a line; others count as 600. Bold counts 10% wider.
_WIDTHS_TEXT = """
278 278 355 556 556 889 667 191 333 333 389 584 278 333 278 278
556 556 556 556 556 556 556 556 556 556 278 278 584 584 584 556
1015 667 667 722 722 667 611 778 722 278 500 667 556 833 722 778
667 778 722 667 611 722 667 944 667 667 611 278 278 278 469 556
333 556 556 500 556 556 278 556 556 222 222 500 222 833 556 556
556 556 333 500 278 556 500 722 500 500 500 334 260 334 584
"""
_WIDTHS = dict(zip(map(chr, range(32, 127)), map(int, _WIDTHS_TEXT.split()), strict=True))

# Characters XML 1.0 does not allow (C0 controls but tab, newline, carriage return).
_NOT_XML = dict.fromkeys([*range(9), 11, 12, *range(14, 32)])


def _esc(text: object) -> str:
    """Text made safe for XML content and attribute values."""
    return html.escape(str(text).translate(_NOT_XML), quote=True)


def _num(value: float) -> str:
    """A coordinate, with at most one decimal."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _money(amount: int, currency: str = "$") -> str:
    """A sum of money as a board prints it.

    Examples
    --------
    >>> _money(1500), _money(-20, "\u00a3")
    ('$1,500', '-\u00a320')
    """
    return f"{currency}{amount:,}" if amount >= 0 else f"-{currency}{-amount:,}"


def text_width(text: str, size: float = FONT, bold: bool = False) -> float:
    """Estimated width of ``text`` in a Helvetica-like font, in units.

    Examples
    --------
    >>> round(text_width("Wall Street"), 1)
    53.8
    """
    width = sum(_WIDTHS.get(char, 600) for char in text) * size / 1000
    return width * 1.1 if bold else width


def _text(
    x: float,
    y: float,
    text: str,
    *,
    size: float = FONT,
    bold: bool = False,
    anchor: str = "",
    fit: float = 0.0,
    fill: str = "",
    italic: bool = False,
) -> str:
    """A ``<text>`` element; with ``fit``, squeezed to at most that width.

    Fitted text also gets its estimated length as ``textLength``, so a wider
    fallback font is narrowed to the same width instead of overflowing.
    """
    parts = [f'<text x="{_num(x)}" y="{_num(y)}"']
    if size != FONT:
        parts.append(f' font-size="{_num(size)}"')
    if bold:
        parts.append(' font-weight="bold"')
    if italic:
        parts.append(' font-style="italic"')
    if anchor:
        parts.append(f' text-anchor="{anchor}"')
    if fill:
        parts.append(f' fill="{fill}"')
    if fit:
        length = min(text_width(text, size, bold), fit)
        parts.append(f' textLength="{_num(length)}" lengthAdjust="spacingAndGlyphs"')
    parts.append(f">{_esc(text)}</text>")
    return "".join(parts)


def _rect(x: float, y: float, w: float, h: float, extra: str = "") -> str:
    return (
        f'<rect x="{_num(x)}" y="{_num(y)}" width="{_num(w)}" height="{_num(h)}"'
        f"{' ' + extra if extra else ''}/>"
    )


def _is_initial(word: str) -> bool:
    return len(word) <= 2 and word.endswith(".") and word[:1].isalpha()


def wrap(name: str, width: float, lines: int, size: float = FONT, bold: bool = False) -> list[str]:
    """Cut ``name`` into at most ``lines`` lines of about ``width`` units.

    Words go on a line while it fits; if there are too many lines, initials
    ("D. F.") are left out; if still too many, the last line takes the rest,
    shortened with an ellipsis when even a squeeze to 70% would not fit it.

    Examples
    --------
    >>> wrap("D. F. Hogg's Game Preserves", 54, 3)
    ["Hogg's", 'Game', 'Preserves']
    >>> wrap("Soakum Lighting System", 100, 2)
    ['Soakum Lighting', 'System']
    """

    def greedy(words: list[str]) -> list[str]:
        out: list[str] = []
        for word in words:
            if out and text_width(f"{out[-1]} {word}", size, bold) <= width:
                out[-1] = f"{out[-1]} {word}"
            else:
                out.append(word)
        return out

    words = name.split()
    if not words:
        return []
    cut = greedy(words)
    if len(cut) > lines:
        kept = [word for word in words if not _is_initial(word)]
        if kept and len(kept) < len(words):
            cut = greedy(kept)
    if len(cut) > lines:
        cut = [*cut[: lines - 1], " ".join(cut[lines - 1 :])]
    limit = width / 0.7
    for k, line in enumerate(cut):
        while text_width(line, size, bold) > limit and len(line) > 2:
            line = line[:-2].rstrip() + "\u2026"
        cut[k] = line
    return cut


def _luminance(colour: str) -> float:
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (int(colour[k : k + 2], 16) for k in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def text_colour(fill: str) -> str:
    """Black or white, whichever contrasts more with ``fill`` (a ``#RRGGBB`` colour).

    Examples
    --------
    >>> text_colour("#E69F00"), text_colour("#0072B2")
    ('#000000', '#FFFFFF')
    """
    lum = _luminance(fill)
    return "#000000" if (lum + 0.05) / 0.05 >= 1.05 / (lum + 0.05) else "#FFFFFF"


def token_labels(names: Sequence[str]) -> list[str]:
    """The short label on each player's token: his initial, or initial and seat.

    When two players share an initial, every label gets its seat number
    (counted from 1), so that no two tokens read the same.

    Examples
    --------
    >>> token_labels(["Ann", "Bob", "cy"])
    ['A', 'B', 'C']
    >>> token_labels(["eager_landlord 1", "eager_landlord 2"])
    ['E1', 'E2']
    """
    initials = [(name.strip()[:1] or "?").upper() for name in names]
    if len(set(initials)) == len(initials):
        return initials
    return [f"{initial}{seat + 1}" for seat, initial in enumerate(initials)]


# --- the static layout of a board ---------------------------------------------------------


@dataclass
class _Cell:
    """One space as drawn: its place, what never changes, and where the state goes."""

    position: int
    kind: str  # escaped, for an attribute
    title: str  # the tooltip's fixed part, escaped
    bg: str  # the background, and the same lit up for the last move
    bg_hot: str
    body: str  # band, name and fixed figures
    price: str  # the figures (price, rent, fee) as they are printed
    price_at: tuple[tuple[float, float, float], ...]  # centre x, baseline, width of each line
    status: tuple[float, float, float, float]  # holder tag, houses, FREE, COLLEGE, site
    tray: tuple[float, float, float, float]
    lock: tuple[float, float, float, float] | None = None  # Jail / Poor House box tray
    band: tuple[float, float, float, float] | None = None  # the band of a side's space
    outline: str = ""  # x, y, width, height attributes of a frame just inside the cell
    printed_rent: int = 0
    slots: dict[tuple[int, bool], list[tuple[str, str, str, str, float]]] = field(
        default_factory=dict
    )


def _fit_slots(
    tray: tuple[float, float, float, float], count: int
) -> list[tuple[str, str, str, str, float]]:
    """``count`` token places in ``tray``: (cx, cy, text baseline, r, r) strings, no overlap."""
    x, y, w, h = tray
    best = (-1.0, 1, 1)
    for cols in range(1, count + 1):
        rows = -(-count // cols)
        r = min(TOKEN_R, w / (2 * cols) - 1, h / (2 * rows) - 1)
        if r >= best[0] - 1e-9:  # on a tie, fewer rows
            best = (r, cols, rows)
    r, cols, rows = best
    r = max(r, 2.0)
    dx, dy = w / cols, h / rows
    slots = []
    for k in range(count):
        cx = x + dx * (k % cols + 0.5)
        cy = y + dy * (k // cols + 0.5)
        slots.append((_num(cx), _num(cy), _num(cy + 0.36 * min(FONT, 2 * r)), _num(r), r))
    return slots


def _figures(space: Any, rent: int | None = None) -> list[str]:
    """The printed figures of a space, in parts: price, and land rent, fare or fee."""
    kind = space.kind
    price = [f"${space.price}"] if space.price else []
    if kind == "lot":
        return [*price, f"rent {(space.land_rent or 0) if rent is None else rent}"]
    words = {"railroad": "fare", "franchise": "fee", "speculation": "stake"}.get(kind)
    if words:
        return [*price, f"{words} {space.fee}"] if space.fee is not None else price
    if kind == "luxury":
        return [f"fee ${space.fee}"] if space.fee is not None else []
    if kind == "trespass":
        return ["No Trespassing"]
    return []


def _figure_lines(
    slots: tuple[tuple[float, float, float], ...], parts: list[str], bold_last: bool = False
) -> str:
    """The figures on the last lines of a space's text: a part a line if there is room."""
    if not parts or not slots:
        return ""
    if len(parts) > len(slots):
        parts = [" ".join(parts)]
    last = len(parts) - 1
    return "".join(
        _text(x, y, part, anchor="middle", fit=width, bold=bold_last and k == last)
        for k, ((x, y, width), part) in enumerate(
            zip(slots[len(slots) - len(parts) :], parts, strict=True)
        )
    )


def _tooltip(space: Any) -> str:
    words = [f"{space.index}. {space.name} \u2014 {_KIND_WORDS.get(space.kind, space.kind)}"]
    if space.price:
        words.append(f"price ${space.price}")
    if space.kind == "lot" and space.land_rent is not None:
        words.append(f"printed land rent ${space.land_rent}")
    elif space.fee is not None:
        words.append(f"fee ${space.fee}")
    if space.rule:
        words.append(f"Rule {space.rule}")
    return _esc("; ".join(words))


def track_rects(
    n: int, corners: Sequence[int] = ()
) -> list[tuple[float, float, float, float, str]]:
    """Where each of ``n`` track spaces is drawn: (x, y, width, height, inner edge).

    The inner edge is "top", "bottom", "left" or "right" for a space on a
    side, "" for a corner square (see the module's *Layout*).

    Examples
    --------
    >>> rects = track_rects(40, (0, 10, 20, 30))
    >>> rects[0], rects[1][4], rects[10][4]
    ((636.0, 636.0, 120.0, 120.0, ''), 'top', '')
    """
    lo, hi = MARGIN, VIEW - MARGIN
    length = hi - lo
    starts = [(k * n) // 4 for k in range(4)] + [n]
    corners_named = sorted(set(corners))
    if len(corners_named) == 4 and corners_named[0] == 0 and corners_named[-1] < n:
        starts = [*corners_named, n]  # the board's own corners, on a track of any length
    rects: list[tuple[float, float, float, float, str]] = [(0, 0, 0, 0, "")] * n
    squares = ((hi - CORNER, hi - CORNER), (lo, hi - CORNER), (lo, lo), (hi - CORNER, lo))
    for side in range(4):
        first, end = starts[side], starts[side + 1]
        if first >= end:
            continue
        rects[first] = (*squares[side], CORNER, CORNER, "")
        edge = end - first - 1
        span = (length - 2 * CORNER) / edge if edge else 0.0
        for j in range(1, edge + 1):
            if side == 0:
                rects[first + j] = (hi - CORNER - j * span, hi - CORNER, span, CORNER, "top")
            elif side == 1:
                rects[first + j] = (lo, hi - CORNER - j * span, CORNER, span, "right")
            elif side == 2:
                rects[first + j] = (lo + CORNER + (j - 1) * span, lo, span, CORNER, "bottom")
            else:
                rects[first + j] = (
                    hi - CORNER,
                    lo + CORNER + (j - 1) * span,
                    CORNER,
                    span,
                    "left",
                )
    return rects


class _Layout:
    """Everything about a board's picture that the state does not change.

    The later game's board (:mod:`landlord.widgets.board_estates`) is a
    subclass: it changes the band's width and colour, the figures, the
    tooltips and the legend (the methods below the cells).
    """

    #: The width of the band on a space's inner edge.
    band = BAND

    def __init__(self, board: Board, jail: int, poor_house: int) -> None:
        spaces = board.spaces
        n = len(spaces)
        self.size = n
        self.cells: list[_Cell] = []
        lo, hi = MARGIN, VIEW - MARGIN
        length = hi - lo
        rects = track_rects(n, board.corners)
        locks = {}
        if 0 <= jail < n:
            locks[jail] = "JAIL"
        if 0 <= poor_house < n:
            locks[poor_house] = "JAIL / POOR HOUSE" if poor_house == jail else "POOR HOUSE"
        for space, (x, y, w, h, inner) in zip(spaces, rects, strict=True):
            if inner:
                cell = self._edge_cell(space, x, y, w, h, inner)
            else:
                cell = self._corner_cell(space, x, y, w, h)
            if space.index in locks:
                self._add_lock(cell, locks[space.index], bool(inner))
            self.cells.append(cell)
        self._side_cells(board, rects)
        self.frame = "".join(
            [
                _rect(0, 0, VIEW, VIEW, f'fill="{CENTRE_FILL}"'),
                _rect(lo, lo, length, length, f'fill="none" stroke="{INK}" stroke-width="2"'),
            ]
        )
        self.legend = self.legend_svg({space.kind for space in spaces})

    # --- what a kind of board changes -------------------------------------------------

    def band_colour(self, space: Any) -> str:
        """The colour of the band on ``space``'s inner edge."""
        return KIND_COLOURS.get(space.kind, KIND_COLOURS["blank"])[0]

    def figures(self, space: Any) -> list[str]:
        """The figures printed under the name of ``space``."""
        return _figures(space)

    def tooltip(self, space: Any) -> str:
        """The fixed part of the tooltip of ``space``, escaped."""
        return _tooltip(space)

    # --- the cells ---------------------------------------------------------------------

    @staticmethod
    def _background(x: float, y: float, w: float, h: float, fill: str) -> tuple[str, str]:
        extra = f'stroke="{INK}" stroke-width="1"'
        return _rect(x, y, w, h, f'fill="{fill}" {extra}'), _rect(
            x, y, w, h, f'fill="{HIGHLIGHT_FILL}" {extra}'
        )

    def _edge_cell(self, space: Any, x: float, y: float, w: float, h: float, inner: str) -> _Cell:
        colour = self.band_colour(space)
        b = self.band
        if inner == "top":
            band, content = (x, y, w, b), (x, y + b, w, h - b)
        elif inner == "bottom":
            band, content = (x, y + h - b, w, b), (x, y, w, h - b)
        elif inner == "right":
            band, content = (x + w - b, y, b, h), (x, y, w - b, h)
        else:
            band, content = (x, y, b, h), (x + b, y, w - b, h)
        cx, cy, cw, ch = content
        if h > w:  # a tall space (bottom or top): text, then the status row, then the tray
            tw = cw - 2 * PAD - 2  # clear of a holder's frame
            text_x = cx + cw / 2
            status = (cx + PAD, cy + PAD + 4 * LINE + 1, tw, 13.0)
            tray_top = status[1] + status[3] + 2
            tray = (cx + PAD, tray_top, tw, cy + ch - PAD - tray_top)
            rows = 4
        else:  # a wide space (left or right): text on one part, status and tray on the other
            tw = cw - TRAY_WIDE - 2 * PAD - 2
            text_x = cx + PAD + 1 + tw / 2
            right = cx + cw - TRAY_WIDE
            status = (right, cy + PAD, TRAY_WIDE - PAD, 13.0)
            tray = (right, cy + PAD + 15, TRAY_WIDE - PAD, ch - 2 * PAD - 15)
            rows = max(2, min(4, int((ch - 2 * PAD - 2) // LINE)))  # fewer on a crowded side
        lines = wrap(space.name, tw, min(3, rows - 1))
        body = [_rect(*band, f'fill="{colour}"')]
        for k, line in enumerate(lines):
            body.append(_text(text_x, cy + PAD + 10 + k * LINE, line, anchor="middle", fit=tw))
        # The figures under the name: on the last two lines if the name leaves them free.
        free = range(max(len(lines), rows - 2), rows)
        price_at = tuple((text_x, cy + PAD + 10 + k * LINE, tw) for k in free)
        cell = self._cell(space, (x, y, w, h), PAPER, body, price_at, status, tray)
        cell.band = band
        return cell

    def _corner_cell(self, space: Any, x: float, y: float, w: float, h: float) -> _Cell:
        tw = w - 2 * PAD
        body = []
        colour = self.band_colour(space)
        body.append(_rect(x + PAD, y + PAD, tw, 4, f'fill="{colour}"'))
        for k, line in enumerate(wrap(space.name, tw, 2, size=13, bold=True)):
            body.append(
                _text(
                    x + w / 2,
                    y + PAD + 17 + k * 15,
                    line,
                    size=13,
                    bold=True,
                    anchor="middle",
                    fit=tw,
                )
            )
        price_at = ((x + w / 2, y + PAD + 17 + 2 * 15, tw),)
        status = (x + PAD, y + 53, tw, 13.0)
        tray = (x + PAD, y + 68, tw, h - 68 - PAD)
        return self._cell(space, (x, y, w, h), CORNER_FILL, body, price_at, status, tray)

    def _cell(
        self,
        space: Any,
        box: tuple[float, float, float, float],
        fill: str,
        body: list[str],
        price_at: tuple[tuple[float, float, float], ...],
        status: tuple[float, float, float, float],
        tray: tuple[float, float, float, float],
    ) -> _Cell:
        """A cell from its drawn parts: background, name lines, figures, status row, tray."""
        bg, bg_hot = self._background(*box, fill)
        return _Cell(
            position=space.index,
            kind=_esc(space.kind),
            title=self.tooltip(space),
            bg=bg,
            bg_hot=bg_hot,
            body="".join(body),
            price=_figure_lines(price_at, self.figures(space)),
            price_at=price_at,
            status=status,
            tray=tray,
            outline=_outline(*box),
            printed_rent=space.land_rent or 0,
        )

    @staticmethod
    def _add_lock(cell: _Cell, label: str, edge: bool) -> None:
        """Split the tray: visitors on one half, the Jail or Poor House box on the other."""
        x, y, w, h = cell.tray
        half = w / 2
        cell.tray = (x, y, half - 2, h)
        if edge:  # a narrow space: no room for the label; the tooltip names the box
            box = (x + half, y, half, h)
            lines: list[str] = []
        else:  # a corner: the box takes the status row's height too, for its label
            box = (x + half, y - 15, half, h + 15)
            lines = wrap(label, half - 4, 2, bold=True)
        bx, by, bw, bh = box
        parts = [_rect(bx, by, bw, bh, f'fill="#E4E4E4" stroke="{INK}" stroke-width="1.5"')]
        for k, line in enumerate(lines):
            parts.append(
                _text(
                    bx + bw / 2, by + 11 + k * LINE, line, bold=True, anchor="middle", fit=bw - 4
                )
            )
        head = 2 + LINE * len(lines)
        cell.body += "".join(parts)
        cell.lock = (bx + 1, by + head, bw - 2, bh - head - 1)
        cell.title += _esc(f"; the box marked {label} holds the players in it")

    def _side_cells(self, board: Board, rects: list[tuple[float, float, float, float, str]]):
        """The inner corners, each near the track space it leads back onto."""
        lo, hi = MARGIN + CORNER + GAP, VIEW - MARGIN - CORNER - GAP
        used: dict[tuple[int, int], int] = {}
        for number, side in enumerate(board.side_spaces):
            x, y, w, h, _ = rects[side.reenter_at]
            mx, my = x + w / 2, y + h / 2
            corner = (int(mx > VIEW / 2), int(my > VIEW / 2))
            stacked = used.get(corner, 0)
            used[corner] = stacked + 1
            shift = stacked * (SIDE_BOX + GAP)
            bx = hi - SIDE_BOX - shift if corner[0] else lo + shift
            by = hi - SIDE_BOX - shift if corner[1] else lo + shift
            d = SIDE_BOX
            tw = d - 2 * PAD
            body = []
            for k, line in enumerate(wrap(side.name, tw, 2, size=12, bold=True)):
                body.append(
                    _text(
                        bx + d / 2,
                        by + PAD + 13 + k * 14,
                        line,
                        size=12,
                        bold=True,
                        anchor="middle",
                        fit=tw,
                    )
                )
            body.append(
                _text(bx + d / 2, by + 43, f"wages ${side.wages}", anchor="middle", fit=tw)
            )
            body.append(_text(bx + d / 2, by + 55, f"rent ${side.rent}", anchor="middle", fit=tw))
            extra = 'stroke="#8B6D3A" stroke-width="1.5"'
            position = self.size + number
            title = f"{position}. {side.name} \u2014 {_KIND_WORDS['natural_opportunity']}"
            title += f" (inner corner): wages ${side.wages}, rent ${side.rent}; "
            title += f"leads back onto space {side.reenter_at}"
            self.cells.append(
                _Cell(
                    position=position,
                    kind=_esc(side.kind),
                    title=_esc(title),
                    bg=_rect(bx, by, d, d, f'fill="{OPPORTUNITY_FILL}" {extra} rx="6"'),
                    bg_hot=_rect(bx, by, d, d, f'fill="{HIGHLIGHT_FILL}" {extra} rx="6"'),
                    body="".join(body),
                    price="",
                    price_at=(),
                    status=(bx + PAD, by + 58, tw, 0.0),
                    tray=(bx + PAD, by + 59, tw, d - 59 - PAD),
                    outline=_outline(bx, by, d, d),
                )
            )

    def legend_svg(self, kinds: set[str]) -> str:
        """The kinds of space and the marks, in the centre's bottom strip."""
        legend_kinds = HELD_KINDS | {"necessity", "trespass", "chance", "luxury"}
        shown = [kind for kind in KIND_COLOURS if kind in kinds and kind in legend_kinds]
        left = VIEW / 2 - 152
        top = VIEW - MARGIN - CORNER - GAP - SIDE_BOX + 12
        parts = ['<g class="legend">', _text(left, top, "Kinds of space", bold=True)]
        for k, kind in enumerate(shown):
            col, row = k % 3, k // 3
            x, y = left + col * 104, top + 8 + row * 16
            colour, word = KIND_COLOURS[kind]
            parts.append(_rect(x, y, 12, 10, f'fill="{colour}" stroke="{INK}" stroke-width="0.5"'))
            parts.append(_text(x + 16, y + 9, word))
        y = top + 8 + (-(-len(shown) // 3)) * 16
        parts.append(_rect(left, y + 1, 7, 7, f'fill="{INK}"'))
        parts.append(_text(left + 11, y + 9, "house"))
        parts.append(
            _text(
                left + 56,
                y + 9,
                "frame and tag in a player's colour: his card",
            )
        )
        parts.append("</g>")
        return "".join(parts)

    def slots(
        self, cell: _Cell, count: int, locked: bool
    ) -> list[tuple[str, str, str, str, float]]:
        key = (count, locked)
        found = cell.slots.get(key)
        if found is None:
            tray = cell.lock if locked and cell.lock is not None else cell.tray
            found = cell.slots[key] = _fit_slots(tray, count)
        return found


def _outline(x: float, y: float, w: float, h: float) -> str:
    return f'x="{_num(x + 2)}" y="{_num(y + 2)}" width="{_num(w - 4)}" height="{_num(h - 4)}"'


#: Layouts by board: (kind of layout, board, jail, poor house, ...) -> layout; the
#: board is kept so that its id stays its own while it is cached.
_LAYOUTS: dict[tuple, tuple[Any, _Layout]] = {}
_LAYOUTS_KEPT = 32


def _layout(
    board: Board, jail: int, poor_house: int, kind: type = _Layout, *extra: Any
) -> _Layout:
    """The layout of ``board`` drawn by ``kind`` (made with ``extra`` too), made once."""
    key = (kind, id(board), jail, poor_house, *extra)
    found = _LAYOUTS.get(key)
    if found is not None and found[0] is board:
        return found[1]
    if len(_LAYOUTS) >= _LAYOUTS_KEPT:
        _LAYOUTS.pop(next(iter(_LAYOUTS)))
    layout = kind(board, jail, poor_house, *extra)
    _LAYOUTS[key] = (board, layout)
    return layout


# --- the parts of a picture that every board shares -----------------------------------------


@dataclass(frozen=True)
class Seats:
    """How each player is shown: name, token label, colour, and the money's symbol.

    Made by :meth:`of`; its methods draw what shows a player on any board: the
    holder's frame and tag on a space, the token, the row in the centre.
    """

    names: list[str]
    shown: list[str]  # the names, escaped
    labels: list[str]
    tags: list[str]  # the labels, escaped
    colours: list[str]
    inks: list[str]  # the text colour on each player's colour
    tag_widths: list[float]
    currency: str = "$"

    @classmethod
    def of(cls, game: Any, names: Sequence[str] | None, size: float) -> Seats:
        """The seats of ``game``, checking ``names`` (one per player) and ``size``."""
        if size <= 0:
            raise ValueError(f"size must be a positive number of pixels, not {size!r}")
        n = game.n_players
        if names is None:
            names = game.names
        elif len(names) != n:
            raise ValueError(f"{len(names)} names for {n} players")
        labels = token_labels(names)
        colours = [player_colour(p) for p in range(n)]
        return cls(
            names=list(names),
            shown=[_esc(name) for name in names],
            labels=labels,
            tags=[_esc(label) for label in labels],
            colours=colours,
            inks=[text_colour(c) for c in colours],
            tag_widths=[max(16.0, text_width(label, bold=True) + 6) for label in labels],
            currency=getattr(game.rules.info, "currency", "") or "$",
        )

    def money(self, amount: int) -> str:
        return _money(amount, self.currency)

    def holder_mark(self, out: list[str], cell: _Cell, holder: int) -> float:
        """Frame ``cell`` and put the holder's tag in its status row; return the x after it."""
        colour = self.colours[holder]
        x, y, _, height = cell.status
        width = self.tag_widths[holder]
        out.append(f'<rect {cell.outline} fill="none" stroke="{colour}" stroke-width="3.5"/>')
        out.append(_rect(x, y, width, height, f'rx="3" fill="{colour}" stroke="{INK}"'))
        out.append(
            f'<text x="{_num(x + width / 2)}" y="{_num(y + 10.5)}" text-anchor="middle" '
            f'font-weight="bold" fill="{self.inks[holder]}">{self.tags[holder]}</text>'
        )
        return x + width + 3

    def token(
        self,
        player: int,
        where: int,
        place: str,
        slot: tuple[str, str, str, str, float],
        about: str,
        hot: bool,
    ) -> str:
        """A player's token in ``slot``, with ``about`` (escaped) as its tooltip."""
        cx, cy, ty, r, radius = slot
        out = [
            f'<g class="token" data-player="{player}" data-space="{where}" data-where="{place}">'
            f"<title>{about}</title>"
        ]
        if hot:
            out.append(
                f'<circle cx="{cx}" cy="{cy}" r="{_num(radius + 3)}" fill="none" '
                f'stroke="{INK}" stroke-width="2"/>'
            )
        out.append(
            f'<circle cx="{cx}" cy="{cy}" r="{r}" fill="{self.colours[player]}" '
            f'stroke="{INK}" stroke-width="1.2"/>'
        )
        fit = ""
        if text_width(self.labels[player], bold=True) > 2 * radius - 2:
            fit = f' textLength="{_num(2 * radius - 2)}" lengthAdjust="spacingAndGlyphs"'
        out.append(
            f'<text x="{cx}" y="{ty}" text-anchor="middle" font-weight="bold" '
            f'fill="{self.inks[player]}"{fit}>{self.tags[player]}</text></g>'
        )
        return "".join(out)

    @staticmethod
    def table_head(left: float, y: float) -> str:
        """The heads of the players' table in the centre."""
        grey = "#444444"
        return (
            _text(left + 22, y, "player", bold=True, fill=grey)
            + _text(left + 250, y, "cash", bold=True, anchor="end", fill=grey)
            + _text(left + 330, y, "net worth", bold=True, anchor="end", fill=grey)
        )

    def player_row(
        self,
        player: int,
        left: float,
        right: float,
        y: float,
        cash: int,
        worth: int,
        states: list[str],
        attrs: str = "",
    ) -> str:
        """A player's row in the centre: colour and label, name, cash, net worth, state."""
        cash_x, worth_x, status_x = left + 250, left + 330, left + 342
        out = [
            f'<g class="player" data-player="{player}" data-cash="{cash}" '
            f'data-net-worth="{worth}"{attrs}>',
            f'<circle cx="{_num(left + 8)}" cy="{_num(y - 4)}" r="9" '
            f'fill="{self.colours[player]}" stroke="{INK}" stroke-width="1.2"/>'
            f'<text x="{_num(left + 8)}" y="{_num(y)}" text-anchor="middle" font-weight="bold" '
            f'fill="{self.inks[player]}">{self.tags[player]}</text>',
            _text(left + 22, y, _clip(self.names[player], cash_x - left - 72, 13), size=13),
            _text(cash_x, y, self.money(cash), size=13, anchor="end"),
            _text(worth_x, y, self.money(worth), size=13, bold=True, anchor="end"),
        ]
        if states:
            out.append(_text(status_x, y, _clip(", ".join(states), right - status_x)))
        out.append("</g>")
        return "".join(out)


def hot_move(last_move: int | tuple[int, int] | None) -> tuple[int, int]:
    """``board_svg``'s ``last_move`` as (player, space), -1 for what it does not say."""
    if isinstance(last_move, tuple):
        return last_move
    return -1, (-1 if last_move is None else last_move)


def svg_start(game: Any, layout: _Layout, size: float) -> list[str]:
    """The opening of the picture: the ``<svg>`` element, its title, the frame."""
    return [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {VIEW} {VIEW}" '
        f'width="{size}" height="{size}" font-family="{FONTS}" font-size="{FONT}" '
        f'fill="{INK}" class="landlord-board" role="img" data-spaces="{layout.size}" '
        f'data-players="{game.n_players}">',
        f"<title>{_esc(game.rules.info.title)}: round {game.round}</title>",
        layout.frame,
    ]


def space_start(
    cell: _Cell,
    holder: int,
    built: int,
    flags: list[str],
    notes: list[str],
    hot: bool,
    side: bool = False,
) -> str:
    """A space's group opened: its data, its tooltip (with ``notes``), background and body."""
    if hot:
        flags.append(' data-last="1"')
    title = cell.title + ("; " + "; ".join(notes) if notes else "")
    return (
        f'<g class="{"space side-space" if side else "space"}" data-space="{cell.position}" '
        f'data-kind="{cell.kind}" data-holder="{holder}" data-houses="{built}"{"".join(flags)}>'
        f"<title>{title}</title>{cell.bg_hot if hot else cell.bg}{cell.body}"
    )


def mark_box(cell: _Cell, x: float, mark: str) -> str:
    """A word in a white box on the status row of ``cell``, from ``x`` ("FREE", ...)."""
    sx, sy, sw, sh = cell.status
    width = min(sx + sw - x, text_width(mark, bold=True) + 8)
    return _rect(x, sy, width, sh, f'rx="3" fill="#FFFFFF" stroke="{INK}"') + _text(
        x + width / 2, sy + 10.5, mark, bold=True, anchor="middle", fit=width - 2
    )


def lit_frame(cell: _Cell) -> str:
    """The dashed frame round the space of the last move."""
    return (
        f'<rect {cell.outline} fill="none" stroke="{INK}" stroke-width="3" '
        'stroke-dasharray="6 3"/>'
    )


def centre_head(game: Any, names: Sequence[str], width: float, top: float, start: str) -> str:
    """The centre's first line: the round and whose turn it is (``start`` before round 1)."""
    if game.is_over:
        head = f"Round {game.round} \u00b7 game over"
    elif game.round == 0:
        head = start
    else:
        head = f"Round {game.round} \u00b7 {names[game.turn_player]} to play"
    head = _clip(head, width, 17, True)
    return _text(VIEW / 2, top + 18, head, size=17, bold=True, anchor="middle")


def centre_note(game: Any, names: Sequence[str], width: float, y: float, kind: str = "") -> str:
    """Why the game is over, or whom it waits for and why (``kind``: the decision in words)."""
    if game.is_over:
        note = game.end_reason
    elif 0 <= game.actor != game.turn_player:
        note = f"waiting for {names[game.actor]}: {kind or game.decision_kind.replace('_', ' ')}"
    else:
        return ""
    return (
        f"<g><title>{_esc(note)}</title>"
        + _text(VIEW / 2, y, _clip(note, width), anchor="middle", italic=True)
        + "</g>"
    )


# --- the picture of a state ---------------------------------------------------------------


def board_svg(
    game: LandlordsGame,
    *,
    size: int = 760,
    names: Sequence[str] | None = None,
    last_move: int | tuple[int, int] | None = None,
) -> str:
    """The board and the state of ``game`` now, as one self-contained SVG document.

    Parameters
    ----------
    game : LandlordsGame
        The game to draw, at any point (the deal, a turn, the end), with the
        monopolist rules or under the single tax. A game of the later rules
        (the Monopoly rule sets) is drawn by
        :func:`landlord.widgets.board_estates.estate_board_svg`, which marks
        more on the same elements.
    size : int, default 760
        The width and height in pixels. The drawing is 760 x 760 units
        (its ``viewBox``), so at the default size the smallest text is 11
        pixels; the picture scales to any size without redrawing.
    names : sequence of str, optional
        The players' display names, in turn order; by default the game's.
    last_move : int or (int, int), optional
        The space a token has just landed on (a track space, or a side space
        numbered on from the track as the game numbers it), lit up; or
        ``(player, space)``, which also rings that player's token.

    Returns
    -------
    str
        An ``<svg>`` element (well-formed XML, no external resources).
        Elements a test or a stylesheet can pick out:

        * ``<g class="space" data-space="I" data-kind="K" data-holder="P"
          data-houses="N">`` for each track space (``data-holder`` is -1
          when nobody holds the card); a side space has class
          ``"space side-space"``. Optional flags: ``data-public="1"`` (a
          franchise or railroad the Treasury bought, marked FREE),
          ``data-college="1"``, ``data-site="1"`` (a lot open to build on,
          under the single tax), ``data-last="1"`` (``last_move``).
        * ``<g class="token" data-player="P" data-space="I" data-where="W">``
          for each player, where ``W`` is ``track``, ``jail``, ``poor_house``
          or ``opportunity``.
        * ``<g class="centre" data-round=... data-turn=... data-treasury=...
          data-miscellaneous=... data-wages=... data-single-tax=...>``, and in
          it ``<g class="player" data-player="P" data-cash=...
          data-net-worth=...>`` for each player.

    Raises
    ------
    ValueError
        If ``names`` does not give one name per player, or ``size`` is not
        positive.

    Examples
    --------
    >>> import xml.etree.ElementTree as ET
    >>> from landlord.engine import LandlordsGame
    >>> from landlord.rules import load_rules
    >>> game = LandlordsGame(load_rules("landlords_game"), ["Ann", "Bob"])
    >>> root = ET.fromstring(board_svg(game, size=380))
    >>> root.get("viewBox"), root.get("width")
    ('0 0 760 760', '380')
    >>> groups = root.iter("{http://www.w3.org/2000/svg}g")
    >>> spaces = [g for g in groups if "space" in g.get("class", "").split()]
    >>> len(spaces), spaces[0].get("data-space"), spaces[0].get("data-holder")
    (44, '0', '-1')
    """
    if getattr(game, "family", "") == "monopoly":
        from landlord.widgets.board_estates import estate_board_svg

        return estate_board_svg(game, size=size, names=names, last_move=last_move)
    seats = Seats.of(game, names, size)
    n = game.n_players
    names = seats.names
    tables = game.tables
    layout = _layout(game.rules.board, tables.jail, tables.poor_house)
    track = layout.size
    shown, tags = seats.shown, seats.tags
    hot_player, hot_space = hot_move(last_move)

    owner = game.owner
    houses = game.houses
    public = game.public
    colleges = game.colleges
    sites = {claim.space for claim in game.site_claims}
    position = game.position
    single_tax = game.single_tax
    here: dict[int, list[int]] = {}
    for player, where in enumerate(position):
        here.setdefault(where, []).append(player)

    out = svg_start(game, layout, size)
    tax = game.necessity_tax()
    spaces = game.rules.board.spaces
    for cell in layout.cells:
        i = cell.position
        side = i >= track
        holder = -1 if side else owner[i]
        built = 0 if side else houses[i]
        flags = []
        notes = []
        if not side:
            if public[i]:
                flags.append(' data-public="1"')
                notes.append("bought by the Public Treasury: free to use")
            if i in colleges:
                flags.append(' data-college="1"')
                notes.append("a Free College stands here")
            if i in sites:
                flags.append(' data-site="1"')
                notes.append("an open site: anyone may build here")
        if holder >= 0:
            notes.insert(0, f"held by {shown[holder]} (player {holder + 1})")
        if built:
            notes.append(f"{built} house{'s' if built != 1 else ''}")
        if cell.kind in CARD_SPACES and not side and (holder >= 0 or single_tax):
            cost = sum(bill[1] for bill in game.rent_due(i))
            notes.append(f"a stop costs ${cost} now")
        visitors = here.get(i)
        if visitors:
            notes.append("here: " + ", ".join(shown[p] for p in visitors))
        out.append(space_start(cell, holder, built, flags, notes, i == hot_space, side))
        # The figures line: fixed, or read from the game where it changes.
        kind = cell.kind
        if kind in ("necessity", "shelter_jail"):
            out.append(_figure_lines(cell.price_at, [f"tax ${tax}" if tax else "no tax"]))
        elif kind == "mother_earth":
            out.append(_figure_lines(cell.price_at, [f"wages ${game.wages}"]))
        elif kind == "lot" and not side and game.land_rent(i) != cell.printed_rent:
            rent = game.land_rent(i)  # the advanced rules' doubling by section
            out.append(_figure_lines(cell.price_at, _figures(spaces[i], rent)))
        else:
            out.append(cell.price)
        sx, sy, sw, _ = cell.status
        x = sx
        if holder >= 0:
            x = seats.holder_mark(out, cell, holder)
        if built:
            room = int((sx + sw - x) // 9)
            if built <= room:
                for k in range(built):
                    out.append(_rect(x + 9 * k, sy + 3, 7, 7, f'fill="{INK}"'))
            else:
                out.append(_rect(x, sy + 3, 7, 7, f'fill="{INK}"'))
                room = max(8.0, sx + sw - x - 9)
                out.append(_text(x + 9, sy + 10.5, f"\u00d7{built}", bold=True, fit=room))
        if not side:
            mark = ""
            if public[i]:
                mark = "FREE"
            elif i in colleges:
                mark = "COLLEGE"
            if mark:
                out.append(mark_box(cell, x, mark))
            elif i in sites and holder < 0:
                out.append(
                    _text(
                        sx + sw / 2, sy + 10.5, "open site", italic=True, anchor="middle", fit=sw
                    )
                )
        if i == hot_space:
            out.append(lit_frame(cell))
        out.append("</g>")

    # The tokens, on top of everything on the board.
    jailed = game.jailed
    poor = game.in_poor_house
    out.append('<g class="tokens">')
    cells = layout.cells
    for player in range(n):
        where = position[player]
        if not 0 <= where < len(cells):
            continue
        cell = cells[where]
        if where >= track:
            place = "opportunity"
        elif jailed[player]:
            place = "jail"
        elif poor[player]:
            place = "poor_house"
        else:
            place = "track"
        locked = place in ("jail", "poor_house") and cell.lock is not None
        slot = layout.slots(cell, n, locked)[player]
        status = {"jail": "in Jail", "poor_house": "in the Poor House"}.get(place, "")
        about = (
            f"{shown[player]} (player {player + 1}, {tags[player]}): {_money(game.cash(player))}"
        )
        about += f"; {status}" if status else ""
        about += f"; on {_esc(tables.track.name(where))}"
        out.append(seats.token(player, where, place, slot, about, player == hot_player))
    out.append("</g>")
    out.append(_centre(game, seats))
    out.append(layout.legend)
    out.append("</svg>")
    return "".join(out)


def _treasury_account(game: LandlordsGame) -> int:
    """The Public Treasury's account number, or -1 if the rule set has none."""
    pile = game.rules.params.get("treasury_spending", {}).get("pile", "public_treasury")
    return game.pile_account.get(pile, -1)


def _centre(game: LandlordsGame, seats: Seats) -> str:
    """The middle of the board: round, turn, money, wages, the single tax, public works."""
    n = game.n_players
    names = seats.names
    balances = game.ledger.balances
    treasury = _treasury_account(game)
    worths = game.net_worths()
    mid = VIEW / 2
    top = MARGIN + CORNER + GAP
    single = game.single_tax
    attrs = (
        f'data-round="{game.round}" data-turn="{game.turn_player}" data-actor="{game.actor}" '
        f'data-treasury="{balances[treasury] if treasury >= 0 else ""}" '
        f'data-miscellaneous="{balances[game.bank]}" data-wages="{game.wages}" '
        f'data-single-tax="{int(single)}" data-single-tax-since="{game.single_tax_since}" '
        f'data-over="{int(game.is_over)}"'
    )
    out = [f'<g class="centre" {attrs}>']
    width = VIEW - 2 * (top + SIDE_BOX + GAP)
    out.append(centre_head(game, names, width, top, "The deal"))
    if single:
        since = game.single_tax_since
        words = "from the start" if since <= 0 else f"since round {since}"
        out.append(
            _text(
                mid, top + 37, f"SINGLE TAX in force {words}", size=13, bold=True, anchor="middle"
            )
        )
    elif game.land_value_tax:
        share = f"{game.land_value_tax:.0%}"
        out.append(
            _text(mid, top + 37, f"Land value tax: {share} of land rent", size=13, anchor="middle")
        )
    else:
        out.append(
            _text(mid, top + 37, "Landlord's rules: no single tax", size=13, anchor="middle")
        )
    out.append(
        _text(mid, top + 56, f"Wages {_money(game.wages)}", size=13, bold=True, anchor="middle")
    )
    out.append(centre_note(game, names, width, top + 74))

    # The players: their colour and label, as on the tokens, with cash and net worth.
    left = MARGIN + CORNER + GAP + 8
    right = VIEW - MARGIN - CORNER - GAP - 8
    y = top + SIDE_BOX + GAP + 14
    out.append(seats.table_head(left, y))
    size = game.tables.size
    for player in range(n):
        y += 20
        where = game.position[player]
        states = []
        if game.jailed[player]:
            states.append("in Jail")
        if game.in_poor_house[player]:
            states.append("Poor House")
        if where >= size:
            states.append(f"at {game.tables.track.name(where)}")
        if game.miss_turn[player]:
            states.append("misses a turn")
        owed = game.owed_by(player)
        if owed:
            states.append(f"owes {_money(owed)}")
        out.append(
            seats.player_row(player, left, right, y, balances[player], worths[player], states)
        )

    # The piles of money, the Treasury first.
    y += 26
    titles = game.ledger.names
    piles = [treasury] if treasury >= 0 else []
    piles += [account for account in range(n, len(balances)) if account != treasury]
    x = left
    for account in piles:
        words = f"{titles[account]} {_money(balances[account])}"
        out.append(
            f'<g class="pile" data-account="{account}" data-balance="{balances[account]}">'
            + _text(x, y, words, size=13, bold=account == treasury)
            + "</g>"
        )
        x += text_width(words, 13, account == treasury) + 18

    # The last public works.
    works = game.public_works[-3:]
    y += 22
    out.append(_text(left, y, "Public works" if works else "Public works: none yet", bold=True))
    for round_, what in works:
        y += 15
        out.append(_text(left + 8, y, _clip(f"round {round_}: {what}", right - left - 8)))
    out.append("</g>")
    return "".join(out)


def _clip(text: str, width: float, size: float = FONT, bold: bool = False) -> str:
    """``text`` cut with an ellipsis to fit ``width`` units."""
    if text_width(text, size, bold) <= width:
        return text
    while text and text_width(text + "\u2026", size, bold) > width:
        text = text[:-1]
    return text.rstrip() + "\u2026"
