"""The apps as a package: after ``pip install 'landlord-kit[notebook]'`` (the wheel, in a fresh
virtual environment outside the repository), ``landlord serve`` serves the apps and
``landlord class`` the class server, from any folder."""

from __future__ import annotations

import json
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest
from conftest import free_port, serving

pytestmark = pytest.mark.install

ROOT = Path(__file__).resolve().parents[1]


def uv(*args: str, cwd: Path = ROOT) -> None:
    subprocess.run([sys.executable, "-m", "uv", *args], check=True, cwd=cwd, capture_output=True)


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """A fresh environment holding the kit's wheel with the notebook extra; its bin folder."""
    folder = tmp_path_factory.mktemp("installed")
    uv("build", "--wheel", "--quiet", "--out-dir", str(folder / "dist"), ".")
    wheel = next((folder / "dist").glob("landlord_kit-*.whl"))
    venv = folder / "venv"
    uv("venv", "--quiet", "--python", sys.executable, str(venv))
    uv("pip", "install", "--quiet", "--python", str(venv / "bin" / "python"),
       "--constraint", str(ROOT / "constraints.txt"), f"{wheel}[notebook]")  # fmt: skip
    return venv / "bin"


def fetch(url: str) -> str:
    with urllib.request.urlopen(url, timeout=60) as response:
        assert response.status == 200
        return response.read().decode()


def test_the_wheel_carries_the_apps(installed):
    found = subprocess.run(
        [str(installed / "python"), "-c",
         "import json; from landlord.app_files import apps_folder, notebooks_folder; "
         "print(apps_folder()); "
         "print(json.dumps(sorted(p.name for p in notebooks_folder().iterdir())))"],
        capture_output=True, text=True, check=True, cwd="/",
    ).stdout.splitlines()  # fmt: skip
    assert found[0].endswith("site-packages/landlord")
    shipped = sorted(path.name for path in (ROOT / "notebooks").glob("*.ipynb"))
    assert json.loads(found[1]) == shipped


def test_landlord_serve_serves_the_apps_from_any_folder(installed, tmp_path):
    port = free_port()
    command = [str(installed / "landlord"), "serve", f"--port={port}"]
    with serving(command, port, tmp_path / "serve.log", cwd=tmp_path, timeout=120) as base:
        html = fetch(f"{base}/voila/render/welcome.ipynb")
    assert "<title>Welcome to landlord</title>" in html
    assert "import landlord" not in html  # voila.json's settings: sources stripped
    log = (tmp_path / "serve.log").read_text()
    assert f"open http://127.0.0.1:{port}/voila/render/welcome.ipynb" in log


def test_landlord_class_serves_a_class_from_any_folder(installed, tmp_path):
    port = free_port()
    command = [str(installed / "landlord"), "class", "--new-token", f"--port={port}",
               "--ip=127.0.0.1"]  # fmt: skip
    with serving(command, port, tmp_path / "class.log", cwd=tmp_path, timeout=120) as base:
        page = fetch(base + "/")
    assert "<html" in page.lower()
    assert (tmp_path / "classes").is_dir()  # the class kept where it was started
    assert "Students open" in (tmp_path / "class.log").read_text()
