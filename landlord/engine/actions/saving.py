"""Actions by name, as saved games hold them: :data:`ACTION_TYPES`,
:func:`register_action` for a family's own, and the JSON objects of
:func:`action_to_json` and :func:`action_from_json`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, fields, is_dataclass

from landlord.engine.actions.base import _A, Action
from landlord.engine.actions.dealings import (
    Accept,
    AskForCard,
    AskLoan,
    EndDealing,
    FormTrust,
    Negotiate,
    OfferCard,
    OfferLuxury,
    Refuse,
    Repay,
    Trade,
)
from landlord.engine.actions.later_games import (
    BuildHotel,
    BuyCell,
    ClaimRent,
    DrawChance,
    GoBankrupt,
    KeepMortgage,
    LiftMortgage,
    Mortgage,
    PayInstead,
    PayTax,
    PlayCards,
    SellBuilding,
    StayInPrison,
)
from landlord.engine.actions.turn import (
    Bid,
    Build,
    Buy,
    CallVote,
    ClaimSite,
    Decline,
    GiveUp,
    Move,
    Pass,
    PayFine,
    Roll,
    StayPut,
    TryForDoubles,
    UseJailCard,
)

__all__ = ["ACTION_TYPES", "action_from_json", "action_to_json", "register_action"]

#: Every action type by its class name, the ``type`` of its JSON object.
ACTION_TYPES: dict[str, type[Action]] = {
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
        ClaimSite,
        CallVote,
        GiveUp,
        Accept,
        Refuse,
        BuildHotel,
        SellBuilding,
        Mortgage,
        LiftMortgage,
        KeepMortgage,
        PayTax,
        PayInstead,
        DrawChance,
        ClaimRent,
        Trade,
        GoBankrupt,
        StayInPrison,
        PlayCards,
        BuyCell,
    )
}


def register_action(cls: type[_A]) -> type[_A]:
    """Add an action type of a family's own, so that its games save and replay.

    A class decorator for an installed family's action (a frozen dataclass
    subclassing :class:`Action`), used where the family defines its ``FAMILY``,
    so that it is known before a saved game of the family is read back.

    Raises
    ------
    TypeError
        If ``cls`` is not a dataclass subclassing :class:`Action`.
    ValueError
        If another action type has the name already.

    Examples
    --------
    >>> from dataclasses import dataclass
    >>> @register_action
    ... @dataclass(frozen=True)
    ... class DoctestToll(Action):
    ...     space: int
    >>> action_from_json({"type": "DoctestToll", "space": 4})
    DoctestToll(space=4)
    >>> register_action(Buy) is Buy
    True
    """
    if not (isinstance(cls, type) and issubclass(cls, Action) and is_dataclass(cls)):
        raise TypeError(f"an action type is a dataclass subclassing Action, not {cls!r}")
    known = ACTION_TYPES.get(cls.__name__)
    if known is not None and known is not cls:
        raise ValueError(f"the action type {cls.__name__!r} is taken (by {known.__module__})")
    ACTION_TYPES[cls.__name__] = cls
    return cls


def action_to_json(action: Action) -> dict[str, object]:
    """A plain JSON object for an action.

    An action's fields are numbers, words, flags or tuples of numbers, which are
    copied as they are (the fast path every saved game takes); anything else
    goes through :func:`dataclasses.asdict`.

    Examples
    --------
    >>> action_to_json(Bid(55))
    {'type': 'Bid', 'amount': 55}
    >>> action_to_json(Trade(partner=1, give=(3,), cash=20))["give"]
    (3,)
    """
    kind = type(action)
    names = _FIELD_NAMES.get(kind)
    if names is None:
        names = _FIELD_NAMES[kind] = tuple(f.name for f in fields(kind))
    data: dict[str, object] = {"type": kind.__name__}
    for name in names:
        value = getattr(action, name)
        if type(value) not in _PLAIN and not (
            type(value) is tuple and all(type(item) is int for item in value)
        ):
            return {"type": kind.__name__, **asdict(action)}
        data[name] = value
    return data


#: Each action class's field names, in order (see :func:`action_to_json`).
_FIELD_NAMES: dict[type[Action], tuple[str, ...]] = {}
#: The field values :func:`action_to_json` copies as they are.
_PLAIN = frozenset({int, str, bool, type(None)})


def action_from_json(data: object) -> Action:
    """The action a JSON object describes; ``ValueError`` if it describes none.

    Examples
    --------
    >>> action_from_json({"type": "Build", "space": 3})
    Build(space=3)
    """
    if (
        not isinstance(data, dict)
        or not isinstance(data.get("type"), str)
        or data["type"] not in ACTION_TYPES
    ):
        raise ValueError(f"not an action: {data!r}")
    cls = ACTION_TYPES[data["type"]]
    names = {field.name for field in fields(cls)}
    given = {key: value for key, value in data.items() if key != "type"}
    if set(given) != names:
        raise ValueError(
            f"action {data['type']} needs fields {sorted(names)}, got {sorted(given)}"
        )
    kinds = {field.name: str(field.type) for field in fields(cls)}
    for key, value in given.items():
        kind = kinds[key]
        if (
            kind == "tuple[int, ...]"
            and isinstance(value, list | tuple)  # JSON's list, or a game's own history
            and all(map(_whole, value))
        ):
            given[key] = tuple(value)  # a list of spaces (a trade's properties)
        elif not _FIELD_KINDS.get(kind, _whole)(value):
            raise ValueError(
                f"action {data['type']} field {key!r}: expected {_KIND_WORDS.get(kind, kind)}, "
                f"got {value!r}"
            )
    return cls(**given)


def _whole(value: object) -> bool:
    """A whole number (not ``True``/``False``) within 64 bits, as a saved game holds."""
    return type(value) is int and -(2**63) <= value < 2**63


#: How a saved action's field is checked, by the field's annotation.
_FIELD_KINDS: dict[str, Callable[[object], bool]] = {
    "int": _whole,
    "int | None": lambda value: value is None or _whole(value),
    "bool": lambda value: isinstance(value, bool),
    "str": lambda value: isinstance(value, str),
    "tuple[int, ...]": lambda value: False,  # a list of whole numbers, taken above
}
_KIND_WORDS = {
    "int": "a whole number",
    "int | None": "a whole number or null",
    "bool": "true or false",
    "str": "text",
    "tuple[int, ...]": "a list of whole numbers",
}
