"""The experiments app's "Run your own" says the size of a difference before its verdict,
says why a small run may not see what many pairs see, offers the run that would, and reads
its measures at a common round as well as at each game's end.

The issue: the app's default run (200 games) said "cannot tell the two apart" right under
the grid's "holds" (1,500 pairs), with no word on why. These tests drive the app object
directly, as tests/test_dashboard.py does; the browser tier is tests/test_dashboard_browser.py.
"""

import base64
import html
import io
import re

import pandas as pd
import pytest

import landlord.widgets.dashboard.runs as runs
import landlord.widgets.dashboard.specs as specs
from landlord.claim.grid import GRID_V2_PATH, declared_sizes, load_grid
from landlord.claim.verdicts import size_of
from landlord.experiments import compare
from landlord.views.downloads import columns_html
from landlord.widgets.dashboard import ExperimentsApp
from landlord.widgets.dashboard.reading import pairs_needed, pairs_to_tell, reading
from landlord.widgets.dashboard.specs import AT_ROUNDS
from landlord.widgets.link import EXPERIMENT_FIELDS


def reading_text(app: ExperimentsApp) -> str:
    """The reading as a reader sees it: one line per paragraph, no tags, no escapes."""
    text = app.reading.value.replace("</p>", "\n")
    return html.unescape(re.sub(r"<[^>]+>", "", text)).strip()


def pairs(result, column: str):
    """The single tax's figure minus the Landlord's Game's, game by game."""
    games = result.games
    first, other = (
        games.loc[games["label"] == label].set_index("game")[column] for label in result.labels
    )
    return (other - first).dropna().to_numpy()


def games_csv(app: ExperimentsApp) -> pd.DataFrame:
    """The table behind the app's "one row per game" download."""
    anchor = app.downloads.value.split('class="landlord-download-games"')[0].rsplit("<a ", 1)[1]
    data = anchor.split("base64,", 1)[1].split('"', 1)[0]
    return pd.read_csv(io.StringIO(base64.b64decode(data).decode("utf-8")))


@pytest.fixture(scope="module")
def seeded():
    """The app's own scenario, small: 20 games of each, four eager landlords, seed 2."""
    return compare(
        ["landlords_game", "single_tax"], games=20, players=["eager_landlord"] * 4, seed=2
    )


def test_the_reading_leads_with_the_size_and_the_share_of_pairs(seeded):
    gini, gap = reading(seeded).splitlines()[:2]
    assert gini == (
        "Under The Landlord's Game under the Single Tax the final Gini of net worth is 0.011 "
        "higher on average than under The Landlord's Game, higher in 55% of the 20 pairs: a "
        "tiny difference (95% interval -0.037 to +0.060), which these games cannot tell from 0."
    )
    # The figures are those of the pairs, the size word by the grid's declared bounds.
    differences = pairs(seeded, "gini_net_worth")
    higher, ties = (differences > 0).mean(), (differences == 0).mean()
    assert f"higher in {higher:.0%} of the 20 pairs" in gini
    assert f"a {size_of(higher + ties / 2, declared_sizes())} difference" in gini
    mean = seeded.summary.loc["single_tax", "gini_net_worth_difference"]
    assert f"is {abs(mean):.3f} higher on average" in gini
    # The size comes before the interval, and the interval before the verdict.
    assert gini.index("tiny") < gini.index("interval") < gini.index("cannot tell from 0")
    # Then the absolute measure, the same way.
    assert gap == (
        "The final gap between two players' net worths is $15 higher on average, higher in 50% "
        "of the 20 pairs: a tiny difference (95% interval -$68 to +$99), which these games "
        "cannot tell from 0."
    )


def test_when_the_interval_takes_in_zero_the_reading_says_how_many_pairs_would_tell(seeded):
    estimates = {}
    for column in ("gini_net_worth", "dollar_gap"):
        differences = pairs(seeded, column)
        mean, spread = differences.mean(), differences.std(ddof=1)
        raw = (1.96 * spread / abs(mean)) ** 2
        estimates[column] = pairs_needed(mean, spread, len(differences))
        # Rounded up to a round number: two figures.
        assert raw <= estimates[column] < raw + 10 ** max(1, len(str(int(raw))) - 2)
    assert estimates == {"gini_net_worth": 330, "dollar_gap": 530}
    grid = load_grid(GRID_V2_PATH)  # the pairs the claim's grid played per scenario
    assert grid.games * len(grid.seeds) == 1500
    why = [line for line in reading(seeded).splitlines() if line.startswith("Why")]
    assert why == [
        "Why 20 pairs cannot tell: the interval narrows only as the square root of the number "
        "of pairs (four times as many pairs make it half as wide), and with pairs as spread out "
        "as these a difference the size of the Gini's needs about 330 pairs to be told from 0, "
        "the gap's about 530; the claim's grid played 1,500 pairs per scenario."
    ]
    assert pairs_to_tell(seeded) == 530


def test_pairs_needed_rounds_up_to_a_round_number_and_never_to_fewer_than_were_played():
    assert pairs_needed(-0.009, 0.088) == 370  # 367.3: about the grid's tiny Gini difference
    assert pairs_needed(0.001, 0.0885) == 31_000  # 30,089
    assert pairs_needed(0.5, 1.0) == 20  # 15.4: at least 10, in tens
    assert pairs_needed(0.05, 0.1, played=200) == 210  # these 200 did not tell it
    assert pairs_needed(0.0, 1.0) is None  # a mean of 0 is never told from 0
    assert pairs_needed(float("nan"), 1.0) is None


def test_a_long_run_that_tells_both_says_richer_together_but_further_apart_and_offers_nothing():
    app = ExperimentsApp(games=30, seed=1, long_run=True)
    app.run_button.click()
    lines = reading_text(app).splitlines()
    assert "a large difference (95% interval -0.142 to -0.063)" in lines[0]
    assert lines[0].endswith("which these games tell from 0: it is unlikely to be luck.")
    assert lines[1].startswith("The final gap between two players' net worths is $250 higher")
    assert lines[2].startswith(
        "So the players are richer together but further apart in dollars: the shares of the "
        "total are more equal, yet the dollars between two players grew"
    )
    assert not any(line.startswith("Why") for line in lines)
    assert pairs_to_tell(app.result) is None
    assert app.more.layout.display == "none"


def test_the_run_more_button_plays_the_pairs_the_reading_says_and_runs():
    app = ExperimentsApp(games=10, seed=1)
    assert app.more.layout.display == "none"  # nothing offered before a run
    assert app.play_more() is False
    app.run_button.click()
    assert pairs_to_tell(app.result) == 20
    assert app.more.layout.display == "flex"
    assert "landlord-run-more" in app.run_more._dom_classes
    assert app.run_more.description == "Play 20 pairs"
    note = html.unescape(app.run_more_note.value)
    assert note.startswith("This plays 20 games of each rule set (40 in all")
    assert "interval will be about 1.4 times narrower" in note
    app.run_more.click()
    assert app.games.value == 20
    assert list(app.result.summary["games"]) == [20, 20]
    assert "Played 40 games (seed 1)" in app.status.value
    assert "of the 20 pairs" in reading_text(app).splitlines()[0]
    assert not app.run_more.disabled
    assert not app.run_button.disabled


def test_the_run_more_button_stops_at_the_apps_limit_and_says_so(monkeypatch):
    for module in (specs, runs):  # the limit, and the note that says it
        monkeypatch.setattr(module, "MOST_GAMES", 30)  # 15 games of each, with two ticked
    app = ExperimentsApp(games=10, seed=2)
    app.run_button.click()
    needed = pairs_to_tell(app.result)
    assert needed == 4_200
    assert app.run_more.description == "Play 15 pairs"
    note = html.unescape(app.run_more_note.value)
    assert "the most this app plays in one run with 2 rule sets (30 games a run)" in note
    assert "fewer than the 4,200 pairs the reading says are needed" in note
    assert (
        "landlord compare --rules landlords_game,single_tax --games 4200 --players 4 "
        "--bots eager_landlord --seed 2"
    ) in note
    app.run_more.click()
    assert app.games.value == 15
    assert list(app.result.summary["games"]) == [15, 15]
    # At the limit now: no button, but the reason stays.
    assert app.run_more.layout.display == "none"
    assert app.more.layout.display == "flex"
    assert "This app plays at most 15 games of each rule set in one run" in (
        html.unescape(app.run_more_note.value)
    )


def test_a_common_round_shows_a_second_block_and_the_reading_says_when():
    app = ExperimentsApp(games=20, seed=2)
    assert [label for label, _ in app.at_round.options] == [
        "none",
        *(f"round {r}" for r in AT_ROUNDS),
    ]
    assert app.at_round.value == 0
    assert "landlord-at-round" in app.at_round._dom_classes
    app.run_button.click()
    assert app.result.at_round is None
    assert "At the end of round" not in app.summary.value
    assert "At each game&#x27;s end" in app.summary.value
    app.at_round.value = 25
    app.run_button.click()
    result = app.result
    assert result.at_round == 25
    summary = html.unescape(app.summary.value)
    assert result.when_words() in summary  # the caption says when
    block = summary[summary.index("At the end of round 25") :]
    assert summary.index("At each game's end") < summary.index("At the end of round 25")
    over = [f"<td>{share:.0%}</td>" for share in result.summary["ended_before_round"]]
    assert f"games over before round 25 (read at their end)</th>{''.join(over)}" in block
    difference = result.summary.loc["single_tax", "gini_net_worth_at_round_difference"]
    assert "<th scope='row'>Gini of net worth</th>" in block
    assert f"{difference:+.3f} (" in block
    assert "rounds played" not in block  # the length is a game's, not a round's
    lines = reading_text(app).splitlines()
    at = [line for line in lines if line.startswith("At the end of round 25, ")]
    assert len(at) == 2
    assert at[0].startswith(
        "At the end of round 25, under The Landlord's Game under the Single Tax the Gini of "
        f"net worth is {abs(difference):.3f} lower on average"
    )
    assert re.search(r"a (tiny|small|medium|large) difference \(95% interval", at[0])
    assert at[1].startswith("At the end of round 25, the gap between two players' net worths")
    assert result.when_words() in lines
    # The downloads carry the figures at the round, with words for each column.
    table = games_csv(app)
    assert {"gini_net_worth_at_round", "dollar_gap_at_round", "ended_before_round"} <= set(
        table.columns
    )
    words = html.unescape(app.downloads.value)
    assert (
        "<code>dollar_gap_at_round</code></th><td>the gap in money between two players' net "
        "worths, averaged over every two players, at the end of round 25"
    ) in words


def test_every_downloaded_column_is_explained_in_words():
    result = compare(["landlords_game", "single_tax"], games=3, seed=1, at_round=10)
    for frame in (result.games, result.per_player):
        table = html.unescape(columns_html(frame, 10))
        for column in frame.columns:
            said = re.search(f"<code>{column}</code></th><td>(.*?)</td>", table).group(1)
            assert said != column.replace("_", " "), column
    table = html.unescape(columns_html(result.games, 10))
    assert "<code>gini_net_worth</code></th><td>Gini of net worth, at the game's end" in table
    assert "Gini of net worth, at the end of round 10 (a game over before it: at its end)" in (
        table
    )


def test_the_address_keeps_the_common_round():
    assert "at_round" in [field.name for field in EXPERIMENT_FIELDS]
    app = ExperimentsApp.from_page({"at_round": "25", "games": "20"})
    assert app.at_round.value == 25
    assert app.settings()["at_round"] == 25
    assert "left out" not in app.status.value
    none = ExperimentsApp.from_page({"at_round": "none"})
    assert none.at_round.value == 0
    assert none.settings()["at_round"] is None
    bad = ExperimentsApp.from_page({"at_round": "30"})
    assert bad.at_round.value == 0
    assert "common round '30' was left out: not none or one of 10, 25, 50" in html.unescape(
        bad.status.value
    )
