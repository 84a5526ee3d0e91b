"""A family's batch path once loaded: games per CPU second, beside a loop and an earlier commit.

Issue 33, item 5: less Python around each compiled game. A batch module's ``play`` is
timed in one process, its compiled code loaded and warmed, for ``--games`` games of
``--rules`` with ``--players`` bots (``--bots``): in one call, and in calls of
``--step`` games, as ``landlord.compare`` plays them in its own process
(``experiments.COMPILED_STEP``). Each run times a fixed loop (``sum(range(10**7))``)
first, in the same process, since a shared machine's speed drifts: compare rates only
beside it. It reports the medians of ``--runs`` (games and player-turns per CPU second,
and each time as loops), and, with ``--instructions N``, the instructions per game
under callgrind (a run of 1 + N games less a run of 1, each after a run under valgrind
that compiles the code for valgrind's CPU, which numba's cache keeps apart).

``--base REV`` measures an earlier commit too, checked out in a temporary git worktree,
in processes taking turns with the working tree's, and gives the ratios; ``--profile``
adds the top of a profile of one call of the working tree's.

Run: ``.venv/bin/python benchmarks/batch_block.py --base d563d05 --instructions 2000``
(writes ``benchmarks/results/batch_block.json``).
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from setup_commands import commit, machine, save_report

ROOT = Path(__file__).resolve().parents[1]
PYTHON = ROOT / ".venv" / "bin" / "python"

#: Plays in a child process: argv = rules, bot, players, games, step, runs, profile.
PLAY = """
import cProfile, io, json, pstats, sys, time
from landlord import batch
from landlord.figures import Figures
from landlord.experiments import game_seeds
from landlord.policies import make_policy
from landlord.rules import load_rules
rules_id, bot, players, games, step, runs, profile = sys.argv[1:]
players, games, step, runs = int(players), int(games), int(step), int(runs)
rules = load_rules(rules_id)
seats = [make_policy(bot)] * players
module = batch.batch_module(rules)
module.play(rules, seats, game_seeds(1, 50), Figures())  # loaded, compiled if need be
seeds = game_seeds(2, games)
def play(step):
    figures = Figures()
    for start in range(0, len(seeds), step):
        module.play(rules, seats, seeds[start : start + step], figures)
    return figures
out = {"loop": [], "one call": [], "steps": []}
for _ in range(runs):
    start = time.process_time(); sum(range(10**7)); out["loop"].append(time.process_time() - start)
    for name, size in (("one call", games), ("steps", step)):
        start = time.process_time(); figures = play(size)
        out[name].append(time.process_time() - start)
out["turns"] = sum(row[1] for row in figures.rows)
if profile == "yes":
    profiler = cProfile.Profile(); profiler.runcall(play, games); text = io.StringIO()
    pstats.Stats(profiler, stream=text).sort_stats("tottime").print_stats(12)
    out["profile"] = text.getvalue()
print(json.dumps(out))
"""
#: Plays ``games`` games in one call after one warm game (for callgrind).
COUNT = """
import sys
from landlord import batch
from landlord.figures import Figures
from landlord.experiments import game_seeds
from landlord.policies import make_policy
from landlord.rules import load_rules
rules = load_rules(sys.argv[1]); seats = [make_policy(sys.argv[2])] * int(sys.argv[3])
module = batch.batch_module(rules)
module.play(rules, seats, game_seeds(1, 1), Figures())
module.play(rules, seats, game_seeds(2, int(sys.argv[4])), Figures())
"""


def child(tree: Path, code: str, *args: object, valgrind: bool = False) -> str:
    """Run ``code`` with the kit at ``tree`` first on the path, pinned to one core; its
    output (callgrind's report, under valgrind)."""
    command = [str(PYTHON), "-c", code, *map(str, args)]
    if valgrind:
        command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *command]
    done = subprocess.run(
        ["taskset", "-c", "0", *command],
        cwd=tree, env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin", "PYTHONHASHSEED": "0"},
        capture_output=True, text=True,
    )  # fmt: skip
    if done.returncode:
        sys.exit(f"failed at {tree}:\n{done.stderr[-3000:]}")
    return done.stderr if valgrind else done.stdout


def instructions(tree: Path, args: argparse.Namespace) -> int | None:
    """Instructions per game under callgrind: 1 + N games less 1 game, over N."""
    if shutil.which("valgrind") is None:
        return None
    lineup = (args.rules, args.bots, args.players)
    child(tree, COUNT, *lineup, 1, valgrind=True)  # compiled for valgrind's CPU, kept
    counts = []
    for games in (1, args.instructions + 1):
        said = child(tree, COUNT, *lineup, games, valgrind=True)
        counts.append(int(re.search(r"Collected : (\d+)", said).group(1)))
    return round((counts[1] - counts[0]) / args.instructions)


def summary(runs: list[dict], games: int) -> dict[str, object]:
    """Medians over the processes' runs."""
    ways = ("loop", "one call", "steps")
    times = {name: [t for run in runs for t in run[name]] for name in ways}
    loop = statistics.median(times["loop"])
    out: dict[str, object] = {"loop_cpu_seconds": round(loop, 3)}
    for name in ("one call", "steps"):
        seconds = statistics.median(times[name])
        out[name] = {
            "cpu_seconds": round(seconds, 3),
            "games_per_cpu_second": round(games / seconds),
            "player_turns_per_cpu_second": round(runs[0]["turns"] / seconds),
            "loops": round(seconds / loop, 2),
        }
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="quikopoly")
    parser.add_argument("--bots", default="eager_landlord")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--step", type=int, default=250, help="games per call, as compare")
    parser.add_argument("--runs", type=int, default=9, help="runs per process")
    parser.add_argument("--processes", type=int, default=2, help="processes per tree")
    parser.add_argument("--base", help="an earlier commit to measure beside the working tree")
    parser.add_argument("--instructions", type=int, default=0, help="games under callgrind")
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks/results/batch_block.json")
    args = parser.parse_args()
    trees = {"working tree": ROOT}
    if args.base:
        trees = {"base": Path(tempfile.mkdtemp(prefix="landlord-base-"))} | trees
        subprocess.run(["git", "worktree", "add", "--detach", "--force", str(trees["base"]),
                        args.base], cwd=ROOT, check=True, capture_output=True)  # fmt: skip
    report: dict[str, object] = {
        "benchmark": "batch_block",
        "date": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        "commit": commit(),
        "base_commit": args.base,
        "machine": machine() | {"cores_used": 1},
        "played": f"{args.games:,} games of {args.rules}, {args.players} x {args.bots}; "
        f"in one call and in calls of {args.step}",
    }
    try:
        runs: dict[str, list[dict]] = {name: [] for name in trees}
        for _ in range(args.processes):  # the trees take turns
            for name, tree in trees.items():
                profile = "yes" if args.profile and name == "working tree" else "no"
                played = child(tree, PLAY, args.rules, args.bots, args.players, args.games,
                               args.step, args.runs, profile)  # fmt: skip
                runs[name].append(json.loads(played))
        for name, tree in trees.items():
            report[name] = summary(runs[name], args.games)
            if args.instructions:
                report[name]["instructions_per_game"] = instructions(tree, args)
        if args.base:
            base, new = report["base"], report["working tree"]
            for way in ("one call", "steps"):
                ratio = base[way]["cpu_seconds"] / new[way]["cpu_seconds"]
                report[f"speed-up, {way}"] = round(ratio, 2)
        if args.profile:
            report["profile"] = runs["working tree"][0]["profile"].splitlines()
    finally:
        if args.base:
            subprocess.run(["git", "worktree", "remove", "--force", str(trees["base"])],
                           cwd=ROOT, capture_output=True)  # fmt: skip
    save_report(report, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
