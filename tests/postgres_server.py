"""A throwaway PostgreSQL server for the tests, started from the system's binaries.

:func:`postgres_server` (a session fixture: import it into a test module) runs
``initdb`` in a fresh temporary folder and starts the server there on a Unix
socket only (``listen_addresses=''``), so it neither needs nor takes a TCP
port and never meets a PostgreSQL the machine runs already. Each test asks
the server for a database of its own (:meth:`PostgresServer.new_database`),
so tests do not see each other's tables. The server stops, and its folder
goes, when the session ends.

PostgreSQL refuses to run as root. CI runs as root, so as root the server's
commands run as an unprivileged user (``postgres`` if the machine has one,
else ``nobody``) that owns the server's folder.

The binaries are found on PATH, then under ``/usr/lib/postgresql/*/bin``
(where Debian's ``postgresql`` package puts them, off PATH). Without them the
tests that need the server skip, which fails a CI run (``.ci/run`` installs
the package).
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import secrets
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from conftest import free_port

__all__ = ["PostgresServer", "find_postgres_bin", "postgres_server", "running_postgres"]

#: Settings for a server whose data may be lost: no waiting for the disk.
FAST = "-c fsync=off -c synchronous_commit=off -c full_page_writes=off"


def find_postgres_bin() -> Path | None:
    """The folder holding ``initdb`` and ``pg_ctl``: PATH first, then Debian's folders."""
    found = shutil.which("initdb")
    if found:
        folder = Path(found).resolve().parent
        if (folder / "pg_ctl").exists():
            return folder
    versions = glob.glob("/usr/lib/postgresql/*/bin/initdb")
    versions.sort(key=lambda path: _version(Path(path).parent.parent.name), reverse=True)
    for initdb in versions:
        folder = Path(initdb).parent
        if (folder / "pg_ctl").exists():
            return folder
    return None


def _version(name: str) -> tuple[int, ...]:
    return tuple(int(part) for part in name.split(".") if part.isdigit())


@dataclass
class PostgresServer:
    """A running throwaway server: :attr:`url` reaches its ``postgres`` database.

    :meth:`stop` and :meth:`start` take it down and bring it back (its
    databases kept), as a school's server restarting does.
    """

    folder: Path
    port: int
    binaries: Path
    #: How its commands run: ``subprocess`` options (another user's, as root).
    options: dict = field(default_factory=dict, repr=False)
    #: Whether it runs now (between :meth:`start` and :meth:`stop`).
    up: bool = False

    @property
    def url(self) -> str:
        return self.database_url("postgres")

    def database_url(self, database: str) -> str:
        """A URL for ``database`` on this server (as the superuser, over its socket)."""
        return f"postgresql://postgres@/{database}?host={self.folder}&port={self.port}"

    def new_database(self) -> str:
        """Make an empty database no other test uses; return its URL."""
        import psycopg

        name = f"t_{secrets.token_hex(6)}"
        with psycopg.connect(self.url, autocommit=True, connect_timeout=10) as connection:
            connection.execute(f"CREATE DATABASE {name}")
        return self.database_url(name)

    def start(self) -> None:
        """Start the server and wait until it takes connections."""
        settings = f"-k {self.folder} -c listen_addresses='' -p {self.port} {FAST}"
        self.run("pg_ctl", "-D", str(self.folder / "data"), "-l", str(self.log), "-w",
                 "-t", "60", "-o", settings, "start")  # fmt: skip
        self.up = True

    def stop(self) -> None:
        """Stop the server at once: its connections are cut, as in a restart."""
        self.run("pg_ctl", "-D", str(self.folder / "data"), "-m", "fast", "-w", "stop")
        self.up = False

    @property
    def log(self) -> Path:
        """The server's own log."""
        return self.folder / "server.log"

    def run(self, *command: str) -> None:
        """Run one of the server's programs (``initdb``, ``pg_ctl``); fail the test if it fails."""
        done = subprocess.run(
            [str(self.binaries / command[0]), *command[1:]],
            cwd=self.folder,
            env={**os.environ, "HOME": str(self.folder), "LC_ALL": "C", "LANG": "C"},
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
            **self.options,
        )
        if done.returncode != 0:
            log = self.log.read_text(errors="replace")[-3000:] if self.log.exists() else ""
            pytest.fail(
                f"{' '.join(command)} failed ({done.returncode}):\n"
                f"{done.stdout[-3000:]}{done.stderr[-3000:]}{log}"
            )


def _as_user() -> tuple[dict, str | None]:
    """How to run the server's commands: ``subprocess`` options, and the owner's name.

    As root: as ``postgres`` (made by Debian's package) or else ``nobody``.
    """
    if os.getuid() != 0:
        return {}, None
    for name in ("postgres", "nobody"):
        with contextlib.suppress(KeyError):
            user = pwd.getpwnam(name)
            options = {"user": user.pw_uid, "group": user.pw_gid, "extra_groups": []}
            return options, name
    pytest.skip("running as root, and there is no 'postgres' or 'nobody' user to run PostgreSQL")


@contextlib.contextmanager
def running_postgres() -> Iterator[PostgresServer]:
    """Start a throwaway server (see the module's text); stop it and remove its folder after."""
    binaries = find_postgres_bin()
    if binaries is None:
        pytest.skip(
            "PostgreSQL not found (no initdb on PATH or under /usr/lib/postgresql/*/bin): "
            "install Debian's 'postgresql' package"
        )
    options, owner = _as_user()
    # A short path under /tmp: a socket's path is limited to about 100 bytes, and
    # the unprivileged user must be able to reach it (pytest's tmp_path is root's alone).
    folder = Path(tempfile.mkdtemp(prefix="landlord-pg-"))
    if owner is not None:
        shutil.chown(folder, user=owner)
    server = PostgresServer(folder, free_port(), binaries, options)
    try:
        server.run("initdb", "-D", str(folder / "data"), "-U", "postgres", "--auth=trust",
                   "--encoding=UTF8", "--locale=C", "--no-sync")  # fmt: skip
        server.start()
        yield server
    finally:
        if server.up:  # a test may have stopped it
            server.stop()
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """A throwaway PostgreSQL server for the whole session (see the module's text)."""
    with running_postgres() as server:
        yield server
