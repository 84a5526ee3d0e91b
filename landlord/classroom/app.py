"""The class's Tornado application: its routes, its settings and its log of answers."""

from __future__ import annotations

import logging
import math
import re
import time
from pathlib import Path

import tornado.web

from landlord.classroom.connections import MOST_MESSAGE_BYTES, TableSocket
from landlord.classroom.door import SEATS_PER_ADDRESS, SEATS_PER_ADDRESS_BEHIND_PROXY
from landlord.classroom.downloads import DownloadHandler
from landlord.classroom.handlers import (
    EnterHandler,
    HomeHandler,
    JoinHandler,
    NotFound,
    TablePageHandler,
)
from landlord.classroom.server import ClassServer
from landlord.classroom.teacher import TeacherHandler, TeacherSocket

__all__ = ["REFUSALS_LOGGED_EVERY", "STATIC", "log_request", "make_app"]

access = logging.getLogger("tornado.access")

STATIC = Path(__file__).parent / "static"


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
