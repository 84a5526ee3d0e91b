"""What a family's parts hand the rest of the kit, as typed protocols.

A family package's modules are found by name (:class:`~landlord.engine.family.Family`
imports them when first asked); these protocols say what the objects they give
must offer, so that a checker holds each family to them and a caller knows what
it gets without importing the family. The engine imports no app, so the types
here name only what the engine knows: a family's own classes (its ``Voice``, its
``StepRules``, its glossary's ``Term``) satisfy them by their shape.

=====================  ==========================================================
:class:`Voice`         ``family.voice(game)``: a game told in sentences
:class:`StepRules`     ``family.step_rules(game)``: the rule each step followed
:class:`GlossaryTerm`  each of ``family.glossary_terms()``
:class:`Described`     a policy, as ``family.describe_bot`` and ``strategies`` see it
:class:`Bankruptcies`  a game that lists its bankruptcies (``Family.rounds_left``)
``NamedBankruptcies``  the same, with names (``Family.bankruptcies_told``)
:class:`Crowned`       a game that names its winners (``Family.winners_outcome``)
=====================  ==========================================================
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:  # pragma: no cover - for the annotations only
    from landlord.engine.family import Family
    from landlord.engine.ledger import Ledger, Transfer
    from landlord.engine.state import ChanceEvent, Decision

__all__ = [
    "Bankruptcies",
    "Crowned",
    "Described",
    "GlossaryTerm",
    "NamedBankruptcies",
    "Reasoned",
    "StepRules",
    "Voice",
]

#: A rule a step followed, as :class:`StepRules` gives it: the words of the line it
#: goes after, its sentence, and whether it is told once a game only
#: (:class:`landlord.views.explain.Because`).
Reasoned = tuple[tuple[str, ...], str, bool]


class Voice(Protocol):
    """A game's steps in sentences, for the apps' event log (a family's ``narrator.Voice``)."""

    def before(self) -> None:
        """Note what a step may change, before it is taken."""
        ...

    def after(
        self,
        pending: Decision | ChanceEvent | None,
        choice: object,
        records: Sequence[Transfer],
        earlier: Sequence[Transfer] = (),
    ) -> list[str]:
        """The step (``pending`` answered by ``choice``; ``None`` for none) in words,
        then the payments made before it (``earlier``) and by it (``records``)."""
        ...


class StepRules(Protocol):
    """Which rule each step of a game followed (a family's ``explain.StepRules``)."""

    #: Whether the game was over when :meth:`note` last looked.
    over: bool

    def note(self) -> None:
        """Note what a step may change, before it happens."""
        ...

    def step(self, pending: Decision | ChanceEvent, choice: object) -> Sequence[Reasoned]:
        """The rule the decision or chance event ``pending``, answered by ``choice``,
        followed."""
        ...

    def payment(self, record: Transfer) -> Sequence[Reasoned]:
        """The rule a payment followed."""
        ...

    def changes(
        self, pending: Decision | ChanceEvent | None, choice: object
    ) -> Sequence[Reasoned]:
        """The rules behind what the step changed on the board."""
        ...

    def end(self) -> str:
        """Why the game ended, as its rules say."""
        ...


class GlossaryTerm(Protocol):
    """One word of a family's games, explained (a :class:`landlord.views.glossary.Term`)."""

    @property
    def key(self) -> str:
        """Its id on the page."""
        ...

    @property
    def term(self) -> str:
        """The word as a heading shows it."""
        ...

    @property
    def definition(self) -> str:
        """What it means."""
        ...

    @property
    def family(self) -> Family | None:
        """The family it belongs to (``None``: every game)."""
        ...


class Described(Protocol):
    """A policy as a family speaks of it: it says how it plays."""

    def describe(self) -> str:
        """How it plays, in words."""
        ...


class Bankruptcies(Protocol):
    """A game that lists its bankruptcies as (round, player, creditor)."""

    @property
    def n_players(self) -> int: ...

    @property
    def bankruptcies(self) -> Sequence[tuple[int, int, int]]: ...


class NamedBankruptcies(Bankruptcies, Protocol):
    """A game that lists its bankruptcies, with its players' and accounts' names."""

    @property
    def names(self) -> Sequence[str]: ...

    @property
    def ledger(self) -> Ledger: ...


class Crowned(Bankruptcies, Protocol):
    """A game that names its ``winners`` as it ends and says why (``end_reason``), with
    its round table's score in the column before net worth (``Family.winners_outcome``)."""

    @property
    def winners(self) -> Sequence[int]: ...

    @property
    def end_reason(self) -> str: ...

    @property
    def is_over(self) -> bool: ...

    def holdings_table(self) -> Sequence[tuple[int, ...]]: ...
