"""The batch path draws a session's chance streams by compiled code (landlord.batch.streams),
and every number is the one the session's own numpy Generator hands out: the deal, the
Chance pack and the turn-keyed dice tables, for small seeds, seeds of several 32-bit
words, and every purpose a game uses. And the compiled games' helpers are compiled once
each, whatever constants they are passed (landlord.batch.kernel)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from numba import njit

from landlord.batch import chance_draws, turn_draws
from landlord.batch.kernel import helper
from landlord.session import ChanceStream, TurnStream

PURPOSES = ["deal", "dice", "speculation", "chance_card", "layout", "bots"]
#: Seeds of one, two, three and five 32-bit words, and the edges between them.
SEEDS = [0, 1, 7, 21, 2**31, 2**32 - 1, 2**32, 2**40 + 5, 2**63 + 9, 2**64 - 1, 2**64, 2**130 + 1]


def by_numpy(seed: int, purpose: str, count: int) -> np.ndarray:
    return ChanceStream(np.random.SeedSequence(seed), purpose).generator.random(count)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("purpose", PURPOSES)
def test_the_compiled_streams_draw_what_numpy_draws(seed, purpose):
    assert np.array_equal(chance_draws(seed, purpose, 700), by_numpy(seed, purpose, 700))


@pytest.mark.parametrize("seed", [0, 5, 2**33 + 3])
def test_a_turn_table_is_the_sessions_row_for_row(seed):
    table = turn_draws(seed, "dice", TurnStream.TURNS + 1)  # a block and a turn: two blocks
    expected = TurnStream(np.random.SeedSequence(seed), "dice", None).generator.random(
        (2 * TurnStream.TURNS, TurnStream.WIDTH + 1)
    )
    assert table.shape == expected.shape
    assert np.array_equal(table, expected)


def test_numpy_integer_seeds_draw_as_python_ints_do():
    assert np.array_equal(chance_draws(np.int64(12), "deal", 9), by_numpy(12, "deal", 9))


def test_a_seed_numpy_refuses_is_refused_in_numpys_words():
    with pytest.raises(ValueError, match="negative"):
        chance_draws(-1, "deal", 3)


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**96), purpose=st.text(min_size=1, max_size=12),
       count=st.integers(0, 40))  # fmt: skip
def test_any_seed_and_purpose_draw_what_numpy_draws(seed, purpose, count):
    assert np.array_equal(chance_draws(seed, purpose, count), by_numpy(seed, purpose, count))


# --- how the compiled games are compiled (landlord.batch.kernel) ----------------------


def _twice(x, k):
    return x[0] * k


TWICE = helper(_twice)


def _caller(x):
    # Alone, each constant would be typed Literal[int](2), Literal[int](3): a version each.
    return TWICE(x, 2) + TWICE(x, 3) + TWICE(x, x[0])


def test_a_helper_is_compiled_once_whatever_constants_it_is_passed():
    assert njit(_caller)(np.array([5], np.int64)) == 10 + 15 + 25
    assert len(TWICE.signatures) == 1


def test_a_numpy_whose_streams_differ_draws_itself(monkeypatch):
    from landlord import batch
    from landlord.batch import streams

    batch.compiled_streams.cache_clear()
    monkeypatch.setattr(streams, "draw", lambda seed, purpose, count: np.zeros(count))
    try:
        assert not batch.compiled_streams()
        assert np.array_equal(chance_draws(3, "deal", 50), by_numpy(3, "deal", 50))
    finally:
        batch.compiled_streams.cache_clear()
    monkeypatch.undo()
    assert batch.compiled_streams()
