"""The families of rule sets the kit plays, one package each.

* :mod:`landlord.families.magie`: Lizzie Magie's Landlord's Game (1906), its
  single tax, and Prosperity;
* :mod:`landlord.families.monopoly`: the later Monopoly rules (US classic,
  UK 1972, folk variants), as history. "Monopoly" is Hasbro's trademark;
  the kit is independent of Hasbro;
* :mod:`landlord.families.quikopoly`: the piecepack *Quikopoly* (2023);
* :mod:`landlord.families.sackson`: Sid Sackson's card game *Property* (1969),
  played on a grid.

Each package holds everything about its family: its engine (a flow and the
parts that own its state), how the named bots answer its decisions, its
board picture, its event log and its questions, and (for a class) the help
under each question, the rule behind each step and its words for the
glossary; its ``FAMILY`` object (a
:class:`~landlord.engine.family.Family`) is what the rest of the kit asks.
A rule set names its family in ``[rule_set] family``. To add a family, add
a package here with a ``FAMILY``: it is found by itself.

Examples
--------
>>> from landlord.rules import load_rules
>>> family_of(load_rules("monopoly_uk_1972")).name
'monopoly'
>>> [family.name for family in families()]
['magie', 'monopoly', 'quikopoly', 'sackson']
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from landlord.rules import RulesError

if TYPE_CHECKING:  # pragma: no cover - for the annotations only
    from landlord.engine.family import Family
    from landlord.rules.model import RuleSet

__all__ = ["families", "family_named", "family_of"]


@cache
def _names() -> tuple[str, ...]:
    return tuple(sorted(info.name for info in pkgutil.iter_modules(__path__) if info.ispkg))


@cache
def family_named(name: str) -> Family:
    """The family called ``name``; ``KeyError`` if there is none."""
    if name not in _names():
        raise KeyError(name)
    return importlib.import_module(f"{__name__}.{name}").FAMILY


def families() -> list[Family]:
    """Every family the kit has, by name."""
    return [family_named(name) for name in _names()]


def family_of(rules: RuleSet) -> Family:
    """The family that plays ``rules``.

    Raises
    ------
    RulesError
        If the rule set names no family the kit has, lacks a section its
        family's engine reads (``Family.sections``), has a board the engine
        cannot play (``Family.layout``, ``Family.corner_kinds``), or a list or
        table shorter than the engine reads (``Family.space_lists``,
        ``Family.by_players``); the message names the file and the field.
        :func:`~landlord.rules.load_rules` asks this of every file it reads.
    """
    cached = rules.derived.get("family")
    if cached is not None:
        return cached
    file = Path(rules.files[0]).name if rules.files else rules.id
    name = rules.info.family
    try:
        family = family_named(name)
    except KeyError:
        raise RulesError(
            f"{file}: field 'rule_set.family': expected one of {', '.join(_names())}, got {name!r}"
        ) from None
    missing = [section for section in family.sections if section not in rules.params]
    if missing:
        raise RulesError(
            f"{file}: section [{missing[0]}]: missing (expected it: the {family.title} read it)"
        )
    board = rules.board
    if family.layout and board.layout != family.layout:
        raise RulesError(
            f"{file}: field 'board_layout.layout': expected {family.layout!r} "
            f"(the {family.title} is played on one), got {board.layout!r}"
        )
    corners = {board.spaces[corner].kind for corner in board.corners}
    lacking = [kind for kind in family.corner_kinds if kind not in corners]
    if lacking:
        raise RulesError(
            f"{file}: field 'board_layout.corners': expected corners holding "
            f"{', '.join(family.corner_kinds)} (the {family.title} reads them), "
            f"got none holding {lacking[0]}"
        )
    for dotted, kind, each in family.space_lists:
        section, key = dotted.split(".")
        spaces = sum(1 for space in board.spaces if space.kind == kind)
        items = len(rules.params[section][key])
        needed = spaces if each else min(spaces, 1)
        if items < needed:
            raise RulesError(
                f"{file}: field '{dotted}': expected {'one item per' if each else 'an item for'} "
                f"{kind} space ({needed}), got {items}"
            )
    players = range(rules.info.min_players, rules.info.max_players + 1)
    for dotted in family.by_players:
        section, key = dotted.split(".")
        named = {int(number) for number in rules.params[section][key]}
        if not named.issuperset(players):
            raise RulesError(
                f"{file}: field '{dotted}': expected an entry for each number of players "
                f"from {players.start} to {players.stop - 1}, got {sorted(named)}"
            )
    problem = family.rules_problem(rules)
    if problem is not None:
        raise RulesError(f"{file}: field '{problem[0]}': {problem[1]}")
    rules.derived["family"] = family
    return family
