"""Who paid whom: :func:`cash_flow_graph` draws a :func:`landlord.flows.cash_flows` graph."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from landlord.flows import GROUPS, only_groups
from landlord.money import money
from landlord.plotting.colours import GROUP_COLOURS, INK
from landlord.plotting.findings import flows_finding
from landlord.plotting.flow_arrows import Arrow, Chosen, chosen_arrows
from landlord.plotting.flow_geometry import Box, _amount_spots, _arc, flow_layout
from landlord.plotting.flow_nodes import _draw_nodes, _node_radii, _pile_name, _taken
from landlord.plotting.key import _ROW, _key, _key_layout, _points
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


#: The fewest points per data unit (the players' circle has radius 1) at which
#: :func:`cash_flow_graph` still draws its key by default, rather than leave
#: too little room for the table.
_SMALLEST_TABLE = 55.0
#: The most arrows :func:`cash_flow_graph` draws by default, and the most it writes
#: the amounts on by default.
MOST_ARROWS = 8


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
    net: bool | None = None,
    most: int | None = MOST_ARROWS,
    groups: Sequence[str] | None = None,
) -> Figure:
    """Who paid whom: one arrow from payer to payee, as wide as the money.

    An arrow's width grows in proportion to the amount paid, from a thin
    minimum, and its colour is the group of reasons that moved most of it
    (:data:`GROUP_COLOURS`, listed in the key). The arrows bend, so money
    paid both ways between two players shows as two arrows. The players sit
    on a circle in seat order, in their colours, and the piles of money in
    the middle, as grey squares named in words (:func:`flow_layout`); a
    node's size shows the money it received (or, with
    ``size_by="balance_change"``, how far its balance moved), and its label
    gives its balance change. The drawing fits the axes it is given: the
    table takes the room that the players' names and the key leave, and the
    widest arrow is thinner in a small chart. Axes alone in their figure
    take all of it but the title's room, since a picture without axes needs
    no margins for ticks.

    A graph with more arrows than ``most`` (a whole game's, say) would be a
    tangle: each pair then gets one arrow, from whoever paid the other more,
    for the difference, and only the ``most`` largest are drawn, with their
    amounts; a line under the table says so, and how many flows were left
    out and how much money they carried. One round's payments are few
    enough to draw every one. A line under the table says which the arrows
    are: gross (all one paid the other) or net.

    Rents paid both ways net out: over a whole game of eager landlords the
    net arrows show next to no land rent, though hundreds were paid. With
    ``groups=("land rent",)``, ``net=False`` and ``most=None`` the graph shows
    the land rent alone, every payment of it, both ways, to the players and
    to the Public Treasury. The title states what the graph shows, in
    numbers: "$708 of land rent paid, $216 of it to Bob, $148 to the Public
    Treasury" (:func:`~landlord.plotting.findings.flows_finding`).

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
        Instead of the default, which states how much was paid and how much
        of it was land rent, and to whom (in the rounds of the graph).
    key : bool, optional
        Draw the key of the groups of payments, along the bottom. By default
        it is drawn where it leaves the table room enough, and left out of
        small axes (draw it once beside them instead).
    amounts : bool, optional
        Write each arrow's amount on it; by default when 8 arrows or fewer
        are drawn.
    net : bool, optional
        One arrow per pair of accounts, for what one paid the other less what
        came back. By default only when the graph has more arrows than
        ``most``.
    most : int or None
        Draw at most so many arrows, the largest; the rest are left out and
        counted under the table. ``None`` draws every one.
    groups : sequence of str, optional
        Draw only the payments in these groups of :data:`GROUP_COLOURS`
        (:func:`landlord.flows.only_groups`): ``("land rent",)``. By
        default, every payment.

    Returns
    -------
    matplotlib.figure.Figure
        The figure drawn on. Each arrow is a
        :class:`~matplotlib.patches.FancyArrowPatch` with gid ``"PAYER ->
        PAYEE"`` and its width in points as ``arrowstyle.tail_width``, its
        amount a text with gid ``"amount: PAYER -> PAYEE"``; each node is a
        patch (a circle for a player, a square for a pile) with gid
        ``"node:NAME"``, centred on its place. The line that counts the flows
        left out has gid ``"left-out"``; the line that says the arrows are
        net has gid ``"netted"``, or ``"gross"`` when they are gross.

    Examples
    --------
    >>> import landlord
    >>> from landlord.flows import cash_flows
    >>> graph = cash_flows(landlord.play("landlords_game", players=3, seed=2), rounds=5)
    >>> ax = cash_flow_graph(graph).axes[0]
    >>> arrows = [p for p in ax.patches if " -> " in str(p.get_gid())]
    >>> len(arrows) == sum(amount > 0 for _, _, amount in graph.edges(data="amount"))
    True
    >>> whole = cash_flows(landlord.play("landlords_game", players=4, seed=1))
    >>> ax = cash_flow_graph(whole).axes[0]
    >>> len([p for p in ax.patches if " -> " in str(p.get_gid())])
    8
    >>> [t.get_text() for t in ax.texts if t.get_gid() == "left-out"]
    ['6 smaller flows, $389 in all, not drawn']
    >>> rent = cash_flow_graph(whole, groups=["land rent"], net=False, most=None).axes[0]
    >>> len([p for p in rent.patches if " -> " in str(p.get_gid())])
    16
    >>> print(rent.get_title(loc="left"))
    $708 of land rent paid, $216 of it to
    eager_landlord 2, $148 to the Public Treasury
    """
    if size_by not in ("received", "balance_change"):
        raise ValueError(f"size_by is 'received' or 'balance_change', not {size_by!r}")
    if groups is not None:
        graph = only_groups(graph, groups)
    places = flow_layout(graph, positions)
    ax = _new_axes(ax, (8.0, 6.0), {"left": 0.01, "right": 0.99, "bottom": 0.01, "top": 0.93})
    # The title first: a long one takes room from the top of the axes.
    _whole_figure(ax, flows_finding(graph) if title is None else title)

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
    chosen = chosen_arrows(graph, net, most)
    widest = max_amount or max((arrow.amount for arrow in chosen.drawn), default=1)
    groups = {(arrow.payer, arrow.payee): arrow.group for arrow in chosen.drawn}
    if amounts is None:
        amounts = len(chosen.drawn) <= MOST_ARROWS

    # Fit the drawing to the axes, whatever their size: the key along the
    # bottom, the table above it, each player's name beside him, to the left
    # or to the right, so that no room is needed above or below the table.
    currency = graph.graph.get("currency", "$")
    bank = graph.graph.get("bank")
    names = {  # a pile's name and balance on one line, so that it stays under the pile
        node: f"{_wrap(str(node), 10)}\n{money(change[node], currency, sign=True)}"
        if kinds[node] != "pile"
        else f"{_pile_name(node, bank)} {money(change[node], currency, sign=True)}"
        for node in nodes
    }
    on_left = {node: places[node][0] < -0.3 for node in players}
    entries = _key_entries(groups, size_by)
    box_width, box_height = _box_size(ax)
    notes = _notes(chosen, currency, box_width - 12)
    scale, key, key_height = _fit_table(
        ax, (box_width, box_height), places, radius, names, on_left, entries, len(notes), key
    )
    taken = _taken(places, radius, kinds, names, on_left, scale)
    _draw_arrows(ax, chosen.drawn, places, radius, widest, scale, amounts, currency, taken)
    _draw_nodes(ax, nodes, places, radius, kinds, names, seats, on_left)
    under = key_height + len(notes) * _ROW  # the key, then the notes, under the table
    if key:
        _key(ax, entries, 0.01, (under + 4) / box_height, width=box_width - 12)
    for row, (gid, line) in enumerate(notes):
        ax.text(
            0,
            -(row + 0.5) * _ROW,
            line,
            transform=_points(ax, 0.01, (len(notes) * _ROW + 4) / box_height),
            fontsize=SMALL,
            color=INK,
            va="center",
            ha="left",
            clip_on=False,
            parse_math=False,
            gid=gid,
        )
    return ax.figure


def _whole_figure(ax: Axes, title: str) -> None:
    """The title, on as many lines as it takes; axes alone in their figure take all of
    the figure but the title's room: a picture without axes has no use for the margins a
    chart's ticks and labels need."""
    figure = ax.get_figure(root=True)
    if ax.figure is figure and figure.axes == [ax]:
        ax.set_position([0.02, 0.01, 0.96, 0.98])
    _title(ax, title)  # moves the top edge down to make room for its lines


def _left_out_words(chosen: Chosen, currency: str) -> str:
    """The line that counts the flows left out: "3 smaller flows, $120 in all, not drawn"."""
    count = len(chosen.left_out)
    if not count:
        return ""
    total = money(sum(arrow.amount for arrow in chosen.left_out), currency)
    if count == 1:
        return f"1 smaller flow, {total}, not drawn"
    return f"{count} smaller flows, {total} in all, not drawn"


def _notes(chosen: Chosen, currency: str, width: float) -> list[tuple[str, str]]:
    """The lines under the table that say what the arrows leave out, wrapped to ``width``
    points: (gid, line). Drawn even where the key is not."""
    notes = []
    if chosen.net:
        notes.append(("netted", "net: each arrow is what one paid the other, less what came back"))
    elif chosen.drawn:
        notes.append(("gross", "gross: each arrow is all that one paid the other"))
    left_out = _left_out_words(chosen, currency)
    if left_out:
        notes.append(("left-out", left_out))
    most = max(int(width / _text_width("x")), 20)  # characters a line
    return [(gid, line) for gid, note in notes for line in textwrap.wrap(note, most)]


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
    notes: int,
    key: bool | None,
) -> tuple[float, bool, float]:
    """Fit the table to the axes of size ``box`` (in points) between the players' names and
    above the key and the ``notes`` lines under it: the data limits, and (points per data
    unit, the key or not, the key's height).
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

    notes_height = notes * _ROW
    key_height = _key_layout(entries, None, box_width - 12, 1)[2] if key is not False else 0.0
    if key is None:  # the key, unless it leaves the table too little room
        key = scale_with(key_height + notes_height) >= _SMALLEST_TABLE
        key_height = key_height if key else 0.0
    scale = scale_with(key_height + notes_height)
    middle_x = (sides[0] - sides[1]) / 2 / scale  # the table between the names
    middle_y = (key_height + notes_height + 4) / 2 / scale  # and above the key and notes
    half_width, half_height = box_width / 2 / scale, box_height / 2 / scale
    ax.set_xlim(-half_width - middle_x, half_width - middle_x)
    ax.set_ylim(-half_height - middle_y, half_height - middle_y)
    ax.set_aspect("equal", adjustable="datalim")
    ax.set_axis_off()
    return scale, key, key_height


def _draw_arrows(
    ax: Axes,
    arrows: list[Arrow],
    places: dict[Any, tuple[float, float]],
    radius: dict[Any, float],
    widest: float,
    scale: float,
    amounts: bool,
    currency: str = "$",
    taken: list[Box] | None = None,
) -> None:
    """An arrow for each payment, in the colour of its group, bent, from rim to rim; its
    amount written on it (with ``amounts``), clear of the boxes ``taken`` (the nodes and
    their names) and of the other amounts."""
    from matplotlib.patches import FancyArrowPatch
    from matplotlib.path import Path

    # Arrow widths in points, in proportion to the money, the widest in
    # proportion to the drawing (a small chart gets thinner arrows).
    thick = min(max(0.1 * scale, 4.0), 16.0)
    thin = max(1.0, thick / 10)
    curve = [Path.MOVETO, Path.CURVE3, Path.CURVE3]
    arcs = []
    for payer, payee, amount, group in arrows:
        width = thin + (thick - thin) * min(amount / widest, 1.0)
        arc = _arc(places[payer], places[payee], radius[payer] + 0.02, radius[payee] + 0.03)
        arcs.append(arc)
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
            color=GROUP_COLOURS.get(group, GROUP_COLOURS["other"]),
            alpha=0.8,
            zorder=1,
            gid=f"{payer} -> {payee}",
        )
        ax.add_artist(arrow)
    if not amounts:
        return
    # The largest first, each at the middle of its arrow if it is free there.
    order = sorted(range(len(arrows)), key=lambda i: -arrows[i].amount)
    words = [money(arrows[i].amount, currency) for i in order]
    sizes = [((_text_width(w) / 2 + 3) / scale, (0.65 * SMALL + 2) / scale) for w in words]
    spots = _amount_spots([arcs[i] for i in order], sizes, list(taken or []))
    for i, text, (x, y) in zip(order, words, spots, strict=True):
        ax.text(
            x,
            y,
            text,
            ha="center",
            va="center",
            fontsize=SMALL,
            color=INK,
            zorder=2,
            parse_math=False,
            gid=f"amount: {arrows[i].payer} -> {arrows[i].payee}",
            bbox={"boxstyle": "round,pad=0.1", "fc": "white", "ec": "none", "alpha": 0.8},
        )
