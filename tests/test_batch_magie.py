"""Magie's batch path plays the same games as the reference engine (landlord.batch).

Every figure an experiment keeps of a game (the net worth of every player at
every round's end, the end and its reason, the scorecard's sums, the family's
own figures) is compared between :mod:`landlord.families.magie.batch` and the
reference engine's figures kept in ``tests/data/batch_figures/magie.json`` (the
first games of each block played by the reference engine again, to check the
file) for thousands of seeded games of the Landlord's Game, with several
line-ups of bots and options, and as many of each form of the single tax (the
land-value-tax dial, the single tax from the start, Prosperity, the single tax
adopted at a round, at a Gini level and by vote); a hypothesis property plays
more both ways. A game the compiled game does not follow to its end is played
by the reference engine; how many are, is checked too, so that a loss
of coverage is seen.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import pytest
from batch_figures import assert_same_figures, golden_ways
from hypothesis import given, settings
from hypothesis import strategies as st

from landlord import batch
from landlord.experiments import game_seeds
from landlord.families.magie import batch as magie_batch
from landlord.figures import Figures
from landlord.policies import make_policy
from landlord.policies.bots import Strategy
from landlord.rules import load_rules
from landlord.session import Session

EAGER, CAUTIOUS, TAXER = "eager_landlord", "cautious_tenant", "single_taxer"
RANDOM, GUIDE = "random", "strategy_guide"
#: A bot that never builds and keeps nothing back: holding three railroads, it has the cash
#: to hunt the fourth (talks opened on its turn) in about one game of four.
HOARDER = Strategy(name="hoarder", build_to=0, reserve=0)


@dataclass
class Unsaid(Strategy):
    """A bot class that answers its own way without saying in which games (it plays as
    an eager landlord): the batch path leaves it to the reference engine."""

    name: str = "unsaid"

    def decide(self, view: Any, kind: str, legal: list[Any], rng: Any) -> Any:
        return Strategy.decide(self, view, kind, legal, rng)


UNSAID = Unsaid()

#: (options, bots, games): 6,900 games of the Landlord's Game in all, 2 to 4 players,
#: the advanced rules, the what-if options, the round limit, games to the engine's cap,
#: and the railroad hunt.
CASES = [
    ({}, [EAGER] * 4, 2000),
    ({}, [EAGER, CAUTIOUS, TAXER], 1000),
    ({"advanced": True}, [EAGER, EAGER], 800),
    ({"round_limit": 12, "wages": 50, "starting_cash": 300}, [CAUTIOUS, EAGER] * 2, 800),
    (
        {"speculation_stake_to": "broker", "wayback_rent": 2, "wages_times": 8},
        [EAGER, CAUTIOUS, EAGER],
        600,
    ),
    ({"advanced": True, "round_limit": 40}, [TAXER, CAUTIOUS, EAGER, CAUTIOUS], 760),
    ({"wages_times": 0}, [CAUTIOUS, CAUTIOUS], 40),
    ({}, [HOARDER, HOARDER], 600),
    ({"advanced": True}, [HOARDER, EAGER, HOARDER, CAUTIOUS], 300),
]


#: (rule set, options, bots, games, games handed back as measured, a family figure above
#: 0 in at least so many games): 2,000 games of each form of the single tax, 2 to 4
#: players. The last column shows that the games reach what the form brings (the
#: Treasury's spending, Natural Opportunities, the switch, everyone winning).
SINGLE_TAX_CASES = [
    ("landlords_game", {"land_value_tax": 0.5}, [EAGER] * 4, 1000, 0, ("public_works", 900)),
    ("landlords_game", {"land_value_tax": 0.25, "advanced": True}, [EAGER, EAGER, CAUTIOUS],
     600, 0, ("public_works", 300)),
    ("landlords_game", {"land_value_tax": 0.5}, [CAUTIOUS, TAXER], 400, 0, ("public_works", 150)),
    ("single_tax", {}, [EAGER] * 4, 1000, 0, ("opportunity_players", 250)),
    ("single_tax", {"advanced": True}, [EAGER, CAUTIOUS, TAXER], 600, 0, ("public_works", 550)),
    ("single_tax", {"treasury_spends": "everything"}, [TAXER, EAGER], 400, 0,
     ("opportunity_players", 50)),
    ("single_tax", {"citizens_dividend": True}, [EAGER] * 3, 300, 0, ("opportunity_players", 50)),
    ("prosperity", {}, [EAGER, CAUTIOUS, TAXER], 1000, 0, ("public_works", 900)),
    ("prosperity", {"wages_times": 15}, [EAGER] * 4, 600, 0, ("everyone_wins", 450)),
    ("prosperity", {"wages_times": 0, "prosperity_counts": "net_worth"}, [TAXER, CAUTIOUS],
     400, 0, ("everyone_wins", 350)),
    ("landlords_game", {"single_tax_at_round": 5}, [EAGER] * 4, 1000, 0,
     ("single_tax_since", 900)),
    ("landlords_game", {"single_tax_at_round": 12, "round_limit": 30}, [CAUTIOUS, EAGER, TAXER],
     600, 0, ("single_tax_since", 400)),
    ("landlords_game", {"single_tax_at_round": 1}, [EAGER, EAGER], 400, 0,
     ("single_tax_since", 350)),
    ("landlords_game", {"single_tax_at_gini": 0.15}, [EAGER] * 4, 1000, 0,
     ("single_tax_since", 500)),
    ("landlords_game", {"single_tax_at_gini": 0.2}, [EAGER, CAUTIOUS, TAXER], 1000, 0,
     ("single_tax_since", 50)),
    ("landlords_game_vote", {}, [TAXER, EAGER, TAXER], 1000, 0, ("single_tax_since", 900)),
    ("landlords_game_vote", {"land_value_tax": 0.5}, [TAXER, TAXER, EAGER, CAUTIOUS], 600, 0,
     ("single_tax_since", 500)),
    ("landlords_game_vote", {}, [TAXER, TAXER], 400, 0, ("single_tax_since", 350)),
]  # fmt: skip


#: (rule set, options, bots, games): 4,700 games with random players, who draw every
#: choice from the session's policy stream over the legal actions as the reference engine
#: lists them (the compiled game lists them the same way): talks with every offer, loans
#: on wages and on pledged cards, the Trust, votes, sites and bids; every table of the
#: claim's grids that has a random player, and more.
RANDOM_CASES = [
    ("landlords_game", {}, [RANDOM] * 4, 600),
    ("landlords_game", {}, [EAGER, RANDOM] * 2, 600),
    ("landlords_game", {}, [TAXER, EAGER, RANDOM, CAUTIOUS], 600),
    ("landlords_game", {"advanced": True}, [RANDOM] * 3, 300),
    ("landlords_game", {"wages_times": 0, "round_limit": 100}, [RANDOM, EAGER], 200),
    ("landlords_game", {"land_value_tax": 0.5, "treasury_shared": True}, [RANDOM, EAGER], 300),
    ("landlords_game", {"single_tax_at_round": 5}, [GUIDE, RANDOM, EAGER], 300),
    ("single_tax", {}, [RANDOM] * 4, 400),
    ("single_tax", {"citizens_dividend": True}, [EAGER, RANDOM, EAGER], 300),
    ("single_tax", {"citizens_dividend": True, "treasury_spends": "everything",
                    "wages_times": 0, "round_limit": 25}, [RANDOM, EAGER, RANDOM], 300),
    ("prosperity", {}, [RANDOM, CAUTIOUS, RANDOM], 300),
    ("landlords_game_vote", {}, [RANDOM, TAXER, RANDOM], 500),
]  # fmt: skip


def golden(options: dict, bots: list, seeds: list[int], rules_id="landlords_game"):
    """The batch path's figures of the seeded games checked against the reference engine's
    kept in tests/data/batch_figures/magie.json (its first games played again by the
    reference engine, to check the file), and how many games the batch path handed back."""
    rules = load_rules(rules_id, **options)
    case = f"{rules_id} {options} {'+'.join(getattr(bot, 'name', bot) for bot in bots)}"
    _, compiled, fell_back = golden_ways(
        "magie", case, rules, list(bots), seeds, lambda: Figures(9, every_round=True)
    )
    return compiled, fell_back


def both_ways(options: dict, bots: list[str], seeds: list[int], rules_id="landlords_game"):
    """The figures of the same seeded games played by the reference engine and by the
    batch path, and how many games the batch path handed back."""
    rules = load_rules(rules_id, **options)
    seats = [bot if isinstance(bot, Strategy) else make_policy(bot) for bot in bots]
    assert batch.engine_for(rules, seats) == (batch.COMPILED, "")
    reference, compiled = Figures(9, every_round=True), Figures(9, every_round=True)
    for seed in seeds:
        reference.add(Session(rules, seats, seed=seed).run())
    fell_back = magie_batch.play(rules, seats, seeds, compiled)
    return reference, compiled, fell_back


@pytest.mark.parametrize(("options", "bots", "games"), CASES)
def test_the_batch_path_plays_the_same_games_as_the_reference_engine(options, bots, games):
    seeds = game_seeds(7, games)
    compiled, fell_back = golden(options, bots, seeds)
    assert fell_back <= games // 100  # nearly every game played compiled to its end
    ends = {row[2].split(" (")[0].split(" of ")[0] for row in compiled.rows}
    if options.get("wages_times") == 0:
        assert ends == {"the engine's cap"}
    elif options.get("round_limit"):
        assert "the round limit" in ends


@pytest.mark.parametrize(
    ("rules_id", "options", "bots", "games", "handed_back", "shown"), SINGLE_TAX_CASES
)
def test_the_batch_path_plays_the_single_tax_as_the_reference_engine_does(
    rules_id, options, bots, games, handed_back, shown
):
    seeds = game_seeds(7, games)
    magie_batch.FELL_BACK.clear()
    compiled, fell_back = golden(options, bots, seeds, rules_id)
    assert fell_back == handed_back  # as measured
    figure, at_least = shown
    assert sum(row[figure] > 0 for row in compiled.family_figures) >= at_least


@pytest.mark.parametrize(
    ("rules_id", "options", "bots", "games"),
    [
        ("landlords_game", {"treasury_shared": True}, [EAGER] * 4, 600),
        ("landlords_game", {"treasury_shared": True, "wages_times": 0, "round_limit": 60},
         [CAUTIOUS, EAGER, TAXER], 300),
        ("landlords_game", {"treasury_shared": True, "land_value_tax": 0.5}, [EAGER] * 3, 300),
        ("landlords_game", {"treasury_shared": True, "single_tax_at_round": 9}, [EAGER, TAXER],
         300),
        ("single_tax", {"treasury_shared": True, "citizens_dividend": True}, [EAGER] * 2, 200),
    ],
)  # fmt: skip
def test_the_batch_path_shares_the_treasury_s_takings_as_the_reference_engine_does(
    rules_id, options, bots, games
):
    seeds = game_seeds(11, games)
    compiled, fell_back = golden(options, bots, seeds, rules_id)
    assert fell_back == 0
    if rules_id == "landlords_game":  # the takings were shared out in nearly every game
        assert sum(row[5] > 0 for row in compiled.rows) >= 0.9 * games


def test_neither_engine_spends_a_chance_card_s_tax_paid_late():
    """Issue 33: a Chance card's tax that a player could not pay at once was repaid to the
    Treasury as a debt, and both engines spent it as if it were rent or a fine. Over seeded
    single-tax games, many with such a tax paid late, each engine's Treasury spends no more
    than the land rents and fines it took in, and both spend alike."""
    rules = load_rules("single_tax")
    seats = [make_policy(EAGER)] * 4
    seeds = game_seeds(7, 300)
    games = [Session(rules, seats, seed=seed).run() for seed in seeds]
    compiled = Figures(9, every_round=True)
    assert magie_batch.play(rules, seats, seeds, compiled) == 0
    feeding = ("land rent", "site bid", "opportunity rent", "jail fine")
    short = 0
    for game, row in zip(games, compiled.rows, strict=True):
        treasury = game.ledger.names.index("PUBLIC TREASURY")
        into = [t for t in game.ledger.records if t.payee == treasury]
        fed = sum(t.amount for t in into if t.reason in feeding)
        spent = sum(t.amount for t in game.ledger.records if t.payer == treasury)
        assert row[5] == spent <= fed  # the compiled game's spending, then the reference's
        # The $100 tax paid in parts: a player was short and owed the rest.
        short += any(t.reason == "chance" and t.amount != 100 for t in into)
    assert short >= 25  # 28 of the 300 games, as measured


@pytest.mark.parametrize(("rules_id", "options", "bots", "games"), RANDOM_CASES)
def test_the_batch_path_plays_random_players_as_the_reference_engine_does(
    rules_id, options, bots, games
):
    _, fell_back = golden(options, bots, game_seeds(7, games), rules_id)
    assert fell_back == 0


def test_random_players_reach_what_the_compiled_game_follows_for_them():
    # The first 200 games of four random players: talks, loans on wages and on pledged
    # cards (a pledge stands at 4,589 of the checks below), cards sold and asked for, the
    # Trust (227), debts repaid and taken from wages, in nearly every game.
    rules = load_rules("landlords_game")
    seats = [make_policy(RANDOM)] * 4
    reached: dict[str, int] = {}
    pledged = trusts = 0
    for seed in game_seeds(7, 200):
        session = Session(rules, seats, seed=seed)
        game = session.game
        while not game.is_over:
            session.run(max_steps=50)
            pledged += bool(game.dealings.pledged)
            trusts += game.dealings.trust is not None
        for reason in {str(record[5]) for record in game.ledger.records}:
            reached[reason] = reached.get(reason, 0) + 1
    assert pledged > 100
    assert trusts > 100
    for reason in ("loan", "card sold", "debt repaid", "debt repaid from wages", "jail fine"):
        assert reached.get(reason, 0) > 150, reason


def test_the_games_cover_what_the_compiled_game_follows():
    # 4 eager landlords: loans, debts, the Poor House and the Trust in many games.
    seeds = game_seeds(7, 400)
    rules = load_rules("landlords_game")
    seats = [make_policy(EAGER)] * 4
    games = [Session(rules, seats, seed=seed).run() for seed in seeds]
    assert sum(any(g.poor_house_visits) for g in games) > 50
    loans = sum(any(str(r[5]) == "loan" for r in g.ledger.records) for g in games)
    assert loans > 200
    repaid = sum(any(str(r[5]) == "debt repaid" for r in g.ledger.records) for g in games)
    assert repaid > 10
    assert sum(any(str(r[5]) == "card sold" for r in g.ledger.records) for g in games) > 5
    # Two hoarders: the railroad hunt's talks, and the fourth railroad sold in many games.
    hunts = [Session(rules, [HOARDER] * 2, seed=seed).run() for seed in seeds[:200]]
    assert sum(any(str(r[5]) == "card sold" for r in g.ledger.records) for g in hunts) > 50


@pytest.mark.parametrize(
    ("rules_id", "options", "bots", "handed_back"),
    [
        # Measured: of 2,000 games (seeds game_seeds(7, 2000)), none is handed back.
        ("landlords_game", {}, [EAGER] * 4, {}),
        ("landlords_game", {}, [HOARDER] * 2, {}),
        ("landlords_game", {"land_value_tax": 0.5}, [EAGER] * 4, {}),
        ("single_tax", {}, [EAGER] * 4, {}),
        ("prosperity", {}, [EAGER] * 4, {}),
        ("landlords_game", {"single_tax_at_round": 5}, [EAGER] * 4, {}),
        ("landlords_game", {"single_tax_at_gini": 0.3}, [EAGER] * 4, {}),
        ("landlords_game_vote", {}, [TAXER, EAGER, TAXER, EAGER], {}),
        ("landlords_game", {}, [RANDOM] * 4, {}),
        ("landlords_game", {"advanced": True}, [RANDOM] * 3, {}),
    ],
)
def test_the_share_of_games_handed_back_to_the_reference_engine_is_as_measured(
    rules_id, options, bots, handed_back
):
    rules = load_rules(rules_id, **options)
    seats = [bot if isinstance(bot, Strategy) else make_policy(bot) for bot in bots]
    magie_batch.FELL_BACK.clear()
    fell_back = magie_batch.play(rules, seats, game_seeds(7, 2000), Figures())
    assert fell_back == sum(handed_back.values())
    assert dict(magie_batch.FELL_BACK) == {"played": 2000, **handed_back}


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**63),
    bots=st.lists(st.sampled_from([EAGER, CAUTIOUS, TAXER, HOARDER, RANDOM]), min_size=2,
                  max_size=4),
    round_limit=st.sampled_from([0, 1, 3, 30]),
    advanced=st.booleans(),
    rules_id=st.sampled_from(["landlords_game", "single_tax", "prosperity",
                              "landlords_game_vote"]),
    single_tax=st.sampled_from([{}, {"land_value_tax": 0.5}, {"land_value_tax": 0.1},
                                {"single_tax_at_round": 3}, {"single_tax_at_gini": 0.2}]),
)  # fmt: skip
def test_any_seeded_game_is_the_same_game_both_ways(
    seed, bots, round_limit, advanced, rules_id, single_tax
):
    options = {"round_limit": round_limit, "advanced": advanced, **single_tax}
    reference, compiled, _ = both_ways(options, bots, [seed], rules_id)
    assert_same_figures(reference, compiled, [seed])


@pytest.mark.parametrize(
    ("rules_id", "options", "bots", "reason"),
    [
        ("landlords_game", {}, [UNSAID, EAGER], "the rule-of-thumb bots only, not 'unsaid'"),
        ("monarch_of_the_world", {}, [EAGER] * 2, "Monarch"),
    ],
)
def test_what_the_batch_path_does_not_cover_is_refused_in_words(rules_id, options, bots, reason):
    rules = load_rules(rules_id, **options)
    seats = [bot if isinstance(bot, Strategy) else make_policy(bot) for bot in bots]
    engine, why = batch.engine_for(rules, seats)
    assert engine == batch.REFERENCE
    assert reason in why
    # Asked anyway, it plays every game by the reference engine.
    seeds = game_seeds(3, 3)
    reference, compiled = Figures(), Figures()
    for seed in seeds:
        reference.add(Session(rules, seats, seed=seed).run())
    assert magie_batch.play(rules, seats, seeds, compiled) == 3
    assert_same_figures(reference, compiled, seeds)


# --- A block of games a compiled call (compiled.games) --------------------------------

#: Four eager landlords starting with $50: of game_seeds(7, 40), games 2, 27, 31 and 33
#: run up more debts than the compiled game keeps and are handed back (as measured); cut
#: from game 2 to game 33, a block's first and last games are among them.
SHORT_OF_CASH = ("landlords_game", {"starting_cash": 50}, [EAGER] * 4, game_seeds(7, 40)[2:34])


class _OneAtATime(Figures):
    """Tables that take a game's figures only one at a time (``add_figures``)."""

    def add_figures(self, *args, **kwargs) -> None:
        super().add_figures(*args, **kwargs)


@pytest.mark.parametrize(("block", "room"), [(4096, 1 << 16), (4096, 1), (5, 3000), (1, 1)])
def test_games_handed_back_in_a_block_keep_their_place(monkeypatch, block, room):
    # Room for one game at a time (the most a game may take), for a few; blocks of a few
    # games, of one: every way, the reference engine's figures in the seeds' order.
    rules_id, options, bots, seeds = SHORT_OF_CASH
    monkeypatch.setattr(magie_batch, "BLOCK", block)
    monkeypatch.setattr(magie_batch, "ROOM", room)
    magie_batch.FELL_BACK.clear()
    reference, compiled, fell_back = both_ways(options, bots, seeds, rules_id)
    assert_same_figures(reference, compiled, seeds)
    assert fell_back == 4
    assert dict(magie_batch.FELL_BACK) == {
        "played": len(seeds),
        "more debts than the compiled game keeps": 4,
    }


@pytest.mark.parametrize(("block", "room"), [(4096, 1), (7, 5000), (1, 1)])
def test_blocks_cut_short_give_the_figures_of_one_call(monkeypatch, block, room):
    rules = load_rules("single_tax")
    seats = [make_policy(bot) for bot in [EAGER, CAUTIOUS, TAXER]]
    seeds = game_seeds(5, 60)
    whole, cut = Figures(4, every_round=True), Figures(4, every_round=True)
    magie_batch.play(rules, seats, seeds, whole)
    monkeypatch.setattr(magie_batch, "BLOCK", block)
    monkeypatch.setattr(magie_batch, "ROOM", room)
    magie_batch.play(rules, seats, seeds, cut)
    assert vars(whole) == vars(cut)


@pytest.mark.parametrize(
    "seeds",
    [
        [2**64, 5, 2**64 + 7],  # past two words: a game at a time, by numpy's SeedSequence
        [3, 2**40 + 3, 2**63 + 11],  # two words: a block
    ],
)
def test_any_whole_number_seed_plays_the_reference_engine_s_game(seeds):
    reference, compiled, fell_back = both_ways({}, [EAGER, CAUTIOUS, TAXER], seeds)
    assert_same_figures(reference, compiled, seeds)
    assert fell_back == 0


def test_numpy_s_whole_numbers_and_numpy_s_own_streams_are_the_same_games(monkeypatch):
    rules, seats = load_rules("landlords_game"), [make_policy(bot) for bot in [EAGER] * 3]
    seeds = [2**63 + 9, 4, 2**40, 0]
    ints, numpy_ints, drawn = Figures(), Figures(), Figures()
    magie_batch.play(rules, seats, seeds, ints)
    magie_batch.play(rules, seats, [np.uint64(2**63 + 9), np.int32(4), 2**40, 0], numpy_ints)
    # Without the compiled streams (a numpy whose streams differ): a game at a time.
    monkeypatch.setattr(magie_batch, "compiled_streams", lambda: False)
    magie_batch.play(rules, seats, seeds, drawn)
    assert vars(ints) == vars(numpy_ints) == vars(drawn)


@pytest.mark.parametrize(("at_round", "every_round"), [(None, False), (3, True), (-1, False)])
def test_a_block_s_figures_are_those_its_games_add_one_at_a_time(at_round, every_round):
    # Everything the tables keep, attribute by attribute and of the same kinds, whatever
    # add_figures comes to keep; a game handed back among them.
    rules_id, options, bots, seeds = SHORT_OF_CASH
    rules = load_rules(rules_id, **options)
    seats = [make_policy(bot) for bot in bots]
    block, one_at_a_time = Figures(at_round, every_round), _OneAtATime(at_round, every_round)
    for figures in (block, one_at_a_time):
        assert magie_batch.play(rules, seats, seeds[:12], figures) == 1
        magie_batch.play(rules, seats, [], figures)
    assert vars(block) == vars(one_at_a_time)
    for row, again in zip(block.rows, one_at_a_time.rows, strict=True):
        assert list(map(type, row)) == list(map(type, again)) == [int, int, str, int, int, int]
    kinds = [[type(value) for value in kept.values()] for kept in block.family_figures]
    assert kinds == [[int] * 5 + [bool] + [int, float, int, int]] * 12  # idle land's share
