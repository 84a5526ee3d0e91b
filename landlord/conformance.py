"""What every rule set must honour, whatever its family: named checks for them all.

:func:`check_rule_set` plays seeded games of a rule set with the named bots
and checks, game by game, what the kit promises of any game. The promises
are named checks (:data:`CHECKS`):

* ``ends``: it ends (by its rules, its round limit or the engine's cap);
* ``money``: money is conserved (the balances sum to zero, every balance is
  what the ledger's records say, no record moves a negative sum, no player's
  cash is below zero: what he cannot pay is a debt, or he is out of the
  game) and every payment gives one of the engine's reasons
  (:class:`~landlord.engine.reasons.Reason`);
* ``same_seed``: the same seed gives the same game, history and ledger;
* ``replays``: the history replays to the same ledger
  (:func:`~landlord.engine.history.replay`), and so does the game's JSON
  (:meth:`~landlord.engine.state.GameState.to_json`), pickled or not;
* ``clone``: a :meth:`~landlord.engine.state.GameState.clone` taken in
  mid-game and played on with the same moves ends the same;
* ``legal_actions``: every decision lists at least one legal action, and a
  bot returns one;
* ``bots_change_nothing``: a bot leaves the game as it found it (its view's
  snapshot is unchanged, and is plain JSON);
* ``round_table``: the per-round table has the family's columns, and net
  worth agrees with it;
* ``winners``: the outcome names winners among the players and scores each,
  with :meth:`~landlord.engine.state.GameState.returns` to match.

Each family's tests call :func:`check_rule_set` for its rule sets; a new
family passes it before anything else. A family of one's own, in a package
outside the kit, runs the same checks as one pytest case each with
:func:`parametrize_with_checks`.

Examples
--------
>>> report = check_rule_set("landlords_game", games=3, seed=1)
>>> report.games, report.problems
(3, [])
>>> check_rule_set("quikopoly", games=2, checks=("money", "winners")).problems
[]
"""

from __future__ import annotations

import json
import os
import pickle
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from landlord.engine.history import ledger_digest, replay
from landlord.engine.reasons import Reason
from landlord.engine.state import NOBODY, GameState, IllegalMove
from landlord.policies import Policy, make_policy
from landlord.rules import load_rules
from landlord.rules.model import RuleSet
from landlord.session import Session

__all__ = [
    "CHECKS",
    "Check",
    "ConformanceError",
    "ConformanceReport",
    "NamedCheck",
    "check_rule_set",
    "parametrize_with_checks",
]

#: The strategies seated round the table by default: every named bot.
DEFAULT_BOTS = ("random", "eager_landlord", "cautious_tenant", "single_taxer", "strategy_guide")


@dataclass(frozen=True)
class Check:
    """One promise every game keeps: its name and what it checks, in words."""

    name: str
    words: str


#: The promises, in the order a game is checked for them.
CHECKS: tuple[Check, ...] = (
    Check("ends", "the game ends"),
    Check("money", "money is conserved and every payment has a known reason"),
    Check("same_seed", "the same seed gives the same game"),
    Check("replays", "the history, the JSON and a pickle replay to the same ledger"),
    Check("clone", "a clone taken in mid-game ends the same"),
    Check("legal_actions", "every decision has a legal action, and a bot returns one"),
    Check("bots_change_nothing", "no bot changes the game it looks at"),
    Check("round_table", "the round table has the family's columns and agrees with net worth"),
    Check("winners", "the winners are players, and the returns and scores agree"),
)
_NAMES = tuple(check.name for check in CHECKS)


class ConformanceError(AssertionError):
    """A rule set broke a promise every game keeps; the message lists what, where."""


@dataclass
class ConformanceReport:
    """What :func:`check_rule_set` played and found."""

    rules: str
    games: int = 0
    turns: int = 0
    decisions: int = 0
    #: Each problem found, naming the game (its seed) and what failed.
    problems: list[str] = field(default_factory=list)


#: A problem that is not one: a check that could not be made in a game, and why.
_UNCHECKED = "not checked: "


@dataclass
class _Watched(Policy):
    """Wraps a bot: the decision lists an action, the bot returns one and changes nothing."""

    inner: Policy
    #: (check, problem) pairs.
    problems: list[tuple[str, str]] = field(default_factory=list)
    asked: int = 0
    name = "watched"

    def __post_init__(self) -> None:
        self.uses_rng = self.inner.uses_rng

    def for_rules(self, rules: Any) -> Policy:
        # The bot it watches sits down to these rules as it would alone (the tuned bot
        # takes the rule set's tuning).
        self.inner = self.inner.for_rules(rules)
        return self

    def decide(self, view: Any, kind: str, legal: Any, rng: Any) -> Any:
        self.asked += 1
        if len(legal) == 0:
            self.problems.append(("legal_actions", f"a {kind!r} decision listed no legal action"))
        before = view.snapshot()
        action = self.inner.decide(view, kind, legal, rng)
        if not (any(action is option for option in legal) or action in legal):
            self.problems.append(
                ("legal_actions", f"the bot returned {action!r}, not one of the legal actions")
            )
        if view.snapshot() != before:
            self.problems.append(
                ("bots_change_nothing", f"the bot changed the game while deciding a {kind!r}")
            )
        return action

    def choose(self, view: Any, legal: Any, rng: Any) -> Any:
        return self.decide(view, view.decision_kind, legal, rng)


@dataclass
class _Played:
    """What the checks found in the games of one rule set: per game, where it was
    played and the (check, problem) pairs, in the order found."""

    report: ConformanceReport
    games: list[tuple[str, list[tuple[str, str]]]] = field(default_factory=list)

    def problems(self, checks: Sequence[str] | None = None) -> list[str]:
        """Every problem of ``checks`` (all: ``None``), naming its game; a check that
        could not be made counts only when it is asked for by name."""
        return [
            f"{where}: {problem}"
            for where, found in self.games
            for check, problem in found
            if (checks is None and not problem.startswith(_UNCHECKED))
            or (checks is not None and check in checks)
        ]


def check_rule_set(
    rules: str | os.PathLike[str] | RuleSet,
    games: int = 20,
    seed: int = 0,
    *,
    players: int | None = None,
    bots: tuple[str, ...] = DEFAULT_BOTS,
    raise_on_problem: bool = True,
    checks: Sequence[str] | None = None,
) -> ConformanceReport:
    """Play ``games`` seeded games of ``rules`` and check every promise a game keeps.

    Parameters
    ----------
    rules : str, path or RuleSet
        A rule set id, the path of a rule-set file, or a loaded rule set.
    games : int
        How many games (game k has seed ``seed + k``).
    seed : int
        The first seed.
    players : int, optional
        Seats at every table; by default the tables run through every size
        the rule set allows, game by game.
    bots : tuple of str
        The strategies seated round the table, in turn (a seat the rule set's
        family has no handler for plays its first legal action).
    raise_on_problem : bool
        Raise :class:`ConformanceError` listing every problem (the default),
        or return them in the report.
    checks : sequence of str, optional
        Report only these of :data:`CHECKS`, by name (every game is played
        and checked all the same); a check that could not be made in a game
        (the game did not end, or an earlier step failed) is then a problem
        too. By default every check's problems are reported.

    Returns
    -------
    ConformanceReport

    Raises
    ------
    ValueError
        If ``checks`` names a check there is not.
    """
    asked = _asked(checks)
    played = _play(rules, games, seed, players, bots)
    report = played.report
    report.problems = played.problems(asked)
    if report.problems and raise_on_problem:
        raise ConformanceError(_failure(report, games))
    return report


def _asked(checks: Sequence[str] | None) -> tuple[str, ...] | None:
    if checks is None:
        return None
    unknown = [name for name in checks if name not in _NAMES]
    if unknown or isinstance(checks, str):
        raise ValueError(f"expected checks among {', '.join(_NAMES)}, got {unknown or checks!r}")
    return tuple(checks)


def _failure(report: ConformanceReport, games: int) -> str:
    shown = "\n  ".join(report.problems[:20])
    more = len(report.problems) - 20
    return f"{report.rules}: {len(report.problems)} problems in {games} games:\n  {shown}" + (
        f"\n  ... and {more} more" if more > 0 else ""
    )


def _play(
    rules: str | os.PathLike[str] | RuleSet,
    games: int,
    seed: int,
    players: int | None,
    bots: tuple[str, ...],
) -> _Played:
    """Play and check ``games`` games of ``rules``: what every check found."""
    rule_set = load_rules(rules) if not isinstance(rules, RuleSet) else rules
    info = rule_set.info
    played = _Played(ConformanceReport(rule_set.id))
    sizes = [players] if players else list(range(info.min_players, info.max_players + 1))
    for k in range(games):
        game_seed = seed + k
        n = sizes[k % len(sizes)]
        seats = [bots[(k + seat) % len(bots)] for seat in range(n)]
        where = f"{rule_set.id} seed {game_seed} ({'+'.join(seats)})"
        played.games.append((where, _check_game(rule_set, seats, game_seed, played.report)))
        played.report.games += 1
    return played


def _check_game(
    rules: RuleSet, seats: list[str], seed: int, report: ConformanceReport
) -> list[tuple[str, str]]:
    """Play one game and check it: (check, problem) pairs, in the order found. A check
    that could not be made is a pair whose problem says so (:data:`_UNCHECKED`)."""
    found: list[tuple[str, str]] = []
    step = "ends"
    try:
        watched = [_Watched(make_policy(seat)) for seat in seats]
        session = Session(rules, watched, seed=seed)
        # Half way (by the same seed's length), a clone to play on beside the game.
        half = len(Session(rules, seats, seed=seed).run().history) // 2
        game = session.run(max_steps=half)
        twin: GameState | None = None
        try:
            twin = game.clone()  # replays the history so far
        except (ValueError, IllegalMove) as error:
            found.append(("clone", f"the history did not replay to the same game: {error}"))
        game = session.run()
        for policy in watched:
            found += policy.problems
            report.decisions += policy.asked
        report.turns += game.turns_played
        if not game.is_over:
            found.append(("ends", "the game did not end"))
            return found + _not_checked(_NAMES[1:], "the game did not end")
        for step, check in _AFTER_THE_END:
            found += [(step, problem) for problem in check(game, twin, rules, seats, seed)]
    except Exception as error:  # a broken promise may break the checking too
        found.append((step, f"the check failed: {type(error).__name__}: {error}"))
        steps = [name for name, _ in _AFTER_THE_END]
        later = _NAMES[1:] if step == "ends" else steps[steps.index(step) + 1 :]
        found += _not_checked(later, f"the check {step!r} failed before it")
    return found


def _not_checked(checks: Sequence[str], why: str) -> list[tuple[str, str]]:
    return [(name, _UNCHECKED + why) for name in checks]


def _money(game: GameState, *_: Any) -> list[str]:
    return _money_problems(game)


def _same_seed(game: GameState, twin: Any, rules: RuleSet, seats: list[str], seed: int):
    again = Session(rules, seats, seed=seed).run()
    if again.history != game.history or again.ledger.records != game.ledger.records:
        return ["the same seed gave another game"]
    return []


def _replays(game: GameState, *_: Any) -> list[str]:
    """The game rebuilt from its history, its JSON and a pickle: the same ledger."""
    from landlord.engine.history import history_to_json

    try:
        copies = [
            ("the replayed history", replay(game.rules, game.names, history_to_json(game.history)))
        ]
        document = json.loads(json.dumps(game.to_json()))
        copies.append(("the game read back from its JSON", GameState.from_json(document)))
        copies.append(("the pickled game", pickle.loads(pickle.dumps(game))))
    except (ValueError, IllegalMove) as error:
        return [f"the history did not replay to the same game: {error}"]
    return _differ(game, copies)


def _clone(game: GameState, twin: GameState | None, *_: Any) -> list[str]:
    """The clone taken in mid-game, played on with the game's moves: the same ledger."""
    if twin is None:
        return []  # the clone could not be taken: said already
    try:
        for choice in game.history[len(twin.history) :]:
            if twin.actor == NOBODY:
                break
            twin.apply(choice)
    except (ValueError, IllegalMove) as error:
        return [f"the history did not replay to the same game: {error}"]
    return _differ(game, [("a clone from mid-game, played on", twin)])


def _differ(game: GameState, copies: list[tuple[str, GameState]]) -> list[str]:
    digest = ledger_digest(game.ledger)
    return [
        f"{name} did not end with the same ledger"
        for name, copy in copies
        if ledger_digest(copy.ledger) != digest or not copy.is_over
    ]


def _views(game: GameState, *_: Any) -> list[str]:
    for player in range(game.n_players):
        json.dumps(game.observe(player).snapshot())  # a view's copy is plain JSON
    return []


def _money_problems(game: GameState) -> list[str]:
    problems = []
    ledger = game.ledger
    if sum(ledger.balances) != 0:
        problems.append(f"money was made or lost: the balances sum to {sum(ledger.balances)}")
    derived = [0] * len(ledger.names)
    for record in ledger.records:
        if record.amount <= 0 or record.payer == record.payee:
            problems.append(f"a record moves nothing or moves it nowhere: {record}")
        if Reason.of(record.reason) is not record.reason:
            problems.append(f"a payment gives a reason the engine does not list: {record}")
        derived[record.payer] -= record.amount
        derived[record.payee] += record.amount
    if derived != list(ledger.balances):
        problems.append("the balances are not what the ledger's records say")
    if any(ledger.balances[player] < 0 for player in range(game.n_players)):
        problems.append(f"a player's cash is below zero: {ledger.balances[: game.n_players]}")
    return problems[:5]


def _table_problems(game: GameState, *_: Any) -> list[str]:
    problems = []
    family = game.family
    rows = game.round_rows
    width = 2 + len(family.round_columns)
    if any(len(row) != width for row in rows):
        problems.append(f"a round-table row is not {width} wide (round, player, the family's)")
    now = game.holdings_table()
    if game.net_worths() != [row[-1] for row in now]:
        problems.append("net worth differs from the holdings table's last column")
    return problems


def _winner_problems(game: GameState, *_: Any) -> list[str]:
    problems = []
    outcome = game.family.outcome(game)
    if not set(outcome.winners) <= set(range(game.n_players)) or not outcome.winners:
        problems.append(f"the winners {outcome.winners} are not players of the game")
    returns = game.returns()
    if [player for player, value in enumerate(returns) if value] != sorted(outcome.winners):
        problems.append(f"the returns {returns} do not name the winners {outcome.winners}")
    if len(outcome.scores) != game.n_players:
        problems.append("the outcome does not score every player")
    return problems


#: The checks made of a finished game, in order: (name, the check), each called as
#: ``check(game, twin, rules, seats, seed)`` and returning its problems.
_AFTER_THE_END: tuple[tuple[str, Callable[..., list[str]]], ...] = (
    ("money", _money),
    ("same_seed", _same_seed),
    ("replays", _replays),
    ("clone", _clone),
    ("bots_change_nothing", _views),
    ("round_table", _table_problems),
    ("winners", _winner_problems),
)


# --- the checks as pytest cases ---------------------------------------------------------


class NamedCheck:
    """One of :data:`CHECKS`, ready to run on a rule set: ``check(rule_set)``.

    Made by :func:`parametrize_with_checks`. Calling it plays the rule set's
    seeded games (once for all the checks of one decorator: the games are kept)
    and raises :class:`ConformanceError` listing what this check found.
    """

    def __init__(self, check: Check, played: Callable[[Any], _Played]) -> None:
        self.name = check.name
        self.words = check.words
        self._played = played

    def __call__(self, rule_set: str | os.PathLike[str] | RuleSet) -> None:
        played = self._played(rule_set)
        problems = played.problems((self.name,))
        if problems:
            report = ConformanceReport(played.report.rules, problems=problems)
            head = f"check {self.name!r} ({self.words})"
            raise ConformanceError(f"{head}: {_failure(report, played.report.games)}")

    def __repr__(self) -> str:
        return f"<conformance check {self.name!r}: {self.words}>"


def parametrize_with_checks(
    rule_sets: Sequence[str | os.PathLike[str] | RuleSet],
    games: int = 10,
    seed: int = 0,
    *,
    players: int | None = None,
    bots: tuple[str, ...] = DEFAULT_BOTS,
    checks: Sequence[str] | None = None,
) -> Any:
    """A pytest decorator that runs every named check on every rule set, a case each.

    For the tests of a family of one's own (in the kit, or in a package that
    declares it in the entry-point group ``landlord.families``): the cases
    are the pairs (rule set, named check of :data:`CHECKS`), with ids such
    as ``toll_road-money``, so a broken promise fails its own case and says
    which. The test takes the arguments ``rule_set`` and ``check`` and calls
    ``check(rule_set)``. Each rule set's games are played once and kept for
    all its checks (in each process that runs them).

    pytest is needed only here: it is imported when this is called, and the
    kit does not depend on it.

    Parameters
    ----------
    rule_sets : sequence of str, path or RuleSet
        The rule sets: ids, paths of rule-set files, or loaded rule sets
        (with options, ``load_rules(path, round_limit=10)``).
    games : int
        How many seeded games of each rule set to play (game k has seed
        ``seed + k``), as :func:`check_rule_set` plays them.
    seed : int
        The first seed.
    players : int, optional
        Seats at every table; by default every size the rule set allows, in
        turn.
    bots : tuple of str
        The strategies seated round the table, in turn.
    checks : sequence of str, optional
        Only these of :data:`CHECKS`, by name; by default every one.

    Returns
    -------
    pytest.MarkDecorator
        ``pytest.mark.parametrize(("rule_set", "check"), ...)``.

    Raises
    ------
    ImportError
        If pytest is not installed.
    ValueError
        If ``rule_sets`` is empty or ``checks`` names a check there is not.

    See Also
    --------
    check_rule_set : the same checks, all at once, outside pytest.

    Examples
    --------
    In a test module of a family's own package::

        from landlord.conformance import parametrize_with_checks
        from toll_road import RULES

        @parametrize_with_checks([RULES], games=10, seed=1)
        def test_the_kits_promises(rule_set, check):
            check(rule_set)

    The cases, and what one runs:

    >>> mark = parametrize_with_checks(["quikopoly"], games=2, checks=("ends", "money"))
    >>> mark.args[0], mark.kwargs["ids"]
    (('rule_set', 'check'), ['quikopoly-ends', 'quikopoly-money'])
    >>> rule_set, check = mark.args[1][1].values
    >>> check
    <conformance check 'money': money is conserved and every payment has a known reason>
    >>> check(rule_set)  # raises ConformanceError if a game broke the promise
    """
    try:
        import pytest
    except ImportError as missing:  # pragma: no cover - pytest is there when tests run
        raise ImportError(
            "parametrize_with_checks makes pytest cases: install pytest to use it"
        ) from missing
    asked = _asked(checks) or _NAMES
    if not rule_sets:
        raise ValueError("expected at least one rule set to check")
    kept: dict[int, tuple[Any, _Played]] = {}

    def played(rule_set: Any) -> _Played:
        found = kept.get(id(rule_set))
        if found is None or found[0] is not rule_set:
            found = kept[id(rule_set)] = (rule_set, _play(rule_set, games, seed, players, bots))
        return found[1]

    named = {check.name: NamedCheck(check, played) for check in CHECKS}
    cases, ids = [], []
    for rule_set in rule_sets:
        label = _label(rule_set)
        for name in asked:
            cases.append(pytest.param(rule_set, named[name]))
            ids.append(f"{label}-{name}")
    return pytest.mark.parametrize(("rule_set", "check"), cases, ids=ids)


def _label(rule_set: str | os.PathLike[str] | RuleSet) -> str:
    """A rule set as a case's id names it: its id, or its file's name, with the options
    it is given that are not its defaults."""
    if not isinstance(rule_set, RuleSet):
        return Path(rule_set).stem if isinstance(rule_set, os.PathLike) else str(rule_set)
    defaults = {option.name: option.default for option in rule_set.declared_options}
    changed = [f"{k}={v}" for k, v in rule_set.options.items() if defaults.get(k) != v]
    return rule_set.id + (f"[{','.join(changed)}]" if changed else "")
