"""What a player cannot see of a game of Property, dealt afresh: the other hands.

A player sees his own hand, the played cards and how many cards each of the
others holds; the stock has no order (each card is drawn by chance as it is
needed). So the cards he cannot see are the stock and the others' hands
together, and :func:`deal_unseen` deals them afresh: each other player a hand
of the size he holds, the rest to the stock. The rules say one thing more of
every hand: a player draws until he holds a red and a black card, and plays
one of each, so a hand of two or more holds exactly one card of one of the
colours between his turns (unless the stock and the played cards both ran
out; during his turn he may have played and not drawn yet, so the player
whose turn it is is left out of this). A deal that breaks this is dealt again
(up to :data:`DEALS` times).

The sampled game is for playing on, not for replaying: its record writes each
card another player drew as ``None`` (the order in which he drew the cards he
holds is hidden too), so a replay of it stops at the first such draw.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from landlord.engine.state import CHANCE

if TYPE_CHECKING:  # pragma: no cover - for the annotations only
    import numpy as np

    from landlord.families.sackson.game import PropertyGame

__all__ = ["DEALS", "deal_unseen", "dealt_whole"]

#: How many deals are tried for hands the rules allow before the last one is kept.
DEALS = 200


def dealt_whole(hand: list[int]) -> bool:
    """Whether a hand of two or more cards is one the draw makes: exactly one card
    of one of the colours (hearts and diamonds red, spades and clubs black).

    Examples
    --------
    >>> dealt_whole([10, 22, 31]), dealt_whole([10, 21, 32, 43]), dealt_whole([12, 22])
    (True, False, False)
    """
    reds = sum(1 for card in hand if card % 10 < 2)
    return len(hand) < 2 or min(reds, len(hand) - reds) == 1


def deal_unseen(game: PropertyGame, player: int, rng: np.random.Generator) -> PropertyGame:
    """``game`` replayed, with the others' hands dealt afresh by ``rng`` from the cards
    ``player`` cannot see.

    Parameters
    ----------
    game : PropertyGame
        The game as it stands.
    player : int
        Whose hand stays as it is.
    rng : numpy.random.Generator
        The draws for the deal (they depend only on what ``player`` can see).

    Returns
    -------
    PropertyGame
        A new game, paused where ``game`` is, to be played on.
    """
    twin = cast("PropertyGame", game.family.new_game(game.rules, game.names))
    hands = twin.cards.hands
    unseen_draws: list[int] = []  # where the record holds a card another player drew
    apply = twin.apply
    for index, choice in enumerate(game.history):
        node = twin._node
        if node[0] == CHANCE and node[1] != "cut":
            before = [len(hand) for hand in hands]
            apply(choice)
            if any(len(hands[p]) > before[p] for p in range(len(hands)) if p != player):
                unseen_draws.append(index)
            continue
        apply(choice)
    cards = twin.cards
    others = [p for p in range(twin.n_players) if p != player]
    sizes = [len(hands[p]) for p in others]
    unseen = sorted(cards.stock + [card for p in others for card in hands[p]])
    exhausted = not cards.stock and not cards.discards
    turn = twin.turn_player  # his turn may be half played: his hand is as it falls
    dealt: list[list[int]] = []
    for _ in range(DEALS):
        order = [unseen[k] for k in rng.permutation(len(unseen)).tolist()]
        dealt, start = [], 0
        for size in sizes:
            dealt.append(order[start : start + size])
            start += size
        if exhausted or all(
            dealt_whole(hand) for p, hand in zip(others, dealt, strict=True) if p != turn
        ):
            break
    given = {card for hand in dealt for card in hand}
    for p, hand in zip(others, dealt, strict=True):
        hands[p][:] = hand
    cards.stock[:] = [card for card in unseen if card not in given]
    for index in unseen_draws:
        twin.history[index] = None
    return twin
