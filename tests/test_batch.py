"""The compiled batch path plays the same games as the reference engine (landlord.batch).

Every figure an experiment keeps of a game (the net worth of every player at
every round's end, the end and its reason, the scorecard's sums, the family's
own figures) is compared between the two paths for thousands of seeded games
of every rule set a batch path covers, with several line-ups of bots and
options; a hypothesis property draws more. An experiment says which engine
played each rule set, and falls back to the reference engine, saying why,
for what the batch path does not cover.
"""

from __future__ import annotations

import importlib
import json
import subprocess
import sys

import pandas as pd
import pytest
from batch_figures import assert_same_figures, both_ways
from hypothesis import given, settings
from hypothesis import strategies as st

from landlord import batch
from landlord.experiments import compare, game_seeds
from landlord.policies import make_policy
from landlord.rules import load_rules

#: (rule set, options, bots, games): 2,000 games of Quikopoly in all, every number of
#: players, its round limit off (games to the engine's cap) and short.
QUIKOPOLY_CASES = [
    ("quikopoly", {}, ["eager_landlord"] * 4, 800),
    ("quikopoly", {}, ["cautious_tenant", "eager_landlord", "single_taxer"], 600),
    ("quikopoly", {"round_limit": 0}, ["cautious_tenant", "cautious_tenant"], 300),
    ("quikopoly", {"round_limit": 7}, ["single_taxer", "eager_landlord"] * 2, 300),
]


@pytest.mark.parametrize(("rules_id", "options", "bots", "games"), QUIKOPOLY_CASES)
def test_the_batch_path_plays_the_same_games_as_the_reference_engine(
    rules_id, options, bots, games
):
    seeds = game_seeds(21, games)
    reference, compiled = both_ways(load_rules(rules_id, **options), bots, seeds)
    assert_same_figures(reference, compiled, seeds)
    # The games cover what they should: every way a game ends, and games long enough
    # that the dice table is drawn again, longer.
    if options.get("round_limit") == 0:
        assert max(row[1] for row in reference.rows) > 256
    ends = {row[2].split(";")[0].split(" ", 2)[-1] for row in reference.rows}
    assert any("last player left" in end for end in ends)


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**63),
    bots=st.lists(
        st.sampled_from(["eager_landlord", "cautious_tenant", "single_taxer"]),
        min_size=2,
        max_size=4,
    ),
    round_limit=st.sampled_from([0, 1, 3, 30, 100]),
)
def test_any_seeded_game_is_the_same_game_both_ways(seed, bots, round_limit):
    rules = load_rules("quikopoly", round_limit=round_limit)
    reference, compiled = both_ways(rules, bots, [seed])
    assert_same_figures(reference, compiled, [seed])


def test_an_experiment_s_results_are_the_same_whichever_engine_plays(monkeypatch):
    compiled = compare(["quikopoly", "quikopoly[round_limit=12]"], games=2000, seed=5)
    assert [spec["played_by"] for spec in compiled.parameters["rules"]] == [batch.COMPILED] * 2
    monkeypatch.setattr(batch, "engine_for", lambda rules, seats: (batch.REFERENCE, "a test"))
    reference = compare(["quikopoly", "quikopoly[round_limit=12]"], games=2000, seed=5)
    for name in ("games", "per_round", "per_player", "summary"):
        pd.testing.assert_frame_equal(getattr(compiled, name), getattr(reference, name))
    table = compiled.table()
    assert "quikopoly: played by the compiled batch path (the same games, faster)." in table
    assert "quikopoly: played by the reference engine (a test)." in reference.table()
    drop = [line for line in table.splitlines() if "played by" not in line]
    assert drop == [line for line in reference.table().splitlines() if "played by" not in line]


def test_games_in_worker_processes_are_played_by_the_batch_path_too():
    one = compare("quikopoly", games=2000, seed=3)
    two = compare("quikopoly", games=2000, seed=3, jobs=2)
    assert two.parameters["rules"][0]["played_by"] == batch.COMPILED
    pd.testing.assert_frame_equal(one.games, two.games)
    pd.testing.assert_frame_equal(one.per_round, two.per_round)


def test_what_the_batch_path_does_not_cover_is_played_by_the_reference_engine_which_says_why(
    monkeypatch,
):
    from landlord.families.sackson import SacksonFamily

    monkeypatch.setattr(SacksonFamily, "batch", "")  # a family without a batch path
    rules = ["quikopoly", "property[round_limit=3]"]
    result = compare(rules, games=10, players=["random", "eager_landlord"])
    (quikopoly, other) = result.parameters["rules"]
    assert quikopoly["played_by"] == other["played_by"] == batch.REFERENCE
    assert quikopoly["played_by_because"] == (
        "the batch path plays the rule-of-thumb bots only, not 'random'"
    )
    assert other["played_by_because"] == "the batch path does not cover this family yet"
    text = result.table()
    assert "property[round_limit=3]: played by the reference engine (the batch" in text


def test_without_numba_the_reference_engine_plays_and_says_so(monkeypatch):
    real = batch.importlib.util.find_spec
    monkeypatch.setattr(
        batch.importlib.util, "find_spec", lambda name: None if name == "numba" else real(name)
    )
    result = compare("quikopoly", games=5)
    assert result.parameters["rules"][0]["played_by_because"] == "numba is not installed"


def test_the_batch_path_can_be_turned_off_by_the_environment(monkeypatch):
    monkeypatch.setenv("LANDLORD_BATCH", "off")
    result = compare("quikopoly", games=5)
    assert result.parameters["rules"][0]["played_by_because"] == (
        "the batch path is turned off: LANDLORD_BATCH=off"
    )


def test_a_few_games_in_a_process_without_numba_loaded_are_not_worth_loading_it(monkeypatch):
    rules = load_rules("quikopoly")
    seats = [make_policy("eager_landlord")] * 2
    numba = importlib.import_module("numba")
    monkeypatch.delitem(sys.modules, "numba")
    few = batch.engines([rules], [seats], batch.WORTH_LOADING - 1)
    why = "fewer than 1,000 games: not worth loading the compiled code"
    assert few == [(batch.REFERENCE, why)]
    assert batch.engines([rules], [seats], batch.WORTH_LOADING) == [(batch.COMPILED, "")]
    monkeypatch.setitem(sys.modules, "numba", numba)  # loaded already: any number of games
    assert batch.engines([rules], [seats], 1) == [(batch.COMPILED, "")]


def test_the_compile_command_makes_the_batch_path_ready():
    result = subprocess.run(
        [sys.executable, "-m", "landlord.batch"], capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 0, result.stderr
    assert "landlord.batch: quikopoly's batch path ready" in result.stdout


def test_the_batch_path_can_be_loaded_in_the_background_once(monkeypatch):
    monkeypatch.setattr(batch, "_preparing", None)
    batch.prepare_in_background()
    thread = batch._preparing
    batch.prepare_in_background()  # once per process
    assert batch._preparing is thread
    thread.join(timeout=600)
    assert not thread.is_alive()
    assert "landlord.families.quikopoly.compiled" in sys.modules
    rules = load_rules("quikopoly")
    assert batch.engines([rules], [[make_policy("eager_landlord")] * 2], 1) == [
        (batch.COMPILED, "")
    ]


def test_too_many_players_are_refused_in_words_by_the_batch_path_too():
    importlib.import_module("numba")  # loaded: the batch path would play even 3 games
    with pytest.raises(ValueError, match="is for 2 to 4 players, not 5"):
        compare("quikopoly", games=3, players=5)


def test_a_golden_figures_file_catches_either_engine_drifting_from_it(tmp_path, monkeypatch):
    import batch_figures

    monkeypatch.setattr(batch_figures, "GOLDEN_DIR", tmp_path)
    rules = load_rules("quikopoly")
    bots = ["eager_landlord", "cautious_tenant", "single_taxer"]
    seeds = game_seeds(4, 40)
    with monkeypatch.context() as writing:
        writing.setenv(batch_figures.WRITE, "1")
        batch_figures.golden_ways("quikopoly", "a block", rules, bots, seeds)
    path = tmp_path / "quikopoly.json"
    kept = json.loads(path.read_text("utf-8"))
    (lines,) = kept.values()
    assert len(lines) == 40
    assert lines[0].startswith(f"{seeds[0]} | ")
    batch_figures.golden_ways("quikopoly", "a block", rules, bots, seeds)  # as kept
    # The file says otherwise of game 30, which only the batch path plays again.
    lines[30] = lines[30].replace(" rounds,", "0 rounds,", 1)
    path.write_text(json.dumps(kept), "utf-8")
    with pytest.raises(AssertionError, match=r"game 30 of a block, 40 games.*\n  batch path"):
        batch_figures.golden_ways("quikopoly", "a block", rules, bots, seeds)
    # The rules changed and the file was not written anew: the reference engine says so.
    lines[30] = lines[30].replace("0 rounds,", " rounds,", 1)
    path.write_text(json.dumps(kept), "utf-8")
    changed = load_rules("quikopoly", round_limit=3)
    with pytest.raises(AssertionError, match=r"game 0 of a block.*no longer plays"):
        batch_figures.golden_ways("quikopoly", "a block", changed, bots, seeds)
    with pytest.raises(AssertionError, match="no golden figures for 'another block"):
        batch_figures.golden_ways("quikopoly", "another block", rules, bots, seeds)
