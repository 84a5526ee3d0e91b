"""The Property grid in words, for a screen reader.

:func:`board_words` writes the grid as an HTML table: a caption, the columns
1 to 8 (named by a red card) as column headers and the rows 8 down to 1
(named by a black card) as row headers, as the printed grid stands; each
cell says who holds it ("Ann"), "Ann*" if mortgaged, or "empty". Under it, a
line on the purchase units each player holds and one on the cards: how many
each player holds (not which), the stock and the played cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from landlord.families.sackson.cards import card_name
from landlord.money import money

__all__ = ["board_words"]


def board_words(game: Any, view: Any, names: Sequence[str], currency: str = "$") -> str:
    """The grid, the purchase units and the cards in words, as HTML.

    Parameters
    ----------
    game : PropertyGame
    view : View or None
        The view of the person reading (his own hand is named); ``None``: nobody's.
    names : sequence of str
        The players' names.
    currency : str

    Examples
    --------
    >>> from landlord.session import Session
    >>> game = Session("property", ["eager_landlord"] * 2, seed=1,
    ...                names=["Ann", "Bob"]).run(max_steps=30)
    >>> text = board_words(game, game.observe(0), ["Ann", "Bob"])
    >>> text.count("<td>"), "<caption>" in text, 'scope="col"' in text
    (64, True, True)
    """
    cells = game.cells
    side = cells.columns
    rows = [
        '<table class="property-grid">',
        "<caption>The Property grid: columns 1 to 8 from the left (a red card names "
        "one), rows 1 to 8 from the bottom (a black card names one); an asterisk marks "
        "a mortgaged cell</caption>",
        '<tr><td class="corner"></td>'
        + "".join(f'<th scope="col">column {column}</th>' for column in range(1, side + 1))
        + "</tr>",
    ]
    for row in range(side, 0, -1):
        line = [f'<tr><th scope="row">row {row}</th>']
        for column in range(1, side + 1):
            cell = cells.cell(column, row)
            holder = cells.owner[cell]
            if holder < 0:
                said = "empty"
            else:
                said = names[holder] + ("*" if cells.mortgaged[cell] else "")
            line.append(f"<td>{escape(said)}</td>")
        rows.append("".join(line) + "</tr>")
    rows.append("</table>")
    held = ", ".join(
        f"{escape(names[p])} {game.units.held[p]} ({money(game.cash(p), currency)})"
        for p in range(game.n_players)
    )
    rows.append(f"<p>Purchase units (and money): {held}.</p>")
    hands = ", ".join(
        f"{escape(names[p])} {len(game.cards.hands[p])}" for p in range(game.n_players)
    )
    own = ""
    if view is not None:
        mine = ", ".join(card_name(card) for card in view.hand) or "none"
        own = f" Your hand: {escape(mine)}."
    played = len(game.cards.discards)
    rows.append(
        f"<p>Cards held: {hands}.{own} The stock has {len(game.cards.stock)} cards face "
        f"down; {played} played card{'s' if played != 1 else ''} lie face up.</p>"
    )
    return "\n".join(rows)
