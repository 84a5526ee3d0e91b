"""The tiles round the square: who holds which, the sets, rent, hotels and worth.

Positions 0 to 19 go round the square from Go (bottom right) towards Prison;
the corners are 0 (Go), 5 (Prison), 10 (Go-to-Go) and 15 (Community Chest).
The 16 property tiles are laid face down at random between them (the game's
layout); :attr:`Tiles.tile_at` says which tile lies at each position. A tile
is face down until bought: then it faces its owner (:attr:`Tiles.owner`).

Every figure here is read from the rule set: a tile's price, the rent of a
tile held alone or with its set, what a hotel adds and costs.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from landlord.engine.state import Captured
from landlord.rules.model import RuleSet
from landlord.rules.sections import required

__all__ = ["BANK", "Capture", "Tiles"]

#: What :meth:`Tiles.capture` copies at the end of a round: each player's coins, and for
#: each position its tile's holder (:data:`BANK`: none) and its hotels.
Capture = tuple[list[int], tuple[int, ...], tuple[int, ...]]

#: The owner of a tile nobody holds (face down, or a corner).
BANK = -1


class Tiles:
    """Who holds each tile, the hotels on it, and what it earns.

    Parameters
    ----------
    rules : RuleSet
        A Quikopoly rule set.
    n_players : int
    balances : list of int
        The ledger's balances (read for the round table, never written).

    Examples
    --------
    >>> from landlord.rules import load_rules
    >>> tiles = Tiles(load_rules("quikopoly"), 2, [9, 9])
    >>> tiles.lay_out(tuple(range(20)))
    >>> tiles.owner[1] = tiles.owner[2] = 0
    >>> tiles.rent(1), tiles.complete_sets(0), tiles.hotel_options(0)
    (2, [1], [1, 2])
    """

    def __init__(self, rules: RuleSet, n_players: int, balances: list[int]) -> None:
        spaces = rules.board.spaces
        self.spaces = spaces
        self.size = len(spaces)
        self.n_players = n_players
        self._balances = balances
        rent = required(rules.property_rent)
        self._single, self._full, self._per_hotel = rent.single, rent.full_set, rent.per_hotel
        self.hotel_cost = required(rules.hotels).cost
        self.per_coin = required(rules.hotels).returned_per_coin
        #: The space (in the rule set's board) laid at each position.
        self.tile_at: list[int] = list(range(self.size))
        #: Each position's set (0 for a corner).
        self.set_of: list[int] = [0] * self.size
        #: The two positions of each set, by set number.
        self.set_positions: dict[int, tuple[int, ...]] = {}
        #: The properties, in position order.
        self.properties: tuple[int, ...] = ()
        self.owner: list[int] = [BANK] * self.size
        self.hotels: list[int] = [0] * self.size
        #: The fair trades made: (round, the players of the circle, in order).
        self.trades_made: list[tuple[int, tuple[int, ...]]] = []

    def lay_out(self, order: Sequence[int]) -> None:
        """Lay the tiles: ``order[position]`` is the space laid at ``position``."""
        self.tile_at = list(order)
        spaces = self.spaces
        self.set_of = [spaces[index].section or 0 for index in order]
        self.properties = tuple(p for p in range(self.size) if self.set_of[p])
        members: dict[int, list[int]] = {}
        for position in self.properties:
            members.setdefault(self.set_of[position], []).append(position)
        self.set_positions = {s: tuple(members[s]) for s in sorted(members)}

    # --- what a tile is --------------------------------------------------------------

    def is_property(self, position: int) -> bool:
        return self.set_of[position] != 0

    def price(self, position: int) -> int:
        return self.spaces[self.tile_at[position]].price or 0

    def name(self, position: int) -> str:
        """The tile's name (face down or not: the game decides who may see it)."""
        return self.spaces[self.tile_at[position]].name

    def partner(self, position: int) -> int:
        """The other position of the tile's set."""
        first, second = self.set_positions[self.set_of[position]]
        return second if position == first else first

    def face_down(self) -> list[int]:
        """The properties nobody has bought, in position order."""
        owner = self.owner
        return [p for p in self.properties if owner[p] == BANK]

    # --- sets, rent, hotels ---------------------------------------------------------

    def holds_set(self, player: int, position: int) -> bool:
        """Whether ``player`` holds both tiles of the set of ``position``."""
        owner = self.owner
        return owner[position] == player and owner[self.partner(position)] == player

    def complete_sets(self, player: int) -> list[int]:
        """The sets ``player`` holds whole, by number."""
        owner = self.owner
        return [
            s
            for s, (first, second) in self.set_positions.items()
            if owner[first] == player and owner[second] == player
        ]

    def rent(self, position: int) -> int:
        """The rent a visitor pays on ``position``: one coin for a tile held alone,
        two for a tile of a complete set, and one more for every hotel on it."""
        if self.owner[position] == BANK:
            return 0
        if not self.holds_set(self.owner[position], position):
            return self._single
        return self._full + self._per_hotel * self.hotels[position]

    def hotel_options(self, player: int) -> list[int]:
        """Where ``player`` may place a hotel: a tile of a complete set with the fewest
        hotels of its set (so the set stays even)."""
        hotels = self.hotels
        options: list[int] = []
        for s in self.complete_sets(player):
            first, second = self.set_positions[s]
            low = min(hotels[first], hotels[second])
            options.extend(p for p in (first, second) if hotels[p] == low)
        return options

    def hotels_held(self, player: int) -> int:
        owner, hotels = self.owner, self.hotels
        return sum(hotels[p] for p in self.properties if owner[p] == player)

    def take_hotels(self, player: int, count: int) -> int:
        """Take up to ``count`` of ``player``'s hotels off the board, each time from the
        tile with most (keeping his sets even); how many were taken."""
        owner, hotels = self.owner, self.hotels
        taken = 0
        while taken < count:
            held = [p for p in self.properties if owner[p] == player and hotels[p]]
            if not held:
                break
            most = max(held, key=lambda p: (hotels[p], -p))
            hotels[most] -= 1
            taken += 1
        return taken

    # --- the round table -------------------------------------------------------------

    def capture(self) -> Capture:
        n = self.n_players
        return (self._balances[:n], tuple(self.owner), tuple(self.hotels))

    def holdings_table(self, captured: Captured | None = None) -> list[tuple[int, ...]]:
        """Per player: cash, properties, complete sets, hotels, land value, score and
        net worth (cash, each property at its price, each hotel at its cost; the score
        is the net worth)."""
        cash, owner, hotels = cast(Capture, captured if captured is not None else self.capture())
        rows: list[tuple[int, ...]] = []
        for player in range(self.n_players):
            held = [p for p in self.properties if owner[p] == player]
            land = sum(self.price(p) for p in held)
            built = sum(hotels[p] for p in held)
            sets = sum(1 for p in held if owner[self.partner(p)] == player) // 2
            worth = cash[player] + land + built * self.hotel_cost
            rows.append((cash[player], len(held), sets, built, land, worth, worth))
        return rows
