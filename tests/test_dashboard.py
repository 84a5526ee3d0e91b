"""The experiments dashboard, driven headless: set the widgets, click Run, read what shows."""

import base64
import html
import io
import json
import re
import subprocess
import sys
import types

import pandas as pd
import pytest

import landlord.experiments
import landlord.rules
from landlord.table import rule_set_menu
from landlord.widgets.dashboard import ExperimentsApp
from landlord.widgets.dashboard.reading import reading
from landlord.widgets.dashboard.specs import MOST_GAMES, experiment_specs


def link_csv(downloads_html: str, css_class: str) -> pd.DataFrame:
    """The table behind one download link of the dashboard."""
    anchor = downloads_html.split(f'class="{css_class}"')[0].rsplit("<a ", 1)[1]
    assert 'href="data:text/csv;base64,' in anchor
    data = anchor.split("base64,", 1)[1].split('"', 1)[0]
    return pd.read_csv(io.StringIO(base64.b64decode(data).decode("utf-8")))


def texts_on_screen(widget) -> str:
    """Every HTML and label text in a widget tree, joined."""
    texts = [str(getattr(widget, "value", ""))] if hasattr(widget, "value") else []
    texts.append(str(getattr(widget, "description", "")))
    for child in getattr(widget, "children", ()):
        texts.append(texts_on_screen(child))
    return "\n".join(texts)


def reading_text(app: ExperimentsApp) -> str:
    """The reading as a reader sees it: one line per paragraph, no tags, no escapes."""
    text = app.reading.value.replace("</p>", "\n")
    return html.unescape(re.sub(r"<[^>]+>", "", text)).strip()


def shown(app: ExperimentsApp) -> tuple:
    """Everything the app shows of its results, to see whether it changed."""
    return (
        app.result,
        app.summary.value,
        app.reading.value,
        app.downloads.value,
        json.dumps({name: chart.data for name, chart in app.charts.items()}),
        tuple(chart.png for chart in app.charts.values()),
        app.progress.value,
        app.progress.max,
    )


@pytest.fixture(scope="module")
def small_run():
    """An app after one click: 20 games of the Landlord's Game and of Prosperity."""
    app = ExperimentsApp(games=20, seed=3)
    disabled_while_playing = []
    app.progress.observe(
        lambda _: disabled_while_playing.append(app.run_button.disabled), names="value"
    )
    app.run_button.click()
    return app, disabled_while_playing


def test_a_small_run_fills_the_summary_charts_progress_and_downloads(small_run):
    app, disabled_while_playing = small_run
    result = app.result
    assert result is not None
    assert result.labels == ["landlords_game", "single_tax"]
    assert list(result.summary["games"]) == [20, 20]
    # The summary is a table with headers in words, not a monospace dump.
    summary = html.unescape(app.summary.value)
    assert "<pre" not in summary
    assert "<caption" in summary
    assert "<th scope='row'>Gini of net worth</th>" in summary
    assert "<th scope='col'>The Landlord's Game under the Single Tax</th>" in summary
    assert "2 rule sets, 20 games each, 4 players (eager landlords), seed 3" in summary
    assert app.results.layout.display != "none"
    # The charts: the plotted numbers, per rule set.
    games = result.games
    means = games.groupby("label")["gini_net_worth"].mean()
    distributions = app.charts["distributions"].data
    assert distributions == pytest.approx(means.to_dict())
    curves = app.charts["rounds"].data
    assert set(curves) == {"landlords_game", "single_tax"}
    for label, frame in result.per_round.groupby("label"):
        assert curves[label] == pytest.approx(frame["mean_gini_net_worth"].tolist())
    lengths = app.charts["lengths"].data
    assert lengths == pytest.approx(games.groupby("label")["rounds"].mean().to_dict())
    for chart in app.charts.values():
        assert chart.png[:8] == b"\x89PNG\r\n\x1a\n"
        assert f'alt="{html.escape(chart.alt)}"' in chart.widget.value
    # The pictures' words give the figures plotted, with the rule sets' titles.
    alt = app.charts["distributions"].alt
    assert alt.startswith("Final Gini of net worth of every game, by rule set: ")
    assert f"The Landlord's Game: mean {means['landlords_game']:.3f}" in alt
    assert "round 0" in app.charts["rounds"].alt
    assert "rounds on average" in app.charts["lengths"].alt
    # The progress bar went to the total, with the button disabled on the way.
    assert app.progress.value == app.progress.max == 40
    assert app.progress_text.value == "40 of 40 games"
    assert disabled_while_playing
    assert all(disabled_while_playing)
    assert not app.run_button.disabled
    assert app.run_button.description == "Run"
    # The downloads decode to the tables themselves.
    table = link_csv(app.downloads.value, "landlord-download-games")
    assert len(table) == len(result.games)
    assert {"label", "gini_net_worth", "seed"} <= set(table.columns)
    assert 'download="landlord_results.csv"' in app.downloads.value
    players = link_csv(app.downloads.value, "landlord-download-players")
    assert len(players) == len(result.per_player) == 160
    assert {"label", "seat", "strategy", "net_worth", "rank"} <= set(players.columns)
    # The columns are explained in words.
    assert "<code>gini_net_worth</code></th><td>Gini of net worth" in app.downloads.value
    # The reading, size first, and how long it took.
    first = reading_text(app).splitlines()[0]
    assert first.startswith(
        "Under The Landlord's Game under the Single Tax the final Gini of net worth is"
    )
    assert re.search(
        r"of the 20 pairs: a (tiny|small|medium|large) difference \(95% interval", first
    )
    assert set(app.seconds) == {"play", "draw", "total"}
    assert app.seconds["total"] >= app.seconds["play"] > 0
    assert "Played 40 games (seed 3)" in app.status.value


def test_the_settings_reach_the_comparison():
    app = ExperimentsApp(games=4, seed=5, run=False)
    app.players.value = 2
    app.bots.value = "eager_landlord+cautious_tenant"
    app.rule_boxes["prosperity"].value = False
    app.rule_boxes["single_tax"].value = True
    app.long_run.value = True
    app.run_button.click()
    parameters = app.result.parameters
    assert parameters["players"] == ["eager_landlord", "cautious_tenant"]
    assert parameters["games"] == 4
    assert parameters["seed"] == 5
    assert app.result.labels == [
        "landlords_game[wages_times=0,round_limit=100]",
        "single_tax[wages_times=0,round_limit=100]",
    ]
    assert "Every rule set was played with wages times 0, round limit 100." in reading_text(app)


def dial(app, rules_id="landlords_game"):
    """The land-value-tax dial of one rule set: the control of its declared option."""
    return app.option_control(rules_id, "land_value_tax")


def test_the_dial_sets_the_modern_option_on_the_landlords_game_only():
    app = ExperimentsApp(games=5, seed=1)
    dial(app).value = 0.5
    app.run_button.click()
    assert "land_value_tax=0.5" in app.result.labels[0]
    assert app.result.labels[1] == "single_tax"
    assert "a modern extension" in app.summary.value
    assert "(a modern extension)" in reading_text(app)
    fold = app.rule_options.fold
    assert fold.get_title(0).endswith("The Landlord's Game with land value tax 50%")
    fold.selected_index = 0  # unfolded: the dial, worded by the rule data
    on_screen = texts_on_screen(app.widget)
    assert "MODERN: share of land rent paid to the Treasury" in on_screen
    assert "(modern: a modern extension, in no historical rules)" in on_screen


def test_the_notes_say_which_engine_played_each_rule_set(monkeypatch):
    from landlord import batch

    monkeypatch.setenv("LANDLORD_BATCH", "off")
    asked = []
    monkeypatch.setattr(batch, "prepare_in_background", lambda: asked.append(True))
    app = ExperimentsApp(games=5, seed=1)
    app.run_button.click()
    assert asked == [True]  # the compiled code is loaded after the first run
    assert (
        "Game: played by the reference engine (the batch path is turned off: LANDLORD_BATCH=off)."
        in app.summary.value
    )


def test_the_dial_offers_its_steps_in_percent():
    specs = experiment_specs(["landlords_game"], {"landlords_game": {"land_value_tax": 0.15}})
    assert specs == [("landlords_game", {"land_value_tax": 0.15})]
    app = ExperimentsApp(games=2, rules=("landlords_game",))
    assert dial(app).options[3] == ("15%", 0.15)
    assert dial(app).options[0][0] == "0%"  # the option's title says what 0 and 1 are
    assert dial(app).description == "Land value tax"
    assert len(dial(app).options) == 21
    dial(app).value = 0.15
    assert app.settings()["specs"] == [("landlords_game", {"land_value_tax": 0.15})]
    # A value given to the app goes to the nearest step.
    assert dial(ExperimentsApp(options={"land_value_tax": 0.149})).value == 0.15


def test_the_dial_at_zero_and_play_on_off_leave_the_rules_as_printed():
    assert experiment_specs(["landlords_game", "prosperity", "single_tax"]) == [
        ("landlords_game", {}),
        ("prosperity", {}),
        ("single_tax", {}),
    ]


def test_same_seed_and_settings_give_the_same_numbers():
    first = ExperimentsApp(games=10, seed=11, players=3)
    first.run_button.click()
    second = ExperimentsApp(games=10, seed=11, players=3)
    second.run_button.click()
    pd.testing.assert_frame_equal(first.result.summary, second.result.summary)
    assert first.summary.value == second.summary.value
    assert first.reading.value == second.reading.value
    assert first.charts["rounds"].data == second.charts["rounds"].data
    # and again on the same app
    before = first.result.summary
    first.run_button.click()
    pd.testing.assert_frame_equal(before, first.result.summary)


def no_rule_set(app):
    for box in app.rule_boxes.values():
        box.value = False


def no_games(app):
    app.games.min = 0
    app.games.value = 0


def games_above_the_box(app):
    app.games.value = 10**6


def games_above_the_cap(app):
    for box in app.rule_boxes.values():
        box.value = True
    app.games.value = MOST_GAMES // 3 + 1


def negative_seed(app):
    app.seed.min = -10
    app.seed.value = -1


def one_seat(app):
    app.players.options = [("1", 1), *app.players.options]
    app.players.value = 1


def unknown_bots(app):
    app.bots.options = [*app.bots.options, ("nobody", "nobody")]
    app.bots.value = "nobody"


def tax_above_one(app):
    dial(app).options = [*dial(app).options, ("150%", 1.5)]
    dial(app).value = 1.5


@pytest.mark.parametrize(
    ("spoil", "message"),
    [
        (no_rule_set, "tick at least one rule set"),
        (no_games, "games per rule set must be a whole number from 1, not 0"),
        (
            games_above_the_box,
            "1,000,000 games of each rule set are too many: with 2 rule sets ticked, play at "
            f"most {MOST_GAMES // 2:,} of each",
        ),
        (
            games_above_the_cap,
            f"are too many: with {len(landlord.rules.registered())} rule sets ticked, play at "
            f"most {MOST_GAMES // len(landlord.rules.registered()):,} of each",
        ),
        (negative_seed, "the seed must be a whole number from 0"),
        (one_seat, "the number of players must be a whole number from 2 to 4, not 1"),
        (unknown_bots, "the bots are one of"),
        (tax_above_one, "the land value tax is a share from 0 to 1, not 1.5"),
    ],
)
def test_bad_input_says_why_runs_nothing_and_keeps_the_results(monkeypatch, spoil, message):
    app = ExperimentsApp(games=3, seed=2)
    app.run_button.click()
    before = shown(app)

    def must_not_run(*args, **kwargs):
        raise AssertionError("compare was called on bad input")

    monkeypatch.setattr(landlord.experiments, "compare", must_not_run)
    spoil(app)
    app.run_button.click()
    assert "Nothing was run" in app.status.value
    assert message in app.status.value
    assert shown(app) == before
    assert not app.run_button.disabled


def test_a_refusal_from_the_library_is_shown_escaped_and_the_results_stay(monkeypatch):
    app = ExperimentsApp(games=3, seed=2)
    app.run_button.click()
    before = shown(app)

    def refuse(*args, **kwargs):
        raise ValueError("<script>no</script> players")

    monkeypatch.setattr(landlord.experiments, "compare", refuse)
    assert app.run() is False
    assert "&lt;script&gt;no&lt;/script&gt; players" in app.status.value
    assert "<script>" not in app.status.value
    assert shown(app)[:6] == before[:6]
    assert not app.run_button.disabled
    assert app.run_button.description == "Run"


def test_the_app_opens_without_results_and_shows_itself():
    app = ExperimentsApp()
    assert app.result is None
    assert app.results.layout.display == "none"
    assert app.games.value == 200
    assert dial(app).value == 0
    assert [box for box, tick in app.rule_boxes.items() if tick.value] == [
        "landlords_game",
        "single_tax",
    ]
    assert "reconstruction" in app.rule_boxes["prosperity"].description
    bundle = app._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert "landlord-experiments" in app.widget._dom_classes
    assert "landlord-run" in app.run_button._dom_classes


def test_the_games_box_says_its_limit_before_and_at_once_when_a_number_is_over_it():
    app = ExperimentsApp(games=200)
    assert "at most 3,000 with 2 ticked (6,000 games a run)" in app.games_hint.value
    app.games.value = 6000  # not changed into the box's maximum
    assert app.games.value == 6000
    said = html.unescape(app.games_hint.value)
    assert "6,000 games of each rule set are too many" in said
    assert "play at most 3,000 of each" in said
    app.rule_boxes["single_tax"].value = False  # one rule set: its own limit
    assert "play at most 5,000 of each" in html.unescape(app.games_hint.value)
    app.games.value = 5000
    assert "at most 5,000 with 1 ticked" in app.games_hint.value
    assert app.settings()["games"] == 5000


def test_the_menu_lists_every_registered_rule_set():
    ids = [rules_id for _, rules_id in rule_set_menu()]
    assert ids == list(landlord.rules.registered())


def fake_result(*pairs, gaps=None, totals=None):
    """A stand-in for a Comparison of ``Landlords_Game`` with one more rule set per array of
    paired Gini differences: its games (a Gini of 0.18 and 0.22 by turns, a gap of $500 and
    $3,000 in all under the first; those plus each pair's difference, ``gaps`` and
    ``totals`` by default 0, under the others) and a summary worked out from them as
    compare works it out."""
    import numpy as np

    from landlord.metrics import mean_interval

    pairs = [np.asarray(p, dtype=float) for p in pairs]
    games = len(pairs[0]) if pairs else 30
    labels = ["landlords_game", *(f"other_{n}" for n in range(len(pairs)))]
    base = {"gini_net_worth": 0.2, "dollar_gap": 500.0, "total_wealth": 3000.0}
    rows, summary = [], []
    for number, label in enumerate(labels):
        moved = {column: np.zeros(games) for column in base}
        if number:
            moved["gini_net_worth"] = pairs[number - 1]
            for column, given in (("dollar_gap", gaps), ("total_wealth", totals)):
                if given is not None:
                    moved[column] = np.asarray(given[number - 1], dtype=float)
        figures = {column: base[column] + moved[column] for column in base}
        figures["gini_net_worth"] += 0.02 * (-1) ** np.arange(games)  # the same in each pair
        for game in range(games):
            rows.append({"label": label, "game": game, **{c: v[game] for c, v in figures.items()}})
        row = {"label": label, "games": games}
        for column in base:
            mean, low, high = mean_interval(figures[column]) if games > 1 else (base[column],) * 3
            row.update({column: mean, f"{column}_low": low, f"{column}_high": high})
            difference = moved[column] if number else np.full(games, np.nan)
            if games > 1 and number:
                mean, low, high = mean_interval(difference)
            else:
                mean, low, high = float(difference.mean()), float("nan"), float("nan")
            key = f"{column}_difference"
            row.update({key: mean, f"{key}_low": low, f"{key}_high": high})
        summary.append(row)
    specs = [
        {"label": label, "title": label.title(), "options": {}, "modern_options": []}
        for label in labels
    ]
    return types.SimpleNamespace(
        summary=pd.DataFrame(summary).set_index("label"),
        games=pd.DataFrame(rows),
        parameters={"rules": specs, "level": 0.95, "players": ["eager_landlord"] * 4},
        labels=labels,
    )


def test_the_reading_says_the_size_then_whether_the_interval_leaves_out_zero():
    # Ten pairs: eight lower, two the same; the mean -0.013 with an interval below 0.
    clear = [-0.03, -0.02, -0.02, -0.01, -0.01, -0.01, -0.02, 0.0, -0.01, 0.0]
    # Ten pairs, six higher and four lower: the mean +0.01 with an interval across 0.
    unclear = [0.05, -0.04, 0.03, 0.06, -0.02, 0.04, -0.05, 0.02, -0.03, 0.04]
    lower, gap, higher, gap_again, why = reading(fake_result(clear, unclear)).splitlines()[:5]
    assert lower == (
        "Under Other_0 the final Gini of net worth is 0.013 lower on average than under "
        "Landlords_Game, lower in 80% of the 10 pairs, the same in 20%: a large difference "
        "(95% interval -0.020 to -0.006), which these games tell from 0: it is unlikely to be "
        "luck."
    )
    # The gap in dollars did not move: every pair the same.
    assert gap == (
        "The final gap between two players' net worths is the same in every one of the 10 "
        "pairs: no pair of games differed."
    )
    assert higher.startswith(
        "Under Other_1 the final Gini of net worth is 0.010 higher on average than under "
        "Landlords_Game, higher in 60% of the 10 pairs: a small difference (95% interval "
    )
    assert higher.endswith("which these games cannot tell from 0.")
    assert gap_again.startswith("The final gap")
    assert why.startswith("Why 10 pairs cannot tell: the interval narrows only as the square")
    one_game = reading(fake_result([0.02]))
    assert "with too few pairs for an interval" in one_game
    assert "Why" not in one_game


def test_the_reading_says_plainly_when_the_gini_and_the_gap_in_dollars_move_apart():
    gini = [-0.02, -0.03, -0.01, -0.02, -0.02, -0.01, -0.03, -0.02]  # lower, told from 0
    gap = [40, 20, 60, 10, 30, 50, 20, 40]  # higher, told from 0
    total = [900, 400, 1200, 700, 800, 300, 1000, 600]
    text = reading(fake_result(gini, gaps=[gap], totals=[total]))
    assert (
        "So the players are richer together but further apart in dollars: the shares of the "
        "total are more equal, yet the dollars between two players grew (their net worth "
        "together is $738 higher on average)."
    ) in text.splitlines()
    # The other way round: poorer together, closer in dollars.
    flipped = reading(
        fake_result([-d for d in gini], gaps=[[-g for g in gap]], totals=[[-t for t in total]])
    )
    assert "So the players are poorer together but closer in dollars" in flipped
    # Both the same way: nothing to say.
    assert "dollars between two players" not in reading(
        fake_result(gini, gaps=[[-g for g in gap]])
    )
    # Opposite ways, but the games cannot tell the gap's from 0: not said as if it were so.
    unclear = [40, -20, 60, 10, 30, -10, 50, -20]
    assert "dollars between two players" not in reading(fake_result(gini, gaps=[unclear]))


def test_the_reading_of_one_rule_set_is_its_mean():
    text = reading(fake_result())
    assert text.startswith("Under Landlords_Game the final Gini of net worth is 0.200")
    assert "(95% interval 0.192 to 0.208), over 30 games" in text


def test_importing_the_dashboard_imports_nothing_heavy():
    heavy = (
        "matplotlib",
        "pandas",
        "tqdm",
        "landlord.plotting",
        "landlord.experiments",
        "landlord.widgets.charts",
    )
    code = (
        "import sys\n"
        "from landlord.widgets.dashboard import ExperimentsApp\n"
        f"print([name for name in {heavy!r} if name in sys.modules])\n"
    )
    found = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert found.strip() == "[]"


# --- the later game beside the Landlord's Game -----------------------------------------------


def test_the_landlords_game_and_the_later_game_are_compared_side_by_side():
    app = ExperimentsApp(rules=("landlords_game", "monopoly_us"), games=4, seed=3)
    assert "historical rules" in app.rule_boxes["monopoly_us"].description
    assert "strategy_guide" in [value for _, value in app.bots.options]
    app.bots.value = "random"
    app.run_button.click()
    result = app.result
    assert result.labels == ["landlords_game", "monopoly_us"]
    assert list(result.summary["games"]) == [4, 4]
    assert reading_text(app).startswith("Under Monopoly: the classic US rules the final Gini")
    assert set(app.charts["rounds"].data) == {"landlords_game", "monopoly_us"}
    players = link_csv(app.downloads.value, "landlord-download-players")
    assert set(players["strategy"]) == {"random"}


def test_play_on_stops_the_later_game_at_round_100_too():
    specs = experiment_specs(["landlords_game", "monopoly_uk_1972"], long_run=True)
    assert specs == [
        ("landlords_game", {"wages_times": 0, "round_limit": 100}),
        ("monopoly_uk_1972", {"round_limit": 100}),
    ]


def test_the_app_names_rule_sets_in_words_not_ids():
    app = ExperimentsApp(games=4, seed=2, long_run=True)
    dial(app).value = 0.5
    app.run_button.click()
    summary = html.unescape(app.summary.value)
    header = summary.split("<thead>")[1].split("</thead>")[0]
    assert "<th scope='col'>The Landlord's Game (land value tax 0.5)</th>" in header
    assert "<th scope='col'>The Landlord's Game under the Single Tax</th>" in header
    assert "landlords_game" not in summary
    assert "_" not in summary.replace("landlord-summary-table", "")
    assert "wages times 0, round limit 100" in reading_text(app)
    assert "_" not in reading_text(app)


def test_a_seed_out_of_range_is_refused_with_its_reason_not_changed_silently():
    app = ExperimentsApp(games=5, seed=3)
    app.seed.value = 2**53 + 5  # typed by a student; a bounded box would change it unseen
    app.run()
    assert app.seed.value == 2**53 + 5
    assert "the seed must be a whole number from 0 to 9,007,199,254,740,991" in app.status.value
    assert app.result is None
