"""The class server's pages as a class meets them: a small laptop, a tablet, a projector,
a screen reader and the keyboard.

axe-core (as in ``test_accessibility.py``) checks the password form, the join
form, a table's page with a question on it and the teacher's dashboard, at
1024x700, as an upright tablet with touch and at 1366x900; no page scrolls
sideways; and a student plays a move with the Tab key and Enter only. The
pages' content security policy forbids injected scripts, so these contexts
bypass it to load axe (the security tier checks the policy itself).
"""

from __future__ import annotations

import pytest
from class_server import class_server
from conftest import PageProblems
from test_accessibility import check, run_axe

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

SCREENS = {
    "laptop": {"viewport": {"width": 1024, "height": 700}},
    "tablet": {"viewport": {"width": 768, "height": 1024}, "has_touch": True, "is_mobile": True},
    "projector": {"viewport": {"width": 1366, "height": 900}},
}


def new_page(browser, screen: str, problems: list[PageProblems]):
    context = browser.new_context(bypass_csp=True, **SCREENS[screen])
    page = context.new_page()
    watch = PageProblems()
    watch.watch(page)
    problems.append(watch)
    return page


def no_sideways_scroll(page) -> None:
    width = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
    assert width <= 1, f"the page scrolls {width} px sideways"


def test_every_class_page_reads_well_on_every_screen_and_a_move_takes_the_keyboard_only(
    browser, tmp_path
):
    problems: list[PageProblems] = []
    with class_server(tmp_path) as links:
        teacher = new_page(browser, "projector", problems)
        teacher.goto(links.teacher)
        teacher.get_by_label("Tables", exact=True).fill("1")
        teacher.get_by_label("Players at each").fill("2")
        teacher.get_by_label("Seed (optional)").fill("7")
        teacher.get_by_role("button", name="Add the tables").click()
        code = teacher.locator(".card .code").first.inner_text()
        for screen in ("laptop", "tablet"):
            student = new_page(browser, screen, problems)
            student.goto(links.base)
            check(student, f"class-password-{screen}", [run_axe(student)])
            no_sideways_scroll(student)
            student.goto(links.student)
            check(student, f"class-join-{screen}", [run_axe(student)])
            no_sideways_scroll(student)
            student.get_by_label("Table code").fill(code)
            student.get_by_label("Your name").fill(f"Ann {screen}")
            student.get_by_role("button", name="Take a seat").click()
            student.wait_for_selector("body[data-seq]")
            if screen == "laptop":
                laptop = student
        laptop.get_by_role("button", name="Start the game").click()
        laptop.wait_for_function("() => Number(document.body.dataset.seq) >= 3")
        for page, screen in ((laptop, "laptop"), (student, "tablet")):
            page.wait_for_function("() => Number(document.body.dataset.seq) >= 3")
            check(page, f"class-table-{screen}", [run_axe(page)])
            no_sideways_scroll(page)
        # The board in words, for a screen reader (or anyone): the same state as tables.
        laptop.get_by_text("The board in words", exact=True).click()
        assert "Ann laptop" in laptop.locator("#words").inner_text()
        check(laptop, "class-table-words-laptop", [run_axe(laptop)])
        # The status is a live region; the question's buttons take the focus when they come.
        assert laptop.locator("#status").get_attribute("aria-live") == "polite"
        asked = laptop if laptop.locator("#actions button.act").count() else student
        seq = int(asked.get_attribute("body", "data-seq"))
        asked.locator("body").focus()
        for _ in range(40):
            asked.keyboard.press("Tab")
            if asked.evaluate("() => document.activeElement.matches('#actions button.act')"):
                break
        else:
            raise AssertionError("Tab never reached a choice")
        asked.keyboard.press("Enter")
        asked.wait_for_function(f"() => Number(document.body.dataset.seq) > {seq}")
        # The dashboard, on the projector and on the teacher's laptop.
        teacher.locator(f"#card-{code} .pictures svg").first.wait_for()
        check(teacher, "class-teacher-projector", [run_axe(teacher)])
        no_sideways_scroll(teacher)
        teacher.set_viewport_size({"width": 1024, "height": 700})
        check(teacher, "class-teacher-laptop", [run_axe(teacher)])
        no_sideways_scroll(teacher)
    errors = [error for watch in problems for error in watch.errors]
    assert not errors, errors
