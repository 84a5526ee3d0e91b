"""Magie's claim as an economist would test it: the second grid, shown from its shipped results.

:class:`ClaimView` opens on the results of the claim's second grid that ship
with the kit (:func:`landlord.claim.shipped_results` with ``2``): nothing is
played, so it shows at once even on a one-core Binder. It leads with what the
grid found, each finding with its size before its verdict ("holds, but tiny"
never reads like "holds, large"), and keeps apart a table that got *richer
together* from one whose players got *closer together*. Menus pick the arm
(the single tax as printed, money-neutral, sink-neutral), the measure, the
table size and the moment (the printed end, a common round 25, round 100); a
forest plot draws the eight tables of bots for that choice, each row with its
verdict and size in words, and a table says the same for every judged
measure. A Gini that debts made undefined or larger than 1 is not shown as a
number: its row says so. The first grid (version 1) stays under it, folded,
as it shipped.
"""

from __future__ import annotations

import html
from typing import Any

from landlord.plotting.claim import VERDICT_STYLE

__all__ = ["GINI_ABOVE_ONE", "PLAYERS", "ClaimView", "arm_table", "claim_page"]

#: The text colour of each verdict in the tables: the plot's hue, darkened where it is too
#: light for small text on white (WCAG AA asks a contrast of 4.5:1).
TEXT_COLOURS = {"holds": "#007A5A", "fails": "#A84300"}
#: A sign for each verdict, so that a table reads without colour too.
SIGNS = {"holds": "✔", "fails": "✘", "cannot be told": "?", "reported": "·"}
#: Why a Gini can be larger than 1, in words a fifteen-year-old follows.
GINI_ABOVE_ONE = (
    "A Gini above 1? It happens when some players owe more than they own. The Gini "
    "compares the gaps between the players with what they hold all together; when big "
    "debts cancel most of what the others hold, the total is small and the gaps look "
    "bigger than the whole. So where debts are large the kit also reads the Gini with "
    "every debt counted as nothing, which always stays between 0 and 1."
)
#: What each moment is called in the menu.
MOMENTS = (
    ("the printed end", "printed"),
    ("a common round: 25", "round25"),
    ("round 100", "long"),
)


def arm_table(results: Any, arm: str, scenarios: list[str]) -> str:
    """Every judged measure's verdict, size first, for some scenarios of one arm, as an
    HTML table: a row per scenario, a column per measure (the measures the rules decide
    are reported elsewhere: they cannot fail).

    Examples
    --------
    >>> from landlord.claim import shipped_results
    >>> results = shipped_results(2)
    >>> table = arm_table(results, "as_printed", ["eager.4.printed", "tenants.4.printed"])
    >>> table.count("<tr"), "wages at the end" in table
    (3, False)
    """
    measures = [m for m in results.grid.measures if m.claim and not m.by_the_rules]
    head = "".join(f"<th scope='col'>{html.escape(m.words)}</th>" for m in measures)
    rows = []
    for scenario_id in scenarios:
        scenario = results.scenario(scenario_id)
        cells = []
        for measure in measures:
            cell = scenario["arms"][arm]["measures"][measure.name]
            cells.append(_cell(results, scenario, arm, measure, cell))
        label = html.escape(_mix_words(results, scenario))
        rows.append(f"<tr><th scope='row'>{label}</th>{''.join(cells)}</tr>")
    return (
        "<table class='landlord-claim-table' style='border-collapse:collapse;font-size:0.95em'>"
        "<caption style='text-align:left;caption-side:top'>The verdict on each measure, its "
        "size first (tiny, small, medium, large), then the difference over all "
        f"{_pairs(results, scenarios)} pairs and the share of pairs on Magie's side"
        f"{html.escape(_moment_words(results, scenarios))}"
        "</caption>"
        f"<thead><tr><th scope='col'>table of bots</th>{head}</tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>"
        "<style>.landlord-claim-table th,.landlord-claim-table td{padding:3px 8px;"
        "border-bottom:1px solid #ddd;text-align:left;vertical-align:top}</style>"
    )


def _cell(results: Any, scenario: dict, arm: str, measure: Any, cell: dict) -> str:
    from landlord.claim.arms import verdict_words

    why = results.unread(scenario, arm, measure.name)
    if why:
        return f"<td>{html.escape(why)}</td>"
    said = cell["verdict"] if cell["pooled"]["differed"] else "cannot be told"
    colour = TEXT_COLOURS.get(said, VERDICT_STYLE[said][0])
    words = verdict_words(cell, measure)
    return f"<td style='color:{colour}'>{SIGNS[said]} {html.escape(words)}</td>"


def richer_or_closer(results: Any, arm: str, scenarios: list[str]) -> str:
    """Everyone richer, or gaps smaller? For each scenario the change in the players'
    net worth together, in the gap between two of them in dollars, and in the Gini, and
    where the money came from (the bank, the Treasury), as an HTML table."""
    from landlord.claim.arms import verdict_words

    columns = ("total_wealth", "dollar_gap", "bank_money", "treasury_money")
    measures = [results.measure(name) for name in columns]
    head = "".join(f"<th scope='col'>{html.escape(m.words)}</th>" for m in measures)
    rows = []
    for scenario_id in scenarios:
        scenario = results.scenario(scenario_id)
        cells = "".join(
            f"<td>{html.escape(verdict_words(scenario['arms'][arm]['measures'][m.name], m))}</td>"
            for m in measures
        )
        label = html.escape(_mix_words(results, scenario))
        rows.append(f"<tr><th scope='row'>{label}</th>{cells}</tr>")
    return (
        "<table class='landlord-claim-money' style='border-collapse:collapse;font-size:0.95em'>"
        "<caption style='text-align:left;caption-side:top'>Richer together, or closer "
        "together? The single tax's figure minus the other's, over all "
        f"{_pairs(results, scenarios)} pairs"
        f"{html.escape(_moment_words(results, scenarios))}</caption>"
        f"<thead><tr><th scope='col'>table of bots</th>{head}</tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>"
        "<style>.landlord-claim-money th,.landlord-claim-money td{padding:3px 8px;"
        "border-bottom:1px solid #ddd;text-align:left;vertical-align:top}</style>"
    )


class ClaimView:
    """The second grid's results, with the first grid's folded under them.

    Parameters
    ----------
    results : ArmResults, optional
        Results of a grid of format 2 to show; the shipped ones when not given.
    measure, arm : str
        The measure and the arm the plot opens on.
    seats : int
        The table size shown.
    moment : str
        ``"printed"``, ``"round25"`` or ``"long"``.
    first : ClaimResults or False, optional
        The first grid's results shown folded (the shipped ones when not given;
        False: none).

    Attributes
    ----------
    widget : ipywidgets.VBox
        The whole view (CSS class ``landlord-claim``).
    arm, measure, seats, moment : ipywidgets.Dropdown
        The menus (``landlord-claim-arm``, ``-measure``, ``-seats``, ``-moment``).
    chart : Chart
        The forest plot (``landlord-chart-claim``); ``chart.data`` holds the choice
        drawn and each row's verdict and size.
    findings, verdicts, money, sentences : ipywidgets.HTML
        What the grid found, the verdict table, "richer or closer", and each scenario
        in a sentence (``landlord-claim-findings``, ``-verdicts``, ``-money``,
        ``-sentences``).
    """

    @classmethod
    def from_page(cls, results: Any = None, query: dict[str, str] | None = None) -> ClaimView:
        """The view opened on the measure its page's address names (``measure=...``);
        a measure it does not know is left out, and the view says so."""
        from landlord.widgets.link import CLAIM_FIELDS, page_query, read_setup

        setup, problems = read_setup(page_query() if query is None else query, CLAIM_FIELDS)
        view = cls(results, **setup)
        if problems:
            import ipywidgets as widgets

            note = widgets.HTML(f"<i>{html.escape(problems)}</i>")
            note.add_class("landlord-status")
            view.widget.children = (note, *view.widget.children)
        return view

    def __init__(
        self,
        results: Any = None,
        measure: str = "gini_net_worth",
        arm: str = "as_printed",
        seats: int = 4,
        moment: str = "printed",
        first: Any = None,
    ) -> None:
        import ipywidgets as widgets

        from landlord.claim import shipped_results
        from landlord.widgets.charts import Chart

        self.results = results if results is not None else shipped_results(2)
        grid = self.results.grid
        names = {m.name for m in grid.measures}
        self.arm = widgets.Dropdown(
            options=[(a.words, a.id) for a in grid.arms],
            value=arm,
            description="Compare",
            layout={"width": "min(100%, 44em)"},
        )
        self.arm.add_class("landlord-claim-arm")
        self.measure = widgets.Dropdown(
            options=[
                (m.words + ("" if m.claim else " (reported, not judged)"), m.name)
                for m in grid.measures
            ],
            value=measure if measure in names else "gini_net_worth",
            description="Measure",
            layout={"width": "min(100%, 44em)"},
        )
        self.measure.add_class("landlord-claim-measure")
        self.seats = widgets.Dropdown(
            options=[(f"{n} players", n) for n in grid.tables],
            value=seats if seats in grid.tables else grid.tables[-1],
            description="Table",
            layout={"width": "16em"},
        )
        self.seats.add_class("landlord-claim-seats")
        lengths = {length.id for length in grid.lengths}
        self.moment = widgets.Dropdown(
            options=[(words, key) for words, key in MOMENTS if key in lengths],
            value=moment if moment in lengths else grid.lengths[0].id,
            description="Read at",
            layout={"width": "22em"},
        )
        self.moment.add_class("landlord-claim-moment")
        self.chart = Chart(
            self._draw,
            size=(9.5, 1.4 + 0.46 * len(grid.mixes)),
            description="Forest plot of the paired differences with their 95% intervals",
            describe=self._describe,
        )
        self.chart.widget.add_class("landlord-chart-claim")
        self.chart.widget.layout.max_width = "60em"
        games = len(grid.rule_sets) * len(grid.seeds) * sum(map(grid.games_of, grid.scenarios))
        fewer = "".join(
            f" ({html.escape(mix.short or mix.id)}: {mix.games} times)"
            for mix in grid.mixes
            if mix.games
        )
        intro = widgets.HTML(
            f"<p style='margin:0.3em 0'><b>{html.escape(grid.title)}</b></p>"
            f"<p style='margin:0.3em 0'>Each table of bots ({len(grid.mixes)} of them, at "
            f"{_listed([str(n) for n in grid.tables])} players) was played {grid.games} times"
            f"{fewer} "
            f"at each of {len(grid.seeds)} seeds under {len(grid.rule_sets)} sets of rules on "
            f"the same dice: {games:,} games, played ahead and shipped with the kit. The grid, "
            "the rule for a verdict and the words for a size were written down before any of "
            "its games was played. The claim <b>holds</b> when "
            f"{html.escape(grid.verdict['holds'])}; it <b>fails</b> when "
            f"{html.escape(grid.verdict['fails'])}; otherwise it "
            "<b>cannot be told</b>. A size says how often the single tax came out on Magie's "
            "side, pair by pair: near half the pairs is <i>tiny</i> (a coin toss), "
            f"{grid.size['large']:.0%} or more is <i>large</i>.</p>"
        )
        self.findings = widgets.HTML()
        self.findings.add_class("landlord-claim-findings")
        self.verdicts = widgets.HTML()
        self.verdicts.add_class("landlord-claim-verdicts")
        self.money = widgets.HTML()
        self.money.add_class("landlord-claim-money-table")
        self.sentences = widgets.HTML()
        self.sentences.add_class("landlord-claim-sentences")
        for menu in (self.arm, self.measure, self.seats, self.moment):
            menu.observe(lambda _: self.show(), names="value")
        children = [
            intro,
            self.findings,
            widgets.HBox([self.arm], layout={"flex_flow": "row wrap"}),
            widgets.HBox(
                [self.measure, self.seats, self.moment], layout={"flex_flow": "row wrap"}
            ),
            self.chart.widget,
            self.verdicts,
            self.money,
            self.sentences,
        ]
        self.first: Any = None
        if first is not False:
            from landlord.widgets.claim_first_grid import FirstGridView

            self.first = FirstGridView(first if first is not None else shipped_results(1))
            fold = widgets.Accordion(children=[self.first.widget], selected_index=None)
            fold.set_title(0, "Version 1 of the grid: the single tax as printed, four players")
            fold.add_class("landlord-claim-first-grid")
            children.append(fold)
        # The fold's title in a dark enough grey (JupyterLab's own fails WCAG AA on its
        # header), on the claim page alone too, where the apps' style sheet is not loaded.
        children.append(
            widgets.HTML(
                "<style>.landlord-claim .jupyter-widget-Collapse-header > span,"
                ".landlord-claim .jupyter-widget-Collapse-header{color:#303030}</style>"
            )
        )
        self.widget = widgets.VBox(children, layout={"width": "100%"})
        self.widget.add_class("landlord-claim")
        self.show()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    @property
    def shown(self) -> list[str]:
        """The scenarios the menus pick: every mix at the chosen table size and moment."""
        return [
            f"{mix.id}.{self.seats.value}.{self.moment.value}" for mix in self.results.grid.mixes
        ]

    def show(self) -> None:
        """Draw what the menus pick: the findings of the arm, the plot and the tables."""
        results, arm = self.results, self.arm.value
        spec = next(a for a in results.grid.arms if a.id == arm)
        findings = "".join(f"<li>{html.escape(line)}</li>" for line in results.findings(arm))
        self.findings.value = (
            f"<h3 style='margin:0.5em 0 0.2em'>What the grid found: {html.escape(spec.words)}"
            f"</h3><ul style='margin:0.2em 0'>{findings}</ul>"
        )
        self.chart.draw(arm, self.measure.value, tuple(self.shown))
        self.verdicts.value = (
            "<div role='region' aria-label='Verdicts, size first' tabindex='0' "
            f"style='overflow-x:auto;max-width:100%'>{arm_table(results, arm, self.shown)}</div>"
        )
        self.money.value = (
            "<div role='region' aria-label='Richer together, or closer together' tabindex='0' "
            f"style='overflow-x:auto;max-width:100%'>{richer_or_closer(results, arm, self.shown)}"
            "</div>"
        )
        sentences = "".join(
            f"<li>{html.escape(results.sentence(results.scenario(s), arm))}</li>"
            for s in self.shown
        )
        notes = "".join(
            f"<li><b>{html.escape(m.words)}</b>: {html.escape(m.by_the_rules)}</li>"
            for m in results.grid.measures
            if m.by_the_rules
        )
        rules = "".join(
            f"<li><b>{html.escape(r.id.replace('_', ' '))}</b>: {html.escape(r.words)}</li>"
            for r in results.grid.rule_sets
        )
        why = "".join(f"<p>{html.escape(text)}</p>" for text in results.grid.notes.values())
        self.sentences.value = (
            f"<p style='margin:0.4em 0'>{html.escape(GINI_ABOVE_ONE)}</p>"
            "<details><summary><b>Each table in a sentence</b></summary>"
            f"<ul>{sentences}</ul></details>"
            "<details><summary><b>The rule sets compared</b></summary>"
            f"<ul>{rules}</ul>{why}</details>"
            "<details><summary><b>What the rules decide by themselves (reported, not judged)"
            f"</b></summary><ul>{notes}</ul></details>"
        )

    def _draw(self, ax: Any, arm: str, measure: str, scenarios: tuple[str, ...]) -> dict:
        from landlord.plotting.claim import arm_forest

        arm_forest(self.results, arm, measure, list(scenarios), ax=ax)
        ax.figure.subplots_adjust(left=0.28, right=0.78, top=0.93, bottom=0.17)
        cells = {s: self.results.scenario(s)["arms"][arm]["measures"][measure] for s in scenarios}
        return {
            "arm": arm,
            "measure": measure,
            "verdicts": {s: (c["verdict"], c["size"]) for s, c in cells.items()},
        }

    def _describe(self, data: dict, arm: str, measure: str, scenarios: tuple[str, ...]) -> str:
        """The plot in words: per table of bots its verdict, size and difference."""
        from landlord.claim.arms import verdict_words

        chosen = self.results.measure(measure)
        parts = []
        for scenario_id in scenarios:
            scenario = self.results.scenario(scenario_id)
            cell = scenario["arms"][arm]["measures"][measure]
            said = self.results.unread(scenario, arm, measure) or verdict_words(cell, chosen)
            parts.append(f"{scenario['short']}: {said}")
        return f"{chosen.words}, {'; '.join(parts)}"


#: The grids the claim page shows, by who plays them: the scripted bots (version 2, the
#: page's first view) and the players who answer the rules (version 4).
PLAYERS = (
    ("scripted bots (version 2)", 2),
    ("players who answer the rules (version 4)", 4),
)


def claim_page(query: dict[str, str] | None = None) -> Any:
    """The claim page's view: who plays (:data:`PLAYERS`) chosen with two buttons above a
    :class:`ClaimView` of that grid. The scripted bots' grid opens first, set up from the
    page's address, with version 1 folded under it; the players who answer the rules'
    grid (the tuned and the search bots) is drawn when chosen, in its place, so that one
    view's menus are on the page at a time."""
    import ipywidgets as widgets

    from landlord.claim import shipped_results

    players = widgets.ToggleButtons(
        options=PLAYERS, value=2, description="Played by", style={"button_width": "auto"}
    )
    players.add_class("landlord-claim-players")
    views: dict[int, Any] = {2: ClaimView.from_page(query=query)}
    shown = widgets.VBox([views[2].widget], layout={"width": "100%"})

    def choose(change: dict[str, Any]) -> None:
        version = change["new"]
        if version not in views:
            views[version] = ClaimView(shipped_results(version), first=False)
        shown.children = (views[version].widget,)

    players.observe(choose, names="value")
    return widgets.VBox([players, shown], layout={"width": "100%"})


def _mix_words(results: Any, scenario: dict) -> str:
    """A scenario's table of bots, in the words of its seats: "two eager landlords and two
    cautious tenants"."""
    mix = next(m for m in results.grid.mixes if m.id == scenario["mix"])
    return results.grid.table_words(mix, scenario["players"])


def _moment_words(results: Any, scenarios: list[str]) -> str:
    """Where the scenarios shown stand: "4 players, at the printed end"."""
    if not scenarios:
        return ""
    first = results.scenario(scenarios[0])
    length = next(m for m in results.grid.lengths if m.id == first["length"])
    return f" ({first['players']} players; {length.words})"


def _pairs(results: Any, scenarios: list[str]) -> str:
    """How many pairs of games each of these scenarios played: "1,500", or "120 to 1,500"
    where a table of bots played fewer (a grid may say so for a mix)."""
    grid = results.grid
    counts = sorted({grid.games_of(grid.scenario(s)) * len(grid.seeds) for s in scenarios})
    if not counts:
        return ""
    return f"{counts[0]:,}" if len(counts) == 1 else f"{counts[0]:,} to {counts[-1]:,}"


def _listed(items: list[str]) -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"
