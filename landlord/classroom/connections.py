"""A device's live connection to its table, and the limits every connection keeps.

:class:`Socket` is what both live connections (a table's, the teacher's
dashboard) share: the class's places, reading JSON with a budget of messages
per connection and per seat, sending JSON. :class:`TableSocket` is a device
at a table: it gets the table's views and sends its seat's moves; a stale or
refused move is answered to its sender only.
"""

from __future__ import annotations

import contextlib
import json
import secrets
import time
from collections import deque
from typing import Any

import tornado.web
import tornado.websocket

from landlord.classroom.handlers import CLASS_COOKIE, SEAT_COOKIE, Handler, see_address
from landlord.classroom.lesson import MOVED_ON
from landlord.classroom.server import CHARTS_BELOW, MOST_CONNECTIONS, ClassServer
from landlord.classroom.store import StoreUnavailable
from landlord.classroom.tables import token_hash
from landlord.classroom.views import shared_view

__all__ = [
    "ADDRESS_CONNECTIONS",
    "MOST_MESSAGES",
    "MOST_MESSAGE_BYTES",
    "SEAT_CONNECTIONS",
    "Socket",
    "TableSocket",
]

#: Messages one connection may send in ten seconds (a student clicks; a script floods).
MOST_MESSAGES = 40
#: Connections one seat may hold open at once (a phone and a laptop, a tab reloaded).
SEAT_CONNECTIONS = 6
#: Connections one address may hold open at once: a class behind one address (a
#: school's network in front of a hub) fits; one device cannot take the server's all.
ADDRESS_CONNECTIONS = 120
#: Bytes a websocket message may have (a move is some tens).
MOST_MESSAGE_BYTES = 4096


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
