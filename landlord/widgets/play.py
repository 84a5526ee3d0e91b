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
"""

from __future__ import annotations

import asyncio
import html
import re
import time
from collections.abc import Callable, Sequence
from importlib import import_module
from typing import Any

from landlord.table import GameTable, rule_set_menu
from landlord.views.board import board_svg
from landlord.views.events import log_html
from landlord.views.glossary import link_terms
from landlord.views.standings import standings_html, winners_text
from landlord.widgets.keep_playing import KeepPlaying

__all__ = [
    "SEAT_CHOICES",
    "PlayApp",
    "StepButtons",
    "game_charts",
    "mark_places",
    "pace_box",
    "pace_controls",
]

#: What may sit in a seat, as the seat menus list it.
SEAT_CHOICES = (
    ("a person", "human"),
    ("bot: eager landlord", "eager_landlord"),
    ("bot: cautious tenant", "cautious_tenant"),
    ("bot: single-taxer", "single_taxer"),
    ("bot: strategy guide", "strategy_guide"),
    ("bot: random", "random"),
)
#: An empty seat (the third and fourth seats may stay empty).
EMPTY = "empty"
#: Seconds a question's buttons stay off when it comes up straight after a click: a
#: double-click (or double tap) at human speed, 80-350 ms apart, would otherwise answer it
#: with its second click, since the next question arrives under the pointer in about
#: 80 ms. A click's own buttons go off at once, so the second click answers nothing.
SETTLE_SECONDS = 0.4
#: How many seats the setup offers.
MOST_SEATS = 4
#: The paces of auto-play: words, and milliseconds between turns (a menu, not a slider:
#: a slider's handle has no name a screen reader could read).
PACES = (
    ("fast: 0.1 s", 100),
    ("quick: 0.25 s", 250),
    ("steady: 0.5 s", 500),
    ("slow: 1 s", 1000),
    ("very slow: 2 s", 2000),
)
#: The pace auto-play starts at.
PACE = 500
#: The charts in tabs beside the Gini curve, and every chart's title.
TABBED = ("wealth", "lorenz", "flows")
TITLES = {
    "gini": "Gini by round",
    "wealth": "Wealth",
    "lorenz": "Lorenz curve",
    "flows": "Who paid whom: land rent",
}


def game_charts(prefix: str = "") -> dict[str, Any]:
    """The four live charts of a game: Gini by round, wealth, Lorenz, and who paid whom
    land rent (every payment, gross: between landlords it would net out)."""
    from landlord.widgets.charts import Chart, land_rent_chart

    # Imported now, while the page loads, rather than at a student's first click.
    for module in ("landlord.plotting", "pandas", "landlord.flows"):
        import_module(module)
    return {
        "gini": Chart(_draw_gini, description=f"{prefix}Gini coefficient by round"),
        "wealth": Chart(_draw_wealth, description=f"{prefix}wealth of each player"),
        "lorenz": Chart(_draw_lorenz, description=f"{prefix}Lorenz curve now"),
        "flows": land_rent_chart(description=f"{prefix}who paid whom land rent"),
    }


def _draw_gini(ax: Any, game: Any, label: str | None = None) -> dict[str, list[float]]:
    from landlord.plotting import gini_curve

    gini_curve(game, ax=ax, label=label)
    return {
        line.get_gid(): [float(y) for y in line.get_ydata()]
        for line in ax.get_lines()
        if str(line.get_gid()).startswith("gini:")
    }


def _draw_wealth(ax: Any, game: Any) -> list[int]:
    from landlord.plotting import wealth_bars

    wealth_bars(game, ax=ax)
    return [int(value) for value in game.net_worths()]


def _draw_lorenz(ax: Any, game: Any) -> list[int]:
    from landlord.plotting import lorenz_curve

    worths = [int(value) for value in game.net_worths()]
    lorenz_curve(worths, ax=ax, label="net worth now")
    return worths


def _later(seconds: float, act: Callable[[], Any]) -> None:
    """``act`` after ``seconds``, on the kernel's event loop (where a Voila app's clicks
    are answered); at once where no loop runs (a script or a test calling ``click``)."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        act()
        return
    loop.call_later(seconds, act)


def _turn_on(buttons: Sequence[Any]) -> None:
    """Put ``buttons`` on again (those no longer on the page as well: harmless)."""
    for made in buttons:
        made.disabled = False


class StepButtons:
    """**Next turn** and **Next round**: off while nothing is left to play, and for
    :data:`SETTLE_SECONDS` after a press, so that a double-click plays one turn.

    ``step(whole_round=False)`` plays; the app says with :meth:`rest` whether
    there is nothing to play now (a person must choose, the game is over).
    """

    def __init__(self, step: Callable[..., Any]) -> None:
        import ipywidgets as widgets

        self.turn = widgets.Button(description="Next turn", icon="step-forward")
        self.turn.add_class("landlord-step")
        self.turn.on_click(lambda _: self._press(step))
        self.round = widgets.Button(description="Next round", icon="forward")
        self.round.add_class("landlord-round")
        self.round.on_click(lambda _: self._press(step, whole_round=True))
        self._idle = False
        self._settling = False

    def rest(self, idle: bool) -> None:
        """Whether there is nothing to play now: the buttons are off while so."""
        self._idle = idle
        self._show()

    def _press(self, step: Callable[..., Any], **how: Any) -> None:
        self._settling = True
        self._show()  # off at once: a second click of a double-click lands on nothing
        step(**how)
        _later(SETTLE_SECONDS, self._settled)

    def _settled(self) -> None:
        self._settling = False
        self._show()

    def _show(self) -> None:
        self.turn.disabled = self.round.disabled = self._idle or self._settling


def pace_controls(step: Callable[..., Any], tick: Callable[[Any], Any]) -> tuple[Any, ...]:
    """The buttons and timer that move bots on: next turn and next round
    (:class:`StepButtons`), auto-play and its pace.

    ``step(whole_round=False)`` is called by the buttons and ``tick(change)``
    on every beat of auto-play (the browser keeps the time). The timer is an
    ``ipywidgets.Play`` kept out of sight: its own buttons carry icons with no
    name a screen reader could read, so :func:`pace_box` shows named **Play**
    and **Pause** buttons that start and stop it.
    """
    import ipywidgets as widgets

    autoplay = widgets.Play(
        value=0,
        min=0,
        max=10**9,
        step=1,
        interval=PACE,
        show_repeat=False,
        layout={"display": "none"},
    )
    autoplay.add_class("landlord-autoplay")
    autoplay.observe(tick, names="value")
    speed = widgets.Dropdown(
        options=PACES,
        value=PACE,
        description="Pace a turn",
        style={"description_width": "initial"},
        layout={"width": "auto"},
    )
    speed.observe(lambda change: setattr(autoplay, "interval", change.new), "value")
    return StepButtons(step), autoplay, speed


def pace_box(autoplay: Any, speed: Any) -> Any:
    """Named Play / Pause buttons for the hidden timer, and the pace menu, in a row (with
    a button out of sight that the page script presses to start a timer made playing)."""
    import ipywidgets as widgets

    play = widgets.Button(description="Play", icon="play", tooltip="let the bots play on")
    play.add_class("landlord-play-button")
    pause = widgets.Button(description="Pause", icon="pause", tooltip="stop the bots")
    pause.add_class("landlord-pause-button")

    def start(_: Any) -> None:
        autoplay.playing = True

    def stop(_: Any) -> None:
        autoplay.playing = False

    play.on_click(start)
    pause.on_click(stop)

    def show(change: Any = None) -> None:
        play.disabled, pause.disabled = autoplay.playing, not autoplay.playing

    autoplay.observe(show, names="playing")
    show()
    # The browser's timer starts only when ``playing`` turns on under a drawn page, not
    # when an app is made playing: the page script presses this button, out of sight,
    # once the page is drawn, and it turns ``playing`` off and on again.
    kick = widgets.Button(description="start", layout={"display": "none"})
    kick.add_class("landlord-autostart")

    def restart(_: Any) -> None:
        if autoplay.playing:
            autoplay.playing = False
            autoplay.playing = True

    kick.on_click(restart)
    box = widgets.HBox(
        [play, pause, autoplay, speed, kick],
        layout={"flex_flow": "row wrap", "align_items": "center"},
    )
    box.add_class("landlord-pace")
    return box


#: How to play, folded away under its button (the notebook keeps only a line).
HOW_TO_PLAY = """
<p>Choose the <b>rules</b> and who sits in each <b>seat</b>, then press <b>New game</b>.
A seat marked <i>a person</i> is played with the buttons beside the board: each button is
a move the rules allow just then, and the words above them say why you are asked and
what follows. When the question is about a place (which way to move, a lot to buy, a cell
of Property's grid), its places are ringed in blue on the board: click one to answer.</p>
<p>With <b>Play for me when there is nothing to decide</b> ticked (as it starts), the dice
are thrown for a person who could only throw or open talks, and the bots play on by
themselves until a person is asked something (<b>Pause</b> stops them; untick the box to
open talks before a throw). Without it, bots play when you press <b>Next turn</b> or
<b>Next round</b>, or on their own with <b>Play</b>; <b>Pace a turn</b> sets how fast.</p>
<p>Under those buttons, <b>Where the land rent went</b> shows after every move how much land
rent has gone to players who hold land and how much to the Public Treasury, and who is the
poorest player now. Under the charts, <b>What if we kept playing?</b> lets bots play this
game on to round 100, many times, under these rules and (in Magie's games) under the single
tax, and draws how it went: it takes a few seconds, and works after the game is over too.</p>
<p><i>The Landlord's Game, with the single-tax vote</i> lets a player <i>call a vote for
the single tax</i> on his turn: two votes carry it, as in Magie's 1906 booklet. The plain
<i>Landlord's Game</i> keeps its rules to the end, so that it can be compared fairly with
the single tax. <i>Monarch of the World</i> is Magie's 1906 demonstration: the first player
is given all the land. <i>Prosperity</i> is the kit's reconstruction: only the first page of
Magie's 1932 rule sheet has been read, so the kit adds the win test reported for it to her
1906 single-tax rules.</p>
<p>The menu also has the later game that grew out of Magie's, <i>Monopoly</i>'s classic US
and 1972 UK rules (a trademark of Hasbro; the kit plays these historical rules for
comparison and is independent of Hasbro).</p>
<p>Two more property games are in the menu. <i>Property</i> is Sid Sackson's card game from
<i>A Gamut of Games</i> (1969): a red and a black card name a cell of an 8 x 8 grid, which
is claimed, or pays rent to a rival who holds it. <i>Quikopoly</i> is a short game for a
piecepack: twenty tiles round a square, the property tiles laid face down and turned up when
bought, one die, and the last player left wins.</p>
<p><b>Big board</b> draws the board as wide as the page, with the controls under it: on a
projector the back row can read it (scroll to the part you talk about).
<b>Save the game</b> downloads the game so far; <b>Go on with a saved game</b> loads it again,
and play goes on exactly as it would have. The link under the seats opens this app with
the same setup: a teacher can hand it to a class.</p>
"""


class PlayApp:
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

        names = list(names) if names is not None else ["Ann", "Bob", "Cleo", "Dan"][: len(seats)]
        #: Rule set options, with the rule set they were given for.
        self.options = (rules, dict(options or {}))
        self.rules = widgets.Dropdown(options=rule_set_menu(), value=rules, description="Rules")
        self.seed = widgets.BoundedIntText(
            value=seed, min=0, max=2**63 - 1, description="Seed", layout={"width": "14em"}
        )
        self.seat_menus, self.seat_names = [], []
        defaults = ["Ann", "Bob", "Cleo", "Dan"]
        for number in range(MOST_SEATS):
            options_ = list(SEAT_CHOICES) + ([("empty", EMPTY)] if number >= 2 else [])
            taken = number < len(seats)
            menu = widgets.Dropdown(
                options=options_,
                value=seats[number] if taken else EMPTY,
                description=f"Seat {number + 1}",
            )
            name = widgets.Text(
                value=names[number] if taken and number < len(names) else defaults[number],
                placeholder="name",
                description="name",
                style={"description_width": "3em"},
                layout={"width": "14em"},
            )
            self.seat_menus.append(menu)
            self.seat_names.append(name)
        self.new_game_button = widgets.Button(
            description="New game", button_style="primary", icon="refresh"
        )
        self.new_game_button.add_class("landlord-new-game")
        self.new_game_button.on_click(lambda _: self.new_game() and self._fold_setup())
        self.status = widgets.HTML()
        self.status.add_class("landlord-status")
        #: The last message that was not a problem (a problem gives way to it).
        self._said = ""
        #: A link that opens the app with this game's setup.
        self.link = widgets.HTML()
        self.link.add_class("landlord-setup-link")

        #: The game's name over the board (the page script puts it in the window's title).
        self.title = widgets.HTML()
        #: Games started on this page: the page script scrolls to a new one.
        self._games = 0
        self.title.add_class("landlord-game-title")
        self.board = widgets.HTML(layout={"width": "auto"})
        self.board.add_class("landlord-board")
        self.question = widgets.HTML()
        self.question.add_class("landlord-question")
        #: Why the question is asked and what follows (in plain words).
        self.help = widgets.HTML()
        self.help.add_class("landlord-help")
        self.choice_box = widgets.Box(layout={"flex_flow": "row wrap"})
        self.choice_box.add_class("landlord-choices")
        #: Where the page script writes the place clicked on the board ("space@decision#n"):
        #: a field out of sight (the choice buttons serve keyboards and screen readers).
        self.pick = widgets.Text(layout={"display": "none"})
        self.pick.add_class("landlord-board-pick")
        self.pick.observe(lambda change: self._picked(change.new), names="value")
        #: The places of the question now that a click on the board answers (see refresh).
        self._places: dict[int, list[int]] = {}
        #: The group of choices opened now: (decision, its label), or None.
        self._opened: tuple | None = None
        #: When a choice button was last clicked (time.monotonic), for SETTLE_SECONDS.
        self._clicked_at = -1.0
        # At the end: the winner and the standings by the rule set's own score.
        self.standings = widgets.HTML()
        self.standings.add_class("landlord-standings")
        self.steps, self.autoplay, self.speed = pace_controls(self.step, self._tick)
        self.step_button, self.round_button = self.steps.turn, self.steps.round
        self.autoplay.observe(lambda _: self._show_question(), names="playing")
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
        # Save the game, and go on with a saved one.
        self.save_button = widgets.Button(description="Save the game", icon="save")
        self.save_button.add_class("landlord-save")
        self.save_button.on_click(lambda _: self.save())
        self.save_link = widgets.HTML()
        self.save_link.add_class("landlord-save-link")
        self.upload = widgets.FileUpload(
            accept=".json",
            multiple=False,
            description="Go on with a saved game",
            layout={"width": "auto"},
        )
        self.upload.add_class("landlord-upload")
        self.upload.observe(lambda _: self._uploaded(), names="value")
        self.big = widgets.ToggleButton(
            value=False,
            description="Big board",
            icon="expand",
            tooltip="the board across the whole page, for a projector",
        )
        self.big.add_class("landlord-big-toggle")
        self.big.observe(lambda change: self._bigger(change.new), names="value")
        #: Throws and the other choices with nothing to decide are taken for people,
        #: and the bots play on by themselves between their questions.
        self.play_for_me = widgets.Checkbox(
            value=play_for_me,
            description="Play for me when there is nothing to decide",
            indent=False,
            layout={"width": "auto"},
        )
        self.play_for_me.add_class("landlord-play-for-me")
        self.play_for_me.observe(lambda change: self._playing_for_me(change.new), names="value")
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
        # The seats fold away once a game is started (a classroom needs the board and the
        # question in view); the fold's title keeps saying who plays.
        self.seats_fold = widgets.Accordion(
            children=[
                widgets.GridBox(
                    [
                        widgets.HBox([m, n])
                        for m, n in zip(self.seat_menus, self.seat_names, strict=True)
                    ],
                    layout={"grid_template_columns": "repeat(2, max-content)"},
                )
            ],
            selected_index=0,
        )
        self.seats_fold.set_title(0, "Seats and names")
        self.seats_fold.add_class("landlord-seats-fold")
        setup = widgets.VBox(
            [
                widgets.HBox(
                    [self.rules, self.seed, self.new_game_button, self.big],
                    layout={"flex_flow": "row wrap", "align_items": "center"},
                ),
                self.seats_fold,
                self.status,
                widgets.HBox(
                    [self.link, self.save_button, self.upload, self.save_link],
                    layout={"flex_flow": "row wrap", "align_items": "center"},
                ),
            ]
        )
        # What a person is asked and the buttons that answer it: beside the board, kept in
        # view while the page scrolls (over the board's foot with Big board or on a phone).
        ask = widgets.VBox(
            [
                self.question,
                self.choice_box,
                self.help,
                self.standings,
                widgets.HBox(
                    [self.step_button, self.round_button, pace_box(self.autoplay, self.speed)],
                    layout={"flex_flow": "row wrap", "align_items": "center"},
                ),
                self.play_for_me,
            ]
        )
        ask.add_class("landlord-ask")
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
            setup["names"] = (
                setup["names"] + ["Ann", "Bob", "Cleo", "Dan"][len(setup["names"]) :]
            )[: len(seats)]
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

    # --- actions ------------------------------------------------------------------

    def new_game(self) -> bool:
        """Start a game from the setup; on bad input say why and keep the old game."""
        seats = [menu.value for menu in self.seat_menus]
        names = [name.value for name in self.seat_names]
        chosen = [(seat, name) for seat, name in zip(seats, names, strict=True) if seat != EMPTY]
        rules_for, options = self.options
        options = options if rules_for == self.rules.value else {}
        try:
            table = GameTable(
                self.rules.value,
                [seat for seat, _ in chosen],
                seed=self.seed.value,
                names=[name for _, name in chosen],
                **options,
            )
        except ValueError as error:
            self._say(str(error), problem=True)
            return False
        self._start(table)
        return True

    def _fold_setup(self) -> None:
        """Fold the seats away: the game on screen is what the class looks at now."""
        self.seats_fold.selected_index = None

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
        seated = {code: words for words, code in SEAT_CHOICES}
        self.seats_fold.set_title(
            0,
            "Seats: "
            + ", ".join(
                f"{name} ({seated.get(seat, seat)})"
                for name, seat in zip(table.names, table.seats, strict=True)
            ),
        )
        family_note = table.game.family.note
        note = f" <i>{html.escape(family_note)}</i>" if family_note else ""
        self._show_link()
        self._say(f"{how} of {html.escape(rules.info.title)}, seed {table.session.seed}.{note}")
        self._go_on_for_people()
        self.refresh()

    def _show_link(self) -> None:
        """The link that opens the app with this game's setup (under the seats)."""
        from landlord.widgets.link import setup_query

        table = self.table
        if table is None:
            return
        query = setup_query(
            rules=table.rules_id,
            seats=table.seats,
            names=table.names,
            seed=table.session.seed,
            **(
                {"options": self.options[1]}
                if self.options[0] == table.rules_id and self.options[1]
                else {}
            ),
            **({} if self.play_for_me.value else {"play_for_me": False}),
        )
        self.link.value = (
            f"<a class='landlord-setup-link-a' href='{html.escape(query)}'>"
            "A link that opens this setup</a>"
        )

    def save(self) -> None:
        """Put a link on the page that downloads the game so far (a saved-game file)."""
        import base64

        table = self.table
        if table is None:
            return
        data = base64.b64encode(table.saved().encode("utf-8")).decode("ascii")
        filename = (
            f"landlord_{table.rules_id}_seed{table.session.seed}_round{table.game.round}.json"
        )
        self.save_link.value = (
            f"<a class='landlord-save-file' download='{filename}' "
            f"href='data:application/json;base64,{data}'>{filename}</a>"
        )

    def load(self, text: str | bytes, name: str = "the saved game") -> bool:
        """Go on with a saved game (its text); on a bad file say why and keep this game."""
        from landlord.record import SavedGameError

        try:
            table = GameTable.from_saved(text, name)
        except SavedGameError as error:
            self._say(str(error), problem=True)
            return False
        self.rules.value = table.rules_id
        self.seed.value = table.session.seed
        for number, (menu, name_box) in enumerate(
            zip(self.seat_menus, self.seat_names, strict=True)
        ):
            taken = number < len(table.seats)
            menu.value = table.seats[number] if taken else EMPTY
            if taken:
                name_box.value = table.names[number]
        self.options = (table.rules_id, dict(table.session.rules.options))
        self._start(table, f"{html.escape(name)}: round {table.game.round}")
        self._fold_setup()
        return True

    def _uploaded(self) -> None:
        files = self.upload.value
        if not files:
            return
        upload = files[0]
        self.upload.value = ()  # the same file may be uploaded again
        self.load(bytes(upload["content"]), str(upload.get("name", "the saved game")))

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

    def choose(self, index: int, asked: tuple | None = None) -> None:
        """The person at the controls takes choice ``index`` (a button's number).

        ``asked`` is the decision the button was made for (:meth:`_decision`):
        a button from an earlier question (a double-click's second click, a
        slow connection) is ignored, so one click takes one decision.
        """
        table = self.table
        if table is not None:
            self._answer(asked, lambda: table.choose(index))

    def stand(self, kind: str, asked: tuple | None = None) -> None:
        """The person answers with ``kind`` now and at every later question of its kind
        (:meth:`~landlord.table.GameTable.stand`); a stale button does nothing."""
        table = self.table
        if table is not None:
            self._answer(asked, lambda: table.stand(kind))

    def _answer(self, asked: tuple | None, act: Callable[[], Any]) -> None:
        """Answer the question ``asked`` with ``act`` (unless it is answered already),
        say what went wrong if anything, and go on."""
        if asked is not None and asked != self._decision():
            return  # a stale button: that question has been answered already
        try:
            act()
        except ValueError as error:
            self._say(str(error), problem=True)
        else:
            self._clear_problem()
        self._go_on_for_people()
        self.refresh()

    def open_group(self, label: str | None, asked: tuple | None = None) -> None:
        """Show the choices of one group (``None``: back to the whole menu)."""
        if asked is not None and asked != self._decision():
            return
        self._opened = (self._decision(), label) if label is not None else None
        self._show_choices()

    def _picked(self, value: str) -> None:
        """A place clicked on the board (``space@decision#n``, from the page script):
        its one choice is taken, or its choices are shown (several plays on one cell).

        A click for an earlier question, or straight after a click (a double-click's
        second), is ignored, as a button's would be.
        """
        place, _, rest = value.partition("@")
        decision = rest.partition("#")[0]
        table = self.table
        if table is None or not place.isdigit() or decision != str(len(table.game.history)):
            return
        if time.monotonic() - self._clicked_at < SETTLE_SECONDS:
            return
        choices = self._places.get(int(place), [])
        asked = self._decision()
        if len(choices) == 1:
            self._clicked(lambda: self.choose(choices[0], asked))
        elif choices:
            self._opened = (asked, ("place", int(place)))
            self._show_choices()

    def _decision(self) -> tuple:
        """Which question is open now: the table, and how far its game has gone."""
        table = self.table
        return (id(table), len(table.game.history)) if table is not None else ()

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
        self.steps.rest(table.waits_for_person or game.is_over)
        self._show_lead()
        self._show_log()
        self._draw_charts()

    def _show_question(self) -> None:
        """The line over the buttons: the question, the end, or who plays next."""
        table = self.table
        if table is None:
            return
        game = table.game
        self.standings.value = standings_html(game) if game.is_over else ""
        self.help.value = ""
        if game.is_over:
            self.question.value = (
                f"<b>The game is over</b>: {html.escape(game.end_reason)}. "
                f"{html.escape(winners_text(game))}"
            )
        elif table.waits_for_person:
            asked = link_terms(html.escape(table.question()), game.rules)
            board = (
                " <span class='landlord-pick-hint'>(or click a place ringed in blue on the"
                " board)</span>"
                if self._places
                else ""
            )
            self.question.value = f"<b>{asked}</b>{board}"
            self.help.value = self._help_html()
        else:
            player = game.turn_player
            hint = ""
            if self.autoplay.playing:
                hint = " The game plays on (<b>Pause</b> stops it)."
            elif "human" in table.seats:
                hint = " Press <b>Next turn</b> to play the turn, or <b>Play</b> to play on."
            self.question.value = (
                f"Round {game.round}: {html.escape(game.names[player])} is next.{hint}"
            )

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

    def _help_html(self) -> str:
        """Why the person is asked and what follows, folded under a line to tap."""
        from landlord.views.explain import question_help_html

        table = self.table
        assert table is not None
        assert table.waiting_for is not None
        words = question_help_html(table.game, table.waiting_for)
        if not words:
            return ""
        # Folded, so that the choices stay in view on a small screen; a tap opens it.
        return f"<details><summary>Why am I asked this? What follows?</summary>{words}</details>"

    def _show_choices(self) -> None:
        """The buttons of the question now: the menu, or the group opened in it."""
        import ipywidgets as widgets

        from landlord.table import ChoiceGroup

        table = self.table
        if table is None:
            return
        asked = self._decision()
        menu = table.choice_menu() if table.waits_for_person else []
        opened = self._opened[1] if self._opened and self._opened[0] == asked else None
        buttons = []

        # Straight after a click, the new buttons come up off and go on SETTLE_SECONDS later.
        settling = time.monotonic() - self._clicked_at < SETTLE_SECONDS

        def button(text: str, act: Callable[[], Any], css: str = "landlord-choice") -> Any:
            made = widgets.Button(
                description=text if len(text) <= 60 else text[:59] + "…",
                tooltip=text,
                layout={"width": "auto", "max_width": "100%"},
                disabled=settling,
            )
            made.add_class(css)
            made.on_click(lambda _: self._clicked(act))
            buttons.append(made)
            return made

        group = next(
            (item for item in menu if isinstance(item, ChoiceGroup) and item.label == opened),
            None,
        )
        if isinstance(opened, tuple):  # a place clicked on the board with several plays
            words = table.choices()
            group = ChoiceGroup(("", [(n, words[n]) for n in self._places.get(opened[1], [])]))
        if group is not None:
            back = button(
                "◂ back to all choices",
                lambda: self.open_group(None, asked),
                "landlord-choice-back",
            )
            back.icon = ""
            for number, text in group.choices:
                button(text, lambda number=number: self.choose(number, asked))
        else:
            for item in menu:
                if isinstance(item, ChoiceGroup):
                    button(
                        f"{item.label} ({len(item.choices)} choices) ▸",
                        lambda label=item.label: self.open_group(label, asked),
                        "landlord-choice-group",
                    )
                else:
                    number, text = item
                    button(text, lambda number=number: self.choose(number, asked))
            # An answer given once for what is left of the game (the deal's cards, votes).
            for kind, text in table.standing_offers() if menu else ():
                button(text, lambda kind=kind: self.stand(kind, asked), "landlord-choice-stand")
        self.choice_box.children = buttons
        if settling:
            _later(SETTLE_SECONDS, lambda shown=tuple(buttons): _turn_on(shown))

    def _clicked(self, act: Callable[[], Any]) -> None:
        """A choice button clicked: its buttons go off at once (a second click of a
        double-click lands on them and answers nothing), then ``act`` answers."""
        self._clicked_at = time.monotonic()
        clicked = tuple(self.choice_box.children)
        for made in clicked:
            made.disabled = True
        act()
        if self.choice_box.children == clicked:  # nothing new to ask: on again, settled
            _later(SETTLE_SECONDS, lambda: _turn_on(clicked))

    def _show_log(self) -> None:
        """The log, newest round first, each round under its heading; one player's
        lines only when the filter names him."""
        table = self.table
        if table is None:
            return
        self.log.value = log_html(table.log, table.log_rounds, self.log_filter.value)

    def download_log(self) -> None:
        """Put a link on the page that downloads the whole log as a CSV file."""
        from landlord.widgets.dashboard import csv_link

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
        if not game.round_net_worths:  # nothing to chart before the deal is over
            for name, chart in self.charts.items():
                if self._charted.get(name) != "waiting":
                    self._charted[name] = "waiting"
                    chart.placeholder(f"{TITLES[name]}: from the end of the deal")
            return
        now = (id(table), game.round, game.is_over)
        selected = self.chart_tabs.selected_index
        in_view = ["gini"] + ([TABBED[selected]] if selected is not None else [])
        for name in in_view:
            if self._charted.get(name) != now:
                self._charted[name] = now
                self.charts[name].draw(game)

    def _say(self, text: str, problem: bool = False) -> None:
        """Show a message above the board (already escaped HTML).

        A problem stays until the next move that works, then the message
        before it comes back.
        """
        if problem:
            text = f"<span style='color:#B00020'><b>Cannot do that:</b> {html.escape(text)}</span>"
        else:
            self._said = text
        self.status.value = text

    def _clear_problem(self) -> None:
        """A move worked: take down a problem shown before it."""
        if self.status.value != self._said:
            self.status.value = self._said


def mark_places(svg: str, places: Any, decision: int) -> str:
    """The board ``svg`` with the places a click answers marked: class ``landlord-pick``
    (ringed in blue by the page's style) and ``data-pick="space@decision"``.

    Examples
    --------
    >>> mark_places('<g class="space" data-space="3" data-kind="lot">', {3: [0]}, 7)
    '<g class="space landlord-pick" data-pick="3@7" data-space="3" data-kind="lot">'
    """
    if not places:
        return svg

    def mark(found: Any) -> str:
        kind, space = found.group(1), int(found.group(2))
        if space not in places:
            return found.group(0)
        pick = f'data-pick="{space}@{decision}"'
        return f'<g class="{kind} landlord-pick" {pick} data-space="{space}"'

    return re.sub(r'<g class="(space(?: side-space)?)" data-space="(\d+)"', mark, svg)
