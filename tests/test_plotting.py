"""The figures, checked on the data they draw (never on pixels).

Every game and comparison here is seeded. A figure is drawn on its Agg
canvas (``canvas.draw()``) before it is read, so that what is checked is
what a reader would see.
"""

from __future__ import annotations

import math
import re
import subprocess
import sys

import numpy as np
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.collections import PolyCollection
from matplotlib.colors import is_color_like, same_color, to_rgb
from matplotlib.figure import Figure
from matplotlib.patches import Circle, FancyArrowPatch, Rectangle, RegularPolygon, StepPatch
from matplotlib.text import Text

import landlord
from landlord import plotting
from landlord.engine.ledger import Ledger
from landlord.experiments import load_results
from landlord.flows import GROUPS, cash_flows
from landlord.money import money
from landlord.plotting import (
    GROUP_COLOURS,
    PLAYER_COLOURS,
    RULES_COLOURS,
    cash_flow_graph,
    flow_layout,
    game_lengths,
    gini_curve,
    gini_distributions,
    lorenz_curve,
    mean_gini_by_round,
    rules_colour,
    wealth_bars,
)
from landlord.plotting.cash_flows import MOST_ARROWS
from landlord.record import GameRecord
from landlord.session import Session
from landlord.widgets.charts import DPI, MARGINS

SEATS = ["eager_landlord", "cautious_tenant", "eager_landlord", "random"]
RULES = ["landlords_game", "prosperity"]


@pytest.fixture(scope="module")
def games():
    """One game of each rule set, the same seats and seed."""
    return {rules: landlord.play(rules, players=SEATS, seed=2) for rules in RULES}


@pytest.fixture(scope="module")
def record(games):
    return games["landlords_game"]


@pytest.fixture(scope="module")
def comparison():
    return landlord.compare(RULES, games=8, seed=1)


@pytest.fixture(scope="module")
def loaded(comparison, tmp_path_factory):
    """The same comparison saved and read back: it has no per-game curves."""
    path = comparison.save(tmp_path_factory.mktemp("results") / "results.json")
    return load_results(path)


def drawn(figure: Figure) -> Figure:
    figure.canvas.draw()
    return figure


def ax_of(figure: Figure):
    (ax,) = figure.axes
    return ax


def lines(ax, gid: str) -> list:
    return [line for line in ax.get_lines() if line.get_gid() == gid]


# --- Importing --------------------------------------------------------------------------


@pytest.mark.parametrize("module", ["landlord", "landlord.plotting"])
def test_importing_does_not_import_matplotlib(module):
    code = f"import {module}, sys; assert 'matplotlib' not in sys.modules, 'matplotlib imported'"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


DRAW_EVERYTHING = """
import sys, landlord
from landlord import plotting as p
from landlord.flows import cash_flows
from landlord.record import GameRecord
record = landlord.play("landlords_game", players=2, seed=1)
comparison = landlord.compare(["landlords_game", "prosperity"], games=2, seed=1)
figures = [p.gini_curve(record), p.wealth_bars(record), p.lorenz_curve([1, 2]),
           p.cash_flow_graph(cash_flows(record)), p.gini_distributions(comparison),
           p.mean_gini_by_round(comparison), p.game_lengths(comparison)]
for figure in figures:
    figure.canvas.draw()
    assert type(figure.canvas).__name__ == "FigureCanvasAgg", type(figure.canvas)
assert "matplotlib.pyplot" not in sys.modules, "pyplot was imported"
"""


def test_drawing_never_imports_pyplot():
    done = subprocess.run([sys.executable, "-c", DRAW_EVERYTHING], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


# --- Colours ------------------------------------------------------------------------------


def test_every_group_of_payments_has_its_own_colour():
    assert tuple(GROUP_COLOURS) == GROUPS
    assert len(set(GROUP_COLOURS.values())) == len(GROUPS)
    assert all(is_color_like(colour) for colour in GROUP_COLOURS.values())


def test_players_take_the_okabe_ito_colours():
    okabe_ito = {
        "#E69F00",
        "#56B4E9",
        "#009E73",
        "#F0E442",
        "#0072B2",
        "#D55E00",
        "#CC79A7",
        "#000000",
    }
    assert set(PLAYER_COLOURS) <= okabe_ito
    assert len(set(PLAYER_COLOURS)) == 6
    assert "#F0E442" not in PLAYER_COLOURS  # no faint yellow player on a white screen
    assert plotting.player_colour(9) == PLAYER_COLOURS[3]
    # One colour per player everywhere: the board's tokens are the charts' bars.
    from landlord.views import board

    assert board.PLAYER_COLOURS == PLAYER_COLOURS


def test_a_rule_set_keeps_its_colour():
    assert rules_colour("landlords_game") == RULES_COLOURS["landlords_game"]
    assert rules_colour("prosperity") != rules_colour("landlords_game")
    label = "landlords_game[land_value_tax=0.5]"
    assert rules_colour(label) == rules_colour(label)
    assert is_color_like(rules_colour(label))


def test_labels_that_share_a_colour_are_told_apart():
    # Enough labels that two must fall on the same one of the eight extra colours.
    labels = [f"landlords_game[wages={amount}]" for amount in range(100, 110)]
    assert len({rules_colour(label) for label in labels}) < len(labels)
    colours = plotting._label_colours(labels)
    assert len(set(colours.values())) == len(labels)


# --- gini_curve --------------------------------------------------------------------------


def test_gini_curve_draws_the_round_summary(record):
    figure = drawn(gini_curve(record))
    ax = ax_of(figure)
    summary = record.round_summary
    for measure in ("net_worth", "cash"):
        (line,) = lines(ax, f"gini:{measure}")
        np.testing.assert_array_equal(line.get_xdata(), summary["round"])
        np.testing.assert_allclose(line.get_ydata(), summary[f"gini_{measure}"], rtol=0, atol=0)
    assert ax.get_ylim() == (0.0, 1.0)


def per_round_gini(rounds, column: str) -> np.ndarray:
    """The Gini coefficient of a column of GameRecord.rounds, round by round."""
    table = rounds.pivot(index="round", columns="player", values=column)
    return landlord.metrics.gini(table.to_numpy(dtype=float))


@pytest.mark.parametrize("form", ["round_summary", "rounds", "record", "session", "game"])
def test_gini_curve_reads_the_tables_and_a_running_game(record, form):
    session = Session("landlords_game", SEATS, seed=5)
    session.run(max_steps=400)  # part of the way through the game
    assert not session.game.is_over
    running = GameRecord.from_session(session)
    # (round_summary cannot be worked out in the middle of a round: see the report.)
    sources = {
        "round_summary": (record.round_summary, 4),
        "rounds": (running.rounds, None),
        "record": (running, None),
        "session": (session, None),
        "game": (session.game, None),
    }
    source, players = sources[form]
    rounds = record.rounds if form == "round_summary" else running.rounds
    ax = ax_of(gini_curve(source, players=players))
    for measure in ("net_worth", "cash"):
        (line,) = lines(ax, f"gini:{measure}")
        np.testing.assert_allclose(line.get_ydata(), per_round_gini(rounds, measure), atol=1e-12)
        np.testing.assert_array_equal(line.get_xdata(), sorted(rounds["round"].unique()))
    (ceiling,) = lines(ax, "gini-ceiling")
    assert ceiling.get_ydata()[0] == pytest.approx(0.75)


def test_two_games_on_one_axes_give_two_labelled_curves_each(games):
    figure = gini_curve(games["landlords_game"], label="The Landlord's Game")
    ax = ax_of(figure)
    assert gini_curve(games["prosperity"], ax=ax, label="Prosperity") is figure
    drawn(figure)
    curves = [line for line in ax.get_lines() if str(line.get_gid()).startswith("gini:")]
    assert [line.get_label() for line in curves] == [
        "The Landlord's Game: net worth",
        "The Landlord's Game: cash",
        "Prosperity: net worth",
        "Prosperity: cash",
    ]
    first, second = {line.get_color() for line in curves[:2]}, {c.get_color() for c in curves[2:]}
    assert len(first) == len(second) == 1  # a colour per game
    assert first != second
    assert [line.get_linestyle() for line in curves[:2]] == ["-", "--"]
    np.testing.assert_allclose(
        curves[2].get_ydata(), games["prosperity"].round_summary["gini_net_worth"]
    )
    # A key entry per game, the line styles above; the ceiling drawn once, at 1 - 1/4.
    key = [t.get_text() for t in ax.texts if t.get_gid() == "key"]
    assert key == ["solid: net worth, dashed: cash", "The Landlord's Game", "Prosperity"]
    (ceiling,) = lines(ax, "gini-ceiling")
    assert ceiling.get_ydata()[0] == 0.75
    longest = max(len(game.round_summary) for game in games.values()) - 1
    assert ax.get_xlim() == (0.0, longest)


def test_the_same_label_again_replaces_its_curves():
    """A live chart: the same axes, redrawn after every round of a game in progress."""
    session = Session("landlords_game", SEATS, seed=4)
    figure = gini_curve(landlord.play("prosperity", players=SEATS, seed=4), label="Prosperity")
    ax = ax_of(figure)
    colours = []
    for _ in range(3):
        session.run(max_steps=150)
        gini_curve(session, ax=ax, label="The Landlord's Game")
        drawn(figure)
        curves = [line for line in ax.get_lines() if str(line.get_gid()).startswith("gini:")]
        assert len(curves) == 4
        (now,) = [line for line in curves if line.get_label() == "The Landlord's Game: cash"]
        assert len(now.get_ydata()) == len(session.game.round_net_worths)
        colours.append(now.get_color())
        key = [t.get_text() for t in ax.texts if t.get_gid() == "key"]
        assert key == ["solid: net worth, dashed: cash", "Prosperity", "The Landlord's Game"]
    assert len(set(colours)) == 1


def test_a_game_not_yet_begun_draws_empty():
    session = Session("landlords_game", ["eager_landlord", "human"], seed=1)
    ax = ax_of(drawn(gini_curve(session)))
    assert all(len(line.get_ydata()) == 0 for line in lines(ax, "gini:net_worth"))
    # No round is over yet: the bars show the holdings now, the starting cash.
    assert bar_sums(ax_of(drawn(wealth_bars(GameRecord.from_session(session))))) == {
        "eager_landlord 1": 600,
        "human 2": 600,
    }


@pytest.mark.parametrize("players", [2, 3])
def test_the_ceiling_is_1_minus_1_over_n(players):
    record = landlord.play("landlords_game", players=players, seed=3)
    (ceiling,) = lines(ax_of(gini_curve(record)), "gini-ceiling")
    assert ceiling.get_ydata()[0] == pytest.approx(1 - 1 / players)


def test_gini_curve_can_draw_one_measure(record):
    ax = ax_of(gini_curve(record, which=["cash"]))
    # The ceiling first, the curves after it: the last line is the last curve drawn.
    assert [line.get_gid() for line in ax.get_lines()] == ["gini-ceiling", "gini:cash"]
    with pytest.raises(ValueError, match="which"):
        gini_curve(record, which=["score"])
    with pytest.raises(TypeError, match="GameRecord"):
        gini_curve([0.1, 0.2])


# --- wealth_bars --------------------------------------------------------------------------


def bar_sums(ax) -> dict[str, float]:
    """The heights of every player's bars, added up (negative parts included)."""
    sums: dict[str, float] = {}
    for bar in ax.patches:
        gid = str(bar.get_gid())
        if ":" in gid and isinstance(bar, Rectangle):
            player = gid.rsplit(":", 1)[0]
            sums[player] = sums.get(player, 0.0) + bar.get_height()
    return sums


@pytest.mark.parametrize("rules", RULES)
def test_the_bars_add_up_to_each_players_net_worth(games, rules):
    record = games[rules]
    ax = ax_of(drawn(wealth_bars(record)))
    worth = dict(zip(record.standings["name"], record.standings["net_worth"], strict=True))
    assert bar_sums(ax) == pytest.approx(worth, abs=1e-9)
    worth_lines = [c for c in ax.collections if c.get_gid() == "net worth"]
    assert len(worth_lines) == 1


def test_the_parts_are_cash_land_houses_and_the_rest(record):
    ax = ax_of(wealth_bars(record))
    final = record.rounds[record.rounds["round"] == record.rounds["round"].max()]
    for row in final.itertuples():
        heights = {
            str(bar.get_gid()).rsplit(":", 1)[1]: bar.get_height()
            for bar in ax.patches
            if str(bar.get_gid()).startswith(f"{row.name}:")
        }
        assert heights["cash"] == row.cash
        assert heights.get("land", 0) == row.land_value
        assert heights.get("houses", 0) == row.houses * record.game.holdings.house_cost
        assert heights.get("loans", 0) == -row.debts
    # Each player's cash in his own colour.
    for seat, name in enumerate(record.names):
        (cash,) = [bar for bar in ax.patches if bar.get_gid() == f"{name}:cash"]
        assert same_color(cash.get_facecolor()[:3], to_rgb(PLAYER_COLOURS[seat]))


def test_wealth_bars_of_a_table_and_of_a_running_game():
    session = Session("prosperity", SEATS, seed=3)
    session.run(max_steps=300)
    game = session.game
    now = {name: row[-1] for name, row in zip(game.names, game.holdings_table(), strict=True)}
    assert bar_sums(ax_of(wealth_bars(session))) == pytest.approx(now)
    rounds = GameRecord.from_session(session).rounds
    last = rounds[rounds["round"] == rounds["round"].max()]
    then = dict(zip(last["name"], last["net_worth"], strict=True))
    assert bar_sums(ax_of(wealth_bars(rounds))) == pytest.approx(then)
    assert bar_sums(ax_of(wealth_bars(rounds, house_cost=100))) == pytest.approx(then)


def test_wealth_bars_on_the_same_axes_move_with_the_game():
    session = Session("landlords_game", SEATS, seed=6)
    figure = wealth_bars(session)
    ax = ax_of(figure)

    def bars():
        return [bar for bar in ax.patches if ":" in str(bar.get_gid())]

    assert len(bars()) == 5 * len(SEATS)  # every part, hidden where it is 0
    for _ in range(4):
        session.run(max_steps=200)
        assert wealth_bars(session, ax=ax) is figure
        drawn(figure)
        assert len(bars()) == 5 * len(SEATS)
        game = session.game
        now = {name: row[-1] for name, row in zip(game.names, game.holdings_table(), strict=True)}
        assert bar_sums(ax) == pytest.approx(now)
        written = {t.get_gid(): t.get_text() for t in ax.texts if t.get_gid() in now}
        assert written == {name: money(value) for name, value in now.items()}
        (worth_line,) = [c for c in ax.collections if c.get_gid() == "net worth"]
        assert [segment[0][1] for segment in worth_line.get_segments()] == list(now.values())
        shown = [bar.get_gid().split(":")[1] for bar in bars() if bar.get_visible()]
        key = [t.get_text() for t in ax.texts if t.get_gid() == "key"]
        names = {part: name for part, name, *_ in plotting._PARTS}
        assert {names[part] for part in shown} <= set(key)
    # Another table on the same axes: drawn afresh.
    other = landlord.play("prosperity", players=2, seed=1)
    wealth_bars(other, ax=ax)
    worth = dict(zip(other.standings["name"], other.standings["net_worth"], strict=True))
    assert bar_sums(ax) == pytest.approx(worth)


# --- lorenz_curve -------------------------------------------------------------------------


def test_the_lorenz_curve_runs_from_0_0_to_1_1(record):
    wealth = record.standings["net_worth"]
    ax = ax_of(drawn(lorenz_curve(wealth, label="the end")))
    (curve,) = lines(ax, "lorenz")
    x, y = curve.get_xdata(), curve.get_ydata()
    assert (x[0], y[0]) == (0.0, 0.0)
    assert (x[-1], y[-1]) == (1.0, 1.0)
    assert len(x) == len(wealth) + 1
    assert curve.get_label() == f"the end (Gini {landlord.metrics.gini(wealth):.2f})"
    (diagonal,) = lines(ax, "equality")
    assert list(diagonal.get_xdata()) == list(diagonal.get_ydata()) == [0, 1]


def test_equal_wealth_lies_on_the_diagonal():
    ax = ax_of(lorenz_curve([250, 250, 250, 250]))
    (curve,) = lines(ax, "lorenz")
    np.testing.assert_allclose(curve.get_ydata(), curve.get_xdata())
    assert curve.get_label() == "Gini 0.00"


def test_lorenz_curves_overlay():
    figure = lorenz_curve([1, 1, 1, 5], label="landlords_game")
    lorenz_curve([2, 2, 2, 2], ax=ax_of(figure), label="prosperity")
    ax = ax_of(drawn(figure))
    assert len(lines(ax, "lorenz")) == 2
    assert len(lines(ax, "equality")) == 1
    assert [t.get_text() for t in ax.get_legend().get_texts()] == [
        "line of equality",
        "landlords_game (Gini 0.38)",
        "prosperity (Gini 0.00)",
    ]


def app_axes(size: tuple[float, float]):
    """Axes as the apps' Chart makes them: its size, resolution and margins."""
    figure = Figure(figsize=size, dpi=DPI)
    FigureCanvasAgg(figure)
    figure.subplots_adjust(**MARGINS)
    return figure.add_subplot()


def cut_off(figure: Figure) -> list[str]:
    """The texts drawn on ``figure`` that reach past its edges."""
    figure.canvas.draw()
    renderer = figure.canvas.get_renderer()
    edge = figure.bbox
    return [
        text.get_text()
        for text in figure.findobj(Text)
        if text.get_visible()
        and text.get_text().strip()
        and not (
            edge.x0 - 0.5 <= (box := text.get_window_extent(renderer)).x0
            and box.x1 <= edge.x1 + 0.5
            and edge.y0 - 0.5 <= box.y0
            and box.y1 <= edge.y1 + 0.5
        )
    ]


@pytest.mark.parametrize("size", [(5.6, 3.6), (7.0, 5.0)], ids=["play app", "larger"])
def test_the_lorenz_charts_words_fit_the_apps_chart(record, size):
    """The play app's Lorenz tab: a 5.6 x 3.6 inch chart whose margins suit other charts."""
    ax = app_axes(size)
    lorenz_curve(record.standings["net_worth"], ax=ax, label="net worth now")
    assert ax.get_xlabel() == "share of players, poorest first"
    assert ax.get_ylabel() == "share of all wealth"
    assert not cut_off(ax.figure)
    # The axes keep the room they had on the right, and at the top but for the
    # title's second line.
    assert ax.get_position().x1 == pytest.approx(MARGINS["right"])
    if "\n" in ax.get_title(loc="left"):
        assert ax.get_position().y1 < MARGINS["top"]
    else:
        assert ax.get_position().y1 == pytest.approx(MARGINS["top"])


@pytest.mark.parametrize("size", [(5.6, 3.6), (7.0, 3.4)], ids=["play app", "side by side"])
def test_the_gini_charts_words_fit_the_apps_chart(games, size):
    ax = app_axes(size)
    for rules, game in games.items():
        gini_curve(game, ax=ax, label=rules, which=("net_worth",))
    assert ax.get_ylabel() == "Gini (0 = all equal)"
    assert not cut_off(ax.figure)


def test_lorenz_curve_with_debts_dips_below_0():
    ax = ax_of(lorenz_curve([-50, 0, 0, 150]))
    (curve,) = lines(ax, "lorenz")
    assert min(curve.get_ydata()) == -0.5
    assert ax.get_ylim()[0] < -0.5


# --- cash_flow_graph ----------------------------------------------------------------------


def arrows(ax) -> dict[str, FancyArrowPatch]:
    return {
        p.get_gid(): p
        for p in ax.patches
        if isinstance(p, FancyArrowPatch) and " -> " in str(p.get_gid())
    }


def node_centres(ax) -> dict[str, tuple[float, float]]:
    centres = {}
    for patch in ax.patches:
        gid = str(patch.get_gid())
        if gid.startswith("node:"):
            centre = patch.center if isinstance(patch, Circle) else patch.xy
            centres[gid[5:]] = tuple(float(v) for v in centre)
    return centres


def test_one_arrow_per_payer_and_payee_when_asked_for_all(record):
    graph = cash_flows(record)
    ax = ax_of(drawn(cash_flow_graph(graph, most=None)))
    assert set(arrows(ax)) == {f"{a} -> {b}" for a, b in graph.edges}
    for (payer, payee), data in graph.edges.items():
        group = max(data["by_group"], key=data["by_group"].get)
        arrow = arrows(ax)[f"{payer} -> {payee}"]
        assert same_color(arrow.get_facecolor()[:3], to_rgb(GROUP_COLOURS[group]))
    # A node for every account: players as circles, piles as squares.
    kinds = dict(graph.nodes(data="kind"))
    for patch in ax.patches:
        if str(patch.get_gid()).startswith("node:"):
            shape = RegularPolygon if kinds[patch.get_gid()[5:]] == "pile" else Circle
            assert isinstance(patch, shape)
    assert set(node_centres(ax)) == set(graph.nodes)


def test_an_edge_without_money_is_not_drawn():
    ledger = Ledger(["Ann", "Bob", "MISCELLANEOUS"])
    ledger.transfer(0, 1, 30, "land rent")
    graph = cash_flows(ledger)
    graph.add_edge("Bob", "Ann", amount=0, by_group={})
    assert set(arrows(ax_of(cash_flow_graph(graph)))) == {"Ann -> Bob"}


def test_a_bigger_amount_draws_a_wider_arrow():
    ledger = Ledger(["Ann", "Bob", "Cy", "MISCELLANEOUS", "PUBLIC TREASURY"])
    ledger.transfer(0, 1, 10, "land rent")
    ledger.transfer(1, 0, 40, "house rent")
    ledger.transfer(2, 4, 80, "necessity tax")
    ledger.transfer(3, 2, 100, "wages")
    graph = cash_flows(ledger)
    drawn_arrows = arrows(ax_of(drawn(cash_flow_graph(graph))))
    width = {gid: arrow.get_arrowstyle().tail_width for gid, arrow in drawn_arrows.items()}
    order = ["Ann -> Bob", "Bob -> Ann", "Cy -> PUBLIC TREASURY", "MISCELLANEOUS -> Cy"]
    assert sorted(width, key=width.get) == order
    assert width["Ann -> Bob"] >= 1.0  # a minimum, not a hairline
    # Both ways between Ann and Bob show: the arrows bend to either side.
    there = drawn_arrows["Ann -> Bob"].get_path().vertices
    back = drawn_arrows["Bob -> Ann"].get_path().vertices
    assert not np.allclose(there.mean(axis=0), back.mean(axis=0), atol=0.05)
    # With max_amount fixed, the widths compare across frames.
    fixed = arrows(ax_of(cash_flow_graph(graph, max_amount=1000)))
    assert fixed["MISCELLANEOUS -> Cy"].get_arrowstyle().tail_width < max(width.values())


def test_the_same_positions_give_the_same_places(record):
    positions: dict = {}
    early = cash_flow_graph(cash_flows(record, rounds=(1, 5)), positions=positions)
    assert set(positions) == set(cash_flows(record).nodes)  # filled in by the first frame
    kept = dict(positions)
    late = cash_flow_graph(cash_flows(record, rounds=(20, 25)), positions=positions)
    assert positions == kept
    assert node_centres(ax_of(early)) == node_centres(ax_of(late))
    for node, (x, y) in node_centres(ax_of(late)).items():
        assert (x, y) == pytest.approx(kept[node])


def test_the_layout_is_fixed_and_sets_the_piles_apart(record):
    graph = cash_flows(record)
    places = flow_layout(graph)
    assert places == flow_layout(cash_flows(record, rounds=3))
    players = [node for node, kind in graph.nodes(data="kind") if kind == "player"]
    assert players == list(record.names)
    for name in players:
        assert math.hypot(*places[name]) == pytest.approx(1.0)
    # Seat order, clockwise from the top left.
    angles = [math.degrees(math.atan2(y, x)) % 360 for x, y in (places[n] for n in players)]
    assert angles == pytest.approx([135, 45, 315, 225])
    assert places["MISCELLANEOUS"][0] < 0 < places["PUBLIC TREASURY"][0]
    assert len(set(places.values())) == len(places)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_line_between_two_players_runs_through_a_pile(players):
    record = landlord.play("landlords_game", players=players, seed=1)
    places = flow_layout(cash_flows(record))
    seats = [places[name] for name in record.names]
    piles = [place for name, place in places.items() if name not in record.names]
    for i, a in enumerate(seats):
        for b in seats[i + 1 :]:
            a_, b_ = np.array(a), np.array(b)
            for pile in piles:
                # The distance from the pile to the segment between the two players.
                t = np.clip(np.dot(pile - a_, b_ - a_) / np.dot(b_ - a_, b_ - a_), 0, 1)
                assert np.linalg.norm(a_ + t * (b_ - a_) - pile) > 0.2


def test_amounts_are_written_on_a_few_arrows(record):
    one_round = cash_flows(record, rounds=3)
    ax = ax_of(cash_flow_graph(one_round, amounts=True))
    written = {t.get_gid(): t.get_text() for t in ax.texts if "amount" in str(t.get_gid())}
    assert written == {
        f"amount: {a} -> {b}": f"${amount:,}" for a, b, amount in one_round.edges(data="amount")
    }
    every = ax_of(cash_flow_graph(cash_flows(record), most=None))
    assert not [t for t in every.texts if "amount" in str(t.get_gid())]  # too many to write


def net_pairs(graph) -> dict[tuple[str, str], int]:
    """For each pair that paid each other different sums: (payer, payee) to the difference."""
    paid = {(a, b): amount for a, b, amount in graph.edges(data="amount") if a != b}
    return {
        (a, b): amount - paid.get((b, a), 0)
        for (a, b), amount in paid.items()
        if amount > paid.get((b, a), 0)
    }


def left_out_note(ax) -> tuple[int, int]:
    """(flows left out, their money) as the line under the table says."""
    (note,) = [t.get_text() for t in ax.texts if t.get_gid() == "left-out"]
    found = re.fullmatch(r"(\d+) smaller flows?, \$([\d,]+)( in all)?, not drawn", note)
    assert found, note
    return int(found[1]), int(found[2].replace(",", ""))


@pytest.fixture(scope="module")
def long_game():
    """A hundred rounds of the Landlord's Game."""
    return landlord.play("landlords_game", players=SEATS, seed=2, round_limit=100, wages_times=0)


def test_a_whole_game_draws_the_largest_net_flows_and_counts_the_rest(long_game):
    graph = cash_flows(long_game)
    assert long_game.n_rounds == 100
    assert graph.number_of_edges() > 2 * MOST_ARROWS  # a tangle, drawn as it was
    ax = app_axes((7.0, 5.0))  # the play app's "Who paid whom" tab
    cash_flow_graph(graph, ax=ax, positions={})
    drawn = {tuple(gid.split(" -> ")): arrow for gid, arrow in arrows(ax).items()}
    assert 0 < len(drawn) <= MOST_ARROWS
    # One arrow per pair, from whoever paid the other more, for the difference.
    nets = net_pairs(graph)
    assert set(drawn) <= set(nets)
    written = {t.get_gid(): t.get_text() for t in ax.texts if "amount" in str(t.get_gid())}
    assert written == {f"amount: {a} -> {b}": money(nets[a, b]) for a, b in drawn}
    # The largest; the rest counted, and the count adds up.
    left_out = {pair: amount for pair, amount in nets.items() if pair not in drawn}
    assert min(nets[pair] for pair in drawn) >= max(left_out.values())
    assert left_out_note(ax) == (len(left_out), sum(left_out.values()))
    assert sum(nets[pair] for pair in drawn) + sum(left_out.values()) == sum(nets.values())
    notes = [t.get_text() for t in ax.texts if t.get_gid() == "netted"]
    assert " ".join(notes) == "net: each arrow is what one paid the other, less what came back"
    assert not [t for t in ax.texts if t.get_gid() == "gross"]
    assert not cut_off(ax.figure)


@pytest.mark.parametrize("most", [3, 12])
def test_most_sets_how_many_arrows_are_drawn(long_game, most):
    graph = cash_flows(long_game)
    ax = ax_of(cash_flow_graph(graph, most=most))
    nets = net_pairs(graph)
    assert len(arrows(ax)) == min(most, len(nets))
    count, money_left = left_out_note(ax) if most < len(nets) else (0, 0)
    assert count == len(nets) - min(most, len(nets))
    drawn = sum(nets[tuple(gid.split(" -> "))] for gid in arrows(ax))
    assert drawn + money_left == sum(nets.values())


def test_one_rounds_payments_are_all_drawn_both_ways():
    ledger = Ledger(["Ann", "Bob", "MISCELLANEOUS"])
    ledger.transfer(0, 1, 30, "land rent")
    ledger.transfer(1, 0, 10, "house rent")
    ax = ax_of(cash_flow_graph(cash_flows(ledger)))
    assert set(arrows(ax)) == {"Ann -> Bob", "Bob -> Ann"}
    assert not [t for t in ax.texts if t.get_gid() in ("left-out", "netted")]
    gross = [t.get_text() for t in ax.texts if t.get_gid() == "gross"]
    assert gross == ["gross: each arrow is all that one paid the other"]
    netted = ax_of(cash_flow_graph(cash_flows(ledger), net=True))
    assert set(arrows(netted)) == {"Ann -> Bob"}
    assert [t.get_text() for t in netted.texts if "amount" in str(t.get_gid())] == ["$20"]


@pytest.mark.parametrize(
    ("rules", "seats", "seed"),
    [
        ("landlords_game", SEATS, 2),
        ("single_tax", SEATS, 2),
        ("monopoly_us", ["strategy_guide"] * 4, 3),
    ],
)
def test_the_amounts_on_a_whole_games_arrows_do_not_cover_each_other(rules, seats, seed):
    record = landlord.play(rules, players=seats, seed=seed)
    ax = app_axes((7.0, 5.0))
    cash_flow_graph(cash_flows(record), ax=ax, positions={})
    ax.figure.canvas.draw()
    renderer = ax.figure.canvas.get_renderer()
    boxes = [
        t.get_window_extent(renderer) for t in ax.texts if str(t.get_gid()).startswith("amount:")
    ]
    assert len(boxes) == len(arrows(ax))
    for i, box in enumerate(boxes):
        assert not any(box.overlaps(other) for other in boxes[i + 1 :])


def test_the_piles_are_named_in_words(record):
    ax = ax_of(drawn(cash_flow_graph(cash_flows(record))))
    words = " ".join(t.get_text() for t in ax.texts)
    assert "Public Treasury" in words
    assert "Miscellaneous (bank)" in words  # the rule set makes it the bank
    assert "PUBLIC TREASURY" not in words
    assert "MISCELLANEOUS" not in words
    later = landlord.play("monopoly_us", players=["strategy_guide"] * 2, seed=1, round_limit=10)
    words = " ".join(t.get_text() for t in ax_of(cash_flow_graph(cash_flows(later))).texts)
    assert "Bank " in words
    assert "(bank)" not in words


def test_cash_flow_graph_checks_size_by(record):
    with pytest.raises(ValueError, match="size_by"):
        cash_flow_graph(cash_flows(record), size_by="count")
    drawn(cash_flow_graph(cash_flows(record), size_by="balance_change"))


# --- Comparisons --------------------------------------------------------------------------


def test_gini_distributions_gives_each_rule_set_a_violin(comparison):
    ax = ax_of(drawn(gini_distributions(comparison)))
    violins = [c for c in ax.collections if isinstance(c, PolyCollection)]
    assert sorted(c.get_gid() for c in violins) == sorted(comparison.labels)
    games = comparison.games
    for spot, label in enumerate(comparison.labels):
        groups = [c for c in ax.collections if c.get_gid() == label]
        assert len(groups) == 3  # the violin, a dot per game, the mean
        dots, mean = groups[1].get_offsets(), groups[2].get_offsets()
        finals = games.loc[games["label"] == label, "gini_net_worth"].to_numpy()
        np.testing.assert_allclose(np.sort(dots[:, 1]), np.sort(finals))
        assert mean[0][0] == spot
        assert mean[0][1] == pytest.approx(finals.mean())
    # Each rule set called by its title in words, not its id.
    assert [t.get_text() for t in ax.get_xticklabels()] == [
        plotting._wrap(comparison.names[label]) for label in comparison.labels
    ]
    assert "The Landlord's Game" in ax.get_xticklabels()[0].get_text().replace("\n", " ")
    ids = ax_of(gini_distributions(comparison, names={}))
    assert [t.get_text() for t in ids.get_xticklabels()] == comparison.labels


def band_limits(band: PolyCollection, rounds: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The lowest and highest point of a filled band at each round."""
    vertices = band.get_paths()[0].vertices
    low = np.array([vertices[np.isclose(vertices[:, 0], r), 1].min() for r in rounds])
    high = np.array([vertices[np.isclose(vertices[:, 0], r), 1].max() for r in rounds])
    return low, high


def test_the_mean_curve_lies_inside_its_band(comparison):
    ax = ax_of(drawn(mean_gini_by_round(comparison)))
    per_round = comparison.per_round
    for label in comparison.labels:
        (line,) = lines(ax, label)
        expected = per_round[per_round["label"] == label]["mean_gini_net_worth"].to_numpy()
        np.testing.assert_allclose(line.get_ydata(), expected, atol=1e-12)
        (band,) = [c for c in ax.collections if c.get_gid() == label]
        rounds = np.asarray(line.get_xdata())
        low, high = band_limits(band, rounds)
        mean = np.asarray(line.get_ydata())
        assert np.all(low <= mean + 1e-12)
        assert np.all(mean <= high + 1e-12)
        assert np.any(high - low > 0.01)  # a band, not a line
    assert [t.get_text() for t in ax.get_legend().get_texts()] == [
        comparison.names[label] for label in comparison.labels
    ]


def test_results_from_a_file_draw_the_mean_without_a_band(comparison, loaded):
    ax = ax_of(drawn(mean_gini_by_round(loaded)))
    assert not [c for c in ax.collections if isinstance(c, PolyCollection)]
    for label in comparison.labels:
        (line,) = lines(ax, label)
        per_round = comparison.per_round
        expected = per_round[per_round["label"] == label]["mean_gini_net_worth"]
        np.testing.assert_allclose(line.get_ydata(), expected, atol=1e-9)
    assert "loaded from a file" in ax.get_title(loc="left")
    drawn(gini_distributions(loaded))
    drawn(game_lengths(loaded))


def test_game_lengths_counts_every_game(comparison):
    ax = ax_of(drawn(game_lengths(comparison)))
    games = comparison.games
    for label in comparison.labels:
        steps = [p for p in ax.patches if isinstance(p, StepPatch) and p.get_gid() == label]
        assert len(steps) == 2  # filled, and outlined
        counts = steps[0].get_data().values
        assert counts.sum() == (games["label"] == label).sum()
        (mean,) = lines(ax, label)
        assert mean.get_xdata()[0] == pytest.approx(
            games[games["label"] == label]["rounds"].mean()
        )


# --- All of them ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def every_figure(record, comparison):
    graph = cash_flows(record)
    return {
        "gini_curve": gini_curve(record, label="landlords_game"),
        "wealth_bars": wealth_bars(record),
        "lorenz_curve": lorenz_curve(record.standings["net_worth"]),
        "cash_flow_graph": cash_flow_graph(graph),
        "gini_distributions": gini_distributions(comparison),
        "mean_gini_by_round": mean_gini_by_round(comparison),
        "game_lengths": game_lengths(comparison),
    }


@pytest.mark.parametrize(
    "name",
    [
        "gini_curve",
        "wealth_bars",
        "lorenz_curve",
        "cash_flow_graph",
        "gini_distributions",
        "mean_gini_by_round",
        "game_lengths",
    ],
)
def test_text_is_large_enough_for_a_projector(every_figure, name):
    figure = drawn(every_figure[name])
    hidden = {  # the tick labels of axes drawn without axes (the cash-flow graph)
        id(text)
        for ax in figure.axes
        if not ax.axison
        for axis in (ax.xaxis, ax.yaxis)
        for text in axis.findobj(Text)
    }
    texts = [
        t
        for t in figure.findobj(Text)
        if t.get_visible() and t.get_text().strip() and id(t) not in hidden
    ]
    assert texts
    small = {t.get_text(): t.get_fontsize() for t in texts if t.get_fontsize() < 11}
    assert not small


def test_drawing_into_given_axes_returns_their_figure(record, comparison):
    figure = Figure()
    left, right = figure.subplots(1, 2)
    assert gini_curve(record, ax=left) is figure
    assert wealth_bars(record, ax=right) is figure
    other = Figure()
    ax = other.add_subplot()
    assert mean_gini_by_round(comparison, ax=ax) is other


@pytest.mark.parametrize(
    ("size", "margins"),
    [
        ((5.6, 3.6), {"left": 0.11, "right": 0.97, "bottom": 0.14, "top": 0.88}),
        ((8.0, 5.0), {"left": 0.1, "right": 0.97, "bottom": 0.12, "top": 0.9}),
    ],
    ids=["small", "large"],
)
@pytest.mark.parametrize("name", ["gini_curve", "wealth_bars", "cash_flow_graph"])
def test_keys_and_names_stay_on_the_figure(record, size, margins, name):
    """Drawn into someone else's axes, large or small, nothing of ours is cut off."""
    figure = Figure(figsize=size, dpi=80)
    FigureCanvasAgg(figure)
    figure.subplots_adjust(**margins)
    ax = figure.add_subplot()
    draw = {
        "gini_curve": lambda: gini_curve(record, ax=ax, label="The Landlord's Game"),
        "wealth_bars": lambda: wealth_bars(record, ax=ax),
        # The key asked for: left to itself a small chart may drop it (tested below).
        "cash_flow_graph": lambda: cash_flow_graph(cash_flows(record), ax=ax, key=True),
    }
    drawn(draw[name]())
    renderer = figure.canvas.get_renderer()
    width, height = figure.bbox.width, figure.bbox.height
    texts = [t for t in ax.texts if t.get_text().strip()]
    assert any(t.get_gid() == "key" for t in texts)
    for text in texts:
        box = text.get_window_extent(renderer)
        inside = (box.x0 >= -1, box.x1 <= width + 1, box.y0 >= -1, box.y1 <= height + 1)
        assert all(inside), text.get_text()


def test_a_small_chart_leaves_the_key_out_unless_asked(record):
    graph = cash_flows(record)

    def small():
        figure = Figure(figsize=(4.0, 3.0), dpi=80)
        return figure.add_subplot()

    def key_texts(ax):
        return [t.get_text() for t in ax.texts if t.get_gid() == "key"]

    assert not key_texts(ax_of(cash_flow_graph(graph, ax=small(), most=None)))
    asked = key_texts(ax_of(cash_flow_graph(graph, ax=small(), key=True, most=None)))
    main = {  # the group that moved most along each arrow (the first in GROUPS on a tie)
        min(by_group, key=lambda g: (-by_group[g], GROUPS.index(g)))
        for _, _, by_group in graph.edges(data="by_group")
    }
    assert asked == [*(g for g in GROUPS if g in main), "(size: money received)"]
    big = key_texts(ax_of(cash_flow_graph(graph, most=None)))
    assert big == asked


def test_wealth_bars_count_the_later_games_buildings_at_their_groups_cost():
    from landlord.plotting import _holdings_now

    record = landlord.play("monopoly_us", players=["strategy_guide"] * 4, seed=3, round_limit=40)
    _, parts, worth, _ = _holdings_now(record, None)
    assert list(parts["houses"]) == record.game.buildings_worth()
    assert max(parts["houses"]) > 0
    assert sum(worth) == sum(record.game.net_worths())


def test_charts_of_a_game_on_the_london_board_write_its_money_in_pounds():
    record = landlord.play("monopoly_uk_1972", players=["strategy_guide"] * 3, seed=4)
    bars = ax_of(wealth_bars(record))
    figures = [t.get_text() for t in bars.texts if t.get_gid() in record.names]
    assert figures
    assert all(text.startswith(("£", "-£")) for text in figures)
    assert all("£" in label.get_text() for label in bars.get_yticklabels())
    graph = cash_flows(record, rounds=(1, 3))
    assert graph.graph["currency"] == "£"
    flows = ax_of(cash_flow_graph(graph, amounts=True))
    written = [t.get_text() for t in flows.texts if str(t.get_gid()).startswith("amount:")]
    assert written
    assert all("£" in text and "$" not in text for text in written)
    labels = " ".join(t.get_text() for t in flows.texts)
    assert "$" not in labels


def test_gini_charts_reach_past_one_when_debts_push_the_gini_there():
    from landlord.plotting import gini_distributions, mean_gini_by_round

    # The advanced rules played on: the players who are not landlords end in debt.
    result = landlord.compare(
        ["landlords_game[advanced=true,wages_times=0,round_limit=150]"],
        games=6,
        players=["eager_landlord", "cautious_tenant"] * 2,
        seed=2,
    )
    highest = result.games["gini_net_worth"].max()
    assert highest > 1
    assert gini_distributions(result).axes[0].get_ylim()[1] >= highest
    curve = result.per_round["mean_gini_net_worth"].max()
    assert mean_gini_by_round(result).axes[0].get_ylim()[1] >= curve
