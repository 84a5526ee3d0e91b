"""The charts of one game say what they show: titles with the game's own numbers, the two
Gini curves told apart, and the land rent that net arrows hide drawn gross.

Every game is seeded: four eager landlords (Ann, Bob, Cleo and Dan) on seed 7,
the game of lesson 4. Each expected figure is worked out here from the ledger
or the per-round table, not read back from the chart.
"""

from __future__ import annotations

import re

import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.colors import same_color, to_rgb
from matplotlib.figure import Figure
from matplotlib.patches import FancyArrowPatch
from matplotlib.text import Text

import landlord
from landlord.flows import cash_flows, group_of
from landlord.metrics import gini
from landlord.money import money
from landlord.plotting import GROUP_COLOURS, cash_flow_graph, gini_curve, lorenz_curve, wealth_bars
from landlord.widgets.charts import DPI, MARGINS, rent_chart

NAMES = ["Ann", "Bob", "Cleo", "Dan"]
TREASURY = "PUBLIC TREASURY"


@pytest.fixture(scope="module")
def landlords():
    return landlord.play("landlords_game", players=["eager_landlord"] * 4, seed=7, names=NAMES)


@pytest.fixture(scope="module")
def single_tax():
    return landlord.play("single_tax", players=["eager_landlord"] * 4, seed=7, names=NAMES)


def land_rent_paid(record) -> dict[tuple[str, str], int]:
    """Every (payer, payee) pair's land rent, added up from the ledger's records."""
    game = record.game
    names = game.ledger.names
    paid: dict[tuple[str, str], int] = {}
    for payment in game.ledger.records:
        if group_of(payment.reason) == "land rent":
            pair = (names[payment.payer], names[payment.payee])
            paid[pair] = paid.get(pair, 0) + payment.amount
    return paid


def app_axes(size=(5.6, 3.6)):
    """Axes as the apps' Chart makes them."""
    figure = Figure(figsize=size, dpi=DPI)
    FigureCanvasAgg(figure)
    figure.subplots_adjust(**MARGINS)
    return figure.add_subplot()


def arrows(ax) -> dict[tuple[str, str], FancyArrowPatch]:
    return {
        tuple(str(p.get_gid()).split(" -> ")): p
        for p in ax.patches
        if isinstance(p, FancyArrowPatch) and " -> " in str(p.get_gid())
    }


def title(ax) -> str:
    """The title as one line (it may be wrapped to fit the chart)."""
    return ax.get_title(loc="left").replace("\n", " ")


def texts_past_the_edge(figure) -> list[str]:
    """The texts drawn on ``figure`` that reach past its edges."""
    figure.canvas.draw()
    renderer = figure.canvas.get_renderer()
    edge = figure.bbox
    past = []
    for text in figure.findobj(Text):
        if not (text.get_visible() and text.get_text().strip()):
            continue
        box = text.get_window_extent(renderer)
        if box.x0 < edge.x0 - 0.5 or box.x1 > edge.x1 + 0.5 or box.y1 > edge.y1 + 0.5:
            past.append(text.get_text())
    return past


# --- Who paid whom: gross land rent ---------------------------------------------------


def test_net_arrows_hide_the_land_rent_the_players_paid_each_other(landlords):
    paid = land_rent_paid(landlords)
    between_players = {pair: amount for pair, amount in paid.items() if TREASURY not in pair}
    gross = sum(between_players.values())
    net = sum(
        abs(amount - between_players.get((payee, payer), 0))
        for (payer, payee), amount in between_players.items()
        if payer < payee or (payee, payer) not in between_players
    )
    assert gross == 468
    assert net < gross / 3  # paid both ways, the rents cancel out
    # The whole game's chart as the play app drew it: net arrows, the 8 largest.
    ax = app_axes((7.0, 5.0))
    cash_flow_graph(cash_flows(landlords), ax=ax, positions={})
    drawn = arrows(ax)
    assert not [pair for pair in drawn if TREASURY not in pair and set(pair) <= set(NAMES)]
    land_rent = to_rgb(GROUP_COLOURS["land rent"])
    assert not [a for a in drawn.values() if same_color(a.get_facecolor()[:3], land_rent)]
    assert [t.get_text() for t in ax.texts if t.get_gid() == "netted"]


def test_the_gross_land_rent_chart_draws_every_payment_of_it_both_ways(landlords):
    paid = land_rent_paid(landlords)
    ax = app_axes((7.0, 5.0))
    cash_flow_graph(
        cash_flows(landlords), ax=ax, positions={}, groups=["land rent"], net=False, most=None
    )
    drawn = arrows(ax)
    assert set(drawn) == set(paid)  # Ann -> Bob and Bob -> Ann both, and to the Treasury
    assert ("Ann", "Dan") in drawn
    assert ("Dan", "Ann") in drawn
    land_rent = to_rgb(GROUP_COLOURS["land rent"])
    assert all(same_color(a.get_facecolor()[:3], land_rent) for a in drawn.values())
    # Wider for more rent.
    widths = {pair: a.get_arrowstyle().tail_width for pair, a in drawn.items()}
    most, least = max(paid, key=paid.get), min(paid, key=paid.get)
    assert widths[most] > widths[least]
    # The chart says the arrows are gross, and nothing was left out.
    assert [t.get_text() for t in ax.texts if t.get_gid() == "gross"]
    assert not [t for t in ax.texts if t.get_gid() in ("netted", "left-out")]


def test_the_who_paid_whom_title_states_the_land_rent_paid_and_to_whom(landlords, single_tax):
    paid = land_rent_paid(landlords)
    total = sum(paid.values())
    received: dict[str, int] = {}
    for (_, payee), amount in paid.items():
        received[payee] = received.get(payee, 0) + amount
    top = max(NAMES, key=lambda name: received.get(name, 0))
    assert (total, top, received[top], received[TREASURY]) == (648, "Dan", 206, 180)
    ax = cash_flow_graph(cash_flows(landlords), groups=["land rent"], net=False).axes[0]
    assert title(ax) == (
        f"{money(total)} of land rent paid, {money(received[top])} of it to {top}, "
        f"{money(received[TREASURY])} to the Public Treasury"
    )
    # Under the single tax every dollar of it went to the Treasury.
    taxed = land_rent_paid(single_tax)
    assert {payee for _, payee in taxed} == {TREASURY}
    ax = cash_flow_graph(cash_flows(single_tax), groups=["land rent"], net=False).axes[0]
    assert title(ax) == (
        f"{money(sum(taxed.values()))} of land rent paid, all of it to the Public Treasury"
    )
    # Every payment: how much moved, and how much of it was land rent.
    everything = cash_flow_graph(cash_flows(landlords)).axes[0]
    assert title(everything).endswith(f"paid, {money(total)} of it land rent")


def test_a_round_without_land_rent_says_so():
    record = landlord.play(
        "landlords_game", players=["eager_landlord"] * 2, seed=7, names=NAMES[:2]
    )
    ax = cash_flow_graph(cash_flows(record, rounds=0), groups=["land rent"]).axes[0]
    assert title(ax) == "No land rent paid in round 0"


def test_the_live_land_rent_chart_and_its_words_agree_with_the_ledger(landlords):
    paid = land_rent_paid(landlords)
    chart = rent_chart()
    chart.draw(landlords.game)
    assert chart.data == paid
    alt = chart.alt
    assert alt.startswith(
        "who paid whom land rent: $648 of land rent paid, $206 of it to Dan, "
        "$180 to the Public Treasury. Gross, every payment both ways: "
    )
    said = {
        (payer, payee): int(amount.replace(",", ""))
        for payer, payee, amount in re.findall(r"(\w[\w ]*?) paid (\w[\w ]*?) \$([\d,]+)", alt)
    }
    named = {(a, "Public Treasury" if b == TREASURY else b): v for (a, b), v in paid.items()}
    assert said == named
    assert "more than" not in alt  # nothing netted
    figure = chart.figure
    (ax,) = figure.axes
    assert title(ax) in alt


# --- The Gini curves: cash and net worth told apart ------------------------------------


def test_the_two_gini_curves_differ_in_colour_line_and_weight(landlords):
    ax = app_axes()
    gini_curve(landlords.game, ax=ax)
    lines = {line.get_gid(): line for line in ax.get_lines()}
    worth, cash = lines["gini:net_worth"], lines["gini:cash"]
    assert not same_color(worth.get_color(), cash.get_color())
    assert worth.get_linestyle() != cash.get_linestyle()
    assert worth.get_marker() in ("None", "", None)
    assert cash.get_marker() == "o"
    # Net worth is the line to look at: thicker, and drawn over cash.
    assert worth.get_linewidth() > cash.get_linewidth()
    assert worth.get_zorder() > cash.get_zorder()
    # The key shows each curve as drawn: two samples in two colours.
    key = [t.get_text() for t in ax.texts if t.get_gid() == "key"]
    assert key == ["Gini of net worth", "Gini of cash"]
    (samples,) = [c for c in ax.collections if c.get_gid() == "key"]
    first, second = samples.get_colors()
    assert same_color(first, worth.get_color())
    assert same_color(second, cash.get_color())


def test_a_labelled_game_keeps_its_colour_for_net_worth_and_greys_its_cash(landlords):
    ax = gini_curve(landlords, label="The Landlord's Game").axes[0]
    lines = {line.get_gid(): line for line in ax.get_lines()}
    assert not same_color(lines["gini:net_worth"].get_color(), lines["gini:cash"].get_color())
    key = [t.get_text() for t in ax.texts if t.get_gid() == "key"]
    assert key == ["The Landlord's Game", "net worth", "cash"]


def test_the_gini_title_states_how_far_it_moved(landlords):
    worths = [row[2] for row in landlords.game.round_net_worths]
    first, last = gini(worths[0]), gini(worths[-1])
    rounds = landlords.game.round_net_worths[-1][0] - landlords.game.round_net_worths[0][0]
    assert (f"{first:.2f}", f"{last:.2f}", rounds) == ("0.00", "0.27", 36)
    ax = app_axes()
    gini_curve(landlords.game, ax=ax)
    assert title(ax) == f"Gini of net worth rose from {first:.2f} to {last:.2f} in {rounds} rounds"


def test_two_games_title_each_ones_last_gini(landlords, single_tax):
    ax = gini_curve(landlords, label="Landlord's Game", which=["net_worth"]).axes[0]
    gini_curve(single_tax, ax=ax, label="single tax", which=["net_worth"])
    ends = {
        name: (record.game.round_net_worths[-1][0], gini(record.game.round_net_worths[-1][2]))
        for name, record in (("Landlord's Game", landlords), ("single tax", single_tax))
    }
    (first_round, first), (second_round, second) = ends.values()
    assert title(ax) == (
        f"Gini of net worth: Landlord's Game {first:.2f} at round {first_round}, "
        f"single tax {second:.2f} at round {second_round}"
    )


# --- Wealth and Lorenz -------------------------------------------------------------------


def test_the_wealth_title_names_who_holds_most_and_the_share(landlords):
    worths = dict(zip(NAMES, landlords.game.net_worths(), strict=True))
    richest = max(worths, key=worths.get)
    share = worths[richest] / sum(worths.values())
    assert (richest, f"{share:.0%}") == ("Dan", "39%")
    ax = app_axes()
    wealth_bars(landlords.game, ax=ax)
    assert (
        title(ax) == f"Round {landlords.game.round}: {richest} holds {share:.0%} of all net worth"
    )


def test_the_lorenz_title_gives_the_richest_and_the_poorest_halfs_shares(landlords):
    worths = sorted(landlords.game.net_worths())
    total = sum(worths)
    ax = app_axes()
    lorenz_curve(worths, ax=ax, label="net worth now")
    assert title(ax) == (
        f"The richest player holds {worths[-1] / total:.0%} of the total, "
        f"the poorest half {(worths[0] + worths[1]) / total:.0%}"
    )


# --- The titles fit the apps' charts ----------------------------------------------------


@pytest.mark.parametrize("chart", ["gini", "wealth", "lorenz", "flows"])
def test_the_titles_fit_a_narrow_chart(landlords, chart):
    """A chart 22em wide shows the whole figure scaled down: what counts is that the
    title is wrapped inside the figure, on two lines at most, and nothing is cut off."""
    size = (7.0, 5.0) if chart == "flows" else (5.6, 3.6)
    ax = app_axes(size)
    draw = {
        "gini": lambda: gini_curve(landlords.game, ax=ax),
        "wealth": lambda: wealth_bars(landlords.game, ax=ax),
        "lorenz": lambda: lorenz_curve(landlords.game.net_worths(), ax=ax),
        "flows": lambda: cash_flow_graph(
            cash_flows(landlords), ax=ax, groups=["land rent"], net=False, most=None
        ),
    }
    draw[chart]()
    assert 1 <= ax.get_title(loc="left").count("\n") + 1 <= 2
    assert not texts_past_the_edge(ax.figure)
