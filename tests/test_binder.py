"""Binder's set-up and the README's launch badges.

Binder itself cannot run here (it builds a container image), so these tests
check what it reads: the badges point at pages that exist, the Python it will
use meets the package's floor, and ``postBuild`` does install the kit with its
notebook extra; that last one by running it in a fresh virtual environment.
"""

import os
import re
import subprocess
import sys
import tomllib
import urllib.parse
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BINDER = ROOT / "binder"
BADGE = re.compile(r"\(https://mybinder\.org/v2/gh/([\w.-]+/[\w.-]+)/HEAD\?urlpath=([^)\s]+)\)")


def badges() -> dict[str, str]:
    found = BADGE.findall((ROOT / "README.md").read_text())
    return {urllib.parse.unquote(urlpath): repo for repo, urlpath in found}


def test_readme_launches_jupyterlab_and_the_welcome_app_on_binder():
    targets = badges()
    assert "lab" in targets
    assert "voila/render/notebooks/welcome.ipynb" in targets
    assert len(set(targets.values())) == 1, "all badges must launch the same repository"


def test_every_voila_badge_opens_a_notebook_that_exists():
    for urlpath in badges():
        if urlpath.startswith("voila/render/"):
            assert (ROOT / urlpath.removeprefix("voila/render/")).is_file(), urlpath


def test_every_app_has_its_own_badge():
    from landlord.apps import find_apps

    opened = {urlpath.removeprefix("voila/render/notebooks/") for urlpath in badges()}
    apps = [app.file for app in find_apps(ROOT / "notebooks")]
    assert apps
    for app in apps:
        assert app in opened, f"README has no Binder badge for {app}"


def test_binder_python_meets_the_package_floor():
    runtime = (BINDER / "runtime.txt").read_text().strip()
    match = re.fullmatch(r"python-3\.(\d+)", runtime)
    assert match, runtime
    floor = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["requires-python"]
    assert floor == ">=3.11"
    assert int(match.group(1)) >= 11


def test_postbuild_is_executable_and_stops_on_error():
    script = BINDER / "postBuild"
    assert os.access(script, os.X_OK)
    assert "set -euo pipefail" in script.read_text()


@pytest.fixture(scope="module")
def binder_env(tmp_path_factory) -> Path:
    """A fresh venv that ``binder/postBuild`` has installed into, with pip as Binder has."""
    venv = tmp_path_factory.mktemp("binder") / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    env = {**os.environ, "PATH": f"{venv / 'bin'}{os.pathsep}{os.environ['PATH']}"}
    env.pop("VIRTUAL_ENV", None)
    result = subprocess.run(
        ["bash", str(BINDER / "postBuild")], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    return venv


@pytest.mark.install
def test_postbuild_installs_the_kit_and_voila(binder_env):
    python = binder_env / "bin" / "python"
    probe = "import landlord, ipywidgets, voila; print(landlord.__version__)"
    result = subprocess.run([str(python), "-c", probe], capture_output=True, text=True, cwd="/")
    assert result.returncode == 0, result.stderr
    # Installed as a package, not from the checkout: Binder's notebooks find it anywhere.
    where = subprocess.run(
        [str(python), "-c", "import landlord; print(landlord.__file__)"],
        capture_output=True,
        text=True,
        cwd="/",
        check=True,
    ).stdout
    assert "site-packages" in where
    extensions = subprocess.run(
        [str(binder_env / "bin" / "jupyter"), "server", "extension", "list"],
        capture_output=True,
        text=True,
    )
    listing = re.sub(r"\x1b\[[0-9;]*m", "", extensions.stdout + extensions.stderr)
    assert re.search(r"voila\S*\s+enabled", listing), listing
    # The guard on kernel websocket frames is configured for Binder's Jupyter server.
    probe = (
        "from jupyter_server.serverapp import ServerApp; app = ServerApp(); "
        "app.load_config_file(); "
        "print(app.config.ServerApp.kernel_websocket_connection_class)"
    )
    configured = subprocess.run(
        [str(python), "-c", probe], capture_output=True, text=True, cwd="/", check=True
    ).stdout
    assert configured.strip() == "landlord.serve.connections.GuardedConnection"
