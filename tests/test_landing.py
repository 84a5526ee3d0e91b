"""Long-run landing probabilities of a track: exact chain, hand checks and simulation.

Every expected value is worked out by hand in a comment, follows from a
symmetry stated in the test, or is a published figure with a loose bound.
"""

from __future__ import annotations

import numpy as np
import pytest

from landlord.analysis.landing import (
    STRATEGIES,
    Track,
    classic_track,
    landing_probabilities,
    simulate_landings,
    transition_matrix,
)

ROLLS = 1_000_000


def small_track() -> Track:
    """A 12-square track with every kind of card, for the general checks."""
    return Track(
        size=12,
        jail=3,
        go_to_jail=(9,),
        cards={
            1: ("stay", ("back", 2), "jail"),
            5: (("to", 1), ("next", (2, 8)), "stay", ("to", 0)),
            7: (("back", 2), "stay"),  # back 2 lands on the deck at 5: draw again
        },
        doubles_to_jail=2,
        jail_turns=2,
    )


@pytest.mark.parametrize("strategy", STRATEGIES)
@pytest.mark.parametrize("make", [classic_track, small_track])
def test_probabilities_are_a_distribution(make, strategy):
    p = landing_probabilities(make(), strategy)
    assert p.shape == (make().size,)
    assert p.min() >= 0
    assert p.sum() == pytest.approx(1, abs=1e-12)
    states, matrix = transition_matrix(make(), strategy)
    assert matrix.shape == (len(states), len(states))
    assert np.allclose(matrix.sum(axis=1), 1)


@pytest.mark.parametrize("size", [1, 2, 5, 12, 40])
@pytest.mark.parametrize("strategy", STRATEGIES)
def test_a_bare_circle_is_uniform(size, strategy):
    # With no jail effects, no cards and no doubles rule the state is just the
    # square, and a throw moves s to s + t with a chance that depends on t only:
    # the matrix is circulant, so every column sums to one as every row does
    # (doubly stochastic) and the uniform distribution is stationary. (Under
    # "stay" the jailed states exist but are never reached.) The 40-square case
    # is the classic board stripped bare: 1/40 each.
    track = Track(size=size, jail=0, doubles_to_jail=0)
    states, matrix = transition_matrix(track, strategy)
    free = [i for i, (_, _, turns) in enumerate(states) if turns == 0]  # no way into jail
    assert np.allclose(matrix[np.ix_(free, free)].sum(axis=0), 1)
    assert np.allclose(landing_probabilities(track, strategy), 1 / size, rtol=0, atol=1e-12)


def test_a_card_by_hand():
    # Two squares; square 1 draws from {stay, to 0}. Half the 36 throws are
    # even (both dice even or both odd: 9 + 9), so from anywhere a throw lands
    # on 0 or 1 with 1/2 each. Landing on 1 stays there half the time:
    # p(1) = 1/2 * 1/2 = 1/4, p(0) = 3/4.
    track = Track(size=2, jail=0, cards={1: ("stay", ("to", 0))}, doubles_to_jail=0)
    assert landing_probabilities(track) == pytest.approx([3 / 4, 1 / 4], abs=1e-12)


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_the_doubles_rule_by_hand(strategy):
    # Two squares, jail on 0, the second double in a row goes to jail. A double
    # (1/6) is even, so it keeps the square; an even non-double has 1/3, an odd
    # throw 1/2. Let x_s, y_s be the shares of (s, no double yet) and
    # (s, one double), a = x_0 + y_0 and b = x_1 + y_1. Then y_s = x_s / 6, so
    # b = 7 x_1 / 6, and x_1 = b/3 + a/2 (even non-doubles from 1, odd throws
    # from 0). Hence 6b/7 = b/3 + a/2, i.e. 22 b = 21 a: a = 22/43, b = 21/43.
    # Under "stay" with one try, a jailed token (on 0, counted in a) leaves on
    # a double or pays and moves after the failed try: its throw ends on 1
    # exactly when it is odd (1/2), as from any other state on 0, so
    # x_1 = a/2 + b/3 still holds and the answer is the same.
    track = Track(size=2, jail=0, doubles_to_jail=2, jail_turns=1)
    assert landing_probabilities(track, strategy) == pytest.approx([22 / 43, 21 / 43])


def test_the_classic_track():
    track = classic_track()
    leave = landing_probabilities(track, "leave")
    stay = landing_probabilities(track, "stay")
    assert stay.argmax() == 10
    assert leave.argmax() == 10
    assert stay[10] > leave[10]
    assert leave[30] == 0
    assert stay[30] == 0
    # Published figures for two six-sided dice: Project Euler problem 84 gives
    # jail 6.24 %, Illinois Avenue (24) 3.18 % and Go 3.09 % as the top three
    # when the token leaves jail at once (decks cycled there, drawn with
    # replacement here, hence loose bounds). Staying in jail is ~9.4 % of all
    # throws spent in jail plus ~2.1 % just visiting (the long-stay tables of
    # Truman Collins's Monopoly probability pages).
    assert 0.058 < leave[10] < 0.066
    assert list(np.argsort(leave)[::-1][:3]) == [10, 24, 0]
    assert 0.030 < leave[24] < 0.033
    assert 0.030 < leave[0] < 0.032
    assert 0.105 < stay[10] < 0.125


def markov_sd(track: Track, strategy: str, n: int) -> np.ndarray:
    """The standard error of each square's share over ``n`` throws of the chain.

    Successive throws are not independent (a token in jail under "stay" is
    likely to be there again next throw), so the binomial error
    sqrt(p (1 - p) / n) is not the right scale. The central limit theorem
    for Markov chains gives the variance of the mean of f(X_k) as sigma^2 / n
    with sigma^2 = Var(f) + 2 sum_k Cov(f(X_0), f(X_k))
    = <g, 2 Z g - g>_pi, where g = f - pi(f) and Z = (I - P + 1 pi)^-1 is
    the fundamental matrix. Here f is the indicator of a square.
    """
    states, matrix = transition_matrix(track, strategy)
    size = len(states)
    # pi by least squares on the balance equations plus the sum (not the
    # library's own solve).
    system = np.vstack([matrix.T - np.eye(size), np.ones(size)])
    pi = np.linalg.lstsq(system, np.r_[np.zeros(size), 1.0], rcond=None)[0]
    fundamental = np.linalg.inv(np.eye(size) - matrix + np.outer(np.ones(size), pi))
    squares = np.array([state[0] for state in states])
    sd = np.zeros(track.size)
    for square in range(track.size):
        g = (squares == square) - pi[squares == square].sum()
        variance = pi @ (g * (2 * fundamental @ g - g))
        sd[square] = np.sqrt(max(variance, 0) / n)
    return sd


@pytest.mark.parametrize("strategy", STRATEGIES)
@pytest.mark.parametrize("make", [classic_track, small_track])
def test_simulation_agrees_with_the_chain(make, strategy):
    # Every throw counts once, so n = ROLLS. The token starts on Go rather than
    # in the stationary distribution; that biases a share by O(1/n), about
    # 1e-6, far inside the tolerance. Tolerance: 5 standard errors from the
    # chain's own variance (markov_sd), square by square; a square the chain
    # never ends on (a Go To Jail square) must have a count of zero.
    track = make()
    exact = landing_probabilities(track, strategy)
    simulated = simulate_landings(track, strategy, rolls=ROLLS, seed=0)
    assert simulated.sum() == pytest.approx(1)
    sd = markov_sd(track, strategy, ROLLS)
    assert np.all(np.abs(simulated - exact) <= 5 * sd + 1e-12)
    assert np.all(simulated[exact == 0] == 0)


def test_simulation_is_seeded():
    track = small_track()
    first = simulate_landings(track, "stay", rolls=10_000, seed=3)
    assert np.array_equal(first, simulate_landings(track, "stay", rolls=10_000, seed=3))
    assert not np.array_equal(first, simulate_landings(track, "stay", rolls=10_000, seed=4))


@pytest.mark.parametrize(
    ("fields", "named"),
    [
        ({"size": 0}, "Track.size"),
        ({"size": 40.0}, "Track.size"),
        ({"jail": 40}, "Track.jail"),
        ({"jail": -1}, "Track.jail"),
        ({"go_to_jail": (10,)}, "Track.go_to_jail"),
        ({"go_to_jail": (45,)}, "Track.go_to_jail"),
        ({"cards": {50: ("stay",)}}, "Track.cards"),
        ({"cards": {30: ("stay",)}, "go_to_jail": (30,)}, "Track.cards"),
        ({"cards": {7: ()}}, "Track.cards[7]"),
        ({"cards": {7: ("stay", "fly")}}, "Track.cards[7][1]"),
        ({"cards": {7: (("to", 99),)}}, "Track.cards[7][0]"),
        ({"cards": {7: (("back", -3),)}}, "Track.cards[7][0]"),
        ({"cards": {7: (("next", ()),)}}, "Track.cards[7][0]"),
        ({"cards": {7: (("to", 22),), 22: (("back", 15),)}}, "Track.cards"),
        ({"doubles_to_jail": -1}, "Track.doubles_to_jail"),
        ({"jail_turns": 0}, "Track.jail_turns"),
    ],
)
def test_bad_tracks_are_refused(fields, named):
    with pytest.raises(ValueError, match=named.replace("[", r"\[").replace("]", r"\]")):
        Track(**{"size": 40, "jail": 10} | fields)


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError, match="strategy"):
        landing_probabilities(classic_track(), "bail")
    with pytest.raises(ValueError, match="rolls"):
        simulate_landings(classic_track(), rolls=0)
