"""The play app leads with where the land rent went and the poorest player, and asks
"What if we kept playing?".

The unit tests drive the app headlessly (as ``test_play_app.py`` does): the lead block
says what :func:`~landlord.views.rent_and_poor.lead_words` says, after every round;
the button fills its panel with four fan charts, for a finished game too; and a new or
loaded game clears the panel. The browser test plays a few rounds at a small laptop's
size (1024 x 700), finds the lead beside the board, reaches the button with the Tab key,
presses it with Enter and waits for the four fan charts.
"""

from __future__ import annotations

import html
import re

import pytest
from conftest import PageProblems
from test_accessibility import VIEWPORT, check, open_page, run_axe, tab_to
from test_voila_apps import board_state, screenshot

from landlord.views.rent_and_poor import lead_words
from landlord.widgets.play import PlayApp

BOTS = ["eager_landlord", "cautious_tenant", "eager_landlord"]


def text(value: str) -> str:
    """What an HTML widget says, tags left out and spaces made single."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", value)).split())


def play_on(app: PlayApp, games: int = 6, rounds: int = 8) -> None:
    """Press "What if we kept playing?", with a few short continuations (a fast test)."""
    app.keep_playing.games = games
    app.keep_playing.until_round = app.table.game.round + rounds
    app.keep_playing.button.click()


# --- the app, headless --------------------------------------------------------------------


def test_the_lead_says_where_the_land_rent_went_after_every_round():
    app = PlayApp(seats=BOTS, seed=3)
    assert "landlord-lead" in app.lead._dom_classes
    for _ in range(4):
        app.step(whole_round=True)
    game = app.table.game
    before = text(app.lead.value)
    assert before.startswith(f"Where the land rent went (round {game.round})")
    assert lead_words(game, app.table.names) in before
    assert "Poorest player:" in before
    app.step(whole_round=True)
    after = text(app.lead.value)
    assert after != before
    assert f"(round {game.round})" in after
    assert lead_words(game, app.table.names) in after
    # A turn redraws it too: the lead is never a round behind the board.
    app.step()
    assert lead_words(game, app.table.names) in text(app.lead.value)


def test_the_lead_waits_for_the_deal_and_sits_under_the_buttons_that_move_the_game():
    app = PlayApp()  # Ann, a person, is dealt cards first: no one has a net worth yet
    assert app.table.game.round_net_worths == []
    assert re.sub(r"\s*:", ":", text(app.lead.value)) == (
        "Where the land rent went: from the end of the deal"
    )
    # In the column beside the board, under the question with Next turn, Next round and
    # Play (kept in view as the page scrolls), above the log.
    (main,) = [box for box in app.widget.children if "landlord-main" in box._dom_classes]
    (controls,) = [box for box in main.children if "landlord-controls" in box._dom_classes]
    shown = list(controls.children)
    (ask,) = [box for box in shown if "landlord-ask" in box._dom_classes]
    (row,) = [box for box in ask.children if app.round_button in getattr(box, "children", ())]
    assert any("landlord-pace" in box._dom_classes for box in row.children)
    assert shown.index(ask) < shown.index(app.lead) < shown.index(app.log)


def test_kept_playing_fills_its_panel_and_a_new_or_loaded_game_clears_it():
    app = PlayApp(seats=BOTS, seed=3)
    children = list(app.widget.children)
    assert children.index(app.keep_playing.widget) == children.index(app.glossary) - 1
    for _ in range(3):
        app.step(whole_round=True)
    saved = app.table.saved()
    play_on(app)
    panel = html.unescape(app.keep_playing.panel.value)
    assert panel.count("<figure") == 4
    assert panel.count("class='landlord-fan'") == 4
    assert "Played this game on 6 times under each of 3 sets of rules" in text(
        app.keep_playing.status.value
    )
    assert not app.keep_playing.button.disabled
    app.new_game()
    assert app.keep_playing.panel.value == app.keep_playing.status.value == ""
    assert app.keep_playing.result is None
    play_on(app)
    assert app.keep_playing.result is not None
    assert app.load(saved)
    assert app.keep_playing.panel.value == ""
    assert app.keep_playing.result is None


def test_a_finished_game_is_played_on_past_its_printed_end():
    app = PlayApp(seats=BOTS, seed=3)
    for _ in range(400):
        if app.table.is_over:
            break
        app.step(whole_round=True)
    game = app.table.game
    assert game.is_over
    assert "The game is over" in app.question.value
    assert lead_words(game, app.table.names) in text(app.lead.value)
    play_on(app, games=4, rounds=6)
    assert html.unescape(app.keep_playing.panel.value).count("<figure") == 4
    assert app.keep_playing.result.parameters["continued_from"]["over"] is True
    assert f"to round {game.round + 6}" in text(app.keep_playing.status.value)


# --- the app in a browser -----------------------------------------------------------------


@pytest.mark.browser
@pytest.mark.timeout(420)
def test_the_play_page_leads_with_the_rent_and_plays_the_game_on_in_a_browser(browser, voila_url):
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    problems = PageProblems()
    problems.watch(page)
    try:
        open_page(page, voila_url, f"play.ipynb?seats={','.join(BOTS)}")
        page.locator(".landlord-board svg").wait_for()
        start = board_state(page)["round"]
        for number in range(1, 4):
            page.locator("button.landlord-round").click()
            page.wait_for_function(
                "(round) => +document.querySelector('.landlord-board svg g.centre')"
                ".dataset.round >= round",
                arg=start + number,
                timeout=30_000,
            )
        lead = page.locator(".landlord-lead").first
        page.wait_for_function(
            "(round) => document.querySelector('.landlord-lead').innerText"
            ".includes('(round ' + round + ')')",
            arg=start + 3,
            timeout=30_000,
        )
        words = lead.inner_text()
        assert "Where the land rent went" in words
        assert "Poorest player:" in words
        # Beside the board, and its heading on the first screen of a small laptop.
        board = page.locator("div.landlord-board").bounding_box()
        box = lead.bounding_box()
        assert box["x"] >= board["x"] + board["width"] - 1
        assert box["y"] < VIEWPORT["height"] - 40
        screenshot(page, "play_lead_1024x700")
        # The button is reached with Tab and pressed with Enter.
        tab_to(page, "button.landlord-keep-playing")
        button = page.locator("button.landlord-keep-playing")
        page.keyboard.press("Enter")
        fans = page.locator(".landlord-kept-playing svg.landlord-fan")
        page.wait_for_function(
            "() => document.querySelectorAll('.landlord-kept-playing svg.landlord-fan')"
            ".length === 4",
            timeout=120_000,
        )
        assert fans.count() == 4
        status = page.locator(".landlord-keep-playing-status")
        # The last progress line may still be on show for a moment after the charts arrive:
        # the charts and the words are two widgets, each updated by its own message.
        status.get_by_text("Played this game on").wait_for(timeout=10_000)
        said = re.search(
            r"Played this game on ([\d,]+) times under each of (\d+) sets of rules, "
            r"to round (\d+)",
            status.inner_text(),
        )
        assert said, status.inner_text()
        assert said.groups() == ("200", "3", "100")
        assert status.get_attribute("aria-live") == "polite"
        page.wait_for_function(
            "() => !document.querySelector('button.landlord-keep-playing').disabled",
            timeout=10_000,
        )
        # The page stays where the student pressed: the focus is not sent back to the board.
        after = button.bounding_box()
        assert 0 <= after["y"] < VIEWPORT["height"]
        # Each chart's title is text a screen reader reads, and the first one is reached.
        captions = page.locator(".landlord-kept-playing figcaption")
        assert captions.count() == 4
        assert captions.first.inner_text().startswith(
            "Share of all land rent so far that went to players by round 100:"
        )
        captions.first.scroll_into_view_if_needed()
        assert captions.first.is_visible()
        assert fans.first.get_attribute("role") == "img"
        title = captions.first.inner_text().strip()
        assert fans.first.get_attribute("aria-label").strip() == title
        screenshot(page, "play_kept_playing_1024x700")
        check(page, "play_kept_playing", [run_axe(page)])
    finally:
        problems.leave(page)
        context.close()
    assert not problems.errors, "the page reported errors:\n" + "\n".join(problems.errors)
