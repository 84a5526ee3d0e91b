"""The class's downloads from the dashboard: its games (JSON) and its results (CSV)."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

import tornado.web

from landlord.classroom.handlers import Handler
from landlord.classroom.lesson import Lesson

__all__ = ["FORMULA_STARTS", "DownloadHandler", "inert", "lesson_document", "results_csv"]

#: How a spreadsheet formula starts (a CSV cell starting so is made text: :func:`inert`).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


class DownloadHandler(Handler):
    """The class's games (JSON: every table's entries and its saved game) and results (CSV)."""

    def get(self, what: str) -> None:
        if not self.is_teacher():
            raise tornado.web.HTTPError(403)
        lesson = self.server.lesson
        if what == "games.json":
            self.set_header("Content-Type", "application/json")
            self.set_header("Content-Disposition", "attachment; filename=class-games.json")
            self.finish(json.dumps(lesson_document(lesson), indent=1))
        else:
            self.set_header("Content-Type", "text/csv; charset=utf-8")
            self.set_header("Content-Disposition", "attachment; filename=class-results.csv")
            self.finish(results_csv(lesson))


def lesson_document(lesson: Lesson) -> dict[str, Any]:
    """The lesson as one JSON document: each table's spec, seats, entries and saved game."""
    tables = []
    for code, table in lesson.tables.items():
        entries = [entry for _, entry in lesson.store.entries(lesson.code, code)]
        for entry in entries:
            entry.pop("token", None)  # the seat keys' hashes stay on the server
        tables.append(
            {
                "code": code,
                "spec": table.spec,
                "seats": [
                    {"name": seat.name, "player": seat.player, "holder": seat.holder}
                    for seat in table.seats
                ],
                "entries": entries,
                "game": json.loads(table.game_table.saved()) if table.started else None,
            }
        )
    return {
        "format": "landlord-class",
        "version": 1,
        "lesson": lesson.code,
        "title": lesson.settings.get("title", ""),
        "paused": lesson.paused,
        "ended": lesson.ended,
        "tables": tables,
    }


def inert(cell: Any) -> Any:
    """A text cell a spreadsheet will show as text: one a student typed (a name) that
    starts like a formula (``= + - @``, a tab or a carriage return) gets a leading
    apostrophe; numbers stay numbers.

    Examples
    --------
    >>> [inert(cell) for cell in ("=HYPERLINK(1)", "@SUM(A1)", "Ann", -40, "-Ann")]
    ["'=HYPERLINK(1)", "'@SUM(A1)", 'Ann', -40, "'-Ann"]
    """
    if isinstance(cell, str) and cell[:1] in FORMULA_STARTS:
        return "'" + cell
    return cell


def results_csv(lesson: Lesson) -> str:
    """One row per table, round and player: cash and net worth, and the round's Gini
    (a cell a student typed cannot act as a spreadsheet formula: :func:`inert`)."""
    from landlord.metrics import gini

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(
        ["table", "rules", "pair", "seed", "round", "player", "name", "seat", "cash",
         "net_worth", "gini_net_worth"]
    )  # fmt: skip
    for code, table in lesson.tables.items():
        game = table.game
        if game is None:
            continue
        for round_, cash, worths in game.round_net_worths:
            figure = float(gini(worths)) if sum(worths) > 0 else float("nan")
            for player in range(game.n_players):
                writer.writerow(
                    [inert(cell) for cell in (
                        code, table.spec["rules"], table.spec.get("pair", ""), table.spec["seed"],
                        round_, player, game.names[player], table.seats[player].player,
                        cash[player], worths[player], f"{figure:.4f}")]
                )  # fmt: skip
    return out.getvalue()
