"""The class server's pages: what every page shares, the password, joining a table.

:class:`Handler` is the base of every page (and :func:`see_address` of every
request, websockets too): the visitor's own address, the security headers
(:data:`POLICY`), the signed cookies that hold the class password, a seat or
the teacher's key. The pages of this module are the class's door (the
password, typed or carried by the QR code's link), the form to join a table
and a table's page; the teacher's are in :mod:`~landlord.classroom.teacher`.
"""

from __future__ import annotations

import math
import secrets
import time
from typing import Any

import tornado.web

from landlord.classroom.door import client_address
from landlord.classroom.pages import enter_page, join_page, message_page, table_page
from landlord.classroom.server import ClassServer
from landlord.classroom.store import StoreUnavailable
from landlord.classroom.tables import token_hash

__all__ = [
    "CLASS_COOKIE",
    "COOKIE_DAYS",
    "POLICY",
    "SEAT_COOKIE",
    "TEACHER_COOKIE",
    "EnterHandler",
    "Handler",
    "HomeHandler",
    "JoinHandler",
    "NotFound",
    "TablePageHandler",
    "see_address",
]

CLASS_COOKIE = "landlord_class"
#: Days a device keeps its seat and the class password: a lesson may go on for a week or
#: two (the server started again on the same store), and each lesson has its own keys.
COOKIE_DAYS = 14
TEACHER_COOKIE = "landlord_teacher"
SEAT_COOKIE = "landlord_seat_"
#: The content security policy of every answer.
POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; form-action 'self'; base-uri 'none'; "
    "frame-ancestors 'none'"
)


def see_address(handler: Any) -> None:
    """Put the visitor's own address in ``request.remote_ip`` (see
    :func:`~landlord.classroom.door.client_address`): the proxies trusted are
    the application's ``proxy_hops``."""
    request = handler.request
    hops = handler.application.settings.get("proxy_hops", 0)
    forwarded = request.headers.get("X-Forwarded-For", "")
    request.remote_ip = client_address(request.remote_ip or "", forwarded, hops)


class Handler(tornado.web.RequestHandler):
    """What every page shares: the lesson, its keys, the security headers."""

    @property
    def server(self) -> ClassServer:
        return self.application.settings["class_server"]

    @property
    def base(self) -> str:
        return self.application.settings["base"]

    def prepare(self) -> None:
        see_address(self)

    def set_default_headers(self) -> None:
        self.set_header("Content-Security-Policy", POLICY)
        self.set_header("X-Content-Type-Options", "nosniff")
        self.set_header("Referrer-Policy", "no-referrer")
        self.set_header("Cache-Control", "no-store")
        self.set_header("X-Frame-Options", "DENY")

    def cookie(self, name: str) -> str:
        value = self.get_signed_cookie(name, max_age_days=COOKIE_DAYS)
        return value.decode() if value else ""

    def put_cookie(self, name: str, value: str) -> None:
        self.set_signed_cookie(
            name,
            value,
            expires_days=COOKIE_DAYS,
            httponly=True,
            samesite="Strict",
            path=self.base,
        )

    def in_class(self) -> bool:
        return secrets.compare_digest(self.cookie(CLASS_COOKIE), self.server.lesson.code)

    def is_teacher(self) -> bool:
        return secrets.compare_digest(self.cookie(TEACHER_COOKIE), self.server.lesson.code)

    def page(self, text: str, status: int = 200) -> None:
        self.set_status(status)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.finish(text)

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        words = {
            403: ("Not allowed", "This page needs the class password or the teacher's link."),
            404: ("Not here", "There is no such page on the class server."),
            405: ("Not here", "There is no such page on the class server."),
            429: ("Slow down", "Too many tries: wait a few minutes, then try again."),
        }
        title, text = words.get(status_code, ("Something went wrong", "Please try again."))
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.finish(message_page(self.base, title, text))

    def held_seats(self) -> list[tuple[str, str]]:
        held = []
        for code, table in self.server.lesson.tables.items():
            key = self.cookie(SEAT_COOKIE + code)
            if key and table.seat_of(token_hash(key)) is not None:
                held.append((code, table.title))
        return held


class HomeHandler(Handler):
    def get(self) -> None:
        key = self.get_query_argument("key", "")
        if key:
            self._enter(key)
            return
        if not self.in_class():
            self.page(enter_page(self.base, self.xsrf_form_html()))
            return
        self.page(join_page(self.base, self.xsrf_form_html(), self.held_seats()))

    def _enter(self, key: str) -> None:
        address = self.request.remote_ip or ""
        door = self.server.door
        wait = door.wait(address)
        if wait:  # not checked: the answer tells a guesser nothing
            self.set_header("Retry-After", str(math.ceil(wait)))
            self.page(
                message_page(
                    self.base,
                    "Slow down",
                    f"Too many wrong passwords from here: wait {math.ceil(wait)} s, then try "
                    "again.",
                ),
                429,
            )
            return
        if not secrets.compare_digest(key.encode(), self.server.lesson.key.encode()):
            door.wrong(address)
            self.page(
                enter_page(self.base, self.xsrf_form_html(), "That is not the class password."),
                403,
            )
            return
        self.put_cookie(CLASS_COOKIE, self.server.lesson.code)
        self.redirect(self.base)


class EnterHandler(HomeHandler):
    def post(self) -> None:
        self._enter(self.get_body_argument("key", "").strip())


class JoinHandler(Handler):
    def post(self) -> None:
        if not self.in_class():
            raise tornado.web.HTTPError(403)
        code = self.get_body_argument("table", "").strip().upper()[:8]
        name = " ".join(self.get_body_argument("name", "").split())
        lesson = self.server.lesson

        def again(error: str, status: int = 400) -> None:
            self.page(
                join_page(self.base, self.xsrf_form_html(), self.held_seats(), error, code, name),
                status,
            )

        try:
            lesson.catch_up()
        except StoreUnavailable as error:
            again(str(error), 503)
            return
        table = lesson.tables.get(code)

        if table is None:
            again(
                f"There is no table {code or '(empty)'}: check the code on the teacher's screen."
            )
            return
        key = self.cookie(SEAT_COOKIE + code)
        if key and table.seat_of(token_hash(key)) is not None:
            self.redirect(f"{self.base}table/{code}")  # this browser sits there already
            return
        free = table.open_seats()
        if not free:
            again(f"Every seat at table {code} is taken: ask the teacher.")
            return
        joined = self.server.joins[self.request.remote_ip]
        now = time.monotonic()
        while joined and now - joined[0] > 600:
            joined.popleft()
        if len(joined) >= self.application.settings["seats_per_address"]:
            again("This device has taken seats enough for now: ask the teacher for a seat.", 429)
            return
        key = secrets.token_urlsafe(24)
        why = lesson.act(
            code, {"kind": "join", "seat": free[0], "name": name, "token": token_hash(key)}
        )
        if why is not None:
            again(why)
            return
        joined.append(now)
        self.put_cookie(SEAT_COOKIE + code, key)
        self.server.show([code])
        self.redirect(f"{self.base}table/{code}")


class TablePageHandler(Handler):
    def get(self, code: str) -> None:
        if not self.in_class():
            self.redirect(self.base)
            return
        lesson = self.server.lesson
        if code not in lesson.tables:
            try:
                lesson.catch_up()  # another server of the class may have added it
            except StoreUnavailable as error:
                self.page(message_page(self.base, "Not now", str(error)), 503)
                return
        table = lesson.tables.get(code)
        if table is None:
            raise tornado.web.HTTPError(404)
        seat = table.seat_of(token_hash(self.cookie(SEAT_COOKIE + code)))
        name = "" if seat is None else table.seats[seat].name
        self.page(table_page(self.base, code, table.title, name))


class NotFound(Handler):
    def prepare(self) -> None:
        super().prepare()  # the visitor's own address, for the log
        raise tornado.web.HTTPError(404)
