"""Notebook tier: every notebook and executable lesson runs top to bottom.

Each notebook is executed unattended in a fresh ``python3`` kernel started in
the notebook's own folder, as JupyterLab and Voila start it; any cell error
fails the test with the cell and its traceback. The checks after that keep the
notebooks fit to be served by Voila and to diff cleanly.
"""

import ast
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = (ROOT / "notebooks", ROOT / "lessons")


def executable_notebooks() -> list[Path]:
    found = [
        path
        for folder in FOLDERS
        for path in folder.rglob("*.ipynb")
        if ".ipynb_checkpoints" not in path.parts and "_site" not in path.parts
    ]
    return sorted(found)


NOTEBOOK_FILES = executable_notebooks()
IDS = [str(path.relative_to(ROOT)) for path in NOTEBOOK_FILES]


def test_the_notebook_tier_has_something_to_run():
    assert ROOT / "notebooks" / "welcome.ipynb" in NOTEBOOK_FILES


@pytest.mark.notebook
@pytest.mark.parametrize("path", NOTEBOOK_FILES, ids=IDS)
def test_notebook_runs_top_to_bottom(path):
    notebook = nbformat.read(path, as_version=4)
    client = NotebookClient(
        notebook,
        timeout=600,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
    )
    client.execute()  # raises CellExecutionError naming the failing cell
    errors = [
        output
        for cell in notebook.cells
        if cell.cell_type == "code"
        for output in cell.outputs
        if output.output_type == "error"
    ]
    assert not errors


@pytest.mark.parametrize("path", NOTEBOOK_FILES, ids=IDS)
def test_notebook_is_stored_clean_with_the_python3_kernel(path):
    notebook = nbformat.read(path, as_version=4)
    nbformat.validate(notebook)
    assert notebook.metadata.kernelspec.name == "python3"
    for cell in notebook.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [], "commit notebooks without outputs"
            assert cell.execution_count is None


@pytest.mark.parametrize("path", [p for p in NOTEBOOK_FILES if p.parent.name == "notebooks"])
def test_served_notebook_has_no_assert_statements(path):
    # Voila runs every cell on each page view: self-checks belong in tests.
    notebook = nbformat.read(path, as_version=4)
    for cell in notebook.cells:
        if cell.cell_type == "code":
            tree = ast.parse(cell.source)
            assert not any(isinstance(node, ast.Assert) for node in ast.walk(tree))
