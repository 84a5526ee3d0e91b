"""One game of Quikopoly, as the rules text (seed 001) reads, top to bottom.

Setup: the four nulls in the corners, the 16 other tiles shuffled face down
between them (a chance event per tile, from the seeded layout stream); nine
coins each; the bank's coins; every pawn on Go.

A turn: place hotels if you like (a reading: before you throw); throw your
die (a null counts six, an ace one); move; pass or land on Go for a coin if
the bank has one; then the tile you land on:

* a face-down property: look at it, and buy it for a coin, or leave it;
* another player's property: pay him its rent;
* Prison: stay until a later throw shows a null, or pay a coin and move the
  throw; the third throw must be paid for;
* Go-to-Go: straight to Go, with no coin;
* Community Chest: an even throw pays the bank a coin, an odd one takes one.

Short of money, a player returns hotels (a coin for every two); still short,
he is bankrupt, and his properties go to his creditor. Once no tile is face
down, the fair trades are made (:mod:`.fair_trades`). The last player left
wins; the kit's round limit ends a long game, the richest winning.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from landlord.engine.actions import (
    DECLINE,
    PAY_FINE,
    ROLL,
    STAY_IN_PRISON,
    Action,
    BuildHotel,
    Buy,
    Decline,
    Roll,
    StayInPrison,
)
from landlord.engine.boards import layout_flow
from landlord.engine.reasons import Reason
from landlord.engine.state import CHANCE, Captured, Flow, GameState, seat_count
from landlord.engine.winners import richest_win
from landlord.families.quikopoly import FAMILY
from landlord.families.quikopoly.fair_trades import find_circle
from landlord.families.quikopoly.tiles import BANK, Tiles
from landlord.rules.model import RuleSet
from landlord.rules.sections import required

__all__ = ["Quikopoly"]

_ROLL_ONLY = (ROLL,)


class Quikopoly(GameState):
    """One game of Quikopoly, from the tiles laid out to the last player left.

    Parameters
    ----------
    rules : RuleSet
        ``load_rules("quikopoly")``.
    names : sequence of str
        The players, in turn order (the first plays first).

    Examples
    --------
    >>> from landlord.rules import load_rules
    >>> game = Quikopoly(load_rules("quikopoly"), ["Ann", "Bob"])
    >>> game.pending.purpose, [game.cash(p) for p in range(2)], game.bank_coins
    ('layout', [9, 9], 14)
    """

    family = FAMILY

    def __init__(self, rules: RuleSet, names: Sequence[str]) -> None:
        n = seat_count(rules, names)
        super().__init__(names, rules.accounts.piles)
        self.rules = rules
        self.currency = rules.info.currency
        self.bank = self.pile_account[rules.accounts.bank]
        self.hotel_pile = self.pile_account[required(rules.hotels).paid_to]
        supply = self.pile_account[required(rules.bank).dealt_from]
        self.tiles = Tiles(rules, n, self.ledger.balances)
        self.size = self.tiles.size
        corners = rules.board.corners
        kinds = {rules.board.spaces[c].kind: c for c in corners}
        self.go, self.prison = kinds["go"], kinds["jail"]
        self.go_to_go, self.chest = kinds["go_to_go"], kinds["community_chest_tile"]
        self.position = [self.go] * n
        self.in_prison = [False] * n
        #: Throws made in Prison this stay.
        self.prison_throws = [0] * n
        self.bankrupt = [False] * n
        self.passed_over = self.bankrupt
        self.bankruptcies: list[tuple[int, int, int]] = []  # (round, player, creditor)
        self.winners: tuple[int, ...] = ()
        #: The latest throw of the die (Community Chest reads its parity).
        self.thrown = 0
        self.round_limit = rules.end.round_limit
        self._wages = rules.wages.amount
        self._fine = required(rules.jail).fine
        self._max_prison = required(rules.jail).max_turns
        self._chest = required(rules.community_chest_tile)
        self._largest = required(rules.fair_trades).largest_circle
        # The die (the rule set's [dice]: a piecepack die counts its null six, its ace
        # one), thrown as one chance event, and the faces that free a player from Prison.
        dice = required(rules.dice)
        self._throw = (CHANCE, "dice", tuple(sorted(dice.faces)), None)
        self._freeing = frozenset(dice.jail_freed_by or ())
        for player in range(n):
            self.ledger.transfer(supply, player, rules.starting_cash[n], Reason.STARTING_CASH)
        self.ledger.transfer(
            supply, self.bank, required(rules.bank).coins_by_players[n], Reason.STARTING_CASH
        )
        self.start()

    # --- the game --------------------------------------------------------------------

    def _set_up(self) -> Flow:
        order = yield from layout_flow(self.rules.board, "layout")
        self.tiles.lay_out(order)

    def _turn(self, player: int) -> Flow:
        yield from self._hotels(player)  # in Prison too: the text does not forbid it
        if self.in_prison[player]:
            yield from self._prison_turn(player)
            return
        throw = cast(int, (yield self._throw))
        yield from self._move(player, throw)

    def _after_turn(self, player: int) -> bool:
        active = self.active_players()
        if len(active) == 1:
            self.winners = (active[0],)
            self.end_reason = f"{self.names[active[0]]} is the last player left"
            return True
        return False

    def _end_at(self, round_: int, capped: bool) -> None:
        if capped:
            reason = f"the engine's cap of {round_} rounds was reached"
        else:
            reason = f"the kit's round limit ({round_}) was reached"
        self.winners, self.end_reason = richest_win(
            self.names, self.net_worths(), self.active_players(), reason
        )

    # --- a turn ----------------------------------------------------------------------

    def _hotels(self, player: int) -> Flow:
        """Before the throw (a reading): place hotels, a coin each, on complete sets."""
        while True:
            actions = self.turn_actions(player)
            if len(actions) == 1:
                return
            choice = yield (player, "turn", actions, None)
            if type(choice) is Roll:
                return
            self.ledger.transfer(
                player, self.hotel_pile, self.tiles.hotel_cost, Reason.BUILDING_BOUGHT
            )
            self.tiles.hotels[cast(BuildHotel, choice).space] += 1

    def turn_actions(self, player: int) -> Sequence[Roll | BuildHotel]:
        """What ``player`` may do before his throw: throw, or place a hotel where he may."""
        tiles = self.tiles
        if self.ledger.balances[player] < tiles.hotel_cost:
            return _ROLL_ONLY
        options = tiles.hotel_options(player)
        if not options:
            return _ROLL_ONLY
        return [ROLL, *(BuildHotel(position) for position in options)]

    def _prison_turn(self, player: int) -> Flow:
        """Prison: a null frees him (he moves six); else pay a coin and move, or stay;
        the third throw must be paid for and moved."""
        self.prison_throws[player] += 1
        throw = cast(int, (yield self._throw))
        self.thrown = throw
        if throw not in self._freeing:
            forced = self.prison_throws[player] >= self._max_prison
            if not forced:
                if self.ledger.balances[player] < self._fine:
                    return  # he cannot pay: he stays
                choice = yield (player, "prison", (PAY_FINE, STAY_IN_PRISON), throw)
                if type(choice) is StayInPrison:
                    return
            yield from self._pay(player, self.bank, ((self._fine, Reason.JAIL_FINE),))
            if self.bankrupt[player]:
                return
        self.in_prison[player] = False
        self.prison_throws[player] = 0
        yield from self._move(player, throw)

    def _move(self, player: int, steps: int) -> Flow:
        """Move ``steps`` on; Go pays a coin to whoever lands on or passes it."""
        self.thrown = steps
        start = self.position[player]
        where = (start + steps) % self.size
        self.position[player] = where
        if start + steps >= self.size:
            self._go_coin(player)
        yield from self._land(player, where)

    def _go_coin(self, player: int) -> None:
        """A coin from the bank, as long as the bank has coins."""
        if self.ledger.balances[self.bank] >= self._wages:
            self.ledger.transfer(self.bank, player, self._wages, Reason.SALARY)

    def _land(self, player: int, where: int) -> Flow:
        tiles = self.tiles
        if tiles.is_property(where):
            owner = tiles.owner[where]
            if owner == BANK:
                yield from self._offer(player, where)
            elif owner != player:
                yield from self._pay_rent(player, where)
        elif where == self.prison:
            self.in_prison[player] = True
            self.prison_throws[player] = 0
        elif where == self.go_to_go:
            self.position[player] = self.go  # no coin
        elif where == self.chest:
            yield from self._community_chest(player)

    def _offer(self, player: int, where: int) -> Flow:
        """A face-down tile: he looks at it and may buy it for its price."""
        price = self.tiles.price(where)
        if self.ledger.balances[player] < price:
            return
        choice = yield (player, "buy", (Buy(where, price), DECLINE), where)
        if type(choice) is Decline:
            return
        self.ledger.transfer(player, self.bank, price, Reason.PROPERTY_BOUGHT)
        self.tiles.owner[where] = player
        self._fair_trades()

    def _pay_rent(self, player: int, where: int) -> Flow:
        tiles = self.tiles
        owner = tiles.owner[where]
        total = tiles.rent(where)
        hotel_part = (
            tiles.hotels[where] * required(self.rules.property_rent).per_hotel
            if tiles.holds_set(owner, where)
            else 0
        )
        parts = ((total - hotel_part, Reason.LAND_RENT), (hotel_part, Reason.HOUSE_RENT))
        yield from self._pay(player, owner, parts)

    def _community_chest(self, player: int) -> Flow:
        """An even throw pays the bank; an odd one takes a coin, if the bank has one."""
        chest = self._chest
        if self.thrown % 2 == 0:
            yield from self._pay(
                player, self.pile_account[chest.paid_to], ((chest.amount, Reason.TAX),)
            )
        else:
            payer = self.pile_account[chest.paid_by]
            if self.ledger.balances[payer] >= chest.amount:
                self.ledger.transfer(payer, player, chest.amount, Reason.CARD)

    # --- money that falls short ------------------------------------------------------

    def _pay(self, player: int, to: int, parts: tuple[tuple[int, str], ...]) -> Flow:
        """Pay ``parts`` (amount, reason) to ``to``; short, return hotels; still short,
        go bankrupt to ``to``."""
        total = sum(amount for amount, _ in parts)
        if total <= 0:
            return
        balances = self.ledger.balances
        if balances[player] < total:
            self._return_hotels(player, total - balances[player])
            if balances[player] < total:
                self._go_bankrupt(player, to)
                return
        for amount, reason in parts:
            if amount > 0:
                self.ledger.transfer(player, to, amount, reason)
        return
        yield  # type: ignore[unreachable]  # a flow, though it asks nothing

    def _return_hotels(self, player: int, need: int) -> None:
        """Return hotels for ``need`` coins (two hotels a coin), as few as will do."""
        per_coin = self.tiles.per_coin
        taken = self.tiles.take_hotels(player, need * per_coin)
        if not taken:
            return
        coins = taken // per_coin
        self.ledger.transfer(
            self.hotel_pile, player, coins * self.tiles.hotel_cost, Reason.BUILDINGS_SOLD
        )
        rest = taken * self.tiles.hotel_cost - coins * self.tiles.hotel_cost
        self.ledger.transfer(self.hotel_pile, self.bank, rest, Reason.BUILDINGS_SOLD)

    def _go_bankrupt(self, player: int, creditor: int) -> None:
        """He leaves the game: his cash and properties go to his creditor (owed to the
        bank, the properties go back face down)."""
        tiles = self.tiles
        self._return_hotels(player, tiles.hotels_held(player))  # all of them
        self.bankrupt[player] = True
        self.in_prison[player] = False
        self.bankruptcies.append((self.round, player, creditor))
        self.check_after_turn = True
        cash = self.ledger.balances[player]
        if cash > 0:
            self.ledger.transfer(player, creditor, cash, Reason.BANKRUPTCY)
        heir = creditor if creditor < self.n_players else BANK
        owner = tiles.owner
        for position in tiles.properties:
            if owner[position] == player:
                owner[position] = heir
        self._fair_trades()

    def _fair_trades(self) -> None:
        """Once no tile is face down, make every fair trade (seed 001), shortest first."""
        tiles = self.tiles
        if tiles.face_down():
            return
        n = self.n_players
        order = [(self.turn_player + k) % n for k in range(1, n + 1)]
        players = [p for p in order if not self.bankrupt[p]]
        while True:
            circle = find_circle(tiles.owner, tiles.set_positions, players, self._largest)
            if circle is None:
                return
            for s, giver, taker in circle:
                for position in tiles.set_positions[s]:
                    if tiles.owner[position] == giver:
                        tiles.owner[position] = taker
            tiles.trades_made.append((self.round, tuple(giver for _, giver, _ in circle)))

    # --- what the players have --------------------------------------------------------

    @property
    def bank_coins(self) -> int:
        """The coins in the bank now."""
        return self.ledger.balances[self.bank]

    def active_players(self) -> list[int]:
        """The players still in the game, in seat order."""
        return [p for p in range(self.n_players) if not self.bankrupt[p]]

    def tile_name(self, position: int) -> str:
        """The tile at ``position`` by name (whether face down or not)."""
        return self.tiles.name(position)

    def capture(self) -> Captured:
        return self.tiles.capture()

    def holdings_table(self, captured: Captured | None = None) -> list[tuple[int, ...]]:
        return self.tiles.holdings_table(captured)

    def net_worths(self, captured: Captured | None = None) -> list[int]:
        return [row[-1] for row in self.tiles.holdings_table(captured)]

    def buildings_worth(self) -> list[int]:
        cost = self.tiles.hotel_cost
        return [self.tiles.hotels_held(p) * cost for p in range(self.n_players)]

    # --- words -----------------------------------------------------------------------

    def space_names(self) -> list[str]:
        """Each position's name as the players see it: a corner's name, a face-up tile's,
        or "a face-down tile"."""
        tiles = self.tiles
        return [
            tiles.name(p)
            if not tiles.is_property(p) or tiles.owner[p] != BANK
            else f"the face-down tile at {p}"
            for p in range(self.size)
        ]

    def describe(self, action: Action) -> str:
        """An action in words, with the tiles' names and the players'; Quikopoly throws
        one die.

        >>> from landlord.engine.actions import ROLL
        >>> from landlord.rules import load_rules
        >>> Quikopoly(load_rules("quikopoly"), ["Ann", "Bob"]).describe(ROLL)
        'throw the die'
        """
        if type(action) is Roll:
            return "throw the die"
        names = [self.tiles.name(p) for p in range(self.size)]
        return action.describe(names, self.names, self.currency)
