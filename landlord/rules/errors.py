"""What the rules raise when a file, or an option given for it, cannot be played."""

from __future__ import annotations

from pathlib import Path

__all__ = ["RulesError"]


class RulesError(ValueError):
    """A rule-set file, or an option given for it, is not what landlord can play.

    The message names the file, the field (a dotted name, or a CSV row and
    column) and what was expected.

    Attributes
    ----------
    path : pathlib.Path or None
        The file at fault.
    where : str
        The field, or the row and column, at fault ("" when the whole file is).
    """

    __module__ = "landlord.rules"  # where it is imported from, shown in tracebacks

    def __init__(self, message: str, *, path: Path | None = None, where: str = "") -> None:
        super().__init__(message)
        self.path = path
        self.where = where
