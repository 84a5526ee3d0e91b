"""The play app's question: what a person at the table is asked, and a button per answer.

:class:`Asking` is the part of :class:`~landlord.widgets.play.PlayApp` beside the board: the
question (or who plays next, or the end and its standings), why it is asked, the buttons
of the answers the rules allow (grouped in a menu when there are many), the places on the
board a click answers, and the buttons that move the bots on (:mod:`landlord.widgets.pace`).
A button made for an earlier question, or the second click of a double-click, answers
nothing: one click takes one decision.
"""

from __future__ import annotations

import html
import time
from collections.abc import Callable
from typing import Any

from landlord.table import GameTable
from landlord.views.glossary import link_terms
from landlord.views.standings import standings_html, winners_text
from landlord.widgets.pace import SETTLE_SECONDS, later, pace_box, pace_controls, turn_on

__all__ = ["Asking"]


class Asking:
    """The question of :class:`~landlord.widgets.play.PlayApp` and its buttons: made by
    :meth:`make_question`, shown by :meth:`_show_question` and :meth:`_show_choices`. The
    app gives the rest (``table``, ``refresh``, ``step``, ``_tick``, ``_say``, ...)."""

    table: GameTable | None

    def make_question(self, play_for_me: bool) -> Any:
        """Make the question's widgets and the bots' controls; return them as one box."""
        import ipywidgets as widgets

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
        #: The answers given for the rest of the game, each with a button to take it back.
        self.standing_box = widgets.VBox()
        self.standing_box.add_class("landlord-standing-answers")
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
                self.standing_box,
            ]
        )
        ask.add_class("landlord-ask")
        return ask

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

    def ask_again(self, seat: int, decision_kind: str) -> None:
        """Take back ``seat``'s standing answer to ``decision_kind``
        (:meth:`~landlord.table.GameTable.ask_again`): the person is asked again."""
        table = self.table
        if table is not None:
            table.ask_again(seat, decision_kind)
            self.refresh()

    def _show_standing(self) -> None:
        """The answers given for the rest of the game, each with **ask me again**; with
        two people at the screen, each answer names whose it is."""
        import ipywidgets as widgets

        from landlord.standing import ABOUT

        table = self.table
        given = table.standing_answers() if table is not None and not table.is_over else []
        if [row.given for row in self.standing_box.children] == given:
            return  # as shown: kept, so that a keyboard's focus stays where it is
        names = table.names if table is not None else []
        shared = table is not None and table.seats.count("human") > 1  # whose answer?
        rows = []
        for seat, kind, words in given:
            about = ABOUT.get(kind, kind)
            again = widgets.Button(
                description=f"ask {names[seat]} again: {about}"
                if shared
                else f"ask me again: {about}",
                tooltip=f"ask again: {words}",
                layout={"width": "auto"},
            )
            again.add_class("landlord-ask-again")
            again.on_click(lambda _, seat=seat, kind=kind: self.ask_again(seat, kind))
            whose = html.escape(names[seat]) if shared else "you"
            row = widgets.HBox(
                [widgets.HTML(f"Answered for {whose}: {html.escape(words)}."), again],
                layout={"flex_flow": "row wrap", "align_items": "center"},
            )
            row.given = (seat, kind, words)
            rows.append(row)
        self.standing_box.children = rows

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
            later(SETTLE_SECONDS, lambda shown=tuple(buttons): turn_on(shown))

    def _clicked(self, act: Callable[[], Any]) -> None:
        """A choice button clicked: its buttons go off at once (a second click of a
        double-click lands on them and answers nothing), then ``act`` answers."""
        self._clicked_at = time.monotonic()
        clicked = tuple(self.choice_box.children)
        for made in clicked:
            made.disabled = True
        act()
        if self.choice_box.children == clicked:  # nothing new to ask: on again, settled
            later(SETTLE_SECONDS, lambda: turn_on(clicked))
