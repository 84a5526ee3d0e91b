"""The compiled batch path: many seeded games played without the ledger or the history.

Experiments (:func:`landlord.compare`, ``simulate``, ``sweep``, the claim's
grid) need only each game's figures: the net worth of every player at every
round's end, the end, the scorecard's sums and the family's own figures.
A family may offer a *batch path* that computes exactly these with its rules
compiled (numba): the same rules, the same bots and the same chance draws as
the reference engine (:class:`landlord.session.Session`), so the same games,
and a test compares every figure of thousands of seeded games between the
two (``tests/test_batch.py``).

A family names its batch module in ``Family.batch``. That module offers

* ``why_not(rules, policies) -> str | None``: None if it plays this rule set
  with these bots, else the reason in words (an option or a bot it does not
  cover);
* ``play(rules, policies, seeds, figures)``: play one game per seed and add
  each game's figures to ``figures`` (an experiment's :class:`~landlord.figures.Figures`).

Anything a batch path does not cover is played by the reference engine, and
the experiment says so (:func:`engine_for`); so is everything when the
environment variable ``LANDLORD_BATCH`` is ``off`` (to check a result against
the reference engine, or to time it). Compiled code is kept on disk
beside the module (numba's cache), so it is compiled once per installation. Nothing
waits for it (:mod:`.readiness`): until a family's compiled game is on disk its
experiments play on the reference engine while a process of its own compiles it in the
background, and only a run of :data:`readiness.COMPILE_NOW` games or more waits for the
compiler. ``python -m landlord.batch`` compiles everything ahead of time (``make test``
and Binder's build do; ``make run`` starts the app and compiles in the background).

numba itself is optional (the ``fast`` extra): without it everything plays on the
reference engine, the same games, only slower.

The chance draws are the session's own streams (:func:`chance_draws`,
:func:`turn_draws`), drawn in blocks by compiled code (:mod:`landlord.batch.streams`,
checked against numpy once a process: :func:`compiled_streams`) and handed to the
compiled game as arrays.
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
import os
import sys
import threading
from collections.abc import Sequence
from typing import Any

import numpy as np

from landlord.batch import follows, readiness
from landlord.scorecard import money_rows
from landlord.session import ChanceStream, TurnStream

__all__ = [
    "COMPILED",
    "REFERENCE",
    "WORTH_LOADING",
    "by_reference",
    "chance_draws",
    "compile_now",
    "compiled_streams",
    "engine_for",
    "engines",
    "money_table",
    "numba_missing",
    "prepare",
    "prepare_in_background",
    "round_tables",
    "turn_draws",
    "turned_off",
]

#: What an experiment says of a rule set the reference engine played.
REFERENCE = "the reference engine"
#: What it says of one the batch path played.
COMPILED = "the compiled batch path"
#: The fewest games the batch path plays in a process that has not loaded numba yet:
#: loading it costs about half a second of CPU (once per process: an app's kernel pays it
#: on its first experiment), which fewer games would not win back (the reference engine
#: plays about 500 games of the Landlord's Game and 1,000 of Quikopoly a CPU second).
WORTH_LOADING = 1000
#: Steps into a game from which :func:`prepare` plays one on (a family with ``play_on``).
PREPARE_STEPS = 60


def numba_missing() -> str | None:
    """Why the batch path cannot run here (numba is not installed), or None."""
    if importlib.util.find_spec("numba") is None:
        return "numba is not installed"
    return None


def turned_off() -> bool:
    """Whether the environment turns the batch path off (``LANDLORD_BATCH=off``)."""
    return os.environ.get("LANDLORD_BATCH", "").strip().lower() == "off"


def batch_module(rules: Any) -> Any | None:
    """The family's batch module for ``rules``, or None if its family has none."""
    from landlord.engine.family import family_of

    name = family_of(rules).batch
    return importlib.import_module(name) if name else None


def engine_for(rules: Any, policies: Sequence[Any]) -> tuple[str, str]:
    """Which engine plays ``rules`` with ``policies`` in an experiment, and why.

    Returns ``(COMPILED, "")`` or ``(REFERENCE, reason)``.
    """
    if turned_off():
        return REFERENCE, "the batch path is turned off: LANDLORD_BATCH=off"
    module = batch_module(rules)
    if module is None:
        return REFERENCE, "the batch path does not cover this family yet"
    why = (
        numba_missing()
        or module.why_not(rules, policies)
        or follows.unfollowed(rules, policies, module)
    )
    if why:
        return REFERENCE, why
    if not readiness.ready(module.__name__):
        return REFERENCE, readiness.NOT_READY
    return COMPILED, ""


def engines(
    rule_sets: Sequence[Any], line_ups: Sequence[Sequence[Any]], games: int
) -> list[tuple[str, str]]:
    """:func:`engine_for` each rule set of an experiment of ``games`` games each; the
    reference engine for all when the batch path would play too few games to be worth
    loading numba (:data:`WORTH_LOADING`) and this process has not loaded it yet."""
    chosen = [engine_for(r, seats) for r, seats in zip(rule_sets, line_ups, strict=True)]
    waiting = [batch_module(r).__name__ for r, (_, why) in zip(rule_sets, chosen, strict=True)
               if why == readiness.NOT_READY]  # fmt: skip
    if waiting and games * len(waiting) >= readiness.COMPILE_NOW:
        # Too many games for the reference engine: worth waiting for the compiler, once.
        compile_now(sorted(set(waiting)))
        chosen = [engine_for(r, seats) for r, seats in zip(rule_sets, line_ups, strict=True)]
    elif waiting:
        readiness.start_compiling()
    compiled = sum(games for engine, _ in chosen if engine == COMPILED)
    if compiled and compiled < WORTH_LOADING and "numba" not in sys.modules:
        why = f"fewer than {WORTH_LOADING:,} games: not worth loading the compiled code"
        chosen = [(REFERENCE, why) if engine == COMPILED else (engine, because)
                  for engine, because in chosen]  # fmt: skip
    return chosen


def round_tables(
    players: int, accounts: int, round_limit: int, round_cap: int
) -> tuple[np.ndarray, np.ndarray]:
    """The net worth and money tables a compiled game fills, a row per snapshot (round 0,
    every round's end, and a last one when a game ends mid-round): each player's net
    worth; every account's balance (players first), then the land rent paid so far to
    players and to the Public Treasury (:mod:`landlord.batch.money`)."""
    rounds = min(round_limit, round_cap) if round_limit else round_cap
    return (
        np.zeros((rounds + 2, players), np.int64),
        np.zeros((rounds + 2, accounts + 2), np.int64),
    )


def money_table(money: np.ndarray, snapshots: int, players: int, treasury: int, start: int):
    """A compiled game's money table (:func:`round_tables`) as the scorecard's rows
    (:func:`landlord.scorecard.money_by_round`): each player's cash, then where the
    players' money came from and where the land rent went, a row per snapshot.
    ``treasury`` is the Public Treasury's account, or -1."""
    return money_rows(money[:snapshots], players, treasury, start)


def by_reference(rules: Any, policies: Sequence[Any], seeds: Sequence[int], figures: Any) -> None:
    """Play these games by the reference engine and keep their figures (what a batch path
    does with a game, or a rule set, it does not follow)."""
    from landlord.session import Session

    for seed in seeds:
        figures.add(Session(rules, policies, seed=seed).run())


def prepare(only: Sequence[str] | None = None) -> list[tuple[str, float]]:
    """Compile (or, compiled already, load) the batch path of every family (or of the
    families whose batch modules are named in ``only``) now, by playing one short game of
    each: numba keeps what it compiles on disk, and :mod:`.readiness` notes it. Returns
    each family's name and the seconds it took; nothing when numba is missing."""
    if numba_missing():
        return []
    import time

    from landlord.engine.family import families

    done = []
    for family in families():
        if family.batch and (only is None or family.batch in only):
            start = time.perf_counter()
            _prepare_family(family)
            readiness.mark_ready(family.batch)
            done.append((family.name, time.perf_counter() - start))
    return done


def _prepare_family(family: Any) -> None:
    from landlord.figures import Figures
    from landlord.policies import make_policy
    from landlord.rules import available, load_rules
    from landlord.session import Session

    info = next(info for info in available() if info.family == family.name)
    seats = [make_policy("eager_landlord")] * info.min_players
    module = importlib.import_module(family.batch)
    rules = load_rules(info.id)
    module.play(rules, seats, [0], Figures())
    if hasattr(module, "play_on"):  # and from a position, for "what if we kept playing?"
        game = Session(rules, seats, seed=0).run(max_steps=PREPARE_STEPS)

        def start() -> Any:  # the position, its printed end lifted, two rounds more
            twin = game.clone()
            family.keep_playing(twin)
            twin.round_limit = game.round + 2
            return twin

        module.play_on(start, seats, [0], Figures(every_round=True))


def compile_now(modules: Sequence[str]) -> None:
    """Compile the batch paths of these families (batch modules' names) here and now,
    after any compiling another process is doing on this installation has ended (it may
    have made them ready meanwhile); says so on standard error, as it takes a while."""
    with readiness.compiling(wait=True):
        missing = [name for name in modules if not readiness.ready(name)]
        if missing:
            print(
                "landlord: compiling the batch path once for this installation "
                f"({', '.join(name.split('.')[-2] for name in missing)}; about a minute each)",
                file=sys.stderr,
            )
            prepare(missing)


def prepare_in_background() -> None:
    """:func:`prepare` in a thread of its own, once per process: an app starts it after
    its first experiment, so that the later ones, of any size, find the batch path loaded
    (:func:`engines` uses it as soon as numba is imported). A batch path not compiled
    yet is compiled by a process of its own instead (:func:`readiness.start_compiling`):
    compiling in a thread would take the kernel's own time."""
    global _preparing
    if _preparing is not None or numba_missing() or turned_off():
        return
    from landlord.engine.family import families

    if all(readiness.ready(family.batch) for family in families() if family.batch):
        _preparing = threading.Thread(target=prepare, name="landlord.batch", daemon=True)
        _preparing.start()
    else:  # not compiled yet: in a process of its own, not in this one's time
        readiness.start_compiling()


_preparing: threading.Thread | None = None


def chance_draws(seed: int, purpose: str, count: int) -> np.ndarray:
    """The first ``count`` numbers in [0, 1) a session's ``purpose`` stream hands out."""
    return _uniforms(seed, purpose, count)


def turn_draws(seed: int, purpose: str, turns: int) -> np.ndarray:
    """The table of a session's turn-keyed ``purpose`` stream for its first ``turns``
    turns (rounded up to whole blocks): row t holds the draws of turn t."""
    rows = -(-turns // TurnStream.TURNS) * TurnStream.TURNS
    return _uniforms(seed, purpose, rows * (TurnStream.WIDTH + 1)).reshape(rows, -1)


def _uniforms(seed: int, purpose: str, count: int) -> np.ndarray:
    """What ``ChanceStream(SeedSequence(seed), purpose).generator.random(count)`` gives:
    drawn by compiled code (:func:`landlord.batch.streams.draw`, several times faster than
    making the Generator) when it agrees with this numpy, else by numpy itself, as is a
    seed that is not a whole number >= 0 (which numpy refuses in its own words)."""
    if isinstance(seed, (int, np.integer)) and seed >= 0 and compiled_streams():
        # The module compiled_streams imported, looked up directly: an import statement
        # here cost as much as the compiled draw of a game's deal.
        return sys.modules["landlord.batch.streams"].draw(int(seed), purpose, count)
    return ChanceStream(np.random.SeedSequence(seed), purpose).generator.random(count)


@functools.cache
def compiled_streams() -> bool:
    """Whether the compiled streams draw what this numpy's Generator draws (checked once a
    process, on a seed of two words): a numpy whose streams differ is used itself."""
    from landlord.batch.streams import draw

    seed = 2**40 + 7
    expected = ChanceStream(np.random.SeedSequence(seed), "dice").generator.random(64)
    return bool(np.array_equal(draw(seed, "dice", 64), expected))
