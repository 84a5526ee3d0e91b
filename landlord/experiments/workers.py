"""Where an experiment's games are played: here, in worker processes started once for
the whole run, or on any executor; in batches, put back in order, so the figures are
the same whichever plays them.

A game is played by the family's compiled batch path (:mod:`landlord.batch`) or by the
reference engine (a :class:`~landlord.session.Session`); :func:`play_games` keeps its
figures either way in a :class:`~landlord.figures.Figures`.
"""

from __future__ import annotations

import math
import multiprocessing
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from functools import partial
from typing import Any

from landlord import batch
from landlord.engine.state import seat_count
from landlord.experiments.specs import Spec
from landlord.figures import Figures
from landlord.policies import Policy
from landlord.rules import load_rules
from landlord.session import Session

__all__ = [
    "BATCH",
    "COMPILED_BATCH",
    "COMPILED_STEP",
    "START_METHOD",
    "WorkerError",
    "game_player",
    "play_batch",
    "play_games",
    "play_here",
    "play_in",
    "progress_bar",
]

#: The most games sent to a worker at once when games are played in parallel: by the
#: reference engine, and by the compiled batch path.
BATCH = 50
COMPILED_BATCH = 5_000
#: Games the compiled batch path plays between two progress reports (in this process).
COMPILED_STEP = 250
#: How the worker processes are started. "fork" is explicit, not the default
#: of whatever Python runs: it starts workers at once, it needs no
#: ``if __name__ == "__main__":`` guard in the script that calls
#: :func:`~landlord.experiments.compare` (which "spawn" and "forkserver" do), and a bot class
#: defined in a notebook or a script reaches the workers. The workers play
#: games only and start no threads of their own; nor do the progress bars
#: (tqdm's monitor thread is left off), so the command line forks a process
#: of one thread. A program running threads of its own (a Jupyter kernel
#: does) that would rather not fork them (Python 3.12 and later warn that it
#: "may lead to deadlocks") passes ``executor=ProcessPoolExecutor(jobs,
#: mp_context=multiprocessing.get_context("forkserver"))``: the results are
#: the same whichever way the workers start.
START_METHOD = "fork"


class WorkerError(RuntimeError):
    """A process playing games in parallel ended before its games were played."""


def game_player(
    specs: list[Spec],
    rule_sets: list[Any],
    line_ups: list[list[Policy]],
    compiled: list[bool],
    jobs: int,
    executor: Executor | None,
    at_round: int | None,
):
    """What plays a list of seeds under every rule set and returns their figures: here,
    in ``jobs`` processes started once for the whole run, or on ``executor``."""

    @contextmanager
    def player() -> Iterator[Callable[..., list[Figures]]]:
        if executor is None and jobs == 1:
            yield partial(play_here, rule_sets, line_ups, compiled, at_round=at_round)
        elif executor is None:
            context = multiprocessing.get_context(START_METHOD)
            try:
                with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
                    yield partial(
                        play_in, pool, jobs, specs, line_ups, compiled, at_round=at_round
                    )
            except BrokenProcessPool as error:
                raise WorkerError(
                    "a process playing the games ended unexpectedly (killed, or out of "
                    "memory?); no results"
                ) from error
        else:
            yield partial(play_in, executor, jobs, specs, line_ups, compiled, at_round=at_round)

    return player()


@contextmanager
def progress_bar(
    progress: bool | Callable[[int, int], Any] | None, total: int
) -> Iterator[Callable[[int, int], Any] | None]:
    """What to call as games are played: ``progress`` itself, or a bar's update."""
    if progress is None or progress is False:
        yield None
    elif progress is True:
        from tqdm.auto import tqdm

        class Bar(tqdm):  # without tqdm's monitor thread: workers are forked from one thread
            monitor_interval = 0

        with Bar(total=total, unit="game", desc="playing", smoothing=0.1) as bar:
            yield lambda done, _: bar.update(done - bar.n)
    elif callable(progress):
        yield progress
    else:
        raise ValueError(f"progress is True, False, None or a callable, not {progress!r}")


def play_here(
    rule_sets: list[Any],
    line_ups: list[list[Policy]],
    compiled: list[bool],
    seeds: list[int],
    progress: Callable[[int, int], Any] | None,
    at_round: int | None = None,
) -> list[Figures]:
    """Play every game in this process, one rule set after another."""
    total = len(seeds) * len(rule_sets)
    played = []
    for index, (rule_set, seats, fast) in enumerate(
        zip(rule_sets, line_ups, compiled, strict=True)
    ):
        figures = Figures(at_round)
        # The batch path reports every few hundred games; the reference engine, every game.
        step = COMPILED_STEP if fast else 1
        for start in range(0, len(seeds), step):
            play_games(rule_set, seats, fast, seeds[start : start + step], figures)
            if progress is not None:
                progress(index * len(seeds) + len(figures.rows), total)
        played.append(figures)
    return played


def play_games(
    rules: Any, seats: list[Policy], compiled: bool, seeds: list[int], figures: Figures
) -> None:
    """Play a game per seed, by the compiled batch path or the reference engine, and
    keep its figures (the same figures either way: tests/test_batch.py)."""
    if compiled:
        seat_count(rules, seats)  # too many or too few: refused as the reference engine does
        batch.batch_module(rules).play(rules, seats, seeds, figures)
        return
    for game_seed in seeds:
        figures.add(Session(rules, seats, seed=game_seed).run())


def play_in(
    executor: Executor,
    jobs: int,
    specs: list[Spec],
    line_ups: list[list[Policy]],
    compiled: list[bool],
    seeds: list[int],
    progress: Callable[[int, int], Any] | None,
    at_round: int | None = None,
) -> list[Figures]:
    """Play the games in batches on ``executor`` and put the figures back in order.

    A batch is a quarter of each process's share, at most :data:`BATCH` games for the
    reference engine and :data:`COMPILED_BATCH` for the batch path (whose games are
    so quick that small batches would spend the time sending them)."""
    sizes = [
        max(1, min(COMPILED_BATCH if fast else BATCH, math.ceil(len(seeds) / (4 * jobs))))
        for fast in compiled
    ]
    batches = {
        executor.submit(
            play_batch, name, options, seats, fast, seeds[start : start + size], at_round
        ): (index, start)
        for index, ((name, options, _), seats, fast, size) in enumerate(
            zip(specs, line_ups, compiled, sizes, strict=True)
        )
        for start in range(0, len(seeds), size)
    }
    done, total = 0, len(seeds) * len(specs)
    results: dict[tuple[int, int], Figures] = {}
    for future in as_completed(batches):
        results[batches[future]] = figures = future.result()
        done += len(figures.rows)
        if progress is not None:
            progress(done, total)
    played = []
    for index, size in enumerate(sizes):
        figures = Figures(at_round)
        for start in range(0, len(seeds), size):
            figures.extend(results.pop((index, start)))
        played.append(figures)
    return played


def play_batch(
    rules: str,
    options: dict[str, Any],
    seats: list[Policy],
    compiled: bool,
    seeds: list[int],
    at_round: int | None = None,
) -> Figures:
    """Play one batch of games of one rule set (in a worker: everything here pickles)."""
    figures = Figures(at_round)
    play_games(load_rules(rules, **options), seats, compiled, seeds, figures)
    return figures
