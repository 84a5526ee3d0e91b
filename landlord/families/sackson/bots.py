"""How the named bots play Property.

Every play is weighed in money: an empty cell claimed is worth a few dollars
and more the larger the group it joins; a rival's cell costs its rent; a
mortgage costs nothing now but leaves the cell one play from being lost; a
cell lost costs its worth. A rent greater than the bot's money bankrupts it,
so it is avoided at any cost, and if every play bankrupts the bot it picks the
lowest rent ("To avoid hard feelings, he should choose the one with the lowest
rent", seed 000). Wild cards are worth keeping: of two plays alike, the one
that keeps a nine or ten is taken.

The strategies of :mod:`landlord.policies.bots` keep their meaning:

* an *aggressive* bot (one that builds, ``build_to`` 2 or more: the eager
  landlord and the strategy guide) weighs the group a cell joins twice as
  much, and buys a rival's cell whenever its units allow;
* a *cautious* bot (the others: the cautious tenant, the single taxer) weighs
  rent twice as much, prefers an empty cell or one of its own it can mortgage
  safely to paying rent, and buys only while it keeps a reserve of units (its
  cash reserve as a share of the 1906 game's $500, of its starting units).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from landlord.engine.actions import DECLINE, BuyCell, PlayCards
from landlord.policies.bots import Strategy
from landlord.rules.sections import required

if TYPE_CHECKING:  # pragma: no cover - for the annotations only
    from landlord.engine.actions import Action
    from landlord.families.sackson.view import View

__all__ = ["HANDLERS", "group_sizes", "is_aggressive", "reserve_units", "weigh"]

#: The 1906 game's starting cash, which the strategies' money figures are set for.
_SET_FOR = 500
#: What a cell claimed is worth to a bot, in dollars, before the group it joins.
_CELL = 5
#: What ruin costs: more than any rent.
_RUIN = 10_000


def is_aggressive(bot: Strategy) -> bool:
    """Whether the bot plays to grow its groups and buys whenever it can."""
    return bot.build_to >= 2


def reserve_units(bot: Strategy, view: View) -> int:
    """The purchase units a cautious bot keeps: its cash reserve's share of $500."""
    if is_aggressive(bot):
        return 0
    return round(min(bot.reserve, _SET_FOR) / _SET_FOR * view.starting_units)


def weigh(
    bot: Strategy, view: View, me: int, play: PlayCards, sizes: dict[int, int] | None = None
) -> float:
    """What a play is worth to the bot, in dollars (higher is better).

    ``sizes`` (from :func:`group_sizes`) gives, for the plays of one decision, the size
    of the group each cell is in or would join, worked out once for all of them.
    """
    aggressive = is_aggressive(bot)
    cell = play.space
    owner = view.owner[cell]
    wild = required(view.rules.play_deck).wild_from
    wilds = (play.red // 10 >= wild) + (play.black // 10 >= wild)
    keep_wilds = -0.5 * wilds
    size = None if sizes is None else sizes.get(cell)
    if owner < 0:
        if size is None:
            size = view.joined_size(me, cell)
        if sizes is not None:
            sizes[cell] = size
        return _CELL + (2 if aggressive else 1) * size + keep_wilds
    if owner == me and not view.mortgaged[cell]:
        return (0 if aggressive else 2) + keep_wilds
    if size is None:
        size = view.group_size(cell)
    if sizes is not None:
        sizes[cell] = size
    if owner == me:
        return -_CELL - size + keep_wilds
    rent = size * view.rate(play.red % 10, play.black % 10)
    if rent > view.balances[me]:
        return -_RUIN - rent
    return -(1 if aggressive else 2) * rent + keep_wilds


def group_sizes(view: View, me: int, legal: Sequence[PlayCards]) -> dict[int, int]:
    """The size of the group each cell the plays name is in (for an empty cell: the
    group it would make for ``me``), from one labelling of the whole grid."""
    label, sizes = view.groups()
    owner = view.owner
    found = {}
    for play in legal:
        cell = play.space
        if cell not in found:
            found[cell] = (
                view.joined_from(label, sizes, me, cell) if owner[cell] < 0 else sizes[label[cell]]
            )
    return found


def _play(bot: Strategy, view: View, me: int, legal: Sequence[PlayCards]) -> PlayCards:
    sizes = group_sizes(view, me, legal) if len(legal) > 1 else {}
    best, best_value = legal[0], weigh(bot, view, me, legal[0], sizes)
    for play in legal[1:]:
        value = weigh(bot, view, me, play, sizes)
        if value > best_value:
            best, best_value = play, value
    return best


def _buy(bot: Strategy, view: View, me: int, legal: Sequence[Action]) -> Action:
    buy = next((a for a in legal if type(a) is BuyCell), None)
    if buy is None:
        return DECLINE
    if view.units[me] - buy.units >= reserve_units(bot, view):
        return buy
    return DECLINE


#: The method that answers each kind of decision of Property.
HANDLERS = {"play": _play, "buy": _buy}
