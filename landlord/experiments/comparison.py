"""Experiments: play many games under several rule sets and compare how wealth ends up.

:func:`compare` plays the same games under each rule set: game k of every
rule set uses the same session seed, and since a session draws the deal, the
dice, the Chance cards and Speculation from separate streams, and the dice of
each turn by the turn's number, game k sees the same throws and cards whatever
the rules do with them. The difference between
two rule sets is then measured game by game (a paired comparison), which
needs far fewer games than comparing two unrelated samples.

A rule set is named by a *spec*: its id (or the path of a rule-set file),
optionally with options, either as ``(id, {option: value})`` or as text,
``"landlords_game[advanced=true,round_limit=40]"``. The text form is the
spec's label in the tables.

Examples
--------
>>> from landlord.experiments import compare
>>> result = compare(["landlords_game", "landlords_game[advanced=true]"], games=3, seed=1)
>>> list(result.summary.index)
['landlords_game', 'landlords_game[advanced=true]']
>>> result.summary["games"].tolist()
[3, 3]
"""

from __future__ import annotations

import math
import multiprocessing
import os
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from functools import cached_property, partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from landlord import batch, limits
from landlord.engine.family import Figure
from landlord.engine.state import seat_count
from landlord.figures import Figures
from landlord.metrics import mean_interval
from landlord.money import money
from landlord.policies import Policy, make_policy
from landlord.rules import RulesError, load_rules
from landlord.scorecard import (
    AT_A_ROUND,
    GROUPS,
    MEASURES,
    position_figures,
)
from landlord.session import Session, default_players

if TYPE_CHECKING:
    import pandas as pd

    from landlord.running import RunningSummary

__all__ = [
    "DEFAULT_RULES",
    "Comparison",
    "WorkerError",
    "bot_mix",
    "check_at_round",
    "check_option_values",
    "compare",
    "game_seeds",
    "load_results",
    "option_value",
    "option_words",
    "parse_spec",
    "results_files",
    "rule_set_names",
    "simulate",
    "spec_label",
    "split_specs",
    "sweep",
]

#: What :func:`compare` compares unless told otherwise.
#: The monopolist rules against the single tax: Magie's own pair. (Prosperity is
#: the single tax with a win test reported for 1932; it can be named.)
DEFAULT_RULES = ("landlords_game", "single_tax")
#: The confidence level of the intervals in the summary.
LEVEL = 0.95
#: The most games sent to a worker at once when games are played in parallel: by the
#: reference engine, and by the compiled batch path.
BATCH = 50
COMPILED_BATCH = 5_000
#: Games the compiled batch path plays between two progress reports (in this process).
COMPILED_STEP = 250
#: Games per rule set played, written and forgotten at a time when results are
#: streamed (``stream_to``): a block of 20,000 games of 40 rounds keeps about 60 MB.
STREAM_BLOCK = 20_000
#: What :func:`sweep` may vary besides a rule set's options: the number of
#: seats (all the same bot), or the bot in every seat.
SEAT_PARAMETERS = ("players", "bots")
#: The most games per rule set one run plays: a million games of 40 rounds
#: keep about 1.3 GB of figures.
MAX_GAMES = 1_000_000
#: The most seats at a table (no rule set seats more than a few; this stops a
#: slip such as ``players=10**6`` before a million bots are made).
MAX_SEATS = 64
#: The most processes one run starts (``jobs``).
MAX_JOBS = 64
#: The latest common round a comparison may read its measures at (no game is longer than
#: a family's cap of rounds, a few thousand).
MAX_AT_ROUND = 10_000
#: The largest whole number a rule option may be set to, plus or minus (a
#: thousand billion): money is kept as 64-bit integers, and a game multiplies
#: its sums of money many times over before it ends.
MAX_OPTION_NUMBER = 10**12
#: How the worker processes are started. "fork" is explicit, not the default
#: of whatever Python runs: it starts workers at once, it needs no
#: ``if __name__ == "__main__":`` guard in the script that calls
#: :func:`compare` (which "spawn" and "forkserver" do), and a bot class
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


#: A rule spec as text: an id or path, then optionally ``[NAME=VALUE,...]``.
_SPEC = re.compile(r"\s*([^\[\]]*?)\s*(?:\[([^\[\]]*)\])?\s*", re.DOTALL)
_DECIMAL = re.compile(r"[+-]?(\d+\.\d*|\.\d+|\d+(?=[eE]))([eE][+-]?\d+)?")

#: One rule spec, resolved: (id or path, options, label).
Spec = tuple[str, dict[str, Any], str]


# --- Rule specs ------------------------------------------------------------------


def option_value(text: str) -> Any:
    """An option value written as text: true/false, a whole number, a decimal, or text.

    Examples
    --------
    >>> option_value("true"), option_value("30"), option_value("0.25"), option_value("broker")
    (True, 30, 0.25, 'broker')
    >>> option_value("nan")
    'nan'
    """
    stripped = text.strip()
    lowered = stripped.lower()
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    try:
        return int(stripped)
    except ValueError:
        pass
    if _DECIMAL.fullmatch(stripped):
        return float(stripped)
    return stripped


def split_specs(text: str) -> list[str]:
    """Split comma-separated rule specs, leaving the commas inside ``[...]`` alone.

    Examples
    --------
    >>> split_specs("landlords_game[advanced=true,round_limit=40],prosperity")
    ['landlords_game[advanced=true,round_limit=40]', 'prosperity']

    Raises
    ------
    ValueError
        If the brackets do not pair up, or a spec is empty.
    """
    specs, depth, start = [], 0, 0
    for position, char in enumerate(text):
        if char == "[":
            depth += 1
        elif char == "]":
            depth -= 1
            if depth < 0:
                raise ValueError(f"bad rule specs {text!r}: a ']' without its '['")
        elif char == "," and depth == 0:
            specs.append(text[start:position].strip())
            start = position + 1
    if depth:
        raise ValueError(f"bad rule specs {text!r}: a '[' without its ']'")
    specs.append(text[start:].strip())
    if not all(specs):
        raise ValueError(f"bad rule specs {text!r}: an empty rule spec")
    return specs


def parse_spec(spec: str | os.PathLike[str] | tuple[Any, Mapping[str, Any]]) -> tuple[str, dict]:
    """The rule set id (or path) and the options that a rule spec names.

    Parameters
    ----------
    spec : str, path or (id, options)
        ``"landlords_game"``, ``"landlords_game[advanced=true,round_limit=40]"``,
        a path, or a pair ``("landlords_game", {"advanced": True})``. Values
        in the text form are read by :func:`option_value`.

    Raises
    ------
    ValueError
        If the spec cannot be read; the message names it.

    Examples
    --------
    >>> parse_spec("landlords_game[advanced=true, round_limit=40]")
    ('landlords_game', {'advanced': True, 'round_limit': 40})
    >>> parse_spec(("landlords_game", {"advanced": True}))
    ('landlords_game', {'advanced': True})
    >>> parse_spec("landlords_game[advanced]")
    Traceback (most recent call last):
    ...
    ValueError: bad rule spec 'landlords_game[advanced]': 'advanced' is not NAME=VALUE
    """
    if isinstance(spec, os.PathLike):
        return os.fspath(spec), {}
    if isinstance(spec, tuple) and len(spec) == 2:
        rules, options = spec
        if not isinstance(rules, str | os.PathLike) or not os.fspath(rules).strip():
            raise ValueError(f"bad rule spec {spec!r}: expected a rule set id or path first")
        if not isinstance(options, Mapping) or not all(isinstance(k, str) for k in options):
            raise ValueError(f"bad rule spec {spec!r}: expected {{option: value}} second")
        return os.fspath(rules).strip(), dict(options)
    if not isinstance(spec, str):
        raise ValueError(
            f"bad rule spec {spec!r}: expected an id, ID[NAME=VALUE,...] or (id, options)"
        )
    match = _SPEC.fullmatch(spec)
    if match is None or not match.group(1):
        raise ValueError(f"bad rule spec {spec!r}: expected ID or ID[NAME=VALUE,...]")
    rules, inside = match.groups()
    options: dict[str, Any] = {}
    for item in (inside or "").split(",") if (inside or "").strip() else ():
        name, equals, value = (part.strip() for part in item.partition("="))
        if not equals or not name or not value:
            raise ValueError(f"bad rule spec {spec!r}: {item.strip()!r} is not NAME=VALUE")
        if name in options:
            raise ValueError(f"bad rule spec {spec!r}: option {name!r} given twice")
        options[name] = option_value(value)
    return rules, options


def spec_label(rules: str, options: Mapping[str, Any]) -> str:
    """The text form of a rule spec, as the tables label it.

    Examples
    --------
    >>> spec_label("landlords_game", {"advanced": True, "round_limit": 40})
    'landlords_game[advanced=true,round_limit=40]'
    >>> spec_label("landlords_game", {})
    'landlords_game'
    """
    if not options:
        return rules
    shown = (
        f"{name}={str(value).lower() if isinstance(value, bool) else value}"
        for name, value in options.items()
    )
    return f"{rules}[{','.join(shown)}]"


def _resolve(rules: str | Iterable[Any]) -> list[Spec]:
    """Every spec as (id, options, label); a label that repeats gets ' #2', ' #3', ..."""
    specs = split_specs(rules) if isinstance(rules, str) else list(rules)
    if not specs:
        raise ValueError("compare needs at least one rule set")
    resolved, seen = [], {}
    for spec in specs:
        name, options = parse_spec(spec)
        check_option_values(options)
        label = spec_label(name, options)
        seen[label] = seen.get(label, 0) + 1
        if seen[label] > 1:
            label = f"{label} #{seen[label]}"
        resolved.append((name, options, label))
    return resolved


def check_option_values(options: Mapping[str, Any]) -> None:
    """Refuse a whole-number option beyond :data:`MAX_OPTION_NUMBER` either way.

    Examples
    --------
    >>> check_option_values({"wages": 2**63})
    Traceback (most recent call last):
    ...
    ValueError: option wages: at most 1,000,000,000,000 either way, not 9,223,372,036,854,775,808
    """
    for name, value in options.items():
        if isinstance(value, int) and not isinstance(value, bool):  # noqa: SIM102
            if abs(value) > MAX_OPTION_NUMBER:
                raise ValueError(
                    f"option {name}: at most {MAX_OPTION_NUMBER:,} either way, not {value:,}"
                )


def check_at_round(at_round: Any) -> None:
    """Refuse a common round that is not a whole number from 1 to :data:`MAX_AT_ROUND`.

    >>> check_at_round(0)
    Traceback (most recent call last):
    ...
    ValueError: at_round is a whole number from 1 to 10,000, or None, not 0
    """
    if at_round is None:
        return
    if (
        not isinstance(at_round, int)
        or isinstance(at_round, bool)
        or not 1 <= at_round <= MAX_AT_ROUND
    ):
        raise ValueError(
            f"at_round is a whole number from 1 to {MAX_AT_ROUND:,}, or None, not {at_round!r}"
        )


def game_seeds(seed: int, games: int) -> list[int]:
    """The session seed of each game, derived from one seed.

    Game k's seed does not depend on how many games are played, so the first
    100 games of a 1,000-game run are the games of a 100-game run.

    Examples
    --------
    >>> game_seeds(7, 5)[:3] == game_seeds(7, 3)
    True
    """
    return np.random.SeedSequence(seed).generate_state(games, dtype=np.uint64).tolist()


# --- Playing ---------------------------------------------------------------------


def compare(
    rules: str | Sequence[Any] = DEFAULT_RULES,
    games: int = 100,
    players: int | Sequence[str | Policy] = 4,
    seed: int = 0,
    progress: bool | Callable[[int, int], Any] | None = None,
    jobs: int = 1,
    executor: Executor | None = None,
    at_round: int | None = None,
    stream_to: str | os.PathLike[str] | bool | None = None,
) -> Comparison:
    """Play the same games under each rule set and compare their inequality.

    Parameters
    ----------
    rules : sequence of rule specs, or str
        Rule sets to compare (one or more): ids or paths, ``(id, {option:
        value})`` pairs, or text such as ``"landlords_game[advanced=true]"``;
        a single string may list several, comma-separated. Differences are
        measured against the first.
    games : int
        Games per rule set.
    players : int or sequence
        A number of seats, all ``eager_landlord`` bots, or one strategy name
        (see :data:`landlord.policies.STRATEGIES`) or policy per seat.
    seed : int
        Game k of every rule set is played with the same session seed, the
        k-th of :func:`game_seeds` (``seed``); same arguments, same results.
    progress : bool or callable, optional
        ``True`` shows a progress bar (a widget in a notebook, a line of text
        in a terminal); a callable is called as ``progress(done, total)`` as
        games are played (after every game the reference engine plays, every
        250 the compiled batch path plays, or every batch of games when they
        are played in parallel).
    jobs : int
        Processes to play the games in (1: here, in this process).
    executor : concurrent.futures.Executor, optional
        Where to play them instead: any executor, for example a Dask
        client's ``client.get_executor()``. The games are sent in batches and
        put back in order, so the results are the same whatever plays them.
    at_round : int, optional
        Read every measure at the end of this round too, a common round for
        every rule set, besides at each game's end (rule sets whose games end
        at different times are otherwise compared at different moments). A
        game that ended before it counts with its figures at its end, and the
        table says how many did.
    stream_to : path or True, optional
        Play the games in blocks of :data:`STREAM_BLOCK` and keep only running
        sums, so that memory stays flat however many games are played: each
        block's per-game tables go to this ``.csv`` or ``.parquet`` results set
        as it is played (``True``: to no file), and the set is put in place
        when the last block is done (an error or Ctrl-C leaves the old files).
        The comparison returned has the summary, the curves and ``table()``;
        its ``games`` and ``per_player`` are None (:func:`load_results` reads
        them from the files). Each summary mean and interval is the whole
        column's, up to the last digits of floating point; with several rule
        sets the games table lists each block's games rule set by rule set.

    Returns
    -------
    Comparison
        ``.games`` (one row per rule set and game), ``.per_round``,
        ``.summary``, ``.table()`` and ``.to_json()``.

    Raises
    ------
    ValueError
        For a bad spec (naming it), an unknown rule set or option
        (:class:`landlord.rules.RulesError`), a number of players the rules do
        not allow, a human seat, or a bad ``games`` or ``seed``.
    """
    specs = _resolve(rules)
    seats = _seats(players)
    return _experiment(
        specs,
        [seats] * len(specs),
        games,
        seed,
        progress,
        jobs,
        executor,
        at_round=at_round,
        stream_to=stream_to,
    )


def _seats(players: int | Sequence[str | Policy]) -> list[Policy]:
    """The bots of one table: a number of eager landlords, or one strategy per seat."""
    if isinstance(players, str):
        raise ValueError(f"players is a number or one strategy per seat, not {players!r}")
    if isinstance(players, int) and not isinstance(players, bool) and players > MAX_SEATS:
        raise ValueError(f"players is at most {MAX_SEATS}, not {players:,}")
    seats = default_players(players) if isinstance(players, int) else list(players)
    policies = [make_policy(seat) for seat in seats]  # made once: bots keep nothing between games
    if any(policy.name == "human" for policy in policies):
        raise ValueError("experiments seat only bots, not 'human'")
    return policies


def _experiment(
    specs: list[Spec],
    line_ups: list[list[Policy]],
    games: int,
    seed: int,
    progress: bool | Callable[[int, int], Any] | None,
    jobs: int,
    executor: Executor | None,
    swept: tuple[str, Sequence[Any]] | None = None,
    at_round: int | None = None,
    stream_to: str | os.PathLike[str] | bool | None = None,
) -> Comparison:
    """Play game k of every rule spec, with its line-up of bots, from the same seed.

    ``swept``: the parameter a sweep varies and its value for each spec; ``at_round``:
    the common round to read the measures at too; ``stream_to``: see :func:`compare`.
    """
    import landlord

    for name, value, least, most in (
        ("games", games, 1, MAX_GAMES),
        ("a seed", seed, 0, None),
        ("jobs", jobs, 1, MAX_JOBS),
    ):
        if not isinstance(value, int) or isinstance(value, bool) or value < least:
            raise ValueError(f"{name} is a whole number >= {least}, not {value!r}")
        if most is not None and value > most:
            raise ValueError(f"{name} is at most {most:,}, not {value:,}")
    check_at_round(at_round)
    files = _stream_files(stream_to)
    rule_sets = [load_rules(name, **options) for name, options, _ in specs]
    seeds = game_seeds(seed, games)
    engines = batch.engines(rule_sets, line_ups, games)
    compiled = [engine == batch.COMPILED for engine, _ in engines]
    parameters = {
        "rules": [
            {
                "rules": name,
                "options": options,
                "label": label,
                "players": [seat.name for seat in seats],
                **_history(rule_set, options),
                "currency": rule_set.info.currency,
                "played_by": engine,
                "played_by_because": because,
            }
            for (name, options, label), rule_set, seats, (engine, because) in zip(
                specs, rule_sets, line_ups, engines, strict=True
            )
        ],
        "games": games,
        "players": [seat.name for seat in line_ups[0]],
        "seed": seed,
        "level": LEVEL,
        "at_round": at_round,
        "landlord_version": landlord.__version__,
    }
    if swept is not None:
        name, values = swept
        parameters["sweep"] = {"parameter": name, "values": list(values)}
    with (
        _progress_bar(progress, len(seeds) * len(specs)) as report,
        _player(specs, rule_sets, line_ups, compiled, jobs, executor, at_round) as play,
    ):
        if stream_to is None:
            return Comparison(parameters, seeds, play(seeds, report))
        return _streamed(parameters, seeds, play, report, files)


def _player(
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
            yield partial(_play_here, rule_sets, line_ups, compiled, at_round=at_round)
        elif executor is None:
            context = multiprocessing.get_context(START_METHOD)
            try:
                with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
                    yield partial(
                        _play_in, pool, jobs, specs, line_ups, compiled, at_round=at_round
                    )
            except BrokenProcessPool as error:
                raise WorkerError(
                    "a process playing the games ended unexpectedly (killed, or out of "
                    "memory?); no results"
                ) from error
        else:
            yield partial(_play_in, executor, jobs, specs, line_ups, compiled, at_round=at_round)

    return player()


def _stream_files(stream_to: str | os.PathLike[str] | bool | None) -> list[Path]:
    """The results files a streamed run writes (none for ``True``), checked first."""
    if stream_to is None or stream_to is True:
        return []
    if isinstance(stream_to, bool | int):  # False, or a number
        raise ValueError(
            f"stream_to is a results path (.csv or .parquet) or True, not {stream_to!r}"
        )
    path = Path(stream_to)
    if path.suffix not in _TABLE_FORMATS:
        raise ValueError(
            f"{path.name}: results are streamed to .csv or .parquet files (.json is one "
            "document, written whole)"
        )
    if path.suffix == ".parquet":
        _needs_pyarrow()
    return results_files(path)


def _streamed(
    parameters: dict[str, Any],
    seeds: list[int],
    play: Callable[..., list[Figures]],
    report: Callable[[int, int], Any] | None,
    files: list[Path],
) -> Comparison:
    """Play the seeds a block at a time: write each block's tables to ``files`` (if any)
    and keep only running sums (:mod:`landlord.running`); return the comparison made of
    those, whose per-game tables are in the files."""
    from landlord.running import BlockWriter

    total = len(seeds) * len(parameters["rules"])
    writer = BlockWriter(files, Comparison._meta_of(parameters)) if files else None
    running: RunningSummary | None = None
    curve_columns: list[str] = []
    try:
        for start in range(0, len(seeds), STREAM_BLOCK):
            block = seeds[start : start + STREAM_BLOCK]
            done = start * len(parameters["rules"])
            step = None if report is None else (lambda n, _, done=done: report(done + n, total))
            part = Comparison(parameters, block, play(block, step))
            part.games["game"] += start
            part.per_player["game"] += start
            if running is None:
                running = part._running_summary()
                curve_columns = [c for c in part.per_round.columns if c.startswith("mean_")]
            running.add_games(part.games)
            for label, frame in part.per_round.groupby("label", sort=False):
                curve, lengths = part._curves[label]
                running.add_running(label, lengths)
                running.add_curve(label, "mean_gini_net_worth", *_defined_sums(curve))
                for column in curve_columns:
                    if column == "mean_gini_net_worth":
                        continue  # summed above, over the games where it is defined
                    means = frame[column].to_numpy(dtype=float)
                    running.add_curve(label, column, means * len(lengths), len(lengths))
            if writer is not None:
                writer.append(files[0], part.games)
                writer.append(files[2], part.per_player)
            del part
        assert running is not None  # at least one game is played
        result = Comparison._from_running(parameters, running, curve_columns)
        if writer is not None:
            writer.finish(result._last_files(files))
        return result
    except BaseException:
        if writer is not None:
            writer.discard()
        raise


def _defined_sums(table: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per column, the sum and the count of the defined (not ``nan``) values."""
    defined = ~np.isnan(table)
    return np.where(defined, table, 0.0).sum(axis=0), defined.sum(axis=0)


def simulate(
    rules: str | Any = "landlords_game",
    games: int = 100,
    players: int | Sequence[str | Policy] = 4,
    seed: int = 0,
    progress: bool | Callable[[int, int], Any] | None = None,
    jobs: int = 1,
    executor: Executor | None = None,
    at_round: int | None = None,
    stream_to: str | os.PathLike[str] | bool | None = None,
) -> Comparison:
    """Play many games of one rule set: :func:`compare` with a single rule spec.

    Examples
    --------
    >>> result = simulate("landlords_game[round_limit=10]", games=4, seed=1)
    >>> len(result.games), len(result.per_player)
    (4, 16)
    """
    return compare([rules], games, players, seed, progress, jobs, executor, at_round, stream_to)


def sweep(
    rules: str | Any,
    option: str,
    values: Sequence[Any],
    games: int = 100,
    players: int | Sequence[str | Policy] = 4,
    seed: int = 0,
    progress: bool | Callable[[int, int], Any] | None = None,
    jobs: int = 1,
    executor: Executor | None = None,
    at_round: int | None = None,
    stream_to: str | os.PathLike[str] | bool | None = None,
) -> Comparison:
    """Play the same games at every value of one option (a paired sweep).

    ``rules`` is one rule spec (its own options stay as given); ``option``
    is one of the rule set's options (``landlord rules ID`` lists them:
    ``land_value_tax``, ``starting_cash``, ``wages``, ...), or ``"players"``
    (values: numbers of seats, filled with ``players``' bots in turn, or
    eager landlords) or ``"bots"`` (values: bot mixes, see :func:`bot_mix`,
    such as ``"single_taxer"`` or ``"eager_landlord+cautious_tenant"``); and
    ``values`` the settings to try. Game k is played from the same seed at
    every value, so differences are measured game by game against the first
    value, as :func:`compare` does (with another number of players, game k
    is a different game: the deal goes round another table). ``stream_to``
    plays a long sweep in blocks, as :func:`compare` does.

    Examples
    --------
    >>> result = sweep("landlords_game[round_limit=10]", "land_value_tax", [0, 0.5], games=3)
    >>> for label in result.summary.index:
    ...     print(label)
    landlords_game[round_limit=10,land_value_tax=0]
    landlords_game[round_limit=10,land_value_tax=0.5]
    """
    name, options = parse_spec(rules)
    check_option_values(options)
    if not values:
        raise ValueError(f"sweep needs values for {option!r}")
    if len(set(map(_sweep_value, values))) != len(values):
        raise ValueError(f"sweep values for {option!r} repeat: {list(values)!r}")
    if option not in SEAT_PARAMETERS:
        specs = _resolve([(name, {**options, option: value}) for value in values])
        line_ups = [_seats(players)] * len(specs)
    else:
        # The table itself changes: how many seats, or which bots sit at it.
        label = spec_label(name, options)
        seats = players if isinstance(players, int) else len(players)
        if option == "players":
            mix = default_players(1) if isinstance(players, int) else players
            for value in values:
                if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                    raise ValueError(f"players are whole numbers >= 1, not {value!r}")
                if value > MAX_SEATS:
                    raise ValueError(f"players are at most {MAX_SEATS}, not {value:,}")
            line_ups = [_seats(bot_mix(mix, value)) for value in values]
            values = list(values)
        else:
            line_ups = [_seats(bot_mix(value, seats)) for value in values]
            values = [_mix_label(value) for value in values]
        unit = " players" if option == "players" else ""
        specs = [(name, dict(options), f"{label}, {value}{unit}") for value in values]
    return _experiment(
        specs,
        line_ups,
        games,
        seed,
        progress,
        jobs,
        executor,
        swept=(option, values),
        at_round=at_round,
        stream_to=stream_to,
    )


def _sweep_value(value: Any) -> tuple[str, Any]:
    """What makes two sweep values the same: 0 and 0.0 are, true and 1 are not.

    Examples
    --------
    >>> _sweep_value(0) == _sweep_value(0.0), _sweep_value(True) == _sweep_value(1)
    (True, False)
    """
    if isinstance(value, bool):
        return "truth", value
    if isinstance(value, int | float):
        return "number", value
    return "text", str(value)


def bot_mix(mix: str | Sequence[str | Policy], seats: int) -> list[str | Policy]:
    """The bot in each of ``seats`` seats: a mix's strategies in turn, round the table.

    ``mix`` is one strategy, a sequence of them, or text joining them with
    ``+``; the mix repeats until every seat has a bot.

    Examples
    --------
    >>> bot_mix("eager_landlord+cautious_tenant", 4)
    ['eager_landlord', 'cautious_tenant', 'eager_landlord', 'cautious_tenant']
    >>> bot_mix("single_taxer", 3)
    ['single_taxer', 'single_taxer', 'single_taxer']
    """
    names = _mix_names(mix)
    return [names[seat % len(names)] for seat in range(seats)]


def _mix_names(mix: str | Sequence[str | Policy]) -> list[str | Policy]:
    """The strategies (or policies) a bot mix names, in order."""
    names = mix.split("+") if isinstance(mix, str) else list(mix)
    names = [name.strip() if isinstance(name, str) else name for name in names]
    if not names or not all(isinstance(name, Policy) or name for name in names):
        raise ValueError(f"a bot mix names strategies, like 'eager_landlord+random', not {mix!r}")
    return names


def _mix_label(mix: str | Sequence[str | Policy]) -> str:
    """A bot mix as text: its strategies joined by '+'."""
    return "+".join(getattr(name, "name", name) for name in _mix_names(mix))


@contextmanager
def _progress_bar(
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


def _play_here(
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
            _play_games(rule_set, seats, fast, seeds[start : start + step], figures)
            if progress is not None:
                progress(index * len(seeds) + len(figures.rows), total)
        played.append(figures)
    return played


def _play_games(
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


def _play_in(
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
            _play_batch, name, options, seats, fast, seeds[start : start + size], at_round
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


def _play_batch(
    rules: str,
    options: dict[str, Any],
    seats: list[Policy],
    compiled: bool,
    seeds: list[int],
    at_round: int | None = None,
) -> Figures:
    """Play one batch of games of one rule set (in a worker: everything here pickles)."""
    figures = Figures(at_round)
    _play_games(load_rules(rules, **options), seats, compiled, seeds, figures)
    return figures


def _history(rules: Any, options: Mapping[str, Any]) -> dict[str, Any]:
    """How firm a rule set is: its title and status, and the modern options set."""
    modern = [
        option.name
        for option in rules.declared_options
        if option.name in options
        and option.provenance is not None
        and option.provenance.status == "modern"
        and options[option.name] != option.default
    ]
    return {"title": rules.info.title, "status": rules.info.status, "modern_options": modern}


# --- The result ------------------------------------------------------------------

#: The columns of :attr:`Comparison.games` that every game has before the scorecard's
#: measures; each family's own figures (``Family.figures``) follow those.
_GAME_COLUMNS = (
    "rounds",
    "turns",
    "end_reason",
    "bankrupt_players",
    "treasury_collected",
    "treasury_spent",
)
#: The figures the summary gives with an interval, and with their paired difference
#: from the first rule set (each also with ``_undefined``: the games where it is not
#: defined, left out of its mean): the scorecard's measures.
_COMPARED = tuple(measure.name for measure in MEASURES)
#: What a table says under a Gini above 1, in words a fifteen-year-old can follow.
GINI_ABOVE_ONE = [
    "A Gini above 1: some players owe more than they own, so the players hold little",
    "together, and the gaps between them are measured against that small total. The",
    "figure then says more about debts than about who holds the board; the Gini with",
    "debts counted as nothing stays between 0 and 1.",
]
#: What a column read at the common round is called: ``gini_net_worth_at_round``.
AT_ROUND = "_at_round"
#: The column of :attr:`Comparison.games` that says a game ended before the common round.
ENDED_BEFORE = "ended_before_round"
#: The summary's plain means of those: (column of .games, column of .summary).
_MEANS = (
    ("bankrupt_players", "bankrupt_players"),
    ("treasury_collected", "treasury_collected"),
    ("treasury_spent", "treasury_spent"),
)


def _figure_kinds(kinds: Iterable[tuple[Figure, ...]]) -> list[Figure]:
    """The families' figures, each once (by name), in the order they first come."""
    seen: dict[str, Figure] = {}
    for figures in kinds:
        for figure in figures:
            seen.setdefault(figure.name, figure)
    return list(seen.values())


def _figures_of_columns(columns: Iterable[str]) -> list[Figure]:
    """The figures of every family that are among ``columns`` (results read from a file)."""
    from landlord.families import families

    present = set(columns)
    kinds = _figure_kinds(family.figures for family in families())
    return [figure for figure in kinds if figure.name in present]


class Comparison:
    """The outcome of :func:`compare`: per game, per round, and summed up per rule set.

    Attributes
    ----------
    games : pandas.DataFrame
        One row per rule set and game: ``label``; what was played
        (``rules``, ``options``, the swept option's value in a column of its
        own name, ``players``, ``bots`` and ``landlord_version``, which every
        table here carries); ``game`` (0, 1, ...), ``seed``, ``rounds`` (the
        last round, complete or not), ``turns``, ``end_reason``,
        the scorecard's measures at the game's end (:data:`landlord.scorecard.MEASURES`:
        ``gini_net_worth``, ``gini_clipped``, ``richest_share``, ``gini_cash``,
        ``dollar_gap``, ``poorest_net_worth``, ``poorest_doubled``,
        ``total_wealth``, ``bank_money``, ``treasury_money``,
        ``land_rent_to_players``, ``land_rent_to_treasury`` and
        ``land_rent_share_to_players``; a figure is ``nan`` where debts make it
        undefined); with a common round (``at_round``), each of them again at
        the end of that round, ``gini_net_worth_at_round`` and so on, and
        ``ended_before_round`` (a game that ended before it counts there with
        its figures at its end); ``poor_house_players`` (players who went to
        the Poor House at least once), ``opportunity_players`` (players who went to a Natural
        Opportunity, the single tax's answer to the Poor House, at least
        once), ``bankrupt_players`` (net worth 0 or less at the end),
        ``treasury_collected`` and ``treasury_spent`` (paid into and out of
        the Public Treasury), ``final_wages``, ``public_works`` (how many
        were built), ``single_tax_since`` (the round the single tax came in,
        -1 never) and ``everyone_wins``.
    per_round : pandas.DataFrame
        ``label``, ``round`` (0 is after the deal), ``mean_gini_net_worth``,
        ``mean_dollar_gap``, ``mean_total_wealth`` and
        ``mean_poorest_net_worth`` over the games, and ``games_running``, the
        games still being played in that round. A game that has ended counts with its last value in
        every later round, up to the longest game of its rule set, so the
        curve is a mean over all games throughout.
    summary : pandas.DataFrame
        One row per rule set (index ``label``): ``games``; for each of the
        scorecard's measures (and, with a common round, each again at that
        round, ``..._at_round``), the mean over the games
        where it is defined with ``_low`` and ``_high`` ends of the 95%
        interval, ``_undefined`` (the games left out), and ``_difference``
        (with its interval), the mean of the game-by-game differences from
        the first rule set (NaN for the first);
        with a common round, ``ended_before_round``, the share of games that
        ended before it; the mean ``poor_house_players``, ``opportunity_players``,
        ``bankrupt_players``, ``treasury_collected``, ``treasury_spent`` and
        ``final_wages``; and ``everyone_wins_share``, the share of games
        that everyone won.

        The four tables are made when first read (so a command that prints only
        :meth:`table` never imports pandas).
    parameters : dict
        The rule specs (id, options, label, players, title, status, modern
        options), games, players, seed, level, ``landlord_version``,
        ``at_round`` (the common round, or None), and for a sweep ``sweep``
        (``parameter`` and ``values``).
    """

    def __init__(self, parameters: dict[str, Any], seeds: list[int], played: list) -> None:
        self.parameters = parameters
        self.labels: list[str] = [spec["label"] for spec in parameters["rules"]]
        at_round = parameters.get("at_round")
        #: Per rule set: (Gini of net worth by game and round, rounds in each game).
        self._curves: dict[str, tuple[np.ndarray, np.ndarray]] = {}
        #: Per rule set, when every round's money was kept: every measure per game and round.
        self._rounds: dict[str, dict[str, np.ndarray]] = {}
        #: The families' own figures, each a column of .games (missing where a family
        #: has no such figure).
        self._figures = _figure_kinds(figures.figure_kinds for figures in played)
        #: Per table (games, per_round, per_player), each rule set's whole columns (numpy
        #: arrays): the tables are made of them when first asked for (pandas is not
        #: imported before then, so a command that prints the summary does without it).
        self._parts: dict[str, list[tuple[str, dict[str, Any], dict[str, Any]]]] = {
            "games": [],
            "per_round": [],
            "per_player": [],
        }
        described = _descriptions(parameters)
        seed_column = np.asarray(seeds, dtype=np.uint64)
        for spec, figures in zip(parameters["rules"], played, strict=True):
            label = spec["label"]
            curve, lengths, others = figures.curves()
            self._curves[label] = curve, lengths
            if figures.every_round:
                self._rounds[label] = figures.round_figures()
            games = self._game_columns(figures, seed_column, at_round)
            self._parts["games"].append((label, described[label], games))
            rounds = np.arange(curve.shape[1])
            by_round = {
                "round": rounds,
                # Games where it is undefined (debts as large as all holdings) are left
                # out of the round's mean.
                "mean_gini_net_worth": _mean_of_defined(curve),
                **{f"mean_{k}": means for k, means in others.items()},
                "games_running": (lengths[None, :] > rounds[:, None]).sum(axis=1),
            }
            self._parts["per_round"].append((label, described[label], by_round))
            seats = _players_columns(figures, spec["players"], seeds)
            self._parts["per_player"].append((label, described[label], seats))

    @cached_property
    def games(self) -> pd.DataFrame:
        return self._joined("games")

    @cached_property
    def per_round(self) -> pd.DataFrame:
        return self._joined("per_round")

    @cached_property
    def per_player(self) -> pd.DataFrame:
        return self._joined("per_player")

    @cached_property
    def summary(self) -> pd.DataFrame:
        import pandas as pd

        return pd.DataFrame(self._summary_rows).set_index("label")

    def _joined(self, table: str) -> pd.DataFrame:
        """One of the tables, made of each rule set's rows at once, then joined."""
        import pandas as pd

        frames = [_frame(*part) for part in self._parts[table]]
        return pd.concat(frames, ignore_index=True)

    @cached_property
    def _summary_rows(self) -> list[dict[str, Any]]:
        """The summary's rows, one per rule set (:attr:`summary`, without pandas)."""
        if "_parts" in vars(self):
            columns = {label: own for label, _, own in self._parts["games"]}
        else:  # the tables read from files
            columns = dict(list(self.games.groupby("label", sort=False)))
        return self._summarise(columns)

    @cached_property
    def _summary_columns(self) -> dict[str, np.ndarray]:
        """The summary's columns, each an array with one value per rule set, in the order
        of :attr:`labels`: what :meth:`table` reads."""
        rows = self._summary_rows
        names = dict.fromkeys(name for row in rows for name in row)
        return {name: np.array([row.get(name, math.nan) for row in rows]) for name in names}

    def _game_column(self, name: str) -> np.ndarray | None:
        """A column of :attr:`games`, every rule set's games; None where it has none."""
        if "_parts" not in vars(self):
            return self.games[name].to_numpy() if name in self.games.columns else None
        parts = [own[name] for _, _, own in self._parts["games"] if name in own]
        return np.concatenate([np.atleast_1d(part) for part in parts]) if parts else None

    def _game_columns(
        self, figures: Figures, seed_column: np.ndarray, at_round: int | None
    ) -> dict[str, Any]:
        """The columns of :attr:`games` for one rule set's games, after those that say
        what was played: whole columns, each made once."""
        games = len(seed_column)
        rows = dict(zip(_GAME_COLUMNS, zip(*figures.rows, strict=True), strict=True))
        columns: dict[str, Any] = {"game": np.arange(games), "seed": seed_column}
        for name in _GAME_COLUMNS:
            columns[name] = list(rows[name]) if name == "end_reason" else np.array(rows[name])
        final = figures.table("final_worth"), figures.table("final_money")
        columns.update(position_figures(*final, figures.start))
        for figure in self._figures:
            if figure in figures.figure_kinds:
                columns[figure.name] = [row[figure.name] for row in figures.family_figures]
            else:
                columns[figure.name] = np.full(games, np.nan)
        if at_round is not None:
            columns[ENDED_BEFORE] = columns["rounds"] < at_round
            worth = figures.worth_at(at_round)
            at = position_figures(worth, figures.table("money_at"), figures.start)
            columns.update((name + AT_ROUND, values) for name, values in at.items())
        return columns

    def _describe(self, frame: pd.DataFrame) -> pd.DataFrame:
        """``frame`` with the columns that say what was played, after ``label``.

        ``rules`` (id or path), ``options`` (as in a spec, ``""`` for none),
        the swept option's value in a column of its name (sweeps over an
        option), ``players`` (seats), ``bots`` (the mix of strategies, see
        :func:`bot_mix`) and ``landlord_version``. A frame read from a file
        gets them again from the parameters, so they read the same.
        """
        described = _descriptions(self.parameters)
        keys = list(described[self.labels[0]])
        frame = frame.drop(columns=[key for key in keys if key in frame.columns])
        labels = frame["label"]
        for position, key in enumerate(keys, start=1):
            frame.insert(position, key, labels.map({k: row[key] for k, row in described.items()}))
        return frame

    def _described(self, row: dict[str, Any]) -> dict[str, Any]:
        """A summary row with the values that say what was played after its label, as
        :meth:`_describe` puts them in a table."""
        described = _descriptions(self.parameters)[row["label"]]
        rest = {key: value for key, value in row.items() if key not in described}
        return {"label": rest.pop("label"), **described, **rest}

    def _summarise(self, games: Mapping[str, Any]) -> list[dict[str, Any]]:
        """The summary's rows from each rule set's columns of :attr:`games` (``games``:
        label to a mapping of column name to values, a table's or whole arrays)."""
        described = _descriptions(self.parameters)
        first = games[self.labels[0]]
        # Not in results saved before the scorecard had it.
        compared = [column for column in self._compared if column in first]
        means = [(column, name, False) for column, name in _MEANS]
        if ENDED_BEFORE in first:
            means.append((ENDED_BEFORE, ENDED_BEFORE, True))
        means += [
            (figure.name, figure.summary_column, True)
            for figure in self._figures
            if figure.summary_column
        ]
        baseline = {column: np.asarray(first[column], dtype=float) for column in compared}
        rows = []
        for label in self.labels:
            own = games[label]
            row: dict[str, Any] = {"label": label, **described[label], "games": len(own["game"])}
            differences = {}
            for column in compared:
                values = np.asarray(own[column], dtype=float)
                _interval(row, column, values)
                row[f"{column}_undefined"] = int(np.isnan(values).sum())
                differences[column] = values - baseline[column]
            for column, difference in differences.items():
                if label == self.labels[0]:
                    difference = np.full_like(difference, np.nan)
                _interval(row, f"{column}_difference", difference)
            for column, name, as_float in means:
                values = np.asarray(own[column])
                row[name] = _mean(values.astype(float) if as_float else values)
            rows.append(row)
        return rows

    @property
    def at_round(self) -> int | None:
        """The common round the measures are also read at, or None (each game's end only)."""
        return self.parameters.get("at_round")

    @property
    def _compared(self) -> tuple[str, ...]:
        """The summary's compared columns: the measures at the end, then at the common round."""
        if self.at_round is None:
            return _COMPARED
        return (*_COMPARED, *(name + AT_ROUND for name in AT_A_ROUND))

    def to_json(self) -> dict[str, Any]:
        """Everything as plain JSON-ready values: parameters, summary, curves and games.

        Missing figures (the first rule set's difference) are ``None``.
        """
        if self.streamed:
            raise self._not_kept("to_json")
        curves = {
            label: {
                column: _plain(frame[column].tolist())
                for column in frame.columns
                if column in ("round", "games_running") or column.startswith("mean_")
            }
            for label, frame in self.per_round.groupby("label", sort=False)
        }
        return {
            **self._meta(),
            "summary": _plain(self.summary.reset_index().to_dict(orient="records")),
            "per_round": curves,
            "games": _plain(self.games.to_dict(orient="records")),
            "per_player": _plain(self.per_player.to_dict(orient="records")),
        }

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write the results with their parameters; return the path written.

        ``NAME.json``: everything in one file (:meth:`to_json`). ``NAME.csv``:
        the per-game table, with ``NAME.per_round.csv``, ``NAME.per_player.csv``
        and ``NAME.meta.json`` (the parameters and the package version) beside
        it. ``NAME.parquet``: the same three tables as Parquet files (this
        needs pyarrow: ``pip install 'landlord-kit[parquet]'``), each carrying the
        parameters and version in its own metadata. :func:`load_results`
        reads any of them back; :func:`results_files` lists the files.

        The files are written atomically, as a set: each to a temporary file
        beside it, then all renamed, so an error or Ctrl-C leaves the old set
        whole. Existing files are replaced; the command line's ``--out``
        refuses to replace them without ``--force``.
        """
        import json

        from landlord.writing import write_atomically

        if self.streamed:
            raise self._not_kept("save")
        path = Path(path)
        files = results_files(path)
        if path.suffix == ".json":
            text = json.dumps(self.to_json(), indent=1) + "\n"
            write_atomically({path: lambda temporary: temporary.write_text(text, "utf-8")})
            return path
        meta = self._meta()
        tables = [self.games, self.per_round, self.per_player]
        writers: dict[Path, Callable[[Path], Any]] = {}
        if path.suffix == ".parquet":
            _needs_pyarrow()
            for file, table in zip(files, tables, strict=True):
                described = table.copy(deep=False)
                described.attrs = meta
                writers[file] = partial(_write_parquet, described)
        else:
            for file, table in zip(files, tables, strict=False):
                writers[file] = partial(_write_csv, table)
            text = json.dumps(meta, indent=1) + "\n"
            writers[files[-1]] = lambda temporary: temporary.write_text(text, "utf-8")
        write_atomically(writers)
        return path

    def _meta(self) -> dict[str, Any]:
        """What a saved set of tables carries besides them: format, version, parameters."""
        return self._meta_of(self.parameters)

    @staticmethod
    def _meta_of(parameters: dict[str, Any]) -> dict[str, Any]:
        import landlord

        return {
            "format": "landlord-comparison",
            "landlord_version": landlord.__version__,
            "parameters": _plain(parameters),
        }

    @classmethod
    def _from_tables(cls, parameters: dict[str, Any], games, per_round, per_player) -> Comparison:
        """A comparison from its saved tables (the summary is worked out again)."""
        comparison = cls.__new__(cls)
        comparison.parameters = parameters
        comparison.labels = [spec["label"] for spec in parameters["rules"]]
        comparison.games = comparison._describe(games)
        comparison.per_round = comparison._describe(per_round)
        comparison.per_player = comparison._describe(per_player)
        comparison._curves = {}
        comparison._rounds = {}
        comparison._figures = _figures_of_columns(games.columns)
        return comparison

    def _running_summary(self) -> RunningSummary:
        """Empty running sums for a run played in blocks, laid out as this summary is."""
        from landlord.running import RunningSummary

        return RunningSummary(
            self.labels,
            [column for column in self._compared if column in self.games.columns],
            _MEANS,
            [ENDED_BEFORE] if ENDED_BEFORE in self.games.columns else [],
            [(f.name, f.summary_column) for f in self._figures if f.summary_column],
        )

    @classmethod
    def _from_running(
        cls, parameters: dict[str, Any], running: RunningSummary, curves: list[str]
    ) -> Comparison:
        """A comparison played in blocks, from its running sums: a summary and the mean
        curves, but no per-game tables (``games`` and ``per_player`` are None: they are
        in the files the run wrote, which :func:`load_results` reads)."""
        import pandas as pd

        comparison = cls.__new__(cls)
        comparison.parameters = parameters
        comparison.labels = list(running.labels)
        comparison.games = comparison.per_player = None
        comparison._curves = {}
        comparison._rounds = {}
        comparison._figures = _figures_of_columns(
            [*running.compared, *(column for column, _ in running.figures)]
        )
        comparison._running = running
        comparison._summary_rows = [
            comparison._described(row) for row in running.summary_rows(LEVEL)
        ]
        frames = []
        for label in comparison.labels:
            games_running = running.running(label)
            frame = {"label": label, "round": np.arange(len(games_running))}
            for column in curves:
                frame[column] = running.curve(label, column)
            frame["games_running"] = games_running
            frames.append(pd.DataFrame(frame))
        comparison.per_round = comparison._describe(pd.concat(frames, ignore_index=True))
        return comparison

    def _last_files(self, files: list[Path]) -> dict[Path, Callable[[Path], Any]]:
        """What a streamed run writes once its games are played: the curves by round and,
        beside CSV tables, the parameters."""
        import json

        writers: dict[Path, Callable[[Path], Any]] = {}
        if files[0].suffix == ".parquet":
            described = self.per_round.copy(deep=False)
            described.attrs = self._meta()
            writers[files[1]] = partial(_write_parquet, described)
        else:
            writers[files[1]] = partial(_write_csv, self.per_round)
            text = json.dumps(self._meta(), indent=1) + "\n"
            writers[files[3]] = lambda temporary: temporary.write_text(text, "utf-8")
        return writers

    @property
    def streamed(self) -> bool:
        """Whether the games were played in blocks and their tables went to files."""
        return getattr(self, "_running", None) is not None

    def _not_kept(self, what: str) -> ValueError:
        return ValueError(
            f"{what}: this run was played in blocks and kept no per-game tables here; "
            "load_results() reads them from the files it wrote"
        )

    @property
    def rounds_by_game(self) -> pd.DataFrame:
        """One row per rule set, game and round the game lasted: the Gini of net worth.

        Worked out when asked for (100,000 games of 35 rounds make 3.5
        million rows). Results loaded from a file do not have it: they keep
        the mean curve, :attr:`per_round`.
        """
        import pandas as pd

        if not self._curves:
            raise ValueError("results loaded from a file keep only the mean curve, per_round")
        seeds = dict(list(self.games.groupby("label", sort=False)["seed"]))
        frames = []
        for label, (curve, lengths) in self._curves.items():
            games, rounds = np.nonzero(np.arange(curve.shape[1])[None, :] < lengths[:, None])
            frames.append(
                pd.DataFrame(
                    {
                        "label": label,
                        "game": games,
                        "seed": seeds[label].to_numpy()[games],
                        "round": rounds,
                        "gini_net_worth": curve[games, rounds],
                    }
                )
            )
        return self._describe(pd.concat(frames, ignore_index=True))

    def fans(
        self, measure: str, percentiles: Sequence[float] = (5, 25, 50, 75, 95)
    ) -> pd.DataFrame:
        """The spread of a measure over the games, round by round: for fan charts.

        One row per rule set and round: ``label``, ``round``, a column per percentile
        (``p5``, ``p25``, ``p50``, ``p75``, ``p95``: the median and the 50% and 90%
        bands), ``mean`` and ``games_running`` (a game over counts with its end). The
        Gini of net worth is read from every comparison; the other measures of a
        position (:data:`landlord.scorecard.AT_A_ROUND`) need every round's money, which
        :func:`landlord.continuations` keeps. Games where a figure is
        undefined are left out of that round's spread.
        """
        import pandas as pd

        frames = []
        for label in self.labels:
            if label in self._rounds and measure in self._rounds[label]:
                table = self._rounds[label][measure].astype(float)
                lengths = self._curves[label][1]
            elif measure == "gini_net_worth" and label in self._curves:
                table, lengths = self._curves[label]
            else:
                raise ValueError(
                    f"no figures of {measure!r} by round here: the Gini of net worth is "
                    "kept by round, the other measures only for continued games"
                )
            rounds = np.arange(table.shape[1])
            defined = ~np.isnan(table)
            frame = {"label": label, "round": rounds}
            with np.errstate(all="ignore"):
                for q in percentiles:
                    frame[f"p{q:g}"] = _percentile_of_defined(table, q, defined)
                frame["mean"] = _mean_of_defined(table)
            frame["games_running"] = (lengths[None, :] > rounds[:, None]).sum(axis=1)
            frames.append(pd.DataFrame(frame))
        return pd.concat(frames, ignore_index=True)

    @property
    def names(self) -> dict[str, str]:
        """Each rule set's label in words: its title, then what sets it apart.

        >>> result = compare(["landlords_game", "single_tax[round_limit=40]"], games=2, seed=1)
        >>> result.names["single_tax[round_limit=40]"]
        "The Landlord's Game under the Single Tax (round limit 40)"
        """
        return rule_set_names(self.parameters)

    def table(self, words: bool = False) -> str:
        """The summary as a fixed-width text table, one column per rule set.

        ``words``: name the rule sets by :attr:`names` (their titles and options
        in words) rather than by their labels.
        """
        s = self._summary_columns
        p = self.parameters
        heads = [self.names[label] for label in self.labels] if words else list(self.labels)
        first = heads[0]
        lines = [("", *heads), ("games played", *(str(n) for n in s["games"]))]
        blank = ("",) * len(self.labels)
        at_round = self.at_round
        lines.append(("AT EACH GAME'S END", *blank))
        lines += self._scorecard_lines(first, "")
        lines += [
            ("other figures", *blank),
            ("  players bankrupt at the end", *(f"{v:.2f}" for v in s["bankrupt_players"])),
            ("  Public Treasury took in", *self._money_cells(s["treasury_collected"])),
            ("  Public Treasury paid out", *self._money_cells(s["treasury_spent"])),
        ]
        for figure in self._figures:
            if figure.words and figure.summary_column:
                values = s[figure.summary_column]
                if figure.form == "money":
                    cells = self._money_cells(values)
                else:
                    cells = ["-" if math.isnan(v) else figure.form.format(v) for v in values]
                lines.append((f"  {figure.words}", *cells))
        tables = [spec.get("players", p["players"]) for spec in p["rules"]]
        if any(table != tables[0] for table in tables):
            line_ups = (_line_up(table) for table in tables)
            if words:
                line_ups = (line_up.replace("_", " ") for line_up in line_ups)
            lines.insert(2, ("players", *line_ups))
            at_table = "the players as each column says"
        else:
            at_table = f"{len(tables[0])} players ({_line_up(tables[0])})"
        if words:
            at_table = at_table.replace("_", " ")
            shared = [spec["options"] for spec in p["rules"]]
            common = {k: v for k, v in shared[0].items() if all(o.get(k) == v for o in shared)}
            if common:
                at_table += ", all with " + ", ".join(option_words(*kv) for kv in common.items())
        if at_round is not None and ENDED_BEFORE in s:
            lines.append((f"AT THE END OF ROUND {at_round}", *blank))
            lines.append(
                (
                    f"  games over before round {at_round}",
                    *(f"{v:.0%}" for v in s[ENDED_BEFORE]),
                )
            )
            lines += self._scorecard_lines(first, AT_ROUND)
        lines += self._curve_lines()
        widths = [max(len(line[column]) for line in lines) for column in range(len(lines[0]))]
        text = [
            f"{len(self.labels)} rule set{'s' if len(self.labels) > 1 else ''}, "
            f"{p['games']} games each, {at_table}, seed {p['seed']}",
            self.when_words(),
            "",
        ]
        for line in lines:
            text.append("  ".join(c.ljust(w) for c, w in zip(line, widths, strict=True)).rstrip())
        n = len(p["players"])
        text += ["", *self._history_lines(), *self._engine_lines()]
        undefined = (f"{name}_undefined" for name in self._compared)
        if any(s[column].any() for column in undefined if column in s):
            text += [
                "(undefined in N): in N games the players' debts were as large as all they held,",
                "so no share of the total can be taken; the mean and the curve leave them out.",
            ]
            if (s["gini_net_worth"] > 1).any():
                text += GINI_ABOVE_ONE
            text.append("")
        if (
            "gini_cash_difference" in s
            and (s["gini_cash_difference"] * s["gini_net_worth_difference"] < 0).any()
        ):
            text += [
                "The Gini of cash and of net worth moved apart: cash is not wealth. Under private",
                "land rent the rich hold their wealth in lots and houses, not in cash; under the",
                "single tax title deeds are worth nothing and a player's wealth is mostly cash.",
                "",
            ]
        text += [
            f"Gini: 0 when {'both' if n == 2 else f'all {n}'} players are equally rich, "
            f"{1 - 1 / n:.2f} when one player",
            "holds everything; each figure is a mean over the games.",
            f"[low, high]: the {LEVEL:.0%} interval of the mean (Student's t). A difference whose",
            "interval leaves out 0 is unlikely to be luck: game k of every rule set was played",
        ]
        moves = self.moved_by()
        if len(moves) > 1:
            text += [
                f"from the same seed, but these games move by {' or '.join(sorted(moves))}, so",
                "game k of one is not matched throw for throw with game k of another; the",
                "differences, taken game by game, are those of independent games.",
            ]
        else:
            text.append(
                "with the same dice and cards, and the differences are taken game by game."
            )
        return "\n".join(text)

    def when_words(self) -> str:
        """When the measures are read, in a sentence: at each game's end, and at the
        common round if there is one."""
        if self.at_round is None:
            return (
                "Measured at each game's end (games of different rule sets may end at "
                "different rounds)."
            )
        return (
            f"Measured at each game's end, then at the end of round {self.at_round}, a "
            "common round for every rule set (a game over before it counts with its end)."
        )

    def _scorecard_lines(self, first: str, suffix: str) -> list[tuple[str, ...]]:
        """The scorecard's groups and measures with their paired differences from the
        first rule set, at each game's end (``suffix`` "") or at the common round
        (:data:`AT_ROUND`). The Gini with debts counted as nothing is shown only where
        some player ended in debt; the length only at the end."""
        s = self._summary_columns
        blank = ("",) * len(self.labels)
        poorest = f"poorest_net_worth{suffix}"
        if self.streamed:
            in_debt = self._running.least.get(poorest, 0.0) < 0
        else:
            worst = self._game_column(poorest)
            in_debt = worst is not None and bool((worst < 0).any())
        lines = []
        for group, heading in GROUPS:
            measures = [
                m
                for m in MEASURES
                if m.group == group
                and f"{m.name}{suffix}" in s
                and (m.name != "gini_clipped" or in_debt)
            ]
            if not measures:
                continue
            lines.append((heading, *blank))
            for measure in measures:
                column = f"{measure.name}{suffix}"
                lines.append((f"  {measure.words}", *self._measure_cells(column, measure.form)))
                lines.append(
                    (
                        f"    difference from {first}",
                        *self._measure_cells(column, measure.form, difference=True),
                    )
                )
        return lines

    def moved_by(self) -> set[str]:
        """What moves a player in each rule set compared (two dice, one die, cards)."""
        from landlord.families import family_of

        moves = set()
        for rules in dict.fromkeys(self._summary_columns["rules"].tolist()):
            try:
                moves.add(family_of(load_rules(rules)).moves_by)
            except (RulesError, OSError):
                return set()  # a rule file no longer where it was: say nothing of it
        return moves

    def _measure_cells(self, column: str, form: str, difference: bool = False) -> list[str]:
        """``mean [low, high]`` of a scorecard measure per rule set, in its form, with the
        games where it was undefined; the paired difference from the first if asked."""
        s = self._summary_columns
        if column not in s:
            return ["-"] * len(self.labels)
        key = f"{column}_difference" if difference else column
        currency = [spec.get("currency", "$") for spec in self.parameters["rules"]]
        cells = []
        for at, unit in enumerate(currency):
            mean, low, high = (float(s[f"{key}{end}"][at]) for end in ("", "_low", "_high"))
            undefined = int(s[f"{column}_undefined"][at])
            if math.isnan(mean):
                cells.append("" if difference or not undefined else "undefined in every game")
                continue
            sign = "+" if difference else ""
            show = []
            for value in (mean, low, high):
                if math.isnan(value):
                    show.append("")
                elif form == "money":
                    show.append(("+" if difference and value >= 0 else "") + money(value, unit))
                elif form == "share":
                    show.append(f"{value:{sign}.0%}")
                else:
                    show.append(form.replace("{:", "{:" + sign).format(value))
            cell = show[0] if not show[1] else f"{show[0]} [{show[1]}, {show[2]}]"
            if undefined:
                cell += f" (undefined in {undefined})"
            cells.append(cell)
        return cells

    def _money_cells(self, values: Any) -> list[str]:
        """Means of sums of money, each in its rule set's currency ("-" where missing)."""
        currency = [spec.get("currency", "$") for spec in self.parameters["rules"]]
        return [
            "-" if math.isnan(v) else money(v, unit)
            for v, unit in zip(values, currency, strict=True)
        ]

    def _history_lines(self) -> list[str]:
        """What is history and what is not, for every rule set compared."""
        lines = []
        for spec in self.parameters["rules"]:
            if spec["status"] == "reconstruction":
                lines.append(
                    f"{spec['label']}: a reconstruction, not a historical rule set "
                    f"(`landlord rules {spec['rules']}` says what is known)."
                )
            if spec["modern_options"]:
                lines.append(
                    f"{spec['label']}: a modern extension, in no historical rules "
                    f"({', '.join(spec['modern_options'])})."
                )
        return [*lines, ""] if lines else []

    def _engine_lines(self) -> list[str]:
        """Which engine played each rule set (:mod:`landlord.batch`), and why not the
        compiled one, when that is not plain (results saved before say nothing)."""
        lines = []
        for spec in self.parameters["rules"]:
            engine = spec.get("played_by")
            if engine == batch.COMPILED:
                lines.append(f"{spec['label']}: played by {engine} (the same games, faster).")
            elif engine:
                because = spec.get("played_by_because", "")
                lines.append(
                    f"{spec['label']}: played by {engine}" + (f" ({because})." if because else ".")
                )
        return [*lines, ""] if lines else []

    def _curve_lines(self, every: int = 5, most: int = 30) -> list[tuple[str, ...]]:
        """The mean Gini of net worth every few rounds, one line per round shown.

        Every ``every`` rounds up to the round by which 95% of the games have
        ended (a multiple of ``every`` that keeps the table to about ``most``
        lines: the later game can run to a thousand rounds), then the last.
        """
        if "_parts" in vars(self):
            parts = self._parts["per_round"]
            curves = {label: own["mean_gini_net_worth"] for label, _, own in parts}
        else:
            curves = {
                label: frame["mean_gini_net_worth"].to_numpy()
                for label, frame in self.per_round.groupby("label", sort=False)
            }
        longest = max(len(curve) for curve in curves.values())
        if self.streamed:
            ended = self._running.rounds_percentile(95)
        else:
            ended = np.percentile(self._game_column("rounds"), 95)
        horizon = min(longest, int(ended) + 1)
        every *= max(1, -(-horizon // (every * most)))
        lines = [("mean Gini of net worth by round", *("" for _ in self.labels))]
        shown = list(range(0, horizon, every))
        if shown[-1] != longest - 1:
            shown.append(longest - 1)
        for round_ in shown:
            cells = (
                f"{curves[label][round_]:.3f}" if round_ < len(curves[label]) else ""
                for label in self.labels
            )
            lines.append((f"  round {round_}", *cells))
        return lines


#: The suffixes of results saved as tables (beside the one-file ``.json``).
_TABLE_FORMATS = (".csv", ".parquet")


def _needs_pyarrow() -> None:
    """Refuse Parquet clearly when pyarrow is not installed."""
    try:
        import pyarrow  # noqa: F401
    except ImportError:
        raise ValueError(
            "Parquet files need pyarrow: pip install 'landlord-kit[parquet]' (or save as .csv)"
        ) from None


def results_files(path: str | os.PathLike[str]) -> list[Path]:
    """Every file :meth:`Comparison.save` writes for ``path``, ``path`` first.

    Examples
    --------
    >>> [file.name for file in results_files("data.csv")]
    ['data.csv', 'data.per_round.csv', 'data.per_player.csv', 'data.meta.json']
    """
    path = Path(path)
    if path.suffix == ".json":
        return [path]
    if path.suffix not in _TABLE_FORMATS:
        raise ValueError(f"{path.name}: results are saved as .json, .csv or .parquet")
    parts = [_beside(path, f"per_round{path.suffix}"), _beside(path, f"per_player{path.suffix}")]
    meta = [_beside(path, "meta.json")] if path.suffix == ".csv" else []
    return [path, *parts, *meta]


def _write_csv(table: pd.DataFrame, path: Path) -> None:
    table.to_csv(path, index=False)


def _write_parquet(table: pd.DataFrame, path: Path) -> None:
    table.to_parquet(path, index=False)


def _beside(path: Path, suffix: str) -> Path:
    """``results.csv`` -> ``results.per_round.csv`` and the like."""
    return path.with_name(f"{path.stem}.{suffix}")


def load_results(path: str | os.PathLike[str]) -> Comparison:
    """Read results written by :meth:`Comparison.save`: ``.json``, ``.csv`` or ``.parquet``.

    Raises
    ------
    ValueError
        If a file is missing or is not saved results; the message names it.
        Nothing is returned from a damaged set.
    """
    import pandas as pd

    path = Path(path)

    def refuse(file: Path, why: str) -> ValueError:
        return ValueError(f"{limits.shown(file)}: {why}; the results were not loaded")

    def check_size(file: Path) -> None:
        try:
            size = file.stat().st_size
        except (OSError, ValueError):
            return  # reading it says why it cannot be read
        if size > limits.RESULTS_BYTES:
            raise refuse(file, f"larger than {limits.RESULTS_BYTES:,} bytes")

    if path.suffix in _TABLE_FORMATS:
        suffix = path.suffix
        for file in (
            path,
            _beside(path, f"per_round{suffix}"),
            _beside(path, f"per_player{suffix}"),
        ):
            check_size(file)
    if path.suffix == ".parquet":
        _needs_pyarrow()
        tables = [path, _beside(path, "per_round.parquet"), _beside(path, "per_player.parquet")]
        read = []
        for table in tables:
            try:
                read.append(pd.read_parquet(table))
            except OSError as error:
                raise refuse(table, f"cannot be read ({error.strerror or error})") from None
            except Exception as error:  # pyarrow's errors for a file that is not Parquet
                raise refuse(table, f"not a Parquet file ({error})") from None
        meta, meta_path = read[0].attrs, path
        for table, frame in zip(tables[1:], read[1:], strict=True):
            if frame.attrs != meta:
                raise refuse(table, f"not saved with {path.name} (their parameters differ)")
    else:
        meta_path = path if path.suffix == ".json" else _beside(path, "meta.json")
        try:
            with meta_path.open("rb") as handle:
                text = handle.read(limits.RESULTS_BYTES + 1)
        except OSError as error:
            raise refuse(meta_path, f"cannot be read ({error.strerror or error})") from None
        if len(text) > limits.RESULTS_BYTES:
            raise refuse(meta_path, f"larger than {limits.RESULTS_BYTES:,} bytes")
        try:
            meta = limits.parse_json(text)
        except ValueError as error:
            raise refuse(meta_path, f"not JSON: {error}") from None
    if not isinstance(meta, dict) or meta.get("format") != "landlord-comparison":
        raise refuse(meta_path, "not results saved by landlord (format 'landlord-comparison')")
    try:
        parameters = meta["parameters"]
        if path.suffix == ".parquet":
            games, per_round, per_player = read
            for table in read:
                table.attrs = {}
        elif path.suffix == ".json":
            games = pd.DataFrame(meta["games"])
            per_player = pd.DataFrame(meta["per_player"])
            per_round = pd.concat(
                [
                    pd.DataFrame({"label": label, **curve})
                    for label, curve in meta["per_round"].items()
                ],
                ignore_index=True,
            )
        else:
            games = pd.read_csv(path)
            per_round = pd.read_csv(_beside(path, "per_round.csv"))
            per_player = pd.read_csv(_beside(path, "per_player.csv"))
        _check_parameters(parameters)
        labels = [spec["label"] for spec in parameters["rules"]]
        for name, frame in (
            ("games", games),
            ("per_round", per_round),
            ("per_player", per_player),
        ):
            _check_frame(name, frame, labels)
        if set(games["label"]) != set(labels) or len(games) != len(labels) * parameters["games"]:
            raise ValueError("its games do not match its parameters")
        comparison = Comparison._from_tables(parameters, games, per_round, per_player)
        # Made once here, so that a damaged file is refused now, not when shown.
        comparison.table()
        comparison.table(words=True)
        return comparison
    except OSError as error:
        where = Path(error.filename or path)
        raise refuse(where, f"cannot be read ({error.strerror or error})") from None
    except (
        KeyError,
        TypeError,
        ValueError,
        IndexError,
        AttributeError,
        OverflowError,
        ZeroDivisionError,
        RecursionError,
    ) as error:
        raise refuse(path, f"damaged ({type(error).__name__}: {error})") from None


def _check_parameters(parameters: Any) -> None:
    """Refuse (``ValueError``, naming the field) parameters that are not what
    :meth:`Comparison.save` writes."""

    def need(ok: bool, where: str, expected: str) -> None:
        if not ok:
            raise ValueError(f"field {where!r}: expected {expected}")

    def texts(value: Any) -> bool:
        return isinstance(value, list) and all(isinstance(item, str) for item in value)

    need(isinstance(parameters, dict), "parameters", "an object")
    games = parameters.get("games")
    need(
        type(games) is int and 1 <= games < limits.INT64.stop,
        "parameters.games",
        "a whole number >= 1",
    )
    need(texts(parameters.get("players", [])), "parameters.players", "a list of bots' names")
    specs = parameters.get("rules")
    need(isinstance(specs, list) and specs != [], "parameters.rules", "a non-empty list")
    for number, spec in enumerate(specs):
        where = f"parameters.rules[{number}]"
        need(isinstance(spec, dict), where, "an object")
        for key in ("label", "rules", "status"):
            need(isinstance(spec.get(key), str), f"{where}.{key}", "text")
        for key in ("title", "currency"):
            need(isinstance(spec.get(key, ""), str), f"{where}.{key}", "text")
        need(isinstance(spec.get("options"), dict), f"{where}.options", "an object")
        need(texts(spec.get("modern_options")), f"{where}.modern_options", "a list of text")
        need(texts(spec.get("players", [])), f"{where}.players", "a list of bots' names")
    labels = [spec["label"] for spec in specs]
    need(len(set(labels)) == len(labels), "parameters.rules", "labels without repeats")
    sweep = parameters.get("sweep")
    if sweep is not None:
        need(
            isinstance(sweep, dict)
            and isinstance(sweep.get("parameter"), str)
            and isinstance(sweep.get("values"), list)
            and len(sweep["values"]) == len(specs),
            "parameters.sweep",
            "a parameter's name and one value per rule set",
        )


def _check_frame(name: str, frame: Any, labels: list[str]) -> None:
    """Refuse a saved table whose labels are not the parameters' or whose figures are
    not numbers: every column but the words (labels, rules, end reasons...)."""
    import pandas as pd

    if not isinstance(frame, pd.DataFrame) or "label" not in frame.columns:
        raise ValueError(f"table {name!r}: expected rows with a 'label'")
    if not set(frame["label"].map(repr)) <= {repr(label) for label in labels}:
        raise ValueError(f"table {name!r}, column 'label': expected the parameters' labels")
    for column in frame.columns:
        values = frame[column]
        if pd.api.types.is_numeric_dtype(values) or pd.api.types.is_bool_dtype(values):
            continue
        if values.dtype == object or pd.api.types.is_string_dtype(values):
            # Words, or yes/no with gaps (a figure one family has and another lacks).
            if not all(
                isinstance(value, str | bool | np.bool_) or _blank(value) for value in values
            ):
                raise ValueError(f"table {name!r}, column {column!r}: expected text or numbers")
            continue
        raise ValueError(f"table {name!r}, column {column!r}: expected numbers")


def _blank(value: Any) -> bool:
    """Whether a saved table's cell is empty (None, NaN): never a list or an array, which
    ``pd.isna`` would answer element by element."""
    import pandas as pd

    return pd.api.types.is_scalar(value) and bool(pd.isna(value))


def _players_columns(figures: Figures, strategies: list[str], seeds: list[int]) -> dict[str, Any]:
    """The columns of one row per game and seat: the strategy, final cash and net worth,
    and the rank."""
    n = figures.players
    worth = figures.table("final_worth")
    cash = figures.table("final_money")[:, :n]
    order = np.argsort(-worth, axis=1, kind="stable")  # richest first; ties by seat
    rank = np.empty_like(order)
    np.put_along_axis(rank, order, np.arange(1, n + 1)[None, :], axis=1)
    games = len(worth)
    return {
        "game": np.repeat(np.arange(games), n),
        "seed": np.repeat(np.asarray(seeds, dtype=np.uint64), n),
        "seat": np.tile(np.arange(n), games),
        "strategy": np.tile(np.asarray(strategies, dtype=object), games),
        "cash": cash.ravel(),
        "net_worth": worth.ravel(),
        "rank": rank.ravel(),
    }


def _frame(label: str, described: dict[str, Any], columns: dict[str, Any]) -> pd.DataFrame:
    """One rule set's rows of a table, made at once: ``label``, the values that say what
    was played (each the same in every row), then ``columns``; a column of ``columns``
    named as one of those gives way to it (as :meth:`Comparison._describe` drops it)."""
    import pandas as pd

    own = {name: values for name, values in columns.items() if name not in described}
    return pd.DataFrame({"label": label, **described, **own})


def _descriptions(parameters: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """For each rule spec's label, the values of the columns that say what was played."""
    sweep = parameters.get("sweep") or {}
    swept = sweep.get("parameter")
    described = {}
    for index, spec in enumerate(parameters["rules"]):
        bots = spec.get("players", parameters["players"])
        row: dict[str, Any] = {
            "rules": spec["rules"],
            "options": spec_label("", spec["options"])[1:-1],
        }
        if swept and swept not in SEAT_PARAMETERS:
            row[swept] = sweep["values"][index]
        row["players"] = len(bots)
        row["bots"] = "+".join(_repeating(bots))
        row["landlord_version"] = parameters.get("landlord_version", "")
        described[spec["label"]] = row
    return described


def rule_set_names(parameters: dict[str, Any]) -> dict[str, str]:
    """For each rule spec's label, its name in words: the rule set's title, then the
    options (and, if they differ, the players) that set it apart from the others.

    Examples
    --------
    >>> parameters = {"rules": [
    ...     {"label": "landlords_game", "rules": "landlords_game", "options": {},
    ...      "title": "The Landlord's Game"},
    ...     {"label": "landlords_game[advanced=true,wages_times=0]", "rules": "landlords_game",
    ...      "options": {"advanced": True, "wages_times": 0}, "title": "The Landlord's Game"}]}
    >>> list(rule_set_names(parameters).values())
    ["The Landlord's Game", "The Landlord's Game (advanced, wages times 0)"]
    """
    specs = parameters["rules"]
    shared = dict(specs[0]["options"])
    for spec in specs[1:]:
        shared = {k: v for k, v in shared.items() if spec["options"].get(k, _NONE) == v}
    names = {}
    for spec in specs:
        own = {k: v for k, v in spec["options"].items() if shared.get(k, _NONE) != v}
        name = spec.get("title") or spec["rules"]
        if own:
            name += f" ({', '.join(option_words(k, v) for k, v in own.items())})"
        names[spec["label"]] = name
    line_ups = [spec.get("players", parameters.get("players", [])) for spec in specs]
    if len(set(names.values())) < len(names) and len({tuple(t) for t in line_ups}) > 1:
        for spec, table in zip(specs, line_ups, strict=True):
            names[spec["label"]] += f", {_line_up(table).replace('_', ' ')}"
    if len(set(names.values())) < len(names):  # nothing in words tells them apart
        return {spec["label"]: spec["label"] for spec in specs}
    return names


#: Stands for an option that is not set.
_NONE = object()


def option_words(name: str, value: Any) -> str:
    """An option in words: ``advanced``, ``no advanced``, ``round limit 100``."""
    words = name.replace("_", " ")
    if value is True:
        return words
    if value is False:
        return f"no {words}"
    return f"{words} {value}"


def _repeating(names: list[str]) -> list[str]:
    """The shortest run of names that, repeated round the table, seats everyone.

    >>> _repeating(["a", "b", "a", "b"]), _repeating(["a", "a", "b"])
    (['a', 'b'], ['a', 'a', 'b'])
    """
    for length in range(1, len(names)):
        if all(name == names[seat % length] for seat, name in enumerate(names)):
            return names[:length]
    return list(names)


def _mean_of_defined(table: np.ndarray) -> np.ndarray:
    """The mean of each column over its defined (not ``nan``) values; ``nan`` if none."""
    defined = ~np.isnan(table)
    counts = defined.sum(axis=0)
    sums = np.where(defined, table, 0.0).sum(axis=0)
    return np.divide(sums, counts, out=np.full(sums.shape, np.nan), where=counts > 0)


def _percentile_of_defined(table: np.ndarray, q: float, defined: np.ndarray) -> np.ndarray:
    """The ``q``-th percentile of each column over its defined values (``nan`` if none)."""
    out = np.full(table.shape[1], np.nan)
    every = defined.all(axis=0)
    if every.any():
        out[every] = np.percentile(table[:, every], q, axis=0)
    for column in np.nonzero(~every & defined.any(axis=0))[0]:
        out[column] = np.percentile(table[defined[:, column], column], q)
    return out


def _mean(values: np.ndarray) -> float:
    """The mean of ``values`` as a pandas column's mean works it out (so a summary reads
    the same whether its games were kept here or read from a file): whole numbers summed
    as floats; ``nan`` left out, and ``nan`` if nothing is left."""
    if values.dtype.kind != "f":
        return float(values.sum(dtype=np.float64) / values.size) if values.size else math.nan
    missing = np.isnan(values)
    count = values.size - int(missing.sum())
    return float(np.where(missing, 0.0, values).sum() / count) if count else math.nan


def _interval(row: dict[str, Any], column: str, values: np.ndarray) -> None:
    """Put the mean of ``values`` and its interval into ``row`` as column, _low, _high.

    Undefined values (``nan``) are left out; with none defined all three are ``nan``.
    """
    values = values[~np.isnan(values)]
    if not len(values):
        row[column] = row[f"{column}_low"] = row[f"{column}_high"] = math.nan
        return
    mean, low, high = mean_interval(values, level=LEVEL)
    row[column], row[f"{column}_low"], row[f"{column}_high"] = mean, low, high


def _cells(summary: pd.DataFrame, column: str, form: str) -> list[str]:
    """``mean [low, high]`` of a summary column, blank where the mean is missing."""
    cells = []
    for mean, low, high in summary[[column, f"{column}_low", f"{column}_high"]].itertuples(
        index=False
    ):
        if math.isnan(mean):
            cells.append("")
        elif math.isnan(low):
            cells.append(form.format(mean))
        else:
            cells.append(f"{form.format(mean)} [{form.format(low)}, {form.format(high)}]")
    return cells


def _line_up(names: list[str]) -> str:
    """The bots at a table in a few words: 'eager_landlord x3, random'."""
    return ", ".join(f"{name} x{count}" if count > 1 else name for name, count in _runs(names))


def _runs(names: list[str]) -> list[tuple[str, int]]:
    """Consecutive equal names, counted: ['a', 'a', 'b'] -> [('a', 2), ('b', 1)]."""
    runs: list[tuple[str, int]] = []
    for name in names:
        if runs and runs[-1][0] == name:
            runs[-1] = (name, runs[-1][1] + 1)
        else:
            runs.append((name, 1))
    return runs


def _plain(value: Any) -> Any:
    """``value`` with numpy scalars made Python ones and NaN made None, for JSON."""
    if isinstance(value, dict):
        return {str(key): _plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(item) for item in value]
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value
