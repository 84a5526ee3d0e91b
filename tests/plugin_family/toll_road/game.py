"""One game of the Toll Road, as its rules read, top to bottom.

Setting up: every token on the start (no deal, no shuffle); each player's
starting cash from the bank.

A turn: throw the die and move that many spaces round the ring. On the way,
and on the space reached:

* the start (passed or stopped on): wages from the bank;
* a gate another player holds (passed or stopped on): its toll, to him;
* a lot or gate nobody holds (stopped on): buy it at its printed price, or
  leave it;
* another player's lot (stopped on): its land rent, to him;
* the inn, or one's own lot or gate: nothing.

A player who cannot pay what he owes hands over all he has and leaves the
game; his lots and gates go back on sale. The game ends when one player is
left, or after the round limit (or, if the rule set says so, once every
player has drawn wages that many times); the highest net worth wins, ties
shared.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from landlord.engine.actions import DECLINE, Buy, Decline, Roll
from landlord.engine.reasons import Reason
from landlord.engine.state import CHANCE, Captured, Flow, GameState, seat_count
from landlord.engine.winners import richest_win
from landlord.rules.model import RuleSet
from toll_road import FAMILY, ROAD_TOLL

__all__ = ["NOBODY_HOLDS", "TollRoad"]

#: The holder of a lot or gate nobody has bought.
NOBODY_HOLDS = -1
#: The kinds of space that are sold: lots, and the gates (written ``franchise`` in the
#: board file, the kit's kind for a space that charges a fee to whoever uses it).
SOLD = ("lot", "franchise")


class TollRoad(GameState):
    """One game of the Toll Road, from the start to the last round.

    Parameters
    ----------
    rules : RuleSet
        ``load_rules(toll_road.RULES)``.
    names : sequence of str
        The players, in turn order.

    Examples
    --------
    >>> from landlord.rules import load_rules
    >>> from toll_road import RULES
    >>> game = TollRoad(load_rules(RULES), ["Ann", "Bob"])
    >>> game.pending.purpose, [game.cash(p) for p in range(2)], game.gates
    ('dice', [200, 200], (3, 9))
    """

    family = FAMILY

    def __init__(self, rules: RuleSet, names: Sequence[str]) -> None:
        n = seat_count(rules, names)
        super().__init__(names, rules.accounts.piles)
        self.rules = rules
        self.currency = rules.info.currency
        self.bank = self.pile_account[rules.accounts.bank]
        self._wages_from = self.pile_account[rules.wages.paid_by]
        self._prices_to = self.pile_account[rules.purchase.paid_to]
        self._wages = rules.wages.amount
        spaces = rules.board.spaces
        self.size = len(spaces)
        self.start_space = next(space.index for space in spaces if space.kind == "go")
        #: The lots and gates, by position.
        self.for_sale = tuple(space.index for space in spaces if space.kind in SOLD)
        self.gates = tuple(space.index for space in spaces if space.kind == "franchise")
        self.price = [space.price or 0 for space in spaces]
        self.land_rent = [space.land_rent or 0 for space in spaces]
        self.toll = [space.fee or 0 for space in spaces]
        #: Who holds each space (:data:`NOBODY_HOLDS` for a space nobody holds or no one
        #: can).
        self.owner = [NOBODY_HOLDS] * self.size
        self.position = [self.start_space] * n
        #: Players out of the game (they could not pay); their turns are passed over.
        self.out = [False] * n
        self.passed_over = self.out
        #: How many times each player has drawn wages.
        self.wages_drawn = [0] * n
        self.bankruptcies: list[tuple[int, int, int]] = []  # (round, player, creditor)
        self.winners: tuple[int, ...] = ()
        #: The latest throw of the die.
        self.thrown = 0
        self.round_limit = rules.end.round_limit
        self._wages_times = rules.end.wages_times
        self.check_after_turn = self._wages_times > 0
        self._throw = (CHANCE, "dice", tuple(sorted(rules.dice.faces)), None)
        start = rules.starting_cash[n]
        for player in range(n):
            self.ledger.transfer(self.bank, player, start, Reason.STARTING_CASH)
        self.start()

    # --- the game --------------------------------------------------------------------

    def _set_up(self) -> Flow:
        yield from ()  # nothing is dealt or shuffled: every token stands on the start

    def _turn(self, player: int) -> Flow:
        throw = yield self._throw
        self.thrown = throw
        yield from self._move(player, throw)

    def _after_turn(self, player: int) -> bool:
        active = self.active_players()
        if len(active) == 1:
            self.winners = (active[0],)
            self.end_reason = f"{self.names[active[0]]} is the last player left"
            return True
        times = self._wages_times
        if times and all(self.wages_drawn[p] >= times for p in active):
            self._richest_win(f"every player has drawn wages {times} times")
            return True
        return False

    def _end_at(self, round_: int, capped: bool) -> None:
        if capped:
            self._richest_win(f"the engine's cap of {round_} rounds was reached")
        else:
            self._richest_win(f"the round limit ({round_}) was reached")

    def _richest_win(self, reason: str) -> None:
        self.winners, self.end_reason = richest_win(
            self.names, self.net_worths(), self.active_players(), reason
        )

    # --- a move ----------------------------------------------------------------------

    def _move(self, player: int, steps: int) -> Flow:
        """Move ``steps`` spaces: wages at the start and tolls at the gates on the way,
        then whatever the space reached asks."""
        where = self.position[player]
        for step in range(1, steps + 1):
            where = (where + 1) % self.size
            self.position[player] = where
            if where == self.start_space:
                self.ledger.transfer(self._wages_from, player, self._wages, Reason.WAGES)
                self.wages_drawn[player] += 1
            if self.toll[where] and step < steps:  # passing a gate; stopping comes below
                self._pay_toll(player, where)
                if self.out[player]:
                    return
        yield from self._stop(player, where)

    def _stop(self, player: int, where: int) -> Flow:
        holder = self.owner[where]
        if where in self.for_sale and holder == NOBODY_HOLDS:
            yield from self._offer(player, where)
        elif holder not in (NOBODY_HOLDS, player):
            if self.toll[where]:
                self._pay_toll(player, where)
            else:
                self._pay(player, holder, self.land_rent[where], Reason.LAND_RENT)

    def _offer(self, player: int, where: int) -> Flow:
        """A lot or gate nobody holds: buy it at its printed price, or leave it."""
        price = self.price[where]
        if self.ledger.balances[player] < price:
            return  # he cannot pay for it: nothing is asked
        choice = yield (player, "buy", (Buy(where, price), DECLINE), where)
        if type(choice) is Decline:
            return
        self.ledger.transfer(player, self._prices_to, price, Reason.PROPERTY_BOUGHT)
        self.owner[where] = player

    def _pay_toll(self, player: int, gate: int) -> None:
        """The gate's toll, to its holder (a gate nobody holds stands open)."""
        holder = self.owner[gate]
        if holder not in (NOBODY_HOLDS, player):
            self._pay(player, holder, self.toll[gate], ROAD_TOLL)

    def _pay(self, player: int, to: int, amount: int, reason: Reason) -> None:
        """Pay ``amount`` to ``to``; a player who cannot pays all he has and is out."""
        if amount <= 0:
            return
        cash = self.ledger.balances[player]
        if cash >= amount:
            self.ledger.transfer(player, to, amount, reason)
            return
        if cash > 0:
            self.ledger.transfer(player, to, cash, Reason.BANKRUPTCY)
        self.out[player] = True
        self.bankruptcies.append((self.round, player, to))
        self.check_after_turn = True
        owner = self.owner
        for space in self.for_sale:
            if owner[space] == player:
                owner[space] = NOBODY_HOLDS  # back on sale

    # --- what the players have -------------------------------------------------------

    def active_players(self) -> list[int]:
        """The players still in the game, in seat order."""
        return [p for p in range(self.n_players) if not self.out[p]]

    def tolls_paid(self) -> int:
        """All the tolls paid so far."""
        return sum(record.amount for record in self.ledger.records if record.reason == ROAD_TOLL)

    def space_name(self, space: int) -> str:
        return self.rules.board.spaces[space].name

    def capture(self) -> Captured:
        return (self.ledger.balances[: self.n_players], tuple(self.owner))

    def holdings_table(self, captured: Captured | None = None) -> list[tuple[int, ...]]:
        """Per player: cash, lots, gates, land value (the printed price of all he holds),
        score and net worth (both cash and land value)."""
        cash, owner = captured if captured is not None else self.capture()
        rows: list[tuple[int, ...]] = []
        gates = self.gates
        for player in range(self.n_players):
            held = [space for space in self.for_sale if owner[space] == player]
            land = sum(self.price[space] for space in held)
            gates_held = sum(1 for space in held if space in gates)
            worth = cash[player] + land
            rows.append((cash[player], len(held) - gates_held, gates_held, land, worth, worth))
        return rows

    def net_worths(self, captured: Captured | None = None) -> list[int]:
        return [row[-1] for row in self.holdings_table(captured)]

    def buildings_worth(self) -> list[int]:
        return [0] * self.n_players  # nothing is built on the Toll Road

    # --- words -----------------------------------------------------------------------

    def describe(self, action: Any) -> str:
        """An action in words, with the spaces' names and the players'.

        >>> from landlord.rules import load_rules
        >>> from toll_road import RULES
        >>> game = TollRoad(load_rules(RULES), ["Ann", "Bob"])
        >>> game.describe(Buy(3, 60))
        'buy North Gate for $60'
        """
        if type(action) is Roll:
            return "throw the die"
        names = [space.name for space in self.rules.board.spaces]
        return action.describe(names, self.names, self.currency)
