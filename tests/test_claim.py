"""Magie's claim over the declared grid: shipped results that the command makes again.

The grid (``landlord/claim/grid.toml``) was committed before its results. These
tests check that the shipped results are the grid's (the text they carry is the
file's), that playing scenarios again gives them exactly, that the verdicts follow
the declared rule, that a bad grid file is refused naming the file and the field,
and that the forest plot draws every scenario.
"""

from __future__ import annotations

import json
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from landlord.claim import GRID_PATH, GridError, load_grid, shipped_results
from landlord.claim.verdicts import verdict
from landlord.cli import main
from landlord.experiments import parse_spec
from landlord.rules import load_rules

#: Scenarios played again on every test run: both lengths, a cheap mix each
#: (the whole grid takes minutes; `landlord claim --check` plays all of it).
REPLAYED = ("taxers.long", "landlords_tenants.printed")  # in the grid's order


def run(capsys, *args):
    """Run ``landlord ARGS`` on the first grid; return (status, stdout, stderr)."""
    if args[0] == "claim" and "--grid" not in args:
        args = (*args, "--grid-version", "1")
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture(scope="module")
def shipped():
    return shipped_results()


def test_the_shipped_results_are_the_shipped_grids_in_full(shipped):
    grid = load_grid()
    assert shipped.grid.source == GRID_PATH.read_text(encoding="utf-8")
    assert [s["id"] for s in shipped.scenarios] == [s.id for s in grid.scenarios]
    assert len(shipped.scenarios) == 16
    for scenario in shipped.scenarios:
        assert [run["seed"] for run in scenario["runs"]] == [7, 8, 9]
        for run in scenario["runs"]:
            for figures in run["measures"].values():
                difference = figures["difference"]
                # every pair counted: defined, or said to be undefined
                assert difference["n"] + difference["undefined"] == 500


def test_playing_scenarios_again_gives_the_shipped_results_exactly(capsys, shipped):
    status, out, _ = run(capsys, "claim", "--scenario", ",".join(REPLAYED), "--json")
    assert status == 0
    played = json.loads(out)
    assert played["grid"] == shipped.grid.source
    by_id = {s["id"]: s for s in shipped.scenarios}
    assert [s["id"] for s in played["scenarios"]] == list(REPLAYED)
    for scenario in played["scenarios"]:
        assert scenario == by_id[scenario["id"]], scenario["id"]


def test_check_says_when_results_match(capsys):
    status, out, _ = run(capsys, "claim", "--scenario", "landlords_tenants.printed", "--check")
    assert (status, out.strip()) == (0, "1 scenarios: the same as the shipped results")


def test_check_fails_when_the_shipped_results_differ(capsys, monkeypatch, tmp_path):
    import landlord.claim as claim

    damaged = json.loads(claim.RESULTS_PATH.read_text(encoding="utf-8"))
    damaged["scenarios"][0]["runs"][0]["measures"]["rounds"]["difference"]["mean"] += 1
    path = tmp_path / "results.json"
    path.write_text(json.dumps(damaged), encoding="utf-8")
    monkeypatch.setattr(claim, "RESULTS_PATH", path)
    status, _, err = run(capsys, "claim", "--scenario", damaged["scenarios"][0]["id"], "--check")
    assert status == 1
    assert "differ from the shipped results: eager.printed" in err


def test_the_monopolist_arm_of_every_scenario_asks_for_no_switch():
    grid = load_grid()
    for scenario in grid.scenarios:
        name, options = parse_spec(scenario.spec(grid.baseline))
        rules = load_rules(name, **options)
        assert not rules.single_tax.vote
        assert rules.single_tax.at_round == 0
        assert rules.single_tax.at_gini == 0
        assert not rules.single_tax.from_start


def test_every_scenario_is_judged_by_the_declared_rule(shipped):
    for scenario in shipped.scenarios:
        for measure in shipped.grid.measures:
            intervals = [
                tuple(
                    math.nan if end is None else end
                    for end in (
                        run["measures"][measure.name]["difference"][k] for k in ("low", "high")
                    )
                )
                for run in scenario["runs"]
            ]
            expected = verdict(measure.claim, intervals)
            assert scenario["verdicts"][measure.name] == expected, (scenario["id"], measure.name)


def test_each_scenario_says_its_verdict_in_a_sentence(shipped):
    for scenario in shipped.scenarios:
        sentence = scenario["sentence"]
        assert sentence.startswith(scenario["words"][:1].upper() + scenario["words"][1:])
        for name, said in scenario["verdicts"].items():
            unmoved = scenario["pooled"][name]["mean"] == 0 == scenario["pooled"][name]["high"]
            if said != "reported" and not unmoved:
                assert f" {said} for " in sentence
            elif unmoved and said != "reported":  # both arms alike in every game
                assert "no pair of games differed for " in sentence
        assert "Gini of net worth, single tax minus monopolist rules" in sentence


def test_the_claim_holds_clearly_where_landlords_meet_tenants_in_a_long_game(shipped):
    """A regression anchor: the grid's clearest scenario (not chosen to flatter:
    every scenario and verdict is shown by the table and the plot)."""
    scenario = next(s for s in shipped.scenarios if s["id"] == "landlords_tenants.long")
    assert scenario["verdicts"]["gini_net_worth"] == "holds"
    assert scenario["pooled"]["gini_net_worth"]["high"] < 0


@given(
    low=st.floats(-5, 5, allow_nan=False),
    width=st.floats(0, 5, allow_nan=False),
    seeds=st.integers(1, 4),
)
def test_a_verdict_turns_over_with_the_claimed_direction(low, width, seeds):
    intervals = [(low, low + width)] * seeds
    lower, higher = verdict("lower", intervals), verdict("higher", intervals)
    swap = {"holds": "fails", "fails": "holds", "cannot be told": "cannot be told"}
    assert swap[lower] == higher
    assert (lower == "cannot be told") == (low <= 0 <= low + width)


def test_one_seed_across_zero_makes_it_cannot_be_told():
    assert verdict("lower", [(-0.2, -0.1), (-0.2, -0.1), (-0.01, 0.02)]) == "cannot be told"
    assert verdict("lower", [(-0.2, -0.1), (0.1, 0.2)]) == "cannot be told"
    assert verdict("lower", [(math.nan, math.nan)]) == "cannot be told"


def test_the_table_in_words(capsys):
    status, out, _ = run(capsys, "claim", "--shipped")
    assert status == 0
    assert out.startswith("Magie's claim:")
    assert "Four eager landlords, played to the printed end" in out
    assert "By the rules, not by play:" in out
    assert "_" not in out.split("Verdicts:")[1].split("By the rules")[0].replace(
        "single_tax", ""
    ).replace("landlords_game", "")


GOOD = GRID_PATH.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (("[claim]", "[claims]"), "'claim'"),
        (("seeds = [7, 8, 9]", "seeds = [7, 7]"), "'claim.seeds'"),
        (("games = 500", "games = -1"), "'claim.games'"),
        (("games = 500", 'games = "many"'), "'claim.games'"),
        (('bots = "random"', 'bots = "gambler"'), "mix 'random'.bots"),
        (('name = "rounds"', 'name = "happiness"'), "measure 'happiness'"),
        (('claim = ""', 'claim = "sideways"'), ".claim"),
        (('treatment = "single_tax"', 'treatment = "nosuch"'), "'claim.treatment'"),
        (('options = "wages_times=0,round_limit=100"', 'options = "round_limit=x"'), "long"),
        (('id = "eager"', 'id = "tenants"'), "'[[mix]] 2.id'"),
        (("level = 0.95", "level = 2"), "'claim.level'"),
        (("format = 1", "format = 3"), "'format'"),
        (("[verdict]", "[verdict]\nwhatever = 1\n[other]"), "'verdict.holds'"),
    ],
)
def test_a_bad_grid_names_the_file_and_the_field(tmp_path, capsys, change, field):
    old, new = change
    assert old in GOOD
    path = tmp_path / "my_grid.toml"
    path.write_text(GOOD.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(GridError) as raised:
        load_grid(path)
    assert str(path) in str(raised.value)
    assert field in str(raised.value)
    with pytest.raises(SystemExit) as exited:
        main(["claim", "--grid", str(path)])
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert "usage: landlord claim" in err
    assert str(path) in err


@pytest.mark.parametrize(
    "args",
    [
        ["claim", "--scenario", "eager.forever"],
        ["claim", "--jobs", "0"],
        ["claim", "--out", "results.csv"],
        ["claim", "--out", "/no/such/folder/results.json"],
        ["claim", "--shipped", "--check"],
        ["claim", "--grid", "/no/such/grid.toml"],
        ["claim", "--grid", GRID_PATH.as_posix(), "--check"],
    ],
)
def test_bad_arguments_print_the_usage_and_exit_2(capsys, args):
    with pytest.raises(SystemExit) as exited:
        main(args)
    assert exited.value.code == 2
    assert "usage: landlord claim" in capsys.readouterr().err


def test_a_grid_file_that_is_not_toml(tmp_path):
    path = tmp_path / "grid.toml"
    path.write_bytes(b"[claim\n\xff")
    with pytest.raises(GridError, match=r"grid\.toml: not a TOML file"):
        load_grid(path)


def test_the_forest_plot_draws_every_scenario_with_its_verdict(shipped):
    from landlord.plotting.claim import VERDICT_STYLE, claim_forest

    figure = claim_forest(shipped, "gini_net_worth")
    ax = figure.axes[0]
    labels = [t.get_text() for t in ax.get_yticklabels()]
    assert labels[0] == "one of each, long game"
    assert len(labels) == 16
    for scenario in shipped.scenarios:
        texts = [t for t in ax.texts if t.get_gid() == scenario["id"]]
        said = scenario["verdicts"]["gini_net_worth"]
        assert any(t.get_text() == said for t in texts)
        colour = VERDICT_STYLE[said][0]
        lines = [line for line in ax.get_lines() if line.get_gid() == scenario["id"]]
        assert lines
        assert all(line.get_color() == colour for line in lines)
    # random players' debts put their Gini far off the common scale: cut, and said
    random = [t.get_text() for t in ax.texts if t.get_gid() == "random.long"]
    assert any(text.startswith("off the scale:") for text in random)
    with pytest.raises(ValueError, match="no measure 'happiness'"):
        claim_forest(shipped, "happiness")


def test_the_first_grid_s_view_says_its_chart_in_words_and_names_rule_sets_by_title(shipped):
    from landlord.widgets.claim_first_grid import FirstGridView

    view = FirstGridView(shipped)
    counts = {}
    for scenario in shipped.scenarios:
        said = scenario["verdicts"]["gini_net_worth"]
        counts[said] = counts.get(said, 0) + 1
    alt = view.chart.alt
    assert alt.startswith("Forest plot of the paired differences")
    assert "final Gini of net worth in 16 scenarios" in alt
    for said, count in counts.items():
        assert f"{said} in {count}" in alt
    assert 'alt="Forest plot' in view.chart.widget.value
    # Another measure: the words follow the picture.
    view.measure.value = "poorest_net_worth"
    assert "poorest player's net worth in 16 scenarios" in view.chart.alt
    # The rule sets by their titles, not their ids; the verdicts' box reachable by Tab.
    intro = view.widget.children[0].value
    assert "The Landlord&#x27;s Game under the Single Tax" in intro
    assert "<code>" not in intro
    assert "tabindex='0'" in view.verdicts.value


def test_a_measure_no_pair_differed_on_is_said_so_not_cannot_be_told():
    # Issue 34: version 1's sentences said "it cannot be told for ... (no pair of games
    # differed)" where both arms were alike in every game: that is no difference, not doubt.
    from landlord.claim import shipped_results

    results = shipped_results(1)
    worded = 0
    for scenario in results.scenarios:
        sentence = scenario["sentence"]
        assert "(no pair of games differed)" not in sentence
        if "no pair of games differed for" in sentence:
            assert "no pair of games differed for poorest player doubled" in sentence
            worded += 1
    assert worded >= 1
