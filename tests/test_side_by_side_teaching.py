"""The side-by-side app teaches what many pairs show and leads with what moves in a lesson.

It opens on Magie's own table of landlords and tenants (chosen for the table, not the
seed); before a move it says what the kit's declared grid found for that table, size
first; each round it leads, under each board, with where the land rent went and the
poorest player; at the end it gives the many pairs' mean and share before placing this
pair; and "What if we kept playing?" plays the left game on. The last test does it all in
Chromium through Voila.
"""

from __future__ import annotations

import html
import json
import re

import pytest
from conftest import ROOT, wait_for_voila_page

import landlord
from landlord.claim import shipped_results
from landlord.money import money
from landlord.views.rent_and_poor import lead_html, rent_and_poorest
from landlord.widgets.side_by_side import SideBySideApp

NOTEBOOK = ROOT / "notebooks" / "landlord_vs_prosperity.ipynb"


@pytest.fixture(scope="module")
def app():
    return SideBySideApp()


def items(block: str) -> dict[tuple[str, str, str], str]:
    """The many-pairs block's lines by (length, arm, measure), as plain text."""
    found = {}
    for attributes, body in re.findall(r"<li ([^>]*)>(.*?)</li>", block):
        keys = dict(re.findall(r"data-(\w+)='([^']*)'", attributes))
        text = html.unescape(re.sub(r"<[^>]+>", "", body))
        found[keys["length"], keys["arm"], keys["measure"]] = text
    return found


def play_out(app: SideBySideApp) -> None:
    for _ in range(400):
        if all(table.is_over for table in app.tables):
            return
        app.step(whole_round=True)
    raise AssertionError("the games did not end")


# --- the default setup ------------------------------------------------------------------


def test_the_app_opens_on_magies_table_of_landlords_and_tenants_with_its_old_seed(app):
    assert (app.left_rules.value, app.right_rules.value) == ("landlords_game", "single_tax")
    assert (app.bots.value, app.players.value, app.seed.value) == (
        "eager_landlord+cautious_tenant",
        4,
        7,
    )
    for table in app.tables:
        assert table.seats == ["eager_landlord", "cautious_tenant"] * 2
    # Chosen for what the table teaches, and said so where the next editor will look.
    assert "not for how its seed comes out" in " ".join(SideBySideApp.__doc__.split())


def test_the_notebook_asks_what_the_table_teaches_not_which_gini_is_higher_after_ten_rounds():
    cells = json.loads(NOTEBOOK.read_text(encoding="utf-8"))["cells"]
    (look,) = ["".join(c["source"]) for c in cells if "Things to look for" in "".join(c["source"])]
    assert "ten rounds" not in look
    assert "higher Gini" not in look
    for asked in ("land rent", "Public Treasury", "poorest player", "pairs", "kept playing"):
        assert asked in look


# --- before a move: what the many pairs show --------------------------------------------


def test_before_a_move_the_app_says_what_the_grids_pairs_of_this_table_show(app):
    fresh = SideBySideApp()
    assert all(table.game.turns_played == 0 for table in fresh.tables)
    block = fresh.many.value
    text = html.unescape(re.sub(r"<[^>]+>", "", block))
    results = shipped_results(2)
    pairs = results.grid.games * len(results.grid.seeds)
    assert f"Across {pairs:,} pairs of games with this table (the kit's declared grid" in text
    assert "One pair of games is mostly luck" in text
    lines = items(block)
    expected = [
        (length, arm, measure)
        for length in ("printed", "long")
        for arm, measure in [
            ("as_printed", "gini_net_worth"),
            ("as_printed", "dollar_gap"),
            ("money_neutral", "dollar_gap"),
        ]
    ]
    assert list(lines) == expected
    for length, arm, measure in expected:
        scenario = results.scenario(f"landlords_tenants.4.{length}")
        assert not results.unread(scenario, arm, measure)  # the Gini is read as it is
        cell = scenario["arms"][arm]["measures"][measure]
        pooled, line = cell["pooled"], lines[length, arm, measure]
        other = cell["size"] != "tiny" and pooled["superiority"] < 0.5
        size = f"{cell['size'].capitalize()} difference{', the other way' if other else ''}: "
        assert line.startswith(size)  # size first
        only = "only " if pooled["lower"] < 0.5 else ""
        if measure == "gini_net_worth":
            way = "lower" if pooled["mean"] <= 0 else "higher"
            assert f"{way} by {abs(pooled['mean']):.3f} on average" in line
            assert f"lower in {only}{pooled['lower']:.0%} of pairs" in line
        else:
            way = "smaller" if pooled["mean"] <= 0 else "larger"
            assert f"{money(abs(pooled['mean']))} {way} on average" in line
            assert f"smaller in {only}{pooled['lower']:.0%} of pairs" in line
    neutral = lines["printed", "money_neutral", "dollar_gap"]
    assert "money-neutral single tax, which makes no money" in neutral
    assert "At the printed end" in text
    assert "At round 100" in text


def test_settings_outside_the_grid_are_said_so_and_offered_pairs():
    app = SideBySideApp(right="monopoly_us", bots="random", players=3, seed=1)
    text = html.unescape(app.many.value)
    assert "These settings are not in the kit's declared grid" in text
    assert "Play 200 pairs with these settings" in text
    assert app.place_button.layout.display == "flex"
    assert app.place_button.description == "Play 200 pairs with these settings"


# --- each round: where the land rent went, and the poorest player, on each side -------------


def test_each_side_leads_with_where_the_land_rent_went_and_its_poorest_player(app):
    for side in (0, 1):
        assert "Where the land rent went" in app.leads[side].value
    for _ in range(3):
        app.step(whole_round=True)
    for side, table in enumerate(app.tables):
        assert app.leads[side].value == lead_html(table.game, table.names)
        assert f"(round {table.game.round})" in app.leads[side].value
        assert "Poorest player:" in app.leads[side].value
    left, right = (rent_and_poorest(table.game, table.names) for table in app.tables)
    assert left["to_players"] > left["to_treasury"]  # the monopolist rules: to title-holders
    assert right["to_players"] == 0 < right["to_treasury"]  # the single tax: to the Treasury
    assert f"to players who hold land, {money(right['to_treasury'])} to the Public" in (
        html.unescape(app.leads[1].value)
    )
    app.step()  # a single turn updates them too
    assert app.leads[0].value == lead_html(app.tables[0].game, app.tables[0].names)
    assert app.gini_chart.data  # the Gini stays beside them


# --- at the end: the many pairs' mean and share, then this pair ------------------------------


def test_the_ending_names_the_many_pairs_mean_and_share_before_this_pair(app):
    play_out(app)
    text = html.unescape(app.context.value)
    cell = shipped_results(2).scenario("landlords_tenants.4.printed")["arms"]["as_printed"]
    pooled = cell["measures"]["gini_net_worth"]["pooled"]
    mean = f"lower by {abs(pooled['mean']):.3f} on average"
    share = f"lower than the left's in {pooled['lower']:.0%} of pairs"
    assert mean in text
    assert share in text
    assert text.index(share) < text.index("This pair:")


# --- what if we kept playing? ---------------------------------------------------------------


def test_keep_playing_continues_the_left_game_and_a_new_game_clears_it(app):
    keep = app.keep_playing
    keep.games, keep.until_round = 4, 60
    session, words = app._keep_playing_source()
    assert session is app.tables[0].session
    assert words == "the left game (The Landlord's Game)"
    keep.play_on()
    assert keep.result.labels == ["as_played", "single_tax", "money_neutral"]
    assert {spec["rules"] for spec in keep.result.parameters["rules"]} == {"landlords_game"}
    assert keep.result.parameters["continued_from"]["round"] == app.tables[0].game.round
    assert "Played the left game (The Landlord's Game) on 4 times" in html.unescape(
        keep.status.value
    )
    assert keep.panel.value.count("class='landlord-fan'") == 4
    app.new_games()
    assert keep.result is None
    assert keep.panel.value == keep.status.value == ""


def test_keep_playing_continues_the_right_game_when_the_left_offers_no_single_tax():
    app = SideBySideApp(left="monopoly_us", right="single_tax", players=2, seed=3)
    app.keep_playing.games, app.keep_playing.until_round = 3, 30
    session, words = app._keep_playing_source()
    assert session is app.tables[1].session
    assert words.startswith("the right game")
    app.step(whole_round=True)
    app.keep_playing.play_on()
    # Already under the single tax: played on as played, and money-neutral.
    assert app.keep_playing.result.labels == ["as_played", "money_neutral"]


# --- in a browser -------------------------------------------------------------------------


@pytest.mark.browser
def test_the_page_teaches_from_round_zero_leads_each_side_and_keeps_playing(page, voila_url):
    page.set_viewport_size({"width": 1024, "height": 700})
    page.goto(f"{voila_url}/voila/render/landlord_vs_prosperity.ipynb")
    wait_for_voila_page(page, f"landlord {landlord.__version__}", timeout=180_000)
    many = page.locator(".landlord-many-pairs")
    many.wait_for(timeout=30_000)
    said = many.inner_text()
    assert "pairs of games with this table" in said
    assert re.search(r"\b(Tiny|Small|Medium|Large) difference:", said)
    assert page.locator(".landlord-board-left g.centre").get_attribute("data-turn") == "0"
    for _ in range(2):
        before = page.locator(".landlord-board-right").inner_html()
        page.locator("button.landlord-round").click()
        page.wait_for_function(
            "(before) => document.querySelector('.landlord-board-right').innerHTML !== before",
            arg=before,
            timeout=60_000,
        )
    for side in ("left", "right"):
        lead = page.locator(f".landlord-lead-{side}")
        lead.get_by_text("Where the land rent went").wait_for(timeout=30_000)
        assert "Poorest player:" in lead.inner_text()
    page.locator("button.landlord-keep-playing").click()
    fans = page.locator(".landlord-kept-playing svg.landlord-fan")
    page.wait_for_function(
        "() => document.querySelectorAll('.landlord-kept-playing svg.landlord-fan').length >= 4",
        timeout=120_000,
    )
    assert fans.count() == 4
    status = page.locator(".landlord-keep-playing-status")
    status.get_by_text("Played the left game (").wait_for(timeout=10_000)
