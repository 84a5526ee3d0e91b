"""The figures a claim's results keep: means with intervals, shares of pairs, rounded so
that a results file reads the same on any machine."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from landlord.claim.grid import Grid

__all__ = [
    "DECIMALS",
    "PERCENTILES",
    "GridResults",
    "difference_row",
    "interval_of",
    "mean_figures",
    "pair_share",
    "percentiles",
    "rounded",
]

#: The figures are kept to this many decimals, so the file reads the same on any machine.
DECIMALS = 6
#: The percentiles of the per-pair differences of the Gini kept for each seed and pooled.
PERCENTILES = (5, 10, 25, 50, 75, 90, 95)


def percentiles(defined: np.ndarray) -> dict[str, float] | None:
    """The :data:`PERCENTILES` of the per-pair differences, by name ("5", "10", ...)."""
    if not len(defined):
        return None
    values = rounded(np.percentile(defined, PERCENTILES))
    return dict(zip(map(str, PERCENTILES), values, strict=True))


def mean_figures(values: np.ndarray, level: float) -> dict[str, Any]:
    """Mean and interval over the defined values, and how many were undefined."""
    from landlord.metrics import mean_interval

    defined = values[~np.isnan(values)]
    if len(defined) >= 2:
        mean, low, high = mean_interval(defined, level=level)
    else:  # too few for an interval
        mean, low, high = (defined[0] if len(defined) else math.nan), math.nan, math.nan
    return {
        "mean": rounded(mean),
        "low": rounded(low),
        "high": rounded(high),
        "n": len(defined),
        "undefined": len(values) - len(defined),
    }


def pair_share(defined: np.ndarray, claim: str) -> float | None:
    """The share of pairs whose difference lies on the claimed side (``None``: no claim)."""
    if not len(defined) or not claim:
        return None
    side = defined < 0 if claim == "lower" else defined > 0
    return rounded(float(side.mean()))


def rounded(value: Any) -> Any:
    """Floats kept to :data:`DECIMALS` places (``None`` for nan), so files compare exactly."""
    if isinstance(value, np.ndarray):
        return [rounded(float(v)) for v in value]
    value = float(value)
    return None if math.isnan(value) else round(value, DECIMALS) + 0.0


def difference_row(figures: dict) -> dict[str, Any]:
    """A paired difference's kept figures as a table's columns."""
    return {
        "difference": figures["mean"],
        "low": figures["low"],
        "high": figures["high"],
        "pairs": figures["n"],
    }


def interval_of(figures: dict) -> tuple[float, float, float]:
    """``(mean, low, high)`` of kept figures, ``nan`` where a figure is missing."""
    return tuple(math.nan if figures[k] is None else figures[k] for k in ("mean", "low", "high"))


class GridResults:
    """A grid's results: the grid that made them and a dict per scenario, as a file keeps them."""

    def __init__(self, grid: Grid, scenarios: list[dict]) -> None:
        self.grid = grid
        self.scenarios = scenarios

    def to_json(self) -> dict[str, Any]:
        """Plain JSON: the format, the grid file's text, and the scenarios."""
        import landlord

        return {
            "format": "landlord-claim",
            "landlord_version": landlord.__version__,
            "grid": self.grid.source,
            "scenarios": self.scenarios,
        }
