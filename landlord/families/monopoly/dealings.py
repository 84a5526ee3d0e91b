"""Money in the later game beyond the landing: buildings, mortgages, trades, debts, bankruptcy.

:class:`Dealings` is the part of a :class:`~landlord.families.monopoly.game.Monopoly`
game through which a player buys a building from the bank or sells it back,
mortgages a property or lifts the mortgage, trades with another player (the
titles handed over, and the interest on a mortgaged one received), and pays
what he owes: short of cash he raises it (selling buildings, mortgaging,
trading); unable to, he goes bankrupt to his creditor, who takes everything
he has (the bank auctions it). The titles, buildings and mortgages are
:mod:`landlord.families.monopoly.estates`' and the trades on offer
:mod:`landlord.families.monopoly.trades`'; this part moves the money.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from landlord.engine.actions import (
    ACCEPT,
    GO_BANKRUPT,
    NEGOTIATE,
    REFUSE,
    Accept,
    GoBankrupt,
    KeepMortgage,
    LiftMortgage,
    Mortgage,
    Negotiate,
    SellBuilding,
    Trade,
)
from landlord.engine.reasons import Reason
from landlord.engine.state import Flow, Proposal

if TYPE_CHECKING:  # pragma: no cover - for the annotations only
    from landlord.families.monopoly.game import Monopoly

__all__ = ["Dealings"]


class Dealings:
    """Buildings and mortgages with the bank, trades, and money that falls short.

    Parameters
    ----------
    game : Monopoly
        The game it is part of (its auctions made already).
    """

    def __init__(self, game: Monopoly) -> None:
        self.game = game
        self.ledger = game.ledger
        self.tables = game.tables
        self.estates = game.estates
        self.trades = game.trades
        self.auctions = game.auctions
        self.bank = game.bank
        self.bankrupt = game.bankrupt
        self.jail_cards_held = game.jail_cards_held

    # --- building, selling, mortgages ----------------------------------------------------

    def place(self, player: int, space: int, hotel: bool, price: int) -> None:
        """``player`` pays ``price`` for a house (a hotel if ``hotel``) put on ``space``."""
        self.ledger.transfer(player, self.bank, price, Reason.BUILDING_BOUGHT)
        self.estates.place(space, hotel)

    def sell_building(self, player: int, space: int) -> None:
        """A building on ``space`` sold back to the bank (all at once where the rules say)."""
        paid, all_at_once = self.estates.sell_building(space)
        reason = Reason.BUILDINGS_SOLD if all_at_once else Reason.BUILDING_SOLD
        self.ledger.transfer(self.bank, player, paid, reason)

    def mortgage(self, player: int, space: int) -> None:
        """``space`` mortgaged to the bank."""
        lent = self.estates.mortgage(player, space)
        self.ledger.transfer(self.bank, player, lent, Reason.MORTGAGE)

    def lift(self, player: int, space: int) -> None:
        """The mortgage on ``space`` lifted (its value and the interest paid)."""
        cost = self.estates.lift_cost(space)
        self.ledger.transfer(player, self.bank, cost, Reason.MORTGAGE_LIFTED)
        self.estates.lift(player, space)

    # --- trades --------------------------------------------------------------------------

    def talks(self, player: int, need: int) -> Flow:
        """One trade proposed to one player, who accepts or refuses."""
        choice = yield (player, "trade", self.trades.offers(player), need)
        if type(choice) is not Trade:
            return
        partner = choice.partner
        answer = yield (partner, "offer", (ACCEPT, REFUSE), Proposal(player, choice))
        accepted = type(answer) is Accept
        self.trades.record(self.game.round, player, choice, accepted)
        if accepted:
            yield from self.exchange(player, choice)

    def exchange(self, player: int, trade: Trade) -> Flow:
        """An accepted trade carried out: the cash, the Jail cards, then the titles."""
        partner = trade.partner
        if trade.cash > 0:
            self.ledger.transfer(player, partner, trade.cash, Reason.TRADE)
        elif trade.cash < 0:
            self.ledger.transfer(partner, player, -trade.cash, Reason.TRADE)
        for _ in range(trade.give_cards):
            self.jail_cards_held[partner].append(self.jail_cards_held[player].pop())
        for _ in range(trade.take_cards):
            self.jail_cards_held[player].append(self.jail_cards_held[partner].pop())
        moves = [(space, partner) for space in trade.give]
        moves += [(space, player) for space in trade.take]
        yield from self.hand_over(moves)

    def hand_over(self, moves: list[tuple[int, int]]) -> Flow:
        """Titles change hands, all at once, as ``(space, new holder)``; then each
        mortgaged one costs its new holder the interest now, or he lifts the mortgage."""
        estates = self.estates
        for space, to in moves:
            estates.hand_over(space, to)
        for space, to in moves:
            # One that went bankrupt over another's interest has lost these already.
            if not estates.mortgaged[space] or estates.owner[space] != to or self.bankrupt[to]:
                continue
            keep = KeepMortgage(space)
            if self.ledger.balances[to] >= estates.lift_cost(space):
                choice = yield (to, "mortgaged", (self.tables.lifts[space], keep), space)
            else:
                choice = keep
            if type(choice) is LiftMortgage:
                self.lift(to, space)
            else:
                interest = estates.interest(self.tables.mortgage[space])
                yield from self.pay(to, self.bank, interest, Reason.MORTGAGE_INTEREST)

    # --- money that falls short -------------------------------------------------------------

    def pay(self, player: int, to: int, amount: int, reason: str) -> Flow:
        """Pay ``amount``; short of cash, raise it; unable to, go bankrupt to ``to``."""
        if amount <= 0 or self.bankrupt[player]:
            return
        if self.ledger.balances[player] < amount:
            yield from self._raise(player, amount)
            if self.ledger.balances[player] < amount:
                yield from self._go_bankrupt(player, to)
                return
        self.ledger.transfer(player, to, amount, reason)

    def _raise(self, player: int, amount: int) -> Flow:
        """Sell buildings, mortgage or trade until ``amount`` is in hand, or give up."""
        talks = 1
        estates = self.estates
        while self.ledger.balances[player] < amount:
            need = amount - self.ledger.balances[player]
            actions: list[Any] = estates.sell_options(player) + estates.mortgage_options(player)
            if talks and self.trades.possible(player):
                actions.append(NEGOTIATE)
            if estates.raisable(player) < need or not actions:
                actions.append(GO_BANKRUPT)
            if len(actions) == 1 and type(actions[0]) is GoBankrupt:
                return
            choice = yield (player, "raise", actions, amount)
            kind = type(choice)
            if kind is GoBankrupt:
                return
            if kind is Negotiate:
                talks -= 1
                yield from self.talks(player, need)
            elif kind is SellBuilding:
                self.sell_building(player, cast(SellBuilding, choice).space)
            else:
                self.mortgage(player, cast(Mortgage, choice).space)

    def _go_bankrupt(self, player: int, creditor: int) -> Flow:
        """Hand everything over and leave the game."""
        game = self.game
        t = self.tables
        estates = self.estates
        self.bankrupt[player] = True
        game.jailed[player] = False
        game.bankruptcies.append((game.round, player, creditor))
        game.check_after_turn = True  # is one player left?
        to_player = creditor < game.n_players
        owner, houses = estates.owner, estates.houses
        for space in t.streets:
            if owner[space] == player and houses[space]:
                while houses[space]:
                    self.sell_building(player, space)  # back to the bank at half
        cash = self.ledger.balances[player]
        if cash > 0:
            self.ledger.transfer(player, creditor, cash, Reason.BANKRUPTCY)
        held = [s for s in t.cards if owner[s] == player]
        if to_player:
            self.jail_cards_held[creditor].extend(self.jail_cards_held[player])
        else:
            while self.jail_cards_held[player]:
                game.return_jail_card(player)
        self.jail_cards_held[player] = []
        if to_player:
            yield from self.hand_over([(space, creditor) for space in held])
            return
        estates.to_bank(player, held)  # mortgages cancelled, every property auctioned
        if len(game.active_players()) > 1:
            for space in held:
                yield from self.auctions.auction_property(space, self._next_active(player))

    def _next_active(self, player: int) -> int:
        n = self.game.n_players
        for step in range(1, n + 1):
            other = (player + step) % n
            if not self.bankrupt[other]:
                return other
        return player  # pragma: no cover - someone is always left
