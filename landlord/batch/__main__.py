"""Compile the batch paths ahead of time: ``python -m landlord.batch``.

Plays one game of each family that has a batch path, with the rule-of-thumb
bots, so that numba compiles it and keeps it on disk; later runs (an
experiment, a class's first click) load it from there instead of waiting
for the compiler. ``make`` runs this when it installs the kit.
"""

from __future__ import annotations

import sys


def main() -> int:
    from landlord.batch import numba_missing, prepare

    missing = numba_missing()
    if missing:
        print(
            f"landlord.batch: nothing compiled ({missing}); experiments use the reference engine"
        )
        return 0
    for family, seconds in prepare():
        print(f"landlord.batch: {family}'s batch path ready ({seconds:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
