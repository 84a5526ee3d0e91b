"""No code outside the engine and the family packages knows a family by name.

Everything above the families asks ``game.family`` (or ``family_of(rules)``)
and gets an answer in that family's words, so a new family is a new package
and nothing else changes (docs/architecture.md). The rule-set layer
(``landlord/rules``) is left out of the scan: it is where a rule set names
its family (``[rule_set] family``), below the engine.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import landlord
from landlord.engine.family import Family
from landlord.families import families, family_named
from landlord.session import Session
from landlord.views.events import Narrator
from landlord.views.explain import StepExplainer, question_help
from landlord.views.glossary import GLOSSARY, MEASURES

PACKAGE = Path(landlord.__file__).parent
#: Where a family may be named: the engine, the families, the rule sets' data layer.
ALLOWED = ("engine", "families", "rules")
NAMES = frozenset(family.name for family in families())


def _reads_a_family_name(node: ast.AST) -> bool:
    """``x.family.name`` or ``x.info.family``: a family's name, read to branch on."""
    if not isinstance(node, ast.Attribute):
        return False
    if node.attr == "name":
        value = node.value
        return isinstance(value, ast.Attribute) and value.attr == "family"
    return (
        node.attr == "family"
        and isinstance(node.value, ast.Attribute)
        and node.value.attr == "info"
    )


def family_name_dispatch(source: str, names: frozenset[str] = NAMES) -> list[tuple[int, str]]:
    """Where ``source`` names a family or branches on a family's name: (line, what) each.

    Found: a string that is exactly a family's name (a comparison, a dict key, a
    constant, a ``case``), and a family's name read (``game.family.name``,
    ``rules.info.family``) in a comparison, as a dict key, an index or the key of
    ``.get``. A family's name only written out (``{"family": game.family.name}``) is
    not a branch and is not found.
    """
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Constant) and node.value in names:
            found.append((node.lineno, f"the family name {node.value!r}"))
            continue
        if isinstance(node, ast.Compare):
            looked_at = [node.left, *node.comparators]
        elif isinstance(node, ast.Dict):
            looked_at = [key for key in node.keys if key is not None]
        elif isinstance(node, ast.Subscript):
            looked_at = [node.slice]
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "get"
        ):
            looked_at = node.args[:1]
        else:
            continue
        for part in looked_at:
            if _reads_a_family_name(part):
                found.append((node.lineno, f"branches on {ast.unparse(part)}"))
    return sorted(set(found))


def test_no_module_outside_the_engine_and_the_families_branches_on_a_family_s_name():
    problems = []
    for path in sorted(PACKAGE.rglob("*.py")):
        inside = path.relative_to(PACKAGE)
        if inside.parts[0] in ALLOWED:
            continue
        lines = path.read_text().splitlines()
        for line, what in family_name_dispatch(path.read_text()):
            problems.append(f"landlord/{inside}:{line}: {what}: {lines[line - 1].strip()}")
    assert not problems, "ask game.family instead:\n" + "\n".join(problems)


def test_the_scan_finds_each_way_of_branching_on_a_family_s_name():
    source = """
HELP = {"magie": {}, "monopoly": {}}
helper = HELP.get(game.family.name, {})
magie = game.family.name == "magie"
known = family in ("magie", "monopoly")
if rules.info.family != term.family: pass
_MAGIE, _LATER = "magie", "monopoly"
texts = TABLE[game.family.name]
match family:
    case "monopoly": pass
"""
    lines = {line for line, _ in family_name_dispatch(source)}
    assert lines == {2, 3, 4, 5, 6, 7, 8, 10}
    # Written out, compared by identity, or in longer words: no branch on a name.
    fine = """
record = {"family": game.family.name}
same = family_of(rules) is term.family
words = "the magie family"; rules_id = "monopoly_us"
"""
    assert family_name_dispatch(fine) == []


class BareFamily(Family):
    """Magie's game with no help, explanations or glossary: only the parts it must have."""

    name = "bare"
    title = "A family with no words of its own"
    WITHOUT = ("question_help", "explain", "glossary")

    def part(self, module, name):
        if module in self.WITHOUT:  # looked for in this test module, which has none
            return super().part(module, name)
        return family_named("magie").part(module, name)


def test_a_family_without_help_explanations_or_glossary_still_plays_and_tells():
    bare = BareFamily()
    assert bare.question_helps == {}
    assert bare.glossary_terms() == ()
    session = Session("landlords_game", ["eager_landlord"] * 2, seed=1)
    game = session.game
    assert bare.step_rules(game) is None
    told = {}
    for explain in (False, True):
        session = Session("landlords_game", ["eager_landlord"] * 2, seed=1)
        game = session.game
        game.family = bare  # this game's family, and no other's
        narrator, lines = Narrator(game, explain=explain), []
        for _ in range(200):
            if game.decision_kind:
                assert question_help(game, game.pending.player) == ""
            narrator.before()
            session.step()
            lines += narrator.after()
        told[explain] = lines
        assert StepExplainer(game).known is False
    assert told[True] == told[False]  # nothing to explain, and nothing breaks


def test_a_missing_import_inside_a_family_s_module_is_not_taken_for_a_missing_module(
    tmp_path, monkeypatch
):
    package = tmp_path / "brokenfamily"
    package.mkdir()
    (package / "__init__.py").write_text(
        "from landlord.engine.family import Family\n"
        "class Broken(Family):\n    name = 'broken'\n"
        "FAMILY = Broken()\n"
    )
    (package / "glossary.py").write_text("import a_module_nobody_has\nTERMS = ()\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    from brokenfamily import FAMILY  # type: ignore[import-not-found]

    assert FAMILY.question_helps == {}  # no question_help module: none
    with pytest.raises(ModuleNotFoundError, match="a_module_nobody_has"):
        FAMILY.glossary_terms()


def test_the_glossary_is_each_family_s_words_then_the_kit_s_measures():
    gathered = [term for family in families() for term in family.glossary_terms()]
    assert list(GLOSSARY) == [*gathered, *MEASURES]
    for family in families():
        assert family.glossary_terms()
        assert all(term.family is family for term in family.glossary_terms())
    assert all(term.family is None for term in MEASURES)
