"""A rule set's options: declaring them from ``[options.NAME]`` and applying their values.

An option writes into the rule set through a dotted name: a parameter
(``"end.round_limit"``, ``"houses.limit"``) or a field of a board space
(``"board.Wayback.land_rent"``; a space is named by its name, or by its
index where the name repeats). Every option is checked when the file is
read, so a value applied later can only fail because it is not of the
option's kind.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, TypeVar, cast

from landlord.rules.csv_tables import board_key
from landlord.rules.model import Option, Provenance, Space
from landlord.rules.schema import (
    FLAG,
    IDENTIFIER,
    OPTION,
    SHARE,
    WHOLE,
    Invalid,
    Kind,
    check_table,
    field,
    kind_of,
    one_of,
    show,
)

__all__ = [
    "BOARD_FIELDS",
    "Params",
    "apply_options",
    "declare_option",
    "option_kind",
    "plain_copy",
    "target_kind",
]

#: The fields of a board space that an option may set.
BOARD_FIELDS = ("price", "land_rent", "fee")

#: Checks a value against a kind and the references it makes (piles, spaces).
Checker = Callable[[Kind | None, object, str], None]
#: A rule set's parameters as read: each section's table by name
#: (:attr:`~landlord.rules.model.RuleSet.params`).
Params = dict[str, dict[str, object]]

_T = TypeVar("_T")

_CHOICE = Kind(
    "text or a whole number",
    lambda value: isinstance(value, str) or (isinstance(value, int) and value is not True),
)


def plain_copy(value: _T) -> _T:
    """Copy nested dicts and lists, so a caller may change the copy freely.

    Examples
    --------
    >>> original = {"steps": [[10, 20]]}
    >>> copied = plain_copy(original)
    >>> copied["steps"][0].append(30)
    >>> original
    {'steps': [[10, 20]]}
    """
    if isinstance(value, dict):
        return cast(_T, {key: plain_copy(item) for key, item in value.items()})
    if isinstance(value, list):
        return cast(_T, [plain_copy(item) for item in value])
    return value


def option_kind(option: Option) -> Kind:
    """The kind of value ``option`` takes.

    Examples
    --------
    >>> option_kind(Option("land_value_tax", "share", 0.0, "A share")).expected
    'a number from 0 to 1'
    """
    if option.kind == "bool":
        return FLAG
    if option.kind == "choice":
        return one_of(option.choices)
    if option.kind == "share":
        return SHARE
    return WHOLE


def target_kind(option: Option) -> Kind | None:
    """The kind of the value at ``option.target`` (``None``: anything, or no target)."""
    if option.target.startswith("board."):
        return WHOLE
    section, _, key = option.target.partition(".")
    return kind_of(section, key) if key and "." not in key else None


def _resolve(
    path: Any, dotted: str, params: dict[str, Any], spaces: tuple[Space, ...]
) -> tuple[str, Kind | None, Any]:
    """Where the dotted name ``path`` points: (its canonical form, its kind, its value now)."""
    expected = (
        "a dotted name of a value in this file, like 'end.round_limit', "
        f"or 'board.<space>.<field>' with a field among {', '.join(BOARD_FIELDS)}"
    )
    if not isinstance(path, str) or not path:
        raise Invalid(field(dotted), expected, path)
    if path.startswith("board."):
        ref, _, name = path.removeprefix("board.").rpartition(".")
        matches = [s.index for s in spaces if s.name == ref or str(s.index) == ref]
        if name not in BOARD_FIELDS or len(matches) != 1:
            raise Invalid(field(dotted), expected + " (a space's name must be unique)", path)
        space = spaces[matches[0]]
        return f"board.{board_key(spaces, space.index)}.{name}", WHOLE, getattr(space, name)
    value: Any = params
    for part in path.split("."):
        if not isinstance(value, dict) or part not in value:
            raise Invalid(field(dotted), expected, path)
        value = value[part]
    section, _, key = path.partition(".")
    return path, kind_of(section, key) if "." not in key else None, value


def declare_option(
    name: str,
    table: object,
    params: Params,
    spaces: tuple[Space, ...],
    check: Checker,
    *,
    follow_target: bool = False,
) -> Option:
    """Check the table ``[options.NAME]`` and return the :class:`Option` it declares.

    ``check`` vets a value against the kind of the place it is written to, so a
    choice, a default or a ``when_true`` value cannot break the rule set.
    With ``follow_target`` (an option a rule set inherits from the one it
    extends), the default is the value now at the target, whatever the table
    says: the extending file may have changed it. An option with a target and
    no ``default`` follows its target the same way.
    """
    dotted = f"options.{name}"
    if not IDENTIFIER.accepts(name):
        raise Invalid(field(dotted), f"an option name that is {IDENTIFIER.expected}", name)
    # The table, held to its schema: each of its values is of its kind.
    table = cast("dict[str, Any]", check_table(table, OPTION, dotted))
    kind = table["kind"]
    choices: tuple[Any, ...] = ()
    if kind == "choice":
        if "choices" not in table:
            raise Invalid(field(f"{dotted}.choices"), "a non-empty list (a choice option has one)")
        for number, choice in enumerate(table["choices"]):
            _CHOICE.check(choice, f"{dotted}.choices[{number}]")
        choices = tuple(table["choices"])
    option = Option(name, kind, None, table["title"], choices)
    if (follow_target or "default" not in table) and "target" in table:
        default = _followed_default(option, table["target"], params, spaces, dotted)
    elif "default" in table:
        default = table["default"]
    else:
        raise Invalid(
            field(f"{dotted}.default"), "a default (an option without a target needs one)"
        )
    option_kind(option).check(default, f"{dotted}.default")
    target = ""
    if "target" in table:
        target, target_kind, now = _resolve(table["target"], f"{dotted}.target", params, spaces)
        check(target_kind, default, f"{dotted}.default")
        for number, choice in enumerate(choices):
            check(target_kind, choice, f"{dotted}.choices[{number}]")
        if now != default or type(now) is not type(default):
            raise Invalid(
                field(f"{dotted}.default"),
                f"{show(now)}, the value of {target} that the option sets",
                default,
            )
    elif kind != "bool":
        article = "an" if kind[0] in "aeiou" else "a"
        raise Invalid(field(f"{dotted}.target"), f"the dotted name {article} {kind} option sets")
    when_true = []
    if "when_true" in table:
        if kind != "bool":
            raise Invalid(
                field(f"{dotted}.when_true"),
                "no when_true (only a bool option has one)",
                "a table",
            )
        for path, value in table["when_true"].items():
            where = f"{dotted}.when_true.{path}"
            canonical, target_kind, _ = _resolve(path, where, params, spaces)
            check(target_kind, value, where)
            when_true.append((canonical, value))
    older_saves = table.get("older_saves")
    if older_saves is not None:
        option_kind(option).check(older_saves, f"{dotted}.older_saves")
        if target:
            check(target_kind, older_saves, f"{dotted}.older_saves")
    return dataclasses.replace(
        option,
        default=default,
        provenance=Provenance(table["status"], table["source"]),
        target=target,
        when_true=tuple(when_true),
        older_saves=older_saves,
    )


def _followed_default(
    option: Option, path: Any, params: dict[str, Any], spaces: tuple[Space, ...], dotted: str
) -> Any:
    """The value at an inherited option's target, which becomes its default.

    A value the option cannot take is reported at the target, where it was set.
    """
    target, _, now = _resolve(path, f"{dotted}.target", params, spaces)
    kind = option_kind(option)
    if not kind.accepts(now):
        raise Invalid(
            field(target),
            f"{kind.expected} (the values of the option {option.name!r}, which sets it)",
            now,
        )
    return now


def apply_options(
    options: tuple[Option, ...],
    values: dict[str, object],
    params: Params,
    spaces: list[Space],
    provenance: dict[str, Provenance],
) -> None:
    """Write the option ``values`` (already checked) into ``params`` and ``spaces``.

    A value that differs from the option's default takes the option's
    provenance, since the number it sets now comes from the option.
    """
    for option in options:
        value = values[option.name]
        changes = [(option.target, value)] if option.target else []
        if option.kind == "bool" and value:
            changes.extend(option.when_true)
        changed = value != option.default
        for path, new in changes:
            if path.startswith("board."):
                ref, _, name = path.removeprefix("board.").rpartition(".")
                index = next(s.index for s in spaces if ref in (s.name, str(s.index)))
                source = option.provenance if changed else None
                # A board field is a whole number (the option was checked so).
                spaces[index] = _set_space(spaces[index], name, cast(int, new), source)
            else:
                *parents, last = path.split(".")
                table: dict[str, Any] = params  # tables within tables, down the path
                for part in parents:
                    table = table[part]
                table[last] = plain_copy(new)
            if changed and option.provenance is not None:
                provenance[path] = option.provenance


def _set_space(space: Space, name: str, value: int, source: Provenance | None) -> Space:
    """``space`` with one field (and its ``source``, if given) changed.

    A lot's section rents follow its land rent.
    """
    change: dict[str, Any] = {name: value}
    changed = dataclasses.replace(space, **change)
    if source is not None and name in ("price", "land_rent"):
        which = "price_source" if name == "price" else "rent_source"
        change = {which: source}
        changed = dataclasses.replace(changed, **change)
    if name == "land_rent" and space.kind == "lot":
        # The advanced rules double a section's rents at 1, 2 and 3 houses on every lot.
        changed = dataclasses.replace(changed, section_rents=tuple(value * 2**n for n in range(4)))
    return changed
