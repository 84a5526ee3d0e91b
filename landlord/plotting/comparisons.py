"""Many games: the figures of a :class:`landlord.experiments.Comparison`, per rule set.

Made on their own, these figures use ``layout="constrained"`` and
matplotlib's legend; they expect an empty ``ax``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import numpy as np

from landlord.metrics import mean_interval
from landlord.plotting.colours import INK, _label_colours
from landlord.plotting.style import (
    LINE,
    SMALL,
    TEXT,
    _ceiling,
    _fixed_ticks,
    _gini_ticks,
    _gini_top,
    _new_axes,
    _style,
    _title,
    _wrap,
)

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure


def _legend(ax: Axes, **where: Any) -> None:
    """matplotlib's legend of every labelled artist on ``ax``, in large type."""
    handles, labels = ax.get_legend_handles_labels()
    if handles:
        ax.legend(handles, labels, fontsize=SMALL, framealpha=0.9, **where)


def _named(names: Mapping[str, str] | None, label: str) -> str:
    """What a figure calls a rule set: its name if given, else its label."""
    return (names or {}).get(label, label)


def _names_of(comparison: Any, names: Mapping[str, str] | None) -> Mapping[str, str] | None:
    """The names given, or else the comparison's own (its rule sets' titles in words)."""
    if names is not None:
        return names
    try:
        return comparison.names
    except (AttributeError, KeyError, TypeError, ValueError):  # no parameters to name them by
        return None


def _players_of(comparison: Any) -> dict[str, int]:
    """The number of players of each rule set of a comparison."""
    parameters = comparison.parameters
    default = len(parameters.get("players", ()))
    return {
        spec["label"]: len(spec.get("players") or ()) or default for spec in parameters["rules"]
    }


def _kde(values: np.ndarray, grid: np.ndarray) -> np.ndarray:
    """A Gaussian kernel density of ``values`` on ``grid`` (Scott's bandwidth, a floor)."""
    spread = float(values.std(ddof=1)) if len(values) > 1 else 0.0
    width = max(1.06 * spread * len(values) ** -0.2, 0.01)
    z = (grid[:, None] - values[None, :]) / width
    return np.exp(-0.5 * z * z).sum(axis=1)


def gini_distributions(
    comparison: Any, ax: Axes | None = None, names: Mapping[str, str] | None = None
) -> Figure:
    """The final Gini of net worth of every game, one violin per rule set, means marked.

    Each rule set gets a violin (the spread of its games' final Gini
    coefficients), a dot per game, and a white diamond with its mean,
    written beside it; a dotted line marks the ``1 - 1/n`` ceiling.

    Parameters
    ----------
    comparison : Comparison
        What :func:`landlord.compare` returns, or results loaded with
        :func:`landlord.experiments.load_results`.
    ax : matplotlib.axes.Axes, optional
        Where to draw; a new Figure when not given.
    names : mapping, optional
        What to call each rule set (by label); by default the comparison's
        :attr:`~landlord.experiments.Comparison.names` (its title and options in
        words), or the labels themselves where it has none. ``{}``: the labels.

    Returns
    -------
    matplotlib.figure.Figure
        The figure drawn on. Every artist of a rule set has its label as gid.
    """
    games = comparison.games
    labels = list(comparison.labels)
    names = _names_of(comparison, names)
    colours = _label_colours(labels)
    players = _players_of(comparison)
    ax = _new_axes(ax, (max(6.0, 2.2 * len(labels) + 2.0), 5.2), layout="constrained")
    jitter = np.random.default_rng(0)  # the same dots every time
    for spot, label in enumerate(labels):
        values = games.loc[games["label"] == label, "gini_net_worth"].to_numpy(dtype=float)
        values = values[np.isfinite(values)]
        colour = colours[label]
        if len(values):
            low, high = float(values.min()), float(values.max())
            grid = np.linspace(low - 0.03, high + 0.03, 120)
            density = _kde(values, grid)
            half = 0.38 * density / density.max()
            ax.fill_betweenx(
                grid,
                spot - half,
                spot + half,
                color=colour,
                alpha=0.35,
                linewidth=2,
                edgecolor=colour,
                gid=label,
            )
            ax.scatter(
                spot + jitter.uniform(-0.12, 0.12, len(values)),
                values,
                s=14,
                color=colour,
                alpha=0.6,
                linewidths=0,
                zorder=2,
                gid=label,
            )
            mean = float(values.mean())
            ax.scatter(
                [spot],
                [mean],
                marker="D",
                s=110,
                color="white",
                edgecolors=INK,
                linewidths=2,
                zorder=3,
                gid=label,
                label="mean" if spot == 0 else None,
            )
            ax.text(
                spot + 0.42,
                mean,
                f"mean\n{mean:.2f}",
                va="center",
                ha="left",
                fontsize=SMALL,
                color=INK,
                gid=label,
            )
        n = players.get(label, 0)
        if n >= 2:
            ax.hlines(
                1 - 1 / n,
                spot - 0.45,
                spot + 0.45,
                linestyle=":",
                linewidth=2.5,
                color=INK,
                gid="gini-ceiling",
                label="1 - 1/n: one player holds everything" if spot == 0 else None,
            )
    ax.set_xticks(range(len(labels)), [_wrap(_named(names, label)) for label in labels])
    ax.set_xlim(-0.6, len(labels) - 0.4 + 0.35)
    top = _gini_top(games["gini_net_worth"])  # debts can push a Gini past 1
    ax.set_ylim(0, top)
    _gini_ticks(ax, top)
    _style(ax)
    ax.set_ylabel("final Gini of net worth", fontsize=TEXT)
    counts = sorted({int((games["label"] == label).sum()) for label in labels})
    each = f"{counts[0]} games each" if len(counts) == 1 else "games"
    _title(ax, f"How unequal the games ended ({each})")
    _legend(ax, loc="upper right")
    return ax.figure


def _curves_by_round(table: pd.DataFrame | None, label: str) -> np.ndarray | None:
    """Gini of net worth, games x rounds, from ``Comparison.rounds_by_game``; a game
    that has ended is held at its last value, as in ``Comparison.per_round``."""
    if table is None:
        return None
    rows = table[table["label"] == label]
    if rows.empty:
        return None
    game = rows["game"].to_numpy()
    round_ = rows["round"].to_numpy()
    codes, game = np.unique(game, return_inverse=True)
    rounds = int(round_.max()) + 1
    values = np.full((len(codes), rounds), np.nan)
    values[game, round_] = rows["gini_net_worth"].to_numpy(dtype=float)
    lasts = np.zeros(len(codes), dtype=int)
    np.maximum.at(lasts, game, round_)
    held = np.minimum(np.arange(rounds)[None, :], lasts[:, None])
    return values[np.arange(len(codes))[:, None], held]


def mean_gini_by_round(
    comparison: Any, ax: Axes | None = None, names: Mapping[str, str] | None = None
) -> Figure:
    """The mean Gini of net worth round by round, per rule set, with its 95% band.

    A game that has ended counts with its last value in the later rounds,
    as in ``comparison.per_round``. The band is the 95% interval of the
    mean (Student's t, :func:`landlord.metrics.mean_interval`) from the
    games' own curves (``comparison.rounds_by_game``). Results loaded from a
    file keep only the mean curve; it is drawn without a band.

    Parameters
    ----------
    comparison : Comparison
        What :func:`landlord.compare` returns, or results loaded with
        :func:`landlord.experiments.load_results`.
    ax : matplotlib.axes.Axes, optional
        Where to draw; a new Figure when not given.
    names : mapping, optional
        What to call each rule set (by label); by default the comparison's
        :attr:`~landlord.experiments.Comparison.names` (its title and options in
        words), or the labels themselves where it has none. ``{}``: the labels.

    Returns
    -------
    matplotlib.figure.Figure
        The figure drawn on. Each rule set's mean line and band (a
        ``PolyCollection``) have its label as gid.
    """
    labels = list(comparison.labels)
    names = _names_of(comparison, names)
    colours = _label_colours(labels)
    ax = _new_axes(ax, (8.0, 5.0), layout="constrained")
    longest = 1.0
    banded = True
    try:
        table = comparison.rounds_by_game
    except ValueError:  # loaded from a file: only the mean curve is kept
        table = None
    for label in labels:
        colour = colours[label]
        curves = _curves_by_round(table, label)
        if curves is not None:
            rounds = np.arange(curves.shape[1], dtype=float)
            if curves.shape[0] > 1:
                mean, low, high = mean_interval(curves, axis=0)
                ax.fill_between(
                    rounds, low, high, color=colour, alpha=0.25, linewidth=0, gid=label
                )
            else:
                mean = curves[0]
        else:
            banded = False
            frame = comparison.per_round[comparison.per_round["label"] == label]
            frame = frame.sort_values("round")
            rounds = frame["round"].to_numpy(dtype=float)
            mean = frame["mean_gini_net_worth"].to_numpy(dtype=float)
        ax.plot(rounds, mean, linewidth=LINE, color=colour, label=_named(names, label), gid=label)
        if len(rounds):
            longest = max(longest, float(rounds[-1]))
    numbers = set(_players_of(comparison).values())
    if len(numbers) == 1 and (n := numbers.pop()) >= 2:
        _ceiling(ax, n)
    ax.set_xlim(0, longest)
    top = _gini_top(*(line.get_ydata() for line in ax.get_lines()))
    ax.set_ylim(0, top)
    _gini_ticks(ax, top)
    _style(ax)
    ax.set_xlabel("round (a game that has ended counts with its last value)", fontsize=TEXT)
    ax.set_ylabel("mean Gini of net worth", fontsize=TEXT)
    games = comparison.parameters.get("games")
    band = "shaded: 95% interval of the mean" if banded else "no interval: loaded from a file"
    _title(ax, f"Round by round, over {games} games ({band})")
    _legend(ax, loc="upper left")
    return ax.figure


def game_lengths(
    comparison: Any, ax: Axes | None = None, names: Mapping[str, str] | None = None
) -> Figure:
    """How many rounds the games lasted: one histogram per rule set, means marked.

    Parameters
    ----------
    comparison : Comparison
        What :func:`landlord.compare` returns, or results loaded with
        :func:`landlord.experiments.load_results`.
    ax : matplotlib.axes.Axes, optional
        Where to draw; a new Figure when not given.
    names : mapping, optional
        What to call each rule set (by label); by default the comparison's
        :attr:`~landlord.experiments.Comparison.names` (its title and options in
        words), or the labels themselves where it has none. ``{}``: the labels.

    Returns
    -------
    matplotlib.figure.Figure
        The figure drawn on. Each rule set's histogram (filled and outlined)
        and mean line have its label as gid.
    """
    games = comparison.games
    labels = list(comparison.labels)
    names = _names_of(comparison, names)
    colours = _label_colours(labels)
    ax = _new_axes(ax, (8.0, 5.0), layout="constrained")
    lengths = {
        label: games.loc[games["label"] == label, "rounds"].to_numpy(dtype=float)
        for label in labels
    }
    every = np.concatenate(list(lengths.values())) if lengths else np.zeros(0)
    every = every[np.isfinite(every)]
    low, high = (float(every.min()), float(every.max())) if len(every) else (0.0, 1.0)
    step = max(1.0, math.ceil((high - low + 1) / 40))  # at most about 40 bins
    edges = np.arange(low - 0.5, high + step + 0.5, step)
    tallest = 1.0
    for label in labels:
        values = lengths[label]
        values = values[np.isfinite(values)]
        colour = colours[label]
        if not len(values):
            continue
        counts, _ = np.histogram(values, bins=edges)
        tallest = max(tallest, float(counts.max()))
        ax.stairs(counts, edges, fill=True, color=colour, alpha=0.3, gid=label)
        mean = float(values.mean())
        ax.stairs(
            counts,
            edges,
            color=colour,
            linewidth=LINE - 0.5,
            gid=label,
            label=f"{_named(names, label)}: mean {mean:.1f} rounds",
        )
        ax.axvline(mean, color=colour, linestyle="--", linewidth=LINE - 0.5, gid=label)
    ax.set_xlim(edges[0] - step, edges[-1] + step)
    ax.set_ylim(0, tallest * (1.15 + 0.1 * len(labels)))  # room for the legend
    _fixed_ticks(ax, "x", math.ceil(edges[0]), math.floor(edges[-1]), "{:g}", most=10)
    _fixed_ticks(ax, "y", 0, tallest, "{:g}", most=6)
    _style(ax)
    ax.set_xlabel("rounds played", fontsize=TEXT)
    ax.set_ylabel("games", fontsize=TEXT)
    _title(ax, "How long the games lasted (dashed: the mean)")
    _legend(ax, loc="upper right")
    return ax.figure
