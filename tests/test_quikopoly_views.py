"""Quikopoly told and shown: the event log, the explain mode, the board in words, the saved
game and ``landlord play``'s account of it.

The first draft told a throw from Prison as a landing on Prison, the fine after
the rent it led to, and the bank's share of returned hotels as "BANK gets"; the
board in words crashed on the game (it read the title cards of a track game).
"""

from __future__ import annotations

import json
import re

import pytest
from test_quikopoly_rules import BLUE_2, PRISON, laid_game, throw

import landlord
from landlord.engine.actions import DECLINE, PAY_FINE, STAY_IN_PRISON
from landlord.record import load_game
from landlord.report import game_report
from landlord.session import Session
from landlord.views.board_text import board_text_html
from landlord.views.events import Narrator


def told(game, steps, explain=False):
    """The event log's lines for ``steps``: each a chance outcome or an action, applied."""
    narrator = Narrator(game, start_at_end=True, explain=explain)
    lines = []
    for step in steps:
        narrator.before()
        game.apply(step)
        lines += narrator.after()
    return lines


def prisoner():
    """Ann on Go, Bob in Prison: Ann throws first."""
    game = laid_game(positions={0: 16, 1: PRISON})
    game.in_prison[1] = True
    throw(game, 4)  # Ann: 16 -> Go
    return game


def test_a_throw_from_prison_then_the_fine_then_the_move():
    lines = told(prisoner(), [2, PAY_FINE])
    assert lines == [
        "Bob throws a 2 in Prison",
        "Bob pays ¤1 to leave Prison",
        "Bob leaves Prison and moves 2 to the face-down tile at 7",
    ]


def test_the_third_throw_in_prison_tells_the_fine_before_the_move():
    game = prisoner()
    for step in (2, STAY_IN_PRISON, 2, DECLINE, 2, STAY_IN_PRISON, 4, DECLINE):
        game.apply(step)
    lines = told(game, [2])
    assert lines == [
        "Bob throws a 2 in Prison",
        "Bob pays ¤1 to leave Prison",
        "Bob leaves Prison and moves 2 to the face-down tile at 7",
    ]
    assert game.position[1] == BLUE_2


def test_a_null_frees_without_paying_and_the_explain_mode_says_why():
    lines = told(prisoner(), [6], explain=True)
    assert lines[0] == "Bob throws a null in Prison: a null, so free without paying"
    assert (
        lines[1] == "Why? A null thrown in Prison frees the player at no cost (the rules: Play)."
    )
    assert lines[2].startswith("Bob leaves Prison and moves 6 to")


def test_go_to_go_is_told_as_such():
    game = laid_game(positions={0: 7})
    assert told(game, [3]) == [
        "Ann throws a 3 and lands on Go-to-Go and goes straight to Go, with no coin"
    ]


def test_each_payment_s_reason_follows_its_own_line():
    """The fine and the rent are both ¤1 paid by the same player: each has its own reason."""
    game = laid_game(owners={BLUE_2: 0}, positions={0: 16, 1: PRISON})
    game.in_prison[1] = True
    throw(game, 4)
    lines = told(game, [2, PAY_FINE], explain=True)
    fine = lines.index("Bob pays ¤1 to leave Prison")
    assert lines[fine + 1].startswith("Why? A coin paid in Prison")
    rent = next(k for k, line in enumerate(lines) if "rent to Ann" in line)
    assert lines[rent + 1].startswith("Why? Landing on another player's tile")


def test_a_whole_game_explained_names_a_part_of_the_text_after_each_why():
    session = Session("quikopoly", ["eager_landlord", "cautious_tenant", "random"], seed=5)
    narrator, lines = Narrator(session.game, explain=True), []
    while not session.game.is_over:
        narrator.before()
        session.step()
        lines += narrator.after()
    whys = [line for line in lines if line.startswith("Why? ")]
    assert len(whys) > 20
    cited = r"\(the rules: (Play|Setup)\)|Setup:|the kit's reading"
    assert all(re.search(cited, why) for why in whys), [
        why for why in whys if not re.search(cited, why)
    ]
    assert lines[-1].startswith("Why? Play goes on until a single player remains")


def test_the_board_in_words_has_the_players_and_the_twenty_tiles_and_hides_face_down_ones():
    game = laid_game(owners={1: 1, 2: 1}, hotels={1: 1})
    text = board_text_html(game, names=["Ann", "Bob"])
    assert text.count("<table") == 2
    assert "<caption>The twenty tiles, from Go: 14 of 16 still face down</caption>" in text
    assert (
        "<th scope='row'>1. Red ace</th><td>Bob (the whole set)</td><td>3</td><td>1</td>" in text
    )
    assert text.count("a face-down tile") == 14
    assert "Red 3" not in text  # face down: nobody knows where it lies
    assert "Bob</th><td>9 coins</td>" in text


def test_landlord_play_says_which_pile_issues_the_coins():
    record = landlord.play("quikopoly", players=3, seed=2)
    text = game_report(record)
    assert "(SUPPLY issues money" in text
    assert "the bank issues money" not in text


def test_details_name_no_face_down_tile_while_the_game_goes_on():
    session = Session("quikopoly", ["eager_landlord"] * 2, seed=1)
    session.run(max_steps=40)
    game = session.game
    layout = game.family.details(game)["layout"]
    assert layout.count("face down") == len(game.tiles.face_down()) > 0
    game = Session("quikopoly", ["eager_landlord"] * 2, seed=1).run()
    assert "face down" not in game.family.details(game)["layout"]


@pytest.mark.parametrize("seed", [3, 8])
def test_a_seeded_game_saved_as_json_replays_exactly(tmp_path, seed):
    record = landlord.play(
        "quikopoly", players=["eager_landlord", "cautious_tenant", "random"], seed=seed
    )
    path = record.save(tmp_path / "quikopoly.json")
    document = json.loads(path.read_text())
    assert document["rules"] == "quikopoly"
    assert document["history"][0] == {"outcome": document["history"][0]["outcome"]}
    loaded = load_game(path)
    assert loaded.standings.equals(record.standings)
    assert loaded.rounds.equals(record.rounds)


def test_landlord_rules_tells_its_history_and_sources(capsys):
    from landlord.apps import histories_markdown
    from landlord.cli import main

    assert main(["rules", "quikopoly"]) == 0
    out = capsys.readouterr().out
    assert "history and sources:" in out
    assert "Jacob Steinberger-Parkes" in out.split("history and sources:")[1]
    assert "bank_coins: " in out
    assert "(14 coins for two players, 9 for three" in out
    # The welcome page lists it, with a link that opens it in the play app.
    assert "(play.ipynb?rules=quikopoly)" in histories_markdown()


def test_a_comparison_across_games_that_move_differently_does_not_claim_the_same_dice():
    from landlord.views.summary import _notes

    mixed = landlord.compare(["landlords_game", "quikopoly", "property"], games=3, seed=1)
    assert mixed.moved_by() == {"two dice", "one die", "cards"}
    text = mixed.table()
    assert "with the same dice and cards" not in text
    assert "move by cards or one die or two dice" in text
    assert "not matched throw for throw" in " ".join(_notes(mixed))
    same = landlord.compare(["landlords_game", "monopoly_us"], games=3, seed=1)
    assert "with the same dice and cards" in same.table()


def test_names_of_more_than_one_word_are_told_whole_and_as_written():
    """Audit: "random 1 throws a 5 and 1 moves to Prison", and "Cautious_tenant 3 pays"."""
    session = Session("quikopoly", ["random", "cautious_tenant", "eager_landlord"], seed=3)
    narrator, lines = Narrator(session.game), []
    while not session.game.is_over and len(lines) < 600:
        narrator.before()
        session.step()
        lines += narrator.after()
    throws = [line for line in lines if " throws " in line and " and " in line]
    assert throws
    for line in throws:
        name, _, rest = line.partition(" throws ")
        assert name in session.game.names, line
        assert re.match(r"(a \d|a null|an ace) and (moves|leaves|lands)", rest), line
    assert not [line for line in lines if line.startswith(("Random", "Cautious", "Eager"))]
    assert any(line.startswith("cautious_tenant 2 pays") for line in lines)


def test_the_bankruptcy_why_keeps_the_text_apart_from_the_kit_s_reading():
    """Audit: the explain text gave the kit's reading (coins to the creditor, tiles owed to
    the bank back face down) as the published rule (Play: "All your property becomes owned
    by the player to whom you owe a debt")."""
    from landlord.families.quikopoly.explain import STEPS

    said = STEPS["bankrupt"]
    text, _, reading = said.partition("(the rules: Play).")
    assert "property goes to the player he owes" in text
    assert "coin" not in text
    assert "coins" in reading
    assert "face down" in reading
    assert reading.strip().endswith("is the kit's reading.")


def test_the_turn_s_button_throws_one_die():
    # Quikopoly moves by one die: the question said "throw the die", the button "the dice".
    from landlord.table import GameTable

    table = GameTable("quikopoly", ["human", "eager_landlord"], seed=3)
    for _ in range(100):  # to the person's first turn
        if table.waiting_for is None:
            table.play_turn()
        elif not any(choice.startswith("throw") for choice in table.choices()):
            table.choose(0)
        else:
            break
    throws = [choice for choice in table.choices() if choice.startswith("throw")]
    assert throws == ["throw the die"]
    assert "throw the die" in table.question()


def test_null_and_the_coin_sign_are_explained_where_a_question_uses_them():
    # Issue 34: "not a null" and the sign ¤ were unexplained on the play page.
    from landlord.rules import load_rules
    from landlord.views.glossary import link_terms

    linked = link_terms("your throw was not a null. Pay ¤1 and move", load_rules("quikopoly"))
    assert 'href="#glossary-quik-null"' in linked
    assert 'href="#glossary-quik-coin"' in linked
