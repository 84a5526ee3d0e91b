"""Playing the same seeded games by both engines and comparing every figure
(the tests of the batch paths, landlord.batch)."""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from landlord import batch
from landlord.figures import Figures
from landlord.policies import make_policy
from landlord.session import Session


def both_ways(rules: Any, bots: list[str], seeds: list[int]) -> tuple[Figures, Figures]:
    """The figures of the same seeded games of ``rules`` (a loaded rule set) played by
    the reference engine and by the batch path."""
    seats = [make_policy(bot) for bot in bots]
    assert batch.engine_for(rules, seats) == (batch.COMPILED, "")
    # Every round's money kept, and the money of round 5 read as a common round.
    reference, compiled = Figures(5, every_round=True), Figures(5, every_round=True)
    for seed in seeds:
        reference.add(Session(rules, seats, seed=seed).run())
    batch.batch_module(rules).play(rules, seats, seeds, compiled)
    return reference, compiled


def assert_same_figures(reference: Figures, compiled: Figures, seeds: list[int]) -> None:
    """Every figure of every game the same, naming the first game that differs."""
    assert len(compiled.rows) == len(reference.rows) == len(seeds)
    for k, seed in enumerate(seeds):
        assert compiled.rows[k] == reference.rows[k], f"game {k} (seed {seed})"
        assert compiled.family_figures[k] == reference.family_figures[k], f"game {k} (seed {seed})"
    for name in ("worth", "lengths", "final_worth", "final_money", "money_at", "money"):
        assert getattr(compiled, name) == getattr(reference, name), name
    assert (compiled.players, compiled.figure_kinds) == (reference.players, reference.figure_kinds)
    assert compiled.start == reference.start


# --- Golden figures: the batch path against a file --------------------------------------

#: Where the reference engine's figures of each fixed block of seeds are kept, a file per
#: family: one line per game, so that a change of the rules shows as a diff to review.
GOLDEN_DIR = Path(__file__).resolve().parent / "data" / "batch_figures"
#: Games of each block the reference engine plays again on every run, to check that the
#: file still holds what it plays (the batch path plays them all, against the file).
SAMPLE = 25
#: Set to write the files anew from the reference engine (it plays every game then):
#: ``LANDLORD_WRITE_GOLDEN=1 .venv/bin/python -m pytest -p no:xdist tests/test_batch_*.py``.
WRITE = "LANDLORD_WRITE_GOLDEN"


def fingerprints(figures: Figures, seeds: list[int]) -> list[str]:
    """One line per game: what a reviewer reads (rounds, turns, the end, the net worths at
    the end, the family's figures), then a digest of every other figure kept of it (net
    worths and money at every round's end, the money at the common round)."""
    n, width = figures.players, figures.width
    worth = np.frombuffer(figures.worth, dtype=np.int64)
    money = np.frombuffer(figures.money, dtype=np.int64)
    money_at = np.frombuffer(figures.money_at, dtype=np.int64)
    lines, at = [], 0
    for k, (seed, row) in enumerate(zip(seeds, figures.rows, strict=True)):
        length = figures.lengths[k]
        digest = hashlib.sha256()
        digest.update(worth[at * n : (at + length) * n].tobytes())
        if figures.every_round:
            digest.update(money[at * width : (at + length) * width].tobytes())
        if figures.at_round is not None:
            digest.update(money_at[k * width : (k + 1) * width].tobytes())
        digest.update(repr((row[3:], figures.final_money[k * width : (k + 1) * width])).encode())
        at += length
        final = list(figures.final_worth[k * n : (k + 1) * n])
        own = " ".join(f"{key}={value}" for key, value in figures.family_figures[k].items())
        lines.append(
            f"{seed} | {row[0]} rounds, {row[1]} turns | {row[2]} | worth {final} | {own} "
            f"| {digest.hexdigest()[:16]}"
        )
    return lines


def golden_ways(
    family: str,
    case: str,
    rules: Any,
    seats: list[Any],
    seeds: list[int],
    make: Callable[[], Figures] = Figures,
    sample: int = SAMPLE,
) -> tuple[Figures, Figures, Any]:
    """The batch path's figures of every seed checked against the family's golden file
    (under ``case``: what is played, in words), and the reference engine's figures of the
    first ``sample`` seeds checked against it too.

    Returns (reference figures of the sample, compiled figures of all, what the batch
    path's ``play`` returned: the games it handed back, where it says).
    """
    seats = [make_policy(seat) if isinstance(seat, str) else seat for seat in seats]
    assert batch.engine_for(rules, seats) == (batch.COMPILED, "")
    key = f"{case}, {len(seeds)} games from seed {seeds[0]}"
    writing = bool(os.environ.get(WRITE))
    reference = make()
    for seed in seeds if writing else seeds[:sample]:
        reference.add(Session(rules, seats, seed=seed).run())
    compiled = make()
    returned = batch.batch_module(rules).play(rules, seats, seeds, compiled)
    path = GOLDEN_DIR / f"{family}.json"
    kept = json.loads(path.read_text("utf-8")) if path.exists() else {}
    if writing:
        kept[key] = fingerprints(reference, seeds)
        GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(kept, indent=0, sort_keys=True) + "\n", "utf-8")
    assert key in kept, f"no golden figures for {key!r} in {path.name}: {WRITE}=1 writes them"
    golden = kept[key]
    assert len(golden) == len(seeds), key
    played = fingerprints(reference, seeds[: len(reference.rows)])
    for k, line in enumerate(played):
        assert line == golden[k], (
            f"game {k} of {key}: the reference engine no longer plays what {path.name} "
            f"holds ({WRITE}=1 writes it anew, for review):\n  now  {line}\n  file {golden[k]}"
        )
    for k, line in enumerate(fingerprints(compiled, seeds)):
        assert line == golden[k], (
            f"game {k} of {key}:\n  batch path: {line}\n  file:       {golden[k]}"
        )
    return reference, compiled, returned
