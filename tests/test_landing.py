"""Long-run landing probabilities of a track: exact chain, hand checks and simulation.

Every expected value is worked out by hand in a comment, follows from a
symmetry stated in the test, or is a published figure with a loose bound.
The tracks of the rule sets are checked card by card against their data
files, and ``landlord landing`` is run as a user would type it.
"""

from __future__ import annotations

import dataclasses
import json
from functools import cache
from pathlib import Path

import numpy as np
import pytest
from rule_files import write_rule_set

from landlord.analysis.landing import (
    STRATEGIES,
    TWO_DICE,
    Track,
    classic_track,
    dice_throws,
    landing_probabilities,
    landing_standard_errors,
    simulate_landings,
    track_from_rules,
    transition_matrix,
)
from landlord.cli import main
from landlord.engine import CHANCE
from landlord.engine.actions import DECLINE, PAY_FINE, ROLL, STAY_IN_PRISON
from landlord.policies.base import Policy
from landlord.rules import RulesError, load_rules
from landlord.session import Session

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
        # A Magie rule set without a jail is refused as it loads: its engine reads [jail].
        ('layout = "track"', r"section \[jail\]: missing"),
    ],
)
def test_rule_sets_without_a_track_are_refused(tmp_path, layout, message):
    board = "index,name,kind,price,land_rent,section\n"
    board += "".join(f"{i},Cell {i},blank,,,\n" for i in range(16))
    path = write_rule_set(tmp_path, "board_test", layout, board, players=4)
    if "jail" in message:
        text = path.read_text(encoding="utf-8")
        start = text.index("[jail]")
        path.write_text(text[:start] + text[text.index("[land_rent]") :], encoding="utf-8")
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


# --- A one-die track: Quikopoly ----------------------------------------------------------

#: Quikopoly's corners (its board file): Go, Prison, Go-to-Go, Community Chest.
GO, PRISON, GO_TO_GO, CHEST = 0, 5, 10, 15


def quikopoly_track() -> Track:
    return rule_track("quikopoly")


def test_dice_throws():
    # Two six-sided dice: 36 ways, 6 doubles, the default of every track.
    two = dice_throws()
    assert two == TWO_DICE == Track(size=40, jail=10).throws
    assert len(two) == 36
    assert [total for total, double in two if double] == [2, 4, 6, 8, 10, 12]
    assert sum(total == 7 for total, _ in two) == 6
    # One die has no doubles unless the rule set names the throw that frees.
    assert dice_throws(1) == tuple((face, False) for face in range(1, 7))
    piecepack = dice_throws(1, faces=(6, 1, 2, 3, 4, 5), frees=(6,))
    assert sorted(piecepack) == [
        (1, False),
        (2, False),
        (3, False),
        (4, False),
        (5, False),
        (6, True),
    ]


def test_the_quikopoly_track_is_read_from_its_rule_data():
    # The board file's corners and kinds, [jail] (Prison at 5, three throws),
    # [jail_square] (landing on Prison jails) and [dice] (one piecepack die, the
    # null counting six and freeing): no doubles rule, no go-to-jail square,
    # no packs; Go-to-Go a one-card deck to Go.
    track = quikopoly_track()
    assert (track.size, track.jail, track.go_to_jail) == (20, PRISON, ())
    assert track.cards == {GO_TO_GO: (("to", GO),)}
    assert (track.doubles_to_jail, track.jail_turns) == (0, 3)
    assert track.jail_doubles_throw_again is False
    assert track.landing_jails is True
    assert sorted(total for total, _ in track.throws) == [1, 2, 3, 4, 5, 6]
    assert [total for total, frees in track.throws if frees] == [6]


def test_the_quikopoly_engine_throws_the_die_of_its_rule_data():
    # The engine and the chain read the same [dice]: the faces, and the null that
    # frees from Prison.
    rules = load_rules("quikopoly")
    assert rules.dice.count == 1
    assert sorted(rules.dice.faces) == [1, 2, 3, 4, 5, 6]
    assert rules.dice.jail_freed_by == (6,)
    session = Session("quikopoly", ["eager_landlord"] * 2, seed=1)
    while session.game.pending.purpose != "dice":
        session.step()
    assert list(session.game.pending.outcomes) == sorted(rules.dice.faces)


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_quikopoly_shares_are_a_distribution_and_go_to_go_is_never_counted(strategy):
    p = landing_probabilities(quikopoly_track(), strategy)
    assert p.sum() == pytest.approx(1, abs=1e-12)
    assert p.min() >= 0
    # A move that lands on Go-to-Go ends on Go, as a move landing on Go To
    # Jail ends in jail: Go-to-Go holds no throw, and Go more than a plain
    # square's 1/20.
    assert p[GO_TO_GO] == 0
    assert p[GO] > 1 / 20
    assert np.all(p[[s for s in range(20) if s != GO_TO_GO]] > 0.03)


def test_quikopoly_leave_by_hand():
    # Under "leave" a pawn in Prison pays and throws from there at once, so
    # every throw moves it 1 to 6 squares, each 1/6, and Go-to-Go moves it on
    # 10 more. Counted modulo 10 the position is a plain random walk on a
    # circle of 10 (the jump of 10 changes nothing modulo 10): uniform, 1/10
    # on each residue. Go-to-Go (10) holds nothing, so Go's share is exactly
    # 1/10, twice a plain square's 1/20, and p[j] + p[j + 10] = 1/10 for all j.
    p = landing_probabilities(quikopoly_track(), "leave")
    assert p[GO] == pytest.approx(1 / 10, abs=1e-12)
    assert p[:10] + p[10:] == pytest.approx(np.full(10, 1 / 10), abs=1e-12)
    # The squares just after Go-to-Go are reached only from 5 to 9 (a throw
    # from 5 to 9 that lands on 10 goes to Go instead), so they are below
    # 1/20; those up to six past Go are above it (Go feeds them).
    assert np.all(p[11:16] < 1 / 20)
    assert np.all(p[1:7] > 1 / 20)
    # Without Go-to-Go the one-die track is a bare circle: 1/20 everywhere.
    plain = Track(size=20, jail=PRISON, doubles_to_jail=0, throws=quikopoly_track().throws)
    assert landing_probabilities(plain, "leave") == pytest.approx(np.full(20, 1 / 20))


def test_quikopoly_prison_under_stay_by_hand():
    # Under "stay" a pawn landing on Prison is in Prison (state (5, 0, 1)). On
    # each of its first two throws there a null (1/6) frees it to move six (to
    # 11); otherwise it stays. The third throw moves it whatever it shows.
    # So, for the long-run shares of the three Prison states,
    #   pi(5, 0, 2) = 5/6 pi(5, 0, 1) and pi(5, 0, 3) = 25/36 pi(5, 0, 1),
    # Prison's share is (1 + 5/6 + 25/36) = 91/36 times the landing rate, and
    # nobody is ever "just visiting" (state (5, 0, 0) has share 0).
    track = quikopoly_track()
    states, matrix = transition_matrix(track, "stay")
    first, second, third = (states.index((PRISON, 0, k)) for k in (1, 2, 3))
    assert matrix[first, states.index((11, 0, 0))] == pytest.approx(1 / 6)
    assert matrix[first, second] == pytest.approx(5 / 6)
    assert matrix[second, third] == pytest.approx(5 / 6)
    # The third throw: 6 to 9 and 11 each 1/6, and Go-to-Go (10) sends to Go.
    for end in (6, 7, 8, 9, 11, GO):
        assert matrix[third, states.index((end, 0, 0))] == pytest.approx(1 / 6)
    system = np.vstack([matrix.T - np.eye(len(states)), np.ones(len(states))])
    pi = np.linalg.lstsq(system, np.r_[np.zeros(len(states)), 1.0], rcond=None)[0]
    assert pi[second] == pytest.approx(5 / 6 * pi[first])
    assert pi[third] == pytest.approx(25 / 36 * pi[first])
    assert pi[states.index((PRISON, 0, 0))] == pytest.approx(0, abs=1e-12)
    stay = landing_probabilities(track, "stay")
    leave = landing_probabilities(track, "leave")
    assert stay[PRISON] == pytest.approx(91 / 36 * pi[first])
    # Sitting in Prison is the most common place to be, more than twice as
    # common as under "leave"; Go, which the waiting throws do not reach,
    # falls below its 1/10.
    assert stay.argmax() == PRISON
    assert stay[PRISON] > 2 * leave[PRISON]
    assert stay[GO] < leave[GO] == pytest.approx(1 / 10)


def test_a_jail_square_that_jails_changes_only_the_stay_strategy():
    # Under "leave" a pawn jailed on landing pays and throws from the same
    # square as one just visiting: the same chain. Under "stay" it waits.
    jailing = quikopoly_track()
    visiting = Track(
        size=20,
        jail=PRISON,
        cards=jailing.cards,
        doubles_to_jail=0,
        jail_turns=3,
        throws=jailing.throws,
    )
    assert landing_probabilities(jailing, "leave") == pytest.approx(
        landing_probabilities(visiting, "leave"), abs=1e-15
    )
    assert landing_probabilities(jailing, "stay")[PRISON] > (
        landing_probabilities(visiting, "stay")[PRISON] + 0.05
    )


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_quikopoly_simulation_agrees_with_the_chain(strategy):
    # 200,000 seeded throws of the one die, square by square within 5 of the
    # chain's own standard errors; nobody ends a throw on Go-to-Go.
    track = quikopoly_track()
    rolls = 200_000
    exact = landing_probabilities(track, strategy)
    simulated = simulate_landings(track, strategy, rolls=rolls, seed=11)
    assert simulated.sum() == pytest.approx(1)
    sd = markov_sd(track, strategy, rolls)
    errors = landing_standard_errors(track, strategy, rolls)
    assert errors == pytest.approx(sd, rel=1e-6, abs=1e-9)
    assert np.all(np.abs(simulated - exact) <= 5 * sd + 1e-12)
    assert simulated[GO_TO_GO] == 0
    again = simulate_landings(track, strategy, rolls=1_000, seed=11)
    assert np.array_equal(again, simulate_landings(track, strategy, rolls=1_000, seed=11))


class _Prisoner(Policy):
    """Buys nothing, builds nothing; in Prison always pays ("leave") or always stays."""

    name = "prisoner"
    uses_rng = False

    def __init__(self, pays: bool) -> None:
        self.pays = pays

    def decide(self, view, kind, legal, rng):
        if kind == "prison":
            return PAY_FINE if self.pays else STAY_IN_PRISON
        return DECLINE if kind == "buy" else ROLL


def throws_end(rules, players: list, seeds: range) -> tuple[np.ndarray, list]:
    """Where each throw of seeded games of ``rules`` ends, counted by square (each
    player's position at his next throw), with the games played; every player gets a
    million in cash, so money never stops a strategy."""
    rules = dataclasses.replace(rules, starting_cash=dict.fromkeys(rules.starting_cash, 10**6))
    counts = np.zeros(len(rules.board.spaces))
    games = []
    for seed in seeds:
        session = Session(rules, players, seed=seed)
        game = session.game
        thrown = [False] * len(players)
        while session.step():
            if game.actor == CHANCE and game.pending.purpose == "dice":
                player = game.turn_player
                if thrown[player]:
                    counts[game.position[player]] += 1
                thrown[player] = True
        games.append(game)
    return counts, games


def engine_landings(strategy: str, seeds: range, players: int = 2) -> np.ndarray:
    """Where the engine's throws end, counted over seeded Quikopoly games.

    Every player throws once a turn, and only his own throws move his pawn,
    so where he stands at his next throw is where his last throw ended (a
    failed try in Prison ends in Prison). Money never moves a pawn, but a
    player without a coin cannot pay his way out of Prison: everyone gets a
    million coins, so the strategy is always followed; the games run to the
    engine's cap of 1000 rounds (round_limit 0).
    """
    rules = load_rules("quikopoly", round_limit=0)
    counts, games = throws_end(
        rules, [_Prisoner(strategy == "leave") for _ in range(players)], seeds
    )
    assert all(game.bankruptcies == [] for game in games)
    return counts


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_the_engine_lands_where_the_chain_says(strategy):
    # About 60,000 throws of the engine's own games (30 games of 2 players to
    # the 1000-round cap), each square within 5 standard errors of the chain.
    # The pawns start on Go rather than in the long run: a bias of order
    # 1/1000 throws per pawn, far inside the tolerance.
    counts = engine_landings(strategy, range(30))
    throws = int(counts.sum())
    assert throws > 55_000
    shares = counts / throws
    track = quikopoly_track()
    exact = landing_probabilities(track, strategy)
    errors = landing_standard_errors(track, strategy, throws)
    assert counts[GO_TO_GO] == 0
    assert np.all(np.abs(shares - exact) <= 5 * errors + 1e-12)
    if strategy == "leave":
        assert shares[GO] == pytest.approx(1 / 10, abs=0.006)


@pytest.mark.parametrize(
    ("fields", "named"),
    [
        ({"throws": ()}, "Track.throws"),
        ({"throws": [(1, False), (0, True)]}, "Track.throws[1]"),
        ({"throws": ((3, "yes"),)}, "Track.throws[0]"),
        ({"throws": ((2.5, False),)}, "Track.throws[0]"),
        ({"throws": (7,)}, "Track.throws[0]"),
        ({"landing_jails": 1}, "Track.landing_jails"),
        ({"landing_jails": True, "cards": {10: ("stay",)}}, "Track.cards"),
    ],
)
def test_bad_dice_and_jail_squares_are_refused(fields, named):
    with pytest.raises(ValueError, match=named.replace("[", r"\[").replace("]", r"\]")):
        Track(**{"size": 40, "jail": 10} | fields)


def changed_quikopoly(tmp_path: Path, old: str, new: str) -> Path:
    """A copy of the quikopoly rule set in ``tmp_path`` with one line changed."""
    data = Path(load_rules("quikopoly").files[0]).parent
    toml = (data / "quikopoly.toml").read_text(encoding="utf-8")
    assert toml.count('id = "quikopoly"') == toml.count(old) == 1
    toml = toml.replace('id = "quikopoly"', 'id = "changed"').replace(old, new)
    (tmp_path / "changed.toml").write_text(toml, encoding="utf-8")
    board = (data / "quikopoly_board.csv").read_text(encoding="utf-8")
    (tmp_path / "quikopoly_board.csv").write_text(board, encoding="utf-8")
    return tmp_path / "changed.toml"


def test_a_shuffled_track_is_refused_if_it_deals_the_jail_at_random(tmp_path):
    # Quikopoly deals its 16 property tiles at random over the squares between
    # the corners; they do nothing to a move, so the shares are the positions'.
    # A jail among the dealt squares would have no fixed place: refused.
    path = changed_quikopoly(tmp_path, "leave_from = 5", "leave_from = 6")
    with pytest.raises(
        ValueError, match=r"deals at random squares that move or jail a token \(\[6\]\)"
    ):
        track_from_rules(load_rules(path))


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("count = 1", "count = 0"),
        ("faces = [6, 1, 2, 3, 4, 5]", "faces = []"),
        ("faces = [6, 1, 2, 3, 4, 5]", 'faces = [6, 1, "two"]'),
        ("jail_freed_by = [6]", "jail_freed_by = 6"),
    ],
)
def test_a_bad_dice_section_is_refused(tmp_path, old, new):
    # The loader refuses it, naming the file and the field, before an engine or the
    # chain could read it.
    with pytest.raises(
        RulesError, match=r"changed\.toml: field 'dice\.(count|faces|jail_freed_by)"
    ):
        load_rules(changed_quikopoly(tmp_path, old, new))


def test_landing_prints_quikopolys_one_die_track(capsys):
    status, out, err = run(capsys, "landing", "--rules", "quikopoly", "--rolls", "100000")
    assert status == 0
    assert err == ""
    lines = out.splitlines()
    assert lines[0] == "Landing odds: Quikopoly (piecepack, v1.0 2023) (quikopoly)"
    assert lines[1] == "jail: leave (a jailed token pays and leaves at once)"
    heading = next(i for i, line in enumerate(lines) if line.startswith("square  name"))
    rows = {int(line.split()[0]): line for line in lines[heading + 1 : heading + 21]}
    assert sorted(rows) == list(range(20))
    assert rows[GO].split()[1:3] == ["Go", "10.00"]
    assert rows[GO_TO_GO].split()[1:3] == ["Go-to-Go", "0.00"]
    assert rows[PRISON].split()[1] == "Prison"
    # The property tiles are dealt at random: a position is not a tile.
    assert "property tile (dealt at random)" in rows[1]
    assert "Red ace" not in out
    assert "every square within it" in out


def test_landing_json_for_quikopoly_under_stay(capsys):
    args = ["landing", "--rules", "quikopoly", "--strategy", "stay", "--json"]
    status, out, _ = run(capsys, *args, "--rolls", "50000", "--seed", "2")
    assert status == 0
    report = json.loads(out)
    squares = report["squares"]
    assert len(squares) == 20
    assert sum(square["exact"] for square in squares) == pytest.approx(1)
    assert sum(square["simulated"] for square in squares) == pytest.approx(1)
    assert max(squares, key=lambda square: square["exact"])["name"] == "Prison"
    assert squares[GO_TO_GO]["exact"] == squares[GO_TO_GO]["simulated"] == 0
    assert report["outside_tolerance"] == []
    status, out, _ = run(capsys, "landing", "--rules", "quikopoly", "--strategy", "stay")
    assert out.splitlines()[1] == (
        "jail: stay (a jailed token tries for a throw of 6 as long as the rules allow)"
    )


class _Visitor(Policy):
    """A player of the later game who only moves: he throws, buys and bids nothing, and
    leaves Jail as the chain's strategy says (pays, or uses a card, at once; or throws)."""

    name = "visitor"

    def __init__(self, pays: bool) -> None:
        self.pays = pays

    def decide(self, view, kind, legal, rng):
        names = [type(action).__name__ for action in legal]
        if kind == "jail":
            for wanted in ("PayFine", "UseJailCard") if self.pays else ("TryDoubles",):
                if wanted in names:
                    return legal[names.index(wanted)]
        for wanted in ("Roll", "Decline", "Pass", "TryDoubles"):
            if wanted in names:
                return legal[names.index(wanted)]
        return legal[0]


def classic_engine_landings(strategy: str, seeds: range) -> tuple:
    """Where the throws of the later game's own engine end (``monopoly_us``, cards drawn
    at random as the chain assumes), counted as :func:`engine_landings` does; two
    players with a million dollars each, who never buy, to the 1000-round cap."""
    rules = load_rules("monopoly_us", card_order="reshuffle", round_limit=0)
    counts, _ = throws_end(rules, [_Visitor(strategy == "leave") for _ in range(2)], seeds)
    return counts, rules


@pytest.mark.parametrize("strategy", STRATEGIES)
def test_the_later_games_engine_lands_where_the_chain_says(strategy):
    # The audit's check, kept: the classic board's exact chain against the engine's own
    # throws (about 75,000 here), every square within 5 standard errors.
    counts, rules = classic_engine_landings(strategy, range(32))
    throws = int(counts.sum())
    assert throws > 70_000
    track = track_from_rules(rules)
    exact = landing_probabilities(track, strategy)
    errors = landing_standard_errors(track, strategy, throws)
    shares = counts / throws
    worst = np.abs(shares - exact) / np.maximum(errors, 1e-12)
    assert np.all(np.abs(shares - exact) <= 5 * errors + 1e-12), worst.max()
    jail = track.jail
    assert shares[jail] == pytest.approx(exact[jail], abs=0.006)
