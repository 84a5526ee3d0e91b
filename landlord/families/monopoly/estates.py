"""Property in the later game: who holds each title, colour groups, rent, buildings, mortgages.

:class:`Estates` is the part of a :class:`~landlord.families.monopoly.game.Monopoly`
game that owns the title deeds (who holds each, which are mortgaged), the
houses and hotels on the lots and the bank's stock of them. It answers what
a property earns, what its holder may build, sell back, mortgage or lift
now, and what everyone's holdings are worth; it changes hands, buildings and
mortgages when the flow says so. Money is the game's (its ledger); the flow
(turns, moves, cards, Jail, auctions and debts) is in
:mod:`landlord.families.monopoly.game`, and trades are in
:mod:`landlord.families.monopoly.trades`.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, SupportsIndex, TypeVar, cast, overload

from landlord.engine.actions import Build, BuildHotel, Buy, LiftMortgage, Mortgage, SellBuilding
from landlord.engine.state import Captured
from landlord.rules import RulesError
from landlord.rules.model import RuleSet
from landlord.rules.sections import required

__all__ = ["HOTEL", "Capture", "EstateTables", "Estates", "estate_tables"]

_T = TypeVar("_T")
#: A list's own item setter, for Watched: an index and an item, or a slice and items (one
#: of its two overloads, which a checker cannot pick for an index that may be either).
_set_item: Callable[..., None] = list.__setitem__

#: What :meth:`Estates.capture` copies at the end of a round: each player's cash, and
#: for each space its holder (-1: the bank), its houses (:data:`HOTEL`: a hotel) and
#: whether it is mortgaged.
Capture = tuple[list[int], list[int], list[int], list[bool]]

#: ``houses[space]`` of a lot with a hotel.
HOTEL = 5

#: Kinds of space sold as a title deed in the later game.
PROPERTY_KINDS = ("street", "railroad", "utility")


@dataclass(frozen=True)
class EstateTables:
    """Per-space look-ups of a later-game rule set, built once per rule set."""

    size: int
    kind: tuple[str, ...]
    name: tuple[str, ...]
    price: tuple[int, ...]
    mortgage: tuple[int, ...]
    house_cost: tuple[int, ...]
    #: Rent by buildings: [unimproved, 1, 2, 3, 4 houses, hotel] (streets only).
    ladder: tuple[tuple[int, ...], ...]
    fee: tuple[int, ...]
    group: tuple[int, ...]
    groups: dict[int, tuple[int, ...]]
    colour: tuple[str, ...]
    cards: tuple[int, ...]
    streets: tuple[int, ...]
    railroads: tuple[int, ...]
    utilities: tuple[int, ...]
    lots: tuple[int, ...]
    franchises: tuple[int, ...]
    start: int
    jail: int
    corners: tuple[int, ...]
    buy_at_price: dict[int, Buy]
    builds: dict[int, Build]
    hotels: dict[int, BuildHotel]
    sells: dict[int, SellBuilding]
    mortgages: dict[int, Mortgage]
    lifts: dict[int, LiftMortgage]


def estate_tables(rules: RuleSet) -> EstateTables:
    """The look-up tables of a later-game rule set, built on first use and kept with it."""
    return rules.derive("estate_tables", _build_estate_tables)


def _build_estate_tables(rules: RuleSet) -> EstateTables:
    """Build the look-up tables of a later-game rule set (see :func:`estate_tables`)."""
    spaces = rules.board.spaces
    kind = tuple(space.kind for space in spaces)
    for space in spaces:
        if space.kind in PROPERTY_KINDS and not space.mortgage:
            where = next((Path(f).name for f in rules.files if f.endswith(".csv")), rules.id)
            raise RulesError(
                f"{where}: row {space.index + 2} ({space.name}), column 'mortgage': expected "
                "a whole number >= 1 (the later game mortgages every property)"
            )
    groups: dict[int, list[int]] = {}
    for space in spaces:
        if space.kind == "street" and space.section is not None:
            groups.setdefault(space.section, []).append(space.index)
    cards = tuple(i for i, k in enumerate(kind) if k in PROPERTY_KINDS)
    streets = tuple(i for i, k in enumerate(kind) if k == "street")
    tables = EstateTables(
        size=len(spaces),
        kind=kind,
        name=tuple(space.name for space in spaces),
        price=tuple(space.price or 0 for space in spaces),
        mortgage=tuple(space.mortgage or 0 for space in spaces),
        house_cost=tuple(space.house_cost or 0 for space in spaces),
        ladder=tuple(
            (space.land_rent or 0, *space.rents) if space.kind == "street" else ()
            for space in spaces
        ),
        fee=tuple(space.fee or 0 for space in spaces),
        group=tuple(
            space.section if space.kind == "street" and space.section is not None else -1
            for space in spaces
        ),
        groups={key: tuple(value) for key, value in groups.items()},
        colour=tuple(space.colour for space in spaces),
        cards=cards,
        streets=streets,
        railroads=tuple(i for i, k in enumerate(kind) if k == "railroad"),
        utilities=tuple(i for i, k in enumerate(kind) if k == "utility"),
        lots=streets,
        franchises=tuple(i for i, k in enumerate(kind) if k == "utility"),
        start=next((i for i, k in enumerate(kind) if k == "go"), 0),
        jail=required(rules.jail).leave_from,
        corners=tuple(sorted(rules.board.corners)) or (0,),
        buy_at_price={i: Buy(i, spaces[i].price or 0) for i in cards},
        builds={i: Build(i) for i in streets},
        hotels={i: BuildHotel(i) for i in streets},
        sells={i: SellBuilding(i) for i in streets},
        mortgages={i: Mortgage(i) for i in cards},
        lifts={i: LiftMortgage(i) for i in cards},
    )
    return tables


#: A set a player holds all but one lot of, that lot held by another: (members, the lot).
Nearly = tuple[tuple[int, ...], int]
#: Of one set: (holder, group) if one player holds it whole, and who holds all but one lot.
_SetState = tuple[tuple[int, int] | None, list[tuple[int, Nearly]]]
#: What a player could build next on a complete group: (house cost, a hotel?, actions).
BuildOption = tuple[int, bool, tuple[Build | BuildHotel, ...]]


def _set_state(
    group: int, members: tuple[int, ...], owner: list[int], mortgaged: list[bool]
) -> _SetState:
    """Of one set (a colour group, or the railroads with ``group`` -1): (holder, group)
    if one player holds it whole and unmortgaged (groups only), and for each player
    holding all but one lot, held by another, ``(player, (members, that lot))``."""
    holders = [owner[s] for s in members]
    if -1 in holders:
        return None, []  # a lot still with the bank: no trade completes the set
    first = holders[0]
    size = len(members)
    count = holders.count(first)
    if count == size:
        if group >= 0 and not any(mortgaged[s] for s in members):
            return (first, group), []
        return None, []
    nearly = []
    if count == size - 1:  # the odd lot is the one not his
        odd = next(i for i, holder in enumerate(holders) if holder != first)
        nearly.append((first, (members, members[odd])))
    last = holders[-1]
    if last != first and holders.count(last) == size - 1:
        odd = next(i for i, holder in enumerate(holders) if holder != last)
        nearly.append((last, (members, members[odd])))
    return None, nearly


class Watched(list[_T]):
    """A list of the board (holders, mortgages, buildings) that tells its estates when
    it changes.

    Reading is a plain list's; setting an item makes the estates forget what
    they worked out from the board (:meth:`Estates.ownership`,
    :meth:`Estates.buildings`), whoever sets it (the flow, or a test by hand).
    """

    __slots__ = ("estates", "holdings")

    def __init__(self, values: list[_T], estates: Estates, holdings: bool = True) -> None:
        super().__init__(values)
        # Weakly: a list that held its estates would make a reference cycle, and keep
        # a finished game from being freed until the garbage collector traced it.
        self.estates = weakref.proxy(estates)
        #: Whether the list says who holds what (else only where buildings stand).
        self.holdings = holdings

    @overload
    def __setitem__(self, index: SupportsIndex, value: _T) -> None: ...
    @overload
    def __setitem__(self, index: slice, value: Iterable[_T]) -> None: ...
    def __setitem__(self, index: SupportsIndex | slice, value: _T | Iterable[_T]) -> None:
        _set_item(self, index, value)
        estates = self.estates
        estates._buildings_cache = None
        if self.holdings:
            estates._ownership_cache = None
            if type(index) is slice:  # a whole stretch set at once: look at every set again
                estates._dirty_sets.update(range(len(estates._set_states)))
            else:
                where = estates._set_index.get(index)
                if where is not None:
                    estates._dirty_sets.add(where)
        else:
            estates._built_cache = None


class Estates:
    """The title deeds, houses and hotels: who holds what, what it earns and is worth.

    Parameters
    ----------
    rules : RuleSet
        A later-game rule set: its ``[rent]``, ``[railroad]``, ``[utility]``,
        ``[buildings]`` and ``[mortgage]`` sections.
    players : int
        How many players.
    balances : list of int
        The game's ledger balances (read, never changed: what a player can
        afford to build or lift depends on his cash).

    Examples
    --------
    >>> from landlord.rules import load_rules
    >>> estates = Estates(load_rules("monopoly_us"), 2, [1500, 1500])
    >>> estates.owner[1] = estates.owner[3] = 0  # Mediterranean and Baltic Avenues
    >>> estates.complete_groups(0), estates.rent(3)
    ([1], 8)
    >>> [action.space for action in estates.build_options(0)]
    [1, 3]
    """

    def __init__(self, rules: RuleSet, players: int, balances: list[int]) -> None:
        self.tables = t = estate_tables(rules)
        self.players = players
        self.balances = balances
        #: Who holds each title (-1: the bank), and which are mortgaged.
        self.owner = Watched([-1] * t.size, self)
        #: Houses on each lot (5: a hotel).
        self.houses = Watched([0] * t.size, self, holdings=False)
        self.mortgaged = Watched([False] * t.size, self)
        #: How many mortgaged properties each player holds.
        self.mortgages_held = [0] * players
        #: The houses and hotels the bank has left.
        buildings = required(rules.buildings)
        self.bank_houses: int = buildings.houses
        self.bank_hotels: int = buildings.hotels
        #: Houses a lot holds before a hotel.
        self.per_lot: int = buildings.per_lot
        self._sell_back_percent: int = buildings.sell_back_percent
        self._full_set_multiplier: int = required(rules.rent).full_set_multiplier
        self._fares = required(rules.railroad).fares
        self._multipliers = required(rules.utility).multipliers
        self._interest_percent: int = required(rules.mortgage).interest_percent
        #: What lifting each mortgage costs: its value and the interest.
        self._lift_costs = [m + self.interest(m) for m in t.mortgage]
        #: The sets a player may hold whole: (group, lots) of the colour groups, and
        #: (-1, the railroads); and the set each of their lots belongs to.
        self._sets = (*t.groups.items(), (-1, t.railroads))
        self._set_index = {lot: i for i, (_, lots) in enumerate(self._sets) for lot in lots}
        #: Per set, what :func:`_set_state` found; recomputed for the sets marked dirty.
        self._set_states: list[Any] = [None] * len(self._sets)  # each a _SetState, once read
        #: The sets whose holders or mortgages changed since :meth:`ownership` looked.
        self._dirty_sets = set(range(len(self._sets)))
        self._ownership_cache: tuple[list[list[int]], list[list[Nearly]]] | None = None
        self._buildings_cache: tuple[list[list[BuildOption]], set[int]] | None = None
        self._built_cache: set[int] | None = None

    # --- rent ---------------------------------------------------------------------------

    def full_group(self, space: int) -> bool:
        """Whether the holder of street ``space`` holds its whole colour group."""
        owner = self.owner
        holder = owner[space]
        return all(owner[s] == holder for s in self.tables.groups[self.tables.group[space]])

    def rent(self, space: int, dice_total: int = 7, multiplier: int = 1) -> int:
        """The rent due on ``space`` now (0 if unowned or mortgaged).

        Utilities charge by ``dice_total``; a card's ``multiplier`` doubles a
        railroad's rent, or (as a utility multiplier) replaces the usual one.
        """
        holder = self.owner[space]
        if holder < 0 or self.mortgaged[space]:
            return 0
        t = self.tables
        kind = t.kind[space]
        if kind == "street":
            built = self.houses[space]
            if built:
                return t.ladder[space][built]
            rent = t.ladder[space][0]
            if t.group[space] in (self._ownership_cache or self.ownership())[0][holder]:
                rent *= self._full_set_multiplier  # a whole group, none of it mortgaged
            return rent
        if kind == "railroad":
            held = sum(1 for s in t.railroads if self.owner[s] == holder and not self.mortgaged[s])
            return self._fares[held - 1] * multiplier
        if kind == "utility":
            held = sum(1 for s in t.utilities if self.owner[s] == holder and not self.mortgaged[s])
            times = multiplier if multiplier > 1 else self._multipliers[held - 1]
            return times * dice_total
        return 0

    # --- whole sets ---------------------------------------------------------------------

    def ownership(self) -> tuple[list[list[int]], list[list[Nearly]]]:
        """Who holds what, worked out again only for the sets whose holders or mortgages
        changed (:class:`Watched` lists say which, when one is set, by hand too).

        Per player: the colour groups he holds whole and unmortgaged; and the
        sets (a colour group, or the railroads) he holds all but one of, that
        one held by another player, as ``(members, missing lot)``.
        """
        cached = self._ownership_cache
        if cached is not None:
            return cached
        states = self._set_states
        sets = self._sets
        owner, mortgaged = self.owner, self.mortgaged
        for index in self._dirty_sets:
            group, members = sets[index]
            states[index] = _set_state(group, members, owner, mortgaged)
        self._dirty_sets = set()
        n = self.players
        complete: list[list[int]] = [[] for _ in range(n)]
        almost: list[list[Nearly]] = [[] for _ in range(n)]
        for whole, nearly in states:
            if whole is not None:
                complete[whole[0]].append(whole[1])
            for player, entry in nearly:
                almost[player].append(entry)
        result = (complete, almost)
        self._ownership_cache = result
        return result

    def complete_groups(self, player: int) -> list[int]:
        """The colour groups ``player`` holds whole, none of their lots mortgaged."""
        return (self._ownership_cache or self.ownership())[0][player]

    def nearly_complete(self, player: int) -> list[Nearly]:
        """The sets ``player`` holds all but one lot of, that lot held by another:
        ``(members, missing lot)`` (see :meth:`ownership`)."""
        return (self._ownership_cache or self.ownership())[1][player]

    # --- building -----------------------------------------------------------------------

    def buildings(self) -> tuple[list[list[BuildOption]], set[int]]:
        """Per player, what he could build next on each complete group, as
        ``(house cost, a hotel?, actions)``; and the groups with buildings.
        Worked out again only when holders, mortgages or buildings change."""
        cached = self._buildings_cache
        if cached is not None:
            return cached
        t = self.tables
        houses = self.houses
        complete = (self._ownership_cache or self.ownership())[0]
        per_player: list[list[BuildOption]] = []
        for groups in complete:
            options: list[BuildOption] = []
            for group in groups:
                lots = t.groups[group]
                low = min([houses[s] for s in lots])
                if low == HOTEL:
                    continue
                hotel = low == self.per_lot
                table = t.hotels if hotel else t.builds
                actions = tuple([table[s] for s in lots if houses[s] == low])
                options.append((t.house_cost[lots[0]], hotel, actions))
            per_player.append(options)
        self._buildings_cache = (per_player, self.built())
        return self._buildings_cache

    def built(self) -> set[int]:
        """The colour groups with buildings (worked out again only when buildings change)."""
        built = self._built_cache
        if built is None:
            group, houses = self.tables.group, self.houses
            built = self._built_cache = {group[s] for s in self.tables.streets if houses[s]}
        return built

    def build_options(self, player: int) -> list[Build | BuildHotel]:
        """Houses and hotels ``player`` may build now, evenly, from the bank's stock."""
        candidates = (self._buildings_cache or self.buildings())[0][player]
        if not candidates:
            return []
        cash = self.balances[player]
        houses_left, hotels_left = self.bank_houses > 0, self.bank_hotels > 0
        options: list[Build | BuildHotel] = []
        for cost, hotel, actions in candidates:
            if cost <= cash and (hotels_left if hotel else houses_left):
                options.extend(actions)
        return options

    def sell_options(self, player: int) -> list[SellBuilding]:
        """Buildings ``player`` may sell back now: from the most built lots of a group."""
        t = self.tables
        houses = self.houses
        options = []
        for group in self.built():
            lots = t.groups[group]
            if self.owner[lots[0]] != player:
                continue
            high = max([houses[s] for s in lots])
            options.extend([t.sells[s] for s in lots if houses[s] == high])
        return options

    def group_has_buildings(self, space: int) -> bool:
        """Whether any lot of the colour group of ``space`` has a building."""
        built = self._built_cache
        return self.tables.group[space] in (built if built is not None else self.built())

    def place(self, space: int, hotel: bool) -> None:
        """A house (or a hotel, for the lot's houses) from the bank's stock onto ``space``."""
        if hotel:
            self.houses[space] = HOTEL
            self.bank_hotels -= 1
            self.bank_houses += self.per_lot
        else:
            self.houses[space] += 1
            self.bank_houses -= 1

    def sale_price(self, space: int) -> int:
        """What the bank pays for one building of ``space`` sold back (a share of its cost)."""
        return self.tables.house_cost[space] * self._sell_back_percent // 100

    def sell_building(self, space: int) -> tuple[int, bool]:
        """One building of ``space`` back to the bank; return (what the bank pays, whether
        the whole group's buildings went at once).

        A hotel goes back for the houses it stood for. Our reading: a bank too
        short of houses for that cannot break the hotel, so every building of
        the group is sold back at once, each at the sale price.
        """
        half = self.sale_price(space)
        if self.houses[space] != HOTEL:
            self.houses[space] -= 1
            self.bank_houses += 1
            return half, False
        if self.bank_houses >= self.per_lot:
            self.houses[space] = self.per_lot
            self.bank_houses -= self.per_lot
            self.bank_hotels += 1
            return half, False
        t = self.tables
        paid = 0
        for lot in t.groups[t.group[space]]:
            built = self.houses[lot]
            if built == HOTEL:
                self.bank_hotels += 1
            else:
                self.bank_houses += built
            paid += built * half  # a hotel stands for five houses
            self.houses[lot] = 0
        return paid, True

    # --- mortgages ----------------------------------------------------------------------

    def mortgage_options(self, player: int) -> list[Mortgage]:
        """Properties ``player`` may mortgage now (no buildings in their group)."""
        t = self.tables
        built = self.built()
        owner, mortgaged, group = self.owner, self.mortgaged, t.group
        return [
            t.mortgages[s]
            for s in t.cards
            if owner[s] == player and not mortgaged[s] and group[s] not in built
        ]

    def lift_cost(self, space: int) -> int:
        """What lifting the mortgage on ``space`` costs: its value and the interest."""
        return self._lift_costs[space]

    def interest(self, value: int) -> int:
        """The mortgage interest on ``value``, rounded up to a whole unit (our reading)."""
        return -(-value * self._interest_percent // 100)

    def lift_options(self, player: int) -> list[LiftMortgage]:
        """Mortgages ``player`` can afford to lift now."""
        t = self.tables
        cash = self.balances[player]
        owner, mortgaged = self.owner, self.mortgaged
        costs = self._lift_costs
        return [
            t.lifts[s] for s in t.cards if mortgaged[s] and owner[s] == player and costs[s] <= cash
        ]

    def mortgage(self, player: int, space: int) -> int:
        """Mortgage ``player``'s ``space``; return what the bank lends on it."""
        self.mortgaged[space] = True
        self.mortgages_held[player] += 1
        return self.tables.mortgage[space]

    def lift(self, player: int, space: int) -> None:
        """The mortgage on ``player``'s ``space`` is lifted (the flow takes the cost)."""
        self.mortgaged[space] = False
        self.mortgages_held[player] -= 1

    def raisable(self, player: int) -> int:
        """What ``player`` could raise from the bank: every building sold, all mortgaged."""
        t = self.tables
        total = 0
        for s in t.cards:
            if self.owner[s] != player:
                continue
            built = self.houses[s]
            if built:
                total += built * t.house_cost[s] * self._sell_back_percent // 100
            if not self.mortgaged[s]:
                total += t.mortgage[s]
        return total

    # --- titles changing hands ----------------------------------------------------------

    def hand_over(self, space: int, to: int) -> None:
        """The title of ``space`` goes to ``to``, its mortgage (if any) with it."""
        holder = self.owner[space]
        self.owner[space] = to
        if self.mortgaged[space]:
            self.mortgages_held[holder] -= 1
            self.mortgages_held[to] += 1

    def to_bank(self, player: int, spaces: list[int]) -> None:
        """``player``'s titles of ``spaces`` go back to the bank, mortgages cancelled."""
        for space in spaces:
            self.owner[space] = -1
            if self.mortgaged[space]:
                self.mortgaged[space] = False
        self.mortgages_held[player] = 0

    def tradeable(self, player: int) -> list[int]:
        """Properties ``player`` may trade: his, in groups without buildings."""
        t = self.tables
        built = self.built()
        owner, group = self.owner, t.group
        return [s for s in t.cards if owner[s] == player and group[s] not in built]

    # --- worth and the per-round tables ---------------------------------------------------

    def capture(self) -> Capture:
        """The figures the holdings are computed from, copied."""
        return (self.balances[: self.players], self.owner[:], self.houses[:], self.mortgaged[:])

    def holdings_table(self, captured: Captured | None = None) -> list[tuple[int, ...]]:
        """Per player, the family's round columns: (cash, streets, utilities, railroads,
        houses (a hotel counts 5), mortgaged properties, land value (the printed price
        of his streets), score, net worth).

        The score and the net worth are the short game's valuation: cash,
        property at its printed price (mortgaged at half), houses at cost and
        hotels at the cost of five houses.
        """
        balances, owner, houses, mortgaged = cast(Capture, captured or self.capture())
        t = self.tables
        rows = [[cash, 0, 0, 0, 0, 0, 0, 0, cash] for cash in balances]
        for s in t.cards:
            holder = owner[s]
            if holder < 0:
                continue
            row = rows[holder]
            kind = t.kind[s]
            value = t.price[s]
            if mortgaged[s]:
                value -= t.mortgage[s]
                row[5] += 1
            if kind == "street":
                row[1] += 1
                row[6] += t.price[s]
                row[4] += houses[s]
                value += houses[s] * t.house_cost[s]
            elif kind == "utility":
                row[2] += 1
            else:
                row[3] += 1
            row[8] += value
        for row in rows:
            row[7] = row[8]
        return [tuple(row) for row in rows]

    def total_worth(self, player: int) -> int:
        """Cash, printed prices of all his property (mortgaged too) and buildings at cost:
        what the 10% Income Tax counts."""
        t = self.tables
        worth = self.balances[player]
        for s in t.cards:
            if self.owner[s] == player:
                worth += t.price[s] + self.houses[s] * t.house_cost[s]
        return worth

    def buildings_worth(self) -> list[int]:
        """What each player's houses and hotels cost (a hotel: five houses), now."""
        worth = [0] * self.players
        t = self.tables
        for s in t.streets:
            if self.houses[s]:
                worth[self.owner[s]] += self.houses[s] * t.house_cost[s]
        return worth

    def buildings_of(self, player: int) -> tuple[int, int]:
        """How many houses and hotels ``player`` has (what a repairs card charges for)."""
        houses = hotels = 0
        for s, built in enumerate(self.houses):
            if built and self.owner[s] == player:
                if built == HOTEL:
                    hotels += 1
                else:
                    houses += built
        return houses, hotels
