"""The later game in words, for the apps and the command line.

What the apps ask a person at each kind of decision (:func:`question`), the
line of figures under a board in the side-by-side app (:func:`finances_html`)
and the notes under ``landlord play``'s standings (:func:`report_notes`).
They only read the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from landlord.money import money
from landlord.rules.sections import required

if TYPE_CHECKING:  # pragma: no cover - for the annotations only
    from landlord.families.monopoly.game import Monopoly

__all__ = ["finances_html", "question", "report_notes"]

#: What a person is asked, by the decision's kind; {money} and {space} are filled in.
_QUESTIONS = {
    "place": "where does the building you won go?",
    "income_tax": "Income Tax: pay the flat sum or a share of your total worth "
    "(chosen before counting)?",
    "mortgaged": "you received {space} mortgaged: lift the mortgage now, or pay the interest "
    "and keep it mortgaged?",
}


def finances_html(game: Monopoly) -> str:
    """The later game's figures: Gini, salary, the bank's buildings, trades and bankruptcies.

    Examples
    --------
    >>> from landlord.session import Session
    >>> game = Session("monopoly_uk_1972", ["eager_landlord"] * 2, seed=1).run()
    >>> "no public treasury" in finances_html(game), "£200" in finances_html(game)
    (True, True)
    """
    from landlord.metrics import gini

    accepted, proposed = game.trades.accepted(), len(game.trades.proposed)
    estates = game.estates
    out = [
        f"<div><b>the later game: no public treasury</b> · Gini of net worth "
        f"{float(gini(game.net_worths())):.3f} · salary {money(game.wages, game.currency)} · "
        f"the Bank has {estates.bank_houses} houses and {estates.bank_hotels} hotels left</div>",
        f"<div>Trades: {accepted} accepted of {proposed} proposed · bankruptcies: "
        f"{len(game.bankruptcies)}</div>",
    ]
    return "".join(out)


def report_notes(game: Monopoly) -> list[str]:
    """How the net worth is valued, and how many trades were made."""
    lines = [
        "",
        "Net worth as the short game values it: cash, property at its printed price",
        "(mortgaged at half), houses at cost and a hotel at the cost of five houses.",
    ]
    trades = [trade for trade in game.trades.proposed if trade[3]]
    if trades:
        lines += ["", f"Trades made: {len(trades)} (of {len(game.trades.proposed)} proposed)."]
    return lines


def question(game: Monopoly, seat: int) -> str:
    """What the player in ``seat`` is asked by the later game's pending decision.

    Examples
    --------
    >>> from landlord.table import GameTable
    >>> table = GameTable("monopoly_uk_1972", ["human", "random"], seed=3, names=["Ann", "Bob"])
    >>> while table.waiting_for is None:
    ...     _ = table.play_turn()
    >>> question(table.game, 0)
    'buy Euston Road for \u00a3100, or let the Bank auction it?'
    """
    t = game.tables
    kind = game.decision_kind
    about: Any = game.decision_about  # of the kind the decision's kind says (a space, a sale)

    def priced(amount: int) -> str:
        return money(amount, game.currency)

    if kind in ("turn", "jail"):
        offered = {type(action).__name__ for action in game.legal_actions()}
        if kind == "jail":
            ways = ["try for doubles"]
            if "PayFine" in offered:
                ways.append(f"pay the {priced(game.jail_fine)} fine")
            if "UseJailCard" in offered:
                ways.append("use a Get Out of Jail Free card")
            return f"you are in Jail: {_either(ways)}?"
        first = [
            words
            for name, words in (
                ("Build", "build"),
                ("BuildHotel", "build a hotel"),
                ("LiftMortgage", "lift a mortgage"),
                ("Negotiate", "trade"),
            )
            if name in offered
        ]
        if not first:
            return "your turn: throw the dice"
        return f"your turn: {_either(first)} first, or throw the dice"
    if kind == "buy":
        auctioned = required(game.rules.purchase).mode != "fixed_price"
        other = "or let the Bank auction it" if auctioned else "or leave it"
        return f"buy {t.name[about]} for {priced(t.price[about])}, {other}?"
    if kind == "bid":
        lot = t.name[about.space] if about.space >= 0 else "a building from the short bank"
        if about.bidder >= 0:
            high = f"the highest bid is {priced(about.price)} by {game.names[about.bidder]}"
        else:
            high = "nobody has bid yet"
        return f"the auction of {lot}: {high}. Bid, or drop out?"
    if kind == "card":
        return f"the card says: {about}. Pay, or take a Chance?"
    if kind == "rent":
        space, rent = about
        lander = game.names[game.turn_player]
        return f"{lander} stopped on your {t.name[space]}: ask for the {priced(rent)} rent?"
    if kind == "trade":
        need = f"you must raise {priced(about)}; " if about else ""
        return f"{need}propose a trade (a plain offer below), or end the talks?"
    if kind == "offer":
        offer = game.describe(about.action).removeprefix(f"offer {game.names[seat]} ")
        return f"{game.names[about.proposer]} offers you {offer}. Accept?"
    if kind == "raise":
        cash = game.cash(seat)
        return (
            f"you owe {priced(about)} and have {priced(cash)}: sell buildings, mortgage or "
            "trade to raise it, or go bankrupt"
        )
    words = _QUESTIONS.get(kind, kind.replace("_", " "))
    space = about if isinstance(about, int) and 0 <= about < t.size else -1
    return words.format(space=t.name[space] if space >= 0 else "")


def _either(ways: list[str]) -> str:
    """``ways`` as a choice in words: "a", "a or b", "a, b or c"."""
    return ways[0] if len(ways) == 1 else f"{', '.join(ways[:-1])} or {ways[-1]}"
