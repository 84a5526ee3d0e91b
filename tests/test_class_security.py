"""Security tier: crafted clients against the class server (``python -m landlord.classroom``).

The class server listens on the school's network, so every visitor is
untrusted. It runs no kernel: these clients try what a kernel server would
allow (issue 13's malformed websocket frames, kernel floods, execute
requests, the file tree, path traversal) and what a class server could leak
(pages without the class password, the teacher's controls, another student's
seat), and find each refused while the server keeps answering.
"""

from __future__ import annotations

import asyncio
import http.cookiejar
import json
import re
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import hostile_clients as hostile
import pytest
from class_server import class_server
from tornado.httpclient import HTTPClientError, HTTPRequest
from tornado.websocket import websocket_connect

from landlord.classroom.door import FREE_TRIES

pytestmark = [pytest.mark.security, pytest.mark.timeout(300)]


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


class Visitor:
    """One device: its own cookies; plain HTTP and websockets."""

    def __init__(self, base: str, follow: bool = True) -> None:
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        handlers = [urllib.request.HTTPCookieProcessor(self.jar)]
        if not follow:
            handlers.append(NoRedirect())
        self.opener = urllib.request.build_opener(*handlers)

    def get(self, path: str, headers: dict[str, str] | None = None) -> tuple[int, str, dict]:
        request = urllib.request.Request(self.base + path, headers=headers or {})
        try:
            with self.opener.open(request, timeout=10) as reply:
                return reply.status, reply.read().decode(), dict(reply.headers)
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode(errors="replace"), dict(error.headers)

    def post(self, path: str, fields: dict[str, str], xsrf: bool = True) -> tuple[int, str]:
        if xsrf:
            fields = {**fields, "_xsrf": self.xsrf()}
        data = urllib.parse.urlencode(fields).encode()
        try:
            with self.opener.open(self.base + path, data=data, timeout=10) as reply:
                return reply.status, reply.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode(errors="replace")

    def xsrf(self) -> str:
        _, page, _ = self.get("/")
        return re.search(r"name=\"_xsrf\" value=\"([^\"]+)\"", page).group(1)

    def cookie_header(self) -> str:
        return "; ".join(f"{c.name}={c.value}" for c in self.jar)

    def cookie(self, name: str) -> str:
        return next(c.value for c in self.jar if c.name == name)

    def enter(self, password: str) -> None:
        status, _, _ = self.get(f"/?key={urllib.parse.quote(password)}")
        assert status == 200

    def join(self, code: str, name: str) -> int:
        return self.post("/join", {"table": code, "name": name})[0]


async def _talk(url, cookie, messages, origin=None, wait=1.0, binary=False):
    """Open a websocket, send ``messages``, collect what comes back until quiet.

    Returns (HTTP status if refused else 101, the JSON messages received, whether closed).
    """
    origin = origin or re.sub(r"^ws", "http", url.split("/", 3)[0] + "//" + url.split("/")[2])
    request = HTTPRequest(url, headers={"Cookie": cookie, "Origin": origin})
    try:
        socket = await websocket_connect(request, max_message_size=50_000_000)
    except HTTPClientError as error:
        return error.code, [], True
    received, closed = [], False
    try:
        for message in messages:
            await socket.write_message(message, binary=binary)
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            try:
                message = await asyncio.wait_for(
                    socket.read_message(), deadline - time.monotonic()
                )
            except TimeoutError:
                break
            if message is None:
                closed = True
                break
            received.append(json.loads(message))
    finally:
        socket.close()
    return 101, received, closed


def talk(base, path, visitor, messages=(), **options):
    url = base.replace("http://", "ws://") + path
    cookie = visitor.cookie_header() if visitor else ""
    return hostile._run(_talk(url, cookie, list(messages), **options))


def started_tables(links, teacher: Visitor, names: list[str], seed: int = 5):
    """A table of two per name (the Landlord's Game, on ``seed``'s dice), the student of
    that name seated on a device of their own, a bot in the other seat, the games started.
    Returns the tables' codes and the students' devices."""
    add = {"kind": "add", "count": len(names), "seats": 2, "rules": "landlords_game",
           "seed": seed}  # fmt: skip
    status, cards, _ = talk(links.base, "/teacher/live", teacher, [json.dumps(add)])
    assert status == 101
    codes = cards[-1]["lesson"]["tables"]
    students = [Visitor(links.base) for _ in names]
    for student, code, name in zip(students, codes, names, strict=True):
        student.enter(links.password)
        assert student.join(code, name) == 200
    starts = [json.dumps({"kind": "start", "table": code}) for code in codes]
    talk(links.base, "/teacher/live", teacher, starts)
    return codes, students


def teacher_visitor(links) -> Visitor:
    teacher = Visitor(links.base)
    status, _, _ = teacher.get(links.teacher[len(links.base) :])
    assert status == 200
    return teacher


def rss_kb(pid: int) -> int:
    status = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"VmRSS:\s+(\d+)", status).group(1))


def answers_quickly(base: str) -> bool:
    started = time.monotonic()
    return hostile.get_status(base + "/", timeout=2) == 200 and time.monotonic() - started < 1


@pytest.fixture(scope="module")
def classroom(tmp_path_factory):
    """A class server with two tables of two: A (Ann and a bot, started) and B (open)."""
    folder = tmp_path_factory.mktemp("class-security")
    with class_server(folder) as links:
        teacher = teacher_visitor(links)
        status, cards, _ = talk(
            links.base,
            "/teacher/live",
            teacher,
            [
                json.dumps(
                    {"kind": "add", "count": 2, "seats": 2, "rules": "landlords_game", "seed": 5}
                )
            ],
        )
        assert status == 101
        codes = cards[-1]["lesson"]["tables"]
        ann = Visitor(links.base)
        ann.enter(links.password)
        assert ann.join(codes[0], "Ann") == 200
        talk(
            links.base,
            "/teacher/live",
            teacher,
            [json.dumps({"kind": "start", "table": codes[0]})],
        )
        yield links, teacher, ann, codes


def test_without_the_class_password_a_visitor_sees_only_the_password_form(classroom):
    links, _, _, codes = classroom
    stranger = Visitor(links.base, follow=False)
    status, page, headers = stranger.get("/")
    assert status == 200
    assert "Class password" in page
    assert codes[0] not in page
    assert "script-src 'self'" in headers["Content-Security-Policy"]
    assert headers["X-Frame-Options"] == "DENY"
    assert stranger.get(f"/table/{codes[0]}")[0] == 302  # back to the password form
    assert stranger.join(codes[0], "Eve") == 403
    assert talk(links.base, f"/table/{codes[0]}/live", stranger)[0] == 403
    for path in ("/teacher", "/teacher/games.json", "/teacher/results.csv"):
        assert stranger.get(path)[0] == 403, path
    assert talk(links.base, "/teacher/live", stranger)[0] == 403
    assert stranger.get("/?key=wrong-password")[0] == 403


def test_guessing_the_class_password_is_slowed_and_the_right_one_still_opens(tmp_path):
    """After FREE_TRIES wrong passwords from one address in ten minutes, the address
    waits before its next try is checked (a try while it waits is refused unchecked, the
    right one too, or the answer would tell it); once it has waited, the right password
    opens the door: a class behind one address is slowed, never locked out."""
    with class_server(tmp_path) as links:
        guesser = Visitor(links.base)
        # A forged X-Forwarded-For does not make a new address (no --behind-proxy).
        statuses = [
            guesser.get(f"/?key=guess{n}", {"X-Forwarded-For": f"10.0.0.{n}"})[0]
            for n in range(FREE_TRIES + 1)
        ]
        assert statuses == [403] * (FREE_TRIES + 1)
        status, _, headers = guesser.get(f"/?key={links.password}")
        assert status == 429
        assert headers["Retry-After"] == "1"
        time.sleep(1.1)
        status, page, _ = guesser.get(f"/?key={links.password}")
        assert status == 200
        assert "Join a table" in page


def test_behind_a_proxy_each_visitor_s_own_address_is_counted(tmp_path):
    """With --behind-proxy (JupyterHub's proxy in front), one guesser behind the proxy
    does not slow the rest of the class down; the address is the one the proxy wrote
    (the last in X-Forwarded-For), never X-Real-Ip, which a visitor may send."""
    with class_server(tmp_path, "--behind-proxy") as links:
        guesser, student = Visitor(links.base), Visitor(links.base)
        for n in range(FREE_TRIES + 1):
            forged = {"X-Forwarded-For": f"1.2.3.{n}, 10.0.0.66", "X-Real-Ip": f"10.9.9.{n}"}
            assert guesser.get(f"/?key=guess{n}", forged)[0] == 403
        assert guesser.get("/?key=guess", {"X-Forwarded-For": "10.0.0.66"})[0] == 429
        # Forged X-Real-Ip headers name nobody: the student they name is not slowed.
        status, page, _ = student.get(f"/?key={links.password}", {"X-Forwarded-For": "10.9.9.3"})
        assert status == 200
        assert "Join a table" in page


def test_a_student_cannot_reach_the_teacher_s_controls(classroom):
    links, _, ann, codes = classroom
    assert ann.get("/teacher")[0] == 403
    assert ann.get(links.teacher[len(links.base) :].replace("key=", "key=x"))[0] == 403
    assert talk(links.base, "/teacher/live", ann)[0] == 403
    assert ann.get("/teacher/games.json")[0] == 403
    # The teacher's commands sent on a table's socket are no moves.
    url = f"/table/{codes[0]}/live"
    seq = talk(links.base, url, ann)[1][-1]["seq"]
    commands = [json.dumps({"kind": kind, "seq": seq}) for kind in ("pause", "end", "add", "seat")]
    _, views, _ = talk(links.base, url, ann, commands)
    assert [v["problem"] for v in views if "problem" in v] == ["That is not a move."] * 4


def test_no_kernel_no_files_no_tree_no_traversal(classroom):
    links, _, ann, _ = classroom
    for path in (
        "/api/kernels",
        "/api/kernelspecs",
        "/api/contents",
        "/api/sessions",
        "/tree",
        "/lab",
        "/voila/render/play.ipynb",
        "/notebooks/play.ipynb",
        "/files/pyproject.toml",
        "/static/server.py",
        "/static/../server.py",
        "/static/%2e%2e/server.py",
        "/static/..%2fserver.py",
        "/static/class.css/../../server.py",
        "/static/..%2f..%2f..%2fpyproject.toml",
        "/landlord-class.sqlite",
        "/classes/landlord-class.sqlite",
        "//etc/passwd",
    ):
        status, text, _ = ann.get(path)
        assert status in (403, 404), (path, status)
        assert "[project]" not in text
        assert "import" not in text
        assert "root:" not in text
    status, _ = ann.post("/api/kernels", {"name": "python3"})
    assert status in (403, 404)
    assert talk(links.base, "/api/kernels/x/channels", ann)[0] == 404
    # Only the three static files are served.
    assert ann.get("/static/class.css")[0] == 200


def test_execute_requests_and_malformed_frames_are_refused_and_the_server_goes_on(
    classroom, tmp_path
):
    links, _, ann, codes = classroom
    pid = links.process.pid
    before = rss_kb(pid)
    started = hostile.children(pid)
    marker = tmp_path / "executed"
    execute = hostile._legacy_message(
        "execute_request",
        {"code": f"open({str(marker)!r}, 'w').write('x')", "silent": False},
    )
    url = f"/table/{codes[0]}/live"
    _, views, _ = talk(links.base, url, ann, [execute, "not json", "[1, 2]", "{}"])
    problems = [view["problem"] for view in views if "problem" in view]
    assert len(problems) == 4
    assert not marker.exists()
    # Issue 13's frames: binary frames are not taken at all; the socket is closed.
    for frame in (hostile.V1_FRAME_OF_2_62_OFFSETS, hostile.LEGACY_FRAME_OF_2_31_PARTS):
        status, _, closed = talk(links.base, url, ann, [frame], binary=True)
        assert status == 101
        assert closed
        assert answers_quickly(links.base)
    # A message larger than any move closes the socket.
    _, _, closed = talk(links.base, url, ann, ["x" * 100_000])
    assert closed
    # A flood of messages is cut off.
    _, _, closed = talk(links.base, url, ann, ["{}"] * 200, wait=3)
    assert closed
    # A socket from another site's page is refused.
    assert talk(links.base, url, ann, origin="http://evil.example")[0] == 403

    # A flood of connections starts nothing: no child process, little memory.
    async def flood() -> None:
        where = links.base.replace("http", "ws") + url
        await asyncio.gather(*[_talk(where, ann.cookie_header(), [], wait=0) for _ in range(40)])

    for _ in range(5):
        hostile._run(flood())
    assert answers_quickly(links.base)
    # The only processes the server starts play the dashboard's simulated games.
    assert hostile.children(pid) == started
    for child in started:
        command = Path(f"/proc/{child}/cmdline").read_bytes()
        assert b"kernel" not in command
        assert b"multiprocessing" in command
    assert rss_kb(pid) - before < 50_000, (before, rss_kb(pid))


def test_a_seat_acts_only_from_the_device_that_took_it(classroom):
    links, _, ann, codes = classroom
    table_a, table_b = codes
    eve = Visitor(links.base)
    eve.enter(links.password)
    assert eve.join(table_b, "Eve") == 200
    # Eve watches table A: she may see it, not act in it.
    move = [json.dumps({"kind": kind, "seq": seq, "index": 0}) for kind in ("move", "throw")
            for seq in range(12)]  # fmt: skip
    _, views, _ = talk(links.base, f"/table/{table_a}/live", eve, move[:20])
    assert views
    assert all(view.get("actions", "") == "" for view in views)
    assert {view["problem"] for view in views if "problem" in view} == {
        "You are watching this table: join it to play."
    }
    # Her seat key of table B, put under table A's cookie name, is not a signed key of A.
    value = eve.cookie(f"landlord_seat_{table_b}")
    cookie = eve.cookie_header() + f"; landlord_seat_{table_a}={value}"
    url = links.base.replace("http://", "ws://") + f"/table/{table_a}/live"
    _, views, _ = hostile._run(_talk(url, cookie, move[:20]))
    assert {view["problem"] for view in views if "problem" in view} == {
        "You are watching this table: join it to play."
    }
    # Ann's own seat still works from her device: her buttons are there.
    _, views, _ = talk(links.base, f"/table/{table_a}/live", ann)
    assert "data-kind=" in views[-1]["actions"]
    # A join without the form's token is refused.
    assert eve.post("/join", {"table": table_a, "name": "Eve"}, xsrf=False)[0] == 403


def test_in_a_browser_another_table_s_page_shows_no_buttons(browser, classroom):
    links, _, ann, codes = classroom
    context = browser.new_context(viewport={"width": 1024, "height": 700})
    for cookie in ann.jar:
        context.add_cookies([{"name": cookie.name, "value": cookie.value, "url": links.base}])
    page = context.new_page()
    page.goto(f"{links.base}/table/{codes[0]}")
    page.wait_for_selector("body[data-seq]")
    assert page.locator("#actions button").count() >= 1  # Ann's own table: her buttons
    page.goto(f"{links.base}/table/{codes[1]}")
    page.wait_for_selector("body[data-seq]")
    assert page.locator("#actions button").count() == 0
    assert "You are watching" in page.locator("header").inner_text()
    # A script the page did not come with cannot run (the content security policy).
    page.evaluate(
        "() => { const s = document.createElement('script');"
        " s.textContent = 'document.body.dataset.hacked = 1'; document.body.append(s); }"
    )
    assert page.get_attribute("body", "data-hacked") is None
    context.close()


def test_the_teacher_s_bad_commands_are_refused_with_a_sentence(classroom):
    links, teacher, _, codes = classroom
    add = {"kind": "add", "count": 1, "seats": 2, "rules": "landlords_game"}
    commands = [
        {**add, "seed": -1},
        {**add, "seed": "7"},
        {**add, "count": 99},
        {**add, "seats": 9},
        {**add, "rules": "nosuch"},
        {**add, "count": "many"},
        {"kind": "seat", "table": codes[1], "seat": 5, "player": "random"},
        {"kind": "seat", "table": "ZZZZ", "seat": 0, "player": "random"},
        {"kind": "format the disk"},
    ]
    _, answers, closed = talk(
        links.base, "/teacher/live", teacher, [json.dumps(c) for c in commands], wait=2
    )
    problems = [answer["problem"] for answer in answers if "problem" in answer]
    assert not closed
    assert problems == [
        "The seed is a whole number from 0 to 2147483647.",
        "The seed is a whole number from 0 to 2147483647.",
        "14 more tables at most (a lesson has 16 at most).",
        "The Landlord's Game is for 2 to 4 players, not 9.",
        "There is no rule set 'nosuch'.",
        "The numbers of tables and of players are whole numbers.",
        f"Table {codes[1]} has no seat 6.",
        "There is no table ZZZZ.",
        "That is not a command.",
    ]
    # None of them added a table.
    _, cards, _ = talk(links.base, "/teacher/live", teacher)
    assert cards[-1]["lesson"]["tables"] == codes
