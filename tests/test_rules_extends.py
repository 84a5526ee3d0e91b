"""Rule sets built on others (``extends``), share options, the "modern" status, new sections.

A child rule set names its base in ``[rule_set] extends``; it inherits the
base's tables, files and options and overrides them key by key. The tests
write children into a temporary folder, over the shipped Landlord's Game or
over a copy of it that they may edit.
"""

from __future__ import annotations

import csv
import os
import shutil
from pathlib import Path
from typing import Any

import pytest
from rule_files import toml_value

from landlord.rules import RULES_DIR, RulesError, load_rules

TOML = "landlords_game.toml"
BOARD = "landlords_game_board.csv"
CHANCE = "landlords_game_chance.csv"


# --- Writing rule-set files ----------------------------------------------------------------


def write_child(
    folder: Path,
    extends: str,
    tables: dict[str, dict[str, Any]] | None = None,
    *,
    name: str = "child",
    **about: Any,
) -> Path:
    """Write ``{name}.toml`` extending ``extends``, with ``tables`` of its own; return its path.

    ``about`` adds to (or, given ``None``, removes from) its ``[rule_set]``.
    """
    rule_set = {
        "id": name,
        "title": f"The {name.title()} Game",
        "edition": "tests",
        "status": "draft",
        "summary": "A rule set built on another, for the tests.",
        "extends": extends,
        **about,
    }
    lines = ["format = 1"]
    for title, table in {"rule_set": rule_set, **(tables or {})}.items():
        lines.append(f"\n[{title}]")
        lines += [f"{key} = {toml_value(v)}" for key, v in table.items() if v is not None]
    path = folder / f"{name}.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def edit(path: Path, old: str, new: str) -> None:
    """Replace the first ``old`` in the file, and make sure its time on disk moves on."""
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 10**9))


@pytest.fixture
def base_dir(tmp_path: Path) -> Path:
    """A copy of the shipped rule-set files in ``tmp_path/base``, safe to edit."""
    folder = tmp_path / "base"
    folder.mkdir()
    for name in (TOML, BOARD, CHANCE):
        shutil.copy(RULES_DIR / name, folder / name)
    return folder


@pytest.fixture(scope="module")
def shipped():
    return load_rules("landlords_game")


def refused(path: Path, **options: Any) -> RulesError:
    with pytest.raises(RulesError) as error:
        load_rules(path, **options)
    assert "Traceback" not in str(error.value)
    return error.value


# --- Inheriting and overriding -------------------------------------------------------------


def test_a_child_of_the_landlords_game_inherits_all_but_what_it_changes(tmp_path, shipped):
    child = write_child(
        tmp_path,
        "landlords_game",
        {
            "wages": {"amount": 120},
            "readings": {"wages": "Our own reading of the wages."},
            "options.round_limit": {
                "kind": "int",
                "default": 0,
                "title": "Stop after this many rounds",
                "status": "interpretation",
                "source": "the tests",
                "target": "end.round_limit",
            },
        },
    )
    rules = load_rules(child)
    assert (rules.id, rules.info.title, rules.info.extends) == (
        "child",
        "The Child Game",
        "landlords_game",
    )
    assert (rules.info.min_players, rules.info.max_players) == (2, 4)
    assert rules.info.sources == shipped.info.sources
    assert len(rules.board.spaces) == 40
    assert rules.board == shipped.board
    assert rules.chance_deck == shipped.chance_deck
    assert rules.starting_cash == shipped.starting_cash
    # [wages] amount = 120 replaces that key only.
    assert rules.wages.amount == 120
    assert rules.wages.paid_by == shipped.wages.paid_by
    assert rules.provenance["wages"] == shipped.provenance["wages"]
    assert rules.jail.fine == shipped.jail.fine
    # Readings merge one by one; an option is replaced whole.
    assert rules.params["readings"]["wages"] == "Our own reading of the wages."
    assert rules.params["readings"]["deal"] == shipped.params["readings"]["deal"]
    titles = {option.name: option.title for option in rules.declared_options}
    assert titles["round_limit"] == "Stop after this many rounds"
    assert titles["advanced"] == next(
        o.title for o in shipped.declared_options if o.name == "advanced"
    )
    assert load_rules(child, advanced=True).houses.limit == 3
    assert rules.files == (str(child), *shipped.files)
    assert shipped.info.extends == ""


def test_a_child_names_itself(tmp_path):
    error = refused(write_child(tmp_path, "landlords_game", title=None))
    assert str(error).startswith("child.toml: field 'rule_set.title': missing")


def test_a_child_may_change_the_players_and_their_cash(tmp_path):
    child = write_child(
        tmp_path,
        "landlords_game",
        {"starting_cash": {"by_players": {"2": 700, "3": 600, "4": 500, "5": 400}}},
        max_players=5,
    )
    assert load_rules(child).starting_cash == {2: 700, 3: 600, 4: 500, 5: 400}


def test_a_child_of_a_child_by_path(base_dir, tmp_path):
    child = write_child(tmp_path, "base/landlords_game.toml", {"wages": {"amount": 120}})
    grandchild = write_child(
        tmp_path / "more", "../child.toml", {"jail": {"fine": 75}}, name="grandchild"
    )
    rules = load_rules(grandchild)
    assert (rules.id, rules.info.extends) == ("grandchild", "child")
    assert (rules.wages.amount, rules.jail.fine, rules.jail.max_turns) == (120, 75, 3)
    assert len(rules.board.spaces) == 40
    assert rules.files == (
        str(grandchild),
        str(child),
        *(str(base_dir / name) for name in (TOML, BOARD, CHANCE)),
    )


def test_a_child_with_its_own_board_finds_it_beside_itself(base_dir, tmp_path):
    with (base_dir / BOARD).open(encoding="utf-8", newline="") as handle:
        rows = list(csv.reader(handle))
    header = rows[0]
    wayback = next(row for row in rows if row[header.index("name")] == "Wayback")
    wayback[header.index("land_rent")] = "2"
    (tmp_path / "own").mkdir()
    with (tmp_path / "own" / "board.csv").open("w", encoding="utf-8", newline="") as handle:
        csv.writer(handle).writerows(rows)
    child = write_child(tmp_path / "own", "../base/landlords_game.toml", board="board.csv")
    rules = load_rules(child)
    assert rules.board.spaces[1].land_rent == 2
    assert len(rules.chance_deck) == len(load_rules(base_dir / TOML).chance_deck)
    assert rules.files[:3] == (
        str(child),
        str(tmp_path / "own" / "board.csv"),
        str(base_dir / TOML),
    )
    # The inherited option on Wayback's rent starts from this board's value.
    assert rules.options["wayback_rent"] == 2


def test_an_inherited_option_takes_the_value_the_child_gives_its_target(tmp_path):
    child = write_child(tmp_path, "landlords_game", {"end": {"wages_times": 0}})
    rules = load_rules(child)
    (option,) = [option for option in rules.declared_options if option.name == "wages_times"]
    assert option.default == 0
    assert rules.options["wages_times"] == rules.end.wages_times == 0
    assert load_rules(child, wages_times=3).end.wages_times == 3


def test_a_change_to_the_base_is_seen_by_the_child(base_dir, tmp_path):
    child = write_child(tmp_path, "base/landlords_game.toml")
    grandchild = write_child(tmp_path, "child.toml", name="grandchild")
    assert load_rules(child).wages.amount == load_rules(grandchild).wages.amount == 100
    edit(base_dir / TOML, "amount = 100\n", "amount = 250\n")
    assert load_rules(child).wages.amount == load_rules(grandchild).wages.amount == 250
    edit(base_dir / BOARD, "Lonely Lane,lot,25,", "Lonely Lane,lot,35,")
    assert load_rules(grandchild).board.spaces[3].price == 35


# --- What a child cannot do ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("extends", "expected"),
    [
        ("no_such_rules", "expected the id of a rule set that comes with landlord"),
        ("no_such_rules", "got 'no_such_rules', which is neither"),
        ("missing.toml", "got 'missing.toml', which is not there"),
        ("child.toml", "got 'child.toml': child.toml extends child.toml"),
        ("", "expected non-empty text"),
    ],
)
def test_a_base_that_cannot_be_found_is_refused(tmp_path, extends, expected):
    error = refused(write_child(tmp_path, extends))
    assert str(error).startswith("child.toml: field 'rule_set.extends'")
    assert (error.path.name, error.where) == ("child.toml", "field 'rule_set.extends'")
    assert expected in str(error)


def test_a_cycle_of_bases_is_refused(tmp_path):
    child = write_child(tmp_path, "other.toml")
    write_child(tmp_path, "child.toml", name="other")
    error = refused(child)
    assert error.where == "field 'rule_set.extends'"
    assert "child.toml extends other.toml extends child.toml" in str(error)
    assert str(error).startswith(f"{error.path.name}: ")


def test_an_error_in_the_base_names_the_base(base_dir, tmp_path):
    edit(base_dir / TOML, "amount = 100\n", 'amount = "lots"\n')
    error = refused(write_child(tmp_path, "base/landlords_game.toml"))
    assert error.path == base_dir / TOML
    assert str(error).startswith("landlords_game.toml: field 'wages.amount'")


@pytest.mark.parametrize(
    ("tables", "expected"),
    [
        ({"wages": {"amount": -5}}, "field 'wages.amount': expected a whole number >= 0"),
        ({"wages": {"amout": 5}}, "field 'wages.amout'"),
        ({"jail": {"leave_from": 40}}, "field 'jail.leave_from': expected a board index"),
        ({"wages": {"paid_by": "bank"}}, "field 'wages.paid_by': expected a pile"),
        (
            {"speculation": {"stake_paid_to": "public_treasury"}},
            "field 'speculation.stake_paid_to': expected one of 'miscellaneous', 'broker' "
            "(the values of the option 'speculation_stake_to', which sets it)",
        ),
    ],
    ids=lambda value: next(iter(value)) if isinstance(value, dict) else "",
)
def test_a_bad_value_in_the_child_names_the_child(tmp_path, tables, expected):
    error = refused(write_child(tmp_path, "landlords_game", tables))
    assert error.path.name == "child.toml"
    assert str(error).startswith(f"child.toml: {expected}")


# --- Share options and the "modern" status -------------------------------------------------

MODERN_TAX = {
    "land_value_tax": {
        "status": "modern",
        "source": "a modern extension, for the tests",
        "share": 0.0,
        "dividend": False,
    },
    "options.tax_share": {
        "kind": "share",
        "default": 0.0,
        "title": "Share of land rent taxed",
        "status": "modern",
        "source": "the tests",
        "target": "land_value_tax.share",
    },
}


@pytest.fixture
def modern(tmp_path: Path) -> Path:
    return write_child(tmp_path, "landlords_game", MODERN_TAX)


def test_a_modern_section_loads(modern):
    rules = load_rules(modern)
    assert rules.provenance["land_value_tax"].status == "modern"
    assert rules.options["tax_share"] == 0.0


@pytest.mark.parametrize("share", [0, 1, 0.25])
def test_a_share_option_takes_a_number_from_0_to_1(modern, share):
    assert load_rules(modern, tax_share=share).land_value_tax.share == share


@pytest.mark.parametrize(
    ("share", "shown"), [(1.5, "1.5"), (-0.1, "-0.1"), (True, "true"), ("x", "'x'")]
)
def test_a_share_option_refuses_anything_else(modern, share, shown):
    message = str(refused(modern, tax_share=share))
    assert message == f"child.toml: option 'tax_share': expected a number from 0 to 1, got {shown}"


def test_a_share_option_needs_a_target(tmp_path):
    option = {
        key: value for key, value in MODERN_TAX["options.tax_share"].items() if key != "target"
    }
    child = write_child(tmp_path, "landlords_game", {**MODERN_TAX, "options.tax_share": option})
    assert str(refused(child)) == (
        "child.toml: field 'options.tax_share.target': missing "
        "(expected the dotted name a share option sets)"
    )


# --- The sections of the single tax and its relatives --------------------------------------

NEW_SECTIONS: dict[str, dict[str, Any]] = {
    "single_tax": {
        "from_start": False,
        "vote": True,
        "votes_needed": 2,
        "at_round": 0,
        "rent_paid_to": "public_treasury",
        "site_bid_steps": [5, 10, 25],
    },
    "treasury_spending": {
        "pile": "public_treasury",
        "step": 50,
        "utilities": [13, 27, 35],
        "colleges": [30, 4],
        "unheld_paid_to": "miscellaneous",
        "paid_to": "miscellaneous",
        "wage_rise": 10,
    },
    "education": {"cards_per_professor": 4, "per_professor": 100},
    "natural_opportunities": {
        "wages_paid_by": "miscellaneous",
        "rent_paid_to": "public_treasury",
    },
    "land_value_tax": {"share": 0.5, "dividend": True},
    "prosperity": {"times_start": 3, "counts": "net_worth"},
}


def _section(name: str, **changes: Any) -> dict[str, dict[str, Any]]:
    table = {"status": "primary", "source": "the tests", **NEW_SECTIONS[name], **changes}
    return {name: table}


def test_the_new_sections_load(tmp_path):
    tables = {name: _section(name)[name] for name in NEW_SECTIONS}
    rules = load_rules(write_child(tmp_path, "landlords_game", tables))
    for name, table in NEW_SECTIONS.items():
        assert {key: rules.params[name][key] for key in table} == table


@pytest.mark.parametrize("name", NEW_SECTIONS)
def test_the_new_sections_refuse_a_typo(tmp_path, name):
    key = next(iter(NEW_SECTIONS[name]))
    tables = _section(name, **{key + "s": NEW_SECTIONS[name][key]})
    message = str(refused(write_child(tmp_path, "landlords_game", tables)))
    assert message.startswith(f"child.toml: field '{name}.{key}s': expected one of the keys")
    assert "a key it does not have" in message


@pytest.mark.parametrize(
    ("name", "key", "value", "expected"),
    [
        ("single_tax", "votes_needed", 0, "a whole number >= 1, got 0"),
        ("single_tax", "site_bid_steps", [5, -1], "field 'single_tax.site_bid_steps[1]'"),
        ("treasury_spending", "pile", "the_poor_box", "a pile in accounts.piles"),
        ("treasury_spending", "utilities", [13, 40], "'treasury_spending.utilities[1]'"),
        ("treasury_spending", "colleges", [99], "a board index from 0 to 39, got 99"),
        ("education", "per_professor", "100", "a whole number >= 0, got '100'"),
        ("natural_opportunities", "rent_paid_to", "landlord", "a pile in accounts.piles"),
        ("land_value_tax", "share", 2, "a number from 0 to 1, got 2"),
        ("land_value_tax", "dividend", 1, "true or false, got 1"),
        ("prosperity", "counts", "score", "one of 'cash', 'net_worth', got 'score'"),
    ],
)
def test_the_new_sections_check_their_values(tmp_path, name, key, value, expected):
    tables = _section(name, **{key: value})
    message = str(refused(write_child(tmp_path, "landlords_game", tables)))
    assert message.startswith(f"child.toml: field '{name}.{key}")
    assert expected in message
