"""The later game's batch path plays the same games as the reference engine (landlord.batch).

Every figure an experiment keeps of a game (the net worth of every player at
every round's end, the end and its reason, the scorecard's sums, the family's
own figures) of thousands of seeded games of ``monopoly_us`` and
``monopoly_uk_1972``, with several line-ups of bots and options, is compared
between :mod:`landlord.families.monopoly.batch` and the reference engine's
figures kept in ``tests/data/batch_figures/monopoly.json`` (the first games of
each block are played by the reference engine again, to check the file); a
hypothesis property plays more both ways. A game the compiled game does not
follow to its end is played by the reference engine; how many are, is checked
too, so that a loss of coverage is seen.
"""

from __future__ import annotations

import pytest
from batch_figures import assert_same_figures, golden_ways
from hypothesis import given, settings
from hypothesis import strategies as st

from landlord import batch
from landlord.experiments import game_seeds
from landlord.families.monopoly import batch as monopoly_batch
from landlord.figures import Figures
from landlord.policies import make_policy
from landlord.rules import load_rules
from landlord.session import Session

EAGER, CAUTIOUS, GUIDE = "eager_landlord", "cautious_tenant", "strategy_guide"
US, UK = "monopoly_us", "monopoly_uk_1972"

#: (rule set, options, bots, games): 6,300 games in all, 2 to 4 players, both rule sets,
#: the benchmarks' round limit of 1000 and short ones, the short game, every-lot auctions.
CASES = [
    (US, {"round_limit": 1000}, [EAGER] * 4, 2000),
    (US, {"round_limit": 1000}, [GUIDE] * 4, 2000),
    (US, {"round_limit": 1000}, [EAGER, CAUTIOUS, GUIDE, CAUTIOUS], 500),
    (US, {"round_limit": 30}, [EAGER, EAGER], 500),
    (UK, {"round_limit": 1000}, [EAGER, EAGER, GUIDE], 600),
    (UK, {"round_limit": 20, "short_game": True, "rent_lapses": True}, [GUIDE, EAGER], 300),
    (US, {"purchase": "auction", "round_limit": 200}, [EAGER, GUIDE, CAUTIOUS], 300),
    (US, {"purchase": "fixed_price"}, [CAUTIOUS, CAUTIOUS], 100),
]


def both_ways(rules_id: str, options: dict, bots: list[str], seeds: list[int]):
    """The figures of the same seeded games played by the reference engine and by the
    batch path, and how many games the batch path handed back."""
    rules = load_rules(rules_id, **options)
    seats = [make_policy(bot) for bot in bots]
    assert batch.engine_for(rules, seats) == (batch.COMPILED, "")
    reference, compiled = Figures(), Figures()
    for seed in seeds:
        reference.add(Session(rules, seats, seed=seed).run())
    fell_back = monopoly_batch.play(rules, seats, seeds, compiled)
    return reference, compiled, fell_back


@pytest.mark.parametrize(("rules_id", "options", "bots", "games"), CASES)
def test_the_batch_path_plays_the_same_games_as_the_reference_engine(
    rules_id, options, bots, games
):
    # Against the reference engine's figures kept in tests/data/batch_figures/ (its first
    # games are played by it again here, to check that the file still holds what it plays).
    seeds = game_seeds(7, games)
    rules = load_rules(rules_id, **options)
    case = f"{rules_id} {options} {'+'.join(bots)}"
    _, compiled, fell_back = golden_ways("monopoly", case, rules, bots, seeds)
    assert fell_back <= games // 100  # nearly every game played compiled to its end
    ends = {row[2].split(",")[0].split(" is the")[0] for row in compiled.rows}
    if options.get("round_limit", 0) <= 30 and "round_limit" in options:
        assert any(end.startswith("the agreed end") for end in ends)


def test_the_games_cover_what_the_compiled_game_follows():
    # 4 eager landlords: bankruptcies to players and to the bank, trades, houses, hotels
    # sold back, mortgages, Jail cards, and the bank short of houses.
    rules = load_rules(US, round_limit=1000)
    seats = [make_policy(EAGER)] * 4
    games = [Session(rules, seats, seed=seed).run() for seed in game_seeds(7, 200)]
    reasons = [{str(r[5]) for r in g.ledger.records} for g in games]
    for reason, least in [
        ("bankruptcy", 100),
        ("mortgage", 100),
        ("building bought", 100),
        ("building sold", 20),
        ("trade", 20),
        ("mortgage interest", 5),
        ("jail fine", 100),
        ("repairs", 20),
        ("utility rent", 100),
    ]:
        assert sum(reason in seen for seen in reasons) >= least, reason
    to_bank = sum(any(to >= g.n_players for *_, to in g.bankruptcies) for g in games)
    assert to_bank > 5  # measured: 12 of 200
    assert sum(bool(g.trades.proposed) for g in games) > 50


def test_the_share_of_games_handed_back_to_the_reference_engine_is_as_measured():
    # Measured: of 2,000 games of 4 eager landlords and of 4 strategy guides (seeds
    # game_seeds(7, 2000), round_limit 1000), the compiled game follows every one to its end.
    rules = load_rules(US, round_limit=1000)
    for bot in (EAGER, GUIDE):
        seats = [make_policy(bot)] * 4
        monopoly_batch.FELL_BACK.clear()
        fell_back = monopoly_batch.play(rules, seats, game_seeds(7, 2000), Figures())
        assert fell_back == 0
        assert monopoly_batch.FELL_BACK == {"played": 2000}


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**63),
    bots=st.lists(st.sampled_from([EAGER, CAUTIOUS, GUIDE]), min_size=2, max_size=4),
    round_limit=st.sampled_from([0, 1, 3, 30, 1000]),
    rules_id=st.sampled_from([US, UK]),
    short_game=st.booleans(),
)
def test_any_seeded_game_is_the_same_game_both_ways(seed, bots, round_limit, rules_id, short_game):
    options = {"round_limit": round_limit, "short_game": short_game}
    reference, compiled, _ = both_ways(rules_id, options, bots, [seed])
    assert_same_figures(reference, compiled, [seed])


@pytest.mark.parametrize(
    ("options", "bots", "reason"),
    [
        ({}, ["random", EAGER], "not 'random'"),
        ({"card_order": "reshuffle"}, [EAGER] * 2, "reshuffled"),
    ],
)
def test_what_the_batch_path_does_not_cover_is_refused_in_words(options, bots, reason):
    rules = load_rules(US, **options)
    seats = [make_policy(bot) for bot in bots]
    engine, why = batch.engine_for(rules, seats)
    assert engine == batch.REFERENCE
    assert reason in why
    # Asked anyway, it plays every game by the reference engine.
    seeds = game_seeds(3, 3)
    reference, compiled = Figures(), Figures()
    for seed in seeds:
        reference.add(Session(rules, seats, seed=seed).run())
    assert monopoly_batch.play(rules, seats, seeds, compiled) == 3
    assert_same_figures(reference, compiled, seeds)
