"""The side-by-side app places its one pair of games among many with the same settings."""

from __future__ import annotations

import html
import math

from landlord.widgets.pair_context import grid_spread, placing
from landlord.widgets.side_by_side import SideBySideApp


def play_out(app: SideBySideApp) -> None:
    for _ in range(400):
        if all(table.is_over for table in app.tables):
            return
        app.step(whole_round=True)
    raise AssertionError("the games did not end")


def test_the_grids_settings_place_the_pair_at_once_from_the_shipped_results():
    app = SideBySideApp(left="landlords_game", right="single_tax", seed=7)
    assert app.context.value == ""  # nothing to say before the games end
    play_out(app)
    text = html.unescape(app.context.value)
    assert "This pair:" in text
    assert "1,500 pairs with the same settings (the declared grid, shipped)" in text
    assert "percentile" in text
    assert "One pair is mostly luck" in text
    assert app.place_button.layout.display == "none"
    difference = app.pair_difference()
    assert f"{abs(difference):.3f}" in text


def test_other_settings_offer_to_play_more_pairs_and_then_place_it():
    app = SideBySideApp(
        left="landlords_game", right="prosperity", bots="cautious_tenant", players=3, seed=2
    )
    play_out(app)
    assert app.place_button.layout.display == "flex"
    assert "play 200 more pairs" in app.context.value
    app.place_pair()
    text = html.unescape(app.context.value)
    assert "200 pairs with the same settings (played now)" in text
    assert "% of them are lower than this pair's" in text
    assert app.place_button.layout.display == "none"


def test_a_new_game_forgets_the_placing():
    app = SideBySideApp(left="landlords_game", right="single_tax", seed=7)
    play_out(app)
    assert app.context.value
    app.new_games()
    assert app.context.value == ""


def test_the_grid_has_only_its_own_settings():
    assert grid_spread("landlords_game", "single_tax", "eager_landlord", 4) is not None
    assert grid_spread("landlords_game", "prosperity", "eager_landlord", 4) is None
    assert grid_spread("landlords_game", "single_tax", "eager_landlord", 3) is None
    assert grid_spread("landlords_game", "single_tax", "gambler", 4) is None


def test_an_undefined_gini_is_said_not_placed():
    spread = {"5": -1, "10": -1, "25": 0, "50": 0, "75": 0, "90": 1, "95": 1}
    assert "cannot be placed" in placing(math.nan, spread, 10, "x")
    assert "below the 5th percentile" in placing(-2.0, spread, 10, "x")
    assert "above the 95th percentile" in placing(2.0, spread, 10, "x")
