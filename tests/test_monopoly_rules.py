"""The later game's rules, one by one, on hand-set positions (US classic and UK 1972)."""

from __future__ import annotations

import contextlib
from pathlib import Path

import pytest

from landlord.engine import CHANCE, IllegalMove, new_game
from landlord.engine.actions import (
    ACCEPT,
    DECLINE,
    PASS,
    REFUSE,
    ROLL,
    Bid,
    Build,
    BuildHotel,
    Buy,
    ClaimRent,
    DrawChance,
    GoBankrupt,
    KeepMortgage,
    LiftMortgage,
    Mortgage,
    Negotiate,
    PayFine,
    PayInstead,
    PayTax,
    SellBuilding,
    Trade,
    TryForDoubles,
    UseJailCard,
)
from landlord.families.monopoly.estates import HOTEL
from landlord.record import GameRecord, load_game
from landlord.rules import RulesError, load_rules
from landlord.session import Session

NAMES = ("Ann", "Bob", "Cy", "Di")
BOARDWALK, PARK_PLACE, BALTIC, MEDITERRANEAN = 39, 37, 3, 1
READING, ELECTRIC, WATER = 5, 12, 28
LIGHT_BLUE = (6, 8, 9)


def game_at_throw(
    players=2,
    *,
    rules="monopoly_us",
    owners=None,
    houses=None,
    cash=None,
    positions=None,
    mortgaged=(),
    **options,
):
    """A game paused at player 0's throw, the board set as given (packs in printed order)."""
    game = new_game(load_rules(rules, **options), NAMES[:players])
    while game.actor == CHANCE and game.pending.purpose == "shuffle":
        game.apply(game.pending.outcomes[0])
    for space, holder in (owners or {}).items():
        game.estates.owner[space] = holder
    for space, count in (houses or {}).items():
        game.estates.houses[space] = count
        game.estates.bank_houses -= count if count < HOTEL else 0
        game.estates.bank_hotels -= 1 if count == HOTEL else 0
    for space in mortgaged:
        game.estates.mortgaged[space] = True
        game.estates.mortgages_held[game.estates.owner[space]] += 1
    for player, amount in (cash or {}).items():
        difference = amount - game.cash(player)
        if difference > 0:
            game.ledger.transfer(game.bank, player, difference, "test")
        elif difference < 0:
            game.ledger.transfer(player, game.bank, -difference, "test")
    for player, space in (positions or {}).items():
        game.position[player] = space
    roll_on(game)
    return game


def roll_on(game):
    """Answer the business decision with a throw, if one is pending."""
    while game.decision_kind == "turn":
        game.apply(ROLL)


def throw(game, first, second):
    roll_on(game)
    assert game.actor == CHANCE, game.pending
    assert game.pending.purpose == "dice", game.pending
    game.apply((first, second))


def test_both_rule_sets_load_with_their_history_marked():
    us, uk = load_rules("monopoly_us"), load_rules("monopoly_uk_1972")
    assert us.board.spaces[BOARDWALK].name == "Boardwalk"
    assert uk.board.spaces[BOARDWALK].name == "Mayfair"
    assert us.board.spaces[BOARDWALK].rents == (200, 600, 1400, 1700, 2000)
    assert uk.info.currency == "£"
    assert us.info.currency == "$"
    assert len(us.chance_deck) == len(us.community_chest_deck) == 16
    assert us.provenance["board.Boardwalk.price"].status == "secondary"
    assert us.provenance["purchase"].status == "primary"
    assert uk.provenance["board.Super Tax.fee"].status == "secondary"
    assert "Hasbro" in " ".join(us.info.sources)
    # The UK packs have no nearest-station card; the US Chance has two.
    assert [c.effect for c in uk.chance_deck].count("nearest_railroad") == 0
    assert [c.effect for c in us.chance_deck].count("nearest_railroad") == 2


def test_a_later_game_board_without_a_mortgage_value_is_refused(tmp_path):
    data = load_rules("monopoly_us").files
    for name in data:
        source = Path(name).read_text(encoding="utf-8")
        if name.endswith("monopoly_us_board.csv"):
            lines = source.splitlines()
            cells = lines[40].split(",")  # Boardwalk
            cells[11] = ""
            lines[40] = ",".join(cells)
            source = "\n".join(lines) + "\n"
        (tmp_path / name.rsplit("/", 1)[1]).write_text(source, encoding="utf-8")
    with pytest.raises(RulesError, match=r"row 41 \(Boardwalk\), column 'mortgage'"):
        load_rules(tmp_path / "monopoly_us.toml")


def test_buying_at_the_printed_price():
    game = game_at_throw(positions={0: 35})
    throw(game, 1, 3)  # to Boardwalk
    assert game.decision_kind == "buy"
    game.apply(Buy(BOARDWALK, 400))
    assert game.estates.owner[BOARDWALK] == 0
    assert game.cash(0) == 1100


def test_a_declined_property_is_auctioned_to_the_highest_bidder():
    game = game_at_throw(positions={0: 35})
    throw(game, 1, 3)
    game.apply(DECLINE)
    assert game.decision_kind == "bid"
    assert game.actor == 1
    game.apply(Bid(100))
    assert game.actor == 0
    game.apply(Bid(150))  # the decliner may bid too
    game.apply(PASS)
    assert game.estates.owner[BOARDWALK] == 0
    assert game.cash(0) == 1350


def test_fixed_prices_have_no_auction_and_every_lot_auctioned_has_no_purchase():
    quaker = game_at_throw(positions={0: 35}, purchase="fixed_price")
    throw(quaker, 1, 3)
    quaker.apply(DECLINE)
    assert quaker.estates.owner[BOARDWALK] == -1
    assert quaker.turn_player == 1
    auction = game_at_throw(positions={0: 35}, purchase="auction")
    throw(auction, 1, 3)
    assert auction.decision_kind == "bid"
    assert auction.actor == 0


def test_rent_doubles_on_a_complete_unmortgaged_group_and_follows_the_ladder():
    game = game_at_throw(owners={BALTIC: 1, MEDITERRANEAN: 1})
    assert game.estates.rent(BALTIC) == 8  # 4, doubled
    game.estates.houses[BALTIC] = 3
    assert game.estates.rent(BALTIC) == 180
    game.estates.houses[BALTIC] = HOTEL
    assert game.estates.rent(BALTIC) == 450
    game.estates.houses[BALTIC] = 0
    game.estates.mortgaged[MEDITERRANEAN] = True
    assert game.estates.rent(BALTIC) == 4  # a mortgaged lot in the group: no doubling
    assert game.estates.rent(MEDITERRANEAN) == 0


def test_railroad_and_utility_rents():
    game = game_at_throw(owners={5: 1, 15: 1, 25: 1, ELECTRIC: 1})
    assert game.estates.rent(5) == 100
    game.estates.mortgaged[25] = True
    assert game.estates.rent(5) == 50  # a mortgaged railroad does not count
    assert game.estates.rent(ELECTRIC, dice_total=9) == 36
    game.estates.owner[WATER] = 1
    assert game.estates.rent(ELECTRIC, dice_total=9) == 90


def test_landing_pays_rent_to_the_holder():
    game = game_at_throw(owners={BOARDWALK: 1}, houses={BOARDWALK: 2}, positions={0: 35})
    throw(game, 1, 3)
    assert game.cash(0) == 1500 - 600
    assert game.cash(1) == 1500 + 600


def test_houses_are_built_evenly_from_a_bank_of_thirty_two():
    game = game_at_throw(owners=dict.fromkeys(LIGHT_BLUE, 0))
    assert set(game.estates.build_options(0)) == {Build(s) for s in LIGHT_BLUE}
    game.estates.houses[6] = 1
    assert set(game.estates.build_options(0)) == {Build(8), Build(9)}  # evenly
    game.estates.houses[8] = game.estates.houses[9] = 1
    game.estates.mortgaged[9] = True
    assert game.estates.build_options(0) == []  # a mortgaged lot in the group
    game.estates.mortgaged[9] = False
    game.estates.bank_houses = 0
    assert game.estates.build_options(0) == []
    game.estates.bank_houses = 32
    for space in LIGHT_BLUE:
        game.estates.houses[space] = 4
    assert set(game.estates.build_options(0)) == {BuildHotel(s) for s in LIGHT_BLUE}


def test_a_hotel_hands_four_houses_back_and_sells_back_at_half():
    game = game_at_throw(owners=dict.fromkeys(LIGHT_BLUE, 0), houses=dict.fromkeys(LIGHT_BLUE, 4))
    houses_before = game.estates.bank_houses
    game.dealings.place(0, 9, True, 50)
    assert game.estates.houses[9] == HOTEL
    assert game.estates.bank_houses == houses_before + 4
    assert game.estates.bank_hotels == 11
    cash = game.cash(0)
    game.dealings.sell_building(0, 9)
    assert game.estates.houses[9] == 4
    assert game.estates.bank_hotels == 12
    assert game.cash(0) == cash + 25
    assert set(game.estates.sell_options(0)) == {SellBuilding(s) for s in LIGHT_BLUE}
    # A bank with fewer than four houses cannot break a hotel up: the group is sold.
    game.dealings.place(0, 9, True, 50)
    game.estates.bank_houses = 3
    cash = game.cash(0)
    game.dealings.sell_building(0, 9)
    assert [game.estates.houses[s] for s in LIGHT_BLUE] == [0, 0, 0]
    assert game.cash(0) == cash + 25 * (4 + 4 + 5)
    assert game.estates.bank_houses == 3 + 8


def test_mortgage_and_lift_at_ten_percent():
    game = game_at_throw(owners={BOARDWALK: 0})
    game.dealings.mortgage(0, BOARDWALK)
    assert game.cash(0) == 1700
    assert game.estates.rent(BOARDWALK) == 0
    assert game.estates.lift_cost(BOARDWALK) == 220
    assert game.estates.lift_cost(ELECTRIC) == 75 + 8  # 7.50 interest, rounded up
    game.dealings.lift(0, BOARDWALK)
    assert game.cash(0) == 1480
    assert not game.estates.mortgaged[BOARDWALK]
    game.estates.houses[PARK_PLACE] = 1
    game.estates.owner[PARK_PLACE] = 0
    assert Mortgage(BOARDWALK) not in game.estates.mortgage_options(0)  # buildings in the group


def test_three_doubles_send_a_player_to_jail_without_moving():
    game = game_at_throw()
    throw(game, 1, 1)  # to Community Chest 2
    roll_on(game)
    throw(game, 2, 2)  # to 6, Oriental: buy?
    game.apply(DECLINE)
    while game.decision_kind == "bid":
        game.apply(PASS)
    roll_on(game)
    throw(game, 3, 3)
    assert game.jailed[0]
    assert game.position[0] == 10
    assert game.turn_player == 1
    assert game.actor != 0


def jailed_game(**options):
    game = game_at_throw(positions={0: 30 - 7}, **options)
    throw(game, 3, 4)  # Go To Jail
    assert game.jailed[0]
    assert game.position[0] == 10
    throw(game, 1, 2)  # Bob moves to 3 (Baltic) and declines
    game.apply(DECLINE)
    while game.decision_kind == "bid":
        game.apply(PASS)
    roll_on(game)
    return game


def test_jail_fine_before_throwing_then_a_normal_turn():
    game = jailed_game()
    assert game.decision_kind == "jail"
    game.apply(PayFine())
    assert not game.jailed[0]
    assert game.cash(0) == 1450
    throw(game, 2, 3)
    assert game.position[0] == 15


def test_doubles_free_a_player_and_move_him_with_no_further_throw_in_the_us():
    game = jailed_game()
    game.apply(TryForDoubles())
    throw(game, 2, 2)
    assert not game.jailed[0]
    assert game.position[0] == 14
    game.apply(DECLINE)  # Virginia Avenue
    while game.decision_kind == "bid":
        game.apply(PASS)
    assert game.turn_player == 1


def test_doubles_out_of_jail_throw_again_in_the_uk():
    game = jailed_game(rules="monopoly_uk_1972")
    game.apply(TryForDoubles())
    throw(game, 2, 2)
    game.apply(DECLINE)
    while game.decision_kind == "bid":
        game.apply(PASS)
    roll_on(game)
    assert game.turn_player == 0
    assert game.pending.purpose == "dice"


def test_after_the_third_failed_throw_the_fine_is_paid_and_the_throw_moved():
    game = jailed_game()
    for attempt in range(3):
        if attempt:
            throw(game, 1, 2)  # Bob, somewhere cheap
            while game.decision_kind in ("buy", "bid"):
                game.apply(DECLINE if game.decision_kind == "buy" else PASS)
            roll_on(game)
        if attempt < 2:
            assert game.decision_kind == "jail"
            assert PayFine() in game.legal_actions()
            game.apply(TryForDoubles())
        # On the third turn the fine may no longer be paid first: he must throw.
        throw(game, 1, 3)
    assert not game.jailed[0]
    assert game.position[0] == 14
    assert game.cash(0) == 1450


def test_a_get_out_of_jail_free_card_is_kept_used_and_returned_to_the_bottom():
    game = game_at_throw(positions={0: 31})
    chest = game.packs["community_chest"]
    assert chest[0] == 0  # printed order: the first card is Get Out of Jail Free
    throw(game, 1, 1)  # to Community Chest 33
    assert game.jail_cards[0] == 1
    assert 0 not in game.packs["community_chest"]
    assert len(game.packs["community_chest"]) == 15
    game.send_to_jail(0)
    game.turn_player = 0
    cards = list(game.jail_cards_held[0])
    assert cards == [("community_chest", 0)]
    game.return_jail_card(0)
    assert game.packs["community_chest"][-1] == 0
    assert game.jail_cards[0] == 0


def test_cards_go_to_the_bottom_and_advance_to_go_pays_salary():
    game = game_at_throw(positions={0: 4})
    chance = game.packs["chance"]
    go = next(i for i, c in enumerate(game.rules.chance_deck) if c.target == 0)
    chance.remove(go)
    chance.appendleft(go)
    throw(game, 1, 2)  # Chance 7: Advance to Go
    assert game.position[0] == 0
    assert game.cash(0) == 1700
    assert game.packs["chance"][-1] == go
    assert len(game.packs["chance"]) == 16


def test_jail_cards_are_played_from_jail():
    game = jailed_game()
    game.jail_cards_held[0].append(("chance", 0))
    game.packs["chance"].remove(0)
    # The decision was offered before the card came: ask again next turn.
    assert game.decision_kind == "jail"
    game.apply(TryForDoubles())
    throw(game, 1, 2)
    throw(game, 1, 2)  # Bob
    while game.decision_kind in ("buy", "bid"):
        game.apply(DECLINE if game.decision_kind == "buy" else PASS)
    roll_on(game)
    assert UseJailCard() in game.legal_actions()
    game.apply(UseJailCard())
    assert not game.jailed[0]
    assert game.packs["chance"][-1] == 0


def test_income_tax_is_chosen_before_counting():
    game = game_at_throw(owners={BOARDWALK: 0}, positions={0: 1})
    throw(game, 1, 2)
    assert game.decision_kind == "income_tax"
    flat, share = game.legal_actions()
    assert flat == PayTax("flat", 200)
    assert share == PayTax("percent", 10)
    game.apply(share)
    assert game.cash(0) == 1500 - (1500 + 400) // 10


def test_uk_income_tax_is_flat_and_money_is_in_pounds():
    game = game_at_throw(rules="monopoly_uk_1972", positions={0: 1})
    throw(game, 1, 2)
    assert game.cash(0) == 1300
    assert game.describe(Buy(BOARDWALK, 400)) == "buy Mayfair for £400"


def test_bankrupt_to_a_player_hands_everything_over_with_buildings_sold_at_half():
    game = game_at_throw(
        owners={BOARDWALK: 1, PARK_PLACE: 1, BALTIC: 0, MEDITERRANEAN: 0, READING: 0},
        houses={BOARDWALK: HOTEL, BALTIC: 1},
        mortgaged=(READING,),
        cash={0: 100},
        positions={0: 35},
    )
    throw(game, 1, 3)  # $2000 rent
    assert game.decision_kind == "raise"
    assert GoBankrupt() in game.legal_actions()  # nothing could cover $2000
    game.apply(GoBankrupt())
    # Ann's house is sold at half ($25), her cash goes to Bob, and her property too.
    assert game.bankrupt[0]
    assert game.cash(0) == 0
    assert game.estates.owner[BALTIC] == game.estates.owner[MEDITERRANEAN] == 1
    assert game.estates.houses[BALTIC] == 0
    assert game.decision_kind == "mortgaged"
    assert game.actor == 1
    game.apply(KeepMortgage(READING))
    assert game.cash(1) == 1500 + 125 - 10
    assert game.is_over
    assert game.winner == 1
    assert sum(game.ledger.balances) == 0


def test_bankrupt_to_the_bank_puts_every_property_up_for_auction():
    game = game_at_throw(3, owners={BALTIC: 0, MEDITERRANEAN: 0}, cash={0: 10}, positions={0: 35})
    throw(game, 1, 2)  # 38, Luxury Tax $75: mortgages would raise only $60
    assert GoBankrupt() in game.legal_actions()
    game.apply(GoBankrupt())
    assert game.bankrupt[0]
    assert game.ledger.balances[game.bank] == -3000
    assert game.decision_kind == "bid"  # Mediterranean, then Baltic, auctioned
    game.apply(Bid(10))
    while game.decision_kind == "bid":
        game.apply(PASS)
    assert game.estates.owner[MEDITERRANEAN] in (1, 2)
    assert game.estates.owner[BALTIC] == -1
    assert not game.estates.mortgaged[MEDITERRANEAN]


def test_raising_money_by_mortgage_pays_the_debt():
    game = game_at_throw(owners={READING: 0}, cash={0: 50}, positions={0: 35})
    throw(game, 1, 2)  # Luxury Tax $75
    assert game.decision_kind == "raise"
    assert GoBankrupt() not in game.legal_actions()  # the mortgage covers it
    game.apply(Mortgage(READING))
    assert game.cash(0) == 50 + 100 - 75
    assert not game.bankrupt[0]


def test_a_trade_moves_property_cash_and_cards_and_the_receiver_pays_the_interest():
    game = game_at_throw(owners={BALTIC: 1, MEDITERRANEAN: 0}, mortgaged=(MEDITERRANEAN,))
    assert game.trades.problem(0, Trade(1, (MEDITERRANEAN,), (BALTIC,), 0)) == ""
    assert "does not hold" in game.trades.problem(0, Trade(1, (BALTIC,), (), 0))
    assert "cash" in game.trades.problem(0, Trade(1, (), (BALTIC,), 5000))
    game.estates.houses[BALTIC] = 1
    assert "buildings" in game.trades.problem(0, Trade(1, (MEDITERRANEAN,), (), -10))
    game.estates.houses[BALTIC] = 0
    flow = game.dealings.exchange(0, Trade(1, (MEDITERRANEAN,), (BALTIC,), 20))
    node = next(flow)
    assert node[:2] == (1, "mortgaged")
    with contextlib.suppress(StopIteration):
        flow.send(LiftMortgage(MEDITERRANEAN))
    assert game.estates.owner[MEDITERRANEAN] == 1
    assert game.estates.owner[BALTIC] == 0
    assert game.cash(0) == 1480
    assert game.cash(1) == 1500 + 20 - 33
    assert not game.estates.mortgaged[MEDITERRANEAN]


def test_the_listed_trades_and_any_legal_trade_are_accepted_by_apply():
    game = game_at_throw(owners={BALTIC: 1, BOARDWALK: 0})
    throw(game, 3, 4)  # Ann to Chance 7 (first card: nearest railroad? printed order)
    while game.actor == 0 and game.decision_kind in ("buy", "bid", "income_tax"):
        game.apply(game.legal_actions()[-1] if game.decision_kind != "bid" else PASS)
    while game.actor == 1 and game.decision_kind == "bid":
        game.apply(PASS)
    if game.actor == CHANCE:
        throw(game, 1, 2)
        while game.actor >= 0 and game.decision_kind != "turn":
            game.apply(game.legal_actions()[-1] if game.decision_kind != "bid" else PASS)
    assert game.decision_kind == "turn"
    player = game.actor
    game.apply(Negotiate())
    assert game.decision_kind == "trade"
    other = 1 - player
    mine = BOARDWALK if player == 0 else BALTIC
    theirs = BALTIC if player == 0 else BOARDWALK
    unusual = Trade(other, (mine,), (theirs,), 7)
    assert unusual not in list(game.legal_actions())
    game.apply(unusual)
    assert game.decision_kind == "offer"
    assert game.actor == other
    game.apply(ACCEPT)
    assert game.estates.owner[theirs] == player
    assert game.estates.owner[mine] == other
    assert game.trades.proposed[-1][2:] == (unusual, True)
    with pytest.raises(IllegalMove):
        game.apply(REFUSE)


def test_the_uk_card_pay_a_fine_or_take_a_chance():
    game = game_at_throw(rules="monopoly_uk_1972", positions={0: 31})
    pack = game.packs["community_chest"]
    index = next(
        i for i, c in enumerate(game.rules.community_chest_deck) if c.effect == "pay_or_chance"
    )
    pack.remove(index)
    pack.appendleft(index)
    throw(game, 1, 1)
    assert game.decision_kind == "card"
    assert set(game.legal_actions()) == {PayInstead(10), DrawChance()}
    game.apply(PayInstead(10))
    assert game.cash(0) == 1490


def test_the_short_game_deals_two_deeds_each_paid_for_and_values_at_the_end():
    session = Session(
        "monopoly_uk_1972", ["eager_landlord"] * 3, seed=4, short_game=True, round_limit=12
    )
    game = session.game
    while game.actor == CHANCE and game.pending.purpose in ("shuffle", "deal"):
        session.step()
    owner = game.estates.owner
    assert [sum(1 for s in game.tables.cards if owner[s] == p) for p in range(3)] == [2] * 3
    spent = [1500 - game.cash(p) for p in range(3)]
    assert spent == [
        sum(game.tables.price[s] for s in game.tables.cards if game.estates.owner[s] == p)
        for p in range(3)
    ]
    session.run()
    assert game.round == 12
    assert "agreed end" in game.end_reason
    worth = game.net_worths()
    assert game.winner == max(range(3), key=lambda p: (worth[p], -p))


def test_the_strategy_guide_trades_to_complete_groups_and_games_end_in_bankruptcy():
    ended = 0
    accepted = 0
    for seed in range(6):
        game = Session("monopoly_us", ["strategy_guide"] * 4, seed=seed, round_limit=400).run()
        ended += "last player" in game.end_reason
        accepted += sum(1 for *_, ok in game.trades.proposed if ok)
    assert ended >= 4
    assert accepted >= 6


def test_a_saved_later_game_replays_exactly(tmp_path):
    session = Session(
        "monopoly_uk_1972", ["strategy_guide", "random", "eager_landlord"], seed=11, round_limit=60
    )
    session.run()
    path = GameRecord.from_session(session).save(tmp_path / "game.json")
    loaded = load_game(path)
    assert loaded.game.ledger.balances == session.game.ledger.balances
    assert loaded.game.estates.owner == session.game.estates.owner


def short_bank_game():
    """Ann holds the light blues and Bob the browns; the bank has one house left. Ann has
    thrown doubles (to Community Chest) and is at her business before throwing again."""
    game = new_game(load_rules("monopoly_us"), NAMES[:2])
    while game.actor == CHANCE and game.pending.purpose == "shuffle":
        game.apply(game.pending.outcomes[0])
    for space in LIGHT_BLUE:
        game.estates.owner[space] = 0
    for space in (BALTIC, MEDITERRANEAN):
        game.estates.owner[space] = 1
    game.estates.bank_houses = 1
    game.apply((1, 1))
    return game


def test_a_short_bank_auctions_the_last_houses_and_a_house_nobody_bids_for_is_not_offered_again():
    game = short_bank_game()
    assert game.decision_kind == "turn"
    assert Build(6) in game.legal_actions()
    game.apply(Build(6))
    assert game.decision_kind == "bid"
    assert game.decision_about.space == -1  # a house, not a property
    assert game.decision_about.price == 0
    assert min(b.amount for b in game.legal_actions()[1:]) == 50  # from the house's cost
    game.apply(PASS)
    game.apply(PASS)
    # Nobody bid: no house placed, and no more building offered before the throw.
    assert game.estates.houses[6] == 0
    assert game.estates.bank_houses == 1
    assert not any(isinstance(a, Build) for a in game.legal_actions())


def test_the_highest_bid_for_a_short_bank_house_buys_it():
    game = short_bank_game()
    game.apply(Build(6))
    game.apply(PASS)  # Ann drops out at once
    bids = [a for a in game.legal_actions() if isinstance(a, Bid)]
    game.apply(bids[0])  # Bob bids the house's cost
    assert game.decision_kind == "place"
    assert game.actor == 1
    game.apply(Build(BALTIC))
    assert game.estates.houses[BALTIC] == 1
    assert game.estates.bank_houses == 0
    assert game.cash(1) == 1500 - bids[0].amount


def test_a_trade_partner_bankrupt_over_the_interest_loses_only_what_was_his():
    game = game_at_throw(3, owners={READING: 0, BALTIC: 1}, mortgaged=(READING,), cash={1: 0})
    flow = game.dealings.exchange(0, Trade(1, (READING,), (BALTIC,), 0))
    node = next(flow)  # Bob owes $10 interest on Reading, has no cash and nothing to raise
    assert node[:2] == (1, "raise")
    assert GoBankrupt() in node[2]  # (he could still try to sell something in talks)
    node = flow.send(GoBankrupt())  # bankrupt to the bank: his property is auctioned
    assert node[1] == "bid"
    assert node[3].space == READING
    with contextlib.suppress(StopIteration):
        while True:
            node = flow.send(PASS)
    assert game.bankrupt[1]
    assert game.estates.owner[BALTIC] == 0  # Ann's side of the trade stands
    assert game.estates.owner[READING] == -1
    assert not game.estates.mortgaged[READING]
    assert game.estates.mortgages_held == [0, 0, 0]


def test_holders_set_by_hand_a_stretch_at_a_time_count_too():
    game = game_at_throw()
    assert game.estates.complete_groups(0) == []
    game.estates.owner[:] = [0] * len(game.estates.owner)
    assert game.estates.complete_groups(0) == sorted(game.tables.groups)
    game.estates.mortgaged[1:2] = [True]
    assert 1 not in game.estates.complete_groups(0)


def test_a_utility_charges_by_the_throw_that_landed_on_it():
    game = game_at_throw(owners={ELECTRIC: 1}, positions={0: 8})
    throw(game, 1, 3)  # 4 to Electric Company: 4 times the throw
    assert game.cash(0) == 1500 - 16
    both = game_at_throw(owners={ELECTRIC: 1, WATER: 1}, positions={0: 6})
    throw(both, 2, 4)  # 6 to Electric Company, both held: 10 times the throw
    assert both.cash(0) == 1500 - 60


def on_top(game, pack, index):
    """Put card ``index`` of ``pack`` on top, so the next draw from it is that card."""
    order = game.packs[pack]
    order.remove(index)
    order.appendleft(index)


def test_the_nearest_railroad_card_charges_twice_the_rent():
    game = game_at_throw(owners={15: 1}, positions={0: 4})
    on_top(game, "chance", 1)  # advance to the nearest railroad
    throw(game, 1, 2)  # Chance 7, then on to Pennsylvania Railroad (15)
    assert game.position[0] == 15
    assert game.cash(0) == 1500 - 2 * 25


def test_the_nearest_utility_card_charges_ten_times_a_new_throw():
    game = game_at_throw(owners={ELECTRIC: 1}, positions={0: 4})
    on_top(game, "chance", 2)  # advance to the nearest utility
    throw(game, 1, 2)  # Chance 7, then on to Electric Company (12)
    assert game.position[0] == ELECTRIC
    throw(game, 5, 6)  # the new throw the card asks for
    assert game.cash(0) == 1500 - 10 * 11


def test_repairs_cards_charge_for_each_house_and_hotel():
    game = game_at_throw(owners=dict.fromkeys(LIGHT_BLUE, 0), houses={6: 2, 8: 2, 9: HOTEL})
    game.estates.owner[PARK_PLACE] = 0
    on_top(game, "chance", 11)  # general repairs: $25 a house, $100 a hotel
    throw(game, 3, 4)  # Go to Chance 7
    assert game.cash(0) == 1500 - (4 * 25 + 100)


def test_cards_that_pay_every_player_or_collect_from_each():
    game = game_at_throw(3, positions={0: 31})
    on_top(game, "community_chest", 14)  # collect $50 from every player
    throw(game, 1, 1)  # to Community Chest 33
    assert [game.cash(p) for p in range(3)] == [1600, 1450, 1450]
    other = game_at_throw(3, positions={0: 4})
    on_top(other, "chance", 12)  # pay every other player $50
    throw(other, 1, 2)
    assert [other.cash(p) for p in range(3)] == [1400, 1550, 1550]


def test_rent_that_lapses_is_asked_for_by_the_owner_or_lost():
    asked = game_at_throw(rules="monopoly_uk_1972", rent_lapses=True,
                          owners={BOARDWALK: 1}, positions={0: 35})  # fmt: skip
    throw(asked, 1, 3)  # Mayfair
    assert asked.decision_kind == "rent"
    assert asked.actor == 1
    asked.apply(ClaimRent())
    assert asked.cash(0) == 1500 - 50
    lost = game_at_throw(rules="monopoly_uk_1972", rent_lapses=True,
                         owners={BOARDWALK: 1}, positions={0: 35})  # fmt: skip
    throw(lost, 1, 3)
    lost.apply(DECLINE)
    assert lost.cash(0) == 1500
    assert lost.cash(1) == 1500


def test_a_get_out_of_jail_free_card_can_be_sold_in_a_trade():
    game = game_at_throw(owners={BALTIC: 0})
    game.jail_cards_held[0].append(("chance", 0))
    game.packs["chance"].remove(0)
    sale = Trade(1, cash=-50, give_cards=1)
    assert game.trades.problem(0, sale) == ""
    assert "cards" in game.trades.problem(0, Trade(1, cash=-50, give_cards=2))
    for _ in game.dealings.exchange(0, sale):
        pass  # nothing mortgaged changes hands: no question
    assert game.jail_cards == [0, 1]
    assert game.jail_cards_held[1] == [("chance", 0)]
    assert game.cash(0) == 1550
