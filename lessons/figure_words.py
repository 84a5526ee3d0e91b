"""A lesson's charts in words: the alternative text of every chart on the lessons' pages.

The build (``build.py``) runs each lesson in a kernel where :func:`install` has
made a matplotlib Figure's plain-text form a description of what it shows, read
from the figure itself: its title; its axes (what each measures and its range,
or the things it names); each named line's first, last and highest value (or
its points, when it has few); each bar or stack of bars; the spread of a cloud
of points; and the figures and notes written on it (a mean, a verdict, an
amount paid, "one player holds all"). The pages give that text as the ``alt``
of the chart's picture, so a screen reader, or a reader whose picture does not
load, gets what a sighted student reads off the chart, and never Jupyter's
"No description has been provided for this image".

Nothing here knows a particular chart of the kit: a chart whose title is
changed to state its finding is described with the new title at the next
build.
"""

from __future__ import annotations

import contextlib
import math
import re
from collections.abc import Sequence
from typing import Any

__all__ = ["describe", "install"]

#: The most items (lines, bars, notes) one list in a description names.
MOST_ITEMS = 20
#: A line with at most this many points is described point by point.
FEW_POINTS = 8
#: A longest description, in characters (a screen reader reads it all; past this it is noise).
LONGEST = 1500

_NUMBER = re.compile(r"^[-+]?[^\d\s-]?[-+]?\d[\d,]*(\.\d+)?%?$")


def install(shell: Any = None) -> None:
    """Make every matplotlib Figure's plain-text form its description in this IPython session.

    A figure shown as a cell's result then carries :func:`describe`'s words
    beside its picture (the output's ``text/plain``), where the build finds them.
    """
    from matplotlib.figure import Figure

    if shell is None:
        from IPython import get_ipython

        shell = get_ipython()
    formatter = shell.display_formatter.formatters["text/plain"]
    formatter.for_type(Figure, lambda figure, printer, cycle: printer.text(describe(figure)))


def describe(figure: Any) -> str:
    """What a matplotlib figure shows, in sentences, read from the figure itself.

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> figure = Figure()
    >>> ax = figure.add_subplot()
    >>> _ = ax.plot(range(31), [0.01 * r for r in range(31)], label="Gini of net worth")
    >>> _ = ax.set(title="Gini by round", xlabel="round", ylabel="Gini", xlim=(0, 30), ylim=(0, 1))
    >>> print(describe(figure))
    Line chart: Gini by round. Across: round, 0 to 30. Up: Gini, 0 to 1. \
Gini of net worth: 0 at round 0, 0.30 at round 30.
    """
    # Lay the tick labels out; a figure that cannot be laid out still has its data.
    with contextlib.suppress(Exception):
        figure.draw_without_rendering()
    panels = [ax for ax in figure.axes if ax.get_visible() and _has_content(ax)]
    parts = []
    heading = figure.get_suptitle() if hasattr(figure, "get_suptitle") else ""
    if heading.strip():
        parts.append(_sentence(_plain(heading)))
    for number, ax in enumerate(panels, start=1):
        words = " ".join(_panel(ax))
        parts.append(f"Panel {number} of {len(panels)}. {words}" if len(panels) > 1 else words)
    text = " ".join(part for part in parts if part) or "A chart with nothing drawn on it."
    return text if len(text) <= LONGEST else text[: LONGEST - 1].rsplit(" ", 1)[0] + "…"


def _has_content(ax: Any) -> bool:
    return bool(ax.get_lines() or ax.patches or ax.collections or ax.texts or ax.images)


def _panel(ax: Any) -> list[str]:
    """The sentences that describe one Axes."""
    across, up = _Axis(ax, "x"), _Axis(ax, "y")
    title = _plain(
        " ".join(t for t in (ax.get_title("left"), ax.get_title(), ax.get_title("right")) if t)
    )
    sentences = [f"{_kind(ax)}: {title}." if title else f"{_kind(ax)}."]
    if ax.axison:
        sentences += [across.words("Across"), up.words("Up")]
    bars, totals = _bars(ax, across, up)
    sentences += _lines(ax, across, up) + bars + _clouds(ax, across, up)
    sentences += _notes(ax, across, up, totals)
    return [sentence for sentence in sentences if sentence]


def _kind(ax: Any) -> str:
    if not ax.axison:
        return "Diagram"
    if any(_is_bars(container) for container in ax.containers):
        return "Bar chart"
    if _named_lines(ax):
        return "Line chart"
    return "Chart"


class _Axis:
    """One axis of a chart: its label, range and the style of its numbers, or its categories."""

    def __init__(self, ax: Any, which: str) -> None:
        self.which = which
        axis = ax.xaxis if which == "x" else ax.yaxis
        self.label = _plain(axis.get_label().get_text())
        low, high = ax.get_xlim() if which == "x" else ax.get_ylim()
        self.low, self.high = min(low, high), max(low, high)
        self.ticks = [
            (float(value), _plain(label.get_text()))
            for value, label in zip(axis.get_ticklocs(), axis.get_ticklabels(), strict=False)
            if label.get_text().strip()
        ]
        texts = [text for _, text in self.ticks]
        self.categorical = bool(texts) and not all(_NUMBER.match(_ascii(t)) for t in texts)
        self.percent = bool(texts) and all(
            _ascii(t).endswith("%") or _ascii(t) == "0" for t in texts
        )
        symbols = {_ascii(t).lstrip("-")[0] for t in texts if not self.categorical and t}
        symbols = {symbol for symbol in symbols if not symbol.isdigit() and symbol not in "+."}
        self.currency = symbols.pop() if len(symbols) == 1 else ""

    def words(self, direction: str) -> str:
        if self.categorical:
            names = _listed([text for _, text in self.ticks], "names")
            return f"{direction}: {self.label + ': ' if self.label else ''}{names}."
        span = f"{self.number(self.low)} to {self.number(self.high)}"
        return f"{direction}: {self.label + ', ' if self.label else ''}{span}."

    def number(self, value: float) -> str:
        """A value as the axis writes it: a share as a percentage, money with its sign."""
        if isinstance(value, float) and math.isnan(value):
            return "no value"
        if self.percent:
            return f"{value * 100:.1f}".rstrip("0").rstrip(".") + "%"
        if self.currency:
            sign = "-" if value < 0 else ""
            return f"{sign}{self.currency}{abs(value):,.0f}"
        if abs(value - round(value)) < 1e-9:
            return f"{round(value):,}"
        return f"{value:.0f}" if abs(value) >= 100 else f"{value:.2f}"

    def at(self, value: float) -> str:
        """Where on this axis: "round 12" for an axis of rounds, else the number."""
        if self.categorical:
            return self.nearest(value)
        name = re.split(r"[(,:;]", self.label, maxsplit=1)[0].strip()
        number = self.number(value)
        return f"{name} {number}" if name and len(name) <= 20 else number

    def nearest(self, value: float) -> str:
        """The category named nearest ``value`` on a categorical axis."""
        if not self.ticks:
            return ""
        return min(self.ticks, key=lambda tick: abs(tick[0] - value))[1]


def _named_lines(ax: Any) -> list[Any]:
    """The lines of data that have a name (not a key's sample line, drawn in the axes' frame)."""
    return [
        line
        for line in ax.get_lines()
        if line.get_visible()
        and str(line.get_label()).strip()
        and not str(line.get_label()).startswith("_")
        and line.get_transform().contains_branch(ax.transData)
    ]


def _points(line: Any, across: _Axis) -> list[tuple[float, float]]:
    """A line's points within the chart's view (a curve may run on past the axis)."""
    pairs = zip(_floats(line.get_xdata()), _floats(line.get_ydata()), strict=False)
    return [
        (x, y)
        for x, y in pairs
        if not (math.isnan(x) or math.isnan(y)) and across.low <= x <= across.high
    ]


def _lines(ax: Any, across: _Axis, up: _Axis) -> list[str]:
    said = []
    for line in _named_lines(ax):
        points = _points(line, across)
        if not points:
            continue
        name = _plain(str(line.get_label()))
        if len(points) <= FEW_POINTS:
            spots = ", ".join(f"({across.number(x)}, {up.number(y)})" for x, y in points)
            said.append(f"{name}: points {spots}")
            continue
        (x0, y0), (x1, y1) = points[0], points[-1]
        words = f"{name}: {up.number(y0)} at {across.at(x0)}, {up.number(y1)} at {across.at(x1)}"
        top_x, top_y = max(points, key=lambda point: point[1])
        if top_y > max(y0, y1) + 0.05 * (up.high - up.low):
            words += f", highest {up.number(top_y)} at {across.at(top_x)}"
        low_x, low_y = min(points, key=lambda point: point[1])
        if low_y < min(y0, y1) - 0.05 * (up.high - up.low):
            words += f", lowest {up.number(low_y)} at {across.at(low_x)}"
        said.append(words)
    return [_sentence(part) for part in _capped(said, "lines")]


def _is_bars(container: Any) -> bool:
    return type(container).__name__ == "BarContainer" and bool(container.patches)


def _bars(ax: Any, across: _Axis, up: _Axis) -> tuple[list[str], set[str]]:
    """Each bar, by the thing it stands for; a stack of bars part by part, with its total.
    Also the totals as a note on the chart would give them ("Ann: $1,133"), said already."""
    containers = [c for c in ax.containers if _is_bars(c)]
    if not containers:
        return [], set()
    vertical = getattr(containers[0], "orientation", "vertical") != "horizontal"
    names, values = (across, up) if vertical else (up, across)
    stacks: dict[str, list[tuple[str, float]]] = {}
    for container in containers:
        part = _plain(str(container.get_label()))
        for patch in container.patches:
            if vertical:
                where, size = patch.get_x() + patch.get_width() / 2, patch.get_height()
            else:
                where, size = patch.get_y() + patch.get_height() / 2, patch.get_width()
            name = names.nearest(where) if names.categorical else names.number(where)
            stacks.setdefault(name, []).append((part, float(size)))
    said, totals = [], set()
    for name, parts in stacks.items():
        total = values.number(sum(size for _, size in parts))
        totals.add(f"{name}: {total}")
        if len(parts) == 1 or _unnamed_parts(parts):
            said.append(f"{name} {total}")
            continue
        shown = [(part, size) for part, size in parts if size]
        each = ", ".join(f"{part} {values.number(size)}" for part, size in shown) or "nothing"
        said.append(f"{name}: {each} (in all {total})")
    return [_sentence(part) for part in _capped(said, "bars")], totals


def _unnamed_parts(parts: Sequence[tuple[str, float]]) -> bool:
    return all(part.startswith("_") for part, _ in parts)


def _clouds(ax: Any, across: _Axis, up: _Axis) -> list[str]:
    """Clouds of points (one per game, say): how many there are and how far they spread."""
    said = []
    names = across if across.categorical else up if up.categorical else None
    for collection in ax.collections:
        if type(collection).__name__ != "PathCollection":
            continue
        offsets = [(float(x), float(y)) for x, y in collection.get_offsets()]
        if len(offsets) < 3:
            continue  # a marker or two: the notes on the chart say them
        groups: dict[str, list[float]] = {}
        for x, y in offsets:
            if names is across:
                groups.setdefault(across.nearest(x), []).append(y)
            elif names is up:
                groups.setdefault(up.nearest(y), []).append(x)
            else:
                groups.setdefault("", []).append(y)
        spread = up if names is not up else across
        for name, values in groups.items():
            low, high = spread.number(min(values)), spread.number(max(values))
            lead = f"{name}: " if name else ""
            said.append(f"{lead}{len(values)} points from {low} to {high}")
    return [_sentence(part) for part in _capped(said, "clouds of points")]


def _notes(ax: Any, across: _Axis, up: _Axis, said_already: set[str]) -> list[str]:
    """The words written on the chart: figures by the thing they belong to, notes, the key."""
    notes, key = [], []
    for text in ax.texts:
        words = _plain(text.get_text())
        if not text.get_visible() or not words:
            continue
        gid = str(text.get_gid() or "")
        if gid == "key":
            key.append(words)
            continue
        if gid.startswith("amount:") and "->" in gid:
            payer, _, payee = gid.partition(":")[2].partition("->")
            words = f"{_plain(payer)} to {_plain(payee)} {words}"
        elif across.categorical or up.categorical:
            x, y = _data_position(ax, text)
            name = across.nearest(x) if across.categorical else up.nearest(y)
            words = f"{name}: {words}" if name and name != words else words
        if words not in notes and words not in said_already:
            notes.append(words)
    said = []
    if notes:
        said.append("On the chart: " + "; ".join(_capped(notes, "notes")))
    named = " ".join(_plain(str(line.get_label())) for line in _named_lines(ax))
    key = [entry for entry in key if entry not in named]
    if key:
        said.append("Key: " + "; ".join(_capped(key, "entries")))
    return [_sentence(part) for part in said]


def _data_position(ax: Any, text: Any) -> tuple[float, float]:
    """Where a text stands, in the data's coordinates (it may be placed in the axes' own)."""
    shown = text.get_transform().transform(text.get_position())
    x, y = ax.transData.inverted().transform(shown)
    return float(x), float(y)


def _capped(items: Sequence[str], what: str) -> list[str]:
    if len(items) <= MOST_ITEMS:
        return list(items)
    return [*items[:MOST_ITEMS], f"and {len(items) - MOST_ITEMS} more {what}"]


def _listed(items: Sequence[str], what: str) -> str:
    """Names in a list: parted by semicolons when a name has a comma of its own."""
    glue = "; " if any("," in item for item in items) else ", "
    return glue.join(_capped([item for item in items if item], what))


def _floats(values: Any) -> list[float]:
    out = []
    for value in values:
        try:
            out.append(float(value))
        except (TypeError, ValueError):
            out.append(math.nan)
    return out


def _plain(text: str) -> str:
    """Text on one line, without the mathtext dollars matplotlib may keep."""
    return " ".join(str(text).replace("\\$", "$").split())


def _ascii(text: str) -> str:
    return text.replace("\u2212", "-").replace(" ", "")


def _sentence(text: str) -> str:
    text = text.strip()
    return text if not text or text.endswith((".", "!", "?", "…")) else text + "."
