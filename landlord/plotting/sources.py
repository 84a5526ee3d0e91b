"""The figures of one game, read from whatever holds them: a game, a Session, a
GameRecord or one of its tables. Nothing here draws (or imports matplotlib).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from landlord.metrics import gini


def _game_of(source: Any) -> Any | None:
    """The live game behind a source (a game, a Session, a GameRecord), or None."""
    if hasattr(source, "round_net_worths") and hasattr(source, "n_players"):
        return source
    game = getattr(source, "game", None)
    if hasattr(game, "round_net_worths") and hasattr(game, "n_players"):
        return game
    return None


def _currency_of(source: Any) -> str:
    """How the money of a source's rule set is written ("$" when it does not say)."""
    game = _game_of(source)
    rules = getattr(game, "rules", None)
    return getattr(getattr(rules, "info", None), "currency", "") or "$"


def _rules_id(source: Any) -> str | None:
    """The rule set id of a GameRecord, Session or game, if it says."""
    for holder in (source, getattr(source, "game", None)):
        rules = getattr(holder, "rules", None)
        if isinstance(rules, str):
            return rules
        if isinstance(getattr(rules, "id", None), str):
            return rules.id
    return None


def rule_switches(source: Any) -> list[tuple[int, str]]:
    """The rounds in which a game's rules changed, with what came in: ``[(round, words)]``.

    Magie's games may switch to the single tax while they are played (by a
    vote, at a round, or at a Gini level); the round is the one in which it
    came in, and a game that plays the single tax from the start has no
    switch. The family says it in its :meth:`~landlord.engine.family.Family.details`
    (``single_tax_since``, -1 when it never came in); a family that never
    switches rules says nothing, and neither does a bare table.

    Parameters
    ----------
    source : GameRecord, Session, game, or pandas.DataFrame
        What :func:`~landlord.plotting.gini_curve` reads.

    Returns
    -------
    list of (int, str)
        The switches in order; empty when the rules never changed.

    Examples
    --------
    >>> from landlord.policies import make_policy
    >>> from landlord.session import Session
    >>> losers_vote = [make_policy("cautious_tenant", votes="when_losing"), "eager_landlord",
    ...                make_policy("eager_landlord", votes="when_losing")]
    >>> rule_switches(Session("landlords_game_vote", losers_vote, seed=3).run())
    [(16, 'single tax')]
    >>> rule_switches(Session("monopoly_us", ["strategy_guide"] * 2, seed=1))
    []
    """
    game = _game_of(source)
    if game is None:
        return []
    # The family's own figures, read by name: no family is asked for by name.
    since = game.family.details(game).get("single_tax_since", -1)
    if isinstance(since, int) and since > 0:
        return [(since, "single tax")]
    return []


def _gini_by_round(
    source: Any, which: Sequence[str], players: int | None
) -> tuple[np.ndarray, dict[str, np.ndarray], int | None]:
    """(rounds, {measure: Gini per round}, number of players or None) from any source."""
    game = _game_of(source)
    if game is not None:
        # The figures the per-round tables are made of, without building them:
        # [(round, cash of each player, net worth of each player), ...].
        table = game.round_net_worths
        if not table:  # nothing played yet
            return np.zeros(0), {m: np.zeros(0) for m in which}, game.n_players
        rounds = np.array([row[0] for row in table], dtype=float)
        figures = {
            "cash": np.array([row[1] for row in table], dtype=float),
            "net_worth": np.array([row[2] for row in table], dtype=float),
        }
        return rounds, {m: np.atleast_1d(gini(figures[m])) for m in which}, game.n_players
    columns = getattr(source, "columns", None)
    if columns is None:
        raise TypeError(
            "gini_curve needs a GameRecord, a Session, a game, or a table like "
            f"GameRecord.round_summary or GameRecord.rounds, not {type(source).__name__}"
        )
    if "round" in columns and all(f"gini_{m}" in columns for m in which):  # round_summary
        frame = source.sort_values("round")
        rounds = frame["round"].to_numpy(dtype=float)
        return rounds, {m: frame[f"gini_{m}"].to_numpy(dtype=float) for m in which}, players
    if {"round", "player", *which} <= set(columns):  # GameRecord.rounds
        frame = source.sort_values(["round", "player"])
        rounds = np.unique(frame["round"].to_numpy())
        n = int(frame["player"].nunique())
        values = {
            m: np.atleast_1d(gini(frame[m].to_numpy(dtype=float).reshape(len(rounds), n)))
            for m in which
        }
        return rounds.astype(float), values, n
    raise ValueError(
        f"the table has neither the columns round, {', '.join(f'gini_{m}' for m in which)} "
        f"(like GameRecord.round_summary) nor round, player, {', '.join(which)} "
        "(like GameRecord.rounds)"
    )


def _holdings_now(
    source: Any, house_cost: float | None
) -> tuple[list[str], dict[str, np.ndarray], np.ndarray, int]:
    """(names, {part: amount per player}, net worth per player, round) of the source.

    The columns are read by name, as the game's family names its per-round
    table; a family without ``houses`` or ``debts`` counts them as 0.
    """
    import pandas as pd

    from landlord.record import GameRecord

    game = _game_of(source)
    wanted = ("cash", "land_value", "houses", "debts", "net_worth")
    if isinstance(source, pd.DataFrame):  # GameRecord.rounds, or a table like it
        last = source["round"].max()
        now = source[source["round"] == last].sort_values("player")
        names = [str(name) for name in now["name"]] if "name" in now else []
        table = {c: now[c].to_numpy(dtype=float) for c in wanted if c in now}
        round_ = int(last)
    elif game is not None:
        columns = game.family.round_columns
        if isinstance(source, GameRecord) and game.round_rows:
            # A GameRecord: the last round of GameRecord.rounds, from the rows it
            # is made of (building the table would take longer than the drawing).
            rows = game.round_rows  # (round, player, *the family's columns)
            round_ = rows[-1][0]
            now = np.array([row[2:] for row in rows if row[0] == round_], dtype=float)
            names = list(source.names)
        else:  # a game being played: now
            now = np.array(game.holdings_table(), dtype=float)  # the columns, without round
            names = list(game.names)
            round_ = int(getattr(game, "round", 0))
        table = {c: now[:, columns.index(c)] for c in wanted if c in columns}
    else:
        raise TypeError(
            "wealth_bars needs a GameRecord, a Session, a game or a GameRecord.rounds table, "
            f"not {type(source).__name__}"
        )
    worth = table["net_worth"]
    nothing = np.zeros_like(worth)
    names = names or [f"player {seat + 1}" for seat in range(len(worth))]
    if house_cost is not None:
        houses = table.get("houses", nothing) * house_cost
    elif game is not None and not isinstance(source, pd.DataFrame):
        # The game counts them: house costs may differ by colour group.
        houses = np.array(game.buildings_worth(), dtype=float)
    else:
        houses = nothing
    loans = -table.get("debts", nothing)  # "debts": what he owes less what is owed to him
    parts = {"cash": table["cash"], "land": table["land_value"], "houses": houses, "loans": loans}
    parts["other"] = worth - parts["cash"] - parts["land"] - houses - loans
    return names, parts, worth, round_
