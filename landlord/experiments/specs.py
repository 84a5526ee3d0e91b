"""Rule specs: how an experiment names the rule sets it plays, and the bots at their tables.

A rule set is named by a *spec*: its id (or the path of a rule-set file),
optionally with options, either as ``(id, {option: value})`` or as text,
``"landlords_game[advanced=true,round_limit=40]"``. The text form is the
spec's label in the tables (:func:`spec_label`). A table's bots are named by a
*bot mix*, its strategies joined by ``+`` (:func:`bot_mix`).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from landlord.policies import Policy

__all__ = [
    "MAX_AT_ROUND",
    "MAX_OPTION_NUMBER",
    "SEAT_PARAMETERS",
    "Spec",
    "bot_mix",
    "check_at_round",
    "check_option_values",
    "mix_label",
    "option_value",
    "parse_spec",
    "resolve_specs",
    "rule_set_history",
    "spec_label",
    "split_specs",
]

#: What :func:`~landlord.experiments.sweep` may vary besides a rule set's options: the number of
#: seats (all the same bot), or the bot in every seat.
SEAT_PARAMETERS = ("players", "bots")
#: The latest common round a comparison may read its measures at (no game is longer than
#: a family's cap of rounds, a few thousand).
MAX_AT_ROUND = 10_000
#: The largest whole number a rule option may be set to, plus or minus (a
#: thousand billion): money is kept as 64-bit integers, and a game multiplies
#: its sums of money many times over before it ends.
MAX_OPTION_NUMBER = 10**12


#: A rule spec as text: an id or path, then optionally ``[NAME=VALUE,...]``.
_SPEC = re.compile(r"\s*([^\[\]]*?)\s*(?:\[([^\[\]]*)\])?\s*", re.DOTALL)
_DECIMAL = re.compile(r"[+-]?(\d+\.\d*|\.\d+|\d+(?=[eE]))([eE][+-]?\d+)?")

#: One rule spec, resolved: (id or path, options, label).
Spec = tuple[str, dict[str, Any], str]


def option_value(text: str) -> Any:
    """An option value written as text: true/false, a whole number, a decimal, or text.

    Examples
    --------
    >>> option_value("true"), option_value("30"), option_value("0.25"), option_value("broker")
    (True, 30, 0.25, 'broker')
    >>> option_value("nan")
    'nan'
    """
    stripped = text.strip()
    lowered = stripped.lower()
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    try:
        return int(stripped)
    except ValueError:
        pass
    if _DECIMAL.fullmatch(stripped):
        return float(stripped)
    return stripped


def split_specs(text: str) -> list[str]:
    """Split comma-separated rule specs, leaving the commas inside ``[...]`` alone.

    Examples
    --------
    >>> split_specs("landlords_game[advanced=true,round_limit=40],prosperity")
    ['landlords_game[advanced=true,round_limit=40]', 'prosperity']

    Raises
    ------
    ValueError
        If the brackets do not pair up, or a spec is empty.
    """
    specs, depth, start = [], 0, 0
    for position, char in enumerate(text):
        if char == "[":
            depth += 1
        elif char == "]":
            depth -= 1
            if depth < 0:
                raise ValueError(f"bad rule specs {text!r}: a ']' without its '['")
        elif char == "," and depth == 0:
            specs.append(text[start:position].strip())
            start = position + 1
    if depth:
        raise ValueError(f"bad rule specs {text!r}: a '[' without its ']'")
    specs.append(text[start:].strip())
    if not all(specs):
        raise ValueError(f"bad rule specs {text!r}: an empty rule spec")
    return specs


def parse_spec(spec: str | os.PathLike[str] | tuple[Any, Mapping[str, Any]]) -> tuple[str, dict]:
    """The rule set id (or path) and the options that a rule spec names.

    Parameters
    ----------
    spec : str, path or (id, options)
        ``"landlords_game"``, ``"landlords_game[advanced=true,round_limit=40]"``,
        a path, or a pair ``("landlords_game", {"advanced": True})``. Values
        in the text form are read by :func:`option_value`.

    Raises
    ------
    ValueError
        If the spec cannot be read; the message names it.

    Examples
    --------
    >>> parse_spec("landlords_game[advanced=true, round_limit=40]")
    ('landlords_game', {'advanced': True, 'round_limit': 40})
    >>> parse_spec(("landlords_game", {"advanced": True}))
    ('landlords_game', {'advanced': True})
    >>> parse_spec("landlords_game[advanced]")
    Traceback (most recent call last):
    ...
    ValueError: bad rule spec 'landlords_game[advanced]': 'advanced' is not NAME=VALUE
    """
    if isinstance(spec, os.PathLike):
        return os.fspath(spec), {}
    if isinstance(spec, tuple) and len(spec) == 2:
        rules, options = spec
        if not isinstance(rules, str | os.PathLike) or not os.fspath(rules).strip():
            raise ValueError(f"bad rule spec {spec!r}: expected a rule set id or path first")
        if not isinstance(options, Mapping) or not all(isinstance(k, str) for k in options):
            raise ValueError(f"bad rule spec {spec!r}: expected {{option: value}} second")
        return os.fspath(rules).strip(), dict(options)
    if not isinstance(spec, str):
        raise ValueError(
            f"bad rule spec {spec!r}: expected an id, ID[NAME=VALUE,...] or (id, options)"
        )
    match = _SPEC.fullmatch(spec)
    if match is None or not match.group(1):
        raise ValueError(f"bad rule spec {spec!r}: expected ID or ID[NAME=VALUE,...]")
    rules, inside = match.groups()
    options: dict[str, Any] = {}
    for item in (inside or "").split(",") if (inside or "").strip() else ():
        name, equals, value = (part.strip() for part in item.partition("="))
        if not equals or not name or not value:
            raise ValueError(f"bad rule spec {spec!r}: {item.strip()!r} is not NAME=VALUE")
        if name in options:
            raise ValueError(f"bad rule spec {spec!r}: option {name!r} given twice")
        options[name] = option_value(value)
    return rules, options


def spec_label(rules: str, options: Mapping[str, Any]) -> str:
    """The text form of a rule spec, as the tables label it.

    Examples
    --------
    >>> spec_label("landlords_game", {"advanced": True, "round_limit": 40})
    'landlords_game[advanced=true,round_limit=40]'
    >>> spec_label("landlords_game", {})
    'landlords_game'
    """
    if not options:
        return rules
    shown = (
        f"{name}={str(value).lower() if isinstance(value, bool) else value}"
        for name, value in options.items()
    )
    return f"{rules}[{','.join(shown)}]"


def resolve_specs(rules: str | Iterable[Any]) -> list[Spec]:
    """Every spec as (id, options, label); a label that repeats gets ' #2', ' #3', ..."""
    specs = split_specs(rules) if isinstance(rules, str) else list(rules)
    if not specs:
        raise ValueError("compare needs at least one rule set")
    resolved, seen = [], {}
    for spec in specs:
        name, options = parse_spec(spec)
        check_option_values(options)
        label = spec_label(name, options)
        seen[label] = seen.get(label, 0) + 1
        if seen[label] > 1:
            label = f"{label} #{seen[label]}"
        resolved.append((name, options, label))
    return resolved


def check_option_values(options: Mapping[str, Any]) -> None:
    """Refuse a whole-number option beyond :data:`MAX_OPTION_NUMBER` either way.

    Examples
    --------
    >>> check_option_values({"wages": 2**63})
    Traceback (most recent call last):
    ...
    ValueError: option wages: at most 1,000,000,000,000 either way, not 9,223,372,036,854,775,808
    """
    for name, value in options.items():
        if isinstance(value, int) and not isinstance(value, bool):  # noqa: SIM102
            if abs(value) > MAX_OPTION_NUMBER:
                raise ValueError(
                    f"option {name}: at most {MAX_OPTION_NUMBER:,} either way, not {value:,}"
                )


def check_at_round(at_round: Any) -> None:
    """Refuse a common round that is not a whole number from 1 to :data:`MAX_AT_ROUND`.

    >>> check_at_round(0)
    Traceback (most recent call last):
    ...
    ValueError: at_round is a whole number from 1 to 10,000, or None, not 0
    """
    if at_round is None:
        return
    if (
        not isinstance(at_round, int)
        or isinstance(at_round, bool)
        or not 1 <= at_round <= MAX_AT_ROUND
    ):
        raise ValueError(
            f"at_round is a whole number from 1 to {MAX_AT_ROUND:,}, or None, not {at_round!r}"
        )


def bot_mix(mix: str | Sequence[str | Policy], seats: int) -> list[str | Policy]:
    """The bot in each of ``seats`` seats: a mix's strategies in turn, round the table.

    ``mix`` is one strategy, a sequence of them, or text joining them with
    ``+``; the mix repeats until every seat has a bot.

    Examples
    --------
    >>> bot_mix("eager_landlord+cautious_tenant", 4)
    ['eager_landlord', 'cautious_tenant', 'eager_landlord', 'cautious_tenant']
    >>> bot_mix("single_taxer", 3)
    ['single_taxer', 'single_taxer', 'single_taxer']
    """
    names = _mix_names(mix)
    return [names[seat % len(names)] for seat in range(seats)]


def _mix_names(mix: str | Sequence[str | Policy]) -> list[str | Policy]:
    """The strategies (or policies) a bot mix names, in order."""
    names = mix.split("+") if isinstance(mix, str) else list(mix)
    names = [name.strip() if isinstance(name, str) else name for name in names]
    if not names or not all(isinstance(name, Policy) or name for name in names):
        raise ValueError(f"a bot mix names strategies, like 'eager_landlord+random', not {mix!r}")
    return names


def mix_label(mix: str | Sequence[str | Policy]) -> str:
    """A bot mix as text: its strategies joined by '+'."""
    return "+".join(getattr(name, "name", name) for name in _mix_names(mix))


def rule_set_history(rules: Any, options: Mapping[str, Any]) -> dict[str, Any]:
    """How firm a rule set is: its title and status, and the modern options set."""
    modern = [
        option.name
        for option in rules.declared_options
        if option.name in options
        and option.provenance is not None
        and option.provenance.status == "modern"
        and options[option.name] != option.default
    ]
    return {"title": rules.info.title, "status": rules.info.status, "modern_options": modern}
