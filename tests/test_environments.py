"""The research environments (issue 37, item 1): PettingZoo's and Gymnasium's own checks on
every shipped rule set, then what a researcher would notice: the same seed plays the same
game, the mask is the legal actions, every episode ends, the rewards are the returns, and the
bots in the other seats play as they do in a session of the same seed."""

from __future__ import annotations

import subprocess
import sys
import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from landlord.environments import TableEnv, single_agent
from landlord.environments.choices import measure
from landlord.policies import make_policy
from landlord.rules import load_rules
from landlord.rules.loader import registered
from landlord.session import Session

RULE_SETS = sorted(registered())

#: What PettingZoo's and Gymnasium's checks say of any environment whose observation is a
#: dict with a mask (PettingZoo's convention, which its checker exempts its own games from).
EXPECTED_WARNINGS = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be",
)


def play_randomly(env: TableEnv, seed: int) -> list[int]:
    """Play ``env`` to its end with random masked actions; the indices taken."""
    rng = np.random.default_rng(seed)
    taken = []
    for _agent in env.agent_iter():
        seen, _reward, terminated, truncated, _info = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        index = int(rng.choice(np.flatnonzero(seen["action_mask"])))
        taken.append(index)
        env.step(index)
    return taken


def play_and_collect(env: TableEnv, seed: int) -> dict[str, float]:
    """Play ``env`` to its end with random masked actions; each agent's rewards summed."""
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        seen, reward, terminated, truncated, _info = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(seen["action_mask"]))))
    return totals


@pytest.mark.parametrize("rules", RULE_SETS)
def test_pettingzoo_api_and_seed_tests_pass(rules: str) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(TableEnv(rules, players=3), num_cycles=20)
        seed_test(lambda: TableEnv(rules, players=3), num_cycles=20)
        # A table with a bot in one seat: two agents, the bot played inside.
        api_test(TableEnv(rules, players=["agent", "eager_landlord", "agent"]), num_cycles=20)
    said = {str(warning.message) for warning in caught}
    assert all(line.startswith(EXPECTED_WARNINGS) for line in said), said


@pytest.mark.parametrize("rules", RULE_SETS)
def test_the_single_agent_environment_passes_gymnasiums_checker(rules: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "no spec": made here without gymnasium.make
        check_env(single_agent(rules, seat=1, opponents=["eager_landlord", "random"]))


def test_gymnasium_make_checks_every_render_mode() -> None:
    import gymnasium

    from landlord.environments.one_seat import ENV_ID

    env = gymnasium.make(ENV_ID, rules="quikopoly", opponents=["cautious_tenant"])
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env.unwrapped)
    assert not caught, [str(warning.message) for warning in caught]


@pytest.mark.parametrize("rules", ["landlords_game", "monopoly_us", "property"])
def test_the_same_seed_plays_the_same_game(rules: str) -> None:
    first, second = TableEnv(rules, players=3), TableEnv(rules, players=3)
    first.reset(seed=11)
    second.reset(seed=11)
    assert play_randomly(first, 5) == play_randomly(second, 5)
    assert first.game.history == second.game.history
    other = TableEnv(rules, players=3)
    other.reset(seed=12)
    play_randomly(other, 5)
    assert other.game.history != first.game.history


def test_resets_without_a_seed_go_on_from_the_last_seed() -> None:
    seeds = []
    for _ in range(2):
        env = TableEnv("quikopoly", players=2)
        env.reset(seed=4)
        env.reset()
        env.reset()
        seeds.append(env.seed_played)
    assert seeds[0] == seeds[1]
    assert seeds[0] != 4


@pytest.mark.parametrize("rules", RULE_SETS)
def test_masks_match_the_legal_actions_and_every_random_episode_ends(rules: str) -> None:
    env = TableEnv(rules, players=3)
    env.reset(seed=2)
    rng = np.random.default_rng(2)
    steps = 0
    for agent in env.agent_iter():
        seen, _reward, terminated, truncated, _info = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        game = env.game
        legal = game.legal_actions()
        assert env.seat(agent) == game.actor
        assert seen["action_mask"].tolist() == game.action_mask(env.size).astype(int).tolist()
        assert int(seen["action_mask"].sum()) == len(legal) >= 1
        assert env.actions() == legal
        for other in env.agents:
            if other != agent:
                assert not env.observe(other)["action_mask"].any()
        env.step(int(rng.choice(np.flatnonzero(seen["action_mask"]))))
        steps += 1
    assert env.game.is_over
    assert not env.agents
    assert steps > 10


@pytest.mark.parametrize("rules", RULE_SETS)
def test_rewards_sum_to_the_returns(rules: str) -> None:
    env = TableEnv(rules, players=3)
    env.reset(seed=9)
    totals = play_and_collect(env, 9)
    returns = env.game.returns()
    assert [totals[f"seat_{seat}"] for seat in range(3)] == returns
    assert sum(returns) >= 1.0


@pytest.mark.parametrize("rules", RULE_SETS)
def test_the_opponents_play_as_in_a_session_of_the_same_seed(rules: str) -> None:
    # The agent chooses what a cautious tenant would in its seat: the game is then the
    # session's game of the same seed, decision for decision, chance for chance. (A
    # cautious tenant proposes no trade; an eager landlord in the later game proposes
    # bundles the environment does not list: see the next test.)
    opponents = ["eager_landlord", "single_taxer"]
    env = single_agent(rules, seat=1, opponents=opponents)
    mine = make_policy("cautious_tenant")
    seen, _info = env.reset(seed=21)
    game = env.table.game
    view = game.observe(1)
    done = False
    while not done:
        node = game._node
        choice = mine.decide(view, node[1], node[2], None)
        index = next(i for i, action in enumerate(env.table.actions()) if action == choice)
        assert seen["action_mask"][index] == 1
        seen, _reward, terminated, truncated, _info = env.step(index)
        done = terminated or truncated
    players = [opponents[0], "cautious_tenant", opponents[1]]
    session = Session(rules, players, seed=21).run()
    assert game.history == session.history
    assert game.returns() == session.returns()
    assert sum(game.ledger.balances) == 0  # the ledger's accounts: every coin somewhere


def test_a_trade_of_a_bundle_is_legal_but_not_offered_by_an_index() -> None:
    env = single_agent("monopoly_us", seat=1, opponents=["eager_landlord", "strategy_guide"])
    env.reset(seed=21)
    game = env.table.game
    view, mine = game.observe(1), make_policy("eager_landlord")
    while True:
        node = game._node
        choice = mine.decide(view, node[1], node[2], None)
        listed = env.table.actions()
        if choice not in listed:
            break
        env.step(listed.index(choice))
    assert node[1] == "trade"
    assert choice in node[2]


def test_random_opponents_keep_the_money_and_the_agents_reward_is_its_return() -> None:
    env = single_agent("monopoly_us", seat=0, opponents=["random", "random", "strategy_guide"])
    seen, _info = env.reset(seed=3)
    total, done = 0.0, False
    while not done:
        seen, reward, terminated, truncated, _info = env.step(
            env.action_space.sample(seen["action_mask"])
        )
        total += float(reward)
        done = terminated or truncated
        assert sum(env.table.game.ledger.balances) == 0
    assert total == env.table.game.returns()[0]


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), rules=st.sampled_from(["landlords_game", "quikopoly"]))
def test_any_seed_offers_a_choice_whenever_an_agent_acts_and_ends(seed: int, rules: str) -> None:
    env = TableEnv(rules, players=2, max_rounds=60)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for _agent in env.agent_iter(100_000):
        seen, _reward, terminated, truncated, _info = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        assert seen["action_mask"].any()
        env.step(int(rng.choice(np.flatnonzero(seen["action_mask"]))))
    assert not env.agents


def test_a_round_limit_truncates_without_reward() -> None:
    env = TableEnv("monopoly_us", players=2, max_rounds=2)
    env.reset(seed=1)
    rewards = play_and_collect(env, 0)
    assert env.game.round == 3
    assert not env.game.is_over
    assert rewards == {"seat_0": 0.0, "seat_1": 0.0}


def test_a_list_longer_than_n_is_cut_and_said() -> None:
    env = TableEnv("landlords_game", players=2, max_actions=2)
    env.reset(seed=1)
    cut = []
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for _agent in env.agent_iter(400):
            seen, _reward, terminated, truncated, info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            cut.append(info.get("actions_cut", 0))
            assert seen["action_mask"].sum() <= 2
            env.step(int(seen["action_mask"].sum()) - 1)
    assert max(cut) > 0
    said = [str(warning.message) for warning in caught]
    assert len(said) == 1  # once per environment
    assert "offers the first 2" in said[0]


def test_a_masked_out_index_is_refused_by_the_table_and_wrapped_by_one_seat() -> None:
    table = TableEnv("quikopoly", players=2)
    table.reset(seed=0)
    with pytest.raises(ValueError, match="masked out"):
        table.step(table.size - 1)
    env = single_agent("quikopoly", opponents=["random"])
    env.reset(seed=0)
    _seen, _reward, _terminated, _truncated, info = env.step(env.action_space.n - 1)
    assert info["illegal"] is True


def test_n_is_fixed_per_rule_set_and_above_the_longest_list_measured() -> None:
    for rules in RULE_SETS:
        measured = measure(load_rules(rules))
        assert measured.size >= 4 * measured.longest
        sizes = {int(TableEnv(rules, players=n).action_space("seat_0").n) for n in (2, 3)}
        assert sizes == {measured.size}


def test_render_modes() -> None:
    env = TableEnv("monopoly_uk_1972", players=2, render_mode="ansi")
    env.reset(seed=1)
    words = env.render()
    assert isinstance(words, str)
    assert words.startswith("The board in words")
    assert "Mayfair" in words
    assert "<" not in words
    env = TableEnv("property", players=2, render_mode="svg")
    env.reset(seed=1)
    picture = env.render()
    assert isinstance(picture, str)
    assert picture.startswith("<svg")


def test_the_observation_layout_is_generic_and_in_bounds() -> None:
    for rules in RULE_SETS:
        env = TableEnv(rules, players=2)
        env.reset(seed=0)
        sight = env.sight
        seen = env.observe(env.agent_selection)["observation"]
        assert seen.shape == (sight.size,)
        assert seen.dtype == np.float32
        game, seat = env.game, env.seat(env.agent_selection)
        assert seen[sight.blocks["me"]].tolist() == [float(s == seat) for s in range(2)]
        assert seen[sight.blocks["actor"]].tolist() == [float(s == seat) for s in range(2)]
        assert np.allclose(seen[sight.blocks["cash"]] * sight.money, game.ledger.balances[:2])
        assert np.allclose(seen[sight.blocks["worth"]] * sight.money, game.net_worths())
        kind = seen[sight.blocks["kind"]]
        assert kind.sum() == 1.0
        assert sight.kinds[int(kind.argmax())] == game.decision_kind
        owner = seen[sight.blocks["owner"]].reshape(sight.spaces, 2)
        held = [int(row.argmax()) if row.any() else -1 for row in owner]
        assert held == [o if 0 <= o < 2 else -1 for o in env.view(env.agent_selection).owner]
        assert env.observation_space(env.agent_selection)["observation"].contains(seen)


def test_landlord_imports_without_the_extra_and_the_error_names_it() -> None:
    script = (
        "import sys; sys.modules['pettingzoo'] = None\n"
        "import landlord, landlord.session, landlord.experiments\n"
        "assert 'gymnasium' not in sys.modules\n"
        "try:\n    import landlord.environments\n"
        "except ImportError as error:\n    print(error)\n"
    )
    said = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    ).stdout
    assert "landlord-kit[research]" in said
