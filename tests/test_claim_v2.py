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
