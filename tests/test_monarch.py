"""Magie's "Monarch of the World" demonstration (1906), rule by rule.

The booklet: give one player all the land and the others every other
advantage; everyone starts with $100, and the landlord draws no wages. Which
cards are "every other advantage", and that they are dealt round the others
free, is the kit's reading (``[readings]`` in monarch_of_the_world.toml).
Everything else is the Landlord's Game.
"""

from __future__ import annotations

from collections import Counter

import pytest
from scenarios import NAMES, at_throw, last_transfers

import landlord
from landlord import cli
from landlord.conformance import check_rule_set
from landlord.engine import CHANCE
from landlord.engine.actions import Roll
from landlord.engine.reasons import Reason
from landlord.families.magie.game import LandlordsGame
from landlord.policies import STRATEGIES
from landlord.rules import load_rules, registered
from landlord.rules.loader import RulesError
from landlord.session import Session
from landlord.table import GameTable, rule_set_menu

RULES = "monarch_of_the_world"
#: The 1906 board's 22 lots, and its other green cards: the franchises (13, 27),
#: the railroads (5, 15, 25, 35) and the Broker's License (8).
LOTS = 22
CHARTERS = {5, 8, 13, 15, 25, 27, 35}
BOTS = [name for name in STRATEGIES if name != "human"]


def dealt(players: int, seed: int = 1, **options) -> LandlordsGame:
    """A game of ``players`` bots just after the deal, before the first throw."""
    session = Session(RULES, ["eager_landlord"] * players, seed=seed, **options)
    game = session.game
    while not (game.actor == CHANCE and game.pending.purpose == "dice"):
        session.step()
    return game


def to_next_throw(game: LandlordsGame) -> None:
    """Answer every question with the first choice (or Roll) until the next throw."""
    while not (game.actor == CHANCE and game.pending.purpose == "dice"):
        if game.actor == CHANCE:
            game.apply(game.pending.outcomes[0])
        elif game.decision_kind == "turn":
            game.apply(Roll())
        else:
            game.apply(game.legal_actions()[-1])


# --- the rule set --------------------------------------------------------------------------


def test_the_rule_set_is_the_landlords_game_with_a_monarch():
    rules = load_rules(RULES)
    assert RULES in registered()
    assert rules.info.extends == "landlords_game"
    assert rules.info.family == "magie"
    assert rules.monarch.seat == 0
    assert rules.monarch.holds == "lots"
    assert rules.monarch.others_hold == "charters"
    assert rules.monarch.draws_wages is False
    # Everything else is the Landlord's Game: the monopolist rules, no vote, Rule 19's end.
    base = load_rules("landlords_game")
    assert rules.single_tax.vote is False
    assert rules.single_tax.from_start is False
    assert rules.end == base.end
    assert rules.wages == base.wages
    assert "History" in rules.info.summary
    assert "Single Tax" in rules.info.edition


def test_the_landlords_game_has_no_monarch():
    assert load_rules("landlords_game").monarch is None
    game = LandlordsGame(load_rules("landlords_game"), NAMES[:3])
    assert game.monarch == -1
    assert game.wageless == -1


def test_where_the_numbers_come_from():
    rules = load_rules(RULES)
    # The booklet's own: $100 each, all the land to one player, no wages for him.
    assert rules.provenance["starting_cash"].status == "primary"
    assert rules.provenance["monarch"].status == "primary"
    assert "1906" in rules.provenance["monarch"].source
    # Our reading: what "every other advantage" is and how it is shared.
    (others_hold,) = [o for o in rules.declared_options if o.name == "others_hold"]
    assert others_hold.provenance.status == "interpretation"
    readings = rules.params["readings"]
    assert {"monarch_seat", "monarch_free", "monarch_advantages", "monarch_end"} <= set(readings)


def test_a_monarch_seat_beyond_the_table_is_refused(tmp_path):
    file = tmp_path / "monarch_of_three.toml"
    file.write_text(
        'format = 1\n[rule_set]\nid = "monarch_of_three"\nextends = "monarch_of_the_world"\n'
        'title = "t"\nedition = "e"\nstatus = "playable"\nsummary = "s"\n'
        "[monarch]\nseat = 2\n"
    )
    with pytest.raises(RulesError, match=r"monarch\.seat"):
        load_rules(file)


# --- the start: all the land to one player, every other advantage to the others -----------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_everyone_starts_with_100(players):
    """The demonstration: "everyone starts with $100"."""
    game = dealt(players)
    starting = [r for r in game.ledger.records if r.reason == Reason.STARTING_CASH]
    assert [(r.payee, r.amount) for r in starting] == [(p, 100) for p in range(players)]
    assert [game.cash(p) for p in range(players)] == [100] * players


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_monarch_holds_all_the_land_and_the_others_every_other_card(players):
    """The demonstration: one player is given all the land (22 lots), the others share the
    other green cards (our reading), dealt round them in turn."""
    game = dealt(players)
    owner = game.holdings.owner
    lots = [s for s, kind in enumerate(game.tables.kind) if kind == "lot"]
    assert len(lots) == LOTS
    assert all(owner[lot] == 0 for lot in lots)
    assert set(game.tables.cards) - set(lots) == CHARTERS
    holders = Counter(owner[card] for card in CHARTERS)
    assert 0 not in holders
    assert sum(holders.values()) == len(CHARTERS)
    # Dealt one around from the Monarch's left: shares differ by at most one, the
    # first to his left getting the odd card.
    shares = [holders[p] for p in range(1, players)]
    assert max(shares) - min(shares) <= 1
    assert shares == sorted(shares, reverse=True)
    assert all(owner[s] == -1 for s in range(game.tables.size) if s not in game.tables.cards)


def test_nobody_pays_for_the_cards_given():
    """The demonstration gives the land; our reading gives the other cards free too: the
    ledger holds nothing but the starting cash before round 1."""
    game = dealt(4)
    before_play = [r for r in game.ledger.records if r.round == 0]
    assert {r.reason for r in before_play} == {Reason.STARTING_CASH}
    assert not any(r.reason == Reason.CARD_BOUGHT_FROM_THE_DEAL for r in game.ledger.records)


def test_the_others_may_be_given_nothing():
    """The option others_hold = "nothing": the charters stay in the pack."""
    game = dealt(3, others_hold="nothing")
    assert all(game.holdings.owner[card] == -1 for card in CHARTERS)
    assert sum(1 for holder in game.holdings.owner if holder == 0) == LOTS


def test_the_deal_is_seeded():
    """Same seed, same deal; another seed, another deal of the charters."""
    assert dealt(4, seed=3).holdings.owner == dealt(4, seed=3).holdings.owner
    deals = {tuple(dealt(4, seed=seed).holdings.owner) for seed in range(6)}
    assert len(deals) > 1


# --- Mother Earth: the Monarch draws no wages ----------------------------------------------


def test_the_monarch_passing_mother_earth_draws_no_wages():
    """The demonstration: "the landlord draws no wages"."""
    game = at_throw(4, rules=RULES, position=37)
    records = len(game.ledger.records)
    cash = game.cash(0)
    game.apply((1, 2))  # reaches Mother Earth
    assert game.position[0] == 0
    assert game.cash(0) == cash
    assert game.wages_received[0] == 0
    assert not any(r.reason == Reason.WAGES for r in game.ledger.records[records:])
    assert game.wages_to(0) == 0
    assert game.observe(1).wages_to(0) == 0


def test_the_others_passing_mother_earth_draw_100():
    """Rule 3, unchanged for everyone but the Monarch: $100 from MISCELLANEOUS."""
    game = at_throw(4, rules=RULES, position=5)
    game.apply((1, 2))  # the Monarch moves on his own land
    to_next_throw(game)
    bob = game.turn_player
    assert bob == 1
    game.position[bob] = 37
    game.apply((1, 2))
    assert game.position[bob] == 0
    assert game.wages_received[bob] == 1
    assert (game.bank, bob, 100, Reason.WAGES) in last_transfers(game, 1)
    assert game.wages_to(bob) == 100


def test_the_monarch_wages_option_pays_him_like_anyone():
    game = at_throw(3, rules=RULES, position=37, monarch_wages=True)
    game.apply((1, 2))
    assert (game.bank, 0, 100, Reason.WAGES) in last_transfers(game, 1)


def test_the_monarch_cannot_borrow_on_wages_he_does_not_draw():
    """Rule 16's mortgage on wages: the Monarch has none to pledge; the others do."""
    from landlord.engine.actions import AskLoan

    game = at_throw(3, rules=RULES, position=0)
    for player in range(3):
        game.ledger.transfer(game.bank, player, 400, "test: set cash")
    monarch_loans = [a for a in game.dealings.talk_actions(0) if isinstance(a, AskLoan)]
    assert monarch_loans
    assert all(loan.collateral is not None for loan in monarch_loans)
    other_loans = [a for a in game.dealings.talk_actions(1) if isinstance(a, AskLoan)]
    assert any(loan.collateral is None for loan in other_loans)


# --- whole games ---------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_whole_games_end_by_rule_19_with_money_conserved(players):
    """Rule 19: the game ends when a player has received his wages five times; the Monarch
    draws none, so another player ends it. Money is conserved; wages never go to him."""
    for seed in range(4):
        record = landlord.play(RULES, players=players, seed=seed)
        game = record.game
        assert game.is_over
        assert sum(game.ledger.balances) == 0
        wages = [r for r in game.ledger.records if r.reason == Reason.WAGES]
        assert wages
        assert all(r.payee != 0 and r.amount == 100 for r in wages)
        if game.round < game.ROUND_CAP:
            assert "wages 5 times" in game.end_reason
            assert max(game.wages_received[1:]) == 5
            assert game.wages_received[0] == 0


def test_the_same_seed_gives_the_same_game():
    first = Session(RULES, ["eager_landlord", "random", "cautious_tenant"], seed=9).run()
    second = Session(RULES, ["eager_landlord", "random", "cautious_tenant"], seed=9).run()
    assert first.history == second.history
    assert first.ledger.records == second.ledger.records


@pytest.mark.parametrize("bot", BOTS)
def test_every_named_bot_plays_it(bot):
    game = Session(RULES, [bot] * 4, seed=2).run()
    assert game.is_over
    assert sum(game.ledger.balances) == 0


def test_the_conformance_checks_pass():
    report = check_rule_set(RULES, games=10, seed=1)
    assert report.problems == []


def test_a_saved_game_replays(tmp_path):
    record = landlord.play(RULES, players=4, seed=1)
    path = record.save(tmp_path / "monarch.json")
    loaded = landlord.load_game(path)
    assert loaded.rules == RULES
    assert loaded.game.ledger.records == record.game.ledger.records
    assert loaded.standings.equals(record.standings)


# --- the command line and the apps ---------------------------------------------------------


def test_landlord_rules_prints_the_readings_and_the_history(capsys):
    assert cli.main(["rules", RULES]) == 0
    out = capsys.readouterr().out
    assert "Monarch of the World (Magie's 1906 demonstration)" in out
    assert "printed before the Single Tax rules in the same booklet" in out
    for reading in ("monarch_seat:", "monarch_free:", "monarch_advantages:", "monarch_end:"):
        assert reading in out
    assert "others_hold" in out
    assert "interpretation" in out
    assert cli.main(["rules"]) == 0
    assert RULES in capsys.readouterr().out


def test_landlord_play_and_compare_play_it(capsys):
    assert cli.main(["play", "--rules", RULES, "--players", "4", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "was the Monarch of the World" in out
    assert cli.main(["compare", "--rules", f"{RULES},single_tax", "--games", "4"]) == 0
    assert RULES in capsys.readouterr().out


def test_the_apps_offer_it_and_a_table_plays_it():
    assert ("Monarch of the World (Magie's 1906 demonstration)", RULES) in rule_set_menu()
    table = GameTable(RULES, ["eager_landlord"] * 3, seed=4)
    while table.play_turn():
        pass
    assert table.game.is_over
    assert all(table.game.holdings.owner[s] in (0, -1) for s in table.game.tables.lots)
