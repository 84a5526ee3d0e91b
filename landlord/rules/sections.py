"""A rule set's sections as typed, frozen records: ``rules.jail.fine``.

Every numbered section of a rule-set file (``[jail]``, ``[wages]``,
``[single_tax]``, ...) is read by the engine as a frozen record whose fields
are the section's keys, made from :data:`landlord.rules.schema.SECTIONS`: a
key the schema marks optional has its default there, in one place, so the
engine never restates it. Lists become tuples and tables read-only mappings
(a table numbered by whole numbers, such as ``speculation.wins_by_total``,
is keyed by ``int``). A section the file does not have is ``None``;
a section no schema knows (``[readings]``) is a record of the keys it has.

Examples
--------
>>> from landlord.rules import load_rules
>>> rules = load_rules("monopoly_uk_1972")
>>> rules.jail.fine, rules.jail.fine_turns, rules.jail.doubles_throw_again
(50, 2, True)
>>> rules.single_tax is None
True
>>> load_rules("landlords_game").speculation.wins_by_total[5]
30
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, TypeVar, cast

from landlord.rules.schema import MISSING, SECTIONS, Follows

__all__ = ["frozen", "make_section", "required", "section_class"]

_S = TypeVar("_S")

if TYPE_CHECKING:  # pragma: no cover - what a type checker reads of each record
    # The records are made from the schema when a rule set is read, so a checker cannot
    # see their fields: these protocols say them (each key's type as its kind in
    # landlord.rules.schema.SECTIONS makes it, lists as tuples and tables as read-only
    # mappings; an optional key without a default may be None). tests/test_rule_sections.py
    # holds them to the schema. [starting_cash] is read as RuleSet.starting_cash.
    from typing import Literal, Protocol

    class DealSection(Protocol):
        cards: int
        price_paid_to: str

    class AccountsSection(Protocol):
        piles: tuple[str, ...]
        bank: str

    class WagesSection(Protocol):
        amount: int
        paid_by: str

    class NecessityTaxSection(Protocol):
        amount: int
        paid_to: str
        steps: tuple[tuple[int, int], ...]

    class TrespassSection(Protocol):
        to_jail: bool

    class JailSection(Protocol):
        fine: int
        fine_paid_to: str
        max_turns: int
        leave_from: int
        doubles_move: bool
        fine_turns: int
        doubles_throw_again: bool

    class LandRentSection(Protocol):
        unsold_paid_to: str | None
        section_doubling: bool

    class SaleSection(Protocol):
        paid_to: str
        bid_steps: tuple[int, ...]

    class FranchiseSection(Protocol):
        fee: int
        cinch_fee: int

    class RailroadSection(Protocol):
        fares: tuple[int, ...]
        trust_fare: int | None

    class SpeculationSection(Protocol):
        stake: int
        stake_paid_to: str
        winnings_paid_by: str
        double_wins: int
        wins_by_total: Mapping[int, int]
        broker_share_percent: int
        skin_game_totals: tuple[int, ...]

    class LuxurySection(Protocol):
        fee: int
        paid_to: str

    class HousesSection(Protocol):
        cost: int
        paid_to: str
        rent_each: int
        limit: int

    class MovementSection(Protocol):
        either_way_from: int
        either_way_to: int
        railroad_pass: bool

    class PoorHouseSection(Protocol):
        space: int
        late_bills: Literal["keep_reason", "debt_repaid"]

    class BorrowingSection(Protocol):
        interest_percent: tuple[int, ...]

    class EndSection(Protocol):
        wages_times: int
        round_limit: int

    class ScoreSection(Protocol):
        per_card: int
        per_house: int
        per_luxury: int

    class SingleTaxSection(Protocol):
        from_start: bool
        vote: bool
        votes_needed: int
        at_round: int
        at_gini: float
        rent_paid_to: str
        site_bid_steps: tuple[int, ...]

    class TreasurySpendingSection(Protocol):
        pile: str
        step: int
        utilities: tuple[int, ...]
        colleges: tuple[int, ...]
        unheld_paid_to: str
        paid_to: str
        wage_rise: int
        spends: Literal["rents_and_fines", "everything"]
        shares_takings: bool

    class EducationSection(Protocol):
        cards_per_professor: int
        per_professor: int

    class NaturalOpportunitiesSection(Protocol):
        wages_paid_by: str
        rent_paid_to: str

    class LandValueTaxSection(Protocol):
        share: float
        dividend: bool

    class ProsperitySection(Protocol):
        times_start: int
        counts: Literal["cash", "net_worth"]

    class MonarchSection(Protocol):
        seat: int
        holds: Literal["lots"]
        others_hold: Literal["charters", "nothing"]
        draws_wages: bool

    class EngineSection(Protocol):
        flow: str

    class PurchaseSection(Protocol):
        mode: Literal["buy_or_auction", "fixed_price", "auction"]
        paid_to: str
        bid_steps: tuple[int, ...]

    class RentSection(Protocol):
        full_set_multiplier: int
        lapses: bool

    class UtilitySection(Protocol):
        multipliers: tuple[int, ...]

    class BuildingsSection(Protocol):
        houses: int
        hotels: int
        per_lot: int
        paid_to: str
        sell_back_percent: int
        shortage_auction: bool

    class MortgageSection(Protocol):
        interest_percent: int
        paid_by: str

    class TaxesSection(Protocol):
        paid_to: str
        income_tax_space: int
        income_tax_percent: int

    class DoublesSection(Protocol):
        throw_again: bool
        jail_after: int

    class CardsSection(Protocol):
        order: Literal["bottom", "reshuffle"]

    class ShortGameSection(Protocol):
        deal: int

    class BankSection(Protocol):
        coins_by_players: Mapping[int, int]
        dealt_from: str

    class TilePurchaseSection(Protocol):
        paid_to: str

    class PropertyRentSection(Protocol):
        single: int
        full_set: int
        per_hotel: int

    class HotelsSection(Protocol):
        cost: int
        paid_to: str
        returned_per_coin: int

    class CommunityChestTileSection(Protocol):
        amount: int
        paid_to: str
        paid_by: str

    class FairTradesSection(Protocol):
        largest_circle: int

    class DiceSection(Protocol):
        count: int
        faces: tuple[int, ...]
        jail_freed_by: tuple[int, ...] | None

    class JailSquareSection(Protocol):
        landing_jails: bool

    class ChipsSection(Protocol):
        white: int
        red: int
        blue: int
        white_by_players: Mapping[int, int]
        red_by_players: Mapping[int, int]
        blue_by_players: Mapping[int, int]
        dealt_from: str

    class PlayDeckSection(Protocol):
        ranks: int
        wild_from: int

    class CourtCardsSection(Protocol):
        king: int
        queen: int
        jack: int
        joker: int
        jokers: int

    class UnitSplitSection(Protocol):
        by_players: Mapping[int, int]

    class CellRentSection(Protocol):
        diamond_and_club: int
        heart_or_spade: int
        heart_and_spade: int

    class CellPurchaseSection(Protocol):
        units_per_cell: int

    class OwnCellSection(Protocol):
        mortgage_compensation: int
        mortgage_stays_when_sold: bool

    class BankruptcyEndSection(Protocol):
        bankruptcies: int
        vacate_cells: bool
        cell_worth: int
        cells_count: bool

    class Sections:
        """The sections of a rule set as :class:`~landlord.rules.model.RuleSet` gives them
        (``rules.jail``): those every rule set has, and the others or ``None``."""

        deal: DealSection | None
        accounts: AccountsSection
        wages: WagesSection
        necessity_tax: NecessityTaxSection | None
        trespass: TrespassSection | None
        jail: JailSection | None
        land_rent: LandRentSection | None
        sale: SaleSection | None
        franchise: FranchiseSection | None
        railroad: RailroadSection | None
        speculation: SpeculationSection | None
        luxury: LuxurySection | None
        houses: HousesSection | None
        movement: MovementSection | None
        poor_house: PoorHouseSection | None
        borrowing: BorrowingSection | None
        end: EndSection
        score: ScoreSection | None
        single_tax: SingleTaxSection | None
        treasury_spending: TreasurySpendingSection | None
        education: EducationSection | None
        natural_opportunities: NaturalOpportunitiesSection | None
        land_value_tax: LandValueTaxSection | None
        prosperity: ProsperitySection | None
        monarch: MonarchSection | None
        engine: EngineSection | None
        purchase: PurchaseSection | None
        rent: RentSection | None
        utility: UtilitySection | None
        buildings: BuildingsSection | None
        mortgage: MortgageSection | None
        taxes: TaxesSection | None
        doubles: DoublesSection | None
        cards: CardsSection | None
        short_game: ShortGameSection | None
        bank: BankSection | None
        tile_purchase: TilePurchaseSection | None
        property_rent: PropertyRentSection | None
        hotels: HotelsSection | None
        community_chest_tile: CommunityChestTileSection | None
        fair_trades: FairTradesSection | None
        dice: DiceSection | None
        jail_square: JailSquareSection | None
        chips: ChipsSection | None
        play_deck: PlayDeckSection | None
        court_cards: CourtCardsSection | None
        unit_split: UnitSplitSection | None
        cell_rent: CellRentSection | None
        cell_purchase: CellPurchaseSection | None
        own_cell: OwnCellSection | None
        bankruptcy_end: BankruptcyEndSection | None


#: The record class of each section, made once: by name, and for a section the
#: schema does not know, by its keys too.
_CLASSES: dict[tuple[str, ...], type] = {}


def section_class(name: str, keys: tuple[str, ...] = ()) -> type:
    """The frozen record class of section ``name`` (``keys``: an unknown section's keys).

    Examples
    --------
    >>> [field.name for field in dataclasses.fields(section_class("wages"))]
    ['amount', 'paid_by']
    """
    schema = SECTIONS.get(name)
    key = (name,) if schema is not None else (name, *keys)
    found = _CLASSES.get(key)
    if found is not None:
        return found
    if schema is not None:
        fields = [
            (plain, Any, dataclasses.field(default=None) if optional else dataclasses.field())
            for plain, optional in ((k.rstrip("?"), k.endswith("?")) for k in schema)
        ]
        doc = f"The [{name}] section of a rule set (see landlord.rules.schema.SECTIONS)."
    else:
        fields = [(k, Any, dataclasses.field()) for k in keys]
        doc = f"The [{name}] section of a rule set: a section of the file's own."
    title = "".join(part.capitalize() for part in name.split("_")) + "Section"
    made = dataclasses.make_dataclass(title, fields, frozen=True, slots=True, kw_only=True)
    made.__doc__ = doc
    made.__module__ = __name__
    _CLASSES[key] = made
    return made


def __getattr__(title: str) -> type:
    # The record classes by their names (``JailSection``), so that records pickle.
    for name in SECTIONS:
        if "".join(part.capitalize() for part in name.split("_")) + "Section" == title:
            return section_class(name)
    raise AttributeError(f"module {__name__!r} has no attribute {title!r}")


def make_section(name: str, table: Mapping[str, object] | None) -> object:
    """Section ``name`` of a rule set's ``params`` as a frozen record, defaults filled in;
    ``None`` when the table is ``None`` (the file has no such section).

    Examples
    --------
    >>> make_section("jail", {"fine": 50, "fine_paid_to": "bank", "max_turns": 3,
    ...                       "leave_from": 10}).fine_turns
    3
    """
    if table is None:
        return None
    schema = SECTIONS.get(name)
    if schema is None:
        return section_class(name, tuple(table))(**{k: frozen(v) for k, v in table.items()})
    values: dict[str, Any] = {}
    follows: dict[str, str] = {}
    for key, kind in schema.items():
        plain = key.rstrip("?")
        if plain in table:
            values[plain] = frozen(table[plain])
        elif isinstance(kind.default, Follows):
            follows[plain] = kind.default.key
        elif kind.default is not MISSING:
            values[plain] = frozen(kind.default)
    for plain, other in follows.items():
        values[plain] = values.get(other)
    return section_class(name)(**values)


def required(section: _S | None) -> _S:
    """A section the rule set is known to have: ``section`` itself, never ``None``.

    Every rule set of a family has the sections the family reads (its ``sections``:
    :func:`~landlord.rules.load_rules` refuses a file without one), so a family's
    engine reads ``required(rules.jail).fine`` where a type checker would otherwise
    see a section that may be missing (``rules.jail`` is ``JailSection | None``);
    likewise an optional section once the caller has found it there.

    Examples
    --------
    >>> from landlord.rules import load_rules
    >>> required(load_rules("monopoly_us").jail).fine
    50
    """
    return cast(_S, section)


def frozen(value: object) -> object:
    """A rule value as the section records hold it: lists as tuples, tables as read-only
    mappings (numbered ones keyed by ``int``); what the batch paths compare with, too.

    Examples
    --------
    >>> frozen({"2": [1, 2], "3": [4]})
    mappingproxy({2: (1, 2), 3: (4,)})
    """
    if isinstance(value, list):
        return tuple(frozen(item) for item in value)
    if isinstance(value, dict):
        numbered = value and all(isinstance(k, str) and k.isdigit() for k in value)
        return MappingProxyType(
            {(int(k) if numbered else k): frozen(item) for k, item in value.items()}
        )
    return value
