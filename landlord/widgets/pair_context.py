"""What many pairs of games show, and where one pair falls among them.

One pair of games on the same dice is mostly luck: the final Ginis of a pair
differ by as much as a tenth either way for the same rules. So the
side-by-side app says what many pairs with its settings show before a single
move (:func:`many_pairs_html`: the kit's declared grid, version 2, when the
settings are one of its tables, read from its shipped results), and once both
games are over it gives the mean of the many pairs, the share of them in
which the right-hand game came out lower, and where this one pair falls among
them (:func:`placing`). Settings outside the grid can play pairs on request
(:func:`played_spread`).

Examples
--------
>>> spread = {"5": -0.2, "10": -0.15, "25": -0.08, "50": -0.01, "75": 0.05, "90": 0.1, "95": 0.14}
>>> many = Spread(spread, pairs=1500, mean=-0.012, lower=0.55, source="the grid")
>>> print(placing(0.07, many))  # doctest: +NORMALIZE_WHITESPACE
Across 1,500 pairs with the same settings (the grid), the right-hand game's final Gini of
net worth came out lower by 0.012 on average, and lower than the left's in 55% of pairs;
the middle half of the differences runs from -0.080 to +0.050 and nine in ten from -0.200
to +0.140. This pair: the right-hand game's final Gini of net worth is 0.070 above the
left's, between the 75th and the 90th percentile of the many. One pair is mostly luck:
judge the rules by the many.
"""

from __future__ import annotations

import dataclasses
import functools
import html
import itertools
import math
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from landlord.claim.arms import ArmResults

__all__ = [
    "PAIRS",
    "Spread",
    "grid_scenarios",
    "grid_spread",
    "many_pairs_html",
    "not_in_grid_html",
    "placing",
    "played_html",
    "played_spread",
]

#: How many pairs are played when the grid does not have the settings.
PAIRS = 200
#: The arms of the grid the app reads: the single tax as printed, and money-neutral.
AS_PRINTED, MONEY_NEUTRAL = "as_printed", "money_neutral"
#: The lengths read: the printed end, and the long game (round 100).
PRINTED, LONG = "printed", "long"
#: The measures read: the Gini of net worth (or, when debts spoil it, with debts counted
#: as nothing) and the gap between two players in dollars.
GINI, GINI_CLIPPED, GAP = "gini_net_worth", "gini_clipped", "dollar_gap"
#: When each length is read, in a few words.
WHEN = {
    PRINTED: "when a player is paid wages for the fifth time",
    LONG: "the games played on, with no end by wages",
}


@dataclasses.dataclass(frozen=True)
class Spread:
    """What many pairs showed of the final Gini of net worth, right-hand game minus left.

    Attributes
    ----------
    percentiles : dict
        The 5th to 95th percentiles of the per-pair differences, by name (``"25"``).
    pairs : int
        How many pairs had a defined difference.
    mean : float
        The mean difference.
    lower : float
        The share of pairs in which the right-hand game's Gini came out lower.
    source : str
        Where the pairs come from, in a few words ("the kit's declared grid, shipped").
    differences : numpy.ndarray or None
        Every pair's difference, when the pairs were played here.
    """

    percentiles: Mapping[str, float]
    pairs: int
    mean: float
    lower: float
    source: str
    differences: Any = None


def grid_results() -> ArmResults | None:
    """The second grid's shipped results, or None when this copy of the kit has none."""
    from landlord.claim import shipped_results

    try:
        return shipped_results(2)
    except FileNotFoundError:
        return None


def grid_scenarios(
    left: str, right: str, bots: str, players: int, results: ArmResults | None = None
) -> dict[str, dict[str, Any]] | None:
    """The grid's scenarios for these settings, by length (``"printed"``, ``"long"``).

    The settings are the grid's when the left is its monopolist rules as printed, the
    right its single tax as printed, and the bots and seats one of its tables. ``None``
    when they are not (or when no results are shipped).
    """
    results = results if results is not None else grid_results()
    if results is None:
        return None
    grid = results.grid
    specs = {rules.id: rules.spec for rules in grid.rule_sets}
    arm = next((arm for arm in grid.arms if arm.id == AS_PRINTED), None)
    if arm is None or (left, right) != (specs[arm.baseline], specs[arm.treatment]):
        return None
    found = {
        scenario["length"]: scenario
        for scenario in results.scenarios
        if scenario["bots"] == bots and scenario["players"] == players
    }
    return found if PRINTED in found else None


def grid_spread(
    left: str, right: str, bots: str, players: int, results: ArmResults | None = None
) -> Spread | None:
    """What the grid's pairs with these settings show of the Gini at the printed end.

    ``None`` when the grid has no such scenario (other rule sets, table size or bots).
    """
    results = results if results is not None else grid_results()
    scenarios = grid_scenarios(left, right, bots, players, results)
    if scenarios is None:
        return None
    cell = scenarios[PRINTED]["arms"][AS_PRINTED]["measures"][GINI]
    pooled = cell["pooled"]
    if not cell.get("percentiles") or pooled["mean"] is None or pooled["lower"] is None:
        return None
    return Spread(
        cell["percentiles"],
        pooled["n"],
        pooled["mean"],
        pooled["lower"],
        "the kit's declared grid, shipped",
    )


def played_spread(
    left: str, right: str, strategies: list[str], seed: int, pairs: int = PAIRS
) -> Spread:
    """Play ``pairs`` pairs with these settings: what they show of the final Gini."""
    from landlord.claim.figures import PERCENTILES
    from landlord.experiments import compare

    result = compare([left, right], games=pairs, players=strategies, seed=seed)
    games = result.games
    first, second = (games[games["label"] == label] for label in result.labels)
    differences = second["gini_net_worth"].to_numpy() - first["gini_net_worth"].to_numpy()
    defined = differences[~np.isnan(differences)]
    if not len(defined):
        nothing = dict.fromkeys(map(str, PERCENTILES), math.nan)
        return Spread(nothing, 0, math.nan, math.nan, "played now", defined)
    spread = dict(
        zip(map(str, PERCENTILES), np.percentile(defined, PERCENTILES).tolist(), strict=True)
    )
    return Spread(
        spread,
        len(defined),
        float(defined.mean()),
        float((defined < 0).mean()),
        "played now",
        defined,
    )


def placing(difference: float, many: Spread, right: str = "the right-hand game") -> str:
    """What the many pairs show (their mean, the share in which ``right`` came out lower,
    their spread), then where this pair's ``difference`` lies among them, in words."""
    if not many.pairs:
        return (
            "No pair of the many had a defined final Gini of net worth (the players' debts "
            "were as large as all they held), so this pair cannot be placed."
        )
    p = many.percentiles
    way = "lower" if many.mean <= 0 else "higher"
    text = (
        f"Across {many.pairs:,} pairs with the same settings ({many.source}), {right}'s "
        f"final Gini of net worth came out {way} by {abs(many.mean):.3f} on average, and "
        f"lower than the left's in {many.lower:.0%} of pairs; the middle half of the "
        f"differences runs from {p['25']:+.3f} to {p['75']:+.3f} and nine in ten from "
        f"{p['5']:+.3f} to {p['95']:+.3f}. "
    )
    if math.isnan(difference):
        return text + (
            "This pair: a final Gini of net worth is undefined (the players' debts are as "
            "large as all they hold), so the pair cannot be placed among them."
        )
    side = "above" if difference > 0 else "below"
    text += (
        f"This pair: {right}'s final Gini of net worth is {abs(difference):.3f} {side} the left's"
    )
    if many.differences is not None and len(many.differences):
        below = float(np.mean(np.asarray(many.differences) < difference))
        text += f"; {below:.0%} of the many are lower than this pair's. "
    else:
        text += f", {_between(difference, p)} of the many. "
    return text + "One pair is mostly luck: judge the rules by the many."


# --- before a move: what the many pairs show ---------------------------------------------


def many_pairs_html(
    left: str, right: str, bots: str, players: int, results: ArmResults | None = None
) -> str | None:
    """What the grid's pairs with these settings show, in a short block for the app to
    show before any move: the Gini of net worth and the gap between two players at the
    printed end and at round 100, size first, and the money-neutral single tax's gap.

    ``None`` when the settings are not one of the grid's tables.
    """
    results = results if results is not None else grid_results()
    scenarios = grid_scenarios(left, right, bots, players, results)
    if results is None or scenarios is None:
        return None
    grid = results.grid
    printed = scenarios[PRINTED]
    lengths = {length.id: length for length in grid.lengths}
    table = printed["words"].removesuffix(f", {lengths[PRINTED].words}")
    pairs = grid.games * len(grid.seeds)
    large = (grid.size or {}).get("large", 0.714)
    moments = []
    for length_id, when in WHEN.items():
        scenario = scenarios.get(length_id)
        if scenario is None:
            continue
        heading = _heading(lengths[length_id])
        items = [
            _item(results, scenario, AS_PRINTED, _gini_of(results, scenario)),
            _item(results, scenario, AS_PRINTED, GAP),
            _item(results, scenario, MONEY_NEUTRAL, GAP),
        ]
        moments.append(
            f"<p style='margin:0.4em 0 0.1em 0'><b>{html.escape(heading)}</b> "
            f"({when}):</p><ul style='margin:0.1em 0;padding-left:1.4em'>{''.join(items)}</ul>"
        )
    return (
        "<div class='landlord-many-pairs' style='max-width:60em;line-height:1.4'>"
        "<p style='margin:0.3em 0'><b>What many pairs show.</b> One pair of games is mostly "
        "luck: the same dice can favour either side. Across "
        f"{pairs:,} pairs of games with this table (the kit's declared grid: "
        f"{html.escape(table)}, the same dice in both games of a pair), this is how the "
        "single tax did against the Landlord's Game:</p>"
        f"{''.join(moments)}"
        "<p style='margin:0.3em 0;font-size:0.95em'>The Gini runs from 0 (everyone worth the "
        "same) to 1 (one player holds everything). The gap is how far apart two players' "
        "net worths are, on average, in dollars. The money-neutral single tax shares the "
        "Treasury's money out instead of raising wages, so it makes no new money. Tiny, "
        "small, medium and large say how one-sided the pairs were: lower in about half of "
        f"them (a coin toss) is tiny, in {large:.0%} or more (or {1 - large:.0%} or fewer) "
        "is large.</p></div>"
    )


def _heading(length: Any) -> str:
    """``"At the printed end"``, ``"At round 100"``: when a length's measures are read."""
    for option in length.options.split(","):
        key, _, value = option.partition("=")
        if key.strip() == "round_limit":
            return f"At round {value.strip()}"
    return "At the printed end"


def _gini_of(results: ArmResults, scenario: dict[str, Any]) -> str:
    """The Gini of net worth, or with debts counted as nothing when debts spoil it."""
    return GINI_CLIPPED if results.unread(scenario, AS_PRINTED, GINI) else GINI


def _item(results: ArmResults, scenario: dict[str, Any], arm: str, name: str) -> str:
    """One judged cell as a list item, size first."""
    cell = scenario["arms"][arm]["measures"][name]
    pooled = cell["pooled"]
    what = {
        GINI: "the single tax's Gini of net worth is",
        GINI_CLIPPED: "the single tax's Gini of net worth (debts counted as nothing) is",
        GAP: "the gap between two players is"
        if arm == AS_PRINTED
        else "with the money-neutral single tax, which makes no money, the gap is",
    }[name]
    attributes = f"class='landlord-many-item' data-arm='{arm}' data-measure='{name}' " + (
        f"data-length='{scenario['length']}'"
    )
    if not pooled["n"] or pooled["mean"] is None:
        return f"<li {attributes}>{what} undefined in every game.</li>"
    if not pooled["differed"]:
        return f"<li {attributes}>{what} the same in every pair: no pair differed.</li>"
    mean, lower = pooled["mean"], pooled["lower"]
    only = "only " if lower < 0.5 else ""
    if name == GAP:
        from landlord.money import money

        way = "smaller" if mean <= 0 else "larger"
        shown = f"{money(abs(mean))} {way} on average, smaller in {only}{lower:.0%} of pairs"
    else:
        way = "lower" if mean <= 0 else "higher"
        shown = f"{way} by {abs(mean):.3f} on average, lower in {only}{lower:.0%} of pairs"
    size = cell["size"] or "no size"
    said = f"{size.capitalize()} difference"
    if size != "tiny" and (pooled["superiority"] or 0.5) < 0.5:
        said += ", the other way"  # most pairs came out against the single tax
    return f"<li {attributes}><b>{html.escape(said)}:</b> {what} {shown}.</li>"


def not_in_grid_html() -> str:
    """Before a move, for settings the grid does not have: say so, and offer to play."""
    results = grid_results()
    known = ""
    if results is not None:
        grid = results.grid
        seats = ", ".join(map(str, grid.tables[:-1])) + f" or {grid.tables[-1]}"
        known = (
            " The kit's declared grid has the Landlord's Game on the left and the single tax "
            f"on the right, with one kind of bot or eager landlords and cautious tenants, at "
            f"{seats} seats."
        )
    return (
        "<div class='landlord-many-pairs' style='max-width:60em;line-height:1.4'>"
        "<p style='margin:0.3em 0'><b>What many pairs show.</b> One pair of games is mostly "
        f"luck: the same dice can favour either side. These settings are not in the kit's "
        f"declared grid, so nothing is known about them yet.{known} Play {PAIRS} pairs with "
        "these settings to see what they show (a few seconds).</p></div>"
    )


def played_html(many: Spread) -> str:
    """What pairs played now showed of the final Gini, size first, in a short block."""
    from landlord.claim.verdicts import size_of

    if not many.pairs:
        text = (
            f"Played {2 * PAIRS:,} games: no pair had a defined final Gini of net worth (debts "
            "as large as all the players held)."
        )
    else:
        size = size_of(many.lower + _ties(many) / 2, _size_bounds())
        way = "lower" if many.mean <= 0 else "higher"
        text = (
            f"across {many.pairs:,} pairs played now with these settings, the right-hand game's "
            f"final Gini of net worth came out {way} by {abs(many.mean):.3f} on average, lower "
            f"than the left's in {many.lower:.0%} of pairs"
        )
        text = (
            f"{size.capitalize()} difference: {text}."
            if size
            else f"{text[:1].upper()}{text[1:]}."
        )
    return (
        "<div class='landlord-many-pairs' style='max-width:60em;line-height:1.4'>"
        "<p style='margin:0.3em 0'><b>What many pairs show.</b> One pair of games is mostly "
        f"luck. {html.escape(text)}</p></div>"
    )


@functools.cache
def _size_bounds() -> dict[str, float]:
    """The second grid's declared bounds of the size words (read from its file)."""
    from landlord.claim.grid import GRID_V2_PATH, load_grid

    return dict(load_grid(GRID_V2_PATH).size or {})


def _ties(many: Spread) -> float:
    if many.differences is None or not len(many.differences):
        return 0.0
    return float(np.mean(np.asarray(many.differences) == 0))


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
