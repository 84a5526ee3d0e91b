"""Who paid whom: :func:`cash_flow_graph` draws a :func:`landlord.flows.cash_flows` graph."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from landlord.flows import GROUPS
from landlord.money import money
from landlord.palette import player_colour
from landlord.plotting.colours import GROUP_COLOURS, INK, PILE_COLOUR
from landlord.plotting.flow_geometry import _arc, flow_layout
from landlord.plotting.key import _key, _key_layout
from landlord.plotting.style import (
    SMALL,
    _box_size,
    _new_axes,
    _text_width,
    _title,
    _wrap,
)

if TYPE_CHECKING:
    import networkx as nx
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure


def _main_group(by_group: Mapping[str, float]) -> str:
    """The group with the most money on an edge; on a tie, the first in GROUPS."""
    order = {group: i for i, group in enumerate(GROUPS)}
    return min(by_group, key=lambda g: (-by_group[g], order.get(g, len(order))))


#: The fewest points per data unit (the players' circle has radius 1) at which
#: :func:`cash_flow_graph` still draws its key by default, rather than leave
#: too little room for the table.
_SMALLEST_TABLE = 55.0


def cash_flow_graph(
    graph: nx.DiGraph,
    ax: Axes | None = None,
    positions: dict[Any, tuple[float, float]] | None = None,
    *,
    size_by: str = "received",
    max_amount: float | None = None,
    title: str | None = None,
    key: bool | None = None,
    amounts: bool | None = None,
) -> Figure:
    """Who paid whom: one arrow from payer to payee, as wide as the money.

    An arrow's width grows in proportion to the amount paid, from a thin
    minimum, and its colour is the group of reasons that moved most of it
    (:data:`GROUP_COLOURS`, listed in the key). The arrows bend, so money
    paid both ways between two players shows as two arrows. The players sit
    on a circle in seat order, in their colours, and the piles of money in
    the middle, as grey squares (:func:`flow_layout`); a node's size shows
    the money it received (or, with ``size_by="balance_change"``, how far
    its balance moved), and its label gives its balance change. The drawing
    fits the axes it is given: the table takes the room that the players'
    names and the key leave, and the widest arrow is thinner in a small chart.

    Parameters
    ----------
    graph : networkx.DiGraph
        A :func:`landlord.flows.cash_flows` graph.
    ax : matplotlib.axes.Axes, optional
        Where to draw (empty); a new Figure when not given.
    positions : dict, optional
        ``{node: (x, y)}`` places to keep (see :func:`flow_layout`); missing
        nodes are added to the dict itself. Pass the same dict with every
        frame of an animation and nothing jumps.
    size_by : {"received", "balance_change"}
        What a node's area shows.
    max_amount : float, optional
        The amount drawn at the widest arrow; by default the largest in the
        graph. Fix it to compare frames by width.
    title : str, optional
        Instead of the default, which names the rounds of the graph.
    key : bool, optional
        Draw the key of the groups of payments, along the bottom. By default
        it is drawn where it leaves the table room enough, and left out of
        small axes (draw it once beside them instead).
    amounts : bool, optional
        Write each arrow's amount on it; by default only when there are 8
        arrows or fewer (one round's payments, say).

    Returns
    -------
    matplotlib.figure.Figure
        The figure drawn on. Each arrow is a
        :class:`~matplotlib.patches.FancyArrowPatch` with gid ``"PAYER ->
        PAYEE"`` and its width in points as ``arrowstyle.tail_width``; each
        node is a patch (a circle for a player, a square for a pile) with gid
        ``"node:NAME"``, centred on its place.

    Examples
    --------
    >>> import landlord
    >>> from landlord.flows import cash_flows
    >>> graph = cash_flows(landlord.play("landlords_game", players=3, seed=2), rounds=5)
    >>> ax = cash_flow_graph(graph).axes[0]
    >>> arrows = [p for p in ax.patches if " -> " in str(p.get_gid())]
    >>> len(arrows) == sum(amount > 0 for _, _, amount in graph.edges(data="amount"))
    True
    """
    if size_by not in ("received", "balance_change"):
        raise ValueError(f"size_by is 'received' or 'balance_change', not {size_by!r}")
    places = flow_layout(graph, positions)
    ax = _new_axes(ax, (8.0, 6.0), {"left": 0.01, "right": 0.99, "bottom": 0.01, "top": 0.93})

    # The nodes: an area (in data units, so that it scales with the drawing)
    # by the money received or moved, from a visible minimum.
    nodes = list(graph.nodes)
    kinds = dict(graph.nodes(data="kind"))
    accounts = dict(graph.nodes(data="account"))
    players = sorted(
        (node for node in nodes if kinds[node] != "pile"),
        key=lambda node: (accounts[node] is None, accounts[node] or 0),
    )
    seats = {node: seat for seat, node in enumerate(players)}
    change = {node: graph.nodes[node].get("balance_change", 0) for node in nodes}
    radius = _node_radii(graph, nodes, change, size_by)
    edges, widest, groups = _payments(graph, max_amount)
    if amounts is None:
        amounts = len(edges) <= 8

    # Fit the drawing to the axes, whatever their size: the key along the
    # bottom, the table above it, each player's name beside him, to the left
    # or to the right, so that no room is needed above or below the table.
    currency = graph.graph.get("currency", "$")
    names = {  # a pile's name and balance on one line, so that it stays under the pile
        node: f"{_wrap(str(node), 10)}\n{money(change[node], currency, sign=True)}"
        if kinds[node] != "pile"
        else f"{node} {money(change[node], currency, sign=True)}"
        for node in nodes
    }
    on_left = {node: places[node][0] < -0.3 for node in players}
    entries = _key_entries(groups, size_by)
    box_width, box_height = _box_size(ax)
    scale, key, key_height = _fit_table(
        ax, (box_width, box_height), places, radius, names, on_left, entries, key
    )
    _draw_arrows(ax, edges, places, radius, groups, widest, scale, amounts, currency)
    _draw_nodes(ax, nodes, places, radius, kinds, names, seats, on_left)
    if title is None:
        title = _default_title(graph)
    _title(ax, title)
    if key:
        _key(ax, entries, 0.01, (key_height + 4) / box_height, width=box_width - 12)
    return ax.figure


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


def _payments(
    graph: nx.DiGraph, max_amount: float | None
) -> tuple[list[tuple[Any, Any, dict[str, Any]]], float, dict[tuple[Any, Any], str]]:
    """The arrows to draw: (the edges that moved money, the amount drawn widest, the
    group that moved most of each edge's money)."""
    edges = [
        (payer, payee, data)
        for payer, payee, data in graph.edges(data=True)
        if (data.get("amount") or 0) > 0 and payer != payee
    ]
    widest = max_amount or max((data["amount"] for _, _, data in edges), default=1)
    groups = {
        (payer, payee): _main_group(data.get("by_group") or {"other": data["amount"]})
        for payer, payee, data in edges
    }
    return edges, widest, groups


def _key_entries(
    groups: dict[tuple[Any, Any], str], size_by: str
) -> list[tuple[dict[str, Any] | None, str]]:
    """The key of :func:`cash_flow_graph`: the groups of payments drawn, and what a
    node's size shows."""
    entries: list[tuple[dict[str, Any] | None, str]] = [
        ({"color": GROUP_COLOURS[group], "linewidth": 7}, group)
        for group in GROUPS
        if group in groups.values()
    ]
    entries.append(
        (None, f"(size: {'money received' if size_by == 'received' else 'balance moved'})")
    )
    return entries


def _fit_table(
    ax: Axes,
    box: tuple[float, float],
    places: dict[Any, tuple[float, float]],
    radius: dict[Any, float],
    names: dict[Any, str],
    on_left: dict[Any, bool],
    entries: list[tuple[dict[str, Any] | None, str]],
    key: bool | None,
) -> tuple[float, bool, float]:
    """Fit the table to the axes of size ``box`` (in points) between the players' names and
    above the key: the data limits, and (points per data unit, the key or not, its height).
    """
    box_width, box_height = box
    nodes, players = list(radius), list(on_left)  # every node has a radius, a player a side
    sides = [
        max((_text_width(names[n], SMALL, True) for n in players if on_left[n] == left), default=0)
        for left in (True, False)
    ]
    # How far the table reaches from its middle, in data units (four players
    # at the corners of a square reach less far than the circle they sit on).
    big = max(radius.values(), default=0.0) + 0.04
    reach_x = max((abs(places[node][0]) for node in nodes), default=1.0) + big
    reach_y = max((abs(places[node][1]) for node in nodes), default=1.0) + big
    overhang = 1.5 * SMALL  # a name of three lines reaches that far above and below its node

    def scale_with(key_height: float) -> float:
        """Points per data unit, the table as large as the room left allows."""
        return max(
            min(
                (box_height - key_height - 12 - 2 * overhang) / (2 * reach_y),
                (box_width - sides[0] - sides[1] - 8) / (2 * reach_x),
            ),
            5.0,
        )

    key_height = _key_layout(entries, None, box_width - 12, 1)[2] if key is not False else 0.0
    if key is None:  # the key, unless it leaves the table too little room
        key = scale_with(key_height) >= _SMALLEST_TABLE
        key_height = key_height if key else 0.0
    scale = scale_with(key_height)
    middle_x = (sides[0] - sides[1]) / 2 / scale  # the table between the names
    middle_y = (key_height + 4) / 2 / scale  # and above the key
    half_width, half_height = box_width / 2 / scale, box_height / 2 / scale
    ax.set_xlim(-half_width - middle_x, half_width - middle_x)
    ax.set_ylim(-half_height - middle_y, half_height - middle_y)
    ax.set_aspect("equal", adjustable="datalim")
    ax.set_axis_off()
    return scale, key, key_height


def _draw_arrows(
    ax: Axes,
    edges: list[tuple[Any, Any, dict[str, Any]]],
    places: dict[Any, tuple[float, float]],
    radius: dict[Any, float],
    groups: dict[tuple[Any, Any], str],
    widest: float,
    scale: float,
    amounts: bool,
    currency: str = "$",
) -> None:
    """An arrow for each payment, in the colour of its group, bent, from rim to rim."""
    from matplotlib.patches import FancyArrowPatch
    from matplotlib.path import Path

    # Arrow widths in points, in proportion to the money, the widest in
    # proportion to the drawing (a small chart gets thinner arrows).
    thick = min(max(0.1 * scale, 4.0), 16.0)
    thin = max(1.0, thick / 10)
    curve = [Path.MOVETO, Path.CURVE3, Path.CURVE3]
    for payer, payee, data in edges:
        width = thin + (thick - thin) * min(data["amount"] / widest, 1.0)
        arc = _arc(places[payer], places[payee], radius[payer] + 0.02, radius[payee] + 0.03)
        # A filled arrow ("simple"), its sizes in points (mutation_scale=1),
        # so that a thick arrow keeps a sharp head. add_artist, not add_patch:
        # the limits are set, and working out an arrow's extent is slow.
        arrow = FancyArrowPatch(
            path=Path(arc, curve),
            arrowstyle=(
                f"simple,tail_width={width:.2f},head_width={2.0 * width + 0.5 * thick + 2:.2f},"
                f"head_length={1.2 * width + 0.5 * thick + 3:.2f}"
            ),
            mutation_scale=1.0,
            linewidth=0,
            color=GROUP_COLOURS.get(groups[payer, payee], GROUP_COLOURS["other"]),
            alpha=0.8,
            zorder=1,
            gid=f"{payer} -> {payee}",
        )
        ax.add_artist(arrow)
        if amounts:  # the amount at the middle of the arrow (the curve at t = 1/2)
            x, y = 0.25 * arc[0] + 0.5 * arc[1] + 0.25 * arc[2]
            ax.text(
                x,
                y,
                money(data["amount"], currency),
                ha="center",
                va="center",
                fontsize=SMALL,
                color=INK,
                zorder=2,
                parse_math=False,
                gid=f"amount: {payer} -> {payee}",
                bbox={"boxstyle": "round,pad=0.1", "fc": "white", "ec": "none", "alpha": 0.8},
            )


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
        if kinds[node] == "pile":
            shape = RegularPolygon((x, y), 4, radius=radius[node] * 1.2, orientation=math.pi / 4)
            shape.set_facecolor(PILE_COLOUR)
            # Below the pile, reaching away from the middle, clear of the other pile.
            ha = "right" if x < -0.1 else "left" if x > 0.1 else "center"
            ax.text(
                {"right": x + radius[node], "left": x - radius[node], "center": x}[ha],
                y - radius[node] - 0.04,
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
            gap = radius[node] + 0.04
            ax.text(
                x - gap if on_left[node] else x + gap,
                y,
                names[node],
                ha="right" if on_left[node] else "left",
                va="center",
                fontsize=SMALL,
                fontweight="bold",
                color=INK,
                zorder=4,
                parse_math=False,
            )
        shape.set(edgecolor=INK, linewidth=1.5, zorder=3, gid=f"node:{node}")
        ax.add_artist(shape)


def _default_title(graph: nx.DiGraph) -> str:
    """The title that names the rounds of the graph."""
    rounds = graph.graph.get("rounds")
    if rounds is None:
        when = "the whole game"
    elif rounds[0] == rounds[1]:
        when = f"round {rounds[0]}"
    else:
        when = f"rounds {rounds[0]} to {rounds[1]}"
    return f"Who paid whom, {when}"
