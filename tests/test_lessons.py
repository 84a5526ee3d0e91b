"""The lessons: every one is built (so its code runs), and the site is what a teacher opens.

``make lessons`` runs ``lessons/build.py``; here the same build writes the site
into a temporary folder, once, and the tests read what it wrote: an index
linking every lesson, a teacher's page with every section and no error, a
projector view, a student sheet and a teacher's worksheet without the answer
key or the code, every chart described, every app opening set up for its
activity in the Voila the build was pointed at, and the notebook. A malformed
lesson file is refused naming the file and what is wrong. Lesson 2's vote
activity is played here as the lesson describes it, and the welcome page must
list the lessons. (``test_worksheets.py`` prints the student sheets;
``test_lesson_pages.py`` checks the same hand-off on a small lesson, in a
browser too.)
"""

from __future__ import annotations

import html
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
NUMBERS = [f"{n:02d}" for n in range(1, 9)]
#: Where the site's "in Voila" links must open the apps: not make run's default port.
APPS_URL = "http://192.168.4.20:8899/voila/render/"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    out = tmp_path_factory.mktemp("site")
    lessons = build.build(out, apps_url=APPS_URL)
    return out, lessons


def test_there_are_eight_lessons_each_in_its_place():
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
    assert len(lessons) == 8
    for lesson in lessons:
        pages = {  # the least a page holds, in bytes: the sheet has no figures
            f"{lesson.stem}.html": 10_000,
            f"{lesson.stem}_projector.html": 10_000,
            f"{lesson.stem}_student.html": 4_000,
            f"{lesson.stem}_worksheet.html": 10_000,
        }
        for name, least in pages.items():
            assert f'href="{name}"' in index
            assert (out / name).stat().st_size > least, name
        assert (out / f"{lesson.stem}.ipynb").exists()
    assert "independent of Hasbro" in index


@pytest.mark.notebook
def test_a_teachers_page_has_every_section_the_figures_and_no_error(site):
    out, lessons = site
    for lesson in lessons:
        page = (out / f"{lesson.stem}.html").read_text()
        for section in build.SECTIONS:
            if section == build.student_sheet.SECTION:
                continue  # its own page, linked from this one
            assert f">{section}<" in page, (lesson.stem, section)
        assert f'href="{lesson.stem}_student.html">student sheet</a> asks Q1' in page
        assert f'open the <a href="{lesson.stem}_projector.html">projector view</a>' in page
        for link in (build.PROJECTOR_VIEW, build.STUDENT_SHEET, build.TEACHER_WORKSHEET):
            assert html.escape(link) in page, (lesson.stem, link)
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
        assert "<span>Name:</span>" in sheet, lesson.stem
        student = (out / f"{lesson.stem}_student.html").read_text()
        assert "Answer key" not in student, lesson.stem
        assert "<code>" not in student, lesson.stem
        assert '<p class="question" id="q1">' in student, lesson.stem


def _pages(out, lessons, *ends):
    for lesson in lessons:
        for end in ends:
            yield f"{lesson.stem}{end}.html", (out / f"{lesson.stem}{end}.html").read_text()


@pytest.mark.notebook
def test_every_chart_on_the_lesson_pages_is_described_from_its_figure(site):
    out, lessons = site
    for name, page in _pages(out, lessons, "", "_projector", "_worksheet"):
        assert "No description has been provided" not in page, name
        for tag in re.findall(r"<img\b[^>]*>", page):
            alt = html.unescape(re.search(r'\balt="([^"]*)"', tag).group(1))
            # What it is, what it is about, and the axes or the figures written on it.
            assert re.match(r"(Line chart|Bar chart|Chart|Diagram): \S", alt), (name, alt)
            assert "Across: " in alt or "On the chart: " in alt, (name, alt)
        for svg in re.findall(r"<svg\b[^>]*role=\"img\"[^>]*>", page):
            assert re.search(r'aria-label="[^"]{20,}"', svg), (name, svg[:80])
    teacher = dict(_pages(out, lessons, ""))
    charts = sum(page.count("<img") for page in teacher.values())
    assert charts >= 26  # every lesson chart, each on three pages
    # Lesson 1's bars at the end of the class game: each player's holdings, in words.
    alts = html.unescape(teacher["01_who_owns_the_board.html"])
    assert re.search(r'alt="Bar chart: [^"]*Ann: cash \$183, land \$550[^"]*\$1,133', alts)


@pytest.mark.notebook
def test_the_projector_view_of_lesson_3_leaves_out_the_check_of_q1(site):
    out, _ = site
    teacher = (out / "03_measuring_inequality.html").read_text()
    projected = (out / "03_measuring_inequality_projector.html").read_text()
    assert "Check Q1" in teacher
    assert "Check Q1" not in projected
    assert "Only then check them" in projected  # the question itself stays
    assert '<p class="question" id="q1">' in projected
    text = (LESSONS / "03_measuring_inequality.md").read_text()
    assert "this page's **projector view**" in text  # the lesson says to project that view
    for name, page in _pages(out, site[1], "_projector"):
        assert "Answer key" not in page, name
        assert "hl-ipython3" not in page, name
        assert "Background for the teacher" not in page, name


@pytest.mark.notebook
def test_every_app_link_opens_the_voila_the_site_was_built_for(site):
    out, lessons = site
    for name, page in _pages(out, lessons, "", "_projector", "_worksheet"):
        assert "127.0.0.1:8866" not in page, name
        links = re.findall(r'class="voila" data-app="[^"]*" href="([^"]*)"', page)
        assert links, name
        assert all(link.startswith(APPS_URL) for link in links), name


def test_lesson_1_opens_the_play_app_set_up_for_its_pair_game_and_its_class_game():
    from landlord.widgets.link import setup_query

    apps = build.read_lesson(LESSONS / "01_who_owns_the_board.md").apps
    pages = {app.purpose: app.page for app in apps}
    assert pages["Part 1: the pair game"] == "play.ipynb" + setup_query(
        rules="landlords_game", seats=["human", "human", "eager_landlord", "cautious_tenant"]
    )
    class_game = pages["Part 2: the class game, to replay round by round"]
    assert class_game == "play.ipynb" + setup_query(
        rules="landlords_game",
        seats=["eager_landlord", "cautious_tenant", "eager_landlord", "cautious_tenant"],
        names=["Ann", "Bob", "Cleo", "Dan"],
        seed=2,
    )


def test_every_lesson_that_names_a_setup_links_an_app_set_up_for_it():
    """A lesson whose activity tells the class which seed or seats to choose gives a link
    that chooses them; every lesson has at least one such link."""
    for path in build.lesson_files():
        lesson = build.read_lesson(path)
        set_up = [app for app in lesson.apps if app.setup]
        assert set_up, path.name
        assert all(app.purpose for app in set_up), path.name


def test_the_student_sheet_modules_examples_run():
    import doctest

    result = doctest.testmod(build.student_sheet)
    assert result.attempted
    assert not result.failed


def test_every_student_sheet_asks_the_activitys_questions_or_says_which_it_leaves_out():
    for path in build.lesson_files():
        lesson = build.read_lesson(path)
        asked = build._questions(lesson, "Student activity")
        sheet = lesson.sheet
        assert sheet.questions | sheet.leaves_out.keys() == asked, path.name
        assert all(sheet.leaves_out.values()), path.name  # each with its reason


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
## Student sheet
**Q1.** What is printed?

{lines} 2
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
        (lambda t: t.replace("**Q1.** What is printed?\n\n{lines}", "{lines}"), "no Q1"),
        (lambda t: t.replace("{lines} 2", "{lines} 2\n{leaves-out} Q1: later"), "leaves it out"),
        (
            lambda t: t.replace("{lines} 2", "{lines} 2\n\n**Q2.** Why?\n\n{lines} 3"),
            "Q2 is not a question",
        ),
        (lambda t: t.replace("{lines} 2", "{ruler} 2"), "line 43: {ruler} is not a directive"),
        (lambda t: t.replace("{lines} 2", "{lines} many"), "line 43: {lines} expects a number"),
        (lambda t: t.replace("{lines} 2", "Type `print(2)`."), "line 43: no code on a student"),
        (lambda t: t.replace("## Student sheet\n", ""), "section 'Student sheet' is missing"),
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
        "sheet skips a question",
        "sheet asks and leaves out",
        "sheet asks another",
        "sheet directive",
        "sheet lines",
        "sheet code",
        "no sheet",
    ],
)
def test_a_malformed_lesson_is_refused_naming_the_file_and_the_fault(tmp_path, change, message):
    assert message in refusal(tmp_path, change(LESSON))


def refusal(folder, text: str) -> str:
    """Why the build refuses a lesson file holding ``text``; it must name the file first."""
    path = folder / "01_sample.md"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(build.LessonError) as error:
        build.read_lesson(path)
    assert str(error.value).startswith("01_sample.md: ")
    return str(error.value)


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
    student = (out / "01_sample_student.html").read_text()
    assert "What is printed?" in student
    assert "Answer key" not in student
    assert student.count('class="line"') == 2
    main = student.split("<main>")[1]
    assert "Q1." in main
    assert "2." not in main  # the question, not the answer


# --- Lesson 2's vote activity (Part 5), played as the lesson tells a pair to ---------------

#: The seats the lesson gives: students in Seats 1 and 3, bots that never call the vote.
VOTE_SEATS = ["human", "eager_landlord", "human", "cautious_tenant"]
VOTE_NAMES = ["Ann", "Bob", "Cleo", "Dan"]


def _play_the_vote(calls, accepts, rounds=12):
    """Play ``landlords_game_vote`` on seed 2 as the lesson's pair would.

    The students call the vote at the (round, name) in ``calls``, accept it
    at the (round, name) in ``accepts`` and refuse otherwise; at every other
    choice they take the first one offered that is not a call. Returns the
    table and the vote questions put to the students, as (round, name).
    """
    from landlord.table import GameTable

    table = GameTable("landlords_game_vote", VOTE_SEATS, seed=2, names=VOTE_NAMES)
    asked, called = [], set()
    while not table.is_over and table.game.round <= rounds:
        seat = table.waiting_for
        if seat is None:
            table.play_turn()
            continue
        name, choices, now = table.names[seat], table.choices(), table.game.round
        if table.question().endswith("vote for the single tax?"):
            asked.append((now, name))
            table.choose(choices.index("accept" if (now, name) in accepts else "refuse"))
        elif "call a vote for the single tax" in choices and (now, name) in calls - called:
            called.add((now, name))
            table.choose(choices.index("call a vote for the single tax"))
        else:
            table.choose(next(i for i, c in enumerate(choices) if not c.startswith("call a vote")))
    return table, asked


def test_lesson_2s_vote_asks_a_student_only_when_the_other_calls_it():
    """The activity the lesson describes: no questions unless a student calls; a call asks
    the other student once, after a bot's refusal; the other's yes carries it."""
    table, asked = _play_the_vote(calls=set(), accepts=set())
    assert asked == []
    assert not table.game.treasury.single_tax
    table, asked = _play_the_vote(calls={(6, "Ann"), (7, "Cleo")}, accepts={(7, "Ann")})
    assert asked == [(6, "Cleo"), (7, "Ann")]
    assert table.game.treasury.single_tax_since == 7
    log = [line for line, r in zip(table.log, table.log_rounds, strict=True) if r in (6, 7)]
    answers = [line for line in log if line.endswith((": accept", ": refuse"))]
    assert answers == [
        "Bob: refuse",
        "Cleo: refuse",
        "Dan: refuse",
        "Dan: refuse",
        "Ann: accept",
    ]
    text = (LESSONS / "02_the_single_tax.md").read_text()
    assert "no vote question when neither called, and 2 when Ann" in text


# --- The welcome page lists the lessons ----------------------------------------------------


def test_the_welcome_page_says_how_to_build_the_lessons_and_links_no_lesson_title_elsewhere():
    """The welcome page's lesson titles link the built pages (test_lesson_pages.py runs its
    list), not the Markdown files; it says how to build them; the files stay reachable."""
    notebook = json.loads((ROOT / "notebooks" / "welcome.ipynb").read_text())
    text = "\n".join("".join(cell["source"]) for cell in notebook["cells"])
    assert "make lessons" in text
    assert "lessons/_site/index.html" in text
    assert "--sheets-only" in text
    for path in build.lesson_files():
        lesson = build.read_lesson(path)
        assert f"[{lesson.title}](" not in text, path.name  # a title is not a link to a file
        assert f"lessons/{path.name})" in text  # the file itself, as a source


def test_every_app_a_lesson_opens_set_up_reads_its_whole_setup_from_the_link():
    # A lesson's "apps" may open an app already set up for an activity: each such link
    # must be read whole by the app, nothing left out, and make a game.
    from landlord.widgets.dashboard import ExperimentsApp
    from landlord.widgets.play import PlayApp
    from landlord.widgets.side_by_side import SideBySideApp

    apps = {"play": PlayApp, "side_by_side": SideBySideApp, "experiments": ExperimentsApp}
    links = 0
    for path in build.lesson_files():
        for app in build.read_lesson(path).apps:
            if not app.setup:
                continue
            links += 1
            opened = apps[app.name].from_page(app.query)
            assert "left out" not in opened.status.value, (path.name, app.page)
    assert links >= 10
