"""The words of Quikopoly in plain English, for the apps' glossary.

``TERMS`` holds one :class:`~landlord.views.glossary.Term` per word of the
rules text (seed 001): what it means, the part of the text it comes from, and
whether the meaning is the text's own or the kit's reading of it.

Examples
--------
>>> by_key = {term.key: term for term in TERMS}
>>> by_key["quik-prison"].rules
'seed 001: Play'
"""

from __future__ import annotations

from landlord.families.quikopoly import FAMILY
from landlord.views.glossary import Term

__all__ = ["TERMS"]

#: Every word of Quikopoly.
TERMS: tuple[Term, ...] = (
    Term(
        "quik-tile",
        "Property tile",
        "One of the 16 piecepack tiles (ace to 4 of each colour) laid face down between the "
        "corners. Landing on one, you look at it and may buy it for one coin; it is then "
        "turned face up, its number facing you.",
        "seed 001: Setup, Play",
        reading="The kit lays them at random each game from the seeded chance stream.",
        family=FAMILY,
        sections=("tile_purchase",),
        aliases=("face-down tile", "property tile"),
    ),
    Term(
        "quik-set",
        "Set",
        "The ace and two of a colour form a set, and so do its three and four: eight sets. "
        "Rent is one coin for a tile whose owner holds it alone, two for a tile of a "
        "complete set.",
        "seed 001: Play",
        family=FAMILY,
        sections=("property_rent",),
        aliases=("complete set",),
    ),
    Term(
        "quik-hotel",
        "Hotel",
        "One of your coins placed on a tile of a complete set; the tiles of a set never "
        "differ by more than one hotel. Each hotel adds a coin to the tile's rent. Short of "
        "money, you return hotels: one coin for every two.",
        "seed 001: Play",
        reading="Hotels are placed before your throw; returned hotels come from the tiles "
        "with most, and the second coin of each pair goes to the bank.",
        family=FAMILY,
        sections=("hotels",),
        aliases=("hotel",),
    ),
    Term(
        "quik-prison",
        "Prison",
        "The blue null corner. Landing there, you stay until a later throw shows a null, or "
        "pay one coin and move your throw; the third throw must be paid for.",
        "seed 001: Play",
        family=FAMILY,
        sections=("jail",),
        aliases=("Prison",),
    ),
    Term(
        "quik-go-to-go",
        "Go-to-Go",
        "The black null corner: landing there sends you straight to Go, with no coin.",
        "seed 001: Play",
        family=FAMILY,
        aliases=("Go-to-Go",),
    ),
    Term(
        "quik-community-chest",
        "Community Chest (Quikopoly)",
        "The yellow null corner: landing there on an even throw (a null counts six) you pay "
        "the bank a coin; on an odd throw you take one from the bank.",
        "seed 001: Play",
        family=FAMILY,
        sections=("community_chest_tile",),
        aliases=("Community Chest",),
    ),
    Term(
        "quik-fair-trade",
        "Fair trade",
        "Once no tile is face down, every swap that completes sets must be made at once: two "
        "players holding halves of two sets swap, and three or four players may pass sets "
        "round a circle.",
        "seed 001: Play",
        reading="Shortest circles first; where a player could complete several sets, the "
        "lowest-numbered is taken.",
        family=FAMILY,
        sections=("fair_trades",),
        aliases=("fair trade",),
    ),
    Term(
        "quik-null",
        "Null",
        "The blank face of a piecepack die or tile, with no number on it. A die's null "
        "counts six when you move; in Prison a null throw sets you free; the four null "
        "tiles are the corners.",
        "seed 001: Setup, Movement, Prison",
        family=FAMILY,
        pattern=r"\bnulls?\b",
    ),
    Term(
        "quik-coin",
        "Coin (¤)",
        "Quikopoly's money: piecepack coins, one unit each except a player's null coin, "
        "worth five. The kit writes a sum of coins with the sign ¤ (¤3: three coins).",
        "seed 001: Setup",
        reading="The sign ¤ is the kit's, for a sum of coins; the text counts in coins.",
        family=FAMILY,
        pattern=r"¤",
    ),
    Term(
        "quik-bank",
        "The bank's coins",
        "The bank starts with the coins left over (four with four players) and pays only "
        "what it holds: when it is empty, Go pays nothing.",
        "seed 001: Setup, Play",
        reading="With two or three players the unused colours' coins are the bank's too.",
        family=FAMILY,
        sections=("bank",),
        aliases=("bank's coins",),
    ),
)
