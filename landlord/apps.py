"""The catalogue of the kit's notebook apps, as the welcome page lists them.

Each notebook under ``notebooks/`` is also a Voila web app. The welcome page
does not keep a hand-written list of them: it reads the folder, so an app
appears there as soon as its notebook does. A notebook describes itself in
its first markdown cell, which starts with a ``# Title`` line followed by a
one-paragraph summary. An optional ``"landlord": {"order": N}`` entry in the
notebook's metadata sets its place in the list (lower first, then by name).

Only the standard library is used, so the catalogue works without Jupyter.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

__all__ = ["App", "AppCatalogueError", "apps_markdown", "find_apps", "read_app"]

#: The kit's repository on GitHub (owner/name): the one setting every link to the
#: repository and every Binder badge is made from or checked against
#: (``tests/test_links_agree.py``).
REPOSITORY = "landlord-kit/landlord"

#: Notebooks that are not apps: the welcome page itself.
NOT_APPS = frozenset({"welcome.ipynb"})

#: Where an app without an ``order`` entry goes: after the ordered ones.
DEFAULT_ORDER = 1000


class AppCatalogueError(ValueError):
    """A notebook cannot be listed: the message names the file and what is wrong."""


@dataclass(frozen=True)
class App:
    """One notebook app as the welcome page shows it.

    Attributes
    ----------
    file : str
        The notebook's file name, which is also its link relative to the
        welcome page in JupyterLab and in Voila.
    title : str
        The text of the notebook's first ``#`` heading.
    summary : str
        The paragraph after that heading.
    order : int
        Place in the list; lower comes first.
    """

    file: str
    title: str
    summary: str
    order: int = DEFAULT_ORDER


def read_app(path: str | Path) -> App:
    """Read the title, summary and order of one notebook.

    Parameters
    ----------
    path : str or Path
        A ``.ipynb`` file.

    Returns
    -------
    App

    Raises
    ------
    AppCatalogueError
        If the file is not a notebook, or its first markdown cell does not
        start with a ``# Title`` line and a summary paragraph.

    Examples
    --------
    >>> import json, tempfile, pathlib
    >>> cell = {"cell_type": "markdown", "metadata": {},
    ...         "source": "# Play\\n\\nPlay the 1906 game with bots."}
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "play.ipynb").write_text(json.dumps(
    ...     {"cells": [cell], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}))
    >>> read_app(folder / "play.ipynb")
    App(file='play.ipynb', title='Play', summary='Play the 1906 game with bots.', order=1000)
    """
    path = Path(path)
    try:
        notebook = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise AppCatalogueError(f"{path}: not a readable notebook ({error})") from None
    cells = notebook.get("cells") if isinstance(notebook, dict) else None
    metadata = notebook.get("metadata", {}) if isinstance(notebook, dict) else None
    if not isinstance(cells, list) or not all(isinstance(cell, dict) for cell in cells):
        raise AppCatalogueError(f"{path}: not a readable notebook (field cells: expected a list)")
    if not isinstance(metadata, dict) or not isinstance(metadata.get("landlord", {}), dict):
        raise AppCatalogueError(
            f"{path}: not a readable notebook (field metadata.landlord: expected an object)"
        )

    markdown = next((cell for cell in cells if cell.get("cell_type") == "markdown"), None)
    if markdown is None:
        raise AppCatalogueError(f"{path}: no markdown cell; expected '# Title' and a summary")
    source = markdown.get("source", "")
    text = "".join(source) if isinstance(source, list) else str(source)
    paragraphs = [block.strip() for block in text.split("\n\n") if block.strip()]
    if not paragraphs or not paragraphs[0].startswith("# "):
        raise AppCatalogueError(
            f"{path}: the first markdown cell must start with a '# Title' line"
        )
    title, _, rest = paragraphs[0].partition("\n")
    summary = rest.strip() or (paragraphs[1] if len(paragraphs) > 1 else "")
    if not summary:
        raise AppCatalogueError(f"{path}: no summary paragraph after the title")

    order = metadata.get("landlord", {}).get("order", DEFAULT_ORDER)
    if isinstance(order, bool) or not isinstance(order, int):
        raise AppCatalogueError(
            f"{path}: metadata field landlord.order must be an integer, not {order!r}"
        )
    return App(
        file=path.name,
        title=title[2:].strip(),
        summary=" ".join(summary.split()),
        order=order,
    )


def find_apps(folder: str | Path = ".") -> list[App]:
    """List the notebook apps in a folder, in the order the welcome page shows.

    The welcome page and Jupyter checkpoint copies are left out.

    Parameters
    ----------
    folder : str or Path, default "."
        The notebooks folder. Jupyter and Voila start a notebook's kernel in
        the notebook's own folder, so the default finds the welcome page's
        neighbours.

    Returns
    -------
    list of App
        Sorted by ``order``, then by file name.

    Examples
    --------
    >>> import tempfile
    >>> find_apps(tempfile.mkdtemp())
    []
    """
    apps = [
        read_app(path)
        for path in Path(folder).glob("*.ipynb")
        if path.name not in NOT_APPS and not path.name.startswith(".")
    ]
    return sorted(apps, key=lambda app: (app.order, app.file))


def apps_markdown(apps: list[App]) -> str:
    """Render a list of apps as Markdown links with their summaries.

    Links are relative, so the same text works in JupyterLab, in Voila and
    on Binder.

    Examples
    --------
    >>> print(apps_markdown([App("play.ipynb", "Play", "Play the 1906 game.")]))
    - **[Play](play.ipynb)**: Play the 1906 game.
    >>> print(apps_markdown([]))
    No apps are installed beside this page.
    """
    if not apps:
        return "No apps are installed beside this page."
    return "\n".join(f"- **[{app.title}]({app.file})**: {app.summary}" for app in apps)


def histories_markdown() -> str:
    """The history and sources of every rule set that has a note on them, as Markdown:
    the games the kit plays beside Magie's, with a link that opens each in the play app.

    Examples
    --------
    >>> "Quikopoly" in histories_markdown()
    True
    """
    from landlord.rules import available

    parts = []
    for info in available():
        if info.history and not info.extends:
            players = f"{info.min_players}-{info.max_players} players"
            parts.append(
                f"- **{info.title}** ({players}; [play it](play.ipynb?rules={info.id})): "
                f"{info.history}"
            )
    return "\n".join(parts)


def repository_url(path: str = "") -> str:
    """A page of the kit's repository on GitHub (its main line).

    >>> repository_url("lessons")
    'https://github.com/landlord-kit/landlord/tree/HEAD/lessons'
    """
    where = f"/tree/HEAD/{path}" if path and "." not in path.rsplit("/", 1)[-1] else ""
    if path and not where:
        where = f"/blob/HEAD/{path}"
    return f"https://github.com/{REPOSITORY}{where}"


def binder_url(urlpath: str) -> str:
    """The Binder address that opens the kit at ``urlpath`` ("lab", or a Voila page such
    as "voila/render/notebooks/play.ipynb").

    >>> binder_url("voila/render/notebooks/play.ipynb")
    'https://mybinder.org/v2/gh/landlord-kit/landlord/HEAD?urlpath=voila%2Frender%2Fnotebooks%2Fplay.ipynb'
    """
    from urllib.parse import quote

    return f"https://mybinder.org/v2/gh/{REPOSITORY}/HEAD?urlpath={quote(urlpath, safe='')}"
