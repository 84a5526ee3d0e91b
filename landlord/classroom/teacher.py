"""The teacher's dashboard: its page, its live connection and the teacher's commands.

The dashboard needs the teacher's key (printed only in the terminal that
started the server), kept in a signed cookie. Its connection gets every
table's card and sends the commands: add tables, pause, resume and end the
lesson, seat a bot, start tables, play tables on.
"""

from __future__ import annotations

import secrets
from typing import Any

import tornado.web

from landlord.classroom.connections import Socket
from landlord.classroom.handlers import CLASS_COOKIE, TEACHER_COOKIE, Handler
from landlord.classroom.pages import teacher_page
from landlord.classroom.store import StoreUnavailable
from landlord.table import rule_set_menu

__all__ = ["AFTER_THE_END", "TEACHER_CONNECTIONS", "TeacherHandler", "TeacherSocket"]

#: The teacher's dashboards open at once (kept apart from the students' places).
TEACHER_CONNECTIONS = 8
#: The teacher's commands that have no sense once the lesson has ended.
AFTER_THE_END = {"add", "pause", "resume", "end", "seat", "start", "start_all"}


class TeacherHandler(Handler):
    def get(self) -> None:
        key = self.get_query_argument("key", "")
        if key:
            if not secrets.compare_digest(key.encode(), self.server.lesson.teacher_key.encode()):
                raise tornado.web.HTTPError(403)
            self.put_cookie(TEACHER_COOKIE, self.server.lesson.code)
            self.put_cookie(CLASS_COOKIE, self.server.lesson.code)
            self.redirect(f"{self.base}teacher")
            return
        if not self.is_teacher():
            raise tornado.web.HTTPError(403)
        server = self.server
        self.page(
            teacher_page(
                self.base, server.student_url, server.lesson.key, server.qr_svg, rule_set_menu()
            )
        )


class TeacherSocket(Socket):
    """The teacher's dashboard: every table's card, and the teacher's commands."""

    def allowed(self) -> bool:
        return secrets.compare_digest(self.cookie(TEACHER_COOKIE), self.server.lesson.code)

    def has_room(self) -> bool:
        """The teacher's own places: students' connections never take them."""
        return len(self.server.teachers) < TEACHER_CONNECTIONS

    def budget_key(self) -> tuple:
        return ("teacher",)

    def open(self) -> None:
        super().open()
        #: The number of each table's charts played on this screen was sent last.
        self.kept_shown: dict[str, int] = {}
        self.server.teachers.add(self)
        self.server.tell_teachers(self.server.cards(), [self])

    def forget(self) -> None:
        self.server.teachers.discard(self)

    def on_message(self, message: str | bytes) -> None:
        data = self.read(message)
        if data is None:
            return
        try:
            why = self.command(data)
        except ValueError as error:  # the kit's checks say what is wrong in a sentence
            why = str(error)
        except StoreUnavailable as error:
            why = str(error)
        if why:
            self.send({"problem": why})

    def command(self, data: dict[str, Any]) -> str | None:
        lesson = self.server.lesson
        kind = data.get("kind")
        for name in ("table", "rules", "second", "player"):
            if data.get(name) is not None and not isinstance(data[name], str):
                return f"That command is not understood (its {name} is not a word)."
        if lesson.ended and kind in AFTER_THE_END:
            return "The lesson has ended: start a new lesson to play again."
        if kind == "add":
            rules = tuple(r for r in (data.get("rules"), data.get("second")) if r)
            count, seats = data.get("count"), data.get("seats")
            for number in (count, seats):
                if not isinstance(number, int) or isinstance(number, bool):
                    return "The numbers of tables and of players are whole numbers."
            seed = data.get("seed")
            if seed is not None and (
                not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**31
            ):
                return "The seed is a whole number from 0 to 2147483647."
            made = lesson.add_tables(count, seats, rules=rules, seed=seed)
            self.server.measure()
            self.server.show([table.code for table in made])
            self.server.tell_teachers(self.server.cards(), [self])
            return None
        if kind in {"pause", "resume", "end"}:
            lesson.set_mark(kind)
            self.server.sync()  # every screen shows it (sync sees the new mark)
            return None
        if kind == "seat":
            code, seat, player = data.get("table"), data.get("seat"), data.get("player")
            why = lesson.act(code, {"kind": "seat", "seat": seat, "player": player})
            self.server.show([code])
            return why
        if kind in {"start", "start_all"}:
            codes = list(lesson.tables) if kind == "start_all" else [data.get("table")]
            for code in codes:
                table = lesson.tables.get(code)
                if table is None or table.started:
                    continue
                bot = table.spec.get("bot", "eager_landlord")
                for seat in table.open_seats():
                    lesson.act(code, {"kind": "seat", "seat": seat, "player": bot})
                why = lesson.act(code, {"kind": "start"})
                if why is not None and kind == "start":
                    return why
            self.server.show(codes)
            return None
        if kind == "keep_playing":
            code = data.get("table")
            if not isinstance(code, str) or code not in lesson.tables:
                return f"There is no table {str(code)[:8]}."
            why = self.server.keep_playing(code)
            if why == "":  # nothing new: this screen as it is now
                self.server.tell_teachers(self.server.cards([code]), [self])
            return why or None
        if kind == "keep_playing_all":
            started = [code for code, table in lesson.tables.items() if table.started]
            if not started:
                return "No table has started yet: there is nothing to play on."
            for code in started:
                self.server.keep_playing(code)
            return None
        return "That is not a command."
