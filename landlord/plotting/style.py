"""The look shared by every figure: sizes, text, the axes, their ticks, and the Gini axis.

Sizes are in points (text at least 11, for a projector). The helpers set
fixed ticks and limits rather than let matplotlib's locators and
autoscaling work them out at every redraw (see "Speed" in
:mod:`landlord.plotting`).
"""

from __future__ import annotations

import functools
import math
import textwrap
from typing import TYPE_CHECKING, Any

import numpy as np

from landlord.plotting.colours import INK

if TYPE_CHECKING:
    from matplotlib.axes import Axes

#: Font sizes in points (11 at the least, for a projector) and the line width.
TEXT, SMALL, TITLE = 12, 11, 14
LINE = 3.0


# --- Text -----------------------------------------------------------------------------


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


# --- Figures, axes and ticks ----------------------------------------------------------


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
    """A title at the top left, on as many lines as the figure's width needs.

    Its height is fixed (``y=1``), so that matplotlib does not measure
    everything on the axes to place it at every redraw. A title that states a
    finding can be long: it is wrapped at spaces to the room from the axes'
    left edge to the figure's right edge, and where the figure leaves too
    little room above the axes for its lines, the axes' top edge moves down
    (not in a figure that lays itself out, nor in a subfigure).
    """
    figure = ax.get_figure(root=True)
    wide, tall = figure.get_size_inches() * 72
    box = ax.get_position(original=True)
    room = wide * (1.0 - box.x0) - 6.0
    lines = [line for part in text.split("\n") for line in _fill(part, room, TITLE)]
    ax.set_title("\n".join(lines), fontsize=TITLE, loc="left", y=1.0, pad=pad, parse_math=False)
    if ax.figure is not figure or figure.get_layout_engine() is not None:
        return
    top = 1.0 - (len(lines) * 1.2 * TITLE + pad + 2.0) / tall
    if top < box.y1 and box.y0 < top:
        ax.set_position([box.x0, box.y0, box.width, top - box.y0])


def _fill(text: str, width: float, size: float) -> list[str]:
    """``text`` in as few lines as fit ``width`` points (at ``size`` points), broken at
    spaces into lines of about equal width (no word left alone on the last); a
    word longer than a line stands on its own.

    Each word is measured once, from the font; a line is as wide as its words
    and the spaces between them, give or take the kerning.

    Examples
    --------
    >>> _fill("Gini of net worth rose from 0.05 to 0.31 in 20 rounds", 300.0, 14)
    ['Gini of net worth rose from', '0.05 to 0.31 in 20 rounds']
    >>> _fill("Lorenz curve", 300.0, 14)
    ['Lorenz curve']
    """
    words = text.split(" ")
    sizes = [_measured_width(word, size) for word in words]
    space = _measured_width("a a", size) - 2 * _measured_width("a", size)
    lines = _greedy(sizes, space, width)
    if len(lines) > 1:  # the narrowest width that still takes as few lines
        low, high = 0.0, width
        for _ in range(12):
            middle = (low + high) / 2
            if len(_greedy(sizes, space, middle)) > len(lines):
                low = middle
            else:
                high = middle
        lines = _greedy(sizes, space, high)
    return [" ".join(words[first:last]) for first, last in lines]


def _greedy(sizes: list[float], space: float, width: float) -> list[tuple[int, int]]:
    """Words of widths ``sizes`` on lines at most ``width`` wide: (first, last) of each."""
    lines: list[tuple[int, int]] = []
    used = 0.0
    for number, size in enumerate(sizes):
        if lines and used + space + size <= width:
            lines[-1] = (lines[-1][0], number + 1)
            used += space + size
        else:
            lines.append((number, number + 1))
            used = size
    return lines or [(0, 0)]


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


def _text_width(text: str, size: float = SMALL, bold: bool = False) -> float:
    """About how wide ``text`` is in points (its longest line), without drawing it.

    Laying text out costs as much as drawing it; the keys need only a
    generous estimate (DejaVu Sans averages under 0.6 em a character).
    """
    longest = max((len(line) for line in text.split("\n")), default=0)
    return longest * size * (0.64 if bold else 0.6)


@functools.lru_cache(maxsize=1024)
def _measured_width(text: str, size: float = SMALL) -> float:
    """How wide ``text`` is in points, measured from the font (its longest line).

    Quicker than laying the text out on a canvas; for the few labels that
    must fit exactly, where :func:`_text_width`'s estimate will not do.
    """
    from matplotlib.font_manager import FontProperties
    from matplotlib.textpath import text_to_path

    font = FontProperties(size=size)
    return max(
        (
            text_to_path.get_text_width_height_descent(line, font, ismath=False)[0]
            for line in text.split("\n")
        ),
        default=0.0,
    )


def _axis_room(ax: Axes, axis: str, tick_labels: list[str], label: str) -> float:
    """The room in points that ``axis``'s ticks, tick labels and label take beside the axes
    (with the sizes :func:`_style` sets): across the y axis, up the x axis."""
    import matplotlib as mpl

    ticks = 5.0 + mpl.rcParams[f"{axis}tick.major.pad"]
    if axis == "y":
        labels = max((_measured_width(text) for text in tick_labels), default=0.0)
    else:
        labels = 1.2 * SMALL if tick_labels else 0.0
    words = 1.2 * TEXT + mpl.rcParams["axes.labelpad"] if label else 0.0
    return ticks + labels + words + 2.0


def _keep_on_figure(ax: Axes, *, left: float = 0.0, bottom: float = 0.0) -> None:
    """Move the left and bottom edges of ``ax`` in where the figure leaves less than
    ``left`` and ``bottom`` points for what stands beside them, so that no label is cut
    off: someone else's figure may have margins too narrow for these labels."""
    figure = ax.get_figure(root=True)
    if ax.figure is not figure:  # in a subfigure: left as it is
        return
    box = ax.get_position(original=True)
    wide, tall = figure.get_size_inches() * 72
    x0, y0 = max(box.x0, left / wide), max(box.y0, bottom / tall)
    if (x0, y0) != (box.x0, box.y0) and x0 < box.x1 and y0 < box.y1:
        ax.set_position([x0, y0, box.x1 - x0, box.y1 - y0])


def _box_size(ax: Axes) -> tuple[float, float]:
    """The width and height of ``ax`` in points, as its figure now places it."""
    box = ax.get_position(original=True).transformed(ax.figure.transSubfigure)
    dpi = ax.get_figure(root=True).dpi
    return box.width / dpi * 72, box.height / dpi * 72


# --- The Gini axis ------------------------------------------------------------------


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
        f"1 - 1/{n} = {ceiling:.2f}: one player holds all",
        transform=ax.get_yaxis_transform(),
        ha="right",
        va="bottom",
        fontsize=SMALL,
        color=INK,
        gid="gini-ceiling-label",
    )
