"""The side-by-side app says what many pairs of games with its settings show, and places its
one pair among them once both games are over."""

from __future__ import annotations

import html
import math

import numpy as np
import pytest

from landlord.claim import shipped_results
from landlord.money import money
from landlord.widgets.pair_context import Spread, grid_spread, many_pairs_html, placing
from landlord.widgets.side_by_side import SideBySideApp


def play_out(app: SideBySideApp) -> None:
    for _ in range(400):
        if all(table.is_over for table in app.tables):
            return
        app.step(whole_round=True)
    raise AssertionError("the games did not end")


def test_the_grids_settings_place_the_pair_at_once_from_the_shipped_results():
    app = SideBySideApp(left="landlords_game", right="single_tax", seed=7)
    assert app.context.value == ""  # nothing to place before the games end
    assert app.place_button.layout.display == "none"  # the grid has these settings
    play_out(app)
    text = html.unescape(app.context.value)
    cell = shipped_results(2).scenario("landlords_tenants.4.printed")["arms"]["as_printed"]
    pooled = cell["measures"]["gini_net_worth"]["pooled"]
    many = (
        f"Across {pooled['n']:,} pairs with the same settings (the kit's declared grid, shipped), "
        f"the single tax's final Gini of net worth came out lower by {abs(pooled['mean']):.3f} "
        f"on average, and lower than the left's in {pooled['lower']:.0%} of pairs"
    )
    assert text.startswith(many)  # the many first: their mean and share, then their spread
    assert text.index("the middle half of the differences") < text.index("This pair:")
    assert "percentile of the many" in text
    assert text.endswith("One pair is mostly luck: judge the rules by the many.")
    assert app.place_button.layout.display == "none"
    difference = app.pair_difference()
    assert f"{abs(difference):.3f} {'above' if difference > 0 else 'below'} the left's" in text


def test_other_settings_offer_to_play_more_pairs_and_then_place_it():
    app = SideBySideApp(
        left="landlords_game", right="prosperity", bots="cautious_tenant", players=3, seed=2
    )
    # From the start: not in the grid, said so, and pairs offered.
    assert "not in the kit's declared grid" in html.unescape(app.many.value)
    assert app.place_button.layout.display == "flex"
    play_out(app)
    assert app.place_button.layout.display == "flex"
    assert app.place_button.description == "Place this pair among 200 more"
    assert "play 200 more pairs" in app.context.value
    app.place_pair()
    text = html.unescape(app.context.value)
    assert "Across 200 pairs with the same settings (played now), the right-hand game's" in text
    assert "% of pairs; the middle half" in text
    assert "% of the many are lower than this pair's" in text
    assert "200 pairs played now" in html.unescape(app.many.value)
    assert app.place_button.layout.display == "none"


def test_pairs_played_before_the_end_say_what_they_show_and_then_place_the_pair():
    app = SideBySideApp(
        left="landlords_game", right="prosperity", bots="cautious_tenant", players=2, seed=4
    )
    app.place_pair()  # before any move
    assert all(table.game.turns_played == 0 for table in app.tables)
    said = html.unescape(app.many.value)
    played = app._played
    assert played is not None
    assert played.pairs > 0
    way = "lower" if played.mean <= 0 else "higher"
    assert f"came out {way} by {abs(played.mean):.3f} on average" in said
    assert f"lower than the left's in {played.lower:.0%} of pairs" in said
    assert said.split("mostly luck. ")[1].split(" difference:")[0] in (
        "Tiny",
        "Small",
        "Medium",
        "Large",
    )
    assert app.context.value == ""
    play_out(app)  # placed at once, among the pairs already played
    assert "200 pairs with the same settings (played now)" in html.unescape(app.context.value)
    assert app.place_button.layout.display == "none"


def test_a_new_game_forgets_the_placing_and_the_pairs_played():
    app = SideBySideApp(left="landlords_game", right="single_tax", seed=7)
    play_out(app)
    assert app.context.value
    app.new_games()
    assert app.context.value == ""
    assert "1,500 pairs" in app.many.value


def test_the_grid_has_only_its_own_settings():
    for bots, seats in [("eager_landlord", 4), ("eager_landlord+cautious_tenant", 3)]:
        many = grid_spread("landlords_game", "single_tax", bots, seats)
        assert many is not None
        assert many.pairs > 1000
        assert 0 <= many.lower <= 1
    assert grid_spread("landlords_game", "prosperity", "eager_landlord", 4) is None
    assert grid_spread("single_tax", "landlords_game", "eager_landlord", 4) is None
    assert grid_spread("landlords_game", "single_tax", "gambler", 4) is None


def test_the_grid_spread_is_the_shipped_cell():
    many = grid_spread("landlords_game", "single_tax", "random", 2)
    cell = shipped_results(2).scenario("random.2.printed")["arms"]["as_printed"]
    gini = cell["measures"]["gini_net_worth"]
    assert many.percentiles == gini["percentiles"]
    assert (many.mean, many.lower, many.pairs) == (
        gini["pooled"]["mean"],
        gini["pooled"]["lower"],
        gini["pooled"]["n"],
    )


@pytest.mark.parametrize(
    ("difference", "where"),
    [
        (-2.0, "below the 5th percentile"),
        (2.0, "above the 95th percentile"),
        (0.0, "between the 25th and the 50th percentile"),
    ],
)
def test_a_pair_is_placed_among_the_percentiles(difference, where):
    spread = {"5": -1, "10": -1, "25": -0.5, "50": 0.1, "75": 0.2, "90": 1, "95": 1}
    many = Spread(spread, 10, -0.1, 0.6, "x")
    text = placing(difference, many)
    assert where in text
    assert "lower by 0.100 on average, and lower than the left's in 60% of pairs" in text


def test_an_undefined_gini_is_said_not_placed():
    spread = {"5": -1, "10": -1, "25": 0, "50": 0, "75": 0, "90": 1, "95": 1}
    many = Spread(spread, 10, 0.02, 0.3, "x")
    text = placing(math.nan, many)
    assert "higher by 0.020 on average" in text  # what the many show, even so
    assert "cannot be placed" in text
    assert "cannot be placed" in placing(0.1, Spread(spread, 0, math.nan, math.nan, "x"))


def test_pairs_played_here_are_counted_below_this_pair():
    differences = np.array([-0.2, -0.1, 0.0, 0.1, 0.2])
    spread = dict.fromkeys(("5", "10", "25", "50", "75", "90", "95"), 0.0)
    text = placing(0.05, Spread(spread, 5, 0.0, 0.4, "played now", differences))
    assert "60% of the many are lower than this pair's" in text


def test_a_table_where_the_gap_grows_says_so_and_a_spoilt_gini_counts_debts_as_nothing():
    # Random players at four seats: debts spoil the Gini of net worth, and by round 100 the
    # gap in dollars grows under the single tax as printed in most pairs.
    results = shipped_results(2)
    block = html.unescape(many_pairs_html("landlords_game", "single_tax", "random", 4))
    scenario = results.scenario("random.4.long")
    assert results.unread(scenario, "as_printed", "gini_net_worth")
    assert "Gini of net worth (debts counted as nothing) is lower by" in block
    cell = scenario["arms"]["as_printed"]["measures"]["dollar_gap"]
    pooled = cell["pooled"]
    assert pooled["superiority"] < 0.5
    assert pooled["mean"] > 0
    assert (
        f"{cell['size'].capitalize()} difference, the other way:</b> the gap between two players "
        f"is {money(pooled['mean'])} larger on average, smaller in only {pooled['lower']:.0%} "
        "of pairs."
    ) in block
