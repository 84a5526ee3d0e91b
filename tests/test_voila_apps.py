"""The apps as a class sees them: Voila serving each notebook, driven in headless Chromium.

Each test opens an app, waits until every cell has run, and then does what a
student or teacher would: clicks the buttons shown, starts auto-play, runs an
experiment. The page fixture fails the test on any console error. Every test
saves a screenshot under ``test-output/screenshots/`` and adds its timings to
``test-output/timings.json`` (time to first render; time from a click to the
updated board), which the benchmarks README quotes.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from conftest import ROOT, wait_for_voila_page

import landlord

pytestmark = pytest.mark.browser

OUTPUT = ROOT / "test-output"
VERSION_LINE = f"landlord {landlord.__version__}"


def record(name: str, **timings: float) -> None:
    """Keep a test's timings (seconds) in test-output/timings.json."""
    OUTPUT.mkdir(exist_ok=True)
    path = OUTPUT / "timings.json"
    known = json.loads(path.read_text()) if path.exists() else {}
    known[name] = {key: round(value, 3) for key, value in timings.items()}
    path.write_text(json.dumps(known, indent=1, sort_keys=True) + "\n")


def screenshot(page, name: str) -> Path:
    folder = OUTPUT / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def open_app(page, voila_url: str, notebook: str) -> float:
    """Open an app; return the seconds until its last cell has shown its output."""
    start = time.perf_counter()
    page.goto(f"{voila_url}/voila/render/{notebook}")
    wait_for_voila_page(page, VERSION_LINE, timeout=120_000)
    return time.perf_counter() - start


def board_state(page, board: str = ".landlord-board") -> dict:
    """The board centre's figures and every token's space, read from the SVG."""
    return page.evaluate(
        """(selector) => {
            const svg = document.querySelector(selector + ' svg');
            const centre = svg.querySelector('g.centre');
            const tokens = {};
            for (const t of svg.querySelectorAll('g.token')) {
                tokens[t.dataset.player] = t.dataset.space;
            }
            return {round: +centre.dataset.round, turn: +centre.dataset.turn,
                    singleTax: centre.dataset.singleTax, tokens: tokens,
                    html: svg.outerHTML.length};
        }""",
        board,
    )


def choice(page, text: str):
    return page.locator("button.landlord-choice", has_text=text).first


def settled_choices(page) -> list[str]:
    """The words of the choice buttons once they are all on.

    A question's buttons come up off and go on a moment later, and a clicked question's
    buttons go off before the next replaces them: reading the page in between would see
    the last question's buttons (the fresh-clone run once clicked one as it went away).
    """
    page.wait_for_function(
        "() => { const shown = [...document.querySelectorAll('button.landlord-choice')];"
        " return shown.length > 0 && shown.every((button) => !button.disabled); }",
        timeout=30_000,
    )
    return page.locator("button.landlord-choice").all_inner_texts()


def wait_for_board_change(page, before: str, board: str = ".landlord-board") -> None:
    page.wait_for_function(
        "([selector, before]) => document.querySelector(selector + ' svg').outerHTML !== before",
        arg=[board, before],
        timeout=10_000,
    )


def board_svg(page, board: str = ".landlord-board") -> str:
    return page.evaluate("(s) => document.querySelector(s + ' svg').outerHTML", board)


# --- play ---------------------------------------------------------------------------------


def test_play_a_person_plays_a_turn_with_the_buttons_shown(page, voila_url):
    # Play for me off: Ann throws with a button, and the bots wait for Next turn.
    first_render = open_app(page, voila_url, "play.ipynb?play_for_me=no")
    page.locator(".landlord-board svg").wait_for()
    placeholder = page.locator("img.landlord-chart").first.get_attribute("src")
    # Ann (a person) is dealt cards first: she declines them with the buttons shown.
    for _ in range(30):
        if any(text.startswith("throw the dice") for text in settled_choices(page)):
            break
        clicked = page.locator("button.landlord-choice:not([disabled])", has_text="decline")
        handle = clicked.first.element_handle()
        handle.click()
        # The next card's buttons replace these; read the page only once they have.
        page.wait_for_function("(button) => !button.isConnected", arg=handle, timeout=10_000)
    assert "Ann" in page.locator(".landlord-question").inner_text()
    # The charts are drawn when the deal ends: let the kernel finish before timing a click.
    page.wait_for_function(
        "(before) => document.querySelector('img.landlord-chart').src !== before",
        arg=placeholder,
        timeout=30_000,
    )
    page.wait_for_timeout(300)
    log_before = page.locator(".landlord-log").inner_text()
    before = board_svg(page)
    start = time.perf_counter()
    choice(page, "throw the dice").click()
    wait_for_board_change(page, before)
    click_to_board = time.perf_counter() - start
    page.get_by_text("Ann throws", exact=False).first.wait_for(timeout=10_000)
    assert page.locator(".landlord-log").inner_text() != log_before
    # A throw that lets her choose where to go asks again; any choice moves her token.
    if page.locator("button.landlord-choice", has_text="move").count():
        tokens = board_state(page)["tokens"]
        page.locator("button.landlord-choice", has_text="move").first.click()
        page.wait_for_function(
            "(before) => document.querySelector('.landlord-board svg g.token[data-player=\"0\"]')"
            ".dataset.space !== before",
            arg=tokens["0"],
            timeout=10_000,
        )
    assert board_state(page)["tokens"]["0"] != "0"
    screenshot(page, "play_after_a_turn")
    # The bots' turn: one click on "Next turn", timed to the new board.
    before = board_svg(page)
    start = time.perf_counter()
    page.locator("button.landlord-step").click()
    wait_for_board_change(page, before)
    next_turn = time.perf_counter() - start
    record(
        "play",
        first_render_seconds=first_render,
        click_to_board_seconds_throw=click_to_board,
        click_to_board_seconds_next_turn=next_turn,
    )


def test_play_auto_play_advances_rounds_and_the_gini_chart_updates(page, voila_url):
    open_app(page, voila_url, "play.ipynb")
    seat = page.locator(".widget-dropdown", has_text="Seat 1").locator("select")
    seat.select_option(label="bot: eager landlord")
    page.locator("button.landlord-new-game").click()
    page.get_by_text("A new game of").wait_for(timeout=10_000)
    page.wait_for_function(
        "() => !document.querySelector('button.landlord-step').disabled", timeout=10_000
    )
    chart = page.locator("img.landlord-chart").first
    chart.wait_for()
    picture = chart.get_attribute("src")
    start_round = board_state(page)["round"]
    # The slider's quickest pace, then play.
    page.locator("button.landlord-play-button").first.click()
    page.wait_for_function(
        "(start) => +document.querySelector('.landlord-board svg g.centre').dataset.round"
        " >= start + 2",
        arg=start_round,
        timeout=60_000,
    )
    page.wait_for_function(
        "(before) => document.querySelector('img.landlord-chart').src !== before",
        arg=picture,
        timeout=20_000,
    )
    screenshot(page, "play_auto")
    page.locator("button.landlord-pause-button").first.click()
    assert board_state(page)["round"] >= start_round + 2


def test_play_the_us_rules_of_the_later_game_on_their_own_board(page, voila_url):
    open_app(page, voila_url, "play.ipynb")
    page.locator(".landlord-board svg").wait_for()
    rules = page.locator(".widget-dropdown", has_text="Rules").locator("select")
    rules.select_option(label="Monopoly: the classic US rules (historical rules)")
    page.locator("button.landlord-new-game").click()
    page.get_by_text("A new game of Monopoly: the classic US rules", exact=False).wait_for(
        timeout=10_000
    )
    page.wait_for_function(
        "() => document.querySelector('.landlord-board svg g.centre').dataset.bankHouses"
        " !== undefined",
        timeout=10_000,
    )
    drawn = page.evaluate(
        """() => {
            const svg = document.querySelector('.landlord-board svg');
            return {spaces: svg.querySelectorAll('g.space').length,
                    side: svg.querySelectorAll('g.side-space').length,
                    text: svg.textContent};
        }"""
    )
    assert (drawn["spaces"], drawn["side"]) == (40, 0)
    assert "Boardwalk" in drawn["text"]
    assert "$400" in drawn["text"]
    assert "trademark of Hasbro" in page.locator(".landlord-status").inner_text()
    screenshot(page, "play_monopoly_us")


# --- side by side ---------------------------------------------------------------------------


def test_side_by_side_both_boards_advance_on_the_same_dice(page, voila_url):
    first_render = open_app(page, voila_url, "landlord_vs_prosperity.ipynb")
    left, right = ".landlord-board-left", ".landlord-board-right"
    page.locator(f"{left} svg").wait_for()
    for _ in range(3):
        before = board_svg(page, right)
        page.locator("button.landlord-step").click()
        wait_for_board_change(page, before, right)
        page.wait_for_timeout(100)
    start = time.perf_counter()
    before = board_svg(page, right)
    page.locator("button.landlord-step").click()
    wait_for_board_change(page, before, right)
    both = time.perf_counter() - start
    a, b = board_state(page, left), board_state(page, right)
    assert a["turn"] == b["turn"]
    assert b["singleTax"] == "1"
    throws = [
        [line for line in page.locator(log).inner_text().splitlines() if " throws " in line]
        for log in (".landlord-log-left", ".landlord-log-right")
    ]
    assert len(throws[0]) >= 4
    assert throws[0][:3] == throws[1][:3]  # the newest throws, on top: the same dice
    assert "PUBLIC TREASURY" in page.locator(".landlord-finances-right").inner_text()
    screenshot(page, "side_by_side")
    record(
        "landlord_vs_prosperity", first_render_seconds=first_render, click_to_boards_seconds=both
    )


# --- experiments ------------------------------------------------------------------------------


def test_experiments_a_small_run_completes_and_shows_its_charts(page, voila_url):
    first_render = open_app(page, voila_url, "experiments.ipynb")
    games = page.locator(".landlord-games input")
    games.fill("40")
    games.press("Tab")  # the value goes to the kernel when the field is left
    page.wait_for_timeout(300)
    start = time.perf_counter()
    page.locator("button.landlord-run").click()
    page.locator(".landlord-reading").get_by_text("Gini", exact=False).first.wait_for(
        timeout=60_000
    )
    page.wait_for_function(
        "() => [...document.querySelectorAll('.landlord-results img')]"
        ".filter(img => img.naturalWidth > 0).length >= 3",
        timeout=30_000,
    )
    run_to_charts = time.perf_counter() - start
    summary = page.locator(".landlord-summary").inner_text()
    assert "40 games each" in summary
    assert "under the Single Tax" in summary  # Magie's own pair, named in words
    progress = page.locator(".landlord-progress-text").inner_text()
    assert "80 of 80" in progress
    link = page.locator("a.landlord-download-games")
    assert link.get_attribute("href").startswith("data:text/csv;base64,")
    assert link.get_attribute("download") == "landlord_results.csv"
    screenshot(page, "experiments")
    record("experiments", first_render_seconds=first_render, run_to_charts_seconds=run_to_charts)


def test_experiments_opens_on_the_claim_grid_and_its_forest_plot(page, voila_url):
    """Magie's claim over the declared grid shows at once, from the shipped results."""
    from landlord.claim import shipped_results

    first_render = open_app(page, voila_url, "experiments.ipynb")
    plot = page.locator("img.landlord-chart-claim")
    page.wait_for_function(
        "() => { const img = document.querySelector('img.landlord-chart-claim');"
        " return img && img.naturalWidth > 400 && img.naturalHeight > 300; }",
        timeout=30_000,
    )
    assert plot.is_visible()
    shown = plot.bounding_box()
    assert shown["width"] > 500  # drawn at a readable size, not a thumbnail
    table = page.locator(".landlord-claim-verdicts table")
    results = shipped_results(2)
    assert table.locator("tbody tr").count() == len(results.grid.mixes)  # four players
    first = results.scenario("eager.4.printed")
    row = table.locator("tbody tr").first.inner_text()
    assert "four eager landlords" in row
    from landlord.claim.arms import verdict_words

    cell = first["arms"]["as_printed"]["measures"]["gini_net_worth"]
    assert verdict_words(cell, results.measure("gini_net_worth")) in row
    # The measure menu redraws the plot for another measure.
    before = plot.get_attribute("src")
    page.locator(".landlord-claim-measure select").select_option(
        label="poorest player's net worth"
    )
    page.wait_for_function(
        "(before) => document.querySelector('img.landlord-chart-claim').src !== before",
        arg=before,
        timeout=15_000,
    )
    # Where the claim fails or cannot be told, the page says so in words.
    page.get_by_text("Each table in a sentence").click()
    sentences = page.locator(".landlord-claim-sentences").inner_text()
    assert results.sentence(first, "as_printed") in sentences
    screenshot(page, "experiments_claim")
    record("experiments_claim", first_render_seconds=first_render)


def test_the_claim_page_states_the_grid_in_short_and_in_full(page, voila_url):
    from landlord.claim import shipped_results

    open_app(page, voila_url, "claim.ipynb")
    page.locator("img.landlord-chart-claim").wait_for(timeout=30_000)
    text = page.locator("body").inner_text()
    for line in shipped_results(2).findings("as_printed"):
        assert line in text
    assert "Magie's claim, tested" in text
    screenshot(page, "claim")


#: Ann's decisions in the play app's log, as a page expression.
#: How many turns a game of two has played, read from the board's centre (round, turn in it).
TURNS_OF_TWO = (
    "(c => 2 * +c.dataset.round + +c.dataset.turn)"
    "(document.querySelector('.landlord-board svg g.centre'))"
)
ANN_DECISIONS = (
    "document.querySelector('.landlord-log').innerText.split('\\n')"
    ".filter(line => line.startsWith('Ann: ')).length"
)


def click_twice(page, button, gap: int) -> None:
    """Two clicks on the middle of ``button``, ``gap`` ms apart, as a hand does."""
    box = button.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.click(x, y)
    page.wait_for_timeout(gap)
    page.mouse.click(x, y)


def ann_decisions(page) -> int:
    """How many of Ann's decisions the play app's log holds."""
    return page.evaluate(f"() => {ANN_DECISIONS}")


def test_play_two_clicks_at_human_speed_take_one_decision(page, voila_url):
    # Issue 34: two real clicks 80-350 ms apart took two decisions, since the next question's
    # first button came up under the pointer in about 80 ms. Each gap in turn, on the first
    # choice of whatever Ann is asked: one decision each time, and the question's buttons
    # come up again (off for a moment, then on).
    open_app(page, voila_url, "play.ipynb")
    page.locator(".landlord-question").get_by_text("Ann:").first.wait_for(timeout=30_000)
    for gap in (80, 120, 200, 350):
        first = page.locator(".landlord-choices button.landlord-choice:not([disabled])").first
        first.wait_for(timeout=30_000)
        before = ann_decisions(page)
        click_twice(page, first, gap)
        page.wait_for_function(f"() => {ANN_DECISIONS} > {before}", timeout=10_000)
        page.wait_for_timeout(1_500)  # the second click's message handled, the buttons back
        assert ann_decisions(page) == before + 1, f"two clicks {gap} ms apart"
        assert "Cannot do that" not in page.locator(".landlord-status").inner_text()


def turns_of_two(page) -> int:
    return page.evaluate(f"() => {TURNS_OF_TWO}")


def test_play_two_clicks_on_next_turn_at_human_speed_play_one_turn(page, voila_url):
    # Issue 34: a double-click on Next turn played two turns. The buttons rest a moment.
    open_app(page, voila_url, "play.ipynb?seats=eager_landlord,cautious_tenant&seed=2")
    step = page.locator("button.landlord-step:not([disabled])")
    for gap in (80, 200, 350):
        step.wait_for(timeout=30_000)
        before = turns_of_two(page)
        click_twice(page, step, gap)
        page.wait_for_function(f"() => {TURNS_OF_TWO} > {before}", timeout=10_000)
        page.wait_for_timeout(1_000)
        assert turns_of_two(page) == before + 1, f"two clicks {gap} ms apart"


def test_play_for_me_throws_for_ann_and_the_bots_play_on_by_themselves(page, voila_url):
    # Issue 34: 80 of a person's clicks threw the dice and every bot's turn wanted Next
    # turn. With play for me (on by default) Ann answers only real questions.
    open_app(page, voila_url, "play.ipynb?seed=5")
    page.locator(".widget-dropdown", has_text="Pace a turn").locator("select").select_option(
        label="fast: 0.1 s"
    )
    clicks, menus = 0, []
    for _ in range(300):
        if board_state(page)["round"] >= 4:
            break
        page.wait_for_function(
            "() => document.querySelector('.landlord-choices button:not([disabled])')"
            " || document.querySelector('.landlord-question').innerText.includes('plays on')",
            timeout=30_000,
        )
        buttons = page.locator(".landlord-choices button:not([disabled])")
        if not buttons.count():
            page.wait_for_timeout(200)  # the bots (and Ann's throws) play on
            continue
        offered = buttons.all_inner_texts()
        menus.append(set(offered))
        # Ann turns down what she is offered and throws when she may.
        pick = next(
            (
                number
                for word in ("decline", "pass", "throw the dice", "end the talks")
                for number, text in enumerate(offered)
                if text.startswith(word)
            ),
            0,
        )
        asked = page.locator(".landlord-question").inner_text()
        buttons.nth(pick).click()
        clicks += 1
        page.wait_for_function(
            "([asked, offered]) => document.querySelector('.landlord-question').innerText"
            " !== asked || document.querySelector('.landlord-choices').innerText !== offered",
            arg=[asked, "\n".join(offered)],
            timeout=30_000,
        )
    assert board_state(page)["round"] >= 4
    assert {"throw the dice", "negotiate"} not in menus  # never asked to throw for nothing
    assert "Ann throws" in page.locator(".landlord-log").inner_text()
    assert clicks < 25  # the deal's cards and the real questions of three rounds


def test_play_a_whole_game_in_a_third_of_the_clicks(page, voila_url):
    # Issue 34's figure: a whole Landlord's Game in at most a third of the clicks it took
    # before, with play for me on. Ann takes each answer offered to stand for good (the
    # deal, the throw unless something new is offered, the cautious tenant's way), else
    # the first choice shown; before, the same first choices took 72 clicks in this game.
    from landlord.clicks import clicks_of_a_game

    seats = ["human", "eager_landlord", "cautious_tenant"]  # the app's own seats
    today = clicks_of_a_game("landlords_game", seats, 4, play_for_me=False)
    open_app(page, voila_url, "play.ipynb?seed=4")
    page.locator(".widget-dropdown", has_text="Pace a turn").locator("select").select_option(
        label="fast: 0.1 s"
    )
    question = page.locator(".landlord-question")
    clicks, stood = 0, []
    for _ in range(400):
        page.wait_for_function(
            "() => document.querySelector('.landlord-choices button:not([disabled])')"
            " || document.querySelector('.landlord-question').innerText.includes('is over')",
            timeout=60_000,
        )
        if "is over" in question.inner_text():
            break
        stand = page.locator(".landlord-choices button.landlord-choice-stand:not([disabled])")
        buttons = page.locator(".landlord-choices button:not([disabled])")
        pick = stand.first if stand.count() else buttons.first
        if stand.count():
            stood.append(stand.first.inner_text())
        asked = question.inner_text()
        offered = page.locator(".landlord-choices").inner_text()
        pick.click()
        clicks += 1
        if clicks == 3:
            screenshot(page, "play-standing-answer")
        page.wait_for_function(
            "([asked, offered]) => document.querySelector('.landlord-question').innerText"
            " !== asked || document.querySelector('.landlord-choices').innerText !== offered",
            arg=[asked, offered],
            timeout=30_000,
        )
    assert "The game is over" in question.inner_text()
    assert today == 72
    assert clicks <= today / 3, (clicks, today)
    assert "throw now and from now on, unless something new is offered" in stood
    assert "let the cautious tenant bot choose my way from now on" in stood


def test_play_a_double_click_takes_one_decision(page, voila_url):
    open_app(page, voila_url, "play.ipynb")
    question = page.locator(".landlord-question")
    question.get_by_text("buy the card you were dealt").wait_for(timeout=30_000)
    choice(page, "buy").dblclick()
    page.wait_for_function(
        "() => document.querySelector('.landlord-log').innerText.includes('Ann: buy')",
        timeout=10_000,
    )
    # The next decision, clicked after both: the kernel takes its messages in order, so
    # once this one is in the log the double click's second message was handled too.
    question.get_by_text("buy the card you were dealt").wait_for(timeout=30_000)
    page.locator("button.landlord-choice").first.click()
    page.wait_for_function(
        "() => document.querySelector('.landlord-log').innerText.split('\\n')"
        ".filter(line => line.startsWith('Ann: ')).length >= 2",
        timeout=10_000,
    )
    log = page.locator(".landlord-log").inner_text().splitlines()
    assert len([line for line in log if line.startswith("Ann: ")]) == 2  # two clicks, not 3
    assert "Cannot do that" not in page.locator(".landlord-status").inner_text()
