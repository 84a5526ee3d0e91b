"""Which rule each step of Property followed, for the "explain this step" mode.

:class:`StepRules` (handed out by ``FAMILY.step_rules(game)`` and asked by
:class:`landlord.views.explain.StepExplainer`) holds the sentences: what
each payment follows (:data:`PAYMENTS`, by reason) and what each step follows
(:data:`STEPS`: a play, a card drawn, a claim, rent, a purchase, a mortgage,
a cell lost, the reshuffle, bankruptcy, the end). The text (seed 000) has no
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

from typing import Any

from landlord.engine.reasons import Reason
from landlord.views.explain import Because, cash
from landlord.views.explain import StepRules as BaseStepRules

__all__ = ["PAYMENTS", "STEPS", "StepRules"]

#: What a payment follows in Property, by reason, filled in from the rule set's figures.
PAYMENTS: dict[Any, str] = {
    Reason.STARTING_CASH: "Property: the poker chips are divided as the table shows ({start} "
    "each here); the box they come from shows a minus figure, what it has handed out.",
    Reason.LAND_RENT: "Property: cards naming a rival's cell pay him rent, {rates} for each "
    "cell of his group by the suits played.",
    Reason.BANKRUPTCY: "Property: a player who must pay more rent than he has gives the "
    "owner all of his money and is bankrupt.",
}

#: What a step follows in Property, by name.
STEPS: dict[str, str] = {
    "cut": "Property: the deck is shuffled and cut, and the high card plays first (the kit "
    "draws the cut as one chance event, every seat as likely); play then rotates to the left.",
    "deal": "Property: each player draws until his hand holds a red and a black card; the "
    "kit draws each card by chance from those left in the stock (its reading of a shuffle).",
    "draw": "Property: after his play a player draws until his hand holds a red and a black "
    "card again.",
    "play": "Property: a red card names the column (from the left), a black card the row "
    "(from the bottom); a nine or ten stands for any number from 1 to 8 in its colour.",
    "claim": "Property: an empty cell named by the cards is claimed; the player writes his "
    "initials in it.",
    "rent": "Property: rent is counted for every cell of the owner's group (cells touching "
    "only at a corner are not joined); a heart or a spade doubles it, both double it again.",
    "buy": "Property: after paying rent a player may buy the cell, giving the owner one "
    "purchase unit a cell of the group; the owner may spend them later, and a mortgage stays "
    "with the cell.",
    "decline": "Property: buying after rent is the player's choice.",
    "mortgage": "Property: cards naming your own cell mortgage it (an asterisk), with no "
    "compensation; a player does so only if his cards force it, or to avoid paying rent.",
    "lose": "Property: cards naming your own mortgaged cell lose it; its markings are "
    "erased and anyone may occupy it again.",
    "reshuffle": "Property: when the stock is exhausted the played cards are shuffled into "
    "a new stock.",
    "vacate": "Property, the longer game: a bankrupt player's property is vacated and may be "
    "reoccupied.",
    "end": "Property: as soon as one player is bankrupt the game ends; the most money wins, "
    "property not counted (unless the players agreed to count each cell as {worth}).",
    "end_agreed": "The kit's reading: a round limit ends a simulation that no bankruptcy "
    "ends; the most money wins.",
}


#: The narrator's verb for what a play did (the explanation goes after its line).
_VERBS = {"claim": "claims", "mortgage": "mortgages", "lose": "loses"}


class StepRules(BaseStepRules):
    """The sentences of Property's steps, and what a step changed on the grid."""

    payments = PAYMENTS
    steps = STEPS

    def figures(self) -> dict[str, Any]:
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

    def decision(self, name: str, asked: str, choice: Any) -> list[Because]:
        kind = type(choice).__name__
        if kind == "PlayCards":
            return [self.say("play", name, "plays")]
        if kind == "Decline":
            return [self.say("decline", name, "does not buy")]
        return []

    def chance(self, purpose: str, choice: Any) -> list[Because]:
        if purpose == "cut":
            return [self.say("cut", self.game.names[choice], "cuts")]
        key = "deal" if self.dealing else "draw"
        return [Because((), self.steps[key], once=True)]

    def changes(self, pending: Any, choice: Any) -> list[Because]:
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
