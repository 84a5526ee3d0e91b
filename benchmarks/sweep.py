"""How long a sweep of the land-value-tax dial takes, and how much memory it needs.

Times ``landlord sweep --param land_value_tax=0,0.25,0.5,0.75,1 --games 1000
--jobs 2`` (four eager landlords, 5,000 games in all) as the command line runs
it, in a fresh process, and reports the wall time and the peak memory of the
process and of its workers (their resident sets at most, from the kernel's
accounting). Median of three runs.

Usage::

    .venv/bin/python benchmarks/sweep.py [--games 1000] [--jobs 2] [--runs 3]
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import statistics
import subprocess
import sys
from pathlib import Path

from games import reference_loop_seconds
from setup_commands import commit, machine, save_report

ROOT = Path(__file__).resolve().parents[1]
VALUES = "0,0.25,0.5,0.75,1"

#: Run in a fresh interpreter: the sweep, then the peak resident sets (KiB on Linux).
CHILD = """
import resource, sys, time
from landlord.cli import main
start = time.perf_counter()
main(sys.argv[1:])
seconds = time.perf_counter() - start
own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
workers = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
print(f"@@ {seconds} {own} {workers}", file=sys.stderr)
"""


def one_run(games: int, jobs: int) -> dict[str, float]:
    args = ["sweep", "--param", f"land_value_tax={VALUES}", "--games", str(games)]
    args += ["--jobs", str(jobs)]
    done = subprocess.run(
        [sys.executable, "-c", CHILD, *args],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "OPENBLAS_NUM_THREADS": "1"},
    )
    line = next(line for line in done.stderr.splitlines() if line.startswith("@@ "))
    seconds, own, workers = (float(part) for part in line.split()[1:])
    return {
        "seconds": round(seconds, 2),
        "peak_mib_main_process": round(own / 1024, 1),
        "peak_mib_largest_worker": round(workers / 1024, 1),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks/results/sweep.json")
    args = parser.parse_args()
    before = reference_loop_seconds()
    runs = [one_run(args.games, args.jobs) for _ in range(args.runs)]
    after = reference_loop_seconds()
    report = {
        "benchmark": "sweep",
        "date": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
        "commit": commit(),
        "machine": machine() | {"cores_used": args.jobs},
        "command": f"landlord sweep --param land_value_tax={VALUES} --games {args.games} "
        f"--jobs {args.jobs}",
        "games_played": 5 * args.games,
        "runs": runs,
        "seconds_median": statistics.median(run["seconds"] for run in runs),
        "peak_mib_main_process_max": max(run["peak_mib_main_process"] for run in runs),
        "peak_mib_largest_worker_max": max(run["peak_mib_largest_worker"] for run in runs),
        "reference_loop_seconds_before": before,
        "reference_loop_seconds_after": after,
    }
    save_report(report, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
