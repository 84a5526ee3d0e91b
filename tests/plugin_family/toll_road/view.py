"""What a player sees of a game of the Toll Road: everything (nothing is hidden).

Who holds each lot and gate, who is out, the wages each has drawn, and the
read-only questions the bots ask (:meth:`View.gate`, :meth:`View.due`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from landlord.engine.view import View as BaseView

if TYPE_CHECKING:  # pragma: no cover - for the annotations only
    from toll_road.game import TollRoad

__all__ = ["View"]


class View(BaseView["TollRoad"]):
    """A player's view of a game of the Toll Road (see :class:`landlord.engine.view.View`).

    Attributes
    ----------
    owner : sequence of int
        Who holds each space (-1: nobody).
    out : sequence of bool
        Who has left the game.
    wages_drawn : sequence of int
    price, land_rent, toll : sequence of int
        Each space's printed price, land rent and toll (0 where it has none).
    currency : str
    """

    SHOWN = (*BaseView.SHOWN, "owner", "out", "wages_drawn")

    @classmethod
    def shared(cls, game: TollRoad) -> dict[str, object]:
        shown = super().shared(game)
        shown.update(
            owner=game.owner,
            out=game.out,
            wages_drawn=game.wages_drawn,
            price=game.price,
            land_rent=game.land_rent,
            toll=game.toll,
            currency=game.currency,
            active_players=game.active_players,
        )
        return shown

    def gate(self, space: int) -> bool:
        """Whether ``space`` is a toll gate."""
        return self.toll[space] > 0

    def due(self, space: int, player: int) -> int:
        """What ``player`` pays on stopping at ``space`` now (0 on his own or an unheld one).

        Examples
        --------
        >>> from landlord.session import Session
        >>> from toll_road import RULES
        >>> game = Session(RULES, ["eager_landlord"] * 2, seed=1).run(max_steps=30)
        >>> view = game.observe(0)
        >>> all(view.due(space, 0) == 0 for space in range(12) if view.owner[space] in (-1, 0))
        True
        """
        holder = self.owner[space]
        if holder < 0 or holder == player:
            return 0
        return self.toll[space] or self.land_rent[space]
