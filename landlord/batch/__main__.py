"""Compile the batch paths ahead of time: ``python -m landlord.batch``.

Plays one game of each family that has a batch path, with the rule-of-thumb
bots, so that numba compiles it and keeps it on disk; later runs (an
experiment, a class's first click) load it from there instead of waiting
for the compiler. ``make`` runs this when it installs the kit.
"""

from __future__ import annotations

import sys
import time


def main() -> int:
    from landlord.batch import numba_missing

    missing = numba_missing()
    if missing:
        print(
            f"landlord.batch: nothing compiled ({missing}); experiments use the reference engine"
        )
        return 0
    from landlord.experiments import _Figures
    from landlord.families import families
    from landlord.policies import make_policy
    from landlord.rules import available, load_rules

    for family in families():
        if not family.batch:
            continue
        info = next(info for info in available() if info.family == family.name)
        rules = load_rules(info.id)
        seats = [make_policy("eager_landlord")] * info.min_players
        start = time.perf_counter()
        module = __import__(family.batch, fromlist=["play"])
        module.play(rules, seats, [0], _Figures())
        took = time.perf_counter() - start
        print(f"landlord.batch: {family.name}'s batch path ready ({took:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
