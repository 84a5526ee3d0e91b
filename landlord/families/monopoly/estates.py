"""Property in the later game: colour groups, rent, houses and hotels, mortgages, trades.

Part of :class:`landlord.families.monopoly.game.Monopoly`. It holds what a player's
property is worth and what he may do with it between throws: build evenly
on a complete colour group, sell buildings back, mortgage and lift
mortgages, and propose trades. The flow itself (turns, moves, cards, Jail,
auctions and debts) is in :mod:`landlord.families.monopoly.game`.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from landlord.engine.actions import (
    END_TALKS,
    NEGOTIATE,
    ROLL,
    Build,
    BuildHotel,
    Buy,
    LiftMortgage,
    Mortgage,
    SellBuilding,
    Trade,
)
from landlord.engine.state import GameState
from landlord.rules import RulesError
from landlord.rules.model import RuleSet

__all__ = ["HOTEL", "EstateTables", "Estates", "TradeOffers", "estate_tables"]

#: ``houses[space]`` of a lot with a hotel.
HOTEL = 5

#: The usual business before a throw, made once: throw, or throw and perhaps talk.
_ROLL_ONLY = (ROLL,)
_ROLL_OR_TALK = (ROLL, NEGOTIATE)

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
    buy_at_price: dict[int, Any]
    builds: dict[int, Any]
    hotels: dict[int, Any]
    sells: dict[int, Any]
    mortgages: dict[int, Any]
    lifts: dict[int, Any]


def estate_tables(rules: RuleSet) -> EstateTables:
    """The look-up tables of a later-game rule set, built on first use and kept with it."""
    cached = rules.derived.get("estate_tables")
    if cached is not None:
        return cached
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
        jail=rules.jail.leave_from,
        corners=tuple(sorted(rules.board.corners)) or (0,),
        buy_at_price={i: Buy(i, spaces[i].price or 0) for i in cards},
        builds={i: Build(i) for i in streets},
        hotels={i: BuildHotel(i) for i in streets},
        sells={i: SellBuilding(i) for i in streets},
        mortgages={i: Mortgage(i) for i in cards},
        lifts={i: LiftMortgage(i) for i in cards},
    )
    rules.derived["estate_tables"] = tables
    return tables


def _set_state(
    group: int, members: tuple[int, ...], owner: list[int], mortgaged: list[bool]
) -> tuple[tuple[int, int] | None, list[tuple[int, tuple]]]:
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


class Watched(list):
    """A list of the board (holders, mortgages, buildings) that tells the game when
    it changes.

    Reading is a plain list's; setting an item makes the game forget what it
    worked out from the board (:meth:`Estates._ownership`,
    :meth:`Estates._buildings`).
    """

    __slots__ = ("game", "holdings")

    def __init__(self, values: list[Any], game: Estates, holdings: bool = True) -> None:
        super().__init__(values)
        # Weakly: a list of the game's that held it would keep a finished game from
        # being freed until the garbage collector traced it.
        self.game = weakref.proxy(game)
        #: Whether the list says who holds what (else only where buildings stand).
        self.holdings = holdings

    def __setitem__(self, index, value) -> None:  # type: ignore[override]
        list.__setitem__(self, index, value)
        game = self.game
        game._buildings_cache = None
        if self.holdings:
            game._ownership_cache = None
            if type(index) is slice:  # a whole stretch set at once: look at every set again
                game._dirty_sets.update(range(len(game._set_states)))
            else:
                where = game._set_index.get(index)
                if where is not None:
                    game._dirty_sets.add(where)
        else:
            game._built_cache = None


class TradeOffers(Sequence):
    """The trades a player may propose: any legal one is accepted, a few are listed.

    Every combination of properties, cards and cash cannot be listed, so the
    listed offers are the plain ones (ending the talks first, then one
    property for its printed price either way, and a Get Out of Jail Free
    card for the Jail fine), made when first looked at; ``in`` accepts any
    trade the rules allow, so a bot or a form may propose others.
    """

    def __init__(self, game: Estates, proposer: int) -> None:
        self._game = game
        self._proposer = proposer
        self._made: list[Any] | None = None

    @property
    def _listed(self) -> list[Any]:
        if self._made is None:
            self._made = self._game._plain_trades(self._proposer)
        return self._made

    def __len__(self) -> int:
        return len(self._listed)

    def __getitem__(self, index):  # type: ignore[override]
        return self._listed[index]

    def __iter__(self) -> Iterator[Any]:
        return iter(self._listed)

    def __contains__(self, action: object) -> bool:
        if action is END_TALKS or action == END_TALKS:
            return True
        return isinstance(action, Trade) and self._game.trade_problem(self._proposer, action) == ""

    def __repr__(self) -> str:
        return f"TradeOffers({self._listed!r} and any other legal trade)"


class Estates(GameState):
    """What players hold in the later game, what it earns, and what they may do with it."""

    # Set by the game: tables, owner, houses, mortgaged, bankrupt, bank houses
    # and hotels, jail cards, and the numbers read from the rules.

    # --- rent -------------------------------------------------------------------

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
            if t.group[space] in (self._ownership_cache or self._ownership())[0][holder]:
                rent *= self._rent.full_set_multiplier  # a whole group, none of it mortgaged
            return rent
        if kind == "railroad":
            held = sum(1 for s in t.railroads if self.owner[s] == holder and not self.mortgaged[s])
            return self.rules.railroad.fares[held - 1] * multiplier
        if kind == "utility":
            held = sum(1 for s in t.utilities if self.owner[s] == holder and not self.mortgaged[s])
            times = multiplier if multiplier > 1 else self.rules.utility.multipliers[held - 1]
            return times * dice_total
        return 0

    # --- building -----------------------------------------------------------------

    def _ownership(self) -> tuple[list[list[int]], list[list[tuple]]]:
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
        n = self.n_players
        complete: list[list[int]] = [[] for _ in range(n)]
        almost: list[list[tuple]] = [[] for _ in range(n)]
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
        return (self._ownership_cache or self._ownership())[0][player]

    def nearly_complete(self, player: int) -> list[tuple]:
        """The sets ``player`` holds all but one lot of, that lot held by another:
        ``(members, missing lot)`` (see :meth:`_ownership`)."""
        return (self._ownership_cache or self._ownership())[1][player]

    _ownership_cache: tuple | None = None

    @property
    def _sets(self) -> tuple[tuple[int, tuple[int, ...]], ...]:
        """The sets a player may hold whole: (group, lots) of the colour groups, and
        (-1, the railroads)."""
        t = self.tables
        return (*t.groups.items(), (-1, t.railroads))

    @property
    def _set_index(self) -> dict[int, int]:
        """The set (an index into :attr:`_sets`) each lot of a set belongs to."""
        index = self.__dict__.get("_set_index_made")
        if index is None:
            index = {lot: i for i, (_, lots) in enumerate(self._sets) for lot in lots}
            self.__dict__["_set_index_made"] = index
        return index

    def _watch_holdings(self) -> None:
        """Start the caches of who holds what (the game calls it once, at the start)."""
        count = len(self._sets)
        #: Per set, what :func:`_set_state` found; recomputed for the sets marked dirty.
        self._set_states: list[Any] = [None] * count
        #: The sets whose holders or mortgages changed since :meth:`_ownership` looked.
        self._dirty_sets = set(range(count))

    def _buildings(self) -> tuple[list[list[tuple]], set[int]]:
        """Per player, what he could build next on each complete group, as
        ``(house cost, a hotel?, actions)``; and the groups with buildings.
        Worked out again only when holders, mortgages or buildings change."""
        cached = self._buildings_cache
        if cached is not None:
            return cached
        t = self.tables
        houses = self.houses
        complete = (self._ownership_cache or self._ownership())[0]
        per_player: list[list[tuple]] = []
        for groups in complete:
            options = []
            for group in groups:
                lots = t.groups[group]
                low = min([houses[s] for s in lots])
                if low == HOTEL:
                    continue
                hotel = low == self._building_rules.per_lot
                table = t.hotels if hotel else t.builds
                actions = tuple([table[s] for s in lots if houses[s] == low])
                options.append((t.house_cost[lots[0]], hotel, actions))
            per_player.append(options)
        self._buildings_cache = (per_player, self._built())
        return self._buildings_cache

    _buildings_cache: tuple | None = None

    #: Set when a short bank's auction has been held this business: no more building
    #: until the next throw (else a building nobody bid for would be offered for ever).
    _building_closed = False

    def _built(self) -> set[int]:
        """The colour groups with buildings (worked out again only when buildings change)."""
        built = self._built_cache
        if built is None:
            group, houses = self.tables.group, self.houses
            built = self._built_cache = {group[s] for s in self.tables.streets if houses[s]}
        return built

    _built_cache: set[int] | None = None

    def build_options(self, player: int) -> list[Any]:
        """Houses and hotels ``player`` may build now, evenly, from the bank's stock."""
        candidates = (self._buildings_cache or self._buildings())[0][player]
        if not candidates:
            return []
        cash = self.ledger.balances[player]
        houses_left, hotels_left = self.bank_houses > 0, self.bank_hotels > 0
        options: list[Any] = []
        for cost, hotel, actions in candidates:
            if cost <= cash and (hotels_left if hotel else houses_left):
                options.extend(actions)
        return options

    def sell_options(self, player: int) -> list[Any]:
        """Buildings ``player`` may sell back now: from the most built lots of a group."""
        t = self.tables
        houses = self.houses
        options = []
        for group in self._built():
            lots = t.groups[group]
            if self.owner[lots[0]] != player:
                continue
            high = max([houses[s] for s in lots])
            options.extend([t.sells[s] for s in lots if houses[s] == high])
        return options

    def group_has_buildings(self, space: int) -> bool:
        """Whether any lot of the colour group of ``space`` has a building."""
        built = self._built_cache
        return self.tables.group[space] in (built if built is not None else self._built())

    def mortgage_options(self, player: int) -> list[Any]:
        """Properties ``player`` may mortgage now (no buildings in their group)."""
        t = self.tables
        built = self._built()
        owner, mortgaged, group = self.owner, self.mortgaged, t.group
        return [
            t.mortgages[s]
            for s in t.cards
            if owner[s] == player and not mortgaged[s] and group[s] not in built
        ]

    def lift_cost(self, space: int) -> int:
        """What lifting the mortgage on ``space`` costs: its value and the interest."""
        costs = self.__dict__.get("_lift_costs")
        if costs is None:
            costs = self._lift_costs = [m + self.interest(m) for m in self.tables.mortgage]
        return costs[space]

    def interest(self, value: int) -> int:
        """The mortgage interest on ``value``, rounded up to a whole unit (our reading)."""
        return -(-value * self.rules.mortgage.interest_percent // 100)

    def lift_options(self, player: int) -> list[Any]:
        """Mortgages ``player`` can afford to lift now."""
        t = self.tables
        cash = self.ledger.balances[player]
        owner, mortgaged = self.owner, self.mortgaged
        self.lift_cost(0)  # the table of costs, made once
        costs = self._lift_costs
        return [
            t.lifts[s] for s in t.cards if mortgaged[s] and owner[s] == player and costs[s] <= cash
        ]

    def raisable(self, player: int) -> int:
        """What ``player`` could raise from the bank: every building sold, all mortgaged."""
        t = self.tables
        total = 0
        for s in t.cards:
            if self.owner[s] != player:
                continue
            built = self.houses[s]
            if built:
                total += built * t.house_cost[s] * self._building_rules.sell_back_percent // 100
            if not self.mortgaged[s]:
                total += t.mortgage[s]
        return total

    # --- trades -------------------------------------------------------------------

    def tradeable(self, player: int) -> list[int]:
        """Properties ``player`` may trade: his, in groups without buildings."""
        t = self.tables
        built = self._built()
        owner, group = self.owner, t.group
        return [s for s in t.cards if owner[s] == player and group[s] not in built]

    def trade_offers(self, player: int) -> TradeOffers:
        """The trades ``player`` may propose (see :class:`TradeOffers`)."""
        return TradeOffers(self, player)

    def _plain_trades(self, player: int) -> list[Any]:
        price = self.tables.price
        cash = self.ledger.balances
        listed: list[Any] = [END_TALKS]
        mine = self.tradeable(player)
        for partner in self.active_players():
            if partner == player:
                continue
            for s in self.tradeable(partner):
                if price[s] <= cash[player]:
                    listed.append(Trade(partner, (), (s,), price[s]))
            for s in mine:
                if price[s] <= cash[partner]:
                    listed.append(Trade(partner, (s,), (), -price[s]))
            fine = self.jail_fine
            if self.jail_cards[player] and cash[partner] >= fine:
                listed.append(Trade(partner, cash=-fine, give_cards=1))
            if self.jail_cards[partner] and cash[player] >= fine:
                listed.append(Trade(partner, cash=fine, take_cards=1))
        return listed

    def refused_lately(self, player: int, trade: Trade, rounds: int = 5) -> bool:
        """Whether ``player`` proposed ``trade`` and was refused in the last ``rounds`` rounds."""
        since = self.round - rounds
        for round_, proposer, proposed, accepted in reversed(self.trades):
            if round_ < since:
                return False
            if proposer == player and proposed == trade and not accepted:
                return True
        return False

    def trade_problem(self, proposer: int, trade: Trade) -> str:
        """Why ``proposer`` may not propose ``trade`` ("" if he may)."""
        partner = trade.partner
        if not isinstance(partner, int) or partner == proposer:
            return "a trade is with another player"
        if not 0 <= partner < self.n_players or self.bankrupt[partner]:
            return "that player is not in the game"
        if not (trade.give or trade.take or trade.give_cards or trade.take_cards):
            return "a trade moves at least one property or card"
        if len(set(trade.give)) != len(trade.give) or len(set(trade.take)) != len(trade.take):
            return "a property is named twice"
        cards = set(self.tables.cards)
        for side, holder in ((trade.give, proposer), (trade.take, partner)):
            for s in side:
                if s not in cards or self.owner[s] != holder:
                    return f"{self.names[holder]} does not hold space {s}"
                if self.group_has_buildings(s):
                    return "buildings must be sold before a lot of their group changes hands"
        if not 0 <= trade.give_cards <= self.jail_cards[proposer]:
            return "not that many Get Out of Jail Free cards to give"
        if not 0 <= trade.take_cards <= self.jail_cards[partner]:
            return "not that many Get Out of Jail Free cards to take"
        balances = self.ledger.balances
        if trade.cash > balances[proposer] or -trade.cash > balances[partner]:
            return "the cash is not there to pay"
        return ""

    # --- the business of a turn -------------------------------------------------------

    def business_actions(self, player: int) -> Any:
        """What ``player`` may do before his throw: the throw first, then his business."""
        builds = () if self._building_closed else self.build_options(player)
        lifts = self.lift_options(player) if self.mortgages_held[player] else ()
        talks = self._talks_left and self._can_trade(player)
        if not builds and not lifts:
            return _ROLL_OR_TALK if talks else _ROLL_ONLY  # the usual turn: shared
        actions: list[Any] = [ROLL, *builds, *lifts]
        if talks:
            actions.append(NEGOTIATE)
        return actions

    def _can_trade(self, player: int) -> bool:
        """Whether any trade is possible: a property or card on either side."""
        owner = self.owner
        if self.jail_cards[player] or player in owner:
            return True
        return owner.count(-1) < len(owner) or any(self.jail_cards)

    @property
    def jail_cards(self) -> list[int]:
        """How many Get Out of Jail Free cards each player holds."""
        return [len(held) for held in self.jail_cards_held]

    def active_players(self) -> list[int]:
        """The players still in the game, in seat order."""
        return [p for p in range(self.n_players) if not self.bankrupt[p]]

    # --- worth and the per-round tables -------------------------------------------------

    def capture(self) -> tuple:
        """The figures the holdings are computed from, copied."""
        n = self.n_players
        return (self.ledger.balances[:n], self.owner[:], self.houses[:], self.mortgaged[:])

    def holdings_table(self, captured: tuple | None = None) -> list[tuple[int, ...]]:
        """Per player, the family's round columns: (cash, streets, utilities, railroads,
        houses (a hotel counts 5), mortgaged properties, land value (the printed price
        of his streets), score, net worth).

        The score and the net worth are the short game's valuation: cash,
        property at its printed price (mortgaged at half), houses at cost and
        hotels at the cost of five houses.
        """
        balances, owner, houses, mortgaged = captured or self.capture()
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

    def net_worths(self, captured: tuple | None = None) -> list[int]:
        """Every player's net worth, now or from a :meth:`capture`."""
        return [row[-1] for row in self.holdings_table(captured)]

    def total_worth(self, player: int) -> int:
        """Cash, printed prices of all his property (mortgaged too) and buildings at cost:
        what the 10% Income Tax counts."""
        t = self.tables
        worth = self.ledger.balances[player]
        for s in t.cards:
            if self.owner[s] == player:
                worth += t.price[s] + self.houses[s] * t.house_cost[s]
        return worth

    def buildings_worth(self) -> list[int]:
        """What each player's houses and hotels cost (a hotel: five houses), now."""
        worth = [0] * self.n_players
        t = self.tables
        for s in t.streets:
            if self.houses[s]:
                worth[self.owner[s]] += self.houses[s] * t.house_cost[s]
        return worth
