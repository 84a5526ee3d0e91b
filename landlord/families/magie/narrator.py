"""Magie's games told as they happen: the throws, cards, decisions and payments.

:class:`Voice` is what :class:`landlord.widgets.events.Narrator` hands a step
of a Landlord's Game to: it says who threw what, what a Chance card or a
Speculation throw showed, what a player decided (the action in the board's
words) and every payment the step caused. It only reads the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from landlord.engine.actions import Roll
from landlord.engine.state import CHANCE
from landlord.widgets.events import payment

__all__ = ["Voice"]


class Voice:
    """The steps of a Magie ``game`` in sentences, for a
    :class:`~landlord.widgets.events.Narrator`."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self._turn_player = 0

    def before(self) -> None:
        """Note whose turn it is before a step."""
        self._turn_player = self.game.turn_player

    def after(
        self, pending: Any, choice: Any, records: Sequence[Any], earlier: Sequence[Any] = ()
    ) -> list[str]:
        """The step (``pending`` answered by ``choice``; ``None`` if nothing was chosen)
        in words, then the payments made before it (``earlier``) and by it (``records``)."""
        lines = []
        if pending is not None and choice is not None:
            line = self._step(pending, choice)
            if line:
                lines.append(line)
        names = self.game.ledger.names
        lines += [
            payment(names[r.payer], names[r.payee], r.amount, r.reason)
            for r in (*earlier, *records)
        ]
        return lines

    def _step(self, pending: Any, choice: Any) -> str:
        game = self.game
        if getattr(pending, "player", CHANCE) != CHANCE:
            if isinstance(choice, Roll):
                return ""  # the throw itself is told next
            return f"{game.names[pending.player]}: {game.describe(choice)}"
        purpose = pending.purpose
        mover = game.names[self._turn_player]
        if purpose == "dice":
            return f"{mover} throws {choice[0]} and {choice[1]}"
        if purpose == "speculation":
            return f"{mover} speculates: the dice show {choice[0]} and {choice[1]}"
        if purpose == "chance_card":
            return f"{mover} draws Chance: {game.rules.chance_deck[choice].text}"
        if purpose == "deal":
            return f"dealt: {game.tables.name[choice]}"
        return f"chance ({purpose}): {choice}"
