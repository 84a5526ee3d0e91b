"""The Quikopoly board in words, for a screen reader: the players, then the twenty tiles.

:func:`board_words` is what :func:`landlord.views.board_text.board_text_html`
puts under its heading for a game of Quikopoly: a table of the players (coins,
net worth, where each pawn stands, the tiles and hotels each holds) and a
table of the tiles round the square from Go, each face up with its colour,
value, holder, rent and hotels, or said to be face down. A face-down tile is
never named: nobody at the table knows it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from landlord.rules.sections import required
from landlord.views.board_text import table_html

if TYPE_CHECKING:  # pragma: no cover - for the annotations only
    from landlord.families.quikopoly.game import Quikopoly
    from landlord.families.quikopoly.view import View

__all__ = ["board_words"]


def board_words(game: Quikopoly, view: View, names: Sequence[str], currency: str) -> str:
    """The players' table and the tiles' table of ``game`` now, as HTML.

    Examples
    --------
    >>> from landlord.session import Session
    >>> game = Session("quikopoly", ["eager_landlord"] * 2, seed=1).run(max_steps=40)
    >>> text = board_words(game, game.observe(0), ["Ann", "Bob"], "")
    >>> text.count("<table"), "face down" in text, "Go-to-Go" in text
    (2, True, True)
    """
    tiles = game.tiles
    worths = game.net_worths()
    players = []
    for player, name in enumerate(names):
        held = [p for p in tiles.properties if tiles.owner[p] == player]
        built = sum(tiles.hotels[p] for p in held)
        holds = ", ".join(tiles.name(p) for p in held) or "none"
        if built:
            holds += f"; {built} hotel{'s' if built != 1 else ''}"
        players.append(
            (
                name,
                [
                    _coins(view.balances[player]),
                    _coins(worths[player]),
                    _where(game, player),
                    holds,
                ],
            )
        )
    spaces = []
    for position in range(tiles.size):
        spaces.append((f"{position}. {_tile(game, position)}", _tile_cells(game, position, names)))
    face_down = len(tiles.face_down())
    caption = f"The twenty tiles, from Go: {face_down} of {len(tiles.properties)} still face down"
    return table_html(
        "The players",
        ("Player", "Coins", "Net worth", "Where", "Tiles held"),
        players,
        "landlord-board-players",
    ) + table_html(
        caption, ("Tile", "Held by", "Rent now", "Hotels"), spaces, "landlord-board-spaces"
    )


def _coins(amount: int) -> str:
    """A sum in coins, the game's own word (the rule set's sign, ¤, means little aloud)."""
    return f"{amount} coin{'s' if amount != 1 else ''}"


def _tile(game: Quikopoly, position: int) -> str:
    """A tile as the table sees it: a corner or a face-up tile by name, else face down."""
    tiles = game.tiles
    if tiles.is_property(position) and tiles.owner[position] < 0:
        return "a face-down tile"
    return tiles.name(position)


def _where(game: Quikopoly, player: int) -> str:
    if game.bankrupt[player]:
        return "out of the game (bankrupt)"
    position = game.position[player]
    said = f"on {position}. {_tile(game, position)}"
    if game.in_prison[player]:
        throws = game.prison_throws[player]
        said += f"; in Prison ({throws} of {required(game.rules.jail).max_turns} throws made)"
    return said


def _tile_cells(game: Quikopoly, position: int, names: Sequence[str]) -> list[str]:
    """Held by, rent now, hotels: for a corner, what it does instead."""
    tiles = game.tiles
    if not tiles.is_property(position):
        return [_CORNERS.get(game.rules.board.spaces[tiles.tile_at[position]].kind, ""), "", ""]
    holder = tiles.owner[position]
    if holder < 0:
        return ["nobody: a coin buys it", "", ""]
    whole = tiles.holds_set(holder, position)
    held = names[holder] + (" (the whole set)" if whole else "")
    count = tiles.hotels[position]
    return [held, str(tiles.rent(position)), str(count) if count else ""]


#: What each corner does, in a few words.
_CORNERS = {
    "go": "a corner: a coin from the bank to whoever lands on or passes it",
    "jail": "a corner: Prison",
    "go_to_go": "a corner: straight to Go, with no coin",
    "community_chest_tile": "a corner: an even throw pays the bank a coin, an odd one takes one",
}
