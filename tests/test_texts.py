"""The teaching texts as data: each family's glossary, question help and step explanations
are TOML files in its package's ``texts`` folder, read whole by :mod:`landlord.views.texts`
or refused naming the file and the field (issue 36, item 2)."""

from __future__ import annotations

import ast
import contextlib
import random
import re
import sys
import textwrap
from pathlib import Path

import pytest

import landlord.families
from landlord import limits
from landlord.families import families
from landlord.views import explain as views_explain
from landlord.views.explain import step_texts
from landlord.views.glossary import family_terms
from landlord.views.texts import KINDS, TextsError, family_texts, read_texts

FAMILIES = [family.name for family in families()]
FOLDER = Path(landlord.families.__file__).parent


def _texts_file(family: str, kind: str) -> Path:
    return FOLDER / family / "texts" / f"{kind}.toml"


def _constants(*paths: Path) -> set[str]:
    """Every string constant in the modules at ``paths`` (f-strings' pieces too)."""
    return {
        node.value
        for path in paths
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    }


# --- every family's files, read whole ----------------------------------------------------


@pytest.mark.parametrize("family", FAMILIES)
@pytest.mark.parametrize("kind", list(KINDS))
def test_every_family_ships_each_text_file_and_it_reads_whole(family, kind):
    texts = read_texts(_texts_file(family, kind), kind)
    assert texts.sources
    assert all(texts.entries(group) for group in KINDS[kind])  # no kind of entry is empty
    # Read again through the family: the same file, read once and kept.
    found = family_texts(landlord.families.family_named(family), kind)
    assert found is family_texts(landlord.families.family_named(family), kind)
    assert found == texts


@pytest.mark.parametrize("family", FAMILIES)
def test_the_family_hands_out_every_entry_of_its_files(family):
    found = landlord.families.family_named(family)
    glossary = read_texts(_texts_file(family, "glossary"), "glossary")
    assert [term.key for term in found.glossary_terms()] == [
        entry.text("key") for entry in glossary.entries("term")
    ]
    assert all(term.family is found for term in found.glossary_terms())
    helps = read_texts(_texts_file(family, "question_help"), "question_help").named("help")
    assert set(helps) == set(found.question_helps)  # and test_explain: every kind asked
    explained = read_texts(_texts_file(family, "explain"), "explain")
    sentences = step_texts(found)
    assert len(sentences.payments) == len(explained.entries("payment"))
    assert list(sentences.steps) == list(explained.named("step"))


@pytest.mark.parametrize("family", FAMILIES)
def test_every_text_is_asked_for_by_the_code_and_every_text_asked_for_is_there(family):
    code = FOLDER / family / "question_help.py"
    named = _constants(code)
    helps = read_texts(_texts_file(family, "question_help"), "question_help").named("help")
    parts = {part for entry in helps.values() for part in entry.parts}
    for kind, entry in helps.items():
        for part in entry.parts:
            # a part named in full, or chosen by an f-string: f"earns_{which}"
            pieces = part.split("_", 1)
            chosen = len(pieces) == 2 and f"{pieces[0]}_" in named and pieces[1] in named
            assert part in named or chosen, f"{kind}.parts.{part} is never said"
    tree = ast.parse(code.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Subscript) and getattr(node.value, "id", "") == "_SAY":
            assert isinstance(node.slice, ast.Constant)
            assert node.slice.value in helps
        if (
            isinstance(node, ast.Call)
            and getattr(node.func, "id", "") == "say"
            and node.args
            and isinstance(node.args[0], ast.Constant)
        ):
            assert node.args[0].value in parts, node.args[0].value
    # The explain mode: each step's sentence is asked for by the family's code or the kit's.
    asked = _constants(FOLDER / family / "explain.py", Path(views_explain.__file__))
    for step in step_texts(landlord.families.family_named(family)).steps:
        assert step in asked, f"step.{step} is never told"


def test_every_citation_is_made_by_its_text():
    # The reader checks it (a cites entry not in the text is refused); the texts cite.
    for family in FAMILIES:
        for kind in ("question_help", "explain"):
            texts = read_texts(_texts_file(family, kind), kind)
            for group in KINDS[kind]:
                for entry in texts.entries(group):
                    said = " ".join([entry.text("text"), *entry.parts.values()])
                    for cited in entry.texts("cites"):
                        assert cited in said
    rules = read_texts(_texts_file("magie", "explain"), "explain").named("step")
    assert rules["trespass"].texts("cites") == ("Rule 5",)


# --- a damaged file is refused, naming the file and the field ----------------------------


def _damaged(tmp_path: Path, family: str, kind: str, old: str, new: str) -> Path:
    text = _texts_file(family, kind).read_text()
    assert old in text, old
    path = tmp_path / family / "texts" / f"{kind}.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text.replace(old, new, 1))
    return path


DAMAGE = [
    # (family, kind, old, new, the field named, words of the message)
    ("magie", "glossary", 'term = "Lot"\n', "", "term[0].term", "must be given"),
    ("magie", "glossary", 'rules = "Rules 1 and 7"', "rules = 7", "term[0].rules", "text"),
    (
        "magie",
        "glossary",
        'key = "lot"',
        'key = "lot"\ncolour = "green"',
        "term[0].colour",
        "left out",
    ),
    ("magie", "glossary", 'aliases = ["lot",', 'aliases = [1, "lot",', "term[0].aliases", "list"),
    ("magie", "glossary", "format = 1", "format = 2", "format", "1"),
    (
        "magie",
        "glossary",
        "[texts]\nsources",
        "[texts]\nsource = 1\nsources",
        "texts.source",
        "left out",
    ),
    (
        "magie",
        "glossary",
        '[[term]]\nkey = "lot"',
        '[[word]]\n[[term]]\nkey = "lot"',
        "word",
        "left out",
    ),
    (
        "magie",
        "question_help",
        'cites = ["Rule 2", "Rule 3", "Rule 17", "Rule 8"]\n',
        "",
        "help.move.cites",
        "must be given",
    ),
    (
        "magie",
        "question_help",
        'cites = ["Rule 2", "Rule 3", "Rule 17", "Rule 8"]',
        'cites = ["Rule 2", "Rule 99"]',
        "help.move.cites[1]",
        "words of its text",
    ),
    (
        "magie",
        "question_help",
        "[help.move.parts]",
        "[help.move.words]",
        "help.move.words",
        "left out",
    ),
    (
        "magie",
        "question_help",
        'ahead = "the space ahead"',
        "ahead = []",
        "help.move.parts",
        "table of texts",
    ),
    (
        "magie",
        "question_help",
        "{forward}",
        "{forward.name}",
        "help.move.parts.either_way",
        "names",
    ),
    ("magie", "question_help", "{forward}", "{forward", "help.move.parts.either_way", "template"),
    (
        "sackson",
        "explain",
        'reason = "land rent"',
        'reason = ["land rent"]',
        "payment[1].reason",
        "text",
    ),
    ("sackson", "explain", "[step.cut]", "[step.cut]\nsaid = true", "step.cut.said", "left out"),
    (
        "monopoly",
        "explain",
        "[step.shuffle]\ncites",
        "[step.shuffle]\nwords",
        "step.shuffle.cites",
        "must be",
    ),
]


@pytest.mark.parametrize(("family", "kind", "old", "new", "field", "why"), DAMAGE)
def test_a_damaged_text_file_is_refused_naming_the_file_and_the_field(
    tmp_path, family, kind, old, new, field, why
):
    path = _damaged(tmp_path, family, kind, old, new)
    with pytest.raises(TextsError) as refused:
        read_texts(path, kind)
    message = str(refused.value)
    assert message.startswith(f"{family}/texts/{kind}.toml: ")
    assert repr(field) in message
    assert why in message
    assert refused.value.where == field
    assert refused.value.path == str(path)


@pytest.mark.parametrize(
    ("damage", "why"),
    [
        (lambda text: text[: len(text) // 2] + '"', "not valid TOML"),
        (lambda text: text.encode() + b"\xff\xfe", "not UTF-8"),
        (lambda text: "x = " + "[" * 60 + "]" * 60 + "\n" + text, "nested more than 32"),
        (lambda text: text + "#" * limits.RULES_BYTES, "larger than 1,000,000 bytes"),
    ],
    ids=["truncated", "stray bytes", "deep", "huge"],
)
def test_a_file_that_is_not_a_text_file_is_refused_naming_it(tmp_path, damage, why):
    path = tmp_path / "glossary.toml"
    damaged = damage(_texts_file("quikopoly", "glossary").read_text())
    (path.write_bytes if isinstance(damaged, bytes) else path.write_text)(damaged)
    with pytest.raises(TextsError, match=f"/{tmp_path.name}/glossary.toml: .*{why}"):
        read_texts(path, "glossary")
    with pytest.raises(TextsError, match="cannot be read"):
        read_texts(tmp_path / "missing.toml", "glossary")


def test_a_template_filled_without_a_field_it_names_is_refused_naming_it():
    say = family_texts(landlord.families.family_named("magie"), "question_help").named("help")
    assert say["turn"]("build", cost="$100", each="$10").startswith("Build: a house costs $100")
    with pytest.raises(TextsError, match=r"'help\.turn\.parts\.build' names \{each\}") as refused:
        say["turn"]("build", cost="$100")
    assert refused.value.where == "help.turn.parts.build"
    with pytest.raises(TextsError, match=r"'help\.turn\.parts\.build_a_hotel' must be given"):
        say["turn"]("build_a_hotel")


def test_mutants_of_every_text_file_are_read_or_refused_never_a_crash(tmp_path):
    chance = random.Random(36)
    for family in FAMILIES:
        for kind in KINDS:
            lines = _texts_file(family, kind).read_text().splitlines(keepends=True)
            for _ in range(40):
                mutant = list(lines)
                at = chance.randrange(len(mutant))
                how = chance.choice(["drop", "repeat", "swap", "cut", "type"])
                if how == "drop":
                    del mutant[at]
                elif how == "repeat":
                    mutant.insert(at, mutant[at])
                elif how == "swap":
                    other = chance.randrange(len(mutant))
                    mutant[at], mutant[other] = mutant[other], mutant[at]
                elif how == "cut":
                    mutant = mutant[:at]
                else:
                    mutant[at] = re.sub(r'= ".*', "= 1", mutant[at])
                path = tmp_path / f"{kind}.toml"
                path.write_text("".join(mutant))
                with contextlib.suppress(TextsError):
                    read_texts(path, kind)


# --- a family from outside the kit ships its own words -----------------------------------

_OUTSIDE = {
    "__init__.py": "class Outside:\n    name = 'outside'\n\n\nFAMILY = Outside()\n",
    "texts/glossary.toml": """
        format = 1
        [texts]
        sources = ["rules: a family's own"]
        [[term]]
        key = "toll"
        term = "Toll"
        definition = "What a car pays at the gate."
        rules = "Rule 1"
        origin = "{origin}"
        """,
    "texts/explain.toml": """
        format = 1
        [texts]
        sources = ["rules: a family's own"]
        [[payment]]
        reason = "{reason}"
        cites = ["Rule 1"]
        text = "Rule 1: a toll of {{amount}}."
        [step.end]
        cites = []
        text = "The road ends."
        """,
}


def _outside(tmp_path: Path, monkeypatch, name: str, **fill: str) -> object:
    for file, text in _OUTSIDE.items():
        path = tmp_path / name / file
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).format(**fill))
    monkeypatch.syspath_prepend(str(tmp_path))
    module = __import__(name)
    monkeypatch.setitem(sys.modules, name, module)
    return module.FAMILY


def test_a_family_from_outside_the_kit_reads_its_texts_from_its_own_package(tmp_path, monkeypatch):
    family = _outside(tmp_path, monkeypatch, "outside_ok", origin="kit", reason="land rent")
    (term,) = family_terms(family)
    assert (term.key, term.origin, term.family) == ("toll", "kit", family)
    texts = step_texts(family)
    assert texts.payments["land rent"] == "Rule 1: a toll of {amount}."
    assert texts.steps == {"end": "The road ends."}


@pytest.mark.parametrize(
    ("fill", "field"),
    [
        ({"origin": "folklore", "reason": "land rent"}, "term[0].origin"),
        ({"origin": "kit", "reason": "a toll nobody listed"}, "payment[0].reason"),
    ],
)
def test_a_family_s_words_the_kit_cannot_place_are_refused_naming_the_field(
    tmp_path, monkeypatch, fill, field
):
    family = _outside(tmp_path, monkeypatch, f"outside_{field[:4]}", **fill)
    read = family_terms if field.startswith("term") else step_texts
    with pytest.raises(TextsError) as refused:
        read(family)
    assert refused.value.where == field
    assert str(refused.value).startswith(f"outside_{field[:4]}/texts/")
