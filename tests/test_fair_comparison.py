"""A comparison's monopolist arm is the monopolist game: it never switches rules unasked.

The 1906 booklet lets the players vote the single tax in at any point. With a
bot that votes for it at the table the vote used to carry in nearly every
game, so "the Landlord's Game" in a comparison was often the single tax. Now
``landlords_game`` plays the monopolist rules to the end, whoever sits at it,
and the historical switch is its own named arm: ``landlords_game_vote`` (or an
option that asks for a switch, by vote, at a round or at a Gini level).
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from landlord.engine.actions import CallVote
from landlord.experiments import compare
from landlord.session import Session
from landlord.widgets.side_by_side import BOTS, SideBySideApp

BOTS_BY_NAME = ("cautious_tenant", "eager_landlord", "random", "single_taxer", "strategy_guide")
#: Options that change the monopolist game without asking for the single tax.
NOT_A_SWITCH = st.fixed_dictionaries(
    {},
    optional={
        "advanced": st.booleans(),
        "land_value_tax": st.sampled_from([0.0, 0.25, 0.9]),
        "round_limit": st.sampled_from([0, 30]),
        "treasury_spends": st.sampled_from(["rents_and_fines", "everything"]),
    },
)


def switched(game) -> bool:
    """Whether the single tax came in, by any road: the Treasury, the history, the ledger."""
    return (
        game.treasury.single_tax
        or game.treasury.single_tax_since != -1
        or any(type(action) is CallVote for action in game.history)
        or any(r.reason == "Treasury emptied for the single tax" for r in game.ledger.records)
    )


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seats=st.lists(st.sampled_from(BOTS_BY_NAME), min_size=2, max_size=4),
    seed=st.integers(0, 2**32),
    options=NOT_A_SWITCH,
)
def test_the_landlords_game_never_switches_to_the_single_tax_unasked(seats, seed, options):
    game = Session("landlords_game", seats, seed=seed, **options).run()
    assert game.is_over
    assert not switched(game)


def test_a_comparisons_monopolist_arm_never_switches_whoever_sits_at_it():
    voters = ["single_taxer", "random", "single_taxer", "eager_landlord"]
    result = compare(["landlords_game", "single_tax"], games=30, players=voters, seed=5)
    games = result.games
    monopolist = games[games["rules"] == "landlords_game"]
    assert len(monopolist) == 30
    assert (monopolist["single_tax_since"] == -1).all()
    assert (games[games["rules"] == "single_tax"]["single_tax_since"] == 0).all()


def test_the_historical_switch_is_its_own_named_arm():
    voters = ["single_taxer", "random", "single_taxer", "eager_landlord"]
    result = compare(["landlords_game", "landlords_game_vote"], games=20, players=voters, seed=5)
    games = result.games
    voted = games[games["rules"] == "landlords_game_vote"]
    assert (voted["single_tax_since"] >= 1).mean() > 0.5  # the voters carry it, in play
    assert (games[games["rules"] == "landlords_game"]["single_tax_since"] == -1).all()


def test_the_side_by_side_apps_monopolist_game_never_switches_with_any_bots():
    for _, bots in BOTS:
        app = SideBySideApp(left="landlords_game", right="single_tax", bots=bots, seed=2)
        left = app.tables[0]
        while left.play_round():
            pass
        assert left.is_over
        assert not switched(left.game), bots
