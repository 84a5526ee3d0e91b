"""The student sheet: the A4 pages a student writes on in a lesson (two to four).

A lesson's ``## Student sheet`` section (see ``FORMAT.md``) is written for the
page: plain Markdown (paragraphs, ``**Q1.**`` questions, lists, tables, where a
table with empty cells is one to fill in), plus a few directives, each alone on
its line:

``{lines} 3``
    three ruled lines to write on;
``{box} 6``
    an empty box six lines high, for working or a sketch;
``{axes} share of the players: 0 to 1 by 0.25 | share of the wealth: 0 to 1 by 0.1 | diagonal``
    blank axes to draw on: a grid, each axis labelled and numbered from its
    first value to its last in steps; ``diagonal`` adds a dashed line from
    corner to corner (``diagonal: line of equality`` labels it). The axes sit
    on the right, and the lines or box that follow sit beside them;
``{leaves-out} Q9: an extension, for homework``
    the questions of the activity the sheet does not ask, and why (the
    teacher's page says so; nothing is printed).

The build (``build.py``) adds the lesson's title and lines for the student's
name, class and date, and checks that the sheet asks every question of the
activity, under the same number, or says that it leaves it out. Nothing runs:
the sheet has no code, and the figures stay on the screen.

**Room to write.** A question often asks several things ("Who won? By how much?
Use the bars to explain why."). :func:`question_parts` finds them: each sentence
that ends with a question mark or starts by asking for an answer ("Explain",
"Name", "Fill in", ...). Each part needs :data:`PART_LINES` ruled lines, and a
part that asks why or how, to explain, describe or compare, needs
:data:`REASON_LINES`; a table to fill in, blank axes or a box answers one part.
:func:`read_sheet` refuses a question with less room than that, naming the
line, the parts it counted and the ``{lines}`` it needs.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field

__all__ = [
    "PART_LINES",
    "REASON_LINES",
    "SECTION",
    "Sheet",
    "axes_svg",
    "lines_needed",
    "page",
    "question_parts",
    "read_sheet",
]

#: The lesson section that holds the sheet.
SECTION = "Student sheet"

_DIRECTIVE = re.compile(r"^\{([a-z-]+)\}\s*(.*?)\s*$")
_QUESTION = re.compile(r"\*\*Q(\d+)\.\*\*")
_LEFT_OUT = re.compile(r"^Q(\d+)(?:\s*,\s*Q(\d+))*\s*(?::\s*(.+))?$")
_AXIS = re.compile(r"^(.+?):\s*(-?[\d.]+)\s+to\s+(-?[\d.]+)\s+by\s+([\d.]+)$")

#: Millimetres: the height of a ruled line, and the axes' plotting square.
LINE_MM = 7.5
_PLOT_MM = 56.0

#: Ruled lines for each part of a question; for a part that asks for reasons, more.
PART_LINES = 2
REASON_LINES = 3
#: A sentence that asks for a written answer without a question mark starts so.
_ASKING = re.compile(
    r"^(Explain|Describe|Name|Write|List|Give|Say|Compare|Suggest|Use|Predict|Estimate|"
    r"Find|Calculate|Work out|Show|Check|Fill in|Draw|Sort)\b"
)
#: A part that asks for reasons (why, how, explain, describe, compare) starts so.
_REASONS = re.compile(
    r"^(Why|How\b(?! many| much| long| often)|Explain|Describe|Use|Compare|Suggest|"
    r"What (does|do|would|could|can|must|might|happens|has happened)\b|Would|Is one)"
)
_SENTENCE_END = re.compile(r"(?<=[.?!])\)?\s+(?=[A-Z(\"])")


@dataclass
class Sheet:
    """A student sheet as read: its HTML body, the questions it asks, those it leaves out."""

    body: str
    questions: set[int] = field(default_factory=set)
    leaves_out: dict[int, str] = field(default_factory=dict)


def read_sheet(source: str, first_line: int = 1) -> Sheet:
    """Read a sheet's Markdown (the section without its heading) into a :class:`Sheet`.

    Raises ``ValueError`` naming the line for a directive it does not know, a
    directive without its value, code (the sheet is for paper: no code), or a
    question with less room to write than its parts need (see the module).

    Examples
    --------
    >>> sheet = read_sheet("**Q1.** Why?\\n\\n{lines} 3\\n\\n{leaves-out} Q2: homework")
    >>> sorted(sheet.questions), sheet.leaves_out
    ([1], {2: 'homework'})
    >>> sheet.body.count('class="line"')
    3
    >>> read_sheet("**Q1.** Who won? Why?\\n\\n{lines} 3")
    Traceback (most recent call last):
    ...
    ValueError: line 1: Q1 asks 2 things ('Who won?'; 'Why?') and has 3 ruled lines: \
give it {lines} 5 (2 a part, 3 for a why or how; see FORMAT.md)
    """
    import mistune

    blocks: list[str] = []
    sheet = Sheet(body="")
    for number, line in enumerate(source.split("\n"), start=first_line):
        if "`" in line:
            raise ValueError(f"line {number}: no code on a student sheet: write it in words")
        match = _DIRECTIVE.match(line)
        if match is None:
            blocks.append(line)
            continue
        name, value = match.groups()
        try:
            made = _directive(name, value, sheet)
        except ValueError as error:
            raise ValueError(f"line {number}: {{{name}}} {error}") from None
        blocks.extend(["", made, ""] if made else [])
    _check_room(source, first_line)
    markdown = mistune.create_markdown(escape=False, plugins=["table"])
    body = markdown("\n".join(blocks))
    sheet.questions = {int(n) for n in _QUESTION.findall(source)}
    body = re.sub(
        r"<p><strong>Q(\d+)\.</strong>",
        r'<p class="question" id="q\1"><strong>Q\1.</strong>',
        body,
    )
    sheet.body = _keep_together(body)
    return sheet


def question_parts(question: str) -> list[str]:
    """The parts of a question: each sentence that asks something, in order.

    A sentence asks when it ends with a question mark or starts by asking for
    an answer ("Explain ...", "Name ...", "Fill in ..."); a hint in brackets
    does not.

    Examples
    --------
    >>> question_parts("**Q2.** Who won? Look at round 0. Use the bars to explain why.")
    ['Who won?', 'Use the bars to explain why.']
    >>> question_parts("Which is larger? (Look at the key.)")
    ['Which is larger?']
    """
    text = " ".join(_QUESTION.sub("", question).split())
    sentences = _SENTENCE_END.split(text)
    return [
        sentence
        for sentence in sentences
        if not sentence.startswith("(")
        and (sentence.rstrip(").\"'").endswith("?") or _ASKING.match(sentence))
    ]


def lines_needed(parts: list[str]) -> int:
    """The ruled lines a question's parts need: :data:`PART_LINES` each, or
    :data:`REASON_LINES` for a part that asks for reasons.

    >>> lines_needed(["Who won?", "Why did Ann win?"])
    5
    """
    return sum(REASON_LINES if _REASONS.match(part) else PART_LINES for part in parts)


@dataclass
class _Room:
    """A question on the sheet and the room it is given, as read."""

    number: int
    line: int
    text: str
    lines: int = 0
    other: int = 0  # tables to fill in, blank axes and boxes: each answers one part

    def check(self) -> None:
        parts = question_parts(self.text)
        parts = sorted(parts, key=lambda part: bool(_REASONS.match(part)))[self.other :]
        need = lines_needed(parts)
        if self.lines < need:
            asks = "; ".join(f"'{_clip(part)}'" for part in parts)
            raise ValueError(
                f"line {self.line}: Q{self.number} asks {len(parts)} thing"
                f"{'s' if len(parts) != 1 else ''} ({asks}) and has {self.lines} ruled "
                f"line{'s' if self.lines != 1 else ''}: give it {{lines}} {need} "
                f"({PART_LINES} a part, {REASON_LINES} for a why or how; see FORMAT.md)"
            )


def _clip(text: str, most: int = 40) -> str:
    return text if len(text) <= most else text[: most - 1].rstrip() + "…"


def _blocks(source: str, first_line: int) -> list[tuple[int, str]]:
    """The paragraphs of a sheet's Markdown, each with its first line; a directive is
    always a block of its own."""
    blocks: list[tuple[int, str]] = []
    lines: list[str] = []
    start = first_line
    for number, line in enumerate(source.split("\n"), start=first_line):
        if line.strip() and not _DIRECTIVE.match(line):
            start = number if not lines else start
            lines.append(line)
            continue
        if lines:
            blocks.append((start, "\n".join(lines)))
        lines = []
        if line.strip():
            blocks.append((number, line.strip()))
    if lines:
        blocks.append((start, "\n".join(lines)))
    return blocks


def _check_room(source: str, first_line: int) -> None:
    """Refuse a question with less room to write than its parts need (see the module)."""
    questions: list[_Room] = []
    room: _Room | None = None
    for line, text in _blocks(source, first_line):
        directive = _DIRECTIVE.match(text)
        if _QUESTION.match(text):
            room = _Room(int(_QUESTION.match(text).group(1)), line, text)
            questions.append(room)
        elif text.startswith("#"):
            room = None  # a heading ends the question before it
        elif room is None:
            continue
        elif directive is not None and directive.group(1) == "lines":
            room.lines += int(directive.group(2))
        elif directive is not None and directive.group(1) in ("box", "axes"):
            room.other += 1
        elif text.startswith("|") and re.search(r"\|\s*\|", text.split("\n", 2)[-1]):
            room.other += 1  # a table with an empty cell, to fill in
    for question in questions:
        question.check()


def _keep_together(body: str) -> str:
    """Wrap each question with what follows it (its room, tables, axes) up to the next
    question or heading, so that a page break never falls between them."""
    parts = re.split(r'(?=<p class="question")|(?=<h[1-6][ >])', body)
    return "".join(
        f'<div class="q">{part}</div>\n' if part.startswith('<p class="question"') else part
        for part in parts
    )


def _directive(name: str, value: str, sheet: Sheet) -> str:
    if name in ("lines", "box"):
        if not value.isdigit() or not 1 <= int(value) <= 30:
            raise ValueError(f"expects a number of lines from 1 to 30, not {value!r}")
        count = int(value)
        if name == "lines":
            return '<div class="write">' + '<div class="line"></div>' * count + "</div>"
        return f'<div class="box" style="height: {count * LINE_MM:.1f}mm"></div>'
    if name == "axes":
        parts = [part.strip() for part in value.split("|")]
        if len(parts) not in (2, 3):
            raise ValueError("expects 'x label: 0 to 1 by 0.25 | y label: 0 to 1 by 0.1'")
        diagonal = None
        if len(parts) == 3:
            word, _, label = parts[2].partition(":")
            if word.strip() != "diagonal":
                raise ValueError(f"knows only 'diagonal' after the two axes, not {parts[2]!r}")
            diagonal = label.strip()
        return axes_svg(_axis(parts[0]), _axis(parts[1]), diagonal)
    if name == "leaves-out":
        match = _LEFT_OUT.match(value)
        if match is None:
            raise ValueError("expects 'Q9: why' or 'Q9, Q10: why'")
        numbers = [int(n) for n in re.findall(r"Q(\d+)", value.partition(":")[0])]
        for number in numbers:
            sheet.leaves_out[number] = match.group(3) or ""
        return ""
    raise ValueError("is not a directive: use {lines}, {box}, {axes} or {leaves-out}")


def _axis(text: str) -> tuple[str, float, float, float]:
    match = _AXIS.match(text)
    if match is None:
        raise ValueError(f"expects 'label: 0 to 1 by 0.25', not {text!r}")
    label, low, high, step = match.group(1), *map(float, match.groups()[1:])
    if not low < high or step <= 0 or (high - low) / step > 40:
        raise ValueError(f"expects a range from low to high in at most 40 steps: {text!r}")
    return label.strip(), low, high, step


def _number(value: float) -> str:
    return f"{value:g}"


def axes_svg(
    x: tuple[str, float, float, float],
    y: tuple[str, float, float, float],
    diagonal: str | None = None,
) -> str:
    """Blank axes to draw on, as an inline SVG figure sized in millimetres.

    ``x`` and ``y`` are (label, first value, last value, step); ``diagonal`` a
    label for a dashed corner-to-corner line ("" for none), or ``None``.

    Examples
    --------
    >>> svg = axes_svg(("share of the players", 0, 1, 0.25), ("share of the wealth", 0, 1, 0.5))
    >>> svg.count("<line"), "share of the wealth" in svg
    (8, True)
    """
    left, bottom, top, right = 13.0, 12.0, 3.0, 4.0
    side = _PLOT_MM
    width, height = left + side + right, top + side + bottom
    parts = [
        f'<div class="axes"><svg xmlns="http://www.w3.org/2000/svg" width="{width}mm" '
        f'height="{height}mm" viewBox="0 0 {width} {height}" role="img" '
        f'aria-label="Blank axes: {html.escape(x[0])} across, {html.escape(y[0])} up">'
    ]

    def ticks(axis: tuple[str, float, float, float]) -> list[float]:
        _, low, high, step = axis
        count = round((high - low) / step)
        return [low + k * step for k in range(count + 1)]

    def across(value: float) -> float:
        return left + (value - x[1]) / (x[2] - x[1]) * side

    def up(value: float) -> float:
        return top + side - (value - y[1]) / (y[2] - y[1]) * side

    for value in ticks(x):
        at = across(value)
        parts.append(
            f'<line x1="{at:.2f}" y1="{top}" x2="{at:.2f}" y2="{top + side}" class="grid"/>'
        )
        parts.append(
            f'<text x="{at:.2f}" y="{top + side + 4.2:.2f}" text-anchor="middle">'
            f"{_number(value)}</text>"
        )
    for value in ticks(y):
        at = up(value)
        parts.append(
            f'<line x1="{left}" y1="{at:.2f}" x2="{left + side}" y2="{at:.2f}" class="grid"/>'
        )
        parts.append(
            f'<text x="{left - 1.2:.2f}" y="{at + 1.1:.2f}" text-anchor="end">'
            f"{_number(value)}</text>"
        )
    parts.append(
        f'<rect x="{left}" y="{top}" width="{side}" height="{side}" class="frame"/>'
        f'<text x="{left + side / 2:.2f}" y="{height - 1.5:.2f}" text-anchor="middle" '
        f'class="label">{html.escape(x[0])}</text>'
        f'<text transform="translate(3.2 {top + side / 2:.2f}) rotate(-90)" '
        f'text-anchor="middle" class="label">{html.escape(y[0])}</text>'
    )
    if diagonal is not None:
        parts.append(
            f'<line x1="{left}" y1="{top + side}" x2="{left + side}" y2="{top}" class="diagonal"/>'
        )
        if diagonal:
            parts.append(
                f'<text transform="translate({left + side * 0.42:.2f} {top + side * 0.52:.2f}) '
                f'rotate(-45)" text-anchor="middle" class="note">{html.escape(diagonal)}</text>'
            )
    parts.append("</svg></div>")
    return "".join(parts)


STYLE = f"""
<style>
  @page {{ size: A4; margin: 10mm 14mm; }}
  html {{ font-family: "DejaVu Sans", "Liberation Sans", Arial, sans-serif; font-size: 11pt;
          line-height: 1.25; color: #000; font-variant-ligatures: none; }}
  body {{ max-width: 182mm; margin: 1rem auto; padding: 0 0.5rem; }}
  nav.lesson {{ font-size: 11pt; margin-bottom: 0.8rem; }}
  nav.lesson a {{ margin-right: 1rem; }}
  header.sheet .title {{ display: flex; justify-content: space-between; align-items: baseline; }}
  header.sheet h1 {{ font-size: 15pt; margin: 0; }}
  header.sheet .what {{ font-size: 11pt; margin: 0; white-space: nowrap; }}
  .who {{ display: flex; gap: 5mm; margin: 4mm 0 2mm; }}
  .who span {{ flex: 1; border-bottom: 1px solid #000; padding-bottom: 1mm; white-space: nowrap; }}
  .who .name {{ flex: 2.2; }}
  h2 {{ font-size: 12.5pt; margin: 3mm 0 1mm; break-after: avoid; }}
  h3 {{ font-size: 11.5pt; margin: 2.5mm 0 1mm; break-after: avoid; }}
  p, ul, ol {{ margin: 1mm 0; }}
  li {{ margin: 0.3mm 0; }}
  p.question {{ clear: both; margin-top: 2mm; }}
  div.q {{ break-inside: avoid; }}
  .write {{ overflow: hidden; }}
  .line {{ height: {LINE_MM}mm; border-bottom: 1px solid #777; }}
  .box {{ overflow: hidden; border: 1px solid #777; margin: 1mm 0 2mm; }}
  .axes {{ float: right; margin: 1mm 0 2mm 4mm; break-inside: avoid; }}
  .axes svg {{ display: block; font-size: 3.3px; }}
  .axes .grid {{ stroke: #bbb; stroke-width: 0.2; }}
  .axes .frame {{ fill: none; stroke: #000; stroke-width: 0.35; }}
  .axes .diagonal {{ stroke: #555; stroke-width: 0.3; stroke-dasharray: 1.5 1; }}
  .axes .label {{ font-size: 3.6px; }}
  .axes .note {{ font-size: 3.2px; fill: #444; }}
  table {{ border-collapse: collapse; margin: 1.5mm 0 2mm; break-inside: avoid; }}
  td:first-child {{ white-space: nowrap; }}
  th, td {{ border: 1px solid #555; padding: 0.8mm 1.5mm; text-align: left; vertical-align: top;
            font-size: 11pt; }}
  th {{ font-weight: 600; background: #eee; }}
  td:empty {{ height: {LINE_MM}mm; min-width: 12mm; }}
  figure {{ break-inside: avoid; margin: 2mm 0; }}
  figcaption {{ break-before: avoid; }}
  @media print {{
    nav.lesson, .no-print {{ display: none; }}
    body {{ max-width: none; margin: 0; padding: 0; }}
  }}
</style>
"""


def page(number: int, title: str, body: str, nav: str = "") -> str:
    """The sheet as a whole HTML page: title, name, class and date, then ``body``."""
    heading = html.escape(f"Lesson {number}: {title}")
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<title>{heading}: student sheet</title>{STYLE}</head>
<body>
{nav}
<header class="sheet">
<div class="title"><h1>{heading}</h1><p class="what">Student sheet</p></div>
<div class="who"><span class="name">Name:</span><span>Class:</span><span>Date:</span></div>
</header>
<main>
{body}
</main>
</body></html>
"""
