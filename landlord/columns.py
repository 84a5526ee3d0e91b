"""Rows of text in columns, as the command line prints its tables.

It imports nothing of the kit, so a command that prints a table (``landlord rules``)
pays for no more than this file.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["columns"]


def columns(rows: Sequence[Sequence[str]], indent: str = "") -> str:
    """Rows in columns, each as wide as its widest cell, two spaces apart.

    Parameters
    ----------
    rows : sequence of sequence of str
        The rows, the heading first; every row has as many cells.
    indent : str
        Put before every line.

    Returns
    -------
    str
        One line a row, without trailing spaces, and no new line at the end.

    Examples
    --------
    >>> print(columns([("square", "name"), ("10", "Jail"), ("24", "Illinois Avenue")]))
    square  name
    10      Jail
    24      Illinois Avenue
    """
    widths = [max(len(row[column]) for row in rows) for column in range(len(rows[0]))]
    lines = []
    for row in rows:
        cells = [cell.ljust(width) for cell, width in zip(row, widths, strict=True)]
        lines.append(indent + "  ".join(cells).rstrip())
    return "\n".join(lines)
