"""The lessons: every one is built (so its code runs), and the site is what a teacher opens.

``make lessons`` runs ``lessons/build.py``; here the same build writes the site
into a temporary folder, once, and the tests read what it wrote: an index
linking every lesson, a teacher's page with every section and no error, a
printable worksheet without the answer key or the code, and the notebook.
A malformed lesson file is refused naming the file and what is wrong.
"""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LESSONS = ROOT / "lessons"

_spec = importlib.util.spec_from_file_location("lesson_build", LESSONS / "build.py")
build = importlib.util.module_from_spec(_spec)
sys.modules["lesson_build"] = build  # its dataclasses look their module up there
_spec.loader.exec_module(build)

#: The lessons the issue asks for, by number.
NUMBERS = [f"{n:02d}" for n in range(1, 8)]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    out = tmp_path_factory.mktemp("site")
    lessons = build.build(out)
    return out, lessons


def test_there_are_seven_lessons_each_in_its_place():
    files = build.lesson_files()
    assert [path.name[:2] for path in files] == NUMBERS
    for path in files:
        lesson = build.read_lesson(path)
        assert 45 <= lesson.minutes <= 60, path.name
        assert lesson.apps, path.name


@pytest.mark.notebook
def test_every_lesson_builds_and_the_index_links_each_page(site):
    out, lessons = site
    index = (out / "index.html").read_text()
    assert len(lessons) == 7
    for lesson in lessons:
        for name in (f"{lesson.stem}.html", f"{lesson.stem}_worksheet.html"):
            assert f'href="{name}"' in index
            assert (out / name).stat().st_size > 10_000
        assert (out / f"{lesson.stem}.ipynb").exists()
    assert "independent of Hasbro" in index


@pytest.mark.notebook
def test_a_teachers_page_has_every_section_the_figures_and_no_error(site):
    out, lessons = site
    for lesson in lessons:
        page = (out / f"{lesson.stem}.html").read_text()
        for section in build.SECTIONS:
            assert f">{section}<" in page, (lesson.stem, section)
        assert "Traceback" not in page, lesson.stem
        notebook = json.loads((out / f"{lesson.stem}.ipynb").read_text())
        outputs = [o for c in notebook["cells"] if c["cell_type"] == "code" for o in c["outputs"]]
        assert outputs, lesson.stem
        assert not [o for o in outputs if o["output_type"] == "error"], lesson.stem
        assert "mybinder.org" in page


@pytest.mark.notebook
def test_a_worksheet_asks_the_questions_without_the_answers_or_the_code(site):
    out, lessons = site
    for lesson in lessons:
        sheet = (out / f"{lesson.stem}_worksheet.html").read_text()
        assert "Answer key" not in sheet, lesson.stem
        assert "Background for the teacher" not in sheet, lesson.stem
        assert "Student activity" in sheet
        assert "<strong>Q1.</strong>" in sheet, lesson.stem
        assert 'class="answer"' in sheet
        assert "hl-ipython3" not in sheet, lesson.stem  # code hidden, output kept
        assert "@media print" in sheet


def test_every_seed_in_the_lessons_is_fixed():
    for path in build.lesson_files():
        for cell in build.read_lesson(path).cells:
            if cell["kind"] == "code":
                assert "seed=None" not in cell["source"], path.name
                assert "default_rng()" not in cell["source"], path.name


LESSON = """---
kernelspec:
  display_name: Python 3
  language: python
  name: python3
landlord:
  number: 1
  title: A sample
  minutes: 45
  level: anyone
  apps: [play]
---
# Lesson 1: A sample

## Overview
One game.
## Learning objectives
- Read.
## Prerequisites
None.
## Timing
10 minutes.
## Background for the teacher
Magie.
## Student activity

```{code-cell} ipython3
print(1 + 1)
```

**Q1.** What is printed?
## Discussion prompts
- Why?
## Answer key
**Q1.** 2.
## History and reconstruction
None.
## Sources
- None.
"""


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda t: t.replace("landlord:\n", "lesson:\n"), "a 'landlord:' table"),
        (lambda t: t.replace("minutes: 45", "minutes: many"), "'landlord.minutes'"),
        (lambda t: t.replace("[play]", "[chess]"), "'landlord.apps'"),
        (lambda t: t.replace("## Sources\n- None.\n", ""), "section 'Sources' is missing"),
        (lambda t: t.replace("## Answer key\n**Q1.** 2.", "## Answer key\nLater."), "to Q1"),
        (lambda t: t.replace("## Timing", "## Timetable"), "section 'Timetable'"),
        (lambda t: t.replace("print(1 + 1)\n```", "print(1 + 1)"), "never closed"),
        (lambda t: t.replace("# Lesson 1: A sample", "# A sample"), "'# Lesson 1: ...'"),
    ],
    ids=[
        "no header",
        "minutes",
        "app",
        "missing section",
        "no answer",
        "unknown",
        "fence",
        "title",
    ],
)
def test_a_malformed_lesson_is_refused_naming_the_file_and_the_fault(tmp_path, change, message):
    path = tmp_path / "01_sample.md"
    path.write_text(change(LESSON), encoding="utf-8")
    with pytest.raises(build.LessonError) as error:
        build.read_lesson(path)
    assert str(error.value).startswith("01_sample.md: ")
    assert message in str(error.value)


def test_the_command_refuses_a_bad_argument_with_its_usage(capsys):
    with pytest.raises(SystemExit) as exit_:
        build.main(["--only", "one"])
    assert exit_.value.code == 2
    assert "usage:" in capsys.readouterr().err


def test_a_sample_lesson_builds_a_page_a_worksheet_and_an_index(tmp_path):
    (tmp_path / "01_sample.md").write_text(LESSON, encoding="utf-8")
    out = tmp_path / "site"
    build.build(out, folder=tmp_path)
    sheet = (out / "01_sample_worksheet.html").read_text()
    page = (out / "01_sample.html").read_text()
    assert "hl-ipython3" in page  # the code, on the teacher's page only
    assert "hl-ipython3" not in sheet
    assert re.search(r"<pre>\s*2\s*</pre>", sheet)  # the output is kept
    assert "Answer key" in page
    assert "Answer key" not in sheet
    assert 'href="01_sample.html"' in (out / "index.html").read_text()
