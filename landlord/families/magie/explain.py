"""Which rule each step of Magie's games followed, for the "explain this step" mode.

:class:`StepRules` (handed out by ``FAMILY.step_rules(game)`` and asked by
:class:`landlord.views.explain.StepExplainer`) holds the sentences: what
each payment follows (:data:`PAYMENTS`, by reason, or by the reason under the
single tax or when paid to the Public Treasury) and what each step follows
(:data:`STEPS`: a decision, a chance event, a change on the board). The 1906
rules are cited by number; where the kit chose what the text leaves open, the
sentence says "the kit's reading".

Examples
--------
>>> from landlord.session import Session
>>> game = Session("landlords_game", ["eager_landlord"] * 2, seed=1).game
>>> rules = StepRules(game)
>>> rules.say("cinch").sentence
"Rule 9: one player holds both franchises, a 'municipal cinch': each now charges $25 a stop."
"""

from __future__ import annotations

from typing import Any

from landlord.engine.reasons import Reason
from landlord.views.explain import Because, cash
from landlord.views.explain import StepRules as BaseStepRules

__all__ = ["PAYMENTS", "STEPS", "StepRules"]

#: What a payment follows in Magie's games, by reason, or by (reason, "single_tax") under
#: the single tax, or (reason, "treasury") when paid to the Public Treasury. Filled in
#: from the rule set's figures (:meth:`StepRules.figures`).
PAYMENTS: dict[Any, str] = {
    Reason.STARTING_CASH: "The 1906 rules: every player starts with money from "
    "MISCELLANEOUS ({amount} each here), so MISCELLANEOUS shows a minus figure: what it "
    "has handed out.",
    Reason.LAND_RENT: "Rule 7: stopping on a lot someone holds, you pay its land rent to "
    "the holder.",
    (Reason.LAND_RENT, "treasury"): "Rule 7: nobody bought this lot, so its land rent goes "
    "to the Public Treasury.",
    (Reason.LAND_RENT, "single_tax"): "Single Tax Rule 2: all land rent goes to the Public "
    "Treasury.",
    Reason.HOUSE_RENT: "Rule 14: each house on a lot adds {rent_each} to its rent.",
    (Reason.HOUSE_RENT, "single_tax"): "Single Tax Rule 4: house rent still goes to the "
    "house's owner; only land rent goes to the Treasury.",
    Reason.RAILROAD_FARE: "Rule 9: a railroad's fare goes to its holder: {fares} for a "
    "holder of 1 to 4 of them (a Trust charges more).",
    (Reason.RAILROAD_FARE, "treasury"): "Rule 9: nobody bought this railroad, so its fare "
    "goes to the Public Treasury.",
    Reason.FRANCHISE_FEE: "Rule 9: a franchise charges {franchise_fee} a stop, paid to its "
    "holder; {cinch_fee} if one player holds both (a 'municipal cinch').",
    (Reason.FRANCHISE_FEE, "treasury"): "Rule 9: nobody bought this franchise, so its fee "
    "goes to the Public Treasury.",
    Reason.NECESSITY_TAX: "Rule 4: Food, Fuel, Shelter and Clothing are the Absolute "
    "Necessities; stopping on one costs a tax, paid into the Public Treasury.",
    Reason.JAIL_FINE: "Rule 6: the fine, paid into the Public Treasury, lets a player out "
    "of Jail.",
    Reason.WAGES: "Rule 3: reaching or passing Mother Earth pays wages from MISCELLANEOUS.",
    (Reason.WAGES, "single_tax"): "Rule 3: reaching or passing Mother Earth pays wages from "
    "MISCELLANEOUS (the single tax raises them: Single Tax Rule 6).",
    Reason.CARD_BOUGHT: "Rules 7, 8 and 9: a card bought from the pack is paid for into "
    "the Public Treasury; its new holder collects what its space charges.",
    Reason.CARD_BOUGHT_FROM_THE_DEAL: "Rule 1: a dealt card is bought at its printed "
    "price, paid into the Public Treasury.",
    Reason.CARD_SOLD: "Rules 16 and 18: players may sell each other cards at any price "
    "they agree.",
    Reason.HOUSE_BUILT: "Rule 14: a house costs {house_cost}, paid into MISCELLANEOUS, and "
    "adds {rent_each} to the lot's rent.",
    (Reason.HOUSE_BUILT, "single_tax"): "Single Tax Rule 4: anyone may build on an empty "
    "lot; the house and its rent are the builder's.",
    Reason.LUXURY: "Rule 13: a luxury costs {luxury_fee}, paid into MISCELLANEOUS; the "
    "card counts 100 at the end.",
    Reason.LUXURY_CARD_SOLD: "Rule 13: a luxury card may be sold at any time.",
    Reason.LOAN: "Rule 16: players may lend to each other, against a card or the "
    "borrower's wages; the interest (0%, 10% or 20%) is the kit's reading.",
    Reason.DEBT_REPAID: "Rule 16: a debt is paid back.",
    Reason.DEBT_REPAID_FROM_WAGES: "Rule 16 allows a mortgage on wages: in the kit's "
    "reading a debt is taken out of the debtor's wages as they come (a bill he could "
    "not pay is entered under what it was for).",
    Reason.SPECULATION_STAKE: "Rule 8: speculating costs a {stake} ante.",
    Reason.SPECULATION_WINNINGS: "Rule 8: the second throw wins from MISCELLANEOUS: a "
    "double {double_wins}, 11 {wins_11}, and so on down to 5, {wins_5}.",
    Reason.BROKERS_SHARE: "Rule 8: {broker_share}% of the winnings go to the Broker "
    "(to MISCELLANEOUS if nobody holds the Broker's License).",
    Reason.PUBLIC_PURCHASE: "Single Tax Rule 6: each {step} of land rent and fines buys a "
    "public good: this franchise or railroad is bought from its holder and is free to use "
    "from now on.",
    Reason.FREE_COLLEGE: "Single Tax Rule 6: the next {step} builds a Free College; "
    "stopping there gives an Education card, not Jail (Rules 5 and 7).",
    Reason.WAGE_RISE: "Single Tax Rule 6: with the public goods bought, each further "
    "{step} raises everyone's wages by {wage_rise}.",
    Reason.OPPORTUNITY_WAGES: "Single Tax Rule 8: a Natural Opportunity pays wages to "
    "whoever works it.",
    Reason.OPPORTUNITY_RENT: "Single Tax Rule 8: whoever works a Natural Opportunity "
    "pays its rent to the Public Treasury.",
    Reason.SITE_BID: "Single Tax Rule 4: a bid for a site goes to the Public Treasury, as rent.",
    Reason.LAND_VALUE_TAX: "A modern what-if, in none of Magie's rules: this share of the "
    "land rent goes to the Public Treasury instead of the lot's holder.",
    Reason.CITIZENS_DIVIDEND: "A modern what-if (no source has it): the Treasury shares its "
    "money out equally.",
    Reason.TREASURY_EMPTIED: "Single Tax rules, the opening: the Treasury starts empty when "
    "the single tax begins; the kit's reading sends its money to MISCELLANEOUS.",
}

#: What a step itself follows (a decision, a chance event, a change on the board), by name.
STEPS = {
    "deal": "Rule 1: green cards are dealt one at a time round the table; each player may "
    "buy theirs at the printed price.",
    "monarch_deal": "Monarch of the World (1906): the Monarch is given all the land; the "
    "other green cards are dealt free to the others (the kit's reading).",
    "speculation": "Rule 8: the Speculation throw: a double wins most; a 3 or 4 is a 'skin "
    "game' and wins nothing.",
    "card": "Rule 11: do what the Chance card says; it goes back into the pack.",
    "stand_in": " (No 1906 Chance card survives: this one is the kit's stand-in.)",
    "pass": "Rule 17: a double is a railroad pass over the nine spaces between the next two "
    "corners.",
    "backward": "Rule 2: between the two Chance spaces a player may move either way.",
    "stay": "Rule 8: a player whose throw would reach Speculation may stay put instead.",
    "no_luxury": "Rule 13: whoever does not buy a luxury moves backward by the throw instead.",
    "jail_card": "Rule 11: a kept Chance card lets a player out of Jail free; it goes back "
    "in the pack.",
    "vote": "Single Tax rules, the opening: the players may switch to the single tax at any "
    "point; {votes_needed} votes carry it, the caller's included.",
    "trespass": "Rule 5: Hogg's Game Preserves and Lord Blueblood's Estate are land held "
    "out of use; stopping there is trespass, and trespassers go to Jail.",
    "card_jail": "Rule 11: the Chance card sends the player to Jail.",
    "skin_game": "Rule 8: a 3 or 4 at Speculation is a 'skin game': the Broker goes to "
    "Jail and the Broker's License goes back to the pack.",
    "double_out": "Rules 6 and 17: a double in Jail is 'serving one's time': out free, "
    "and in the kit's reading the double is the move out.",
    "poor_house": "Rule 12: a player who cannot pay, borrow or sell goes to the Poor House "
    "until their next turn. In the kit's reading they pay all they have, and the rest is a "
    "debt taken from their next wages.",
    "opportunity": "Single Tax Rule 8: under the single tax there is no Poor House. A player "
    "who cannot pay goes to the Natural Opportunity behind; next turn they take its wages, "
    "pay its rent and move on.",
    "college": "Single Tax Rule 7: a Free College gives an Education card; four make a "
    "Professor card, worth 100 at the end.",
    "cinch": "Rule 9: one player holds both franchises, a 'municipal cinch': each now "
    "charges {cinch_fee} a stop.",
    "trust": "Rule 9: the two holders of every railroad pool them in a Trust: the others "
    "pay {trust_fare} a stop, shared between them.",
    "central_park": "Rule 10: Central Park is kept by public money: stopping there is free.",
    "single_tax_vote": "The single tax begins: the vote carried (the 1906 Single Tax rules).",
    "single_tax_option": "The single tax begins: the game's options switch it on now (in "
    "1906 the players vote).",
    "single_tax_start": "The single tax is in force from the start (the kit's reading: the "
    "1906 booklet brings it in by a vote during a game).",
    "from_start": " All land rent goes to the Public Treasury and the Necessities are "
    "tax-free (Single Tax Rules 1 and 2); lots are not sold in the deal, their deeds being "
    "worth nothing (the kit's reading).",
    "single_tax": " All land rent goes to the Public Treasury and the Necessities are "
    "tax-free (Single Tax Rules 1 and 2). At the switch (the kit's reading) the Treasury's "
    "money goes to MISCELLANEOUS, the cards of lots without houses go back to the pack, and "
    "lots with houses stay with their holders.",
    "end": "Rule 19: the game ends when a player has been paid wages {wages_times} "
    "times. The richest wins: cash plus 100 for every card and house (the Object of the "
    "Game).",
    "end_agreed": "The game stops at the agreed round (Rule 19 lets players agree an end).",
    "everyone_wins": "Prosperity (a reconstruction of the 1932 game): everyone wins once the "
    "poorest player has doubled their starting money.",
}


class StepRules(BaseStepRules):
    """What Magie's rules say about each step of ``game`` (see the module's docstring)."""

    payments = PAYMENTS
    steps = STEPS
    once = frozenset({Reason.STARTING_CASH, Reason.CARD_BOUGHT_FROM_THE_DEAL})

    def figures(self) -> dict[str, Any]:
        game = self.game
        rules = game.rules

        def money(amount: int) -> str:
            return cash(game, amount)

        speculation, spending = rules.speculation, rules.treasury_spending
        return {
            **super().figures(),
            "rent_each": money(rules.houses.rent_each),
            "house_cost": money(rules.houses.cost),
            "franchise_fee": money(rules.franchise.fee),
            "cinch_fee": money(rules.franchise.cinch_fee),
            "trust_fare": money(rules.railroad.trust_fare),
            "luxury_fee": money(rules.luxury.fee),
            "stake": money(speculation.stake),
            "double_wins": money(speculation.double_wins),
            "wins_11": money(speculation.wins_by_total.get(11, 0)),
            "wins_5": money(speculation.wins_by_total.get(5, 0)),
            "broker_share": speculation.broker_share_percent,
            "step": money(spending.step) if spending else "",
            "wage_rise": money(spending.wage_rise) if spending else "",
            "wages_times": rules.end.wages_times,
            "votes_needed": rules.single_tax.votes_needed if rules.single_tax else 2,
        }

    def note(self) -> None:
        super().note()
        game = self.game
        self._poor = list(game.in_poor_house)
        self._owner = list(game.holdings.owner)
        self._education = list(game.holdings.education)
        self._single_tax = game.treasury.single_tax
        self._trust = game.dealings.trust

    def payment_keys(self, record: Any) -> list[Any]:
        game = self.game
        keys: list[Any] = []
        if game.treasury.single_tax:
            keys.append((record.reason, "single_tax"))
        if record.payee == game.pile_account.get("public_treasury"):
            keys.append((record.reason, "treasury"))
        return [*keys, record.reason]

    def decision(self, name: str, asked: str, choice: Any) -> list[Because]:
        kind = type(choice).__name__
        if kind == "Move":
            way = "pass" if choice.railroad_pass else choice.direction
            return [self.say(way, name)] if way in ("pass", "backward") else []
        key = {"StayPut": "stay", "UseJailCard": "jail_card", "CallVote": "vote"}.get(kind)
        if kind == "Decline" and asked == "luxury":
            key = "no_luxury"
        return [self.say(key, name)] if key else []

    def chance(self, purpose: str, choice: Any) -> list[Because]:
        if purpose == "deal":
            key = "monarch_deal" if getattr(self.game.rules, "monarch", None) else "deal"
            return [self.say(key, "dealt")._replace(once=True)]
        if purpose == "speculation":
            return [self.say("speculation", "speculates")]
        if purpose.endswith("_card"):
            return [self.card(purpose.removesuffix("_card"), choice)]
        return []

    def card(self, pack: str, index: int) -> Because:
        because = super().card(pack, index)
        source = getattr(self.card_of(pack, index), "source", None)
        if source is not None and source.status == "reconstruction":
            because = because._replace(sentence=because.sentence + STEPS["stand_in"])
        return because

    def jailed_by(self, player: int, purpose: str, choice: Any) -> str:
        if player != self.mover and purpose == "speculation":
            return "skin_game"
        return "card_jail" if purpose == "chance_card" else "trespass"

    def board_changes(self) -> list[Because]:
        game = self.game
        told: list[Because] = []
        size = game.tables.size
        for player in range(game.n_players):
            name = game.names[player]
            if game.in_poor_house[player] and not self._poor[player]:
                told.append(self.say("poor_house", name, "Poor House"))
            if game.position[player] >= size > self.position[player]:
                told.append(self.say("opportunity", name, "Natural Opportunity"))
            if game.holdings.education[player] > self._education[player]:
                told.append(self.say("college", name))
        treasury = game.treasury
        from_start = treasury.single_tax_since == 0
        if treasury.single_tax and (from_start or not self._single_tax):
            if from_start:
                key = "single_tax_start"
            elif treasury.vote_open and not (treasury.switch_round or treasury.switch_gini):
                key = "single_tax_vote"
            else:
                key = "single_tax_option"
            begins = self.say(key)
            sentence = begins.sentence + STEPS["from_start" if from_start else "single_tax"]
            told.append(begins._replace(sentence=sentence, once=True))
        owner, franchises = game.holdings.owner, game.tables.franchises
        holders = {owner[f] for f in franchises}
        if (
            len(holders) == 1
            and -1 not in holders
            and {self._owner[f] for f in franchises} != holders
        ):
            told.append(self.say("cinch", game.names[holders.pop()]))
        if game.dealings.trust and game.dealings.trust != self._trust:
            told.append(self.say("trust"))
        return told

    def quiet(self, player: int, kind: str) -> str:
        if kind == "central_park" and not self.game.in_poor_house[player]:
            return "central_park"  # Rule 10: kept by public money
        return ""

    def end_key(self) -> str:
        return "everyone_wins" if self.game.everyone_wins else super().end_key()
