"""The keys (legends) of the one-game figures, drawn directly rather than by matplotlib.

Laying out and drawing text is where most of the time of a redraw goes, so
:func:`_key` places its entries from a width estimate
(:func:`~landlord.plotting.style._text_width`) and draws them on a white
ground inside the axes, every size in points.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from landlord.plotting.colours import INK
from landlord.plotting.style import LINE, SMALL, _text_width

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.transforms import Transform


def _points(ax: Axes, x: float, y: float) -> Transform:
    """A transform from points, measured from ``(x, y)`` in axes fractions, to the screen."""
    from matplotlib.transforms import Affine2D, ScaledTranslation

    return (
        Affine2D().scale(1 / 72)
        + ax.figure.dpi_scale_trans
        + ScaledTranslation(x, y, ax.transAxes)
    )


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
    short line (with ``linestyle`` or ``linewidth``, and a hollow round
    marker in its middle if it has a ``marker``) or, with ``"hatch"`` or
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
            if sample.get("marker"):
                _marker(ax, (left + sample_width / 2, middle), sample, common)
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


def _marker(
    ax: Axes, at: tuple[float, float], sample: dict[str, Any], common: dict[str, Any]
) -> None:
    """A hollow round marker in the middle of a key's line sample (a patch, like the key's
    ground: a line would count among the axes' lines, which hold the data alone)."""
    from matplotlib.patches import Circle

    ax.add_artist(
        Circle(
            at,
            3.0,
            facecolor="white",
            edgecolor=sample.get("color", INK),
            linewidth=1.5,
            **{**common, "zorder": 7},
        )
    )
