"""The kit's colours for players, shared by the board and the charts.

A player has one colour everywhere: on the board's tokens and frames, in the
wealth bars, on the Gini and flow charts. The colours are six of the
Okabe-Ito palette (Okabe and Ito, "Color Universal Design", 2002), which
people with the common forms of colour blindness tell apart; its yellow (too
faint on a white projector screen) and black (it reads as text) are left out.
Only the standard library is used.
"""

from __future__ import annotations

__all__ = ["PLAYER_COLOURS", "player_colour"]

#: The players' colours, seat by seat.
PLAYER_COLOURS: tuple[str, ...] = (
    "#0072B2",  # blue
    "#E69F00",  # orange
    "#009E73",  # bluish green
    "#CC79A7",  # reddish purple
    "#56B4E9",  # sky blue
    "#D55E00",  # vermillion
)


def player_colour(seat: int) -> str:
    """The colour of the player in ``seat`` (0 is the first), cycling after six.

    Examples
    --------
    >>> player_colour(0), player_colour(6)
    ('#0072B2', '#0072B2')
    """
    return PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]
