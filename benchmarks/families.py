"""Every family's games side by side: how unequal each ends, how long it lasts, how fast it plays.

Runs the issue's command, ``landlord compare --rules landlords_game,property,quikopoly,
monopoly_us --games 500`` (the rule sets the kit has of these), in a fresh process on
one core, and reports its wall and CPU time; then, for each rule set, the figures the
comparison found (the mean final Gini of net worth with its 95% interval, the mean and
median rounds played, the richest player's share) and how fast its games play alone:
player-turns per wall-clock and per CPU second (median of the runs, four eager
landlords, the whole engine with its ledger and history), with instructions per
player-turn under valgrind, which do not drift with the host's load.

A player-turn is one player's turn, as ``GameState.turns_played`` counts them: a throw
of the dice or the die, or in Sackson's Property one play of two cards.

Usage::

    .venv/bin/python benchmarks/families.py [--games 500] [--runs 3] [--instructions 20]
"""

from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
import json
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

from games import arguments, finish_report, instructions_per_turn, start_report

from landlord.rules import load_rules, registered
from landlord.session import Session

ROOT = Path(__file__).resolve().parents[1]
#: The issue's rule sets, in its order (those the kit has).
WANTED = ("landlords_game", "property", "quikopoly", "monopoly_us")
PLAYERS = ["eager_landlord"] * 4
#: The later game's games are stopped here at the latest, as the other benchmarks do.
ROUND_LIMIT = 1000


def rule_sets() -> list[str]:
    known = set(registered())
    return [rules for rules in WANTED if rules in known]


def the_command(rules: list[str], games: int) -> dict[str, object]:
    """``landlord compare`` as a user types it, in a fresh process: its wall and CPU time."""
    command = [
        str(ROOT / ".venv/bin/landlord"),
        "compare",
        "--rules",
        ",".join(rules),
        "--games",
        str(games),
        "--jobs",
        "1",
    ]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    run = subprocess.run(command, capture_output=True, text=True, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return {
        "command": " ".join(["landlord", *command[1:]]),
        "wall_seconds": round(wall, 2),
        "cpu_seconds": round(cpu, 2),
        "output_lines": len(run.stdout.splitlines()),
    }


def figures(rules: list[str], games: int) -> dict[str, dict[str, object]]:
    """What the comparison finds for each rule set: Gini, length, the richest's share."""
    import landlord

    comparison = landlord.compare(rules, games=games, players=PLAYERS, seed=0)
    summary, played = comparison.summary, comparison.games
    found = {}
    for label in summary.index:
        row = summary.loc[label]
        mine = played[played["label"] == label]
        found[label] = {
            "final_gini_net_worth": round(float(row["gini_net_worth"]), 3),
            "final_gini_net_worth_95": [
                round(float(row["gini_net_worth_low"]), 3),
                round(float(row["gini_net_worth_high"]), 3),
            ],
            "richest_share": round(float(row["richest_share"]), 3),
            "rounds_mean": round(float(row["rounds"]), 1),
            "rounds_median": float(mine["rounds"].median()),
            "games_with_one_player_left": int((mine["bankrupt_players"] == 3).sum())
            if "bankrupt_players" in mine
            else None,
        }
    return found


def speed(rules_id: str, games: int, runs: int) -> dict[str, object]:
    """Player-turns per wall and CPU second, median of ``runs`` runs of ``games`` games."""
    rules = load_rules(rules_id, **_limit(rules_id))
    results = []
    for k in range(runs):
        turns = 0
        wall, cpu = time.perf_counter(), time.process_time()
        for seed in range(1000 * k, 1000 * k + games):
            turns += Session(rules, PLAYERS, seed=seed).run().turns_played
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        results.append((turns / wall, turns / cpu, turns / games))
    return {
        "player_turns_per_second": round(statistics.median(r[0] for r in results)),
        "player_turns_per_cpu_second": round(statistics.median(r[1] for r in results)),
        "player_turns_per_game": round(results[0][2], 1),
        "player_turns_per_second_min_max": [
            round(min(r[0] for r in results)),
            round(max(r[0] for r in results)),
        ],
    }


def _limit(rules_id: str) -> dict[str, int]:
    """The later game's round cap (the other rule sets end by their own rules)."""
    declared = {option.name for option in load_rules(rules_id).declared_options}
    return (
        {"round_limit": ROUND_LIMIT}
        if rules_id.startswith("monopoly") and ("round_limit" in declared)
        else {}
    )


def play_only(games: int) -> None:
    """For valgrind: play ``games`` games of the rule set in $LANDLORD_BENCH_RULES."""
    rules_id = os.environ["LANDLORD_BENCH_RULES"]
    rules = load_rules(rules_id, **_limit(rules_id))
    turns = sum(Session(rules, PLAYERS, seed=seed).run().turns_played for seed in range(games))
    print(f"turns {turns}")


def main() -> int:
    args = arguments(__doc__, 500, 20, ROOT / "benchmarks/results/families.json")
    if args.play_only is not None:
        play_only(args.play_only)
        return 0
    rules = rule_sets()
    report = start_report("families", args, rule_sets=rules, players="eager_landlord x4")
    report["runs"] = args.runs
    report["the command"] = the_command(rules, args.games)
    print(json.dumps(report["the command"]), flush=True)
    report["figures"] = figures(rules, args.games)
    speed_games = max(1, args.games // 5)
    report["speed_games_per_run"] = speed_games
    for rules_id in rules:
        entry = speed(rules_id, speed_games, args.runs)
        if args.instructions:
            os.environ["LANDLORD_BENCH_RULES"] = rules_id
            entry["instructions"] = instructions_per_turn(args.instructions, __file__)
        report[f"speed: {rules_id}"] = entry
        print(f"{rules_id:>16}: {report['figures'].get(rules_id)} {entry}", flush=True)
    args.instructions = 0  # counted above, per rule set
    return finish_report(report, args, __file__)


if __name__ == "__main__":
    sys.exit(main())
