"""How unequal a game leaves its players, and how sure a mean over games is.

Measures on plain numbers (numpy only, nothing else of the kit), each along
an axis, so that a table of games by players gives one figure per game at
once:

- :func:`gini`, the Gini coefficient of holdings (a relative measure), with
  :func:`clipped_gini` beside it for tables with debts;
- :func:`mean_gap`, the mean gap in money between two players (an absolute
  measure: it grows when everyone's holdings grow alike, which the Gini does
  not);
- :func:`lorenz`, the Lorenz curve of holdings (twice the area between it
  and the diagonal is the Gini coefficient);
- :func:`top_share`, the share of the total held by the richest ``k``;
- :func:`herfindahl`, the Herfindahl(-Hirschman) index, the sum of squared
  shares, for example of land holdings;
- :func:`shares`, each value's share of the total, for example of all the
  rent paid;
- :func:`mean_interval`, the mean of a figure over games with its confidence
  interval from Student's t distribution (:func:`t_quantile`).

Examples
--------
>>> gini([500, 500, 500, 500])
0.0
>>> gini([2000, 0, 0, 0])
0.75
>>> mean_gap([100, 200, 300]), mean_gap([1000, 2000, 3000])
(133.33333333333334, 1333.3333333333333)
>>> top_share([2000, 0, 0, 0]), herfindahl([500, 500, 500, 500])
(1.0, 0.25)
>>> shares([300, 100, 0, 100])
array([0.6, 0.2, 0. , 0.2])
>>> mean, low, high = mean_interval([0.30, 0.40, 0.50])
>>> round(mean, 2), round(low, 3), round(high, 3)
(0.4, 0.152, 0.648)
"""

from __future__ import annotations

import math
from statistics import NormalDist

import numpy as np
from numpy.typing import ArrayLike

__all__ = [
    "clipped_gini",
    "gini",
    "herfindahl",
    "lorenz",
    "mean_gap",
    "mean_interval",
    "shares",
    "t_quantile",
    "top_share",
]


def gini(values: ArrayLike, axis: int = -1, corrected: bool = False) -> float | np.ndarray:
    """The Gini coefficient of ``values`` along ``axis``: 0 equal, higher unequal.

    It is half the mean absolute difference between all pairs of holdings
    (each holding paired with every one, itself included), divided by the
    mean holding::

        G = sum_i sum_j |x_i - x_j| / (2 n^2 mean(x))

    computed from the sorted values, so it costs a sort along the axis.

    Parameters
    ----------
    values : array_like
        Holdings, for example net worths. A 1-D list gives one figure; a
        table of games by players (``axis=-1``) gives one figure per game.
    axis : int
        The axis that runs over the players.
    corrected : bool
        Multiply by ``n / (n - 1)``, so that one holder of everything gives
        exactly 1 whatever the number of players (needs ``n >= 2``).

    Returns
    -------
    float or numpy.ndarray
        A float for 1-D input, otherwise an array without ``axis``.

    Notes
    -----
    **Few players.** With ``n`` players the largest possible value is
    ``1 - 1/n``, not 1: one holder of everything among 4 players gives 0.75,
    among 2 players 0.5. Compare games only with the same number of players,
    or use ``corrected=True``, which rescales that ceiling to 1.

    **Zeros, debts and empty tables.** All values zero (nobody holds
    anything): 0, everyone is equal. A total of 0 or less with some values
    not zero: ``nan``, since the measure divides by the mean and is
    undefined there. Negative values (debts) are allowed while the total is
    positive; then the coefficient can exceed 1 (``[-50, 0, 0, 150]`` gives
    1.5). A ``nan`` among the values gives ``nan``.

    Examples
    --------
    >>> gini([1, 2, 3, 4])
    0.25
    >>> gini([0, 0, 0, 100]), gini([0, 0, 0, 100], corrected=True)
    (0.75, 1.0)
    >>> gini([0, 0, 0]), gini([-5, 5, 0])
    (0.0, nan)
    >>> gini([-50, 0, 0, 150])
    1.5
    >>> gini([[1, 1, 1, 1], [1, 2, 3, 4], [0, 0, 0, 8]])
    array([0.  , 0.25, 0.75])
    """
    x = np.moveaxis(np.asarray(values, dtype=float), axis, -1)
    n = x.shape[-1]
    if n == 0:
        raise ValueError("the Gini coefficient needs at least one value")
    if corrected and n < 2:
        raise ValueError("corrected=True needs at least two values")
    x = np.sort(x, axis=-1)
    # sum_i sum_j |x_i - x_j| = 2 sum_i (2i - n - 1) x_(i), i = 1..n over the sorted values.
    weights = 2.0 * np.arange(1, n + 1) - n - 1
    total = x.sum(axis=-1)
    spread = x @ weights
    with np.errstate(divide="ignore", invalid="ignore"):
        result = np.where(total > 0, spread / (n * total), np.nan)
    result = np.where(np.all(x == 0, axis=-1), 0.0, result)
    if corrected:
        result = result * (n / (n - 1))
    return float(result) if result.ndim == 0 else result


def clipped_gini(values: ArrayLike, axis: int = -1) -> float | np.ndarray:
    """The Gini coefficient with every debt counted as holding nothing.

    :func:`gini` takes negative holdings as they are, so a table with large
    debts can give a figure above 1, or none at all (a total of 0 or less).
    Counting a debtor as holding nothing keeps the figure between 0 and
    ``1 - 1/n`` and defined whenever anyone holds something; it no longer
    tells a small debt from a large one. Report it beside :func:`gini`
    wherever a holding is negative.

    Examples
    --------
    >>> gini([-50, 0, 0, 150]), clipped_gini([-50, 0, 0, 150])
    (1.5, 0.75)
    >>> clipped_gini([-5, 5, 0]), clipped_gini([[1, 2, 3, 4], [-9, -9, 0, 0]])
    (0.6666666666666666, array([0.25, 0.  ]))
    """
    return gini(np.maximum(np.asarray(values, dtype=float), 0.0), axis=axis)


def mean_gap(values: ArrayLike, axis: int = -1) -> float | np.ndarray:
    """The mean gap between two players' holdings, in money: an absolute measure.

    The mean of ``|x_i - x_j|`` over every pair of two different players::

        gap = sum_i sum_j |x_i - x_j| / (n (n - 1))

    Where the Gini coefficient (:func:`gini`) divides the spread by the total
    and so falls when everyone gets richer alike, the gap stays in dollars: if
    every holding doubles, the Gini stays and the gap doubles. The two are
    tied: ``gini = gap * (n - 1) / (2 * total)`` while the total is positive.
    Debts count as they are (a gap of $100 between -$50 and $50).

    Parameters
    ----------
    values : array_like
        Holdings, players along ``axis``; a table of games by players gives
        one figure per game.
    axis : int
        The axis that runs over the players.

    Returns
    -------
    float or numpy.ndarray
        ``nan`` for fewer than two players.

    Examples
    --------
    >>> mean_gap([0, 0, 0, 100]), mean_gap([-50, 50])
    (50.0, 100.0)
    >>> values = [1, 2, 3, 4]
    >>> mean_gap(values) * (4 - 1) / (2 * sum(values)) == gini(values)
    True
    >>> mean_gap([[5, 5], [0, 8]]), mean_gap([7])
    (array([0., 8.]), nan)
    """
    x = np.moveaxis(np.asarray(values, dtype=float), axis, -1)
    n = x.shape[-1]
    x = np.sort(x, axis=-1)
    if n < 2:
        result = np.full(x.shape[:-1], np.nan)
    else:
        # sum_i sum_j |x_i - x_j| = 2 sum_i (2i - n - 1) x_(i), i = 1..n over the sorted values.
        weights = 2.0 * np.arange(1, n + 1) - n - 1
        result = 2.0 * (x @ weights) / (n * (n - 1))
    return float(result) if np.ndim(result) == 0 else result


def lorenz(values: ArrayLike) -> tuple[np.ndarray, np.ndarray]:
    """The Lorenz curve of ``values``: what share of the total the poorest hold.

    Sort the holdings ascending; the curve joins the points ``(i / n, L_i)``
    for ``i = 0..n``, where ``L_i`` is the share of the total held by the
    ``i`` poorest. It starts at ``(0, 0)`` and ends at ``(1, 1)``; the
    further it sags below the diagonal, the more unequal the holdings.

    Parameters
    ----------
    values : array_like
        Holdings, for example net worths, players along the last axis. A 1-D
        list gives one curve; a table of games by players gives one curve
        per row (per game).

    Returns
    -------
    (population_share, holdings_share) : tuple of numpy.ndarray
        Both shaped like ``values`` with one more point along the last axis
        (``n + 1`` points for ``n`` players): ``0, 1/n, ..., 1`` and
        ``L_0 = 0, L_1, ..., L_n = 1``.

    Notes
    -----
    **The Gini coefficient** (:func:`gini`, uncorrected) is twice the area
    between the diagonal and the curve, that is ``1 - 2 A`` with ``A`` the
    area under the curve by the trapezoid rule::

        G = 1 - sum_i (L_(i-1) + L_i) / n

    **Zeros and debts**, as for :func:`gini`. All values zero: the
    diagonal, everyone is equal at zero. A total of 0 or less with some
    values not zero: the holdings shares are all ``nan``. Negative values
    (debts) are allowed while the total is positive; the curve then dips
    below 0 before it climbs to 1. A ``nan`` among the values gives ``nan``
    shares.

    Examples
    --------
    >>> population, holdings = lorenz([4, 1, 3, 2])
    >>> population
    array([0.  , 0.25, 0.5 , 0.75, 1.  ])
    >>> holdings
    array([0. , 0.1, 0.3, 0.6, 1. ])
    >>> lorenz([0, 0, 0, 100])[1]
    array([0., 0., 0., 0., 1.])
    >>> lorenz([-50, 0, 0, 150])[1]
    array([ 0. , -0.5, -0.5, -0.5,  1. ])
    >>> lorenz([[5, 5], [0, 0], [-5, 5]])[1]
    array([[0. , 0.5, 1. ],
           [0. , 0.5, 1. ],
           [nan, nan, nan]])

    Twice the area between the diagonal and the curve is the Gini coefficient:

    >>> population, holdings = lorenz([1, 2, 3, 4])
    >>> round(1 - 2 * float(np.trapezoid(holdings, population)), 12), gini([1, 2, 3, 4])
    (0.25, 0.25)
    """
    x = np.asarray(values, dtype=float)
    if x.ndim == 0:
        raise ValueError("a Lorenz curve needs a list of holdings, not a single number")
    n = x.shape[-1]
    if n == 0:
        raise ValueError("a Lorenz curve needs at least one value")
    x = np.sort(x, axis=-1)
    total = x.sum(axis=-1, keepdims=True)
    population = np.linspace(0.0, 1.0, n + 1)
    running = np.concatenate([np.zeros((*x.shape[:-1], 1)), np.cumsum(x, axis=-1)], axis=-1)
    with np.errstate(divide="ignore", invalid="ignore"):
        holdings = np.where(total > 0, running / total, np.nan)
    holdings = np.where(np.all(x == 0, axis=-1, keepdims=True), population, holdings)
    # The last point is the whole total: 1 exactly, not 1 give or take a rounding.
    holdings[..., -1] = np.where(np.isnan(holdings[..., -1]), np.nan, 1.0)
    return np.broadcast_to(population, holdings.shape).copy(), holdings


def top_share(values: ArrayLike, k: int = 1, axis: int = -1) -> float | np.ndarray:
    """The share of the total held by the richest ``k`` along ``axis``.

    With ``n`` players it is ``k / n`` when everyone holds the same and 1
    when the richest ``k`` hold everything; it is one minus the Lorenz curve
    (:func:`lorenz`) at ``(n - k) / n``.

    Parameters
    ----------
    values : array_like
        Holdings, for example net worths. A 1-D list gives one figure; a
        table of games by players (``axis=-1``) gives one figure per game.
    k : int
        How many of the richest to count, from 1 to the number of players.
    axis : int
        The axis that runs over the players.

    Returns
    -------
    float or numpy.ndarray
        A float for 1-D input, otherwise an array without ``axis``.

    Notes
    -----
    **Zeros and debts**, as for :func:`gini`. All values zero: ``k / n``,
    everyone is equal at zero. A total of 0 or less with some values not
    zero: ``nan``. Negative values (debts) are allowed while the total is
    positive; the share can then exceed 1 (the richest hold more than the
    total, the others owe the difference). A ``nan`` among the values gives
    ``nan``.

    Examples
    --------
    >>> top_share([1, 2, 3, 4]), top_share([1, 2, 3, 4], k=2)
    (0.4, 0.7)
    >>> top_share([0, 0, 0, 0], k=3), top_share([-5, 5, 0])
    (0.75, nan)
    >>> top_share([-50, 0, 0, 150])
    1.5
    >>> top_share([[1, 1, 1, 1], [0, 0, 0, 8]])
    array([0.25, 1.  ])
    """
    x = np.moveaxis(np.asarray(values, dtype=float), axis, -1)
    n = x.shape[-1]
    if isinstance(k, bool) or not isinstance(k, int | np.integer) or not 1 <= k <= n:
        raise ValueError(f"k must be a whole number from 1 to the {n} players, not k={k!r}")
    x = np.sort(x, axis=-1)
    total = x.sum(axis=-1)
    top = x[..., n - k :].sum(axis=-1)
    with np.errstate(divide="ignore", invalid="ignore"):
        result = np.where(total > 0, top / total, np.nan)
    result = np.where(np.all(x == 0, axis=-1), k / n, result)
    return float(result) if result.ndim == 0 else result


def herfindahl(values: ArrayLike, axis: int = -1, normalized: bool = False) -> float | np.ndarray:
    """The Herfindahl(-Hirschman) index of holdings along ``axis``: the sum of squared shares.

    ::

        H = sum_i s_i^2,   s_i = x_i / sum_j x_j

    It measures how concentrated holdings are, for example land: ``1 / n``
    when ``n`` players hold equal amounts, 1 when one holds everything. Its
    inverse ``1 / H`` reads as "the number of equal holders this is
    equivalent to".

    Parameters
    ----------
    values : array_like
        Holdings, each 0 or more, for example the number or value of the
        lots each player owns. A 1-D list gives one figure; a table of games
        by players (``axis=-1``) gives one figure per game.
    axis : int
        The axis that runs over the players.
    normalized : bool
        Rescale to ``(H - 1/n) / (1 - 1/n)``, so that equal holdings give 0
        and one holder of everything gives 1 whatever the number of players
        (needs ``n >= 2``).

    Returns
    -------
    float or numpy.ndarray
        A float for 1-D input, otherwise an array without ``axis``.

    Raises
    ------
    ValueError
        If a holding is negative: a share of a negative holding is not a
        share of anything, and squaring would count a debt as concentration.

    Notes
    -----
    **Nothing held.** All values zero gives ``nan``: there are no holdings
    to concentrate (unlike :func:`gini`, which calls everyone equal at zero).
    A ``nan`` among the values gives ``nan``.

    Examples
    --------
    >>> herfindahl([1, 1, 1, 1]), herfindahl([0, 0, 0, 7])
    (0.25, 1.0)
    >>> herfindahl([1, 1, 2]), herfindahl([1, 1, 2], normalized=True)
    (0.375, 0.0625)
    >>> herfindahl([[5, 5], [0, 3], [0, 0]])
    array([0.5, 1. , nan])
    """
    x = np.moveaxis(np.asarray(values, dtype=float), axis, -1)
    n = x.shape[-1]
    if n == 0:
        raise ValueError("the Herfindahl index needs at least one value")
    if normalized and n < 2:
        raise ValueError("normalized=True needs at least two values")
    if np.any(x < 0):
        raise ValueError("the Herfindahl index needs holdings of 0 or more, not negative ones")
    total = x.sum(axis=-1)
    squares = (x * x).sum(axis=-1)
    with np.errstate(divide="ignore", invalid="ignore"):
        if normalized:
            # (H - 1/n) / (1 - 1/n), rearranged so that equal holdings give 0 exactly.
            result = (n * squares - total * total) / ((n - 1) * total * total)
        else:
            result = squares / (total * total)
    result = np.where(total > 0, result, np.nan)
    return float(result) if result.ndim == 0 else result


def shares(values: ArrayLike, axis: int = -1) -> np.ndarray:
    """Each value's share of the total along ``axis``.

    For example, from the rent each player received, the share of all the
    rent paid that each one received. Along ``axis`` the shares add up to 1.

    Parameters
    ----------
    values : array_like
        Amounts, at least 1-D. A table of games by players (``axis=-1``)
        gives the shares within each game.
    axis : int
        The axis to share out along.

    Returns
    -------
    numpy.ndarray
        The shares, shaped like ``values``.

    Notes
    -----
    **A total of zero** (nobody received anything) gives ``nan`` for every
    share along that axis: there is nothing to share out. Otherwise each
    share is ``value / total``, negative values included; with a negative
    total the signs turn over, so read such shares with care. A ``nan``
    among the values gives ``nan`` shares along that axis.

    Examples
    --------
    >>> shares([30, 10, 0, 10])
    array([0.6, 0.2, 0. , 0.2])
    >>> shares([[1, 3], [0, 0]])
    array([[0.25, 0.75],
           [ nan,  nan]])
    >>> shares([[1, 3], [1, 1]], axis=0)
    array([[0.5 , 0.75],
           [0.5 , 0.25]])
    """
    x = np.asarray(values, dtype=float)
    if x.ndim == 0:
        raise ValueError("shares need a list of values, not a single number")
    total = x.sum(axis=axis, keepdims=True)
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(total != 0, x / total, np.nan)


def mean_interval(
    values: ArrayLike, axis: int = 0, level: float = 0.95
) -> tuple[float | np.ndarray, float | np.ndarray, float | np.ndarray]:
    """The mean along ``axis`` and its confidence interval, from Student's t.

    The interval is ``mean -/+ t * s / sqrt(n)``, with ``s`` the sample
    standard deviation and ``t`` the two-sided quantile of Student's t with
    ``n - 1`` degrees of freedom (:func:`t_quantile`). It says how far the
    mean over these games could be from the mean over endlessly many games,
    if the games are independent and ``n`` is not tiny or the figures are
    roughly normal.

    Parameters
    ----------
    values : array_like
        One figure per game (or per game and something else).
    axis : int
        The axis that runs over the games.
    level : float
        The confidence level, between 0 and 1.

    Returns
    -------
    (mean, low, high)
        Floats for 1-D input, otherwise arrays without ``axis``. With a single
        value the interval is ``nan``; with identical values it has no width.
        ``nan`` values are not skipped: they make the results ``nan``.

    Examples
    --------
    >>> mean, low, high = mean_interval([1.0, 2.0, 3.0, 4.0])
    >>> mean, round(low, 4), round(high, 4)
    (2.5, 0.4457, 4.5543)
    >>> mean_interval([0.0, 0.0, 0.0])
    (0.0, 0.0, 0.0)
    >>> mean_interval([[0, 10], [2, 10]], axis=0)[1]
    array([-11.70620474,  10.        ])
    """
    x = np.asarray(values, dtype=float)
    n = x.shape[axis]
    if n == 0:
        raise ValueError("a mean needs at least one value")
    mean = x.mean(axis=axis)
    if n == 1:
        half = np.full_like(mean, np.nan)
    else:
        half = t_quantile(level, n - 1) * x.std(axis=axis, ddof=1) / math.sqrt(n)
    low, high = mean - half, mean + half
    if np.ndim(mean) == 0:
        return float(mean), float(low), float(high)
    return mean, low, high


def t_quantile(level: float, df: int) -> float:
    """The two-sided quantile of Student's t: ``P(|T| <= t) = level``, ``df`` degrees of freedom.

    For up to 30 degrees of freedom it inverts the exact distribution
    function, which for whole ``df`` is a finite sum of powers of a cosine
    (Abramowitz and Stegun 26.7.3 and 26.7.4), by bisection. Above 30 it uses
    the Cornish-Fisher expansion around the normal quantile (26.7.5, four
    terms), off by less than 1e-6 at the 99% level and far less at 95%.

    Examples
    --------
    >>> round(t_quantile(0.95, 1), 3), round(t_quantile(0.95, 10), 3)
    (12.706, 2.228)
    >>> round(t_quantile(0.95, 120), 3), round(t_quantile(0.99, 30), 3)
    (1.98, 2.75)
    """
    if not 0 < level < 1:
        raise ValueError(f"a confidence level is between 0 and 1, not {level!r}")
    if df < 1:
        raise ValueError(f"Student's t needs at least 1 degree of freedom, not {df!r}")
    if df > 30:
        return _t_expansion(level, df)
    low, high = 0.0, 1.0
    while _t_two_sided(high, df) < level:
        high *= 2
    for _ in range(80):
        middle = (low + high) / 2
        if _t_two_sided(middle, df) < level:
            low = middle
        else:
            high = middle
    return (low + high) / 2


def _t_two_sided(t: float, df: int) -> float:
    """``P(|T| <= t)`` for Student's t with a whole number ``df`` of degrees of freedom."""
    theta = math.atan(t / math.sqrt(df))
    sin, cos2 = math.sin(theta), math.cos(theta) ** 2
    if df % 2 == 0:  # sin(theta) (1 + cos^2/2 + 1*3/(2*4) cos^4 + ...), df/2 terms
        term = total = 1.0
        for k in range(2, df - 1, 2):
            term *= cos2 * (k - 1) / k
            total += term
        return sin * total
    # 2/pi (theta + sin cos (1 + 2/3 cos^2 + 2*4/(3*5) cos^4 + ...)), (df-1)/2 terms
    term = total = math.cos(theta) if df > 1 else 0.0
    for k in range(3, df - 1, 2):
        term *= cos2 * (k - 1) / k
        total += term
    return 2 / math.pi * (theta + sin * total)


def _t_expansion(level: float, df: int) -> float:
    """Student's t quantile from the normal one, by the Cornish-Fisher expansion."""
    z = NormalDist().inv_cdf((1 + level) / 2)
    g1 = (z**3 + z) / 4
    g2 = (5 * z**5 + 16 * z**3 + 3 * z) / 96
    g3 = (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384
    g4 = (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / 92160
    return z + g1 / df + g2 / df**2 + g3 / df**3 + g4 / df**4
