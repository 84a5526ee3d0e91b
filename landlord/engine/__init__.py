"""The game engine: state machines for each rule set, typed actions, the ledger.

The engine never draws a random number and imports nothing of the kit's
players, sessions, metrics or user interface. Start a game with
:func:`new_game`; drive it with :class:`landlord.session.Session`.

The parts, for whoever writes the next rule set:

* :mod:`~landlord.engine.state`: :class:`GameState`, the state machine. A game
  writes its rules as one generator, ``_flow``, that yields a decision
  ``(player, kind, actions, about)`` or a chance event ``(CHANCE, purpose,
  outcomes, weights)`` and receives the answer. ``apply`` (or ``apply_index``)
  checks it, records it in ``history`` and runs the flow to its next pause.
* :mod:`~landlord.engine.actions`: the typed, printable actions.
* :mod:`~landlord.engine.ledger`: the only door money goes through.
* :mod:`~landlord.engine.boards`: geometry for a track (with side spaces), a
  board laid out by chance (``layout_flow``) and a card-addressed grid.
* :mod:`~landlord.engine.tables`: a rule set's numbers laid out once per rule
  set for fast look-ups.
* :mod:`~landlord.engine.dealings`: payments that fall short, talks, loans,
  the Trust; :mod:`~landlord.engine.holdings`: what each player holds, by the
  rule set's score and by net worth; :mod:`~landlord.engine.spaces`: what each
  space asks; :mod:`~landlord.engine.single_tax`: the Single Tax rules, the
  vote, the land-value-tax dial and Prosperity;
  :mod:`~landlord.engine.landlords_game`: Magie's 1906 game, deal to score.
* :mod:`~landlord.engine.monopoly`: the later game's rules (US and UK 1972),
  with :mod:`~landlord.engine.estates` for colour groups, rent, buildings,
  mortgages and trades.

A new rule set whose play differs only in numbers needs only a data file. One
whose play differs in behaviour subclasses a game (or writes a flow) and is
named in the data's ``[engine] flow`` and in :data:`GAMES`. The hot path is
the flow between two pauses: it reads numbers copied into attributes at the
start, not ``rules[...]``, and makes no new action objects where a shared one
will do (bots play tens of thousands of turns a second on one core).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from landlord.engine.actions import ACTION_TYPES, action_from_json, action_to_json
from landlord.engine.landlords_game import LandlordsGame
from landlord.engine.ledger import Debt, Ledger, Transfer
from landlord.engine.monopoly import Monopoly
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
from landlord.rules import RulesError
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
    "Monopoly",
    "Proposal",
    "Sale",
    "Transfer",
    "action_from_json",
    "action_to_json",
    "new_game",
]

#: The game class that plays each rule set's flow, by the rule set's engine name.
GAMES = {"landlords_game": LandlordsGame, "monopoly": Monopoly}


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
    except (KeyError, TypeError):
        file = Path(rules.files[0]).name if rules.files else rules.id
        raise RulesError(
            f"{file}: field 'engine.flow': expected one of {', '.join(GAMES)}, got {flow!r}"
        ) from None
    return game_class(rules, names)
