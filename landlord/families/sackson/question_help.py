"""Why each question of Property is asked, in plain words, citing the rules text.

``HELP`` holds one text per kind of decision the flow (:mod:`.game`) asks:
``help(game, seat, about, legal actions) -> str``. The text (seed 000) has no
numbered rules; the sentences quote it. Where the kit chose what the text
leaves open, the sentence says "the kit's reading". The sentences are data,
in ``texts/question_help.toml`` beside this module.

Examples
--------
>>> from landlord.session import Session
>>> session = Session("property", ["random", "random"], seed=1)
>>> while session.game.decision_kind != "play":
...     _ = session.step()
>>> game = session.game
>>> print(HELP["play"](game, game.pending.player, game.decision_about, game.legal_actions()))
... # doctest: +ELLIPSIS
Play a red card and a black card from your hand: ...
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from landlord.families.sackson import FAMILY
from landlord.families.sackson.cards import card_name
from landlord.money import money
from landlord.views.texts import family_texts

__all__ = ["HELP"]

#: The sentences of each help, by the kind of decision (``texts/question_help.toml``).
_SAY = family_texts(FAMILY, "question_help").named("help")


def _play(game: Any, seat: int, about: Any, offered: Sequence[Any]) -> str:
    owner = game.cells.owner
    empty = sum(1 for play in offered if owner[play.space] < 0)
    rival = sum(1 for play in offered if owner[play.space] not in (-1, seat))
    return _SAY["play"](
        hand=", ".join(card_name(card) for card in sorted(game.cards.hands[seat])),
        cash=money(game.cash(seat), game.currency),
        plays=len(offered),
        empty=empty,
        rival=rival,
        own=len(offered) - empty - rival,
    )


def _buy(game: Any, seat: int, about: Any, offered: Sequence[Any]) -> str:
    say, cells = _SAY["buy"], game.cells
    size = cells.group_size(about)
    return say(
        cell=cells.names[about],
        owner=game.names[cells.owner[about]],
        price=cells.price(about),
        size=size,
        plural=say("plural") if size != 1 else "",
        units=game.units.held[seat],
        mortgage=say("mortgage") if cells.mortgaged[about] else "",
    )


#: The help for each kind of decision.
HELP: dict[str, Callable[..., str]] = {"play": _play, "buy": _buy}
