"""The words of Property in plain English, for the apps' glossary.

``TERMS`` holds one :class:`~landlord.views.glossary.Term` per word of the
rules text (seed 000, Sid Sackson's *Property*): what it means, the part of
the text it comes from, and whether the meaning is the text's own, a
reconstruction, or the kit's reading of it.

Examples
--------
>>> by_key = {term.key: term for term in TERMS}
>>> by_key["property-units"].origin
'reconstruction'
"""

from __future__ import annotations

from landlord.families.sackson import FAMILY
from landlord.views.glossary import Term

__all__ = ["TERMS"]

_TEXT = "seed 000 (Property)"

#: Every word of Property.
TERMS: tuple[Term, ...] = (
    Term(
        "property-grid",
        "Grid",
        "The printed square of 8 by 8 cells the players write their initials in. Its "
        "columns are marked in red from left to right, its rows in black from bottom to "
        "top.",
        f"{_TEXT}: the opening paragraphs",
        reading="The picture is missing from the text; the kit reads eight columns and "
        "eight rows from its example (the ace of hearts with the eight of clubs names the "
        "upper left cell).",
        family=FAMILY,
        sections=("play_deck",),
        aliases=("grid",),
    ),
    Term(
        "property-cell",
        "Cell",
        "One square of the grid. An empty cell is claimed by the player whose two cards "
        "name it; he writes his initials in it.",
        f"{_TEXT}: play",
        family=FAMILY,
        sections=("play_deck",),
        aliases=("cell", "claim"),
    ),
    Term(
        "property-coordinates",
        "Coordinates",
        "The two cards a player plays on his turn: a red card (hearts or diamonds) names "
        "the column, a black card (spades or clubs) the row. The ace counts as one.",
        f"{_TEXT}: play",
        family=FAMILY,
        sections=("play_deck",),
        aliases=("coordinates", "red card", "black card"),
    ),
    Term(
        "property-wild-card",
        "Wild card",
        "A nine or a ten. It may stand for any number from 1 to 8 but keeps its colour: "
        "a red nine names any column, a black ten any row.",
        f"{_TEXT}: play",
        reading="The player chooses the number as he plays; the kit offers one play for "
        "each cell and pair of suits and plays a wild card only where no card of the same "
        "suit names the cell.",
        family=FAMILY,
        sections=("play_deck",),
        aliases=("wild card", "nine or ten"),
    ),
    Term(
        "property-stock",
        "Stock and hand",
        "The cards face down on the table are the stock; a player's hand holds at least "
        "one red and one black card, and after each play he draws from the stock until it "
        "does again. When the stock runs out, the played cards are shuffled into a new "
        "one.",
        f"{_TEXT}: play",
        reading="The kit draws each card by chance from the cards left in the stock, "
        "which is the same as a shuffle; nobody sees the order.",
        family=FAMILY,
        sections=("play_deck",),
        aliases=("stock", "hand", "reshuffle"),
    ),
    Term(
        "property-units",
        "Purchase units",
        "The court cards and jokers, worth units: a king four, a queen two, a jack or a "
        "joker one, 30 in all, shared equally. They buy cells; they are not money.",
        f"{_TEXT}: the opening paragraphs",
        origin="reconstruction",
        reading="The table of how many units each player gets is missing: the kit gives "
        "15 each to two players, 10 to three, 7 to four (two one-unit cards left out), 6 "
        "to five and 5 to six, and counts units rather than matching cards.",
        family=FAMILY,
        sections=("unit_split",),
        aliases=("purchase units", "purchase unit", "units"),
    ),
    Term(
        "property-group",
        "Group",
        "A player's cells that touch side by side; cells touching only at a corner are "
        "not joined. Rent and the price of a cell are counted by the cells of its group.",
        f"{_TEXT}: rent",
        family=FAMILY,
        sections=("cell_rent",),
        aliases=("group", "contiguous"),
    ),
    Term(
        "property-rent",
        "Rent",
        "What a player pays when his cards name a rival's cell: $1 for each cell of the "
        "rival's group if a diamond and a club were played, $2 if a heart or a spade was, "
        "$4 if both a heart and a spade were.",
        f"{_TEXT}: rent, J.B.'s example",
        family=FAMILY,
        sections=("cell_rent",),
        aliases=("rent",),
    ),
    Term(
        "property-buy",
        "Buying a cell",
        "After paying rent, a player may buy the cell by giving its owner one purchase "
        "unit for each cell of the group. The owner may spend the units himself later. A "
        "mortgage stays with the cell.",
        f"{_TEXT}: purchase",
        family=FAMILY,
        sections=("cell_purchase",),
        aliases=("buy", "buys", "purchase"),
    ),
    Term(
        "property-mortgage",
        "Mortgage",
        "A player whose cards name his own cell mortgages it: an asterisk, and no money. "
        "If his cards name it again he loses it, and the cell is empty.",
        f"{_TEXT}: mortgage",
        family=FAMILY,
        sections=("own_cell",),
        aliases=("mortgage", "mortgaged", "asterisk"),
    ),
    Term(
        "property-bankruptcy",
        "Bankruptcy",
        "A player who must pay more rent than he has gives the owner all his money and is "
        "bankrupt. The first bankruptcy ends the game and the most money wins, property "
        "not counted; by agreement the game goes on to two or three bankruptcies, or "
        "counts each cell as $5.",
        f"{_TEXT}: the end",
        reading="The kit adds a round limit (400 rounds) so that a simulation always ends.",
        family=FAMILY,
        sections=("bankruptcy_end",),
        aliases=("bankrupt", "bankruptcy"),
    ),
)
