"""Quikopoly told as it happens.

:class:`Voice` tells each step for :class:`~landlord.widgets.events.Narrator`
in sentences with the rule set's currency: the tiles laid face down, the
throw and the move ("Ann throws a null and moves to Prison"), the tile
bought, the rent, hotels placed and returned, Community Chest, Prison, the
fair trades and bankruptcy. It reads the game, the decision or chance event
a step answered and the ledger records it added; nothing here decides a rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from landlord.engine.reasons import Reason
from landlord.engine.state import CHANCE
from landlord.money import money as _money

__all__ = ["Voice"]

#: The payments in words, by reason: {payer}, {payee}, {money}.
_PAYMENTS: dict[str, str] = {
    Reason.STARTING_CASH: "{payee} starts with {money}",
    Reason.SALARY: "{payee} passes Go and takes {money} from the bank",
    Reason.PROPERTY_BOUGHT: "{payer} pays {money} to the bank",
    Reason.LAND_RENT: "{payer} pays {money} rent to {payee}",
    Reason.HOUSE_RENT: "{payer} pays {money} more for the hotels to {payee}",
    Reason.BUILDING_BOUGHT: "{payer} places a hotel ({money})",
    Reason.BUILDINGS_SOLD: "{payee} gets {money} for hotels returned",
    Reason.JAIL_FINE: "{payer} pays {money} to leave Prison",
    Reason.TAX: "{payer} pays {money} to the bank on Community Chest",
    Reason.CARD: "{payee} takes {money} from the bank on Community Chest",
    Reason.BANKRUPTCY: "{payer} hands the last {money} to {payee}",
}


def _face(throw: int) -> str:
    return {6: "a null", 1: "an ace"}.get(throw, f"a {throw}")


class Voice:
    """What happened in one step of a Quikopoly ``game``, in sentences.

    Examples
    --------
    >>> from landlord.session import Session
    >>> session = Session("quikopoly", ["eager_landlord"] * 2, seed=1, names=["Ann", "Bob"])
    >>> voice, lines = Voice(session.game), []
    >>> while not any("buys" in line for line in lines):
    ...     game, told = session.game, len(session.game.ledger.records)
    ...     voice.before()
    ...     pending, history = game.pending, len(game.history)
    ...     _ = session.step()
    ...     lines += voice.after(pending, game.history[history], game.ledger.records[told:])
    >>> lines[0]
    'The 16 property tiles are laid face down at random'
    """

    def __init__(self, game: Any) -> None:
        self.game = game
        self.money = lambda amount: _money(amount, game.currency)
        self._laid_told = False
        self.before()

    def before(self) -> None:
        """Note what a step may change: positions, Prison, bankruptcies, trades."""
        game = self.game
        self._mover = game.turn_player
        self._position = list(game.position)
        self._prison = list(game.in_prison)
        self._bankruptcies = len(game.bankruptcies)
        self._trades = len(game.tiles.trades_made)

    def after(
        self, pending: Any, choice: Any, records: Sequence[Any], earlier: Sequence[Any] = ()
    ) -> list[str]:
        """The step in sentences: the decision or throw, payments, Prison, trades, the end."""
        game = self.game
        names = game.names
        lines = [self._payment(record) for record in earlier]
        if pending is not None and choice is not None:
            if getattr(pending, "player", CHANCE) == CHANCE:
                lines.append(self._chance(pending, choice))
            else:
                lines.append(self._decision(pending, choice))
        lines += [self._payment(record) for record in records]
        for player, (was, now) in enumerate(zip(self._prison, game.in_prison, strict=True)):
            if now and not was:
                lines.append(f"{names[player]} is in Prison")
            elif was and not now and not game.bankrupt[player]:
                lines.append(f"{names[player]} leaves Prison")
        for _, circle in game.tiles.trades_made[self._trades :]:
            who = ", ".join(names[p] for p in circle)
            lines.append(f"A fair trade completes a set for each of {who}")
        for _, player, creditor in game.bankruptcies[self._bankruptcies :]:
            lines.append(f"{names[player]} is bankrupt to {game.ledger.names[creditor]}")
        if game.is_over:
            lines.append(f"Game over: {game.end_reason}")
        self.before()
        return [line for line in lines if line]

    def _chance(self, pending: Any, choice: Any) -> str:
        game = self.game
        if pending.purpose == "layout":
            if self._laid_told:
                return ""
            self._laid_told = True
            return "The 16 property tiles are laid face down at random"
        if pending.purpose != "dice":
            return f"chance ({pending.purpose}): {choice}"
        mover = self._mover
        where = game.position[mover]
        spot = game.space_names()[where]
        return f"{game.names[mover]} throws {_face(choice)} and is on {spot}"

    def _decision(self, pending: Any, choice: Any) -> str:
        game = self.game
        who = game.names[pending.player]
        kind = type(choice).__name__
        if kind == "Buy":
            return f"{who} buys the {game.tile_name(choice.space)}, turning it to face them"
        if kind == "Decline":
            return f"{who} leaves the tile face down"
        if kind == "BuildHotel":
            return f"{who} places a hotel on the {game.tile_name(choice.space)}"
        if kind == "StayInPrison":
            return f"{who} stays in Prison"
        if kind == "PayFine":
            return f"{who} pays to leave Prison"
        return ""

    def _payment(self, record: Any) -> str:
        game = self.game
        words = _PAYMENTS.get(record.reason)
        if words is None or record.reason in (Reason.PROPERTY_BOUGHT, Reason.BUILDING_BOUGHT):
            return ""  # told by the decision
        names = game.ledger.names
        return words.format(
            payer=names[record.payer], payee=names[record.payee], money=self.money(record.amount)
        )
