"""Version 2 of Magie's claim (landlord/claim/grid_v2.toml): its declared grid, read and checked.

The grid was committed on its own, before any game of it was played; these tests read
it and refuse damaged copies of it, naming the file and the field.
"""

from __future__ import annotations

import pytest

from landlord.claim.grid import GRID_V2_PATH, SIZE_WORDS, GridError, load_grid
from landlord.experiments import bot_mix, parse_spec
from landlord.rules import load_rules

GOOD = GRID_V2_PATH.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def grid():
    return load_grid(GRID_V2_PATH)


def test_the_second_grid_declares_what_the_issue_asked_for(grid):
    # Five rule sets side by side, three arms judged between them.
    assert [rules.id for rules in grid.rule_sets] == [
        "monopolist",
        "single_tax",
        "dividend",
        "shared",
        "dividend_all",
    ]
    assert [(arm.baseline, arm.treatment) for arm in grid.arms] == [
        ("monopolist", "single_tax"),
        ("monopolist", "dividend"),
        ("shared", "dividend_all"),
    ]
    # 2, 3 and 4 seats; the printed end, a common round and a long game.
    assert grid.tables == (2, 3, 4)
    assert [length.options for length in grid.lengths] == [
        "",
        "wages_times=0,round_limit=25",
        "wages_times=0,round_limit=100",
    ]
    assert len(grid.scenarios) == len(grid.mixes) * 3 * 3 == 72
    # Relative and absolute measures judged; the totals, where money came from and the
    # mechanical wages reported, not judged.
    judged = [m.name for m in grid.measures if m.claim]
    assert judged == [
        "gini_net_worth",
        "gini_clipped",
        "richest_share",
        "dollar_gap",
        "poorest_net_worth",
        "poorest_doubled",
    ]
    reported = {m.name for m in grid.measures if not m.claim}
    assert {"total_wealth", "bank_money", "treasury_money", "final_wages"} <= reported
    assert all(not m.claim for m in grid.measures if m.by_the_rules)
    # The size words' bounds, declared before the results.
    assert grid.size["small"] < grid.size["medium"] < grid.size["large"]
    assert SIZE_WORDS == ("tiny", "small", "medium", "large")


def test_every_rule_set_of_every_scenario_loads_with_its_length(grid):
    for scenario in grid.scenarios[: len(grid.lengths)]:
        for rules in grid.rule_sets:
            name, options = parse_spec(scenario.spec_of(rules.spec))
            loaded = load_rules(name, **options)
            if scenario.length.id != "printed":
                assert loaded.end.wages_times == 0
                assert loaded.end.round_limit in (25, 100)
    shared = load_rules("landlords_game", treasury_shared=True)
    assert shared.treasury_spending.shares_takings
    # The monopolist arm never switches to the single tax.
    monopolist = load_rules("landlords_game")
    assert not monopolist.single_tax.vote
    assert not monopolist.single_tax.at_round


def test_a_scenario_says_its_table_in_words(grid):
    printed = next(length for length in grid.lengths if length.id == "printed")
    words = {
        s.id: s.words.removesuffix(f", {printed.words}")
        for s in grid.scenarios
        if s.length.id == "printed"
    }
    assert words["eager.2.printed"] == "two eager landlords"
    assert words["everyone.2.printed"] == "a single-taxer and an eager landlord"
    assert words["everyone.3.printed"] == "a single-taxer, an eager landlord and a random player"
    assert words["landlords_tenants.3.printed"] == "two eager landlords and a cautious tenant"
    for scenario in grid.scenarios:
        assert len(bot_mix(scenario.mix.bots, scenario.players)) == scenario.players


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (("format = 2", "format = 0"), "'format'"),
        (("tables = [2, 3, 4]", "tables = [1, 4]"), "'claim.tables'"),
        (("tables = [2, 3, 4]", "tables = [4, 4]"), "'claim.tables'"),
        (("tables = [2, 3, 4]", "tables = [2, 9]"), "'claim.tables'"),
        (('baseline = "shared"', 'baseline = "nosuch"'), "arm 'sink_neutral'.baseline"),
        (('treatment = "single_tax"', 'treatment = "monopolist"'), "arm 'as_printed'.treatment"),
        (('spec = "landlords_game[treasury_shared=true]"', 'spec = "landlords_game[x=1]"'),
         "rules 'shared'.spec"),
        (("small = 0.556", "small = 0.9"), "'size'"),
        (("large = 0.714", 'large = "big"'), "'size.large'"),
        (('random = "random player"', 'gambler = "random player"'), "bot_words.random"),
        (('id = "dividend"', 'id = "single_tax"'), "'[[rules]] 3.id'"),
        (('name = "dollar_gap"', 'name = "happiness"'), "measure 'happiness'"),
        (("[size]", "[sizes]"), "'size'"),
    ],
)  # fmt: skip
def test_a_bad_second_grid_names_the_file_and_the_field(tmp_path, change, field):
    old, new = change
    assert old in GOOD
    path = tmp_path / "my_grid.toml"
    path.write_text(GOOD.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(GridError) as raised:
        load_grid(path)
    assert str(path) in str(raised.value)
    assert field in str(raised.value)


# --- playing a grid of format 2 (a small copy of the declared one, on other seeds) -----


SMALL = GOOD.replace("games = 500", "games = 12").replace("seeds = [21, 22, 23]", "seeds = [3, 4]")


@pytest.fixture(scope="module")
def small_results(tmp_path_factory):
    from landlord.claim import run_claim

    path = tmp_path_factory.mktemp("grid") / "small.toml"
    path.write_text(SMALL, encoding="utf-8")
    return run_claim(path, scenarios=["tenants.3.printed", "landlords_tenants.2.round25"])


def test_each_arm_is_the_difference_of_its_rule_sets_game_by_game(small_results):
    from landlord.experiments import compare

    grid = small_results.grid
    scenario = grid.scenario("tenants.3.printed")
    result = compare(
        [scenario.spec_of(rules.spec) for rules in grid.rule_sets],
        games=12,
        players=["cautious_tenant"] * 3,
        seed=3,
    )
    by_rules = dict(zip([r.id for r in grid.rule_sets], result.labels, strict=True))
    games = result.games
    shipped = small_results.scenario("tenants.3.printed")
    for arm in grid.arms:
        for name in ("dollar_gap", "gini_net_worth", "total_wealth"):
            treated = games[games["label"] == by_rules[arm.treatment]][name].to_numpy()
            base = games[games["label"] == by_rules[arm.baseline]][name].to_numpy()
            first_seed = shipped["arms"][arm.id]["measures"][name]["seeds"][0]
            assert first_seed["seed"] == 3
            assert first_seed["mean"] == pytest.approx((treated - base).mean(), abs=1e-6)
            assert first_seed["n"] == 12


def test_every_cell_is_judged_by_the_declared_rule_and_sized_by_the_declared_bounds(
    small_results,
):
    from landlord.claim.verdicts import size_of, verdict

    grid = small_results.grid
    for scenario in small_results.scenarios:
        for arm in grid.arms:
            for measure in grid.measures:
                cell = scenario["arms"][arm.id]["measures"][measure.name]
                intervals = [
                    (
                        float("nan") if s["low"] is None else s["low"],
                        float("nan") if s["high"] is None else s["high"],
                    )
                    for s in cell["seeds"]
                ]
                assert cell["verdict"] == verdict(measure.claim, intervals)
                pooled = cell["pooled"]
                assert cell["size"] == size_of(pooled["superiority"], grid.size)
                shares = pooled["higher"] + pooled["lower"] + pooled["ties"]
                assert shares == pytest.approx(1, abs=3e-6)  # each rounded to six places


def test_the_second_grid_s_results_read_back_exactly_a_line_per_scenario(small_results):
    import json

    from landlord.claim.arms import ArmResults

    text = small_results.dumps()
    again = ArmResults.from_json(json.loads(text))
    assert again.scenarios == small_results.scenarios
    assert again.dumps() == text
    scenario_lines = [line for line in text.splitlines() if line.startswith('  {"id"')]
    assert len(scenario_lines) == len(small_results.scenarios)


def test_the_words_put_the_size_before_the_figures(small_results):
    table = small_results.table()
    assert "Sizes, from the share of pairs on the claimed side, ties counted half" in table
    sentence = small_results.sentence(small_results.scenarios[0], "money_neutral")
    assert sentence.startswith("Three cautious tenants, played to the printed end")
    assert "money-neutral: the claim" in sentence
    assert "Gap between two players' net worths, in dollars:" in sentence
    for line in table.splitlines():
        if line.strip().startswith("Gini of net worth  "):
            words = line.split("  ")[-1]
            assert words.split(":")[0].strip() in {
                f"{head}{size}"
                for head in ("holds, ", "holds, but ", "fails, ", "cannot be told, ")
                for size in ("tiny", "small", "medium", "large")
            } | {"no difference"}


def test_the_tallies_count_judged_cells_and_list_the_rest(small_results):
    import copy

    results = copy.deepcopy(small_results)
    cell = results.scenarios[0]["arms"]["as_printed"]["measures"]["dollar_gap"]
    cell["pooled"]["differed"] = 0  # as if no pair of games had differed
    wrong = results.scenarios[1]["arms"]["as_printed"]["measures"]["dollar_gap"]
    wrong["seeds"][0].update(mean=50.0, low=10.0, high=90.0)  # a seed on the wrong side
    tally = next(
        t for t in results.tallies() if (t["arm"], t["measure"]) == ("as_printed", "dollar_gap")
    )
    judged = sum(len(tally[v]) for v in ("holds", "fails", "cannot be told"))
    assert judged == 1
    assert tally["no pair differed"] == [results.scenarios[0]["short"]]
    assert tally["wrong side"] == [(results.scenarios[1]["short"], 3, "+$50 [+$10, +$90]")]
    # Measures the rules alone decide are not tallied.
    assert {t["measure"] for t in results.tallies()}.isdisjoint({"final_wages", "rounds"})
    lines = "\n".join(results.overview())
    assert "no pair of games differed in 1" in lines
    assert "a seed's interval wholly on the wrong side" in lines


def test_the_command_line_plays_a_second_grid(tmp_path, capsys):
    from landlord.cli import main

    path = tmp_path / "small.toml"
    path.write_text(SMALL.replace("games = 12", "games = 3"), encoding="utf-8")
    assert main(["claim", "--grid", str(path), "--scenario", "taxers.2.printed", "--json"]) == 0
    out = capsys.readouterr().out
    assert '"id":"taxers.2.printed"' in out
    assert main(["claim", "--grid", str(path), "--scenario", "taxers.2.printed"]) == 0
    assert "single-taxers" in capsys.readouterr().out


# --- the shipped results of the second grid ------------------------------------------


@pytest.fixture(scope="module")
def shipped():
    from landlord.claim import shipped_results

    return shipped_results(2)


def test_the_shipped_results_are_the_second_grid_in_full(shipped, grid):
    assert shipped.grid.source == GRID_V2_PATH.read_text(encoding="utf-8")
    assert [s["id"] for s in shipped.scenarios] == [s.id for s in grid.scenarios]
    for scenario in shipped.scenarios:
        assert set(scenario["rules"]) == {rules.id for rules in grid.rule_sets}
        for arm in grid.arms:
            for measure in grid.measures:
                cell = scenario["arms"][arm.id]["measures"][measure.name]
                assert [s["seed"] for s in cell["seeds"]] == [21, 22, 23]
                for figures in cell["seeds"]:  # every pair counted, defined or not
                    assert figures["n"] + figures["undefined"] == 500


def test_playing_scenarios_of_the_second_grid_again_gives_the_shipped_results(capsys, shipped):
    import json

    from landlord.cli import main

    replayed = ["tenants.2.printed", "landlords_tenants.4.round25"]
    assert main(["claim", "--scenario", ",".join(replayed), "--json"]) == 0
    played = json.loads(capsys.readouterr().out)
    assert played["grid"] == shipped.grid.source
    for scenario in played["scenarios"]:
        assert scenario == shipped.scenario(scenario["id"]), scenario["id"]
    assert main(["claim", "--scenario", "tenants.2.printed", "--check"]) == 0
    assert "1 scenarios: the same as the shipped results" in capsys.readouterr().out


def test_the_findings_give_the_size_before_the_verdict_and_name_what_went_against(shipped):
    for arm in shipped.grid.arms:
        lines = shipped.findings(arm.id)
        tallies = {t["measure"]: t for t in shipped.tallies() if t["arm"] == arm.id}
        gini = lines[0]
        holds = tallies["gini_net_worth"]["holds"]
        large = sum(1 for _, size in holds if size == "large")
        assert gini.startswith(f"Gini of net worth: large in {large},")
        assert f"of the {len(holds)} scenarios where the claim holds (of 72)" in gini
        against = tallies["dollar_gap"]["fails"]
        named = [line for line in lines if line.startswith("Against Magie")]
        assert bool(named) == bool(against)
        for short, _ in against:
            assert short in named[0]
        assert any(line.startswith("Richer together?") for line in lines)
    # The issue's finding, as the grid played it: under the printed single tax the gap in
    # dollars grew in long games that the Gini says got more equal.
    long_against = [s for s, _ in shipped.tallies()[3]["fails"] if s.endswith("round 100")]
    assert shipped.tallies()[3]["measure"] == "dollar_gap"
    assert long_against


def test_a_gini_that_debts_make_undefined_is_said_not_shown_as_a_number(shipped):
    random = shipped.scenario("random.4.printed")
    why = shipped.unread(random, "as_printed", "gini_net_worth")
    assert why.startswith("Gini undefined in ")
    assert "read the Gini with debts counted as nothing" in why
    calm = shipped.scenario("tenants.4.printed")
    assert shipped.unread(calm, "as_printed", "gini_net_worth") == ""
    assert shipped.unread(random, "as_printed", "gini_clipped") == ""


def test_the_claim_page_leads_with_sizes_and_keeps_richer_apart_from_closer(shipped):
    import html as markup

    from landlord.claim.arms import verdict_words
    from landlord.widgets.claim_view import ClaimView

    view = ClaimView(shipped)
    findings = markup.unescape(view.findings.value)
    for line in shipped.findings("as_printed"):
        assert line in findings
    verdicts = markup.unescape(view.verdicts.value)
    assert "wages at the end" not in verdicts  # decided by the rules: not judged
    cell = shipped.scenario("landlords_tenants.4.printed")["arms"]["as_printed"]["measures"]
    words = verdict_words(cell["gini_net_worth"], shipped.measure("gini_net_worth"))
    assert words in verdicts
    assert words.split(":")[0] in {"holds, small", "holds, medium", "holds, large"}
    assert "Gini undefined in " in verdicts  # the random players' row
    money = markup.unescape(view.money.value)
    assert "Richer together, or closer together?" in money
    assert "the players' net worth together" in money
    assert "A Gini above 1? It happens when some players owe more than they own." in (
        markup.unescape(view.sentences.value)
    )
    # The plot follows the menus, and says each row's verdict and size in words.
    view.arm.value, view.seats.value, view.moment.value = "money_neutral", 2, "long"
    assert view.chart.data["arm"] == "money_neutral"
    assert set(view.chart.data["verdicts"]) == {f"{m.id}.2.long" for m in shipped.grid.mixes}
    assert "eager landlords, 2 seats, round 100: " in view.chart.alt
    # The first grid stays, folded.
    assert view.first is not None
    assert view.first.results.grid.format == 1


def test_every_scenario_s_sentence_reads_as_english_when_no_pair_differed(shipped):
    # Regression: a measure on which no pair of games differed was worded "it no difference
    # for ..." in the sentence of each scenario (the command's table, the claim page).
    worded = 0
    for scenario in shipped.scenarios:
        for arm in shipped.grid.arms:
            sentence = shipped.sentence(scenario, arm.id)
            assert "it no difference" not in sentence
            cells = scenario["arms"][arm.id]["measures"]
            same = [m.words for m in shipped.grid.measures
                    if m.claim and not cells[m.name]["pooled"]["differed"]]  # fmt: skip
            if same:
                assert f"; no pair of games differed for {same[0]}" in sentence
                worded += 1
    assert worded > 100
