"""A rule set's sections as typed, frozen records: ``rules.jail.fine``.

Every numbered section of a rule-set file (``[jail]``, ``[wages]``,
``[single_tax]``, ...) is read by the engine as a frozen record whose fields
are the section's keys, made from :data:`landlord.rules.schema.SECTIONS`: a
key the schema marks optional has its default there, in one place, so the
engine never restates it. Lists become tuples and tables read-only mappings
(a table numbered by whole numbers, such as ``speculation.wins_by_total``,
is keyed by ``int``). A section the file does not have is ``None``;
a section no schema knows (``[readings]``) is a record of the keys it has.

Examples
--------
>>> from landlord.rules import load_rules
>>> rules = load_rules("monopoly_uk_1972")
>>> rules.jail.fine, rules.jail.fine_turns, rules.jail.doubles_throw_again
(50, 2, True)
>>> rules.single_tax is None
True
>>> load_rules("landlords_game").speculation.wins_by_total[5]
30
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from landlord.rules.schema import MISSING, SECTIONS, Follows

__all__ = ["make_section", "section_class"]

#: The record class of each section, made once: by name, and for a section the
#: schema does not know, by its keys too.
_CLASSES: dict[tuple[str, ...], type] = {}


def section_class(name: str, keys: tuple[str, ...] = ()) -> type:
    """The frozen record class of section ``name`` (``keys``: an unknown section's keys).

    Examples
    --------
    >>> [field.name for field in dataclasses.fields(section_class("wages"))]
    ['amount', 'paid_by']
    """
    schema = SECTIONS.get(name)
    key = (name,) if schema is not None else (name, *keys)
    found = _CLASSES.get(key)
    if found is not None:
        return found
    if schema is not None:
        fields = [
            (plain, Any, dataclasses.field(default=None) if optional else dataclasses.field())
            for plain, optional in ((k.rstrip("?"), k.endswith("?")) for k in schema)
        ]
        doc = f"The [{name}] section of a rule set (see landlord.rules.schema.SECTIONS)."
    else:
        fields = [(k, Any, dataclasses.field()) for k in keys]
        doc = f"The [{name}] section of a rule set: a section of the file's own."
    title = "".join(part.capitalize() for part in name.split("_")) + "Section"
    made = dataclasses.make_dataclass(title, fields, frozen=True, slots=True, kw_only=True)
    made.__doc__ = doc
    made.__module__ = __name__
    _CLASSES[key] = made
    return made


def __getattr__(title: str) -> type:
    # The record classes by their names (``JailSection``), so that records pickle.
    for name in SECTIONS:
        if "".join(part.capitalize() for part in name.split("_")) + "Section" == title:
            return section_class(name)
    raise AttributeError(f"module {__name__!r} has no attribute {title!r}")


def make_section(name: str, table: Mapping[str, Any] | None) -> Any:
    """Section ``name`` of a rule set's ``params`` as a frozen record, defaults filled in;
    ``None`` when the table is ``None`` (the file has no such section).

    Examples
    --------
    >>> make_section("jail", {"fine": 50, "fine_paid_to": "bank", "max_turns": 3,
    ...                       "leave_from": 10}).fine_turns
    3
    """
    if table is None:
        return None
    schema = SECTIONS.get(name)
    if schema is None:
        return section_class(name, tuple(table))(**{k: _frozen(v) for k, v in table.items()})
    values: dict[str, Any] = {}
    follows: dict[str, str] = {}
    for key, kind in schema.items():
        plain = key.rstrip("?")
        if plain in table:
            values[plain] = _frozen(table[plain])
        elif isinstance(kind.default, Follows):
            follows[plain] = kind.default.key
        elif kind.default is not MISSING:
            values[plain] = _frozen(kind.default)
    for plain, other in follows.items():
        values[plain] = values.get(other)
    return section_class(name)(**values)


def _frozen(value: Any) -> Any:
    """Lists as tuples; tables as read-only mappings (numbered ones keyed by ``int``)."""
    if isinstance(value, list):
        return tuple(_frozen(item) for item in value)
    if isinstance(value, dict):
        numbered = value and all(isinstance(k, str) and k.isdigit() for k in value)
        return MappingProxyType(
            {(int(k) if numbered else k): _frozen(item) for k, item in value.items()}
        )
    return value
