"""The words of the later game in plain English, for the apps' glossary.

``TERMS`` holds one :class:`~landlord.views.glossary.Term` per word of the
classic rules (US, UK 1972): what it means, the rule's heading it comes from,
and whether the meaning is the source's own or the kit's reading of it.
``FAMILY.glossary_terms()`` hands them to :mod:`landlord.views.glossary`,
which adds the kit's own measures. "Monopoly" is a trademark of Hasbro: it
names the historical rules here, nothing else.

Examples
--------
>>> by_key = {term.key: term for term in TERMS}
>>> by_key["later-jail"].rules
'the rules: Jail, Visiting Jail'
"""

from __future__ import annotations

from landlord.families.monopoly import FAMILY
from landlord.views.glossary import Term

__all__ = ["TERMS"]

#: Every word of the later game.
TERMS: tuple[Term, ...] = (
    Term(
        "go",
        "Go and salary",
        "The start corner. Each time your token lands on or passes Go, by the dice or by "
        "a card, the Bank pays you a $200 salary (£200 on the London board). Magie "
        "called it wages.",
        "the rules: To start the game",
        family=FAMILY,
        aliases=("salary",),
        pattern=r"(?:(?<=\bto )|(?<=\bpass )|(?<=\bpasses )|(?<=\bpassed )|(?<=\bat )|"
        r"(?<=\bon ))Go\b(?! [Tt]o\b| back\b| directly\b)",
    ),
    Term(
        "property",
        "Property and title deed",
        "A space you can own: a street (a 'site' on the London board), a railroad (a "
        "station) or a utility. Its title deed card shows its price and its rents.",
        "the rules: Landing on unowned property",
        family=FAMILY,
        sections=("purchase",),
        aliases=("title deed", "Title Deed", "property"),
    ),
    Term(
        "auction",
        "Auction",
        "If the player who lands on a property nobody owns will not buy it at its printed "
        "price, the Bank sells it at once to the highest bidder. Anyone may bid, that player "
        "too, starting at any price.",
        "the rules: Landing on unowned property",
        reading="Bids go round the table from the lander's left, each raising the last "
        "by $10, $50 or $100 (£10, £50 or £100 on the London board); if nobody bids, the "
        "Bank keeps it.",
        family=FAMILY,
        sections=("purchase",),
        aliases=("auction", "auctions", "bidding"),
    ),
    Term(
        "colour-group",
        "Colour group (a monopoly)",
        "The streets of one colour. Hold them all and you have a monopoly of that "
        "group: their rent doubles while they have no houses, and only then may you "
        "build houses on them.",
        "the rules: Advantages for owners, Houses",
        reading="One mortgaged street in the group stops the double rent (the 1972 text "
        "says so; the US sources read are silent).",
        family=FAMILY,
        sections=("buildings",),
        aliases=("colour group", "colour-group", "complete group", "whole group"),
    ),
    Term(
        "houses-hotels",
        "Houses and hotels",
        "On a complete colour group you may buy houses from the Bank, building evenly, "
        "up to four a street; then a hotel, for the four houses and one more house's "
        "price. Each raises the rent a lot. The Bank has only 32 houses and 12 hotels; "
        "if players want more than it has, they are auctioned. It buys them back at "
        "half price.",
        "the rules: Houses, Hotels, Building shortage",
        family=FAMILY,
        sections=("buildings",),
        aliases=("house", "hotel", "building"),
    ),
    Term(
        "later-rent",
        "Rent",
        "What you pay the owner when you land on their property: the sum on its title "
        "deed, much more with houses, double on a bare street of a complete colour "
        "group, nothing while it is mortgaged.",
        "the rules: Landing on owned property",
        reading="In the 1972 London rules rent is lost if the owner does not ask before "
        "the next throw; here that is an option, off unless chosen.",
        family=FAMILY,
        sections=("rent",),
        aliases=("rent",),
    ),
    Term(
        "later-railroad",
        "Railroad (station)",
        "Four railroads (stations on the London board). The rent is $25, $50, $100 or "
        "$200 as the owner holds 1, 2, 3 or 4 of them; mortgaged ones do not count.",
        "the rules: the title deeds",
        family=FAMILY,
        sections=("railroad", "purchase"),
        aliases=("railroad", "station"),
    ),
    Term(
        "utility",
        "Utility",
        "Electric Company and Water Works. The rent is 4 times the dice, or 10 times if "
        "the owner holds both.",
        "the rules: the title deeds",
        family=FAMILY,
        sections=("utility",),
        aliases=("utility", "utilities"),
    ),
    Term(
        "mortgage",
        "Mortgage",
        "Borrowing from the Bank on a property: it lends you half the printed price. A "
        "mortgaged property earns no rent. To lift the mortgage you repay the loan plus "
        "10% interest. Players may not lend to each other.",
        "the rules: Mortgages; Miscellaneous",
        reading="Whoever receives a mortgaged property chooses at once: lift it, or pay "
        "the 10% now and lift it later for the loan plus another 10%.",
        family=FAMILY,
        sections=("mortgage",),
        aliases=("mortgage", "mortgaged"),
    ),
    Term(
        "later-jail",
        "Jail",
        "You go to Jail by landing on Go To Jail, by a card, or by throwing doubles three "
        "times in a row, with no salary on the way. To get out: throw doubles on one of "
        "your next three turns, use a Get Out of Jail Free card, or pay the $50 fine "
        "(£50) before throwing on one of your next two turns. After a third failed throw "
        "you pay and move. Landing on the Jail corner in the ordinary way is 'just "
        "visiting'.",
        "the rules: Jail, Visiting Jail",
        family=FAMILY,
        sections=("jail", "doubles"),
        aliases=("Go To Jail", "Jail", "Just Visiting", "Get Out of Jail Free"),
    ),
    Term(
        "doubles",
        "Doubles",
        "Both dice showing the same number. You move, then throw again; the third "
        "doubles in a row sends you straight to Jail.",
        "the rules: To start the game",
        family=FAMILY,
        sections=("doubles",),
        aliases=("doubles",),
    ),
    Term(
        "free-parking",
        "Free Parking",
        "A corner where nothing happens: no reward, no penalty. The popular house rule "
        "that piles tax money there is not in the rules, and the kit does not play it.",
        "the rules: Landing on Free Parking",
        family=FAMILY,
        aliases=("Free Parking",),
    ),
    Term(
        "income-tax",
        "Income Tax",
        "In the classic US rules: pay $200, or 10% of everything you own (cash, printed "
        "prices, buildings at cost), choosing before you count. On the London board: a "
        "flat £200.",
        "the rules: Landing on tax spaces",
        family=FAMILY,
        sections=("taxes",),
        aliases=("Income Tax",),
    ),
    Term(
        "luxury-tax",
        "Luxury Tax and Super Tax",
        "A tax space near the end of the board: Luxury Tax, $75 in the classic US rules "
        "($100 in modern sets); Super Tax, £100, on the London board. It is paid to the "
        "Bank.",
        "the rules: Landing on tax spaces",
        family=FAMILY,
        sections=("taxes",),
        aliases=("Luxury Tax", "Super Tax"),
    ),
    Term(
        "chance-community-chest",
        "Chance and Community Chest",
        "Two packs of cards. Take the top card, do what it says, and put it at the "
        "bottom. A Get Out of Jail Free card you keep until you use it, or sell it.",
        "the rules: Landing on Chance or Community Chest",
        family=FAMILY,
        sections=("cards",),
        aliases=("Community Chest", "Chance"),
    ),
    Term(
        "trade",
        "Trade",
        "On your turn you may offer another player a trade: properties, Get Out of Jail "
        "Free cards and cash, either way. They accept or refuse. No street may be sold "
        "while its group has buildings.",
        "the rules: Selling property",
        reading="One trade offer a turn, to one player.",
        family=FAMILY,
        sections=("purchase",),
        aliases=("trade", "trading"),
    ),
    Term(
        "bankruptcy",
        "Bankruptcy",
        "If you owe more than you can raise by selling buildings back, mortgaging and "
        "trading, you are bankrupt: everything you have goes to whoever you owe, and you "
        "leave the game. The last player left wins.",
        "the rules: Bankruptcy",
        family=FAMILY,
        sections=("purchase",),
        aliases=("bankrupt", "bankruptcy"),
    ),
    Term(
        "the-bank",
        "The Bank",
        "Holds the money, the title deeds, the houses and hotels nobody has bought yet. "
        "It pays salaries, sells and auctions property, lends on mortgages and never "
        "goes broke.",
        "the rules: The Bank",
        family=FAMILY,
        aliases=("the Bank",),
    ),
    Term(
        "short-game",
        "The short game",
        "A shorter game: two title deeds are dealt to each player, who pays for them, "
        "and the game stops at an agreed time. The richest then wins: cash, property at "
        "its price (half if mortgaged), buildings at cost.",
        "the rules: Rules for playing the short game",
        family=FAMILY,
        sections=("short_game",),
        aliases=("short game",),
    ),
)
