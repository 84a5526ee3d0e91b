"""The sums an experiment's summary is made of: means over the games where a figure is
defined, percentiles, and intervals at :data:`LEVEL`.

A figure that debts make undefined is ``nan`` (:mod:`landlord.scorecard`); these leave
it out and count what is left, and the means are worked out as pandas works out a
column's, so a summary reads the same whether its games were kept here or read from a
file.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from landlord.metrics import mean_interval

__all__ = [
    "LEVEL",
    "add_interval",
    "column_mean",
    "mean_of_defined",
    "percentile_of_defined",
    "sums_of_defined",
]

#: The confidence level of the intervals in the summary.
LEVEL = 0.95


def mean_of_defined(table: np.ndarray) -> np.ndarray:
    """The mean of each column over its defined (not ``nan``) values; ``nan`` if none."""
    defined = ~np.isnan(table)
    counts = defined.sum(axis=0)
    sums = np.where(defined, table, 0.0).sum(axis=0)
    return np.divide(sums, counts, out=np.full(sums.shape, np.nan), where=counts > 0)


def percentile_of_defined(table: np.ndarray, q: float, defined: np.ndarray) -> np.ndarray:
    """The ``q``-th percentile of each column over its defined values (``nan`` if none)."""
    out = np.full(table.shape[1], np.nan)
    every = defined.all(axis=0)
    if every.any():
        out[every] = np.percentile(table[:, every], q, axis=0)
    for column in np.nonzero(~every & defined.any(axis=0))[0]:
        out[column] = np.percentile(table[defined[:, column], column], q)
    return out


def sums_of_defined(table: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per column, the sum and the count of the defined (not ``nan``) values."""
    defined = ~np.isnan(table)
    return np.where(defined, table, 0.0).sum(axis=0), defined.sum(axis=0)


def column_mean(values: np.ndarray) -> float:
    """The mean of ``values`` as a pandas column's mean works it out (so a summary reads
    the same whether its games were kept here or read from a file): whole numbers summed
    as floats; ``nan`` left out, and ``nan`` if nothing is left."""
    if values.dtype.kind != "f":
        return float(values.sum(dtype=np.float64) / values.size) if values.size else math.nan
    missing = np.isnan(values)
    count = values.size - int(missing.sum())
    return float(np.where(missing, 0.0, values).sum() / count) if count else math.nan


def add_interval(row: dict[str, Any], column: str, values: np.ndarray) -> None:
    """Put the mean of ``values`` and its interval into ``row`` as column, _low, _high.

    Undefined values (``nan``) are left out; with none defined all three are ``nan``.
    """
    values = values[~np.isnan(values)]
    if not len(values):
        row[column] = row[f"{column}_low"] = row[f"{column}_high"] = math.nan
        return
    mean, low, high = mean_interval(values, level=LEVEL)
    row[column], row[f"{column}_low"], row[f"{column}_high"] = mean, low, high
