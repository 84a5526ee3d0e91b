"""Magie's claims as a scorecard: what a comparison measures besides one Gini.

Magie claimed more than "less inequality". Under private land rent one player
ends up owning everything and the others are poor; under the single tax the
rent goes to the public, the public buys free utilities and colleges and
raises wages, and nobody can gain any great advantage. So each game is scored
on four groups of measures:

* **concentration**: the Gini of net worth (:func:`landlord.metrics.gini`)
  and the richest player's share of what the players hold (a player in debt
  counts as holding nothing, so the share stays between 1/n and 1);
* **poverty**: the poorest player's net worth at the end, and whether the
  poorest player's cash at least doubled his starting cash (the test reported
  for Magie's 1932 Prosperity, read on cash);
* **where the rent went**: land rent paid to players and land rent paid to the
  Public Treasury (the single tax's rent, site bids, Natural Opportunity rent,
  the dial's tax); the family's own figures add public works and wages;
* **length**: rounds played.

The Gini of net worth is undefined when the players' debts are as large as all
they hold together (the total net worth is 0 or less), and it can exceed 1
when debts are large but the total is still positive. An undefined figure is
``nan`` for that game; a comparison leaves it out of the mean and says in how
many games it was undefined, instead of leaving a blank.

Examples
--------
>>> from landlord.session import Session
>>> game = Session("landlords_game", ["eager_landlord"] * 3, seed=2).run()
>>> scores = game_scores(game)
>>> sorted(scores)  # doctest: +NORMALIZE_WHITESPACE
['land_rent_to_players', 'land_rent_to_treasury', 'poorest_doubled', 'poorest_net_worth',
 'richest_share', 'treasury_collected', 'treasury_spent']
>>> 1 / 3 <= scores["richest_share"] <= 1
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

__all__ = ["MEASURES", "Measure", "game_scores", "richest_share"]

#: The pile whose takings and spending are reported.
TREASURY = "public_treasury"


@dataclass(frozen=True)
class Measure:
    """One line of the scorecard: a column of a comparison's games, and its words."""

    #: The column of ``Comparison.games`` (and of the summary, with its interval).
    name: str
    #: The group it belongs to: concentration, poverty, rent or length.
    group: str
    #: How the table names it.
    words: str
    #: ``"money"``, ``"share"`` (of games), or a format for the number.
    form: str = "{:.3f}"


#: The scorecard's measures, in the order a table shows them.
MEASURES: tuple[Measure, ...] = (
    Measure("gini_net_worth", "concentration", "final Gini of net worth"),
    Measure("richest_share", "concentration", "richest player's share of wealth"),
    Measure("poorest_net_worth", "poverty", "poorest player's net worth", form="money"),
    Measure(
        "poorest_doubled",
        "poverty",
        "games where the poorest player doubled his starting cash",
        form="share",
    ),
    Measure("land_rent_to_players", "rent", "land rent paid to players", form="money"),
    Measure("land_rent_to_treasury", "rent", "land rent paid to the Treasury", form="money"),
    Measure("rounds", "length", "rounds played", form="{:.1f}"),
)


def richest_share(worths: list[int] | tuple[int, ...]) -> float:
    """The richest player's share of what the players hold, a player in debt holding nothing.

    Always between 1/n and 1; ``nan`` when nobody holds anything above his debts.

    >>> richest_share([100, 300])
    0.75
    >>> richest_share([-500, 300, 100])
    0.75
    >>> richest_share([-500, 0])
    nan
    """
    held = sum(worth for worth in worths if worth > 0)
    if held <= 0:
        return math.nan
    return max(worths) / held


def game_scores(game: Any) -> dict[str, Any]:
    """The scorecard's figures of one finished game that the round table does not give.

    The Gini and the rounds come from the comparison's own tables; this adds the
    richest share, the poorest player's figures and where money went, from one
    pass over the ledger.
    """
    n = game.n_players
    worths = game.net_worths()
    cash = game.ledger.balances[:n]
    start = game.rules.starting_cash.get(n, 0)
    treasury = game.pile_account.get(TREASURY, -1)
    collected = spent = to_players = to_treasury = 0
    for record in game.ledger.records:
        payer, payee, amount = record[2], record[3], record[4]
        if payee == treasury:
            collected += amount
        elif payer == treasury:
            spent += amount
        if getattr(record[5], "group", "") == "land rent":
            if payee < n:
                to_players += amount
            elif payee == treasury:
                to_treasury += amount
    return {
        "richest_share": richest_share(worths),
        "poorest_net_worth": min(worths),
        "poorest_doubled": bool(start) and min(cash) >= 2 * start,
        "land_rent_to_players": to_players,
        "land_rent_to_treasury": to_treasury,
        "treasury_collected": collected,
        "treasury_spent": spent,
    }
