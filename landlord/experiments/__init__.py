"""Experiments: play many games under several rule sets and compare how wealth ends up.

The experiments' code sits in :mod:`landlord.experiments.comparison` while it is split
into modules of their own; every name it had is still reached from here.
"""

from __future__ import annotations

# Every name the module had is reached from here as before (__all__ lists the public API).
from landlord.experiments.comparison import (  # noqa: F401
    AT_ROUND,
    BATCH,
    COMPILED_BATCH,
    COMPILED_STEP,
    DEFAULT_RULES,
    ENDED_BEFORE,
    GINI_ABOVE_ONE,
    LEVEL,
    MAX_AT_ROUND,
    MAX_GAMES,
    MAX_JOBS,
    MAX_OPTION_NUMBER,
    MAX_SEATS,
    SEAT_PARAMETERS,
    START_METHOD,
    STREAM_BLOCK,
    Comparison,
    Spec,
    WorkerError,
    _history,
    _needs_pyarrow,
    _play_games,
    bot_mix,
    check_at_round,
    check_option_values,
    compare,
    game_seeds,
    load_results,
    option_value,
    option_words,
    parse_spec,
    results_files,
    rule_set_names,
    simulate,
    spec_label,
    split_specs,
    sweep,
)

__all__ = [
    "DEFAULT_RULES",
    "Comparison",
    "WorkerError",
    "bot_mix",
    "check_at_round",
    "check_option_values",
    "compare",
    "game_seeds",
    "load_results",
    "option_value",
    "option_words",
    "parse_spec",
    "results_files",
    "rule_set_names",
    "simulate",
    "spec_label",
    "split_specs",
    "sweep",
]
