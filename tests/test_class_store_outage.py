"""A class kept in PostgreSQL while the database is down, and after it is back (issue 35).

A school's PostgreSQL restarts (an update, a failover, a full disk freed):
the class server's connection is cut. While the database is down a move is
refused with a sentence and the table stays as it was; once it is back the
same lesson, the same store object and the same class server go on, none of
them made again. The tests stop and start a PostgreSQL server of this
module's own (:mod:`postgres_server`), so no other test sees it go.
"""

from __future__ import annotations

import html
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from class_server import class_server
from postgres_server import PostgresServer, running_postgres
from test_class_security import Visitor, started_tables, talk, teacher_visitor
from test_class_store import (  # noqa: F401  (seeded: a fixture, asked for by name)
    KEY,
    PAUSED,
    fill_and_start,
    next_entry,
    play,
    same_tables,
    seeded,
)

from landlord.classroom.lesson import Lesson
from landlord.classroom.store import (
    CONNECT_SECONDS,
    PATIENCE,
    UNAVAILABLE,
    StoreUnavailable,
    open_store,
)
from landlord.classroom.tables import ClassTable

pytestmark = pytest.mark.timeout(120)

#: How long a move may take to be refused while the database is down (seconds).
QUICK = 1.0
#: Cut every other connection to the database (as a restart does, but at once).
CUT = (
    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
    " WHERE datname = current_database() AND pid <> pg_backend_pid()"
)


@pytest.fixture(scope="module")
def postgres() -> Iterator[PostgresServer]:
    """A PostgreSQL server of this module's own."""
    with running_postgres() as server:
        yield server


@pytest.fixture
def outage(postgres: PostgresServer) -> Iterator[PostgresServer]:
    """The module's server, which the test stops and starts: running again after it."""
    yield postgres
    if not postgres.up:
        postgres.start()


def table_state(table: ClassTable) -> tuple:
    """Everything a table's screens are made from, to compare before and after."""
    game = table.game
    return (table.seq, repr(table.seats), json.dumps(game.to_json(), sort_keys=True),
            table.game_table.waiting_for, len(table.game_table.log))  # fmt: skip


@pytest.mark.usefixtures("seeded")
def test_a_lesson_goes_on_when_postgresql_is_back(outage: PostgresServer) -> None:
    url = outage.new_database()
    store = open_store(url)
    lesson = Lesson.start(store, key=KEY)
    (table,) = lesson.add_tables(1, seats=2)
    fill_and_start(lesson, table.code)
    assert play(lesson, table.code, 5) == 5
    entry = next_entry(table)
    before = table_state(table)

    outage.stop()
    started = time.monotonic()
    assert lesson.act(table.code, entry) == UNAVAILABLE
    assert time.monotonic() - started < QUICK
    assert table_state(table) == before
    for attempt in (
        lambda: lesson.set_mark("pause"),
        lambda: lesson.add_tables(1, seats=2),
        lesson.catch_up,
    ):
        with pytest.raises(StoreUnavailable) as caught:
            attempt()
        assert str(caught.value) == UNAVAILABLE
    assert not lesson.paused
    assert list(lesson.tables) == [table.code]
    assert table_state(table) == before

    outage.start()  # the same lesson on the same store object: the same move is taken
    assert lesson.act(table.code, entry) is None
    assert table.seq > before[0]
    # A restart between two moves, with nothing asked of the store meanwhile.
    outage.stop()
    outage.start()
    assert lesson.act(table.code, next_entry(table)) is None
    lesson.set_mark("pause")
    assert lesson.act(table.code, next_entry(table)) == PAUSED

    # The store holds what the lesson shows: nothing lost, nothing written twice.
    again = open_store(url)
    try:
        same_tables(lesson, Lesson.resume(again, lesson.code))
    finally:
        again.close()
        store.close()


def test_a_database_that_does_not_answer_is_not_asked_at_every_move(
    postgres: PostgresServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An attempt to connect that takes long (here 0.2 s; CONNECT_SECONDS at most) is
    not made again until PATIENCE times as long has passed: meanwhile the store says at
    once that it is unavailable, so the class server is not held at every move."""
    import psycopg

    url = postgres.new_database()
    store = open_store(url)
    assert store.entries("K7M2", "AB12") == []
    with psycopg.connect(url, autocommit=True) as other:  # the store's connection is cut
        other.execute(CUT)
    tries: list[int] = []

    def slow(*arguments: Any, **options: Any) -> None:
        tries.append(options["connect_timeout"])
        time.sleep(0.2)
        raise psycopg.OperationalError("connection timeout expired")

    monkeypatch.setattr(psycopg, "connect", slow)
    with pytest.raises(StoreUnavailable) as caught:
        store.entries("K7M2", "AB12")
    assert tries == [CONNECT_SECONDS]
    assert "connection timeout expired" in caught.value.detail
    started = time.monotonic()
    with pytest.raises(StoreUnavailable):
        store.append("K7M2", "AB12", 0, {"kind": "start"})
    assert time.monotonic() - started < 0.1
    assert tries == [CONNECT_SECONDS]

    monkeypatch.undo()
    time.sleep(PATIENCE * 0.2 + 0.1)
    assert store.append("K7M2", "AB12", 0, {"kind": "start"}) is True
    assert store.entries("K7M2", "AB12") == [(0, {"kind": "start"})]
    store.close()


# --- the whole class server ---------------------------------------------------------------


def serve_on(url: str, folder: Path) -> Any:
    """A class server keeping its lesson at ``url`` (no simulated games: not needed here)."""
    return class_server(folder, "--yardstick-games", "0", "--kept-playing-games", "0", store=url)


def started_table(links: Any, teacher: Visitor) -> tuple[str, Visitor]:
    """One table of two: Ann in seat 0, a bot in the other, the game started."""
    (code,), (ann,) = started_tables(links, teacher, ["Ann"])
    return code, ann


def screen(links: Any, code: str, visitor: Visitor, *moves: dict) -> tuple[list, list]:
    """Send ``moves`` from a device at table ``code``: the views and problems it got back."""
    _, got, closed = talk(links.base, f"/table/{code}/live", visitor, map(json.dumps, moves))
    assert not closed
    views = [message for message in got if "seq" in message]
    problems = [message["problem"] for message in got if "problem" in message]
    return views, problems


def move_from(view: dict[str, Any]) -> dict[str, Any]:
    """The first move a seat's view offers (a throw, or the first answer)."""
    assert "data-kind=" in view["actions"], "nothing is asked of this seat"
    if "data-kind='throw'" in view["actions"]:
        return {"kind": "throw", "seq": view["seq"]}
    return {"kind": "move", "seq": view["seq"], "index": 0}


def test_a_class_server_goes_on_when_postgresql_is_back(
    outage: PostgresServer, tmp_path: Path
) -> None:
    """A student's move while the database is down is refused with a sentence; once it
    is back the next move is taken by the same class server process."""
    with serve_on(outage.new_database(), tmp_path) as links:
        code, ann = started_table(links, teacher_visitor(links))
        views, _ = screen(links, code, ann)
        move = move_from(views[-1])

        outage.stop()
        down_views, problems = screen(links, code, ann, move)
        assert problems == [UNAVAILABLE]
        assert {view["seq"] for view in down_views} == {move["seq"]}

        outage.start()
        up_views, problems = screen(links, code, ann, move)
        assert problems == []
        assert up_views[-1]["seq"] > move["seq"]
        assert links.process.poll() is None  # the same process all along


def test_joining_and_pausing_while_postgresql_is_down_say_why(
    outage: PostgresServer, tmp_path: Path
) -> None:
    """A student who joins and a teacher who pauses while the database is down are told
    why nothing happened; both work once it is back."""
    with serve_on(outage.new_database(), tmp_path) as links:
        teacher = teacher_visitor(links)
        code, ann = started_table(links, teacher)
        add = {"kind": "add", "count": 1, "seats": 2, "rules": "landlords_game", "seed": 6}
        _, cards, _ = talk(links.base, "/teacher/live", teacher, [json.dumps(add)])
        free = cards[-1]["lesson"]["tables"][-1]
        bo = Visitor(links.base)
        bo.enter(links.password)
        pause = json.dumps({"kind": "pause"})

        outage.stop()
        status, page = bo.post("/join", {"table": free, "name": "Bo"})
        assert (status, html.escape(UNAVAILABLE) in page) == (503, True)  # the join page
        _, answers, closed = talk(links.base, "/teacher/live", teacher, [pause])
        assert not closed
        assert [answer["problem"] for answer in answers if "problem" in answer] == [UNAVAILABLE]

        outage.start()
        assert bo.join(free, "Bo") == 200
        _, answers, _ = talk(links.base, "/teacher/live", teacher, [pause])
        assert not [answer for answer in answers if "problem" in answer]
        views, _ = screen(links, code, ann)
        assert views[-1]["status"].startswith("Paused by the teacher.")
        assert links.process.poll() is None
