"""Build the lessons into a browsable site: a page per lesson, printable sheets, an index.

Each lesson is a MyST Markdown notebook (``NN_slug.md``, see ``FORMAT.md``).
The build reads it, checks that it has every section a lesson needs, runs its
code in a fresh ``python3`` kernel (so every figure is computed, from fixed
seeds), and writes:

- ``NN_slug.html``: the teacher's page, every section, code and output;
- ``NN_slug_student.html``: the student sheet, one or two A4 pages to hand
  out: the questions with room to write, blank axes and tables to fill in, no
  answers and no code (written by hand in the lesson's ``Student sheet``
  section; see ``student_sheet.py``);
- ``NN_slug_worksheet.html``: the teacher's worksheet, longer: the overview,
  objectives, activity and discussion prompts, code hidden, every table and
  figure shown, to project or to print for a student who missed the lesson;
- ``NN_slug.ipynb``: the notebook, run, to open in JupyterLab;
- ``index.html``: the lessons, with links to their pages, sheets and apps.

Usage::

    .venv/bin/python lessons/build.py [--out lessons/_site] [--only 01 03] [--sheets-only]

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
from urllib.parse import quote

from landlord.apps import binder_url

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))  # student_sheet.py, beside this file

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

#: The apps a lesson may link, by name: (title, notebook).
APPS = {
    "play": ("Play", "play.ipynb"),
    "side_by_side": ("Side by side", "landlord_vs_prosperity.ipynb"),
    "experiments": ("Experiments", "experiments.ipynb"),
}
#: Where a lesson's app opens on Binder: the kit's one repository setting.
BINDER = binder_url("voila/render/notebooks/")
LOCAL = "http://127.0.0.1:8866/voila/render/"

_CODE_START = re.compile(r"^```\{code-cell\}( ipython3)?\s*$")
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
    apps: list[str]
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
    apps = about.get("apps", [])
    if not isinstance(apps, list) or any(
        not isinstance(app, str) or app.partition("?")[0] not in APPS for app in apps
    ):
        raise LessonError(
            f"{where}: header: field 'landlord.apps': expected a list of {', '.join(APPS)}"
        )
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

    for number, line in enumerate(body.split("\n"), start=first_line):
        if code is not None:
            if line.rstrip() == "```":
                cell = {"kind": "code", "source": "\n".join(code), "section": section}
                cells.append(cell | {"line": start})
                code = None
                markdown_start = number + 1
            else:
                code.append(line)
            continue
        if _CODE_START.match(line):
            flush_markdown()
            code, start = [], number
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
        notebook.cells.append(made)
    client = NotebookClient(
        notebook, timeout=timeout, kernel_name="python3",
        resources={"metadata": {"path": str(lesson.path.parent)}},
        # Figures as images: the kit's plotting makes Figures without pyplot.
        extra_arguments=["--matplotlib=inline"],
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
  .apps a { margin-right: 1rem; }
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

#: Link texts, the same on every page and in the index.
TEACHER_PAGE = "Teacher's page"
STUDENT_SHEET = "Student sheet (1-2 pages, to print)"
TEACHER_WORKSHEET = "Teacher's worksheet (long: every table and figure)"


def _apps_box(lesson: Lesson) -> str:
    if not lesson.apps:
        return ""
    links = []
    for app in lesson.apps:
        # "name?setup": the app opens already set up for the lesson (its page's address).
        name, _, setup = app.partition("?")
        title, notebook = APPS[name]
        page = f"{notebook}?{setup}" if setup else notebook
        how = " set up for this lesson" if setup else ""
        links.append(
            f"<b>{html.escape(title)}</b>{how}: "
            f'<a href="{html.escape(BINDER + quote(page, safe=""))}">on Binder</a> '
            f'<a href="{html.escape(LOCAL + page)}">in Voila (after <code>make run</code>)</a>'
        )
    return '<div class="apps">Open the app: ' + " &middot; ".join(links) + "</div>"


def _sheet_note(lesson: Lesson) -> str:
    """What the student sheet asks, for the teacher's page."""
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
    return f'<p class="apps">{note}</p>'


def _export(notebook: Any, exclude_input: bool) -> str:
    from nbconvert import HTMLExporter

    exporter = HTMLExporter(template_name="lab")
    exporter.exclude_input = exclude_input
    exporter.exclude_input_prompt = True
    exporter.exclude_output_prompt = True
    body, _ = exporter.from_notebook_node(notebook)
    return body


def _nav(lesson: Lesson) -> str:
    return (
        '<nav class="lesson"><a href="index.html">All lessons</a>'
        f'<a href="{lesson.stem}.html">{TEACHER_PAGE}</a>'
        f'<a href="{lesson.stem}_student.html">{STUDENT_SHEET}</a>'
        f'<a href="{lesson.stem}_worksheet.html">{html.escape(TEACHER_WORKSHEET)}</a>'
        f'<a href="{lesson.stem}.ipynb">Notebook</a></nav>'
    )


def _page(body: str, lesson: Lesson, extra: str) -> str:
    """Put the lesson's navigation, the app links and the print style into a page."""
    body = body.replace("</head>", _STYLE + "</head>", 1)
    return re.sub(r"(<body[^>]*>)", lambda m: m.group(1) + _nav(lesson) + extra, body, count=1)


def worksheet(notebook: Any) -> Any:
    """The teacher's worksheet: the sections students see, with room under each question."""
    import copy

    sheet = copy.deepcopy(notebook)
    kept = []
    for cell in sheet.cells:
        section = cell.metadata.get("section", "")
        if section and not SECTIONS.get(section, False):
            continue
        kept.append(cell)
    for cell, after in zip(kept, [*kept[1:], None], strict=True):
        if cell.cell_type == "markdown" and cell.metadata.get("section") == "Student activity":
            if after is not None and after.cell_type == "code" and after.outputs:
                _caption_with(cell, after)
            cell.source = _with_room(cell.source)
    sheet.cells = [cell for cell in kept if cell.source.strip() or cell.cell_type == "code"]
    return sheet


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
    """Markdown with room to write (four ruled lines) after each paragraph asking a question."""
    room = "\n".join(['<div class="answer"></div>'] * 4)
    blocks = re.split(r"\n\s*\n", source)
    return "\n\n".join(
        f"{block}\n\n{room}" if _QUESTION.search(block) else block for block in blocks
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


def build(out: Path, only: list[str] | None = None, folder: Path = HERE) -> list[Lesson]:
    """Build the lessons of ``folder`` (or those whose number is in ``only``) into ``out``."""
    import nbformat

    lessons = build_sheets(out, only, folder)  # checks every file before running any
    for lesson in lessons:
        start = time.perf_counter()
        notebook = run(lesson)
        nbformat.write(notebook, out / f"{lesson.stem}.ipynb")
        box = _apps_box(lesson)
        teacher = _page(_export(notebook, exclude_input=False), lesson, box + _sheet_note(lesson))
        (out / f"{lesson.stem}.html").write_text(teacher, encoding="utf-8")
        exported = _plain_headers(_export(worksheet(notebook), exclude_input=True))
        sheet = _page(exported, lesson, box + _WHO)
        (out / f"{lesson.stem}_worksheet.html").write_text(sheet, encoding="utf-8")
        print(f"lesson {lesson.number}: {lesson.title} ({time.perf_counter() - start:.1f} s)")
    _index(out, lesson_files(folder) if not only else [lesson.path for lesson in lessons])
    return lessons


def _index(out: Path, paths: list[Path]) -> None:
    rows = []
    for path in paths:
        lesson = read_lesson(path)
        if not (out / f"{lesson.stem}.html").exists():
            continue
        apps = ", ".join(APPS[app.partition("?")[0]][0] for app in lesson.apps)
        rows.append(
            f"<tr><td>{lesson.number}</td>"
            f'<td><a href="{lesson.stem}.html">{html.escape(lesson.title)}</a></td>'
            f"<td>{lesson.minutes} min</td><td>{html.escape(lesson.level)}</td>"
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
and what is the kit's reconstruction); a <b>student sheet</b> to print and hand out (one or two
A4 pages: the questions with room to write, no answers); and a longer <b>teacher's
worksheet</b>, the activity with every table and figure but no code and no answer key, to project
while students write.</p>
<table><tr><th>#</th><th>lesson</th><th>time</th><th>for</th><th>to print</th><th>apps</th></tr>
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
    args = parser.parse_args(argv)
    if args.only and not all(re.fullmatch(r"\d\d", number) for number in args.only):
        parser.error("--only takes two-digit lesson numbers, like 01 03")
    try:
        if args.sheets_only:
            build_sheets(args.out, args.only)
        else:
            build(args.out, args.only)
    except LessonError as error:
        print(f"lessons: {error}", file=sys.stderr)
        return 1
    where = "*_student.html" if args.sheets_only else "index.html"
    print(f"the lessons are in {args.out / where}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
