"""What every action shares: the :class:`Action` base, its words, and the
decorator that makes each action a frozen record.

An action prints itself with numbers for spaces and players (``str``) or, given
the game's names, in the game's words (:meth:`Action.describe`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import Field, dataclass
from functools import partial
from typing import Any, ClassVar, TypeVar, dataclass_transform

from landlord.money import money

__all__ = ["Action", "Namer"]

#: How an action names a space, a player or a sum of money: a number in, words out.
Namer = Callable[[int], str]


class Action:
    """What every action shares: its words, with or without the game's names."""

    __slots__ = ()
    #: Every action is a dataclass (:func:`_action` makes it one).
    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]

    def _words(self, space: Namer, player: Namer, cash: Namer) -> str:  # pragma: no cover
        raise NotImplementedError

    def __str__(self) -> str:
        return self._words(_space_number, _player_number, money)

    def describe(
        self,
        spaces: Sequence[str] | None = None,
        players: Sequence[str] | None = None,
        currency: str = "$",
    ) -> str:
        """The action in words, naming spaces and players when their names are given,
        and sums of money in ``currency``.

        Examples
        --------
        >>> from landlord.engine.actions import Bid, OfferCard
        >>> OfferCard(3, 1, 40).describe(["Mother Earth", "Wayback", "Fuel", "Lonely Lane"],
        ...                              ["Ann", "Bob"])
        'offer Lonely Lane to Bob for $40'
        >>> str(OfferCard(3, 1, 40)), Bid(1200).describe(currency="\u00a3")
        ('offer space 3 to player 1 for $40', 'bid \u00a31,200')
        """
        space = spaces.__getitem__ if spaces is not None else _space_number
        player = players.__getitem__ if players is not None else _player_number
        return self._words(space, player, partial(money, currency=currency))


def _space_number(number: int) -> str:
    return f"space {number}"


def _player_number(number: int) -> str:
    return f"player {number}"


_A = TypeVar("_A", bound=Action)


@dataclass_transform(frozen_default=True)
def _action(cls: type[_A]) -> type[_A]:
    """A frozen, slotted record of a decision."""
    return dataclass(frozen=True, slots=True)(cls)
