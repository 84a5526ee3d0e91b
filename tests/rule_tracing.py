"""Rule sets and bots that record what is read of them: every ``section.key`` of a rule
set (``rules.jail.fine``), every section asked for (present or not), and every field of
a bot (the tests of what a batch path follows, tests/test_batch_follows.py)."""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Iterator
from typing import Any

from landlord.rules.model import RuleSet


class _TracedSection:
    """A section record that notes each key read of it."""

    __slots__ = ("_name", "_reads", "_record")

    def __init__(self, record: Any, name: str, reads: set[str]) -> None:
        object.__setattr__(self, "_record", record)
        object.__setattr__(self, "_name", name)
        object.__setattr__(self, "_reads", reads)

    def __getattr__(self, key: str) -> Any:
        self._reads.add(f"{self._name}.{key}")
        return getattr(self._record, key)

    def __eq__(self, other: object) -> bool:
        other = other._record if isinstance(other, _TracedSection) else other
        return self._record == other

    def __hash__(self) -> int:
        return hash(self._record)

    def __repr__(self) -> str:
        return f"traced {self._record!r}"


@contextlib.contextmanager
def tracing() -> Iterator[set[str]]:
    """While open, every rule set made fresh (:func:`traced`) notes what is read of it in
    the set yielded: ``"section"`` when a section is asked for, ``"section.key"`` for each
    key read."""
    reads: set[str] = set()
    original = RuleSet.__getattr__

    def noting(self: RuleSet, name: str) -> Any:
        if name.startswith("_") or not self.__dict__.get("_traced"):
            return original(self, name)
        reads.add(name)
        section = original(self, name)
        if section is None:
            return None
        wrapped = _TracedSection(section, name, reads)
        object.__setattr__(self, name, wrapped)
        return wrapped

    RuleSet.__getattr__ = noting
    try:
        yield reads
    finally:
        RuleSet.__getattr__ = original


def traced(rules: RuleSet) -> RuleSet:
    """A copy of ``rules`` that notes what is read of it while :func:`tracing` is open
    (nothing it derives is shared with the loader's copy)."""
    copy = dataclasses.replace(rules)
    object.__setattr__(copy, "_traced", True)
    return copy


def traced_bot(policy: Any, reads: set[str]) -> Any:
    """A copy of the bot ``policy`` (a dataclass) that notes in ``reads`` each of its
    fields read (``"field"``)."""
    names = {field.name for field in dataclasses.fields(policy)}
    base = type(policy)

    class Traced(base):  # type: ignore[misc, valid-type]
        def __getattribute__(self, name: str) -> Any:
            if name in names:
                reads.add(name)
            return super().__getattribute__(name)

    Traced.__name__ = base.__name__
    Traced.__qualname__ = base.__qualname__
    return Traced(
        **{f.name: getattr(policy, f.name) for f in dataclasses.fields(policy) if f.init}
    )
