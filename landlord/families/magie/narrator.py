"""Magie's games told as they happen: the throws, cards, decisions and payments.

:class:`Voice` is what :class:`landlord.views.events.Narrator` hands a step
of a Landlord's Game to: it says who threw what, what a Chance card or a
Speculation throw showed, what a player decided (the action in the board's
words) and every payment the step caused, saying which paid a debt late (a
bill paid late keeps its own reason, so the reason alone does not say so).
It only reads the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from landlord.engine.actions import Roll
from landlord.engine.reasons import Reason
from landlord.engine.state import CHANCE
from landlord.views.events import payment

if TYPE_CHECKING:  # pragma: no cover - for the annotations only
    from landlord.engine.ledger import Transfer
    from landlord.engine.state import ChanceEvent, Decision
    from landlord.families.magie.game import LandlordsGame

__all__ = ["Voice"]

#: Reasons that already say a debt is being repaid (a loan's).
_REPAYING = frozenset({Reason.DEBT_REPAID, Reason.DEBT_REPAID_FROM_WAGES})


class Voice:
    """The steps of a Magie ``game`` in sentences, for a
    :class:`~landlord.views.events.Narrator`."""

    def __init__(self, game: LandlordsGame) -> None:
        self.game = game
        self._turn_player = 0
        self._places: list[str] = []
        self._owed: dict[int, tuple[int, int, int]] = {}

    def before(self) -> None:
        """Note whose turn it is, where everyone is and what is owed, before a step."""
        self._turn_player = self.game.turn_player
        self._places = [self._place(player) for player in range(self.game.n_players)]
        debts = self.game.dealings.debts
        self._owed = {k: (d.debtor, d.creditor, d.owed) for k, d in debts.items()}

    def _repaid(self) -> dict[tuple[int, int], int]:
        """What the step paid of the debts owed before it, by (debtor, creditor)."""
        if not self._owed:
            return {}
        debts = self.game.dealings.debts
        repaid: dict[tuple[int, int], int] = {}
        for k, (debtor, creditor, owed) in self._owed.items():
            now = debts[k].owed if k in debts else 0
            if now < owed:
                repaid[debtor, creditor] = repaid.get((debtor, creditor), 0) + owed - now
        return repaid

    def _payments(self, records: Sequence[Transfer]) -> list[str]:
        """Each payment in words; one that pays a debt late says so."""
        names = self.game.ledger.names
        repaid = self._repaid()
        lines = []
        for r in records:
            line = payment(names[r.payer], names[r.payee], r.amount, r.reason)
            left = repaid.get((r.payer, r.payee), 0)
            if left >= r.amount:
                repaid[r.payer, r.payee] = left - r.amount
                if Reason.of(r.reason) not in _REPAYING:
                    line += " (paid late: it was owed as a debt)"
            lines.append(line)
        return lines

    def _place(self, player: int) -> str:
        """Jail, the Poor House, a Natural Opportunity, or "" (the track)."""
        game = self.game
        if game.position[player] >= game.tables.size:
            return "opportunity"
        if game.jailed[player]:
            return "jail"
        if game.in_poor_house[player]:
            return "poor_house"
        return ""

    def _sent(self) -> list[str]:
        """Who the step sent to Jail, the Poor House or a Natural Opportunity, with the rule."""
        game = self.game
        lines = []
        for player, was in enumerate(self._places):
            now = self._place(player)
            if now == was or not now:
                continue
            name = game.names[player]
            if now == "jail":
                lines.append(f"{name} goes to Jail")
            elif now == "poor_house":
                lines.append(f"{name} cannot pay and goes to the Poor House (Rule 12)")
            else:
                corner = game.tables.track.name(game.position[player])
                lines.append(
                    f"{name} cannot pay for his move and works a Natural Opportunity, "
                    f"{corner} (Single Tax Rule 8)"
                )
        return lines

    def after(
        self,
        pending: Decision | ChanceEvent | None,
        choice: object,
        records: Sequence[Transfer],
        earlier: Sequence[Transfer] = (),
    ) -> list[str]:
        """The step (``pending`` answered by ``choice``; ``None`` if nothing was chosen)
        in words, then the payments made before it (``earlier``) and by it (``records``)."""
        lines = []
        if pending is not None and choice is not None:
            line = self._step(pending, choice)
            if line:
                lines.append(line)
        lines += self._payments((*earlier, *records))
        if self._places:
            lines += self._sent()
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
