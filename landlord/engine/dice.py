"""Two six-sided dice: the throws every track game makes, listed once.

A throw is a chance event whose outcomes are :data:`DICE`, the 36 equally
likely ordered pairs; the session samples one and the game reads it.
"""

from __future__ import annotations

from itertools import product

__all__ = ["DICE", "DICE_TOTAL", "Throw"]

#: A throw of the two dice, (first, second): what a flow is sent at a throw.
Throw = tuple[int, int]
#: The 36 equally likely throws of two dice, as (first, second).
DICE: tuple[Throw, ...] = tuple((a, b) for a, b in product(range(1, 7), repeat=2))
#: The total of each throw.
DICE_TOTAL: dict[Throw, int] = {throw: throw[0] + throw[1] for throw in DICE}
