"""Answers a person gives once for the rest of the game, and may take back.

A class spends most of its clicks on questions it has answered already: the deal's
cards one by one, the same refusal at every vote, the throw beside a house it chose
not to build last turn, and which way to move between the Chances. The play app
offers, beside such a question, an answer that stands: **buy every card dealt**,
**refuse every vote**, **throw unless something new is offered**, **let the cautious
tenant bot choose my way**. The person chooses it; the kit never does. :class:`Standing`
keeps those answers and says which action answers the question now, or that the
person must be asked; :meth:`Standing.drop` takes an answer back ("ask me
again").

Each entry of :data:`STANDING` says, for a kind of decision, what may stand:

* an action kind ("Buy", "Refuse"): that action, whenever it is offered once;
* :data:`UNLESS_NEW` with the throw: the throw, as long as nothing new is offered beside
  it. New is a choice (building, repaying, claiming...) not passed over since the
  answer was given, or one passed over with less money: the person now holds
  :data:`MORE_MONEY` times the cash he held when he last passed it over. And a person
  who answered a question of this turn otherwise (he built) is asked the next one;
* :data:`BOT_CHOOSES` with a bot's name: that bot's choice (which way to move).

Examples
--------
>>> from landlord.table import GameTable
>>> table = GameTable("landlords_game", ["human", "eager_landlord"], seed=3)
>>> [words for _, words in table.standing_offers()]  # doctest: +NORMALIZE_WHITESPACE
['buy this card and every card still to be dealt to you',
 'decline this card and every card still to be dealt to you']
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from landlord.policies import Policy, make_policy

__all__ = [
    "ABOUT",
    "ASIDES",
    "BOT_CHOOSES",
    "GIVEN",
    "MORE_MONEY",
    "STANDING",
    "THROW",
    "UNLESS_NEW",
    "Standing",
]

#: The throw, which "play for me" takes for a person when nothing else is offered but
#: :data:`ASIDES`.
THROW = "Roll"
#: Choices offered beside every throw that a class rarely wants: opening talks.
ASIDES = ("Negotiate",)
#: The key of a standing throw that is taken while nothing new is offered beside it.
UNLESS_NEW = "unless_new"
#: How much more cash than when a choice was passed over makes it new again (half as much
#: again: passed over with $120, it is asked again from $181).
MORE_MONEY = 1.5
#: The key of a standing answer a named bot chooses.
BOT_CHOOSES = "bot"
#: The bot that chooses a person's way when asked to: it goes where it pays least (rent
#: and taxes where it lands, wages on the way), a lot it would buy cheaply counted a gain.
WAY_CHOOSER = "cautious_tenant"

#: Questions a person may answer once for what is left of the game (or of the deal), by
#: the decision's kind: ``(key, the button's words)``; a key is an action kind, or
#: :data:`UNLESS_NEW` or :data:`BOT_CHOOSES` (see the module's words).
STANDING: dict[str, tuple[tuple[str, str], ...]] = {
    "buy_dealt": (
        ("Buy", "buy this card and every card still to be dealt to you"),
        ("Decline", "decline this card and every card still to be dealt to you"),
    ),
    "vote": (("Refuse", "refuse the single tax in this vote and every vote after it"),),
    "turn": ((UNLESS_NEW, "throw now and from now on, unless something new is offered"),),
    "move": ((BOT_CHOOSES, "let the cautious tenant bot choose my way from now on"),),
}
#: What a standing answer is called once given, under the question: by its key.
GIVEN = {
    "Buy": "buy every card dealt",
    "Decline": "decline every card dealt",
    "Refuse": "refuse the single tax at every vote",
    UNLESS_NEW: "the throw, unless something new is offered beside it",
    BOT_CHOOSES: "which way to move, chosen by the cautious tenant bot (where it pays least)",
}
#: What the button that takes a standing answer back names, by the kind of decision: two
#: such buttons are told apart by a screen reader as well.
ABOUT = {"buy_dealt": "the deal", "vote": "the vote", "turn": "the throw", "move": "my way"}
#: Decisions that come only in the deal: a standing answer to them is over after it.
DEAL_ONLY = ("buy_dealt",)


def _kinds(actions: Sequence[Any]) -> list[str]:
    return [type(action).__name__ for action in actions]


def _offered_beside_throw(actions: Sequence[Any]) -> set[Any]:
    """The choices offered beside the throw that are more than an aside."""
    return {action for action in actions if type(action).__name__ not in (THROW, *ASIDES)}


class Standing:
    """One table's standing answers, by seat and kind of decision: what each person at
    the controls answered once for good, and what he passed over since (see the module).
    Two people at one screen each keep their own.
    """

    def __init__(self) -> None:
        #: The standing answers: {(seat, decision kind): key}.
        self.answers: dict[tuple[int, str], str] = {}
        #: The choices passed over beside a standing throw, by the throwing seat: each
        #: with the seat's cash when it was last passed over.
        self._passed_over: dict[int, dict[Any, int]] = {}
        #: The turn (``turns_played``) in which a seat answered a turn question otherwise
        #: than by throwing: its next question of that turn is asked.
        self._answered_in: dict[int, int] = {}
        #: The bot that chooses the ways, seated for the game's rules once asked.
        self._way_chooser: Policy | None = None

    def offers(self, game: Any, seat: int) -> list[tuple[str, str]]:
        """The answers to ``seat``'s question now that may stand: ``(key, words)`` (none
        to a question whose kind has a standing answer of his already)."""
        if (seat, game.decision_kind) in self.answers:
            return []
        kinds = _kinds(game.legal_actions())
        offers = STANDING.get(game.decision_kind, ())
        return [(key, words) for key, words in offers if self._offerable(key, kinds)]

    @staticmethod
    def _offerable(key: str, kinds: list[str]) -> bool:
        if key == UNLESS_NEW:
            return kinds.count(THROW) == 1 and len(kinds) > 1
        if key == BOT_CHOOSES:
            return len(kinds) > 1
        return kinds.count(key) == 1

    def give(self, game: Any, seat: int, key: str) -> int:
        """Make ``key`` the standing answer of ``seat``'s person to the question now; the
        index of the action it takes now. Raises ``ValueError`` if it is not offered."""
        if key not in dict(self.offers(game, seat)):
            raise ValueError(f"{key!r} cannot be given for good to this question.")
        self.answers[seat, game.decision_kind] = key
        actions = game.legal_actions()
        if key == UNLESS_NEW:  # what is offered now is passed over by this throw
            self._passed_over[seat] = {}
            self._answered_in.pop(seat, None)
            self._pass_over(game, seat, actions)
        taken = self.answer(game, seat)
        assert taken is not None  # an answer offered takes an action now
        return taken

    def drop(self, seat: int, decision_kind: str) -> None:
        """Take back ``seat``'s standing answer to ``decision_kind``: he is asked again."""
        self.answers.pop((seat, decision_kind), None)

    def given(self, game: Any) -> list[tuple[int, str, str]]:
        """The standing answers that can still come into play: ``(seat, decision kind,
        words)``, by seat."""
        return [
            (seat, kind, GIVEN.get(key, key))
            for (seat, kind), key in sorted(self.answers.items())
            if not (kind in DEAL_ONLY and game.round > 0)
        ]

    def answer(self, game: Any, seat: int) -> int | None:
        """The index of the action a standing answer takes at ``seat``'s question now, or
        None (the person is asked)."""
        key = self.answers.get((seat, game.decision_kind))
        if key is None:
            return None
        actions = game.legal_actions()
        kinds = _kinds(actions)
        if key == BOT_CHOOSES:
            return self._bot_choice(game, seat, actions)
        if key == UNLESS_NEW:
            if kinds.count(THROW) != 1:
                return None
            if self._answered_in.get(seat) == game.turns_played:
                return None
            if self._something_new(game, seat, actions):
                return None
            return kinds.index(THROW)
        return kinds.index(key) if kinds.count(key) == 1 else None

    def noted(self, game: Any, seat: int, action: Any) -> None:
        """Note ``seat``'s person's own answer ``action`` to the question now (before it
        is taken): what a standing throw passes over, and a turn answered otherwise."""
        if self.answers.get((seat, game.decision_kind)) != UNLESS_NEW:
            return
        if type(action).__name__ == THROW:
            self._pass_over(game, seat, game.legal_actions())
        elif type(action).__name__ not in ASIDES:
            self._answered_in[seat] = game.turns_played

    def _pass_over(self, game: Any, seat: int, actions: Sequence[Any]) -> None:
        cash = game.cash(seat)
        passed = self._passed_over.setdefault(seat, {})
        for action in _offered_beside_throw(actions):
            passed[action] = cash

    def _something_new(self, game: Any, seat: int, actions: Sequence[Any]) -> bool:
        passed = self._passed_over.get(seat, {})
        cash = game.cash(seat)
        for action in _offered_beside_throw(actions):
            then = passed.get(action)
            if then is None or cash > MORE_MONEY * max(then, 0):
                return True
        return False

    def _bot_choice(self, game: Any, seat: int, actions: Sequence[Any]) -> int:
        if self._way_chooser is None:
            self._way_chooser = make_policy(WAY_CHOOSER).for_rules(game.rules)
        legal = list(actions)
        view = game.observers()[seat]
        chosen = self._way_chooser.decide(view, game.decision_kind, legal, random.Random(0))
        return legal.index(chosen)
