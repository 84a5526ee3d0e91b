"""Which arrows the cash-flow graph draws: one per payer and payee, or one per pair, the largest.

A whole game's graph has an edge for nearly every payer and payee, both
ways: some thirty arrows among four players and two piles, too many to read.
:func:`chosen_arrows` nets each pair (what Ann paid Bob less what Bob paid
Ann, one arrow from whoever paid more) and keeps the largest few, counting
what it leaves out so that the chart can say so. Nothing here draws (or
imports matplotlib).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from landlord.flows import GROUPS

__all__ = ["Arrow", "Chosen", "chosen_arrows", "flows_in_words"]

if TYPE_CHECKING:
    import networkx as nx


class Arrow(NamedTuple):
    """One arrow of the cash-flow graph: who paid whom, how much, and for what mostly."""

    payer: Any
    payee: Any
    amount: float
    group: str


class Chosen(NamedTuple):
    """The arrows to draw, those left out, and whether each pair was netted."""

    drawn: list[Arrow]
    left_out: list[Arrow]
    net: bool


def _main_group(by_group: Mapping[str, float]) -> str:
    """The group with the most money on an edge; on a tie, the first in GROUPS."""
    order = {group: i for i, group in enumerate(GROUPS)}
    return min(by_group, key=lambda g: (-by_group[g], order.get(g, len(order))))


def _payments(graph: nx.DiGraph) -> list[Arrow]:
    """An arrow for every edge that moved money, in the graph's order."""
    return [
        Arrow(payer, payee, data["amount"], _main_group(data.get("by_group") or {"other": 1}))
        for payer, payee, data in graph.edges(data=True)
        if (data.get("amount") or 0) > 0 and payer != payee
    ]


def _netted(payments: list[Arrow]) -> list[Arrow]:
    """One arrow per pair, from whoever paid more, for the difference; it takes the main
    group of the larger way. A pair that paid each other the same has none."""
    way = {(arrow.payer, arrow.payee): arrow for arrow in payments}
    netted = []
    for (payer, payee), arrow in way.items():
        back = way.get((payee, payer))
        if back is None:
            netted.append(arrow)
        elif arrow.amount > back.amount:
            netted.append(arrow._replace(amount=arrow.amount - back.amount))
    return netted


def chosen_arrows(graph: nx.DiGraph, net: bool | None, most: int | None) -> Chosen:
    """The arrows :func:`~landlord.plotting.cash_flow_graph` draws.

    ``net``: one arrow per pair; by default only when the graph has more
    arrows than ``most``. ``most``: at most so many arrows, the largest (on
    equal amounts, the first in the graph); the rest are left out. ``None``:
    every arrow.

    Examples
    --------
    >>> from landlord.engine.ledger import Ledger
    >>> from landlord.flows import cash_flows
    >>> ledger = Ledger(["Ann", "Bob", "Cy", "MISCELLANEOUS"])
    >>> ledger.transfer(0, 1, 50, "land rent")
    >>> ledger.transfer(1, 0, 20, "house rent")
    >>> ledger.transfer(3, 2, 100, "wages")
    >>> ledger.transfer(2, 1, 5, "railroad fare")
    >>> chosen = chosen_arrows(cash_flows(ledger), net=True, most=2)
    >>> [(a.payer, a.payee, a.amount, a.group) for a in chosen.drawn]
    [('MISCELLANEOUS', 'Cy', 100, 'wages'), ('Ann', 'Bob', 30, 'land rent')]
    >>> [(a.payer, a.payee, a.amount) for a in chosen.left_out]
    [('Cy', 'Bob', 5)]
    """
    payments = _payments(graph)
    if net is None:
        net = most is not None and len(payments) > most
    arrows = _netted(payments) if net else payments
    if most is None or len(arrows) <= most:
        return Chosen(arrows, [], net)
    order = sorted(range(len(arrows)), key=lambda i: (-arrows[i].amount, i))
    kept = set(order[:most])
    drawn = [arrows[i] for i in order[:most]]
    left_out = [arrow for i, arrow in enumerate(arrows) if i not in kept]
    return Chosen(drawn, left_out, net)


def flows_in_words(
    graph: nx.DiGraph,
    most: int | None,
    names: Mapping[Any, str] | None = None,
    currency: str = "$",
    *,
    net: bool | None = None,
) -> str:
    """The cash-flow chart in words (its alt text): what it shows in numbers, as its title
    says (:func:`~landlord.plotting.findings.flows_finding`); whether its arrows are gross
    or net; each arrow's payer, payee, amount and what it was mostly for (left unsaid
    when the graph holds one group of payments); and what is left out.

    ``most`` and ``net`` are what the chart was drawn with (see :func:`chosen_arrows`).

    Examples
    --------
    >>> from landlord.engine.ledger import Ledger
    >>> from landlord.flows import cash_flows, only_groups
    >>> ledger = Ledger(["Ann", "Bob", "Cy", "MISCELLANEOUS"])
    >>> ledger.transfer(0, 1, 50, "land rent")
    >>> ledger.transfer(1, 0, 20, "land rent")
    >>> ledger.transfer(3, 2, 100, "wages")
    >>> ledger.transfer(2, 1, 5, "railroad fare")
    >>> print(flows_in_words(cash_flows(ledger), most=2))
    $175 paid, $70 of it land rent. Net, what one paid the other less what came back: \
Miscellaneous paid Cy $100 (wages); Ann paid Bob $30 more than Bob paid back (land rent); \
1 smaller flow, $5 in all, not drawn
    >>> print(flows_in_words(only_groups(cash_flows(ledger), ["land rent"]), None, net=False))
    $70 of land rent paid, $50 of it to Bob. Gross, every payment both ways: \
Ann paid Bob $50; Bob paid Ann $20
    """
    from landlord.money import money
    from landlord.plotting.findings import flows_finding
    from landlord.plotting.flow_nodes import _pile_name

    bank = graph.graph.get("bank")
    named = {node: _pile_name(node, bank) for node in graph.nodes} | dict(names or {})
    one_group = len(graph.graph.get("groups") or ()) == 1
    chosen = chosen_arrows(graph, net, most)
    parts = []
    for arrow in sorted(chosen.drawn, key=lambda arrow: -arrow.amount):
        payer, payee = named[arrow.payer], named[arrow.payee]
        back = graph.has_edge(arrow.payee, arrow.payer) and chosen.net
        said = f"{payer} paid {payee} {money(round(arrow.amount), currency)}"
        if back:
            said += f" more than {payee} paid back"
        parts.append(said if one_group else f"{said} ({arrow.group})")
    if chosen.left_out:
        count = len(chosen.left_out)
        total = sum(arrow.amount for arrow in chosen.left_out)
        parts.append(
            f"{count} smaller flow{'s' if count != 1 else ''}, "
            f"{money(round(total), currency)} in all, not drawn"
        )
    finding = flows_finding(graph)
    if not parts:
        return finding
    how = (
        "Net, what one paid the other less what came back"
        if chosen.net
        else "Gross, every payment both ways"
    )
    return f"{finding}. {how}: {'; '.join(parts)}"
