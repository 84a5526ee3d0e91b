"""What if we kept playing? A game continued by bots, under its rules and under Magie's vote.

A class's own game, from where it stands: every continuation starts from the
class's real position, the variants are paired continuation by continuation,
and the change of rules comes in at the next round, as the 1906 vote would
bring it.
"""

from __future__ import annotations

import numpy as np
import pytest

from landlord.continued import AS_PLAYED, STANDS_IN, continuations, variants
from landlord.scorecard import money_by_round
from landlord.session import Session


def class_game(rules="landlords_game", until=9, seed=7, seats=None):
    """A game played with two people at the table (answering the first choice), paused
    at round ``until``."""
    seats = seats or ["human", "eager_landlord", "human", "cautious_tenant"]
    session = Session(rules, seats, seed=seed)
    game = session.game
    while game.round < until and not game.is_over:
        session.run()
        if session.waiting_for is not None:
            session.answer(game.legal_actions()[0])
    return session


@pytest.fixture(scope="module")
def continued():
    session = class_game()
    return session, continuations(session, games=24, until_round=40, seed=3)


def test_every_continuation_starts_from_the_class_s_own_position(continued):
    session, result = continued
    game = session.game
    start = game.round
    real = money_by_round(game)
    for measure in ("gini_net_worth", "dollar_gap", "poorest_net_worth"):
        fan = result.fans(measure)
        before = fan[fan["round"] < start]
        # Up to the round being played, the class's own game: no spread at all.
        assert (before["p5"] == before["p95"]).all()
    bank = result.fans("bank_money")
    for round_ in range(start):
        here = bank[bank["round"] == round_]
        assert (here["p50"] == real[round_, game.n_players]).all()
    later = result.fans("gini_net_worth")
    assert (later[later["round"] == 40]["p95"] > later[later["round"] == 40]["p5"]).all()


def test_the_variants_are_the_rules_as_played_and_magie_s_vote_from_the_next_round(continued):
    session, result = continued
    assert result.labels == [AS_PLAYED, "single_tax", "money_neutral"]
    start = session.game.round
    games = result.games
    since = games.groupby("label", sort=False)["single_tax_since"].unique()
    assert since[AS_PLAYED].tolist() == [-1]
    assert since["single_tax"].tolist() == since["money_neutral"].tolist() == [start + 1]
    # From then on no land rent reaches a player: his share only falls.
    share = result.fans("land_rent_share_to_players")
    taxed = share[share["label"] == "single_tax"].set_index("round")["p50"]
    assert taxed[40] < taxed[start + 1]
    rent = result._rounds["single_tax"]["land_rent_to_players"]
    assert (rent[:, start + 1 :] == rent[:, [start + 1]]).all()
    # The money-neutral form raises no wages: the Treasury shares its money out instead.
    wages = games.groupby("label", sort=False)["final_wages"].max()
    assert wages["money_neutral"] == wages[AS_PLAYED] == 100 < wages["single_tax"]
    # Every continuation ran to the round asked, its printed end lifted.
    assert (games["rounds"] == 40).all()
    assert result.parameters["continued_from"]["round"] == start


def test_continuation_k_of_each_variant_throws_the_same_dice(continued):
    session, _ = continued
    game = session.game
    from landlord.continued import _started

    first_throws = []
    for what_if in (None, *game.family.what_ifs()):
        twin = _started(game, 30)
        if what_if is not None:
            what_if.make(twin)
        on = Session.continuing(twin, ["eager_landlord"] * 4, seed=11)
        throws = {}
        while not twin.is_over and twin.round <= game.round + 6:
            node, turn = twin._node, twin.turns_played
            on.run(max_steps=1)
            if node[1] == "dice":  # the first throw of each turn, by the turn's number
                throws.setdefault(turn, twin.history[-1])
        first_throws.append(throws)
    assert len(first_throws[0]) >= 20
    assert first_throws[0] == first_throws[1] == first_throws[2]


def test_the_same_seed_gives_the_same_continuations(continued):
    session, result = continued
    again = continuations(session, games=24, until_round=40, seed=3)
    assert result.games.equals(again.games)
    other = continuations(session, games=24, until_round=40, seed=4)
    assert not result.games["dollar_gap"].equals(other.games["dollar_gap"])


def test_a_game_over_at_its_printed_end_is_played_on_past_it():
    game = Session("landlords_game", ["eager_landlord"] * 3, seed=2).run()
    assert game.is_over
    result = continuations(game, games=5, until_round=game.round + 10, seed=1)
    assert (result.games["rounds"] == game.round + 10).all()


def test_the_seats_people_held_are_played_on_by_a_named_bot(continued):
    session, result = continued
    assert result.parameters["players"] == [
        STANDS_IN,
        "eager_landlord",
        STANDS_IN,
        "cautious_tenant",
    ]
    tenants = continuations(session, ["as_played"], games=2, until_round=20, bots="random")
    assert tenants.parameters["players"] == ["random"] * 4
    with pytest.raises(ValueError, match="seat only bots"):
        continuations(session, games=2, until_round=20, bots="human")
    with pytest.raises(ValueError, match="3 bots for a game of 4 players"):
        continuations(session, games=2, until_round=20, bots=["random"] * 3)


def test_a_variant_that_cannot_be_played_is_refused_saying_why():
    under_tax = class_game("single_tax", until=4)
    names = [name for name, _, why in variants(under_tax.game) if not why]
    assert names == [AS_PLAYED, "money_neutral"]
    with pytest.raises(ValueError, match="the single tax is already in force"):
        continuations(under_tax, ["single_tax"], games=2, until_round=10)
    result = continuations(under_tax, games=3, until_round=20)
    assert result.labels == [AS_PLAYED, "money_neutral"]
    later = class_game("monopoly_us", until=3, seats=["human", "strategy_guide", "human"])
    assert [name for name, _, _ in variants(later.game)] == [AS_PLAYED]
    with pytest.raises(ValueError, match="offers as_played"):
        continuations(later, ["single_tax"], games=2, until_round=10)
    for bad, match in (
        ({"games": 0}, "games is a whole number"),
        ({"until_round": 2}, "the game is at round 4"),
        ({"until_round": 5000}, "until_round is at most 1,000"),
        ({"seed": -1}, "a seed is a whole number"),
        ({"rules": []}, "at least one variant"),
        ({"rules": ["as_played", "as_played"]}, "asked for twice"),
    ):
        with pytest.raises(ValueError, match=match):
            continuations(under_tax, **{"games": 2, "until_round": 10, **bad})


def test_progress_counts_every_continuation(monkeypatch):
    session = class_game(until=3)
    seen = []
    continuations(session, games=30, until_round=8, progress=lambda *done: seen.append(done))
    # The batch path reports every 25 continuations and at the end of each variant.
    assert seen == [(25, 90), (30, 90), (55, 90), (60, 90), (85, 90), (90, 90)]
    monkeypatch.setenv("LANDLORD_BATCH", "off")
    seen.clear()
    continuations(session, games=3, until_round=8, progress=lambda *done: seen.append(done))
    assert seen == [(done, 9) for done in range(1, 10)]


def test_a_class_game_continues_into_what_magie_argued(continued):
    # Not a verdict (a few dozen continuations of one table), but the direction the
    # fan charts must be able to show: the gap between players under private land
    # rent widens as the game goes on.
    _, result = continued
    gap = result.fans("dollar_gap")
    played = gap[gap["label"] == AS_PLAYED].set_index("round")["p50"]
    assert played[40] > played[10]
    assert np.isfinite(result.fans("gini_net_worth")["p50"]).all()
