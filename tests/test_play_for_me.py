"""Play for me: a person is asked only what there is to decide.

What a class met in the play app: of a person's 191 clicks in a Landlord's Game, 80
threw the dice, and every bot's turn wanted a press of **Next turn**. With **play
for me** (on by default) the throw is made for the person when the only other
choice is to open talks, and the bots play on by themselves at the pace chosen
until a person has a real question.
"""

from __future__ import annotations

import random

import pytest

from landlord.policies import make_policy
from landlord.table import GameTable
from landlord.widgets.link import PLAY_FIELDS, read_setup
from landlord.widgets.play import PlayApp

SEATS = ["human", "eager_landlord", "cautious_tenant"]


def answer_like(bot: str, seed: int, rules: str, plays_for_people: bool) -> tuple:
    """A whole game with the person answering as ``bot`` would: (game, questions asked)."""
    policy = make_policy(bot)
    rng = random.Random(seed)
    table = GameTable(rules, SEATS, seed=seed, plays_for_people=plays_for_people)
    asked = []
    while not table.is_over and table.game.round < 150:
        if not table.waits_for_person:
            table.play_turn()
            continue
        actions = table.game.legal_actions()
        view = table.game.observers()[table.waiting_for]  # what the person sees
        chosen = policy.decide(view, table.game.decision_kind, actions, rng)
        if chosen not in actions:  # a trade the bot made up: the table offers listed ones
            chosen = actions[0]
        asked.append(tuple(type(action).__name__ for action in actions))
        table.choose(actions.index(chosen))
    return table.game, asked


@pytest.mark.parametrize(
    ("rules", "bot"),
    [
        ("landlords_game", "eager_landlord"),
        ("single_tax", "eager_landlord"),
        # The later game's eager landlord opens talks beside some throws: another game.
        ("monopoly_us", "cautious_tenant"),
    ],
)
def test_play_for_me_asks_no_plain_throw_and_plays_the_same_game(rules, bot):
    asked_game, asked = answer_like(bot, 3, rules, plays_for_people=False)
    spared_game, spared = answer_like(bot, 3, rules, plays_for_people=True)
    plain_throws = [kinds for kinds in asked if sorted(kinds) == ["Negotiate", "Roll"]]
    assert len(plain_throws) >= 5
    assert not [kinds for kinds in spared if sorted(kinds) == ["Negotiate", "Roll"]]
    only_choices = [kinds for kinds in asked if len(kinds) == 1]  # taken for people too
    assert len(spared) == len(asked) - len(plain_throws) - len(only_choices)
    # The bot throws when it could only throw or talk: the same game, step by step.
    assert spared_game.history == asked_game.history


def test_a_throw_beside_a_real_choice_is_still_asked():
    _, spared = answer_like("eager_landlord", 3, "landlords_game", plays_for_people=True)
    with_building = [kinds for kinds in spared if "Roll" in kinds and "Build" in kinds]
    assert with_building  # building before the throw is a decision: the person is asked
    assert all("Roll" not in kinds or set(kinds) - {"Roll", "Negotiate"} for kinds in spared)


def test_the_app_plays_on_by_itself_until_a_person_must_answer():
    app = PlayApp(seats=SEATS, seed=5)
    assert app.play_for_me.value is True
    for beat in range(1, 400):
        table = app.table
        if table.waits_for_person:
            assert not app.autoplay.playing  # stopped for the question
            assert app.choice_box.children
            assert app.step_button.disabled
            app.choice_box.children[-1].click()  # a choice, then the game goes on by itself
            assert app.autoplay.playing or app.table.waits_for_person or app.table.is_over
        elif table.is_over:
            break
        else:
            assert app.autoplay.playing
            assert "plays on" in app.question.value
            assert not app.choice_box.children  # no throw button to press
            app.autoplay.value = beat  # what the browser's timer does
        if app.table.game.round >= 6:
            break
    assert app.table.game.round >= 6
    assert any(line.startswith("Ann throws") for line in app.table.log)


def test_turned_off_the_person_throws_and_the_bots_wait_for_next_turn():
    app = PlayApp(seats=SEATS, seed=5)
    app.play_for_me.value = False
    assert not app.autoplay.playing
    assert "play_for_me=false" in app.link.value
    setup, problems = read_setup({"play_for_me": "no"}, PLAY_FIELDS)
    assert setup == {"play_for_me": False}
    assert not problems
    assert PlayApp.from_page({"play_for_me": "no"}).play_for_me.value is False
    for _ in range(60):
        if app.table.waiting_for is not None and "throw the dice" in [
            button.tooltip for button in app.choice_box.children
        ]:
            break
        if app.table.waiting_for is not None:
            app.choice_box.children[-1].click()
        else:
            assert "Press <b>Next turn</b>" in app.question.value
            app.step()
    else:
        raise AssertionError("the person was never asked to throw")
    app.play_for_me.value = True  # on again: the throw asked now is taken at once
    assert not app.table.waits_for_person
    assert app.autoplay.playing


# --- answers that stand for the rest of the game -------------------------------------------


def test_declining_every_card_dealt_is_one_click_and_the_same_game():
    # Issue 34: the deal asked a person card by card (about ten questions a game).
    one_by_one = GameTable("landlords_game", SEATS, seed=4)
    while one_by_one.game.decision_kind == "buy_dealt" and one_by_one.waiting_for == 0:
        one_by_one.choose(one_by_one.choices().index("decline"))
    at_once = GameTable("landlords_game", SEATS, seed=4)
    offers = dict(at_once.standing_offers())
    assert offers["Decline"] == "decline this card and every card still to be dealt to you"
    at_once.stand("Decline")
    assert at_once.game.decision_kind != "buy_dealt" or at_once.waiting_for != 0
    assert at_once.game.history == one_by_one.game.history
    with pytest.raises(ValueError, match="cannot be given for good"):
        at_once.stand("Buy")  # not the question now


def test_the_app_offers_the_standing_answer_and_a_click_takes_it():
    app = PlayApp(seats=SEATS, seed=4)
    stand = [b for b in app.choice_box.children if "landlord-choice-stand" in b._dom_classes]
    assert [b.tooltip for b in stand] == [
        "buy this card and every card still to be dealt to you",
        "decline this card and every card still to be dealt to you",
    ]
    stand[1].click()
    assert "dealt" not in app.question.value
    dealt = [line for line in app.table.log if line.startswith("Ann: decline")]
    assert len(dealt) >= 5  # every card of the deal declined by one click


def test_refusing_every_vote_is_asked_once():
    # Issue 34: a seated single-taxer called the vote every round and asked each time.
    table = GameTable(
        "landlords_game_vote",
        ["human", "single_taxer", "eager_landlord"],
        seed=2,
        plays_for_people=True,
    )
    votes = 0
    while not table.is_over and table.game.round < 25:
        if not table.waits_for_person:
            table.play_round()
            continue
        if table.game.decision_kind == "vote":
            votes += 1
            table.stand("Refuse")
            continue
        words = table.choices()
        pick = next((n for n, w in enumerate(words) if w in ("decline", "pass")), 0)
        pick = words.index("throw the dice") if "throw the dice" in words else pick
        table.choose(pick)
    assert votes == 1
    refused = [line for line in table.log if line.startswith("human 1: refuse")]
    assert len(refused) > 1  # later votes were refused for the person, not asked
