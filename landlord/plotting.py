"""Figures of one game and of a comparison, drawn with matplotlib for the notebooks and apps.

One game:

* :func:`gini_curve`: the Gini coefficient of net worth and of cash, round by round;
* :func:`wealth_bars`: each player's net worth now, split into cash, land, houses, ...;
* :func:`lorenz_curve`: the Lorenz curve of a list of holdings;
* :func:`cash_flow_graph`: who paid whom, and why (a :func:`landlord.flows.cash_flows` graph).

Many games (a :class:`landlord.experiments.Comparison`):

* :func:`gini_distributions`: the final Gini of net worth of every game, per rule set;
* :func:`mean_gini_by_round`: the mean Gini of net worth round by round, with a 95% band;
* :func:`game_lengths`: how many rounds the games lasted, per rule set.

**The convention.** Every drawing function takes its data and an optional
``ax`` (a :class:`matplotlib.axes.Axes`) to draw into, and returns the
:class:`matplotlib.figure.Figure` it drew on (``ax.figure`` when ``ax`` is
given). Without ``ax`` it makes a new Figure on an Agg canvas. Only the
object-oriented API is used, never ``pyplot``: nothing global is touched, so
the functions work in Voila kernels and in threads, and a notebook shows the
returned Figure as an image. :func:`gini_curve` and :func:`lorenz_curve` add
to what is already on ``ax``, so two calls with different labels overlay two
games; :func:`cash_flow_graph` and the comparison plots expect an empty
``ax`` (``ax.clear()`` it to draw again).

**Speed.** The game plots are redrawn on every click of a live app. They set
their own limits, ticks and margins (no autoscaling, no ``tight_layout``) and
draw their keys themselves rather than through matplotlib's legend, since on
the Agg canvas most of the time goes into laying out and drawing text. Called
again on the same axes, :func:`gini_curve` (with the same label) and
:func:`wealth_bars` (for the same players) move what they drew to the new
figures instead of drawing it anew, which takes about half the time: a live
chart should keep its Figure and call them again. The keys sit inside the
axes and :func:`cash_flow_graph` fits itself to the axes it is given, so the
figures also read in the small charts of an app. The comparison figures, made
on their own, use ``layout="constrained"``.

**Colours.** Players take the Okabe-Ito colours (:data:`PLAYER_COLOURS`,
from :mod:`landlord.palette`, the board's colours too),
which people with the common forms of colour blindness tell apart; the
groups of payments have fixed colours (:data:`GROUP_COLOURS`) and so do the
rule sets (:func:`rules_colour`). Text is at least 11 points and lines are
thick, for a projector.

Importing this module does not import matplotlib; drawing does.

Examples
--------
>>> import landlord
>>> from landlord.plotting import gini_curve, wealth_bars
>>> record = landlord.play("landlords_game", players=4, seed=1)
>>> figure = gini_curve(record, label="The Landlord's Game")
>>> for line in figure.axes[0].get_lines():
...     print(line.get_gid(), "|", line.get_label())
gini-ceiling | _ceiling
gini:net_worth | The Landlord's Game: net worth
gini:cash | The Landlord's Game: cash
>>> figure = wealth_bars(record)
>>> figure.savefig("/dev/null", format="png")  # or show it in a notebook
"""

from __future__ import annotations

import math
import textwrap
import zlib
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

import numpy as np

from landlord.flows import GROUPS
from landlord.metrics import gini, lorenz, mean_interval
from landlord.palette import PLAYER_COLOURS, player_colour

if TYPE_CHECKING:
    import networkx as nx
    import pandas as pd
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure
    from matplotlib.transforms import Transform

__all__ = [
    "GROUP_COLOURS",
    "PILE_COLOUR",
    "PLAYER_COLOURS",
    "RULES_COLOURS",
    "cash_flow_graph",
    "flow_layout",
    "game_lengths",
    "gini_curve",
    "gini_distributions",
    "lorenz_curve",
    "mean_gini_by_round",
    "player_colour",
    "rules_colour",
    "wealth_bars",
]

# --- Colours and sizes -------------------------------------------------------------

#: The colour of the piles of money (MISCELLANEOUS, the PUBLIC TREASURY, a bank).
PILE_COLOUR = "#BBBBBB"

#: A fixed colour for each group of payments of :data:`landlord.flows.GROUPS`
#: (read-only): the rents in warm colours, wages and public spending in
#: greens and blues. Okabe-Ito first, then three of Paul Tol's colour-blind-safe
#: "muted" colours (indigo, wine, olive), and greys for the starting cash and
#: anything else.
GROUP_COLOURS: Mapping[str, str] = MappingProxyType(
    {
        "land rent": "#D55E00",  # vermillion
        "house rent": "#E69F00",  # orange
        "fares": "#CC79A7",  # reddish purple
        "taxes and fines": "#0072B2",  # blue
        "wages": "#009E73",  # bluish green
        "purchases": "#332288",  # indigo
        "loans": "#882255",  # wine
        "chance and speculation": "#999933",  # olive
        "public spending": "#56B4E9",  # sky blue
        "starting cash": "#AAAAAA",  # light grey
        "other": "#666666",  # dark grey
    }
)
if tuple(GROUP_COLOURS) != GROUPS:  # pragma: no cover - a new group needs a colour here
    raise RuntimeError(f"GROUP_COLOURS must name the groups {GROUPS}, in that order")

#: The colour of each shipped rule set (read-only): the monopolist rules red,
#: the single tax blue, Prosperity green. Other labels: see :func:`rules_colour`.
RULES_COLOURS: Mapping[str, str] = MappingProxyType(
    {
        "landlords_game": "#D55E00",  # vermillion
        "single_tax": "#0072B2",  # blue
        "prosperity": "#009E73",  # bluish green
    }
)

#: Colours for rule-set labels without one of their own, picked by the label.
_MORE_COLOURS: tuple[str, ...] = (
    "#E69F00",
    "#56B4E9",
    "#CC79A7",
    "#000000",
    "#882255",
    "#999933",
    "#332288",
    "#44AA99",
)

#: Font sizes in points (11 at the least, for a projector) and the line width.
TEXT, SMALL, TITLE = 12, 11, 14
LINE = 3.0
#: A colour for text and reference lines.
INK = "#333333"
#: Yellow text is unreadable on white; it is written in INK instead.
_FAINT = "#F0E442"


def rules_colour(label: str) -> str:
    """A stable colour for a rule set's label: the same label, the same colour, always.

    The shipped rule sets have their own (:data:`RULES_COLOURS`). Any other
    label, such as a rule spec with options, takes one of eight more colours
    chosen from the text of the label (its CRC-32), so it does not change
    from one figure, run or machine to the next. Two such labels may share a
    colour; the comparison plots then give the later one a free colour.

    Examples
    --------
    >>> rules_colour("prosperity")
    '#009E73'
    >>> label = "landlords_game[land_value_tax=0.5]"
    >>> rules_colour(label) == rules_colour(label)
    True
    """
    colour = RULES_COLOURS.get(label)
    if colour is not None:
        return colour
    return _MORE_COLOURS[zlib.crc32(label.encode("utf-8")) % len(_MORE_COLOURS)]


def _label_colours(labels: Sequence[str]) -> dict[str, str]:
    """Every label's :func:`rules_colour`, with a free colour for any that repeats one."""
    colours: dict[str, str] = {}
    for label in labels:
        colour = rules_colour(label)
        if colour in colours.values():
            used = set(colours.values())
            free = [c for c in (*RULES_COLOURS.values(), *_MORE_COLOURS) if c not in used]
            colour = free[0] if free else colour
        colours[label] = colour
    return colours


def _tint(colour: str, amount: float) -> tuple[float, float, float]:
    """``colour`` mixed with white: 0 leaves it, 1 makes it white."""
    from matplotlib.colors import to_rgb

    red, green, blue = (c + (1.0 - c) * amount for c in to_rgb(colour))
    return red, green, blue


def _wrap(text: str, width: int = 14) -> str:
    r"""A long name on two or more lines, broken at spaces and after underscores;
    a rule spec breaks before its options.

    Examples
    --------
    >>> _wrap("eager_landlord 1", 10), _wrap("landlords_game[wages=150]")
    ('eager_\nlandlord 1', 'landlords_game\n[wages=150]')
    """
    if len(text) <= width:
        return text
    if "[" in text:
        head, _, options = text.partition("[")
        return head + "\n[" + options.replace(",", ",\n")
    # textwrap breaks after hyphens: let it take underscores for hyphens.
    marked = text.replace("-", "\x01").replace("_", "-")
    lines = textwrap.wrap(marked, width, break_long_words=False)
    return "\n".join(lines).replace("-", "_").replace("\x01", "-") or text


def _dollars(value: float, sign: bool = False) -> str:
    """``$1,502``, ``-$30``; with ``sign``, ``+$12`` too.

    Examples
    --------
    >>> _dollars(1502), _dollars(-30), _dollars(12, sign=True), _dollars(0, sign=True)
    ('$1,502', '-$30', '+$12', '$0')
    """
    if value < 0:
        return f"-${-value:,.0f}"
    return f"+${value:,.0f}" if sign and value > 0 else f"${value:,.0f}"


# --- Figures, axes, ticks and keys ------------------------------------------------------


def _new_axes(
    ax: Axes | None,
    size: tuple[float, float],
    margins: dict[str, float] | None = None,
    layout: str | None = None,
) -> Axes:
    """``ax`` itself, or the axes of a new Figure on an Agg canvas.

    A new Figure gets fixed ``margins`` (fast: nothing is measured at draw
    time) or, for the standalone comparison figures, a ``layout``.
    """
    if ax is not None:
        return ax
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    figure = Figure(figsize=size, layout=layout)
    FigureCanvasAgg(figure)
    if margins is not None:
        figure.subplots_adjust(**margins)
    return figure.add_subplot()


def _style(ax: Axes, grid: str | None = "y") -> None:
    """Large tick labels, no top and right frame, a light grid."""
    ax.tick_params(labelsize=SMALL, width=1.5, length=5)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    for side in ("left", "bottom"):
        ax.spines[side].set_linewidth(1.5)
    if grid:
        ax.grid(True, axis=grid, color="#DDDDDD", linewidth=1.0)
        ax.set_axisbelow(True)


def _title(ax: Axes, text: str, pad: float = 8.0) -> None:
    """A title at the top left. Its height is fixed (``y=1``), so that matplotlib
    does not measure everything on the axes to place it at every redraw."""
    ax.set_title(text, fontsize=TITLE, loc="left", y=1.0, pad=pad)


def _step(span: float, most: int) -> float:
    """A round step (1, 2, 5, 10, 20, 25, 50, ...) giving at most ``most`` ticks over ``span``."""
    scale = 1.0
    while True:
        for base in (1.0, 2.0, 2.5, 5.0) if scale >= 10 else (1.0, 2.0, 5.0):
            if span / (base * scale) <= most - 1:
                return base * scale
        scale *= 10.0


def _fixed_ticks(ax: Axes, axis: str, low: float, high: float, form: str, most: int) -> None:
    """Ticks at round numbers from ``low`` to ``high``, labelled once with ``form``.

    Fixed ticks and labels cost less than matplotlib's locators and
    formatters, which work them out again at every redraw.
    """
    step = _step(max(high - low, 1e-9), most)
    ticks = np.arange(math.ceil(low / step - 1e-9) * step, high + step * 1e-9, step)
    labels = [form.format(tick) for tick in ticks]
    set_ticks = ax.set_xticks if axis == "x" else ax.set_yticks
    set_ticks(ticks, labels, parse_math=False)


def _gini_top(*arrays: Any) -> float:
    """The top of a Gini axis: 1, or higher (in quarters) where debts push a Gini past 1."""
    top = 1.0
    for values in arrays:
        values = np.asarray(values, dtype=float)
        if values.size and np.isfinite(values).any():
            top = max(top, math.ceil(float(np.nanmax(values)) * 4) / 4)
    return top


def _gini_ticks(ax: Axes, top: float) -> None:
    """The y ticks of a Gini axis: 0, 0.25, ..., up to ``top``."""
    ticks = np.arange(0.0, top + 1e-9, 0.25)
    ax.set_yticks(ticks, [f"{tick:g}" for tick in ticks])


def _points(ax: Axes, x: float, y: float) -> Transform:
    """A transform from points, measured from ``(x, y)`` in axes fractions, to the screen."""
    from matplotlib.transforms import Affine2D, ScaledTranslation

    return (
        Affine2D().scale(1 / 72)
        + ax.figure.dpi_scale_trans
        + ScaledTranslation(x, y, ax.transAxes)
    )


def _text_width(text: str, size: float = SMALL, bold: bool = False) -> float:
    """About how wide ``text`` is in points (its longest line), without drawing it.

    Laying text out costs as much as drawing it; the keys need only a
    generous estimate (DejaVu Sans averages under 0.6 em a character).
    """
    longest = max((len(line) for line in text.split("\n")), default=0)
    return longest * size * (0.64 if bold else 0.6)


def _box_size(ax: Axes) -> tuple[float, float]:
    """The width and height of ``ax`` in points, as its figure now places it."""
    box = ax.get_position(original=True).transformed(ax.figure.transSubfigure)
    dpi = ax.get_figure(root=True).dpi
    return box.width / dpi * 72, box.height / dpi * 72


#: The height of a row of a key, in points.
_ROW = 1.65 * SMALL
#: The width of a key's sample, and the gap after it, in points.
_SAMPLE = (24.0, 6.0)


def _key_layout(
    entries: Sequence[tuple[dict[str, Any] | None, str]],
    title: str | None,
    width: float | None,
    columns: int,
) -> tuple[list[tuple[float, int]], float, float]:
    """Where the entries of a key go: ((left, row) of each, width, height), in points."""
    sample_width, gap = _SAMPLE
    spans = [
        (0.0 if sample is None else sample_width + gap) + _text_width(text) + 12.0
        for sample, text in entries
    ]
    places: list[tuple[float, int]] = []
    if width is not None:
        left, row = 0.0, 0
        for span in spans:
            if left > 0 and left + span > width:
                left, row = 0.0, row + 1
            places.append((left, row))
            left += span
    else:
        per_column = math.ceil(len(entries) / columns) if entries else 1
        column_width = max(spans, default=0.0)
        places = [
            (number // per_column * column_width, number % per_column)
            for number in range(len(entries))
        ]
    rows = (1 if title else 0) + max((row for _, row in places), default=-1) + 1
    extent = max(
        [left + span for (left, _), span in zip(places, spans, strict=True)]
        + [_text_width(title) if title else 0.0]
    )
    return places, extent, rows * _ROW


def _key(
    ax: Axes,
    entries: Sequence[tuple[dict[str, Any] | None, str]],
    x: float,
    y: float,
    *,
    title: str | None = None,
    width: float | None = None,
    columns: int = 1,
) -> tuple[float, float]:
    """A key (legend) drawn directly, on a white ground, which draws faster than
    matplotlib's legend.

    Each entry is ``(sample, text)``: the sample is the keyword arguments of a
    short line (with ``linestyle`` or ``linewidth``) or, with ``"hatch"`` or
    ``"facecolor"``, of a small box, or None for the words alone. The key's
    top left corner is at ``(x, y)`` in axes fractions; every size is in
    points. With ``width``, the
    entries run along a line and wrap at that width; otherwise they stand in
    ``columns`` columns. A key drawn before on ``ax`` is removed first; every
    artist of the key has gid ``"key"``.

    Returns
    -------
    (width, height)
        The size of the key in points.
    """
    from matplotlib.collections import LineCollection
    from matplotlib.patches import Rectangle

    for artist in [a for a in ax.get_children() if a.get_gid() == "key"]:
        artist.remove()
    where = _points(ax, x, y)
    common = {"transform": where, "clip_on": False, "gid": "key", "zorder": 6}
    places, extent, height = _key_layout(entries, title, width, columns)
    first = 1 if title else 0
    sample_width, gap = _SAMPLE
    ax.add_artist(
        Rectangle(
            (-4, -height - 2),
            extent + 4,
            height + 4,
            facecolor="white",
            alpha=0.85,
            edgecolor="none",
            **{**common, "zorder": 5},
        )
    )
    text_style = {"fontsize": SMALL, "color": INK, "va": "center", "ha": "left", **common}
    if title:
        ax.text(0, -0.5 * _ROW, title, **text_style)
    # The line samples go in one collection, not among the axes' lines, which
    # hold the data alone.
    segments, styles = [], []
    for (left, row), (sample, text) in zip(places, entries, strict=True):
        middle = -(first + row + 0.5) * _ROW
        if sample is None:  # words alone
            ax.text(left, middle, text, **text_style)
            continue
        if "hatch" in sample or "facecolor" in sample:
            box = Rectangle(
                (left, middle - 0.35 * _ROW), sample_width, 0.7 * _ROW, **common, **sample
            )
            ax.add_artist(box)
        else:
            segments.append([(left, middle), (left + sample_width, middle)])
            styles.append(sample)
        ax.text(left + sample_width + gap, middle, text, **text_style)
    if segments:
        ax.add_collection(
            LineCollection(
                segments,
                colors=[style.get("color", INK) for style in styles],
                linewidths=[style.get("linewidth", LINE) for style in styles],
                linestyles=[style.get("linestyle", "-") for style in styles],
                capstyle="butt",
                **common,
            ),
            autolim=False,
        )
    return extent, height


# --- One game: the Gini coefficient round by round -----------------------------------


def _game_of(source: Any) -> Any | None:
    """The live game behind a source (a game, a Session, a GameRecord), or None."""
    if hasattr(source, "round_net_worths") and hasattr(source, "n_players"):
        return source
    game = getattr(source, "game", None)
    if hasattr(game, "round_net_worths") and hasattr(game, "n_players"):
        return game
    return None


def _rules_id(source: Any) -> str | None:
    """The rule set id of a GameRecord, Session or game, if it says."""
    for holder in (source, getattr(source, "game", None)):
        rules = getattr(holder, "rules", None)
        if isinstance(rules, str):
            return rules
        if isinstance(getattr(rules, "id", None), str):
            return rules.id
    return None


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


#: The measures :func:`gini_curve` draws: (line style, name in the key).
_MEASURES = {"net_worth": ("-", "net worth"), "cash": ("--", "cash")}
#: Colours of the two measures when the curves have neither label nor rule set.
_MEASURE_COLOURS = {"net_worth": "#0072B2", "cash": "#E69F00"}
#: Gids of the lines :func:`gini_curve` draws.
_GINI_GIDS = ("gini:net_worth", "gini:cash")


def gini_curve(
    source: Any,
    ax: Axes | None = None,
    label: str | None = None,
    which: Sequence[str] = ("net_worth", "cash"),
    *,
    color: str | None = None,
    players: int | None = None,
) -> Figure:
    """The Gini coefficient of net worth and of cash of one game, round by round.

    Net worth is drawn solid and cash dashed. The y axis runs from 0 (all
    equally rich) to 1, with a dotted line at ``1 - 1/n``, the most the
    coefficient reaches among ``n`` players (when one holds everything).
    Called again on the same ``ax`` with another ``label``, it adds the other
    game's curves in another colour: the Landlord's Game beside Prosperity.
    Called again with the same label, it gives that game's curves the new
    figures: a live chart can call it after every round.

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

    Returns
    -------
    matplotlib.figure.Figure
        The figure drawn on. The curves are lines with gids
        ``"gini:net_worth"`` and ``"gini:cash"``, labelled ``"LABEL: net
        worth"`` and ``"LABEL: cash"`` (``"Gini of net worth"``, ... without
        a label); the ceiling is a line with gid ``"gini-ceiling"``.

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
    """
    which = list(which)
    unknown = [m for m in which if m not in _MEASURES]
    if not which or unknown:
        raise ValueError(f"which: choose among {list(_MEASURES)}, not {unknown or which}")
    rounds, values, n = _gini_by_round(source, which, players)
    ax = _new_axes(ax, (8.0, 4.8), {"left": 0.09, "right": 0.97, "bottom": 0.12, "top": 0.92})
    fresh = not any(line.get_gid() in _GINI_GIDS for line in ax.get_lines())

    # Drawn again with the same label (a live chart, round after round), the
    # game's curves take the new figures, keeping their colour and place.
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
    curves = [line for line in ax.get_lines() if line.get_gid() in _GINI_GIDS]
    last = 1.0
    for line in curves:
        x = np.asarray(line.get_xdata(), float)
        if len(x):
            last = max(last, float(x.max()))
    top = _gini_top(*(line.get_ydata() for line in curves))  # debts can push it past 1
    ax.set_xlim(0, last)
    ax.set_ylim(0, top)
    _fixed_ticks(ax, "x", 0, last, "{:g}", most=6)
    _gini_ticks(ax, top)
    if fresh:
        _style(ax)
        ax.set_xlabel("round", fontsize=TEXT)
    # The key, inside at the top left: a row per game, the line styles above.
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
    measures = {line.get_gid() for line in curves}
    both = measures == set(_GINI_GIDS)
    title = "solid: net worth, dashed: cash" if both and games else None
    key_width, _ = _key(ax, entries, 0.015, 0.985, title=title)
    # The ceiling's words go under the line where the key leaves them no room.
    words = [text for text in ax.texts if text.get_gid() == "gini-ceiling-label"]
    for text, line in zip(words, _lines_with(ax, "gini-ceiling"), strict=False):
        ceiling = float(line.get_ydata()[0])
        crowded = key_width + _text_width(text.get_text()) + 24 > _box_size(ax)[0]
        text.set_y(ceiling - 0.015 if crowded else ceiling + 0.015)
        text.set_va("top" if crowded else "bottom")
    if both:
        _title(ax, "Gini coefficient by round")
    else:
        measure = next(iter(measures), "gini:net_worth").removeprefix("gini:")
        _title(ax, f"Gini of {_MEASURES[measure][1]} by round")
    return ax.figure


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


def _ceiling(ax: Axes, n: int) -> None:
    """A dotted line at ``1 - 1/n``, labelled, unless one is drawn there already."""
    ceiling = 1.0 - 1.0 / n
    for line in ax.get_lines():
        if line.get_gid() == "gini-ceiling" and math.isclose(line.get_ydata()[0], ceiling):
            return
    ax.axhline(
        ceiling, linestyle=":", linewidth=2.5, color=INK, gid="gini-ceiling", label="_ceiling"
    )
    ax.text(
        0.99,
        ceiling + 0.015,
        f"1 - 1/{n} = {ceiling:.2f}: one holds all",
        transform=ax.get_yaxis_transform(),
        ha="right",
        va="bottom",
        fontsize=SMALL,
        color=INK,
        gid="gini-ceiling-label",
    )


# --- One game: net worth now ---------------------------------------------------------

#: The parts of a net worth, bottom to top: (key, name, tint, hatch).
_PARTS = (
    ("cash", "cash", 0.0, None),
    ("land", "land", 0.45, "//"),
    ("houses", "houses", 0.45, "xx"),
    ("other", "other cards", 0.75, None),
    ("loans", "loans", 1.0, ".."),
)


def _holdings_now(
    source: Any, house_cost: float | None
) -> tuple[list[str], dict[str, np.ndarray], np.ndarray, int]:
    """(names, {part: amount per player}, net worth per player, round) of the source."""
    import pandas as pd

    from landlord.record import ROUND_COLUMNS, GameRecord

    game = _game_of(source)
    if house_cost is None and game is not None:
        house_cost = getattr(game, "house_cost", None)
    columns = ("cash", "land_value", "houses", "debts", "net_worth")
    at = [ROUND_COLUMNS.index(column) for column in columns]
    if isinstance(source, pd.DataFrame):  # GameRecord.rounds, or a table like it
        last = source["round"].max()
        now = source[source["round"] == last].sort_values("player")
        names = [str(name) for name in now["name"]] if "name" in now else []
        table = {column: now[column].to_numpy(dtype=float) for column in columns}
        round_ = int(last)
    elif isinstance(source, GameRecord) and game is not None and game.round_rows:
        # A GameRecord: the last round of GameRecord.rounds, from the rows it
        # is made of (building the table would take longer than the drawing).
        rows = game.round_rows  # (round, player, *ROUND_COLUMNS)
        round_ = rows[-1][0]
        last = np.array([row[2:] for row in rows if row[0] == round_], dtype=float)
        names = list(source.names)
        table = {column: last[:, i] for column, i in zip(columns, at, strict=True)}
    elif game is not None and hasattr(game, "holdings_table"):  # a game being played: now
        now = np.array(game.holdings_table(), dtype=float)  # ROUND_COLUMNS, without round
        names = list(game.names)
        table = {column: now[:, i] for column, i in zip(columns, at, strict=True)}
        round_ = int(getattr(game, "round", 0))
    else:
        raise TypeError(
            "wealth_bars needs a GameRecord, a Session, a game or a GameRecord.rounds table, "
            f"not {type(source).__name__}"
        )
    worth = table["net_worth"]
    names = names or [f"player {seat + 1}" for seat in range(len(worth))]
    if house_cost is not None:
        houses = table["houses"] * house_cost
    elif game is not None and hasattr(game, "buildings_worth"):
        # The later game: house costs differ by colour group; the game counts them.
        houses = np.array(game.buildings_worth(), dtype=float)
    else:
        houses = np.zeros_like(worth)
    loans = -table["debts"]  # "debts" is what he owes less what is owed to him
    parts = {"cash": table["cash"], "land": table["land_value"], "houses": houses, "loans": loans}
    parts["other"] = worth - parts["cash"] - parts["land"] - houses - loans
    return names, parts, worth, round_


def wealth_bars(
    source: Any,
    ax: Axes | None = None,
    *,
    house_cost: float | None = None,
    key: bool = True,
) -> Figure:
    """Each player's net worth now, as a bar in his colour, split into what it is made of.

    From the bottom up: cash (the full colour), land (title deeds at their
    printed price; nothing under the single tax, which makes deeds
    worthless), houses at cost, the other cards, luxury and Professor cards,
    and loans: owed to him above, owed by him below the zero line. The parts
    add up to his net worth, marked by a black bar and written above.

    Parameters
    ----------
    source : GameRecord, Session, game, or pandas.DataFrame
        A :class:`~landlord.record.GameRecord` or ``GameRecord.rounds`` (its
        last round), or a running :class:`~landlord.session.Session` or game
        (the holdings at this moment).
    ax : matplotlib.axes.Axes, optional
        Where to draw; a new Figure when not given. Axes it has drawn on
        before, for the same players, get their bars moved to the new
        figures (quick, for a live chart after every round); any other
        axes should be empty.
    house_cost : float, optional
        What a house counts for, when ``source`` is a bare table; a game knows.
        Without it, houses are counted among the other holdings.
    key : bool
        Draw the key to the parts (a live app may draw it once, elsewhere).

    Returns
    -------
    matplotlib.figure.Figure
        The figure drawn on. Each part is a bar container labelled with the
        part's name; each bar has gid ``"PLAYER:PART"`` (``cash``, ``land``,
        ``houses``, ``other``, ``loans``) and is hidden where the part is 0.

    Examples
    --------
    >>> import landlord
    >>> record = landlord.play("landlords_game", players=2, seed=3)
    >>> ax = wealth_bars(record).axes[0]
    >>> first = [bar for bar in ax.patches if bar.get_gid().startswith("eager_landlord 1:")]
    >>> for bar in first:
    ...     print(bar.get_gid(), bar.get_height())
    eager_landlord 1:cash 117.0
    eager_landlord 1:land 325.0
    eager_landlord 1:houses 0.0
    eager_landlord 1:other 250.0
    eager_landlord 1:loans 0.0
    >>> worth = record.standings.set_index("name")["net_worth"]
    >>> bool(sum(bar.get_height() for bar in first) == worth["eager_landlord 1"])
    True
    """
    from matplotlib.patches import Rectangle

    names, parts, worth, round_ = _holdings_now(source, house_cost)
    ax = _new_axes(ax, (8.0, 5.0), {"left": 0.11, "right": 0.98, "bottom": 0.14, "top": 0.92})
    n = len(names)
    seats = np.arange(n)
    # Where each part of each bar goes: positive parts stack up from 0,
    # negative ones down from it.
    up, down = np.zeros(n), np.zeros(n)
    bottoms: dict[str, np.ndarray] = {}
    for part, *_ in _PARTS:
        amounts = parts[part]
        bottoms[part] = np.where(amounts >= 0, up, down)
        up = np.where(amounts >= 0, up + amounts, up)
        down = np.where(amounts < 0, down + amounts, down)
    shown = [part for part in _PARTS if part[0] in ("cash", "other") or np.any(parts[part[0]])]
    drawn = {
        bar.get_gid(): bar
        for bar in ax.patches
        if isinstance(bar, Rectangle) and ":" in str(bar.get_gid())
    }
    wanted = {f"{player}:{part}" for player in names for part, *_ in _PARTS}
    if drawn and set(drawn) == wanted:
        # Drawn here before, for the same players: move the bars, which
        # costs far less than drawing them again (a live chart).
        for part, *_ in _PARTS:
            for seat, player in enumerate(names):
                bar = drawn[f"{player}:{part}"]
                bar.set_y(bottoms[part][seat])
                bar.set_height(parts[part][seat])
                bar.set_visible(bool(parts[part][seat]) or part == "cash")
        for artist in ax.collections:
            if artist.get_gid() == "net worth":
                artist.set_segments(
                    [[(s - 0.42, w), (s + 0.42, w)] for s, w in zip(seats, worth, strict=True)]
                )
        figures = {text.get_gid(): text for text in ax.texts if text.get_gid() in names}
        for seat, (player, value) in enumerate(zip(names, worth, strict=True)):
            figures[player].set_position((seat, max(up[seat], value, 0.0)))
            figures[player].set_text(_dollars(value))
    else:
        if drawn:
            ax.clear()
        _bars(ax, names, parts, bottoms, worth, up)
    # The key along the top, inside the axes, and room for it above the bars
    # and their figures: the y axis reaches as far above them as it takes.
    entries = [
        ({"facecolor": _tint(INK, tint), "edgecolor": INK, "hatch": hatch}, name)
        for _, name, tint, hatch in shown
    ]
    box_width, box_height = _box_size(ax)
    _, _, key_height = _key_layout(entries, None, box_width - 12, 1) if key else (0, 0, 0.0)
    room = min((key_height + 10 + 1.5 * TEXT) / max(box_height, 1.0), 0.6)
    high, low = float(up.max(initial=0.0)), float(down.min(initial=0.0))
    bottom = low - (0.05 * max(high - low, 1.0) if low < 0 else 0.0)
    ax.set_ylim(bottom, (max(high, bottom + 1.0) - room * bottom) / (1 - room))
    _fixed_ticks(ax, "y", low, high, "${:.0f}", most=5)
    _title(ax, f"Net worth, round {round_} (the black bars)")
    if key:
        listed = [text.get_text() for text in ax.texts if text.get_gid() == "key"]
        if listed != [name for _, name in entries]:
            _key(ax, entries, 0.015, 0.985, width=box_width - 12)
    return ax.figure


def _bars(
    ax: Axes,
    names: list[str],
    parts: dict[str, np.ndarray],
    bottoms: dict[str, np.ndarray],
    worth: np.ndarray,
    top: np.ndarray,
) -> None:
    """The bars of :func:`wealth_bars`, drawn afresh: every part, even where it is 0
    (hidden), so that the next call can move them."""
    n = len(names)
    seats = np.arange(n)
    colours = [player_colour(seat) for seat in seats]
    for part, name, tint, hatch in _PARTS:
        bars = ax.bar(
            seats,
            parts[part],
            width=0.7,
            bottom=bottoms[part],
            color=[_tint(colour, tint) for colour in colours],
            edgecolor=colours,
            linewidth=2.0,
            hatch=hatch,
            label=name,
        )
        for seat, (bar, player) in enumerate(zip(bars, names, strict=True)):
            bar.set_gid(f"{player}:{part}")
            bar.set_visible(bool(parts[part][seat]) or part == "cash")
    # The net worth: a black bar across each column (where positive and
    # negative parts cancel, it is not at the top), and the figure above.
    ax.hlines(worth, seats - 0.42, seats + 0.42, color=INK, linewidth=4, zorder=3, gid="net worth")
    for seat, (player, value) in enumerate(zip(names, worth, strict=True)):
        ax.text(
            seat,
            max(top[seat], value, 0.0),
            _dollars(value),
            ha="center",
            va="bottom",
            fontsize=TEXT,
            fontweight="bold",
            color=INK,
            parse_math=False,
            gid=player,
        )
    ax.set_xlim(-0.6, n - 0.4)
    ax.axhline(0, color=INK, linewidth=1.5)
    ax.set_xticks(seats, [_wrap(name, 12) for name in names])
    _style(ax)
    for tick, colour in zip(ax.get_xticklabels(), colours, strict=True):
        tick.set_color(INK if colour == _FAINT else colour)
        tick.set_fontweight("bold")
        tick.set_fontsize(SMALL)


# --- Lorenz curve -------------------------------------------------------------------


def lorenz_curve(
    wealth: Any, ax: Axes | None = None, label: str | None = None, *, color: str | None = None
) -> Figure:
    """The Lorenz curve of a list of holdings, with the line of equality.

    The curve joins the shares of the total held by the poorest ``k`` of
    ``n`` players, ``k = 0..n`` (:func:`landlord.metrics.lorenz`); the more
    it sags below the diagonal, the more unequal the holdings. The legend
    gives the Gini coefficient (:func:`landlord.metrics.gini`), twice the
    shaded area. Called again on the same ``ax``, it adds another curve.

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
            label="equality",
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
    ticks = [0, 0.25, 0.5, 0.75, 1]
    ax.set_xticks(ticks, ["0", "25%", "50%", "75%", "100%"])
    ax.set_yticks(ticks, ["0", "25%", "50%", "75%", "100%"])
    if fresh:
        _style(ax, grid="both")
        ax.set_xlabel("share of players, poorest first", fontsize=TEXT)
        ax.set_ylabel("share of the wealth", fontsize=TEXT)
        _title(ax, "Lorenz curve")
    handles = [line for line in ax.get_lines() if line.get_gid() in ("equality", "lorenz")]
    ax.legend(handles=handles, loc="upper left", fontsize=SMALL, framealpha=0.9)
    return ax.figure


# --- Who paid whom ------------------------------------------------------------------

#: The piles of money with a place of their own: the angle (degrees) each
#: prefers on the ring of piles inside the players' circle.
_PILE_ANGLES = {"MISCELLANEOUS": 180.0, "PUBLIC TREASURY": 0.0, "BANK": 270.0}
#: The radius of the ring of piles; the players sit on a circle of radius 1.
_PILE_RING = 0.42


def flow_layout(
    graph: nx.DiGraph, positions: dict[Any, tuple[float, float]] | None = None
) -> dict[Any, tuple[float, float]]:
    """Fixed places for the nodes of a cash-flow graph, the same in every frame.

    The players sit on a circle of radius 1 in seat order, clockwise, the
    first at the top left (at the left with two players); the piles of money
    (MISCELLANEOUS, the PUBLIC TREASURY, a BANK, ...) sit on a small ring
    inside, where no line between two players passes: MISCELLANEOUS to the
    left and the Treasury to the right where the table allows. The places
    depend only on the number of players and on the piles' names, never on
    the money.

    Parameters
    ----------
    graph : networkx.DiGraph
        A :func:`landlord.flows.cash_flows` graph (nodes with ``kind`` and
        ``account``).
    positions : dict, optional
        Places already given: they are kept, and the missing nodes are added
        to this very dict, which is also returned. Pass the same dict with
        every frame.

    Returns
    -------
    dict
        ``{node: (x, y)}``.

    Examples
    --------
    >>> from landlord.engine.ledger import Ledger
    >>> from landlord.flows import cash_flows
    >>> graph = cash_flows(Ledger(["Ann", "Bob", "Cy", "Di", "MISCELLANEOUS"]), n_players=4)
    >>> places = flow_layout(graph)
    >>> [tuple(round(v, 2) for v in places[name]) for name in ("Ann", "Bob", "MISCELLANEOUS")]
    [(-0.71, 0.71), (0.71, 0.71), (-0.42, 0.0)]
    """
    places = {} if positions is None else positions
    accounts = dict(graph.nodes(data="account"))
    kinds = dict(graph.nodes(data="kind"))
    order = sorted(graph.nodes, key=lambda node: (accounts[node] is None, accounts[node] or 0))
    players = [node for node in order if kinds[node] != "pile"]
    piles = [node for node in order if kinds[node] == "pile"]
    n = max(len(players), 1)
    start = 90.0 + 180.0 / n  # four players at the corners of a square, three as a Y
    angles = [start - 360.0 * seat / n for seat in range(n)]
    for node, angle in zip(players, angles, strict=False):
        if node not in places:
            places[node] = (math.cos(math.radians(angle)), math.sin(math.radians(angle)))
    # With an even number of players, a line between two opposite players
    # crosses the middle towards each of them: the piles sit between players.
    # With an odd number, they sit towards the players (between them, beyond).
    between = [angle - 180.0 / n for angle in angles]
    slots = between if n % 2 == 0 else angles + between
    taken = [places[pile] for pile in piles if pile in places]
    # The piles with a place of their own first, then the others in ledger order.
    for pile in sorted(
        piles, key=lambda p: (str(p).upper() not in _PILE_ANGLES, accounts[p] or 0)
    ):
        if pile in places:
            continue
        wanted = _PILE_ANGLES.get(str(pile).upper(), 90.0)
        free = [angle for angle in slots if _ring_point(angle) not in taken]
        if free:
            nearest = min(free, key=lambda a: (abs((a - wanted + 180.0) % 360.0 - 180.0), -a))
            point = _ring_point(nearest)
        else:  # more piles than places on the ring: a row below the table
            point = (round(-1.0 + 0.5 * len(taken), 6), -1.3)
        places[pile] = point
        taken.append(point)
    return places


def _ring_point(angle: float) -> tuple[float, float]:
    """The place at ``angle`` degrees on the ring of piles, rounded so that it compares equal."""
    radians = math.radians(angle)
    # (+ 0.0 turns a -0.0 into 0.0.)
    return (
        round(_PILE_RING * math.cos(radians), 6) + 0.0,
        round(_PILE_RING * math.sin(radians), 6) + 0.0,
    )


def _main_group(by_group: Mapping[str, float]) -> str:
    """The group with the most money on an edge; on a tie, the first in GROUPS."""
    order = {group: i for i, group in enumerate(GROUPS)}
    return min(by_group, key=lambda g: (-by_group[g], order.get(g, len(order))))


#: The fewest points per data unit (the players' circle has radius 1) at which
#: :func:`cash_flow_graph` still draws its key by default, rather than leave
#: too little room for the table.
_SMALLEST_TABLE = 55.0

#: How much the arrows bend (matplotlib's "arc3" radius: the control point's
#: distance from the middle, as a share of the distance between the nodes).
_BEND = 0.22


def _arc(
    start: tuple[float, float], end: tuple[float, float], cut_start: float, cut_end: float
) -> np.ndarray:
    """The bent arrow from ``start`` to ``end`` as a quadratic Bezier curve (3 points),
    cut ``cut_start`` from the start and ``cut_end`` from the end (in data units), so
    that it leaves and reaches the nodes' rims. The bend is matplotlib's "arc3"."""
    a, b = np.asarray(start, dtype=float), np.asarray(end, dtype=float)
    dx, dy = b - a
    control = (a + b) / 2 + _BEND * np.array([dy, -dx])
    t = np.linspace(0.0, 1.0, 201)[:, None]
    curve = (1 - t) ** 2 * a + 2 * (1 - t) * t * control + t**2 * b
    outside = (np.hypot(*(curve - a).T) >= cut_start) & (np.hypot(*(curve - b).T) >= cut_end)
    if not outside.any():  # the nodes touch: a stub between their centres
        return np.array([a, (a + b) / 2, b])
    t0, t1 = t[outside][0, 0], t[outside][-1, 0]

    # The piece of a quadratic Bezier curve from t0 to t1 is one too (its blossom).
    def point(u: float) -> np.ndarray:
        return (1 - u) ** 2 * a + 2 * (1 - u) * u * control + u**2 * b

    middle = (1 - t0) * (1 - t1) * a + ((1 - t0) * t1 + t0 * (1 - t1)) * control + t0 * t1 * b
    return np.array([point(t0), middle, point(t1)])


def cash_flow_graph(
    graph: nx.DiGraph,
    ax: Axes | None = None,
    positions: dict[Any, tuple[float, float]] | None = None,
    *,
    size_by: str = "received",
    max_amount: float | None = None,
    title: str | None = None,
    key: bool | None = None,
    amounts: bool | None = None,
) -> Figure:
    """Who paid whom: one arrow from payer to payee, as wide as the money.

    An arrow's width grows in proportion to the amount paid, from a thin
    minimum, and its colour is the group of reasons that moved most of it
    (:data:`GROUP_COLOURS`, listed in the key). The arrows bend, so money
    paid both ways between two players shows as two arrows. The players sit
    on a circle in seat order, in their colours, and the piles of money in
    the middle, as grey squares (:func:`flow_layout`); a node's size shows
    the money it received (or, with ``size_by="balance_change"``, how far
    its balance moved), and its label gives its balance change. The drawing
    fits the axes it is given: the table takes the room that the players'
    names and the key leave, and the widest arrow is thinner in a small chart.

    Parameters
    ----------
    graph : networkx.DiGraph
        A :func:`landlord.flows.cash_flows` graph.
    ax : matplotlib.axes.Axes, optional
        Where to draw (empty); a new Figure when not given.
    positions : dict, optional
        ``{node: (x, y)}`` places to keep (see :func:`flow_layout`); missing
        nodes are added to the dict itself. Pass the same dict with every
        frame of an animation and nothing jumps.
    size_by : {"received", "balance_change"}
        What a node's area shows.
    max_amount : float, optional
        The amount drawn at the widest arrow; by default the largest in the
        graph. Fix it to compare frames by width.
    title : str, optional
        Instead of the default, which names the rounds of the graph.
    key : bool, optional
        Draw the key of the groups of payments, along the bottom. By default
        it is drawn where it leaves the table room enough, and left out of
        small axes (draw it once beside them instead).
    amounts : bool, optional
        Write each arrow's amount on it; by default only when there are 8
        arrows or fewer (one round's payments, say).

    Returns
    -------
    matplotlib.figure.Figure
        The figure drawn on. Each arrow is a
        :class:`~matplotlib.patches.FancyArrowPatch` with gid ``"PAYER ->
        PAYEE"`` and its width in points as ``arrowstyle.tail_width``; each
        node is a patch (a circle for a player, a square for a pile) with gid
        ``"node:NAME"``, centred on its place.

    Examples
    --------
    >>> import landlord
    >>> from landlord.flows import cash_flows
    >>> graph = cash_flows(landlord.play("landlords_game", players=3, seed=2), rounds=5)
    >>> ax = cash_flow_graph(graph).axes[0]
    >>> arrows = [p for p in ax.patches if " -> " in str(p.get_gid())]
    >>> len(arrows) == sum(amount > 0 for _, _, amount in graph.edges(data="amount"))
    True
    """
    from matplotlib.patches import Circle, FancyArrowPatch, RegularPolygon
    from matplotlib.path import Path

    if size_by not in ("received", "balance_change"):
        raise ValueError(f"size_by is 'received' or 'balance_change', not {size_by!r}")
    places = flow_layout(graph, positions)
    ax = _new_axes(ax, (8.0, 6.0), {"left": 0.01, "right": 0.99, "bottom": 0.01, "top": 0.93})

    # The nodes: an area (in data units, so that it scales with the drawing)
    # by the money received or moved, from a visible minimum.
    nodes = list(graph.nodes)
    kinds = dict(graph.nodes(data="kind"))
    accounts = dict(graph.nodes(data="account"))
    players = sorted(
        (node for node in nodes if kinds[node] != "pile"),
        key=lambda node: (accounts[node] is None, accounts[node] or 0),
    )
    seats = {node: seat for seat, node in enumerate(players)}
    change = {node: graph.nodes[node].get("balance_change", 0) for node in nodes}
    if size_by == "received":
        weight = dict.fromkeys(nodes, 0.0)
        for _, payee, amount in graph.edges(data="amount"):
            weight[payee] += max(amount or 0, 0)
    else:
        weight = {node: abs(change[node]) for node in nodes}
    heaviest = max(weight.values(), default=0.0) or 1.0
    radius = {node: 0.07 + 0.11 * math.sqrt(weight[node] / heaviest) for node in nodes}

    # The arrows: the share of the widest, and the group that moved most.
    edges = [
        (payer, payee, data)
        for payer, payee, data in graph.edges(data=True)
        if (data.get("amount") or 0) > 0 and payer != payee
    ]
    widest = max_amount or max((data["amount"] for _, _, data in edges), default=1)
    groups = {
        (payer, payee): _main_group(data.get("by_group") or {"other": data["amount"]})
        for payer, payee, data in edges
    }
    if amounts is None:
        amounts = len(edges) <= 8

    # Fit the drawing to the axes, whatever their size: the key along the
    # bottom, the table above it, each player's name beside him, to the left
    # or to the right, so that no room is needed above or below the table.
    names = {  # a pile's name and balance on one line, so that it stays under the pile
        node: f"{_wrap(str(node), 10)}\n{_dollars(change[node], sign=True)}"
        if kinds[node] != "pile"
        else f"{node} {_dollars(change[node], sign=True)}"
        for node in nodes
    }
    on_left = {node: places[node][0] < -0.3 for node in players}
    entries: list[tuple[dict[str, Any] | None, str]] = [
        ({"color": GROUP_COLOURS[group], "linewidth": 7}, group)
        for group in GROUPS
        if group in groups.values()
    ]
    entries.append(
        (None, f"(size: {'money received' if size_by == 'received' else 'balance moved'})")
    )
    box_width, box_height = _box_size(ax)
    sides = [
        max((_text_width(names[n], SMALL, True) for n in players if on_left[n] == left), default=0)
        for left in (True, False)
    ]
    # How far the table reaches from its middle, in data units (four players
    # at the corners of a square reach less far than the circle they sit on).
    big = max(radius.values(), default=0.0) + 0.04
    reach_x = max((abs(places[node][0]) for node in nodes), default=1.0) + big
    reach_y = max((abs(places[node][1]) for node in nodes), default=1.0) + big
    overhang = 1.5 * SMALL  # a name of three lines reaches that far above and below its node

    def scale_with(key_height: float) -> float:
        """Points per data unit, the table as large as the room left allows."""
        return max(
            min(
                (box_height - key_height - 12 - 2 * overhang) / (2 * reach_y),
                (box_width - sides[0] - sides[1] - 8) / (2 * reach_x),
            ),
            5.0,
        )

    key_height = _key_layout(entries, None, box_width - 12, 1)[2] if key is not False else 0.0
    if key is None:  # the key, unless it leaves the table too little room
        key = scale_with(key_height) >= _SMALLEST_TABLE
        key_height = key_height if key else 0.0
    scale = scale_with(key_height)
    middle_x = (sides[0] - sides[1]) / 2 / scale  # the table between the names
    middle_y = (key_height + 4) / 2 / scale  # and above the key
    half_width, half_height = box_width / 2 / scale, box_height / 2 / scale
    ax.set_xlim(-half_width - middle_x, half_width - middle_x)
    ax.set_ylim(-half_height - middle_y, half_height - middle_y)
    ax.set_aspect("equal", adjustable="datalim")
    ax.set_axis_off()

    # Arrow widths in points, in proportion to the money, the widest in
    # proportion to the drawing (a small chart gets thinner arrows).
    thick = min(max(0.1 * scale, 4.0), 16.0)
    thin = max(1.0, thick / 10)
    curve = [Path.MOVETO, Path.CURVE3, Path.CURVE3]
    for payer, payee, data in edges:
        width = thin + (thick - thin) * min(data["amount"] / widest, 1.0)
        arc = _arc(places[payer], places[payee], radius[payer] + 0.02, radius[payee] + 0.03)
        # A filled arrow ("simple"), its sizes in points (mutation_scale=1),
        # so that a thick arrow keeps a sharp head. add_artist, not add_patch:
        # the limits are set, and working out an arrow's extent is slow.
        arrow = FancyArrowPatch(
            path=Path(arc, curve),
            arrowstyle=(
                f"simple,tail_width={width:.2f},head_width={2.0 * width + 0.5 * thick + 2:.2f},"
                f"head_length={1.2 * width + 0.5 * thick + 3:.2f}"
            ),
            mutation_scale=1.0,
            linewidth=0,
            color=GROUP_COLOURS.get(groups[payer, payee], GROUP_COLOURS["other"]),
            alpha=0.8,
            zorder=1,
            gid=f"{payer} -> {payee}",
        )
        ax.add_artist(arrow)
        if amounts:  # the amount at the middle of the arrow (the curve at t = 1/2)
            x, y = 0.25 * arc[0] + 0.5 * arc[1] + 0.25 * arc[2]
            ax.text(
                x,
                y,
                _dollars(data["amount"]),
                ha="center",
                va="center",
                fontsize=SMALL,
                color=INK,
                zorder=2,
                parse_math=False,
                gid=f"amount: {payer} -> {payee}",
                bbox={"boxstyle": "round,pad=0.1", "fc": "white", "ec": "none", "alpha": 0.8},
            )

    # The nodes on top: players as circles in their colours, piles as grey squares.
    for node in nodes:
        x, y = places[node]
        if kinds[node] == "pile":
            shape = RegularPolygon((x, y), 4, radius=radius[node] * 1.2, orientation=math.pi / 4)
            shape.set_facecolor(PILE_COLOUR)
            # Below the pile, reaching away from the middle, clear of the other pile.
            ha = "right" if x < -0.1 else "left" if x > 0.1 else "center"
            ax.text(
                {"right": x + radius[node], "left": x - radius[node], "center": x}[ha],
                y - radius[node] - 0.04,
                names[node],
                ha=ha,
                va="top",
                fontsize=SMALL,
                color=INK,
                zorder=4,
                parse_math=False,
                bbox={"boxstyle": "round,pad=0.15", "fc": "white", "ec": "none", "alpha": 0.75},
            )
        else:
            shape = Circle((x, y), radius[node], facecolor=player_colour(seats[node]))
            gap = radius[node] + 0.04
            ax.text(
                x - gap if on_left[node] else x + gap,
                y,
                names[node],
                ha="right" if on_left[node] else "left",
                va="center",
                fontsize=SMALL,
                fontweight="bold",
                color=INK,
                zorder=4,
                parse_math=False,
            )
        shape.set(edgecolor=INK, linewidth=1.5, zorder=3, gid=f"node:{node}")
        ax.add_artist(shape)
    if title is None:
        rounds = graph.graph.get("rounds")
        if rounds is None:
            when = "the whole game"
        elif rounds[0] == rounds[1]:
            when = f"round {rounds[0]}"
        else:
            when = f"rounds {rounds[0]} to {rounds[1]}"
        title = f"Who paid whom, {when}"
    _title(ax, title)
    if key:
        _key(ax, entries, 0.01, (key_height + 4) / box_height, width=box_width - 12)
    return ax.figure


# --- Many games ---------------------------------------------------------------------


def _legend(ax: Axes, **where: Any) -> None:
    """matplotlib's legend of every labelled artist on ``ax``, in large type."""
    handles, labels = ax.get_legend_handles_labels()
    if handles:
        ax.legend(handles, labels, fontsize=SMALL, framealpha=0.9, **where)


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


def gini_distributions(comparison: Any, ax: Axes | None = None) -> Figure:
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

    Returns
    -------
    matplotlib.figure.Figure
        The figure drawn on. Every artist of a rule set has its label as gid.
    """
    games = comparison.games
    labels = list(comparison.labels)
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
    ax.set_xticks(range(len(labels)), [_wrap(label) for label in labels])
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


def mean_gini_by_round(comparison: Any, ax: Axes | None = None) -> Figure:
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

    Returns
    -------
    matplotlib.figure.Figure
        The figure drawn on. Each rule set's mean line and band (a
        ``PolyCollection``) have its label as gid.
    """
    labels = list(comparison.labels)
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
        ax.plot(rounds, mean, linewidth=LINE, color=colour, label=label, gid=label)
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


def game_lengths(comparison: Any, ax: Axes | None = None) -> Figure:
    """How many rounds the games lasted: one histogram per rule set, means marked.

    Parameters
    ----------
    comparison : Comparison
        What :func:`landlord.compare` returns, or results loaded with
        :func:`landlord.experiments.load_results`.
    ax : matplotlib.axes.Axes, optional
        Where to draw; a new Figure when not given.

    Returns
    -------
    matplotlib.figure.Figure
        The figure drawn on. Each rule set's histogram (filled and outlined)
        and mean line have its label as gid.
    """
    games = comparison.games
    labels = list(comparison.labels)
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
            label=f"{label}: mean {mean:.1f} rounds",
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
