"""The columns of an experiment's tables: their names, and each rule set's columns made
at once from the figures its games left (:class:`landlord.figures.Figures`).

:class:`~landlord.experiments.Comparison` keeps each rule set's whole columns (numpy
arrays) and makes its pandas tables of them only when first asked for.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import numpy as np

from landlord.engine.family import Figure
from landlord.experiments.specs import SEAT_PARAMETERS, spec_label
from landlord.experiments.words import repeating_run
from landlord.scorecard import MEASURES

if TYPE_CHECKING:
    import pandas as pd

    from landlord.figures import Figures

__all__ = [
    "AT_ROUND",
    "COMPARED",
    "ENDED_BEFORE",
    "GAME_COLUMNS",
    "MEANS",
    "each_figure_once",
    "figures_among",
    "per_player_columns",
    "rule_set_rows",
    "what_was_played",
]

#: The columns of a comparison's ``games`` that every game has before the scorecard's
#: measures; each family's own figures (``Family.figures``) follow those.
GAME_COLUMNS = (
    "rounds",
    "turns",
    "end_reason",
    "bankrupt_players",
    "treasury_collected",
    "treasury_spent",
)
#: The figures the summary gives with an interval, and with their paired difference
#: from the first rule set (each also with ``_undefined``: the games where it is not
#: defined, left out of its mean): the scorecard's measures.
COMPARED = tuple(measure.name for measure in MEASURES)
#: What a column read at the common round is called: ``gini_net_worth_at_round``.
AT_ROUND = "_at_round"
#: The column of a comparison's ``games`` that says a game ended before the common round.
ENDED_BEFORE = "ended_before_round"
#: The summary's plain means of some of :data:`GAME_COLUMNS`: (column of .games, column of
#: .summary).
MEANS = (
    ("bankrupt_players", "bankrupt_players"),
    ("treasury_collected", "treasury_collected"),
    ("treasury_spent", "treasury_spent"),
)


def each_figure_once(kinds: Iterable[tuple[Figure, ...]]) -> list[Figure]:
    """The families' figures, each once (by name), in the order they first come."""
    seen: dict[str, Figure] = {}
    for figures in kinds:
        for figure in figures:
            seen.setdefault(figure.name, figure)
    return list(seen.values())


def figures_among(columns: Iterable[str]) -> list[Figure]:
    """The figures of every family that are among ``columns`` (results read from a file)."""
    from landlord.families import families

    present = set(columns)
    kinds = each_figure_once(family.figures for family in families())
    return [figure for figure in kinds if figure.name in present]


def per_player_columns(
    figures: Figures, strategies: list[str], seeds: list[int]
) -> dict[str, Any]:
    """The columns of one row per game and seat: the strategy, final cash and net worth,
    and the rank."""
    n = figures.players
    worth = figures.table("final_worth")
    cash = figures.table("final_money")[:, :n]
    order = np.argsort(-worth, axis=1, kind="stable")  # richest first; ties by seat
    rank = np.empty_like(order)
    np.put_along_axis(rank, order, np.arange(1, n + 1)[None, :], axis=1)
    games = len(worth)
    return {
        "game": np.repeat(np.arange(games), n),
        "seed": np.repeat(np.asarray(seeds, dtype=np.uint64), n),
        "seat": np.tile(np.arange(n), games),
        "strategy": np.tile(np.asarray(strategies, dtype=object), games),
        "cash": cash.ravel(),
        "net_worth": worth.ravel(),
        "rank": rank.ravel(),
    }


def rule_set_rows(label: str, described: dict[str, Any], columns: dict[str, Any]) -> pd.DataFrame:
    """One rule set's rows of a table, made at once: ``label``, the values that say what
    was played (each the same in every row), then ``columns``; a column of ``columns``
    named as one of those gives way to it (as ``Comparison._describe`` drops it)."""
    import pandas as pd

    own = {name: values for name, values in columns.items() if name not in described}
    return pd.DataFrame({"label": label, **described, **own})


def what_was_played(parameters: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """For each rule spec's label, the values of the columns that say what was played."""
    sweep = parameters.get("sweep") or {}
    swept = sweep.get("parameter")
    described = {}
    for index, spec in enumerate(parameters["rules"]):
        bots = spec.get("players", parameters["players"])
        row: dict[str, Any] = {
            "rules": spec["rules"],
            "options": spec_label("", spec["options"])[1:-1],
        }
        if swept and swept not in SEAT_PARAMETERS:
            row[swept] = sweep["values"][index]
        row["players"] = len(bots)
        row["bots"] = "+".join(repeating_run(bots))
        row["landlord_version"] = parameters.get("landlord_version", "")
        described[spec["label"]] = row
    return described
