"""The actions the later games added: the Monopoly rule sets (hotels, mortgages,
Income Tax, bankruptcy), the piecepack Quikopoly's Prison, and Sid Sackson's
Property with its play deck.
"""

from __future__ import annotations

from landlord.engine.actions.base import Action, Namer, _action

__all__ = [
    "CLAIM_RENT",
    "DRAW_CHANCE",
    "GO_BANKRUPT",
    "STAY_IN_PRISON",
    "SUITS",
    "BuildHotel",
    "BuyCell",
    "ClaimRent",
    "DrawChance",
    "GoBankrupt",
    "KeepMortgage",
    "LiftMortgage",
    "Mortgage",
    "PayInstead",
    "PayTax",
    "PlayCards",
    "SellBuilding",
    "StayInPrison",
    "card_name",
]


# --- the Monopoly rule sets ------------------------------------------------------


@_action
class BuildHotel(Action):
    """Trade the four houses on ``space`` and one more house's cost for a hotel."""

    space: int

    def _words(self, space: Namer, player: Namer, cash: Namer) -> str:
        return f"build a hotel on {space(self.space)}"


@_action
class SellBuilding(Action):
    """Sell a house (or the hotel) on ``space`` back to the bank at half its cost."""

    space: int

    def _words(self, space: Namer, player: Namer, cash: Namer) -> str:
        return f"sell a building on {space(self.space)} back to the bank"


@_action
class Mortgage(Action):
    """Mortgage ``space`` to the bank for its mortgage value."""

    space: int

    def _words(self, space: Namer, player: Namer, cash: Namer) -> str:
        return f"mortgage {space(self.space)}"


@_action
class LiftMortgage(Action):
    """Pay off the mortgage on ``space``: its value and the interest."""

    space: int

    def _words(self, space: Namer, player: Namer, cash: Namer) -> str:
        return f"lift the mortgage on {space(self.space)}"


@_action
class KeepMortgage(Action):
    """Take a mortgaged property as it is, paying the interest now."""

    space: int

    def _words(self, space: Namer, player: Namer, cash: Namer) -> str:
        return f"keep {space(self.space)} mortgaged and pay the interest"


@_action
class PayTax(Action):
    """Pay Income Tax: the ``flat`` amount, or ``percent`` of total worth (counted after)."""

    how: str  # "flat" or "percent"
    amount: int  # the flat sum, or the percent

    def _words(self, space: Namer, player: Namer, cash: Namer) -> str:
        if self.how == "percent":
            return f"pay {self.amount}% of your total worth"
        return f"pay {cash(self.amount)}"


@_action
class PayInstead(Action):
    """Pay ``amount`` rather than draw (the card that says "pay a fine or take a Chance")."""

    amount: int

    def _words(self, space: Namer, player: Namer, cash: Namer) -> str:
        return f"pay {cash(self.amount)}"


@_action
class DrawChance(Action):
    """Take a Chance card rather than pay."""

    def _words(self, space: Namer, player: Namer, cash: Namer) -> str:
        return "take a Chance card"


@_action
class ClaimRent(Action):
    """Ask for the rent due (where rent lapses unless asked for)."""

    def _words(self, space: Namer, player: Namer, cash: Namer) -> str:
        return "ask for the rent"


@_action
class GoBankrupt(Action):
    """Hand over everything and leave the game: the debt cannot be raised."""

    def _words(self, space: Namer, player: Namer, cash: Namer) -> str:
        return "declare bankruptcy"


# --- the piecepack Quikopoly ---------------------------------------------------


@_action
class StayInPrison(Action):
    """Stay in Prison this turn rather than pay a coin and move the throw."""

    def _words(self, space: Namer, player: Namer, cash: Namer) -> str:
        return "stay in Prison"


# --- Sid Sackson's Property -------------------------------------------------------

#: The suits of Property's play deck, by number: the red ones first, then the black.
SUITS = ("\u2665", "\u2666", "\u2660", "\u2663")  # hearts, diamonds, spades, clubs


def card_name(card: int) -> str:
    """A card of Property's play deck in words: ``10 * rank + suit`` (ace 1; suits as
    :data:`SUITS` numbers them: 0 hearts, 1 diamonds, 2 spades, 3 clubs).

    Examples
    --------
    >>> card_name(10), card_name(31), card_name(103)
    ('A\u2665', '3\u2666', '10\u2663')
    """
    rank, suit = divmod(card, 10)
    return f"{'A' if rank == 1 else rank}{SUITS[suit]}"


@_action
class PlayCards(Action):
    """Play a red and a black card (Property) to name the cell ``space``: its column
    from the red card, its row from the black one (a nine or ten stands for any number
    from 1 to 8)."""

    red: int
    black: int
    space: int

    def _words(self, space: Namer, player: Namer, cash: Namer) -> str:
        return f"play {card_name(self.red)} and {card_name(self.black)} on {space(self.space)}"


@_action
class BuyCell(Action):
    """Buy the cell ``space`` just paid rent on, for ``units`` purchase units (Property)."""

    space: int
    units: int

    def _words(self, space: Namer, player: Namer, cash: Namer) -> str:
        plural = "" if self.units == 1 else "s"
        return f"buy {space(self.space)} for {self.units} purchase unit{plural}"


#: The actions without fields, made once (as :data:`~landlord.engine.actions.turn.ROLL`).
DRAW_CHANCE = DrawChance()
CLAIM_RENT = ClaimRent()
GO_BANKRUPT = GoBankrupt()
STAY_IN_PRISON = StayInPrison()
