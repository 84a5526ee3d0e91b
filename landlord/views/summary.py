"""What a comparison of many games shows, as an HTML table with the notes that read it.

:func:`summary_html` lays out what :func:`landlord.experiments.compare` returns: one column
per rule set, one row per figure of the scorecard in words, with its mean, the 95% interval
of that mean and the paired difference from the first rule set, grouped by
:data:`SECTIONS`; the notes a reader needs under it (the Gini's scale, what is history and
what is not), and the mean Gini round by round as a folded table. The experiments
dashboard and the class server's simulated games show the same table.
"""

from __future__ import annotations

import html
import math
from collections.abc import Iterable, Sequence
from typing import Any

from landlord.money import money

__all__ = ["SECTIONS", "family_figures", "summary_html"]


#: The summary table's sections: the scorecard's groups, with their headings in words.
SECTIONS = (
    ("concentration", "How unequal the players are: shares of the total"),
    ("gap", "How far apart the players are, in money"),
    ("poverty", "The poorest player"),
    ("money", "How much money there is, and where it came from (starting cash left out)"),
    ("rent", "Where the land rent went"),
    ("length", "How long the games last"),
)


def summary_html(result: Any, bots: str = "") -> str:
    """The summary of a comparison as an HTML table, with the notes that read it.

    One column per rule set, named by its title; one row per figure, in
    words, with its mean over the games and the 95% interval of that mean,
    and under each figure the paired difference from the first rule set,
    grouped by :data:`SECTIONS` under the heading "At each game's end". With
    a common round (``at_round``) a second block, "At the end of round R",
    reads every measure but the length again at the end of that round, with
    the share of games over before it; the caption says when the measures
    were read. The Gini with debts counted as nothing is shown where some
    player was in debt (elsewhere it is the Gini itself). A table of the
    mean Gini round by round follows, folded (the chart shows it too).

    Parameters
    ----------
    result : Comparison
        What :func:`landlord.experiments.compare` returns.
    bots : str
        The players at each table in words ("eager landlords"); by default the
        bots' names.

    Returns
    -------
    str
        HTML: a ``<table>`` with a ``<caption>`` and headers, and paragraphs.

    Examples
    --------
    >>> from landlord.experiments import compare
    >>> table = summary_html(compare(["landlords_game", "single_tax"], games=4, seed=1))
    >>> "<th scope='col'>The Landlord&#x27;s Game under the Single Tax</th>" in table
    True
    >>> "<th scope='row'>Gini of net worth</th>" in table, "<pre" in table
    (True, False)
    >>> result = compare(["landlords_game", "single_tax"], games=4, seed=1, at_round=25)
    >>> table = summary_html(result)
    >>> table.index("At each game&#x27;s end") < table.index("At the end of round 25")
    True
    >>> "games over before round 25 (read at their end)" in table
    True
    """
    from landlord.scorecard import MEASURES

    summary = result.summary
    labels = result.labels
    names = result.names
    specs = result.parameters["rules"]
    currency = [spec.get("currency", "$") for spec in specs]
    first = names[labels[0]]
    compared = len(labels) > 1
    seats = len(result.parameters["players"])
    bots = bots or ", ".join(
        dict.fromkeys(b.replace("_", " ") for b in result.parameters["players"])
    )

    def row(words: str, cells: Sequence[str], note: bool = False) -> str:
        style = " style='padding-left:1.5em;font-weight:normal'" if note else ""
        shown = "".join(f"<td>{html.escape(cell)}</td>" for cell in cells)
        return f"<tr><th scope='row'{style}>{html.escape(words)}</th>{shown}</tr>"

    def measured(column: str, form: str, words: str) -> list[str]:
        rows = [row(words, _mean_cells(summary, labels, currency, column, form))]
        if compared and f"{column}_difference" in summary:
            cells = _mean_cells(summary, labels, currency, column, form, difference=True)
            rows.append(row(f"difference from {first}", ["", *cells[1:]], note=True))
        return rows

    def section(heading: str, rows: list[str]) -> str:
        span = len(labels) + 1
        return (
            f"<tbody><tr><th scope='colgroup' colspan='{span}' style='text-align:left;"
            f"padding-top:0.6em'>{html.escape(heading)}</th></tr>{''.join(rows)}</tbody>"
        )

    def moment(heading: str, rows: Sequence[str] = ()) -> str:
        """A heading over every section read at one moment, in the table's own colours."""
        span = len(labels) + 1
        return (
            f"<tbody class='landlord-summary-moment'><tr><th scope='colgroup' colspan='{span}' "
            "style='text-align:left;padding:0.5em 10px 0.2em;font-size:1.1em;"
            f"border-bottom:2px solid currentColor'>{html.escape(heading)}</th></tr>"
            f"{''.join(rows)}</tbody>"
        )

    def scorecard(suffix: str) -> list[str]:
        """The sections of the measures read at one moment (``suffix``: "" at each game's
        end, "_at_round" at the common round). The Gini with debts counted as nothing is
        the Gini itself unless some player was in debt, and is shown only then."""
        games = result.games
        poorest = f"poorest_net_worth{suffix}"
        in_debt = poorest not in games.columns or bool((games[poorest] < 0).any())
        sections = []
        for group, heading in SECTIONS:
            rows = [
                line
                for measure in MEASURES
                if measure.group == group
                and f"{measure.name}{suffix}" in summary
                and (measure.name != "gini_clipped" or in_debt)
                for line in measured(f"{measure.name}{suffix}", measure.form, measure.words)
            ]
            if rows:
                sections.append(section(heading, rows))
        return sections

    games = [f"{int(n):,}" for n in summary["games"]]
    at_round = result.parameters.get("at_round")
    body = [f"<tbody>{row('games played', games)}</tbody>"]
    body.append(moment("At each game's end"))
    body += scorecard("")
    other = [row("players bankrupt at the end", [_figure(v) for v in summary["bankrupt_players"]])]
    for column, words in (
        ("treasury_collected", "Public Treasury took in"),
        ("treasury_spent", "Public Treasury paid out"),
    ):
        other.append(row(words, _money_cells(summary[column], currency)))
    for figure in family_figures(summary.columns):
        values = summary[figure.summary_column]
        if figure.form == "money":
            cells = _money_cells(values, currency)
        else:
            cells = ["-" if math.isnan(v) else figure.form.format(v) for v in values]
        other.append(row(figure.words, cells))
    body.append(section("Other figures", other))
    if at_round is not None and "ended_before_round" in summary:
        over = row(
            f"games over before round {at_round} (read at their end)",
            [f"{share:.0%}" for share in summary["ended_before_round"]],
        )
        body.append(moment(f"At the end of round {at_round}", [over]))
        body += scorecard("_at_round")
    heads = "".join(f"<th scope='col'>{html.escape(names[label])}</th>" for label in labels)
    parameters = result.parameters
    count = len(labels)
    caption = (
        f"What the games show: {count} rule set{'s' if count > 1 else ''}, "
        f"{parameters['games']:,} games each, {seats} players ({bots}), seed "
        f"{parameters['seed']}. {result.when_words()} Each figure is a mean over the games; "
        "in brackets, the 95% interval of that mean."
    )
    table = (
        "<table class='landlord-summary-table' style='border-collapse:collapse;margin:0.4em 0'>"
        f"<caption style='text-align:left;caption-side:top'>{html.escape(caption)}</caption>"
        f"<thead><tr><th scope='col'>Figure</th>{heads}</tr></thead>{''.join(body)}</table>"
        "<style>.landlord-summary-table th,.landlord-summary-table td{padding:2px 10px;"
        "border-bottom:1px solid #ddd;text-align:left;vertical-align:top}</style>"
    )
    notes = "".join(
        f"<p style='margin:0.3em 0'>{html.escape(note)}</p>" for note in _notes(result)
    )
    return (
        "<div role='region' aria-label='The summary table' tabindex='0' "
        f"style='overflow-x:auto;max-width:100%'>{table}</div>{notes}{_curve_table(result)}"
    )


def _mean_cells(
    summary: Any,
    labels: Sequence[str],
    currency: Sequence[str],
    column: str,
    form: str,
    difference: bool = False,
) -> list[str]:
    """``mean (low to high)`` of a figure per rule set, or its paired difference from the
    first; with the games where it was undefined."""
    key = f"{column}_difference" if difference else column
    cells = []
    for label, unit in zip(labels, currency, strict=True):
        mean, low, high = (summary.loc[label, f"{key}{end}"] for end in ("", "_low", "_high"))
        undefined = int(summary.loc[label, f"{column}_undefined"])
        if math.isnan(mean):
            cells.append("" if difference or not undefined else "undefined in every game")
            continue
        shown = [_form(value, form, unit, difference) for value in (mean, low, high)]
        cell = shown[0] if math.isnan(low) else f"{shown[0]} ({shown[1]} to {shown[2]})"
        if undefined:
            cell += f", undefined in {undefined} game{'s' if undefined > 1 else ''}"
        cells.append(cell)
    return cells


def _form(value: float, form: str, currency: str, sign: bool) -> str:
    """A figure in its form: a sum of money, a share of games, or a number format."""
    if form == "money":
        return money(value, currency, sign=sign)
    if form == "share":
        return f"{value:+.0%}" if sign else f"{value:.0%}"
    return form.replace("{:", "{:+" if sign else "{:").format(value)


def _money_cells(values: Any, currency: Sequence[str]) -> list[str]:
    return [
        "-" if math.isnan(v) else money(v, unit) for v, unit in zip(values, currency, strict=True)
    ]


def _figure(value: float) -> str:
    return "-" if math.isnan(value) else f"{value:.2f}"


def family_figures(columns: Iterable[str]) -> list[Any]:
    """The families' own figures that the summary has, each once, with words to show."""
    from landlord.engine.family import families

    present = set(columns)
    found: dict[str, Any] = {}
    for family in families():
        for figure in family.figures:
            if figure.words and figure.summary_column in present:
                found.setdefault(figure.name, figure)
    return list(found.values())


def _notes(result: Any) -> list[str]:
    """What a reader of the summary needs to know: the Gini's scale, the intervals,
    what is history and what is not, and the figures that need a word."""
    summary = result.summary
    n = len(result.parameters["players"])
    everyone = "both" if n == 2 else f"all {n}"
    notes = [
        f"The Gini coefficient is 0 when {everyone} players are equally rich and "
        f"{1 - 1 / n:.2f} when one player holds everything.",
    ]
    moves = result.moved_by() if len(result.labels) > 1 else set()
    if len(moves) > 1:
        notes.append(
            "Each difference is taken game by game, from the same seed; but these games move "
            f"by {' or '.join(sorted(moves))}, so game k of one is not matched throw for throw "
            "with game k of another, and the differences are those of independent games. When "
            "the interval of a difference leaves out 0, the difference is unlikely to be luck."
        )
    elif len(result.labels) > 1:
        notes.append(
            "Each difference is taken game by game: game k of every rule set was played with "
            "the same dice and cards. When the interval of a difference leaves out 0, the "
            "difference is unlikely to be luck."
        )
    for spec in result.parameters["rules"]:
        name = result.names[spec["label"]]
        if spec["status"] == "reconstruction":
            notes.append(f"{name}: a reconstruction, not a historical rule set.")
        if spec["modern_options"]:
            options = ", ".join(o.replace("_", " ") for o in spec["modern_options"])
            notes.append(f"{name}: a modern extension ({options}), in no historical rules.")
        engine, because = spec.get("played_by"), spec.get("played_by_because")
        if engine:  # which engine played it (landlord.batch): the same games either way
            notes.append(f"{name}: played by {engine}" + (f" ({because})." if because else "."))
    undefined = [c for c in summary.columns if c.endswith("_undefined")]
    if any(summary[c].any() for c in undefined):
        notes.append(
            "Undefined in some games: there the players' debts were as large as all they held, "
            "so no share of the total can be taken; the means leave those games out."
        )
    if (
        "gini_cash_difference" in summary
        and (summary["gini_cash_difference"] * summary["gini_net_worth_difference"] < 0).any()
    ):
        notes.append(
            "The Gini of cash and of net worth moved apart: cash is not wealth. Under private "
            "land rent the rich hold their wealth in lots and houses; under the single tax "
            "title deeds are worth nothing and a player's wealth is mostly cash."
        )
    return notes


def _curve_table(result: Any, most: int = 30) -> str:
    """The mean Gini of net worth every few rounds, as a folded table (the chart's data)."""
    curves = {
        label: frame.set_index("round")["mean_gini_net_worth"]
        for label, frame in result.per_round.groupby("label", sort=False)
    }
    last = max(int(curve.index.max()) for curve in curves.values())
    every = 5 * max(1, -(-last // (5 * most)))
    rounds = sorted({*range(0, last + 1, every), last})
    heads = "".join(
        f"<th scope='col'>{html.escape(result.names[label])}</th>" for label in result.labels
    )
    rows = []
    for round_ in rounds:
        cells = "".join(
            f"<td>{curves[label][round_]:.3f}</td>"
            if round_ in curves[label].index
            else "<td></td>"
            for label in result.labels
        )
        rows.append(f"<tr><th scope='row'>round {round_}</th>{cells}</tr>")
    return (
        "<details><summary>The mean Gini of net worth round by round, as a table</summary>"
        "<table class='landlord-summary-table' style='border-collapse:collapse'>"
        "<caption style='text-align:left;caption-side:top'>Mean Gini of net worth after each "
        f"round shown (every {every} rounds, and the last); a game that has ended counts with "
        f"its last value</caption><thead><tr><th scope='col'>Round</th>{heads}</tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table></details>"
    )
