"""The Toll Road in words, for the apps and ``landlord play``.

What a person is asked (:func:`question`), the line of figures under a board
in the side-by-side app (:func:`finances_html`) and the notes under the
standings (:func:`report_notes`). They only read the game.
"""

from __future__ import annotations

from html import escape
from typing import Any

from landlord.money import money

__all__ = ["finances_html", "question", "report_notes"]


def question(game: Any, seat: int) -> str:
    """What the player in ``seat`` is asked now ("" if nothing).

    Examples
    --------
    >>> from landlord.session import Session
    >>> from toll_road import RULES
    >>> session = Session(RULES, ["human", "random"], seed=3)
    >>> _ = session.run()
    >>> question(session.game, 0).startswith("buy ")
    True
    """
    if getattr(game.pending, "player", -1) != seat or game.decision_kind != "buy":
        return ""
    where = game.decision_about
    price = money(game.price[where], game.currency)
    cash = money(game.cash(seat), game.currency)
    if game.toll[where]:
        earns = f"a toll of {money(game.toll[where], game.currency)} from everyone who passes"
    else:
        earns = f"land rent of {money(game.land_rent[where], game.currency)} a stop"
    return (
        f"buy {game.space_name(where)} for {price} (it earns {earns}; you have {cash}), "
        "or leave it unsold?"
    )


def finances_html(game: Any) -> str:
    """The Toll Road's figures: Gini of net worth, lots held, tolls paid, players out."""
    from landlord.metrics import gini

    held = sum(1 for space in game.for_sale if game.owner[space] >= 0)
    tolls = money(game.tolls_paid(), game.currency)
    return (
        f"<div><b>{escape(game.rules.info.title)}</b> · Gini of net worth "
        f"{float(gini(game.net_worths())):.3f} · {held} of {len(game.for_sale)} lots and "
        f"gates held · tolls paid {tolls} · {len(game.bankruptcies)} out</div>"
    )


def report_notes(game: Any) -> list[str]:
    """How net worth is counted, and what the gates took."""
    return [
        "",
        "Net worth: cash, and every lot and gate at its printed price; the score is the",
        "net worth. A gate's holder is paid its toll by everyone who passes it.",
        f"Tolls paid in the game: {money(game.tolls_paid(), game.currency)}.",
    ]
