"""The families that play rule sets, found by name.

A rule set names its family in ``[rule_set] family``. This module finds the
family of that name, without importing any family until it is asked for:

* the kit's own families are the packages under ``landlord/families`` (each
  with a ``FAMILY`` object);
* any installed distribution may add one by declaring an entry point in the
  group ``landlord.families`` (as Gymnasium finds environments), its name the
  family's name and its value the object, ``"my_package:FAMILY"``. Nothing in
  ``landlord/`` changes for it.

The rules and the engine sit below the families (docs/architecture.md), so
they reach a family only through here, by name; a family is loaded with
:func:`importlib.import_module` the first time it is asked for.

:func:`family_of` also checks that a rule set gives its family what the
family's engine reads (its sections, board layout, corners, lists and tables),
naming the file and the field: :func:`~landlord.rules.load_rules` asks it of
every file it reads. :func:`landlord.families.family_of` is the same function
for the layers above, typed with the full :class:`~landlord.engine.family.Family`.

Examples
--------
>>> family_names()[:4]
('magie', 'monopoly', 'quikopoly', 'sackson')
>>> from landlord.rules import load_rules
>>> family_of(load_rules("property")).title
'Property (Sid Sackson)'
"""

from __future__ import annotations

import importlib
import importlib.metadata
import importlib.util
import pkgutil
import warnings
from collections.abc import Iterable, Sequence, Sized
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, cast

from landlord.rules.errors import RulesError

if TYPE_CHECKING:  # pragma: no cover - for the annotations only
    from landlord.rules.model import RuleSet

__all__ = [
    "ENTRY_POINTS",
    "FamilyFacts",
    "families",
    "family_named",
    "family_names",
    "family_of",
    "family_origin",
]

#: The entry-point group an installed distribution declares its families in.
ENTRY_POINTS = "landlord.families"
#: Where the kit's own families live (packages with a ``FAMILY``).
BUILT_IN = "landlord.families"


class FamilyFacts(Protocol):
    """What the rules know of a family: the facts a rule set is checked against.

    Every :class:`~landlord.engine.family.Family` has them (class attributes
    there, with their meaning).
    """

    name: str
    title: str
    sections: tuple[str, ...]
    layout: str
    corner_kinds: tuple[str, ...]
    space_lists: tuple[tuple[str, str, bool], ...]
    by_players: tuple[str, ...]

    def rules_problem(self, rules: RuleSet) -> tuple[str, str] | None: ...


@cache
def _built_in() -> dict[str, str]:
    """The kit's own families: name -> module, from the folder (nothing imported)."""
    spec = importlib.util.find_spec(BUILT_IN)
    where = list(spec.submodule_search_locations or ()) if spec else []
    names = sorted(info.name for info in pkgutil.iter_modules(where) if info.ispkg)
    return {name: f"{BUILT_IN}.{name}:FAMILY" for name in names}


@cache
def _found() -> dict[str, tuple[str, str]]:
    """Every family's name -> (where its object is, which distribution gives it)."""
    found = {name: (target, "landlord") for name, target in _built_in().items()}
    for point in importlib.metadata.entry_points(group=ENTRY_POINTS):
        giver = point.dist.name if point.dist is not None else "an installed package"
        if point.name in found:
            if found[point.name][0] != point.value:
                warnings.warn(
                    f"the family {point.name!r} of {giver} ({point.value}) was left out: "
                    f"{found[point.name][1]} has a family of that name",
                    RuntimeWarning,
                    stacklevel=2,
                )
            continue
        found[point.name] = (point.value, giver)
    return dict(sorted(found.items()))


def family_names() -> tuple[str, ...]:
    """The names of every family: the kit's own and those installed, sorted."""
    return tuple(_found())


def family_origin(name: str) -> str:
    """Which distribution gives the family called ``name`` (``"landlord"`` for the kit's own).

    Raises
    ------
    KeyError
        If there is no family of that name.
    """
    return _found()[name][1]


@cache
def family_named(name: str) -> FamilyFacts:
    """The family called ``name``, imported the first time it is asked for.

    Raises
    ------
    KeyError
        If there is no family of that name.
    ImportError
        If an installed family's module does not import (the message names its
        distribution and what failed).
    TypeError
        If an installed entry point gives an object that is not a family of
        that name (the message names the distribution).
    """
    target, giver = _found()[name]
    module, _, attribute = target.partition(":")
    try:
        family = importlib.import_module(module)
        for part in (attribute or "FAMILY").split("."):
            family = getattr(family, part)
    except Exception as error:
        if giver == "landlord":
            raise
        raise ImportError(
            f"the family {name!r} of {giver} ({target}) could not be loaded: "
            f"{type(error).__name__}: {error}"
        ) from error
    if getattr(family, "name", None) != name:
        raise TypeError(
            f"the entry point {name!r} of {giver} ({target}) gives "
            f"{getattr(family, 'name', family)!r}, not a family named {name!r}"
        )
    return cast(FamilyFacts, family)


def families() -> list[FamilyFacts]:
    """Every family that loads, by name.

    An installed family that does not load (its module fails to import, or its
    entry point gives no family of its name) is left out with a warning naming
    its distribution, once a process, so that one broken package does not stop
    the kit for everyone; asking for it by name raises. A family of the kit's
    own that does not load raises.
    """
    found = []
    for name in family_names():
        try:
            found.append(family_named(name))
        except (ImportError, TypeError) as error:
            if family_origin(name) == "landlord":
                raise
            if name not in _LEFT_OUT:
                _LEFT_OUT.add(name)
                warnings.warn(f"{error}; it was left out", RuntimeWarning, stacklevel=2)
    return found


#: The installed families left out of :func:`families` so far (warned about once).
_LEFT_OUT: set[str] = set()


def family_of(rules: RuleSet) -> FamilyFacts:
    """The family that plays ``rules``, once the rule set is checked against it.

    Raises
    ------
    RulesError
        If the rule set names no family there is, lacks a section its
        family's engine reads (``sections``), has a board the engine cannot
        play (``layout``, ``corner_kinds``), or a list or table shorter than
        the engine reads (``space_lists``, ``by_players``); the message names
        the file and the field.
    """
    cached = rules.derived.get("family")
    if cached is not None:
        return cast(FamilyFacts, cached)  # kept below
    file = Path(rules.files[0]).name if rules.files else rules.id
    name = rules.info.family
    try:
        family = family_named(name)
    except KeyError:
        raise RulesError(
            f"{file}: field 'rule_set.family': expected one of "
            f"{', '.join(family_names())}, got {name!r}"
        ) from None
    problem = _mismatch(family, rules)
    if problem is None and (own := family.rules_problem(rules)) is not None:
        problem = f"field '{own[0]}'", own[1]
    if problem is not None:
        raise RulesError(f"{file}: {problem[0]}: {problem[1]}")
    rules.derived["family"] = family
    return family


def _mismatch(family: FamilyFacts, rules: RuleSet) -> tuple[str, str] | None:
    """Where ``rules`` lacks what ``family``'s engine reads: (where, what), or None."""
    missing = [section for section in family.sections if section not in rules.params]
    if missing:
        return f"section [{missing[0]}]", f"missing (expected it: the {family.title} read it)"
    board = rules.board
    if family.layout and board.layout != family.layout:
        return "field 'board_layout.layout'", (
            f"expected {family.layout!r} (the {family.title} is played on one), "
            f"got {board.layout!r}"
        )
    corners = {board.spaces[corner].kind for corner in board.corners}
    lacking = [kind for kind in family.corner_kinds if kind not in corners]
    if lacking:
        return "field 'board_layout.corners'", (
            f"expected corners holding {', '.join(family.corner_kinds)} "
            f"(the {family.title} reads them), got none holding {lacking[0]}"
        )
    for dotted, kind, each in family.space_lists:
        section, key = dotted.split(".")
        spaces = sum(1 for space in board.spaces if space.kind == kind)
        items = len(cast(Sized, rules.params[section][key]))  # a list, checked
        needed = spaces if each else min(spaces, 1)
        if items < needed:
            return f"field '{dotted}'", (
                f"expected {'one item per' if each else 'an item for'} {kind} space "
                f"({needed}), got {items}"
            )
    return _players_missing(family.by_players, rules)


def _players_missing(by_players: Sequence[str], rules: RuleSet) -> tuple[str, str] | None:
    players = range(rules.info.min_players, rules.info.max_players + 1)
    for dotted in by_players:
        section, key = dotted.split(".")
        named = {int(number) for number in cast("Iterable[str]", rules.params[section][key])}
        if not named.issuperset(players):
            return f"field '{dotted}'", (
                f"expected an entry for each number of players from {players.start} "
                f"to {players.stop - 1}, got {sorted(named)}"
            )
    return None
