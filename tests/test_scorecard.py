"""Magie's claims as a scorecard: concentration, poverty, where the rent went, length.

Every figure a comparison shows is defined, or said to be undefined and in how
many games: never a blank cell.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from scenarios import at_throw

from landlord.experiments import compare
from landlord.scorecard import MEASURES, game_scores, richest_share
from landlord.session import Session


@given(st.lists(st.integers(-10_000, 10_000), min_size=2, max_size=6))
def test_the_richest_share_is_between_one_nth_and_one_or_undefined(worths):
    share = richest_share(worths)
    if max(worths) <= 0:
        assert math.isnan(share)
    else:
        assert 1 / len(worths) - 1e-12 <= share <= 1


def test_the_poorest_player_doubled_his_starting_cash_only_at_twice_the_start():
    # Two players start with $600 each.
    assert game_scores(at_throw(cash={0: 1200, 1: 5000}))["poorest_doubled"]
    assert not game_scores(at_throw(cash={0: 1199, 1: 5000}))["poorest_doubled"]


@pytest.mark.parametrize("seed", [1, 2])
def test_where_the_land_rent_went_follows_the_rules(seed):
    seats = ["eager_landlord", "cautious_tenant", "eager_landlord"]
    private = game_scores(Session("landlords_game", seats, seed=seed).run())
    public = game_scores(Session("single_tax", seats, seed=seed).run())
    # Under private land rent, players get the rent of lots they hold; the Treasury
    # only the rent of lots nobody bought. Under the single tax, players get none.
    assert private["land_rent_to_players"] > private["land_rent_to_treasury"] >= 0
    assert public["land_rent_to_players"] == 0
    assert public["land_rent_to_treasury"] > 0
    assert public["treasury_spent"] > 0 == private["treasury_spent"]


@pytest.fixture(scope="module")
def random_tables():
    """Random players: in many monopolist games debts outgrow all holdings."""
    return compare(["landlords_game", "single_tax"], games=30, players=["random"] * 4, seed=7)


def test_an_undefined_gini_is_counted_and_said_never_a_blank(random_tables):
    games, summary = random_tables.games, random_tables.summary
    monopolist = games[games["rules"] == "landlords_game"]
    undefined = int(monopolist["gini_net_worth"].isna().sum())
    assert undefined > 0  # the situation the scorecard must explain
    assert summary.loc["landlords_game", "gini_net_worth_undefined"] == undefined
    defined = monopolist["gini_net_worth"].dropna()
    assert summary.loc["landlords_game", "gini_net_worth"] == pytest.approx(defined.mean())
    # The paired difference uses the games where both are defined.
    table = random_tables.table()
    line = next(row for row in table.splitlines() if row.startswith("  final Gini of net worth"))
    assert f"(undefined in {undefined})" in line
    assert "nan" not in table
    assert "debts were as large as all they held" in table
    # The mean curve leaves the undefined games out, so it is never nan.
    assert not random_tables.per_round["mean_gini_net_worth"].isna().any()


def test_the_scorecard_shows_every_group_with_its_paired_differences(random_tables):
    table = random_tables.table()
    for heading in ("concentration", "poverty", "where the land rent went", "length"):
        assert f"\n{heading}\n" in table
    for measure in MEASURES:
        assert measure.words in table
        assert not np.isnan(random_tables.summary.loc["single_tax", f"{measure.name}_difference"])
    lines = table.splitlines()
    poorest = lines.index(next(row for row in lines if "poorest player's net worth" in row))
    assert "difference from landlords_game" in lines[poorest + 1]
    assert "$" in lines[poorest]
    assert "[" in lines[poorest + 1]


def test_the_table_explains_a_gini_of_cash_that_moves_against_net_worth(random_tables):
    summary = random_tables.summary.loc["single_tax"]
    apart = summary["gini_cash_difference"] * summary["gini_net_worth_difference"] < 0
    assert ("cash is not wealth" in random_tables.table()) == apart
