"""Which squares of a track are landed on most: the exact chain and a simulation.

A token goes round a circular track of ``size`` squares, thrown by two
six-sided dice (or by one die: the piecepack Quikopoly's). Some squares send
it to jail, some draw a card that may move it on, and throwing too many
doubles in a row sends it to jail too. Over a long game, what share of the
moves end on each square?

- :class:`Track` describes a track as plain data (squares, jail, cards, and
  the equally likely throws of its dice);
- :func:`dice_throws` lists the throws of some dice;
- :func:`track_from_rules` builds the track of a loaded rule set: its Go To
  Jail squares, its jail, the movement cards of its Chance and Community
  Chest packs, the squares that send a token on (Quikopoly's Go-to-Go), its
  dice and its doubles and jail rules;
- :func:`landing_probabilities` answers exactly, from the stationary
  distribution of the Markov chain of the token;
- :func:`simulate_landings` answers by playing the same rules out with a
  seeded random generator, as a check and as a demonstration, and
  :func:`landing_standard_errors` says how far such a simulation may stray;
- :func:`transition_matrix` gives the chain itself;
- :func:`classic_track` is the classic US board's track written out by hand,
  without the rules loader: it equals ``track_from_rules(load_rules("monopoly_us"))``
  (the tests check this), and serves as a fixed example.

What counts as a landing
------------------------
Every throw of the dice is one *move*, and every move ends on exactly one
square, counted once:

- an ordinary throw ends where the token comes to rest: after a Go To Jail
  square or a card has sent it on (a card that moves it to another card
  square draws again there). A square that always sends the token on, such
  as Quikopoly's Go-to-Go, is a deck of one card: a throw landing there ends
  on Go, and Go-to-Go itself is never counted;
- a throw that sends the token to jail (a Go To Jail square, a jail card,
  the last allowed double in a row, or, where the jail square jails a token
  landing on it as Quikopoly's Prison does, that square) ends on the
  ``jail`` square;
- under the ``"stay"`` strategy, a failed try for the throw that frees a
  jailed token (doubles; Quikopoly's null) leaves it where it is: that throw
  ends on ``jail`` too.

So the result is the long-run share of throws ending on each square; it sums
to one. A token sent to jail and one "just visiting" both count on ``jail``.

Which rules a track leaves out
------------------------------
The chain follows the token only: money never moves it, so the cards that
only pay or collect count as leaving it where it is. Decks are drawn with
replacement (as if reshuffled after every draw), not taken from the top and
put at the bottom as the rules say; the difference is small (see the tests'
published figures). The Landlord's Game rule sets let a player move either
way between the Chances and jump ahead on a double (the "railroad pass");
a track cannot choose, so :func:`track_from_rules` gives their plain,
forward-only approximation (the Poor House, and the single tax's Natural
Opportunities off the track, are left out too).

Examples
--------
On a small circle with nothing on it every square is equally likely:

>>> plain = Track(size=4, jail=0, go_to_jail=(), doubles_to_jail=0)
>>> landing_probabilities(plain).round(3)
array([0.25, 0.25, 0.25, 0.25])

On the classic board jail is the most landed square:

>>> p = landing_probabilities(classic_track(), strategy="stay")
>>> int(p.argmax()), round(float(p[10]), 3), float(p[30])
(10, 0.115, 0.0)

A rule set's own track:

>>> from landlord.rules import load_rules
>>> track_from_rules(load_rules("monopoly_us")) == classic_track()
True

A one-die track like Quikopoly's: 20 squares, the die's six faces, a null
(six) freeing a jailed token, Prison (5) jailing a token that lands there,
and Go-to-Go (10) sending it to Go (0). Go is landed on most (a tenth of
all throws: twice a plain square's twentieth), Go-to-Go never; a pawn that
waits in Prison for a null is there most:

>>> one_die = Track(
...     size=20, jail=5, cards={10: (("to", 0),)}, doubles_to_jail=0,
...     throws=dice_throws(1, frees=(6,)), landing_jails=True,
... )
>>> p = landing_probabilities(one_die, "leave")
>>> int(p.argmax()), round(float(p[0]), 6), float(p[10])
(0, 0.1, 0.0)
>>> stay = landing_probabilities(one_die, "stay")
>>> int(stay.argmax()), round(float(stay[5]), 3)
(5, 0.138)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import product
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from landlord.rules import RuleSet

__all__ = [
    "STRATEGIES",
    "TWO_DICE",
    "Track",
    "classic_track",
    "dice_throws",
    "landing_probabilities",
    "landing_standard_errors",
    "simulate_landings",
    "track_from_rules",
    "transition_matrix",
]

#: The ways out of jail: pay at once, or try for the freeing throw (doubles) first.
STRATEGIES = ("leave", "stay")


def dice_throws(
    count: int = 2, faces: Sequence[int] = range(1, 7), frees: Sequence[int] | None = None
) -> tuple[tuple[int, bool], ...]:
    """The equally likely throws of ``count`` dice: ``(total, is a double)`` each.

    One entry per way the dice can fall, in the order of
    :func:`itertools.product` of the faces, so a total that can be thrown
    several ways is listed that many times. The second item marks the
    throws :class:`Track` calls *doubles*: the throws that free a jailed
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

# Where a card or square sends a token next (see Track._arrivals).
_END = -1  # the token comes to rest on the square it is on
_JAILED = -2  # the token goes to jail


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
        (see :func:`dice_throws`); a total may be listed more than once.
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
        self._outcomes()  # refuses cards that pass a token on for ever

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

    def _arrivals(self, square: int) -> list[int]:
        """What landing on ``square`` does: one entry per equally likely case.

        Each entry is another square the token is sent on to (and lands on),
        ``_END`` (it comes to rest here) or ``_JAILED``.
        """
        if square in self.go_to_jail or (self.landing_jails and square == self.jail):
            return [_JAILED]
        deck = self.cards.get(square)
        if deck is None:
            return [_END]
        cases = []
        for effect in deck:
            if effect == "stay":
                cases.append(_END)
            elif effect == "jail":
                cases.append(_JAILED)
            elif effect[0] == "to":
                cases.append(effect[1])
            elif effect[0] == "back":
                cases.append((square - effect[1]) % self.size)
            else:  # "next": the first of the squares strictly ahead, going round
                cases.append(min(effect[1], key=lambda s: (s - square - 1) % self.size))
        return cases

    def _outcomes(self) -> np.ndarray:
        """``A[s, e]``: the chance that landing on ``s`` ends on ``e`` (``e == size``: jailed).

        Landing on a card square may send the token on to another one, so
        this is the absorption probability of a small chain: transient
        "lands on s", absorbing "comes to rest on e" or "jailed".
        """
        n = self.size
        passes = np.zeros((n, n))  # lands on s -> is sent on to land on t
        rests = np.zeros((n, n + 1))  # lands on s -> comes to rest on e, or jailed (column n)
        for s in range(n):
            cases = self._arrivals(s)
            for case in cases:
                if case == _END:
                    rests[s, s] += 1 / len(cases)
                elif case == _JAILED:
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


def _check_strategy(strategy: str) -> None:
    if strategy not in STRATEGIES:
        raise ValueError(f"strategy: expected one of {STRATEGIES}, got {strategy!r}")


def _freed_run(track: Track) -> int:
    """The doubles in a row after a double frees a jailed token (see Track)."""
    return 1 if track.jail_doubles_throw_again and track.doubles_to_jail > 1 else 0


def transition_matrix(
    track: Track, strategy: str = "leave"
) -> tuple[list[tuple[int, int, int]], np.ndarray]:
    """The Markov chain of one token on ``track``: its states and one-throw transitions.

    A state is ``(square, doubles, turns)`` after a throw:

    - ``square``: where the throw ended (see the module's "What counts as a
      landing"); the state's square *is* the landing of the throw;
    - ``doubles``: the doubles thrown in a row so far in this turn, ``0`` to
      ``doubles_to_jail - 1`` (always ``0`` when the rule is off);
    - ``turns``: ``0`` for a free token; for a jailed token under
      ``"stay"``, the turns it has been in jail so far, counting the one in
      which it was sent there (``1`` to ``jail_turns``), so its next throw
      is try number ``turns``, the last one if ``turns == jail_turns``.

    Under ``"leave"`` a jailed token pays at once and its next throw is an
    ordinary one from the jail square, so being jailed is the same state as
    ``(jail, 0, 0)``, just visiting at the start of a turn. (On a track
    whose jail square jails, ``landing_jails``, no throw ends "just
    visiting" under ``"stay"``: that state is never reached.)

    Each of ``track.throws`` has the same chance; a *double* there is the
    throw that frees a jailed token (see :class:`Track`).

    Parameters
    ----------
    track : Track
        The track.
    strategy : {"leave", "stay"}
        ``"leave"``: pay at once and throw as usual next turn. ``"stay"``:
        try for a double for up to ``track.jail_turns`` turns; a double
        leaves and moves by that throw, with no throw again (unless
        ``track.jail_doubles_throw_again``: then the token is in state
        ``(square, 1, 0)``, one double in a row, and throws again); after
        the last failed try the token pays and moves by that throw.

    Returns
    -------
    states : list of tuple of int
        The states, in the order of the matrix rows.
    matrix : numpy.ndarray
        ``matrix[i, j]``: the chance that one throw takes state ``i`` to
        state ``j``; each row sums to one.

    Examples
    --------
    >>> states, matrix = transition_matrix(classic_track(), "stay")
    >>> len(states), states[:2], states[-1]
    (123, [(0, 0, 0), (0, 1, 0)], (10, 0, 3))
    >>> bool(np.allclose(matrix.sum(axis=1), 1))
    True
    """
    _check_strategy(strategy)
    n, jail = track.size, track.jail
    runs = max(track.doubles_to_jail, 1)
    states = [(s, d, 0) for s in range(n) for d in range(runs)]
    if strategy == "stay":
        states += [(jail, 0, k) for k in range(1, track.jail_turns + 1)]
    index = {state: i for i, state in enumerate(states)}
    jailed = index[(jail, 0, 1 if strategy == "stay" else 0)]
    outcomes = track._outcomes()
    matrix = np.zeros((len(states), len(states)))
    freed_run = _freed_run(track)

    def move(row: int, start: int, total: int, doubles: int, chance: float) -> None:
        """Land on ``start + total``; come to rest with ``doubles`` in a row, or in jail."""
        ends = outcomes[(start + total) % n]
        for end in np.flatnonzero(ends[:n]):
            matrix[row, index[(int(end), doubles, 0)]] += chance * ends[end]
        matrix[row, jailed] += chance * ends[n]

    each = 1 / len(track.throws)  # the throws are equally likely
    for row, (square, doubles, turns) in enumerate(states):
        for total, double in track.throws:
            if turns == 0:
                counted = double and track.doubles_to_jail > 0
                if counted and doubles + 1 == track.doubles_to_jail:
                    matrix[row, jailed] += each
                else:
                    move(row, square, total, doubles + 1 if counted else 0, each)
            elif double or turns == track.jail_turns:
                move(row, jail, total, freed_run if double else 0, each)
            else:
                matrix[row, index[(jail, 0, turns + 1)]] += each
    return states, matrix


def landing_probabilities(track: Track, strategy: str = "leave") -> np.ndarray:
    """The exact long-run share of throws that end on each square of ``track``.

    The stationary distribution ``pi`` of :func:`transition_matrix` solves
    ``pi P = pi`` with ``sum(pi) = 1``; it is found by solving that linear
    system directly (one balance equation replaced by the sum), then summed
    over the states of each square. The throws counted are every throw of
    the dice, as the module's "What counts as a landing" defines, so jail
    holds both the tokens sent there and those just visiting, and under
    ``"stay"`` every failed try for a double.

    Parameters
    ----------
    track : Track
        The track.
    strategy : {"leave", "stay"}
        How a jailed token gets out (see :func:`transition_matrix`).

    Returns
    -------
    numpy.ndarray
        ``size`` non-negative shares summing to one.

    Examples
    --------
    >>> track = classic_track()
    >>> leave = landing_probabilities(track, "leave")
    >>> stay = landing_probabilities(track, "stay")
    >>> round(float(leave[10]), 4), round(float(stay[10]), 4)
    (0.0622, 0.1153)
    """
    _, _, squares, pi = _stationary(track, strategy)
    landing = np.bincount(squares, weights=pi, minlength=track.size)
    return landing / landing.sum()


def _stationary(
    track: Track, strategy: str
) -> tuple[list[tuple[int, int, int]], np.ndarray, np.ndarray, np.ndarray]:
    """The chain's states, matrix, each state's square, and its stationary distribution."""
    states, matrix = transition_matrix(track, strategy)
    system = matrix.T - np.eye(len(states))
    system[-1, :] = 1.0
    rhs = np.zeros(len(states))
    rhs[-1] = 1.0
    pi = np.clip(np.linalg.solve(system, rhs), 0, None)
    squares = np.array([state[0] for state in states])
    return states, matrix, squares, pi / pi.sum()


def landing_standard_errors(track: Track, strategy: str = "leave", rolls: int = 1) -> np.ndarray:
    """How far a simulation of ``rolls`` throws may stray from the exact shares, square by square.

    Successive throws are not independent (a token in jail under ``"stay"``
    is likely to be there again next throw, a double throws again), so the
    binomial standard error ``sqrt(p (1 - p) / rolls)`` is not the right
    scale. The central limit theorem for Markov chains gives the variance
    of a square's share over ``rolls`` throws as ``sigma^2 / rolls``, where
    ``sigma^2 = <g, 2 Z g - g>`` weighted by the stationary distribution,
    ``g`` is the square's indicator less its share and ``Z = (I - P + 1 pi)^-1``
    is the fundamental matrix of the chain. :func:`simulate_landings` starts
    on square 0 rather than in the long run, which adds a bias of order
    ``1 / rolls``, negligible beside these errors.

    Parameters
    ----------
    track : Track
        The track.
    strategy : {"leave", "stay"}
        How a jailed token gets out (see :func:`transition_matrix`).
    rolls : int
        The number of throws simulated.

    Returns
    -------
    numpy.ndarray
        ``size`` standard errors (0 for a square no throw ends on).

    Examples
    --------
    >>> track = classic_track()
    >>> errors = landing_standard_errors(track, "stay", rolls=1_000_000)
    >>> p = landing_probabilities(track, "stay")
    >>> binomial = np.sqrt(p * (1 - p) / 1_000_000)
    >>> round(float(errors[10] / binomial[10]), 1), float(errors[30])
    (1.5, 0.0)
    """
    if isinstance(rolls, bool) or not isinstance(rolls, int) or rolls < 1:
        raise ValueError(f"rolls: expected a whole number >= 1, got {rolls!r}")
    _, matrix, squares, pi = _stationary(track, strategy)
    size = len(pi)
    fundamental = np.linalg.inv(np.eye(size) - matrix + np.outer(np.ones(size), pi))
    indicator = (squares[:, None] == np.arange(track.size)[None, :]).astype(float)
    g = indicator - pi @ indicator
    variance = pi @ (g * (2 * fundamental @ g - g))
    return np.sqrt(np.clip(variance, 0, None) / rolls)


def simulate_landings(
    track: Track, strategy: str = "leave", rolls: int = 1_000_000, seed: int = 0
) -> np.ndarray:
    """The share of ``rolls`` throws ending on each square, by playing them out.

    One token starts on square 0, free, and throws ``rolls`` times; each
    throw's ending square is counted exactly as :func:`landing_probabilities`
    counts it. All dice are drawn at once from
    ``numpy.random.default_rng(seed)`` (two six-sided dice die by die, any
    other ``track.throws`` by picking one of them, equally likely), then
    uniform numbers for the cards, a batch at a time; the turns themselves
    are a plain loop (about 0.5 s per million throws).

    Parameters
    ----------
    track : Track
        The track.
    strategy : {"leave", "stay"}
        How a jailed token gets out (see :func:`transition_matrix`).
    rolls : int
        The number of throws to play and count.
    seed : int
        The seed of the random generator: the same seed, the same result.

    Returns
    -------
    numpy.ndarray
        ``size`` shares summing to one.

    Examples
    --------
    >>> track = classic_track()
    >>> simulated = simulate_landings(track, "stay", rolls=200_000, seed=1)
    >>> exact = landing_probabilities(track, "stay")
    >>> bool(abs(simulated - exact).max() < 0.005), float(simulated[30])
    (True, 0.0)
    """
    _check_strategy(strategy)
    if isinstance(rolls, bool) or not isinstance(rolls, int) or rolls < 1:
        raise ValueError(f"rolls: expected a whole number >= 1, got {rolls!r}")
    rng = np.random.default_rng(seed)
    totals, doubles = _draw_throws(track.throws, rng, rolls)
    batch = max(rolls // 4, 1024)
    draws: list[float] = []
    n, jail = track.size, track.jail
    arrivals = [track._arrivals(s) for s in range(n)]
    stay = strategy == "stay"
    limit, tries = track.doubles_to_jail, track.jail_turns
    freed_run = _freed_run(track)

    def land(square: int) -> int:
        """Where a token landing on ``square`` comes to rest (``_JAILED``: jail)."""
        nonlocal draws
        while True:
            cases = arrivals[square]
            if len(cases) == 1:
                case = cases[0]
            else:
                if not draws:
                    draws = rng.random(batch).tolist()
                case = cases[int(draws.pop() * len(cases))]
            if case == _END:
                return square
            if case == _JAILED:
                return _JAILED
            square = case

    counts = [0] * n
    square, run, turns = 0, 0, 0  # as in transition_matrix's states
    for total, double in zip(totals, doubles, strict=True):
        if turns == 0:
            counted = double and limit > 0
            if counted and run + 1 == limit:
                end = _JAILED
            else:
                end = land((square + total) % n)
                run = run + 1 if counted else 0
        elif double or turns == tries:
            end = land((jail + total) % n)
            turns, run = 0, freed_run if double else 0
        else:
            end = jail
            turns += 1
        if end == _JAILED:
            square, run, turns = jail, 0, 1 if stay else 0
        else:
            square = end
        counts[square] += 1
    return np.array(counts, dtype=float) / rolls


def _draw_throws(
    throws: tuple[tuple[int, bool], ...], rng: np.random.Generator, rolls: int
) -> tuple[list[int], list[bool]]:
    """``rolls`` throws drawn from ``throws``: their totals and whether each is a double.

    Two six-sided dice are drawn die by die, as they always were (a seed
    gives the same throws as before other dice were known); any other
    throws are drawn one entry of ``throws`` at a time.
    """
    if throws == TWO_DICE:
        dice = rng.integers(1, 7, size=(rolls, 2))
        return dice.sum(axis=1).tolist(), (dice[:, 0] == dice[:, 1]).tolist()
    picks = rng.integers(0, len(throws), size=rolls)
    table = np.array(throws, dtype=np.int64)
    return table[picks, 0].tolist(), table[picks, 1].astype(bool).tolist()


#: The card effects that leave a token where it is: money, a kept card, a
#: turn gained or missed (an extra turn is one more throw from the same
#: square, which is how the chain goes on anyway), and the UK Community
#: Chest's "pay a fine or take a Chance", read as paying the fine.
_STAYING_EFFECTS = frozenset(
    {
        "pay",
        "collect",
        "collect_from_each",
        "pay_each",
        "extra_turn",
        "miss_turn",
        "get_out_of_jail",
        "repairs",
        "pay_or_chance",
    }
)

#: The space kinds that draw a card, and the pack each draws from.
_DECKS = {"chance": "chance_deck", "community_chest": "community_chest_deck"}


def track_from_rules(rules: RuleSet) -> Track:
    """The track of a loaded rule set: jail, Go To Jail squares, card moves, dice, jail rules.

    - ``size``: the board's spaces, which must be laid out as a ``"track"``,
      or as a ``"shuffled_track"`` whose squares dealt at random (those of
      :func:`~landlord.engine.boards.shuffled_positions`) do nothing to a
      token's move, as Quikopoly's property tiles do nothing: the shares are
      then those of the positions, whatever tile is dealt there;
    - ``jail``: ``rules.jail.leave_from``, the square a jailed token
      leaves from; ``landing_jails``: the rule set's own
      ``[jail_square] landing_jails`` (Quikopoly's Prison), false without it;
    - ``go_to_jail``: the ``go_to_jail`` spaces, and the Landlord's Game's
      ``trespass`` spaces when its ``trespass.to_jail`` is on;
    - ``cards``: every ``chance`` space draws from ``rules.chance_deck`` and
      every ``community_chest`` space from ``rules.community_chest_deck``,
      a card with ``copies`` counted that many times. ``go_to`` and
      ``go_to_start`` become ``("to", square)``; so does ``go_back_to``
      (the direction matters only for the salary at Go, not for where the
      token lands); ``advance`` by ``n`` becomes ``("back", -n)`` for a
      negative ``n`` and ``("to", square + n)`` otherwise; ``go_to_jail``
      becomes ``"jail"``; ``nearest_railroad`` and ``nearest_utility``
      become ``("next", ...)`` of the railroad or utility spaces. Every
      other effect only moves money or turns, and becomes ``"stay"``; the
      UK Community Chest's "pay a fine or take a Chance" is read as paying
      the fine (the player could draw a Chance card instead, which moves
      him with a chance of 7 in 16: a choice a track cannot make). A card
      space whose pack is empty draws nothing. A ``go_to_go`` space sends
      the token straight to the start: a one-card deck ``(("to", start),)``;
    - ``doubles_to_jail``: ``rules.doubles.jail_after`` when the rules
      give another throw for doubles (``doubles.throw_again``), else 0 (the
      Landlord's Game rule sets have no such rule);
    - ``jail_turns``: as the rule set's family counts them
      (:meth:`~landlord.engine.family.Family.jail_turns`): under the later
      game's rules ``jail.max_turns`` (after the third failed try the
      player pays and moves by that throw); one more under Magie's, whose
      player misses up to ``max_turns`` turns and pays at the next, moving
      by that turn's throw;
    - ``jail_doubles_throw_again``: ``rules.jail.doubles_throw_again``
      (the 1972 UK rules), false where the rules do not have it;
    - ``throws``: from the rule set's own ``[dice]`` section, when it has
      one: ``count`` dice (default 2) with ``faces`` (default 1 to 6), the
      totals in ``jail_freed_by`` counting as the doubles that free a
      jailed token (default: equal dice); see :func:`dice_throws`.
      Without the section, two six-sided dice (:data:`TWO_DICE`).

    The Landlord's Game rule sets (``landlords_game``, ``single_tax``,
    ``prosperity``) also let a player move backwards between the Chances
    and take the "railroad pass" on a double, choices a track cannot make;
    for them the result is the plain forward-moving approximation, as if
    every player always moved forward by the throw. The tracks of the later
    game's rule sets (``monopoly_us``, ``monopoly_uk_1972``) are exact but
    for the order of the packs (see "Which rules a track leaves out").

    Parameters
    ----------
    rules : RuleSet
        A loaded rule set (:func:`landlord.rules.load_rules`).

    Returns
    -------
    Track

    Raises
    ------
    ValueError
        If the board is not laid out as a plain track (a grid, or a track
        that deals at random squares that move or jail a token), the rules
        name no jail square, a card needs a space the board has none of
        (the nearest railroad on a board without railroads), or the
        ``[dice]`` section is not whole numbers. The message names the
        rule set.

    Examples
    --------
    >>> from landlord.rules import load_rules
    >>> us = track_from_rules(load_rules("monopoly_us"))
    >>> us.size, us.jail, us.go_to_jail, us.doubles_to_jail, us.jail_turns
    (40, 10, (30,), 3, 3)
    >>> us.cards[7][1:4]  # the second to fourth Chance cards
    (('next', (5, 15, 25, 35)), ('next', (12, 28)), ('back', 3))
    >>> uk = track_from_rules(load_rules("monopoly_uk_1972"))
    >>> uk.cards[2][1], uk.jail_doubles_throw_again
    (('to', 1), True)
    """
    name = f"track_from_rules: rule set {rules.id!r}"
    board = rules.board
    if board.layout not in ("track", "shuffled_track"):
        raise ValueError(
            f"{name} has a {board.layout!r} board, not a track: "
            "landing odds need spaces in a fixed loop"
        )
    spaces = board.spaces
    size = len(spaces)
    jail_rules = rules.jail
    if jail_rules is None:
        raise ValueError(f"{name} has no jail (no jail.leave_from): it is not a track to analyse")
    jail = jail_rules.leave_from
    # A No Trespassing space sends to Jail unless the rules say otherwise (Rule 5).
    to_jail = rules.trespass.to_jail if rules.trespass else True
    kinds = [space.kind for space in spaces]
    landing_jails = bool(rules.params.get("jail_square", {}).get("landing_jails", False))
    jailing = {"go_to_jail", "trespass"} if to_jail else {"go_to_jail"}
    go_to_jail = tuple(i for i, kind in enumerate(kinds) if kind in jailing)
    start = next((i for i, kind in enumerate(kinds) if kind in ("go", "mother_earth")), 0)
    nearest = {
        "nearest_railroad": tuple(i for i, kind in enumerate(kinds) if kind == "railroad"),
        "nearest_utility": tuple(i for i, kind in enumerate(kinds) if kind == "utility"),
    }

    def effect(card: object, square: int) -> object:
        kind = card.effect
        if kind in _STAYING_EFFECTS:
            return "stay"
        if kind == "go_to_jail":
            return "jail"
        if kind in ("go_to", "go_back_to"):
            return ("to", card.target)
        if kind == "go_to_start":
            return ("to", start)
        if kind == "advance":
            if card.amount < 0:
                return ("back", -card.amount)
            return ("to", (square + card.amount) % size)
        if kind in nearest:
            if not nearest[kind]:
                raise ValueError(f"{name}: a {kind} card, but the board has no such space")
            return ("next", nearest[kind])
        raise ValueError(f"{name}: the card effect {kind!r} is not known to the landing chain")

    cards = {}
    for square, kind in enumerate(kinds):
        deck = getattr(rules, _DECKS[kind]) if kind in _DECKS else ()
        if deck:
            cards[square] = tuple(
                effect(card, square) for card in deck for _ in range(card.copies)
            )
        elif kind == "go_to_go":  # straight to the start: a one-card deck
            cards[square] = (("to", start),)
    if board.layout == "shuffled_track":
        from landlord.engine.boards import shuffled_positions

        acting = {*go_to_jail, *cards, int(jail)}
        dealt = sorted(acting.intersection(shuffled_positions(board)))
        if dealt:
            raise ValueError(
                f"{name} deals at random squares that move or jail a token ({dealt}): "
                "landing odds need them in fixed places"
            )
    doubles = rules.doubles
    doubles_to_jail = doubles.jail_after if doubles and doubles.throw_again else 0
    from landlord.families import family_of

    jail_turns = family_of(rules).jail_turns(rules)
    return Track(
        size=size,
        jail=int(jail),
        go_to_jail=go_to_jail,
        cards=cards,
        doubles_to_jail=doubles_to_jail,
        jail_turns=jail_turns,
        jail_doubles_throw_again=jail_rules.doubles_throw_again,
        throws=_rule_throws(rules.params.get("dice"), name),
        landing_jails=landing_jails,
    )


def _rule_throws(dice: Mapping | None, name: str) -> tuple[tuple[int, bool], ...]:
    """The throws of a rule set's own ``[dice]`` section (two six-sided dice if none)."""
    if dice is None:
        return TWO_DICE
    count, faces = dice.get("count", 2), dice.get("faces", range(1, 7))
    frees = dice.get("jail_freed_by")

    def whole(value: object) -> bool:
        return isinstance(value, int) and not isinstance(value, bool) and value >= 1

    def numbers(values: object) -> bool:
        return isinstance(values, list | tuple | range) and all(map(whole, values))

    if not (whole(count) and faces and numbers(faces) and (frees is None or numbers(frees))):
        raise ValueError(
            f"{name}: [dice] needs count >= 1 and faces (and jail_freed_by) of whole "
            f"numbers >= 1, got {dict(dice)!r}"
        )
    return dice_throws(count, faces, frees)


def classic_track() -> Track:
    """The 40-square track of the classic US board (Atlantic City), written out by hand.

    Go is 0, Jail 10, Go To Jail 30; Chance at 7, 22 and 36, Community Chest
    at 2, 17 and 33, each with its 16-card classic deck (the Get Out of Jail
    Free card, which does not move the token, counts as ``"stay"``). It is
    the track of the ``monopoly_us`` rule set, written out without the rules
    loader as a fixed, self-contained example: it equals
    ``track_from_rules(load_rules("monopoly_us"))``, which the tests check.

    Returns
    -------
    Track
        With the classic rules: the third double in a row goes to jail, and
        a jailed token tries for doubles up to 3 turns.

    Examples
    --------
    >>> track = classic_track()
    >>> track.size, track.jail, track.go_to_jail, len(track.cards[7]), len(track.cards[2])
    (40, 10, (30,), 16, 16)
    """
    # Square numbers and card effects from ../shared/rules/monopoly_us.md (section 1)
    # and ../shared/rules/monopoly_us_cards.csv (classic US deck, card_no 1-16), the
    # same cards, in the same order, as the rule set's monopoly_us_chance.csv and
    # monopoly_us_community_chest.csv.
    railroads, utilities = (5, 15, 25, 35), (12, 28)
    chance = (
        "stay",  # 1
        ("next", railroads),  # 2
        ("next", utilities),  # 3
        ("back", 3),  # 4
        ("next", railroads),  # 5
        "jail",  # 6
        ("to", 5),  # 7
        ("to", 39),  # 8
        ("to", 24),  # 9
        ("to", 0),  # 10
        ("to", 11),  # 11
        *("stay",) * 5,  # 12-16
    )
    community_chest = (
        *("stay",) * 10,  # 1-10
        ("to", 0),  # 11
        "stay",  # 12
        "stay",  # 13
        "jail",  # 14
        "stay",  # 15
        "stay",  # 16
    )
    return Track(
        size=40,
        jail=10,
        go_to_jail=(30,),
        cards={
            **dict.fromkeys((7, 22, 36), chance),
            **dict.fromkeys((2, 17, 33), community_chest),
        },
        doubles_to_jail=3,
        jail_turns=3,
    )
