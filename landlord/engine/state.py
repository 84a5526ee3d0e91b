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
from typing import TYPE_CHECKING, Any, NamedTuple

from landlord.engine.ledger import Ledger

if TYPE_CHECKING:  # pragma: no cover - for the annotations only
    from landlord.engine.family import Family

__all__ = [
    "CHANCE",
    "NOBODY",
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


class IllegalMove(ValueError):
    """An action or outcome that is not legal in the current state."""


class Decision(NamedTuple):
    """A pause for a player: pick one of ``actions``.

    ``kind`` names the situation ("turn", "move", "sale", "bid", "offer", ...)
    and ``about`` gives its details (the space for sale, the offer made, ...).
    """

    player: int
    kind: str
    actions: Sequence[Any]
    about: Any = None


class Sale(NamedTuple):
    """What a ``bid`` or ``sale`` decision is about: a card for sale."""

    space: int
    price: int  # the highest figure so far (the printed price if nobody bid)
    bidder: int  # who bid it, or -1
    lander: int  # who stopped on the space and has the first option


class Proposal(NamedTuple):
    """What an ``offer`` or ``trust`` decision is about: another player's proposal."""

    proposer: int
    action: Any


class ChanceEvent(NamedTuple):
    """A pause for chance: one of ``outcomes``, weighted by ``weights``."""

    purpose: str
    outcomes: Sequence[Any]
    weights: Sequence[float] | None = None

    def probabilities(self) -> list[float]:
        """The probability of each outcome, in order."""
        if self.weights is None:
            return [1.0 / len(self.outcomes)] * len(self.outcomes)
        total = float(sum(self.weights))
        return [weight / total for weight in self.weights]


Flow = Generator[tuple, Any, None]


class GameState:
    """The base of every game: players, ledger, history and the flow's pauses.

    A subclass writes :meth:`_flow`. It yields ``(player, kind, actions, about)``
    for a decision and ``(CHANCE, purpose, outcomes, weights)`` for chance.
    """

    #: The family of rule sets the game belongs to (:mod:`landlord.families`): what
    #: the rest of the kit asks about it. Each family's game class sets it.
    family: Family

    def __init__(self, names: Sequence[str], piles: Sequence[str]) -> None:
        self.names: tuple[str, ...] = tuple(names)
        self.n_players = len(self.names)
        self.piles: tuple[str, ...] = tuple(piles)
        #: Account number of each pile by its name.
        self.pile_account = {name: self.n_players + i for i, name in enumerate(self.piles)}
        self.ledger = Ledger(list(self.names) + [_pile_title(name) for name in self.piles])
        #: Every decision and chance outcome applied, in order.
        self.history: list[Any] = []
        self._node: tuple = (NOBODY,)
        self._flow_gen: Flow | None = None

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
    def decision_about(self) -> Any:
        """The details of the pending decision (the space for sale, the offer, ...)."""
        node = self._node
        return node[3] if node[0] >= 0 else None

    def legal_actions(self) -> list[Any]:
        """The actions the acting player may take (empty unless a player acts)."""
        node = self._node
        return list(node[2]) if node[0] >= 0 else []

    def chance_outcomes(self) -> list[tuple[Any, float]]:
        """The outcomes of the pending chance event with their probabilities."""
        node = self._node
        if node[0] != CHANCE:
            return []
        event = ChanceEvent(node[1], node[2], node[3])
        return list(zip(event.outcomes, event.probabilities(), strict=True))

    def apply(self, choice: Any) -> None:
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

    # --- for subclasses --------------------------------------------------------

    def _flow(self) -> Flow:  # pragma: no cover - every game writes its own
        raise NotImplementedError

    def _advance(self, value: Any) -> None:
        try:
            self._node = self._flow_gen.send(value)
        except StopIteration:
            self._node = (NOBODY,)

    def cash(self, player: int) -> int:
        """A player's cash: his ledger balance."""
        return self.ledger.balances[player]


def seat_count(rules: Any, names: Sequence[str]) -> int:
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
