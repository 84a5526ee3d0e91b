"""One click, one decision; a problem gives way to the next move; the game ends with standings.

What a class met in the play app: a double-click took two decisions (it bought
two dealt cards), a red "Cannot do that" stayed until the game ended, the end
of a game named no winner, and the side-by-side buttons stayed live after both
games were over.
"""

from __future__ import annotations

import html
import re

from landlord.session import Session
from landlord.views.standings import standings_html, winners_text
from landlord.widgets.play import PlayApp
from landlord.widgets.side_by_side import SideBySideApp

SEATS = ["human", "eager_landlord", "cautious_tenant"]


def first_button(app):
    return app.choice_box.children[0]


def test_a_double_click_takes_one_decision():
    once, twice = PlayApp(seats=SEATS, seed=1), PlayApp(seats=SEATS, seed=1)
    assert "buy the card you were dealt" in re.sub("<[^>]+>", "", once.question.value)
    first_button(once).click()
    button = first_button(twice)
    button.click()
    button.click()  # the second click of a double-click, on the button already answered
    assert twice.table.game.history == once.table.game.history
    assert "Cannot do that" not in twice.status.value
    buys = [line for line in twice.table.log if line.startswith("Ann: buy")]
    assert len(buys) == 1


def test_a_new_button_after_a_click_still_takes_its_own_decision():
    app = PlayApp(seats=SEATS, seed=1)
    first_button(app).click()
    before = len(app.table.game.history)
    first_button(app).click()  # the next question's button: a decision of its own
    assert len(app.table.game.history) > before


def test_a_problem_gives_way_to_the_next_move_that_works():
    app = PlayApp(seats=SEATS, seed=1)
    said = app.status.value
    app.choose(99)
    assert "Cannot do that" in app.status.value
    first_button(app).click()
    assert app.status.value == said


def test_the_end_of_a_game_names_the_winner_and_the_standings():
    app = PlayApp(seats=["eager_landlord", "cautious_tenant", "eager_landlord"], seed=3)
    for _ in range(400):
        if app.table.is_over:
            break
        app.step(whole_round=True)
    game = app.table.game
    assert game.is_over
    outcome = game.family.outcome(game)
    winner = game.names[outcome.winners[0]]
    assert f"Winner: {winner}." in html.unescape(app.question.value)
    table = html.unescape(app.standings.value)
    assert "cash, plus 100 for every card and every house" in table  # Magie's own score
    first_row = table.split("<tr>")[2]
    assert f"{winner} (winner)" in first_row
    assert f"{max(outcome.scores):,}" in first_row
    assert app.step_button.disabled
    assert app.round_button.disabled


def test_standings_in_the_later_game_and_no_winner_while_playing():
    game = Session("monopoly_us", ["strategy_guide"] * 3, seed=4).run()
    table = standings_html(game)
    assert "score by the rules" in table
    assert table.count("(winner)") == len(game.family.outcome(game).winners) >= 1
    playing = Session("landlords_game", ["eager_landlord"] * 2, seed=1).game
    assert winners_text(playing) == ""


def test_side_by_side_buttons_rest_once_both_games_are_over():
    app = SideBySideApp(bots="eager_landlord+cautious_tenant", players=2, seed=1)
    assert not app.round_button.disabled
    for _ in range(400):
        if all(table.is_over for table in app.tables):
            break
        app.step(whole_round=True)
    assert app.round_button.disabled
    assert app.turn_button.disabled
    app.new_games()
    assert not app.round_button.disabled


def test_the_log_keeps_the_whole_game_by_round_and_filters_and_downloads_it():
    import base64
    import io

    import pandas as pd

    app = PlayApp(seats=["eager_landlord", "cautious_tenant", "eager_landlord"], seed=3)
    while not app.table.is_over:
        app.step(whole_round=True)
    table = app.table
    assert len(table.log) == len(table.log_rounds)
    shown = html.unescape(app.log.value)
    assert "<b>The deal</b>" in shown  # lesson 1 asks about round 10: it is all still there
    assert "<b>Round 10</b>" in shown
    assert shown.index("<b>Round 15</b>") < shown.index("<b>Round 10</b>")  # newest first
    told = [line for line in shown.split("<br>") if "<b>" not in line]
    assert len(told) == len(table.log)  # every line of the game, not the newest 60
    app.log_filter.value = "Bob"
    lines = [line for line in html.unescape(app.log.value).split("<br>") if "<b>" not in line]
    assert lines
    assert all("Bob" in line for line in lines)
    app.download_log()
    link = app.log_link.value
    assert 'download="landlord_log.csv"' in link
    data = base64.b64decode(link.split("base64,")[1].split('"')[0]).decode()
    frame = pd.read_csv(io.StringIO(data))
    assert list(frame.columns) == ["round", "line"]
    assert frame["line"].tolist() == table.log
    app.new_game()
    assert app.log_link.value == ""
    assert app.log_filter.value == ""


def test_the_log_says_who_goes_to_jail_the_poor_house_or_a_natural_opportunity():
    from landlord.table import GameTable

    table = GameTable("landlords_game", ["random"] * 4, seed=3)
    while not table.is_over and table.game.round < 40:
        table.play_round()
    game = table.game
    for player, name in enumerate(game.names):
        told = [
            line
            for line in table.log
            if line == f"{name} cannot pay and goes to the Poor House (Rule 12)"
        ]
        assert len(told) == game.poor_house_visits[player]
    assert any(line.endswith("goes to Jail") for line in table.log)
    taxed = GameTable("single_tax", ["random"] * 4, seed=3)
    while not taxed.is_over and taxed.game.round < 40:
        taxed.play_round()
    visits = taxed.game.treasury.opportunity_visits
    told = [line for line in taxed.log if "works a Natural Opportunity" in line]
    assert len(told) == sum(visits) > 0
    assert all(line.endswith("(Single Tax Rule 8)") for line in told)


def first_question_of(table, words: str, most: int = 5000) -> str:
    """Play a person's table (taking the last choice each time) until a question with words."""
    for _ in range(most):
        if table.is_over:
            break
        if table.waiting_for is None:
            table.play_turn()
            continue
        asked = table.question()
        if words in asked:
            return asked
        table.choose(len(table.choices()) - 1)
    raise AssertionError(f"no question with {words!r}")


def test_a_player_who_cannot_pay_is_told_what_he_owes_to_whom_and_what_follows():
    from landlord.table import GameTable

    table = GameTable(
        "landlords_game", ["human", "random", "random"], seed=5, names=["Ann", "Bob", "Cleo"]
    )
    asked = first_question_of(table, "you owe")
    assert asked.startswith("Ann: you owe $100 on a Chance card to PUBLIC TREASURY but hold $63")
    assert "raise $37 by selling a card or borrowing" in asked
    assert "go to the Poor House, owing the rest (Rule 12)" in asked
    assert table.choices()[0] == "go to the Poor House"


def test_under_the_single_tax_the_way_out_is_a_natural_opportunity():
    from landlord.table import GameTable

    table = GameTable(
        "single_tax", ["human", "random", "random"], seed=5, names=["Ann", "Bob", "Cleo"]
    )
    asked = first_question_of(table, "you owe")
    assert "land rent to PUBLIC TREASURY" in asked
    assert "or you go to a Natural Opportunity (Single Tax Rule 8)" in asked
    assert table.choices()[0] == "go to a Natural Opportunity"
    assert "Poor House" not in " ".join(table.choices())


def test_explain_mode_adds_the_rule_behind_each_step_and_can_be_switched_off():
    app = PlayApp(seats=["eager_landlord", "cautious_tenant"], seed=2)
    app.step(whole_round=True)
    assert "landlord-explain" not in app.log.value
    app.explain.value = True
    app.step(whole_round=True)
    explained = app.log.value.count("landlord-explain")
    assert explained > 0
    assert re.search(r"Why\? .*Rule \d+", html.unescape(app.log.value))
    app.explain.value = False
    app.step(whole_round=True)
    assert app.log.value.count("landlord-explain") == explained
    # A new game keeps the reader's choice.
    app.explain.value = True
    app.new_game()
    for _ in range(4):
        app.step(whole_round=True)
    assert "landlord-explain" in app.log.value


def test_every_word_a_question_links_is_in_the_glossary_on_the_page():
    app = PlayApp(seats=["human", "eager_landlord"], seed=1)
    for _ in range(60):
        if app.table.waiting_for is None:
            app.step()
            continue
        targets = re.findall(r'href="#([^"]+)"', app.question.value + app.help.value)
        for target in targets:
            assert f'id="{target}"' in app.glossary.value, target
        app.choose(0, app._decision())
    assert "<details" in app.glossary.value
    assert "Speculation" in app.glossary.value


def test_the_board_in_words_follows_the_game_while_it_is_open():
    app = PlayApp(seats=["eager_landlord", "cautious_tenant"], names=["Ann", "Bob"], seed=3)
    app.step(whole_round=True)
    assert app.board_text.value == ""  # folded: not drawn
    app.board_words.selected_index = 0
    first = app.board_text.value
    assert "<caption" in first
    assert "Ann" in first
    app.step(whole_round=True)
    assert app.board_text.value != first


def test_the_who_paid_whom_alt_text_says_the_rent_paid_gross():
    app = PlayApp(rules="monopoly_uk_1972", seats=["eager_landlord", "cautious_tenant", "random"])
    for _ in range(15):
        app.step(whole_round=True)
    app.chart_tabs.selected_index = 2
    alt = app.charts["flows"].alt
    # The later game's rent: on bare land, houses and hotels, stations and utilities.
    assert alt.startswith("who paid whom rent: £")
    assert "of rent paid" in alt  # the finding first
    assert "Gross, every payment both ways" in alt
    assert "£" in alt
    assert "$" not in alt  # the rule set's own currency
    assert "BANK" not in alt  # piles (none is paid rent here) would be in words


def test_property_standings_say_the_score_is_money_alone():
    # Issue 34: Property's standings put $274 above $275 of net worth without saying why.
    game = Session("property", ["eager_landlord", "cautious_tenant", "random"], seed=1).run()
    table = html.unescape(standings_html(game))
    assert "The score is money alone: property is not counted" in table
    outcome = game.family.outcome(game)
    scores = [int(cell.replace(",", "")) for cell in re.findall(r"<td>([\d,]+)</td><td>\$", table)]
    assert scores == sorted(outcome.scores, reverse=True)


def test_the_play_page_is_named_for_the_game_chosen():
    app = PlayApp(rules="property", seats=["human", "eager_landlord"], seed=1)
    assert ">Property" in app.title.value
    assert "Landlord" not in app.title.value
    app.rules.value = "quikopoly"
    app.new_game()
    assert "Quikopoly" in app.title.value


def test_miscellaneous_says_what_it_paid_out_not_a_minus_sum():
    # Issue 34: MISCELLANEOUS showed -$1,600 from the deal, unexplained.
    app = PlayApp(seats=["eager_landlord", "cautious_tenant", "random"], seed=1)
    board = html.unescape(app.board.value)
    handed = -app.table.game.ledger.balances[app.table.game.bank]
    assert handed > 0
    assert f"MISCELLANEOUS paid out ${handed:,}" in board
    assert "-$" not in board
