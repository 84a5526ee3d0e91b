"""Hostile clients of a Voila server, for the security tier and the fault reports.

Each function plays one client that an unguarded Voila 0.5.13 / jupyter_server
2.21.1 server cannot survive (see ``docs/upstream_faults.md``). They speak
plain HTTP and websockets (tornado's client) to a server on 127.0.0.1.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import http.client
import json
import os
import re
import resource
import socket
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from tornado.httpclient import HTTPClientError, HTTPRequest
from tornado.websocket import WebSocketClosedError, websocket_connect

V1_PROTOCOL = "v1.kernel.websocket.jupyter.org"

#: 24 bytes that claim 2**62 offsets (v1 framing): count, then two offsets.
V1_FRAME_OF_2_62_OFFSETS = (2**62).to_bytes(8, "little") + (16).to_bytes(8, "little") * 2


@dataclass
class OpenedPage:
    """A Voila page fetched as a browser would: its kernel and its ``_xsrf`` cookie."""

    kernel_id: str
    xsrf: str | None


def _run(client):
    """Run an asyncio client to its end in a thread of its own: the test process may
    already run an event loop (Playwright's, when the browser tests ran first), and
    ``asyncio.run`` refuses to start inside one."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, client).result()


def fetch(url: str, source: str | None = None, timeout: float = 90) -> tuple[int, str, list]:
    """GET ``url`` (on 127.0.0.1) from the loopback address ``source`` (127.0.0.2, say:
    another client to the server); return the status, the text and the cookies set."""
    parts = urllib.parse.urlsplit(url)
    connection = http.client.HTTPConnection(
        parts.hostname,
        parts.port,
        timeout=timeout,
        source_address=(source, 0) if source else None,
    )
    try:
        connection.request("GET", parts.path + (f"?{parts.query}" if parts.query else ""))
        reply = connection.getresponse()
        text = reply.read().decode("utf-8")
        return reply.status, text, reply.headers.get_all("Set-Cookie") or []
    finally:
        connection.close()


def open_page(
    base: str, notebook: str = "welcome.ipynb", timeout: float = 90, source: str | None = None
) -> OpenedPage:
    """Fetch a notebook's page (which starts its kernel); return the kernel's id."""
    status, text, cookies = fetch(f"{base}/voila/render/{notebook}", source, timeout)
    if status != 200:
        raise AssertionError(f"{notebook}: HTTP {status}: {text[:300]}")
    match = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', text)
    if match is None:
        raise AssertionError(f"no kernelId in the page of {notebook}")
    xsrf = next(
        (c.split(";")[0].split("=", 1)[1] for c in cookies if c.startswith("_xsrf=")), None
    )
    return OpenedPage(match.group(1), xsrf)


def shut_down(base: str, page: OpenedPage, timeout: float = 30) -> int:
    """Post the shutdown a page sends when its tab closes; return the HTTP status."""
    request = urllib.request.Request(
        f"{base}/voila/api/shutdown/{page.kernel_id}",
        data=urllib.parse.urlencode({"_xsrf": page.xsrf or ""}).encode(),
        headers={"Cookie": f"_xsrf={page.xsrf}"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=timeout) as reply:
        return reply.status


def _channels_url(base: str, kernel_id: str) -> str:
    return base.replace("http://", "ws://") + f"/api/kernels/{kernel_id}/channels?session_id=h"


def _legacy_message(msg_type: str, content: dict) -> str:
    """A kernel message in the legacy JSON framing, on the shell channel."""
    return json.dumps(
        {
            "header": {
                "msg_id": uuid.uuid4().hex,
                "username": "",
                "session": "h",
                "msg_type": msg_type,
                "version": "5.3",
                "date": "2026-01-01T00:00:00Z",
            },
            "parent_header": {},
            "metadata": {},
            "content": content,
            "channel": "shell",
            "buffers": [],
        }
    )


async def _send_v1_frame(base: str, kernel_id: str, frame: bytes) -> bool:
    """Send one binary frame with the v1 subprotocol; True if the server then closed."""
    socket = await websocket_connect(_channels_url(base, kernel_id), subprotocols=[V1_PROTOCOL])
    try:
        await socket.write_message(frame, binary=True)
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            message = await asyncio.wait_for(socket.read_message(), 5)
            if message is None:
                return True
        return False
    except (WebSocketClosedError, TimeoutError):
        return False
    finally:
        socket.close()


def send_v1_frame(base: str, kernel_id: str, frame: bytes) -> bool:
    """Send ``frame`` on a v1 kernel websocket; True if the server closed the socket."""
    return _run(_send_v1_frame(base, kernel_id, frame))


async def _legacy_request_states(base: str, kernel_id: str, host: str | None) -> int | None:
    headers = {"Host": host} if host else {}
    request = HTTPRequest(_channels_url(base, kernel_id), headers=headers)
    try:
        socket = await websocket_connect(request)
    except HTTPClientError as error:
        return error.code
    try:
        comm_id = uuid.uuid4().hex
        await socket.write_message(
            _legacy_message(
                "comm_open",
                {"comm_id": comm_id, "target_name": "jupyter.widget.control", "data": {}},
            )
        )
        await socket.write_message(
            _legacy_message("comm_msg", {"comm_id": comm_id, "data": {"method": "request_states"}})
        )
        await asyncio.sleep(1)
    finally:
        socket.close()
    return None


def legacy_request_states(base: str, kernel_id: str, host: str | None = None) -> int | None:
    """Open a kernel websocket without a subprotocol and ask for the widgets' states.

    Returns the HTTP status if the server refused the websocket, else None
    (after asking the kernel's widget control comm for its states).
    """
    return _run(_legacy_request_states(base, kernel_id, host))


def get_status(url: str, host: str | None = None, timeout: float = 2) -> int:
    """The HTTP status of a GET (optionally with another ``Host`` header)."""
    request = urllib.request.Request(url, headers={"Host": host} if host else {})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as reply:
            return reply.status
    except urllib.error.HTTPError as error:
        return error.code


#: 12 bytes that claim 2**31 - 1 parts (legacy framing): count, then one offset.
LEGACY_FRAME_OF_2_31_PARTS = (2**31 - 1).to_bytes(4, "big") + (8).to_bytes(4, "big") + b"{}{}"


async def _send_legacy_frame(base: str, kernel_id: str, frame: bytes) -> int | None:
    try:
        socket = await websocket_connect(_channels_url(base, kernel_id))
    except HTTPClientError as error:
        return error.code
    try:
        await socket.write_message(frame, binary=True)
        await asyncio.sleep(0.5)
    finally:
        socket.close()
    return None


def send_legacy_frame(base: str, kernel_id: str, frame: bytes) -> int | None:
    """Send one binary frame without a subprotocol (legacy framing).

    Returns the HTTP status if the server refused the websocket, else None.
    """
    return _run(_send_legacy_frame(base, kernel_id, frame))


async def _hold_open(
    base: str, kernel_id: str, seconds: float, until: Callable[[], bool]
) -> float | None:
    socket = await websocket_connect(_channels_url(base, kernel_id), subprotocols=[V1_PROTOCOL])
    started = time.monotonic()
    try:
        while time.monotonic() - started < seconds:
            if until():
                return time.monotonic() - started
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(socket.read_message(), 0.5)
        return None
    finally:
        socket.close()


def hold_open(
    base: str, kernel_id: str, seconds: float, until: Callable[[], bool]
) -> float | None:
    """Keep a tab's kernel websocket connected, sending nothing, until ``until()`` is
    true (checked about twice a second) or ``seconds`` have passed.

    Returns how long until ``until()`` was true, or None if it never was.
    """
    return _run(_hold_open(base, kernel_id, seconds, until))


def children(pid: int, running: bytes = b"") -> list[int]:
    """The processes whose parent is ``pid`` (from /proc), only those whose command line
    holds ``running`` if it is given (``b"ipykernel"``: a server's kernels)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            command = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        if int(stat.rsplit(")", 1)[1].split()[1]) == pid and running in command:
            found.append(int(entry.name))
    return found


def half_open(port: int, count: int) -> list[socket.socket]:
    """Open ``count`` connections to 127.0.0.1:``port`` that each send half a request
    line and then nothing, as a script holding the server's file descriptors does."""
    held = []
    for _ in range(count):
        connection = socket.create_connection(("127.0.0.1", port), timeout=5)
        connection.sendall(b"GET / HTTP/1.1\r\nHo")
        held.append(connection)
    return held


def closed_by_server(connections: list[socket.socket]) -> int:
    """How many of ``connections`` the server has closed (reading finds their end)."""
    closed = 0
    for connection in connections:
        connection.setblocking(False)
        try:
            closed += connection.recv(1) == b""
        except BlockingIOError:
            pass
        except OSError:
            closed += 1
    return closed


def v1_frame_of_empty_parts(parts: int = 1_200_000) -> bytes:
    """A well-formed v1 frame of ``parts`` empty message parts (9.6 MB for 1.2 million):
    an empty channel name, then every part empty, so every offset is the frame's end."""
    offsets = parts + 2
    end = 8 * (offsets + 1)
    return offsets.to_bytes(8, "little") + end.to_bytes(8, "little") * offsets


async def _kernel_info(base: str, kernel_id: str, timeout: float) -> float:
    from landlord.ws_frames import split_v1_frame, v1_frame

    socket_ = await websocket_connect(_channels_url(base, kernel_id), subprotocols=[V1_PROTOCOL])
    started = time.monotonic()
    try:
        request = json.loads(_legacy_message("kernel_info_request", {}))
        parts = [json.dumps(request[key]).encode() for key in ("header", "parent_header")]
        parts += [b"{}", b"{}"]
        await socket_.write_message(v1_frame("shell", parts), binary=True)
        while True:
            left = started + timeout - time.monotonic()
            message = await asyncio.wait_for(socket_.read_message(), max(left, 0))
            if message is None:
                raise AssertionError("the server closed the kernel websocket")
            if isinstance(message, bytes):
                channel, reply = split_v1_frame(message)
                header = json.loads(reply[0])
                if channel == "shell" and header.get("msg_type") == "kernel_info_reply":
                    return time.monotonic() - started
    finally:
        socket_.close()


def kernel_info(base: str, kernel_id: str, timeout: float = 30) -> float:
    """Ask a kernel for its info over its websocket (v1), as a page does on opening;
    return the seconds its reply took."""
    return _run(_kernel_info(base, kernel_id, timeout))


def cpu_seconds(pid: int) -> float:
    """The CPU time a process has used (user and system), from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def limited(command: list[str], soft: int, hard: int | None = None) -> list[str]:
    """``command``, run with its limit on open files lowered to ``soft`` (and ``hard``;
    by default the hard limit stays as it is)."""
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1] if hard is None else hard
    code = (
        "import os, resource, sys; "
        "resource.setrlimit(resource.RLIMIT_NOFILE, (int(sys.argv[1]), int(sys.argv[2]))); "
        "os.execv(sys.argv[3], sys.argv[3:])"
    )
    return [sys.executable, "-c", code, str(soft), str(hard), *command]


def soft_open_file_limit(pid: int) -> int:
    """A process's soft limit on open files, from /proc."""
    for line in Path(f"/proc/{pid}/limits").read_text().splitlines():
        if line.startswith("Max open files"):
            return int(line.split()[3])
    raise AssertionError(f"no open-file limit for process {pid}")


def wait_until(condition, within: float, every: float = 0.2) -> float | None:
    """Seconds until ``condition()`` held, or None if it did not within ``within``."""
    started = time.monotonic()
    while time.monotonic() - started < within:
        if condition():
            return time.monotonic() - started
        time.sleep(every)
    return None
