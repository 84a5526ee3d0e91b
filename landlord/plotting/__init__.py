"""Figures of one game and of a comparison, drawn with matplotlib for the notebooks and apps.

One game:

* :func:`gini_curve`: the Gini coefficient of net worth and of cash, round by round,
  with the round the rules changed marked (:func:`rule_switches`: the single tax
  voted in);
* :func:`wealth_bars`: each player's net worth now, split into cash, land, houses, ...;
* :func:`lorenz_curve`: the Lorenz curve of a list of holdings;
* :func:`cash_flow_graph`: who paid whom, and why (a :func:`landlord.flows.cash_flows` graph;
  a whole game's as one arrow per pair, the largest few, the rest counted).

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
figures also read in the small charts of an app; where someone else's margins
are too narrow for the axis labels of :func:`gini_curve` or
:func:`lorenz_curve`, they move the axes' edge in (measuring a few labels from
the font, not the canvas) rather than cut a label off. The comparison figures,
made on their own, use ``layout="constrained"``.

**Colours.** Players take the Okabe-Ito colours (:data:`PLAYER_COLOURS`,
from :mod:`landlord.palette`, the board's colours too),
which people with the common forms of colour blindness tell apart; the
groups of payments have fixed colours (:data:`GROUP_COLOURS`) and so do the
rule sets (:func:`rules_colour`). A game's Gini of cash is grey beside its
net worth, thinner, dashed and marked, so that the two differ without the
dash. Text is at least 11 points and lines are thick, for a projector.

**Titles.** The title of a figure of one game states what it shows, in the
game's numbers, as Our World in Data's titles do: "Gini of net worth rose
from 0.00 to 0.27 in 36 rounds", "Round 36: Dan holds 39% of all net worth",
"$648 of land rent paid, $206 of it to Dan, $180 to the Public Treasury"
(:mod:`~landlord.plotting.findings`); a long one is wrapped to the figure's
width.

**Where things are.** Each figure lives in a module of its own, with the
helpers only it uses; what several share sits below them:

* :mod:`~landlord.plotting.curves`: :func:`gini_curve`, and
  :mod:`~landlord.plotting.switches`: the marks where the rules changed;
* :mod:`~landlord.plotting.lorenz`: :func:`lorenz_curve`;
* :mod:`~landlord.plotting.bars`: :func:`wealth_bars`;
* :mod:`~landlord.plotting.cash_flows`: :func:`cash_flow_graph`,
  :mod:`~landlord.plotting.flow_arrows`: which arrows it draws (netted, the largest),
  :mod:`~landlord.plotting.flow_nodes`: the accounts, their sizes and names, and
  :mod:`~landlord.plotting.flow_geometry`: :func:`flow_layout`, the arrows' arcs and
  where their amounts go;
* :mod:`~landlord.plotting.comparisons`: the figures of many games;
* :mod:`~landlord.plotting.sources`: one game's figures read from a game, a
  Session, a GameRecord or its tables, and when its rules changed (nothing drawn);
* :mod:`~landlord.plotting.findings`: what each figure of one game shows, in
  words and numbers: its title, and the start of its alternative text;
* :mod:`~landlord.plotting.colours`: the colours;
  :mod:`~landlord.plotting.style`: sizes, text, axes, ticks and the Gini axis;
  :mod:`~landlord.plotting.key`: the keys drawn directly.

Importing this package does not import matplotlib; drawing does.

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

# Every name of the single module this package was split from stays importable
# from here, its helpers too (the tests read some); __all__ is the public API.
# New code takes a helper from its own module.
# ruff: noqa: F401
from landlord.palette import PLAYER_COLOURS, player_colour
from landlord.plotting.bars import _PARTS, _bars, wealth_bars
from landlord.plotting.cash_flows import _SMALLEST_TABLE, MOST_ARROWS, cash_flow_graph
from landlord.plotting.colours import (
    _FAINT,
    _MORE_COLOURS,
    CASH_COLOUR,
    GROUP_COLOURS,
    INK,
    PILE_COLOUR,
    RULES_COLOURS,
    _label_colours,
    _tint,
    rules_colour,
)
from landlord.plotting.comparisons import (
    _curves_by_round,
    _kde,
    _legend,
    _players_of,
    game_lengths,
    gini_distributions,
    mean_gini_by_round,
)
from landlord.plotting.curves import (
    _GINI_GIDS,
    _MEASURE_COLOURS,
    _MEASURES,
    _curve_colour,
    _lines_with,
    gini_curve,
)
from landlord.plotting.flow_arrows import _main_group
from landlord.plotting.flow_geometry import (
    _BEND,
    _PILE_ANGLES,
    _PILE_RING,
    _arc,
    _ring_point,
    flow_layout,
)
from landlord.plotting.key import _ROW, _SAMPLE, _key, _key_layout, _points
from landlord.plotting.lorenz import lorenz_curve
from landlord.plotting.sources import (
    _game_of,
    _gini_by_round,
    _holdings_now,
    _rules_id,
    rule_switches,
)
from landlord.plotting.style import (
    LINE,
    SMALL,
    TEXT,
    TITLE,
    _box_size,
    _ceiling,
    _fixed_ticks,
    _gini_ticks,
    _gini_top,
    _new_axes,
    _step,
    _style,
    _text_width,
    _title,
    _wrap,
)

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
    "rule_switches",
    "rules_colour",
    "wealth_bars",
]
