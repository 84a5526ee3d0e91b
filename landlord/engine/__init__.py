"""The game engine: state machines for each rule set, typed actions, the ledger.

The engine never draws a random number and imports nothing of the kit's
players, sessions, metrics or user interface. Start a game with
:func:`new_game`; drive it with :class:`landlord.session.Session`.
"""

from __future__ import annotations

from collections.abc import Sequence

from landlord.engine.actions import ACTION_TYPES, action_from_json, action_to_json
from landlord.engine.landlords_game import LandlordsGame
from landlord.engine.ledger import Debt, Ledger, Transfer
from landlord.engine.state import (
    CHANCE,
    NOBODY,
    ChanceEvent,
    Decision,
    GameState,
    IllegalMove,
    Proposal,
    Sale,
)
from landlord.rules.model import RuleSet

__all__ = [
    "ACTION_TYPES",
    "CHANCE",
    "NOBODY",
    "ChanceEvent",
    "Debt",
    "Decision",
    "GameState",
    "IllegalMove",
    "LandlordsGame",
    "Ledger",
    "Proposal",
    "Sale",
    "Transfer",
    "action_from_json",
    "action_to_json",
    "new_game",
]

#: The game class that plays each rule set's flow, by the rule set's engine name.
GAMES = {"landlords_game": LandlordsGame}


def new_game(rules: RuleSet, names: Sequence[str]) -> GameState:
    """A new game of ``rules`` for the named players, paused at its first event.

    Examples
    --------
    >>> from landlord.rules import load_rules
    >>> game = new_game(load_rules("landlords_game"), ["Ann", "Bob"])
    >>> game.actor == CHANCE
    True
    """
    flow = rules.params.get("engine", {}).get("flow", "landlords_game")
    try:
        game_class = GAMES[flow]
    except KeyError:
        raise ValueError(f"rule set {rules.id!r} asks for an unknown game flow {flow!r}") from None
    return game_class(rules, names)
