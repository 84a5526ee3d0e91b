"""A person's clicks in a whole game: before issue 34, with play for me, and with the
answers that stand (landlord/standing.py).

    .venv/bin/python benchmarks/clicks.py [--seeds 20]

The person sits in the first of three seats, beside an eager landlord and a cautious
tenant (the play app's own table), and answers as a named bot would, or by the first
choice shown. Each game is played three ways on the same seed: every question answered
(before issue 34); with play for me (routine throws taken); and with play for me and the
standing answers that agree with the person's own answers taken once. It prints and
saves (benchmarks/results/clicks.json) the clicks and the share of the first way's, by
rule set and way of answering, with the CPU time and the machine.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from setup_commands import commit, machine, save_report

from landlord.clicks import clicks_of_a_game

RESULTS = Path(__file__).with_name("results") / "clicks.json"
SEATS = ("human", "eager_landlord", "cautious_tenant")
ANSWERS = (None, "eager_landlord", "cautious_tenant", "strategy_guide", "single_taxer")
RULE_SETS = ("landlords_game", "single_tax")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=20, help="games a line (default 20)")
    args = parser.parse_args()
    cpu, wall = time.process_time(), time.perf_counter()
    lines = []
    for rules in RULE_SETS:
        for answer in ANSWERS:
            before, spared, stood = [], [], []
            for seed in range(1, args.seeds + 1):
                before.append(clicks_of_a_game(rules, SEATS, seed, answer, play_for_me=False))
                spared.append(clicks_of_a_game(rules, SEATS, seed, answer, standing=False))
                stood.append(clicks_of_a_game(rules, SEATS, seed, answer))
            shares = [now / then for now, then in zip(stood, before, strict=True)]
            line = {
                "rules": rules,
                "answers_as": answer or "the first choice shown",
                "clicks_before": sum(before),
                "clicks_play_for_me": sum(spared),
                "clicks_standing": sum(stood),
                "share_play_for_me": round(sum(spared) / sum(before), 3),
                "share_standing": round(sum(stood) / sum(before), 3),
                "share_standing_median": round(statistics.median(shares), 3),
                "share_standing_range": [round(min(shares), 3), round(max(shares), 3)],
                "games_at_most_a_third": sum(share <= 1 / 3 for share in shares),
            }
            lines.append(line)
            print(
                f"{rules:15} {line['answers_as']:23} before {sum(before):5}  play for me "
                f"{line['share_play_for_me']:6.1%}  with standing answers "
                f"{line['share_standing']:6.1%} (games {min(shares):.0%}-{max(shares):.0%}, "
                f"{line['games_at_most_a_third']}/{args.seeds} at most a third)"
            )
    save_report(
        {
            "what": "a person's clicks in a whole game at three seats (the person, an eager "
            "landlord, a cautious tenant): every question answered, with play for me, and "
            "with play for me and the standing answers that agree with the person's",
            "seeds": f"1-{args.seeds}",
            "lines": lines,
            "cpu_seconds": round(time.process_time() - cpu, 1),
            "wall_seconds": round(time.perf_counter() - wall, 1),
            "machine": machine(),
            "commit": commit(),
        },
        RESULTS,
    )


if __name__ == "__main__":
    main()
