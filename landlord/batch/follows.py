"""What a batch path follows, so that nothing it does not follow is ever played by it.

A family's batch module declares

* ``FOLLOWS``: the rule keys (``"jail.fine"``) its compiled game reads and plays at any
  value, and the sections it reads as a whole (``"monarch"``: whether there is one);
* ``AS_SHIPPED``: the keys the family's reference engine reads and the compiled game does
  not, each with the one value it plays them at (the shipped rule sets');
* ``NOT_PLAYED``: keys in the rule sets' data that neither engine reads (``"readings.*"``:
  every key of a section);
* ``BOT_FIELDS``: the fields of a rule-of-thumb bot it reads and plays at any value, and
  ``BOT_FIELDS_UNREAD``: the fields the family's own rules never consult.

:func:`unfollowed` sends to the reference engine every rule set with a key at a value
other than its default outside ``FOLLOWS`` (a section the batch path does not know, a
key added to the schema after it was written), and every bot with such a field: safe by
default, whatever the number of games. ``tests/test_batch_follows.py`` plays the reference
engine with rule sets and bots that note what is read of them, and fails on a key it reads
that a batch module does not declare.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from landlord.policies.bots import Strategy, answers_by_rules_of_thumb
from landlord.rules.schema import MISSING, SECTIONS, Follows
from landlord.rules.sections import frozen

__all__ = ["STRATEGY_FIELDS", "default_of", "not_rule_of_thumb", "rule_values", "unfollowed"]

#: The fields of a rule-of-thumb bot (:class:`~landlord.policies.bots.Strategy`).
STRATEGY_FIELDS = frozenset(field.name for field in dataclasses.fields(Strategy))


def not_rule_of_thumb(policies: Sequence[Any], family: str) -> str | None:
    """Why a batch path, which plays rule-of-thumb bots only, does not play ``policies`` in
    ``family``'s games (the first bot that answers some decision its own way there), or
    None: a :class:`Strategy`, or a subclass that plays as one in those games (the later
    game's strategy guide elsewhere: :func:`answers_by_rules_of_thumb`)."""
    for policy in policies:
        if not answers_by_rules_of_thumb(policy, family):
            return f"the batch path plays the rule-of-thumb bots only, not {policy.name!r}"
    return None


def rule_values(rules: Any) -> dict[str, Any]:
    """Every ``section.key`` of a rule set's sections and its value (defaults filled in);
    a table that is a field of the rule set itself (``starting_cash``) under its name."""
    found: dict[str, Any] = {}
    for section in rules.params:
        record = getattr(rules, section)
        if record is None:
            continue
        if dataclasses.is_dataclass(record):
            for field in dataclasses.fields(record):
                found[f"{section}.{field.name}"] = getattr(record, field.name)
        else:  # starting_cash: read into RuleSet.starting_cash, not a section record
            found[section] = record
    return found


def default_of(dotted: str, values: dict[str, Any]) -> Any:
    """The schema's default of ``section.key`` (another key's value where it follows one);
    ``MISSING`` for a key with none, or one the schema does not know."""
    section, _, key = dotted.partition(".")
    schema = SECTIONS.get(section, {})
    kind = schema.get(key, schema.get(f"{key}?"))
    if kind is None:
        return MISSING
    if f"{key}?" in schema and kind.default is MISSING:
        return None
    if isinstance(kind.default, Follows):
        return values.get(f"{section}.{kind.default.key}", MISSING)
    return _plain(kind.default)


def _plain(value: Any) -> Any:
    """A value as the section records hold it (lists as tuples, tables as mappings)."""
    return frozen(value)


def unfollowed(rules: Any, policies: Sequence[Any], module: Any) -> str | None:
    """Why the batch ``module`` does not play ``rules`` with ``policies`` for what it does
    not follow (see the module's text), or None."""
    follows, unplayed = module.FOLLOWS, module.NOT_PLAYED
    shipped = module.AS_SHIPPED
    known = follows | set(shipped) | unplayed
    sections = {name.partition(".")[0] for name in known}
    values = rule_values(rules)
    for section in rules.params:
        if section not in sections:
            return f"the batch path does not follow the rules' [{section}] section"
    for dotted, value in values.items():
        if dotted in follows or dotted in unplayed:
            continue
        if f"{dotted.partition('.')[0]}.*" in unplayed:
            continue
        default = shipped[dotted] if dotted in shipped else default_of(dotted, values)
        if default is MISSING or not _same(value, default):
            return f"the batch path does not follow the rule {dotted} = {value!r}"
    read = module.BOT_FIELDS | module.BOT_FIELDS_UNREAD
    for policy in policies:
        if not dataclasses.is_dataclass(policy):
            continue
        for field in dataclasses.fields(policy):
            if field.name in read or field.default is dataclasses.MISSING:
                continue
            if field.metadata.get("label"):  # a name only (the tuned bot's tuned_for)
                continue
            if getattr(policy, field.name) != field.default:
                return (
                    f"the batch path does not follow the bots' {field.name} "
                    f"({policy.name}: {getattr(policy, field.name)!r})"
                )
    return None


def _same(value: Any, default: Any) -> bool:
    try:
        return bool(value == default)
    except (TypeError, ValueError):  # pragma: no cover - values the schema checked
        return False
