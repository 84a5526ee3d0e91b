"""The Property grid now, as SVG: 8 x 8 cells, each with its holder's initials.

The columns are numbered 1 to 8 from the left along the bottom, with the red
suits' marks (hearts and diamonds: a red card names a column); the rows 1 to
8 from the bottom up the left side, with the black suits' marks (spades and
clubs). A held cell is tinted in its holder's colour (the kit's colour-blind
safe palette) and always shows his initials, so nothing is said by colour
alone; a mortgaged cell has an asterisk, as the text marks it; the cell
played last has a thick frame. The ``<title>`` and ``<desc>`` say the grid in
words.

The SVG marks its elements as :func:`landlord.views.board.board_svg`
says: ``g.space`` (``data-space``, ``data-holder``, ``data-mortgaged``,
``data-last``) and ``g.centre`` with a ``g.player`` for each player
(``data-cash``, ``data-net-worth``, ``data-units``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from html import escape
from typing import TYPE_CHECKING

from landlord.palette import player_colour
from landlord.views.picture import Seats

if TYPE_CHECKING:  # pragma: no cover - for the annotations only
    from landlord.families.sackson.game import PropertyGame

__all__ = ["board_svg", "initials"]

_VIEW = 760
_LEFT, _TOP, _BOTTOM = 70, 20, 70


def initials(names: Sequence[str]) -> list[str]:
    """Each player's initials, told apart: the first letter of each word (at most
    three), and the seat number after them where two players would share them.

    Examples
    --------
    >>> initials(["Ann", "Bob", "J.B. Smith"])
    ['A', 'B', 'JBS']
    >>> initials(["eager_landlord 1", "eager_landlord 2", "Ann", "Al"])
    ['EL1', 'EL2', 'A3', 'A4']
    """
    marks = []
    for name in names:
        words = [w for w in re.split(r"[\s_\-.]+", name) if w]
        letters = "".join(w if w.isdigit() else w[0] for w in words).upper()
        marks.append(letters[:4] or "?")
    return [
        mark if marks.count(mark) == 1 or mark[-1].isdigit() else f"{mark}{seat + 1}"
        for seat, mark in enumerate(marks)
    ]


def grid_in_words(game: PropertyGame, names: Sequence[str]) -> str:
    """Who holds how many cells (how many mortgaged), and how many are empty."""
    owner, mortgaged = game.cells.owner, game.cells.mortgaged
    parts = []
    for player, name in enumerate(names):
        held = [cell for cell, holder in enumerate(owner) if holder == player]
        if held:
            marked = sum(1 for cell in held if mortgaged[cell])
            extra = f" ({marked} mortgaged)" if marked else ""
            parts.append(f"{name} holds {len(held)} cell{'s' if len(held) > 1 else ''}{extra}")
    empty = sum(1 for holder in owner if holder < 0)
    parts.append(f"{empty} cells are empty")
    return "; ".join(parts)


def board_svg(
    game: PropertyGame,
    *,
    size: int = 760,
    names: Sequence[str] | None = None,
    last_move: int | tuple[int, int] | None = None,
) -> str:
    """The grid and the state of ``game`` as one SVG document.

    Examples
    --------
    >>> import xml.etree.ElementTree as ET
    >>> from landlord.session import Session
    >>> game = Session("property", ["eager_landlord"] * 2, seed=1).run(max_steps=40)
    >>> root = ET.fromstring(board_svg(game, size=380))
    >>> spaces = [g for g in root.iter("{http://www.w3.org/2000/svg}g")
    ...           if g.get("class") == "space"]
    >>> len(spaces), root.get("width")
    (64, '380')
    """
    names = Seats.of(game, names, size).names  # checked: one name a player, a real size
    cells = game.cells
    marks = initials(names)
    side = cells.columns
    step = (_VIEW - _LEFT - 10) / side
    last = last_move[1] if isinstance(last_move, tuple) else last_move
    words = grid_in_words(game, names)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_VIEW} {_VIEW}" '
        f'width="{size}" height="{size}" role="img" aria-label="The Property grid">',
        f"<title>The Property grid: {escape(words)}</title>",
        "<desc>Eight columns, named by a red card and counted from the left, and eight "
        "rows, named by a black card and counted from the bottom. Each held cell shows "
        "its holder's initials; an asterisk marks a mortgaged cell.</desc>",
        f'<rect x="0" y="0" width="{_VIEW}" height="{_VIEW}" fill="#ffffff"/>',
    ]
    for cell in range(cells.size):
        column, row = cells.column_row(cell)
        x = _LEFT + (column - 1) * step
        y = _TOP + (side - row) * step
        holder = cells.owner[cell]
        marked = cell == last
        fill = player_colour(holder) if holder >= 0 else "#ffffff"
        opacity = "0.35" if holder >= 0 else "1"
        who = f"{names[holder]}" if holder >= 0 else "empty"
        mortgage = cells.mortgaged[cell]
        label = f"{cells.names[cell]}: {who}{', mortgaged' if mortgage else ''}"
        flag = ' data-last="1"' if marked else ""
        out.append(
            f'<g class="space" data-space="{cell}" data-holder="{holder}" '
            f'data-mortgaged="{int(mortgage)}"{flag}><title>{escape(label)}</title>'
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{step:.1f}" height="{step:.1f}" '
            f'fill="{fill}" fill-opacity="{opacity}" stroke="#222222" '
            f'stroke-width="{6 if marked else 1.5}"/>'
        )
        if holder >= 0:
            out.append(
                f'<text x="{x + step / 2:.1f}" y="{y + step / 2 + 9:.1f}" font-size="26" '
                f'text-anchor="middle" font-family="sans-serif" font-weight="bold" '
                f'fill="#111111">{escape(marks[holder])}</text>'
            )
        if mortgage:
            out.append(
                f'<text x="{x + step - 8:.1f}" y="{y + 24:.1f}" font-size="26" '
                f'text-anchor="end" font-family="sans-serif" fill="#111111">*</text>'
            )
        out.append("</g>")
    base = _TOP + side * step
    for number in range(1, side + 1):
        x = _LEFT + (number - 0.5) * step
        out.append(
            f'<text class="column-label" x="{x:.1f}" y="{base + 28:.1f}" font-size="22" '
            f'text-anchor="middle" font-family="sans-serif" fill="#b00020">{number}</text>'
            f'<text x="{x:.1f}" y="{base + 54:.1f}" font-size="18" text-anchor="middle" '
            f'font-family="sans-serif" fill="#b00020">\u2665\u2666</text>'
        )
        y = _TOP + (side - number + 0.5) * step
        out.append(
            f'<text class="row-label" x="{_LEFT - 12:.1f}" y="{y:.1f}" font-size="22" '
            f'text-anchor="end" font-family="sans-serif" fill="#111111">{number}</text>'
            f'<text x="{_LEFT - 12:.1f}" y="{y + 22:.1f}" font-size="16" text-anchor="end" '
            f'font-family="sans-serif" fill="#111111">\u2660\u2663</text>'
        )
    worth = game.net_worths()
    out.append(f'<g class="centre" data-round="{game.round}" data-turn="{game.turn_player}">')
    for player in range(game.n_players):
        out.append(
            f'<g class="player" data-player="{player}" data-cash="{game.cash(player)}" '
            f'data-net-worth="{worth[player]}" data-units="{game.units.held[player]}"/>'
        )
    out.append("</g></svg>")
    return "".join(out)
