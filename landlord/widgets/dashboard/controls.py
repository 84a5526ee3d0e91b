"""The experiments dashboard's settings on screen: the rule sets, the table of bots, the
games, the seed, the options of each rule set ticked, "Play on" and the common round.

The option controls are made from the rule sets' own declarations, as a simulation's
dashboard makes a model's controls from the parameters the model declares: every rule set
declares its options in its data file (``[options.NAME]``: a kind, a default, a title, where
it comes from), and :class:`RuleOptions` makes one control of each option of each rule set
ticked, by the option's kind (a yes-or-no option a box to tick, a choice a menu of its
choices, a share a menu of 0% to 100%, a whole number a number box), labelled by its name,
with its title and the status of its source beside it (:mod:`landlord.views.rule_options`).
A rule set that declares a new option gets a control with no change to the app, and an
option is set on a rule set only through that rule set's own control: nothing here knows an
option by its name.

What the settings send to the comparison, and the limits they are held to, are
:mod:`landlord.widgets.dashboard.specs`'s.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import Any

from landlord.rules import load_rules, registered
from landlord.table import rule_set_menu
from landlord.views.rule_options import (
    SHARE_STEPS,
    choice_words,
    on_a_step,
    option_label,
    option_note_html,
    setting_words,
    share_words,
)
from landlord.widgets.dashboard.specs import (
    AT_ROUNDS,
    BOTS,
    MOST_GAMES,
    MOST_GAMES_PER_RULE_SET,
    MOST_SEED,
    PROBLEM,
    SEATS,
    experiment_specs,
    games_limit,
    games_problem,
    option_problem,
    spread_options,
    whole,
)

__all__ = ["RuleOptions", "Settings", "option_control"]

#: How wide an option's label is, each kind of option's control with its label, and the
#: column the controls stand in (so that the options' words line up beside them).
LABEL_WIDTH = "13em"
WIDTHS = {"bool": "28em", "int": "19em", "share": "19em", "choice": "26em"}
COLUMN_WIDTH = "29em"


# --- The controls ---------------------------------------------------------------------


def option_control(option: Any, value: Any) -> Any:
    """A control of ``option`` set to ``value``, by the option's kind: a box to tick, a
    menu of its choices, a menu of shares in twentieths, or a number box. Menus rather
    than sliders: a slider's handle has no name a screen reader can say."""
    import ipywidgets as widgets

    common = {
        "description": option_label(option),
        "style": {"description_width": LABEL_WIDTH},
        "layout": {"width": WIDTHS.get(option.kind, "19em")},
    }
    if option.kind == "bool":
        return widgets.Checkbox(value=bool(value), indent=True, **common)
    if option.kind == "share":
        steps = [(share_words(step), step) for step in SHARE_STEPS]
        return widgets.Dropdown(options=steps, value=on_a_step(float(value)), **common)
    if option.kind == "choice":
        choices = [(choice_words(choice), choice) for choice in option.choices]
        return widgets.Dropdown(options=choices, value=value, **common)
    return widgets.IntText(value=value, **common)


class RuleOptions:
    """The options of the rule sets ticked: a control each, made from their declarations,
    folded under one line that says what is set.

    The controls of a rule set are made when the fold is first opened with it ticked (or
    one is asked for): a page that leaves them folded sends none of them to the browser.

    Parameters
    ----------
    given : mapping
        Option values to start with, as :func:`spread_options` reads them; when they set
        anything on a rule set ticked, the fold opens at the start.

    Attributes
    ----------
    fold : ipywidgets.Accordion
        The controls, rule set by rule set (class ``landlord-rule-options``).
    style : ipywidgets.HTML
        Out of sight: the fold's title in a dark enough grey (JupyterLab's own fails
        WCAG AA on its header), as the claim view's fold has.
    controls : dict of str to dict of str to widget
        Each rule set's controls by option name (class ``landlord-option`` and
        ``landlord-option-ID-NAME``), once made.
    """

    def __init__(self, given: Mapping[str, Any]) -> None:
        import ipywidgets as widgets

        self._given = dict(given)
        self.controls: dict[str, dict[str, Any]] = {}
        self._sections: dict[str, Any] = {}
        self._titles = {rules_id: load_rules(rules_id).info.title for rules_id in registered()}
        self._box = widgets.VBox(layout={"width": "100%"})
        self.fold = widgets.Accordion(children=[self._box], selected_index=None)
        self.fold.add_class("landlord-rule-options")
        self.style = widgets.HTML(
            "<style>.landlord-rule-options .jupyter-widget-Collapse-header > span,"
            ".landlord-rule-options .jupyter-widget-Collapse-header{color:#303030}</style>",
            layout={"display": "none"},
        )
        self.fold.observe(lambda _: self._fill(), names="selected_index")
        self._shown: list[str] = []
        self._opened = False

    def control(self, rules_id: str, name: str) -> Any:
        """The control of option ``name`` of rule set ``rules_id`` (made if need be)."""
        self._section(rules_id)
        return self.controls[rules_id][name]

    def show(self, ticked: Sequence[str]) -> None:
        """Show the options of the rule sets ``ticked``, in their order."""
        self._shown = list(ticked)
        if not self._opened:  # at the start: what a link or a caller set is in view
            self._opened = True
            if any(self._changed(rules_id) for rules_id in ticked):
                self.fold.selected_index = 0
        self._fill()
        self._retitle()

    def values(self, rules_id: str) -> dict[str, Any]:
        """A rule set's option values (on screen, or as they start), checked;
        ``ValueError`` says what is wrong."""
        current = self._current(rules_id)
        chosen = {}
        for option in load_rules(rules_id).declared_options:
            value = current[option.name]
            problem = option_problem(option, value)
            if problem:
                raise ValueError(f"{problem} ({self._titles[rules_id]})")
            chosen[option.name] = round(float(value), 2) if option.kind == "share" else value
        return chosen

    def _start(self, rules_id: str) -> dict[str, Any]:
        """A rule set's option values as they start: those given, else the defaults."""
        given = spread_options([rules_id], self._given)[rules_id]
        values = {}
        for option in load_rules(rules_id).declared_options:
            value = given.get(option.name, option.default)
            if option_problem(option, value):
                value = option.default
            values[option.name] = on_a_step(value) if option.kind == "share" else value
        return values

    def _current(self, rules_id: str) -> dict[str, Any]:
        made = self.controls.get(rules_id)
        if made is None:
            return self._start(rules_id)
        return {name: control.value for name, control in made.items()}

    def _changed(self, rules_id: str) -> list[str]:
        """What is set on a rule set, in words (nothing: as printed)."""
        values = self._current(rules_id)
        return [
            setting_words(option, values[option.name])
            for option in load_rules(rules_id).declared_options
            if values[option.name] != option.default
        ]

    def _fill(self) -> None:
        """While the fold is open, the controls of the rule sets shown are in it."""
        if self.fold.selected_index == 0:
            self._box.children = [self._section(rules_id) for rules_id in self._shown]

    def _section(self, rules_id: str) -> Any:
        """The controls of one rule set under its title, made the first time it is asked."""
        import ipywidgets as widgets

        if rules_id in self._sections:
            return self._sections[rules_id]
        start = self._start(rules_id)
        rows, controls = [], {}
        for option in load_rules(rules_id).declared_options:
            made = option_control(option, start[option.name])
            made.add_class("landlord-option")
            made.add_class(f"landlord-option-{rules_id}-{option.name}")
            made.observe(lambda _: self._retitle(), names="value")
            controls[option.name] = made
            cell = widgets.Box([made], layout={"width": COLUMN_WIDTH, "flex": "0 0 auto"})
            note = widgets.HTML(option_note_html(option), layout={"flex": "1 1 20em"})
            rows.append(
                widgets.HBox(
                    [cell, note], layout={"flex_flow": "row wrap", "align_items": "center"}
                )
            )
        self.controls[rules_id] = controls
        heading = widgets.HTML(
            f"<b>{html.escape(self._titles[rules_id])}</b>"
            + ("" if rows else ": no options declared")
        )
        self._sections[rules_id] = widgets.VBox([heading, *rows], layout={"margin": "0 0 0.6em"})
        return self._sections[rules_id]

    def _retitle(self) -> None:
        """The fold's line: what is set on each rule set shown, or "as printed"."""
        said = [
            f"{self._titles[rules_id]} with {', '.join(changed)}"
            for rules_id in self._shown
            if (changed := self._changed(rules_id))
        ]
        self.fold.set_title(
            0, f"Options of the rule sets ticked: {'; '.join(said) or 'as printed'}"
        )


class Settings:
    """The settings of :class:`~landlord.widgets.dashboard.ExperimentsApp`: made by
    :meth:`make_settings`, read and checked by :meth:`settings`."""

    def make_settings(
        self,
        rules: Sequence[str],
        players: int,
        bots: str,
        games: int,
        seed: int,
        options: Mapping[str, Any],
        long_run: bool,
        at_round: int | None,
    ) -> list[Any]:
        """Make the settings' widgets; return their rows, top to bottom."""
        import ipywidgets as widgets

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
        # Menus rather than sliders: a slider's handle has no name a screen reader can say.
        self.players = widgets.Dropdown(
            options=[(str(n), n) for n in range(SEATS[0], SEATS[1] + 1)],
            value=players,
            description="Players",
            layout={"width": "12em"},
        )
        self.players.add_class("landlord-players")
        self.bots = widgets.Dropdown(
            options=BOTS, value=bots, description="Bots", layout={"width": "24em"}
        )
        self.bots.add_class("landlord-bots")
        # A plain number box: a bounded one would silently change 6000 into its maximum.
        self.games = widgets.IntText(
            value=games, description="Games", continuous_update=True, layout={"width": "12em"}
        )
        self.games.add_class("landlord-games")
        self.games_hint = widgets.HTML()
        self.games_hint.add_class("landlord-games-hint")
        # Not a bounded box: that would change a seed out of range without a word; Run
        # refuses it and says why.
        self.seed = widgets.IntText(value=seed, description="Seed", layout={"width": "14em"})
        self.seed.add_class("landlord-seed")
        self.rule_options = RuleOptions(options)
        self.long_run = widgets.Checkbox(
            value=long_run,
            description="Play on: no end at the fifth wage, stop every game at round 100",
            indent=False,
            layout={"width": "auto"},
        )
        self.long_run.add_class("landlord-long-run")
        self.at_round = widgets.Dropdown(
            options=[("none", 0), *((f"round {r}", r) for r in AT_ROUNDS)],
            value=at_round if at_round in AT_ROUNDS else 0,
            description="Also compare at round",
            style={"description_width": "initial"},
            layout={"width": "18em"},
        )
        self.at_round.add_class("landlord-at-round")
        # Say the limit on games before Run, and at once when a number above it is typed;
        # show the options of the rule sets ticked.
        self.games.observe(lambda _: self._say_games(), names="value")
        for box in self.rule_boxes.values():
            box.observe(lambda _: self._ticked_changed(), names="value")
        self._ticked_changed()
        return [
            widgets.HBox(
                [
                    widgets.HTML("<b>Rule sets</b>&nbsp;", layout={"width": "6em"}),
                    *self.rule_boxes.values(),
                ],
                layout={"flex_flow": "row wrap", "align_items": "center"},
            ),
            widgets.HBox([self.players, self.bots], layout={"flex_flow": "row wrap"}),
            widgets.HBox(
                [self.games, self.games_hint, self.seed],
                layout={"flex_flow": "row wrap", "align_items": "center"},
            ),
            self.rule_options.style,
            self.rule_options.fold,
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
                [
                    self.at_round,
                    widgets.HTML(
                        "&nbsp;every measure again at the end of that round, one moment "
                        "for every rule set"
                    ),
                ],
                layout={"flex_flow": "row wrap", "align_items": "center"},
            ),
        ]

    def option_control(self, rules_id: str, name: str) -> Any:
        """The control of option ``name`` of rule set ``rules_id`` (``landlords_game``,
        ``land_value_tax``: the modern land-value-tax dial)."""
        return self.rule_options.control(rules_id, name)

    def ticked(self) -> list[str]:
        """The rule sets ticked, in the menu's order."""
        return [rules_id for rules_id, box in self.rule_boxes.items() if box.value is True]

    def settings(self) -> dict[str, Any]:
        """The settings on screen, checked: what :meth:`run` would play.

        Returns
        -------
        dict
            ``specs`` (for :func:`landlord.experiments.compare`), ``players``
            (a strategy per seat), ``games``, ``seed`` and ``at_round`` (None:
            at each game's end only).

        Raises
        ------
        ValueError
            With a message for the user when a setting is out of range.
        """
        from landlord.experiments import bot_mix

        chosen = self.ticked()
        if not chosen:
            raise ValueError("tick at least one rule set to play.")
        problem = games_problem(self.games.value, len(chosen))
        if problem:
            raise ValueError(problem)
        games = self.games.value
        seed = whole(self.seed.value, "the seed", 0, MOST_SEED)
        seats = whole(self.players.value, "the number of players", *SEATS)
        mixes = [value for _, value in BOTS]
        if self.bots.value not in mixes:
            tables = ", ".join(text for text, _ in BOTS)
            raise ValueError(
                f"the bots are one of the menu's tables ({tables}), not {self.bots.value!r}."
            )
        options = {rules_id: self.rule_options.values(rules_id) for rules_id in chosen}
        specs = experiment_specs(chosen, options, long_run=self.long_run.value is True)
        at_round = self.at_round.value
        if at_round not in (0, *AT_ROUNDS):
            rounds = ", ".join(str(r) for r in AT_ROUNDS)
            raise ValueError(f"the common round is none or one of {rounds}, not {at_round!r}.")
        return {
            "specs": specs,
            "players": [str(bot) for bot in bot_mix(self.bots.value, seats)],
            "games": games,
            "seed": seed,
            "at_round": at_round or None,
        }

    def _ticked_changed(self) -> None:
        self.rule_options.show(self.ticked())
        self._say_games()

    def _say_games(self) -> None:
        """The limit on games beside the games box, or what is wrong with the number typed."""
        ticked = len(self.ticked())
        problem = games_problem(self.games.value, max(ticked, 1))
        if problem:
            self.games_hint.value = (
                f"<span style='color:{PROBLEM}'><b>Check the number of games:</b> "
                f"{html.escape(problem)}</span>"
            )
        elif ticked:
            self.games_hint.value = (
                f"of each rule set: at most {games_limit(ticked):,} with {ticked} ticked "
                f"({MOST_GAMES:,} games a run)&nbsp;&nbsp;"
            )
        else:
            self.games_hint.value = (
                f"of each rule set you tick: at most {MOST_GAMES_PER_RULE_SET:,} "
                f"({MOST_GAMES:,} games a run)&nbsp;&nbsp;"
            )
