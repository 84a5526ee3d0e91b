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

import functools
from array import array
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

import numpy as np

from landlord.batch import (
    chance_draws,
    compiled_streams,
    money_table,
    round_tables,
    turn_draws,
)
from landlord.batch.blocks import add_block, seed_words
from landlord.batch.follows import STRATEGY_FIELDS, not_rule_of_thumb
from landlord.engine import new_game
from landlord.engine.boards import shuffled_positions
from landlord.families.quikopoly import FAMILY
from landlord.policies.bots import Strategy
from landlord.rules.sections import required
from landlord.scorecard import TREASURY, idle_land_figures, idle_shares
from landlord.session import TurnStream

if TYPE_CHECKING:  # pragma: no cover - for the annotations only
    from landlord.engine.family import Figure
    from landlord.families.quikopoly.game import Quikopoly
    from landlord.figures import Figures
    from landlord.policies.base import Policy
    from landlord.rules.model import RuleSet

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

#: Turns of dice drawn for a game at first; a longer game draws the table again, longer
#: (four times as long) and is played again.
FIRST_TURNS = 128
#: Games played by one compiled call at the most (a block: its seeds and figures).
BLOCK = 4096
#: Room for the snapshots of that many rounds between the compiled games and the tables
#: (about 17 a game of 4 players; 3.4 MB); when it is full, the compiled call returns
#: and is called again for the rest of the block.
ROOM = 1 << 15
#: The ``stats`` the compiled game fills, by index (``WINNER + p``: whether player p won).
#: IDLE_LOTS and HELD_LOTS: the property tiles held with no hotel, and those held, at the
#: last snapshot; IDLE_ROUNDS: idle tiles summed over the snapshots after round 0.
(STATUS, ROUND, TURNS, END, TRADES, LAND_RENT_PLAYERS, LAND_RENT_TREASURY, COLLECTED, SPENT,
 SNAPSHOTS, IDLE_LOTS, HELD_LOTS, IDLE_ROUNDS, WINNER) = range(14)  # fmt: skip
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


def why_not(rules: RuleSet, policies: Sequence[Policy]) -> str | None:
    """None if :func:`play` covers ``rules`` with ``policies``; else the reason."""
    reason = not_rule_of_thumb(policies, FAMILY.name)
    if reason:
        return reason
    if rules.board.layout != "shuffled_track" or required(rules.dice).count != 1:
        return "the batch path plays Quikopoly's own board and die only"
    sets: dict[int | None, int] = {}
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
        game = cast(
            "Quikopoly", new_game(rules, [f"{p.name} {k + 1}" for k, p in enumerate(policies)])
        )
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


def play(
    rules: RuleSet, policies: Sequence[Strategy], seeds: Sequence[int], figures: Figures
) -> None:
    """Play one game of ``rules`` per seed, ``policies`` at the table, compiled, and add
    each game's figures to ``figures`` (an experiment's :class:`~landlord.figures.Figures`).

    The games are played :data:`BLOCK` at a time (:func:`_play_block`): one compiled call
    plays them, drawing each game's chance itself, and their figures go into the tables
    at once."""
    table = _Table(rules, policies)
    for first in range(0, len(seeds), BLOCK):
        _play_block(table, seeds[first : first + BLOCK], figures)


def _play_block(table: _Table, seeds: Sequence[int], figures: Any) -> None:
    """A block of games, played by ``compiled.games`` and added by :func:`_add_block`, as
    often as the tables' room (:data:`ROOM`) asks. Seeds the compiled streams do not take
    (other than whole numbers below 2**64, or with a numpy whose streams differ) are
    played a game at a time, their chance drawn by :func:`landlord.batch.chance_draws`."""
    words = _seed_words(seeds)
    if words is None:
        for seed in seeds:
            _play_one(table, seed, figures)
        return
    from landlord.batch.streams import purpose_key
    from landlord.families.quikopoly.compiled import games

    n = table.n
    cap = int(table.numbers[ROUND_CAP])
    limit = int(table.numbers[ROUND_LIMIT_AT])
    most = len(round_tables(n, 0, limit, cap)[0])  # the snapshots a game may take
    rows = max(most, min(len(seeds) * most, ROOM))
    worth, cash = round_tables(n, len(table.start_balances), 0, rows - 2)  # games' rows
    stats = np.empty((len(seeds), WINNER + n), np.int64)
    bank_left = np.empty(len(seeds), np.int64)
    keys = np.array([purpose_key("layout"), purpose_key("dice")], np.uint32)
    done = 0
    while done < len(seeds):
        played = games(table.numbers, table.space_set, table.space_price, table.shuffled,
                       table.start_balances, table.faces, table.freeing, table.bots, words,
                       keys, FIRST_TURNS, TurnStream.WIDTH + 1, most, done, worth, cash,
                       stats, bank_left)  # fmt: skip
        _add_block(figures, table, worth, cash, stats[done:played], bank_left[done:played])
        done = played


def _seed_words(seeds: Sequence[int]) -> np.ndarray | None:
    """Each seed's four 32-bit words (:func:`landlord.batch.blocks.seed_words`); None
    unless every seed is a whole number from 0 to 2**64 - 1 and the compiled streams draw
    what numpy draws."""
    return seed_words(seeds) if compiled_streams() else None


def _play_one(table: _Table, seed: int, figures: Any) -> None:
    """One game, its chance drawn by :func:`landlord.batch.chance_draws` (any seed)."""
    from landlord.families.quikopoly.compiled import game

    worth, cash = round_tables(table.n, len(table.start_balances),
                               int(table.numbers[ROUND_LIMIT_AT]),
                               int(table.numbers[ROUND_CAP]))  # fmt: skip
    stats = np.zeros(WINNER + table.n, np.int64)
    balances = np.zeros(len(table.start_balances), np.int64)
    layout = chance_draws(seed, "layout", max(1, len(table.shuffled) - 1))
    turns = FIRST_TURNS
    while True:
        dice = turn_draws(seed, "dice", turns)[:, 0].copy()
        game(table.numbers, table.space_set, table.space_price, table.shuffled,
             table.start_balances, table.faces, table.freeing, table.bots,
             layout, dice, worth, cash, stats, balances)  # fmt: skip
        if stats[STATUS] != NEED_DICE:
            break
        turns *= 4
    _add(figures, table, worth, cash, stats, int(balances[table.numbers[BANK]]))


def _add(figures: Any, table: _Table, worth: np.ndarray, cash: np.ndarray, stats: np.ndarray,
         bank_left: int) -> None:  # fmt: skip
    """One game's figures into the experiment's tables, as ``Figures.add`` takes them."""
    n = table.n
    snapshots = int(stats[SNAPSHOTS])
    figures.add_figures(
        n,
        int(stats[ROUND]),
        int(stats[TURNS]),
        _end_reason(table.names, stats),
        array("q", worth[:snapshots].tobytes()),
        snapshots,
        money_table(cash, snapshots, n, int(table.numbers[TREASURY_PILE]), table.start),
        int(stats[COLLECTED]),
        int(stats[SPENT]),
        {"fair_trades": int(stats[TRADES]), "bank_left": bank_left} | _idle(stats),
        rules_figures(),
        table.start,
    )


def _idle(stats: np.ndarray) -> dict[str, float]:
    """A game's idle-land figures (:func:`landlord.scorecard.idle_land_figures`)."""
    return idle_land_figures(*(int(stats[k]) for k in (IDLE_LOTS, HELD_LOTS, IDLE_ROUNDS)))


def _end_reason(names: Sequence[str], stats: np.ndarray) -> str:
    """How a game ended, in the reference engine's words (``GameState.end_reason``)."""
    return _end_words(tuple(names), int(_ends(stats[None, :], len(names))[0]))


def _ends(stats: np.ndarray, n: int) -> np.ndarray:
    """How each game (a row of ``stats``) ended, as a number: its round, its end and
    its winners (the last player left, or the richest), a bit each."""
    ended = (stats[:, ROUND] * 4 + stats[:, END]) << n
    for p in range(n):
        ended |= stats[:, WINNER + p] << p
    return ended


@functools.lru_cache(maxsize=4096)
def _end_words(names: tuple[str, ...], ended: int) -> str:
    """:func:`_end_reason` of a game that ended so (:func:`_ends`): made once, for a
    block's games end in a few ways."""
    n = len(names)
    round_, end = divmod(ended >> n, 4)
    who = [name for p, name in enumerate(names) if ended >> p & 1]
    if end == LAST_LEFT:
        return f"{who[0]} is the last player left"
    if end == CAPPED:
        reason = f"the engine's cap of {round_} rounds was reached"
    else:
        reason = f"the kit's round limit ({round_}) was reached"
    return f"{reason}; {' and '.join(who)} {'is' if len(who) == 1 else 'are'} the richest"


def _add_block(figures: Any, table: _Table, worth: np.ndarray, cash: np.ndarray,
               stats: np.ndarray, bank_left: np.ndarray) -> None:  # fmt: skip
    """A block of games' figures into the experiment's tables at once
    (:func:`landlord.batch.blocks.add_block`): game g's snapshots are the rows of
    ``worth`` and ``cash`` after game g - 1's (``compiled.games``)."""

    def described() -> tuple[Any, ...]:
        # The end in words, once for each way the block's games ended.
        ways, which = np.unique(_ends(stats, table.n), return_inverse=True)
        names = tuple(table.names)
        reasons = [_end_words(names, ended) for ended in ways.tolist()]
        idle, held = stats[:, IDLE_LOTS].tolist(), stats[:, HELD_LOTS].tolist()
        columns = (stats[:, TRADES].tolist(), bank_left.tolist(), idle, idle_shares(idle, held),
                   stats[:, IDLE_ROUNDS].tolist())  # fmt: skip
        kinds = [figure.name for figure in rules_figures()]  # in their order
        family = [dict(zip(kinds, values, strict=True)) for values in zip(*columns, strict=True)]
        return (stats[:, ROUND].tolist(), stats[:, TURNS].tolist(),
                list(map(reasons.__getitem__, which.tolist())), stats[:, COLLECTED].tolist(),
                stats[:, SPENT].tolist(), family)  # fmt: skip

    def add_one(g: int, rows: slice) -> None:
        _add(figures, table, worth[rows], cash[rows], stats[g], int(bank_left[g]))

    add_block(figures, worth, cash, stats[:, SNAPSHOTS], table.n, table.start,
              int(table.numbers[TREASURY_PILE]), rules_figures(), described,
              add_one)  # fmt: skip


def rules_figures() -> tuple[Figure, ...]:
    """What the family's per-game figures are (``Family.figures``)."""
    return FAMILY.figures
