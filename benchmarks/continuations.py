"""What if we kept playing? The time from a click to the fan charts, on one core.

A class plays a game of the Landlord's Game (two people and two bots at the
table here, the people answering the first choice offered) to a lesson-like
position, round ``--from-round`` (12); then ``landlord.continuations`` plays
it on to round 100, ``--games`` (200) times under each of the three rule sets
(the rules as played, the single tax from the next round, its money-neutral
form): 600 continuations. The issue asks for them within 5 s of a click on one
core. Both engines are measured: the batch path from the position (the reference
engine finishing the turn under way, the compiled game playing the rest) and the
reference engine alone (``LANDLORD_BATCH=off``). Each run is a fresh process
pinned to one core, timed from the call to the returned comparison with its fan
charts read (CPU and wall seconds, loading the compiled code from numba's cache
included), median of ``--runs`` (5); the split between replaying the class's
game, finishing its turn, copying it into arrays, playing it on compiled and
keeping the figures is taken from one profiled run (which slows the Python
parts most); and the instructions of one run are counted under callgrind
(``--instructions 0`` skips it), which a busy machine does not change.

Usage::

    .venv/bin/python benchmarks/continuations.py [--runs 5] [--games 200] [--from-round 12]
        [--rules landlords_game] [--instructions 1] [--out FILE]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from setup_commands import commit, machine, save_report

ROOT = Path(__file__).resolve().parents[1]

#: One timed run, in a fresh process: the class's game, then the continuations.
RUN = """
import json, sys, time
from landlord.session import Session
from landlord.continued import continuations

rules, start, games, profile = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
session = Session(rules, ["human", "eager_landlord", "human", "cautious_tenant"], seed=7)
game = session.game
while game.round < start and not game.is_over:
    session.run()
    if session.waiting_for is not None:
        session.answer(game.legal_actions()[0])
cpu, wall = time.process_time(), time.perf_counter()
if profile == "1":
    import cProfile, pstats
    profiler = cProfile.Profile()
    profiler.enable()
result = continuations(session, games=games, until_round=100, seed=1)
fans = {m: result.fans(m) for m in ("gini_net_worth", "dollar_gap", "poorest_net_worth",
                                     "land_rent_share_to_players")}
if profile == "1":
    profiler.disable()
    stats = pstats.Stats(profiler)
    totals = {}
    for (file, _, name), (_, _, _, cumulative, _) in stats.stats.items():
        totals[f"{file.split('landlord/')[-1]}:{name}"] = cumulative
    keys = ("continued.py:_started", "session.py:run", "playing_on.py:_arrays",
            "playing_on.py:_resumed", "figures.py:add_figures", "comparison.py:__init__")
    print(json.dumps({key: round(max((v for k, v in totals.items() if k.endswith(key)),
                                     default=0.0), 3) for key in keys}))
else:
    print(json.dumps({
        "cpu_seconds": time.process_time() - cpu,
        "wall_seconds": time.perf_counter() - wall,
        "from_round": game.round,
        "continuations": len(result.games),
        "median_dollar_gap_round_100": {
            label: float(frame[frame["round"] == 100]["p50"].iloc[0])
            for label, frame in fans["dollar_gap"].groupby("label", sort=False)
        },
    }))
"""


#: The two engines: the batch path from the position (the default), and the reference
#: engine alone (``LANDLORD_BATCH=off``).
ENGINES = {"batch path": {}, "reference engine": {"LANDLORD_BATCH": "off"}}


def one_run(rules: str, start: int, games: int, profile: bool = False, env=None) -> dict:
    """One run in a fresh process pinned to one core."""
    command = [sys.executable, "-c", RUN, rules, str(start), str(games), "1" if profile else "0"]
    if hasattr(os, "sched_setaffinity"):
        command = ["taskset", "-c", "0", *command]
    done = subprocess.run(
        command,
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, **(env or {})},
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


#: numba keeps compiled code on disk keyed by the CPU it was compiled for, and valgrind's
#: CPU is not the machine's: under it the compiled code would be compiled again (about 40 s
#: of CPU, counted as the click's). Compiled for a generic CPU, before and under valgrind,
#: the code on disk is found both times.
GENERIC_CPU = {"NUMBA_CPU_NAME": "generic"}


def instructions(rules: str, start: int, games: int, env=None) -> int | None:
    """The instructions of one run under callgrind (the compiled code for a generic CPU,
    compiled beforehand: :data:`GENERIC_CPU`), or None without valgrind."""
    if shutil.which("valgrind") is None:
        return None
    env = {**(env or {}), **GENERIC_CPU}
    one_run(rules, start, 1, env=env)  # the compiled code for a generic CPU, on disk
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "callgrind.out"
        command = [
            "valgrind",
            "--tool=callgrind",
            f"--callgrind-out-file={out}",
            sys.executable,
            "-c",
            RUN,
            rules,
            str(start),
            str(games),
            "0",
        ]
        env = {**os.environ, "PYTHONHASHSEED": "0", **env}
        try:
            done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, env=env)
        except FileNotFoundError:
            return None
        found = re.search(r"Collected\s*:\s*([\d,]+)", done.stderr)
        return int(found.group(1).replace(",", "")) if found else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--from-round", type=int, default=12)
    parser.add_argument("--rules", default="landlords_game")
    parser.add_argument("--instructions", type=int, default=1)
    parser.add_argument(
        "--out", type=Path, default=ROOT / "benchmarks" / "results" / "continuations.json"
    )
    args = parser.parse_args()
    engines = {}
    for engine, env in ENGINES.items():
        runs = [
            one_run(args.rules, args.from_round, args.games, env=env) for _ in range(args.runs)
        ]
        engines[engine] = {
            "cpu_seconds_median": round(statistics.median(r["cpu_seconds"] for r in runs), 3),
            "wall_seconds_median": round(statistics.median(r["wall_seconds"] for r in runs), 3),
            "cpu_seconds_each": [round(r["cpu_seconds"], 3) for r in runs],
            "median_dollar_gap_round_100": runs[0]["median_dollar_gap_round_100"],
            "profiled_seconds_by_part": one_run(
                args.rules, args.from_round, args.games, profile=True, env=env
            ),
            "instructions": instructions(args.rules, args.from_round, args.games, env)
            if args.instructions
            else None,
        }
        from_round = runs[0]["from_round"]
    report = {
        "what": "landlord.continuations of a class's game (2 people, 2 bots) from round "
        f"{args.from_round} to round 100: {args.games} continuations under each of 3 rule sets, "
        "and their fan charts read; a fresh process on one core; by the batch path from the "
        "position (the reference engine finishing the turn under way), and by the reference "
        "engine alone (LANDLORD_BATCH=off)",
        "goal": "within 5 s of a click, on one core",
        "rules": args.rules,
        "games_per_rule_set": args.games,
        "runs": args.runs,
        "from_round": from_round,
        "engines": engines,
        "same_games": len({json.dumps(e["median_dollar_gap_round_100"]) for e in engines.values()})
        == 1,
        "machine": machine(),
        "commit": commit(),
    }
    save_report(report, args.out)


if __name__ == "__main__":
    main()
