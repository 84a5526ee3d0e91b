"""The play app's setup: the rules, the seed, who sits in each seat, a new game, and the
game saved, loaded and linked.

:class:`Setup` is the part of :class:`~landlord.widgets.play.PlayApp` above the board: it
makes the setup's widgets (:meth:`Setup.make_setup`), starts a game from them
(:meth:`Setup.new_game`), folds the seats away once a game is on screen, saves the game to
a file and goes on with a saved one, puts the link that opens the same setup under the
seats, and says what happened (or why nothing did) in the status line.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from landlord.table import GameTable, rule_set_menu

__all__ = ["EMPTY", "MOST_SEATS", "NAMES", "SEAT_CHOICES", "Setup"]

#: What may sit in a seat, as the seat menus list it.
SEAT_CHOICES = (
    ("a person", "human"),
    ("bot: eager landlord", "eager_landlord"),
    ("bot: cautious tenant", "cautious_tenant"),
    ("bot: single-taxer", "single_taxer"),
    ("bot: strategy guide", "strategy_guide"),
    ("bot: random", "random"),
    ("bot: tuned to this game", "tuned"),
    ("bot: looks ahead (search)", "search"),
)
#: An empty seat (the third and fourth seats may stay empty).
EMPTY = "empty"
#: How many seats the setup offers.
MOST_SEATS = 4
#: The players' names when none are given, seat by seat.
NAMES = ("Ann", "Bob", "Cleo", "Dan")


class Setup:
    """The setup of :class:`~landlord.widgets.play.PlayApp`: made by :meth:`make_setup`,
    read by :meth:`new_game`. The app gives the rest (``table``, ``_start``)."""

    table: GameTable | None

    def make_setup(
        self,
        rules: str,
        seats: Sequence[str],
        seed: int,
        names: Sequence[str] | None,
        options: dict[str, Any] | None,
    ) -> Any:
        """Make the setup's widgets; return the setup as one box (the seats folded in it)."""
        import ipywidgets as widgets

        names = list(names) if names is not None else list(NAMES[: len(seats)])
        #: Rule set options, with the rule set they were given for.
        self.options = (rules, dict(options or {}))
        self.rules = widgets.Dropdown(options=rule_set_menu(), value=rules, description="Rules")
        self.seed = widgets.BoundedIntText(
            value=seed, min=0, max=2**63 - 1, description="Seed", layout={"width": "14em"}
        )
        self.seat_menus, self.seat_names = [], []
        for number in range(MOST_SEATS):
            options_ = list(SEAT_CHOICES) + ([("empty", EMPTY)] if number >= 2 else [])
            taken = number < len(seats)
            menu = widgets.Dropdown(
                options=options_,
                value=seats[number] if taken else EMPTY,
                description=f"Seat {number + 1}",
            )
            name = widgets.Text(
                value=names[number] if taken and number < len(names) else NAMES[number],
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
        return widgets.VBox(
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

    def seats_title(self, table: GameTable) -> None:
        """The seats' fold says who plays ``table``."""
        seated = {code: words for words, code in SEAT_CHOICES}
        self.seats_fold.set_title(
            0,
            "Seats: "
            + ", ".join(
                f"{name} ({seated.get(seat, seat)})"
                for name, seat in zip(table.names, table.seats, strict=True)
            ),
        )

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
