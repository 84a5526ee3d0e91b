"""The words of Magie's games in plain English, for the apps' glossary.

``TERMS`` holds one :class:`~landlord.views.glossary.Term` per word of the
Landlord's Game, its single tax and Prosperity: what it means, the 1906 rule
it comes from, and whether the meaning is the source's own or the kit's
reading of it. ``FAMILY.glossary_terms()`` hands them to
:mod:`landlord.views.glossary`, which adds the kit's own measures.

Examples
--------
>>> by_key = {term.key: term for term in TERMS}
>>> by_key["speculation"].rules, by_key["speculation"].family is FAMILY
('Rule 8', True)
"""

from __future__ import annotations

from landlord.families.magie import FAMILY
from landlord.views.glossary import Term

__all__ = ["TERMS"]

#: Every word of Magie's games: the board and the money, then the single tax.
TERMS: tuple[Term, ...] = (
    # --- Magie's games: the board and the money ------------------------------------------
    Term(
        "lot",
        "Lot",
        "A piece of land: one of the green spaces. Its green card, the Title Deed, says "
        "who holds it. Everyone else who stops there pays the holder its land rent.",
        "Rules 1 and 7",
        family=FAMILY,
        aliases=("lot", "Title Deed", "title deed"),
    ),
    Term(
        "land-rent",
        "Land rent",
        "Rent for the land itself, not for what is built on it. Each lot has its own, "
        "from $0 (Wayback) to $22. In the landlord's game it goes to whoever holds the "
        "lot's card; under the single tax it goes to the Public Treasury.",
        "Rule 7; Single Tax Rule 2",
        family=FAMILY,
        sections=("land_rent",),
        aliases=("land rent",),
    ),
    Term(
        "house",
        "House (improvement)",
        "A house costs $100, paid into MISCELLANEOUS, and adds $10 to the lot's rent: "
        "that $10 is the house rent. You build on your own turn, on any lot you hold; "
        "there is no limit but in the advanced rules (three a lot).",
        "Rule 14",
        reading="Houses are built before the throw, and stay with the lot if its card "
        "changes hands.",
        family=FAMILY,
        sections=("houses",),
        aliases=("house rent", "house", "improvement"),
    ),
    Term(
        "wages",
        "Wages",
        "Pay for your work: $100 from MISCELLANEOUS each time you reach or pass Mother "
        "Earth. Under the single tax the Treasury can raise them, $10 at a time.",
        "Rule 3; Single Tax Rule 6",
        family=FAMILY,
        sections=("wages",),
        aliases=("wages",),
    ),
    Term(
        "mother-earth",
        "Mother Earth",
        "The corner where everyone starts. Reaching or passing it pays your wages.",
        "Rules 2 and 3",
        family=FAMILY,
        aliases=("Mother Earth",),
    ),
    Term(
        "miscellaneous",
        "MISCELLANEOUS",
        "The game's bank: every dollar no player or Treasury holds. It pays the starting "
        "money, the wages and Speculation winnings, and takes the price of houses and "
        "luxuries. The rules set no limit on it, so the kit shows what it has paid out "
        "as a minus figure: with 4 players it hands out 4 x $400 at the start, so it "
        "begins at -$1,600 (3 players: -$1,500; 2 players: -$1,200).",
        "Rules 3, 8, 13 and 14",
        reading="The minus figure is the kit's bookkeeping: every dollar comes from "
        "somewhere, so the players, MISCELLANEOUS and the Treasury always add up to zero.",
        family=FAMILY,
        sections=("accounts",),
        aliases=("MISCELLANEOUS", "Miscellaneous"),
    ),
    Term(
        "public-treasury",
        "Public Treasury",
        "The public's money. Taxes, fines and the price of cards bought from the pack "
        "go in, and so does the rent of a lot nobody bought. Under the single tax all "
        "land rent goes in, and the Treasury spends it on things for everyone.",
        "Rules 1, 4, 6 and 7; Single Tax Rules 2 and 6",
        family=FAMILY,
        sections=("accounts",),
        aliases=("PUBLIC TREASURY", "Public Treasury", "Treasury"),
    ),
    Term(
        "necessities",
        "Absolute Necessities",
        "Food, Fuel, Shelter and Clothing: the blue spaces, things nobody can live "
        "without. Stopping on one costs a $10 tax, paid into the Public Treasury (more in "
        "the advanced rules once many houses stand). Under the single tax they are free.",
        "Rule 4; Single Tax Rule 1",
        family=FAMILY,
        sections=("necessity_tax",),
        aliases=("Absolute Necessity", "Absolute Necessities", "necessity tax", "Necessities"),
    ),
    Term(
        "magie-jail",
        "Jail",
        "Trespassers go to Jail. To get out: pay a $50 fine into the Public Treasury, or "
        "throw a double ('serving your time'). You may miss three turns at most. Your "
        "next move counts from Shelter.",
        "Rules 5, 6 and 17",
        reading="A double thrown in Jail is also your move out; after three missed turns "
        "the fine is due.",
        family=FAMILY,
        sections=("jail", "trespass"),
        aliases=("Jail",),
    ),
    Term(
        "trespass",
        "Trespass",
        "D. F. Hogg's Game Preserves and Lord Blueblood's Estate are land kept out of "
        "use. Stopping there is trespassing: you go to Jail. Under the single tax they "
        "become sites for Free Colleges.",
        "Rule 5; Single Tax Rule 5",
        family=FAMILY,
        sections=("trespass",),
        aliases=("trespass", "trespassing", "Game Preserves", "Blueblood's Estate"),
    ),
    Term(
        "speculation",
        "Speculation",
        "A space for betting: every kind of speculation except buying land. You may "
        "refuse to stop there. If you play, you pay a $10 ante and throw again: a double "
        "wins $100, 11 wins $90, and so on down to 5, which wins $30. A 3 or 4 is a "
        "'skin game': you win nothing and the Broker goes to Jail.",
        "Rule 8",
        reading="A double always wins $100, even 1 and 1.",
        family=FAMILY,
        sections=("speculation",),
        aliases=("Speculation", "speculate", "speculates", "skin game"),
    ),
    Term(
        "brokers-license",
        "Broker's License",
        "The green card of the Speculation space. Whoever holds it is the Broker and "
        "takes 10% of everyone's Speculation winnings (the 1906 text gives the Broker the ante "
        "too). In a skin game the Broker goes to Jail and the card goes back to the pack.",
        "Rule 8",
        family=FAMILY,
        sections=("speculation",),
        aliases=("Broker's License", "Broker"),
    ),
    Term(
        "franchise",
        "Franchise",
        "The right to run a public service as a private business: Soakum Lighting System "
        "and Slambang Trolley, the yellow spaces. Stopping there costs $5, paid to the "
        "holder. One player with both has a 'municipal cinch' and charges $25. Under the "
        "single tax the Treasury buys them and they become free.",
        "Rule 9; Single Tax Rules 3 and 6",
        family=FAMILY,
        sections=("franchise",),
        aliases=("franchise", "Charter", "municipal cinch"),
    ),
    Term(
        "magie-railroad",
        "Railroad",
        "Four railroads cut the board into eight sections. Stopping on one costs a fare, "
        "paid to its holder: $5, or $10, $20 or $50 if one player holds 2, 3 or all 4 "
        "(Rule 9 calls that a monopoly). Under the single tax the Treasury buys them and "
        "they become free.",
        "Rule 9; Single Tax Rule 6",
        family=FAMILY,
        sections=("railroad", "franchise"),
        aliases=("railroad", "fare"),
    ),
    Term(
        "trust",
        "Trust",
        "Two players who hold all four railroads between them may pool them: every "
        "other player then pays $40 a stop, and the two share it.",
        "Rule 9",
        reading="Members ride their own lines free; the Trust ends when a railroad changes hands.",
        family=FAMILY,
        sections=("railroad", "franchise"),
        aliases=("trust",),
    ),
    Term(
        "railroad-pass",
        "Railroad pass",
        "A double gives you an 'official pass': you may jump the nine spaces between the "
        "next two corners, if your count gets past the first one. You need not use it.",
        "Rule 17",
        reading="The pass is offered moving forward only.",
        family=FAMILY,
        sections=("movement",),
        aliases=("railroad pass", "official pass"),
    ),
    Term(
        "either-way",
        "Moving either way",
        "On the spaces between the two Chance spaces you may move forward or backward "
        "by your throw. Look where each way lands: going back can dodge a big rent.",
        "Rule 2",
        reading="'Between the Chances' is read as spaces 23 to 36.",
        family=FAMILY,
        sections=("movement",),
        aliases=("which way", "move backward", "either way"),
    ),
    Term(
        "magie-chance",
        "Chance",
        "Stop on a Chance space and you take a red card and do what it says; it goes "
        "back into the pack.",
        "Rule 11",
        reading="No 1906 Chance card survives: the kit's pack is a stand-in.",
        family=FAMILY,
        aliases=("Chance",),
    ),
    Term(
        "central-park",
        "Central Park",
        "A corner kept by public money: stopping there costs nothing.",
        "Rule 10",
        family=FAMILY,
        aliases=("Central Park",),
    ),
    Term(
        "poor-house",
        "Poor House",
        "Where you go if you cannot pay, and cannot borrow or sell enough either. You "
        "stay until your next turn, then throw and move on. Under the single tax there "
        "is no Poor House.",
        "Rule 12",
        reading="You first pay all your cash; the rest becomes your debt, taken out of "
        "your next wages and counted as what it was for (rent, a fine, a Chance card), "
        "as if paid on time.",
        family=FAMILY,
        sections=("poor_house",),
        aliases=("Poor House",),
    ),
    Term(
        "luxury",
        "Luxury",
        "The purple space. You may buy a luxury card for $75, paid into MISCELLANEOUS. It "
        "counts 100 at the end and you may sell it. If you will not or cannot pay, you "
        "move backward by your throw instead, and do what that space asks.",
        "Rule 13",
        family=FAMILY,
        sections=("luxury",),
        aliases=("Luxury", "luxury"),
    ),
    Term(
        "the-deal",
        "The deal",
        "At the start 24 green cards (lots, franchises, railroads, the Broker's License) "
        "are dealt one at a time round the table. You may buy the cards you were dealt at "
        "their printed prices, paid into the Public Treasury. Cards nobody buys go back "
        "to the pack.",
        "Rule 1",
        reading="You are asked about your cards in board order, and only about those you "
        "can pay for.",
        family=FAMILY,
        sections=("deal",),
        aliases=("the deal", "dealt"),
    ),
    Term(
        "talks",
        "Dealing (talks)",
        "To deal is to do business with another player: offer to sell them a card, buy "
        "one of theirs, sell a luxury card, or ask for a loan. They say yes or no. Players "
        "may agree anything that does not break the rules.",
        "Rules 16 and 18, and the Suggestions",
        reading="Once a turn, before your throw, up to three offers, at set prices (half to "
        "three times a card's value).",
        family=FAMILY,
        sections=("borrowing",),
        aliases=("make a deal", "deal", "talks", "negotiate"),
    ),
    Term(
        "magie-loan",
        "Loan and mortgage",
        "Players may lend to each other. The lender may ask for a mortgage: a card, or "
        "the borrower's future wages, as a pledge until the loan is paid back.",
        "Rule 16",
        reading="Interest is a flat 0%, 10% or 20%; a loan on wages is paid back out of "
        "wages as they come; a pledged card cannot change hands until then.",
        family=FAMILY,
        sections=("borrowing",),
        aliases=("loan", "borrow", "borrowing", "mortgage", "debt"),
    ),
    Term(
        "score",
        "Score",
        "The game ends when a player has been paid wages five times. Then everyone "
        "counts cash, plus 100 for every card and every house. The richest is the "
        "winner, the 'millionaire'.",
        "The Object of the Game; Rule 19",
        reading="Debts still owed at the end come off the debtor's score and go to the "
        "creditor's.",
        family=FAMILY,
        sections=("score",),
        aliases=("score", "millionaire"),
    ),
    # --- Magie's single tax ----------------------------------------------------------------
    Term(
        "single-tax",
        "The single tax",
        "The idea of the economist Henry George, which Magie's game was made to teach: "
        "tax the value of land and nothing else. In the game all land rent goes to the "
        "Public Treasury, so owning land earns nothing. Houses still earn their owners "
        "rent, and the Absolute Necessities are tax-free.",
        "Single Tax rules (1906): the opening and Rules 1, 2 and 4",
        reading="The 'single_tax' game plays these rules from the first turn; the "
        "booklet brings them in by a vote during a game.",
        family=FAMILY,
        sections=("single_tax",),
        aliases=("single tax", "Single Tax"),
    ),
    Term(
        "vote",
        "The vote",
        "The players may switch to the single tax at any point: two votes carry it. Each "
        "player keeps what they hold, but title deeds are now worth nothing.",
        "Single Tax rules (1906), the opening",
        reading="A player calls the vote on their turn, before throwing, and their own vote "
        "counts. At the switch the Treasury's money goes to MISCELLANEOUS (it starts "
        "empty), the cards of lots without houses go back to the pack, and a lot with "
        "houses stays with its holder as their owner.",
        family=FAMILY,
        sections=("single_tax",),
        aliases=("vote", "votes"),
    ),
    Term(
        "public-works",
        "Public works (free utilities)",
        "What the Treasury buys with land rent and fines, $50 at a time: first the two "
        "franchises, then the railroads, each paid to its holder and free to use from "
        "then on; then two Free Colleges; then every further $50 raises everyone's wages "
        "by $10.",
        "Single Tax Rules 3 and 6",
        reading="After P.D.Q. and Gee Whiz, 'and so on around the board' is read as "
        "Shooting Star, then Royal Rusher; the price of cards sold stays in the Treasury "
        "unspent.",
        family=FAMILY,
        sections=("treasury_spending",),
        aliases=("public works", "public work", "public good", "free to use"),
    ),
    Term(
        "free-college",
        "Free College",
        "Under the single tax the Treasury builds Free Colleges on Lord Blueblood's "
        "Estate and Hogg's Game Preserves. Stop at one and you take an Education card; "
        "four make a Professor card, worth 100 at the end.",
        "Single Tax Rules 5, 6 and 7",
        family=FAMILY,
        sections=("education",),
        aliases=("Free College", "Education card", "Professor"),
    ),
    Term(
        "natural-opportunity",
        "Natural Opportunities",
        "The four inner corners: Timberland, Farmlands, Coal Mines and Oil Fields, land "
        "anyone may work. Under the single tax there is no Poor House: if you cannot pay "
        "for your move, you go to the Natural Opportunity behind you. Next turn you take "
        "its wages, pay its rent to the Treasury, and move on.",
        "Single Tax Rule 8",
        reading="Their names, wages and rents come from transcriptions of the board. If "
        "you cannot pay for the space you landed on, you pay nothing for it.",
        family=FAMILY,
        sections=("natural_opportunities",),
        aliases=("Natural Opportunity", "Natural Opportunities"),
    ),
    Term(
        "site",
        "Site (building on empty land)",
        "Under the single tax anyone may build a house on a lot with none. Stop on one "
        "and you may build there. Or, on your turn, claim any empty lot: the others may "
        "bid for it, and the bids go to the Treasury, as rent.",
        "Single Tax Rule 4",
        reading="One round of bids, from the claimant's left; the claimant may match the highest "
        "bid, or the highest bidder builds.",
        family=FAMILY,
        sections=("single_tax",),
        aliases=("site", "claim"),
    ),
    Term(
        "monarch",
        "Monarch of the World",
        "Magie's 1906 demonstration: one player is given all the land and draws no "
        "wages, the others every other advantage, and everyone starts with $100. Play "
        "shows the landlord taking control of the board.",
        "Monarch of the World (1906 booklet)",
        reading="The Monarch is the first player; 'every other advantage' is read as the "
        "franchises, railroads and Broker's License, dealt free to the others.",
        family=FAMILY,
        sections=("monarch",),
        aliases=("Monarch of the World", "Monarch"),
    ),
    Term(
        "prosperity",
        "Prosperity",
        "The name of Magie's 1932 single-tax game. Writers report that everyone wins "
        "there once the poorest player has doubled their starting money. The kit plays the "
        "1906 single tax with that ending added.",
        "Prosperity (1932), as reported",
        origin="reconstruction",
        family=FAMILY,
        sections=("prosperity",),
        aliases=("Prosperity",),
    ),
    Term(
        "land-value-tax",
        "Land value tax (the dial)",
        "A modern what-if: a share of each land rent goes to the Public Treasury instead "
        "of the lot's holder. 0 is the landlord's game; 1 is the whole single tax. The "
        "citizen's dividend, another what-if, shares the Treasury's money out equally.",
        origin="kit",
        family=FAMILY,
        sections=("land_value_tax",),
        aliases=("land value tax", "citizen's dividend"),
    ),
)
