"""Writing files safely: check where they go first, then write them all or none.

A saved game or a set of results tables is written in two steps. Each file is
first written to a temporary file in its own folder; only when every one of
them is written are they renamed over their real names (``os.replace``, which
is atomic on one file system). An error or Ctrl-C while writing removes the
temporary files and leaves the old files, if any, as they were. The renames
are one step: a rename that fails undoes those before it, and Ctrl-C is held
until the last is done (the new set then stands, and the interrupt is raised
as :class:`WrittenThenInterrupted`).

:func:`check_destination` is what the command line runs before it plays any
game, so that a bad folder or an existing file is reported at once.
"""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
import signal
import tempfile
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path


class DestinationError(ValueError):
    """A file cannot be written where asked: no folder, not writable, name too long, or exists."""


def _name_max(folder: Path) -> int:
    """The longest file name the folder's file system allows (255 where it does not say)."""
    try:
        return os.pathconf(folder, "PC_NAME_MAX")
    except (OSError, ValueError, AttributeError):
        return 255


def check_destination(paths: Iterable[str | os.PathLike[str]], force: bool = False) -> None:
    """Refuse, before any work, files that could not be written or would be replaced.

    Each path's folder must exist and be writable, its name must fit the
    file system, and it may not be a folder, a device or a pipe; unless
    ``force``, no path may exist already.

    Raises
    ------
    DestinationError
        Naming the first path that fails and why.

    Examples
    --------
    >>> check_destination(["/no/such/folder/game.json"])
    Traceback (most recent call last):
    ...
    landlord.writing.DestinationError: cannot write /no/such/folder/game.json: no folder '/no/...'
    """
    for path in map(Path, paths):
        folder = path.parent
        where = str(folder) if str(folder) else "."
        if not folder.is_dir():
            raise DestinationError(f"cannot write {path}: no folder {where!r}")
        try:  # the one sure test, whoever runs it (root passes os.access everywhere)
            with tempfile.NamedTemporaryFile(prefix=".landlord-check.", dir=folder):
                pass
        except OSError as error:
            # A folder that exists but makes no files (/proc) says "No such file": misleading.
            why = "it takes no new files" if error.errno == errno.ENOENT else error.strerror
            raise DestinationError(
                f"cannot write {path}: the folder {where!r} is not writable ({why or error})"
            ) from None
        longest = _name_max(folder)
        # the temporary file's name is longer than the file's own by a few characters
        if len(path.name.encode()) + 12 > longest:
            raise DestinationError(
                f"cannot write {path}: the name is too long "
                f"({len(path.name)} characters; at most {longest - 12} here)"
            )
        if path.is_dir():
            raise DestinationError(f"cannot write {path}: it is a folder")
        if path.exists() and not path.is_file():  # a device or a pipe: --force must not replace it
            raise DestinationError(f"cannot write {path}: it is not a regular file")
        if not force and (path.exists() or path.is_symlink()):
            raise DestinationError(f"{path} already exists")


class WrittenThenInterrupted(KeyboardInterrupt):
    """Ctrl-C came while a set of files was being put in place; the set was then put
    in place whole (a set is never left half old, half new), so the new files stand."""


def write_atomically(writers: Mapping[str | os.PathLike[str], Callable[[Path], None]]) -> None:
    """Write a set of files so that the set is all new or all old.

    ``writers`` maps each final path to a function that writes the file's
    content to the path it is given (a temporary file in the same folder).
    Every temporary file is written before any is renamed; on any error,
    or KeyboardInterrupt, the temporary files are removed and the error
    raised again. The renames are done as one step (:func:`_put_in_place`):
    if one fails, those already done are undone, and Ctrl-C is held until
    they are all done, then raised as :class:`WrittenThenInterrupted`.
    """
    temporary: dict[Path, Path] = {}
    try:
        for final, write in writers.items():
            final = Path(final)
            handle, name = tempfile.mkstemp(
                prefix=f".{final.name}.", suffix=".tmp", dir=final.parent or "."
            )
            os.close(handle)
            temporary[final] = Path(name)
            write(temporary[final])
        for written in temporary.values():
            os.chmod(written, 0o666 & ~_umask())
        with _ctrl_c_held():
            _put_in_place(temporary)
    except BaseException:
        for written in temporary.values():
            with contextlib.suppress(FileNotFoundError):
                written.unlink()
        raise


def _put_in_place(temporary: Mapping[Path, Path]) -> None:
    """Rename each temporary file over its final name, all or none.

    Each file about to be replaced is kept first under a second name (a hard
    link, or a copy where the file system has none); if a rename fails, the
    files already renamed are put back (or removed, if they are new) and the
    error raised again. The kept names are removed at the end either way.
    """
    kept: dict[Path, Path] = {}
    done: list[Path] = []
    try:
        for final in temporary:
            if final.is_file():
                kept[final] = _keep(final)
        for final, written in temporary.items():
            done.append(final)  # first: undoing a rename that did not happen is harmless
            os.replace(written, final)
    except BaseException:
        for final in reversed(done):
            if final in kept:
                os.replace(kept.pop(final), final)
            else:
                final.unlink(missing_ok=True)
        raise
    finally:
        for old in kept.values():
            old.unlink(missing_ok=True)


def _keep(path: Path) -> Path:
    """A second name for ``path``'s present content, in its folder."""
    handle, name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".old", dir=path.parent)
    os.close(handle)
    second = Path(name)
    try:
        second.unlink()
        os.link(path, second)
    except OSError:  # no hard links here (or a race for the name): a copy does
        shutil.copy2(path, second)
    return second


@contextlib.contextmanager
def _ctrl_c_held() -> Iterator[None]:
    """Hold Ctrl-C (SIGINT) back for the block; raise it after.

    Python runs signal handlers in the main thread, whichever thread the signal
    came to, so for the block the handler only notes the signal. After it, the
    former handler is put back and a noted Ctrl-C is raised as
    :class:`WrittenThenInterrupted` (or handed to a handler of the program's own).
    Outside the main thread no handler can be set, and nothing is held.
    """
    if (
        threading.current_thread() is not threading.main_thread()
        or signal.getsignal(signal.SIGINT) is None  # a handler set outside Python: left alone
    ):
        yield
        return
    came: list[int] = []
    former = signal.signal(signal.SIGINT, lambda number, _frame: came.append(number))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, former)
    if came:
        if former is signal.default_int_handler:
            raise WrittenThenInterrupted
        signal.raise_signal(signal.SIGINT)


def write_text_atomically(path: str | os.PathLike[str], text: str) -> None:
    """Write one text file (UTF-8) atomically: see :func:`write_atomically`."""
    write_atomically({path: lambda temporary: temporary.write_text(text, encoding="utf-8")})


def _umask() -> int:
    """The process's file-creation mask (read by setting it and putting it back)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask
