"""A game's board drawn now: the holders, the buildings, the tokens, the centre.

A family draws its board by subclassing :class:`BoardPicture`, on the fixed
layout of its track (:mod:`landlord.views.track`): the picture opens the
SVG, draws every space, then the tokens on top, then the centre and the
legend; the family writes what each space shows (:meth:`BoardPicture.space`),
where a token stands and what its tooltip says (:meth:`BoardPicture.place`)
and the centre (:meth:`BoardPicture.centre`). The parts every board shares
are here too: :class:`Seats` (how each player is shown: the holder's frame
and tag on a space, the token, the row in the centre), each space's group,
the dashed frame of the last move, and the centre's head and note.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from landlord.money import money
from landlord.palette import player_colour
from landlord.views.svg import (
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
)
from landlord.views.track import VIEW, Cell, TrackLayout

__all__ = [
    "BoardPicture",
    "Seats",
    "centre_head",
    "centre_note",
    "hot_move",
    "houses_words",
    "lit_frame",
    "mark_box",
    "space_start",
    "svg_start",
]


class BoardPicture:
    """One picture of a game as it stands, on its family's layout.

    Parameters
    ----------
    game : GameState
        The game, at any point.
    layout : TrackLayout
        Its board's fixed picture (:func:`landlord.views.track.layout_of`).
    seats : Seats
        How each player is shown.
    last_move : int or (int, int), optional
        The space to light up, or ``(player, space)`` (see
        :func:`landlord.views.board.board_svg`).

    A family's subclass writes :meth:`space`, :meth:`place` and
    :meth:`centre`, and :meth:`on_board` if a player can leave the board.
    """

    #: Where a token waits in its space's locked box (Jail), not on the track.
    LOCKED = ("jail", "poor_house")

    def __init__(
        self,
        game: Any,
        layout: TrackLayout,
        seats: Seats,
        last_move: int | tuple[int, int] | None = None,
    ) -> None:
        self.game = game
        self.layout = layout
        self.seats = seats
        self.hot_player, self.hot_space = hot_move(last_move)
        #: The players standing on each space.
        self.here: dict[int, list[int]] = {}
        for player, where in enumerate(game.position):
            if self.on_board(player):
                self.here.setdefault(where, []).append(player)

    def svg(self, size: float) -> str:
        """The whole picture, as one SVG document ``size`` pixels wide."""
        out = svg_start(self.game, self.layout, size)
        out.extend([self.space(cell) for cell in self.layout.cells])
        out.append('<g class="tokens">')  # on top of everything on the board
        for player in range(self.game.n_players):
            if self.on_board(player):
                out.append(self.token(player))
        out.append("</g>")
        out.append(self.centre())
        out.append(self.layout.legend)
        out.append("</svg>")
        return "".join(out)

    def on_board(self, player: int) -> bool:
        """Whether ``player``'s token is on the board."""
        return 0 <= self.game.position[player] < len(self.layout.cells)

    def space(self, cell: Cell) -> str:
        """The group of one space: its data, tooltip, figures and marks."""
        raise NotImplementedError  # pragma: no cover - every family draws its own

    def place(self, player: int, where: int) -> tuple[str, str, str]:
        """Where ``player``'s token stands on space ``where``: (``data-where``, his state
        in words or "", the space's name)."""
        raise NotImplementedError  # pragma: no cover - every family draws its own

    def centre(self) -> str:
        """The middle of the board."""
        raise NotImplementedError  # pragma: no cover - every family draws its own

    def token(self, player: int) -> str:
        """A player's token, in its space's tray (or locked box), with its tooltip."""
        game, seats, layout = self.game, self.seats, self.layout
        where = game.position[player]
        cell = layout.cells[where]
        place, state, name = self.place(player, where)
        locked = place in self.LOCKED and cell.lock is not None
        slot = layout.slots(cell, game.n_players, locked)[player]
        about = (
            f"{seats.shown[player]} (player {player + 1}, {seats.tags[player]}): "
            f"{seats.money(game.cash(player))}"
        )
        if state:
            about += f"; {state}"
        about += f"; on {esc(name)}"
        return seats.token(player, where, place, slot, about, player == self.hot_player)

    def visitors(self, space: int) -> list[str]:
        """The tooltip's note of who stands on ``space`` (none if nobody)."""
        visitors = self.here.get(space)
        if not visitors:
            return []
        return ["here: " + ", ".join(self.seats.shown[p] for p in visitors)]


def houses_words(built: int) -> str:
    """'1 house', '3 houses'."""
    return f"{built} house{'s' if built != 1 else ''}"


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
