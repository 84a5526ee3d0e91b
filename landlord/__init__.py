"""landlord: play and measure Lizzie Magie's Landlord's Game and its descendants.

The kit lets a class play Magie's Landlord's Game (1906) beside her single-tax
rules, and the later Monopoly rules, and measures how wealth concentrates as
the games go on. It is an independent teaching project; "Monopoly" is a
trademark of Hasbro and names only the historical rules here.

The library imports no user-interface package: the notebooks and Voila apps
live in the ``notebook`` extra, so ``import landlord`` works in a plain Python.

Examples
--------
>>> import landlord
>>> record = landlord.play("landlords_game", players=4, seed=1)
>>> record.game.is_over, len(record.names)
(True, 4)
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from landlord.version import __version__

__all__ = ["__version__", "compare", "continuations", "load_game", "play"]

if TYPE_CHECKING:
    from collections.abc import Callable

    from landlord.experiments import Comparison
    from landlord.policies import Policy
    from landlord.record import GameRecord


def play(
    rules: str | os.PathLike[str] = "landlords_game",
    players: int | Sequence[str | Policy] = 4,
    seed: int | None = None,
    names: Sequence[str] | None = None,
    **options: Any,
) -> GameRecord:
    """Play one whole game with bots and return its record.

    Parameters
    ----------
    rules : str or path
        A rule set id (``landlord rules`` lists them) or the path of your own
        rule-set file.
    players : int or sequence
        A number of seats (all ``eager_landlord`` bots), or one strategy name
        or policy per seat, in turn order.
    seed : int, optional
        Same rules, players and seed: the same game.
    names : sequence of str, optional
        Display names of the players.
    **options
        The rule set's options, for example ``advanced=True`` or ``round_limit=30``.

    Returns
    -------
    GameRecord
        Per-round tables (``.rounds``), transfers (``.transfers``),
        ``.standings`` and the replayable history (``.save(path)``).

    Raises
    ------
    TypeError
        If ``rules`` is not an id or a path, or ``players`` not a number of
        seats or a sequence of strategies.
    ValueError
        For an unknown rule set or option (:class:`landlord.rules.RulesError`),
        or a number of players the rule set does not allow (checked before
        any bot is made).
    """
    from landlord.record import GameRecord
    from landlord.rules import load_rules
    from landlord.session import Session, default_players

    if not isinstance(rules, str | os.PathLike):
        raise TypeError(
            f"rules: expected a rule set id or the path of a rule-set file, got {rules!r}"
        )
    if isinstance(players, bool) or not isinstance(players, int | Sequence):
        raise TypeError(
            f"players: expected a number of seats or one strategy per seat, got {players!r}"
        )
    if isinstance(players, str):
        raise TypeError(f"players: expected a number or one strategy per seat, not {players!r}")
    rule_set = load_rules(rules, **options)
    info = rule_set.info
    count = players if isinstance(players, int) else len(players)
    if not info.min_players <= count <= info.max_players:
        raise ValueError(
            f"players: {info.title} is for {info.min_players} to {info.max_players} "
            f"players, not {count:,}"
        )
    seats = default_players(players) if isinstance(players, int) else list(players)
    session = Session(rule_set, seats, seed=seed, names=names)
    session.run()
    if not session.game.is_over:
        raise ValueError("play() seats only bots; use a Session to play with humans")
    return GameRecord.from_session(session)


def compare(
    rules: str | Sequence[Any] = ("landlords_game", "single_tax"),
    games: int = 100,
    players: int | Sequence[str | Policy] = 4,
    seed: int = 0,
    progress: Callable[[int, int], Any] | None = None,
) -> Comparison:
    """Play the same games under several rule sets and compare how unequal they end.

    Game k of every rule set has the same dice and cards, so differences are
    measured game by game (see :func:`landlord.experiments.compare`).

    Parameters
    ----------
    rules : sequence of rule specs, or str
        Rule set ids or paths, ``(id, {option: value})`` pairs, or text such
        as ``"landlords_game[advanced=true]"``; differences are from the first.
    games : int
        Games per rule set.
    players : int or sequence
        A number of ``eager_landlord`` bots, or one strategy name per seat.
    seed : int
        Same arguments and seed: the same results.
    progress : callable, optional
        Called as ``progress(done, total)`` as games are played (see
        :func:`landlord.experiments.compare`).

    Returns
    -------
    Comparison
        ``.summary``, ``.games``, ``.per_round``, ``.table()`` and ``.to_json()``.
    """
    from landlord.experiments import compare as _compare

    return _compare(rules, games=games, players=players, seed=seed, progress=progress)


def continuations(
    game: Any,
    rules: Sequence[str] | None = None,
    games: int = 200,
    until_round: int = 100,
    seed: int = 0,
    bots: str | Sequence[str] | None = None,
    progress: Callable[[int, int], Any] | None = None,
) -> Comparison:
    """What if we kept playing? Continue a game (or a session) with bots to
    ``until_round``, ``games`` times, under the rules as played and under the changes its
    family offers from the next round (Magie's: ``"single_tax"``, ``"money_neutral"``),
    and compare them pair by pair (see :func:`landlord.continued.continuations`).

    Returns
    -------
    Comparison
        As :func:`compare` gives it; ``.fans(measure)`` gives each measure's spread,
        round by round.
    """
    from landlord.continued import continuations as _continuations

    return _continuations(game, rules, games, until_round, seed, bots, progress)


def load_game(path) -> GameRecord:
    """Load and verify a saved game (see :func:`landlord.record.load_game`)."""
    from landlord.record import load_game as _load

    return _load(path)


#: The kit's modules a lesson or a notebook reaches as ``landlord.<name>`` after a plain
#: ``import landlord``; each is imported on first use (plotting needs matplotlib, widgets
#: ipywidgets, so neither is imported before it is wanted).
_SUBMODULES = frozenset(
    {
        "analysis",
        "conformance",
        "continued",
        "engine",
        "experiments",
        "families",
        "flows",
        "metrics",
        "money",
        "palette",
        "plotting",
        "policies",
        "record",
        "report",
        "rules",
        "session",
        "widgets",
    }
)


def __getattr__(name: str) -> Any:
    """``landlord.metrics`` and the like, imported when first asked for.

    Examples
    --------
    >>> import landlord
    >>> landlord.metrics.gini([0, 0, 0, 4])
    0.75
    """
    if name in _SUBMODULES:
        import importlib

        return importlib.import_module(f"landlord.{name}")
    raise AttributeError(f"module 'landlord' has no attribute {name!r}")
