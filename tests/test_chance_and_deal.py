"""The deal of the green cards (Rule 1), the red Chance pack (Rule 11) and the end (Rule 19).

The deal and every Chance card are chance events: the tests choose the
outcome (the card dealt, the card drawn) and check what a player at the table
would see: which cards he is offered, who paid whom, where his checker
stands and who throws next. Space numbers are those printed on the 1906
board; Chance cards are indices into ``rules.chance_deck``, the reconstructed
pack of ``landlords_game_chance.csv``.
"""

from __future__ import annotations

import numpy as np
import pytest
from scenarios import NAMES, at_throw, last_transfers, to_first_throw

import landlord
from landlord.engine import CHANCE, IllegalMove
from landlord.engine.actions import (
    Buy,
    Decline,
    GiveUp,
    Move,
    Pass,
    PayFine,
    Roll,
    TryForDoubles,
    UseJailCard,
)
from landlord.families.magie.game import LandlordsGame
from landlord.rules import load_rules

MISC, TREASURY = "MISCELLANEOUS", "PUBLIC TREASURY"
RULES = load_rules("landlords_game")
DECK = RULES.chance_deck
PACK = (1, 3, 5, 6, 7, 8, 9, 11, 12, 13, 14, 15, 16, 18, 19)
PACK += (21, 23, 24, 25, 26, 27, 28, 29, 31, 33, 34, 35, 36, 38)
CHANCES = (22, 37)
ROYAL_RUSHER, GEE_WHIZ, WALL_STREET, LUXURY = 5, 25, 38, 39
MOTHER_EARTH, JAIL, CENTRAL_PARK = 0, 10, 20


def account(game, name):
    return game.ledger.names.index(name)


def card(effect, amount=None):
    """The index in the pack of the card with ``effect`` (and ``amount``)."""
    return next(
        index
        for index, chance in enumerate(DECK)
        if chance.effect == effect and (amount is None or chance.amount == amount)
    )


def finish_turn(game):
    """Answer the turn's business with a throw, up to the next chance event."""
    while game.actor != CHANCE and game.decision_kind == "turn":
        game.apply(Roll())


# --- Rule 1: the deal ------------------------------------------------------------------


def new_game(players):
    return LandlordsGame(RULES, NAMES[:players])


def deal(game, cards):
    """Deal ``cards`` in order, one around to the left, checking each is a fair draw."""
    left = list(PACK)
    for card_dealt in cards:
        assert game.actor == CHANCE
        assert game.pending.purpose == "deal"
        assert list(game.pending.outcomes) == left
        probabilities = [p for _, p in game.chance_outcomes()]
        assert probabilities == pytest.approx([1 / len(left)] * len(left))
        game.apply(card_dealt)
        left.remove(card_dealt)
    return left


def answer_deal(game, answer):
    """Answer every ``buy_dealt`` question with ``answer(game)``; return (player, card) asked."""
    asked = []
    while game.decision_kind == "buy_dealt":
        space = game.decision_about
        assert game.legal_actions() == [Buy(space, game.tables.price[space]), Decline()]
        asked.append((game.actor, space))
        game.apply(answer(game))
    return asked


def test_the_pack_holds_the_green_cards_of_the_board():
    game = new_game(2)
    assert tuple(game.tables.cards) == PACK
    assert len(PACK) == 29


@pytest.mark.parametrize(("players", "hand"), [(2, 12), (3, 8), (4, 6)])
def test_24_cards_are_dealt_one_around_to_the_left(players, hand):
    game = new_game(players)
    rng = np.random.default_rng(players)
    order = [int(space) for space in rng.permutation(PACK)[:24]]
    left = deal(game, order)
    assert len(left) == 29 - 24
    assert game.actor != CHANCE  # the deal is over: 24 cards, no more
    asked = answer_deal(game, lambda g: Decline())
    # Everyone can afford every card at the start, so each is asked about his
    # whole hand, in board order: the first card dealt went to the first player.
    for player in range(players):
        mine = [space for who, space in asked if who == player]
        assert len(mine) == hand
        assert mine == sorted(order[player::players])
    assert [who for who, _ in asked] == sorted(who for who, _ in asked)
    assert len(asked) == 24


def test_buying_a_dealt_card_pays_its_printed_price_into_the_public_treasury():
    game = new_game(3)
    order = [int(space) for space in np.random.default_rng(7).permutation(PACK)[:24]]
    deal(game, order)
    treasury = account(game, TREASURY)
    bought = {0: 0, 1: 0, 2: 0}
    while game.decision_kind == "buy_dealt":
        player, space = game.actor, game.decision_about
        price = game.tables.price[space]
        game.apply(Buy(space, price))
        assert last_transfers(game, 1) == [(player, treasury, price, "card bought from the deal")]
        assert game.holdings.owner[space] == player
        bought[player] += price
    assert game.cash(treasury) == sum(bought.values())
    for player, spent in bought.items():
        assert game.cash(player) == 500 - spent >= 0
        assert game.holdings_table()[player][8] <= spent  # land value: lots only


def test_a_player_is_asked_only_about_the_dealt_cards_he_can_afford():
    game = new_game(4)
    # Ann's hand: Easy Street ($75) and the five $100 lots; she has $400.
    ann = [21, 31, 33, 34, 36, 38]
    others = [space for space in PACK if space not in ann][:18]
    order = [ann[k // 4] if k % 4 == 0 else others.pop(0) for k in range(24)]
    deal(game, order)

    def buy(g):
        return g.legal_actions()[0]

    asked = answer_deal(game, buy)
    anns = [space for who, space in asked if who == 0]
    # $75 + 3 x $100 leaves her $25: she is not asked about the last two lots.
    assert anns == [21, 31, 33, 34]
    assert game.cash(0) == 25
    assert game.holdings.owner[36] == game.holdings.owner[38] == -1
    assert {who for who, _ in asked} == {0, 1, 2, 3}


def test_declined_cards_go_back_to_the_pack_and_can_be_bought_when_landed_on():
    game = new_game(2)
    deal(game, PACK[:24])  # Ann gets the 1st, 3rd, 5th ... card: the Royal Rusher R.R.
    asked = answer_deal(game, lambda g: Decline())
    assert (0, ROYAL_RUSHER) in asked
    assert all(holder == -1 for holder in game.holdings.owner)
    to_first_throw(game)
    game.apply((1, 4))  # Ann lands on the railroad she declined
    assert game.position[0] == ROYAL_RUSHER
    assert game.actor == 1
    assert game.decision_kind == "bid"
    game.apply(Pass())
    assert game.legal_actions() == [Buy(ROYAL_RUSHER, 50), Decline()]
    game.apply(Buy(ROYAL_RUSHER, 50))
    assert game.holdings.owner[ROYAL_RUSHER] == 0
    assert last_transfers(game, 1) == [(0, account(game, TREASURY), 50, "card bought")]


# --- Rule 11: the Chance pack -----------------------------------------------------------


def to_chance(space=22, players=2, **setup):
    """Player 0 throws 3 onto the Chance ``space``; the pack is about to be drawn."""
    game = at_throw(players, position=space - 3, **setup)
    game.apply((1, 2))
    if game.decision_kind == "move":  # between the Chances: forward or backward
        game.apply(Move("forward", False, space))
    assert game.position[0] == space
    assert game.actor == CHANCE
    assert game.pending.purpose == "chance_card"
    return game


def draw(chance_card, space=22, players=2, **setup):
    game = to_chance(space, players, **setup)
    game.apply(chance_card)
    return game


def test_the_chance_pack_is_labelled_a_reconstruction():
    assert len(DECK) == 15
    assert sum(chance.copies for chance in DECK) == 16
    assert all(chance.source is not None for chance in DECK)
    assert {chance.source.status for chance in DECK} == {"reconstruction"}


def test_a_chance_draw_is_one_card_of_the_pack_by_its_copies():
    game = to_chance()
    outcomes = dict(game.chance_outcomes())
    assert sorted(outcomes) == list(range(len(DECK)))
    for index, chance in enumerate(DECK):
        assert outcomes[index] == pytest.approx(chance.copies / 16)
    assert outcomes[card("go_to_start")] == pytest.approx(2 / 16)


def test_advance_three_spaces_and_obey_that_space():
    game = draw(card("advance", 3), owners={GEE_WHIZ: 1})
    assert game.position[0] == GEE_WHIZ
    assert last_transfers(game, 1) == [(0, 1, 5, "railroad fare")]
    assert game.actor == 1  # Ann's turn is over


def test_advance_three_spaces_onto_an_unowned_card_puts_it_up_for_sale():
    game = draw(card("advance", 3))
    assert game.position[0] == GEE_WHIZ
    assert game.actor == 1
    assert game.decision_kind == "bid"
    assert game.decision_about[0] == GEE_WHIZ


def test_advance_three_spaces_from_the_second_chance_reaches_mother_earth_with_wages():
    game = draw(card("advance", 3), space=37)
    assert game.position[0] == MOTHER_EARTH
    assert game.wages_received[0] == 1
    assert last_transfers(game, 1) == [(account(game, MISC), 0, 100, "wages")]


def test_take_another_turn_the_same_player_throws_again():
    game = draw(card("extra_turn"))
    assert game.actor == 0
    assert game.decision_kind == "turn"
    game.apply(Roll())
    assert game.pending.purpose == "dice"
    game.apply((1, 1))  # from the Chance to Maguire Flats
    assert game.position[0] == 24
    assert game.actor == 1  # only one extra turn
    assert game.round == 1


def test_without_an_extra_turn_the_next_player_throws():
    game = draw(card("collect", 50))
    assert game.actor == 1
    assert game.decision_kind == "turn"


@pytest.mark.parametrize("space", CHANCES)
def test_go_to_mother_earth_and_collect_wages(space):
    game = draw(card("go_to_start"), space=space)
    assert game.position[0] == MOTHER_EARTH
    assert game.wages_received[0] == 1
    assert last_transfers(game, 1) == [(account(game, MISC), 0, 100, "wages")]


def test_go_to_jail():
    game = draw(card("go_to_jail"))
    before = len(game.ledger.records)
    assert game.jailed[0]
    assert game.position[0] == JAIL
    assert game.wages_received[0] == 0
    finish_turn(game)
    game.apply((1, 1))  # Bob, onto Fuel
    finish_turn(game)
    assert game.actor == 0
    assert game.decision_kind == "jail"
    assert set(game.legal_actions()) == {TryForDoubles(), PayFine()}
    assert len(game.ledger.records) == before + 1  # Bob's tax only


@pytest.mark.parametrize("space", CHANCES)
def test_go_to_wall_street_lies_ahead_of_both_chances_so_no_wages(space):
    game = draw(card("go_to"), space=space, owners={WALL_STREET: 1})
    assert DECK[card("go_to")].target == WALL_STREET
    assert game.position[0] == WALL_STREET
    assert game.wages_received[0] == 0
    assert last_transfers(game, 1) == [(0, 1, 22, "land rent")]


def test_go_to_wall_street_past_mother_earth_pays_wages():
    # A checker set by hand on Luxury as the card is drawn must go round the board.
    game = to_chance(owners={WALL_STREET: 1})
    game.position[0] = LUXURY
    game.apply(card("go_to"))
    assert game.position[0] == WALL_STREET
    assert game.wages_received[0] == 1
    assert last_transfers(game, 2) == [
        (account(game, MISC), 0, 100, "wages"),
        (0, 1, 22, "land rent"),
    ]


@pytest.mark.parametrize(
    ("effect", "amount", "pile"),
    [
        ("pay", 100, TREASURY),
        ("pay", 50, MISC),
        ("pay", 75, MISC),
    ],
)
def test_pay_cards_pay_into_their_pile(effect, amount, pile):
    game = draw(card(effect, amount))
    assert last_transfers(game, 1) == [(0, account(game, pile), amount, "chance")]
    assert game.cash(0) == 600 - amount


@pytest.mark.parametrize("amount", [75, 100, 50])
def test_collect_cards_are_paid_from_miscellaneous(amount):
    game = draw(card("collect", amount))
    assert last_transfers(game, 1) == [(account(game, MISC), 0, amount, "chance")]
    assert game.cash(0) == 600 + amount


def test_collect_25_from_each_player():
    game = draw(card("collect_from_each"), players=3)
    assert last_transfers(game, 2) == [(1, 0, 25, "chance"), (2, 0, 25, "chance")]
    assert [game.cash(p) for p in range(3)] == [550, 475, 475]


def test_pay_25_to_each_player():
    game = draw(card("pay_each"), players=4)
    assert last_transfers(game, 3) == [
        (0, 1, 25, "chance"),
        (0, 2, 25, "chance"),
        (0, 3, 25, "chance"),
    ]
    assert [game.cash(p) for p in range(4)] == [325, 425, 425, 425]


def test_miss_your_next_turn():
    game = draw(card("miss_turn"))
    finish_turn(game)
    game.apply((1, 1))  # Bob, onto Fuel
    # Ann's turn is skipped: Bob throws again, and Ann has not moved.
    assert game.actor == 1
    assert game.decision_kind == "turn"
    assert game.round == 2
    assert game.position[0] == 22
    finish_turn(game)
    game.apply((1, 1))  # Bob, onto Hogg's Game Preserves: Jail
    assert game.actor == 0  # she missed one turn only
    assert game.decision_kind == "turn"


def test_the_get_out_of_jail_card_is_kept_out_of_the_pack_and_used_later():
    jail_card = card("get_out_of_jail")
    game = draw(jail_card, positions={1: 19})
    assert game.jail_cards[0] == 1
    # Bob throws onto the same Chance: the card Ann holds cannot be drawn.
    finish_turn(game)
    game.apply((1, 2))
    assert game.pending.purpose == "chance_card"
    outcomes = dict(game.chance_outcomes())
    assert jail_card not in outcomes
    assert outcomes[card("go_to_jail")] == pytest.approx(1 / 15)
    with pytest.raises(IllegalMove):
        game.apply(jail_card)
    game.apply(card("collect", 50))
    # Ann trespasses on Lord Blueblood's Estate, waits a turn, then uses her card.
    finish_turn(game)
    game.apply((2, 6))
    assert game.jailed[0]
    finish_turn(game)
    game.apply((1, 1))  # Bob, onto Maguire Flats: nobody buys it
    game.apply(Pass())
    game.apply(Decline())
    finish_turn(game)
    assert game.actor == 0
    assert game.decision_kind == "jail"
    assert UseJailCard() in game.legal_actions()
    before = game.cash(0)
    game.apply(UseJailCard())
    assert not game.jailed[0]
    assert game.jail_cards[0] == 0
    assert game.cash(0) == before  # no fine
    finish_turn(game)
    game.apply((6, 6))  # she counts from Shelter, to the first Chance
    game.apply(Move("forward", False, 22))
    assert game.pending.purpose == "chance_card"
    assert dict(game.chance_outcomes())[jail_card] == pytest.approx(1 / 16)


# --- Rule 12: out of the Poor House ----------------------------------------------------


def test_a_player_sent_to_the_poor_house_throws_from_central_park_next_turn():
    game = draw(card("pay", 100), cash={0: 40})
    assert game.actor == 0
    assert game.decision_kind == "talks"
    game.apply(GiveUp())
    assert game.in_poor_house[0]
    assert game.position[0] == CENTRAL_PARK
    assert game.cash(0) == 0
    assert last_transfers(game, 1) == [(0, account(game, TREASURY), 40, "chance")]
    [debt] = game.dealings.debts.values()
    assert (debt.debtor, debt.creditor, debt.owed) == (0, account(game, TREASURY), 60)
    finish_turn(game)
    game.apply((1, 1))  # Bob, onto Fuel
    finish_turn(game)
    assert game.pending.purpose == "dice"
    game.apply((1, 2))
    assert not game.in_poor_house[0]
    assert game.position[0] == 23  # three from Central Park: George Street


# --- Rule 19: the end of the game ---------------------------------------------------------


def test_a_round_limit_ends_the_game_after_that_round():
    record = landlord.play("landlords_game", players=3, seed=4, round_limit=3)
    assert record.game.is_over
    assert record.end_reason == "the round limit (3) was reached"
    assert record.n_rounds == 3
    assert sorted(record.rounds["round"].unique()) == [0, 1, 2, 3]
    assert max(record.game.wages_received) < 5
    assert record.game.turns_played >= 9


def test_the_game_ends_when_a_player_has_been_paid_wages_the_set_number_of_times():
    record = landlord.play("landlords_game", players=3, seed=4, wages_times=2)
    game = record.game
    assert game.is_over
    assert record.end_reason == "a player has received his wages 2 times"
    assert sorted(game.wages_received)[-2:][1] == 2
    assert sorted(game.wages_received)[-2] < 2  # only one player got there
    # It ends at once, in the turn of his second wages.
    wages = [t for t in game.ledger.records if t.reason == "wages"]
    assert wages[-1].turn == game.turns_played - 1
    assert game.wages_received[wages[-1].payee] == 2
    full = landlord.play("landlords_game", players=3, seed=4)
    assert full.end_reason == "a player has received his wages 5 times"
    assert record.n_turns < full.n_turns


def test_the_session_seeds_the_same_deal_again():
    one = landlord.play("landlords_game", players=2, seed=12, round_limit=1)
    two = landlord.play("landlords_game", players=2, seed=12, round_limit=1)
    assert one.history[:24] == two.history[:24]
    dealt = [entry["outcome"] for entry in one.history[:24]]
    assert len(set(dealt)) == 24
    assert set(dealt) <= set(PACK)
