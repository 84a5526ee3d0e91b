"""Where one pair of games falls among many pairs with the same settings.

One pair of games on the same dice is mostly luck: the final Ginis of a pair
differ by as much as a tenth either way for the same rules. So once both
games of the side-by-side app are over, it places their difference among
many paired differences of the same rule sets and bots: the declared grid's
1,500 pairs when the settings are one of its scenarios (shipped, instant),
or pairs played on request otherwise.

Examples
--------
>>> spread = {"5": -0.2, "10": -0.15, "25": -0.08, "50": -0.01, "75": 0.05, "90": 0.1, "95": 0.14}
>>> print(placing(0.07, spread, pairs=1500, source="the grid"))  # doctest: +NORMALIZE_WHITESPACE
This pair: the right-hand game's final Gini of net worth is 0.070 above the left's. Among
1,500 pairs with the same settings (the grid), the middle half of the differences runs from
-0.080 to +0.050 and nine in ten from -0.200 to +0.140; this pair lies between the 75th and the
90th percentile. One pair is mostly luck: judge the rules by the many.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping
from typing import Any

import numpy as np

__all__ = ["grid_spread", "placing", "played_spread"]

#: How many pairs are played when the grid does not have the settings.
PAIRS = 200


def grid_spread(
    left: str, right: str, bots: str, players: int, options: str = ""
) -> tuple[dict[str, float], int] | None:
    """The shipped grid's pooled percentiles of the Gini difference for these settings.

    ``None`` when the grid has no such scenario (other rule sets, table size or bots).
    """
    from landlord.claim import shipped_results

    results = shipped_results()
    grid = results.grid
    if (left, right, players) != (grid.baseline, grid.treatment, grid.players):
        return None
    for scenario in results.scenarios:
        if scenario["bots"] == bots and scenario["options"] == options:
            pooled = scenario["pooled"]["gini_net_worth"]
            if pooled.get("percentiles"):
                return pooled["percentiles"], pooled["n"]
    return None


def played_spread(
    left: str, right: str, strategies: list[str], seed: int, pairs: int = PAIRS
) -> tuple[dict[str, float], int, np.ndarray]:
    """Play ``pairs`` pairs with these settings; their percentiles and differences."""
    from landlord.claim.figures import PERCENTILES
    from landlord.experiments import compare

    result = compare([left, right], games=pairs, players=strategies, seed=seed)
    games = result.games
    first, second = (games[games["label"] == label] for label in result.labels)
    differences = second["gini_net_worth"].to_numpy() - first["gini_net_worth"].to_numpy()
    defined = differences[~np.isnan(differences)]
    spread = dict(
        zip(map(str, PERCENTILES), np.percentile(defined, PERCENTILES).tolist(), strict=True)
    )
    return spread, len(defined), defined


def placing(
    difference: float,
    spread: Mapping[str, float],
    pairs: int,
    source: str,
    differences: Any = None,
) -> str:
    """This pair's difference, and where it lies among ``pairs`` others, in words."""
    if math.isnan(difference):
        return (
            "This pair: a final Gini of net worth is undefined (the players' debts are as "
            "large as all they hold), so the pair cannot be placed."
        )
    side = "above" if difference > 0 else "below"
    text = (
        f"This pair: the right-hand game's final Gini of net worth is {abs(difference):.3f} "
        f"{side} the left's. Among {pairs:,} pairs with the same settings ({source}), the middle "
        f"half of the differences runs from {spread['25']:+.3f} to {spread['75']:+.3f} and nine "
        f"in ten from {spread['5']:+.3f} to {spread['95']:+.3f}; "
    )
    if differences is not None and len(differences):
        below = float(np.mean(np.asarray(differences) < difference))
        text += f"{below:.0%} of them are lower than this pair's. "
    else:
        text += f"this pair lies {_between(difference, spread)}. "
    return text + "One pair is mostly luck: judge the rules by the many."


def _between(value: float, spread: Mapping[str, float]) -> str:
    """Which percentiles ``value`` lies between, in words."""
    points = sorted((int(p), v) for p, v in spread.items())
    if value < points[0][1]:
        return f"below the {_nth(points[0][0])} percentile"
    if value > points[-1][1]:
        return f"above the {_nth(points[-1][0])} percentile"
    for (p, low), (q, high) in itertools.pairwise(points):
        if low <= value <= high:
            return f"between the {_nth(p)} and the {_nth(q)} percentile"
    return "in the middle"  # pragma: no cover - every value is placed above


def _nth(number: int) -> str:
    suffix = (
        "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    )
    return f"{number}{suffix}"
