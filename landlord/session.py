"""A session drives one game: it samples chance, asks the bots, waits for humans.

The session owns the randomness. From one seed it derives a separate stream
for each purpose (the deal, the dice, the Chance pack, Speculation throws, the
bots' own draws). The dice and Speculation throws are keyed by turn: turn t's
throws are the same whatever happened before, so a rule which throws more
often does not shift the dice of the turns after it, and game k of two rule
sets can be compared throw for throw. Same rule set, same players, same seed:
the same game.

Examples
--------
>>> from landlord.session import Session
>>> session = Session("landlords_game", ["eager_landlord", "cautious_tenant"], seed=3)
>>> game = session.run()
>>> game.is_over, game.end_reason
(True, 'a player has received his wages 5 times')
>>> Session("landlords_game", ["eager_landlord", "cautious_tenant"], seed=3).run().history == (
...     game.history)
True
"""

from __future__ import annotations

import os
import zlib
from collections.abc import Callable, Sequence
from functools import partial
from itertools import chain, repeat, starmap
from typing import Any

import numpy as np

from landlord.engine import CHANCE, NOBODY, GameState, new_game
from landlord.policies import Human, Policy, make_policy
from landlord.rules import load_rules
from landlord.rules.model import RuleSet

__all__ = ["TURN_KEYED", "ChanceStream", "Session", "TurnStream", "default_players"]

#: How many uniform numbers a stream draws from its Generator at a time: a
#: small first block (most purposes need a few dozen draws a game), then large.
FIRST_BLOCK, BLOCK = 32, 512


class ChanceStream:
    """Uniform draws for one purpose, from its own Generator, in buffered blocks.

    Parameters
    ----------
    seed : numpy.random.SeedSequence
        The session's seed sequence.
    purpose : str
        What the stream is for; each purpose gets an independent stream.
    """

    __slots__ = ("generator", "uniform")

    def __init__(self, seed: np.random.SeedSequence, purpose: str) -> None:
        key = (*seed.spawn_key, zlib.crc32(purpose.encode()))
        self.generator = np.random.default_rng(np.random.SeedSequence(seed.entropy, spawn_key=key))
        draw = self.generator.random
        blocks = chain(
            starmap(partial(draw, FIRST_BLOCK), repeat((), 1)),
            starmap(partial(draw, BLOCK), repeat(())),
        )
        #: The next number in [0, 1): blocks of draws, handed out one by one.
        self.uniform: Callable[[], float] = chain.from_iterable(
            map(np.ndarray.tolist, blocks)
        ).__next__

    def pick(self, count: int, weights: Sequence[float] | None = None) -> int:
        """An index in ``range(count)``, equally likely or by ``weights``."""
        u = self.uniform()
        if weights is None:
            return int(u * count)
        target = u * sum(weights)
        running = 0.0
        for index, weight in enumerate(weights):
            running += weight
            if target < running:
                return index
        return count - 1


class TurnStream:
    """Uniform draws keyed by the turn they are drawn in: the k-th draw of turn t.

    The dice are drawn this way. Game k of two rule sets then sees the same
    throws turn by turn, even when one rule set makes a player throw more
    often (to leave Jail, say) or less: a throw the other game does not make
    shifts nothing after it.

    Parameters
    ----------
    seed : numpy.random.SeedSequence
        The session's seed sequence.
    purpose : str
        What the stream is for; each purpose gets an independent table.
    game : GameState
        The game whose ``turns_played`` says which turn it is.
    """

    __slots__ = ("_game", "_next", "_rows", "_table", "_turn", "generator")

    #: Draws kept for each turn; a turn needing more goes on from the overflow row.
    WIDTH = 8
    #: Turns drawn at a time.
    TURNS = 256

    def __init__(self, seed: np.random.SeedSequence, purpose: str, game: Any) -> None:
        key = (*seed.spawn_key, zlib.crc32(purpose.encode()))
        self.generator = np.random.default_rng(np.random.SeedSequence(seed.entropy, spawn_key=key))
        self._game = game
        self._table: list[list[float]] = []
        self._turn = -1
        self._next = 0
        self._rows = 0

    def uniform(self) -> float:
        """The next number in [0, 1) of the current turn."""
        turn = self._game.turns_played
        if turn != self._turn:
            self._turn, self._next = turn, 0
        k = self._next
        self._next = k + 1
        while turn >= self._rows:  # the table grows in blocks of turns, in order
            block = self.generator.random((self.TURNS, self.WIDTH + 1))
            self._table.extend(block.tolist())
            self._rows += self.TURNS
        row = self._table[turn]
        if k < self.WIDTH:
            return row[k]
        # Very many throws in one turn: go on from a stream of the turn's own.
        extra = np.random.default_rng([int(row[self.WIDTH] * 2**32), k]).random()
        return float(extra)

    pick = ChanceStream.pick


#: The purposes whose draws are keyed by turn (see :class:`TurnStream`).
TURN_KEYED = ("dice", "speculation")


def default_players(count: int) -> list[str]:
    """The bots ``landlord.play`` seats when given only a number of players."""
    return ["eager_landlord"] * count


class Session:
    """Play a game: chance from the seeded streams, decisions from the policies.

    Parameters
    ----------
    rules : str, path or RuleSet
        A rule set id or the path of a rule-set file (options may follow as
        keywords), or a loaded rule set.
    players : sequence of str or Policy
        One per seat, in turn order: a strategy name, a policy, or ``"human"``.
    seed : int, optional
        The seed; ``None`` draws a fresh one (kept in :attr:`seed`).
    names : sequence of str, optional
        Display names; by default the strategy's name and the seat number.
    **options
        Rule set options, when ``rules`` is an id.
    """

    def __init__(
        self,
        rules: str | os.PathLike[str] | RuleSet,
        players: Sequence[str | Policy],
        seed: int | None = None,
        names: Sequence[str] | None = None,
        **options: Any,
    ) -> None:
        if isinstance(rules, str | os.PathLike):
            rules = load_rules(rules, **options)
        elif options:
            raise ValueError("options go with a rule set id, not a loaded rule set")
        self.rules = rules
        self.policies: list[Policy] = [make_policy(player).for_rules(rules) for player in players]
        if names is None:
            names = [f"{policy.name} {seat + 1}" for seat, policy in enumerate(self.policies)]
        if len(names) != len(self.policies):
            raise ValueError(f"{len(names)} names for {len(self.policies)} players")
        for name in names:
            if not isinstance(name, str):
                raise ValueError(f"a player's name is text, not {name!r}")
        self._seeded(seed)
        self.game: GameState = new_game(rules, list(names))

    def _seeded(self, seed: int | None) -> None:
        """Take ``seed`` (a fresh one if None) and make the chance streams' root from it."""
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or seed < 0):
            raise ValueError(f"a seed is a whole number >= 0, not {seed!r}")
        if seed is None:
            seed = int(np.random.SeedSequence().entropy)  # fresh entropy, kept to replay
        self.seed: int = seed
        self._sequence = np.random.SeedSequence(seed)
        self._streams: dict[str, ChanceStream] = {}

    @classmethod
    def continuing(
        cls, game: GameState, players: Sequence[str | Policy], seed: int | None = None
    ) -> Session:
        """A session that plays on from ``game`` as it stands (a game of its own, paused
        anywhere), with ``players`` in its seats and chance drawn afresh from ``seed``.

        The dice stay keyed by turn: two games continued from the same position with the
        same seed see the same throws turn by turn, whatever their rules do with them.

        Examples
        --------
        >>> game = Session("landlords_game", ["human", "eager_landlord"], seed=2).run()
        >>> game.decision_kind, game.round
        ('buy_dealt', 0)
        >>> on = Session.continuing(game, ["cautious_tenant", "eager_landlord"], seed=9).run()
        >>> on.is_over
        True
        """
        session = cls.__new__(cls)
        session.rules = game.rules
        session.policies = [make_policy(player).for_rules(game.rules) for player in players]
        if len(session.policies) != game.n_players:
            raise ValueError(f"{len(session.policies)} players for a game of {game.n_players}")
        session._seeded(seed)
        session.game = game
        return session

    @property
    def policy_rng(self) -> np.random.Generator:
        """The Generator the bots draw their own lots from (its own stream)."""
        return self.stream("policy").generator

    def stream(self, purpose: str) -> ChanceStream:
        """The chance stream for ``purpose`` (created on first use)."""
        stream = self._streams.get(purpose)
        if stream is None:
            if purpose in TURN_KEYED:
                stream = TurnStream(self._sequence, purpose, self.game)
            else:
                stream = ChanceStream(self._sequence, purpose)
            self._streams[purpose] = stream
        return stream

    @property
    def waiting_for(self) -> int | None:
        """The seat of the human whose decision the game waits for, else None."""
        actor = self.game.actor
        if actor >= 0 and isinstance(self.policies[actor], Human):
            return actor
        return None

    def answer(self, action: Any) -> None:
        """Apply a human's action (checked by the engine); then call :meth:`run`."""
        self.game.apply(action)

    def step(self) -> bool:
        """Take one decision or chance event; False if the game is over or waits."""
        self.run(max_steps=1)
        return self._moved

    def run(self, max_steps: int | None = None) -> GameState:
        """Play until the game ends, a human must decide, or ``max_steps`` are taken.

        This loop is the kit's hot path: it samples chance and asks the bots
        with as little Python in between as it can.
        """
        game = self.game
        policies = self.policies
        human = [isinstance(policy, Human) for policy in policies]
        views = game.observers()
        rng = self.policy_rng if any(policy.uses_rng for policy in policies) else None
        streams = self._streams
        history = game.history
        started = len(history)
        record = history.append
        send = game._flow_gen.send
        decides = [policy.decide for policy in policies]
        # What GameState.apply does, inlined: chance outcomes are taken from the
        # listed ones and a bot's choice is checked by identity (apply checks
        # anything else), then recorded and sent into the flow.
        for _ in repeat(None) if max_steps is None else repeat(None, max_steps):
            node = game._node
            actor = node[0]
            if actor == CHANCE:
                outcomes = node[2]
                stream = streams.get(node[1]) or self.stream(node[1])
                if node[3] is None:
                    choice = outcomes[int(stream.uniform() * len(outcomes))]
                else:
                    choice = outcomes[stream.pick(len(outcomes), node[3])]
            elif actor == NOBODY or human[actor]:
                break
            else:
                options = node[2]
                choice = decides[actor](views[actor], node[1], options, rng)
                if type(options) is not tuple and type(options) is not list:
                    game.apply(choice)  # a rule rather than a list (trades): it checks
                    continue
                for option in options:
                    if option is choice:
                        break
                else:
                    game.apply(choice)  # checked the long way (or refused)
                    continue
            record(choice)
            try:
                game._node = send(choice)
            except StopIteration:
                game._node = (NOBODY,)
        self._moved = len(history) > started
        return game
