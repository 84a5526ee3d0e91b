"""The fixed layout of a track board: the squares round the edge, the inner corners, the centre.

Every board drawn on a track (each family's board module: Magie's in
:mod:`landlord.families.magie.board`, the later game's in
:mod:`landlord.families.monopoly.board`) is laid out here, once per board
(:class:`TrackLayout`: where each square, its name, band, printed figures,
token tray and status row go); the state of a game is drawn on it by
:mod:`landlord.views.picture`. A family's layout subclasses
:class:`TrackLayout` to say what its spaces print (the band's colour, the
figures, the tooltip, the legend).

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
from landlord.views.svg import (
    FONT,
    INK,
    esc,
    num,
    rect,
    text,
    wrap,
)

if TYPE_CHECKING:  # pragma: no cover - for the annotations only
    from landlord.rules.model import Board

__all__ = ["Cell", "TrackLayout", "figure_lines", "layout_of", "track_rects"]

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
