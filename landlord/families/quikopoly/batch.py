"""Quikopoly's batch path: the game of :mod:`.game` compiled, for experiments.

:func:`play` plays one game per seed with the rule-of-thumb bots and adds
each game's figures to an experiment's tables, as the reference engine would
(:mod:`landlord.batch`). The compiled game below follows :mod:`.game`,
:mod:`.tiles`, :mod:`.fair_trades` and :mod:`.bots` step by step, in the same
order, drawing the same numbers: the layout from the ``layout`` stream, one
die a turn from the turn-keyed ``dice`` stream. Only the figures are kept:
no ledger, no history, no round table. ``tests/test_batch.py`` plays
thousands of seeded games both ways and compares every figure.

Positions, players and accounts are numbered as in the reference engine:
players 0..n-1, then the rule set's piles. A set is numbered by its rank
among the board's sections (0 for the lowest).
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from typing import Any

import numpy as np

from landlord.batch import chance_draws, money_table, round_tables, turn_draws
from landlord.batch.follows import STRATEGY_FIELDS
from landlord.engine import new_game
from landlord.engine.boards import shuffled_positions
from landlord.policies.bots import Strategy
from landlord.scorecard import TREASURY

__all__ = ["play", "why_not"]

# What the compiled game follows (landlord.batch.follows): anything else at a value other
# than its default is played by the reference engine.
#: Rule keys and sections the compiled game reads (and plays, or refuses in :func:`why_not`).
FOLLOWS = frozenset({
    "accounts", "accounts.bank", "accounts.piles", "bank", "bank.coins_by_players",
    "bank.dealt_from", "community_chest_tile", "community_chest_tile.amount",
    "community_chest_tile.paid_by", "community_chest_tile.paid_to", "dice", "dice.count",
    "dice.faces", "dice.jail_freed_by", "end", "end.round_limit", "fair_trades",
    "fair_trades.largest_circle", "hotels", "hotels.cost", "hotels.paid_to",
    "hotels.returned_per_coin", "jail", "jail.fine", "jail.max_turns", "property_rent",
    "property_rent.full_set", "property_rent.per_hotel", "property_rent.single",
    "starting_cash", "wages", "wages.amount"
})  # fmt: skip
#: Read by the reference engine, not by the compiled game, which plays them at these values
#: only: none.
AS_SHIPPED: dict[str, object] = {}
#: In the rule sets' data, read by neither engine (``readings``: the kit's words on them).
NOT_PLAYED = frozenset({
    "end.wages_times", "jail.doubles_move", "jail.doubles_throw_again", "jail.fine_paid_to",
    "jail.fine_turns", "jail.leave_from", "jail_square", "jail_square.landing_jails",
    "readings", "readings.*", "tile_purchase", "tile_purchase.paid_to", "wages.paid_by"
})  # fmt: skip
#: Fields of a bot this family's rules never consult.
BOT_FIELDS_UNREAD = frozenset(
    {"bids", "buys_luxury", "hunts_railroads", "markup", "max_price", "speculates", "votes"}
)
#: Fields of a rule-of-thumb bot the compiled game reads: all the others.
BOT_FIELDS = STRATEGY_FIELDS - BOT_FIELDS_UNREAD

#: Turns of dice drawn for a game at first; a longer game draws the table again, longer.
FIRST_TURNS = 256
#: The ``stats`` the compiled game fills, by index.
(STATUS, ROUND, TURNS, END, TRADES, LAND_RENT_PLAYERS, LAND_RENT_TREASURY, COLLECTED, SPENT,
 SNAPSHOTS, WINNER) = range(11)  # fmt: skip
#: How a game ended (``stats[END]``).
LAST_LEFT, ROUND_LIMIT, CAPPED = 1, 2, 3
#: ``stats[STATUS]``: the dice table was too short for the game.
NEED_DICE = 1
#: The rows of the compiled game's arrays (:mod:`.compiled`): per position, per
#: player, per set; and the rule set's numbers in ``v`` (``_Table.numbers``), by index.
OWNER, HOTELS, SET, PRICE, PARTNER = range(5)
POSITION, IN_PRISON, PRISON_THROWS, BANKRUPT = range(4)
FIRST, SECOND = range(2)
(N, SIZE, GO, PRISON, GO_TO_GO, CHEST, BANK, HOTEL_PILE, CHEST_TO, CHEST_FROM, TREASURY_PILE,
 WAGES, FINE, MAX_PRISON, SINGLE, FULL_SET, PER_HOTEL, HOTEL_COST, PER_COIN, CHEST_AMOUNT,
 LARGEST, ROUND_LIMIT_AT, ROUND_CAP, SETS) = range(24)  # fmt: skip


def why_not(rules: Any, policies: Sequence[Any]) -> str | None:
    """None if :func:`play` covers ``rules`` with ``policies``; else the reason."""
    for policy in policies:
        if type(policy) is not Strategy:
            return f"the batch path plays the rule-of-thumb bots only, not {policy.name!r}"
    if rules.board.layout != "shuffled_track" or rules.dice.count != 1:
        return "the batch path plays Quikopoly's own board and die only"
    sets: dict[int, int] = {}
    for position in shuffled_positions(rules.board):
        section = rules.board.spaces[position].section
        sets[section] = sets.get(section, 0) + 1
    if any(count != 2 for count in sets.values()):
        return "the batch path plays sets of two tiles only"
    return None


class _Table:
    """What the compiled game reads of one rule set and table of players, as arrays."""

    def __init__(self, rules: Any, policies: Sequence[Strategy]) -> None:
        from landlord.families.quikopoly.bots import reserve_coins

        n = len(policies)
        game = new_game(rules, [f"{p.name} {k + 1}" for k, p in enumerate(policies)])
        self.names = game.names
        self.n = n
        piles = game.pile_account
        spaces = rules.board.spaces
        sections = sorted({s.section for s in spaces if s.section is not None})
        rank = {section: k for k, section in enumerate(sections)}
        self.space_set = np.array(
            [rank[s.section] if s.section is not None else -1 for s in spaces], np.int64
        )
        self.space_price = np.array([s.price or 0 for s in spaces], np.int64)
        self.shuffled = np.array(shuffled_positions(rules.board), np.int64)
        self.start_balances = np.array(game.ledger.balances, np.int64)
        faces = np.array(sorted(rules.dice.faces), np.int64)
        freeing = set(rules.dice.jail_freed_by or ())
        self.faces = faces
        self.freeing = np.array([face in freeing for face in faces], np.bool_)
        chest = rules.community_chest_tile
        self.numbers = np.array(
            [
                n,
                game.size,
                game.go,
                game.prison,
                game.go_to_go,
                game.chest,
                game.bank,
                game.hotel_pile,
                piles[chest.paid_to],
                piles[chest.paid_by],
                piles.get(TREASURY, -1),
                rules.wages.amount,
                rules.jail.fine,
                rules.jail.max_turns,
                rules.property_rent.single,
                rules.property_rent.full_set,
                rules.property_rent.per_hotel,
                rules.hotels.cost,
                rules.hotels.returned_per_coin,
                chest.amount,
                rules.fair_trades.largest_circle,
                rules.end.round_limit,
                game.ROUND_CAP,
                len(sections),
            ],
            np.int64,
        )
        self.bots = np.array(
            [
                [reserve_coins(p, game.observe(k)), p.build_to, p.pays_fine]
                for k, p in enumerate(policies)
            ],
            np.int64,
        )
        self.start = rules.starting_cash.get(n, 0)


def play(rules: Any, policies: Sequence[Strategy], seeds: Sequence[int], figures: Any) -> None:
    """Play one game of ``rules`` per seed, ``policies`` at the table, compiled, and add
    each game's figures to ``figures`` (an experiment's ``_Figures``)."""
    from landlord.families.quikopoly.compiled import game

    table = _Table(rules, policies)
    n = table.n
    cap = int(table.numbers[ROUND_CAP])
    limit = int(table.numbers[ROUND_LIMIT_AT])
    worth, cash = round_tables(n, len(table.start_balances), limit, cap)
    stats = np.zeros(11 + n, np.int64)
    balances = np.zeros(len(table.start_balances), np.int64)
    layout_count = max(1, len(table.shuffled) - 1)
    for seed in seeds:
        layout = chance_draws(seed, "layout", layout_count)
        turns = FIRST_TURNS
        while True:
            dice = turn_draws(seed, "dice", turns)[:, 0].copy()
            game(table.numbers, table.space_set, table.space_price, table.shuffled,
                  table.start_balances, table.faces, table.freeing, table.bots,
                  layout, dice, worth, cash, stats, balances)  # fmt: skip
            if stats[STATUS] != NEED_DICE:
                break
            turns *= 4
        _add(figures, table, worth, cash, stats, balances)


def _add(figures: Any, table: _Table, worth: np.ndarray, cash: np.ndarray, stats: np.ndarray,
         balances: np.ndarray) -> None:  # fmt: skip
    """One game's figures into the experiment's tables, as ``_Figures.add`` takes them."""
    n = table.n
    snapshots = int(stats[SNAPSHOTS])
    round_ = int(stats[ROUND])
    names = table.names
    winners = [p for p in range(n) if stats[WINNER + p]]
    end = stats[END]
    if end == LAST_LEFT:
        end_reason = f"{names[winners[0]]} is the last player left"
    else:
        if end == CAPPED:
            reason = f"the engine's cap of {round_} rounds was reached"
        else:
            reason = f"the kit's round limit ({round_}) was reached"
        who = " and ".join(names[p] for p in winners)
        end_reason = f"{reason}; {who} {'is' if len(winners) == 1 else 'are'} the richest"
    figures.add_figures(
        n,
        round_,
        int(stats[TURNS]),
        end_reason,
        array("q", worth[:snapshots].tobytes()),
        snapshots,
        money_table(cash, snapshots, n, int(table.numbers[TREASURY_PILE]), table.start),
        int(stats[COLLECTED]),
        int(stats[SPENT]),
        {"fair_trades": int(stats[TRADES]), "bank_left": int(balances[table.numbers[BANK]])},
        rules_figures(),
        table.start,
    )


def rules_figures() -> tuple:
    """What the family's per-game figures are (``Family.figures``)."""
    from landlord.families.quikopoly import FAMILY

    return FAMILY.figures
