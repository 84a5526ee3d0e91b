"""The game told as it happens: one line per throw, card, decision and payment.

:class:`Narrator` follows a game and turns what happened since it last looked
into short sentences ("Ann pays $14 land rent to Bob"), for the apps' event
logs. It reads the game (its pending decision, the choice made, the ledger)
and decides nothing. Only the standard library and the engine are used.
"""

from __future__ import annotations

from typing import Any

from landlord.engine import CHANCE
from landlord.engine.actions import Roll
from landlord.widgets.estate_events import EstateVoice

__all__ = ["Narrator", "payment"]

#: How a payment reads for a reason whose name is not already a noun for money.
_PAID_FOR = {
    "card bought": "for a card",
    "card bought from the deal": "for a dealt card",
    "card sold": "for a card",
    "house built": "for a house",
    "luxury": "for a luxury",
    "luxury card sold": "for a luxury card",
    "loan": "as a loan",
    "debt repaid": "to repay a debt",
    "debt repaid from wages": "from wages, repaying a debt",
    "chance": "on a Chance card",
    "speculation stake": "as a Speculation stake",
    "speculation winnings": "in Speculation winnings",
    "site bid": "bid for a site",
    "public purchase": "to buy a public good",
    "free college": "for a free college",
    "wage rise": "for a wage rise",
    "Treasury emptied for the single tax": "(the Treasury emptied for the single tax)",
}


def payment(payer: str, payee: str, amount: int, reason: str) -> str:
    """One payment in words.

    Examples
    --------
    >>> payment("Ann", "Bob", 14, "land rent")
    'Ann pays $14 land rent to Bob'
    >>> payment("Ann", "PUBLIC TREASURY", 25, "card bought")
    'Ann pays $25 for a card to PUBLIC TREASURY'
    """
    return f"{payer} pays ${amount:,} {_PAID_FOR.get(reason, reason)} to {payee}"


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
    >>> while not lines or "throws" not in lines[-1]:
    ...     narrator.before()
    ...     _ = session.step()
    ...     lines += narrator.after()
    >>> lines[-1]
    'Ann throws 1 and 3'
    """

    def __init__(self, game: Any, start_at_end: bool = False) -> None:
        self.game = game
        self._told = len(game.ledger.records) if start_at_end else 0
        self._pending: Any = None
        self._turn_player = 0
        self._history = self._records = 0
        #: The later game's own sentences (None for the 1906 family).
        self._voice = EstateVoice(game) if getattr(game, "family", "") == "monopoly" else None

    def before(self) -> None:
        """Note what the game waits for, just before it is answered."""
        self._pending = self.game.pending
        self._turn_player = getattr(self.game, "turn_player", 0)
        self._history = len(self.game.history)
        self._records = len(self.game.ledger.records)
        if self._voice is not None:
            self._voice.before()

    def after(self) -> list[str]:
        """What happened since :meth:`before`: the step in words, then its payments."""
        game = self.game
        lines = []
        pending, self._pending = self._pending, None
        if self._voice is not None:
            made = len(game.history) > self._history and pending is not None
            choice = game.history[self._history] if made else None
            records = game.ledger.records
            start = max(self._told, min(self._records, len(records)))
            earlier = [
                r
                for r in records[self._told : start]
                if r.reason != "starting cash" or not self._told
            ]
            self._told = len(records)
            return self._voice.after(pending, choice, records[start:], earlier)
        if pending is not None and len(game.history) > self._history:
            line = self._step(pending, game.history[self._history])
            if line:
                lines.append(line)
        lines += self.payments()
        return lines

    def payments(self) -> list[str]:
        """The payments made since they were last told."""
        records = self.game.ledger.records
        names = self.game.ledger.names
        lines = [
            payment(names[r.payer], names[r.payee], r.amount, r.reason)
            for r in records[self._told :]
            if r.reason != "starting cash" or self._told == 0
        ]
        self._told = len(records)
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
