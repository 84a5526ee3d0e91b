"""The grid: who holds each cell, the mortgages, the groups and their rent.

Cell ``(row - 1) * 8 + column - 1``: the columns are named by a red card and
counted from the left, the rows by a black card and counted from the bottom
(the ace of hearts with the eight of clubs is the upper left cell, 56). The
shape and the neighbours come from :class:`landlord.engine.boards.Grid`;
cells touching only at a corner are not neighbours.

Rent is counted per cell of the owner's group that holds the cell played on:
$1 a cell for a diamond and a club, $2 if a heart or a spade was played,
$4 for a heart and a spade (the rule set's ``[cell_rent]``).
"""

from __future__ import annotations

from typing import cast

from landlord.engine.boards import Grid
from landlord.engine.state import Captured
from landlord.rules.model import RuleSet
from landlord.rules.sections import required

__all__ = ["NOBODY", "Capture", "Cells"]

#: What :meth:`Cells.capture` copies at the end of a round: each player's money, each
#: cell's holder (:data:`NOBODY`: none) and whether it is mortgaged, each player's
#: purchase units and whether he is bankrupt.
Capture = tuple[list[int], tuple[int, ...], tuple[bool, ...], tuple[int, ...], tuple[bool, ...]]

#: The owner of an empty cell.
NOBODY = -1


class Cells:
    """The 64 cells of the grid, their owners and mortgages.

    Parameters
    ----------
    rules : RuleSet
        A Property rule set.
    n_players : int
    balances : list of int
        The ledger's balances (read for the round table, never written).

    Examples
    --------
    J.B.'s six cells from the text, and a player naming one with the 3 of
    diamonds and the 5 of clubs, then with the 3 of hearts and the 5 of spades:

    >>> from landlord.rules import load_rules
    >>> cells = Cells(load_rules("property"), 2, [150, 150])
    >>> for cell in (34, 35, 26, 27, 42, 43):
    ...     cells.owner[cell] = 1
    >>> cells.rent(34, 1, 3), cells.rent(34, 0, 2), cells.group_size(34)
    (6, 24, 6)
    """

    def __init__(self, rules: RuleSet, n_players: int, balances: list[int]) -> None:
        self.grid = Grid(rules.board)
        self.size = self.grid.size
        self.columns = self.grid.columns
        self.rows = self.grid.rows
        self.n_players = n_players
        self._balances = balances
        rent = required(rules.cell_rent)
        self._rates = (rent.diamond_and_club, rent.heart_or_spade, rent.heart_and_spade)
        self.units_per_cell = required(rules.cell_purchase).units_per_cell
        end = required(rules.bankruptcy_end)
        self.cell_worth = end.cell_worth
        self.cells_count = end.cells_count
        self.names = tuple(space.name for space in rules.board.spaces)
        self.owner: list[int] = [NOBODY] * self.size
        self.mortgaged: list[bool] = [False] * self.size

    # --- where a cell is -------------------------------------------------------------

    def cell(self, column: int, row: int) -> int:
        """The cell at ``column`` (1 at the left) and ``row`` (1 at the bottom).

        >>> from landlord.rules import load_rules
        >>> Cells(load_rules("property"), 2, [0, 0]).cell(1, 8)
        56
        """
        return (row - 1) * self.columns + column - 1

    def column_row(self, cell: int) -> tuple[int, int]:
        """``(column, row)`` of a cell, each counted from 1."""
        row, column = divmod(cell, self.columns)
        return column + 1, row + 1

    # --- groups and rent -------------------------------------------------------------

    def group(self, cell: int) -> frozenset[int]:
        """The cells of the owner's contiguous group holding ``cell`` (empty if nobody's)."""
        owner = self.owner
        holder = owner[cell]
        if holder == NOBODY:
            return frozenset()
        return self.grid.group_where(cell, owner, holder)

    def group_size(self, cell: int) -> int:
        return len(self.group(cell))

    def rate(self, red_suit: int, black_suit: int) -> int:
        """The rent per cell for the suits played: a heart (0) or a spade (2) doubles
        it, both double it again."""
        doubled = (red_suit == 0) + (black_suit == 2)
        return self._rates[doubled]

    def rent(self, cell: int, red_suit: int, black_suit: int) -> int:
        """The rent a rival pays for naming ``cell`` with cards of these suits."""
        return self.group_size(cell) * self.rate(red_suit, black_suit)

    def price(self, cell: int) -> int:
        """Purchase units to buy ``cell``: one a cell of its group (suits do not count)."""
        return self.group_size(cell) * self.units_per_cell

    def cells_of(self, player: int) -> list[int]:
        return [cell for cell, holder in enumerate(self.owner) if holder == player]

    def largest_group(self, player: int) -> int:
        """The size of the player's largest group (0 if he holds no cell)."""
        seen: set[int] = set()
        best = 0
        for cell in self.cells_of(player):
            if cell not in seen:
                group = self.group(cell)
                seen |= group
                best = max(best, len(group))
        return best

    def groups(self) -> tuple[list[int], list[int]]:
        """Every group on the grid at once: each cell's group number (-1 if empty) and
        each group's size, by number; what a bot weighing many plays asks once.

        >>> from landlord.rules import load_rules
        >>> cells = Cells(load_rules("property"), 2, [0, 0])
        >>> cells.owner[0] = cells.owner[1] = cells.owner[9] = 0
        >>> cells.owner[2] = 1
        >>> label, sizes = cells.groups()
        >>> label[:3], sizes, cells.joined_from(label, sizes, 1, 10)
        ([0, 0, 1], [3, 1], 2)
        """
        owner = self.owner
        neighbours = self.grid.neighbours
        label = [-1] * self.size
        sizes: list[int] = []
        for start, holder in enumerate(owner):
            if holder == NOBODY or label[start] >= 0:
                continue
            number = len(sizes)
            label[start] = number
            stack, count = [start], 1
            while stack:
                for other in neighbours(stack.pop()):
                    if label[other] < 0 and owner[other] == holder:
                        label[other] = number
                        stack.append(other)
                        count += 1
            sizes.append(count)
        return label, sizes

    def joined_from(self, label: list[int], sizes: list[int], player: int, cell: int) -> int:
        """:meth:`joined_size` of an empty ``cell``, from :meth:`groups`: the cell and
        the player's groups beside it."""
        owner = self.owner
        beside = {label[other] for other in self.grid.neighbours(cell) if owner[other] == player}
        return 1 + sum(sizes[group] for group in beside)

    def joined_size(self, player: int, cell: int) -> int:
        """The size of the group ``player`` would have if he held ``cell`` too."""
        return len(self.grid.group_where(cell, self.owner, player, also=cell))

    # --- changes ----------------------------------------------------------------------

    def vacate(self, cell: int) -> None:
        """Erase every marking of the cell: it is empty again."""
        self.owner[cell] = NOBODY
        self.mortgaged[cell] = False

    # --- the round table -------------------------------------------------------------

    def capture(self, units: list[int], bankrupt: list[bool]) -> Capture:
        n = self.n_players
        return (
            self._balances[:n],
            tuple(self.owner),
            tuple(self.mortgaged),
            tuple(units),
            tuple(bankrupt),
        )

    def holdings_table(self, captured: Captured) -> list[tuple[int, ...]]:
        """Per player: cash, cells, mortgaged cells, purchase units, land value (each cell
        at its worth), score (money, and the cells if they count) and net worth (money
        and land value). A bankrupt player is out: nothing of his counts."""
        cash, owner, mortgaged, units, bankrupt = cast(Capture, captured)
        worth = self.cell_worth
        rows: list[tuple[int, ...]] = []
        for player in range(self.n_players):
            if bankrupt[player]:
                rows.append((cash[player], 0, 0, 0, 0, cash[player], cash[player]))
                continue
            held = [cell for cell, holder in enumerate(owner) if holder == player]
            marked = sum(1 for cell in held if mortgaged[cell])
            land = worth * len(held)
            score = cash[player] + (land if self.cells_count else 0)
            rows.append(
                (cash[player], len(held), marked, units[player], land, score, cash[player] + land)
            )
        return rows
