"""The game as a state machine: who acts, what they may do, one ``apply``.

A rule set's play is written as a *flow*: a generator that runs the rules top
to bottom and pauses at every point where something outside the rules must
decide. It pauses in one of two ways:

* a **decision**: ``(player, kind, actions, about)``; the player must pick one
  of ``actions`` (typed records from :mod:`landlord.engine.actions`);
* a **chance event**: ``(CHANCE, purpose, outcomes, weights)``; the caller
  samples one of ``outcomes`` (dice, a card, the next card dealt) with the
  given weights (``None``: all equally likely). The state never draws a
  random number itself.

When the flow ends, nobody acts (:data:`NOBODY`). Whatever arrives through
:meth:`GameState.apply` is checked against what is legal and recorded in
:attr:`GameState.history`, so the recorded list replays the game exactly. A
decision with only one legal action is taken without asking and is not
recorded (replaying reaches the same point and takes it again).
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar, cast

from landlord.engine.dice import DICE
from landlord.engine.ledger import Ledger

if TYPE_CHECKING:  # pragma: no cover - for the annotations only
    import numpy as np
    import numpy.typing as npt

    from landlord.engine.actions import Action
    from landlord.engine.family import Family
    from landlord.engine.view import View
    from landlord.rules.model import RuleSet

__all__ = [
    "CHANCE",
    "NOBODY",
    "THROW",
    "ChanceEvent",
    "Decision",
    "GameState",
    "IllegalMove",
    "Proposal",
    "Sale",
]

#: Who acts at a chance event.
CHANCE = -1
#: Who acts when the game is over.
NOBODY = -2
#: The chance event of a throw of the two dice, made once: a flow yields it.
THROW = (CHANCE, "dice", DICE, None)

#: What :meth:`GameState.to_json` writes, and the version of its form.
STATE_FORMAT = "landlord-state"
STATE_VERSION = 1


class IllegalMove(ValueError):
    """An action or outcome that is not legal in the current state."""


class Decision(NamedTuple):
    """A pause for a player: pick one of ``actions``.

    ``kind`` names the situation ("turn", "move", "sale", "bid", "offer", ...)
    and ``about`` gives its details (the space for sale, the offer made, ...).
    """

    player: int
    kind: str
    actions: Sequence[Action]
    about: object = None


class Sale(NamedTuple):
    """What a ``bid`` or ``sale`` decision is about: a card for sale."""

    space: int
    price: int  # the highest figure so far (the printed price if nobody bid)
    bidder: int  # who bid it, or -1
    lander: int  # who stopped on the space and has the first option


class Proposal(NamedTuple):
    """What an ``offer`` or ``trust`` decision is about: another player's proposal."""

    proposer: int
    action: Action


class ChanceEvent(NamedTuple):
    """A pause for chance: one of ``outcomes``, weighted by ``weights``."""

    purpose: str
    outcomes: Sequence[object]
    weights: Sequence[float] | None = None

    def probabilities(self) -> list[float]:
        """The probability of each outcome, in order."""
        if self.weights is None:
            return [1.0 / len(self.outcomes)] * len(self.outcomes)
        total = float(sum(self.weights))
        return [weight / total for weight in self.weights]


#: A pause of the flow: ``(player, kind, actions, about)``, ``(CHANCE, purpose, outcomes,
#: weights)``, or ``(NOBODY,)`` once it has ended.
Node = tuple[int, *tuple[object, ...]]
#: A family's flow: it yields its pauses and is sent what was chosen at each (the
#: action or outcome the pause offered, of the type it offered: the flow knows which,
#: a checker does not, so what it is sent is an ``object`` the flow narrows).
Flow = Generator[Node, object, None]
#: The end-of-round figures a game copies (:meth:`GameState.capture`): ``captured[0]`` is
#: each player's cash, the rest is the family's own.
Captured = tuple[list[int], *tuple[object, ...]]
_R = TypeVar("_R")
#: A part of a flow that ends with a value: ``result = yield from part``.
FlowTo = Generator[Node, object, _R]
#: The pause the game waits at, as :class:`GameState` keeps it (``_node``): what each
#: field holds depends on the first (a player, :data:`CHANCE` or :data:`NOBODY`), which
#: the readers test before they read the rest.
_Pause = tuple[Any, ...]


class GameState:
    """The base of every game: players, ledger, history and the flow's pauses.

    A family's game writes :meth:`_set_up` and :meth:`_turn` (and what ends its
    game); the shared :meth:`_flow` plays them. They yield ``(player, kind,
    actions, about)`` for a decision and ``(CHANCE, purpose, outcomes,
    weights)`` for chance.
    """

    #: The family of rule sets the game belongs to (:mod:`landlord.families`): what
    #: the rest of the kit asks about it. Each family's game class sets it.
    family: Family
    #: The flow being played (:meth:`start` starts it).
    _flow_gen: Flow
    #: The rule set played (each family's game sets it).
    rules: RuleSet
    #: Where each player's token stands (each family's game sets it).
    position: list[int]

    #: A game that reaches this many rounds ends whatever its rules say, so that
    #: every game ends even with every end condition switched off.
    ROUND_CAP = 1000

    def __init__(self, names: Sequence[str], piles: Sequence[str]) -> None:
        self.names: tuple[str, ...] = tuple(names)
        self.n_players = len(self.names)
        self.piles: tuple[str, ...] = tuple(piles)
        #: Account number of each pile by its name.
        self.pile_account = {name: self.n_players + i for i, name in enumerate(self.piles)}
        self.ledger = Ledger(list(self.names) + [_pile_title(name) for name in self.piles])
        #: Every decision and chance outcome applied, in order.
        self.history: list[object] = []
        self._node: _Pause = (NOBODY,)
        #: The round being played (0: the setting up, before the first turn).
        self.round = 0
        #: Whose turn it is.
        self.turn_player = 0
        #: Who plays first in every round (a family's setting up may choose him).
        self.first_player = 0
        #: Turns played so far (a turn missed counts: it is the player's turn).
        self.turns_played = 0
        #: The round after which the game ends (0: none), as the rule set says.
        self.round_limit = 0
        #: Per player, whether his turn is passed over (a bankrupt player's), or None.
        self.passed_over: list[bool] | None = None
        #: The player whose turn it is plays again at once (a card said so).
        self.extra_turn = False
        #: Whether :meth:`_after_turn` must look at the end of each turn (a family sets it
        #: when something may end the game or needs doing between turns).
        self.check_after_turn = False
        #: Why the game ended ("" while it is being played).
        self.end_reason = ""
        #: Stop the flow, between two turns, once this many turns have been played (None:
        #: never): a game played on by a batch path is handed over there, its state whole
        #: (:mod:`landlord.continued`). Its flow ends without an end (no :attr:`end_reason`):
        #: :attr:`handed_over` says so.
        self.stop_at_turn: int | None = None
        self.handed_over = False
        self._snapshots: list[tuple[int, Captured]] = []

    # --- what the outside world sees -----------------------------------------

    def start(self) -> None:
        """Run the flow to its first pause. Call once, after the subclass is set up."""
        self._flow_gen = self._flow()
        self._advance(None)

    @property
    def actor(self) -> int:
        """The player who must decide, :data:`CHANCE`, or :data:`NOBODY`."""
        return self._node[0]

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        return self._node[0] == NOBODY

    @property
    def pending(self) -> Decision | ChanceEvent | None:
        """The decision or chance event the game waits for; ``None`` when over."""
        node = self._node
        if node[0] == NOBODY:
            return None
        if node[0] == CHANCE:
            return ChanceEvent(node[1], node[2], node[3])
        return Decision(node[0], node[1], node[2], node[3])

    @property
    def decision_kind(self) -> str:
        """What the acting player decides ("turn", "move", "sale", ...); "" otherwise."""
        node = self._node
        return node[1] if node[0] >= 0 else ""

    @property
    def decision_about(self) -> object:
        """The details of the pending decision (the space for sale, the offer, ...)."""
        node = self._node
        return node[3] if node[0] >= 0 else None

    def legal_actions(self) -> list[Action]:
        """The actions the acting player may take (empty unless a player acts)."""
        node = self._node
        return list(node[2]) if node[0] >= 0 else []

    def chance_outcomes(self) -> list[tuple[object, float]]:
        """The outcomes of the pending chance event with their probabilities."""
        node = self._node
        if node[0] != CHANCE:
            return []
        event = ChanceEvent(node[1], node[2], node[3])
        return list(zip(event.outcomes, event.probabilities(), strict=True))

    def apply(self, choice: object) -> None:
        """Apply a player's action or a chance outcome and run to the next pause.

        Raises
        ------
        IllegalMove
            If ``choice`` is not among the legal actions or outcomes.
        """
        node = self._node
        if node[0] == NOBODY:
            raise IllegalMove("the game is over")
        options = node[2]
        legal = True
        if type(options) is tuple or type(options) is list:
            for option in options:
                if option is choice:
                    break
            else:
                legal = choice in options
        else:
            legal = choice in options  # a rule rather than a list (trades): ask it
        if not legal:
            who = "chance" if node[0] == CHANCE else f"player {node[0]} ({node[1]})"
            raise IllegalMove(f"{choice!r} is not legal for {who}; legal: {list(options)!r}")
        self.history.append(choice)
        try:
            self._node = self._flow_gen.send(choice)
        except StopIteration:
            self._node = (NOBODY,)

    # --- for research: copies, scores, masks, JSON -----------------------------------

    def clone(self) -> GameState:
        """An independent copy of the game as it stands, to try moves on.

        The copy is the game replayed from its history (a game is its
        history), so it shares nothing with this one: play either and the
        other does not change. State set by hand, outside ``apply``, is not
        part of a history and is not copied.

        Examples
        --------
        >>> from landlord.session import Session
        >>> game = Session("landlords_game", ["eager_landlord"] * 2, seed=4).run(max_steps=60)
        >>> twin = game.clone()
        >>> twin.history == game.history, twin.ledger.records == game.ledger.records
        (True, True)
        >>> twin.apply_index(0)
        >>> len(twin.history) == len(game.history) + 1
        True
        """
        twin = self.family.new_game(self.rules, self.names)
        apply = twin.apply
        for choice in self.history:
            apply(choice)
        return twin

    def returns(self) -> list[float]:
        """Each player's return: 1.0 for a winner of the finished game (every player
        when the rules say everyone wins), 0.0 for the others, and 0.0 for all while
        the game is being played. :meth:`Family.outcome` gives the scores.

        Examples
        --------
        >>> from landlord.session import Session
        >>> Session("monopoly_us", ["strategy_guide"] * 3, seed=4).run().returns()
        [0.0, 0.0, 1.0]
        """
        if not self.is_over:
            return [0.0] * self.n_players
        winners = set(self.family.outcome(self).winners)
        return [1.0 if player in winners else 0.0 for player in range(self.n_players)]

    def action_mask(self, size: int | None = None) -> npt.NDArray[np.bool_]:
        """Which action indices are legal now, as a numpy array of booleans.

        The acting player's legal actions are numbered in the order
        :meth:`legal_actions` lists them; index ``i`` is taken with
        :meth:`apply_index`. The mask is padded with False to ``size``, for an
        agent that chooses among a fixed number of indices. All False when no
        player acts.

        Raises
        ------
        ValueError
            If ``size`` is smaller than the number of listed actions.

        Examples
        --------
        >>> from landlord.session import Session
        >>> game = Session("landlords_game", ["human", "random"], seed=3).run()
        >>> game.action_mask(4).tolist()
        [True, True, False, False]
        """
        import numpy as np

        node = self._node
        listed = len(node[2]) if node[0] >= 0 else 0
        width = listed if size is None else size
        if width < listed:
            raise ValueError(f"{listed} actions are listed now; a mask of {width} is too small")
        mask = np.zeros(width, dtype=bool)
        mask[:listed] = True
        return mask

    def to_json(self) -> dict[str, object]:
        """The game as plain JSON: its rule set and options, players and history.

        :meth:`from_json` plays it back to the same state.
        """
        from landlord.engine.history import history_to_json, rules_reference

        return {
            "format": STATE_FORMAT,
            "version": STATE_VERSION,
            **rules_reference(self.rules),
            "names": list(self.names),
            "history": history_to_json(self.history),
        }

    @staticmethod
    def from_json(document: object) -> GameState:
        """The game a :meth:`to_json` document describes, replayed.

        Raises
        ------
        ValueError
            If the document is not a game state, its rule set cannot be
            loaded, or its history does not replay (naming the entry).

        Examples
        --------
        >>> from landlord.session import Session
        >>> game = Session("single_tax", ["random"] * 3, seed=5).run(max_steps=90)
        >>> again = GameState.from_json(game.to_json())
        >>> again.ledger.records == game.ledger.records, again.pending == game.pending
        (True, True)
        """
        from landlord.engine.history import replay, rules_of

        if not isinstance(document, dict) or document.get("format") != STATE_FORMAT:
            raise ValueError(f'not a landlord game state (no "format": "{STATE_FORMAT}")')
        if document.get("version") != STATE_VERSION:
            raise ValueError(
                f"a game state of version {document.get('version')!r}; this kit reads "
                f"{STATE_VERSION}"
            )
        names, history = document.get("names"), document.get("history")
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise ValueError("field 'names': expected a list of the players' names")
        if not isinstance(history, list):
            raise ValueError("field 'history': expected a list")
        return replay(rules_of(document), names, history)

    def __reduce__(self) -> tuple[object, ...]:
        # Pickled (and deep-copied) as its history: the flow is a generator, which
        # pickles as nothing else does, and the history replays it exactly.
        return (GameState.from_json, (self.to_json(),))

    def observe(self, player: int) -> View[GameState]:
        """What ``player`` sees of the game: a read-only view of the public state,
        as his family shows it (no hidden information, no way to change the game).

        It reads the game live, so one view serves a player all game; policies
        receive it (:meth:`landlord.session.Session.run`).

        Examples
        --------
        >>> from landlord.engine import new_game
        >>> from landlord.rules import load_rules
        >>> game = new_game(load_rules("monopoly_us"), ["Ann", "Bob"])
        >>> view = game.observe(1)
        >>> view.player, view.balances[1], "packs" in dir(view)
        (1, 1500, False)
        """
        if not isinstance(player, int) or not 0 <= player < self.n_players:
            raise ValueError(f"there is no player {player!r}: {self.n_players} play")
        view = cast("type[View[GameState]]", self.family.part("view", "View"))
        return view(self, player)

    def observers(self) -> list[View[GameState]]:
        """Every player's view, in seat order (cheaper than one :meth:`observe` each)."""
        view = cast("type[View[GameState]]", self.family.part("view", "View"))
        return view.every(self)

    def apply_index(self, index: int) -> None:
        """Apply the ``index``-th legal action (or listed chance outcome).

        The same door as :meth:`apply`, for callers that picked from the list
        by position: a button in the user interface, or the session sampling
        chance.
        """
        node = self._node
        if node[0] == NOBODY:
            raise IllegalMove("the game is over")
        if not 0 <= index < len(node[2]):
            raise IllegalMove(f"there is no option {index}; {len(node[2])} are listed")
        choice = node[2][index]
        self.history.append(choice)
        try:
            self._node = self._flow_gen.send(choice)
        except StopIteration:
            self._node = (NOBODY,)

    # --- the rounds, as every family plays them ----------------------------------------

    def _flow(self) -> Flow:
        """The whole game: the setting up (:meth:`_set_up`), then turns round the
        table from round 1 until the game ends.

        Each player in his seat's turn plays :meth:`_turn` (a player out of the
        game, one whose :attr:`passed_over` entry is true, is passed over);
        after a turn :meth:`_after_turn` (while :attr:`check_after_turn` is set)
        may end the game, and a player with
        :attr:`extra_turn` set plays again at once. Every round's figures are
        kept at its end (:meth:`capture`), and the game ends at the rule set's
        round limit or at :attr:`ROUND_CAP`, whichever comes first
        (:meth:`_end_at`). One flow for every family: a family writes the
        setting up, a turn and what ends its game.
        """
        yield from self._set_up()
        self._snapshot()
        self.round = 1
        n = self.n_players
        self.turn_player = self.first_player
        last = (self.first_player - 1) % n  # the round ends after his turn
        clock = self.ledger.clock
        passed_over = self.passed_over
        while True:
            player = self.turn_player
            if passed_over is None or not passed_over[player]:
                if self.stop_at_turn is not None and self.turns_played >= self.stop_at_turn:
                    self.handed_over = True
                    return  # between two turns: handed over, not over
                clock[0] = self.round
                clock[1] = self.turns_played
                yield from self._turn(player)
                self.turns_played += 1
                if self.check_after_turn and self._after_turn(player):
                    break
                if self.extra_turn:
                    continue
            if player == last:
                self._snapshot()
                if self.round_limit and self.round >= self.round_limit:
                    self._end_at(self.round_limit, capped=False)
                    break
                if self.round >= self.ROUND_CAP:
                    self._end_at(self.ROUND_CAP, capped=True)
                    break
                self.round += 1
            self.turn_player = (player + 1) % n
        self._snapshot()
        self._finish()

    def _snapshot(self) -> None:
        """Keep the end-of-round figures; the tables are computed when asked for."""
        snapshots = self._snapshots
        if snapshots and snapshots[-1][0] == self.round:
            snapshots.pop()
        snapshots.append((self.round, self.capture()))

    @property
    def round_rows(self) -> list[tuple[int, ...]]:
        """Per round and player: (round, player, then the family's round columns).

        Round 0 is after the setting up (the deal); a game that ends mid-round
        has a last, partial round.
        """
        return [
            (round_, player, *holdings)
            for round_, captured in self._snapshots
            for player, holdings in enumerate(self.holdings_table(captured))
        ]

    @property
    def round_net_worths(self) -> list[tuple[int, list[int], list[int]]]:
        """Per round: (round, cash of each player, net worth of each player)."""
        worths = self.net_worths
        return [(round_, held[0], worths(held)) for round_, held in self._snapshots]

    # --- what each family writes ------------------------------------------------------

    def _set_up(self) -> Flow:  # pragma: no cover - every game writes its own
        """Before the first turn: the deal, the shuffle."""
        raise NotImplementedError

    def _turn(self, player: int) -> Flow:  # pragma: no cover - every game writes its own
        """One player's turn."""
        raise NotImplementedError

    def _after_turn(self, player: int) -> bool:
        """What happens at the end of a turn; True if the game ends there."""
        return False

    def _finish(self) -> None:
        """The game is over: let go of what only its flow needed.

        A family's parts refer back to their game while it is played, which
        makes reference cycles; a finished game breaks them here, so that it
        is freed as soon as nobody holds it (experiments play many thousands
        of games, and the garbage collector would otherwise trace them all).
        What is left answers every question about the finished game.
        """

    def _end_at(self, round_: int, capped: bool) -> None:
        """The game ends after round ``round_``: the rule set's limit, or the engine's cap."""
        if capped:
            self.end_reason = f"the engine's cap of {round_} rounds was reached"
        else:
            self.end_reason = f"the round limit ({round_}) was reached"

    def capture(self) -> Captured:  # pragma: no cover - every game writes its own
        """The figures of the round table, copied: ``captured[0]`` is each player's cash."""
        raise NotImplementedError

    def holdings_table(self, captured: Captured | None = None) -> list[tuple[int, ...]]:
        """Per player, now or from a :meth:`capture`: the family's round columns."""
        raise NotImplementedError  # pragma: no cover - every game writes its own

    def net_worths(self, captured: Captured | None = None) -> list[int]:
        """Every player's net worth, now or from a :meth:`capture`."""
        raise NotImplementedError  # pragma: no cover - every game writes its own

    def buildings_worth(self) -> list[int]:
        """What each player's buildings cost, now (part of his net worth)."""
        raise NotImplementedError  # pragma: no cover - every game writes its own

    def _advance(self, value: object) -> None:
        try:
            self._node = self._flow_gen.send(value)
        except StopIteration:
            self._node = (NOBODY,)

    def cash(self, player: int) -> int:
        """A player's cash: his ledger balance."""
        return self.ledger.balances[player]

    def describe(self, action: Action) -> str:  # pragma: no cover - every game writes its own
        """``action`` in words, with the board's names and the players'."""
        raise NotImplementedError


def seat_count(rules: RuleSet, names: Sequence[str]) -> int:
    """How many players ``names`` seats; ``ValueError`` if the rule set is not for so many."""
    n = len(names)
    info = rules.info
    if not info.min_players <= n <= info.max_players:
        raise ValueError(
            f"{info.title} is for {info.min_players} to {info.max_players} players, not {n}"
        )
    return n


def _pile_title(name: str) -> str:
    return name.replace("_", " ").upper()
