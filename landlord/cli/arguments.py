"""What the commands' arguments share: the limits, the argparse types, the checks that
refuse bad input before any work is done (exit 2), and how a command is added.

Each check ends in ``args.parser.error``: the command's usage and one line, exit 2.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from landlord.rules import RuleSet

#: The limits of the command line (the experiments' own are in
#: landlord.experiments; they are written out here so that building the parser
#: does not import numpy). Checked by test_cli_hardening against the library's.
MAX_GAMES, MAX_JOBS, MAX_SEATS, MAX_AT_ROUND = 1_000_000, 64, 64, 10_000


def whole_number(minimum: int, maximum: int | None = None) -> Callable[[str], int]:
    """An argparse type for a whole number >= ``minimum`` (and <= ``maximum``)."""

    def whole_number(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = minimum - 1
        if value < minimum:
            raise argparse.ArgumentTypeError(
                f"expected a whole number >= {minimum}, got {text!r}"
            ) from None
        if maximum is not None and value > maximum:
            raise argparse.ArgumentTypeError(f"at most {maximum:,}, got {text}")
        return value

    return whole_number


#: A seed on the command line, and the counts: games, jobs and a round.
seed_number = whole_number(0)
games_number, jobs_number, round_number = (
    whole_number(1, MAX_GAMES),
    whole_number(1, MAX_JOBS),
    whole_number(1, MAX_AT_ROUND),
)


def file_name(text: str) -> str:
    """An argparse type for a file to read or write: an empty name is refused, not ignored."""
    if not text:
        raise argparse.ArgumentTypeError("expected a file name, got ''")
    return text


def option_value(text: str) -> Any:
    """A command-line option value: true/false, a whole number, a decimal, or text.

    :func:`landlord.experiments.option_value`, imported only when a command reads one.

    Examples
    --------
    >>> option_value("true"), option_value("40"), option_value("0.25"), option_value("eager")
    (True, 40, 0.25, 'eager')
    """
    from landlord.experiments import option_value as read

    return read(text)


def rule_options(args: argparse.Namespace) -> dict[str, Any]:
    """The rule set's options the command's ``--option NAME=VALUE`` give, checked."""
    options = {}
    for item in args.option:
        name, equals, value = item.partition("=")
        name = name.strip()
        if not equals or not name:
            args.parser.error(f"argument --option: expected NAME=VALUE, got {item!r}")
        if name in options:
            args.parser.error(f"argument --option: option {name!r} given twice")
        options[name] = option_value(value)
    check_options(args, "--option", options)
    return options


def check_options(args: argparse.Namespace, argument: str, options: dict[str, Any]) -> None:
    """Refuse whole-number options beyond the experiments' limit (money is 64-bit there)."""
    from landlord.experiments import check_option_values

    try:
        check_option_values(options)
    except ValueError as error:
        args.parser.error(f"argument {argument}: {error}")


def check_file(args: argparse.Namespace, argument: str, paths: list[Path]) -> None:
    """Refuse files that cannot be written, or would be replaced without --force."""
    from landlord.writing import DestinationError, check_destination

    try:
        check_destination(paths, force=args.force)
    except DestinationError as error:
        hint = "; use --force to replace it" if str(error).endswith("already exists") else ""
        args.parser.error(f"argument {argument}: {error}{hint}")


def save_failed(command: str, path: str, error: OSError) -> int:
    """Report a write that failed while working (a full disk, say): one line, exit 1."""
    print(
        f"landlord {command}: cannot write {path}: {error.strerror or error}; "
        "nothing was replaced",
        file=sys.stderr,
    )
    return 1


def seats_for(args: argparse.Namespace, rules: RuleSet) -> list[str]:
    """The strategy of every seat, from ``--players`` and ``--bots``, checked against
    the players ``rules`` are for."""
    info = rules.info
    if not info.min_players <= args.players <= info.max_players:
        args.parser.error(
            f"argument --players: {info.title} is for {info.min_players} to "
            f"{info.max_players} players, not {args.players}"
        )
    if "," in args.bots and len(args.bots.split(",")) != args.players:
        args.parser.error(
            f"argument --bots: expected one strategy, a mix like a+b, or {args.players} "
            f"strategies, got {len(args.bots.split(','))}"
        )
    bots = bot_names(args)
    if "," not in args.bots:
        from landlord.experiments import bot_mix

        return bot_mix(bots, args.players)
    return bots


def bot_names(args: argparse.Namespace) -> list[str]:
    """The strategies --bots names: one per seat (a,b,c) or a mix (a+b), checked."""
    return checked_strategies(args, "--bots", args.bots.split("," if "," in args.bots else "+"))


def checked_strategies(args: argparse.Namespace, argument: str, names: list[str]) -> list[str]:
    """``names`` stripped, each checked to be a bot's strategy."""
    from landlord.policies import STRATEGIES

    names = [name.strip() for name in names]
    for name in names:
        if name not in STRATEGIES or name == "human":
            known = ", ".join(sorted(set(STRATEGIES) - {"human"}))
            args.parser.error(f"argument {argument}: unknown strategy {name!r} (known: {known})")
    return names


def add_command(
    commands: Any, name: str, run: Callable[[argparse.Namespace], int], help: str
) -> argparse.ArgumentParser:
    """Add the sub-command ``name``, run by ``run(args)``, which returns the exit status."""
    command = commands.add_parser(name, help=help, description=help[0].upper() + help[1:] + ".")
    command.set_defaults(run=run, parser=command)
    return command


def add_force(parser: argparse.ArgumentParser, argument: str) -> None:
    """The --force flag of a command that writes files."""
    parser.add_argument(
        "--force",
        action="store_true",
        help=f"replace the file(s) {argument} names if they exist (without it, the command "
        "refuses before playing)",
    )


def add_seats(parser: argparse.ArgumentParser) -> None:
    """The --players and --bots of a command that plays games."""
    parser.add_argument("--players", type=int, default=4, metavar="N", help="seats (default 4)")
    parser.add_argument(
        "--bots",
        default="eager_landlord",
        metavar="NAMES",
        help="one strategy for every seat, a mix taking turns round the table "
        "(eager_landlord+cautious_tenant), or one per seat, comma-separated "
        "(strategies: eager_landlord, cautious_tenant, single_taxer, strategy_guide, random, "
        "tuned: tuned to each rule set, search: looks ahead, seconds a game)",
    )
