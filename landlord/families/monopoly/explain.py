"""Which rule each step of the later game followed, for the "explain this step" mode.

:class:`StepRules` (handed out by ``FAMILY.step_rules(game)`` and asked by
:class:`landlord.views.explain.StepExplainer`) holds the sentences: what
each payment follows (:data:`PAYMENTS`, by reason) and what each step follows
(:data:`STEPS`: a decision, a chance event, a change on the board). The rules
have headings, not numbers, and are cited by heading ("the rules: Jail").

Examples
--------
>>> from landlord.session import Session
>>> game = Session("monopoly_uk_1972", ["random"] * 2, seed=1).game
>>> StepRules(game).payment(game.ledger.records[0])[0].sentence
'The rules: each player starts with £1,500 from the Bank.'
"""

from __future__ import annotations

from typing import Any

from landlord.engine.reasons import Reason
from landlord.views.explain import Because
from landlord.views.explain import StepRules as BaseStepRules

__all__ = ["PAYMENTS", "STEPS", "StepRules"]

#: What a payment follows in the later game, by reason. Filled in from the rule set's
#: figures (:meth:`StepRules.figures`).
PAYMENTS: dict[Any, str] = {
    Reason.STARTING_CASH: "The rules: each player starts with {amount} from the Bank.",
    Reason.SALARY: "Each time a token lands on or passes Go, by the dice or by a card, the "
    "Bank pays a {amount} salary (the rules: To start the game).",
    Reason.LAND_RENT: "The owner collects the rent on the title deed, double on a bare "
    "street when the owner holds its whole colour group (the rules: Landing on owned property).",
    Reason.HOUSE_RENT: "Houses and hotels raise a street's rent steeply (the rules: Houses).",
    Reason.RAILROAD_FARE: "A railroad's rent is {fares} as its owner holds 1, 2, 3 or 4 of "
    "them (the title deeds).",
    Reason.UTILITY_RENT: "A utility's rent is {times_one} times the dice, or {times_both} "
    "times if the owner holds both (the title deeds).",
    Reason.TAX: "Taxes are paid to the Bank (the rules: Landing on tax spaces).",
    Reason.JAIL_FINE: "The fine gets a player out of Jail (the rules: Jail).",
    Reason.PROPERTY_BOUGHT: "Landing on a property nobody owns, a player may buy it from "
    "the Bank at its printed price (the rules: Landing on unowned property).",
    Reason.PROPERTY_BOUGHT_AT_AUCTION: "Not bought at its printed price, a property is "
    "auctioned at once; the highest bid buys it (the rules: Landing on unowned property).",
    Reason.TITLE_DEED_DEALT: "The short game: two title deeds are dealt to each player, who "
    "pays for them.",
    Reason.BUILDING_BOUGHT: "Houses are bought from the Bank and built evenly on a whole "
    "colour group; after four, a hotel (the rules: Houses, Hotels).",
    Reason.BUILDING_SOLD: "The Bank buys buildings back at half price (the rules: Selling "
    "property).",
    Reason.BUILDINGS_SOLD: "The Bank buys buildings back at half price (the rules: Selling "
    "property).",
    Reason.TRADE: "Players may trade properties, cards and cash on terms they agree (the "
    "rules: Selling property).",
    Reason.MORTGAGE: "The Bank lends half a property's price on a mortgage; it earns no "
    "rent until the mortgage is lifted (the rules: Mortgages).",
    Reason.MORTGAGE_LIFTED: "Lifting a mortgage costs the loan plus {interest}% (the rules: "
    "Mortgages).",
    Reason.MORTGAGE_INTEREST: "Whoever receives a mortgaged property pays {interest}% "
    "interest at once (the rules: Mortgages).",
    Reason.BANKRUPTCY: "A bankrupt player hands everything to the creditor and leaves "
    "the game (the rules: Bankruptcy).",
    Reason.REPAIRS: "The card charges so much for each house and each hotel the player owns.",
}

#: What a step itself follows (a decision, a chance event, a change on the board), by name.
STEPS = {
    "shuffle": "The rules: the Chance and Community Chest packs are shuffled and put face down.",
    "card": "Do what the card says, then it goes to the bottom of its pack (the rules: "
    "Chance and Community Chest).",
    "doubles": "Doubles: move, then throw again; a third doubles in a row sends the player "
    "to Jail (the rules: To start the game).",
    "auction": "Not bought at its printed price, the property is auctioned at once: anyone "
    "may bid, from any price (the rules: Landing on unowned property).",
    "rent_asked": "In the 1972 rules rent is lost unless the owner asks before the next "
    "throw (the rules: Landing on owned property).",
    "jail_card": "A Get Out of Jail Free card frees the player; it goes back to the bottom of its "
    "pack (the rules: Jail).",
    "trade": "Players may trade properties, cards and cash on terms they agree (the rules: "
    "Selling property).",
    "go_to_jail": "Landing on Go To Jail sends a token straight to Jail, with no salary (the "
    "rules: Jail).",
    "card_jail": "The card sends the player straight to Jail, with no salary (the rules: Jail).",
    "three_doubles": "A third doubles in a row sends a player to Jail (the rules: Jail).",
    "jail": "Off to Jail (the rules: Jail).",
    "double_out": "Doubles in Jail set a player free, to move by them (the rules: Jail).",
    "group": "{name} now holds the whole {colour} group: a monopoly of it. Its bare streets "
    "charge double rent, and {name} may build houses there (the rules: Advantages for owners).",
    "bankrupt": "Unable to pay, even by selling and mortgaging everything, the player is "
    "bankrupt and leaves the game (the rules: Bankruptcy).",
    "free_parking": "Free Parking: nothing happens there (the rules).",
    "visiting": "Stopping on the Jail corner in the ordinary way is 'just visiting': nothing "
    "happens (the rules: Visiting Jail).",
    "end": "The last player left in the game wins (the rules: Bankruptcy).",
    "end_agreed": "The game stops at the agreed time; the richest wins, counting property at "
    "its printed price and buildings at cost (the rules: the short game).",
}


class StepRules(BaseStepRules):
    """What the later game's rules say about each step of ``game`` (see the module's
    docstring)."""

    payments = PAYMENTS
    steps = STEPS
    once = frozenset({Reason.STARTING_CASH, Reason.TITLE_DEED_DEALT})

    def figures(self) -> dict[str, Any]:
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

    def decision(self, name: str, asked: str, choice: Any) -> list[Because]:
        kind = type(choice).__name__
        key = {"UseJailCard": "jail_card"}.get(kind)
        if kind == "Decline" and asked == "buy" and self.game.rules.purchase.mode != "fixed_price":
            key = "auction"
        elif asked == "rent":
            key = "rent_asked"
        elif kind == "Accept" and asked == "offer":
            key = "trade"
        return [self.say(key, name)] if key else []

    def chance(self, purpose: str, choice: Any) -> list[Because]:
        # The short game's deal has no sentence of its own: its payments name the rule.
        if purpose == "shuffle":
            return [self.say("shuffle")._replace(once=True)]
        if purpose.endswith("_card"):
            return [self.card(purpose.removesuffix("_card"), choice)]
        if purpose != "dice":
            return []
        game = self.game
        mover = game.names[self.mover]
        told = []
        if choice[0] == choice[1] and not self.jailed[self.mover] and not game.jailed[self.mover]:
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

    def jailed_by(self, player: int, purpose: str, choice: Any) -> str:
        drawn = self._cards_drawn()
        if purpose.endswith("_card"):
            drawn.append((purpose.removesuffix("_card"), choice))
        if any(self.card_of(pack, card).effect == "go_to_jail" for pack, card in drawn):
            return "card_jail"
        if purpose == "dice":
            t = self.game.tables
            if t.kind[(self.position[player] + choice[0] + choice[1]) % t.size] == "go_to_jail":
                return "go_to_jail"
            if choice[0] == choice[1]:
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
