"""Which squares of a track are landed on most: the exact chain and a simulation.

A token goes round a circular track of ``size`` squares, thrown by two
six-sided dice (or by one die: the piecepack Quikopoly's). Some squares send
it to jail, some draw a card that may move it on, and throwing too many
doubles in a row sends it to jail too. Over a long game, what share of the
moves end on each square?

- :class:`~landlord.analysis.track.Track` describes a track as plain data
  (squares, jail, cards, and the equally likely throws of its dice);
- :func:`~landlord.analysis.dice.dice_throws` lists the throws of some dice;
- :func:`~landlord.analysis.boards.track_from_rules` builds the track of a
  loaded rule set: its Go To Jail squares, its jail, the movement cards of
  its Chance and Community Chest packs, the squares that send a token on
  (Quikopoly's Go-to-Go), its dice and its doubles and jail rules;
- :func:`landing_probabilities` answers exactly, from the stationary
  distribution of the Markov chain of the token;
- :func:`simulate_landings` answers by playing the same rules out with a
  seeded random generator, as a check and as a demonstration, and
  :func:`landing_standard_errors` says how far such a simulation may stray;
- :func:`transition_matrix` gives the chain itself;
- :func:`~landlord.analysis.boards.classic_track` is the classic US board's
  track written out by hand, without the rules loader: it equals
  ``track_from_rules(load_rules("monopoly_us"))`` (the tests check this),
  and serves as a fixed example.

Each of these names is importable from here too, as from :mod:`landlord.analysis`.

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

import numpy as np

from landlord.analysis.boards import classic_track, track_from_rules
from landlord.analysis.dice import TWO_DICE, dice_throws
from landlord.analysis.track import AT_REST, JAILED, Track

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
    outcomes = track.landing_outcomes()
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
    arrivals = [track.arrivals(s) for s in range(n)]
    stay = strategy == "stay"
    limit, tries = track.doubles_to_jail, track.jail_turns
    freed_run = _freed_run(track)

    def land(square: int) -> int:
        """Where a token landing on ``square`` comes to rest (``JAILED``: jail)."""
        nonlocal draws
        while True:
            cases = arrivals[square]
            if len(cases) == 1:
                case = cases[0]
            else:
                if not draws:
                    draws = rng.random(batch).tolist()
                case = cases[int(draws.pop() * len(cases))]
            if case == AT_REST:
                return square
            if case == JAILED:
                return JAILED
            square = case

    counts = [0] * n
    square, run, turns = 0, 0, 0  # as in transition_matrix's states
    for total, double in zip(totals, doubles, strict=True):
        if turns == 0:
            counted = double and limit > 0
            if counted and run + 1 == limit:
                end = JAILED
            else:
                end = land((square + total) % n)
                run = run + 1 if counted else 0
        elif double or turns == tries:
            end = land((jail + total) % n)
            turns, run = 0, freed_run if double else 0
        else:
            end = jail
            turns += 1
        if end == JAILED:
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
