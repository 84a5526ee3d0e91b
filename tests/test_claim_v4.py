"""Version 4 of Magie's claim (landlord/claim/grid_v4.toml): players who answer the rules.

The grid is committed on its own before any game of it is played, as versions 1 to 3
were: the tuned bot (each rule set's own tuning, shipped before it) and the search bot
at the table, the single tax as printed and money-neutral against the monopolist rules,
with version 2's measures, verdict rule and sizes, and the idle land reported beside them.
"""

from __future__ import annotations

import json

import pytest

from landlord.claim import (
    GRID_PATH,
    GRID_V2_PATH,
    GRID_V3_PATH,
    GRID_V4_PATH,
    load_grid,
    shipped_results,
)
from landlord.claim.grid import GridError, grid_from_text
from landlord.cli import main
from landlord.experiments import bot_mix
from landlord.widgets.claim_view import arm_table


@pytest.fixture(scope="module")
def grid():
    return load_grid(GRID_V4_PATH)


def test_the_fourth_grid_seats_players_who_answer_the_rules(grid):
    assert [rules.spec for rules in grid.rule_sets] == [
        "landlords_game",
        "single_tax",
        "single_tax[citizens_dividend=true]",
    ]
    assert [(arm.baseline, arm.treatment) for arm in grid.arms] == [
        ("monopolist", "single_tax"),
        ("monopolist", "dividend"),
    ]
    seated = {bot for mix in grid.mixes for n in grid.tables for bot in bot_mix(mix.bots, n)}
    assert seated == {"tuned", "search", "eager_landlord", "cautious_tenant"}
    # One search bot at each table, among tuned bots; its tables play 30 games a seed.
    search = next(mix for mix in grid.mixes if "search" in mix.bots)
    assert [bot_mix(search.bots, n).count("search") for n in grid.tables] == [1, 1]
    assert search.games == 30
    assert [grid.games_of(s) for s in grid.scenarios].count(500) == 12
    assert len(grid.scenarios) == len(grid.mixes) * 2 * 2 == 16


def test_its_seeds_are_new_and_its_measures_are_version_2s_with_the_idle_land(grid):
    earlier = [load_grid(path) for path in (GRID_PATH, GRID_V2_PATH, GRID_V3_PATH)]
    assert not set(grid.seeds) & {seed for old in earlier for seed in old.seeds}
    version_2 = earlier[1]
    judged = [(m.name, m.claim) for m in grid.measures if m.claim]
    assert judged == [(m.name, m.claim) for m in version_2.measures if m.claim]
    assert grid.size == version_2.size
    assert grid.verdict == version_2.verdict
    idle = {m.name: m for m in grid.measures if m.group == "land"}
    assert set(idle) == {"idle_lots", "idle_lot_rounds", "speculation_plays"}
    # No lot is held idle under the single tax by its rules: reported, never judged.
    assert all(not m.claim for m in idle.values())
    assert idle["idle_lots"].by_the_rules
    assert idle["idle_lot_rounds"].by_the_rules


@pytest.mark.parametrize(
    ("games", "expected"),
    [("0", "a whole number from 2"), ('"30"', "a whole number from 2"), ("true", "from 2")],
)
def test_a_mix_s_own_number_of_games_is_checked(grid, games, expected):
    text = grid.source.replace("games = 30", f"games = {games}")
    with pytest.raises(GridError, match=r"grid_v4.toml: field '\[\[mix\]\] 4.games' must be"):
        grid_from_text(text, GRID_V4_PATH)
    with pytest.raises(GridError, match=expected):
        grid_from_text(text, GRID_V4_PATH)


def test_the_shipped_results_are_the_declared_grids(grid):
    shipped = shipped_results(4)
    assert shipped.grid.source == grid.source
    assert [s["id"] for s in shipped.scenarios] == [s.id for s in grid.scenarios]
    for scenario in shipped.scenarios:
        pairs = grid.games_of(grid.scenario(scenario["id"])) * len(grid.seeds)
        cell = scenario["arms"]["as_printed"]["measures"]["gini_net_worth"]
        assert cell["pooled"]["n"] == pairs
    # The words say which tables played fewer games, and how many pairs a table rests on.
    assert "seats (a search bot among tuned bots 30 at each seed);" in shipped.table()
    table = arm_table(shipped, "as_printed", ["tuned.4.printed", "search.4.printed"])
    assert "over all 90 to 1,500 pairs" in table
    assert "over all 1,500 pairs" in arm_table(shipped, "as_printed", ["tuned.4.printed"])


def test_playing_a_tuned_scenario_again_gives_the_shipped_results(capsys):
    shipped = shipped_results(4)
    args = ["claim", "--grid-version", "4", "--scenario", "tuned_tenants.3.round25"]
    assert main([*args, "--json"]) == 0
    played = json.loads(capsys.readouterr().out)["scenarios"]
    assert played == [shipped.scenario("tuned_tenants.3.round25")]
    assert main([*args, "--check"]) == 0
    assert "1 scenarios: the same as the shipped results" in capsys.readouterr().out


def test_what_went_against_magie_is_said_and_the_idle_land_is_the_monopolist_rules(grid):
    shipped = shipped_results(4)
    findings = shipped.findings("as_printed")
    poorest = next(line for line in findings if line.startswith("Poorest player's net worth"))
    assert "it fails in" in poorest  # as it came out: the poorest tuned player is worse off
    for scenario in shipped.scenarios:
        monopolist, single_tax = (scenario["rules"][r] for r in ("monopolist", "single_tax"))
        assert single_tax["idle_lots"]["mean"] == 0  # by the rules
        assert monopolist["idle_lots"]["mean"] > 15  # the tuned landlord holds land bare
