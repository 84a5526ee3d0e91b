"""The game told as it happens: one line per throw, card, decision and payment.

:class:`Narrator` follows a game and turns what happened since it last looked
into short sentences ("Ann pays $14 land rent to Bob"), for the apps' event
logs. The words are the game's family's (``game.family.voice(game)``): the
narrator notes what the game waits for, lets the step happen, and hands the
family's voice the decision or chance event, the choice made and the
payments it caused. It decides nothing. Only the standard library and the
engine are used.
"""

from __future__ import annotations

from typing import Any

from landlord.engine.reasons import Reason
from landlord.money import money

__all__ = ["Narrator", "payment"]


def payment(payer: str, payee: str, amount: int, reason: str, currency: str = "$") -> str:
    """One payment in words (a reason's ``paid_for``: see :mod:`landlord.engine.reasons`).

    Examples
    --------
    >>> payment("Ann", "Bob", 14, "land rent")
    'Ann pays $14 land rent to Bob'
    >>> payment("Ann", "PUBLIC TREASURY", 25, "card bought")
    'Ann pays $25 for a card to PUBLIC TREASURY'
    """
    known = Reason.of(reason)
    words = known.paid_for if known is not None else reason
    return f"{payer} pays {money(amount, currency)} {words} to {payee}"


class Narrator:
    """Tells what happens in ``game``, step by step.

    Call :meth:`before` with the game as it waits, then :meth:`after` once the
    waiting decision or chance event has been answered: it returns the lines
    for that step (the throw, the card or the decision, then every payment it
    caused). Payments made outside the steps (before the first) are told the
    next time :meth:`after` is called.

    Examples
    --------
    >>> from landlord.session import Session
    >>> session = Session("landlords_game", ["eager_landlord"] * 2, seed=1, names=["Ann", "Bob"])
    >>> narrator = Narrator(session.game)
    >>> lines = []
    >>> while not any(" throws " in line for line in lines):
    ...     narrator.before()
    ...     _ = session.step()
    ...     lines += narrator.after()
    >>> lines[-2:]
    ['Ann throws 1 and 3', 'Ann goes to Jail']
    """

    def __init__(self, game: Any, start_at_end: bool = False) -> None:
        self.game = game
        self._told = len(game.ledger.records) if start_at_end else 0
        self._pending: Any = None
        self._history = self._records = 0
        #: The family's own sentences.
        self._voice = game.family.voice(game)

    def before(self) -> None:
        """Note what the game waits for, just before it is answered."""
        self._pending = self.game.pending
        self._history = len(self.game.history)
        self._records = len(self.game.ledger.records)
        self._voice.before()

    def after(self) -> list[str]:
        """What happened since :meth:`before`: the step in words, then its payments."""
        game = self.game
        pending, self._pending = self._pending, None
        made = len(game.history) > self._history and pending is not None
        choice = game.history[self._history] if made else None
        records = game.ledger.records
        start = max(self._told, min(self._records, len(records)))
        earlier = [
            r
            for r in records[self._told : start]
            if r.reason != Reason.STARTING_CASH or not self._told
        ]
        self._told = len(records)
        return self._voice.after(pending, choice, records[start:], earlier)
