"""Security tier: hostile clients against the kit's server (``landlord.serve``).

Each test plays one client that freezes or abuses an unguarded Voila server
(see ``docs/upstream_faults.md``), then checks that the server still answers a
GET within 1 s and that its memory (RSS, from /proc) grew by less than 100 MB.
One server serves the whole file, with a limit of one kernel so the "server is
full" page can be reached; the fixture opens that one app first. If a check
fails, the server is killed at once, so a runaway never lasts more than a few
seconds.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import hostile_clients as hostile
import pytest
from conftest import ROOT, free_port, serve_command, serving_process

pytestmark = [pytest.mark.security, pytest.mark.timeout(120)]

#: How much the server's memory may grow over the whole file.
RSS_GROWTH_LIMIT_MB = 100


def rss_mb(pid: int) -> float:
    """Resident memory of a process, in MB, from /proc."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError(f"no VmRSS for process {pid}")


@dataclass
class Server:
    """The guarded server under attack, with its first app already open."""

    base: str
    process: subprocess.Popen
    rss_at_start: float
    page: hostile.OpenedPage

    def kill(self) -> None:
        """Kill the server and its kernels at once (a frozen server ignores SIGTERM)."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)

    def assert_healthy(self) -> None:
        """The server answers a GET within 1 s and its memory stays bounded, for 1.5 s."""
        for _ in range(3):
            time.sleep(0.5)
            growth = rss_mb(self.process.pid) - self.rss_at_start
            started = time.monotonic()
            try:
                status = hostile.get_status(self.base + "/", timeout=1)
            except (urllib.error.URLError, TimeoutError) as error:
                self.kill()
                pytest.fail(f"the server stopped answering: {error!r}")
            if growth >= RSS_GROWTH_LIMIT_MB:
                self.kill()
                pytest.fail(f"the server's memory grew by {growth:.0f} MB")
            assert status == 200
            assert time.monotonic() - started < 1


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The kit's server, limited to one kernel, with one app (its kernel) open."""
    port = free_port()
    log = tmp_path_factory.mktemp("security") / "server.log"
    command = serve_command(port, "--LandlordVoila.max_kernels=1")
    with serving_process(command, port, log) as (base, process):
        server = Server(base, process, rss_mb(process.pid), hostile.open_page(base))
        try:
            yield server
        finally:
            server.kill()  # at once: a frozen server would ignore SIGTERM


def test_v1_frame_claiming_2_62_offsets_closes_the_socket(server: Server) -> None:
    closed = hostile.send_v1_frame(
        server.base, server.page.kernel_id, hostile.V1_FRAME_OF_2_62_OFFSETS
    )
    server.assert_healthy()
    assert closed, "the server kept the socket open after a malformed frame"


@pytest.mark.parametrize(
    "frame",
    [
        pytest.param(b"", id="empty"),
        pytest.param((1).to_bytes(8, "little"), id="one-offset"),
        pytest.param((2).to_bytes(8, "little") + (9**9).to_bytes(8, "little") * 2, id="past-end"),
        pytest.param(
            (3).to_bytes(8, "little") + b"".join(n.to_bytes(8, "little") for n in (40, 32, 40)),
            id="backwards",
        ),
    ],
)
def test_other_malformed_v1_frames_close_the_socket(server: Server, frame: bytes) -> None:
    assert hostile.send_v1_frame(server.base, server.page.kernel_id, frame)
    server.assert_healthy()


def test_a_client_without_the_v1_subprotocol_is_refused(server: Server) -> None:
    status = hostile.legacy_request_states(server.base, server.page.kernel_id)
    server.assert_healthy()
    assert status == 400


def test_a_legacy_frame_claiming_2_31_parts_is_refused(server: Server) -> None:
    status = hostile.send_legacy_frame(
        server.base, server.page.kernel_id, hostile.LEGACY_FRAME_OF_2_31_PARTS
    )
    server.assert_healthy()
    assert status == 400


@pytest.mark.parametrize(
    "path", ["/", "/voila/render/welcome.ipynb", "/voila/static/extension.js"]
)
def test_another_host_gets_403(server: Server, path: str) -> None:
    assert hostile.get_status(server.base + path, host="evil.example") == 403
    server.assert_healthy()


def test_another_host_cannot_open_a_kernel_websocket(server: Server) -> None:
    status = hostile.legacy_request_states(
        server.base, server.page.kernel_id, host="evil.example:80"
    )
    assert status == 403
    server.assert_healthy()


@pytest.mark.parametrize("host", ["localhost", "127.0.0.1", "[::1]"])
def test_loopback_hosts_are_served(server: Server, host: str) -> None:
    port = urllib.parse.urlsplit(server.base).port
    assert hostile.get_status(server.base + "/", host=f"{host}:{port}") == 200


def test_an_unknown_template_is_refused_at_once(server: Server) -> None:
    started = time.monotonic()
    status = hostile.get_status(server.base + "/voila/render/welcome.ipynb?template=nosuch")
    assert status == 400
    assert time.monotonic() - started < 1
    server.assert_healthy()


def test_a_page_past_the_kernel_limit_gets_the_full_page(server: Server) -> None:
    url = server.base + "/voila/render/play.ipynb"
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(url, timeout=2)
    assert refused.value.code == 503
    assert "close a tab or try again in a minute" in refused.value.read().decode()
    server.assert_healthy()


def test_a_shutdown_post_without_the_xsrf_token_is_refused(server: Server) -> None:
    request = urllib.request.Request(
        f"{server.base}/voila/api/shutdown/{server.page.kernel_id}", data=b"", method="POST"
    )
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=2)
    assert refused.value.code == 403


# Last: it shuts the fixture's kernel down.
def test_closing_the_tab_shuts_its_kernel_down(server: Server) -> None:
    """The page's own shutdown post on tab close (the _xsrf cookie and field) is accepted."""
    assert server.page.xsrf, "the page set no _xsrf cookie"
    assert hostile.shut_down(server.base, server.page, timeout=10) == 204
    # The slot is free again; of three pages asked for at once, one gets it.
    url = server.base + "/voila/render/welcome.ipynb"
    with ThreadPoolExecutor(3) as pool:
        statuses = sorted(pool.map(lambda _: hostile.get_status(url, timeout=90), range(3)))
    assert statuses == [200, 503, 503]
    server.assert_healthy()


def test_make_run_serves_through_the_guarded_launch() -> None:
    """``make run`` starts ``landlord.serve`` (``make -n`` prints it, running nothing)."""
    if shutil.which("make") is None:
        pytest.fail("make is not installed")
    printed = subprocess.run(
        ["make", "--no-print-directory", "-n", "run", "PORT=8866"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=30,
        check=True,
    ).stdout
    assert "-m landlord.serve notebooks" in printed
