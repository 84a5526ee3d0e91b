"""Live charts: matplotlib figures of a game, redrawn into the page with their words.

Each chart keeps one Agg figure and one ``ipywidgets.HTML`` holding an
``<img>``; :meth:`Chart.draw` clears the figure, lets a
:mod:`landlord.plotting` function draw on it, and sends the PNG to the
browser with its alternative text: what the chart shows and its key figures
now ("Gini by round: Gini of net worth 0.00 at round 0, 0.41 at round 12"),
so a screen reader, or anyone whose picture does not load, reads what a
sighted student sees. The chart keeps the plotted numbers in
:attr:`Chart.data` (the tests read them) and the words in :attr:`Chart.alt`.

The words come from the numbers the drawing function returns: a chart given
``describe`` says them its own way; otherwise :func:`figures_in_words` reads
the usual shapes (curves by round, a figure per player, payments between
accounts, a figure per name).

Every chart's title states its finding in numbers ("Gini of net worth rose
from 0.05 to 0.31 in 20 rounds"; :mod:`landlord.plotting.findings`), and its
words say the same. :func:`rent_chart` is the live who-paid-whom chart: the
rent the game's family charges (:func:`rent_groups`: in Magie's games the land
rent alone, in the later game every rent, on bare land, houses and hotels,
railroads and utilities), every payment of it, to the players and to the
Public Treasury (gross: rents paid both ways between players would cancel out
in net arrows).

(An ``ipywidgets.Image`` cannot carry an ``alt`` attribute, which is why the
picture is an ``<img>`` in an HTML widget.)
"""

from __future__ import annotations

import base64
import html
import io
import math
from collections.abc import Callable, Mapping, Sequence
from numbers import Real
from typing import Any

from landlord.money import money

__all__ = [
    "Chart",
    "draw_rent",
    "figure_png",
    "figures_in_words",
    "rent_chart",
    "rent_groups",
    "rent_in_words",
    "rent_name",
]

#: Screen resolution of the charts (they are scaled by the browser anyway).
DPI = 80
#: The margins round a chart's axes (Figure.clear forgets them, so they are set each time).
MARGINS = {"left": 0.13, "right": 0.97, "bottom": 0.14, "top": 0.88}
#: What the curves of :func:`landlord.plotting.gini_curve` are, by their gid.
CURVE_WORDS = {"gini:net_worth": "Gini of net worth", "gini:cash": "Gini of cash"}
#: How many payments the words of a cash-flow chart name.
LARGEST_FLOWS = 3


def figure_png(figure: Any) -> bytes:
    """A figure as PNG bytes (Agg; no pyplot state is touched)."""
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=DPI)
    return buffer.getvalue()


class Chart:
    """One figure shown as a picture with alternative text, redrawn on demand.

    Parameters
    ----------
    draw : callable
        ``draw(ax, *args)`` draws on an empty Axes and returns the numbers it
        plotted (kept as :attr:`data`, for tests and for the curious).
    size : (float, float)
        The figure's size in inches.
    description : str
        What the chart shows, in a few words: the start of its alternative text.
    describe : callable, optional
        ``describe(data, *args)``: the key figures of the chart now, in words,
        from what ``draw`` returned and the same ``args``. Without it,
        :func:`figures_in_words` says them.

    Attributes
    ----------
    widget : ipywidgets.HTML
        The picture (class ``landlord-chart``). The ``<img>`` inside carries
        the widget's classes too, so ``img.landlord-chart`` finds it.
    data : any
        What ``draw`` returned last (None for a placeholder).
    alt : str
        The picture's alternative text now.
    png : bytes
        The picture now.

    Examples
    --------
    >>> def draw(ax, values):
    ...     ax.plot(values)
    ...     return {"gini:net_worth": values}
    >>> chart = Chart(draw, description="Gini by round")
    >>> chart.draw([0.0, 0.25, 0.4])
    >>> chart.alt
    'Gini by round: Gini of net worth 0.00 at the first point, 0.40 at the last (3 points).'
    >>> 'alt="Gini by round: Gini of net worth' in chart.widget.value
    True
    """

    def __init__(
        self,
        draw: Callable[..., Any],
        size: tuple[float, float] = (5.6, 3.6),
        description: str = "",
        describe: Callable[..., str] | None = None,
    ) -> None:
        import ipywidgets as widgets
        from matplotlib.figure import Figure

        self._draw = draw
        self._describe = describe
        # No layout engine: constrained layout would double the time a redraw takes.
        self.figure = Figure(figsize=size, dpi=DPI)
        self.widget = widgets.HTML(layout=widgets.Layout(width="100%"))
        self.widget.add_class("landlord-chart")
        # Classes given to the widget later go on the picture too, for CSS and tests.
        self.widget.observe(lambda _: self._show(), names="_dom_classes")
        self.description = description
        self.data: Any = None
        self.alt = description
        self.png = b""

    def placeholder(self, text: str) -> None:
        """Show ``text`` instead of a chart (and have matplotlib ready for the first one)."""
        self.figure.clear()
        ax = self.figure.add_subplot()
        ax.set_axis_off()
        ax.text(0.5, 0.5, text, ha="center", va="center", fontsize=13, wrap=True)
        self.data = None
        self.png = figure_png(self.figure)
        self.alt = text
        self._show()

    def draw(self, *args: Any) -> None:
        """Draw the chart again from ``args`` and send the picture with its words."""
        self.figure.clear()
        self.figure.subplots_adjust(**MARGINS)
        ax = self.figure.add_subplot()
        self.data = self._draw(ax, *args)
        self.png = figure_png(self.figure)
        describe = self._describe or figures_in_words
        figures = describe(self.data, *args)
        words = [part for part in (self.description, figures) if part]
        self.alt = ": ".join(words) or "a chart"
        if figures and not self.alt.endswith("."):
            self.alt += "."
        self._show()

    def _show(self) -> None:
        if not self.png:
            return
        classes = " ".join(self.widget._dom_classes)
        source = base64.b64encode(self.png).decode("ascii")
        self.widget.value = (
            f'<img class="{html.escape(classes)}" alt="{html.escape(self.alt)}" '
            f'src="data:image/png;base64,{source}" '
            'style="display:block;width:100%;height:auto">'
        )


def figures_in_words(data: Any, *args: Any) -> str:
    """The key figures of a chart, in words, from the numbers its drawing returned.

    It reads the shapes the kit's charts return, helped by a game among
    ``args`` (its players' names, its rounds, its currency):

    * ``{curve: [value per round, ...]}``: each curve's first and last value,
      at their rounds when the game's rounds match;
    * ``[value per player, ...]``: each player's figure (money when a game is
      given), their Gini, and who holds the most, with his share of the total;
    * ``{(payer, payee): amount}``: the largest sums paid from one account to another;
    * ``{name: value}``: each figure.

    Anything else has no words ("").

    Examples
    --------
    >>> figures_in_words({"Landlord's Game": [0.0, 0.1, 0.35]})
    "Landlord's Game 0.00 at the first point, 0.35 at the last (3 points)"
    >>> print(figures_in_words({("Ann", "Bob"): 40, ("Bob", "Ann"): 10}))
    payments between 2 pairs of accounts; the largest in all: Ann to Bob 40, Bob to Ann 10
    >>> figures_in_words({"mean rounds": 31.25})
    'mean rounds 31.25'
    """
    games = [arg for arg in args if hasattr(arg, "n_players") and hasattr(arg, "names")]
    game = games[0] if len(games) == 1 else None
    first = games[0] if games else None
    currency = getattr(getattr(getattr(first, "rules", None), "info", None), "currency", "") or "$"
    if isinstance(data, Mapping) and data:
        keys, values = list(data), list(data.values())
        if all(_numbers(value) for value in values):
            return "; ".join(
                _curve(key, value, _rounds(games, len(value))) for key, value in data.items()
            )
        if all(isinstance(key, tuple) and len(key) == 2 for key in keys):
            return _flows(data, game, currency)
        if all(_number(value) for value in values):
            return ", ".join(f"{_words(key)} {_figure(value)}" for key, value in data.items())
        return ""
    if _numbers(data) and data:
        if game is not None and len(data) == game.n_players:
            from landlord.metrics import gini
            from landlord.plotting.findings import largest_share

            each = ", ".join(
                f"{name} {money(value, currency)}"
                for name, value in zip(game.names, data, strict=True)
            )
            spread = float(gini(list(data)))
            each += "" if math.isnan(spread) else f" (Gini {spread:.2f})"
            most = largest_share(game.names, data, of="the total", currency=currency)
            return f"{each}; {most}" if most else each
        return ", ".join(_figure(value) for value in data)
    return ""


def _number(value: Any) -> bool:
    return isinstance(value, Real) and not isinstance(value, bool)


def _numbers(value: Any) -> bool:
    return (
        isinstance(value, Sequence)
        and not isinstance(value, str)
        and all(_number(item) for item in value)
    )


def _figure(value: float) -> str:
    """A number as a chart's words give it: whole numbers with separators, else 2 decimals."""
    if isinstance(value, float) and math.isnan(value):
        return "undefined"
    if float(value).is_integer() and abs(value) >= 10:
        return f"{int(value):,}"
    return f"{value:.2f}"


def _words(key: Any) -> str:
    return CURVE_WORDS.get(str(key), str(key).replace("_", " "))


def _rounds(games: Sequence[Any], count: int) -> list[int] | None:
    """The rounds of ``count`` per-round figures of one of ``games`` (the x of their curves):
    the rounds a game has figures for, if it has as many (games played in step agree)."""
    for game in games:
        table = getattr(game, "round_net_worths", None) or ()
        if len(table) == count:
            return [row[0] for row in table]
    return None


def _curve(key: Any, values: Sequence[float], rounds: Sequence[int] | None) -> str:
    """One curve: its first and last value (at their rounds, if known)."""
    name = _words(key)
    if not values:
        return f"{name}: nothing yet"
    if len(values) == 1:
        where = f" at round {rounds[0]}" if rounds and len(rounds) == 1 else ""
        return f"{name} {_figure(values[0])}{where}"
    if rounds is not None and len(rounds) == len(values):
        return (
            f"{name} {_figure(values[0])} at round {rounds[0]}, "
            f"{_figure(values[-1])} at round {rounds[-1]}"
        )
    return (
        f"{name} {_figure(values[0])} at the first point, {_figure(values[-1])} at the last "
        f"({len(values)} points)"
    )


def _flows(data: Mapping[tuple, Any], game: Any, currency: str) -> str:
    """Money paid from account to account: between how many pairs, and the largest sums."""
    largest = sorted(data.items(), key=lambda item: -item[1])[:LARGEST_FLOWS]
    amount = (lambda value: money(value, currency)) if game is not None else _figure
    named = ", ".join(f"{payer} to {payee} {amount(value)}" for (payer, payee), value in largest)
    count = len(data)
    pairs = f"{count} pair{'s' if count != 1 else ''} of accounts"
    return f"payments between {pairs}; the largest in all: {named}"


def rent_groups(game: Any) -> tuple[str, ...]:
    """The groups of payments the who-paid-whom chart draws as ``game``'s rent: what its
    family declares (:attr:`landlord.engine.family.Family.charted_rent`). Magie's family
    charts the land rent alone; the later game, Quikopoly and Property every rent.

    Examples
    --------
    >>> import landlord
    >>> rent_groups(landlord.play("landlords_game", players=2, seed=1).game)
    ('land rent',)
    >>> rent_groups(landlord.play("monopoly_us", players=2, seed=1, round_limit=2).game)
    ('land rent', 'house rent', 'fares')
    """
    return tuple(game.family.charted_rent)


def rent_name(game: Any) -> str:
    """What the who-paid-whom chart of ``game`` calls the money it draws: "land rent"
    (Magie's games) or "rent" (every kind of it; where the rules charge none, the chart's
    title and words say so).

    Examples
    --------
    >>> import landlord
    >>> rent_name(landlord.play("single_tax", players=2, seed=1).game)
    'land rent'
    >>> rent_name(landlord.play("quikopoly", players=2, seed=1).game)
    'rent'
    """
    from landlord.flows import rent_words

    return rent_words(rent_groups(game)) or "rent"


def _rent_flows(game: Any) -> Any:
    """The graph of the rent ``game``'s family charts, every payment of it."""
    from landlord.flows import cash_flows, only_groups

    return only_groups(cash_flows(game), rent_groups(game))


def _no_rent_words(game: Any) -> str:
    """The chart's title where the rules charge no rent at all, or "" if they charge some."""
    return "" if rent_groups(game) else "These rules charge no rent: nobody pays any"


def draw_rent(ax: Any, game: Any, positions: dict | None = None) -> dict[tuple[str, str], int]:
    """Draw who paid whom rent in ``game`` so far on ``ax``: the rent its family charges
    (:func:`rent_groups`), every payment of it, both ways, none netted or left out; the
    rent paid along each arrow. Magie's games draw the land rent alone; the later game
    its land rent, house and hotel rent and fares, for most of what a tenant pays a
    landlord there is rent on buildings and railroads.

    ``positions`` keeps the accounts' places from one redraw to the next (see
    :func:`landlord.plotting.flow_layout`).

    Examples
    --------
    >>> import landlord
    >>> from matplotlib.figure import Figure
    >>> record = landlord.play("landlords_game", players=4, seed=1)
    >>> ax = Figure().add_subplot()
    >>> paid = draw_rent(ax, record.game)
    >>> sum(paid.values()), paid["eager_landlord 2", "eager_landlord 4"]
    (708, 112)
    >>> paid["eager_landlord 4", "eager_landlord 2"]
    64
    """
    from landlord.plotting import cash_flow_graph

    graph = _rent_flows(game)
    title = _no_rent_words(game) or None
    cash_flow_graph(graph, ax=ax, positions=positions, net=False, most=None, title=title)
    return {(payer, payee): int(amount) for payer, payee, amount in graph.edges(data="amount")}


def rent_in_words(data: Any, game: Any) -> str:
    """The words of :func:`draw_rent`'s chart: how much rent was paid and to whom, then
    every arrow (its alternative text). ``data`` is not needed: the words are read from
    the game, as the chart is."""
    from landlord.plotting.flow_arrows import flows_in_words

    return _no_rent_words(game) or flows_in_words(
        _rent_flows(game), None, currency=game.rules.info.currency, net=False
    )


def rent_chart(description: str = "who paid whom {rent}") -> Chart:
    """The live who-paid-whom chart of a game: :func:`draw_rent` with its words.

    ``description`` starts the words; its ``{rent}`` is what the game's chart draws
    (:func:`rent_name`), filled in at each drawing, since one chart may show games of
    several families in turn.

    Examples
    --------
    >>> import landlord
    >>> chart = rent_chart()
    >>> chart.draw(landlord.play("landlords_game", players=4, seed=1).game)
    >>> print(chart.alt.split(". ")[0])
    who paid whom land rent: $708 of land rent paid, $216 of it to eager_landlord 2, $148 to \
the Public Treasury
    >>> chart.draw(landlord.play("monopoly_us", players=3, seed=1, round_limit=30).game)
    >>> print(chart.alt.split(". ")[0])
    who paid whom rent: $1,116 of rent paid, $393 of it to eager_landlord 2
    """
    positions: dict[Any, tuple[float, float]] = {}

    def draw(ax: Any, game: Any) -> dict[tuple[str, str], int]:
        chart.description = description.format(rent=rent_name(game))
        return draw_rent(ax, game, positions)

    chart = Chart(
        draw,
        size=(7.0, 5.0),
        description=description.format(rent="rent"),
        describe=rent_in_words,
    )
    return chart
