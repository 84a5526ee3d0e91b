"""Every link to the kit's repository and every Binder badge names the same repository.

The repository is one setting, :data:`landlord.apps.REPOSITORY`; the lessons' site
makes its Binder links from it (:func:`landlord.apps.binder_url`). The README, the
welcome page and the lessons write theirs out, so this test reads them all and
checks each against the setting: a renamed repository is one change and a failing
test, not badges that quietly open someone else's project.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from urllib.parse import unquote

from landlord.apps import REPOSITORY, binder_url, repository_url

ROOT = Path(__file__).resolve().parents[1]
GITHUB = re.compile(r"https://github\.com/([\w.-]+/[\w.-]+)")
BINDER = re.compile(r"https://mybinder\.org/v2/gh/([\w.-]+/[\w.-]+)/HEAD\?urlpath=([^)\s\"'>]+)")


def texts() -> dict[str, str]:
    files = [ROOT / "README.md", ROOT / "pyproject.toml", ROOT / "lessons" / "build.py"]
    files += sorted((ROOT / "lessons").glob("*.md"))
    files += sorted((ROOT / "notebooks").glob("*.ipynb"))
    files += sorted((ROOT / "binder").glob("*"))
    return {str(path.relative_to(ROOT)): path.read_text(encoding="utf-8") for path in files}


def test_every_repository_link_and_badge_names_the_one_repository():
    found = 0
    for name, text in texts().items():
        for slug in GITHUB.findall(text) + [slug for slug, _ in BINDER.findall(text)]:
            assert slug == REPOSITORY, f"{name} links {slug}, not {REPOSITORY}"
            found += 1
    assert found >= 15  # the README's badges, the welcome page's lessons, pyproject


def test_every_binder_badge_is_the_one_binder_url_makes():
    badges = [(name, m) for name, text in texts().items() for m in BINDER.finditer(text)]
    assert len(badges) >= 7
    for name, match in badges:
        assert match.group(0) == binder_url(unquote(match.group(2))), name


def test_the_package_metadata_names_the_same_repository():
    urls = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["urls"]
    assert urls["Repository"] == repository_url()
    assert urls["Binder"] == binder_url("lab")
