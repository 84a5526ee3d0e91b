"""The players: named bots, their parameters and sentences, and scripted players.

A lesson names a bot ("a cautious tenant who keeps $300 in hand") and
changes one of its parameters; the tests check that the names and parameters
do what they say, that the bots play only legal moves and finish their games,
and that the two named strategies leave the marks a class would expect: the
tenant keeps his cash, the landlord holds the cards.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pytest

from landlord.engine import IllegalMove
from landlord.engine.actions import Decline, Roll
from landlord.policies import (
    STRATEGIES,
    Human,
    Policy,
    RandomPlayer,
    Scripted,
    Strategy,
    make_policy,
)
from landlord.policies.bots import cautious_tenant, eager_landlord
from landlord.record import GameRecord
from landlord.session import Session

BOTS = ("cautious_tenant", "eager_landlord", "random")

# --- naming a bot and changing its parameters ------------------------------------------


def test_make_policy_by_name_with_parameters_changed():
    landlord = make_policy("eager_landlord", reserve=150, build_to=1)
    assert isinstance(landlord, Strategy)
    assert landlord.name == "eager_landlord"
    assert (landlord.reserve, landlord.build_to) == (150, 1)
    assert landlord.markup == eager_landlord.markup  # the rest as named
    assert landlord.describe() == "keeps $150 in hand, buys any card, builds up to 1 houses a lot"
    # The named strategy itself is not changed.
    assert eager_landlord.reserve == 75
    assert make_policy("eager_landlord").reserve == 75


def test_make_policy_by_name_gives_the_named_strategies():
    assert make_policy("cautious_tenant") == cautious_tenant
    assert make_policy("eager_landlord") == eager_landlord
    assert isinstance(make_policy("random"), RandomPlayer)
    assert isinstance(make_policy("human"), Human)
    tenant = make_policy("cautious_tenant", max_price=75)
    assert tenant.params()["max_price"] == 75
    assert tenant.params()["reserve"] == 300


def test_make_policy_passes_a_policy_through_or_changes_its_parameters():
    mine = Strategy(reserve=10, name="mine")
    assert make_policy(mine) is mine
    changed = make_policy(mine, reserve=20)
    assert (changed.reserve, changed.name, mine.reserve) == (20, "mine", 10)


def test_an_unknown_strategy_is_refused_by_name():
    with pytest.raises(ValueError, match=r"unknown strategy 'nobody'") as error:
        make_policy("nobody")
    assert "cautious_tenant" in str(error.value)  # the known ones are listed


@pytest.mark.parametrize(
    ("name", "params", "unknown"),
    [
        ("eager_landlord", {"colour": "red"}, "colour"),
        ("cautious_tenant", {"reserve": 100, "greed": 2}, "greed"),
        ("random", {"seed": 1}, "seed"),
        ("eager_landlord", {"name": "other"}, "name"),
    ],
)
def test_an_unknown_parameter_is_refused_by_name(name, params, unknown):
    with pytest.raises(ValueError, match=rf"'{name}' has no parameter {unknown}"):
        make_policy(name, **params)


@pytest.mark.parametrize("name", sorted(STRATEGIES))
def test_each_strategy_describes_itself_in_one_sentence(name):
    sentence = make_policy(name).describe()
    assert isinstance(sentence, str)
    assert sentence.strip() == sentence != ""
    assert "\n" not in sentence
    assert ". " not in sentence
    assert len(sentence) < 100


def test_the_named_strategies_say_how_they_differ():
    assert cautious_tenant.describe() == ("keeps $300 in hand, buys cards up to $50, never builds")
    assert eager_landlord.describe() == (
        "keeps $75 in hand, buys any card, builds up to 3 houses a lot"
    )
    assert RandomPlayer().describe() == "picks any legal move at random"
    assert Scripted([]).describe() == "plays a fixed list of moves"


# --- how the two named strategies play ----------------------------------------------------


def test_a_cautious_tenant_keeps_more_cash_and_fewer_cards_than_an_eager_landlord():
    ends: dict[str, list[tuple[int, int]]] = {"cautious_tenant": [], "eager_landlord": []}
    for seed in range(100):
        seats = ["cautious_tenant", "eager_landlord"] * 2
        if seed % 2:
            seats.reverse()  # each strategy sits first in half the games
        session = Session("landlords_game", seats, seed=seed)
        game = session.run()
        assert game.is_over
        for player, name in enumerate(seats):
            ends[name].append((game.cash(player), len(game.holdings.cards_of(player))))
    tenant = np.mean(ends["cautious_tenant"], axis=0)
    landlord = np.mean(ends["eager_landlord"], axis=0)
    assert tenant[0] > landlord[0]  # more cash in hand
    assert tenant[1] < landlord[1]  # fewer cards


@dataclass
class Checked(Policy):
    """Wraps a bot: checks it returns one of the legal actions and leaves the game alone."""

    inner: Policy
    seen: list[int] = field(default_factory=list)
    name = "checked"

    def choose(self, view: Any, legal: list[Any], rng: Any) -> Any:
        given = list(legal)
        before = view.snapshot()  # everything the player sees, copied
        action = self.inner.choose(view, legal, rng)
        assert any(action is option for option in legal) or action in legal, (action, legal)
        assert list(legal) == given  # the bot did not change the list
        assert view.snapshot() == before  # ... nor anything in the game
        self.seen.append(len(legal))
        return action


@pytest.mark.parametrize("name", BOTS)
def test_bots_only_ever_return_one_of_the_legal_actions(name):
    for seed, players in ((1, 2), (2, 3), (3, 4)):
        policies = [Checked(make_policy(name)) for _ in range(players)]
        game = Session("landlords_game", policies, seed=seed, round_limit=40).run()
        assert game.is_over
        for policy in policies:
            assert policy.seen  # every seat was asked
        assert any(count > 2 for policy in policies for count in policy.seen)


def test_the_bots_mixed_at_one_table_play_only_legal_actions():
    policies = [Checked(make_policy(name)) for name in BOTS]
    game = Session("landlords_game", policies, seed=21).run()
    assert game.is_over
    assert all(policy.seen for policy in policies)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_players_play_games_to_the_end(players):
    for seed in range(3):
        session = Session("landlords_game", ["random"] * players, seed=seed)
        game = session.run()
        assert game.is_over
        assert game.end_reason
        assert game.pending is None
        assert len(GameRecord.from_session(session).standings) == players
        assert sum(game.ledger.balances) == 0  # no money made or lost


def test_random_players_with_the_same_seed_play_the_same_game():
    one = Session("landlords_game", ["random"] * 3, seed=8).run()
    two = Session("landlords_game", ["random"] * 3, seed=8).run()
    assert one.history == two.history


# --- scripted players -----------------------------------------------------------------------


def test_a_scripted_player_plays_its_moves_in_order_then_raises():
    script = Scripted(["first", "second"])
    rng = np.random.default_rng(0)
    assert script.choose(None, ["first", "second"], rng) == "first"
    assert script.choose(None, ["first", "second"], rng) == "second"
    with pytest.raises(RuntimeError, match="no more actions"):
        script.choose(None, ["first", "second"], rng)


def test_a_scripted_player_in_a_game_then_out_of_moves():
    # Two players, $600 each: Ann is asked about all 12 of her dealt cards.
    script = Scripted([Decline()] * 12 + [Roll()])
    session = Session("landlords_game", [script, "cautious_tenant"], seed=1)
    with pytest.raises(RuntimeError, match="the script has no more actions"):
        session.run()
    game = session.game
    assert game.holdings.cards_of(0) == []  # she declined every dealt card
    # Her 13th move was a throw; the game waits for her 14th, which she lacks.
    assert game.history.count(Roll()) >= 1
    assert game.turns_played >= 1
    assert game.position[0] != 0
    assert game.actor == 0


def test_a_scripted_illegal_move_is_stopped_by_the_engine():
    session = Session("landlords_game", [Scripted([Roll()]), "eager_landlord"], seed=1)
    with pytest.raises(IllegalMove, match="not legal"):
        session.run()
    assert session.game.decision_kind == "buy_dealt"
