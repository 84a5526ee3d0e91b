"""The kit's games as standard research environments (the optional extra ``research``).

- :class:`~landlord.environments.table.TableEnv` (and :func:`table_env`): a
  PettingZoo AEC environment for any rule set, an agent in each seat (or named
  bots in some of them);
- :func:`~landlord.environments.one_seat.single_agent`: a Gymnasium environment,
  one agent's seat among named bots.

Every shipped rule set plays in both (``landlord.rules.loader.registered()``).
What an agent sees is :mod:`~landlord.environments.sight`, how many actions it
chooses among is :mod:`~landlord.environments.choices`, how a game is drawn is
:mod:`~landlord.environments.showing`. The guide is ``docs/environments.md``.

It needs PettingZoo and Gymnasium: ``pip install 'landlord-kit[research]'``. The
rest of the kit never imports this package.

Examples
--------
>>> from landlord.environments import single_agent, table_env
>>> table_env("property", players=3).possible_agents
['seat_0', 'seat_1', 'seat_2']
>>> int(single_agent("single_tax", opponents=["single_taxer"]).action_space.n)
512
"""

from __future__ import annotations

from typing import Any

try:
    import gymnasium  # noqa: F401
    import pettingzoo  # noqa: F401
except ImportError as missing:  # pragma: no cover - the extra is installed in the tests
    raise ImportError(
        "landlord.environments needs PettingZoo and Gymnasium, the optional extra "
        "'research': pip install 'landlord-kit[research]' "
        f"({missing.name or 'a package'} is not installed)"
    ) from missing

from landlord.environments.choices import Measure, measure
from landlord.environments.one_seat import SingleSeatEnv, single_agent
from landlord.environments.sight import Sight
from landlord.environments.table import AGENT, TableEnv

__all__ = [
    "AGENT",
    "Measure",
    "Sight",
    "SingleSeatEnv",
    "TableEnv",
    "measure",
    "single_agent",
    "table_env",
]


def table_env(rules: Any = "landlords_game", players: Any = 2, **settings: Any) -> TableEnv:
    """A PettingZoo AEC environment of ``rules`` (see :class:`TableEnv`).

    Examples
    --------
    >>> env = table_env("monopoly_uk_1972", players=["agent", "strategy_guide", "agent"])
    >>> env.possible_agents
    ['seat_0', 'seat_2']
    """
    return TableEnv(rules, players, **settings)
