"""The ``landlord`` command line.

Every sub-command is a thin layer over the public API.

Exit status: 0 when the command did what it was asked. 2 for bad input,
before any work is done where it can be found beforehand: a bad argument, a
number beyond its limit, an unknown rule set or option, a rule, grid or saved
game file that cannot be read, or a file to write that cannot be written or
already exists (``--force`` replaces it). The message is one line, after the
usage, as argparse prints it. 1 for a failure while working, with one line on
stderr: a worker process that died, a disk that filled up while saving, or
``landlord claim --check`` finding results that differ from the shipped ones.
130 after Ctrl-C, which leaves any file being written as it was.

Limits, checked before any game is played: ``--games`` at most
:data:`~landlord.experiments.MAX_GAMES` per rule set, ``--rolls`` at most
:data:`MAX_ROLLS`, ``--jobs`` at most :data:`~landlord.experiments.MAX_JOBS`,
whole-number rule options within plus or minus
:data:`~landlord.experiments.MAX_OPTION_NUMBER`, and a saved game to replay at
most :data:`MAX_SAVED_GAME_BYTES`.

Files are written atomically, a set of tables as a set (see
:mod:`landlord.writing`); an existing file is not replaced without ``--force``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import textwrap
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import landlord
from landlord import limits
from landlord.columns import columns
from landlord.rules import RulesError, RuleSet, RuleSetInfo, available, load_rules, registered
from landlord.rules.model import PROVENANCE_STATUSES
from landlord.writing import WrittenThenInterrupted

#: The limits of the command line (the experiments' own are in
#: landlord.experiments; they are written out here so that building the parser
#: does not import numpy). Checked by test_cli_hardening against the library's.
MAX_GAMES, MAX_JOBS, MAX_SEATS, MAX_AT_ROUND = 1_000_000, 64, 64, 10_000
#: The most throws ``landlord landing`` simulates (its arrays grow with them).
MAX_ROLLS = 10_000_000
#: The largest saved game ``landlord replay`` reads (a long game is a few MB): the kit's own
#: limit on saved games (:data:`landlord.limits.GAME_BYTES`), so the CLI refuses what the
#: loader would, before reading it.
MAX_SAVED_GAME_BYTES = limits.GAME_BYTES

#: Distributions reported by ``landlord info``: the library's own
#: dependencies first, then the ``notebook`` extra that the apps need.
LIBRARY_PACKAGES = ("numpy", "pandas", "networkx", "matplotlib")
FAST_PACKAGES = ("numba",)
NOTEBOOK_PACKAGES = ("ipywidgets", "voila", "jupyterlab")


def installed_versions() -> dict[str, str | None]:
    """Return the version of each package the kit uses, ``None`` if missing.

    Reads installed metadata only, so it imports none of the packages and
    stays fast even where the notebook stack is absent.

    Examples
    --------
    >>> versions = installed_versions()
    >>> versions["numpy"] is not None
    True
    """
    from importlib import metadata  # here: 30 ms that only `landlord info` needs

    versions: dict[str, str | None] = {}
    for name in LIBRARY_PACKAGES + FAST_PACKAGES + NOTEBOOK_PACKAGES:
        try:
            versions[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            versions[name] = None
    return versions


def _info(_args: argparse.Namespace) -> int:
    print(f"landlord    {landlord.__version__}")
    print(f"python      {platform.python_version()} ({sys.executable})")
    print(f"platform    {platform.platform()}")
    versions = installed_versions()
    for heading, names in (
        ("library", LIBRARY_PACKAGES),
        ("fast extra (the batch path)", FAST_PACKAGES),
        ("notebook extra", NOTEBOOK_PACKAGES),
    ):
        print(f"\n{heading}:")
        for name in names:
            print(f"  {name:<11} {versions[name] or 'not installed'}")
    if not versions["numba"]:
        print(
            "\nWithout numba every experiment plays on the reference engine (the same games, "
            "slower): pip install 'landlord-kit[fast]'"
        )
    if not all(versions[name] for name in NOTEBOOK_PACKAGES):
        print("\nThe apps need the notebook extra: pip install 'landlord-kit[notebook]'")
    return 0


def _serve(args: argparse.Namespace) -> int:
    """Serve the apps (the notebooks as Voila web pages) on this machine."""
    import importlib.util

    from landlord.app_files import apps_folder, notebooks_folder

    if importlib.util.find_spec("voila") is None:
        args.parser.error("the apps need the notebook extra: pip install 'landlord-kit[notebook]'")
    print(
        f"landlord: open http://127.0.0.1:{args.port}/voila/render/welcome.ipynb  (Ctrl-C stops)",
        flush=True,
    )
    os.chdir(apps_folder())  # where voila.json says how the apps are served
    from landlord.serve import main as serve

    serve(
        [
            str(notebooks_folder()),
            "--no-browser",
            "--Voila.ip=127.0.0.1",
            f"--port={args.port}",
            "--Voila.port_retries=0",
        ]
    )
    return 0


def _players(info: RuleSetInfo) -> str:
    if info.min_players == info.max_players:
        return str(info.min_players)
    return f"{info.min_players}-{info.max_players}"


def _show(value: Any) -> str:
    """A value as its TOML file writes it."""
    return json.dumps(value)


def rule_set_summary(info: RuleSetInfo) -> dict[str, Any]:
    """What ``landlord rules --json`` lists for one rule set.

    Examples
    --------
    >>> rule_set_summary(available()[0])["players"]
    '2-4'
    """
    return {
        "id": info.id,
        "title": info.title,
        "edition": info.edition,
        "players": _players(info),
        "min_players": info.min_players,
        "max_players": info.max_players,
        "status": info.status,
        "summary": info.summary,
        "extends": info.extends,
        "history": info.history,
    }


def rule_set_details(rules: RuleSet) -> dict[str, Any]:
    """What ``landlord rules ID --json`` prints: the rule set, its options and its sources.

    ``provenance`` gives each section's status and source, the number of
    board values of each status, and the cards of the Chance pack (and the
    Community Chest pack, where there is one) by status.

    Examples
    --------
    >>> details = rule_set_details(load_rules("landlords_game"))
    >>> details["provenance"]["chance"]
    {'cards': 16, 'by_status': {'reconstruction': 16}}
    """
    sections = {
        name: {"status": source.status, "source": source.source}
        for name, source in rules.provenance.items()
        if "." not in name
    }
    board = Counter(
        source.status for name, source in rules.provenance.items() if name.startswith("board.")
    )
    packs = {}
    for key, deck in (
        ("chance", rules.chance_deck),
        ("community_chest", rules.community_chest_deck),
    ):
        statuses = Counter()
        for card in deck:
            statuses[card.source.status if card.source else "unmarked"] += card.copies
        if deck or key == "chance":
            packs[key] = {"cards": sum(statuses.values()), "by_status": dict(statuses)}
    return {
        **rule_set_summary(rules.info),
        "sources": list(rules.info.sources),
        "options": [
            {
                "name": option.name,
                "kind": option.kind,
                "default": option.default,
                "choices": list(option.choices),
                "title": option.title,
                "status": option.provenance.status if option.provenance else "",
                "source": option.provenance.source if option.provenance else "",
            }
            for option in rules.declared_options
        ],
        "provenance": {
            "sections": sections,
            "board_values": {status: board[status] for status in PROVENANCE_STATUSES},
            **packs,
        },
        "readings": dict(rules.params.get("readings", {})),
        "files": list(rules.files),
    }


def _print_details(details: dict[str, Any]) -> None:
    print(f"{details['title']} ({details['id']})")
    print(details["edition"])
    print(f"{details['players']} players; status: {details['status']}")
    if details["extends"]:
        print(f"based on {details['extends']}: what is not set here is as there")
    print(details["summary"])
    for source in details["sources"]:
        print(f"  source: {source}")
    if details["history"]:
        print("\nhistory and sources:")
        print(
            textwrap.fill(
                details["history"], width=88, initial_indent="  ", subsequent_indent="  "
            )
        )
    print("\noptions:")
    if details["options"]:
        rows = [("name", "default", "status", "title")]
        rows += [
            (option["name"], _show(option["default"]), option["status"], option["title"])
            for option in details["options"]
        ]
        print(columns(rows, indent="  "))
    else:
        print("  none")
    provenance = details["provenance"]
    print("\nwhere the numbers come from:")
    rows = [("section", "status", "source")]
    rows += [(name, p["status"], p["source"]) for name, p in provenance["sections"].items()]
    print(columns(rows, indent="  "))
    counts = ", ".join(f"{n} {status}" for status, n in provenance["board_values"].items())
    print(f"\n  board values: {counts}")
    for key, title in (("chance", "Chance"), ("community_chest", "Community Chest")):
        pack = provenance.get(key)
        if pack is None:
            continue
        if pack["cards"]:
            by_status = pack["by_status"]
            if len(by_status) == 1:
                status = f"all {next(iter(by_status))}"
            else:
                status = ", ".join(f"{n} {status}" for status, n in by_status.items())
            print(f"  {title} pack: {pack['cards']} cards, {status}")
        else:
            print(f"  {title} pack: none")
    if details["readings"]:
        print("\nour readings where the rules are ambiguous or silent (interpretation):")
        for name, reading in details["readings"].items():
            print(f"  {name}: {reading}")


def _rules(args: argparse.Namespace) -> int:
    if args.rule_set is None:
        infos = available()
        if args.json:
            print(json.dumps([rule_set_summary(info) for info in infos], indent=2))
        else:
            rows = [("id", "title", "edition", "players", "status")]
            rows += [
                (info.id, info.title, info.edition, _players(info), info.status) for info in infos
            ]
            print(columns(rows))
        return 0
    if args.rule_set not in registered() and not Path(args.rule_set).is_file():
        known = ", ".join(registered())
        args.parser.error(
            f"unknown rule set {args.rule_set!r} (expected one of {known}, or a .toml file)"
        )
    try:
        rules = load_rules(args.rule_set)
    except RulesError as error:
        args.parser.error(str(error))
    details = rule_set_details(rules)
    if args.json:
        print(json.dumps(details, indent=2))
    else:
        _print_details(details)
    return 0


def _whole_number(minimum: int, maximum: int | None = None) -> Callable[[str], int]:
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


#: A seed on the command line, and the counts: games, jobs and throws.
_seed = _whole_number(0)
_games, _jobs, _rolls, _at_round = (
    _whole_number(1, MAX_GAMES),
    _whole_number(1, MAX_JOBS),
    _whole_number(1, MAX_ROLLS),
    _whole_number(1, MAX_AT_ROUND),
)


def _file_name(text: str) -> str:
    """An argparse type for a file to read or write: an empty name is refused, not ignored."""
    if not text:
        raise argparse.ArgumentTypeError("expected a file name, got ''")
    return text


def _option_value(text: str) -> Any:
    """A command-line option value: true/false, a whole number, a decimal, or text."""
    from landlord.experiments import option_value

    return option_value(text)


def _rule_options(args: argparse.Namespace) -> dict[str, Any]:
    options = {}
    for item in args.option:
        name, equals, value = item.partition("=")
        name = name.strip()
        if not equals or not name:
            args.parser.error(f"argument --option: expected NAME=VALUE, got {item!r}")
        if name in options:
            args.parser.error(f"argument --option: option {name!r} given twice")
        options[name] = _option_value(value)
    _check_options(args, "--option", options)
    return options


def _check_options(args: argparse.Namespace, argument: str, options: dict[str, Any]) -> None:
    """Refuse whole-number options beyond the experiments' limit (money is 64-bit there)."""
    from landlord.experiments import check_option_values

    try:
        check_option_values(options)
    except ValueError as error:
        args.parser.error(f"argument {argument}: {error}")


def _check_file(args: argparse.Namespace, argument: str, paths: list[Path]) -> None:
    """Refuse files that cannot be written, or would be replaced without --force."""
    from landlord.writing import DestinationError, check_destination

    try:
        check_destination(paths, force=args.force)
    except DestinationError as error:
        hint = "; use --force to replace it" if str(error).endswith("already exists") else ""
        args.parser.error(f"argument {argument}: {error}{hint}")


def _save_failed(command: str, path: str, error: OSError) -> int:
    """Report a write that failed while working (a full disk, say): one line, exit 1."""
    print(
        f"landlord {command}: cannot write {path}: {error.strerror or error}; "
        "nothing was replaced",
        file=sys.stderr,
    )
    return 1


def _seats(args: argparse.Namespace, rules: RuleSet) -> list[str]:
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
    bots = _bots(args)
    if "," not in args.bots:
        from landlord.experiments import bot_mix

        return bot_mix(bots, args.players)
    return bots


def _bots(args: argparse.Namespace) -> list[str]:
    """The strategies --bots names: one per seat (a,b,c) or a mix (a+b), checked."""
    return _strategies(args, "--bots", args.bots.split("," if "," in args.bots else "+"))


def _strategies(args: argparse.Namespace, argument: str, names: list[str]) -> list[str]:
    """``names`` stripped, each checked to be a bot's strategy."""
    from landlord.policies import STRATEGIES

    names = [name.strip() for name in names]
    for name in names:
        if name not in STRATEGIES or name == "human":
            known = ", ".join(sorted(set(STRATEGIES) - {"human"}))
            args.parser.error(f"argument {argument}: unknown strategy {name!r} (known: {known})")
    return names


def _print_game(record: Any, as_json: bool) -> None:
    from landlord.report import game_report, game_report_json

    if as_json:
        print(json.dumps(game_report_json(record), indent=1, default=str))
    else:
        print(game_report(record))


def _play(args: argparse.Namespace) -> int:
    from landlord.session import Session

    options = _rule_options(args)
    try:
        rules = load_rules(args.rules, **options)
    except RulesError as error:
        args.parser.error(str(error))
    seats = _seats(args, rules)
    if args.save:
        _check_file(args, "--save", [Path(args.save)])
    try:
        session = Session(rules, seats, seed=args.seed)
    except RulesError as error:  # a rule file whose game the engine does not know
        args.parser.error(str(error))
    session.run()
    record = session.record()
    _print_game(record, args.json)
    if args.save:
        try:
            path = record.save(args.save)
        except OSError as error:
            return _save_failed("play", args.save, error)
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


def _experiment(args: argparse.Namespace, specs_text: str, swept: tuple | None = None) -> int:
    """Run ``landlord compare``, ``simulate`` or ``sweep``: check, play, print, save."""
    from landlord.experiments import compare, parse_spec, split_specs

    _check_out(args)
    try:
        specs = [parse_spec(spec) for spec in split_specs(specs_text)]
    except ValueError as error:
        args.parser.error(f"argument --rules: {error}")
    for _, options in specs:
        _check_options(args, "--rules", options)
    for value in swept[1] if swept is not None else ():
        _check_options(args, "--param", {swept[0]: value})
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
        seats = _seats(args, rules)
    # A progress bar on stderr, where a person watches; none in a pipe or a log.
    progress = True if sys.stderr.isatty() else None
    with _experiment_errors(args):
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
def _experiment_errors(args: argparse.Namespace) -> Iterator[None]:
    """Turn what an experiment refuses into a usage error, a dead worker into exit 1."""
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
        sys.exit(_save_failed(args.command, args.out, error))
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
    from landlord.experiments import _needs_pyarrow, results_files

    if Path(args.out).suffix == ".parquet":
        try:
            _needs_pyarrow()
        except ValueError as error:
            args.parser.error(f"argument --out: {error}")
    _check_file(args, "--out", results_files(args.out))


def _report(args: argparse.Namespace, result: Any) -> int:
    """Save the results if asked, and print them as a table or JSON."""
    if args.out and not result.streamed:  # a streamed run wrote its files as it played
        try:
            result.save(args.out)
        except ValueError as error:  # Parquet without pyarrow
            args.parser.error(f"argument --out: {error}")
        except OSError as error:
            return _save_failed(args.command, args.out, error)
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
    values = [_option_value(item) for item in items]
    if option in SEAT_PARAMETERS:
        return _sweep_seats(args, option, values)
    return _experiment(args, args.rules, (option, values))


def _sweep_seats(args: argparse.Namespace, option: str, values: list[Any]) -> int:
    """``--param players=2,3,4`` or ``--param bots=eager_landlord,eager_landlord+random``."""

    _check_out(args)
    if option == "players":
        if not all(isinstance(value, int) and value >= 1 for value in values):
            args.parser.error(f"argument --param: players are whole numbers >= 1, got {values}")
        seats: int | list[str] = _bots(args)  # filled round each table in turn
    else:
        for value in values:
            _strategies(args, "--param", str(value).split("+"))
        seats = args.players
    progress = True if sys.stderr.isatty() else None
    with _experiment_errors(args):
        result = _played_sweep(args, args.rules, option, values, seats, progress)
    return _report(args, result)


def _claim(args: argparse.Namespace) -> int:
    """``landlord claim``: Magie's claim over the declared grid, played or as shipped."""
    from landlord.claim import (
        GRID_PATH,
        GRID_V2_PATH,
        GRID_V3_PATH,
        GridError,
        load_grid,
        run_claim,
        shipped_results,
    )

    if args.shipped and (args.grid or args.check):
        args.parser.error(
            "argument --shipped: prints the shipped results; it takes no --grid or --check"
        )
    if args.check and args.grid:
        args.parser.error("argument --check: compares the shipped grid's results; drop --grid")
    shipped_grid = {1: GRID_PATH, 2: GRID_V2_PATH, 3: GRID_V3_PATH}[args.grid_version]
    try:
        grid = load_grid(args.grid or shipped_grid)
        wanted = None if args.scenario is None else [s.strip() for s in args.scenario.split(",")]
        for scenario_id in wanted or ():
            grid.scenario(scenario_id)
    except GridError as error:
        args.parser.error(str(error))
    if args.out:
        _writable(args, args.out)
    if args.shipped:
        results = shipped_results(args.grid_version)
        if wanted:
            results.scenarios = [s for s in results.scenarios if s["id"] in wanted]
    else:
        arms = len(grid.rule_sets) if grid.format == 2 else 2
        total = arms * grid.games * len(grid.seeds) * len(wanted or grid.scenarios)
        with _terminal_bar(total) as progress, _experiment_errors(args):
            results = run_claim(grid, wanted, jobs=args.jobs, progress=progress)
    text = results.dumps()
    if args.out:
        from landlord.writing import write_text_atomically

        try:
            write_text_atomically(args.out, text)
        except OSError as error:
            return _save_failed("claim", args.out, error)
    if args.check:
        shipped = {s["id"]: s for s in shipped_results(args.grid_version).scenarios}
        differ = [s["id"] for s in results.scenarios if shipped.get(s["id"]) != s]
        if differ:
            print(f"differ from the shipped results: {', '.join(differ)}", file=sys.stderr)
            return 1
        print(f"{len(results.scenarios)} scenarios: the same as the shipped results")
        return 0
    print(text if args.json else results.table(), end="" if args.json else "\n")
    return 0


def _writable(args: argparse.Namespace, out: str) -> None:
    """Refuse an --out that cannot be written, before anything is played."""
    path = Path(out)
    if path.suffix != ".json":
        args.parser.error(f"argument --out: expected FILE.json, got {out!r}")
    _check_file(args, "--out", [path])


@contextmanager
def _terminal_bar(total: int) -> Iterator[Callable[[int, int], Any] | None]:
    """A progress bar on stderr where a person watches; none in a pipe or a log."""
    if not sys.stderr.isatty():
        yield None
        return
    from tqdm import tqdm

    class Bar(tqdm):  # without tqdm's monitor thread: the workers are forked from one thread
        monitor_interval = 0

    with Bar(total=total, unit="game", desc="playing", file=sys.stderr) as bar:
        yield lambda done, _: bar.update(done - bar.n)


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


def _add_experiment_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments every experiment takes: games, players, bots, seed, jobs, output."""
    parser.add_argument(
        "--games",
        type=_games,
        default=100,
        metavar="N",
        help=f"games per rule set (default 100, at most {MAX_GAMES:,})",
    )
    parser.add_argument("--players", type=int, default=4, metavar="N", help="seats (default 4)")
    parser.add_argument(
        "--bots",
        default="eager_landlord",
        metavar="NAMES",
        help="one strategy for every seat, a mix taking turns round the table "
        "(eager_landlord+cautious_tenant), or one per seat, comma-separated "
        "(strategies: eager_landlord, cautious_tenant, single_taxer, random)",
    )
    parser.add_argument("--seed", type=_seed, default=0, help="same seed, same games (default 0)")
    parser.add_argument(
        "--at-round",
        type=_at_round,
        default=None,
        metavar="R",
        help="also read every measure at the end of round R, a common round for every rule "
        "set (a game over before it counts with its end); without it, at each game's end only",
    )
    parser.add_argument(
        "--jobs",
        type=_jobs,
        default=1,
        metavar="N",
        help=f"processes to play the games in (default 1, at most {MAX_JOBS}); "
        "the results do not change",
    )
    parser.add_argument(
        "--out",
        type=_file_name,
        metavar="FILE",
        help="also save the results: FILE.json (everything), FILE.csv (tables and "
        "metadata) or FILE.parquet (tables, each with its metadata)",
    )
    _add_force(parser, "--out")
    parser.add_argument(
        "--json", action="store_true", help="print JSON (with every game) instead of a table"
    )


def _add_force(parser: argparse.ArgumentParser, argument: str) -> None:
    """The --force flag of a command that writes files."""
    parser.add_argument(
        "--force",
        action="store_true",
        help=f"replace the file(s) {argument} names if they exist (without it, the command "
        "refuses before playing)",
    )


def _add_command(
    commands: Any, name: str, run: Callable[[argparse.Namespace], int], help: str
) -> argparse.ArgumentParser:
    """Add the sub-command ``name``, run by ``run(args)``, which returns the exit status."""
    command = commands.add_parser(name, help=help, description=help[0].upper() + help[1:] + ".")
    command.set_defaults(run=run, parser=command)
    return command


def build_parser() -> argparse.ArgumentParser:
    """Build the argument parser for ``landlord``."""
    parser = argparse.ArgumentParser(
        prog="landlord",
        description=(
            "Play and measure Lizzie Magie's Landlord's Game, her single-tax rules "
            "and the games that followed."
        ),
    )
    parser.add_argument("--version", action="version", version=f"landlord {landlord.__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    commands.required = True
    _add_command(commands, "info", _info, "show the versions of landlord and the packages it uses")
    rules = _add_command(
        commands, "rules", _rules, "list the rule sets, or show one with its options and sources"
    )
    rules.add_argument(
        "rule_set",
        nargs="?",
        metavar="RULE_SET",
        help="a rule set's id (or the path of your own .toml file) to show in detail",
    )
    rules.add_argument("--json", action="store_true", help="print JSON instead of a table")
    play = _add_command(
        commands, "play", _play, "play one game with bots and print it round by round"
    )
    play.add_argument(
        "--rules", default="landlords_game", metavar="ID", help="rule set (default landlords_game)"
    )
    play.add_argument("--players", type=int, default=4, metavar="N", help="seats (default 4)")
    play.add_argument(
        "--bots",
        default="eager_landlord",
        metavar="NAMES",
        help="one strategy for every seat, a mix taking turns round the table "
        "(eager_landlord+cautious_tenant), or one per seat, comma-separated "
        "(strategies: eager_landlord, cautious_tenant, single_taxer, random)",
    )
    play.add_argument("--seed", type=_seed, default=None, help="same seed, same game")
    play.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a rule set option, for example advanced=true or round_limit=30 (repeatable)",
    )
    play.add_argument("--json", action="store_true", help="print JSON instead of text")
    play.add_argument(
        "--save", type=_file_name, metavar="FILE", help="write the replayable game as JSON"
    )
    _add_force(play, "--save")
    compare = _add_command(
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
    one_rule_set = {}
    for name, run, about in (
        ("simulate", _simulate, "play many games of one rule set and measure them"),
        ("sweep", _sweep, "play the same games at every value of one rule-set option"),
    ):
        one_rule_set[name] = _add_command(commands, name, run, about)
        one_rule_set[name].add_argument(
            "--rules",
            default="landlords_game",
            metavar="SPEC",
            help="a rule set id, with options in brackets if any (default landlords_game)",
        )
    _add_experiment_arguments(one_rule_set["simulate"])
    sweep = one_rule_set["sweep"]
    sweep.add_argument(
        "--param",
        required=True,
        metavar="NAME=V1,V2,...",
        help="the option and its values, for example land_value_tax=0,0.25,0.5,0.75,1, "
        "starting_cash=400,800 or wages=50,100,200; also players=2,3,4 (seated with --bots) "
        "or bots=eager_landlord,eager_landlord+cautious_tenant (bot mixes)",
    )
    _add_experiment_arguments(sweep)
    landing = _add_command(
        commands,
        "landing",
        _landing,
        "show how often each square is landed on: the exact chain beside a simulation",
    )
    rents = _add_command(
        commands,
        "rents",
        _rents,
        "show each colour group's expected rent per opponent throw and how fast it pays back",
    )
    for command in (landing, rents):
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
    landing.add_argument(
        "--rolls",
        type=_rolls,
        default=200_000,
        metavar="N",
        help=f"throws to simulate (default 200000, at most {MAX_ROLLS:,})",
    )
    landing.add_argument(
        "--seed", type=_seed, default=0, help="same seed, same simulation (default 0)"
    )
    for command in (landing, rents):
        command.add_argument("--json", action="store_true", help="print JSON instead of a table")
    claim = _add_command(
        commands,
        "claim",
        _claim,
        "test Magie's claim across the declared grid of scenarios: paired differences, "
        "intervals and a verdict per scenario and measure",
    )
    claim.add_argument(
        "--scenario",
        metavar="IDS",
        help="only these scenarios, comma-separated (such as eager.printed,random.long)",
    )
    claim.add_argument(
        "--grid",
        type=_file_name,
        metavar="FILE",
        help="a grid file of your own (default: the shipped grid of --grid-version)",
    )
    claim.add_argument(
        "--grid-version",
        type=int,
        choices=(1, 2, 3),
        default=2,
        metavar="N",
        help="which shipped grid: 2 (grid_v2.toml, the default: the single tax as printed, "
        "money-neutral and sink-neutral, 2 to 4 seats, the printed end, a common round 25 and "
        "round 100), 1 (grid.toml: the single tax as printed, 4 seats) or 3 (grid_v3.toml, "
        "Magie's dial: 25 to 100%% of the land rent to the Treasury against none, 3 and 4 "
        "seats)",
    )
    claim.add_argument(
        "--jobs",
        type=_jobs,
        default=1,
        metavar="N",
        help="processes to play the games in (default 1); the results do not change",
    )
    claim.add_argument(
        "--shipped",
        action="store_true",
        help="print the results shipped with the kit, without playing (instant)",
    )
    claim.add_argument(
        "--check",
        action="store_true",
        help="play, then compare with the shipped results; exit 1 if they differ",
    )
    claim.add_argument(
        "--out", type=_file_name, metavar="FILE.json", help="also write the results as JSON"
    )
    _add_force(claim, "--out")
    claim.add_argument("--json", action="store_true", help="print JSON instead of a table")
    serve = _add_command(
        commands, "serve", _serve, "serve the apps on this machine (needs the notebook extra)"
    )
    serve.add_argument(
        "--port", type=_port, default=8866, help="the port to serve on (default 8866)"
    )
    _add_command(
        commands,
        "class",
        _class,
        "serve a class on the local network: tables across the students' devices and the "
        "teacher's dashboard (needs the notebook extra; landlord class --help)",
    )
    replay = _add_command(
        commands, "replay", _replay, "load a saved game, check it by replaying, and print it"
    )
    replay.add_argument("file", type=_file_name, metavar="FILE", help="a game saved with --save")
    replay.add_argument("--json", action="store_true", help="print JSON instead of text")
    return parser


def _port(text: str) -> int:
    """A port number to listen on (as ``landlord class`` reads one)."""
    from landlord.classroom.__main__ import port_number

    return port_number(text)


def _class(_args: argparse.Namespace) -> int:
    # Listed here for `landlord --help`; main hands `landlord class ...` on before parsing.
    return _the_class_server([])


def _the_class_server(argv: list[str]) -> int:
    """``landlord class ARGS``: the class server's own command line
    (:mod:`landlord.classroom`)."""
    from landlord.classroom.__main__ import main as class_main

    return class_main(argv, prog="landlord class")


#: The commands that start servers: a process running one keeps Python's and the
#: machine's defaults (its kernels and workers inherit its environment).
SERVERS = ("serve", "class")
#: The garbage collector's young-generation threshold in a process running one command
#: (Python's is 700). Starting an experiment imports numpy, pandas and numba, about a
#: million objects, and with 700 the collector ran about 400 times over them: a tenth of
#: a cold ``landlord compare``'s CPU time. Young garbage still goes within 10,000
#: allocations, and the older generations keep Python's thresholds.
GC_YOUNG = 10_000


def _as_a_program(command: str) -> None:
    """Settings for a process started to run one command (``landlord COMMAND`` or
    ``python -m landlord COMMAND``; not :func:`main` called from Python):

    * OpenBLAS plays on one thread (``OPENBLAS_NUM_THREADS``, unless set): numpy starts
      its threads as it is imported, and they spin a while for work that never comes (the
      kit's matrices are a few dozen rows);
    * the garbage collector's young generation is larger (:data:`GC_YOUNG`);
    * at exit, after the exit handlers, every object left is frozen (``gc.freeze``) so
      that Python's last collections pass over none of them: numba's and pandas's objects
      made the exit alone cost about a quarter of a second of CPU. The process ends
      straight after; files are closed by then (:mod:`landlord.writing`).

    A server (:data:`SERVERS`) is left as it is."""
    if command in SERVERS:
        return
    import atexit
    import gc

    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    gc.set_threshold(GC_YOUNG, *gc.get_threshold()[1:])
    atexit.register(gc.freeze)


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    given = sys.argv[1:] if argv is None else list(argv)
    if argv is None:
        _as_a_program(given[0] if given else "")
    if given[:1] == ["class"]:  # its own options and help (landlord.classroom)
        return _the_class_server(given[1:])
    args, unknown = build_parser().parse_known_args(argv)
    if unknown:  # refused by the command's own parser, which prints the command's usage
        args.parser.error(f"unrecognized arguments: {' '.join(unknown)}")
    try:
        return args.run(args)
    except BrokenPipeError:
        # The reader went away (``landlord rules | head``): stop quietly.
        sys.stderr.close()
        return 0
    except WrittenThenInterrupted:
        # Ctrl-C while a set of files was put in place: the set was put in place whole.
        print(
            f"landlord {args.command}: interrupted as the files were put in place; "
            "they were written whole",
            file=sys.stderr,
        )
        return 130
    except KeyboardInterrupt:
        # Ctrl-C: files being written are left as they were (landlord.writing).
        print(f"landlord {args.command}: interrupted; no file was changed", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
