"""How the named bots play the later game (the Monopoly rule sets), and the strategy guide.

The strategies of :mod:`landlord.policies.bots` keep their meaning here: a
cash reserve, a price limit and a markup, whether they bid, how far they
build, whether they pay their way out of Jail, whether they hunt (here the
lot that completes a colour group or the railroads, offering twice their
markup in cash). Their money figures are set for the 1906 game's $500 start; here
they are scaled by the rule set's starting cash (three times, for $1,500).

:class:`StrategyGuide` follows the strategy guide copied out in seed 004
("How to win at Monopoly - a simple strategy"): always buy railroads, never
utilities at full price; buy streets to complete a colour group or to stop
an opponent completing one (and, early on, whatever it can afford); build
three houses a lot as fast as it can, no more, no fewer; pay its way out of
Jail early, but stay in once an opponent holds a complete group; and trade
to complete its own colour groups.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from landlord.engine.actions import (
    Accept,
    Bid,
    Build,
    BuildHotel,
    Decline,
    DrawChance,
    EndDealing,
    GoBankrupt,
    KeepMortgage,
    LiftMortgage,
    Mortgage,
    Negotiate,
    PayInstead,
    PayTax,
    Refuse,
    SellBuilding,
    Trade,
    TryForDoubles,
)
from landlord.families.monopoly import FAMILY
from landlord.policies.bots import Strategy, jail_choice

if TYPE_CHECKING:  # pragma: no cover - for the annotations only
    import numpy as np

    from landlord.engine.actions import Action, Buy
    from landlord.engine.family import Handler
    from landlord.engine.state import GameState, Proposal, Sale
    from landlord.engine.view import View as BaseView
    from landlord.families.monopoly.view import View

__all__ = ["HANDLERS", "StrategyGuide", "always_ask_rent", "strategy_guide"]


def _first(legal: Any, kind: type) -> Any:
    for action in legal:
        if type(action) is kind:
            return action
    return None


def _reserve(bot: Strategy, view: View) -> int:
    return bot.reserve * view.money_scale


def _spare(bot: Strategy, view: View, me: int) -> int:
    return view.balances[me] - _reserve(bot, view)


def _price_limit(bot: Strategy, view: View, space: int) -> int:
    """The most ``bot`` would pay for ``space`` (0: it would not buy it)."""
    price = view.tables.price[space]
    if bot.max_price and price > bot.max_price * view.money_scale:
        return 0
    return int(price * bot.markup)


def _missing(view: View, me: int, space: int) -> list[int]:
    """The other lots of the group of ``space`` that ``me`` does not hold."""
    t = view.tables
    kind = t.kind[space]
    if kind == "street":
        members = t.groups[t.group[space]]
    elif kind == "railroad":
        members = t.railroads
    else:
        members = t.utilities
    return [s for s in members if s != space and view.owner[s] != me]


def _completes(view: View, me: int, space: int) -> bool:
    """Whether holding ``space`` would complete ``me``'s colour group (or railroads)."""
    return not _missing(view, me, space)


# --- the ordinary strategies -------------------------------------------------------


def _turn(bot: Strategy, view: View, me: int, legal: Sequence[Any]) -> Action:
    # legal: Roll, Build, BuildHotel, LiftMortgage and Negotiate, told apart by type
    if type(legal) is tuple and not view.nearly_complete(me):
        return legal[0]  # the usual turn (throw or talk) with nothing to talk about
    spare = view.balances[me] - bot.reserve * view.money_scale
    houses = view.houses
    cost = view.tables.house_cost
    best = None
    for action in legal:
        kind = type(action)
        if kind is Build and houses[action.space] < bot.build_to and spare >= cost[action.space]:
            if best is None or cost[action.space] > cost[best.space]:
                best = action  # the dearest group first: it earns most
        elif (
            (kind is BuildHotel and bot.build_to > view.per_lot and spare >= cost[action.space])
            or (kind is LiftMortgage and spare >= 2 * view.lift_cost(action.space))
            or (kind is Negotiate and _wanted_trade(bot, view, me) is not None)
        ):
            best = best or action
    return best or legal[0]


def _buy(bot: Strategy, view: View, me: int, legal: tuple[Buy, Decline]) -> Action:
    buy = legal[0]
    if _price_limit(bot, view, buy.space) >= buy.price and _spare(bot, view, me) >= buy.price:
        return buy
    return legal[1]


def _bid(bot: Strategy, view: View, me: int, legal: Sequence[Action]) -> Action:
    sale = cast("Sale", view.decision_about)
    if not bot.bids and sale.lander != me:
        return legal[0]
    space = sale.space
    if space < 0:  # a house or hotel from a short bank
        limit = int(min(cost for cost in view.tables.house_cost if cost) * bot.markup * 2)
    else:
        limit = _price_limit(bot, view, space)
    return _bid_up_to(view, legal, min(limit, _spare(bot, view, me)))


def _bid_up_to(view: View, legal: Sequence[Action], limit: int) -> Action:
    """The bid that raises the highest by about a tenth of the price, within ``limit``
    (else the smallest within it); Pass if none is."""
    sale = cast("Sale", view.decision_about)
    price = view.tables.price[sale.space] if sale.space >= 0 else 0
    wanted = sale.price + price // 10
    best = None
    for action in legal:
        if (
            type(action) is Bid
            and action.amount <= limit
            and (best is None or (best.amount < wanted and action.amount > best.amount))
        ):
            best = action
    return best or legal[0]


def _place(bot: Strategy, view: View, me: int, legal: Sequence[Action]) -> Action:
    return legal[0]


def _jail(bot: Strategy, view: View, me: int, legal: list[Action]) -> Action:
    return jail_choice(bot, legal, _spare(bot, view, me), view.jail_fine)


def _income_tax(bot: Strategy, view: View, me: int, legal: tuple[PayTax, PayTax]) -> Action:
    flat, share = legal
    percent = view.total_worth(me) * share.amount // 100
    return share if percent < flat.amount else flat


def _card(bot: Strategy, view: View, me: int, legal: Sequence[Action]) -> Action:
    pay = _first(legal, PayInstead)
    if pay is not None and _spare(bot, view, me) >= pay.amount:
        return pay
    return _first(legal, DrawChance)


def always_ask_rent(bot: Strategy, view: View, me: int, legal: Sequence[Action]) -> Action:
    """Rent that lapses unless asked for: every rule-of-thumb bot asks (the batch path
    relies on it, :mod:`.batch`)."""
    return legal[0]


def _mortgaged(bot: Strategy, view: View, me: int, legal: Sequence[Action]) -> Action:
    lift = _first(legal, LiftMortgage)
    if lift is not None and _spare(bot, view, me) >= view.lift_cost(lift.space):
        return lift
    return _first(legal, KeepMortgage)


def _raise(bot: Strategy, view: View, me: int, legal: Sequence[Action]) -> Action:
    """Mortgage what earns least first, then sell buildings; bankrupt when nothing is left."""
    t = view.tables
    mortgages = [a for a in legal if type(a) is Mortgage]
    if mortgages:
        # A lot of no complete set first (its rent is not doubled), then the cheapest.
        sets = view.complete_groups(me)
        return min(mortgages, key=lambda a: (t.group[a.space] in sets, t.price[a.space]))
    sells = [a for a in legal if type(a) is SellBuilding]
    if sells:
        return min(sells, key=lambda a: t.house_cost[a.space])
    return _first(legal, GoBankrupt) or legal[0]


def _group_trade(view: View, me: int, spare: int, multiple: float) -> Trade | None:
    """A trade for the one lot missing from a group (or the railroads) it holds the rest of.

    A swap first: a lot of its own that completes the holder's group, the
    difference in printed price made up in cash. Failing that, cash: the
    printed price times ``multiple``, if ``spare`` covers it. A trade
    refused lately is not proposed again until five rounds have passed.
    """
    t = view.tables
    for members, space in view.nearly_complete(me):
        holder = view.owner[space]
        if view.group_has_buildings(space):
            continue
        # Swaps: lots of mine that are the one missing from a set of the holder's.
        trades = [
            Trade(holder, (swap,), (space,), max(0, t.price[space] - t.price[swap]))
            for _, swap in view.nearly_complete(holder)
            if view.owner[swap] == me and swap not in members
        ]
        cash = int(t.price[space] * multiple)
        if cash <= spare:
            trades.append(Trade(holder, (), (space,), cash))
        for trade in trades:
            if not view.refused_lately(me, trade) and view.trade_problem(me, trade) == "":
                return trade
    return None


def _wanted_trade(bot: Strategy, view: View, me: int) -> Trade | None:
    """The trade a hunter proposes: the lot that completes a group or the railroads."""
    if not bot.hunts_railroads:
        return None
    return _group_trade(view, me, _spare(bot, view, me), 2 * bot.markup)


def _trade(bot: Strategy, view: View, me: int, legal: Sequence[Action]) -> Action:
    need = view.decision_about
    if need:  # short of money: sell a property at its printed price, if anyone will pay
        sales = [a for a in legal if type(a) is Trade and a.give and a.cash < 0]
        if sales:
            return max(sales, key=lambda a: -a.cash)
    wanted = _wanted_trade(bot, view, me)
    return wanted if wanted is not None else _first(legal, EndDealing) or legal[0]


def _offer(bot: Strategy, view: View, me: int, legal: Sequence[Action]) -> Action:
    proposal = cast("Proposal", view.decision_about)
    trade = cast(Trade, proposal.action)
    proposer = proposal.proposer
    price = view.tables.price
    # What I get and give, by printed price, with the cash that moves to me.
    gets = sum(price[s] for s in trade.give) + trade.cash + 50 * trade.give_cards
    gives = sum(price[s] for s in trade.take) + 50 * trade.take_cards
    # Completing my group is worth a lot; completing the proposer's costs a lot.
    for s in trade.give:
        if _completes(view, me, s):
            gets += 2 * price[s]
    for s in trade.take:
        if _completes(view, proposer, s):
            gives += 2 * price[s]
    affordable = -trade.cash <= max(0, _spare(bot, view, me))
    ok = affordable and gets >= gives
    if trade.give and not trade.take and not bot.bids:
        ok = ok and sum(price[s] for s in trade.give) <= bot.max_price * view.money_scale
    return _first(legal, Accept) if ok else _first(legal, Refuse)


#: The method that answers each kind of decision of the later game.
HANDLERS: dict[str, Handler] = {
    "turn": _turn,
    "buy": _buy,
    "bid": _bid,
    "place": _place,
    "jail": _jail,
    "income_tax": _income_tax,
    "card": _card,
    "rent": always_ask_rent,
    "mortgaged": _mortgaged,
    "raise": _raise,
    "trade": _trade,
    "offer": _offer,
}


# --- the strategy guide of seed 004 --------------------------------------------------


@dataclass
class StrategyGuide(Strategy):
    """The strategy guide in seed 004, as a bot.

    It takes the parameters of :class:`~landlord.policies.bots.Strategy`, and this one.

    Parameters
    ----------
    trade_markup : float
        What it offers in cash for the lot that completes a colour group, as
        a multiple of the printed price (3.0: three times).
    """

    reserve: int = 50
    markup: float = 1.2
    build_to: int = 3
    trade_markup: float = 3.0
    name: str = "strategy_guide"
    #: Only the later game's decisions have the guide's own answers; in every other
    #: family's games it plays as a rule-of-thumb bot with these parameters.
    own_way_in = frozenset({FAMILY.name})

    def describe(self) -> str:
        return (
            "buys railroads, not utilities at full price, builds 3 houses a lot, "
            "trades to complete groups"
        )

    def decide(
        self,
        view: BaseView[GameState],
        kind: str,
        legal: list[Action],
        rng: np.random.Generator | None,
    ) -> Action:
        handler = _GUIDE.get(kind) if view.family.name in self.own_way_in else None
        if handler is None:
            return Strategy.decide(self, view, kind, legal, rng)
        return handler(self, cast("View", view), view.player, legal)  # the later game's


def _anyone_else_has_a_group(view: View, me: int) -> bool:
    t = view.tables
    owner = view.owner
    for lots in t.groups.values():
        holder = owner[lots[0]]
        if holder >= 0 and holder != me and all(owner[s] == holder for s in lots):
            return True
    return False


def _guide_wants(bot: StrategyGuide, view: View, me: int, space: int) -> bool:
    """Whether the guide buys ``space`` at its printed price."""
    t = view.tables
    kind = t.kind[space]
    if kind == "railroad":
        return True
    if kind == "utility":
        return False  # never at full price
    if _completes(view, me, space):
        return True
    others = _missing(view, me, space)
    holders = {view.owner[s] for s in others}
    if len(holders) == 1 and -1 not in holders:
        return True  # stop an opponent completing the group
    return not _anyone_else_has_a_group(view, me)  # early on, buy what it can


def _guide_buy(bot: StrategyGuide, view: View, me: int, legal: tuple[Buy, Decline]) -> Action:
    buy = legal[0]
    if _guide_wants(bot, view, me, buy.space) and _spare(bot, view, me) >= buy.price:
        return buy
    return _first(legal, Decline)


def _guide_bid(bot: StrategyGuide, view: View, me: int, legal: Sequence[Action]) -> Action:
    space = cast("Sale", view.decision_about).space
    if space < 0:
        return _bid(bot, view, me, legal)
    price = view.tables.price[space]
    if view.tables.kind[space] == "utility":
        limit = price // 2  # a utility only below its price
    elif _guide_wants(bot, view, me, space):
        limit = int(price * (bot.trade_markup if _completes(view, me, space) else bot.markup))
    else:
        limit = price // 2
    return _bid_up_to(view, legal, min(limit, _spare(bot, view, me)))


def _guide_jail(bot: StrategyGuide, view: View, me: int, legal: list[Action]) -> Action:
    if _anyone_else_has_a_group(view, me):
        return _first(legal, TryForDoubles)  # moving about now mostly costs money
    return _jail(bot, view, me, legal)


def _guide_trade_wanted(bot: StrategyGuide, view: View, me: int) -> Trade | None:
    return _group_trade(view, me, _spare(bot, view, me), bot.trade_markup)


def _guide_turn(bot: StrategyGuide, view: View, me: int, legal: Sequence[Any]) -> Action:
    if _first(legal, Negotiate) is not None and _guide_trade_wanted(bot, view, me) is not None:
        return _first(legal, Negotiate)
    return _turn(bot, view, me, legal)


def _guide_trade(bot: StrategyGuide, view: View, me: int, legal: Sequence[Action]) -> Action:
    if view.decision_about:
        return _trade(bot, view, me, legal)
    trade = _guide_trade_wanted(bot, view, me)
    return trade if trade is not None else _first(legal, EndDealing) or legal[0]


def _guide_offer(bot: StrategyGuide, view: View, me: int, legal: Sequence[Action]) -> Action:
    """Never hand an opponent a complete group cheaply, unless it completes one of ours too."""
    proposal = cast("Proposal", view.decision_about)
    trade, proposer = cast(Trade, proposal.action), proposal.proposer
    price = view.tables.price
    mutual = any(_completes(view, me, s) for s in trade.give)
    for s in trade.take:
        if _completes(view, proposer, s) and not mutual and trade.cash < 3 * price[s]:
            return _first(legal, Refuse)
    return _offer(bot, view, me, legal)


_GUIDE: dict[str, Handler] = {
    "buy": _guide_buy,
    "bid": _guide_bid,
    "jail": _guide_jail,
    "turn": _guide_turn,
    "trade": _guide_trade,
    "offer": _guide_offer,
}

#: The strategy guide's player (seed 004).
strategy_guide = StrategyGuide()
