"""Magie's claims as a scorecard: concentration, poverty, where the rent went, length.

Every figure a comparison shows is defined, or said to be undefined and in how
many games: never a blank cell.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scenarios import at_throw

from landlord.experiments import compare
from landlord.metrics import gini, mean_gap
from landlord.scorecard import (
    FLOWS,
    GROUPS,
    MEASURES,
    game_scores,
    money_by_round,
    position_figures,
    richest_share,
)
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
    line = next(row for row in table.splitlines() if row.startswith("  Gini of net worth"))
    assert f"(undefined in {undefined})" in line
    assert "nan" not in table
    assert "debts were as large as all they held" in table
    # The mean curve leaves the undefined games out, so it is never nan.
    assert not random_tables.per_round["mean_gini_net_worth"].isna().any()


def test_the_scorecard_shows_every_group_with_its_paired_differences(random_tables):
    table = random_tables.table()
    for _, heading in GROUPS:
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


# --- relative and absolute, totals and where the money came from ---------------------


@settings(max_examples=200)
@given(
    st.lists(st.integers(-5_000, 20_000), min_size=2, max_size=6),
    st.integers(1, 20),
)
def test_the_gap_grows_with_everyone_s_wealth_where_the_gini_does_not(worths, times):
    # The finding that made the gap a measure: a table that grows alike keeps its Gini
    # while the gap between players grows in dollars.
    larger = [worth * times for worth in worths]
    assert mean_gap(larger) == pytest.approx(times * mean_gap(worths))
    if sum(worths) > 0:
        assert gini(larger) == pytest.approx(gini(worths))
        n = len(worths)
        assert mean_gap(worths) * (n - 1) / (2 * sum(worths)) == pytest.approx(gini(worths))


@pytest.mark.parametrize(
    ("rules", "bots"),
    [
        ("landlords_game", ["eager_landlord", "random", "cautious_tenant"]),
        ("single_tax", ["eager_landlord"] * 4),
        ("landlords_game", ["random"] * 2),
        ("monopoly_us", ["strategy_guide"] * 3),
        ("quikopoly", ["eager_landlord"] * 3),
        ("property", ["cautious_tenant"] * 3),
    ],
)
def test_every_dollar_the_players_hold_came_from_the_start_the_bank_or_the_treasury(rules, bots):
    for seed in range(4):
        game = Session(rules, bots, seed=seed).run()
        table = money_by_round(game)
        n = game.n_players
        start = game.rules.starting_cash[n]
        cash = table[:, :n].sum(axis=1)
        bank, treasury = table[:, n], table[:, n + 1]
        assert (cash == n * start + bank + treasury).all()
        # Round by round, the ledger's cash is the round table's.
        assert table[:, :n].tolist() == [list(held) for _, held, _ in game.round_net_worths]
        # Rent only ever adds up.
        rents = table[:, n + 2 :]
        assert (np.diff(rents, axis=0) >= 0).all()


def test_the_monopolist_treasury_keeps_what_it_takes_and_the_single_tax_spends_it():
    seats = ["eager_landlord"] * 4
    kept = game_scores(Session("landlords_game", seats, seed=5).run())
    spent = game_scores(Session("single_tax", seats, seed=5).run())
    assert kept["treasury_money"] == -kept["treasury_collected"] < 0
    assert spent["treasury_money"] == spent["treasury_spent"] - spent["treasury_collected"]
    assert spent["land_rent_share_to_players"] == 0
    assert 0 < kept["land_rent_share_to_players"] <= 1


def test_the_clipped_gini_counts_a_debtor_as_holding_nothing():
    worth = np.array([[-500, 0, 0, 600]])
    money = np.zeros((1, 4 + len(FLOWS)), np.int64)
    figures = position_figures(worth, money, 100)
    assert figures["gini_net_worth"][0] == pytest.approx(8.25)  # a total of only $100
    assert figures["gini_clipped"][0] == pytest.approx(0.75)  # one player holds all
    assert figures["dollar_gap"][0] == pytest.approx(550)
    assert figures["total_wealth"][0] == 100


def test_the_table_shows_the_clipped_gini_only_where_someone_is_in_debt(random_tables):
    assert (random_tables.games["poorest_net_worth"] < 0).any()
    assert "Gini of net worth, debts counted as nothing" in random_tables.table()
    calm = compare(["landlords_game", "single_tax"], games=5, players=["cautious_tenant"] * 4)
    assert (calm.games["poorest_net_worth"] > 0).all()
    assert "debts counted as nothing" not in calm.table()


def test_a_gini_above_one_is_explained_in_plain_words(random_tables):
    assert (random_tables.summary["gini_net_worth"] > 1).any()
    assert "some players owe more than they own" in random_tables.table()


def test_measures_read_at_a_common_round_are_those_of_that_round():
    seats = ["eager_landlord", "cautious_tenant", "random"]
    result = compare(["landlords_game", "single_tax"], games=6, players=seats, seed=4, at_round=12)
    games = result.games
    for _, row in games.iterrows():
        game = Session(row["rules"], seats, seed=int(row["seed"])).run()
        money = money_by_round(game)
        k = min(12, len(money) - 1)
        worth = np.array([game.round_net_worths[k][2]])
        figures = position_figures(worth, money[k : k + 1], game.rules.starting_cash[3])
        for name, values in figures.items():
            assert row[f"{name}_at_round"] == pytest.approx(values[0], nan_ok=True), name
        assert row["ended_before_round"] == (game.round < 12)
    table = result.table()
    assert "then at the end of round 12, a common round for every rule set" in table
    assert "AT THE END OF ROUND 12" in table
    assert "games over before round 12" in table
    # At the end only, the table says games may end at different rounds.
    plain = compare(["landlords_game", "single_tax"], games=3, players=seats, seed=4)
    assert "games of different rule sets may end at different rounds" in plain.table()
    assert "_at_round" not in " ".join(plain.games.columns)


def test_a_bad_common_round_is_refused():
    for bad in (0, -3, 2.5, True, "10", 10_001):
        with pytest.raises(ValueError, match="at_round is a whole number from 1"):
            compare("landlords_game", games=1, at_round=bad)
