"""A question answered by a click on the board.

What a class met: in Property, 81 of 103 clicks were card plays chosen from groups of
49-65 text buttons ("play 9♥ and 10♣ on column 1, row 1"), and the grid could not be
clicked; in the Landlord's Game the two destinations of "which way do you move?" were
not marked on the board. The places a question names are now ringed on the board and a
click on one answers it (the page script writes the place into the app's field out of
sight); the text buttons stay for keyboards and screen readers.
"""

from __future__ import annotations

import html
import re
import time
import xml.etree.ElementTree as ET

from landlord.widgets.pace import SETTLE_SECONDS
from landlord.widgets.play import PlayApp

SVG = "{http://www.w3.org/2000/svg}"


def ringed(app) -> dict[int, str]:
    """The places the board rings now: {space: its data-pick}."""
    root = ET.fromstring(app.board.value)
    return {
        int(g.get("data-space")): g.get("data-pick")
        for g in root.iter(f"{SVG}g")
        if "landlord-pick" in (g.get("class") or "")
    }


def thrifty(app) -> None:
    """Answer as a careful player: turn down, pass, throw, end the talks; else the first."""
    buttons = app.choice_box.children
    for word in ("decline", "pass", "throw the dice", "end the talks", "pay the fine"):
        for button in buttons:
            if button.tooltip.startswith(word):
                button.click()
                return
    buttons[0].click()


def until(app, asked: str, answer=thrifty):
    """Play on (answering with ``answer``) until the question holds ``asked``."""
    for _ in range(400):
        words = re.sub("<[^>]+>", "", html.unescape(app.question.value))
        if app.table.waits_for_person and asked in words:
            return
        if app.table.waits_for_person:
            answer(app)
        else:
            app.step()
    raise AssertionError(f"never asked {asked!r}")


def click_place(app, space: int) -> None:
    """Click a ringed place as a person does, a moment after the last click."""
    time.sleep(SETTLE_SECONDS)
    app.pick.value = f"{ringed(app)[space]}#{time.monotonic()}"


def test_which_way_marks_both_destinations_and_a_click_moves_there():
    app = PlayApp(seats=["human", "eager_landlord", "cautious_tenant"], seed=1)
    until(app, "which way do you move?")
    moves = app.table.game.legal_actions()
    destinations = {move.to for move in moves}
    assert set(ringed(app)) == destinations
    assert "ringed in blue" in app.question.value
    backward = next(move.to for move in moves if move.direction == "backward")
    click_place(app, backward)
    assert any(line.startswith("Ann: move backward") for line in app.table.log)


def test_a_stale_or_repeated_place_click_answers_nothing():
    app = PlayApp(seats=["human", "eager_landlord", "cautious_tenant"], seed=1)
    until(app, "which way do you move?")
    forward = next(m.to for m in app.table.game.legal_actions() if m.direction == "forward")
    pick = ringed(app)[forward]
    click_place(app, forward)
    history = list(app.table.game.history)
    app.pick.value = f"{pick}#2"  # the second click of a double-click, on the old board
    app.pick.value = "99@1#3"  # a place never asked about
    assert app.table.game.history == history


def test_property_a_click_on_a_cell_plays_on_it():
    app = PlayApp(rules="property", seats=["human", "eager_landlord"], seed=3)
    until(app, "your turn", answer=lambda app: app.choice_box.children[0].click())
    places = app.table.board_choices()
    assert len(places) >= 8  # every cell the hand can name
    assert set(ringed(app)) == set(places)
    cell = next(cell for cell, plays in places.items() if len(plays) == 1)
    before = app.table.game.cells.owner[cell]
    click_place(app, cell)
    assert before == -1
    assert app.table.game.cells.owner[cell] == 0 or any(
        app.table.game.cells.names[cell] in line for line in app.table.log[-6:]
    )


def test_property_a_cell_with_several_plays_shows_just_those():
    app = PlayApp(rules="property", seats=["human", "eager_landlord"], seed=3)
    for _ in range(200):
        if app.table.waits_for_person and any(
            len(plays) > 1 for plays in app.table.board_choices().values()
        ):
            break
        if app.table.waits_for_person:
            app.choice_box.children[0].click()
        else:
            app.step()
    else:
        raise AssertionError("no cell was named by two plays")
    cell, plays = next((c, p) for c, p in app.table.board_choices().items() if len(p) > 1)
    click_place(app, cell)
    shown = [button.tooltip for button in app.choice_box.children]
    assert shown[0] == "◂ back to all choices"
    words = app.table.choices()
    assert shown[1:] == [words[n] for n in plays]
    played = len(app.table.game.history)
    cards = words[plays[0]].removeprefix("play ").split(" on ")[0]  # "8♥ and 4♣"
    app.choice_box.children[1].click()  # the first of the cell's plays
    assert len(app.table.game.history) > played
    assert any(line.startswith(f"Ann plays {cards}") for line in app.table.log)


def test_quikopoly_a_click_on_the_tile_buys_it():
    app = PlayApp(rules="quikopoly", seats=["human", "eager_landlord"], seed=2)
    until(app, "Buy it")
    places = app.table.board_choices()
    (tile,) = places
    click_place(app, tile)
    assert app.table.game.tiles.owner[tile] == 0
