"""How many choices a seat may be offered: the size of the action space, per rule set.

An agent picks an *index* into the list of legal actions the game offers
(:meth:`~landlord.engine.state.GameState.legal_actions`), so its action space is
``Discrete(N)`` with ``N`` the longest list it can meet. No family declares that
number, and for some decisions it depends on the whole position (an offer in
Magie's talks for every card at every rung of the price ladder to every other
player; a trade in the later game for every title either way with every other
player). So ``N`` is measured, not proven:

- :func:`measure` plays a few seeded probe games at the rule set's largest table
  (the most partners, so the longest lists), with random players and with named
  bots, and notes the longest list of actions any seat was offered and every kind
  of decision asked;
- ``N`` is four times that longest list, rounded up to a power of two (at least
  8), so that a position longer than any the probe met still fits, within reason.

It is kept with the rule set (``rules.derive``) and is the same whatever the number
of seats at the table. Should a decision still list more than ``N`` actions, an
environment offers the first ``N`` (the mask marks them), tells how many it left
out in the acting seat's ``info["actions_cut"]`` and warns once: the actions after
the ``N``-th cannot be taken through it. The engine lists the plain answer first
(throw the dice, end the talks, pass), so that one is always offered.

Trades are a rule rather than a list: the later game's ``trade`` decision accepts
any legal bundle of titles, cards and cash
(:class:`~landlord.families.monopoly.trades.TradeOffers`) and lists only the plain
ones (one title for its printed price either way, a Get Out of Jail Free card for
the fine). An environment offers the listed ones; the others cannot be proposed by
an index. Named bots in the other seats still propose what they like.

Examples
--------
>>> from landlord.rules import load_rules
>>> measured = measure(load_rules("quikopoly"))
>>> measured.size, measured.size >= 4 * measured.longest
(64, True)
>>> measured.kinds
('buy', 'prison', 'turn')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from landlord.engine.state import GameState
from landlord.rules.model import RuleSet
from landlord.session import Session

__all__ = ["HEADROOM", "PROBE_BOTS", "PROBE_SEEDS", "Measure", "listed", "measure"]

#: The seeds of the probe games.
PROBE_SEEDS = range(4)
#: Who plays the probe games: every seat random, then every seat an eager landlord.
PROBE_BOTS = ("random", "eager_landlord")
#: How far ``N`` stands above the longest list the probe met.
HEADROOM = 4
#: The smallest ``N``.
SMALLEST = 8
#: A probe game stops after this many decisions and chance events.
PROBE_STEPS = 20_000


class Measure(NamedTuple):
    """What the probe games found of a rule set.

    Attributes
    ----------
    size : int
        ``N``: the number of action indices an agent chooses among.
    longest : int
        The longest list of actions the probe games offered a seat.
    kinds : tuple of str
        Every kind of decision the family explains or the probe games asked, sorted.
    players : int
        The seats at the probe games' table (the rule set's largest).
    """

    size: int
    longest: int
    kinds: tuple[str, ...]
    players: int


def measure(rules: RuleSet) -> Measure:
    """``N`` and the kinds of decision of ``rules``, measured once and kept with it."""
    return rules.derive("environments.measure", _probe)


def _probe(rules: RuleSet) -> Measure:
    players = rules.info.max_players
    longest = 1
    kinds: set[str] = set()
    for bot in PROBE_BOTS:
        for seed in PROBE_SEEDS:
            session = Session(rules, [bot] * players, seed=seed)
            game = session.game
            for _ in range(PROBE_STEPS):
                node = game._node
                if node[0] >= 0:
                    kinds.add(node[1])
                    longest = max(longest, len(node[2]))
                elif game.is_over:
                    break
                session.run(max_steps=1)
    family = session.game.family
    kinds.update(family.question_helps)
    size = SMALLEST
    while size < HEADROOM * longest:
        size *= 2
    return Measure(size, longest, tuple(sorted(kinds)), players)


def listed(game: GameState, size: int) -> tuple[Sequence[object], int]:
    """The acting seat's actions an agent may pick by index, and how many were cut.

    The first ``size`` of the listed actions (all of them, as a rule); the second
    number counts those left out. Nothing while no seat acts.
    """
    node = game._node
    if node[0] < 0:
        return (), 0
    actions = node[2]
    count = len(actions)
    if count <= size:
        return actions, 0
    return actions[:size], count - size
