"""How the named strategies play Magie's games: one function per kind of decision.

:class:`~landlord.policies.bots.Strategy` holds a strategy's parameters (a
cash reserve, a price limit and markup, whether it bids, builds, pays its way
out of Jail, speculates, buys luxuries, hunts the fourth railroad, votes for
the single tax); the functions here turn them into answers to the decisions
of :mod:`landlord.families.magie.game`, by ``Decision.kind``
(:data:`HANDLERS`). Each reads the game's public state and picks one of the
legal actions; the engine checks it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, cast

from landlord.engine.actions import (
    Accept,
    AskForCard,
    AskLoan,
    Bid,
    Build,
    CallVote,
    ClaimSite,
    Decline,
    EndDealing,
    FormTrust,
    GiveUp,
    Negotiate,
    OfferCard,
    OfferLuxury,
    Pass,
    Refuse,
    Repay,
    StayPut,
)
from landlord.policies.bots import Strategy, first_of, jail_choice

if TYPE_CHECKING:  # pragma: no cover - for the annotations only
    from landlord.engine.actions import Action, Buy, Move
    from landlord.engine.family import Handler
    from landlord.engine.state import Proposal, Sale
    from landlord.families.magie.view import View

__all__ = ["HANDLERS"]

#: The first of the legal actions of a kind: every kind a handler here looks for is among
#: those the flow offers (a Decline beside a Buy, Pass beside the bids, Refuse beside
#: Accept), so one is found.
_first: Callable[..., Action] = first_of


def _spare(bot: Strategy, view: View, me: int) -> int:
    return view.balances[me] - bot.reserve


def _worth_paying(bot: Strategy, view: View, space: int) -> int:
    price = view.tables.price[space]
    if bot.max_price and price > bot.max_price:
        return 0
    return int(price * bot.markup)


def _buy_dealt(bot: Strategy, view: View, me: int, legal: tuple[Buy, Decline]) -> Action:
    buy = legal[0]
    if _worth_paying(bot, view, buy.space) >= buy.price and _spare(bot, view, me) >= buy.price:
        return buy
    return _first(legal, Decline)


def _sale(bot: Strategy, view: View, me: int, legal: tuple[Buy, Decline]) -> Action:
    return _buy_dealt(bot, view, me, legal)


def _bid(bot: Strategy, view: View, me: int, legal: Sequence[Action]) -> Action:
    if bot.bids:
        space = cast("Sale", view.decision_about).space
        limit = min(_worth_paying(bot, view, space), _spare(bot, view, me))
        bids = [a for a in legal if isinstance(a, Bid) and a.amount <= limit]
        if bids:
            return min(bids, key=lambda bid: bid.amount)
    return _first(legal, Pass)


def _luxury(bot: Strategy, view: View, me: int, legal: tuple[Buy, Decline]) -> Action:
    buy = legal[0]
    if bot.buys_luxury and _spare(bot, view, me) >= buy.price:
        return buy
    return _first(legal, Decline)


def _jail(bot: Strategy, view: View, me: int, legal: list[Action]) -> Action:
    return jail_choice(bot, legal, _spare(bot, view, me), view.jail_fine)


def _move(bot: Strategy, view: View, me: int, legal: Sequence[Move | StayPut]) -> Action:
    best, best_cost = legal[0], None
    for option in legal:
        cost = _landing_cost(bot, view, me, option)
        if best_cost is None or cost < best_cost:
            best, best_cost = option, cost
    return best


def _landing_cost(bot: Strategy, view: View, me: int, option: Move | StayPut) -> float:
    """What ending a move there is likely to cost (negative: gain)."""
    if isinstance(option, StayPut):
        return 0.0 if not bot.speculates else 20.0
    t = view.tables
    space = option.to
    kind = t.kind[space]
    cost = 0.0
    here = view.position[me]
    if option.direction == "forward" and here + (space - here) % t.size >= t.size:
        cost -= view.wages_to(me)
    if kind in ("lot", "railroad", "franchise"):
        holder = view.owner[space]
        if view.public[space]:
            pass  # bought by the public: free
        elif kind == "lot" and view.single_tax:
            # Land rent to the Treasury, house rent to another's house.
            cost += sum(amount for _, amount, _ in view.rent_due(space, me))
        elif holder < 0:
            wanted = _worth_paying(bot, view, space) and _spare(bot, view, me) >= t.price[space]
            cost += -t.price[space] / 2 if wanted else t.land_rent[space]
        elif holder != me:
            cost += sum(amount for _, amount, _ in view.rent_due(space, me))
    elif kind in ("necessity", "shelter_jail"):
        cost += view.necessity_tax()
    elif kind == "trespass":
        # A Free College gives an Education card (a quarter of a Professor's 100).
        cost += -25.0 if space in view.colleges else view.jail_fine
    elif kind == "speculation":
        cost += -40.0 if bot.speculates else 10.0
    elif kind == "luxury":
        cost += 0.0 if bot.buys_luxury else 25.0
    return cost


def _turn(bot: Strategy, view: View, me: int, legal: Sequence[Any]) -> Action:
    # legal: the throw, builds, repayments, a Trust, the vote, talks and sites, told apart by type
    spare = view.balances[me] - bot.reserve
    if type(legal) is tuple:
        # The usual turn, a shared tuple: throw, perhaps call the vote or talk.
        return _usual_turn(bot, view, me, legal, spare)
    build_to = bot.build_to
    can_build = build_to and spare >= view.house_cost
    houses = view.houses
    best, best_rent, talk, sites = None, -1, None, False
    for action in legal:
        kind = type(action)
        if kind is Build:
            if can_build:
                built = houses[action.space]
                if built < build_to:
                    rent = view.land_rent(action.space) - 3 * built
                    if rent > best_rent:
                        best, best_rent = action, rent
        elif kind is ClaimSite:
            sites = True  # the engine lists the sites last
            break
        elif kind is Repay:
            if view.debts[action.debt].owed <= spare:
                return action
        elif kind is FormTrust:
            return action
        elif kind is Negotiate:
            talk = action
        elif kind is CallVote and bot.votes != "never" and _for_single_tax(bot, view, me):
            return action
    if best is not None:
        return best
    if sites and can_build:
        # Single Tax Rule 4: a new site, the one with the highest land rent.
        rent = view.tables.land_rent
        return max(view.site_claims, key=lambda claim: rent[claim.space])
    if talk and bot.hunts_railroads and spare >= 150 and _wanted_railroad(bot, view, me) >= 0:
        return talk
    return legal[0]  # Roll


def _usual_turn(
    bot: Strategy, view: View, me: int, legal: tuple[Action, ...], spare: int
) -> Action:
    for action in legal:
        kind = type(action)
        if kind is CallVote and bot.votes != "never" and _for_single_tax(bot, view, me):
            return action
        if (
            kind is Negotiate
            and bot.hunts_railroads
            and spare >= 150
            and _wanted_railroad(bot, view, me) >= 0
        ):
            return action
    return legal[0]  # Roll


def _wanted_railroad(bot: Strategy, view: View, me: int) -> int:
    railroads = view.tables.railroads
    if view.railroads_held[me] != len(railroads) - 1:
        return -1
    missing = next(r for r in railroads if view.owner[r] != me)
    return missing if view.owner[missing] >= 0 else -1


def _talks(bot: Strategy, view: View, me: int, legal: Sequence[Action]) -> Action:
    need = cast(int, view.decision_about)  # what he must raise (0: talks for their own sake)
    if need:
        loans = [a for a in legal if isinstance(a, AskLoan) and a.interest == 10]
        if loans:
            return max(loans, key=lambda a: (view.cash(a.lender), a.collateral is None))
        sales = [a for a in legal if isinstance(a, OfferCard | OfferLuxury)]
        if sales:
            return max(sales, key=lambda a: (a.price <= need, -a.price))
        return _first(legal, GiveUp)
    wanted = _wanted_railroad(bot, view, me) if bot.hunts_railroads else -1
    if wanted >= 0:
        offers = [
            a
            for a in legal
            if isinstance(a, AskForCard)
            and a.space == wanted
            and a.price <= max(150, 3 * view.tables.price[wanted])
            and a.price <= _spare(bot, view, me)
        ]
        if offers:
            return max(offers, key=lambda a: a.price)
    return _first(legal, EndDealing)


def _offer(bot: Strategy, view: View, me: int, legal: Sequence[Action]) -> Action:
    offer = cast("Proposal", view.decision_about).action
    spare = _spare(bot, view, me)
    if isinstance(offer, OfferCard):
        fair = view.card_value(offer.space) * (bot.markup if bot.bids else 0.5)
        ok = offer.price <= fair and offer.price <= spare
    elif isinstance(offer, AskForCard):
        keep = view.card_value(offer.space) * 1.5
        if offer.space in view.tables.railroads and bot.hunts_railroads:
            keep *= 2
        ok = offer.price >= keep
    elif isinstance(offer, OfferLuxury):
        ok = bot.buys_luxury and offer.price <= view.luxury_fee and offer.price <= spare
    elif isinstance(offer, AskLoan):
        secured = (
            offer.collateral is not None and view.card_value(offer.collateral) >= offer.amount
        )
        ok = offer.amount <= spare and (secured or offer.interest >= 10)
    else:
        ok = False
    return _first(legal, Accept) if ok else _first(legal, Refuse)


def _trust(bot: Strategy, view: View, me: int, legal: Sequence[Action]) -> Action:
    return _first(legal, Accept)


# --- the single tax ---------------------------------------------------------------


def _for_single_tax(bot: Strategy, view: View, me: int) -> bool:
    if bot.votes == "always":
        return True
    if bot.votes == "when_losing":
        worth = [row[-1] for row in view.holdings_table()]
        return worth[me] * len(worth) < sum(worth)
    return False


def _vote(bot: Strategy, view: View, me: int, legal: Sequence[Action]) -> Action:
    return _first(legal, Accept if _for_single_tax(bot, view, me) else Refuse)


def _build_site(bot: Strategy, view: View, me: int, legal: tuple[Build, Decline]) -> Action:
    if bot.build_to and _spare(bot, view, me) >= view.house_cost:
        return legal[0]
    return _first(legal, Decline)


def _site_bid(bot: Strategy, view: View, me: int, legal: Sequence[Action]) -> Action:
    if bot.bids and bot.build_to:
        room = _spare(bot, view, me) - view.house_cost
        bids = [a for a in legal if isinstance(a, Bid) and a.amount <= room]
        if bids:
            return min(bids, key=lambda bid: bid.amount)
    return _first(legal, Pass)


def _site(bot: Strategy, view: View, me: int, legal: tuple[ClaimSite, Decline]) -> Action:
    match = legal[0]
    if _spare(bot, view, me) >= match.bid + view.house_cost:
        return match
    return _first(legal, Decline)


#: How a strategy answers each kind of decision of Magie's games.
HANDLERS: dict[str, Handler] = {
    "buy_dealt": _buy_dealt,
    "sale": _sale,
    "bid": _bid,
    "luxury": _luxury,
    "jail": _jail,
    "move": _move,
    "turn": _turn,
    "talks": _talks,
    "offer": _offer,
    "trust": _trust,
    "vote": _vote,
    "build_site": _build_site,
    "site_bid": _site_bid,
    "site": _site,
}
