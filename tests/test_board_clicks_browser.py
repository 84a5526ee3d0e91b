"""A click on the board answers the question, in Chromium (issue 34).

The places a question names (the two ways of "which way do you move?", the cells a
Property hand can play on) are ringed on the board; a click on one answers, through the
page script and the app's field out of sight. The text buttons stay for keyboards.
"""

from __future__ import annotations

import pytest
from test_class_apps import open_play, question
from test_voila_apps import screenshot

pytestmark = pytest.mark.browser

ANSWERS = ("decline", "pass", "throw the dice", "end the talks", "pay the fine")


def answer_carefully(page) -> None:
    """Turn down, pass, throw or end the talks; else the first choice."""
    buttons = page.locator("button.landlord-choice:not([disabled])")
    texts = buttons.all_inner_texts()
    pick = next(
        (n for word in ANSWERS for n, text in enumerate(texts) if text.startswith(word)), 0
    )
    asked = question(page)
    buttons.nth(pick).click()
    page.wait_for_function(
        "(asked) => document.querySelector('.landlord-question').innerText !== asked"
        " || !document.querySelector('button.landlord-choice:not([disabled])')",
        arg=asked,
        timeout=30_000,
    )


def answer_until(page, asked) -> None:
    """Answer carefully until ``asked(page)`` holds at a question (fail after 80)."""
    for _ in range(80):
        # A person's question with its buttons on: not the line of a bot's turn, which
        # may still be on the page for a moment as the next question's buttons come.
        page.wait_for_function(
            "() => document.querySelector('button.landlord-choice:not([disabled])')"
            " && !/ is next\\./.test(document.querySelector('.landlord-question').innerText)",
            timeout=60_000,
        )
        if asked(page):
            return
        answer_carefully(page)
    pytest.fail("the question never came")


def test_which_way_is_answered_by_clicking_a_ringed_destination(page, voila_url):
    open_play(
        page,
        voila_url,
        rules="landlords_game",
        seats="human,eager_landlord,cautious_tenant",
        seed="1",
        play_for_me="yes",
    )
    # A question's words come before its buttons: no moment shows a person's buttons
    # under the line of a bot's turn (a click there would answer an unread question).
    page.evaluate(
        """() => { window.buttonsUnderOldWords = 0;
        new MutationObserver(() => {
          if (document.querySelector('button.landlord-choice:not([disabled])') &&
              / is next\\./.test(document.querySelector('.landlord-question').innerText)) {
            window.buttonsUnderOldWords++;
          }
        }).observe(document.body,
                   {subtree: true, childList: true, characterData: true, attributes: true}); }"""
    )
    answer_until(page, lambda page: "which way do you move?" in question(page))
    assert page.evaluate("window.buttonsUnderOldWords") == 0
    ringed = page.locator(".landlord-board g.landlord-pick")
    assert ringed.count() == 2
    assert "ringed in blue" in question(page)
    screenshot(page, "play_which_way_ringed")
    ways = page.locator("button.landlord-choice").all_inner_texts()
    backward = ringed.nth(0).get_attribute("data-space")
    ringed.nth(0).click()
    page.wait_for_function(
        "(space) => document.querySelector("
        "'.landlord-board g.token[data-player=\"0\"]').dataset.space === space",
        arg=backward,
        timeout=15_000,
    )
    # The log is a widget of its own: it may reach the page a moment after the board.
    page.wait_for_function(
        "(ways) => { const log = document.querySelector('.landlord-log').innerText;"
        " return ways.some((way) => log.includes('Ann: ' + way)); }",
        arg=ways,
        timeout=15_000,
    )


def test_property_is_played_by_clicking_a_cell_of_the_grid(page, voila_url):
    open_play(
        page,
        voila_url,
        rules="property",
        seats="human,eager_landlord",
        names="Ann,Bob",
        seed="3",
        play_for_me="yes",
    )
    # Ann's turn: every cell her hand can name is ringed.
    answer_until(page, lambda page: page.locator(".landlord-board g.landlord-pick").count() >= 8)
    plays = page.locator(".landlord-log").inner_text().count("Ann plays ")
    cell = page.locator(".landlord-board g.landlord-pick").first
    cell.click()
    # One play names the cell: it is made; several: just those are offered.
    page.wait_for_function(
        "(plays) => document.querySelector('.landlord-log').innerText.split('Ann plays ')"
        ".length - 1 > plays || document.querySelector('button.landlord-choice-back')",
        arg=plays,
        timeout=15_000,
    )
    if page.locator("button.landlord-choice-back").count():
        offered = page.locator("button.landlord-choice").all_inner_texts()
        assert offered
        assert len({text.rsplit(" on ", 1)[-1] for text in offered}) == 1  # one cell
        page.locator("button.landlord-choice").first.click()
    page.wait_for_function(
        "(plays) => document.querySelector('.landlord-log').innerText.split('Ann plays ')"
        ".length - 1 > plays",
        arg=plays,
        timeout=15_000,
    )
    screenshot(page, "play_property_cell_clicked")
