"""How large and how deep a file landlord reads may be, and the checks that hold it.

Every file the kit reads (a rule set, a saved game, saved results) is held
to these limits before it is used, so that a damaged or hostile file is
refused with the reader's own error rather than exhausting memory, time or
Python's recursion:

========================  ===========================================
rule-set TOML file        at most 1 MB (:data:`RULES_BYTES`)
rule-set CSV file         at most 1 MB, 1,000 rows (:data:`CSV_ROWS`)
claim grid (TOML)         at most 1 MB (:data:`GRID_BYTES`)
saved game (JSON)         at most 50 MB (:data:`GAME_BYTES`),
                          1,000,000 history entries (:data:`HISTORY`)
saved results             at most 500 MB (:data:`RESULTS_BYTES`)
nesting (TOML or JSON)    at most 32 levels (:data:`DEPTH`)
sections of a rule set    at most 200 (:data:`SECTIONS`)
``extends`` chain         at most 8 bases (:data:`EXTENDS`)
players                   at most 100 (:data:`PLAYERS`)
a whole number            within a signed 64-bit integer (:data:`INT64`)
========================  ===========================================

Python refuses to read a whole number of more than 4,300 digits from text;
:func:`parse_json` turns that, and nesting too deep, into a plain
``ValueError`` whose message the reader puts after the file's name.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

__all__ = ["DEPTH", "INT64", "cut", "depth", "parse_json", "shown", "too_deep"]

RULES_BYTES = 1_000_000
CSV_ROWS = 1_000
GRID_BYTES = 1_000_000
GAME_BYTES = 50_000_000
HISTORY = 1_000_000
RESULTS_BYTES = 500_000_000
DEPTH = 32
SECTIONS = 200
EXTENDS = 8
PLAYERS = 100
#: The whole numbers a file may hold: those of a signed 64-bit integer.
INT64 = range(-(2**63), 2**63)


def depth(value: Any, limit: int = DEPTH) -> int:
    """How deeply lists and tables nest in ``value`` (a number: 0), counted without
    recursion and only up to ``limit + 1``.

    >>> depth(1), depth([1, {"a": [2]}]), depth([[[[1]]]], limit=2)
    (0, 3, 3)
    """
    deepest = 0
    stack = [(value, 0)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            children = item.values()
        elif isinstance(item, list | tuple):
            children = item
        else:
            continue
        level += 1
        deepest = max(deepest, level)
        if deepest > limit:
            return deepest
        stack.extend((child, level) for child in children)
    return deepest


def too_deep(value: Any) -> str:
    """Why ``value`` nests too deeply ("" if it does not)."""
    if depth(value) > DEPTH:
        return f"nested more than {DEPTH} levels deep"
    return ""


def parse_json(text: str | bytes) -> Any:
    """``json.loads(text)``, with nesting over :data:`DEPTH` levels, numbers of
    more than 4,300 digits and bad text all raised as ``ValueError``.

    >>> parse_json("[" * 40 + "]" * 40)
    Traceback (most recent call last):
    ...
    ValueError: nested more than 32 levels deep
    """
    try:
        document = json.loads(text)
    except RecursionError:
        raise ValueError(f"nested more than {DEPTH} levels deep") from None
    except UnicodeDecodeError:
        raise ValueError("not UTF-8 text") from None
    except json.JSONDecodeError as error:
        raise ValueError(f"not valid JSON ({error})") from None
    except ValueError as error:  # a number of more than 4,300 digits
        raise ValueError(f"not valid JSON ({error})") from None
    why = too_deep(document)
    if why:
        raise ValueError(why)
    return document


def special_file(path: Any) -> bool:
    """Whether ``path`` is there but is not a regular file (a pipe, a device, a folder):
    reading a named pipe would wait for a writer for ever. A name the system cannot even
    look up (too long, say) is left to the reader's own error.

    >>> special_file("/dev/null"), special_file(__file__), special_file("no/such/file")
    (True, False, False)
    """
    try:
        path = Path(path)
        return path.exists() and not path.is_file()
    except OSError:
        return False


def shown(path: Any) -> str:
    """A file's name as an error shows it, cut short if it is too long to be one.

    >>> shown(Path("a" * 100 + ".json"))
    'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa... (105 characters)'
    """
    return cut(Path(path).name)


def cut(text: str) -> str:
    """``text`` (a file's name) as an error shows it: cut short past 80 characters."""
    return text if len(text) <= 80 else f"{text[:60]}... ({len(text):,} characters)"
