"""``landlord.compare`` and ``landlord compare``: the same games under several rule sets.

The tests play real games (a few dozen, so the file stays fast) and check
what an experiment promises: game k of every rule set is the same game of
chance, so a rule set compared with itself differs by exactly nothing; the
per-game figures are those of the game itself, as ``landlord.play`` records
it; the same seed gives the same results; the per-round curve runs to the
longest game; the JSON is plain; and the command line prints the table, or
the usage and the reason for a bad argument.
"""

from __future__ import annotations

import importlib
import json
import sys

import numpy as np
import pandas as pd
import pytest

import landlord
from landlord.cli import main
from landlord.cli.arguments import option_value
from landlord.experiments import compare, game_seeds, parse_spec, spec_label, split_specs
from landlord.metrics import gini

ADVANCED = "landlords_game[advanced=true]"
#: The per-game figures that describe a game (everything but its label).
FIGURES = [
    "game",
    "seed",
    "rounds",
    "turns",
    "end_reason",
    "gini_net_worth",
    "gini_cash",
    "poor_house_players",
    "opportunity_players",
    "bankrupt_players",
    "treasury_collected",
    "treasury_spent",
    "final_wages",
    "public_works",
    "single_tax_since",
    "everyone_wins",
]


@pytest.fixture(scope="module")
def plain_vs_advanced():
    return compare(["landlords_game", ADVANCED], games=24, players=4, seed=11)


def run(capsys, *args):
    """Run ``landlord ARGS``; return (status, stdout, stderr)."""
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def of(result, label):
    """The per-game rows of one rule set, indexed from 0."""
    return result.games[result.games["label"] == label].reset_index(drop=True)


# --- Pairing ----------------------------------------------------------------------------


def test_a_rule_set_compared_with_itself_differs_by_exactly_nothing():
    result = compare(["landlords_game", "landlords_game"], games=20, seed=5)
    assert result.labels == ["landlords_game", "landlords_game #2"]
    first, second = of(result, "landlords_game"), of(result, "landlords_game #2")
    pd.testing.assert_frame_equal(first[FIGURES], second[FIGURES])
    row = result.summary.loc["landlords_game #2"]
    assert row["gini_net_worth_difference"] == 0.0
    assert row["gini_net_worth_difference_low"] == 0.0
    assert row["gini_net_worth_difference_high"] == 0.0
    assert np.isnan(result.summary.loc["landlords_game", "gini_net_worth_difference"])


def test_game_k_of_every_rule_set_has_the_same_seed(plain_vs_advanced):
    seeds = game_seeds(11, 24)
    assert len(set(seeds)) == 24
    for label in plain_vs_advanced.labels:
        assert of(plain_vs_advanced, label)["seed"].tolist() == seeds
        assert of(plain_vs_advanced, label)["game"].tolist() == list(range(24))


def test_the_paired_difference_is_the_mean_of_the_game_by_game_differences(plain_vs_advanced):
    plain = of(plain_vs_advanced, "landlords_game")["gini_net_worth"]
    advanced = of(plain_vs_advanced, ADVANCED)["gini_net_worth"]
    row = plain_vs_advanced.summary.loc[ADVANCED]
    differences = advanced - plain
    assert row["gini_net_worth_difference"] == pytest.approx(differences.mean())
    assert row["gini_net_worth_difference"] == pytest.approx(
        row["gini_net_worth"] - plain_vs_advanced.summary.loc["landlords_game", "gini_net_worth"]
    )
    half = row["gini_net_worth_difference_high"] - row["gini_net_worth_difference"]
    # t(0.975, 23) = 2.069 from the printed table.
    assert half == pytest.approx(2.069 * differences.std() / np.sqrt(24), rel=1e-3)


@pytest.mark.parametrize("k", [0, 7])
def test_the_figures_of_game_k_are_those_of_the_game_played_alone(plain_vs_advanced, k):
    row = of(plain_vs_advanced, ADVANCED).iloc[k]
    record = landlord.play("landlords_game", players=4, seed=int(row["seed"]), advanced=True)
    rounds = record.rounds
    final = rounds[rounds["round"] == rounds["round"].max()]
    assert row["rounds"] == record.n_rounds
    assert row["turns"] == record.n_turns
    assert row["end_reason"] == record.end_reason
    assert row["gini_net_worth"] == pytest.approx(gini(final["net_worth"].to_numpy()))
    assert row["gini_cash"] == pytest.approx(gini(final["cash"].to_numpy()))
    assert row["bankrupt_players"] == (final["net_worth"] <= 0).sum()
    transfers = record.transfers
    assert (
        row["treasury_collected"]
        == transfers.loc[transfers["payee"] == "PUBLIC TREASURY", "amount"].sum()
    )
    assert (
        row["treasury_spent"]
        == transfers.loc[transfers["payer"] == "PUBLIC TREASURY", "amount"].sum()
    )
    assert row["final_wages"] == record.game.wages
    game = record.game
    assert row["poor_house_players"] == sum(1 for count in game.poor_house_visits if count > 0)
    assert row["public_works"] == 0
    assert row["single_tax_since"] == -1
    assert not row["everyone_wins"]


@pytest.fixture(scope="module")
def landlord_vs_prosperity():
    return compare(["landlords_game", "prosperity"], games=12, players=4, seed=5)


@pytest.mark.parametrize("k", [0, 7])
def test_a_prosperity_game_in_the_comparison_is_that_game_played_alone(landlord_vs_prosperity, k):
    row = of(landlord_vs_prosperity, "prosperity").iloc[k]
    game = landlord.play("prosperity", players=4, seed=int(row["seed"])).game
    assert row["turns"] == game.turns_played
    worth = [holdings[-1] for holdings in game.holdings_table()]
    assert row["gini_net_worth"] == pytest.approx(gini(np.asarray(worth)))
    assert row["opportunity_players"] == sum(1 for v in game.treasury.opportunity_visits if v > 0)
    works = [what for _, what in game.treasury.public_works if what != "the single tax begins"]
    assert row["public_works"] == len(works)
    assert row["single_tax_since"] == 0


def test_the_comparison_shows_where_the_land_rent_went(landlord_vs_prosperity):
    summary = landlord_vs_prosperity.summary
    landlords, prosperity = summary.loc["landlords_game"], summary.loc["prosperity"]
    # The Landlord's Game: the Treasury only hoards; wages never move.
    assert landlords["treasury_spent"] == 0
    assert landlords["final_wages"] == 100
    assert landlords["opportunity_players"] == 0
    # The single tax: the Treasury spends its land rents and fines (the card prices
    # paid into it stay there), and wages rise.
    assert 0.4 * prosperity["treasury_collected"] < prosperity["treasury_spent"]
    assert prosperity["treasury_spent"] < prosperity["treasury_collected"]
    assert prosperity["final_wages"] > 150
    assert prosperity["poor_house_players"] == 0
    table = landlord_vs_prosperity.table()
    assert "players sent to a Natural Opportunity" in table
    assert "mean Gini of net worth by round" in table


# --- Reproducible -----------------------------------------------------------------------


def test_the_same_seed_gives_the_same_results_and_another_seed_others(plain_vs_advanced):
    again = compare(["landlords_game", ADVANCED], games=24, players=4, seed=11)
    pd.testing.assert_frame_equal(again.games, plain_vs_advanced.games)
    pd.testing.assert_frame_equal(again.summary, plain_vs_advanced.summary)
    assert again.to_json() == plain_vs_advanced.to_json()
    other = compare(["landlords_game", ADVANCED], games=24, players=4, seed=12)
    assert other.games["seed"].tolist() != plain_vs_advanced.games["seed"].tolist()
    assert (
        other.games["gini_net_worth"].tolist()
        != plain_vs_advanced.games["gini_net_worth"].tolist()
    )


def test_the_first_games_of_a_longer_run_are_the_games_of_a_shorter_one(plain_vs_advanced):
    shorter = compare(["landlords_game", ADVANCED], games=6, players=4, seed=11)
    longer = plain_vs_advanced.games
    for label in shorter.labels:
        pd.testing.assert_frame_equal(of(shorter, label), of(plain_vs_advanced, label).head(6))
    assert len(longer) == 48


# --- Per round --------------------------------------------------------------------------


def test_the_curve_has_one_value_per_round_up_to_the_longest_game(plain_vs_advanced):
    for label in plain_vs_advanced.labels:
        curve = plain_vs_advanced.per_round[plain_vs_advanced.per_round["label"] == label]
        games = of(plain_vs_advanced, label)
        longest = games["rounds"].max()
        assert curve["round"].tolist() == list(range(longest + 1))
        running = curve["games_running"].tolist()
        assert running[0] == 24
        assert running == sorted(running, reverse=True)
        assert running[-1] == (games["rounds"] == longest).sum()
        assert running == [(games["rounds"] >= r).sum() for r in range(longest + 1)]
        # Ended games carry their last value on: the last point is the mean final Gini.
        assert curve["mean_gini_net_worth"].iloc[-1] == pytest.approx(
            games["gini_net_worth"].mean()
        )
        assert curve["mean_gini_net_worth"].iloc[0] >= 0


def test_the_curve_of_one_game_is_its_gini_round_by_round():
    result = compare(["landlords_game"], games=1, seed=3)
    seed = int(result.games["seed"].iloc[0])
    rounds = landlord.play("landlords_game", players=4, seed=seed).rounds
    expected = [gini(group["net_worth"].to_numpy()) for _, group in rounds.groupby("round")]
    assert result.per_round["mean_gini_net_worth"].tolist() == pytest.approx(expected)


def test_a_round_limit_in_the_spec_limits_the_games():
    result = compare(["landlords_game", "landlords_game[round_limit=10]"], games=8, seed=2)
    limited = of(result, "landlords_game[round_limit=10]")
    assert limited["rounds"].max() <= 10
    curve = result.per_round[result.per_round["label"] == "landlords_game[round_limit=10]"]
    assert curve["round"].max() == limited["rounds"].max()
    assert (of(result, "landlords_game")["rounds"] >= limited["rounds"]).all()


# --- The summary, the table and the JSON ---------------------------------------------------


def test_the_summary_has_one_row_per_rule_set_with_its_means(plain_vs_advanced):
    summary = plain_vs_advanced.summary
    assert list(summary.index) == ["landlords_game", ADVANCED]
    for label in summary.index:
        games = of(plain_vs_advanced, label)
        row = summary.loc[label]
        assert row["games"] == 24
        assert row["gini_net_worth_low"] < row["gini_net_worth"] < row["gini_net_worth_high"]
        assert row["gini_cash_low"] < row["gini_cash"] < row["gini_cash_high"]
        assert row["gini_net_worth"] == pytest.approx(games["gini_net_worth"].mean())
        assert row["rounds"] == pytest.approx(games["rounds"].mean())
        assert row["treasury_collected"] == pytest.approx(games["treasury_collected"].mean())
        assert row["final_wages"] == pytest.approx(games["final_wages"].mean())
        assert 0 <= row["everyone_wins_share"] <= 1


def test_the_table_has_the_rule_sets_as_columns_and_says_how_to_read_it(plain_vs_advanced):
    text = plain_vs_advanced.table()
    lines = text.splitlines()
    assert lines[0] == "2 rule sets, 24 games each, 4 players (eager_landlord x4), seed 11"
    heading = next(line for line in lines if "landlords_game" in line and ADVANCED in line)
    assert heading.index("landlords_game") < heading.index(ADVANCED)
    summary = plain_vs_advanced.summary
    gini_line = next(line for line in lines if line.startswith("  Gini of net worth"))
    columns = ["gini_net_worth", "gini_net_worth_low", "gini_net_worth_high"]
    mean, low, high = summary.loc["landlords_game", columns]
    assert f"{mean:.3f} [{low:.3f}, {high:.3f}]" in gini_line
    assert any(line.startswith("    difference from landlords_game") for line in lines)
    assert "95% interval of the mean" in text
    assert "0.75 when one player" in text


def test_the_json_is_plain_and_round_trips(plain_vs_advanced):
    data = plain_vs_advanced.to_json()
    assert json.loads(json.dumps(data, allow_nan=False)) == data
    assert data["landlord_version"] == landlord.__version__
    assert data["parameters"]["seed"] == 11
    assert data["parameters"]["games"] == 24
    assert data["parameters"]["players"] == ["eager_landlord"] * 4
    assert [spec["label"] for spec in data["parameters"]["rules"]] == ["landlords_game", ADVANCED]
    assert data["parameters"]["rules"][1]["options"] == {"advanced": True}
    assert [row["label"] for row in data["summary"]] == ["landlords_game", ADVANCED]
    assert data["summary"][0]["gini_net_worth_difference"] is None
    for label, curve in data["per_round"].items():
        longest = max(g["rounds"] for g in data["games"] if g["label"] == label)
        assert curve["round"] == list(range(longest + 1))
        assert len(curve["mean_gini_net_worth"]) == len(curve["games_running"]) == longest + 1
    assert len(data["games"]) == 48
    assert data["games"][0]["seed"] == game_seeds(11, 1)[0]


def test_bots_by_name_and_progress(monkeypatch):
    monkeypatch.setenv("LANDLORD_BATCH", "off")  # the reference engine reports every game
    calls = []
    result = compare(
        ["landlords_game", ADVANCED],
        games=5,
        players=["cautious_tenant", "eager_landlord"],
        seed=1,
        progress=lambda done, total: calls.append((done, total)),
    )
    assert calls == [(k, 10) for k in range(1, 11)]
    assert result.parameters["players"] == ["cautious_tenant", "eager_landlord"]
    assert "2 players (cautious_tenant, eager_landlord)" in result.table()
    assert "0.50 when one player" in result.table()
    monkeypatch.delenv("LANDLORD_BATCH")
    importlib.import_module("numba")  # loaded: the batch path plays any number of games
    calls.clear()
    compare("quikopoly", games=600, seed=1, progress=lambda *call: calls.append(call))
    assert calls == [(250, 600), (500, 600), (600, 600)]  # every 250 games


def test_landlord_compare_is_the_experiment():
    assert "compare" in landlord.__all__
    result = landlord.compare(["landlords_game", ADVANCED], games=3, players=2, seed=4)
    pd.testing.assert_frame_equal(
        result.games, compare(["landlords_game", ADVANCED], games=3, players=2, seed=4).games
    )


@pytest.mark.parametrize(
    ("kwargs", "reason"),
    [
        ({"games": 0}, "games is a whole number >= 1"),
        ({"games": 2.5}, "games is a whole number >= 1"),
        ({"seed": -1}, "a seed is a whole number >= 0"),
        ({"players": 5}, "for 2 to 4 players, not 5"),
        ({"players": ["eager_landlord", "human"]}, "only bots"),
        ({"players": "eager_landlord"}, "players is a number"),
        ({"rules": []}, "at least one rule set"),
        ({"rules": ["no_such_rules"]}, "unknown rule set 'no_such_rules'"),
        ({"rules": ["landlords_game[no_such_option=1]"]}, "no_such_option"),
        ({"rules": ["landlords_game[advanced"]}, "landlords_game\\[advanced"),
    ],
)
def test_bad_arguments_are_refused_with_the_reason(kwargs, reason):
    with pytest.raises(ValueError, match=reason):
        compare(**{"rules": ["landlords_game"], "games": 2, **kwargs})


# --- Rule specs ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        ("landlords_game", ("landlords_game", {})),
        ("  landlords_game  ", ("landlords_game", {})),
        ("landlords_game[]", ("landlords_game", {})),
        ("landlords_game[advanced=true]", ("landlords_game", {"advanced": True})),
        (
            "landlords_game[ land_value_tax = 0.5 , round_limit=40 ]",
            ("landlords_game", {"land_value_tax": 0.5, "round_limit": 40}),
        ),
        (
            "landlords_game[speculation_stake_to=broker]",
            ("landlords_game", {"speculation_stake_to": "broker"}),
        ),
        ("my rules/house.toml[advanced=no]", ("my rules/house.toml", {"advanced": False})),
        (("landlords_game", {"advanced": True}), ("landlords_game", {"advanced": True})),
    ],
)
def test_good_specs(spec, expected):
    assert parse_spec(spec) == expected


@pytest.mark.parametrize(
    "spec",
    [
        "",
        "[advanced=true]",
        "landlords_game[advanced]",
        "landlords_game[advanced=]",
        "landlords_game[=true]",
        "landlords_game[advanced=true",
        "landlords_game]",
        "landlords_game[a=1][b=2]",
        "landlords_game[a=1]x",
        "landlords_game[a=1,]",
        "landlords_game[a=1,a=2]",
        ("landlords_game", "advanced=true"),
        ("", {}),
        42,
    ],
)
def test_bad_specs_are_refused_naming_them(spec):
    with pytest.raises(ValueError, match="bad rule spec") as error:
        parse_spec(spec)
    assert repr(spec) in str(error.value)


def test_labels_are_the_text_form():
    assert spec_label("landlords_game", {}) == "landlords_game"
    assert spec_label("landlords_game", {"advanced": False, "x": 0.5}) == (
        "landlords_game[advanced=false,x=0.5]"
    )
    assert parse_spec(spec_label("landlords_game", {"advanced": True, "round_limit": 40})) == (
        "landlords_game",
        {"advanced": True, "round_limit": 40},
    )


def test_specs_split_on_commas_outside_brackets():
    assert split_specs("landlords_game, prosperity") == ["landlords_game", "prosperity"]
    assert split_specs("a[x=1,y=2],b,c[z=3]") == ["a[x=1,y=2]", "b", "c[z=3]"]
    for bad in ("a[x=1,b", "a]x[", "a,,b", "a,"):
        with pytest.raises(ValueError, match="bad rule specs"):
            split_specs(bad)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("0.25", 0.25),
        ("-1.5", -1.5),
        (".5", 0.5),
        ("2.", 2.0),
        ("1e3", 1000.0),
        ("40", 40),
        ("true", True),
        ("Off", False),
        ("broker", "broker"),
        ("nan", "nan"),
        ("1.2.3", "1.2.3"),
    ],
)
def test_option_values_on_the_command_line_include_decimals(text, value):
    assert option_value(text) == value
    assert type(option_value(text)) is type(value)


# --- landlord compare -------------------------------------------------------------------


def same_process_comparison():
    """The command's comparison made here, just before it: which engine plays 24 games
    depends on whether this process has loaded the compiled code yet (a test before may
    have), so the module's fixture, made earlier, can name another engine."""
    return compare(["landlords_game", ADVANCED], games=24, players=4, seed=11)


def test_compare_prints_the_table(capsys):
    expected = same_process_comparison()
    status, out, err = run(
        capsys, "compare", "--rules", f"landlords_game,{ADVANCED}", "--games", "24", "--seed", "11"
    )
    assert status == 0
    assert err == ""
    assert out == expected.table() + "\n"


def test_compare_json_parses(capsys):
    expected = same_process_comparison()
    status, out, _ = run(
        capsys,
        "compare",
        "--rules",
        f"landlords_game,{ADVANCED}",
        "--games",
        "24",
        "--seed",
        "11",
        "--json",
    )
    assert status == 0
    assert json.loads(out) == expected.to_json()


def test_compare_with_bots_and_players(capsys):
    status, out, _ = run(
        capsys,
        "compare",
        "--rules",
        "landlords_game[round_limit=10],landlords_game[round_limit=10,advanced=true]",
        "--games",
        "4",
        "--players",
        "3",
        "--bots",
        "eager_landlord,cautious_tenant,random",
    )
    assert status == 0
    assert out.startswith(
        "2 rule sets, 4 games each, 3 players (eager_landlord, cautious_tenant, random), seed 0"
    )
    assert "landlords_game[round_limit=10,advanced=true]" in out


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (["--games", "-1"], "argument --games: expected a whole number >= 1, got '-1'"),
        (["--games", "0"], "argument --games: expected a whole number >= 1, got '0'"),
        (["--games", "many"], "argument --games: expected a whole number >= 1, got 'many'"),
        (["--seed", "-5"], "argument --seed: expected a whole number >= 0, got '-5'"),
        (
            ["--rules", "landlords_game,no_such_rules"],
            "unknown rule set 'no_such_rules': expected one of landlords_game",
        ),
        (["--rules", "landlords_game[advanced"], "argument --rules: bad rule specs"),
        (["--rules", "landlords_game[advanced]"], "'advanced' is not NAME=VALUE"),
        (["--rules", "landlords_game[advanced=maybe]"], "option 'advanced'"),
        (["--rules", "landlords_game", "--players", "5"], "for 2 to 4 players, not 5"),
        (["--rules", "landlords_game", "--bots", "nobody"], "unknown strategy 'nobody'"),
    ],
)
def test_bad_arguments_print_the_usage_and_exit_2(capsys, args, reason):
    with pytest.raises(SystemExit) as exit_:
        main(["compare", "--games", "2", *args])
    assert exit_.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("usage: landlord compare")
    assert "landlord compare: error: " in err
    assert reason in err


def test_the_table_says_which_rule_sets_are_not_history(landlord_vs_prosperity):
    table = landlord_vs_prosperity.table()
    assert "prosperity: a reconstruction, not a historical rule set" in table
    assert "landlords_game: a" not in table
    dial = compare(["landlords_game", "landlords_game[land_value_tax=0.5]"], games=2, seed=1)
    assert "[land_value_tax=0.5]: a modern extension, in no historical rules (land_value_tax)" in (
        dial.table()
    )
    [plain, taxed] = dial.to_json()["parameters"]["rules"]
    assert (plain["status"], plain["modern_options"]) == ("playable", [])
    assert taxed["modern_options"] == ["land_value_tax"]


# --- Played in parallel -----------------------------------------------------------------


def test_games_played_in_processes_or_on_any_executor_give_the_same_results():
    from concurrent.futures import ThreadPoolExecutor

    rules = ["landlords_game", "prosperity"]
    here = compare(rules, games=18, players=3, seed=4)
    seen = []
    in_processes = compare(
        rules, games=18, players=3, seed=4, jobs=2, progress=lambda *a: seen.append(a)
    )
    with ThreadPoolExecutor(max_workers=3) as pool:
        on_executor = compare(rules, games=18, players=3, seed=4, jobs=3, executor=pool)
    for other in (in_processes, on_executor):
        pd.testing.assert_frame_equal(other.games, here.games)
        pd.testing.assert_frame_equal(other.per_round, here.per_round)
        pd.testing.assert_frame_equal(other.summary, here.summary)
    assert seen[-1] == (36, 36)
    assert [done for done, _ in seen] == sorted(done for done, _ in seen)
    with pytest.raises(ValueError, match="jobs is a whole number >= 1"):
        compare(rules, games=2, jobs=0)


@pytest.mark.cluster
def test_a_local_dask_cluster_of_two_workers_plays_the_same_games():
    from distributed import Client, LocalCluster

    rules = ["landlords_game", "prosperity[prosperity_counts=net_worth]"]
    here = compare(rules, games=30, players=3, seed=8)
    with (
        LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        Client(cluster) as client,
    ):
        assert len(client.scheduler_info()["workers"]) == 2
        on_dask = compare(
            rules, games=30, players=3, seed=8, jobs=2, executor=client.get_executor()
        )
    pd.testing.assert_frame_equal(on_dask.games, here.games)
    pd.testing.assert_frame_equal(on_dask.per_player, here.per_player)
    pd.testing.assert_frame_equal(on_dask.rounds_by_game, here.rounds_by_game)


def test_a_progress_bar_counts_the_games(capsys):
    compare(["landlords_game[round_limit=3]"], games=7, progress=True)
    bar = capsys.readouterr().err
    assert "playing" in bar
    assert "7/7" in bar
    with pytest.raises(ValueError, match="progress is True, False, None or a callable"):
        compare(["landlords_game"], games=1, progress="yes")


def test_the_command_line_shows_progress_only_to_a_person(capsys, monkeypatch):
    args = ["simulate", "--rules", "landlords_game[round_limit=3]", "--games", "5"]
    _, table, quiet = run(capsys, *args)
    assert quiet == ""  # stderr is not a terminal here: a log stays clean
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    _, same_table, shown = run(capsys, *args)
    assert "5/5" in shown
    assert same_table == table


def test_compare_with_jobs_prints_the_same_table(capsys):
    args = ["compare", "--rules", "landlords_game,prosperity", "--games", "8", "--seed", "3"]
    _, alone, _ = run(capsys, *args)
    status, parallel, _ = run(capsys, *args, "--jobs", "2")
    assert status == 0
    assert parallel == alone
    with pytest.raises(SystemExit) as exit_info:
        main([*args, "--jobs", "0"])
    assert exit_info.value.code == 2
    assert "--jobs" in capsys.readouterr().err


# --- Many games of one rule set, sweeps, the per-player table, saved results -------------


def test_simulate_is_a_comparison_of_one_rule_set(plain_vs_advanced):
    from landlord.experiments import simulate

    alone = simulate("landlords_game", games=24, players=4, seed=11)
    pd.testing.assert_frame_equal(alone.games, of(plain_vs_advanced, "landlords_game"))
    assert list(alone.summary.index) == ["landlords_game"]


def test_a_sweep_plays_the_same_games_at_every_value():
    from landlord.experiments import sweep

    result = sweep(
        "landlords_game[round_limit=12]", "land_value_tax", [0, 0.5, 1], games=6, seed=2
    )
    labels = [f"landlords_game[round_limit=12,land_value_tax={v}]" for v in (0, 0.5, 1)]
    assert list(result.summary.index) == labels
    plain = compare(["landlords_game[round_limit=12]"], games=6, seed=2)
    # What was played is in the table: the swept value has a column of its own.
    assert result.games["land_value_tax"].tolist() == [0] * 6 + [0.5] * 6 + [1] * 6
    options = {f"round_limit=12,land_value_tax={value}" for value in (0, 0.5, 1)}
    assert set(result.games["options"]) == options
    assert result.parameters["sweep"] == {"parameter": "land_value_tax", "values": [0, 0.5, 1]}
    described = ["label", "options", "land_value_tax"]
    first = of(result, labels[0]).drop(columns=described)
    pd.testing.assert_frame_equal(
        first, of(plain, "landlords_game[round_limit=12]").drop(columns=["label", "options"])
    )
    taxed = of(result, labels[2])
    assert (taxed["single_tax_since"] == 0).all()
    with pytest.raises(ValueError, match="needs values"):
        sweep("landlords_game", "land_value_tax", [], games=2)


def test_the_per_player_table_ranks_each_game_by_net_worth(plain_vs_advanced):
    players = plain_vs_advanced.per_player
    assert list(players.columns) == [
        "label",
        "rules",
        "options",
        "players",
        "bots",
        "landlord_version",
        "game",
        "seed",
        "seat",
        "strategy",
        "cash",
        "net_worth",
        "rank",
    ]
    assert len(players) == 2 * 24 * 4
    first = players[(players["label"] == "landlords_game") & (players["game"] == 0)]
    assert sorted(first["rank"]) == [1, 2, 3, 4]
    assert first.sort_values("rank")["net_worth"].is_monotonic_decreasing
    games = of(plain_vs_advanced, "landlords_game")
    row = games.iloc[0]
    assert row["gini_cash"] == pytest.approx(gini(first["cash"].to_numpy()))
    assert row["gini_net_worth"] == pytest.approx(gini(first["net_worth"].to_numpy()))


@pytest.mark.parametrize("name", ["results.json", "results.csv", "results.parquet"])
def test_saved_results_load_back_the_same(plain_vs_advanced, tmp_path, name):
    from landlord.experiments import load_results

    path = plain_vs_advanced.save(tmp_path / name)
    loaded = load_results(path)
    for table in ("games", "per_round", "per_player", "summary"):
        pd.testing.assert_frame_equal(
            getattr(loaded, table), getattr(plain_vs_advanced, table), check_dtype=False
        )
    assert loaded.table() == plain_vs_advanced.table()
    assert loaded.parameters == plain_vs_advanced.parameters


def test_damaged_results_are_refused_whole(plain_vs_advanced, tmp_path):
    from landlord.experiments import load_results

    path = plain_vs_advanced.save(tmp_path / "results.csv")
    games = path.read_text(encoding="utf-8").splitlines()
    path.write_text("\n".join(games[:-3]) + "\n", encoding="utf-8")  # three games lost
    with pytest.raises(ValueError, match=r"results\.csv: damaged .*the results were not loaded"):
        load_results(path)
    (tmp_path / "other.json").write_text('{"format": "something else"}', encoding="utf-8")
    with pytest.raises(ValueError, match=r"other\.json: not results saved by landlord"):
        load_results(tmp_path / "other.json")
    with pytest.raises(ValueError, match=r"missing\.meta\.json: cannot be read"):
        load_results(tmp_path / "missing.csv")
    with pytest.raises(ValueError, match=r"saved as \.json, \.csv or \.parquet"):
        plain_vs_advanced.save(tmp_path / "results.txt")


def test_parquet_results_carry_their_parameters_and_are_refused_whole(plain_vs_advanced, tmp_path):
    from landlord.experiments import load_results, sweep

    path = plain_vs_advanced.save(tmp_path / "results.parquet")
    for name in ("results.parquet", "results.per_round.parquet", "results.per_player.parquet"):
        attrs = pd.read_parquet(tmp_path / name).attrs
        assert attrs["parameters"]["seed"] == plain_vs_advanced.parameters["seed"]
        assert attrs["landlord_version"] == landlord.__version__
    # A sweep keeps its swept column through the file.
    swept = sweep("landlords_game[round_limit=5]", "wages", [100, 200], games=3)
    loaded = load_results(swept.save(tmp_path / "wages.parquet"))
    assert loaded.games["wages"].tolist() == [100] * 3 + [200] * 3
    assert loaded.parameters["sweep"] == {"parameter": "wages", "values": [100, 200]}
    # Tables from two different runs are not one set of results.
    (tmp_path / "wages.per_player.parquet").replace(tmp_path / "results.per_player.parquet")
    with pytest.raises(ValueError, match=r"results\.per_player\.parquet: not saved with"):
        load_results(path)
    data = (tmp_path / "results.per_round.parquet").read_bytes()
    (tmp_path / "results.per_round.parquet").write_bytes(data[: len(data) // 2])
    with pytest.raises(ValueError, match=r"results\.per_round\.parquet: not a Parquet file"):
        load_results(path)
    with pytest.raises(ValueError, match=r"nothing\.parquet: cannot be read"):
        load_results(tmp_path / "nothing.parquet")


def test_simulate_and_sweep_on_the_command_line(capsys, tmp_path):
    out = tmp_path / "sweep.json"
    status, text, _ = run(
        capsys, "sweep", "--param", "land_value_tax=0,1", "--games", "4", "--out", str(out)
    )
    assert status == 0
    assert "landlords_game[land_value_tax=1]" in text
    assert json.loads(out.read_text(encoding="utf-8"))["parameters"]["games"] == 4
    status, text, _ = run(capsys, "simulate", "--rules", "single_tax", "--games", "3")
    assert status == 0
    assert text.startswith("1 rule set, 3 games each")
    for args, reason in (
        (["sweep", "--games", "2"], "the following arguments are required: --param"),
        (["sweep", "--param", "land_value_tax"], "expected NAME=V1,V2,..."),
        (["sweep", "--param", "nope=1"], "expected one of the options"),
        (["simulate", "--out", str(tmp_path / "x.txt"), "--games", "1"], "--out"),
    ):
        with pytest.raises(SystemExit) as exit_info:
            main(args)
        assert exit_info.value.code == 2
        assert reason in capsys.readouterr().err


def test_the_gini_of_every_game_round_by_round(plain_vs_advanced, tmp_path):
    from landlord.experiments import load_results

    table = plain_vs_advanced.rounds_by_game
    described = ["label", "rules", "options", "players", "bots", "landlord_version"]
    assert list(table.columns) == [*described, "game", "seed", "round", "gini_net_worth"]
    games = plain_vs_advanced.games
    assert list(games.columns[:8]) == [*described, "game", "seed"]
    first = table[(table["label"] == ADVANCED) & (table["game"] == 3)]
    assert set(first["seed"]) == set(of(plain_vs_advanced, ADVANCED)["seed"].iloc[[3]])
    assert set(first["options"]) == {"advanced=true"}
    assert set(table["landlord_version"]) == {landlord.__version__}
    for label in ("landlords_game", ADVANCED):
        mine = table[table["label"] == label]
        lasted = mine.groupby("game")["round"].max().to_numpy()
        assert (lasted == of(plain_vs_advanced, label)["rounds"].to_numpy()).all()
        last = mine.groupby("game")["gini_net_worth"].last().to_numpy()
        assert last == pytest.approx(of(plain_vs_advanced, label)["gini_net_worth"].to_numpy())
    assert len(games) == 2 * 24
    loaded = load_results(plain_vs_advanced.save(tmp_path / "r.json"))
    with pytest.raises(ValueError, match="keep only the mean curve"):
        _ = loaded.rounds_by_game


def test_a_sweep_can_change_the_table_itself():
    from landlord.experiments import sweep

    by_players = sweep("landlords_game", "players", [2, 4], games=4, seed=1)
    assert list(by_players.summary.index) == [
        "landlords_game, 2 players",
        "landlords_game, 4 players",
    ]
    assert by_players.per_player.groupby("label").size().tolist() == [8, 16]
    assert "players  " in by_players.table()  # a row saying who sat at each table
    by_bots = sweep(
        "landlords_game_vote", "bots", ["eager_landlord", "single_taxer"], games=4, players=3
    )
    label = "landlords_game_vote, single_taxer"
    taxers = by_bots.per_player[by_bots.per_player["label"] == label]
    assert set(taxers["strategy"]) == {"single_taxer"}
    # All single-taxers vote the single tax in on the first turn.
    assert (of(by_bots, label)["single_tax_since"] == 1).all()
    with pytest.raises(ValueError, match="repeat"):
        sweep("landlords_game", "players", [2, 2], games=2)


def test_sweeps_over_bot_mixes_starting_cash_and_wages():
    from landlord.experiments import bot_mix, sweep

    mixes = sweep(
        "landlords_game[round_limit=8]",
        "bots",
        ["eager_landlord", "eager_landlord+cautious_tenant"],
        games=3,
    )
    mixed = mixes.per_player[mixes.per_player["bots"] == "eager_landlord+cautious_tenant"]
    assert mixed.groupby("game")["strategy"].apply(list).iloc[0] == bot_mix(
        "eager_landlord+cautious_tenant", 4
    )
    assert set(mixes.games["bots"]) == {"eager_landlord", "eager_landlord+cautious_tenant"}
    # A table filled with a mix, at every size.
    sizes = sweep("landlords_game[round_limit=4]", "players", [2, 3], games=2, players=["random"])
    assert set(sizes.per_player["strategy"]) == {"random"}
    assert sizes.games.groupby("label")["players"].first().tolist() == [2, 3]
    # The what-if options: more cash at the start, or other wages, game by game.
    cash = sweep("landlords_game[round_limit=1]", "starting_cash", [0, 1000], games=4, seed=5)
    rich = cash.per_player[cash.per_player["starting_cash"] == 1000]
    poor = cash.per_player[cash.per_player["starting_cash"] == 0]
    assert (rich["net_worth"].to_numpy() > poor["net_worth"].to_numpy()).all()
    assert cash.table().count("a modern extension") == 1  # only the what-if column
    wages = sweep("landlords_game[wages_times=0,round_limit=20]", "wages", [50, 200], games=4)
    high = wages.per_player[wages.per_player["wages"] == 200]["cash"].sum()
    assert high > wages.per_player[wages.per_player["wages"] == 50]["cash"].sum()
    with pytest.raises(ValueError, match="a bot mix names strategies"):
        sweep("landlords_game", "bots", ["eager_landlord++random"], games=1)


def test_seat_sweeps_on_the_command_line(capsys):
    status, text, _ = run(capsys, "sweep", "--param", "players=2,3", "--games", "2")
    assert status == 0
    assert "landlords_game, 3 players" in text
    status, text, _ = run(
        capsys, "sweep", "--param", "bots=single_taxer,eager_landlord+random", "--games", "2"
    )
    assert status == 0
    assert "eager_landlord, random, eager_landlord, random" in text
    for param, reason in (
        ("players=2,5", "is for 2 to 4 players, not 5"),
        ("players=two", "players are whole numbers >= 1"),
        ("bots=eager_landlord,nobody", "unknown strategy 'nobody'"),
        ("bots=eager_landlord+nobody", "unknown strategy 'nobody'"),
    ):
        with pytest.raises(SystemExit) as exit_info:
            main(["sweep", "--param", param, "--games", "2"])
        assert exit_info.value.code == 2
        assert reason in capsys.readouterr().err


def test_a_seat_sweep_checks_its_arguments_too():
    from landlord.experiments import sweep

    with pytest.raises(ValueError, match="games is a whole number >= 1"):
        sweep("landlords_game", "players", [2, 3], games=0)
    with pytest.raises(ValueError, match="a seed is a whole number >= 0"):
        sweep("landlords_game", "bots", ["random"], games=2, seed=-1)
