"""The play and side-by-side apps, driven headlessly: set values, press buttons, read the screen.

Nothing here needs a browser: ipywidgets keep their values in the kernel, a
button's ``click()`` runs its handlers, and a Play widget's tick is a change
of its value. What the board shows is read back from its SVG's data
attributes; what the charts show, from the numbers each chart plotted.
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

from landlord.families.magie.views import public_finances
from landlord.flows import cash_flows, only_groups
from landlord.metrics import gini
from landlord.table import GameTable, check_seats, rule_set_menu
from landlord.widgets.play import PlayApp
from landlord.widgets.side_by_side import SideBySideApp

SVG = "{http://www.w3.org/2000/svg}"


def centre(app_board) -> dict[str, str]:
    """The board centre's data attributes (round, turn, Treasury, wages, ...)."""
    root = ET.fromstring(app_board.value)
    group = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "centre")
    return dict(group.attrib)


def tokens(app_board) -> dict[str, str]:
    root = ET.fromstring(app_board.value)
    return {
        g.get("data-player"): g.get("data-space")
        for g in root.iter(f"{SVG}g")
        if g.get("class") == "token"
    }


def click(app, text: str) -> None:
    """Press the choice button whose words start with ``text``."""
    buttons = [b for b in app.choice_box.children if b.tooltip.startswith(text)]
    assert buttons, f"no button {text!r} among {[b.tooltip for b in app.choice_box.children]}"
    buttons[0].click()


def play_until_human_turn(app) -> None:
    """Answer the deal with 'decline' until the person's first throw is asked for."""
    for _ in range(50):
        if app.table.game.decision_kind == "turn" and app.table.waiting_for is not None:
            return
        if app.table.waiting_for is not None:
            click(app, "decline")
        else:
            app.step()
    raise AssertionError("the person's turn never came")


# --- The table behind the apps ------------------------------------------------------------


def test_a_person_plays_a_turn_through_the_table():
    table = GameTable("landlords_game", ["human", "eager_landlord"], seed=3, names=["Ann", "Bob"])
    assert table.waiting_for == 0  # the deal asks Ann first
    while table.game.decision_kind != "turn":
        table.choose(table.choices().index("decline"))
    assert "throw the dice" in table.choices()
    table.choose(table.choices().index("throw the dice"))
    (thrown,) = [line for line in table.log if line.startswith("Ann throws")]
    # With seed 3 Ann throws 3 and 5, to Speculation, which she may decline to play.
    assert thrown == "Ann throws 3 and 5"
    assert (table.waiting_for, table.game.decision_kind) == (0, "move")
    assert table.choices() == ["move forward to Speculation", "stay put rather than speculate"]
    table.choose(0)
    assert table.game.position[0] == 8
    assert table.waiting_for is None  # Ann's turn is over; Bob's waits for "Next turn"
    assert table.game.turns_played == 1


def test_a_choice_that_is_not_offered_changes_nothing():
    table = GameTable("landlords_game", ["human", "eager_landlord"], seed=3)
    history = len(table.game.history)
    for bad in (99, -1, "0", True, 1.0):
        with pytest.raises(ValueError, match="There is no choice"):
            table.choose(bad)
    assert len(table.game.history) == history
    bots = GameTable("landlords_game", ["eager_landlord", "random"], seed=3)
    with pytest.raises(ValueError, match="Nobody at the controls"):
        bots.choose(0)


@pytest.mark.parametrize(
    ("seats", "names", "message"),
    [
        (["human"], None, "is for 2 to 4 players, not 1"),
        (["human"] * 5, None, "not 5"),
        (["human", "nobody"], None, "'nobody' is not a player"),
        (["human", "random"], ["Ann", "   "], "Every player needs a name"),
        (["human", "random"], ["Ann", "ann" * 9], "is too long"),
        (["human", "random"], ["Ann", " Ann"], "the same name"),
    ],
)
def test_seats_from_a_form_are_checked_with_a_sentence(seats, names, message):
    with pytest.raises(ValueError, match=message):
        check_seats("landlords_game", seats, names)


def test_a_bad_seed_or_rule_set_is_refused():
    with pytest.raises(ValueError, match="whole number from 0 up"):
        GameTable(seed=-1)
    with pytest.raises(ValueError, match="Unknown rule set 'monopoly'"):
        GameTable("monopoly")


def test_the_same_seed_and_seats_give_the_same_game():
    games = []
    for _ in range(2):
        table = GameTable("single_tax", ["eager_landlord", "cautious_tenant", "random"], seed=11)
        for _ in range(30):
            table.play_turn()
        games.append((list(table.log), table.game.net_worths()))
    assert games[0] == games[1]


# --- The play app ---------------------------------------------------------------------------


def test_a_person_plays_a_turn_by_pressing_the_buttons_shown():
    # Without "play for me" the person throws with a button too.
    app = PlayApp(seats=["human", "eager_landlord", "cautious_tenant"], seed=5, play_for_me=False)
    play_until_human_turn(app)
    board, log = app.board.value, app.log.value
    assert "Ann: your turn" in app.question.value
    click(app, "throw the dice")
    if app.table.waiting_for == 0 and app.table.game.decision_kind == "move":
        click(app, "move")
    assert app.board.value != board
    assert "Ann throws" in app.log.value
    assert app.log.value != log


def test_bots_play_on_their_own_and_the_gini_chart_follows_every_round():
    app = PlayApp(seats=["eager_landlord", "cautious_tenant", "random"], seed=2)
    app.autoplay.playing = True
    for beat in range(1, 40):
        app.autoplay.value = beat  # what the browser's timer does
    game = app.table.game
    assert game.round >= 10
    assert int(centre(app.board)["data-round"]) == game.round
    curves = app.charts["gini"].data
    worths = [row[2] for row in game.round_net_worths]
    assert curves["gini:net_worth"] == pytest.approx([gini(w) for w in worths])
    assert len(curves["gini:net_worth"]) == len(game.round_net_worths)
    assert app.charts["wealth"].data == game.net_worths()


def test_auto_play_stops_when_a_person_must_choose():
    app = PlayApp(seats=["eager_landlord", "human"], seed=4)
    app.autoplay.playing = True
    for beat in range(1, 30):
        app.autoplay.value = beat
        if not app.autoplay.playing:
            break
    assert app.autoplay.playing is False
    assert app.table.waiting_for == 1
    assert app.choice_box.children  # the person's buttons are on screen
    assert app.step_button.disabled


def test_the_vote_for_the_single_tax_is_a_button_on_a_persons_turn():
    app = PlayApp(
        rules="landlords_game_vote", seats=["human", "single_taxer", "single_taxer"], seed=8
    )
    play_until_human_turn(app)
    assert centre(app.board)["data-single-tax"] == "0"
    click(app, "call a vote for the single tax")
    assert app.table.game.treasury.single_tax
    assert centre(app.board)["data-single-tax"] == "1"
    assert "single tax" in app.log.value.lower()


def test_charts_in_tabs_are_drawn_when_shown_and_match_the_game():
    app = PlayApp(seats=["eager_landlord", "cautious_tenant"], seed=6)
    app.step(whole_round=True)
    app.step(whole_round=True)
    assert app.charts["flows"].data is None  # not drawn while out of view
    app.chart_tabs.selected_index = 2
    graph = only_groups(cash_flows(app.table.game), ["land rent"])  # gross land rent
    expected = {(u, v): d["amount"] for u, v, d in graph.edges(data=True)}
    assert app.charts["flows"].data == expected
    app.chart_tabs.selected_index = 1
    assert app.charts["lorenz"].data == app.table.game.net_worths()
    assert app.charts["gini"].png.startswith(b"\x89PNG")


def test_a_bad_setup_says_why_and_keeps_the_game():
    app = PlayApp(seats=["human", "eager_landlord"], names=["Ann", "Bob"], seed=1)
    table = app.table
    app.seat_names[1].value = "Ann"
    app.new_game_button.click()
    assert "the same name" in app.status.value
    assert app.table is table
    app.seat_names[1].value = "<b>Bob</b>"
    app.new_game_button.click()
    assert app.table is not table
    assert "&lt;b&gt;Bob" in app.log.value or "&lt;b&gt;Bob" in app.board.value
    assert "<b>Bob</b>" not in app.board.value


def test_a_new_game_with_other_rules_and_seats():
    app = PlayApp()
    app.rules.value = "prosperity"
    app.seat_menus[0].value = "single_taxer"
    app.seat_menus[3].value = "random"
    app.seed.value = 12
    app.new_game_button.click()
    game = app.table.game
    assert game.rules.id == "prosperity"
    assert game.n_players == 4
    assert app.table.session.seed == 12
    # The menu says what is history and what is the kit's reconstruction.
    assert ("Prosperity (reconstruction)", "prosperity") in app.rules.options


# --- Side by side -------------------------------------------------------------------------


def throws(table) -> list[str]:
    return [line for line in table.log if " throws " in line]


def test_both_boards_advance_on_the_same_dice():
    app = SideBySideApp(left="landlords_game", right="single_tax", seed=7)
    left, right = app.tables
    app.turn_button.click()
    app.turn_button.click()
    assert left.game.turns_played == right.game.turns_played == 2
    assert throws(left)[:2] == throws(right)[:2]
    app.round_button.click()
    assert centre(app.boards[0])["data-round"] == str(left.game.round)
    assert centre(app.boards[1])["data-single-tax"] == "1"
    curves = app.gini_chart.data
    assert set(curves) == {"The Landlord's Game", "The Landlord's Game under the Single Tax"}
    assert len(curves["The Landlord's Game"]) == len(left.game.round_net_worths)


def test_the_single_tax_side_shows_its_treasury_wages_and_public_works():
    app = SideBySideApp(left="landlords_game", right="prosperity", seed=3)
    right = app.tables[1].game
    while right.wages == 100 and not right.is_over:
        app.round_button.click()
    figures = public_finances(right)
    assert figures["single_tax"]
    assert f"wages ${right.wages:,}" in app.finances[1].value
    assert f"PUBLIC TREASURY ${figures['treasury']:,}" in app.finances[1].value
    # Rule 6: only land rents and fines are spent; the rest is said to be kept.
    kept = figures["treasury"] - figures["treasury_fund"]
    assert kept > 0
    assert f"${kept:,} of it card prices and taxes, kept unspent" in app.finances[1].value
    assert right.treasury.public_works
    assert "wages raised" in app.finances[1].value
    assert public_finances(app.tables[0].game)["treasury_spent"] == 0


def test_side_by_side_auto_play_steps_both_until_both_end():
    app = SideBySideApp(bots="eager_landlord+cautious_tenant", players=2, seed=1)
    for table in app.tables:  # most of both games, without redrawing the screen
        while table.game.round < 25 and table.play_round():
            pass
    app.autoplay.playing = True
    beat = 0
    while app.autoplay.playing and beat < 2000:
        beat += 1
        app.autoplay.value = beat
    assert all(table.is_over for table in app.tables)
    assert app.autoplay.playing is False


@pytest.mark.parametrize("rules", ["landlords_game", "single_tax", "prosperity"])
def test_people_pressing_any_buttons_play_whole_games(rules):
    """Two people press buttons at random against a bot: every game ends, nothing breaks."""
    import random

    for seed in range(3):
        picker = random.Random(seed)
        table = GameTable(rules, ["human", "random", "human"], seed=seed)
        for _ in range(20_000):
            if table.is_over:
                break
            if table.waiting_for is None:
                assert table.play_turn()
            else:
                choices = table.choices()
                assert choices
                assert table.question()
                table.choose(picker.randrange(len(choices)))
        assert table.is_over, f"{rules}, seed {seed}: still going after 20,000 moves"
        assert table.game.round >= 10  # whole games, not quick surrenders
        assert all(line.strip() for line in table.log)
        assert sum(table.game.ledger.balances) == 0  # money only moved, none made or lost


# --- The later game (the Monopoly rule sets, as history) -----------------------------------------

#: Every decision the later game asks of a player (landlord.families.monopoly.game's docstring).
LATER_DECISIONS = {
    "turn",
    "jail",
    "buy",
    "bid",
    "place",
    "income_tax",
    "card",
    "rent",
    "trade",
    "offer",
    "mortgaged",
    "raise",
}


def test_a_person_pressing_the_first_button_plays_the_us_rules_for_30_rounds():
    table = GameTable(
        "monopoly_us",
        ["human", "strategy_guide", "random", "eager_landlord"],
        seed=6,
        names=["Ann", "Bob", "Cy", "Di"],
    )
    asked = set()
    for _ in range(5000):
        if table.is_over or table.game.round > 30:
            break
        if table.waiting_for is None:
            assert table.play_turn()
            continue
        assert table.waiting_for == 0
        asked.add(table.game.decision_kind)
        question, choices = table.question(), table.choices()
        assert question.startswith("Ann: ")
        assert choices
        table.choose(0)
    game = table.game
    assert game.round > 30 or game.is_over
    assert {"buy", "bid"} <= asked
    log = list(table.log)
    assert all(line.strip() for line in log)
    assert not [line for line in log if "\u00a3" in line or line.startswith("chance (")]
    # The first button buys what Ann stops on: the log says so in dollars.
    assert [line for line in log if re.fullmatch(r"Ann buys .+ for \$\d+", line)]
    assert sum(game.ledger.balances) == 0  # money only moved, none made or lost


def test_every_decision_of_the_later_game_asks_a_question_with_buttons():
    questions: dict[str, str] = {}
    # Seed 4 brings a house shortage, whose auction ends in a "place" decision.
    for seed in (0, 1, 2, 4):
        for rules, options in (("monopoly_us", {}), ("monopoly_uk_1972", {"rent_lapses": True})):
            picker = random.Random(seed)
            table = GameTable(
                rules, ["human", "random", "human", "strategy_guide"], seed, **options
            )
            while not table.is_over and table.game.round < 200:
                if table.waiting_for is None:
                    table.play_turn()
                    continue
                kind = table.game.decision_kind
                question, choices = table.question(), table.choices()
                assert question, kind
                assert len(choices) == len(table.game.legal_actions())
                questions.setdefault(kind, question)
                table.choose(picker.randrange(len(choices)))
    assert set(questions) == LATER_DECISIONS
    for kind, question in questions.items():
        words = question.split(": ", 1)[1]
        assert words != kind
        assert len(words) > 15, (kind, question)
    assert "or let the Bank auction it?" in questions["buy"]
    assert "Bid, or drop out?" in questions["bid"]
    assert "Accept?" in questions["offer"]


def test_the_later_game_is_told_in_plain_sentences():
    table = GameTable(
        "monopoly_uk_1972",
        ["strategy_guide", "strategy_guide", "random", "strategy_guide"],
        seed=1,
        names=["Ann", "Bob", "Cy", "Di"],
    )
    while not table.is_over:
        table.play_round()
    log = "\n".join(table.log)
    for sentence in (
        r"^(Ann|Bob|Cy|Di) starts with £1,500$",
        r"^The Chance and Community Chest packs are shuffled$",
        r"^\w+ throws \d and \d and moves to [A-Z]",
        r"^\w+ buys [A-Z].+ for £\d+$",
        r"^\w+ does not buy .+: the Bank auctions it$",
        r"^\w+ wins the auction of [A-Z].+ for £\d+$",
        r"^\w+ pays £[\d,]+ rent to \w+ for [A-Z]",
        r"^\w+ collects £200 salary$",
        r"^\w+ draws (Chance|Community Chest): ",
        r"^\w+ offers \w+ .+ for .+$",
        r"^\w+ (accepts|refuses) \w+'s offer$",
        r"^\w+ builds a house on .+ for £\d+$",
        r"^\w+ throws (\d) and \1 \(doubles\): three doubles in a row, so \w+ goes to Jail$",
        r"^\w+ is bankrupt to (\w+|the Bank)$",
        r"^Game over: \w+ is the last player not bankrupt$",
    ):
        assert re.search(sentence, log, re.MULTILINE), sentence
    assert "$" not in log


def test_the_play_app_offers_and_starts_the_1972_uk_rules():
    assert (
        "Monopoly: the 1972 UK rules (historical rules)",
        "monopoly_uk_1972",
    ) in rule_set_menu()
    app = PlayApp()
    assert "monopoly_uk_1972" in [value for _, value in app.rules.options]
    assert "strategy_guide" in [value for _, value in app.seat_menus[1].options]
    app.rules.value = "monopoly_uk_1972"
    app.seat_menus[1].value = "strategy_guide"
    app.seat_menus[3].value = "random"
    app.new_game_button.click()
    game = app.table.game
    assert game.rules.id == "monopoly_uk_1972"
    assert game.n_players == 4
    assert "trademark of Hasbro" in app.status.value
    root = ET.fromstring(app.board.value)
    spaces = [g for g in root.iter(f"{SVG}g") if g.get("class") == "space"]
    assert len(spaces) == 40
    assert "Mayfair" in app.board.value
    assert "\u00a3400" in app.board.value
    # A few rounds with the buttons shown: the person presses the first one.
    while game.round < 4 and not game.is_over:
        if app.table.waits_for_person:
            assert app.question.value.startswith("<b>Ann: ")
            app.choice_box.children[0].click()
        else:
            app.step()
    assert int(centre(app.board)["data-round"]) == game.round
    assert "\u00a3" in app.log.value
    curves = app.charts["gini"].data
    worths = [row[2] for row in game.round_net_worths]
    assert curves["gini:net_worth"] == pytest.approx([gini(w) for w in worths])
    app.chart_tabs.selected_index = 0
    assert app.charts["wealth"].data == game.net_worths()


def test_the_landlords_game_beside_the_us_rules_on_the_same_dice():
    app = SideBySideApp(left="landlords_game", right="monopoly_us", seed=7)
    left, right = app.tables
    assert "the same dice on each turn" in app.status.value
    app.turn_button.click()
    app.turn_button.click()
    assert left.game.turns_played == right.game.turns_played == 2
    first = [throws(table)[0] for table in app.tables]
    assert first[1].startswith(first[0] + " and moves to ")
    app.round_button.click()
    assert centre(app.boards[1])["data-round"] == str(right.game.round)
    assert "the later game: no public treasury" in app.finances[1].value
    assert "salary $200" in app.finances[1].value
    assert "PUBLIC TREASURY" in app.finances[0].value
    assert set(app.gini_chart.data) == {"The Landlord's Game", "Monopoly: the classic US rules"}


@pytest.mark.parametrize(
    ("left", "right"),
    [("landlords_game", "landlords_game_vote"), ("single_tax", "single_tax")],
)
def test_side_by_side_charts_both_games_when_one_title_starts_the_other_or_both_match(left, right):
    # "The Landlord's Game" starts "The Landlord's Game, with the single-tax vote": each
    # side's Gini curve must still be found by its own label (it once raised here).
    app = SideBySideApp(left=left, right=right, seed=3)
    for _ in range(4):
        app.step(whole_round=True)
    gini = app.gini_chart.data
    assert len(gini) == 2
    assert all(len(values) >= 4 for values in gini.values())


@pytest.mark.parametrize(
    ("left", "right", "moves"),
    [
        ("landlords_game", "property", "two dice and the right by cards"),
        ("quikopoly", "monopoly_us", "one die and the right by two dice"),
    ],
)
def test_a_pair_that_moves_by_different_chances_is_not_called_the_same_dice(left, right, moves):
    app = SideBySideApp(left=left, right=right, seed=3)
    assert "the same dice" not in app.status.value
    assert f"the left game moves by {moves}: their turns are not matched" in app.status.value


def test_how_to_play_names_the_pace_menu_and_every_game_of_the_rules_menu():
    # It spoke of a slider (the pace is a menu) and left out Property and Quikopoly.
    from landlord.views.how_to_play import HOW_TO_PLAY

    assert "slider" not in HOW_TO_PLAY
    assert "Pace a turn" in HOW_TO_PLAY
    for game in ("Prosperity", "Monarch of the World", "Monopoly", "Property", "Quikopoly"):
        assert game in HOW_TO_PLAY, game
