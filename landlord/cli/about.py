"""``landlord info`` and ``landlord rules``: what is installed, and the rule sets.

``landlord rules`` lists the rule sets, or shows one with its options and where its
numbers come from (:func:`rule_set_details`); neither command imports numpy.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import textwrap
from collections import Counter
from pathlib import Path
from typing import Any

import landlord
from landlord.cli.arguments import add_command
from landlord.columns import columns
from landlord.rules import RulesError, RuleSet, RuleSetInfo, available, load_rules, registered
from landlord.rules.model import PROVENANCE_STATUSES

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


def add_info(commands: Any) -> None:
    """``landlord info``."""
    add_command(commands, "info", _info, "show the versions of landlord and the packages it uses")


def add_rules(commands: Any) -> None:
    """``landlord rules`` and its arguments."""
    rules = add_command(
        commands, "rules", _rules, "list the rule sets, or show one with its options and sources"
    )
    rules.add_argument(
        "rule_set",
        nargs="?",
        metavar="RULE_SET",
        help="a rule set's id (or the path of your own .toml file) to show in detail",
    )
    rules.add_argument("--json", action="store_true", help="print JSON instead of a table")
