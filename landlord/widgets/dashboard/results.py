"""What the experiments dashboard shows of a run: the reading, the charts, the summary
table and the downloads.

:class:`Results` makes the results' widgets (:meth:`Results.make_results`: hidden until the
first run) and shows a comparison in them (:meth:`Results.show`): the reading aloud
(:mod:`landlord.widgets.dashboard.reading`), the final Gini of every game, the mean Gini
round by round with its band and how long the games lasted (:data:`CHARTS`, each with its
figures in words), the summary table (:func:`landlord.views.summary.summary_html`) and the
CSV files (:mod:`landlord.views.downloads`).
"""

from __future__ import annotations

import html
from typing import Any

from landlord.views.downloads import columns_html, csv_link
from landlord.views.summary import summary_html
from landlord.widgets.dashboard.reading import reading

__all__ = ["CHARTS", "Results"]


def _draw_distributions(ax: Any, result: Any) -> dict[str, float]:
    """The final Gini of every game; returns each rule set's mean."""
    from landlord.plotting import gini_distributions

    gini_distributions(result, ax=ax, names=result.names)
    games = result.games
    return {
        label: float(games.loc[games["label"] == label, "gini_net_worth"].mean())
        for label in result.labels
    }


def _draw_rounds(ax: Any, result: Any) -> dict[str, list[float]]:
    """The mean Gini round by round; returns each rule set's plotted curve."""
    from landlord.plotting import mean_gini_by_round

    mean_gini_by_round(result, ax=ax, names=result.names)
    labels = set(result.labels)
    return {
        line.get_gid(): [float(y) for y in line.get_ydata()]
        for line in ax.get_lines()
        if line.get_gid() in labels
    }


def _draw_lengths(ax: Any, result: Any) -> dict[str, float]:
    """How long the games lasted; returns each rule set's mean number of rounds."""
    from landlord.plotting import game_lengths

    game_lengths(result, ax=ax, names=result.names)
    games = result.games
    return {
        label: float(games.loc[games["label"] == label, "rounds"].mean())
        for label in result.labels
    }


def _framed(draw: Any, margins: dict[str, float]) -> Any:
    """``draw``, with the figure's margins set first (clearing a figure resets them)."""

    def framed(ax: Any, result: Any) -> Any:
        ax.figure.subplots_adjust(**margins)
        return draw(ax, result)

    return framed


def _spread_in_words(column: str, words: str) -> Any:
    """A describer of a chart of one figure a rule set: each rule set's mean of the games'
    ``column`` and its range, as ``words`` says (``{mean}``, ``{low}``, ``{high}``)."""

    def describe(data: dict[str, float], result: Any) -> str:
        games = result.games
        parts = []
        for label in result.labels:
            values = games.loc[games["label"] == label, column]
            said = words.format(mean=data[label], low=values.min(), high=values.max())
            parts.append(f"{result.names[label]}: {said}")
        return "; ".join(parts)

    return describe


#: The distributions chart in words: each rule set's mean and range of final Ginis.
_describe_distributions = _spread_in_words(
    "gini_net_worth", "mean {mean:.3f}, from {low:.3f} to {high:.3f}"
)
#: The game-length chart in words: each rule set's mean and range of rounds.
_describe_lengths = _spread_in_words(
    "rounds", "{mean:.1f} rounds on average, from {low} to {high}"
)


def _describe_rounds(data: dict[str, list[float]], result: Any) -> str:
    """The round-by-round chart in words: each curve's start, peak and end."""
    parts = []
    for label in result.labels:
        curve = data.get(label) or []
        if not curve:
            continue
        # The curve's x is the round, from 0 (see landlord.plotting.mean_gini_by_round).
        last = len(curve) - 1
        peak = max(range(len(curve)), key=curve.__getitem__)
        said = [f"{curve[0]:.3f} at round 0"]
        if 0 < peak < last:
            said.append(f"highest {curve[peak]:.3f} at round {peak}")
        if last:
            said.append(f"{curve[-1]:.3f} at round {last}")
        parts.append(f"{result.names[label]}: {', '.join(said)}")
    return "; ".join(parts)


#: The charts: name, drawing function, what it shows, its figures in words, size in
#: inches, margins. Fixed margins rather than a layout engine, which would double the
#: drawing time.
CHARTS = (
    (
        "distributions",
        _draw_distributions,
        "Final Gini of net worth of every game, by rule set",
        _describe_distributions,
        (8.4, 4.8),
        {"left": 0.1, "right": 0.97, "bottom": 0.22, "top": 0.9},
    ),
    (
        "rounds",
        _draw_rounds,
        "Mean Gini of net worth round by round, with its 95% band",
        _describe_rounds,
        (8.4, 4.8),
        {"left": 0.09, "right": 0.98, "bottom": 0.14, "top": 0.9},
    ),
    (
        "lengths",
        _draw_lengths,
        "How many rounds the games lasted",
        _describe_lengths,
        (8.4, 4.8),
        {"left": 0.09, "right": 0.98, "bottom": 0.14, "top": 0.9},
    ),
)


class Results:
    """The results of :class:`~landlord.widgets.dashboard.ExperimentsApp`: made by
    :meth:`make_results`, filled by :meth:`show`. The app gives ``bots`` (its menu) and
    ``_offer_more`` (the button that plays more pairs)."""

    def make_results(self) -> Any:
        """Make the results' widgets; return them as one box, hidden until the first run."""
        import ipywidgets as widgets

        from landlord.widgets.charts import Chart

        self.reading = widgets.HTML()
        self.reading.add_class("landlord-reading")
        self.run_more = widgets.Button(description="Play more pairs", icon="play")
        self.run_more.add_class("landlord-run-more")
        self.run_more.on_click(lambda _: self.play_more())
        self.run_more_note = widgets.HTML(layout={"flex": "1 1 20em"})
        self.run_more_note.add_class("landlord-run-more-note")
        self.more = widgets.HBox(
            [self.run_more, self.run_more_note],
            layout={
                "display": "none",
                "flex_flow": "row wrap",
                "align_items": "center",
                "margin": "0.3em 0",
            },
        )
        #: The games per rule set the button plays (0: none offered).
        self._more_games = 0
        self.summary = widgets.HTML(layout={"width": "100%"})
        self.summary.add_class("landlord-summary")
        self.downloads = widgets.HTML()
        self.downloads.add_class("landlord-downloads")
        self.charts: dict[str, Chart] = {}
        for name, draw, description, describe, size, margins in CHARTS:
            chart = Chart(
                _framed(draw, margins), size=size, description=description, describe=describe
            )
            chart.widget.add_class(f"landlord-chart-{name}")
            self.charts[name] = chart
        self.results = widgets.VBox(
            [
                widgets.HTML("<h3 style='margin:0.6em 0 0.2em'>What your games show</h3>"),
                self.reading,
                self.more,
                widgets.GridBox(
                    [chart.widget for chart in self.charts.values()],
                    layout={
                        # Never wider than the page, and never a box that scrolls (one that
                        # scrolls must be reachable by Tab): the widgets' margins overhang.
                        "grid_template_columns": "repeat(auto-fit, minmax(min(36em, 100%), 1fr))",
                        "width": "100%",
                        "overflow": "visible",
                    },
                ),
                self.summary,
                self.downloads,
            ],
            layout={"display": "none", "width": "100%"},
        )
        self.results.add_class("landlord-results")
        self.result: Any = None
        return self.results

    def show(self, result: Any) -> None:
        """Show a comparison: the reading, the charts, the table and the downloads."""
        for chart in self.charts.values():
            chart.draw(result)
        self.reading.value = "".join(
            f"<p style='margin:0 0 0.4em'>{html.escape(line)}</p>"
            for line in reading(result).splitlines()
        )
        self._offer_more(result)
        self.summary.value = summary_html(result, bots=self.bots.label or "")
        games = csv_link(
            result.games, "landlord_results.csv", "landlord_results.csv", "landlord-download-games"
        )
        players = csv_link(
            result.per_player,
            "landlord_players.csv",
            "landlord_players.csv",
            "landlord-download-players",
        )
        self.downloads.value = (
            "<div><b>Download the results</b> (CSV files, for a spreadsheet; every row also "
            "says what was played):</div><ul style='margin:0'>"
            f"<li>{games}: one row per game of each rule set.</li>"
            f"<li>{players}: one row per player of each game.</li></ul>"
            "<details><summary>What the columns of the files hold</summary>"
            "<p style='margin:0.3em 0'><b>landlord_results.csv</b></p>"
            f"{columns_html(result.games, result.at_round)}"
            "<p style='margin:0.3em 0'><b>landlord_players.csv</b></p>"
            f"{columns_html(result.per_player)}</details>"
        )
        self.result = result
        self.results.layout.display = "flex"
