"""The board as one SVG picture: the track, who holds what, where everyone stands.

:func:`board_svg` draws the current state of any game as a self-contained SVG
string, for a class to watch on a projector. Each family of rule sets draws
its own board (``game.family.board_svg``): a picture of the state
(:mod:`landlord.views.picture`) on the fixed layout of its track
(:mod:`landlord.views.track`), both made of the SVG pieces of
:mod:`landlord.views.svg`; this module is the one door the apps use. It
only reads the game and imports no user-interface package: a notebook shows
the string with ``IPython.display.SVG`` or in an ``ipywidgets.HTML``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from landlord.palette import PLAYER_COLOURS, player_colour
from landlord.views.svg import text_colour, token_labels, wrap

__all__ = ["PLAYER_COLOURS", "board_svg", "player_colour", "text_colour", "token_labels", "wrap"]


def board_svg(
    game: Any,
    *,
    size: int = 760,
    names: Sequence[str] | None = None,
    last_move: int | tuple[int, int] | None = None,
) -> str:
    """The board and the state of ``game`` now, as one self-contained SVG document.

    Parameters
    ----------
    game : GameState
        The game to draw, at any point (the deal, a turn, the end), of any
        family: its family draws it (:mod:`landlord.families.magie.board`,
        :mod:`landlord.families.monopoly.board`). The elements below are
        those of Magie's games; the later game's board marks more on the
        same elements.
    size : int, default 760
        The width and height in pixels. The drawing is 760 x 760 units
        (its ``viewBox``), so at the default size the smallest text is 11
        pixels; the picture scales to any size without redrawing.
    names : sequence of str, optional
        The players' display names, in turn order; by default the game's.
    last_move : int or (int, int), optional
        The space a token has just landed on (a track space, or a side space
        numbered on from the track as the game numbers it), lit up; or
        ``(player, space)``, which also rings that player's token.

    Returns
    -------
    str
        An ``<svg>`` element (well-formed XML, no external resources).
        Elements a test or a stylesheet can pick out:

        * ``<g class="space" data-space="I" data-kind="K" data-holder="P"
          data-houses="N">`` for each track space (``data-holder`` is -1
          when nobody holds the card); a side space has class
          ``"space side-space"``. Optional flags: ``data-public="1"`` (a
          franchise or railroad the Treasury bought, marked FREE),
          ``data-college="1"``, ``data-site="1"`` (a lot open to build on,
          under the single tax), ``data-last="1"`` (``last_move``).
        * ``<g class="token" data-player="P" data-space="I" data-where="W">``
          for each player, where ``W`` is ``track``, ``jail``, ``poor_house``
          or ``opportunity``.
        * ``<g class="centre" data-round=... data-turn=... data-treasury=...
          data-miscellaneous=... data-wages=... data-single-tax=...>``, and in
          it ``<g class="player" data-player="P" data-cash=...
          data-net-worth=...>`` for each player.

    Raises
    ------
    ValueError
        If ``names`` does not give one name per player, or ``size`` is not
        positive.

    Examples
    --------
    >>> import xml.etree.ElementTree as ET
    >>> from landlord.engine import new_game
    >>> from landlord.rules import load_rules
    >>> game = new_game(load_rules("landlords_game"), ["Ann", "Bob"])
    >>> root = ET.fromstring(board_svg(game, size=380))
    >>> root.get("viewBox"), root.get("width")
    ('0 0 760 760', '380')
    >>> groups = root.iter("{http://www.w3.org/2000/svg}g")
    >>> spaces = [g for g in groups if "space" in g.get("class", "").split()]
    >>> len(spaces), spaces[0].get("data-space"), spaces[0].get("data-holder")
    (44, '0', '-1')
    """
    return game.family.board_svg(game, size=size, names=names, last_move=last_move)
