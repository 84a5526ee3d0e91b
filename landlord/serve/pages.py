"""The guarded page handlers: a notebook's page, a template's static files, logging out.

:class:`GuardedPageHandler` refuses an unknown ``?template=``, shows
:data:`FULL_PAGE` past a kernel limit (:mod:`landlord.serve.kernels`), sets the
``_xsrf`` cookie the page's tab-close shutdown needs, and gives each kernel it
starts a deadline for its websocket. :class:`GuardedTemplateStaticHandler`
answers 404 to a path that is not a template's static file, and
:class:`LoginRedirectLogout` logs out without Jupyter's page Voila cannot render.
"""

from __future__ import annotations

import html
import posixpath
import re

import tornado.ioloop
import tornado.web
from jupyter_server.auth.decorator import allow_unauthenticated
from jupyter_server.auth.logout import LogoutHandler
from voila.static_file_handler import TemplateStaticFileHandler
from voila.tornado.handler import TornadoVoilaHandler

from landlord.serve.kernels import STARTED, VISITOR, KernelCap, ServerFull

__all__ = [
    "FULL_PAGE",
    "GuardedPageHandler",
    "GuardedTemplateStaticHandler",
    "LoginRedirectLogout",
    "template_static_path",
]

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
