"""Magie's experiment on one page in Chromium (issue 34, item 5): at 1024 x 700 the dial and
the headline are in view as the page opens, the pairs play by themselves, a tap on a step
of the dial answers at once from the shipped results, and finished pairs are counted.
"""

from __future__ import annotations

import time

import pytest
from conftest import wait_for_voila_page
from test_class_apps import visible_in_viewport
from test_voila_apps import VERSION_LINE, record, screenshot

pytestmark = pytest.mark.browser


def test_the_dial_answers_at_once_and_the_pairs_play_live(browser, voila_url):
    context = browser.new_context(viewport={"width": 1024, "height": 700}, has_touch=True)
    page = context.new_page()  # a tablet: taps, no hover
    start = time.perf_counter()
    page.goto(f"{voila_url}/voila/render/magie_experiment.ipynb")
    wait_for_voila_page(page, VERSION_LINE, timeout=120_000)
    page.locator(".landlord-headline-main").wait_for(timeout=30_000)
    first_render = time.perf_counter() - start
    for part in (".landlord-dial", ".landlord-headline-main"):
        shown = visible_in_viewport(page, part)
        assert shown["inside"] == shown["all"] == 1, (part, shown)
    assert "All of the land rent" in page.locator(".landlord-headline").inner_text()
    # The boards play by themselves: a pair's round moves on without a click.
    label = page.locator(".landlord-pair svg").first.get_attribute("aria-label")
    page.wait_for_function(
        "(label) => document.querySelector('.landlord-pair svg').getAttribute('aria-label')"
        " !== label",
        arg=label,
        timeout=15_000,
    )
    screenshot(page, "magie_experiment_laptop")
    # A tap on 50%: the headline at once (from the shipped results), then new pairs.
    tapped = time.perf_counter()
    page.get_by_role("button", name="50%").tap()
    page.get_by_text("Half of the land rent to the Public Treasury").wait_for(timeout=10_000)
    answered = time.perf_counter() - tapped
    assert answered < 5
    page.locator(".landlord-pair-side", has_text="50% to the Treasury").first.wait_for()
    page.locator(".landlord-speed select, .widget-dropdown select").first.select_option(
        label="fast: 0.1 s"
    )
    page.get_by_text("pairs so far").wait_for(timeout=60_000)
    screenshot(page, "magie_experiment_counted")
    record("magie_experiment", first_render_seconds=first_render, dial_to_headline=answered)
    context.close()
