"""Shared fixtures for every test tier: unit, notebook and real browser.

Jupyter and matplotlib write settings and caches under the home folder, so the
session points HOME (and the Jupyter folders) at a temporary folder: a test run
neither reads a developer's own Jupyter configuration nor leaves files behind.
Package caches stay where they were, so installs in tests stay warm.

In CI (``CI=true``) a skipped test makes the run fail: every tier must run there.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

ROOT = Path(__file__).resolve().parent.parent

# A family's package of its own, installed only in the fresh environment of
# tests/test_plugin_family.py (with its own tests, run there): not part of this suite.
collect_ignore = ["plugin_family"]

#: Flags that let Chromium run headless as root on a machine without a network.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


_SCRATCH_HOME = pytest.StashKey[Path]()


def _in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in {"1", "true", "yes"}


# Property-based tests are seeded in CI, so a run there is repeatable; on a
# developer's machine they explore new examples each run.
settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
if _in_ci():
    settings.load_profile("ci")


def pytest_configure(config: pytest.Config) -> None:
    home = Path.home()
    os.environ.setdefault("UV_CACHE_DIR", str(home / ".cache" / "uv"))
    os.environ.setdefault("PIP_CACHE_DIR", str(home / ".cache" / "pip"))
    scratch = Path(tempfile.mkdtemp(prefix="landlord-tests-home-"))
    config.stash[_SCRATCH_HOME] = scratch
    os.environ["HOME"] = str(scratch)
    for name, sub in {
        "JUPYTER_CONFIG_DIR": "jupyter/config",
        "JUPYTER_DATA_DIR": "jupyter/data",
        "JUPYTER_RUNTIME_DIR": "jupyter/runtime",
        "IPYTHONDIR": "ipython",
        "MPLCONFIGDIR": "matplotlib",
    }.items():
        os.environ[name] = str(scratch / sub)
    os.environ["JUPYTER_PLATFORM_DIRS"] = "1"
    # The suite tests the kit as shipped: the experiments' batch path on (landlord.batch).
    os.environ.pop("LANDLORD_BATCH", None)
    if not hasattr(config, "workerinput"):  # once, before any worker starts
        _compile_the_batch_path()


def _compile_the_batch_path() -> None:
    """Compile what of the batch path is not compiled for these sources yet (a change to a
    family's compiled.py since the last ``python -m landlord.batch``): the tests compare it
    with the reference engine, and an experiment would otherwise play on the reference
    engine while it compiled in the background (landlord.batch.readiness)."""
    from landlord.batch import compile_now, numba_missing, readiness
    from landlord.families import families

    if numba_missing():
        return
    waiting = [f.batch for f in families() if f.batch and not readiness.ready(f.batch)]
    if waiting:
        compile_now(waiting)


def pytest_unconfigure(config: pytest.Config) -> None:
    scratch = config.stash.get(_SCRATCH_HOME, None)
    if scratch is not None:
        shutil.rmtree(scratch, ignore_errors=True)


def pytest_terminal_summary(terminalreporter, exitstatus, config) -> None:
    skipped = terminalreporter.stats.get("skipped", [])
    if _in_ci() and skipped:
        terminalreporter.write_line(
            f"CI=true: {len(skipped)} skipped test(s) count as failures; "
            "every tier must run in CI.",
            red=True,
            bold=True,
        )


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    skipped = reporter.stats.get("skipped", []) if reporter else []
    if _in_ci() and skipped and session.exitstatus == pytest.ExitCode.OK:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


# --- Real browser tier: Voila serving notebooks/, driven by headless Chromium ---


def free_port() -> int:
    """A TCP port on the loopback interface that nothing listens on now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _wait_for_http(url: str, process: subprocess.Popen, log: Path, timeout: float) -> None:
    """Poll ``url`` until it answers, failing early if ``process`` dies."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"server exited with {process.returncode}:\n{log.read_text()[-3000:]}")
        with (
            contextlib.suppress(urllib.error.URLError, ConnectionError, TimeoutError),
            urllib.request.urlopen(url, timeout=5),
        ):
            return
        time.sleep(0.2)
    pytest.fail(f"{url} did not answer within {timeout} s:\n{log.read_text()[-3000:]}")


def _stop_process_group(process: subprocess.Popen) -> None:
    """Stop a server started in its own session, with the kernels it started."""
    if process.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=5)


@contextlib.contextmanager
def serving_process(
    command: list[str],
    port: int,
    log: Path,
    *,
    ready: str = "/",
    env: dict[str, str] | None = None,
    timeout: float = 90,
    cwd: Path = ROOT,
) -> Iterator[tuple[str, subprocess.Popen]]:
    """Run a web server from the repository root (or ``cwd``); yield its base URL and its
    process once it answers.

    The server runs in its own process group, so stopping it also stops the
    kernels it started. Its output goes to ``log``, quoted if it fails to start.
    """
    with log.open("w") as output:
        process = subprocess.Popen(
            command,
            cwd=cwd,
            env=env,
            stdout=output,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_for_http(base + ready, process, log, timeout)
        yield base, process
    finally:
        _stop_process_group(process)


@contextlib.contextmanager
def serving(command: list[str], port: int, log: Path, **options) -> Iterator[str]:
    """Run a web server (see :func:`serving_process`); yield its base URL once it answers."""
    with serving_process(command, port, log, **options) as (base, _):
        yield base


def serve_command(port: int, *options: str) -> list[str]:
    """The command ``make run`` runs (the kit's guarded Voila), on ``port``."""
    return [
        sys.executable,
        "-m",
        "landlord.serve",
        "notebooks",
        "--no-browser",
        "--Voila.ip=127.0.0.1",
        f"--port={port}",
        "--Voila.port_retries=0",
        *options,
    ]


@pytest.fixture(scope="session")
def voila_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Serve ``notebooks/`` on a free loopback port as ``make run`` does; yield its base URL.

    The server is the kit's guarded Voila (``landlord.serve``), started from
    the repository root, so ``voila.json`` there applies as it does for
    ``make run``.
    """
    port = free_port()
    with serving(
        serve_command(port), port, tmp_path_factory.mktemp("voila") / "voila.log"
    ) as base:
        yield base


def find_chromium() -> str | None:
    """The system Chromium: ``$LANDLORD_CHROMIUM``, else the first on PATH."""
    explicit = os.environ.get("LANDLORD_CHROMIUM")
    if explicit:
        return explicit
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


@pytest.fixture(scope="session")
def browser():
    """Headless Chromium through Playwright, using the system's own browser.

    Playwright never downloads a browser here. Without Chromium the browser
    tests skip, which fails the run in CI (see ``.ci/run``, which installs it).
    """
    executable = find_chromium()
    if executable is None:
        pytest.skip("Chromium not found: install Debian's 'chromium' or set LANDLORD_CHROMIUM")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


class PageProblems:
    """What went wrong in a page: console errors, uncaught exceptions, failed loads.

    Requests to hosts other than the loopback server (Voila's page asks a
    public CDN for an icon font) cannot succeed on an offline machine; they are
    kept apart in ``offline`` and do not count as problems. Nor does the
    browser's own request for ``/favicon.ico``, which no page asked for.
    """

    def __init__(self) -> None:
        self.errors: list[str] = []
        self.offline: list[str] = []
        self.left = False

    def watch(self, page) -> None:
        page.on("pageerror", self._uncaught)
        page.on("console", self._console)
        page.on("requestfailed", self._failed)

    def leave(self, page) -> None:
        """Leave the page as closing its tab does, so the server stops its kernel.

        Voila's page asks the server to shut its kernel down when it unloads;
        closing a browser context does not unload it, and the kit's server
        runs a limited number of kernels. What the page logs while it goes is
        not counted.
        """
        self.left = True
        with contextlib.suppress(Exception):
            page.goto("about:blank", timeout=10_000)

    def _uncaught(self, error) -> None:
        if not self.left:
            self.errors.append(f"uncaught: {error}")

    def _console(self, message) -> None:
        if message.type != "error" or self.left:
            return
        url = (message.location or {}).get("url", "")
        if "Failed to load resource" in message.text and (
            not url.startswith("http://127.0.0.1") or url.endswith("/favicon.ico")
        ):
            return  # an offline CDN (see requestfailed) or the browser's own icon request
        self.errors.append(f"console: {message.text} ({url})")

    def _failed(self, request) -> None:
        if self.left:
            return
        if request.url.startswith("http://127.0.0.1"):
            self.errors.append(f"failed load: {request.url} ({request.failure})")
        else:
            self.offline.append(request.url)


@pytest.fixture
def page(browser):
    """A fresh browser page; after the test, asserts it logged no errors."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    new_page = context.new_page()
    problems = PageProblems()
    problems.watch(new_page)
    new_page.problems = problems
    yield new_page
    problems.leave(new_page)
    context.close()
    assert not problems.errors, "the page reported errors:\n" + "\n".join(problems.errors)


def wait_for_voila_page(page, last_output: str, timeout: float = 60_000) -> None:
    """Wait until a Voila page has run all its cells, and fail if one failed.

    ``last_output`` is text that the page's last cell shows. Voila shows its own
    error text instead when a cell fails, and still answers HTTP 200, so the
    wait ends on whichever comes first.
    """
    done = page.get_by_text(last_output, exact=True)
    cell_error = page.get_by_text("There was an error")
    done.or_(cell_error).first.wait_for(timeout=timeout)
    assert cell_error.count() == 0, cell_error.first.inner_text()
