"""What a seat sees, as numbers: the fixed-size observation of every environment.

The observation is one ``float32`` vector built from the public state a player's
:class:`~landlord.engine.view.View` shows, the same layout for every family. With
``P`` seats, ``S`` spaces (the length of the view's ``owner`` list: 40 on the
track games, 64 cells in *Property*, 20 tiles in *Quikopoly*) and ``K`` kinds of
decision (:func:`landlord.environments.choices.measure`, then one for a kind it
did not list), the blocks are, in order:

========== ======== ==========================================================
block      length   what it holds
========== ======== ==========================================================
round      1        the round, over the rule set's round limit (or the
                    engine's cap of 1,000 rounds when it has none)
me         P        1 at the observing seat
actor      P        1 at the seat that must decide now (all 0 at chance or
                    once the game is over)
turn       P        1 at the seat whose turn it is
cash       P        each seat's cash, over the starting cash
worth      P        each seat's net worth, over the starting cash
position   P        where each token stands, over ``S``
held       P        1 for a seat in Jail (or Prison)
poor       P        1 for a seat in the Poor House
out        P        1 for a seat gone bankrupt
kind       K + 1    1 at the kind of decision asked now (the last slot: a kind
                    the probe did not meet)
owner      S x P    per space, 1 at the seat that holds it (all 0: nobody)
built      S        per space, its houses (or hotels)
mortgaged  S        per space, 1 if mortgaged
public     S        per space, 1 if the Public Treasury holds it free to use
========== ======== ==========================================================

The starting cash is the players' mean balance in a new game of the rule set at
this many seats. A family without one of these (no houses in *Property*, no Poor
House in the later game) leaves its block at 0. Every number is clipped to
``[-BOUND, BOUND]``. Nothing hidden is in it: not the order of a pack, not another
player's hand of cards; the view (``env.view(agent)``) holds the rest of the public
state in the family's words (debts, the Treasury, a player's own hand).

Examples
--------
>>> from landlord.rules import load_rules
>>> sight = Sight(load_rules("landlords_game"), seats=2)
>>> sight.size, sight.blocks["owner"]
(234, slice(34, 114, None))
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from landlord.engine import new_game
from landlord.engine.state import GameState
from landlord.environments.choices import measure
from landlord.rules.model import RuleSet

__all__ = ["BOUND", "Sight"]

#: Every number of an observation lies in ``[-BOUND, BOUND]``.
BOUND = 1e6

#: The per-seat flags, each read from the first of these names the view has.
SEAT_FLAGS = {
    "held": ("jailed", "in_prison"),
    "poor": ("in_poor_house",),
    "out": ("bankrupt",),
}
#: The per-space figures, each read from the first of these names the view has.
SPACE_FIGURES = {
    "built": ("houses", "hotels"),
    "mortgaged": ("mortgaged",),
    "public": ("public",),
}


class Sight:
    """The observation's layout for a rule set at a table of ``seats``, and its making.

    Parameters
    ----------
    rules : RuleSet
        The rule set played.
    seats : int
        How many play.

    Attributes
    ----------
    size : int
        The observation's length.
    blocks : dict of str to slice
        Where each block lies (the module's table, in order).
    kinds : tuple of str
        The kinds of decision, in the order of the ``kind`` block.
    spaces : int
        ``S``.
    money : float
        What the money blocks are divided by: the starting cash.
    rounds : float
        What the round is divided by.
    """

    def __init__(self, rules: RuleSet, seats: int) -> None:
        game = new_game(rules, [f"seat_{seat}" for seat in range(seats)])
        view = game.observe(0)
        owner = getattr(view, "owner", ())
        self.seats = seats
        self.spaces = len(owner)
        self.kinds = measure(rules).kinds
        self._kind_slot = {kind: slot for slot, kind in enumerate(self.kinds)}
        starting = sum(game.ledger.balances[:seats]) / seats
        self.money = float(starting) if starting > 0 else 1.0
        self.rounds = float(game.round_limit or game.ROUND_CAP)
        lengths = {
            "round": 1,
            **dict.fromkeys(("me", "actor", "turn", "cash", "worth", "position"), seats),
            **dict.fromkeys(SEAT_FLAGS, seats),
            "kind": len(self.kinds) + 1,
            "owner": self.spaces * seats,
            **dict.fromkeys(SPACE_FIGURES, self.spaces),
        }
        self.blocks: dict[str, slice] = {}
        start = 0
        for block, length in lengths.items():
            self.blocks[block] = slice(start, start + length)
            start += length
        self.size = start
        self._seat_range = np.arange(seats)

    def see(self, game: GameState, view: Any) -> npt.NDArray[np.float32]:
        """The observation of the seat whose ``view`` of ``game`` is given."""
        seen = np.zeros(self.size, dtype=np.float64)
        blocks = self.blocks
        seats = self.seats
        seen[blocks["round"]] = game.round / self.rounds
        seen[blocks["me"].start + view.player] = 1.0
        actor = game.actor
        if 0 <= actor < seats:
            seen[blocks["actor"].start + actor] = 1.0
            slot = self._kind_slot.get(game.decision_kind, len(self.kinds))
            seen[blocks["kind"].start + slot] = 1.0
        if 0 <= game.turn_player < seats:
            seen[blocks["turn"].start + game.turn_player] = 1.0
        seen[blocks["cash"]] = np.asarray(game.ledger.balances[:seats]) / self.money
        seen[blocks["worth"]] = np.asarray(game.net_worths()) / self.money
        if self.spaces:
            seen[blocks["position"]] = np.asarray(game.position) / self.spaces
        for block, names in SEAT_FLAGS.items():
            flags = _first(view, names)
            if flags is not None:
                seen[blocks[block]] = np.asarray(flags, dtype=np.float64)[:seats]
        if self.spaces:
            owner = np.asarray(view.owner)
            seen[blocks["owner"]] = (owner[:, None] == self._seat_range).ravel()
            for block, names in SPACE_FIGURES.items():
                figures = _first(view, names)
                if figures is not None:
                    seen[blocks[block]] = np.asarray(figures, dtype=np.float64)
        np.clip(seen, -BOUND, BOUND, out=seen)
        return seen.astype(np.float32)


def _first(view: Any, names: tuple[str, ...]) -> Any:
    """The first of ``names`` the view has, or None."""
    for name in names:
        found = getattr(view, name, None)
        if found is not None:
            return found
    return None
