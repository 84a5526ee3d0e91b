"""Nothing waits for the compiler (landlord.batch.readiness): until a family's compiled game
is on disk its experiments play on the reference engine while a process of its own compiles
it; only a run too large for the reference engine compiles here and now."""

import os
import subprocess
import sys

import pytest

from landlord import batch
from landlord.batch import readiness
from landlord.experiments import compare
from landlord.families import families
from landlord.policies import make_policy
from landlord.rules import load_rules

MODULES = [family.batch for family in families() if family.batch]


@pytest.fixture
def nothing_compiled(tmp_path, monkeypatch):
    """An installation whose markers say nothing is compiled yet (a fresh cache folder),
    with the background compiler recorded instead of started."""
    monkeypatch.setenv("LANDLORD_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(readiness, "_loaded", set())
    started = []
    monkeypatch.setattr(readiness, "start_compiling", lambda: started.append(True) or True)
    return started


def test_a_fresh_installation_plays_on_the_reference_engine_and_says_why(nothing_compiled):
    assert not any(readiness.ready(module) for module in MODULES)
    result = compare(["landlords_game", "prosperity"], games=1000, seed=3)
    for spec in result.parameters["rules"]:
        assert spec["played_by"] == batch.REFERENCE
        assert spec["played_by_because"] == readiness.NOT_READY
    assert nothing_compiled == [True]  # and the compiling was started in the background
    assert "is being compiled in the background" in result.table()


def test_the_same_games_once_it_is_ready(nothing_compiled, monkeypatch):
    before = compare(["landlords_game"], games=1000, seed=3)
    monkeypatch.setattr(readiness, "_loaded", set(MODULES))
    after = compare(["landlords_game"], games=1000, seed=3)
    assert after.parameters["rules"][0]["played_by"] == batch.COMPILED
    assert before.games.equals(after.games)


def test_a_run_too_large_for_the_reference_engine_compiles_first(nothing_compiled, monkeypatch):
    asked = []

    def compile_now(modules):
        asked.append(list(modules))
        readiness._loaded.update(modules)

    monkeypatch.setattr(batch, "compile_now", compile_now)
    rules = [load_rules("landlords_game"), load_rules("monopoly_us")]
    seats = [[make_policy("eager_landlord")] * 4] * 2
    small = batch.engines(rules, seats, readiness.COMPILE_NOW // 4)
    assert [engine for engine, _ in small] == [batch.REFERENCE] * 2
    assert asked == []
    large = batch.engines(rules, seats, readiness.COMPILE_NOW // 2)
    assert asked == [sorted(["landlord.families.magie.batch", "landlord.families.monopoly.batch"])]
    assert [engine for engine, _ in large] == [batch.COMPILED] * 2


def background(env_dir, *args):
    return subprocess.run(
        [sys.executable, "-m", "landlord.batch", *args],
        env={**os.environ, "LANDLORD_CACHE_DIR": str(env_dir)},
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_the_background_compiler_marks_every_family_ready_quietly(tmp_path, monkeypatch):
    done = background(tmp_path, "--background")
    assert done.returncode == 0, done.stderr
    assert done.stdout == ""
    monkeypatch.setenv("LANDLORD_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(readiness, "_loaded", set())
    assert all(readiness.ready(module) for module in MODULES)
    assert len(list(tmp_path.glob("landlord-batch-*.ready"))) == len(MODULES)


def test_the_background_compiler_leaves_it_to_one_already_compiling(tmp_path, monkeypatch):
    monkeypatch.setenv("LANDLORD_CACHE_DIR", str(tmp_path))
    with readiness.compiling(wait=False) as held:
        assert held
        done = background(tmp_path, "--background")
    assert done.returncode == 0, done.stderr
    assert list(tmp_path.glob("*.ready")) == []


def test_a_marker_from_other_sources_is_not_ready(tmp_path, monkeypatch):
    monkeypatch.setenv("LANDLORD_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(readiness, "_loaded", set())
    module = MODULES[0]
    (tmp_path / f"landlord-batch-magie-{'0' * 20}.ready").touch()  # an older compiled.py's
    assert not readiness.ready(module)
    readiness.mark_ready(module)
    readiness._loaded.clear()
    assert readiness.ready(module)


def test_a_bad_argument_prints_usage_and_exits_2(tmp_path):
    done = background(tmp_path, "--fast")
    assert done.returncode == 2
    assert "usage: python -m landlord.batch" in done.stderr
