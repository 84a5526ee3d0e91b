"""What a loaded rule set is: plain, frozen records the engine reads.

A rule set arrives from a data file (see :mod:`landlord.rules.loader`) as one
:class:`RuleSet`. Nothing here knows about files; nothing here plays. Every
figure that a user may want to check against history carries a
:class:`Provenance` saying whether it is from a primary source, a secondary
one, our reconstruction, or our reading of an ambiguous text.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, TypeVar, cast

if TYPE_CHECKING:  # pragma: no cover - for the annotations only
    from landlord.rules.sections import Sections as _Sections
else:
    _Sections = object  # the sections are read through RuleSet.__getattr__

__all__ = [
    "BOARD_LAYOUTS",
    "CHANCE_EFFECTS",
    "OPTION_KINDS",
    "PROVENANCE_STATUSES",
    "SPACE_KINDS",
    "Board",
    "ChanceCard",
    "Option",
    "Provenance",
    "RuleSet",
    "RuleSetInfo",
    "SideSpace",
    "Space",
]

#: How firm a value is, from firmest to softest; "modern" marks a modern
#: extension, a value that no historical rules have.
PROVENANCE_STATUSES = ("primary", "secondary", "interpretation", "reconstruction", "modern")

#: The kinds of board space the engine knows how to resolve.
SPACE_KINDS = (
    "mother_earth",  # start: wages when reached or passed
    "lot",  # land: title deed, land rent, houses
    "necessity",  # Food, Fuel, Clothing: a tax to the Public Treasury
    "shelter_jail",  # corner: Shelter (a necessity) beside the Jail
    "trespass",  # land held out of use: go to Jail
    "railroad",
    "franchise",
    "speculation",  # the Broker's License space
    "central_park",  # corner: free park beside the Poor House
    "chance",
    "luxury",
    "blank",  # a space that does nothing (grids, test boards)
    # The later game's spaces (the Monopoly rule sets):
    "go",  # start: salary when landed on or passed
    "street",  # a building site: rent ladder, houses and a hotel, mortgage
    "utility",  # rent by the dice total
    "community_chest",
    "tax",  # pay the fee to the bank (Income Tax may allow a share of worth instead)
    "jail",  # Jail / Just Visiting
    "free_parking",
    "go_to_jail",
    # The piecepack Quikopoly's tiles:
    "property_tile",  # a face-down tile bought for a coin; sets by suit and value
    "go_to_go",  # corner: straight to Go, no coin
    "community_chest_tile",  # corner: a coin paid or taken by the throw's parity, no pack
)

#: How the spaces of a board are arranged (see :class:`Board`).
BOARD_LAYOUTS = ("track", "shuffled_track", "grid")

#: What a Chance card can do (see :class:`ChanceCard`).
CHANCE_EFFECTS = (
    "advance",
    "go_to",
    "go_to_start",
    "go_to_jail",
    "pay",
    "collect",
    "collect_from_each",
    "pay_each",
    "extra_turn",
    "miss_turn",
    "get_out_of_jail",
    "go_back_to",
    "nearest_railroad",
    "nearest_utility",
    "repairs",
    "pay_or_chance",
)

#: The kinds of option a rule set can declare (see :class:`Option`).
OPTION_KINDS = ("bool", "int", "choice", "share")

_T = TypeVar("_T")


@dataclass(frozen=True)
class Provenance:
    """Where a value comes from.

    Attributes
    ----------
    status : str
        One of :data:`PROVENANCE_STATUSES`.
    source : str
        The source, or the reasoning behind a reconstruction or reading.
    """

    status: str
    source: str

    def __str__(self) -> str:
        return f"{self.status}: {self.source}"


@dataclass(frozen=True)
class Space:
    """One space of a track (or one cell of a grid).

    ``price`` is set for spaces sold as a card (lots, railroads, franchises,
    the Broker's License); ``land_rent`` for lots; ``fee`` for spaces that
    charge a fixed amount (necessities, fares, the Speculation stake, Luxury).
    ``section_rents`` are a lot's land rent when every lot of its section has
    at least 0, 1, 2, 3 houses (the advanced rules' doubling). A street (the
    later game) has ``land_rent`` unimproved, ``rents`` with 1 to 4 houses
    and a hotel, a ``house_cost`` and a ``mortgage`` value; its ``section``
    is its colour group.
    """

    index: int
    name: str
    kind: str
    price: int | None = None
    land_rent: int | None = None
    section_rents: tuple[int, ...] = ()
    fee: int | None = None
    section: int | None = None
    rule: str = ""
    colour: str = ""
    price_source: Provenance | None = None
    rent_source: Provenance | None = None
    notes: str = ""
    rents: tuple[int, ...] = ()
    house_cost: int | None = None
    mortgage: int | None = None


@dataclass(frozen=True)
class SideSpace:
    """A space off the track (an inner corner) that re-enters it at ``reenter_at``."""

    name: str
    kind: str
    reenter_at: int
    wages: int = 0
    rent: int = 0
    source: Provenance | None = None


@dataclass(frozen=True)
class Board:
    """Where the checkers go.

    ``layout`` is ``"track"`` (spaces in a loop, in order), ``"shuffled_track"``
    (a loop whose spaces with the same ``section`` are dealt at random at the
    start) or ``"grid"`` (``rows`` x ``columns`` cells addressed by cards).
    """

    spaces: tuple[Space, ...]
    layout: str = "track"
    side_spaces: tuple[SideSpace, ...] = ()
    rows: int = 0
    columns: int = 0
    corners: tuple[int, ...] = ()


@dataclass(frozen=True)
class ChanceCard:
    """One card of a Chance pack: an effect the engine knows, with its numbers.

    Effects: ``advance`` (``amount`` spaces), ``go_to`` (space ``target``),
    ``go_to_start`` (collect wages), ``go_to_jail``, ``pay`` (``amount`` to
    ``payee``, a pile), ``collect`` (``amount`` from the pile ``payer``),
    ``collect_from_each`` / ``pay_each`` (``amount`` per other player),
    ``extra_turn``, ``miss_turn``, ``get_out_of_jail``; and the later game's
    ``go_back_to`` (space ``target``, backwards, no wages), ``nearest_railroad``
    and ``nearest_utility`` (``amount``: the rent multiplier), ``repairs``
    (``amount`` a house, ``per_hotel`` a hotel) and ``pay_or_chance`` (pay
    ``amount`` to ``pile`` or draw a Chance card).
    """

    text: str
    effect: str
    amount: int = 0
    target: int | None = None
    pile: str = ""
    copies: int = 1
    source: Provenance | None = None
    per_hotel: int = 0


@dataclass(frozen=True)
class Option:
    """A switch a rule set offers (``advanced``, ``round_limit``, ...).

    An ``int``, ``choice`` or ``share`` (a number from 0 to 1) option writes
    its value to ``target``, a dotted name into the parameters
    (``"end.round_limit"``) or a board space's field
    (``"board.Wayback.land_rent"``). A ``bool`` option, when true, sets each
    dotted name of ``when_true`` to its value. A saved game that does not name
    the option predates it and replays with ``older_saves`` when it is set.
    """

    name: str
    kind: str  # one of OPTION_KINDS
    default: object
    title: str
    choices: tuple[object, ...] = ()
    provenance: Provenance | None = None
    target: str = ""
    when_true: tuple[tuple[str, object], ...] = ()
    #: The value games saved before the option existed were played with
    #: (``None``: its default).
    older_saves: object = None


@dataclass(frozen=True)
class RuleSetInfo:
    """What ``landlord rules`` lists for one rule set.

    ``extends`` is the id of the rule set this one is built on ("" if none).
    """

    id: str
    title: str
    edition: str
    min_players: int
    max_players: int
    status: str
    summary: str
    sources: tuple[str, ...] = ()
    extends: str = ""
    #: How money is written ("$", or "£" for the London board).
    currency: str = "$"
    #: The family of rule sets it belongs to (:mod:`landlord.families`).
    family: str = "magie"
    #: A short note on the game's history and where its rules come from ("" if none).
    history: str = ""


@dataclass(frozen=True)
class RuleSet(_Sections):
    """A complete, validated rule set with its options applied.

    ``params`` holds the rule set's numbers by section, as the data file
    declares them; the engine reads each section as a typed, frozen record
    with its defaults filled in: ``rules.wages.amount``, ``rules.jail.fine``
    (see :mod:`landlord.rules.sections`, which declares each section's fields
    and their types for a type checker).
    ``provenance`` maps a dotted field name (``"wages.amount"``) to where
    its value comes from.
    """

    info: RuleSetInfo
    board: Board
    chance_deck: tuple[ChanceCard, ...]
    starting_cash: dict[int, int]
    params: dict[str, dict[str, object]]
    options: dict[str, object]
    declared_options: tuple[Option, ...]
    provenance: dict[str, Provenance] = field(default_factory=dict)
    files: tuple[str, ...] = ()
    #: The Community Chest pack (the later game), read like the Chance pack.
    community_chest_deck: tuple[ChanceCard, ...] = ()
    #: What the engine derives from the rule set once (look-up tables), kept with it.
    derived: dict[str, object] = field(init=False, repr=False, compare=False)
    #: The loader's cached rule set this one is a copy of (see :meth:`derive`), or None.
    origin: RuleSet | None = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Caches, new for every rule set (options differ).
        object.__setattr__(self, "derived", {})
        object.__setattr__(self, "origin", None)

    def derive(self, key: str, build: Callable[[RuleSet], _T]) -> _T:
        """What ``build(rules)`` derives from this rule set, made once and kept.

        :func:`~landlord.rules.load_rules` returns a fresh copy on every call
        (its dicts are the caller's to change). A copy whose ``params``,
        ``options`` and ``starting_cash`` are still those of the loader's
        cached rule set shares what was derived from it, so a loop of
        ``landlord.play("landlords_game", ...)`` builds its look-up tables
        once, not every game; a copy that was changed derives its own.
        """
        found = self.derived.get(key)
        if found is not None:
            return cast(_T, found)  # built by build, under this key
        origin = self.origin
        if (
            origin is not None
            and self.params == origin.params
            and self.options == origin.options
            and self.starting_cash == origin.starting_cash
        ):
            made = origin.derive(key, build)
        else:
            made = build(self)
        self.derived[key] = made
        return made

    @property
    def id(self) -> str:
        return self.info.id

    def __getattr__(self, name: str) -> object:
        """``rules.jail``: a section of ``params`` as a typed, frozen record, defaults
        filled in (:mod:`landlord.rules.sections`); ``None`` for a known section the
        rule set does not have."""
        if name.startswith("_"):
            raise AttributeError(name)
        from landlord.rules.schema import SECTIONS
        from landlord.rules.sections import make_section

        if name not in self.params and name not in SECTIONS:
            raise AttributeError(f"rule set {self.info.id!r} has no section [{name}]")
        origin = self.origin
        if origin is not None and self.params.get(name) == origin.params.get(name):
            section = getattr(origin, name)  # the loader's copy made it already (frozen)
        else:
            section = make_section(name, self.params.get(name))
        object.__setattr__(self, name, section)  # made once, then read as an attribute
        return section

    def __getstate__(self) -> dict[str, object]:
        # The typed sections are made again when first read; the loader's rule set
        # (``origin``) stays in this process: a copy sent to a worker derives its own.
        kept = {f.name for f in fields(self)} - {"origin"}
        return {key: value for key, value in self.__dict__.items() if key in kept}

    def __setstate__(self, state: dict[str, object]) -> None:
        self.__dict__.update(state)
        object.__setattr__(self, "origin", None)
