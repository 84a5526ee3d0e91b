"""What each chart of one game shows, in numbers: its title, and the start of its words.

A chart's title states its finding, as Our World in Data's do ("Gini of net
worth rose from 0.05 to 0.31 in 20 rounds"), rather than name its axes; the
same sentence starts the chart's alternative text, so that a screen reader
hears what a sighted student reads. Every figure is read from the game: the
functions take the numbers a chart draws and return words. Nothing here
draws (or imports matplotlib).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from landlord.flows import rent_words
from landlord.money import money

if TYPE_CHECKING:
    import networkx as nx

__all__ = [
    "flows_finding",
    "gini_change",
    "gini_of_each",
    "largest_share",
    "lorenz_shares",
]


def _gini(value: float) -> str:
    return "undefined" if math.isnan(value) else f"{value:.2f}"


def _rounds(count: int) -> str:
    return f"{count} round{'s' if count != 1 else ''}"


def gini_change(values: Sequence[float], rounds: Sequence[int], what: str = "net worth") -> str:
    """How one game's Gini moved from its first round drawn to its last, in words.

    Parameters
    ----------
    values : sequence of float
        The Gini coefficient at each round drawn.
    rounds : sequence of int
        The rounds of ``values``.
    what : str
        What the coefficient measures ("net worth", "cash").

    Examples
    --------
    >>> gini_change([0.05, 0.2, 0.31], [0, 10, 20])
    'Gini of net worth rose from 0.05 to 0.31 in 20 rounds'
    >>> gini_change([0.4, 0.12], [3, 4], what="cash")
    'Gini of cash fell from 0.40 to 0.12 in 1 round'
    >>> gini_change([0.1, 0.101], [0, 5]), gini_change([0.0], [0]), gini_change([], [])
    ('Gini of net worth stayed at 0.10 for 5 rounds', 'Gini of net worth 0.00 at round 0', \
'Gini of net worth: no round played yet')
    """
    if not len(values):
        return f"Gini of {what}: no round played yet"
    first, last = _gini(float(values[0])), _gini(float(values[-1]))
    if len(values) == 1:
        return f"Gini of {what} {first} at round {rounds[0]}"
    played = _rounds(int(rounds[-1]) - int(rounds[0]))
    if first == last:
        return f"Gini of {what} stayed at {first} for {played}"
    if "undefined" in (first, last):
        return f"Gini of {what} {first} at round {rounds[0]}, {last} at round {rounds[-1]}"
    moved = "rose" if float(values[-1]) > float(values[0]) else "fell"
    return f"Gini of {what} {moved} from {first} to {last} in {played}"


def gini_of_each(last: Mapping[str, tuple[int, float]], what: str = "net worth") -> str:
    """Several games' latest Gini coefficients, in words: ``{game: (round, Gini)}``.

    Examples
    --------
    >>> gini_of_each({"Landlord's Game": (20, 0.412), "single tax": (20, 0.1)})
    "Gini of net worth at round 20: Landlord's Game 0.41, single tax 0.10"
    >>> gini_of_each({"A": (36, 0.3), "B": (40, 0.2)}, what="cash")
    'Gini of cash: A 0.30 at round 36, B 0.20 at round 40'
    """
    rounds = {round_ for round_, _ in last.values()}
    if len(rounds) == 1:
        each = ", ".join(f"{game} {_gini(value)}" for game, (_, value) in last.items())
        return f"Gini of {what} at round {rounds.pop()}: {each}"
    each = ", ".join(
        f"{game} {_gini(value)} at round {round_}" for game, (round_, value) in last.items()
    )
    return f"Gini of {what}: {each}"


def _listed(names: Sequence[str]) -> str:
    """``["Ann", "Bob", "Cy"]`` as "Ann, Bob and Cy"."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def largest_share(
    names: Sequence[str],
    worths: Sequence[float],
    of: str = "all net worth",
    currency: str = "$",
) -> str:
    """Who holds the most, and what share of the total (``of``) that is, in words.

    "" when the players together hold nothing (or are in debt): no share to speak of.

    Examples
    --------
    >>> largest_share(["Ann", "Bob", "Cy"], [610, 290, 100])
    'Ann holds 61% of all net worth'
    >>> largest_share(["Ann", "Bob", "Cy"], [400, 400, 200])
    'Ann and Bob hold 40% of all net worth each'
    >>> largest_share(["Ann", "Bob"], [600, 600]), largest_share(["Ann", "Bob"], [900, -300])
    ('Ann and Bob are worth $600 each', 'Ann holds $900; the others owe more than they own')
    >>> largest_share(["Ann", "Bob"], [-5, 0])
    ''
    """
    values = [float(value) for value in worths]
    total = sum(values)
    if not values or total <= 0:
        return ""
    most = max(values)
    leaders = [name for name, value in zip(names, values, strict=True) if value == most]
    if len(leaders) == len(values):
        return f"{_listed(leaders)} are worth {money(most, currency)} each"
    share = most / total
    if share > 1:
        return f"{leaders[0]} holds {money(most, currency)}; the others owe more than they own"
    if len(leaders) > 1:
        return f"{_listed(leaders)} hold {share:.0%} of {of} each"
    return f"{leaders[0]} holds {share:.0%} of {of}"


def lorenz_shares(values: Sequence[float]) -> str:
    """What the richest player and the poorest half hold of the total, in words.

    "" for fewer than two players or a total of nothing (or less).

    Examples
    --------
    >>> lorenz_shares([100, 300, 0, 600])
    'The richest player holds 60% of the total, the poorest half 10%'
    >>> lorenz_shares([100, 300, 600]), lorenz_shares([250, 750])
    ('The richest player holds 60% of the total, the poorest player 10%', \
'The richer player holds 75% of the total')
    """
    ordered = sorted(float(value) for value in values)
    total = sum(ordered)
    if len(ordered) < 2 or total <= 0:
        return ""
    richest = ordered[-1] / total
    if len(ordered) == 2:
        return f"The richer player holds {richest:.0%} of the total"
    poorest = len(ordered) // 2
    if len(ordered) % 2 == 0:
        who = "the poorest half"
    else:
        who = "the poorest player" if poorest == 1 else f"the poorest {poorest}"
    share = sum(ordered[:poorest]) / total
    return f"The richest player holds {richest:.0%} of the total, {who} {share:.0%}"


def _account(node: Any, graph: nx.DiGraph) -> str:
    """An account as a sentence names it: a player by name, "the Public Treasury"."""
    from landlord.plotting.flow_nodes import _pile_name

    if graph.nodes[node].get("kind") != "pile":
        return str(node)
    return "the " + _pile_name(node, graph.graph.get("bank"))


def _when(graph: nx.DiGraph) -> str:
    rounds = graph.graph.get("rounds")
    if rounds is None:
        return ""
    if rounds[0] == rounds[1]:
        return f" in round {rounds[0]}"
    return f" in rounds {rounds[0]} to {rounds[1]}"


def flows_finding(graph: nx.DiGraph) -> str:
    """What a who-paid-whom graph shows, in words: how much (land) rent was paid, and to whom.

    A graph of the land rent alone (:func:`landlord.flows.only_groups`), or of
    rent of several kinds (land rent, house rent, fares: "rent",
    :func:`landlord.flows.rent_words`), names who received the most of it and
    what the piles (the Public Treasury) received; a graph of every payment
    says how much moved and how much of it was land rent. Every sum is gross:
    every payment, none netted.

    Examples
    --------
    >>> from landlord.engine.ledger import Ledger
    >>> from landlord.flows import cash_flows, only_groups
    >>> ledger = Ledger(["Ann", "Bob", "Cy", "PUBLIC TREASURY"])
    >>> ledger.transfer(0, 1, 300, "land rent")
    >>> ledger.transfer(1, 0, 250, "land rent")
    >>> ledger.transfer(2, 3, 50, "land rent")
    >>> ledger.transfer(2, 0, 400, "card bought")
    >>> graph = cash_flows(ledger)
    >>> flows_finding(only_groups(graph, ["land rent"]))
    '$600 of land rent paid, $300 of it to Bob, $50 to the Public Treasury'
    >>> flows_finding(graph)
    '$1,000 paid, $600 of it land rent'
    >>> ledger.transfer(0, 2, 90, "house rent")
    >>> flows_finding(only_groups(cash_flows(ledger), ["land rent", "house rent", "fares"]))
    '$690 of rent paid, $300 of it to Bob, $50 to the Public Treasury'
    """
    currency = graph.graph.get("currency", "$")
    when = _when(graph)
    received: dict[Any, float] = {}
    for _, payee, amount in graph.edges(data="amount"):
        received[payee] = received.get(payee, 0) + (amount or 0)
    total = sum(received.values())
    rent = rent_words(graph.graph.get("groups") or ())
    if not rent:
        land = sum(by.get("land rent", 0) for _, _, by in graph.edges(data="by_group"))
        if not total:
            return f"No payments{when or ' yet'}"
        rent = f"{money(land, currency)} of it land rent" if land else "none of it land rent"
        return f"{money(total, currency)} paid{when}, {rent}"
    if not total:
        return f"No {rent} paid{when or ' yet'}"
    top = max(graph.nodes, key=lambda node: received.get(node, 0))  # on a tie, the first
    paid = f"{money(total, currency)} of {rent} paid{when}"
    if received[top] == total:
        return f"{paid}, all of it to {_account(top, graph)}"
    piles = [
        f"{money(received[node], currency)} to {_account(node, graph)}"
        for node in received
        if node != top and received[node] and graph.nodes[node].get("kind") == "pile"
    ]
    return ", ".join(
        [f"{paid}, {money(received[top], currency)} of it to {_account(top, graph)}", *piles]
    )
