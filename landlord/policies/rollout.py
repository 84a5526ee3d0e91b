"""Playing a copy of a game on, to see where a move leads: rollouts.

A bot that looks ahead (:mod:`landlord.policies.search`) tries a move on a copy
of the game and plays the copy on for a few rounds with simple players in every
seat, drawing chance itself: :func:`play_on` is that loop. The policies cannot
use the session's (:mod:`landlord.session` is built on them), so this is the
policies' own, small and shared by whoever plays games on.

Chance comes from :class:`TurnDraws`: uniform numbers keyed by the turn they are
drawn in and what they are for, so that two copies played on from the same
position with the same seed (after two different moves) see the same dice turn
by turn, even where one move leads to a card drawn and the other does not. The
two copies then differ by the move and what follows from it, not by their luck:
*common random numbers*, which make two moves' values far easier to compare.

:func:`standing` says how a copy ends for one seat: its return once the game is
over, and before that its share of the players' net worth.
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

import numpy as np

from landlord.engine.state import ChanceEvent, Decision

if TYPE_CHECKING:  # pragma: no cover - for the annotations only
    from landlord.engine.state import GameState
    from landlord.policies.base import Policy

__all__ = ["TurnDraws", "play_on", "standing"]


class TurnDraws:
    """Uniform draws for a rollout, keyed by turn and purpose: the k-th ``"dice"`` draw
    of turn t is the same in every rollout of one seed, whatever came before it.

    Parameters
    ----------
    seed : int
        The rollout's seed.

    Examples
    --------
    >>> draws = TurnDraws(5)
    >>> first = draws.uniform(12, "dice"), draws.uniform(12, "dice")
    >>> draws.restart()
    >>> _ = draws.uniform(12, "chance_card")  # another purpose shifts nothing
    >>> (draws.uniform(12, "dice"), draws.uniform(12, "dice")) == first
    True
    """

    #: Draws kept per turn and purpose; more in one turn come from the purpose's spill.
    WIDTH = 8
    #: Turns drawn at a time, per purpose.
    TURNS = 64

    __slots__ = ("_next", "_seed", "_spill", "_tables")

    def __init__(self, seed: int) -> None:
        self._seed = seed
        self._tables: dict[str, tuple[np.random.Generator, list[list[float]]]] = {}
        self._spill: dict[tuple[int, str], list[float]] = {}
        self._next: dict[tuple[int, str], int] = {}

    def restart(self) -> None:
        """Hand out the same draws again, from the first (for the next move's rollout)."""
        self._next.clear()

    def uniform(self, turn: int, purpose: str) -> float:
        """The next number in [0, 1) for ``purpose`` in turn ``turn`` (turns counted from 0)."""
        key = (turn, purpose)
        k = self._next.get(key, 0)
        self._next[key] = k + 1
        table = self._tables.get(purpose)
        if table is None:
            generator = np.random.default_rng([self._seed, zlib.crc32(purpose.encode())])
            table = self._tables[purpose] = (generator, [])
        generator, rows = table
        while turn >= len(rows):  # the rows grow in blocks of turns, in order
            rows.extend(generator.random((self.TURNS, self.WIDTH)).tolist())
        if k < self.WIDTH:
            return float(rows[turn][k])
        spill = self._spill.get(key)
        if spill is None:
            spill = self._spill[key] = []
        while len(spill) <= k - self.WIDTH:  # very many draws in one turn
            more = np.random.default_rng([self._seed, turn, zlib.crc32(purpose.encode()), k])
            spill.extend(more.random(self.WIDTH).tolist())
        return float(spill[k - self.WIDTH])


def _outcome(game: GameState, u: float) -> object:
    """The outcome of ``game``'s pending chance event that ``u`` (in [0, 1)) falls on, by
    the probabilities of :meth:`~landlord.engine.state.GameState.chance_outcomes`."""
    chances = game.chance_outcomes()
    for outcome, probability in chances:
        u -= probability
        if u < 0:
            return outcome
    return chances[-1][0]  # what rounding leaves over


def play_on(
    game: GameState,
    policies: Sequence[Policy],
    draws: TurnDraws,
    rng: np.random.Generator,
    rounds: int = 0,
) -> GameState:
    """Play ``game`` on (it changes) with ``policies`` in its seats and chance from ``draws``.

    Parameters
    ----------
    game : GameState
        A copy to play on: it is changed.
    policies : sequence of Policy
        One per seat; each is asked as the session asks (``decide``).
    draws : TurnDraws
        Chance: each outcome is picked with the probabilities of
        ``game.chance_outcomes()``.
    rng : numpy.random.Generator
        The players' own lots (a policy that draws them).
    rounds : int
        How many rounds to play on: stop when round ``game.round + rounds`` begins
        (0: to the game's end).

    Returns
    -------
    GameState
        ``game``, where it stopped.

    Examples
    --------
    >>> import numpy as np
    >>> from landlord.engine import new_game
    >>> from landlord.policies import make_policy
    >>> from landlord.rules import load_rules
    >>> game = new_game(load_rules("landlords_game"), ["Ann", "Bob"])
    >>> bots = [make_policy("eager_landlord")] * 2
    >>> play_on(game, bots, TurnDraws(1), np.random.default_rng(1), rounds=3).round
    3
    """
    last = game.round + rounds if rounds else None
    views = game.observers()
    decides = [policy.decide for policy in policies]
    apply = game.apply
    while not game.is_over and (last is None or game.round < last):
        pending = game.pending
        choice: Any
        if type(pending) is ChanceEvent:
            u = draws.uniform(game.turns_played, pending.purpose)
            if pending.weights is None:  # equally likely: no list of probabilities needed
                choice = pending.outcomes[int(u * len(pending.outcomes))]
            else:
                choice = _outcome(game, u)
        else:
            decision = cast(Decision, pending)
            seat = decision.player
            # As the session asks: the listed actions as the game lists them (a tuple,
            # or a rule such as the later game's trades), which a policy only reads.
            listed = cast("list[Any]", decision.actions)
            choice = decides[seat](views[seat], decision.kind, listed, rng)
        apply(choice)
    return game


def standing(game: GameState, seat: int) -> float:
    """How ``game`` stands for ``seat``, from 0 to 1: once it is over, the seat's return
    (1 for a winner, every player's when everyone wins; 0 otherwise); before that, an
    estimate of its chances, its share of the players' net worth (a debt counted as
    nothing: 1/n for an even game of n, near 1 for a player who holds nearly all).

    Examples
    --------
    >>> from landlord.engine import new_game
    >>> from landlord.rules import load_rules
    >>> standing(new_game(load_rules("landlords_game"), ["Ann", "Bob", "Cy", "Di"]), 2)
    0.25
    """
    if game.is_over:
        return game.returns()[seat]
    worths = [max(worth, 0) for worth in game.net_worths()]
    total = sum(worths)
    return worths[seat] / total if total else 1.0 / game.n_players
