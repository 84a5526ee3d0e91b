"""Why each question of Quikopoly is asked, in plain words, citing the rules text.

``HELP`` holds one text per kind of decision the flow (:mod:`.game`) asks:
``help(game, seat, about, legal actions) -> str``. The text (seed 001) has two
headings, Setup and Play; where the kit chose what the text leaves open, the
sentence says "the kit's reading". The sentences are data, in
``texts/question_help.toml`` beside this module.

Examples
--------
>>> from landlord.session import Session
>>> session = Session("quikopoly", ["random", "random"], seed=1)
>>> while session.game.decision_kind != "buy":
...     _ = session.step()
>>> game = session.game
>>> print(HELP["buy"](game, game.pending.player, game.decision_about, game.legal_actions()))
... # doctest: +ELLIPSIS
You landed on a face-down tile and look at it: ...
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from landlord.families.quikopoly import FAMILY
from landlord.money import money
from landlord.views.texts import family_texts

__all__ = ["HELP"]

#: The sentences of each help, by the kind of decision (``texts/question_help.toml``).
_SAY = family_texts(FAMILY, "question_help").named("help")


def _turn(game: Any, seat: int, about: Any, offered: Sequence[Any]) -> str:
    return _SAY["turn"]()


def _buy(game: Any, seat: int, about: Any, offered: Sequence[Any]) -> str:
    say = _SAY["buy"]
    partner = game.tiles.owner[game.tiles.partner(about)]
    if partner == seat:
        held = say("yours")
    elif partner >= 0:
        held = say("theirs", partner=game.names[partner])
    else:
        held = say("face_down")
    price = money(game.tiles.price(about), game.currency)
    return say(tile=game.tile_name(about), price=price, held=held)


def _prison(game: Any, seat: int, about: Any, offered: Sequence[Any]) -> str:
    return _SAY["prison"](fine=money(game.rules.jail.fine, game.currency))


#: The help for each kind of decision.
HELP: dict[str, Callable[..., str]] = {"turn": _turn, "buy": _buy, "prison": _prison}
