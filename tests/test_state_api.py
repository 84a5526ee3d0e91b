"""The research interface of a game: views, clones, returns, masks, JSON, and the
one conformance check every rule set passes.

What a search or learning agent relies on: a player's view shows the public
state and nothing hidden, and cannot change the game; a clone is independent;
a state written as JSON (or pickled) reads back to the same game; the
returns name the winners; the action mask matches the listed actions; and
:func:`landlord.conformance.check_rule_set` finds what breaks a promise.
"""

from __future__ import annotations

import copy
import json
import pickle

import pytest

from landlord.conformance import ConformanceError, check_rule_set
from landlord.engine import CHANCE, NOBODY, GameState, IllegalMove
from landlord.families.magie.game import LandlordsGame
from landlord.policies import Policy
from landlord.rules import available
from landlord.session import Session

SHIPPED = [info.id for info in available()]


# --- the conformance check -------------------------------------------------------------


@pytest.mark.parametrize("rules", SHIPPED)
def test_every_shipped_rule_set_keeps_every_promise(rules):
    report = check_rule_set(rules, games=8, seed=11)
    assert report.games == 8
    assert report.decisions > 100  # the bots were asked, and watched
    assert report.problems == []


@pytest.mark.parametrize(
    ("rules", "options"),
    [
        ("landlords_game", {"advanced": True, "land_value_tax": 0.5}),
        ("landlords_game", {"single_tax_at_round": 4, "citizens_dividend": True}),
        ("monopoly_us", {"purchase": "auction", "card_order": "reshuffle"}),
        ("monopoly_uk_1972", {"short_game": True, "rent_lapses": True, "round_limit": 30}),
    ],
)
def test_the_options_keep_every_promise_too(rules, options):
    from landlord.rules import load_rules

    assert check_rule_set(load_rules(rules, **options), games=4, seed=3).problems == []


def test_the_check_catches_money_made_from_nothing(monkeypatch):
    pay_wages = LandlordsGame._pay_wages

    def leaky(self, player):
        pay_wages(self, player)
        self.ledger.balances[player] += 1  # a dollar from nowhere

    monkeypatch.setattr(LandlordsGame, "_pay_wages", leaky)
    with pytest.raises(ConformanceError, match="money was made or lost"):
        check_rule_set("landlords_game", games=2)


def test_the_check_catches_a_game_that_is_not_the_same_twice(monkeypatch):
    import random

    lots = random.Random(1)  # the engine draws no lots; this one does, in round 5
    turn = LandlordsGame._turn

    def restless(self, player):
        if self.round == 5 and lots.random() < 0.5:
            self.miss_turn[player] = True
        return turn(self, player)

    monkeypatch.setattr(LandlordsGame, "_turn", restless)
    report = check_rule_set("landlords_game", games=2, raise_on_problem=False)
    found = " ".join(report.problems)
    assert "the same seed gave another game" in found
    assert "the history did not replay" in found


def test_the_check_catches_a_bot_that_changes_the_game(monkeypatch):
    from landlord.policies import bots

    decide = bots.Strategy.decide

    def meddling(self, view, kind, legal, rng):
        view.houses[1] += 1  # a house from nowhere, through the view's live list
        return decide(self, view, kind, legal, rng)

    monkeypatch.setattr(bots.Strategy, "decide", meddling)
    with pytest.raises(ConformanceError, match="changed the game"):
        check_rule_set("landlords_game", games=1, bots=("eager_landlord",))


# --- views --------------------------------------------------------------------------------


def test_a_view_shows_the_table_and_cannot_change_the_game():
    game = Session("landlords_game", ["eager_landlord"] * 3, seed=4).run(max_steps=200)
    view = game.observe(1)
    assert view.player == 1
    assert list(view.owner) == game.holdings.owner
    assert view.balances[2] == game.cash(2)
    assert view.wages == game.wages
    for name in ("apply", "ledger", "give_card", "treasury", "holdings"):
        assert not hasattr(view, name)
    with pytest.raises(AttributeError, match="read-only"):
        view.wages = 1000
    with pytest.raises(AttributeError, match="read-only"):
        view.owner = []
    seen = view.snapshot()
    json.dumps(seen)  # plain data
    held = seen["owner"][1]
    game.holdings.owner[1] = 2 if held != 2 else 0  # the game moves on; the copy does not
    assert seen["owner"][1] == held
    assert view.snapshot()["owner"][1] == game.holdings.owner[1] != held  # a new one does


def test_a_view_of_the_later_game_hides_the_order_of_the_packs():
    game = Session("monopoly_us", ["strategy_guide"] * 3, seed=5).run(max_steps=150)
    view = game.observe(0)
    assert sum(game.observe(0).pack_sizes.values()) == sum(len(p) for p in game.packs.values())
    assert not any("pack" in name and name != "pack_sizes" for name in dir(view))
    shown = json.dumps(view.snapshot())
    order = [list(pack) for pack in game.packs.values()]
    assert str(order[0]) not in shown


def test_a_view_asks_its_player_only_about_his_own_decision():
    session = Session("landlords_game", ["human", "human"], seed=2)
    game = session.run()
    asked = game.actor
    assert game.observe(asked).decision_kind == game.decision_kind != ""
    assert game.observe(asked).legal == game.legal_actions()
    other = 1 - asked
    assert game.observe(other).decision_kind == ""
    assert game.observe(other).legal == []
    with pytest.raises(ValueError, match="no player 5"):
        game.observe(5)


# --- clones, returns, masks ----------------------------------------------------------------


def test_a_clone_is_independent_of_its_game():
    game = Session("single_tax", ["random"] * 3, seed=6).run(max_steps=120)
    twin = game.clone()
    assert twin.history == game.history
    assert twin.ledger.records == game.ledger.records
    assert twin.pending == game.pending
    steps = len(game.history)
    while not twin.is_over and len(twin.history) < steps + 50:
        twin.apply_index(0)
    assert len(game.history) == steps  # the game did not move
    assert twin.ledger is not game.ledger


@pytest.mark.parametrize("rules", ["landlords_game", "prosperity", "monopoly_uk_1972"])
def test_the_returns_name_the_winners_once_the_game_is_over(rules):
    session = Session(rules, ["eager_landlord", "random", "strategy_guide"], seed=9)
    assert session.game.returns() == [0.0, 0.0, 0.0]  # nothing is won yet
    game = session.run()
    outcome = game.family.outcome(game)
    assert game.returns() == [1.0 if p in outcome.winners else 0.0 for p in range(3)]
    assert sum(game.returns()) >= 1


def test_the_action_mask_numbers_the_legal_actions():
    game = Session("landlords_game", ["human", "eager_landlord"], seed=3).run()
    listed = len(game.legal_actions())
    mask = game.action_mask(listed + 3)
    assert mask.tolist() == [True] * listed + [False] * 3
    with pytest.raises(ValueError, match="too small"):
        game.action_mask(listed - 1)
    game.apply_index(listed - 1)  # the last masked index is legal
    with pytest.raises(IllegalMove):
        game.apply_index(100)
    chance = Session("landlords_game", ["eager_landlord"] * 2, seed=1).game
    assert chance.actor == CHANCE
    assert not chance.action_mask(4).any()


# --- JSON, pickle, deepcopy ---------------------------------------------------------------


@pytest.mark.parametrize("rules", ["landlords_game", "monopoly_us"])
def test_a_state_as_json_reads_back_to_the_same_game(rules):
    game = Session(rules, ["random", "eager_landlord", "strategy_guide"], seed=8).run(
        max_steps=300
    )
    document = json.loads(json.dumps(game.to_json()))
    assert document["format"] == "landlord-state"
    again = GameState.from_json(document)
    assert again.ledger.records == game.ledger.records
    assert again.pending == game.pending
    assert again.history == game.history


def test_a_game_pickles_and_deep_copies_as_its_history():
    game = Session("prosperity", ["single_taxer", "random", "eager_landlord"], seed=2).run(
        max_steps=250
    )
    for twin in (pickle.loads(pickle.dumps(game)), copy.deepcopy(game)):
        assert twin.ledger.records == game.ledger.records
        assert twin.pending == game.pending
        assert twin is not game
    over = Session("monopoly_us", ["strategy_guide"] * 2, seed=3).run()
    assert pickle.loads(pickle.dumps(over)).actor == NOBODY


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(format="something else"), "not a landlord game state"),
        (lambda d: d.update(version=99), "version 99"),
        (lambda d: d.update(names="Ann"), "field 'names'"),
        (lambda d: d.update(history={}), "field 'history'"),
        (lambda d: d.update(rules="snakes_and_ladders"), "field 'rules'"),
        (lambda d: d.update(options={"no_such_option": 1}), "no_such_option"),
        (lambda d: d["history"].insert(3, {"outcome": [9, 9]}), "history entry 3"),
        (lambda d: d["history"].append({"type": "Roll"}), "history entry"),
    ],
)
def test_a_damaged_state_is_refused_with_the_reason(change, message):
    game = Session("landlords_game", ["eager_landlord"] * 2, seed=1).run(max_steps=80)
    document = game.to_json()
    change(document)
    with pytest.raises(ValueError, match=message):
        GameState.from_json(document)


def test_a_policy_can_be_told_the_kind_of_decision_or_ask_its_view():
    seen = []

    class Asking(Policy):
        name = "asking"
        uses_rng = False

        def choose(self, view, legal, rng):
            seen.append(view.decision_kind)
            return legal[0]

    Session("landlords_game", [Asking(), Asking()], seed=5).run()
    assert "turn" in seen
    assert "" not in seen  # a policy is only asked about its own decisions
