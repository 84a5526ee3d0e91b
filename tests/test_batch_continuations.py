"""Magie's batch path plays a game on from a position as the reference engine does.

"What if we kept playing?" (landlord.continuations) plays a class's game on many
times; the reference engine finishes the turn under way and hands the game to the
compiled game (landlord.families.magie.playing_on). Every figure of every
continuation is compared with the reference engine's, from positions in the deal,
in the middle of a turn (bots or people to answer), at a printed end lifted, with
debts, Jail, the Poor House, Natural Opportunities, kept Chance cards, the Trust
and the single tax in force, under the rules as played and under each change of
them the family offers; a hypothesis property draws more positions.
"""

from __future__ import annotations

import random

import pytest
from batch_figures import assert_same_figures
from hypothesis import given, settings
from hypothesis import strategies as st

from landlord import batch
from landlord.continued import AS_PLAYED, _started, continuations
from landlord.experiments import game_seeds
from landlord.families.magie import batch as magie_batch
from landlord.families.magie.playing_on import why_not_on
from landlord.figures import Figures
from landlord.policies import make_policy
from landlord.rules import load_rules
from landlord.session import Session

EAGER, CAUTIOUS, TAXER = "eager_landlord", "cautious_tenant", "single_taxer"
WHAT_IFS = (AS_PLAYED, "single_tax", "money_neutral")


def position(rules_id, options, players, seed, steps, people_pick=0):
    """A game played ``steps`` steps in (or to its end, with ``steps`` None); a person's
    seat answers with the option ``people_pick`` places in its list (a seeded lot, -1)."""
    rules = load_rules(rules_id, **options)
    session = Session(rules, players, seed=seed)
    lots = random.Random(seed)
    taken = 0
    while not session.game.is_over and (steps is None or taken < steps):
        before = len(session.game.history)
        session.run(max_steps=None if steps is None else steps - taken)
        taken += len(session.game.history) - before
        if session.waiting_for is not None and (steps is None or taken < steps):
            options_now = session.game.legal_actions()
            pick = lots.randrange(len(options_now)) if people_pick < 0 else people_pick
            session.answer(options_now[pick])
            taken += 1
        elif steps is not None and taken >= steps:
            break
    return session


def both_ways_on(game, what_if, bots, seeds, until_round):
    """The figures of continuations of ``game`` played by the reference engine and by the
    batch path, and how many the batch path handed back."""
    make = None if what_if == AS_PLAYED else _what_if(game, what_if).make
    seats = [make_policy(bot) for bot in bots]

    def start():
        twin = _started(game, until_round)
        if make is not None:
            make(twin)
        return twin

    assert why_not_on(start(), seats) is None
    reference, compiled = (
        Figures(until_round // 2, every_round=True),
        Figures(until_round // 2, every_round=True),
    )
    for seed in seeds:
        reference.add(Session.continuing(start(), seats, seed=seed).run())
    fell_back = magie_batch.play_on(start, seats, seeds, compiled)
    return reference, compiled, fell_back


def _what_if(game, name):
    return next(what_if for what_if in game.family.what_ifs() if what_if.name == name)


#: (rule set, options, players at the table, seed, steps into the game (None: to its end),
#: how people answer, the bots that play on).
POSITIONS = [
    ("landlords_game", {}, ["human", EAGER, "human", CAUTIOUS], 5, 250, 0, None),
    ("landlords_game", {}, ["human", EAGER], 3, 5, 0, None),  # in the deal
    ("landlords_game", {}, [EAGER] * 4, 7, 250, 0, None),  # a bot to answer, mid-turn
    ("landlords_game", {}, [EAGER] * 4, 2, None, 0, None),  # the printed end, lifted
    ("landlords_game", {"advanced": True}, ["human", EAGER, TAXER], 8, 150, -1, None),
    ("landlords_game", {}, ["human"] * 3, 5, 250, -1, [EAGER, TAXER, CAUTIOUS]),
    ("landlords_game", {"land_value_tax": 0.5}, [EAGER] * 3, 2, 250, 0, None),
    ("landlords_game", {"treasury_shared": True}, [EAGER, CAUTIOUS], 5, 250, 0, None),
    ("landlords_game_vote", {}, [TAXER, "human", EAGER], 6, 250, -1, None),
    ("single_tax", {}, ["human", EAGER, EAGER, CAUTIOUS], 1, 150, -1, None),
    ("single_tax", {"citizens_dividend": True}, [EAGER] * 3, 2, 250, 0, None),
    ("prosperity", {}, [EAGER, "human"], 1, 250, -1, None),
    ("landlords_game", {"single_tax_at_round": 12}, [EAGER] * 4, 6, 150, 0, None),
    ("landlords_game", {"single_tax_at_round": 12}, [EAGER] * 4, 6, 250, 0, None),
]


@pytest.mark.parametrize(
    ("rules_id", "options", "players", "seed", "steps", "pick", "bots"), POSITIONS
)
def test_a_game_played_on_compiled_is_the_game_the_reference_engine_plays_on(
    rules_id, options, players, seed, steps, pick, bots
):
    session = position(rules_id, options, players, seed, steps, pick)
    game = session.game
    bots = bots or [EAGER if p == "human" else p for p in players]
    until = game.round + 25
    offered = [
        name for name in WHAT_IFS if name == AS_PLAYED or not _what_if(game, name).applies(game)
    ]
    assert len(offered) >= 2  # the rules as played and at least one change of them
    for what_if in offered:
        seeds = game_seeds(seed, 12)
        reference, compiled, fell_back = both_ways_on(game, what_if, bots, seeds, until)
        assert_same_figures(reference, compiled, seeds)
        assert fell_back == 0, dict(magie_batch.FELL_BACK)


def test_the_positions_cover_what_the_compiled_game_takes_over():
    # Between them, the positions above hold debts, a player in Jail, in the Poor House
    # and at a Natural Opportunity, a Chance card kept, a railroad pair or Trust, the
    # single tax in force, the deal and a printed end lifted.
    seen = set()
    for rules_id, options, players, seed, steps, pick, _ in POSITIONS:
        game = position(rules_id, options, players, seed, steps, pick).game
        seen |= {
            name
            for name, there in (
                ("debts", game.dealings.debts),
                ("jail", any(game.jailed)),
                ("poor house", any(game.poor_house_visits)),
                ("opportunity", any(game.treasury.opportunity_visits)),
                ("kept card", game.cards_kept),
                ("railroads", game.dealings.railroad_pair or game.dealings.trust),
                ("single tax", game.treasury.single_tax),
                ("deal", game.round == 0),
                ("over", game.is_over),
            )
            if there
        }
    assert seen == {"debts", "jail", "poor house", "opportunity", "kept card", "railroads",
                    "single tax", "deal", "over"}  # fmt: skip


def test_continuations_say_which_engine_played_them_and_give_the_same_figures_either_way(
    monkeypatch,
):
    session = position("landlords_game", {}, ["human", EAGER, "human", CAUTIOUS], 7, 400)
    compiled = continuations(session, games=20, until_round=40, seed=3)
    monkeypatch.setenv("LANDLORD_BATCH", "off")
    reference = continuations(session, games=20, until_round=40, seed=3)
    assert compiled.games.equals(reference.games)
    for measure in ("gini_net_worth", "dollar_gap", "poorest_net_worth"):
        assert compiled.fans(measure).equals(reference.fans(measure))
    said = [
        (spec["played_by"], spec["played_by_because"]) for spec in compiled.parameters["rules"]
    ]
    assert said == [(f"{batch.COMPILED}, from the game's own position", "")] * 3
    said = [
        (spec["played_by"], spec["played_by_because"]) for spec in reference.parameters["rules"]
    ]
    assert said == [
        (f"{batch.REFERENCE}, from the game's own position",
         "the batch path is turned off: LANDLORD_BATCH=off")
    ] * 3  # fmt: skip


def test_bots_the_batch_path_does_not_play_are_played_on_by_the_reference_engine():
    session = position("landlords_game", {}, ["human", EAGER], 3, 60)
    result = continuations(session, games=3, until_round=12, bots=["random", EAGER], seed=1)
    for spec in result.parameters["rules"]:
        assert spec["played_by"].startswith(batch.REFERENCE)
        assert "rule-of-thumb bots only" in spec["played_by_because"]


def test_a_position_with_a_card_pledged_for_a_loan_is_played_on_compiled():
    # A person pledged a card for a loan: the compiled game keeps the pledge (the card is
    # not offered in talks, the debt is not taken from wages, the pledge ends when the
    # card goes back to the pack), and plays on what the reference engine plays on.
    game = position("landlords_game", {"advanced": True}, ["human", EAGER, TAXER], 5, 700, -1).game
    assert game.dealings.pledged
    magie_batch.FELL_BACK.clear()
    seeds = game_seeds(1, 4)
    reference, compiled, fell_back = both_ways_on(
        game, AS_PLAYED, [EAGER, EAGER, TAXER], seeds, game.round + 10
    )
    assert_same_figures(reference, compiled, seeds)
    assert fell_back == 0


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    rules_id=st.sampled_from(
        ["landlords_game", "landlords_game_vote", "single_tax", "prosperity"]
    ),
    players=st.lists(st.sampled_from(["human", EAGER, CAUTIOUS, TAXER]), min_size=2, max_size=4),
    steps=st.integers(0, 1500),
    what_if=st.sampled_from(WHAT_IFS),
    rounds_on=st.integers(1, 30),
)
def test_any_position_is_played_on_compiled_as_the_reference_engine_plays_it_on(
    seed, rules_id, players, steps, what_if, rounds_on
):
    session = position(rules_id, {}, players, seed, steps, -1)
    game = session.game
    if what_if != AS_PLAYED and _what_if(game, what_if).applies(game):
        what_if = AS_PLAYED
    bots = [EAGER if p == "human" else p for p in players]
    twin = _started(game, game.round + rounds_on)
    if twin.is_over:
        return  # over by its own rules (Prosperity): nothing to play on
    seeds = game_seeds(seed, 3)
    reference, compiled, _ = both_ways_on(game, what_if, bots, seeds, game.round + rounds_on)
    assert_same_figures(reference, compiled, seeds)
