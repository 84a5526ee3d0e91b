"""Why money moves: the reasons a ledger record can give, each with its group and words.

Every transfer in a game's ledger says why it was made, as a :class:`Reason`:
``Reason.LAND_RENT``, ``Reason.WAGES``, ... A reason *is* its words (a
``str``: ``"land rent"``), so a ledger reads plainly and a saved table needs
no decoding, and it carries

* ``group``: one of :data:`GROUPS`, the kinds of payment a lesson talks about
  (land rent, house rent, fares, taxes and fines, wages, purchases, loans,
  chance and speculation, public spending, starting cash); the who-paid-whom
  graphs, the round summaries and the experiments all count by it;
* ``paid_for``: how "Ann pays $25 ... to Bob" reads (``"for a card"``); the
  reason's own words when they already name the money (``"land rent"``).

This module is the one list of them: the engine pays with these, and
:mod:`landlord.flows`, :mod:`landlord.record`, the experiments and the event
logs read them. A reason the list does not know (a test's, or a new rule
set's before it is added here) is counted in the group ``"other"``.

Examples
--------
>>> Reason.LAND_RENT, Reason.LAND_RENT.group
('land rent', 'land rent')
>>> Reason.CARD_BOUGHT.group, Reason.CARD_BOUGHT.paid_for
('purchases', 'for a card')
>>> Reason.LAND_RENT == "land rent", Reason.of("wage rise") is Reason.WAGE_RISE
(True, True)
>>> group_of("a reason nobody wrote down")
'other'
"""

from __future__ import annotations

from typing import ClassVar

__all__ = ["GROUPS", "RENT_GROUPS", "Reason", "group_of", "register_reason"]

#: The groups of reasons, in the order a lesson lists them; "other" is last.
GROUPS: tuple[str, ...] = (
    "land rent",
    "house rent",
    "fares",
    "taxes and fines",
    "wages",
    "purchases",
    "loans",
    "chance and speculation",
    "public spending",
    "starting cash",
    "other",
)

#: The groups that count as rent a player collects: ground rent, house rent, fares.
RENT_GROUPS: tuple[str, ...] = ("land rent", "house rent", "fares")


class Reason(str):
    """Why a transfer was made: its words (the string itself), its group, how it reads.

    The reasons are the class's upper-case attributes, made once; they compare
    and hash as their words, so ``record.reason == "land rent"`` holds and a
    reason keys a dictionary as its words do.
    """

    group: str
    paid_for: str
    name: str
    _known: ClassVar[dict[str, Reason]] = {}

    # The reasons (set below the class).
    STARTING_CASH: ClassVar[Reason]
    LAND_RENT: ClassVar[Reason]
    LAND_VALUE_TAX: ClassVar[Reason]
    OPPORTUNITY_RENT: ClassVar[Reason]
    SITE_BID: ClassVar[Reason]
    HOUSE_RENT: ClassVar[Reason]
    RAILROAD_FARE: ClassVar[Reason]
    FRANCHISE_FEE: ClassVar[Reason]
    UTILITY_RENT: ClassVar[Reason]
    NECESSITY_TAX: ClassVar[Reason]
    JAIL_FINE: ClassVar[Reason]
    TAX: ClassVar[Reason]
    WAGES: ClassVar[Reason]
    OPPORTUNITY_WAGES: ClassVar[Reason]
    SALARY: ClassVar[Reason]
    CARD_BOUGHT: ClassVar[Reason]
    CARD_BOUGHT_FROM_THE_DEAL: ClassVar[Reason]
    CARD_SOLD: ClassVar[Reason]
    HOUSE_BUILT: ClassVar[Reason]
    LUXURY: ClassVar[Reason]
    LUXURY_CARD_SOLD: ClassVar[Reason]
    PROPERTY_BOUGHT: ClassVar[Reason]
    PROPERTY_BOUGHT_AT_AUCTION: ClassVar[Reason]
    TITLE_DEED_DEALT: ClassVar[Reason]
    BUILDING_BOUGHT: ClassVar[Reason]
    BUILDING_SOLD: ClassVar[Reason]
    BUILDINGS_SOLD: ClassVar[Reason]
    TRADE: ClassVar[Reason]
    LOAN: ClassVar[Reason]
    DEBT_REPAID: ClassVar[Reason]
    DEBT_REPAID_FROM_WAGES: ClassVar[Reason]
    MORTGAGE: ClassVar[Reason]
    MORTGAGE_LIFTED: ClassVar[Reason]
    MORTGAGE_INTEREST: ClassVar[Reason]
    BANKRUPTCY: ClassVar[Reason]
    CARD: ClassVar[Reason]
    REPAIRS: ClassVar[Reason]
    CHANCE: ClassVar[Reason]
    SPECULATION_STAKE: ClassVar[Reason]
    SPECULATION_WINNINGS: ClassVar[Reason]
    BROKERS_SHARE: ClassVar[Reason]
    PUBLIC_PURCHASE: ClassVar[Reason]
    FREE_COLLEGE: ClassVar[Reason]
    WAGE_RISE: ClassVar[Reason]
    CITIZENS_DIVIDEND: ClassVar[Reason]
    TREASURY_EMPTIED: ClassVar[Reason]

    def __new__(cls, words: str, group: str, paid_for: str = "") -> Reason:
        if group not in GROUPS:
            raise ValueError(f"a reason's group is one of {', '.join(GROUPS)}, not {group!r}")
        reason = super().__new__(cls, words)
        reason.group = group
        reason.paid_for = paid_for or words
        reason.name = ""  # set when the module defines it
        return reason

    @classmethod
    def of(cls, words: str) -> Reason | None:
        """The reason with these words, or ``None`` if there is none."""
        return cls._known.get(words)

    @classmethod
    def members(cls) -> tuple[Reason, ...]:
        """Every reason, in the order this module lists them."""
        return tuple(cls._known.values())

    def __reduce__(self) -> tuple[object, ...]:
        # A pickled reason comes back as the same object.
        return (_known_reason, (str(self),))


def _known_reason(words: str) -> Reason:
    if words not in Reason._known:  # a family's own, in a process that has not loaded it
        from landlord.rules import registry

        registry.families()
    return Reason._known[words]


def register_reason(name: str, words: str, group: str, paid_for: str = "") -> Reason:
    """Add a reason of a family's own to the one list, and return it.

    An installed family (:mod:`landlord.rules.registry`) whose money moves for a
    reason none of the list's gives registers it where it defines its ``FAMILY``,
    so that it is known before any game of it is played or read back.

    Parameters
    ----------
    name : str
        Its attribute, in capitals: ``Reason.TOLL`` after ``register_reason("TOLL", ...)``.
    words, group, paid_for
        As for :class:`Reason`: what the ledger says, one of :data:`GROUPS`, and
        how a payment reads ("for a toll"), its own words if left out.

    Raises
    ------
    ValueError
        If the name or the words belong to another reason already, or the name
        is not an upper-case identifier. The same reason registered again is
        returned as it is.

    Examples
    --------
    >>> toll = register_reason("DOCTEST_TOLL", "doctest toll", "fares", "for a toll")
    >>> toll is Reason.DOCTEST_TOLL, toll.group, group_of("doctest toll")
    (True, 'fares', 'fares')
    >>> register_reason("DOCTEST_TOLL", "doctest toll", "fares", "for a toll") is toll
    True
    >>> register_reason("OTHER_RENT", "land rent", "fares")
    Traceback (most recent call last):
    ...
    ValueError: the reason 'land rent' is taken (Reason.LAND_RENT, group 'land rent')
    """
    known = Reason._known.get(words)
    if known is not None:
        if (known.name, known.group, known.paid_for) == (name, group, paid_for or words):
            return known
        raise ValueError(
            f"the reason {words!r} is taken (Reason.{known.name}, group {known.group!r})"
        )
    if not (name.isidentifier() and name.isupper()) or hasattr(Reason, name):
        raise ValueError(f"a reason's name is a new upper-case identifier, not {name!r}")
    _define(name, words, group, paid_for)
    return Reason._known[words]


def group_of(reason: str) -> str:
    """The group of a ledger reason; ``"other"`` for words no :class:`Reason` has.

    Examples
    --------
    >>> group_of("railroad fare"), group_of(Reason.WAGE_RISE)
    ('fares', 'public spending')
    """
    known = Reason._known.get(reason)
    return known.group if known is not None else "other"


def _define(name: str, words: str, group: str, paid_for: str = "") -> None:
    reason = Reason(words, group, paid_for)
    reason.name = name
    Reason._known[words] = reason
    setattr(Reason, name, reason)


for _name, _words, _group, _paid_for in (
    ("STARTING_CASH", "starting cash", "starting cash", ""),
    # Ground rent, and what the single tax and the dial take of it.
    ("LAND_RENT", "land rent", "land rent", ""),
    ("LAND_VALUE_TAX", "land value tax", "land rent", ""),
    ("OPPORTUNITY_RENT", "opportunity rent", "land rent", ""),
    ("SITE_BID", "site bid", "land rent", "bid for a site"),
    ("HOUSE_RENT", "house rent", "house rent", ""),
    ("RAILROAD_FARE", "railroad fare", "fares", ""),
    ("FRANCHISE_FEE", "franchise fee", "fares", ""),
    ("UTILITY_RENT", "utility rent", "fares", ""),
    ("NECESSITY_TAX", "necessity tax", "taxes and fines", ""),
    ("JAIL_FINE", "jail fine", "taxes and fines", ""),
    ("TAX", "tax", "taxes and fines", ""),
    ("WAGES", "wages", "wages", ""),
    ("OPPORTUNITY_WAGES", "opportunity wages", "wages", ""),
    ("SALARY", "salary", "wages", ""),
    ("CARD_BOUGHT", "card bought", "purchases", "for a card"),
    ("CARD_BOUGHT_FROM_THE_DEAL", "card bought from the deal", "purchases", "for a dealt card"),
    ("CARD_SOLD", "card sold", "purchases", "for a card"),
    ("HOUSE_BUILT", "house built", "purchases", "for a house"),
    ("LUXURY", "luxury", "purchases", "for a luxury"),
    ("LUXURY_CARD_SOLD", "luxury card sold", "purchases", "for a luxury card"),
    ("PROPERTY_BOUGHT", "property bought", "purchases", ""),
    ("PROPERTY_BOUGHT_AT_AUCTION", "property bought at auction", "purchases", ""),
    ("TITLE_DEED_DEALT", "title deed dealt", "purchases", ""),
    ("BUILDING_BOUGHT", "building bought", "purchases", ""),
    ("BUILDING_SOLD", "building sold", "purchases", ""),
    ("BUILDINGS_SOLD", "buildings sold", "purchases", ""),
    ("TRADE", "trade", "purchases", ""),
    ("LOAN", "loan", "loans", "as a loan"),
    ("DEBT_REPAID", "debt repaid", "loans", "to repay a debt"),
    ("DEBT_REPAID_FROM_WAGES", "debt repaid from wages", "loans", "from wages, repaying a debt"),
    ("MORTGAGE", "mortgage", "loans", ""),
    ("MORTGAGE_LIFTED", "mortgage lifted", "loans", ""),
    ("MORTGAGE_INTEREST", "mortgage interest", "loans", ""),
    # A debt settled by handing everything over.
    ("BANKRUPTCY", "bankruptcy", "loans", ""),
    ("CARD", "card", "chance and speculation", ""),
    ("REPAIRS", "repairs", "chance and speculation", ""),
    ("CHANCE", "chance", "chance and speculation", "on a Chance card"),
    ("SPECULATION_STAKE", "speculation stake", "chance and speculation", "as a Speculation stake"),
    (
        "SPECULATION_WINNINGS",
        "speculation winnings",
        "chance and speculation",
        "in Speculation winnings",
    ),
    ("BROKERS_SHARE", "broker's share", "chance and speculation", ""),
    ("PUBLIC_PURCHASE", "public purchase", "public spending", "to buy a public good"),
    ("FREE_COLLEGE", "free college", "public spending", "for a free college"),
    ("WAGE_RISE", "wage rise", "public spending", "for a wage rise"),
    ("CITIZENS_DIVIDEND", "citizen's dividend", "public spending", ""),
    (
        "TREASURY_EMPTIED",
        "Treasury emptied for the single tax",
        "public spending",
        "(the Treasury emptied for the single tax)",
    ),
):
    _define(_name, _words, _group, _paid_for)
del _name, _words, _group, _paid_for
