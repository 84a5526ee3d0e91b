"""The student sheets as a class gets them: printed on A4 by Chromium, read back from the PDF.

Each lesson's sheet (``NN_slug_student.html``, written by ``lessons/build.py``
from the lesson's ``Student sheet`` section; nothing runs, so this is quick) is
printed with headless Chromium through Playwright's ``page.pdf``, the way a
teacher's browser prints it, and the PDF is read back with pypdf. Every sheet
must fit on four A4 pages, start with lines for name, class and date, ask its
questions, and give none of the answers the teacher's answer key gives, nor
show code, column names or "NaN". The PDFs are kept in
``test-output/student_sheets/`` to look at.
"""

from __future__ import annotations

import importlib.util
import io
import re
import sys
import unicodedata
from dataclasses import dataclass

import pytest
from conftest import ROOT, PageProblems

pytestmark = pytest.mark.browser

OUTPUT = ROOT / "test-output" / "student_sheets"


def _lesson_build():
    """``lessons/build.py`` as a module (``test_lessons.py`` loads it the same way)."""
    if "lesson_build" not in sys.modules:
        spec = importlib.util.spec_from_file_location("lesson_build", ROOT / "lessons/build.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules["lesson_build"] = module  # its dataclasses look their module up there
        spec.loader.exec_module(module)
    return sys.modules["lesson_build"]


build = _lesson_build()

#: Answers each lesson's answer key gives (the teacher's page), which no sheet may print.
ANSWERS: dict[int, list[str]] = {
    1: ["1,133", "2.1", "0.390", "39%", "78%", "0.571", "0.734", "0.568", "15,659", "2.381"],
    2: ["0.111", "1,193", "0.081", "0.034", "0.155", "445", "0.201", "-0.063", "647.8", "0.549",
        "686.20", "1,314"],
    # Lesson 3: the audit's list: Q1's 0.15 (and its area), the 1 - 1/n table before Q2,
    # Q3's ratio, the values Q5 asks to explain; and Q6-Q8's figures. (Not 0.9 of the 1 - 1/n
    # table: the blank axes number their grid 0, 0.1, ..., 0.9, 1.)
    3: ["0.15", "0.425", "0.667", "0.99", "0.999", "4/3", "1.333", "1.5", "nan", "0.088",
        "8.8%", "25.6%", "0.557", "0.273", "12,265"],
    4: ["36.5%", "2,345", "0.200", "0.273", "73.9%", "850", "8,811", "0.152", "190"],
    5: ["0.088", "0.178", "28.5%", "0.1521", "0.1421", "0.466", "0.111", "0.0202", "0.241", "594"],
    6: ["31 years", "0.744", "0.989", "75.5", "6,030", "7,080", "0.273", "12,265"],
    7: ["6.22%", "11.53%", "3.19%", "9.55%", "1.95", "25.9", "13.89%", "14.75%", "9.4"],
}  # fmt: skip

#: 11 points in CSS pixels: the smallest text a sheet may print (tick labels on axes apart).
SMALLEST_PX = 11 * 96 / 72


@dataclass
class Printed:
    lesson: object
    pages: int
    text: str  # every page's text, ligatures undone, whitespace made single spaces
    first_page: str
    smallest_px: float
    drawn_axes: int
    questions_without_room: list[str]


def _plain(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).split())


@pytest.fixture(scope="module")
def printed(browser, tmp_path_factory) -> dict[int, Printed]:
    """Every student sheet, built (no kernel) and printed to an A4 PDF once."""
    from pypdf import PdfReader

    out = tmp_path_factory.mktemp("sheets")
    lessons = build.build_sheets(out)
    OUTPUT.mkdir(parents=True, exist_ok=True)
    context = browser.new_context()
    page = context.new_page()
    problems = PageProblems()
    problems.watch(page)
    sheets = {}
    for lesson in lessons:
        page.goto((out / f"{lesson.stem}_student.html").as_uri())
        page.emulate_media(media="print")
        measured = page.evaluate(
            """() => ({
                smallest: Math.min(...[...document.querySelectorAll('main p, main li, main td,'
                    + ' main th, header')].map(e => parseFloat(getComputedStyle(e).fontSize))),
                axes: document.querySelectorAll('main .axes svg').length,
                bare: [...document.querySelectorAll('main div.q')].filter(q =>
                    !q.querySelector('.write, .box, .axes, td:empty'))
                    .map(q => q.textContent.slice(0, 40)),
            })"""
        )
        pdf = page.pdf(format="A4", prefer_css_page_size=True)
        (OUTPUT / f"{lesson.stem}_student.pdf").write_bytes(pdf)
        reader = PdfReader(io.BytesIO(pdf))
        texts = [_plain(p.extract_text()) for p in reader.pages]
        sheets[lesson.number] = Printed(
            lesson,
            len(reader.pages),
            " ".join(texts),
            texts[0],
            measured["smallest"],
            measured["axes"],
            measured["bare"],
        )
    context.close()
    assert not problems.errors, "\n".join(problems.errors)
    return sheets


NUMBERS = range(1, 8)


@pytest.mark.parametrize("number", NUMBERS)
def test_a_student_sheet_prints_on_at_most_four_a4_pages(printed, number):
    # Room to write for every part of every question (issue 34) takes 2 to 4 pages.
    sheet = printed[number]
    assert 1 <= sheet.pages <= 4, f"{sheet.lesson.stem}: {sheet.pages} A4 pages"


@pytest.mark.parametrize("number", NUMBERS)
def test_a_student_sheet_starts_with_name_class_and_date_and_readable_type(printed, number):
    sheet = printed[number]
    start = sheet.first_page[:300]
    assert f"Lesson {number}: {sheet.lesson.title}" in start
    for field in ("Name:", "Class:", "Date:"):
        assert field in start, (sheet.lesson.stem, field)
    assert sheet.smallest_px >= SMALLEST_PX - 0.01, sheet.lesson.stem


@pytest.mark.parametrize("number", NUMBERS)
def test_a_student_sheet_asks_its_questions_with_room_to_answer(printed, number):
    sheet = printed[number]
    asked = {int(n) for n in re.findall(r"\bQ(\d+)\.", sheet.text)}
    assert asked == sheet.lesson.sheet.questions, sheet.lesson.stem
    assert not sheet.questions_without_room, sheet.lesson.stem
    if re.search(r"\b[Dd]raw\b", sheet.text):
        assert sheet.drawn_axes, f"{sheet.lesson.stem} asks to draw: it needs blank axes"


@pytest.mark.parametrize("number", NUMBERS)
def test_a_student_sheet_gives_no_answer_from_the_answer_key(printed, number):
    sheet = printed[number]
    found = [
        value
        for value in ANSWERS[number]
        if re.search(rf"(?<![\w.,]){re.escape(value)}(?![\w]|[.,]\d)", sheet.text, re.I)
    ]
    assert not found, f"{sheet.lesson.stem} prints answers: {found}"


@pytest.mark.parametrize("number", NUMBERS)
def test_a_student_sheet_shows_no_code_column_names_or_nan(printed, number):
    text = printed[number].text
    assert not re.findall(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b", text)  # snake_case names
    assert not re.search(r"\bNaN\b|\bimport\b|\blandlord\.\w|dtype|Unnamed", text)
    for markup in ("```", "{lines}", "{box}", "{axes}", "{leaves-out}"):
        assert markup not in text


def test_lesson_3s_sheet_has_blank_axes_and_an_empty_table_for_the_lorenz_curve(printed):
    sheet = printed[3]
    assert sheet.drawn_axes == 1
    for label in ("share of the players", "share of the wealth", "running total"):
        assert label in sheet.text
