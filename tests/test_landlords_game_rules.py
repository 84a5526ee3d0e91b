"""The Landlord's Game, rule by rule, against situations worked out by hand.

Each test sets the board (see ``scenarios.at_throw``), throws chosen dice and
checks what a player at the table would see: who paid whom, how much, where
the checkers stand. Space numbers are those printed on the 1906 board.
"""

from __future__ import annotations

import pytest
from scenarios import at_throw, last_transfers, set_cash

from landlord.engine import CHANCE, Sale
from landlord.engine.actions import (
    Accept,
    AskLoan,
    Bid,
    Build,
    Buy,
    Decline,
    FormTrust,
    GiveUp,
    Move,
    Negotiate,
    OfferCard,
    OfferLuxury,
    Pass,
    PayFine,
    Refuse,
    Repay,
    Roll,
    StayPut,
    TryForDoubles,
)

MISC, TREASURY = "MISCELLANEOUS", "PUBLIC TREASURY"
LONELY_LANE, BOOMTOWN, SOAKUM, SLAMBANG, WALL_STREET = 3, 11, 13, 27, 38
RAILROADS = (5, 15, 25, 35)
SPECULATION, LUXURY, MADISON_SQUARE = 8, 39, 33


def account(game, name):
    return game.ledger.names.index(name)


def finish_turn(game):
    """Answer Roll/Pass/Decline until the next player's dice or a named decision."""
    while game.actor != CHANCE and game.decision_kind in ("turn",):
        game.apply(Roll())


# --- Rule 7: land rent ------------------------------------------------------------


def test_land_rent_goes_to_the_title_holder():
    game = at_throw(owners={LONELY_LANE: 1})
    game.apply((1, 2))
    assert game.position[0] == LONELY_LANE
    assert last_transfers(game, 1) == [(0, 1, 2, "land rent")]


def test_each_house_adds_ten_dollars_of_house_rent():
    game = at_throw(owners={LONELY_LANE: 1}, houses={LONELY_LANE: 2})
    game.apply((1, 2))
    assert last_transfers(game, 2) == [(0, 1, 2, "land rent"), (0, 1, 20, "house rent")]


def test_no_rent_on_ones_own_lot():
    game = at_throw(owners={LONELY_LANE: 0})
    before = len(game.ledger.records)
    game.apply((1, 2))
    assert len(game.ledger.records) == before


def test_unsold_lot_rent_goes_to_the_public_treasury():
    # Bob cannot bid (no cash above the price); Ann declines to buy.
    game = at_throw(cash={1: 0})
    game.apply((1, 2))
    assert game.decision_kind == "sale"
    game.apply(Decline())
    assert game.holdings.owner[LONELY_LANE] == -1
    assert last_transfers(game, 1) == [(0, account(game, TREASURY), 2, "land rent")]


def test_the_lander_may_take_a_lot_at_the_highest_bid():
    game = at_throw()
    game.apply((1, 2))
    assert game.decision_kind == "bid"
    assert game.actor == 1
    # What the user interface shows: which card, the figure to beat, who landed.
    assert game.decision_about == Sale(space=LONELY_LANE, price=25, bidder=-1, lander=0)
    assert Bid(30) in game.legal_actions()
    assert Pass() in game.legal_actions()
    game.apply(Bid(35))
    assert game.actor == 0
    assert game.decision_about == Sale(space=LONELY_LANE, price=35, bidder=1, lander=0)
    assert game.legal_actions() == [Buy(LONELY_LANE, 35), Decline()]
    game.apply(Buy(LONELY_LANE, 35))
    assert game.holdings.owner[LONELY_LANE] == 0
    assert last_transfers(game, 1) == [(0, account(game, TREASURY), 35, "card bought")]


def test_when_the_lander_declines_the_highest_bidder_must_buy_and_is_paid_rent():
    game = at_throw()
    game.apply((1, 2))
    game.apply(Bid(30))
    game.apply(Decline())
    assert game.holdings.owner[LONELY_LANE] == 1
    assert last_transfers(game, 2) == [
        (1, account(game, TREASURY), 30, "card bought"),
        (0, 1, 2, "land rent"),
    ]


# --- Rule 9: franchises and railroads -------------------------------------------------


@pytest.mark.parametrize(("held", "fee"), [((SOAKUM,), 5), ((SOAKUM, SLAMBANG), 25)])
def test_franchise_fee_and_the_municipal_cinch(held, fee):
    game = at_throw(owners=dict.fromkeys(held, 1), position=10)
    game.apply((1, 2))
    assert game.position[0] == SOAKUM
    assert last_transfers(game, 1) == [(0, 1, fee, "franchise fee")]


@pytest.mark.parametrize(("count", "fare"), [(1, 5), (2, 10), (3, 20), (4, 50)])
def test_railroad_fare_by_the_number_one_owner_holds(count, fare):
    game = at_throw(owners=dict.fromkeys(RAILROADS[:count], 1))
    game.apply((1, 4))
    assert game.position[0] == RAILROADS[0]
    assert last_transfers(game, 1) == [(0, 1, fare, "railroad fare")]


def trust_game():
    game = at_throw(3, owners={5: 1, 15: 1, 25: 2, 35: 2}, positions={1: 30, 2: 30})
    return game


def test_two_players_holding_every_railroad_may_form_a_trust_charging_40():
    game = trust_game()
    game.apply((2, 3))  # Ann to 5, Bob's railroad: the Trust is not yet formed
    assert last_transfers(game, 1) == [(0, 1, 10, "railroad fare")]
    assert game.actor == 1
    assert FormTrust(2) in game.legal_actions()
    game.apply(FormTrust(2))
    assert game.decision_kind == "trust"
    assert game.actor == 2
    game.apply(Accept())
    assert game.dealings.trust == frozenset({1, 2})
    # A non-member pays $40 on any Trust railroad, divided between the two;
    # our reading: the members ride their pooled lines free.
    assert game.spaces.rent_due(35, 0) == [(2, 20, "railroad fare"), (1, 20, "railroad fare")]
    assert game.spaces.rent_due(5, 2) == []
    game.apply(Roll())
    game.apply((1, 1))  # Bob from 30 to 32 (Clothing)
    game.apply(Move("forward", False, 32))
    game.apply(Roll())
    game.apply((1, 1))  # Cy, the other member, from 30 to 32
    game.apply(Move("forward", False, 32))
    game.apply(Roll())
    game.position[0] = 0
    game.apply((1, 4))  # Ann lands on Bob's Royal Rusher R.R.
    assert last_transfers(game, 2) == [(0, 1, 20, "railroad fare"), (0, 2, 20, "railroad fare")]


def test_the_trust_ends_when_a_railroad_changes_hands():
    game = trust_game()
    game.give_card(5, 1)
    game.dealings.trust = frozenset({1, 2})
    game.give_card(15, 0)
    assert game.dealings.trust is None


# --- Rule 8: Speculation ------------------------------------------------------------------


def to_speculation(game, stake_throw=(2, 6)):
    """Ann throws 8 from Mother Earth and chooses to speculate."""
    game.apply(stake_throw)
    assert StayPut() in game.legal_actions()
    game.apply(Move("forward", False, SPECULATION))
    while game.actor != CHANCE:
        game.apply(Pass() if game.decision_kind == "bid" else Decline())
    assert game.pending.purpose == "speculation"
    return game


def test_a_player_may_refuse_to_move_onto_speculation():
    game = at_throw()
    game.apply((2, 6))
    game.apply(StayPut())
    assert game.position[0] == 0
    assert game.actor == 1


@pytest.mark.parametrize(
    ("throw", "winnings"),
    [
        ((5, 6), 90),
        ((4, 6), 80),
        ((3, 6), 70),
        ((2, 6), 60),
        ((3, 4), 50),
        ((1, 5), 40),
        ((1, 4), 30),
        ((2, 2), 100),
        ((6, 6), 100),
        ((1, 1), 100),
    ],
)
def test_speculation_pays_by_the_table_and_ten_percent_to_miscellaneous(throw, winnings):
    game = to_speculation(at_throw())
    misc = account(game, MISC)
    game.apply(throw)
    assert last_transfers(game, 3) == [
        (0, misc, 10, "speculation stake"),
        (misc, 0, winnings, "speculation winnings"),
        (0, misc, winnings // 10, "broker's share"),
    ]


def test_the_broker_takes_ten_percent_of_the_winnings():
    game = to_speculation(at_throw(owners={SPECULATION: 1}))
    game.apply((5, 6))
    assert last_transfers(game, 1) == [(0, 1, 9, "broker's share")]


def test_the_1906_ante_goes_to_the_broker_with_that_option():
    game = at_throw(owners={SPECULATION: 1}, speculation_stake_to="broker")
    to_speculation(game)
    assert last_transfers(game, 1) == [(0, 1, 10, "speculation stake")]


@pytest.mark.parametrize("throw", [(1, 2), (1, 3), (3, 1)])
def test_a_three_or_four_is_a_skin_game_that_jails_the_broker(throw):
    game = at_throw(owners={SPECULATION: 1})
    to_speculation(game)
    before = len(game.ledger.records)
    game.apply(throw)
    assert len(game.ledger.records) == before  # no winnings
    assert game.jailed[1]
    assert game.position[1] == 10
    assert game.holdings.owner[SPECULATION] == -1


# --- Rule 13: Luxury ---------------------------------------------------------------------


def test_luxury_costs_75_and_counts_100_at_the_end():
    game = at_throw(position=MADISON_SQUARE)
    game.apply((2, 4))
    game.apply(Move("forward", False, LUXURY))
    assert game.decision_kind == "luxury"
    game.apply(Buy(LUXURY, 75))
    assert game.holdings.luxuries[0] == 1
    assert last_transfers(game, 1) == [(0, account(game, MISC), 75, "luxury")]
    assert game.holdings_table()[0][-2] == game.cash(0) + 100  # the score


def test_declining_a_luxury_moves_the_throw_backward_and_obeys_that_space():
    game = at_throw(owners={SLAMBANG: 1}, position=MADISON_SQUARE)
    game.apply((2, 4))
    game.apply(Move("forward", False, LUXURY))
    game.apply(Decline())
    assert game.position[0] == SLAMBANG
    assert last_transfers(game, 1) == [(0, 1, 5, "franchise fee")]


def test_a_player_who_cannot_afford_the_luxury_moves_backward_without_asking():
    game = at_throw(owners={SLAMBANG: 1}, position=MADISON_SQUARE, cash={0: 60})
    game.apply((2, 4))
    game.apply(Move("forward", False, LUXURY))
    assert game.position[0] == SLAMBANG
    assert game.holdings.luxuries[0] == 0


# --- Rules 2 and 17: moving ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("position", "either_way"), [(22, False), (23, True), (36, True), (37, False)]
)
def test_between_the_chances_a_player_may_move_either_way(position, either_way):
    game = at_throw(position=position)
    directions = {move.direction for move in game.move_options(0, (1, 2))}
    assert ("backward" in directions) == either_way


def test_the_railroad_pass_jumps_nine_spaces_when_the_count_passes_a_corner():
    game = at_throw(position=6)
    assert Move("forward", True, 21) in game.move_options(0, (3, 3))
    assert all(not m.railroad_pass for m in game.move_options(0, (2, 2)))  # stops at the corner
    assert all(not m.railroad_pass for m in game.move_options(0, (2, 3)))  # not a double


def test_reaching_or_passing_mother_earth_pays_100_wages():
    game = at_throw(position=37)
    game.apply((1, 2))
    assert game.position[0] == 0
    assert game.wages_received[0] == 1
    assert (account(game, MISC), 0, 100, "wages") in last_transfers(game, 1)


def test_the_what_if_options_change_the_wages_and_the_starting_cash():
    game = at_throw(position=37, wages=40, starting_cash=1000)
    starting = [r for r in game.ledger.records if r.reason == "starting cash"]
    assert [r.amount for r in starting] == [1000, 1000]
    game.apply((1, 2))
    assert (account(game, MISC), 0, 40, "wages") in last_transfers(game, 1)


# --- Rules 4, 5, 6: necessities, trespass and Jail -------------------------------------------


def test_necessities_are_taxed_ten_dollars_into_the_public_treasury():
    game = at_throw()
    game.apply((1, 1))
    assert last_transfers(game, 1) == [(0, account(game, TREASURY), 10, "necessity tax")]


def test_trespass_sends_the_player_to_jail_and_he_counts_from_shelter():
    game = at_throw()
    game.apply((1, 3))
    assert game.jailed[0]
    assert game.position[0] == 10
    finish_turn(game)
    game.apply((1, 1))  # Bob's throw: Fuel
    finish_turn(game)
    assert game.actor == 0
    assert game.decision_kind == "jail"
    assert set(game.legal_actions()) == {TryForDoubles(), PayFine()}
    game.apply(TryForDoubles())
    game.apply((2, 2))  # a double serves his time and is his move, from Shelter
    assert not game.jailed[0]
    assert game.position[0] == 14


def test_no_more_than_three_turns_in_jail_then_the_fine_is_due():
    game = at_throw()
    game.apply((1, 3))
    treasury = account(game, TREASURY)
    for _ in range(3):
        finish_turn(game)
        game.apply((1, 1))  # Bob, onto a tax
        game.position[1] = 0
        finish_turn(game)
        game.apply(TryForDoubles())
        game.apply((1, 2))  # no double
    finish_turn(game)
    game.apply((1, 1))  # Bob
    finish_turn(game)
    assert (0, treasury, 50, "jail fine") in last_transfers(game, 1)
    assert not game.jailed[0]


# --- Rule 14 and the advanced rules: houses ----------------------------------------------------


def test_building_costs_100_into_miscellaneous_on_ones_turn():
    game = at_throw(owners={LONELY_LANE: 1})
    game.apply((1, 1))  # Ann pays Fuel tax; now Bob's turn
    assert game.actor == 1
    assert Build(LONELY_LANE) in game.legal_actions()
    game.apply(Build(LONELY_LANE))
    assert game.holdings.houses[LONELY_LANE] == 1
    assert last_transfers(game, 1) == [(1, account(game, MISC), 100, "house built")]


def test_advanced_rules_limit_three_houses_a_lot():
    game = at_throw(owners={LONELY_LANE: 1}, houses={LONELY_LANE: 3}, advanced=True)
    game.apply((1, 1))
    assert Build(LONELY_LANE) not in game.legal_actions()
    ordinary = at_throw(owners={LONELY_LANE: 1}, houses={LONELY_LANE: 3})
    ordinary.apply((1, 1))
    assert Build(LONELY_LANE) in ordinary.legal_actions()


@pytest.mark.parametrize(
    ("houses", "land_rent"),
    [
        ({1: 0, 3: 0}, 2),
        ({1: 1, 3: 0}, 2),
        ({1: 1, 3: 1}, 4),
        ({1: 2, 3: 2}, 8),
        ({1: 3, 3: 2}, 8),
        ({1: 3, 3: 3}, 16),
    ],
)
def test_advanced_section_land_rent_doubles_with_houses_on_every_lot(houses, land_rent):
    game = at_throw(owners={1: 1, 3: 1}, houses=houses, advanced=True)
    assert game.spaces.land_rent(LONELY_LANE) == land_rent
    game.apply((1, 2))
    rents = [t for t in last_transfers(game, 2) if t[3] == "land rent"]
    assert rents == [(0, 1, land_rent, "land rent")]


def test_ordinary_rules_do_not_double_section_rents():
    game = at_throw(owners={1: 1, 3: 1}, houses={1: 3, 3: 3})
    assert game.spaces.land_rent(LONELY_LANE) == 2


@pytest.mark.parametrize(("built", "tax"), [(9, 10), (10, 20), (24, 20), (25, 40)])
def test_advanced_taxes_double_at_10_and_25_houses(built, tax):
    game = at_throw(advanced=True)
    game.holdings.houses[WALL_STREET] = built
    assert game.spaces.necessity_tax() == tax
    assert at_throw().spaces.necessity_tax() == 10


# --- Rules 12 and 16: the Poor House, borrowing, selling ---------------------------------------


def test_a_player_who_cannot_pay_goes_to_the_poor_house_owing_the_rest():
    game = at_throw(owners={WALL_STREET: 1}, houses={WALL_STREET: 1}, position=36, cash={0: 20})
    game.apply((1, 1))  # Ann to Wall Street: $22 + $10; she has $20
    assert game.decision_kind in ("talks", "move")
    if game.decision_kind == "move":
        game.apply(Move("forward", False, WALL_STREET))
    assert game.decision_kind == "talks"
    game.apply(GiveUp())
    assert game.cash(0) == 0
    assert game.in_poor_house[0]
    assert game.position[0] == 20
    [debt] = game.dealings.debts.values()
    assert (debt.debtor, debt.creditor, debt.owed) == (0, 1, 12)
    assert debt.reason == "unpaid land rent and house rent"
    # Her next wages go first to Bob until the debt is paid, each part under the reason
    # it would have been paid under on time: $2 of land rent, then the $10 house rent.
    game.position[0] = 38
    finish_turn(game)
    game.apply((1, 1))  # Bob
    finish_turn(game)
    game.apply((1, 1))
    assert not game.dealings.debts
    assert last_transfers(game, 2) == [(0, 1, 2, "land rent"), (0, 1, 10, "house rent")]


def test_a_player_short_of_cash_may_borrow_at_agreed_interest_and_repay():
    game = at_throw(owners={WALL_STREET: 1, LONELY_LANE: 0}, position=36, cash={0: 10})
    game.apply((1, 1))
    if game.decision_kind == "move":
        game.apply(Move("forward", False, WALL_STREET))
    loan = AskLoan(1, 20, 10, None)
    assert loan in game.legal_actions()
    game.apply(loan)
    assert game.actor == 1
    assert game.decision_kind == "offer"
    game.apply(Accept())
    [debt] = game.dealings.debts.values()
    assert (debt.debtor, debt.creditor, debt.owed) == (0, 1, 22)
    assert game.cash(0) == 8
    set_cash(game, 0, 100)
    finish_turn(game)
    game.apply((1, 1))  # Bob
    assert game.actor == 0
    assert Repay(debt.id) in game.legal_actions()
    game.apply(Repay(debt.id))
    assert not game.dealings.debts
    assert last_transfers(game, 1) == [(0, 1, 22, "debt repaid")]


def test_refused_offers_change_nothing_and_accepted_ones_move_card_and_money():
    game = at_throw(owners={BOOMTOWN: 1}, cash={0: 500})
    game.apply((1, 1))  # Ann's throw; now Bob's turn
    game.apply(Negotiate())
    offer = OfferCard(BOOMTOWN, 0, 75)
    assert offer in game.legal_actions()
    game.apply(offer)
    game.apply(Refuse())
    assert game.holdings.owner[BOOMTOWN] == 1
    assert offer not in game.legal_actions()  # not made twice
    game.apply(OfferCard(BOOMTOWN, 0, 50))
    game.apply(Accept())
    assert game.holdings.owner[BOOMTOWN] == 0
    assert last_transfers(game, 1) == [(0, 1, 50, "card sold")]


# --- Rules 10 and 15, and what goes with a card ------------------------------------------------


def test_central_park_is_free():
    game = at_throw(position=14)
    before = len(game.ledger.records)
    game.apply((3, 3))  # a double, but the count ends on the corner: no pass to take
    assert game.position[0] == 20
    assert len(game.ledger.records) == before
    assert not game.in_poor_house[0]


def test_checkers_may_share_a_space_and_each_pays_what_it_calls_for():
    game = at_throw(3, owners={LONELY_LANE: 2}, positions={1: 0}, cash={2: 0})
    game.apply((1, 2))  # Ann onto Cy's lot
    assert last_transfers(game, 1) == [(0, 2, 2, "land rent")]
    finish_turn(game)
    game.apply((2, 1))  # Bob onto the same lot, beside her
    assert game.position[0] == game.position[1] == LONELY_LANE
    assert last_transfers(game, 1) == [(1, 2, 2, "land rent")]
    assert game.cash(2) == 4


def test_houses_go_with_a_lot_when_its_card_is_sold():
    game = at_throw(owners={BOOMTOWN: 1}, houses={BOOMTOWN: 2}, cash={0: 800})
    game.apply((1, 1))  # Ann's throw; now Bob's turn
    game.apply(Negotiate())
    value = 50 + 2 * 100  # printed price and two houses at cost
    game.apply(OfferCard(BOOMTOWN, 0, value))
    game.apply(Accept())
    assert game.holdings.owner[BOOMTOWN] == 0
    assert game.holdings.houses[BOOMTOWN] == 2
    assert game.spaces.rent_due(BOOMTOWN, 1) == [(0, 6, "land rent"), (0, 20, "house rent")]


def test_a_luxury_card_may_be_sold_to_another_player():
    game = at_throw(cash={0: 300})
    game.holdings.luxuries[1] = 1
    game.apply((1, 1))
    game.apply(Negotiate())
    offer = OfferLuxury(0, 75)
    assert offer in game.legal_actions()
    game.apply(offer)
    game.apply(Accept())
    assert (game.holdings.luxuries[0], game.holdings.luxuries[1]) == (1, 0)
    assert last_transfers(game, 1) == [(0, 1, 75, "luxury card sold")]
