"""Seeded games and saved games from before a change still play and load as they did.

``tests/golden.py`` fingerprints 51 seeded games over every shipped rule set,
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
from golden import (
    CASES,
    COMPARISONS,
    GOLDEN,
    OLDER,
    comparison_fingerprint,
    fingerprint,
    older_readings,
)

from landlord.record import load_game

SAVED = Path(__file__).resolve().parent / "data" / "saved_before_redesign"

_STORED = json.loads(GOLDEN.read_text(encoding="utf-8"))
_GAMES = [
    (rules, options, seats, seed) for rules, options, seats, seeds in CASES for seed in seeds
]


@pytest.mark.parametrize("index", range(len(_GAMES)), ids=lambda i: _STORED[i]["game"][:60])
def test_seeded_game_plays_as_before(index):
    assert fingerprint(*_GAMES[index]) == _STORED[index]


_OLDER = json.loads(OLDER.read_text(encoding="utf-8"))
_MAGIE = ("landlords_game", "single_tax", "prosperity")
_OLDER_GAMES = [game for game in _GAMES if game[0] in _MAGIE]


@pytest.mark.parametrize("index", range(len(_OLDER)), ids=lambda i: _OLDER[i]["game"][:60])
def test_older_readings_still_play_magies_games_as_they_were(index):
    """The vote open and the Treasury spending everything: the games from before
    issue 16 changed those defaults, payment for payment."""
    rules, options, seats, seed = _OLDER_GAMES[index]
    again = fingerprint(rules, older_readings(rules, options), seats, seed)
    stored = _OLDER[index]
    assert stored["game"].startswith(f"{rules}{json.dumps(options, sort_keys=True)} ")
    assert {k: v for k, v in again.items() if k != "game"} == {
        k: v for k, v in stored.items() if k != "game"
    }


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
