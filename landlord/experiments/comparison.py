"""The outcome of an experiment: :class:`Comparison`, its tables per game, per round and
per seat, summed up per rule set with intervals and paired differences from the first.

:func:`~landlord.experiments.compare` plays the games and hands each rule set's figures
(:class:`landlord.figures.Figures`) to a ``Comparison``, which keeps them as whole
columns (:mod:`.columns`) and makes its tables of them when first asked for; a run
played in blocks makes one of its running sums instead (:mod:`landlord.running`), and
:func:`~landlord.experiments.load_results` one of saved tables. Its text table comes
from its base, :class:`~landlord.experiments.summary_table.SummaryTable`; :mod:`.results`
writes its files.
"""

from __future__ import annotations

import math
import os
from collections.abc import Mapping, Sequence
from functools import cached_property
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

import numpy as np

from landlord.experiments.columns import (
    AT_ROUND,
    COMPARED,
    ENDED_BEFORE,
    GAME_COLUMNS,
    MEANS,
    each_figure_once,
    figures_among,
    per_player_columns,
    rule_set_rows,
    what_was_played,
)
from landlord.experiments.results import plain, results_meta, save_results
from landlord.experiments.summary_table import SummaryTable
from landlord.experiments.sums import (
    LEVEL,
    add_interval,
    column_mean,
    mean_of_defined,
    percentile_of_defined,
)
from landlord.experiments.words import rule_set_names
from landlord.scorecard import AT_A_ROUND, position_figures

if TYPE_CHECKING:
    import pandas as pd

    from landlord.figures import Figures
    from landlord.running import RunningSummary

__all__ = ["Comparison"]


class Comparison(SummaryTable):
    """The outcome of :func:`~landlord.experiments.compare`: per game, per round, and
    summed up per rule set.

    Attributes
    ----------
    games : pandas.DataFrame
        One row per rule set and game: ``label``; what was played
        (``rules``, ``options``, the swept option's value in a column of its
        own name, ``players``, ``bots`` and ``landlord_version``, which every
        table here carries); ``game`` (0, 1, ...), ``seed``, ``rounds`` (the
        last round, complete or not), ``turns``, ``end_reason``,
        the scorecard's measures at the game's end (:data:`landlord.scorecard.MEASURES`:
        ``gini_net_worth``, ``gini_clipped``, ``richest_share``, ``gini_cash``,
        ``dollar_gap``, ``poorest_net_worth``, ``poorest_doubled``,
        ``total_wealth``, ``bank_money``, ``treasury_money``,
        ``land_rent_to_players``, ``land_rent_to_treasury`` and
        ``land_rent_share_to_players``; a figure is ``nan`` where debts make it
        undefined); with a common round (``at_round``), each of them again at
        the end of that round, ``gini_net_worth_at_round`` and so on, and
        ``ended_before_round`` (a game that ended before it counts there with
        its figures at its end); ``poor_house_players`` (players who went to
        the Poor House at least once), ``opportunity_players`` (players who went to a Natural
        Opportunity, the single tax's answer to the Poor House, at least
        once), ``bankrupt_players`` (net worth 0 or less at the end),
        ``treasury_collected`` and ``treasury_spent`` (paid into and out of
        the Public Treasury), ``final_wages``, ``public_works`` (how many
        were built), ``single_tax_since`` (the round the single tax came in,
        -1 never) and ``everyone_wins``.
    per_round : pandas.DataFrame
        ``label``, ``round`` (0 is after the deal), ``mean_gini_net_worth``,
        ``mean_dollar_gap``, ``mean_total_wealth`` and
        ``mean_poorest_net_worth`` over the games, and ``games_running``, the
        games still being played in that round. A game that has ended counts with its last value in
        every later round, up to the longest game of its rule set, so the
        curve is a mean over all games throughout.
    summary : pandas.DataFrame
        One row per rule set (index ``label``): ``games``; for each of the
        scorecard's measures (and, with a common round, each again at that
        round, ``..._at_round``), the mean over the games
        where it is defined with ``_low`` and ``_high`` ends of the 95%
        interval, ``_undefined`` (the games left out), and ``_difference``
        (with its interval), the mean of the game-by-game differences from
        the first rule set (NaN for the first);
        with a common round, ``ended_before_round``, the share of games that
        ended before it; the mean ``poor_house_players``, ``opportunity_players``,
        ``bankrupt_players``, ``treasury_collected``, ``treasury_spent`` and
        ``final_wages``; and ``everyone_wins_share``, the share of games
        that everyone won.

        The four tables are made when first read (so a command that prints only
        :meth:`table` never imports pandas).
    parameters : dict
        The rule specs (id, options, label, players, title, status, modern
        options), games, players, seed, level, ``landlord_version``,
        ``at_round`` (the common round, or None), and for a sweep ``sweep``
        (``parameter`` and ``values``).
    """

    def __init__(self, parameters: dict[str, Any], seeds: list[int], played: list) -> None:
        self.parameters = parameters
        self.labels: list[str] = [spec["label"] for spec in parameters["rules"]]
        at_round = parameters.get("at_round")
        #: Per rule set: (Gini of net worth by game and round, rounds in each game).
        self._curves: dict[str, tuple[np.ndarray, np.ndarray]] = {}
        #: Per rule set, when every round's money was kept: every measure per game and round.
        self._rounds: dict[str, dict[str, np.ndarray]] = {}
        #: The families' own figures, each a column of .games (missing where a family
        #: has no such figure).
        self._figures = each_figure_once(figures.figure_kinds for figures in played)
        #: Per table (games, per_round, per_player), each rule set's whole columns (numpy
        #: arrays): the tables are made of them when first asked for (pandas is not
        #: imported before then, so a command that prints the summary does without it).
        self._parts: dict[str, list[tuple[str, dict[str, Any], dict[str, Any]]]] = {
            "games": [],
            "per_round": [],
            "per_player": [],
        }
        described = what_was_played(parameters)
        seed_column = np.asarray(seeds, dtype=np.uint64)
        for spec, figures in zip(parameters["rules"], played, strict=True):
            label = spec["label"]
            curve, lengths, others = figures.curves()
            self._curves[label] = curve, lengths
            if figures.every_round:
                self._rounds[label] = figures.round_figures()
            games = self._game_columns(figures, seed_column, at_round)
            self._parts["games"].append((label, described[label], games))
            rounds = np.arange(curve.shape[1])
            by_round = {
                "round": rounds,
                # Games where it is undefined (debts as large as all holdings) are left
                # out of the round's mean.
                "mean_gini_net_worth": mean_of_defined(curve),
                **{f"mean_{k}": means for k, means in others.items()},
                "games_running": (lengths[None, :] > rounds[:, None]).sum(axis=1),
            }
            self._parts["per_round"].append((label, described[label], by_round))
            seats = per_player_columns(figures, spec["players"], seeds)
            self._parts["per_player"].append((label, described[label], seats))

    @cached_property
    def games(self) -> pd.DataFrame:
        return self._joined("games")

    @cached_property
    def per_round(self) -> pd.DataFrame:
        return self._joined("per_round")

    @cached_property
    def per_player(self) -> pd.DataFrame:
        return self._joined("per_player")

    @cached_property
    def summary(self) -> pd.DataFrame:
        import pandas as pd

        return pd.DataFrame(self._summary_rows).set_index("label")

    def _joined(self, table: str) -> pd.DataFrame:
        """One of the tables, made of each rule set's rows at once, then joined."""
        import pandas as pd

        frames = [rule_set_rows(*part) for part in self._parts[table]]
        return pd.concat(frames, ignore_index=True)

    @cached_property
    def _summary_rows(self) -> list[dict[str, Any]]:
        """The summary's rows, one per rule set (:attr:`summary`, without pandas)."""
        if "_parts" in vars(self):
            columns = {label: own for label, _, own in self._parts["games"]}
        else:  # the tables read from files
            columns = dict(list(self.games.groupby("label", sort=False)))
        return self._summarise(columns)

    @cached_property
    def _summary_columns(self) -> dict[str, np.ndarray]:
        """The summary's columns, each an array with one value per rule set, in the order
        of :attr:`labels`: what :meth:`table` reads."""
        rows = self._summary_rows
        names = dict.fromkeys(name for row in rows for name in row)
        return {name: np.array([row.get(name, math.nan) for row in rows]) for name in names}

    def _game_column(self, name: str) -> np.ndarray | None:
        """A column of :attr:`games`, every rule set's games; None where it has none."""
        if "_parts" not in vars(self):
            return self.games[name].to_numpy() if name in self.games.columns else None
        parts = [own[name] for _, _, own in self._parts["games"] if name in own]
        return np.concatenate([np.atleast_1d(part) for part in parts]) if parts else None

    def _game_columns(
        self, figures: Figures, seed_column: np.ndarray, at_round: int | None
    ) -> dict[str, Any]:
        """The columns of :attr:`games` for one rule set's games, after those that say
        what was played: whole columns, each made once."""
        games = len(seed_column)
        rows = dict(zip(GAME_COLUMNS, zip(*figures.rows, strict=True), strict=True))
        columns: dict[str, Any] = {"game": np.arange(games), "seed": seed_column}
        for name in GAME_COLUMNS:
            columns[name] = list(rows[name]) if name == "end_reason" else np.array(rows[name])
        final = figures.table("final_worth"), figures.table("final_money")
        columns.update(position_figures(*final, figures.start))
        for figure in self._figures:
            if figure in figures.figure_kinds:
                columns[figure.name] = [row[figure.name] for row in figures.family_figures]
            else:
                columns[figure.name] = np.full(games, np.nan)
        if at_round is not None:
            columns[ENDED_BEFORE] = columns["rounds"] < at_round
            worth = figures.worth_at(at_round)
            at = position_figures(worth, figures.table("money_at"), figures.start)
            columns.update((name + AT_ROUND, values) for name, values in at.items())
        return columns

    def _describe(self, frame: pd.DataFrame) -> pd.DataFrame:
        """``frame`` with the columns that say what was played, after ``label``.

        ``rules`` (id or path), ``options`` (as in a spec, ``""`` for none),
        the swept option's value in a column of its name (sweeps over an
        option), ``players`` (seats), ``bots`` (the mix of strategies, see
        :func:`~landlord.experiments.bot_mix`) and ``landlord_version``. A frame read from a file
        gets them again from the parameters, so they read the same.
        """
        described = what_was_played(self.parameters)
        keys = list(described[self.labels[0]])
        frame = frame.drop(columns=[key for key in keys if key in frame.columns])
        labels = frame["label"]
        for position, key in enumerate(keys, start=1):
            frame.insert(position, key, labels.map({k: row[key] for k, row in described.items()}))
        return frame

    def _described(self, row: dict[str, Any]) -> dict[str, Any]:
        """A summary row with the values that say what was played after its label, as
        :meth:`_describe` puts them in a table."""
        described = what_was_played(self.parameters)[row["label"]]
        rest = {key: value for key, value in row.items() if key not in described}
        return {"label": rest.pop("label"), **described, **rest}

    def _summarise(self, games: Mapping[str, Any]) -> list[dict[str, Any]]:
        """The summary's rows from each rule set's columns of :attr:`games` (``games``:
        label to a mapping of column name to values, a table's or whole arrays)."""
        described = what_was_played(self.parameters)
        first = games[self.labels[0]]
        # Not in results saved before the scorecard had it.
        compared = [column for column in self._compared if column in first]
        means = [(column, name, False) for column, name in MEANS]
        if ENDED_BEFORE in first:
            means.append((ENDED_BEFORE, ENDED_BEFORE, True))
        means += [
            (figure.name, figure.summary_column, True)
            for figure in self._figures
            if figure.summary_column
        ]
        baseline = {column: np.asarray(first[column], dtype=float) for column in compared}
        rows = []
        for label in self.labels:
            own = games[label]
            row: dict[str, Any] = {"label": label, **described[label], "games": len(own["game"])}
            differences = {}
            for column in compared:
                values = np.asarray(own[column], dtype=float)
                add_interval(row, column, values)
                row[f"{column}_undefined"] = int(np.isnan(values).sum())
                differences[column] = values - baseline[column]
            for column, difference in differences.items():
                if label == self.labels[0]:
                    difference = np.full_like(difference, np.nan)
                add_interval(row, f"{column}_difference", difference)
            for column, name, as_float in means:
                values = np.asarray(own[column])
                row[name] = column_mean(values.astype(float) if as_float else values)
            rows.append(row)
        return rows

    @property
    def at_round(self) -> int | None:
        """The common round the measures are also read at, or None (each game's end only)."""
        return self.parameters.get("at_round")

    @property
    def _compared(self) -> tuple[str, ...]:
        """The summary's compared columns: the measures at the end, then at the common round."""
        if self.at_round is None:
            return COMPARED
        return (*COMPARED, *(name + AT_ROUND for name in AT_A_ROUND))

    def to_json(self) -> dict[str, Any]:
        """Everything as plain JSON-ready values: parameters, summary, curves and games.

        Missing figures (the first rule set's difference) are ``None``.
        """
        if self.streamed:
            raise self._not_kept("to_json")
        curves = {
            label: {
                column: plain(frame[column].tolist())
                for column in frame.columns
                if column in ("round", "games_running") or column.startswith("mean_")
            }
            for label, frame in self.per_round.groupby("label", sort=False)
        }
        return {
            **results_meta(self.parameters),
            "summary": plain(self.summary.reset_index().to_dict(orient="records")),
            "per_round": curves,
            "games": plain(self.games.to_dict(orient="records")),
            "per_player": plain(self.per_player.to_dict(orient="records")),
        }

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write the results with their parameters; return the path written.

        ``NAME.json``: everything in one file (:meth:`to_json`). ``NAME.csv``:
        the per-game table, with ``NAME.per_round.csv``, ``NAME.per_player.csv``
        and ``NAME.meta.json`` (the parameters and the package version) beside
        it. ``NAME.parquet``: the same three tables as Parquet files (this
        needs pyarrow: ``pip install 'landlord-kit[parquet]'``), each carrying the
        parameters and version in its own metadata. :func:`~landlord.experiments.load_results`
        reads any of them back; :func:`~landlord.experiments.results_files` lists the files.

        The files are written atomically, as a set: each to a temporary file
        beside it, then all renamed, so an error or Ctrl-C leaves the old set
        whole. Existing files are replaced; the command line's ``--out``
        refuses to replace them without ``--force``.
        """
        if self.streamed:
            raise self._not_kept("save")
        return save_results(self, path)

    @classmethod
    def _from_tables(cls, parameters: dict[str, Any], games, per_round, per_player) -> Comparison:
        """A comparison from its saved tables (the summary is worked out again)."""
        comparison = cls.__new__(cls)
        comparison.parameters = parameters
        comparison.labels = [spec["label"] for spec in parameters["rules"]]
        comparison.games = comparison._describe(games)
        comparison.per_round = comparison._describe(per_round)
        comparison.per_player = comparison._describe(per_player)
        comparison._curves = {}
        comparison._rounds = {}
        comparison._figures = figures_among(games.columns)
        return comparison

    def _running_summary(self) -> RunningSummary:
        """Empty running sums for a run played in blocks, laid out as this summary is."""
        from landlord.running import RunningSummary

        return RunningSummary(
            self.labels,
            [column for column in self._compared if column in self.games.columns],
            MEANS,
            [ENDED_BEFORE] if ENDED_BEFORE in self.games.columns else [],
            [(f.name, f.summary_column) for f in self._figures if f.summary_column],
        )

    @classmethod
    def _from_running(
        cls, parameters: dict[str, Any], running: RunningSummary, curves: list[str]
    ) -> Comparison:
        """A comparison played in blocks, from its running sums: a summary and the mean
        curves, but no per-game tables (``games`` and ``per_player`` are None: they are
        in the files the run wrote, which :func:`~landlord.experiments.load_results` reads)."""
        import pandas as pd

        comparison = cls.__new__(cls)
        comparison.parameters = parameters
        comparison.labels = list(running.labels)
        comparison.games = comparison.per_player = None
        comparison._curves = {}
        comparison._rounds = {}
        comparison._figures = figures_among(
            [*running.compared, *(column for column, _ in running.figures)]
        )
        comparison._running = running
        comparison._summary_rows = [
            comparison._described(row) for row in running.summary_rows(LEVEL)
        ]
        frames = []
        for label in comparison.labels:
            games_running = running.running(label)
            frame = {"label": label, "round": np.arange(len(games_running))}
            for column in curves:
                frame[column] = running.curve(label, column)
            frame["games_running"] = games_running
            frames.append(pd.DataFrame(frame))
        comparison.per_round = comparison._describe(pd.concat(frames, ignore_index=True))
        return comparison

    @property
    def streamed(self) -> bool:
        """Whether the games were played in blocks and their tables went to files."""
        return getattr(self, "_running", None) is not None

    def _not_kept(self, what: str) -> ValueError:
        return ValueError(
            f"{what}: this run was played in blocks and kept no per-game tables here; "
            "load_results() reads them from the files it wrote"
        )

    @property
    def gini_curves(self) -> Mapping[str, tuple[np.ndarray, np.ndarray]]:
        """Each rule set's Gini of net worth, game by game and round by round, by label:
        (a games x rounds table, each game carried on after its end; each game's number
        of rounds). Empty for results loaded from a file, which keep the mean curve
        (:attr:`per_round`)."""
        return MappingProxyType(self._curves)

    @property
    def rounds_by_game(self) -> pd.DataFrame:
        """One row per rule set, game and round the game lasted: the Gini of net worth.

        Worked out when asked for (100,000 games of 35 rounds make 3.5
        million rows). Results loaded from a file do not have it: they keep
        the mean curve, :attr:`per_round`.
        """
        import pandas as pd

        if not self._curves:
            raise ValueError("results loaded from a file keep only the mean curve, per_round")
        seeds = dict(list(self.games.groupby("label", sort=False)["seed"]))
        frames = []
        for label, (curve, lengths) in self._curves.items():
            games, rounds = np.nonzero(np.arange(curve.shape[1])[None, :] < lengths[:, None])
            frames.append(
                pd.DataFrame(
                    {
                        "label": label,
                        "game": games,
                        "seed": seeds[label].to_numpy()[games],
                        "round": rounds,
                        "gini_net_worth": curve[games, rounds],
                    }
                )
            )
        return self._describe(pd.concat(frames, ignore_index=True))

    def fans(
        self, measure: str, percentiles: Sequence[float] = (5, 25, 50, 75, 95)
    ) -> pd.DataFrame:
        """The spread of a measure over the games, round by round: for fan charts.

        One row per rule set and round: ``label``, ``round``, a column per percentile
        (``p5``, ``p25``, ``p50``, ``p75``, ``p95``: the median and the 50% and 90%
        bands), ``mean`` and ``games_running`` (a game over counts with its end). The
        Gini of net worth is read from every comparison; the other measures of a
        position (:data:`landlord.scorecard.AT_A_ROUND`) need every round's money, which
        :func:`landlord.continuations` keeps. Games where a figure is
        undefined are left out of that round's spread.
        """
        import pandas as pd

        frames = []
        for label in self.labels:
            if label in self._rounds and measure in self._rounds[label]:
                table = self._rounds[label][measure].astype(float)
                lengths = self._curves[label][1]
            elif measure == "gini_net_worth" and label in self._curves:
                table, lengths = self._curves[label]
            else:
                raise ValueError(
                    f"no figures of {measure!r} by round here: the Gini of net worth is "
                    "kept by round, the other measures only for continued games"
                )
            rounds = np.arange(table.shape[1])
            defined = ~np.isnan(table)
            frame = {"label": label, "round": rounds}
            with np.errstate(all="ignore"):
                for q in percentiles:
                    frame[f"p{q:g}"] = percentile_of_defined(table, q, defined)
                frame["mean"] = mean_of_defined(table)
            frame["games_running"] = (lengths[None, :] > rounds[:, None]).sum(axis=1)
            frames.append(pd.DataFrame(frame))
        return pd.concat(frames, ignore_index=True)

    @property
    def names(self) -> dict[str, str]:
        """Each rule set's label in words: its title, then what sets it apart.

        >>> from landlord.experiments import compare
        >>> result = compare(["landlords_game", "single_tax[round_limit=40]"], games=2, seed=1)
        >>> result.names["single_tax[round_limit=40]"]
        "The Landlord's Game under the Single Tax (round limit 40)"
        """
        return rule_set_names(self.parameters)
