"""``landlord play`` and ``landlord replay``: one game, played with bots or loaded, printed.

A one-game command imports only what it needs (docs/architecture.md, "Speed"): the game
is printed from its own rows, without pandas.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from landlord import limits
from landlord.cli.arguments import (
    add_command,
    add_force,
    add_seats,
    check_file,
    file_name,
    rule_options,
    save_failed,
    seats_for,
    seed_number,
)
from landlord.rules import RulesError, load_rules

#: The largest saved game ``landlord replay`` reads (a long game is a few MB): the kit's own
#: limit on saved games (:data:`landlord.limits.GAME_BYTES`), so the CLI refuses what the
#: loader would, before reading it.
MAX_SAVED_GAME_BYTES = limits.GAME_BYTES


def _print_game(record: Any, as_json: bool) -> None:
    from landlord.report import game_report, game_report_json

    if as_json:
        print(json.dumps(game_report_json(record), indent=1, default=str))
    else:
        print(game_report(record))


def _play(args: argparse.Namespace) -> int:
    from landlord.record import GameRecord
    from landlord.session import Session

    options = rule_options(args)
    try:
        rules = load_rules(args.rules, **options)
    except RulesError as error:
        args.parser.error(str(error))
    seats = seats_for(args, rules)
    if args.save:
        check_file(args, "--save", [Path(args.save)])
    try:
        session = Session(rules, seats, seed=args.seed)
    except RulesError as error:  # a rule file whose game the engine does not know
        args.parser.error(str(error))
    session.run()
    record = GameRecord.from_session(session)
    _print_game(record, args.json)
    if args.save:
        try:
            path = record.save(args.save)
        except OSError as error:
            return save_failed("play", args.save, error)
        print(f"saved the game to {path}", file=sys.stderr)
    return 0


def _shown_names(record: Any) -> Any:
    """A saved game as ``replay`` prints it: the same game, played again under its names as
    a terminal may show them (:func:`~landlord.classroom.names.shown_name`: a terminal's
    escapes, a new line, a bidi override or a lone surrogate written as escapes); the
    record itself when every name shows as it is."""
    from dataclasses import replace

    from landlord.classroom.names import shown_name
    from landlord.engine.history import replay

    names = [shown_name(name) for name in record.names]
    if names == record.names:
        return record
    return replace(record, names=names, game=replay(record.game.rules, names, record.history))


def _replay(args: argparse.Namespace) -> int:
    from landlord.classroom.names import shown_name
    from landlord.record import SavedGameError, check_seeded, load_game

    path = Path(args.file)
    if path.exists() and not path.is_file():
        args.parser.error(f"argument FILE: {args.file} is not a regular file")
    if path.is_file() and path.stat().st_size > MAX_SAVED_GAME_BYTES:
        args.parser.error(
            f"argument FILE: {args.file} is {path.stat().st_size:,} bytes; a saved game "
            f"is at most {MAX_SAVED_GAME_BYTES:,}"
        )
    try:
        record = load_game(args.file)
        seeded = check_seeded(record, args.file)
    except SavedGameError as error:
        args.parser.error(shown_name(str(error)))  # it may quote a name from the file
    _print_game(_shown_names(record), args.json)
    if not seeded and not args.json:
        print("\n(The file has no seed: its steps were checked as legal, but its dice and bots")
        print("could not be checked against a seed.)")
    return 0


def add_play(commands: Any) -> None:
    """``landlord play`` and its arguments."""
    play = add_command(
        commands, "play", _play, "play one game with bots and print it round by round"
    )
    play.add_argument(
        "--rules", default="landlords_game", metavar="ID", help="rule set (default landlords_game)"
    )
    add_seats(play)
    play.add_argument("--seed", type=seed_number, default=None, help="same seed, same game")
    play.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a rule set option, for example advanced=true or round_limit=30 (repeatable)",
    )
    play.add_argument("--json", action="store_true", help="print JSON instead of text")
    play.add_argument(
        "--save", type=file_name, metavar="FILE", help="write the replayable game as JSON"
    )
    add_force(play, "--save")


def add_replay(commands: Any) -> None:
    """``landlord replay`` and its arguments."""
    replay = add_command(
        commands, "replay", _replay, "load a saved game, check it by replaying, and print it"
    )
    replay.add_argument("file", type=file_name, metavar="FILE", help="a game saved with --save")
    replay.add_argument("--json", action="store_true", help="print JSON instead of text")
