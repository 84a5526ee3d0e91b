"""How fast whole games play: games and player-turns per second on one core.

Plays batches of complete Landlord's Games with four bots (the full engine:
typed actions, legal-action lists, every transfer in the ledger, the history
kept for replay, the per-round tables) pinned to one core, and reports the
median of five runs. A player-turn is one player's turn (a throw, or a turn
missed in Jail), as ``GameState.turns_played`` counts them.

Usage::

    .venv/bin/python benchmarks/games.py [--games 200] [--runs 5] [--instructions 30]

Wall-clock rates on a shared virtual machine drift with the host's load; the
report therefore also times a fixed pure-Python loop before and after, and
counts CPU instructions per player-turn under valgrind, which do not drift.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os

# numpy's BLAS threads are idle here (the kit does no linear algebra) but still
# wake up; keep them off the one core the benchmark runs on.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from setup_commands import commit, machine

from landlord.rules import load_rules
from landlord.session import Session

ROOT = Path(__file__).resolve().parents[1]

LINE_UPS = {
    "eager_landlord x4": ["eager_landlord"] * 4,
    "mixed bots": ["eager_landlord", "cautious_tenant", "eager_landlord", "cautious_tenant"],
    "random x4": ["random"] * 4,
}


def one_run(
    players: list[str], games: int, first_seed: int, rules_id: str = "landlords_game", **options
) -> dict[str, float]:
    turns = decisions = 0
    rules = load_rules(rules_id, **options)  # once, as an experiment does
    start = time.perf_counter()
    for seed in range(first_seed, first_seed + games):
        session = Session(rules, players, seed=seed)
        game = session.run()
        turns += game.turns_played
        decisions += len(game.history)
    seconds = time.perf_counter() - start
    return {
        "seconds": seconds,
        "games_per_second": games / seconds,
        "player_turns_per_second": turns / seconds,
        "turns_per_game": turns / games,
        "recorded_events_per_turn": decisions / turns,
    }


def measure(
    players: list[str], games: int, runs: int, rules_id: str = "landlords_game", **options
) -> dict[str, float]:
    results = [one_run(players, games, 1000 * k, rules_id, **options) for k in range(runs)]
    rates = [r["player_turns_per_second"] for r in results]
    return {
        key: round(statistics.median(r[key] for r in results), 1)
        for key in ("games_per_second", "player_turns_per_second", "turns_per_game")
    } | {
        # A shared virtual machine's speed drifts from run to run: show the spread.
        "player_turns_per_second_min_max": [round(min(rates)), round(max(rates))],
        "recorded_events_per_turn": round(results[0]["recorded_events_per_turn"], 2),
    }


def reference_loop_seconds() -> float:
    """A fixed pure-Python workload, timed: how fast this machine runs Python right now.

    A shared virtual machine's speed drifts by a quarter or more within minutes;
    this figure, taken beside each measurement, shows how much.
    """
    start = time.perf_counter()
    total = 0
    for i in range(2_000_000):
        total += i * i % 7
    return round(time.perf_counter() - start, 3)


def instructions_per_turn(games: int, script: str = __file__) -> dict[str, float] | None:
    """CPU instructions per player-turn, counted by valgrind: the same on any load.

    Counts a run of ``games`` games and a run of none, and divides the
    difference by the player-turns played; None if valgrind is missing.
    """
    if shutil.which("valgrind") is None:
        return None
    counts = []
    for n in (0, games):
        with tempfile.TemporaryDirectory() as scratch:
            out = Path(scratch) / "callgrind.out"
            run = subprocess.run(
                [
                    "valgrind",
                    "--tool=callgrind",
                    f"--callgrind-out-file={out}",
                    sys.executable,
                    script,
                    "--play-only",
                    str(n),
                ],
                capture_output=True,
                text=True,
                check=True,
            )
        refs = re.search(r"I\s+refs:\s+([\d,]+)", run.stderr)
        turns = int(re.search(r"turns (\d+)", run.stdout).group(1))
        counts.append((int(refs.group(1).replace(",", "")), turns))
    (base, _), (total, turns) = counts
    return {
        "games": games,
        "player_turns": turns,
        "instructions_per_player_turn": round((total - base) / turns),
    }


def play_only(games: int) -> None:
    """Play ``games`` games of four eager landlords and print the player-turns."""
    rules = load_rules("landlords_game")
    turns = sum(
        Session(rules, LINE_UPS["eager_landlord x4"], seed=seed).run().turns_played
        for seed in range(games)
    )
    print(f"turns {turns}")


def arguments(doc: str, games: int, instructions: int, out: Path) -> argparse.Namespace:
    """The command line every game-rate benchmark takes (``--play-only`` is for valgrind)."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--games", type=int, default=games, help=f"games per run ({games})")
    parser.add_argument("--runs", type=int, default=5, help="runs; the median is reported")
    parser.add_argument("--out", type=Path, default=out)
    parser.add_argument(
        "--instructions",
        type=int,
        default=instructions,
        metavar="GAMES",
        help="also count instructions per player-turn over this many games under valgrind "
        f"(0: skip; default {instructions})",
    )
    parser.add_argument("--play-only", type=int, default=None, help=argparse.SUPPRESS)
    return parser.parse_args()


def start_report(name: str, args: argparse.Namespace, **about: object) -> dict[str, object]:
    """Pin to one core; the report's header, and the reference loop timed before."""
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    report: dict[str, object] = {
        "benchmark": name,
        "date": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
        "commit": commit(),
        "machine": machine() | {"cores_used": 1},
        **about,
        "games_per_run": args.games,
        "runs": args.runs,
        "statistic": "median of the runs",
    }
    report["reference_loop_seconds_before"] = reference_loop_seconds()
    return report


def finish_report(report: dict[str, object], args: argparse.Namespace, script: str) -> int:
    """The reference loop timed after, instructions counted, the report printed and saved."""
    report["reference_loop_seconds_after"] = reference_loop_seconds()
    if args.instructions:
        report["eager_landlord x4, instructions (valgrind)"] = instructions_per_turn(
            args.instructions, script
        )
    print(json.dumps(report, indent=2))
    args.out.write_text(json.dumps(report, indent=2) + "\n")
    return 0


def main() -> int:
    args = arguments(__doc__, 200, 30, ROOT / "benchmarks/results/games.json")
    if args.play_only is not None:
        play_only(args.play_only)
        return 0
    report = start_report("games", args)
    for label, players in LINE_UPS.items():
        report[label] = measure(players, args.games, args.runs)
        print(f"{label:>20}: {report[label]}", flush=True)
    report["eager_landlord x4, advanced rules"] = measure(
        LINE_UPS["eager_landlord x4"], args.games, args.runs, advanced=True
    )
    return finish_report(report, args, __file__)


if __name__ == "__main__":
    sys.exit(main())
