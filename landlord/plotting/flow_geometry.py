"""Where the cash-flow graph puts things: the nodes (:func:`flow_layout`) and the arrows.

Plain geometry in data units, the players on a circle of radius 1; nothing
here draws (or imports matplotlib).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    import networkx as nx

#: The piles of money with a place of their own: the angle (degrees) each
#: prefers on the ring of piles inside the players' circle.
_PILE_ANGLES = {"MISCELLANEOUS": 180.0, "PUBLIC TREASURY": 0.0, "BANK": 270.0}
#: The radius of the ring of piles; the players sit on a circle of radius 1.
_PILE_RING = 0.42


def flow_layout(
    graph: nx.DiGraph, positions: dict[Any, tuple[float, float]] | None = None
) -> dict[Any, tuple[float, float]]:
    """Fixed places for the nodes of a cash-flow graph, the same in every frame.

    The players sit on a circle of radius 1 in seat order, clockwise, the
    first at the top left (at the left with two players); the piles of money
    (MISCELLANEOUS, the PUBLIC TREASURY, a BANK, ...) sit on a small ring
    inside, where no line between two players passes: MISCELLANEOUS to the
    left and the Treasury to the right where the table allows. The places
    depend only on the number of players and on the piles' names, never on
    the money.

    Parameters
    ----------
    graph : networkx.DiGraph
        A :func:`landlord.flows.cash_flows` graph (nodes with ``kind`` and
        ``account``).
    positions : dict, optional
        Places already given: they are kept, and the missing nodes are added
        to this very dict, which is also returned. Pass the same dict with
        every frame.

    Returns
    -------
    dict
        ``{node: (x, y)}``.

    Examples
    --------
    >>> from landlord.engine.ledger import Ledger
    >>> from landlord.flows import cash_flows
    >>> graph = cash_flows(Ledger(["Ann", "Bob", "Cy", "Di", "MISCELLANEOUS"]), n_players=4)
    >>> places = flow_layout(graph)
    >>> [tuple(round(v, 2) for v in places[name]) for name in ("Ann", "Bob", "MISCELLANEOUS")]
    [(-0.71, 0.71), (0.71, 0.71), (-0.42, 0.0)]
    """
    places = {} if positions is None else positions
    accounts = dict(graph.nodes(data="account"))
    kinds = dict(graph.nodes(data="kind"))
    order = sorted(graph.nodes, key=lambda node: (accounts[node] is None, accounts[node] or 0))
    players = [node for node in order if kinds[node] != "pile"]
    piles = [node for node in order if kinds[node] == "pile"]
    n = max(len(players), 1)
    start = 90.0 + 180.0 / n  # four players at the corners of a square, three as a Y
    angles = [start - 360.0 * seat / n for seat in range(n)]
    for node, angle in zip(players, angles, strict=False):
        if node not in places:
            places[node] = (math.cos(math.radians(angle)), math.sin(math.radians(angle)))
    # With an even number of players, a line between two opposite players
    # crosses the middle towards each of them: the piles sit between players.
    # With an odd number, they sit towards the players (between them, beyond).
    between = [angle - 180.0 / n for angle in angles]
    slots = between if n % 2 == 0 else angles + between
    taken = [places[pile] for pile in piles if pile in places]
    # The piles with a place of their own first, then the others in ledger order.
    for pile in sorted(
        piles, key=lambda p: (str(p).upper() not in _PILE_ANGLES, accounts[p] or 0)
    ):
        if pile in places:
            continue
        wanted = _PILE_ANGLES.get(str(pile).upper(), 90.0)
        free = [angle for angle in slots if _ring_point(angle) not in taken]
        if free:
            nearest = min(free, key=lambda a: (abs((a - wanted + 180.0) % 360.0 - 180.0), -a))
            point = _ring_point(nearest)
        else:  # more piles than places on the ring: a row below the table
            point = (round(-1.0 + 0.5 * len(taken), 6), -1.3)
        places[pile] = point
        taken.append(point)
    return places


def _ring_point(angle: float) -> tuple[float, float]:
    """The place at ``angle`` degrees on the ring of piles, rounded so that it compares equal."""
    radians = math.radians(angle)
    # (+ 0.0 turns a -0.0 into 0.0.)
    return (
        round(_PILE_RING * math.cos(radians), 6) + 0.0,
        round(_PILE_RING * math.sin(radians), 6) + 0.0,
    )


#: How much the arrows bend (matplotlib's "arc3" radius: the control point's
#: distance from the middle, as a share of the distance between the nodes).
_BEND = 0.22


def _arc(
    start: tuple[float, float], end: tuple[float, float], cut_start: float, cut_end: float
) -> np.ndarray:
    """The bent arrow from ``start`` to ``end`` as a quadratic Bezier curve (3 points),
    cut ``cut_start`` from the start and ``cut_end`` from the end (in data units), so
    that it leaves and reaches the nodes' rims. The bend is matplotlib's "arc3"."""
    a, b = np.asarray(start, dtype=float), np.asarray(end, dtype=float)
    dx, dy = b - a
    control = (a + b) / 2 + _BEND * np.array([dy, -dx])
    t = np.linspace(0.0, 1.0, 201)[:, None]
    curve = (1 - t) ** 2 * a + 2 * (1 - t) * t * control + t**2 * b
    outside = (np.hypot(*(curve - a).T) >= cut_start) & (np.hypot(*(curve - b).T) >= cut_end)
    if not outside.any():  # the nodes touch: a stub between their centres
        return np.array([a, (a + b) / 2, b])
    t0, t1 = t[outside][0, 0], t[outside][-1, 0]

    # The piece of a quadratic Bezier curve from t0 to t1 is one too (its blossom).
    def point(u: float) -> np.ndarray:
        return (1 - u) ** 2 * a + 2 * (1 - u) * u * control + u**2 * b

    middle = (1 - t0) * (1 - t1) * a + ((1 - t0) * t1 + t0 * (1 - t1)) * control + t0 * t1 * b
    return np.array([point(t0), middle, point(t1)])


#: Where along an arrow its amount may be written, best first (the curve's parameter,
#: 0 at the payer, 1 at the payee).
_ALONG = (0.5, 0.4, 0.6, 0.3, 0.7, 0.22, 0.78)

#: A box in data units: (left, bottom, right, top).
Box = tuple[float, float, float, float]


def _amount_spots(
    arcs: list[np.ndarray], sizes: list[tuple[float, float]], avoid: list[Box]
) -> list[np.ndarray]:
    """Where to write each arrow's amount: the point along its arc (a quadratic Bezier
    curve of 3 points) where a box of half-width and half-height ``sizes`` covers least
    of ``avoid`` and of the amounts placed before it (so place the largest first).

    Examples
    --------
    >>> arc = np.array([[0.0, 0.0], [0.5, 0.0], [1.0, 0.0]])
    >>> [spot.tolist() for spot in _amount_spots([arc, arc], [(0.1, 0.05)] * 2, [])]
    [[0.5, 0.0], [0.3, 0.0]]
    """
    taken = list(avoid)
    spots = []
    for arc, (half_width, half_height) in zip(arcs, sizes, strict=True):
        best: tuple[float, np.ndarray, Box] | None = None
        # Along the arrow first; then, where every place on it is taken, beside it.
        along = [(t, 0.0) for t in _ALONG]
        beside = [(t, side) for side in (1.0, -1.0) for t in _ALONG[:5]]
        for t, side in along + beside:
            spot = (1 - t) ** 2 * arc[0] + 2 * (1 - t) * t * arc[1] + t**2 * arc[2]
            if side:  # moved square to the arrow until the box clears it
                dx, dy = 2 * (1 - t) * (arc[1] - arc[0]) + 2 * t * (arc[2] - arc[1])
                length = float(np.hypot(dx, dy)) or 1.0
                across = np.array([-dy, dx]) / length
                reach = half_width * abs(across[0]) + half_height * abs(across[1])
                spot = spot + side * (reach + 0.5 * half_height) * across
            box = (
                spot[0] - half_width,
                spot[1] - half_height,
                spot[0] + half_width,
                spot[1] + half_height,
            )
            covered = sum(_overlap_area(box, other) for other in taken)
            if best is None or covered < best[0] - 1e-12:
                best = (covered, spot, box)
            if covered == 0:
                break
        assert best is not None
        spots.append(best[1])
        taken.append(best[2])
    return spots


def _overlap_area(a: Box, b: Box) -> float:
    """The area two boxes share."""
    wide = min(a[2], b[2]) - max(a[0], b[0])
    tall = min(a[3], b[3]) - max(a[1], b[1])
    return wide * tall if wide > 0 and tall > 0 else 0.0
