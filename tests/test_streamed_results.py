"""Issue 33: a long run streams its games to the results files and keeps running sums.

A run played in blocks (``stream_to``) must tell a researcher what the same run
kept whole tells: the same summary (up to the last digits of floating point),
the same curves, the same table, and files that load into the same games. A
failure while it plays leaves the old files as they were.
"""

from __future__ import annotations

import itertools
import math

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from landlord import experiments
from landlord.cli import main
from landlord.experiments import playing
from landlord.figures import Figures
from landlord.metrics import mean_interval
from landlord.rules import load_rules
from landlord.running import interval, moments, pooled
from landlord.session import Session

#: Two rule sets of different families, short enough to play many games quickly.
PAIR = ["landlords_game[round_limit=25]", "monopoly_us[round_limit=25]"]


def play_in_blocks_of(monkeypatch: pytest.MonkeyPatch, games: int) -> None:
    """Streamed runs play blocks of ``games`` games: where they are played, and where the
    command line reads the size of a block (the package)."""
    monkeypatch.setattr(playing, "STREAM_BLOCK", games)
    monkeypatch.setattr(experiments, "STREAM_BLOCK", games)


def same_summary(whole: pd.DataFrame, streamed: pd.DataFrame) -> None:
    assert list(whole.columns) == list(streamed.columns)
    assert list(whole.index) == list(streamed.index)
    for column in whole.columns:
        if whole[column].dtype.kind in "fiub":
            np.testing.assert_allclose(
                whole[column].astype(float),
                streamed[column].astype(float),
                rtol=1e-9,
                atol=1e-9,
                err_msg=column,
            )
        else:
            assert whole[column].tolist() == streamed[column].tolist(), column


@pytest.fixture
def small_blocks(monkeypatch):
    """Blocks of 7 games, so that a few dozen games make several blocks and a last odd one."""
    play_in_blocks_of(monkeypatch, 7)


@pytest.mark.parametrize("suffix", [".csv", ".parquet"])
@pytest.mark.parametrize("at_round", [None, 12])
def test_a_run_in_blocks_says_what_the_whole_run_says(tmp_path, small_blocks, suffix, at_round):
    whole = experiments.compare(PAIR, games=30, seed=5, at_round=at_round)
    out = tmp_path / f"results{suffix}"
    streamed = experiments.compare(PAIR, games=30, seed=5, at_round=at_round, stream_to=out)
    assert streamed.streamed
    assert not whole.streamed
    same_summary(whole.summary, streamed.summary)
    pd.testing.assert_frame_equal(whole.per_round, streamed.per_round, check_dtype=False)
    assert streamed.table() == whole.table()
    assert streamed.table(words=True) == whole.table(words=True)
    # The files hold every game, rule set by rule set within each block, and load as the
    # files of the whole run do.
    loaded = experiments.load_results(out)
    (tmp_path / "whole").mkdir()
    kept = experiments.load_results(whole.save(tmp_path / "whole" / f"results{suffix}"))
    for table, keys in (("games", ["label", "game"]), ("per_player", ["label", "game", "seat"])):
        got, want = (
            getattr(result, table).sort_values(keys, kind="stable").reset_index(drop=True)
            for result in (loaded, kept)
        )
        pd.testing.assert_frame_equal(got, want, check_dtype=False)
    same_summary(whole.summary, loaded.summary)
    assert loaded.table() == whole.table()
    assert sorted(path.name for path in tmp_path.iterdir() if path.is_file()) == sorted(
        path.name for path in experiments.results_files(out)
    )


def test_a_run_in_blocks_to_no_file_keeps_no_tables_and_says_so(small_blocks):
    streamed = experiments.simulate("landlords_game[round_limit=10]", games=20, stream_to=True)
    whole = experiments.simulate("landlords_game[round_limit=10]", games=20)
    assert streamed.table() == whole.table()
    assert streamed.games is None
    assert streamed.per_player is None
    for ask in (streamed.to_json, lambda: streamed.save("again.csv")):
        with pytest.raises(ValueError, match=r"played in blocks .* load_results"):
            ask()


@pytest.mark.parametrize("where", ["results.json", "results.txt"])
def test_only_tables_are_streamed(tmp_path, where):
    with pytest.raises(ValueError, match=r"\.csv or \.parquet"):
        experiments.simulate(games=2, stream_to=tmp_path / where)
    assert list(tmp_path.iterdir()) == []


def test_a_failure_in_a_later_block_leaves_the_old_files(tmp_path, small_blocks, monkeypatch):
    out = tmp_path / "results.csv"
    experiments.simulate("landlords_game[round_limit=5]", games=3, stream_to=out)
    old = {path.name: path.read_bytes() for path in tmp_path.iterdir()}
    real = experiments.Comparison.__init__
    blocks = []

    def third_block_fails(self, parameters, seeds, played):
        blocks.append(len(seeds))
        if len(blocks) == 3:
            raise OSError(28, "No space left on device")
        real(self, parameters, seeds, played)

    monkeypatch.setattr(experiments.Comparison, "__init__", third_block_fails)
    with pytest.raises(OSError, match="No space"):
        experiments.simulate("landlords_game[round_limit=5]", games=30, stream_to=out)
    assert blocks == [7, 7, 7]
    assert {path.name: path.read_bytes() for path in tmp_path.iterdir()} == old


def test_the_command_line_streams_a_long_run_to_its_out_files(tmp_path, capsys, monkeypatch):
    play_in_blocks_of(monkeypatch, 6)
    out = tmp_path / "long.csv"
    argv = ["simulate", "--rules", "landlords_game[round_limit=8]", "--games", "20"]
    assert main([*argv, "--out", str(out)]) == 0
    table = capsys.readouterr().out
    assert "20 games each" in table
    loaded = experiments.load_results(out)
    assert sorted(loaded.games["game"]) == list(range(20))
    assert loaded.table() == table.rstrip("\n")
    # The same run kept whole (--json) has the same games.
    assert main([*argv, "--json"]) == 0
    assert capsys.readouterr().out.count('"seed"') >= 20


def test_the_command_line_reports_a_disk_that_fills_while_streaming(tmp_path, capsys, monkeypatch):
    play_in_blocks_of(monkeypatch, 4)

    def full(*_args, **_kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("landlord.running.BlockWriter.append", full)
    out = tmp_path / "long.csv"
    argv = ["simulate", "--rules", "landlords_game[round_limit=4]", "--games", "9"]
    with pytest.raises(SystemExit) as stopped:
        main([*argv, "--out", str(out)])
    assert stopped.value.code == 1
    err = capsys.readouterr().err.strip()
    assert (
        err
        == f"landlord simulate: cannot write {out}: No space left on device; nothing was replaced"
    )
    assert list(tmp_path.iterdir()) == []


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.one_of(st.floats(-1e6, 1e6, allow_nan=False), st.just(math.nan)),
        min_size=1,
        max_size=60,
    ),
    st.lists(st.integers(0, 60), max_size=6),
)
def test_blocks_pool_to_the_whole_columns_mean_and_interval(values, cuts):
    values = np.array(values)
    edges = sorted({0, len(values), *(min(cut, len(values)) for cut in cuts)})
    blocks = [moments(values[a:b]) for a, b in itertools.pairwise(edges)]
    found = interval(pooled([block for block in blocks if block is not None]), 0.95)
    defined = values[~np.isnan(values)]
    if not len(defined):
        assert all(math.isnan(x) for x in found)
        return
    expected = mean_interval(defined)
    scale = 1 + float(np.abs(defined).max())
    for got, want in zip(found, expected, strict=True):
        if math.isnan(want):
            assert math.isnan(got)
        else:
            assert got == pytest.approx(want, rel=1e-7, abs=1e-7 * scale)


def test_a_long_sweep_streams_too(tmp_path, capsys, monkeypatch):
    play_in_blocks_of(monkeypatch, 5)
    out = tmp_path / "sweep.csv"
    argv = ["sweep", "--rules", "landlords_game[round_limit=6]", "--param", "wages=50,100"]
    assert main([*argv, "--games", "12", "--out", str(out)]) == 0
    table = capsys.readouterr().out
    whole = experiments.sweep("landlords_game[round_limit=6]", "wages", [50, 100], games=12)
    assert table.rstrip("\n") == whole.table()
    loaded = experiments.load_results(out)
    assert len(loaded.games) == 24
    assert loaded.parameters["sweep"] == {"parameter": "wages", "values": [50, 100]}


def test_the_mean_curves_carry_each_game_on_after_its_end():
    """per_round's means of the dollar gap, the total and the poorest player, round by
    round, are the plain means of a games x rounds table in which a game over counts with
    its last figures (worked out here the long way)."""
    from landlord.metrics import mean_gap

    figures = Figures()
    rules = load_rules("landlords_game")
    seats = playing.seat_bots(["eager_landlord", "cautious_tenant", "random"])
    for seed in experiments.game_seeds(3, 30):
        figures.add(Session(rules, seats, seed=seed).run())
    _, lengths, means = figures.curves()
    assert len(set(lengths.tolist())) > 5  # games of many lengths
    worth = np.frombuffer(figures.worth, dtype=np.int64).astype(float).reshape(-1, 3)
    starts = np.concatenate(([0], np.cumsum(lengths)[:-1]))
    rounds = np.arange(lengths.max())
    index = starts[:, None] + np.minimum(rounds[None, :], lengths[:, None] - 1)
    for name, values in (
        ("dollar_gap", mean_gap(worth)),
        ("total_wealth", worth.sum(axis=1)),
        ("poorest_net_worth", worth.min(axis=1)),
    ):
        np.testing.assert_allclose(means[name], values[index].mean(axis=0), rtol=1e-12)
