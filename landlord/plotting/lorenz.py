"""The Lorenz curve of a list of holdings: the share of all wealth the poorest ``k``
of ``n`` players hold, against ``k / n``.

:func:`lorenz_curve` adds to what is already on ``ax``, so that two calls
overlay two tables (or two moments of one game).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import numpy as np

from landlord.metrics import gini, lorenz
from landlord.plotting.colours import INK, rules_colour
from landlord.plotting.findings import lorenz_shares
from landlord.plotting.style import (
    LINE,
    SMALL,
    TEXT,
    _axis_room,
    _keep_on_figure,
    _new_axes,
    _style,
    _title,
)

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

#: The Lorenz curve's axes, in words.
_LORENZ_AXES = ("share of players, poorest first", "share of all wealth")


def lorenz_curve(
    wealth: Any, ax: Axes | None = None, label: str | None = None, *, color: str | None = None
) -> Figure:
    """The Lorenz curve of a list of holdings, with the line of equality.

    The curve joins the shares of the total held by the poorest ``k`` of
    ``n`` players, ``k = 0..n`` (:func:`landlord.metrics.lorenz`); the more
    it sags below the diagonal, the more unequal the holdings. The legend
    gives the Gini coefficient (:func:`landlord.metrics.gini`), twice the
    shaded area, and the title what the richest player and the poorest half
    hold ("The richest player holds 60% of the total, the poorest half 10%").
    Called again on the same ``ax``, it adds another curve.
    Drawn into a figure whose margins leave its axis labels too little room
    (a small chart of an app), it moves the axes' left and bottom edges in
    rather than cut them off.

    Parameters
    ----------
    wealth : array_like
        One figure per player, for example ``record.standings["net_worth"]``.
    ax : matplotlib.axes.Axes, optional
        Where to draw; a new Figure when not given.
    label : str, optional
        The curve's name in the legend; it also picks the colour
        (:func:`rules_colour`).
    color : str, optional
        A colour instead.

    Returns
    -------
    matplotlib.figure.Figure
        The figure drawn on. The curve is a line with gid ``"lorenz"``, the
        diagonal a line with gid ``"equality"``.

    Examples
    --------
    >>> figure = lorenz_curve([100, 300, 0, 600], label="round 20")
    >>> line = [line for line in figure.axes[0].get_lines() if line.get_gid() == "lorenz"][0]
    >>> line.get_ydata().tolist(), line.get_label()
    ([0.0, 0.0, 0.1, 0.4, 1.0], 'round 20 (Gini 0.50)')
    >>> print(figure.axes[0].get_title(loc="left"))
    The richest player holds 60% of
    the total, the poorest half 10%
    """
    values = np.asarray(wealth, dtype=float)
    if values.ndim != 1:
        raise ValueError(
            f"lorenz_curve draws one list of holdings, not an array of {values.shape}"
        )
    population, holdings = lorenz(values)
    coefficient = gini(values)
    ax = _new_axes(ax, (5.6, 5.6), {"left": 0.16, "right": 0.96, "bottom": 0.13, "top": 0.92})
    fresh = not any(line.get_gid() == "equality" for line in ax.get_lines())
    if fresh:
        ax.plot(
            [0, 1],
            [0, 1],
            linestyle="--",
            linewidth=2,
            color=INK,
            gid="equality",
            label="line of equality",
        )
    if color is None:
        drawn = sum(line.get_gid() == "lorenz" for line in ax.get_lines())
        color = rules_colour(label) if label else ("#0072B2", "#D55E00", "#009E73")[drawn % 3]
    gini_text = "Gini undefined" if math.isnan(coefficient) else f"Gini {coefficient:.2f}"
    ax.plot(
        population,
        holdings,
        marker="o",
        markersize=7,
        linewidth=LINE,
        color=color,
        label=f"{label} ({gini_text})" if label else gini_text,
        gid="lorenz",
    )
    ax.fill_between(population, holdings, population, color=color, alpha=0.15, linewidth=0)
    bottom = 0.0
    for line in ax.get_lines():
        if line.get_gid() == "lorenz":
            data = np.asarray(line.get_ydata(), dtype=float)
            bottom = min(bottom, float(np.nanmin(data, initial=0.0)))  # debts dip below 0
    ax.set_xlim(0, 1)
    ax.set_ylim(bottom - (0.05 if bottom < 0 else 0.0), 1.0)
    ticks, shares = [0, 0.25, 0.5, 0.75, 1], ["0", "25%", "50%", "75%", "100%"]
    ax.set_xticks(ticks, shares)
    ax.set_yticks(ticks, shares)
    _title(ax, _lorenz_title(ax, values))
    if fresh:
        _style(ax, grid="both")
        ax.set_xlabel(_LORENZ_AXES[0], fontsize=TEXT)
        ax.set_ylabel(_LORENZ_AXES[1], fontsize=TEXT)
        # "100%" ends at the axes' right edge rather than reach past it.
        ax.get_xticklabels()[-1].set_horizontalalignment("right")
        _keep_on_figure(
            ax,
            left=_axis_room(ax, "y", shares, _LORENZ_AXES[1]),
            bottom=_axis_room(ax, "x", shares, _LORENZ_AXES[0]),
        )
    handles = [line for line in ax.get_lines() if line.get_gid() in ("equality", "lorenz")]
    ax.legend(handles=handles, loc="upper left", fontsize=SMALL, framealpha=0.9)
    return ax.figure


def _lorenz_title(ax: Axes, values: np.ndarray) -> str:
    """What the Lorenz curves on ``ax`` show, in numbers: what the richest player and
    the poorest half hold (one curve, of ``values``), or the range of the richest
    player's share (several)."""
    curves = [line for line in ax.get_lines() if line.get_gid() == "lorenz"]
    if len(curves) == 1:
        return lorenz_shares(values) or "Lorenz curve"
    richest = [
        1.0 - float(line.get_ydata()[-2])
        for line in curves
        if len(line.get_ydata()) > 2 and np.isfinite(line.get_ydata()).all()
    ]
    if not richest:
        return "Lorenz curves"
    low, high = min(richest), max(richest)
    if f"{low:.0%}" == f"{high:.0%}":
        return f"Lorenz curves: the richest player holds {high:.0%} of the total in each"
    return f"Lorenz curves: the richest player holds from {low:.0%} to {high:.0%} of the total"
