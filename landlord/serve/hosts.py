"""Which hosts the server answers, and how it listens.

:class:`HostCheckedApplication` answers 403 to a request whose ``Host`` is not
the loopback or an allowed name (a DNS-rebinding page cannot reach the
server), and listens with the timeouts and the pause on running out of file
descriptors of :mod:`landlord.server_guard`.
"""

from __future__ import annotations

import logging
import re

import tornado.httpserver
import tornado.web

from landlord import server_guard

__all__ = ["LOOPBACK_HOSTS", "HostCheckedApplication", "host_name"]

#: Host names always allowed, with or without a port.
LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "::1")

_HOST = re.compile(r"^(\[[^\]]*\]|[^:]*)(?::(\d+))?$")


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
