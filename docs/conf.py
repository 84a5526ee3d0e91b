"""Sphinx configuration of the kit's documentation site (``make docs``).

The pages are Markdown (MyST); the API reference is made at build time from the
docstrings (numpydoc style) of every public module of ``landlord``, found by
walking the package, so a module that moves, splits or appears needs no edit
here. The provenance table is made at build time from the shipped rule sets.
Both are done by the small extension in ``_ext/landlord_docs.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path

from landlord import __version__

# The kit's own extension (_ext/landlord_docs.py).
sys.path.insert(0, str(Path(__file__).resolve().parent / "_ext"))

project = "landlord"
author = "The landlord developers"
copyright = "the landlord developers, MIT licence"
version = release = __version__

extensions = [
    "sphinx.ext.autodoc",
    "numpydoc",
    "myst_parser",
    "landlord_docs",
]

source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
root_doc = "index"
exclude_patterns = ["_build", "_ext", "Thumbs.db", ".DS_Store"]

# Markdown: links to "page.md#a-heading" resolve for headings down to ###.
myst_heading_anchors = 3

# The docstrings: every module page documents the members that have a docstring,
# in the order of the source; numpydoc renders the sections. The members are listed
# by autodoc, so numpydoc does not list a class's members a second time.
autodoc_default_options = {
    "members": True,
    "member-order": "bysource",
    # A name a package re-exports (``landlord.rules.RuleSet``) is documented once, in
    # the module that defines it (``landlord.rules.model``), not again in each
    # package that lists it in ``__all__``.
    "ignore-module-all": True,
}
autodoc_typehints = "signature"
numpydoc_show_class_members = False
numpydoc_xref_param_type = False

html_theme = "alabaster"
html_title = f"landlord {release}"
html_copy_source = False
html_show_sourcelink = False
html_theme_options = {
    "description": "Lizzie Magie's Landlord's Game, played and measured",
    "fixed_sidebar": True,
    "page_width": "1180px",
    "sidebar_width": "250px",
    "body_max_width": "none",
}
