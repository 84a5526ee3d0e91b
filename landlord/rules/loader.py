"""Loading a rule set: its TOML file and the CSV files it names, checked, options applied.

A rule set is one TOML file (the numbers, section by section, each with its
provenance, and the options) beside two CSV files (the board and the Chance
pack). :func:`load_rules` reads them into a :class:`~landlord.rules.model.RuleSet`;
anything it cannot use raises :class:`RulesError`, whose message names the
file, the field (or the CSV row and column) and what was expected.

A rule set may be built on another: ``extends = "landlords_game"`` in its
``[rule_set]`` names the base, by the id of a rule set that comes with
landlord or by the path of a TOML file relative to the extending one. The
base is read and checked first (an error in it names the base's file), then
the extending file is laid over it:

- every table of the base is inherited, and a table of the extending file
  replaces the base's values key by key, one level deep: ``[wages]
  amount = 120`` changes ``wages.amount`` and keeps the base's ``paid_by``,
  ``status`` and ``source``; ``[options.NAME]`` replaces (or adds) the whole
  option; ``[readings]`` are merged reading by reading;
- in ``[rule_set]``, ``id``, ``title``, ``edition``, ``summary`` and
  ``status`` are the extending file's own and must be given; the players,
  ``board``, ``chance_deck`` and ``sources`` are the base's unless given;
- a CSV file is found beside the TOML file that names it, so an inherited
  board is the base's, and a board the extending file names is beside it;
- an inherited option whose target the extending file changes takes the
  new value as its default.

Bases may extend others in turn; a base that leads back to the file itself
is an error, as is one that cannot be found (both reported at
``rule_set.extends``). ``RuleSet.files`` lists the extending file's own files
first, then its base's.

A rule set must also be one its family's engine can play
(:func:`landlord.rules.registry.family_of`): every section the engine reads, a
board of the layout it plays on, a list or table for every railroad or
number of players it reads one for. A file is held to the limits of
:mod:`landlord.limits` (1 MB, 32 levels of nesting, 200 tables, 8 bases,
whole numbers within 64 bits), so that no file, however damaged, gets
further than a :class:`RulesError`.

Files are read once: a later call with the same file re-reads it only if one
of its files (those of its bases too) changed on disk, and the same options
give the same rule set without work, so a game can be created thousands of
times cheaply.
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import os
import tomllib
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Any, cast

from landlord import limits
from landlord.rules import registry, schema, toml_tables
from landlord.rules.csv_tables import board_provenance, read_board, read_chance
from landlord.rules.errors import RulesError
from landlord.rules.model import Provenance, RuleSet, RuleSetInfo
from landlord.rules.options import (
    apply_options,
    declare_option,
    option_kind,
    plain_copy,
    target_kind,
)
from landlord.rules.schema import MISSING, Invalid, Kind, check_table

__all__ = ["RULES_DIR", "RulesError", "load_rules", "registered"]

#: Where the rule sets that come with landlord live, one ``<id>.toml`` each.
RULES_DIR = Path(__file__).resolve().parent / "data"

#: Top-level tables that are not numbered sections (they do not go into ``params``).
_NOT_PARAMS = ("format", "rule_set", "options", "board_layout")

#: Keys of ``[rule_set]`` that say which rule set a file is: never inherited.
#: The family an older file's ``[engine] flow`` names.
_FLOW_FAMILIES = {"landlords_game": "magie", "monopoly": "monopoly"}


def _family_of_flow(params: dict[str, Any], path: Path) -> str:
    """The family of a file that names none in ``[rule_set] family``: the one its
    ``[engine] flow`` names (files written before families had names), else Magie's."""
    flow = params.get("engine", {}).get("flow")
    if flow is None:
        return "magie"
    if flow not in _FLOW_FAMILIES:
        raise RulesError(
            f"{path.name}: field 'engine.flow': expected one of {', '.join(_FLOW_FAMILIES)}, "
            f"got {flow!r} (name the family in [rule_set] family)",
            path=path,
            where="field 'engine.flow'",
        )
    return _FLOW_FAMILIES[flow]


_OWN_KEYS = ("id", "title", "edition", "summary", "status", "extends")

#: Keys of ``[rule_set]`` that name a CSV file, found beside the TOML file naming it.
_CSV_KEYS = ("board", "chance_deck", "community_chest_deck")

_FORMAT = Kind(
    "1 (the format this version of landlord reads)",
    lambda value: type(value) is int and value == 1,
)


@contextmanager
def _reading(path: Path) -> Iterator[None]:
    """Turn a failed check inside the block into a :class:`RulesError` naming ``path``."""
    try:
        yield
    except Invalid as error:
        raise RulesError(f"{path.name}: {error}", path=path, where=error.where) from None


#: The entry-point group in which an installed distribution names packages of rule sets.
RULE_SET_ENTRY_POINTS = "landlord.rule_sets"


@lru_cache(maxsize=1)
def registered() -> dict[str, Path]:
    """The rule sets there are by id: id -> TOML file.

    First those that come with landlord, then those of installed distributions:
    each entry point in the group ``landlord.rule_sets`` names a package whose
    folder holds rule-set files (a family from outside the kit ships its rule
    sets so, and they load by id and join ``landlord rules`` and the apps' menus
    like the kit's own). An id the kit has already is left out, with a warning.

    Examples
    --------
    >>> registered()["landlords_game"].name
    'landlords_game.toml'
    """
    found = {path.stem: path for path in sorted(RULES_DIR.glob("*.toml"))}
    for point in importlib.metadata.entry_points(group=RULE_SET_ENTRY_POINTS):
        giver = point.dist.name if point.dist is not None else "an installed package"
        try:
            spec = importlib.util.find_spec(point.value)
        except (ImportError, ValueError):
            spec = None
        folders = list(spec.submodule_search_locations or ()) if spec else []
        if not folders:
            warnings.warn(
                f"the rule sets of {giver} ({point.value}) were left out: not a package",
                RuntimeWarning,
                stacklevel=2,
            )
        for path in sorted(p for folder in folders for p in Path(folder).glob("*.toml")):
            if path.stem in found:
                warnings.warn(
                    f"the rule set {path.stem!r} of {giver} was left out: "
                    "there is one of that id already",
                    RuntimeWarning,
                    stacklevel=2,
                )
            else:
                found[path.stem] = path
    return found


def load_rules(id_or_path: str | os.PathLike[str], /, **options: object) -> RuleSet:
    """Load a rule set, checked, with ``options`` applied on top of its defaults.

    Parameters
    ----------
    id_or_path : str or path-like
        The id of a rule set that comes with landlord (see
        :func:`landlord.rules.available`), or the path of a rule-set TOML file
        of your own, whose CSV files are found beside it (or beside the base
        it extends, for the CSV files it inherits).
    **options
        Values for the options the rule set declares (``landlord rules ID``
        lists them), for example ``advanced=True`` or ``round_limit=50``.

    Returns
    -------
    RuleSet
        Its ``params``, ``options``, ``starting_cash`` and ``provenance`` are
        fresh dicts on every call, yours to change.

    Raises
    ------
    RulesError
        If there is no such rule set, a file is malformed, or an option is
        unknown or given a value it does not take.

    Examples
    --------
    >>> rules = load_rules("landlords_game")
    >>> rules.wages.amount, rules.starting_cash[3], len(rules.board.spaces)
    (100, 500, 40)
    >>> load_rules("landlords_game", advanced=True).houses.limit
    3
    >>> load_rules("landlords_game", advanced="yes")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    landlord.rules.RulesError: landlords_game.toml: option 'advanced': expected true or ...
    """
    path, expected_id = _locate(id_or_path)
    entry = _entry(path)
    if expected_id is not None:
        _check_id(path, entry.rules, expected_id)
    return _fresh(entry.with_options(options, path))


def _check_id(path: Path, rules: RuleSet, expected_id: str) -> None:
    """Refuse a registered file whose id is not its file's name."""
    if rules.id != expected_id:
        raise RulesError(
            f"{path.name}: field 'rule_set.id': expected {expected_id!r}, the name of the file "
            f"(rule sets in {RULES_DIR} are named after their files), got {rules.id!r}",
            path=path,
            where="field 'rule_set.id'",
        )


def _locate(id_or_path: str | os.PathLike[str]) -> tuple[Path, str | None]:
    """The TOML file meant, and the id it must declare if it is a registered one."""
    if not isinstance(id_or_path, str | os.PathLike):
        raise TypeError(f"expected a rule set's id or a path, got {id_or_path!r}")
    if isinstance(id_or_path, str) and id_or_path in registered():
        return registered()[id_or_path], id_or_path
    path = Path(id_or_path)
    blank = not os.fspath(id_or_path).strip()  # Path("") is the current folder
    if blank or (path.suffix != ".toml" and not _exists(path)):
        known = ", ".join(registered())
        shown = limits.cut(os.fspath(id_or_path)) if blank else limits.shown(path)
        raise RulesError(
            f"unknown rule set {shown!r}: expected one of {known}, "
            "or the path of a rule-set .toml file"
        )
    return path, None


@dataclass(frozen=True)
class _Source:
    """A rule-set TOML file as read, laid over the base it extends (if any).

    Attributes
    ----------
    data : dict
        The tables, the base's merged with the file's own.
    named_by : dict of str to Path
        For ``board`` and ``chance_deck``, the TOML file that names the CSV.
    inherited : frozenset of str
        The options declared by a base and not by the file itself.
    """

    data: dict[str, Any]
    named_by: dict[str, Path]
    inherited: frozenset[str] = frozenset()


@dataclass
class _Entry:
    """One TOML file as read, with the rule sets made from it so far."""

    stamps: tuple[tuple[int, int], ...]
    rules: RuleSet
    source: _Source
    applied: dict[tuple[tuple[str, Any], ...], RuleSet] = field(default_factory=dict)

    @property
    def references(self) -> toml_tables.References:
        piles = tuple(cast("list[str]", self.rules.params["accounts"]["piles"]))
        return toml_tables.References(piles, len(self.rules.board.spaces))

    def with_options(self, given: dict[str, Any], path: Path) -> RuleSet:
        """The rule set with the option values ``given`` (checked) on top of the defaults."""
        declared = {option.name: option for option in self.rules.declared_options}
        values = {name: option.default for name, option in declared.items()}
        for name, value in given.items():
            where = f"option {name!r}"
            if name not in declared:
                known = ", ".join(declared) or "none: this rule set declares no options"
                raise RulesError(
                    f"{path.name}: {where}: expected one of the options {known}", path=path
                )
            # The value must be of the option's kind, and fit the place it is written to.
            for kind in (option_kind(declared[name]), target_kind(declared[name])):
                try:
                    self.references(kind, value, name)
                except Invalid as error:
                    invalid = Invalid(where, error.expected, value)
                    raise RulesError(f"{path.name}: {invalid}", path=path, where=where) from None
            values[name] = value
        key = tuple(values.items())
        if key not in self.applied:
            params = plain_copy(self.rules.params)
            spaces = list(self.rules.board.spaces)
            provenance = dict(self.rules.provenance)
            apply_options(self.rules.declared_options, values, params, spaces, provenance)
            applied = replace(
                self.rules,
                board=replace(self.rules.board, spaces=tuple(spaces)),
                starting_cash=toml_tables.cash_by_players(params["starting_cash"]),
                params=params,
                options=values,
                provenance=provenance,
            )
            if given:  # options that cannot go together with the rest: refused now
                registry.family_of(applied)
            self.applied[key] = applied
        return self.applied[key]


#: The files read so far, by absolute path (a few dozen at most are kept).
_CACHE: dict[str, _Entry] = {}
_CACHE_SIZE = 64


def _stamps(files: tuple[str, ...]) -> tuple[tuple[int, int], ...]:
    stats = [os.stat(name) for name in files]
    return tuple((stat.st_mtime_ns, stat.st_size) for stat in stats)


def _entry(path: Path, chain: tuple[Path, ...] = ()) -> _Entry:
    """The cached reading of ``path``, read again if any of its files changed.

    ``chain`` holds the files being read that extend ``path``, nearest last.
    """
    key = os.path.abspath(path)
    entry = _CACHE.get(key)
    if entry is not None:
        try:
            if _stamps(entry.rules.files) == entry.stamps:
                return entry
        except OSError:
            pass  # a file went away: read again, which reports it
    rules, source = _read(Path(key), chain)
    registry.family_of(rules)  # a section or board the family's engine reads, refused now
    entry = _Entry(_stamps(rules.files), rules, source)
    if len(_CACHE) >= _CACHE_SIZE:
        del _CACHE[next(iter(_CACHE))]
    _CACHE[key] = entry
    return entry


def _fresh(rules: RuleSet) -> RuleSet:
    """A copy of a cached rule set whose dicts the caller may change (it shares the
    cached one's derived tables while they are unchanged: :meth:`RuleSet.derive`)."""
    copy = replace(
        rules,
        params=plain_copy(rules.params),
        options=dict(rules.options),
        starting_cash=dict(rules.starting_cash),
        provenance=dict(rules.provenance),
    )
    object.__setattr__(copy, "origin", rules)
    return copy


def _read_toml(path: Path) -> dict[str, Any]:
    """The tables of a TOML file, held to the limits of :mod:`landlord.limits`."""
    if limits.special_file(path):  # a pipe would wait for a writer for ever
        raise RulesError(f"{limits.shown(path)}: not a regular file", path=path)
    try:
        with path.open("rb") as handle:
            raw = handle.read(limits.RULES_BYTES + 1)
    except OSError as error:
        why = error.strerror or str(error)
        raise RulesError(f"{limits.shown(path)}: cannot be read: {why}", path=path) from None
    if len(raw) > limits.RULES_BYTES:
        raise RulesError(
            f"{path.name}: larger than {limits.RULES_BYTES:,} bytes, the most a rule set may be",
            path=path,
        )
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise RulesError(f"{path.name}: not valid TOML: {error}", path=path) from None
    except UnicodeDecodeError:
        raise RulesError(f"{path.name}: not valid TOML: not UTF-8 text", path=path) from None
    except RecursionError:
        why = f"nested more than {limits.DEPTH} levels deep"
        raise RulesError(f"{path.name}: not a rule set: {why}", path=path) from None
    except ValueError as error:  # a whole number of more than 4,300 digits
        raise RulesError(f"{path.name}: not valid TOML: {error}", path=path) from None
    why = limits.too_deep(data)
    if why:
        raise RulesError(f"{path.name}: not a rule set: {why}", path=path)
    if len(data) > limits.SECTIONS:
        raise RulesError(
            f"{path.name}: {len(data):,} tables; a rule set has at most {limits.SECTIONS}",
            path=path,
        )
    return data


def _is_file(path: Path) -> bool:
    """Whether ``path`` is a file; False for a name no file system takes (too long, a NUL)."""
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


def _exists(path: Path) -> bool:
    try:
        return path.exists()
    except (OSError, ValueError):
        return False


def _read(path: Path, chain: tuple[Path, ...]) -> tuple[RuleSet, _Source]:
    """Read and check one rule set (its TOML and CSV files), options at their defaults.

    ``path`` is absolute; ``chain`` holds the files being read that extend it.
    Returns the rule set and the tables it was made from.
    """
    own = _read_toml(path)
    with _reading(path):
        _FORMAT.check(own.get("format", MISSING), "format")
        located = _locate_base(path, own, chain)
    base = None
    if located is not None:
        base_path, expected_id = located
        base = _entry(base_path, (*chain, path))
        if expected_id is not None:
            _check_id(base_path, base.rules, expected_id)
    source = _merged(path, own, base)
    data = source.data
    files = [str(path)]
    with _reading(path):
        for name in schema.REQUIRED_SECTIONS:
            if name not in data:
                raise Invalid(f"section [{name}]", f"a table [{name}]; every rule set has one")
        # Held to their schemas: each value is of its kind (a title is text, ...).
        about: dict[str, Any] = check_table(data["rule_set"], schema.RULE_SET, "rule_set")
        if about["max_players"] < about["min_players"]:
            raise Invalid(
                "field 'rule_set.max_players'",
                f"a number of players >= min_players ({about['min_players']})",
                about["max_players"],
            )
        layout = check_table(data.get("board_layout", {}), schema.BOARD_LAYOUT, "board_layout")
        sections: dict[str, dict[str, Any]] = {
            name: check_table(
                table, schema.section_schema(name), name, closed=name in schema.SECTIONS
            )
            for name, table in data.items()
            if name not in _NOT_PARAMS
        }
        board_path = _beside(source.named_by.get("board", path), about, "board")
    with _reading(board_path):
        spaces = read_board(board_path)
    files.append(str(board_path))
    with _reading(path):
        piles = tuple(sections["accounts"]["piles"])
        check = toml_tables.References(piles, len(spaces))
        for name, table in sections.items():
            for key, value in table.items():
                check(schema.kind_of(name, key), value, f"{name}.{key}")
        board = toml_tables.board(layout, spaces, board_path.name, check)
        starting_cash = toml_tables.starting_cash(data["starting_cash"], about)
        monarch = sections.get("monarch")
        if monarch is not None and monarch.get("seat", 0) >= about["min_players"]:
            raise Invalid(
                "field 'monarch.seat'",
                f"a seat below min_players ({about['min_players']}), counted from 0",
                monarch["seat"],
            )
        provenance = {
            name: Provenance(data[name]["status"], data[name]["source"])
            for name in (*sections, "board_layout")
            if name in data and "status" in data[name]
        }
        params = {
            name: {key: value for key, value in table.items() if key not in ("status", "source")}
            for name, table in sections.items()
        }
        declared = check_table(data.get("options", {}), {}, "options", closed=False)
        options = tuple(
            declare_option(
                name, table, params, spaces, check, follow_target=name in source.inherited
            )
            for name, table in declared.items()
        )
        deck_paths: dict[str, Path] = {}
        for key, kind, title in (
            ("chance_deck", "chance", "Chance"),
            ("community_chest_deck", "community_chest", "Community Chest"),
        ):
            if key in about:
                deck_paths[kind] = _beside(source.named_by.get(key, path), about, key)
            elif any(space.kind == kind for space in spaces):
                raise Invalid(
                    f"field 'rule_set.{key}'",
                    f"the name of the {title} CSV (the board has {title})",
                )
    decks: dict[str, tuple[Any, ...]] = {"chance": (), "community_chest": ()}
    for kind, deck_path in deck_paths.items():
        with _reading(deck_path):
            decks[kind], deck_provenance = read_chance(deck_path, piles, len(spaces), kind)
        files.append(str(deck_path))
        provenance.update(deck_provenance)
    provenance.update(board_provenance(spaces))
    info = RuleSetInfo(
        id=about["id"],
        title=about["title"],
        edition=about["edition"],
        min_players=about["min_players"],
        max_players=about["max_players"],
        status=about["status"],
        summary=about["summary"],
        sources=tuple(about.get("sources", ())),
        extends=base.rules.id if base is not None else "",
        currency=about.get("currency", "$"),
        family=about.get("family") or _family_of_flow(params, path),
        history=about.get("history", ""),
    )
    if base is not None:
        # The file's own files first (its TOML, a CSV it names itself), then its base's.
        files = [name for name in files if name not in base.rules.files]
        files.extend(base.rules.files)
    rules = RuleSet(
        info=info,
        board=board,
        chance_deck=decks["chance"],
        community_chest_deck=decks["community_chest"],
        starting_cash=starting_cash,
        params=params,
        options={option.name: option.default for option in options},
        declared_options=options,
        provenance=provenance,
        files=tuple(files),
    )
    return rules, source


def _locate_base(
    path: Path, own: dict[str, Any], chain: tuple[Path, ...]
) -> tuple[Path, str | None] | None:
    """The TOML file that ``rule_set.extends`` names, absolute, and its id if registered.

    ``None`` when the file extends nothing.
    """
    about = own.get("rule_set")
    if not isinstance(about, dict) or "extends" not in about:
        return None
    extends = schema.NAME.check(about["extends"], "rule_set.extends")
    where = "field 'rule_set.extends'"
    expected_id = extends if extends in registered() else None
    if expected_id is not None:
        base = Path(os.path.abspath(registered()[extends]))
    else:
        base = Path(os.path.abspath(path.parent / extends))
        if not _is_file(base):
            looks_like_a_path = extends.endswith(".toml") or "/" in extends or "\\" in extends
            raise Invalid(
                where,
                f"the id of a rule set that comes with landlord ({', '.join(registered())}) "
                f"or the path of a rule-set .toml file, relative to {path.name}",
                got_text=f"{extends!r}, which "
                + ("is not there" if looks_like_a_path else "is neither"),
            )
    reading = (*chain, path)
    if len(reading) > limits.EXTENDS:
        raise Invalid(
            where,
            f"a chain of at most {limits.EXTENDS} rule sets each extending the next",
            got_text=f"{extends!r}, the base of {len(reading)} files in a row",
        )
    if base in reading:
        loop = [*reading[reading.index(base) :], base]
        raise Invalid(
            where,
            "a rule set that does not extend this one, directly or through others",
            got_text=f"{extends!r}: " + " extends ".join(file.name for file in loop),
        )
    return base, expected_id


def _merged(path: Path, own: dict[str, Any], base: _Entry | None) -> _Source:
    """The tables of ``own`` (read from ``path``) laid over those of ``base``.

    Tables merge one level deep (a key of ``own``'s table replaces the base's
    key); anything else of ``own`` replaces the base's value. In
    ``[rule_set]`` the keys saying which rule set this is are never inherited.
    """
    about = own.get("rule_set")
    named_here = dict.fromkeys(
        (key for key in _CSV_KEYS if isinstance(about, dict) and key in about), path
    )
    if base is None:
        return _Source(own, named_here)
    data = dict(base.source.data)
    data["rule_set"] = {
        key: value for key, value in data["rule_set"].items() if key not in _OWN_KEYS
    }
    for name, value in own.items():
        inherited = data.get(name)
        if isinstance(inherited, dict) and isinstance(value, dict):
            data[name] = {**inherited, **value}
        else:
            data[name] = value
    own_options = own.get("options")
    declared_here = set(own_options) if isinstance(own_options, dict) else set()
    return _Source(
        data,
        {**base.source.named_by, **named_here},
        frozenset(set(base.source.data.get("options", {})) - declared_here),
    )


def _beside(path: Path, about: dict[str, Any], key: str) -> Path:
    """The CSV file that ``rule_set.<key>`` names, relative to the TOML file ``path``."""
    csv_path: Path = path.parent / about[key]
    if not _is_file(csv_path):
        raise Invalid(
            f"field 'rule_set.{key}'",
            f"the name of a CSV file beside {path.name}",
            got_text=f"{limits.cut(about[key])!r}, which is not there",
        )
    return csv_path
