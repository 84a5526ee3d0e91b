"""Players: named bot strategies, scripted players and the human seat.

Examples
--------
>>> from landlord.policies import make_policy
>>> make_policy("eager_landlord", reserve=150).describe()
'keeps $150 in hand, buys any card, builds up to 3 houses a lot'
>>> print(*sorted(STRATEGIES))
cautious_tenant eager_landlord human random search single_taxer strategy_guide tuned
"""

from __future__ import annotations

import copy
from dataclasses import fields
from typing import Any

from landlord.engine.family import families
from landlord.policies.base import Human, Policy, Scripted
from landlord.policies.bots import (
    RandomPlayer,
    Strategy,
    cautious_tenant,
    eager_landlord,
    single_taxer,
)
from landlord.policies.search import SearchPlayer, search
from landlord.policies.tuned import Tuned

__all__ = [
    "STRATEGIES",
    "Human",
    "Policy",
    "RandomPlayer",
    "Scripted",
    "SearchPlayer",
    "Strategy",
    "Tuned",
    "make_policy",
]


def _families_strategies() -> dict[str, Policy]:
    found: dict[str, Policy] = {}
    for family in families():
        found.update(family.strategies())
    return found


#: The strategies known by name: the named bots, which play every family, then
#: the strategies a family has of its own (the later game's ``strategy_guide``).
STRATEGIES: dict[str, Policy] = {
    "cautious_tenant": cautious_tenant,
    "eager_landlord": eager_landlord,
    "single_taxer": single_taxer,
    **_families_strategies(),
    "search": search,
    "tuned": Tuned(),
    "random": RandomPlayer(),
    "human": Human(),
}


def make_policy(policy: str | Policy, **params: Any) -> Policy:
    """A fresh player from a strategy name (or a policy), with parameters changed.

    Raises
    ------
    ValueError
        For an unknown strategy name or parameter.
    """
    if isinstance(policy, Policy):
        if not params:
            return policy
        base = policy
    else:
        try:
            base = STRATEGIES[policy]
        except KeyError:
            known = ", ".join(sorted(STRATEGIES))
            raise ValueError(f"unknown strategy {policy!r}; known: {known}") from None
    names = {field.name for field in fields(base)} - {"name"} if params else set()
    unknown = set(params) - names
    if unknown:
        raise ValueError(
            f"strategy {base.name!r} has no parameter {', '.join(sorted(unknown))}; "
            f"its parameters: {', '.join(sorted(names)) or 'none'}"
        )
    policy = copy.copy(base)  # a seat of its own: changing it leaves the strategy as it was
    for name, value in params.items():
        setattr(policy, name, value)
    return policy
