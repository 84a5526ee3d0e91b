"""What the kit's documentation site makes at build time, from the code itself.

- The API reference: a page for every public module of ``landlord`` (no part of
  its dotted name starts with ``_``), found by walking the package when the build
  starts, written to ``docs/api/`` (not kept in git). A package's page lists its
  modules; a module that moves or appears gets its page, and the page of one that
  went is removed, with no edit to the docs.
- ``provenance-summary`` and ``provenance-details``: tables of where every number
  of every shipped rule set comes from, read from ``landlord.rules``.
"""

from __future__ import annotations

import importlib
import pkgutil
import types
from collections import Counter
from pathlib import Path
from typing import TypeVar

from docutils import nodes
from sphinx.domains.python import PythonDomain
from sphinx.util.docutils import SphinxDirective

API = "api"
PACKAGE = "landlord"


def public_modules(package: str = PACKAGE) -> list[str]:
    """Every public module of ``package``, the package itself first, sorted.

    A module is public when no part of its dotted name starts with ``_`` (so
    ``__main__`` and ``_private`` are left out). A subpackage that cannot be
    imported stops the build with its error.
    """

    def fail(name: str) -> None:
        raise ImportError(f"the docs cannot import {name}")

    root = importlib.import_module(package)
    found = [package]
    for info in pkgutil.walk_packages(root.__path__, f"{package}.", onerror=fail):
        if not any(part.startswith("_") for part in info.name.split(".")):
            found.append(info.name)
    return sorted(found)


def children(name: str, modules: list[str]) -> list[str]:
    """The modules directly inside ``name``."""
    depth = name.count(".") + 1
    return [m for m in modules if m.startswith(f"{name}.") and m.count(".") == depth]


def module_page(name: str, modules: list[str]) -> str:
    """The reST source of one module's reference page."""
    lines = [name, "=" * len(name), "", f".. automodule:: {name}", ""]
    inside = children(name, modules)
    if inside:
        lines += ["", ".. toctree::", "   :maxdepth: 1", ""]
        lines += [f"   {child}" for child in inside]
        lines.append("")
    return "\n".join(lines)


def write_reference(app) -> None:
    """Write ``api/<module>.rst`` for every public module, removing the pages of
    modules that are gone. A page is rewritten only when its text changes, so an
    unchanged module is not read again by an incremental build."""
    folder = Path(app.srcdir) / API
    folder.mkdir(exist_ok=True)
    modules = public_modules()
    wanted = {f"{name}.rst": module_page(name, modules) for name in modules}
    for path in folder.iterdir():
        if path.name not in wanted:
            path.unlink()
    for filename, text in wanted.items():
        path = folder / filename
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")


def _cell(text: str | nodes.Node, literal: bool = False) -> nodes.entry:
    if isinstance(text, nodes.Node):
        inner = text
    else:
        inner = nodes.literal(text=text) if literal and text else nodes.Text(text)
    return nodes.entry("", nodes.paragraph("", "", inner))


def table(
    header: list[str], rows: list[list[str | nodes.Node]], literal: tuple[int, ...] = ()
) -> nodes.table:
    """A docutils table of text (or nodes); the columns numbered in ``literal`` are
    set as code."""
    group = nodes.tgroup(cols=len(header))
    group += [nodes.colspec(colwidth=1) for _ in header]
    head = nodes.thead()
    head += nodes.row("", *(_cell(text) for text in header))
    body = nodes.tbody()
    for row in rows:
        body += nodes.row("", *(_cell(text, i in literal) for i, text in enumerate(row)))
    group += [head, body]
    return nodes.table("", group)


PACKS = ("chance", "community_chest")


def counted(rules) -> Counter:
    """How many of a rule set's values have each status: its sections and board
    values, its options, and the cards of its packs (each copy of a card counted,
    as ``landlord rules`` counts them)."""
    statuses = Counter(
        p.status for name, p in rules.provenance.items() if name.split(".")[0] not in PACKS
    )
    statuses.update(o.provenance.status for o in rules.declared_options if o.provenance)
    for card in (*rules.chance_deck, *rules.community_chest_deck):
        statuses[card.source.status if card.source else "unmarked"] += card.copies
    return statuses


def anchor(rule_set: str) -> str:
    """The id of a rule set's section on the provenance page."""
    return f"rules-{rule_set.replace('_', '-')}"


class ProvenanceSummary(SphinxDirective):
    """A row per shipped rule set: its status and how many of its values come
    from each kind of source."""

    def run(self) -> list[nodes.Node]:
        from landlord.rules import available, load_rules
        from landlord.rules.model import PROVENANCE_STATUSES

        rows = []
        for info in available():
            rules = load_rules(info.id)
            statuses = counted(rules)
            link = nodes.reference("", "", nodes.literal(text=info.id), refid=anchor(info.id))
            rows.append(
                [link, info.status]
                + [str(statuses[s]) for s in PROVENANCE_STATUSES]
                + [str(len(rules.params.get("readings", {})))]
            )
        header = ["rule set", "status", *PROVENANCE_STATUSES, "readings"]
        return [table(header, rows)]


class ProvenanceDetails(SphinxDirective):
    """For each shipped rule set: its sources, each section's status and source,
    its options, its board and packs by status, and the kit's readings."""

    def run(self) -> list[nodes.Node]:
        from landlord.rules import available, load_rules
        from landlord.rules.model import PROVENANCE_STATUSES

        found: list[nodes.Node] = []
        for info in available():
            rules = load_rules(info.id)
            section = nodes.section(ids=[anchor(info.id)])
            section += nodes.title(text=f"{info.title} ({info.id})")
            said = f"{info.edition}. {info.min_players} to {info.max_players} players; "
            section += nodes.paragraph(text=f"{said}status: {info.status}.")
            if info.extends:
                section += nodes.paragraph(
                    text=f"Built on {info.extends}: what it does not set is as there."
                )
            sources = nodes.bullet_list()
            for source in info.sources:
                sources += nodes.list_item("", nodes.paragraph(text=source))
            section += sources
            sections = [
                [name, p.status, p.source]
                for name, p in rules.provenance.items()
                if "." not in name
            ]
            section += table(["section", "status", "source"], sections, literal=(0,))
            options = [
                [o.name, o.provenance.status if o.provenance else "", o.title]
                for o in rules.declared_options
            ]
            if options:
                section += nodes.paragraph(text="Its options:")
                section += table(["option", "status", "what it does"], options, literal=(0,))
            board = Counter(
                p.status for name, p in rules.provenance.items() if name.startswith("board.")
            )
            said = ", ".join(f"{board[s]} {s}" for s in PROVENANCE_STATUSES)
            lines = [f"Board values: {said}."]
            for title, deck in zip(
                ("Chance", "Community Chest"),
                (rules.chance_deck, rules.community_chest_deck),
                strict=True,
            ):
                cards = Counter()
                for card in deck:
                    cards[card.source.status if card.source else "unmarked"] += card.copies
                if cards:
                    said = ", ".join(f"{n} {s}" for s, n in cards.items())
                    lines.append(f"{title} pack: {sum(cards.values())} cards, {said}.")
            section += nodes.paragraph(text=" ".join(lines))
            readings = rules.params.get("readings", {})
            if readings:
                section += nodes.paragraph(
                    text="The kit's readings where the rules are ambiguous or silent:"
                )
                listed = nodes.bullet_list()
                for name, reading in readings.items():
                    item = nodes.paragraph()
                    item += [nodes.literal(text=name), nodes.Text(f": {reading}")]
                    listed += nodes.list_item("", item)
                section += listed
            found.append(section)
        return found


def skip_type_helpers(app, what, name, obj, skip, options):
    """Leave type aliases (``Box = tuple[float, float, float, float]``) and type
    variables out of the reference, documented or not: on Python 3.11 autodoc
    takes such an alias for a class (``isinstance(tuple[float], type)`` is true)
    and fails on its signature, and numpydoc fails on a type variable."""
    return True if isinstance(obj, (types.GenericAlias, TypeVar)) else None


def _shared(name: str, module: str) -> int:
    """How many leading parts of a dotted name the module's name shares."""
    count = 0
    for mine, theirs in zip(name.split("."), module.split("."), strict=False):
        if mine != theirs:
            break
        count += 1
    return count


class NearestPythonDomain(PythonDomain):
    """The Python domain, but a name that several objects answer to is the one
    nearest the module that names it, when one is nearest.

    The families share module and class names (each has its ``game``, ``bots``,
    ``batch`` and ``View``), so ``:mod:`.game``` in ``landlord.families.magie.batch``
    or an annotation ``View`` in ``landlord.engine.state`` matches several objects;
    the one sharing the most leading parts with the naming module
    (``landlord.families.magie.game``, ``landlord.engine.view.View``) is meant.
    A tie is left to Sphinx, which warns.
    """

    def find_obj(self, env, modname, classname, name, type, searchmode=0):
        matches = super().find_obj(env, modname, classname, name, type, searchmode)
        if len(matches) > 1 and modname:
            best = max(_shared(found, modname) for found, _ in matches)
            nearest = [match for match in matches if _shared(match[0], modname) == best]
            if len(nearest) == 1:
                return nearest
        return matches


def _cache_numpydoc_template() -> None:
    """Have numpydoc compile its docstring template once per build, not once per
    docstring: its ``get_doc_object`` makes a new Jinja environment, and so compiles
    the template again, for each of the thousands of docstrings (a fifth of the
    build's time). The function is numpydoc's own, called with the template made
    once; ``setup`` of numpydoc lets a caller give its own ``get_doc_object``."""
    from functools import cache

    import numpydoc.numpydoc
    from numpydoc import docscrape_sphinx

    made = docscrape_sphinx.get_doc_object

    @cache
    def template(builder):
        return made(None, "object", "", builder=builder).template

    def get_doc_object(obj, what=None, doc=None, config=None, builder=None):
        config = {} if config is None else config
        if builder is None:
            return made(obj, what, doc, config, builder)
        config["template"] = template(builder)
        return docscrape_sphinx.get_doc_object_orig(
            obj,
            what=what,
            doc=doc,
            config=config,
            class_doc=docscrape_sphinx.SphinxClassDoc,
            func_doc=docscrape_sphinx.SphinxFunctionDoc,
            obj_doc=docscrape_sphinx.SphinxObjDoc,
        )

    numpydoc.numpydoc.get_doc_object = get_doc_object


def setup(app):
    _cache_numpydoc_template()
    app.add_domain(NearestPythonDomain, override=True)
    app.connect("builder-inited", write_reference)
    app.connect("autodoc-skip-member", skip_type_helpers)
    app.add_directive("provenance-summary", ProvenanceSummary)
    app.add_directive("provenance-details", ProvenanceDetails)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
