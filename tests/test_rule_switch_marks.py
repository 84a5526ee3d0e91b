"""Rule switches on the Gini chart: the round the single tax came in, marked and labelled.

Seeded games where the vote carries (and where it never does) are checked on
what the chart draws, at the size the apps draw it, never on pixels.
"""

from __future__ import annotations

import numpy as np
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.colors import same_color
from matplotlib.figure import Figure

from landlord.metrics import gini
from landlord.plotting import gini_curve, rule_switches
from landlord.policies import make_policy
from landlord.record import GameRecord
from landlord.session import Session
from landlord.widgets.charts import DPI, MARGINS

#: Players who vote for the single tax when their net worth is below the average:
#: on seed 3 two of them are losing in round 16, and the vote carries then.
LOSERS_VOTE = [
    make_policy("cautious_tenant", votes="when_losing"),
    "eager_landlord",
    make_policy("eager_landlord", votes="when_losing"),
]
#: Nobody votes for it: the vote is open but never called.
NOBODY_VOTES = ["eager_landlord", "cautious_tenant", "eager_landlord"]


@pytest.fixture(scope="module")
def voted():
    return Session("landlords_game_vote", LOSERS_VOTE, seed=3).run()


def app_axes(size=(5.6, 3.6)):
    """Axes as the apps' Chart makes them (the play app's Gini chart by default)."""
    figure = Figure(figsize=size, dpi=DPI)
    FigureCanvasAgg(figure)
    figure.subplots_adjust(**MARGINS)
    return figure.add_subplot()


def marks(ax):
    """(the switch lines, their words)."""
    lines = [line for line in ax.get_lines() if line.get_gid() == "rule-switch"]
    words = [text for text in ax.texts if text.get_gid() == "rule-switch-words"]
    return lines, words


def test_the_round_the_vote_carried_is_marked_and_labelled(voted):
    assert voted.treasury.single_tax_since == 16
    assert rule_switches(voted) == [(16, "single tax")]
    ax = app_axes()
    gini_curve(voted, ax=ax)
    ax.figure.canvas.draw()
    (line,), (words,) = marks(ax)
    # Round 16 is played between the figures at the end of rounds 15 and 16.
    assert list(line.get_xdata()) == [15.5, 15.5]
    assert line.get_linestyle() == "-."  # not solid or dashed like the curves: no colour needed
    assert words.get_text().replace("\n", " ") == "single tax from round 16"
    # The words stand beside the line, inside the axes, clear of the key.
    renderer = ax.figure.canvas.get_renderer()
    box = words.get_window_extent(renderer)
    axes_box = ax.get_window_extent(renderer)
    assert axes_box.contains(box.x0, box.y0)
    assert axes_box.contains(box.x1, box.y1)
    line_x = ax.transData.transform((15.5, 0))[0]
    assert min(abs(box.x0 - line_x), abs(box.x1 - line_x)) < 15  # pixels: beside it
    key = [t.get_window_extent(renderer) for t in ax.texts if t.get_gid() == "key"]
    assert key
    assert not any(box.overlaps(other) for other in key)


def test_no_mark_where_the_vote_never_carries():
    game = Session("landlords_game_vote", NOBODY_VOTES, seed=0).run()
    assert game.treasury.single_tax_since == -1
    assert rule_switches(game) == []
    assert marks(gini_curve(game).axes[0]) == ([], [])


@pytest.mark.parametrize(
    ("rules", "seats"),
    [("single_tax", NOBODY_VOTES), ("monopoly_us", ["strategy_guide"] * 3)],
    ids=["single tax from the start", "the later game"],
)
def test_no_mark_where_the_rules_never_change(rules, seats):
    game = Session(rules, seats, seed=1).run()
    assert rule_switches(game) == []
    assert marks(gini_curve(game).axes[0]) == ([], [])


def test_a_gini_level_switch_is_marked_where_the_level_was_passed():
    game = Session("landlords_game", NOBODY_VOTES, seed=0, single_tax_at_gini=0.1).run()
    ((since, what),) = rule_switches(game)
    assert what == "single tax"
    # Tested as each round begins: the Gini at the end of the round before reached 0.1.
    worths = {row[0]: row[2] for row in game.round_net_worths}
    assert gini(np.array(worths[since - 1], float)) >= 0.1
    assert all(gini(np.array(worths[r], float)) < 0.1 for r in range(since - 1))
    (line,), _ = marks(gini_curve(game).axes[0])
    assert line.get_xdata()[0] == since - 0.5


def test_a_live_chart_redrawn_keeps_one_mark():
    """The same label again on the same axes: the mark moves with the game, never doubles."""
    session = Session("landlords_game_vote", LOSERS_VOTE, seed=3)
    ax = app_axes()
    while not session.game.treasury.single_tax:
        session.run(max_steps=50)
        gini_curve(session, ax=ax, label="this game")
    # The vote carried in the round being played: the axis reaches the mark.
    (line,), (words,) = marks(ax)
    assert line.get_xdata()[0] == 15.5
    assert ax.get_xlim()[1] >= 15.5
    session.run()
    gini_curve(session, ax=ax, label="this game")
    (line,), (words,) = marks(ax)
    assert words.get_text() == "single tax\nfrom round 16"


def test_beside_another_game_the_mark_takes_its_games_colour(voted):
    """The side-by-side app: two games on one chart, only one of which switched."""
    other = Session("single_tax", NOBODY_VOTES, seed=3).run()
    ax = app_axes((7.0, 3.4))
    gini_curve(voted, ax=ax, label="with the vote", which=("net_worth",))
    gini_curve(other, ax=ax, label="single tax", which=("net_worth",))
    (line,), (words,) = marks(ax)
    (curve,) = [c for c in ax.get_lines() if c.get_label() == "with the vote: net worth"]
    assert same_color(line.get_color(), curve.get_color())
    assert words.get_text() == "single tax\nfrom round 16"


def test_switches_can_be_given_or_left_out(voted):
    session = Session("landlords_game_vote", LOSERS_VOTE, seed=3)
    session.run()
    summary = GameRecord.from_session(session).round_summary
    assert rule_switches(summary) == []  # a table does not say
    assert marks(gini_curve(summary, players=3).axes[0]) == ([], [])
    ax = gini_curve(voted, switches=[]).axes[0]
    assert marks(ax) == ([], [])
    ax = gini_curve(voted, switches=[(5, "single tax"), (20, "the dial at 1")]).axes[0]
    lines, words = marks(ax)
    assert [line.get_xdata()[0] for line in lines] == [4.5, 19.5]
    assert [w.get_text() for w in words] == [
        "single tax\nfrom round 5",
        "the dial at 1\nfrom round 20",
    ]
