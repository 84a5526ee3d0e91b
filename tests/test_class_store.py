"""The class store (:mod:`landlord.classroom.store`) and lessons kept in it, on both backends.

Every test that takes ``place`` runs twice: on a SQLite file in ``tmp_path`` and
on a database of its own on a real PostgreSQL server started for the session
(:mod:`postgres_server`). Two "servers" of a class are two :class:`Store`
objects (two connections) on the same place; a race is two OS processes.
"""

from __future__ import annotations

import contextlib
import json
import random
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from postgres_server import postgres_server  # noqa: F401  (a fixture, asked for by name)

from landlord.classroom.lesson import Lesson
from landlord.classroom.store import LAYOUT, MOST_ENTRY_BYTES, Store, StoreError, open_store
from landlord.classroom.tables import ClassTable, token_hash

MOVED_ON = "The table moved on before your move arrived; look again."
PAUSED = "The teacher has paused the game."
KEY = "k7m2x9pq"


@dataclass
class Place:
    """Where a store is: what :func:`open_store` takes, and plain SQL on it."""

    kind: str
    where: str

    def open(self) -> Store:
        return open_store(self.where)

    @contextlib.contextmanager
    def two(self) -> Iterator[tuple[Store, Store]]:
        """Two stores on the place, as two servers have: closed afterwards."""
        first, second = self.open(), self.open()
        try:
            yield first, second
        finally:
            first.close()
            second.close()

    def sql(self, statement: str, parameters: tuple = ()) -> list[tuple]:
        """Run one statement on a connection of its own (not the store's)."""
        if self.kind == "sqlite":
            connection = sqlite3.connect(self.where, isolation_level=None)
            try:
                return connection.execute(statement, parameters).fetchall()
            finally:
                connection.close()
        import psycopg

        with psycopg.connect(self.where, autocommit=True) as connection:
            cursor = connection.execute(statement.replace("?", "%s"), parameters)
            return cursor.fetchall() if cursor.description else []


@pytest.fixture(params=["sqlite", "postgresql"])
def place(request: pytest.FixtureRequest, tmp_path: Path) -> Place:
    """An empty place for a store: a SQLite file, or a fresh PostgreSQL database."""
    if request.param == "sqlite":
        return Place("sqlite", str(tmp_path / "class.sqlite"))
    server = request.getfixturevalue("postgres_server")
    return Place("postgresql", server.new_database())


@pytest.fixture
def store(place: Place) -> Iterator[Store]:
    opened = place.open()
    yield opened
    opened.close()


@pytest.fixture
def seeded(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tables' seeds (``secrets.randbelow`` in :mod:`landlord.classroom.lesson`) from a seed."""
    dice = random.Random(20)
    monkeypatch.setattr("landlord.classroom.lesson.secrets.randbelow", dice.randrange)


# --- the store ----------------------------------------------------------------------


def test_the_store_says_what_kind_it_is(place: Place, store: Store) -> None:
    assert store.kind == place.kind


def test_entries_come_back_in_order_and_equal(store: Store) -> None:
    store.new_lesson("K7M2", {"title": "Period 3", "key": KEY})
    store.new_table("K7M2", "AB12", {"rules": "landlords_game", "seed": 4, "seats": 2})
    store.new_table("K7M2", "CD34", {"rules": "single_tax", "seed": 4, "seats": 3})
    written = {
        seq: {
            "kind": "move",
            "seat": seq % 3,
            "index": seq,
            "name": 'Zoë ☂ "quoted" <b>',
            "action": {"kind": "buy", "nested": [1, 2.5, None, True, {"deep": "x" * seq}]},
        }
        for seq in range(40)
    }
    order = list(written)
    random.Random(7).shuffle(order)  # written out of order, read back in order
    for seq in order:
        assert store.append("K7M2", "AB12", seq, written[seq]) is True
    assert store.append("K7M2", "CD34", 0, {"kind": "start"}) is True
    store.new_lesson("Q9Z8", {"title": "Period 4"})
    assert store.append("Q9Z8", "AB12", 0, {"kind": "other lesson"}) is True

    assert store.entries("K7M2", "AB12") == sorted(written.items())
    assert store.entries("K7M2", "AB12", after=29) == [
        (seq, written[seq]) for seq in range(30, 40)
    ]
    assert store.entries("K7M2", "AB12", after=39) == []
    assert store.entries("K7M2", "CD34") == [(0, {"kind": "start"})]
    assert store.entries("K7M2", "NONE") == []
    assert [code for code, _, _ in store.lessons()] == ["K7M2", "Q9Z8"]
    assert store.lessons()[0][2] == {"title": "Period 3", "key": KEY}
    assert store.tables("K7M2") == [
        ("AB12", {"rules": "landlords_game", "seed": 4, "seats": 2}),
        ("CD34", {"rules": "single_tax", "seed": 4, "seats": 3}),
    ]
    assert store.tables("Q9Z8") == []


def test_an_entry_number_is_written_once(place: Place, store: Store) -> None:
    first = {"kind": "join", "seat": 0, "name": "Ann"}
    assert store.append("K7M2", "AB12", 0, first) is True
    assert store.append("K7M2", "AB12", 0, {"kind": "join", "seat": 0, "name": "Bob"}) is False
    assert store.append("K7M2", "AB12", 1, {"kind": "start"}) is True
    assert store.append("K7M2", "AB12", 1, {"kind": "start", "again": True}) is False
    # The same number in another table or lesson is another entry.
    assert store.append("K7M2", "EF56", 0, first) is True
    assert store.append("Q9Z8", "AB12", 0, first) is True
    assert store.entries("K7M2", "AB12") == [(0, first), (1, {"kind": "start"})]
    # A second connection (another server) is refused the same way.
    other = place.open()
    try:
        assert other.append("K7M2", "AB12", 0, {"kind": "join", "seat": 0, "name": "Eve"}) is False
        assert other.entries("K7M2", "AB12") == [(0, first), (1, {"kind": "start"})]
    finally:
        other.close()
    rows = place.sql("SELECT COUNT(*) FROM landlord_entries WHERE lesson = ? AND tbl = ?",
                     ("K7M2", "AB12"))  # fmt: skip
    assert rows == [(2,)]


def test_last_seqs(store: Store) -> None:
    assert store.last_seqs("K7M2") == {}
    for seq in range(5):
        store.append("K7M2", "AB12", seq, {"n": seq})
    store.append("K7M2", "CD34", 0, {"n": 0})
    store.append("K7M2", "GH78", 7, {"n": 7})  # the highest number, not the count
    store.append("Q9Z8", "AB12", 11, {"n": 11})
    store.new_table("K7M2", "JK90", {"rules": "landlords_game", "seed": 1, "seats": 2})
    last = store.last_seqs("K7M2")
    assert last == {"AB12": 4, "CD34": 0, "GH78": 7}  # JK90 has no entry: left out
    assert all(type(seq) is int for seq in last.values())
    assert store.last_seqs("Q9Z8") == {"AB12": 11}


def test_lesson_marks(place: Place, store: Store) -> None:
    assert store.marks("K7M2") == []
    assert store.mark("K7M2", 0, {"kind": "pause"}) is True
    assert store.mark("K7M2", 0, {"kind": "end"}) is False
    assert store.mark("K7M2", 1, {"kind": "resume"}) is True
    assert store.mark("Q9Z8", 0, {"kind": "end"}) is True
    other = place.open()
    try:
        assert other.mark("K7M2", 1, {"kind": "end"}) is False
        assert other.mark("K7M2", 2, {"kind": "end"}) is True
    finally:
        other.close()
    assert store.marks("K7M2") == [{"kind": "pause"}, {"kind": "resume"}, {"kind": "end"}]
    assert store.marks("Q9Z8") == [{"kind": "end"}]


def test_another_layout_is_refused(place: Place, store: Store) -> None:
    store.close()
    assert place.sql("SELECT version FROM landlord_layout") == [(LAYOUT,)]
    place.sql("UPDATE landlord_layout SET version = ?", (LAYOUT + 1,))
    with pytest.raises(StoreError) as caught:
        place.open()
    message = str(caught.value)
    assert message.startswith(open_store_name(place))
    assert f"layout [{LAYOUT + 1}]" in message
    assert f"reads layout {LAYOUT}" in message


def test_opening_again_keeps_the_layout_and_what_was_written(place: Place, store: Store) -> None:
    store.new_lesson("K7M2", {"title": "Period 3"})
    store.append("K7M2", "AB12", 0, {"kind": "start"})
    store.close()
    for _ in range(2):
        again = place.open()
        assert again.entries("K7M2", "AB12") == [(0, {"kind": "start"})]
        again.close()
    assert place.sql("SELECT version FROM landlord_layout") == [(LAYOUT,)]


@pytest.mark.parametrize(
    ("table", "text"),
    [
        ("landlord_entries", "{not json"),
        ("landlord_entries", "[1, 2]"),
        ("landlord_tables", '{"rules": '),
        ("landlord_lessons", "null"),
        ("landlord_lesson_marks", ""),
    ],
)
def test_a_damaged_entry_is_a_store_error(
    place: Place, store: Store, table: str, text: str
) -> None:
    insert = {
        "landlord_entries": "INSERT INTO landlord_entries VALUES ('K7M2', 'AB12', 0, ?, 0)",
        "landlord_tables": "INSERT INTO landlord_tables VALUES ('K7M2', 'AB12', 0, ?)",
        "landlord_lessons": "INSERT INTO landlord_lessons VALUES ('K7M2', 0, ?)",
        "landlord_lesson_marks": "INSERT INTO landlord_lesson_marks VALUES ('K7M2', 0, ?, 0)",
    }[table]
    place.sql(insert, (text,))
    read = {
        "landlord_entries": lambda: store.entries("K7M2", "AB12"),
        "landlord_tables": lambda: store.tables("K7M2"),
        "landlord_lessons": store.lessons,
        "landlord_lesson_marks": lambda: store.marks("K7M2"),
    }[table]
    with pytest.raises(StoreError, match="a damaged entry") as caught:
        read()
    assert str(caught.value).startswith(store.name)
    error = caught.value  # no json traceback chained to it
    assert error.__cause__ is None
    assert error.__context__ is None or error.__suppress_context__


def test_a_damaged_entry_stops_a_lesson_with_a_store_error(place: Place, store: Store) -> None:
    lesson = Lesson.start(store, key=KEY)
    (table,) = lesson.add_tables(1, seats=2)
    place.sql("INSERT INTO landlord_entries VALUES (?, ?, 0, 'garbage', 0)",
              (lesson.code, table.code))  # fmt: skip
    other = place.open()
    try:
        with pytest.raises(StoreError, match="a damaged entry"):
            Lesson.resume(other, lesson.code)
    finally:
        other.close()


def test_an_entry_over_the_limit_is_refused(store: Store) -> None:
    # An entry's JSON text as the store writes it: sorted keys, no spaces, ASCII.
    room = MOST_ENTRY_BYTES - len('{"kind":"note","text":""}')
    assert store.append("K7M2", "AB12", 0, {"kind": "note", "text": "a" * room}) is True
    with pytest.raises(StoreError, match="16,385 bytes is too long") as caught:
        store.append("K7M2", "AB12", 1, {"kind": "note", "text": "a" * (room + 1)})
    assert str(caught.value).startswith(store.name)
    # Non-ASCII letters are written as \uXXXX: six bytes each, counted as six.
    with pytest.raises(StoreError, match="too long"):
        store.append("K7M2", "AB12", 1, {"kind": "note", "text": "é" * (room // 6 + 1)})
    with pytest.raises(StoreError, match="too long"):
        store.mark("K7M2", 0, {"kind": "pause", "why": "x" * MOST_ENTRY_BYTES})
    assert store.entries("K7M2", "AB12", after=0) == []
    assert store.marks("K7M2") == []
    assert store.append("K7M2", "AB12", 1, {"kind": "start"}) is True


def test_a_missing_folder_is_named(tmp_path: Path) -> None:
    missing = tmp_path / "no such folder"
    for where in (missing / "class.sqlite", f"sqlite://{missing}/class.sqlite"):
        with pytest.raises(StoreError) as caught:
            open_store(where)
        assert f"the folder {missing} does not exist" in str(caught.value)
    assert not missing.exists()


def test_a_folder_holds_the_default_file(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    store.append("K7M2", "AB12", 0, {"kind": "start"})
    store.close()
    assert (tmp_path / "landlord-class.sqlite").is_file()
    again = open_store(f"sqlite://{tmp_path / 'landlord-class.sqlite'}")
    assert again.entries("K7M2", "AB12") == [(0, {"kind": "start"})]
    again.close()


def test_a_file_that_is_not_a_store_is_a_store_error(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("these are a teacher's notes, not a database\n" * 100)
    with pytest.raises(StoreError) as caught:
        open_store(path)
    assert str(caught.value).startswith(str(path))


def test_a_wrong_postgresql_url_is_a_store_error(postgres_server) -> None:  # noqa: F811
    wrong = [
        # No such database on a server that runs.
        postgres_server.database_url("no_such_database"),
        # A password in the URL is not repeated in the message.
        postgres_server.database_url("no_such_database").replace(
            "postgres@", "postgres:s3cr3t-pass@"
        ),
        # No server at that socket folder.
        "postgresql://postgres@/postgres?host=/nonexistent-landlord-folder&port=5432",
        # Nothing listens on that port (the throwaway server takes no TCP port).
        f"postgresql://nobody:s3cr3t-pass@127.0.0.1:{postgres_server.port}/x",
        # Not a URL psycopg can read.
        "postgresql://postgres@/postgres?port=not-a-number",
    ]
    for url in wrong:
        with pytest.raises(StoreError) as caught:
            open_store(url)
        message = str(caught.value)
        assert "cannot connect to PostgreSQL" in message, message
        assert message.startswith(url.split("@")[-1]), message
        assert "s3cr3t-pass" not in message, message


def open_store_name(place: Place) -> str:
    """The name a store at ``place`` goes by in its errors."""
    return place.where.split("@")[-1] if place.kind == "postgresql" else place.where


# --- processes at once ------------------------------------------------------------------

#: What each process run by :func:`together` starts with: ``ready()`` says it is
#: ready and waits, spinning, for "go", so all of them start within microseconds.
START = """
import json, os, sys
from pathlib import Path
from landlord.classroom.store import StoreError, open_store

name, folder, where = sys.argv[1:4]

def ready():
    Path(folder, "ready-" + name).touch()
    go = os.path.join(folder, "go")
    while not os.path.exists(go):
        pass
"""


def together(script: str, where: str, names: list[str], folder: Path) -> dict[str, str]:
    """Run ``START + script`` in one process per name at once; return what each printed."""
    folder.mkdir()
    processes = {
        name: subprocess.Popen(
            [sys.executable, "-c", START + script, name, str(folder), where],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for name in names
    }
    try:
        deadline = time.monotonic() + 60  # a guard against a hang, not a speed test
        while not all((folder / f"ready-{name}").exists() for name in names):
            for name, process in processes.items():
                if process.poll() is not None:
                    pytest.fail(f"process {name} ended early:\n{process.communicate()[1]}")
            if time.monotonic() > deadline:
                pytest.fail("the processes did not get ready")
            time.sleep(0.01)
        (folder / "go").touch()
        printed = {}
        for name, process in processes.items():
            out, err = process.communicate(timeout=120)
            assert process.returncode == 0, f"process {name} failed:\n{err}"
            printed[name] = out.strip()
        return printed
    finally:
        for process in processes.values():
            if process.poll() is None:
                process.kill()
                process.wait()


RACE_ENTRIES = 200

#: Try to write entries 0..199 of a table as fast as possible; print the numbers won.
RACE_WRITER = """
lesson, table, count = sys.argv[4:]
store = open_store(where)
store.entries(lesson, table)
ready()
won = [
    seq
    for seq in range(int(count))
    if store.append(lesson, table, seq, {"kind": "race", "writer": name, "seq": seq})
]
store.close()
print(json.dumps(won))
"""


def test_two_processes_racing_for_a_table_write_one_history(
    place: Place, store: Store, tmp_path: Path
) -> None:
    store.new_lesson("K7M2", {"title": "race"})
    store.new_table("K7M2", "AB12", {"rules": "landlords_game", "seed": 1, "seats": 2})
    script = RACE_WRITER.replace("sys.argv[4:]", f"'K7M2', 'AB12', {RACE_ENTRIES}")
    won = {
        name: json.loads(printed)
        for name, printed in together(script, place.where, ["a", "b"], tmp_path / "race").items()
    }

    entries = store.entries("K7M2", "AB12")
    assert [seq for seq, _ in entries] == list(range(RACE_ENTRIES))
    assert len(won["a"]) + len(won["b"]) == RACE_ENTRIES
    assert not set(won["a"]) & set(won["b"])
    for writer, seqs in won.items():
        written = [seq for seq, entry in entries if entry["writer"] == writer]
        assert written == seqs, f"writer {writer} won other entries than the store holds"
    assert all(entry == {"kind": "race", "writer": entry["writer"], "seq": seq}
               for seq, entry in entries)  # fmt: skip
    assert store.last_seqs("K7M2") == {"AB12": RACE_ENTRIES - 1}


#: Open the store (a new one: the first to open it sets it up) and close it.
OPENER = """
ready()
try:
    open_store(where).close()
    print("opened")
except StoreError as error:
    print(error)
"""


def test_servers_starting_at_once_on_a_new_store(
    place: Place, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    """Each opens a store nobody has set up yet; none is refused, now or later.

    (They used to be: SQLite's switch to WAL failed at once with "database is
    locked", PostgreSQL's CREATE TABLE IF NOT EXISTS failed on another's, and
    two layout rows made every later open fail.)
    """
    for round_ in range(3):
        where = place.where if round_ == 0 else fresh_place(place, request, tmp_path).where
        printed = together(OPENER, where, ["a", "b", "c", "d"], tmp_path / f"open-{round_}")
        assert set(printed.values()) == {"opened"}, printed
        store = open_store(where)
        store.append("K7M2", "AB12", 0, {"kind": "start"})
        store.close()


def fresh_place(place: Place, request: pytest.FixtureRequest, tmp_path: Path) -> Place:
    """Another empty place of the same kind."""
    if place.kind == "sqlite":
        return Place("sqlite", str(tmp_path / "another.sqlite"))
    return Place("postgresql", request.getfixturevalue("postgres_server").new_database())


# --- lessons on two servers -------------------------------------------------------------


def fill_and_start(lesson: Lesson, code: str) -> None:
    """A student in seat 0, a bot in seat 1, and the game started."""
    assert (
        lesson.act(code, {"kind": "join", "seat": 0, "name": "Ann", "token": token_hash("k0")})
        is None
    )
    assert lesson.act(code, {"kind": "seat", "seat": 1, "player": "eager_landlord"}) is None
    assert lesson.act(code, {"kind": "start"}) is None


def next_entry(table: ClassTable) -> dict[str, Any] | None:
    """What the student in seat 0 does next (the first choice offered), or None."""
    game_table = table.game_table
    if game_table is None or table.is_over:
        return None
    if game_table.waiting_for is not None:
        return table.move_entry(game_table.waiting_for, 0)
    if table.can_throw(0):
        return {"kind": "throw", "seat": 0}
    return None


def play(lesson: Lesson, code: str, steps: int) -> int:
    """Play up to ``steps`` of seat 0's entries; return how many were played."""
    table = lesson.tables[code]
    for done in range(steps):
        entry = next_entry(table)
        if entry is None:
            return done
        assert lesson.act(code, entry) is None
    return steps


def same_tables(one: Lesson, other: Lesson) -> None:
    """Both lessons hold the same tables, at the same entry, with the same games."""
    assert sorted(one.tables) == sorted(other.tables)
    for code, table in one.tables.items():
        twin = other.tables[code]
        assert twin.spec == table.spec
        assert twin.seq == table.seq
        assert twin.seats == table.seats
        assert twin.started == table.started
        assert twin.is_over == table.is_over
        if table.started:
            assert twin.game.history == table.game.history
            assert twin.game.to_json() == table.game.to_json()
            assert twin.game_table.waiting_for == table.game_table.waiting_for


def choice_point(lesson: Lesson, code: str) -> None:
    """Play on until seat 0 is asked a question with two answers at least."""
    table = lesson.tables[code]
    for _ in range(500):
        game_table = table.game_table
        if game_table.waiting_for == 0 and len(game_table.game.legal_actions()) >= 2:
            return
        entry = next_entry(table)
        assert entry is not None, "the game ended before the student had a choice"
        assert lesson.act(code, entry) is None
    pytest.fail("no choice for the student in 500 entries")


def test_two_servers_of_a_class_reach_the_same_games(place: Place, seeded: None) -> None:
    with place.two() as (store1, store2):
        first = Lesson.start(store1, key=KEY, title="Period 3")
        second = Lesson.resume(store2, first.code)
        assert second is not None
        assert second.tables == {}
        assert second.key == KEY
        played, joined = first.add_tables(2, seats=2)
        fill_and_start(first, played.code)
        assert play(first, played.code, 25) == 25
        assert first.act(joined.code, {"kind": "join", "seat": 1, "name": "Bo",
                                       "token": token_hash("k1")}) is None  # fmt: skip

        assert sorted(second.catch_up()) == sorted([played.code, joined.code])
        same_tables(first, second)
        assert second.tables[joined.code].seat_of(token_hash("k1")) == 1
        assert second.catch_up() == []  # nothing new

        # The second server plays on; the first reads it.
        assert play(second, played.code, 10) == 10
        assert first.catch_up() == [played.code]
        same_tables(first, second)

        # Both answer the same question from the same screen (entry ``seen``):
        # the first to write wins; the other is told the table moved on.
        choice_point(first, played.code)
        second.catch_up()
        seen = first.tables[played.code].seq
        assert second.tables[played.code].seq == seen
        asked = first.tables[played.code].game.legal_actions()
        answer1 = first.tables[played.code].move_entry(0, 0)
        answer2 = second.tables[played.code].move_entry(0, len(asked) - 1)
        assert answer1 != answer2
        assert first.act(played.code, answer1, seen) is None
        assert second.act(played.code, answer2, seen) == MOVED_ON
        same_tables(first, second)  # the loser was shown what the winner wrote
        history = first.tables[played.code].game.history

        # The game plays to its end on either server, turn about.
        for turn in range(5000):
            lesson = (first, second)[turn % 2]
            lesson.catch_up()
            entry = next_entry(lesson.tables[played.code])
            if entry is None:
                break
            assert lesson.act(played.code, entry) is None
        first.catch_up()
        second.catch_up()
        assert first.tables[played.code].is_over
        assert first.tables[played.code].game.history[: len(history)] == history
        same_tables(first, second)

    # A restart: the servers' connections are gone; a new one reads the same games.
    store3 = place.open()
    try:
        again = Lesson.resume(store3)  # the newest lesson that has not ended
        assert again is not None
        assert again.code == first.code
        assert again.settings == first.settings
        same_tables(first, again)
        assert again.tables[played.code].is_over
        assert (
            again.act(played.code, {"kind": "throw", "seat": 0}) == "It is not your turn to throw."
        )
    finally:
        store3.close()


def act_at_once(lessons: tuple[Lesson, ...], code: str, entry: dict) -> list[str | None]:
    """Each lesson acts in a thread of its own, all held just before they write the
    entry (so all read the same table first); return their answers."""
    barrier = threading.Barrier(len(lessons), timeout=30)
    answers: list[str | None] = [""] * len(lessons)
    errors: list[BaseException] = []

    def act(which: int, lesson: Lesson) -> None:
        write = lesson.store.append

        def held(*arguments: Any) -> bool:
            barrier.wait()
            return write(*arguments)

        lesson.store.append = held  # type: ignore[method-assign]
        try:
            answers[which] = lesson.act(code, entry)
        except BaseException as error:  # reported below, in the test's thread
            errors.append(error)
        finally:
            del lesson.store.append

    threads = [
        threading.Thread(target=act, args=(which, lesson)) for which, lesson in enumerate(lessons)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not errors, errors
    return answers


def test_a_race_to_act_leaves_one_winner(place: Place, seeded: None) -> None:
    """Two servers past their checks at once, both writing the table's next entry."""
    with place.two() as (store1, store2):
        first = Lesson.start(store1, key=KEY)
        (table,) = first.add_tables(1, seats=2)
        fill_and_start(first, table.code)
        second = Lesson.resume(store2, first.code)
        for round_ in range(6):
            first.catch_up()
            second.catch_up()
            same_tables(first, second)
            entry = next_entry(first.tables[table.code])
            if entry is None:
                break
            answers = act_at_once((first, second), table.code, entry)
            assert sorted(answers, key=str) == [None, MOVED_ON], (round_, answers)
            same_tables(first, second)  # the loser read what the winner wrote
        assert first.tables[table.code].seq == second.tables[table.code].seq
        assert [seq for seq, _ in store1.entries(first.code, table.code)] == list(
            range(first.tables[table.code].seq)
        )


def test_marks_reach_the_other_server(place: Place, seeded: None) -> None:
    with place.two() as (store1, store2):
        first = Lesson.start(store1, key=KEY)
        (table,) = first.add_tables(1, seats=2)
        fill_and_start(first, table.code)
        second = Lesson.resume(store2, first.code)
        first.set_mark("pause")
        second.catch_up()
        assert second.paused
        assert not second.ended
        assert second.act(table.code, next_entry(second.tables[table.code])) == PAUSED
        second.set_mark("resume")  # the teacher's screen may be on either server
        first.catch_up()
        assert not first.paused
        assert first.act(table.code, next_entry(first.tables[table.code])) is None
        first.set_mark("end")
        second.catch_up()
        assert second.ended
        assert second.act(table.code, {"kind": "throw", "seat": 0}) == "The lesson has ended."
        assert store1.marks(first.code) == [{"kind": "pause"}, {"kind": "resume"}, {"kind": "end"}]
        assert Lesson.resume(store2) is None  # no lesson that has not ended
        assert Lesson.resume(store2, first.code).ended


def test_an_end_on_one_server_stops_moves_on_another_at_once(place: Place, seeded: None) -> None:
    with place.two() as (store1, store2):
        first = Lesson.start(store1, key=KEY)
        (table,) = first.add_tables(1, seats=2)
        fill_and_start(first, table.code)
        second = Lesson.resume(store2, first.code)
        first.set_mark("end")
        entry = next_entry(second.tables[table.code])
        assert second.act(table.code, entry) == "The lesson has ended."
