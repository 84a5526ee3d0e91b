"""The Gini coefficient and the confidence interval of a mean, against known answers.

Every expected value is worked out by hand (or from a printed table of
Student's t) in the test, not taken from the code under test.
"""

from __future__ import annotations

import math
from itertools import product

import numpy as np
import pytest

from landlord.metrics import gini, mean_interval, t_quantile


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
