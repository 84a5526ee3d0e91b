"""The later game's batch path: :mod:`.game` compiled, for experiments.

:func:`play` plays one game per seed with the rule-of-thumb bots (and the
strategy guide) and adds each game's figures to an experiment's tables, as
the reference engine would (:mod:`landlord.batch`). The compiled game
(:mod:`.compiled`) follows :mod:`.game`, :mod:`.estates`, :mod:`.trades` and
:mod:`.bots` step by step, in the same order, drawing the same numbers: the
packs' shuffle from the ``shuffle`` stream and the short game's deal from
``deal`` (both here, before the game: nothing in the game changes them), and
the throws from the turn-keyed ``dice`` stream.

It plays a game until it meets something it does not follow (a player
bankrupt over the interest on a mortgaged property he received from another
bankrupt player, more throws in one turn than a turn's row of draws holds,
more trades proposed than it keeps); then it stops, and :func:`play` plays
*that* game again with the reference engine. Either way each game's figures
are the reference engine's: ``tests/test_batch_monopoly.py`` plays thousands
of seeded games both ways and compares every figure. :data:`FELL_BACK`
counts the games handed back, and why.

Not covered at all (:func:`why_not`): every draw from a reshuffled pack
(``card_order = "reshuffle"``), card effects and spaces the later game's
packs and boards do not have, and bots that are not exactly
:class:`~landlord.policies.bots.Strategy` or
:class:`~landlord.families.monopoly.bots.StrategyGuide`.

Players are numbered as in the reference engine; the bank is -1 here (only
the players' cash is kept: the figures need nothing else).
"""

from __future__ import annotations

from array import array
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from landlord.batch import by_reference, chance_draws, money_table, round_tables, turn_draws
from landlord.batch.follows import STRATEGY_FIELDS
from landlord.policies.bots import Strategy, answers_by_rules_of_thumb
from landlord.rules.sections import required
from landlord.scorecard import idle_land_figures

if TYPE_CHECKING:  # pragma: no cover - for the annotations only
    from landlord.figures import Figures
    from landlord.policies.base import Policy
    from landlord.rules.model import RuleSet

__all__ = ["FELL_BACK", "play", "why_not"]

# What the compiled game follows (landlord.batch.follows): anything else at a value other
# than its default is played by the reference engine.
#: Rule keys and sections the compiled game reads (and plays, or refuses in :func:`why_not`).
FOLLOWS = frozenset({
    "accounts", "accounts.bank", "accounts.piles", "buildings", "buildings.hotels",
    "buildings.houses", "buildings.per_lot", "buildings.sell_back_percent",
    "buildings.shortage_auction", "cards", "cards.order", "doubles", "doubles.jail_after",
    "doubles.throw_again", "end", "end.round_limit", "jail", "jail.doubles_throw_again",
    "jail.fine", "jail.fine_turns", "jail.leave_from", "jail.max_turns", "mortgage",
    "mortgage.interest_percent", "purchase", "purchase.bid_steps", "purchase.mode", "railroad",
    "railroad.fares", "rent", "rent.full_set_multiplier", "rent.lapses", "short_game",
    "short_game.deal",
    "starting_cash", "taxes", "taxes.income_tax_percent", "taxes.income_tax_space", "utility",
    "utility.multipliers", "wages", "wages.amount"
})  # fmt: skip
#: Read by the reference engine, not by the compiled game, which plays them at these values
#: only: none.
AS_SHIPPED: dict[str, object] = {}
#: In the rule sets' data, read by neither engine (``readings``: the kit's words on them).
NOT_PLAYED = frozenset({
    "buildings.paid_to", "end.wages_times", "jail.doubles_move", "jail.fine_paid_to",
    "mortgage.paid_by", "purchase.paid_to", "railroad.trust_fare", "readings", "readings.*",
    "taxes.paid_to", "wages.paid_by"
})  # fmt: skip
#: Fields of a bot this family's rules never consult.
BOT_FIELDS_UNREAD = frozenset({"buys_luxury", "speculates", "votes"})
#: Fields of a bot the compiled game reads: all the others, and the strategy guide's markup.
BOT_FIELDS = STRATEGY_FIELDS - BOT_FIELDS_UNREAD | {"trade_markup"}

#: Games played by :func:`play` and how many of them the reference engine played
#: instead, by what the compiled game did not follow (``"played"`` counts them all).
FELL_BACK: Counter[str] = Counter()

#: Turns of dice drawn for a game at first; a longer game draws again (four times more).
FIRST_TURNS = 1024
#: Trades proposed that the compiled game keeps (for "refused lately").
MAX_PROPOSALS = 16384
#: ``st`` (the game's own numbers), by index.
#: IDLE_LOTS and HELD_LOTS: the streets held with no building, and the streets held, at
#: the last snapshot; IDLE_ROUNDS: idle streets summed over the snapshots after round 0.
(STATUS, WHY, ROUND, TURNS, K, KTURN, THROWN, TALKS, CLOSED, BANK_HOUSES, BANK_HOTELS,
 HEAD0, CNT0, HEAD1, CNT1, NPROPS, TRADES, LAND_RENT, SNAPS, END, WINNER, EVER_BANKRUPT,
 LAST_SNAP, IDLE_LOTS, HELD_LOTS, IDLE_ROUNDS, STATE) = range(27)  # fmt: skip
#: ``st[STATUS]``: played to the end; the draws ran out; met something not followed.
DONE, NEED_DRAWS, UNCOVERED = 0, 1, 2
#: ``st[WHY]`` when UNCOVERED.
WHY_NOT = {
    1: "more than a turn's row of throws in one turn",
    2: "bankrupt over the interest on a bankrupt's mortgaged property",
    3: "more trades proposed than the compiled game keeps",
}
#: How a game ended (``st[END]``).
LAST_LEFT, ROUND_LIMIT, CAPPED = 1, 2, 3
#: Kinds of space.
OTHER, STREET, RAILROAD, UTILITY, CHANCE_SPACE, CHEST_SPACE, TAX, GO_TO_JAIL = range(8)
KINDS = {
    "street": STREET,
    "railroad": RAILROAD,
    "utility": UTILITY,
    "chance": CHANCE_SPACE,
    "community_chest": CHEST_SPACE,
    "tax": TAX,
    "go_to_jail": GO_TO_JAIL,
    "go": OTHER,
    "jail": OTHER,
    "free_parking": OTHER,
}
#: Card effects.
_EFFECT_NAMES = ("go_to", "go_to_start", "go_back_to", "advance", "go_to_jail",
                 "nearest_railroad", "nearest_utility", "pay", "collect", "pay_each",
                 "collect_from_each", "repairs", "pay_or_chance", "get_out_of_jail",
                 "extra_turn", "miss_turn")  # fmt: skip
EFFECTS = {name: k for k, name in enumerate(_EFFECT_NAMES)}
(GO_TO, GO_TO_START, GO_BACK_TO, ADVANCE, GO_TO_JAIL_CARD, NEAREST_RAILROAD, NEAREST_UTILITY,
 PAY, COLLECT, PAY_EACH, COLLECT_FROM_EACH, REPAIRS, PAY_OR_CHANCE, GET_OUT_OF_JAIL,
 EXTRA_TURN, MISS_TURN) = range(16)  # fmt: skip
#: Rows of ``ch[pack]`` (per card).
EFFECT, AMOUNT, PER_HOTEL, TARGET = range(4)
#: Rows of ``sp`` (per space).
(KIND, PRICE, MORTGAGE, HOUSE_COST, L0, L1, L2, L3, L4, L5, FEE, GROUP, SET,
 LIFT_COST) = range(14)  # fmt: skip
#: Rows of ``bt`` (per player) and ``bf``.
RESERVE, MAX_PRICE, BIDS, BUILD_TO, PAYS_FINE, HUNTS, GUIDE = range(7)
MARKUP, TRADE_MARKUP = range(2)
#: Rows of ``pl`` (per player) and ``bd`` (per space).
CASH, POS, JAILED, JAIL_TURNS, BANKRUPT, MHELD, NHELD = range(7)
OWNER, HOUSES, MORT = range(3)
#: Rows of ``ls`` (lists padded with -1).
FARES, MULTS, STEPS, CARDS, STREETS = range(5)
#: The rule set's numbers in ``v``, by index.
(N, SIZE, START, JAIL, WAGES, FINE, FINE_TURNS, MAX_JAIL, JAIL_AGAIN, THROW_AGAIN, JAIL_AFTER,
 HOUSES0, HOTELS0, PER_LOT, SELL_PCT, FULL_MULT, INTEREST_PCT, SHORTAGE, MODE, INCOME_SPACE,
 INCOME_PCT, ROUND_LIMIT_AT, ROUND_CAP, N_SETS, RAIL_SET, UTIL_SET, N_STEPS, SCALE,
 MIN_HOUSE_COST, N_FARES, N_MULTS, N_CARDS, N_STREETS, PACK0, PACK1, N_DEALT,
 NUMBERS) = range(37)  # fmt: skip
#: ``v[MODE]``: the purchase rule.
BUY_OR_AUCTION, FIXED_PRICE, AUCTION = range(3)
MODES = {"buy_or_auction": BUY_OR_AUCTION, "fixed_price": FIXED_PRICE, "auction": AUCTION}


def why_not(rules: RuleSet, policies: Sequence[Policy]) -> str | None:
    """None if :func:`play` covers ``rules`` with ``policies``; else the reason."""
    from landlord.families.monopoly.bots import HANDLERS, StrategyGuide, always_ask_rent

    for policy in policies:
        # A subclass that plays as a named bot (the tuned bot) is played as one.
        if type(policy) is not StrategyGuide and not answers_by_rules_of_thumb(policy, "monopoly"):
            return (
                "the batch path plays the rule-of-thumb bots and the strategy guide only, "
                f"not {policy.name!r}"
            )
    if required(rules.cards).order != "bottom":
        return "the batch path does not play packs reshuffled at every draw"
    # Rent that lapses unless the owner asks for it (the 1972 UK option): the compiled game
    # always collects, which is what happens at a table whose bots always ask.
    if required(rules.rent).lapses and HANDLERS["rent"] is not always_ask_rent:
        return "the batch path plays lapsing rent only with bots that always ask for it"
    mode = required(rules.purchase).mode
    if mode not in MODES:
        return f"the batch path does not play the purchase rule {mode!r}"
    if rules.board.layout != "track":
        return "the batch path plays a track board only"
    spaces = rules.board.spaces
    unknown = sorted({space.kind for space in spaces if space.kind not in KINDS})
    if unknown:
        return f"the batch path does not play spaces of kind {unknown[0]!r}"
    if len(spaces) > 64:
        return "the batch path plays boards of up to 64 spaces"
    for deck in (rules.chance_deck, rules.community_chest_deck):
        if len(deck) > 32:
            return "the batch path plays packs of up to 32 cards"
        for card in deck:
            if card.effect not in EFFECTS:
                return f"the batch path does not play the card effect {card.effect!r}"
    from landlord.families.monopoly.estates import estate_tables

    t = estate_tables(rules)
    if any(len(lots) > 4 for lots in t.groups.values()) or len(t.railroads) > 4:
        return "the batch path plays colour groups of up to 4 lots only"
    if not t.railroads or not t.utilities:
        return "the batch path needs railroads and utilities on the board"
    if list(rules.accounts.piles) != [rules.accounts.bank]:
        return "the batch path plays a bank as the only pile"
    groups = set(t.groups)
    if not (groups <= set(range(1, 9)) or groups <= set(range(8))):
        return "the batch path plays colour groups numbered 1 to 8 (or 0 to 7) only"
    return None


class _Table:
    """What the compiled game reads of one rule set and table of players, as arrays."""

    def __init__(self, rules: Any, policies: Sequence[Strategy]) -> None:
        from landlord.families.monopoly.estates import estate_tables
        from landlord.families.monopoly.game import ROUND_CAP as CAP

        n = len(policies)
        self.n = n
        t = estate_tables(rules)
        size = t.size
        sets = [*t.groups.items(), (-1, t.railroads), (-2, t.utilities)]
        self.sets = np.zeros((len(sets), 6), np.int64)
        set_of = np.full(size, -1, np.int64)
        for k, (group, members) in enumerate(sets):
            self.sets[k, 0] = len(members)
            self.sets[k, 1 : 1 + len(members)] = members
            self.sets[k, 5] = group
            for s in members:
                set_of[s] = k
        sp = np.zeros((14, size), np.int64)
        m = rules.mortgage.interest_percent
        for s in range(size):
            sp[KIND, s] = KINDS[t.kind[s]]
            sp[PRICE, s] = t.price[s]
            sp[MORTGAGE, s] = t.mortgage[s]
            sp[HOUSE_COST, s] = t.house_cost[s]
            for level, rent in enumerate(t.ladder[s][:6]):
                sp[L0 + level, s] = rent
            sp[FEE, s] = t.fee[s]
            sp[GROUP, s] = t.group[s]
            sp[SET, s] = set_of[s]
            sp[LIFT_COST, s] = t.mortgage[s] + -(-t.mortgage[s] * m // 100)
        self.sp = sp
        lists = [
            rules.railroad.fares,
            rules.utility.multipliers,
            rules.purchase.bid_steps or (10,),
            t.cards,
            t.streets,
        ]
        width = max(1, *(len(row) for row in lists))
        self.ls = np.full((len(lists), width), -1, np.int64)
        for row, values in enumerate(lists):
            self.ls[row, : len(values)] = values
        decks = (rules.chance_deck, rules.community_chest_deck)
        self.ch = np.zeros((2, 4, 32), np.int64)
        for pack, deck in enumerate(decks):
            for k, card in enumerate(deck):
                self.ch[pack, EFFECT, k] = EFFECTS[card.effect]
                self.ch[pack, AMOUNT, k] = card.amount or 0
                self.ch[pack, PER_HOTEL, k] = getattr(card, "per_hotel", 0) or 0
                self.ch[pack, TARGET, k] = card.target if card.target is not None else -1
        self.pack_sizes = [len(deck) for deck in decks]
        from landlord.families.monopoly.bots import StrategyGuide

        self.bt = np.zeros((7, n), np.int64)
        self.bf = np.zeros((2, n), np.float64)
        for k, p in enumerate(policies):
            self.bt[:, k] = (p.reserve, p.max_price, p.bids, p.build_to, p.pays_fine,
                             p.hunts_railroads, isinstance(p, StrategyGuide))  # fmt: skip
            self.bf[:, k] = (float(p.markup), float(getattr(p, "trade_markup", 0.0)))
        self.start_cash = rules.starting_cash[n]
        b, j, d = rules.buildings, rules.jail, rules.doubles
        v = np.zeros(NUMBERS, np.int64)
        v[[N, SIZE, START, JAIL, WAGES, FINE, FINE_TURNS, MAX_JAIL, JAIL_AGAIN]] = (
            n, size, t.start, t.jail, rules.wages.amount, j.fine, j.fine_turns, j.max_turns,
            j.doubles_throw_again,
        )  # fmt: skip
        v[[THROW_AGAIN, JAIL_AFTER, HOUSES0, HOTELS0, PER_LOT, SELL_PCT, FULL_MULT]] = (
            d.throw_again, d.jail_after, b.houses, b.hotels, b.per_lot, b.sell_back_percent,
            rules.rent.full_set_multiplier,
        )  # fmt: skip
        v[[INTEREST_PCT, SHORTAGE, MODE, INCOME_SPACE, INCOME_PCT, ROUND_LIMIT_AT, ROUND_CAP]] = (
            m, b.shortage_auction, MODES[rules.purchase.mode], rules.taxes.income_tax_space,
            rules.taxes.income_tax_percent, rules.end.round_limit, CAP,
        )  # fmt: skip
        v[[N_SETS, RAIL_SET, UTIL_SET, N_STEPS]] = (
            len(t.groups), len(t.groups), len(t.groups) + 1, len(lists[2]),
        )  # fmt: skip
        v[SCALE] = max(1, round(max(rules.starting_cash.values()) / 500))
        v[MIN_HOUSE_COST] = min(cost for cost in t.house_cost if cost)
        v[[N_FARES, N_MULTS, N_CARDS, N_STREETS, PACK0, PACK1]] = (
            len(lists[0]), len(lists[1]), len(t.cards), len(t.streets), *self.pack_sizes,
        )  # fmt: skip
        self.deal_count = min(rules.short_game.deal * n, len(t.cards))
        v[N_DEALT] = self.deal_count
        self.v = v
        self.cards = list(t.cards)
        self.names = [f"{p.name} {k + 1}" for k, p in enumerate(policies)]
        self.start = rules.starting_cash.get(n, 0)
        self.wages = rules.wages.amount
        self.round_limit = rules.end.round_limit
        self.cap = CAP

    def set_up(self, seed: int) -> tuple[np.ndarray, np.ndarray]:
        """Monopoly._shuffle and _deal_deeds: each pack's order, and the deeds dealt."""
        sizes = self.pack_sizes
        draws = chance_draws(seed, "shuffle", max(1, sum(max(0, k - 1) for k in sizes)))
        packs = np.zeros((2, 32), np.int64)
        u = 0
        for pack, count in enumerate(sizes):
            left = list(range(count))
            order = []
            while len(left) > 1:
                card = left[int(draws[u] * len(left))]
                u += 1
                left.remove(card)
                order.append(card)
            order.extend(left)
            packs[pack, :count] = order
        dealt = np.zeros(max(1, self.deal_count), np.int64)
        if self.deal_count:
            draws = chance_draws(seed, "deal", self.deal_count)
            deck = list(self.cards)
            u = 0
            for k in range(self.deal_count):
                if len(deck) == 1:
                    card = deck[0]
                else:
                    card = deck[int(draws[u] * len(deck))]
                    u += 1
                deck.remove(card)
                dealt[k] = card
        return packs, dealt


def play(
    rules: RuleSet, policies: Sequence[Strategy], seeds: Sequence[int], figures: Figures
) -> int:
    """Play one game of ``rules`` per seed, ``policies`` at the table, and add each game's
    figures to ``figures`` (an experiment's :class:`~landlord.figures.Figures`). A game the
    compiled game does not follow to its end is played by the reference engine instead;
    returns how many were (also counted in :data:`FELL_BACK`)."""
    if why_not(rules, policies):  # not covered at all: every game by the reference engine
        by_reference(rules, policies, seeds, figures)
        FELL_BACK["played"] += len(seeds)
        FELL_BACK["rule set or bots not covered"] += len(seeds)
        return len(seeds)
    from landlord.families.monopoly.compiled import game

    table = _Table(rules, policies)
    n = table.n
    worth, cash = round_tables(n, n + 1, int(table.v[ROUND_LIMIT_AT]), table.cap)
    st = np.zeros(STATE, np.int64)
    props = np.zeros((MAX_PROPOSALS, 7), np.int64)
    fell_back = 0
    for seed in seeds:
        packs, dealt = table.set_up(seed)
        turns = FIRST_TURNS
        while True:
            dice = turn_draws(seed, "dice", turns)
            game(table.v, table.sp, table.sets, table.ls, table.ch, table.bt, table.bf,
                 table.start_cash, packs, dealt, dice, worth, cash, st, props)  # fmt: skip
            if st[STATUS] != NEED_DRAWS:
                break
            turns *= 4
        FELL_BACK["played"] += 1
        if st[STATUS] == UNCOVERED:
            FELL_BACK[WHY_NOT[int(st[WHY])]] += 1
            fell_back += 1
            by_reference(rules, policies, [seed], figures)
            continue
        _add(figures, table, worth, cash, st)
    return fell_back


def _add(figures: Any, table: _Table, worth: np.ndarray, cash: np.ndarray,
         st: np.ndarray) -> None:  # fmt: skip
    """One game's figures into the experiment's tables, as ``Figures.add`` takes them."""
    from landlord.families.monopoly import FAMILY

    n = table.n
    snapshots = int(st[SNAPS])
    end, winner = st[END], table.names[int(st[WINNER])]
    if end == LAST_LEFT:
        end_reason = f"{winner} is the last player not bankrupt"
    elif end == ROUND_LIMIT:
        end_reason = (
            f"the agreed end, round {table.round_limit}, was reached; {winner} is the richest"
        )
    else:
        end_reason = f"the engine's cap of {table.cap} rounds was reached; {winner} is the richest"
    family = {
        "final_wages": table.wages,
        "trades": int(st[TRADES]),
        **idle_land_figures(int(st[IDLE_LOTS]), int(st[HELD_LOTS]), int(st[IDLE_ROUNDS])),
    }
    figures.add_figures(
        n,
        int(st[ROUND]),
        int(st[TURNS]),
        end_reason,
        array("q", worth[:snapshots].tobytes()),
        snapshots,
        money_table(cash, snapshots, n, -1, table.start),
        0,
        0,
        family,
        FAMILY.figures,
        table.start,
    )
