"""Where the rules changed during a game: a labelled line across a by-round chart.

Magie's games may switch to the single tax while they are played (a vote
carried, a round reached, a Gini level passed):
:func:`~landlord.plotting.sources.rule_switches` reads when. A chart of the
game round by round marks that round with a dash-dotted vertical line (the
Gini curves are solid and dashed, the ceiling dotted, so it reads without
colour) and words beside it, "single tax / from round 16". The words go
where they hide least: clear of the key, of the ceiling's words and of each
other, over as few points of the curves as can be.

A figure at the end of round ``r`` is drawn at ``x = r``, so round ``r``
itself is played between ``r - 1`` and ``r``: the line stands in the middle,
at ``r - 0.5``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from landlord.plotting.colours import INK
from landlord.plotting.key import _ROW
from landlord.plotting.style import SMALL, _box_size, _text_width

if TYPE_CHECKING:
    from matplotlib.axes import Axes

#: The gids of a switch's line and of its words.
SWITCH_GID = "rule-switch"
SWITCH_WORDS_GID = "rule-switch-words"
#: A box in points inside the axes: (left, bottom, right, top).
Box = tuple[float, float, float, float]


def _mark_switches(
    ax: Axes, switches: Sequence[tuple[int, str]], game: str, colour: str | None
) -> None:
    """Draw ``game``'s rule switches on ``ax``, replacing those drawn for it before.

    Each is a line with gid :data:`SWITCH_GID` at ``round - 0.5`` and its
    words (gid :data:`SWITCH_WORDS_GID`), both labelled
    ``"_switch:GAME:ROUND"``; :func:`_place_switch_words` places the words
    once the limits are set.
    """
    tag = f"_switch:{game}"
    for artist in [*ax.get_lines(), *ax.texts]:
        if (
            artist.get_gid() in (SWITCH_GID, SWITCH_WORDS_GID)
            and artist.get_label().rpartition(":")[0] == tag
        ):
            artist.remove()
    for round_, what in switches:
        label = f"{tag}:{round_}"
        ax.axvline(
            round_ - 0.5,
            linestyle="-.",
            linewidth=2.5,
            color=colour or INK,
            gid=SWITCH_GID,
            label=label,
            zorder=1.5,  # under the curves
        )
        ax.text(
            round_ - 0.5,
            0.5,
            f"{what}\nfrom round {round_}",
            transform=ax.get_xaxis_transform(),
            fontsize=SMALL,
            color=INK,
            gid=SWITCH_WORDS_GID,
            label=label,
            zorder=5,
            parse_math=False,
            bbox={"boxstyle": "round,pad=0.15", "fc": "white", "ec": "none", "alpha": 0.85},
        )


def _switch_rounds(ax: Axes) -> list[float]:
    """Where the switch lines on ``ax`` stand (in rounds)."""
    return [float(line.get_xdata()[0]) for line in ax.get_lines() if line.get_gid() == SWITCH_GID]


def _place_switch_words(
    ax: Axes, avoid: Sequence[Box], curves: Sequence[Any], levels: Sequence[float] = ()
) -> None:
    """Put each switch's words beside its line where they cover least.

    ``avoid`` are boxes (in points, from the axes' bottom left) the words must
    not overlap (the key, the ceiling's words); ``curves`` are the lines they
    should cover as little of as they can, and ``levels`` the heights of lines
    across the axes (the ceiling). Limits must be set.
    """
    # Where each line stands (its words have moved, if placed before).
    stands = {
        line.get_label(): float(line.get_xdata()[0])
        for line in ax.get_lines()
        if line.get_gid() == SWITCH_GID
    }
    words = sorted(
        (text for text in ax.texts if text.get_gid() == SWITCH_WORDS_GID),
        key=lambda text: stands[text.get_label()],
    )
    if not words:
        return
    width, height = _box_size(ax)
    (x0, x1), (y0, y1) = ax.get_xlim(), ax.get_ylim()

    def across(x: Any) -> Any:
        return (np.asarray(x, dtype=float) - x0) / ((x1 - x0) or 1.0) * width

    def up(y: Any) -> Any:
        return (np.asarray(y, dtype=float) - y0) / ((y1 - y0) or 1.0) * height

    # The lines' points every 2 points across, so that a box between two rounds'
    # figures still sees the line that joins them.
    points = [np.zeros((0, 2))]
    for line in curves:
        x, y = across(line.get_xdata()), up(line.get_ydata())
        if len(x) > 1:
            dense = np.arange(float(x[0]), float(x[-1]), 2.0)
            points.append(np.column_stack([dense, np.interp(dense, x, y)]))
    dense = np.arange(0.0, width, 2.0)
    for level in levels:
        points.append(np.column_stack([dense, np.full_like(dense, float(up(level)))]))
    points = np.concatenate(points)
    taken = list(avoid)
    for text in words:
        line = float(across(stands[text.get_label()]))
        wide = _text_width(text.get_text()) + 6
        tall = 2 * _ROW + 2
        # Tops to try, best first: the top, under each box in the way, the middle, the bottom.
        tops = [height - 4, *(box[1] - 6 for box in taken), height / 2 + tall / 2, tall + 4]
        tried = []
        for order, (top, right) in enumerate((t, r) for t in tops for r in (True, False)):
            left = line + 6 if right else line - 6 - wide
            box = (left, top - tall, left + wide, top)
            if box[0] < 0 or box[2] > width or box[1] < 0 or box[3] > height:
                continue
            clash = sum(_overlap(box, other) for other in taken)
            covered = int(
                np.count_nonzero(
                    (points[:, 0] >= box[0])
                    & (points[:, 0] <= box[2])
                    & (points[:, 1] >= box[1])
                    & (points[:, 1] <= box[3])
                )
            )
            tried.append((clash, covered, order, box, right))
        if not tried:  # no room beside the line: from the left edge, at the top
            box = (0.0, height - 4 - tall, wide, height - 4)
            tried.append((0, 0, 0, box, True))
        *_, box, right = min(tried, key=lambda t: t[:3])
        # Aligned on the side towards the line (the width is only estimated).
        text.set_position(((box[0] if right else box[2]) / width, (box[1] + box[3]) / 2 / height))
        text.set_transform(ax.transAxes)
        text.set_horizontalalignment("left" if right else "right")
        text.set_verticalalignment("center")
        taken.append(box)


def _overlap(a: Box, b: Box) -> bool:
    """Whether two boxes overlap."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
