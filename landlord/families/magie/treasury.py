"""Magie's Single Tax rules (1906), the land-value-tax dial and the Prosperity ending.

The 1906 booklet prints, after the monopolist rules, a second set: the players
may vote at any point to play on under the single tax. Then

* no tax is paid on the Absolute Necessities (Rule 1);
* all land rent goes to the Public Treasury and title deeds lose their value;
  house rent still goes to the house owner (Rules 2 and 4); that the
  title-holder pays it too on his own lot is our reading;
* anyone may build on an unimproved lot: the player who stops there, unopposed,
  or any player on his turn, unless others bid for the site; bids go to the
  Treasury (Rule 4);
* the Treasury, "fed by land rents and fines", spends every $50 of them on
  the next public good (the price of cards sold stays in it unspent, unless
  the option ``treasury_spends`` says "everything"): the two franchises
  and the railroads are bought out and become free to use, then a Free College
  goes up on Lord Blueblood's Estate and one on Hogg's Game Preserves (ending
  the trespass there; stopping at a college takes an Education card), then
  each $50 raises wages by $10 (Rules 3, 5, 6 and 7);
* there is no Poor House: a player who cannot afford his move goes to a
  Natural Opportunity, an inner corner that pays wages and charges rent
  (Rule 8).

The rule set ``landlords_game`` switches only when asked (the vote open in
``landlords_game_vote``, a round, or a Gini level); ``single_tax`` plays these
rules from the start (our reading); ``prosperity``
adds the reported 1932 ending (everyone wins when the poorest player has
doubled his starting money). The *land-value-tax dial* (a modern extension)
sends a share of each land rent paid to a title-holder to the Treasury, which
spends it in the order of Rule 6; at 1 the whole single tax applies.

:class:`Treasury` is the part of a
:class:`~landlord.families.magie.game.LandlordsGame` that owns all this: the
single tax's switch, the public goods bought and the Free Colleges, the sites
open to build on, the dial's tax not yet spent, and the Natural Opportunities
worked. The game's flow calls it from its turn; the numbers come from the
rule set's ``[single_tax]``, ``[treasury_spending]``, ``[education]``,
``[natural_opportunities]``, ``[land_value_tax]`` and ``[prosperity]``
sections, and the readings chosen where the text is silent are listed in its
``[readings]``.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

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
from landlord.metrics import gini
from landlord.money import money
from landlord.rules import RulesError

if TYPE_CHECKING:  # pragma: no cover - for the annotations only
    from landlord.families.magie.game import LandlordsGame
    from landlord.rules.model import RuleSet

__all__ = ["Treasury"]

VOTE_ANSWERS = (ACCEPT, REFUSE)

#: What feeds the Treasury's spending under the single tax, in Rule 6's words
#: "land rents and fines": land rent, site bids (Rule 4 counts them as rent),
#: Natural Opportunity rent and fines. The dial's land value tax is counted the
#: same way. A bill paid late is paid under its own reason (Dealings.settle), so
#: a fine counts whenever it is paid and a Chance card's tax never does; the
#: Treasury lends nothing, so no loan is ever repaid to it.
RENTS_AND_FINES = frozenset(
    {
        Reason.LAND_RENT,
        Reason.SITE_BID,
        Reason.OPPORTUNITY_RENT,
        Reason.JAIL_FINE,
        Reason.LAND_VALUE_TAX,
    }
)
#: The same under the kit's earlier reading (``late_bills="debt_repaid"``): a bill paid
#: late was entered as a debt repaid, and every debt repaid to the Treasury was spent.
RENTS_FINES_AND_DEBTS = RENTS_AND_FINES | {Reason.DEBT_REPAID, Reason.DEBT_REPAID_FROM_WAGES}


class Treasury:
    """The Public Treasury under the single tax or the dial: what it collects and buys.

    Parameters
    ----------
    game : LandlordsGame
        The game it is part of.

    Raises
    ------
    RulesError
        If the rule set can bring the single tax in (by vote, by round, from
        the start or by the dial) but lacks a section that says how it works.
    """

    def __init__(self, game: LandlordsGame) -> None:
        self.game = game
        self.ledger = game.ledger
        self.holdings = game.holdings
        self.tables = t = game.tables
        rules = game.rules
        n = game.n_players
        piles = game.pile_account
        bank = game.bank
        rule = rules.single_tax
        spending = rules.treasury_spending
        dial = rules.land_value_tax
        #: True once the single tax is in force.
        self.single_tax = False
        #: The round the single tax began (0: from the start), or -1.
        self.single_tax_since = -1
        share = float(dial.share) if dial else 0.0
        #: The single tax is in force from the first turn.
        self.from_start = bool(rule and rule.from_start) or share >= 1
        if self.from_start or share > 0 or (rule and (rule.vote or rule.at_round)):
            self._check_sections(rules)
        #: The dial's share of land rent taxed, while the single tax is not in force.
        self.land_value_tax = share if 0 < share < 1 else 0.0
        self._dividend = bool(dial and dial.dividend)
        self.vote_open = 1 if rule and rule.vote else 0
        self._votes_needed = rule.votes_needed if rule else 2
        #: The round the single tax comes in as if voted (0: none).
        self.switch_round = rule.at_round if rule else 0
        #: The Gini of net worth at which it comes in, tested each round (0: never).
        self.switch_gini = float(rule.at_gini) if rule else 0.0
        #: Where land rent goes under the single tax.
        self.rent_to = piles.get(rule.rent_paid_to, -1) if rule else -1
        self._site_steps = rule.site_bid_steps if rule else ()
        #: The Public Treasury's account in the ledger (-1 if the rule set has none).
        self.account = piles.get(spending.pile if spending else "public_treasury", -1)
        self.step = spending.step if spending else 0
        self._unheld_to = piles.get(spending.unheld_paid_to, bank) if spending else bank
        self._works_to = piles.get(spending.paid_to, bank) if spending else bank
        self._wage_rise = spending.wage_rise if spending else 0
        #: Under the single tax, everything paid into the Treasury is spent (not only
        #: Rule 6's "land rents and fines").
        self.spends_everything = bool(spending and spending.spends == "everything")
        #: Before the single tax, what the Treasury takes is shared out equally (the
        #: modern option ``treasury_shared``), not kept.
        self.shares_takings = bool(spending and spending.shares_takings) and self.account >= 0
        #: Public goods not yet bought, in Rule 6's order: ("utility" | "college", space).
        self._to_buy = (
            [("utility", s) for s in spending.utilities]
            + [("college", s) for s in spending.colleges]
            if spending
            else []
        )
        work = rules.natural_opportunities
        self._opportunity_wages_from = piles.get(work.wages_paid_by, bank) if work else bank
        self._opportunity_rent_to = (
            piles.get(work.rent_paid_to, self.account) if work else self.account
        )
        prosperity = rules.prosperity
        #: The Prosperity test's goal (0: none): so much cash (or net worth) for the poorest.
        self.prosperity_goal = prosperity.times_start * rules.starting_cash[n] if prosperity else 0
        self._prosperity_counts = prosperity.counts if prosperity else "cash"
        #: Spending by Rule 6 is under way (the single tax, or the dial above 0).
        self.spending = self.land_value_tax > 0
        if self.spending:
            # The dial's land value tax, counted by the ledger as it is paid.
            self.ledger.count(self.account, (Reason.LAND_VALUE_TAX,))
        #: Spaces whose franchise or railroad the public has bought: free to use.
        self.public = [False] * t.size
        #: Spaces with a Free College.
        self.colleges: set[int] = set()
        #: Times each player has gone to a Natural Opportunity.
        self.opportunity_visits = [0] * n
        #: What the Treasury has bought: (round, what), in order.
        self.public_works: list[tuple[int, str]] = []
        #: The claims a player may make on unimproved lots, kept as sites are built on.
        self.site_claims: tuple[ClaimSite, ...] = ()

    @staticmethod
    def _check_sections(rules: RuleSet) -> None:
        """A rule set that can bring the single tax in must say how it works."""
        missing = [
            name
            for name in ("single_tax", "treasury_spending", "natural_opportunities")
            if name not in rules.params
        ]
        if missing:
            file = Path(rules.files[0]).name if rules.files else rules.id
            raise RulesError(
                f"{file}: section [{missing[0]}]: missing (expected it: this rule set can "
                "bring in the single tax, by vote, by round, from the start or by the "
                "land-value-tax dial)"
            )

    # --- bringing the single tax in -----------------------------------------------

    def adopt(self) -> None:
        """Switch the game to the single tax now (the vote carried, or the round came).

        The Treasury's money goes to the bank (it starts empty), the cards of
        unimproved lots go back to the pack (title deeds have no value) and a
        lot with houses stays with its holder, now their house owner.
        """
        if self.single_tax:
            return
        game = self.game
        self.single_tax = True
        self.single_tax_since = game.round
        self.spending = game.check_after_turn = True
        balance = self.ledger.balances[self.account]
        if balance > 0:
            self.ledger.transfer(self.account, game.bank, balance, Reason.TREASURY_EMPTIED)
        spendable = (
            RENTS_AND_FINES if game.dealings.late_bills_keep_reason else RENTS_FINES_AND_DEBTS
        )
        self.ledger.count(self.account, spendable)
        owner, houses = self.holdings.owner, self.holdings.houses
        for lot in self.tables.lots:
            if owner[lot] >= 0 and not houses[lot]:
                game.give_card(lot, -1)
        self.holdings.deeds_lose_value()  # the lots still held have houses on them
        self.open_sites()
        self.public_works.append((game.round, "the single tax begins"))

    def adopt_if_unequal(self) -> None:
        """Switch now if the Gini of net worth has reached :attr:`switch_gini`.

        An undefined Gini (debts as large as all holdings together) does not switch.
        """
        if gini(self.game.net_worths()) >= self.switch_gini:  # nan >= x is False
            self.adopt()

    def call_vote(self, player: int) -> Flow:
        """The 1906 preamble: the others answer in turn; enough votes carry it at once."""
        ayes = 1
        n = self.game.n_players
        about = Proposal(player, CALL_VOTE)
        for k in range(1, n):
            if ayes >= self._votes_needed:
                break
            answer = yield ((player + k) % n, "vote", VOTE_ANSWERS, about)
            if type(answer) is Accept:
                ayes += 1
        if ayes >= self._votes_needed:
            self.adopt()

    # --- land and sites (Rules 2 and 4) ----------------------------------------------

    def site_landing(self, player: int, space: int) -> Flow:
        """Stopping on a lot: land rent to the Treasury, house rent to the house owner;
        on an unimproved lot he may then build."""
        game = self.game
        bills = game.spaces.rent_due(space, player)
        balances = self.ledger.balances
        if len(bills) == 1 and balances[player] >= bills[0][1]:
            self.ledger.transfer(player, *bills[0])
        else:
            paid = yield from game.dealings.pay_bills(player, bills, landing=True)
            if not paid:
                return
        holdings = self.holdings
        if not holdings.houses[space] and balances[player] >= holdings.house_cost:
            choice = yield (player, "build_site", (self.tables.builds[space], DECLINE), space)
            if type(choice) is Build:
                self.build_site(player, space, 0)

    def claim_site(self, player: int, space: int) -> Flow:
        """Rule 4: a claim to build on a site; the others may bid for it, one round,
        from his left; he may match the highest bid, else the highest bidder builds."""
        cost = self.holdings.house_cost
        balances = self.ledger.balances
        bid = self.game.dealings.bid
        high, bidder = 0, -1
        n = self.game.n_players
        for k in range(1, n):
            other = (player + k) % n
            room = balances[other] - cost
            bids = [bid(high + step) for step in self._site_steps if high + step <= room]
            if not bids:
                continue
            choice = yield (other, "site_bid", (PASS, *bids), Sale(space, high, bidder, player))
            if type(choice) is Bid:
                high, bidder = choice.amount, other
        if bidder >= 0 and balances[player] >= high + cost:
            match = ClaimSite(space, high)
            about = Sale(space, high, bidder, player)
            choice = yield (player, "site", (match, DECLINE), about)
            if type(choice) is ClaimSite:
                bidder = player
        self.build_site(player if bidder < 0 else bidder, space, high)

    def build_site(self, player: int, space: int, bid: int) -> None:
        """``player`` builds the first house on the site ``space``, having bid ``bid``."""
        game = self.game
        holdings = self.holdings
        if bid:
            self.ledger.transfer(player, self.account, bid, Reason.SITE_BID)
        self.ledger.transfer(player, game.house_to, holdings.house_cost, Reason.HOUSE_BUILT)
        game.give_card(space, player)
        holdings.add_house(player, space)
        self.open_sites()

    def open_sites(self) -> None:
        """Note the unimproved lots: each is a site open to claim."""
        houses = self.holdings.houses
        claims = self.tables.claims
        self.site_claims = tuple([claims[lot] for lot in self.tables.lots if not houses[lot]])

    # --- the Treasury's spending (Rule 6) ----------------------------------------------

    @property
    def fund(self) -> int:
        """The money the Treasury may spend now.

        Under the single tax, what Rule 6 says feeds it (land rents and fines,
        :data:`RENTS_AND_FINES`) received since the switch and not yet spent, or
        its whole balance if it spends everything; under the dial, the land
        value tax not yet spent. Never more than the Treasury holds.
        """
        if self.account < 0:
            return 0
        ledger = self.ledger
        balance = ledger.balances[self.account]
        if self.single_tax and self.spends_everything:
            return balance
        return min(ledger.tally, balance)

    def spend(self) -> None:
        """Spend the Treasury's fund, a step at a time, on the next public good."""
        step = self.step
        if not step:
            return
        ledger = self.ledger
        while self.fund >= step:
            spent = self._buy_public_good()
            if not spent:
                break  # a dividend too small to share among the players
            ledger.tally -= spent

    def _buy_public_good(self) -> int:
        """Buy the next public good, or raise wages (or pay the dividend); return the cost."""
        game = self.game
        transfer = self.ledger.transfer
        treasury, step = self.account, self.step
        name = self.tables.name
        owner = self.holdings.owner
        while self._to_buy:
            kind, space = self._to_buy.pop(0)
            if kind == "utility":
                if self.public[space]:
                    continue
                holder = owner[space]
                paid_to = holder if holder >= 0 else self._unheld_to
                transfer(treasury, paid_to, step, Reason.PUBLIC_PURCHASE)
                if holder >= 0:
                    game.give_card(space, -1)
                self.public[space] = True
                self.public_works.append((game.round, f"{name[space]} bought: free to use"))
            else:
                transfer(treasury, self._works_to, step, Reason.FREE_COLLEGE)
                self.colleges.add(space)
                self.public_works.append((game.round, f"a Free College on {name[space]}"))
            return step
        if self._dividend:
            share = step // game.n_players
            for player in range(game.n_players):
                transfer(treasury, player, share, Reason.CITIZENS_DIVIDEND)
            return share * game.n_players
        transfer(treasury, self._works_to, step, Reason.WAGE_RISE)
        game.wages += self._wage_rise
        self.public_works.append((game.round, f"wages raised to {money(game.wages)}"))
        return step

    def share_takings(self) -> None:
        """The option ``treasury_shared``: under private land rent, while the Treasury holds
        a step ($50) beyond the dial's tax not yet spent, a step is shared equally among the
        players (a remainder stays for the next step), as the citizen's dividend is."""
        if self.single_tax or not self.step:
            return
        game = self.game
        n = game.n_players
        share = self.step // n
        if not share:
            return
        balances, transfer = self.ledger.balances, self.ledger.transfer
        kept = self.fund if self.spending else 0
        while balances[self.account] - kept >= self.step:
            for player in range(n):
                transfer(self.account, player, share, Reason.CITIZENS_DIVIDEND)

    def go_to_college(self, player: int) -> None:
        """Rule 7: stopping at a Free College takes an Education card."""
        self.holdings.education[player] += 1

    # --- Natural Opportunities (Rule 8) ------------------------------------------------

    def to_natural_opportunity(self, player: int) -> None:
        """Put his checker on the Natural Opportunity nearest behind his space."""
        game = self.game
        side = self.tables.track.side_space_behind(game.position[player], 0)
        if side is None:  # a board without inner corners: the Poor House, as before
            game.go_to_poor_house(player)
            return
        game.position[player] = side
        game.jailed[player] = False
        self.opportunity_visits[player] += 1

    def work_opportunity(self, player: int) -> Flow:
        """At the start of his turn there: its wages from the bank, its rent to the Treasury."""
        game = self.game
        side = game.rules.board.side_spaces[game.position[player] - self.tables.size]
        self.ledger.transfer(
            self._opportunity_wages_from, player, side.wages, Reason.OPPORTUNITY_WAGES
        )
        yield from game.dealings.pay(
            player, self._opportunity_rent_to, side.rent, Reason.OPPORTUNITY_RENT
        )

    # --- the Prosperity ending -----------------------------------------------------------

    def prosperous(self) -> bool:
        """The reported 1932 test: the poorest player has doubled his starting money."""
        goal = self.prosperity_goal
        if not goal:
            return False
        game = self.game
        if self._prosperity_counts == "cash":
            return min(self.ledger.balances[: game.n_players]) >= goal
        return min(game.net_worths()) >= goal

    def __repr__(self) -> str:
        state = "the single tax" if self.single_tax else "private land rent"
        return f"<Treasury: {state}, {len(self.public_works)} public works>"
