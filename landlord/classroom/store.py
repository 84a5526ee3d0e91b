"""Where a class's games are kept: each table as its append-only list of entries.

A class (a *lesson*) has tables; a table is the list of what happened at it
in order: a student took a seat, the teacher put a bot in a seat, the game
started, a player threw or answered. The game at a table is played again
from that list (:mod:`landlord.classroom.lesson`), so a server restart, a
closed laptop or a crash loses nothing that was written.

Entries are never changed or removed. Entry ``seq`` of a table can be written
once: :meth:`Store.append` of a number already written returns False and
writes nothing, so two servers (or two requests) that both think they are
next cannot fork a game; the one that wrote first wins and the other reads
the table again.

Two kinds of store, one interface:

* SQLite, a file in a folder the teacher chooses (``sqlite:///path/class.db``
  or just the path): nothing to install, several processes on one machine;
* PostgreSQL, a connection URL (``postgresql://user@host/db``), for a school
  serving many classes from several machines. It needs the ``psycopg``
  package (``pip install 'landlord-kit[postgres]'``). When the database
  restarts, the store connects again at its next use; until it can, each
  use raises :class:`StoreUnavailable`, whose text is a sentence for the class.

Examples
--------
>>> store = open_store(":memory:")
>>> store.new_lesson("K7M2", {"title": "Period 3"})
>>> store.new_table("K7M2", "AB12", {"rules": "landlords_game", "seed": 4, "seats": 2})
>>> store.append("K7M2", "AB12", 0, {"kind": "join", "seat": 0, "name": "Ann"})
True
>>> store.append("K7M2", "AB12", 0, {"kind": "join", "seat": 0, "name": "Bob"})
False
>>> [entry["name"] for _, entry in store.entries("K7M2", "AB12")]
['Ann']
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

__all__ = ["UNAVAILABLE", "Store", "StoreError", "StoreUnavailable", "open_store"]

#: The version of the store's layout, kept in the store; another one is refused.
LAYOUT = 1

#: Entries longer than this (JSON text) are refused: none of the kit's is near it.
MOST_ENTRY_BYTES = 16_384

#: Seconds a PostgreSQL store waits for a new connection (libpq counts 2 at least).
CONNECT_SECONDS = 2
#: After an attempt to connect fails, the next waits this many times as long as it took.
PATIENCE = 4

_TABLES = (
    "CREATE TABLE IF NOT EXISTS landlord_layout (version INTEGER NOT NULL)",
    "CREATE TABLE IF NOT EXISTS landlord_lessons ("
    " code TEXT PRIMARY KEY, created DOUBLE PRECISION NOT NULL, settings TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS landlord_lesson_marks ("
    " lesson TEXT NOT NULL, seq INTEGER NOT NULL, mark TEXT NOT NULL,"
    " at DOUBLE PRECISION NOT NULL, PRIMARY KEY (lesson, seq))",
    "CREATE TABLE IF NOT EXISTS landlord_tables ("
    " lesson TEXT NOT NULL, code TEXT NOT NULL, created DOUBLE PRECISION NOT NULL,"
    " spec TEXT NOT NULL, PRIMARY KEY (lesson, code))",
    "CREATE TABLE IF NOT EXISTS landlord_entries ("
    " lesson TEXT NOT NULL, tbl TEXT NOT NULL, seq INTEGER NOT NULL, entry TEXT NOT NULL,"
    " at DOUBLE PRECISION NOT NULL, PRIMARY KEY (lesson, tbl, seq))",
)


class StoreError(RuntimeError):
    """The store cannot be opened or read: it names the store and what is wrong."""


#: What people in the class are told while the store cannot be reached.
UNAVAILABLE = (
    "The class store is unavailable just now: your move was not taken. Try again in a moment."
)


class StoreUnavailable(StoreError):
    """The store cannot be reached just now (its database restarts, the network fails).

    Its text is :data:`UNAVAILABLE`, for the people in the class; ``detail``
    says what failed, for the server's log. What was being written was
    almost surely not kept: if the database kept it just before the
    connection was cut, it is read as any other entry once the store is back.
    """

    def __init__(self, detail: str = "") -> None:
        super().__init__(UNAVAILABLE)
        self.detail = detail


def open_store(where: str | os.PathLike[str]) -> Store:
    """The store at ``where``: a PostgreSQL URL, ``sqlite:///PATH``, a path or ``:memory:``.

    A path's folder must exist; the file is made if it does not.
    """
    text = os.fspath(where)
    if text.startswith(("postgresql://", "postgres://")):
        return Store(_Postgres(text), text.split("@")[-1])
    if text.startswith("sqlite:///"):
        text = text[len("sqlite:///") - 1 :]
    if text != ":memory:":
        path = Path(text)
        if path.is_dir():
            path = path / "landlord-class.sqlite"
        if not path.parent.is_dir():
            raise StoreError(f"{path}: the folder {path.parent} does not exist")
        text = str(path)
    return Store(_Sqlite(text), text)


class _Sqlite:
    """SQLite through the standard library: one connection, used under a lock."""

    marker = "?"
    conflict = sqlite3.IntegrityError

    def __init__(self, path: str) -> None:
        try:
            self.connection = sqlite3.connect(
                path, timeout=10, isolation_level=None, check_same_thread=False
            )
            if path != ":memory:":
                # Turning a new file to WAL can fail at once ("database is locked")
                # while another process sets it up too: SQLite's wait does not apply.
                for wait in range(100):
                    try:
                        self.connection.execute("PRAGMA journal_mode=WAL")
                        break
                    except sqlite3.OperationalError as error:
                        if "locked" not in str(error) or wait == 99:
                            raise
                        time.sleep(0.05)
            self.connection.execute("PRAGMA synchronous=NORMAL")
        except sqlite3.Error as error:
            raise StoreError(f"{path}: cannot be opened as a class store ({error})") from None
        self.errors: tuple[type[BaseException], ...] = (sqlite3.Error,)

    def run(self, sql: str, parameters: tuple = ()) -> list[tuple]:
        cursor = self.connection.execute(sql, parameters)
        return cursor.fetchall()

    def close(self) -> None:
        self.connection.close()


class _Postgres:
    """PostgreSQL through psycopg 3, autocommit: each statement is its own transaction.

    A connection that was cut (the database restarted) is replaced by a new one
    at the next statement. While the database cannot be reached, a statement
    raises :class:`StoreUnavailable`: at once if the database refuses (it is
    down or starting), after :data:`CONNECT_SECONDS` if it does not answer at
    all; the attempt after such a slow one waits :data:`PATIENCE` times as
    long as it took, so the class server (one thread) is not held at every
    move. (A statement sent on a connection the network drops without a word
    waits as long as the system's TCP does: that is not bounded here.)
    """

    marker = "%s"

    def __init__(self, url: str) -> None:
        try:
            import psycopg
        except ImportError:
            raise StoreError(
                "a PostgreSQL store needs the psycopg package: "
                "pip install 'landlord-kit[postgres]'"
            ) from None
        self._psycopg = psycopg
        self._url = url
        self.where = url.split("@")[-1]  # no user name or password
        self.conflict = psycopg.errors.UniqueViolation
        self.errors = (psycopg.Error,)
        self._next_try = 0.0
        try:
            self.connection: Any = self._connect(10)
        except psycopg.Error as error:
            raise StoreError(f"{self.where}: cannot connect to PostgreSQL ({error})") from None

    def _connect(self, seconds: int) -> Any:
        """A new connection, waited for ``seconds`` at most."""
        return self._psycopg.connect(self._url, autocommit=True, connect_timeout=seconds)

    def run(self, sql: str, parameters: tuple = ()) -> list[tuple]:
        reused = self.connection is not None
        try:
            return self._execute(sql, parameters)
        except StoreUnavailable:
            if not reused:
                raise
        # The connection was cut since its last statement (a restart): once more on a
        # new one. A write the database kept before the cut is refused as a conflict.
        return self._execute(sql, parameters)

    def _execute(self, sql: str, parameters: tuple) -> list[tuple]:
        """Run one statement, connecting first if there is no connection; raise
        StoreUnavailable (and forget the connection) if it is cut or cannot be made."""
        if self.connection is None:
            self.connection = self._reconnect()
        connection = self.connection
        try:
            with connection.cursor() as cursor:
                cursor.execute(sql, parameters)
                return cursor.fetchall() if cursor.description else []
        except self._psycopg.Error as error:
            if not connection.broken:  # the statement's own error: the connection is fine
                raise
            self.connection = None
            raise StoreUnavailable(f"{self.where}: {error}") from error

    def _reconnect(self) -> Any:
        """A new connection, or StoreUnavailable: at once during the wait that follows a
        slow attempt that failed."""
        began = time.monotonic()
        if began < self._next_try:
            raise StoreUnavailable(f"{self.where}: waiting before connecting again")
        try:
            return self._connect(CONNECT_SECONDS)
        except self._psycopg.Error as error:
            self._next_try = time.monotonic() + PATIENCE * (time.monotonic() - began)
            raise StoreUnavailable(f"{self.where}: cannot connect ({error})") from error

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()


class Store:
    """A class store (see the module's text). Safe to use from several threads."""

    def __init__(self, backend: Any, name: str) -> None:
        self._backend = backend
        self.name = name
        self._lock = threading.Lock()
        with self._checked("set up"):
            for attempt in range(3):
                try:
                    for sql in _TABLES:
                        self._run(sql)
                    break
                except self._backend.errors:
                    # Two servers making a new PostgreSQL store at once: one's
                    # CREATE TABLE IF NOT EXISTS fails on the other's; the tables are there now.
                    if attempt == 2:
                        raise
                    time.sleep(0.1)
            # Two servers making a new store at once may both write its version.
            versions = sorted({row[0] for row in self._run("SELECT version FROM landlord_layout")})
            if not versions:
                self._run("INSERT INTO landlord_layout (version) VALUES (?)", (LAYOUT,))
            elif versions != [LAYOUT]:
                raise StoreError(
                    f"{name}: a class store of layout {versions}, this kit reads layout {LAYOUT}"
                )

    @property
    def kind(self) -> str:
        """``"sqlite"`` or ``"postgresql"``."""
        return "sqlite" if isinstance(self._backend, _Sqlite) else "postgresql"

    def _run(self, sql: str, parameters: tuple = ()) -> list[tuple]:
        if self._backend.marker != "?":
            sql = sql.replace("?", self._backend.marker)
        with self._lock:
            return self._backend.run(sql, parameters)

    @contextmanager
    def _checked(self, doing: str) -> Iterator[None]:
        try:
            yield
        except StoreError:
            raise
        except self._backend.errors as error:
            raise StoreError(f"{self.name}: could not {doing} ({error})") from None

    # --- lessons ---------------------------------------------------------------------

    def new_lesson(self, code: str, settings: dict[str, Any]) -> None:
        """Start a lesson: ``settings`` are kept as they are (JSON)."""
        with self._checked("start a lesson"):
            self._run(
                "INSERT INTO landlord_lessons (code, created, settings) VALUES (?, ?, ?)",
                (code, time.time(), _dumps(settings)),
            )

    def lessons(self) -> list[tuple[str, float, dict[str, Any]]]:
        """Every lesson, oldest first: (code, when it started, settings)."""
        with self._checked("read the lessons"):
            rows = self._run(
                "SELECT code, created, settings FROM landlord_lessons ORDER BY created"
            )
        return [(code, created, _loads(settings, self.name)) for code, created, settings in rows]

    def mark(self, lesson: str, seq: int, mark: dict[str, Any]) -> bool:
        """Append a mark to the lesson (paused, resumed, ended); False if ``seq`` was taken."""
        return self._append(
            "INSERT INTO landlord_lesson_marks (lesson, seq, mark, at) VALUES (?, ?, ?, ?)",
            (lesson, seq, _dumps(mark), time.time()),
        )

    def marks(self, lesson: str) -> list[dict[str, Any]]:
        """The lesson's marks, in order."""
        with self._checked("read the lesson's marks"):
            rows = self._run(
                "SELECT seq, mark FROM landlord_lesson_marks WHERE lesson = ? ORDER BY seq",
                (lesson,),
            )
        return [_loads(mark, self.name) for _, mark in rows]

    # --- tables ----------------------------------------------------------------------

    def new_table(self, lesson: str, code: str, spec: dict[str, Any]) -> None:
        """Add a table to a lesson: ``spec`` says what it plays (JSON)."""
        with self._checked("add a table"):
            self._run(
                "INSERT INTO landlord_tables (lesson, code, created, spec) VALUES (?, ?, ?, ?)",
                (lesson, code, time.time(), _dumps(spec)),
            )

    def tables(self, lesson: str) -> list[tuple[str, dict[str, Any]]]:
        """The lesson's tables, in the order they were added: (code, spec)."""
        with self._checked("read the tables"):
            rows = self._run(
                "SELECT code, spec FROM landlord_tables WHERE lesson = ? ORDER BY created, code",
                (lesson,),
            )
        return [(code, _loads(spec, self.name)) for code, spec in rows]

    def append(self, lesson: str, table: str, seq: int, entry: dict[str, Any]) -> bool:
        """Write entry number ``seq`` of a table; False (and nothing written) if it exists."""
        return self._append(
            "INSERT INTO landlord_entries (lesson, tbl, seq, entry, at) VALUES (?, ?, ?, ?, ?)",
            (lesson, table, seq, _dumps(entry), time.time()),
        )

    def entries(
        self, lesson: str, table: str, after: int = -1
    ) -> list[tuple[int, dict[str, Any]]]:
        """A table's entries numbered above ``after``, in order: (seq, entry)."""
        with self._checked("read a table"):
            rows = self._run(
                "SELECT seq, entry FROM landlord_entries WHERE lesson = ? AND tbl = ? AND seq > ?"
                " ORDER BY seq",
                (lesson, table, after),
            )
        return [(seq, _loads(entry, self.name)) for seq, entry in rows]

    def last_seqs(self, lesson: str) -> dict[str, int]:
        """Each table's highest entry number (tables with no entry are left out)."""
        with self._checked("read the tables"):
            rows = self._run(
                "SELECT tbl, MAX(seq) FROM landlord_entries WHERE lesson = ? GROUP BY tbl",
                (lesson,),
            )
        return dict(rows)

    def _append(self, sql: str, parameters: tuple) -> bool:
        if len(parameters[-2]) > MOST_ENTRY_BYTES:
            raise StoreError(f"{self.name}: an entry of {len(parameters[-2]):,} bytes is too long")
        try:
            self._run(sql, parameters)
        except self._backend.conflict:
            return False
        except self._backend.errors as error:
            raise StoreError(f"{self.name}: could not write ({error})") from None
        return True

    def close(self) -> None:
        self._backend.close()


def _dumps(value: dict[str, Any]) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def _loads(text: str, name: str) -> Any:
    try:
        value = json.loads(text)
    except ValueError as error:
        raise StoreError(f"{name}: a damaged entry ({error})") from None
    if not isinstance(value, dict):
        raise StoreError(f"{name}: a damaged entry (expected an object, got {text[:40]!r})")
    return value
