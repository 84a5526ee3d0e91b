"""``landlord compare``, ``simulate`` and ``sweep``: many games played, measured, printed.

Every rule set and argument is checked before any game is played; a progress bar goes
to stderr where a person watches.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from landlord.cli.arguments import (
    MAX_GAMES,
    MAX_JOBS,
    add_command,
    add_force,
    add_seats,
    bot_names,
    check_file,
    check_options,
    checked_strategies,
    file_name,
    games_number,
    jobs_number,
    option_value,
    round_number,
    save_failed,
    seats_for,
    seed_number,
)
from landlord.rules import RulesError, load_rules


def _experiment(args: argparse.Namespace, specs_text: str, swept: tuple | None = None) -> int:
    """Run ``landlord compare``, ``simulate`` or ``sweep``: check, play, print, save."""
    from landlord.experiments import compare, parse_spec, split_specs

    _check_out(args)
    try:
        specs = [parse_spec(spec) for spec in split_specs(specs_text)]
    except ValueError as error:
        args.parser.error(f"argument --rules: {error}")
    for _, options in specs:
        check_options(args, "--rules", options)
    for value in swept[1] if swept is not None else ():
        check_options(args, "--param", {swept[0]: value})
    played = specs
    if swept is not None:
        option, values = swept
        if len(specs) != 1:
            args.parser.error("argument --rules: a sweep takes one rule set")
        name, options = specs[0]
        played = [(name, {**options, option: value}) for value in values]
    seats: list[str] = []
    for name, options in played:  # every rule set checked before any game is played
        try:
            rules = load_rules(name, **options)
        except RulesError as error:
            args.parser.error(str(error))
        seats = seats_for(args, rules)
    # A progress bar on stderr, where a person watches; none in a pipe or a log.
    progress = True if sys.stderr.isatty() else None
    with experiment_errors(args):
        if swept is None:
            result = compare(
                specs, args.games, seats, args.seed, progress, args.jobs, **_run_options(args)
            )
        else:
            result = _played_sweep(args, specs[0], *swept, seats, progress)
    return _report(args, result)


def _run_options(args: argparse.Namespace) -> dict[str, Any]:
    """What ``compare`` and ``sweep`` take from the command beyond the games: the common
    round, and where a long run streams its games."""
    return {"at_round": args.at_round, "stream_to": _stream_to(args)}


def _stream_to(args: argparse.Namespace) -> str | bool | None:
    """Where a long run streams its games (memory stays flat): its --out tables, or
    nowhere when it prints only the table; None (kept whole) for a run that fits in
    one block, or whose games go into one JSON document (--json, --out FILE.json)."""
    from landlord.experiments import STREAM_BLOCK

    if args.games <= STREAM_BLOCK or args.json:
        return None
    if not args.out:
        return True
    return None if Path(args.out).suffix == ".json" else args.out


def _played_sweep(
    args: argparse.Namespace, rules: Any, option: str, values: list[Any], seats: Any, progress: Any
) -> Any:
    """:func:`landlord.experiments.sweep` with the command's games, seed, jobs and round."""
    from landlord.experiments import sweep

    return sweep(
        rules, option, values, args.games, seats, args.seed, progress, args.jobs,
        **_run_options(args),
    )  # fmt: skip


@contextmanager
def experiment_errors(args: argparse.Namespace) -> Iterator[None]:
    """Turn what an experiment refuses into a usage error, a dead worker into exit 1.

    Around the playing of ``landlord compare``, ``simulate``, ``sweep`` and ``claim``:
    a ``ValueError`` (a rule file the engine does not know) or an ``OverflowError`` (money
    past 64 bits) prints the usage and exits 2; a dead worker, or a disk that fills while
    a long run writes its --out tables, prints one line and exits 1.
    """
    from landlord.experiments import WorkerError

    try:
        yield
    except WorkerError as error:
        print(f"landlord {args.command}: {error}", file=sys.stderr)
        sys.exit(1)
    except ValueError as error:  # RulesError too: a rule file the engine does not know
        args.parser.error(str(error))
    except OSError as error:  # a long run writes its --out tables as it plays
        if not getattr(args, "out", None):
            raise
        sys.exit(save_failed(args.command, args.out, error))
    except OverflowError:
        args.parser.error(
            "the money in these games grew past what the tables hold (64-bit whole "
            "numbers); use smaller amounts in the options"
        )


def _check_out(args: argparse.Namespace) -> None:
    """Refuse a bad --out before any game is played: its name, folder and every file of the set."""
    if not args.out:
        return
    if Path(args.out).suffix not in (".json", ".csv", ".parquet"):
        args.parser.error(
            f"argument --out: expected FILE.json, FILE.csv or FILE.parquet, got {args.out!r}"
        )
    from landlord.experiments.results import needs_pyarrow, results_files

    if Path(args.out).suffix == ".parquet":
        try:
            needs_pyarrow()
        except ValueError as error:
            args.parser.error(f"argument --out: {error}")
    check_file(args, "--out", results_files(args.out))


def _report(args: argparse.Namespace, result: Any) -> int:
    """Save the results if asked, and print them as a table or JSON."""
    if args.out and not result.streamed:  # a streamed run wrote its files as it played
        try:
            result.save(args.out)
        except ValueError as error:  # Parquet without pyarrow
            args.parser.error(f"argument --out: {error}")
        except OSError as error:
            return save_failed(args.command, args.out, error)
    if args.json:
        print(json.dumps(result.to_json(), indent=1))
    else:
        print(result.table())
    return 0


def _compare(args: argparse.Namespace) -> int:
    return _experiment(args, args.rules)


def _simulate(args: argparse.Namespace) -> int:
    return _experiment(args, args.rules)


def _sweep(args: argparse.Namespace) -> int:
    from landlord.experiments import SEAT_PARAMETERS

    option, equals, text = args.param.partition("=")
    option = option.strip()
    items = text.split(",")
    if not equals or not option or not all(item.strip() for item in items):
        args.parser.error(f"argument --param: expected NAME=V1,V2,..., got {args.param!r}")
    values = [option_value(item) for item in items]
    if option in SEAT_PARAMETERS:
        return _sweep_seats(args, option, values)
    return _experiment(args, args.rules, (option, values))


def _sweep_seats(args: argparse.Namespace, option: str, values: list[Any]) -> int:
    """``--param players=2,3,4`` or ``--param bots=eager_landlord,eager_landlord+random``."""

    _check_out(args)
    if option == "players":
        if not all(isinstance(value, int) and value >= 1 for value in values):
            args.parser.error(f"argument --param: players are whole numbers >= 1, got {values}")
        seats: int | list[str] = bot_names(args)  # filled round each table in turn
    else:
        for value in values:
            checked_strategies(args, "--param", str(value).split("+"))
        seats = args.players
    progress = True if sys.stderr.isatty() else None
    with experiment_errors(args):
        result = _played_sweep(args, args.rules, option, values, seats, progress)
    return _report(args, result)


def _add_experiment_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments every experiment takes: games, players, bots, seed, jobs, output."""
    parser.add_argument(
        "--games",
        type=games_number,
        default=100,
        metavar="N",
        help=f"games per rule set (default 100, at most {MAX_GAMES:,})",
    )
    add_seats(parser)
    parser.add_argument(
        "--seed", type=seed_number, default=0, help="same seed, same games (default 0)"
    )
    parser.add_argument(
        "--at-round",
        type=round_number,
        default=None,
        metavar="R",
        help="also read every measure at the end of round R, a common round for every rule "
        "set (a game over before it counts with its end); without it, at each game's end only",
    )
    parser.add_argument(
        "--jobs",
        type=jobs_number,
        default=1,
        metavar="N",
        help=f"processes to play the games in (default 1, at most {MAX_JOBS}); "
        "the results do not change",
    )
    parser.add_argument(
        "--out",
        type=file_name,
        metavar="FILE",
        help="also save the results: FILE.json (everything), FILE.csv (tables and "
        "metadata) or FILE.parquet (tables, each with its metadata)",
    )
    add_force(parser, "--out")
    parser.add_argument(
        "--json", action="store_true", help="print JSON (with every game) instead of a table"
    )


def _add_rule_set(command: argparse.ArgumentParser) -> None:
    """The --rules of a command that plays one rule set."""
    command.add_argument(
        "--rules",
        default="landlords_game",
        metavar="SPEC",
        help="a rule set id, with options in brackets if any (default landlords_game)",
    )


def add_compare(commands: Any) -> None:
    """``landlord compare`` and its arguments."""
    compare = add_command(
        commands,
        "compare",
        _compare,
        "play the same games under several rule sets and compare how unequal they end",
    )
    compare.add_argument(
        "--rules",
        default="landlords_game,single_tax",
        metavar="SPECS",
        help="rule sets, comma-separated, each an id with options in brackets if any, "
        "for example landlords_game,landlords_game[advanced=true,round_limit=40] "
        "(default landlords_game,single_tax)",
    )
    _add_experiment_arguments(compare)


def add_simulate_and_sweep(commands: Any) -> None:
    """``landlord simulate`` and ``landlord sweep`` and their arguments."""
    simulate = add_command(
        commands, "simulate", _simulate, "play many games of one rule set and measure them"
    )
    _add_rule_set(simulate)
    sweep = add_command(
        commands, "sweep", _sweep, "play the same games at every value of one rule-set option"
    )
    _add_rule_set(sweep)
    _add_experiment_arguments(simulate)
    sweep.add_argument(
        "--param",
        required=True,
        metavar="NAME=V1,V2,...",
        help="the option and its values, for example land_value_tax=0,0.25,0.5,0.75,1, "
        "starting_cash=400,800 or wages=50,100,200; also players=2,3,4 (seated with --bots) "
        "or bots=eager_landlord,eager_landlord+cautious_tenant (bot mixes)",
    )
    _add_experiment_arguments(sweep)
