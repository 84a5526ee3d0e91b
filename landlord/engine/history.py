"""A game is its history: every action and chance outcome, as plain JSON, and back.

The recorded history replays a game exactly (the engine draws no random
numbers: the history holds every outcome chance gave), so a saved game, a
copy of a state and a clone are all made by replaying it.

* :func:`history_to_json`: actions as objects with a ``type``, chance outcomes
  as ``{"outcome": ...}``;
* :func:`replay`: a new game played through a history in that form, refused
  with the entry that breaks it;
* :func:`ledger_digest`: a fingerprint of every payment, which a replay must
  reproduce.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, cast

from landlord.engine.actions import Action, action_from_json, action_to_json
from landlord.engine.family import family_of
from landlord.engine.state import CHANCE, IllegalMove

if TYPE_CHECKING:  # pragma: no cover - for the annotations only
    from landlord.engine.ledger import Ledger
    from landlord.engine.state import GameState
    from landlord.rules.model import RuleSet

__all__ = ["history_to_json", "ledger_digest", "replay"]


def history_to_json(history: Sequence[object]) -> list[dict[str, object]]:
    """Actions as objects with a ``type``; chance outcomes as ``{"outcome": ...}``.

    Examples
    --------
    >>> from landlord.engine.actions import Buy
    >>> history_to_json([(3, 4), Buy(3, 25), 7])
    [{'outcome': [3, 4]}, {'type': 'Buy', 'space': 3, 'price': 25}, {'outcome': 7}]
    """
    out: list[dict[str, object]] = []
    for entry in history:
        if isinstance(entry, tuple):
            out.append({"outcome": list(entry)})
        elif isinstance(entry, int):
            out.append({"outcome": entry})
        else:
            out.append(action_to_json(cast(Action, entry)))
    return out


def replay(rules: RuleSet, names: Sequence[str], history: Sequence[object]) -> GameState:
    """A new game of ``rules`` played through a history in JSON form.

    Raises
    ------
    ValueError
        Naming the entry where the history breaks: not an object, a chance
        outcome where a player acts (or the other way), an action or outcome
        that is not legal there, or an entry after the game ended.
    """
    game = family_of(rules).new_game(rules, list(names))
    for number, entry in enumerate(history):
        if game.is_over:
            raise ValueError(f"history entry {number}: the game was already over")
        if not isinstance(entry, dict):
            raise ValueError(f"history entry {number}: expected an object, got {entry!r}")
        if game.actor == CHANCE:
            if set(entry) != {"outcome"}:
                raise ValueError(f"history entry {number}: expected a chance outcome, got {entry}")
            value = entry["outcome"]
            value = tuple(value) if isinstance(value, list) else value
        else:
            if "outcome" in entry:
                raise ValueError(
                    f"history entry {number}: expected a player's action, got {entry}"
                )
            try:
                value = action_from_json(entry)
            except ValueError as error:
                raise ValueError(f"history entry {number}: {error}") from None
        try:
            game.apply(value)
        except IllegalMove as error:
            raise ValueError(f"history entry {number}: {error}") from None
    return game


def ledger_digest(ledger: Ledger) -> str:
    """The SHA-256 of every payment in order: two games with the same one paid alike.

    The text digested is the list of records as Python writes them (a reason
    is written as its words), as saved games have always stored it.
    """
    return hashlib.sha256(repr(ledger.records).encode()).hexdigest()


def rules_reference(rules: RuleSet) -> dict[str, object]:
    """How a saved game or state names its rule set: its id and options, and the path
    of its TOML file when it is the user's own (not one the kit ships or an installed
    package registers: :func:`landlord.rules.registered`)."""
    from pathlib import Path

    from landlord.rules.loader import registered

    reference: dict[str, object] = {"rules": rules.id}
    files = rules.files
    shipped = registered().get(rules.id)
    if files and (shipped is None or Path(files[0]).resolve() != shipped.resolve()):
        reference["rules_file"] = str(Path(files[0]).resolve())
    reference["options"] = dict(rules.options)
    return reference


def rules_of(document: Mapping[str, object]) -> RuleSet:
    """The rule set a saved document names (see :func:`rules_reference`).

    Raises
    ------
    ValueError
        If the fields are missing or of the wrong kind, or the rule set cannot
        be loaded with those options (the loader's message says why).
    """
    from landlord.rules import RulesError, load_rules

    rules_id, options = document.get("rules"), document.get("options", {})
    if not isinstance(rules_id, str):
        raise ValueError("field 'rules': expected a rule set's id")
    if not isinstance(options, dict):
        raise ValueError("field 'options': expected an object")
    file = cast("str | None", document.get("rules_file"))  # the loader refuses any other
    try:
        rules = load_rules(file or rules_id, **options)
        # A document names every option in force; one it leaves out came later,
        # and the game was played as the option's ``older_saves`` value plays.
        older = {
            option.name: option.older_saves
            for option in rules.declared_options
            if option.name not in options and option.older_saves is not None
        }
        if older:
            rules = load_rules(file or rules_id, **options, **older)
    except (RulesError, TypeError) as error:
        raise ValueError(f"field 'rules'/'options': {error}") from None
    if rules.id != rules_id:
        raise ValueError(f"field 'rules': expected rule set {rules_id!r}, found {rules.id!r}")
    return rules
