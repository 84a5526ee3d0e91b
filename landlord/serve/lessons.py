"""The built lessons, served read-only beside the apps at ``/lessons/``.

``make lessons`` writes the lessons' pages to ``lessons/_site``: each lesson's
teacher's page, projector view, student sheet, worksheet and notebook, and an
``index.html``. :class:`LessonSiteHandler` serves that folder's files as they
are, so that the welcome page can link them where ``make run`` serves it:

* only a file inside the folder: a path that ``..``, ``.`` or ``//`` would
  change, a hidden name (``.git``), a backslash, or a link leading out of the
  folder gets 404, as does a file that is not there;
* no folder's listing: the folder's own address serves its ``index.html``, and a
  folder inside it is 404;
* ``GET`` and ``HEAD`` only, under the server's ``Host`` check like every page;
* sent ``no-cache`` (the browser asks again, and gets 304 if nothing changed),
  so a page rebuilt while the server runs is seen on the next visit;
* with the cookie :data:`SERVED_COOKIE`, so that a lesson page's "in Voila" links open
  the apps of this same server (at the address the browser reached it by).

Before the lessons are built every address answers 404 with a page that says
how to build them; the server need not be restarted after ``make lessons``.
The server tells its kernels where it serves the lessons through
:data:`URL_VARIABLE` and :data:`SITE_VARIABLE`, which the welcome page reads.
"""

from __future__ import annotations

import html
import os
from pathlib import Path
from typing import Any

import tornado.web

__all__ = [
    "SERVED_COOKIE",
    "SITE_VARIABLE",
    "URL_VARIABLE",
    "LessonSiteHandler",
    "lesson_routes",
    "lessons_url",
    "site_path",
]

#: The environment variable that gives a kernel the address of the built lessons
#: (``/lessons/`` under the server's base URL), set while the server serves them.
URL_VARIABLE = "LANDLORD_LESSONS_URL"
#: The environment variable that gives a kernel the folder served there.
SITE_VARIABLE = "LANDLORD_LESSONS_SITE"
#: The cookie a lesson page served here carries: its script then opens the apps of the
#: server the page came from (``lessons/app_links.py`` reads it).
SERVED_COOKIE = "landlord_apps_here"

_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title></head>
<body style="font-family: sans-serif; font-size: 1.125rem; line-height: 1.5;
 max-width: 36em; margin: 2em auto; padding: 0 1em; color: #1a1a1a; background: #fff">
<main><h1>{title}</h1><p>{words}</p></main></body></html>
"""


def site_path(path: str) -> bool:
    """Whether ``path`` (an address's part after ``/lessons/``) may name a file of the
    built lessons: "" (the index) or names joined by ``/``, none of them empty, ``.``,
    ``..`` or hidden, and no backslash or NUL.

    Examples
    --------
    >>> site_path("01_who_owns_the_board_student.html"), site_path("")
    (True, True)
    >>> [site_path(p) for p in ("../voila.json", "a/../b", "./index.html", "a//b",
    ...  ".git/config", "/etc/passwd", "..\\\\x", "x/", "a\\x00")]
    [False, False, False, False, False, False, False, False, False]
    """
    if path == "":
        return True
    if "\\" in path or "\x00" in path:
        return False
    return all(part and not part.startswith(".") for part in path.split("/"))


class LessonSiteHandler(tornado.web.StaticFileHandler):
    """Tornado's static files, held to the built lessons' folder (see the module)."""

    def initialize(
        self, path: str, default_filename: str | None = None, index: str = "/lessons/"
    ) -> None:
        """Serve the folder ``path``, whose index is at the address ``index``."""
        super().initialize(path, default_filename)
        self.index = index

    def parse_url_path(self, url_path: str) -> str:
        """The file's path inside the folder, or 404 for a path :func:`site_path` refuses."""
        if not site_path(url_path):
            raise tornado.web.HTTPError(404)
        return super().parse_url_path(url_path)

    def validate_absolute_path(self, root: str, absolute_path: str) -> str | None:
        """Tornado's check, with 404 for anything but a file inside the folder once
        links are followed (tornado answers 403 for a path outside it). A folder inside
        it is 404 too, not sent on to its address with a "/": only the folder itself has
        an index."""
        folder = os.path.realpath(root)
        if os.path.isdir(absolute_path) and os.path.realpath(absolute_path) != folder:
            raise tornado.web.HTTPError(404)
        try:
            served = super().validate_absolute_path(root, absolute_path)
        except tornado.web.HTTPError as error:
            raise tornado.web.HTTPError(404) from error
        if served is None:  # a redirect to the folder's address with its "/"
            return None
        real = os.path.realpath(served)
        if os.path.commonpath([folder, real]) != folder or not os.path.isfile(real):
            raise tornado.web.HTTPError(404)
        return served

    def set_extra_headers(self, path: str) -> None:
        """Ask the browser to check again on each visit, and not to guess a type; and
        tell the lesson pages' script (:data:`SERVED_COOKIE`) that this server serves
        the apps too, so that their "in Voila" links open this server's apps."""
        self.set_header("Cache-Control", "no-cache")
        self.set_header("X-Content-Type-Options", "nosniff")
        self.set_cookie(SERVED_COOKIE, "1", path=self.index, samesite="Lax")

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        """A short page in a teacher's words: how to build the lessons, or where they are."""
        self.set_header("Content-Type", "text/html; charset=utf-8")
        if status_code != 404:
            self.finish(_PAGE.format(title=f"Error {status_code}", words="The server refused."))
            return
        if not os.path.isfile(os.path.join(self.root, "index.html")):
            title = "The lessons are not built yet"
            words = (
                "Run <code>make lessons</code> in the kit's folder (about a minute), then "
                "reload this page."
            )
        else:
            index = html.escape(self.index, quote=True)
            title = "No such lesson page"
            words = f'The built lessons are listed on <a href="{index}">their index</a>.'
        self.finish(_PAGE.format(title=title, words=words))


def lesson_routes(server_url: str, base_url: str, folder: Path) -> list[tuple]:
    """The routes that serve ``folder`` at ``<server_url>lessons/``: the folder's files,
    and its address without the final ``/`` sent on to it. ``base_url`` is the
    address a browser reaches the server at (behind a proxy, another than ``server_url``).

    Examples
    --------
    >>> [route[0] for route in lesson_routes("/", "/", Path("lessons/_site"))]
    ['/lessons', '/lessons/(.*)']
    """
    served, seen = server_url.rstrip("/"), lessons_url(base_url)
    return [
        (f"{served}/lessons", tornado.web.RedirectHandler, {"url": seen, "permanent": False}),
        (
            f"{served}/lessons/(.*)",
            LessonSiteHandler,
            {"path": str(folder), "index": seen, "default_filename": "index.html"},
        ),
    ]


def lessons_url(base_url: str) -> str:
    """The address of the built lessons under a server's base URL.

    >>> lessons_url("/"), lessons_url("/class/")
    ('/lessons/', '/class/lessons/')
    """
    return f"{base_url.rstrip('/')}/lessons/"
