"""Version 1 of Magie's claim across its declared grid, shown at once from the shipped results.

:class:`FirstGridView` opens on the results that ship with the kit
(:func:`landlord.claim.shipped_results`): nothing is played, so it shows in
well under a second even on a one-core Binder. A menu picks the measure; the
forest plot (:func:`landlord.plotting.claim.claim_forest`) draws every
scenario's paired difference with its intervals, and a table gives every
scenario's verdict on every measure, in words and with a sign that does not
rely on colour. Each scenario's sentence and the notes on what the rules
decide by themselves follow.

The claim page (:class:`landlord.widgets.claim_view.ClaimView`) shows the
second grid and keeps this one, folded, under it. Measures that the rules
alone decide (the wages) are not in the verdict table: they cannot fail.
"""

from __future__ import annotations

import html
import math
from typing import Any

from landlord.plotting.claim import VERDICT_STYLE

__all__ = ["FirstGridView", "verdict_table"]

#: A sign for each verdict, so that the table reads without colour too.
SIGNS = {"holds": "✔", "fails": "✘", "cannot be told": "?", "reported": "·"}
#: The table's text colour for each verdict: the plot's hue, darkened where the plot's
#: own colour is too light for small text on white (WCAG AA asks a contrast of 4.5:1).
TEXT_COLOURS = {"holds": "#007A5A", "fails": "#A84300"}


def verdict_table(results: Any) -> str:
    """Every scenario's verdict on every claimed measure the rules do not decide, as an
    HTML table.

    Examples
    --------
    >>> from landlord.claim import shipped_results
    >>> table = verdict_table(shipped_results())
    >>> table.count("<tr"), "<th scope='row'>eager landlords x4, printed end</th>" in table
    (17, True)
    >>> "wages at the end" in table  # decided by the rules: it cannot fail
    False
    """
    measures = [m for m in results.grid.measures if m.claim and not m.by_the_rules]
    head = "".join(f"<th scope='col'>{html.escape(m.words)}</th>" for m in measures)
    rows = []
    for scenario in results.scenarios:
        cells = []
        for measure in measures:
            said = scenario["verdicts"][measure.name]
            colour = TEXT_COLOURS.get(said, VERDICT_STYLE[said][0])
            cells.append(f"<td style='color:{colour}'>{SIGNS[said]} {html.escape(said)}</td>")
        label = html.escape(scenario.get("short", scenario["id"]))
        rows.append(f"<tr><th scope='row'>{label}</th>{''.join(cells)}</tr>")
    return (
        "<table class='landlord-first-claim-table' "
        "style='border-collapse:collapse;font-size:0.95em'>"
        "<caption style='text-align:left;caption-side:top'>Verdict per scenario and "
        "measure (single tax against the monopolist rules)</caption>"
        f"<thead><tr><th scope='col'>scenario</th>{head}</tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>"
        "<style>.landlord-first-claim-table th,.landlord-first-claim-table td{padding:2px 8px;"
        "border-bottom:1px solid #ddd;text-align:left;vertical-align:top}</style>"
    )


class FirstGridView:
    """The first grid's results: a measure menu, the forest plot, the verdicts, the sentences.

    Parameters
    ----------
    results : ClaimResults, optional
        Results to show; the shipped ones when not given.
    measure : str
        The measure the plot opens on.

    Attributes
    ----------
    widget : ipywidgets.VBox
        The whole view (CSS class ``landlord-first-claim``).
    measure : ipywidgets.Dropdown
        The measure drawn (``landlord-first-claim-measure``).
    chart : Chart
        The forest plot (``landlord-chart-first-claim``); ``chart.data`` is the
        measure drawn and the verdict of each scenario on it.
    """

    def __init__(self, results: Any = None, measure: str = "gini_net_worth") -> None:
        import ipywidgets as widgets

        from landlord.claim import shipped_results
        from landlord.rules import load_rules
        from landlord.widgets.charts import Chart

        self.results = results if results is not None else shipped_results(1)
        grid = self.results.grid
        choices = [
            (m.words + ("" if m.claim else " (reported, no claim)"), m.name) for m in grid.measures
        ]
        self.measure = widgets.Dropdown(
            options=choices,
            value=measure,
            description="Measure",
            layout={"width": "min(100%, 40em)"},
        )
        self.measure.add_class("landlord-first-claim-measure")
        rows = len(self.results.scenarios)
        self.chart = Chart(
            self._draw,
            size=(9.5, 1.3 + 0.42 * rows),
            description="Forest plot of the paired differences, single tax minus monopolist "
            "rules, with their 95% intervals",
            describe=self._describe,
        )
        self.chart.widget.add_class("landlord-chart-first-claim")
        self.chart.widget.layout.max_width = "60em"
        self.measure.observe(lambda _: self.chart.draw(self.measure.value), names="value")
        games = 2 * grid.games * len(grid.seeds) * rows
        baseline, treatment = (load_rules(r).info.title for r in (grid.baseline, grid.treatment))
        intro = widgets.HTML(
            f"<p style='margin:0.3em 0'><b>{html.escape(grid.title)}.</b> "
            f"Each row is a table of bots at one game length: {grid.games} pairs of games "
            f"at each of {len(grid.seeds)} seeds, the monopolist rules "
            f"(<i>{html.escape(baseline)}</i>) and the single tax (<i>"
            f"{html.escape(treatment)}</i>) on the same dice, {games:,} games in all, "
            "played ahead and shipped "
            "with the kit. The grid and the rule for a verdict were written down before "
            "any result was seen: the claim <b>holds</b> when "
            f"{html.escape(grid.verdict['holds'])}, <b>fails</b> when "
            f"{html.escape(grid.verdict['fails'])}, and <b>cannot be told</b> "
            f"{html.escape(grid.verdict['cannot_tell'])}.</p>"
        )
        sentences = "".join(
            f"<li>{html.escape(scenario['sentence'])}</li>" for scenario in self.results.scenarios
        )
        notes = "".join(
            f"<li><b>{html.escape(m.words)}</b>: {html.escape(m.by_the_rules)}</li>"
            for m in grid.measures
            if m.by_the_rules
        )
        why = "".join(f"<p>{html.escape(text)}</p>" for text in grid.notes.values())
        # A box that may scroll sideways on a narrow screen is reachable by Tab.
        self.verdicts = widgets.HTML(
            "<div role='region' aria-label='Verdict per scenario' tabindex='0' "
            f"style='overflow-x:auto;max-width:100%'>{verdict_table(self.results)}</div>"
        )
        self.verdicts.add_class("landlord-first-claim-verdicts")
        self.sentences = widgets.HTML(
            "<details><summary><b>Each scenario in a sentence</b></summary>"
            f"<ul>{sentences}</ul></details>"
            "<details><summary><b>What the rules decide by themselves</b></summary>"
            f"<ul>{notes}</ul><p>Under the monopolist rules the Treasury keeps what it "
            "takes in, so that money leaves play; under the single tax it is spent back. "
            f"Part of the single tax's levelling is that bookkeeping, not play.</p>{why}"
            "</details>"
        )
        self.sentences.add_class("landlord-first-claim-sentences")
        self.widget = widgets.VBox(
            [intro, self.measure, self.chart.widget, self.verdicts, self.sentences],
            layout={"width": "100%"},
        )
        self.widget.add_class("landlord-first-claim")
        self.chart.draw(self.measure.value)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def _draw(self, ax: Any, measure: str) -> dict[str, Any]:
        from landlord.plotting.claim import claim_forest

        claim_forest(self.results, measure, ax=ax)
        ax.figure.subplots_adjust(left=0.3, right=0.83, top=0.95, bottom=0.1)
        return {
            "measure": measure,
            "verdicts": {s["id"]: s["verdicts"][measure] for s in self.results.scenarios},
        }

    def _describe(self, data: dict[str, Any], measure: str) -> str:
        """The forest plot in words: what Magie claimed, the verdicts, the pooled range."""
        grid = self.results.grid
        chosen = next(m for m in grid.measures if m.name == measure)
        said: dict[str, int] = {}
        for verdict in data["verdicts"].values():
            said[verdict] = said.get(verdict, 0) + 1
        counts = ", ".join(f"{verdict} in {count}" for verdict, count in said.items())
        means = [
            s["pooled"][measure]["mean"]
            for s in self.results.scenarios
            if s["pooled"][measure].get("mean") is not None
        ]
        claim = (
            f"where Magie claimed the single tax's is {chosen.claim}"
            if chosen.claim
            else "reported, with no claim"
        )
        spread = (
            f"; the pooled differences run from {_figure(min(means), chosen)} to "
            f"{_figure(max(means), chosen)}"
            if means
            else ""
        )
        return (
            f"{chosen.words} in {len(self.results.scenarios)} scenarios, {claim}: "
            f"{counts}{spread}. The verdict table below gives each scenario"
        )


def _figure(value: float, measure: Any) -> str:
    """A pooled difference in the measure's own form, as the verdicts write it."""
    from landlord.claim.verdicts import difference_text

    return difference_text(measure, value, math.nan, math.nan)
