"""The figures an experiment keeps of each game, however the game was played.

:func:`landlord.experiments.compare` plays games by the reference engine or by a
family's batch path (:mod:`landlord.batch`); both hand each finished game's
figures to a :class:`Figures`, which keeps them as machine integers, game after
game, until the experiment turns them into its tables. It sits below the
families and the batch paths that fill it, and above the scorecard it reads.

Examples
--------
>>> from landlord.session import Session
>>> game = Session("landlords_game", ["eager_landlord"] * 3, seed=1).run()
>>> figures = Figures(at_round=5)
>>> figures.add(game)
>>> figures.players, len(figures.rows), figures.table("money_at").shape[0]
(3, 1, 1)
"""

from __future__ import annotations

from array import array
from typing import Any

import numpy as np

from landlord.engine.family import Figure
from landlord.engine.state import GameState
from landlord.metrics import gini, mean_gap
from landlord.scorecard import FLOWS, money_by_round, position_figures, treasury_sums

__all__ = ["Figures"]


class Figures:
    """What an experiment keeps of each game of one rule set: plain numbers, no tables.

    Per game: its row (length, end, the Treasury's takings and spending), the family's own
    figures, every player's net worth at every round's end, and its money (each player's
    cash and the sums of :data:`landlord.scorecard.FLOWS`) at its end and, when
    ``at_round`` is given, at the end of that round (or at its end, if it ended before);
    with ``every_round``, the money at every round's end too.
    """

    def __init__(self, at_round: int | None = None, every_round: bool = False) -> None:
        self.rows: list[tuple] = []
        #: Each game's own figures, as its family names them (Family.game_figures).
        self.family_figures: list[dict[str, Any]] = []
        #: What those figures are (the family's Family.figures).
        self.figure_kinds: tuple[Figure, ...] = ()
        # Machine integers, not Python ones: 100,000 games of 40 rounds fit in 130 MB.
        self.worth = array("q")  # net worth, per round and player, all games end to end
        self.lengths = array("q")  # rounds in each game's table (round 0 included)
        self.final_worth = array("q")
        self.final_money = array("q")  # per game: the money row at its end
        #: The round whose money is kept (``money_at``), or None.
        self.at_round = at_round
        self.money_at = array("q")
        #: Whether every round's money is kept (``money``), not only the end's.
        self.every_round = every_round
        self.money = array("q")
        self.players = 0
        #: Each player's starting cash.
        self.start = 0

    @property
    def width(self) -> int:
        """The numbers in a money row: each player's cash, then the scorecard's sums."""
        return self.players + len(FLOWS)

    def extend(self, other: Figures) -> None:
        """Keep the figures of another batch of games, after these."""
        self.rows += other.rows
        self.family_figures += other.family_figures
        self.figure_kinds = self.figure_kinds or other.figure_kinds
        self.worth += other.worth
        self.lengths += other.lengths
        self.final_worth += other.final_worth
        self.final_money += other.final_money
        self.money_at += other.money_at
        self.money += other.money
        self.players = other.players or self.players
        self.start = other.start or self.start

    def add(self, game: GameState) -> None:
        """Keep the figures of one finished game."""
        if not game.is_over:
            raise ValueError("compare seats only bots: every game must finish")
        rounds = game.round_net_worths
        worth = array("q")
        for _, _, row in rounds:
            worth.extend(row)
        family = game.family
        self.add_figures(
            game.n_players,
            game.round,
            game.turns_played,
            game.end_reason,
            worth,
            len(rounds),
            money_by_round(game),
            *treasury_sums(game),
            family.game_figures(game),
            family.figures,
            game.rules.starting_cash.get(game.n_players, 0),
        )

    def add_figures(
        self,
        players: int,
        rounds: int,
        turns: int,
        end_reason: str,
        worth: array,
        snapshots: int,
        money: np.ndarray,
        treasury_collected: int,
        treasury_spent: int,
        family_figures: dict[str, Any],
        figure_kinds: tuple[Figure, ...],
        start: int,
    ) -> None:
        """Keep one game's figures, however it was played (here, or by a batch path:
        :mod:`landlord.batch`): ``worth`` holds each player's net worth at each of the
        ``snapshots`` round ends, round 0 first, and ``money`` a row per round end as
        :func:`landlord.scorecard.money_by_round` gives them."""
        self.players = players
        self.start = start
        self.worth.extend(worth)
        self.lengths.append(snapshots)
        final_worth = worth[-players:]
        self.final_worth.extend(final_worth)
        self.final_money.extend(money[-1].tolist())
        if self.at_round is not None:
            self.money_at.extend(money[min(self.at_round, snapshots - 1)].tolist())
        if self.every_round:
            self.money.extend(money.ravel().tolist())
        self.rows.append(
            (
                rounds,
                turns,
                end_reason,
                sum(1 for value in final_worth if value <= 0),
                treasury_collected,
                treasury_spent,
            )
        )
        self.figure_kinds = figure_kinds
        self.family_figures.append(family_figures)

    def table(self, name: str) -> np.ndarray:
        """One of the per-game arrays as games x columns (``final_worth``, ``final_money``,
        ``money_at``): a view, not a copy."""
        width = self.players if name == "final_worth" else self.width
        return np.frombuffer(getattr(self, name), dtype=np.int64).reshape(-1, width)

    def worth_at(self, round_: int) -> np.ndarray:
        """Each game's net worths at the end of ``round_`` (at its end, if it ended before)."""
        lengths = np.frombuffer(self.lengths, dtype=np.int64)
        worth = np.frombuffer(self.worth, dtype=np.int64).reshape(-1, self.players)
        starts = np.concatenate(([0], np.cumsum(lengths)[:-1]))
        return worth[starts + np.minimum(round_, lengths - 1)]

    def round_figures(self) -> dict[str, np.ndarray]:
        """Every measure of a position (:data:`landlord.scorecard.AT_A_ROUND`) per game and
        round, each game carried on after its end, rounds up to the longest game: kept only
        with ``every_round``."""
        if not self.every_round:
            raise ValueError("the figures of every round were not kept (every_round=False)")
        lengths = np.frombuffer(self.lengths, dtype=np.int64)
        worth = np.frombuffer(self.worth, dtype=np.int64).reshape(-1, self.players)
        money = np.frombuffer(self.money, dtype=np.int64).reshape(-1, self.width)
        starts = np.concatenate(([0], np.cumsum(lengths)[:-1]))
        rounds = np.arange(lengths.max())
        index = starts[:, None] + np.minimum(rounds[None, :], lengths[:, None] - 1)
        figures = position_figures(worth, money, self.start)
        return {name: values[index] for name, values in figures.items()}

    def curves(self) -> tuple[np.ndarray, np.ndarray, dict[str, np.ndarray]]:
        """The Gini of net worth per game and round, each game carried on after its end,
        rounds up to the longest game; the number of rounds in each game's table; and the
        means over the games, round by round (each game carried on), of the other curves
        of net worth (``dollar_gap``, ``total_wealth``, ``poorest_net_worth``)."""
        lengths = np.frombuffer(self.lengths, dtype=np.int64)
        worth = np.frombuffer(self.worth, dtype=np.int64).astype(float)
        worth = worth.reshape(-1, self.players)
        starts = np.concatenate(([0], np.cumsum(lengths)[:-1]))
        rounds = np.arange(lengths.max())
        index = starts[:, None] + np.minimum(rounds[None, :], lengths[:, None] - 1)
        # The means without a games x rounds table each: a round's sum is that of the
        # games still running at it plus the last values of those over before it.
        within = np.arange(len(worth)) - np.repeat(starts, lengths)
        means = {}
        for name, values in (
            ("dollar_gap", mean_gap(worth)),
            ("total_wealth", worth.sum(axis=1)),
            ("poorest_net_worth", worth.min(axis=1)),
        ):
            running = np.bincount(within, weights=values, minlength=len(rounds))
            last = values[starts + lengths - 1]
            over = np.cumsum(np.bincount(lengths, weights=last, minlength=len(rounds) + 1))
            means[name] = (running + over[: len(rounds)]) / len(lengths)
        return gini(worth)[index], lengths, means
