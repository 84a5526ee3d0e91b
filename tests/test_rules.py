"""Rule sets as data: the shipped Landlord's Game, the checks on hand-edited files, the CLI.

A malformed file must fail with a :class:`RulesError` that names the file, the
field (or the CSV row and column) and what was expected. The mutation tests
copy the shipped files to a temporary folder, change one thing, and load the
copy by its path.
"""

from __future__ import annotations

import csv
import itertools
import json
import os
import re
import shutil
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rule_files import toml_value, write_rule_set

from landlord import cli
from landlord.rules import RULES_DIR, RulesError, available, load_rules
from landlord.rules.model import PROVENANCE_STATUSES

TOML = "landlords_game.toml"
BOARD = "landlords_game_board.csv"
CHANCE = "landlords_game_chance.csv"
DELETE = object()


# --- Writing the files the tests change ---------------------------------------------------


def write_toml(path: Path, data: dict[str, Any]) -> None:
    """Write ``data`` as TOML: top-level tables as ``[name]``, everything below inline."""
    lines = [
        f"{json.dumps(k)} = {toml_value(v)}" for k, v in data.items() if not isinstance(v, dict)
    ]
    for name, table in data.items():
        if isinstance(table, dict):
            lines.append(f"\n[{json.dumps(name)}]")
            lines += [f"{json.dumps(key)} = {toml_value(value)}" for key, value in table.items()]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def read_csv(path: Path) -> list[list[str]]:
    with path.open(encoding="utf-8", newline="") as handle:
        return list(csv.reader(handle))


def write_csv(path: Path, rows: list[list[str]]) -> None:
    with path.open("w", encoding="utf-8", newline="") as handle:
        csv.writer(handle).writerows(rows)


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    """A copy of the shipped rule-set files, safe to edit."""
    for name in (TOML, BOARD, CHANCE):
        shutil.copy(RULES_DIR / name, tmp_path / name)
    return tmp_path


def shipped_toml() -> dict[str, Any]:
    return tomllib.loads((RULES_DIR / TOML).read_text(encoding="utf-8"))


# --- The shipped rule set -----------------------------------------------------------------


@pytest.fixture(scope="module")
def rules():
    return load_rules("landlords_game")


def test_the_landlords_game_is_registered():
    (info,) = [info for info in available() if info.id == "landlords_game"]
    assert (info.min_players, info.max_players, info.status) == (2, 4, "playable")
    assert [info.id for info in available()] == sorted(info.id for info in available())


def test_the_board_has_what_the_1906_rules_describe(rules):
    spaces = rules.board.spaces
    lots = [space for space in spaces if space.kind == "lot"]
    assert len(spaces) == 40
    assert len(lots) == 22
    assert sum(space.price is not None for space in spaces) == 29  # the cards of the deal
    assert sum(lot.price for lot in lots) == 1375
    assert rules.board.layout == "track"
    assert rules.board.corners == (0, 10, 20, 30)
    assert [spaces[i].kind for i in rules.board.corners] == [
        "mother_earth",
        "shelter_jail",
        "central_park",
        "trespass",
    ]
    lonely_lane = spaces[3]
    assert (lonely_lane.name, lonely_lane.price, lonely_lane.land_rent) == ("Lonely Lane", 25, 2)
    assert lonely_lane.section_rents == (2, 4, 8, 16)
    assert spaces[2].section_rents == ()  # Fuel is not a lot
    assert spaces[0].price is None
    assert spaces[0].rule == "3"


def test_the_numbers_of_the_rules(rules):
    assert rules.starting_cash == {2: 600, 3: 500, 4: 400}
    assert rules.wages.amount == 100
    assert rules.params["jail"]["fine"] == 50
    assert set(rules.params["wages"]) == {"amount", "paid_by"}
    assert not {"rule_set", "options", "format"} & set(rules.params)
    # The starting cash is a section like the others, so an option can set it.
    assert rules.params["starting_cash"]["each"] == 0


def test_the_chance_pack_is_all_reconstruction(rules):
    assert sum(card.copies for card in rules.chance_deck) == 16
    assert len(rules.chance_deck) == 15
    assert {card.source.status for card in rules.chance_deck} == {"reconstruction"}
    wall_street = next(card for card in rules.chance_deck if card.effect == "go_to")
    assert rules.board.spaces[wall_street.target].name == "Wall Street"
    assert rules.provenance["chance.0"].status == "reconstruction"


def test_every_value_says_where_it_comes_from(rules):
    assert rules.provenance["wages"].status == "primary"
    assert rules.provenance["sale"].status == "interpretation"
    assert rules.provenance["board.Wayback.land_rent"].status == "secondary"
    assert rules.provenance["board.Lonely Lane.price"].status == "primary"
    assert rules.provenance["board.Fuel.fee"].status == "primary"
    assert all(source.status in PROVENANCE_STATUSES for source in rules.provenance.values())
    assert all(isinstance(p.source, str) and p.source for p in rules.provenance.values())
    assert [Path(name).name for name in rules.files] == [TOML, BOARD, CHANCE]


def test_default_options(rules):
    assert rules.options == {
        "advanced": False,
        "wayback_rent": 0,
        "round_limit": 0,
        "wages_times": 5,
        "speculation_stake_to": "miscellaneous",
        "starting_cash": 0,
        "wages": 100,
        "single_tax_vote": False,
        "single_tax_at_round": 0,
        "single_tax_at_gini": 0.0,
        "treasury_spends": "rents_and_fines",
        "late_bills": "keep_reason",
        "land_value_tax": 0.0,
        "citizens_dividend": False,
        "treasury_shared": False,
    }
    assert [option.name for option in rules.declared_options] == list(rules.options)
    assert rules.board.spaces[1].land_rent == 0
    assert rules.houses.limit == 0


def test_wayback_rent_option_sets_the_rent_and_its_section_rents():
    rules = load_rules("landlords_game", wayback_rent=2)
    wayback = rules.board.spaces[1]
    assert (wayback.name, wayback.land_rent, wayback.section_rents) == (
        "Wayback",
        2,
        (2, 4, 8, 16),
    )
    assert rules.provenance["board.Wayback.land_rent"].status == "interpretation"
    assert wayback.rent_source.status == "interpretation"
    assert rules.options["wayback_rent"] == 2


def test_advanced_option_sets_limits_and_tax_steps():
    rules = load_rules("landlords_game", advanced=True)
    assert rules.houses.limit == 3
    assert rules.necessity_tax.steps == ((10, 20), (25, 40))
    assert rules.land_rent.section_doubling is True
    assert rules.provenance["houses.limit"].source.startswith("seed 002")


def test_int_and_choice_options_set_their_targets():
    rules = load_rules("landlords_game", round_limit=50, speculation_stake_to="broker")
    assert rules.end.round_limit == 50
    assert rules.speculation.stake_paid_to == "broker"


def test_what_if_options_set_the_starting_cash_and_the_wages():
    rules = load_rules("landlords_game", starting_cash=1000, wages=40)
    assert rules.starting_cash == {2: 1000, 3: 1000, 4: 1000}
    assert rules.wages.amount == 40
    assert {option.name: option.provenance.status for option in rules.declared_options}[
        "starting_cash"
    ] == "modern"
    # Back to the 1906 amounts, which depend on the number of players.
    assert load_rules("landlords_game", starting_cash=0).starting_cash == {2: 600, 3: 500, 4: 400}
    assert load_rules("prosperity", starting_cash=800).starting_cash[3] == 800


def test_a_loaded_rule_set_is_the_callers_to_change():
    first = load_rules("landlords_game")
    first.params["wages"]["amount"] = 1
    first.options["advanced"] = True
    first.starting_cash[2] = 0
    again = load_rules("landlords_game")
    assert again.wages.amount == 100
    assert again.options["advanced"] is False
    assert again.starting_cash[2] == 600


def test_loading_again_reads_no_file_while_none_changed(monkeypatch):
    # What makes loading again cheap (microseconds): the reading is kept and only the
    # files' stamps are checked.
    from landlord.rules import loader

    load_rules("landlords_game")
    reads = []
    real = loader._read
    monkeypatch.setattr(loader, "_read", lambda *args: reads.append(args) or real(*args))
    for _ in range(100):
        assert load_rules("landlords_game").id == "landlords_game"
    assert reads == []


def test_a_changed_file_is_read_again(data_dir):
    assert load_rules(data_dir / TOML).wages.amount == 100
    text = (data_dir / TOML).read_text(encoding="utf-8")
    (data_dir / TOML).write_text(text.replace("amount = 100\n", "amount = 200\n"), "utf-8")
    stat = (data_dir / TOML).stat()
    os.utime(data_dir / TOML, ns=(stat.st_atime_ns, stat.st_mtime_ns + 10**9))
    assert load_rules(data_dir / TOML).wages.amount == 200


def test_an_option_without_a_default_follows_its_target(data_dir):
    text = (data_dir / TOML).read_text(encoding="utf-8")
    (data_dir / TOML).write_text(text.replace("amount = 100\n", "amount = 150\n"), "utf-8")
    rules = load_rules(data_dir / TOML)
    assert rules.options["wages"] == rules.wages.amount == 150
    assert load_rules(data_dir / TOML, wages=90).wages.amount == 90


def test_a_file_of_ones_own_loads_by_path(data_dir):
    rules = load_rules(str(data_dir / TOML), advanced=True)
    assert rules.id == "landlords_game"
    assert rules.files[0] == str(data_dir / TOML)
    assert rules.houses.limit == 3


# --- Bad options ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        ({"advnced": True}, ["option 'advnced'", "expected one of the options advanced,"]),
        ({"advanced": 1}, ["option 'advanced'", "expected true or false, got 1"]),
        ({"advanced": "yes"}, ["option 'advanced'", "got 'yes'"]),
        ({"wayback_rent": "2"}, ["option 'wayback_rent'", "a whole number >= 0, got '2'"]),
        ({"wayback_rent": -1}, ["option 'wayback_rent'", "a whole number >= 0, got -1"]),
        ({"round_limit": True}, ["option 'round_limit'", "got true"]),
        ({"round_limit": 2.5}, ["option 'round_limit'", "got 2.5"]),
        ({"starting_cash": -400}, ["option 'starting_cash'", "a whole number >= 0, got -400"]),
        ({"wages": "100"}, ["option 'wages'", "a whole number >= 0, got '100'"]),
        (
            {"speculation_stake_to": "bank"},
            ["option 'speculation_stake_to'", "one of 'miscellaneous', 'broker'", "got 'bank'"],
        ),
    ],
    ids=lambda value: repr(value) if isinstance(value, dict) else "",
)
def test_bad_options_are_refused(options, expected):
    with pytest.raises(RulesError) as error:
        load_rules("landlords_game", **options)
    assert TOML in str(error.value)
    for fragment in expected:
        assert fragment in str(error.value)


@pytest.mark.parametrize("name", ["no_such_rules", "Landlords Game"])
def test_an_unknown_rule_set_is_refused(name):
    with pytest.raises(RulesError, match=r"unknown rule set .* expected one of landlords_game"):
        load_rules(name)


# --- Malformed files -----------------------------------------------------------------------


@dataclass(frozen=True)
class Mutation:
    """One change to one shipped file, and what the error must say."""

    name: str
    change: Callable[[Path], None]
    expected: tuple[str, ...]

    def __str__(self) -> str:
        return self.name


def toml_edit(path: tuple[str, ...], value: Any) -> Callable[[Path], None]:
    """Set (or with DELETE, remove) the value at ``path`` in the TOML file."""

    def change(folder: Path) -> None:
        data = shipped_toml()
        table = data
        for key in path[:-1]:
            table = table.setdefault(key, {})
        if value is DELETE:
            del table[path[-1]]
        else:
            table[path[-1]] = value
        write_toml(folder / TOML, data)

    return change


def text_edit(name: str, old: str, new: str) -> Callable[[Path], None]:
    def change(folder: Path) -> None:
        text = (folder / name).read_text(encoding="utf-8")
        assert old in text
        (folder / name).write_text(text.replace(old, new, 1), encoding="utf-8")

    return change


def cell_edit(name: str, row: str | int, column: str, value: str) -> Callable[[Path], None]:
    """Set one cell of a CSV file: ``row`` is a row's first-cell text or name, or a number."""

    def change(folder: Path) -> None:
        rows = read_csv(folder / name)
        header = rows[0]
        number = row if isinstance(row, int) else next(i for i, r in enumerate(rows) if row in r)
        rows[number][header.index(column)] = value
        write_csv(folder / name, rows)

    return change


def rows_edit(name: str, edit: Callable[[list[list[str]]], None]) -> Callable[[Path], None]:
    def change(folder: Path) -> None:
        rows = read_csv(folder / name)
        edit(rows)
        write_csv(folder / name, rows)

    return change


def _m(name: str, change: Callable[[Path], None], *expected: str) -> Any:
    return pytest.param(Mutation(name, change, expected), id=name)


T = TOML
MUTATIONS = [
    # TOML syntax and format
    _m("syntax", text_edit(T, "amount = 100\n", "amount = = 100\n"), T, "not valid TOML", "line"),
    _m("not utf-8", lambda f: (f / T).write_bytes(b"format = 1\n# \xff\n"), T, "not UTF-8"),
    _m("format 2", toml_edit(("format",), 2), T, "field 'format'", "expected 1", "got 2"),
    _m("format missing", toml_edit(("format",), DELETE), T, "field 'format': missing"),
    # numbers
    *(
        _m(
            f"wages.amount {value!r}",
            toml_edit(("wages", "amount"), value),
            T,
            "field 'wages.amount'",
            f"expected a whole number >= 0, got {got}",
        )
        for value, got in [("abc", "'abc'"), (-1, "-1"), (1.5, "1.5"), (True, "true"), ([], "[]")]
    ),
    _m("amount missing", toml_edit(("wages", "amount"), DELETE), T, "'wages.amount': missing"),
    _m("typo key", toml_edit(("wages", "amout"), 5), T, "'wages.amout'", "a key it does not have"),
    _m(
        "status",
        toml_edit(("wages", "status"), "legend"),
        T,
        "field 'wages.status'",
        "expected one of 'primary', 'secondary', 'interpretation', 'reconstruction'",
        "got 'legend'",
    ),
    _m("source missing", toml_edit(("wages", "source"), DELETE), T, "'wages.source': missing"),
    _m("section missing", toml_edit(("wages",), DELETE), T, "section [wages]: missing"),
    _m("section not a table", toml_edit(("wages",), 5), T, "field 'wages'", "expected a table"),
    _m(
        "undeclared pile",
        toml_edit(("wages", "paid_by"), "bank_of_england"),
        T,
        "field 'wages.paid_by'",
        "a pile in accounts.piles",
        "got 'bank_of_england'",
    ),
    _m(
        "pile not a name",
        toml_edit(("necessity_tax", "paid_to"), "Public Treasury"),
        T,
        "field 'necessity_tax.paid_to'",
        "the name of a pile",
    ),
    _m(
        "tax steps",
        toml_edit(("necessity_tax", "steps"), [[10]]),
        T,
        "field 'necessity_tax.steps[0]'",
        "a pair of whole numbers",
    ),
    _m(
        "bid steps",
        toml_edit(("sale", "bid_steps"), [5, "ten"]),
        T,
        "field 'sale.bid_steps[1]'",
        "got 'ten'",
    ),
    _m(
        "space off the board",
        toml_edit(("jail", "leave_from"), 40),
        T,
        "field 'jail.leave_from'",
        "a board index from 0 to 39",
        "got 40",
    ),
    _m("no piles", toml_edit(("accounts", "piles"), []), T, "'accounts.piles'", "non-empty list"),
    _m(
        "repeated piles",
        toml_edit(("accounts", "piles"), ["miscellaneous", "miscellaneous"]),
        T,
        "'accounts.piles'",
        "without repeats",
    ),
    _m(
        "wins table",
        toml_edit(("speculation", "wins_by_total"), {"5": "thirty"}),
        T,
        "field 'speculation.wins_by_total.5'",
        "got 'thirty'",
    ),
    _m(
        "percent",
        toml_edit(("speculation", "broker_share_percent"), 150),
        T,
        "'speculation.broker_share_percent'",
        "from 0 to 100",
    ),
    _m(
        "new section without provenance",
        toml_edit(("tax_rebate",), {"amount": 5}),
        T,
        "field 'tax_rebate.status': missing",
    ),
    _m(
        "new section with an undeclared pile",
        toml_edit(
            ("tax_rebate",), {"status": "primary", "source": "x", "paid_to": "the_poor_box"}
        ),
        T,
        "field 'tax_rebate.paid_to'",
        "accounts.piles",
    ),
    # players and starting cash
    _m(
        "min above max",
        toml_edit(("rule_set", "min_players"), 5),
        T,
        "field 'rule_set.max_players'",
        ">= min_players (5)",
    ),
    _m(
        "cash missing for a count",
        toml_edit(("rule_set", "max_players"), 5),
        T,
        "field 'starting_cash.by_players'",
        "from 2 to 5",
        "got amounts for 2, 3, 4",
    ),
    _m(
        "cash keys",
        toml_edit(("starting_cash", "by_players"), {"two": 600}),
        T,
        "field 'starting_cash.by_players'",
        "keys that are a whole number",
        "'two'",
    ),
    _m(
        "id",
        toml_edit(("rule_set", "id"), "Landlord's Game"),
        T,
        "field 'rule_set.id'",
        "lowercase letters",
    ),
    _m("title", toml_edit(("rule_set", "title"), DELETE), T, "'rule_set.title': missing"),
    _m(
        "board file",
        toml_edit(("rule_set", "board"), "nope.csv"),
        T,
        "field 'rule_set.board'",
        "a CSV file beside",
        "'nope.csv', which is not there",
    ),
    _m(
        "chance file",
        lambda f: (f / CHANCE).unlink(),
        T,
        "field 'rule_set.chance_deck'",
        "'landlords_game_chance.csv', which is not there",
    ),
    _m(
        "no chance deck for a board with Chance",
        toml_edit(("rule_set", "chance_deck"), DELETE),
        T,
        "field 'rule_set.chance_deck': missing",
    ),
    # board layout
    _m(
        "layout",
        toml_edit(("board_layout", "layout"), "spiral"),
        T,
        "field 'board_layout.layout'",
        "one of 'track', 'shuffled_track', 'grid'",
    ),
    _m(
        "corner off the board",
        toml_edit(("board_layout", "corners"), [0, 10, 20, 40]),
        T,
        "field 'board_layout.corners[3]'",
        "from 0 to 39",
    ),
    _m(
        "rows on a track",
        toml_edit(("board_layout", "rows"), 4),
        T,
        "'board_layout.rows'",
        "only a grid",
    ),
    _m(
        "grid of the wrong size",
        toml_edit(("board_layout",), {"layout": "grid", "rows": 6, "columns": 6}),
        T,
        "'board_layout.rows'",
        "rows x columns = 40",
        "got 6 x 6",
    ),
    _m(
        "side space re-entering off the board",
        toml_edit(
            ("board_layout", "side_spaces"),
            [{"name": "College", "kind": "college", "reenter_at": 99}],
        ),
        T,
        "field 'board_layout.side_spaces[0].reenter_at'",
        "from 0 to 39",
    ),
    _m(
        "half a provenance",
        toml_edit(("board_layout", "status"), DELETE),
        T,
        "field 'board_layout.status': missing",
    ),
    # options
    _m("options", toml_edit(("options",), 3), T, "field 'options'", "a table"),
    _m(
        "option kind",
        toml_edit(("options", "advanced", "kind"), "boolean"),
        T,
        "field 'options.advanced.kind'",
        "one of 'bool', 'int', 'choice'",
    ),
    _m(
        "option default",
        toml_edit(("options", "advanced", "default"), "no"),
        T,
        "field 'options.advanced.default'",
        "true or false",
    ),
    _m(
        "default missing, no target",
        toml_edit(("options", "advanced", "default"), DELETE),
        T,
        "field 'options.advanced.default'",
        "a default (an option without a target needs one)",
    ),
    _m(
        "followed default the option cannot take",
        toml_edit(("wages", "amount"), 2.5),
        T,
        "field 'wages.amount'",
    ),
    _m(
        "when_true value",
        toml_edit(("options", "advanced", "when_true", "houses.limit"), -3),
        T,
        "field 'options.advanced.when_true.houses.limit'",
        "a whole number >= 0",
    ),
    _m(
        "when_true path",
        toml_edit(("options", "advanced", "when_true"), {"houses.limitt": 3}),
        T,
        "field 'options.advanced.when_true.houses.limitt'",
        "a dotted name of a value in this file",
    ),
    _m(
        "board target",
        toml_edit(("options", "wayback_rent", "target"), "board.Waybak.land_rent"),
        T,
        "field 'options.wayback_rent.target'",
        "board.<space>.<field>",
        "got 'board.Waybak.land_rent'",
    ),
    _m(
        "board target field",
        toml_edit(("options", "wayback_rent", "target"), "board.Wayback.colour"),
        T,
        "field 'options.wayback_rent.target'",
        "price, land_rent, fee",
    ),
    _m(
        "params target",
        toml_edit(("options", "round_limit", "target"), "end.nothing"),
        T,
        "field 'options.round_limit.target'",
        "like 'end.round_limit'",
    ),
    _m(
        "target missing",
        toml_edit(("options", "round_limit", "target"), DELETE),
        T,
        "field 'options.round_limit.target': missing",
    ),
    _m(
        "default disagrees with the data",
        toml_edit(("options", "round_limit", "default"), 3),
        T,
        "field 'options.round_limit.default'",
        "expected 0, the value of end.round_limit",
        "got 3",
    ),
    _m(
        "choice",
        toml_edit(("options", "speculation_stake_to", "choices"), ["miscellaneous", "the_mob"]),
        T,
        "field 'options.speculation_stake_to.choices[1]'",
        "got 'the_mob'",
    ),
    _m(
        "choices missing",
        toml_edit(("options", "speculation_stake_to", "choices"), DELETE),
        T,
        "field 'options.speculation_stake_to.choices': missing",
    ),
    _m(
        "when_true on an int",
        toml_edit(("options", "wages_times", "when_true"), {"houses.limit": 3}),
        T,
        "field 'options.wages_times.when_true'",
        "only a bool option",
    ),
    _m(
        "older_saves not among the choices",
        toml_edit(("options", "treasury_spends", "older_saves"), "half"),
        T,
        "field 'options.treasury_spends.older_saves'",
        "got 'half'",
    ),
    # the board CSV
    _m(
        "price not a number",
        cell_edit(BOARD, "Lonely Lane", "price", "x"),
        BOARD,
        "row 5 (Lonely Lane), column 'price': expected a whole number >= 0, got 'x'",
    ),
    _m(
        "lot without a price",
        cell_edit(BOARD, "Lonely Lane", "price", ""),
        BOARD,
        "row 5 (Lonely Lane), column 'price'",
        "a lot has a price",
        "an empty cell",
    ),
    _m(
        "negative rent",
        cell_edit(BOARD, "Lonely Lane", "land_rent", "-2"),
        BOARD,
        "row 5 (Lonely Lane), column 'land_rent'",
        "a whole number >= 0, got '-2'",
    ),
    _m(
        "lot without a land rent",
        cell_edit(BOARD, "The Pike", "land_rent", ""),
        BOARD,
        "row 8 (The Pike), column 'land_rent'",
        "a lot has a land rent",
    ),
    _m(
        "railroad without a price",
        cell_edit(BOARD, "Royal Rusher R.R.", "price", ""),
        BOARD,
        "row 7 (Royal Rusher R.R.), column 'price'",
        "a railroad has a price",
    ),
    _m(
        "franchise without a price",
        cell_edit(BOARD, "Slambang Trolley", "price", ""),
        BOARD,
        "column 'price'",
        "a franchise has a price",
    ),
    _m(
        "speculation without a price",
        cell_edit(BOARD, "Speculation", "price", ""),
        BOARD,
        "row 10 (Speculation), column 'price'",
        "a speculation has a price",
    ),
    _m(
        "kind",
        cell_edit(BOARD, "Lonely Lane", "kind", "castle"),
        BOARD,
        "row 5 (Lonely Lane), column 'kind'",
        "one of 'mother_earth', 'lot'",
        "got 'castle'",
    ),
    _m(
        "index out of order",
        cell_edit(BOARD, "Lonely Lane", "index", "4"),
        BOARD,
        "row 5 (Lonely Lane), column 'index'",
        "expected 3 (indices run 0, 1, 2, ... in order, with no gaps), got '4'",
    ),
    _m(
        "gap in the indices",
        rows_edit(BOARD, lambda rows: rows.pop(4)),
        BOARD,
        "row 5 (D. F. Hogg's Game Preserves), column 'index': expected 3",
    ),
    _m(
        "no name",
        cell_edit(BOARD, "Lonely Lane", "name", ""),
        BOARD,
        "row 5, column 'name'",
        "non-empty text",
    ),
    _m(
        "part of the section rents",
        cell_edit(BOARD, "Lonely Lane", "rent_section_2", ""),
        BOARD,
        "row 5 (Lonely Lane), column 'rent_section_2'",
        "fill all three",
    ),
    _m(
        "price status",
        cell_edit(BOARD, "Lonely Lane", "price_status", "certain"),
        BOARD,
        "row 5 (Lonely Lane), column 'price_status'",
        "one of 'primary'",
        "got 'certain'",
    ),
    _m(
        "status without a source",
        cell_edit(BOARD, "Lonely Lane", "price_source", ""),
        BOARD,
        "row 5 (Lonely Lane), column 'price_source'",
        "where the value comes from",
    ),
    _m(
        "missing column",
        cell_edit(BOARD, 0, "kind", "sort"),
        BOARD,
        "row 1 (the header)",
        "the columns index, name, kind",
        "no column 'kind'",
    ),
    _m(
        "unknown column",
        rows_edit(BOARD, lambda rows: [row.append("x") for row in rows]),
        BOARD,
        "row 1 (the header)",
        "got a column 'x'",
    ),
    _m(
        "extra cell",
        rows_edit(BOARD, lambda rows: rows[4].append("x")),
        BOARD,
        "row 5: expected 17 cells, one per column, got 18 cells",
    ),
    _m(
        "empty board",
        rows_edit(BOARD, lambda rows: rows.__delitem__(slice(1, None))),
        BOARD,
        "at least one row below the header",
    ),
    _m(
        "bad CSV",
        lambda f: (f / BOARD).write_text('index,name,kind\n0,"Go\x00,blank\n', "utf-8"),
        BOARD,
        "a well-formed CSV row",
    ),
    # the Chance CSV
    _m(
        "go_to off the board",
        cell_edit(CHANCE, "Go to Wall Street.", "target", "40"),
        CHANCE,
        "row 6 (Go to Wall Street.), column 'target'",
        "a board index from 0 to 39, got '40'",
    ),
    _m(
        "go_to without a target",
        cell_edit(CHANCE, "Go to Wall Street.", "target", ""),
        CHANCE,
        "column 'target'",
        "a go_to card has a target space",
    ),
    _m(
        "effect",
        cell_edit(CHANCE, "Take another turn.", "effect", "teleport"),
        CHANCE,
        "row 3 (Take another turn.), column 'effect'",
        "one of 'advance', 'go_to'",
        "got 'teleport'",
    ),
    _m(
        "undeclared pile on a card",
        cell_edit(CHANCE, "Pay $100 in taxes.", "pile", "bank"),
        CHANCE,
        "row 7 (Pay $100 in taxes.), column 'pile'",
        "one of the piles in accounts.piles ('miscellaneous', 'public_treasury')",
        "got 'bank'",
    ),
    _m(
        "pay card without a pile",
        cell_edit(CHANCE, "Pay $100 in taxes.", "pile", ""),
        CHANCE,
        "column 'pile'",
        "got an empty cell",
    ),
    _m(
        "pay card without an amount",
        cell_edit(CHANCE, "Pay $100 in taxes.", "amount", ""),
        CHANCE,
        "column 'amount'",
        "a pay card has an amount",
    ),
    _m(
        "card status",
        cell_edit(CHANCE, "Take another turn.", "status", "legend"),
        CHANCE,
        "column 'status'",
        "got 'legend'",
    ),
    _m(
        "card without provenance",
        rows_edit(CHANCE, lambda rows: rows[2].__setitem__(slice(6, 8), ["", ""])),
        CHANCE,
        "row 3 (Take another turn.), column 'status'",
        "got an empty cell",
    ),
    _m(
        "no copies",
        cell_edit(CHANCE, "Take another turn.", "copies", "0"),
        CHANCE,
        "column 'copies'",
        "a whole number >= 1",
    ),
]


@pytest.mark.parametrize("mutation", MUTATIONS)
def test_a_malformed_file_is_refused_with_a_clear_message(data_dir, mutation):
    mutation.change(data_dir)
    with pytest.raises(RulesError) as error:
        load_rules(data_dir / TOML)
    message = str(error.value)
    for fragment in mutation.expected:
        assert fragment in message, message
    assert error.value.path is not None
    assert error.value.path.name == mutation.expected[0]
    assert "Traceback" not in message


def test_a_missing_file_is_refused(tmp_path):
    with pytest.raises(RulesError, match=r"nothing\.toml: cannot be read"):
        load_rules(tmp_path / "nothing.toml")


def test_a_registered_file_must_carry_its_own_id(tmp_path, monkeypatch):
    from landlord.rules import loader

    data = shipped_toml()
    data["rule_set"]["id"] = "something_else"
    for name in (BOARD, CHANCE):
        shutil.copy(RULES_DIR / name, tmp_path / name)
    write_toml(tmp_path / TOML, data)
    monkeypatch.setattr(loader, "registered", lambda: {"landlords_game": tmp_path / TOML})
    with pytest.raises(RulesError, match=r"field 'rule_set\.id': expected 'landlords_game'"):
        load_rules("landlords_game")


# --- Other board layouts -------------------------------------------------------------------

SMALL_BOARD = """index,name,kind,price,land_rent,section
0,Start,mother_earth,,,
1,Low Road,lot,10,1,1
2,Nothing,blank,,,
3,High Road,lot,20,3,2
4,Also Low,lot,10,1,1
5,Nothing Again,blank,,,
"""


def small_rule_set(folder: Path, layout: str) -> Path:
    return write_rule_set(folder, "small", layout, SMALL_BOARD, players=3)


def test_a_grid_board_loads(tmp_path):
    rules = load_rules(small_rule_set(tmp_path, 'layout = "grid"\nrows = 2\ncolumns = 3'))
    board = rules.board
    assert (board.layout, board.rows, board.columns, len(board.spaces)) == ("grid", 2, 3, 6)
    assert board.spaces[1 * 3 + 2].kind == "blank"
    assert board.spaces[3].section_rents == (3, 6, 12, 24)  # doubling when none are given
    assert rules.chance_deck == ()
    assert rules.starting_cash == {2: 100, 3: 90}


def test_a_grid_must_have_its_size(tmp_path):
    with pytest.raises(RulesError, match=r"small\.toml: field 'board_layout\.rows'.* got 3 x 3"):
        load_rules(small_rule_set(tmp_path, 'layout = "grid"\nrows = 3\ncolumns = 3'))


def test_a_shuffled_track_loads(tmp_path):
    rules = load_rules(small_rule_set(tmp_path, 'layout = "shuffled_track"\ncorners = [0, 3]'))
    assert rules.board.layout == "shuffled_track"
    assert rules.board.corners == (0, 3)
    assert [space.section for space in rules.board.spaces] == [None, 1, None, 2, 1, None]


def test_side_spaces_load(tmp_path):
    layout = """layout = "track"
[[board_layout.side_spaces]]
name = "Natural Opportunity 1"
kind = "natural_opportunity"
reenter_at = 2
wages = 40
rent = 10
status = "secondary"
source = "Prosperity rules, reported"

[[board_layout.side_spaces]]
name = "Natural Opportunity 2"
kind = "natural_opportunity"
reenter_at = 5
"""
    side_spaces = load_rules(small_rule_set(tmp_path, layout)).board.side_spaces
    assert [(s.name, s.reenter_at, s.wages, s.rent) for s in side_spaces] == [
        ("Natural Opportunity 1", 2, 40, 10),
        ("Natural Opportunity 2", 5, 0, 0),
    ]
    assert side_spaces[0].source.status == "secondary"
    assert side_spaces[1].source is None


# --- Random corruption never escapes as anything but a RulesError -------------------------

TOML_VALUES = st.one_of(
    st.integers(-(10**6), 10**6).map(str),
    st.booleans().map(lambda flag: "true" if flag else "false"),
    st.floats(allow_nan=False, allow_infinity=False).map(repr),
    st.text(max_size=20).map(json.dumps),
    st.lists(st.integers(-5, 50), max_size=4).map(str),
    st.sampled_from(
        [
            "{}",
            "{ a = 1 }",
            "[[1, 2]]",
            "[[10, 20], [25]]",
            '["miscellaneous", "miscellaneous"]',
            '"primary"',
            '"broker"',
            '"public_treasury"',
            '"grid"',
            '"choice"',
            '"board.Wayback.land_rent"',
            '"board.Chance.fee"',
            '"end.round_limit"',
            '"landlords_game_board.csv"',
            "[0, 10, 20, 40]",
            '{ "houses.limit" = 3 }',
            '{ "2" = 600 }',
        ]
    ),
    st.text(max_size=10),  # not TOML at all
)

_SHIPPED_LINES = (RULES_DIR / TOML).read_text(encoding="utf-8").splitlines()
_ASSIGNMENTS = [n for n, line in enumerate(_SHIPPED_LINES) if " = " in line and line[0] != "#"]
_numbers = itertools.count()


@pytest.fixture(scope="module")
def corruption_dir(tmp_path_factory):
    folder = tmp_path_factory.mktemp("corrupt")
    for name in (BOARD, CHANCE):
        shutil.copy(RULES_DIR / name, folder / name)
    return folder


def _load_or_refuse(path: Path) -> None:
    """Load ``path``; a refusal must be a RulesError naming one of the files."""
    try:
        load_rules(path)
    except RulesError as error:
        message = str(error)
    else:
        return
    assert message.startswith((path.name, "landlords_game", "board_")), message


@settings(max_examples=300, deadline=None)
@given(line=st.sampled_from(_ASSIGNMENTS), value=st.one_of(st.none(), TOML_VALUES))
def test_random_corruptions_of_the_toml_raise_only_rules_errors(corruption_dir, line, value):
    lines = list(_SHIPPED_LINES)
    key = lines[line].split(" = ", 1)[0]
    lines[line] = "" if value is None else f"{key} = {value}"
    path = corruption_dir / f"mutant_{next(_numbers)}.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    _load_or_refuse(path)


_BOARD_ROWS = read_csv(RULES_DIR / BOARD)


@settings(max_examples=200, deadline=None)
@given(
    row=st.integers(0, len(_BOARD_ROWS) - 1),
    column=st.integers(0, len(_BOARD_ROWS[0]) - 1),
    value=st.one_of(st.text(max_size=8), st.integers(-3, 60).map(str)),
)
def test_random_corruptions_of_the_board_raise_only_rules_errors(
    corruption_dir, row, column, value
):
    number = next(_numbers)
    rows = [list(r) for r in _BOARD_ROWS]
    rows[row][column] = value
    write_csv(corruption_dir / f"board_{number}.csv", rows)
    lines = [
        f'board = "board_{number}.csv"' if line.startswith("board = ") else line
        for line in _SHIPPED_LINES
    ]
    path = corruption_dir / f"mutant_{number}.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    _load_or_refuse(path)


# --- The command line ----------------------------------------------------------------------


def test_rules_lists_the_rule_sets(capsys):
    assert cli.main(["rules"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split() == ["id", "title", "edition", "players", "status"]
    (row,) = [line for line in out if line.startswith("landlords_game ")]
    assert "The Landlord's Game" in row
    assert row.split()[-2:] == ["2-4", "playable"]


def test_rules_lists_as_json(capsys):
    assert cli.main(["rules", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    (entry,) = [entry for entry in listed if entry["id"] == "landlords_game"]
    assert entry["players"] == "2-4"
    assert entry["status"] == "playable"


def test_rules_shows_one_rule_set(capsys):
    assert cli.main(["rules", "landlords_game"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("The Landlord's Game (landlords_game)")
    assert "2-4 players" in out
    options = out.split("options:")[1].split("where the numbers come from:")[0]
    for shown in ("advanced", "wayback_rent", "false", "interpretation"):
        assert shown in options
    sources = out.split("where the numbers come from:")[1]
    assert re.search(r"\n  wages +primary +Rule 3:", sources)
    assert re.search(r"\n  land_value_tax +modern +A modern extension", sources)
    assert "board values: 34 primary, 29 secondary, 0 interpretation, 0 reconstruction" in sources
    assert "Chance pack: 16 cards, all reconstruction" in sources


def test_rules_shows_one_rule_set_as_json(capsys):
    assert cli.main(["rules", "landlords_game", "--json"]) == 0
    details = json.loads(capsys.readouterr().out)
    assert details["id"] == "landlords_game"
    assert [option["name"] for option in details["options"]][:2] == ["advanced", "wayback_rent"]
    assert details["options"][1]["status"] == "interpretation"
    provenance = details["provenance"]
    assert provenance["sections"]["wages"]["status"] == "primary"
    assert provenance["board_values"]["reconstruction"] == 0
    assert provenance["chance"] == {"cards": 16, "by_status": {"reconstruction": 16}}


def test_rules_shows_a_file_of_ones_own(data_dir, capsys):
    assert cli.main(["rules", str(data_dir / TOML)]) == 0
    assert "(landlords_game)" in capsys.readouterr().out


def test_rules_with_an_unknown_id_prints_usage_and_exits_2(capsys):
    with pytest.raises(SystemExit) as exit_info:
        cli.main(["rules", "monopolee"])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: landlord rules")
    assert "error: unknown rule set 'monopolee'" in err
    assert "landlords_game" in err


def test_rules_with_a_malformed_file_says_why_and_exits_2(data_dir, capsys):
    # A bad file is bad input: the usage, one line naming the file and the field, exit 2.
    cell_edit(BOARD, "Lonely Lane", "price", "x")(data_dir)
    with pytest.raises(SystemExit) as exit_info:
        cli.main(["rules", str(data_dir / TOML)])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert "landlords_game_board.csv: row 5 (Lonely Lane), column 'price'" in err
    assert "Traceback" not in err


def test_an_option_value_must_fit_the_place_it_sets(data_dir):
    with (data_dir / TOML).open("a", encoding="utf-8") as handle:
        handle.write(
            '\n[options.leave_jail_at]\nkind = "int"\ndefault = 10\ntitle = "Leave Jail from"\n'
            'status = "interpretation"\nsource = "a test"\ntarget = "jail.leave_from"\n'
        )
    assert load_rules(data_dir / TOML, leave_jail_at=12).jail.leave_from == 12
    with pytest.raises(RulesError, match=r"option 'leave_jail_at': expected a board index from 0"):
        load_rules(data_dir / TOML, leave_jail_at=40)


def test_the_kits_readings_of_ambiguous_rules_are_listed_as_interpretations(capsys):
    rules = load_rules("landlords_game")
    assert rules.provenance["readings"].status == "interpretation"
    assert cli.main(["rules", "landlords_game"]) == 0
    out = capsys.readouterr().out
    assert "our readings where the rules are ambiguous or silent (interpretation):" in out
    assert "either_way: Rule 2: 'between the Chances' (spaces 22 and 37)" in out
    assert cli.main(["rules", "landlords_game", "--json"]) == 0
    readings = json.loads(capsys.readouterr().out)["readings"]
    assert {"railroad_pass", "trust", "poor_house", "speculation_double"} <= set(readings)


def test_copies_of_a_rule_set_share_its_tables_until_one_is_changed():
    """load_rules gives a fresh copy each call; the look-up tables are built once for
    the unchanged copies (a loop of landlord.play did it every game: 14 ms of 22)."""
    import pickle

    from landlord.families.magie.tables import tables_for
    from landlord.families.monopoly.estates import estate_tables

    first, second = load_rules("landlords_game"), load_rules("landlords_game")
    assert first is not second
    assert tables_for(first) is tables_for(second)
    assert tables_for(load_rules("landlords_game", advanced=True)) is not tables_for(first)
    changed = load_rules("landlords_game")
    changed.params["jail"]["leave_from"] = 0  # the caller's to change
    assert tables_for(changed) is not tables_for(first)
    assert tables_for(changed).jail == 0
    later = load_rules("monopoly_us"), load_rules("monopoly_us")
    assert estate_tables(later[0]) is estate_tables(later[1])
    # A copy sent to another process does not carry the loader's rule set along.
    assert pickle.loads(pickle.dumps(first)).origin is None


def test_copies_of_a_rule_set_share_its_sections_until_one_is_changed():
    first, second = load_rules("landlords_game"), load_rules("landlords_game")
    assert first.jail is second.jail
    changed = load_rules("landlords_game")
    changed.params["jail"]["fine"] = 7
    assert changed.jail.fine == 7
    assert first.jail.fine == 50
