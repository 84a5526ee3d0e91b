"""The dice that move a token round a track: their equally likely throws.

Two six-sided dice (:data:`TWO_DICE`) move a token on the classic boards; a
piecepack rule set such as Quikopoly throws one die whose null counts six.
:func:`dice_throws` lists the throws of any such dice, each marked as a
*double* or not: the throw that frees a jailed token and that counts
towards going to jail for doubles in a row (see
:class:`~landlord.analysis.track.Track`).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product

__all__ = ["TWO_DICE", "dice_throws"]


def dice_throws(
    count: int = 2, faces: Sequence[int] = range(1, 7), frees: Sequence[int] | None = None
) -> tuple[tuple[int, bool], ...]:
    """The equally likely throws of ``count`` dice: ``(total, is a double)`` each.

    One entry per way the dice can fall, in the order of
    :func:`itertools.product` of the faces, so a total that can be thrown
    several ways is listed that many times. The second item marks the
    throws :class:`~landlord.analysis.track.Track` calls *doubles*: the throws that free a jailed
    token under ``"stay"`` and that count towards ``doubles_to_jail``.

    Parameters
    ----------
    count : int
        The number of dice thrown together; their faces are added.
    faces : sequence of int
        The number each face counts, one entry per face (a piecepack die's
        null counts six, its ace one).
    frees : sequence of int, optional
        The totals that count as a double instead. By default a double is
        two or more dice showing the same face; a single die has none, so a
        one-die rule set names its freeing face here (Quikopoly's null, 6).

    Returns
    -------
    tuple of (int, bool)

    Examples
    --------
    >>> two = dice_throws()
    >>> len(two), two[:2], sum(double for _, double in two)
    (36, ((2, True), (3, False)), 6)
    >>> dice_throws(1, faces=(6, 1, 2, 3, 4, 5), frees=(6,))[:3]
    ((6, True), (1, False), (2, False))
    """
    faces = tuple(faces)
    freeing = None if frees is None else frozenset(frees)
    throws = []
    for fall in product(faces, repeat=count):
        total = sum(fall)
        double = (count > 1 and len(set(fall)) == 1) if freeing is None else (total in freeing)
        throws.append((total, double))
    return tuple(throws)


#: The 36 equally likely throws of two six-sided dice: (total, is a double).
TWO_DICE = dice_throws()
