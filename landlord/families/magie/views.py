"""Magie's games in words, for the apps and the command line.

What the apps ask a person at each kind of decision (:func:`question`), the
line of public figures under a board in the side-by-side app
(:func:`public_finances`, :func:`finances_html`), and the notes under
``landlord play``'s standings (:func:`report_notes`). They only read the
game.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, TypedDict

from landlord.engine.reasons import Reason
from landlord.money import money

if TYPE_CHECKING:  # pragma: no cover - for the annotations only
    from landlord.families.magie.game import LandlordsGame

__all__ = [
    "QUESTIONS",
    "PublicFinances",
    "finances_html",
    "public_finances",
    "question",
    "report_notes",
]


class PublicFinances(TypedDict):
    """The public side of a game now (:func:`public_finances`)."""

    round: int
    #: What the PUBLIC TREASURY holds, what it has spent, and what it may spend (Rule 6's
    #: land rents and fines not yet spent).
    treasury: int
    treasury_spent: int
    treasury_fund: int
    wages: int
    single_tax: bool
    #: Each public work bought, "round N: what".
    public_works: list[str]
    #: The Gini coefficient of the players' net worths.
    gini: float


#: What a person is asked, by the kind of decision.
QUESTIONS = {
    "turn": "your turn: throw the dice, or first negotiate a deal with another player",
    "move": "which way do you move?",
    "sale": "buy it?",
    "bid": "bid for it?",
    "buy_dealt": "buy the card you were dealt?",
    "luxury": "buy a luxury?",
    "jail": "how do you leave Jail?",
    "talks": "make a deal with another player?",
    "vote": "vote for the single tax?",
    "offer": "an offer is made to you",
    "trust": "join the trust?",
    "build_site": "build on this site?",
    "site_bid": "bid for the site?",
    "site": "match the highest bid for your site?",
}


def question(game: LandlordsGame, seat: int) -> str:
    """What the player at ``seat`` is asked now, naming the space it is about.

    Examples
    --------
    >>> from landlord.session import Session
    >>> session = Session("landlords_game", ["human", "eager_landlord"], seed=3)
    >>> game = session.run()
    >>> question(game, 0)
    'buy the card you were dealt?'
    """
    kind = game.decision_kind
    if kind == "talks" and game.dealings.raising:
        return _short_of_money(game, seat)
    space = getattr(game.decision_about, "space", None)
    what = f" ({game.tables.name[space]})" if isinstance(space, int) else ""
    return f"{QUESTIONS.get(kind, kind)}{what}"


def _short_of_money(game: LandlordsGame, seat: int) -> str:
    """What a player who cannot pay is asked: what he owes, to whom, and what follows.

    Rules 12 and 16 (or, under the single tax, Rule 8): he may sell a card or
    borrow from another player; if he cannot raise the money he pays what he
    has and goes to the Poor House (or a Natural Opportunity).
    """
    from landlord.engine.reasons import Reason
    from landlord.money import money

    currency = game.rules.info.currency
    names = game.ledger.names
    owed = [
        f"{money(amount, currency)} "
        f"{(known.paid_for if (known := Reason.of(reason)) else reason)} to {names[payee]}"
        for payee, amount, reason in game.dealings.raising
    ]
    total = sum(amount for _, amount, _ in game.dealings.raising)
    cash = game.ledger.balances[seat]
    if game.treasury.single_tax:
        otherwise = "or you go to a Natural Opportunity (Single Tax Rule 8)"
    else:
        otherwise = "or you pay what you have and go to the Poor House, owing the rest (Rule 12)"
    return (
        f"you owe {' and '.join(owed)} but hold {money(cash, currency)}: raise "
        f"{money(total - cash, currency)} by selling a card or borrowing from another player "
        f"(Rule 16), {otherwise}"
    )


def public_finances(game: LandlordsGame) -> PublicFinances:
    """What the public side of a game looks like now: Treasury, wages, public works.

    Examples
    --------
    >>> from landlord.session import Session
    >>> game = Session("single_tax", ["single_taxer"] * 3, seed=2).run()
    >>> " ".join(sorted(public_finances(game)))
    'gini public_works round single_tax treasury treasury_fund treasury_spent wages'
    """
    from landlord.metrics import gini

    treasury = game.treasury.account
    spent = 0
    if treasury >= 0:
        spent = sum(r.amount for r in game.ledger.records if r.payer == treasury)
    return {
        "round": game.round,
        "treasury": game.ledger.balances[treasury] if treasury >= 0 else 0,
        "treasury_spent": spent,
        # What it may spend: Rule 6's "land rents and fines" not yet spent.
        "treasury_fund": game.treasury.fund,
        "wages": game.wages,
        "single_tax": bool(game.treasury.single_tax),
        "public_works": [f"round {r}: {what}" for r, what in game.treasury.public_works],
        "gini": float(gini(game.net_worths())),
    }


def finances_html(game: LandlordsGame) -> str:
    """The line of public figures under a board: the single tax or not, Gini, wages,
    the Treasury, and the latest public works."""
    figures = public_finances(game)
    works = figures["public_works"][-4:]
    listed = "".join(f"<li>{html.escape(work)}</li>" for work in works) or "<li>none yet</li>"
    tax = "the single tax" if figures["single_tax"] else "private land rent"
    held = figures["treasury"] - figures["treasury_fund"]
    kept = ""
    if figures["single_tax"] and held:
        kept = f" ({money(held)} of it card prices and taxes, kept unspent by Rule 6)"
    return (
        f"<div><b>{tax}</b> · Gini of net worth {figures['gini']:.3f} · "
        f"wages {money(figures['wages'])} · PUBLIC TREASURY {money(figures['treasury'])}"
        f"{kept} (spent so far {money(figures['treasury_spent'])})</div>"
        f"<div>Public works:</div><ul style='margin:0'>{listed}</ul>"
    )


def report_notes(game: LandlordsGame) -> list[str]:
    """Who was the Monarch; what the standings' score counts; whether everyone won; the
    single tax's works."""
    lines = []
    if game.monarch >= 0:
        wages = "drawing no wages" if game.wageless == game.monarch else "drawing wages"
        lines += [
            "",
            f"{game.names[game.monarch]} was the Monarch of the World: given all the land at "
            f"the start, {wages}.",
        ]
    if game.everyone_wins:
        lines += ["", "Everyone wins (the Prosperity test was met)."]
    lines += [
        "",
        "Score: the rule set's own. Debts: what a player owes less what he is owed; they count",
        "in both the score and the net worth.",
    ]
    return lines + _public_works(game)


def _public_works(game: LandlordsGame) -> list[str]:
    """What the Treasury bought under the single tax (or the dial), and the wages now."""
    if game.treasury.single_tax_since < 0 and not game.treasury.public_works:
        return []
    lines = [""]
    if game.treasury.single_tax_since >= 0:
        since = game.treasury.single_tax_since
        when = "from the start" if since == 0 else f"in round {since}"
        lines.append(f"The single tax was in force {when}.")
    works = [
        (round_, what)
        for round_, what in game.treasury.public_works
        if what != "the single tax begins"
    ]
    raises = [work for work in works if work[1].startswith("wages raised")]
    for round_, what in works:
        if not what.startswith("wages raised"):
            lines.append(f"  round {round_:>3}: {what}")
    if raises:
        lines.append(
            f"  wages raised {len(raises)} times, from round {raises[0][0]}: "
            f"now {money(game.wages)}"
        )
    dividends = sum(t.amount for t in game.ledger.records if t.reason == Reason.CITIZENS_DIVIDEND)
    if dividends:
        lines.append(f"  citizen's dividend paid: {money(dividends)} in all")
    return lines
