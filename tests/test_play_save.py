"""Save a game from the play app and go on with it later (issue 17).

A class stops mid-game; a student downloads the game, and next lesson
uploads it and plays on. The table that goes on must be the same game: the
same board, the same story in the log, and the same dice and bots from then
on as if nobody had stopped. A damaged file is refused whole.
"""

from __future__ import annotations

import json
import random

import pytest

from landlord.record import SavedGameError
from landlord.table import ChoiceGroup, GameTable


def play(table: GameTable, decisions: int, rng: random.Random) -> None:
    """Play on: bots by turns, the person at the controls by seeded random picks."""
    for _ in range(10_000):
        if table.is_over or decisions <= 0:
            return
        if table.waiting_for is not None:
            table.choose(rng.randrange(len(table.choices())))
            decisions -= 1
        else:
            table.play_turn()


@pytest.mark.parametrize("rules", ["landlords_game_vote", "single_tax", "monopoly_us"])
def test_a_saved_game_goes_on_as_if_nobody_had_stopped(rules):
    seats = ["human", "eager_landlord", "cautious_tenant"]
    straight = GameTable(rules, seats, seed=11, names=["Ann", "Bob", "Cleo"])
    stopped = GameTable(rules, seats, seed=11, names=["Ann", "Bob", "Cleo"])
    play(straight, 40, random.Random(5))
    play(stopped, 40, random.Random(5))
    again = GameTable.from_saved(stopped.saved(), "ann.json")
    assert again.game.history == stopped.game.history
    assert again.log == stopped.log
    assert again.log_rounds == stopped.log_rounds
    assert again.names == ["Ann", "Bob", "Cleo"]
    assert again.seats == seats
    assert again.waiting_for == stopped.waiting_for
    # The same dice and bots from here on.
    play(straight, 30, random.Random(6))
    play(again, 30, random.Random(6))
    assert again.game.history == straight.game.history
    assert list(again.game.net_worths()) == list(straight.game.net_worths())


def saved_document() -> dict:
    table = GameTable("landlords_game", ["human", "eager_landlord"], seed=4, names=["Ann", "Bob"])
    play(table, 15, random.Random(1))
    return json.loads(table.saved())


def test_a_damaged_saved_game_is_refused_whole_naming_the_file():
    document = saved_document()
    document["result"]["balances"][0] += 100  # a student gives himself $100
    with pytest.raises(SavedGameError, match=r"^ann\.json: .*not loaded"):
        GameTable.from_saved(json.dumps(document), "ann.json")


@pytest.mark.parametrize(
    ("change", "why"),
    [
        (lambda d: d.update(seed=5), r"history entry \d+: "),
        (lambda d: d.update(seed=None), "no seed"),
        (lambda d: d["players"][1].update(strategy="nobody"), "'nobody' is not a player"),
        (lambda d: d.update(rules="chess"), "chess"),
        (lambda d: d["history"].pop(3), "history"),
    ],
)
def test_a_saved_game_that_cannot_go_on_says_why(change, why):
    document = saved_document()
    change(document)
    with pytest.raises(SavedGameError, match=why):
        GameTable.from_saved(json.dumps(document), "ann.json")


@pytest.mark.parametrize("text", [b"", b"\xff\xfe", b"[1, 2]", b'{"format": "landlord-game"}'])
def test_a_file_that_is_not_a_saved_game_is_refused(text):
    with pytest.raises(SavedGameError, match="not loaded"):
        GameTable.from_saved(text, "upload.json")


def test_a_long_menu_comes_in_groups_naming_the_other_player():
    table = GameTable(
        "landlords_game",
        ["human", "eager_landlord", "cautious_tenant"],
        seed=0,
        names=["Ann", "Bob", "Cleo"],
    )
    rng = random.Random(0)
    seen = 0
    for _ in range(3000):
        if table.is_over:
            break
        if table.waiting_for is None:
            table.play_turn()
            continue
        choices = table.choices()
        menu = table.choice_menu()
        indexes = sorted(
            index
            for item in menu
            for index, _ in (item.choices if isinstance(item, ChoiceGroup) else [item])
        )
        assert indexes == list(range(len(choices)))  # every choice once, none lost
        if len(choices) > 8:
            seen += 1
            assert len(menu) <= 8
            labels = [item.label for item in menu if isinstance(item, ChoiceGroup)]
            assert labels
            assert all(
                " to " not in label or label.split(" to ")[-1] in table.names
                for label in labels
                if label.startswith("sell")
            )
            last = menu[-1]
            if "Poor House" in str(choices):
                assert not isinstance(last, ChoiceGroup)
                assert "Poor House" in last[1]
        table.choose(0 if rng.random() < 0.7 else rng.randrange(len(choices)))
    assert seen >= 3
