"""A bot that looks ahead: it tries each move on copies of the game and plays them on.

The ``search`` bot plays to win. At a decision with two or more legal actions
it takes a few *candidate* actions, and for each of them plays a number of
*rollouts*: a copy of the game with the action taken, played on for a few
rounds with a simple player in every seat (:mod:`landlord.policies.rollout`).
It takes the candidate whose rollouts ended best for its own seat. This is
Monte Carlo search over information sets, flat (one level of moves tried):

* **What it may see.** It is handed its player's view, never the game, and each
  rollout starts from :meth:`~landlord.engine.view.View.sample_game`: a copy in
  which whatever its player cannot see is dealt afresh (the unseen order of the
  later game's packs, Quikopoly's face-down tiles it has not looked at, the other
  hands in Property; Magie's games hide nothing, and a copy is a copy). Chance
  to come (the dice, each card drawn) it samples itself, with the probabilities
  the game gives (``chance_outcomes``), from its own seeded draws.
* **Who it imagines at the table.** It cannot know its opponents' strategies, so
  every seat of a rollout, its own included, is played by one rule-of-thumb bot
  (``rollout_policy``, the eager landlord unless told).
* **How a rollout is valued.** A rollout ends at the game's end, where the bot's
  seat scores its return (1 for a win, 0 for a loss; every seat 1 when the
  rules say everyone wins), or after ``horizon`` rounds, where it scores its
  share of the players' net worth (:func:`~landlord.policies.rollout.standing`):
  an estimate of its chances, 1/n for an even game of n.
* **Fair comparison.** Rollout i of every candidate starts from the same sampled
  game and draws the same chance turn by turn (common random numbers), so the
  candidates' values differ by the action, not by luck.
* **Which candidates.** When more actions are legal than ``candidates``, it tries
  the rule-of-thumb bot's own pick and a seeded sample of the others, as many as
  ``candidates`` in all. The rule-of-thumb pick is tried first and wins ties.
* **What it does not search.** A decision with one legal action is taken; a
  decision whose actions are a rule rather than a list (the later game's trade
  proposals, which no list could hold) is answered by the rollout policy.

Its lots come from the session's policy stream (``uses_rng``): same seed, same
game. With the defaults (8 rollouts of 3 rounds, up to 4 candidates) a decision
takes a few tens of milliseconds on the reference engine and a four-seat
Landlord's Game with one such seat a few seconds (``benchmarks/search_bot.py``
measures it, and how often it wins).

Examples
--------
>>> from landlord.policies import make_policy
>>> bot = make_policy("search", rollouts=4)
>>> import textwrap
>>> print(textwrap.fill(bot.describe(), 72))
looks ahead: tries 4 moves, plays each 4 times for 3 rounds as eager
landlords, takes the best
>>> make_policy("search", rollouts=0)
Traceback (most recent call last):
...
ValueError: the search bot's rollouts must be a whole number of at least 1, not 0
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from landlord.engine.family import families
from landlord.policies.base import Policy
from landlord.policies.bots import (
    RandomPlayer,
    cautious_tenant,
    eager_landlord,
    single_taxer,
)
from landlord.policies.rollout import TurnDraws, play_on, standing

__all__ = ["SearchPlayer", "rollout_bots"]


def rollout_bots() -> dict[str, Policy]:
    """The players a rollout may seat, by name: the rule-of-thumb bots (those of every
    family and the families' own, such as ``strategy_guide``) and ``random``."""
    found: dict[str, Policy] = {
        "cautious_tenant": cautious_tenant,
        "eager_landlord": eager_landlord,
        "single_taxer": single_taxer,
        "random": RandomPlayer(),
    }
    for family in families():
        own = family.strategies().items()
        found.update({name: bot for name, bot in own if isinstance(bot, Policy)})
    return found


#: The budget's whole-number fields and the least each may be.
_AT_LEAST = {"rollouts": 1, "horizon": 0, "candidates": 2}


@dataclass
class SearchPlayer(Policy):
    """Tries candidate actions on sampled copies of the game and keeps the best.

    Parameters
    ----------
    rollouts : int
        Rollouts played for each candidate action (at least 1).
    horizon : int
        Rounds each rollout plays on before it is valued by net worth (0: to the
        game's end).
    candidates : int
        The most actions tried at one decision (at least 2): the rollout policy's
        own pick and a seeded sample of the others.
    rollout_policy : str
        The rule-of-thumb bot (or ``"random"``) that plays every seat of a rollout.
    """

    rollouts: int = 8
    horizon: int = 3
    candidates: int = 4
    rollout_policy: str = "eager_landlord"
    name: str = "search"
    uses_rng = True

    def __setattr__(self, field: str, value: Any) -> None:
        if field in _AT_LEAST:
            least = _AT_LEAST[field]
            if not isinstance(value, int) or isinstance(value, bool) or value < least:
                raise ValueError(
                    f"the search bot's {field} must be a whole number of at least {least}, "
                    f"not {value!r}"
                )
        elif field == "rollout_policy":
            known = rollout_bots()
            if value not in known:
                raise ValueError(
                    f"the search bot's rollout_policy must name a rule-of-thumb bot or "
                    f"'random' ({', '.join(sorted(known))}), not {value!r}"
                )
            super().__setattr__("_rollout", known[value])
        super().__setattr__(field, value)

    def describe(self) -> str:
        ahead = f"for {self.horizon} rounds" if self.horizon else "to the game's end"
        players = self.rollout_policy.replace("_", " ")
        players = "random players" if players == "random" else f"{players}s"
        return (
            f"looks ahead: tries {self.candidates} moves, plays each {self.rollouts} times "
            f"{ahead} as {players}, takes the best"
        )

    # --- the choice ---------------------------------------------------------------

    def choose(self, view: Any, legal: list[Any], rng: Any) -> Any:
        return self.decide(view, view.decision_kind, legal, rng)

    def decide(self, view: Any, kind: str, legal: list[Any], rng: Any) -> Any:
        rollout: Policy = self.__dict__["_rollout"]
        listed: Any = legal  # a list or tuple, or a rule (trades) the session passes on
        if type(listed) is not list and type(listed) is not tuple:
            return rollout.decide(view, kind, legal, rng)  # a rule, not a list: not searched
        if len(legal) < 2:
            return legal[0]
        if rng is None:
            raise ValueError("the search bot draws lots: it needs the session's policy stream")
        picked = rollout.decide(view, kind, legal, rng)
        tried = self.candidates_of(legal, picked, rng)
        values = self.values(view, [legal[index] for index in tried], rng)
        best = max(range(len(tried)), key=lambda k: (values[k], -k))
        return legal[tried[best]]

    def candidates_of(
        self, legal: list[Any] | tuple[Any, ...], picked: Any, rng: Any
    ) -> list[int]:
        """The indices of the actions tried: the rollout policy's pick first, then all the
        others, or a seeded sample of them when more than :attr:`candidates` are legal."""
        first = next((k for k, action in enumerate(legal) if action is picked), None)
        if first is None:
            first = list(legal).index(picked)
        others = [k for k in range(len(legal)) if k != first]
        if len(legal) > self.candidates:
            chosen = rng.choice(len(others), size=self.candidates - 1, replace=False)
            others = [others[k] for k in sorted(chosen.tolist())]
        return [first, *others]

    def values(self, view: Any, actions: list[Any], rng: Any) -> list[float]:
        """Each action's mean :func:`~landlord.policies.rollout.standing` for the view's
        seat over :attr:`rollouts` rollouts, rollout i of every action from the same
        sampled game and the same chance (common random numbers)."""
        seat = view.player
        bots = [self.__dict__["_rollout"]] * view.n_players
        totals = [0.0] * len(actions)
        for seed in rng.integers(2**62, size=self.rollouts).tolist():
            draws = TurnDraws(seed)
            for k, action in enumerate(actions):
                game = view.sample_game(np.random.default_rng([seed, 0]))
                game.apply(action)
                draws.restart()
                lots = np.random.default_rng([seed, 1])
                play_on(game, bots, draws, lots, self.horizon)
                totals[k] += standing(game, seat)
        return [total / self.rollouts for total in totals]


#: The search bot with its default budget.
search = SearchPlayer()
