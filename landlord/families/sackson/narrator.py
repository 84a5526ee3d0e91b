"""Property told as it happens.

:class:`Voice` tells each step for :class:`~landlord.views.events.Narrator`
in sentences with the rule set's currency: the cards drawn (by whom, not
which: hands are private), the cards played and the cell they name, a claim,
rent, a purchase, a mortgage or a cell lost, the reshuffle and bankruptcy. It
reads the game, the decision or chance event a step answered and the ledger
records it added; nothing here decides a rule.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, cast

from landlord.engine.reasons import Reason
from landlord.engine.state import CHANCE
from landlord.families.sackson.cards import card_name
from landlord.money import money as _money

if TYPE_CHECKING:  # pragma: no cover - for the annotations only
    from landlord.engine.ledger import Transfer
    from landlord.engine.state import ChanceEvent, Decision
    from landlord.families.sackson.game import PropertyGame

__all__ = ["Voice"]

#: The payments in words, by reason: {payer}, {payee}, {money}.
_PAYMENTS: dict[str, str] = {
    Reason.STARTING_CASH: "{payee} takes chips worth {money}",
    Reason.LAND_RENT: "{payer} pays {money} rent to {payee}",
    Reason.BANKRUPTCY: "{payer} hands all {money} left to {payee}",
}

#: What a play did, by the game's word for it.
_DONE = {
    "claim": "{who} claims {cell}",
    "mortgage": "{who} mortgages {cell} (an asterisk, no money)",
    "lose": "{who} loses {cell}, mortgaged already: it is empty again",
    "rent": "{cell} is {owner}'s",
}


class Voice:
    """What happened in one step of a Property ``game``, in sentences.

    Examples
    --------
    >>> from landlord.session import Session
    >>> session = Session("property", ["eager_landlord"] * 2, seed=1, names=["Ann", "Bob"])
    >>> voice, lines = Voice(session.game), []
    >>> while not any("claims" in line for line in lines):
    ...     game, told = session.game, len(session.game.ledger.records)
    ...     voice.before()
    ...     pending, history = game.pending, len(game.history)
    ...     _ = session.step()
    ...     lines += voice.after(pending, game.history[history], game.ledger.records[told:])
    >>> lines[:2]
    ['Bob cuts the high card and plays first', 'Bob draws a card']
    >>> any(line.startswith("Bob plays") for line in lines)
    True
    """

    def __init__(self, game: PropertyGame) -> None:
        self.game = game
        self.money: Callable[[int], str] = lambda amount: _money(amount, game.currency)
        self.before()

    def before(self) -> None:
        """Note what a step may change: plays, purchases, bankruptcies, reshuffles."""
        game = self.game
        self._drawer = self._who_draws()
        self._plays = len(game.plays_made)
        self._bought = len(game.units.moves)
        self._bankruptcies = len(game.bankruptcies)
        self._reshuffles = game.cards.reshuffles
        self._owner = list(game.cells.owner)

    def _who_draws(self) -> int:
        """Whose hand a card drawn now goes to: the first hand lacking a colour in the
        deal, the player whose turn it is afterwards."""
        game = self.game
        if game.round == 0:
            n = game.n_players
            order = [(game.first_player + k) % n for k in range(n)]
            lacking = [p for p in order if game.cards.lacks_a_colour(p)]
            return lacking[0] if lacking else game.turn_player
        return game.turn_player

    def after(
        self,
        pending: Decision | ChanceEvent | None,
        choice: object,
        records: Sequence[Transfer],
        earlier: Sequence[Transfer] = (),
    ) -> list[str]:
        """The step in sentences: the draw or play, what it did, payments, the end."""
        game = self.game
        names = game.names
        lines = [self._payment(record) for record in earlier]
        if game.cards.reshuffles > self._reshuffles:
            lines.append("The stock is empty: the played cards are shuffled into a new stock")
        asked = False
        if pending is not None and choice is not None:
            chance = getattr(pending, "player", CHANCE) == CHANCE
            if chance and cast("ChanceEvent", pending).purpose == "cut":
                lines.append(f"{names[cast(int, choice)]} cuts the high card and plays first")
            elif chance:
                lines.append(f"{names[self._drawer]} draws a card")
            else:
                lines.append(self._decision(pending, choice))
                asked = type(choice).__name__ == "PlayCards"
        for _, player, cell, what in game.plays_made[self._plays :]:
            if not asked and game.last_play is not None:  # his hand allowed no other play
                play = game.last_play
                lines.append(
                    f"{names[player]} plays {card_name(play.red)} and {card_name(play.black)}: "
                    f"{game.cells.names[play.space]} (the only play his hand allows)"
                )
            owner = self._owner[cell]
            lines.append(
                _DONE[what].format(
                    who=names[player],
                    cell=game.cells.names[cell],
                    owner=names[owner] if owner >= 0 else "nobody",
                )
            )
        lines += [self._payment(record) for record in records]
        for move in game.units.moves[self._bought :]:
            lines.append(
                f"{names[move.buyer]} buys {game.cells.names[move.cell]} from "
                f"{names[move.seller]} for {move.units} purchase unit"
                + ("" if move.units == 1 else "s")
            )
        for _, player, creditor in game.bankruptcies[self._bankruptcies :]:
            lines.append(f"{names[player]} is bankrupt to {game.ledger.names[creditor]}")
        if game.is_over:
            lines.append(f"Game over: {game.end_reason}")
        self.before()
        return [line for line in lines if line]

    def _decision(self, pending: Any, choice: Any) -> str:
        game = self.game
        who = game.names[pending.player]
        kind = type(choice).__name__
        if kind == "PlayCards":
            return (
                f"{who} plays {card_name(choice.red)} and {card_name(choice.black)}: "
                f"{game.cells.names[choice.space]}"
            )
        if kind == "Decline":
            return f"{who} does not buy the cell"
        return ""  # a purchase is told from the units moved

    def _payment(self, record: Transfer) -> str:
        words = _PAYMENTS.get(record.reason)
        if words is None:
            return ""
        names = self.game.ledger.names
        return words.format(
            payer=names[record.payer], payee=names[record.payee], money=self.money(record.amount)
        )
