"""Why each question of Magie's games is asked, in plain words, citing the rule.

``HELP`` holds one text per kind of decision the family's flow asks
(:mod:`.game`, :mod:`.spaces`, :mod:`.dealings`, :mod:`.treasury`): ``help(game,
seat, about, legal actions) -> str``, handed out by ``FAMILY.question_helps``
and read by :func:`landlord.views.explain.question_help`. The 1906 rules are
cited by their numbers ("Rule 7", "Single Tax Rule 8"); where the kit chose
what the text leaves open, the sentence says "the kit's reading".

Examples
--------
>>> from landlord.table import GameTable
>>> table = GameTable("landlords_game", ["human", "eager_landlord"], seed=3)
>>> print(HELP["buy_dealt"](table.game, 0, table.game.decision_about, []))  # doctest: +ELLIPSIS
Rule 1: ... was dealt to you. Buy it for $..., paid into the Public Treasury, ...
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from landlord.views.explain import action_kinds as _kinds
from landlord.views.explain import cash as _cash
from landlord.views.explain import space_name as _space

__all__ = ["HELP"]


def _single_tax(game: Any) -> bool:
    treasury = getattr(game, "treasury", None)
    return bool(treasury is not None and treasury.single_tax)


def _turn(game: Any, seat: int, about: Any, offered: Sequence[Any]) -> str:
    rules, kinds = game.rules, _kinds(offered)
    parts = [
        "Before you throw you may do business (the kit's reading); then throw the dice "
        "and move (Rule 2)."
    ]
    if "Negotiate" in kinds:
        parts.append(
            "Deal means talk business: offer another player a card, ask for one of "
            "theirs, or ask for a loan (Rules 16 and 18)."
        )
    if "Build" in kinds:
        each = _cash(game, rules.houses.rent_each)
        words = (
            f"Build: a house costs {_cash(game, rules.houses.cost)} and adds {each} to "
            "that lot's rent (Rule 14)."
        )
        if _single_tax(game):
            words += " Its house rent is yours; the land rent still goes to the Treasury."
        parts.append(words)
    if "ClaimSite" in kinds:
        parts.append(
            "Claim a site: build on any lot without a house. The others may bid for it; "
            "bids go to the Public Treasury (Single Tax Rule 4)."
        )
    if "Repay" in kinds:
        parts.append("Repay: pay back a debt in full now (Rule 16).")
    if "FormTrust" in kinds:
        fare = _cash(game, rules.railroad.trust_fare)
        parts.append(
            "Trust: the two of you hold every railroad. Pool them and the others pay "
            f"{fare} a stop, shared between you (Rule 9)."
        )
    if "CallVote" in kinds:
        needed = rules.single_tax.votes_needed
        parts.append(
            f"Vote: ask to switch to the single tax; {needed} votes carry it, yours "
            "included. If it passes, all land rent goes to the Public Treasury from then "
            "on (1906 Single Tax rules)."
        )
    return " ".join(parts)


def _move(game: Any, seat: int, throw: Any, offered: Sequence[Any]) -> str:
    parts = []
    moves = [action for action in offered if type(action).__name__ == "Move"]
    ways = {move.direction: _space(game, move.to) for move in moves if not move.railroad_pass}
    if "backward" in ways:
        parts.append(
            "Between the two Chance spaces you may move either way (Rule 2): forward to "
            f"{ways.get('forward', 'the space ahead')}, or backward to {ways['backward']}. "
            "Look at what each costs: going back can dodge a rent or a tax; going forward "
            "past Mother Earth earns your wages (Rule 3)."
        )
    passes = [move for move in moves if move.railroad_pass]
    if passes:
        parts.append(
            "You threw a double: it is a railroad pass (Rule 17). Use it to jump the nine "
            f"spaces between the next two corners, to {_space(game, passes[0].to)}, or "
            "move straight on."
        )
    if "StayPut" in _kinds(offered):
        parts.append(
            "This move ends on Speculation: you may stay where you are instead (Rule 8). "
            "Speculating costs an ante and wins only on some throws."
        )
    return " ".join(parts) or "Choose where your throw takes you (Rule 2)."


def _for_sale(game: Any, space: int) -> tuple[str, str]:
    """What holding a card earns, and the rule that sells it."""
    kind = game.tables.kind[space]
    if kind == "speculation":
        return "10% of everyone's Speculation winnings", "Rule 8"
    if kind == "lot":
        return "its land rent from everyone else who stops here", "Rule 7"
    return "its fare from everyone else who stops here", "Rule 9"


def _unsold_rent(game: Any, space: int) -> int:
    return sum(amount for _, amount, _ in game.spaces.rent_due(space))


def _sale(game: Any, seat: int, sale: Any, offered: Sequence[Any]) -> str:
    earns, rule = _for_sale(game, sale.space)
    name = _space(game, sale.space)
    price = _cash(game, sale.price)
    if sale.bidder >= 0:
        bidder = game.names[sale.bidder]
        otherwise = f"{bidder} must buy it at that bid, {price}"
        if game.tables.kind[sale.space] != "speculation":
            otherwise += f", and you pay {bidder} the rent"
        where = f"the highest bid, {bidder}'s"
    else:
        where = "its printed price"
        if game.tables.kind[sale.space] == "speculation":
            otherwise = "nobody holds it for now"
        else:
            rent = _cash(game, _unsold_rent(game, sale.space))
            otherwise = f"nobody buys it, and you pay its {rent} rent to the Public Treasury"
    return (
        f"Nobody holds {name} yet, so it is for sale ({rule}). You have first choice at "
        f"{where}: {price}. Buy, and you collect {earns}. Decline, and {otherwise}."
    )


def _bid(game: Any, seat: int, sale: Any, offered: Sequence[Any]) -> str:
    earns, rule = _for_sale(game, sale.space)
    lander = game.names[sale.lander]
    return (
        f"{lander} stopped on {_space(game, sale.space)}, which nobody holds ({rule}). "
        f"You may bid more than {_cash(game, sale.price)}. {lander} then may buy at the "
        "highest bid; if not, the highest bidder must buy. The holder collects "
        f"{earns}. Pass to stay out. (One round of bids, from {lander}'s left: the kit's "
        "reading.)"
    )


def _buy_dealt(game: Any, seat: int, space: int, offered: Sequence[Any]) -> str:
    earns, _ = _for_sale(game, space)
    price = _cash(game, game.tables.price[space])
    return (
        f"Rule 1: {_space(game, space)} was dealt to you. Buy it for {price}, paid into "
        f"the Public Treasury, and you hold it: you collect {earns}. Decline, and it goes "
        "back to the pack, for sale to whoever stops on it. Rule 1's advice: keep $50 to "
        "$75 to pay your way until your wages come."
    )


def _luxury(game: Any, seat: int, space: int, offered: Sequence[Any]) -> str:
    fee = _cash(game, game.rules.luxury.fee)
    return (
        f"Rule 13: a luxury costs {fee}, paid into MISCELLANEOUS. The card counts 100 at "
        "the end, and you may sell it. Decline, and you move backward by your throw "
        "instead, and do what that space asks."
    )


def _jail(game: Any, seat: int, about: Any, offered: Sequence[Any]) -> str:
    kinds = _kinds(offered)
    parts = ["You are in Jail (Rule 6)."]
    if "PayFine" in kinds:
        parts.append(
            f"Pay the {_cash(game, game.jail_fine)} fine into the Public Treasury and "
            "throw to move on now."
        )
    parts.append(
        "Or throw for a double: a double sets you free ('serving your time') and, in the "
        "kit's reading, is your move, from Shelter. No double, and you wait for your "
        f"next turn; after {game.rules.jail.max_turns} turns the fine is due."
    )
    if "UseJailCard" in kinds:
        parts.append("Your kept Chance card lets you out free; it goes back in the pack.")
    return " ".join(parts)


def _talks(game: Any, seat: int, need: Any, offered: Sequence[Any]) -> str:
    if game.dealings.raising:
        if _single_tax(game):
            otherwise = (
                "there is no Poor House under the single tax: you go to the Natural "
                "Opportunity behind you. Next turn you work it: you take its wages, pay its "
                "rent to the Treasury and move on (Single Tax Rule 8). For the space you "
                "landed on you then pay nothing."
            )
        else:
            otherwise = (
                "you pay all the cash you have, the rest becomes your debt (taken out of "
                "your next wages: the kit's reading), and you go to the Poor House until "
                "your next turn (Rule 12)."
            )
        return (
            "Sell a card or borrow from another player to raise the money (Rules 12 and "
            f"16); each offer goes to one player, who says yes or no. If you give up: "
            f"{otherwise}"
        )
    return (
        "Talks (Rules 16 and 18): make an offer to one player: sell them a card or a "
        "luxury card, offer to buy one of their cards, or ask for a loan. They accept or "
        "refuse. End the talks to go on to your throw. Set prices and up to three offers "
        "a turn are the kit's reading."
    )


def _vote(game: Any, seat: int, proposal: Any, offered: Sequence[Any]) -> str:
    rules = game.rules
    caller = game.names[proposal.proposer]
    step = _cash(game, rules.treasury_spending.step)
    rise = _cash(game, rules.treasury_spending.wage_rise)
    return (
        f"{caller} calls a vote for the single tax (the 1906 Single Tax rules); "
        f"{rules.single_tax.votes_needed} votes carry it, {caller}'s included. If it "
        "passes: all land rent goes to the Public Treasury, so holding land earns "
        "nothing; the Necessities are tax-free; the Treasury spends each "
        f"{step} on freeing the franchises and railroads, then Free Colleges, then "
        f"{rise} wage rises; and there is no Poor House. At the switch (the kit's "
        "reading) the Treasury's money goes to MISCELLANEOUS, the cards of lots without "
        "houses go back to the pack, and lots with houses stay with their holders. "
        "Refuse, and if it fails the landlord's rules go on."
    )


def _offer(game: Any, seat: int, proposal: Any, offered: Sequence[Any]) -> str:
    action = proposal.action
    who = game.names[proposal.proposer]
    kind = type(action).__name__
    if kind == "OfferCard":
        return (
            f"{who} offers to sell you {_space(game, action.space)} (with any houses) for "
            f"{_cash(game, action.price)}. Accept: you pay {who} and collect its rent from "
            "now on. Refuse: nothing changes. Players may deal on any terms (Rule 18)."
        )
    if kind == "AskForCard":
        return (
            f"{who} offers you {_cash(game, action.price)} for your "
            f"{_space(game, action.space)}. Accept: you get the money and {who} gets the card "
            "and its rent. Refuse: you keep it (Rule 18)."
        )
    if kind == "OfferLuxury":
        return (
            f"{who} offers you a luxury card for {_cash(game, action.price)}; it counts 100 "
            "at the end (Rule 13). Accept or refuse."
        )
    if kind == "AskLoan":
        owed = action.amount * (100 + action.interest) // 100
        pledge = (
            "their wages: you take them as they come until you are paid"
            if action.collateral is None
            else f"their card {_space(game, action.collateral)}, which cannot be sold until "
            "you are paid"
        )
        return (
            f"{who} asks to borrow {_cash(game, action.amount)} and will owe you "
            f"{_cash(game, owed)} ({action.interest}% interest). The pledge is {pledge} "
            "(Rule 16; the terms are the kit's reading). Accept: you lend it now. Refuse: "
            "nothing changes."
        )
    return f"{who} makes you an offer (Rule 18): accept or refuse."


def _trust(game: Any, seat: int, proposal: Any, offered: Sequence[Any]) -> str:
    fare = _cash(game, game.rules.railroad.trust_fare)
    return (
        f"{game.names[proposal.proposer]} and you hold every railroad between you. A "
        f"Trust pools them: every other player pays {fare} a railroad stop, shared between "
        "you (Rule 9). In the kit's reading you ride each other's lines free, and the "
        "Trust ends when a railroad changes hands. Accept or refuse."
    )


def _build_site(game: Any, seat: int, space: int, offered: Sequence[Any]) -> str:
    cost = _cash(game, game.rules.houses.cost)
    each = _cash(game, game.rules.houses.rent_each)
    return (
        f"Single Tax Rule 4: you paid {_space(game, space)}'s land rent to the Treasury. "
        f"Now you may build a house here for {cost}: it is yours, and so is its rent, "
        f"{each} from everyone else who stops here. The land rent still goes to the "
        "Treasury."
    )


def _site_bid(game: Any, seat: int, sale: Any, offered: Sequence[Any]) -> str:
    return (
        f"{game.names[sale.lander]} claims {_space(game, sale.space)} to build on "
        "(Single Tax Rule 4). Bid for the right to build there yourself; bids go to the "
        "Public Treasury. The claimant may match the highest bid, or the highest bidder builds. "
        "Pass to stay out."
    )


def _site(game: Any, seat: int, sale: Any, offered: Sequence[Any]) -> str:
    return (
        f"{game.names[sale.bidder]} bid {_cash(game, sale.price)} for your site, "
        f"{_space(game, sale.space)} (Single Tax Rule 4). Match it, paid to the Public "
        f"Treasury, and you build; decline, and {game.names[sale.bidder]} builds there."
    )


#: The help texts by the kind of decision: ``help(game, seat, about, legal actions) -> str``.
HELP: dict[str, Callable[..., str]] = {
    "turn": _turn,
    "move": _move,
    "sale": _sale,
    "bid": _bid,
    "buy_dealt": _buy_dealt,
    "luxury": _luxury,
    "jail": _jail,
    "talks": _talks,
    "vote": _vote,
    "offer": _offer,
    "trust": _trust,
    "build_site": _build_site,
    "site_bid": _site_bid,
    "site": _site,
}
