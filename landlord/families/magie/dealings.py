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
  "mortgage on ... his wages").
* **The Trust** (Rule 9): two players holding every railroad between them may
  pool them; the Trust ends when a railroad changes hands.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from landlord.engine.actions import (
    ACCEPT,
    CALL_VOTE,
    END_TALKS,
    GIVE_UP,
    NEGOTIATE,
    REFUSE,
    ROLL,
    Accept,
    AskForCard,
    AskLoan,
    Bid,
    Build,
    CallVote,
    ClaimSite,
    EndDealing,
    FormTrust,
    GiveUp,
    Negotiate,
    OfferCard,
    OfferLuxury,
    Repay,
)
from landlord.engine.ledger import Debt
from landlord.engine.reasons import Reason
from landlord.engine.state import Flow, Proposal
from landlord.families.magie.holdings import Holdings

__all__ = ["Dealings"]

ANSWERS = (ACCEPT, REFUSE)
LAND_VALUE_TAX = Reason.LAND_VALUE_TAX
#: The turn's usual choices, by (talks left, vote open): shared tuples.
USUAL_BUSINESS = {
    (0, 0): (ROLL,),
    (1, 0): (ROLL, NEGOTIATE),
    (0, 1): (ROLL, CALL_VOTE),
    (1, 1): (ROLL, CALL_VOTE, NEGOTIATE),
}

#: Prices offered in talks, in percent of a card's value.
PRICE_LADDER = (50, 100, 150, 200, 300)
#: Offers a player may make in one round of talks.
OFFERS_PER_TALK = 3
#: Loans asked for in talks held for no debt.
LOAN_AMOUNTS = (100, 200)


class Dealings(Holdings):
    """Payments, debts, talks and the Trust, for a game with cards and houses.

    The game class sets ``tables``, ``rules``, ``owner``, ``houses``,
    ``position`` and the player lists, then calls :meth:`_setup_dealings`.
    """

    def _setup_dealings(self) -> None:
        self.debts: dict[int, Debt] = {}
        self._next_debt = 1
        self._wage_debts = 0
        #: Spaces whose cards are pledged for a debt: space -> debt id.
        self.pledged: dict[int, int] = {}
        #: The two players of a railroad Trust, or None.
        self.trust: frozenset[int] | None = None
        self._railroad_pair: set[int] | None = None
        self.extra_turn = False
        self._talks_left = 0
        self._bids: dict[int, Bid] = {}
        self._offers: dict[tuple, Any] = {}
        #: Offers made once: a card at every rung of a price ladder, by (card, to whom,
        #: value, ladder), and a loan at every rate and security, by (lender, amount, card).
        self._ladders: dict[tuple, tuple] = {}
        self._builds = self.tables.builds
        #: The lots each player holds (kept by :meth:`_set_owner`).
        self.lots_held: list[set[int]] = [set() for _ in range(self.n_players)]
        #: What each player's cards and houses are worth (printed prices, houses at
        #: cost): his net worth less his cash, luxury and Professor cards and debts.
        self.assets = [0] * self.n_players
        #: The Build actions of each player's lots in board order, made when asked for.
        self._builds_of: list[tuple | None] = [None] * self.n_players
        rules = self.rules
        self._house_cost = self.house_cost = rules["houses.cost"]
        self._house_to = self.pile_account[rules["houses.paid_to"]]
        #: Times each player has gone to the Poor House.
        self.poor_house_visits = [0] * self.n_players
        self._house_limit = rules["houses.limit"]
        self._luxury_fee = self.luxury_fee = rules["luxury.fee"]
        self._interest_rates = tuple(rules["borrowing.interest_percent"])
        score = rules.params["score"]
        self._score_rule = (score["per_card"], score["per_house"], score["per_luxury"])

    def _bid(self, amount: int) -> Bid:
        bid = self._bids.get(amount)
        if bid is None:
            bid = self._bids[amount] = Bid(amount)
        return bid

    def _offer(self, kind: type, *fields: Any) -> Any:
        """An action record, made once per game and then reused (offers recur)."""
        key = (kind, *fields)
        action = self._offers.get(key)
        if action is None:
            action = self._offers[key] = kind(*fields)
        return action

    # --- cards ----------------------------------------------------------------

    def _set_owner(self, space: int, player: int) -> None:
        """Give the card of ``space`` to ``player`` (-1: back to the pack)."""
        before = self.owner[space]
        value = self.prices[space] + self.houses[space] * self._house_cost
        if before >= 0:
            self.lots_held[before].discard(space)
            self._builds_of[before] = None
            self.assets[before] -= value
        if player >= 0:
            self.assets[player] += value
            if space in self._builds:
                self.lots_held[player].add(space)
                self._builds_of[player] = None
        self.owner[space] = player
        if player < 0:
            self.houses[space] = 0
            debt_id = self.pledged.pop(space, None)
            if debt_id is not None and debt_id in self.debts:
                # The pledge is gone; the debt stays, now secured on wages.
                self.debts[debt_id].collateral = None
                self._wage_debts += 1
        if self.tables.kind[space] == "railroad":
            holders = {self.owner[r] for r in self.tables.railroads}
            if self.trust is not None and holders != set(self.trust):
                self.trust = None
            # Rule 9: two players holding every railroad between them may form a Trust.
            self._railroad_pair = holders if len(holders) == 2 and -1 not in holders else None

    def cards_of(self, player: int) -> list[int]:
        """The spaces whose cards ``player`` holds, in board order."""
        owner = self.owner
        return [space for space in self.tables.cards if owner[space] == player]

    def card_value(self, space: int) -> int:
        """A card's worth in talks: its printed price plus its houses at cost."""
        return self.prices[space] + self.houses[space] * self._house_cost

    # --- paying -------------------------------------------------------------

    def _pay(self, player: int, payee: int, amount: int, reason: str) -> Flow:
        """Pay, raising money if need be; return False if he could not."""
        paid = yield from self._pay_bills(player, [(payee, amount, reason)])
        return paid

    def _pay_bills(
        self, player: int, bills: list[tuple[int, int, str]], landing: bool = False
    ) -> Flow:
        """Pay every bill, raising money if need be; return False if he could not.

        Short of money, he pays what he can, owes the rest and goes to the Poor
        House; under the single tax he goes to a Natural Opportunity instead,
        paying nothing at all if the bills are for the space he landed on.
        """
        transfer = self.ledger.transfer
        balances = self.ledger.balances
        total = sum(amount for _, amount, _ in bills)
        if balances[player] < total:
            yield from self._talks(player, need=total)
        if balances[player] >= total:
            for payee, amount, reason in bills:
                transfer(player, payee, amount, reason)
                if reason is LAND_VALUE_TAX:
                    self._fund += amount  # the dial's tax, for the Treasury to spend
            return True
        if landing and self.single_tax:
            self.to_natural_opportunity(player)
            return False
        unpaid: dict[int, list] = {}
        for payee, amount, reason in bills:
            cash = balances[player]
            paid = min(cash, amount)
            transfer(player, payee, paid, reason)
            if reason is LAND_VALUE_TAX:
                self._fund += paid
            if cash >= amount:
                continue
            owed = unpaid.setdefault(payee, [0, []])
            owed[0] += amount - cash
            owed[1].append(reason)
        for payee, (owed, reasons) in unpaid.items():
            self.add_debt(player, payee, owed, "unpaid " + " and ".join(reasons))
        if self.single_tax:
            self.to_natural_opportunity(player)
        else:
            self.go_to_poor_house(player)
        return False

    def go_to_poor_house(self, player: int) -> None:
        """Rule 12: he stays there until his next turn."""
        self.poor_house_visits[player] += 1
        self.in_poor_house[player] = True
        self.jailed[player] = False
        self.position[player] = self.tables.poor_house

    def add_debt(
        self, debtor: int, creditor: int, owed: int, reason: str, collateral: int | None = None
    ) -> Debt:
        """Record that ``debtor`` owes ``creditor``; no money moves."""
        debt = Debt(self._next_debt, debtor, creditor, owed, reason, collateral)
        self._next_debt += 1
        self.debts[debt.id] = debt
        if collateral is None:
            self._wage_debts += 1
        else:
            self.pledged[collateral] = debt.id
        return debt

    def _settle(self, debt: Debt, amount: int, reason: str) -> None:
        self.ledger.transfer(debt.debtor, debt.creditor, amount, reason)
        debt.owed -= amount
        if debt.owed <= 0:
            del self.debts[debt.id]
            if debt.collateral is None:
                self._wage_debts -= 1
            else:
                self.pledged.pop(debt.collateral, None)

    def _take_wages_for_debts(self, player: int, wages: int) -> None:
        """Creditors secured on wages take them until they are paid."""
        for debt in list(self.debts.values()):
            if wages <= 0:
                break
            if debt.debtor == player and debt.collateral is None:
                amount = min(debt.owed, wages, self.cash(player))
                if amount > 0:
                    self._settle(debt, amount, Reason.DEBT_REPAID_FROM_WAGES)
                    wages -= amount

    # --- the turn's business ------------------------------------------------

    def _business_actions(self, player: int) -> Sequence[Any]:
        cash = self.ledger.balances[player]
        single_tax = self.single_tax
        if (cash < self._house_cost or not (self.lots_held[player] or single_tax)) and not (
            self.debts or self._railroad_pair
        ):
            # The common case: nothing to build, repay or pool; a shared tuple.
            return USUAL_BUSINESS[self._talks_left, 0 if single_tax else self._votes_left]
        actions: list[Any] = [ROLL]
        can_build = cash >= self._house_cost
        if can_build and self.lots_held[player]:
            builds = self._builds_of[player]
            if builds is None:
                lots = sorted(self.lots_held[player])
                builds = self._builds_of[player] = tuple(self._builds[lot] for lot in lots)
            limit = self._house_limit
            if limit:
                houses = self.houses
                actions.extend(build for build in builds if houses[build.space] < limit)
            else:
                actions.extend(builds)
        if self.debts:
            for debt in self.debts.values():
                if debt.debtor == player and cash >= debt.owed:
                    actions.append(Repay(debt.id))
        if self._railroad_pair is not None:
            partner = self._trust_partner(player)
            if partner >= 0:
                actions.append(FormTrust(partner))
        if self._votes_left and not single_tax:
            actions.append(CALL_VOTE)
        if self._talks_left:
            actions.append(NEGOTIATE)
        if can_build and single_tax:
            actions.extend(self.site_claims)  # Single Tax Rule 4: any unimproved lot, last
        return actions

    def _do_business(self, player: int, choice: Any) -> Flow:
        if isinstance(choice, Build):
            rule = self.rules.params["houses"]
            to = self.pile_account[rule["paid_to"]]
            self.ledger.transfer(player, to, rule["cost"], Reason.HOUSE_BUILT)
            self.houses[choice.space] += 1
            self.assets[player] += self._house_cost
        elif isinstance(choice, Repay):
            debt = self.debts[choice.debt]
            self._settle(debt, debt.owed, Reason.DEBT_REPAID)
        elif isinstance(choice, FormTrust):
            answer = yield (choice.partner, "trust", ANSWERS, Proposal(player, choice))
            if type(answer) is Accept:
                self.trust = frozenset((player, choice.partner))
        elif isinstance(choice, Negotiate):
            self._talks_left -= 1
            yield from self._talks(player, need=0)
        elif isinstance(choice, ClaimSite):
            yield from self._claim_site(player, choice.space)
        elif isinstance(choice, CallVote):
            yield from self._call_vote(player)

    def _trust_partner(self, player: int) -> int:
        """The one other holder of railroads, if the two hold them all and no Trust stands."""
        holders = self._railroad_pair
        if holders is None or self.trust is not None or player not in holders:
            return -1
        return next(holder for holder in holders if holder != player)

    # --- talks ------------------------------------------------------------------

    def _talks(self, player: int, need: int) -> Flow:
        """Offers to the other players; with ``need``, until the cash covers it."""
        actions: list[Any] = []
        for _ in range(OFFERS_PER_TALK):
            if need and self.cash(player) >= need:
                return
            if not actions:
                actions = self.talk_actions(player, need)
            if len(actions) == 1:
                return
            choice = yield (player, "talks", actions, need)
            if isinstance(choice, EndDealing | GiveUp):
                return
            accepted = yield from self._propose(player, choice)
            # A refused offer is not made twice; an accepted one changes the menu.
            actions = [] if accepted else [a for a in actions if a != choice]

    def talk_actions(self, player: int, need: int = 0) -> list[Any]:
        """What ``player`` may propose in talks (``need``: the sum he must raise).

        Cards are offered at :data:`PRICE_LADDER` fractions of their value
        (half or full value only, when raising money); a loan is secured on
        wages or on the cheapest free card worth at least the loan.
        """
        actions: list[Any] = [GIVE_UP if need else END_TALKS]
        others = [o for o in range(self.n_players) if o != player]
        balances = self.ledger.balances
        owner = self.owner
        pledged = self.pledged
        ladder = PRICE_LADDER[:2] if need else PRICE_LADDER
        add = actions.append
        make = self._offer
        price_of = self.prices
        houses = self.houses
        house_cost = self._house_cost
        ladders = self._ladders
        for space in self.tables.cards:
            holder = owner[space]
            if holder < 0 or space in pledged or (need and holder != player):
                continue
            value = price_of[space] + houses[space] * house_cost
            if holder == player:
                for other in others:
                    # The offers of this card to this player at every rung, made once.
                    key = (space, other, value, ladder)
                    offers = ladders.get(key)
                    if offers is None:
                        offers = ladders[key] = tuple(
                            make(OfferCard, space, other, value * pct // 100) for pct in ladder
                        )
                    cash = balances[other]
                    for offer in offers:
                        if cash >= offer.price:
                            add(offer)
            else:
                key = (space, -1, value, ladder)
                offers = ladders.get(key)
                if offers is None:
                    offers = ladders[key] = tuple(
                        make(AskForCard, space, value * pct // 100) for pct in ladder
                    )
                cash = balances[player]
                for offer in offers:
                    if cash >= offer.price:
                        add(offer)
        if self.luxuries[player]:
            fee = self._luxury_fee
            for other in others:
                for price in (fee * 2 // 3, fee, fee * 4 // 3):
                    if balances[other] >= price:
                        add(make(OfferLuxury, other, price))
        amounts = ((need - balances[player] + 9) // 10 * 10,) if need else LOAN_AMOUNTS
        free = sorted(
            (price_of[s] + houses[s] * house_cost, s)
            for s in self.tables.cards
            if owner[s] == player and s not in pledged
        )
        for amount in amounts:
            cover = next((space for value, space in free if value >= amount), None)
            for other in others:
                if balances[other] >= amount:
                    # Every rate, on wages or on the card that covers it, made once.
                    key = (other, amount, cover)
                    loans = ladders.get(key)
                    if loans is None:
                        securities = (None,) if cover is None else (None, cover)
                        loans = ladders[key] = tuple(
                            make(AskLoan, other, amount, interest, security)
                            for interest in self._interest_rates
                            for security in securities
                        )
                    actions.extend(loans)
        return actions

    def _propose(self, player: int, offer: Any) -> Flow:
        """Put an offer to the other player concerned and carry it out if accepted."""
        transfer = self.ledger.transfer
        if isinstance(offer, OfferCard):
            answer = yield (offer.buyer, "offer", ANSWERS, Proposal(player, offer))
            if type(answer) is Accept:
                transfer(offer.buyer, player, offer.price, Reason.CARD_SOLD)
                self._set_owner(offer.space, offer.buyer)
        elif isinstance(offer, AskForCard):
            holder = self.owner[offer.space]
            answer = yield (holder, "offer", ANSWERS, Proposal(player, offer))
            if type(answer) is Accept:
                transfer(player, holder, offer.price, Reason.CARD_SOLD)
                self._set_owner(offer.space, player)
        elif isinstance(offer, OfferLuxury):
            answer = yield (offer.buyer, "offer", ANSWERS, Proposal(player, offer))
            if type(answer) is Accept:
                transfer(offer.buyer, player, offer.price, Reason.LUXURY_CARD_SOLD)
                self.luxuries[player] -= 1
                self.luxuries[offer.buyer] += 1
        elif isinstance(offer, AskLoan):
            answer = yield (offer.lender, "offer", ANSWERS, Proposal(player, offer))
            if type(answer) is Accept:
                transfer(offer.lender, player, offer.amount, Reason.LOAN)
                owed = offer.amount * (100 + offer.interest) // 100
                self.add_debt(player, offer.lender, owed, Reason.LOAN, offer.collateral)
        else:
            return False
        return type(answer) is Accept
