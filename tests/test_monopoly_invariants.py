"""Invariants of the later game (US classic and UK 1972), over many seeded games.

Money is conserved (every balance is what the transfers say), every title
has at most one holder, the bank's 32 houses and 12 hotels are never
exceeded, buildings stand evenly on complete colour groups and never beside
a mortgage, bankrupt players hold nothing, every game ends, the same seed
gives the same game, and a saved game replays.
"""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from landlord.engine import CHANCE
from landlord.families.monopoly.estates import HOTEL
from landlord.record import GameRecord, load_game
from landlord.session import Session

BOTS = ["random", "eager_landlord", "cautious_tenant", "single_taxer", "strategy_guide"]
RULES = ["monopoly_us", "monopoly_uk_1972"]


def check_ledger(game) -> None:
    """Every balance is what the transfer records say (run once a game: it reads them all)."""
    ledger = game.ledger
    derived = Counter()
    for record in ledger.records:
        assert record.amount > 0
        derived[record.payer] -= record.amount
        derived[record.payee] += record.amount
    assert [derived[i] for i in range(len(ledger.names))] == ledger.balances


def check_invariants(game) -> None:
    ledger = game.ledger
    n = game.n_players
    t = game.tables
    rules = game.rules
    assert sum(ledger.balances) == 0
    assert all(ledger.balances[p] >= 0 for p in range(n))
    # One holder per title; houses only on streets; the bank's stock respected.
    for space in range(t.size):
        assert -1 <= game.estates.owner[space] < n
        if space not in t.cards:
            assert game.estates.owner[space] == -1
        if game.estates.houses[space]:
            assert t.kind[space] == "street"
    on_board = sum(h for h in game.estates.houses if h < HOTEL)
    hotels = sum(1 for h in game.estates.houses if h == HOTEL)
    assert on_board + game.estates.bank_houses == rules.buildings.houses
    assert hotels + game.estates.bank_hotels == rules.buildings.hotels
    assert game.estates.bank_houses >= 0
    assert game.estates.bank_hotels >= 0
    for lots in t.groups.values():
        built = [game.estates.houses[s] for s in lots]
        if any(built):
            holder = game.estates.owner[lots[0]]
            assert holder >= 0
            assert all(game.estates.owner[s] == holder for s in lots)
            assert not any(game.estates.mortgaged[s] for s in lots)
            # Evenly: no lot more than one ahead of another.
            assert max(built) - min(built) <= 1
    for space in range(t.size):
        if game.estates.mortgaged[space]:
            assert game.estates.owner[space] >= 0
    for player in range(n):
        held = [s for s in t.cards if game.estates.owner[s] == player]
        assert game.estates.mortgages_held[player] == sum(game.estates.mortgaged[s] for s in held)
        if game.bankrupt[player]:
            assert held == []
            assert ledger.balances[player] == 0
            assert game.jail_cards[player] == 0
        if game.jailed[player]:
            assert game.position[player] == t.jail
    # Every Get Out of Jail Free card is in its pack or in a hand, once.
    if rules.cards.order == "bottom":
        for pack, deck in (
            ("chance", rules.chance_deck),
            ("community_chest", rules.community_chest_deck),
        ):
            held = [card for hand in game.jail_cards_held for p, card in hand if p == pack]
            in_pack = list(game.packs[pack])
            if len(in_pack) + len(held) == len(deck):  # after the shuffle
                assert sorted(in_pack + held) == list(range(len(deck)))
    assert game.net_worths() == [row[-1] for row in game.holdings_table()]


game_setups = st.fixed_dictionaries(
    {
        "rules": st.sampled_from(RULES),
        "seed": st.integers(0, 2**32 - 1),
        "bots": st.lists(st.sampled_from(BOTS), min_size=2, max_size=6),
        "purchase": st.sampled_from(["buy_or_auction", "fixed_price", "auction"]),
        "card_order": st.sampled_from(["bottom", "reshuffle"]),
        "short_game": st.booleans(),
        "rent_lapses": st.booleans(),
    }
)


def session_for(setup, round_limit=150):
    options = {
        "purchase": setup["purchase"],
        "card_order": setup["card_order"],
        "short_game": setup["short_game"],
        "round_limit": round_limit,
    }
    if setup["rules"] == "monopoly_uk_1972":
        options["rent_lapses"] = setup["rent_lapses"]
    return Session(setup["rules"], setup["bots"], seed=setup["seed"], **options)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=game_setups)
def test_invariants_hold_after_every_step(setup):
    session = session_for(setup, round_limit=100)
    steps = 0
    while session.step():
        steps += 1
        if steps % 5 == 0 or session.game.actor == CHANCE:
            check_invariants(session.game)
    game = session.game
    check_invariants(game)
    check_ledger(game)
    assert game.is_over
    assert game.end_reason
    assert game.winner >= 0
    assert not game.bankrupt[game.winner]


@settings(max_examples=15, deadline=None)
@given(setup=game_setups)
def test_same_seed_same_game(setup):
    first = session_for(setup, 60).run()
    second = session_for(setup, 60).run()
    assert first.history == second.history
    assert first.ledger.records == second.ledger.records


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=game_setups)
def test_a_saved_later_game_replays_to_the_same_ledger(setup, tmp_path_factory):
    session = session_for(setup, 60)
    session.run()
    path = GameRecord.from_session(session).save(tmp_path_factory.mktemp("saved") / "game.json")
    loaded = load_game(path)
    assert loaded.game.ledger.records == session.game.ledger.records
    assert loaded.game.estates.owner == session.game.estates.owner


def test_two_hundred_bot_games_end_with_money_conserved_and_a_winner():
    ended_by_bankruptcy = 0
    for seed in range(200):
        bots = [BOTS[(seed + k) % len(BOTS)] for k in range(2 + seed % 5)]
        game = Session(RULES[seed % 2], bots, seed=seed, round_limit=300).run()
        assert sum(game.ledger.balances) == 0
        assert game.is_over
        assert not game.bankrupt[game.winner]
        ended_by_bankruptcy += "last player" in game.end_reason
    assert ended_by_bankruptcy >= 40
