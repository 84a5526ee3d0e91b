"""The play deck, the stock, the discards and the hands.

After the court cards and jokers are taken out, 40 cards are left: ace (1)
to ten in the four suits, 20 red (hearts, diamonds) and 20 black (spades,
clubs). A card is a whole number, ``10 * rank + suit``, the suits numbered as
:data:`landlord.engine.actions.SUITS` has them (0 hearts, 1 diamonds, 2
spades, 3 clubs), so the ace of hearts is 10 and the ten of clubs 103.

A red card names a column of the grid, a black card a row. A nine or a ten
is wild: it names any number from 1 to 8, in its own colour.

The stock keeps no order: each card drawn from it is a chance event among
the cards left (the kit's reading of a shuffle, named ``shuffle`` in the rule
data), so nothing hidden is stored and no player can see what comes next.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from landlord.engine.actions import PlayCards, card_name
from landlord.engine.state import CHANCE, Flow
from landlord.rules.model import RuleSet
from landlord.rules.sections import required

__all__ = [
    "CLUBS",
    "DIAMONDS",
    "HEARTS",
    "SPADES",
    "Cards",
    "card_name",
    "is_red",
    "rank_of",
    "suit_of",
]

HEARTS, DIAMONDS, SPADES, CLUBS = range(4)
#: The suits' words, by number.
SUIT_WORDS = ("hearts", "diamonds", "spades", "clubs")


def rank_of(card: int) -> int:
    """The card's rank: 1 (the ace) to 10."""
    return card // 10


def suit_of(card: int) -> int:
    """The card's suit, by number (0 hearts, 1 diamonds, 2 spades, 3 clubs)."""
    return card % 10


def is_red(card: int) -> bool:
    """Whether the card is red (hearts or diamonds): it names a column.

    Examples
    --------
    >>> is_red(10), is_red(83)
    (True, False)
    """
    return card % 10 < 2


class Cards:
    """Who holds which card, the stock and the discards.

    Parameters
    ----------
    rules : RuleSet
        A Property rule set (its ``[play_deck]``).
    n_players : int
    side : int
        The grid's side: the numbers a card names run from 1 to ``side``.

    Examples
    --------
    >>> from landlord.rules import load_rules
    >>> cards = Cards(load_rules("property"), 2, 8)
    >>> len(cards.stock), cards.numbers(31), cards.numbers(92)[-1]
    (40, (3,), 8)
    """

    def __init__(self, rules: RuleSet, n_players: int, side: int) -> None:
        deck = required(rules.play_deck)
        self.ranks = deck.ranks
        self.wild_from = deck.wild_from
        self.side = side
        #: Every card of the play deck, in order.
        self.deck: tuple[int, ...] = tuple(
            10 * rank + suit for rank in range(1, self.ranks + 1) for suit in range(4)
        )
        #: The cards in the stock, in no order that matters (kept sorted).
        self.stock: list[int] = list(self.deck)
        #: The cards played since the stock was last made.
        self.discards: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(n_players)]
        #: How often the discards were shuffled into a new stock.
        self.reshuffles = 0

    def is_wild(self, card: int) -> bool:
        """Whether the card names any number (a nine or ten)."""
        return rank_of(card) >= self.wild_from

    def numbers(self, card: int) -> tuple[int, ...]:
        """The numbers (columns for a red card, rows for a black one) a card may name."""
        rank = rank_of(card)
        if rank >= self.wild_from:
            return tuple(range(1, self.side + 1))
        return (rank,)

    def lacks_a_colour(self, player: int) -> bool:
        """Whether the player's hand lacks a red or a black card."""
        hand = self.hands[player]
        reds = sum(1 for card in hand if card % 10 < 2)
        return reds == 0 or reds == len(hand)

    def draw(self, player: int, purpose: str = "deck") -> Flow:
        """Draw for ``player`` until his hand holds a red and a black card: each card a
        chance event among the stock's cards. An empty stock is made anew from the
        discards; with neither, he stops (his hand may then lack a colour)."""
        hand = self.hands[player]
        stock = self.stock
        while self.lacks_a_colour(player):
            if not stock:
                if not self.discards:
                    return
                stock.extend(sorted(self.discards))
                self.discards.clear()
                self.reshuffles += 1
            card = cast(int, (yield (CHANCE, purpose, tuple(stock), None)))
            stock.remove(card)
            hand.append(card)

    def play(self, player: int, cards: tuple[int, ...]) -> None:
        """Move played cards from the player's hand to the discards."""
        hand = self.hands[player]
        for card in cards:
            hand.remove(card)
            self.discards.append(card)

    def give_up(self, player: int) -> None:
        """A bankrupt player's hand goes to the discards."""
        self.discards.extend(self.hands[player])
        self.hands[player].clear()

    def plays(self, player: int, cell_of: Callable[[int, int], int]) -> list[PlayCards]:
        """Every play the player's hand allows, one for each cell and pair of suits.

        For a cell and a suit, the card of that suit naming the number is played if
        he holds it, otherwise a wild card of that suit (the lowest); keeping the
        wild card is never worse. ``cell_of(column, row)`` is the cell's index.

        Examples
        --------
        >>> from landlord.rules import load_rules
        >>> cards = Cards(load_rules("property"), 2, 8)
        >>> cards.hands[0] = [31, 53, 92]   # 3 of diamonds, 5 of clubs, 9 of spades
        >>> plays = cards.plays(0, lambda column, row: (row - 1) * 8 + column - 1)
        >>> len(plays), plays[0]
        (9, PlayCards(red=31, black=92, space=2))
        >>> PlayCards(red=31, black=53, space=34) in plays  # column 3, row 5
        True
        """
        hand = sorted(self.hands[player])
        red = self._by_number([card for card in hand if card % 10 < 2])
        black = self._by_number([card for card in hand if card % 10 >= 2])
        return [
            PlayCards(red_card, black_card, cell_of(column, row))
            for row, black_card in black
            for column, red_card in red
        ]

    def _by_number(self, cards: list[int]) -> list[tuple[int, int]]:
        """(number, card) for each number and suit the cards can name, one card each."""
        chosen: dict[tuple[int, int], int] = {}
        for card in cards:  # sorted: exact cards before the wild ones, the nine first
            for number in self.numbers(card):
                chosen.setdefault((number, card % 10), card)
        return [(number, card) for (number, _), card in sorted(chosen.items())]

    def words(self, cards: list[int]) -> str:
        """Cards in words, in order: "3♦, 5♣"."""
        return ", ".join(card_name(card) for card in sorted(cards)) or "no cards"
