r"""Players' names: as a table seats them, and as a terminal shows one read from a file.

A name typed to join a table is made plain by :func:`plain_name`: its
compatibility forms folded (NFKC: "\uff21nn", with a fullwidth A, is "Ann"), its hidden
characters dropped (control and format characters: zero-width spaces and
joiners, the bidi controls that turn text round, a terminal's escapes; and the
letters that show as nothing), its spaces collapsed. Two names are the same at
a table if their :func:`name_key` is: plain and compared without case.

A name read from a file (a saved game) is printed by :func:`shown_name`: its
hidden characters written as escapes, so what it holds is seen and a terminal
obeys none of it.

Examples
--------
>>> plain_name("  A\u200bnn \t Lee\u202e ")
'Ann Lee'
>>> plain_name("\uff21nn") == "Ann", name_key("ANN") == name_key("a\u200dnn")
(True, True)
>>> plain_name("\u200b\u3164")
''
>>> print(shown_name("\x1b[31mRed\nline\u202e"))
\x1b[31mRed\nline\u202e
"""

from __future__ import annotations

import unicodedata

__all__ = ["name_key", "plain_name", "shown_name"]

#: The kinds of character a name never shows (Unicode categories): control characters,
#: format characters (zero-width spaces and joiners, bidi controls), lone surrogates and
#: the line and paragraph separators.
HIDDEN_KINDS = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})
#: Letters and marks that show as nothing (Unicode's default-ignorable code points that
#: are not format characters: the Hangul fillers, variation selectors and the like) and
#: the blank Braille pattern.
BLANK_LETTERS = frozenset(
    "\u034f\u115f\u1160\u17b4\u17b5\u2800\u3164\uffa0"
    + "".join(map(chr, range(0x180B, 0x1810)))
    + "".join(map(chr, range(0xFE00, 0xFE10)))
    + "".join(map(chr, range(0xE0100, 0xE01F0)))
)


def hidden(character: str) -> bool:
    r"""Whether ``character`` shows as nothing, or moves or changes the text around it.

    >>> [hidden(c) for c in "a \u200b\u202e\x1b\u3164"]
    [False, False, True, True, True, True]
    """
    return unicodedata.category(character) in HIDDEN_KINDS or character in BLANK_LETTERS


def plain_name(name: str) -> str:
    r"""``name`` as a table seats it: hidden characters dropped (a tab or a new line is a
    space), compatibility forms folded (NFKC), spaces collapsed; "" if nothing is left.

    >>> plain_name("\uff23leo\n  of\u00a0\uff34yre")
    'Cleo of Tyre'
    """
    kept = "".join(
        " " if character.isspace() else character
        for character in name
        if character.isspace() or not hidden(character)
    )
    return " ".join(unicodedata.normalize("NFKC", kept).split())


def name_key(name: str) -> str:
    """What two names that are the same at a table share: the plain name without case.

    >>> name_key("Straße") == name_key("STRASSE")
    True
    """
    return unicodedata.normalize("NFKC", plain_name(name).casefold())


def _escape(character: str) -> str:
    number = ord(character)
    if number < 0x100:
        named = {"\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t"}
        return named.get(character, f"\\x{number:02x}")
    return f"\\u{number:04x}" if number < 0x10000 else f"\\U{number:08x}"


def shown_name(text: str) -> str:
    r"""``text`` (a name read from a file) as a terminal may show it: each hidden character
    written as an escape (``\x1b``, ``\n``, ``\u202e``, ``\ud800``) and a backslash
    doubled, so that no escape it shows is one the name typed.

    >>> print(shown_name("Zoë"), shown_name("\ud800"), shown_name("C:\\x1b"))
    Zoë \ud800 C:\\x1b
    """
    return "".join(
        _escape(character) if character == "\\" or hidden(character) else character
        for character in text
    )
