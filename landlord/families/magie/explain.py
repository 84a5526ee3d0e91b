"""Which rule each step of Magie's games followed, for the "explain this step" mode.

:class:`StepRules` (handed out by ``FAMILY.step_rules(game)`` and asked by
:class:`landlord.views.explain.StepExplainer`) chooses the sentences and fills
them in: what each payment follows (by reason, or by the reason under the
single tax, ``"single_tax"``, or when paid to the Public Treasury,
``"treasury"``) and what each step follows (a decision, a chance event, a
change on the board). The sentences themselves are data, in
``texts/explain.toml`` beside this module. The 1906 rules are cited by number;
where the kit chose what the text leaves open, the sentence says "the kit's
reading".

Examples
--------
>>> from landlord.session import Session
>>> game = Session("landlords_game", ["eager_landlord"] * 2, seed=1).game
>>> rules = StepRules(game)
>>> rules.say("cinch").sentence
"Rule 9: one player holds both franchises, a 'municipal cinch': each now charges $25 a stop."
"""

from __future__ import annotations

from typing import cast

from landlord.engine.actions import Move
from landlord.engine.ledger import Transfer
from landlord.engine.reasons import Reason
from landlord.views.explain import Because, PaymentKey, cash
from landlord.views.explain import StepRules as BaseStepRules

__all__ = ["StepRules"]


class StepRules(BaseStepRules):
    """What Magie's rules say about each step of ``game`` (see the module's docstring)."""

    once = frozenset({Reason.STARTING_CASH, Reason.CARD_BOUGHT_FROM_THE_DEAL})

    def figures(self) -> dict[str, object]:
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

    def payment_keys(self, record: Transfer) -> list[PaymentKey]:
        game = self.game
        keys: list[PaymentKey] = []
        if game.treasury.single_tax:
            keys.append((record.reason, "single_tax"))
        if record.payee == game.pile_account.get("public_treasury"):
            keys.append((record.reason, "treasury"))
        return [*keys, record.reason]

    def decision(self, name: str, asked: str, choice: object) -> list[Because]:
        kind = type(choice).__name__
        if isinstance(choice, Move):
            way = "pass" if choice.railroad_pass else choice.direction
            return [self.say(way, name)] if way in ("pass", "backward") else []
        key = {"StayPut": "stay", "UseJailCard": "jail_card", "CallVote": "vote"}.get(kind)
        if kind == "Decline" and asked == "luxury":
            key = "no_luxury"
        return [self.say(key, name)] if key else []

    def chance(self, purpose: str, choice: object) -> list[Because]:
        if purpose == "deal":
            key = "monarch_deal" if getattr(self.game.rules, "monarch", None) else "deal"
            return [self.say(key, "dealt")._replace(once=True)]
        if purpose == "speculation":
            return [self.say("speculation", "speculates")]
        if purpose.endswith("_card"):
            return [self.card(purpose.removesuffix("_card"), cast(int, choice))]
        return []

    def card(self, pack: str, index: int) -> Because:
        because = super().card(pack, index)
        source = getattr(self.card_of(pack, index), "source", None)
        if source is not None and source.status == "reconstruction":
            because = because._replace(sentence=because.sentence + self.steps["stand_in"])
        return because

    def jailed_by(self, player: int, purpose: str, choice: object) -> str:
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
            sentence = begins.sentence + self.steps["from_start" if from_start else "single_tax"]
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
