"""How long a board picture takes: milliseconds per SVG for a game of each rule set.

The apps draw the board after every step, so a picture must cost a few
milliseconds. For every shipped rule set, a seeded game is played some steps
in and its board drawn many times (the layout is made once per board, by the
first picture): the median of five runs of wall and CPU milliseconds per
picture. The tests check that the layout is made once; this measures the cost.

Usage::

    .venv/bin/python benchmarks/pictures.py [--pictures 200] [--runs 5]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

from games import reference_loop_seconds
from setup_commands import commit, machine

from landlord.rules import registered
from landlord.session import Session

ROOT = Path(__file__).resolve().parents[1]


def per_picture(rules: str, pictures: int, runs: int) -> dict[str, float]:
    session = Session(rules, ["eager_landlord"] * 3, seed=3)
    session.run(max_steps=200)
    game = session.game
    game.family.board_svg(game)  # the layout, made once
    wall, cpu = [], []
    for _ in range(runs):
        start, started = time.perf_counter(), time.process_time()
        for _ in range(pictures):
            game.family.board_svg(game)
        wall.append((time.perf_counter() - start) / pictures * 1000)
        cpu.append((time.process_time() - started) / pictures * 1000)
    return {
        "ms_per_picture": round(statistics.median(wall), 2),
        "cpu_ms_per_picture": round(statistics.median(cpu), 2),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pictures", type=int, default=200)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks/results/pictures.json")
    args = parser.parse_args()
    report: dict[str, object] = {
        "benchmark": "pictures",
        "commit": commit(),
        "machine": machine(),
        "pictures_per_run": args.pictures,
        "runs": args.runs,
        "statistic": "median of the runs",
        "reference_loop_seconds_before": reference_loop_seconds(),
    }
    for rules in registered():
        report[rules] = per_picture(rules, args.pictures, args.runs)
        print(f"{rules:>22}: {report[rules]}", flush=True)
    report["reference_loop_seconds_after"] = reference_loop_seconds()
    args.out.write_text(json.dumps(report, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
