"""One seat at a table of named bots: the single-agent Gymnasium environment.

:func:`single_agent` seats the agent at ``seat`` and named bots (any
:func:`landlord.policies.make_policy` name) in the others. It is a
:class:`~landlord.environments.table.TableEnv` with one agent, seen through
Gymnasium's interface: the same observation (a dict of ``"observation"`` and
``"action_mask"``), ``Discrete(N)`` actions, chance and bots played between the
agent's decisions from the seed of ``reset(seed=...)`` (a game the kit's
``Session(rules, players, seed=...)`` would play the same, decision for decision,
when the agent chooses as that session's player in its seat would), and the
reward: the seat's return, 1.0 for a win and 0.0 otherwise, at the end. It is
registered with Gymnasium as :data:`ENV_ID`, so ``gymnasium.make(ENV_ID,
rules="monopoly_us", opponents=["strategy_guide"])`` makes one too (with
Gymnasium's usual wrappers).

Gymnasium's algorithms may sample an action without the mask; an index the mask
rules out is taken modulo the number of legal actions (so every index plays
something legal) and the step's ``info["illegal"]`` is True. An agent that reads
the mask (``env.action_masks()``, as maskable algorithms ask) never meets it.

Examples
--------
>>> env = single_agent("quikopoly", seat=1, opponents=("eager_landlord",))
>>> seen, info = env.reset(seed=7)
>>> total, done = 0.0, False
>>> while not done:
...     action = env.action_space.sample(seen["action_mask"])
...     seen, reward, terminated, truncated, info = env.step(action)
...     total += reward
...     done = terminated or truncated
>>> total == env.table.game.returns()[1]
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, SupportsFloat

import gymnasium
import numpy as np
import numpy.typing as npt

from landlord.environments.choices import listed
from landlord.environments.showing import RENDER_MODES
from landlord.environments.table import AGENT, Observation, TableEnv, agent_name
from landlord.policies import Policy
from landlord.rules.model import RuleSet

__all__ = ["ENV_ID", "SingleSeatEnv", "single_agent"]

#: The environment's id in Gymnasium's registry: ``gymnasium.make(ENV_ID, rules=...)``.
ENV_ID = "landlord/SingleSeat-v0"


class SingleSeatEnv(gymnasium.Env[Observation, np.int64]):
    """One agent's seat at a table whose other seats named bots play.

    Parameters
    ----------
    rules : str or RuleSet
        A rule set id, a rule-set file's path, or a loaded rule set.
    seat : int
        The agent's seat, in turn order (0 plays first in the first round, unless
        the rules choose who starts).
    opponents : sequence of str or Policy
        The bots in the other seats, in turn order: one per seat.
    render_mode, max_rounds, max_actions, **options
        As :class:`~landlord.environments.table.TableEnv` takes them: how
        :meth:`render` draws, the round after which the episode is truncated, ``N``,
        and the rule set's options.
    """

    metadata: ClassVar[dict[str, Any]] = {"render_modes": list(RENDER_MODES), "render_fps": 4}

    def __init__(
        self,
        rules: str | RuleSet = "landlords_game",
        seat: int = 0,
        opponents: Sequence[str | Policy] = ("eager_landlord",),
        *,
        render_mode: str | None = None,
        max_rounds: int | None = None,
        max_actions: int | None = None,
        **options: Any,
    ) -> None:
        players: list[str | Policy] = list(opponents)
        if not 0 <= seat <= len(players):
            raise ValueError(f"seat {seat!r} is not at a table of {len(players) + 1}")
        if AGENT in players:
            raise ValueError('the opponents are bots: "agent" is the seat of the agent only')
        players.insert(seat, AGENT)
        self.table = TableEnv(
            rules,
            players,
            render_mode=render_mode,
            max_rounds=max_rounds,
            max_actions=max_actions,
            **options,
        )
        self.seat = seat
        self.agent = agent_name(seat)
        self.render_mode = render_mode
        self.observation_space = self.table.observation_space(self.agent)
        self.action_space = self.table.action_space(self.agent)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Deal a new game (``options`` is accepted and not read)."""
        super().reset(seed=seed)
        game_seed = seed if seed is not None else int(self.np_random.integers(2**63 - 1))
        table = self.table
        table.reset(seed=game_seed)
        return table.observe(self.agent), dict(table.infos[self.agent])

    def step(
        self, action: np.int64 | int
    ) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        """Take the ``action``-th legal action; the bots and chance play on to the
        agent's next decision or the end."""
        table = self.table
        agent = self.agent
        if table.terminations[agent] or table.truncations[agent]:
            raise RuntimeError("the episode is over: call reset()")
        index = int(action)
        actions, _ = listed(table.game, table.size)
        illegal = not 0 <= index < len(actions)
        table.step(index % len(actions) if illegal else index)
        info = dict(table.infos.get(agent, {}))
        if illegal:
            info["illegal"] = True
        return (
            table.observe(agent),
            float(table.rewards[agent]),
            table.terminations[agent],
            table.truncations[agent],
            info,
        )

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The indices the agent may take now (``True``), for maskable algorithms."""
        return self.table.observe(self.agent)["action_mask"].astype(bool)

    def render(self) -> str | None:
        """The game now, as ``render_mode`` says."""
        return self.table.render()

    def close(self) -> None:
        """Close the table."""
        self.table.close()


def single_agent(
    rules: str | RuleSet = "landlords_game",
    seat: int = 0,
    opponents: Sequence[str | Policy] = ("eager_landlord",),
    **settings: Any,
) -> SingleSeatEnv:
    """A Gymnasium environment: the agent at ``seat``, ``opponents`` in the other seats.

    ``settings`` are :class:`SingleSeatEnv`'s keywords (``render_mode``,
    ``max_rounds``, ``max_actions``) and the rule set's options.

    Examples
    --------
    >>> env = single_agent("monopoly_us", seat=0, opponents=["strategy_guide", "random"])
    >>> env.action_space
    Discrete(512)
    """
    return SingleSeatEnv(rules, seat, opponents, **settings)


if ENV_ID not in gymnasium.registry:
    gymnasium.register(ENV_ID, entry_point=SingleSeatEnv)
