"""How the kit's named bots play the Toll Road.

Its flow asks one kind of decision, ``buy`` (a lot or gate nobody holds, at
its printed price, or ``Decline``). The rule-of-thumb strategies
(:class:`landlord.policies.bots.Strategy`) keep their meaning:

* ``reserve``: the cash it keeps in hand, scaled from the 1906 game's $500
  start to the Toll Road's (the eager landlord keeps $30 of $200, the
  cautious tenant $120);
* ``max_price``: the dearest lot it buys (0: any), in the rule set's money;
* ``hunts_railroads``: it buys a gate, the Toll Road's nearest thing to a
  railroad, whenever it has the price, whatever its reserve.

The random bot picks either answer; other parameters have nothing to answer
here.
"""

from __future__ import annotations

from typing import Any

from landlord.engine.actions import DECLINE, Buy
from landlord.policies.bots import Strategy, first_of
from toll_road import reserve

__all__ = ["HANDLERS"]


def _buy(bot: Strategy, view: Any, me: int, legal: Any) -> Any:
    """Buy if the price leaves the reserve in hand (and is not above ``max_price``);
    a gate-hunter buys a gate whenever it can pay."""
    buy = first_of(legal, Buy)
    if buy is None:
        return DECLINE
    cash = view.balances[me]
    if view.gate(buy.space) and bot.hunts_railroads and cash >= buy.price:
        return buy
    if bot.max_price and buy.price > bot.max_price:
        return DECLINE
    kept = reserve(bot, view.rules.starting_cash[view.n_players])
    return buy if cash - buy.price >= kept else DECLINE


#: How the named strategies answer each kind of decision of the Toll Road.
HANDLERS = {"buy": _buy}
