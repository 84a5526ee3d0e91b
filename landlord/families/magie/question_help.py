"""Why each question of Magie's games is asked, in plain words, citing the rule.

``HELP`` holds one text per kind of decision the family's flow asks
(:mod:`.game`, :mod:`.spaces`, :mod:`.dealings`, :mod:`.treasury`): ``help(game,
seat, about, legal actions) -> str``, handed out by ``FAMILY.question_helps``
and read by :func:`landlord.views.explain.question_help`. The 1906 rules are
cited by their numbers ("Rule 7", "Single Tax Rule 8"); where the kit chose
what the text leaves open, the sentence says "the kit's reading". The
sentences are data, in ``texts/question_help.toml`` beside this module; the
functions here choose between them and fill them in from the game.

Examples
--------
>>> from landlord.table import GameTable
>>> table = GameTable("landlords_game", ["human", "eager_landlord"], seed=3)
>>> print(HELP["buy_dealt"](table.game, 0, table.game.decision_about, []))  # doctest: +ELLIPSIS
Rule 1: ... was dealt to you. Buy it for $..., paid into the Public Treasury, ...
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from landlord.families.magie import FAMILY
from landlord.views.explain import action_kinds as _kinds
from landlord.views.explain import cash as _cash
from landlord.views.explain import space_name as _space
from landlord.views.texts import family_texts

__all__ = ["HELP"]

#: The sentences of each help, by the kind of decision (``texts/question_help.toml``).
_SAY = family_texts(FAMILY, "question_help").named("help")


def _single_tax(game: Any) -> bool:
    treasury = getattr(game, "treasury", None)
    return bool(treasury is not None and treasury.single_tax)


def _turn(game: Any, seat: int, about: Any, offered: Sequence[Any]) -> str:
    say, rules, kinds = _SAY["turn"], game.rules, _kinds(offered)
    parts = [say()]
    if "Negotiate" in kinds:
        parts.append(say("negotiate"))
    if "Build" in kinds:
        houses = rules.houses
        words = say("build", cost=_cash(game, houses.cost), each=_cash(game, houses.rent_each))
        if _single_tax(game):
            words += say("build_single_tax")
        parts.append(words)
    if "ClaimSite" in kinds:
        parts.append(say("claim_site"))
    if "Repay" in kinds:
        parts.append(say("repay"))
    if "FormTrust" in kinds:
        parts.append(say("trust", fare=_cash(game, rules.railroad.trust_fare)))
    if "CallVote" in kinds:
        parts.append(say("vote", needed=rules.single_tax.votes_needed))
    return " ".join(parts)


def _move(game: Any, seat: int, throw: Any, offered: Sequence[Any]) -> str:
    say, parts = _SAY["move"], []
    moves = [action for action in offered if type(action).__name__ == "Move"]
    ways = {move.direction: _space(game, move.to) for move in moves if not move.railroad_pass}
    if "backward" in ways:
        forward = ways.get("forward", say("ahead"))
        parts.append(say("either_way", forward=forward, backward=ways["backward"]))
    passes = [move for move in moves if move.railroad_pass]
    if passes:
        parts.append(say("pass", to=_space(game, passes[0].to)))
    if "StayPut" in _kinds(offered):
        parts.append(say("stay"))
    return " ".join(parts) or say()


def _for_sale(game: Any, space: int) -> dict[str, str]:
    """What holding a card earns, and the rule that sells it: ``earns`` and ``rule``."""
    kind = game.tables.kind[space]
    which = kind if kind in ("speculation", "lot") else "other"
    say = _SAY["sale"]
    return {"earns": say(f"earns_{which}"), "rule": say(f"rule_{which}")}


def _unsold_rent(game: Any, space: int) -> int:
    return sum(amount for _, amount, _ in game.spaces.rent_due(space))


def _sale(game: Any, seat: int, sale: Any, offered: Sequence[Any]) -> str:
    say = _SAY["sale"]
    price = _cash(game, sale.price)
    speculation = game.tables.kind[sale.space] == "speculation"
    if sale.bidder >= 0:
        bidder = game.names[sale.bidder]
        otherwise = say("bid_otherwise", bidder=bidder, price=price)
        if not speculation:
            otherwise += say("bid_rent", bidder=bidder)
        where = say("bid_where", bidder=bidder)
    else:
        where = say("printed_where")
        if speculation:
            otherwise = say("unheld")
        else:
            otherwise = say("unsold", rent=_cash(game, _unsold_rent(game, sale.space)))
    return say(
        space=_space(game, sale.space),
        where=where,
        price=price,
        otherwise=otherwise,
        **_for_sale(game, sale.space),
    )


def _bid(game: Any, seat: int, sale: Any, offered: Sequence[Any]) -> str:
    return _SAY["bid"](
        lander=game.names[sale.lander],
        space=_space(game, sale.space),
        price=_cash(game, sale.price),
        **_for_sale(game, sale.space),
    )


def _buy_dealt(game: Any, seat: int, space: int, offered: Sequence[Any]) -> str:
    return _SAY["buy_dealt"](
        space=_space(game, space),
        price=_cash(game, game.tables.price[space]),
        earns=_for_sale(game, space)["earns"],
    )


def _luxury(game: Any, seat: int, space: int, offered: Sequence[Any]) -> str:
    return _SAY["luxury"](fee=_cash(game, game.rules.luxury.fee))


def _jail(game: Any, seat: int, about: Any, offered: Sequence[Any]) -> str:
    say, kinds = _SAY["jail"], _kinds(offered)
    parts = [say()]
    if "PayFine" in kinds:
        parts.append(say("fine", fine=_cash(game, game.jail_fine)))
    parts.append(say("double", turns=game.rules.jail.max_turns))
    if "UseJailCard" in kinds:
        parts.append(say("card"))
    return " ".join(parts)


def _talks(game: Any, seat: int, need: Any, offered: Sequence[Any]) -> str:
    say = _SAY["talks"]
    if game.dealings.raising:
        otherwise = say("opportunity" if _single_tax(game) else "poor_house")
        return say("raising", otherwise=otherwise)
    return say()


def _vote(game: Any, seat: int, proposal: Any, offered: Sequence[Any]) -> str:
    rules = game.rules
    return _SAY["vote"](
        caller=game.names[proposal.proposer],
        needed=rules.single_tax.votes_needed,
        step=_cash(game, rules.treasury_spending.step),
        rise=_cash(game, rules.treasury_spending.wage_rise),
    )


#: The part of the offer's help for each kind of offer.
_OFFERS = {
    "OfferCard": "card",
    "AskForCard": "ask_card",
    "OfferLuxury": "luxury",
    "AskLoan": "loan",
}


def _offer(game: Any, seat: int, proposal: Any, offered: Sequence[Any]) -> str:
    say, action = _SAY["offer"], proposal.action
    who = game.names[proposal.proposer]
    part = _OFFERS.get(type(action).__name__, "")
    if not part:
        return say(who=who)
    if part != "loan":
        space = _space(game, action.space) if hasattr(action, "space") else ""
        return say(part, who=who, space=space, price=_cash(game, action.price))
    if action.collateral is None:
        pledge = say("on_wages")
    else:
        pledge = say("on_card", space=_space(game, action.collateral))
    return say(
        "loan",
        who=who,
        amount=_cash(game, action.amount),
        owed=_cash(game, action.amount * (100 + action.interest) // 100),
        interest=action.interest,
        pledge=pledge,
    )


def _trust(game: Any, seat: int, proposal: Any, offered: Sequence[Any]) -> str:
    return _SAY["trust"](
        proposer=game.names[proposal.proposer], fare=_cash(game, game.rules.railroad.trust_fare)
    )


def _build_site(game: Any, seat: int, space: int, offered: Sequence[Any]) -> str:
    houses = game.rules.houses
    return _SAY["build_site"](
        space=_space(game, space),
        cost=_cash(game, houses.cost),
        each=_cash(game, houses.rent_each),
    )


def _site_bid(game: Any, seat: int, sale: Any, offered: Sequence[Any]) -> str:
    return _SAY["site_bid"](claimant=game.names[sale.lander], space=_space(game, sale.space))


def _site(game: Any, seat: int, sale: Any, offered: Sequence[Any]) -> str:
    return _SAY["site"](
        bidder=game.names[sale.bidder],
        price=_cash(game, sale.price),
        space=_space(game, sale.space),
    )


#: The help texts by the kind of decision: ``help(game, seat, about, legal actions) -> str``.
HELP: dict[str, Callable[..., str]] = {
    "turn": _turn,
    "move": _move,
    "sale": _sale,
    "bid": _bid,
    "buy_dealt": _buy_dealt,
    "luxury": _luxury,
    "jail": _jail,
    "talks": _talks,
    "vote": _vote,
    "offer": _offer,
    "trust": _trust,
    "build_site": _build_site,
    "site_bid": _site_bid,
    "site": _site,
}
