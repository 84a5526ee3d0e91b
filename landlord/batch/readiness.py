"""Whether a family's compiled game is on disk yet, and compiling it in the background.

numba compiles a family's game (``compiled.py``) the first time it is played, which takes
half a minute to a minute a family, and keeps the result on disk. Nothing should wait for
that: an experiment plays on the reference engine until a family's compiled game is ready,
while a process of its own (``python -m landlord.batch --background``, niced) compiles it,
and uses the batch path from then on. A run too large for the reference engine
(:data:`COMPILE_NOW` games or more) compiles here and now instead, once.

*Ready* means: a marker file says that this family's compiled game, from these exact
source files, was compiled by this numba for this Python on this kind of machine. The
marker is written by :func:`landlord.batch.prepare` after it played a game of the family,
beside numba's own cache (the family's ``__pycache__`` when it can be written, else a
folder in the user's cache).
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import importlib.metadata
import importlib.util
import os
import platform
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

__all__ = [
    "COMPILE_NOW",
    "NOT_READY",
    "compiling",
    "mark_ready",
    "ready",
    "start_compiling",
    "start_if_needed",
]

#: The fewest games of a family whose compiled game is not ready that are worth waiting
#: for the compiler: the reference engine plays about 500 games of the Landlord's Game a
#: CPU second, so 20,000 games take it about as long as compiling the family once.
COMPILE_NOW = 20_000
#: What an experiment says while the compiled game is being made.
NOT_READY = (
    "the compiled batch path is being compiled in the background (once per installation, "
    "a minute or two); the reference engine plays until it is ready"
)

#: Families found ready in this process (their compiled game loaded or compiled here).
_loaded: set[str] = set()
#: The background compiler this process started, if any.
_started: subprocess.Popen | None = None


def _sources(family_module: str) -> list[Path]:
    """The files whose change makes numba compile a family's game again: the family's
    ``compiled.py`` and the batch path's shared compiled helpers."""
    origin = str(getattr(importlib.util.find_spec(family_module), "origin", ""))
    here = Path(__file__).parent
    return [Path(origin).with_name("compiled.py"), here / "kernel.py", here / "streams.py"]


def _key(family_module: str) -> str:
    """The family's compiled sources, numba, Python and machine, hashed: made once per
    process and per version of the files (their size and time on disk)."""
    paths = _sources(family_module)
    stamps = tuple((p.stat().st_mtime_ns, p.stat().st_size) for p in paths)
    return _hashed(tuple(paths), stamps)


@functools.lru_cache(maxsize=32)
def _hashed(paths: tuple[Path, ...], stamps: tuple) -> str:
    digest = hashlib.sha256()
    for path in paths:
        digest.update(path.read_bytes())
    for part in (_numba_version(), sys.version, platform.machine(), platform.system()):
        digest.update(part.encode())
    return digest.hexdigest()[:20]


def _numba_version() -> str:
    try:
        return importlib.metadata.version("numba")
    except importlib.metadata.PackageNotFoundError:
        return "none"


def _folder(family_module: str) -> Path:
    """Where a family's marker is kept: beside numba's cache of its compiled game."""
    chosen = os.environ.get("LANDLORD_CACHE_DIR")
    if chosen:
        return Path(chosen)
    beside = _sources(family_module)[0].parent / "__pycache__"
    if os.access(beside if beside.exists() else beside.parent, os.W_OK):
        return beside
    home = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(home) / "landlord"


def _marker(family_module: str) -> Path:
    name = family_module.rsplit(".", 2)[-2]
    return _folder(family_module) / f"landlord-batch-{name}-{_key(family_module)}.ready"


def ready(family_module: str) -> bool:
    """Whether the compiled game of the family whose batch module is ``family_module`` is
    loaded in this process or on disk for this installation."""
    return family_module in _loaded or _marker(family_module).exists()


def mark_ready(family_module: str) -> None:
    """Note that this family's compiled game is on disk (and loaded here)."""
    _loaded.add(family_module)
    marker = _marker(family_module)
    with contextlib.suppress(OSError):  # a read-only place: ready for this process only
        marker.parent.mkdir(parents=True, exist_ok=True)
        marker.write_text("compiled by numba " + _numba_version() + "\n")


def _lock_path() -> Path:
    from landlord.engine.family import families

    first = next(family.batch for family in families() if family.batch)
    return _folder(first) / "landlord-batch.lock"


@contextlib.contextmanager
def compiling(wait: bool = True) -> Iterator[bool]:
    """Hold the one lock under which the batch path is compiled on this installation:
    yields True once held (waiting for another process's compiling to end when ``wait``),
    False when ``wait`` is False and another process holds it. Where locks cannot be taken
    (no ``fcntl``), yields True at once."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not on the platforms the kit is tested on
        yield True
        return
    path = _lock_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
        except BlockingIOError:
            yield False
            return
        try:
            yield True
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def start_compiling() -> bool:
    """Start compiling every family's batch path in a process of its own, at low priority,
    unless this process started one already; returns whether one was started. The process
    does nothing if another one is compiling (:func:`compiling`)."""
    global _started
    if _started is not None:
        return False
    nice = (lambda: os.nice(10)) if hasattr(os, "nice") else None
    _started = subprocess.Popen(
        [sys.executable, "-m", "landlord.batch", "--background"],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
        preexec_fn=nice,  # os.nice only, between fork and exec
    )
    return True


def start_if_needed() -> bool:
    """:func:`start_compiling` when numba is installed, the batch path is on and some
    family's compiled game is not ready: what a server does as it starts, so that a class's
    experiments find it ready sooner. Returns whether it started one."""
    from landlord.batch import numba_missing, turned_off
    from landlord.engine.family import families

    if numba_missing() or turned_off():
        return False
    if all(ready(family.batch) for family in families() if family.batch):
        return False
    return start_compiling()
