"""Auctions in the later game: of a property nobody buys, and of a building the bank is short of.

:class:`Auctions` is the part of a :class:`~landlord.families.monopoly.game.Monopoly`
game that holds the bidding: round the players from the first bidder, each
raising by one of the rule set's steps within his cash or dropping out, until
one is left. The bank auctions a property its lander declines (or every
property, under ``[purchase] mode = "auction"``) and a bankrupt's properties
owed to the bank; with ``[buildings] shortage_auction`` a house or hotel the
bank has too few of goes to the highest bid among those able to build it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from landlord.engine.actions import PASS, Bid, Build, BuildHotel, Pass
from landlord.engine.reasons import Reason
from landlord.engine.state import Flow, FlowTo, Sale
from landlord.rules.sections import required

if TYPE_CHECKING:  # pragma: no cover - for the annotations only
    from landlord.families.monopoly.game import Monopoly

__all__ = ["Auctions"]

#: Every bid made so far, by amount: the same object is offered every time.
_BIDS: dict[int, Bid] = {}


class Auctions:
    """The bank's auctions: a property's, and a short bank's house or hotel.

    Parameters
    ----------
    game : Monopoly
        The game it is part of.
    """

    def __init__(self, game: Monopoly) -> None:
        self.game = game
        self.ledger = game.ledger
        self.tables = game.tables
        self.estates = game.estates
        self.bank = game.bank
        self._purchase = required(game.rules.purchase)
        self._bid_steps = self._purchase.bid_steps or (10,)  # an auction needs a step

    def _bids(self, bidder: int, high: int, floor: int) -> list[Any]:
        """The bids ``bidder`` may make over ``high`` (at least ``floor``), within his cash."""
        cash = self.ledger.balances[bidder]
        start = max(high, floor - self._bid_steps[0])
        bids = _BIDS
        options: list[Pass | Bid] = [PASS]
        for step in self._bid_steps:
            amount = start + step
            if amount > cash:
                break
            bid = bids.get(amount)
            if bid is None:
                bid = bids[amount] = Bid(amount)
            options.append(bid)
        return options

    def _auction(
        self, space: int, first: int, floor: int, bidders: list[int]
    ) -> FlowTo[tuple[int, int]]:
        """Bids round ``bidders`` from ``first``; return (winner or -1, price)."""
        at = bidders.index(first)
        still = bidders[at:] + bidders[:at]
        high, leader = 0, -1
        while still and still != [leader]:
            for bidder in list(still):
                if bidder == leader:
                    continue
                if still == [leader]:
                    break
                actions = self._bids(bidder, high, floor)
                if len(actions) > 1:
                    choice = yield (bidder, "bid", actions, Sale(space, high, leader, first))
                    if type(choice) is Bid:
                        high, leader = choice.amount, bidder
                        continue
                still.remove(bidder)
        return leader, high

    def auction_property(self, space: int, lander: int) -> Flow:
        """The bank auctions ``space``: every player in the game may bid, from any price."""
        bidders = self.game.active_players()
        if lander not in bidders:
            start = bidders[0]
        elif self._purchase.mode == "auction":
            start = lander  # every lot auctioned: the lander bids first
        else:
            start = bidders[(bidders.index(lander) + 1) % len(bidders)]
        winner, price = yield from self._auction(space, start, 0, bidders)
        if winner >= 0:
            self.ledger.transfer(winner, self.bank, price, Reason.PROPERTY_BOUGHT_AT_AUCTION)
            self.estates.owner[space] = winner

    def wants(self, player: int, hotel: bool) -> bool:
        """Whether ``player`` could build a hotel (``hotel``) or a house now."""
        options = self.estates.build_options(player)
        return any((type(option) is BuildHotel) == hotel for option in options)

    def shortage(self, player: int, hotel: bool, able: list[int]) -> Flow:
        """A short bank: the building goes to the highest bid among those able to build."""
        build_options = self.estates.build_options
        cost = min(
            self.tables.house_cost[option.space]
            for p in able
            for option in build_options(p)
            if (type(option) is BuildHotel) == hotel
        )
        winner, price = yield from self._auction(-1, player, cost, able)
        if winner < 0:
            return
        options = [o for o in build_options(winner) if (type(o) is BuildHotel) == hotel]
        options = [o for o in options if self.tables.house_cost[o.space] <= price] or options
        if not options or self.ledger.balances[winner] < price:
            return
        choice = options[0] if len(options) == 1 else (yield (winner, "place", options, None))
        self.game.dealings.place(winner, cast("Build | BuildHotel", choice).space, hotel, price)
