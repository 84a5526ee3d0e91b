"""The five pages as a screen reader or a keyboard meets them: axe-core and the Tab key.

Each test opens one page in Voila at a small laptop's size (1024 x 700), runs
axe-core (the copy bundled with the dev dependency ``axe-playwright-python``,
injected as a script; the wrapper's API is not used) over the page, then
reaches the page's main control with the Tab key alone, activates it with
Enter, waits for what it does, and runs axe again over what it showed (the
experiments app's results, for example, only exist after a run).

The rules run are those tagged WCAG 2.0, 2.1 and 2.2 level A and AA, and
axe's best practices (landmarks, headings, a main region, ...); colour
contrast, which axe judges only on screen, is checked again on every
screenful of the page. A violation of impact "serious" or "critical" fails
the test; "moderate" and "minor" ones are kept in the saved results for the
accessibility note. The full axe results of each page go to
``test-output/axe/PAGE.json`` (a list: one entry per run, before and after the
page's main control is used).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import ROOT, PageProblems, wait_for_voila_page

import landlord

pytestmark = pytest.mark.browser

OUTPUT = ROOT / "test-output" / "axe"
VERSION_LINE = f"landlord {landlord.__version__}"
VIEWPORT = {"width": 1024, "height": 700}

#: axe-core as shipped in the dev dependency (its own copy of the npm package).
AXE_SCRIPT = Path(__import__("axe_playwright_python").__file__).parent / "axe.min.js"

#: The rule tags run: WCAG 2.x levels A and AA, and axe's best practices.
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]

#: Impacts that fail the test.
FAILING = ("serious", "critical")

#: Parts of the page that are Voila's or JupyterLab's own, not the kit's, left out of
#: the check: (CSS selector, why). None is needed with Voila 0.5.13 and axe-core 4.12.1
#: (the page's own chrome only breaks the moderate "region" rule: its notebook cells
#: are in no landmark), so every serious problem found is the kit's.
EXCLUDED: tuple[tuple[str, str], ...] = ()


@pytest.fixture
def small_page(browser):
    """A page the size of a small laptop's window; after the test, asserts no errors."""
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    problems = PageProblems()
    problems.watch(page)
    yield page
    problems.leave(page)
    context.close()
    assert not problems.errors, "the page reported errors:\n" + "\n".join(problems.errors)


def open_page(page, voila_url: str, notebook: str) -> None:
    page.goto(f"{voila_url}/voila/render/{notebook}")
    wait_for_voila_page(page, VERSION_LINE, timeout=120_000)


def run_axe(page) -> dict:
    """axe-core's results for the page as it is now, contrast checked on every screenful.

    axe judges colour contrast only where the text is in view, and a Voila page
    scrolls inside one panel (``#rendered_cells``), not the window: so the
    panel is scrolled a screenful at a time, the contrast rule run at each
    stop, and what it finds added to the whole run's results.
    """
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE_SCRIPT))
    exclude = [[selector] for selector, _ in EXCLUDED]
    results = page.evaluate(
        """([tags, exclude]) => axe.run({exclude: exclude},
            {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations', 'incomplete']})""",
        [TAGS, exclude],
    )
    found = {v["id"]: v for v in results["violations"]}
    for contrast in page.evaluate(
        """async (exclude) => {
            const panel = [...document.querySelectorAll('*')].find(e =>
                e.scrollHeight > e.clientHeight + 5
                && ['auto', 'scroll'].includes(getComputedStyle(e).overflowY));
            if (!panel) { return []; }
            const start = panel.scrollTop, found = [];
            for (let top = 0; top < panel.scrollHeight; top += panel.clientHeight * 0.9) {
                panel.scrollTop = top;
                const run = await axe.run({exclude: exclude},
                    {runOnly: {type: 'rule', values: ['color-contrast']},
                     resultTypes: ['violations']});
                found.push(...run.violations);
            }
            panel.scrollTop = start;
            return found;
        }""",
        exclude,
    ):
        known = found.setdefault(contrast["id"], {**contrast, "nodes": []})
        if known is not contrast:
            targets = {tuple(map(str, node["target"])) for node in known["nodes"]}
            known["nodes"] += [
                node
                for node in contrast["nodes"]
                if tuple(map(str, node["target"])) not in targets
            ]
    results["violations"] = list(found.values())
    return results


def serious(results: list[dict]) -> list[str]:
    """Every serious or critical violation, a line each: rule, impact, first targets."""
    lines = []
    for result in results:
        for violation in result["violations"]:
            if violation["impact"] in FAILING:
                targets = [" ".join(map(str, node["target"])) for node in violation["nodes"]]
                shown = ", ".join(targets[:4]) + (" ..." if len(targets) > 4 else "")
                lines.append(
                    f"{violation['id']} ({violation['impact']}, {len(targets)} element(s)): "
                    f"{violation['help']}: {shown}"
                )
    return lines


def save(name: str, results: list[dict]) -> None:
    OUTPUT.mkdir(parents=True, exist_ok=True)
    (OUTPUT / f"{name}.json").write_text(json.dumps(results, indent=1) + "\n")


def tab_to(page, selector: str, presses: int = 120) -> None:
    """Press Tab until the focused element matches ``selector``; fail if it never does."""
    page.locator("body").focus()
    for _ in range(presses):
        page.keyboard.press("Tab")
        if page.evaluate(
            "(s) => !!document.activeElement && document.activeElement.matches(s)", selector
        ):
            return
    raise AssertionError(f"{presses} presses of Tab never reached {selector}")


def check(page, name: str, after: list[dict]) -> None:
    """Save the page's axe results and fail on a serious or critical violation."""
    save(name, after)
    problems = serious(after)
    assert not problems, (
        f"axe-core finds serious or critical problems on the {name} page:\n" + "\n".join(problems)
    )


# --- the pages --------------------------------------------------------------------------------


def test_welcome_page_is_accessible_and_its_first_app_opens_from_the_keyboard(
    small_page, voila_url
):
    page = small_page
    open_page(page, voila_url, "welcome.ipynb")
    results = [run_axe(page)]
    save("welcome", results)
    # The app links open in a new tab (Voila renders Markdown links with target=_blank).
    tab_to(page, "a[href='play.ipynb']")
    with page.context.expect_page(timeout=30_000) as opened:
        page.keyboard.press("Enter")
    assert opened.value.url.endswith("/play.ipynb")
    opened.value.close()
    check(page, "welcome", results)


def test_play_page_is_accessible_and_a_turn_is_played_from_the_keyboard(small_page, voila_url):
    page = small_page
    open_page(page, voila_url, "play.ipynb")
    page.locator(".landlord-board svg").wait_for()
    results = [run_axe(page)]
    # Ann (a person) is asked first: she answers with the keyboard alone.
    log = page.locator(".landlord-log").inner_text()
    tab_to(page, "button.landlord-choice")
    page.keyboard.press("Enter")
    page.wait_for_function(
        "(before) => document.querySelector('.landlord-log').innerText !== before",
        arg=log,
        timeout=15_000,
    )
    results.append(run_axe(page))
    check(page, "play", results)


def test_answers_that_stand_are_given_and_taken_back_from_the_keyboard(small_page, voila_url):
    # Issue 34: an answer given once for the rest of the game ("throw now and from now on,
    # unless something new is offered") shows under the buttons with "ask me again".
    page = small_page
    open_page(page, voila_url, "play.ipynb?seed=4")
    page.locator(".landlord-board svg").wait_for()
    again = page.locator("button.landlord-ask-again")
    for _ in range(6):
        if again.count() and "the throw" in again.first.inner_text():
            break
        page.locator(".landlord-choices button:not([disabled])").first.wait_for(timeout=60_000)
        stand = page.locator(".landlord-choices button.landlord-choice-stand")
        tab_to(page, "button.landlord-choice-stand" if stand.count() else "button.landlord-choice")
        page.keyboard.press("Enter")
        page.wait_for_timeout(1_500)
    again.filter(has_text="ask me again: the throw").wait_for(timeout=30_000)
    results = [run_axe(page)]
    tab_to(page, "button.landlord-ask-again")
    page.keyboard.press("Enter")
    page.locator("button.landlord-ask-again", has_text="the throw").wait_for(
        state="detached", timeout=15_000
    )
    check(page, "play-standing", results)


@pytest.mark.parametrize("rules", ["quikopoly", "property"])
def test_the_other_games_play_pages_are_accessible_with_their_board_in_words(
    small_page, voila_url, rules
):
    page = small_page
    open_page(page, voila_url, f"play.ipynb?rules={rules}&seats=human,eager_landlord&seed=3")
    page.locator(".landlord-board svg").wait_for()
    results = [run_axe(page)]
    # A turn from the keyboard: Next turn if the bots or the dice are next, else a choice.
    log = page.locator(".landlord-log").inner_text()
    button = (
        "button.landlord-choice"
        if page.locator("button.landlord-choice").count()
        else ("button.landlord-step")
    )
    tab_to(page, button)
    page.keyboard.press("Enter")
    page.wait_for_function(
        "(before) => document.querySelector('.landlord-log').innerText !== before",
        arg=log,
        timeout=15_000,
    )
    # The board in words, opened from the keyboard: its tables are read as tables.
    tab_to(page, ".landlord-board-column .jupyter-widget-Collapse-header")
    assert page.evaluate("() => document.activeElement.getAttribute('aria-expanded')") == "false"
    page.keyboard.press("Enter")
    page.locator("section.landlord-board-text table").first.wait_for(timeout=15_000)
    # The page script marks the header open on the next frame after the change (a loaded
    # machine may draw the table first): the header keeps the focus and is marked open.
    page.wait_for_function(
        "() => document.activeElement.getAttribute('aria-expanded') === 'true'", timeout=5_000
    )
    results.append(run_axe(page))
    check(page, f"play_{rules}", results)


def test_side_by_side_page_is_accessible_and_steps_from_the_keyboard(small_page, voila_url):
    page = small_page
    open_page(page, voila_url, "landlord_vs_prosperity.ipynb")
    page.locator(".landlord-board-right svg").wait_for()
    results = [run_axe(page)]
    before = page.locator(".landlord-board-right").inner_html()
    tab_to(page, "button.landlord-step")
    page.keyboard.press("Enter")
    page.wait_for_function(
        "(before) => document.querySelector('.landlord-board-right').innerHTML !== before",
        arg=before,
        timeout=15_000,
    )
    results.append(run_axe(page))
    check(page, "landlord_vs_prosperity", results)


def test_experiments_page_is_accessible_and_runs_from_the_keyboard(small_page, voila_url):
    page = small_page
    open_page(page, voila_url, "experiments.ipynb")
    page.locator("img.landlord-chart-claim").wait_for(timeout=30_000)
    results = [run_axe(page)]
    games = page.locator(".landlord-games input")
    games.fill("20")
    games.press("Tab")
    page.wait_for_timeout(300)
    tab_to(page, "button.landlord-run")
    page.keyboard.press("Enter")
    page.locator(".landlord-summary table").first.wait_for(timeout=60_000)
    page.wait_for_function(
        "() => [...document.querySelectorAll('.landlord-results img')]"
        ".filter(img => img.naturalWidth > 0).length >= 3",
        timeout=30_000,
    )
    results.append(run_axe(page))
    check(page, "experiments", results)


def test_claim_page_is_accessible_and_its_measure_is_chosen_from_the_keyboard(
    small_page, voila_url
):
    page = small_page
    open_page(page, voila_url, "claim.ipynb")
    chart = page.locator("img.landlord-chart-claim")
    chart.wait_for(timeout=30_000)
    results = [run_axe(page)]
    before = chart.get_attribute("src")
    tab_to(page, ".landlord-claim-measure select")
    page.keyboard.press("ArrowDown")
    page.wait_for_function(
        "(before) => document.querySelector('img.landlord-chart-claim').src !== before",
        arg=before,
        timeout=15_000,
    )
    # The folded sentences open from the keyboard too.
    tab_to(page, ".landlord-claim-sentences summary")
    page.keyboard.press("Enter")
    assert (
        page.locator(".landlord-claim-sentences details").first.get_attribute("open") is not None
    )
    results.append(run_axe(page))
    # Issue 37: the players who answer the rules (version 4) are chosen from the keyboard,
    # and their view is checked as the first was.
    tab_to(page, ".landlord-claim-players button:last-child")
    page.keyboard.press("Enter")
    page.get_by_text("Magie's claim, version 4").first.wait_for(timeout=30_000)
    page.locator("img.landlord-chart-claim").wait_for(timeout=30_000)
    results.append(run_axe(page))
    check(page, "claim", results)


def test_magies_experiment_page_is_accessible_and_the_dial_turns_from_the_keyboard(
    small_page, voila_url
):
    # Issue 34, item 5: Magie's experiment on one page, tried as a keyboard and a screen
    # reader would: the dial's steps are named buttons, the headline a live region.
    page = small_page
    open_page(page, voila_url, "magie_experiment.ipynb")
    page.locator(".landlord-headline-main").wait_for(timeout=30_000)
    assert page.locator(".landlord-headline").get_attribute("aria-live") == "polite"
    results = [run_axe(page)]
    tab_to(page, ".landlord-dial button")
    before = page.locator(".landlord-headline").inner_text()
    page.keyboard.press("Enter")  # the first step: 0%, the baseline
    page.wait_for_function(
        "(before) => document.querySelector('.landlord-headline').innerText !== before",
        arg=before,
        timeout=15_000,
    )
    assert "None of the land rent" in page.locator(".landlord-headline").inner_text()
    results.append(run_axe(page))
    check(page, "magie_experiment", results)
