"""Which rule each step of the later game followed, for the "explain this step" mode.

:class:`StepRules` (handed out by ``FAMILY.step_rules(game)`` and asked by
:class:`landlord.views.explain.StepExplainer`) tells which of the sentences
in ``texts/explain.toml`` beside this module a step calls for: what a payment
follows, by its reason, and what a step follows (a decision, a chance event,
a change on the board). The rules have headings, not numbers, and are cited by
heading ("the rules: Jail").

Examples
--------
>>> from landlord.session import Session
>>> game = Session("monopoly_uk_1972", ["random"] * 2, seed=1).game
>>> StepRules(game).payment(game.ledger.records[0])[0].sentence
'The rules: each player starts with £1,500 from the Bank.'
"""

from __future__ import annotations

from typing import cast

from landlord.engine.dice import Throw
from landlord.engine.reasons import Reason
from landlord.views.explain import Because
from landlord.views.explain import StepRules as BaseStepRules

__all__ = ["StepRules"]


class StepRules(BaseStepRules):
    """What the later game's rules say about each step of ``game`` (see the module's
    docstring)."""

    once = frozenset({Reason.STARTING_CASH, Reason.TITLE_DEED_DEALT})

    def figures(self) -> dict[str, object]:
        rules = self.game.rules
        times = rules.utility.multipliers
        return {
            **super().figures(),
            "interest": rules.mortgage.interest_percent,
            "times_one": times[0],
            "times_both": times[-1],
        }

    def note(self) -> None:
        super().note()
        game = self.game
        self._owner = list(game.estates.owner)
        self._bankrupt = list(game.bankrupt)
        self._packs = {pack: list(order) for pack, order in game.packs.items()}

    def decision(self, name: str, asked: str, choice: object) -> list[Because]:
        kind = type(choice).__name__
        key = {"UseJailCard": "jail_card"}.get(kind)
        if kind == "Decline" and asked == "buy" and self.game.rules.purchase.mode != "fixed_price":
            key = "auction"
        elif asked == "rent":
            key = "rent_asked"
        elif kind == "Accept" and asked == "offer":
            key = "trade"
        return [self.say(key, name)] if key else []

    def chance(self, purpose: str, choice: object) -> list[Because]:
        # The short game's deal has no sentence of its own: its payments name the rule.
        if purpose == "shuffle":
            return [self.say("shuffle")._replace(once=True)]
        if purpose.endswith("_card"):
            return [self.card(purpose.removesuffix("_card"), cast(int, choice))]
        if purpose != "dice":
            return []
        game = self.game
        mover = game.names[self.mover]
        told = []
        throw = cast(Throw, choice)
        if throw[0] == throw[1] and not self.jailed[self.mover] and not game.jailed[self.mover]:
            told.append(self.say("doubles", mover, "doubles"))
        return told + [self.card(pack, card) for pack, card in self._cards_drawn()]

    def _cards_drawn(self) -> list[tuple[str, int]]:
        """The cards taken from the top of their packs in the step: (pack, card) each."""
        drawn = []
        for pack, before in self._packs.items():
            after = list(self.game.packs[pack])
            for k in range(len(before) + 1):
                if after[: len(before) - k] == before[k:]:
                    drawn += [(pack, card) for card in before[:k]]
                    break
        return drawn

    def jailed_by(self, player: int, purpose: str, choice: object) -> str:
        drawn = self._cards_drawn()
        if purpose.endswith("_card"):
            drawn.append((purpose.removesuffix("_card"), cast(int, choice)))
        if any(self.card_of(pack, card).effect == "go_to_jail" for pack, card in drawn):
            return "card_jail"
        if purpose == "dice":
            t = self.game.tables
            throw = cast(Throw, choice)
            if t.kind[(self.position[player] + throw[0] + throw[1]) % t.size] == "go_to_jail":
                return "go_to_jail"
            if throw[0] == throw[1]:
                return "three_doubles"
        return "jail"

    def board_changes(self) -> list[Because]:
        game = self.game
        told: list[Because] = []
        t = game.tables
        owner = game.estates.owner
        for spaces in t.groups.values():
            holder = owner[spaces[0]]
            whole = holder >= 0 and all(owner[s] == holder for s in spaces)
            if whole and not all(self._owner[s] == holder for s in spaces):
                name = game.names[holder]
                told.append(self.say("group", name, name=name, colour=t.colour[spaces[0]]))
        for player in range(game.n_players):
            if game.bankrupt[player] and not self._bankrupt[player]:
                told.append(self.say("bankrupt", game.names[player], "bankrupt"))
        return told

    def quiet(self, player: int, kind: str) -> str:
        if kind == "free_parking":
            return "free_parking"
        return "visiting" if kind == "jail" and not self.game.jailed[player] else ""

    def end_key(self) -> str:
        key = super().end_key()
        if key == "end" and sum(1 for out in self.game.bankrupt if not out) > 1:
            return "end_agreed"  # stopped by the round cap, with several players left
        return key
