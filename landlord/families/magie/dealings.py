"""Money between players: payments that fall short, talks, loans, the Trust.

The rules leave much to the players (Rule 16: borrowing on agreed terms;
Rule 18: "players may do anything ... which does not conflict with the
rules"; the Suggestions: cards "may be bought, sold, mortgaged or traded").
A simulator needs a definite menu, so this module offers one, marked as our
reading in the rule set's data:

* **Talks.** Once a turn, before his throw, a player may open talks and make
  up to three offers: sell one of his cards (houses go with the lot) or a
  luxury card, offer to buy another's card, or ask for a loan. Prices are
  fractions of the card's value (printed price plus houses): 50% to 300%.
  The other player accepts or refuses.
* **Falling short.** A player who owes more than his cash may hold the same
  talks to raise the money (Rule 12: borrow, sell or mortgage). If he still
  cannot pay, he pays all he has, the rest is recorded as his debt, and he
  goes to the Poor House until his next turn. Such a debt, and a loan
  secured on wages, is repaid out of his wages as they come (Rule 16's
  "mortgage on ... his wages"). A bill paid late keeps its own reason in
  the ledger (a fine is still a fine, a Chance card's tax still a Chance
  payment); only a loan is repaid as "debt repaid".
* **The Trust** (Rule 9): two players holding every railroad between them may
  pool them; the Trust ends when a railroad changes hands.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar, cast

from landlord.engine.actions import (
    ACCEPT,
    END_TALKS,
    GIVE_UP,
    REFUSE,
    Accept,
    Action,
    AskForCard,
    AskLoan,
    Bid,
    EndDealing,
    FormTrust,
    GiveUp,
    OfferCard,
    OfferLuxury,
)
from landlord.engine.ledger import Debt
from landlord.engine.reasons import Reason
from landlord.engine.state import Flow, FlowTo, Proposal
from landlord.rules.sections import required

if TYPE_CHECKING:  # pragma: no cover - for the annotations only
    from landlord.families.magie.game import LandlordsGame

__all__ = ["ANSWERS", "Dealings"]

#: The offers of a card at each rung of a price ladder: to each player, asked of its
#: holder, and their prices (:meth:`Dealings._rungs`).
_Rungs = tuple[list[tuple[OfferCard, ...]], tuple[AskForCard, ...], list[int]]

_A = TypeVar("_A", bound=Action)

#: Accept or refuse: the answers to another player's proposal, made once.
ANSWERS = (ACCEPT, REFUSE)
#: Prices offered in talks, in percent of a card's value.
PRICE_LADDER = (50, 100, 150, 200, 300)
#: Offers a player may make in one round of talks.
OFFERS_PER_TALK = 3
#: Loans asked for in talks held for no debt.
LOAN_AMOUNTS = (100, 200)


class Dealings:
    """Debts, loans, talks and the Trust: the part of a game where players deal.

    It owns the debts (loans and unpaid bills, and the cards pledged for
    them), the railroad Trust, and the offers made in talks. Paying goes
    through :meth:`pay_bills`, which holds talks to raise money that falls
    short and sends a player who still cannot pay to the Poor House (or,
    under the single tax, to a Natural Opportunity).

    Parameters
    ----------
    game : LandlordsGame
        The game it is part of: its ledger, holdings, Treasury and tokens.
    """

    def __init__(self, game: LandlordsGame) -> None:
        self.game = game
        self.ledger = game.ledger
        self.holdings = game.holdings
        self.tables = game.tables
        self.players = game.n_players
        #: Every debt still owed, by id.
        self.debts: dict[int, Debt] = {}
        #: The bills a player is raising money for just now (payee, amount, reason),
        #: so that his question can say what he owes and to whom; empty otherwise.
        self.raising: list[tuple[int, int, str]] = []
        self._next_debt = 1
        #: How many debts are secured on wages (their creditors take the wages).
        self.wage_debts = 0
        #: Spaces whose cards are pledged for a debt: space -> debt id.
        self.pledged: dict[int, int] = {}
        #: The two players of a railroad Trust, or None.
        self.trust: frozenset[int] | None = None
        #: The two players who hold every railroad between them, or None (Rule 9).
        self.railroad_pair: set[int] | None = None
        # The actions offered, made once for every game of the rule set (they are
        # immutable records): bids by amount, offers by their fields, and a card at
        # every rung of a price ladder, by (card, to whom, value, ladder), and a loan
        # at every rate and security, by (lender, amount, card).
        offered = game.tables.offered
        self._bids: dict[int, Bid] = offered.setdefault("bids", {})
        self._offers: dict[tuple[Any, ...], Any] = offered.setdefault("offers", {})
        # A card's rungs (_Rungs) by (card, value, ladder, players); loans by (lender, amount,
        # card, on wages).
        self._ladders: dict[tuple[Any, ...], Any] = offered.setdefault("ladders", {})
        self._interest_rates = tuple(required(game.rules.borrowing).interest_percent)
        #: Each player's others, in seat order.
        self._others = [
            tuple(other for other in range(self.players) if other != player)
            for player in range(self.players)
        ]
        # A player who draws no wages (the Monarch of the World) cannot pledge them.
        self._wageless = game.wageless
        #: Whether a bill paid late keeps its own reason (else it is paid as "debt repaid").
        self.late_bills_keep_reason = required(game.rules.poor_house).late_bills == "keep_reason"

    def bid(self, amount: int) -> Bid:
        """The Bid of ``amount``, made once per game."""
        bid = self._bids.get(amount)
        if bid is None:
            bid = self._bids[amount] = Bid(amount)
        return bid

    def offer(self, kind: Callable[..., _A], *fields: object) -> _A:
        """An action record of type ``kind``, made once per game and then reused (offers
        recur)."""
        key = (kind, *fields)
        action = self._offers.get(key)
        if action is None:
            action = self._offers[key] = kind(*fields)
        return action

    # --- cards changing hands ------------------------------------------------------------

    def card_moved(self, space: int, player: int) -> None:
        """What a card changing hands does to debts and the Trust: a card back in the pack
        is no longer a pledge, and a railroad changing hands may end a Trust."""
        if player < 0:
            debt_id = self.pledged.pop(space, None)
            if debt_id is not None and debt_id in self.debts:
                # The pledge is gone; the debt stays, now secured on wages.
                self.debts[debt_id].collateral = None
                self.wage_debts += 1
        tables = self.tables
        if tables.kind[space] == "railroad":
            owner = self.holdings.owner
            holders = {owner[r] for r in tables.railroads}
            if self.trust is not None and holders != set(self.trust):
                self.trust = None
            # Rule 9: two players holding every railroad between them may form a Trust.
            self.railroad_pair = holders if len(holders) == 2 and -1 not in holders else None

    # --- paying -------------------------------------------------------------

    def pay(self, player: int, payee: int, amount: int, reason: str) -> FlowTo[bool]:
        """Pay, raising money if need be; return False if he could not."""
        paid = yield from self.pay_bills(player, [(payee, amount, reason)])
        return paid

    def pay_bills(
        self, player: int, bills: Sequence[tuple[int, int, str]], landing: bool = False
    ) -> FlowTo[bool]:
        """Pay every bill, raising money if need be; return False if he could not.

        Short of money, he pays what he can, owes the rest and goes to the Poor
        House; under the single tax he goes to a Natural Opportunity instead,
        paying nothing at all if the bills are for the space he landed on.
        """
        game = self.game
        transfer = self.ledger.transfer
        balances = self.ledger.balances
        treasury = game.treasury
        total = sum(amount for _, amount, _ in bills)
        if balances[player] < total:
            self.raising = list(bills)
            try:
                yield from self.talks(player, need=total)
            finally:
                self.raising = []
        if balances[player] >= total:
            for payee, amount, reason in bills:
                transfer(player, payee, amount, reason)
            return True
        if landing and treasury.single_tax:
            treasury.to_natural_opportunity(player)
            return False
        unpaid: dict[int, list[list[Any]]] = {}
        for payee, amount, reason in bills:
            cash = balances[player]
            paid = min(cash, amount)
            transfer(player, payee, paid, reason)
            if cash >= amount:
                continue
            # What is left of each bill, under its own reason, one debt per payee.
            unpaid.setdefault(payee, []).append([reason, amount - cash])
        keep_reason = self.late_bills_keep_reason
        for payee, left in unpaid.items():
            owed = sum(amount for _, amount in left)
            words = "unpaid " + " and ".join(reason for reason, _ in left)
            self.add_debt(player, payee, owed, words, bills=left if keep_reason else None)
        if treasury.single_tax:
            treasury.to_natural_opportunity(player)
        else:
            game.go_to_poor_house(player)
        return False

    # --- debts ---------------------------------------------------------------------

    def add_debt(
        self,
        debtor: int,
        creditor: int,
        owed: int,
        reason: str,
        collateral: int | None = None,
        bills: list[list[str | int]] | None = None,
    ) -> Debt:
        """Record that ``debtor`` owes ``creditor``; no money moves. ``bills``: for a
        bill not paid, what is left of it as ``[reason, amount]`` pairs (see :class:`Debt`)."""
        debt = Debt(self._next_debt, debtor, creditor, owed, reason, collateral, bills or [])
        self._next_debt += 1
        self.debts[debt.id] = debt
        if collateral is None:
            self.wage_debts += 1
        else:
            self.pledged[collateral] = debt.id
        return debt

    def settle(self, debt: Debt, amount: int, reason: str) -> None:
        """``amount`` of ``debt`` paid to its creditor (all of it clears the debt).

        A loan is paid under ``reason``. An unpaid bill is paid under its own
        reason, the bill that fell due first first, so that the Treasury counts a
        fine or a Chance card's tax paid late as it counts the same paid on time
        (under the option ``late_bills="debt_repaid"`` it is paid as a loan is).
        """
        transfer = self.ledger.transfer
        bills = debt.bills
        if not bills:
            transfer(debt.debtor, debt.creditor, amount, reason)
        else:
            left = amount
            while left > 0 and bills:
                bill = bills[0]  # [reason, amount]
                owed = cast(int, bill[1])
                part = min(left, owed)
                transfer(debt.debtor, debt.creditor, part, cast(str, bill[0]))
                left -= part
                bill[1] = owed - part
                if not bill[1]:
                    del bills[0]
        debt.owed -= amount
        if debt.owed <= 0:
            del self.debts[debt.id]
            if debt.collateral is None:
                self.wage_debts -= 1
            else:
                self.pledged.pop(debt.collateral, None)

    def repay(self, debt_id: int) -> None:
        """The debtor pays the whole of debt ``debt_id`` back."""
        debt = self.debts[debt_id]
        self.settle(debt, debt.owed, Reason.DEBT_REPAID)

    def take_wages(self, player: int, wages: int) -> None:
        """Creditors secured on wages take ``player``'s wages until they are paid."""
        balances = self.ledger.balances
        for debt in list(self.debts.values()):
            if wages <= 0:
                break
            if debt.debtor == player and debt.collateral is None:
                amount = min(debt.owed, wages, balances[player])
                if amount > 0:
                    self.settle(debt, amount, Reason.DEBT_REPAID_FROM_WAGES)
                    wages -= amount

    def owed_by(self, player: int) -> int:
        """What ``player`` owes, in all his debts."""
        return sum(d.owed for d in self.debts.values() if d.debtor == player)

    def owed_to(self, player: int) -> int:
        """What is owed to ``player``."""
        return sum(d.owed for d in self.debts.values() if d.creditor == player)

    def net_debts(self) -> list[int] | None:
        """What each player is owed less what he owes (``None`` while nobody owes anything)."""
        if not self.debts:
            return None
        players = self.players
        net = [0] * players
        for debt in self.debts.values():
            if debt.creditor < players:
                net[debt.creditor] += debt.owed
            net[debt.debtor] -= debt.owed
        return net

    # --- the Trust (Rule 9) ----------------------------------------------------------

    def trust_partner(self, player: int) -> int:
        """The one other holder of railroads, if the two hold them all and no Trust stands."""
        holders = self.railroad_pair
        if holders is None or self.trust is not None or player not in holders:
            return -1
        return next(holder for holder in holders if holder != player)

    def propose_trust(self, player: int, partner: int, proposal: FormTrust) -> Flow:
        """``player`` asks ``partner`` to pool the railroads; a yes forms the Trust."""
        answer = yield (partner, "trust", ANSWERS, Proposal(player, proposal))
        if type(answer) is Accept:
            self.trust = frozenset((player, partner))

    # --- talks ------------------------------------------------------------------

    def talks(self, player: int, need: int) -> Flow:
        """Offers to the other players; with ``need``, until the cash covers it."""
        balances = self.ledger.balances
        actions: list[Action] = []
        for _ in range(OFFERS_PER_TALK):
            if need and balances[player] >= need:
                return
            if not actions:
                actions = self.talk_actions(player, need)
            if len(actions) == 1:
                return
            choice = cast(Action, (yield (player, "talks", actions, need)))  # one of them
            if isinstance(choice, EndDealing | GiveUp):
                return
            accepted = yield from self.propose(player, choice)
            # A refused offer is not made twice; an accepted one changes the menu.
            actions = [] if accepted else [a for a in actions if a != choice]

    def talk_actions(self, player: int, need: int = 0) -> list[Action]:
        """What ``player`` may propose in talks (``need``: the sum he must raise).

        Cards are offered at :data:`PRICE_LADDER` fractions of their value
        (half or full value only, when raising money); a loan is secured on
        wages or on the cheapest free card worth at least the loan.
        """
        actions: list[Action] = [GIVE_UP if need else END_TALKS]
        others = self._others[player]
        balances = self.ledger.balances
        holdings = self.holdings
        owner = holdings.owner
        pledged = self.pledged
        ladder = PRICE_LADDER[:2] if need else PRICE_LADDER
        add = actions.append
        make = self.offer
        price_of = holdings.prices
        houses = holdings.houses
        house_cost = holdings.house_cost
        ladders = self._ladders
        extend = actions.extend
        free: list[tuple[int, int]] = []
        for space in self.tables.cards:
            holder = owner[space]
            if holder < 0 or (need and holder != player) or space in pledged:
                continue
            value = price_of[space] + houses[space] * house_cost
            # The card at every rung of the ladder (prices rising): offered to each
            # player, or asked of its holder, made once; those the buyer can pay for
            # are a first run of each.
            rungs = ladders.get((space, value, ladder, self.players))
            if rungs is None:
                rungs = self._rungs(space, value, ladder)
            offers_to, asks, prices = rungs
            if holder == player:
                free.append((value, space))  # his cards not pledged: security for a loan
                for other in others:
                    extend(offers_to[other][: bisect_right(prices, balances[other])])
            else:
                extend(asks[: bisect_right(prices, balances[player])])
        if holdings.luxuries[player]:
            fee = holdings.luxury_fee
            for other in others:
                for price in (fee * 2 // 3, fee, fee * 4 // 3):
                    if balances[other] >= price:
                        add(make(OfferLuxury, other, price))
        amounts = ((need - balances[player] + 9) // 10 * 10,) if need else LOAN_AMOUNTS
        on_wages = player != self._wageless
        for amount in amounts:
            # The cheapest of his free cards worth at least the loan (the first in board
            # order among the cheapest).
            cover = min((card for card in free if card[0] >= amount), default=(0, None))[1]
            for other in others:
                if balances[other] >= amount:
                    # Every rate, on wages or on the card that covers it, made once.
                    key = (other, amount, cover, on_wages)
                    loans = ladders.get(key)
                    if loans is None:
                        securities = ((None,) if on_wages else ()) + (
                            () if cover is None else (cover,)
                        )
                        loans = ladders[key] = tuple(
                            make(AskLoan, other, amount, interest, security)
                            for interest in self._interest_rates
                            for security in securities
                        )
                    actions.extend(loans)
        return actions

    def _rungs(self, space: int, value: int, ladder: tuple[int, ...]) -> _Rungs:
        """The offers of the card of ``space``, worth ``value``, at each rung of
        ``ladder``: to each player (by seat), asked of its holder, and their prices;
        kept for every game of the rule set at this many seats."""
        prices = [value * pct // 100 for pct in ladder]
        make = self.offer
        offers_to = [
            tuple(make(OfferCard, space, other, price) for price in prices)
            for other in range(self.players)
        ]
        asks = tuple(make(AskForCard, space, price) for price in prices)
        rungs = self._ladders[space, value, ladder, self.players] = (offers_to, asks, prices)
        return rungs

    def propose(self, player: int, offer: Action) -> FlowTo[bool]:
        """Put an offer to the other player concerned and carry it out if accepted."""
        transfer = self.ledger.transfer
        game = self.game
        holdings = self.holdings
        if isinstance(offer, OfferCard):
            answer = yield (offer.buyer, "offer", ANSWERS, Proposal(player, offer))
            if type(answer) is Accept:
                transfer(offer.buyer, player, offer.price, Reason.CARD_SOLD)
                game.give_card(offer.space, offer.buyer)
        elif isinstance(offer, AskForCard):
            holder = holdings.owner[offer.space]
            answer = yield (holder, "offer", ANSWERS, Proposal(player, offer))
            if type(answer) is Accept:
                transfer(player, holder, offer.price, Reason.CARD_SOLD)
                game.give_card(offer.space, player)
        elif isinstance(offer, OfferLuxury):
            answer = yield (offer.buyer, "offer", ANSWERS, Proposal(player, offer))
            if type(answer) is Accept:
                transfer(offer.buyer, player, offer.price, Reason.LUXURY_CARD_SOLD)
                holdings.luxuries[player] -= 1
                holdings.luxuries[offer.buyer] += 1
        elif isinstance(offer, AskLoan):
            answer = yield (offer.lender, "offer", ANSWERS, Proposal(player, offer))
            if type(answer) is Accept:
                transfer(offer.lender, player, offer.amount, Reason.LOAN)
                owed = offer.amount * (100 + offer.interest) // 100
                self.add_debt(player, offer.lender, owed, Reason.LOAN, offer.collateral)
        else:
            return False
        return type(answer) is Accept

    def __repr__(self) -> str:
        trust = f", a Trust of {sorted(self.trust)}" if self.trust else ""
        return f"<Dealings: {len(self.debts)} debts{trust}>"
