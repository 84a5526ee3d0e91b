"""The turn of The Landlord's Game: throwing and moving, buying and bidding,
building, Jail, the single tax's sites and vote, and the Poor House.
"""

from __future__ import annotations

from landlord.engine.actions.base import Action, Namer, _action

__all__ = [
    "CALL_VOTE",
    "DECLINE",
    "GIVE_UP",
    "PASS",
    "PAY_FINE",
    "ROLL",
    "STAY",
    "TRY_DOUBLES",
    "USE_JAIL_CARD",
    "Bid",
    "Build",
    "Buy",
    "CallVote",
    "ClaimSite",
    "Decline",
    "GiveUp",
    "Move",
    "Pass",
    "PayFine",
    "Roll",
    "StayPut",
    "TryForDoubles",
    "UseJailCard",
]


@_action
class Roll(Action):
    """End the turn's business and throw the dice."""

    def _words(self, space: Namer, player: Namer, cash: Namer) -> str:
        return "throw the dice"


@_action
class Buy(Action):
    """Buy the card of ``space`` at ``price`` (dealt at the start, or landed on)."""

    space: int
    price: int

    def _words(self, space: Namer, player: Namer, cash: Namer) -> str:
        return f"buy {space(self.space)} for {cash(self.price)}"


@_action
class Decline(Action):
    """Do not buy (a dealt card goes back to the pack; a lot stays for sale)."""

    def _words(self, space: Namer, player: Namer, cash: Namer) -> str:
        return "decline"


@_action
class Bid(Action):
    """Bid ``amount`` for the card up for sale."""

    amount: int

    def _words(self, space: Namer, player: Namer, cash: Namer) -> str:
        return f"bid {cash(self.amount)}"


@_action
class Pass(Action):
    """Make no bid."""

    def _words(self, space: Namer, player: Namer, cash: Namer) -> str:
        return "pass"


@_action
class Move(Action):
    """Move the throw ``forward`` or ``backward``; ``railroad_pass`` uses a double's pass."""

    direction: str
    railroad_pass: bool = False
    to: int = 0

    def _words(self, space: Namer, player: Namer, cash: Namer) -> str:
        how = " with the railroad pass" if self.railroad_pass else ""
        return f"move {self.direction}{how} to {space(self.to)}"


@_action
class StayPut(Action):
    """Refuse a move that would end on Speculation (Rule 8)."""

    def _words(self, space: Namer, player: Namer, cash: Namer) -> str:
        return "stay put rather than speculate"


@_action
class Build(Action):
    """Put a house on the lot at ``space``."""

    space: int

    def _words(self, space: Namer, player: Namer, cash: Namer) -> str:
        return f"build a house on {space(self.space)}"


@_action
class PayFine(Action):
    """Pay the Jail fine and come out."""

    def _words(self, space: Namer, player: Namer, cash: Namer) -> str:
        return "pay the fine"


@_action
class TryForDoubles(Action):
    """Throw for a double to come out of Jail ("serving his time")."""

    def _words(self, space: Namer, player: Namer, cash: Namer) -> str:
        return "throw for a double"


@_action
class UseJailCard(Action):
    """Use a Chance card that lets the holder out of Jail."""

    def _words(self, space: Namer, player: Namer, cash: Namer) -> str:
        return "use the get-out-of-jail card"


@_action
class ClaimSite(Action):
    """Build a house on the unimproved lot ``space`` (Single Tax Rule 4).

    On his turn a player claims a site with ``bid`` 0; if others bid for it,
    he may still build by matching the highest ``bid``, paid to the Treasury.
    """

    space: int
    bid: int = 0

    def _words(self, space: Namer, player: Namer, cash: Namer) -> str:
        if self.bid:
            return f"build on {space(self.space)}, paying {cash(self.bid)} to the Treasury"
        return f"build a house on {space(self.space)} (the others may bid for the site)"


@_action
class CallVote(Action):
    """Call a vote to play on under the single tax (the 1906 Single Tax rules)."""

    def _words(self, space: Namer, player: Namer, cash: Namer) -> str:
        return "call a vote for the single tax"


@_action
class GiveUp(Action):
    """Raise no more money: pay what you have and go to the Poor House (Rule 12)."""

    def _words(self, space: Namer, player: Namer, cash: Namer) -> str:
        return "go to the Poor House"


#: The actions without fields, made once: the engine offers these same objects
#: every time, so a choice is recognised by identity and nothing new is built.
ROLL = Roll()
DECLINE = Decline()
PASS = Pass()
STAY = StayPut()
PAY_FINE = PayFine()
TRY_DOUBLES = TryForDoubles()
USE_JAIL_CARD = UseJailCard()
CALL_VOTE = CallVote()
GIVE_UP = GiveUp()
