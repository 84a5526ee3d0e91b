"""Property in words, for the apps and the command line.

What the apps ask a person at each kind of decision (:func:`question`), the
line of figures under a board in the side-by-side app (:func:`finances_html`)
and the notes under ``landlord play``'s standings (:func:`report_notes`).
They only read the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from landlord.families.sackson.cards import card_name
from landlord.money import money
from landlord.rules.sections import required

if TYPE_CHECKING:  # pragma: no cover - for the annotations only
    from landlord.families.sackson.game import PropertyGame

__all__ = ["finances_html", "question", "report_notes"]


def finances_html(game: PropertyGame) -> str:
    """Property's figures: Gini of money, cells held, mortgages, units, bankruptcies.

    Examples
    --------
    >>> from landlord.session import Session
    >>> game = Session("property", ["eager_landlord"] * 2, seed=1).run()
    >>> "cells held" in finances_html(game)
    True
    """
    from landlord.metrics import gini

    cells = game.cells
    held = sum(1 for holder in cells.owner if holder >= 0)
    marked = sum(cells.mortgaged)
    cash = [game.cash(p) for p in range(game.n_players)]
    return (
        f"<div><b>Property: money only moves between players</b> · Gini of money "
        f"{float(gini(cash)):.3f} · {held} cells held, {marked} mortgaged · "
        f"{len(game.cards.stock)} cards in the stock</div>"
        f"<div>Cells bought with units: {len(game.units.moves)} · bankruptcies: "
        f"{len(game.bankruptcies)}</div>"
    )


def report_notes(game: PropertyGame) -> list[str]:
    """What the score counts, the purchases made and where the money came from."""
    end = required(game.rules.bankruptcy_end)
    worth = money(end.cell_worth, game.currency)
    if end.cells_count:
        score = f"The score is money and {worth} a cell (the players agreed to count property)."
    else:
        score = "The score is money alone: property is not counted (the text's rule)."
    lines = [
        "",
        score,
        f"Land value and net worth count each cell at {worth}, the text's figure for",
        "counting property; purchase units are not money and count for nothing.",
    ]
    if game.units.moves:
        lines.append(f"Cells bought with purchase units: {len(game.units.moves)}.")
    return lines


def question(game: PropertyGame, seat: int) -> str:
    """What the player in ``seat`` is asked by the pending decision of Property.

    Examples
    --------
    >>> from landlord.session import Session
    >>> session = Session("property", ["human", "random"], seed=3)
    >>> _ = session.run()
    >>> question(session.game, 0).startswith("your turn: play a red and a black card")
    True
    """
    kind = game.decision_kind
    about = game.decision_about
    if getattr(game.pending, "player", -1) != seat:
        return ""
    if kind == "play":
        hand = ", ".join(card_name(card) for card in sorted(game.cards.hands[seat]))
        return (
            f"your turn: play a red and a black card from your hand ({hand}) to name a "
            "cell: claim it if empty, pay rent if a rival's, mortgage it if yours"
        )
    if kind == "buy":
        cell = cast(int, about)  # the cell he paid rent on
        owner = game.names[game.cells.owner[cell]]
        price = game.cells.price(cell)
        return (
            f"you paid rent to {owner}: buy {game.cells.names[cell]} for {price} purchase "
            f"units (you hold {game.units.held[seat]}), or not?"
        )
    return kind.replace("_", " ")
