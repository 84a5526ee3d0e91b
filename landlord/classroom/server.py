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

This module holds the live side, :class:`ClassServer`: who is connected to
which table, sending views after each move, playing on, the simulated games,
and :func:`start_sync`. The rest of the server is in
:mod:`~landlord.classroom.handlers` (the pages and what they share),
:mod:`~landlord.classroom.connections` (a device's websocket at a table, with
its limits), :mod:`~landlord.classroom.teacher` (the dashboard and its
commands), :mod:`~landlord.classroom.downloads` (the class's games and
results) and :mod:`~landlord.classroom.app` (the routes and the log).
"""

from __future__ import annotations

import functools
import html
import itertools
import logging
import time
from collections import defaultdict, deque
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tornado.ioloop import IOLoop, PeriodicCallback

from landlord.classroom.door import Door
from landlord.classroom.kept import (
    GAMES,
    UNTIL_ROUND,
    KeptPlaying,
    kept_view,
    leave_with_server,
    play_on,
    position,
)
from landlord.classroom.lesson import Lesson
from landlord.classroom.store import StoreUnavailable
from landlord.classroom.views import seat_view, shared_view, table_card
from landlord.classroom.yardstick import SIMULATED_GAMES, Yardstick, experiment_html, simulate
from landlord.rules import load_rules

if TYPE_CHECKING:
    from landlord.classroom.connections import TableSocket
    from landlord.classroom.teacher import TeacherSocket

__all__ = ["CHARTS_BELOW", "MOST_CONNECTIONS", "SYNC_SECONDS", "ClassServer", "start_sync"]


@functools.lru_cache(maxsize=64)
def table_title(rules: str) -> str:
    """A rule set's title."""
    return load_rules(rules).info.title


log = logging.getLogger("landlord.classroom")

#: Connections the server keeps open at once to students (a class of 32 with a few tabs
#: each); the teacher's dashboard has its own places
#: (:data:`~landlord.classroom.teacher.TEACHER_CONNECTIONS`).
MOST_CONNECTIONS = 400
#: How often the server reads what other servers of the class wrote (seconds).
SYNC_SECONDS = 1.0
#: What a table's page adds after the status that announces the charts.
CHARTS_BELOW = " The charts are at the foot of the page."


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
        #: When each address took its seats lately (see
        #: :data:`~landlord.classroom.door.SEATS_PER_ADDRESS`).
        self.joins: dict[str, deque[float]] = defaultdict(deque)
        #: When each (status, address) last had a refusal logged, and how many were held
        #: back since (see :func:`~landlord.classroom.app.log_request`).
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


def start_sync(server: ClassServer) -> PeriodicCallback:
    """Read the store every :data:`SYNC_SECONDS` (other servers of the class may write)."""
    callback = PeriodicCallback(server.sync, SYNC_SECONDS * 1000)
    callback.start()
    return callback
