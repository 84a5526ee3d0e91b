"""The tuned bot: each rule set played with the parameters tuned for it (issue 37, item 2).

The tunings ship as files made by research/tune_bots.py; these tests check that every
shipped rule set has one, that the bot takes its rule set's own wherever a game is played
(a session, an experiment on either engine, a game played on, a saved game), that a bad
file is refused naming the file and the field, and that the script is seeded.
"""

from __future__ import annotations

import subprocess
import sys
import tomllib

import pytest
from batch_figures import assert_same_figures
from conftest import ROOT

import landlord
from landlord import batch
from landlord.figures import Figures
from landlord.policies import STRATEGIES, Tuned, make_policy
from landlord.policies.tuned import TUNED_FIELDS, TUNINGS, TuningError, tuning, tunings
from landlord.record import GameRecord, load_game
from landlord.rules import load_rules
from landlord.rules.loader import registered
from landlord.session import Session


def test_every_shipped_rule_set_has_a_tuning_with_every_parameter():
    assert tunings() == sorted(registered())
    for rule_set in tunings():
        params = tuning(rule_set)
        assert tuple(params) == TUNED_FIELDS
        document = tomllib.loads((TUNINGS / f"{rule_set}.toml").read_text())
        assert document["rule_set"] == rule_set
        assert document["seed"] == 37  # research/tune_bots.py's seed, named in the file
        assert 0 <= document["judged"]["tuned"] <= 1


def test_a_session_seats_the_tuning_of_its_own_rule_set():
    monopolist = Session("landlords_game", ["tuned", "eager_landlord"], seed=1)
    single_tax = Session("single_tax", ["tuned", "eager_landlord"], seed=1)
    for session, rule_set in ((monopolist, "landlords_game"), (single_tax, "single_tax")):
        bot = session.policies[0]
        assert isinstance(bot, Tuned)
        assert bot.tuned_for == rule_set
        assert {name: getattr(bot, name) for name in TUNED_FIELDS} == tuning(rule_set)
        assert bot.describe().startswith(f"tuned for {rule_set}: keeps $")
    # The strategy by name is left as it was: each seat got a copy.
    assert STRATEGIES["tuned"].tuned_for == ""


def test_the_dial_and_other_options_keep_the_rule_sets_tuning():
    session = Session("landlords_game", ["tuned"] * 2, seed=2, land_value_tax=0.5)
    assert session.policies[0].tuned_for == "landlords_game"


def test_an_experiment_plays_each_rule_set_with_its_own_tuning():
    # One line-up of "tuned" for two rule sets: each block is the games its own tuning plays,
    # on the batch path (enough games for it), which takes the bots as the experiment has them.
    games = batch.WORTH_LOADING
    both = landlord.compare(["landlords_game", "single_tax"], players=["tuned"] * 3, games=games)
    assert [r["players"] for r in both.parameters["rules"]] == [["tuned"] * 3] * 2
    assert [r["played_by"] for r in both.parameters["rules"]] == [batch.COMPILED] * 2
    figures = [c for c in both.games.columns if c not in ("label", "bots", "players")]
    for name in ("landlords_game", "single_tax"):
        own = make_policy("tuned").for_rules(load_rules(name))
        alone = landlord.compare([name], players=[own] * 3, games=games).games[figures]
        block = both.games[both.games["label"] == name][figures].reset_index(drop=True)
        assert block.equals(alone.reset_index(drop=True)), name


@pytest.mark.parametrize("rule_set", sorted(registered()))
def test_the_batch_path_plays_each_rule_sets_tuned_bot_as_the_reference_engine(rule_set):
    rules = load_rules(rule_set)
    seats = [make_policy(name).for_rules(rules) for name in ("tuned", "eager_landlord", "tuned")]
    engine, why = batch.engine_for(rules, seats)
    if rule_set == "monarch_of_the_world":  # the batch path does not play it at all
        assert engine == batch.REFERENCE
        assert "Monarch" in why
        return
    assert (engine, why) == (batch.COMPILED, "")
    seeds = list(range(40))
    reference, compiled = Figures(), Figures()
    for seed in seeds:
        reference.add(Session(rules, seats, seed=seed).run())
    batch.batch_module(rules).play(rules, seats, seeds, compiled)
    assert_same_figures(reference, compiled, seeds)


def test_a_saved_game_replays_with_the_parameters_it_was_played_with(tmp_path):
    record = landlord.play("single_tax", players=["tuned", "cautious_tenant"], seed=5)
    saved = record.policies[0]
    assert saved["strategy"] == "tuned"
    assert saved["params"]["tuned_for"] == "single_tax"
    record.save(tmp_path / "game.json")
    again = load_game(tmp_path / "game.json")
    assert isinstance(again, GameRecord)
    assert again.transfers.equals(record.transfers)
    # Made with its parameters and its rule set, the bot keeps them whatever it plays.
    kept = make_policy("tuned", **{k: v for k, v in saved["params"].items() if k != "name"})
    assert kept.for_rules(load_rules("landlords_game")) is kept


def test_a_bad_tuning_file_is_refused_naming_the_file_and_the_field(tmp_path, monkeypatch):
    import landlord.policies.tuned as tuned_module

    good = (TUNINGS / "single_tax.toml").read_text()
    monkeypatch.setattr(tuned_module, "TUNINGS", tmp_path)
    tuning.cache_clear()
    try:
        (tmp_path / "single_tax.toml").write_text(good.replace("markup = ", 'markup = "x" #'))
        with pytest.raises(TuningError, match=r"single_tax.toml: field 'parameters.markup'"):
            tuning("single_tax")
        (tmp_path / "single_tax.toml").write_text(good.replace("votes = ", 'votes = "often" #'))
        with pytest.raises(TuningError, match=r"'parameters.votes': expected one of never"):
            tuning("single_tax")
        (tmp_path / "single_tax.toml").write_text("rule_set = [")
        with pytest.raises(TuningError, match=r"single_tax.toml: cannot be read"):
            tuning("single_tax")
        with pytest.raises(TuningError, match=r"no bot was tuned for the rule set 'quikopoly'"):
            Session("quikopoly", ["tuned"] * 2, seed=1)
    finally:
        tuning.cache_clear()


def test_the_tuning_script_is_seeded_and_refuses_bad_arguments(tmp_path):
    script = ROOT / "research" / "tune_bots.py"
    outputs = []
    for jobs in ("1", "2"):
        out = tmp_path / jobs
        done = subprocess.run(
            [sys.executable, script, "single_tax", "--generations", "1", "--scale", "0.02",
             "--jobs", jobs, "--out", out],
            capture_output=True, text=True, check=True,
        )  # fmt: skip
        assert "single_tax: generation 1" in done.stdout
        outputs.append((out / "single_tax.toml").read_text())
    assert outputs[0] == outputs[1]
    bad = subprocess.run(
        [sys.executable, script, "no_such_rules"], capture_output=True, text=True, check=False
    )
    assert bad.returncode == 2
    assert "usage:" in bad.stderr
    assert "unknown rule set 'no_such_rules'" in bad.stderr


def test_the_conformance_check_seats_the_tuned_bot_of_its_rule_set():
    from landlord.conformance import _Watched, check_rule_set

    watched = _Watched(make_policy("tuned")).for_rules(load_rules("prosperity"))
    assert watched.inner.tuned_for == "prosperity"
    report = check_rule_set("prosperity", games=2, seed=3, bots=("tuned", "eager_landlord"))
    assert report.problems == []


def test_the_command_lines_help_names_every_bot(capsys):
    from landlord.cli import main

    with pytest.raises(SystemExit):
        main(["compare", "--help"])
    words = " ".join(capsys.readouterr().out.split())
    for name in set(STRATEGIES) - {"human"}:
        assert name in words, name


def test_the_class_server_seats_the_tuned_bot_but_not_the_search_bot():
    # The class server plays bots' turns while it takes an entry: a bot that thinks for
    # tens of milliseconds a decision would hold up every table of the class.
    from landlord.classroom.tables import BOTS

    assert "tuned" in BOTS
    assert "search" not in BOTS
