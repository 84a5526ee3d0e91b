"""Which rule each step of Property followed, for the "explain this step" mode.

:class:`StepRules` (handed out by ``FAMILY.step_rules(game)`` and asked by
:class:`landlord.views.explain.StepExplainer`) says which sentence of
``texts/explain.toml`` (beside this module) follows each payment, by its
reason, and each step: a play, a card drawn, a claim, rent, a purchase, a
mortgage, a cell lost, the reshuffle, bankruptcy, the end. The text (seed 000) has no
numbered rules, so the sentences quote it; where the kit chose what the text
leaves open, the sentence says "the kit's reading".

Examples
--------
>>> from landlord.session import Session
>>> game = Session("property", ["eager_landlord"] * 2, seed=1).game
>>> StepRules(game).say("mortgage").sentence  # doctest: +ELLIPSIS
'Property: cards naming your own cell mortgage it (an asterisk), with no compensation...'
"""

from __future__ import annotations

from typing import cast

from landlord.views.explain import Because, cash
from landlord.views.explain import StepRules as BaseStepRules

__all__ = ["StepRules"]

#: The narrator's verb for what a play did (the explanation goes after its line).
_VERBS = {"claim": "claims", "mortgage": "mortgages", "lose": "loses"}


class StepRules(BaseStepRules):
    """The sentences of Property's steps, and what a step changed on the grid."""

    def figures(self) -> dict[str, object]:
        game = self.game
        rules = game.rules
        rent = rules.cell_rent
        rates = ", ".join(
            cash(game, r)
            for r in (rent.diamond_and_club, rent.heart_or_spade, rent.heart_and_spade)
        )
        return {
            "start": cash(game, rules.starting_cash[game.n_players]),
            "rates": rates.replace(", " + cash(game, rent.heart_and_spade), " or ")
            + cash(game, rent.heart_and_spade),
            "worth": cash(game, rules.bankruptcy_end.cell_worth),
        }

    def note(self) -> None:
        game = self.game
        self.mover = game.turn_player
        self.over = game.is_over
        self.plays = len(game.plays_made)
        self.bought = len(game.units.moves)
        self.bankruptcies = len(game.bankruptcies)
        self.reshuffles = game.cards.reshuffles
        self.held = sum(1 for holder in game.cells.owner if holder >= 0)
        self.dealing = game.round == 0

    def decision(self, name: str, asked: str, choice: object) -> list[Because]:
        kind = type(choice).__name__
        if kind == "PlayCards":
            return [self.say("play", name, "plays")]
        if kind == "Decline":
            return [self.say("decline", name, "does not buy")]
        return []

    def chance(self, purpose: str, choice: object) -> list[Because]:
        if purpose == "cut":
            return [self.say("cut", self.game.names[cast(int, choice)], "cuts")]
        key = "deal" if self.dealing else "draw"
        return [Because((), self.steps[key], once=True)]

    def changes(self, pending: object, choice: object) -> list[Because]:
        game = self.game
        names = game.names
        told = []
        if game.cards.reshuffles > self.reshuffles:
            told.append(self.say("reshuffle", "stock is empty"))
        for _, player, cell, what in game.plays_made[self.plays :]:
            said = game.cells.names[cell] if what == "rent" else _VERBS[what]
            told.append(self.say(what, names[player] if what != "rent" else "", said))
        for move in game.units.moves[self.bought :]:
            told.append(self.say("buy", names[move.buyer], "buys"))
        if len(game.bankruptcies) > self.bankruptcies and not game.is_over:
            held = sum(1 for holder in game.cells.owner if holder >= 0)
            if held < self.held:
                told.append(self.say("vacate"))
        return told

    def end_key(self) -> str:
        game = self.game
        return "end" if game.bankruptcies else "end_agreed"
