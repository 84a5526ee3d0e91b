"""Starting the class server (``python -m landlord.classroom``) for a test, on the loopback.

:func:`class_server` yields a :class:`ClassLinks`: the students' address, the
class password and the teacher's link, read from what the server prints.
"""

from __future__ import annotations

import contextlib
import re
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import hostile_clients as hostile
import pytest
from conftest import free_port, serving_process

#: The class password the tests use.
PASSWORD = "test-class-key"


@dataclass
class ClassLinks:
    base: str
    password: str
    teacher: str
    process: object
    log: Path

    @property
    def student(self) -> str:
        """The link the QR code carries: the students' address with the password."""
        return f"{self.base}/?key={self.password}"


#: Simulated games per rule set behind the dashboard in the tests (the default is 1,000:
#: the same code, a fifth of the time on a test machine's two cores).
YARDSTICK_GAMES = "200"


def class_command(port: int, folder: Path, *options: str) -> list[str]:
    return [
        sys.executable, "-m", "landlord.classroom", "--password", PASSWORD,
        "--folder", str(folder), "--ip", "127.0.0.1", "--port", str(port),
        "--yardstick-games", YARDSTICK_GAMES, *options,
    ]  # fmt: skip


@contextlib.contextmanager
def class_server(
    folder: Path, *options: str, store: str = "", port: int = 0, soft_files: int = 0
) -> Iterator[ClassLinks]:
    """Serve a class kept in ``folder`` (or ``store``, a URL) on ``port`` (a free one by
    default), started with its soft limit on open files lowered to ``soft_files`` if
    given; stop it afterwards."""
    port = port or free_port()
    extra = ("--store", store) if store else ()
    if "--seats-per-address" not in options:  # the tests' devices share the loopback address
        extra = (*extra, "--seats-per-address", "200")
    log = folder / f"class-{port}.log"
    command = class_command(port, folder, *extra, *options)
    if soft_files:
        command = hostile.limited(command, soft_files)
    ready = "/"
    if "--base-url" in options:
        ready = options[options.index("--base-url") + 1].rstrip("/") + "/"
    with serving_process(command, port, log, ready=ready, timeout=60) as (base, process):
        deadline = time.monotonic() + 30
        while "teacher?key=" not in log.read_text():
            if time.monotonic() > deadline:
                pytest.fail(f"no teacher's link printed:\n{log.read_text()}")
            time.sleep(0.1)
        found = re.search(r"(https?://\S+/teacher\?key=\S+)", log.read_text())
        yield ClassLinks(base, PASSWORD, found.group(1), process, log)
