"""The lesson pages a teacher hands over to a class: projected, linked, described, written on.

A small lesson with one chart, one check of a question worked by hand and one
app set up for its activity is built (seconds: one kernel), and the tests read
what a teacher and a class get: a projector view in large type with the
question and the app but no answer and no check; app links made by the kit's
own ``setup_query`` and opening the apps where the teacher's Voila is (a build
option, a field on the page, the page's own address), not a fixed port; every
chart's picture described from the figure itself, never Jupyter's "No
description has been provided for this image"; room to write for every part of
a question. The welcome page's list of lessons is read in each place it is
served from. (``test_lessons.py`` builds the eight real lessons and checks the
same things on them.)
"""

from __future__ import annotations

import html
import json
import re
import sys
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from test_lessons import LESSON, LESSONS, ROOT, build, refusal

app_links = build.app_links
student_sheet = build.student_sheet

#: Where the sample site's Voila links must open the apps (not make run's default port).
APPS_URL = "http://10.1.2.3:8899/voila/render/"

#: A lesson with a chart, a check of a question worked by hand and an app set up for its
#: activity (the header of ``test_lessons.LESSON``, with other apps).
SAMPLE = (
    LESSON.split("  apps:")[0]
    + """  apps:
    - app: play
      for: "Part 1: the pair game"
      setup:
        rules: landlords_game
        seats: [human, human, eager_landlord, cautious_tenant]
        seed: 2
    - experiments
---
# Lesson 1: A sample

## Overview
One chart.
## Learning objectives
- Read a Lorenz curve.
## Prerequisites
None.
## Timing
10 minutes.
## Background for the teacher
Magie.
## Student activity

Four players hold $0, $100, $300 and $600.

```{code-cell} ipython3
import landlord

landlord.plotting.lorenz_curve([0, 100, 300, 600], label="worked example")
```

**Q1.** Who is poorest? Use the curve to explain why the Gini is not 0.

```{code-cell} ipython3
:tags: [check]

print("Check Q1: the Gini is", 0.5)
```

## Discussion prompts
- Is a Gini enough?
## Answer key
**Q1.** Dan; the secret answer is half.
## History and reconstruction
None.
## Sources
- None.
## Student sheet
**Q1.** Who is poorest? Use the curve to explain why the Gini is not 0.

{lines} 5
"""
)


@pytest.fixture(scope="module")
def sample_site(tmp_path_factory):
    folder = tmp_path_factory.mktemp("lesson")
    (folder / "01_sample.md").write_text(SAMPLE, encoding="utf-8")
    out = folder / "site"
    build.build(out, folder=folder, apps_url=APPS_URL)
    return out


def _read(out: Path, name: str) -> str:
    return (out / name).read_text(encoding="utf-8")


def _images(page: str) -> list[str]:
    """The alternative text of every picture on a page ("" for a picture without)."""
    texts = []
    for tag in re.findall(r"<img\b[^>]*>", page):
        match = re.search(r'\balt="([^"]*)"', tag)
        texts.append(html.unescape(match.group(1)) if match else "")
    return texts


# --- Pictures described ----------------------------------------------------------------


@pytest.mark.notebook
def test_every_chart_on_every_page_is_described_from_the_figure(sample_site):
    for name in ("01_sample.html", "01_sample_worksheet.html", "01_sample_projector.html"):
        page = _read(sample_site, name)
        assert "No description has been provided" not in page, name
        (alt,) = _images(page)  # the one chart, described
        assert alt.startswith("Line chart: "), alt
        assert "Across: share of players, poorest first, 0% to 100%." in alt
        # The curve's own points, read from the figure: what a sighted student reads off it.
        assert "(25%, 0%), (50%, 10%), (75%, 40%), (100%, 100%)" in alt
        assert "worked example" in alt


def test_a_figure_is_described_by_its_title_axes_lines_and_bars():
    from matplotlib.figure import Figure

    figure = Figure()
    ax = figure.add_subplot()
    ax.plot(range(11), [0.1 * r for r in range(11)], label="Gini of net worth")
    ax.set(title="Gini rose to 1.00", xlabel="round", ylabel="Gini", xlim=(0, 10), ylim=(0, 1))
    figure_words = _figure_words()
    words = figure_words.describe(figure)
    assert words == (
        "Line chart: Gini rose to 1.00. Across: round, 0 to 10. Up: Gini, 0 to 1. "
        "Gini of net worth: 0 at round 0, 1 at round 10."
    )
    bars = Figure().add_subplot()
    bars.bar(["Ann", "Bob"], [120, 30], label="cash")
    bars.bar(["Ann", "Bob"], [300, 0], bottom=[120, 30], label="land")
    bars.set_yticks([0, 200, 400], ["$0", "$200", "$400"])
    bars.set_title("Net worth at the end")
    said = figure_words.describe(bars.figure)
    assert said.startswith("Bar chart: Net worth at the end. Across: Ann, Bob. Up: $0 to")
    assert "Ann: cash $120, land $300 (in all $420). Bob: cash $30 (in all $30)." in said


def _figure_words():
    if "figure_words" not in sys.modules:
        sys.path.insert(0, str(LESSONS))
    import figure_words

    return figure_words


def test_the_lesson_modules_examples_run():
    import doctest

    for module in (app_links, _figure_words(), student_sheet):
        result = doctest.testmod(module)
        assert result.attempted, module.__name__
        assert not result.failed, module.__name__


# --- The projector view ----------------------------------------------------------------


@pytest.mark.notebook
def test_the_projector_view_shows_the_question_and_the_app_but_no_answer_or_check(sample_site):
    projected = _read(sample_site, "01_sample_projector.html")
    teacher = _read(sample_site, "01_sample.html")
    assert '<p class="question" id="q1"><strong>Q1.</strong>' in projected
    assert "Who is poorest?" in projected
    assert "Is a Gini enough?" in projected  # the discussion prompts
    assert 'class="voila" data-app="play.ipynb?rules=landlords_game' in projected
    for hidden in ("Check Q1", "secret answer", "Answer key", "hl-ipython3", "Background"):
        assert hidden not in projected, hidden
    # The teacher's page keeps the check and links the view; the index links it too.
    assert "Check Q1" in teacher
    assert 'href="01_sample_projector.html"' in teacher
    assert 'href="01_sample_projector.html"' in _read(sample_site, "index.html")
    assert "Check Q1" not in _read(sample_site, "01_sample_worksheet.html")


@pytest.mark.browser
@pytest.mark.notebook
def test_the_projector_view_is_large_type_that_a_class_reads(sample_site, browser):
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    try:
        page.goto((sample_site / "01_sample_projector.html").as_uri())
        question = page.locator("p.question").first
        size = float(question.evaluate("q => parseFloat(getComputedStyle(q).fontSize)"))
        assert size >= 24, f"the question is {size}px on the projector"
        page.get_by_role("button", name="Larger text").click()
        larger = float(question.evaluate("q => parseFloat(getComputedStyle(q).fontSize)"))
        assert larger > size
        chart = page.locator("img").first
        assert chart.bounding_box()["width"] >= 800  # the chart fills the wide page
    finally:
        page.close()


# --- The app links ---------------------------------------------------------------------


@pytest.mark.notebook
def test_the_app_links_are_made_by_setup_query_and_open_the_chosen_voila(sample_site):
    from landlord.widgets.link import setup_query

    expected = "play.ipynb" + setup_query(
        rules="landlords_game",
        seats=["human", "human", "eager_landlord", "cautious_tenant"],
        seed=2,
    )
    for name in ("01_sample.html", "01_sample_worksheet.html", "01_sample_projector.html"):
        page = _read(sample_site, name)
        assert "8866" not in page, name  # no port fixed in the page
        assert "set up for Part 1: the pair game" in page
        voila = re.findall(r'class="voila" data-app="([^"]*)" href="([^"]*)"', page)
        assert [(html.unescape(app), html.unescape(href)) for app, href in voila] == [
            (expected, APPS_URL + expected),
            ("experiments.ipynb", APPS_URL + "experiments.ipynb"),
        ]
        binder = re.search(r'href="(https://mybinder\.org[^"]*)">on Binder', page).group(1)
        urlpath = parse_qs(urlsplit(html.unescape(binder)).query)["urlpath"][0]
        assert urlpath == "voila/render/notebooks/" + expected


@pytest.mark.browser
@pytest.mark.notebook
def test_a_teacher_points_the_voila_links_at_the_server_actually_used(sample_site, browser):
    context = browser.new_context()
    page = context.new_page()
    try:
        teacher = (sample_site / "01_sample.html").as_uri()
        page.goto(teacher)
        link = page.locator("a.voila").first
        assert link.get_attribute("href").startswith(APPS_URL)
        page.get_by_label('The links "in Voila" open the apps at').fill("not an address")
        page.get_by_role("button", name="Use this address").click()
        assert "starts with http" in page.locator(".apps-at-note").inner_text()
        assert link.get_attribute("href").startswith(APPS_URL)
        page.get_by_label('The links "in Voila" open the apps at').fill("http://school.lan:9000/v")
        page.get_by_role("button", name="Use this address").click()
        assert link.get_attribute("href").startswith("http://school.lan:9000/v/play.ipynb?rules=")
        # The browser keeps it: the projector view (another page) opens the same server.
        page.goto((sample_site / "01_sample_projector.html").as_uri())
        assert (
            page.locator("a.voila")
            .first.get_attribute("href")
            .startswith("http://school.lan:9000/v/play.ipynb")
        )
        # A page's own address can say where the apps are.
        page.goto(teacher + "?apps=http://10.0.0.5:8870/voila/render/")
        assert page.locator("a.voila").nth(1).get_attribute("href") == (
            "http://10.0.0.5:8870/voila/render/experiments.ipynb"
        )
    finally:
        context.close()


def test_the_build_refuses_an_apps_address_that_is_not_one(tmp_path):
    (tmp_path / "01_sample.md").write_text(SAMPLE, encoding="utf-8")
    with pytest.raises(build.LessonError, match="starts with http"):
        build.build(tmp_path / "site", folder=tmp_path, apps_url="127.0.0.1:8866")
    assert build.main(["--apps-url", "ftp://x/", "--out", str(tmp_path / "s")]) == 1


# --- Malformed lessons -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda t: t.replace("    - experiments\n", '    - "play?rules=landlords_game"\n'),
            "item 2: expected an app (play, side_by_side, experiments)",
        ),
        (
            lambda t: t.replace("        seed: 2\n", "        seed: two\n"),
            "item 1 (play): The link's seed 'two' was left out",
        ),
        (
            lambda t: t.replace("        seed: 2\n", "        colour: red\n"),
            "field 'colour' is not one this app reads",
        ),
        (lambda t: t.replace('      for: "Part 1: the pair game"\n', ""), "set up 'for'"),
        (lambda t: t.replace(":tags: [check]", ":tags: [answer]"), "tag 'answer'"),
        (lambda t: t.replace(":tags: [check]", ":hide: yes"), "only ':tags: [check]'"),
        (
            lambda t: t.replace("{lines} 5", "{lines} 3"),
            "Q1 asks 2 things ('Who is poorest?'; 'Use the curve to explain why the Gini i…') "
            "and has 3 ruled lines: give it {lines} 5",
        ),
    ],
    ids=["query string", "bad seed", "unknown field", "no purpose", "tag", "option", "room"],
)
def test_a_lesson_with_a_bad_app_tag_or_room_is_refused(tmp_path, change, message):
    assert message in refusal(tmp_path, change(SAMPLE))


# --- Room to write ---------------------------------------------------------------------


def test_every_question_on_every_sheet_has_lines_for_each_of_its_parts():
    """Lesson 1's Q4 asks four things; it had 4 lines (one each), it needs 10."""
    for path in build.lesson_files():
        build.read_lesson(path)  # refuses a question with less room than its parts need
    sheet = build.read_lesson(LESSONS / "01_who_owns_the_board.md").sheet.body
    q4 = re.search(r'<div class="q"><p class="question" id="q4">.*?</div>\n', sheet, re.S)
    assert q4.group(0).count('class="line"') >= 10
    assert student_sheet.question_parts(
        "**Q4.** Describe the solid line. When did it rise fastest? Where did it end? "
        "Would you call the table very unequal?"
    ) == [
        "Describe the solid line.",
        "When did it rise fastest?",
        "Where did it end?",
        "Would you call the table very unequal?",
    ]


# --- The welcome page's lessons --------------------------------------------------------


def _welcome_lessons(monkeypatch, folder: Path, **environ: str) -> str:
    """What the welcome page's lessons cell shows, run in ``folder/notebooks`` with the
    environment a server gives its kernel."""
    notebook = json.loads((ROOT / "notebooks" / "welcome.ipynb").read_text())
    (cell,) = [
        "".join(c["source"])
        for c in notebook["cells"]
        if c["cell_type"] == "code" and "lessons_markdown" in "".join(c["source"])
    ]
    for name in (
        "SERVER_SOFTWARE",
        "SCRIPT_NAME",
        "LANDLORD_LESSONS_URL",
        "LANDLORD_LESSONS_SITE",
    ):
        monkeypatch.delenv(name, raising=False)
    for name, value in environ.items():
        monkeypatch.setenv(name, value)
    monkeypatch.chdir(folder / "notebooks")
    shown: list[str] = []
    exec(cell, {"display": shown.append, "Markdown": str})  # the notebook's own cell
    return shown[0]


@pytest.fixture
def kit(tmp_path):
    """A copy of the kit's folders the welcome page looks at: notebooks/ and lessons/."""
    (tmp_path / "notebooks").mkdir()
    (tmp_path / "lessons").mkdir()
    for path in build.lesson_files():
        (tmp_path / "lessons" / path.name).write_text(path.read_text())
    return tmp_path


def _built(kit: Path) -> None:
    site = kit / "lessons" / "_site"
    site.mkdir()
    for path in build.lesson_files():
        for end in ("", "_projector", "_student", "_worksheet"):
            (site / f"{path.stem}{end}.html").write_text("<p>page</p>")
    (site / "index.html").write_text("<p>index</p>")


def test_the_welcome_page_says_how_to_build_the_lessons_before_they_are_built(monkeypatch, kit):
    shown = _welcome_lessons(monkeypatch, kit)
    assert shown.startswith("Not built on this machine yet: run `make lessons`")
    assert "1. **Who owns the board?** (55 min)\n" in shown
    assert "github" not in shown
    assert ".md" not in shown


def test_the_welcome_page_links_each_lessons_built_pages_in_jupyterlab(monkeypatch, kit):
    _built(kit)
    shown = _welcome_lessons(monkeypatch, kit)
    assert "[all the lessons](../lessons/_site/index.html)" in shown
    assert (
        "1. **Who owns the board?** (55 min): "
        "[teacher's page](../lessons/_site/01_who_owns_the_board.html) &middot; "
        "[projector view](../lessons/_site/01_who_owns_the_board_projector.html) &middot; "
        "[student sheet](../lessons/_site/01_who_owns_the_board_student.html)"
    ) in shown
    for target in re.findall(r"\]\(\.\./([^)]+)\)", shown):
        assert (kit / target).exists(), target  # every link opens a file that is there


def test_the_welcome_page_links_the_built_pages_through_a_jupyter_servers_files(monkeypatch, kit):
    _built(kit)
    shown = _welcome_lessons(
        monkeypatch,
        kit,
        SERVER_SOFTWARE="voila/0.5",
        SCRIPT_NAME="/user/ann/voila/render/notebooks/welcome.ipynb",
    )
    assert "(/user/ann/files/lessons/_site/08_what_if_we_kept_playing_student.html)" in shown


def test_under_a_voila_serving_only_the_notebooks_the_welcome_page_says_where_the_lessons_are(
    monkeypatch, kit
):
    _built(kit)
    shown = _welcome_lessons(
        monkeypatch, kit, SERVER_SOFTWARE="voila/0.5", SCRIPT_NAME="/voila/render/welcome.ipynb"
    )
    where = (kit / "lessons" / "_site" / "index.html").resolve()
    assert shown.startswith(f"Built: open `{where}` in a browser")
    assert "](" not in shown  # no link this server could not answer


def _under_make_run(monkeypatch, kit: Path) -> str:
    """The welcome page's lessons as the kit's server (make run) shows them: it serves
    ``kit/lessons/_site`` at /lessons/ and tells its kernels so."""
    return _welcome_lessons(
        monkeypatch,
        kit,
        SERVER_SOFTWARE="voila/0.5",
        SCRIPT_NAME="/voila/render/welcome.ipynb",
        LANDLORD_LESSONS_URL="/lessons/",
        LANDLORD_LESSONS_SITE=str(kit / "lessons" / "_site"),
    )


def test_under_make_run_the_welcome_page_links_the_pages_its_server_serves(monkeypatch, kit):
    """``landlord.serve`` serves the built lessons at /lessons/ (``test_serve_lessons.py``
    follows the links in a browser) and says which folder it serves."""
    _built(kit)
    shown = _under_make_run(monkeypatch, kit)
    assert shown.startswith("Built: [all the lessons](/lessons/index.html)")
    assert (
        "1. **Who owns the board?** (55 min): "
        "[teacher's page](/lessons/01_who_owns_the_board.html) &middot; "
        "[projector view](/lessons/01_who_owns_the_board_projector.html) &middot; "
        "[student sheet](/lessons/01_who_owns_the_board_student.html)"
    ) in shown
    for target in re.findall(r"\]\(/lessons/([^)]+)\)", shown):
        assert (kit / "lessons" / "_site" / target).exists(), target


def test_under_make_run_before_the_lessons_are_built_the_welcome_page_says_how(monkeypatch, kit):
    shown = _under_make_run(monkeypatch, kit)
    assert shown.split("\n")[0] == (
        "Not built on this machine yet: run `make lessons` in the kit's folder, then reload "
        "this page."
    )
    assert "](" not in shown
