"""Issue 19: bad input ends in one line and exit 2, and files are never half written.

Each audit case is here: the command line's limits (games, rolls, jobs, money),
the errors that used to be tracebacks or exit 1, the checks of a file to write
made before any game is played, --force, the atomic writing of a set of files,
and the library's own checks.
"""

from __future__ import annotations

import io
import json
import multiprocessing
import os
import signal
import sys
import threading
import warnings
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

import landlord
from landlord import cli, experiments, writing
from landlord.cli import main
from landlord.cli.claim import terminal_bar
from landlord.experiments import results, workers

#: Short games: the hardening is about the arguments, not the play.
SHORT = "landlords_game[round_limit=3]"


def usage_error(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    """Run ``landlord argv``, expect exit 2, and return the one-line message."""
    with pytest.raises(SystemExit) as stopped:
        main(argv)
    assert stopped.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""  # nothing played, nothing printed
    lines = captured.err.strip().splitlines()
    assert lines[0].startswith("usage: landlord")
    message = lines[-1]
    assert message.startswith(f"landlord {argv[0]}: error: "), message
    assert "Traceback" not in captured.err
    return message


# --- Limits and errors that were tracebacks --------------------------------------


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        (["simulate", "--games", "1000000000"], "argument --games: at most 1,000,000"),
        (["compare", "--games", "1000000001"], "argument --games: at most 1,000,000"),
        (["sweep", "--param", "wages=1,2", "--games", "10**9"], "argument --games"),
        (["landing", "--rolls", "1000000000"], "argument --rolls: at most 10,000,000"),
        (["simulate", "--jobs", "1000"], "argument --jobs: at most 64"),
        (["claim", "--jobs", "1000"], "argument --jobs: at most 64"),
        (
            ["play", "--option", f"starting_cash={2**63}"],
            "argument --option: option starting_cash: at most 1,000,000,000,000",
        ),
        (
            ["simulate", "--rules", f"landlords_game[starting_cash={2**63}]"],
            "argument --rules: option starting_cash: at most",
        ),
        (
            ["compare", "--rules", f"landlords_game,landlords_game[wages={2**63}]"],
            "argument --rules: option wages: at most",
        ),
        (["sweep", "--param", f"wages=1,{2**63}"], "argument --param: option wages: at most"),
        (["sweep", "--param", "land_value_tax=0,0"], "values for 'land_value_tax' repeat"),
        (["sweep", "--param", "players=2,1000000"], "players are at most 64, not 1,000,000"),
        (["replay", "/dev/zero"], "argument FILE: /dev/zero is not a regular file"),
        (["compare", "--at-round", "0"], "argument --at-round: expected a whole number >= 1"),
        (["sweep", "--param", "wages=1,2", "--at-round", "10001"], "--at-round: at most 10,000"),
        (["simulate", "--at-round", "x"], "argument --at-round"),
    ],
)
def test_bad_numbers_and_inputs_are_one_line_and_exit_2(capsys, argv, named):
    assert named in usage_error(capsys, argv)


def test_the_command_line_limits_are_the_librarys():
    assert cli.MAX_GAMES == experiments.MAX_GAMES
    assert cli.MAX_JOBS == experiments.MAX_JOBS
    assert cli.MAX_SEATS == experiments.MAX_SEATS
    assert cli.MAX_AT_ROUND == experiments.MAX_AT_ROUND


def test_a_saved_game_too_large_is_refused_before_reading(capsys, tmp_path, monkeypatch):
    big = tmp_path / "big.json"
    big.write_text(" " * 100)
    monkeypatch.setattr("landlord.cli.games.MAX_SAVED_GAME_BYTES", 10)
    assert "100 bytes; a saved game is at most 10" in usage_error(capsys, ["replay", str(big)])


def test_unreadable_files_exit_2_not_1(capsys, tmp_path):
    not_toml = tmp_path / "bad.toml"
    not_toml.write_text("this is = = not toml")
    assert "bad.toml" in usage_error(capsys, ["rules", str(not_toml)])
    not_json = tmp_path / "game.json"
    not_json.write_text("{")
    assert "not valid JSON" in usage_error(capsys, ["replay", str(not_json)])
    assert "cannot read" in usage_error(capsys, ["replay", str(tmp_path / "none.json")])


# --- Where a file goes: checked before playing, never replaced without --force ----


def test_play_save_to_a_missing_folder_is_refused_before_playing(capsys, tmp_path):
    target = tmp_path / "no" / "game.json"
    message = usage_error(capsys, ["play", "--seed", "1", "--save", str(target)])
    assert "argument --save: cannot write" in message
    assert "no folder" in message


@pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="needs Linux's /proc")
def test_a_folder_that_takes_no_files_is_refused_before_playing(capsys):
    message = usage_error(capsys, ["play", "--seed", "1", "--save", "/proc/game.json"])
    assert message.endswith("the folder '/proc' is not writable (it takes no new files)")
    message = usage_error(capsys, ["simulate", "--out", "/proc/data.csv"])
    assert "argument --out: cannot write /proc/data.csv" in message


def test_a_name_too_long_is_refused_before_playing(capsys, tmp_path):
    target = tmp_path / ("a" * 300 + ".json")
    assert "the name is too long" in usage_error(capsys, ["play", "--save", str(target)])


def test_play_save_refuses_to_replace_a_file_without_force(capsys, tmp_path):
    target = tmp_path / "game.json"
    target.write_text("mine")
    message = usage_error(capsys, ["play", "--seed", "1", "--save", str(target)])
    assert message.endswith(f"argument --save: {target} already exists; use --force to replace it")
    assert target.read_text() == "mine"
    assert (
        main(
            ["play", "--seed", "1", "--option", "round_limit=3", "--save", str(target), "--force"]
        )
        == 0
    )
    assert json.loads(target.read_text())["format"]


def test_out_refuses_if_any_file_of_the_set_exists(capsys, tmp_path):
    (tmp_path / "data.meta.json").write_text("mine")
    message = usage_error(
        capsys, ["simulate", "--rules", SHORT, "--games", "2", "--out", str(tmp_path / "data.csv")]
    )
    assert f"{tmp_path / 'data.meta.json'} already exists; use --force" in message
    assert not (tmp_path / "data.csv").exists()
    assert (tmp_path / "data.meta.json").read_text() == "mine"


def test_claim_out_refuses_to_replace_a_file_without_force(capsys, tmp_path):
    target = tmp_path / "claim.json"
    target.write_text("mine")
    assert "already exists" in usage_error(capsys, ["claim", "--shipped", "--out", str(target)])
    assert main(["claim", "--shipped", "--out", str(target), "--force"]) == 0
    assert json.loads(target.read_text())


def set_of(path: Path) -> dict[str, str]:
    """The files of a results set, by name, with their text."""
    return {file.name: file.read_text() for file in experiments.results_files(path)}


def test_force_replaces_the_whole_set(capsys, tmp_path):
    out = tmp_path / "data.csv"
    argv = ["simulate", "--rules", SHORT, "--out", str(out)]
    assert main([*argv, "--games", "2"]) == 0
    first = set_of(out)
    assert main([*argv, "--games", "3", "--force"]) == 0
    second = set_of(out)
    assert set(first) == set(second)
    assert first != second
    assert sorted(path.name for path in tmp_path.iterdir()) == sorted(first)  # no temp files


def fail_at(monkeypatch: pytest.MonkeyPatch, table: int, failure: BaseException) -> None:
    """Make the writing of the ``table``-th CSV table of a set raise ``failure``."""
    written = []
    real = results.write_csv

    def write(frame, path):
        written.append(path)
        if len(written) == table:
            raise failure
        real(frame, path)

    monkeypatch.setattr(results, "write_csv", write)


@pytest.mark.parametrize("failure", [OSError(28, "No space left on device"), KeyboardInterrupt()])
def test_a_failure_mid_write_leaves_the_old_set_whole(tmp_path, monkeypatch, failure):
    out = tmp_path / "data.csv"
    result = experiments.simulate(SHORT, games=2)
    result.save(out)
    old = set_of(out)
    fail_at(monkeypatch, 2, failure)
    with pytest.raises(type(failure)):
        experiments.simulate(SHORT, games=3).save(out)
    assert set_of(out) == old
    assert sorted(path.name for path in tmp_path.iterdir()) == sorted(old)


def test_the_command_line_reports_a_write_that_fails_while_working(capsys, tmp_path, monkeypatch):
    def disk_full(_writers):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(writing, "write_atomically", disk_full)
    out = tmp_path / "data.json"
    assert main(["simulate", "--rules", SHORT, "--games", "2", "--out", str(out)]) == 1
    err = capsys.readouterr().err.strip()
    assert (
        err
        == f"landlord simulate: cannot write {out}: No space left on device; nothing was replaced"
    )


def test_ctrl_c_while_saving_leaves_the_old_set_and_exits_130(capsys, tmp_path, monkeypatch):
    out = tmp_path / "data.csv"
    argv = ["simulate", "--rules", SHORT, "--games", "2", "--out", str(out)]
    assert main(argv) == 0
    old = set_of(out)
    fail_at(monkeypatch, 3, KeyboardInterrupt())
    capsys.readouterr()
    assert main([*argv, "--force"]) == 130
    assert capsys.readouterr().err == "landlord simulate: interrupted; no file was changed\n"
    assert set_of(out) == old
    assert sorted(path.name for path in tmp_path.iterdir()) == sorted(old)


def fail_renaming_at(monkeypatch, rename: int, failure: BaseException | None = None) -> None:
    """Make rename number ``rename`` of a set's files (from 1) raise ``failure`` after
    it is done, or, with no ``failure``, send this process a real SIGINT just before it."""
    real = os.replace
    renamed = []

    def replace(source, destination):
        if not str(source).endswith(".tmp"):  # putting a kept file back
            return real(source, destination)
        renamed.append(destination)
        if failure is None and len(renamed) == rename:
            os.kill(os.getpid(), signal.SIGINT)
        real(source, destination)
        if failure is not None and len(renamed) == rename:
            raise failure

    monkeypatch.setattr(writing.os, "replace", replace)


@pytest.mark.parametrize("failure", [KeyboardInterrupt(), OSError(13, "Permission denied")])
@pytest.mark.parametrize("rename", [1, 3])
def test_a_failure_between_renames_puts_the_old_set_back(tmp_path, monkeypatch, failure, rename):
    # Found by benchmarks/audit_inputs.py: the set was renamed a file at a time, so a
    # failure after the first rename left data.csv new beside three old sidecars.
    out = tmp_path / "data.csv"
    experiments.simulate(SHORT, games=2).save(out)
    old = set_of(out)
    fail_renaming_at(monkeypatch, rename, failure)
    with pytest.raises(type(failure)):
        experiments.simulate(SHORT, games=3).save(out)
    assert set_of(out) == old
    assert sorted(path.name for path in tmp_path.iterdir()) == sorted(old)


def test_a_failure_between_renames_removes_the_files_that_were_new(tmp_path, monkeypatch):
    out = tmp_path / "data.csv"
    fail_renaming_at(monkeypatch, 2, KeyboardInterrupt())
    with pytest.raises(KeyboardInterrupt):
        experiments.simulate(SHORT, games=2).save(out)
    assert list(tmp_path.iterdir()) == []


@pytest.fixture
def ctrl_c():
    """Ctrl-C as a command run in the foreground gets it: Python's own handler. A test run
    started in the background by a shell without job control inherits SIGINT ignored."""
    former = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, former)


def test_ctrl_c_while_renaming_is_held_until_the_new_set_stands(
    capsys, tmp_path, monkeypatch, ctrl_c
):
    """A real SIGINT between two renames: the renames finish, the whole new set stands,
    and the command line says so (it said "no file was changed" over a mixed set)."""
    out, fresh = tmp_path / "data.csv", tmp_path / "fresh" / "data.csv"
    fresh.parent.mkdir()
    argv = ["simulate", "--rules", SHORT, "--force", "--out"]
    assert main([*argv, str(out), "--games", "2"]) == 0
    old = set_of(out)
    assert main([*argv, str(fresh), "--games", "3"]) == 0
    new = set_of(fresh)
    assert new != old
    fail_renaming_at(monkeypatch, 2)
    capsys.readouterr()
    assert main([*argv, str(out), "--games", "3"]) == 130
    assert capsys.readouterr().err == (
        "landlord simulate: interrupted as the files were put in place; they were written whole\n"
    )
    assert set_of(out) == new
    assert sorted(path.name for path in tmp_path.iterdir()) == sorted([*new, "fresh"])


def test_game_record_save_is_atomic(tmp_path, monkeypatch):
    target = tmp_path / "game.json"
    target.write_text("old")
    record = landlord.play(seed=1, round_limit=3)

    def fails(*_args, **_kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(Path, "write_text", fails)
    with pytest.raises(KeyboardInterrupt):
        record.save(target)
    monkeypatch.undo()
    assert target.read_text() == "old"
    assert [path.name for path in tmp_path.iterdir()] == ["game.json"]
    assert record.save(target) == target
    assert json.loads(target.read_text())


# --- Worker processes ------------------------------------------------------------


def _killed(*_args):
    """A batch of games whose worker process is killed (pickled by name to the worker)."""
    os.kill(os.getpid(), signal.SIGKILL)


def test_a_killed_worker_is_one_line_and_exit_1(capsys, monkeypatch):
    monkeypatch.setattr(workers, "play_batch", _killed)
    with pytest.raises(experiments.WorkerError, match="ended unexpectedly"):
        experiments.simulate(SHORT, games=2, jobs=2)
    with pytest.raises(SystemExit) as stopped:
        main(["simulate", "--rules", SHORT, "--games", "2", "--jobs", "2"])
    assert stopped.value.code == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith("landlord simulate: a process playing the games ended unexpectedly")
    assert "\n" not in err


def test_the_workers_start_method_is_explicit(monkeypatch):
    seen = []
    real = workers.ProcessPoolExecutor

    def pool(max_workers, mp_context=None):
        seen.append(mp_context.get_start_method())
        return real(max_workers=max_workers, mp_context=mp_context)

    monkeypatch.setattr(workers, "ProcessPoolExecutor", pool)
    experiments.simulate(SHORT, games=2, jobs=2)
    assert seen == [workers.START_METHOD]


@pytest.fixture
def monitor_threads(monkeypatch: pytest.MonkeyPatch) -> list[type]:
    """The tqdm classes that start a monitor thread (none running before: each bar would)."""
    import tqdm.std

    started: list[type] = []
    monkeypatch.setattr(tqdm.std.tqdm, "monitor", None)
    monkeypatch.setattr(tqdm.std, "TMonitor", lambda cls, _interval: started.append(cls))
    return started


class _Terminal(io.StringIO):
    """A stderr that says it is a terminal, so that the command line shows its bar."""

    def isatty(self) -> bool:
        return True


def test_the_progress_bars_start_no_thread(monitor_threads, monkeypatch):
    before = threading.active_count()
    with workers.progress_bar(True, 3) as progress:
        progress(1, 3)
        assert threading.active_count() == before
    monkeypatch.setattr(sys, "stderr", _Terminal())
    with terminal_bar(3) as progress:
        progress(1, 3)
        assert threading.active_count() == before
    assert monitor_threads == []


def test_the_workers_are_forked_from_one_thread_with_the_bar_on(monkeypatch):
    """Python 3.12 and later warn when a process with other threads forks (a DeprecationWarning
    that is dropped, not raised, when warnings are errors: so they are recorded here)."""
    import tqdm.std

    monkeypatch.setattr(tqdm.std.tqdm, "monitor", None)  # a bar with a monitor would start one
    forks = []
    real = workers.ProcessPoolExecutor

    def pool(max_workers, mp_context=None):
        forks.append((mp_context.get_start_method(), threading.active_count()))
        return real(max_workers=max_workers, mp_context=mp_context)

    monkeypatch.setattr(workers, "ProcessPoolExecutor", pool)
    before = threading.active_count()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = experiments.simulate(SHORT, games=4, jobs=2, progress=True)
    assert forks == [("fork", before)]  # no thread of the bar's when the workers start
    assert [str(w.message) for w in caught if "fork" in str(w.message)] == []
    assert len(result.games) == 4


@pytest.mark.parametrize("method", ["fork", "forkserver", "spawn"])
def test_the_figures_are_the_same_whatever_starts_the_workers(method):
    import pandas.testing

    rules = [SHORT, "single_tax[round_limit=3]"]
    here = experiments.compare(rules, games=6, seed=7)
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context(method)) as pool:
        there = experiments.compare(rules, games=6, seed=7, jobs=2, executor=pool)
    for table in ("games", "per_round", "per_player", "summary"):
        pandas.testing.assert_frame_equal(getattr(here, table), getattr(there, table))
    assert here.table() == there.table()


# --- The library's own checks ----------------------------------------------------


def test_play_names_a_bad_rules_argument():
    with pytest.raises(TypeError, match="rules: expected a rule set id"):
        landlord.play(None)


def test_play_checks_the_number_of_players_before_making_bots(monkeypatch):
    import landlord.session

    def no_bots(count):
        raise AssertionError(f"made {count} bots")

    monkeypatch.setattr(landlord.session, "default_players", no_bots)
    with pytest.raises(ValueError, match="players: The Landlord's Game is for 2 to 4 players"):
        landlord.play(players=10**6)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"games": 10**9}, "games is at most 1,000,000"),
        ({"jobs": 1000}, "jobs is at most 64"),
        ({"players": 10**6}, "players is at most 64"),
        ({"rules": f"landlords_game[wages={2**63}]"}, "option wages: at most"),
    ],
)
def test_experiments_refuse_beyond_their_limits(arguments, message):
    with pytest.raises(ValueError, match=message):
        experiments.simulate(**{"rules": SHORT, **arguments})


def test_the_cli_s_limit_on_a_saved_game_is_the_kit_s_and_the_docs_s():
    """The README said 64 MB and ``replay`` let 64 MiB through to a loader that refuses
    over 50 MB: one limit now, said once (in the researcher's guide since the README's
    detail moved to docs/)."""
    from landlord import limits

    assert cli.MAX_SAVED_GAME_BYTES == limits.GAME_BYTES == 50_000_000
    guide = Path(__file__).resolve().parents[1] / "docs" / "researcher.md"
    text = " ".join(guide.read_text(encoding="utf-8").split())
    assert "a saved game to replay at most 50 MB" in text
