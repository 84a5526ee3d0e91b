"""What if we kept playing? A class's own game, continued by bots many times.

In a lesson-length game the single tax moves the Gini by about a hundredth:
the difference Magie argued for grows with the rounds. So instead of asking a
class to believe a table of simulated games, the kit continues the class's
*own* game from where it stands: bots take every seat, the printed end is
lifted, and the game is played on to a late round, many times over, each time
with fresh dice. It is played on under the rules in force, and under a change
of them from the next round that the game's family offers (Magie's: the single
tax brought in as her 1906 vote brings it, or its money-neutral form; see
:mod:`landlord.families.magie.continuing`).

Continuation k of every variant draws its chance from the same seed, the dice
keyed by turn, so the variants are compared pair by pair, as in
:func:`landlord.experiments.compare`, whose :class:`~landlord.experiments.Comparison`
this returns, with every measure kept round by round for fan charts
(:meth:`~landlord.experiments.Comparison.fans`).

Examples
--------
>>> from landlord.session import Session
>>> game = Session("landlords_game", ["eager_landlord"] * 3, seed=5).run(max_steps=150)
>>> result = continuations(game, games=4, until_round=30, seed=1)
>>> result.labels
['as_played', 'single_tax', 'money_neutral']
>>> result.games.groupby("label", sort=False)["rounds"].max().tolist()
[30, 30, 30]
>>> fan = result.fans("dollar_gap")
>>> list(fan.columns)
['label', 'round', 'p5', 'p25', 'p50', 'p75', 'p95', 'mean', 'games_running']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from landlord.batch import (
    COMPILED,
    REFERENCE,
    batch_module,
    follows,
    numba_missing,
    readiness,
    turned_off,
)
from landlord.engine.family import WhatIf
from landlord.engine.state import GameState
from landlord.experiments import LEVEL, MAX_GAMES, Comparison, game_seeds
from landlord.figures import Figures
from landlord.policies import Human, Policy, make_policy
from landlord.session import Session, default_players
from landlord.version import __version__

__all__ = ["AS_PLAYED", "STANDS_IN", "continuations", "variants"]

#: The continuation under the rules the game was played by.
AS_PLAYED = "as_played"
#: The bot that plays on in a person's seat unless told otherwise.
STANDS_IN = "eager_landlord"
#: The latest round a game may be continued to.
MOST_ROUNDS = 1000
#: What a continuation's parameters say played it: the turn under way is always finished
#: by the reference engine, the rest by the engine named.
PLAYED_BY = "{engine}, from the game's own position"
#: Continuations played between two reports of progress (by the batch path).
PROGRESS_EVERY = 25


def variants(game: GameState) -> list[tuple[str, str, str]]:
    """The continuations ``game`` offers: ``(name, words, why not)`` each, the rules as
    played first; ``why not`` is "" for one that can be played."""
    found = [(AS_PLAYED, "the rules as played", "")]
    for what_if in game.family.what_ifs():
        found.append((what_if.name, what_if.words, what_if.applies(game)))
    return found


def continuations(
    game: GameState | Session,
    rules: Sequence[str] | None = None,
    games: int = 200,
    until_round: int = 100,
    seed: int = 0,
    bots: str | Sequence[str | Policy] | None = None,
    progress: Callable[[int, int], Any] | None = None,
) -> Comparison:
    """Continue ``game`` with bots to ``until_round``, ``games`` times, under each of
    ``rules``, and compare how the players end, round by round.

    Parameters
    ----------
    game : GameState or Session
        The game as it stands: being played, waiting for a person, or over (a game
        over by its printed end is played on past it). A session lends its bots too.
    rules : sequence of str, optional
        Which continuations, by name (:func:`variants`): ``"as_played"`` (the rules
        in force) and the family's changes, such as ``"single_tax"`` and
        ``"money_neutral"``; by default every one the game offers.
    games : int
        Continuations of each, each with fresh chance (continuation k of every
        variant from the same seed).
    until_round : int
        The round after which every continuation stops (the printed end lifted).
    seed : int
        Same seed, same continuations.
    bots : str or sequence, optional
        Who plays on: one strategy for every seat, or one per seat. By default each
        bot keeps its seat and a person's seat is taken by :data:`STANDS_IN`.
    progress : callable, optional
        Called as ``progress(done, total)`` as continuations end.

    Returns
    -------
    Comparison
        As :func:`landlord.experiments.compare` gives it, labelled by the variants'
        names; ``parameters["continued_from"]`` says from where, and
        :meth:`~landlord.experiments.Comparison.fans` gives every measure's spread
        round by round.

    Raises
    ------
    ValueError
        For an unknown or unplayable variant (saying why), a game that cannot be
        continued (over by its own rules, or already past ``until_round``), or bad
        numbers.
    """
    game, seats = _position(game, bots)
    chosen = _chosen(game, rules)
    _check(games, until_round, seed, game)
    start = _started(game, until_round)
    if start.is_over:
        raise ValueError(
            f"the game is over by its own rules ({game.end_reason}): nothing to play on"
        )
    seeds = game_seeds(seed, games)
    total = len(seeds) * len(chosen)
    played, engines = [], []
    for index, (_, _, make) in enumerate(chosen):
        figures = Figures(every_round=True)

        def start(make: Callable[[Any], None] | None = make) -> GameState:
            twin = _started(game, until_round)
            if make is not None:
                make(twin)
            return twin

        engine, because = _engine(start(), seats)
        engines.append((engine, because))
        if engine == COMPILED:
            batch = batch_module(game.rules)
            for k in range(0, len(seeds), PROGRESS_EVERY):
                part = seeds[k : k + PROGRESS_EVERY]
                batch.play_on(start, seats, part, figures)
                if progress is not None:
                    progress(index * len(seeds) + k + len(part), total)
        else:
            for k, game_seed in enumerate(seeds):
                figures.add(Session.continuing(start(), seats, seed=game_seed).run())
                if progress is not None:
                    progress(index * len(seeds) + k + 1, total)
        played.append(figures)
    parameters = _parameters(game, chosen, seats, games, seed, until_round, engines)
    return Comparison(parameters, seeds, played)


def _engine(twin: GameState, seats: Sequence[Policy]) -> tuple[str, str]:
    """Which engine plays ``twin`` on with ``seats``, and why: the batch path when the
    family's batch path plays a game on from a position (``play_on``) and follows this one
    (``why_not_on``), else the reference engine."""
    if turned_off():
        return REFERENCE, "the batch path is turned off: LANDLORD_BATCH=off"
    why = numba_missing()
    if why:
        return REFERENCE, why
    batch = batch_module(twin.rules)
    if batch is None or not hasattr(batch, "play_on"):
        return REFERENCE, "the batch path does not play this family on from a position"
    why = batch.why_not_on(twin, seats) or follows.unfollowed(twin.rules, seats, batch)
    if why:
        return REFERENCE, why
    if not readiness.ready(batch.__name__):
        readiness.start_compiling()
        return REFERENCE, readiness.NOT_READY
    return COMPILED, ""


def _position(
    game: GameState | Session, bots: str | Sequence[str | Policy] | None
) -> tuple[GameState, list[Policy]]:
    """The game, and the bot in each of its seats."""
    if isinstance(game, Session):
        seats: list[Any] = [
            STANDS_IN if isinstance(policy, Human) else policy for policy in game.policies
        ]
        game = game.game
    elif isinstance(game, GameState):
        seats = default_players(game.n_players)
    else:
        raise ValueError(f"continuations need a game or a session, not {type(game).__name__}")
    if isinstance(bots, str):
        seats = [bots] * game.n_players
    elif bots is not None:
        seats = list(bots)
    if len(seats) != game.n_players:
        raise ValueError(f"{len(seats)} bots for a game of {game.n_players} players")
    policies = [make_policy(seat).for_rules(game.rules) for seat in seats]
    if any(isinstance(policy, Human) for policy in policies):
        raise ValueError("continuations seat only bots, not 'human'")
    return game, policies


def _chosen(
    game: GameState, rules: Sequence[str] | None
) -> list[tuple[str, str, Callable[[Any], None] | None]]:
    """The variants asked for, as ``(name, words, change)``, refusing any that cannot be
    played, and saying why."""
    offered: dict[str, WhatIf | None] = {AS_PLAYED: None}
    offered.update({what_if.name: what_if for what_if in game.family.what_ifs()})
    wanted = list(rules) if rules is not None else list(offered)
    if not wanted:
        raise ValueError("continuations need at least one variant")
    chosen = []
    for name in wanted:
        if name not in offered:
            raise ValueError(
                f"no continuation {name!r} for this game; it offers {', '.join(offered)}"
            )
        what_if = offered[name]
        if what_if is None:
            chosen.append((name, "the rules as played", None))
            continue
        why = what_if.applies(game)
        if why:
            if rules is None:
                continue  # by default, only those that apply
            raise ValueError(f"no continuation {name!r} for this game: {why}")
        chosen.append((name, what_if.words, what_if.make))
    if len({name for name, _, _ in chosen}) < len(chosen):
        raise ValueError(f"a continuation is asked for twice: {wanted}")
    return chosen


def _check(games: int, until_round: int, seed: int, game: GameState) -> None:
    for name, value, least, most in (
        ("games", games, 1, MAX_GAMES),
        ("until_round", until_round, 1, min(MOST_ROUNDS, game.ROUND_CAP)),
        ("a seed", seed, 0, None),
    ):
        if not isinstance(value, int) or isinstance(value, bool) or value < least:
            raise ValueError(f"{name} is a whole number >= {least}, not {value!r}")
        if most is not None and value > most:
            raise ValueError(f"{name} is at most {most:,}, not {value:,}")
    if until_round <= game.round:
        raise ValueError(f"the game is at round {game.round}: continue it to a later round")


def _started(game: GameState, until_round: int) -> GameState:
    """A game of its own at ``game``'s position, its printed end lifted and its round limit
    ``until_round``: a new game that replays ``game``'s history."""
    twin = game.family.new_game(game.rules, game.names)
    game.family.keep_playing(twin)
    twin.round_limit = until_round
    apply = twin.apply
    for choice in game.history:
        apply(choice)
    return twin


def _now(game: GameState) -> dict[str, float | None]:
    """Every measure of a position for the game as it stands (mid-round too): what the
    continuations start from."""
    import math

    from landlord.scorecard import money_now, position_figures

    start = game.rules.starting_cash.get(game.n_players, 0)
    figures = position_figures([game.net_worths()], money_now(game)[None, :], start)
    now = {}
    for name, values in figures.items():
        value = float(values[0])
        now[name] = None if math.isnan(value) else value
    return now


def _parameters(
    game: GameState,
    chosen: list[tuple[str, str, Any]],
    seats: list[Policy],
    games: int,
    seed: int,
    until_round: int,
    engines: list[tuple[str, str]],
) -> dict[str, Any]:
    """What a comparison of continuations says it played."""
    from landlord.experiments.specs import rule_set_history

    rules = game.rules
    names = [seat.name for seat in seats]
    options = {
        option.name: rules.options[option.name]
        for option in rules.declared_options
        if rules.options.get(option.name, option.default) != option.default
    }
    history = rule_set_history(rules, options)
    specs = [
        {
            "rules": rules.id,
            "options": options,
            "label": name,
            "players": names,
            **history,
            "title": words[:1].upper() + words[1:],
            "currency": rules.info.currency,
            "played_by": PLAYED_BY.format(engine=engine),
            "played_by_because": because,
        }
        for (name, words, _), (engine, because) in zip(chosen, engines, strict=True)
    ]
    return {
        "rules": specs,
        "games": games,
        "players": names,
        "seed": seed,
        "level": LEVEL,
        "at_round": None,
        "continued_from": {
            "round": game.round,
            "turns": game.turns_played,
            "over": game.is_over,
            "until_round": until_round,
            "players": list(game.names),
            "now": _now(game),
        },
        "landlord_version": __version__,
    }
