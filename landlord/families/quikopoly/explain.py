"""Which part of the Quikopoly text each step followed, for the "explain this step" mode.

:class:`StepRules` (handed out by ``FAMILY.step_rules(game)`` and asked by
:class:`landlord.views.explain.StepExplainer`) picks the sentences, which are
data (``texts/explain.toml``, read into :data:`PAYMENTS`, by reason, and
:data:`STEPS`, by name). The text (seed 001) has two headings, Setup and Play,
and is cited by them; where the kit chose what the text leaves open, the
sentence says "the kit's reading".

Examples
--------
>>> from landlord.session import Session
>>> game = Session("quikopoly", ["random"] * 2, seed=1).game
>>> print(StepRules(game).payment(game.ledger.records[0])[0].sentence)  # doctest: +ELLIPSIS
Setup: each player takes five coins of one colour, ... the null worth five: 9 in all.
"""

from __future__ import annotations

from landlord.engine.ledger import Transfer
from landlord.engine.reasons import Reason
from landlord.families.quikopoly import FAMILY
from landlord.views.explain import Because, PaymentKey, step_texts
from landlord.views.explain import StepRules as BaseStepRules

__all__ = ["PAYMENTS", "STEPS", "StepRules"]

#: What a payment follows, by reason (a share of the starting coins or of returned hotels
#: paid to the bank by (reason, "bank")); what a step follows (a chance event, a decision,
#: a change on the board), by name; and the words of each payment's line in the event log
#: (the narrator's), so that its sentence follows that line and not another payment of the
#: same sum by the same player. The sentences are data (``texts/explain.toml``).
PAYMENTS, STEPS, _LINE_WORDS = step_texts(FAMILY)


class StepRules(BaseStepRules):
    """What the Quikopoly text says about each step of ``game`` (see the module's
    docstring)."""

    def figures(self) -> dict[str, object]:
        rules = self.game.rules
        return {"start": rules.starting_cash[self.game.n_players]}

    def note(self) -> None:
        game = self.game
        self.mover = game.turn_player
        self.position = list(game.position)
        self.over = game.is_over
        self._prison = list(game.in_prison)
        self._sets = [len(game.tiles.complete_sets(p)) for p in range(game.n_players)]
        self._trades = len(game.tiles.trades_made)
        self._bankrupt = list(game.bankrupt)
        self._bank = game.bank_coins

    def payment_keys(self, record: Transfer) -> list[PaymentKey]:
        n = self.game.n_players
        if record.reason in (Reason.STARTING_CASH, Reason.BUILDINGS_SOLD) and record.payee >= n:
            return [(record.reason, "bank")]
        return [record.reason]

    def payment(self, record: Transfer) -> list[Because]:
        told = super().payment(record)
        words = _LINE_WORDS.get(self.payment_keys(record)[0])
        return [because._replace(words=(*because.words, words)) for because in told if words]

    def decision(self, name: str, asked: str, choice: object) -> list[Because]:
        kind = type(choice).__name__
        if kind == "Decline" and asked == "buy":
            return [self.say("declined", name)]
        if kind == "StayInPrison":
            return [self.say("stay", name)]
        return []

    def chance(self, purpose: str, choice: object) -> list[Because]:
        if purpose == "layout":
            return [self.say("layout")._replace(once=True)]
        if purpose == "dice" and self._prison[self.mover] and choice == 6:
            return [self.say("null_out", self.game.names[self.mover], "in Prison")]
        return []

    def changes(self, pending: object, choice: object) -> list[Because]:
        game = self.game
        names = game.names
        told: list[Because] = []
        mover = self.mover
        thrown = getattr(pending, "purpose", "") == "dice" or type(choice).__name__ == "PayFine"
        if thrown and 0 <= mover < game.n_players:
            told += self._landing(mover)
        for player in range(game.n_players):
            if game.in_prison[player] and not self._prison[player]:
                told.append(self.say("prison", names[player], "Prison"))
            if len(game.tiles.complete_sets(player)) > self._sets[player]:
                told.append(self.say("set", names[player], name=names[player]))
        if len(game.tiles.trades_made) > self._trades:
            told.append(self.say("fair_trade", "fair trade"))
        for player in range(game.n_players):
            if game.bankrupt[player] and not self._bankrupt[player]:
                told.append(self.say("bankrupt", names[player], "bankrupt"))
        return told

    def _landing(self, mover: int) -> list[Because]:
        """Go-to-Go, and Go or Community Chest with an empty bank."""
        game = self.game
        start, where = self.position[mover], game.position[mover]
        if start == where:
            return []
        reached = (start + game.thrown) % game.size
        told = []
        name = game.names[mover]
        if reached == game.go_to_go and where == game.go:
            told.append(self.say("go_to_go", name, "Go-to-Go"))
        passed = start + game.thrown >= game.size
        if passed and self._bank < game.rules.wages.amount:
            told.append(self.say("dry_go", name))
        if reached == game.chest and game.thrown % 2 and self._bank <= 0:
            told.append(self.say("chest_dry", name, "Community Chest"))
        return told
