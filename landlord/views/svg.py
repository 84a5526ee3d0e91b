"""Drawing in SVG text: escaping, numbers, text that fits, rectangles, names cut to size.

The board pictures (:mod:`landlord.views.track`,
:mod:`landlord.views.picture` and each family's board module) are built
as strings from these few pieces, with no drawing package: a text's width is
estimated from Helvetica's advance widths, so a name can be wrapped or
squeezed to its space before the browser sees it.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

__all__ = [
    "FONT",
    "FONTS",
    "INK",
    "clip",
    "esc",
    "num",
    "rect",
    "text",
    "text_colour",
    "text_width",
    "token_labels",
    "wrap",
]

#: The smallest text, in units (pixels at the default size).
FONT = 11
INK = "#1A1A1A"
FONTS = "Arial, 'Liberation Sans', Helvetica, 'DejaVu Sans', sans-serif"

# Advance widths of Helvetica / Arial (1/1000 em) for the printable ASCII characters,
# to estimate the length of a line; others count as 600. Bold counts 10% wider.
_WIDTHS_TEXT = """
278 278 355 556 556 889 667 191 333 333 389 584 278 333 278 278
556 556 556 556 556 556 556 556 556 556 278 278 584 584 584 556
1015 667 667 722 722 667 611 778 722 278 500 667 556 833 722 778
667 778 722 667 611 722 667 944 667 667 611 278 278 278 469 556
333 556 556 500 556 556 278 556 556 222 222 500 222 833 556 556
556 556 333 500 278 556 500 722 500 500 500 334 260 334 584
"""
_WIDTHS = dict(zip(map(chr, range(32, 127)), map(int, _WIDTHS_TEXT.split()), strict=True))

# Characters XML 1.0 does not allow (C0 controls but tab, newline, carriage return).
_NOT_XML = dict.fromkeys([*range(9), 11, 12, *range(14, 32)])


def esc(text: object) -> str:
    """Text made safe for XML content and attribute values."""
    return html.escape(str(text).translate(_NOT_XML), quote=True)


def num(value: float) -> str:
    """A coordinate, with at most one decimal."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def text_width(text: str, size: float = FONT, bold: bool = False) -> float:
    """Estimated width of ``text`` in a Helvetica-like font, in units.

    Examples
    --------
    >>> round(text_width("Wall Street"), 1)
    53.8
    """
    width = sum(_WIDTHS.get(char, 600) for char in text) * size / 1000
    return width * 1.1 if bold else width


def text(
    x: float,
    y: float,
    text: str,
    *,
    size: float = FONT,
    bold: bool = False,
    anchor: str = "",
    fit: float = 0.0,
    fill: str = "",
    italic: bool = False,
) -> str:
    """A ``<text>`` element; with ``fit``, squeezed to at most that width.

    Fitted text also gets its estimated length as ``textLength``, so a wider
    fallback font is narrowed to the same width instead of overflowing.
    """
    parts = [f'<text x="{num(x)}" y="{num(y)}"']
    if size != FONT:
        parts.append(f' font-size="{num(size)}"')
    if bold:
        parts.append(' font-weight="bold"')
    if italic:
        parts.append(' font-style="italic"')
    if anchor:
        parts.append(f' text-anchor="{anchor}"')
    if fill:
        parts.append(f' fill="{fill}"')
    if fit:
        length = min(text_width(text, size, bold), fit)
        parts.append(f' textLength="{num(length)}" lengthAdjust="spacingAndGlyphs"')
    parts.append(f">{esc(text)}</text>")
    return "".join(parts)


def rect(x: float, y: float, w: float, h: float, extra: str = "") -> str:
    return (
        f'<rect x="{num(x)}" y="{num(y)}" width="{num(w)}" height="{num(h)}"'
        f"{' ' + extra if extra else ''}/>"
    )


def clip(text: str, width: float, size: float = FONT, bold: bool = False) -> str:
    """``text`` cut with an ellipsis to fit ``width`` units."""
    if text_width(text, size, bold) <= width:
        return text
    while text and text_width(text + "\u2026", size, bold) > width:
        text = text[:-1]
    return text.rstrip() + "\u2026"


def _is_initial(word: str) -> bool:
    return len(word) <= 2 and word.endswith(".") and word[:1].isalpha()


def wrap(name: str, width: float, lines: int, size: float = FONT, bold: bool = False) -> list[str]:
    """Cut ``name`` into at most ``lines`` lines of about ``width`` units.

    Words go on a line while it fits; if there are too many lines, initials
    ("D. F.") are left out; if still too many, the last line takes the rest,
    shortened with an ellipsis when even a squeeze to 70% would not fit it.

    Examples
    --------
    >>> wrap("D. F. Hogg's Game Preserves", 54, 3)
    ["Hogg's", 'Game', 'Preserves']
    >>> wrap("Soakum Lighting System", 100, 2)
    ['Soakum Lighting', 'System']
    """

    def greedy(words: list[str]) -> list[str]:
        out: list[str] = []
        for word in words:
            if out and text_width(f"{out[-1]} {word}", size, bold) <= width:
                out[-1] = f"{out[-1]} {word}"
            else:
                out.append(word)
        return out

    words = name.split()
    if not words:
        return []
    cut = greedy(words)
    if len(cut) > lines:
        kept = [word for word in words if not _is_initial(word)]
        if kept and len(kept) < len(words):
            cut = greedy(kept)
    if len(cut) > lines:
        cut = [*cut[: lines - 1], " ".join(cut[lines - 1 :])]
    limit = width / 0.7
    for k, line in enumerate(cut):
        while text_width(line, size, bold) > limit and len(line) > 2:
            line = line[:-2].rstrip() + "\u2026"
        cut[k] = line
    return cut


def _luminance(colour: str) -> float:
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (int(colour[k : k + 2], 16) for k in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def text_colour(fill: str) -> str:
    """Black or white, whichever contrasts more with ``fill`` (a ``#RRGGBB`` colour).

    Examples
    --------
    >>> text_colour("#E69F00"), text_colour("#0072B2")
    ('#000000', '#FFFFFF')
    """
    lum = _luminance(fill)
    return "#000000" if (lum + 0.05) / 0.05 >= 1.05 / (lum + 0.05) else "#FFFFFF"


def token_labels(names: Sequence[str]) -> list[str]:
    """The short label on each player's token: his initial, or initial and seat.

    When two players share an initial, every label gets its seat number
    (counted from 1), so that no two tokens read the same.

    Examples
    --------
    >>> token_labels(["Ann", "Bob", "cy"])
    ['A', 'B', 'C']
    >>> token_labels(["eager_landlord 1", "eager_landlord 2"])
    ['E1', 'E2']
    """
    initials = [(name.strip()[:1] or "?").upper() for name in names]
    if len(set(initials)) == len(initials):
        return initials
    return [f"{initial}{seat + 1}" for seat, initial in enumerate(initials)]
