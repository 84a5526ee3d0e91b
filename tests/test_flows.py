"""Cash flows: a ledger as a graph of who paid whom, checked against known sums.

The hand-made ledger's expected figures are added up by hand in the test; the
played games are checked against what must hold whatever the dice do (money is
conserved, the graph reproduces the ledger's balances) and against what the
rule sets say about the PUBLIC TREASURY.
"""

from __future__ import annotations

import math

import networkx as nx
import pytest

import landlord
from landlord.engine.ledger import Ledger
from landlord.engine.reasons import Reason
from landlord.flows import (
    GROUPS,
    REASON_GROUPS,
    cash_flows,
    flows_by_group,
    group_of,
    largest_landlord_share,
    net_flows,
    only_groups,
    rent_received,
    to_frame,
)

ANN, BOB, CY, MISC, TREASURY = range(5)
NAMES = ["Ann", "Bob", "Cy", "MISCELLANEOUS", "PUBLIC TREASURY"]


def hand_ledger() -> Ledger:
    """Three players and two piles, over rounds 0 to 3."""
    ledger = Ledger(NAMES)

    def pay(round_, payer, payee, amount, reason):
        ledger.clock[:] = [round_, 0]
        ledger.transfer(payer, payee, amount, reason)

    for player in (ANN, BOB, CY):
        pay(0, MISC, player, 1000, "starting cash")
    pay(1, ANN, BOB, 20, "land rent")
    pay(1, CY, BOB, 50, "house rent")
    pay(1, MISC, ANN, 100, "wages")
    pay(2, ANN, BOB, 30, "land rent")
    pay(2, ANN, BOB, 10, "railroad fare")
    pay(2, BOB, CY, 15, "franchise fee")
    pay(2, CY, TREASURY, 40, "necessity tax")
    pay(2, BOB, MISC, 200, "house built")
    pay(3, TREASURY, ANN, 25, "public purchase")
    pay(3, ANN, BOB, 5, "land rent")
    pay(3, BOB, ANN, 100, "loan")
    pay(3, ANN, BOB, 110, "debt repaid")
    return ledger


# --- the groups ---------------------------------------------------------------------


def test_every_engine_reason_has_a_group_other_than_other():
    for reason in Reason.members():
        assert REASON_GROUPS[reason] in GROUPS
        assert group_of(reason) == reason.group != "other"
    assert set(REASON_GROUPS) == {str(reason) for reason in Reason.members()}


@pytest.mark.parametrize(
    ("rules", "options"),
    [
        ("landlords_game", {}),
        ("landlords_game", {"advanced": True, "land_value_tax": 0.5, "citizens_dividend": True}),
        ("single_tax", {}),
        ("prosperity", {}),
        ("monopoly_us", {}),
        ("monopoly_uk_1972", {"short_game": True, "round_limit": 40}),
    ],
)
def test_every_payment_the_engine_makes_gives_a_reason_of_the_one_list(rules, options):
    seen = set()
    for seed in range(6):
        bots = ["random", "eager_landlord", "single_taxer", "strategy_guide"]
        record = landlord.play(rules, players=bots, seed=seed, **options)
        for transfer in record.game.ledger.records:
            assert type(transfer.reason) is Reason, transfer
            assert Reason.of(transfer.reason) is transfer.reason
            seen.add(transfer.reason)
    assert Reason.STARTING_CASH in seen


@pytest.mark.parametrize(
    ("reason", "group"),
    [
        ("land value tax", "land rent"),
        ("opportunity rent", "land rent"),
        ("site bid", "land rent"),
        ("franchise fee", "fares"),
        ("opportunity wages", "wages"),
        ("debt repaid from wages", "loans"),
        ("broker's share", "chance and speculation"),
        ("Treasury emptied for the single tax", "public spending"),
        ("citizen's dividend", "public spending"),
    ],
)
def test_reasons_fall_in_the_groups_a_lesson_talks_about(reason, group):
    assert group_of(reason) == group


@pytest.mark.parametrize("rules", ["monopoly_us", "monopoly_uk_1972"])
def test_every_payment_of_the_later_game_falls_in_a_named_group(rules):
    for seed in range(8):
        record = landlord.play(rules, players=["strategy_guide", "eager_landlord"] * 2, seed=seed)
        reasons = {transfer.reason for transfer in record.game.ledger.records}
        assert {reason for reason in reasons if group_of(reason) == "other"} == set()
        assert {"land rent", "salary"} <= reasons


def test_reason_groups_cannot_be_changed_by_accident():
    with pytest.raises(TypeError):
        REASON_GROUPS["land rent"] = "wages"  # type: ignore[index]


def test_an_unknown_reason_goes_to_other_and_does_not_fail():
    ledger = Ledger(["Ann", "Bob", "MISCELLANEOUS"])
    ledger.transfer(0, 1, 7, "a reason from a new rule set")
    graph = cash_flows(ledger)
    assert graph["Ann"]["Bob"]["by_group"] == {"other": 7}
    assert flows_by_group(graph) == {"other": 7}
    assert to_frame(graph)["group"].tolist() == ["other"]


# --- a hand-made ledger -------------------------------------------------------------


def test_nodes_are_every_account_with_kind_and_number():
    graph = cash_flows(hand_ledger())
    assert isinstance(graph, nx.DiGraph)
    assert list(graph.nodes) == NAMES
    assert [graph.nodes[n]["kind"] for n in NAMES] == ["player"] * 3 + ["pile"] * 2
    assert [graph.nodes[n]["account"] for n in NAMES] == list(range(5))


def test_edges_add_up_the_transfers_by_reason_and_group():
    graph = cash_flows(hand_ledger())
    ann_bob = graph["Ann"]["Bob"]
    assert ann_bob["amount"] == 20 + 30 + 10 + 5 + 110
    assert ann_bob["count"] == 5
    assert ann_bob["by_reason"] == {
        "land rent": 55,
        "railroad fare": 10,
        "debt repaid": 110,
    }
    assert ann_bob["by_group"] == {"land rent": 55, "fares": 10, "loans": 110}
    assert graph["Bob"]["Ann"]["by_reason"] == {"loan": 100}
    assert graph["Cy"]["Bob"]["by_group"] == {"house rent": 50}
    assert graph["PUBLIC TREASURY"]["Ann"]["by_group"] == {"public spending": 25}
    assert set(graph.edges) == {
        ("Ann", "Bob"),
        ("Bob", "Ann"),
        ("Cy", "Bob"),
        ("MISCELLANEOUS", "Ann"),
        ("Bob", "Cy"),
        ("Cy", "PUBLIC TREASURY"),
        ("Bob", "MISCELLANEOUS"),
        ("PUBLIC TREASURY", "Ann"),
    }


def test_no_edge_where_no_money_moved():
    graph = cash_flows(hand_ledger())
    assert not graph.has_edge("Ann", "Cy")
    assert not graph.has_edge("MISCELLANEOUS", "Bob")  # only starting cash there
    assert not graph.has_edge("PUBLIC TREASURY", "MISCELLANEOUS")


def test_net_flows_and_balance_change():
    graph = cash_flows(hand_ledger())
    expected = {
        "Ann": 100 + 25 + 100 - (20 + 30 + 10 + 5 + 110),
        "Bob": 20 + 50 + 30 + 10 + 5 + 110 - (15 + 200 + 100),
        "Cy": 15 - (50 + 40),
        "MISCELLANEOUS": 200 - 100,
        "PUBLIC TREASURY": 40 - 25,
    }
    assert net_flows(graph) == expected
    assert {n: graph.nodes[n]["balance_change"] for n in NAMES} == expected
    assert sum(expected.values()) == 0


def test_rent_received_counts_land_rent_house_rent_and_fares_to_players():
    graph = cash_flows(hand_ledger())
    assert rent_received(graph) == {"Ann": 0, "Bob": 55 + 50 + 10, "Cy": 15}


def test_only_groups_keeps_those_payments_gross_and_leaves_the_graph_alone():
    graph = cash_flows(hand_ledger())
    rent = only_groups(graph, ["land rent", "house rent"])
    assert list(rent.nodes) == NAMES  # every account stays
    assert sorted(rent.edges(data="amount")) == [("Ann", "Bob", 20 + 30 + 5), ("Cy", "Bob", 50)]
    ann_bob = rent["Ann"]["Bob"]
    assert ann_bob["count"] == 3
    assert ann_bob["by_reason"] == {"land rent": 55}
    assert ann_bob["by_group"] == {"land rent": 55}
    expected = {"Ann": -55, "Bob": 105, "Cy": -50, "MISCELLANEOUS": 0, "PUBLIC TREASURY": 0}
    assert {n: rent.nodes[n]["balance_change"] for n in NAMES} == expected
    assert net_flows(rent) == expected
    assert rent.graph["groups"] == ("land rent", "house rent")
    # The graph it was taken from is as it was.
    assert graph["Ann"]["Bob"]["amount"] == 175
    assert graph.nodes["Bob"]["balance_change"] == net_flows(graph)["Bob"]
    with pytest.raises(ValueError, match="groups"):
        only_groups(graph, ["rent"])


def test_only_groups_of_both_ways_keeps_both_edges():
    ledger = Ledger(["Ann", "Bob", "MISCELLANEOUS"])
    ledger.transfer(ANN, BOB, 120, "land rent")
    ledger.transfer(BOB, ANN, 100, "land rent")
    rent = only_groups(cash_flows(ledger), ["land rent"])
    assert sorted(rent.edges(data="amount")) == [("Ann", "Bob", 120), ("Bob", "Ann", 100)]
    assert flows_by_group(rent) == {"land rent": 220}  # gross, though Ann is only $20 down


def test_largest_landlord_share():
    name, share = largest_landlord_share(cash_flows(hand_ledger()))
    assert name == "Bob"
    assert share == pytest.approx(115 / 130)


def test_largest_landlord_share_without_rent_is_empty_and_nan():
    ledger = Ledger(["Ann", "Bob", "MISCELLANEOUS"])
    ledger.transfer(2, 0, 100, "wages")
    ledger.transfer(0, 2, 100, "land value tax")  # rent to a pile is no landlord's
    name, share = largest_landlord_share(cash_flows(ledger))
    assert name == ""
    assert math.isnan(share)


def test_flows_by_group_in_group_order():
    totals = flows_by_group(cash_flows(hand_ledger()))
    assert totals == {
        "land rent": 55,
        "house rent": 50,
        "fares": 25,
        "taxes and fines": 40,
        "wages": 100,
        "purchases": 200,
        "loans": 210,
        "public spending": 25,
    }
    assert list(totals) == [g for g in GROUPS if g in totals]


# --- rounds and starting cash ---------------------------------------------------------


def test_one_round():
    graph = cash_flows(hand_ledger(), rounds=2)
    assert set(graph.edges) == {
        ("Ann", "Bob"),
        ("Bob", "Cy"),
        ("Cy", "PUBLIC TREASURY"),
        ("Bob", "MISCELLANEOUS"),
    }
    assert graph["Ann"]["Bob"]["by_reason"] == {"land rent": 30, "railroad fare": 10}
    assert graph["Ann"]["Bob"]["count"] == 2
    assert list(graph.nodes) == NAMES  # every account, even with nothing in the round
    assert graph.graph["rounds"] == (2, 2)


def test_a_range_of_rounds_is_inclusive():
    graph = cash_flows(hand_ledger(), rounds=(1, 2))
    assert graph["Ann"]["Bob"]["by_reason"] == {"land rent": 50, "railroad fare": 10}
    assert not graph.has_edge("PUBLIC TREASURY", "Ann")  # round 3
    assert not graph.has_edge("Bob", "Ann")  # round 3
    assert graph.nodes["Cy"]["balance_change"] == 15 - 50 - 40


def test_rounds_with_no_payments_give_a_graph_without_edges():
    graph = cash_flows(hand_ledger(), rounds=(10, 20))
    assert graph.number_of_nodes() == 5
    assert graph.number_of_edges() == 0
    assert set(net_flows(graph).values()) == {0}


def test_starting_cash_left_out_by_default_and_counted_on_request():
    ledger = hand_ledger()
    assert "starting cash" not in flows_by_group(cash_flows(ledger))
    assert cash_flows(ledger, rounds=0).number_of_edges() == 0
    with_cash = cash_flows(ledger, include_starting_cash=True)
    assert with_cash["MISCELLANEOUS"]["Bob"]["by_reason"] == {"starting cash": 1000}
    assert with_cash["MISCELLANEOUS"]["Ann"]["by_reason"] == {
        "starting cash": 1000,
        "wages": 100,
    }
    assert flows_by_group(with_cash)["starting cash"] == 3000
    assert [with_cash.nodes[n]["balance_change"] for n in NAMES] == ledger.balances


@pytest.mark.parametrize(
    "rounds",
    [-1, (-1, 2), (3, 1), 1.5, "2", (1, 2, 3), (1,), True, (0, None)],
)
def test_bad_rounds_are_refused(rounds):
    with pytest.raises(ValueError, match="round"):
        cash_flows(hand_ledger(), rounds=rounds)


def test_duplicate_names_are_refused_by_name():
    ledger = Ledger(["Ann", "Ann", "MISCELLANEOUS"])
    with pytest.raises(ValueError, match="'Ann'"):
        cash_flows(ledger)


def test_a_source_without_ledger_is_refused():
    with pytest.raises(TypeError, match="Ledger"):
        cash_flows([1, 2, 3])


def test_a_bare_ledger_can_be_told_its_number_of_players():
    ledger = Ledger(["ANN", "BOB", "MISCELLANEOUS"])
    assert cash_flows(ledger).nodes["ANN"]["kind"] == "pile"  # the guess from capitals
    graph = cash_flows(ledger, n_players=2)
    assert [kind for _, kind in graph.nodes(data="kind")] == ["player", "player", "pile"]


# --- to_frame ---------------------------------------------------------------------------


def test_to_frame_one_row_per_edge_and_reason_largest_first():
    frame = to_frame(cash_flows(hand_ledger()))
    assert list(frame.columns) == ["payer", "payee", "reason", "group", "amount", "count"]
    assert len(frame) == 10
    amounts = frame["amount"].tolist()
    assert amounts == sorted(amounts, reverse=True)
    assert frame.iloc[0].to_dict() == {
        "payer": "Bob",
        "payee": "MISCELLANEOUS",
        "reason": "house built",
        "group": "purchases",
        "amount": 200,
        "count": 1,
    }
    land = frame[(frame["payer"] == "Ann") & (frame["reason"] == "land rent")]
    assert land[["amount", "count"]].values.tolist() == [[55, 3]]
    assert frame["amount"].sum() == sum(
        a for *_, a in cash_flows(hand_ledger()).edges.data("amount")
    )


def test_to_frame_of_a_graph_without_edges_has_the_columns():
    frame = to_frame(cash_flows(Ledger(["Ann", "Bob"])))
    assert frame.empty
    assert list(frame.columns) == ["payer", "payee", "reason", "group", "amount", "count"]


# --- played games -----------------------------------------------------------------------


@pytest.fixture(scope="module")
def games():
    return {
        rules: landlord.play(rules, players=4, seed=1)
        for rules in ("landlords_game", "prosperity")
    }


def graph_data(graph):
    return (
        list(graph.nodes(data=True)),
        sorted((u, v, sorted(d.items())) for u, v, d in graph.edges(data=True)),
    )


@pytest.mark.parametrize("rules", ["landlords_game", "prosperity"])
def test_ledger_game_and_record_give_the_same_graph(games, rules):
    record = games[rules]
    graphs = [cash_flows(s) for s in (record, record.game, record.game.ledger)]
    assert graph_data(graphs[0]) == graph_data(graphs[1])
    # A bare ledger guesses the players from the capitals of the piles' names.
    assert graph_data(graphs[0]) == graph_data(graphs[2])
    kinds = [kind for _, kind in graphs[0].nodes(data="kind")]
    assert kinds == ["player"] * 4 + ["pile"] * (len(kinds) - 4)


@pytest.mark.parametrize("rules", ["landlords_game", "prosperity"])
def test_the_whole_game_with_starting_cash_reproduces_the_balances(games, rules):
    record = games[rules]
    ledger = record.game.ledger
    graph = cash_flows(record, include_starting_cash=True)
    for account, name in enumerate(ledger.names):
        assert graph.nodes[name]["balance_change"] == ledger.balances[account]
    assert net_flows(graph) == dict(zip(ledger.names, ledger.balances, strict=True))
    total = sum(record.transfers["amount"])
    assert sum(a for *_, a in graph.edges.data("amount")) == total
    assert sum(c for *_, c in graph.edges.data("count")) == len(ledger.records)


@pytest.mark.parametrize("rules", ["landlords_game", "prosperity"])
def test_money_is_conserved_in_every_range_of_rounds(games, rules):
    record = games[rules]
    last = record.game.round
    for rounds in [None, 0, 1, last, (0, last), (1, 5), (3, 3), (last // 2, last)]:
        for starting_cash in (False, True):
            graph = cash_flows(record, rounds=rounds, include_starting_cash=starting_cash)
            flows = net_flows(graph)
            assert sum(flows.values()) == 0
            assert flows == dict(graph.nodes(data="balance_change"))


def test_under_the_landlords_game_the_treasury_pays_nothing_out(games):
    graph = cash_flows(games["landlords_game"])
    assert graph.out_degree("PUBLIC TREASURY") == 0
    assert "public spending" not in flows_by_group(graph)
    name, share = largest_landlord_share(graph)
    assert name in games["landlords_game"].names
    assert 0 < share <= 1


def test_under_prosperity_land_rent_goes_to_the_treasury_and_back_out(games):
    graph = cash_flows(games["prosperity"])
    into_treasury = [d for _, _, d in graph.in_edges("PUBLIC TREASURY", data="by_group")]
    assert sum(d.get("land rent", 0) for d in into_treasury) > 0
    out_of_treasury = [d for _, _, d in graph.out_edges("PUBLIC TREASURY", data="by_reason")]
    assert sum(d.get("wage rise", 0) for d in out_of_treasury) > 0
    spent = [d for _, _, d in graph.out_edges("PUBLIC TREASURY", data="by_group")]
    assert sum(d.get("public spending", 0) for d in spent) > 0
    assert all(set(d) == {"public spending"} for d in spent)


@pytest.mark.parametrize("rules", ["landlords_game", "prosperity"])
def test_the_land_rent_alone_adds_up_to_the_land_rent_of_the_game(games, rules):
    graph = cash_flows(games[rules])
    rent = only_groups(graph, ["land rent"])
    assert flows_by_group(rent) == {"land rent": flows_by_group(graph)["land rent"]}
    assert sum(net_flows(rent).values()) == 0
