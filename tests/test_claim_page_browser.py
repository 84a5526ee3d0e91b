"""The claim page as a new visitor meets it in Chromium at 1024 x 700: sizes before verdicts.

The page must say how large each effect is before it says whether the claim
holds, keep "richer together" apart from "closer together", say where a Gini is
undefined instead of printing a number, and keep the first grid shown. The
sentences on the page are checked against the shipped results, not typed here.
"""

from __future__ import annotations

import html
import re

import pytest
from conftest import wait_for_voila_page

import landlord
from landlord.claim import shipped_results

pytestmark = pytest.mark.browser

VERSION_LINE = f"landlord {landlord.__version__}"
SIZES = ("large in", "medium in", "small in", "tiny in")


@pytest.fixture
def laptop(browser):
    context = browser.new_context(viewport={"width": 1024, "height": 700})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, errors


def test_a_new_visitor_reads_the_size_of_the_effect_before_any_verdict(laptop, voila_url):
    page = laptop
    page.goto(f"{voila_url}/voila/render/claim.ipynb")
    wait_for_voila_page(page, VERSION_LINE, timeout=120_000)
    results = shipped_results(2)
    findings = page.locator(".landlord-claim-findings")
    findings.wait_for(timeout=30_000)
    text = page.locator("body").inner_text()
    # The page's sentences are the shipped results' own.
    for line in results.findings("as_printed"):
        assert line in text, line
    # In reading order, a size comes before the first verdict table and the plot's labels.
    first_size = min(text.find(size) for size in SIZES if size in text)
    assert 0 <= first_size < text.find("The verdict on each measure")
    gini = results.findings("as_printed")[0]
    assert re.match(r"Gini of net worth: large in \d+", gini)
    # On a small laptop the summary of what the grid found starts within the first two
    # screens, above the verdict table.
    box = findings.bounding_box()
    table = page.locator(".landlord-claim-verdicts table").bounding_box()
    assert box["y"] < table["y"]
    assert box["y"] < 2 * 700
    # Where the gap in dollars went against Magie, the page says so, by name.
    assert "Against Magie (as printed): the gap between two players in dollars grew in" in text
    assert "Richer together, or closer together?" in text
    assert "A Gini above 1? It happens when some players owe more than they own." in text
    # The random players' Gini is not a number: its row says why.
    assert "Gini undefined in " in page.locator(".landlord-claim-verdicts").inner_text()


def test_the_menus_redraw_the_plot_and_the_words_follow(laptop, voila_url):
    page = laptop
    page.goto(f"{voila_url}/voila/render/claim.ipynb")
    wait_for_voila_page(page, VERSION_LINE, timeout=120_000)
    results = shipped_results(2)
    plot = page.locator("img.landlord-chart-claim")
    plot.wait_for(timeout=30_000)
    before = plot.get_attribute("src")
    arm = next(a for a in results.grid.arms if a.id == "money_neutral")
    page.locator(".landlord-claim-arm select").select_option(label=arm.words)
    page.wait_for_function(
        "(before) => document.querySelector('img.landlord-chart-claim').src !== before",
        arg=before,
        timeout=30_000,
    )
    findings = page.locator(".landlord-claim-findings").inner_text()
    for line in results.findings("money_neutral"):
        assert line in findings
    page.locator(".landlord-claim-seats select").select_option(label="2 players")
    page.locator(".landlord-claim-moment select").select_option(label="round 100")
    page.wait_for_function(
        "() => document.querySelector('.landlord-claim-verdicts').innerText"
        ".includes('2 players; a long game')",
        timeout=30_000,
    )
    cell = results.scenario("landlords_tenants.2.long")["arms"]["money_neutral"]["measures"]
    from landlord.claim.arms import verdict_words

    words = verdict_words(cell["dollar_gap"], results.measure("dollar_gap"))
    assert words in page.locator(".landlord-claim-verdicts").inner_text()
    alt = html.unescape(plot.get_attribute("alt"))
    assert "eager landlords, 2 seats, round 100: " in alt
    # The first grid is kept, folded; it opens.
    page.get_by_text("Version 1 of the grid").click()
    page.locator("img.landlord-chart-first-claim").wait_for(timeout=30_000)
    assert page.locator(".landlord-first-claim-verdicts table tbody tr").count() == 16


def test_the_players_who_answer_the_rules_are_a_click_away_with_their_own_findings(
    laptop, voila_url
):
    # Issue 37: the grid of the tuned and search bots (version 4) beside the scripted bots'.
    page = laptop
    page.goto(f"{voila_url}/voila/render/claim.ipynb")
    wait_for_voila_page(page, VERSION_LINE, timeout=120_000)
    players = page.locator(".landlord-claim-players")
    players.get_by_role("button", name="players who answer the rules (version 4)").click()
    fourth = shipped_results(4)
    page.get_by_text(fourth.grid.title).wait_for(timeout=30_000)
    text = page.locator("body").inner_text()
    for line in fourth.findings("as_printed"):
        assert line in text, line
    # One view's menus at a time: the scripted bots' view left the page, its folded first
    # grid with it, and the verdict table is the fourth grid's.
    assert page.locator(".landlord-claim-arm").count() == 1
    assert page.locator(".landlord-claim-first-grid").count() == 0
    verdicts = page.locator(".landlord-claim-verdicts").inner_text()
    assert "a search bot and three tuned bots" in verdicts
    assert "four random players" not in verdicts  # a row of the scripted bots' grid
    # And back: the scripted bots' view as it was.
    players.get_by_role("button", name="scripted bots (version 2)").click()
    page.locator(".landlord-claim-first-grid").wait_for(timeout=30_000)
    assert shipped_results(2).findings("as_printed")[0] in page.locator("body").inner_text()
