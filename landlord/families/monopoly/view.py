"""What a player sees of a game of the later rules: the table, but not the packs' order.

The Chance and Community Chest packs are shuffled at the start and drawn from
the top: their order is hidden from the players, and a :class:`View` does not
show it (only how many cards each pack holds). Everything else is in view:
who holds which property, the buildings, the mortgages, the bank's stock,
the Get Out of Jail Free cards held, every coin. The view also answers the
read-only questions the named bots ask (the rent due on a property, the
groups a player holds whole, what a mortgage costs to lift, whether a trade
is legal).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from landlord.engine.view import View as BaseView
from landlord.rules.sections import required

if TYPE_CHECKING:  # pragma: no cover - for the annotations only
    from collections.abc import Sequence

    from landlord.engine.actions import Build, BuildHotel, Trade
    from landlord.families.monopoly.estates import EstateTables, Nearly
    from landlord.families.monopoly.game import Monopoly

__all__ = ["View"]

#: The read-only questions a view passes on, by the part that answers them.
_QUESTIONS = {
    "estates": (
        "rent",
        "complete_groups",
        "nearly_complete",
        "group_has_buildings",
        "lift_cost",
        "interest",
        "total_worth",
        "build_options",
    ),
    "trades": ("refused_lately",),
    "": ("active_players",),
}


class View(BaseView["Monopoly"]):
    """A player's view of a game of the later rules (see :class:`landlord.engine.view.View`).

    Attributes
    ----------
    tables : EstateTables
        The rule set's numbers by space (prices, rent ladders, groups, names).
    owner, houses : sequence of int
        Who holds each title (-1: the bank), and its buildings (5: a hotel).
    mortgaged, jailed, bankrupt : sequence of bool
    money_scale : int
        How the named bots scale their money figures (set for the 1906 game's $500).
    per_lot : int
        Houses a lot holds before a hotel.
    jail_fine : int
    currency : str
    """

    # What shared() sets besides the base view's, declared for the type checker; its
    # read-only questions are the estates', the trades' and the game's own methods.
    tables: EstateTables
    owner: Sequence[int]
    houses: Sequence[int]
    mortgaged: Sequence[bool]
    jailed: Sequence[bool]
    bankrupt: Sequence[bool]
    money_scale: int
    per_lot: int
    jail_fine: int
    wages: int
    currency: str

    if TYPE_CHECKING:  # pragma: no cover - set by shared(), for the type checker

        def rent(self, space: int, dice_total: int = 7, multiplier: int = 1) -> int: ...
        def complete_groups(self, player: int) -> list[int]: ...
        def nearly_complete(self, player: int) -> list[Nearly]: ...
        def group_has_buildings(self, space: int) -> bool: ...
        def lift_cost(self, space: int) -> int: ...
        def interest(self, value: int) -> int: ...
        def total_worth(self, player: int) -> int: ...
        def build_options(self, player: int) -> list[Build | BuildHotel]: ...
        def refused_lately(self, player: int, trade: Trade, rounds: int = 5) -> bool: ...
        def active_players(self) -> list[int]: ...
        def trade_problem(self, proposer: int, trade: Trade) -> str: ...

    SHOWN = (
        *BaseView.SHOWN,
        "owner",
        "houses",
        "mortgaged",
        "jailed",
        "bankrupt",
        "jail_cards",
        "bank_houses",
        "bank_hotels",
        "pack_sizes",
        "wages",
    )

    @classmethod
    def shared(cls, game: Monopoly) -> dict[str, object]:
        shown = super().shared(game)
        shown.update(
            tables=game.tables,
            owner=game.estates.owner,
            houses=game.estates.houses,
            mortgaged=game.estates.mortgaged,
            jailed=game.jailed,
            bankrupt=game.bankrupt,
            money_scale=game.money_scale,
            per_lot=required(game.rules.buildings).per_lot,
            jail_fine=game.jail_fine,
            wages=game.wages,
            currency=game.currency,
        )
        # The read-only questions, as the game's parts answer them.
        for part, names in _QUESTIONS.items():
            answers = getattr(game, part) if part else game
            shown.update({name: getattr(answers, name) for name in names})
        shown["trade_problem"] = game.trades.problem
        return shown

    @property
    def jail_cards(self) -> list[int]:
        """How many Get Out of Jail Free cards each player holds."""
        return self._game.jail_cards

    @property
    def bank_houses(self) -> int:
        """Houses the bank has left."""
        return self._game.estates.bank_houses

    @property
    def bank_hotels(self) -> int:
        """Hotels the bank has left."""
        return self._game.estates.bank_hotels

    @property
    def pack_sizes(self) -> dict[str, int]:
        """How many cards each pack holds (their order is hidden)."""
        return {pack: len(order) for pack, order in self._game.packs.items()}
