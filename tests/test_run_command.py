"""The README's run command, ``make run``, serves the welcome page on loopback."""

import os
import re
import shutil
import subprocess
import urllib.request
from pathlib import Path

import pytest
from conftest import free_port, serving


@pytest.fixture
def make_run(tmp_path):
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    port = free_port()
    log = tmp_path / "make-run.log"
    command = ["make", "--no-print-directory", "run"]
    # The first run may install the environment: allow it the time to.
    with serving(command, port, log, env={**os.environ, "PORT": str(port)}, timeout=300):
        yield port, log


@pytest.mark.install
def test_make_run_prints_the_welcome_url_and_serves_it(make_run):
    port, log = make_run
    printed = re.search(r"open (http://\S+)", log.read_text())
    assert printed, log.read_text()
    url = printed.group(1)
    assert url == f"http://127.0.0.1:{port}/voila/render/welcome.ipynb"
    with urllib.request.urlopen(url, timeout=60) as response:
        html = response.read().decode()
    assert response.status == 200
    assert "<title>Welcome to landlord</title>" in html
    assert "play Magie&#39;s argument" in html or "play Magie's argument" in html
    assert "import landlord" not in html  # sources are stripped


def test_make_run_refuses_a_port_that_is_not_a_number():
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    result = subprocess.run(
        ["make", "--no-print-directory", "run", "PORT=80a"],
        cwd=Path(__file__).resolve().parents[1],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 2
    assert "PORT must be a port number, not '80a'" in result.stderr
