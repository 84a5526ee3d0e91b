"""The inequality measures and the confidence interval of a mean, against known answers.

Every expected value is worked out by hand (or from a printed table of
Student's t) in the test, not taken from the code under test.
"""

from __future__ import annotations

import math
from itertools import product

import numpy as np
import pytest

from landlord.metrics import (
    gini,
    herfindahl,
    lorenz,
    mean_interval,
    shares,
    t_quantile,
    top_share,
)


def pairwise_gini(values):
    """The definition, pair by pair: sum |x_i - x_j| / (2 n^2 mean)."""
    n = len(values)
    total = sum(abs(a - b) for a, b in product(values, repeat=2))
    return total / (2 * n * n * (sum(values) / n))


# --- gini ---------------------------------------------------------------------------


@pytest.mark.parametrize("n", [2, 3, 4, 10])
def test_equal_holdings_give_0(n):
    assert gini([500] * n) == 0.0
    assert gini([500] * n, corrected=True) == 0.0


@pytest.mark.parametrize("n", [2, 3, 4, 10])
def test_one_holder_gives_1_minus_1_over_n_or_1_corrected(n):
    values = [0] * (n - 1) + [1000]
    assert gini(values) == pytest.approx(1 - 1 / n)
    assert gini(values, corrected=True) == pytest.approx(1.0)
    assert gini(list(reversed(values))) == pytest.approx(1 - 1 / n)


def test_one_holder_among_four_is_0_75():
    assert gini([0, 2000, 0, 0]) == 0.75


def test_1_2_3_4_is_exactly_one_quarter():
    # Pairs: |differences| sum to 2 * (1+2+3+1+2+1) = 20; 20 / (2 * 16 * 2.5) = 0.25.
    assert gini([1, 2, 3, 4]) == 0.25
    assert gini([4, 1, 3, 2]) == 0.25
    assert gini([1, 2, 3, 4], corrected=True) == pytest.approx(1 / 3)


@pytest.mark.parametrize(
    "values", [[3, 1, 4, 1, 5, 9, 2, 6], [10, 0, 0, 5], [-20, 50, 70, 100], [1.5, 2.5, 0.25]]
)
def test_agrees_with_the_pairwise_definition(values):
    assert gini(values) == pytest.approx(pairwise_gini(values))


def test_scaling_all_holdings_does_not_change_it():
    assert gini([10, 20, 30, 40]) == pytest.approx(gini([1, 2, 3, 4]))


def test_all_zeros_give_0():
    assert gini([0, 0, 0, 0]) == 0.0
    assert gini([0.0, 0.0], corrected=True) == 0.0


@pytest.mark.parametrize("values", [[-5, 5, 0], [-10, 3, 2], [-1, -1, -1], [0, -4, 0]])
def test_a_total_of_zero_or_less_with_some_holdings_is_undefined(values):
    assert math.isnan(gini(values))


def test_debts_are_allowed_while_the_total_is_positive_and_can_exceed_1():
    # [-50, 0, 0, 150]: pairs sum to 2 * (50 + 50 + 200 + 0 + 150 + 150) = 1200;
    # 1200 / (2 * 16 * 25) = 1.5.
    assert gini([-50, 0, 0, 150]) == 1.5
    assert gini([-10, 100, 100, 100]) == pytest.approx(pairwise_gini([-10, 100, 100, 100]))
    assert gini([-10, 100, 100, 100]) < 1


def test_nan_gives_nan():
    assert math.isnan(gini([1.0, float("nan"), 3.0]))


def test_a_table_of_games_by_players_gives_one_figure_per_game():
    table = np.array([[1, 1, 1, 1], [1, 2, 3, 4], [0, 0, 0, 8], [0, 0, 0, 0], [-5, 5, 0, 0]])
    result = gini(table)
    assert result.shape == (5,)
    np.testing.assert_allclose(result[:4], [0.0, 0.25, 0.75, 0.0])
    assert math.isnan(result[4])
    np.testing.assert_allclose(gini(table.T, axis=0)[:4], [0.0, 0.25, 0.75, 0.0])
    np.testing.assert_allclose(gini(table[:4], corrected=True), [0.0, 1 / 3, 1.0, 0.0])


def test_three_dimensions_games_rounds_players():
    table = np.array([[[1, 2, 3, 4], [0, 0, 0, 4]], [[2, 2, 2, 2], [1, 1, 1, 1]]])
    np.testing.assert_allclose(gini(table), [[0.25, 0.75], [0.0, 0.0]])


def test_a_single_holding_gives_0_and_no_holding_is_refused():
    assert gini([42]) == 0.0
    with pytest.raises(ValueError, match="at least one value"):
        gini([])
    with pytest.raises(ValueError, match="at least two values"):
        gini([42], corrected=True)


def test_a_one_d_input_gives_a_python_float():
    assert type(gini([1, 2, 3])) is float


def test_large_pareto_samples_approach_1_over_2a_minus_1():
    # Classic Pareto with x_m = 1 and shape a > 1 has Gini 1 / (2a - 1): 1/3 for a = 2,
    # 1/5 for a = 3. Over seeds the sample figure from 200,000 draws spreads by about
    # 0.003 (a = 2, infinite variance) and 0.0008 (a = 3).
    rng = np.random.default_rng(20240611)
    assert gini(rng.pareto(2.0, 200_000) + 1) == pytest.approx(1 / 3, abs=0.008)
    assert gini(rng.pareto(3.0, 200_000) + 1) == pytest.approx(1 / 5, abs=0.003)


# --- lorenz ---------------------------------------------------------------------------


@pytest.mark.parametrize("n", [1, 2, 4, 10])
def test_lorenz_of_equal_holdings_is_the_diagonal(n):
    population, holdings = lorenz([500] * n)
    np.testing.assert_allclose(population, np.arange(n + 1) / n)
    np.testing.assert_allclose(holdings, np.arange(n + 1) / n)


@pytest.mark.parametrize("n", [2, 4, 10])
def test_lorenz_of_one_holder_stays_at_0_until_the_last_point(n):
    population, holdings = lorenz([0] * (n - 1) + [1000])
    assert population.shape == holdings.shape == (n + 1,)
    np.testing.assert_array_equal(holdings, [0.0] * n + [1.0])
    np.testing.assert_array_equal(lorenz([1000] + [0] * (n - 1))[1], holdings)


def test_lorenz_of_1_2_3_4_by_hand():
    # Sorted 1, 2, 3, 4 of 10: running totals 0, 1, 3, 6, 10.
    population, holdings = lorenz([3, 1, 4, 2])
    np.testing.assert_allclose(population, [0, 0.25, 0.5, 0.75, 1])
    np.testing.assert_allclose(holdings, [0, 0.1, 0.3, 0.6, 1])
    assert holdings[0] == 0.0
    assert holdings[-1] == 1.0


def test_lorenz_of_nothing_held_is_the_diagonal():
    np.testing.assert_allclose(lorenz([0, 0, 0])[1], [0, 1 / 3, 2 / 3, 1])


@pytest.mark.parametrize("values", [[-5, 5, 0], [-10, 3, 2], [-1, -1, -1], [1.0, np.nan, 3.0]])
def test_lorenz_with_a_total_of_zero_or_less_or_a_nan_has_nan_shares(values):
    population, holdings = lorenz(values)
    np.testing.assert_allclose(population, [0, 1 / 3, 2 / 3, 1])
    assert np.all(np.isnan(holdings))


def test_lorenz_with_debts_dips_below_0():
    # Sorted -50, 0, 0, 150 of 100: running totals 0, -50, -50, -50, 100.
    np.testing.assert_allclose(lorenz([0, 150, -50, 0])[1], [0, -0.5, -0.5, -0.5, 1])


def test_lorenz_of_a_table_gives_one_curve_per_row():
    table = np.array([[1, 1, 1, 1], [4, 3, 2, 1], [0, 0, 8, 0], [0, 0, 0, 0], [-5, 5, 0, 0]])
    population, holdings = lorenz(table)
    assert population.shape == holdings.shape == (5, 5)
    np.testing.assert_allclose(population, np.tile([0, 0.25, 0.5, 0.75, 1], (5, 1)))
    np.testing.assert_allclose(
        holdings[:4],
        [[0, 0.25, 0.5, 0.75, 1], [0, 0.1, 0.3, 0.6, 1], [0, 0, 0, 0, 1], [0, 0.25, 0.5, 0.75, 1]],
    )
    assert np.all(np.isnan(holdings[4]))
    population[0, 0] = 9.0  # the rows are arrays of their own, not views of one
    assert population[1, 0] == 0.0


def test_lorenz_needs_a_holding():
    with pytest.raises(ValueError, match="at least one value"):
        lorenz([])


@pytest.mark.parametrize("shape", [(7,), (50,), (20, 9), (3, 4, 6)])
def test_twice_the_area_between_diagonal_and_lorenz_curve_is_the_gini(shape):
    rng = np.random.default_rng(sum(shape))
    values = rng.lognormal(3.0, 1.0, size=shape) - rng.uniform(0, 10, size=shape)
    population, holdings = lorenz(values)
    area_between = 0.5 - np.trapezoid(holdings, population, axis=-1)
    np.testing.assert_allclose(2 * area_between, gini(values), rtol=1e-12, atol=1e-12)


# --- top_share ------------------------------------------------------------------------


@pytest.mark.parametrize(("n", "k"), [(1, 1), (4, 1), (4, 3), (10, 10)])
def test_top_share_of_equal_holdings_is_k_over_n(n, k):
    assert top_share([250] * n, k=k) == pytest.approx(k / n)
    assert top_share([0] * n, k=k) == pytest.approx(k / n)


def test_top_share_of_one_holder_is_1():
    assert top_share([0, 0, 700, 0]) == 1.0
    assert top_share([0, 0, 700, 0], k=2) == 1.0


def test_top_share_by_hand():
    # 3, 1, 4, 1, 5, 9, 2, 6 sum to 31; the richest are 9, then 6, then 5.
    values = [3, 1, 4, 1, 5, 9, 2, 6]
    assert top_share(values) == pytest.approx(9 / 31)
    assert top_share(values, k=3) == pytest.approx(20 / 31)
    assert top_share(values, k=8) == pytest.approx(1.0)


def test_top_share_with_debts_and_bad_totals():
    assert top_share([-50, 0, 0, 150]) == pytest.approx(1.5)
    assert math.isnan(top_share([-5, 5, 0]))
    assert math.isnan(top_share([-1, -1, -1], k=2))
    assert math.isnan(top_share([1.0, np.nan, 3.0]))


def test_top_share_of_a_table_along_either_axis():
    table = np.array([[1, 1, 1, 1], [1, 2, 3, 4], [0, 0, 0, 8], [0, 0, 0, 0], [-5, 5, 0, 0]])
    result = top_share(table, k=2)
    assert result.shape == (5,)
    np.testing.assert_allclose(result[:4], [0.5, 0.7, 1.0, 0.5])
    assert math.isnan(result[4])
    np.testing.assert_allclose(top_share(table.T, k=2, axis=0)[:4], [0.5, 0.7, 1.0, 0.5])
    assert type(top_share([1, 2, 3])) is float


@pytest.mark.parametrize("k", [0, -1, 5, 2.0, True, "1"])
def test_top_share_refuses_a_k_that_is_not_1_to_n(k):
    with pytest.raises(ValueError, match="k="):
        top_share([1, 2, 3, 4], k=k)


def test_top_share_agrees_with_the_lorenz_curve():
    values = np.random.default_rng(3).exponential(100.0, size=12)
    holdings = lorenz(values)[1]
    for k in range(1, 13):
        assert top_share(values, k=k) == pytest.approx(1 - holdings[12 - k])


# --- herfindahl -----------------------------------------------------------------------


@pytest.mark.parametrize("n", [2, 3, 4, 10])
def test_herfindahl_of_equal_holdings_is_1_over_n_or_0_normalized(n):
    assert herfindahl([7] * n) == pytest.approx(1 / n)
    assert herfindahl([7] * n, normalized=True) == 0.0


@pytest.mark.parametrize("n", [1, 2, 4, 10])
def test_herfindahl_of_one_holder_is_1(n):
    values = [0] * (n - 1) + [12]
    assert herfindahl(values) == 1.0
    if n >= 2:
        assert herfindahl(values, normalized=True) == pytest.approx(1.0)


def test_herfindahl_by_hand():
    # 2, 3, 5 of 10: 0.04 + 0.09 + 0.25 = 0.38; (0.38 - 1/3) / (2/3) = 0.07.
    assert herfindahl([2, 3, 5]) == pytest.approx(0.38)
    assert herfindahl([5, 2, 3], normalized=True) == pytest.approx(0.07)
    # 1, 1, 2 of 4: 1/16 + 1/16 + 1/4 = 3/8; (3/8 - 1/3) / (2/3) = 1/16.
    assert herfindahl([1, 1, 2]) == pytest.approx(0.375)
    assert herfindahl([1, 1, 2], normalized=True) == pytest.approx(0.0625)


def test_herfindahl_of_nothing_held_is_nan():
    assert math.isnan(herfindahl([0, 0, 0]))
    assert math.isnan(herfindahl([0, 0, 0], normalized=True))
    assert math.isnan(herfindahl([1.0, np.nan, 3.0]))


def test_herfindahl_of_a_table_along_either_axis():
    table = np.array([[5, 5, 5, 5], [0, 0, 3, 0], [1, 1, 1, 3], [0, 0, 0, 0]])
    # Row 3: 1, 1, 1, 3 of 6: 3/36 + 9/36 = 1/3; normalized (1/3 - 1/4) / (3/4) = 1/9.
    result = herfindahl(table)
    assert result.shape == (4,)
    np.testing.assert_allclose(result[:3], [0.25, 1.0, 1 / 3])
    assert math.isnan(result[3])
    np.testing.assert_allclose(herfindahl(table.T, axis=0)[:3], [0.25, 1.0, 1 / 3])
    np.testing.assert_allclose(herfindahl(table[:3], normalized=True), [0.0, 1.0, 1 / 9])
    assert type(herfindahl([1, 2])) is float


def test_herfindahl_refuses_negative_holdings_and_too_few_players():
    with pytest.raises(ValueError, match="negative"):
        herfindahl([3, -1, 2])
    with pytest.raises(ValueError, match="negative"):
        herfindahl([[1, 1], [0, -1]])
    with pytest.raises(ValueError, match="at least one value"):
        herfindahl([])
    with pytest.raises(ValueError, match="at least two values"):
        herfindahl([5], normalized=True)


# --- shares ---------------------------------------------------------------------------


def test_shares_by_hand_add_up_to_1():
    result = shares([30, 10, 0, 10])
    np.testing.assert_allclose(result, [0.6, 0.2, 0.0, 0.2])
    assert result.sum() == pytest.approx(1.0)


def test_shares_of_equal_amounts_and_of_one_receiver():
    np.testing.assert_allclose(shares([4, 4, 4, 4]), [0.25] * 4)
    np.testing.assert_array_equal(shares([0, 90, 0]), [0.0, 1.0, 0.0])


def test_shares_of_a_zero_total_are_nan():
    assert np.all(np.isnan(shares([0, 0, 0])))
    assert np.all(np.isnan(shares([-5, 5, 0])))


def test_shares_of_a_table_along_either_axis():
    table = np.array([[1, 3], [0, 0], [2, 2]])
    by_row = shares(table)
    assert by_row.shape == (3, 2)
    np.testing.assert_allclose(by_row[[0, 2]], [[0.25, 0.75], [0.5, 0.5]])
    assert np.all(np.isnan(by_row[1]))
    np.testing.assert_allclose(shares(table, axis=0), [[1 / 3, 0.6], [0, 0], [2 / 3, 0.4]])


# --- mean_interval and Student's t -----------------------------------------------------


@pytest.mark.parametrize(
    ("df", "t95", "t99"),
    [  # printed tables of Student's t, two-sided
        (1, 12.706, 63.657),
        (2, 4.303, 9.925),
        (3, 3.182, 5.841),
        (5, 2.571, 4.032),
        (10, 2.228, 3.169),
        (20, 2.086, 2.845),
        (29, 2.045, 2.756),
        (30, 2.042, 2.750),  # the last exact one; from 31 on, the expansion
        (31, 2.040, 2.744),
        (40, 2.021, 2.704),
        (60, 2.000, 2.660),
        (120, 1.980, 2.617),
        (10_000, 1.960, 2.576),
    ],
)
def test_t_quantiles_match_the_printed_table(df, t95, t99):
    assert t_quantile(0.95, df) == pytest.approx(t95, abs=5e-4)
    assert t_quantile(0.99, df) == pytest.approx(t99, abs=5e-4)


@pytest.mark.parametrize(
    ("level", "df", "reason"),
    [
        (0, 5, "between 0 and 1"),
        (1, 5, "between 0 and 1"),
        (1.5, 5, "between 0 and 1"),
        (0.95, 0, "at least 1 degree"),
    ],
)
def test_t_quantile_refuses_nonsense(level, df, reason):
    with pytest.raises(ValueError, match=reason):
        t_quantile(level, df)


def test_mean_interval_of_1_2_3_4():
    # mean 2.5, s = sqrt(5/3), t(0.975, 3) = 3.182446: half-width 3.182446 * 1.290994 / 2.
    mean, low, high = mean_interval([1, 2, 3, 4])
    half = 3.1824463 * math.sqrt(5 / 3) / 2
    assert mean == 2.5
    assert low == pytest.approx(2.5 - half, abs=1e-6)
    assert high == pytest.approx(2.5 + half, abs=1e-6)


def test_mean_interval_of_identical_values_has_no_width():
    assert mean_interval([0.3] * 10) == pytest.approx((0.3, 0.3, 0.3))
    assert mean_interval([0.0] * 10) == (0.0, 0.0, 0.0)


def test_a_wider_level_gives_a_wider_interval():
    values = [0.1, 0.4, 0.35, 0.2, 0.3]
    _, low95, high95 = mean_interval(values, level=0.95)
    _, low99, high99 = mean_interval(values, level=0.99)
    assert low99 < low95 < high95 < high99


def test_mean_interval_along_an_axis():
    table = np.array([[1.0, 5.0], [2.0, 5.0], [3.0, 5.0], [4.0, 5.0]])
    mean, low, high = mean_interval(table, axis=0)
    np.testing.assert_allclose(mean, [2.5, 5.0])
    np.testing.assert_allclose(high - mean, [3.1824463 * math.sqrt(5 / 3) / 2, 0.0], rtol=1e-6)
    np.testing.assert_allclose(mean_interval(table.T, axis=1)[1], low)


def test_a_single_value_has_a_mean_but_no_interval():
    mean, low, high = mean_interval([7.0])
    assert mean == 7.0
    assert math.isnan(low)
    assert math.isnan(high)
    with pytest.raises(ValueError, match="at least one value"):
        mean_interval([])


def test_a_large_sample_is_close_to_the_normal_interval():
    values = np.random.default_rng(0).normal(10.0, 2.0, size=5000)
    mean, low, high = mean_interval(values)
    assert high - mean == pytest.approx(1.9603 * values.std(ddof=1) / math.sqrt(5000), rel=1e-4)
    assert low < 10.0 < high
