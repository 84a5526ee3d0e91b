"""The forced fair trades: once no tile is face down, every swap that completes sets.

Seed 001: "Once all properties have been purchased ... all fair trades to make
sets must be made immediately." A set is *split* when two players hold one
tile each. A fair trade is a circle of two to four players, each handing the
next his half of a set split between them, so that every player in the
circle gives one tile and completes one set: two players each holding half of
two sets swap (four tiles); three players pass round three sets (six tiles);
four players four sets (eight tiles).

The kit makes the shortest circles first and, among circles of one length,
serves the players in turn order from the one after ``first`` and the sets
in their order (red ace-and-two first); a reading, since the text does not
say which sets go to whom when there is a choice.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

__all__ = ["find_circle", "split_sets"]


def split_sets(
    owner: Sequence[int], set_positions: dict[int, tuple[int, ...]]
) -> dict[tuple[int, int], list[int]]:
    """The sets split between each pair of players (the lower player first).

    Examples
    --------
    >>> split_sets([0, 1, 1, 0], {1: (0, 1), 2: (2, 3)})
    {(0, 1): [1, 2]}
    """
    split: dict[tuple[int, int], list[int]] = {}
    for s, (first, second) in set_positions.items():
        a, b = owner[first], owner[second]
        if a >= 0 and b >= 0 and a != b:
            split.setdefault((min(a, b), max(a, b)), []).append(s)
    return split


def find_circle(
    owner: Sequence[int],
    set_positions: dict[int, tuple[int, ...]],
    players: Sequence[int],
    largest: int = 4,
) -> list[tuple[int, int, int]] | None:
    """The first fair trade to make, as hand-overs ``(set, giver, taker)``, or None.

    ``players`` are the players in the order they are served. In the circle
    ``p0, p1, ..., pk-1``, ``p(i)`` hands ``p(i+1)`` his tile of a set split
    between them, so ``p(i+1)`` completes it.

    Examples
    --------
    Two players each holding half of two sets swap:

    >>> find_circle([0, 1, 1, 0], {1: (0, 1), 2: (2, 3)}, [0, 1])
    [(1, 0, 1), (2, 1, 0)]

    A single split set is no trade:

    >>> find_circle([0, 1, 1, 1], {1: (0, 1), 2: (2, 3)}, [0, 1]) is None
    True
    """
    split = split_sets(owner, set_positions)
    if not split:
        return None

    def between(a: int, b: int) -> list[int]:
        return split.get((min(a, b), max(a, b)), [])

    for length in range(2, min(largest, len(players)) + 1):
        for start in players:
            found = _extend([start], [], length, players, between)
            if found is not None:
                circle, sets = found
                return [(sets[i], circle[i], circle[(i + 1) % length]) for i in range(length)]
    return None


def _extend(
    circle: list[int],
    sets: list[int],
    length: int,
    players: Sequence[int],
    between: Callable[[int, int], list[int]],
) -> tuple[list[int], list[int]] | None:
    """Depth first: grow ``circle`` (players) and ``sets`` (the set each hands on)."""
    last = circle[-1]
    if len(circle) == length:
        for s in between(last, circle[0]):
            if s not in sets:
                return circle, [*sets, s]
        return None
    for player in players:
        if player in circle:
            continue
        for s in between(last, player):
            if s in sets:
                continue
            found = _extend([*circle, player], [*sets, s], length, players, between)
            if found is not None:
                return found
    return None
