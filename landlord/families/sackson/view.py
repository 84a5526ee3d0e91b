"""What a player sees of a game of Property: the grid, every figure, his own hand.

The grid is public: who holds each cell and which cells are mortgaged, every
player's money and purchase units. The hands are private: a player sees his
own cards and only how many the others hold. The stock has no order to see
(each card is drawn by chance as it is needed); its size and the played
cards are public.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from landlord.engine.view import View as BaseView
from landlord.rules.sections import required

if TYPE_CHECKING:  # pragma: no cover - for the annotations only
    from collections.abc import Sequence

    from landlord.families.sackson.game import PropertyGame

__all__ = ["View"]


class View(BaseView["PropertyGame"]):
    """A player's view of a game of Property (see :class:`landlord.engine.view.View`).

    Attributes
    ----------
    owner : sequence of int
        Who holds each cell (-1: nobody).
    mortgaged : sequence of bool
    units : sequence of int
        The purchase units each player holds.
    bankrupt : sequence of bool
    currency : str

    Examples
    --------
    >>> from landlord.session import Session
    >>> game = Session("property", ["random"] * 3, seed=2).run(max_steps=20)
    >>> view = game.observe(1)
    >>> view.hand == sorted(game.cards.hands[1]), len(view.hand_sizes)
    (True, 3)
    >>> "hands" in dir(view), "stock" in dir(view)
    (False, False)
    """

    # What shared() sets besides the base view's, declared for the type checker; its
    # read-only questions are the grid's and the game's own methods (declared below).
    owner: Sequence[int]
    mortgaged: Sequence[bool]
    units: Sequence[int]
    bankrupt: Sequence[bool]
    currency: str

    if TYPE_CHECKING:  # pragma: no cover - set by shared(), for the type checker

        def group(self, cell: int) -> frozenset[int]: ...
        def group_size(self, cell: int) -> int: ...
        def rate(self, red_suit: int, black_suit: int) -> int: ...
        def rent(self, cell: int, red_suit: int, black_suit: int) -> int: ...
        def price(self, cell: int) -> int: ...
        def cell(self, column: int, row: int) -> int: ...
        def column_row(self, cell: int) -> tuple[int, int]: ...
        def joined_size(self, player: int, cell: int) -> int: ...
        def groups(self) -> tuple[list[int], list[int]]: ...
        def joined_from(
            self, label: list[int], sizes: list[int], player: int, cell: int
        ) -> int: ...
        def largest_group(self, player: int) -> int: ...
        def active_players(self) -> list[int]: ...

    SHOWN = (
        *BaseView.SHOWN,
        "owner",
        "mortgaged",
        "units",
        "bankrupt",
        "hand",
        "hand_sizes",
        "stock_size",
        "discards",
    )

    @classmethod
    def shared(cls, game: PropertyGame) -> dict[str, object]:
        shown = super().shared(game)
        cells = game.cells
        shown.update(
            owner=cells.owner,
            mortgaged=cells.mortgaged,
            units=game.units.held,
            bankrupt=game.bankrupt,
            currency=game.currency,
            group=cells.group,
            group_size=cells.group_size,
            rate=cells.rate,
            rent=cells.rent,
            price=cells.price,
            cell=cells.cell,
            column_row=cells.column_row,
            joined_size=cells.joined_size,
            groups=cells.groups,
            joined_from=cells.joined_from,
            largest_group=cells.largest_group,
            active_players=game.active_players,
        )
        return shown

    @property
    def hand(self) -> list[int]:
        """This player's own cards, in order."""
        return sorted(self._game.cards.hands[self.player])

    @property
    def hand_sizes(self) -> list[int]:
        """How many cards each player holds (the cards themselves are private)."""
        return [len(hand) for hand in self._game.cards.hands]

    @property
    def stock_size(self) -> int:
        """How many cards are left in the stock."""
        return len(self._game.cards.stock)

    @property
    def discards(self) -> list[int]:
        """The cards played since the stock was last made (face up on the table)."""
        return sorted(self._game.cards.discards)

    @property
    def starting_units(self) -> int:
        """The purchase units each player started with."""
        return required(self.rules.unit_split).by_players[self.n_players]
