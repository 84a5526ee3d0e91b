"""Playing the same seeded games by both engines and comparing every figure
(the tests of the batch paths, landlord.batch)."""

from __future__ import annotations

from typing import Any

from landlord import batch
from landlord.experiments import _Figures
from landlord.policies import make_policy
from landlord.session import Session


def both_ways(rules: Any, bots: list[str], seeds: list[int]) -> tuple[_Figures, _Figures]:
    """The figures of the same seeded games of ``rules`` (a loaded rule set) played by
    the reference engine and by the batch path."""
    seats = [make_policy(bot) for bot in bots]
    assert batch.engine_for(rules, seats) == (batch.COMPILED, "")
    # Every round's money kept, and the money of round 5 read as a common round.
    reference, compiled = _Figures(5, every_round=True), _Figures(5, every_round=True)
    for seed in seeds:
        reference.add(Session(rules, seats, seed=seed).run())
    batch.batch_module(rules).play(rules, seats, seeds, compiled)
    return reference, compiled


def assert_same_figures(reference: _Figures, compiled: _Figures, seeds: list[int]) -> None:
    """Every figure of every game the same, naming the first game that differs."""
    assert len(compiled.rows) == len(reference.rows) == len(seeds)
    for k, seed in enumerate(seeds):
        assert compiled.rows[k] == reference.rows[k], f"game {k} (seed {seed})"
        assert compiled.family_figures[k] == reference.family_figures[k], f"game {k} (seed {seed})"
    for name in ("worth", "lengths", "final_worth", "final_money", "money_at", "money"):
        assert getattr(compiled, name) == getattr(reference, name), name
    assert (compiled.players, compiled.figure_kinds) == (reference.players, reference.figure_kinds)
    assert compiled.start == reference.start
