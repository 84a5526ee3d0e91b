"""What a player sees of a game of Quikopoly: the tiles face up, not the face-down ones.

The property tiles lie face down until bought: nobody sees which tile lies
where (the player who lands on one looks at it, and his ``buy`` decision
names it). Everything else is in view: who holds which face-up tile, the
hotels, the pawns, who is in Prison, every coin and the bank's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from landlord.engine.view import View as BaseView
from landlord.rules.sections import required

if TYPE_CHECKING:  # pragma: no cover - for the annotations only
    from collections.abc import Sequence

    from landlord.families.quikopoly.game import Quikopoly

__all__ = ["View"]


class View(BaseView["Quikopoly"]):
    """A player's view of a game of Quikopoly (see :class:`landlord.engine.view.View`).

    Attributes
    ----------
    owner, hotels : sequence of int
        Who holds each position's tile (-1: nobody) and the hotels on it.
    in_prison, bankrupt : sequence of bool
    currency : str
    hotel_cost, prison_fine : int
        What a hotel costs, and the fine that frees a player from Prison.
    """

    # What shared() sets besides the base view's, declared for the type checker; its
    # read-only questions are the game's own methods (declared below as they are).
    owner: Sequence[int]
    hotels: Sequence[int]
    in_prison: Sequence[bool]
    bankrupt: Sequence[bool]
    currency: str
    hotel_cost: int
    prison_fine: int

    if TYPE_CHECKING:  # pragma: no cover - set by shared(), for the type checker

        def rent(self, position: int) -> int: ...
        def complete_sets(self, player: int) -> list[int]: ...
        def hotels_held(self, player: int) -> int: ...
        def active_players(self) -> list[int]: ...

    SHOWN = (
        *BaseView.SHOWN,
        "owner",
        "hotels",
        "in_prison",
        "bankrupt",
        "bank_coins",
        "face_up_sets",
    )

    @classmethod
    def shared(cls, game: Quikopoly) -> dict[str, object]:
        shown = super().shared(game)
        tiles = game.tiles
        shown.update(
            owner=tiles.owner,
            hotels=tiles.hotels,
            in_prison=game.in_prison,
            bankrupt=game.bankrupt,
            currency=game.currency,
            hotel_cost=tiles.hotel_cost,
            prison_fine=required(game.rules.jail).fine,
            rent=tiles.rent,
            complete_sets=tiles.complete_sets,
            hotels_held=tiles.hotels_held,
            active_players=game.active_players,
        )
        return shown

    @property
    def bank_coins(self) -> int:
        """The coins in the bank."""
        return self._game.bank_coins

    @property
    def face_up_sets(self) -> list[int]:
        """Each position's set as the table shows it: 0 for a corner or a face-down tile."""
        tiles = self._game.tiles
        return [s if tiles.owner[p] >= 0 else 0 for p, s in enumerate(tiles.set_of)]

    def offered_partner_owner(self) -> int:
        """On a ``buy`` decision: who holds the other tile of the offered tile's set
        (-1: nobody; the tile is looked at by the player who landed on it)."""
        where = cast("int | None", self.decision_about)
        if self.decision_kind != "buy" or where is None:
            return -1
        tiles = self._game.tiles
        return tiles.owner[tiles.partner(where)]
