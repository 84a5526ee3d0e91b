"""The welcome page's catalogue of notebook apps."""

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from landlord.apps import App, AppCatalogueError, apps_markdown, find_apps, read_app

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


def write_notebook(path: Path, markdown: str | list[str] | None, metadata: dict | None = None):
    cells = [{"cell_type": "code", "metadata": {}, "source": "x = 1", "outputs": []}]
    if markdown is not None:
        cells.append({"cell_type": "markdown", "metadata": {}, "source": markdown})
    notebook = {"cells": cells, "metadata": metadata or {}, "nbformat": 4, "nbformat_minor": 5}
    path.write_text(json.dumps(notebook), encoding="utf-8")
    return path


def test_apps_are_listed_by_order_then_name(tmp_path):
    write_notebook(tmp_path / "zeta.ipynb", "# Zeta\n\nLast by name.")
    write_notebook(tmp_path / "alpha.ipynb", "# Alpha\n\nFirst by name.")
    write_notebook(tmp_path / "play.ipynb", "# Play\n\nOrdered first.", {"landlord": {"order": 1}})
    write_notebook(tmp_path / "welcome.ipynb", "# Welcome\n\nThe page itself.")
    (tmp_path / ".ipynb_checkpoints").mkdir()
    write_notebook(tmp_path / ".ipynb_checkpoints" / "alpha-checkpoint.ipynb", "# Old\n\nCopy.")
    write_notebook(tmp_path / ".hidden.ipynb", "# Hidden\n\nNot an app.")

    apps = find_apps(tmp_path)

    assert [app.file for app in apps] == ["play.ipynb", "alpha.ipynb", "zeta.ipynb"]
    assert apps[0] == App("play.ipynb", "Play", "Ordered first.", 1)


def test_summary_may_follow_the_title_line_directly_and_is_joined(tmp_path):
    path = write_notebook(
        tmp_path / "a.ipynb", ["# Compare\n", "Two boards,\n", "  same dice.\n", "\n", "More."]
    )
    assert read_app(path) == App("a.ipynb", "Compare", "Two boards, same dice.")


@pytest.mark.parametrize(
    ("markdown", "metadata", "expected"),
    [
        (None, None, "no markdown cell"),
        ("Just text", None, "must start with a '# Title' line"),
        ("## Subtitle\n\nText", None, "must start with a '# Title' line"),
        ("# Title only", None, "no summary paragraph"),
        ("# T\n\nS", {"landlord": {"order": "first"}}, "landlord.order must be an integer"),
        ("# T\n\nS", {"landlord": {"order": True}}, "landlord.order must be an integer"),
    ],
)
def test_a_notebook_that_cannot_be_listed_is_named_with_the_reason(
    tmp_path, markdown, metadata, expected
):
    path = write_notebook(tmp_path / "broken.ipynb", markdown, metadata)
    with pytest.raises(AppCatalogueError, match=expected) as error:
        read_app(path)
    assert str(path) in str(error.value)


@pytest.mark.parametrize(
    "content",
    [
        "{not json",
        '{"metadata": {}}',
        "[]",
        '{"cells": ["text"]}',
        '{"cells": [], "metadata": []}',
        '{"cells": [], "metadata": {"landlord": 3}}',
        b"\xff\xfe",
    ],
)
def test_a_damaged_file_is_refused_with_its_name(tmp_path, content):
    path = tmp_path / "damaged.ipynb"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content)
    with pytest.raises(AppCatalogueError, match="not a readable notebook") as error:
        find_apps(tmp_path)
    assert "damaged.ipynb" in str(error.value)


words = st.text(
    alphabet=st.characters(codec="utf-8", exclude_categories=["Cc", "Cs", "Zl", "Zp", "Z"]),
    min_size=1,
    max_size=20,
)


@settings(max_examples=60, deadline=None)
@given(title=st.lists(words, min_size=1, max_size=5), summary=st.lists(words, max_size=12))
def test_title_and_summary_survive_the_round_trip(tmp_path_factory, title, summary):
    summary = summary or ["x"]
    folder = tmp_path_factory.mktemp("apps")
    text = f"# {' '.join(title)}\n\n{' '.join(summary)}"
    app = read_app(write_notebook(folder / "n.ipynb", text))
    assert app.title == " ".join(title)
    assert app.summary == " ".join(summary)


def test_markdown_links_are_relative_so_they_work_in_lab_voila_and_binder():
    text = apps_markdown([App("play.ipynb", "Play", "Play it."), App("b.ipynb", "B", "Bee.")])
    assert text.splitlines() == ["- **[Play](play.ipynb)**: Play it.", "- **[B](b.ipynb)**: Bee."]


def test_every_shipped_notebook_can_be_listed():
    # Fails as soon as an app notebook lacks its title or summary.
    for app in find_apps(NOTEBOOKS):
        assert (NOTEBOOKS / app.file).is_file()
        assert app.title
        assert app.summary
