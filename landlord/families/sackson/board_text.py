"""The Property grid in words, for a screen reader.

:func:`board_words` writes the grid as an HTML table: a caption, the columns
1 to 8 (named by a red card) as column headers and the rows 8 down to 1
(named by a black card) as row headers, as the printed grid stands; each
cell says who holds it ("Ann"), "Ann*" if mortgaged, or "empty". Above it, a
table of the players (money, net worth, cells, purchase units, how many cards
each holds, never which: the board in words is read by everyone at the table);
under it, the stock and the played cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING

from landlord.money import money
from landlord.views.board_text import table_html

if TYPE_CHECKING:  # pragma: no cover - for the annotations only
    from landlord.families.sackson.game import PropertyGame
    from landlord.families.sackson.view import View

__all__ = ["board_words"]


def board_words(game: PropertyGame, view: View, names: Sequence[str], currency: str = "$") -> str:
    """The grid, the purchase units and the cards in words, as HTML.

    Parameters
    ----------
    game : PropertyGame
    view : View
        What every player sees (the money; no hand is named).
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
    (74, True, True)
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
    worths = game.net_worths()
    players = []
    for p, name in enumerate(names):
        held = [cell for cell in range(cells.size) if cells.owner[cell] == p]
        pledged = sum(1 for cell in held if cells.mortgaged[cell])
        holds = f"{len(held)}" + (f" ({pledged} mortgaged)" if pledged else "")
        state = " (bankrupt)" if game.bankrupt[p] else ""
        players.append(
            (
                name + state,
                [
                    money(view.balances[p], currency),
                    money(worths[p], currency),
                    holds,
                    str(game.units.held[p]),
                    str(len(game.cards.hands[p])),
                ],
            )
        )
    heads = ("Player", "Money", "Net worth", "Cells held", "Purchase units", "Cards in hand")
    rows.insert(0, table_html("The players", heads, players, "landlord-board-players"))
    played = len(game.cards.discards)
    rows.append(
        f"<p>The stock has {len(game.cards.stock)} cards face down; {played} played "
        f"card{'s' if played != 1 else ''} lie face up. Each hand is seen by its holder only.</p>"
    )
    return "\n".join(rows)
