"""Why each question of Property is asked, in plain words, citing the rules text.

``HELP`` holds one text per kind of decision the flow (:mod:`.game`) asks:
``help(game, seat, about, legal actions) -> str``. The text (seed 000) has no
numbered rules; the sentences quote it. Where the kit chose what the text
leaves open, the sentence says "the kit's reading".

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

from landlord.families.sackson.cards import card_name
from landlord.money import money

__all__ = ["HELP"]


def _play(game: Any, seat: int, about: Any, offered: Sequence[Any]) -> str:
    hand = ", ".join(card_name(card) for card in sorted(game.cards.hands[seat]))
    cells = game.cells
    empty = sum(1 for play in offered if cells.owner[play.space] < 0)
    rival = sum(1 for play in offered if cells.owner[play.space] not in (-1, seat))
    own = len(offered) - empty - rival
    cash = money(game.cash(seat), game.currency)
    return (
        f"Play a red card and a black card from your hand: {hand}. The red card names the "
        "column (counted from the left), the black card the row (from the bottom); a nine "
        "or ten stands for any number from 1 to 8 in its colour. An empty cell is yours; "
        "on a rival's cell you pay rent, $1 a cell of his group for a diamond and a club, "
        "doubled if a heart or a spade is played, doubled again for both; on your own cell "
        "you mortgage it (no money), and on your own mortgaged cell you lose it. A rent "
        f"greater than your money ({cash}) bankrupts you. Of your {len(offered)} plays, "
        f"{empty} name an empty cell, {rival} a rival's and {own} your own. The kit lists "
        "one play for each cell and pair of suits, using a wild card only where no card "
        "of that suit names the cell (the kit's reading)."
    )


def _buy(game: Any, seat: int, about: Any, offered: Sequence[Any]) -> str:
    cells = game.cells
    owner = game.names[cells.owner[about]]
    price = cells.price(about)
    size = cells.group_size(about)
    mortgage = ""
    if cells.mortgaged[about]:
        mortgage = " It is mortgaged, and the mortgage stays with it."
    return (
        f"You paid rent on {cells.names[about]}. You may buy it by giving {owner} one "
        f"purchase unit for each cell of the group: {price} for {size} cell"
        f"{'s' if size != 1 else ''} (you hold {game.units.held[seat]}); the suits you "
        "played change the rent, not the units. The units go to "
        f"{owner}, who may spend them on purchases of his own.{mortgage} Buying breaks "
        "the group and gives you the cell; units are not money."
    )


#: The help for each kind of decision.
HELP: dict[str, Callable[..., str]] = {"play": _play, "buy": _buy}
