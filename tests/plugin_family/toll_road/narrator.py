"""The Toll Road told as it happens, for the apps' event log.

:class:`Voice` tells each step for :class:`landlord.views.events.Narrator`:
the throw and the move, each payment in the order it was made (wages at the
start, tolls at the gates passed, the price, the rent or toll where the
token stops), the lot bought or left, a player leaving the game, the end.
It reads the game and the ledger; nothing here decides a rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from landlord.engine.reasons import Reason
from landlord.engine.state import CHANCE
from landlord.money import money
from landlord.views.events import payment

__all__ = ["Voice"]


class Voice:
    """What happened in one step of a Toll Road ``game``, in sentences.

    Examples
    --------
    >>> from landlord.session import Session
    >>> from toll_road import RULES
    >>> session = Session(RULES, ["eager_landlord"] * 2, seed=1, names=["Ann", "Bob"])
    >>> voice, lines = Voice(session.game), []
    >>> for _ in range(3):
    ...     game, told = session.game, len(session.game.ledger.records)
    ...     voice.before()
    ...     pending, history = game.pending, len(game.history)
    ...     _ = session.step()
    ...     lines += voice.after(pending, game.history[history], game.ledger.records[told:])
    >>> lines[0].startswith("Ann throws a ")
    True
    """

    def __init__(self, game: Any) -> None:
        self.game = game
        self.before()

    def before(self) -> None:
        """Note what a step may change: who moves, from where, and who is out."""
        game = self.game
        self._mover = game.turn_player
        self._out = len(game.bankruptcies)

    def after(
        self, pending: Any, choice: Any, records: Sequence[Any], earlier: Sequence[Any] = ()
    ) -> list[str]:
        """The step in sentences: the throw or the decision, then its payments."""
        game = self.game
        lines = [self._payment(record) for record in earlier]
        if pending is not None and choice is not None:
            if getattr(pending, "player", CHANCE) == CHANCE:
                where = game.space_name(game.position[self._mover])
                lines.append(f"{game.names[self._mover]} throws a {choice} and stops on {where}")
            else:
                lines.append(self._decision(pending.player, choice))
        lines += [self._payment(record) for record in records]
        for _, player, _ in game.bankruptcies[self._out :]:
            lines.append(f"{game.names[player]} cannot pay and leaves the game")
        if game.is_over:
            lines.append(f"Game over: {game.end_reason}")
        self.before()
        return [line for line in lines if line]

    def _decision(self, player: int, choice: Any) -> str:
        game = self.game
        who = game.names[player]
        if type(choice).__name__ == "Buy":
            return ""  # told by its payment
        where = game.space_name(game.position[player])
        return f"{who} leaves {where} unsold"

    def _payment(self, record: Any) -> str:
        game = self.game
        names = game.ledger.names
        cash = money(record.amount, game.currency)
        if record.reason == Reason.STARTING_CASH:
            return f"{names[record.payee]} starts with {cash}"
        if record.reason == Reason.WAGES:
            start = game.space_name(game.start_space)
            return f"{names[record.payee]} draws {cash} wages at {start}"
        if record.reason == Reason.PROPERTY_BOUGHT:
            bought = game.space_name(game.position[record.payer])
            return f"{names[record.payer]} buys {bought} for {cash}"
        return payment(
            names[record.payer], names[record.payee], record.amount, record.reason, game.currency
        )
