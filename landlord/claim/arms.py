"""Magie's claim, version 2: several rule sets side by side, arms judged between them.

A grid of format 2 (:data:`landlord.claim.grid.GRID_V2_PATH`) plays, in every
scenario (a bot mix at a table size at a length), game k of each of its rule
sets from the same seed, and judges *arms* between them: the single tax as
printed against the monopolist rules, the money-neutral single tax (the
citizen's dividend) against them, and the same without the monopolist
Treasury's sink. Each arm is judged measure by measure with the grid's
verdict rule, and every verdict carries its size in words (the share of pairs
on the claimed side, ties counted half, read against the grid's declared
bounds), so that a result that holds but is tiny never reads like a large one.

:func:`run_arms` plays a grid; :class:`ArmResults` keeps, per scenario, each
rule set's means and, per arm and measure, the paired difference per seed and
pooled with its interval, the shares of pairs on either side, the verdict and
the size; :meth:`ArmResults.tallies` counts the verdicts per arm and measure,
apart from the cells where no pair of games differed, and lists every seed
whose interval lies wholly on the wrong side.

Examples
--------
>>> import dataclasses
>>> from landlord.claim.grid import GRID_V2_PATH, load_grid
>>> small = dataclasses.replace(load_grid(GRID_V2_PATH), games=4, seeds=(1,))
>>> results = run_arms(small, scenarios=["tenants.2.round25"])
>>> cell = results.scenarios[0]["arms"]["money_neutral"]["measures"]["dollar_gap"]
>>> sorted(cell)
['pooled', 'seeds', 'size', 'verdict']
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from landlord.claim.figures import (
    GridResults,
    difference_row,
    interval_of,
    mean_figures,
    pair_share,
    percentiles,
    rounded,
)
from landlord.claim.grid import GRID_V2_PATH, Grid, GridError, Measure, Scenario, grid_from_text
from landlord.claim.verdicts import difference_text, size_of, verdict

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "RESULTS_V2_PATH",
    "RESULTS_V3_PATH",
    "RESULTS_V4_PATH",
    "ArmResults",
    "run_arms",
    "shipped_arms",
    "verdict_words",
]

#: The shipped results of the second grid (``landlord claim --json`` writes them again).
RESULTS_V2_PATH = Path(__file__).with_name("results_v2.json")
#: The results of version 3 (Magie's dial), as shipped.
RESULTS_V3_PATH = Path(__file__).with_name("results_v3.json")
#: The results of version 4 (players who answer the rules), as shipped.
RESULTS_V4_PATH = Path(__file__).with_name("results_v4.json")
#: The measure whose per-pair spread is kept, and which a sentence leads with.
GINI = "gini_net_worth"
#: The absolute measure a sentence gives beside it.
GAP = "dollar_gap"


def run_arms(
    grid: Grid | str | Path | None = None,
    scenarios: Iterable[str] | None = None,
    jobs: int = 1,
    progress: Callable[[int, int], Any] | None = None,
) -> ArmResults:
    """Play a grid of format 2 and judge every arm in each scenario.

    Parameters
    ----------
    grid : Grid, path or None
        The declared grid (the shipped second grid when None).
    scenarios : iterable of str, optional
        Only these scenarios (ids such as ``"eager.4.long"``), in the grid's order.
    jobs : int
        Processes to play on; the results are the same whatever plays them.
    progress : callable, optional
        Called as ``progress(done, total)`` with games played.
    """
    from landlord.claim.grid import load_grid
    from landlord.experiments import bot_mix, compare

    if not isinstance(grid, Grid):
        grid = load_grid(grid if grid is not None else GRID_V2_PATH)
    if grid.format != 2:
        raise GridError(f"a grid of format 2 has arms to judge; this one has format {grid.format}")
    chosen = grid.scenarios
    if scenarios is not None:
        picked = {grid.scenario(scenario_id).id for scenario_id in scenarios}
        chosen = [scenario for scenario in chosen if scenario.id in picked]
    per_run = [len(grid.rule_sets) * grid.games_of(scenario) for scenario in chosen]
    total = sum(per_run) * len(grid.seeds)
    played = []
    for index, scenario in enumerate(chosen):
        runs = []
        for k, seed in enumerate(grid.seeds):
            done = sum(per_run[:index]) * len(grid.seeds) + per_run[index] * k
            report = None if progress is None else _offset(progress, done, total)
            comparison = compare(
                [scenario.spec_of(rules.spec) for rules in grid.rule_sets],
                games=grid.games_of(scenario),
                players=bot_mix(scenario.mix.bots, scenario.players),
                seed=seed,
                progress=report,
                jobs=jobs,
            )
            runs.append((seed, _columns(grid, comparison)))
        played.append(_judge(grid, scenario, runs))
    return ArmResults(grid, played)


def _fewer(grid: Grid) -> str:
    """The mixes that play fewer games than the grid's, in words ("" if none)."""
    fewer = [f"{mix.short or mix.id} {mix.games}" for mix in grid.mixes if mix.games]
    return f" ({_listed(fewer)} at each seed)" if fewer else ""


def _offset(progress: Callable[[int, int], Any], done: int, total: int) -> Callable:
    return lambda now, _: progress(done + now, total)


def _columns(grid: Grid, comparison: Any) -> dict[str, dict[str, np.ndarray]]:
    """Each rule set's games, per measure: one figure per game, in game order."""
    games = comparison.games
    columns = {}
    for rules, label in zip(grid.rule_sets, comparison.labels, strict=True):
        frame = games[games["label"] == label]
        columns[rules.id] = {m.name: frame[m.name].to_numpy(dtype=float) for m in grid.measures}
    return columns


def _judge(grid: Grid, scenario: Scenario, runs: list[tuple[int, dict]]) -> dict[str, Any]:
    """A scenario's figures: each rule set's pooled means, each arm's judged measures."""
    level = grid.level
    rules = {
        spec.id: {
            m.name: mean_figures(np.concatenate([run[spec.id][m.name] for _, run in runs]), level)
            for m in grid.measures
        }
        for spec in grid.rule_sets
    }
    arms = {}
    for arm in grid.arms:
        measures = {}
        for measure in grid.measures:
            seeds, differences = [], []
            for seed, run in runs:
                difference = run[arm.treatment][measure.name] - run[arm.baseline][measure.name]
                differences.append(difference)
                defined = difference[~np.isnan(difference)]
                seeds.append(
                    {
                        "seed": seed,
                        **mean_figures(difference, level),
                        "claimed_side": pair_share(defined, measure.claim),
                    }
                )
            every = np.concatenate(differences)
            defined = every[~np.isnan(every)]
            pooled = {**mean_figures(every, level), **_sides(defined, measure.claim)}
            intervals = [interval_of(figures)[1:] for figures in seeds]
            cell = {
                "seeds": seeds,
                "pooled": pooled,
                "verdict": verdict(measure.claim, intervals),
                "size": size_of(pooled["superiority"], grid.size or {}),
            }
            if measure.name == GINI:
                cell["percentiles"] = percentiles(defined)
            measures[measure.name] = cell
        arms[arm.id] = {"measures": measures}
    return {
        "id": scenario.id,
        "mix": scenario.mix.id,
        "players": scenario.players,
        "length": scenario.length.id,
        "words": scenario.words,
        "short": scenario.short,
        "bots": scenario.mix.bots,
        "options": scenario.length.options,
        "rules": rules,
        "arms": arms,
    }


def _sides(defined: np.ndarray, claim: str) -> dict[str, Any]:
    """The shares of pairs where the treatment was higher, lower and the same, how many
    differed, and the share on the claimed side with ties counted half (``higher`` for a
    measure without a claim): what a difference's size is read from."""
    if not len(defined):
        return {"higher": None, "lower": None, "ties": None, "differed": 0, "superiority": None}
    higher, lower = float((defined > 0).mean()), float((defined < 0).mean())
    ties = 1.0 - higher - lower
    side = lower if claim == "lower" else higher
    return {
        "higher": rounded(higher),
        "lower": rounded(lower),
        "ties": rounded(ties),
        "differed": int((defined != 0).sum()),
        "superiority": rounded(side + ties / 2),
    }


@functools.cache
def _shipped(path: Path) -> tuple[Grid, tuple[dict, ...]]:
    results = ArmResults.from_json(json.loads(path.read_text(encoding="utf-8")))
    return results.grid, tuple(results.scenarios)


def shipped_arms(version: int = 2) -> ArmResults:
    """The results of a grid of format 2 as shipped, version 2, 3 or 4 (read, not played);
    each call returns results of its own."""
    path = {3: RESULTS_V3_PATH, 4: RESULTS_V4_PATH}.get(version, RESULTS_V2_PATH)
    if not path.is_file():  # a grid declared, its games not played yet
        raise ValueError(f"the results of the claim's grid version {version} are not shipped yet")
    grid, scenarios = _shipped(path)
    return ArmResults(grid, list(scenarios))


def verdict_words(cell: dict[str, Any], measure: Measure, currency: str = "$") -> str:
    """A judged cell in words, size first: ``"holds, but tiny: -0.009 [-0.014, -0.005],
    lower in 53% of pairs"``; a cell where no pair differed says so.

    >>> from landlord.claim.grid import Measure
    >>> gini = Measure("gini_net_worth", "concentration", "Gini", claim="lower")
    >>> cell = {"verdict": "holds", "size": "tiny", "pooled": {"mean": -0.009, "low": -0.014,
    ...         "high": -0.005, "n": 1500, "lower": 0.53, "higher": 0.47, "ties": 0.0,
    ...         "differed": 1500, "superiority": 0.53}}
    >>> verdict_words(cell, gini)
    'holds, but tiny: -0.009 [-0.014, -0.005], lower in 53% of pairs'
    """
    pooled = cell["pooled"]
    if not pooled["n"]:
        return "undefined in every game"
    if not pooled["differed"]:
        return "no difference: no pair of games differed"
    said, size = cell["verdict"], cell["size"]
    if said == "holds":
        head = f"holds, but {size}" if size == "tiny" else f"holds, {size}"
    elif said == "reported":
        head = size
    else:
        head = f"{said}, {size}"
    shown = difference_text(measure, *interval_of(pooled))
    return f"{head}: {shown}, {_side_words(pooled, measure)}"


def _side_words(pooled: dict[str, Any], measure: Measure) -> str:
    """``"lower in 53% of pairs"`` on the claimed side (or the side most pairs took)."""
    side = measure.claim or ("higher" if pooled["higher"] >= pooled["lower"] else "lower")
    text = f"{side} in {pooled[side]:.0%} of pairs"
    if pooled["ties"] and pooled["ties"] >= 0.005:
        text += f", the same in {pooled['ties']:.0%}"
    return text


class ArmResults(GridResults):
    """The second grid's results: per scenario each rule set's means and each arm's
    judged measures, per seed and pooled.

    Attributes
    ----------
    grid : Grid
        The declared grid (format 2) that made them.
    scenarios : list of dict
        Per scenario: ``id``, ``players``, ``words``, ``rules`` (per rule set and
        measure: the mean over every seed's games, with its interval) and ``arms``
        (per arm and measure: ``seeds``, the paired difference per seed with the share
        of pairs on the claimed side; ``pooled``, every seed's pairs as one, with the
        shares ``higher``, ``lower`` and ``ties``, ``differed`` and ``superiority``;
        the ``verdict`` and its ``size``).
    """

    # --- files -------------------------------------------------------------------------

    def dumps(self) -> str:
        """The JSON text ``landlord claim --json`` prints and ``results_v2.json`` holds: a
        line per scenario, so that a change shows as a change of its scenarios' lines."""
        head = self.to_json()
        scenarios = head.pop("scenarios")
        opening = json.dumps(head, indent=1, ensure_ascii=False)[:-2]
        lines = ",\n".join(
            "  " + json.dumps(s, ensure_ascii=False, separators=(",", ":")) for s in scenarios
        )
        return f'{opening},\n "scenarios": [\n{lines}\n ]\n}}\n'

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ArmResults:
        """Results from :meth:`to_json`'s output; the grid is read from the text it carries.

        Raises
        ------
        ValueError
            If ``data`` is not the results of a grid of format 2.
        """
        if not isinstance(data, dict) or data.get("format") != "landlord-claim":
            raise ValueError("not claim results (format 'landlord-claim')")
        grid = grid_from_text(data["grid"], "the grid of these results")
        if grid.format != 2:
            raise ValueError("not the results of a grid of format 2")
        return cls(grid, data["scenarios"])

    # --- reading them ----------------------------------------------------------------

    def scenario(self, scenario_id: str) -> dict[str, Any]:
        """One scenario's results by its id (``"eager.4.printed"``)."""
        for scenario in self.scenarios:
            if scenario["id"] == scenario_id:
                return scenario
        raise KeyError(f"no scenario {scenario_id!r} in these results")

    def measure(self, name: str) -> Measure:
        """A measure of the grid by name."""
        return next(m for m in self.grid.measures if m.name == name)

    def frame(self) -> pd.DataFrame:
        """One row per scenario, arm, measure and seed (``"all"``: pooled).

        Columns: ``scenario``, ``mix``, ``players``, ``length``, ``arm``,
        ``measure``, ``claim``, ``seed``, ``difference``, ``low``, ``high``,
        ``pairs``, ``claimed_side``, and on the pooled rows ``higher``, ``lower``,
        ``ties`` and ``superiority``; ``verdict`` and ``size`` (the arm's, on every
        row of it).
        """
        import pandas as pd

        rows = []
        for scenario in self.scenarios:
            for arm_id, arm in scenario["arms"].items():
                for name, cell in arm["measures"].items():
                    base = {
                        "scenario": scenario["id"],
                        "mix": scenario["mix"],
                        "players": scenario["players"],
                        "length": scenario["length"],
                        "arm": arm_id,
                        "measure": name,
                        "claim": self.measure(name).claim,
                    }
                    judged = {"verdict": cell["verdict"], "size": cell["size"]}
                    for figures in cell["seeds"]:
                        rows.append(
                            {
                                **base,
                                "seed": str(figures["seed"]),
                                **difference_row(figures),
                                "claimed_side": figures["claimed_side"],
                                **judged,
                            }
                        )
                    pooled = cell["pooled"]
                    sides = {k: pooled[k] for k in ("higher", "lower", "ties", "superiority")}
                    rows.append(
                        {**base, "seed": "all", **difference_row(pooled), **sides, **judged}
                    )
        return pd.DataFrame(rows).astype({"difference": float, "low": float, "high": float})

    def tallies(self) -> list[dict[str, Any]]:
        """Per arm and judged measure: the scenarios the claim holds, fails and cannot be
        told in (each with its size), those where no pair of games differed (left out of
        the counts: nothing could be told there), and every seed whose interval lies
        wholly on the wrong side, whatever the scenario's verdict.

        Measures that the rules alone decide are reported, never judged, so they are not
        tallied.
        """
        tallies = []
        for arm in self.grid.arms:
            for measure in self.grid.measures:
                if not measure.claim:
                    continue
                found: dict[str, list[tuple[str, str]]] = {
                    "holds": [],
                    "fails": [],
                    "cannot be told": [],
                }
                unmoved, wrong_side = [], []
                for scenario in self.scenarios:
                    cell = scenario["arms"][arm.id]["measures"][measure.name]
                    if not cell["pooled"]["differed"]:
                        unmoved.append(scenario["short"])
                        continue
                    found[cell["verdict"]].append((scenario["short"], cell["size"]))
                    for figures in cell["seeds"]:
                        low, high = interval_of(figures)[1:]
                        if (measure.claim == "lower" and low > 0) or (
                            measure.claim == "higher" and high < 0
                        ):
                            shown = difference_text(measure, *interval_of(figures))
                            wrong_side.append((scenario["short"], figures["seed"], shown))
                tallies.append(
                    {
                        "arm": arm.id,
                        "measure": measure.name,
                        **found,
                        "no pair differed": unmoved,
                        "wrong side": wrong_side,
                    }
                )
        return tallies

    def overview(self) -> list[str]:
        """The tallies in words: per arm, a line per judged measure, with the sizes of
        the verdicts, the scenarios where it fails or cannot be told, those where no pair
        differed and every wrong-side seed."""
        lines = []
        arms = {arm.id: arm for arm in self.grid.arms}
        current = None
        for tally in self.tallies():
            if tally["arm"] != current:
                current = tally["arm"]
                lines += ["", f"{_capital(arms[current].words)}:"]
            measure = self.measure(tally["measure"])
            judged = sum(len(tally[v]) for v in ("holds", "fails", "cannot be told"))
            holds = tally["holds"]
            line = f"  {_capital(measure.words)}: holds in {len(holds)} of {judged}"
            if not judged:
                line = f"  {_capital(measure.words)}: nothing to judge"
            if holds:
                line += f" ({_sizes(holds)})"
            for said in ("fails", "cannot be told"):
                if tally[said]:
                    named = "; ".join(f"{short} ({size})" for short, size in tally[said])
                    line += f"; {said} in {len(tally[said])}: {named}"
            if tally["no pair differed"]:
                line += (
                    f"; no pair of games differed in {len(tally['no pair differed'])}: "
                    + "; ".join(tally["no pair differed"])
                )
            if tally["wrong side"]:
                line += "; a seed's interval wholly on the wrong side: " + "; ".join(
                    f"{short}, seed {seed}: {shown}" for short, seed, shown in tally["wrong side"]
                )
            lines.append(line + ".")
        return lines

    def unread(self, scenario: dict[str, Any], arm_id: str, measure: str) -> str:
        """Why a scenario's Gini of net worth is not read as a number for an arm ("" when it
        is): some games left it undefined, or debts pushed its mean above 1, under one of
        the arm's rule sets; then the Gini with debts counted as nothing is the one to read."""
        if measure != GINI:
            return ""
        arm = next(a for a in self.grid.arms if a.id == arm_id)
        undefined, above = 0, False
        for rules in (arm.baseline, arm.treatment):
            figures = scenario["rules"][rules][measure]
            undefined += figures["undefined"]
            above |= (figures["mean"] or 0) > 1
        if undefined:
            return (
                f"Gini undefined in {_count(undefined, 'game')} (debts as large as all that is "
                "held): read the Gini with debts counted as nothing"
            )
        if above:
            return "Gini above 1 (debts): read the Gini with debts counted as nothing"
        return ""

    def findings(self, arm_id: str) -> list[str]:
        """What one arm found, size first, in a few sentences for a page's summary: the
        relative measure, the absolute one and the poorest player, counted over the
        scenarios with the sizes of the verdicts; whether the players were richer
        together; and, named, every scenario where the gap in dollars went against
        Magie's claim."""
        arm = next(a for a in self.grid.arms if a.id == arm_id)
        lines = []
        tallies = {t["measure"]: t for t in self.tallies() if t["arm"] == arm_id}
        for name in (GINI, GAP, "poorest_net_worth"):
            if name not in tallies:
                continue
            tally, measure = tallies[name], self.measure(name)
            judged = sum(len(tally[v]) for v in ("holds", "fails", "cannot be told"))
            holds = tally["holds"]
            if holds:
                text = (
                    f"{_capital(measure.words)}: {_sizes(holds, 'in ')} of the "
                    f"{_count(len(holds), 'scenario')} where the claim holds (of {judged})"
                )
            else:
                text = f"{_capital(measure.words)}: the claim holds in none of {judged}"
            for said in ("fails", "cannot be told"):
                if tally[said]:
                    text += f"; it {said} in {len(tally[said])} ({_sizes(tally[said], 'in ')})"
            if tally["no pair differed"]:
                text += f"; no pair differed in {len(tally['no pair differed'])}"
            lines.append(text + ".")
        richer = poorer = 0
        for scenario in self.scenarios:
            pooled = scenario["arms"][arm_id]["measures"].get("total_wealth", {}).get("pooled")
            if pooled and pooled["low"] is not None:
                richer += pooled["low"] > 0
                poorer += pooled["high"] < 0
        lines.append(
            f"Richer together? The players' net worth together was higher in {richer} of "
            f"{len(self.scenarios)} scenarios and lower in {poorer} (all pairs' 95% interval "
            "on one side of 0), whatever happened to the gaps between them."
        )
        if GAP in tallies and tallies[GAP]["fails"]:
            named = "; ".join(short for short, _ in tallies[GAP]["fails"])
            lines.append(
                f"Against Magie ({arm.short}): the gap between two players in dollars grew in "
                f"{_count(len(tallies[GAP]['fails']), 'scenario')}: {named}."
            )
        return lines

    def sentence(self, scenario: dict[str, Any], arm_id: str) -> str:
        """One arm of one scenario in a sentence: the verdicts, then the Gini and the gap
        in dollars with their sizes."""
        arm = next(arm for arm in self.grid.arms if arm.id == arm_id)
        cells = scenario["arms"][arm_id]["measures"]
        by_verdict: dict[str, list[str]] = {}
        for measure in self.grid.measures:
            if measure.claim:
                said = cells[measure.name]["verdict"]
                if not cells[measure.name]["pooled"]["differed"]:
                    said = "no difference"
                by_verdict.setdefault(said, []).append(measure.words)
        parts = [
            f"{said} for {_listed(by_verdict[said])}"
            for said in ("holds", "fails", "cannot be told")
            if said in by_verdict
        ]
        found = f"the claim {'; it '.join(parts)}" if parts else ""
        if "no difference" in by_verdict:  # no pair of games differed: nothing to hold or fail
            same = f"no pair of games differed for {_listed(by_verdict['no difference'])}"
            found = f"{found}; {same}" if found else same
        text = f"{_capital(scenario['words'])}; {arm.short}: {found}."
        for name in (GINI, GAP):
            if name in cells:
                measure = self.measure(name)
                text += f" {_capital(measure.words)}: {verdict_words(cells[name], measure)}."
        return text

    def table(self) -> str:
        """The results in words: the rules, the tallies, then per scenario and arm its
        sentence and each measure's line."""
        grid = self.grid
        size = grid.size or {}
        lines = [
            grid.title,
            f"{grid.games} paired games at each of the seeds "
            f"{_listed(list(map(str, grid.seeds)))}, at {_listed(list(map(str, grid.tables)))}"
            f" seats{_fewer(grid)}; the rule sets:",
            *(f"  {rules.id}: {rules.words} ({rules.spec})" for rules in grid.rule_sets),
            f"Verdicts: holds = {grid.verdict['holds']}; fails = {grid.verdict['fails']}; "
            f"cannot be told = {grid.verdict['cannot_tell']}.",
            f"Sizes, from {size.get('reads', '')}: tiny below {size.get('small', 0):.1%}, "
            f"small below {size.get('medium', 0):.1%}, medium below {size.get('large', 0):.1%}, "
            "large from there (as far below 50% reads the same size, the other way).",
            *self.overview(),
            "",
        ]
        width = max(len(m.words) for m in grid.measures)
        for scenario in self.scenarios:
            for arm in grid.arms:
                lines.append(self.sentence(scenario, arm.id))
                cells = scenario["arms"][arm.id]["measures"]
                for measure in grid.measures:
                    words = verdict_words(cells[measure.name], measure)
                    lines.append(f"  {measure.words:<{width}}  {words}")
            lines.append("")
        notes = [m for m in grid.measures if m.by_the_rules]
        if notes:
            lines.append("By the rules, not by play (reported, not judged):")
            lines += [f"  {m.words}: {m.by_the_rules}" for m in notes]
        return "\n".join(lines)


def _sizes(found: list[tuple[str, str]], joint: str = "") -> str:
    """``"large 20, medium 4, tiny 2"`` (or ``"large in 20, medium in 4, tiny in 2"``):
    how many verdicts of each size, largest first."""
    from landlord.claim.grid import SIZE_WORDS

    counts = {word: sum(1 for _, size in found if size == word) for word in SIZE_WORDS}
    return ", ".join(f"{word} {joint}{count}" for word, count in reversed(counts.items()) if count)


def _count(number: int, noun: str) -> str:
    """``"1 scenario"``, ``"3 scenarios"``."""
    return f"{number} {noun}{'' if number == 1 else 's'}"


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _listed(items: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"
