"""The documentation site as built, and the README that leads to it.

``make test`` builds the site (``make docs``: Sphinx with every warning an error) before
pytest runs, so these tests build nothing again: they read ``build/docs``. The build
itself already fails on a malformed docstring, a module that cannot be imported or a
broken link between pages; what is checked here is what a build that passes could still
get wrong: a public module missing from the reference (a site built before a module
moved), a guide left out of the site, a shipped rule set missing from the provenance
tables, and the README's own links, which Sphinx never reads.
"""

from __future__ import annotations

import html
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
SITE = ROOT / "build" / "docs"
README = ROOT / "README.md"

sys.path.insert(0, str(DOCS / "_ext"))
from landlord_docs import public_modules  # noqa: E402

# A Markdown link or image: [text](target), the target without a title.
LINK = re.compile(r"\]\(([^)\s]+)\)")


@pytest.fixture(scope="module")
def site() -> Path:
    if not (SITE / "index.html").is_file():
        pytest.skip("the documentation site is not built: run make docs (make test does)")
    return SITE


def test_every_public_module_has_its_reference_page(site):
    modules = public_modules()
    assert "landlord" in modules
    assert "landlord.rules" in modules
    missing = [name for name in modules if not (site / "api" / f"{name}.html").is_file()]
    assert not missing, f"no reference page for {missing}: run make docs again"
    index = (site / "py-modindex.html").read_text(encoding="utf-8")
    unlisted = [name for name in modules if f">{name}<" not in index]
    assert not unlisted, f"not in the module index: {unlisted}"


def test_no_module_is_left_out_of_the_reference_for_a_leading_underscore_only():
    # Private modules (a part of the name starting with _) are left out; nothing else.
    assert all(not part.startswith("_") for m in public_modules() for part in m.split("."))
    assert "landlord.__main__" not in public_modules()


def test_every_page_of_docs_is_in_the_site(site):
    pages = sorted(path.stem for path in DOCS.glob("*.md"))
    assert {"index", "teacher", "student", "researcher", "architecture", "provenance"} <= set(
        pages
    )
    missing = [page for page in pages if not (site / f"{page}.html").is_file()]
    assert not missing, missing


def test_the_provenance_tables_name_every_shipped_rule_set(site):
    from landlord.rules import available
    from landlord.rules.model import PROVENANCE_STATUSES

    page = (site / "provenance.html").read_text(encoding="utf-8")
    words = html.unescape(page).replace("\u2019", "'")  # Sphinx curls the apostrophes
    for status in PROVENANCE_STATUSES:
        assert f"<p>{status}</p>" in page, status  # a column of the summary table
    for info in available():
        assert f'id="rules-{info.id.replace("_", "-")}"' in page, info.id
        assert f"{info.title} ({info.id})" in words, info.title


def test_every_link_of_the_readme_resolves():
    text = README.read_text(encoding="utf-8")
    targets = LINK.findall(text)
    local = [t for t in targets if not re.match(r"[a-z]+:", t)]
    assert any(t.startswith("docs/") for t in local), "the README links no page of the docs"
    for target in local:
        path = target.split("#")[0]
        assert (ROOT / path).exists(), f"README links {target}, which does not exist"


def test_the_readme_s_pages_of_the_docs_are_in_the_site(site):
    text = README.read_text(encoding="utf-8")
    for target in LINK.findall(text):
        if target.startswith("docs/") and target.endswith(".md"):
            page = site / f"{Path(target).stem}.html"
            assert page.is_file(), f"README links {target}, not built into the site"


def test_the_readme_is_a_newcomer_s_page():
    """What it is, the two commands, the apps, Binder, where to read on: the detail
    lives in the docs, so the README stays short."""
    text = README.read_text(encoding="utf-8")
    assert text.count("\n") < 200, "the README grew past 200 lines: move detail into docs/"
    assert "make run" in text
    assert "make test" in text
    assert "make docs" in text
    assert "Hasbro" in text
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert ci.rstrip().endswith("exec make test"), "CI runs the README's test command"
