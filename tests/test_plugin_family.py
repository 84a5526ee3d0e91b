"""A family of rule sets installed from outside the kit plays as the kit's own do.

tests/plugin_family is a distribution of its own, ``landlord-toll-road``: a
small property game (the Toll Road) in a package, ``toll_road``, with its rule
set and its tests, declaring its family in the entry-point group
``landlord.families``. The tests marked ``install`` build a fresh environment
with the kit (its core, no extras) and that distribution, and use the family
there as a third party would, with nothing in ``landlord/`` naming it: the
kit lists it, loads its rule set by path, plays, draws, saves, replays and
compares its games, ``landlord play`` plays it, and its own tests pass with
the kit's checks (:func:`landlord.conformance.parametrize_with_checks`).

The last tests need no environment: a fake distribution (a ``*.dist-info``
folder on the path) declares a family badly, and the kit says which
distribution, without failing for everyone.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from fresh_venv import ROOT, new_environment, run

from landlord.rules import registry

PLUGIN = ROOT / "tests" / "plugin_family"
#: The kit's own families.
KITS_OWN = [name for name in registry.family_names() if registry.family_origin(name) == "landlord"]

install = pytest.mark.install


@pytest.fixture(scope="module")
def plugin_python(tmp_path_factory) -> Path:
    """A fresh environment: the kit (core), the Toll Road's distribution, and pytest.

    Both distributions are built afresh from the tree, never taken from a wheel uv kept
    from an earlier build (``--refresh-package``)."""
    return new_environment(
        tmp_path_factory.mktemp("plugin"),
        "--constraint",
        "constraints.txt",
        "--refresh-package",
        "landlord-kit",
        "--refresh-package",
        "landlord-toll-road",
        ".",
        str(PLUGIN),
        "pytest",
    )


def script(python: Path, code: str, *args: str) -> object:
    """Run ``code`` in ``python`` (from ``/``: the checkout is not on its path); what it
    printed last, read as JSON."""
    result = run(python, "-c", textwrap.dedent(code), *args)
    assert result.returncode == 0, result.stderr[-3000:]
    return json.loads(result.stdout.splitlines()[-1])


@install
def test_the_kit_lists_the_installed_family_beside_its_own(plugin_python):
    found = script(
        plugin_python,
        """
        import json
        from landlord.families import families
        from landlord.rules import registry
        print(json.dumps([[f.name for f in families()], registry.family_origin("toll_road")]))
        """,
    )
    assert found == [sorted([*KITS_OWN, "toll_road"]), "landlord-toll-road"]
    assert len(KITS_OWN) == 4


@install
def test_its_rule_set_loads_by_path_and_its_seeded_games_play_to_the_end(plugin_python):
    games = script(
        plugin_python,
        """
        import json
        from landlord.rules import load_rules
        from landlord.session import Session
        from toll_road import RULES

        rules = load_rules(RULES)
        games = []
        for seed in range(6):
            bots = ["eager_landlord", "cautious_tenant", "single_taxer", "random"][: 2 + seed % 3]
            game = Session(RULES, bots, seed=seed).run()
            again = Session(RULES, bots, seed=seed).run()
            games.append({
                "family": rules.info.family,
                "over": game.is_over,
                "money": sum(game.ledger.balances),
                "same": again.history == game.history
                and again.ledger.records == game.ledger.records,
                "reasons": sorted({r.reason for r in game.ledger.records}),
                "winners": list(game.family.outcome(game).winners),
            })
        print(json.dumps(games))
        """,
    )
    assert len(games) == 6
    for game in games:
        assert game["family"] == "toll_road"
        assert game["over"], game
        assert game["money"] == 0, game
        assert game["same"], game
        assert game["winners"], game
    # The family's own reason moved money, beside the kit's.
    assert any("road toll" in game["reasons"] for game in games)


@install
def test_its_board_draws_and_is_told_in_words(plugin_python):
    drawn = script(
        plugin_python,
        """
        import json
        import xml.etree.ElementTree as ET
        from landlord.session import Session
        from landlord.views.board import board_svg
        from landlord.views.board_text import board_text_html
        from toll_road import RULES

        game = Session(RULES, ["eager_landlord"] * 3, seed=2).run(max_steps=40)
        root = ET.fromstring(board_svg(game, size=500, last_move=(0, game.position[0])))
        spaces = [g for g in root.iter("{http://www.w3.org/2000/svg}g")
                  if g.get("class") == "space"]
        tokens = [g for g in root.iter("{http://www.w3.org/2000/svg}g")
                  if g.get("class") == "token"]
        words = board_text_html(game)
        print(json.dumps([root.get("width"), len(spaces), len(tokens), words.count("<table")]))
        """,
    )
    assert drawn == ["500", 12, 3, 2]


@install
def test_a_game_saves_loads_back_and_replays_from_its_json(plugin_python, tmp_path):
    same = script(
        plugin_python,
        """
        import json, sys
        from landlord.engine.history import ledger_digest
        from landlord.engine.state import GameState
        from landlord.record import GameRecord, check_seeded, load_game
        from landlord.session import Session
        from toll_road import RULES

        session = Session(RULES, ["eager_landlord", "random", "cautious_tenant"], seed=7)
        game = session.run()
        path = GameRecord.from_session(session).save(sys.argv[1] + "/toll_road.json")
        loaded = load_game(path)
        again = GameState.from_json(json.loads(json.dumps(game.to_json())))
        digest = ledger_digest(game.ledger)
        print(json.dumps([
            ledger_digest(loaded.game.ledger) == digest,
            check_seeded(loaded),
            ledger_digest(again.ledger) == digest,
            again.is_over,
        ]))
        """,
        str(tmp_path),
    )
    assert same == [True, True, True, True]


@install
def test_its_rule_set_is_listed_loads_by_id_and_plays_at_an_apps_table(plugin_python):
    found = script(
        plugin_python,
        """
        import json
        from landlord.rules import available, load_rules
        from landlord.table import GameTable, rule_set_menu

        table = GameTable("toll_road", ["human", "eager_landlord"], seed=2)
        table.play_round()
        again = GameTable.from_saved(table.saved())
        print(json.dumps({
            "listed": [info.id for info in available()][-1],
            "family": load_rules("toll_road").info.family,
            "menu": [text for text, rules_id in rule_set_menu() if rules_id == "toll_road"],
            "asks": table.game.actor,
            "log": len(table.log) > 0,
            "same": again.game.history == table.game.history,
        }))
        """,
    )
    assert found == {
        "listed": "toll_road",
        "family": "toll_road",
        "menu": ["The Toll Road (a test family)"],
        "asks": 0,
        "log": True,
        "same": True,
    }
    landlord = plugin_python.parent / "landlord"
    listed = subprocess.run([str(landlord), "rules"], capture_output=True, text=True, cwd="/")
    assert listed.returncode == 0, listed.stderr
    assert "toll_road" in listed.stdout
    played = subprocess.run(
        [str(landlord), "play", "--rules", "toll_road", "--players", "2", "--seed", "1"],
        capture_output=True,
        text=True,
        cwd="/",
    )
    assert played.returncode == 0, played.stderr
    assert played.stdout.startswith("The Toll Road (a test family)")


@install
def test_a_comparison_plays_it_on_the_reference_engine_and_says_why(plugin_python):
    found = script(
        plugin_python,
        """
        import json
        from landlord.experiments import compare
        from toll_road import RULES

        result = compare([str(RULES)], games=6, players=3, seed=3)
        spec = result.parameters["rules"][0]
        print(json.dumps([spec["played_by"], spec["played_by_because"], len(result.games),
                          "tolls_paid" in result.games.columns, result.table()]))
        """,
    )
    engine, because, games, tolls, table = found
    assert (engine, because) == (
        "the reference engine",
        "the batch path does not cover this family yet",
    )
    assert games == 6
    assert tolls
    assert "played by the reference engine (the batch path does not cover" in table


@install
def test_landlord_play_plays_it_from_the_command_line(plugin_python):
    rules = PLUGIN / "toll_road" / "data" / "toll_road.toml"
    landlord = plugin_python.parent / "landlord"
    result = subprocess.run(
        [str(landlord), "play", "--rules", str(rules), "--players", "3", "--seed", "4"],
        capture_output=True,
        text=True,
        cwd="/",
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("The Toll Road (a test family)")
    assert "Tolls paid in the game: $" in result.stdout
    assert "keeps $30 in hand" in result.stdout  # the family's words for the bot


@install
def test_its_own_tests_pass_with_the_kits_checks(plugin_python):
    result = subprocess.run(
        [
            str(plugin_python), "-m", "pytest", "-q", "-p", "no:cacheprovider",
            "-c", str(PLUGIN / "pyproject.toml"), "--rootdir", str(PLUGIN),
            "--doctest-modules", "--pyargs", "toll_road", str(PLUGIN / "tests"),
        ],
        capture_output=True,
        text=True,
        cwd="/",
        env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
    )  # fmt: skip
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    assert "toll_road-money" not in result.stdout  # nothing failed to name
    summary = result.stdout.strip().splitlines()[-1]
    assert " passed" in summary, summary
    assert "failed" not in summary, summary
    assert "error" not in summary, summary


# --- a family declared badly: no environment needed ---------------------------------------


def fake_distribution(folder: Path, name: str, points: dict[str, str], module: str = "") -> None:
    """A distribution ``name`` in ``folder`` (its ``*.dist-info``) declaring ``points`` in
    the group ``landlord.families``, with a module of its own holding ``module``."""
    dist = folder / f"{name.replace('-', '_')}-1.0.dist-info"
    dist.mkdir(parents=True)
    (dist / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n")
    lines = "".join(f"{point} = {target}\n" for point, target in points.items())
    (dist / "entry_points.txt").write_text(f"[{registry.ENTRY_POINTS}]\n{lines}")
    if module:
        (folder / f"{name.replace('-', '_')}.py").write_text(textwrap.dedent(module))


def with_fakes(folder: Path, code: str) -> subprocess.CompletedProcess:
    """``code`` run by this Python (the kit's) with ``folder``'s fake distributions found."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(folder), str(ROOT)])}
    return subprocess.run(
        [sys.executable, "-W", "always::RuntimeWarning", "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        cwd=folder,
        env=env,
    )


def test_a_family_named_as_one_of_the_kits_is_left_out_with_a_warning(tmp_path):
    fake_distribution(tmp_path, "fake-clash", {"magie": "fake_clash:FAMILY"}, "FAMILY = 1\n")
    result = with_fakes(
        tmp_path,
        """
        import json
        from landlord.families import families, family_named
        found = [family.name for family in families()]
        print(json.dumps([found, type(family_named("magie")).__module__]))
        """,
    )
    assert result.returncode == 0, result.stderr
    assert "the family 'magie' of fake-clash (fake_clash:FAMILY) was left out" in result.stderr
    assert "landlord has a family of that name" in result.stderr
    assert json.loads(result.stdout) == [KITS_OWN, "landlord.families.magie"]


def test_an_entry_point_that_gives_no_family_is_refused_naming_its_distribution(tmp_path):
    fake_distribution(
        tmp_path, "fake-impostor", {"impostor": "fake_impostor:FAMILY"}, "FAMILY = object()\n"
    )
    result = with_fakes(
        tmp_path,
        """
        from landlord.rules import registry
        print(registry.family_names())
        registry.family_named("impostor")
        """,
    )
    assert "impostor" in result.stdout
    assert result.returncode != 0
    assert "TypeError: the entry point 'impostor' of fake-impostor (fake_impostor:FAMILY)" in (
        result.stderr
    )
    assert "not a family named 'impostor'" in result.stderr


@pytest.mark.parametrize(
    "module",
    ["FAMILY = object()\n", "raise ImportError('a dependency of the fake family is missing')\n"],
    ids=["not-a-family", "fails-to-import"],
)
def test_a_broken_entry_point_does_not_break_the_kit_for_everyone(tmp_path, module):
    fake_distribution(tmp_path, "fake-broken", {"broken": "fake_broken:FAMILY"}, module)
    result = with_fakes(
        tmp_path,
        """
        import json
        from landlord.families import families
        from landlord.session import Session
        found = [family.name for family in families()]
        print(json.dumps([found, Session("quikopoly", ["random"] * 2, seed=1).run().is_over]))
        """,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert json.loads(result.stdout) == [KITS_OWN, True]
    assert "fake-broken" in result.stderr  # the warning names the distribution
