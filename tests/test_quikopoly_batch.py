"""Quikopoly's batch path plays its games a block at a time (landlord.families.quikopoly.batch).

One compiled call plays a block of games, drawing each game's chance itself, and the
block's figures go into the experiment's tables at once. These tests check what
``tests/test_batch.py`` does not reach on purpose: a block in which some games need
more dice than first drawn (played again, with four or sixteen times as many), blocks
cut short for room, seeds the compiled streams do not take (played a game at a time),
and the block's figures against the same games added one at a time.
"""

from __future__ import annotations

import numpy as np
import pytest
from batch_figures import assert_same_figures, both_ways

from landlord.experiments import game_seeds
from landlord.families.quikopoly import batch as quikopoly_batch
from landlord.figures import Figures
from landlord.policies import make_policy
from landlord.rules import load_rules

#: Three bots of three kinds.
THREE = ["single_taxer", "eager_landlord", "cautious_tenant"]
#: Two cautious tenants without a round limit: of game_seeds(3, 40), game 19 takes 256
#: turns and game 38 takes 605 (more than four times the first dice), the rest fewer.
LONG = ("quikopoly", {"round_limit": 0}, ["cautious_tenant"] * 2, game_seeds(3, 40))


class _OneAtATime(Figures):
    """Tables that take a game's figures only one at a time (``add_figures``)."""

    def add_figures(self, *args, **kwargs) -> None:
        super().add_figures(*args, **kwargs)


def _kinds(figures: Figures) -> dict[str, list[type]]:
    """The kind of each value in each list the tables keep."""
    return {name: [type(value) for value in values]
            for name, values in vars(figures).items() if isinstance(values, list)}  # fmt: skip


def _games(case=LONG):
    rules_id, options, bots, seeds = case
    return load_rules(rules_id, **options), bots, seeds


def test_a_block_of_short_games_and_games_that_need_more_dice_is_the_reference_engine_s():
    rules, bots, seeds = _games()
    reference, compiled = both_ways(rules, bots, seeds)
    assert_same_figures(reference, compiled, seeds)
    turns = [row[1] for row in reference.rows]
    first = quikopoly_batch.FIRST_TURNS
    assert max(turns) > 4 * first  # drawn three times
    assert any(first < t <= 4 * first for t in turns)  # drawn twice
    assert sum(t <= first for t in turns) > len(turns) // 2


@pytest.mark.parametrize(("block", "room"), [(4096, 1), (4096, 150), (7, 1000), (1, 1)])
def test_blocks_cut_short_for_room_keep_every_figure(monkeypatch, block, room):
    # Room for one game at a time (the most a game may take), for a few, for many; blocks
    # of a few games, of one.
    rules, bots, seeds = _games()
    whole, _ = both_ways(rules, bots, seeds)
    monkeypatch.setattr(quikopoly_batch, "BLOCK", block)
    monkeypatch.setattr(quikopoly_batch, "ROOM", room)
    _, cut = both_ways(rules, bots, seeds)
    assert_same_figures(whole, cut, seeds)


@pytest.mark.parametrize(
    "seeds",
    [
        [2**64, 5, 2**64 + 7],  # past two words: a game at a time, by numpy's SeedSequence
        [3, 2**70 + 3, 11],  # one seed past two words: the whole call a game at a time
    ],
)
def test_any_whole_number_seed_plays_the_reference_engine_s_game(seeds):
    rules = load_rules("quikopoly")
    reference, compiled = both_ways(rules, THREE, seeds)
    assert_same_figures(reference, compiled, seeds)


def test_numpy_s_whole_numbers_are_the_same_seeds_as_python_s():
    rules, seats = load_rules("quikopoly"), [make_policy(bot) for bot in THREE]
    seeds = [2**63 + 9, 4, 2**40, 0]
    ints, numpy_ints = Figures(), Figures()
    quikopoly_batch.play(rules, seats, seeds, ints)
    quikopoly_batch.play(rules, seats, [np.uint64(2**63 + 9), np.int32(4), 2**40, 0], numpy_ints)
    assert vars(ints) == vars(numpy_ints)


def test_without_the_compiled_streams_the_games_are_played_one_at_a_time(monkeypatch):
    rules, bots, seeds = _games()
    whole, _ = both_ways(rules, bots, seeds[:25])
    monkeypatch.setattr(quikopoly_batch, "compiled_streams", lambda: False)
    assert quikopoly_batch._seed_words(seeds) is None
    _, drawn = both_ways(rules, bots, seeds[:25])
    assert_same_figures(whole, drawn, seeds[:25])


@pytest.mark.parametrize(
    ("rules_id", "options", "bots", "games"),
    [
        ("quikopoly", {}, ["eager_landlord"] * 4, 400),
        ("quikopoly", {"round_limit": 7}, THREE, 201),
        ("quikopoly", {"round_limit": 0}, ["cautious_tenant"] * 2, 200),
    ],
)  # fmt: skip
@pytest.mark.parametrize(("at_round", "every_round"), [(None, False), (3, True), (400, False)])
def test_a_block_s_figures_are_those_its_games_add_one_at_a_time(
    rules_id, options, bots, games, at_round, every_round
):
    # Everything the tables keep, attribute by attribute, whatever add_figures comes to keep.
    rules = load_rules(rules_id, **options)
    seats = [make_policy(bot) for bot in bots]
    seeds = game_seeds(9, games)
    block, one_at_a_time = Figures(at_round, every_round), _OneAtATime(at_round, every_round)
    for figures in (block, one_at_a_time):
        quikopoly_batch.play(rules, seats, seeds[: games // 2], figures)
        quikopoly_batch.play(rules, seats, seeds[games // 2 :], figures)
        quikopoly_batch.play(rules, seats, [], figures)
    assert vars(block) == vars(one_at_a_time)
    assert len(block.rows) == games
    assert _kinds(block) == _kinds(one_at_a_time)
    for row, again in zip(block.rows, one_at_a_time.rows, strict=True):
        assert list(map(type, row)) == list(map(type, again)) == [int, int, str, int, int, int]
    kinds = [[type(value) for value in kept.values()] for kept in block.family_figures]
    assert kinds == [[int, int, int, float, int]] * games  # idle land's share a float
