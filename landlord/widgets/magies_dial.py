"""Magie's experiment on one page: one dial, pairs of games side by side, and a sentence.

:class:`MagiesDial` is the first minute of the kit for a class. One dial sends a share
of the land rent to the Public Treasury (the kit's land-value-tax dial: none, a quarter,
half, three quarters, all of it). The headline says at once what the pairs of games of
the shipped grid (version 3 of the claim, ``landlord/claim/grid_v3.toml``) show at that
step, and how big it is. Under it, pairs of small boards play live: the same deal and
dice with the dial at 0% on the left and at the step chosen on the right; each finished
pair is counted into a second line, so the class sees the result grow game by game.

The measures, the verdict rule and the effect sizes are the grid's own; nothing here
judges anything of its own.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from landlord.money import money
from landlord.palette import player_colour
from landlord.views.svg import rect

__all__ = ["DIAL_WORDS", "MagiesDial", "dial_steps", "headline_html", "mini_board_svg"]

#: The dial's steps in words, by the share of the land rent sent to the Treasury.
DIAL_WORDS = {0.0: "none", 0.25: "a quarter", 0.5: "half", 0.75: "three quarters", 1.0: "all"}
#: The table the page plays unless asked otherwise: the grid's mixed table of four,
#: compared at the common round 25 (so every pair ends at the same moment).
SCENARIO = "everyone.4.round25"
#: Pairs of games on screen at once.
PAIRS = 4
#: Seeds of the live games start here (the grid's seeds are 31 to 33: these are others).
FIRST_SEED = 1000
#: Beats a finished pair stays on screen before the next pair starts in its place.
HOLD = 4


def dial_steps(grid: Any) -> dict[float, tuple[str, str]]:
    """The dial's steps as a grid of the claim plays them, read from the grid: ``{share:
    (rule-set spec, the arm judging it against 0%, or "" for 0%)}``.

    >>> from landlord.claim import GRID_V3_PATH, load_grid
    >>> dial_steps(load_grid(GRID_V3_PATH))[0.5]
    ('landlords_game[land_value_tax=0.5]', 'dial_50')
    """
    from landlord.experiments import parse_spec

    arms = {arm.treatment: arm.id for arm in grid.arms}
    steps = {}
    for rule_set in grid.rule_sets:
        share = float(parse_spec(rule_set.spec)[1].get("land_value_tax", 0.0))
        steps[share] = (rule_set.spec, arms.get(rule_set.id, ""))
    return steps


def _amount(value: float) -> str:
    return money(abs(value))


def headline_html(results: Any, scenario_id: str, share: float) -> str:
    """What the shipped pairs show at one step of the dial, in two sentences: the gap
    between two players and the Gini first (the absolute and the relative measure), then
    the poorest player; each with the grid's verdict and size.

    Examples
    --------
    >>> from landlord.claim import shipped_results
    >>> text = headline_html(shipped_results(3), "everyone.4.round25", 1.0)
    >>> "All of the land rent to the Public Treasury" in text, "1,500 pairs" in text
    (True, True)
    """
    words, arm = DIAL_WORDS[share], dial_steps(results.grid)[share][1]
    if not arm:
        return (
            "<p class='landlord-headline-main'><b>None of the land rent to the Public "
            "Treasury</b>: Magie's monopolist rules, the baseline every pair is compared "
            "with. Turn the dial to see what moving the land rent to the public does.</p>"
        )
    scenario = results.scenario(scenario_id)
    cells = scenario["arms"][arm]["measures"]
    gap, gini, poorest = cells["dollar_gap"], cells["gini_net_worth"], cells["poorest_net_worth"]
    pairs = gap["pooled"]["n"]

    def judged(cell: dict) -> str:
        verdict = {"holds": "as Magie said", "fails": "against Magie"}.get(
            cell["verdict"], "cannot be told"
        )
        return f"{verdict}, {cell['size']}"

    gap_mean, gini_mean = gap["pooled"]["mean"], gini["pooled"]["mean"]
    poor_mean = poorest["pooled"]["mean"]
    main = (
        f"<b>{html.escape(words.capitalize())} of the land rent to the Public Treasury</b>: "
        f"over {pairs:,} pairs of games, the gap between two players' net worths was "
        f"{_amount(gap_mean)} {'smaller' if gap_mean < 0 else 'larger'} on average "
        f"({judged(gap)}), and the Gini of net worth {abs(gini_mean):.3f} "
        f"{'lower' if gini_mean < 0 else 'higher'} ({judged(gini)})."
    )
    more = (
        f"The poorest player ended {_amount(poor_mean)} "
        f"{'better' if poor_mean > 0 else 'worse'} off ({judged(poorest)}). "
        f"{html.escape(scenario['short'].capitalize())}; shipped results of the kit's "
        "declared grid (version 3)."
    )
    return (
        f"<p class='landlord-headline-main'>{main}</p><p class='landlord-headline-more'>{more}</p>"
    )


def mini_board_svg(game: Any, label: str, size: int = 150) -> str:
    """A small picture of a Magie board: each space a square round the edge, filled in
    the colour of its holder (grey: bought by the Treasury), tokens as dots; no words
    on it, and ``label`` (what the picture shows, in words) as its name.

    Examples
    --------
    >>> from landlord.session import Session
    >>> svg = mini_board_svg(Session("landlords_game", ["eager_landlord"] * 2).game, "A")
    >>> svg.count("<rect"), 'aria-label="A"' in svg
    (41, True)
    """
    owner = list(game.holdings.owner)
    public = list(game.treasury.public)
    count = len(owner)
    side = count // 4
    cell = 100 / (side + 1)
    spots = []
    for i in range(count):  # round the edge: bottom (right to left), left, top, right
        leg, k = divmod(i, side)
        spots.append(
            [
                (100 - cell * (k + 1), 100 - cell),
                (0, 100 - cell * (k + 1)),
                (cell * k, 0),
                (100 - cell, cell * k),
            ][leg]
        )
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="-1 -1 102 102" width="{size}" '
        f'height="{size}" role="img" aria-label="{html.escape(label)}">',
        rect(0, 0, 100, 100, 'fill="#F4F1E8" stroke="#555555"'),
    ]
    for (x, y), holder, bought in zip(spots, owner, public, strict=False):
        fill = "#9E9E9E" if bought else player_colour(holder) if holder >= 0 else "#FFFFFF"
        parts.append(rect(x, y, cell, cell, f'fill="{fill}" stroke="#777777" stroke-width="0.3"'))
    for player, where in enumerate(game.position):
        if 0 <= where < count:
            x, y = spots[where]
            offset = (player % 2) * cell / 2, (player // 2) * cell / 2
            parts.append(
                f'<circle cx="{x + offset[0] + cell / 4:.2f}" cy="{y + offset[1] + cell / 4:.2f}"'
                f' r="{cell / 5:.2f}" fill="{player_colour(player)}" stroke="#111111" '
                'stroke-width="0.4"/>'
            )
    parts.append("</svg>")
    return "".join(parts)


class _Pair:
    """Two games from one seed: the dial at 0% and at the share chosen."""

    def __init__(self, scenario: Any, specs: tuple[str, str], share: float, seed: int) -> None:
        from landlord.experiments import bot_mix, parse_spec
        from landlord.table import GameTable

        seats = [str(bot) for bot in bot_mix(scenario.mix.bots, scenario.players)]
        names = ["Ann", "Bob", "Cleo", "Dan"][: len(seats)]
        self.seed, self.share, self.held = seed, share, 0
        self.tables = []
        for spec in specs:  # the grid's own rule sets: 0% and the step
            rules, options = parse_spec(scenario.spec_of(spec))
            self.tables.append(GameTable(rules, seats, seed=seed, names=names, **options))

    @property
    def over(self) -> bool:
        return all(table.is_over for table in self.tables)

    def play_round(self) -> None:
        for table in self.tables:
            table.play_round()

    def differences(self) -> dict[str, float]:
        """Right minus left: the gap between two players, the Gini, the poorest player."""
        from landlord.metrics import gini, mean_gap

        left, right = (table.game.net_worths() for table in self.tables)
        return {
            "dollar_gap": float(mean_gap(right) - mean_gap(left)),
            "gini_net_worth": float(gini(right) - gini(left)),
            "poorest_net_worth": float(min(right) - min(left)),
        }


class MagiesDial:
    """Magie's experiment on one page (see the module's text).

    Parameters
    ----------
    share : float, default 1.0
        Where the dial starts: 0, 0.25, 0.5, 0.75 or 1 (all of it, as in Magie's
        single tax).
    scenario : str, default "everyone.4.round25"
        The shipped grid's scenario the headline reads and the live pairs play.
    pairs : int, default 4
        Pairs of games on screen at once.

    Attributes
    ----------
    widget : ipywidgets.VBox
        The page.
    """

    def __init__(self, share: float = 1.0, scenario: str = SCENARIO, pairs: int = PAIRS) -> None:
        import ipywidgets as widgets

        from landlord.claim import shipped_results
        from landlord.widgets.pace import pace_box, pace_controls
        from landlord.widgets.page import style_widget

        self.results = shipped_results(3)
        self.scenario = self.results.grid.scenario(scenario)
        #: The dial's steps: {share: (rule-set spec, arm)}, as the grid plays them.
        self.steps = dial_steps(self.results.grid)
        self.dial = widgets.ToggleButtons(
            options=[(f"{round(s * 100)}%", s) for s in self.steps],
            value=share,
            description="Land rent to the Public Treasury",
            style={"description_width": "initial", "button_width": "5em"},
        )
        self.dial.add_class("landlord-dial")
        self.dial.observe(lambda _: self._turned(), names="value")
        self.headline = widgets.HTML()
        self.headline.add_class("landlord-headline")
        self.live = widgets.HTML()
        self.live.add_class("landlord-live-tally")
        self.boards = [widgets.HTML() for _ in range(2 * pairs)]
        self.captions = [widgets.HTML() for _ in range(pairs)]
        _, self.autoplay, self.speed = pace_controls(lambda **_: self._beat(), self._tick)
        self.speed.value = 250
        cards = []
        for number in range(pairs):
            card = widgets.VBox(
                [
                    widgets.HBox([self.boards[2 * number], self.boards[2 * number + 1]]),
                    self.captions[number],
                ]
            )
            card.add_class("landlord-pair")
            cards.append(card)
        grid = widgets.GridBox(
            cards, layout={"grid_template_columns": "repeat(auto-fill, minmax(310px, 1fr))"}
        )
        grid.add_class("landlord-pairs")
        self.widget = widgets.VBox(
            [
                style_widget(),
                self.dial,
                self.headline,
                widgets.HTML(
                    "<p style='margin:0.4em 0'>Below, pairs of games play now: the same "
                    "deal and dice, the dial at <b>0%</b> on the left and where you set it "
                    "on the right. Each square is a space, coloured by who holds it (grey: "
                    "bought by the Treasury).</p>"
                ),
                pace_box(self.autoplay, self.speed),
                self.live,
                grid,
            ]
        )
        self.widget.add_class("landlord-magies-dial")
        self.widget.add_class("landlord-app")
        self._next_seed = FIRST_SEED
        self.pairs: list[_Pair] = []
        self.finished: list[dict[str, float]] = []
        self._turned()
        self.autoplay.playing = True  # the pairs play as the page opens

    @classmethod
    def from_page(cls, query: dict[str, str] | None = None) -> MagiesDial:
        """The page set up as its address asks: ``share`` (0, 25%, ..., 100% or 0 to 1)
        and ``scenario`` (one of the grid's, such as ``eager.3.long``); what the address
        gets wrong is left out and said under the dial."""
        from landlord.widgets.link import Field, dial_share, page_query, read_setup

        def step(text: str) -> float:
            share = dial_share(text)
            if share not in DIAL_WORDS:
                raise ValueError("not 0, 25%, 50%, 75% or 100%")
            return share

        def scenario(text: str) -> str:
            from landlord.claim import shipped_results

            known = [s.id for s in shipped_results(3).grid.scenarios]
            if text.strip() not in known:
                raise ValueError("not a table of the grid (such as everyone.4.round25)")
            return text.strip()

        fields = [Field("share", step, "dial"), Field("scenario", scenario, "table")]
        setup, problems = read_setup(page_query() if query is None else query, fields)
        app = cls(**setup)
        if problems:
            app.live.value = f"<p><i>{html.escape(problems)}</i></p>" + app.live.value
        return app

    def _ipython_display_(self) -> None:
        from landlord.widgets.page import show_app

        show_app(self.widget)

    def _turned(self) -> None:
        """The dial moved: the headline at once, and new pairs at the new step."""
        share = self.dial.value
        self.headline.value = headline_html(self.results, self.scenario.id, share)
        self.finished = []
        self.pairs = [self._new_pair(share) for _ in self.captions] if share else []
        self._show()

    def _new_pair(self, share: float) -> _Pair:
        specs = (self.steps[0.0][0], self.steps[share][0])
        pair = _Pair(self.scenario, specs, share, self._next_seed)
        self._next_seed += 1
        return pair

    def _tick(self, change: Any) -> None:
        self._beat()

    def _beat(self) -> None:
        """A round in every pair still playing; a finished pair is counted, shown for a
        moment, then a new pair takes its place."""
        for number, pair in enumerate(self.pairs):
            if not pair.over:
                pair.play_round()
                if pair.over:
                    self.finished.append(pair.differences())
            elif pair.held >= HOLD:
                self.pairs[number] = self._new_pair(pair.share)
            else:
                pair.held += 1
        self._show()

    def _show(self) -> None:
        words = DIAL_WORDS[self.dial.value]
        for number, caption in enumerate(self.captions):
            left, right = self.boards[2 * number], self.boards[2 * number + 1]
            if number >= len(self.pairs):
                left.value = right.value = ""
                caption.value = ""
                continue
            pair = self.pairs[number]
            games = [table.game for table in pair.tables]
            shares = ("0%", f"{round(pair.share * 100)}%")
            for board, game, side in zip((left, right), games, shares, strict=True):
                board.value = (
                    f"<div class='landlord-pair-side'>{side} to the Treasury</div>"
                    + mini_board_svg(
                        game, f"Pair {number + 1}, {side} to the Treasury: round {game.round}"
                    )
                )
            caption.value = _caption(pair)
        self.live.value = live_html(self.finished, words)


def _caption(pair: _Pair) -> str:
    from landlord.metrics import mean_gap

    left, right = (table.game for table in pair.tables)
    gaps = [mean_gap(game.net_worths()) for game in (left, right)]
    state = "over" if pair.over else f"round {left.round}"
    return (
        f"<div style='font-size:13px'>seed {pair.seed}, {state}: gap between two players "
        f"{_amount(gaps[0])} | {_amount(gaps[1])}</div>"
    )


def live_html(finished: Sequence[dict[str, float]], words: str) -> str:
    """The pairs played on this page so far, counted: in how many the gap between two
    players was smaller, the Gini lower and the poorest player better off.

    >>> live_html([{"dollar_gap": -5.0, "gini_net_worth": 0.01, "poorest_net_worth": 3.0}],
    ...           "half")
    '<p><b>Played here</b> (half to the Treasury): 1 pair so far. The gap between two \
players was smaller in 1, the Gini lower in 0 and the poorest player better off in 1.</p>'
    """
    if not words or words == "none":
        return ""
    count = len(finished)
    if not count:
        return (
            f"<p><b>Played here</b> ({html.escape(words)} to the Treasury): the first pairs "
            "are playing.</p>"
        )
    smaller = sum(1 for pair in finished if pair["dollar_gap"] < 0)
    lower = sum(1 for pair in finished if pair["gini_net_worth"] < 0)
    better = sum(1 for pair in finished if pair["poorest_net_worth"] > 0)
    return (
        f"<p><b>Played here</b> ({html.escape(words)} to the Treasury): {count} "
        f"pair{'' if count == 1 else 's'} so far. The gap between two players was smaller in "
        f"{smaller}, the Gini lower in {lower} and the poorest player better off in "
        f"{better}.</p>"
    )
