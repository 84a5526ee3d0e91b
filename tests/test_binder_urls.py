"""The Binder badges' pages, served the way Binder serves them.

Binder runs a Jupyter server from the repository root with Voila as a server
extension; the badges open ``/lab`` and ``/voila/render/notebooks/...``. Here
the same server runs on loopback (no token, which only a test may do) and
headless Chromium opens both addresses.
"""

import os
import shutil
import sys
import time
import urllib.request
from pathlib import Path

import hostile_clients as hostile
import pytest
from conftest import free_port, serving, wait_for_voila_page
from playwright.sync_api import expect

import landlord

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def jupyter_url(tmp_path_factory):
    # The server reads the configuration Binder's postBuild installs (the kit's guard on
    # kernel websocket frames), from a folder of its own.
    config = tmp_path_factory.mktemp("jupyter-config")
    shutil.copy(ROOT / "binder" / "jupyter_server_config.json", config)
    env = {**os.environ, "JUPYTER_CONFIG_PATH": str(config)}
    port = free_port()
    command = [
        sys.executable,
        "-m",
        "jupyterlab",
        "--no-browser",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        "--IdentityProvider.token=",
        "--ServerApp.password=",
        f"--ServerApp.root_dir={ROOT}",
        "--ServerApp.allow_root=True",
    ]
    log = tmp_path_factory.mktemp("jupyter") / "jupyter.log"
    with serving(command, port, log, ready="/api/status", env=env) as base:
        yield base


def test_voila_badge_path_renders_the_welcome_page(page, jupyter_url):
    page.goto(jupyter_url + "/voila/render/notebooks/welcome.ipynb")
    wait_for_voila_page(page, f"landlord {landlord.__version__}")
    assert page.title() == "Welcome to landlord"
    # voila.json at the repository root applies under the server extension too.
    assert page.locator(".jp-InputArea-editor").count() == 0


def test_lab_badge_path_opens_jupyterlab(page, jupyter_url):
    page.goto(jupyter_url + "/lab/tree/notebooks/welcome.ipynb")
    notebook = page.locator(".jp-Notebook")
    notebook.first.wait_for(timeout=90_000)
    title = notebook.get_by_role("heading", name="landlord: play Magie's argument")
    title.wait_for(timeout=60_000)
    # In JupyterLab the code is there to read and change.
    code = notebook.locator(".jp-CodeCell .jp-InputArea-editor").first
    expect(code).to_contain_text("find_apps", timeout=60_000)


def test_binders_server_closes_a_malformed_frame_and_goes_on_answering(jupyter_url):
    # The 24-byte frame that froze an unguarded server (issue 19): under the
    # configuration Binder installs, the socket is closed and the server answers at once.
    page = hostile.open_page(jupyter_url, "notebooks/welcome.ipynb")
    closed = hostile.send_v1_frame(jupyter_url, page.kernel_id, hostile.V1_FRAME_OF_2_62_OFFSETS)
    assert closed
    start = time.perf_counter()
    with urllib.request.urlopen(jupyter_url + "/api/status", timeout=1) as reply:
        assert reply.status == 200
    assert time.perf_counter() - start < 1
