"""What every rule set must honour, whatever its family: one check for them all.

:func:`check_rule_set` plays seeded games of a rule set with the named bots
and checks, game by game, what the kit promises of any game:

* it ends (by its rules, its round limit or the engine's cap);
* money is conserved: the balances sum to zero, every balance is what the
  ledger's records say, no record moves a negative sum, no player's cash is
  below zero (what he cannot pay is a debt, or he is out of the game);
* every payment gives one of the engine's reasons
  (:class:`~landlord.engine.reasons.Reason`);
* the same seed gives the same game, history and ledger;
* the history replays to the same ledger (:func:`~landlord.engine.history.replay`),
  and so does the game's JSON (:meth:`~landlord.engine.state.GameState.to_json`),
  pickled or not; a :meth:`~landlord.engine.state.GameState.clone` taken in
  mid-game and played on with the same moves ends the same;
* every decision lists at least one legal action, and a bot returns one;
* a bot leaves the game as it found it (its view's snapshot is unchanged);
* the per-round table has the family's columns, net worth agrees with it,
  and the outcome names winners among the players, with
  :meth:`~landlord.engine.state.GameState.returns` to match.

Each family's tests call it for its rule sets; a new family passes it before
anything else.

Examples
--------
>>> report = check_rule_set("landlords_game", games=3, seed=1)
>>> report.games, report.problems
(3, [])
"""

from __future__ import annotations

import json
import pickle
from dataclasses import dataclass, field
from typing import Any

from landlord.engine.history import ledger_digest, replay
from landlord.engine.reasons import Reason
from landlord.engine.state import NOBODY, GameState, IllegalMove
from landlord.policies import Policy, make_policy
from landlord.rules import load_rules
from landlord.rules.model import RuleSet
from landlord.session import Session

__all__ = ["ConformanceError", "ConformanceReport", "check_rule_set"]

#: The strategies seated round the table by default: every named bot.
DEFAULT_BOTS = ("random", "eager_landlord", "cautious_tenant", "single_taxer", "strategy_guide")


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


@dataclass
class _Watched(Policy):
    """Wraps a bot: the decision lists an action, the bot returns one and changes nothing."""

    inner: Policy
    problems: list[str] = field(default_factory=list)
    asked: int = 0
    name = "watched"

    def __post_init__(self) -> None:
        self.uses_rng = self.inner.uses_rng

    def decide(self, view: Any, kind: str, legal: Any, rng: Any) -> Any:
        self.asked += 1
        if len(legal) == 0:
            self.problems.append(f"a {kind!r} decision listed no legal action")
        before = view.snapshot()
        action = self.inner.decide(view, kind, legal, rng)
        if not (any(action is option for option in legal) or action in legal):
            self.problems.append(f"the bot returned {action!r}, not one of the legal actions")
        if view.snapshot() != before:
            self.problems.append(f"the bot changed the game while deciding a {kind!r}")
        return action

    def choose(self, view: Any, legal: Any, rng: Any) -> Any:
        return self.decide(view, view.decision_kind, legal, rng)


def check_rule_set(
    rules: str | RuleSet,
    games: int = 20,
    seed: int = 0,
    *,
    players: int | None = None,
    bots: tuple[str, ...] = DEFAULT_BOTS,
    raise_on_problem: bool = True,
) -> ConformanceReport:
    """Play ``games`` seeded games of ``rules`` and check every promise a game keeps.

    Parameters
    ----------
    rules : str or RuleSet
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

    Returns
    -------
    ConformanceReport
    """
    rule_set = load_rules(rules) if not isinstance(rules, RuleSet) else rules
    info = rule_set.info
    report = ConformanceReport(rule_set.id)
    sizes = [players] if players else list(range(info.min_players, info.max_players + 1))
    for k in range(games):
        game_seed = seed + k
        n = sizes[k % len(sizes)]
        seats = [bots[(k + seat) % len(bots)] for seat in range(n)]
        where = f"{rule_set.id} seed {game_seed} ({'+'.join(seats)})"
        try:
            problems = _check_game(rule_set, seats, game_seed, report)
        except Exception as error:  # a broken promise may break the checking too
            problems = [f"the check failed: {type(error).__name__}: {error}"]
        report.problems += [f"{where}: {problem}" for problem in problems]
        report.games += 1
    if report.problems and raise_on_problem:
        shown = "\n  ".join(report.problems[:20])
        more = len(report.problems) - 20
        raise ConformanceError(
            f"{rule_set.id}: {len(report.problems)} problems in {games} games:\n  {shown}"
            + (f"\n  ... and {more} more" if more > 0 else "")
        )
    return report


def _check_game(
    rules: RuleSet, seats: list[str], seed: int, report: ConformanceReport
) -> list[str]:
    watched = [_Watched(make_policy(seat)) for seat in seats]
    session = Session(rules, watched, seed=seed)
    problems: list[str] = []
    # Half way (by the same seed's length), a clone to play on beside the game.
    half = len(Session(rules, seats, seed=seed).run().history) // 2
    game = session.run(max_steps=half)
    try:
        twin: GameState | None = game.clone()  # replays the history so far
    except (ValueError, IllegalMove) as error:
        twin = None
        problems.append(f"the history did not replay to the same game: {error}")
    game = session.run()
    for policy in watched:
        problems += policy.problems
        report.decisions += policy.asked
    report.turns += game.turns_played
    if not game.is_over:
        return [*problems, "the game did not end"]
    problems += _money_problems(game)
    again = Session(rules, seats, seed=seed).run()
    if again.history != game.history or again.ledger.records != game.ledger.records:
        problems.append("the same seed gave another game")
    digest = ledger_digest(game.ledger)
    try:
        copies = _copies(game, twin)
    except (ValueError, IllegalMove) as error:
        copies = []
        problems.append(f"the history did not replay to the same game: {error}")
    for name, copy in copies:
        if ledger_digest(copy.ledger) != digest or not copy.is_over:
            problems.append(f"{name} did not end with the same ledger")
    problems += _table_problems(game)
    return problems


def _copies(game: GameState, twin: GameState | None) -> list[tuple[str, GameState]]:
    """The game rebuilt every way the kit rebuilds one."""
    from landlord.engine.history import history_to_json

    copies = [
        ("the replayed history", replay(game.rules, game.names, history_to_json(game.history)))
    ]
    document = json.loads(json.dumps(game.to_json()))
    copies.append(("the game read back from its JSON", GameState.from_json(document)))
    copies.append(("the pickled game", pickle.loads(pickle.dumps(game))))
    if twin is not None:
        for choice in game.history[len(twin.history) :]:
            if twin.actor == NOBODY:
                break
            twin.apply(choice)
        copies.append(("a clone from mid-game, played on", twin))
    return copies


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


def _table_problems(game: GameState) -> list[str]:
    problems = []
    family = game.family
    rows = game.round_rows
    width = 2 + len(family.round_columns)
    if any(len(row) != width for row in rows):
        problems.append(f"a round-table row is not {width} wide (round, player, the family's)")
    now = game.holdings_table()
    if game.net_worths() != [row[-1] for row in now]:
        problems.append("net worth differs from the holdings table's last column")
    outcome = family.outcome(game)
    if not set(outcome.winners) <= set(range(game.n_players)) or not outcome.winners:
        problems.append(f"the winners {outcome.winners} are not players of the game")
    returns = game.returns()
    if [player for player, value in enumerate(returns) if value] != sorted(outcome.winners):
        problems.append(f"the returns {returns} do not name the winners {outcome.winners}")
    if len(outcome.scores) != game.n_players:
        problems.append("the outcome does not score every player")
    for player in range(game.n_players):
        json.dumps(game.observe(player).snapshot())  # a view's copy is plain JSON
    return problems
