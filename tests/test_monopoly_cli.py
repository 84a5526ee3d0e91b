"""The command line with the later game's rule sets: play, replay, compare, sweep, rules."""

from __future__ import annotations

import json
import re

import pytest

from landlord.cli import main


def run(capsys, *args: str) -> tuple[int, str]:
    status = main(list(args))
    return status, capsys.readouterr().out


def test_play_prints_the_standings_in_the_later_games_words(capsys):
    status, out = run(
        capsys, "play", "--rules", "monopoly_uk_1972", "--players", "4", "--seed", "2",
        "--bots", "strategy_guide",
    )  # fmt: skip
    assert status == 0
    assert "Monopoly: the 1972 UK rules" in out
    header = next(line for line in out.splitlines() if line.startswith("place"))
    columns = "place name net_worth cash streets utilities railroads houses left"
    assert header.split() == columns.split()
    assert "is the last player not bankrupt" in out
    assert len(re.findall(r"bankrupt in round \d+", out)) == 3
    assert "BANK" in out


def test_a_saved_later_game_replays_and_a_damaged_one_is_refused(capsys, tmp_path):
    path = tmp_path / "game.json"
    status, _ = run(
        capsys, "play", "--rules", "monopoly_us", "--players", "3", "--seed", "5",
        "--option", "round_limit=40", "--save", str(path),
    )  # fmt: skip
    assert status == 0
    status, out = run(capsys, "replay", str(path))
    assert status == 0
    assert "the agreed end, round 40, was reached" in out
    document = json.loads(path.read_text())
    buys = [i for i, e in enumerate(document["history"]) if e.get("type") == "Buy"]
    document["history"][buys[0]]["price"] += 1  # a purchase at a price never offered
    path.write_text(json.dumps(document))
    with pytest.raises(SystemExit) as stopped:  # a bad file is bad input: exit 2
        main(["replay", str(path)])
    captured = capsys.readouterr()
    assert stopped.value.code == 2
    assert captured.out == ""
    assert captured.err.splitlines()[-1].startswith("landlord replay: error: game.json: ")
    assert "the saved game was not loaded" in captured.err


def test_compare_sets_the_landlords_game_beside_the_later_rules(capsys):
    status, out = run(
        capsys, "compare", "--rules", "landlords_game,monopoly_us", "--games", "40", "--seed", "7",
        "--json",
    )  # fmt: skip
    assert status == 0
    summary = {row["rules"]: row for row in json.loads(out)["summary"]}
    # Magie's point: the later rules end with one player holding nearly everything.
    assert summary["monopoly_us"]["gini_net_worth"] > 0.7
    assert summary["landlords_game"]["gini_net_worth"] < 0.3
    assert summary["monopoly_us"]["gini_net_worth_difference_low"] > 0.4


def test_sweep_over_the_folk_ways_of_buying_land(capsys):
    status, out = run(
        capsys, "sweep", "--rules", "monopoly_us",
        "--param", "purchase=buy_or_auction,fixed_price,auction", "--games", "20", "--seed", "3",
    )  # fmt: skip
    assert status == 0
    assert "monopoly_us[purchase=fixed_price]" in out
    assert "monopoly_us[purchase=auction]" in out


def test_rules_lists_both_packs_and_the_readings(capsys):
    status, out = run(capsys, "rules", "monopoly_us")
    assert status == 0
    assert "Chance pack: 16 cards, all secondary" in out
    assert "Community Chest pack: 16 cards, all secondary" in out
    assert "hotel_sale:" in out
    assert "Hasbro" in out


def test_an_unknown_option_of_the_later_rules_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["play", "--rules", "monopoly_us", "--option", "super_tax=75"])
    assert exit_.value.code == 2
    assert "super_tax" in capsys.readouterr().err
