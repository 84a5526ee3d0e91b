"""The words a family teaches with, read from the data files beside its code.

A family's glossary, its question help (why each kind of decision is asked) and its
step explanations (which rule each step followed) are text, so they are data, as its
rules are: TOML files in a ``texts`` folder of the family's package, one a kind,

==================================  ===========================================================
``texts/glossary.toml``             ``[[term]]``: a word, what it means, the rule it comes from
``texts/question_help.toml``        ``[help.<kind of decision>]``: what is said, and its parts
``texts/explain.toml``              ``[[payment]]`` (by the ledger's reason) and ``[step.<name>]``
==================================  ===========================================================

so that a family installed from outside the kit ships its own words with its code.
Each file starts ``format = 1`` and ``[texts] sources = [...]`` (the documents the
texts cite), and every help and explanation names the rules it cites in ``cites``
(each one found, word for word, in its text). Where a text is filled from the game
(an amount, a name), it is a template with named fields (``{price}``); the family's
code fills it and chooses between texts, the file holds the sentences.

:func:`texts_of` (or :func:`family_texts`, given the family) reads a family's file once
and keeps it; :func:`read_texts` reads any file of a kind. A file is read whole and
checked, or refused with a :class:`TextsError` naming the file and the field, as the
kit's other files are (docs/architecture.md, "Reading files"): a missing field, a value
of another kind, a key the kind does not have, a template whose fields are not names, a
citation its text does not make. A template asked to fill a field it is not given is
refused the same way. A file is held to the rule-set files' limits
(:data:`landlord.limits.RULES_BYTES`, nesting of at most :data:`landlord.limits.DEPTH`
levels).
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from string import Formatter

from landlord import limits

__all__ = ["KINDS", "Entry", "Texts", "TextsError", "family_texts", "read_texts", "texts_of"]

#: A field's value: text, a list of texts, or a table of texts (a help's parts).
Value = str | tuple[str, ...] | Mapping[str, str]


class TextsError(ValueError):
    """A family's text file that cannot be used: the message names the file and the field.

    Attributes
    ----------
    path : str
        The file at fault.
    where : str
        The field at fault, dotted (``help.turn.parts.build``, ``term[3].origin``); ""
        when the whole file is.
    """

    def __init__(self, message: str, *, path: str = "", where: str = "") -> None:
        super().__init__(message)
        self.path = path
        self.where = where


@dataclass(frozen=True)
class _Field:
    """What a field of an entry holds: ``kind`` "text", "texts" (a list) or "parts" (a
    table of texts); a ``template`` is filled from the game; ``required`` or not."""

    kind: str
    required: bool = False
    template: bool = False


_TEXT = _Field("text", required=True, template=True)
_CITES = _Field("texts", required=True)

#: The kinds of text file and their entries: for each group of entries, whether it is an
#: array of tables (``[[term]]``) or a table of named tables (``[step.deal]``), and the
#: fields an entry may have.
KINDS: dict[str, dict[str, tuple[str, dict[str, _Field]]]] = {
    "glossary": {
        "term": (
            "array",
            {
                "key": _Field("text", required=True),
                "term": _Field("text", required=True),
                "definition": _Field("text", required=True),
                "rules": _Field("text"),
                "origin": _Field("text"),
                "reading": _Field("text"),
                "sections": _Field("texts"),
                "aliases": _Field("texts"),
                "pattern": _Field("text"),
            },
        ),
    },
    "question_help": {
        "help": ("table", {"cites": _CITES, "text": _TEXT, "parts": _Field("parts")}),
    },
    "explain": {
        "payment": (
            "array",
            {
                "reason": _Field("text", required=True),
                "when": _Field("text"),
                "after": _Field("text"),
                "cites": _CITES,
                "text": _TEXT,
            },
        ),
        "step": ("table", {"cites": _CITES, "text": _TEXT}),
    },
}


@dataclass(frozen=True)
class Entry:
    """One entry of a text file (a term, a help, a payment, a step).

    Call it to have its text filled in (``entry(price="$60")``), or one of its parts
    (``entry("build", cost="$100")``); a template that names a field not given is
    refused with a :class:`TextsError` naming the file and the field.
    """

    path: str
    #: Where it stands in the file: ``help.turn``, ``term[3]``.
    where: str
    fields: Mapping[str, Value]

    def text(self, name: str) -> str:
        """The field ``name`` as written ("" if the entry leaves it out)."""
        value = self.fields.get(name, "")
        return value if isinstance(value, str) else ""

    def texts(self, name: str) -> tuple[str, ...]:
        """The list field ``name`` (() if the entry leaves it out)."""
        value = self.fields.get(name, ())
        return value if isinstance(value, tuple) else ()

    @property
    def parts(self) -> Mapping[str, str]:
        """The entry's parts, by name (a help's pieces its code chooses between)."""
        value = self.fields.get("parts", {})
        return value if isinstance(value, Mapping) else {}

    def __call__(self, part: str = "", /, **values: object) -> str:
        """The entry's text, or its part ``part``, filled in with ``values``."""
        if not part:
            return _fill(self.text("text"), values, self.path, f"{self.where}.text")
        where = f"{self.where}.parts.{part}"
        if part not in self.parts:
            raise _error(self.path, f"field {where!r} must be given (asked for here)", where)
        return _fill(self.parts[part], values, self.path, where)


@dataclass(frozen=True)
class Texts:
    """A family's text file of one kind, read and checked."""

    path: str
    kind: str
    #: The documents its texts cite.
    sources: tuple[str, ...]
    #: Its entries, by group ("term", "help", ...), in the file's order.
    groups: Mapping[str, tuple[Entry, ...]]

    def entries(self, group: str) -> tuple[Entry, ...]:
        """The entries of ``group`` (``[[term]]``, ``[help.*]``...), in the file's order."""
        return self.groups.get(group, ())

    def named(self, group: str) -> dict[str, Entry]:
        """The entries of a table group (``[help.turn]``...), by name."""
        return {entry.where.split(".", 1)[1]: entry for entry in self.entries(group)}

    def refuse(self, where: str, expected: str) -> TextsError:
        """The error for the field ``where``, which should be ``expected``."""
        return _error(self.path, f"field {where!r} must be {expected}", where)


@cache
def texts_of(package: str, kind: str) -> Texts:
    """The text file of ``kind`` ("glossary", "question_help", "explain") in the
    ``texts`` folder of the family package ``package`` (its ``__package__``), read
    once and kept.

    Raises
    ------
    TextsError
        If the file is missing or cannot be used (see :func:`read_texts`).

    Examples
    --------
    >>> texts = texts_of("landlord.families.magie", "glossary")
    >>> lot = texts.entries("term")[0]
    >>> lot.where, lot.text("term"), lot.text("rules")
    ('term[0]', 'Lot', 'Rules 1 and 7')
    >>> texts_of("landlord.families.magie", "glossary") is texts
    True
    """
    return read_texts(resources.files(package) / "texts" / f"{kind}.toml", kind)


def family_texts(family: object, kind: str) -> Texts:
    """The text file of ``kind`` of ``family`` (a family object, defined in its package's
    ``__init__``, as :meth:`landlord.engine.family.Family.part` expects), read once and
    kept (:func:`texts_of`)."""
    return texts_of(type(family).__module__, kind)


def read_texts(path: Path | Traversable, kind: str) -> Texts:
    """Read the text file at ``path`` as a file of ``kind``, and check it whole.

    Raises
    ------
    TextsError
        Naming the file and the field, when the file cannot be read, is larger than
        :data:`landlord.limits.RULES_BYTES`, is not TOML, nests too deeply, or a field
        is missing, of another kind or unknown to ``kind``, a template cannot be
        filled by name, or a text does not make a citation its ``cites`` lists.
    """
    if kind not in KINDS:
        raise ValueError(f"a kind of text file is one of {', '.join(KINDS)}, not {kind!r}")
    name = str(path)
    data = _read_toml(path, name)
    file = Texts(name, kind, (), {})
    if data.get("format") != 1 or isinstance(data.get("format"), bool):
        raise file.refuse("format", "1")
    about = data.get("texts")
    if not isinstance(about, dict):
        raise file.refuse("texts", "a table")
    sources = _value(about.get("sources"), _Field("texts"), file, "texts.sources")
    if not sources:
        raise file.refuse("texts.sources", "a list of the documents the texts cite")
    for key in about:
        if key != "sources":
            raise file.refuse(f"texts.{key}", "left out: [texts] has only sources")
    groups: dict[str, tuple[Entry, ...]] = {}
    for group, (shape, fields) in KINDS[kind].items():
        found = data.get(group, [] if shape == "array" else {})
        if shape == "array":
            if not isinstance(found, list):
                raise file.refuse(group, f"an array of tables ([[{group}]])")
            places = [(f"{group}[{number}]", table) for number, table in enumerate(found)]
        else:
            if not isinstance(found, dict):
                raise file.refuse(group, f"a table of tables ([{group}.<name>])")
            places = [(f"{group}.{key}", table) for key, table in found.items()]
        groups[group] = tuple(_entry(file, where, table, fields) for where, table in places)
    for key in data:
        if key not in ("format", "texts", *KINDS[kind]):
            known = ", ".join(("format", "texts", *KINDS[kind]))
            raise file.refuse(key, f"left out: a {kind} file has only {known}")
    return Texts(name, kind, tuple(str(source) for source in sources), groups)


def _read_toml(path: Path | Traversable, name: str) -> dict[str, object]:
    """The tables of the TOML file at ``path``, held to the limits of :mod:`landlord.limits`."""
    if isinstance(path, Path) and limits.special_file(path):
        raise _error(name, "not a regular file")
    try:
        with path.open("rb") as handle:
            raw = handle.read(limits.RULES_BYTES + 1)
    except OSError as error:
        raise _error(name, f"cannot be read: {error.strerror or error}") from None
    if len(raw) > limits.RULES_BYTES:
        raise _error(
            name, f"larger than {limits.RULES_BYTES:,} bytes, the most a text file may be"
        )
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise _error(name, "not valid TOML: not UTF-8 text") from None
    except RecursionError:
        raise _error(
            name, f"not a text file: nested more than {limits.DEPTH} levels deep"
        ) from None
    except ValueError as error:  # not TOML, or a whole number of more than 4,300 digits
        raise _error(name, f"not valid TOML: {error}") from None
    why = limits.too_deep(data)
    if why:
        raise _error(name, f"not a text file: {why}")
    return data


def _error(path: str, why: str, where: str = "") -> TextsError:
    """The error for the file ``path`` (named by its family's folder, ``magie/texts/...``)."""
    shown = limits.cut("/".join(Path(path).parts[-3:]))
    return TextsError(f"{shown}: {why}", path=path, where=where)


def _entry(file: Texts, where: str, table: object, fields: Mapping[str, _Field]) -> Entry:
    """One entry, checked: its fields, its templates and its citations."""
    if not isinstance(table, dict):
        raise file.refuse(where, "a table")
    values: dict[str, Value] = {}
    for key, field in fields.items():
        if key in table:
            values[key] = _value(table[key], field, file, f"{where}.{key}")
        elif field.required:
            raise file.refuse(f"{where}.{key}", f"given ({_kinds[field.kind]})")
    for key in table:
        if key not in fields:
            raise file.refuse(f"{where}.{key}", f"left out: an entry has only {', '.join(fields)}")
    entry = Entry(file.path, where, values)
    said = [entry.text("text"), *entry.parts.values()]
    for number, cited in enumerate(entry.texts("cites")):
        if not any(cited in text for text in said):
            raise file.refuse(f"{where}.cites[{number}]", f"words of its text ({cited!r} is not)")
    return entry


_kinds = {"text": "text", "texts": "a list of texts", "parts": "a table of texts"}


def _value(value: object, field: _Field, file: Texts, where: str) -> Value:
    """A field's value, checked to be of the field's kind, its templates well formed."""
    if field.kind == "text":
        if not isinstance(value, str):
            raise file.refuse(where, _kinds["text"])
        if field.template:
            _check_template(value, file, where)
        return value
    if field.kind == "texts":
        if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
            raise file.refuse(where, _kinds["texts"])
        return tuple(value)
    if not isinstance(value, dict) or not all(isinstance(item, str) for item in value.values()):
        raise file.refuse(where, _kinds["parts"])
    for key, text in value.items():
        _check_template(text, file, f"{where}.{key}")
    return dict(value)


def _check_template(text: str, file: Texts, where: str) -> None:
    """Refuse a template whose fields are not plain names (``{price}``)."""
    for field in _fields(text, file, where):
        if not field.isidentifier():
            raise file.refuse(where, f"a template whose fields are names ({{{field}}} is not)")


def _fields(text: str, file: Texts | None, where: str) -> list[str]:
    """The names of the fields a template fills."""
    try:
        return [field for _, field, _, _ in Formatter().parse(text) if field is not None]
    except ValueError as error:  # a brace left open
        if file is None:
            raise
        raise file.refuse(where, f"a template ({error}; write a brace as {{{{ or }}}})") from None


def _fill(template: str, values: Mapping[str, object], path: str, where: str) -> str:
    """``template`` filled in with ``values``; a field it names and they lack is refused."""
    missing = [field for field in _fields(template, None, where) if field not in values]
    if missing:
        given = ", ".join(sorted(values)) or "none"
        why = f"field {where!r} names {{{missing[0]}}}, which is not filled here (filled: {given})"
        raise _error(path, why, where)
    return template.format(**values)
