"""Playing an experiment: :func:`compare`, :func:`simulate` and :func:`sweep` play game
k of every rule set from the same seed, with the bots of each table, and hand their
figures to a :class:`~landlord.experiments.Comparison`.

:mod:`.workers` plays the games (here, in worker processes or on an executor); a long
run plays them in blocks of :data:`STREAM_BLOCK` and keeps only running sums
(``stream_to``), writing each block's tables to its results files as it goes
(:mod:`landlord.running`).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from landlord import batch
from landlord.experiments.comparison import Comparison
from landlord.experiments.results import (
    TABLE_FORMATS,
    last_files,
    needs_pyarrow,
    results_files,
    results_meta,
)
from landlord.experiments.specs import (
    SEAT_PARAMETERS,
    Spec,
    bot_mix,
    check_at_round,
    check_option_values,
    mix_label,
    parse_spec,
    resolve_specs,
    rule_set_history,
    spec_label,
)
from landlord.experiments.sums import LEVEL, sums_of_defined
from landlord.experiments.workers import game_player, progress_bar
from landlord.figures import Figures
from landlord.policies import Policy, make_policy
from landlord.rules import load_rules
from landlord.session import default_players
from landlord.version import __version__

if TYPE_CHECKING:
    from landlord.running import RunningSummary

__all__ = [
    "DEFAULT_RULES",
    "MAX_GAMES",
    "MAX_JOBS",
    "MAX_SEATS",
    "STREAM_BLOCK",
    "compare",
    "game_seeds",
    "seat_bots",
    "simulate",
    "sweep",
]

#: What :func:`compare` compares unless told otherwise.
#: The monopolist rules against the single tax: Magie's own pair. (Prosperity is
#: the single tax with a win test reported for 1932; it can be named.)
DEFAULT_RULES = ("landlords_game", "single_tax")
#: Games per rule set played, written and forgotten at a time when results are
#: streamed (``stream_to``): a block of 20,000 games of 40 rounds keeps about 60 MB.
STREAM_BLOCK = 20_000
#: The most games per rule set one run plays: a million games of 40 rounds
#: keep about 1.3 GB of figures.
MAX_GAMES = 1_000_000
#: The most seats at a table (no rule set seats more than a few; this stops a
#: slip such as ``players=10**6`` before a million bots are made).
MAX_SEATS = 64
#: The most processes one run starts (``jobs``).
MAX_JOBS = 64


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
        its ``games`` and ``per_player`` are None (:func:`~landlord.experiments.load_results` reads
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
    specs = resolve_specs(rules)
    seats = seat_bots(players)
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


def seat_bots(players: int | Sequence[str | Policy]) -> list[Policy]:
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
    # A bot whose parameters depend on the rule set (the tuned bot) takes each one's own.
    line_ups = [
        [seat.for_rules(rule_set) for seat in seats]
        for seats, rule_set in zip(line_ups, rule_sets, strict=True)
    ]
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
                **rule_set_history(rule_set, options),
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
        "landlord_version": __version__,
    }
    if swept is not None:
        name, values = swept
        parameters["sweep"] = {"parameter": name, "values": list(values)}
    with (
        progress_bar(progress, len(seeds) * len(specs)) as report,
        game_player(specs, rule_sets, line_ups, compiled, jobs, executor, at_round) as play,
    ):
        if stream_to is None:
            return Comparison(parameters, seeds, play(seeds, report))
        return _streamed(parameters, seeds, play, report, files)


def _stream_files(stream_to: str | os.PathLike[str] | bool | None) -> list[Path]:
    """The results files a streamed run writes (none for ``True``), checked first."""
    if stream_to is None or stream_to is True:
        return []
    if isinstance(stream_to, bool | int):  # False, or a number
        raise ValueError(
            f"stream_to is a results path (.csv or .parquet) or True, not {stream_to!r}"
        )
    path = Path(stream_to)
    if path.suffix not in TABLE_FORMATS:
        raise ValueError(
            f"{path.name}: results are streamed to .csv or .parquet files (.json is one "
            "document, written whole)"
        )
    if path.suffix == ".parquet":
        needs_pyarrow()
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
    writer = BlockWriter(files, results_meta(parameters)) if files else None
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
                running.add_curve(label, "mean_gini_net_worth", *sums_of_defined(curve))
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
            writer.finish(last_files(result.per_round, parameters, files))
        return result
    except BaseException:
        if writer is not None:
            writer.discard()
        raise


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
        specs = resolve_specs([(name, {**options, option: value}) for value in values])
        line_ups = [seat_bots(players)] * len(specs)
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
            line_ups = [seat_bots(bot_mix(mix, value)) for value in values]
            values = list(values)
        else:
            line_ups = [seat_bots(bot_mix(value, seats)) for value in values]
            values = [mix_label(value) for value in values]
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
