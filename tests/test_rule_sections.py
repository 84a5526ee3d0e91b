"""The section records a type checker reads (landlord.rules.sections) agree with the schema.

The records of a rule set's sections are made from ``landlord.rules.schema.SECTIONS``
when a file is read; ``sections.py`` declares each one's fields and types for a type
checker, under ``TYPE_CHECKING``. These tests read those declarations from the source
and hold them to the schema and to the records the loader makes.
"""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pytest

from landlord.rules import load_rules, registered
from landlord.rules import sections as sections_module
from landlord.rules.schema import MISSING, REQUIRED_SECTIONS, SECTIONS

SOURCE = Path(sections_module.__file__).read_text(encoding="utf-8")


def _declared() -> dict[str, dict[str, str]]:
    """Each class of the ``TYPE_CHECKING`` block: its annotated fields, as written."""
    tree = ast.parse(SOURCE)
    block = next(
        node
        for node in tree.body
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING"
    )
    return {
        node.name: {
            item.target.id: ast.unparse(item.annotation)
            for item in node.body
            if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)
        }
        for node in block.body
        if isinstance(node, ast.ClassDef)
    }


DECLARED = _declared()


def _title(name: str) -> str:
    return "".join(part.capitalize() for part in name.split("_")) + "Section"


@pytest.mark.parametrize("name", [n for n in SECTIONS if n != "starting_cash"])
def test_a_record_declares_the_keys_of_its_section(name: str) -> None:
    fields = DECLARED[_title(name)]
    keys = [key.rstrip("?") for key in SECTIONS[name]]
    assert list(fields) == keys
    for key, kind in SECTIONS[name].items():
        may_be_none = key.endswith("?") and kind.default is MISSING
        assert fields[key.rstrip("?")].endswith("| None") == may_be_none, key


def test_the_rule_set_lists_every_section_once() -> None:
    listed = DECLARED["Sections"]
    assert set(listed) == set(SECTIONS) - {"starting_cash"}  # a field of RuleSet
    for name, annotation in listed.items():
        optional = name not in REQUIRED_SECTIONS
        assert annotation == _title(name) + (" | None" if optional else ""), name


@pytest.mark.parametrize("rules_id", sorted(registered()))
def test_the_records_hold_values_of_the_declared_types(rules_id: str) -> None:
    rules = load_rules(rules_id)
    plain = {"int": int, "bool": bool, "str": str, "float": (int, float)}
    for name in SECTIONS.keys() - {"starting_cash"}:
        record = getattr(rules, name)
        if record is None:
            continue
        for field in dataclasses.fields(record):
            value = getattr(record, field.name)
            declared = DECLARED[_title(name)][field.name]
            if value is None:
                assert declared.endswith("| None"), f"{rules_id}: {name}.{field.name}"
                continue
            base = declared.removesuffix(" | None")
            if base in plain:
                assert isinstance(value, plain[base]), f"{rules_id}: {name}.{field.name}"
            elif base.startswith("tuple["):
                assert isinstance(value, tuple), f"{rules_id}: {name}.{field.name}"
            elif base.startswith("Mapping["):
                assert hasattr(value, "keys"), f"{rules_id}: {name}.{field.name}"
            elif base.startswith("Literal["):
                assert value in ast.literal_eval(base.removeprefix("Literal")), field.name
