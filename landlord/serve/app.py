"""The application: Voila with the kit's guarded classes swapped in, and ``main``.

:class:`LandlordVoila` is Voila's application with the settings of the kit's
limits; it swaps in the guarded kernel connection
(:mod:`landlord.serve.connections`), mixes :class:`~landlord.serve.kernels.KernelCap`
into the kernel manager, replaces Voila's handlers with the guarded ones
(:mod:`landlord.serve.pages`), serves the built lessons at ``/lessons/``
(:mod:`landlord.serve.lessons`) and serves on a
:class:`~landlord.serve.hosts.HostCheckedApplication`.
"""

from __future__ import annotations

import os
from pathlib import Path

from jupyter_server.auth.logout import LogoutHandler
from traitlets import Bool, Float, Int, List, Unicode
from voila.app import Voila
from voila.static_file_handler import TemplateStaticFileHandler
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler

from landlord import server_guard
from landlord.batch import readiness
from landlord.serve.connections import GuardedConnection, GuardedWebsocketHandler
from landlord.serve.hosts import LOOPBACK_HOSTS, HostCheckedApplication, host_name
from landlord.serve.kernels import KernelCap
from landlord.serve.lessons import SITE_VARIABLE, URL_VARIABLE, lesson_routes, lessons_url
from landlord.serve.pages import (
    GuardedPageHandler,
    GuardedTemplateStaticHandler,
    LoginRedirectLogout,
)
from landlord.serve.templates import share_compiled_templates

__all__ = ["LandlordVoila", "main"]

_REPLACEMENTS = {
    VoilaKernelWebsocketHandler: GuardedWebsocketHandler,
    TornadoVoilaHandler: GuardedPageHandler,
    TemplateStaticFileHandler: GuardedTemplateStaticHandler,
}


class LandlordVoila(Voila):
    """Voila with the kit's guards (see :mod:`landlord.serve`)."""

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

    serve_lessons = Bool(
        True,
        config=True,
        help="Serve the built lessons (make lessons) read-only at /lessons/, for the "
        "welcome page to link; False: the apps alone.",
    )
    lessons_site = Unicode(
        "",
        config=True,
        help="The folder of the built lessons to serve at /lessons/; empty: lessons/_site "
        "beside the folder of notebooks served.",
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

    def lesson_site(self) -> Path | None:
        """The folder of built lessons this server serves at ``/lessons/`` (None: none),
        whether it is built yet or not."""
        if not self.serve_lessons:
            return None
        if self.lessons_site:
            return Path(self.lessons_site).resolve()
        return Path(self.root_dir).resolve().parent / "lessons" / "_site"

    def init_handlers(self) -> list:
        """Voila's handlers, with the guarded ones in place of Voila's own, after the
        built lessons' (before any route of Voila's that would answer every path)."""
        site = self.lesson_site()
        handlers = [] if site is None else lesson_routes(self.server_url, self.base_url, site)
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
                "guards would be missing; check landlord/serve/ against its source"
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
        self._tell_kernels_about_the_lessons()
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

    def _tell_kernels_about_the_lessons(self) -> None:
        """Say where the built lessons are served in the environment every kernel
        inherits (the welcome page links them), or that none are."""
        site = self.lesson_site()
        if site is None:
            os.environ.pop(URL_VARIABLE, None)
            os.environ.pop(SITE_VARIABLE, None)
            return
        os.environ[URL_VARIABLE] = lessons_url(self.base_url)
        os.environ[SITE_VARIABLE] = str(site)
        built = "" if (site / "index.html").exists() else " (not built yet: make lessons)"
        self.log.info(
            "landlord: the lessons of %s at %s%s", site, lessons_url(self.base_url), built
        )


main = LandlordVoila.launch_instance
