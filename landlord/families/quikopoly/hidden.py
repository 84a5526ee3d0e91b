"""What a player cannot see of a Quikopoly game, dealt afresh: the face-down tiles.

The 16 property tiles are laid face down at random. A player knows a tile once
it has faced up (bought by anyone: it stays known if it goes back face down
after a bankruptcy) or once he has looked at it himself (he landed on it and
was asked whether to buy it). :func:`deal_unseen` lays the tiles he has not
seen afresh among the positions he has not seen, and leaves the rest where it
lies.

The sampled game is a game of its own: its record holds the layout it was
dealt, not the real one, so it replays to the same state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from landlord.engine.actions import Buy
from landlord.engine.boards import shuffled_positions
from landlord.engine.state import CHANCE
from landlord.families.quikopoly.tiles import BANK

if TYPE_CHECKING:  # pragma: no cover - for the annotations only
    import numpy as np

    from landlord.families.quikopoly.game import Quikopoly

__all__ = ["deal_unseen"]


def deal_unseen(game: Quikopoly, player: int, rng: np.random.Generator) -> Quikopoly:
    """``game`` replayed, with the tiles ``player`` has not seen laid afresh by ``rng``.

    Parameters
    ----------
    game : Quikopoly
        The game as it stands.
    player : int
        Whose knowledge the sampled game keeps.
    rng : numpy.random.Generator
        The draws for the new layout (as many as the unseen tiles, whichever they are).

    Returns
    -------
    Quikopoly
        A new game, paused where ``game`` is, every tile ``player`` has seen in place.
    """
    twin = cast("Quikopoly", game.family.new_game(game.rules, game.names))
    laid: list[int] = []  # where the record holds the layout's picks
    seen: set[int] = set()  # the positions whose tile the player knows
    apply = twin.apply
    for index, choice in enumerate(game.history):
        node = twin._node
        if node[0] == CHANCE and node[1] == "layout":
            laid.append(index)
        elif node[0] == player and node[1] == "buy":
            seen.add(cast(int, node[3]))  # he looks at the tile he may buy
        if type(choice) is Buy:
            seen.add(choice.space)  # bought: face up for everyone
        apply(choice)
    node = twin._node
    if node[0] == player and node[1] == "buy":
        seen.add(cast(int, node[3]))
    tiles = twin.tiles
    seen.update(p for p in tiles.properties if tiles.owner[p] != BANK)
    positions = shuffled_positions(twin.rules.board)
    unseen = [p for p in positions if p not in seen]
    fresh = sorted(tiles.tile_at[p] for p in unseen)
    fresh = [fresh[k] for k in rng.permutation(len(fresh)).tolist()]
    order = list(tiles.tile_at)
    for position, tile in zip(unseen, fresh, strict=True):
        order[position] = tile
    tiles.lay_out(order)
    for k, index in enumerate(laid):  # the record says the layout it was dealt
        twin.history[index] = order[positions[k]]
    return twin
