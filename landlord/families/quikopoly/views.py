"""Quikopoly in words, for the apps and the command line.

What the apps ask a person at each kind of decision (:func:`question`), the
line of figures under a board in the side-by-side app (:func:`finances_html`)
and the notes under ``landlord play``'s standings (:func:`report_notes`).
They only read the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from landlord.money import money
from landlord.rules.sections import required

if TYPE_CHECKING:  # pragma: no cover - for the annotations only
    from landlord.families.quikopoly.game import Quikopoly

__all__ = ["finances_html", "question", "report_notes"]


def finances_html(game: Quikopoly) -> str:
    """Quikopoly's figures: Gini, the bank's coins, sets, hotels, trades, bankruptcies.

    Examples
    --------
    >>> from landlord.session import Session
    >>> game = Session("quikopoly", ["eager_landlord"] * 2, seed=1).run()
    >>> "coins in the bank" in finances_html(game)
    True
    """
    from landlord.metrics import gini

    tiles = game.tiles
    hotels = sum(tiles.hotels)
    return (
        f"<div><b>Quikopoly: a closed money supply</b> · Gini of net worth "
        f"{float(gini(game.net_worths())):.3f} · {game.bank_coins} coins in the bank · "
        f"{len(tiles.face_down())} tiles face down · {hotels} hotels</div>"
        f"<div>Fair trades: {len(tiles.trades_made)} · bankruptcies: "
        f"{len(game.bankruptcies)}</div>"
    )


def report_notes(game: Quikopoly) -> list[str]:
    """How net worth is counted, and the fair trades made."""
    lines = [
        "",
        "Net worth: coins in hand, one coin for each property (its price) and one for each",
        "hotel (its cost). The score is the net worth; the last player left wins.",
        f"The bank holds {game.bank_coins} coins at the end.",
    ]
    if game.tiles.trades_made:
        lines += ["", f"Fair trades made once every tile was sold: {len(game.tiles.trades_made)}."]
    return lines


def question(game: Quikopoly, seat: int) -> str:
    """What the player in ``seat`` is asked by the pending decision of Quikopoly.

    Examples
    --------
    >>> from landlord.session import Session
    >>> session = Session("quikopoly", ["human", "random"], seed=3)
    >>> _ = session.run()
    >>> question(session.game, 0).startswith(("you look at", "your turn", "you are in Prison"))
    True
    """
    kind = game.decision_kind
    about = game.decision_about
    if getattr(game.pending, "player", -1) != seat:
        return ""
    cash = money(game.cash(seat), game.currency)
    if kind == "buy":
        where = cast(int, about)  # the position of the tile offered
        price = money(game.tiles.price(where), game.currency)
        return (
            f"you look at the face-down tile: the {game.tile_name(where)}. "
            f"Buy it for {price} (you have {cash}), or leave it face down?"
        )
    if kind == "turn":
        return f"your turn: place a hotel (a coin each, you have {cash}), or throw the die?"
    if kind == "prison":
        shown = "null" if about == 6 else ("ace" if about == 1 else str(about))
        fine = money(required(game.rules.jail).fine, game.currency)
        return f"you are in Prison and threw {shown}: pay {fine} and move {about}, or stay?"
    return kind.replace("_", " ")
