"""An experiment in words, for the apps and the tables: each rule set's name
(its title, then what sets it apart), an option, and the bots at a table.
"""

from __future__ import annotations

from typing import Any

__all__ = ["line_up_words", "option_words", "repeating_run", "rule_set_names"]


def rule_set_names(parameters: dict[str, Any]) -> dict[str, str]:
    """For each rule spec's label, its name in words: the rule set's title, then the
    options (and, if they differ, the players) that set it apart from the others.

    Examples
    --------
    >>> parameters = {"rules": [
    ...     {"label": "landlords_game", "rules": "landlords_game", "options": {},
    ...      "title": "The Landlord's Game"},
    ...     {"label": "landlords_game[advanced=true,wages_times=0]", "rules": "landlords_game",
    ...      "options": {"advanced": True, "wages_times": 0}, "title": "The Landlord's Game"}]}
    >>> list(rule_set_names(parameters).values())
    ["The Landlord's Game", "The Landlord's Game (advanced, wages times 0)"]
    """
    specs = parameters["rules"]
    shared = dict(specs[0]["options"])
    for spec in specs[1:]:
        shared = {k: v for k, v in shared.items() if spec["options"].get(k, _NONE) == v}
    names = {}
    for spec in specs:
        own = {k: v for k, v in spec["options"].items() if shared.get(k, _NONE) != v}
        name = spec.get("title") or spec["rules"]
        if own:
            name += f" ({', '.join(option_words(k, v) for k, v in own.items())})"
        names[spec["label"]] = name
    line_ups = [spec.get("players", parameters.get("players", [])) for spec in specs]
    if len(set(names.values())) < len(names) and len({tuple(t) for t in line_ups}) > 1:
        for spec, table in zip(specs, line_ups, strict=True):
            names[spec["label"]] += f", {line_up_words(table).replace('_', ' ')}"
    if len(set(names.values())) < len(names):  # nothing in words tells them apart
        return {spec["label"]: spec["label"] for spec in specs}
    return names


#: Stands for an option that is not set.
_NONE = object()


def option_words(name: str, value: Any) -> str:
    """An option in words: ``advanced``, ``no advanced``, ``round limit 100``."""
    words = name.replace("_", " ")
    if value is True:
        return words
    if value is False:
        return f"no {words}"
    return f"{words} {value}"


def repeating_run(names: list[str]) -> list[str]:
    """The shortest run of names that, repeated round the table, seats everyone.

    >>> repeating_run(["a", "b", "a", "b"]), repeating_run(["a", "a", "b"])
    (['a', 'b'], ['a', 'a', 'b'])
    """
    for length in range(1, len(names)):
        if all(name == names[seat % length] for seat, name in enumerate(names)):
            return names[:length]
    return list(names)


def line_up_words(names: list[str]) -> str:
    """The bots at a table in a few words: 'eager_landlord x3, random'."""
    return ", ".join(f"{name} x{count}" if count > 1 else name for name, count in _runs(names))


def _runs(names: list[str]) -> list[tuple[str, int]]:
    """Consecutive equal names, counted: ['a', 'a', 'b'] -> [('a', 2), ('b', 1)]."""
    runs: list[tuple[str, int]] = []
    for name in names:
        if runs and runs[-1][0] == name:
            runs[-1] = (name, runs[-1][1] + 1)
        else:
            runs.append((name, 1))
    return runs
