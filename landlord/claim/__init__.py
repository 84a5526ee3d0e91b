"""Magie's claim, tested across a declared grid of scenarios.

Magie claimed that private land rent gathers the wealth of the board in one
hand, and that land rent paid to the Public Treasury spreads it: wages rise,
nobody is ruined. One pair of games cannot show that (it is mostly luck), and
one run of paired games shows it for one table of bots only. So the kit
declares a grid (:mod:`landlord.claim.grid`, the file ``grid.toml`` beside
this module, committed before its results): every bot mix, the printed end and
a long game, several seeds, 500 paired games each. :func:`run_claim` plays
it, :class:`ClaimResults` judges each measure by the grid's own rule
(:mod:`landlord.claim.verdicts`) and says in a sentence per scenario where
the claim holds, fails or cannot be told. The results ship with the kit
(:func:`shipped_results`, ``results.json``) and ``landlord claim --json``
makes them again, exactly.

Examples
--------
>>> results = shipped_results()
>>> results.grid.games, len(results.grid.seeds), len(results.scenarios)
(500, 3, 16)
>>> row = results.frame().query("scenario == 'landlords_tenants.printed' and seed == 'all'")
>>> row.set_index("measure").loc["gini_net_worth", "verdict"]
'holds'
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from landlord.claim.arms import (
    RESULTS_V2_PATH,
    RESULTS_V3_PATH,
    RESULTS_V4_PATH,
    ArmResults,
    run_arms,
    shipped_arms,
)
from landlord.claim.figures import (
    GridResults,
    difference_row,
    interval_of,
    mean_figures,
    pair_share,
    percentiles,
)
from landlord.claim.grid import (
    GRID_PATH,
    GRID_V2_PATH,
    GRID_V3_PATH,
    GRID_V4_PATH,
    Grid,
    GridError,
    Scenario,
    grid_from_text,
    load_grid,
)
from landlord.claim.verdicts import (
    NO_DIFFERENCE,
    VERDICTS,
    difference_text,
    scenario_sentence,
    verdict,
)

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "GRID_PATH",
    "GRID_V2_PATH",
    "GRID_V3_PATH",
    "GRID_V4_PATH",
    "RESULTS_PATH",
    "RESULTS_V2_PATH",
    "RESULTS_V3_PATH",
    "RESULTS_V4_PATH",
    "VERDICTS",
    "ArmResults",
    "ClaimResults",
    "GridError",
    "load_grid",
    "run_claim",
    "shipped_results",
]

#: The shipped results of the shipped grid (``landlord claim --json`` writes them again).
RESULTS_PATH = Path(__file__).with_name("results.json")
#: The measure a scenario's sentence leads with, whose per-pair spread is kept.
GINI = "gini_net_worth"


def run_claim(
    grid: Grid | str | Path | None = None,
    scenarios: Iterable[str] | None = None,
    jobs: int = 1,
    progress: Callable[[int, int], Any] | None = None,
) -> ClaimResults | ArmResults:
    """Play the grid's paired games and judge Magie's claim in each scenario.

    A grid of format 2 is played by :func:`landlord.claim.arms.run_arms` and gives
    :class:`~landlord.claim.arms.ArmResults`.

    Parameters
    ----------
    grid : Grid, path or None
        The declared grid (the shipped one of version 1 when None).
    scenarios : iterable of str, optional
        Only these scenarios (ids such as ``"eager.long"``), in the grid's
        order; every scenario when not given.
    jobs : int
        Processes to play on; the results are the same whatever plays them.
    progress : callable, optional
        Called as ``progress(done, total)`` with games played.

    Examples
    --------
    >>> from landlord.claim.grid import load_grid
    >>> import dataclasses
    >>> small = dataclasses.replace(load_grid(), games=5, seeds=(1,))
    >>> results = run_claim(small, scenarios=["taxers.printed"])
    >>> [scenario["id"] for scenario in results.scenarios]
    ['taxers.printed']
    """
    from landlord.experiments import bot_mix, compare

    if not isinstance(grid, Grid):
        grid = load_grid(grid if grid is not None else GRID_PATH)
    if grid.format == 2:
        return run_arms(grid, scenarios, jobs, progress)
    chosen = grid.scenarios
    if scenarios is not None:
        wanted = list(scenarios)
        picked = {grid.scenario(scenario_id).id for scenario_id in wanted}
        chosen = [scenario for scenario in chosen if scenario.id in picked]
    per_run = 2 * grid.games
    total = per_run * len(grid.seeds) * len(chosen)
    played = []
    for scenario in chosen:
        runs: list[dict] = []
        raw: dict[str, list[np.ndarray]] = {}  # every seed's per-pair differences, per measure
        for seed in grid.seeds:
            done = per_run * len(played) * len(grid.seeds) + per_run * len(runs)
            report = None if progress is None else _offset(progress, done, total)
            comparison = compare(
                [scenario.spec(grid.baseline), scenario.spec(grid.treatment)],
                games=grid.games,
                players=bot_mix(scenario.mix.bots, grid.players),
                seed=seed,
                progress=report,
                jobs=jobs,
            )
            runs.append(_run_figures(grid, seed, comparison.games, comparison.labels, raw))
        played.append(_judge(grid, scenario, runs, raw))
    return ClaimResults(grid, played)


def shipped_results(version: int = 1) -> ClaimResults | ArmResults:
    """The results of a shipped grid, as ``landlord claim`` made them (read, not played):
    version 1 (``grid.toml``), 2 (``grid_v2.toml``), 3 (``grid_v3.toml``, Magie's dial) or 4
    (``grid_v4.toml``, players who answer the rules).

    The file is read and its grid checked once per process; each call returns
    results of its own (a caller may narrow its ``scenarios``).
    """
    if version in (2, 3, 4):
        return shipped_arms(version)
    if version != 1:
        raise ValueError(f"the claim's shipped grids are versions 1 to 4, not {version!r}")
    grid, scenarios = _shipped(RESULTS_PATH)
    return ClaimResults(grid, list(scenarios))


@functools.cache
def _shipped(path: Path) -> tuple[Grid, tuple[dict, ...]]:
    results = ClaimResults.from_json(json.loads(path.read_text(encoding="utf-8")))
    return results.grid, tuple(results.scenarios)


def _offset(progress: Callable[[int, int], Any], done: int, total: int) -> Callable:
    return lambda now, _: progress(done + now, total)


def _run_figures(grid: Grid, seed: int, games: pd.DataFrame, labels: list[str], raw: dict) -> dict:
    """One seed's figures: per measure, each arm's mean and the paired difference.

    Each measure's per-pair differences are added to ``raw`` for pooling.
    """
    baseline, treatment = (games[games["label"] == label] for label in labels)
    measures = {}
    for measure in grid.measures:
        b = baseline[measure.name].to_numpy(dtype=float)
        t = treatment[measure.name].to_numpy(dtype=float)
        difference = t - b
        raw.setdefault(measure.name, []).append(difference)
        defined = difference[~np.isnan(difference)]
        figures = {
            "baseline": mean_figures(b, grid.level),
            "treatment": mean_figures(t, grid.level),
            "difference": mean_figures(difference, grid.level),
            # Pairs in which the single tax came out on the claimed side (or differed at all).
            "claimed_side": pair_share(defined, measure.claim),
        }
        if measure.name == GINI and len(defined):
            figures["percentiles"] = percentiles(defined)
        measures[measure.name] = figures
    return {"seed": seed, "games": grid.games, "measures": measures}


def _judge(grid: Grid, scenario: Scenario, runs: list[dict], raw: dict) -> dict:
    """A scenario's verdict per measure, its pooled difference, and its sentence."""
    verdicts, pooled = {}, {}
    for measure in grid.measures:
        intervals = [interval_of(run["measures"][measure.name]["difference"])[1:] for run in runs]
        verdicts[measure.name] = verdict(measure.claim, intervals)
        # Every seed's pairs as one sample: the seeds play different games.
        every = np.concatenate(raw[measure.name])
        pooled[measure.name] = mean_figures(every, grid.level)
        if measure.name == GINI:
            pooled[GINI]["percentiles"] = percentiles(every[~np.isnan(every)])
    judged = [
        (m, NO_DIFFERENCE if _unmoved(pooled[m.name]) else verdicts[m.name])
        for m in grid.measures
        if m.claim
    ]
    return {
        "id": scenario.id,
        "mix": scenario.mix.id,
        "length": scenario.length.id,
        "words": scenario.words,
        "short": scenario.short,
        "bots": scenario.mix.bots,
        "options": scenario.length.options,
        "runs": runs,
        "pooled": pooled,
        "verdicts": verdicts,
        "sentence": scenario_sentence(
            _capital(scenario.words), judged, _headline(grid, runs, pooled)
        ),
    }


def _unmoved(pooled: dict) -> bool:
    """Whether no pair of games differed on a measure (both arms alike in every game): its
    sentence says "no difference", not "cannot be told"."""
    return pooled["mean"] == 0 and pooled["low"] == pooled["high"] == 0


def _headline(grid: Grid, runs: list[dict], pooled: dict) -> str:
    """The Gini of net worth's pooled difference, in words, after the verdicts."""
    name = GINI
    measure = next((m for m in grid.measures if m.name == name), None)
    if measure is None or pooled[name]["mean"] is None:
        return ""
    figures = pooled[name]
    shown = difference_text(measure, *interval_of(figures))
    text = (
        f"Gini of net worth, single tax minus monopolist rules: {shown} "
        f"over {figures['n']:,} pairs"
    )
    if figures["undefined"]:
        text += f" ({figures['undefined']:,} more left out: debts made a Gini undefined)"
    lower = [run["measures"][name]["claimed_side"] for run in runs]
    lower = [share for share in lower if share is not None]
    if lower:
        text += f"; the single tax ended lower in {sum(lower) / len(lower):.0%} of them"
    return text + "."


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


class ClaimResults(GridResults):
    """The grid's results: per scenario, per seed and pooled, with verdicts and sentences.

    Attributes
    ----------
    grid : Grid
        The declared grid that made them.
    scenarios : list of dict
        Per scenario: ``id``, ``words``, ``runs`` (per seed: each measure's
        baseline, treatment and paired ``difference`` with interval and
        counts, ``claimed_side``: the share of pairs on the claimed side),
        ``pooled`` (every seed's pairs as one), ``verdicts`` and ``sentence``.
    """

    def dumps(self) -> str:
        """The JSON text ``landlord claim --json`` prints and ``results.json`` holds."""
        return json.dumps(self.to_json(), indent=1, ensure_ascii=False) + "\n"

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ClaimResults:
        """Results from :meth:`to_json`'s output; the grid is read from the text it carries.

        Raises
        ------
        ValueError
            If ``data`` is not claim results.
        """
        if not isinstance(data, dict) or data.get("format") != "landlord-claim":
            raise ValueError("not claim results (format 'landlord-claim')")
        return cls(grid_from_text(data["grid"], "the grid of these results"), data["scenarios"])

    def frame(self) -> pd.DataFrame:
        """One row per scenario, measure and seed (``"all"``: pooled): the paired difference.

        Columns: ``scenario``, ``words``, ``mix``, ``length``, ``measure``,
        ``measure_words``, ``claim``, ``seed``, ``difference``, ``low``,
        ``high``, ``pairs``, ``claimed_side`` and ``verdict`` (the scenario's,
        on every row of it).
        """
        import pandas as pd

        words = {m.name: m for m in self.grid.measures}
        rows = []
        for scenario in self.scenarios:
            for name, said in scenario["verdicts"].items():
                measure = words[name]
                base = {
                    "scenario": scenario["id"],
                    "words": scenario["words"],
                    "mix": scenario["mix"],
                    "length": scenario["length"],
                    "measure": name,
                    "measure_words": measure.words,
                    "claim": measure.claim,
                }
                for run in scenario["runs"]:
                    figures = run["measures"][name]
                    rows.append(
                        {
                            **base,
                            "seed": str(run["seed"]),
                            **difference_row(figures["difference"]),
                            "claimed_side": figures["claimed_side"],
                            "verdict": said,
                        }
                    )
                rows.append(
                    {
                        **base,
                        "seed": "all",
                        **difference_row(scenario["pooled"][name]),
                        "claimed_side": None,
                        "verdict": said,
                    }
                )
        return pd.DataFrame(rows).astype({"difference": float, "low": float, "high": float})

    def overview(self) -> list[str]:
        """Per claimed measure, how many scenarios the claim holds, fails and cannot be told in.

        Each line names the scenarios where it fails or cannot be told, so that
        nothing the grid found is left to be looked up.
        """
        lines = []
        total = len(self.scenarios)
        for measure in self.grid.measures:
            if not measure.claim:
                continue
            by_verdict: dict[str, list[str]] = {}
            for scenario in self.scenarios:
                said = scenario["verdicts"][measure.name]
                by_verdict.setdefault(said, []).append(scenario.get("short", scenario["id"]))
            holds = len(by_verdict.get("holds", []))
            line = f"{_capital(measure.words)}: holds in {holds} of {total}"
            for said in ("fails", "cannot be told"):
                named = by_verdict.get(said, [])
                if named:
                    line += f"; {said} in {len(named)} ({'; '.join(named)})"
            lines.append(line + ".")
        return lines

    def table(self) -> str:
        """The results in words: per scenario its sentence, then each measure's line."""
        grid = self.grid
        lines = [
            grid.title,
            f"{grid.treatment} against {grid.baseline}: {grid.players} players, "
            f"{grid.games} paired games at each of the seeds {', '.join(map(str, grid.seeds))}.",
            f"Verdicts: holds = {grid.verdict['holds']}; fails = {grid.verdict['fails']}; "
            f"cannot be told = {grid.verdict['cannot_tell']}.",
            "",
            *self.overview(),
            "",
        ]
        width = max(len(m.words) for m in grid.measures)
        for scenario in self.scenarios:
            lines.append(scenario["sentence"])
            for measure in grid.measures:
                pooled = scenario["pooled"][measure.name]
                shown = difference_text(measure, *interval_of(pooled))
                said = scenario["verdicts"][measure.name]
                lines.append(f"  {measure.words:<{width}}  {shown:<34} {said}")
            lines.append("")
        notes = [m for m in grid.measures if m.by_the_rules]
        if notes:
            lines.append("By the rules, not by play:")
            lines += [f"  {m.words}: {m.by_the_rules}" for m in notes]
        return "\n".join(lines)
