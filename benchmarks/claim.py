"""How long the claim's declared grid takes: every scenario, wall and CPU time.

Plays the whole grid (``landlord claim``: version 1, 16 scenarios x 3 seeds x 500 paired
games, 48,000 games; ``--grid-version 2``, 72 scenarios x 3 seeds x 500 games of five
rule sets, 540,000 games) with ``--jobs`` processes, and reports the wall time, the
CPU time of this process and its workers, the games per CPU second, and each
scenario's own CPU time (played on one core, one after another), with the
machine and a reference loop timed before and after (the shared machine's speed
drifts). Checks that the results are the shipped ones, byte for byte.

Usage::

    .venv/bin/python benchmarks/claim.py [--jobs 2] [--grid-version 2] [--out FILE]
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import resource
import sys
import time
from pathlib import Path

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

from games import reference_loop_seconds
from setup_commands import commit, machine, save_report

from landlord.claim import (
    GRID_PATH,
    GRID_V2_PATH,
    RESULTS_PATH,
    RESULTS_V2_PATH,
    load_grid,
    run_claim,
)

ROOT = Path(__file__).resolve().parents[1]


def cpu_seconds() -> float:
    """CPU time of this process and of its finished children (the workers)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=2, help="processes for the whole grid")
    parser.add_argument(
        "--per-scenario",
        action="store_true",
        help="also time each scenario alone on one core (doubles the run)",
    )
    parser.add_argument(
        "--grid-version", type=int, choices=(1, 2, 3), default=1, help="which shipped grid"
    )
    parser.add_argument("--out", type=Path, help="default: benchmarks/results/claim[_v2].json")
    args = parser.parse_args()
    version = args.grid_version
    grid = load_grid(GRID_V2_PATH if version == 2 else GRID_PATH)
    shipped = RESULTS_V2_PATH if version == 2 else RESULTS_PATH
    out = args.out or ROOT / f"benchmarks/results/claim{'_v2' if version == 2 else ''}.json"
    # Every scenario plays each of its rule sets' games: two in version 1, five in 2.
    rule_sets = len(grid.rule_sets) if version == 2 else 2
    games = rule_sets * grid.games * len(grid.seeds) * len(grid.scenarios)
    report: dict[str, object] = {
        "benchmark": "claim",
        "date": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
        "commit": commit(),
        "machine": machine(),
        "grid_version": version,
        "games": games,
        "jobs": args.jobs,
        "reference_loop_seconds_before": reference_loop_seconds(),
    }
    cpu, wall = cpu_seconds(), time.perf_counter()
    results = run_claim(grid, jobs=args.jobs)
    wall, cpu = time.perf_counter() - wall, cpu_seconds() - cpu
    report["wall_seconds"] = round(wall, 1)
    report["cpu_seconds"] = round(cpu, 1)
    report["games_per_cpu_second"] = round(games / cpu, 1)
    report["same_as_shipped"] = results.dumps() == shipped.read_text(encoding="utf-8")
    if args.per_scenario:
        scenarios = {}
        for scenario in grid.scenarios:
            start = time.process_time()
            run_claim(grid, [scenario.id], jobs=1)
            scenarios[scenario.id] = round(time.process_time() - start, 1)
        report["cpu_seconds_per_scenario_one_core"] = scenarios
    report["reference_loop_seconds_after"] = reference_loop_seconds()
    save_report(report, out)
    return 0 if report["same_as_shipped"] else 1


if __name__ == "__main__":
    sys.exit(main())
