"""Compile the batch paths ahead of time: ``python -m landlord.batch [--background]``.

Plays one game of each family that has a batch path, with the rule-of-thumb bots, so that
numba compiles it and keeps it on disk; later runs (an experiment, a class's first click)
load it from there instead of waiting for the compiler. ``make test`` and Binder's build
run this; an app or an experiment that finds the batch path not compiled yet runs it with
``--background``: quietly, only the families not compiled yet, and not at all while
another process is compiling (:mod:`landlord.batch.readiness`).
"""

from __future__ import annotations

import argparse
import sys


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m landlord.batch",
        description="Compile the experiments' batch path once for this installation.",
    )
    parser.add_argument(
        "--background",
        action="store_true",
        help="quietly, only what is not compiled yet, unless another process is compiling",
    )
    args = parser.parse_args(argv)

    from landlord.batch import numba_missing, prepare, readiness
    from landlord.engine.family import families

    missing = numba_missing()
    if missing:
        if not args.background:
            print(
                f"landlord.batch: nothing compiled ({missing}); "
                "experiments use the reference engine"
            )
        return 0
    if args.background:
        with readiness.compiling(wait=False) as held:
            if held:
                names = [f.batch for f in families() if f.batch and not readiness.ready(f.batch)]
                prepare(names)
        return 0
    with readiness.compiling(wait=True):
        for family, seconds in prepare():
            print(f"landlord.batch: {family}'s batch path ready ({seconds:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
