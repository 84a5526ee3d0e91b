"""Who wins when a game is stopped before one player is left: the highest score.

Several games end the same way when a round limit (the kit's, the engine's cap,
or a rule's own) stops them: among the players still in, the one with the
highest score wins, and players who tie share the win. What the score is
differs from game to game (net worth in Quikopoly and the Toll Road, money or
money and cells in Sackson's *Property*), so it comes in as a list. A family
that breaks a tie some other way (the later game gives it to the earlier seat)
writes its own ending.

Examples
--------
>>> highest([30, 50, 50], [0, 1, 2])
(1, 2)
>>> richest_win(["Ann", "Bob", "Cy"], [30, 50, 50], [0, 1, 2], "round 100 was reached")
((1, 2), 'round 100 was reached; Bob and Cy are the richest')
>>> richest_win(["Ann", "Bob"], [7, 5], [0, 1], "no cards left", one="has the most money",
...             many="have the most money")
((0,), 'no cards left; Ann has the most money')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

__all__ = ["highest", "richest_win"]


def highest(scores: Sequence[int], among: Iterable[int]) -> tuple[int, ...]:
    """The players of ``among`` with the highest of ``scores`` (indexed by player): one,
    or all of those who tie, in the order of ``among``."""
    players = list(among)
    best = max(scores[p] for p in players)
    return tuple(p for p in players if scores[p] == best)


def richest_win(
    names: Sequence[str],
    scores: Sequence[int],
    among: Iterable[int],
    reason: str,
    *,
    one: str = "is the richest",
    many: str = "are the richest",
) -> tuple[tuple[int, ...], str]:
    """The winners (:func:`highest`) and why the game ended: ``reason``, then who won
    ("...; Ann is the richest", with ``many`` after two or more names)."""
    winners = highest(scores, among)
    who = " and ".join(names[p] for p in winners)
    return winners, f"{reason}; {who} {one if len(winners) == 1 else many}"
