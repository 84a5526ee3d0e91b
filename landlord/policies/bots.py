"""The named bots: strategies a lesson can describe in one sentence.

* ``cautious_tenant`` keeps $300 in hand, buys only cheap land it can easily
  afford, never bids against others and never builds.
* ``eager_landlord`` keeps only $75 (Rule 1's advice), buys and bids up to
  half again the printed price, builds up to three houses a lot, pays its
  way out of Jail and hunts for the fourth railroad (the Suggestions).
* ``single_taxer`` plays for the common good: it keeps $100, buys cards only
  at their printed price, never bids against others, speculates or buys
  luxuries, builds one house a lot, and always votes for the single tax (and
  calls the vote on its turn).
* ``random`` picks uniformly among the legal actions (for testing the rules).

All of them are :class:`Strategy` or :class:`RandomPlayer` objects, whose
fields are the parameters; each family of rule sets says how a strategy
answers its decisions (``game.family.handlers``: for Magie's games in
:mod:`landlord.families.magie.bots`, for the later game in
:mod:`landlord.families.monopoly.bots`); ``make_policy("eager_landlord", reserve=150)``
changes one, and ``make_policy("cautious_tenant", votes="when_losing")`` makes
a tenant who votes for the single tax when his net worth is below the average.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from landlord.engine.actions import PayFine, TryForDoubles, UseJailCard
from landlord.money import money
from landlord.policies.base import Policy

__all__ = [
    "VOTES",
    "RandomPlayer",
    "Strategy",
    "answers_by_rules_of_thumb",
    "cautious_tenant",
    "eager_landlord",
    "single_taxer",
]

#: When a strategy votes for the single tax.
VOTES = ("never", "when_losing", "always")


@dataclass
class Strategy(Policy):
    """A rule-of-thumb player.

    Parameters
    ----------
    reserve : int
        Cash it keeps in hand: it spends only what lies above this.
    max_price : int
        The highest card price it buys at (printed price; 0 for no limit).
    markup : float
        How far above the printed price it pays or bids (1.5: half again).
    bids : bool
        Whether it bids for cards other players land on.
    build_to : int
        Houses it aims for on each lot (0: never builds).
    pays_fine : bool
        Whether it pays its way out of Jail rather than throwing for doubles.
    buys_luxury : bool
        Whether it buys a luxury card when it can afford one.
    speculates : bool
        Whether it plays Speculation when a throw allows.
    hunts_railroads : bool
        Whether, holding three railroads, it offers for the fourth.
    votes : str
        When it votes for the single tax, and calls the vote on its turn:
        ``"never"``, ``"when_losing"`` (its net worth is below the players'
        average) or ``"always"``.
    """

    reserve: int = 75
    max_price: int = 0
    markup: float = 1.5
    bids: bool = True
    build_to: int = 3
    pays_fine: bool = True
    buys_luxury: bool = True
    speculates: bool = True
    hunts_railroads: bool = True
    votes: str = "never"
    name: str = "strategy"
    uses_rng = False  # rules of thumb: no lots drawn
    #: The families (``Family.name``) in whose games a strategy of this class answers some
    #: decisions its own way, not by the family's handlers: a subclass that overrides
    #: ``decide`` or ``choose`` names them (see :func:`answers_by_rules_of_thumb`).
    own_way_in: ClassVar[frozenset[str]] = frozenset()

    def describe(self) -> str:
        buys = (
            "buys any card" if not self.max_price else f"buys cards up to {money(self.max_price)}"
        )
        builds = f"builds up to {self.build_to} houses a lot" if self.build_to else "never builds"
        votes = {
            "always": ", votes for the single tax",
            "when_losing": ", votes for the single tax when losing",
        }
        return f"keeps {money(self.reserve)} in hand, {buys}, {builds}{votes.get(self.votes, '')}"

    # --- the choice ---------------------------------------------------------------

    def choose(self, view: Any, legal: list[Any], rng: Any) -> Any:
        return self.decide(view, view.decision_kind, legal, rng)

    def decide(self, view: Any, kind: str, legal: list[Any], rng: Any) -> Any:
        handler = view.family.handlers.get(kind)
        if handler is None:
            return legal[0]
        return handler(self, view, view.player, legal)


@dataclass
class RandomPlayer(Policy):
    """Picks uniformly among the legal actions, with the session's policy stream."""

    name: str = "random"

    def choose(self, view: Any, legal: list[Any], rng: Any) -> Any:
        return legal[int(rng.random() * len(legal))]

    def decide(self, view: Any, kind: str, legal: list[Any], rng: Any) -> Any:
        return legal[int(rng.random() * len(legal))]

    def describe(self) -> str:
        return "picks any legal move at random"


def answers_by_rules_of_thumb(policy: Any, family: str) -> bool:
    """Whether ``policy`` answers every decision of ``family``'s games (a ``Family.name``)
    as a plain :class:`Strategy` with its parameters would: by the family's handlers.

    A subclass that overrides ``decide`` or ``choose`` does so only where it says so
    (``own_way_in``, in the class that overrides them); one that does not say is taken
    to play its own way everywhere.

    >>> from landlord.policies import make_policy
    >>> answers_by_rules_of_thumb(make_policy("strategy_guide"), "magie")
    True
    >>> answers_by_rules_of_thumb(make_policy("strategy_guide"), "monopoly")
    False
    >>> answers_by_rules_of_thumb(make_policy("random"), "magie")
    False
    """
    if not isinstance(policy, Strategy):
        return False
    for kind in type(policy).__mro__:
        if kind is Strategy:
            return True
        own = vars(kind)
        if "decide" in own or "choose" in own:
            return "own_way_in" in own and family not in own["own_way_in"]
    return True  # pragma: no cover - Strategy is in every subclass's order


def first_of(legal: list[Any], kind: type) -> Any:
    """The first of ``legal`` that is a ``kind`` (an action class), or ``None``."""
    for action in legal:
        if isinstance(action, kind):
            return action
    return None


def jail_choice(bot: Strategy, legal: list[Any], spare: int, fine: int) -> Any:
    """What a named bot does in Jail: use a Get Out of Jail card if it has one; else
    pay the fine if it pays fines and can spare ``fine`` (its cash above its
    reserve is ``spare``); else try for doubles."""
    card = first_of(legal, UseJailCard)
    if card is not None:
        return card
    pay = first_of(legal, PayFine)
    if bot.pays_fine and pay is not None and spare >= fine:
        return pay
    return first_of(legal, TryForDoubles)


#: A tenant who keeps $300 in hand, buys only $25-$50 cards, never bids or builds.
cautious_tenant = Strategy(
    reserve=300,
    max_price=50,
    markup=1.0,
    bids=False,
    build_to=0,
    pays_fine=False,
    buys_luxury=False,
    speculates=True,
    hunts_railroads=False,
    name="cautious_tenant",
)

#: A landlord who keeps $75, buys and bids up to 1.5x, builds three a lot.
eager_landlord = Strategy(name="eager_landlord")

#: A cooperative player: keeps $100, pays printed prices, never bids, speculates
#: or buys luxuries, builds one house a lot, votes for the single tax.
single_taxer = Strategy(
    reserve=100,
    max_price=0,
    markup=1.0,
    bids=False,
    build_to=1,
    pays_fine=True,
    buys_luxury=False,
    speculates=False,
    hunts_railroads=False,
    votes="always",
    name="single_taxer",
)
