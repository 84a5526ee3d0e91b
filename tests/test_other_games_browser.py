"""The property games that were not written to make Magie's point, in headless Chromium.

Quikopoly and Sackson's Property are each played in the play app by clicking,
on a 1024 x 700 laptop: the board draws every space (Quikopoly's face-down
tiles hatched and turned up as they are bought; Property's 8 x 8 grid with the
holders' initials), the board in words tables the players and the board, and
the explain mode cites the text. Each is picked in the side-by-side app
against Magie's game and ticked in the experiments app, both from a link.
"""

from __future__ import annotations

import re
from urllib.parse import urlencode

import pytest
from conftest import wait_for_voila_page
from test_class_apps import (
    click_and_wait,
    game_over,
    next_round,
    open_play,
    question,
    settle,
    take_first_choice,
)
from test_voila_apps import VERSION_LINE, board_svg, screenshot, wait_for_board_change

pytestmark = pytest.mark.browser

#: Each game: its rule set, the spaces its board draws, the words of a move in its log and
#: the caption of its board in words.
GAMES = [
    pytest.param("quikopoly", 20, " throws ", "The twenty tiles", id="quikopoly"),
    pytest.param("property", 64, " plays ", "The Property grid", id="property"),
]


def take_a_choice(page) -> bool:
    """Answer with the first choice, opening the first group if the menu is all groups
    (Property's plays of a wild card come grouped); False if nobody is asked."""
    settle(page)
    groups = page.locator("button.landlord-choice-group")
    if page.locator("button.landlord-choice").count() == 0 and groups.count():
        click_and_wait(page, groups.first)
    return take_first_choice(page)


def face_down(page) -> int:
    """How many of Quikopoly's tiles lie face down (none on other boards)."""
    return page.locator(".landlord-board g.space[data-face-down='1']").count()


def held(page) -> int:
    """How many spaces on the board someone holds."""
    return page.locator(".landlord-board g.space:not([data-holder='-1'])").count()


@pytest.mark.parametrize(("rules", "spaces", "move", "caption"), GAMES)
def test_a_few_turns_played_by_clicking(page, voila_url, rules, spaces, move, caption):
    open_play(
        page, voila_url, rules=rules, seats="human,eager_landlord", names="Ann,Bob", seed="3"
    )
    assert page.locator(".landlord-board g.space").count() == spaces
    assert "Ann" in question(page) or " is next" in question(page)
    held_at_start = held(page)
    page.locator(".landlord-explain-toggle input").check()
    clicks = 0
    while clicks < 14 or held(page) == held_at_start:
        assert clicks < 60, f"nothing was bought in 60 clicks: {question(page)}"
        if "The game is over" in question(page):
            break
        if not take_a_choice(page) and not game_over(page):
            next_round(page)
        clicks += 1
    settle(page)
    # A space taken shows its holder on the board (a name or initial, not colour alone).
    assert held(page) > held_at_start
    taken = page.locator(".landlord-board g.space:not([data-holder='-1'])").first
    holder = ["Ann", "Bob"][int(taken.get_attribute("data-holder"))]
    assert holder in taken.text_content() or holder[0] in taken.text_content()
    log = page.locator(".landlord-log").inner_text()
    assert move in log
    assert "Why? " in log  # the explain mode cites the text
    assert re.search(r"the rules: Play|Setup: |Property: ", log)
    # The board in words: both tables, and no face-down tile named.
    page.get_by_text("The board in words", exact=True).click()
    words = page.locator("section.landlord-board-text")
    words.wait_for(timeout=10_000)
    text = words.inner_text()
    assert "The players" in text
    assert caption in text
    assert text.count("a face-down tile") >= face_down(page)  # none named (Quikopoly)
    screenshot(page, f"play_{rules}_laptop")


@pytest.mark.parametrize(("rules", "spaces", "move", "caption"), GAMES)
def test_picked_beside_magies_game_in_the_side_by_side_app(
    page, voila_url, rules, spaces, move, caption
):
    query = urlencode({"left": "landlords_game", "right": rules, "seed": "2"})
    page.goto(f"{voila_url}/voila/render/landlord_vs_prosperity.ipynb?{query}")
    wait_for_voila_page(page, VERSION_LINE, timeout=120_000)
    right = ".landlord-board-right"
    page.locator(f"{right} svg").wait_for()
    assert page.locator(f"{right} g.space").count() == spaces
    for _ in range(2):
        before = board_svg(page, right)
        page.locator("button.landlord-step").click()
        wait_for_board_change(page, before, right)
    assert move in page.locator(".landlord-log-right").inner_text()
    assert "Gini" in page.locator(".landlord-finances-right").inner_text()
    screenshot(page, f"side_by_side_{rules}")


@pytest.mark.parametrize(("rules", "spaces", "move", "caption"), GAMES)
def test_ticked_in_the_experiments_app(page, voila_url, rules, spaces, move, caption):
    query = urlencode({"rules": f"landlords_game,{rules}", "games": "20", "run": "yes"})
    page.goto(f"{voila_url}/voila/render/experiments.ipynb?{query}")
    wait_for_voila_page(page, VERSION_LINE, timeout=120_000)
    page.wait_for_function(
        "() => (document.querySelector('.landlord-progress-text') || {}).innerText"
        "?.includes('40 of 40')",
        timeout=90_000,
    )
    summary = page.locator(".landlord-summary")
    summary.get_by_text("20 games each", exact=False).wait_for(timeout=30_000)
    assert re.search(r"Quikopoly|Property", summary.inner_text())
