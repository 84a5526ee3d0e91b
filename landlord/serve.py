"""Serve the kit's notebooks as Voila web apps, refusing what would harm the server.

``make run`` runs ``python -m landlord.serve notebooks ...`` with Voila's own
command-line options. It is Voila with these changes (the faults they guard
against are written up in ``docs/upstream_faults.md``):

* A kernel websocket must ask for the v1 framing (``v1.kernel.websocket.jupyter.org``),
  as Voila's page does; a client asking for none is refused (HTTP 400).
* Each binary frame's table of offsets is checked against the frame's length
  before anything reads it (:mod:`landlord.ws_frames`); a malformed frame
  closes the socket, and so does a v1 frame claiming more than
  :data:`MOST_V1_PARTS` message parts, refused from its first 8 bytes (a frame
  of 1.2 million empty parts cost the server 0.6 s of CPU to split). Voila's
  reading of the kernel's outgoing frames is checked the same way.
* Requests whose ``Host`` is not the loopback (``127.0.0.1``, ``localhost``,
  ``[::1]``) or a name in ``LandlordVoila.allowed_hosts`` get 403, pages and
  websockets alike (a DNS-rebinding page cannot reach the server).
* A page asking for another template than the configured one (``?template=``)
  gets 400 at once and starts no kernel.
* At most ``LandlordVoila.max_kernels`` kernels (20) run at once, and at most
  ``LandlordVoila.max_kernels_per_client`` (6) for one client address other than
  the server's own machine (``LandlordVoila.own_addresses``: 127.0.0.1 and ::1,
  held only to the total). Past either, a page gets a short "the class server is
  full" page (HTTP 503, in words a visitor understands) and starts no kernel.
* A kernel whose page opened no websocket within ``LandlordVoila.websocket_deadline``
  seconds (60) of being served is shut down: a script that only fetches pages
  no longer holds kernels until they are culled (10 minutes), while every
  real tab, which connects within seconds, keeps its own.
* Closing a tab shuts its kernel down. Voila's page posts to
  ``/voila/api/shutdown/<kernel>`` with the ``_xsrf`` token it reads from its
  cookie, but Voila never sets that cookie, so the post was refused; the kit's
  page sets it.
* Connections cannot hold the server's file descriptors (:mod:`landlord.server_guard`):
  the soft limit on open files is raised at start (towards 65,536); a request
  must send its headers within ``LandlordVoila.header_timeout`` seconds (10; a
  kept-alive connection waits as long for its next request) and its body
  within ``LandlordVoila.body_timeout`` (30); when the process is out of
  descriptors anyway, it stops accepting for a second and logs it once every
  few seconds, instead of failing again at once with a traceback each time.
* Every page's Jinja environment shares one in-memory cache of compiled
  template code (:class:`SharedTemplateCode`): Voila builds a new exporter, and
  with it a new environment, for each page, so the page's templates were parsed
  and compiled again every time, on the event loop (about a third of a
  second per page). A template is compiled again when its file changes.
* Requests Voila answered with an error of its own (500 and a traceback) get
  404: a template's static file outside ``<template>/static/`` (a
  ``..%2f`` in ``/voila/templates/``), and ``/logout`` when there is no login
  (with a token, ``/logout`` forgets the login and goes to the login page).

Examples
--------
Serve on another port, allowing a classroom name besides the loopback::

    python -m landlord.serve notebooks --port=8867 --LandlordVoila.allowed_hosts=class.local
"""

from __future__ import annotations

import html
import logging
import posixpath
import re
import threading
from collections import OrderedDict
from contextvars import ContextVar

import jinja2
import jinja2.bccache
import tornado.httpserver
import tornado.ioloop
import tornado.netutil
import tornado.web
from jupyter_server.auth.decorator import allow_unauthenticated
from jupyter_server.auth.logout import LogoutHandler
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from traitlets import Bool, Float, Int, List, Unicode
from voila import notebook_renderer
from voila.app import Voila
from voila.exporter import VoilaExporter
from voila.static_file_handler import TemplateStaticFileHandler
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

from landlord import server_guard
from landlord.batch import readiness
from landlord.ws_frames import V1_PROTOCOL, FrameError, check_legacy_frame, header_of_v1_frame
from landlord.ws_frames import v1_offsets as _v1_offsets

#: Host names always allowed, with or without a port.
LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "::1")

_HOST = re.compile(r"^(\[[^\]]*\]|[^:]*)(?::(\d+))?$")

#: The most message parts a client's v1 frame may carry: a Jupyter message has four
#: (header, parent header, metadata, content) and a few buffers.
MOST_V1_PARTS = 64


def host_name(host_header: str) -> str:
    """The name in a ``Host`` header, without port or IPv6 brackets, in lower case.

    Examples
    --------
    >>> host_name("127.0.0.1:8866"), host_name("[::1]:8866"), host_name("Evil.Example")
    ('127.0.0.1', '::1', 'evil.example')
    >>> host_name("a:b:c")
    ''
    """
    match = _HOST.match(host_header.strip())
    if match is None:
        return ""
    name = match.group(1)
    if name.startswith("[") and name.endswith("]"):
        name = name[1:-1]
    return name.lower()


def check_v1_part_count(frame, most: int = MOST_V1_PARTS) -> None:
    """Refuse a v1 frame that claims more than ``most`` message parts, from its count alone.

    A v1 frame starts with the number of its offsets, two more than its message
    parts (the channel's name takes two). Reading that count costs the same
    whatever the frame claims; splitting 1.2 million parts does not.

    Raises
    ------
    FrameError
        If the frame claims more than ``most`` parts. A frame too short for its
        count passes: :func:`landlord.ws_frames.v1_offsets` refuses it.

    Examples
    --------
    >>> check_v1_part_count((66).to_bytes(8, "little"))
    >>> check_v1_part_count((1_200_002).to_bytes(8, "little"))
    Traceback (most recent call last):
    ...
    landlord.ws_frames.FrameError: v1 frame claims 1200000 message parts; at most 64 are read
    """
    if isinstance(frame, bytes | bytearray | memoryview) and len(frame) >= 8:
        parts = int.from_bytes(frame[:8], "little") - 2
        if parts > most:
            raise FrameError(f"v1 frame claims {parts} message parts; at most {most} are read")


class GuardedConnection(ZMQChannelsWebsocketConnection):
    """A kernel connection that checks each incoming binary frame before reading it."""

    def handle_incoming_message(self, incoming_msg) -> None:
        """Pass a well-formed frame on to the kernel; close the socket on a malformed one."""
        try:
            if self.subprotocol == V1_PROTOCOL:
                check_v1_part_count(incoming_msg)
                _v1_offsets(incoming_msg)
            elif isinstance(incoming_msg, bytes):
                check_legacy_frame(incoming_msg)
        except FrameError as error:
            self.log.warning("Closing kernel websocket %s: %s", self.kernel_id, error)
            handler = self.websocket_handler
            if handler is not None:
                handler.close(1003, "malformed frame")
            return
        super().handle_incoming_message(incoming_msg)


class GuardedWebsocketHandler(VoilaKernelWebsocketHandler):
    """Voila's kernel websocket, requiring the v1 framing and reading headers safely."""

    async def get(self, *args, **kwargs):
        """Refuse (400) a client that does not offer the v1 subprotocol."""
        offered = self.request.headers.get("Sec-WebSocket-Protocol", "")
        if V1_PROTOCOL not in [name.strip() for name in offered.split(",")]:
            self.set_status(400)
            self.finish(f"This server needs the websocket subprotocol {V1_PROTOCOL}.")
            return None
        return await super().get(*args, **kwargs)

    async def open(self, kernel_id):
        """Note that the kernel's page connected (see :meth:`KernelCap.claim`), and open."""
        claim = getattr(self.kernel_manager, "claim", None)
        if claim is not None:
            claim(kernel_id)
        return await super().open(kernel_id)

    def write_message(self, message, binary: bool = False):
        """Send a kernel message on, except Voila's hidden ``execute_input`` echoes."""
        if isinstance(message, bytes):
            header = header_of_v1_frame(message)
        elif isinstance(message, dict):
            header = message.get("header")
        else:
            header = None
        if isinstance(header, dict) and header.get("msg_type") == "execute_input":
            return None
        # Skip Voila's own unchecked reading; go straight to jupyter_server's.
        return super(VoilaKernelWebsocketHandler, self).write_message(message, binary)


#: The address of the client whose page request is starting a kernel, or None for
#: the server's own machine (held only to the total). Set by the page handler; a
#: context variable follows the request's coroutine into the kernel manager.
VISITOR: ContextVar[str | None] = ContextVar("landlord_visitor", default=None)

#: The kernels the page request in hand has started (a list the page handler sets and
#: reads back), or None outside a page request.
STARTED: ContextVar[list[str] | None] = ContextVar("landlord_started", default=None)


class ServerFull(Exception):
    """No kernel may start: ``running`` kernels run (or start), the limit is ``limit``;
    ``client`` is the address held to a per-client limit, or None for the total."""

    def __init__(self, running: int, limit: int, client: str | None = None) -> None:
        whose = f"for {client}" if client else "in all"
        super().__init__(f"{running} kernels run or start {whose}; the limit is {limit}")
        self.running = running
        self.limit = limit
        self.client = client


class KernelCap:
    """A kernel-manager mix-in: no kernel starts once ``parent.max_kernels`` run or
    start, nor once the visiting client (:data:`VISITOR`) has
    ``parent.max_kernels_per_client``.

    Each count is taken and raised in one step, with no ``await`` in between, so a
    burst of page requests cannot all pass it before their kernels appear. A kernel
    is named before it starts, and the total counts the names of the kernels that run
    or start, each once: a kernel that is ready (listed) while its start has not yet
    returned to its page request is not counted twice, which once turned away one
    visitor of a class of 20 arriving together on a busy server.

    It also keeps, for each kernel a page started (:data:`STARTED`), whether the
    page's websocket has opened (:meth:`claim`), until
    :meth:`shut_down_unclaimed` looks.
    """

    def _awaiting(self) -> dict[str, bool]:
        """For each kernel a page started and not yet looked at: whether it was claimed."""
        return self.__dict__.setdefault("_landlord_awaiting", {})

    def claim(self, kernel_id: str) -> None:
        """Note that a websocket opened to ``kernel_id``: its page is a real one."""
        awaiting = self._awaiting()
        if kernel_id in awaiting:
            awaiting[kernel_id] = True

    async def shut_down_unclaimed(self, kernel_id: str) -> bool:
        """Shut ``kernel_id`` down unless its page's websocket opened; True if it was.

        Each kernel is looked at once: later, its websockets are not tracked.
        """
        if self._awaiting().pop(kernel_id, True) or kernel_id not in self:
            return False
        try:
            await self.shutdown_kernel(kernel_id)
        except (KeyError, tornado.web.HTTPError):  # shut down meanwhile (its tab closed)
            return False
        return True

    def _visitors(self) -> tuple[dict[str, str], dict[str, int], set[str]]:
        """Which client each running kernel was started for, how many start now for
        each client, and the names of the kernels that start now."""
        if "_landlord_visitors" not in self.__dict__:
            self.__dict__["_landlord_visitors"] = ({}, {}, set())
        return self.__dict__["_landlord_visitors"]

    def kernels_of(self, client: str) -> int:
        """How many kernels run or start for ``client``."""
        owners, starting, _ = self._visitors()
        running = set(self.list_kernel_ids())
        for gone in [kernel for kernel in owners if kernel not in running]:
            del owners[gone]
        return sum(owner == client for owner in owners.values()) + starting.get(client, 0)

    def kernels_running_or_starting(self) -> int:
        """How many kernels run or start, each counted once."""
        return len(set(self.list_kernel_ids()) | self._visitors()[2])

    async def start_kernel(self, *args, **kwargs):
        """Start a kernel, or raise :class:`ServerFull` if a limit is reached."""
        limit = getattr(self.parent, "max_kernels", 0)
        per_client = getattr(self.parent, "max_kernels_per_client", 0)
        client = VISITOR.get()
        fresh = kwargs.get("kernel_id") is None
        if fresh and limit:
            running = self.kernels_running_or_starting()
            if running >= limit:
                raise ServerFull(running, limit)
        if fresh and per_client and client is not None:
            mine = self.kernels_of(client)
            if mine >= per_client:
                raise ServerFull(mine, per_client, client)
        owners, starting, named = self._visitors()
        if fresh:
            kwargs["kernel_id"] = name = self.new_kernel_id()
            named.add(name)
        starting[client] = starting.get(client, 0) + 1
        try:
            kernel_id = await super().start_kernel(*args, **kwargs)
        finally:
            if fresh:
                named.discard(name)
            starting[client] -= 1
        if client is not None:
            owners[kernel_id] = client
        started = STARTED.get()
        if fresh and started is not None:
            started.append(kernel_id)
            self._awaiting()[kernel_id] = False
        return kernel_id


#: The page a visitor past a kernel limit sees (HTTP 503). It does not reload by itself:
#: a timed reload moves a screen reader's place and takes the page from under a reader
#: (WCAG 2.2.1); the visitor tries again with the link, a large target for a finger. The
#: link asks once however often it is clicked in five seconds: a double click sent two page
#: requests, the first took the free kernel and the second, shown, was refused for it.
FULL_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>The class server is full</title></head>
<body style="font-family: sans-serif; font-size: 1.125rem; line-height: 1.5;
 max-width: 36em; margin: 2em auto; padding: 0 1em; color: #1a1a1a; background: #fff">
<main>
<h1>The class server is full</h1>
<p>The class server is full: close a tab or try again in a minute.</p>
<p>({running} apps are open{whose}; the limit is {limit}.)</p>
<p><a href="{again}" onclick="if (this.dataset.sent) return false; this.dataset.sent = 1;
 setTimeout(() => {{ delete this.dataset.sent; }}, 5000);" style="display: inline-block;
 padding: 0.6em 1.2em; border-radius: 0.3em; background: #1f4e8c; color: #fff;
 font-weight: bold; text-decoration: none">Try again</a></p>
</main></body></html>
"""


async def _shut_down_if_unclaimed(manager: KernelCap, kernel_id: str, seconds: float, log):
    """Shut a page's kernel down if the page opened no websocket to it (see
    :meth:`KernelCap.shut_down_unclaimed`), and say so in the log."""
    if await manager.shut_down_unclaimed(kernel_id):
        log.info(
            "landlord: shut kernel %s down: its page opened no websocket within %g s",
            kernel_id,
            seconds,
        )


class GuardedPageHandler(TornadoVoilaHandler):
    """Voila's page: refuses unknown templates, shows :data:`FULL_PAGE` past the limit,
    and gives each kernel it starts a deadline to be connected."""

    async def get(self, path=None):
        """Render the notebook, unless the request would start an unwanted kernel."""
        template = self.get_argument("template", None)
        configured = self.voila_configuration.template
        if template is not None and template != configured:
            self.set_status(400)
            self.set_header("Content-Type", "text/plain; charset=utf-8")
            self.finish(f"Unknown template {template[:40]!r}: this server offers {configured!r}.")
            return
        # Set the _xsrf cookie, which the page's shutdown post on tab close sends back.
        _ = self.xsrf_token
        client = self.request.remote_ip
        own = self.settings.get("landlord_own_addresses", ())
        token = VISITOR.set(None if client in own else client)
        started: list[str] = []
        started_token = STARTED.set(started)
        try:
            await super().get(path)
        except ServerFull as full:
            if self._headers_written:
                raise
            self.clear()
            self.set_status(503)
            self.set_header("Retry-After", "60")
            whose = " on this device" if full.client else ""
            again = html.escape(self.request.uri or "/", quote=True)
            self.finish(
                FULL_PAGE.format(running=full.running, limit=full.limit, whose=whose, again=again)
            )
        finally:
            VISITOR.reset(token)
            STARTED.reset(started_token)
            self._set_deadlines(started)

    def _set_deadlines(self, kernels: list[str]) -> None:
        """Shut ``kernels`` down unless their page connects within the deadline.

        The deadline counts from now, when the page has been sent (or its request
        has failed): a page that takes a minute to render on a busy server keeps
        its kernel, while a script that fetches pages without opening them cannot
        hold their kernels for longer than the deadline.
        """
        seconds = self.settings.get("landlord_websocket_deadline", 0)
        manager = self.kernel_manager
        if not seconds or not isinstance(manager, KernelCap):
            return
        loop = tornado.ioloop.IOLoop.current()
        for kernel_id in kernels:
            loop.call_later(
                seconds, _shut_down_if_unclaimed, manager, kernel_id, seconds, self.log
            )


def compile_settings(environment: jinja2.Environment) -> tuple:
    """What, besides a template's source, shapes the code Jinja compiles it to.

    Two environments with the same settings compile a source to the same code: the
    syntax and whitespace options, async or not, the extensions, ``finalize`` and
    ``autoescape``, and how each filter and test is called (with the context, the
    evaluation context, the environment or none: Jinja decides that when it
    compiles). Every Voila page's environment has the same.

    Examples
    --------
    >>> plain, other = jinja2.Environment(), jinja2.Environment(enable_async=True)
    >>> compile_settings(plain) == compile_settings(jinja2.Environment())
    True
    >>> compile_settings(plain) == compile_settings(other)
    False
    """

    def how_called(functions: dict) -> tuple:
        return tuple(
            sorted(
                (name, str(getattr(function, "jinja_pass_arg", None)))
                for name, function in functions.items()
            )
        )

    def named(value) -> str:
        return value if isinstance(value, str) else getattr(value, "__qualname__", repr(value))

    return (
        type(environment).__qualname__,
        environment.is_async,
        environment.optimized,
        environment.block_start_string,
        environment.block_end_string,
        environment.variable_start_string,
        environment.variable_end_string,
        environment.comment_start_string,
        environment.comment_end_string,
        environment.line_statement_prefix,
        environment.line_comment_prefix,
        environment.trim_blocks,
        environment.lstrip_blocks,
        environment.newline_sequence,
        environment.keep_trailing_newline,
        tuple(sorted(environment.extensions)),
        named(environment.autoescape),
        named(environment.finalize) if environment.finalize else None,
        str(getattr(environment.finalize, "jinja_pass_arg", None)),
        how_called(environment.filters),
        how_called(environment.tests),
    )


class SharedTemplateCode(jinja2.BytecodeCache):
    """Compiled template code kept in memory and shared by Jinja environments.

    A Jinja bytecode cache that holds the code objects themselves (they cannot
    change, so environments may run the same one), for at most ``most``
    templates, the least recently used forgotten first. Jinja gives a template's
    source to the cache each time it loads it, read again from its file, and
    the cache answers only for the same source (its SHA-1 checksum) compiled
    under the same :func:`compile_settings`: a template edited on disk is compiled
    again, and an environment set up otherwise gets its own code. A lock guards
    the store, so threads may share it.

    Parameters
    ----------
    most : int
        How many compiled templates to keep at most (by name, file and settings).

    Examples
    --------
    >>> code = SharedTemplateCode()
    >>> loader = jinja2.DictLoader({"page": "{{ greeting }}, {{ name | upper }}"})
    >>> first = jinja2.Environment(loader=loader, bytecode_cache=code)
    >>> second = jinja2.Environment(loader=loader, bytecode_cache=code)
    >>> first.get_template("page").render(greeting="Hello", name="Ada")
    'Hello, ADA'
    >>> second.get_template("page").render(greeting="Hi", name="Bo")
    'Hi, BO'
    >>> code.compiled, code.reused, len(code)
    (1, 1, 1)
    """

    def __init__(self, most: int = 256) -> None:
        self.most = most
        self.compiled = 0
        self.reused = 0
        self._codes: OrderedDict[tuple, tuple[str, object]] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        """How many compiled templates are kept."""
        return len(self._codes)

    @staticmethod
    def _key(bucket: jinja2.bccache.Bucket) -> tuple:
        return (bucket.key, compile_settings(bucket.environment))

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        """Give ``bucket`` the code kept for its template, if kept for the same source."""
        key = self._key(bucket)
        with self._lock:
            kept = self._codes.get(key)
            if kept is None or kept[0] != bucket.checksum:
                return
            self._codes.move_to_end(key)
            self.reused += 1
        bucket.code = kept[1]

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        """Keep ``bucket``'s freshly compiled code, forgetting the oldest past ``most``."""
        key = self._key(bucket)
        with self._lock:
            self._codes[key] = (bucket.checksum, bucket.code)
            self._codes.move_to_end(key)
            self.compiled += 1
            while len(self._codes) > self.most:
                self._codes.popitem(last=False)

    def clear(self) -> None:
        """Forget every compiled template."""
        with self._lock:
            self._codes.clear()


#: The compiled templates every page of this process shares.
TEMPLATE_CODE = SharedTemplateCode()


class SharedCodeExporter(VoilaExporter):
    """Voila's exporter, whose Jinja environment uses :data:`TEMPLATE_CODE`.

    Only the compiled code is shared: each page still has its own environment,
    with its exporter's filters, and its own templates made from that code.
    """

    def _create_environment(self) -> jinja2.Environment:
        """Voila's environment, with the shared compiled templates."""
        environment = super()._create_environment()
        environment.bytecode_cache = TEMPLATE_CODE
        return environment


def share_compiled_templates(log=None) -> bool:
    """Have Voila's pages render with :class:`SharedCodeExporter`; True if they will.

    Voila's page renderer makes its exporter from the name ``VoilaExporter`` in
    :mod:`voila.notebook_renderer`; that name is pointed at the subclass. If this
    Voila has no such name, pages render as before (slower) and ``log`` says so.
    """
    current = getattr(notebook_renderer, "VoilaExporter", None)
    if isinstance(current, type) and issubclass(current, SharedCodeExporter):
        return True
    if current is not VoilaExporter:
        if log is not None:
            log.warning(
                "landlord: this Voila's page renderer makes no VoilaExporter, so each page "
                "compiles its templates again; check landlord/serve.py against its source"
            )
        return False
    notebook_renderer.VoilaExporter = SharedCodeExporter
    return True


#: A template's name: letters, digits, ``_``, ``-`` and ``.``, not first.
_TEMPLATE_NAME = re.compile(r"^[\w-][\w.-]*$")


def template_static_path(path: str) -> bool:
    """Whether ``path`` names a template's static file: ``<template>/static/<file>``,
    with nothing that ``os.path.normpath`` would change (no ``..``, ``.`` or ``//``).

    Examples
    --------
    >>> template_static_path("lab/static/voila.js")
    True
    >>> [template_static_path(p) for p in ("../../etc/passwd", "lab/static/../../x",
    ...  "lab/static/", "../static/x", "lab/x.js", "lab/static/a//b", "")]
    [False, False, False, False, False, False, False]
    """
    template, static, rest = [*path.split("/", 2), "", ""][:3]
    return (
        static == "static"
        and bool(rest)
        and _TEMPLATE_NAME.match(template) is not None
        and posixpath.normpath(path) == path
    )


class GuardedTemplateStaticHandler(TemplateStaticFileHandler):
    """Voila's handler for templates' static files, answering 404 to any other path.

    Voila's own splits the path, asserts its second part is ``static`` and
    unpacks three parts of its normalized form, so ``..%2f`` in the address
    made it fail (500, and a traceback in the log).
    """

    def parse_url_path(self, path: str) -> str:
        """Voila's reading of a template's static path, or 404 for any other path."""
        if not template_static_path(path):
            raise tornado.web.HTTPError(404)
        return super().parse_url_path(path)


class LoginRedirectLogout(LogoutHandler):
    """Log out (forget the login cookie) and go to the login page.

    Jupyter's own renders a page with a template that needs a ``static_path``
    Voila does not set, so it failed (500, and a traceback in the log). It is
    served only where there is a login (a token); without one, ``/logout`` is 404.
    """

    @allow_unauthenticated
    def get(self) -> None:
        """Forget the login and go to the login page."""
        self.identity_provider.clear_login_cookie(self)
        self.redirect(self.settings.get("login_url") or self.base_url)


class HostCheckedApplication(tornado.web.Application):
    """A tornado application that answers 403 to requests for other hosts, and whose
    server holds no connection long or spins when out of file descriptors."""

    def find_handler(self, request, **kwargs):
        """Route as usual, unless the ``Host`` header names another host."""
        allowed = self.settings.get("landlord_allowed_hosts", LOOPBACK_HOSTS)
        if host_name(request.host or "") not in allowed:
            return self.get_handler_delegate(
                request, tornado.web.ErrorHandler, {"status_code": 403}
            )
        return super().find_handler(request, **kwargs)

    def listen(
        self, port: int, address: str | None = None, **kwargs
    ) -> tornado.httpserver.HTTPServer:
        """Serve on ``port``, with the timeouts of the ``landlord_*_timeout`` settings
        (:func:`landlord.server_guard.tornado_timeouts`) and listening sockets that
        pause while the process is out of file descriptors."""
        timeouts = server_guard.tornado_timeouts(
            header=self.settings.get("landlord_header_timeout", server_guard.HEADER_SECONDS),
            body=self.settings.get("landlord_body_timeout", server_guard.BODY_SECONDS),
        )
        server = tornado.httpserver.HTTPServer(self, **{**timeouts, **kwargs})
        log = self.settings.get("landlord_log") or logging.getLogger(__name__)
        server_guard.listen_guarded(server, port, address, log)
        return server


_REPLACEMENTS = {
    VoilaKernelWebsocketHandler: GuardedWebsocketHandler,
    TornadoVoilaHandler: GuardedPageHandler,
    TemplateStaticFileHandler: GuardedTemplateStaticHandler,
}


class LandlordVoila(Voila):
    """Voila with the kit's guards (see the module's description)."""

    description = Unicode("Serve the landlord notebooks as web apps, with the kit's guards.")

    allowed_hosts = List(
        Unicode(),
        default_value=[],
        config=True,
        help="Host names allowed besides 127.0.0.1, localhost and [::1].",
    )
    max_kernels = Int(
        20,
        config=True,
        help="Most kernels (open apps) at once; 0 for no limit.",
    )
    max_kernels_per_client = Int(
        6,
        config=True,
        help="Most kernels (open apps) one client address may have at once; 0 for no "
        "limit. The server's own machine (own_addresses) is held only to max_kernels.",
    )
    own_addresses = List(
        Unicode(),
        default_value=["127.0.0.1", "::1"],
        config=True,
        help="Client addresses of the server's own machine, held only to max_kernels.",
    )
    websocket_deadline = Float(
        60,
        config=True,
        help="Seconds after a page is served within which it must open its kernel's "
        "websocket, or its kernel is shut down; 0 for no deadline.",
    )
    header_timeout = Float(
        server_guard.HEADER_SECONDS,
        config=True,
        help="Seconds a connection may take to send a request's headers; a kept-alive "
        "connection waits as long for its next request, and 10 s at most.",
    )
    body_timeout = Float(
        server_guard.BODY_SECONDS,
        config=True,
        help="Seconds a connection may take to send a request's body.",
    )

    share_templates = Bool(
        True,
        config=True,
        help="Share compiled page templates between pages (False: each page compiles "
        "them again, as Voila does; for measuring the difference).",
    )

    def init_settings(self) -> dict:
        """Voila's settings, with the guarded websocket connection and the kit's limits."""
        self.kernel_websocket_connection_class = GuardedConnection
        manager = self.voila_configuration.multi_kernel_manager_class
        if not issubclass(manager, KernelCap):
            self.voila_configuration.multi_kernel_manager_class = type(
                f"Capped{manager.__name__}", (KernelCap, manager), {}
            )
        settings = super().init_settings()
        settings["kernel_websocket_connection_class"] = GuardedConnection
        settings["landlord_own_addresses"] = tuple(self.own_addresses)
        settings["landlord_websocket_deadline"] = self.websocket_deadline
        settings["landlord_header_timeout"] = self.header_timeout
        settings["landlord_body_timeout"] = self.body_timeout
        settings["landlord_log"] = self.log
        settings["landlord_allowed_hosts"] = tuple(
            dict.fromkeys([*LOOPBACK_HOSTS, *(host_name(h) for h in self.allowed_hosts)])
        )
        return settings

    def init_handlers(self) -> list:
        """Voila's handlers, with the guarded ones in place of Voila's own."""
        handlers = []
        for route in super().init_handlers():
            pattern, handler, *rest = route
            if isinstance(handler, type) and issubclass(handler, LogoutHandler):
                if not self.identity_provider.login_available:
                    continue  # nothing to log out of: 404
                handler = LoginRedirectLogout
            handlers.append((pattern, _REPLACEMENTS.get(handler, handler), *rest))
        served = {route[1] for route in handlers}
        missing = [old.__name__ for old, new in _REPLACEMENTS.items() if new not in served]
        if missing:
            raise RuntimeError(
                f"landlord.serve: this Voila serves no {', '.join(missing)}, so the kit's "
                "guards would be missing; check landlord/serve.py against its source"
            )
        return handlers

    def start(self) -> None:
        """Voila's start, on a host-checked application, with more files allowed open."""
        import tempfile

        before, after = server_guard.raise_open_file_limit()
        server_guard.quiet_accept_errors("asyncio", self.log)
        if self.share_templates:
            share_compiled_templates(self.log)
        self.log.info("landlord: at most %s files open (was %s)", after, before)
        self.connection_dir = tempfile.mkdtemp(prefix="voila_", dir=self.connection_dir_root)
        self.log.info("Storing connection files in %s.", self.connection_dir)
        settings = self.init_settings()
        self.app = HostCheckedApplication(**settings)
        self.app.settings.update(self.tornado_settings)
        self.app.add_handlers(".*$", self.init_handlers())
        self.log.info(
            "landlord: allowed hosts %s; at most %s kernels, %s for one client",
            ", ".join(settings["landlord_allowed_hosts"]),
            self.max_kernels or "unlimited",
            self.max_kernels_per_client or "unlimited",
        )
        if readiness.start_if_needed():
            self.log.info(
                "landlord: compiling the experiments' batch path in the background (once "
                "per installation); experiments play on the reference engine until then"
            )
        self.listen()


main = LandlordVoila.launch_instance

if __name__ == "__main__":
    main()
