"""The Toll Road's board now, as SVG, drawn with the kit's public helpers.

The ring of twelve spaces is laid out by :class:`landlord.views.track.TrackLayout`
(the start in the bottom-right corner, the gates and the inn at the other
corners) and the state is drawn on it by a
:class:`landlord.views.picture.BoardPicture`: a lot's band is green and a
gate's red, each prints its price and its rent or toll, a holder's frame and
tag are in his colour, and the centre lists the players' money. The SVG marks
its elements as :func:`landlord.views.board.board_svg` says (``g.space``,
``g.token``, ``g.centre`` with a ``g.player`` each), with ``data-toll`` on a
gate.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from landlord.money import money
from landlord.views.picture import (
    BoardPicture,
    Seats,
    centre_head,
    centre_note,
    lit_frame,
    space_start,
)
from landlord.views.svg import clip, text
from landlord.views.track import (
    CORNER,
    GAP,
    MARGIN,
    PAPER,
    VIEW,
    Cell,
    TrackLayout,
    layout_of,
)

__all__ = ["board_svg"]

#: The band on a space's inner edge, by kind (the words on the space say the same).
_BANDS = {"lot": "#5E9E4A", "franchise": "#B03A2E"}
_KINDS = {
    "go": "the start: wages to whoever passes or stops",
    "lot": "a lot: land rent to its holder",
    "franchise": "a toll gate: a toll to its holder from whoever passes or stops",
    "blank": "nothing happens here",
}


class TollLayout(TrackLayout):
    """The Toll Road's fixed picture: bands by kind, prices, rents, tolls, wages."""

    band = 12.0

    def __init__(self, board: Any, jail: int, poor_house: int, currency: str, wages: int):
        self.currency = currency
        self.wages = wages
        super().__init__(board, jail, poor_house)

    def band_colour(self, space: Any) -> str:
        return _BANDS.get(space.kind, PAPER)

    def figures(self, space: Any) -> list[str]:
        cash = self._money
        if space.kind == "lot":
            return [cash(space.price or 0), f"rent {cash(space.land_rent or 0)}"]
        if space.kind == "franchise":
            return [cash(space.price or 0), f"toll {cash(space.fee or 0)}"]
        if space.kind == "go":
            return [f"wages {cash(self.wages)}"]
        return []

    def kind_words(self, kind: str) -> str:
        return _KINDS.get(kind, kind.replace("_", " "))

    def _money(self, amount: int) -> str:
        return money(amount, self.currency)


def board_svg(
    game: Any,
    *,
    size: int = 760,
    names: Sequence[str] | None = None,
    last_move: int | tuple[int, int] | None = None,
) -> str:
    """The Toll Road's board and the state of ``game`` as one SVG document.

    Examples
    --------
    >>> import xml.etree.ElementTree as ET
    >>> from landlord.session import Session
    >>> from toll_road import RULES
    >>> game = Session(RULES, ["eager_landlord"] * 3, seed=2).run()
    >>> root = ET.fromstring(board_svg(game, size=380))
    >>> groups = list(root.iter("{http://www.w3.org/2000/svg}g"))
    >>> len([g for g in groups if g.get("class") == "space"]), root.get("width")
    (12, '380')
    """
    seats = Seats.of(game, names, size)
    rules = game.rules
    layout = layout_of(rules.board, -1, -1, TollLayout, seats.currency, rules.wages.amount)
    return TollPicture(game, layout, seats, last_move).svg(size)


class TollPicture(BoardPicture):
    """The Toll Road now: who holds each lot and gate, the tokens, the players' money."""

    def on_board(self, player: int) -> bool:
        return not self.game.out[player]

    def space(self, cell: Cell) -> str:
        game, seats = self.game, self.seats
        i = cell.position
        holder = game.owner[i]
        flags: list[str] = []
        notes: list[str] = []
        if game.toll[i]:
            flags.append(f' data-toll="{game.toll[i]}"')
        if holder >= 0:
            notes.append(f"held by {seats.shown[holder]} (player {holder + 1})")
        notes += self.visitors(i)
        hot = i == self.hot_space
        out = [space_start(cell, holder, 0, flags, notes, hot), cell.price]
        if holder >= 0:
            seats.holder_mark(out, cell, holder)
        if hot:
            out.append(lit_frame(cell))
        out.append("</g>")
        return "".join(out)

    def place(self, player: int, where: int) -> tuple[str, str, str]:
        return "track", "", self.game.space_name(where)

    def centre(self) -> str:
        game, seats = self.game, self.seats
        names = seats.names
        top = MARGIN + CORNER + GAP
        width = VIEW - 2 * (top + GAP)
        left, right = top + 8, VIEW - top - 8
        title = clip(game.rules.info.title, width, 13)
        out = [
            f'<g class="centre" data-round="{game.round}" data-turn="{game.turn_player}" '
            f'data-actor="{game.actor}" data-over="{int(game.is_over)}" '
            f'data-tolls="{game.tolls_paid()}">',
            centre_head(game, names, width, top, "On the start"),
            text(VIEW / 2, top + 37, title, size=13, anchor="middle"),
            centre_note(game, names, width, top + 56, "buying a lot or a gate"),
            Seats.table_head(left, top + 86),
        ]
        worths = game.net_worths()
        y = top + 86
        for player in range(game.n_players):
            y += 20
            states = ["out of the game"] if game.out[player] else []
            out.append(
                seats.player_row(player, left, right, y, game.cash(player), worths[player], states)
            )
        tolls = f"Tolls paid so far: {seats.money(game.tolls_paid())}"
        out.append(text(left, y + 28, tolls, size=13, bold=True))
        out.append("</g>")
        return "".join(out)
