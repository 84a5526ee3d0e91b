"""How quickly the apps answer in a real browser: first render, and a click to the new board.

Runs the browser tests of the apps (``tests/test_voila_apps.py``: Voila serving
``notebooks/``, driven by headless Chromium) several times. Each run writes
its timings to ``test-output/timings.json``:

- ``first_render_seconds``: from asking for an app's page until its last cell
  has shown its output (Voila starts a kernel for every page view);
- ``click_to_board_seconds_*`` / ``click_to_boards_seconds``: from a click on
  "throw the dice" or "Next turn" until the board on screen has changed
  (the target is under 0.2 s);
- ``run_to_charts_seconds``: from "Run" in the experiments app (40 paired
  games) until its three charts are shown.

The medians over the runs, with the machine, are printed and written as JSON.

Usage::

    .venv/bin/python benchmarks/apps.py [--runs 3]
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import statistics
import subprocess
import sys
from pathlib import Path

from setup_commands import commit, machine, save_report

ROOT = Path(__file__).resolve().parents[1]
TIMINGS = ROOT / "test-output" / "timings.json"
TESTS = "tests/test_voila_apps.py"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks/results/apps.json")
    args = parser.parse_args()
    runs = []
    for _ in range(args.runs):
        TIMINGS.unlink(missing_ok=True)
        subprocess.run(
            [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", TESTS],
            cwd=ROOT,
            check=True,
            capture_output=True,
        )
        runs.append(json.loads(TIMINGS.read_text()))
    medians = {
        app: {
            measure: statistics.median(run[app][measure] for run in runs)
            for measure in runs[0][app]
        }
        for app in runs[0]
    }
    report = {
        "benchmark": "apps",
        "date": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
        "commit": commit(),
        "machine": machine(),
        "runs": runs,
        "medians": medians,
    }
    save_report(report, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
