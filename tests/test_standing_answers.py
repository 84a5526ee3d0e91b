"""Answers a person gives once and may take back (issue 34's click count).

What a class met: with play for me on, a person still answered most of a Landlord's
Game's questions, and most of them again and again: the throw beside a house she had
chosen not to build, which way to move between the Chances. A person may now answer
those once ("throw now and from now on, unless something new is offered"; "let the
cautious tenant bot choose my way"), see the answer under the question and take it
back with **ask me again**.
"""

from __future__ import annotations

import random

import pytest

from landlord.clicks import clicks_of_a_game
from landlord.policies import make_policy
from landlord.standing import BOT_CHOOSES, MORE_MONEY, UNLESS_NEW
from landlord.table import GameTable
from landlord.widgets.play import PlayApp

SEATS = ["human", "eager_landlord", "cautious_tenant"]


def to_question(table: GameTable, kind: str, answer=None, turns: int = 400) -> bool:
    """Play on (answering other questions with ``answer(table)``, else the first choice)
    until the person is asked a question of ``kind``; whether it came."""
    for _ in range(turns):
        if table.is_over:
            return False
        if not table.waits_for_person:
            table.play_turn()
            continue
        if table.game.decision_kind == kind:
            return True
        table.choose(answer(table) if answer else 0)
    return False


def throw_beside_building(table: GameTable) -> bool:
    kinds = table._kinds()
    return table.game.decision_kind == "turn" and "Roll" in kinds and "Build" in kinds


def first_turn_with_building(seed: int = 4) -> GameTable:
    table = GameTable("landlords_game", SEATS, seed=seed, plays_for_people=True)
    for _ in range(400):
        assert not table.is_over
        if not table.waits_for_person:
            table.play_turn()
        elif throw_beside_building(table):
            return table
        else:
            table.choose(0)
    raise AssertionError("never offered a house beside the throw")


def test_the_throw_stands_until_something_new_is_offered():
    table = first_turn_with_building()
    offers = dict(table.standing_offers())
    assert offers[UNLESS_NEW] == "throw now and from now on, unless something new is offered"
    seat = table.waiting_for

    def beside_throw() -> list[str]:
        return [repr(a) for a in table.game.legal_actions() if type(a).__name__ != "Roll"]

    # What she passed over, with her cash then: kept here apart from the table's own book.
    passed = {
        action: table.game.cash(seat) for action in beside_throw() if "Negotiate" not in action
    }
    table.stand(UNLESS_NEW)
    assert [(seat, kind) for seat, kind, _ in table.standing_answers()] == [(0, "turn")]
    asked_again = 0
    for _ in range(300):
        if table.is_over:
            break
        if not table.waits_for_person:
            table.play_turn()
            continue
        if table.game.decision_kind == "turn":
            # Asked again only for a choice not passed over, or with half as much money again.
            cash = table.game.cash(seat)
            offered = [action for action in beside_throw() if "Negotiate" not in action]
            assert any(
                action not in passed or cash > MORE_MONEY * passed[action] for action in offered
            ), offered
            asked_again += 1
            passed.update(dict.fromkeys(offered, cash))
            table.choose(table._kinds().index("Roll"))
            continue
        table.choose(0)
    thrown_for_her = [line for line in table.log if line.startswith("human 1 throws")]
    assert len(thrown_for_her) > asked_again + 5  # most throws beside houses were taken


def test_a_house_passed_over_with_little_money_is_offered_again_with_more():
    table = first_turn_with_building()
    seat = table.waiting_for
    table.stand(UNLESS_NEW)
    passed = table.standing._passed_over[seat]
    assert passed
    assert all(cash == table.game.cash(seat) for cash in passed.values())
    # The same houses, with half as much money again: something new, she is asked.
    for action in passed:
        passed[action] = int(table.game.cash(seat) / (MORE_MONEY + 0.5))
    assert table.standing._something_new(table.game, seat, list(passed))
    for action in passed:
        passed[action] = table.game.cash(seat)
    assert not table.standing._something_new(table.game, seat, list(passed))


def test_after_building_the_next_question_of_the_turn_is_asked():
    table = first_turn_with_building()
    seat, game = table.waiting_for, table.game
    table.standing.answers[seat, "turn"] = (
        UNLESS_NEW  # given earlier, with these houses passed over
    )
    table.standing._pass_over(game, seat, game.legal_actions())
    assert table.taken_for_person() == table._kinds().index("Roll")  # nothing new: thrown
    build = next(a for a in game.legal_actions() if type(a).__name__ == "Build")
    table.standing.noted(game, seat, build)  # she builds: a decision of her own this turn
    assert table.taken_for_person() is None  # the rest of this turn's question is hers
    assert table.waits_for_person


def test_ask_me_again_takes_the_answer_back():
    table = first_turn_with_building()
    table.stand(UNLESS_NEW)
    table.ask_again(0, "turn")
    assert table.standing_answers() == []
    assert to_question(table, "turn", lambda t: 0)
    assert table.waits_for_person  # asked again, with the standing answer offered again
    assert UNLESS_NEW in dict(table.standing_offers())


def move_question(seed: int = 3) -> GameTable:
    table = GameTable("landlords_game", SEATS, seed=seed, plays_for_people=True)
    assert to_question(table, "move")
    return table


def test_the_cautious_tenant_chooses_the_way_when_asked_to():
    table = move_question()
    assert dict(table.standing_offers())[BOT_CHOOSES] == (
        "let the cautious tenant bot choose my way from now on"
    )
    seat = table.waiting_for
    legal = table.game.legal_actions()
    view = table.game.observers()[seat]
    expected = make_policy("cautious_tenant").decide(view, "move", legal, random.Random(0))
    step = len(table.game.history)
    table.stand(BOT_CHOOSES)
    assert table.game.history[step] == expected  # the tenant's way, taken
    [(seat, kind, words)] = table.standing_answers()
    assert (seat, kind) == (0, "move")
    assert "cautious tenant" in words
    assert "pays least" in words
    # Every later way is chosen for her: no move question is asked in the whole game.
    for _ in range(3000):
        if table.is_over:
            break
        if not table.waits_for_person:
            table.play_turn()
            continue
        assert table.game.decision_kind != "move"
        table.choose(0)
    assert table.is_over


@pytest.mark.parametrize("bot", [None, "eager_landlord", "cautious_tenant", "strategy_guide"])
def test_a_whole_landlords_game_takes_a_third_of_the_clicks_with_play_for_me(bot):
    # The figure: a whole game in at most a third of the clicks it took before
    # issue 34, with play for me on and the standing answers taken once.
    def clicks(seed: int, play_for_me: bool) -> int:
        return clicks_of_a_game("landlords_game", SEATS, seed, bot, play_for_me)

    today = sum(clicks(seed, play_for_me=False) for seed in range(1, 5))
    now = sum(clicks(seed, play_for_me=True) for seed in range(1, 5))
    assert now <= today / 3, (now, today)


def test_the_app_shows_the_answers_given_and_asks_again():
    app = PlayApp(seats=SEATS, seed=4)
    for _ in range(400):
        table = app.table
        if table.waits_for_person and UNLESS_NEW in dict(table.standing_offers()):
            break
        if table.waits_for_person:
            app.choice_box.children[0].click()
        else:
            app.autoplay.value += 1
    stand = [b for b in app.choice_box.children if "landlord-choice-stand" in b._dom_classes]
    assert [b.description for b in stand] == [
        "throw now and from now on, unless something new is offered"
    ]
    stand[0].click()
    [row] = app.standing_box.children
    words, again = row.children
    assert words.value == (
        "Answered for you: the throw, unless something new is offered beside it."
    )
    assert again.description == "ask me again: the throw"
    again.click()
    assert app.standing_box.children == ()
    assert app.table.standing_answers() == []


def test_two_people_at_one_screen_keep_their_own_answers():
    # A standing answer is one person's: Bea is still asked which way she moves when Ann
    # let the cautious tenant choose hers.
    table = GameTable("landlords_game", ["human", "human", "eager_landlord"], seed=3)
    ann_gave = bea_asked = False
    for _ in range(3000):
        if table.is_over or (ann_gave and bea_asked):
            break
        if table.waiting_for is None:
            table.play_turn()
            continue
        seat, kind = table.waiting_for, table.game.decision_kind
        if kind == "move" and seat == 0 and not ann_gave:
            table.stand(BOT_CHOOSES)
            ann_gave = True
            continue
        if kind == "move":
            assert seat == 1  # Ann's ways are chosen for her from now on
            assert BOT_CHOOSES in dict(table.standing_offers())
            bea_asked = ann_gave
        table.choose(0)
    assert ann_gave
    assert bea_asked
    assert [(s, k) for s, k, _ in table.standing_answers()] == [(0, "move")]


def test_the_app_names_whose_answer_it_is_with_two_people():
    app = PlayApp(seats=["human", "human", "eager_landlord"], seed=4)
    stand = [b for b in app.choice_box.children if "landlord-choice-stand" in b._dom_classes]
    stand[0].click()  # Ann buys every card dealt to her
    [row] = app.standing_box.children
    words, again = row.children
    assert words.value.startswith("Answered for Ann: buy every card dealt.")
    assert again.description == "ask Ann again: the deal"
