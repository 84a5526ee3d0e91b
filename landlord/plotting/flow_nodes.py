"""The accounts on the cash-flow graph: how big each is drawn, its shape, and its name.

Players are circles in their colours, with their name and balance change
beside them; the piles of money are grey squares named in words below them
("Public Treasury", "Miscellaneous (bank)"). :func:`_taken` says what room
the nodes and their names cover, so that the amounts written on the arrows
keep clear of them.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from landlord.palette import player_colour
from landlord.plotting.colours import INK, PILE_COLOUR
from landlord.plotting.flow_geometry import Box
from landlord.plotting.style import SMALL, _text_width

if TYPE_CHECKING:
    import networkx as nx
    from matplotlib.axes import Axes


def _node_radii(
    graph: nx.DiGraph, nodes: list[Any], change: dict[Any, float], size_by: str
) -> dict[Any, float]:
    """Each node's radius in data units, its area by the money it received (or, with
    ``size_by="balance_change"``, by how far its balance moved), from a visible minimum."""
    if size_by == "received":
        weight = dict.fromkeys(nodes, 0.0)
        for _, payee, amount in graph.edges(data="amount"):
            weight[payee] += max(amount or 0, 0)
    else:
        weight = {node: abs(change[node]) for node in nodes}
    heaviest = max(weight.values(), default=0.0) or 1.0
    radius = {node: 0.07 + 0.11 * math.sqrt(weight[node] / heaviest) for node in nodes}
    return radius


def _pile_name(node: Any, bank: Any) -> str:
    """A pile's name in words: "Public Treasury" for PUBLIC TREASURY, and the bank
    said to be one ("Miscellaneous (bank)")."""
    name = str(node)
    words = name.title() if name.isupper() else name
    if node == bank and "bank" not in name.lower():
        words += " (bank)"
    return words


def _draw_nodes(
    ax: Axes,
    nodes: list[Any],
    places: dict[Any, tuple[float, float]],
    radius: dict[Any, float],
    kinds: dict[Any, str],
    names: dict[Any, str],
    seats: dict[Any, int],
    on_left: dict[Any, bool],
) -> None:
    """The nodes, on top of the arrows: players as circles in their colours, piles as grey
    squares, each with its name and balance change."""
    from matplotlib.patches import Circle, RegularPolygon

    for node in nodes:
        x, y = places[node]
        spot_x, spot_y, ha = _name_spot(node, places, radius, kinds, on_left)
        if kinds[node] == "pile":
            shape = RegularPolygon((x, y), 4, radius=radius[node] * 1.2, orientation=math.pi / 4)
            shape.set_facecolor(PILE_COLOUR)
            ax.text(
                spot_x,
                spot_y,
                names[node],
                ha=ha,
                va="top",
                fontsize=SMALL,
                color=INK,
                zorder=4,
                parse_math=False,
                bbox={"boxstyle": "round,pad=0.15", "fc": "white", "ec": "none", "alpha": 0.75},
            )
        else:
            shape = Circle((x, y), radius[node], facecolor=player_colour(seats[node]))
            ax.text(
                spot_x,
                spot_y,
                names[node],
                ha=ha,
                va="center",
                fontsize=SMALL,
                fontweight="bold",
                color=INK,
                zorder=4,
                parse_math=False,
            )
        shape.set(edgecolor=INK, linewidth=1.5, zorder=3, gid=f"node:{node}")
        ax.add_artist(shape)


def _name_spot(
    node: Any,
    places: dict[Any, tuple[float, float]],
    radius: dict[Any, float],
    kinds: dict[Any, str],
    on_left: dict[Any, bool],
) -> tuple[float, float, str]:
    """Where a node's name is written, and its horizontal alignment: a player's beside
    him (middle), a pile's below it (top), reaching away from the middle of the table,
    clear of the other pile."""
    x, y = places[node]
    if kinds[node] == "pile":
        ha = "right" if x < -0.1 else "left" if x > 0.1 else "center"
        spot = {"right": x + radius[node], "left": x - radius[node], "center": x}[ha]
        return spot, y - radius[node] - 0.04, ha
    gap = radius[node] + 0.04
    return (x - gap, y, "right") if on_left[node] else (x + gap, y, "left")


def _taken(
    places: dict[Any, tuple[float, float]],
    radius: dict[Any, float],
    kinds: dict[Any, str],
    names: dict[Any, str],
    on_left: dict[Any, bool],
    scale: float,
) -> list[Box]:
    """The boxes (in data units) the nodes and their names cover, which the amounts
    written on the arrows keep clear of."""
    boxes = []
    for node, r in radius.items():
        x, y = places[node]
        boxes.append((x - r, y - r, x + r, y + r))
        spot_x, spot_y, ha = _name_spot(node, places, radius, kinds, on_left)
        pile = kinds[node] == "pile"
        wide = _text_width(names[node], SMALL, bold=not pile) / scale
        tall = 1.3 * SMALL * (names[node].count("\n") + 1) / scale
        left = {"left": spot_x, "right": spot_x - wide, "center": spot_x - wide / 2}[ha]
        bottom = spot_y - tall if pile else spot_y - tall / 2
        boxes.append((left, bottom, left + wide, bottom + tall))
    return boxes
