"""Whole games against an earlier commit, in one run: player-turns per second and instructions.

A change to the engine must not slow the games down. This script checks out
an earlier commit in a temporary git worktree and plays the line-ups of
``games.py`` (the Landlord's Game) and ``monopoly.py`` (the later game, each
game stopped at round 1,000) with both that commit's code and the working
tree's, run after run, alternately, on one core, each in a fresh process.
The games are the same on both sides (same rule sets, bots and seeds; the
engine's games are fixed by their seed), so the rates compare like with like.

It reports, for each line-up and side, the median over the runs of
player-turns per CPU second and per wall-clock second, and the ratio of the
new to the old. A shared virtual machine's speed drifts (by a quarter within
minutes, seen here), and alternating the two sides spreads the drift over
both; the instructions per player-turn, counted under valgrind over the same
games (with a fixed hash seed), do not drift at all.

Usage::

    .venv/bin/python benchmarks/side_by_side.py --base 4608e40 [--runs 5] [--scale 1]
        [--instructions 1] [--only TEXT] [--out FILE]

``--scale`` multiplies the games per run (1: about 0.3 s of play a run);
``--instructions 0`` skips valgrind; ``--only single_tax`` plays only the
line-ups whose label contains the text.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from setup_commands import commit, machine

ROOT = Path(__file__).resolve().parents[1]

#: (label, rule set, options, seats, games per run at scale 1, games under valgrind).
LINE_UPS = (
    ("landlords_game, eager_landlord x4", "landlords_game", {}, ["eager_landlord"] * 4, 100, 30),
    (
        "landlords_game, mixed bots",
        "landlords_game",
        {},
        ["eager_landlord", "cautious_tenant"] * 2,
        100,
        30,
    ),
    ("landlords_game, random x4", "landlords_game", {}, ["random"] * 4, 40, 10),
    (
        "landlords_game advanced, eager_landlord x4",
        "landlords_game",
        {"advanced": True},
        ["eager_landlord"] * 4,
        100,
        30,
    ),
    ("single_tax, eager_landlord x4", "single_tax", {}, ["eager_landlord"] * 4, 100, 30),
    (
        "monopoly_us, eager_landlord x4",
        "monopoly_us",
        {"round_limit": 1000},
        ["eager_landlord"] * 4,
        30,
        6,
    ),
    (
        "monopoly_us, strategy_guide x4",
        "monopoly_us",
        {"round_limit": 1000},
        ["strategy_guide"] * 4,
        30,
        6,
    ),
    (
        "monopoly_us, guide and eager",
        "monopoly_us",
        {"round_limit": 1000},
        ["strategy_guide", "eager_landlord"] * 2,
        30,
        6,
    ),
    ("monopoly_us, random x4", "monopoly_us", {"round_limit": 1000}, ["random"] * 4, 10, 2),
    (
        "monopoly_uk_1972, eager_landlord x4",
        "monopoly_uk_1972",
        {"round_limit": 1000},
        ["eager_landlord"] * 4,
        30,
        6,
    ),
)

#: What a child process runs: games of one line-up with the code on its path.
PLAY = r"""
import json, sys, time
from landlord.rules import load_rules
from landlord.session import Session
rules_id, options, seats, first, games = json.loads(sys.argv[1])
rules = load_rules(rules_id, **options)
Session(rules, seats, seed=10**6).run()  # warm up: imports, tables
turns = 0
cpu, wall = time.process_time(), time.perf_counter()
for seed in range(first, first + games):
    turns += Session(rules, seats, seed=seed).run().turns_played
print(json.dumps([turns, time.process_time() - cpu, time.perf_counter() - wall]))
"""


def play(tree: Path, job: list, valgrind: bool = False) -> tuple[int, float, float, int]:
    """(turns, CPU seconds, wall seconds, instructions or 0) of one child process."""
    env = dict(os.environ, PYTHONPATH=str(tree), OPENBLAS_NUM_THREADS="1", PYTHONHASHSEED="0")
    command = [sys.executable, "-c", PLAY, json.dumps(job)]
    if valgrind:
        out = Path(tempfile.mkdtemp()) / "callgrind.out"
        command = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", *command]
    # From a scratch folder, so that the working tree is not on the path by accident.
    run = subprocess.run(
        ["taskset", "-c", "0", *command] if shutil.which("taskset") else command,
        capture_output=True,
        text=True,
        env=env,
        cwd=tempfile.gettempdir(),
        check=True,
    )
    turns, cpu, wall = json.loads(run.stdout.strip().splitlines()[-1])
    refs = 0
    if valgrind:
        refs = int(re.search(r"Collected : (\d+)", run.stderr).group(1))
        shutil.rmtree(out.parent, ignore_errors=True)
    return turns, cpu, wall, refs


def instructions(tree: Path, job: list) -> float:
    """Instructions per player-turn: N games and 2N games counted, the difference divided."""
    rules_id, options, seats, first, games = job
    turns1, *_, refs1 = play(tree, [rules_id, options, seats, first, games], valgrind=True)
    turns2, *_, refs2 = play(tree, [rules_id, options, seats, first, 2 * games], valgrind=True)
    return (refs2 - refs1) / (turns2 - turns1)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", required=True, help="the earlier commit (any git revision)")
    parser.add_argument("--runs", type=int, default=5, help="runs per side; medians reported")
    parser.add_argument("--scale", type=float, default=1.0, help="games per run, scaled")
    parser.add_argument(
        "--instructions", type=int, default=1, help="count instructions under valgrind (0: no)"
    )
    parser.add_argument(
        "--only", default="", help="play only the line-ups whose label contains this text"
    )
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks/results/side_by_side.json")
    args = parser.parse_args()
    if args.runs < 1 or args.scale <= 0:
        parser.error("--runs is 1 or more and --scale above 0")
    line_ups = [line_up for line_up in LINE_UPS if args.only in line_up[0]]
    if not line_ups:
        parser.error(f"--only: no line-up's label contains {args.only!r}")
    base = subprocess.run(
        ["git", "rev-parse", "--short", args.base], cwd=ROOT, capture_output=True, text=True
    )
    if base.returncode != 0:
        parser.error(f"--base: {args.base!r} is not a revision of this repository")
    old = Path(tempfile.mkdtemp(prefix="landlord-base-"))
    subprocess.run(
        ["git", "worktree", "add", "--detach", "--force", str(old), args.base],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    trees = {"old": old, "new": ROOT}
    report: dict[str, object] = {
        "benchmark": "side_by_side",
        "date": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
        "machine": machine() | {"cores_used": 1},
        "old_commit": base.stdout.strip(),
        "new_commit": commit() + (" + working tree changes" if _dirty() else ""),
        "runs": args.runs,
        "statistic": "median of the runs, the two sides alternating",
        "line_ups": {},
    }
    try:
        for label, rules_id, options, seats, games, counted in line_ups:
            games = max(1, round(games * args.scale))
            rates: dict[str, dict[str, list[float]]] = {
                side: {"cpu": [], "wall": []} for side in trees
            }
            for run in range(args.runs):
                for side, tree in trees.items():
                    turns, cpu, wall, _ = play(tree, [rules_id, options, seats, 1000 * run, games])
                    rates[side]["cpu"].append(turns / cpu)
                    rates[side]["wall"].append(turns / wall)
            row: dict[str, object] = {"games_per_run": games, "seats": seats, "options": options}
            for side in trees:
                row[f"{side}_player_turns_per_cpu_second"] = round(
                    statistics.median(rates[side]["cpu"])
                )
                row[f"{side}_player_turns_per_wall_second"] = round(
                    statistics.median(rates[side]["wall"])
                )
            row["new_over_old_cpu"] = round(
                row["new_player_turns_per_cpu_second"] / row["old_player_turns_per_cpu_second"], 3
            )
            if args.instructions and shutil.which("valgrind"):
                job = [rules_id, options, seats, 0, counted]
                for side, tree in trees.items():
                    row[f"{side}_instructions_per_player_turn"] = round(instructions(tree, job))
                row["new_over_old_instructions"] = round(
                    row["new_instructions_per_player_turn"]
                    / row["old_instructions_per_player_turn"],
                    3,
                )
            report["line_ups"][label] = row
            shown = {key: value for key, value in row.items() if "over_old" in key}
            print(f"{label:>44}: {shown}", flush=True)
    finally:
        subprocess.run(
            ["git", "worktree", "remove", "--force", str(old)], cwd=ROOT, capture_output=True
        )
    text = json.dumps(report, indent=2)
    print(text)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text + "\n")
    return 0


def _dirty() -> bool:
    status = subprocess.run(
        ["git", "status", "--porcelain", "--untracked-files=no"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    return bool(status.stdout.strip())


if __name__ == "__main__":
    sys.exit(main())
