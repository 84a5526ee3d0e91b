"""What a player is to the kit: something that picks one of the legal actions.

A policy answers ``choose(view, legal, rng)``: ``view`` is what its player
sees of the game (``game.observe(player)``, a
:class:`~landlord.engine.view.View`: the public state, read live, with no way
to change the game), ``legal`` the actions the engine allows, and ``rng`` a
``numpy.random.Generator`` for policies that draw lots. The engine
checks whatever comes back, so a policy cannot break a rule. A :class:`Human`
never answers: the session pauses and waits for the user interface.

The session asks through :meth:`Policy.decide`, which also gives the kind of
decision ("turn", "bid", ...) and by default calls ``choose``: a policy that
answers by kind (the named strategies) overrides it and is spared asking the
view.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

__all__ = ["Human", "Policy", "Scripted"]


class Policy:
    """A named, parameterised way to play.

    Subclasses are dataclasses; their fields are the parameters a lesson can
    name ("a landlord who keeps $50 in hand and builds up to three houses").
    """

    #: The strategy's name, as the command line and ``landlord.play`` know it.
    name = "policy"
    #: Whether ``choose`` draws lots with its ``rng`` (if not, it may be passed None).
    uses_rng = True

    def choose(self, view: Any, legal: list[Any], rng: Any) -> Any:
        """Pick one of ``legal``."""
        raise NotImplementedError

    def decide(self, view: Any, kind: str, legal: list[Any], rng: Any) -> Any:
        """What the session asks: :meth:`choose`, told the kind of decision as well
        (``view.decision_kind``), for a policy that answers by kind."""
        return self.choose(view, legal, rng)

    def for_rules(self, rules: Any) -> Policy:
        """The player that sits down to a game of ``rules`` (a loaded rule set): this one,
        unless its parameters depend on the rule set (the ``tuned`` bot's,
        :mod:`landlord.policies.tuned`). Sessions and experiments ask it of every seat."""
        return self

    def describe(self) -> str:
        """One sentence a teacher can read out."""
        return self.name.replace("_", " ")

    def __copy__(self) -> Policy:
        # What copy.copy does for a plain object, without its general machinery: every
        # seat of every game gets a copy of its strategy of its own.
        twin = object.__new__(type(self))
        twin.__dict__.update(self.__dict__)
        return twin

    def params(self) -> dict[str, Any]:
        """The parameters, as saved with a game."""
        return asdict(self) if hasattr(self, "__dataclass_fields__") else {}


@dataclass
class Human(Policy):
    """A person at the controls: the session pauses for the user interface."""

    name = "human"
    uses_rng = False

    def choose(self, view: Any, legal: list[Any], rng: Any) -> Any:
        raise RuntimeError("a human's choice comes through Session.answer, not choose()")

    def describe(self) -> str:
        return "a person decides every move"


@dataclass
class Scripted(Policy):
    """Plays a fixed list of actions, in order (for tests and worked examples)."""

    actions: list[Any]
    name = "scripted"
    uses_rng = False

    def __post_init__(self) -> None:
        self._next = 0

    def choose(self, view: Any, legal: list[Any], rng: Any) -> Any:
        if self._next >= len(self.actions):
            raise RuntimeError("the script has no more actions")
        action = self.actions[self._next]
        self._next += 1
        return action

    def describe(self) -> str:
        return "plays a fixed list of moves"
