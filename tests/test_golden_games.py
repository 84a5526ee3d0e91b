"""Seeded games and saved games from before a change still play and load as they did.

``tests/golden.py`` fingerprints 46 seeded games over every shipped rule set,
its options, table sizes and named bots, and two seeded comparisons; the
stored fingerprints are the kit's games as they were when last taken. The
saved games in ``tests/data/saved_before_redesign/`` were written by the kit
before the engine was rebuilt around game families; each must still load,
replaying to the very ledger it was saved with.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from golden import CASES, COMPARISONS, GOLDEN, comparison_fingerprint, fingerprint

from landlord.record import load_game

SAVED = Path(__file__).resolve().parent / "data" / "saved_before_redesign"

_STORED = json.loads(GOLDEN.read_text(encoding="utf-8"))
_GAMES = [
    (rules, options, seats, seed) for rules, options, seats, seeds in CASES for seed in seeds
]


@pytest.mark.parametrize("index", range(len(_GAMES)), ids=lambda i: _STORED[i]["game"][:60])
def test_seeded_game_plays_as_before(index):
    assert fingerprint(*_GAMES[index]) == _STORED[index]


@pytest.mark.parametrize("index", range(len(COMPARISONS)))
def test_seeded_comparison_gives_the_same_results(index):
    assert comparison_fingerprint(*COMPARISONS[index]) == _STORED[len(_GAMES) + index]


@pytest.mark.parametrize("path", sorted(SAVED.glob("*.json")), ids=lambda p: p.stem)
def test_game_saved_before_the_redesign_still_loads(path):
    document = json.loads(path.read_text(encoding="utf-8"))
    record = load_game(path)  # replays the history and checks the saved ledger digest
    assert record.game.is_over
    assert list(record.game.ledger.balances) == document["result"]["balances"]
    assert record.n_turns == document["result"]["turns"]
