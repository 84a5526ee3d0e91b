"""``landlord landing`` and ``landlord rents``: a track board's landing odds and rents.

The reports themselves are :mod:`landlord.analysis.reports`'; here are the arguments,
the checks (a rule set with no track is refused, exit 2) and the printing.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from landlord.cli.arguments import add_command, seed_number, whole_number
from landlord.rules import RulesError, RuleSet, load_rules

#: The most throws ``landlord landing`` simulates (its arrays grow with them).
MAX_ROLLS = 10_000_000
#: The throws to simulate on the command line.
rolls_number = whole_number(1, MAX_ROLLS)
#: How a jailed token gets out, as landlord.analysis.STRATEGIES names them
#: (written out here so that building the parser does not import numpy).
_JAIL_STRATEGIES = ("leave", "stay")


def _track_rules(args: argparse.Namespace) -> tuple[RuleSet, Any]:
    """The rule set --rules names and its track; a clear error and exit 2 if it has none."""
    from landlord.analysis import track_from_rules

    try:
        rules = load_rules(args.rules)
    except RulesError as error:
        args.parser.error(str(error))
    try:
        track = track_from_rules(rules)
    except ValueError as error:
        args.parser.error(str(error))
    return rules, track


def _landing(args: argparse.Namespace) -> int:
    from landlord.analysis import landing_report, landing_text

    rules, track = _track_rules(args)
    report = landing_report(rules, args.strategy, args.rolls, args.seed)
    print(json.dumps(report, indent=1) if args.json else landing_text(report, track))
    return 0


def _rents(args: argparse.Namespace) -> int:
    from landlord.analysis import rents_report, rents_text

    rules, _ = _track_rules(args)
    try:
        text = (
            json.dumps(rents_report(rules, args.strategy), indent=1)
            if args.json
            else rents_text(rules, args.strategy)
        )
    except ValueError as error:
        args.parser.error(str(error))
    print(text)
    return 0


def _add_track(command: argparse.ArgumentParser) -> None:
    """The --rules and --strategy of a command that reads a track board."""
    command.add_argument(
        "--rules",
        default="monopoly_us",
        metavar="ID",
        help="a rule set on a track board, or the path of a .toml file (default monopoly_us)",
    )
    command.add_argument(
        "--strategy",
        choices=_JAIL_STRATEGIES,
        default="leave",
        help="how a jailed token gets out: leave (pay at once) or stay (try for doubles, "
        "or the throw that frees on a one-die track); default leave",
    )


def add_landing(commands: Any) -> None:
    """``landlord landing`` and its arguments."""
    landing = add_command(
        commands,
        "landing",
        _landing,
        "show how often each square is landed on: the exact chain beside a simulation",
    )
    _add_track(landing)
    landing.add_argument(
        "--rolls",
        type=rolls_number,
        default=200_000,
        metavar="N",
        help=f"throws to simulate (default 200000, at most {MAX_ROLLS:,})",
    )
    landing.add_argument(
        "--seed", type=seed_number, default=0, help="same seed, same simulation (default 0)"
    )
    landing.add_argument("--json", action="store_true", help="print JSON instead of a table")


def add_rents(commands: Any) -> None:
    """``landlord rents`` and its arguments."""
    rents = add_command(
        commands,
        "rents",
        _rents,
        "show each colour group's expected rent per opponent throw and how fast it pays back",
    )
    _add_track(rents)
    rents.add_argument("--json", action="store_true", help="print JSON instead of a table")
