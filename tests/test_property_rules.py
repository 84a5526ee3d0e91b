"""Property's rules (seed 000), one by one, on hand-set games; then the kit's promises.

A card is ``10 * rank + suit``, the suits numbered 0 hearts, 1 diamonds, 2 spades,
3 clubs: the ace of hearts is 10, the 3 of diamonds 31, the 5 of clubs 53, the ten
of clubs 103. A cell is ``(row - 1) * 8 + column - 1``: column 3, row 5 (J.B.'s cell
in the text's example) is 34; the upper left cell (column 1, row 8) is 56.
"""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from landlord.conformance import check_rule_set
from landlord.engine import CHANCE, new_game
from landlord.engine.actions import DECLINE, BuyCell, Decline, PlayCards
from landlord.engine.history import ledger_digest
from landlord.engine.state import GameState
from landlord.families.sackson.board import board_svg
from landlord.families.sackson.board_text import board_words
from landlord.families.sackson.bots import weigh
from landlord.policies import make_policy
from landlord.record import GameRecord, load_game
from landlord.rules import RulesError, load_rules
from landlord.session import Session

NAMES = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo")
A_HEARTS, THREE_DIAMONDS, THREE_HEARTS = 10, 31, 30
FIVE_CLUBS, FIVE_SPADES, SEVEN_CLUBS, EIGHT_CLUBS = 53, 52, 73, 83
A_DIAMONDS = 11
J_B = (34, 35, 26, 27, 42, 43)  # J.B.'s six cells: columns 3-4, rows 4-6
COLUMN_3_ROW_5 = 34


def cell(column, row):
    return (row - 1) * 8 + column - 1


def dealt(players=2, hands=None, *, owners=None, mortgaged=(), cash=None, units=None, **options):
    """A game whose deal gave each player the hand asked for (the others: the lowest
    cards of the stock), paused at player 0's first play.

    A hand is drawn in the order given; it must end at its first card of the second
    colour, as a real draw does.
    """
    game = new_game(load_rules("property", **options), NAMES[:players])
    game.apply(0)  # the cut: Ann, the first seat, cuts the high card
    for player in range(players):
        for card in _draw_order((hands or {}).get(player, ())):
            assert game.actor == CHANCE
            assert game.pending.purpose == "deck"
            game.apply(card)
        while game.actor == CHANCE and game.cards.lacks_a_colour(player):
            game.apply(next(c for c in game.pending.outcomes if c not in _wanted(hands)))
    for position, holder in (owners or {}).items():
        game.cells.owner[position] = holder
    for position in mortgaged:
        game.cells.mortgaged[position] = True
    box = game.pile_account["box"]
    for player, amount in (cash or {}).items():
        difference = amount - game.cash(player)
        if difference > 0:
            game.ledger.transfer(box, player, difference, "test")
        elif difference < 0:
            game.ledger.transfer(player, box, -difference, "test")
    for player, held in (units or {}).items():
        game.units.held[player] = held
    return game


def _draw_order(hand):
    """The hand in an order a draw could give it: the colour it holds one card of, last."""
    red = [card for card in hand if card % 10 < 2]
    black = [card for card in hand if card % 10 >= 2]
    if not hand:
        return []
    assert min(len(red), len(black)) == 1, hand
    return black + red if len(red) == 1 else red + black


def _wanted(hands):
    return {card for hand in (hands or {}).values() for card in hand}


def play(game, red, black, space):
    """Player to act plays ``red`` and ``black`` on ``space`` (a legal play)."""
    assert game.decision_kind == "play", game.pending
    choice = PlayCards(red, black, space)
    assert choice in game.legal_actions()
    game.apply(choice)


def draw(game, *cards):
    for card in cards:
        assert game.actor == CHANCE, game.pending
        assert game.pending.purpose == "deck", game.pending
        game.apply(card)


def payments(game, reason):
    return [(r.payer, r.payee, r.amount) for r in game.ledger.records if r.reason == reason]


def jb_game(red, black, **kwargs):
    """Bob (J.B.) holds the text's six cells; Ann holds ``red`` and ``black`` (and the
    7 of clubs, so that she has a choice of plays and is asked)."""
    return dealt(2, {0: (red, black, SEVEN_CLUBS)}, owners=dict.fromkeys(J_B, 1), **kwargs)


# --- Setup ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "money", "units"),
    [(2, 150, 15), (3, 136, 10), (4, 102, 7), (5, 85, 6), (6, 68, 5)],
)
def test_setup_starting_money_is_the_chip_table_and_units_are_shared_equally(
    players, money, units
):
    """Setup: chips by the table (white $1, red $5, blue $10); purchase units divided so
    that each player has the same number (the kit's reconstruction of the lost table)."""
    rules = load_rules("property")
    chips = rules.chips
    value = (
        chips.white * chips.white_by_players[players]
        + chips.red * chips.red_by_players[players]
        + chips.blue * chips.blue_by_players[players]
    )
    assert value == money == rules.starting_cash[players]
    game = dealt(players)
    assert [game.cash(p) for p in range(players)] == [money] * players
    assert game.units.held == [units] * players
    assert game.ledger.balances[game.pile_account["box"]] == -money * players


def test_setup_court_cards_give_thirty_units_and_four_players_leave_two_out():
    """Setup: king four units, queen two, jack and joker one: 30 in all; with four
    players 7 each (a reconstruction), two one-unit cards left out."""
    assert dealt(2).units.total == 30
    assert dealt(4).units.out_of_play == 2
    assert dealt(3).units.out_of_play == 0


@pytest.mark.parametrize("cut", [0, 2])
def test_setup_the_high_card_of_the_cut_plays_first_and_play_rotates_to_the_left(cut):
    """Setup: 'The high card is first ... and play then rotates to the left' (the cut is
    one chance event, every seat as likely); the first player draws his hand first."""
    game = new_game(load_rules("property"), NAMES[:3])
    assert game.pending.purpose == "cut"
    assert game.pending.outcomes == (0, 1, 2)
    game.apply(cut)
    drawn_first = game.cards.hands[cut]
    while game.round == 0:
        game.apply(game.pending.outcomes[0])
        if not drawn_first:
            assert all(not game.cards.hands[p] for p in range(3) if p != cut)
    assert game.turn_player == cut
    seen = []
    while game.round == 1:
        if game.turn_player not in seen:
            seen.append(game.turn_player)
        game.apply(game.legal_actions()[0] if game.actor >= 0 else game.pending.outcomes[0])
    assert seen == [cut, (cut + 1) % 3, (cut + 2) % 3]
    assert game.turn_player == cut  # round 2 starts with him again


def test_setup_the_play_deck_is_forty_cards_ace_to_ten_twenty_of_each_colour():
    """Setup: court cards and jokers removed, 40 cards remain."""
    game = new_game(load_rules("property"), NAMES[:2])
    game.apply(0)  # the cut: Ann plays first
    assert len(game.cards.deck) == 40
    assert sum(1 for card in game.cards.deck if card % 10 < 2) == 20
    assert game.pending.outcomes == game.cards.deck  # the first card may be any of them


def test_the_deal_draws_two_cards_or_more_until_a_red_and_a_black():
    """Setup: 'If the first two cards drawn are of opposite colors ... that completes his
    draw. If the first two cards are the same color, the player continues to draw until
    he gets one card of the other color.'"""
    game = new_game(load_rules("property"), NAMES[:2])
    game.apply(0)  # the cut: Ann plays first
    draw(game, 10, 21)  # two red cards: Ann draws on
    assert sorted(game.cards.hands[0]) == [10, 21]
    draw(game, 41, 32)  # a third red, then a black: done
    assert sorted(game.cards.hands[0]) == [10, 21, 32, 41]
    draw(game, 43, 50)  # Bob: a black and a red
    assert sorted(game.cards.hands[1]) == [43, 50]
    assert game.decision_kind == "play"
    assert game.pending.player == 0
    assert len(game.cards.stock) == 34


# --- Naming a cell ------------------------------------------------------------------------


def test_a_red_and_a_black_card_name_a_cell_ace_of_hearts_and_eight_of_clubs_upper_left():
    """Play: 'a player uses the A♥ and 8♣ to write his initials in the upper left cell'."""
    game = dealt(2, {0: (A_HEARTS, EIGHT_CLUBS)})
    # Her only play is made without asking her; she now draws back up.
    assert game.cells.owner[56] == 0
    assert game.position[0] == 56
    assert game.cells.column_row(56) == (1, 8)
    assert game.history[-1] == EIGHT_CLUBS or game.actor == CHANCE


def test_a_nine_or_ten_names_any_number_from_1_to_8_but_keeps_its_colour():
    """Play: 'Alice plays the A♥ and 10♣. She may place her initials into any empty cell
    in the leftmost column. Bob uses the 9♦ and 9♠ to place his initials into any empty
    cell he chooses.'"""
    alice = dealt(2, {0: (A_HEARTS, 103)})
    assert sorted(a.space for a in alice.legal_actions()) == [cell(1, r) for r in range(1, 9)]
    bob = dealt(2, {0: (91, 92)})
    assert sorted(a.space for a in bob.legal_actions()) == list(range(64))
    assert all((a.red, a.black) == (91, 92) for a in bob.legal_actions())


def test_with_an_exact_card_of_the_same_suit_the_wild_card_is_kept():
    """The kit's reading (wild_choice): one play per cell and pair of suits."""
    game = dealt(2, {0: (THREE_DIAMONDS, 91, FIVE_CLUBS)})
    plays = game.legal_actions()
    assert PlayCards(THREE_DIAMONDS, FIVE_CLUBS, COLUMN_3_ROW_5) in plays
    assert PlayCards(91, FIVE_CLUBS, COLUMN_3_ROW_5) not in plays
    assert len(plays) == 8  # the eight columns of row 5, all with diamonds


def test_an_empty_cell_is_claimed():
    """Play: 'Those two cards are the coordinates of a grid cell into which, if empty,
    the player writes his initials to claim that cell.'"""
    game = dealt(2, {0: (A_HEARTS, 103)})
    play(game, A_HEARTS, 103, cell(1, 3))
    assert game.cells.owner[cell(1, 3)] == 0
    assert not game.cells.mortgaged[cell(1, 3)]
    assert game.ledger.records[-1].reason == "starting cash"  # nothing paid


# --- Rent -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("red", "black", "rent"),
    [
        (THREE_DIAMONDS, FIVE_CLUBS, 6),
        (THREE_HEARTS, FIVE_CLUBS, 12),
        (THREE_DIAMONDS, FIVE_SPADES, 12),
        (THREE_HEARTS, FIVE_SPADES, 24),
    ],
)
def test_rent_is_the_group_size_times_1_2_or_4_by_the_suits_j_b_s_example(red, black, rent):
    """Play: 'one of J.B.'s opponents has played the 3♦ and the 5♣. That player pays J.B.
    $6 for the six cells in J.B.'s group. If the opponent plays the 3♥ and 5♣, or the 3♦
    and 5♠, the rent would be doubled to $12. But if ... the 3♥ and 5♠ ... $24.'"""
    game = jb_game(red, black)
    play(game, red, black, COLUMN_3_ROW_5)
    assert payments(game, "land rent") == [(0, 1, rent)]
    assert game.cash(0) == 150 - rent
    assert game.cash(1) == 150 + rent


def test_cells_touching_only_at_a_corner_are_not_contiguous():
    """Play: '(Cells touching only at a corner are not considered contiguous.)'"""
    owners = {COLUMN_3_ROW_5: 1, cell(4, 6): 1, cell(2, 4): 1, cell(3, 7): 1}
    game = dealt(2, {0: (THREE_DIAMONDS, FIVE_CLUBS, SEVEN_CLUBS)}, owners=owners)
    play(game, THREE_DIAMONDS, FIVE_CLUBS, COLUMN_3_ROW_5)
    assert payments(game, "land rent") == [(0, 1, 1)]


def test_a_mortgaged_cell_still_counts_in_its_owner_s_group_and_earns_rent():
    """The kit's reading (mortgaged_rent)."""
    game = jb_game(THREE_DIAMONDS, FIVE_CLUBS, mortgaged=(COLUMN_3_ROW_5, 35))
    play(game, THREE_DIAMONDS, FIVE_CLUBS, COLUMN_3_ROW_5)
    assert payments(game, "land rent") == [(0, 1, 6)]


# --- Buying ---------------------------------------------------------------------------


def test_after_rent_the_cell_may_be_bought_for_a_unit_a_cell_of_the_group_paid_to_the_owner():
    """Play: 'he may ... purchase the cell on which he paid the rent, provided he holds
    enough purchase units ... to give one unit for each cell in the group. The purchase
    units are then taken by the original owner ... The initials in the cell are erased
    and replaced with those of the buyer.'"""
    game = jb_game(THREE_DIAMONDS, FIVE_CLUBS)
    play(game, THREE_DIAMONDS, FIVE_CLUBS, COLUMN_3_ROW_5)
    assert game.decision_kind == "buy"
    assert game.legal_actions() == [BuyCell(COLUMN_3_ROW_5, 6), DECLINE]
    game.apply(BuyCell(COLUMN_3_ROW_5, 6))
    assert game.cells.owner[COLUMN_3_ROW_5] == 0
    assert game.units.held == [9, 21]
    assert game.cash(0) == 144  # the rent is paid as well; the units are not money
    assert game.units.moves[-1][1:] == (0, 1, 6, COLUMN_3_ROW_5)


def test_the_suits_change_the_rent_but_not_the_units_needed():
    """Play: 'The suits used in the original play affect the amount of rent, but do not
    affect the number of purchase units required.'"""
    game = jb_game(THREE_HEARTS, FIVE_SPADES)
    play(game, THREE_HEARTS, FIVE_SPADES, COLUMN_3_ROW_5)
    assert payments(game, "land rent") == [(0, 1, 24)]
    assert game.legal_actions()[0] == BuyCell(COLUMN_3_ROW_5, 6)


def test_without_enough_units_no_purchase_is_offered():
    """Play: 'provided he holds enough purchase units'."""
    game = jb_game(THREE_DIAMONDS, FIVE_CLUBS, units={0: 5})
    play(game, THREE_DIAMONDS, FIVE_CLUBS, COLUMN_3_ROW_5)
    assert game.decision_kind != "buy"
    assert game.cells.owner[COLUMN_3_ROW_5] == 1


def test_the_owner_may_spend_the_units_he_was_paid():
    """Play: the units are taken by the original owner, 'who may use them for making
    future purchases of his own'."""
    game = dealt(
        2,
        {0: (THREE_DIAMONDS, FIVE_CLUBS, SEVEN_CLUBS), 1: (21, 22, 72)},
        owners={COLUMN_3_ROW_5: 1, cell(2, 2): 0},
        units={0: 1, 1: 0},
    )
    play(game, THREE_DIAMONDS, FIVE_CLUBS, COLUMN_3_ROW_5)  # $1 rent for one cell
    game.apply(BuyCell(COLUMN_3_ROW_5, 1))
    assert game.units.held == [0, 1]
    draw(game, A_DIAMONDS)  # Ann draws back up to a red card
    play(game, 21, 22, cell(2, 2))  # Bob: 2 of diamonds and 2 of spades, on Ann's cell
    assert payments(game, "land rent") == [(0, 1, 1), (1, 0, 2)]
    assert game.legal_actions() == [BuyCell(cell(2, 2), 1), DECLINE]
    game.apply(BuyCell(cell(2, 2), 1))
    assert game.units.held == [1, 0]


def test_a_player_declining_keeps_his_units():
    game = jb_game(THREE_DIAMONDS, FIVE_CLUBS)
    play(game, THREE_DIAMONDS, FIVE_CLUBS, COLUMN_3_ROW_5)
    game.apply(DECLINE)
    assert game.units.held == [15, 15]
    assert game.cells.owner[COLUMN_3_ROW_5] == 1


# --- One's own cells ----------------------------------------------------------------------


def test_playing_on_one_s_own_cell_mortgages_it_with_no_compensation():
    """Play: 'When a player uses two cards that designate a cell he already owns, he is
    said to have "mortgaged" that piece of property ... There is no compensation.'"""
    game = dealt(2, {0: (THREE_DIAMONDS, FIVE_CLUBS, SEVEN_CLUBS)}, owners={COLUMN_3_ROW_5: 0})
    before = len(game.ledger.records)
    play(game, THREE_DIAMONDS, FIVE_CLUBS, COLUMN_3_ROW_5)
    assert game.cells.owner[COLUMN_3_ROW_5] == 0
    assert game.cells.mortgaged[COLUMN_3_ROW_5]
    assert len(game.ledger.records) == before
    assert game.cash(0) == 150


def test_playing_on_one_s_own_mortgaged_cell_loses_it_and_it_may_be_occupied_again():
    """Play: 'When a player plays on a mortgaged piece of his own property, he loses that
    piece of property. All markings in that cell are erased, and it may then be occupied
    as any other empty cell.'"""
    game = dealt(
        2,
        {0: (THREE_DIAMONDS, FIVE_CLUBS, SEVEN_CLUBS), 1: (30, 52, 72)},
        owners={COLUMN_3_ROW_5: 0},
        mortgaged=(COLUMN_3_ROW_5,),
    )
    play(game, THREE_DIAMONDS, FIVE_CLUBS, COLUMN_3_ROW_5)
    assert game.cells.owner[COLUMN_3_ROW_5] == -1
    assert not game.cells.mortgaged[COLUMN_3_ROW_5]
    draw(game, A_DIAMONDS)
    play(game, 30, 52, COLUMN_3_ROW_5)  # Bob claims it, paying nothing
    assert game.cells.owner[COLUMN_3_ROW_5] == 1
    assert payments(game, "land rent") == []


def test_a_mortgage_remains_on_a_cell_that_is_sold():
    """Play: 'If a player buys from another player a piece of property that has a
    mortgage on it, the mortgage remains.'"""
    game = jb_game(THREE_DIAMONDS, FIVE_CLUBS, mortgaged=(COLUMN_3_ROW_5,))
    play(game, THREE_DIAMONDS, FIVE_CLUBS, COLUMN_3_ROW_5)
    game.apply(BuyCell(COLUMN_3_ROW_5, 6))
    assert game.cells.owner[COLUMN_3_ROW_5] == 0
    assert game.cells.mortgaged[COLUMN_3_ROW_5]


# --- Drawing and the stock ---------------------------------------------------------------


def test_after_playing_a_player_draws_until_he_holds_a_red_and_a_black_card():
    """Play: 'after making her play, Alice has three black cards in her hand. She must draw
    cards from the stock until she gets a red card.'"""
    game = new_game(load_rules("property"), NAMES[:2])
    game.apply(0)  # the cut: Ann plays first
    draw(game, 42, 43, 52, 53, 10)  # Ann: four black cards, then a red one
    draw(game, 11, 12)  # Bob
    play(game, 10, 42, cell(1, 4))
    assert sorted(game.cards.hands[0]) == [43, 52, 53]
    draw(game, 62, 73)  # a black card: she draws on
    assert game.actor == CHANCE
    draw(game, 20)  # a red one: done
    assert sorted(game.cards.hands[0]) == [20, 43, 52, 53, 62, 73]
    # Bob's turn: his one play (ace of diamonds, ace of spades) is made, and he draws.
    assert game.turn_player == 1
    assert game.cells.owner[cell(1, 1)] == 1


def test_when_the_stock_is_exhausted_the_played_cards_are_shuffled_into_a_new_stock():
    """Play: 'When the stock is exhausted, the previously played cards are shuffled and
    turned face down as a new stock.'"""
    game = dealt(2, {0: (THREE_DIAMONDS, FIVE_CLUBS, SEVEN_CLUBS)})
    game.cards.discards.extend(game.cards.stock[:4])
    played_before = list(game.cards.discards)
    del game.cards.stock[:]
    play(game, THREE_DIAMONDS, FIVE_CLUBS, COLUMN_3_ROW_5)
    assert game.cards.reshuffles == 1
    assert set(game.pending.outcomes) == {*played_before, THREE_DIAMONDS, FIVE_CLUBS}
    assert game.cards.discards == []


# --- Bankruptcy and the end ---------------------------------------------------------------


def test_a_rent_greater_than_his_money_takes_all_of_it_and_he_is_bankrupt():
    """Play: 'When a player is required to pay a rent greater than his supply of money, he
    gives the owner all of his money and is declared bankrupt.'"""
    game = jb_game(THREE_HEARTS, FIVE_SPADES, cash={0: 20})
    play(game, THREE_HEARTS, FIVE_SPADES, COLUMN_3_ROW_5)
    assert game.bankrupt[0]
    assert payments(game, "bankruptcy") == [(0, 1, 20)]
    assert game.cash(0) == 0
    assert game.is_over


def test_a_rent_equal_to_his_money_is_paid_and_he_is_not_bankrupt():
    """The kit's reading (exact_rent): bankrupt only when the rent is greater."""
    game = jb_game(THREE_HEARTS, FIVE_SPADES, cash={0: 24})
    play(game, THREE_HEARTS, FIVE_SPADES, COLUMN_3_ROW_5)
    assert not game.bankrupt[0]
    assert game.cash(0) == 0
    assert not game.is_over


def test_the_first_bankruptcy_ends_the_game_and_the_most_money_wins_property_not_counted():
    """Play: 'As soon as one player is bankrupted, the game ends. The other players count
    their money and the one with the greatest amount wins, property not being
    considered.'"""
    owners = {**dict.fromkeys(J_B, 1), **dict.fromkeys(range(56, 64), 2)}
    game = dealt(
        3, {0: (THREE_HEARTS, FIVE_SPADES, SEVEN_CLUBS)}, owners=owners, cash={0: 10, 2: 140}
    )
    play(game, THREE_HEARTS, FIVE_SPADES, COLUMN_3_ROW_5)
    assert game.is_over
    outcome = game.family.outcome(game)
    assert outcome.winners == (1,)  # $146 beats Cy's $140 and his eight cells
    assert outcome.scores == (0, 146, 140)
    assert outcome.left_in_round == (1, -1, -1)
    assert "first bankruptcy" in game.end_reason
    assert game.returns() == [0.0, 1.0, 0.0]


def test_counting_property_each_cell_is_worth_five_dollars_at_the_end():
    """Play: 'each piece of property is counted as being worth $5. This applies only in
    counting a player's worth at the end of the game.'"""
    owners = {**dict.fromkeys(J_B, 1), **dict.fromkeys(range(56, 64), 2)}
    game = dealt(
        3,
        {0: (THREE_HEARTS, FIVE_SPADES, SEVEN_CLUBS)},
        owners=owners,
        cash={0: 10, 2: 140},
        count_property=True,
    )
    play(game, THREE_HEARTS, FIVE_SPADES, COLUMN_3_ROW_5)
    outcome = game.family.outcome(game)
    assert outcome.scores == (0, 146 + 30, 140 + 40)
    assert outcome.winners == (2,)
    assert payments(game, "bankruptcy") == [(0, 1, 10)]  # never used to pay rent


def test_the_longer_game_goes_on_to_the_second_bankruptcy_the_bankrupt_s_cells_vacated():
    """Play: 'continue the game until two or, if desired, three players are bankrupt. A
    bankrupt player's property is vacated and may be reoccupied in the regular manner.'"""
    owners = {**dict.fromkeys(J_B, 1), cell(1, 1): 0, cell(8, 8): 2}
    game = dealt(
        3,
        {0: (THREE_HEARTS, FIVE_SPADES, SEVEN_CLUBS)},
        owners=owners,
        cash={0: 10},
        bankruptcies_to_end=2,
    )
    play(game, THREE_HEARTS, FIVE_SPADES, COLUMN_3_ROW_5)
    assert game.bankrupt[0]
    assert not game.is_over
    assert game.cells.owner[cell(1, 1)] == -1  # vacated
    assert game.cells.owner[cell(8, 8)] == 2
    assert game.turn_player == 1
    assert game.cards.hands[0] == []


def test_the_longer_game_ends_at_the_third_bankruptcy_when_agreed():
    rules = load_rules("property", bankruptcies_to_end=3)
    for seed in range(3):
        game = Session(rules, ["eager_landlord"] * 5, seed=seed).run()
        assert len(game.bankruptcies) == 3
        assert "third bankruptcy" in game.end_reason
        assert len(game.family.outcome(game).winners) >= 1


def test_the_kit_s_round_limit_ends_a_game_and_the_most_money_wins():
    """The kit's reading (end): a round limit so a simulation always ends."""
    game = Session("property", ["cautious_tenant"] * 3, seed=2, round_limit=3).run()
    assert game.round == 3
    assert "round limit (3)" in game.end_reason
    cash = [game.cash(p) for p in range(3)]
    assert {cash[p] for p in game.winners} == {max(cash)}


def test_no_trading_and_no_deals_only_plays_and_purchases_are_offered():
    """Play: 'No trading and no deals other than those specifically mentioned in the rules
    should be allowed.'"""
    kinds, actions = set(), set()
    for seed in range(4):
        session = Session("property", ["random"] * 3, seed=seed)
        game = session.game
        while not game.is_over:
            if game.decision_kind:
                kinds.add(game.decision_kind)
                actions.update(type(a) for a in game.legal_actions())
            session.step()
    assert kinds == {"play", "buy"}
    assert actions == {PlayCards, BuyCell, Decline}


# --- The bots ----------------------------------------------------------------------------


def test_when_every_cell_bankrupts_him_a_bot_chooses_the_lowest_rent():
    """Play: 'a player will have a choice of ... cells, any one of which will bankrupt
    him. To avoid hard feelings, he should choose the one with the lowest rent.'"""
    owners = {**dict.fromkeys(J_B, 1), cell(3, 1): 1}
    game = dealt(2, {0: (THREE_DIAMONDS, 92)}, owners=owners, cash={0: 1})
    view = game.observe(0)
    ruinous = [p for p in game.legal_actions() if p.space in (COLUMN_3_ROW_5, cell(3, 1))]
    for strategy in ("eager_landlord", "cautious_tenant", "single_taxer", "strategy_guide"):
        bot = make_policy(strategy)
        assert bot.decide(view, "play", ruinous, None).space == cell(3, 1)  # $2, not $12
        values = {p.space: weigh(bot, view, 0, p) for p in ruinous}
        assert values[COLUMN_3_ROW_5] < values[cell(3, 1)] < 0


def test_a_cautious_bot_claims_an_empty_cell_rather_than_pay_rent():
    game = jb_game(THREE_DIAMONDS, 92)  # the 9 of spades: any row in column 3
    choice = make_policy("cautious_tenant").decide(
        game.observe(0), "play", game.legal_actions(), None
    )
    assert game.cells.owner[choice.space] == -1


def test_an_aggressive_bot_grows_its_largest_group_and_buys_whenever_it_can():
    owners = {cell(1, 1): 0, cell(2, 1): 0, cell(8, 8): 0}
    game = dealt(2, {0: (THREE_DIAMONDS, 92)}, owners=owners)
    eager = make_policy("eager_landlord")
    choice = eager.decide(game.observe(0), "play", game.legal_actions(), None)
    assert choice.space == cell(3, 1)  # joins the group of two
    game = jb_game(THREE_DIAMONDS, FIVE_CLUBS, units={0: 6})
    play(game, THREE_DIAMONDS, FIVE_CLUBS, COLUMN_3_ROW_5)
    legal = game.legal_actions()
    assert eager.decide(game.observe(0), "buy", legal, None) == BuyCell(COLUMN_3_ROW_5, 6)
    cautious = make_policy("cautious_tenant")
    assert cautious.decide(game.observe(0), "buy", legal, None) == DECLINE  # keeps units


# --- What the players see ---------------------------------------------------------------


def test_a_view_shows_a_player_his_own_hand_and_only_how_many_cards_the_others_hold():
    game = dealt(2, {0: (THREE_DIAMONDS, FIVE_CLUBS, SEVEN_CLUBS), 1: (30, 52, 72)})
    seen = game.observe(1).snapshot()
    assert seen["hand"] == [30, 52, 72]
    assert seen["hand_sizes"] == [3, 3]
    assert seen["stock_size"] == 34
    assert not {"hands", "stock", "cards"} & set(seen)
    assert not {"hands", "stock", "cards"} & set(dir(game.observe(1)))


def test_the_grid_in_words_is_a_table_of_eight_rows_and_columns_with_mortgages_starred():
    game = dealt(2, owners={56: 0, 7: 1}, mortgaged=(56,))
    text = board_words(game, game.observe(0), ["Ann", "Bob"], "$")
    players, grid = text.split('<table class="property-grid">')
    assert grid.count('scope="col"') == 8
    assert grid.count('scope="row"') == 8
    assert grid.count("<td>") == 64
    rows = grid.split("<tr>")
    assert '<th scope="row">row 8</th><td>Ann*</td>' in rows[2]  # the top row first
    assert rows[-1].startswith('<th scope="row">row 1</th>')
    assert "<td>Bob</td></tr>" in rows[-1].split("</table>")[0]
    # The players: money, net worth, cells (mortgaged), units and how many cards, never which.
    assert "<caption>The players</caption>" in players
    assert "<th scope='row'>Ann</th><td>$150</td><td>$155</td><td>1 (1 mortgaged)</td>" in players
    assert "Your hand" not in text
    assert "Each hand is seen by its holder only" in text


def test_the_board_picture_draws_initials_asterisks_and_the_last_play():
    game = dealt(2, owners={56: 0, 7: 1}, mortgaged=(56,))
    svg = board_svg(game, size=400, names=["Ann", "Bob"], last_move=7)
    assert 'data-space="56" data-holder="0" data-mortgaged="1"' in svg
    assert ">A</text>" in svg
    assert ">B</text>" in svg
    assert ">*</text>" in svg
    assert 'data-space="7" data-holder="1" data-mortgaged="0" data-last="1"' in svg
    assert "Ann holds 1 cell (1 mortgaged); Bob holds 1 cell; 62 cells are empty" in svg


def test_the_event_log_and_questions_speak_the_game_s_words():
    session = Session("property", ["human", "eager_landlord"], seed=2, names=["Ann", "Bob"])
    game = session.game
    voice = game.family.voice(game)
    lines = []
    for _ in range(200):
        if game.is_over:
            break
        if game.actor == 0:
            assert game.family.question(game, 0).startswith(("your turn", "you paid rent"))
            assert game.family.question(game, 1) == ""
            assert game.family.question_help(game, 0)
            game.apply(game.legal_actions()[0])
            continue
        told = len(game.ledger.records)
        voice.before()
        pending, history = game.pending, len(game.history)
        session.step()
        lines += voice.after(pending, game.history[history], game.ledger.records[told:])
    assert lines[0].endswith("cuts the high card and plays first")
    assert lines[1].endswith("draws a card")
    assert any(line.startswith("Bob plays") for line in lines)
    assert "cells held" in game.family.finances_html(game)


# --- Rule files ----------------------------------------------------------------------------


def _edited_rules(tmp_path, name, edit):
    """A copy of property.toml with ``edit`` applied, its grid read from the kit's CSV."""
    toml, grid = load_rules("property").files[:2]
    with open(toml, encoding="utf-8") as file:
        text = file.read()
    text = text.replace('board = "property_grid.csv"', f'board = "{grid}"')
    path = tmp_path / name
    path.write_text(edit(text), encoding="utf-8")
    return load_rules(path)


def test_a_rule_file_whose_wild_cards_do_not_fit_the_grid_names_the_file_and_field(tmp_path):
    rules = _edited_rules(
        tmp_path, "bad.toml", lambda t: t.replace("wild_from = 9", "wild_from = 7")
    )
    with pytest.raises(RulesError, match=r"bad.toml: field 'play_deck.wild_from'"):
        new_game(rules, ["Ann", "Bob"])


def test_a_rule_file_without_a_section_the_family_reads_names_it(tmp_path):
    from landlord.families import family_of

    def cut(text):
        return text[: text.index("[cell_rent]")] + text[text.index("[cell_purchase]") :]

    with pytest.raises(RulesError, match=r"short.toml: section \[cell_rent\]"):
        family_of(_edited_rules(tmp_path, "short.toml", cut))


# --- What every game promises -----------------------------------------------------------


def test_property_keeps_every_promise_of_a_game():
    report = check_rule_set("property", games=9, seed=11)
    assert report.problems == []


@pytest.mark.parametrize(
    "options", [{"bankruptcies_to_end": 3, "count_property": True}, {"round_limit": 5}]
)
def test_its_options_keep_every_promise_too(options):
    assert check_rule_set(load_rules("property", **options), games=4, seed=3).problems == []


def test_the_same_seed_gives_the_same_game():
    bots = ["eager_landlord", "cautious_tenant", "random"]
    first = Session("property", bots, seed=5).run()
    second = Session("property", bots, seed=5).run()
    assert first.history == second.history
    assert ledger_digest(first.ledger) == ledger_digest(second.ledger)
    assert first.is_over
    assert first.family.outcome(first).winners


def test_a_seeded_game_saved_to_json_replays_to_the_same_game(tmp_path):
    session = Session("property", ["random", "eager_landlord", "cautious_tenant"], seed=8)
    game = session.run()
    saved = GameRecord.from_session(session).save(tmp_path / "property.json")
    again = load_game(saved)
    assert again.game.history == game.history
    assert ledger_digest(again.game.ledger) == ledger_digest(game.ledger)
    assert again.game.cells.owner == game.cells.owner
    state = GameState.from_json(json.loads(json.dumps(game.to_json())))
    assert state.units.held == game.units.held
    assert state.end_reason == game.end_reason


# --- Invariants after every step (hypothesis) ------------------------------------------

BOTS = ("random", "eager_landlord", "cautious_tenant", "single_taxer", "strategy_guide")

property_setups = st.fixed_dictionaries(
    {
        "seed": st.integers(0, 2**32 - 1),
        "bots": st.lists(st.sampled_from(BOTS), min_size=2, max_size=6),
        "bankruptcies_to_end": st.sampled_from([1, 2, 3]),
        "count_property": st.booleans(),
    }
)


def check_property_invariants(game):
    """What holds at every step: the 40 cards are all somewhere, once; units are neither
    made nor lost; money is conserved and only the box's start is outside the players;
    every hand of a player in the game holds both colours after the deal; no cell is held
    by a bankrupt player in the longer game."""
    cards = game.cards
    every = sorted(cards.stock + cards.discards + [c for hand in cards.hands for c in hand])
    assert every == sorted(cards.deck)
    assert sum(game.units.held) + game.units.out_of_play == game.units.total
    assert sum(game.ledger.balances) == 0
    n = game.n_players
    assert sum(game.ledger.balances[:n]) == n * game.rules.starting_cash[n]
    assert all(game.cash(p) >= 0 for p in range(n))
    assert all(not game.cells.mortgaged[c] for c in range(64) if game.cells.owner[c] < 0)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=property_setups)
def test_invariants_hold_after_every_step(setup):
    bots = setup.pop("bots")
    seed = setup.pop("seed")
    session = Session("property", bots, seed=seed, **setup)
    while session.step():
        check_property_invariants(session.game)
    game = session.game
    assert game.is_over
    assert game.winners
    assert not any(game.bankrupt[p] for p in game.winners)
    assert len(game.bankruptcies) <= setup["bankruptcies_to_end"]


def test_a_long_list_of_plays_is_grouped_by_the_pair_of_cards():
    """The play app shows at most a few buttons: a wild card's cells under one group."""
    from landlord.table import ChoiceGroup, GameTable

    table = GameTable("property", ["human", "eager_landlord"], seed=3)
    while table.waiting_for is None or len(table.choices()) <= 8:
        if table.waiting_for is not None:
            table.choose(0)
        else:
            table.play_turn()
    menu = table.choice_menu()
    assert len(menu) <= 8
    groups = [item for item in menu if isinstance(item, ChoiceGroup)]
    assert groups
    for group in groups:
        assert group.label.startswith("play ")
        assert re.search(r"on (a cell of (column|row) \d|any cell)$", group.label)
        assert len(group.choices) >= 2
        assert all(words.startswith(group.label.split(" on ")[0]) for _, words in group.choices)


def test_a_hand_left_without_a_colour_draws_again_at_its_next_turn():
    """Audit: a player whose draw found neither stock nor discards passed at every later turn
    and never drew again, though the others' plays had made discards (278 of 300 games with
    a shortened deck stranded a player). He now draws at his turn, then plays."""
    session = Session("property", ["eager_landlord"] * 3, seed=2)
    game = session.game
    while getattr(game.pending, "player", None) != 0:  # player 0 about to play
        session.step()
    cards, stranded = game.cards, 1  # the next to play
    hand = cards.hands[stranded]
    reds = [card for card in hand if card % 10 < 2]
    for card in reds if len(reds) < len(hand) else hand[:0]:
        hand.remove(card)  # his hand one colour, as a draw from nothing leaves it
        cards.discards.append(card)
    assert cards.lacks_a_colour(stranded)
    before = game.position[stranded]
    while game.turn_player != (stranded + 1) % 3 or getattr(game.pending, "player", 0) == 0:
        session.step()
    assert not cards.lacks_a_colour(stranded)
    assert game.position[stranded] != before  # he drew, then played a pair of cards
