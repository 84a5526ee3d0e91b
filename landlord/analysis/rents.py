"""What a property earns per throw of an opponent's dice, and how long it takes to pay back.

On the later game's boards (the ``monopoly_us`` and ``monopoly_uk_1972``
rule sets) a property earns rent only when an opponent's throw ends on it.
Multiply the chance of that (:func:`~landlord.analysis.landing.landing_probabilities`)
by the rent and you have the *expected rent per opponent throw*; divide what
the owner paid by that and you have the number of opponent throws it takes,
on average, to earn the money back: the *payback*.

- :func:`property_rents`: every street, railroad and utility at every level
  it can be built or held to;
- :func:`group_rents`: a whole colour group built evenly, row of houses by
  row of houses, with the railroads and utilities as groups too;
- :func:`sweet_spot`: which row of houses pays back fastest, group by
  group, to test the strategy guides' claim that "three houses is the
  sweet spot" (the 2013 blog copied out in seed 004);
- :func:`group_rents_from` and :func:`sweet_spot_from`: the same two
  tables from the table before, for a caller that keeps every table.

How the numbers are counted
---------------------------
- *Per opponent throw*: every throw of the dice, as
  :func:`~landlord.analysis.landing.landing_probabilities` counts them (a
  throw in jail too). With ``n`` opponents, multiply by ``n`` for the rent
  per round of throws.
- *Rent*: as the title deed shows, for a street ``land_rent`` alone,
  ``full_set_multiplier`` times it once the owner holds the whole colour
  group, then the 1 to 4 houses and hotel rents; a railroad's fare by how
  many the owner holds; a utility's multiplier times the dice total, taken
  as 7, the mean of a throw (the throw that lands on a utility is not quite
  a typical one, and a card's "ten times a fresh throw" is not counted;
  the choice is a simplification). The Chance card that sends a player to
  the nearest railroad at twice the fare is not counted either, so the
  railroads are a little undervalued. Mortgages and the bank's shortage of
  houses are left out.
- *Investment*: what the owner has paid for the property at that level:
  the printed price, plus ``house_cost`` for each house; a hotel counts as
  five houses' cost (the four it replaces and one more). A street's land
  is counted at its own price, even where the rent needs the whole group.
- *Payback*: investment / expected rent, in opponent throws.
- *Marginal payback*: the cost of the last step (one more house, the
  hotel, one more railroad) over the expected rent that step adds: how
  fast the *last* money spent comes back.

What the numbers say about "three houses"
-----------------------------------------
On both classic boards the third row of houses pays back fastest (about 9
to 15 opponent throws) in seven of the eight colour groups; the exception
is the cheapest group, where each further row pays back faster up to the
hotel. Counting the land too, three houses is the fastest level only for
the green and dark blue groups. See :func:`sweet_spot`.

Examples
--------
>>> table = property_rents("monopoly_us")
>>> boardwalk = table[(table.name == "Boardwalk") & (table.level == "hotel")].iloc[0]
>>> int(boardwalk.rent), int(boardwalk.investment)
(2000, 1400)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from landlord.analysis.landing import landing_probabilities, track_from_rules

if TYPE_CHECKING:
    import pandas as pd

    from landlord.rules import RuleSet
    from landlord.rules.model import Space

__all__ = [
    "DICE_TOTAL",
    "STREET_LEVELS",
    "group_rents",
    "group_rents_from",
    "property_rents",
    "sweet_spot",
    "sweet_spot_from",
]

#: The dice total a utility's rent is multiplied by: the mean of two dice.
DICE_TOTAL = 7.0

#: A street's levels, in order: its land alone, the whole colour group held
#: (rent doubled), 1 to 4 houses, and a hotel.
STREET_LEVELS = ("single", "full set", "1 house", "2 houses", "3 houses", "4 houses", "hotel")

#: The kinds of property the tables cover.
_KINDS = ("street", "railroad", "utility")


def _rules(rules: RuleSet | str) -> RuleSet:
    if isinstance(rules, str):
        from landlord.rules import load_rules

        return load_rules(rules)
    return rules


def _held(n: int) -> str:
    return f"{n} held"


def _properties(rules: RuleSet) -> dict[str, list]:
    """The board's streets, railroads and utilities by kind, checked to have their figures."""
    found: dict[str, list] = {kind: [] for kind in _KINDS}
    for space in rules.board.spaces:
        if space.kind in found:
            found[space.kind].append(space)
    name = f"rule set {rules.id!r}"
    if not found["street"]:
        raise ValueError(
            f"{name} has no streets (the later game's building sites): "
            "the rent tables are for the Monopoly-style rule sets"
        )
    for space in found["street"]:
        if space.price is None or space.land_rent is None or space.house_cost is None:
            raise ValueError(f"{name}: street {space.name!r} lacks a price, rent or house cost")
        if len(space.rents) != 5:
            raise ValueError(
                f"{name}: street {space.name!r} needs 5 rents (1 to 4 houses, hotel), "
                f"got {len(space.rents)}"
            )
    for space in found["railroad"] + found["utility"]:
        if space.price is None:
            raise ValueError(f"{name}: {space.kind} {space.name!r} has no price")
    return found


def _group_name(space: Space) -> str:
    if space.kind == "railroad":
        return "railroads"
    if space.kind == "utility":
        return "utilities"
    return space.colour or f"group {space.section}"


def property_rents(
    rules: RuleSet | str, strategy: str = "leave", dice_total: float = DICE_TOTAL
) -> pd.DataFrame:
    """Every property at every level: rent, chance of a landing, expected rent and payback.

    Parameters
    ----------
    rules : RuleSet or str
        A loaded rule set of the later game, or its id.
    strategy : {"leave", "stay"}
        How the *opponents* leave jail (see
        :func:`~landlord.analysis.landing.transition_matrix`): a token that
        sits in jail lands on fewer properties.
    dice_total : float
        The dice total a utility's rent is multiplied by (default 7).

    Returns
    -------
    pandas.DataFrame
        One row per property and level, in board order, with columns

        - ``space``, ``name``, ``kind``, ``group`` (the colour, or
          ``"railroads"``, ``"utilities"``), ``colour`` (as the data gives it);
        - ``level``: one of :data:`STREET_LEVELS` for a street, ``"1 held"``
          to ``"4 held"`` for a railroad, ``"1 held"``, ``"2 held"`` for a
          utility; ``houses`` (0 to 5, a hotel counting as 5 houses' cost)
          and ``held`` (how many of its group the owner holds);
        - ``rent``, ``probability`` (that an opponent's throw ends there),
          ``expected_rent`` (their product, per opponent throw);
        - ``investment`` (price plus buildings), ``payback_rolls``;
        - ``marginal_cost``, ``marginal_rent`` and ``marginal_payback_rolls``
          for the step from the level before: the land itself at ``single``
          and ``1 held``; each house and the hotel. The doubling at ``full
          set`` costs this street nothing (it is paid for on the other
          streets), and the second, third... railroad or utility is bought
          elsewhere on the board, so there the marginal cost and payback
          are NaN: :func:`group_rents` gives those steps for the group.

    Raises
    ------
    ValueError
        If the rule set has no streets with a full rent ladder, or its
        board is not a track (see
        :func:`~landlord.analysis.landing.track_from_rules`), or the
        strategy is unknown.

    Examples
    --------
    >>> table = property_rents("monopoly_us")
    >>> row = table[(table.space == 39) & (table.level == "3 houses")].iloc[0]
    >>> int(row.rent), int(row.investment), round(float(row.probability), 4)
    (1400, 1000, 0.0263)
    >>> round(float(row.expected_rent), 2), round(float(row.payback_rolls), 1)
    (36.76, 27.2)
    """
    import pandas as pd

    rules = _rules(rules)
    found = _properties(rules)
    probability = landing_probabilities(track_from_rules(rules), strategy)
    multiplier = rules.rent.full_set_multiplier
    fares = list(rules.railroad.fares)
    utility = list(rules.utility.multipliers)
    sizes: dict[object, int] = {}
    for space in found["street"]:
        sizes[space.section] = sizes.get(space.section, 0) + 1
    rows = []

    def add(space, level, houses, held, rent, investment, marginal_cost, previous_rent):
        p = float(probability[space.index])
        expected = p * rent
        marginal_rent = expected - p * previous_rent
        rows.append(
            {
                "space": space.index,
                "name": space.name,
                "kind": space.kind,
                "group": _group_name(space),
                "colour": space.colour,
                "level": level,
                "houses": houses,
                "held": held,
                "rent": float(rent),
                "probability": p,
                "expected_rent": expected,
                "investment": float(investment),
                "payback_rolls": _ratio(investment, expected),
                "marginal_cost": float(marginal_cost),
                "marginal_rent": marginal_rent,
                "marginal_payback_rolls": _ratio(marginal_cost, marginal_rent),
            }
        )

    spaces = sorted(
        found["street"] + found["railroad"] + found["utility"],
        key=lambda space: space.index,
    )
    for space in spaces:
        if space.kind == "street":
            ladder = [space.land_rent, space.land_rent * multiplier, *space.rents]
            group_size = sizes[space.section]
            previous = 0
            for step, (level, rent) in enumerate(zip(STREET_LEVELS, ladder, strict=True)):
                houses = max(step - 1, 0)
                investment = space.price + houses * space.house_cost
                if step == 0:
                    marginal = space.price
                elif step == 1:
                    marginal = np.nan
                else:
                    marginal = space.house_cost
                held = 1 if step == 0 else group_size
                add(space, level, houses, held, rent, investment, marginal, previous)
                previous = rent
        else:
            ladder = fares if space.kind == "railroad" else [m * dice_total for m in utility]
            count = len(found[space.kind])
            previous = 0
            for held, rent in enumerate(ladder[:count], start=1):
                marginal = space.price if held == 1 else np.nan
                add(space, _held(held), 0, held, rent, space.price, marginal, previous)
                previous = rent
    return pd.DataFrame(rows)


def _ratio(cost: float, rent: float) -> float:
    """Cost over rent, in throws: infinite for no rent, NaN for no cost."""
    if cost is None or np.isnan(cost):
        return float("nan")
    if rent <= 0:
        return float("inf")
    return float(cost) / float(rent)


def group_rents(
    rules: RuleSet | str, strategy: str = "leave", dice_total: float = DICE_TOTAL
) -> pd.DataFrame:
    """Each colour group built evenly, level by level; the railroads and utilities as groups.

    A colour group's levels are ``full set`` (every street held, no
    buildings, the rent doubled) and then one *row* of houses at a time, a
    house on every street of the group (the rules make an owner build
    evenly), up to a hotel on each. The railroads' levels are ``"1 held"``
    to ``"4 held"`` and the utilities' ``"1 held"`` and ``"2 held"``;
    holding ``k`` of them is averaged over which ``k`` (each of them
    counted at ``k / n`` of its landings).

    Parameters
    ----------
    rules, strategy, dice_total
        As for :func:`property_rents`.

    Returns
    -------
    pandas.DataFrame
        One row per group and level, groups in board order, with columns
        ``group``, ``colour``, ``kind``, ``level``, ``houses`` (per street),
        ``held``, ``properties`` (in the group), ``probability`` (that an
        opponent's throw ends on a property of the group held),
        ``cost`` (the land and buildings), ``expected_rent`` (per opponent
        throw), ``payback_rolls`` (cost / expected rent), and for the step
        from the level before: ``marginal_cost`` (a row of houses, the
        hotels, one more railroad or utility; at the first level the whole
        cost), ``marginal_rent`` and ``marginal_payback_rolls``.

    Examples
    --------
    >>> groups = group_rents("monopoly_us")
    >>> orange = groups[groups.group == "orange"].set_index("level")
    >>> int(orange.loc["3 houses", "cost"]), int(orange.loc["3 houses", "marginal_cost"])
    (1460, 300)
    >>> round(float(orange.loc["3 houses", "marginal_payback_rolls"]), 1)
    9.4
    """
    return group_rents_from(property_rents(rules, strategy, dice_total))


def group_rents_from(table: pd.DataFrame) -> pd.DataFrame:
    """:func:`group_rents` from a table :func:`property_rents` made.

    For a caller that keeps both tables (``landlord rents --json``), so that the
    landing chain is solved once.

    Parameters
    ----------
    table : pandas.DataFrame
        What :func:`property_rents` returns.

    Returns
    -------
    pandas.DataFrame
        As :func:`group_rents` returns it.

    Examples
    --------
    >>> properties = property_rents("monopoly_us")
    >>> group_rents_from(properties).equals(group_rents("monopoly_us"))
    True
    """
    import pandas as pd

    rows = []
    order = table.drop_duplicates("group")["group"].tolist()
    for group in order:
        part = table[table.group == group]
        kind = part.kind.iloc[0]
        colour = part.colour.iloc[0]
        properties = part.space.nunique()
        if kind == "street":
            part = part[part.level != "single"]
            levels = [level for level in STREET_LEVELS if level != "single"]
        else:
            levels = list(dict.fromkeys(part.level))
        previous_cost = previous_rent = 0.0
        for level in levels:
            at = part[part.level == level]
            if kind == "street":
                share = 1.0
                cost = float(at.investment.sum())
                held = properties
                houses = int(at.houses.iloc[0])
            else:
                held = int(at.held.iloc[0])
                share = held / properties
                cost = float(at.investment.iloc[0]) * held
                houses = 0
            expected = float(at.expected_rent.sum()) * share
            marginal_cost = cost - previous_cost
            marginal_rent = expected - previous_rent
            rows.append(
                {
                    "group": group,
                    "colour": colour,
                    "kind": kind,
                    "level": level,
                    "houses": houses,
                    "held": held,
                    "properties": properties,
                    "probability": float(at.probability.sum()) * share,
                    "cost": cost,
                    "expected_rent": expected,
                    "payback_rolls": _ratio(cost, expected),
                    "marginal_cost": marginal_cost,
                    "marginal_rent": marginal_rent,
                    "marginal_payback_rolls": _ratio(marginal_cost, marginal_rent),
                }
            )
            previous_cost, previous_rent = cost, expected
    return pd.DataFrame(rows)


def sweet_spot(
    rules: RuleSet | str, strategy: str = "leave", dice_total: float = DICE_TOTAL
) -> pd.DataFrame:
    """Which row of houses pays back fastest in each colour group: is it the third?

    The guide's claim ("3 houses is the sweet spot", seed 004) is that the
    third house is where the money is best used. Read as a claim about the
    *last* money spent, it says that of the five steps of building on a
    full colour group (the 1st, 2nd, 3rd and 4th row of houses, and the
    hotels) the third row pays back in the fewest opponent throws. Read as
    a claim about *all* the money spent, it says that the group with three
    houses on each street, land included, pays back faster than at any
    other level. This function answers both, from :func:`group_rents`.

    What the numbers say, on both classic boards and for either jail
    strategy (the doctest checks the US board under ``"leave"``): the third
    row of houses pays back fastest in seven of the eight colour groups,
    in about 9 to 15 opponent throws (orange best, about 9.4), while the
    fourth row and the hotels take 14 to 42. The exception is the cheapest
    group (Mediterranean and Baltic; Old Kent Road and Whitechapel Road),
    whose rents rise most at the hotel: each further row pays back faster
    there, and the hotels fastest (about 21 throws against 26 for the third
    row). Counting all the money spent, land included, the claim holds only
    for the green and dark blue groups (dark blue by under a throw);
    elsewhere the hotel level pays back faster (red and yellow by under a
    throw).
    The landing chances are the same at every level of a street, so the
    marginal answer comes from the title deeds' rent ladders; the chances
    only weigh the streets of a group against each other.

    Parameters
    ----------
    rules, strategy, dice_total
        As for :func:`property_rents`.

    Returns
    -------
    pandas.DataFrame
        One row per colour group, in board order, with columns ``group``,
        ``colour``, ``best_row`` (the level whose row of houses or hotels
        pays back fastest, for example ``"3 houses"``),
        ``best_row_payback_rolls``, ``third_row_payback_rolls`` (the
        marginal payback of the third row), ``third_row_is_best`` (bool),
        ``best_level`` (the level from ``full set`` to ``hotel`` whose
        *total* cost pays back fastest), ``best_level_payback_rolls`` and
        ``three_houses_payback_rolls`` (the total payback with three houses
        on each street).

    Examples
    --------
    >>> spots = sweet_spot("monopoly_us").set_index("group")
    >>> spots.best_row.to_dict()  # doctest: +NORMALIZE_WHITESPACE
    {'brown': 'hotel', 'light blue': '3 houses', 'pink': '3 houses', 'orange': '3 houses',
     'red': '3 houses', 'yellow': '3 houses', 'green': '3 houses', 'dark blue': '3 houses'}
    >>> spots.third_row_payback_rolls.round(1).to_dict()  # doctest: +NORMALIZE_WHITESPACE
    {'brown': 25.8, 'light blue': 11.7, 'pink': 13.0, 'orange': 9.4, 'red': 11.4,
     'yellow': 11.8, 'green': 14.7, 'dark blue': 11.7}
    >>> spots.best_level[spots.best_level == "3 houses"].index.tolist()
    ['green', 'dark blue']
    """
    return sweet_spot_from(group_rents(rules, strategy, dice_total))


def sweet_spot_from(groups: pd.DataFrame) -> pd.DataFrame:
    """:func:`sweet_spot` from a table :func:`group_rents` made.

    For a caller that keeps both tables (``landlord rents``), so that the
    landing chain is solved once.

    Parameters
    ----------
    groups : pandas.DataFrame
        What :func:`group_rents` (or :func:`group_rents_from`) returns.

    Returns
    -------
    pandas.DataFrame
        As :func:`sweet_spot` returns it.

    Examples
    --------
    >>> groups = group_rents("monopoly_us", "stay")
    >>> sweet_spot_from(groups).equals(sweet_spot("monopoly_us", "stay"))
    True
    """
    import pandas as pd

    rows = []
    builds = ["1 house", "2 houses", "3 houses", "4 houses", "hotel"]
    for group, part in groups[groups.kind == "street"].groupby("group", sort=False):
        part = part.set_index("level")
        marginal = part.loc[builds, "marginal_payback_rolls"]
        total = part.loc[["full set", *builds], "payback_rolls"]
        best_row = str(marginal.idxmin())
        best_level = str(total.idxmin())
        rows.append(
            {
                "group": group,
                "colour": part.colour.iloc[0],
                "best_row": best_row,
                "best_row_payback_rolls": float(marginal.min()),
                "third_row_payback_rolls": float(marginal["3 houses"]),
                "third_row_is_best": best_row == "3 houses",
                "best_level": best_level,
                "best_level_payback_rolls": float(total.min()),
                "three_houses_payback_rolls": float(total["3 houses"]),
            }
        )
    return pd.DataFrame(rows)
