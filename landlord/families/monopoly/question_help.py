"""Why each question of the later game is asked, in plain words, citing the rule.

``HELP`` holds one text per kind of decision the family's flow asks
(:mod:`.game`, :mod:`.trades`): ``help(game, seat, about, legal actions) ->
str``, handed out by ``FAMILY.question_helps`` and read by
:func:`landlord.views.explain.question_help`. The rules have headings, not
numbers, and are cited by heading ("the rules: Jail"); where the kit chose
what the text leaves open, the sentence says "the kit's reading". Each
function below picks its sentences from ``texts/question_help.toml`` and
fills them in.

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

from landlord.families.monopoly import FAMILY
from landlord.views.explain import action_kinds as _kinds
from landlord.views.explain import cash as _cash
from landlord.views.explain import space_name as _space
from landlord.views.texts import family_texts

__all__ = ["HELP"]

#: The sentences of each help, by the kind of decision (``texts/question_help.toml``).
_SAY = family_texts(FAMILY, "question_help").named("help")


def _turn(game: Any, seat: int, about: Any, offered: Sequence[Any]) -> str:
    say, kinds = _SAY["turn"], _kinds(offered)
    parts = [say()]
    if kinds & {"Build", "BuildHotel"}:
        parts.append(say("build"))
    if "LiftMortgage" in kinds:
        parts.append(say("lift", percent=game.rules.mortgage.interest_percent))
    if "Negotiate" in kinds:
        parts.append(say("trade"))
    return " ".join(parts)


def _jail(game: Any, seat: int, about: Any, offered: Sequence[Any]) -> str:
    say, kinds = _SAY["jail"], _kinds(offered)
    again = getattr(game.rules.jail, "doubles_throw_again", False)
    parts = [say(again=say("again") if again else "")]
    if "PayFine" in kinds:
        parts.append(say("fine", fine=_cash(game, game.jail_fine)))
    if "UseJailCard" in kinds:
        parts.append(say("card"))
    parts.append(say("after"))
    return " ".join(parts)


def _buy(game: Any, seat: int, space: int, offered: Sequence[Any]) -> str:
    say = _SAY["buy"]
    words = say(space=_space(game, space), price=_cash(game, game.tables.price[space]))
    return words + say("fixed_price" if game.rules.purchase.mode == "fixed_price" else "auction")


def _bid(game: Any, seat: int, sale: Any, offered: Sequence[Any]) -> str:
    say = _SAY["bid"]
    return say("shortage") if sale.space < 0 else say(space=_space(game, sale.space))


def _place(game: Any, seat: int, about: Any, offered: Sequence[Any]) -> str:
    return _SAY["place"]()


def _income_tax(game: Any, seat: int, space: int, offered: Sequence[Any]) -> str:
    flat, share = offered[0], offered[1]
    return _SAY["income_tax"](flat=_cash(game, flat.amount), share=share.amount)


def _card(game: Any, seat: int, text: str, offered: Sequence[Any]) -> str:
    return _SAY["card"]()


def _rent(game: Any, seat: int, about: Any, offered: Sequence[Any]) -> str:
    space, rent = about
    return _SAY["rent"](
        lander=game.names[game.turn_player], space=_space(game, space), rent=_cash(game, rent)
    )


def _trade(game: Any, seat: int, need: Any, offered: Sequence[Any]) -> str:
    say = _SAY["trade"]
    return (say("need", need=_cash(game, need)) if need else "") + say()


def _offer(game: Any, seat: int, proposal: Any, offered: Sequence[Any]) -> str:
    return _SAY["offer"](proposer=game.names[proposal.proposer])


def _mortgaged(game: Any, seat: int, space: int, offered: Sequence[Any]) -> str:
    percent = game.rules.mortgage.interest_percent
    return _SAY["mortgaged"](space=_space(game, space), percent=percent)


def _raise(game: Any, seat: int, owed: int, offered: Sequence[Any]) -> str:
    return _SAY["raise"](owed=_cash(game, owed), cash=_cash(game, game.cash(seat)))


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
