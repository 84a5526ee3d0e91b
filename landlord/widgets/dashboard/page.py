"""The experiments dashboard's page: Magie's claim, then "Run your own".

:class:`ExperimentsApp` opens on Magie's claim tested over the declared grid of scenarios,
from results shipped with the kit (nothing to wait for), then lets a class choose rule
sets, a table of bots, a number of games, a seed and each rule set's options, press *Run*,
and see what :func:`landlord.experiments.compare` finds. It is made of the package's
parts: the settings (:class:`~landlord.widgets.dashboard.controls.Settings`), the run
(:class:`~landlord.widgets.dashboard.runs.Runs`) and the results
(:class:`~landlord.widgets.dashboard.results.Results`); this module lays them out and reads
the page's address.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import Any

from landlord.widgets.dashboard.controls import Settings
from landlord.widgets.dashboard.results import Results
from landlord.widgets.dashboard.runs import Runs
from landlord.widgets.dashboard.specs import DEFAULT_RULES, declared_options

__all__ = ["ExperimentsApp"]


class ExperimentsApp(Settings, Runs, Results):
    """Many games under several rule sets, compared at the press of a button.

    Parameters
    ----------
    rules : sequence of str
        The rule sets ticked at the start (registered ids).
    players : int
        Seats at each table, 2 to 4.
    bots : str
        The bot mix (a value of :data:`~landlord.widgets.dashboard.controls.BOTS`).
    games : int
        Games per rule set.
    seed : int
        The seed of the run; game k of every rule set uses the same dice.
    options : mapping, optional
        Option values to start with: under an option's name, for every rule set
        that declares it (``{"land_value_tax": 0.5}``: the modern land-value-tax
        dial); under a rule set's id, for that rule set alone
        (``{"landlords_game": {"advanced": True}}``).
    long_run : bool
        Play on past the fifth wage, to round 100.
    at_round : int, optional
        Also compare every measure at the end of this round (one of
        :data:`~landlord.widgets.dashboard.controls.AT_ROUNDS`), a moment common
        to every rule set; None: at each game's end only.
    run : bool
        Run once straight away (otherwise the first run waits for the button).

    Attributes
    ----------
    widget : ipywidgets.VBox
        The whole app (class ``landlord-experiments``).
    rule_boxes : dict of str to ipywidgets.Checkbox
        One box per registered rule set, by id (classes ``landlord-rules-choice``
        and ``landlord-rules-ID``).
    players, bots, games, seed, long_run, at_round : ipywidgets widgets
        The settings (classes ``landlord-players``, ``landlord-bots``,
        ``landlord-games``, ``landlord-seed``, ``landlord-long-run``,
        ``landlord-at-round``: "Also compare at round", 0 for none).
    rule_options : RuleOptions
        The options of the rule sets ticked, a control each, made from the rule
        sets' declarations (:class:`~landlord.widgets.dashboard.controls.RuleOptions`;
        :meth:`option_control` finds one).
    run_button : ipywidgets.Button
        Plays the games (``landlord-run``); disabled while they are played.
    progress : ipywidgets.IntProgress
        Games played of the run (``landlord-progress``); ``max`` is the total.
    progress_text : ipywidgets.Label
        The same in words, "120 of 400 games" (``landlord-progress-text``).
    status : ipywidgets.HTML
        What happened, or why nothing was run (``landlord-status``).
    run_more : ipywidgets.Button
        "Play N pairs" (``landlord-run-more``): shown when the reading could not
        tell a difference from 0 and more pairs would; sets the games box to
        them (at most :func:`~landlord.widgets.dashboard.controls.games_limit`) and runs.
    run_more_note : ipywidgets.HTML
        What the button plays and why, or why the app cannot play enough
        (``landlord-run-more-note``).
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
        options: Mapping[str, Any] | None = None,
        long_run: bool = False,
        at_round: int | None = None,
        run: bool = False,
    ) -> None:
        import ipywidgets as widgets

        from landlord.widgets.claim_view import ClaimView

        settings = self.make_settings(
            rules, players, bots, games, seed, options or {}, long_run, at_round
        )
        settings += self.make_run_row()
        self.make_results()
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
                widgets.VBox(settings),
                self.results,
            ],
            layout={"width": "100%"},
        )
        self.widget.add_class("landlord-experiments")
        self.widget.add_class("landlord-app")
        if run:
            self.run()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    @classmethod
    def from_page(cls, query: dict[str, str] | None = None) -> ExperimentsApp:
        """The app set up as its page's address asks (:mod:`landlord.widgets.link`):
        ``rules``, ``players`` (the bots), ``seats``, ``games``, ``seed``, ``long``,
        ``at_round``, ``run``, any option a rule set declares, by its name
        (``land_value_tax=25%``: set on every rule set ticked that declares it), and
        the claim view's ``measure``.
        What the address gets wrong is left out, and the app says so."""
        from landlord.widgets.link import (
            CLAIM_FIELDS,
            EXPERIMENT_FIELDS,
            page_query,
            read_setup,
        )

        query = page_query() if query is None else query
        setup, problems = read_setup(
            {key: value for key, value in query.items() if key != "measure"}, EXPERIMENT_FIELDS
        )
        claim, claim_problems = read_setup(
            {key: value for key, value in query.items() if key == "measure"}, CLAIM_FIELDS
        )
        declared = declared_options()
        options = {key: setup.pop(key) for key in list(setup) if key in declared}
        words = {"players": "bots", "seats": "players", "long": "long_run"}
        app = cls(**{words.get(key, key): value for key, value in setup.items()}, options=options)
        if "measure" in claim:
            app.claim.measure.value = claim["measure"]
        problems = f"{problems} {claim_problems}".strip()
        if problems:
            app.status.value = f"{app.status.value} <i>{html.escape(problems)}</i>".strip()
        return app

    def _ipython_display_(self) -> None:
        from landlord.widgets.page import show_app

        show_app(self.widget)  # with the page script: live regions, labels, focus
