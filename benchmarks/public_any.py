"""``Any`` in the public signatures of the typed packages (issue 36, item 3).

Reads the source (no code of it is run) of the packages mypy checks strictly
(``landlord/engine``, ``landlord/rules``, ``landlord/families``, ``landlord/metrics.py``,
``landlord/scorecard.py``) and lists every public annotation that names ``Any``:

- a parameter or the return of a public function or method (a method of a public class);
- a public attribute: a module constant, a class attribute, or ``self.name`` annotated in
  a method of a public class;
- a public module-level alias whose value names ``Any`` (``Node = dict[str, Any]``).

Public means a name without a leading underscore (dunder methods such as ``__getattr__``
are public); whatever is defined inside a function is private. A private helper may keep
``Any`` where it is honest. A dunder *attribute* (``__dataclass_fields__``) is left out:
it is the language's plumbing, declared as the standard library declares it.

Prints the count per package, then the list; exits 1 if there is any, so that it can run
in ``make lint``. ``--all`` also counts every ``Any`` name (private ones and those inside
function bodies too), per package.

Usage::

    .venv/bin/python benchmarks/public_any.py [--all]
"""

from __future__ import annotations

import argparse
import ast
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHECKED = ("landlord/engine", "landlord/rules", "landlord/families", "landlord/metrics.py")
CHECKED += ("landlord/scorecard.py",)


def is_dunder(name: str) -> bool:
    return name.startswith("__") and name.endswith("__")


def is_public(name: str) -> bool:
    return not name.startswith("_") or is_dunder(name)


def names_any(node: ast.AST | None) -> bool:
    """Whether an annotation (or an alias's value) names ``Any``, quoted or not."""
    if node is None:
        return False
    for part in ast.walk(node):
        if isinstance(part, ast.Name) and part.id == "Any":
            return True
        if isinstance(part, ast.Attribute) and part.attr == "Any":
            return True
        if isinstance(part, ast.Constant) and isinstance(part.value, str):
            try:
                quoted = ast.parse(part.value, mode="eval")
            except SyntaxError:
                continue
            if names_any(quoted):
                return True
    return False


def signature_any(function: ast.FunctionDef | ast.AsyncFunctionDef) -> Iterator[tuple[int, str]]:
    """(line, which) for each parameter, and the return, annotated with ``Any``."""
    arguments = function.args
    every = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]
    every += [extra for extra in (arguments.vararg, arguments.kwarg) if extra is not None]
    for argument in every:
        if names_any(argument.annotation):
            yield argument.lineno, f"parameter {argument.arg}"
    if names_any(function.returns):
        yield function.lineno, "return"


def self_attributes(function: ast.FunctionDef | ast.AsyncFunctionDef) -> Iterator[ast.AnnAssign]:
    for node in ast.walk(function):
        target = node.target if isinstance(node, ast.AnnAssign) else None
        if (
            isinstance(target, ast.Attribute)
            and isinstance(target.value, ast.Name)
            and target.value.id == "self"
            and is_public(target.attr)
        ):
            assert isinstance(node, ast.AnnAssign)
            yield node


def findings(body: list[ast.stmt], owner: str, in_class: bool) -> Iterator[tuple[int, str]]:
    """(line, what) for each public annotation naming ``Any`` among these statements."""
    for node in body:
        if isinstance(node, (ast.If, ast.Try)):
            branches = [node.body, node.orelse]
            if isinstance(node, ast.Try):
                branches += [node.finalbody, *(handler.body for handler in node.handlers)]
            for branch in branches:
                yield from findings(branch, owner, in_class)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            if not is_public(node.name):
                continue
            name = f"{owner}{node.name}"
            for line, which in signature_any(node):
                yield line, f"{name}: {which}"
            if in_class:
                for attribute in self_attributes(node):
                    target = attribute.target
                    assert isinstance(target, ast.Attribute)
                    if names_any(attribute.annotation):
                        yield attribute.lineno, f"{owner}{target.attr}: attribute (self)"
        elif isinstance(node, ast.ClassDef):
            if is_public(node.name):
                yield from findings(node.body, f"{owner}{node.name}.", True)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            if (
                is_public(node.target.id)
                and not is_dunder(node.target.id)
                and (
                    names_any(node.annotation)
                    or (names_any(node.value) and "TypeAlias" in ast.unparse(node.annotation))
                )
            ):
                yield node.lineno, f"{owner}{node.target.id}: attribute"
        elif isinstance(node, ast.Assign) and names_any(node.value):
            for target in node.targets:
                if isinstance(target, ast.Name) and is_public(target.id):
                    yield node.lineno, f"{owner}{target.id}: alias or constant"


def all_any(tree: ast.AST) -> int:
    """Every ``Any`` name of a module, outside its imports."""
    return sum(
        1
        for node in ast.walk(tree)
        if (isinstance(node, ast.Name) and node.id == "Any")
        or (isinstance(node, ast.Attribute) and node.attr == "Any")
    )


def package_of(path: Path) -> str:
    parts = path.relative_to(ROOT / "landlord").with_suffix("").parts
    if parts[0] == "families" and len(parts) > 2:
        return "/".join(parts[:2])
    return parts[0]


def sources() -> Iterator[Path]:
    for name in CHECKED:
        path = ROOT / name
        yield from sorted(path.rglob("*.py")) if path.is_dir() else [path]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--all", action="store_true", help="count every Any name too")
    args = parser.parse_args(argv)
    public: Counter[str] = Counter()
    every: Counter[str] = Counter()
    listed = []
    for path in sources():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        package = package_of(path)
        public[package] += 0
        every[package] += all_any(tree)
        for line, what in findings(tree.body, "", False):
            public[package] += 1
            listed.append(f"{path.relative_to(ROOT)}:{line}: {what}")
    width = max(map(len, public))
    print(f"{'package':<{width}}  public" + ("  all" if args.all else ""))
    for package in sorted(public):
        extra = f"  {every[package]:>3}" if args.all else ""
        print(f"{package:<{width}}  {public[package]:>6}{extra}")
    total = f"  {sum(every.values()):>3}" if args.all else ""
    print(f"{'total':<{width}}  {sum(public.values()):>6}{total}")
    if listed:
        print("\nAny in a public signature or attribute:")
        print("\n".join(listed))
    return 1 if listed else 0


if __name__ == "__main__":
    sys.exit(main())
