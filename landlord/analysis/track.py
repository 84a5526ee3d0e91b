"""A circular track as plain data: its squares, its jail, its cards and its dice.

:class:`Track` is what the landing chain (:mod:`landlord.analysis.landing`)
reads: how many squares, which one is the jail, which squares send a token
to jail, which draw a card and what each card does to the token, and the
dice that move it. :meth:`Track.arrivals` says what landing on a square
does, case by case; :meth:`Track.landing_outcomes` where a token that lands
on a square comes to rest, after every card has moved it on. The track of
a rule set's board is :func:`~landlord.analysis.boards.track_from_rules`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np

from landlord.analysis.dice import TWO_DICE

__all__ = ["AT_REST", "JAILED", "Track"]

#: In :meth:`Track.arrivals`: the token comes to rest on the square it landed on.
AT_REST = -1
#: In :meth:`Track.arrivals`: the token goes to jail.
JAILED = -2


@dataclass(frozen=True)
class Track:
    """A circular track as plain data: squares, jail, go-to-jail squares, cards and dice.

    Parameters
    ----------
    size : int
        The number of squares, numbered ``0`` (the start) to ``size - 1``;
        a throw of ``t`` moves a token from ``s`` to ``(s + t) % size``.
    jail : int
        The square where a jailed token sits. A token that merely lands
        there is "just visiting" and nothing happens (unless
        ``landing_jails``).
    go_to_jail : tuple of int
        The squares that send a token landing on them to jail.
    cards : mapping of int to tuple of effects
        For each square that draws a card, its deck: one effect per card.
        A card is drawn uniformly at random from the whole deck each time,
        that is *with replacement* (as if the deck were shuffled after
        every draw): the standard simplification of Markov analyses of
        these games. The effects are

        - ``"stay"``: the token stays (any card that does not move it);
        - ``("to", square)``: advance to that square;
        - ``("back", n)``: go back ``n`` squares;
        - ``("next", (square, ...))``: advance to the next of those squares
          ahead of the token (for example the nearest railroad);
        - ``"jail"``: go to jail.

        A card that moves the token onto a Go To Jail or card square acts
        as landing there (go to jail, or draw again). A square that always
        sends a token on to another (Quikopoly's Go-to-Go) is a deck of one
        card, ``(("to", square),)``.
    doubles_to_jail : int
        A throw that is the ``doubles_to_jail``-th double in a row sends the
        token to jail without moving it (3 in the classic rules); ``0``
        disables the rule. After a double that does not, the token throws
        again (that is another move); a turn ends in jail all the same.
    jail_turns : int
        Under the ``"stay"`` strategy, the most turns a jailed token tries
        for a double (3 in the classic rules); the last try moves it out
        whatever it shows.
    jail_doubles_throw_again : bool
        Whether the double that frees a jailed token also earns another
        throw (the 1972 UK rules) rather than ending the turn (the US
        rules, the default). The freeing double then counts as the first
        double in a row of that turn. Only the ``"stay"`` strategy tries
        for doubles, so only it is affected.
    throws : tuple of (int, bool)
        The equally likely throws of the dice, each ``(total, is a double)``
        (see :func:`~landlord.analysis.dice.dice_throws`); a total may be listed more than once.
        A *double* is whatever throw frees a jailed token under ``"stay"``
        and counts towards ``doubles_to_jail``: two equal dice, or a one-die
        rule set's freeing face. Default :data:`TWO_DICE`, the 36 throws of
        two six-sided dice.
    landing_jails : bool
        Whether a token that lands on ``jail`` (by a throw or a card) is
        jailed there, as in Quikopoly's Prison, rather than "just visiting"
        (the default). It changes only the ``"stay"`` strategy: under
        ``"leave"`` a jailed token pays and throws as one just visiting.

    Raises
    ------
    ValueError
        If a field is out of range: a square off the track, the jail among
        the Go To Jail squares, a Go To Jail square (or a jailing jail
        square) with a deck, an empty deck, an unknown card effect, cards
        that could send a token from card to card for ever, or throws that
        are not a non-empty list of (total >= 1, True or False) pairs. The
        message names the field.

    Examples
    --------
    >>> Track(size=10, jail=3, go_to_jail=(7,), cards={5: ("stay", ("back", 2))}).size
    10
    >>> Track(size=10, jail=3, go_to_jail=(3,))
    Traceback (most recent call last):
    ...
    ValueError: Track.go_to_jail: the jail square 3 cannot also send to jail
    >>> Track(size=10, jail=3, throws=((0, False),))
    Traceback (most recent call last):
    ...
    ValueError: Track.throws[0]: expected a pair (total >= 1, True or False), got (0, False)
    """

    size: int
    jail: int
    go_to_jail: tuple[int, ...] = ()
    cards: Mapping[int, tuple] = field(default_factory=dict)
    doubles_to_jail: int = 3
    jail_turns: int = 3
    jail_doubles_throw_again: bool = False
    throws: tuple[tuple[int, bool], ...] = TWO_DICE
    landing_jails: bool = False

    def __post_init__(self) -> None:
        size = self.size
        if isinstance(size, bool) or not isinstance(size, int) or size < 1:
            raise ValueError(f"Track.size: expected a whole number of squares >= 1, got {size!r}")
        self._check_square("jail", self.jail)
        go_to_jail = tuple(self.go_to_jail)
        for square in go_to_jail:
            self._check_square("go_to_jail", square)
        if self.jail in go_to_jail:
            raise ValueError(
                f"Track.go_to_jail: the jail square {self.jail} cannot also send to jail"
            )
        object.__setattr__(self, "go_to_jail", go_to_jail)
        for name in ("jail_doubles_throw_again", "landing_jails"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(
                    f"Track.{name}: expected True or False, got {getattr(self, name)!r}"
                )
        if not isinstance(self.cards, Mapping):
            raise ValueError("Track.cards: expected a mapping of square -> tuple of card effects")
        cards = {}
        for square, deck in self.cards.items():
            self._check_square("cards", square)
            if square in go_to_jail or (self.landing_jails and square == self.jail):
                raise ValueError(
                    f"Track.cards: square {square} sends to jail, so it cannot draw a card"
                )
            deck = tuple(deck) if isinstance(deck, list | tuple) else deck
            if not isinstance(deck, tuple) or not deck:
                raise ValueError(f"Track.cards[{square}]: expected a non-empty tuple of effects")
            cards[square] = tuple(
                self._check_effect(f"cards[{square}][{i}]", card) for i, card in enumerate(deck)
            )
        object.__setattr__(self, "cards", cards)
        for name in ("doubles_to_jail", "jail_turns"):
            value = getattr(self, name)
            low = 0 if name == "doubles_to_jail" else 1
            if isinstance(value, bool) or not isinstance(value, int) or value < low:
                raise ValueError(f"Track.{name}: expected a whole number >= {low}, got {value!r}")
        object.__setattr__(self, "throws", self._checked_throws())
        self.landing_outcomes()  # refuses cards that pass a token on for ever

    def _checked_throws(self) -> tuple[tuple[int, bool], ...]:
        throws = self.throws
        if not isinstance(throws, list | tuple) or not throws:
            raise ValueError(
                f"Track.throws: expected a non-empty tuple of (total, is a double), got {throws!r}"
            )
        checked = []
        for i, throw in enumerate(throws):
            ok = isinstance(throw, list | tuple) and len(throw) == 2
            if ok:
                total, double = throw
                ok = (
                    isinstance(total, int | np.integer)
                    and not isinstance(total, bool)
                    and total >= 1
                    and isinstance(double, bool | np.bool_)
                )
            if not ok:
                raise ValueError(
                    f"Track.throws[{i}]: expected a pair (total >= 1, True or False), "
                    f"got {throw!r}"
                )
            checked.append((int(total), bool(double)))
        return tuple(checked)

    def _check_square(self, name: str, square: object) -> None:
        ok = isinstance(square, int | np.integer) and not isinstance(square, bool)
        if not ok or not 0 <= square < self.size:
            raise ValueError(
                f"Track.{name}: square {square!r} is not on the track (0 to {self.size - 1})"
            )

    def _check_effect(self, name: str, effect: object) -> object:
        if effect in ("stay", "jail"):
            return effect
        if isinstance(effect, list | tuple) and len(effect) == 2:
            kind, arg = effect
            if kind == "to":
                self._check_square(name, arg)
                return ("to", int(arg))
            if kind == "back":
                if isinstance(arg, int | np.integer) and not isinstance(arg, bool) and arg >= 0:
                    return ("back", int(arg))
                raise ValueError(f"Track.{name}: 'back' needs a whole number >= 0, got {arg!r}")
            if kind == "next":
                if not isinstance(arg, list | tuple) or not arg:
                    raise ValueError(f"Track.{name}: 'next' needs a non-empty tuple of squares")
                for square in arg:
                    self._check_square(name, square)
                return ("next", tuple(sorted({int(s) for s in arg})))
        raise ValueError(
            f"Track.{name}: unknown card effect {effect!r}; expected 'stay', 'jail', "
            "('to', square), ('back', n) or ('next', (square, ...))"
        )

    def arrivals(self, square: int) -> list[int]:
        """What landing on ``square`` does: one entry per equally likely case.

        Parameters
        ----------
        square : int
            A square of the track, landed on by a throw or sent to by a card.

        Returns
        -------
        list of int
            One entry per card of the square's deck (one entry for a square
            without cards): another square the token is sent on to (and
            lands on), :data:`AT_REST` (it comes to rest here) or
            :data:`JAILED`.

        Examples
        --------
        >>> track = Track(size=10, jail=3, go_to_jail=(7,), cards={5: ("stay", ("back", 2))})
        >>> track.arrivals(5), track.arrivals(7) == [JAILED], track.arrivals(1) == [AT_REST]
        ([-1, 3], True, True)
        """
        if square in self.go_to_jail or (self.landing_jails and square == self.jail):
            return [JAILED]
        deck = self.cards.get(square)
        if deck is None:
            return [AT_REST]
        cases = []
        for effect in deck:
            if effect == "stay":
                cases.append(AT_REST)
            elif effect == "jail":
                cases.append(JAILED)
            elif effect[0] == "to":
                cases.append(effect[1])
            elif effect[0] == "back":
                cases.append((square - effect[1]) % self.size)
            else:  # "next": the first of the squares strictly ahead, going round
                cases.append(min(effect[1], key=lambda s: (s - square - 1) % self.size))
        return cases

    def landing_outcomes(self) -> np.ndarray:
        """Where a token that lands on each square comes to rest, card after card.

        Landing on a card square may send the token on to another one, so
        this is the absorption probability of a small chain: transient
        "lands on s", absorbing "comes to rest on e" or "jailed".

        Returns
        -------
        numpy.ndarray
            ``A[s, e]``, of shape ``(size, size + 1)``: the chance that a
            token landing on ``s`` comes to rest on ``e``; the last column
            (``e == size``) is the chance that it goes to jail. Each row
            sums to one.

        Raises
        ------
        ValueError
            If some cards pass a token from card to card for ever.

        Examples
        --------
        >>> track = Track(size=10, jail=3, go_to_jail=(7,), cards={5: ("stay", ("back", 2))})
        >>> outcomes = track.landing_outcomes()
        >>> outcomes.shape, outcomes[5, [5, 3]].tolist(), float(outcomes[7, 10])
        ((10, 11), [0.5, 0.5], 1.0)
        """
        n = self.size
        passes = np.zeros((n, n))  # lands on s -> is sent on to land on t
        rests = np.zeros((n, n + 1))  # lands on s -> comes to rest on e, or jailed (column n)
        for s in range(n):
            cases = self.arrivals(s)
            for case in cases:
                if case == AT_REST:
                    rests[s, s] += 1 / len(cases)
                elif case == JAILED:
                    rests[s, n] += 1 / len(cases)
                else:
                    passes[s, case] += 1 / len(cases)
        try:
            outcomes = np.linalg.solve(np.eye(n) - passes, rests)
        except np.linalg.LinAlgError:
            outcomes = None
        if outcomes is None or not np.allclose(outcomes.sum(axis=1), 1) or outcomes.min() < -1e-9:
            raise ValueError("Track.cards: some cards pass a token from card to card for ever")
        return np.clip(outcomes, 0, None)
