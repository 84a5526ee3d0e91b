"""Guards any of the kit's web servers needs against a client that holds connections.

A TCP connection that sends half a request line and then nothing holds one of
the server's file descriptors for as long as the server waits for the rest:
an hour in Tornado by default. A teacher's laptop often lets a process open
only 1,024 files, so about a thousand such connections, opened in seconds by
one student, left the kit's server unable to accept anyone, while every
failed ``accept`` wrote a traceback to the log (thousands a second). The
pieces here are shared by ``landlord.serve`` and the class server; none of
them needs a web framework:

* :func:`raise_open_file_limit` raises the process's soft limit on open files
  towards its hard limit (at most :data:`MOST_OPEN_FILES`).
* :data:`HEADER_SECONDS`, :data:`BODY_SECONDS` and :data:`IDLE_SECONDS` bound
  how long a connection may take to send its request, or wait for the next
  one; :func:`tornado_timeouts` turns them into the keyword arguments of
  Tornado's ``HTTPServer``.
* :class:`PausingListener` is a listening socket that, when the process is out
  of file descriptors, asks its event loop to stop watching it for a moment
  (:data:`ACCEPT_PAUSE_SECONDS`) instead of failing again at once.
* :func:`quiet_accept_errors` lets one log record about running out of file
  descriptors through every few seconds (:data:`QUIET_SECONDS`), without its
  traceback, counting the ones it held back.
* :func:`listen_guarded` puts those listening sockets under a Tornado
  ``HTTPServer`` (the one piece that imports Tornado, when it is called).

Examples
--------
>>> tornado_timeouts()
{'idle_connection_timeout': 10.0, 'body_timeout': 30.0}
"""

from __future__ import annotations

import errno
import logging
import socket
import time
from collections.abc import Callable

#: Seconds a connection may take to send a request's line and headers.
HEADER_SECONDS = 10.0
#: Seconds a connection may take to send a request's body, once its headers came.
BODY_SECONDS = 30.0
#: Seconds a kept-alive connection may wait, between requests, for its next one.
IDLE_SECONDS = 10.0
#: The highest soft limit on open files :func:`raise_open_file_limit` asks for.
MOST_OPEN_FILES = 65_536
#: Seconds a :class:`PausingListener` stops accepting once out of file descriptors.
ACCEPT_PAUSE_SECONDS = 1.0
#: Seconds between two log records about running out of file descriptors.
QUIET_SECONDS = 5.0

#: The ``errno`` values of an ``accept`` that failed for want of descriptors or memory.
OUT_OF_FILES = frozenset({errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM})


def raise_open_file_limit(most: int = MOST_OPEN_FILES) -> tuple[int, int]:
    """Raise this process's soft limit on open files towards its hard limit.

    The soft limit becomes the hard limit or ``most``, whichever is lower; it
    is never lowered. Where the system refuses (macOS refuses more than 10,240
    when the hard limit is unlimited), smaller steps are tried; where nothing
    can be raised, nothing fails.

    Parameters
    ----------
    most
        The highest soft limit to ask for.

    Returns
    -------
    tuple of int
        The soft limit before and after; ``(0, 0)`` where the platform has no
        such limit (Windows).

    Examples
    --------
    >>> before, after = raise_open_file_limit()
    >>> before <= after
    True
    >>> raise_open_file_limit() == (after, after)
    True
    """
    try:
        import resource
    except ImportError:
        return 0, 0
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    ceiling = most if hard == resource.RLIM_INFINITY else min(most, hard)
    if soft != resource.RLIM_INFINITY:
        for wanted in (ceiling, 10_240, 4_096):
            if wanted <= soft:
                break
            try:
                resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            except (ValueError, OSError):
                continue
            return soft, wanted
    return soft, soft


def tornado_timeouts(
    header: float = HEADER_SECONDS, body: float = BODY_SECONDS, idle: float = IDLE_SECONDS
) -> dict[str, float]:
    """The keyword arguments that give Tornado's ``HTTPServer`` these timeouts.

    Tornado has one timer for a request's headers and for the wait between
    kept-alive requests (``idle_connection_timeout``), so it gets the shorter.

    Examples
    --------
    >>> tornado_timeouts(header=2, idle=60)
    {'idle_connection_timeout': 2, 'body_timeout': 30.0}
    """
    return {"idle_connection_timeout": min(header, idle), "body_timeout": body}


def out_of_files(error: BaseException | None) -> bool:
    """Whether ``error`` is a failure for want of file descriptors (or buffers).

    Examples
    --------
    >>> out_of_files(OSError(errno.EMFILE, "Too many open files"))
    True
    >>> out_of_files(ConnectionResetError()), out_of_files(None)
    (False, False)
    """
    return isinstance(error, OSError) and error.errno in OUT_OF_FILES


class PausingListener(socket.socket):
    """A listening socket that pauses accepting while the process is out of descriptors.

    An event loop watches a listening socket and calls ``accept`` when a
    connection waits. If ``accept`` fails for want of file descriptors, the
    connection still waits, so the loop calls it again at once, and again: the
    server spins. This socket instead calls ``pause(self, seconds)``, which the
    server's event loop implements by not watching it for ``seconds``, logs
    the failure (on ``log``, with the error as ``exc_info``, so that
    :class:`AcceptErrorFilter` can thin the records out) and tells its caller
    there is nothing to accept (``BlockingIOError``). The waiting connections
    stay in the kernel's queue and are accepted once descriptors are free.

    Use :meth:`take` to turn a bound, listening socket into one.
    """

    pause: Callable[[socket.socket, float], None]
    log: logging.Logger

    @classmethod
    def take(
        cls,
        sock: socket.socket,
        pause: Callable[[socket.socket, float], None],
        log: logging.Logger,
    ) -> PausingListener:
        """Take over ``sock``'s descriptor (``sock`` is detached), non-blocking.

        Examples
        --------
        >>> plain = socket.socket()
        >>> plain.bind(("127.0.0.1", 0))
        >>> plain.listen()
        >>> listener = PausingListener.take(plain, lambda s, t: None, logging.getLogger())
        >>> plain.fileno(), listener.getblocking()
        (-1, False)
        >>> try:
        ...     listener.accept()
        ... except BlockingIOError:
        ...     print("none waiting")
        none waiting
        >>> listener.close()
        """
        listener = cls(sock.family, sock.type, sock.proto, fileno=sock.detach())
        listener.setblocking(False)
        listener.pause = pause
        listener.log = log
        return listener

    def accept(self):
        """Accept a connection; pause and report none waiting when out of descriptors."""
        try:
            return super().accept()
        except OSError as error:
            if not out_of_files(error):
                raise
            self.pause(self, ACCEPT_PAUSE_SECONDS)
            self.log.error(
                "Cannot accept a connection (%s); not accepting any for %.0f s",
                error.strerror,
                ACCEPT_PAUSE_SECONDS,
                exc_info=error,
            )
            raise BlockingIOError(errno.EAGAIN, "paused: out of file descriptors") from error


class AcceptErrorFilter(logging.Filter):
    """A logging filter that thins out records of running out of file descriptors.

    A record whose exception (``exc_info``) is such a failure (:func:`out_of_files`)
    passes at most once every ``every`` seconds, without its traceback, and says
    how many were held back since the last one; other records pass untouched.

    Parameters
    ----------
    every
        Seconds between two records that pass.
    clock
        The clock, in seconds (``time.monotonic``).

    Examples
    --------
    >>> now = [0.0]
    >>> quiet = AcceptErrorFilter(every=5, clock=lambda: now[0])
    >>> def record(error):
    ...     exc_info = (type(error), error, None) if error else None
    ...     return logging.LogRecord("x", logging.ERROR, "", 0, "accept", None, exc_info)
    >>> emfile = OSError(errno.EMFILE, "Too many open files")
    >>> [quiet.filter(record(emfile)) for _ in range(3)], quiet.filter(record(None))
    ([True, False, False], True)
    >>> now[0] = 6.0
    >>> passed = record(emfile)
    >>> quiet.filter(passed), passed.exc_info, passed.getMessage()
    (True, None, 'accept ([Errno 24] Too many open files; 2 more like it in 6 s held back)')
    """

    def __init__(self, every: float = QUIET_SECONDS, clock=time.monotonic) -> None:
        super().__init__()
        self.every = every
        self.clock = clock
        self.last: float | None = None
        self.held = 0

    def filter(self, record: logging.LogRecord) -> bool:
        """Whether ``record`` passes (see the class's description)."""
        error = record.exc_info[1] if record.exc_info else None
        if not out_of_files(error):
            return True
        now = self.clock()
        if self.last is not None and now - self.last < self.every:
            self.held += 1
            return False
        note = f"{error}"
        if self.last is not None:
            note += f"; {self.held} more like it in {now - self.last:.0f} s held back"
        record.msg = f"{record.getMessage()} ({note})"
        record.args = None
        record.exc_info = record.exc_text = None
        self.last, self.held = now, 0
        return True


def quiet_accept_errors(
    *loggers: str | logging.Logger, every: float = QUIET_SECONDS
) -> AcceptErrorFilter:
    """Thin out the records of running out of file descriptors on these loggers.

    With no logger named, ``asyncio``'s, where an event loop reports a callback's
    failure (Tornado's failed ``accept`` among them). One filter serves them all,
    so one record passes every ``every`` seconds whichever logger it came to.
    Calling it again adds no second filter to a logger that has one.

    Returns
    -------
    AcceptErrorFilter
        The filter, shared by the loggers.

    Examples
    --------
    >>> quiet = quiet_accept_errors("asyncio")
    >>> quiet_accept_errors() is quiet
    True
    """
    named = [logging.getLogger(x) if isinstance(x, str) else x for x in loggers or ("asyncio",)]
    present = [f for log in named for f in log.filters if isinstance(f, AcceptErrorFilter)]
    shared = present[0] if present else AcceptErrorFilter(every)
    for log in named:
        if shared not in log.filters:
            log.addFilter(shared)
    return shared


def listen_guarded(server, port: int, address: str | None, log: logging.Logger) -> None:
    """Bind ``port`` on ``address`` for Tornado's HTTPServer ``server`` with
    :class:`PausingListener` sockets, which Tornado's event loop stops watching for
    :data:`ACCEPT_PAUSE_SECONDS` while the process is out of file descriptors."""
    import tornado.netutil

    server.add_sockets(
        [
            PausingListener.take(bound, _pause_watching, log)
            for bound in tornado.netutil.bind_sockets(port, address)
        ]
    )


def _pause_watching(listener: socket.socket, seconds: float) -> None:
    """Stop the event loop watching ``listener`` for ``seconds``, then watch it again
    (unless it has been closed meanwhile)."""
    import tornado.ioloop

    loop = tornado.ioloop.IOLoop.current()
    loop.update_handler(listener, 0)

    def resume() -> None:
        if listener.fileno() >= 0:
            loop.update_handler(listener, tornado.ioloop.IOLoop.READ)

    loop.call_later(seconds, resume)
