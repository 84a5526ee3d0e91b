"""Issue 21's speed table, measured so that it survives a busy host.

- Game speed per line-up: the same seeded games every run, each run in a fresh
  process pinned to one core (one untimed warm-up game first): player-turns per
  CPU second and per wall-clock second, median of ``--runs`` runs of
  ``--games`` games. A player-turn is ``GameState.turns_played``.
- Instructions per player-turn under valgrind's callgrind, which do not drift
  with the host's load: a run of 2 + N games less a run of the same first 2
  games, divided by the difference in player-turns (so the imports and the
  first games' warm-ups are not charged to the turns).
- A fixed pure-Python loop (``games.py``'s), timed before and after and counted
  once under callgrind: compare rates only between runs where it agrees.
- Commands from a cold process on one core: CPU time, peak memory and wall
  time, median of ``--command-runs`` (after one untimed run that warms the
  disk cache and bytecode); ``--big`` adds a 100,000-game simulation on two
  cores, once.

With ``--base REV`` an earlier commit, in a temporary git worktree, is
measured the same way, its runs alternating with the current tree's, and the
ratios current/base are reported. The report goes to
``results/speed/<commit>[-dirty].json`` (-dirty: uncommitted changes under
``landlord/``) and one line per run is appended to ``results/speed/history.jsonl``.

Usage::

    .venv/bin/python benchmarks/speed.py [--games 200] [--runs 5] [--instructions 40]
        [--command-runs 3] [--big] [--base REV] [--out DIR]
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import hashlib
import json
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from cli_start import COMMAND, PYTHON
from games import reference_loop_seconds
from setup_commands import commit, machine

import landlord
from landlord.rules import load_rules
from landlord.session import Session

ROOT = Path(__file__).resolve().parents[1]
#: Where the kit this process imported lives (a child reports it: the right tree?).
KIT = Path(landlord.__file__).resolve().parents[1]

MONOPOLY = {"round_limit": 1000}
#: (rule set, options, seats).
LINE_UPS = (
    ("monopoly_us", MONOPOLY, ["strategy_guide"] * 4),
    ("monopoly_us", MONOPOLY, ["eager_landlord"] * 4),
    ("landlords_game", {}, ["eager_landlord"] * 4),
    ("prosperity", {}, ["eager_landlord"] * 4),
    ("quikopoly", {}, ["eager_landlord"] * 4),
    ("property", {}, ["eager_landlord"] * 3),
)
COMPARE = ["-m", "landlord", "compare", "--rules", "landlords_game,prosperity"]
COMPARE += ["--games", "1000", "--seed", "7"]
BIG = ["-m", "landlord", "simulate", "--games", "100000", "--jobs", "2"]

#: Issue 21's goals, beside the figures they are about.
TURN_GOAL = 83_000
GOALS = {
    "instructions": "monopoly_us strategy_guide and eager_landlord, landlords_game "
    "eager_landlord: >= 1.5x the player-turns/s of the fastest Python simulator we know, "
    "which runs 125k instructions per player-turn: so <= 83k instructions per player-turn",
    "compare": "compare 1000 games: < 1 s on one core",
    "play": "play --seed 1: < 0.3 s CPU",
}
GOAL_LINE_UPS = {
    "monopoly_us, strategy_guide x4",
    "monopoly_us, eager_landlord x4",
    "landlords_game, eager_landlord x4",
}


def label(rules_id: str, seats: list[str]) -> str:
    return f"{rules_id}, {seats[0]} x{len(seats)}"


def spec(rules_id: str, options: dict) -> str:
    """``monopoly_us[round_limit=1000]``: a rule set and its options on a command line."""
    listed = ",".join(f"{name}={json.dumps(value)}" for name, value in options.items())
    return f"{rules_id}[{listed}]" if listed else rules_id


def play_only(rules_spec: str, seats: str, games: int) -> None:
    """Play seeds 0 .. games-1 after a warm-up game; print the player-turns and times."""
    rules_id, _, listed = rules_spec.rstrip("]").partition("[")
    options = {
        name: json.loads(value)
        for name, value in (item.split("=") for item in listed.split(",") if item)
    }
    rules, players = load_rules(rules_id, **options), seats.split(",")
    Session(rules, players, seed=10**6).run()  # lazy imports and tables, untimed
    turns = 0
    cpu, wall = time.process_time(), time.perf_counter()
    for seed in range(games):
        turns += Session(rules, players, seed=seed).run().turns_played
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    print(json.dumps({"turns": turns, "cpu": cpu, "wall": wall, "kit": str(KIT)}))


def child(tree: Path, arguments: list[str], valgrind: bool = False) -> dict:
    """This script in a fresh process, with the kit at ``tree`` first on the path."""
    env = dict(os.environ, PYTHONPATH=str(tree), PYTHONHASHSEED="0", OPENBLAS_NUM_THREADS="1")
    command = [sys.executable, __file__, *arguments]
    with tempfile.TemporaryDirectory() as scratch:
        if valgrind:
            out = f"--callgrind-out-file={scratch}/callgrind.out"
            command = ["valgrind", "--tool=callgrind", out, *command]
        run = subprocess.run(command, cwd=scratch, env=env, capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"failed: {' '.join(command)}\n{run.stderr[-3000:]}")
    figures = json.loads(run.stdout.splitlines()[-1])
    if Path(figures["kit"]) != tree.resolve():
        sys.exit(f"the child imported the kit from {figures['kit']}, not {tree}")
    if valgrind:
        figures["instructions"] = int(re.search(r"Collected : (\d+)", run.stderr).group(1))
    return figures


def alternately(trees: dict[str, Path], runs: int, measure) -> dict[str, list]:
    """``measure(tree)`` ``runs`` times per side, the sides taking turns (ABBA...)."""
    results: dict[str, list] = {side: [] for side in trees}
    for run in range(runs):
        for side in sorted(trees, reverse=run % 2 == 1):
            results[side].append(measure(trees[side]))
    return results


def game_rates(trees: dict[str, Path], line_up: tuple, games: int, runs: int) -> dict:
    rules_id, options, seats = line_up
    arguments = ["--play-only", spec(rules_id, options), ",".join(seats), str(games)]
    rates = {}
    for side, results in alternately(trees, runs, lambda tree: child(tree, arguments)).items():
        cpu = [r["turns"] / r["cpu"] for r in results]
        rates[side] = {
            "player_turns": results[0]["turns"],
            "turns_per_game": round(results[0]["turns"] / games, 1),
            "player_turns_per_cpu_second": round(statistics.median(cpu)),
            "player_turns_per_wall_second": round(
                statistics.median(r["turns"] / r["wall"] for r in results)
            ),
            "player_turns_per_cpu_second_min_max": [round(min(cpu)), round(max(cpu))],
        }
    return rates


def instructions(tree: Path, line_up: tuple, games: int) -> dict:
    """Instructions per player-turn: 2 + games games less the same first 2, under callgrind."""
    rules_id, options, seats = line_up
    counted = [
        child(tree, ["--play-only", spec(rules_id, options), ",".join(seats), str(n)], True)
        for n in (2, 2 + games)
    ]
    turns = counted[1]["turns"] - counted[0]["turns"]
    return {
        "games": games,
        "player_turns": turns,
        "instructions_per_player_turn": round(
            (counted[1]["instructions"] - counted[0]["instructions"]) / turns
        ),
    }


def cold(tree: Path, command: list[str], cores: set[int] | None = None) -> dict:
    """A command in a fresh process (on ``cores`` if given): CPU, wall time, peak memory."""
    start = time.perf_counter()
    process = subprocess.Popen(
        [str(PYTHON), *command],
        cwd=tree,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(tree)},  # as cli_start.py
        stdout=subprocess.DEVNULL,
        preexec_fn=(lambda: os.sched_setaffinity(0, cores)) if cores else None,
    )
    _, status, usage = os.wait4(process.pid, 0)  # the usage includes reaped workers
    if status != 0:
        sys.exit(f"failed in {tree}: {' '.join(command)}")
    return {
        "cpu_seconds": usage.ru_utime + usage.ru_stime,
        "wall_seconds": time.perf_counter() - start,
        "peak_memory_mib": usage.ru_maxrss / 1024,
    }


def command_figures(
    trees: dict[str, Path], command: list[str], runs: int, cores: set[int], warm_up: bool = True
) -> dict:
    """Medians of ``runs`` runs per side, after an untimed one (bytecode, page cache)."""
    for tree in trees.values() if warm_up else ():
        cold(tree, command, cores)
    figures = {}
    for side, results in alternately(trees, runs, lambda tree: cold(tree, command, cores)).items():
        figures[side] = {
            key: round(statistics.median(r[key] for r in results), 3) for key in results[0]
        } | {"runs": runs}
    return figures


def reference_now() -> dict[str, float]:
    cpu = time.process_time()
    wall = reference_loop_seconds()
    return {"wall_seconds": wall, "cpu_seconds": round(time.process_time() - cpu, 3)}


def ratios(sides: dict, keys: tuple[str, ...]) -> dict[str, float]:
    current, base = sides["current"], sides["base"]
    return {key: round(current[key] / base[key], 3) for key in keys if key in base}


def git(*arguments: str) -> str:
    return subprocess.run(
        ["git", *arguments], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout


def landlord_changes() -> str:
    """A fingerprint of the uncommitted changes under landlord/ ('' if there are none)."""
    status = git("status", "--porcelain", "--", "landlord")
    if not status:
        return ""
    return hashlib.sha1((status + git("diff", "HEAD", "--", "landlord")).encode()).hexdigest()


@contextlib.contextmanager
def worktree(revision: str | None):
    """The commit checked out in a temporary worktree, removed after (None: no base)."""
    if revision is None:
        yield None
        return
    folder = Path(tempfile.mkdtemp(prefix="landlord-speed-"))
    tree = folder / "base"
    try:
        git("worktree", "add", "--detach", str(tree), revision)
        yield tree
    finally:
        subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT)
        shutil.rmtree(folder, ignore_errors=True)


def number(value: float | None, digits: int = 0) -> str:
    return "-" if value is None else f"{value:,.{digits}f}"


def summary(report: dict) -> str:
    """The report as a table: each figure, its base and the ratio current/base."""
    sides = [("current", report["commit"])]
    if report["base"]:
        sides.append(("base", report["base"]))
    lines = [
        f"speed at {report['commit']}, {report['date']}: median of {report['runs']} runs of "
        f"{report['games_per_run']} games on one core; instructions over "
        f"{report['instruction_games']} games (2 + N less 2)",
        f"{'line-up':<34}{'turns/game':>11}{'turns/CPU s':>13}{'turns/wall s':>14}"
        f"{'instr/turn':>12}  goal <= 83k instr/turn",
    ]
    for name, row in report["line_ups"].items():
        for side, commit_ in sides:
            figures = row[side]
            shown = name if side == "current" else f"  {side} {commit_}"
            goal = ""
            if side == "current" and row.get("goal_met") is not None:
                goal = "met" if row["goal_met"] else "not met"
            lines.append(
                f"{shown:<34}{figures['turns_per_game']:>11}"
                f"{number(figures['player_turns_per_cpu_second']):>13}"
                f"{number(figures['player_turns_per_wall_second']):>14}"
                f"{number(figures.get('instructions_per_player_turn')):>12}  {goal}"
            )
        if "current_over_base" in row:
            r = row["current_over_base"]
            lines.append(
                f"{'  current/base':<34}{'':>11}{number(r['player_turns_per_cpu_second'], 3):>13}"
                f"{number(r['player_turns_per_wall_second'], 3):>14}"
                f"{number(r.get('instructions_per_player_turn'), 3):>12}"
            )
    lines.append(f"{'command (cold, median)':<34}{'CPU s':>11}{'wall s':>13}{'peak MiB':>14}")
    for name, row in report["commands"].items():
        for side, commit_ in sides:
            figures = row[side]
            shown = name if side == "current" else f"  {side} {commit_}"
            goal = {True: "  goal met", False: "  goal not met"}.get(row.get("goal_met"), "")
            lines.append(
                f"{shown:<34}{figures['cpu_seconds']:>11.3f}{figures['wall_seconds']:>13.3f}"
                f"{figures['peak_memory_mib']:>14.1f}{goal if side == 'current' else ''}"
            )
        if "current_over_base" in row:
            r = row["current_over_base"]
            lines.append(
                f"{'  current/base':<34}{r['cpu_seconds']:>11.3f}{r['wall_seconds']:>13.3f}"
                f"{r['peak_memory_mib']:>14.3f}"
            )
    ref = report["reference_loop"]
    lines.append(
        f"reference loop: before {ref['before']['wall_seconds']} s wall, "
        f"{ref['before']['cpu_seconds']} s CPU; after {ref['after']['wall_seconds']} s wall, "
        f"{ref['after']['cpu_seconds']} s CPU; {number(ref.get('instructions'))} instructions"
    )
    if report["landlord_changed_during_run"]:
        lines.append("WARNING: the commit or the code under landlord/ changed during the run")
    return "\n".join(lines)


def history_line(report: dict) -> dict:
    return {
        "commit": report["commit"],
        "date": report["date"],
        "base": report["base"],
        "line_ups": {
            name: {
                "instructions_per_player_turn": row["current"].get("instructions_per_player_turn"),
                "player_turns_per_cpu_second": row["current"]["player_turns_per_cpu_second"],
            }
            for name, row in report["line_ups"].items()
        },
        "commands_cpu_seconds": {
            name: row["current"]["cpu_seconds"] for name, row in report["commands"].items()
        },
        "reference_loop": {
            "cpu_seconds_before": report["reference_loop"]["before"]["cpu_seconds"],
            "cpu_seconds_after": report["reference_loop"]["after"]["cpu_seconds"],
            "instructions": report["reference_loop"].get("instructions"),
        },
    }


def arguments() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per run (200)")
    parser.add_argument("--runs", type=int, default=5, help="runs per side; the median (5)")
    parser.add_argument(
        "--instructions",
        type=int,
        default=40,
        metavar="GAMES",
        help="games counted under valgrind per line-up (40; 0 skips valgrind)",
    )
    parser.add_argument("--command-runs", type=int, default=3, help="runs per command (3)")
    parser.add_argument(
        "--big", action="store_true", help="also simulate 100,000 games with --jobs 2 (minutes)"
    )
    parser.add_argument("--base", metavar="REV", help="an earlier commit to measure beside")
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks/results/speed")
    parser.add_argument(
        "--play-only", nargs=3, metavar=("RULES", "SEATS", "GAMES"), help=argparse.SUPPRESS
    )
    parser.add_argument("--reference-only", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if min(args.games, args.runs, args.command_runs) < 1 or args.instructions < 0:
        parser.error("--games, --runs and --command-runs are 1 or more, --instructions 0 or more")
    return args


def main() -> int:
    args = arguments()
    if args.play_only:
        play_only(args.play_only[0], args.play_only[1], int(args.play_only[2]))
        return 0
    if args.reference_only is not None:
        for _ in range(args.reference_only):
            reference_loop_seconds()
        print(json.dumps({"kit": str(KIT)}))
        return 0
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # still remove the worktree
    all_cores = os.sched_getaffinity(0)
    os.sched_setaffinity(0, {min(all_cores)})  # this process and its children: one core
    head, changes = commit(), landlord_changes()
    valgrind = args.instructions > 0 and shutil.which("valgrind") is not None
    report: dict = {
        "benchmark": "speed",
        "date": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
        "commit": head + ("-dirty" if changes else ""),
        "landlord_changes_sha1": changes or None,
        "base": git("rev-parse", "--short", args.base).strip() if args.base else None,
        "machine": machine() | {"cores_used": 1},
        "games_per_run": args.games,
        "runs": args.runs,
        "instruction_games": args.instructions if valgrind else 0,
        "command_runs": args.command_runs,
        "statistic": "median of the runs, the sides alternating; each run a fresh process",
        "goals": GOALS,
        "line_ups": {},
        "commands": {},
        "reference_loop": {"before": reference_now()},
    }
    with worktree(report["base"]) as base:
        trees = {"current": ROOT} | ({"base": base} if base else {})
        for line_up in LINE_UPS:
            rules_id, options, seats = line_up
            name = label(rules_id, seats)
            row = {"rules": rules_id, "options": options, "seats": seats}
            row |= game_rates(trees, line_up, args.games, args.runs)
            report["line_ups"][name] = row
            print(name, {side: row[side]["player_turns_per_cpu_second"] for side in trees})
        commands = {
            "compare 1000 games": (COMPARE, {min(all_cores)}),
            "play --seed 1": (COMMAND, {min(all_cores)}),
        }
        if args.big:
            commands["simulate 100,000 games, 2 jobs"] = (BIG, all_cores)
        for name, (command, cores) in commands.items():
            big = command is BIG  # minutes a run: once, not warmed up
            row = {"command": "python " + " ".join(command), "cores": len(cores)}
            row |= command_figures(trees, command, 1 if big else args.command_runs, cores, not big)
            report["commands"][name] = row
            print(name, {side: report["commands"][name][side] for side in trees}, flush=True)
        report["reference_loop"]["after"] = reference_now()
        if valgrind:
            for line_up in LINE_UPS:
                row = report["line_ups"][label(line_up[0], line_up[2])]
                for side, tree in trees.items():
                    counted = instructions(tree, line_up, args.instructions)
                    row[side]["instructions_per_player_turn"] = counted.pop(
                        "instructions_per_player_turn"
                    )
                    row[side]["instruction_count"] = counted
                print(label(line_up[0], line_up[2]), "instructions", flush=True)
            loops = [child(ROOT, ["--reference-only", str(n)], True) for n in (0, 1)]
            report["reference_loop"]["instructions"] = (
                loops[1]["instructions"] - loops[0]["instructions"]
            )
    for name, row in report["line_ups"].items():
        if report["base"]:
            row["current_over_base"] = ratios(
                row,
                (
                    "player_turns_per_cpu_second",
                    "player_turns_per_wall_second",
                    "instructions_per_player_turn",
                ),
            )
            row["same_games"] = row["current"]["player_turns"] == row["base"]["player_turns"]
        if name in GOAL_LINE_UPS:
            row["goal"] = GOALS["instructions"]
            measured = row["current"].get("instructions_per_player_turn")
            row["goal_met"] = None if measured is None else measured <= TURN_GOAL
    for name, row in report["commands"].items():
        if report["base"]:
            row["current_over_base"] = ratios(
                row, ("cpu_seconds", "wall_seconds", "peak_memory_mib")
            )
        goal = {"compare 1000 games": ("compare", 1.0), "play --seed 1": ("play", 0.3)}.get(name)
        if goal:
            row["goal"] = GOALS[goal[0]]
            row["goal_checked_on"] = "current cpu_seconds (one core)"
            row["goal_met"] = row["current"]["cpu_seconds"] < goal[1]
    report["landlord_changed_during_run"] = (commit(), landlord_changes()) != (head, changes)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / f"{report['commit']}.json").write_text(json.dumps(report, indent=2) + "\n")
    with open(args.out / "history.jsonl", "a") as history:
        history.write(json.dumps(history_line(report)) + "\n")
    print(summary(report))
    print(f"written: {args.out / (report['commit'] + '.json')}, history.jsonl")
    return 0


if __name__ == "__main__":
    sys.exit(main())
