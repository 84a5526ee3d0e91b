"""What a player cannot see of the later game, dealt afresh: the packs' unseen order.

The Chance and Community Chest packs are shuffled once, at the start, and drawn
from the top, each card going back to the bottom (a Get Out of Jail Free card
when it is used). A player who watches the game knows every card drawn so far
and where it went back; what he cannot know is the order of the cards nobody
has drawn yet, which lie together on the top of their pack. :func:`deal_unseen`
shuffles those afresh and nothing else (with the rule that reshuffles the pack
at every draw, nothing is hidden and the game is only copied).

The sampled game is a game of its own: its record holds the shuffle it was
dealt, not the real one, so it replays to the same state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from landlord.engine.state import CHANCE
from landlord.families.monopoly.game import PACKS

if TYPE_CHECKING:  # pragma: no cover - for the annotations only
    import numpy as np

    from landlord.families.monopoly.game import Monopoly

__all__ = ["deal_unseen"]


def deal_unseen(game: Monopoly, player: int, rng: np.random.Generator) -> Monopoly:
    """``game`` replayed, with the cards nobody has drawn yet shuffled afresh by ``rng``.

    Parameters
    ----------
    game : Monopoly
        The game as it stands.
    player : int
        Whose knowledge the sampled game keeps (every player sees the same cards
        drawn: the packs hide the same from all of them).
    rng : numpy.random.Generator
        The draws for the new order (as many as the unseen cards, whatever their order).

    Returns
    -------
    Monopoly
        A new game, paused where ``game`` is, with the same cards drawn so far.
    """
    twin = cast("Monopoly", game.family.new_game(game.rules, game.names))
    packs = twin.packs
    shuffled: list[int] = []  # where the record holds the shuffle's picks
    drawn: dict[str, set[int]] = {pack: set() for pack in PACKS}
    before: dict[str, list[int]] | None = None
    apply = twin.apply
    for index, choice in enumerate(game.history):
        node = twin._node
        if node[0] == CHANCE and node[1] == "shuffle":
            shuffled.append(index)
            apply(choice)
            continue
        if before is None:  # the packs are whole: watch what is drawn from now on
            before = {pack: list(order) for pack, order in packs.items()}
        apply(choice)
        for pack, order in packs.items():
            old = before[pack]
            if len(order) != len(old) or (order and order[0] != old[0]):
                new = list(order)
                drawn[pack].update(_taken(old, new))
                before[pack] = new
    if not shuffled:
        return twin  # every draw reshuffles its pack: nothing is hidden
    decks = twin.landing.decks
    start = 0
    for pack in PACKS:
        size = len(decks[pack])
        picks = [cast(int, twin.history[shuffled[start + k]]) for k in range(size - 1)]
        first = picks + sorted(set(range(size)) - set(picks))  # the pack as shuffled
        order = packs[pack]
        unseen = [card for card in order if card not in drawn[pack]]
        top = list(order)[: len(unseen)]
        if unseen and top == unseen:  # never drawn: together on the top, in shuffled order
            fresh = sorted(unseen)
            fresh = [fresh[k] for k in rng.permutation(len(fresh)).tolist()]
            dealt = dict(zip(top, fresh, strict=True))
            seen = list(order)[len(unseen) :]
            order.clear()
            order.extend(fresh + seen)
            for k in range(size - 1):
                twin.history[shuffled[start + k]] = dealt.get(first[k], first[k])
        start += size - 1
    return twin


def _taken(before: list[int], after: list[int]) -> list[int]:
    """The cards taken from the top of a pack between ``before`` and ``after`` (cards
    put back go to the bottom)."""
    for k in range(len(before) + 1):
        if after[: len(before) - k] == before[k:]:
            return before[:k]
    return before  # pragma: no cover - k = len(before) always matches
