"""The Toll Road in words, for a screen reader: the players, then the twelve spaces.

:func:`board_words` is what :func:`landlord.views.board_text.board_text_html`
puts under its heading for a game of the Toll Road (the kit's own tables read
a track of title cards, which this game has not): a table of the players and
a table of the spaces round the ring from the start.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from landlord.money import money
from landlord.views.board_text import table_html

__all__ = ["board_words"]

#: What a space that is not sold does, in a few words.
_DOES = {"go": "wages to whoever passes or stops", "blank": "nothing happens"}


def board_words(game: Any, view: Any, names: Sequence[str], currency: str) -> str:
    """The players' table and the spaces' table of ``game`` now, as HTML.

    Examples
    --------
    >>> from landlord.session import Session
    >>> from toll_road import RULES
    >>> game = Session(RULES, ["eager_landlord"] * 2, seed=1).run(max_steps=40)
    >>> text = board_words(game, game.observe(0), ["Ann", "Bob"], "$")
    >>> text.count("<table"), "North Gate" in text
    (2, True)
    """
    worths = game.net_worths()
    players = []
    for player, name in enumerate(names):
        held = [game.space_name(s) for s in game.for_sale if view.owner[s] == player]
        where = (
            "out of the game"
            if view.out[player]
            else f"on {view.position[player]}. {game.space_name(view.position[player])}"
        )
        cells = [money(view.balances[player], currency), money(worths[player], currency)]
        players.append((name, [*cells, where, ", ".join(held) or "none"]))
    spaces = []
    for space in range(game.size):
        label = f"{space}. {game.space_name(space)}"
        if space not in game.for_sale:
            kind = game.rules.board.spaces[space].kind
            spaces.append((label, [_DOES.get(kind, ""), "", ""]))
            continue
        holder = view.owner[space]
        pays = (
            f"toll {money(view.toll[space], currency)}"
            if view.toll[space]
            else (f"rent {money(view.land_rent[space], currency)}")
        )
        held = names[holder] if holder >= 0 else "nobody"
        spaces.append((label, [held, money(view.price[space], currency), pays]))
    return table_html(
        "The players",
        ("Player", "Cash", "Net worth", "Where", "Lots and gates held"),
        players,
        "landlord-board-players",
    ) + table_html(
        "The twelve spaces, from the start",
        ("Space", "Held by", "Price", "Rent or toll"),
        spaces,
        "landlord-board-spaces",
    )
