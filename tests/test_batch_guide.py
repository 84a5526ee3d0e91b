"""The later game's strategy guide at Magie's, Quikopoly's and Property's tables.

Outside the later game the guide answers every decision as a rule-of-thumb bot with its
own parameters (it keeps $50, pays up to 1.2x), so each of those batch paths plays its
games, and plays the same games as the reference engine; a bot class that answers some
decision its own way without saying where goes to the reference engine everywhere.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from batch_figures import assert_same_figures

from landlord import batch
from landlord.experiments import game_seeds
from landlord.families import family_of
from landlord.figures import Figures
from landlord.policies import make_policy
from landlord.policies.bots import Strategy, answers_by_rules_of_thumb
from landlord.rules import load_rules
from landlord.session import Session


@dataclass
class Contrarian(Strategy):
    """Answers every decision with the last legal action, and does not say where."""

    name: str = "contrarian"

    def decide(self, view: Any, kind: str, legal: list[Any], rng: Any) -> Any:
        return legal[-1]


@pytest.mark.parametrize(
    ("rules_id", "bots", "games"),
    [
        ("landlords_game", ["strategy_guide"] * 4, 120),
        ("single_tax", ["strategy_guide", "eager_landlord", "strategy_guide"], 120),
        ("quikopoly", ["strategy_guide", "cautious_tenant"] * 2, 200),
        ("property", ["strategy_guide"] * 3, 30),
    ],
)
def test_the_strategy_guide_plays_the_same_games_on_each_batch_path(rules_id, bots, games):
    rules = load_rules(rules_id)
    seats = [make_policy(bot) for bot in bots]
    assert batch.engine_for(rules, seats) == (batch.COMPILED, "")
    module = __import__(family_of(rules).batch, fromlist=["play"])
    seeds = game_seeds(11, games)
    reference, compiled = Figures(9, every_round=True), Figures(9, every_round=True)
    for seed in seeds:
        reference.add(Session(rules, seats, seed=seed).run())
    module.play(rules, seats, seeds, compiled)
    assert_same_figures(reference, compiled, seeds)
    # The guide plays there as the plain rule-of-thumb bot with its parameters would.
    params = make_policy("strategy_guide").params()
    del params["trade_markup"]  # the later game's trades only
    plain = Strategy(**params)
    twin = Session(rules, [plain if bot == "strategy_guide" else bot for bot in bots], seed=5)
    assert twin.run().returns() == Session(rules, seats, seed=5).run().returns()


def test_a_bot_that_answers_its_own_way_without_saying_where_is_played_by_the_reference():
    assert not answers_by_rules_of_thumb(Contrarian(), "magie")
    for rules_id in ("landlords_game", "quikopoly", "property", "monopoly_us"):
        engine, why = batch.engine_for(load_rules(rules_id), [Contrarian()] * 2)
        assert engine == batch.REFERENCE
        assert "'contrarian'" in why
    # The guide answers the later game its own way: its own batch path plays it there.
    assert not answers_by_rules_of_thumb(make_policy("strategy_guide"), "monopoly")
