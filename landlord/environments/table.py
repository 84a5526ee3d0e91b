"""A game at a table of agents: the PettingZoo AEC environment for any rule set.

Each seat played by an agent is one of the environment's agents, named
``seat_0``, ``seat_1``, ... by its place in turn order; a seat may instead be
played by a named bot (any :func:`landlord.policies.make_policy` name), which the
environment asks itself, as :class:`~landlord.session.Session` does.

- **Actions**: ``Discrete(N)``, ``N`` fixed per rule set
  (:mod:`landlord.environments.choices`): index ``i`` takes the ``i``-th legal
  action as the game lists it (:meth:`TableEnv.actions` gives the list). The
  observation is PettingZoo's dict of ``"observation"`` and ``"action_mask"``
  (``int8``, 1 for each index the acting seat may take, all 0 for the others). A
  masked-out index raises ``ValueError``.
- **Chance**: the dice, the packs and the deal are drawn inside the environment
  from the kit's seeded streams of numpy Generators, exactly as a
  :class:`~landlord.session.Session` of the same seed draws them. ``reset(seed=s)``
  plays the game ``Session(rules, players, seed=s)`` would: same seed, same deal,
  same throws turn by turn. A ``reset()`` without a seed draws the next game's seed
  from the environment's Generator (seeded by the last seed given, else fresh), so
  a run of resets is reproducible too; :attr:`TableEnv.seed_played` says which.
- **Rewards**: 0 at every step until the game ends; then each agent receives its
  seat's entry of :meth:`~landlord.engine.state.GameState.returns` (1.0 for a
  winner, every player when the rules say everyone wins; 0.0 for the others). An
  agent's rewards over an episode therefore sum to its return.
- **The end**: every agent is terminated when the rules end the game (the engine
  ends any game at 1,000 rounds). With ``max_rounds``, every agent is truncated
  once round ``max_rounds + 1`` begins, with no reward (the game was not finished).
- **The observation**: :mod:`landlord.environments.sight`.
- **Rendering**: ``"ansi"``, ``"svg"`` and ``"human"`` (:mod:`landlord.environments.showing`).

Examples
--------
A random masked agent in every seat of a short game:

>>> env = TableEnv("quikopoly", players=2)
>>> env.reset(seed=3)
>>> env.agents, int(env.action_space("seat_0").n)
(['seat_0', 'seat_1'], 64)
>>> for agent in env.agent_iter():
...     seen, reward, terminated, truncated, info = env.last()
...     if terminated or truncated:
...         action = None
...     else:
...         action = env.action_space(agent).sample(seen["action_mask"])
...     env.step(action)
>>> env.game.is_over, sum(env.game.returns())
(True, 1.0)
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, cast

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv

from landlord.engine.state import GameState
from landlord.environments.choices import listed, measure
from landlord.environments.showing import RENDER_MODES, show
from landlord.environments.sight import BOUND, Sight
from landlord.policies import Human, Policy, make_policy
from landlord.rules import load_rules
from landlord.rules.model import RuleSet
from landlord.session import Session

if TYPE_CHECKING:  # pragma: no cover - for the annotations only
    from landlord.engine.actions import Action

__all__ = ["AGENT", "TableEnv", "agent_name"]

#: In ``players``: a seat an agent plays.
AGENT = "agent"
#: A game the agents are never asked anything in is dealt again, at most this often.
REDEALS = 100

Observation = dict[str, npt.NDArray[Any]]


def agent_name(seat: int) -> str:
    """The agent that plays ``seat``."""
    return f"seat_{seat}"


class TableEnv(AECEnv[str, Observation, int]):
    """A game of ``rules`` with agents (and perhaps named bots) in its seats.

    Parameters
    ----------
    rules : str or RuleSet
        A shipped rule set's id (``landlord.rules.loader.registered()``), the
        path of a rule-set file, or a loaded rule set.
    players : int or sequence of str or Policy
        How many seats, every one an agent's; or one entry per seat: ``"agent"``
        for an agent, or a bot's name (or a policy) for a seat the environment
        plays itself.
    render_mode : {None, "ansi", "svg", "human"}
        What :meth:`render` gives.
    max_rounds : int, optional
        Truncate every agent once this many rounds have been played.
    max_actions : int, optional
        ``N``; by default the rule set's measured bound.
    **options
        Rule set options, with a rule set id (``advanced=True``).
    """

    metadata: ClassVar[dict[str, Any]] = {
        "name": "landlord_table_v0",
        "render_modes": list(RENDER_MODES),
        "is_parallelizable": False,
    }

    def __init__(
        self,
        rules: str | RuleSet = "landlords_game",
        players: int | Sequence[str | Policy] = 2,
        *,
        render_mode: str | None = None,
        max_rounds: int | None = None,
        max_actions: int | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        if isinstance(rules, RuleSet):
            if options:
                raise ValueError("options go with a rule set id, not a loaded rule set")
            self.rules = rules
        else:
            self.rules = load_rules(rules, **options)
        seats: list[str | Policy] = (
            [AGENT] * players if isinstance(players, int) else list(players)
        )
        info = self.rules.info
        if not info.min_players <= len(seats) <= info.max_players:
            raise ValueError(
                f"{info.title} is for {info.min_players} to {info.max_players} players, "
                f"not {len(seats)}"
            )
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode is one of {RENDER_MODES}, not {render_mode!r}")
        if max_rounds is not None and max_rounds < 1:
            raise ValueError(f"max_rounds is a whole number >= 1, not {max_rounds!r}")
        self.render_mode = render_mode
        self.max_rounds = max_rounds
        self.measured = measure(self.rules)
        self.size = self.measured.size if max_actions is None else max_actions
        if self.size < 1:
            raise ValueError(f"max_actions is a whole number >= 1, not {max_actions!r}")
        self._players: list[Policy] = [
            Human() if player == AGENT else make_policy(player) for player in seats
        ]
        self._agent_of = {
            seat: agent_name(seat)
            for seat, player in enumerate(self._players)
            if isinstance(player, Human)
        }
        if not self._agent_of:
            raise ValueError('no seat is an agent\'s: give at least one "agent" in players')
        self._seat_of = {agent: seat for seat, agent in self._agent_of.items()}
        self.possible_agents = list(self._agent_of.values())
        self._names = [
            self._agent_of.get(seat, f"{player.name} {seat + 1}")
            for seat, player in enumerate(self._players)
        ]
        self.sight = Sight(self.rules, len(seats))
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(-BOUND, BOUND, (self.sight.size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (self.size,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(self.size) for agent in self.possible_agents}
        self._seeds: np.random.Generator | None = None
        self._warned = False
        #: The seed of the game being played (``Session(rules, players, seed=...)``).
        self.seed_played: int | None = None
        self.session: Session | None = None

    # --- what PettingZoo asks -----------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The space of ``agent``'s observations (the same object every time)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(N)`` for every agent (the same object every time)."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game: the game ``Session(rules, players, seed=seed)`` plays.

        ``options`` is accepted, as PettingZoo asks, and not read. A game in which no
        agent is ever asked anything (bots decide everything and it ends) is dealt
        again with the next seed.
        """
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
            game_seed = seed
        else:
            if self._seeds is None:
                self._seeds = np.random.default_rng()
            game_seed = self._draw_seed()
        for _ in range(REDEALS):
            self._deal(game_seed)
            if not self.game.is_over:
                break
            game_seed = self._draw_seed()
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.agents[0]
        self._settle()

    def _draw_seed(self) -> int:
        assert self._seeds is not None
        return int(self._seeds.integers(2**63 - 1))

    def _deal(self, game_seed: int) -> None:
        self.seed_played = game_seed
        self.session = Session(self.rules, self._players, seed=game_seed, names=self._names)
        self.game: GameState = self.session.game
        self._views = self.game.observers()
        self.session.run()

    def step(self, action: int | None) -> None:
        """The selected agent takes its ``action``-th listed action; bots and chance
        play on until an agent must decide or the game ends."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act: None is only for an agent that is done")
        index = int(action)
        actions, _ = listed(self.game, self.size)
        if not 0 <= index < len(actions):
            raise ValueError(
                f"action {index} is masked out for {agent}: indices 0 to "
                f"{len(actions) - 1} are legal now"
            )
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self.infos = {name: {} for name in self.agents}
        self.game.apply_index(index)
        assert self.session is not None
        self.session.run()
        self._settle()
        self._accumulate_rewards()

    def _settle(self) -> None:
        """After the game moved: who acts next, and whether (and how) it ended."""
        game = self.game
        if game.is_over:
            returns = game.returns()
            for agent, seat in self._seat_of.items():
                self.terminations[agent] = True
                self.rewards[agent] = returns[seat]
                self.infos[agent] = {"end_reason": game.end_reason}
            return
        actor = game.actor
        self.agent_selection = self._agent_of[actor]
        if self.max_rounds is not None and game.round > self.max_rounds:
            for agent in self.agents:
                self.truncations[agent] = True
                self.infos[agent] = {"end_reason": f"truncated after round {self.max_rounds}"}
            return
        count = len(game._node[2])
        if count > self.size:
            self.infos[self.agent_selection] = {"actions_cut": count - self.size}
            if not self._warned:
                self._warned = True
                warnings.warn(
                    f"{self.rules.info.title}: a {game.decision_kind!r} decision lists {count} "
                    f"actions; the environment offers the first {self.size} (max_actions)",
                    RuntimeWarning,
                    stacklevel=3,
                )

    def observe(self, agent: str) -> Observation:
        """``agent``'s observation now, and the mask of the indices it may take."""
        seat = self._seat_of[agent]
        mask = np.zeros(self.size, dtype=np.int8)
        if self.game.actor == seat:
            actions, _ = listed(self.game, self.size)
            mask[: len(actions)] = 1
        return {"observation": self.sight.see(self.game, self._views[seat]), "action_mask": mask}

    def render(self) -> str | None:
        """The game now, as ``render_mode`` says (nothing without one)."""
        if self.render_mode is None:
            warnings.warn(
                "render() without a render_mode gives nothing", UserWarning, stacklevel=2
            )
            return None
        return show(self.game, self.render_mode)

    def close(self) -> None:
        """Nothing to let go of: the game is freed with the environment."""

    # --- for the researcher -------------------------------------------------------------

    def actions(self) -> list[object]:
        """The actions the selected agent may take, by index (the first ``N``)."""
        actions, _ = listed(self.game, self.size)
        return list(actions)

    def describe(self, index: int) -> str:
        """The ``index``-th action of the selected agent, in words."""
        return self.game.describe(cast("Action", self.actions()[index]))

    def view(self, agent: str) -> Any:
        """What ``agent``'s seat sees, in its family's words (a read-only view)."""
        return self._views[self._seat_of[agent]]

    def seat(self, agent: str) -> int:
        """The seat ``agent`` plays."""
        return self._seat_of[agent]
