"""How often the tuned bot wins, rule set by rule set, against each named bot.

    .venv/bin/python benchmarks/tuned_bots.py [--games 300]

For every shipped rule set, the tuned bot (its rule set's own parameters,
landlord/policies/tunings/) sits at a table of three with two of one named bot, in each
seat in turn, and the same tables are played with the eager landlord in its place. The
games are played by the reference engine and won as the rule set says
(``GameState.returns``: a shared win counts as a share), on seeds the tuning never used.
It prints and saves (benchmarks/results/tuned_bots.json) each win share with its 95%
interval beside the even share (a third), the CPU time, and the machine.
"""

from __future__ import annotations

import argparse
import math
import time
from pathlib import Path

from setup_commands import commit, machine, save_report

from landlord.rules.loader import registered
from landlord.session import Session

RESULTS = Path(__file__).with_name("results") / "tuned_bots.json"
#: The named bots the tuned bot meets (two of one kind at a table of three).
OPPONENTS = ("eager_landlord", "cautious_tenant", "single_taxer", "strategy_guide", "random")
#: Far from any seed research/tune_bots.py plays.
FIRST_SEED = 7_000_000_000


def win_share(rule_set: str, player: str, opponent: str, games: int) -> tuple[float, float]:
    """``player``'s share of the wins over ``games`` games at three seats with two
    ``opponent`` bots, seated in turn, and the half-width of its 95% interval."""
    won = []
    for game in range(games):
        seat = game % 3
        seats = [opponent] * 3
        seats[seat] = player
        final = Session(rule_set, seats, seed=FIRST_SEED + game).run()
        returns = final.returns()
        won.append(returns[seat] / max(1.0, sum(returns)))
    mean = sum(won) / games
    spread = math.sqrt(sum((w - mean) ** 2 for w in won) / (games - 1)) if games > 1 else 0.0
    return mean, 1.96 * spread / math.sqrt(games)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=300, help="games per line (default 300)")
    args = parser.parse_args()
    lines = []
    cpu = time.process_time()
    for rule_set in sorted(registered()):
        for opponent in OPPONENTS:
            tuned, tuned_half = win_share(rule_set, "tuned", opponent, args.games)
            eager, eager_half = win_share(rule_set, "eager_landlord", opponent, args.games)
            lines.append(
                {
                    "rules": rule_set,
                    "against": f"two {opponent}",
                    "tuned": round(tuned, 3),
                    "tuned_interval": round(tuned_half, 3),
                    "eager_landlord": round(eager, 3),
                    "eager_landlord_interval": round(eager_half, 3),
                }
            )
            print(
                f"{rule_set:22} vs two {opponent:16} tuned {tuned:6.1%} ± {tuned_half:.1%}"
                f"   eager landlord {eager:6.1%} ± {eager_half:.1%}   (even: 33.3%)"
            )
    save_report(
        {
            "what": "win share of one tuned bot (and of an eager landlord in its place) at "
            "three seats against two of a named bot, every seat in turn; reference engine, "
            "wins as each rule set names them, a shared win counted as a share",
            "games_per_line": args.games,
            "even_share": round(1 / 3, 3),
            "lines": lines,
            "cpu_seconds": round(time.process_time() - cpu, 1),
            "machine": machine(),
            "commit": commit(),
        },
        RESULTS,
    )


if __name__ == "__main__":
    main()
