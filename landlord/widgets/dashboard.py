"""The experiments dashboard: many games under several rule sets, and what they show.

:class:`ExperimentsApp` opens on Magie's claim tested over the declared grid
of scenarios, from results shipped with the kit (nothing to wait for), then
lets a class choose rule sets, a table of bots, a
number of games and a seed, press *Run*, and see what
:func:`landlord.experiments.compare` finds: the summary table, the final
Gini of every game, the mean Gini round by round with its band, how long the
games lasted, one sentence that reads the main number aloud, and links that
download the tables as CSV files (``data:`` links, so they work in Voila with
no file on the server).

Game k of every rule set is played from the same seed, so the differences are
the rules', not the dice's (see :mod:`landlord.experiments`). The widgets only
gather the settings, check them and show what the library returns; the rules
themselves are decided by the engine.

Importing this module imports neither ipywidgets nor matplotlib nor pandas:
they are imported when an app is made and when it runs.
"""

from __future__ import annotations

import base64
import html
import math
import time
from collections.abc import Iterable, Sequence
from typing import Any

from landlord.rules import load_rules
from landlord.widgets.table import rule_set_menu

__all__ = [
    "BOTS",
    "MOST_GAMES",
    "ExperimentsApp",
    "csv_link",
    "experiment_specs",
    "reading",
    "rule_set_menu",
]

#: The tables of bots the app offers: (menu text, bot mix for
#: :func:`landlord.experiments.bot_mix`, seated in turn round the table).
BOTS = (
    ("eager landlords", "eager_landlord"),
    ("cautious tenants", "cautious_tenant"),
    ("single-taxers", "single_taxer"),
    ("strategy guides", "strategy_guide"),
    ("random players", "random"),
    ("eager landlords and cautious tenants", "eager_landlord+cautious_tenant"),
)
#: The rule sets ticked when the app opens.
DEFAULT_RULES = ("landlords_game", "single_tax")
#: The most games per rule set the games box takes.
MOST_GAMES_PER_RULE_SET = 5000
#: The most games in one run, all rule sets together. Four eager landlords play
#: some 400 games a second on one core (random players a quarter of that), so
#: 6,000 games take about 15 s, and the per-player download stays near 7 MB.
MOST_GAMES = 6000
#: The seats a table may have (the rule sets themselves allow 2 to 4).
SEATS = (2, 4)
#: The largest seed: a browser holds whole numbers exactly up to 2**53 - 1.
MOST_SEED = 2**53 - 1
#: The options of "play on": no end at the fifth wage, a 100-round limit (each set on
#: the rule sets that declare it: the later game's have no wages end).
LONG_RUN = {"wages_times": 0, "round_limit": 100}
#: The option the land-value-tax dial sets (a modern extension).
DIAL = "land_value_tax"
#: How many times at most the progress bar is moved during a run.
PROGRESS_STEPS = 100
#: The colour of a message that says why nothing was run.
PROBLEM = "#B00020"
#: What the columns of the downloaded files are.
GAMES_COLUMNS = (
    "one row per rule set and game: label (the rule spec), rules, options, players, bots, "
    "landlord_version, game (0, 1, ...), seed, rounds, turns, end_reason, gini_net_worth and "
    "gini_cash (at the end), poor_house_players, opportunity_players, bankrupt_players, "
    "treasury_collected, treasury_spent, final_wages, public_works, single_tax_since "
    "(-1: never), everyone_wins"
)
PLAYERS_COLUMNS = (
    "one row per rule set, game and seat: label, rules, options, players, bots, "
    "landlord_version, game, seed, seat, strategy, cash and net_worth at the end, rank "
    "(1: the richest)"
)


# --- What the widgets offer and send --------------------------------------------------


def _facts(rules_id: str) -> dict[str, Any]:
    """What the app needs to know of a registered rule set: title, status, options."""
    rule_set = load_rules(rules_id)
    single_tax = rule_set.single_tax
    return {
        "title": rule_set.info.title,
        "status": rule_set.info.status,
        "options": set(rule_set.options),
        # Land rent is private at the start unless the data puts the single tax
        # in force from the first turn; only then does the dial change anything.
        "private_rent": not (single_tax and single_tax.from_start),
    }


def experiment_specs(
    rules: Iterable[str], land_value_tax: float = 0.0, long_run: bool = False
) -> list[tuple[str, dict[str, Any]]]:
    """The rule specs to compare: each rule set with the options the app sets on it.

    Parameters
    ----------
    rules : iterable of str
        Registered rule set ids, the first being the one the others are
        measured against.
    land_value_tax : float
        The modern land-value-tax dial, 0 to 1. Above 0 it is set on the rule
        sets that declare the option and start with private land rent (the
        Landlord's Game); under the single tax all land rent goes to the
        Treasury already, and the option would change nothing there.
    long_run : bool
        Turn off the end at the fifth wage and stop at round 100
        (:data:`LONG_RUN`), each on the rule sets that declare it (the
        later game's rule sets have a round limit but no wages end).

    Returns
    -------
    list of (str, dict)
        ``(id, options)`` pairs for :func:`landlord.experiments.compare`.

    Examples
    --------
    >>> experiment_specs(["landlords_game", "prosperity"], land_value_tax=0.5)
    [('landlords_game', {'land_value_tax': 0.5}), ('prosperity', {})]
    >>> for spec in experiment_specs(["landlords_game", "monopoly_us"], long_run=True):
    ...     print(spec)
    ('landlords_game', {'wages_times': 0, 'round_limit': 100})
    ('monopoly_us', {'round_limit': 100})
    """
    specs = []
    for rules_id in rules:
        facts = _facts(rules_id)
        options: dict[str, Any] = {}
        if long_run:
            options.update({k: v for k, v in LONG_RUN.items() if k in facts["options"]})
        if land_value_tax > 0 and DIAL in facts["options"] and facts["private_rent"]:
            options[DIAL] = land_value_tax
        specs.append((rules_id, options))
    return specs


# --- What the results say -------------------------------------------------------------


def _name(spec: dict[str, Any], common: dict[str, Any]) -> str:
    """A rule spec of a comparison in words: its title, then the options it alone sets."""
    name = spec["title"]
    own = {key: value for key, value in spec["options"].items() if key not in common}
    if own:
        name += f" ({_options_text(own)})"
    if set(spec.get("modern_options") or ()) & set(own):
        name += " (a modern extension)"
    return name


def _options_text(options: dict[str, Any]) -> str:
    """Options in words: ``wages times 0, round limit 100``."""
    from landlord.experiments import option_words

    return ", ".join(option_words(key, value) for key, value in options.items())


def reading(result: Any) -> str:
    """The main number of a comparison in plain words, one sentence per rule set compared.

    Built from the summary's ``gini_net_worth_difference`` and its ``_low``
    and ``_high`` ends: how much lower or higher the final Gini of net worth
    is, on average, than under the first rule set, with the interval and
    whether it leaves out 0. With one rule set, its mean final Gini.

    Parameters
    ----------
    result : Comparison
        What :func:`landlord.experiments.compare` returns.

    Returns
    -------
    str
        Plain text (not HTML), sentences separated by newlines.

    Examples
    --------
    >>> from landlord.experiments import compare
    >>> result = compare(["landlords_game", "prosperity"], games=5, seed=1)
    >>> reading(result).startswith("Under Prosperity (reconstruction) the final Gini")
    True
    """
    summary = result.summary
    specs = result.parameters["rules"]
    level = f"{result.parameters.get('level', 0.95):.0%}"
    # Options every rule set was played with are said once, at the end.
    common = dict(specs[0]["options"])
    for spec in specs[1:]:
        theirs = spec["options"]
        common = {k: v for k, v in common.items() if k in theirs and theirs[k] == v}
    after = f"\nEvery rule set was played with {_options_text(common)}." if common else ""
    first = specs[0]
    if len(specs) == 1:
        row = summary.loc[first["label"]]
        mean, low, high = (row[f"gini_net_worth{end}"] for end in ("", "_low", "_high"))
        interval = (
            f" ({level} interval {low:.3f} to {high:.3f})"
            if not math.isnan(low)
            else " (too few games for an interval)"
        )
        return (
            f"Under {_name(first, {})} the final Gini of net worth is {mean:.3f} on average"
            f"{interval}, over {int(row['games'])} games: 0 is everyone equally rich."
        )
    sentences = []
    for spec in specs[1:]:
        row = summary.loc[spec["label"]]
        column = "gini_net_worth_difference"
        mean, low, high = row[column], row[f"{column}_low"], row[f"{column}_high"]
        than = f"than under {_name(first, common)}"
        if mean == 0:
            size = f"the same on average as under {_name(first, common)}"
        else:
            size = f"{abs(mean):.3f} {'lower' if mean < 0 else 'higher'} on average {than}"
        if math.isnan(low):
            verdict = "too few games for an interval."
        elif low > 0 or high < 0:
            verdict = "the interval leaves out 0, so the difference is unlikely to be luck."
        else:
            verdict = "the interval includes 0, so these games cannot tell the two apart."
        interval = "" if math.isnan(low) else f" ({level} interval {low:+.3f} to {high:+.3f})"
        sentences.append(
            f"Under {_name(spec, common)} the final Gini of net worth is {size}{interval}: "
            f"{verdict}"
        )
    return "\n".join(sentences) + after


def csv_link(frame: Any, filename: str, text: str, css_class: str = "") -> str:
    """An HTML link that downloads a table as a CSV file, with the data in the link.

    Parameters
    ----------
    frame : pandas.DataFrame
        The table; its index is left out.
    filename : str
        The name the browser saves the file under.
    text : str
        The link's text (plain; it is escaped).
    css_class : str
        A class for the ``<a>`` element, for browser tests.

    Returns
    -------
    str
        ``<a download=... href="data:text/csv;base64,...">``.

    Examples
    --------
    >>> import pandas as pd
    >>> link = csv_link(pd.DataFrame({"a": [1, 2]}), "t.csv", "the table")
    >>> link.startswith('<a download="t.csv" href="data:text/csv;base64,')
    True
    >>> import base64
    >>> base64.b64decode(link.split("base64,")[1].split('"')[0]).decode()
    'a\\n1\\n2\\n'
    """
    data = base64.b64encode(frame.to_csv(index=False).encode("utf-8")).decode("ascii")
    attribute = f' class="{html.escape(css_class)}"' if css_class else ""
    return (
        f'<a download="{html.escape(filename)}" href="data:text/csv;base64,{data}"'
        f"{attribute}>{html.escape(text)}</a>"
    )


# --- The charts -----------------------------------------------------------------------


def _draw_distributions(ax: Any, result: Any) -> dict[str, float]:
    """The final Gini of every game; returns each rule set's mean."""
    from landlord.plotting import gini_distributions

    gini_distributions(result, ax=ax, names=result.names)
    games = result.games
    return {
        label: float(games.loc[games["label"] == label, "gini_net_worth"].mean())
        for label in result.labels
    }


def _draw_rounds(ax: Any, result: Any) -> dict[str, list[float]]:
    """The mean Gini round by round; returns each rule set's plotted curve."""
    from landlord.plotting import mean_gini_by_round

    mean_gini_by_round(result, ax=ax, names=result.names)
    labels = set(result.labels)
    return {
        line.get_gid(): [float(y) for y in line.get_ydata()]
        for line in ax.get_lines()
        if line.get_gid() in labels
    }


def _draw_lengths(ax: Any, result: Any) -> dict[str, float]:
    """How long the games lasted; returns each rule set's mean number of rounds."""
    from landlord.plotting import game_lengths

    game_lengths(result, ax=ax, names=result.names)
    games = result.games
    return {
        label: float(games.loc[games["label"] == label, "rounds"].mean())
        for label in result.labels
    }


def _framed(draw: Any, margins: dict[str, float]) -> Any:
    """``draw``, with the figure's margins set first (clearing a figure resets them)."""

    def framed(ax: Any, result: Any) -> Any:
        ax.figure.subplots_adjust(**margins)
        return draw(ax, result)

    return framed


#: The charts: name, drawing function, alternative text, size in inches, margins.
#: Fixed margins rather than a layout engine, which would double the drawing time.
CHARTS = (
    (
        "distributions",
        _draw_distributions,
        "final Gini of net worth of every game",
        (8.4, 4.8),
        {"left": 0.1, "right": 0.97, "bottom": 0.22, "top": 0.9},
    ),
    (
        "rounds",
        _draw_rounds,
        "mean Gini of net worth round by round, with its band",
        (8.4, 4.8),
        {"left": 0.09, "right": 0.98, "bottom": 0.14, "top": 0.9},
    ),
    (
        "lengths",
        _draw_lengths,
        "how many rounds the games lasted",
        (8.4, 4.8),
        {"left": 0.09, "right": 0.98, "bottom": 0.14, "top": 0.9},
    ),
)


# --- The app --------------------------------------------------------------------------


class ExperimentsApp:
    """Many games under several rule sets, compared at the press of a button.

    Parameters
    ----------
    rules : sequence of str
        The rule sets ticked at the start (registered ids).
    players : int
        Seats at each table, 2 to 4.
    bots : str
        The bot mix (a value of :data:`BOTS`).
    games : int
        Games per rule set.
    seed : int
        The seed of the run; game k of every rule set uses the same dice.
    land_value_tax : float
        The modern land-value-tax dial, 0 to 1.
    long_run : bool
        Play on past the fifth wage, to round 100.
    run : bool
        Run once straight away (otherwise the first run waits for the button).

    Attributes
    ----------
    widget : ipywidgets.VBox
        The whole app (class ``landlord-experiments``).
    rule_boxes : dict of str to ipywidgets.Checkbox
        One box per registered rule set, by id (classes ``landlord-rules-choice``
        and ``landlord-rules-ID``).
    players, bots, games, seed, land_value_tax, long_run : ipywidgets widgets
        The settings (classes ``landlord-players``, ``landlord-bots``,
        ``landlord-games``, ``landlord-seed``, ``landlord-land-value-tax``,
        ``landlord-long-run``).
    run_button : ipywidgets.Button
        Plays the games (``landlord-run``); disabled while they are played.
    progress : ipywidgets.IntProgress
        Games played of the run (``landlord-progress``); ``max`` is the total.
    progress_text : ipywidgets.Label
        The same in words, "120 of 400 games" (``landlord-progress-text``).
    status : ipywidgets.HTML
        What happened, or why nothing was run (``landlord-status``).
    reading, summary, downloads : ipywidgets.HTML
        The main number in words (``landlord-reading``), the summary table
        (``landlord-summary``) and the CSV links (``landlord-downloads``, with
        links of classes ``landlord-download-games`` and
        ``landlord-download-players``).
    charts : dict of str to Chart
        ``"distributions"``, ``"rounds"`` and ``"lengths"``
        (``landlord-chart-NAME``); each keeps the plotted numbers in ``data``:
        the mean final Gini per label, the mean Gini per round per label, and
        the mean number of rounds per label.
    claim : ClaimView
        Magie's claim over the declared grid, from the shipped results
        (:mod:`landlord.widgets.claim_view`), shown above the settings.
    results : ipywidgets.VBox
        The reading, charts, table and downloads (``landlord-results``),
        hidden until the first run.
    result : Comparison or None
        The last results shown.
    seconds : dict of str to float
        Of the last run: ``"play"``, ``"draw"`` (charts, table, links) and
        ``"total"``, from the press of Run to the charts shown.
    """

    def __init__(
        self,
        rules: Sequence[str] = DEFAULT_RULES,
        players: int = 4,
        bots: str = "eager_landlord",
        games: int = 200,
        seed: int = 7,
        land_value_tax: float = 0.0,
        long_run: bool = False,
        run: bool = False,
    ) -> None:
        import ipywidgets as widgets

        from landlord.widgets.charts import Chart

        self.rule_boxes: dict[str, Any] = {}
        for text, rules_id in rule_set_menu():
            box = widgets.Checkbox(
                value=rules_id in rules,
                description=text,
                indent=False,
                layout={"width": "auto", "margin": "0 1.5em 0 0"},
            )
            box.add_class("landlord-rules-choice")
            box.add_class(f"landlord-rules-{rules_id}")
            self.rule_boxes[rules_id] = box
        self.players = widgets.IntSlider(
            value=players, min=SEATS[0], max=SEATS[1], description="Players"
        )
        self.players.add_class("landlord-players")
        self.bots = widgets.Dropdown(
            options=BOTS, value=bots, description="Bots", layout={"width": "24em"}
        )
        self.bots.add_class("landlord-bots")
        self.games = widgets.BoundedIntText(
            value=games,
            min=1,
            max=MOST_GAMES_PER_RULE_SET,
            description="Games",
            tooltip="games per rule set",
            layout={"width": "12em"},
        )
        self.games.add_class("landlord-games")
        self.seed = widgets.BoundedIntText(
            value=seed, min=0, max=MOST_SEED, description="Seed", layout={"width": "14em"}
        )
        self.seed.add_class("landlord-seed")
        self.land_value_tax = widgets.FloatSlider(
            value=land_value_tax,
            min=0.0,
            max=1.0,
            step=0.05,
            description="Land value tax",
            readout_format=".2f",
            style={"description_width": "initial"},
        )
        self.land_value_tax.add_class("landlord-land-value-tax")
        self.long_run = widgets.Checkbox(
            value=long_run,
            description="Play on: no end at the fifth wage, stop every game at round 100",
            indent=False,
            layout={"width": "auto"},
        )
        self.long_run.add_class("landlord-long-run")
        self.run_button = widgets.Button(description="Run", button_style="primary", icon="play")
        self.run_button.add_class("landlord-run")
        self.run_button.on_click(lambda _: self.run())
        self.progress = widgets.IntProgress(value=0, min=0, max=1, description="Played")
        self.progress.add_class("landlord-progress")
        self.progress_text = widgets.Label()
        self.progress_text.add_class("landlord-progress-text")
        self.status = widgets.HTML("Choose the rule sets and the players, then press <b>Run</b>.")
        self.status.add_class("landlord-status")
        self.reading = widgets.HTML()
        self.reading.add_class("landlord-reading")
        self.summary = widgets.HTML(layout={"overflow": "auto", "width": "100%"})
        self.summary.add_class("landlord-summary")
        self.downloads = widgets.HTML()
        self.downloads.add_class("landlord-downloads")
        self.charts: dict[str, Chart] = {}
        for name, draw, description, size, margins in CHARTS:
            chart = Chart(_framed(draw, margins), size=size, description=description)
            chart.widget.add_class(f"landlord-chart-{name}")
            self.charts[name] = chart

        settings = widgets.VBox(
            [
                widgets.HBox(
                    [
                        widgets.HTML("<b>Rule sets</b>&nbsp;", layout={"width": "6em"}),
                        *self.rule_boxes.values(),
                    ],
                    layout={"flex_flow": "row wrap", "align_items": "center"},
                ),
                widgets.HBox([self.players, self.bots], layout={"flex_flow": "row wrap"}),
                widgets.HBox(
                    [
                        self.games,
                        widgets.HTML(
                            f"per rule set (at most {MOST_GAMES:,} games a run)&nbsp;&nbsp;"
                        ),
                        self.seed,
                    ],
                    layout={"flex_flow": "row wrap", "align_items": "center"},
                ),
                widgets.HBox(
                    [
                        self.land_value_tax,
                        widgets.HTML(
                            "<b>modern extension, not Magie's</b>: the share of land rent a "
                            "title-holder hands to the Treasury (0: the Landlord's Game, "
                            "1: the single tax); set on the rule sets that start with "
                            "private land rent"
                        ),
                    ],
                    layout={"align_items": "center"},
                ),
                widgets.HBox(
                    [
                        self.long_run,
                        widgets.HTML(
                            "&nbsp;(the 1906 end, after five wages, comes before the "
                            "fortunes drift far apart)"
                        ),
                    ],
                    layout={"flex_flow": "row wrap", "align_items": "center"},
                ),
                widgets.HBox(
                    [self.run_button, self.progress, self.progress_text],
                    layout={"align_items": "center"},
                ),
                self.status,
            ]
        )
        self.results = widgets.VBox(
            [
                self.reading,
                widgets.GridBox(
                    [chart.widget for chart in self.charts.values()],
                    layout={
                        "grid_template_columns": "repeat(auto-fit, minmax(36em, 1fr))",
                        "width": "100%",
                    },
                ),
                self.summary,
                self.downloads,
            ],
            layout={"display": "none", "width": "100%"},
        )
        self.results.add_class("landlord-results")
        from landlord.widgets.claim_view import ClaimView

        # The grid's shipped results first: instant, and many more games than a run.
        self.claim = ClaimView()
        self.widget = widgets.VBox(
            [
                widgets.HTML("<h2 style='margin:0.4em 0 0.2em'>Magie's claim, tested</h2>"),
                self.claim.widget,
                widgets.HTML(
                    "<h2 style='margin:0.8em 0 0.2em'>Run your own</h2>"
                    "<p style='margin:0 0 0.4em'>Choose rule sets, bots and settings of your "
                    "own: the same paired games, played here.</p>"
                ),
                settings,
                self.results,
            ],
            layout={"width": "100%"},
        )
        self.widget.add_class("landlord-experiments")
        self.result: Any = None
        self.seconds: dict[str, float] = {}
        self._running = False
        if run:
            self.run()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    # --- actions ----------------------------------------------------------------------

    def settings(self) -> dict[str, Any]:
        """The settings on screen, checked: what :meth:`run` would play.

        Returns
        -------
        dict
            ``specs`` (for :func:`landlord.experiments.compare`), ``players``
            (a strategy per seat), ``games`` and ``seed``.

        Raises
        ------
        ValueError
            With a message for the user when a setting is out of range.
        """
        from landlord.experiments import bot_mix

        chosen = [rules_id for rules_id, box in self.rule_boxes.items() if box.value is True]
        if not chosen:
            raise ValueError("tick at least one rule set to play.")
        games = _whole(self.games.value, "games per rule set", 1, MOST_GAMES_PER_RULE_SET)
        if games * len(chosen) > MOST_GAMES:
            raise ValueError(
                f"at most {MOST_GAMES:,} games a run: {len(chosen)} rule sets of "
                f"{games:,} games make {games * len(chosen):,}. Play fewer games or "
                "compare fewer rule sets."
            )
        seed = _whole(self.seed.value, "the seed", 0, MOST_SEED)
        seats = _whole(self.players.value, "the number of players", *SEATS)
        mixes = [value for _, value in BOTS]
        if self.bots.value not in mixes:
            raise ValueError(f"the bots are one of {', '.join(mixes)}, not {self.bots.value!r}.")
        share = self.land_value_tax.value
        if not isinstance(share, int | float) or not 0 <= share <= 1:  # NaN fails too
            raise ValueError(f"the land value tax is a share from 0 to 1, not {share!r}.")
        specs = experiment_specs(
            chosen, land_value_tax=round(float(share), 2), long_run=self.long_run.value is True
        )
        return {
            "specs": specs,
            "players": [str(bot) for bot in bot_mix(self.bots.value, seats)],
            "games": games,
            "seed": seed,
        }

    def run(self) -> bool:
        """Play the games the settings say and show the results.

        On a bad setting (or one the rule sets refuse) the app says why,
        plays nothing and keeps the results it shows.

        Returns
        -------
        bool
            True when the games were played and shown.
        """
        if self._running:
            return False
        started = time.perf_counter()
        try:
            settings = self.settings()
        except ValueError as error:
            self._problem(str(error))
            return False
        from landlord.experiments import compare

        total = settings["games"] * len(settings["specs"])
        self._running = True
        self.run_button.disabled = True
        self.run_button.description = "Running…"
        self.progress.value = 0
        self.progress.max = total
        self.progress_text.value = f"0 of {total:,} games"
        self.status.value = f"Playing {total:,} games…"
        try:
            result = compare(
                settings["specs"],
                games=settings["games"],
                players=settings["players"],
                seed=settings["seed"],
                progress=self._progress_callback(total),
            )
            played = time.perf_counter()
            self._show(result)
        except ValueError as error:
            self._problem(str(error))
            return False
        finally:
            self._running = False
            self.run_button.disabled = False
            self.run_button.description = "Run"
        finished = time.perf_counter()
        self.seconds = {
            "play": played - started,
            "draw": finished - played,
            "total": finished - started,
        }
        self.status.value = (
            f"Played {total:,} games (seed {settings['seed']}) in "
            f"{self.seconds['play']:.1f} s; charts drawn in {self.seconds['draw']:.1f} s."
        )
        return True

    def _progress_callback(self, total: int) -> Any:
        """What :func:`compare` calls after each game: moves the bar a step at a time."""
        step = max(1, total // PROGRESS_STEPS)

        def report(done: int, _total: int) -> None:
            if done == total or done - self.progress.value >= step:
                self.progress.value = done
                self.progress_text.value = f"{done:,} of {total:,} games"

        return report

    # --- showing ----------------------------------------------------------------------

    def _show(self, result: Any) -> None:
        """Show a comparison: the reading, the charts, the table and the downloads."""
        for chart in self.charts.values():
            chart.draw(result)
        self.reading.value = "<br>".join(
            html.escape(line) for line in reading(result).splitlines()
        )
        self.summary.value = (
            "<pre style='font-family:monospace;font-size:0.85em;line-height:1.25;"
            f"white-space:pre;margin:0.5em 0'>{html.escape(result.table(words=True))}</pre>"
        )
        games = csv_link(
            result.games, "landlord_results.csv", "landlord_results.csv", "landlord-download-games"
        )
        players = csv_link(
            result.per_player,
            "landlord_players.csv",
            "landlord_players.csv",
            "landlord-download-players",
        )
        self.downloads.value = (
            "<div><b>Download the results</b> (CSV files; every row also says what was "
            "played):</div><ul style='margin:0'>"
            f"<li>{games}, {html.escape(GAMES_COLUMNS)}.</li>"
            f"<li>{players}, {html.escape(PLAYERS_COLUMNS)}.</li></ul>"
        )
        self.result = result
        self.results.layout.display = "flex"

    def _problem(self, text: str) -> None:
        """Say why nothing was run (the results on screen stay)."""
        self.status.value = (
            f"<span style='color:{PROBLEM}'><b>Nothing was run:</b> {html.escape(text)}</span>"
        )


def _whole(value: Any, what: str, least: int, most: int) -> int:
    """``value`` if it is a whole number from ``least`` to ``most``; else a ValueError.

    Examples
    --------
    >>> _whole(3, "games", 1, 10)
    3
    >>> _whole(0, "games", 1, 10)
    Traceback (most recent call last):
    ...
    ValueError: games must be a whole number from 1 to 10, not 0.
    """
    if not isinstance(value, int) or isinstance(value, bool) or not least <= value <= most:
        raise ValueError(
            f"{what} must be a whole number from {least:,} to {most:,}, not {value!r}."
        )
    return value
