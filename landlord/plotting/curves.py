"""One game's curves: the Gini coefficient round by round, and the Lorenz curve.

Both add to what is already on ``ax``, so that two calls overlay two games
(or two moments of one game).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from landlord.metrics import gini, lorenz
from landlord.plotting.colours import _MORE_COLOURS, INK, RULES_COLOURS, rules_colour
from landlord.plotting.key import _key
from landlord.plotting.sources import _gini_by_round, _rules_id, rule_switches
from landlord.plotting.style import (
    LINE,
    SMALL,
    TEXT,
    _axis_room,
    _box_size,
    _ceiling,
    _fixed_ticks,
    _gini_ticks,
    _gini_top,
    _keep_on_figure,
    _new_axes,
    _style,
    _text_width,
    _title,
)
from landlord.plotting.switches import (
    Box,
    _mark_switches,
    _place_switch_words,
    _switch_rounds,
)

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

# --- One game: the Gini coefficient round by round -----------------------------------


#: The measures :func:`gini_curve` draws: (line style, name in the key).
_MEASURES = {"net_worth": ("-", "net worth"), "cash": ("--", "cash")}
#: Colours of the two measures when the curves have neither label nor rule set.
_MEASURE_COLOURS = {"net_worth": "#0072B2", "cash": "#E69F00"}
#: Gids of the lines :func:`gini_curve` draws.
_GINI_GIDS = ("gini:net_worth", "gini:cash")
#: The y axis of :func:`gini_curve`, in words.
_GINI_AXIS = "Gini (0 = all equal)"


def gini_curve(
    source: Any,
    ax: Axes | None = None,
    label: str | None = None,
    which: Sequence[str] = ("net_worth", "cash"),
    *,
    color: str | None = None,
    players: int | None = None,
    switches: Sequence[tuple[int, str]] | None = None,
) -> Figure:
    """The Gini coefficient of net worth and of cash of one game, round by round.

    Net worth is drawn solid and cash dashed. The y axis runs from 0 (all
    equally rich) to 1, with a dotted line at ``1 - 1/n``, the most the
    coefficient reaches among ``n`` players (when one holds everything).
    Called again on the same ``ax`` with another ``label``, it adds the other
    game's curves in another colour: the Landlord's Game beside Prosperity.
    Called again with the same label, it gives that game's curves the new
    figures: a live chart can call it after every round. Where the game's
    rules changed while it was played (the single tax voted in), a
    dash-dotted line marks the round, with words beside it: "single tax /
    from round 16" (:func:`~landlord.plotting.sources.rule_switches`).

    Parameters
    ----------
    source : GameRecord, Session, game, or pandas.DataFrame
        A :class:`~landlord.record.GameRecord`, a running
        :class:`~landlord.session.Session` or its game (the rounds played so
        far), ``GameRecord.round_summary`` (columns ``round``,
        ``gini_net_worth``, ``gini_cash``), or ``GameRecord.rounds``.
    ax : matplotlib.axes.Axes, optional
        Where to draw; a new Figure when not given.
    label : str, optional
        The game's name in the key, for example its rule set. It also picks
        the colour (:func:`rules_colour`); without it the source's rule set
        does.
    which : sequence of {"net_worth", "cash"}
        The coefficients to draw.
    color : str, optional
        One colour for the curves instead.
    players : int, optional
        The number of players, for the ``1 - 1/n`` line, when ``source`` is a
        ``round_summary`` table (every other source knows it).
    switches : sequence of (int, str), optional
        The rounds in which the rules changed, and what came in:
        ``[(16, "single tax")]``. By default the source says
        (:func:`~landlord.plotting.sources.rule_switches`); a table says
        nothing, and ``[]`` draws none.

    Returns
    -------
    matplotlib.figure.Figure
        The figure drawn on. The curves are lines with gids
        ``"gini:net_worth"`` and ``"gini:cash"``, labelled ``"LABEL: net
        worth"`` and ``"LABEL: cash"`` (``"Gini of net worth"``, ... without
        a label); the ceiling is a line with gid ``"gini-ceiling"``. A rule
        switch is a vertical line with gid ``"rule-switch"`` at ``round -
        0.5`` (round ``r`` is played between the figures at ``r - 1`` and
        ``r``) and words with gid ``"rule-switch-words"``.

    Examples
    --------
    >>> import landlord
    >>> record = landlord.play("landlords_game", players=4, seed=1)
    >>> figure = gini_curve(record, label="Landlord's Game", which=["net_worth"])
    >>> lines = {line.get_gid(): line for line in figure.axes[0].get_lines()}
    >>> bool((lines["gini:net_worth"].get_ydata() == record.round_summary["gini_net_worth"]).all())
    True
    >>> float(lines["gini-ceiling"].get_ydata()[0])
    0.75
    >>> figure = gini_curve(record, switches=[(12, "single tax")])
    >>> [t.get_text() for t in figure.axes[0].texts if t.get_gid() == "rule-switch-words"]
    ['single tax\\nfrom round 12']
    """
    which = list(which)
    unknown = [m for m in which if m not in _MEASURES]
    if not which or unknown:
        raise ValueError(f"which: choose among {list(_MEASURES)}, not {unknown or which}")
    rounds, values, n = _gini_by_round(source, which, players)
    ax = _new_axes(ax, (8.0, 4.8), {"left": 0.09, "right": 0.97, "bottom": 0.12, "top": 0.92})
    fresh = not any(line.get_gid() in _GINI_GIDS for line in ax.get_lines())
    colour = _draw_curves(
        ax, rounds, values, n, source=source, label=label, which=which, color=color
    )
    if switches is None:
        switches = rule_switches(source)
    _mark_switches(ax, switches, label or "", colour if label else None)
    curves = _fit_gini_axes(ax, fresh)
    measures = {line.get_gid() for line in curves}
    both = measures == set(_GINI_GIDS)
    key_box = _gini_key(ax, curves, both)
    ceiling_boxes = _place_ceiling_words(ax, key_box[2] - key_box[0] - 4)  # key's width
    ceilings = [float(line.get_ydata()[0]) for line in _lines_with(ax, "gini-ceiling")]
    _place_switch_words(ax, [key_box, *ceiling_boxes], curves, ceilings)
    if both:
        _title(ax, "Gini coefficient by round")
    else:
        measure = next(iter(measures), "gini:net_worth").removeprefix("gini:")
        _title(ax, f"Gini of {_MEASURES[measure][1]} by round")
    return ax.figure


def _draw_curves(
    ax: Axes,
    rounds: np.ndarray,
    values: dict[str, np.ndarray],
    n: int | None,
    *,
    source: Any,
    label: str | None,
    which: list[str],
    color: str | None,
) -> str | None:
    """The curves of :func:`gini_curve` on ``ax``, after the ``1 - 1/n`` ceiling; their
    colour (None when each measure has its own).

    Drawn again with the same label (a live chart, round after round), the
    game's curves take the new figures, keeping their colour and place.
    """

    def name_of(measure: str) -> str:
        name = _MEASURES[measure][1]
        return f"{label}: {name}" if label else f"Gini of {name}"

    mine = {name_of(measure) for measure in _MEASURES}
    before = {
        line.get_label(): line
        for line in ax.get_lines()
        if line.get_gid() in _GINI_GIDS and line.get_label() in mine
    }
    for name, line in before.items():
        color = color or line.get_color()
        if name not in {name_of(measure) for measure in which}:
            line.remove()
    if color is None:
        color = _curve_colour(ax, label, _rules_id(source))
    if n is not None and n >= 2:
        _ceiling(ax, n)  # first, so that the last line on ax is the last curve drawn
    for measure in which:
        line = before.get(name_of(measure))
        if line is not None:
            line.set_data(rounds, values[measure])
            continue
        ax.plot(
            rounds,
            values[measure],
            linestyle=_MEASURES[measure][0],
            linewidth=LINE,
            color=color or _MEASURE_COLOURS[measure],
            label=name_of(measure),
            gid=f"gini:{measure}",
        )
    return color


def _fit_gini_axes(ax: Axes, fresh: bool) -> list[Any]:
    """Limits and ticks that fit every Gini curve on ``ax`` (and the style, on ``fresh``
    axes); the curves."""
    curves = [line for line in ax.get_lines() if line.get_gid() in _GINI_GIDS]
    last = 1.0
    for line in curves:
        x = np.asarray(line.get_xdata(), float)
        if len(x):
            last = max(last, float(x.max()))
    # A switch in the round being played stands past the last figures.
    last = max([last, *(x + 0.5 for x in _switch_rounds(ax))])
    top = _gini_top(*(line.get_ydata() for line in curves))  # debts can push it past 1
    ax.set_xlim(0, last)
    ax.set_ylim(0, top)
    _fixed_ticks(ax, "x", 0, last, "{:g}", most=6)
    _gini_ticks(ax, top)
    if fresh:
        _style(ax)
        ax.set_xlabel("round", fontsize=TEXT)
        ax.set_ylabel(_GINI_AXIS, fontsize=TEXT)
    ticks = [label.get_text() for label in ax.get_yticklabels()]
    _keep_on_figure(
        ax, left=_axis_room(ax, "y", ticks, _GINI_AXIS), bottom=_axis_room(ax, "x", ["0"], "round")
    )
    return curves


def _gini_key(ax: Axes, curves: list[Any], both: bool) -> Box:
    """The key, inside at the top left: a row per game, the line styles above (when
    ``both`` measures are drawn). Returns the box it covers, in points."""
    games: dict[str, dict[str, Any]] = {}  # name: the sample of its key entry
    others = []  # curves without a game's name
    for line in curves:
        game, colon, measure = line.get_label().rpartition(": ")
        if colon and measure in ("net worth", "cash"):
            sample = games.setdefault(game, {"color": line.get_color(), "linewidth": LINE})
            if sample.get("linestyle") != "-":  # solid, unless the game has cash alone
                sample["linestyle"] = line.get_linestyle()
        else:
            others.append(line)
    entries = [(sample, game) for game, sample in games.items()]
    entries += [
        (
            {"color": line.get_color(), "linestyle": line.get_linestyle(), "linewidth": LINE},
            line.get_label(),
        )
        for line in others
    ]
    title = "solid: net worth, dashed: cash" if both and games else None
    key_width, key_height = _key(ax, entries, 0.015, 0.985, title=title)
    width, height = _box_size(ax)
    left, top = 0.015 * width, 0.985 * height
    return (left - 4, top - key_height - 2, left + key_width, top + 2)


def _place_ceiling_words(ax: Axes, key_width: float) -> list[Box]:
    """The ceiling's words go under the line where the key leaves them no room.
    Returns the boxes they cover, in points (the limits must be set)."""
    words = [text for text in ax.texts if text.get_gid() == "gini-ceiling-label"]
    width, height = _box_size(ax)
    low, high = ax.get_ylim()
    boxes = []
    for text, line in zip(words, _lines_with(ax, "gini-ceiling"), strict=False):
        ceiling = float(line.get_ydata()[0])
        wide = _text_width(text.get_text())
        crowded = key_width + wide + 24 > width
        y = ceiling - 0.015 if crowded else ceiling + 0.015
        text.set_y(y)
        text.set_va("top" if crowded else "bottom")
        at = (y - low) / ((high - low) or 1.0) * height
        tall = 1.3 * SMALL
        low_edge = at - tall if crowded else at
        boxes.append((0.99 * width - wide, low_edge, 0.99 * width, low_edge + tall))
    return boxes


def _lines_with(ax: Axes, gid: str) -> list[Any]:
    """The lines on ``ax`` with the gid ``gid``, in the order they were drawn."""
    return [line for line in ax.get_lines() if line.get_gid() == gid]


def _curve_colour(ax: Axes, label: str | None, rules_id: str | None) -> str | None:
    """The colour of a game's curves: its label's, else its rule set's; one not on ``ax``.

    None when there is neither a label nor a rule set (each measure keeps its own).
    """
    if label is None and rules_id is None:
        return None
    colour = RULES_COLOURS.get(label or "") or RULES_COLOURS.get(rules_id or "")
    colour = colour or rules_colour(label or rules_id or "")
    used = {line.get_color() for line in ax.get_lines() if line.get_gid() in _GINI_GIDS}
    if colour in used:  # another game on these axes has it already
        free = [c for c in (*RULES_COLOURS.values(), *_MORE_COLOURS) if c not in used]
        colour = free[0] if free else colour
    return colour


# --- Lorenz curve -------------------------------------------------------------------

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
    shaded area. Called again on the same ``ax``, it adds another curve.
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
    if fresh:
        _style(ax, grid="both")
        ax.set_xlabel(_LORENZ_AXES[0], fontsize=TEXT)
        ax.set_ylabel(_LORENZ_AXES[1], fontsize=TEXT)
        _title(ax, "Lorenz curve")
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
