"""Reading a rule set's board and Chance pack from their CSV files.

Both files are plain spreadsheets, one row per space or per card, so a
teacher can open them in any spreadsheet program. An error names the row as
the spreadsheet numbers it (the header is row 1) and the column. Empty cells
read as ``None`` for numbers and ``""`` for text.
"""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass
from pathlib import Path
from typing import cast

from landlord import limits
from landlord.rules.model import (
    CHANCE_EFFECTS,
    PROVENANCE_STATUSES,
    SPACE_KINDS,
    ChanceCard,
    Provenance,
    Space,
)
from landlord.rules.schema import COUNT, INTEGER, NAME, STATUS, WHOLE, Invalid, Kind, one_of

__all__ = ["BOARD_COLUMNS", "CHANCE_COLUMNS", "board_key", "read_board", "read_chance"]

#: The columns of a board file; ``True`` marks the ones it must have.
BOARD_COLUMNS = {
    "index": True,
    "name": True,
    "kind": True,
    "price": False,
    "land_rent": False,
    "rent_section_1": False,
    "rent_section_2": False,
    "rent_section_3": False,
    "rent_1_house": False,
    "rent_2_houses": False,
    "rent_3_houses": False,
    "rent_4_houses": False,
    "rent_hotel": False,
    "house_cost": False,
    "mortgage": False,
    "fee": False,
    "section": False,
    "rule": False,
    "colour": False,
    "price_status": False,
    "price_source": False,
    "rent_status": False,
    "rent_source": False,
    "notes": False,
}

#: The columns of a Chance file; ``True`` marks the ones it must have.
CHANCE_COLUMNS = {
    "text": True,
    "effect": True,
    "amount": False,
    "per_hotel": False,
    "target": False,
    "pile": False,
    "copies": False,
    "status": True,
    "source": True,
}

#: Space kinds sold as a card, which therefore need a price.
PRICED_KINDS = ("lot", "railroad", "franchise", "speculation", "street", "utility")

#: Kinds only the later game has, which may be mortgaged and so need a mortgage value
#: (its railroads have one too; the 1906 railroads have none).
MORTGAGED_KINDS = ("street", "utility")

#: A street's rent columns beyond the unimproved rent: 1 to 4 houses, and a hotel.
LADDER_COLUMNS = ("rent_1_house", "rent_2_houses", "rent_3_houses", "rent_4_houses", "rent_hotel")

#: Chance effects that move money to or from a pile named on the card.
PILE_EFFECTS = ("pay", "collect", "pay_or_chance")

#: Chance effects that need an amount (of money, or of spaces to move).
AMOUNT_EFFECTS = (
    "advance",
    "pay",
    "collect",
    "collect_from_each",
    "pay_each",
    "nearest_railroad",
    "nearest_utility",
    "repairs",
    "pay_or_chance",
)

#: Chance effects that need a target space.
TARGET_EFFECTS = ("go_to", "go_back_to")

_NUMBER = re.compile(r"[+-]?[0-9]+")


@dataclass(frozen=True)
class _Row:
    """One row of a CSV file, with its row number as a spreadsheet shows it."""

    cells: dict[str, str]
    number: int
    label: str

    def where(self, column: str) -> str:
        label = f" ({self.label})" if self.label else ""
        return f"row {self.number}{label}, column '{column}'"

    def text(self, column: str) -> str:
        return (self.cells.get(column) or "").strip()

    def number_in(self, column: str, kind: Kind = WHOLE, needed_by: str = "") -> int | None:
        """The cell as a whole number of ``kind``; ``None`` if empty and not needed."""
        raw = self.text(column)
        if raw == "":
            if needed_by:
                raise Invalid(
                    self.where(column), f"{kind.expected} ({needed_by})", got_text="an empty cell"
                )
            return None
        # More than 20 characters cannot be a 64-bit number (nor, past 4,300, a number).
        if len(raw) > 20 or _NUMBER.fullmatch(raw) is None or not kind.accepts(int(raw)):
            raise Invalid(self.where(column), kind.expected, raw)
        return int(raw)

    def choice(self, column: str, kind: Kind) -> str:
        raw = self.text(column)
        if not kind.accepts(raw):
            raise Invalid(
                self.where(column), kind.expected, got_text=repr(raw) if raw else "an empty cell"
            )
        return raw

    def provenance(self, status_column: str, source_column: str) -> Provenance | None:
        """The (status, source) pair in two cells: both filled, or both empty."""
        status, source = self.text(status_column), self.text(source_column)
        if not status and not source:
            return None
        if status not in PROVENANCE_STATUSES:
            raise Invalid(
                self.where(status_column),
                STATUS.expected,
                got_text=repr(status) if status else "an empty cell",
            )
        if not source:
            raise Invalid(
                self.where(source_column),
                f"where the value comes from ({status_column} is {status!r})",
                got_text="an empty cell",
            )
        return Provenance(status, source)


def _read_rows(path: Path, columns: dict[str, bool], label_column: str) -> list[_Row]:
    """Read a CSV file whose header must hold the required ``columns`` and no others."""
    rows: list[_Row] = []
    # utf-8-sig: spreadsheet programs often start a UTF-8 CSV with a byte-order mark.
    with path.open(encoding="utf-8-sig", newline="") as handle:
        reader = csv.DictReader(handle, strict=True)
        try:
            header = reader.fieldnames or []
            expected = "the columns " + ", ".join(columns)
            for column in columns:
                if columns[column] and column not in header:
                    raise Invalid("row 1 (the header)", expected, got_text=f"no column {column!r}")
            for column in header:
                if column not in columns or header.count(column) > 1:
                    raise Invalid(
                        "row 1 (the header)", f"only {expected}", got_text=f"a column {column!r}"
                    )
            for cells in reader:
                if None in cells:
                    raise Invalid(
                        f"row {reader.line_num}",
                        f"{len(header)} cells, one per column",
                        got_text=f"{len(header) + len(cells[None])} cells",
                    )
                if len(rows) >= limits.CSV_ROWS:
                    raise Invalid(
                        f"row {reader.line_num}",
                        f"at most {limits.CSV_ROWS:,} rows below the header",
                        got_text="more",
                    )
                label = (cells.get(label_column) or "").strip()
                rows.append(_Row(cells, reader.line_num, label))
        except csv.Error as error:
            where = f"row {reader.line_num}"
            raise Invalid(where, "a well-formed CSV row", got_text=str(error)) from None
        except UnicodeDecodeError as error:
            raise Invalid(
                "the file", "text in UTF-8", got_text=f"a byte it cannot decode ({error.reason})"
            ) from None
    if not rows:
        raise Invalid("the file", "at least one row below the header", got_text="none")
    return rows


def read_board(path: Path) -> tuple[Space, ...]:
    """Read a board file: one :class:`Space` per row, indices 0, 1, 2, ... in order.

    Raises :class:`~landlord.rules.schema.Invalid` naming the row and column
    of the first value that is not what a board needs.
    """
    spaces = []
    for position, row in enumerate(_read_rows(path, BOARD_COLUMNS, "name")):
        index = row.number_in("index")
        if index != position:
            raise Invalid(
                row.where("index"),
                f"{position} (indices run 0, 1, 2, ... in order, with no gaps)",
                got_text=repr(row.text("index")),
            )
        row.choice("name", NAME)
        kind = row.choice("kind", one_of(SPACE_KINDS))
        price = row.number_in(
            "price", needed_by=f"a {kind} has a price" if kind in PRICED_KINDS else ""
        )
        land_rent = row.number_in(
            "land_rent", needed_by=f"a {kind} has a land rent" if kind in ("lot", "street") else ""
        )
        street = kind == "street"
        ladder = tuple(
            row.number_in(column, needed_by="a street has its rent ladder" if street else "")
            for column in LADDER_COLUMNS
        )
        house_cost = row.number_in(
            "house_cost", needed_by="a street has a house cost" if street else ""
        )
        mortgage = row.number_in(
            "mortgage",
            needed_by=f"a {kind} has a mortgage value" if kind in MORTGAGED_KINDS else "",
        )
        doubled = [row.number_in(f"rent_section_{n}") for n in (1, 2, 3)]
        section_rents: tuple[int, ...] = ()
        if kind == "lot" and land_rent is not None:
            if None in doubled and doubled != [None] * 3:
                column = f"rent_section_{doubled.index(None) + 1}"
                raise Invalid(
                    row.where(column),
                    f"{WHOLE.expected} (fill all three rent_section columns, or none)",
                    got_text="an empty cell",
                )
            # No section rents given: the land rent doubles with each house level (advanced rules).
            rents = doubled if None not in doubled else [land_rent * 2**n for n in (1, 2, 3)]
            section_rents = (land_rent, *rents)
        spaces.append(
            Space(
                index=position,
                name=row.label,
                kind=kind,
                price=price,
                land_rent=land_rent,
                section_rents=section_rents,
                fee=row.number_in("fee"),
                section=row.number_in("section"),
                rule=row.text("rule"),
                colour=row.text("colour"),
                price_source=row.provenance("price_status", "price_source"),
                rent_source=row.provenance("rent_status", "rent_source"),
                notes=row.text("notes"),
                rents=ladder if street else (),  # type: ignore[arg-type]
                house_cost=house_cost,
                mortgage=mortgage,
            )
        )
    return tuple(spaces)


def board_key(spaces: tuple[Space, ...], index: int) -> str:
    """How a dotted name refers to a space: by its name, or by index when the name repeats.

    Examples
    --------
    >>> spaces = (Space(0, "Go", "blank"), Space(1, "Chance", "chance"))
    >>> spaces += (Space(2, "Chance", "chance"),)
    >>> board_key(spaces, 0), board_key(spaces, 2)
    ('Go', '2')
    """
    name = spaces[index].name
    return name if sum(space.name == name for space in spaces) == 1 else str(index)


def board_provenance(spaces: tuple[Space, ...]) -> dict[str, Provenance]:
    """Provenance of each board value, as ``board.<space>.<field>``.

    A space's ``price_status`` covers its price, or its fee when it has no
    price; its ``rent_status`` covers its land rent, or its fee when it has no
    land rent (a necessity's tax, a railroad's fare, the Speculation stake).
    """
    provenance = {}
    for space in spaces:
        key = f"board.{board_key(spaces, space.index)}"
        for source, own in ((space.price_source, "price"), (space.rent_source, "land_rent")):
            if source is not None:
                name = own if getattr(space, own) is not None or space.fee is None else "fee"
                provenance[f"{key}.{name}"] = source
    return provenance


def read_chance(
    path: Path, piles: tuple[str, ...], board_size: int, deck: str = "chance"
) -> tuple[tuple[ChanceCard, ...], dict[str, Provenance]]:
    """Read a Chance (or Community Chest) file: one :class:`ChanceCard` per row,
    and each card's provenance, keyed ``<deck>.<row>``.

    ``piles`` are the piles of money a card may pay to or collect from;
    ``board_size`` bounds a ``go_to`` card's target.
    """
    cards = []
    provenance: dict[str, Provenance] = {}
    for number, row in enumerate(_read_rows(path, CHANCE_COLUMNS, "text")):
        row.choice("text", NAME)
        effect = row.choice("effect", one_of(CHANCE_EFFECTS))
        amount = row.number_in(
            "amount",
            INTEGER if effect == "advance" else WHOLE,  # "Go back three spaces" is -3
            needed_by=f"a {effect} card has an amount" if effect in AMOUNT_EFFECTS else "",
        )
        target = row.number_in(
            "target",
            Kind(
                f"a board index from 0 to {board_size - 1}",
                lambda i: 0 <= cast(int, i) < board_size,
            ),
            needed_by=f"a {effect} card has a target space" if effect in TARGET_EFFECTS else "",
        )
        pile = row.text("pile")
        if pile or effect in PILE_EFFECTS:
            names = ", ".join(map(repr, piles))
            row.choice(
                "pile", Kind(f"one of the piles in accounts.piles ({names})", piles.__contains__)
            )
        source = row.provenance("status", "source")
        if source is None:
            raise Invalid(row.where("status"), STATUS.expected, got_text="an empty cell")
        cards.append(
            ChanceCard(
                text=row.label,
                effect=effect,
                amount=amount or 0,
                target=target,
                pile=pile,
                copies=row.number_in("copies", COUNT) or 1,
                source=source,
                per_hotel=row.number_in("per_hotel") or 0,
            )
        )
        provenance[f"{deck}.{number}"] = source
    return tuple(cards), provenance
