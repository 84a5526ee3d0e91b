"""The kit's server serves the built lessons at ``/lessons/``, and the welcome page links them.

``make run`` serves the ``notebooks`` folder, and ``make lessons`` builds the lessons'
pages into ``lessons/_site``, outside it. ``landlord.serve`` serves that folder
read-only at ``/lessons/`` (:mod:`landlord.serve.lessons`), so the welcome page can link
each lesson's teacher's page, projector view and student sheet. Here a server serves a
site built for the test: the real student sheets (written in a second: nothing runs)
and small stand-ins for the pages a full build takes a minute to run, beside files
that must never be served (a file next to the folder, a hidden one, a link leading
out). A second server serves a folder not built yet.
"""

from __future__ import annotations

import http.client
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import hostile_clients as hostile
import pytest
from conftest import free_port, serve_command, serving, wait_for_voila_page
from playwright.sync_api import expect
from test_lessons import build

import landlord
from landlord.serve.app import LandlordVoila

WELCOME = "/voila/render/welcome.ipynb"

#: What the files the server must not serve hold.
SECRET = "not for the class: the staff room's answer keys"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A built lessons' folder (``_site``), with files beside and in it never to serve."""
    kit = tmp_path_factory.mktemp("kit")
    site = kit / "_site"
    for lesson in build.build_sheets(site):
        for end, what in (("", "teacher's page"), ("_projector", "projector view")):
            (site / f"{lesson.stem}{end}.html").write_text(
                f"<!doctype html><title>{lesson.title}: {what}</title><h1>{lesson.title}</h1>"
            )
    (site / "index.html").write_text("<!doctype html><title>The lessons</title><h1>Lessons</h1>")
    box = build.app_links.apps_box(build.app_links.app_links(["play"]))
    (site / "apps.html").write_text(f"<!doctype html><title>Apps</title><main>{box}</main>")
    (kit / "secret.txt").write_text(SECRET)
    (site / ".hidden").write_text(SECRET)
    (site / "inner").mkdir()  # a folder without an index: no listing
    (site / "inner" / "secret.txt").write_text(SECRET)
    (site / "link_out.html").symlink_to(kit / "secret.txt")
    return site


@pytest.fixture(scope="module")
def server(site: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """The kit's server as ``make run`` starts it, serving ``site`` as its lessons."""
    port = free_port()
    log = tmp_path_factory.mktemp("serve-lessons") / "server.log"
    command = serve_command(port, f"--LandlordVoila.lessons_site={site}")
    with serving(command, port, log) as base:
        yield base, log


@pytest.fixture(scope="module")
def unbuilt(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """The kit's server with a lessons' folder that is not built yet."""
    port = free_port()
    folder = tmp_path_factory.mktemp("unbuilt")
    command = serve_command(port, f"--LandlordVoila.lessons_site={folder / '_site'}")
    with serving(command, port, folder / "server.log") as base:
        yield base, folder / "_site"


def test_the_server_answers_a_built_lesson_page(server, site):
    base, _ = server
    url = base + "/lessons/01_who_owns_the_board_student.html"
    with urllib.request.urlopen(url, timeout=10) as reply:
        text = reply.read().decode()
        assert reply.status == 200
        assert reply.headers["Content-Type"].startswith("text/html")
        assert reply.headers["Cache-Control"] == "no-cache"  # a rebuilt page is seen at once
        assert reply.headers["X-Content-Type-Options"] == "nosniff"
    assert text == (site / "01_who_owns_the_board_student.html").read_text()
    assert "<h1>Lesson 1: Who owns the board?</h1>" in text
    # The folder's own address, with or without its "/", is its index.
    for address in ("/lessons/", "/lessons"):
        with urllib.request.urlopen(base + address, timeout=10) as reply:
            assert reply.url == base + "/lessons/"
            assert reply.read().decode() == (site / "index.html").read_text()


@pytest.mark.parametrize(
    "path",
    [
        "/lessons/../secret.txt",
        "/lessons/%2e%2e/secret.txt",
        "/lessons/..%2fsecret.txt",
        "/lessons/%2e%2e%2fsecret.txt",
        "/lessons/..%5csecret.txt",
        "/lessons/./../secret.txt",
        "/lessons//secret.txt",
        "/lessons/link_out.html",
        "/lessons/.hidden",
        "/lessons/inner/",
        "/lessons/inner",
        "/lessons/%00",
        "/lessons/no_such_lesson.html",
    ],
)
def test_nothing_outside_the_built_lessons_and_no_listing_is_served(server, path):
    """Every way out of the folder, a hidden file, a link leading out and a folder's
    listing get 404 (a short page, never the file, never a traceback in the log)."""
    base, log = server
    status, text, _ = hostile.fetch(base + path, timeout=10)
    assert status == 404, path
    assert SECRET not in text
    assert "secret.txt" not in text
    assert "Traceback" not in log.read_text()


def test_the_lessons_are_served_only_to_this_servers_hosts_and_only_read(server):
    base, _ = server
    page = base + "/lessons/index.html"
    assert hostile.get_status(page, host="evil.example") == 403
    parts = urllib.parse.urlsplit(base)
    for method in ("POST", "PUT", "DELETE"):
        connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
        try:
            connection.request(method, "/lessons/index.html", body=b"x")
            assert connection.getresponse().status == 405, method
        finally:
            connection.close()


def test_the_server_serves_lessons_built_after_it_started(unbuilt):
    """Before ``make lessons`` a lesson's address says how to build them; after it, the
    same server serves the page, without a restart."""
    base, folder = unbuilt
    status, text, _ = hostile.fetch(base + "/lessons/index.html", timeout=10)
    assert status == 404
    assert "The lessons are not built yet" in text
    assert "<code>make lessons</code>" in text
    folder.mkdir()
    (folder / "index.html").write_text("<p>built</p>")
    assert hostile.fetch(base + "/lessons/", timeout=10)[:2] == (200, "<p>built</p>")
    (folder / "index.html").unlink()
    folder.rmdir()  # not built again, for the welcome page's test


def test_which_folder_the_server_serves_as_its_lessons(tmp_path):
    """Beside the served notebooks' folder by default (what make run serves), another
    when told, none when told not to."""
    notebooks = tmp_path / "notebooks"
    notebooks.mkdir()
    kit = tmp_path.resolve()
    assert LandlordVoila(root_dir=str(notebooks)).lesson_site() == kit / "lessons" / "_site"
    other = LandlordVoila(root_dir=str(notebooks), lessons_site=str(tmp_path / "built"))
    assert other.lesson_site() == kit / "built"
    assert LandlordVoila(root_dir=str(notebooks), serve_lessons=False).lesson_site() is None


def _lessons_cell(page):
    """The welcome page's list of lessons, once the page has run."""
    wait_for_voila_page(page, f"landlord {landlord.__version__}")
    return page.locator(".jp-Cell").filter(has_text="Who owns the board?").first


@pytest.mark.browser
def test_under_make_run_the_welcome_page_links_each_lessons_built_pages(page, server, site):
    """Every link the welcome page gives to a built page is answered by its own server
    with that page; the student sheet opens from it."""
    base, _ = server
    page.goto(base + WELCOME)
    cell = _lessons_cell(page)
    expect(cell).to_contain_text("Built: all the lessons, and each one's pages:")
    expect(cell).to_contain_text("Who owns the board? (55 min): teacher's page")
    hrefs = [link.get_attribute("href") for link in cell.get_by_role("link").all()]
    assert len(hrefs) == 1 + 3 * len(build.lesson_files())  # the index, and three a lesson
    assert "/lessons/08_what_if_we_kept_playing_projector.html" in hrefs
    for href in hrefs:
        assert href.startswith("/lessons/"), href
        status, text, _ = hostile.fetch(urllib.parse.urljoin(page.url, href), timeout=10)
        assert status == 200, href
        assert text == (site / href.removeprefix("/lessons/")).read_text(), href
    with page.context.expect_page() as opened:
        cell.get_by_role("link", name="student sheet").first.click()
    sheet = opened.value
    sheet.wait_for_load_state()
    assert sheet.url == base + "/lessons/01_who_owns_the_board_student.html"
    expect(sheet.get_by_role("heading", level=1)).to_have_text("Lesson 1: Who owns the board?")
    sheet.close()


@pytest.mark.browser
def test_before_the_lessons_are_built_the_welcome_page_says_how_to_build_them(page, unbuilt):
    base, _ = unbuilt
    page.goto(base + WELCOME)
    cell = _lessons_cell(page)
    expect(cell).to_contain_text(
        "Not built on this machine yet: run make lessons in the kit's folder, then reload "
        "this page."
    )
    assert cell.get_by_role("link").count() == 0  # no link to a page not there


def test_the_server_and_the_lesson_pages_name_one_cookie():
    from landlord.serve.lessons import SERVED_COOKIE

    assert build.app_links.SERVED_COOKIE == SERVED_COOKIE


@pytest.mark.browser
def test_a_lesson_page_served_here_opens_this_servers_apps(page, server):
    """Issue 34: a lesson page's "in Voila" links went to the address the lessons were
    built with (port 8866), whatever server the page came from. Served by the kit's
    server, they open that server's apps."""
    base, _ = server
    page.goto(base + "/lessons/apps.html")
    link = page.get_by_role("link", name="in Voila")
    expect(link).to_have_attribute("href", base + "/voila/render/play.ipynb")
    expect(page.locator("input[name=apps-url]")).to_have_value(base + "/voila/render/")
    # An address the teacher gives in the page's own address still wins.
    page.goto(base + "/lessons/apps.html?apps=http://10.0.0.5:8870/voila/render/")
    expect(link).to_have_attribute("href", "http://10.0.0.5:8870/voila/render/play.ipynb")
