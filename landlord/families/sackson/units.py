"""Purchase units: the court cards each player holds to buy cells with.

Units are not money: they never enter the ledger, cash, net worth or the
score. Each player starts with the same number (the rule set's
``[unit_split]``, a reconstruction); a cell bought after paying its rent
costs one unit a cell of its group, and the units go to the cell's owner,
who may spend them in turn. Every move of units is kept as a record.
"""

from __future__ import annotations

from typing import NamedTuple

from landlord.rules.model import RuleSet
from landlord.rules.sections import required

__all__ = ["UnitMove", "Units"]


class UnitMove(NamedTuple):
    """Units handed over for a cell: who bought it from whom, when."""

    round: int
    buyer: int
    seller: int
    units: int
    cell: int


class Units:
    """The purchase units each player holds, and every purchase made with them.

    Examples
    --------
    >>> from landlord.rules import load_rules
    >>> units = Units(load_rules("property"), 3)
    >>> units.held
    [10, 10, 10]
    >>> units.pay(0, 1, 6, 34, round_=2)
    >>> units.held, units.moves[0].cell
    ([4, 16, 10], 34)
    """

    def __init__(self, rules: RuleSet, n_players: int) -> None:
        court = required(rules.court_cards)
        #: The units in the whole set of court cards and jokers (30).
        self.total = 4 * (court.king + court.queen + court.jack) + court.jokers * court.joker
        each = required(rules.unit_split).by_players[n_players]
        self.held: list[int] = [each] * n_players
        #: Units out of play: left over by the split, or gone with a bankrupt player.
        self.out_of_play = self.total - each * n_players
        self.moves: list[UnitMove] = []

    def pay(self, buyer: int, seller: int, units: int, cell: int, round_: int) -> None:
        """``buyer`` gives ``units`` to ``seller`` for ``cell``."""
        if self.held[buyer] < units:
            raise ValueError(f"player {buyer} holds {self.held[buyer]} units, not {units}")
        self.held[buyer] -= units
        self.held[seller] += units
        self.moves.append(UnitMove(round_, buyer, seller, units, cell))

    def retire(self, player: int) -> None:
        """A bankrupt player's units leave the game with him."""
        self.out_of_play += self.held[player]
        self.held[player] = 0
