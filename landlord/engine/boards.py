"""Board geometry: where a checker goes, with no game rules in it.

Three geometries serve the four kinds of board the kit plays on:

:class:`Track`
    A loop of spaces walked by dice, for the Landlord's Game and Prosperity
    (layout ``"track"``, 40 spaces, corners 0, 10, 20, 30) and for the
    piecepack *Quikopoly* (layout ``"shuffled_track"``, 20 spaces). Optional
    *side spaces* sit off the loop and lead back onto it, as the Single Tax
    rules' "Natural Opportunities" (the inner corners) do. Positions
    ``0 .. size - 1`` are the track, ``size .. size + k - 1`` the ``k`` side
    spaces in the board's order.
:func:`layout_flow`
    Lays a ``"shuffled_track"`` board out at random (*Quikopoly* deals its
    property tiles face down around the track each game) through chance
    events only, to be used with ``yield from`` inside a game's flow.
:class:`Grid`
    Rows x columns of cells addressed by playing cards, for Sid Sackson's
    *Property* (8 x 8), where rent counts an owner's orthogonally connected
    group of cells.

Everything here is pure look-up: the tables are built once in ``__init__``
and the methods that run in every move (:meth:`Track.forward`,
:meth:`Track.backward`, :meth:`Track.next_corner`) return precomputed values.
What a space *does* (wages, rent, jail) is the game's business, not this
module's.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Sequence

from landlord.engine.state import CHANCE, FlowTo
from landlord.rules.model import Board

__all__ = ["Grid", "Track", "layout_flow", "shuffled_positions"]


class Track:
    """A loop of spaces with optional side spaces that lead back onto it.

    Parameters
    ----------
    board : Board
        A board with layout ``"track"`` or ``"shuffled_track"``. Its
        ``corners`` (sorted; ``(0,)`` when it names none) serve
        :meth:`next_corner`; its ``side_spaces`` get positions ``size``,
        ``size + 1``, ... in order.
    order : sequence of int, optional
        Which of the board's spaces lies at each track position, as
        :func:`layout_flow` returns it; only :meth:`name` uses it. Default:
        the board's own order.

    Attributes
    ----------
    size : int
        The number of track spaces.
    positions : int
        Track spaces plus side spaces: every position is below this.
    corners : tuple of int
        The corners, sorted.

    Notes
    -----
    Moving forward from a side space, the first step goes onto its
    ``reenter_at`` space; moving backward from it, the first step also goes
    onto that space and the rest go back along the track. Reaching space 0
    (by landing on it or going past it, re-entering onto it included) counts
    as passing the start.

    Examples
    --------
    >>> from landlord.rules import load_rules
    >>> track = Track(load_rules("landlords_game").board)
    >>> track.size, track.positions, track.corners
    (40, 44, (0, 10, 20, 30))
    >>> track.forward(35, 5)
    (0, True)
    >>> track.backward(2, 4), track.next_corner(6)
    (38, (10, 9))
    """

    #: Steps up to (not including) ``_SPAN * size`` are answered from tables.
    _SPAN = 3

    def __init__(self, board: Board, order: tuple[int, ...] | None = None) -> None:
        if board.layout not in ("track", "shuffled_track"):
            raise ValueError(f"a Track needs a track board, not layout {board.layout!r}")
        size = len(board.spaces)
        if size == 0:
            raise ValueError("a Track needs at least one space")
        side = board.side_spaces
        for number, space in enumerate(side):
            if not 0 <= space.reenter_at < size:
                raise ValueError(
                    f"side space {number} ({space.name!r}) re-enters at {space.reenter_at}, "
                    f"which is not a track space (0 to {size - 1})"
                )
        corners = tuple(sorted(set(board.corners))) or (0,)
        if not all(0 <= corner < size for corner in corners):
            raise ValueError(f"corners {corners} are not all track spaces (0 to {size - 1})")
        if order is not None and sorted(order) != list(range(size)):
            raise ValueError("order must be a permutation of the board's space indices")
        self.size = size
        self.positions = size + len(side)
        self.corners = corners
        self._reenter = tuple(space.reenter_at for space in side)
        names = [space.name for space in board.spaces]
        if order is not None:
            names = [names[original] for original in order]
        self._names = (*names, *(space.name for space in side))
        # Moving forward from a side space is moving forward from the track space
        # just before its re-entry point (re-entering is the first step); moving
        # backward, from the track space just after it. Stepping from (size - 1)
        # onto 0 passes the start, so a side space re-entering at 0 does too.
        self._ahead: tuple[int, ...] = (*range(size), *((r - 1) % size for r in self._reenter))
        self._behind: tuple[int, ...] = (*range(size), *((r + 1) % size for r in self._reenter))
        limit = self._SPAN * size
        self._limit = limit
        self._forward = tuple(
            ((position, False), *(((o + s) % size, o + s >= size) for s in range(1, limit)))
            for position, o in enumerate(self._ahead)
        )
        self._backward: tuple[tuple[int, ...], ...] = tuple(
            (position, *((o - s) % size for s in range(1, limit)))
            for position, o in enumerate(self._behind)
        )
        self._next_corner = tuple(self._find_next_corner(p) for p in range(self.positions))
        # A side space is its own nearest side space (a move of 0 stays on it).
        self._side_behind: tuple[int | None, ...] = (
            *(self._find_side_behind(space) for space in range(size)),
            *range(size, self.positions),
        )

    # --- moving ----------------------------------------------------------------

    def forward(self, position: int, steps: int) -> tuple[int, bool]:
        """Where ``steps`` forward from ``position`` lead, and whether the start was passed.

        Parameters
        ----------
        position : int
            A track space or a side space.
        steps : int
            How many spaces to move, >= 0. From a side space the step onto
            its re-entry point counts as the first.

        Returns
        -------
        destination : int
            A track space (or ``position`` itself when ``steps`` is 0).
        passed_start : bool
            True if the move reaches or goes past space 0.

        Examples
        --------
        >>> from landlord.rules import load_rules
        >>> track = Track(load_rules("landlords_game").board)
        >>> track.forward(38, 4), track.forward(6, 6), track.forward(6, 0)
        ((2, True), (12, False), (6, False))
        """
        if 0 <= steps < self._limit:
            return self._forward[position][steps]
        if steps < 0:
            raise ValueError(f"steps must be >= 0, got {steps}")
        reached = self._ahead[position] + steps
        return reached % self.size, True

    def backward(self, position: int, steps: int) -> int:
        """Where ``steps`` backward from ``position`` lead (from a side space: re-enter, go back).

        Examples
        --------
        >>> from landlord.rules import load_rules
        >>> track = Track(load_rules("landlords_game").board)
        >>> track.backward(12, 5), track.backward(3, 5)
        (7, 38)
        """
        if 0 <= steps < self._limit:
            return self._backward[position][steps]
        if steps < 0:
            raise ValueError(f"steps must be >= 0, got {steps}")
        return (self._behind[position] - steps) % self.size

    def steps_to(self, position: int, space: int) -> int:
        """How many steps forward take ``position`` to the track space ``space`` (1 to ``size``).

        From a track space to itself is a whole lap (``size`` steps).

        Examples
        --------
        >>> from landlord.rules import load_rules
        >>> track = Track(load_rules("landlords_game").board)
        >>> track.steps_to(6, 10), track.steps_to(35, 0), track.steps_to(10, 10)
        (4, 5, 40)
        """
        return (space - self._ahead[position] - 1) % self.size + 1

    def next_corner(self, position: int) -> tuple[int, int]:
        """The next corner ahead of ``position``, and the spaces between it and the one after.

        Parameters
        ----------
        position : int
            A track space or a side space. A corner is *ahead* if a forward
            move of one step or more reaches it, so from a corner the answer
            is the following corner; from a side space, its re-entry point
            itself may be the next corner.

        Returns
        -------
        corner : int
            The next corner.
        gap : int
            The number of spaces strictly between ``corner`` and the corner
            after it (the whole rest of the loop when there is one corner).
            The Landlord's Game railroad pass jumps these.

        Examples
        --------
        >>> from landlord.rules import load_rules
        >>> track = Track(load_rules("landlords_game").board)
        >>> track.next_corner(6), track.next_corner(35), track.next_corner(30)
        ((10, 9), (0, 9), (0, 9))
        """
        return self._next_corner[position]

    def side_space_behind(self, position: int, steps: int) -> int | None:
        """The side space nearest behind where a throw of ``steps`` would take ``position``.

        For the Single Tax rules' Rule 8 ("No Poor House"): a player who
        cannot afford the move his throw calls for puts his checker on a
        Natural Opportunity (an inner corner) "behind the space his throw
        would reach".

        *Interpretation* (ours, not the rules' words): the space the throw
        would reach is ``forward(position, steps)``'s destination; a side
        space lies *behind* it when its re-entry point is that space or one
        before it along the track; the answer is the side space whose
        re-entry point is the fewest spaces back (looking round the whole
        loop if need be; the lowest-numbered side space when several share
        a re-entry point). The rules say "any" Natural Opportunity behind;
        a game that wants the player to choose can list the others itself.

        Returns
        -------
        int or None
            The side space's position (``size`` or more), or None if the
            board has no side spaces.

        Examples
        --------
        >>> from landlord.rules.model import Board, SideSpace, Space
        >>> spaces = tuple(Space(i, f"S{i}", "blank") for i in range(12))
        >>> board = Board(spaces, side_spaces=(SideSpace("A", "x", 1), SideSpace("B", "x", 7)))
        >>> track = Track(board)
        >>> track.side_space_behind(2, 3), track.side_space_behind(6, 1)
        (12, 13)
        >>> track.side_space_behind(10, 3)  # reaches 1, where A re-enters
        12
        """
        return self._side_behind[self.forward(position, steps)[0]]

    # --- naming ----------------------------------------------------------------

    def is_side(self, position: int) -> bool:
        """True for a side space."""
        return position >= self.size

    def reenter_at(self, position: int) -> int:
        """The track space a side space leads back onto (a track space: itself)."""
        return self._reenter[position - self.size] if position >= self.size else position

    def name(self, position: int) -> str:
        """The name of the space at ``position`` (a track space or a side space).

        Examples
        --------
        >>> from landlord.rules import load_rules
        >>> Track(load_rules("landlords_game").board).name(0)
        'Mother Earth'
        """
        return self._names[position]

    # --- building the tables -----------------------------------------------------

    def _find_next_corner(self, position: int) -> tuple[int, int]:
        corners, size = self.corners, self.size
        corner = min(corners, key=lambda c: self.steps_to(position, c))
        following = corners[(corners.index(corner) + 1) % len(corners)]
        return corner, (following - corner - 1) % size

    def _find_side_behind(self, space: int) -> int | None:
        if not self._reenter:
            return None
        size = self.size

        def back(number: int) -> tuple[int, int]:
            return (space - self._reenter[number]) % size, number

        return size + min(range(len(self._reenter)), key=back)


def shuffled_positions(board: Board) -> tuple[int, ...]:
    """The positions a ``"shuffled_track"`` board deals at random: not corners, with a section.

    Examples
    --------
    >>> from landlord.rules.model import Board, Space
    >>> spaces = (Space(0, "Go", "blank"), Space(1, "A", "lot", section=1))
    >>> spaces += (Space(2, "Park", "blank", section=2), Space(3, "B", "lot", section=2))
    >>> shuffled_positions(Board(spaces, "shuffled_track", corners=(0, 2)))
    (1, 3)
    """
    corners = set(board.corners)
    return tuple(
        space.index
        for space in board.spaces
        if space.section is not None and space.index not in corners
    )


def layout_flow(board: Board, purpose: str = "layout") -> FlowTo[tuple[int, ...]]:
    """Lay a board out at random, by chance events only: ``order = yield from layout_flow(b)``.

    On a ``"shuffled_track"`` board the spaces of :func:`shuffled_positions`
    (not corners, with a ``section``) are dealt among their own positions,
    one position at a time in order: for each it yields ``(CHANCE, purpose,
    remaining, None)``, ``remaining`` being the tuple of the space indices
    not yet placed (in ascending order, all equally likely), and receives
    the one chosen. The last one left is placed without asking. Every other
    space stays where it is. Any other layout keeps the board's order and
    yields nothing. No random number is drawn here.

    Parameters
    ----------
    board : Board
        The board to lay out.
    purpose : str
        The chance events' purpose, as a game's record shows it.

    Returns
    -------
    tuple of int
        ``order`` with ``order[position]`` the index (in ``board.spaces``) of
        the space laid at ``position``.

    Raises
    ------
    ValueError
        If a value sent in is not one of the remaining candidates.

    Examples
    --------
    >>> from landlord.rules.model import Board, Space
    >>> spaces = tuple(Space(i, f"S{i}", "lot", section=1) for i in range(4))
    >>> flow = layout_flow(Board(spaces, "shuffled_track", corners=(0,)))
    >>> next(flow)
    (-1, 'layout', (1, 2, 3), None)
    >>> flow.send(3)
    (-1, 'layout', (1, 2), None)
    >>> try:
    ...     flow.send(1)
    ... except StopIteration as done:
    ...     print(done.value)
    (0, 3, 1, 2)
    """
    order = list(range(len(board.spaces)))
    if board.layout != "shuffled_track":
        return tuple(order)
    positions = shuffled_positions(board)
    remaining = list(positions)
    for position in positions:
        if len(remaining) == 1:
            chosen = remaining[0]
        else:
            sent = yield (CHANCE, purpose, tuple(remaining), None)
            if sent not in remaining:
                raise ValueError(f"{sent!r} is not one of the spaces left to lay out: {remaining}")
            chosen = sent  # one of the spaces left: a space index
        remaining.remove(chosen)
        order[position] = chosen
    return tuple(order)


class Grid:
    """Rows x columns of cells, for games played on a grid (Sackson's *Property*).

    Cell ``row * columns + column``; row 0 is the bottom row, column 0 the
    left column.

    Parameters
    ----------
    board : Board
        A board with layout ``"grid"``.

    Attributes
    ----------
    rows, columns, size : int
        The grid's shape and its number of cells.

    Examples
    --------
    >>> from landlord.rules.model import Board, Space
    >>> spaces = tuple(Space(i, f"{i}", "blank") for i in range(64))
    >>> grid = Grid(Board(spaces, "grid", rows=8, columns=8))
    >>> grid.cell(1, 2), grid.coordinates(10), grid.neighbours(0)
    (10, (1, 2), (1, 8))
    >>> sorted(grid.group(0, {0, 1, 9, 11, 17}))
    [0, 1, 9, 17]
    """

    def __init__(self, board: Board) -> None:
        if board.layout != "grid":
            raise ValueError(f"a Grid needs a grid board, not layout {board.layout!r}")
        rows, columns = board.rows, board.columns
        if rows < 1 or columns < 1 or rows * columns != len(board.spaces):
            raise ValueError(
                f"a {rows} x {columns} grid does not fit a board of {len(board.spaces)} spaces"
            )
        self.rows = rows
        self.columns = columns
        self.size = rows * columns
        self._names = tuple(space.name for space in board.spaces)
        neighbours = []
        for index in range(self.size):
            row, column = divmod(index, columns)
            around = []
            if row > 0:
                around.append(index - columns)
            if column > 0:
                around.append(index - 1)
            if column < columns - 1:
                around.append(index + 1)
            if row < rows - 1:
                around.append(index + columns)
            neighbours.append(tuple(around))
        self._neighbours = tuple(neighbours)

    def cell(self, row: int, column: int) -> int:
        """The index of the cell at ``row`` (0 at the bottom) and ``column`` (0 at the left)."""
        if not (0 <= row < self.rows and 0 <= column < self.columns):
            raise ValueError(
                f"no cell at row {row}, column {column} of {self.rows} x {self.columns}"
            )
        return row * self.columns + column

    def coordinates(self, index: int) -> tuple[int, int]:
        """``(row, column)`` of a cell."""
        if not 0 <= index < self.size:
            raise ValueError(f"no cell {index} in a grid of {self.size}")
        return divmod(index, self.columns)

    def name(self, index: int) -> str:
        """The name the board gives a cell."""
        return self._names[index]

    def neighbours(self, index: int) -> tuple[int, ...]:
        """The cells orthogonally next to ``index``, in ascending order (2, 3 or 4 of them).

        Examples
        --------
        >>> from landlord.rules.model import Board, Space
        >>> spaces = tuple(Space(i, f"{i}", "blank") for i in range(6))
        >>> grid = Grid(Board(spaces, "grid", rows=2, columns=3))
        >>> grid.neighbours(1), grid.neighbours(5)
        ((0, 2, 4), (2, 4))
        """
        return self._neighbours[index]

    def group_where(
        self, index: int, values: Sequence[object], value: object, also: int = -1
    ) -> frozenset[int]:
        """The orthogonally connected group of cells whose entry in ``values`` is ``value``
        (and the cell ``also``, counted as one of them) that contains ``index``: what
        :meth:`group` gives with the test ``values[cell] == value``, without a call a cell.

        Examples
        --------
        >>> from landlord.rules.model import Board, Space
        >>> spaces = tuple(Space(i, f"{i}", "blank") for i in range(9))
        >>> grid = Grid(Board(spaces, "grid", rows=3, columns=3))
        >>> owner = [1, 1, 0, 0, 1, 0, 1, 1, 1]
        >>> sorted(grid.group_where(0, owner, 1)), sorted(grid.group_where(0, owner, 1, also=2))
        ([0, 1, 4, 6, 7, 8], [0, 1, 2, 4, 6, 7, 8])
        >>> grid.group_where(2, owner, 1)
        frozenset()
        """
        if index != also and values[index] != value:
            return frozenset()
        neighbours = self._neighbours
        seen = {index}
        stack = [index]
        while stack:
            for other in neighbours[stack.pop()]:
                if other not in seen and (values[other] == value or other == also):
                    seen.add(other)
                    stack.append(other)
        return frozenset(seen)

    def group(self, index: int, member: Callable[[int], bool] | Container[int]) -> frozenset[int]:
        """The orthogonally connected group of member cells that contains ``index``.

        Parameters
        ----------
        index : int
            The cell whose group is wanted.
        member : callable or container of int
            Which cells belong (a player's cells, say): a test ``member(cell)``
            or a set of cells.

        Returns
        -------
        frozenset of int
            The group, ``index`` included; empty if ``index`` is not a member.

        Examples
        --------
        >>> from landlord.rules.model import Board, Space
        >>> spaces = tuple(Space(i, f"{i}", "blank") for i in range(9))
        >>> grid = Grid(Board(spaces, "grid", rows=3, columns=3))
        >>> sorted(grid.group(4, lambda cell: cell % 2 == 0))  # diagonals do not join
        [4]
        >>> sorted(grid.group(0, {0, 1, 2, 5, 8, 6}))
        [0, 1, 2, 5, 8]
        >>> grid.group(3, {0})
        frozenset()
        """
        test = member if callable(member) else member.__contains__
        return self.group_where(index, [bool(test(cell)) for cell in range(self.size)], True)

    def card_address(self, column_card_rank: int, row_card_rank: int) -> int:
        """The cell two played cards name, in *Property*'s convention.

        A red card (hearts or diamonds) picks the column, counted 1 to
        ``columns`` from the left; a black card (spades or clubs) picks the
        row, counted 1 to ``rows`` from the bottom. The ace is 1. (Which
        cards are wild, and for what, is the game's rule, not the grid's.)

        Parameters
        ----------
        column_card_rank : int
            The red card's rank, 1 to ``columns``.
        row_card_rank : int
            The black card's rank, 1 to ``rows``.

        Examples
        --------
        Ace of hearts with eight of clubs is the top-left cell (column 1, row 8):

        >>> from landlord.rules.model import Board, Space
        >>> spaces = tuple(Space(i, f"{i}", "blank") for i in range(64))
        >>> grid = Grid(Board(spaces, "grid", rows=8, columns=8))
        >>> grid.card_address(1, 8), grid.coordinates(grid.card_address(1, 8))
        (56, (7, 0))
        """
        if not 1 <= column_card_rank <= self.columns:
            raise ValueError(
                f"a column card's rank is 1 to {self.columns}, not {column_card_rank}"
            )
        if not 1 <= row_card_rank <= self.rows:
            raise ValueError(f"a row card's rank is 1 to {self.rows}, not {row_card_rank}")
        return (row_card_rank - 1) * self.columns + column_card_rank - 1
