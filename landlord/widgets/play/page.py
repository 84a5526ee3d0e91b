"""The play app: a board, seats for people and bots, buttons for every legal move.

:class:`PlayApp` puts a :class:`~landlord.table.GameTable` on screen:
the board (:func:`~landlord.views.board.board_svg`), the question a person
at the controls must answer with a button per legal action, step / auto-play
/ pause for the bots with a speed control, where the land rent went and who is
poorest now (:func:`~landlord.views.rent_and_poor.lead_html`, under the
buttons, after every move), the event log, and charts redrawn every round
(Gini of net worth and cash, wealth per player, the Lorenz curve, who paid
whom). Under the charts, **What if we kept playing?**
(:class:`~landlord.widgets.keep_playing.KeepPlaying`) lets bots play the game
on, finished or not, many times under each set of rules, and shows how it
went. Everything it shows is read from the game; the engine decides every
rule.

The setup above the board is :class:`~landlord.widgets.play.seats.Setup`'s, the question
beside it and its buttons :class:`~landlord.widgets.play.question.Asking`'s, and the charts
are made by :mod:`landlord.widgets.play.charts`; this module lays the page out and keeps it
in step with the game.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from landlord.table import GameTable
from landlord.views.board import board_svg
from landlord.views.board_picks import mark_places
from landlord.views.events import log_html
from landlord.views.how_to_play import HOW_TO_PLAY
from landlord.widgets.keep_playing import KeepPlaying
from landlord.widgets.play.charts import TABBED, TITLES, chart_title, game_charts
from landlord.widgets.play.question import Asking
from landlord.widgets.play.seats import EMPTY, NAMES, Setup

__all__ = ["PlayApp"]


class PlayApp(Setup, Asking):
    """Play a rule set with people and bots at one screen.

    Parameters
    ----------
    rules : str
        The rule set to start with.
    seats : sequence of str
        What sits in each seat: ``"human"`` or a bot's strategy (2 to 4).
    seed : int
        The first game's seed.
    names : sequence of str, optional
        The players' names.
    options : dict, optional
        Rule set options for the first rule set (kept while it is chosen).
    play_for_me : bool, default True
        Take the choices with nothing to decide for the people at the table
        (the throw; see :meth:`~landlord.table.GameTable.routine_choice`)
        and let the bots play on by themselves between their questions; a box on
        the page turns it off.

    Attributes
    ----------
    widget : ipywidgets.VBox
        The whole app; a notebook shows it when the app is a cell's value.
    table : GameTable
        The game being played.
    lead : ipywidgets.HTML
        Where the land rent went and who is poorest now (class ``landlord-lead``).
    keep_playing : KeepPlaying
        The "What if we kept playing?" button, its status line and its panel.
    """

    def __init__(
        self,
        rules: str = "landlords_game",
        seats: Sequence[str] = ("human", "eager_landlord", "cautious_tenant"),
        seed: int = 1,
        names: Sequence[str] | None = None,
        options: dict[str, Any] | None = None,
        play_for_me: bool = True,
    ) -> None:
        import ipywidgets as widgets

        from landlord.widgets.page import style_widget

        setup = self.make_setup(rules, seats, seed, names, options)
        #: The game's name over the board (the page script puts it in the window's title).
        self.title = widgets.HTML()
        #: Games started on this page: the page script scrolls to a new one.
        self._games = 0
        self.title.add_class("landlord-game-title")
        self.board = widgets.HTML(layout={"width": "auto"})
        self.board.add_class("landlord-board")
        ask = self.make_question(play_for_me)
        self.log = widgets.HTML(layout={"height": "18em", "overflow": "auto", "width": "100%"})
        self.log.add_class("landlord-log")
        # Whose lines the log shows, and the whole log as a CSV file.
        self.log_filter = widgets.Dropdown(
            options=[("everyone", "")], value="", description="Show", layout={"width": "16em"}
        )
        self.log_filter.add_class("landlord-log-filter")
        self.log_filter.observe(lambda _: self._show_log(), names="value")
        self.log_button = widgets.Button(description="Download the log", icon="download")
        self.log_button.add_class("landlord-log-download")
        self.log_button.on_click(lambda _: self.download_log())
        self.log_link = widgets.HTML()
        self.log_link.add_class("landlord-log-link")
        self.explain = widgets.Checkbox(
            value=False, description="Explain each step (with its rule)", indent=False
        )
        self.explain.add_class("landlord-explain-toggle")
        self.explain.observe(lambda change: self._explain(change.new), names="value")
        #: The words of the game, each opening with a tap; questions link to them.
        self.glossary = widgets.HTML()
        self.glossary.add_class("landlord-glossary")
        self.charts = game_charts()
        #: Where the land rent went and who is poorest now: what moves in a lesson.
        self.lead = widgets.HTML()
        self.lead.add_class("landlord-lead")
        #: What the lead shows: (table, moves so far, over), so it is worked out once a move.
        self._led: tuple = ()
        self.keep_playing = KeepPlaying(
            lambda: (self.table.session, "this game") if self.table is not None else None
        )
        self.keep_playing.widget.layout.align_items = "flex-start"  # a button, not a bar

        how = widgets.Accordion(children=[widgets.HTML(HOW_TO_PLAY)], selected_index=None)
        how.set_title(0, "How to play")
        how.add_class("landlord-how-to-play")
        controls = widgets.VBox(
            [
                ask,
                self.lead,
                widgets.HTML("<b>What happened</b> (newest first, the whole game)"),
                self.explain,
                widgets.HBox(
                    [self.log_filter, self.log_button, self.log_link],
                    layout={"flex_flow": "row wrap", "align_items": "center"},
                ),
                self.log,
            ],
        )
        controls.add_class("landlord-controls")
        # The Gini curve is always in view; the other charts share tabs, and only
        # the tab in view is redrawn each round (a chart takes some 60 ms).
        self.chart_tabs = widgets.Tab(
            children=[self.charts[name].widget for name in TABBED],
            titles=[TITLES[name] for name in TABBED],
        )
        self.chart_tabs.observe(lambda _: self._draw_charts(), names="selected_index")
        chart_grid = widgets.GridBox(
            [self.charts["gini"].widget, self.chart_tabs],
            layout={
                "grid_template_columns": "repeat(auto-fit, minmax(22em, 1fr))",
                "width": "100%",
            },
        )
        # The board in words (for a screen reader, or anyone): redrawn only while open.
        self.board_text = widgets.HTML()
        self.board_text.add_class("landlord-board-text")
        self.board_words = widgets.Accordion(children=[self.board_text], selected_index=None)
        self.board_words.set_title(0, "The board in words")
        self.board_words.observe(lambda _: self._show_board_text(), names="selected_index")
        board_column = widgets.VBox([self.board, self.pick, self.board_words])
        board_column.add_class("landlord-board-column")
        main = widgets.HBox(
            [board_column, controls], layout={"width": "100%", "align_items": "flex-start"}
        )
        main.add_class("landlord-main")
        skip = widgets.HTML(
            "<a href='#' class='landlord-skip'>Skip to the question and the board</a>"
        )
        self.widget = widgets.VBox(
            [
                style_widget(),
                skip,
                how,
                setup,
                self.title,
                main,
                chart_grid,
                self.keep_playing.widget,
                self.glossary,
            ]
        )
        self.widget.add_class("landlord-play")
        self.widget.add_class("landlord-app")
        self.table: GameTable | None = None
        #: What each chart shows: (table, round, over), so it is drawn once a round.
        self._charted: dict[str, Any] = {}
        self.new_game()

    @classmethod
    def from_page(cls, query: dict[str, str] | None = None) -> PlayApp:
        """The app set up as its page's address asks (:mod:`landlord.widgets.link`).

        What the address gets wrong is left out, and the app says so above the
        board; with no address (JupyterLab) it starts as :class:`PlayApp` does.
        """
        from landlord.widgets.link import PLAY_FIELDS, page_query, read_setup

        setup, problems = read_setup(page_query() if query is None else query, PLAY_FIELDS)
        if "seats" in setup:
            setup["seats"] = [seat for seat in setup["seats"] if seat != EMPTY]
        seats = setup.get("seats", ("human", "eager_landlord", "cautious_tenant"))
        if "names" in setup:  # as many names as seats, the usual ones after the link's
            setup["names"] = (setup["names"] + list(NAMES[len(setup["names"]) :]))[: len(seats)]
        try:
            GameTable(
                setup.get("rules", "landlords_game"),
                seats,
                seed=setup.get("seed", 1),
                names=setup.get("names"),
                **setup.get("options", {}),
            )
        except ValueError as error:
            problems = f"{problems} The link's setup was left out: {error}".strip()
            setup = {}
        app = cls(**setup)
        if set(setup) - {"play_for_me"}:  # a game set up by its link: the seats fold away
            app._fold_setup()
        if problems:
            app._say(f"{app._said} <i>{html.escape(problems)}</i>")
        return app

    def _ipython_display_(self) -> None:
        from landlord.widgets.page import show_app

        show_app(self.widget)  # with the page script: live regions, labels, focus

    # --- the game on screen -------------------------------------------------------

    def _start(self, table: GameTable, how: str = "A new game") -> None:
        """Put ``table`` on screen, its setup in the menus and its link under them."""
        from landlord.views.glossary import glossary_html

        self.autoplay.playing = False
        table.explain = self.explain.value
        table.plays_for_people = self.play_for_me.value
        self.table = table
        self._opened = None
        self._led = ()
        self.keep_playing.clear()  # what came of playing the last game on
        self.glossary.value = "<h2 style='font-size:1.15em'>Words of the game</h2>" + (
            glossary_html(rules=table.game.rules, title="")
        )
        self.log_filter.options = [("everyone", ""), *((name, name) for name in table.names)]
        self.log_filter.value = ""
        self.log_link.value = self.save_link.value = ""
        rules = table.game.rules
        self._games += 1
        self.title.value = (
            f"<h2 style='margin:6px 0 2px;font-size:1.3em' data-game='{self._games}'>"
            f"{html.escape(rules.info.title)}</h2>"
        )
        self.seats_title(table)
        family_note = table.game.family.note
        note = f" <i>{html.escape(family_note)}</i>" if family_note else ""
        self._show_link()
        self._say(f"{how} of {html.escape(rules.info.title)}, seed {table.session.seed}.{note}")
        self._go_on_for_people()
        self.refresh()

    def _explain(self, on: bool) -> None:
        """Explain the steps from now on (or stop); the log says so at once."""
        if self.table is not None:
            self.table.explain = on

    def _playing_for_me(self, on: bool) -> None:
        """Take routine choices for people from now on (or stop), and go on."""
        if self.table is None:
            return
        self.table.plays_for_people = on
        if not on:
            self.autoplay.playing = False
        self._show_link()
        self._go_on_for_people()
        self.refresh()

    def _go_on_for_people(self) -> None:
        """With **play for me** on and a person at the table, let the game play on by
        itself (at the pace chosen) until a person must answer or the game ends."""
        table = self.table
        if (
            table is not None
            and self.play_for_me.value
            and "human" in table.seats
            and not table.is_over
            and not table.waits_for_person
        ):
            self.autoplay.playing = True

    def _bigger(self, big: bool) -> None:
        if big:
            self.widget.add_class("landlord-big")
        else:
            self.widget.remove_class("landlord-big")

    def step(self, whole_round: bool = False) -> None:
        """Play the next turn (or round) of the bots."""
        table = self.table
        if table is None:
            return
        if table.waits_for_person:
            assert table.waiting_for is not None
            self._say(f"{html.escape(table.names[table.waiting_for])} must choose first.")
            return
        if whole_round:
            table.play_round()
        else:
            table.play_turn()
        self._clear_problem()
        self.refresh()

    def _tick(self, change: Any) -> None:
        """One beat of auto-play: a turn, unless a person must decide or the game is over."""
        table = self.table
        if table is None or table.is_over or table.waits_for_person:
            self.autoplay.playing = False
            return
        table.play_turn()
        self.refresh()
        if table.is_over or table.waits_for_person:
            self.autoplay.playing = False

    # --- showing ------------------------------------------------------------------

    def refresh(self) -> None:
        """Show the game as it is now: board first, then question, lead, log and charts."""
        table = self.table
        if table is None:
            return
        game = table.game
        last = (table.last_mover, table.last_space) if table.last_space is not None else None
        self._places = table.board_choices() if table.waits_for_person else {}
        self.board.value = mark_places(
            board_svg(game, last_move=last), self._places, len(game.history)
        )
        self._show_board_text()
        # The question before its buttons: the words reach the page (and a screen reader)
        # first, so buttons never sit under the words of the step before.
        self._show_question()
        self._show_choices()
        self._show_standing()
        self.steps.rest(table.waits_for_person or game.is_over)
        self._show_lead()
        self._show_log()
        self._draw_charts()

    def _show_lead(self) -> None:
        """Where the land rent went and who is poorest, worked out once a move."""
        from landlord.views.rent_and_poor import lead_html

        table = self.table
        if table is None:
            return
        game = table.game
        now = (id(table), len(game.history), game.is_over)
        if now == self._led:
            return
        self._led = now
        if not game.round_net_worths:  # the deal: no one has a net worth to show yet
            block = (
                "<p style='margin:0.3em 0'><b>Where the land rent went</b>: "
                "from the end of the deal</p>"
            )
        else:
            block = lead_html(game, table.names)
        # The page's lines, not a widget's tall ones: the lead fits beside the board.
        self.lead.value = f"<div style='font-size:14px;line-height:1.35'>{block}</div>"

    def _show_board_text(self) -> None:
        """The board in words, when it is open (it costs nothing while folded)."""
        from landlord.views.board_text import board_text_html

        if self.table is not None and self.board_words.selected_index == 0:
            self.board_text.value = board_text_html(self.table.game, level=2)

    def _show_log(self) -> None:
        """The log, newest round first, each round under its heading; one player's
        lines only when the filter names him."""
        table = self.table
        if table is None:
            return
        self.log.value = log_html(table.log, table.log_rounds, self.log_filter.value)

    def download_log(self) -> None:
        """Put a link on the page that downloads the whole log as a CSV file."""
        from landlord.views.downloads import csv_link

        if self.table is None:
            return
        self.log_link.value = csv_link(
            self.table.log_frame(), "landlord_log.csv", "landlord_log.csv", "landlord-log-csv"
        )

    def _draw_charts(self) -> None:
        """Redraw the charts in view that do not show this round yet."""
        table = self.table
        if table is None:
            return
        game = table.game
        # The who-paid-whom tab names the rent the game's rules charge ("land rent", "rent").
        titles = tuple(chart_title(name, game) for name in TABBED)
        if tuple(self.chart_tabs.titles) != titles:
            self.chart_tabs.titles = titles
        if not game.round_net_worths:  # nothing to chart before the deal is over
            for name, chart in self.charts.items():
                if self._charted.get(name) != "waiting":
                    self._charted[name] = "waiting"
                    chart.placeholder(f"{chart_title(name, game)}: from the end of the deal")
            return
        now = (id(table), game.round, game.is_over)
        selected = self.chart_tabs.selected_index
        in_view = ["gini"] + ([TABBED[selected]] if selected is not None else [])
        for name in in_view:
            if self._charted.get(name) != now:
                self._charted[name] = now
                self.charts[name].draw(game)
