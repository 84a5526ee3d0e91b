"""The class server: tables across a class's devices, and the teacher's dashboard.

It is a small Tornado application, not Voila: the games run in the server's
own process and the browsers get HTML and a websocket of views. No kernel is
started and none is reachable, so no visitor can run code, whatever they send
(the kit's Voila apps answer widget messages from a kernel per tab; here a
message can only be one of a few moves, checked by the game).

Who may do what:

* a visitor needs the class password (typed, or carried by the QR code's
  link) before any page but the password form; it is kept in a signed cookie;
* a seat is held with a random key in a signed cookie of the browser that
  joined it: another browser, another table's cookie or a guessed key acts
  for nobody (it may watch);
* the teacher's dashboard needs the teacher's key, printed only in the
  terminal that started the server.

A table's game can be played on by bots ("What if we kept playing?",
:mod:`landlord.classroom.kept`) in the worker process that plays the
dashboard's simulated games: one run per table at a time, kept for the
position it was played from, so a click (anyone's, any number of them) starts
at most one, and a flood of them is cut off as any other.

Every page is sent with a content security policy that allows only the
server's own script and style; cookies are HttpOnly and SameSite=Strict; form
posts carry Tornado's XSRF token and websockets must come from the server's
own pages (their Origin is checked).
"""

from __future__ import annotations

import contextlib
import csv
import functools
import html
import io
import itertools
import json
import logging
import math
import re
import secrets
import time
from collections import defaultdict, deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

import tornado.web
import tornado.websocket
from tornado.ioloop import IOLoop, PeriodicCallback

from landlord.classroom.door import (
    SEATS_PER_ADDRESS,
    SEATS_PER_ADDRESS_BEHIND_PROXY,
    Door,
    client_address,
)
from landlord.classroom.kept import (
    GAMES,
    UNTIL_ROUND,
    KeptPlaying,
    kept_view,
    leave_with_server,
    play_on,
    position,
)
from landlord.classroom.lesson import MOVED_ON, Lesson
from landlord.classroom.pages import (
    enter_page,
    join_page,
    message_page,
    table_page,
    teacher_page,
)
from landlord.classroom.store import StoreUnavailable
from landlord.classroom.tables import BOTS, token_hash
from landlord.classroom.views import seat_view, shared_view, table_card
from landlord.classroom.yardstick import SIMULATED_GAMES, Yardstick, experiment_html, simulate
from landlord.rules import load_rules
from landlord.table import rule_set_menu

__all__ = ["ClassServer", "make_app"]


@functools.lru_cache(maxsize=64)
def table_title(rules: str) -> str:
    """A rule set's title."""
    return load_rules(rules).info.title


log = logging.getLogger("landlord.classroom")
access = logging.getLogger("tornado.access")

STATIC = Path(__file__).parent / "static"
#: Messages one connection may send in ten seconds (a student clicks; a script floods).
MOST_MESSAGES = 40
#: Connections the server keeps open at once to students (a class of 32 with a few tabs
#: each); the teacher's dashboard has its own places (:data:`TEACHER_CONNECTIONS`).
MOST_CONNECTIONS = 400
#: Connections one seat may hold open at once (a phone and a laptop, a tab reloaded).
SEAT_CONNECTIONS = 6
#: Connections one address may hold open at once: a class behind one address (a
#: school's network in front of a hub) fits; one device cannot take the server's all.
ADDRESS_CONNECTIONS = 120
#: The teacher's dashboards open at once (kept apart from the students' places).
TEACHER_CONNECTIONS = 8
#: Bytes a websocket message may have (a move is some tens).
MOST_MESSAGE_BYTES = 4096
#: How a spreadsheet formula starts (a CSV cell starting so is made text: :func:`inert`).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
#: The teacher's commands that have no sense once the lesson has ended.
AFTER_THE_END = {"add", "pause", "resume", "end", "seat", "start", "start_all"}
#: How often the server reads what other servers of the class wrote (seconds).
SYNC_SECONDS = 1.0

CLASS_COOKIE = "landlord_class"
#: Days a device keeps its seat and the class password: a lesson may go on for a week or
#: two (the server started again on the same store), and each lesson has its own keys.
COOKIE_DAYS = 14
TEACHER_COOKIE = "landlord_teacher"
SEAT_COOKIE = "landlord_seat_"
#: What a table's page adds after the status that announces the charts.
CHARTS_BELOW = " The charts are at the foot of the page."
#: The content security policy of every answer.
POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; form-action 'self'; base-uri 'none'; "
    "frame-ancestors 'none'"
)


class ClassServer:
    """The live side of a lesson: who is connected where, and sending them views."""

    def __init__(
        self,
        lesson: Lesson,
        student_url: str = "",
        qr_svg: str = "",
        yardstick_games: int = SIMULATED_GAMES,
        kept_games: int = GAMES,
        kept_until_round: int = UNTIL_ROUND,
    ) -> None:
        self.lesson = lesson
        self.yardstick_games = yardstick_games
        #: Continuations of each set of rules a "What if we kept playing?" click plays (0:
        #: no button), and the round they stop after.
        self.kept_games = kept_games
        self.kept_until_round = kept_until_round
        #: Each table's playing on (see :mod:`landlord.classroom.kept`).
        self.kept: dict[str, KeptPlaying] = defaultdict(KeptPlaying)
        self._asked = itertools.count(1)
        #: The simulated games of each plan of tables (rule sets, seats, bot); None while
        #: they are played, False if they could not be.
        self.yardsticks: dict[tuple, Yardstick | bool | None] = {}
        self._pool: Any = None
        self._marks_shown = lesson.marks_read
        self._experiment: tuple[Any, str] = (None, "")
        self.student_url = student_url
        self.qr_svg = qr_svg
        self.watchers: dict[str, set[TableSocket]] = defaultdict(set)
        self.teachers: set[TeacherSocket] = set()
        #: Wrong class passwords, by address (see :mod:`landlord.classroom.door`).
        self.door = Door()
        #: Whether the last reading of the store found it unavailable (said once).
        self._store_lost = False
        #: The times of the messages each seat (or watching address) sent lately.
        self.budgets: dict[tuple, deque[float]] = defaultdict(deque)
        #: When each address took its seats lately (see :data:`SEATS_PER_ADDRESS`).
        self.joins: dict[str, deque[float]] = defaultdict(deque)
        #: When each (status, address) last had a refusal logged, and how many were held
        #: back since (see :func:`log_request`).
        self.refusals_logged: dict[tuple[int, str], list[float]] = {}
        #: The students' connections open from each address.
        self.addresses: dict[str, int] = defaultdict(int)

    @property
    def connections(self) -> int:
        return self.student_connections + len(self.teachers)

    @property
    def student_connections(self) -> int:
        return sum(len(sockets) for sockets in self.watchers.values())

    def budget(self, key: tuple) -> deque[float]:
        """The times of the messages ``key`` (a seat, an address) sent lately; the book
        forgets those who sent nothing for ten seconds once it holds many."""
        if len(self.budgets) > 4 * MOST_CONNECTIONS:
            now = time.monotonic()
            for old in [k for k, sent in self.budgets.items() if not sent or now - sent[-1] > 10]:
                del self.budgets[old]
        return self.budgets[key]

    def count_screens(self) -> None:
        """Tell the teachers how many screens are connected (no table's card changed)."""
        if self.teachers:
            self.tell_teachers(self.cards([]))

    def seat_connections(self, code: str, key_hash: str) -> int:
        return sum(1 for s in self.watchers.get(code, ()) if s.key_hash == key_hash)

    def connected_seats(self, code: str) -> set[int]:
        return {s.seat for s in self.watchers.get(code, ()) if s.seat is not None}

    def show(self, codes: list[str] | None = None) -> None:
        """Send every screen of these tables (all, by default) and the teachers their views."""
        lesson = self.lesson
        codes = list(lesson.tables) if codes is None else codes
        for code in codes:
            table = lesson.tables.get(code)
            if table is None:
                continue
            connected = self.connected_seats(code)
            shared = shared_view(table, lesson.paused, lesson.ended)  # once for all screens
            shared["kept"] = self.kept_state(code, CHARTS_BELOW)
            for socket in list(self.watchers.get(code, ())):
                socket.send(self.socket_view(shared, table, socket, connected))
        if self.teachers and codes:
            self.tell_teachers(self.cards(codes))

    def socket_view(
        self, shared: dict[str, Any], table: Any, socket: Any, connected: Any = None
    ) -> dict[str, Any]:
        """One device's view (see :func:`~landlord.classroom.views.seat_view`): the button
        "What if we kept playing?" only for a seat's holder, and the charts played on if
        this screen has not had them yet."""
        lesson = self.lesson
        seat = socket.seat
        if connected is None:
            connected = self.connected_seats(table.code)
        view = seat_view(shared, table, seat, connected, lesson.paused, lesson.ended)
        if view["kept"] is not None:
            view["kept"] = {**view["kept"], "offer": seat is not None}
        record = self.kept.get(table.code)
        result = None if record is None else record.result
        if result is not None and getattr(socket, "kept_shown", 0) != record.number:
            socket.kept_shown = record.number
            view["panel"] = result.table_html
        return view

    def tell_teachers(self, cards: dict[str, Any], teachers: Any = None) -> None:
        """Send the teachers' screens (or these ones) these cards, each with the charts
        played on that screen has not had yet."""
        for teacher in list(self.teachers if teachers is None else teachers):
            message = cards
            shown = teacher.kept_shown
            for number, card in enumerate(cards["cards"]):
                record = self.kept.get(card["code"])
                if record is None or record.result is None:
                    continue
                if shown.get(card["code"]) != record.number:
                    shown[card["code"]] = record.number
                    if message is cards:
                        message = {**cards, "cards": list(cards["cards"])}
                    message["cards"][number] = {**card, "panel": record.result.card_html}
            teacher.send(message)

    def kept_state(self, code: str, where: str = "") -> dict[str, Any] | None:
        """Table ``code``'s button and status line (see
        :func:`~landlord.classroom.kept.kept_view`)."""
        record = self.kept.get(code) or KeptPlaying()
        ahead = 0
        if record.running is not None:
            ahead = sum(
                1
                for other in self.kept.values()
                if other.running is not None and other.order < record.order
            )
        return kept_view(
            record,
            self.lesson.tables[code],
            self.kept_games,
            self.kept_until_round,
            ahead,
            where,
        )

    def submit(self, function: Callable[..., Any], *args: Any) -> Any:
        """Run ``function(*args)`` in the worker process (started at the first call, and
        again if it died; it ends if this server is killed); return its future. The runs
        queue, the oldest first."""
        import multiprocessing
        import os
        from concurrent.futures import ProcessPoolExecutor
        from concurrent.futures.process import BrokenProcessPool

        for attempt in (1, 2):
            if self._pool is None:
                self._pool = ProcessPoolExecutor(
                    1,
                    multiprocessing.get_context("spawn"),
                    initializer=leave_with_server,
                    initargs=(os.getpid(),),
                )
            try:
                return self._pool.submit(function, *args)
            except BrokenProcessPool:
                if attempt == 2:
                    raise
                log.warning("the worker process had stopped: starting another")
                self._pool = None
        raise AssertionError("unreachable")  # pragma: no cover

    def keep_playing(self, code: str) -> str | None:
        """Play table ``code``'s game on from where it stands, in the worker process:
        unless a run of that table plays now, or one was played from this position
        (then nothing new starts: a click is idempotent).

        Returns
        -------
        str or None
            None when a run started (every screen of the table and the teachers are
            shown it), "" when nothing new started, or why it cannot, in a sentence.
        """
        table = self.lesson.tables.get(code)
        if table is None:
            return f"There is no table {code}."
        if not self.kept_games:
            return "Playing on is turned off on this server."
        at = position(table)
        if at is None:
            return "The game has not started yet: there is nothing to play on."
        record = self.kept[code]
        if record.running is not None or record.settled(at):
            return ""
        loop = IOLoop.current()
        try:
            future = self.submit(
                play_on,
                table.game.to_json(),
                list(at[1]),
                self.kept_games,
                self.kept_until_round,
                table.spec["seed"],
            )
        except Exception:
            log.exception("playing table %s on could not start", code)
            return "Playing on cannot start now: the server's log says why."
        record.running, record.order = at, next(self._asked)
        record.from_round = table.game.round
        future.add_done_callback(lambda done: loop.add_callback(self._played_on, code, at, done))
        self.show([code])
        return None

    def _played_on(self, code: str, at: tuple, done: Any) -> None:
        from concurrent.futures.process import BrokenProcessPool

        record = self.kept[code]
        record.running = None
        record.played = at
        try:
            result = done.result()
        except ValueError as error:  # this game cannot be played on: the kit says why
            record.failed = f"This game cannot be played on: {error}."
        except BrokenProcessPool:  # the worker was stopped (by the system, say): again
            log.exception("the worker stopped while playing table %s on", code)
            record.played = None
            record.failed = (
                "The server's worker stopped before it had played this game on: press the "
                "button to try again."
            )
        except Exception:
            log.exception("playing table %s on failed", code)
            record.failed = "Playing on did not work: the server's log says why."
        else:
            record.failed = ""
            record.result = result
            record.number += 1
        # This table's screens, and those of the tables still waiting (one fewer ahead).
        waiting = [other for other, kept in self.kept.items() if kept.running is not None]
        self.show([code, *waiting])

    def plans(self) -> list[tuple]:
        """The lesson's plans of tables: (rule sets, seats, bot), in the order added."""
        found: dict[tuple, None] = {}
        for table in self.lesson.tables.values():
            spec = table.spec
            plan = (tuple(spec.get("plan", [spec["rules"]])), spec["seats"], spec.get("bot"))
            found[plan] = None
        return list(found)

    def measure(self) -> None:
        """Start the simulated games of any plan that has none (in a process of their own,
        so the tables do not wait), and show them to the teachers when they are played."""
        loop = IOLoop.current()
        for plan in self.plans():
            if plan in self.yardsticks or not self.yardstick_games:
                continue
            self.yardsticks[plan] = None
            future = self.submit(simulate, *plan, self.yardstick_games)
            future.add_done_callback(
                lambda done, plan=plan, loop=loop: loop.add_callback(self._measured, plan, done)
            )

    def _measured(self, plan: tuple, done: Any) -> None:
        try:
            self.yardsticks[plan] = done.result()
        except Exception:
            log.exception("the simulated games of %s failed", plan)
            self.yardsticks[plan] = False
        self.tell_teachers(self.cards([]))

    def experiment(self) -> str:
        """The dashboard's "class as an experiment" panel, a part per plan of tables.

        It changes only when a table starts, ends or finishes a round, or simulated
        games arrive, not with every move: it is made again only then.
        """
        key = (
            tuple((plan, id(found)) for plan, found in self.yardsticks.items()),
            tuple(
                (code, table.started and table.game.round, table.is_over)
                for code, table in self.lesson.tables.items()
            ),
        )
        if key != self._experiment[0]:
            self._experiment = (key, self._experiment_html())
        return self._experiment[1]

    def _experiment_html(self) -> str:
        parts = []
        for plan in self.plans():
            rules, seats, bot = plan
            tables = [
                table
                for table in self.lesson.tables.values()
                if tuple(table.spec.get("plan", [table.spec["rules"]])) == rules
                and table.spec["seats"] == seats
                and table.spec.get("bot") == bot
            ]
            yardstick = self.yardsticks.get(plan)
            busy = ""
            if yardstick is None and plan in self.yardsticks:
                busy = (
                    f"Playing {self.yardstick_games:,} simulated games of each rule set "
                    "(a few seconds)…"
                )
            elif yardstick is False:
                busy = "The simulated games could not be played: the server's log says why."
            names = " and ".join(table_title(r) for r in rules)
            parts.append(
                f"<section class='plan'><h3>{html.escape(names)}, {seats} players</h3>"
                f"{experiment_html(yardstick or None, tables, busy)}</section>"
            )
        return "".join(parts)

    def stop(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)

    def cards(self, codes: list[str] | None = None) -> dict[str, Any]:
        lesson = self.lesson
        codes = list(lesson.tables) if codes is None else codes
        cards = []
        for code in codes:
            if code in lesson.tables:
                card = table_card(
                    lesson.tables[code], self.connected_seats(code), lesson.paused, lesson.ended
                )
                card["kept"] = self.kept_state(code)
                cards.append(card)
        return {
            "experiment": self.experiment(),
            "lesson": {
                "paused": lesson.paused,
                "ended": lesson.ended,
                "tables": list(lesson.tables),
                "connections": self.connections,
            },
            "cards": cards,
        }

    def sync(self) -> None:
        """Read what other servers of the class wrote; show the tables that changed."""
        try:
            changed = self.lesson.catch_up()
        except StoreUnavailable as error:  # gone for a moment: said once, tried every second
            if not self._store_lost:
                self._store_lost = True
                log.warning("the class store is unavailable: %s", error.detail)
            return
        except Exception:  # a damaged store: said every time, tried again next time
            log.exception("could not read the class store")
            return
        if self._store_lost:
            self._store_lost = False
            log.warning("the class store is back")
        if self.lesson.marks_read != self._marks_shown:
            # A pause, a resume or the end (read here or by a move): every screen shows it.
            self._marks_shown = self.lesson.marks_read
            self.show()
        elif changed:
            self.show(changed)
        self.measure()


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


class Socket(tornado.websocket.WebSocketHandler):
    """What both live connections share: limits, sending JSON, reading JSON."""

    @property
    def server(self) -> ClassServer:
        return self.application.settings["class_server"]

    cookie = Handler.cookie

    def allowed(self) -> bool:  # pragma: no cover - each socket says
        raise NotImplementedError

    def prepare(self) -> None:
        see_address(self)
        if not self.allowed():
            raise tornado.web.HTTPError(403)
        if not self.has_room():
            raise tornado.web.HTTPError(503)

    def has_room(self) -> bool:  # pragma: no cover - each socket says
        raise NotImplementedError

    def budget_key(self) -> tuple:
        """Whose budget of messages this connection spends (see :meth:`read`)."""
        return ("address", self.request.remote_ip)

    def get_compression_options(self) -> dict[str, Any]:
        """Compress the views (permessage-deflate): a board and a log compress well."""
        return {"compression_level": 6, "mem_level": 8}

    def send(self, message: dict[str, Any]) -> None:
        try:
            self.write_message(json.dumps(message))
        except tornado.websocket.WebSocketClosedError:
            self.forget()

    def forget(self) -> None:  # pragma: no cover - each socket says
        raise NotImplementedError

    def on_close(self) -> None:
        self.forget()

    def read(self, message: str | bytes) -> dict[str, Any] | None:
        """The message as a JSON object, or None (and the connection told why).

        A connection may send :data:`MOST_MESSAGES` in ten seconds, and so may all
        the connections of one seat (or one address, watching) together: more
        connections buy no more messages.
        """
        now = time.monotonic()
        for sent in (self._sent, self.server.budget(self.budget_key())):
            sent.append(now)
            while sent and now - sent[0] > 10:
                sent.popleft()
            if len(sent) > MOST_MESSAGES:
                self.close(1008, "too many messages")
                return None
        if isinstance(message, bytes):
            self.close(1003, "text only")
            return None
        try:
            data = json.loads(message)
        except (ValueError, RecursionError):  # not JSON, or nested deeper than any move
            data = None
        if not isinstance(data, dict):
            self.send({"problem": "That message is not understood."})
            return None
        return data

    def open(self, *args: Any) -> None:
        self._sent: deque[float] = deque()


class TableSocket(Socket):
    """A device at a table: it gets the table's views and sends its seat's moves."""

    def allowed(self) -> bool:
        return secrets.compare_digest(self.cookie(CLASS_COOKIE), self.server.lesson.code)

    def has_room(self) -> bool:
        """Room for this connection: in the class's places, its address's and its seat's."""
        server = self.server
        code = self.path_args[0] if self.path_args else ""
        table = server.lesson.tables.get(code)
        key_hash = token_hash(self.cookie(SEAT_COOKIE + code))
        held = table is not None and table.seat_of(key_hash) is not None
        return (
            server.student_connections < MOST_CONNECTIONS
            and server.addresses.get(self.request.remote_ip, 0) < ADDRESS_CONNECTIONS
            and not (held and server.seat_connections(code, key_hash) >= SEAT_CONNECTIONS)
        )

    def budget_key(self) -> tuple:
        """A seat's connections share one budget; a watcher's, its address's."""
        seat = self.seat
        if seat is None:
            return super().budget_key()
        return ("seat", self.code, seat)

    def open(self, code: str) -> None:
        super().open()
        lesson = self.server.lesson
        if code not in lesson.tables:
            with contextlib.suppress(StoreUnavailable):
                lesson.catch_up()  # another server of the class may have added it
        if code not in lesson.tables:
            self.close(4404, "no such table")
            return
        self.code = code
        self.key_hash = token_hash(self.cookie(SEAT_COOKIE + code))
        #: The number of the charts played on this screen was sent last (0: none).
        self.kept_shown = 0
        self.address = self.request.remote_ip
        server = self.server
        online = server.connected_seats(code)
        server.watchers[code].add(self)
        server.addresses[self.address] += 1
        server.sync()
        if server.connected_seats(code) != online:  # a seat came online: everyone sees it
            server.show([code])
        else:  # another screen of a seat, or a watcher: this screen, and the teacher's count
            self.send_view()
            server.count_screens()

    @property
    def seat(self) -> int | None:
        """The seat this device holds now (the teacher may have opened it since)."""
        return self.server.lesson.tables[self.code].seat_of(self.key_hash)

    def send_view(self) -> None:
        """Send this screen its view now (the others at the table have theirs)."""
        server, lesson = self.server, self.server.lesson
        table = lesson.tables[self.code]
        shared = shared_view(table, lesson.paused, lesson.ended)
        shared["kept"] = server.kept_state(self.code, CHARTS_BELOW)
        self.send(server.socket_view(shared, table, self))

    def forget(self) -> None:
        code = getattr(self, "code", None)
        server = self.server
        if code is not None and self in server.watchers.get(code, ()):
            online = server.connected_seats(code)
            server.watchers[code].discard(self)
            server.addresses[self.address] -= 1
            if not server.addresses[self.address]:
                del server.addresses[self.address]
            if server.connected_seats(code) != online:  # a seat went offline
                server.show([code])
            else:
                server.count_screens()

    def on_message(self, message: str | bytes) -> None:
        data = self.read(message)
        if data is None:
            return
        lesson = self.server.lesson
        table = lesson.tables[self.code]
        if self.seat is None:
            self.send({"problem": "You are watching this table: join it to play."})
            return
        kind = data.get("kind")
        if kind == "keep_playing":  # the game as it stands, whatever this screen saw
            why = self.server.keep_playing(self.code)
            if why:
                self.send({"problem": why})
            elif why == "":  # nothing new: this screen as it is now
                self.send_view()
            return
        seen = data.get("seq")
        if seen != table.seq:  # this screen as it is now, then why: the others have theirs
            self.send_view()
            self.send({"problem": MOVED_ON})
            return
        if kind == "move":
            entry = table.move_entry(self.seat, data.get("index"))
        elif kind == "throw":
            entry = {"kind": "throw", "seat": self.seat}
        elif kind == "start":
            entry = {"kind": "start"}
        else:
            self.send({"problem": "That is not a move."})
            return
        why = lesson.act(self.code, entry, seen)
        if why is not None and table.seq == seen:  # nothing changed: this screen, then why
            self.send_view()
            self.send({"problem": why})
            return
        self.server.show([self.code])  # the move, or what another server of the class wrote
        if why is not None:
            self.send({"problem": why})


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
        if lesson.ended and kind in {
            "add",
            "pause",
            "resume",
            "end",
            "seat",
            "start",
            "start_all",
        }:
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


class NotFound(Handler):
    def prepare(self) -> None:
        super().prepare()  # the visitor's own address, for the log
        raise tornado.web.HTTPError(404)


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


#: Seconds between two log lines of refusals (429, 503) to one address.
REFUSALS_LOGGED_EVERY = 5.0


def log_request(handler: tornado.web.RequestHandler) -> None:
    """Tornado's line for each answer, without the passwords and keys in the address
    (a wrong password is somebody's near miss; the teacher's key opens the dashboard).
    Refusals for too much (429, 503) are logged once every :data:`REFUSALS_LOGGED_EVERY`
    seconds per address, with how many were held back: a flood does not fill the log."""
    request = handler.request
    status = handler.get_status()
    address = request.remote_ip or ""
    held = ""
    if status in (429, 503):
        now = time.monotonic()
        book = handler.application.settings["class_server"].refusals_logged
        if len(book) > 10_000:
            book.clear()
        last = book.setdefault((status, address), [-math.inf, 0])
        if now - last[0] < REFUSALS_LOGGED_EVERY:
            last[1] += 1
            return
        if last[1]:
            held = f" ({last[1]} more like it held back)"
        last[:] = [now, 0]
    where = re.sub(r"(?<=[?&]key=)[^&]*", "…", request.uri or "")
    write = access.info if status < 400 else access.warning if status < 500 else access.error
    write(
        "%d %s %s (%s) %.2fms%s",
        status,
        request.method,
        where,
        address,
        1000.0 * request.request_time(),
        held,
    )


def make_app(
    server: ClassServer, base: str = "/", proxy_hops: int = 0, seats_per_address: int = 0
) -> tornado.web.Application:
    """The Tornado application of a class (``base``: the path it is served under;
    ``proxy_hops``: the proxies in front of it whose ``X-Forwarded-For`` is trusted;
    ``seats_per_address``: seats an address may take in ten minutes, 0 for the default)."""
    if not seats_per_address:
        seats_per_address = SEATS_PER_ADDRESS_BEHIND_PROXY if proxy_hops else SEATS_PER_ADDRESS
    if not base.startswith("/") or not base.endswith("/"):
        raise ValueError(f"the base path starts and ends with '/', not {base!r}")
    routes = [
        (rf"{base}", HomeHandler),
        (rf"{base}enter", EnterHandler),
        (rf"{base}join", JoinHandler),
        (rf"{base}table/([A-Z0-9]{{4}})", TablePageHandler),
        (rf"{base}table/([A-Z0-9]{{4}})/live", TableSocket),
        (rf"{base}teacher", TeacherHandler),
        (rf"{base}teacher/live", TeacherSocket),
        (rf"{base}teacher/(games\.json|results\.csv)", DownloadHandler),
        (rf"{base}static/(class\.css|table\.js|teacher\.js)", tornado.web.StaticFileHandler,
         {"path": str(STATIC)}),
    ]  # fmt: skip
    return tornado.web.Application(
        routes,
        default_handler_class=NotFound,
        class_server=server,
        base=base,
        proxy_hops=proxy_hops,
        seats_per_address=seats_per_address,
        log_function=log_request,
        cookie_secret=server.lesson.settings["secret"],
        xsrf_cookies=True,
        xsrf_cookie_kwargs={"httponly": True, "samesite": "Strict"},
        websocket_ping_interval=10,
        websocket_ping_timeout=10,
        websocket_max_message_size=MOST_MESSAGE_BYTES,
        compress_response=True,
    )


def start_sync(server: ClassServer) -> PeriodicCallback:
    """Read the store every :data:`SYNC_SECONDS` (other servers of the class may write)."""
    callback = PeriodicCallback(server.sync, SYNC_SECONDS * 1000)
    callback.start()
    return callback


__all__ += ["BOTS", "inert", "lesson_document", "results_csv", "start_sync"]
