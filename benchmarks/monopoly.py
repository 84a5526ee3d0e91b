"""How fast whole games of the later rules play: player-turns per second on one core.

Plays batches of complete 4-bot games of ``monopoly_us`` (each stopped at
1,000 rounds at the latest, as the issue asks) pinned to one core, the full
engine as an experiment uses it, and reports the median of five runs for a
few line-ups, with ``monopoly_uk_1972`` beside them. A player-turn is one
player's turn, as ``GameState.turns_played`` counts them (a turn with
doubles throws again within the same turn).

Usage::

    .venv/bin/python benchmarks/monopoly.py [--games 100] [--runs 5] [--instructions 20]

As in ``games.py``, a fixed pure-Python loop is timed before and after (the
host's speed drifts), and valgrind counts instructions per player-turn.
"""

from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
import sys
from pathlib import Path

from games import arguments, finish_report, measure, start_report

from landlord.rules import load_rules
from landlord.session import Session

ROOT = Path(__file__).resolve().parents[1]

#: The cap the issue sets: a game still going at round 1,000 stops there.
ROUND_LIMIT = 1000

LINE_UPS = {
    "eager_landlord x4": ["eager_landlord"] * 4,
    "strategy_guide x4": ["strategy_guide"] * 4,
    "guide and eager, alternating": ["strategy_guide", "eager_landlord"] * 2,
    "cautious_tenant x4 (never build: every game runs to the cap)": ["cautious_tenant"] * 4,
    "random x4": ["random"] * 4,
}


def play_only(games: int) -> None:
    """Play ``games`` games of four eager landlords and print the player-turns."""
    rules = load_rules("monopoly_us", round_limit=ROUND_LIMIT)
    turns = sum(
        Session(rules, LINE_UPS["eager_landlord x4"], seed=seed).run().turns_played
        for seed in range(games)
    )
    print(f"turns {turns}")


def main() -> int:
    args = arguments(__doc__, 100, 20, ROOT / "benchmarks/results/monopoly.json")
    if args.play_only is not None:
        play_only(args.play_only)
        return 0
    report = start_report(
        "monopoly",
        args,
        rules="monopoly_us",
        round_limit=ROUND_LIMIT,
        target_player_turns_per_second=50_000,
    )
    for label, players in LINE_UPS.items():
        games = args.games if "cap" not in label else max(1, args.games // 20)
        report[label] = measure(players, games, args.runs, "monopoly_us", round_limit=ROUND_LIMIT)
        print(f"{label:>30}: {report[label]}", flush=True)
    report["monopoly_uk_1972, eager_landlord x4"] = measure(
        LINE_UPS["eager_landlord x4"],
        args.games,
        args.runs,
        "monopoly_uk_1972",
        round_limit=ROUND_LIMIT,
    )
    return finish_report(report, args, __file__)


if __name__ == "__main__":
    sys.exit(main())
