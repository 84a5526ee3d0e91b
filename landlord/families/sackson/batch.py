"""Property's batch path: the game of :mod:`.game` compiled, for experiments.

:func:`play` plays one game per seed with the rule-of-thumb bots and adds
each game's figures to an experiment's tables, as the reference engine would
(:mod:`landlord.batch`). The compiled game (:mod:`.compiled`) follows
:mod:`.game`, :mod:`.cards`, :mod:`.grid`, :mod:`.units` and :mod:`.bots`
step by step, in the same order, drawing the same numbers: the cut from the
``cut`` stream, every card drawn from the ``deck`` stream (the stock kept in
ascending order). Only the figures are kept: no ledger, no history, no round
table. ``tests/test_batch_property.py`` plays thousands of seeded games both
ways and compares every figure.

Players are numbered as in the reference engine (0..n-1, in seat order),
cells as :class:`.grid.Cells` numbers them; a card is numbered by its place
in the sorted deck, ``4 * (rank - 1) + suit`` (so the card ``10 * rank +
suit`` of :mod:`.cards`, in the same order).
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

import numpy as np

from landlord.batch import chance_draws, money_table, round_tables
from landlord.batch.follows import STRATEGY_FIELDS, not_rule_of_thumb
from landlord.engine import new_game
from landlord.families.sackson import FAMILY
from landlord.policies.bots import Strategy
from landlord.scorecard import TREASURY

if TYPE_CHECKING:  # pragma: no cover - for the annotations only
    from landlord.engine.family import Figure
    from landlord.families.sackson.game import PropertyGame
    from landlord.figures import Figures
    from landlord.policies.base import Policy
    from landlord.rules.model import RuleSet

__all__ = ["play", "why_not"]

# What the compiled game follows (landlord.batch.follows): anything else at a value other
# than its default is played by the reference engine.
#: Rule keys and sections the compiled game reads (and plays, or refuses in :func:`why_not`).
FOLLOWS = frozenset({
    "accounts", "accounts.piles", "bankruptcy_end", "bankruptcy_end.bankruptcies",
    "bankruptcy_end.cell_worth", "bankruptcy_end.cells_count", "bankruptcy_end.vacate_cells",
    "cell_purchase", "cell_purchase.units_per_cell", "cell_rent", "cell_rent.diamond_and_club",
    "cell_rent.heart_and_spade", "cell_rent.heart_or_spade", "chips", "chips.dealt_from",
    "court_cards", "court_cards.jack", "court_cards.joker", "court_cards.jokers",
    "court_cards.king", "court_cards.queen", "end", "end.round_limit", "play_deck",
    "play_deck.ranks", "play_deck.wild_from", "starting_cash", "unit_split",
    "unit_split.by_players"
})  # fmt: skip
#: Read by the reference engine, not by the compiled game, which plays them at these values
#: only: none.
AS_SHIPPED: dict[str, object] = {}
#: In the rule sets' data, read by neither engine (``readings``: the kit's words on them).
NOT_PLAYED = frozenset({
    "accounts.bank", "chips.blue", "chips.blue_by_players", "chips.red",
    "chips.red_by_players", "chips.white", "chips.white_by_players", "end.wages_times",
    "own_cell", "own_cell.mortgage_compensation", "own_cell.mortgage_stays_when_sold",
    "readings", "readings.*", "wages", "wages.amount", "wages.paid_by"
})  # fmt: skip
#: Fields of a bot this family's rules never consult.
BOT_FIELDS_UNREAD = frozenset(
    {
        "bids",
        "buys_luxury",
        "hunts_railroads",
        "markup",
        "max_price",
        "pays_fine",
        "speculates",
        "votes",
    }
)
#: Fields of a rule-of-thumb bot the compiled game reads: all the others.
BOT_FIELDS = STRATEGY_FIELDS - BOT_FIELDS_UNREAD

#: Cards drawn from the ``deck`` stream for a game at first; a longer game draws again,
#: four times as many.
FIRST_DRAWS = 1024
#: The ``stats`` the compiled game fills, by index (then one WINNER entry a player).
(STATUS, ROUND, TURNS, END, BANKRUPTCIES, LAND_RENT, BOUGHT, MORTGAGES, LOST, RESHUFFLES,
 HELD, SNAPSHOTS, WINNER) = range(13)  # fmt: skip
#: How a game ended (``stats[END]``).
BANKRUPTCY_END, ROUND_LIMIT, CAPPED = 1, 2, 3
#: ``stats[STATUS]``: the game needed more cards drawn than ``deck`` holds.
NEED_DRAWS = 1
#: The rule set's numbers in ``v`` (``_Table.numbers``), by index.
(N, SIDE, SIZE, RANKS, WILD_FROM, RATE_PLAIN, RATE_DOUBLED, RATE_TWICE, UNITS_PER_CELL,
 CELL_WORTH, CELLS_COUNT, END_AT, VACATE, ROUND_LIMIT_AT, ROUND_CAP) = range(15)  # fmt: skip
#: The columns of ``bots``: whether the bot is aggressive, the purchase units it keeps.
AGGRESSIVE, RESERVE = range(2)


def why_not(rules: RuleSet, policies: Sequence[Policy]) -> str | None:
    """None if :func:`play` covers ``rules`` with ``policies``; else the reason."""
    reason = not_rule_of_thumb(policies, FAMILY.name)
    if reason:
        return reason
    if TREASURY in rules.accounts.piles:
        return "the batch path plays Property without a Public Treasury pile only"
    return None


class _Table:
    """What the compiled game reads of one rule set and table of players, as arrays."""

    def __init__(self, rules: Any, policies: Sequence[Strategy]) -> None:
        from landlord.families.sackson.bots import is_aggressive, reserve_units

        n = len(policies)
        game = cast(
            "PropertyGame",
            new_game(rules, [f"{p.name} {k + 1}" for k, p in enumerate(policies)]),
        )
        self.names = game.names
        self.n = n
        cells = game.cells
        grid = cells.grid
        self.neighbours = np.full((cells.size, 4), -1, np.int64)
        for cell in range(cells.size):
            around = grid.neighbours(cell)
            self.neighbours[cell, : len(around)] = around
        rent = rules.cell_rent
        end = rules.bankruptcy_end
        self.numbers = np.array(
            [
                n,
                cells.columns,
                cells.size,
                rules.play_deck.ranks,
                rules.play_deck.wild_from,
                rent.diamond_and_club,
                rent.heart_or_spade,
                rent.heart_and_spade,
                rules.cell_purchase.units_per_cell,
                end.cell_worth,
                bool(end.cells_count),
                end.bankruptcies,
                bool(end.vacate_cells),
                rules.end.round_limit,
                game.ROUND_CAP,
            ],
            np.int64,
        )
        self.start_cash = np.array(game.ledger.balances[:n], np.int64)
        self.start_units = np.array(game.units.held, np.int64)
        self.bots = np.array(
            [
                [is_aggressive(p), reserve_units(p, game.observe(k))]
                for k, p in enumerate(policies)
            ],
            np.int64,
        )
        self.start = rules.starting_cash.get(n, 0)
        self.counted = "money and cells" if end.cells_count else "money"


def play(
    rules: RuleSet, policies: Sequence[Strategy], seeds: Sequence[int], figures: Figures
) -> None:
    """Play one game of ``rules`` per seed, ``policies`` at the table, compiled, and add
    each game's figures to ``figures`` (an experiment's :class:`~landlord.figures.Figures`)."""
    from landlord.families.sackson.compiled import game

    table = _Table(rules, policies)
    n = table.n
    cap = int(table.numbers[ROUND_CAP])
    limit = int(table.numbers[ROUND_LIMIT_AT])
    worth, cash = round_tables(n, n + 1, limit, cap)
    stats = np.zeros(WINNER + n, np.int64)
    for seed in seeds:
        cut = float(chance_draws(seed, "cut", 1)[0])
        draws = FIRST_DRAWS
        while True:
            deck = chance_draws(seed, "deck", draws)
            game(table.numbers, table.neighbours, table.bots, table.start_cash,
                 table.start_units, cut, deck, worth, cash, stats)  # fmt: skip
            if stats[STATUS] != NEED_DRAWS:
                break
            draws *= 4
        _add(figures, table, worth, cash, stats)


def _add(figures: Any, table: _Table, worth: np.ndarray, cash: np.ndarray,
         stats: np.ndarray) -> None:  # fmt: skip
    """One game's figures into the experiment's tables, as ``Figures.add`` takes them."""
    n = table.n
    snapshots = int(stats[SNAPSHOTS])
    names = table.names
    end = stats[END]
    if end == BANKRUPTCY_END:
        count = int(stats[BANKRUPTCIES])
        which = "first" if count == 1 else {2: "second", 3: "third"}.get(count, f"{count}th")
        reason = f"the {which} bankruptcy ends the game"
    elif end == CAPPED:
        reason = f"the engine's cap of {int(table.numbers[ROUND_CAP])} rounds was reached"
    else:
        reason = f"the kit's round limit ({int(table.numbers[ROUND_LIMIT_AT])}) was reached"
    winners = [p for p in range(n) if stats[WINNER + p]]
    who = " and ".join(names[p] for p in winners)
    verb = "has" if len(winners) == 1 else "have"
    figures.add_figures(
        n,
        int(stats[ROUND]),
        int(stats[TURNS]),
        f"{reason}; {who} {verb} the most {table.counted}",
        array("q", worth[:snapshots].tobytes()),
        snapshots,
        money_table(cash, snapshots, n, -1, table.start),
        0,
        0,
        {
            "cells_held": int(stats[HELD]),
            "cells_bought": int(stats[BOUGHT]),
            "mortgages": int(stats[MORTGAGES]),
            "cells_lost": int(stats[LOST]),
            "reshuffles": int(stats[RESHUFFLES]),
        },
        rules_figures(),
        table.start,
    )


def rules_figures() -> tuple[Figure, ...]:
    """What the family's per-game figures are (``Family.figures``)."""
    return FAMILY.figures
