"""The places on a board that a click answers, marked in its SVG.

When a person's question is about a place (which way to move, a lot to buy, a cell of
Property's grid), the play app rings its places on the board and the page script turns a
click on one into the answer; :func:`mark_places` marks them in the board's SVG.
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["mark_places"]


def mark_places(svg: str, places: Any, decision: int) -> str:
    """The board ``svg`` with the places a click answers marked: class ``landlord-pick``
    (ringed in blue by the page's style) and ``data-pick="space@decision"``.

    Examples
    --------
    >>> mark_places('<g class="space" data-space="3" data-kind="lot">', {3: [0]}, 7)
    '<g class="space landlord-pick" data-pick="3@7" data-space="3" data-kind="lot">'
    """
    if not places:
        return svg

    def mark(found: Any) -> str:
        kind, space = found.group(1), int(found.group(2))
        if space not in places:
            return found.group(0)
        pick = f'data-pick="{space}@{decision}"'
        return f'<g class="{kind} landlord-pick" {pick} data-space="{space}"'

    return re.sub(r'<g class="(space(?: side-space)?)" data-space="(\d+)"', mark, svg)
