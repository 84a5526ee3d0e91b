"""Fuzzing the files landlord reads: rule sets, saved games, results.

Each file is mutated many times, by a fixed seed (a key deleted, a value of
another type, a huge number, deep nesting, truncation, random bytes,
duplicated keys...); every mutant must either load (and then a short game
plays, or the results' table is made) or be refused with the reader's own
error: :class:`~landlord.rules.RulesError`, :class:`~landlord.record.SavedGameError`,
or the ``ValueError`` of :func:`~landlord.experiments.load_results`. Anything
else (a ``KeyError``, a ``TypeError``, a ``RecursionError``...) is a bug.

The audit's crashes (issue 19) are kept below as named regression tests.
"""

from __future__ import annotations

import contextlib
import copy
import datetime
import json
import random
import shutil
from pathlib import Path
from typing import Any

import pytest

import landlord
from landlord.experiments import load_results
from landlord.limits import depth
from landlord.record import GameRecord, SavedGameError, load_game
from landlord.rules import RULES_DIR, RulesError, load_rules
from landlord.session import Session

#: Mutants per file kind (kept small: the three together run well under a minute).
RULE_MUTANTS = 800
GAME_MUTANTS = 1000
RESULT_MUTANTS = 600

#: Rule sets fuzzed: one of each family, and files that extend another.
FUZZED_RULES = (
    "landlords_game",
    "single_tax",
    "monarch_of_the_world",
    "monopoly_us",
    "monopoly_uk_1972",
    "quikopoly",
    "property",
)


# --- writing TOML back (the tests' own small writer) -------------------------------


def toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, datetime.date | datetime.time):
        return value.isoformat()
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(map(toml_value, value)) + "]"
    items = (f"{json.dumps(str(key))} = {toml_value(item)}" for key, item in value.items())
    return "{ " + ", ".join(items) + " }"


def toml_text(document: dict[str, Any]) -> str:
    """``document`` as TOML: plain keys first, then one ``[table]`` per table."""
    lines = [f"{json.dumps(k)} = {toml_value(v)}" for k, v in document.items() if not _table(v)]
    for name, table in document.items():
        if _table(table):
            lines.append(f"\n[{json.dumps(name)}]")
            lines.extend(f"{json.dumps(str(k))} = {toml_value(v)}" for k, v in table.items())
    return "\n".join(lines) + "\n"


def _table(value: Any) -> bool:
    return isinstance(value, dict)


# --- mutations ----------------------------------------------------------------------

#: Values put in place of another: other types, huge and odd numbers, long text.
ODD_VALUES: tuple[Any, ...] = (
    None,
    "",
    "text",
    "x" * 5000,
    -1,
    0,
    1.5,
    -(10**30),
    10**30,
    2**63,
    2**64 + 1,
    float("inf"),
    True,
    [],
    [1, 2],
    [[1]],
    {},
    {"a": 1},
    {"2": 10**40},
)


def _paths(value: Any, prefix: tuple = ()) -> list[tuple]:
    """Every place in a nested document: a tuple of keys and indices."""
    found = [prefix] if prefix else []
    if isinstance(value, dict):
        for key, item in value.items():
            found.extend(_paths(item, (*prefix, key)))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found.extend(_paths(item, (*prefix, index)))
    return found


def _parent(document: Any, path: tuple) -> Any:
    for step in path[:-1]:
        document = document[step]
    return document


def _nested(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


def mutate(document: Any, rng: random.Random, json_values: bool) -> Any:
    """A copy of ``document`` changed at one to three random places."""
    document = copy.deepcopy(document)
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        if depth(document, 130) > 130:  # deep enough: deeper is left to mutate_text
            break
        paths = _paths(document)
        if not paths:
            break
        path = rng.choice(paths)
        if len(path) > 120:  # deep enough: deeper is left to mutate_text
            break
        parent = _parent(document, path)
        how = rng.random()
        if how < 0.3:
            del parent[path[-1]]
            continue
        if how < 0.85:
            value = rng.choice(ODD_VALUES)
        elif how < 0.9:
            value = _nested(rng.choice((40, 120)))
        elif how < 0.95:
            value = int("9" * rng.choice((19, 20, 400)))
        else:
            value = copy.deepcopy(_parent(document, (*rng.choice(paths), "x")))
            if depth(value, 120) > 120:  # deeper still is left to mutate_text
                value = 1
        if value is None and not json_values:
            value = "null"
        if isinstance(value, float) and json_values and rng.random() < 0.5:
            value = 1e308
        parent[path[-1]] = value
    return document


def mutate_text(text: str, rng: random.Random) -> str:
    """``text`` damaged as bytes are: truncated, bytes changed, lines repeated, nested deep."""
    how = rng.randrange(5)
    if how == 0:
        return text[: rng.randrange(len(text))]
    if how == 1:
        chars = list(text)
        for _ in range(rng.randrange(1, 6)):
            chars[rng.randrange(len(chars))] = chr(rng.randrange(0, 0x250))
        return "".join(chars)
    if how == 2:
        lines = text.splitlines()
        line = rng.randrange(len(lines))
        lines.insert(line, lines[line])
        return "\n".join(lines)
    if how == 3:
        depth = rng.choice((33, 1000, 5000))
        return text.replace("1", "[" * depth + "1" + "]" * depth, 1)
    return text + "\n" + "".join(chr(rng.randrange(32, 127)) for _ in range(rng.randrange(50)))


# --- (a) rule files -----------------------------------------------------------------


def _plays_a_little(path: Path) -> None:
    rules = load_rules(path)
    players = rules.info.min_players
    session = Session(rules, ["eager_landlord"] * players, seed=1)
    session.run(max_steps=300)


def _rule_mutants(rule_id: str, count: int, seed: int) -> list[str]:
    import tomllib

    text = (RULES_DIR / f"{rule_id}.toml").read_text(encoding="utf-8")
    document = tomllib.loads(text)
    rng = random.Random(seed)
    mutants = []
    for _ in range(count):
        how = rng.random()
        if how < 0.3:  # a whole section left out
            mutant = copy.deepcopy(document)
            del mutant[rng.choice(list(mutant))]
            mutants.append(toml_text(mutant))
        elif how < 0.4:  # a CSV file named by a name no file system takes, or a huge number
            mutant = copy.deepcopy(document)
            key = rng.choice(("board", "chance_deck", "min_players", "max_players"))
            mutant["rule_set"][key] = rng.choice(("x" * 5000, 10**30, 2**63, -(2**70)))
            mutants.append(toml_text(mutant))
        elif how < 0.85:
            mutant = mutate(document, rng, json_values=False)
            # Deeper than the test's writer goes: nested as text (the loader refuses both).
            too_deep = depth(mutant, 150) > 150
            mutants.append(mutate_text(text, rng) if too_deep else toml_text(mutant))
        else:
            mutants.append(mutate_text(text, rng))
    return mutants


def check_rule_mutant(folder: Path, rule_id: str, text: str, number: int = 0) -> None:
    """Load mutant ``number`` of ``rule_id`` (in ``folder``, beside the shipped CSV
    files; a file of its own, so that no reading of another is taken from the cache)."""
    path = folder / f"mutant_{rule_id}_{number}.toml"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    with contextlib.suppress(RulesError):
        _plays_a_little(path)


@pytest.fixture(scope="module")
def rules_folder(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("rules")
    for file in RULES_DIR.iterdir():
        shutil.copy(file, folder / file.name)
    return folder


@pytest.mark.parametrize("rule_id", FUZZED_RULES)
def test_every_mutant_rule_file_loads_and_plays_or_is_refused_with_a_rules_error(
    rules_folder, rule_id
):
    mutants = _rule_mutants(rule_id, RULE_MUTANTS // len(FUZZED_RULES), seed=19)
    for number, text in enumerate(mutants):
        check_rule_mutant(rules_folder, rule_id, text, number)


# --- (b) saved games ----------------------------------------------------------------


@pytest.fixture(scope="module")
def saved_game(tmp_path_factory) -> tuple[Path, dict[str, Any]]:
    folder = tmp_path_factory.mktemp("game")
    path = landlord.play("landlords_game", players=3, seed=5, round_limit=6).save(
        folder / "game.json"
    )
    return folder, json.loads(path.read_text(encoding="utf-8"))


def check_game_mutant(path: Path, text: str) -> None:
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    with contextlib.suppress(SavedGameError):
        load_game(path).standings  # noqa: B018 - the record is used, not only made


def json_mutants(document: dict[str, Any], count: int, seed: int) -> list[str]:
    """``count`` mutants of a JSON document: most changed as data, some as text."""
    rng = random.Random(seed)
    mutants = []
    for _ in range(count):
        if rng.random() < 0.8:
            mutants.append(json.dumps(mutate(document, rng, json_values=True)))
        else:
            mutants.append(mutate_text(json.dumps(document), rng))
    return mutants


def test_every_mutant_saved_game_loads_or_is_refused_with_a_saved_game_error(saved_game):
    folder, document = saved_game
    for text in json_mutants(document, GAME_MUTANTS, seed=1919):
        check_game_mutant(folder / "mutant.json", text)


# --- (c) results --------------------------------------------------------------------


@pytest.fixture(scope="module")
def saved_results(tmp_path_factory) -> tuple[Path, dict[str, Any]]:
    folder = tmp_path_factory.mktemp("results")
    path = landlord.compare(("landlords_game", "single_tax"), games=3, players=3, seed=2).save(
        folder / "results.json"
    )
    return folder, json.loads(Path(path).read_text(encoding="utf-8"))


def check_results_mutant(path: Path, text: str) -> None:
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    tabulate_or_refused(path)


def tabulate_or_refused(path: Path) -> None:
    """Load the results at ``path`` and make their tables, or see them refused."""
    try:
        comparison = load_results(path)
    except ValueError as error:
        if "the results were not loaded" not in str(error):
            raise
        return
    comparison.table()
    comparison.table(words=True)


def test_every_mutant_results_file_loads_and_tabulates_or_is_refused(saved_results):
    folder, document = saved_results
    for text in json_mutants(document, RESULT_MUTANTS, seed=191919):
        check_results_mutant(folder / "mutant.json", text)


# --- the audit's cases (issue 19) ---------------------------------------------------


def _shipped(folder: Path, rule_id: str) -> dict[str, Any]:
    import tomllib

    return tomllib.loads((folder / f"{rule_id}.toml").read_text(encoding="utf-8"))


def _write(folder: Path, name: str, document: dict[str, Any]) -> Path:
    path = folder / name
    path.write_text(toml_text(document), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("rule_id", "section"),
    [("monopoly_us", "utility"), ("monopoly_us", "mortgage"), ("landlords_game", "score")],
)
def test_a_rule_file_without_a_section_its_engine_reads_is_refused_as_it_loads(
    rules_folder, rule_id, section
):
    document = _shipped(rules_folder, rule_id)
    del document[section]
    path = _write(rules_folder, f"without_{section}.toml", document)
    with pytest.raises(
        RulesError, match=rf"without_{section}.toml: section \[{section}\]: missing"
    ):
        load_rules(path)


def _section_reads(folder: Path) -> set[str]:
    """The sections the code under ``folder`` reads: ``rules.<section>`` and
    ``params["<section>"]``."""
    import ast

    from landlord.rules.schema import SECTIONS

    read = set()
    for file in folder.rglob("*.py"):
        for node in ast.walk(ast.parse(file.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr in SECTIONS:
                owner = node.value
                name = getattr(owner, "id", None) or getattr(owner, "attr", None)
                if name == "rules":
                    read.add(node.attr)
            elif isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
                owner = node.value
                name = getattr(owner, "id", None) or getattr(owner, "attr", None)
                if name == "params" and node.slice.value in SECTIONS:
                    read.add(node.slice.value)
    return read


def test_every_family_lists_every_section_its_engine_reads():
    from landlord.families import families
    from landlord.rules.schema import REQUIRED_SECTIONS

    package = Path(landlord.__file__).parent
    shared = _section_reads(package / "engine")
    for family in families():
        read = shared | _section_reads(package / "families" / family.name)
        listed = {*family.sections, *family.optional_sections, *REQUIRED_SECTIONS}
        assert read <= listed, (family.name, sorted(read - listed))


def test_a_csv_name_too_long_for_a_file_is_refused_naming_the_field(rules_folder):
    document = _shipped(rules_folder, "landlords_game")
    document["rule_set"]["board"] = "x" * 5000
    path = _write(rules_folder, "long_board.toml", document)
    with pytest.raises(RulesError, match=r"field 'rule_set.board'.*characters\)', which is not"):
        load_rules(path)
    with pytest.raises(RulesError, match="unknown rule set"):
        load_rules("y" * 5000)
    with pytest.raises(RulesError, match="cannot be read"):
        load_rules("y" * 5000 + ".toml")


@pytest.mark.parametrize("value", [10**30, 2**63, -(2**70), 10**9])
def test_a_huge_number_of_players_is_refused_naming_the_field(rules_folder, value):
    document = _shipped(rules_folder, "landlords_game")
    document["rule_set"]["max_players"] = value
    path = _write(rules_folder, "huge_players.toml", document)
    with pytest.raises(RulesError, match=r"field 'rule_set.max_players': expected a number"):
        load_rules(path)


def test_a_number_beyond_64_bits_is_refused_naming_the_field(rules_folder):
    document = _shipped(rules_folder, "landlords_game")
    document["wages"]["amount"] = 2**63
    path = _write(rules_folder, "huge_wages.toml", document)
    with pytest.raises(RulesError, match=r"field 'wages.amount': expected a whole number"):
        load_rules(path)


def test_a_5000_digit_number_is_refused(rules_folder, saved_game):
    text = (rules_folder / "landlords_game.toml").read_text(encoding="utf-8")
    path = rules_folder / "digits.toml"
    path.write_text(text.replace("amount = 100", "amount = " + "9" * 5000, 1), encoding="utf-8")
    with pytest.raises(RulesError, match=r"digits.toml: not valid TOML"):
        load_rules(path)
    folder, document = saved_game
    game = json.dumps(document).replace('"seed": 5', '"seed": ' + "9" * 5000)
    (folder / "digits.json").write_text(game, encoding="utf-8")
    with pytest.raises(SavedGameError, match=r"digits.json: not valid JSON"):
        load_game(folder / "digits.json")


def test_nesting_5000_deep_is_refused_by_all_three_readers(
    rules_folder, saved_game, saved_results
):
    deep = "[" * 5000 + "]" * 5000
    path = rules_folder / "deep.toml"
    path.write_text(f"format = 1\nx = {deep}\n", encoding="utf-8")
    with pytest.raises(RulesError, match=r"deep.toml: not a rule set: nested more than 32"):
        load_rules(path)
    folder = saved_game[0]
    (folder / "deep.json").write_text(deep, encoding="utf-8")
    with pytest.raises(SavedGameError, match=r"deep.json: nested more than 32 levels"):
        load_game(folder / "deep.json")
    folder = saved_results[0]
    (folder / "deep.json").write_text(deep, encoding="utf-8")
    with pytest.raises(ValueError, match=r"deep.json: not JSON: nested more than 32 levels"):
        load_results(folder / "deep.json")


def test_a_300_deep_extends_chain_is_refused_at_once(tmp_path, rules_folder, monkeypatch):
    # The audit: a 300-deep chain took 13 s to load. Now at most nine files are read
    # (the file asked for and eight bases) before it is refused.
    from landlord.rules import loader

    read = []
    real_read = loader._read_toml
    monkeypatch.setattr(loader, "_read_toml", lambda path: read.append(path) or real_read(path))
    base = _shipped(rules_folder, "landlords_game")
    for file in rules_folder.glob("landlords_game*.csv"):
        shutil.copy(file, tmp_path / file.name)
    _write(tmp_path, "link_0.toml", base)
    for number in range(1, 300):
        own = {
            "format": 1,
            "rule_set": {
                "id": f"link_{number}",
                "title": "A link",
                "edition": "tests",
                "summary": "A link of a long chain.",
                "status": "draft",
                "extends": f"link_{number - 1}.toml",
            },
        }
        _write(tmp_path, f"link_{number}.toml", own)
    with pytest.raises(
        RulesError, match=r"field 'rule_set.extends': expected a chain of at most 8"
    ):
        load_rules(tmp_path / "link_299.toml")
    assert len(read) <= 9
    load_rules(tmp_path / "link_7.toml")  # eight files in a row are fine


def test_200000_extra_sections_are_refused_at_once(rules_folder, monkeypatch):
    # The audit: 200,000 extra sections took 55 s. Now a file over the size limit is
    # refused unparsed, and one within it after one parse, by its count of tables.
    from landlord.rules import loader

    parsed = []
    real_loads = loader.tomllib.loads
    monkeypatch.setattr(loader.tomllib, "loads", lambda text: parsed.append(1) or real_loads(text))
    text = (rules_folder / "landlords_game.toml").read_text(encoding="utf-8")
    extra = "".join(f"[extra_{n}]\n" for n in range(200_000))
    path = rules_folder / "many.toml"
    path.write_text(text + extra, encoding="utf-8")
    with pytest.raises(RulesError, match=r"many.toml: larger than 1,000,000 bytes"):
        load_rules(path)
    assert parsed == []
    path.write_text(text + extra[:400_000], encoding="utf-8")
    with pytest.raises(RulesError, match=r"many.toml: [\d,]+ tables; a rule set has at most 200"):
        load_rules(path)
    assert parsed == [1]


@pytest.mark.parametrize("bad", [[1], {"a": 1}, ["Roll"], None, 7])
def test_a_history_entry_of_the_wrong_kind_is_refused_naming_it(saved_game, bad):
    folder, document = saved_game
    document = copy.deepcopy(document)
    number = next(n for n, entry in enumerate(document["history"]) if "type" in entry)
    document["history"][number]["type"] = bad
    (folder / "typed.json").write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(
        SavedGameError, match=rf"typed.json: history entry {number}: not an action"
    ):
        load_game(folder / "typed.json")


def test_names_that_are_not_text_are_refused_when_played():
    with pytest.raises(ValueError, match="a player's name is text, not 1"):
        landlord.play(players=2, names=[1, 2])


def test_a_damaged_results_table_is_refused_at_load_not_in_table(saved_results):
    folder, document = saved_results
    for damage in (
        lambda d: d["games"][0].__setitem__("gini_net_worth", "high"),
        lambda d: d["parameters"]["rules"][0].__setitem__("label", ["x"]),
        lambda d: d["parameters"]["rules"][1].pop("status"),
        lambda d: d["parameters"]["rules"][1].pop("modern_options"),
        lambda d: d["games"][0].__setitem__("rounds", 10**30),
    ):
        damaged = copy.deepcopy(document)
        damage(damaged)
        (folder / "damaged.json").write_text(json.dumps(damaged), encoding="utf-8")
        with pytest.raises(ValueError, match=r"damaged.json: .*the results were not loaded"):
            load_results(folder / "damaged.json")


def test_every_mutant_of_results_saved_as_csv_loads_and_tabulates_or_is_refused(tmp_path):
    comparison = landlord.compare(("landlords_game", "single_tax"), games=2, players=3, seed=4)
    path = comparison.save(tmp_path / "results.csv")
    files = sorted(tmp_path.glob("results.*"))
    originals = {file: file.read_text(encoding="utf-8") for file in files}
    rng = random.Random(1919_19)
    for _ in range(RESULT_MUTANTS // 6):
        for file, text in originals.items():
            file.write_text(text, encoding="utf-8")
        damaged = rng.choice(files)  # the main table, a per-round or per-player one, the meta
        damaged.write_text(mutate_text(originals[damaged], rng), errors="surrogatepass")
        tabulate_or_refused(path)


def test_a_file_name_too_long_is_refused_by_every_reader_with_its_error(tmp_path):
    long = tmp_path / ("z" * 5000)
    with pytest.raises(RulesError, match=r"\(5,005 characters\): cannot be read"):
        load_rules(long.with_suffix(".toml"))
    with pytest.raises(SavedGameError, match=r"\(5,005 characters\): cannot read the file"):
        load_game(long.with_suffix(".json"))
    with pytest.raises(ValueError, match=r"\(5,005 characters\): cannot be read"):
        load_results(long.with_suffix(".json"))


@pytest.mark.parametrize("rule_id", ["monopoly_us", "quikopoly", "property"])
def test_every_mutant_saved_game_of_the_other_families_loads_or_is_refused(tmp_path, rule_id):
    # Played with random bots a while: Monopoly's trades, Property's cards, Quikopoly's hotels.
    session = Session(rule_id, ["random"] * 3, seed=5)
    session.run(max_steps=300)
    path = GameRecord.from_session(session).save(tmp_path / "game.json")
    document = json.loads(path.read_text(encoding="utf-8"))
    for text in json_mutants(document, GAME_MUTANTS // 4, seed=1919):
        check_game_mutant(tmp_path / "mutant.json", text)


def test_every_field_of_every_action_has_a_known_kind():
    from dataclasses import fields

    from landlord.engine.actions import _FIELD_KINDS, ACTION_TYPES

    for cls in ACTION_TYPES.values():
        for field in fields(cls):
            assert str(field.type) in _FIELD_KINDS, (cls.__name__, field.name, field.type)
