"""The kit's server compiles a page's templates once, not for every page.

Voila makes a new exporter, and with it a new Jinja environment, for every page,
so the page's templates were parsed and compiled again each time, on the
server's event loop: a class opening its apps at once made every other request
wait up to a second (``docs/upstream_faults.md``). ``landlord.serve`` gives every
page's environment one shared cache of compiled templates
(:class:`landlord.serve.templates.SharedTemplateCode`). These tests check that a second
page reuses the first one's code, that an edited template is compiled again,
that the cache stays bounded and safe between threads, and, against a running
server, that a cheap request is not held back while four pages render and that
the pages are the same whether compiled or reused.
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import hostile_clients as hostile
import jinja2
import jinja2.meta
import pytest
from conftest import free_port, serve_command, serving_process
from voila import notebook_renderer
from voila.paths import collect_template_paths

from landlord.serve.templates import TEMPLATE_CODE, SharedTemplateCode, share_compiled_templates

#: The slowest a template's static file may be answered while four pages are asked
#: for at once. Compiling the templates for every page held it back 0.8-1.2 s on a
#: 2-core machine; sharing the compiled code, about 0.1-0.15 s (the bound leaves room for a
#: machine busy with other tests).
MOST_CHEAP_SECONDS = 0.6


def voila_exporter() -> object:
    """An exporter as Voila's page renderer makes it, for the ``lab`` template, with
    the two filters it adds before rendering a notebook."""
    exporter = notebook_renderer.VoilaExporter(
        template_paths=collect_template_paths(["voila", "nbconvert"], "lab"),
        template_name="lab",
    )
    exporter.register_filter("highlight_code", lambda source, **options: source)
    exporter.register_filter("trusted", lambda output: output)
    return exporter


def load_page_templates(exporter) -> int:
    """Load the exporter's page template and every template it names, as rendering the
    page does; how many."""
    environment = exporter.environment
    waiting, loaded = [exporter.template_file], set()
    while waiting:
        name = waiting.pop()
        if name is None or name in loaded:
            continue
        environment.get_template(name)
        loaded.add(name)
        source = environment.loader.get_source(environment, name)[0]
        waiting.extend(jinja2.meta.find_referenced_templates(environment.parse(source)))
    return len(loaded)


def test_a_second_page_reuses_the_first_pages_compiled_templates() -> None:
    assert share_compiled_templates()
    TEMPLATE_CODE.clear()
    first, second = voila_exporter(), voila_exporter()
    assert first.environment is not second.environment
    templates = load_page_templates(first)
    assert templates >= 5
    assert TEMPLATE_CODE.compiled == templates
    assert load_page_templates(second) == templates
    assert TEMPLATE_CODE.compiled == templates  # nothing compiled again
    assert TEMPLATE_CODE.reused == templates


def test_an_edited_template_is_compiled_again(tmp_path: Path) -> None:
    code = SharedTemplateCode()
    page = tmp_path / "page.html"
    page.write_text("<p>{{ name }}</p>")

    def render() -> str:
        loader = jinja2.FileSystemLoader(tmp_path)
        environment = jinja2.Environment(loader=loader, bytecode_cache=code, autoescape=True)
        return environment.get_template("page.html").render(name="Ada")

    assert render() == render() == "<p>Ada</p>"
    page.write_text("<h1>{{ name }}</h1>")
    assert render() == "<h1>Ada</h1>"
    assert (code.compiled, code.reused, len(code)) == (2, 1, 1)


def test_environments_set_up_otherwise_get_their_own_code() -> None:
    code = SharedTemplateCode()
    loader = jinja2.DictLoader({"page": "{{ name | shout }}"})
    quiet = jinja2.Environment(loader=loader, bytecode_cache=code)
    quiet.filters["shout"] = str.upper

    @jinja2.pass_context
    def shout_in_context(context, value: str) -> str:
        return value.upper() + context.get("mark", "!")

    loud = jinja2.Environment(loader=loader, bytecode_cache=code)
    loud.filters["shout"] = shout_in_context
    assert quiet.get_template("page").render(name="ada") == "ADA"
    assert loud.get_template("page").render(name="ada", mark="?") == "ADA?"
    assert (code.compiled, code.reused) == (2, 0)


def test_the_cache_keeps_at_most_its_bound_and_the_most_recent() -> None:
    code = SharedTemplateCode(most=3)
    templates = {f"t{i}": f"{i} {{{{ x }}}}" for i in range(10)}
    environment = jinja2.Environment(loader=jinja2.DictLoader(templates), bytecode_cache=code)
    for name in templates:
        environment.get_template(name)
    assert len(code) == 3
    again = jinja2.Environment(loader=jinja2.DictLoader(templates), bytecode_cache=code)
    assert again.get_template("t9").render(x="x") == "9 x"
    assert again.get_template("t0").render(x="x") == "0 x"
    assert (code.compiled, code.reused, len(code)) == (11, 1, 3)


def test_threads_share_the_cache_safely() -> None:
    code = SharedTemplateCode(most=8)
    templates = {
        f"t{i}": f"{{% for n in range({i}) %}}{{{{ n }}}}{{% endfor %}}" for i in range(12)
    }
    failures: list[BaseException] = []

    def render_all() -> None:
        try:
            for _ in range(20):
                environment = jinja2.Environment(
                    loader=jinja2.DictLoader(templates), bytecode_cache=code
                )
                for i in range(12):
                    text = environment.get_template(f"t{i}").render()
                    assert text == "".join(str(n) for n in range(i))
        except BaseException as error:  # reported by the test below
            failures.append(error)

    threads = [threading.Thread(target=render_all) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
    assert len(code) <= 8
    assert code.compiled + code.reused == 8 * 20 * 12


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, int]]:
    """The kit's server as ``make run`` starts it, with a short websocket deadline."""
    port = free_port()
    log = tmp_path_factory.mktemp("serve_pages") / "server.log"
    command = serve_command(port, "--LandlordVoila.websocket_deadline=4")
    with serving_process(command, port, log) as (base, process):
        yield base, process.pid


def page_html(base: str) -> tuple[str, hostile.OpenedPage]:
    """The welcome page's HTML, its kernel ids and tokens blanked, and the page."""
    status, text, cookies = hostile.fetch(f"{base}/voila/render/welcome.ipynb")
    assert status == 200
    kernel = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', text)
    assert kernel is not None
    xsrf = next((c.split(";")[0].split("=", 1)[1] for c in cookies if c.startswith("_xsrf=")), "")
    blank = re.sub(r"[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}|[0-9a-f]{32}", "*", text)
    return blank, hostile.OpenedPage(kernel.group(1), xsrf)


@pytest.mark.security
@pytest.mark.timeout(180)
def test_four_pages_at_once_do_not_hold_a_cheap_request_back(server: tuple[str, int]) -> None:
    base, pid = server
    first, opened = page_html(base)  # compiles the templates (and imports)
    hostile.shut_down(base, opened)
    durations: list[float] = []
    done = threading.Event()

    def ask() -> None:
        while not done.is_set():
            started = time.monotonic()
            ok = hostile.get_status(base + "/voila/templates/lab/static/index.css", timeout=10)
            durations.append(time.monotonic() - started if ok == 200 else float("inf"))
            done.wait(0.02)

    pages: list[tuple[str, hostile.OpenedPage]] = []
    asking = threading.Thread(target=ask)
    asking.start()
    try:
        time.sleep(0.2)
        openers = [
            threading.Thread(target=lambda: pages.append(page_html(base))) for _ in range(4)
        ]
        for opener in openers:
            opener.start()
        for opener in openers:
            opener.join()
    finally:
        done.set()
        asking.join()
    for _, page in pages:
        hostile.shut_down(base, page)
    assert len(pages) == 4
    assert {text for text, _ in pages} == {first}  # reused code renders the same page
    assert max(durations) < MOST_CHEAP_SECONDS, sorted(durations)[-5:]
    hostile.wait_until(lambda: not hostile.children(pid, b"ipykernel"), within=30)
