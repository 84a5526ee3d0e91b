"""How often the ``search`` bot wins, and what it costs (issue 37, item 2).

Plays the search bot (its default budget) in one seat against one named bot in
every other seat, over seeded games (game k on seed k, the search bot in seat
k mod seats, so it plays each seat as often), for each rule set and each
opponent. For each line it reports:

- the search bot's **win share**: a win counts 1, a win shared by w players
  1/w (so when the rules say everyone wins, every seat scores the fair share),
  with a 95% interval (the mean plus or minus 1.96 standard errors, the
  standard error from the games' own spread), against the fair share 1/seats;
- **CPU seconds** per game (the whole game, every seat, on one core), and per
  decision the search bot searched (a decision with two or more listed
  actions), both from ``time.process_time`` in the process that played it.

The machine is reported too (platform, Python, the CPU model from
``/proc/cpuinfo``). Results go to ``benchmarks/results/search_bot.json``.

Usage::

    .venv/bin/python benchmarks/search_bot.py [--games 160] [--long-games 60]
        [--seats 4] [--processes 2] [--rules landlords_game single_tax monopoly_us]

``--long-games`` is the number of games per line for the later game's rule sets
(``monopoly_*``), whose games are several times longer.
"""

from __future__ import annotations

import argparse
import json
import math
import platform
import sys
import time
from collections import defaultdict
from multiprocessing import Pool
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from landlord.policies import SearchPlayer  # noqa: E402
from landlord.session import Session  # noqa: E402

OPPONENTS = ("eager_landlord", "cautious_tenant", "single_taxer", "strategy_guide", "random")
RULES = ("landlords_game", "single_tax", "monopoly_us")
OUT = ROOT / "benchmarks" / "results" / "search_bot.json"


class TimedSearch(SearchPlayer):
    """The search bot, counting the CPU time of the decisions it searches."""

    def decide(self, view: Any, kind: str, legal: Any, rng: Any) -> Any:
        searched = type(legal) in (list, tuple) and len(legal) >= 2
        start = time.process_time()
        choice = super().decide(view, kind, legal, rng)
        if searched:
            self.__dict__["spent"] = self.__dict__.get("spent", 0.0) + time.process_time() - start
            self.__dict__["searched"] = self.__dict__.get("searched", 0) + 1
        return choice


def play(task: tuple[str, str, int, int]) -> dict[str, Any]:
    """One game: the search bot in seat ``game % seats``, ``opponent`` in the others."""
    rules, opponent, game, seats = task
    seat = game % seats
    bot = TimedSearch()
    players: list[Any] = [opponent] * seats
    players[seat] = bot
    start = time.process_time()
    played = Session(rules, players, seed=game).run()
    cpu = time.process_time() - start
    returns = played.returns()
    winners = sum(returns)
    return {
        "rules": rules,
        "opponent": opponent,
        "game": game,
        "seat": seat,
        "credit": returns[seat] / winners if winners else 0.0,
        "cpu": cpu,
        "rounds": played.round,
        "searched": bot.__dict__.get("searched", 0),
        "search_cpu": bot.__dict__.get("spent", 0.0),
    }


def cpu_model() -> str:
    """The CPU's model name, as /proc/cpuinfo gives it ("" where there is none)."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor()


def summary(games: list[dict[str, Any]], seats: int) -> dict[str, Any]:
    """One line's win share with its interval, and its CPU time."""
    credits = [g["credit"] for g in games]
    n = len(credits)
    mean = sum(credits) / n
    spread = math.sqrt(sum((c - mean) ** 2 for c in credits) / (n - 1)) if n > 1 else 0.0
    half = 1.96 * spread / math.sqrt(n)
    searched = sum(g["searched"] for g in games)
    return {
        "games": n,
        "win_share": round(mean, 4),
        "interval_95": [round(max(0.0, mean - half), 4), round(min(1.0, mean + half), 4)],
        "fair_share": round(1 / seats, 4),
        "above_fair": mean - half > 1 / seats,
        "cpu_per_game": round(sum(g["cpu"] for g in games) / n, 3),
        "cpu_per_decision": round(sum(g["search_cpu"] for g in games) / max(searched, 1), 4),
        "decisions_per_game": round(searched / n, 1),
        "rounds_per_game": round(sum(g["rounds"] for g in games) / n, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=160)
    parser.add_argument("--long-games", type=int, default=60)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--rules", nargs="+", default=list(RULES))
    parser.add_argument("--opponents", nargs="+", default=list(OPPONENTS))
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    tasks = [
        (rules, opponent, game, args.seats)
        for rules in args.rules
        for opponent in args.opponents
        for game in range(args.long_games if rules.startswith("monopoly") else args.games)
    ]
    lines: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    started = time.time()
    with Pool(min(args.processes, 2)) as pool:
        for done in pool.imap_unordered(play, tasks, chunksize=1):
            lines[done["rules"], done["opponent"]].append(done)
    table = []
    for rules in args.rules:
        for opponent in args.opponents:
            line = summary(lines[rules, opponent], args.seats)
            table.append({"rules": rules, "opponent": opponent, **line})
            low, high = line["interval_95"]
            print(
                f"{rules:15} vs {opponent:16} {line['games']:4} games  win share "
                f"{line['win_share']:.3f} [{low:.3f}, {high:.3f}] (fair {line['fair_share']:.2f})"
                f"  {line['cpu_per_game']:.2f} s/game  "
                f"{1000 * line['cpu_per_decision']:.1f} ms/decision"
            )
    bot = SearchPlayer()
    result = {
        "benchmark": "search_bot",
        "issue": "37, item 2",
        "bot": {"name": bot.name, **bot.params(), "describe": bot.describe()},
        "seats": args.seats,
        "seeds": "game k on seed k, the search bot in seat k mod seats",
        "interval": "mean win share +- 1.96 standard errors (a shared win counts 1/winners)",
        "machine": {
            "platform": platform.platform(),
            "python": platform.python_version(),
            "cpu": cpu_model(),
            "processes": min(args.processes, 2),
        },
        "wall_seconds": round(time.time() - started, 1),
        "lines": table,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2) + "\n")
    print(f"written {args.out}")


if __name__ == "__main__":
    main()
