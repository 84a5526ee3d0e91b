"""A block of games played by one compiled call, and its figures kept at once.

A family's batch path may play many games per call of its compiled code (Quikopoly's
and the Landlord's Game's ``games``): each game's chance is drawn in the compiled code
from the seed's 32-bit words (:func:`seed_words`), each game's figures go into a row of
``stats`` and its snapshots into the rows of the net worth and money tables after the
game before's. :func:`add_block` then keeps the whole block's figures in an experiment's
tables (:class:`landlord.figures.Figures`) as ``Figures.add_figures`` would keep
them a game at a time: the same numbers, of the same Python kinds, in the same order.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from landlord.figures import Figures
from landlord.scorecard import money_rows

__all__ = ["add_block", "seed_words"]


def seed_words(seeds: Sequence[Any]) -> np.ndarray | None:
    """Each seed's four 32-bit words, low first, as its SeedSequence takes them
    (:func:`landlord.batch.streams.draw`), a row per seed; None unless every seed is a
    whole number (Python's or numpy's) from 0 to 2**64 - 1.

    >>> seed_words([1, 2**32 + 5]).tolist()
    [[1, 0, 0, 0], [5, 1, 0, 0]]
    >>> seed_words([3, 2**64]) is None, seed_words([1.5]) is None
    (True, True)
    """
    kinds = set(map(type, seeds))
    if not all(issubclass(kind, (int, np.integer)) for kind in kinds):
        return None
    seeds = seeds if kinds == {int} else [int(seed) for seed in seeds]
    if len(seeds) and (min(seeds) < 0 or max(seeds) >= 1 << 64):
        return None
    values = np.array(seeds, np.uint64)
    words = np.zeros((len(values), 4), np.uint32)
    words[:, 0] = values & 0xFFFFFFFF
    words[:, 1] = values >> 32
    return words


def add_block(
    figures: Any,
    worth: np.ndarray,
    cash: np.ndarray,
    lengths: np.ndarray,
    players: int,
    start: int,
    treasury: int,
    kinds: tuple,
    described: Callable[[], tuple[Sequence, ...]],
    add_one: Callable[[int, slice], None],
) -> None:
    """Keep a block of games' figures in ``figures``, an experiment's tables.

    Parameters
    ----------
    figures : landlord.figures.Figures
        The tables. Any other kind (one that keeps more, or otherwise, in its own
        ``add_figures``), or tables that read the money of a round counted from the end
        (``at_round < 0``), are handed the games one at a time by ``add_one``.
    worth, cash : numpy.ndarray
        The compiled games' net worth and money tables (:func:`landlord.batch.round_tables`):
        game g's snapshots are the ``lengths[g]`` rows after game g - 1's, from row 0.
    lengths : numpy.ndarray
        Each game's snapshots.
    players, start, treasury : int
        The players at the table, each one's starting cash, and the Public Treasury's
        account (-1 without one), as :func:`landlord.batch.money_table` reads them.
    kinds : tuple
        What the family's own figures are (``Family.figures``).
    described : callable
        Called once when the block is kept at once, it gives the games' rounds, turns,
        ends in words, the Treasury's takings and spending (five sequences, a game
        each), then their family figures (a dict a game).
    add_one : callable
        ``add_one(g, rows)`` adds game g by ``figures.add_figures``, its snapshots being
        ``worth[rows]`` and ``cash[rows]``.
    """

    ends = np.cumsum(lengths)
    starts = ends - lengths
    at_round = getattr(figures, "at_round", None)
    if type(figures).add_figures is not Figures.add_figures or (at_round or 0) < 0:
        for g in range(len(lengths)):  # other tables (or a round counted from the end)
            add_one(g, slice(int(starts[g]), int(ends[g])))
        return
    if not len(lengths):
        return
    worth, cash = worth[: ends[-1]], cash[: ends[-1]]
    final_worth = worth[ends - 1]
    figures.players = players
    figures.start = start
    _extend(figures.worth, worth)
    _extend(figures.lengths, lengths)
    _extend(figures.final_worth, final_worth)
    _extend(figures.final_money, money_rows(cash[ends - 1], players, treasury, start))
    if at_round is not None:
        at = starts + np.minimum(at_round, lengths - 1)
        _extend(figures.money_at, money_rows(cash[at], players, treasury, start))
    if figures.every_round:
        _extend(figures.money, money_rows(cash, players, treasury, start))
    rounds, turns, reasons, collected, spent, family = described()
    left_nothing = (final_worth <= 0).sum(axis=1).tolist()
    figures.rows.extend(zip(rounds, turns, reasons, left_nothing, collected, spent, strict=True))
    figures.figure_kinds = kinds
    figures.family_figures.extend(family)


def _extend(kept: array, values: np.ndarray) -> None:
    """``values`` (whole numbers) at the end of ``kept`` (an ``array("q")``), row by row."""
    kept.frombytes(np.ascontiguousarray(values, np.int64).data.cast("B"))
