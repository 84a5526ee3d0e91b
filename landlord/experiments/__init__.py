"""Experiments: play many games under several rule sets and compare how wealth ends up.

:func:`compare` plays the same games under each rule set: game k of every
rule set uses the same session seed, and since a session draws the deal, the
dice, the Chance cards and Speculation from separate streams, and the dice of
each turn by the turn's number, game k sees the same throws and cards whatever
the rules do with them. The difference between
two rule sets is then measured game by game (a paired comparison), which
needs far fewer games than comparing two unrelated samples.

A rule set is named by a *spec*: its id (or the path of a rule-set file),
optionally with options, either as ``(id, {option: value})`` or as text,
``"landlords_game[advanced=true,round_limit=40]"``. The text form is the
spec's label in the tables.

Everything is reached from here; the code is in rooms of its own:

- :mod:`.specs`: rule specs and bot mixes, read and checked;
- :mod:`.playing`: :func:`compare`, :func:`simulate` and :func:`sweep`, and a long run
  played in blocks (``stream_to``);
- :mod:`.workers`: where the games are played (here, worker processes, an executor);
- :mod:`.comparison`: :class:`Comparison`, what the games come to; :mod:`.columns` and
  :mod:`.sums` make its tables and summary, :mod:`.summary_table` its text;
- :mod:`.results` and :mod:`.loading`: results files written and read back
  (:func:`load_results`);
- :mod:`.words`: the rule sets and their options in words, for the apps.

A tuning such as ``STREAM_BLOCK`` or ``START_METHOD`` is read where it is used
(:mod:`.playing`, :mod:`.workers`): set it there, not here, to change what a run does.

Examples
--------
>>> from landlord.experiments import compare
>>> result = compare(["landlords_game", "landlords_game[advanced=true]"], games=3, seed=1)
>>> list(result.summary.index)
['landlords_game', 'landlords_game[advanced=true]']
>>> result.summary["games"].tolist()
[3, 3]
"""

from __future__ import annotations

from landlord.experiments.columns import AT_ROUND, ENDED_BEFORE
from landlord.experiments.comparison import Comparison
from landlord.experiments.loading import load_results
from landlord.experiments.playing import (
    DEFAULT_RULES,
    MAX_GAMES,
    MAX_JOBS,
    MAX_SEATS,
    STREAM_BLOCK,
    compare,
    game_seeds,
    simulate,
    sweep,
)
from landlord.experiments.results import results_files
from landlord.experiments.specs import (
    MAX_AT_ROUND,
    MAX_OPTION_NUMBER,
    SEAT_PARAMETERS,
    Spec,
    bot_mix,
    check_at_round,
    check_option_values,
    option_value,
    parse_spec,
    spec_label,
    split_specs,
)
from landlord.experiments.summary_table import GINI_ABOVE_ONE
from landlord.experiments.sums import LEVEL
from landlord.experiments.words import option_words, rule_set_names
from landlord.experiments.workers import (
    BATCH,
    COMPILED_BATCH,
    COMPILED_STEP,
    START_METHOD,
    WorkerError,
)

__all__ = [
    "AT_ROUND",
    "BATCH",
    "COMPILED_BATCH",
    "COMPILED_STEP",
    "DEFAULT_RULES",
    "ENDED_BEFORE",
    "GINI_ABOVE_ONE",
    "LEVEL",
    "MAX_AT_ROUND",
    "MAX_GAMES",
    "MAX_JOBS",
    "MAX_OPTION_NUMBER",
    "MAX_SEATS",
    "SEAT_PARAMETERS",
    "START_METHOD",
    "STREAM_BLOCK",
    "Comparison",
    "Spec",
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
