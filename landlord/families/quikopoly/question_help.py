"""Why each question of Quikopoly is asked, in plain words, citing the rules text.

``HELP`` holds one text per kind of decision the flow (:mod:`.game`) asks:
``help(game, seat, about, legal actions) -> str``. The text (seed 001) has two
headings, Setup and Play; where the kit chose what the text leaves open, the
sentence says "the kit's reading".

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

from landlord.money import money

__all__ = ["HELP"]


def _turn(game: Any, seat: int, about: Any, offered: Sequence[Any]) -> str:
    return (
        "You hold a complete set, so you may place hotels on it: one of your coins each, "
        "spread so the two tiles differ by at most one; each hotel adds a coin to the tile's "
        "rent (the rules: Play). Placing them before your throw is the kit's reading. "
        "Then throw the die."
    )


def _buy(game: Any, seat: int, about: Any, offered: Sequence[Any]) -> str:
    price = money(game.tiles.price(about), game.currency)
    partner = game.tiles.owner[game.tiles.partner(about)]
    if partner == seat:
        held = "You hold the other tile of its set: buying it completes the set (rent two)."
    elif partner >= 0:
        held = (
            f"{game.names[partner]} holds the other tile of its set: buying it stops "
            "them completing it."
        )
    else:
        held = "The other tile of its set is still face down."
    return (
        f"You landed on a face-down tile and look at it: the {game.tile_name(about)}. Buy it "
        f"for {price}, paid to the bank, and it faces you; others landing on it pay you rent. "
        f"{held} If you leave it, it stays face down (the rules: Play)."
    )


def _prison(game: Any, seat: int, about: Any, offered: Sequence[Any]) -> str:
    fine = money(game.rules.jail.fine, game.currency)
    return (
        f"You are in Prison and your throw was not a null. Pay {fine} and move your throw, "
        "or stay and throw again next turn; on your third throw you must pay and move "
        "(the rules: Play). A null frees you without paying."
    )


#: The help for each kind of decision.
HELP: dict[str, Callable[..., str]] = {"turn": _turn, "buy": _buy, "prison": _prison}
