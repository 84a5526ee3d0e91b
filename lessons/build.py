"""Build the lessons into a browsable site: a page per lesson, a printable worksheet, an index.

Each lesson is a MyST Markdown notebook (``NN_slug.md``, see ``FORMAT.md``).
The build reads it, checks that it has every section a lesson needs, runs its
code in a fresh ``python3`` kernel (so every figure is computed, from fixed
seeds), and writes:

- ``NN_slug.html``: the teacher's page, every section, code and output;
- ``NN_slug_worksheet.html``: the student worksheet, printable: the overview,
  objectives, activity and discussion prompts, code hidden, its output shown,
  and room to write under each question;
- ``NN_slug.ipynb``: the notebook, run, to open in JupyterLab;
- ``index.html``: the lessons, with links to their pages, worksheets and apps.

Usage::

    .venv/bin/python lessons/build.py [--out lessons/_site] [--only 01 03]

``make lessons`` runs it. A lesson whose file is malformed, or whose code
fails, stops the build with the file, the place and the reason (exit 1).
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

#: The sections of a lesson, in order; the worksheet keeps those marked True.
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
}

#: The apps a lesson may link, by name: (title, notebook).
APPS = {
    "play": ("Play", "play.ipynb"),
    "side_by_side": ("Side by side", "landlord_vs_prosperity.ipynb"),
    "experiments": ("Experiments", "experiments.ipynb"),
}
BINDER = (
    "https://mybinder.org/v2/gh/landlord-kit/landlord/HEAD?urlpath=voila%2Frender%2Fnotebooks%2F"
)
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
    if not isinstance(apps, list) or any(app not in APPS for app in apps):
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
    start = 0

    def flush_markdown() -> None:
        source = "\n".join(markdown).strip("\n")
        if source.strip():
            cells.append({"kind": "markdown", "source": source, "section": section})
        markdown.clear()

    for number, line in enumerate(body.split("\n"), start=first_line):
        if code is not None:
            if line.rstrip() == "```":
                cells.append({"kind": "code", "source": "\n".join(code), "section": section})
                code = None
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
  nav.lesson a { margin-right: 1rem; }
  table { border-collapse: collapse; } td, th { border: 1px solid #ccc; padding: 0.2rem 0.5rem; }
  @media print {
    nav.lesson, .apps, .no-print { display: none; }
    body { max-width: none; margin: 0; font-size: 11pt; }
    .jp-Cell, .cell { break-inside: avoid; }
  }
</style>
"""


def _apps_box(lesson: Lesson) -> str:
    if not lesson.apps:
        return ""
    links = []
    for app in lesson.apps:
        title, notebook = APPS[app]
        links.append(
            f'<b>{html.escape(title)}</b>: <a href="{BINDER}{notebook}">on Binder</a> '
            f'<a href="{LOCAL}{notebook}">in Voila (after <code>make run</code>)</a>'
        )
    return '<div class="apps">Open the app: ' + " &middot; ".join(links) + "</div>"


def _export(notebook: Any, exclude_input: bool) -> str:
    from nbconvert import HTMLExporter

    exporter = HTMLExporter(template_name="lab")
    exporter.exclude_input = exclude_input
    exporter.exclude_input_prompt = True
    exporter.exclude_output_prompt = True
    body, _ = exporter.from_notebook_node(notebook)
    return body


def _page(body: str, lesson: Lesson, extra: str) -> str:
    """Put the lesson's navigation, the app links and the print style into a page."""
    nav = (
        '<nav class="lesson"><a href="index.html">All lessons</a>'
        f'<a href="{lesson.stem}.html">Teacher\'s page</a>'
        f'<a href="{lesson.stem}_worksheet.html">Student worksheet</a>'
        f'<a href="{lesson.stem}.ipynb">Notebook</a></nav>'
    )
    body = body.replace("</head>", _STYLE + "</head>", 1)
    return re.sub(r"(<body[^>]*>)", lambda m: m.group(1) + nav + extra, body, count=1)


def worksheet(notebook: Any) -> Any:
    """The worksheet's notebook: the sections students see, with room under each question."""
    import copy

    sheet = copy.deepcopy(notebook)
    kept = []
    for cell in sheet.cells:
        section = cell.metadata.get("section", "")
        if section and not SECTIONS.get(section, False):
            continue
        if cell.cell_type == "markdown" and section == "Student activity":
            cell.source = _with_room(cell.source)
        kept.append(cell)
    sheet.cells = kept
    return sheet


def _with_room(source: str) -> str:
    """Markdown with room to write (four ruled lines) after each paragraph asking a question."""
    room = "\n".join(['<div class="answer"></div>'] * 4)
    blocks = re.split(r"\n\s*\n", source)
    return "\n\n".join(
        f"{block}\n\n{room}" if _QUESTION.search(block) else block for block in blocks
    )


def build(out: Path, only: list[str] | None = None, folder: Path = HERE) -> list[Lesson]:
    """Build the lessons of ``folder`` (or those whose number is in ``only``) into ``out``."""
    import nbformat

    out.mkdir(parents=True, exist_ok=True)
    paths = lesson_files(folder)
    if only:
        paths = [path for path in paths if path.name[:2] in only]
        if not paths:
            raise LessonError(f"no lesson numbered {', '.join(only)} in {folder}")
    lessons = [read_lesson(path) for path in paths]  # check every file before running any
    for lesson in lessons:
        start = time.perf_counter()
        notebook = run(lesson)
        nbformat.write(notebook, out / f"{lesson.stem}.ipynb")
        box = _apps_box(lesson)
        teacher = _page(_export(notebook, exclude_input=False), lesson, box)
        (out / f"{lesson.stem}.html").write_text(teacher, encoding="utf-8")
        sheet = _page(_export(worksheet(notebook), exclude_input=True), lesson, box)
        (out / f"{lesson.stem}_worksheet.html").write_text(sheet, encoding="utf-8")
        print(f"lesson {lesson.number}: {lesson.title} ({time.perf_counter() - start:.1f} s)")
    _index(out, lesson_files(folder) if not only else paths)
    return lessons


def _index(out: Path, paths: list[Path]) -> None:
    rows = []
    for path in paths:
        lesson = read_lesson(path)
        if not (out / f"{lesson.stem}.html").exists():
            continue
        apps = ", ".join(APPS[app][0] for app in lesson.apps)
        rows.append(
            f"<tr><td>{lesson.number}</td>"
            f'<td><a href="{lesson.stem}.html">{html.escape(lesson.title)}</a></td>'
            f"<td>{lesson.minutes} min</td><td>{html.escape(lesson.level)}</td>"
            f'<td><a href="{lesson.stem}_worksheet.html">worksheet</a> &middot; '
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
and what is the kit's reconstruction) and a worksheet to print for students.</p>
<table><tr><th>#</th><th>lesson</th><th>time</th><th>for</th><th>to hand out</th><th>apps</th></tr>
{"".join(rows)}
</table>
</body></html>
"""
    (out / "index.html").write_text(page, encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=HERE / "_site", help="where to write the site")
    parser.add_argument("--only", nargs="+", metavar="NN", help="build only these lessons")
    args = parser.parse_args(argv)
    if args.only and not all(re.fullmatch(r"\d\d", number) for number in args.only):
        parser.error("--only takes two-digit lesson numbers, like 01 03")
    try:
        build(args.out, args.only)
    except LessonError as error:
        print(f"lessons: {error}", file=sys.stderr)
        return 1
    print(f"the lessons are in {args.out / 'index.html'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
