"""Who paid whom, and why: a game's ledger as a graph of cash flows.

Every payment in a game is a record in its ledger (see
:mod:`landlord.engine.ledger`). :func:`cash_flows` adds them up into a
:class:`networkx.DiGraph`: one node per account (the players, then piles of
money such as MISCELLANEOUS and the PUBLIC TREASURY) and one edge from payer
to payee wherever money moved, with the total split by reason and by the
:data:`REASON_GROUPS` a lesson talks about (land rent, wages, public
spending, ...).

A lesson draws the graph, or quotes the summaries: :func:`net_flows`,
:func:`flows_by_group`, :func:`rent_received`,
:func:`largest_landlord_share` and :func:`to_frame`; :func:`only_groups`
keeps one kind of payment (the land rent alone, every payment of it, both
ways, none netted), and :func:`rent_words` says what rent such a graph
holds. Under the Landlord's Game most of the rent flows to one player, the
landlord who happened to buy the best lots; under the single tax the land
rent flows to the PUBLIC TREASURY instead, and back out as public spending
(higher wages, free college, public purchases), so that no player collects
it.

Examples
--------
>>> from landlord.engine.ledger import Ledger
>>> ledger = Ledger(["Ann", "Bob", "MISCELLANEOUS"])
>>> ledger.clock[:] = [1, 0]
>>> ledger.transfer(1, 0, 12, "land rent")
>>> ledger.transfer(2, 1, 100, "wages")
>>> graph = cash_flows(ledger)
>>> graph["Bob"]["Ann"]["amount"], graph["MISCELLANEOUS"]["Bob"]["by_group"]
(12, {'wages': 100})
>>> largest_landlord_share(graph)
('Ann', 1.0)
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from numbers import Integral
from types import MappingProxyType
from typing import Any

import networkx as nx

from landlord.engine.ledger import Ledger
from landlord.engine.reasons import GROUPS, RENT_GROUPS, Reason, group_of

__all__ = [
    "GROUPS",
    "REASON_GROUPS",
    "RENT_GROUPS",
    "cash_flows",
    "flows_by_group",
    "group_of",
    "largest_landlord_share",
    "net_flows",
    "only_groups",
    "rent_received",
    "rent_words",
    "to_frame",
]

#: The group of every reason the engine writes in a ledger (read-only), as the reasons
#: of :mod:`landlord.engine.reasons` carry them. A reason not listed here belongs to
#: the group "other" (see :func:`group_of`).
REASON_GROUPS: Mapping[str, str] = MappingProxyType(
    {str(reason): reason.group for reason in Reason.members()}
)

_STARTING_CASH = Reason.STARTING_CASH


def cash_flows(
    source: Any,
    rounds: int | tuple[int, int] | None = None,
    include_starting_cash: bool = False,
    *,
    n_players: int | None = None,
) -> nx.DiGraph:
    """The payments of a game as a directed graph: who paid whom, how much, and why.

    Parameters
    ----------
    source : Ledger, game or GameRecord
        A :class:`~landlord.engine.ledger.Ledger`, anything with a
        ``.ledger`` (a finished or running game), or anything with a
        ``.game.ledger`` (the :class:`~landlord.record.GameRecord` that
        :func:`landlord.play` returns).
    rounds : int or (int, int), optional
        Only the payments of one round, or of the rounds ``first`` to
        ``last`` inclusive. ``None`` (default): the whole game. The starting
        cash is dealt in round 0.
    include_starting_cash : bool
        Count the starting cash the bank deals out. Left out by default, since
        it would dwarf every other flow.
    n_players : int, optional
        How many of a bare ledger's accounts are players (they come first).
        A game knows its own number of players and ignores this. Without it,
        a bare ledger's trailing accounts written in capitals (such as
        "MISCELLANEOUS" and "PUBLIC TREASURY") are taken for the piles.

    Returns
    -------
    networkx.DiGraph
        One node per account, named as in the ledger, with attributes
        ``kind`` ("player" or "pile"), ``account`` (its number in the ledger)
        and ``balance_change`` (money in minus money out over the payments
        counted). One edge payer -> payee wherever money moved, with
        ``amount`` (the total), ``count`` (number of payments), ``by_reason``
        and ``by_group`` (amount by reason and by group, see
        :data:`REASON_GROUPS`), and ``count_by_reason``. The graph's own
        attributes record ``rounds`` (``None`` or the ``(first, last)`` pair),
        ``include_starting_cash``, ``currency`` (how the rule set writes
        money: "$", or "£" on the London board) and ``bank`` (the name of the
        pile the rule set makes the bank, such as MISCELLANEOUS; ``None`` for a
        bare ledger).

    Raises
    ------
    ValueError
        If two accounts share a name, or ``rounds`` is not a round number
        (0 or more) or an increasing pair of them.
    TypeError
        If ``source`` has no ledger.

    Examples
    --------
    >>> ledger = Ledger(["Ann", "Bob", "MISCELLANEOUS"])
    >>> ledger.transfer(2, 0, 400, "starting cash")
    >>> ledger.transfer(2, 1, 400, "starting cash")
    >>> ledger.clock[:] = [1, 0]
    >>> ledger.transfer(0, 1, 12, "land rent")
    >>> ledger.clock[:] = [2, 1]
    >>> ledger.transfer(0, 1, 30, "house rent")
    >>> ledger.transfer(1, 2, 50, "house built")
    >>> graph = cash_flows(ledger)
    >>> edge = graph["Ann"]["Bob"]
    >>> edge["amount"], edge["count"], edge["by_group"]
    (42, 2, {'land rent': 12, 'house rent': 30})
    >>> graph.nodes["MISCELLANEOUS"]
    {'kind': 'pile', 'account': 2, 'balance_change': 50}
    >>> sorted(cash_flows(ledger, rounds=1).edges)
    [('Ann', 'Bob')]
    >>> cash_flows(ledger, include_starting_cash=True).nodes["Ann"]["balance_change"]
    358
    """
    ledger, game_players = _ledger_and_players(source)
    currency = _currency_of(source)
    names = ledger.names
    seen: set[str] = set()
    for name in names:
        if name in seen:
            raise ValueError(
                f"two accounts are both named {name!r}; give every player a different name"
            )
        seen.add(name)
    first, last = _round_range(rounds)
    players = _count_players(names, game_players if game_players is not None else n_players)

    graph = nx.DiGraph(
        rounds=None if rounds is None else (first, last),
        include_starting_cash=include_starting_cash,
        currency=currency,
        bank=_bank_of(source, names),
    )
    for account, name in enumerate(names):
        kind = "player" if account < players else "pile"
        graph.add_node(name, kind=kind, account=account, balance_change=0)

    nodes = graph.nodes
    for record in ledger.records:
        if not first <= record.round <= last:
            continue
        reason = record.reason
        if reason == _STARTING_CASH and not include_starting_cash:
            continue
        payer, payee, amount = names[record.payer], names[record.payee], record.amount
        if not graph.has_edge(payer, payee):
            graph.add_edge(
                payer,
                payee,
                amount=0,
                count=0,
                by_reason={},
                by_group={},
                count_by_reason={},
            )
        edge = graph[payer][payee]
        edge["amount"] += amount
        edge["count"] += 1
        edge["by_reason"][reason] = edge["by_reason"].get(reason, 0) + amount
        edge["count_by_reason"][reason] = edge["count_by_reason"].get(reason, 0) + 1
        group = group_of(reason)
        edge["by_group"][group] = edge["by_group"].get(group, 0) + amount
        nodes[payer]["balance_change"] -= amount
        nodes[payee]["balance_change"] += amount
    return graph


def net_flows(graph: nx.DiGraph) -> dict[str, int]:
    """Money in minus money out, per account (every node, in ledger order).

    Over the whole graph these sum to 0: money only moves between accounts.

    Examples
    --------
    >>> ledger = Ledger(["Ann", "Bob", "MISCELLANEOUS"])
    >>> ledger.transfer(0, 1, 12, "land rent")
    >>> ledger.transfer(2, 0, 100, "wages")
    >>> net_flows(cash_flows(ledger))
    {'Ann': 88, 'Bob': 12, 'MISCELLANEOUS': -100}
    """
    return {
        node: sum(a for _, _, a in graph.in_edges(node, data="amount"))
        - sum(a for _, _, a in graph.out_edges(node, data="amount"))
        for node in graph.nodes
    }


def only_groups(graph: nx.DiGraph, groups: Sequence[str]) -> nx.DiGraph:
    """The same graph with only the payments in ``groups``: the land rent alone, say.

    Every account stays; an edge keeps the money it carried in those groups
    (gross: what Ann paid Bob and what Bob paid Ann stay two edges) and is
    dropped if it carried none; a node's ``balance_change`` counts those
    payments alone. The graph's ``groups`` attribute records the groups kept.

    Raises
    ------
    ValueError
        If a group is not one of :data:`GROUPS`.

    Examples
    --------
    >>> ledger = Ledger(["Ann", "Bob", "MISCELLANEOUS"])
    >>> ledger.transfer(0, 1, 30, "land rent")
    >>> ledger.transfer(1, 0, 25, "land rent")
    >>> ledger.transfer(0, 1, 10, "railroad fare")
    >>> ledger.transfer(2, 0, 100, "wages")
    >>> rent = only_groups(cash_flows(ledger), ["land rent"])
    >>> sorted(rent.edges(data="amount"))
    [('Ann', 'Bob', 30), ('Bob', 'Ann', 25)]
    >>> rent.nodes["Bob"]["balance_change"], rent.graph["groups"]
    (5, ('land rent',))
    """
    kept = tuple(groups)
    unknown = [group for group in kept if group not in GROUPS]
    if unknown:
        raise ValueError(f"groups: choose among {list(GROUPS)}, not {unknown}")
    chosen = nx.DiGraph(**{**graph.graph, "groups": kept})
    for node, data in graph.nodes(data=True):
        chosen.add_node(node, **{**data, "balance_change": 0})
    for payer, payee, data in graph.edges(data=True):
        by_reason = {
            reason: amount
            for reason, amount in data.get("by_reason", {}).items()
            if group_of(reason) in kept
        }
        amount = sum(by_reason.values())
        if not amount:
            continue
        counts = data.get("count_by_reason", {})
        chosen.add_edge(
            payer,
            payee,
            amount=amount,
            count=sum(counts.get(reason, 0) for reason in by_reason),
            by_reason=by_reason,
            by_group={g: a for g, a in data["by_group"].items() if g in kept},
            count_by_reason={reason: counts.get(reason, 0) for reason in by_reason},
        )
        chosen.nodes[payer]["balance_change"] -= amount
        chosen.nodes[payee]["balance_change"] += amount
    return chosen


def rent_words(groups: Sequence[str]) -> str:
    """What a graph of only these groups of payments (:func:`only_groups`) holds, if it is
    rent: one group of :data:`RENT_GROUPS` by its name ("land rent"), several of them as
    "rent"; "" if any group is not rent, or none is given.

    Examples
    --------
    >>> rent_words(["land rent"]), rent_words(RENT_GROUPS), rent_words(["land rent", "wages"])
    ('land rent', 'rent', '')
    """
    kept = tuple(groups)
    if not kept or any(group not in RENT_GROUPS for group in kept):
        return ""
    return kept[0] if len(kept) == 1 else "rent"


def flows_by_group(graph: nx.DiGraph) -> dict[str, int]:
    """The total paid in each group of reasons, in the order of :data:`GROUPS`.

    Only groups in which money moved are listed.

    Examples
    --------
    >>> ledger = Ledger(["Ann", "Bob", "MISCELLANEOUS"])
    >>> ledger.transfer(0, 1, 12, "land rent")
    >>> ledger.transfer(1, 0, 8, "site bid")
    >>> ledger.transfer(2, 0, 100, "wages")
    >>> flows_by_group(cash_flows(ledger))
    {'land rent': 20, 'wages': 100}
    """
    totals: dict[str, int] = {}
    for _, _, by_group in graph.edges(data="by_group"):
        for group, amount in by_group.items():
            totals[group] = totals.get(group, 0) + amount
    order = {group: i for i, group in enumerate(GROUPS)}
    return {group: totals[group] for group in sorted(totals, key=order.__getitem__)}


def rent_received(graph: nx.DiGraph) -> dict[str, int]:
    """The rent each player collected: land rent, house rent and fares paid to him.

    Every player is listed, in turn order, with 0 if he collected nothing.
    Rent paid to a pile (the PUBLIC TREASURY under the single tax) is not a
    player's and is left out.

    Examples
    --------
    >>> ledger = Ledger(["Ann", "Bob", "MISCELLANEOUS"])
    >>> ledger.transfer(0, 1, 12, "land rent")
    >>> ledger.transfer(0, 1, 5, "railroad fare")
    >>> ledger.transfer(1, 0, 50, "card bought")
    >>> rent_received(cash_flows(ledger))
    {'Ann': 0, 'Bob': 17}
    """
    received: dict[str, int] = {}
    for node, kind in graph.nodes(data="kind"):
        if kind != "player":
            continue
        received[node] = sum(
            by_group.get(group, 0)
            for _, _, by_group in graph.in_edges(node, data="by_group")
            for group in RENT_GROUPS
        )
    return received


def largest_landlord_share(graph: nx.DiGraph) -> tuple[str, float]:
    """The player who collected the most rent, and his share of all rent paid to players.

    Rent is as in :func:`rent_received`. On a tie the player first in turn
    order is named. With no rent paid to any player: ``("", nan)``.

    Examples
    --------
    >>> ledger = Ledger(["Ann", "Bob", "Cy", "MISCELLANEOUS"])
    >>> ledger.transfer(0, 1, 30, "land rent")
    >>> ledger.transfer(2, 1, 15, "house rent")
    >>> ledger.transfer(1, 2, 15, "railroad fare")
    >>> largest_landlord_share(cash_flows(ledger))
    ('Bob', 0.75)
    >>> largest_landlord_share(cash_flows(Ledger(["Ann", "Bob"])))
    ('', nan)
    """
    received = rent_received(graph)
    total = sum(received.values())
    if total <= 0:
        return "", math.nan
    name = max(received, key=received.__getitem__)
    return name, received[name] / total


def to_frame(graph: nx.DiGraph):
    """The flows as a table: one row per edge and reason, largest amount first.

    Returns
    -------
    pandas.DataFrame
        Columns ``payer``, ``payee``, ``reason``, ``group``, ``amount`` and
        ``count`` (payments), sorted by ``amount`` descending; equal amounts
        keep the order of the graph's edges.

    Examples
    --------
    >>> ledger = Ledger(["Ann", "Bob", "MISCELLANEOUS"])
    >>> ledger.transfer(0, 1, 12, "land rent")
    >>> ledger.transfer(0, 1, 12, "land rent")
    >>> ledger.transfer(2, 0, 100, "wages")
    >>> to_frame(cash_flows(ledger))
               payer payee     reason      group  amount  count
    0  MISCELLANEOUS   Ann      wages      wages     100      1
    1            Ann   Bob  land rent  land rent      24      2
    """
    import pandas as pd

    rows = [
        (payer, payee, reason, group_of(reason), amount, data["count_by_reason"][reason])
        for payer, payee, data in graph.edges(data=True)
        for reason, amount in data["by_reason"].items()
    ]
    frame = pd.DataFrame(rows, columns=["payer", "payee", "reason", "group", "amount", "count"])
    frame = frame.astype({"amount": "int64", "count": "int64"})
    return frame.sort_values("amount", ascending=False, kind="stable").reset_index(drop=True)


# --- helpers --------------------------------------------------------------------------


def _ledger_and_players(source: Any) -> tuple[Ledger, int | None]:
    """The ledger of a source, and its number of players if the source knows it."""
    if isinstance(source, Ledger):
        return source, None
    game = source if hasattr(source, "ledger") else getattr(source, "game", None)
    ledger = getattr(game, "ledger", None)
    if not isinstance(ledger, Ledger):
        raise TypeError(
            f"cash_flows needs a Ledger, a game (with .ledger) or a GameRecord "
            f"(with .game.ledger), not {type(source).__name__}"
        )
    players = getattr(game, "n_players", None)
    return ledger, players if isinstance(players, int) else None


def _currency_of(source: Any) -> str:
    """How the source's rule set writes money ("$" for a bare ledger, or if it does not say)."""
    game = source if hasattr(source, "ledger") else getattr(source, "game", None)
    rules = getattr(game, "rules", None)
    return getattr(getattr(rules, "info", None), "currency", "") or "$"


def _bank_of(source: Any, names: tuple[str, ...]) -> str | None:
    """The name of the account the source's rule set makes the bank (None for a bare ledger)."""
    game = source if hasattr(source, "ledger") else getattr(source, "game", None)
    rules = getattr(game, "rules", None)
    pile = getattr(getattr(rules, "accounts", None), "bank", None)
    account = getattr(game, "pile_account", {}).get(pile)
    return names[account] if isinstance(account, int) and 0 <= account < len(names) else None


def _count_players(names: tuple[str, ...], n_players: int | None) -> int:
    """How many accounts, from the first, are players."""
    if n_players is not None:
        if not 0 <= n_players <= len(names):
            raise ValueError(
                f"n_players must be between 0 and the {len(names)} accounts, not {n_players}"
            )
        return n_players
    players = len(names)
    while players > 0 and names[players - 1].isupper():
        players -= 1
    return players


def _round_number(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, Integral):
        raise ValueError(f"{what} must be a whole round number, not {value!r}")
    if value < 0:
        raise ValueError(f"{what} must be 0 or more, not {value}")
    return int(value)


def _round_range(rounds: Any) -> tuple[int | float, int | float]:
    """``rounds`` as an inclusive (first, last) pair; the whole game for ``None``."""
    if rounds is None:
        return 0, math.inf
    if isinstance(rounds, tuple | list):
        if len(rounds) != 2:
            raise ValueError(
                f"rounds must be one round or a (first, last) pair, not {len(rounds)} values"
            )
        first = _round_number(rounds[0], "the first round")
        last = _round_number(rounds[1], "the last round")
        if first > last:
            raise ValueError(f"rounds ({first}, {last}): the first round comes after the last")
        return first, last
    round_ = _round_number(rounds, "rounds")
    return round_, round_
