"""The later game's short game: every player pays for the title deeds dealt to him out of his
starting cash, so a starting cash too small for them is refused as bad input, not played into
negative cash and an engine error (audit: 39 of seeds 0-299 raised at 3 eager landlords with
starting_cash=100); and a trade that pays a player short of cash is his to accept."""

import subprocess
import sys

import pytest

from landlord.engine.actions import Trade
from landlord.engine.reasons import Reason
from landlord.rules import RulesError, load_rules
from landlord.session import Session


@pytest.mark.parametrize("rules", ["monopoly_us", "monopoly_uk_1972"])
def test_a_starting_cash_below_the_deeds_dealt_is_refused_naming_the_file_and_field(rules):
    with pytest.raises(RulesError) as refused:
        load_rules(rules, short_game=True, starting_cash=100)
    message = str(refused.value)
    assert message.startswith(f"{rules}.toml: field 'starting_cash': the short game deals")
    money = load_rules(rules).info.currency  # $ or £
    assert f"up to {money}750, more than the {money}100 each starts with at a table of 2" in (
        message
    )
    load_rules(rules, short_game=True, starting_cash=750)  # the two dearest deeds: allowed
    load_rules(rules, starting_cash=100)  # no deal, no problem


def test_the_command_refuses_it_with_usage_and_exit_2():
    result = subprocess.run(
        [sys.executable, "-m", "landlord", "play", "--rules", "monopoly_us", "--players", "3",
         "--bots", "eager_landlord", "--seed", "25", "--option", "short_game=true",
         "--option", "starting_cash=100"],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert result.returncode == 2
    assert "usage: landlord play" in result.stderr
    assert "field 'starting_cash': the short game deals each player 2 title deeds" in result.stderr
    assert result.stdout == ""


def test_at_the_least_starting_cash_allowed_no_cash_goes_below_zero_in_the_deal():
    for seed in range(40):
        session = Session(
            "monopoly_us", ["eager_landlord"] * 3, seed=seed,
            short_game=True, starting_cash=750, round_limit=25,
        )  # fmt: skip
        game = session.game
        while game.round == 0:
            session.step()
        assert min(game.ledger.balances[:3]) >= 0, seed
        session.run()
        assert game.winner is not None, seed


def test_a_player_short_of_cash_may_be_offered_money_for_a_deed():
    session = Session("monopoly_us", ["eager_landlord"] * 3, seed=4, short_game=True)
    game = session.game
    while game.round == 0:
        session.step()
    deed = next(s for s in game.estates.tables.cards if game.estates.owner[s] == 0)
    game.ledger.transfer(0, game.bank, game.ledger.balances[0] + 40, Reason.TAX)  # cash -40
    assert game.ledger.balances[0] == -40
    sale = Trade(partner=1, give=(deed,), cash=-50)  # player 1 pays him 50 for it
    assert game.trades.problem(0, sale) == ""
    assert game.trades.problem(0, Trade(partner=1, give=(deed,), cash=10)) == (
        "the cash is not there to pay"
    )
