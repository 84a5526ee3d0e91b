"""Quikopoly told as it happens.

:class:`Voice` tells each step for :class:`~landlord.views.events.Narrator`
in sentences with the rule set's currency: the tiles laid face down, the
throw and the move ("Ann throws a null and moves to Prison"), the tile
bought, the rent, hotels placed and returned, Community Chest, Prison, the
fair trades and bankruptcy. It reads the game, the decision or chance event
a step answered and the ledger records it added; nothing here decides a rule.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, cast

from landlord.engine.reasons import Reason
from landlord.engine.state import CHANCE
from landlord.money import money as _money

if TYPE_CHECKING:  # pragma: no cover - for the annotations only
    from landlord.engine.ledger import Transfer
    from landlord.engine.state import ChanceEvent, Decision
    from landlord.families.quikopoly.game import Quikopoly

__all__ = ["Voice"]

#: The payments in words, by reason: {payer}, {payee}, {money}.
_PAYMENTS: dict[str, str] = {
    Reason.STARTING_CASH: "{payee} starts with {money}",
    Reason.SALARY: "{payee} passes Go and takes {money} from the bank",
    Reason.LAND_RENT: "{payer} pays {money} rent to {payee}",
    Reason.HOUSE_RENT: "{payer} pays {money} more for the hotels to {payee}",
    Reason.BUILDINGS_SOLD: "{payee} gets {money} for the hotels returned (a coin for two)",
    Reason.JAIL_FINE: "{payer} pays {money} to leave Prison",
    Reason.TAX: "{payer} pays {money} to the bank on Community Chest",
    Reason.CARD: "{payee} takes {money} from the bank on Community Chest",
    Reason.BANKRUPTCY: "{payer} hands the last {money} to {payee}",
}
#: A payment to or from a pile, where the sentence above does not fit.
_PILE_PAYMENTS: dict[str, str] = {
    Reason.BUILDINGS_SOLD: "{money} of the hotels returned goes back to the bank",
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

    def __init__(self, game: Quikopoly) -> None:
        self.game = game
        self.money: Callable[[int], str] = lambda amount: _money(amount, game.currency)
        self._laid_told = False
        self.before()

    def before(self) -> None:
        """Note what a step may change: positions, Prison, hotels, bankruptcies, trades."""
        game = self.game
        self._mover = game.turn_player
        self._position = list(game.position)
        self._prison = list(game.in_prison)
        self._hotels = [game.tiles.hotels_held(p) for p in range(game.n_players)]
        self._bankruptcies = len(game.bankruptcies)
        self._trades = len(game.tiles.trades_made)

    def after(
        self,
        pending: Decision | ChanceEvent | None,
        choice: object,
        records: Sequence[Transfer],
        earlier: Sequence[Transfer] = (),
    ) -> list[str]:
        """The step in sentences: the decision or throw, the move, payments, Prison,
        hotels returned, trades, the end."""
        game = self.game
        names = game.names
        lines = [self._capital(self._payment(record)) for record in earlier]
        thrown = False
        if pending is not None and choice is not None:
            if getattr(pending, "player", CHANCE) == CHANCE:
                lines.append(self._chance(pending, choice))
                thrown = cast("ChanceEvent", pending).purpose == "dice"
            else:
                lines.append(self._decision(pending, choice))
        moved = self._moved()
        for player in range(game.n_players):
            returned = self._hotels[player] - game.tiles.hotels_held(player)
            if returned > 0 and game.tiles.hotels_held(player) + returned:
                lines.append(f"{names[player]} returns {_count(returned, 'hotel')}")
        told_move = not moved or (thrown and not self._prison[self._mover])
        for record in records:
            lines.append(self._capital(self._payment(record)))
            if record.reason == Reason.JAIL_FINE and not told_move:
                lines.append(moved)
                told_move = True
        if not told_move:
            lines.append(moved)
        for player, (was, now) in enumerate(zip(self._prison, game.in_prison, strict=True)):
            if now and not was:
                lines.append(f"{names[player]} is in Prison")
        for _, circle in game.tiles.trades_made[self._trades :]:
            who = ", ".join(names[p] for p in circle)
            lines.append(f"A fair trade completes a set for each of {who}")
        for _, player, creditor in game.bankruptcies[self._bankruptcies :]:
            lines.append(f"{names[player]} is bankrupt to {self._who(creditor)}")
        if game.is_over:
            lines.append(f"Game over: {game.end_reason}")
        self.before()
        return [line for line in lines if line]

    def _moved(self) -> str:
        """The mover's move this step, in words ("" if he did not move)."""
        move = self._move()
        return f"{self.game.names[self._mover]} {move}" if move else ""

    def _move(self) -> str:
        """The mover's move this step after his name ("moves to Prison"), or ""."""
        game = self.game
        mover = self._mover
        if not 0 <= mover < game.n_players or (game.bankrupt[mover] and not self._moved_to()):
            return ""
        start, where = self._position[mover], game.position[mover]
        if start == where:
            return ""
        steps = game.thrown
        reached = (start + steps) % game.size
        freed = "leaves Prison and " if self._prison[mover] else ""
        if reached == game.go_to_go and where == game.go:
            return f"{freed}lands on Go-to-Go and goes straight to Go, with no coin"
        if freed:
            return f"{freed}moves {steps} to {self._spot(where)}"
        return f"moves to {self._spot(where)}"

    def _moved_to(self) -> bool:
        return self.game.position[self._mover] != self._position[self._mover]

    def _spot(self, where: int) -> str:
        return self.game.space_names()[where]

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
        name = game.names[mover]
        if self._prison[mover]:
            said = f"{name} throws {_face(choice)} in Prison"
            return said + (": a null, so free without paying" if choice == 6 else "")
        move = self._move()
        return f"{name} throws {_face(choice)} and {move}" if move else ""

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
        return ""  # paying to leave Prison: the payment tells it

    def _payment(self, record: Any) -> str:
        reason = record.reason
        if reason in (Reason.PROPERTY_BOUGHT, Reason.BUILDING_BOUGHT):
            return ""  # told by the decision
        n = self.game.n_players
        words = _PAYMENTS.get(reason)
        if (record.payer >= n and record.payee >= n) or reason == Reason.BUILDINGS_SOLD:
            words = _PILE_PAYMENTS.get(reason, words) if record.payee >= n else words
        if words is None:
            return ""
        return words.format(
            payer=self._who(record.payer),
            payee=self._who(record.payee),
            money=self.money(record.amount),
        )

    def _capital(self, line: str) -> str:
        """A sentence begun with a capital, unless it begins with a player's name, which
        stays as the table wrote it ("cautious_tenant 3 pays ...")."""
        if any(line.startswith(name) for name in self.game.names):
            return line
        return line[:1].upper() + line[1:]

    def _who(self, account: int) -> str:
        """A player by name, a pile in words ("the bank")."""
        game = self.game
        if account < game.n_players:
            return game.names[account]
        return "the " + game.ledger.names[account].lower()


def _count(number: int, thing: str) -> str:
    return f"{number} {thing}{'s' if number != 1 else ''}"
