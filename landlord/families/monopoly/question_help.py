"""Why each question of the later game is asked, in plain words, citing the rule.

``HELP`` holds one text per kind of decision the family's flow asks
(:mod:`.game`, :mod:`.trades`): ``help(game, seat, about, legal actions) ->
str``, handed out by ``FAMILY.question_helps`` and read by
:func:`landlord.views.explain.question_help`. The rules have headings, not
numbers, and are cited by heading ("the rules: Jail"); where the kit chose
what the text leaves open, the sentence says "the kit's reading".

Examples
--------
>>> from landlord.session import Session
>>> session = Session("monopoly_us", ["random", "random"], seed=1)
>>> while session.game.decision_kind != "buy":
...     _ = session.step()
>>> game = session.game
>>> print(HELP["buy"](game, 0, game.decision_about, game.legal_actions()))  # doctest: +ELLIPSIS
Nobody owns ... Buy it from the Bank for $..., and you collect rent from everyone ...
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from landlord.views.explain import action_kinds as _kinds
from landlord.views.explain import cash as _cash
from landlord.views.explain import space_name as _space

__all__ = ["HELP"]


def _turn(game: Any, seat: int, about: Any, offered: Sequence[Any]) -> str:
    kinds = _kinds(offered)
    parts = ["Before each throw you may do business (the kit's reading); then throw."]
    if kinds & {"Build", "BuildHotel"}:
        parts.append(
            "Build: you hold a whole colour group, so you may buy houses, evenly, and after "
            "four a hotel; they raise the rent a lot (the rules: Houses, Hotels)."
        )
    if "LiftMortgage" in kinds:
        parts.append(
            f"Lift a mortgage: repay the loan plus {game.rules.mortgage.interest_percent}%, "
            "and the property earns rent again (the rules: Mortgages)."
        )
    if "Negotiate" in kinds:
        parts.append(
            "Trade: offer one player a swap of properties, cards and cash (the rules: "
            "Selling property)."
        )
    return " ".join(parts)


def _jail(game: Any, seat: int, about: Any, offered: Sequence[Any]) -> str:
    kinds = _kinds(offered)
    again = ", then throw again" if getattr(game.rules.jail, "doubles_throw_again", False) else ""
    parts = [
        f"You are in Jail (the rules: Jail). Throw doubles to get out and move by them{again}."
    ]
    if "PayFine" in kinds:
        parts.append(f"Or pay the {_cash(game, game.jail_fine)} fine first, then throw and move.")
    if "UseJailCard" in kinds:
        parts.append("Or use your Get Out of Jail Free card.")
    parts.append(
        "After a third throw without doubles you must pay the fine and move. In Jail you "
        "still collect rent, build and trade."
    )
    return " ".join(parts)


def _buy(game: Any, seat: int, space: int, offered: Sequence[Any]) -> str:
    price = _cash(game, game.tables.price[space])
    words = (
        f"Nobody owns {_space(game, space)}. Buy it from the Bank for {price}, and you "
        "collect rent from everyone who lands here; a whole colour group doubles the rent "
        "and lets you build."
    )
    if game.rules.purchase.mode == "fixed_price":
        return words + " Or leave it with the Bank (the fixed-price rules of 1930)."
    return words + (
        " Or let the Bank auction it at once: anyone, you too, may bid, from any price "
        "(the rules: Landing on unowned property)."
    )


def _bid(game: Any, seat: int, sale: Any, offered: Sequence[Any]) -> str:
    if sale.space < 0:
        return (
            "The Bank has fewer buildings than players who want one, so this one is "
            "auctioned (the rules: Building shortage). The highest bid buys it; bid more, "
            "or drop out."
        )
    return (
        f"The Bank auctions {_space(game, sale.space)} (the rules: Landing on unowned "
        "property). The highest bid buys it, even below the printed price. Bid more, or "
        "drop out for good. Bids go round the table (the kit's reading)."
    )


def _place(game: Any, seat: int, about: Any, offered: Sequence[Any]) -> str:
    return (
        "You won a building at auction: choose where it goes. Build evenly across the "
        "group (the rules: Houses)."
    )


def _income_tax(game: Any, seat: int, space: int, offered: Sequence[Any]) -> str:
    flat, share = offered[0], offered[1]
    return (
        f"Income Tax (the rules: Landing on tax spaces): pay {_cash(game, flat.amount)}, or "
        f"{share.amount}% of everything you own: cash, properties at their printed prices "
        "and buildings at cost. You must choose before you count."
    )


def _card(game: Any, seat: int, text: str, offered: Sequence[Any]) -> str:
    return (
        "The card lets you choose (the rules: Chance and Community Chest): pay the fine, "
        "or take a Chance card instead, which may be better or worse."
    )


def _rent(game: Any, seat: int, about: Any, offered: Sequence[Any]) -> str:
    space, rent = about
    return (
        f"{game.names[game.turn_player]} landed on your {_space(game, space)}. In the "
        "1972 rules an owner must ask for the rent before the next throw, or it is lost "
        f"(the rules: Landing on owned property). Ask, and you get {_cash(game, rent)}."
    )


def _trade(game: Any, seat: int, need: Any, offered: Sequence[Any]) -> str:
    words = (
        "Propose a trade to one player: properties of groups without buildings, Get Out "
        "of Jail Free cards and cash, either way (the rules: Selling property). They "
        "accept or refuse. Players may not lend each other money."
    )
    if need:
        words = f"You must raise {_cash(game, need)}: a trade that brings in cash helps. " + words
    return words


def _offer(game: Any, seat: int, proposal: Any, offered: Sequence[Any]) -> str:
    return (
        f"{game.names[proposal.proposer]} proposes a trade (the rules: Selling property). "
        "Accept, and it happens at once; a mortgaged property you get costs you 10% "
        "interest now, or you lift it. Refuse, and nothing changes. Ask yourself: does it "
        "give them a whole colour group?"
    )


def _mortgaged(game: Any, seat: int, space: int, offered: Sequence[Any]) -> str:
    percent = game.rules.mortgage.interest_percent
    return (
        f"You received {_space(game, space)} mortgaged (the rules: Mortgages). Lift it now: "
        f"repay the loan plus {percent}%, and it earns rent again. Or keep it mortgaged: pay "
        f"the {percent}% now, and lifting it later costs the loan plus another {percent}%."
    )


def _raise(game: Any, seat: int, owed: int, offered: Sequence[Any]) -> str:
    return (
        f"You owe {_cash(game, owed)} and hold {_cash(game, game.cash(seat))} (the rules: "
        "Bankruptcy). Sell buildings back to the Bank at half price, mortgage a property "
        "(the Bank lends half its price) or trade. If all that cannot cover it, you are "
        "bankrupt: everything you have goes to whoever you owe, and you leave the game."
    )


#: The help texts by the kind of decision: ``help(game, seat, about, legal actions) -> str``.
HELP: dict[str, Callable[..., str]] = {
    "turn": _turn,
    "jail": _jail,
    "buy": _buy,
    "bid": _bid,
    "place": _place,
    "income_tax": _income_tax,
    "card": _card,
    "rent": _rent,
    "trade": _trade,
    "offer": _offer,
    "mortgaged": _mortgaged,
    "raise": _raise,
}
