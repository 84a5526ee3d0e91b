"""Board geometry: tracks with side spaces, random layouts by chance, the Property grid.

Known answers on the shipped Landlord's Game board and on small hand-made
boards, step-by-step reference walks for random tracks, the layout flow driven
as a game would drive it, and rule files of the other layouts loaded from disk.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from rule_files import write_rule_set

from landlord.engine import new_game
from landlord.engine.boards import Grid, Track, layout_flow, shuffled_positions
from landlord.engine.state import CHANCE, GameState
from landlord.rules import load_rules
from landlord.rules.model import Board, SideSpace, Space

# --- Building boards by hand -------------------------------------------------------------


def track_board(
    size: int,
    reentries: Sequence[int] = (),
    corners: Sequence[int] = (),
    layout: str = "track",
    sections: dict[int, int] | None = None,
) -> Board:
    """A board of ``size`` blank spaces (``sections``: index -> section) with side spaces."""
    sections = sections or {}
    spaces = tuple(Space(i, f"S{i}", "blank", section=sections.get(i)) for i in range(size))
    side = tuple(
        SideSpace(f"Side {n}", "natural_opportunity", reenter_at=r)
        for n, r in enumerate(reentries)
    )
    return Board(spaces, layout=layout, side_spaces=side, corners=tuple(corners))


def grid_board(rows: int = 8, columns: int = 8) -> Board:
    spaces = tuple(Space(i, f"C{i}", "blank") for i in range(rows * columns))
    return Board(spaces, layout="grid", rows=rows, columns=columns)


@pytest.fixture(scope="module")
def lg_track() -> Track:
    return Track(load_rules("landlords_game").board)


@pytest.fixture(scope="module")
def side_track() -> Track:
    """12 spaces, corners 0, 3, 6, 9; side spaces 12 (back in at 1) and 13 (back in at 7)."""
    return Track(track_board(12, reentries=(1, 7), corners=(0, 3, 6, 9)))


# --- The Landlord's Game track -------------------------------------------------------------


def test_forward_on_the_landlords_game_board(lg_track):
    assert lg_track.forward(35, 5) == (0, True)
    assert lg_track.forward(38, 4) == (2, True)
    assert lg_track.forward(6, 6) == (12, False)
    assert lg_track.forward(0, 12) == (12, False)  # leaving the start is not passing it
    assert lg_track.forward(39, 1) == (0, True)
    assert lg_track.forward(10, 0) == (10, False)
    assert lg_track.forward(5, 40) == (5, True)  # a whole lap
    assert lg_track.forward(5, 1000) == (5, True)  # beyond the tables


def test_backward_on_the_landlords_game_board(lg_track):
    assert lg_track.backward(12, 5) == 7
    assert lg_track.backward(3, 5) == 38
    assert lg_track.backward(0, 1) == 39
    assert lg_track.backward(7, 0) == 7
    assert lg_track.backward(7, 407) == 0


def test_next_corner_on_the_landlords_game_board(lg_track):
    assert lg_track.next_corner(6) == (10, 9)
    assert lg_track.next_corner(35) == (0, 9)
    assert lg_track.next_corner(30) == (0, 9)
    assert lg_track.next_corner(0) == (10, 9)
    assert lg_track.next_corner(9) == (10, 9)


def test_the_landlords_game_moves_on_this_track(lg_track):
    game = new_game(load_rules("landlords_game"), ["Ann", "Bob"])
    assert game.tables.track.next_corner(6) == lg_track.next_corner(6) == (10, 9)
    # The railroad pass from 6 with a double 6 crosses corner 10 and jumps its nine spaces.
    game.position[0] = 6
    assert max(move.to for move in game.move_options(0, (3, 3))) == 6 + 6 + 9


def test_names_and_the_four_natural_opportunities(lg_track):
    assert lg_track.name(0) == "Mother Earth"
    assert lg_track.name(3) == "Lonely Lane"
    assert not lg_track.is_side(39)
    # The inner corners sit at positions 40-43 and lead back onto the track.
    assert [lg_track.name(p) for p in range(40, 44)] == [
        "Timberland",
        "Farmlands",
        "Coal Mines",
        "Oil Fields",
    ]
    assert [lg_track.reenter_at(p) for p in range(40, 44)] == [1, 11, 21, 31]
    # A throw of 7 from Hogg's (4) reaches Boomtown (11), where Farmlands re-enters.
    assert lg_track.side_space_behind(4, 7) == 41
    # One of 6 reaches Rickety Row (16): the nearest behind it is still Farmlands.
    assert lg_track.side_space_behind(10, 6) == 41
    # From Timberland the first step is onto Wayback (1): a 3 reaches Lonely Lane, no wages.
    assert lg_track.forward(40, 3) == (3, False)


def test_negative_steps_are_refused(lg_track):
    with pytest.raises(ValueError, match="steps must be >= 0"):
        lg_track.forward(3, -1)
    with pytest.raises(ValueError, match="steps must be >= 0"):
        lg_track.backward(3, -2)


# --- A track with side spaces --------------------------------------------------------------


def test_stepping_off_a_side_space(side_track):
    assert (side_track.size, side_track.positions) == (12, 14)
    assert side_track.is_side(12)
    assert side_track.reenter_at(12) == 1
    assert side_track.reenter_at(13) == 7
    assert side_track.forward(12, 0) == (12, False)  # no move, still off the track
    assert side_track.forward(12, 1) == (1, False)  # re-entering is the first step
    assert side_track.forward(12, 3) == (3, False)
    assert side_track.forward(13, 5) == (11, False)
    assert side_track.name(12) == "Side 0"


def test_wages_when_a_side_space_passes_the_start(side_track):
    assert side_track.forward(13, 6) == (0, True)  # 7, 8, 9, 10, 11, 0
    assert side_track.forward(13, 7) == (1, True)


def test_wages_when_a_side_space_reenters_at_the_start():
    track = Track(track_board(12, reentries=(0,)))
    assert track.forward(12, 1) == (0, True)
    assert track.forward(12, 2) == (1, True)
    assert track.backward(12, 1) == 0
    assert track.backward(12, 2) == 11
    assert track.side_space_behind(11, 1) == 12
    assert track.side_space_behind(5, 3) == 12  # the only one, all the way back


def test_backward_from_a_side_space(side_track):
    assert side_track.backward(12, 0) == 12
    assert side_track.backward(12, 1) == 1
    assert side_track.backward(12, 2) == 0
    assert side_track.backward(12, 3) == 11
    assert side_track.backward(13, 1) == 7


def test_next_corner_from_a_side_space(side_track):
    # Side 1 re-enters at 7: the next corner is 9 (three steps), then 0 after 10, 11.
    assert side_track.next_corner(13) == (9, 2)
    assert side_track.steps_to(13, 9) == 3
    # A side space re-entering on a corner reaches that corner in one step.
    track = Track(track_board(12, reentries=(3,), corners=(0, 3, 6, 9)))
    assert track.next_corner(12) == (3, 2)
    assert track.steps_to(12, 3) == 1


def test_side_space_behind(side_track):
    assert side_track.side_space_behind(2, 3) == 12  # reaches 5: back to 1
    assert side_track.side_space_behind(6, 1) == 13  # reaches 7, a re-entry point itself
    assert side_track.side_space_behind(8, 3) == 13  # reaches 11: back to 7
    assert side_track.side_space_behind(10, 3) == 12  # reaches 1
    assert side_track.side_space_behind(11, 1) == 13  # reaches 0: back round to 7
    assert side_track.side_space_behind(12, 1) == 12  # from a side space, reaching 1
    assert side_track.side_space_behind(0, 12) == 13  # a whole lap: back at 0


def test_side_spaces_sharing_a_reentry_point():
    track = Track(track_board(10, reentries=(4, 4)))
    assert track.side_space_behind(0, 6) == 10  # the first of the two


def test_a_track_refuses_what_is_not_a_track():
    with pytest.raises(ValueError, match="not layout 'grid'"):
        Track(grid_board(2, 2))
    with pytest.raises(ValueError, match="re-enters at 12"):
        Track(track_board(12, reentries=(12,)))
    with pytest.raises(ValueError, match="permutation"):
        Track(track_board(3), order=(0, 0, 1))


def test_a_track_with_no_corners_counts_the_start_as_one():
    track = Track(track_board(5))
    assert track.corners == (0,)
    assert track.next_corner(2) == (0, 4)


# --- Random tracks against a step-by-step walk ---------------------------------------------


def walk_forward(size: int, reentries: Sequence[int], position: int, steps: int):
    passed = False
    for _ in range(steps):
        position = reentries[position - size] if position >= size else (position + 1) % size
        passed = passed or position == 0
    return position, passed


def walk_backward(size: int, reentries: Sequence[int], position: int, steps: int) -> int:
    for _ in range(steps):
        position = reentries[position - size] if position >= size else (position - 1) % size
    return position


@st.composite
def tracks(draw: Callable[..., Any]) -> tuple[int, list[int], list[int]]:
    size = draw(st.integers(1, 30))
    reentries = draw(st.lists(st.integers(0, size - 1), max_size=4))
    corners = draw(st.lists(st.integers(0, size - 1), max_size=5, unique=True))
    return size, reentries, corners


@given(tracks(), st.data())
def test_moves_match_a_step_by_step_walk(shape, data):
    size, reentries, corners = shape
    track = Track(track_board(size, reentries, corners))
    position = data.draw(st.integers(0, size + len(reentries) - 1), label="position")
    steps = data.draw(st.integers(0, 4 * size), label="steps")
    assert track.forward(position, steps) == walk_forward(size, reentries, position, steps)
    assert track.backward(position, steps) == walk_backward(size, reentries, position, steps)
    # The next corner is the first one a forward walk reaches.
    expected_corners = sorted(corners) or [0]
    step = 1
    while walk_forward(size, reentries, position, step)[0] not in expected_corners:
        step += 1
    corner = walk_forward(size, reentries, position, step)[0]
    assert track.next_corner(position)[0] == corner
    assert track.steps_to(position, corner) == step
    # The side space behind: the first re-entry point walking back from the destination.
    destination = track.forward(position, steps)[0]
    if not reentries:
        assert track.side_space_behind(position, steps) is None
    elif destination >= size:  # no move off a side space: it is the nearest
        assert track.side_space_behind(position, steps) == destination
    else:
        back = 0
        while (destination - back) % size not in reentries:
            back += 1
        expected = size + reentries.index((destination - back) % size)
        assert track.side_space_behind(position, steps) == expected


# --- Laying a board out by chance ----------------------------------------------------------


def drive(flow, choose: Callable[[tuple[int, ...]], int]) -> tuple[tuple[int, ...], list]:
    """Run a layout flow to its end, answering each chance event with ``choose(outcomes)``."""
    events = []
    try:
        event = next(flow)
        while True:
            events.append(event)
            event = flow.send(choose(event[2]))
    except StopIteration as done:
        return done.value, events


def quikopoly_like() -> Board:
    """20 spaces, corners 0, 5, 10, 15; the 16 others in eight sections of two."""
    corners = (0, 5, 10, 15)
    others = [i for i in range(20) if i not in corners]
    sections = {space: 1 + n // 2 for n, space in enumerate(others)}
    return track_board(
        20, reentries=(5, 15), corners=corners, layout="shuffled_track", sections=sections
    )


def check_layout(
    board: Board, order: tuple[int, ...], events: list, purpose: str = "layout"
) -> None:
    shuffled = shuffled_positions(board)
    assert sorted(order) == list(range(len(board.spaces)))
    assert sorted(order[p] for p in shuffled) == sorted(shuffled)
    for position in range(len(board.spaces)):
        if position not in shuffled:
            assert order[position] == position  # corners and unsectioned spaces stay
    # One event per position but the last, listing exactly the spaces not yet placed.
    assert len(events) == len(shuffled) - 1
    for number, event in enumerate(events):
        remaining = sorted(set(shuffled) - {order[p] for p in shuffled[:number]})
        assert event == (CHANCE, purpose, tuple(remaining), None)


def test_layout_taking_the_first_candidate_keeps_the_order():
    board = quikopoly_like()
    order, events = drive(layout_flow(board), lambda outcomes: outcomes[0])
    assert order == tuple(range(20))
    check_layout(board, order, events)
    assert events[0][2] == tuple(i for i in range(20) if i not in (0, 5, 10, 15))


@pytest.mark.parametrize("seed", range(5))
def test_random_layouts_are_permutations_of_the_shuffled_spaces(seed):
    board = quikopoly_like()
    rng = np.random.default_rng(seed)
    order, events = drive(
        layout_flow(board), lambda outcomes: outcomes[rng.integers(len(outcomes))]
    )
    check_layout(board, order, events)
    assert all(order[corner] == corner for corner in (0, 5, 10, 15))


def test_only_sectioned_spaces_that_are_not_corners_move():
    sections = {0: 1, 1: 1, 3: 2, 4: 2, 5: 1}
    board = track_board(6, corners=(0, 3), layout="shuffled_track", sections=sections)
    assert shuffled_positions(board) == (1, 4, 5)
    rng = np.random.default_rng(7)
    for _ in range(20):
        order, events = drive(
            layout_flow(board, purpose="deal tiles"),
            lambda outcomes: outcomes[rng.integers(len(outcomes))],
        )
        check_layout(board, order, events, purpose="deal tiles")


def test_a_fixed_track_is_not_laid_out():
    board = load_rules("landlords_game").board
    order, events = drive(layout_flow(board), lambda outcomes: outcomes[0])
    assert order == tuple(range(40))
    assert events == []
    assert drive(layout_flow(grid_board(2, 2)), lambda o: o[0]) == ((0, 1, 2, 3), [])


def test_a_single_shuffled_space_needs_no_chance():
    board = track_board(3, corners=(0,), layout="shuffled_track", sections={1: 1})
    assert drive(layout_flow(board), lambda o: o[0]) == ((0, 1, 2), [])


def test_a_layout_refuses_a_space_already_placed():
    flow = layout_flow(quikopoly_like())
    next(flow)
    with pytest.raises(ValueError, match="not one of the spaces left"):
        flow.send(0)  # a corner


def test_layouts_are_uniform():
    board = quikopoly_like()
    shuffled = shuffled_positions(board)
    n = len(shuffled)
    slot = {space: k for k, space in enumerate(shuffled)}
    counts = np.zeros((n, n))
    rng = np.random.default_rng(20240601)
    games = 2000
    for _ in range(games):
        order, _ = drive(
            layout_flow(board), lambda outcomes: outcomes[rng.integers(len(outcomes))]
        )
        for position in shuffled:
            counts[slot[order[position]], slot[position]] += 1
    expected = games / n
    assert (counts.sum(axis=0) == games).all()
    assert (counts.sum(axis=1) == games).all()
    # Chi-square over all space-slot pairs: about (n - 1)^2 degrees of freedom.
    chi_square = ((counts - expected) ** 2 / expected).sum()
    freedom = (n - 1) ** 2
    assert chi_square < freedom + 5 * np.sqrt(2 * freedom)
    # And no single space is far from even in any slot.
    spread = np.sqrt(expected * (1 - 1 / n))
    assert np.abs(counts - expected).max() < 5 * spread


class _LayoutOnly(GameState):
    """A game whose whole flow is laying out its board."""

    def __init__(self, board: Board) -> None:
        super().__init__(["Ann", "Bob"], ["bank"])
        self.board = board
        self.order: tuple[int, ...] = ()
        self.start()

    def _flow(self):
        self.order = yield from layout_flow(self.board)


def test_a_game_lays_out_its_board_through_apply():
    board = quikopoly_like()
    game = _LayoutOnly(board)
    rng = np.random.default_rng(3)
    while not game.is_over:
        outcomes = [outcome for outcome, _ in game.chance_outcomes()]
        assert {p for _, p in game.chance_outcomes()} == {1 / len(outcomes)}
        game.apply(outcomes[rng.integers(len(outcomes))])
    assert len(game.history) == 15
    check_layout(board, game.order, _replayed_events(board, game.history))
    track = Track(board, order=game.order)
    assert [track.name(p) for p in range(20)] == [f"S{i}" for i in game.order]


def _replayed_events(board: Board, history: list) -> list:
    outcomes = iter(history)
    return drive(layout_flow(board), lambda _: next(outcomes))[1]


# --- The Property grid ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def grid() -> Grid:
    return Grid(grid_board())


def cells(picture: str, grid: Grid) -> set[int]:
    """The cells marked ``#`` in a picture whose first line is the top row."""
    lines = picture.strip().splitlines()
    return {
        grid.cell(grid.rows - 1 - top, column)
        for top, line in enumerate(lines)
        for column, mark in enumerate(line.strip())
        if mark == "#"
    }


def test_the_grid_shape(grid):
    assert (grid.rows, grid.columns, grid.size) == (8, 8, 64)
    assert grid.cell(0, 0) == 0
    assert grid.cell(7, 7) == 63
    assert grid.cell(2, 5) == 21
    assert grid.coordinates(21) == (2, 5)
    assert all(grid.cell(*grid.coordinates(i)) == i for i in range(64))
    assert grid.name(21) == "C21"
    with pytest.raises(ValueError, match="no cell at row 8"):
        grid.cell(8, 0)
    with pytest.raises(ValueError, match="no cell 64"):
        grid.coordinates(64)


def test_neighbours_of_corners_edges_and_middle(grid):
    assert grid.neighbours(0) == (1, 8)  # bottom left
    assert grid.neighbours(7) == (6, 15)  # bottom right
    assert grid.neighbours(56) == (48, 57)  # top left
    assert grid.neighbours(63) == (55, 62)  # top right
    assert grid.neighbours(3) == (2, 4, 11)  # bottom edge
    assert grid.neighbours(24) == (16, 25, 32)  # left edge
    assert grid.neighbours(31) == (23, 30, 39)  # right edge
    assert grid.neighbours(60) == (52, 59, 61)  # top edge
    assert grid.neighbours(27) == (19, 26, 28, 35)
    for index in range(64):
        for other in grid.neighbours(index):
            assert index in grid.neighbours(other)


def test_group_of_an_l(grid):
    shape = cells(
        """
        ........
        .#......
        .#......
        .#......
        .###....
        ........
        ........
        ........
        """,
        grid,
    )
    for cell in shape:
        assert grid.group(cell, shape) == shape
    assert len(shape) == 6


def test_groups_of_two_separate_blobs(grid):
    picture = """
        ##......
        ##......
        ..#.....
        ......##
        .....###
        ........
        ........
        ........
        """
    shape = cells(picture, grid)
    top_left = grid.group(grid.cell(7, 0), shape)
    assert top_left == {grid.cell(7, 0), grid.cell(7, 1), grid.cell(6, 0), grid.cell(6, 1)}
    lonely = grid.group(grid.cell(5, 2), shape)  # touches the blob only at a corner
    assert lonely == {grid.cell(5, 2)}
    right = grid.group(grid.cell(3, 7), shape)
    assert len(right) == 5
    assert top_left | lonely | right == shape
    # A test function works as well as a set.
    assert grid.group(grid.cell(3, 7), shape.__contains__) == right
    assert grid.group(grid.cell(0, 0), shape) == frozenset()


def test_group_of_a_ring(grid):
    ring = cells(
        """
        ........
        ..####..
        ..#..#..
        ..#..#..
        ..####..
        ........
        ........
        ........
        """,
        grid,
    )
    assert grid.group(grid.cell(6, 2), ring) == ring
    hole = grid.cell(5, 3)
    assert grid.group(hole, ring | {hole}) == ring | {hole}
    assert grid.group(hole, {hole, grid.cell(4, 4)}) == {hole}  # diagonal: apart


def test_card_address_follows_property(grid):
    # A red card picks the column, a black card the row; the ace is 1.
    assert grid.card_address(1, 8) == grid.cell(7, 0) == 56  # A hearts + 8 clubs: top left
    assert grid.card_address(1, 1) == 0  # bottom left
    assert grid.card_address(8, 1) == 7  # bottom right
    assert grid.card_address(8, 8) == 63
    assert grid.coordinates(grid.card_address(3, 5)) == (4, 2)
    with pytest.raises(ValueError, match="column card's rank is 1 to 8"):
        grid.card_address(9, 1)
    with pytest.raises(ValueError, match="row card's rank is 1 to 8"):
        grid.card_address(1, 0)


def test_a_grid_refuses_what_is_not_a_grid():
    with pytest.raises(ValueError, match="not layout 'track'"):
        Grid(track_board(4))
    with pytest.raises(ValueError, match="3 x 3 grid"):
        Grid(Board(grid_board(2, 2).spaces, layout="grid", rows=3, columns=3))


def _components(members: set[int], grid: Grid) -> set[frozenset[int]]:
    """Connected components by union-find, independent of :meth:`Grid.group`."""
    parent = {cell: cell for cell in members}

    def root(cell: int) -> int:
        while parent[cell] != cell:
            parent[cell] = parent[parent[cell]]
            cell = parent[cell]
        return cell

    for cell in members:
        row, column = grid.coordinates(cell)
        for other_row, other_column in ((row + 1, column), (row, column + 1)):
            if other_row < grid.rows and other_column < grid.columns:
                other = grid.cell(other_row, other_column)
                if other in members:
                    parent[root(cell)] = root(other)
    found: dict[int, set[int]] = {}
    for cell in members:
        found.setdefault(root(cell), set()).add(cell)
    return {frozenset(group) for group in found.values()}


@given(st.sets(st.integers(0, 63)))
def test_groups_partition_the_members_into_connected_parts(members):
    grid = Grid(grid_board())
    groups = {grid.group(cell, members) for cell in members}
    # A partition: every member in exactly one group, nothing else in any.
    assert sum(len(group) for group in groups) == len(members)
    assert set().union(*groups) == members
    for group in groups:
        for cell in group:
            assert grid.group(cell, members) == group
            # Closed: no member next to a group is left out of it.
            assert all(other in group for other in grid.neighbours(cell) if other in members)
    # Connected: the same parts as an independent union-find.
    assert groups == _components(members, grid)


# --- Rule files with the other layouts -----------------------------------------------------


def write_rules(folder: Path, rule_id: str, layout: str, board_rows: list[str]) -> Path:
    csv = "index,name,kind,price,land_rent,section\n" + "\n".join(board_rows) + "\n"
    return write_rule_set(folder, rule_id, layout, csv, players=4)


def test_a_property_grid_loads_and_builds(tmp_path):
    rows = [f"{i},Cell {i // 8 + 1}-{i % 8 + 1},blank,,," for i in range(64)]
    path = write_rules(tmp_path, "property", 'layout = "grid"\nrows = 8\ncolumns = 8', rows)
    board = load_rules(path).board
    grid = Grid(board)
    assert (grid.rows, grid.columns) == (8, 8)
    assert grid.name(grid.card_address(1, 8)) == "Cell 8-1"
    assert grid.group(0, set(range(8))) == frozenset(range(8))
    with pytest.raises(ValueError, match="not layout 'grid'"):
        Track(board)


def test_a_shuffled_track_with_side_spaces_loads_and_builds(tmp_path):
    corners = (0, 5, 10, 15)
    rows = []
    lot = 0
    for i in range(20):
        if i in corners:
            rows.append(f"{i},Corner {i},{'mother_earth' if i == 0 else 'blank'},,,")
        else:
            rows.append(f"{i},Tile {lot},lot,1,1,{1 + lot // 2}")
            lot += 1
    layout = """layout = "shuffled_track"
corners = [0, 5, 10, 15]

[[board_layout.side_spaces]]
name = "Timberland"
kind = "natural_opportunity"
reenter_at = 5
wages = 40
rent = 10

[[board_layout.side_spaces]]
name = "Oil Fields"
kind = "natural_opportunity"
reenter_at = 15
wages = 100
rent = 75
"""
    board = load_rules(write_rules(tmp_path, "quick", layout, rows)).board
    assert board.layout == "shuffled_track"
    track = Track(board)
    assert (track.size, track.positions, track.corners) == (20, 22, corners)
    assert track.name(21) == "Oil Fields"
    assert track.forward(21, 6) == (0, True)  # 15, 16, 17, 18, 19, 0
    assert track.side_space_behind(3, 4) == 20  # reaches 7: Timberland re-enters at 5
    assert track.next_corner(20) == (5, 4)
    rng = np.random.default_rng(11)
    order, events = drive(layout_flow(board), lambda o: o[rng.integers(len(o))])
    check_layout(board, order, events)
    laid = Track(board, order=order)
    assert {laid.name(p) for p in range(20) if p not in corners} == {
        f"Tile {n}" for n in range(16)
    }
    assert [laid.name(c) for c in corners] == [f"Corner {c}" for c in corners]
    with pytest.raises(ValueError, match="not layout 'shuffled_track'"):
        Grid(board)
