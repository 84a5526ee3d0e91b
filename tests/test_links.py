"""Every app opens set up from its page's address, and a bad address breaks nothing (issue 17).

A teacher hands a class a link; a student mistypes it. Each app takes what it
can read, leaves the rest out and says what it left out, and its own "link
to this setup" opens the same setup again.
"""

from __future__ import annotations

from urllib.parse import parse_qsl

import pytest
from hypothesis import given
from hypothesis import strategies as st

from landlord.widgets.claim_view import ClaimView
from landlord.widgets.dashboard import ExperimentsApp
from landlord.widgets.link import PLAY_FIELDS, page_query, read_setup, setup_query
from landlord.widgets.play import PlayApp
from landlord.widgets.side_by_side import SideBySideApp


def own_link(app) -> dict[str, str]:
    """The setup in the app's own link, as the page's address would hand it back."""
    href = app.link.value.split("href='", 1)[1].split("'", 1)[0].replace("&amp;", "&")
    return dict(parse_qsl(href.lstrip("?")))


def test_the_play_app_opens_as_its_link_says_and_its_own_link_opens_it_again():
    app = PlayApp.from_page(
        {
            "rules": "landlords_game",
            "seats": "human,random,empty,single_taxer",
            "names": "Zoe,Yan,Wim",
            "seed": "77",
            "options": "round_limit:30",
        }
    )
    table = app.table
    assert table.rules_id == "landlords_game"
    assert table.seats == ["human", "random", "single_taxer"]  # the empty seat left out
    assert table.names == ["Zoe", "Yan", "Wim"]
    assert table.session.seed == 77
    assert table.game.rules.options["round_limit"] == 30
    again = PlayApp.from_page(own_link(app)).table
    assert (again.rules_id, again.seats, again.names, again.session.seed) == (
        "landlords_game",
        table.seats,
        table.names,
        77,
    )
    assert again.game.rules.options["round_limit"] == 30


@pytest.mark.parametrize(
    ("query", "named"),
    [
        ({"rules": "chess"}, "rule set 'chess' was left out"),
        ({"seed": "-3"}, "seed '-3' was left out"),
        ({"seats": "human,robot"}, "seats 'human,robot' was left out"),
        ({"seats": "human"}, "The link's setup was left out: The Landlord's Game is for 2"),
        ({"names": "Ann,Ann", "seats": "human,random"}, "same name"),
        ({"options": "round_limit:lots"}, "The link's setup was left out"),
        ({"colour": "red"}, "field 'colour' is not one this app reads"),
    ],
)
def test_a_bad_play_link_opens_the_usual_game_and_names_what_it_left_out(query, named):
    app = PlayApp.from_page(query)
    assert app.table is not None
    assert app.table.game.rules.id == query.get("rules", "landlords_game").replace(
        "chess", "landlords_game"
    )
    assert named in app.status.value.replace("&#x27;", "'")


@given(
    st.dictionaries(
        st.sampled_from(["rules", "seats", "names", "seed", "options", "x"]),
        st.text(max_size=40),
        max_size=5,
    )
)
def test_no_play_link_whatever_it_holds_raises(query):
    setup, problems = read_setup(query, PLAY_FIELDS)
    assert isinstance(setup, dict)
    assert isinstance(problems, str)


def test_page_query_reads_voilas_query_string_and_ignores_a_flood():
    assert page_query({"QUERY_STRING": "seed=3&rules=single_tax"}) == {
        "seed": "3",
        "rules": "single_tax",
    }
    assert len(page_query({"QUERY_STRING": "a=1&" * 5000})) <= 1


def test_side_by_side_opens_as_its_link_says_and_its_own_link_opens_it_again():
    app = SideBySideApp.from_page(
        {
            "left": "prosperity",
            "right": "monopoly_uk_1972",
            "players": "eager_landlord+cautious_tenant",
            "seats": "2",
            "seed": "12",
        }
    )
    assert [table.rules_id for table in app.tables] == ["prosperity", "monopoly_uk_1972"]
    assert app.tables[0].seats == ["eager_landlord", "cautious_tenant"]
    again = SideBySideApp.from_page(own_link(app))
    assert [table.rules_id for table in again.tables] == ["prosperity", "monopoly_uk_1972"]
    assert again.seed.value == 12
    assert again.bots.value == "eager_landlord+cautious_tenant"


def test_the_experiments_app_opens_as_its_link_says():
    app = ExperimentsApp.from_page(
        {
            "rules": "landlords_game,prosperity",
            "players": "random",
            "seats": "3",
            "games": "50",
            "seed": "4",
            "land_value_tax": "25%",
            "long": "yes",
            "measure": "richest_share",
        }
    )
    ticked = [rules for rules, box in app.rule_boxes.items() if box.value]
    assert ticked == ["landlords_game", "prosperity"]
    assert (app.bots.value, app.players.value, app.games.value, app.seed.value) == (
        "random",
        3,
        50,
        4,
    )
    # The option is set on each rule set ticked that declares it (Prosperity inherits it).
    for rules_id in ("landlords_game", "prosperity"):
        assert app.option_control(rules_id, "land_value_tax").value == 0.25
    assert app.long_run.value is True
    assert app.claim.measure.value == "richest_share"
    assert "left out" not in app.status.value


def test_a_bad_experiments_link_names_each_mistake_and_too_many_games_are_said_at_once():
    app = ExperimentsApp.from_page({"rules": "chess", "seed": "x", "measure": "luck"})
    status = app.status.value.replace("&#x27;", "'")
    for named in ("rule sets 'chess'", "seed 'x'", "measure 'luck'"):
        assert named in status
    crowded = ExperimentsApp.from_page({"games": "6000"})
    assert "too many" in crowded.games_hint.value


def test_the_claim_page_opens_on_the_comparison_table_and_moment_its_link_names():
    query = {"measure": "dollar_gap", "arm": "money_neutral", "seats": "3", "moment": "round25"}
    view = ClaimView.from_page(query=query)
    assert (view.measure.value, view.arm.value, view.seats.value, view.moment.value) == (
        "dollar_gap",
        "money_neutral",
        3,
        "round25",
    )
    assert set(view.chart.data["verdicts"]) == {
        f"{mix.id}.3.round25" for mix in view.results.grid.mixes
    }
    wrong = ClaimView.from_page(query={"seats": "9", "moment": "forever"})
    said = wrong.widget.children[0].value.replace("&#x27;", "'")
    assert "number of players '9' was left out" in said
    assert "moment 'forever' was left out" in said


def test_the_claim_page_opens_on_the_measure_its_link_names():
    assert ClaimView.from_page(query={"measure": "final_wages"}).measure.value == "final_wages"
    view = ClaimView.from_page(query={"measure": "luck"})
    assert view.measure.value == "gini_net_worth"
    assert "measure 'luck' was left out" in view.widget.children[0].value.replace("&#x27;", "'")


def test_a_link_is_written_so_that_it_reads_back_the_same():
    query = setup_query(players="eager_landlord+cautious_tenant", seats=["human", "random"])
    assert dict(parse_qsl(query[1:])) == {
        "players": "eager_landlord+cautious_tenant",
        "seats": "human,random",
    }
