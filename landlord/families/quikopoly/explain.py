"""Which part of the Quikopoly text each step followed, for the "explain this step" mode.

:class:`StepRules` (handed out by ``FAMILY.step_rules(game)`` and asked by
:class:`landlord.views.explain.StepExplainer`) holds the sentences: what
each payment follows (:data:`PAYMENTS`, by reason) and what each step follows
(:data:`STEPS`). The text (seed 001) has two headings, Setup and Play, and is
cited by them; where the kit chose what the text leaves open, the sentence
says "the kit's reading".

Examples
--------
>>> from landlord.session import Session
>>> game = Session("quikopoly", ["random"] * 2, seed=1).game
>>> print(StepRules(game).payment(game.ledger.records[0])[0].sentence)  # doctest: +ELLIPSIS
Setup: each player takes five coins of one colour, ... the null worth five: 9 in all.
"""

from __future__ import annotations

from typing import Any

from landlord.engine.reasons import Reason
from landlord.views.explain import Because
from landlord.views.explain import StepRules as BaseStepRules

__all__ = ["PAYMENTS", "STEPS", "StepRules"]

#: What a payment follows, by reason (a pile's share of returned hotels by "hotels_to_bank").
PAYMENTS: dict[Any, str] = {
    Reason.STARTING_CASH: "Setup: each player takes five coins of one colour, four worth one "
    "and the null worth five: {start} in all.",
    "bank_start": "Setup: the coins left over are the bank's starting funds (with fewer than "
    "four players, the kit's reading adds the colours nobody plays).",
    Reason.SALARY: "Landing on or passing Go earns a coin from the bank, as long as the bank "
    "has coins (the rules: Play).",
    Reason.PROPERTY_BOUGHT: "A face-down tile is bought for one coin paid to the bank, and "
    "turned to face its owner (the rules: Play).",
    Reason.LAND_RENT: "Landing on another player's tile costs one coin if he holds one tile of "
    "its set, two if he holds both (the rules: Play).",
    Reason.HOUSE_RENT: "Each hotel on a tile of a complete set adds a coin to its rent "
    "(the rules: Play).",
    Reason.BUILDING_BOUGHT: "An owner of a complete set may place a hotel, one of his coins, "
    "on it, keeping the set's tiles within one hotel of each other (the rules: Play).",
    Reason.BUILDINGS_SOLD: "A player who cannot pay returns hotels: a coin back for every two "
    "(the rules: Play).",
    "hotels_to_bank": "Hotels returned pay a coin for every two; the coin not paid back goes "
    "to the bank (the kit's reading).",
    Reason.JAIL_FINE: "A coin paid in Prison lets the player move his throw; the third throw "
    "there must be paid for (the rules: Play).",
    Reason.TAX: "Landing on Community Chest with an even throw (a null counts six) pays the "
    "bank a coin (the rules: Play).",
    Reason.CARD: "Landing on Community Chest with an odd throw takes a coin from the bank "
    "(the rules: Play).",
}

#: Words of each payment's line in the event log (the narrator's), so that its sentence
#: follows that line and not another payment of the same sum by the same player.
_LINE_WORDS: dict[Any, str] = {
    Reason.STARTING_CASH: "starts with",
    "bank_start": "starts with",
    Reason.SALARY: "passes Go",
    Reason.LAND_RENT: "rent to",
    Reason.HOUSE_RENT: "for the hotels",
    Reason.BUILDINGS_SOLD: "for the hotels returned",
    "hotels_to_bank": "goes back to the bank",
    Reason.JAIL_FINE: "to leave Prison",
    Reason.TAX: "Community Chest",
    Reason.CARD: "Community Chest",
}

#: What a step follows (a chance event, a decision, a change on the board), by name.
STEPS = {
    "layout": "Setup: the sixteen tiles other than the nulls are shuffled and laid face down "
    "between the corners, so the sets lie somewhere new each game.",
    "declined": "A face-down tile nobody buys stays face down (the rules: Play).",
    "prison": "Landing on Prison, a player stays there until he throws a null, or pays a coin "
    "to move his throw; three turns at most (the rules: Play).",
    "stay": "In Prison a player may stay rather than pay (the rules: Play); deciding after "
    "the throw is the kit's reading.",
    "null_out": "A null thrown in Prison frees the player at no cost (the rules: Play).",
    "go_to_go": "Go-to-Go sends the pawn straight to Go, with no coin (the rules: Play).",
    "dry_go": "Go pays a coin only while the bank has coins: the bank is empty (the rules: Play).",
    "chest_dry": "The bank has no coin to give on Community Chest (the kit's reading: an "
    "empty bank pays nothing).",
    "set": "{name} now holds a complete set: its tiles charge two coins, and {name} may place "
    "hotels on them (the rules: Play).",
    "fair_trade": "Once every tile is sold, all fair trades that complete sets must be made "
    "at once, in circles of two, three or four players (the rules: Play).",
    "bankrupt": "Unable to pay even after returning hotels, the player is bankrupt and leaves "
    "the game, and all his property goes to the player he owes (the rules: Play). That his "
    "coins go with it, and that tiles owed to the bank go back face down for sale, is the kit's "
    "reading.",
    "end": "Play goes on until a single player remains: the winner (the rules: Play).",
    "end_agreed": "The kit's round limit ended the game, not the text: the richest player "
    "wins (the kit's reading, for simulations).",
}


class StepRules(BaseStepRules):
    """What the Quikopoly text says about each step of ``game`` (see the module's
    docstring)."""

    payments = PAYMENTS
    steps = STEPS

    def figures(self) -> dict[str, Any]:
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

    def payment_keys(self, record: Any) -> list[Any]:
        n = self.game.n_players
        if record.reason == Reason.STARTING_CASH and record.payee >= n:
            return ["bank_start"]
        if record.reason == Reason.BUILDINGS_SOLD and record.payee >= n:
            return ["hotels_to_bank"]
        return [record.reason]

    def payment(self, record: Any) -> list[Because]:
        told = super().payment(record)
        words = _LINE_WORDS.get(self.payment_keys(record)[0])
        return [because._replace(words=(*because.words, words)) for because in told if words]

    def decision(self, name: str, asked: str, choice: Any) -> list[Because]:
        kind = type(choice).__name__
        if kind == "Decline" and asked == "buy":
            return [self.say("declined", name)]
        if kind == "StayInPrison":
            return [self.say("stay", name)]
        return []

    def chance(self, purpose: str, choice: Any) -> list[Because]:
        if purpose == "layout":
            return [self.say("layout")._replace(once=True)]
        if purpose == "dice" and self._prison[self.mover] and choice == 6:
            return [self.say("null_out", self.game.names[self.mover], "in Prison")]
        return []

    def changes(self, pending: Any, choice: Any) -> list[Because]:
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
