"""One game's Gini coefficient round by round: :func:`gini_curve`.

It adds to what is already on ``ax``, so that two calls overlay two games
(or redraw one game in progress). The Lorenz curve is in
:mod:`~landlord.plotting.lorenz`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from landlord.plotting.colours import (
    _MORE_COLOURS,
    CASH_COLOUR,
    RULES_COLOURS,
    rules_colour,
)
from landlord.plotting.findings import gini_change, gini_of_each
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
#: How each measure's curve looks beyond its line style: net worth is the thick line
#: on top; cash a thinner one under it, with hollow markers.
_LOOKS = {
    "net_worth": {"linewidth": LINE, "zorder": 3},
    "cash": {
        "linewidth": 2.0,
        "zorder": 2,
        "marker": "o",
        "markersize": 5,
        "markerfacecolor": "white",
        "markeredgewidth": 1.5,
    },
}
#: Colours of the two measures when the curves have neither label nor rule set.
_MEASURE_COLOURS = {"net_worth": "#0072B2", "cash": CASH_COLOUR}
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

    Net worth is the thick solid line, on top; cash a thinner dashed line
    with hollow markers, in grey beside one game's net worth (so that the two
    differ in colour as well as in line), in the game's colour where several
    games share the axes. The title states what the curves show: "Gini of
    net worth rose from 0.05 to 0.31 in 20 rounds" (one game), "Gini of net
    worth at round 20: A 0.41, B 0.10" (several). The y axis runs from 0 (all
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
        a label); the ceiling is a line with gid ``"gini-ceiling"``. The
        title is the axes' left title. A rule
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
    >>> print(figure.axes[0].get_title(loc="left"))
    Gini of net worth rose from 0.00 to 0.10 in 37 rounds
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
    games = _curves_by_game(ax)
    _colour_cash(games)
    _title(ax, _gini_title(games))  # first: a long title moves the axes' top edge down
    curves = _fit_gini_axes(ax, fresh)
    measures = {line.get_gid() for line in curves}
    key_box = _gini_key(ax, games, measures == set(_GINI_GIDS))
    ceiling_boxes = _place_ceiling_words(ax, key_box[2] - key_box[0] - 4)  # key's width
    ceilings = [float(line.get_ydata()[0]) for line in _lines_with(ax, "gini-ceiling")]
    _place_switch_words(ax, [key_box, *ceiling_boxes], curves, ceilings)
    return ax.figure


def _curves_by_game(ax: Axes) -> dict[str, dict[str, Any]]:
    """The Gini curves on ``ax``, by game (the start of their label: "" when they have
    none) and measure ("net_worth", "cash"), in the order they were drawn."""
    games: dict[str, dict[str, Any]] = {}
    for line in ax.get_lines():
        gid = str(line.get_gid())
        if gid not in _GINI_GIDS:
            continue
        measure = gid.removeprefix("gini:")
        ending = f": {_MEASURES[measure][1]}"
        label = line.get_label()
        game = label.removesuffix(ending) if label.endswith(ending) else ""
        games.setdefault(game, {})[measure] = line
    return games


def _colour_cash(games: dict[str, dict[str, Any]]) -> None:
    """One game's Gini of cash is grey beside its net worth, so that the two differ in
    colour; with several games on the axes, each takes its game's colour."""
    for measures in games.values():
        if "net_worth" in measures and "cash" in measures:
            own = measures["net_worth"].get_color()
            measures["cash"].set_color(CASH_COLOUR if len(games) == 1 else own)
            measures["cash"].set_markeredgecolor(measures["cash"].get_color())


def _gini_title(games: dict[str, dict[str, Any]]) -> str:
    """What the curves show, in numbers: how one game's Gini moved, or where each game's
    ended (net worth where it is drawn, else cash)."""
    lines = [measures.get("net_worth", measures.get("cash")) for measures in games.values()]
    what = "net worth" if any("net_worth" in m for m in games.values()) else "cash"
    if len(games) == 1:
        (line,) = lines
        rounds = [int(x) for x in line.get_xdata()]
        return gini_change([float(y) for y in line.get_ydata()], rounds, what)
    last = {
        game or "this game": (int(line.get_xdata()[-1]), float(line.get_ydata()[-1]))
        for game, line in zip(games, lines, strict=True)
        if len(line.get_xdata())
    }
    return gini_of_each(last, what) if last else f"Gini of {what}: no round played yet"


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
    # The game's colour is its net worth's (its cash may be grey beside it).
    for name in sorted(before, key=lambda name: not name.endswith("net worth")):
        line = before[name]
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
            line.set_markevery(_every(len(rounds)))
            continue
        ax.plot(
            rounds,
            values[measure],
            linestyle=_MEASURES[measure][0],
            color=color or _MEASURE_COLOURS[measure],
            markevery=_every(len(rounds)),
            label=name_of(measure),
            gid=f"gini:{measure}",
            **_LOOKS[measure],
        )
    return color


def _every(points: int) -> int:
    """Mark every so many rounds: about a dozen marks however long the game."""
    return max(1, round(points / 12))


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


def _gini_key(ax: Axes, games: dict[str, dict[str, Any]], both: bool) -> Box:
    """The key, inside at the top left. Returns the box it covers, in points.

    One game: an entry per curve, drawn as the curve is (under the game's name,
    when it has one). Several: a row per game in its colour, the line styles
    above (when both measures are drawn).
    """
    entries: list[tuple[dict[str, Any] | None, str]] = []
    if len(games) == 1:
        ((game, measures),) = games.items()
        title = game or None
        for measure in sorted(measures, key=list(_MEASURES).index):
            line = measures[measure]
            entries.append((_sample(line), _MEASURES[measure][1] if game else line.get_label()))
    else:
        title = "solid: net worth, dashed: cash" if both and any(games) else None
        for game, measures in games.items():
            if not game:  # curves without a game's name: each as it is drawn
                entries += [(_sample(line), line.get_label()) for line in measures.values()]
                continue
            line = measures.get("net_worth", measures.get("cash"))
            sample = {"color": line.get_color(), "linestyle": line.get_linestyle()}
            entries.append(({**sample, "linewidth": LINE}, game))
    key_width, key_height = _key(ax, entries, 0.015, 0.985, title=title)
    width, height = _box_size(ax)
    left, top = 0.015 * width, 0.985 * height
    return (left - 4, top - key_height - 2, left + key_width, top + 2)


def _sample(line: Any) -> dict[str, Any]:
    """A key's sample of a curve: its colour, line style, width and marker."""
    sample = {
        "color": line.get_color(),
        "linestyle": line.get_linestyle(),
        "linewidth": line.get_linewidth(),
    }
    if line.get_marker() not in (None, "", "None", "none"):
        sample["marker"] = line.get_marker()
    return sample


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
