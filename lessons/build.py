"""Build the lessons into a browsable site: a page per lesson, printable sheets, an index.

Each lesson is a MyST Markdown notebook (``NN_slug.md``, see ``FORMAT.md``).
The build reads it, checks that it has every section a lesson needs, runs its
code in a fresh ``python3`` kernel (so every figure is computed, from fixed
seeds), and writes:

- ``NN_slug.html``: the teacher's page, every section, code and output;
- ``NN_slug_projector.html``: the projector view of the teacher's page: the
  activity and the discussion prompts in large type, with the apps set up for
  each activity, and no code, no answer key and no check of a question worked
  by hand;
- ``NN_slug_student.html``: the student sheet, two to four A4 pages to hand
  out: the questions with room to write for each part, blank axes and tables
  to fill in, no answers and no code (written by hand in the lesson's
  ``Student sheet`` section; see ``student_sheet.py``);
- ``NN_slug_worksheet.html``: the teacher's worksheet, longer: the overview,
  objectives, activity and discussion prompts, code hidden, every table and
  figure shown, to print for a student who missed the lesson;
- ``NN_slug.ipynb``: the notebook, run, to open in JupyterLab;
- ``index.html``: the lessons, with links to their pages, sheets and apps.

Every chart on the pages carries a description of what it shows, read from the
figure itself (``figure_words.py``), as its alternative text. The app links
open the apps on Binder and in the Voila at ``--apps-url`` (``make run``'s
address by default; each page can change it: ``app_links.py``).

Usage::

    .venv/bin/python lessons/build.py [--out lessons/_site] [--only 01 03] [--sheets-only]
                                      [--apps-url http://127.0.0.1:8866/voila/render/]

``make lessons`` runs it. A lesson whose file is malformed, or whose code
fails, stops the build with the file, the place and the reason (exit 1).
``--sheets-only`` writes the student sheets alone: they run no code, so that
takes a second.
"""

from __future__ import annotations

import argparse
import html
import re
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))  # student_sheet.py and app_links.py, beside this file

import app_links  # noqa: E402
import student_sheet  # noqa: E402

#: The sections of a lesson, in order; the teacher's worksheet keeps those marked True.
#: The last, the student sheet, is its own page: it is not run, nor on the teacher's page.
SECTIONS: dict[str, bool] = {
    "Overview": True,
    "Learning objectives": True,
    "Prerequisites": False,
    "Timing": False,
    "Background for the teacher": False,
    "Student activity": True,
    "Discussion prompts": True,
    "Answer key": False,
    "History and reconstruction": False,
    "Sources": False,
    student_sheet.SECTION: False,
}

#: The sections the projector view shows: what the class does and talks about.
PROJECTED = ("Student activity", "Discussion prompts")

#: Tags a code cell may carry (``:tags: [check]`` under its fence), and what they mean.
TAGS = {
    "check": "its output checks a question worked by hand: on the teacher's page only",
}

_CODE_START = re.compile(r"^```\{code-cell\}( ipython3)?\s*$")
_CELL_OPTION = re.compile(r"^:([a-z-]+):\s*(.*?)\s*$")
_QUESTION = re.compile(r"\*\*Q(\d+)\.\*\*")


class LessonError(ValueError):
    """A lesson that cannot be built; the message names the file, the place and why."""


@dataclass
class Lesson:
    """One lesson as read: its header and its cells, each tagged with its section."""

    path: Path
    number: int
    title: str
    minutes: int
    level: str
    apps: list[app_links.AppLink]
    cells: list[dict[str, Any]] = field(default_factory=list)
    sheet: student_sheet.Sheet | None = None

    @property
    def stem(self) -> str:
        return self.path.stem


def lesson_files(folder: Path = HERE) -> list[Path]:
    """The lesson files of ``folder``, in order: ``NN_slug.md``."""
    return sorted(path for path in folder.glob("[0-9][0-9]_*.md"))


def read_lesson(path: Path) -> Lesson:
    """Read and check one lesson file."""
    import yaml

    text = path.read_text(encoding="utf-8")
    where = path.name
    match = re.match(r"^---\n(.*?)\n---\n", text, re.S)
    if match is None:
        raise LessonError(f"{where}: line 1: expected a header between '---' lines")
    try:
        header = yaml.safe_load(match.group(1)) or {}
    except yaml.YAMLError as error:
        raise LessonError(f"{where}: the header is not valid YAML: {error}") from None
    about = header.get("landlord")
    if not isinstance(about, dict):
        raise LessonError(f"{where}: header: expected a 'landlord:' table (see FORMAT.md)")
    for key, kind in (("number", int), ("title", str), ("minutes", int), ("level", str)):
        if not isinstance(about.get(key), kind):
            raise LessonError(f"{where}: header: field 'landlord.{key}': expected {kind.__name__}")
    try:
        apps = app_links.app_links(about.get("apps", []))
    except ValueError as error:
        raise LessonError(f"{where}: header: field 'landlord.apps': {error}") from None
    if header.get("kernelspec", {}).get("name") != "python3":
        raise LessonError(f"{where}: header: field 'kernelspec.name': expected python3")
    lesson = Lesson(path, about["number"], about["title"], about["minutes"], about["level"], apps)
    body = text[match.end() :]
    first_line = text[: match.end()].count("\n") + 1
    lesson.cells = _cells(body, where, first_line)
    _check(lesson)
    return lesson


def _cells(body: str, where: str, first_line: int) -> list[dict[str, Any]]:
    """Split the body into markdown and code cells, each tagged with its ``##`` section."""
    cells: list[dict[str, Any]] = []
    section = ""
    markdown: list[str] = []
    code: list[str] | None = None
    start = markdown_start = first_line

    def flush_markdown() -> None:
        lead = len(markdown) - len("\n".join(markdown).lstrip("\n").split("\n"))
        source = "\n".join(markdown).strip("\n")
        if source.strip():
            cell = {"kind": "markdown", "source": source, "section": section}
            cells.append(cell | {"line": markdown_start + lead})
        markdown.clear()

    tags: list[str] = []
    for number, line in enumerate(body.split("\n"), start=first_line):
        if code is not None:
            if line.rstrip() == "```":
                source = "\n".join(code).strip("\n")
                cell = {"kind": "code", "source": source, "section": section, "tags": tags}
                cells.append(cell | {"line": start})
                code = None
                markdown_start = number + 1
            elif not code and _CELL_OPTION.match(line):
                tags = _cell_tags(_CELL_OPTION.match(line), where, number)
            else:
                code.append(line)
            continue
        if _CODE_START.match(line):
            flush_markdown()
            code, start, tags = [], number, []
            continue
        if line.startswith("## "):
            flush_markdown()
            section = line[3:].strip()
            markdown_start = number
        markdown.append(line)
    if code is not None:
        raise LessonError(f"{where}: line {start}: a code cell is never closed with ```")
    flush_markdown()
    return cells


def _cell_tags(option: re.Match[str], where: str, line: int) -> list[str]:
    """A code cell's ``:tags: [check]`` option, checked (the one option a cell may have)."""
    name, value = option.groups()
    tags = [tag.strip() for tag in value.strip("[]").split(",") if tag.strip()]
    if name != "tags" or not value.startswith("[") or not value.endswith("]"):
        raise LessonError(f"{where}: line {line}: a code cell takes only ':tags: [check]'")
    unknown = [tag for tag in tags if tag not in TAGS]
    if unknown:
        raise LessonError(
            f"{where}: line {line}: tag '{unknown[0]}': expected one of {', '.join(TAGS)}"
        )
    return tags


def _check(lesson: Lesson) -> None:
    where = lesson.path.name
    expected = f"{lesson.number:02d}_"
    if not lesson.path.name.startswith(expected):
        raise LessonError(f"{where}: header: field 'landlord.number' is {lesson.number}")
    heading = next((c for c in lesson.cells if c["kind"] == "markdown"), None)
    if heading is None or not heading["source"].startswith(f"# Lesson {lesson.number}: "):
        raise LessonError(f"{where}: expected the title '# Lesson {lesson.number}: ...' first")
    found = []
    for cell in lesson.cells:
        if cell["section"] and cell["section"] not in found:
            found.append(cell["section"])
    unknown = [name for name in found if name not in SECTIONS]
    if unknown:
        raise LessonError(
            f"{where}: section '{unknown[0]}': expected one of {', '.join(SECTIONS)}"
        )
    missing = [name for name in SECTIONS if name not in found]
    if missing:
        raise LessonError(f"{where}: section '{missing[0]}' is missing (see FORMAT.md)")
    if found != list(SECTIONS):
        raise LessonError(f"{where}: the sections are out of order: {', '.join(found)}")
    asked = _questions(lesson, "Student activity")
    answered = _questions(lesson, "Answer key")
    if not asked:
        raise LessonError(f"{where}: section 'Student activity' asks no **Q1.** question")
    if not asked <= answered:
        left = sorted(asked - answered)
        raise LessonError(f"{where}: section 'Answer key': no answer to Q{left[0]}")
    if not any(cell["kind"] == "code" for cell in lesson.cells):
        raise LessonError(f"{where}: no code cell: a lesson runs the kit")
    lesson.sheet = _read_sheet(lesson, asked)


def _read_sheet(lesson: Lesson, asked: set[int]) -> student_sheet.Sheet:
    """Read the student sheet and check it asks the activity's questions, or says which not."""
    where = f"{lesson.path.name}: section '{student_sheet.SECTION}'"
    cells = [cell for cell in lesson.cells if cell["section"] == student_sheet.SECTION]
    code = next((cell for cell in cells if cell["kind"] == "code"), None)
    if code is not None:
        raise LessonError(f"{where}: line {code['line']}: no code cell on a student sheet")
    first = cells[0]
    rest = first["source"].partition("\n")[2]  # after the '## Student sheet' heading
    texts = [(rest, first["line"] + 1)] + [(cell["source"], cell["line"]) for cell in cells[1:]]
    bodies, questions, leaves_out = [], set(), {}
    for text, line in texts:
        try:
            part = student_sheet.read_sheet(text, first_line=line)
        except ValueError as error:
            raise LessonError(f"{where}: {error}") from None
        bodies.append(part.body)
        questions |= part.questions
        leaves_out |= part.leaves_out
    sheet = student_sheet.Sheet("\n".join(bodies), questions, leaves_out)
    both = sorted(questions & leaves_out.keys())
    if both:
        raise LessonError(f"{where}: asks Q{both[0]} and also leaves it out")
    unknown = sorted((questions | leaves_out.keys()) - asked)
    if unknown:
        raise LessonError(
            f"{where}: Q{unknown[0]} is not a question of section 'Student activity'"
        )
    missing = sorted(asked - questions - leaves_out.keys())
    if missing:
        raise LessonError(
            f"{where}: no Q{missing[0]}: ask it under the same number, "
            f"or say '{{leaves-out}} Q{missing[0]}: why' (see FORMAT.md)"
        )
    return sheet


def _questions(lesson: Lesson, section: str) -> set[int]:
    return {
        int(number)
        for cell in lesson.cells
        if cell["section"] == section and cell["kind"] == "markdown"
        for number in _QUESTION.findall(cell["source"])
    }


def run(lesson: Lesson, timeout: int = 600) -> Any:
    """The lesson as a notebook, every code cell run in a fresh python3 kernel."""
    import nbformat
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError

    notebook = nbformat.v4.new_notebook()
    notebook.metadata["kernelspec"] = {
        "display_name": "Python 3",
        "language": "python",
        "name": "python3",
    }
    notebook.metadata["landlord"] = {"lesson": lesson.number, "title": lesson.title}
    for cell in lesson.cells:
        if cell["section"] == student_sheet.SECTION:
            continue  # its own page, not run
        make = (
            nbformat.v4.new_code_cell if cell["kind"] == "code" else nbformat.v4.new_markdown_cell
        )
        made = make(cell["source"])
        made.metadata["section"] = cell["section"]
        if cell.get("tags"):
            made.metadata["tags"] = list(cell["tags"])
        notebook.cells.append(made)
    # Every figure shown carries its description (figure_words.py) as its plain text.
    describe = f"import sys; sys.path.insert(0, {str(HERE)!r}); import figure_words; "
    client = NotebookClient(
        notebook, timeout=timeout, kernel_name="python3",
        resources={"metadata": {"path": str(lesson.path.parent)}},
        # Figures as images: the kit's plotting makes Figures without pyplot.
        extra_arguments=[
            "--matplotlib=inline", f"--IPKernelApp.exec_lines={describe}figure_words.install()"
        ],
    )  # fmt: skip
    try:
        client.execute()
    except CellExecutionError as error:
        raise LessonError(f"{lesson.path.name}: a code cell failed:\n{error}") from None
    return notebook


_STYLE = """
<style>
  body { max-width: 60rem; margin: 2rem auto; padding: 0 1rem; font-family: system-ui, sans-serif;
         line-height: 1.5; color: #1a1a1a; }
  .apps { border: 1px solid #0072B2; border-radius: 6px; padding: 0.6rem 1rem; margin: 1rem 0; }
  .apps a, nav.lesson a { color: #0645ad; text-decoration: underline; }
  .apps ul { margin: 0.3rem 0; padding-left: 1.4rem; } .apps p { margin: 0.3rem 0; }
  .apps-at { margin-top: 0.5rem; }
  .answer { border-bottom: 1px solid #999; height: 1.8rem; }
  .who { display: none; }
  nav.lesson a { margin-right: 1rem; }
  table { border-collapse: collapse; } td, th { border: 1px solid #ccc; padding: 0.2rem 0.5rem; }
  @page { size: A4; margin: 12mm 14mm; }
  @media print {
    nav.lesson, .apps, .no-print { display: none; }
    body { max-width: none; margin: 0; font-size: 11pt; }
    .who { display: flex; gap: 5mm; margin: 0 0 4mm; }
    .who span { flex: 1; border-bottom: 1px solid #000; }
    /* A figure or table stays whole, with its caption (moved into its cell by worksheet());
       long printed text may run on to the next page. */
    .jp-MarkdownCell, .jp-Cell:has(img), .jp-Cell:has(table), .cell { break-inside: avoid; }
    .jp-OutputArea-child:has(.jp-RenderedMarkdown) { break-after: avoid; }
    h1, h2, h3 { break-after: avoid; }
  }
</style>
"""

#: The projector view's look: large type on a wide page, each question marked, no
#: code; "A-" and "A+" scale it to the room.
_PROJECTOR_STYLE = """
<style>
  body.projector { --scale: 1; max-width: none; width: auto; margin: 1rem 3vw;
    font-size: calc(1.5rem * var(--scale));
    --jp-content-font-size1: calc(1.5rem * var(--scale));
    --jp-content-font-size2: calc(1.35rem * var(--scale));
    --jp-ui-font-size1: calc(1.25rem * var(--scale));
    --jp-code-font-size: calc(1.2rem * var(--scale));
    --jp-content-line-height: 1.45; }
  body.projector h1 { font-size: 1.6em; } body.projector h2 { font-size: 1.35em; }
  body.projector .jp-RenderedImage img { width: min(100%, calc(62rem * var(--scale)));
    max-width: 100%; height: auto; }
  body.projector .jp-RenderedHTMLCommon table { font-size: var(--jp-ui-font-size1); }
  body.projector .jp-RenderedHTMLCommon pre { font-size: var(--jp-code-font-size); }
  body.projector p.question { border-left: 0.45rem solid #E69F00; background: #fff4d6;
    padding: 0.4rem 0.8rem; }
  body.projector .size { position: fixed; right: 1rem; bottom: 1rem; z-index: 2;
    display: flex; gap: 0.4rem; }
  body.projector .size button { font-size: 1.1rem; min-width: 3.2rem; min-height: 2.6rem; }
  body.projector nav.lesson, body.projector .apps { font-size: 1.1rem; }
</style>
"""

_SIZE_SCRIPT = """<script>
(function () {
  var scale = 1;
  document.querySelectorAll(".size button").forEach(function (button) {
    button.addEventListener("click", function () {
      scale = Math.min(2, Math.max(0.6, scale + Number(button.dataset.step)));
      document.body.style.setProperty("--scale", scale.toFixed(2));
    });
  });
})();
</script>"""

#: Link texts, the same on every page and in the index.
TEACHER_PAGE = "Teacher's page"
PROJECTOR_VIEW = "Projector view (large type, no answers)"
STUDENT_SHEET = "Student sheet (to print)"
TEACHER_WORKSHEET = "Teacher's worksheet (long: every table and figure)"


def _sheet_note(lesson: Lesson) -> str:
    """What the student sheet asks, for the teacher's page, and where to project from."""
    sheet = lesson.sheet
    if sheet is None:
        return ""
    asked = ", ".join(f"Q{n}" for n in sorted(sheet.questions))
    left = "; ".join(
        f"Q{n}" + (f" ({html.escape(why)})" if why else "")
        for n, why in sorted(sheet.leaves_out.items())
    )
    note = f'The <a href="{lesson.stem}_student.html">student sheet</a> asks {asked}'
    note += f"; it leaves out {left}." if left else "."
    project = (
        f'To project, open the <a href="{lesson.stem}_projector.html">projector view</a>: '
        "the activity, the discussion prompts and the apps in large type, without the code, "
        "the answer key or the checks of questions worked by hand."
    )
    return f'<p class="apps">{note}</p><p class="apps">{project}</p>'


#: Jupyter's words for a picture without alternative text (nbconvert writes them).
_NO_ALT = 'alt="No description has been provided for this image"'
#: The kinds of output nbconvert shows before a PNG, when an output has both.
_SHOWN_BEFORE_IMAGES = ("text/html", "text/markdown", "image/svg+xml", "text/latex")


def _descriptions(notebook: Any) -> list[str]:
    """The description of each picture the notebook's page shows, in order: the plain text
    a figure carries (figure_words.py), never Python's ``<Figure size ...>``."""
    found = []
    for cell in notebook.cells:
        for output in cell.get("outputs", []) if cell.cell_type == "code" else []:
            data = output.get("data", {})
            if not {"image/png", "image/jpeg"} & data.keys() or any(
                kind in data for kind in _SHOWN_BEFORE_IMAGES
            ):
                continue
            words = " ".join(str(data.get("text/plain", "")).split())
            if not words or words.startswith("<"):
                raise ValueError(f"a picture without a description: {words or 'no text'}")
            found.append(words)
    return found


def _export(notebook: Any, exclude_input: bool) -> str:
    """The notebook as a page, every picture with its description as alternative text."""
    from nbconvert import HTMLExporter

    exporter = HTMLExporter(template_name="lab")
    exporter.exclude_input = exclude_input
    exporter.exclude_input_prompt = True
    exporter.exclude_output_prompt = True
    body, _ = exporter.from_notebook_node(notebook)
    descriptions = _descriptions(notebook)
    if body.count(_NO_ALT) != len(descriptions):
        raise ValueError(
            f"{body.count(_NO_ALT)} pictures on the page, {len(descriptions)} described"
        )
    for words in descriptions:
        body = body.replace(_NO_ALT, f'alt="{html.escape(words)}"', 1)
    return body


def _nav(lesson: Lesson) -> str:
    return (
        '<nav class="lesson"><a href="index.html">All lessons</a>'
        f'<a href="{lesson.stem}.html">{TEACHER_PAGE}</a>'
        f'<a href="{lesson.stem}_projector.html">{html.escape(PROJECTOR_VIEW)}</a>'
        f'<a href="{lesson.stem}_student.html">{STUDENT_SHEET}</a>'
        f'<a href="{lesson.stem}_worksheet.html">{html.escape(TEACHER_WORKSHEET)}</a>'
        f'<a href="{lesson.stem}.ipynb">Notebook</a></nav>'
    )


def _page(body: str, lesson: Lesson, extra: str, style: str = "", classes: str = "") -> str:
    """Put the lesson's navigation, the app links and the print style into a page."""
    body = body.replace("</head>", _STYLE + style + "</head>", 1)
    if classes:
        body = re.sub(r'(<body[^>]*class=")', lambda m: m.group(1) + classes + " ", body, count=1)
    return re.sub(r"(<body[^>]*>)", lambda m: m.group(1) + _nav(lesson) + extra, body, count=1)


def _sections(notebook: Any, keep: Any) -> Any:
    """A copy of the notebook with the cells of the sections ``keep(section)`` accepts,
    without the cells tagged ``check`` (their output answers a question)."""
    import copy

    shown = copy.deepcopy(notebook)
    shown.cells = [
        cell
        for cell in shown.cells
        if keep(cell.metadata.get("section", "")) and "check" not in cell.metadata.get("tags", [])
    ]
    return shown


def worksheet(notebook: Any) -> Any:
    """The teacher's worksheet: the sections students see, with room under each question."""
    sheet = _sections(notebook, lambda section: not section or SECTIONS.get(section, False))
    kept = sheet.cells
    for cell, after in zip(kept, [*kept[1:], None], strict=True):
        if cell.cell_type == "markdown" and cell.metadata.get("section") == "Student activity":
            if after is not None and after.cell_type == "code" and after.outputs:
                _caption_with(cell, after)
            cell.source = _with_room(cell.source)
    sheet.cells = [cell for cell in kept if cell.source.strip() or cell.cell_type == "code"]
    return sheet


def projector(notebook: Any) -> Any:
    """The projector view: the title, the activity and the discussion prompts, with no
    code (the export hides it), no answer key and no cell tagged ``check``."""
    return _sections(notebook, lambda section: not section or section in PROJECTED)


def _projector_page(notebook: Any, lesson: Lesson, box: str) -> str:
    """The projector view as a page: large type, questions marked, the apps at the top."""
    body = _plain_headers(_export(projector(notebook), exclude_input=True))
    body = re.sub(
        r"<p><strong>Q(\d+)\.</strong>",
        r'<p class="question" id="q\1"><strong>Q\1.</strong>',
        body,
    )
    size = (
        '<div class="size no-print" role="group" aria-label="Text size">'
        '<button type="button" data-step="-0.1" aria-label="Smaller text">A&minus;</button> '
        '<button type="button" data-step="0.1" aria-label="Larger text">A+</button></div>'
    )
    body = body.replace("</body>", _SIZE_SCRIPT + "</body>", 1)
    return _page(body, lesson, size + box, style=_PROJECTOR_STYLE, classes="projector")


def _caption_with(cell: Any, code: Any) -> None:
    """Move a markdown cell's last paragraph, the caption of the table or figure the next
    cell shows, into that cell's output, so that a printed page never parts them."""
    import nbformat

    blocks = re.split(r"\n\s*\n", cell.source.strip())
    caption = blocks[-1]
    if _QUESTION.search(caption) or caption.lstrip().startswith(("|", "#", "-", "```")):
        return
    cell.source = "\n\n".join(blocks[:-1])
    code.outputs.insert(0, nbformat.v4.new_output("display_data", {"text/markdown": caption}))


def _with_room(source: str) -> str:
    """Markdown with room to write after each paragraph asking a question: the lines its
    parts need, as on the student sheet (``student_sheet.lines_needed``), at least four."""
    blocks = re.split(r"\n\s*\n", source)

    def room(block: str) -> str:
        lines = max(4, student_sheet.lines_needed(student_sheet.question_parts(block)))
        return "\n".join(['<div class="answer"></div>'] * lines)

    return "\n\n".join(
        f"{block}\n\n{room(block)}" if _QUESTION.search(block) else block for block in blocks
    )


def _plain_headers(page: str) -> str:
    """Table headers in words on the teacher's worksheet: ``net_worth`` as "net worth"."""
    return re.sub(
        r"(<th[^>]*>)\s*([a-z][a-z0-9]*(?:_[a-z0-9]+)+)\s*(</th>)",
        lambda m: m.group(1) + m.group(2).replace("_", " ") + m.group(3),
        page,
    )


def student_sheet_page(lesson: Lesson) -> str:
    """The student sheet of a read lesson, as a whole HTML page (no code is run)."""
    assert lesson.sheet is not None, "read_lesson reads the sheet"
    return student_sheet.page(lesson.number, lesson.title, lesson.sheet.body, nav=_nav(lesson))


def build_sheets(out: Path, only: list[str] | None = None, folder: Path = HERE) -> list[Lesson]:
    """Write the student sheets alone (``NN_slug_student.html``): quick, since nothing runs."""
    out.mkdir(parents=True, exist_ok=True)
    lessons = [read_lesson(path) for path in _chosen(folder, only)]
    for lesson in lessons:
        (out / f"{lesson.stem}_student.html").write_text(
            student_sheet_page(lesson), encoding="utf-8"
        )
    return lessons


def _chosen(folder: Path, only: list[str] | None) -> list[Path]:
    paths = lesson_files(folder)
    if only:
        paths = [path for path in paths if path.name[:2] in only]
        if not paths:
            raise LessonError(f"no lesson numbered {', '.join(only)} in {folder}")
    return paths


_WHO = '<div class="who"><span>Name:</span><span>Class:</span><span>Date:</span></div>'


def build(
    out: Path,
    only: list[str] | None = None,
    folder: Path = HERE,
    apps_url: str = app_links.DEFAULT_APPS_URL,
) -> list[Lesson]:
    """Build the lessons of ``folder`` (or those whose number is in ``only``) into ``out``,
    their "in Voila" links opening the apps at ``apps_url``."""
    import nbformat

    try:
        apps_url = app_links.check_apps_url(apps_url)
    except ValueError as error:
        raise LessonError(str(error)) from None
    lessons = build_sheets(out, only, folder)  # checks every file before running any
    for lesson in lessons:
        start = time.perf_counter()
        notebook = run(lesson)
        nbformat.write(notebook, out / f"{lesson.stem}.ipynb")
        box = app_links.apps_box(lesson.apps, apps_url)
        try:
            teacher = _export(notebook, exclude_input=False)
            exported = _plain_headers(_export(worksheet(notebook), exclude_input=True))
            projected = _projector_page(notebook, lesson, box)
        except ValueError as error:
            raise LessonError(f"{lesson.path.name}: {error}") from None
        pages = {
            f"{lesson.stem}.html": _page(teacher, lesson, box + _sheet_note(lesson)),
            f"{lesson.stem}_worksheet.html": _page(exported, lesson, box + _WHO),
            f"{lesson.stem}_projector.html": projected,
        }
        for name, page in pages.items():
            (out / name).write_text(page, encoding="utf-8")
        print(f"lesson {lesson.number}: {lesson.title} ({time.perf_counter() - start:.1f} s)")
    _index(out, lesson_files(folder) if not only else [lesson.path for lesson in lessons])
    return lessons


def _index(out: Path, paths: list[Path]) -> None:
    rows = []
    for path in paths:
        lesson = read_lesson(path)
        if not (out / f"{lesson.stem}.html").exists():
            continue
        apps = ", ".join(dict.fromkeys(app.title for app in lesson.apps))
        rows.append(
            f"<tr><td>{lesson.number}</td>"
            f'<td><a href="{lesson.stem}.html">{html.escape(lesson.title)}</a></td>'
            f"<td>{lesson.minutes} min</td><td>{html.escape(lesson.level)}</td>"
            f'<td><a href="{lesson.stem}_projector.html">projector view</a></td>'
            f'<td><a href="{lesson.stem}_student.html">student sheet</a> &middot; '
            f'<a href="{lesson.stem}_worksheet.html">teacher\'s worksheet</a> &middot; '
            f'<a href="{lesson.stem}.ipynb">notebook</a></td><td>{apps}</td></tr>'
        )
    page = f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>landlord: lessons</title>{_STYLE}</head>
<body>
<h1>Lessons</h1>
<p>Lessons for a 45-60 minute class with the <i>landlord</i> kit: Lizzie Magie's Landlord's Game
(1906), her single-tax rules, and the later Monopoly rules (the kit is independent of Hasbro,
which owns that trademark). Each lesson has a teacher's page (objectives, timing, background,
the activity with its figures, discussion prompts, an answer key, sources, and what is history
and what is the kit's reconstruction); a <b>projector view</b> of the activity in large type,
with the apps set up for each activity and no code or answers, to show the class; a
<b>student sheet</b> to print and hand out (two to four A4 pages: the questions with room to write
for each part, no answers); and a longer <b>teacher's worksheet</b>, the activity with every
table and figure but no code and no answer key, for a student who missed the lesson.</p>
<table><tr><th>#</th><th>lesson</th><th>time</th><th>for</th><th>to project</th><th>to print</th>
<th>apps</th></tr>
{"".join(rows)}
</table>
</body></html>
"""
    (out / "index.html").write_text(page, encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=HERE / "_site", help="where to write the site")
    parser.add_argument("--only", nargs="+", metavar="NN", help="build only these lessons")
    parser.add_argument(
        "--sheets-only", action="store_true", help="write only the student sheets (runs no code)"
    )
    parser.add_argument(
        "--apps-url",
        default=app_links.DEFAULT_APPS_URL,
        metavar="URL",
        help="where the 'in Voila' links open the apps: the address make run prints, up to "
        f"voila/render/ (default {app_links.DEFAULT_APPS_URL}; each page can change it)",
    )
    args = parser.parse_args(argv)
    if args.only and not all(re.fullmatch(r"\d\d", number) for number in args.only):
        parser.error("--only takes two-digit lesson numbers, like 01 03")
    try:
        if args.sheets_only:
            build_sheets(args.out, args.only)
        else:
            build(args.out, args.only, apps_url=args.apps_url)
    except LessonError as error:
        print(f"lessons: {error}", file=sys.stderr)
        return 1
    where = "*_student.html" if args.sheets_only else "index.html"
    print(f"the lessons are in {args.out / where}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
