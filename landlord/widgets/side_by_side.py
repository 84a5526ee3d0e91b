"""Two boards on the same dice: the Landlord's Game beside the single tax (or any two).

:class:`SideBySideApp` seats the same bots at two tables, one per rule set,
with the same seed. A session draws the deal, the dice, the Chance cards and
Speculation from separate streams, and the dice of each turn by its number, so
both games see the same throws on the same turns, while the rules do
different things with them. The app steps
both games together, a turn or a round at a time, and shows the two boards,
and under each, leading, where the land rent went (to players who hold land
or to the Public Treasury) and how the poorest player fares
(:mod:`landlord.views.rent_and_poor`), round by round; then the Gini curves
overlaid, the Treasury, wages and public works of each, and who paid whom in
each.

One pair is mostly luck, so before a single move the app says what many pairs
with the same settings show (:mod:`landlord.widgets.pair_context`): the kit's
declared grid when the settings are one of its tables, or pairs played on
request; once both games are over it gives the mean of the many, the share of
them in which the right-hand game came out lower, and where this one pair
falls among them. "What if we kept playing?"
(:class:`~landlord.widgets.keep_playing.KeepPlaying`) plays the left game on
from where it stands, many times, under its rules and under the single tax
(the right game when the left's rules offer no single tax).

The app opens on Magie's own table of landlords and tenants (eager landlords
and cautious tenants at four seats), the Landlord's Game beside the single
tax: a default chosen for what the table teaches, not for how its seed's
games come out. Either side may be the later game's rules (the
Monopoly rule sets, as history): its line of figures then gives the salary,
the bank's houses and hotels, and the trades and bankruptcies instead of a
Treasury. The two families use their dice differently (the later game also
shuffles its packs and throws again after doubles), so there the dice agree
only until the first doubles.
"""

from __future__ import annotations

import html
from typing import Any

import numpy as np

from landlord.table import GameTable, rule_set_menu
from landlord.views.board import board_svg
from landlord.views.rent_and_poor import lead_html
from landlord.widgets.charts import Chart, rent_chart
from landlord.widgets.keep_playing import KeepPlaying
from landlord.widgets.pace import pace_box, pace_controls
from landlord.widgets.page import style_widget
from landlord.widgets.pair_context import (
    PAIRS,
    Spread,
    grid_spread,
    many_pairs_html,
    not_in_grid_html,
    placing,
    played_html,
    played_spread,
)
from landlord.widgets.play.seats import SEAT_CHOICES

__all__ = ["SideBySideApp"]

#: The bots the app offers, as (menu text, strategies round the table).
BOTS = (
    *((text.removeprefix("bot: "), value) for text, value in SEAT_CHOICES[1:]),
    ("eager landlords and cautious tenants", "eager_landlord+cautious_tenant"),
)
NAMES = ("Ann", "Bob", "Cleo", "Dan")
#: Magie's own table of landlords and tenants: what the app opens on.
DEFAULT_BOTS = "eager_landlord+cautious_tenant"
#: The seed the app has always opened on (kept, never picked by how its games come out).
DEFAULT_SEED = 7


def played_text(game: Any) -> str:
    """How far a game has gone, in words a class counts by: after ten presses of
    **Next round**, round 11 is being played and ten rounds are done.

    >>> from landlord.session import Session
    >>> session = Session("landlords_game", ["eager_landlord"] * 2, seed=1)
    >>> game = session.game
    >>> while game.round < 3:
    ...     _ = session.step()
    >>> played_text(game)
    'Round 3 (2 rounds played, 4 turns in all)'
    """
    if not game.round:
        return "The deal"
    done = game.round - 1
    return (
        f"Round {game.round} ({done} round{'' if done == 1 else 's'} played, "
        f"{game.turns_played} turns in all)"
    )


class SideBySideApp:
    """Two rule sets, the same players, the same dice, stepping together.

    The default setup is Magie's own table of landlords and tenants (eager landlords and
    cautious tenants, four seats), the Landlord's Game on the left and the single tax on
    the right. It was chosen for what that table teaches (where the land rent goes, how
    the tenants fare), not for how its seed comes out: the seed is the one the app always
    had, and the app says from the start what many pairs of this table show.

    Parameters
    ----------
    left, right : str
        The rule sets (ids) on each side.
    bots : str
        The bots at both tables: a strategy, or a mix such as
        ``"eager_landlord+cautious_tenant"`` seated in turn.
    players : int
        How many seats each table has.
    seed : int
        The seed both games share.

    Attributes
    ----------
    leads : list of ipywidgets.HTML
        Under each board: where the land rent went and the poorest player, each round.
    many : ipywidgets.HTML
        Under the boards, from before the first move: what many pairs with these settings
        show (a block of class ``landlord-many-pairs``).
    context : ipywidgets.HTML
        Once both games are over: the many pairs' mean and share, and where this pair falls.
    keep_playing : KeepPlaying
        "What if we kept playing?", under the charts: plays the left game on (the right
        one when the left's rules offer no single tax).
    """

    def __init__(
        self,
        left: str = "landlords_game",
        right: str = "single_tax",
        bots: str = DEFAULT_BOTS,
        players: int = 4,
        seed: int = DEFAULT_SEED,
    ) -> None:
        import ipywidgets as widgets

        choices = rule_set_menu()
        self.left_rules = widgets.Dropdown(options=choices, value=left, description="Left")
        self.right_rules = widgets.Dropdown(options=choices, value=right, description="Right")
        self.bots = widgets.Dropdown(options=BOTS, value=bots, description="Players")
        self.players = widgets.BoundedIntText(
            value=players, min=2, max=4, description="Seats", layout={"width": "10em"}
        )
        self.seed = widgets.BoundedIntText(
            value=seed, min=0, max=2**63 - 1, description="Seed", layout={"width": "14em"}
        )
        self.new_button = widgets.Button(description="New games", button_style="primary")
        self.new_button.add_class("landlord-new-game")
        self.new_button.on_click(lambda _: self.new_games())
        self.status = widgets.HTML()
        self.status.add_class("landlord-status")
        self.steps, self.autoplay, self.speed = pace_controls(self.step, self._tick)
        self.turn_button, self.round_button = self.steps.turn, self.steps.round
        self.boards = [widgets.HTML(), widgets.HTML()]
        self.titles = [widgets.HTML(), widgets.HTML()]
        self.leads = [widgets.HTML(), widgets.HTML()]
        self.finances = [widgets.HTML(), widgets.HTML()]
        self.logs = [
            widgets.HTML(layout={"height": "9em", "overflow": "auto"}),
            widgets.HTML(layout={"height": "9em", "overflow": "auto"}),
        ]
        for side, name in enumerate(("left", "right")):
            self.boards[side].add_class(f"landlord-board-{name}")
            self.leads[side].add_class(f"landlord-lead-{name}")
            self.finances[side].add_class(f"landlord-finances-{name}")
            self.logs[side].add_class(f"landlord-log-{name}")
        # What many pairs with these settings show, from before the first move.
        self.many = widgets.HTML(layout={"width": "100%"})
        self.many.add_class("landlord-many-pairs-box")
        # Where this pair falls among many pairs with the same settings, once both are over.
        self.context = widgets.HTML()
        self.context.add_class("landlord-pair-context")
        self.place_button = widgets.Button(
            description=f"Play {PAIRS} pairs with these settings",
            layout={"display": "none", "width": "auto"},
        )
        self.place_button.add_class("landlord-place-pair")
        self.place_button.on_click(lambda _: self.place_pair())
        self.gini_chart = Chart(self._draw_gini, size=(7.0, 3.4), description="Gini by round")
        self.flow_charts = [
            rent_chart(description=f"who paid whom {{rent}}, {name}") for name in ("left", "right")
        ]
        columns = [
            widgets.VBox(
                [
                    self.titles[side],
                    self.boards[side],
                    self.leads[side],
                    self.finances[side],
                    self.logs[side],
                ],
                layout={"width": "50%", "min_width": "0"},
            )
            for side in (0, 1)
        ]
        self.keep_playing = KeepPlaying(self._keep_playing_source)
        self.link = widgets.HTML()
        self.link.add_class("landlord-setup-link")
        self.widget = widgets.VBox(
            [
                style_widget(),
                widgets.HBox(
                    [self.left_rules, self.right_rules, self.new_button],
                    layout={"flex_flow": "row wrap"},
                ),
                widgets.HBox(
                    [self.bots, self.players, self.seed], layout={"flex_flow": "row wrap"}
                ),
                self.status,
                self.link,
                widgets.HBox(
                    [self.turn_button, self.round_button, pace_box(self.autoplay, self.speed)],
                    layout={"flex_flow": "row wrap", "align_items": "center"},
                ),
                widgets.HBox(columns, layout={"width": "100%", "align_items": "flex-start"}),
                self.many,
                widgets.HBox(
                    [self.context, self.place_button],
                    layout={"flex_flow": "row wrap", "align_items": "center"},
                ),
                self.gini_chart.widget,
                widgets.HBox([chart.widget for chart in self.flow_charts]),
                self.keep_playing.widget,
            ]
        )
        self.widget.add_class("landlord-side-by-side")
        self.widget.add_class("landlord-app")
        self.tables: list[GameTable] = []
        self._charted: tuple | None = None
        self.new_games()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def _ipython_display_(self) -> None:
        from landlord.widgets.page import show_app

        show_app(self.widget)  # with the page script: live regions, labels, focus

    @classmethod
    def from_page(cls, query: dict[str, str] | None = None) -> SideBySideApp:
        """The app set up as its page's address asks (:mod:`landlord.widgets.link`):
        ``left``, ``right``, ``players`` (a mix), ``seats`` and ``seed``; what the
        address gets wrong is left out, and the app says so."""
        from landlord.widgets.link import SIDE_BY_SIDE_FIELDS, page_query, read_setup

        setup, problems = read_setup(page_query() if query is None else query, SIDE_BY_SIDE_FIELDS)
        # The link's words are the app's labels: "players" is the mix, "seats" how many.
        if "players" in setup:
            setup["bots"] = setup.pop("players")
        if "seats" in setup:
            setup["players"] = setup.pop("seats")
        app = cls(**setup)
        if not app.tables:  # the link's setup makes no games: the usual ones, and why
            problems = f"{problems} The link's setup was left out: {app.status.value}".strip()
            app = cls()
        if problems:
            app.status.value += f" <i>{html.escape(problems)}</i>"
        return app

    # --- actions ------------------------------------------------------------------

    def new_games(self) -> bool:
        """Seat the bots at both tables with the shared seed; say why if it cannot."""
        from landlord.experiments import bot_mix
        from landlord.widgets.link import setup_query

        seats = self.players.value
        try:
            strategies = [str(bot) for bot in bot_mix(self.bots.value, seats)]
            tables = [
                GameTable(rules.value, strategies, seed=self.seed.value, names=NAMES[:seats])
                for rules in (self.left_rules, self.right_rules)
            ]
        except ValueError as error:
            self.status.value = (
                f"<span style='color:#B00020'><b>Cannot do that:</b> "
                f"{html.escape(str(error))}</span>"
            )
            return False
        self.autoplay.playing = False
        self.tables = tables
        self._charted = None
        self._placed = False
        self._played: Spread | None = None
        self._strategies = strategies
        self.context.value = ""
        self.keep_playing.clear()
        self._say_many()
        left, right = (table.game.family for table in tables)
        seed = f"Both games use seed {self.seed.value}"
        if left is right:
            self.status.value = f"{seed}: the same dice and cards."
        elif left.moves_by == right.moves_by:
            self.status.value = f"{seed}: the same dice on each turn."
        else:
            self.status.value = (
                f"{seed}, but the left game moves by {left.moves_by} and the right by "
                f"{right.moves_by}: their turns are not matched throw for throw."
            )
        query = setup_query(
            left=self.left_rules.value,
            right=self.right_rules.value,
            players=self.bots.value,
            seats=seats,
            seed=self.seed.value,
        )
        self.link.value = (
            f"<a class='landlord-setup-link-a' href='{html.escape(query)}'>"
            "A link that opens this setup</a>"
        )
        self.refresh()
        return True

    def step(self, whole_round: bool = False) -> None:
        """Play the next turn (or round) in both games."""
        for table in self.tables:
            if whole_round:
                table.play_round()
            else:
                table.play_turn()
        self.refresh()

    def _tick(self, change: Any) -> None:
        if not self.tables or all(table.is_over for table in self.tables):
            self.autoplay.playing = False
            return
        self.step()

    # --- showing ------------------------------------------------------------------

    def refresh(self) -> None:
        """Show both games as they are now."""
        for side, table in enumerate(self.tables):
            game = table.game
            last = (table.last_mover, table.last_space) if table.last_space is not None else None
            self.boards[side].value = board_svg(game, size=620, last_move=last)
            self.leads[side].value = lead_html(game, table.names)
            status = f" (over: {html.escape(game.end_reason)})" if game.is_over else ""
            self.titles[side].value = (
                f"<h2 style='margin:4px 0;font-size:1.15em'>"
                f"{html.escape(game.rules.info.title)}</h2>"
                f"<div>{played_text(game)}{status}</div>"
            )
            self.finances[side].value = game.family.finances_html(game)
            newest = table.log[-30:][::-1]
            self.logs[side].value = "<br>".join(html.escape(line) for line in newest)
        over = all(table.is_over for table in self.tables)
        # Nothing is left to play once both games are over.
        self.steps.rest(over)
        if over:
            self.autoplay.playing = False
        if over and not self._placed:
            self._place_from_grid()
        now = tuple((id(t), t.game.round, t.game.is_over) for t in self.tables)
        if now != self._charted and all(t.game.round_net_worths for t in self.tables):
            self._charted = now
            self.gini_chart.draw(*[table.game for table in self.tables])
            for chart, table in zip(self.flow_charts, self.tables, strict=True):
                chart.draw(table.game)

    # --- this pair among many -----------------------------------------------------

    def pair_difference(self) -> float:
        """The right-hand game's final Gini of net worth minus the left's."""
        from landlord.metrics import gini

        left, right = (gini(np.array(t.game.round_net_worths[-1][2], float)) for t in self.tables)
        return float(right - left)

    def _say_many(self) -> None:
        """Before a move: what many pairs with these settings show, or an offer to play some."""
        said = many_pairs_html(
            self.left_rules.value, self.right_rules.value, self.bots.value, self.players.value
        )
        if said is None:
            said = not_in_grid_html()
            self.place_button.description = f"Play {PAIRS} pairs with these settings"
            self.place_button.layout.display = "flex"
        else:
            self.place_button.layout.display = "none"
        self.many.value = said

    def _place_from_grid(self) -> None:
        """Both games are over: place the pair among the grid's pairs, or among pairs played
        here, or offer to play some."""
        self._placed = True
        many = self._played or grid_spread(
            self.left_rules.value, self.right_rules.value, self.bots.value, self.players.value
        )
        if many is None:
            self.context.value = (
                "Both games are over. One pair is mostly luck: to see where this one falls, "
                f"play {PAIRS} more pairs with the same rule sets and bots."
            )
            self.place_button.description = f"Place this pair among {PAIRS} more"
            self.place_button.layout.display = "flex"
            return
        self.context.value = html.escape(placing(self.pair_difference(), many, self._right()))

    def _right(self) -> str:
        """The right-hand game in the words of a sentence: "the single tax" when it is."""
        return (
            "the single tax" if self.right_rules.value == "single_tax" else "the right-hand game"
        )

    def place_pair(self) -> None:
        """Play more pairs with these settings: say what they show, and once both games are
        over, where this pair falls among them."""
        if not self.tables:
            return
        if self._played is None:
            self.place_button.disabled = True
            self.many.value = f"<p>Playing {2 * PAIRS:,} games…</p>"
            try:
                self._played = played_spread(
                    self.left_rules.value,
                    self.right_rules.value,
                    self._strategies,
                    self.seed.value,
                )
            finally:
                self.place_button.disabled = False
            self.many.value = played_html(self._played)
        self.place_button.layout.display = "none"
        if all(table.is_over for table in self.tables):
            self.context.value = html.escape(
                placing(self.pair_difference(), self._played, self._right())
            )

    def _keep_playing_source(self) -> tuple[Any, str] | None:
        """What "What if we kept playing?" plays on: the left game when its rules offer the
        single tax from the next round, else the right game."""
        from landlord.continued import variants

        if not self.tables:
            return None
        side = 1
        if any(name == "single_tax" and not why for name, _, why in variants(self.tables[0].game)):
            side = 0
        table = self.tables[side]
        title = table.game.rules.info.title
        return table.session, f"the {('left', 'right')[side]} game ({title})"

    def _draw_gini(self, ax: Any, *games: Any) -> dict[str, list[float]]:
        from landlord.plotting import gini_curve

        data = {}
        for side, game in enumerate(games):
            label = game.rules.info.title
            if label in data:  # both sides play the same rules
                label = f"{label} ({('left', 'right')[side]})"
            gini_curve(game, ax=ax, label=label, which=("net_worth",))
            # This game's curve, by its whole label (two titles may share a start).
            (line,) = [
                line
                for line in ax.get_lines()
                if line.get_gid() == "gini:net_worth" and line.get_label() == f"{label}: net worth"
            ]
            data[label] = [float(y) for y in line.get_ydata()]
        return data
