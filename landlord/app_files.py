"""Where the apps are: the notebooks Voila serves and the configuration it serves them with.

In a checkout they are the repository's ``notebooks/`` and ``voila.json``; an installed kit
(a wheel) carries the same files inside the package (``landlord/notebooks/`` and
``landlord/voila.json``), so ``landlord serve`` starts the apps from any folder.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["apps_folder", "notebooks_folder"]

_PACKAGE = Path(__file__).resolve().parent


def apps_folder() -> Path:
    """The folder holding ``voila.json`` (how the apps are served) and the notebooks'
    folder: the package itself when installed, the repository in a checkout."""
    if (_PACKAGE / "notebooks" / "welcome.ipynb").exists():
        return _PACKAGE
    return _PACKAGE.parent


def notebooks_folder() -> Path:
    """The folder of the apps' notebooks (``welcome.ipynb`` and the rest)."""
    return apps_folder() / "notebooks"
