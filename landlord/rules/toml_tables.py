"""Building from the TOML tables that need more than a schema.

The starting cash must cover every number of players; the board layout must
fit the board file; and a value that names a pile of money or a board space
must name one that exists. :class:`References` checks the last, for any
value whose kind is :data:`~landlord.rules.schema.PILE` or
:data:`~landlord.rules.schema.SPACE`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, cast

from landlord.rules import schema
from landlord.rules.model import Board, Provenance, SideSpace, Space
from landlord.rules.schema import MISSING, PILE, SPACE, Invalid, Kind, check_table

__all__ = ["References", "board", "cash_by_players", "provenance", "starting_cash"]


@dataclass(frozen=True)
class References:
    """Checks a value against its kind and the piles and spaces it refers to."""

    piles: tuple[str, ...]
    board_size: int

    def __call__(self, kind: Kind | None, value: object, dotted: str) -> None:
        if kind is None:
            return
        kind.check(value, dotted)
        if kind is PILE and value not in self.piles + schema.ROLES:
            names = ", ".join(map(repr, self.piles + schema.ROLES))
            raise Invalid(
                schema.field(dotted), f"a pile in accounts.piles or a role: {names}", value
            )
        if kind is SPACE and cast(int, value) >= self.board_size:
            expected = f"a board index from 0 to {self.board_size - 1}"
            raise Invalid(schema.field(dotted), expected, value)
        if kind.item is SPACE:
            for number, item in enumerate(cast("list[object]", value)):
                self(SPACE, item, f"{dotted}[{number}]")


def starting_cash(table: object, about: Mapping[str, object]) -> dict[int, int]:
    """Each number of players allowed, and the cash every player starts with.

    ``starting_cash.by_players`` must name every number of players; a
    ``starting_cash.each`` above 0 (an option may set it) overrides it.
    """
    checked = check_table(table, schema.STARTING_CASH, "starting_cash")
    # [rule_set] is checked: its numbers of players are whole numbers.
    counts = range(cast(int, about["min_players"]), cast(int, about["max_players"]) + 1)
    cash = {int(players): amount for players, amount in _by_players(checked).items()}
    if sorted(cash) != list(counts):
        raise Invalid(
            "field 'starting_cash.by_players'",
            f"an amount for each number of players from {counts.start} to {counts.stop - 1}",
            got_text="amounts for " + (", ".join(map(str, sorted(cash))) or "none"),
        )
    return cash_by_players(checked)


def cash_by_players(table: Mapping[str, object]) -> dict[int, int]:
    """The starting cash for each number of players, from a checked ``[starting_cash]``."""
    cash = {int(players): amount for players, amount in _by_players(table).items()}
    return dict.fromkeys(cash, cast(int, table["each"])) if table.get("each") else cash


def _by_players(table: Mapping[str, object]) -> dict[str, int]:
    """``by_players`` of a checked ``[starting_cash]``: amounts by numbers of players."""
    return cast("dict[str, int]", table["by_players"])


def board(
    layout: Mapping[str, object], spaces: tuple[Space, ...], csv_name: str, check: References
) -> Board:
    """The :class:`Board` that ``[board_layout]`` (checked) describes, around ``spaces``."""
    # Held to its schema: each value is of its kind (rows: a whole number, ...).
    checked: Mapping[str, Any] = layout
    kind = checked.get("layout", "track")
    rows, columns = checked.get("rows", 0), checked.get("columns", 0)
    if kind == "grid" and rows * columns != len(spaces):
        raise Invalid(
            "field 'board_layout.rows'",
            f"rows x columns = {len(spaces)}, the number of spaces in {csv_name}",
            got_text=f"{rows} x {columns}",
        )
    if kind != "grid" and (rows or columns):
        raise Invalid(
            "field 'board_layout.rows'",
            "no rows or columns (only a grid has them)",
            got_text=f"{rows} x {columns}",
        )
    if "corners" in checked:
        check(schema.BOARD_LAYOUT["corners?"], checked["corners"], "board_layout.corners")
    side_spaces = []
    for number, table in enumerate(checked.get("side_spaces", [])):
        dotted = f"board_layout.side_spaces[{number}]"
        check_table(table, schema.SIDE_SPACE, dotted)
        check(SPACE, table["reenter_at"], f"{dotted}.reenter_at")
        side_spaces.append(
            SideSpace(
                name=table["name"],
                kind=table["kind"],
                reenter_at=table["reenter_at"],
                wages=table.get("wages", 0),
                rent=table.get("rent", 0),
                source=provenance(table, dotted),
            )
        )
    provenance(checked, "board_layout")
    return Board(
        spaces=spaces,
        layout=kind,
        side_spaces=tuple(side_spaces),
        rows=rows,
        columns=columns,
        corners=tuple(checked.get("corners", ())),
    )


def provenance(table: Mapping[str, object], dotted: str) -> Provenance | None:
    """The optional ``status`` and ``source`` of a table: both given, or neither."""
    if "status" not in table and "source" not in table:
        return None
    for key, kind in (("status", schema.STATUS), ("source", schema.NAME)):
        kind.check(table.get(key, MISSING), f"{dotted}.{key}")
    return Provenance(cast(str, table["status"]), cast(str, table["source"]))
