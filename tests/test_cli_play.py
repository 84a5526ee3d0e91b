"""``landlord play`` and ``landlord replay``: one game of bots, printed, saved and read back.

The commands are run through :func:`landlord.cli.main` with ``capsys``, as a
user would type them, plus once as a real ``python -m landlord`` process.
The tests check what the user sees: the title, the table round by round, the
standings, the exit status and, for a bad argument, the usage and the reason.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from landlord.cli import main

ROOT = Path(__file__).resolve().parent.parent
TITLE = "The Landlord's Game (Economic Game Co., 1906; rules as reprinted in 1910)"
STANDING = re.compile(r"^\s*(\d+)  (.+?)\s{2,}(-?\d+)\s+(-?\d+)\s")


def run(capsys, *args):
    """Run ``landlord ARGS``; return (status, stdout, stderr)."""
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def round_numbers(text):
    """The round numbers of the round-by-round table, in order."""
    lines = text.splitlines()
    start = lines.index("Net worth (cash) at the end of each round:") + 2
    numbers = []
    for line in lines[start:]:
        if not line.strip():
            break
        numbers.append(int(line.split()[0]))
    return numbers


def standings(text):
    """The standings printed: (place, name, score, cash) for each player."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Standings ("))
    assert lines[start + 1].split()[:4] == ["place", "name", "score", "cash"]
    rows = []
    for line in lines[start + 2 :]:
        if not line.strip():
            break
        place, name, score, cash = STANDING.match(line).groups()
        rows.append((int(place), name, int(score), int(cash)))
    return rows


def last_round(text):
    return int(re.search(r"^Standings \(ended in round (\d+), after", text, re.M).group(1))


@pytest.fixture(scope="module")
def seed_1_text():
    """What ``landlord play --rules landlords_game --players 4 --seed 1`` prints."""
    from contextlib import redirect_stdout
    from io import StringIO

    buffer = StringIO()
    with redirect_stdout(buffer):
        status = main(["play", "--rules", "landlords_game", "--players", "4", "--seed", "1"])
    assert status == 0
    return buffer.getvalue()


# --- landlord play ------------------------------------------------------------------------


def test_play_prints_the_title_the_rounds_and_the_standings(capsys):
    status, out, err = run(
        capsys, "play", "--rules", "landlords_game", "--players", "4", "--seed", "1"
    )
    assert status == 0
    assert err == ""
    assert out.splitlines()[0] == f"{TITLE}, 4 players, seed 1"
    assert round_numbers(out) == list(range(last_round(out) + 1))
    assert last_round(out) >= 1
    rows = standings(out)
    assert [place for place, *_ in rows] == [1, 2, 3, 4]
    assert sorted(name for _, name, _, _ in rows) == [f"eager_landlord {k}" for k in range(1, 5)]
    assert [score for _, _, score, _ in rows] == sorted((s for _, _, s, _ in rows), reverse=True)
    assert "a player has received his wages 5 times" in out


def test_the_same_seed_prints_the_same_game_and_another_seed_another(capsys, seed_1_text):
    status, again, _ = run(capsys, "play", "--players", "4", "--seed", "1")
    assert status == 0
    assert again == seed_1_text
    status, other, _ = run(capsys, "play", "--players", "4", "--seed", "2")
    assert status == 0
    assert other != seed_1_text
    assert other.splitlines()[0] == f"{TITLE}, 4 players, seed 2"


def test_json_output_has_rounds_standings_end_reason_and_seed(capsys, seed_1_text):
    status, out, _ = run(capsys, "play", "--players", "4", "--seed", "1", "--json")
    assert status == 0
    data = json.loads(out)
    assert {"rounds", "standings", "end_reason", "seed"} <= set(data)
    assert data["seed"] == 1
    assert data["end_reason"] == "a player has received his wages 5 times"
    rounds = sorted({row["round"] for row in data["rounds"]})
    assert rounds == round_numbers(seed_1_text)
    assert all(len([r for r in data["rounds"] if r["round"] == n]) == 4 for n in rounds)
    printed = [(row["place"], row["name"], row["score"], row["cash"]) for row in data["standings"]]
    assert printed == standings(seed_1_text)


def test_a_saved_game_replays_to_the_same_standings(capsys, tmp_path, monkeypatch, seed_1_text):
    monkeypatch.chdir(tmp_path)
    status, out, err = run(capsys, "play", "--players", "4", "--seed", "1", "--save", "game.json")
    assert status == 0
    assert out == seed_1_text
    assert "saved the game to game.json" in err
    assert json.loads((tmp_path / "game.json").read_text())["format"] == "landlord-game"
    status, replayed, err = run(capsys, "replay", "game.json")
    assert status == 0
    assert err == ""
    assert standings(replayed) == standings(seed_1_text)
    assert replayed == seed_1_text
    status, replayed_json, _ = run(capsys, "replay", "game.json", "--json")
    assert status == 0
    assert [row["place"] for row in json.loads(replayed_json)["standings"]] == [1, 2, 3, 4]


def _first_deal_buy(document):
    """The first card bought from the deal: answer it with a Decline instead."""
    index = next(i for i, e in enumerate(document["history"]) if e.get("type") == "Buy")
    document["history"][index] = {"type": "Decline"}


@pytest.mark.parametrize(
    ("damage", "reason"),
    [
        (lambda d: d["history"].__setitem__(0, {"outcome": 0}), "history entry 0"),
        (_first_deal_buy, "history entry|does not replay"),
        (lambda d: d["result"]["balances"].__setitem__(0, 10**6), "does not replay"),
        (lambda d: d["result"].update(turns=1), "does not replay"),
    ],
    ids=["card not in the pack", "a purchase undone", "balances", "turns"],
)
def test_a_damaged_saved_game_is_refused_with_the_reason(
    capsys, tmp_path, monkeypatch, damage, reason
):
    monkeypatch.chdir(tmp_path)
    assert main(["play", "--players", "2", "--seed", "3", "--save", "game.json"]) == 0
    capsys.readouterr()
    path = tmp_path / "game.json"
    document = json.loads(path.read_text())
    damage(document)
    path.write_text(json.dumps(document))
    with pytest.raises(SystemExit) as stopped:  # a bad file is bad input: exit 2
        main(["replay", "game.json"])
    assert stopped.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    err = err.splitlines()[-1]
    assert err.startswith("landlord replay: error: game.json: ")
    assert re.search(reason, err)
    assert "the saved game was not loaded" in err


def test_named_bots_one_per_seat(capsys):
    status, out, _ = run(
        capsys, "play", "--players", "2", "--bots", "cautious_tenant,eager_landlord", "--seed", "3"
    )
    assert status == 0
    assert out.splitlines()[0] == f"{TITLE}, 2 players, seed 3"
    assert "  cautious_tenant 1: cautious_tenant, keeps $300 in hand" in out
    assert "  eager_landlord 2: eager_landlord, keeps $75 in hand" in out
    rows = standings(out)
    assert [place for place, *_ in rows] == [1, 2]
    assert {name for _, name, _, _ in rows} == {"cautious_tenant 1", "eager_landlord 2"}


def test_rule_set_options_change_the_game(capsys):
    args = ["play", "--seed", "2", "--option", "advanced=true", "--option", "round_limit=5"]
    status, out, _ = run(capsys, *args)
    assert status == 0
    assert "options: advanced=True, round_limit=5" in out
    assert last_round(out) <= 5
    assert round_numbers(out) == list(range(last_round(out) + 1))
    status, out, _ = run(capsys, *args, "--json")
    data = json.loads(out)
    assert data["options"]["advanced"] is True
    assert data["options"]["round_limit"] == 5
    assert max(row["round"] for row in data["rounds"]) <= 5
    if max(row["round"] for row in data["rounds"]) == 5:
        assert data["end_reason"] == "the round limit (5) was reached"


def test_save_into_a_missing_folder_is_refused_without_a_traceback(capsys, tmp_path):
    # A bad argument: refused before the game is played, with the usage and exit 2.
    target = tmp_path / "no_such_folder" / "game.json"
    with pytest.raises(SystemExit) as exit_:
        main(["play", "--players", "2", "--seed", "1", "--save", str(target)])
    captured = capsys.readouterr()
    assert exit_.value.code == 2
    assert captured.err.startswith("usage: landlord play")
    assert "game.json" in captured.err
    assert "no_such_folder" in captured.err
    assert captured.out == ""
    assert not target.exists()


@pytest.mark.parametrize(
    ("args", "reason"),
    [
        (["--players", "1"], "for 2 to 4 players, not 1"),
        (["--players", "5"], "for 2 to 4 players, not 5"),
        (["--bots", "nobody"], "unknown strategy 'nobody'"),
        (
            ["--players", "2", "--bots", "a,b,c"],
            "expected one strategy, a mix like a+b, or 2 strategies, got 3",
        ),
        (["--option", "advanced=maybe"], "option 'advanced'"),
        (["--option", "nonsense"], "expected NAME=VALUE, got 'nonsense'"),
        (["--option", "no_such_option=1"], "no_such_option"),
        (["--rules", "no_such_rules"], "no_such_rules"),
        (["--seed", "x"], "argument --seed: expected a whole number >= 0, got 'x'"),
        (["--seed", "-5"], "argument --seed: expected a whole number >= 0, got '-5'"),
    ],
    ids=[
        "one player",
        "five players",
        "unknown bot",
        "three bots for two",
        "bool option",
        "not NAME=VALUE",
        "unknown option",
        "unknown rules",
        "seed not a number",
        "negative seed",
    ],
)
def test_bad_arguments_print_the_usage_and_exit_2(capsys, args, reason):
    with pytest.raises(SystemExit) as exit_:
        main(["play", *args])
    assert exit_.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("usage: landlord play")
    assert "landlord play: error: " in err
    assert reason in err


def test_python_dash_m_landlord_play_runs_as_a_process(capsys):
    args = ["play", "--players", "2", "--seed", "5"]
    result = subprocess.run(
        [sys.executable, "-m", "landlord", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    status, out, _ = run(capsys, *args)
    assert status == 0
    assert result.stdout == out
    assert [place for place, *_ in standings(result.stdout)] == [1, 2]


def test_modern_options_and_the_treasury_s_purchases_are_shown(capsys):
    args = ["play", "--seed", "2", "--option", "land_value_tax=0.5"]
    status, out, _ = run(capsys, *args)
    assert status == 0
    assert "options: land_value_tax=0.5 (modern)" in out
    assert "Soakum Lighting System bought: free to use" in out
    status, out, _ = run(capsys, "play", "--seed", "3", "--rules", "single_tax")
    assert "The single tax was in force from the start." in out
    assert "wages raised" in out


def test_playing_one_game_imports_neither_pandas_nor_matplotlib():
    """``landlord play`` prints its report from the game itself: a one-game command
    does not pay for pandas (0.3 s and 75 MB of a 0.6 s, 119 MB run, issue 21)."""
    import subprocess
    import sys

    code = (
        "import contextlib, io, sys\n"
        "from landlord.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        "    main(['play', '--seed', '1'])\n"
        "print(sorted(m for m in ('pandas', 'matplotlib', 'pyarrow') if m in sys.modules))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"


# --- Issue 35: what replay prints of a name ----------------------------------------


def _saved_with_names(tmp_path, names):
    """A saved game of two bots (seed 3) whose players the file renames ``names``."""
    path = tmp_path / "game.json"
    assert main(["play", "--players", "2", "--seed", "3", "--save", str(path)]) == 0
    document = json.loads(path.read_text())
    for player, name in zip(document["players"], names, strict=True):
        player["name"] = name
    path.write_text(json.dumps(document))
    return path


#: A name a file may carry: a terminal's escapes (colour, a window title, a bell), a new
#: line that forges one of the report's lines, and a right-to-left override.
HOSTILE = "\x1b[31mRed\x1b]0;owned\x07\nforged line\u202e"


@pytest.mark.parametrize("as_json", [False, True], ids=["text", "json"])
def test_replay_shows_a_name_that_is_a_lone_surrogate_escaped(capsys, tmp_path, as_json):
    path = _saved_with_names(tmp_path, ["\ud800", "Bob"])
    capsys.readouterr()
    status, out, err = run(capsys, "replay", str(path), *(["--json"] if as_json else []))
    assert status == 0
    assert err == ""
    out.encode()  # what was printed can be written to a terminal: no lone surrogate
    shown = json.loads(out)["players"][0] if as_json else out.splitlines()[1]
    assert "\\ud800" in shown


def test_replay_prints_no_terminal_escape_and_no_new_line_from_a_name(capsys, tmp_path):
    path = _saved_with_names(tmp_path, ["Ann", HOSTILE])
    capsys.readouterr()
    status, out, _ = run(capsys, "replay", str(path))
    assert status == 0
    for hidden in ("\x1b", "\x07", "\u202e"):
        assert hidden not in out
    assert not any(line.startswith("forged line") for line in out.splitlines())
    assert "  \\x1b[31mRed\\x1b]0;owned\\x07\\nforged line\\u202e: eager_landlord" in out
    # A plain name prints as it is.
    assert "  Ann: eager_landlord" in out


# --- Issue 35: a rule file that recursed -------------------------------------------


def _rules_without(tmp_path, line):
    """The shipped Landlord's Game rules, beside its CSV files, with ``line`` changed
    (``(old, new)``); returns the TOML file's path."""
    from landlord.rules import RULES_DIR

    for csv in RULES_DIR.glob("landlords_game_*.csv"):
        (tmp_path / csv.name).write_bytes(csv.read_bytes())
    text = (RULES_DIR / "landlords_game.toml").read_text()
    old, new = line
    assert old in text
    path = tmp_path / "landlords_game.toml"
    path.write_text(text.replace(old, new))
    return path


@pytest.mark.parametrize(
    ("line", "field", "words"),
    [
        (
            ("either_way_from = 23\n", ""),
            "movement.either_way_from",
            "either_way_to is 36",
        ),
        (
            ("either_way_from = 23\n", "either_way_from = 0\n"),
            "movement.either_way_from",
            "onto Luxury (39)",
        ),
    ],
    ids=["no either_way_from", "a stretch reaching back onto Luxury"],
)
def test_play_refuses_a_rule_file_whose_either_way_stretch_would_recurse(
    capsys, tmp_path, line, field, words
):
    path = _rules_without(tmp_path, line)
    with pytest.raises(SystemExit) as exit_:
        main(["play", "--rules", str(path), "--seed", "1"])
    assert exit_.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    message = err.splitlines()[-1]
    assert message.startswith(f"landlord play: error: landlords_game.toml: field '{field}': ")
    assert words in message
