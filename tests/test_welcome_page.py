"""The welcome page as a visitor sees it: Voila in headless Chromium."""

import json
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest
from conftest import wait_for_voila_page
from playwright.sync_api import expect

import landlord
from landlord.apps import find_apps

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"

pytestmark = pytest.mark.browser

WELCOME = "/voila/render/welcome.ipynb"


def open_welcome(page, voila_url):
    page.goto(voila_url + WELCOME)
    # The version line is the last cell's output.
    wait_for_voila_page(page, f"landlord {landlord.__version__}")


def test_welcome_page_renders_its_text_without_code(page, voila_url):
    open_welcome(page, voila_url)

    assert page.title() == "Welcome to landlord"
    heading = page.get_by_role("heading", level=1)
    assert "play Magie's argument" in heading.inner_text()
    expect(page.get_by_text("independent teaching project")).to_be_visible()
    # Voila strips the sources: no code editor or input prompt is on the page.
    assert page.locator(".jp-InputArea-editor").count() == 0
    assert page.locator(".jp-CodeMirrorEditor, .CodeMirror, .cm-editor").count() == 0
    assert "import landlord" not in page.content()
    # A failing cell still returns HTTP 200: no error text may show.
    assert page.get_by_text("There was an error").count() == 0
    assert (
        page.locator(".jp-RenderedText[data-mime-type='application/vnd.jupyter.stderr']").count()
        == 0
    )


def test_welcome_page_links_every_app(page, voila_url):
    open_welcome(page, voila_url)
    apps = find_apps(NOTEBOOKS)
    for app in apps:
        expect(page.get_by_role("link", name=app.title)).to_have_attribute("href", app.file)
    if not apps:
        expect(page.get_by_text("No apps are installed beside this page.")).to_be_visible()


def test_server_root_lists_the_welcome_page(page, voila_url):
    page.goto(voila_url + "/")
    link = page.get_by_role("link", name="welcome.ipynb")
    link.wait_for(timeout=30_000)
    href = link.get_attribute("href")
    assert href.split("?")[0] == WELCOME
    page.goto(voila_url + href)
    page.get_by_role("heading", name="The apps").wait_for(timeout=60_000)


def _status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=5) as reply:
            return reply.status
    except urllib.error.HTTPError as error:
        return error.code


def test_leaving_the_page_stops_its_kernel(page, voila_url):
    """Voila's page asks the server to stop its kernel as it unloads (the kit's server
    sets the ``_xsrf`` cookie that request needs; Voila alone refuses it)."""
    open_welcome(page, voila_url)
    config = page.locator("#jupyter-config-data").text_content()
    kernel_url = f"{voila_url}/api/kernels/{json.loads(config)['kernelId']}"
    assert _status(kernel_url) == 200
    page.problems.leave(page)
    deadline = time.monotonic() + 15
    while _status(kernel_url) == 200 and time.monotonic() < deadline:
        time.sleep(0.3)
    assert _status(kernel_url) == 404, "the kernel still runs 15 s after its page was left"


def test_welcome_page_lists_the_lessons_and_says_how_to_build_them(page, voila_url):
    """The lessons' titles are listed with the pages this server can reach (the kit's
    server serves the built lessons at /lessons/; before they are built, the page says how
    to build them); no lesson title links a Markdown file."""
    open_welcome(page, voila_url)
    section = page.locator(".jp-Cell").filter(has_text="Who owns the board?").first
    text = section.inner_text()
    assert "What if we kept playing? Richer together, or closer together (55 min)" in text
    assert "make lessons" in text or "Built: all the lessons" in text
    for link in section.get_by_role("link").all():
        href = link.get_attribute("href")
        assert not href.endswith(".md"), href
        assert _status(urllib.parse.urljoin(page.url, href)) == 200, href
    intro = page.locator(".jp-Cell").filter(has_text="The pages are built on the machine").first
    expect(intro).to_contain_text("projector view")
    expect(intro).to_contain_text("--sheets-only")
