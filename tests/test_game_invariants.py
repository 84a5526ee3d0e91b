"""Invariants that hold in every game, checked over thousands of seeded games.

Money is conserved, every card has at most one holder, limits hold, no
player's cash goes below zero (what he cannot pay is a recorded debt), every
game ends, the same seed gives the same game, and a saved game replays to
exactly the same ledger.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from landlord.engine import CHANCE
from landlord.record import load_game
from landlord.rules import load_rules
from landlord.session import Session

BOTS = ["random", "eager_landlord", "cautious_tenant"]


def check_invariants(game) -> None:
    ledger = game.ledger
    n = game.n_players
    # Money is conserved: the bank issued every dollar, so all balances sum to zero ...
    assert sum(ledger.balances) == 0
    # ... and every balance is what the transfer records say.
    derived = Counter()
    for record in ledger.records:
        assert record.amount > 0
        assert record.payer != record.payee
        derived[record.payer] -= record.amount
        derived[record.payee] += record.amount
    assert [derived[i] for i in range(len(ledger.names))] == ledger.balances
    # No negative cash: what a player cannot pay is a debt on record.
    assert all(ledger.balances[p] >= 0 for p in range(n))
    for debt in game.debts.values():
        assert debt.owed > 0
        assert 0 <= debt.debtor < n
    # One holder per card, houses only on held lots, within the limit.
    limit = game.rules["houses.limit"]
    for space in game.tables.cards:
        assert -1 <= game.owner[space] < n
    for space, houses in enumerate(game.houses):
        if houses:
            assert game.tables.kind[space] == "lot"
            assert game.owner[space] >= 0
            assert not limit or houses <= limit
    for player in range(n):
        assert game.lots_held[player] == {s for s in game.tables.lots if game.owner[s] == player}
    for space, debt_id in game.pledged.items():
        assert game.owner[space] == game.debts[debt_id].debtor
    if game.trust is not None:
        assert {game.owner[r] for r in game.tables.railroads} == set(game.trust)
    for player in range(n):
        if game.jailed[player]:
            assert game.position[player] == game.tables.jail
        assert 0 <= game.position[player] < game.tables.size


game_setups = st.fixed_dictionaries(
    {
        "seed": st.integers(0, 2**32 - 1),
        "bots": st.lists(st.sampled_from(BOTS), min_size=2, max_size=4),
        "advanced": st.booleans(),
        "wayback_rent": st.sampled_from([0, 2]),
        "speculation_stake_to": st.sampled_from(["miscellaneous", "broker"]),
    }
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=game_setups)
def test_invariants_hold_after_every_step(setup):
    session = Session(
        "landlords_game",
        setup["bots"],
        seed=setup["seed"],
        advanced=setup["advanced"],
        wayback_rent=setup["wayback_rent"],
        speculation_stake_to=setup["speculation_stake_to"],
    )
    steps = 0
    while session.step():
        steps += 1
        if steps % 7 == 0 or session.game.actor == CHANCE:
            check_invariants(session.game)
    check_invariants(session.game)
    assert session.game.is_over
    assert session.game.end_reason


@settings(max_examples=60, deadline=None)
@given(setup=game_setups)
def test_same_seed_same_game(setup):
    def play():
        return Session(
            "landlords_game", setup["bots"], seed=setup["seed"], advanced=setup["advanced"]
        ).run()

    first, second = play(), play()
    assert first.history == second.history
    assert first.ledger.records == second.ledger.records


@settings(max_examples=25, deadline=None)
@given(setup=game_setups)
def test_a_saved_game_replays_to_the_same_ledger(setup, tmp_path_factory):
    session = Session(
        "landlords_game", setup["bots"], seed=setup["seed"], advanced=setup["advanced"]
    )
    session.run()
    path = session.record().save(tmp_path_factory.mktemp("saved") / "game.json")
    loaded = load_game(path)
    assert loaded.game.ledger.records == session.game.ledger.records
    assert loaded.game.round_rows == session.game.round_rows
    assert loaded.rules == "landlords_game"
    assert loaded.options["advanced"] == setup["advanced"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_thousand_games_end_with_money_conserved(players):
    rules = load_rules("landlords_game")
    lengths = []
    for seed in range(1000 // 3 + 1):
        bots = [BOTS[(seed + k) % 3] for k in range(players)]
        game = Session(rules, bots, seed=seed).run()
        assert game.is_over
        check_invariants(game)
        assert max(game.wages_received) == 5
        lengths.append(game.round)
    # Five wages take about five trips round a 40-space board: a few dozen rounds.
    assert 10 < sum(lengths) / len(lengths) < 200


def test_different_seeds_give_different_games():
    histories = {
        tuple(map(repr, Session("landlords_game", ["random"] * 2, seed=s).run().history))
        for s in range(20)
    }
    assert len(histories) == 20
