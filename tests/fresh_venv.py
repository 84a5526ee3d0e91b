"""A fresh virtual environment for the install tests, built with uv.

``new_environment`` makes one with what it is asked to install (uv pip's
arguments, run from the project's root), and ``run`` runs its Python from
``/``, so that the checkout is not on its path: what it imports is what was
installed. tests/test_core_install.py and tests/test_plugin_family.py use them.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

__all__ = ["ROOT", "new_environment", "run", "uv"]

ROOT = Path(__file__).resolve().parents[1]


def uv(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "uv", *args], check=True, cwd=ROOT, capture_output=True)


def new_environment(folder: Path, *install: str) -> Path:
    """A fresh virtual environment in ``folder`` with ``install`` (uv pip's arguments)
    installed; its Python."""
    venv = folder / "venv"
    uv("venv", "--quiet", "--python", sys.executable, str(venv))
    python = venv / "bin" / "python"
    uv("pip", "install", "--quiet", "--python", str(python), *install)
    return python


def run(python: Path, *args: str, cwd: str | Path = "/") -> subprocess.CompletedProcess:
    """``python`` run with ``args`` from ``cwd`` (``/`` by default), its output kept."""
    return subprocess.run([str(python), *args], capture_output=True, text=True, cwd=cwd)
