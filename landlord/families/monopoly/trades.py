"""Trades in the later game: what a player may propose, and the trades proposed so far.

:class:`Trades` is the part of a :class:`~landlord.families.monopoly.game.Monopoly`
game that keeps every trade proposed (and whether it was accepted) and judges
a proposal: properties in groups without buildings, Get Out of Jail Free
cards and cash, between two players still in the game. The flow's talks
(one proposal, then the partner's answer) and the exchange itself are in
:mod:`landlord.families.monopoly.game`.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import overload

from landlord.engine.actions import END_TALKS, EndDealing, Trade
from landlord.engine.ledger import Ledger
from landlord.families.monopoly.estates import Estates

__all__ = ["Offer", "TradeOffers", "Trades"]

#: What a player may say in talks: end them, or propose a trade.
Offer = Trade | EndDealing


class TradeOffers(Sequence[Offer]):
    """The trades a player may propose: any legal one is accepted, a few are listed.

    Every combination of properties, cards and cash cannot be listed, so the
    listed offers are the plain ones (ending the talks first, then one
    property for its printed price either way, and a Get Out of Jail Free
    card for the Jail fine), made when first looked at; ``in`` accepts any
    trade the rules allow, so a bot or a form may propose others.
    """

    def __init__(self, trades: Trades, proposer: int) -> None:
        self._trades = trades
        self._proposer = proposer
        self._made: list[Offer] | None = None

    @property
    def _listed(self) -> list[Offer]:
        if self._made is None:
            self._made = self._trades.plain(self._proposer)
        return self._made

    def __len__(self) -> int:
        return len(self._listed)

    @overload
    def __getitem__(self, index: int) -> Offer: ...
    @overload
    def __getitem__(self, index: slice) -> list[Offer]: ...
    def __getitem__(self, index: int | slice) -> Offer | list[Offer]:
        return self._listed[index]

    def __iter__(self) -> Iterator[Offer]:
        return iter(self._listed)

    def __contains__(self, action: object) -> bool:
        if action is END_TALKS or action == END_TALKS:
            return True
        return isinstance(action, Trade) and self._trades.problem(self._proposer, action) == ""

    def __repr__(self) -> str:
        return f"TradeOffers({self._listed!r} and any other legal trade)"


class Trades:
    """The trades proposed in a game, and what a player may propose.

    Parameters
    ----------
    ledger : Ledger
        The game's ledger: the players' names and cash, and the round (its clock).
    estates : Estates
        Who holds which title, and where buildings stand.
    bankrupt : list of bool
        The game's list of who has gone bankrupt.
    jail_cards_held : list of list of (str, int)
        The game's list of each player's Get Out of Jail Free cards, as (pack, card).
    jail_fine : int
        What a Get Out of Jail Free card is offered for.
    """

    def __init__(
        self,
        ledger: Ledger,
        estates: Estates,
        bankrupt: list[bool],
        jail_cards_held: list[list[tuple[str, int]]],
        jail_fine: int,
    ) -> None:
        self._ledger = ledger
        self._estates = estates
        self._bankrupt = bankrupt
        self._held = jail_cards_held
        self._fine = jail_fine
        self._players = len(bankrupt)
        #: Every trade proposed: (round, proposer, trade, accepted).
        self.proposed: list[tuple[int, int, Trade, bool]] = []

    def record(self, round_: int, proposer: int, trade: Trade, accepted: bool) -> None:
        """Keep a proposal and its answer."""
        self.proposed.append((round_, proposer, trade, accepted))

    def accepted(self) -> int:
        """How many trades were made."""
        return sum(1 for *_, done in self.proposed if done)

    def possible(self, player: int) -> bool:
        """Whether any trade is possible: a property or card on either side."""
        owner = self._estates.owner
        held = self._held
        if held[player] or player in owner:
            return True
        return owner.count(-1) < len(owner) or any(held)

    def offers(self, player: int) -> TradeOffers:
        """The trades ``player`` may propose (see :class:`TradeOffers`)."""
        return TradeOffers(self, player)

    def plain(self, player: int) -> list[Offer]:
        """The listed offers of ``player`` (see :class:`TradeOffers`)."""
        estates = self._estates
        price = estates.tables.price
        cash = self._ledger.balances
        held = self._held
        fine = self._fine
        listed: list[Offer] = [END_TALKS]
        mine = estates.tradeable(player)
        for partner in range(self._players):
            if partner == player or self._bankrupt[partner]:
                continue
            for s in estates.tradeable(partner):
                if price[s] <= cash[player]:
                    listed.append(Trade(partner, (), (s,), price[s]))
            for s in mine:
                if price[s] <= cash[partner]:
                    listed.append(Trade(partner, (s,), (), -price[s]))
            if held[player] and cash[partner] >= fine:
                listed.append(Trade(partner, cash=-fine, give_cards=1))
            if held[partner] and cash[player] >= fine:
                listed.append(Trade(partner, cash=fine, take_cards=1))
        return listed

    def refused_lately(self, player: int, trade: Trade, rounds: int = 5) -> bool:
        """Whether ``player`` proposed ``trade`` and was refused in the last ``rounds`` rounds."""
        since = self._ledger.clock[0] - rounds
        for round_, proposer, proposed, accepted in reversed(self.proposed):
            if round_ < since:
                return False
            if proposer == player and proposed == trade and not accepted:
                return True
        return False

    def problem(self, proposer: int, trade: Trade) -> str:
        """Why ``proposer`` may not propose ``trade`` ("" if he may)."""
        partner = trade.partner
        if not isinstance(partner, int) or partner == proposer:
            return "a trade is with another player"
        if not 0 <= partner < self._players or self._bankrupt[partner]:
            return "that player is not in the game"
        if not (trade.give or trade.take or trade.give_cards or trade.take_cards):
            return "a trade moves at least one property or card"
        if len(set(trade.give)) != len(trade.give) or len(set(trade.take)) != len(trade.take):
            return "a property is named twice"
        estates = self._estates
        cards = set(estates.tables.cards)
        names = self._ledger.names
        for side, holder in ((trade.give, proposer), (trade.take, partner)):
            for s in side:
                if s not in cards or estates.owner[s] != holder:
                    return f"{names[holder]} does not hold space {s}"
                if estates.group_has_buildings(s):
                    return "buildings must be sold before a lot of their group changes hands"
        if not 0 <= trade.give_cards <= len(self._held[proposer]):
            return "not that many Get Out of Jail Free cards to give"
        if not 0 <= trade.take_cards <= len(self._held[partner]):
            return "not that many Get Out of Jail Free cards to take"
        balances = self._ledger.balances
        # Only the side that pays needs the cash: one short of money may still be paid.
        payer, amount = (proposer, trade.cash) if trade.cash > 0 else (partner, -trade.cash)
        if amount > 0 and amount > balances[payer]:
            return "the cash is not there to pay"
        return ""
