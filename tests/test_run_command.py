"""The README's run command, ``make run``, serves the welcome page on loopback."""

import os
import re
import shutil
import subprocess
import time
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


@pytest.mark.parametrize(
    ("target", "setting", "said"),
    [
        ("run", "PORT=80a", "PORT must be a port number, not '80a'"),
        ("class", "CLASS_PORT=x1", "CLASS_PORT must be a port number, not 'x1'"),
    ],
)
def test_make_refuses_a_port_that_is_not_a_number(target, setting, said):
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    result = subprocess.run(
        ["make", "--no-print-directory", target, setting],
        cwd=Path(__file__).resolve().parents[1],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 2
    assert said in result.stderr


@pytest.mark.install
def test_make_class_prints_a_new_password_the_qr_code_and_the_teacher_s_link(tmp_path):
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    port = free_port()
    log = tmp_path / "make-class.log"
    arguments = f"--folder={tmp_path / 'class'} --ip=127.0.0.1 --yardstick-games=0"
    command = ["make", "--no-print-directory", "class", f"CLASS_PORT={port}",
               f"CLASS_ARGS={arguments}"]  # fmt: skip
    with serving(command, port, log, timeout=300):
        for _ in range(100):
            if "teacher?key=" in log.read_text():
                break
            time.sleep(0.1)
        printed = log.read_text()
        password = re.search(r"class password: (\S+)\)", printed).group(1)
        assert len(password) == 8
        assert "▀" in printed or "█" in printed  # the QR code, drawn in the terminal
        assert "LANDLORD_CLASS_PASSWORD" not in printed  # the command line is not echoed
        student = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
        with student.open(f"http://127.0.0.1:{port}/?key={password}") as reply:
            assert "Join a table" in reply.read().decode()
        teacher = re.search(r"(http://127\.0\.0\.1:\d+/teacher\?key=\S+)", printed).group(1)
        with urllib.request.build_opener(urllib.request.HTTPCookieProcessor()).open(
            teacher
        ) as reply:
            page = reply.read().decode()
        assert password in page
        assert "<svg" in page
    assert (tmp_path / "class" / "landlord-class.sqlite").is_file()
