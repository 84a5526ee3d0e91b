"""The pieces every page shares for Magie's argument in a lesson: where the land rent went,
the poorest player, and the "What if we kept playing?" panel."""

from __future__ import annotations

import html
import re

import pytest

from landlord.session import Session
from landlord.views.kept_playing import kept_playing_html
from landlord.views.rent_and_poor import lead_html, lead_words, rent_and_poorest
from landlord.widgets.keep_playing import KeepPlaying


def paused(rules="landlords_game", steps=260, seed=3):
    session = Session(rules, ["eager_landlord", "cautious_tenant", "eager_landlord"], seed=seed)
    session.run(max_steps=steps)
    return session


def test_the_lead_says_where_the_land_rent_went_and_who_is_poorest():
    session = paused()
    game = session.game
    figures = rent_and_poorest(game)
    paid = [r for r in game.ledger.records if getattr(r[5], "group", "") == "land rent"]
    assert figures["to_players"] == sum(r[4] for r in paid if r[3] < game.n_players)
    assert figures["to_treasury"] == sum(r[4] for r in paid if r[3] >= game.n_players)
    worths = game.net_worths()
    assert figures["poorest_worth"] == min(worths)
    assert figures["poorest"] == game.names[worths.index(min(worths))]
    words = lead_words(game)
    assert words.startswith("Land rent so far: $")
    assert f"Poorest player: {figures['poorest']}" in words
    block = lead_html(game)
    assert "Where the land rent went" in block
    assert "role='img'" in block
    # Under the single tax every dollar of land rent goes to the Treasury.
    taxed = rent_and_poorest(paused("single_tax").game)
    assert taxed["to_players"] == 0 < taxed["to_treasury"]
    assert "(0% to players)" in lead_words(paused("single_tax").game)
    # A family without a Public Treasury says so instead of "$0 to the Treasury".
    later = Session("monopoly_us", ["eager_landlord"] * 3, seed=2).run(max_steps=400)
    assert "these rules have no Public Treasury" in lead_words(later)


@pytest.fixture(scope="module")
def panel():
    session = paused()
    keep = KeepPlaying(lambda: (session, "the game"), games=6, until_round=session.game.round + 12)
    keep.play_on()
    return keep


def test_a_click_fills_the_panel_with_four_fan_charts_and_their_words(panel):
    assert panel.result is not None
    assert panel.result.labels == ["as_played", "single_tax", "money_neutral"]
    value = html.unescape(panel.panel.value)
    assert value.count("<figure") == 4
    assert value.count("class='landlord-fan'") == 4
    for title in (
        "Share of all land rent so far that went to players",
        "The poorest player's",
        "The gap between two players",
        "The Gini of net worth",
    ):
        assert title in value
    # Each chart's title states the figures, and the words repeat them for a screen reader.
    assert re.search(r"by round \d+: \$[\d,]+ as played, \$[\d,]+ single tax", value)
    assert "the middle 90% of continuations from" in value
    assert "Played the game on 6 times under each of 3 sets of rules" in panel.status.value
    assert not panel.button.disabled


def test_a_click_while_playing_plays_nothing_more_and_a_new_game_clears_it(panel):
    panel.button.disabled = True  # as while it plays
    before = panel.result
    panel.play_on()
    assert panel.result is before
    panel.button.disabled = False
    panel.clear()
    assert panel.result is None
    assert panel.panel.value == ""


def test_nothing_to_continue_is_said_not_raised():
    keep = KeepPlaying(lambda: None, games=2, until_round=5)
    keep.play_on()
    assert "There is no game to play on yet." in keep.status.value
    over = Session("property", ["eager_landlord"] * 3, seed=1).run()
    stuck = KeepPlaying(lambda: (over, "the game"), games=2, until_round=over.round + 5)
    stuck.play_on()
    assert "Cannot play the game on: the game is over by its own rules" in stuck.status.value


def test_the_panel_uses_the_gini_with_debts_as_nothing_when_a_gini_would_pass_one():
    session = Session("landlords_game", ["random"] * 3, seed=8)
    session.run(max_steps=300)
    from landlord.continued import continuations

    result = continuations(session, games=8, until_round=90, seed=2)
    text = kept_playing_html(result)
    assert (result.fans("gini_net_worth")["p95"] > 1).any()  # random players run up debts
    assert "the gini of net worth, debts counted as nothing" in html.unescape(text).lower()


def test_the_panel_s_now_is_the_game_as_it_stands_mid_round_too():
    from landlord.continued import continuations

    session = paused(steps=233)  # stopped in the middle of a round
    game = session.game
    lead = rent_and_poorest(game)
    result = continuations(session, games=3, until_round=game.round + 5, seed=4)
    now = result.parameters["continued_from"]["now"]
    share = lead["to_players"] / (lead["to_players"] + lead["to_treasury"])
    assert now["land_rent_share_to_players"] == pytest.approx(share)
    assert now["poorest_net_worth"] == lead["poorest_worth"]
    text = html.unescape(kept_playing_html(result))
    assert f"{share:.0%} now, as your game stands in round {game.round}" in text


def test_the_lead_is_said_during_the_deal_and_without_a_treasury():
    dealing = Session("landlords_game", ["human", "eager_landlord"], seed=2)
    dealing.run()
    assert dealing.game.round == 0
    figures = rent_and_poorest(dealing.game)
    assert figures["to_players"] == figures["to_treasury"] == 0
    assert "No land rent has been paid yet." in lead_words(dealing.game)
    later = Session("monopoly_us", ["eager_landlord"] * 3, seed=2).run(max_steps=400)
    assert "to the Public Treasury" not in lead_html(later)
