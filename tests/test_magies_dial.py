"""Magie's experiment on one page (issue 34, item 5): one dial, pairs playing live, and a
headline read from the shipped results of version 3 of the claim.
"""

from __future__ import annotations

import html
import re

import pytest

from landlord.claim import shipped_results
from landlord.metrics import gini, mean_gap
from landlord.widgets.magies_dial import (
    DIAL_WORDS,
    MagiesDial,
    dial_steps,
    headline_html,
    live_html,
)

#: The dial's steps and the arms of grid version 3 that judge them.
ARMS = [(0.25, "dial_25"), (0.5, "dial_50"), (0.75, "dial_75"), (1.0, "dial_100")]


def words(value: str) -> str:
    return re.sub(r"\s+", " ", re.sub("<[^>]+>", " ", html.unescape(value))).strip()


@pytest.fixture(scope="module")
def shipped():
    return shipped_results(3)


def test_the_dial_s_steps_are_read_from_the_grid(shipped):
    steps = dial_steps(shipped.grid)
    assert sorted(steps) == sorted(DIAL_WORDS)
    assert [(share, steps[share][1]) for share in sorted(steps) if share] == ARMS
    assert steps[0.0] == ("landlords_game", "")


@pytest.mark.parametrize(("share", "arm"), ARMS)
def test_the_headline_says_what_the_shipped_pairs_show_and_how_big(shipped, share, arm):
    text = words(headline_html(shipped, "everyone.4.round25", share))
    cells = shipped.scenario("everyone.4.round25")["arms"][arm]["measures"]
    gap = cells["dollar_gap"]
    assert f"over {gap['pooled']['n']:,} pairs of games" in text
    amount = f"${abs(gap['pooled']['mean']):,.0f}"
    way = "smaller" if gap["pooled"]["mean"] < 0 else "larger"
    assert f"was {amount} {way} on average" in text
    said = {"holds": "as Magie said", "fails": "against Magie"}.get(gap["verdict"], "cannot be")
    assert f"({said}" in text
    assert gap["size"] in text
    poorest = cells["poorest_net_worth"]
    assert ("better off" if poorest["pooled"]["mean"] > 0 else "worse off") in text


def test_the_dial_moves_the_headline_at_once_and_starts_new_pairs():
    app = MagiesDial(pairs=2)
    assert app.dial.value == 1.0  # all of it, as in Magie's single tax
    assert "All of the land rent" in words(app.headline.value)
    assert app.autoplay.playing
    first = [pair.seed for pair in app.pairs]
    app.dial.value = 0.25
    assert "A quarter of the land rent" in words(app.headline.value)
    assert [pair.share for pair in app.pairs] == [0.25, 0.25]
    assert [pair.seed for pair in app.pairs] != first
    app.dial.value = 0.0
    assert app.pairs == []
    assert "baseline" in words(app.headline.value)


def test_live_pairs_play_the_same_dice_and_are_counted_when_they_end():
    app = MagiesDial(share=0.5, pairs=2)
    for beat in range(1, 40):
        app.autoplay.value = beat  # the browser's timer
        if len(app.finished) == 2:
            break
    assert all(pair.over for pair in app.pairs)  # both reached the common round 25
    pair = app.pairs[0]
    left, right = (table.game for table in pair.tables)
    assert left.round == right.round
    throws = [[line for line in table.log if " throws " in line][:5] for table in pair.tables]
    assert throws[0] == throws[1]  # one seed: the same dice on both sides
    expected = mean_gap(right.net_worths()) - mean_gap(left.net_worths())
    assert app.finished[0]["dollar_gap"] == pytest.approx(expected)
    assert app.finished[0]["gini_net_worth"] == pytest.approx(
        gini(right.net_worths()) - gini(left.net_worths())
    )
    assert "2 pairs so far" in words(app.live.value)
    for beat in range(40, 50):  # a finished pair stays a moment, then gives way
        app.autoplay.value = beat
    assert min(pair.seed for pair in app.pairs) > 1001


def test_live_tally_counts_each_way():
    finished = [
        {"dollar_gap": -1.0, "gini_net_worth": -0.01, "poorest_net_worth": 5.0},
        {"dollar_gap": 2.0, "gini_net_worth": -0.02, "poorest_net_worth": -5.0},
    ]
    text = words(live_html(finished, "half"))
    assert "2 pairs so far" in text
    assert "smaller in 1, the Gini lower in 2 and the poorest player better off in 1" in text


def test_a_link_sets_the_dial_and_the_table_and_a_bad_one_is_said():
    app = MagiesDial.from_page({"share": "25%", "scenario": "eager.3.long"})
    assert app.dial.value == 0.25
    assert app.scenario.id == "eager.3.long"
    assert "Eager landlords, 3 seats, round 100" in words(app.headline.value)
    bad = MagiesDial.from_page({"share": "40%", "scenario": "chess"})
    assert bad.dial.value == 1.0
    assert "dial" in words(bad.live.value)
    assert "table" in words(bad.live.value)
