"""The game engine's shared core: the state machine, typed actions, the ledger.

Every family of rule sets (:mod:`landlord.families`) is built on this core;
the core knows no family. It never draws a random number and imports nothing
of the kit's players, sessions, metrics or user interface. Start a game with
:func:`new_game`; drive it with :class:`landlord.session.Session`.

The parts, for whoever writes the next family:

* :mod:`~landlord.engine.state`: :class:`GameState`, the state machine. A game
  writes its rules as one generator, ``_flow``, that yields a decision
  ``(player, kind, actions, about)`` or a chance event ``(CHANCE, purpose,
  outcomes, weights)`` and receives the answer. ``apply`` (or ``apply_index``)
  checks it, records it in ``history`` and runs the flow to its next pause.
* :mod:`~landlord.engine.family`: :class:`Family`, what a family offers the
  rest of the kit (its engine, table columns, outcome, bots and views).
* :mod:`~landlord.engine.actions`: the typed, printable actions.
* :mod:`~landlord.engine.ledger`: the only door money goes through.
* :mod:`~landlord.engine.dice`: the throws of two dice.
* :mod:`~landlord.engine.boards`: geometry for a track (with side spaces), a
  board laid out by chance (``layout_flow``) and a card-addressed grid.

A new rule set whose play differs only in numbers needs only a data file. One
whose play differs in behaviour belongs to a family of its own: a package
under :mod:`landlord.families`. The hot path is the flow between two pauses:
it reads numbers looked up once at the start, and makes no new action objects
where a shared one will do (bots play tens of thousands of turns a second on
one core).
"""

from __future__ import annotations

from collections.abc import Sequence

from landlord.engine.actions import ACTION_TYPES, action_from_json, action_to_json
from landlord.engine.family import family_of
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
    "Family",
    "GameState",
    "IllegalMove",
    "Ledger",
    "Outcome",
    "Proposal",
    "Sale",
    "Transfer",
    "action_from_json",
    "action_to_json",
    "new_game",
]


def new_game(rules: RuleSet, names: Sequence[str]) -> GameState:
    """A new game of ``rules`` for the named players, paused at its first event.

    The rule set's family (:func:`landlord.engine.family.family_of`) makes it.

    Examples
    --------
    >>> from landlord.rules import load_rules
    >>> game = new_game(load_rules("landlords_game"), ["Ann", "Bob"])
    >>> game.actor == CHANCE, game.family.name
    (True, 'magie')
    """
    return family_of(rules).new_game(rules, names)
