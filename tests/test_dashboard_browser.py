"""The experiments app's "Run your own" in a real browser at 1024x700: the reading says the
size of a difference before its interval, says why a small run cannot tell what many pairs
can and offers the run that would, and the summary reads the measures at a common round.

Voila serves the notebooks (the ``voila_url`` fixture) and headless Chromium opens the
experiments app the size of a small laptop's window; the page fails the test on any
console error. A screenshot of each state goes to ``test-output/screenshots/``.
"""

from __future__ import annotations

import re

import pytest
from conftest import ROOT, PageProblems, wait_for_voila_page

import landlord

pytestmark = pytest.mark.browser

VIEWPORT = {"width": 1024, "height": 700}
VERSION_LINE = f"landlord {landlord.__version__}"
SCREENSHOTS = ROOT / "test-output" / "screenshots"
#: Generous waits: a first kernel, and a run of 400 games, on a busy machine.
OPEN_MS = 180_000
RUN_MS = 240_000


@pytest.fixture
def laptop_page(browser):
    """A page the size of a small laptop's window; after the test, asserts no errors."""
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    problems = PageProblems()
    problems.watch(page)
    yield page
    problems.leave(page)
    context.close()
    assert not problems.errors, "the page reported errors:\n" + "\n".join(problems.errors)


def screenshot(page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


def overflowing(page, selector: str) -> list[str]:
    """The elements under ``selector`` whose right edge lies beyond the window's."""
    return page.evaluate(
        """(selector) => [...document.querySelectorAll(selector + ' *')]
            .filter(e => e.getBoundingClientRect().right > window.innerWidth + 1
                         && !e.closest('[role=region][tabindex="0"]'))
            .map(e => e.tagName + ': ' + (e.textContent || '').slice(0, 60))""",
        selector,
    )


@pytest.mark.timeout(900)
def test_run_your_own_says_the_size_first_why_and_at_a_common_round(laptop_page, voila_url):
    page = laptop_page
    page.goto(f"{voila_url}/voila/render/experiments.ipynb")
    wait_for_voila_page(page, VERSION_LINE, timeout=OPEN_MS)
    assert page.locator(".landlord-games input").input_value() == "200"
    page.locator("button.landlord-run").click()
    reading = page.locator(".landlord-reading")
    reading.locator("p").first.wait_for(timeout=RUN_MS)
    page.locator(".landlord-summary table").first.wait_for(timeout=RUN_MS)
    lines = [line for line in reading.inner_text().splitlines() if line.strip()]
    first = lines[0]
    assert first.startswith("Under The Landlord's Game under the Single Tax the final Gini")
    size = re.search(r"\b(tiny|small|medium|large)\b", first)
    assert size, first
    assert size.start() < first.index("interval")
    assert "of the 200 pairs" in first[: size.start()]
    # The case: 200 pairs cannot tell this difference from 0, and the reading
    # says why, how many pairs would, and what the claim's grid played.
    assert first.endswith("which these games cannot tell from 0.")
    why = next(line for line in lines if line.startswith("Why 200 pairs cannot tell"))
    assert "square root of the number of pairs" in why
    assert re.search(r"needs about [\d,]+ pairs to be told from 0", why)
    assert "the claim's grid played 1,500 pairs per scenario" in why
    # The run that would, as far as the app allows.
    more = page.locator("button.landlord-run-more")
    assert more.is_visible()
    assert re.fullmatch(r"Play [\d,]+ pairs", more.inner_text().strip())
    assert "games of each rule set" in page.locator(".landlord-run-more-note").inner_text()
    # Nothing is cut off at the window's edge (the summary table may scroll in its region).
    assert overflowing(page, ".landlord-results") == []
    region = page.locator(".landlord-summary [role=region]")
    assert region.get_attribute("tabindex") == "0"
    screenshot(page, "experiments_sizes_1024")

    # Again, also compared at round 25.
    page.locator(".landlord-at-round select").select_option(label="round 25")
    page.wait_for_timeout(500)
    page.locator("button.landlord-run").click()
    summary = page.locator(".landlord-summary")
    summary.get_by_text("At the end of round 25", exact=True).wait_for(timeout=RUN_MS)
    text = summary.inner_text()
    assert "games over before round 25" in text
    assert text.index("At each game's end") < text.index("At the end of round 25")
    page.wait_for_function(
        "() => document.querySelector('.landlord-reading').innerText"
        ".includes('At the end of round 25, ')",
        timeout=RUN_MS,
    )
    said = reading.inner_text()
    assert "then at the end of round 25, a common round for every rule set" in said
    assert overflowing(page, ".landlord-results") == []
    screenshot(page, "experiments_sizes_round25_1024")
