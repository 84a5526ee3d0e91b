"""The Toll Road's own tests, as a family's package outside the kit writes them.

First the kit's promises, a pytest case each
(:func:`landlord.conformance.parametrize_with_checks`), then the game's own
rules one by one: the toll at a gate passed, wages at the start, a lot
bought or left, a player who cannot pay, the end, and a rule set the
family's engine cannot play.
"""

from __future__ import annotations

import pytest
from toll_road import FAMILY, ROAD_TOLL, RULES
from toll_road.game import NOBODY_HOLDS, TollRoad

from landlord.conformance import parametrize_with_checks
from landlord.engine.actions import DECLINE, Buy
from landlord.families import families, family_named
from landlord.rules import RulesError, load_rules
from landlord.session import Session


@parametrize_with_checks([RULES, load_rules(RULES, round_limit=6)], games=10, seed=1)
def test_the_toll_road_keeps_the_kits_promises(rule_set, check):
    check(rule_set)


def test_the_kit_finds_the_family_by_its_entry_point():
    assert family_named("toll_road") is FAMILY
    assert "toll_road" in [family.name for family in families()]
    assert load_rules(RULES).info.family == "toll_road"


def _game(players=2):
    return TollRoad(load_rules(RULES), ["Ann", "Bob", "Cy"][:players])


def test_a_gate_takes_its_toll_from_whoever_passes_it():
    game = _game()
    game.owner[3] = 1  # Bob holds the North Gate
    game.apply(5)  # Ann throws 5: past the gate at 3, to Quarry Field at 5
    tolls = [r for r in game.ledger.records if r.reason == ROAD_TOLL]
    assert [(r.payer, r.payee, r.amount) for r in tolls] == [(0, 1, 5)]
    assert game.position[0] == 5
    assert game.pending.kind == "buy"
    assert game.legal_actions() == [Buy(5, 40), DECLINE]


def test_a_gate_nobody_holds_stands_open_and_is_for_sale():
    game = _game()
    game.apply(3)  # Ann stops on the North Gate
    assert game.legal_actions() == [Buy(3, 60), DECLINE]
    game.apply(Buy(3, 60))
    assert game.owner[3] == 0
    assert game.cash(0) == 140
    assert game.tolls_paid() == 0


def test_wages_at_the_start_and_land_rent_on_a_lot():
    game = _game()
    game.owner[2] = 1  # Bob holds Mill Row
    game.position[0] = 10
    game.apply(4)  # Ann: 11, the start (wages), 1, 2: Mill Row
    assert game.wages_drawn[0] == 1
    assert game.cash(0) == 200 + 20 - 3
    assert game.cash(1) == 203


def test_a_player_who_cannot_pay_leaves_and_his_land_goes_back_on_sale():
    game = _game(3)
    game.owner[11] = 1
    game.owner[7] = 0
    game.position[0] = 9
    game.ledger.transfer(0, game.bank, 195, "property bought")  # Ann has 5 left
    game.apply(2)  # Ann stops on High Street: rent 10
    assert game.out[0]
    assert game.owner[7] == NOBODY_HOLDS
    assert game.bankruptcies == [(1, 0, 1)]
    assert game.cash(0) == 0
    assert game.cash(1) == 205
    assert game.pending.purpose == "dice"
    assert game.turn_player == 1


def test_the_last_player_left_wins():
    game = Session(RULES, ["eager_landlord", "random"], seed=5).run()
    assert game.is_over
    outcome = FAMILY.outcome(game)
    if len(game.active_players()) == 1:
        assert outcome.winners == tuple(game.active_players())
    else:
        assert "round limit (30)" in game.end_reason
        assert game.round == 30


def test_a_rule_set_with_two_dice_is_refused_naming_the_field(tmp_path):
    two_dice = tmp_path / "two_dice.toml"
    two_dice.write_text(
        f'format = 1\n[rule_set]\nid = "two_dice"\ntitle = "Two dice"\n'
        f'edition = "a test"\nsummary = "a test"\nstatus = "test"\n'
        f'extends = "{RULES.as_posix()}"\n'
        "[dice]\ncount = 2\n"
    )
    with pytest.raises(RulesError, match=r"two_dice.toml: field 'dice.count': expected 1"):
        load_rules(two_dice)
