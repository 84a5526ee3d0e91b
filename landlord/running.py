"""Running summaries: what a comparison played in blocks keeps once each block is written.

A million games do not fit in memory as tables (each game keeps its net worths at
every round's end). :func:`landlord.experiments.compare` with ``stream_to`` plays
them a block at a time: each block's tables go to the results files at once
(:class:`BlockWriter`), and only these sums stay behind (:class:`RunningSummary`):

- for each measure and rule set, the count, mean and standard deviation of the
  games of each block where it is defined, and the same of its game-by-game
  difference from the first rule set; blocks are merged exactly (the pooled
  mean and variance), so the interval is the one the whole column would give,
  up to the last digits of floating point;
- plain sums for the summary's plain means;
- per round, the sums behind the mean curves, each game carried on after its end;
- how many games lasted each number of rounds (the table shows the rounds by which
  95% of games have ended) and whether any player ended in debt.

Memory then grows with the number of rounds of the longest game, not with games.
"""

from __future__ import annotations

import contextlib
import math
import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from landlord.metrics import t_quantile

if TYPE_CHECKING:
    import pandas as pd

#: (games where defined, their mean, their standard deviation with n - 1)
Moments = tuple[int, float, float]


def moments(values: np.ndarray) -> Moments | None:
    """The count, mean and standard deviation of the defined values, or None if none are.

    Computed as :func:`landlord.metrics.mean_interval` computes them, so that one block
    gives the very interval the whole column gives.
    """
    values = values[~np.isnan(values)]
    if not len(values):
        return None
    spread = float(values.std(ddof=1)) if len(values) > 1 else math.nan
    return len(values), float(values.mean()), spread


def pooled(blocks: Sequence[Moments]) -> Moments | None:
    """The count, mean and standard deviation of several blocks taken together."""
    if not blocks:
        return None
    if len(blocks) == 1:
        return blocks[0]
    count = sum(n for n, _, _ in blocks)
    mean = sum(n * m for n, m, _ in blocks) / count
    squares = sum((s * s * (n - 1) if n > 1 else 0.0) + n * (m - mean) ** 2 for n, m, s in blocks)
    return count, mean, math.sqrt(squares / (count - 1)) if count > 1 else math.nan


def interval(found: Moments | None, level: float) -> tuple[float, float, float]:
    """The mean and the ends of its Student's t interval (``nan`` where undefined)."""
    if found is None:
        return math.nan, math.nan, math.nan
    n, mean, spread = found
    half = t_quantile(level, n - 1) * spread / math.sqrt(n) if n > 1 else math.nan
    return mean, mean - half, mean + half


class RunningSummary:
    """The sums a summary and the mean curves are made from, block after block.

    ``labels``: the rule sets in order (differences are from the first);
    ``compared``: the measures with an interval; ``means``: (column of the games
    table, column of the summary) of the plain means; ``shares``: columns averaged
    as shares (booleans); ``figures``: (column, summary column) of the families'
    own figures.
    """

    def __init__(
        self,
        labels: Sequence[str],
        compared: Sequence[str],
        means: Sequence[tuple[str, str]],
        shares: Sequence[str],
        figures: Sequence[tuple[str, str]],
    ) -> None:
        self.labels = list(labels)
        self.compared = list(compared)
        self.means = list(means)
        self.shares = list(shares)
        self.figures = list(figures)
        self.games = dict.fromkeys(self.labels, 0)
        self._moments: dict[tuple[str, str], list[Moments]] = {}
        self._undefined: dict[tuple[str, str], int] = {}
        self._sums: dict[tuple[str, str], tuple[float, int]] = {}
        #: Per label: games by the last round in their table (``rounds``).
        self.rounds: dict[str, dict[int, int]] = {label: {} for label in self.labels}
        #: Per column of the games table: its least value over every game so far.
        self.least: dict[str, float] = {}
        #: Per label and curve: (sum by round, count by round), each game carried on.
        self._curves: dict[tuple[str, str], tuple[np.ndarray, np.ndarray]] = {}
        self._running: dict[str, np.ndarray] = {}

    def add_games(self, games: pd.DataFrame) -> None:
        """Count a block of the games table (every rule set, the same seeds each)."""
        by_label = dict(list(games.groupby("label", sort=False)))
        first = by_label[self.labels[0]]
        for label in self.labels:
            frame = by_label[label]
            self.games[label] += len(frame)
            for column in self.compared:
                values = frame[column].to_numpy(dtype=float)
                key = (label, column)
                self._undefined[key] = self._undefined.get(key, 0) + int(np.isnan(values).sum())
                self._keep((label, column), moments(values))
                if label != self.labels[0]:
                    difference = values - first[column].to_numpy(dtype=float)
                    self._keep((label, f"{column}_difference"), moments(difference))
            for column in [
                *(c for c, _ in self.means),
                *self.shares,
                *(c for c, _ in self.figures),
            ]:
                self._add_sum((label, column), frame[column].to_numpy(dtype=float))
            for rounds, count in frame["rounds"].value_counts().items():
                self.rounds[label][int(rounds)] = self.rounds[label].get(int(rounds), 0) + count
        for column in games.columns:
            if column.startswith("poorest_net_worth"):
                values = games[column].to_numpy(dtype=float)
                values = values[~np.isnan(values)]
                if len(values):
                    least = float(values.min())
                    self.least[column] = min(self.least.get(column, least), least)

    def _keep(self, key: tuple[str, str], found: Moments | None) -> None:
        if found is not None:
            self._moments.setdefault(key, []).append(found)

    def _add_sum(self, key: tuple[str, str], values: np.ndarray) -> None:
        # As pandas' mean: over the defined values (nan where a family lacks a figure).
        defined = values[~np.isnan(values)]
        total, count = self._sums.get(key, (0.0, 0))
        self._sums[key] = total + float(defined.sum()), count + len(defined)

    def _mean(self, label: str, column: str) -> float:
        total, count = self._sums[label, column]
        return total / count if count else math.nan

    def add_curve(self, label: str, name: str, sums: np.ndarray, counts: np.ndarray | int) -> None:
        """Count a block's curve: by round up to the block's longest game, the sum of the
        games' values where defined and how many those are (each game carried on after
        its end)."""
        counts = np.broadcast_to(np.asarray(counts), sums.shape).astype(np.int64)
        key = (label, name)
        if key in self._curves:
            sums, counts = _carried_add(self._curves[key], (sums, counts))
        self._curves[key] = sums, counts

    def add_running(self, label: str, lengths: np.ndarray) -> None:
        """Count the games still being played in each round (their tables' lengths)."""
        most = int(lengths.max()) if len(lengths) else 0
        running = np.bincount(lengths, minlength=most + 1)[::-1].cumsum()[::-1][1:]
        before = self._running.get(label, np.zeros(0, dtype=np.int64))
        width = max(len(before), len(running))
        total = np.zeros(width, dtype=np.int64)
        total[: len(before)] += before
        total[: len(running)] += running
        self._running[label] = total

    def summary_rows(self, level: float) -> list[dict[str, Any]]:
        """The summary's rows, as :meth:`landlord.experiments.Comparison` lays them out."""
        rows = []
        for label in self.labels:
            row: dict[str, Any] = {"label": label, "games": self.games[label]}
            for column in self.compared:
                key = (label, column)
                found = interval(pooled(self._moments.get(key, [])), level)
                row[column], row[f"{column}_low"], row[f"{column}_high"] = found
                row[f"{column}_undefined"] = self._undefined.get(key, 0)
            for column in self.compared:
                name = f"{column}_difference"
                found = interval(pooled(self._moments.get((label, name), [])), level)
                row[name], row[f"{name}_low"], row[f"{name}_high"] = found
            for column, name in self.means:
                row[name] = self._mean(label, column)
            for column in self.shares:
                row[column] = self._mean(label, column)
            for column, name in self.figures:
                row[name] = self._mean(label, column)
            rows.append(row)
        return rows

    def curve(self, label: str, name: str) -> np.ndarray:
        """The mean of a curve by round over the games where it is defined (``nan`` if none),
        rounds up to the longest game of the rule set."""
        sums, counts = self._curves[label, name]
        width = len(self._running[label])
        sums, counts = _carried_add((sums, counts), (np.zeros(width), np.zeros(width, int)))
        return np.divide(sums, counts, out=np.full(sums.shape, np.nan), where=counts > 0)

    def running(self, label: str) -> np.ndarray:
        """The games still being played in each round, rounds up to the longest game."""
        return self._running[label]

    def rounds_percentile(self, q: float) -> float:
        """The ``q``-th percentile of every game's ``rounds`` (as numpy's linear one)."""
        counts: dict[int, int] = {}
        for by_rounds in self.rounds.values():
            for rounds, count in by_rounds.items():
                counts[rounds] = counts.get(rounds, 0) + count
        values = np.array(sorted(counts))
        cumulative = np.cumsum([counts[value] for value in values])
        position = q / 100 * (cumulative[-1] - 1)
        below, above = math.floor(position), math.ceil(position)
        low = values[np.searchsorted(cumulative, below, side="right")]
        high = values[np.searchsorted(cumulative, above, side="right")]
        return float(low + (high - low) * (position - below))


def _carried_add(
    a: tuple[np.ndarray, np.ndarray], b: tuple[np.ndarray, np.ndarray]
) -> tuple[np.ndarray, np.ndarray]:
    """Two blocks' sums by round added, the shorter carried on at its last round."""
    width = max(len(a[0]), len(b[0]))
    return tuple(_carried(x, width) + _carried(y, width) for x, y in zip(a, b, strict=True))


def _carried(values: np.ndarray, width: int) -> np.ndarray:
    if len(values) == width:
        return values
    if not len(values):
        return np.zeros(width, dtype=values.dtype)
    return np.concatenate([values, np.full(width - len(values), values[-1])])


class BlockWriter:
    """The results tables written a block at a time, then put in place as a set.

    Each table goes to a temporary file beside its final name: CSV appended block by
    block (the header once), Parquet a row group per block. :meth:`finish` writes the
    last files (the curves by round, the parameters) and renames every file over its
    final name as one step (:func:`landlord.writing.write_atomically`'s rules: all new
    or all old); :meth:`discard` removes the temporary files (an error, or Ctrl-C).
    """

    def __init__(self, files: Sequence[Path], meta: dict[str, Any]) -> None:
        self.files = [Path(file) for file in files]
        self.parquet = self.files[0].suffix == ".parquet"
        self.meta = meta
        self._temporary: dict[Path, Path] = {}
        #: Each table begun, with its Parquet writer (None for a CSV file).
        self._writers: dict[Path, Any] = {}

    def _temporary_for(self, final: Path) -> Path:
        import tempfile

        if final not in self._temporary:
            handle, name = tempfile.mkstemp(
                prefix=f".{final.name}.", suffix=".tmp", dir=final.parent or "."
            )
            os.close(handle)
            self._temporary[final] = Path(name)
        return self._temporary[final]

    def append(self, final: Path, table: pd.DataFrame) -> None:
        """Write one block of a table (the games, or the players) to its file."""
        path = self._temporary_for(final)
        if not self.parquet:
            first = final not in self._writers
            table.to_csv(path, mode="w" if first else "a", header=first, index=False)
            self._writers[final] = None
            return
        import pyarrow as pa
        import pyarrow.parquet as pq

        described = table.copy(deep=False)
        described.attrs = self.meta
        block = pa.Table.from_pandas(described, preserve_index=False)
        writer = self._writers.get(final)
        if writer is None:
            writer = pq.ParquetWriter(path, block.schema)
            self._writers[final] = writer
        else:
            block = block.cast(writer.schema)
        writer.write_table(block)

    def finish(self, rest: dict[Path, Any]) -> None:
        """Close the tables, write ``rest`` (final path to a function writing it) and put
        every file in place."""
        from landlord.writing import _ctrl_c_held, _put_in_place, _umask

        for writer in self._writers.values():
            if writer is not None:
                writer.close()
        self._writers = dict.fromkeys(self._writers)
        for final, write in rest.items():
            write(self._temporary_for(Path(final)))
        for written in self._temporary.values():
            os.chmod(written, 0o666 & ~_umask())
        with _ctrl_c_held():
            _put_in_place(self._temporary)
        self._temporary = {}

    def discard(self) -> None:
        """Remove what was written (the final files, if any, are left as they were)."""
        for writer in self._writers.values():
            if writer is not None:
                with contextlib.suppress(Exception):  # the half-written file goes next
                    writer.close()
        for written in self._temporary.values():
            written.unlink(missing_ok=True)
        self._temporary = {}
