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

from collections.abc import Callable, Sequence
from dataclasses import Field, asdict, dataclass, fields, is_dataclass
from functools import partial
from typing import Any, ClassVar, TypeVar, dataclass_transform

from landlord.money import money

__all__ = [
    "ACCEPT",
    "ACTION_TYPES",
    "CALL_VOTE",
    "CLAIM_RENT",
    "DECLINE",
    "DRAW_CHANCE",
    "END_TALKS",
    "GIVE_UP",
    "GO_BANKRUPT",
    "NEGOTIATE",
    "PASS",
    "PAY_FINE",
    "REFUSE",
    "ROLL",
    "STAY",
    "STAY_IN_PRISON",
    "SUITS",
    "TRY_DOUBLES",
    "USE_JAIL_CARD",
    "Accept",
    "Action",
    "AskForCard",
    "AskLoan",
    "Bid",
    "Build",
    "BuildHotel",
    "Buy",
    "BuyCell",
    "CallVote",
    "ClaimRent",
    "ClaimSite",
    "Decline",
    "DrawChance",
    "EndDealing",
    "FormTrust",
    "GiveUp",
    "GoBankrupt",
    "KeepMortgage",
    "LiftMortgage",
    "Mortgage",
    "Move",
    "Negotiate",
    "OfferCard",
    "OfferLuxury",
    "Pass",
    "PayFine",
    "PayInstead",
    "PayTax",
    "PlayCards",
    "Refuse",
    "Repay",
    "Roll",
    "SellBuilding",
    "StayInPrison",
    "StayPut",
    "Trade",
    "TryForDoubles",
    "UseJailCard",
    "action_from_json",
    "action_to_json",
    "card_name",
    "register_action",
]


Namer = Callable[[int], str]


class Action:
    """What every action shares: its words, with or without the game's names."""

    __slots__ = ()
    #: Every action is a dataclass (:func:`_action` makes it one).
    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]

    def _words(self, space: Namer, player: Namer, cash: Namer) -> str:  # pragma: no cover
        raise NotImplementedError

    def __str__(self) -> str:
        return self._words(_space_number, _player_number, money)

    def describe(
        self,
        spaces: Sequence[str] | None = None,
        players: Sequence[str] | None = None,
        currency: str = "$",
    ) -> str:
        """The action in words, naming spaces and players when their names are given,
        and sums of money in ``currency``.

        Examples
        --------
        >>> OfferCard(3, 1, 40).describe(["Mother Earth", "Wayback", "Fuel", "Lonely Lane"],
        ...                              ["Ann", "Bob"])
        'offer Lonely Lane to Bob for $40'
        >>> str(OfferCard(3, 1, 40)), Bid(1200).describe(currency="\u00a3")
        ('offer space 3 to player 1 for $40', 'bid \u00a31,200')
        """
        space = spaces.__getitem__ if spaces is not None else _space_number
        player = players.__getitem__ if players is not None else _player_number
        return self._words(space, player, partial(money, currency=currency))


def _space_number(number: int) -> str:
    return f"space {number}"


def _player_number(number: int) -> str:
    return f"player {number}"


_A = TypeVar("_A", bound=Action)


@dataclass_transform(frozen_default=True)
def _action(cls: type[_A]) -> type[_A]:
    """A frozen, slotted record of a decision."""
    return dataclass(frozen=True, slots=True)(cls)


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
class Negotiate(Action):
    """Open talks with the other players: sell, buy or borrow."""

    def _words(self, space: Namer, player: Namer, cash: Namer) -> str:
        return "negotiate"


@_action
class EndDealing(Action):
    """Close the talks."""

    def _words(self, space: Namer, player: Namer, cash: Namer) -> str:
        return "end the talks"


@_action
class OfferCard(Action):
    """Offer the card of ``space`` to ``buyer`` for ``price``."""

    space: int
    buyer: int
    price: int

    def _words(self, space: Namer, player: Namer, cash: Namer) -> str:
        return f"offer {space(self.space)} to {player(self.buyer)} for {cash(self.price)}"


@_action
class AskForCard(Action):
    """Offer its holder ``price`` for the card of ``space``."""

    space: int
    price: int

    def _words(self, space: Namer, player: Namer, cash: Namer) -> str:
        return f"offer {cash(self.price)} for {space(self.space)}"


@_action
class OfferLuxury(Action):
    """Offer one luxury card to ``buyer`` for ``price``."""

    buyer: int
    price: int

    def _words(self, space: Namer, player: Namer, cash: Namer) -> str:
        return f"offer a luxury card to {player(self.buyer)} for {cash(self.price)}"


@_action
class AskLoan(Action):
    """Ask ``lender`` for ``amount`` at ``interest`` percent, on a card or (``None``) wages."""

    lender: int
    amount: int
    interest: int
    collateral: int | None = None

    def _words(self, space: Namer, player: Namer, cash: Namer) -> str:
        security = "wages" if self.collateral is None else f"{space(self.collateral)}"
        return (
            f"ask {player(self.lender)} for a loan of {cash(self.amount)} "
            f"at {self.interest}% on {security}"
        )


@_action
class Repay(Action):
    """Pay back the debt numbered ``debt``."""

    debt: int

    def _words(self, space: Namer, player: Namer, cash: Namer) -> str:
        return f"repay debt {self.debt}"


@_action
class FormTrust(Action):
    """Ask ``partner`` to pool the railroads in a Trust (Rule 9)."""

    partner: int

    def _words(self, space: Namer, player: Namer, cash: Namer) -> str:
        return f"propose a railroad Trust to {player(self.partner)}"


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


@_action
class Accept(Action):
    """Accept what another player proposes."""

    def _words(self, space: Namer, player: Namer, cash: Namer) -> str:
        return "accept"


@_action
class Refuse(Action):
    """Refuse what another player proposes."""

    def _words(self, space: Namer, player: Namer, cash: Namer) -> str:
        return "refuse"


# --- the later game (the Monopoly rule sets) -----------------------------------


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
class Trade(Action):
    """Propose to ``partner``: ``give`` these properties and take ``take``, with cash.

    ``cash`` is what the proposer pays (negative: what he receives);
    ``give_cards`` and ``take_cards`` count Get Out of Jail Free cards.
    """

    partner: int
    give: tuple[int, ...] = ()
    take: tuple[int, ...] = ()
    cash: int = 0
    give_cards: int = 0
    take_cards: int = 0

    def _words(self, space: Namer, player: Namer, cash: Namer) -> str:
        def listed(spaces: tuple[int, ...], cards: int) -> list[str]:
            names = [space(s) for s in spaces]
            if cards:
                names.append(f"{cards} Get Out of Jail Free card" + ("s" if cards > 1 else ""))
            return names

        give = listed(self.give, self.give_cards)
        take = listed(self.take, self.take_cards)
        if self.cash > 0:
            give.append(cash(self.cash))
        elif self.cash < 0:
            take.append(cash(-self.cash))
        what = " and ".join(give) if give else "nothing"
        back = " and ".join(take) if take else "nothing"
        return f"offer {player(self.partner)} {what} for {back}"


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


#: The actions without fields, made once: the engine offers these same objects
#: every time, so a choice is recognised by identity and nothing new is built.
ROLL = Roll()
DECLINE = Decline()
PASS = Pass()
STAY = StayPut()
PAY_FINE = PayFine()
TRY_DOUBLES = TryForDoubles()
USE_JAIL_CARD = UseJailCard()
NEGOTIATE = Negotiate()
END_TALKS = EndDealing()
GIVE_UP = GiveUp()
ACCEPT = Accept()
REFUSE = Refuse()
CALL_VOTE = CallVote()
DRAW_CHANCE = DrawChance()
CLAIM_RENT = ClaimRent()
GO_BANKRUPT = GoBankrupt()
STAY_IN_PRISON = StayInPrison()


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
