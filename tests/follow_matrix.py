"""Every shipped rule set of a family with a batch path, and every declared option of it at
each value other than its default (the option matrix of tests/test_batch_follows.py):
found from the rule sets' own declarations, with no code per option."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from landlord.families import family_of
from landlord.rules import available, load_rules


def other_values(option: Any) -> list[Any]:
    """Values of a declared option other than its default: every other choice, the other
    truth value, half and all of a share, twice a whole number (or 7 when it is 0)."""
    if option.kind == "choice":
        return [choice for choice in option.choices if choice != option.default]
    if option.kind == "bool":
        return [not option.default]
    if option.kind == "share":
        return [value for value in (0.5, 1.0) if value != option.default]
    return [option.default * 2 if option.default else 7]


def variants(batch_only: bool = True) -> Iterator[tuple[str, dict[str, Any]]]:
    """``(rule set id, options)``: each shipped rule set as shipped, then with one
    declared option at a time set to each other value."""
    for info in available():
        rules = load_rules(info.id)
        if batch_only and not family_of(rules).batch:
            continue
        yield info.id, {}
        for option in rules.declared_options:
            for value in other_values(option):
                yield info.id, {option.name: value}
