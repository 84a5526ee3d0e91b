"""Live charts: matplotlib figures of a game, redrawn into image widgets.

Each chart keeps one Agg figure and one ``ipywidgets.Image``; :meth:`Chart.draw`
clears the figure, lets a :mod:`landlord.plotting` function draw on it, and
sends the PNG to the browser. The image widget also keeps what it shows in
:attr:`Chart.data` (the plotted numbers), which the tests read.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

__all__ = ["Chart", "figure_png"]

#: Screen resolution of the charts (they are scaled by the browser anyway).
DPI = 80
#: The margins round a chart's axes (Figure.clear forgets them, so they are set each time).
MARGINS = {"left": 0.13, "right": 0.97, "bottom": 0.14, "top": 0.88}


def figure_png(figure: Any) -> bytes:
    """A figure as PNG bytes (Agg; no pyplot state is touched)."""
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=DPI)
    return buffer.getvalue()


class Chart:
    """One figure shown as an image widget, redrawn on demand.

    Parameters
    ----------
    draw : callable
        ``draw(ax, *args)`` draws on an empty Axes and returns the numbers it
        plotted (kept as :attr:`data`, for tests and for the curious).
    size : (float, float)
        The figure's size in inches.
    description : str
        What the chart shows, in a few words.
    """

    def __init__(
        self,
        draw: Callable[..., Any],
        size: tuple[float, float] = (5.6, 3.6),
        description: str = "",
    ) -> None:
        import ipywidgets as widgets
        from matplotlib.figure import Figure

        self._draw = draw
        # No layout engine: constrained layout would double the time a redraw takes.
        self.figure = Figure(figsize=size, dpi=DPI)
        self.widget = widgets.Image(format="png", layout=widgets.Layout(width="100%"))
        self.widget.add_class("landlord-chart")
        #: What the chart shows, in a few words. (An Image widget given a tooltip
        #: fails to show in the browser with ipywidgets 8.1, so it is kept here.)
        self.description = description
        self.data: Any = None

    def placeholder(self, text: str) -> None:
        """Show ``text`` instead of a chart (and have matplotlib ready for the first one)."""
        self.figure.clear()
        ax = self.figure.add_subplot()
        ax.set_axis_off()
        ax.text(0.5, 0.5, text, ha="center", va="center", fontsize=13, wrap=True)
        self.data = None
        self.widget.value = figure_png(self.figure)

    def draw(self, *args: Any) -> None:
        """Draw the chart again from ``args`` and send the picture."""
        self.figure.clear()
        self.figure.subplots_adjust(**MARGINS)
        ax = self.figure.add_subplot()
        self.data = self._draw(ax, *args)
        self.widget.value = figure_png(self.figure)
