"""Property's compiled batch path plays the same games as the reference engine.

Every figure an experiment keeps of a game of Sackson's Property (the net worth
of every player at every round's end, the rounds, turns and end reason, the
scorecard's sums, the family's own figures) is compared between
:mod:`landlord.families.sackson.batch` and the reference engine's figures kept in
``tests/data/batch_figures/property.json`` (its first games played again by the
reference engine, to check the file) for over 2,000 seeded games:
two to six players, aggressive bots (the eager landlord) and cautious ones (the
cautious tenant, the single taxer), each bankruptcy that may end the game, the
cells counting, round limits off and short, the engine's cap, and two shapes of
rule set no option reaches (cells not vacated, a deck too short for every hand);
a hypothesis property draws more.
"""

from __future__ import annotations

import importlib

import pandas as pd
import pytest
from batch_figures import SAMPLE, assert_same_figures, both_ways, golden_ways
from hypothesis import given, settings
from hypothesis import strategies as st

from landlord import batch
from landlord.experiments import compare, game_seeds
from landlord.families.sackson import batch as sackson_batch
from landlord.families.sackson.bots import is_aggressive
from landlord.families.sackson.game import PropertyGame
from landlord.policies import make_policy
from landlord.rules import load_rules

EAGER, CAUTIOUS, TAXER = "eager_landlord", "cautious_tenant", "single_taxer"
#: The ways a game of Property ends, as its end reason starts.
ENDS = {
    "the first bankruptcy": "first",
    "the second bankruptcy": "second",
    "the third bankruptcy": "third",
    "the kit's round limit": "limit",
    "the engine's cap": "cap",
}

#: (options, changed fields of the rule set, bots, games, what the games must show):
#: 2,120 games in all. Besides the ends (ENDS' words), "reshuffle": a stock made anew;
#: "more draws": a game longer than the cards first drawn for it; "pass": a hand
#: without both colours; "bought", "mortgage", "lost": cells bought with units, cells
#: mortgaged, cells lost.
CASES = [
    ({}, {}, [EAGER, EAGER], 250, {"first", "reshuffle", "bought", "mortgage", "lost"}),
    ({}, {}, [CAUTIOUS, EAGER, TAXER], 250, {"first", "reshuffle", "mortgage"}),
    (
        {"bankruptcies_to_end": 2, "count_property": True},
        {},
        [TAXER, EAGER, CAUTIOUS, EAGER],
        200,
        {"second", "reshuffle", "bought", "mortgage"},
    ),
    (
        {"bankruptcies_to_end": 3, "round_limit": 0},
        {},
        [CAUTIOUS, EAGER, TAXER] * 2,
        150,
        {"third", "reshuffle", "more draws", "bought", "mortgage", "lost"},
    ),
    # Two players: the first bankruptcy leaves one, which ends the game whatever the option.
    ({"bankruptcies_to_end": 3, "round_limit": 0}, {}, [CAUTIOUS, CAUTIOUS], 150, {"first"}),
    ({"round_limit": 3}, {}, [EAGER, TAXER] * 3, 300, {"limit", "reshuffle"}),
    ({"round_limit": 1}, {}, [CAUTIOUS, EAGER], 200, {"limit"}),
    (
        {"round_limit": 25, "bankruptcies_to_end": 2, "count_property": True},
        {},
        [EAGER, CAUTIOUS, TAXER, CAUTIOUS, EAGER],
        250,
        {"limit", "second", "reshuffle", "mortgage"},
    ),
    (
        {"bankruptcies_to_end": 3},
        {"bankruptcy_end": {"vacate_cells": False}},
        [EAGER, TAXER, CAUTIOUS, EAGER],
        120,
        {"third", "reshuffle", "mortgage"},
    ),
    (
        {"round_limit": 30},
        {"play_deck": {"ranks": 3}},
        [CAUTIOUS, EAGER, TAXER] * 2,
        100,
        {"limit", "first", "reshuffle", "pass", "mortgage"},
    ),
    # The engine's cap, lowered to 40 rounds (PropertyGame.ROUND_CAP) for both paths.
    ({"round_limit": 0, "cap": 40}, {}, [EAGER, CAUTIOUS, TAXER], 150, {"cap", "first"}),
]


def property_rules(options: dict, changed: dict):
    """Property with ``options``, and fields of its sections changed as no option does."""
    rules = load_rules("property", **options)
    for section, fields in changed.items():
        rules.params[section].update(fields)
    return rules


def test_the_cases_cover_every_way_a_game_ends_both_kinds_of_bot_and_every_table():
    shown = set().union(*(case[-1] for case in CASES))
    assert set(ENDS.values()) | {"reshuffle", "more draws", "pass"} <= shown
    bots = {bot for case in CASES for bot in case[2]}
    kinds = {is_aggressive(make_policy(bot)) for bot in bots}
    assert kinds == {True, False}
    rules = load_rules("property")
    sizes = {len(case[2]) for case in CASES}
    assert {2, 3, 4, rules.info.max_players} <= sizes
    assert sum(case[3] for case in CASES) >= 2000
    assert {"bought", "mortgage", "lost"} <= shown
    options = [case[0] for case in CASES]
    assert {o.get("bankruptcies_to_end", 1) for o in options} == {1, 2, 3}
    assert {o.get("count_property", False) for o in options} == {False, True}
    assert {0, 1, 3} <= {o.get("round_limit", 400) for o in options}


@pytest.mark.parametrize(("options", "changed", "bots", "games", "shows"), CASES)
def test_the_batch_path_plays_the_same_games_as_the_reference_engine(
    options, changed, bots, games, shows, monkeypatch
):
    case = f"property {options} changed {changed} {'+'.join(bots)}"
    options = dict(options)
    if "cap" in options:
        monkeypatch.setattr(PropertyGame, "ROUND_CAP", options.pop("cap"))
    drawn: list[int] = []

    def chance_draws(seed, purpose, count):
        drawn.append(count if purpose == "deck" else 0)
        return batch.chance_draws(seed, purpose, count)

    monkeypatch.setattr(sackson_batch, "chance_draws", chance_draws)
    passes = []
    legal_plays = PropertyGame.legal_plays

    def counted(game, player):
        plays = legal_plays(game, player)
        passes.append(not plays)
        return plays

    monkeypatch.setattr(PropertyGame, "legal_plays", counted)
    seeds = game_seeds(21, games)
    # Against the reference engine's figures kept in tests/data/batch_figures/; a hand
    # without a colour is seen in the reference engine's games, so where the case is there
    # for it, the reference engine plays them all again.
    sample = games if "pass" in shows else SAMPLE
    rules = property_rules(options, changed)
    _, compiled, _ = golden_ways("property", case, rules, bots, seeds, sample=sample)
    # The games show what the case is there for.
    seen = {ENDS[end] for row in compiled.rows for end in ENDS if row[2].startswith(end)}
    figures = compiled.family_figures
    facts = {
        "reshuffle": any(f["reshuffles"] for f in figures),
        "bought": any(f["cells_bought"] for f in figures),
        "lost": any(f["cells_lost"] for f in figures),
        "mortgage": any(f["mortgages"] for f in figures),
        "more draws": max(drawn) > sackson_batch.FIRST_DRAWS,
        "pass": any(passes),
    }
    seen |= {fact for fact, shown in facts.items() if shown}
    assert shows <= seen, shows - seen


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**63),
    bots=st.lists(st.sampled_from([EAGER, CAUTIOUS, TAXER]), min_size=2, max_size=6),
    bankruptcies=st.sampled_from([1, 2, 3]),
    count_property=st.booleans(),
    round_limit=st.sampled_from([0, 1, 3, 30, 400]),
)
def test_any_seeded_game_is_the_same_game_both_ways(
    seed, bots, bankruptcies, count_property, round_limit
):
    options = {
        "bankruptcies_to_end": bankruptcies,
        "count_property": count_property,
        "round_limit": round_limit,
    }
    reference, compiled = both_ways(load_rules("property", **options), bots, [seed])
    assert_same_figures(reference, compiled, [seed])


def test_what_the_batch_path_does_not_cover_is_said():
    rules = load_rules("property")
    why = sackson_batch.why_not
    assert why(rules, [make_policy(EAGER), make_policy(TAXER)]) is None
    assert why(rules, [make_policy("random"), make_policy(EAGER)]) == (
        "the batch path plays the rule-of-thumb bots only, not 'random'"
    )
    # The later game's guide plays Property as a rule-of-thumb bot (test_batch_guide.py).
    assert why(rules, [make_policy("strategy_guide")] * 2) is None
    treasury = property_rules({}, {"accounts": {"piles": ["box", "public_treasury"]}})
    assert why(treasury, [make_policy(EAGER)] * 2) == (
        "the batch path plays Property without a Public Treasury pile only"
    )
    assert batch.engine_for(rules, [make_policy(EAGER)] * 3) == (batch.COMPILED, "")


def test_an_experiment_s_results_are_the_same_whichever_engine_plays(monkeypatch):
    importlib.import_module("landlord.families.sackson.compiled")  # numba loaded: any games
    rule_sets = ["property", "property[bankruptcies_to_end=2,round_limit=20]"]
    players = [EAGER, CAUTIOUS, TAXER]
    compiled = compare(rule_sets, games=120, players=players, seed=5)
    assert [spec["played_by"] for spec in compiled.parameters["rules"]] == [batch.COMPILED] * 2
    monkeypatch.setattr(batch, "engine_for", lambda rules, seats: (batch.REFERENCE, "a test"))
    reference = compare(rule_sets, games=120, players=players, seed=5)
    for name in ("games", "per_round", "per_player", "summary"):
        pd.testing.assert_frame_equal(getattr(compiled, name), getattr(reference, name))
    assert "property: played by the compiled batch path" in compiled.table()
