"""Long-run landing probabilities of a track: exact chain, hand checks and simulation.

Every expected value is worked out by hand in a comment, follows from a
symmetry stated in the test, or is a published figure with a loose bound.
The tracks of the rule sets are checked card by card against their data
files, and ``landlord landing`` is run as a user would type it.
"""

from __future__ import annotations

import json
from functools import cache

import numpy as np
import pytest
from rule_files import write_rule_set

from landlord.analysis.landing import (
    STRATEGIES,
    Track,
    classic_track,
    landing_probabilities,
    landing_standard_errors,
    simulate_landings,
    track_from_rules,
    transition_matrix,
)
from landlord.cli import main
from landlord.rules import load_rules

ROLLS = 1_000_000


@cache
def rule_track(rule_id: str) -> Track:
    return track_from_rules(load_rules(rule_id))


def us_track() -> Track:
    return rule_track("monopoly_us")


def uk_track() -> Track:
    return rule_track("monopoly_uk_1972")


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
@pytest.mark.parametrize("make", [classic_track, small_track, uk_track])
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


@pytest.mark.parametrize("strategy", STRATEGIES)
@pytest.mark.parametrize("make", [classic_track, small_track, uk_track])
def test_the_library_standard_errors_match_the_tests_own(make, strategy):
    # landing_standard_errors and markov_sd are written separately (the test's
    # stationary distribution by least squares); both must agree. Under "stay"
    # the jail square's error is well above the binomial one (a jailed token
    # stays several throws), and every other square's a little below it (a
    # token rarely ends two throws in a row on the same square).
    track = make()
    errors = landing_standard_errors(track, strategy, ROLLS)
    assert errors == pytest.approx(markov_sd(track, strategy, ROLLS), rel=1e-6, abs=1e-9)
    if make is classic_track:
        p = landing_probabilities(track, strategy)
        binomial = np.sqrt(p * (1 - p) / ROLLS)
        others = np.flatnonzero((p > 0) & (np.arange(track.size) != track.jail))
        assert np.all(errors[others] < binomial[others])
        if strategy == "stay":
            assert errors[10] > 1.4 * binomial[10]


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
    with pytest.raises(ValueError, match="rolls"):
        landing_standard_errors(classic_track(), rolls=0)
    with pytest.raises(ValueError, match="jail_doubles_throw_again"):
        Track(size=40, jail=10, jail_doubles_throw_again=1)


# --- Doubles that free a token from jail -------------------------------------------------


def test_a_freeing_double_throws_again_only_if_the_rules_say_so():
    # From the first turn in jail, the double 1+1 moves the token from 10 to 12.
    # Under the US rules that ends the turn: the next throw is a fresh one,
    # state (12, 0, 0). Under the 1972 UK rules the token throws again with one
    # double in a row already: state (12, 1, 0). Either way the chance is 1/36
    # (only 1+1 totals 2).
    leave = []
    for again, doubles in ((False, 0), (True, 1)):
        track = Track(size=40, jail=10, go_to_jail=(30,), jail_doubles_throw_again=again)
        states, matrix = transition_matrix(track, "stay")
        row = states.index((10, 0, 1))
        assert matrix[row, states.index((12, doubles, 0))] == pytest.approx(1 / 36)
        assert matrix[row, states.index((12, 1 - doubles, 0))] == 0
        leave.append(landing_probabilities(track, "leave"))
    # Under "leave" a token never tries for doubles in jail: the rule changes nothing.
    assert leave[0] == pytest.approx(leave[1], abs=1e-15)


def test_throwing_again_after_a_freeing_double_sends_more_tokens_back_to_jail():
    # The extra throw is a second double in a row one time in six, and the
    # extra moves go round the board: the jail's share (every throw spent
    # there) can only change a little, but the third-double rule now also
    # catches tokens just out of jail, so the jail is not visited less.
    us = classic_track()
    uk_rules = Track(
        size=us.size,
        jail=us.jail,
        go_to_jail=us.go_to_jail,
        cards=us.cards,
        jail_doubles_throw_again=True,
    )
    _, matrix = transition_matrix(uk_rules, "stay")
    assert np.allclose(matrix.sum(axis=1), 1)
    before = landing_probabilities(us, "stay")
    after = landing_probabilities(uk_rules, "stay")
    assert after.sum() == pytest.approx(1)
    assert np.abs(after - before).max() < 0.002
    assert not np.allclose(after, before)


# --- The tracks of the rule sets ----------------------------------------------------------


def test_the_classic_track_is_the_monopoly_us_rule_set():
    # classic_track() is written out by hand from the rules dossier; the rule
    # set is read from its CSV files. They must be the same track, card for card.
    assert us_track() == classic_track()
    assert us_track().jail_doubles_throw_again is False


def test_the_uk_track_card_by_card():
    track = uk_track()
    assert (track.size, track.jail, track.go_to_jail) == (40, 10, (30,))
    assert (track.doubles_to_jail, track.jail_turns) == (3, 3)
    assert track.jail_doubles_throw_again is True  # the 1972 UK rule
    assert sorted(track.cards) == [2, 7, 17, 22, 33, 36]
    chance, chest = track.cards[7], track.cards[2]
    assert all(track.cards[square] == chance for square in (22, 36))
    assert all(track.cards[square] == chest for square in (17, 33))
    assert len(chance) == len(chest) == 16
    # No nearest-railroad or nearest-utility cards in the UK packs.
    assert not any(isinstance(card, tuple) and card[0] == "next" for card in chance + chest)
    # Chance: Go, Jail, Pall Mall, Marylebone Station, Trafalgar Square,
    # Mayfair, back three; nine that only move money or keep a card.
    assert set(chance) == {
        ("to", 0),
        "jail",
        ("to", 11),
        ("to", 15),
        ("to", 24),
        ("to", 39),
        ("back", 3),
        "stay",
    }
    assert chance.count("stay") == 9
    # Community Chest: Go, back to Old Kent Road (square 1, whatever the
    # Chest square), Jail; the rest stay, the "pay a fine or take a Chance"
    # card among them (read as paying).
    assert chest[:3] == (("to", 0), ("to", 1), "jail")
    assert chest.count("stay") == 13


def test_the_us_track_card_by_card():
    track = us_track()
    railroads, utilities = (5, 15, 25, 35), (12, 28)
    chance = track.cards[7]
    assert chance.count(("next", railroads)) == 2
    assert chance.count(("next", utilities)) == 1
    assert ("back", 3) in chance
    assert track.cards[2].count("stay") == 14


@pytest.mark.parametrize("rule_id", ["monopoly_us", "monopoly_uk_1972"])
def test_the_rule_sets_most_landed_squares(rule_id):
    track = rule_track(rule_id)
    rules = load_rules(rule_id)
    streets = [space.index for space in rules.board.spaces if space.kind == "street"]
    for strategy in STRATEGIES:
        p = landing_probabilities(track, strategy)
        assert p.sum() == pytest.approx(1, abs=1e-12)
        assert p.argmax() == 10  # Jail, under either strategy
        assert p[30] == 0  # Go To Jail: nobody ends a throw there
        # Illinois Avenue / Trafalgar Square (24) is the most landed street:
        # a Chance card sends tokens there, and it is 14 squares from Jail.
        top = sorted(streets, key=lambda square: p[square], reverse=True)
        assert top[0] == 24
    stay = landing_probabilities(track, "stay")
    leave = landing_probabilities(track, "leave")
    assert 0.105 < stay[10] < 0.125
    assert 0.058 < leave[10] < 0.066


def test_the_landlords_game_track_is_the_forward_approximation():
    # The 1906 board: trespass squares 4 and 30 send to jail, Shelter / Jail is
    # 10, no doubles rule, Chance at 22 and 37. "Go ahead three spaces" from 22
    # is Gee Whiz R.R. (25) and from 37 Mother Earth (0); the Mother Earth card
    # has two copies. A player misses up to three turns in jail and pays at
    # the fourth, moving by that throw: four throws in all under "stay".
    track = rule_track("landlords_game")
    assert (track.size, track.jail, track.go_to_jail) == (40, 10, (4, 30))
    assert (track.doubles_to_jail, track.jail_turns) == (0, 4)
    assert sorted(track.cards) == [22, 37]
    assert track.cards[22][0] == ("to", 25)
    assert track.cards[37][0] == ("to", 0)
    assert track.cards[22].count(("to", 0)) == 2
    assert "jail" in track.cards[22]
    p = landing_probabilities(track, "stay")
    assert p.argmax() == 10
    assert p[4] == p[30] == 0


@pytest.mark.parametrize(
    ("layout", "message"),
    [
        ('layout = "grid"\nrows = 4\ncolumns = 4', "'grid' board, not a track"),
        ('layout = "track"', "has no jail"),
    ],
)
def test_rule_sets_without_a_track_are_refused(tmp_path, layout, message):
    board = "index,name,kind,price,land_rent,section\n"
    board += "".join(f"{i},Cell {i},blank,,,\n" for i in range(16))
    path = write_rule_set(tmp_path, "board_test", layout, board, players=4)
    with pytest.raises(ValueError, match=message):
        track_from_rules(load_rules(path))


# --- landlord landing --------------------------------------------------------------------


def run(capsys, *args):
    """Run ``landlord ARGS``; return (status, stdout, stderr)."""
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def test_landing_prints_the_table(capsys):
    status, out, err = run(capsys, "landing", "--rules", "monopoly_us", "--rolls", "100000")
    assert status == 0
    assert err == ""
    lines = out.splitlines()
    assert lines[0] == "Landing odds: Monopoly: the classic US rules (monopoly_us)"
    assert lines[1].startswith("jail: leave")
    heading = lines.index("square  name                   exact %  simulated %  difference")
    rows = lines[heading + 1 : heading + 41]
    assert rows[24].split()[:3] == ["24", "Illinois", "Avenue"]
    exact = {int(row.split()[0]): float(row.split()[-3]) for row in rows}
    assert exact[10] == 6.22
    assert exact[30] == 0
    assert "tolerance: 4 standard errors of 100,000 throws" in out
    assert "every square within it" in out


def test_landing_json_is_seeded(capsys):
    args = ["landing", "--rules", "monopoly_uk_1972", "--strategy", "stay", "--json"]
    status, out, _ = run(capsys, *args, "--rolls", "20000", "--seed", "5")
    assert status == 0
    report = json.loads(out)
    assert (report["rules"], report["strategy"], report["rolls"]) == (
        "monopoly_uk_1972",
        "stay",
        20000,
    )
    assert len(report["squares"]) == 40
    assert report["squares"][24]["name"] == "Trafalgar Square"
    assert sum(square["exact"] for square in report["squares"]) == pytest.approx(1)
    assert sum(square["simulated"] for square in report["squares"]) == pytest.approx(1)
    assert report["outside_tolerance"] == []
    _, again, _ = run(capsys, *args, "--rolls", "20000", "--seed", "5")
    assert again == out


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (["--rules", "nowhere"], "unknown rule set 'nowhere'"),
        (["--strategy", "bail"], "argument --strategy: invalid choice: 'bail'"),
        (["--rolls", "0"], "argument --rolls: expected a whole number >= 1"),
        (["--seed", "-1"], "argument --seed: expected a whole number >= 0"),
    ],
)
def test_landing_bad_arguments_print_the_usage_and_exit_2(capsys, args, reason):
    with pytest.raises(SystemExit) as exit_:
        main(["landing", *args])
    assert exit_.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("usage: landlord landing")
    assert reason in err


def test_landing_refuses_a_board_that_is_not_a_track(capsys, tmp_path):
    board = "index,name,kind,price,land_rent,section\n"
    board += "".join(f"{i},Cell {i},blank,,,\n" for i in range(16))
    grid = 'layout = "grid"\nrows = 4\ncolumns = 4'
    path = write_rule_set(tmp_path, "grid_test", grid, board, players=4)
    with pytest.raises(SystemExit) as exit_:
        main(["landing", "--rules", str(path)])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: landlord landing")
    assert err.splitlines()[-1] == (
        "landlord landing: error: track_from_rules: rule set 'grid_test' has a 'grid' "
        "board, not a track: landing odds need spaces in a fixed loop"
    )


def test_landing_says_when_the_track_is_an_approximation(capsys):
    status, out, _ = run(capsys, "landing", "--rules", "landlords_game", "--rolls", "1000")
    assert status == 0
    assert out.splitlines()[1].startswith("note: these rules let a player move backwards")
    status, out, _ = run(capsys, "landing", "--rolls", "1000", "--json")
    assert json.loads(out)["forward_only_approximation"] is False
    assert "note:" not in run(capsys, "landing", "--rolls", "1000")[1]
