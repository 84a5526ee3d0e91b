"""The play app's "Who paid whom" tab draws the rent each family's rules charge (issue 34).

Under the later game's rules most of what a tenant pays a landlord is rent on houses and
hotels, railroad fares and utility rent: a chart of the land rent alone showed a small
part of it (at round 40 of the seeded US table below, $423 of $3,392). The tab now draws
every rent there, and in Quikopoly and Property; Magie's games keep their chart of the land
rent alone, picture and words. Every figure here is added up from the game's ledger, not
read back from the chart.
"""

from __future__ import annotations

import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

import landlord
from landlord.engine.reasons import GROUPS, RENT_GROUPS, group_of
from landlord.families import family_of
from landlord.flows import cash_flows, only_groups
from landlord.money import money
from landlord.plotting import cash_flow_graph
from landlord.rules import load_rules
from landlord.table import GameTable
from landlord.widgets.charts import DPI, MARGINS, figure_png, rent_chart, rent_groups
from landlord.widgets.play.charts import chart_title, game_charts


def table_at(rules: str, seed: int, rounds: int = 40) -> GameTable:
    """Three eager landlords played by the bots to ``rounds`` (or the game's end)."""
    table = GameTable(rules, ["eager_landlord"] * 3, seed=seed)
    while table.game.round < rounds and not table.is_over:
        table.play_round()
    return table


def paid_by_group(game, groups) -> dict[tuple[str, str], int]:
    """Every (payer, payee) pair's payments in ``groups``, from the ledger's records."""
    names = game.ledger.names
    paid: dict[tuple[str, str], int] = {}
    for record in game.ledger.records:
        if group_of(record.reason) in groups:
            pair = (names[record.payer], names[record.payee])
            paid[pair] = paid.get(pair, 0) + record.amount
    return paid


@pytest.fixture(scope="module")
def us_table():
    return table_at("monopoly_us", seed=1)


@pytest.mark.parametrize(("rules", "seed"), [("monopoly_us", 1), ("monopoly_uk_1972", 1)])
def test_the_later_games_chart_draws_all_rent_paid_far_more_than_its_land_rent(rules, seed):
    game = table_at(rules, seed).game
    assert game.round == 40
    every_rent = paid_by_group(game, RENT_GROUPS)
    land_rent = sum(paid_by_group(game, ["land rent"]).values())
    chart = rent_chart()
    chart.draw(game)
    assert chart.data == every_rent  # every pair, both ways, none netted
    drawn = sum(chart.data.values())
    assert drawn > 5 * land_rent  # houses, hotels, fares and utilities: most of the rent
    house_rent = sum(paid_by_group(game, ["house rent"]).values())
    fares = sum(paid_by_group(game, ["fares"]).values())
    assert drawn == land_rent + house_rent + fares
    assert house_rent
    assert fares


def test_the_seeded_us_table_before_and_after(us_table):
    """The numbers of the issue: the tab drew $423 of land rent; $3,392 of rent was paid."""
    game = us_table.game
    assert sum(paid_by_group(game, ["land rent"]).values()) == 423
    chart = rent_chart()
    chart.draw(game)
    assert sum(chart.data.values()) == 3392


@pytest.mark.parametrize(("rules", "seed"), [("quikopoly", 1), ("property", 1)])
def test_quikopoly_and_property_draw_every_rent_they_charge(rules, seed):
    game = table_at(rules, seed).game
    chart = rent_chart()
    chart.draw(game)
    every_rent = paid_by_group(game, RENT_GROUPS)
    assert sum(every_rent.values()) > 0
    assert chart.data == every_rent
    paid = money(sum(every_rent.values()), game.rules.info.currency)
    assert chart.alt.startswith(f"who paid whom rent: {paid} of rent paid")
    assert chart_title("flows", game) == "Who paid whom: rent"


def test_quikopolys_hotels_are_in_its_rent():
    game = table_at("quikopoly", seed=1).game
    hotels = paid_by_group(game, ["house rent"])
    assert sum(hotels.values()) > 0  # the extra rent a hotel charges
    chart = rent_chart()
    chart.draw(game)
    assert sum(chart.data.values()) > sum(paid_by_group(game, ["land rent"]).values())


@pytest.mark.parametrize("rules", ["landlords_game", "single_tax", "prosperity"])
def test_magies_chart_is_the_land_rent_alone_as_before(rules):
    game = landlord.play(rules, players=4, seed=1).game
    assert rent_groups(game) == ("land rent",)
    chart = rent_chart()
    chart.draw(game)
    assert chart.data == paid_by_group(game, ["land rent"])
    assert chart.data != paid_by_group(game, RENT_GROUPS)  # her houses and fares stay out
    assert chart.alt.startswith("who paid whom land rent: $")
    assert " of land rent paid" in chart.alt.split(". ")[0]
    # The same picture as the chart of the land rent alone, drawn as the apps draw it.
    figure = Figure(figsize=chart.figure.get_size_inches(), dpi=DPI)
    FigureCanvasAgg(figure)
    figure.subplots_adjust(**MARGINS)
    cash_flow_graph(
        only_groups(cash_flows(game), ["land rent"]),
        ax=figure.add_subplot(),
        positions={},
        net=False,
        most=None,
    )
    assert figure_png(figure) == chart.png
    assert chart_title("flows", game) == "Who paid whom: land rent"


def test_the_landlords_games_words_are_unchanged():
    chart = rent_chart()
    chart.draw(landlord.play("landlords_game", players=4, seed=1).game)
    assert chart.alt.startswith(
        "who paid whom land rent: $708 of land rent paid, $216 of it to eager_landlord 2, "
        "$148 to the Public Treasury. Gross, every payment both ways: "
        "eager_landlord 2 paid eager_landlord 4 $112; "
    )


def test_the_words_name_the_rent_drawn(us_table):
    game = us_table.game
    charts = game_charts()
    flows = charts["flows"]
    flows.draw(game)
    assert chart_title("flows", game) == "Who paid whom: rent"
    assert flows.alt.startswith("who paid whom rent: $3,392 of rent paid, $1,593 of it to ")
    (ax,) = flows.figure.axes
    assert ax.get_title(loc="left").replace("\n", " ").startswith("$3,392 of rent paid")
    # Each arrow says what kind of rent carried most of it, as the key's colours do.
    assert "(house rent)" in flows.alt
    assert "(fares)" in flows.alt
    # One chart shows games of several families in turn: its words follow the game.
    flows.draw(landlord.play("landlords_game", players=4, seed=1).game)
    assert flows.alt.startswith("who paid whom land rent: $708 of land rent paid")
    flows.draw(game)
    assert flows.alt.startswith("who paid whom rent: ")
    # The side-by-side app names its side after the rent.
    left = rent_chart(description="who paid whom {rent}, left")
    left.draw(game)
    assert left.alt.startswith("who paid whom rent, left: $3,392 of rent paid")


def test_a_game_with_no_rent_yet_says_so():
    table = GameTable("monopoly_us", ["eager_landlord"] * 3, seed=1)
    table.play_turn()  # the first turn: nobody holds a title to charge rent on yet
    assert not paid_by_group(table.game, RENT_GROUPS)
    chart = rent_chart()
    chart.draw(table.game)
    assert chart.alt == "who paid whom rent: No rent paid yet."
    assert chart.data == {}


def test_rules_that_charge_no_rent_say_so_rather_than_draw_an_empty_graph(monkeypatch):
    family = family_of(load_rules("property"))
    monkeypatch.setattr(type(family), "charted_rent", ())
    game = table_at("property", seed=1).game
    assert paid_by_group(game, RENT_GROUPS)  # paid, but not rent by these (pretend) rules
    chart = rent_chart()
    chart.draw(game)
    assert chart.data == {}
    assert chart.alt == "who paid whom rent: These rules charge no rent: nobody pays any."
    (ax,) = chart.figure.axes
    assert ax.get_title(loc="left") == "These rules charge no rent: nobody pays any"


def test_every_family_charts_groups_of_rent():
    """A family's rent is rent: land, house and hotel rent, fares; by default all of them."""
    from landlord.engine.family import Family, families

    assert Family.charted_rent == RENT_GROUPS
    for family in families():
        assert family.charted_rent, family.name
        assert set(family.charted_rent) <= set(RENT_GROUPS) <= set(GROUPS)
        assert family.facts.charted_rent == family.charted_rent


def test_the_play_apps_tab_names_the_rent_its_game_charges():
    from landlord.widgets.play import PlayApp

    later = PlayApp(rules="monopoly_us", seats=["eager_landlord", "eager_landlord"], seed=1)
    later.step(whole_round=True)
    assert later.chart_tabs.titles[-1] == "Who paid whom: rent"
    magie = PlayApp(seats=["eager_landlord", "eager_landlord"], seed=1)
    assert magie.chart_tabs.titles[-1] == "Who paid whom: land rent"
