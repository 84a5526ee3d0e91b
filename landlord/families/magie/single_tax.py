"""Magie's Single Tax rules (1906), the land-value-tax dial and the Prosperity ending.

The 1906 booklet prints, after the monopolist rules, a second set: the players
may vote at any point to play on under the single tax. Then

* no tax is paid on the Absolute Necessities (Rule 1);
* all land rent goes to the Public Treasury, the title-holder's own included,
  and title deeds lose their value; house rent still goes to the house owner
  (Rules 2 and 4);
* anyone may build on an unimproved lot: the player who stops there, unopposed,
  or any player on his turn, unless others bid for the site; bids go to the
  Treasury (Rule 4);
* the Treasury spends every $50 on the next public good: the two franchises
  and the railroads are bought out and become free to use, then a Free College
  goes up on Lord Blueblood's Estate and one on Hogg's Game Preserves (ending
  the trespass there; stopping at a college takes an Education card), then
  each $50 raises wages by $10 (Rules 3, 5, 6 and 7);
* there is no Poor House: a player who cannot afford his move goes to a
  Natural Opportunity, an inner corner that pays wages and charges rent
  (Rule 8).

The rule set ``single_tax`` plays these rules from the start; ``prosperity``
adds the reported 1932 ending (everyone wins when the poorest player has
doubled his starting money). The *land-value-tax dial* (a modern extension)
sends a share of each land rent paid to a title-holder to the Treasury, which
spends it in the order of Rule 6; at 1 the whole single tax applies.

This is part of :class:`~landlord.families.magie.game.LandlordsGame`, which
calls these methods from its turn and its flow; the numbers come from the rule
set's ``[single_tax]``, ``[treasury_spending]``, ``[education]``,
``[natural_opportunities]``, ``[land_value_tax]`` and ``[prosperity]``
sections, and the readings chosen where the text is silent are listed in its
``[readings]``.
"""

from __future__ import annotations

from pathlib import Path

from landlord.engine.actions import (
    ACCEPT,
    CALL_VOTE,
    DECLINE,
    PASS,
    REFUSE,
    Accept,
    Bid,
    Build,
    ClaimSite,
)
from landlord.engine.reasons import Reason
from landlord.engine.state import Flow, Proposal, Sale
from landlord.families.magie.spaces import SpaceRules
from landlord.money import money
from landlord.rules import RulesError

__all__ = ["SingleTax"]

VOTE_ANSWERS = (ACCEPT, REFUSE)


class SingleTax(SpaceRules):
    """The single tax, the vote that brings it in, the Treasury's spending and the dial."""

    def _setup_single_tax(self) -> None:
        """Read the single-tax numbers; call after the board and players are set up."""
        p = self.rules.params
        t = self.tables
        n = self.n_players
        rule = p.get("single_tax", {})
        spending = p.get("treasury_spending", {})
        tax = p.get("land_value_tax", {})
        #: True once the single tax is in force.
        self.single_tax = False
        #: The round the single tax began (0: from the start), or -1.
        self.single_tax_since = -1
        share = float(tax.get("share", 0.0))
        self._from_start = bool(rule.get("from_start", False)) or share >= 1
        wanted = self._from_start or share > 0 or rule.get("vote") or rule.get("at_round")
        if wanted:
            self._check_single_tax_sections()
        #: The dial's share of land rent taxed, while the single tax is not in force.
        self.land_value_tax = share if 0 < share < 1 else 0.0
        self._dividend = bool(tax.get("dividend", False))
        self._vote_open = 1 if rule.get("vote", False) else 0
        self._votes_needed = rule.get("votes_needed", 2)
        self._switch_round = rule.get("at_round", 0)
        piles = self.pile_account
        self._rent_to = piles.get(rule.get("rent_paid_to", ""), -1)
        self._site_steps = tuple(rule.get("site_bid_steps", ()))
        #: The Public Treasury's account in the ledger (-1 if the rule set has none).
        self.treasury_account = piles.get(spending.get("pile", "public_treasury"), -1)
        self._treasury = self.treasury_account
        self._step = spending.get("step", 0)
        self._unheld_to = piles.get(spending.get("unheld_paid_to", ""), self.bank)
        self._works_to = piles.get(spending.get("paid_to", ""), self.bank)
        self._wage_rise = spending.get("wage_rise", 0)
        #: Public goods not yet bought, in Rule 6's order: ("utility" | "college", space).
        self._to_buy = [("utility", s) for s in spending.get("utilities", ())] + [
            ("college", s) for s in spending.get("colleges", ())
        ]
        education = p.get("education", {})
        self._per_professor = (
            education.get("cards_per_professor", 4),
            education.get("per_professor", 0),
        )
        work = p.get("natural_opportunities", {})
        self._opportunity_wages_from = piles.get(work.get("wages_paid_by", ""), self.bank)
        self._opportunity_rent_to = piles.get(work.get("rent_paid_to", ""), self._treasury)
        prosperity = p.get("prosperity")
        self._prosperity_goal = 0
        self._prosperity_counts = "cash"
        if prosperity:
            self._prosperity_goal = prosperity["times_start"] * self.rules.starting_cash[n]
            self._prosperity_counts = prosperity["counts"]
        #: Spending by Rule 6 is under way (the single tax, or the dial above 0).
        self._spending = self.land_value_tax > 0
        #: The dial's land value tax collected and not yet spent (counted as it is paid).
        self._fund = 0
        #: Spaces whose franchise or railroad the public has bought: free to use.
        self.public = [False] * t.size
        #: Spaces with a Free College.
        self.colleges: set[int] = set()
        #: Education cards each player has taken (four make a Professor card).
        self.education = [0] * n
        #: Times each player has gone to a Natural Opportunity.
        self.opportunity_visits = [0] * n
        #: What the Treasury has bought: (round, what), in order.
        self.public_works: list[tuple[int, str]] = []
        #: True when the game ended with the Prosperity win: everyone wins.
        self.everyone_wins = False
        self._votes_left = 0
        #: The claims a player may make on unimproved lots, kept as sites are built on.
        self.site_claims: tuple[ClaimSite, ...] = ()
        #: Card prices for talks and net worth: lots are worth nothing under the single tax.
        self.prices = t.price

    def _check_single_tax_sections(self) -> None:
        """A rule set that can bring the single tax in must say how it works."""
        missing = [
            name
            for name in ("single_tax", "treasury_spending", "natural_opportunities")
            if name not in self.rules.params
        ]
        if missing:
            file = Path(self.rules.files[0]).name if self.rules.files else self.rules.id
            raise RulesError(
                f"{file}: section [{missing[0]}]: missing (expected it: this rule set can "
                "bring in the single tax, by vote, by round, from the start or by the "
                "land-value-tax dial)"
            )

    # --- bringing the single tax in -----------------------------------------------

    def adopt_single_tax(self) -> None:
        """Switch the game to the single tax now (the vote carried, or the round came).

        The Treasury's money goes to the bank (it starts empty), the cards of
        unimproved lots go back to the pack (title deeds have no value) and a
        lot with houses stays with its holder, now their house owner.
        """
        if self.single_tax:
            return
        self.single_tax = True
        self.single_tax_since = self.round
        self._spending = True
        treasury = self._treasury
        balance = self.ledger.balances[treasury]
        if balance > 0:
            self.ledger.transfer(treasury, self.bank, balance, Reason.TREASURY_EMPTIED)
        for lot in self.tables.lots:
            holder = self.owner[lot]
            if holder >= 0 and not self.houses[lot]:
                self._set_owner(lot, -1)
            elif holder >= 0:
                self.assets[holder] -= self.prices[lot]  # the deed is worth nothing now
        self.prices = self.tables.price_without_deeds
        self._open_sites()
        self.public_works.append((self.round, "the single tax begins"))

    def _call_vote(self, player: int) -> Flow:
        """The 1906 preamble: the others answer in turn; enough votes carry it at once."""
        self._votes_left = 0
        ayes = 1
        n = self.n_players
        about = Proposal(player, CALL_VOTE)
        for k in range(1, n):
            if ayes >= self._votes_needed:
                break
            answer = yield ((player + k) % n, "vote", VOTE_ANSWERS, about)
            if type(answer) is Accept:
                ayes += 1
        if ayes >= self._votes_needed:
            self.adopt_single_tax()

    # --- land and sites (Rules 2 and 4) ----------------------------------------------

    def _site_landing(self, player: int, space: int) -> Flow:
        """Stopping on a lot: land rent to the Treasury, house rent to the house owner;
        on an unimproved lot he may then build."""
        bills = self.rent_due(space, player)
        balances = self.ledger.balances
        if len(bills) == 1 and balances[player] >= bills[0][1]:
            self.ledger.transfer(player, *bills[0])
        else:
            paid = yield from self._pay_bills(player, bills, landing=True)
            if not paid:
                return
        if not self.houses[space] and balances[player] >= self._house_cost:
            choice = yield (player, "build_site", (self._builds[space], DECLINE), space)
            if type(choice) is Build:
                self._build_site(player, space, 0)

    def _claim_site(self, player: int, space: int) -> Flow:
        """Rule 4: a claim to build on a site; the others may bid for it, one round,
        from his left; he may match the highest bid, else the highest bidder builds."""
        cost = self._house_cost
        high, bidder = 0, -1
        n = self.n_players
        for k in range(1, n):
            other = (player + k) % n
            room = self.cash(other) - cost
            bids = [self._bid(high + step) for step in self._site_steps if high + step <= room]
            if not bids:
                continue
            choice = yield (other, "site_bid", (PASS, *bids), Sale(space, high, bidder, player))
            if type(choice) is Bid:
                high, bidder = choice.amount, other
        if bidder >= 0 and self.cash(player) >= high + cost:
            match = ClaimSite(space, high)
            about = Sale(space, high, bidder, player)
            choice = yield (player, "site", (match, DECLINE), about)
            if type(choice) is ClaimSite:
                bidder = player
        self._build_site(player if bidder < 0 else bidder, space, high)

    def _build_site(self, player: int, space: int, bid: int) -> None:
        if bid:
            self.ledger.transfer(player, self._treasury, bid, Reason.SITE_BID)
        self.ledger.transfer(player, self._house_to, self._house_cost, Reason.HOUSE_BUILT)
        self._set_owner(space, player)
        self.houses[space] += 1
        self.assets[player] += self._house_cost
        self._open_sites()

    def _open_sites(self) -> None:
        houses = self.houses
        claims = self.tables.claims
        self.site_claims = tuple([claims[lot] for lot in self.tables.lots if not houses[lot]])

    # --- the Treasury's spending (Rule 6) ----------------------------------------------

    def _spend_treasury(self) -> None:
        """Spend the Treasury's money, a step at a time, on the next public good."""
        balances = self.ledger.balances
        step = self._step
        # Under the dial, only the land value tax collected is spent.
        fund = balances[self._treasury] if self.single_tax else self._fund
        if not step:
            return
        while fund >= step:
            spent = self._buy_public_good()
            if not spent:
                break  # a dividend too small to share among the players
            fund -= spent
            if not self.single_tax:
                self._fund -= spent

    def _buy_public_good(self) -> int:
        """Buy the next public good, or raise wages (or pay the dividend); return the cost."""
        transfer = self.ledger.transfer
        treasury, step = self._treasury, self._step
        name = self.tables.name
        while self._to_buy:
            kind, space = self._to_buy.pop(0)
            if kind == "utility":
                if self.public[space]:
                    continue
                holder = self.owner[space]
                transfer(
                    treasury,
                    holder if holder >= 0 else self._unheld_to,
                    step,
                    Reason.PUBLIC_PURCHASE,
                )
                if holder >= 0:
                    self._set_owner(space, -1)
                self.public[space] = True
                self.public_works.append((self.round, f"{name[space]} bought: free to use"))
            else:
                transfer(treasury, self._works_to, step, Reason.FREE_COLLEGE)
                self.colleges.add(space)
                self.public_works.append((self.round, f"a Free College on {name[space]}"))
            return step
        if self._dividend:
            share = step // self.n_players
            for player in range(self.n_players):
                transfer(treasury, player, share, Reason.CITIZENS_DIVIDEND)
            return share * self.n_players
        transfer(treasury, self._works_to, step, Reason.WAGE_RISE)
        self.wages += self._wage_rise
        self.public_works.append((self.round, f"wages raised to {money(self.wages)}"))
        return step

    def _go_to_college(self, player: int) -> None:
        """Rule 7: stopping at a Free College takes an Education card."""
        self.education[player] += 1

    # --- Natural Opportunities (Rule 8) ------------------------------------------------

    def to_natural_opportunity(self, player: int) -> None:
        """Put his checker on the Natural Opportunity nearest behind his space."""
        track = self.tables.track
        side = track.side_space_behind(self.position[player], 0)
        if side is None:  # a board without inner corners: the Poor House, as before
            self.go_to_poor_house(player)
            return
        self.position[player] = side
        self.jailed[player] = False
        self.opportunity_visits[player] += 1

    def _work_opportunity(self, player: int) -> Flow:
        """At the start of his turn there: its wages from the bank, its rent to the Treasury."""
        side = self.rules.board.side_spaces[self.position[player] - self.tables.size]
        self.ledger.transfer(
            self._opportunity_wages_from, player, side.wages, Reason.OPPORTUNITY_WAGES
        )
        yield from self._pay(player, self._opportunity_rent_to, side.rent, Reason.OPPORTUNITY_RENT)

    # --- the Prosperity ending -----------------------------------------------------------

    def prosperous(self) -> bool:
        """The reported 1932 test: the poorest player has doubled his starting money."""
        goal = self._prosperity_goal
        if not goal:
            return False
        if self._prosperity_counts == "cash":
            return min(self.ledger.balances[: self.n_players]) >= goal
        return min(self.net_worths()) >= goal
