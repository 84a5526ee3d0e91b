"""The kit's structure in figures (issue 36): what its layers and modules look like now.

Reads the source of ``landlord/`` (no code of it is run) and reports:

- the import graph of the kit's own modules, every import counted, those inside
  functions too (grimp): modules, imports, and the circles (strongly connected
  groups of modules), with those that span more than one folder;
- the imports between folders that go upwards (a layer importing one above it), by pair
  of folders: against the layers contract of pyproject.toml (docs/architecture.md), and
  against the diagram as it was drawn before issue 36, to compare with the baseline;
- imports made inside functions of the kit's own modules, and the files that make them;
- imports of a name starting with an underscore from another module;
- the longest modules (lines), the ``Any`` annotations, the README's lines;
- import-linter's contracts (``lint-imports``): kept and broken.

The report is printed and written as JSON with the machine and the commit.

Usage::

    .venv/bin/python benchmarks/structure.py
"""

from __future__ import annotations

import ast
import datetime as dt
import subprocess
import sys
import tomllib
from collections import Counter
from pathlib import Path

import grimp
import networkx as nx
from setup_commands import commit, machine, save_report

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "landlord"

#: The layers as docs/architecture.md drew them before issue 36 (lowest first): a folder
#: (or module) may import those of its own rank or below. Kept to compare with the
#: baseline; the layers now checked are read from pyproject.toml (:func:`layer_ranks`).
DRAWN_BEFORE = {
    "limits": 0, "money": 0, "palette": 0, "writing": 0,
    "rules": 1,
    "engine": 2,
    "families": 3,
    "session": 4, "policies": 4, "record": 4, "conformance": 4,
    "metrics": 5, "scorecard": 5, "flows": 5, "running": 5, "batch": 5, "continued": 5,
    "experiments": 6, "claim": 6, "analysis": 6, "report": 6, "plotting": 6,
    "widgets": 7, "apps": 7, "app_files": 7,
    "classroom": 8, "serve": 8, "server_guard": 8, "ws_frames": 8,
    "cli": 9, "__main__": 9,
}  # fmt: skip


def layer_ranks() -> dict[str, int]:
    """The folders' ranks in the layers contract of pyproject.toml, lowest 0."""
    settings = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = settings["tool"]["importlinter"]["contracts"]
    layers = next(c["layers"] for c in contracts if c["type"] == "layers")
    ranks = {}
    for rank, layer in enumerate(reversed(layers)):
        for name in layer.replace("|", ":").split(":"):
            ranks[name.strip()] = rank
    return ranks


def folder(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "landlord"


def graph_figures() -> dict[str, object]:
    graph = grimp.build_graph("landlord", cache_dir=None)
    edges = nx.DiGraph()
    imports = 0
    for module in graph.modules:
        for imported in graph.find_modules_directly_imported_by(module):
            edges.add_edge(module, imported)
            imports += 1
    circles = [group for group in nx.strongly_connected_components(edges) if len(group) > 1]
    across = [group for group in circles if len({folder(m) for m in group}) > 1]
    upwards = _upwards(edges, layer_ranks())
    drawn_before = _upwards(edges, DRAWN_BEFORE)
    return {
        "modules": len(graph.modules),
        "imports": imports,
        "circles": len(circles),
        "circles_across_folders": len(across),
        "largest_circle": max((len(group) for group in circles), default=0),
        "largest_circle_folders": sorted(
            {folder(m) for m in max(circles, key=len)} if circles else []
        ),
        "upward_imports": sum(upwards.values()),
        "upward_by_pair": dict(sorted(upwards.items())),
        "upward_imports_as_drawn_before": sum(drawn_before.values()),
        "upward_by_pair_as_drawn_before": dict(sorted(drawn_before.items())),
    }


def _upwards(edges: nx.DiGraph, ranks: dict[str, int]) -> Counter[str]:
    """The imports from a folder to one ranked above it, by pair of folders."""
    upwards: Counter[str] = Counter()
    for source, target in edges.edges:
        low, high = ranks.get(folder(source)), ranks.get(folder(target))
        if low is not None and high is not None and high > low:
            upwards[f"{folder(source)} -> {folder(target)}"] += 1
    return upwards


def kit_import(node: ast.AST) -> bool:
    """Whether ``node`` imports one of the kit's own modules."""
    if isinstance(node, ast.ImportFrom):
        return (node.module or "").startswith("landlord")
    if isinstance(node, ast.Import):
        return any(alias.name.startswith("landlord") for alias in node.names)
    return False


def imports_in_functions(tree: ast.AST) -> int:
    """The kit's own modules imported inside a function (each import statement once)."""
    found = 0

    def visit(node: ast.AST, in_function: bool) -> None:
        nonlocal found
        for child in ast.iter_child_nodes(node):
            if in_function and kit_import(child):
                found += 1
            inside = in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef))
            visit(child, inside)

    visit(tree, False)
    return found


def source_figures() -> dict[str, object]:
    in_functions, files_with = 0, 0
    private, any_count = 0, 0
    lengths = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        lengths[str(path.relative_to(ROOT))] = text.count("\n")
        tree = ast.parse(text)
        inside = imports_in_functions(tree)
        in_functions += inside
        files_with += inside > 0
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and kit_import(node):
                private += sum(
                    1
                    for alias in node.names
                    if alias.name.startswith("_") and not alias.name.startswith("__")
                )
            if isinstance(node, ast.Name) and node.id == "Any":
                any_count += 1
    longest = sorted(lengths.items(), key=lambda item: -item[1])[:8]
    return {
        "imports_in_functions": in_functions,
        "files_importing_in_functions": files_with,
        "private_names_imported": private,
        "any_names": any_count,
        "longest_modules": dict(longest),
        "modules_over_600_lines": sum(1 for lines in lengths.values() if lines > 600),
        "readme_lines": (ROOT / "README.md").read_text(encoding="utf-8").count("\n"),
    }


def contracts() -> dict[str, object]:
    lint = ROOT / ".venv" / "bin" / "lint-imports"
    run = subprocess.run(
        [str(lint), "--no-cache"], cwd=ROOT, capture_output=True, text=True, check=False
    )
    kept = [line[: -len(" KEPT")] for line in run.stdout.splitlines() if line.endswith(" KEPT")]
    broken = [
        line[: -len(" BROKEN")] for line in run.stdout.splitlines() if line.endswith(" BROKEN")
    ]
    return {"kept": kept, "broken": broken}


def main() -> None:
    report: dict[str, object] = {
        "when": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
        "commit": commit(),
        "machine": machine(),
        "graph": graph_figures(),
        "source": source_figures(),
        "contracts": contracts(),
    }
    save_report(report, ROOT / "benchmarks" / "results" / "structure.json")


if __name__ == "__main__":
    sys.exit(main())
