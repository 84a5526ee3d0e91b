"""Expected rent per opponent throw, payback, and the "three houses" claim.

The rents, prices and house costs are the title deeds' (the rule sets' board
CSV files), checked here by hand for a few entries; the landing chances come
from :func:`landing_probabilities`, tested in test_landing.py, so these
tests check the arithmetic on top of them. ``landlord rents`` is run as a
user would type it.
"""

from __future__ import annotations

import json
import math

import numpy as np
import pytest

from landlord.analysis import (
    STREET_LEVELS,
    group_rents,
    landing_probabilities,
    property_rents,
    sweet_spot,
    track_from_rules,
)
from landlord.cli import main
from landlord.rules import load_rules

RULE_SETS = ("monopoly_us", "monopoly_uk_1972")


def landing(rule_id: str, strategy: str = "leave") -> np.ndarray:
    return landing_probabilities(track_from_rules(load_rules(rule_id)), strategy)


def row(table, space, level):
    rows = table[(table.space == space) & (table.level == level)]
    assert len(rows) == 1
    return rows.iloc[0]


# --- Every property at every level ------------------------------------------------------------


def test_the_table_has_every_property_at_every_level():
    table = property_rents("monopoly_us")
    # 22 streets x 7 levels, 4 railroads x 4, 2 utilities x 2.
    assert len(table) == 22 * 7 + 4 * 4 + 2 * 2
    assert set(table.columns) >= {
        "space",
        "name",
        "group",
        "colour",
        "level",
        "rent",
        "probability",
        "expected_rent",
        "investment",
        "payback_rolls",
        "marginal_payback_rolls",
    }
    assert list(table[table.space == 1].level) == list(STREET_LEVELS)
    assert list(table[table.space == 5].level) == ["1 held", "2 held", "3 held", "4 held"]
    assert list(table[table.space == 12].level) == ["1 held", "2 held"]
    assert table.space.is_monotonic_increasing
    assert np.allclose(table.expected_rent, table.probability * table.rent)
    assert np.allclose(table.payback_rolls, table.investment / table.expected_rent)


@pytest.mark.parametrize("strategy", ["leave", "stay"])
def test_hand_checked_entries(strategy):
    table = property_rents("monopoly_us", strategy)
    p = landing("monopoly_us", strategy)
    # Boardwalk (39): $400, houses $200 each; rent $50, $100 with Park Place
    # too, $2,000 with a hotel, which costs five houses: 400 + 5 x 200 = 1,400.
    hotel = row(table, 39, "hotel")
    assert (hotel["name"], hotel.group, hotel.rent, hotel.investment) == (
        "Boardwalk",
        "dark blue",
        2000,
        1400,
    )
    assert hotel.probability == pytest.approx(p[39])
    assert hotel.expected_rent == pytest.approx(2000 * p[39])
    assert hotel.payback_rolls == pytest.approx(1400 / (2000 * p[39]))
    # The hotel's own step: $200 for $2,000 - $1,700 more rent.
    assert hotel.marginal_cost == 200
    assert hotel.marginal_payback_rolls == pytest.approx(200 / (300 * p[39]))
    assert (row(table, 39, "single").rent, row(table, 39, "full set").rent) == (50, 100)
    assert row(table, 39, "single").investment == 400
    # The doubling costs Boardwalk nothing of its own: no marginal payback.
    assert math.isnan(row(table, 39, "full set").marginal_payback_rolls)
    # Mediterranean Avenue (1) with 3 houses: $90 rent for $60 + 3 x $50 = $210.
    three = row(table, 1, "3 houses")
    assert (three.rent, three.investment, three.houses) == (90, 210, 3)
    assert three.marginal_payback_rolls == pytest.approx(50 / ((90 - 30) * p[1]))
    # Reading Railroad (5): $25, $50, $100, $200 as 1 to 4 are held; $200 each.
    fares = [row(table, 5, f"{n} held").rent for n in (1, 2, 3, 4)]
    assert fares == [25, 50, 100, 200]
    assert row(table, 5, "4 held").investment == 200
    # Water Works (28): 4 or 10 times the dice, taken at 7.
    assert [row(table, 28, f"{n} held").rent for n in (1, 2)] == [28, 70]


def test_the_london_board_in_pounds():
    rules = load_rules("monopoly_uk_1972")
    assert rules.info.currency == "£"
    table = property_rents(rules)
    mayfair = row(table, 39, "hotel")
    assert (mayfair["name"], mayfair.rent, mayfair.investment) == ("Mayfair", 2000, 1400)
    assert row(table, 1, "single")["name"] == "Old Kent Road"
    assert row(table, 24, "hotel")["name"] == "Trafalgar Square"


# --- Whole groups --------------------------------------------------------------------------------


def test_a_group_built_evenly_by_hand():
    groups = group_rents("monopoly_us")
    p = landing("monopoly_us")
    orange = groups[groups.group == "orange"].set_index("level")
    assert list(orange.index) == list(STREET_LEVELS[1:])
    # St. James Place (16) and Tennessee Avenue (18) at $180, New York Avenue
    # (19) at $200, houses $100: three houses each cost 560 + 9 x 100 = 1,460,
    # the third row 3 x 100 = 300. Rents with 3 houses: 550, 550, 600; with 2:
    # 200, 200, 220.
    three = orange.loc["3 houses"]
    assert (three.cost, three.marginal_cost, three.properties) == (1460, 300, 3)
    rent = 550 * p[16] + 550 * p[18] + 600 * p[19]
    added = 350 * p[16] + 350 * p[18] + 380 * p[19]
    assert three.expected_rent == pytest.approx(rent)
    assert three.payback_rolls == pytest.approx(1460 / rent)
    assert three.marginal_payback_rolls == pytest.approx(300 / added)
    # Full set, no houses: double the land rents 14, 14, 16.
    assert orange.loc["full set"].expected_rent == pytest.approx(
        28 * p[16] + 28 * p[18] + 32 * p[19]
    )
    assert orange.loc["hotel"].cost == 560 + 15 * 100


def test_railroads_and_utilities_as_groups():
    groups = group_rents("monopoly_us")
    p = landing("monopoly_us")
    railroads = groups[groups.group == "railroads"].set_index("level")
    stations = p[[5, 15, 25, 35]].sum()
    # Holding k of the 4: k x $200 paid, each railroad counted at k/4 of its
    # landings (averaged over which k), fare by k.
    for k, fare in zip((1, 2, 3, 4), (25, 50, 100, 200), strict=True):
        at = railroads.loc[f"{k} held"]
        assert at.cost == 200 * k
        assert at.expected_rent == pytest.approx(stations * k / 4 * fare)
    assert railroads.loc["4 held"].marginal_cost == 200
    utilities = groups[groups.group == "utilities"].set_index("level")
    assert utilities.loc["2 held"].expected_rent == pytest.approx((p[12] + p[28]) * 70)


# --- The sweet spot --------------------------------------------------------------------------


@pytest.mark.parametrize("rule_id", RULE_SETS)
@pytest.mark.parametrize("strategy", ["leave", "stay"])
def test_three_houses_is_the_sweet_spot_except_on_the_cheapest_group(rule_id, strategy):
    # What the numbers say: the third row of houses pays back fastest in seven
    # of the eight colour groups. On the cheapest group the rents rise most at
    # the hotel (Mediterranean 90 -> 160 -> 250, Baltic 180 -> 320 -> 450 for
    # $50 a house), so each later row pays back faster there.
    spots = sweet_spot(rule_id, strategy).set_index("group")
    assert list(spots.index) == [
        "brown",
        "light blue",
        "pink",
        "orange",
        "red",
        "yellow",
        "green",
        "dark blue",
    ]
    assert spots.third_row_is_best.sum() == 7
    assert spots.loc["brown", "best_row"] == "hotel"
    assert not spots.loc["brown", "third_row_is_best"]
    # The guide's "13 rolls or better" for its three favourite groups.
    favourites = spots.loc[["orange", "light blue", "pink"], "third_row_payback_rolls"]
    assert favourites.max() < 14
    assert spots.third_row_payback_rolls.idxmin() == "orange"
    # Counting the land too, three houses wins only on green and dark blue.
    assert sorted(spots.index[spots.best_level == "3 houses"]) == ["dark blue", "green"]
    assert set(spots.best_level) == {"3 houses", "hotel"}


def test_the_marginal_answer_comes_from_the_deeds():
    # With every square equally likely, a row's marginal payback is its cost
    # over the rent it adds; Boardwalk and Park Place add 800 + 600 for $400
    # at the third row (600 -> 1,400 and 500 -> 1,100), more than at any other.
    rules = load_rules("monopoly_us")
    dark_blue = [s for s in rules.board.spaces if s.colour == "dark blue"]
    ladders = [[2 * s.land_rent, *s.rents] for s in dark_blue]
    added = [sum(ladder[k] - ladder[k - 1] for ladder in ladders) for k in range(1, 6)]
    assert added == [205, 725, 1400, 500, 500]
    assert int(np.argmax(added)) + 1 == 3


# --- Bad input ---------------------------------------------------------------------------------


def test_rule_sets_without_streets_are_refused():
    with pytest.raises(ValueError, match="no streets"):
        property_rents("landlords_game")
    with pytest.raises(ValueError, match="strategy"):
        group_rents("monopoly_us", "bail")


# --- landlord rents ---------------------------------------------------------------------------


def run(capsys, *args):
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def test_rents_prints_the_groups_and_the_answer(capsys):
    status, out, err = run(capsys, "rents", "--rules", "monopoly_us")
    assert status == 0
    assert err == ""
    lines = out.splitlines()
    assert lines[0] == "Rent and payback: Monopoly: the classic US rules (monopoly_us)"
    heading = next(i for i, line in enumerate(lines) if line.startswith("group "))
    assert lines[heading].split() == [
        "group",
        "level",
        "cost",
        "rent/throw",
        "payback",
        "marginal",
        "payback",
    ]
    orange = next(line for line in lines if line.startswith("orange      3 houses"))
    assert orange.split()[3:] == ["$1,460", "$50.02", "29.2", "9.4"]
    assert "the third row pays back fastest in 7 of 8 colour groups; not in brown (hotel)." in out
    assert "three houses is the fastest level in green, dark blue." in out


def test_rents_json_and_pounds(capsys):
    status, out, _ = run(capsys, "rents", "--rules", "monopoly_uk_1972", "--strategy", "stay")
    assert status == 0
    assert "£1,460" in out
    status, out, _ = run(capsys, "rents", "--rules", "monopoly_uk_1972", "--json")
    report = json.loads(out)
    assert (report["rules"], report["currency"], report["dice_total"]) == (
        "monopoly_uk_1972",
        "£",
        7.0,
    )
    assert len(report["properties"]) == 22 * 7 + 4 * 4 + 2 * 2
    assert len(report["sweet_spot"]) == 8
    mayfair = next(
        r for r in report["properties"] if r["name"] == "Mayfair" and r["level"] == "hotel"
    )
    assert (mayfair["rent"], mayfair["investment"]) == (2000, 1400)


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (["--rules", "nowhere"], "unknown rule set 'nowhere'"),
        (["--strategy", "bail"], "argument --strategy: invalid choice: 'bail'"),
        (["--rules", "landlords_game"], "rule set 'landlords_game' has no streets"),
        (["--rolls", "5"], "unrecognized arguments: --rolls 5"),
    ],
)
def test_rents_bad_arguments_print_the_usage_and_exit_2(capsys, args, reason):
    with pytest.raises(SystemExit) as exit_:
        main(["rents", *args])
    assert exit_.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("usage: landlord")
    assert reason in err
