"""How the named bots play Quikopoly.

The strategies of :mod:`landlord.policies.bots` keep their meaning, their
money figures scaled from the 1906 game's $500 start to Quikopoly's nine
coins: a reserve of coins kept in hand (the eager landlord keeps one, the
single taxer two, the cautious tenant five), how far they build (hotels a
tile, up to ``build_to``) and whether they pay their way out of Prison.

* ``buy``: buy a face-down tile if the coin leaves the reserve in hand, or
  whatever the reserve if it completes a set of its own (or stops another
  completing one: the other tile is held by someone else);
* ``turn``: place a hotel (on an even set, up to ``build_to`` a tile) while
  the coin leaves the reserve in hand; else throw;
* ``prison``: pay and move if it pays fines and can spare the coin; else stay.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from landlord.engine.actions import DECLINE, PAY_FINE, ROLL, STAY_IN_PRISON, BuildHotel, Buy
from landlord.policies.bots import Strategy

if TYPE_CHECKING:  # pragma: no cover - for the annotations only
    from landlord.engine.actions import Action
    from landlord.engine.state import GameState
    from landlord.engine.view import View as BaseView
    from landlord.families.quikopoly.view import View

__all__ = ["HANDLERS", "reserve_coins"]

#: The 1906 game's starting cash, which the strategies' money figures are set for.
_SET_FOR = 500


def reserve_coins(bot: Strategy, view: BaseView[GameState]) -> int:
    """The bot's reserve in coins: its dollar reserve scaled to the starting cash."""
    start = view.rules.starting_cash[view.n_players]
    return round(bot.reserve * start / _SET_FOR)


def _spare(bot: Strategy, view: View, me: int) -> int:
    return view.balances[me] - reserve_coins(bot, view)


def _buy(bot: Strategy, view: View, me: int, legal: Sequence[Action]) -> Action:
    buy = next((a for a in legal if type(a) is Buy), None)
    if buy is None:
        return DECLINE
    if _spare(bot, view, me) >= buy.price:
        return buy
    # The other tile of its set is already face up: buy to complete a set or block one.
    if view.offered_partner_owner() >= 0 and view.balances[me] >= buy.price:
        return buy
    return DECLINE


def _turn(bot: Strategy, view: View, me: int, legal: Sequence[Action]) -> Action:
    if _spare(bot, view, me) < view.hotel_cost:
        return ROLL
    hotels = [a for a in legal if type(a) is BuildHotel and view.hotels[a.space] < bot.build_to]
    return hotels[0] if hotels else ROLL


def _prison(bot: Strategy, view: View, me: int, legal: Sequence[Action]) -> Action:
    if bot.pays_fine and _spare(bot, view, me) >= view.prison_fine:
        return PAY_FINE
    return STAY_IN_PRISON


#: The method that answers each kind of decision of Quikopoly.
HANDLERS = {"turn": _turn, "buy": _buy, "prison": _prison}
