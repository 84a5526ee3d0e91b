"""A track board as one SVG picture: the squares round the edge, holders, tokens, the centre.

Every board drawn on a track (each family's board module: Magie's in
:mod:`landlord.families.magie.board`, the later game's in
:mod:`landlord.families.monopoly.board`) is built from what is here: the
fixed layout of a board (:class:`TrackLayout`, made once per board and kept),
and the parts of a picture every board shares (:class:`Seats`: the holders'
frames, the tokens and the players' rows in the centre; the opening of the
picture, each space's group, the dashed frame of the last move, the centre's
head and note). A family's layout subclasses :class:`TrackLayout` to say what
its spaces print (the band's colour, the figures, the tooltip, the legend).

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

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from landlord.money import money
from landlord.palette import player_colour
from landlord.widgets.svg import (
    FONT,
    FONTS,
    INK,
    clip,
    esc,
    num,
    rect,
    text,
    text_colour,
    text_width,
    token_labels,
    wrap,
)

if TYPE_CHECKING:  # pragma: no cover - for the annotations only
    from landlord.rules.model import Board

__all__ = [
    "Cell",
    "Seats",
    "TrackLayout",
    "centre_head",
    "centre_note",
    "figure_lines",
    "hot_move",
    "layout_of",
    "lit_frame",
    "mark_box",
    "space_start",
    "svg_start",
    "track_rects",
]

# --- geometry (in the drawing's own units) ----------------------------------------

VIEW = 760
MARGIN = 4.0
CORNER = 120.0  # a corner square's side, and the depth of the track
BAND = 8.0  # the kind band on a space's inner edge
PAD = 3.0
LINE = 12.0  # the line height of 11-unit text
TRAY_WIDE = 46.0  # the token tray on the outer part of a left or right space
SIDE_BOX = 92.0  # an inner corner's square
GAP = 6.0
TOKEN_R = 9.0  # a token's largest radius
PAPER = "#FFFDF6"
CORNER_FILL = "#F3EEDD"
CENTRE_FILL = "#F6F4EA"
HIGHLIGHT_FILL = "#FFF3A6"
OPPORTUNITY_FILL = "#EEE2C6"


# --- the static layout of a board ---------------------------------------------------------


@dataclass
class Cell:
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


def fit_slots(
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
        slots.append((num(cx), num(cy), num(cy + 0.36 * min(FONT, 2 * r)), num(r), r))
    return slots


def figure_lines(
    slots: tuple[tuple[float, float, float], ...], parts: list[str], bold_last: bool = False
) -> str:
    """The figures on the last lines of a space's text: a part a line if there is room."""
    if not parts or not slots:
        return ""
    if len(parts) > len(slots):
        parts = [" ".join(parts)]
    last = len(parts) - 1
    return "".join(
        text(x, y, part, anchor="middle", fit=width, bold=bold_last and k == last)
        for k, ((x, y, width), part) in enumerate(
            zip(slots[len(slots) - len(parts) :], parts, strict=True)
        )
    )


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


class TrackLayout:
    """Everything about a board's picture that the state does not change.

    Each family's board is a subclass (``MagieLayout`` in
    :mod:`landlord.families.magie.board`, ``EstateLayout`` in
    :mod:`landlord.families.monopoly.board`): it changes the band's width and
    colour, the figures, the tooltips and the legend (the methods below the
    cells).
    """

    #: The width of the band on a space's inner edge.
    band = BAND

    def __init__(self, board: Board, jail: int, poor_house: int) -> None:
        spaces = board.spaces
        n = len(spaces)
        self.size = n
        self.cells: list[Cell] = []
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
                rect(0, 0, VIEW, VIEW, f'fill="{CENTRE_FILL}"'),
                rect(lo, lo, length, length, f'fill="none" stroke="{INK}" stroke-width="2"'),
            ]
        )
        self.legend = self.legend_svg({space.kind for space in spaces})

    # --- what a kind of board changes -------------------------------------------------

    def band_colour(self, space: Any) -> str:
        """The colour of the band on ``space``'s inner edge (a family's layout says)."""
        return PAPER

    def figures(self, space: Any) -> list[str]:
        """The figures printed under the name of ``space`` (a family's layout says)."""
        return []

    def kind_words(self, kind: str) -> str:
        """What a kind of space is, in a tooltip."""
        return kind.replace("_", " ")

    def tooltip(self, space: Any) -> str:
        """The fixed part of the tooltip of ``space``, escaped."""
        return esc(f"{space.index}. {space.name} \u2014 {self.kind_words(space.kind)}")

    # --- the cells ---------------------------------------------------------------------

    @staticmethod
    def _background(x: float, y: float, w: float, h: float, fill: str) -> tuple[str, str]:
        extra = f'stroke="{INK}" stroke-width="1"'
        return rect(x, y, w, h, f'fill="{fill}" {extra}'), rect(
            x, y, w, h, f'fill="{HIGHLIGHT_FILL}" {extra}'
        )

    def _edge_cell(self, space: Any, x: float, y: float, w: float, h: float, inner: str) -> Cell:
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
        body = [rect(*band, f'fill="{colour}"')]
        for k, line in enumerate(lines):
            body.append(text(text_x, cy + PAD + 10 + k * LINE, line, anchor="middle", fit=tw))
        # The figures under the name: on the last two lines if the name leaves them free.
        free = range(max(len(lines), rows - 2), rows)
        price_at = tuple((text_x, cy + PAD + 10 + k * LINE, tw) for k in free)
        cell = self._cell(space, (x, y, w, h), PAPER, body, price_at, status, tray)
        cell.band = band
        return cell

    def _corner_cell(self, space: Any, x: float, y: float, w: float, h: float) -> Cell:
        tw = w - 2 * PAD
        body = []
        colour = self.band_colour(space)
        body.append(rect(x + PAD, y + PAD, tw, 4, f'fill="{colour}"'))
        for k, line in enumerate(wrap(space.name, tw, 2, size=13, bold=True)):
            body.append(
                text(
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
    ) -> Cell:
        """A cell from its drawn parts: background, name lines, figures, status row, tray."""
        bg, bg_hot = self._background(*box, fill)
        return Cell(
            position=space.index,
            kind=esc(space.kind),
            title=self.tooltip(space),
            bg=bg,
            bg_hot=bg_hot,
            body="".join(body),
            price=figure_lines(price_at, self.figures(space)),
            price_at=price_at,
            status=status,
            tray=tray,
            outline=outline(*box),
            printed_rent=space.land_rent or 0,
        )

    @staticmethod
    def _add_lock(cell: Cell, label: str, edge: bool) -> None:
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
        parts = [rect(bx, by, bw, bh, f'fill="#E4E4E4" stroke="{INK}" stroke-width="1.5"')]
        for k, line in enumerate(lines):
            parts.append(
                text(bx + bw / 2, by + 11 + k * LINE, line, bold=True, anchor="middle", fit=bw - 4)
            )
        head = 2 + LINE * len(lines)
        cell.body += "".join(parts)
        cell.lock = (bx + 1, by + head, bw - 2, bh - head - 1)
        cell.title += esc(f"; the box marked {label} holds the players in it")

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
                    text(
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
                text(bx + d / 2, by + 43, f"wages {money(side.wages)}", anchor="middle", fit=tw)
            )
            body.append(
                text(bx + d / 2, by + 55, f"rent {money(side.rent)}", anchor="middle", fit=tw)
            )
            extra = 'stroke="#8B6D3A" stroke-width="1.5"'
            position = self.size + number
            title = f"{position}. {side.name} \u2014 {self.kind_words(side.kind)}"
            title += f" (inner corner): wages {money(side.wages)}, rent {money(side.rent)}; "
            title += f"leads back onto space {side.reenter_at}"
            self.cells.append(
                Cell(
                    position=position,
                    kind=esc(side.kind),
                    title=esc(title),
                    bg=rect(bx, by, d, d, f'fill="{OPPORTUNITY_FILL}" {extra} rx="6"'),
                    bg_hot=rect(bx, by, d, d, f'fill="{HIGHLIGHT_FILL}" {extra} rx="6"'),
                    body="".join(body),
                    price="",
                    price_at=(),
                    status=(bx + PAD, by + 58, tw, 0.0),
                    tray=(bx + PAD, by + 59, tw, d - 59 - PAD),
                    outline=outline(bx, by, d, d),
                )
            )

    def legend_svg(self, kinds: set[str]) -> str:
        """What the kinds of space and the marks mean, in the centre (a family's layout says)."""
        return ""

    def slots(
        self, cell: Cell, count: int, locked: bool
    ) -> list[tuple[str, str, str, str, float]]:
        key = (count, locked)
        found = cell.slots.get(key)
        if found is None:
            tray = cell.lock if locked and cell.lock is not None else cell.tray
            found = cell.slots[key] = fit_slots(tray, count)
        return found


def outline(x: float, y: float, w: float, h: float) -> str:
    return f'x="{num(x + 2)}" y="{num(y + 2)}" width="{num(w - 4)}" height="{num(h - 4)}"'


#: Layouts by board: (kind of layout, board, jail, poor house, ...) -> layout; the
#: board is kept so that its id stays its own while it is cached.
_LAYOUTS: dict[tuple, tuple[Any, TrackLayout]] = {}


_LAYOUTS_KEPT = 32


def layout_of(
    board: Board, jail: int, poor_house: int, kind: type = TrackLayout, *extra: Any
) -> TrackLayout:
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
            shown=[esc(name) for name in names],
            labels=labels,
            tags=[esc(label) for label in labels],
            colours=colours,
            inks=[text_colour(c) for c in colours],
            tag_widths=[max(16.0, text_width(label, bold=True) + 6) for label in labels],
            currency=getattr(game.rules.info, "currency", "") or "$",
        )

    def money(self, amount: int) -> str:
        return money(amount, self.currency)

    def holder_mark(self, out: list[str], cell: Cell, holder: int) -> float:
        """Frame ``cell`` and put the holder's tag in its status row; return the x after it."""
        colour = self.colours[holder]
        x, y, _, height = cell.status
        width = self.tag_widths[holder]
        out.append(f'<rect {cell.outline} fill="none" stroke="{colour}" stroke-width="3.5"/>')
        out.append(rect(x, y, width, height, f'rx="3" fill="{colour}" stroke="{INK}"'))
        out.append(
            f'<text x="{num(x + width / 2)}" y="{num(y + 10.5)}" text-anchor="middle" '
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
                f'<circle cx="{cx}" cy="{cy}" r="{num(radius + 3)}" fill="none" '
                f'stroke="{INK}" stroke-width="2"/>'
            )
        out.append(
            f'<circle cx="{cx}" cy="{cy}" r="{r}" fill="{self.colours[player]}" '
            f'stroke="{INK}" stroke-width="1.2"/>'
        )
        fit = ""
        if text_width(self.labels[player], bold=True) > 2 * radius - 2:
            fit = f' textLength="{num(2 * radius - 2)}" lengthAdjust="spacingAndGlyphs"'
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
            text(left + 22, y, "player", bold=True, fill=grey)
            + text(left + 250, y, "cash", bold=True, anchor="end", fill=grey)
            + text(left + 330, y, "net worth", bold=True, anchor="end", fill=grey)
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
            f'<circle cx="{num(left + 8)}" cy="{num(y - 4)}" r="9" '
            f'fill="{self.colours[player]}" stroke="{INK}" stroke-width="1.2"/>'
            f'<text x="{num(left + 8)}" y="{num(y)}" text-anchor="middle" font-weight="bold" '
            f'fill="{self.inks[player]}">{self.tags[player]}</text>',
            text(left + 22, y, clip(self.names[player], cash_x - left - 72, 13), size=13),
            text(cash_x, y, self.money(cash), size=13, anchor="end"),
            text(worth_x, y, self.money(worth), size=13, bold=True, anchor="end"),
        ]
        if states:
            out.append(text(status_x, y, clip(", ".join(states), right - status_x)))
        out.append("</g>")
        return "".join(out)


def hot_move(last_move: int | tuple[int, int] | None) -> tuple[int, int]:
    """``board_svg``'s ``last_move`` as (player, space), -1 for what it does not say."""
    if isinstance(last_move, tuple):
        return last_move
    return -1, (-1 if last_move is None else last_move)


def svg_start(game: Any, layout: TrackLayout, size: float) -> list[str]:
    """The opening of the picture: the ``<svg>`` element, its title, the frame."""
    return [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {VIEW} {VIEW}" '
        f'width="{size}" height="{size}" font-family="{FONTS}" font-size="{FONT}" '
        f'fill="{INK}" class="landlord-board" role="img" data-spaces="{layout.size}" '
        f'data-players="{game.n_players}">',
        f"<title>{esc(game.rules.info.title)}: round {game.round}</title>",
        layout.frame,
    ]


def space_start(
    cell: Cell,
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


def mark_box(cell: Cell, x: float, mark: str) -> str:
    """A word in a white box on the status row of ``cell``, from ``x`` ("FREE", ...)."""
    sx, sy, sw, sh = cell.status
    width = min(sx + sw - x, text_width(mark, bold=True) + 8)
    return rect(x, sy, width, sh, f'rx="3" fill="#FFFFFF" stroke="{INK}"') + text(
        x + width / 2, sy + 10.5, mark, bold=True, anchor="middle", fit=width - 2
    )


def lit_frame(cell: Cell) -> str:
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
    head = clip(head, width, 17, True)
    return text(VIEW / 2, top + 18, head, size=17, bold=True, anchor="middle")


def centre_note(game: Any, names: Sequence[str], width: float, y: float, kind: str = "") -> str:
    """Why the game is over, or whom it waits for and why (``kind``: the decision in words)."""
    if game.is_over:
        note = game.end_reason
    elif 0 <= game.actor != game.turn_player:
        note = f"waiting for {names[game.actor]}: {kind or game.decision_kind.replace('_', ' ')}"
    else:
        return ""
    return (
        f"<g><title>{esc(note)}</title>"
        + text(VIEW / 2, y, clip(note, width), anchor="middle", italic=True)
        + "</g>"
    )
