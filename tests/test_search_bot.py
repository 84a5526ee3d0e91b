"""The ``search`` bot (issue 37, item 2): it looks ahead, legally, without peeking.

The bot tries candidate actions on sampled copies of the game and plays them on
(:mod:`landlord.policies.search`). These tests check that it answers legally in
every rule set, that a seed gives one game, that it beats random players, that
its rollouts leave the real game alone, that its budget is checked, and that
neither the sampled game (:meth:`View.sample_game`) nor its choice depends on
what its player cannot see: the unseen order of the later game's packs,
Quikopoly's face-down tiles, the other hands in Property.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from landlord.batch import REFERENCE, engine_for
from landlord.engine import IllegalMove
from landlord.engine.actions import Buy
from landlord.engine.state import CHANCE, GameState
from landlord.policies import STRATEGIES, Policy, SearchPlayer, make_policy
from landlord.policies.bots import answers_by_rules_of_thumb
from landlord.policies.rollout import TurnDraws, play_on, standing
from landlord.rules import load_rules
from landlord.rules.loader import registered
from landlord.session import Session

#: A small budget, so that whole games take a fraction of a second.
QUICK = {"rollouts": 2, "horizon": 1, "candidates": 3}


class Checked(Policy):
    """A search bot that checks every answer is one of the listed actions."""

    name = "checked"

    def __init__(self, **budget: Any) -> None:
        self.bot = make_policy("search", **budget)
        self.asked = 0

    def decide(self, view: Any, kind: str, legal: Any, rng: Any) -> Any:
        choice = self.bot.decide(view, kind, legal, rng)
        if type(legal) in (list, tuple):
            assert any(choice is action or choice == action for action in legal)
            self.asked += 1
        return choice

    def params(self) -> dict[str, Any]:
        return {}


def paused_for(rules: str, seat: int, seed: int, steps: int, players: int = 3) -> GameState:
    """A game of eager landlords played ``steps`` steps, then on until ``seat`` decides."""
    session = Session(rules, ["eager_landlord"] * players, seed=seed)
    session.run(max_steps=steps)
    while session.game.actor != seat:
        assert not session.game.is_over
        session.step()
    return session.game


def replayed(game: GameState, history: list[object]) -> GameState:
    """A new game of ``game``'s rules and players through ``history``."""
    twin = game.family.new_game(game.rules, game.names)
    for choice in history:
        twin.apply(choice)
    return twin


def choice_of(view: Any, seed: int) -> object:
    """What a small search bot picks for ``view`` with lots from ``seed``."""
    return SearchPlayer(**QUICK).decide(
        view, view.decision_kind, view.legal, np.random.default_rng(seed)
    )


# --- a named bot like the others -------------------------------------------------------


def test_search_is_named_described_and_not_a_rule_of_thumb():
    bot = make_policy("search")
    assert STRATEGIES["search"].name == "search"
    assert bot.uses_rng
    assert bot.params() == {
        "rollouts": 8,
        "horizon": 3,
        "candidates": 4,
        "rollout_policy": "eager_landlord",
        "name": "search",
    }
    assert bot.describe().count(".") == 0
    assert "eager landlords" in bot.describe()
    assert "random players" in make_policy("search", rollout_policy="random").describe()
    assert "to the game's end" in make_policy("search", horizon=0).describe()
    assert not answers_by_rules_of_thumb(bot, "magie")
    engine, why = engine_for(load_rules("landlords_game"), [bot, make_policy("random")])
    assert engine == REFERENCE
    assert "'search'" in why


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("rollouts", 0),
        ("rollouts", 2.5),
        ("horizon", -1),
        ("candidates", 1),
        ("candidates", True),
        ("rollout_policy", "search"),
        ("rollout_policy", "human"),
    ],
)
def test_budget_is_checked_naming_the_field(field, value):
    with pytest.raises(ValueError, match=field):
        make_policy("search", **{field: value})
    with pytest.raises(ValueError, match=field):
        SearchPlayer(**{field: value})


def test_a_changed_bot_leaves_the_named_one_alone():
    make_policy("search", rollouts=3, rollout_policy="cautious_tenant")
    assert STRATEGIES["search"].params()["rollouts"] == 8
    assert STRATEGIES["search"].__dict__["_rollout"].name == "eager_landlord"


# --- it plays every rule set, legally, and a seed is a game ------------------------------


@settings(max_examples=8, deadline=None)
@given(rules=st.sampled_from(sorted(registered())), seed=st.integers(0, 10_000))
def test_it_answers_legally_in_every_rule_set(rules, seed):
    bot = Checked(**QUICK)
    game = Session(rules, [bot, "eager_landlord", "random"], seed=seed).run(max_steps=200)
    assert game.history  # the engine refused nothing (an illegal answer raises)


def test_same_seed_same_game():
    def play() -> list[object]:
        players = [make_policy("search", **QUICK), "eager_landlord", "cautious_tenant"]
        return Session("landlords_game", players, seed=11).run().history

    assert play() == play()


def test_it_beats_random_players():
    wins = 0.0
    for seed in range(10):
        seat = seed % 2
        players: list[Any] = ["random", "random"]
        players[seat] = make_policy("search", rollouts=4, horizon=2)
        wins += Session("quikopoly", players, seed=seed).run().returns()[seat]
    assert wins >= 8  # a fair share is 5


def test_one_listed_action_and_a_rule_are_not_searched():
    view = paused_for("landlords_game", 0, seed=3, steps=40, players=2).observe(0)
    bot = make_policy("search")
    only = view.legal[:1]
    assert bot.decide(view, view.decision_kind, only, None) is only[0]


# --- the real game is left alone -----------------------------------------------------------


@pytest.mark.parametrize("rules", ["landlords_game", "monopoly_us", "property", "quikopoly"])
def test_rollouts_leave_the_real_game_alone(rules):
    game = paused_for(rules, 1, seed=5, steps=120)
    before = game.to_json(), list(game.ledger.records), game.pending
    choice_of(game.observe(1), seed=2)
    assert (game.to_json(), list(game.ledger.records), game.pending) == before
    twin = game.clone()
    assert twin.ledger.records == game.ledger.records
    assert twin.pending == game.pending


def test_play_on_stops_at_its_horizon_and_values_the_seat():
    game = paused_for("landlords_game", 0, seed=2, steps=30, players=4)
    start = game.round
    bots = [make_policy("eager_landlord")] * 4
    play_on(game, bots, TurnDraws(3), np.random.default_rng(3), rounds=2)
    assert game.is_over or game.round == start + 2
    assert 0 < standing(game, 0) < 1
    play_on(game, bots, TurnDraws(3), np.random.default_rng(3))
    assert game.is_over
    assert standing(game, 0) in (0.0, 1.0)


# --- nothing hidden is seen -----------------------------------------------------------------


def test_a_game_that_hides_nothing_is_copied():
    game = paused_for("landlords_game", 0, seed=4, steps=60)
    sampled = game.observe(0).sample_game(np.random.default_rng(1))
    assert sampled is not game
    assert sampled.history == game.history


def _same_for_the_viewer(a: GameState, b: GameState) -> None:
    assert a.pending == b.pending
    assert a.ledger.balances == b.ledger.balances
    assert a.observe(0).snapshot() == b.observe(0).snapshot()


def test_the_packs_unseen_order_is_dealt_afresh():
    game = paused_for("monopoly_us", 0, seed=6, steps=150)
    shuffles = []
    twin = game.family.new_game(game.rules, game.names)
    for index, choice in enumerate(game.history):
        if twin.actor == CHANCE and twin.pending.purpose == "shuffle":
            shuffles.append(index)
        twin.apply(choice)
    other = list(game.history)
    first, second = shuffles[12], shuffles[13]  # late in the Chance pack: not drawn yet
    other[first], other[second] = other[second], other[first]
    hidden = replayed(game, other)
    assert list(hidden.packs["chance"]) != list(game.packs["chance"])
    _same_for_the_viewer(game, hidden)
    one = game.observe(0).sample_game(np.random.default_rng(9))
    two = hidden.observe(0).sample_game(np.random.default_rng(9))
    assert one.packs == two.packs
    assert one.history == two.history
    assert choice_of(game.observe(0), 4) == choice_of(hidden.observe(0), 4)
    again = one.clone()  # a sampled game of the later rules replays to itself
    assert again.packs == one.packs
    assert again.ledger.records == one.ledger.records
    assert sorted(one.packs["chance"]) == sorted(game.packs["chance"])


def _looked_at(game: GameState, seat: int) -> set[int]:
    """The positions whose tile ``seat`` has seen (bought by anyone, or offered to him)."""
    twin = game.family.new_game(game.rules, game.names)
    seen = set()
    for choice in [*game.history, None]:
        if twin.actor == seat and twin.decision_kind == "buy":
            seen.add(twin.decision_about)
        if isinstance(choice, Buy):
            seen.add(choice.space)
        if choice is not None:
            twin.apply(choice)
    return seen


def test_the_face_down_tiles_unseen_are_laid_afresh():
    game = paused_for("quikopoly", 0, seed=8, steps=12)
    seen = _looked_at(game, 0)
    twin = game.family.new_game(game.rules, game.names)
    picks = []
    for index, choice in enumerate(game.history):
        if twin.actor == CHANCE and twin.pending.purpose == "layout":
            picks.append(index)
        twin.apply(choice)
    # two picks whose positions nobody has bought or shown the viewer
    from landlord.engine.boards import shuffled_positions

    positions = shuffled_positions(game.rules.board)
    free = [k for k in range(len(picks)) if positions[k] not in seen]
    other = list(game.history)
    first, second = picks[free[0]], picks[free[-1]]
    other[first], other[second] = other[second], other[first]
    hidden = replayed(game, other)
    assert hidden.tiles.tile_at != game.tiles.tile_at
    _same_for_the_viewer(game, hidden)
    one = game.observe(0).sample_game(np.random.default_rng(9))
    two = hidden.observe(0).sample_game(np.random.default_rng(9))
    assert one.tiles.tile_at == two.tiles.tile_at
    assert one.history == two.history
    assert all(one.tiles.tile_at[p] == game.tiles.tile_at[p] for p in seen)
    assert choice_of(game.observe(0), 4) == choice_of(hidden.observe(0), 4)
    assert one.clone().tiles.tile_at == one.tiles.tile_at


def _swapped_hand(game: GameState, viewer: int) -> GameState:
    """``game`` as it would be had another player drawn a stock card instead of one he
    holds (of the same colour and kind, so the game goes as it went)."""
    holder = next(p for p in range(game.n_players) if p != viewer and game.cards.hands[p])
    for held in game.cards.hands[holder]:
        index = max(i for i, entry in enumerate(game.history) if entry == held)
        for card in game.cards.stock:
            if (card % 10 < 2) != (held % 10 < 2) or (card >= 90) != (held >= 90):
                continue
            if card in game.history[index:]:
                continue
            other = list(game.history)
            other[index] = card
            try:
                hidden = replayed(game, other)
            except (IllegalMove, ValueError):
                continue
            if hidden.pending == game.pending:
                return hidden
    raise AssertionError("no card to swap")  # pragma: no cover


def test_the_other_hands_are_dealt_afresh():
    game = paused_for("property", 0, seed=3, steps=60)
    hidden = _swapped_hand(game, 0)
    assert hidden.cards.hands != game.cards.hands
    _same_for_the_viewer(game, hidden)
    one = game.observe(0).sample_game(np.random.default_rng(9))
    two = hidden.observe(0).sample_game(np.random.default_rng(9))
    assert one.cards.hands == two.cards.hands
    assert one.cards.stock == two.cards.stock
    assert one.history == two.history  # the others' draws are written as None
    assert one.cards.hands[0] == game.cards.hands[0]
    assert sorted(one.cards.stock + [c for h in one.cards.hands[1:] for c in h]) == sorted(
        game.cards.stock + [c for h in game.cards.hands[1:] for c in h]
    )
    assert choice_of(game.observe(0), 4) == choice_of(hidden.observe(0), 4)


def test_dealt_hands_are_hands_the_rules_make():
    from landlord.families.sackson.hidden import dealt_whole

    game = paused_for("property", 1, seed=12, steps=90, players=4)
    for seed in range(20):
        sampled = game.observe(1).sample_game(np.random.default_rng(seed))
        sizes = [len(hand) for hand in sampled.cards.hands]
        assert sizes == [len(hand) for hand in game.cards.hands]
        assert all(dealt_whole(hand) for p, hand in enumerate(sampled.cards.hands) if p != 1)
