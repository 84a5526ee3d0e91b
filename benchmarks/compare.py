"""How long ``landlord.compare`` takes: 1,000 paired games of two rule sets on one core.

Times ``compare(rules, games=1000, players=4, seed=7)`` (four eager landlords,
every game played under each rule set) pinned to one core, and reports the
median of three runs, and, in runs of its own, how that time divides
between playing the games (the engine), reading the figures from each game,
and building the tables at the end. Then profiles one run and
prints the 15 functions with the largest cumulative time.

Usage::

    .venv/bin/python benchmarks/compare.py [--rules landlords_game,prosperity] [--games 1000]

The second rule set defaults to ``prosperity``; until it exists, name another
with ``--rules``, for example ``--rules "landlords_game,landlords_game[advanced=true]"``.
As in ``games.py``, a fixed pure-Python loop is timed before and after, to
show how much the shared machine's speed drifted meanwhile.
"""

from __future__ import annotations

import argparse
import cProfile
import datetime as dt
import io
import json
import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
import pstats
import statistics
import subprocess
import sys
import time
from pathlib import Path

from games import reference_loop_seconds
from setup_commands import commit, machine

from landlord.experiments import Comparison, compare, game_seeds, parse_spec, split_specs
from landlord.figures import Figures
from landlord.rules import load_rules, registered
from landlord.session import Session, default_players

ROOT = Path(__file__).resolve().parents[1]


def timed_compare(specs: list, games: int, players: int, seed: int) -> float:
    """Seconds for one whole ``compare`` call."""
    start = time.perf_counter()
    compare(specs, games=games, players=players, seed=seed)
    return time.perf_counter() - start


def timed_parts(specs: list, games: int, players: int, seed: int) -> dict[str, float]:
    """The same work as ``compare``, timed in parts: playing, reading each game, the tables.

    Timed inside one run, the parts are not skewed by the machine's drift
    between runs, as separate runs would be.
    """
    seats = default_players(players)
    seeds = game_seeds(seed, games)
    play = read = 0.0
    played = []
    start = time.perf_counter()
    for name, options in specs:
        rules = load_rules(name, **options)
        figures = Figures()
        for game_seed in seeds:
            begin = time.perf_counter()
            game = Session(rules, seats, seed=game_seed).run()
            middle = time.perf_counter()
            figures.add(game)
            read += time.perf_counter() - middle
            play += middle - begin
        played.append(figures)
    begin = time.perf_counter()
    labels = [
        {"label": str(k), "rules": name, "options": options, "players": seats}
        for k, (name, options) in enumerate(specs)
    ]
    Comparison({"rules": labels, "players": seats}, seeds, played)
    tables = time.perf_counter() - begin
    return {
        "total": time.perf_counter() - start,
        "play": play,
        "read_figures": read,
        "build_tables": tables,
    }


def profile(specs: list, games: int, players: int, seed: int, top: int = 15) -> list[dict]:
    """Profile one ``compare`` call; the ``top`` functions by cumulative time."""
    profiler = cProfile.Profile()
    profiler.enable()
    compare(specs, games=games, players=players, seed=seed)
    profiler.disable()
    text = io.StringIO()
    stats = pstats.Stats(profiler, stream=text).sort_stats("cumulative")
    stats.print_stats(top)
    print(text.getvalue())
    rows = []
    for (file, line, function), (_, calls, own, cumulative, _) in sorted(
        stats.stats.items(), key=lambda item: item[1][3], reverse=True
    )[:top]:
        where = f"{Path(file).name}:{line}" if line else file
        rows.append(
            {
                "function": f"{where}({function})",
                "calls": calls,
                "own_seconds": round(own, 3),
                "cumulative_seconds": round(cumulative, 3),
            }
        )
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="landlords_game,prosperity", help="rule specs")
    parser.add_argument("--games", type=int, default=1000, help="games per rule set")
    parser.add_argument("--players", type=int, default=4, help="eager_landlord bots")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--runs", type=int, default=3, help="runs; the median is reported")
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks/results/compare.json")
    args = parser.parse_args()
    specs = [parse_spec(spec) for spec in split_specs(args.rules)]
    for name, _ in specs:
        if name not in registered() and not Path(name).is_file():
            sys.exit(
                f"rule set {name!r} is not available (yet): name another with --rules, "
                "for example --rules 'landlords_game,landlords_game[advanced=true]'"
            )
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    dirty = subprocess.run(
        ["git", "status", "--porcelain", "--", "landlord"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    ).stdout.strip()
    call = (specs, args.games, args.players, args.seed)
    total_games = args.games * len(specs)
    report: dict[str, object] = {
        "benchmark": "compare",
        "date": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
        "commit": commit(),
        "uncommitted_changes_in_landlord": bool(dirty),
        "machine": machine() | {"cores_used": 1},
        "rules": args.rules,
        "games_per_rule_set": args.games,
        "games_played_per_run": total_games,
        "players": default_players(args.players),
        "seed": args.seed,
        "runs": args.runs,
        "statistic": "median of the runs",
        "reference_loop_seconds_before": reference_loop_seconds(),
    }
    compare(specs, games=5, players=args.players, seed=args.seed)  # imports and rule files
    runs, parts = [], []
    for _ in range(args.runs):  # alternate, so that drift touches both alike
        runs.append(timed_compare(*call))
        parts.append(timed_parts(*call))
    seconds = statistics.median(runs)
    report["compare_seconds"] = round(seconds, 2)
    report["compare_seconds_min_max"] = [round(min(runs), 2), round(max(runs), 2)]
    report["ms_per_game"] = round(1000 * seconds / total_games, 3)
    report["ms_per_game_by_part (median)"] = {
        part: round(1000 * statistics.median(p[part] for p in parts) / total_games, 3)
        for part in ("total", "play", "read_figures", "build_tables")
    }
    report["target_seconds"] = 5.0
    report["reference_loop_seconds_after"] = reference_loop_seconds()
    print(json.dumps(report, indent=2), flush=True)
    report["profile_top_15_cumulative"] = profile(*call)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2) + "\n")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
