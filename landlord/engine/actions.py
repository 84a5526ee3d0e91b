"""The decisions a player can make, as typed, printable records.

The state lists the legal ones (:meth:`GameState.legal_actions`); a bot, the
user interface or a replay picks one and hands it to :meth:`GameState.apply`.
Every action is a frozen record that prints in plain words and turns into a
small JSON object and back (:func:`action_to_json`, :func:`action_from_json`),
which is how saved games store them.

Board spaces stand for their cards: ``Buy(space=13)`` buys the charter of the
Soakum Lighting System, the green card of space 13.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

__all__ = [
    "ACTION_TYPES",
    "Accept",
    "AskForCard",
    "AskLoan",
    "Bid",
    "Build",
    "Buy",
    "Decline",
    "EndDealing",
    "FormTrust",
    "GiveUp",
    "Move",
    "Negotiate",
    "OfferCard",
    "OfferLuxury",
    "Pass",
    "PayFine",
    "Refuse",
    "Repay",
    "Roll",
    "StayPut",
    "TryForDoubles",
    "UseJailCard",
    "action_from_json",
    "action_to_json",
]


def _action(cls):
    return dataclass(frozen=True, slots=True)(cls)


@_action
class Roll:
    """End the turn's business and throw the dice."""

    def __str__(self) -> str:
        return "throw the dice"


@_action
class Buy:
    """Buy the card of ``space`` at ``price`` (dealt at the start, or landed on)."""

    space: int
    price: int

    def __str__(self) -> str:
        return f"buy space {self.space} for ${self.price}"


@_action
class Decline:
    """Do not buy (a dealt card goes back to the pack; a lot stays for sale)."""

    def __str__(self) -> str:
        return "decline"


@_action
class Bid:
    """Bid ``amount`` for the card up for sale."""

    amount: int

    def __str__(self) -> str:
        return f"bid ${self.amount}"


@_action
class Pass:
    """Make no bid."""

    def __str__(self) -> str:
        return "pass"


@_action
class Move:
    """Move the throw ``forward`` or ``backward``; ``railroad_pass`` uses a double's pass."""

    direction: str
    railroad_pass: bool = False
    to: int = 0

    def __str__(self) -> str:
        how = " with the railroad pass" if self.railroad_pass else ""
        return f"move {self.direction}{how} to space {self.to}"


@_action
class StayPut:
    """Refuse a move that would end on Speculation (Rule 8)."""

    def __str__(self) -> str:
        return "stay put rather than speculate"


@_action
class Build:
    """Put a house on the lot at ``space``."""

    space: int

    def __str__(self) -> str:
        return f"build a house on space {self.space}"


@_action
class PayFine:
    """Pay the Jail fine and come out."""

    def __str__(self) -> str:
        return "pay the fine"


@_action
class TryForDoubles:
    """Throw for a double to come out of Jail ("serving his time")."""

    def __str__(self) -> str:
        return "throw for a double"


@_action
class UseJailCard:
    """Use a Chance card that lets the holder out of Jail."""

    def __str__(self) -> str:
        return "use the get-out-of-jail card"


@_action
class Negotiate:
    """Open talks with the other players: sell, buy or borrow."""

    def __str__(self) -> str:
        return "negotiate"


@_action
class EndDealing:
    """Close the talks."""

    def __str__(self) -> str:
        return "end the talks"


@_action
class OfferCard:
    """Offer the card of ``space`` to ``buyer`` for ``price``."""

    space: int
    buyer: int
    price: int

    def __str__(self) -> str:
        return f"offer space {self.space} to player {self.buyer} for ${self.price}"


@_action
class AskForCard:
    """Offer its holder ``price`` for the card of ``space``."""

    space: int
    price: int

    def __str__(self) -> str:
        return f"offer ${self.price} for space {self.space}"


@_action
class OfferLuxury:
    """Offer one luxury card to ``buyer`` for ``price``."""

    buyer: int
    price: int

    def __str__(self) -> str:
        return f"offer a luxury card to player {self.buyer} for ${self.price}"


@_action
class AskLoan:
    """Ask ``lender`` for ``amount`` at ``interest`` percent, on a card or (``None``) wages."""

    lender: int
    amount: int
    interest: int
    collateral: int | None = None

    def __str__(self) -> str:
        security = "wages" if self.collateral is None else f"space {self.collateral}"
        return (
            f"ask player {self.lender} for a loan of ${self.amount} "
            f"at {self.interest}% on {security}"
        )


@_action
class Repay:
    """Pay back the debt numbered ``debt``."""

    debt: int

    def __str__(self) -> str:
        return f"repay debt {self.debt}"


@_action
class FormTrust:
    """Ask ``partner`` to pool the railroads in a Trust (Rule 9)."""

    partner: int

    def __str__(self) -> str:
        return f"propose a railroad Trust to player {self.partner}"


@_action
class GiveUp:
    """Raise no more money: pay what you have and go to the Poor House (Rule 12)."""

    def __str__(self) -> str:
        return "go to the Poor House"


@_action
class Accept:
    """Accept what another player proposes."""

    def __str__(self) -> str:
        return "accept"


@_action
class Refuse:
    """Refuse what another player proposes."""

    def __str__(self) -> str:
        return "refuse"


ACTION_TYPES: dict[str, type] = {
    cls.__name__: cls
    for cls in (
        Roll,
        Buy,
        Decline,
        Bid,
        Pass,
        Move,
        StayPut,
        Build,
        PayFine,
        TryForDoubles,
        UseJailCard,
        Negotiate,
        EndDealing,
        OfferCard,
        AskForCard,
        OfferLuxury,
        AskLoan,
        Repay,
        FormTrust,
        GiveUp,
        Accept,
        Refuse,
    )
}


def action_to_json(action: Any) -> dict[str, Any]:
    """A plain JSON object for an action.

    Examples
    --------
    >>> action_to_json(Bid(55))
    {'type': 'Bid', 'amount': 55}
    """
    return {"type": type(action).__name__, **asdict(action)}


def action_from_json(data: Any) -> Any:
    """The action a JSON object describes; ``ValueError`` if it describes none.

    Examples
    --------
    >>> action_from_json({"type": "Build", "space": 3})
    Build(space=3)
    """
    if not isinstance(data, dict) or data.get("type") not in ACTION_TYPES:
        raise ValueError(f"not an action: {data!r}")
    cls = ACTION_TYPES[data["type"]]
    names = {field.name for field in fields(cls)}
    given = {key: value for key, value in data.items() if key != "type"}
    if set(given) != names:
        raise ValueError(
            f"action {data['type']} needs fields {sorted(names)}, got {sorted(given)}"
        )
    for key, value in given.items():
        if not (value is None or isinstance(value, int | str | bool)):
            raise ValueError(f"action {data['type']} field {key!r}: unexpected value {value!r}")
    return cls(**given)
