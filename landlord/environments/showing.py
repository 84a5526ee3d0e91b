"""A game shown by an environment: the board in words as plain text, or the board's SVG.

``render_mode="ansi"`` gives the kit's board in words
(:func:`landlord.views.board_text.board_text_html`) as lines of plain text for a
terminal: the heading, whose turn it is, a line per player and per space with a
card (cells joined by `` | ``), then the public figures. ``"svg"`` gives the board
picture (:func:`landlord.views.board.board_svg`) as one SVG string; ``"human"``
prints the plain text.

Examples
--------
>>> from landlord.session import Session
>>> game = Session("quikopoly", ["eager_landlord"] * 2, seed=1).run(max_steps=30)
>>> print(board_words(game).splitlines()[0])
The board in words: Quikopoly (piecepack, v1.0 2023)
"""

from __future__ import annotations

from html.parser import HTMLParser
from typing import Any

from landlord.views.board import board_svg
from landlord.views.board_text import board_text_html

__all__ = ["RENDER_MODES", "board_words", "show"]

#: What ``render_mode`` may be.
RENDER_MODES = ("ansi", "svg", "human")

#: The elements after which the text goes on a new line.
_LINE_ENDS = {"h1", "h2", "h3", "h4", "h5", "h6", "p", "caption", "tr", "li", "div", "section"}


class _PlainText(HTMLParser):
    """Reads the board in words' HTML and keeps its text, a line per row or paragraph."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lines: list[str] = []
        self._line: list[str] = []
        self._skipping = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("style", "script"):
            self._skipping += 1
        elif tag in ("td", "th") and self._line:
            self._line.append(" | ")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("style", "script"):
            self._skipping -= 1
        elif tag in _LINE_ENDS:
            self._end_line()

    def handle_data(self, data: str) -> None:
        if not self._skipping:
            self._line.append(data)

    def _end_line(self) -> None:
        text = " ".join("".join(self._line).split())
        if text:
            self.lines.append(text)
        self._line = []

    def text(self) -> str:
        self._end_line()
        return "\n".join(self.lines)


def board_words(game: Any) -> str:
    """The board in words of ``game`` now, as plain text."""
    reader = _PlainText()
    reader.feed(board_text_html(game))
    reader.close()
    return reader.text()


def show(game: Any, mode: str | None) -> str | None:
    """What ``render()`` returns in ``mode`` (``"human"`` prints and returns None)."""
    if mode is None:
        return None
    if mode == "svg":
        return board_svg(game)
    words = board_words(game)
    if mode == "human":
        print(words)
        return None
    return words
