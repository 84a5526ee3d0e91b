"""Quikopoly's rules (seed 001), one by one, on hand-set games; then the kit's promises.

The tiles are laid in the board file's order unless a test says otherwise, so
position 1 holds the red ace and 2 the red 2 (set 1), 3 and 4 the red three and
four (set 2), 6 and 7 the blue ace and two (set 3), and so on; the corners are
Go (0), Prison (5), Go-to-Go (10) and Community Chest (15).
"""

from __future__ import annotations

import pytest

from landlord.conformance import check_rule_set
from landlord.engine import CHANCE, new_game
from landlord.engine.actions import DECLINE, PAY_FINE, ROLL, STAY_IN_PRISON, BuildHotel, Buy
from landlord.engine.history import ledger_digest
from landlord.families.quikopoly.fair_trades import find_circle
from landlord.rules import load_rules
from landlord.session import Session

NAMES = ("Ann", "Bob", "Cy", "Di")
GO, PRISON, GO_TO_GO, CHEST = 0, 5, 10, 15
RED_ACE, RED_2, RED_3, RED_4, BLUE_ACE, BLUE_2 = 1, 2, 3, 4, 6, 7


def laid_game(players=2, *, owners=None, hotels=None, cash=None, positions=None, bank=None):
    """A game with the tiles laid in file order, paused at player 0's first throw."""
    game = new_game(load_rules("quikopoly"), NAMES[:players])
    while game.actor == CHANCE and game.pending.purpose == "layout":
        game.apply(game.pending.outcomes[0])
    supply = game.pile_account["supply"]
    for position, holder in (owners or {}).items():
        game.tiles.owner[position] = holder
    for position, count in (hotels or {}).items():
        game.tiles.hotels[position] = count
        game.ledger.transfer(supply, game.hotel_pile, count, "test")
    for account, amount in [
        *(cash or {}).items(),
        *([(game.bank, bank)] if bank is not None else []),
    ]:
        difference = amount - game.ledger.balances[account]
        if difference > 0:
            game.ledger.transfer(supply, account, difference, "test")
        elif difference < 0:
            game.ledger.transfer(account, supply, -difference, "test")
    for player, position in (positions or {}).items():
        game.position[player] = position
    return game


def laid_by_seed(seed):
    """A game of two random players, its tiles laid by the seeded layout stream."""
    session = Session("quikopoly", ["random"] * 2, seed=seed)
    while session.game.actor == CHANCE and session.game.pending.purpose == "layout":
        session.step()
    return session.game


def throw(game, face):
    """Throw the die (6 is the null, 1 the ace)."""
    assert game.actor == CHANCE, game.pending
    assert game.pending.purpose == "dice", game.pending
    game.apply(face)


def payments(game, reason):
    return [(r.payer, r.payee, r.amount) for r in game.ledger.records if r.reason == reason]


# --- Setup ------------------------------------------------------------------------------


def test_setup_each_player_has_nine_coins_and_the_bank_the_four_left_with_four_players():
    """Setup: four coins worth one and the null coin worth five; four coins in the bank."""
    game = laid_game(4)
    assert [game.cash(p) for p in range(4)] == [9, 9, 9, 9]
    assert game.bank_coins == 4
    assert game.position == [GO] * 4


@pytest.mark.parametrize(("players", "coins"), [(2, 14), (3, 9)])
def test_setup_with_fewer_players_the_bank_also_holds_the_unused_colours(players, coins):
    """The kit's reading: each colour played leaves one of its six coins, and each colour
    nobody plays adds all six (2 + 12 and 3 + 6)."""
    assert laid_game(players).bank_coins == coins


def test_setup_the_nulls_are_the_corners_and_the_sixteen_tiles_lie_face_down_at_random():
    """Setup: corners fixed; the 16 property tiles shuffled face down, the layout by seed."""
    layouts = set()
    for seed in range(4):
        game = laid_by_seed(seed)
        names = [game.tile_name(p) for p in range(20)]
        assert [names[c] for c in (GO, PRISON, GO_TO_GO, CHEST)] == [
            "Go",
            "Prison",
            "Go-to-Go",
            "Community Chest",
        ]
        assert sorted(game.tiles.set_of) == [0] * 4 + sorted(list(range(1, 9)) * 2)
        assert game.tiles.face_down() == list(game.tiles.properties)
        layouts.add(tuple(names))
    assert len(layouts) == 4
    again = laid_by_seed(3)
    assert [again.tile_name(p) for p in range(20)] == [game.tile_name(p) for p in range(20)]


def test_a_view_does_not_show_which_tile_lies_face_down():
    """Face-down tiles are hidden: the view shows a set only for tiles face up."""
    game = laid_game(owners={RED_ACE: 0})
    view = game.observe(1)
    assert view.face_up_sets[RED_ACE] == 1
    assert view.face_up_sets[RED_2] == 0


# --- The die, moving, Go -----------------------------------------------------------------


def test_the_die_a_null_counts_six_and_an_ace_one():
    """Play: 'a zero on the die is six, an ace is one'."""
    game = laid_game()
    throw(game, 6)
    assert game.position[0] == 6
    assert game.decision_kind == "buy"
    game.apply(DECLINE)
    throw(game, 1)
    assert game.position[1] == 1


def test_passing_or_landing_on_go_pays_a_coin_while_the_bank_has_one():
    """Play: 'If you land on or pass Go you receive a coin from the bank, as long as the bank
    has coins'."""
    game = laid_game(positions={0: 18, 1: 19}, bank=1)
    throw(game, 4)  # 18 -> 2, passing Go
    assert game.cash(0) == 10
    assert game.bank_coins == 0
    game.apply(DECLINE)
    throw(game, 1)  # 19 -> Go, landing: the bank is empty
    assert game.position[1] == GO
    assert game.cash(1) == 9


def test_go_to_go_moves_straight_to_go_without_a_coin():
    """Play: 'If you land on Go-To-Go you immediately move to the Go square, you do not
    collect a coin'."""
    game = laid_game(positions={0: 8})
    throw(game, 2)
    assert game.position[0] == GO
    assert game.cash(0) == 9
    assert not payments(game, "salary")


# --- Buying and rent -------------------------------------------------------------------


def test_a_face_down_tile_is_bought_for_one_coin_paid_to_the_bank_and_faces_its_owner():
    """Play: 'If you wish to buy it you must pay one coin to the bank'."""
    game = laid_game()
    throw(game, 2)
    assert game.decision_kind == "buy"
    assert game.decision_about == RED_2
    assert game.legal_actions() == [Buy(RED_2, 1), DECLINE]
    game.apply(Buy(RED_2, 1))
    assert game.tiles.owner[RED_2] == 0
    assert game.cash(0) == 8
    assert game.bank_coins == 15  # 14 + the coin paid
    assert payments(game, "property bought") == [(0, game.bank, 1)]


def test_a_tile_not_bought_stays_face_down():
    """Play: 'If you do not wish to buy it then it remains face down'."""
    game = laid_game()
    throw(game, 2)
    game.apply(DECLINE)
    assert RED_2 in game.tiles.face_down()


def test_rent_is_one_coin_for_a_tile_whose_owner_holds_only_one_of_its_set():
    """Play: 'If the player own only one square in that set you pay one coin'."""
    game = laid_game(owners={RED_2: 1})
    throw(game, 2)
    assert game.cash(0) == 8
    assert game.cash(1) == 10
    assert payments(game, "land rent") == [(0, 1, 1)]


def test_rent_is_two_coins_on_a_complete_set_without_hotels():
    """Play: 'If the player owns both squares in that set and the square does not have a hotel
    you pay two coins'."""
    game = laid_game(owners={RED_ACE: 1, RED_2: 1})
    throw(game, 2)
    assert game.cash(0) == 7
    assert game.cash(1) == 11


def test_rent_is_two_coins_plus_one_per_hotel():
    """Play: 'you pay two coins plus one coin per hotel'."""
    game = laid_game(owners={RED_ACE: 1, RED_2: 1}, hotels={RED_2: 2, RED_ACE: 2})
    throw(game, 2)
    assert game.cash(0) == 5
    assert game.cash(1) == 13
    assert payments(game, "land rent") == [(0, 1, 2)]
    assert payments(game, "house rent") == [(0, 1, 2)]


def test_no_rent_on_ones_own_tile():
    game = laid_game(owners={RED_2: 0})
    throw(game, 2)
    assert game.cash(0) == 9


# --- Hotels -----------------------------------------------------------------------------


def test_hotels_only_on_a_complete_set_and_spread_evenly_over_it():
    """Play: a hotel (one of your coins) on a square of a complete set; 'each square in the
    set has the same number of hotels or one different'."""
    game = laid_game(owners={RED_ACE: 1, RED_2: 1, RED_3: 1}, positions={0: 19})
    throw(game, 1)  # Ann lands on Go; then Bob, who holds set 1 whole, is asked before his throw
    assert game.decision_kind == "turn"
    assert game.pending.player == 1
    assert game.legal_actions() == [ROLL, BuildHotel(RED_ACE), BuildHotel(RED_2)]
    game.apply(BuildHotel(RED_ACE))
    assert game.tiles.hotels[RED_ACE] == 1
    assert game.cash(1) == 8
    assert game.ledger.balances[game.hotel_pile] == 1
    # Now only the red 2 may take the next one; the red 3 (set 2 not whole) never.
    assert game.legal_actions() == [ROLL, BuildHotel(RED_2)]
    game.apply(BuildHotel(RED_2))
    assert game.legal_actions() == [ROLL, BuildHotel(RED_ACE), BuildHotel(RED_2)]
    game.apply(ROLL)
    assert game.pending.purpose == "dice"


def test_short_of_money_a_player_returns_hotels_two_for_a_coin():
    """Play: 'If you are not able to pay then you remove some or all of your hotels. You
    receive one coin for every two hotels you return'."""
    game = laid_game(
        owners={RED_ACE: 1, RED_2: 1, BLUE_ACE: 0, BLUE_2: 0},
        hotels={BLUE_ACE: 2, BLUE_2: 2},
        cash={0: 1},
    )
    throw(game, 2)  # the red 2: rent 2, he has 1
    assert game.cash(0) == 0
    assert game.cash(1) == 11
    assert sorted((game.tiles.hotels[BLUE_ACE], game.tiles.hotels[BLUE_2])) == [1, 1]
    assert payments(game, "buildings sold") == [
        (game.hotel_pile, 0, 1),
        (game.hotel_pile, game.bank, 1),
    ]
    assert not game.bankrupt[0]


# --- Community Chest and Prison -----------------------------------------------------------


def test_community_chest_an_even_throw_pays_the_bank_a_coin():
    """Play: 'having rolled an even number (including null) you must pay the bank a coin'."""
    game = laid_game(positions={0: 11})
    throw(game, 4)
    assert game.position[0] == CHEST
    assert game.cash(0) == 8
    assert game.bank_coins == 15  # 14 + the coin paid


def test_community_chest_an_odd_throw_takes_a_coin_from_the_bank_if_it_has_one():
    """Play: 'having rolled an odd number (including ace) you take a coin from the bank'; the
    kit's reading: an empty bank gives nothing."""
    game = laid_game(positions={0: 12, 1: 14}, bank=1)
    throw(game, 3)
    assert game.cash(0) == 10
    assert game.bank_coins == 0
    throw(game, 1)
    assert game.cash(1) == 9


def test_landing_on_prison_holds_the_player_until_he_throws_a_null():
    """Play: stay 'until in a subsequent go you throw a null'; the null moves him six."""
    game = laid_game(positions={0: 2})
    throw(game, 3)
    assert game.in_prison[0]
    throw(game, 1)  # Bob: Go -> red ace
    game.apply(DECLINE)
    throw(game, 6)  # Ann throws a null: free, and moves six
    assert not game.in_prison[0]
    assert game.position[0] == PRISON + 6
    assert not payments(game, "jail fine")


def test_in_prison_a_player_may_pay_a_coin_and_move_his_throw_or_stay():
    """Play: 'or you choose to pay one coin and move the number indicated on your die'."""
    game = laid_game(positions={0: 16, 1: PRISON})
    game.in_prison[1] = True
    throw(game, 4)  # Ann: 16 -> Go
    throw(game, 2)  # Bob in Prison throws a 2
    assert game.decision_kind == "prison"
    assert game.legal_actions() == [PAY_FINE, STAY_IN_PRISON]
    game.apply(STAY_IN_PRISON)
    assert game.in_prison[1]
    assert game.position[1] == PRISON
    throw(game, 5)  # Ann: Go -> Prison herself
    throw(game, 2)
    game.apply(PAY_FINE)
    assert not game.in_prison[1]
    assert game.position[1] == BLUE_2
    assert payments(game, "jail fine") == [(1, game.bank, 1)]


def test_the_third_throw_in_prison_must_be_paid_for_and_moved():
    """Play: 'You may spend three turns maximum in prison. You must pay one coin on your third
    throw'."""
    game = laid_game(positions={0: 16, 1: PRISON})
    game.in_prison[1] = True
    throw(game, 4)  # Ann: 16 -> Go
    throw(game, 2)
    game.apply(STAY_IN_PRISON)
    throw(game, 2)  # Ann: Go -> red 2
    game.apply(DECLINE)
    throw(game, 2)
    game.apply(STAY_IN_PRISON)
    throw(game, 4)  # Ann: red 2 -> blue ace
    game.apply(DECLINE)
    throw(game, 2)  # Bob's third throw: no question asked
    assert not game.in_prison[1]
    assert game.position[1] == BLUE_2
    assert game.cash(1) == 8


# --- Bankruptcy and the end --------------------------------------------------------------


def test_a_bankrupt_player_leaves_and_his_property_goes_to_his_creditor_and_the_last_wins():
    """Play: 'If you still cannot pay you are bankrupt and leave the game. All your property
    becomes owned by the player to whom you owe a debt ... until there is a single player
    remaining'."""
    game = laid_game(owners={RED_ACE: 1, RED_2: 1, RED_3: 0}, cash={0: 1})
    throw(game, 2)
    assert game.bankrupt[0]
    assert game.tiles.owner[RED_3] == 1
    assert game.is_over
    assert game.family.outcome(game).winners == (1,)
    assert payments(game, "bankruptcy") == [(0, 1, 1)]


def test_bankrupt_to_the_bank_the_tiles_go_back_face_down():
    """The kit's reading: owed to the bank (Community Chest), the tiles are for sale again."""
    game = laid_game(3, owners={RED_3: 0}, cash={0: 0}, positions={0: 11})
    throw(game, 4)
    assert game.bankrupt[0]
    assert game.tiles.owner[RED_3] == -1
    assert not game.is_over


# --- The fair trades --------------------------------------------------------------------


def test_once_every_tile_is_sold_two_players_holding_halves_of_two_sets_must_swap():
    """Play: 'if two players each own half of two sets they must swap ownership so that both
    own a complete set'."""
    owners = {p: (0 if p in (RED_ACE, RED_3) else 1) for p in range(1, 20) if p % 5}
    owners[RED_2] = -1  # the last tile face down; Ann will buy it
    owners[RED_4] = 1
    game = laid_game(owners=owners)
    throw(game, 2)
    # Ann holds the red ace and two: set 1 is hers; set 2 split (red 3 Ann, red 4 Bob)
    # stays split: one split set alone is no trade.
    game.apply(Buy(RED_2, 1))
    assert game.tiles.trades_made == []
    assert game.tiles.owner[RED_3] == 0
    assert game.tiles.owner[RED_4] == 1


def test_the_swap_is_made_when_the_last_tile_is_bought_leaving_at_most_one_set_split():
    """Play: the trades are made 'immediately' once no tile is face down; 'In a two player game
    all sets or all but one will be fully owned'."""
    owners = {p: 1 for p in range(1, 20) if p % 5}
    owners.update({RED_ACE: 0, RED_3: 0, BLUE_2: -1})  # sets 1 and 2 split; blue 2 left
    game = laid_game(owners=owners, positions={0: PRISON})
    throw(game, 2)
    game.apply(Buy(BLUE_2, 1))  # set 3 is split too: one swap, one set left split
    tiles = game.tiles
    assert len(tiles.trades_made) == 1
    assert len(tiles.complete_sets(0)) == 1
    assert len(tiles.complete_sets(1)) == 6
    split = [s for s, (a, b) in tiles.set_positions.items() if tiles.owner[a] != tiles.owner[b]]
    assert len(split) == 1


def test_three_players_make_a_circular_swap():
    """Play: 'player one completes a set for player two, who completes a set for player three
    who completes a set for player one' (six properties)."""
    positions = {1: (0, 1), 2: (1, 2), 3: (2, 0)}
    owner = [0, 1, 1, 2, 2, 0]
    circle = find_circle(owner, {1: (0, 1), 2: (2, 3), 3: (4, 5)}, [0, 1, 2])
    assert circle is not None
    assert len(circle) == 3
    for s, giver, taker in circle:
        assert set(positions[s]) == {giver, taker}
    assert sorted(taker for _, _, taker in circle) == [0, 1, 2]


def test_four_players_make_a_circle_of_four():
    owner = [0, 1, 1, 2, 2, 3, 3, 0]
    circle = find_circle(owner, {1: (0, 1), 2: (2, 3), 3: (4, 5), 4: (6, 7)}, [0, 1, 2, 3])
    assert circle is not None
    assert len(circle) == 4
    assert (
        find_circle(owner, {1: (0, 1), 2: (2, 3), 3: (4, 5), 4: (6, 7)}, [0, 1, 2, 3], 3) is None
    )


# --- What every game promises -----------------------------------------------------------


def test_quikopoly_keeps_every_promise_of_a_game():
    report = check_rule_set("quikopoly", games=9, seed=11)
    assert report.problems == []


def test_the_same_seed_gives_the_same_game():
    bots = ["eager_landlord", "cautious_tenant", "random"]
    first = Session("quikopoly", bots, seed=5).run()
    second = Session("quikopoly", bots, seed=5).run()
    assert first.history == second.history
    assert ledger_digest(first.ledger) == ledger_digest(second.ledger)
    assert first.is_over
    assert first.family.outcome(first).winners


def test_a_player_returns_all_his_hotels_before_he_is_bankrupt():
    """Play: return hotels first; 'If you still cannot pay you are bankrupt'."""
    game = laid_game(
        3,
        owners={RED_ACE: 1, RED_2: 1, BLUE_ACE: 0, BLUE_2: 0},
        hotels={BLUE_ACE: 1, BLUE_2: 1},
        cash={0: 0},
    )
    throw(game, 2)  # rent 2: two hotels give one coin, not enough
    assert game.bankrupt[0]
    assert game.tiles.hotels[BLUE_ACE] == 0
    assert game.tiles.hotels[BLUE_2] == 0
    assert game.tiles.owner[BLUE_ACE] == 1  # the creditor's now
    assert payments(game, "bankruptcy") == [(0, 1, 1)]


# --- What the players see ---------------------------------------------------------------


def test_the_board_picture_shows_face_down_tiles_as_such_and_names_face_up_ones():
    """Setup: the property tiles lie face down; nothing shows which is which."""
    game = laid_game(owners={RED_ACE: 1}, hotels={})
    svg = game.family.board_svg(game, size=300)
    assert svg.count('data-face-down="1"') == 15
    assert "Red ace" in svg
    assert "Red 2" not in svg
    assert "Bob" in svg


def test_the_event_log_and_questions_speak_the_game_s_words():
    session = Session("quikopoly", ["human", "eager_landlord"], seed=2, names=["Ann", "Bob"])
    game = session.game
    voice = game.family.voice(game)
    lines = []
    while game.decision_kind != "buy" or game.pending.player != 0:
        if game.actor == 0:
            game.apply(game.legal_actions()[0])
            continue
        told = len(game.ledger.records)
        voice.before()
        pending, history = game.pending, len(game.history)
        session.step()
        lines += voice.after(pending, game.history[history], game.ledger.records[told:])
    assert lines[0] == "The 16 property tiles are laid face down at random"
    assert any("throws" in line for line in lines)
    assert game.family.question(game, 0).startswith("you look at the face-down tile")
    assert "coins in the bank" in game.family.finances_html(game)
