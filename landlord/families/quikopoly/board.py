"""The Quikopoly board now, as SVG: the six by six square of tiles, face down or up.

Twenty tiles round a square, Go at the bottom right, then Prison (bottom
left), Go-to-Go (top left) and Community Chest (top right). A face-down tile
shows only that it is face down (nobody knows which it is); a face-up tile
names its colour and value in words, its owner and its hotels, so nothing is
said by colour alone (the colours only tint the tiles, and face-down tiles
are hatched). The pawns stand on their tiles as the players' initials.

The SVG marks its elements as :func:`landlord.views.board.board_svg`
says: ``g.space`` (``data-space``, ``data-holder``, ``data-hotels``,
``data-face-down``, ``data-last``), ``g.token`` (``data-player``,
``data-space``, ``data-where``: ``prison`` or ``track``) and ``g.centre``
with a ``g.player`` for each player (``data-cash``, ``data-net-worth``).
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING

from landlord.views.picture import Seats

if TYPE_CHECKING:  # pragma: no cover - for the annotations only
    from landlord.families.quikopoly.game import Quikopoly

__all__ = ["board_svg", "square_of"]

#: The side of the square, in tiles.
SIDE = 6
#: Light tints for the face-up tiles, by the tile's colour word (the words say it too).
_TINTS = {"red": "#f6d5cf", "blue": "#d3e3f3", "black": "#d9d9d9", "yellow": "#f7efc2"}
_VIEW = 760


def square_of(position: int) -> tuple[int, int]:
    """The (row, column) of a track position on the six by six square (row 0 at the top).

    Examples
    --------
    >>> [square_of(p) for p in (0, 5, 10, 15)]
    [(5, 5), (5, 0), (0, 0), (0, 5)]
    """
    side, step = divmod(position, SIDE - 1)
    last = SIDE - 1
    if side == 0:
        return last, last - step
    if side == 1:
        return last - step, 0
    if side == 2:
        return 0, step
    return step, last


def _wrapped(name: str, width: int = 10) -> list[str]:
    """A tile's name in lines that fit its square ("Community Chest" in two).

    Examples
    --------
    >>> _wrapped("Community Chest"), _wrapped("Red ace")
    (['Community', 'Chest'], ['Red ace'])
    """
    lines: list[str] = []
    for word in name.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def board_svg(
    game: Quikopoly,
    *,
    size: int = 760,
    names: Sequence[str] | None = None,
    last_move: int | tuple[int, int] | None = None,
) -> str:
    """The board and the state of ``game`` as one SVG document.

    Examples
    --------
    >>> import xml.etree.ElementTree as ET
    >>> from landlord.session import Session
    >>> game = Session("quikopoly", ["eager_landlord"] * 2, seed=1).run(max_steps=40)
    >>> root = ET.fromstring(board_svg(game, size=380))
    >>> spaces = [g for g in root.iter("{http://www.w3.org/2000/svg}g")
    ...           if g.get("class") == "space"]
    >>> len(spaces), root.get("width")
    (20, '380')
    """
    names = Seats.of(game, names, size).names  # checked: one name a player, a real size
    tiles = game.tiles
    cell = _VIEW / SIDE
    last = last_move if isinstance(last_move, int) else None
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_VIEW} {_VIEW}" '
        f'width="{size}" height="{size}" role="img" aria-label="The Quikopoly board">',
        "<title>The Quikopoly board: twenty tiles round a square</title>",
        '<defs><pattern id="face-down" width="12" height="12" patternUnits="userSpaceOnUse" '
        'patternTransform="rotate(45)"><rect width="12" height="12" fill="#eeeeee"/>'
        '<line x1="0" y1="0" x2="0" y2="12" stroke="#9a9a9a" stroke-width="4"/></pattern></defs>',
    ]
    for position in range(tiles.size):
        row, column = square_of(position)
        x, y = column * cell, row * cell
        holder = tiles.owner[position]
        down = tiles.is_property(position) and holder < 0
        space = game.rules.board.spaces[tiles.tile_at[position]]
        fill = "url(#face-down)" if down else _TINTS.get(space.colour, "#ffffff")
        lines = ["face down"] if down else _wrapped(space.name)
        if tiles.is_property(position) and holder >= 0:
            lines.append(names[holder])
            if tiles.hotels[position]:
                count = tiles.hotels[position]
                lines.append(f"{count} hotel{'s' if count > 1 else ''}")
        marked = position == last
        flag = ' data-last="1"' if marked else ""
        inner = cell - 4
        out.append(
            f'<g class="space" data-space="{position}" data-holder="{holder}" '
            f'data-hotels="{tiles.hotels[position]}" data-face-down="{int(down)}"'
            f"{flag}>"
            f'<rect x="{x + 2:.1f}" y="{y + 2:.1f}" width="{inner:.1f}" height="{inner:.1f}" '
            f'fill="{fill}" stroke="#222222" stroke-width="{6 if marked else 2}"/>'
        )
        for k, line in enumerate(lines):
            out.append(
                f'<text x="{x + cell / 2:.1f}" y="{y + 28 + 22 * k:.1f}" font-size="18" '
                f'text-anchor="middle" font-family="sans-serif">{escape(line)}</text>'
            )
        out.append("</g>")
    for player in range(game.n_players):
        if game.bankrupt[player]:
            continue
        position = game.position[player]
        row, column = square_of(position)
        x = column * cell + 14 + 26 * player
        y = row * cell + cell - 22
        where = "prison" if game.in_prison[player] else "track"
        out.append(
            f'<g class="token" data-player="{player}" data-space="{position}" '
            f'data-where="{where}"><circle cx="{x:.1f}" cy="{y:.1f}" r="12" fill="#ffffff" '
            f'stroke="#000000" stroke-width="2"/><text x="{x:.1f}" y="{y + 6:.1f}" '
            f'font-size="16" text-anchor="middle" font-family="sans-serif">'
            f"{escape(names[player][:1])}</text></g>"
        )
    worth = game.net_worths()
    out.append(
        f'<g class="centre" data-round="{game.round}" data-turn="{game.turn_player}" '
        f'data-bank="{game.bank_coins}">'
        f'<text x="{_VIEW / 2}" y="{cell + 50:.1f}" font-size="30" text-anchor="middle" '
        f'font-family="sans-serif">Quikopoly</text>'
        f'<text x="{_VIEW / 2}" y="{cell + 90:.1f}" font-size="20" text-anchor="middle" '
        f'font-family="sans-serif">round {game.round} · {game.bank_coins} coins in the bank</text>'
    )
    for player in range(game.n_players):
        status = (
            " (out)"
            if game.bankrupt[player]
            else (" (in Prison)" if game.in_prison[player] else "")
        )
        out.append(
            f'<g class="player" data-player="{player}" data-cash="{game.cash(player)}" '
            f'data-net-worth="{worth[player]}"><text x="{_VIEW / 2}" '
            f'y="{cell + 140 + 30 * player:.1f}" font-size="20" text-anchor="middle" '
            f'font-family="sans-serif">{escape(names[player])}: {game.cash(player)} coins, '
            f"worth {worth[player]}{status}</text></g>"
        )
    out.append("</g></svg>")
    return "".join(out)
