"""The claim across scenarios: a forest plot of paired differences, one measure at a time.

Each row is a scenario of the declared grid (a bot mix at a game length). On
it, each seed's 95% interval of the paired difference (single tax minus the
monopolist rules) is a thin line with its mean, and every seed's pairs taken
together are the thick line below them. The colour and the marker say the
grid's verdict: the claim holds, fails or cannot be told. A line at 0 marks
no difference, and the axis says which side Magie claimed. A row whose
interval runs far off the common scale (debts make the Gini of net worth
explode with random players) is cut at the edge, with an arrow and its value.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from landlord.plotting.colours import INK
from landlord.plotting.style import SMALL, _new_axes, _style, _title

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

__all__ = ["VERDICT_STYLE", "arm_forest", "claim_forest"]

#: How each verdict is drawn: colour (Okabe-Ito) and marker, so that it reads
#: without colour too; its words sit at the right of the row.
VERDICT_STYLE: dict[str, tuple[str, str]] = {
    "holds": ("#009E73", "o"),  # bluish green, a disc
    "fails": ("#D55E00", "X"),  # vermillion, a cross
    "cannot be told": ("#666666", "s"),  # grey, a square
    "reported": (INK, "D"),  # ink, a diamond: no claim was made
}
#: A row is cut at the edge when its interval reaches past this many times the
#: largest reach of the other rows.
_OUTLIER = 8.0


def claim_forest(results: Any, measure: str = "gini_net_worth", ax: Axes | None = None) -> Figure:
    """The forest plot of one measure over every scenario of claim results.

    Parameters
    ----------
    results : landlord.claim.ClaimResults
        What :func:`landlord.claim.run_claim` or
        :func:`landlord.claim.shipped_results` gives.
    measure : str
        A measure of the grid (``results.grid.measures``).
    ax : matplotlib.axes.Axes, optional
        Where to draw; a new Figure when not given.

    Returns
    -------
    matplotlib.figure.Figure
        The figure; each row's artists have the scenario id as gid.

    Examples
    --------
    >>> from landlord.claim import shipped_results
    >>> figure = claim_forest(shipped_results(), "richest_share")
    >>> figure.axes[0].get_yticklabels()[0].get_text()
    'one of each, long game'
    """
    grid = results.grid
    chosen = next((m for m in grid.measures if m.name == measure), None)
    if chosen is None:
        names = ", ".join(m.name for m in grid.measures)
        raise ValueError(f"no measure {measure!r} in these results (measures: {names})")
    scenarios = results.scenarios
    rows = len(scenarios)
    ax = _new_axes(ax, (9.5, 1.2 + 0.42 * rows), layout="constrained")
    _style(ax, grid="x")
    reach = _reach(scenarios, measure)
    seeds = len(grid.seeds)
    for row, scenario in enumerate(scenarios):
        y = rows - 1 - row
        said = scenario["verdicts"][measure]
        colour, marker = VERDICT_STYLE[said]
        runs = [run["measures"][measure]["difference"] for run in scenario["runs"]]
        cut = False
        for index, figures in enumerate(runs):
            offset = 0.34 - 0.42 * index / max(seeds, 1)
            cut |= _interval(
                ax, figures, y + offset, reach, (colour, marker), 1.6, 5, scenario["id"]
            )
        pooled = scenario["pooled"][measure]
        cut |= _interval(ax, pooled, y - 0.22, reach, (colour, marker), 4.0, 9, scenario["id"])
        if cut:  # the numbers, inside the axes on the side away from the cut
            right = (pooled["mean"] or 0) < 0
            ax.text(
                0.98 if right else 0.02,
                (y + 0.5) / rows,
                f"off the scale: {_figures_text(chosen, pooled)}",
                transform=ax.transAxes,
                ha="right" if right else "left",
                va="center",
                fontsize=SMALL,
                color=colour,
                gid=scenario["id"],
                bbox={"facecolor": "white", "edgecolor": "none", "alpha": 0.85, "pad": 1},
            )
        ax.text(
            1.01,
            (y + 0.5) / rows,
            said,
            transform=ax.transAxes,
            color=colour,
            fontsize=SMALL,
            va="center",
            ha="left",
            gid=scenario["id"],
        )
    ax.axvline(0.0, color=INK, linewidth=1.2, zorder=1)
    ax.set_ylim(-0.7, rows - 0.3)
    ax.set_yticks(range(rows))
    ax.set_yticklabels([s.get("short", s["id"]) for s in reversed(scenarios)], fontsize=SMALL)
    ax.set_xlim(-reach * 1.08, reach * 1.08)
    side = {"lower": "left", "higher": "right"}.get(chosen.claim)
    claimed = (
        f"; Magie claimed the single tax's is {chosen.claim} ({side} of 0)"
        if side
        else "; no claim: reported only"
    )
    ax.set_xlabel(
        "single tax minus monopolist rules, pair by pair: 95% intervals, each seed thin, "
        f"all seeds thick\n{claimed[2:]}",
        fontsize=SMALL,
    )
    _title(ax, chosen.words[:1].upper() + chosen.words[1:])
    ax.tick_params(axis="y", length=0)
    return ax.figure


def _interval(
    ax: Axes,
    figures: dict,
    y: float,
    reach: float,
    style: tuple[str, str],
    width: float,
    size: float,
    gid: str,
) -> bool:
    """One interval: a line from low to high with a marker at the mean, cut at the axis'
    edge with an arrowhead there; returns whether it was cut."""
    mean, low, high = (figures.get(k) for k in ("mean", "low", "high"))
    if mean is None:
        return False
    colour, marker = style
    low = mean if low is None else low
    high = mean if high is None else high
    edge = reach * 1.05
    cut_low, cut_high = max(low, -edge), min(high, edge)
    ax.plot(
        [cut_low, cut_high], [y, y], color=colour, linewidth=width, solid_capstyle="butt", gid=gid
    )
    if -edge <= mean <= edge:
        ax.plot(
            [mean],
            [y],
            marker=marker,
            color=colour,
            markersize=size,
            linestyle="none",
            markeredgecolor="white",
            gid=gid,
        )
    for end, cut, head in ((low, cut_low, "<"), (high, cut_high, ">")):
        if end != cut:
            ax.plot([cut], [y], marker=head, color=colour, markersize=size, gid=gid)
    return low != cut_low or high != cut_high


def _figures_text(measure: Any, figures: dict) -> str:
    from landlord.claim.verdicts import difference_text

    values = (math.nan if figures.get(k) is None else figures[k] for k in ("mean", "low", "high"))
    return difference_text(measure, *values)


def _reach(scenarios: list[dict], measure: str) -> float:
    """How far the axis reaches either side of 0: past every row but the far-off ones."""
    reaches = []
    for scenario in scenarios:
        ends = [scenario["pooled"][measure]]
        ends += [run["measures"][measure]["difference"] for run in scenario["runs"]]
        values = [abs(f[k]) for f in ends for k in ("mean", "low", "high") if f.get(k) is not None]
        if values:
            reaches.append(max(values))
    if not reaches:
        return 1.0
    ordered = sorted(reaches)
    typical = ordered[len(ordered) // 2] or max(ordered) or 1.0
    inside = [r for r in reaches if r <= _OUTLIER * typical] or reaches
    reach = max(inside)
    return reach if reach > 0 and math.isfinite(reach) else 1.0


def arm_forest(
    results: Any,
    arm: str,
    measure: str = "gini_net_worth",
    scenarios: list[str] | None = None,
    ax: Axes | None = None,
) -> Figure:
    """The forest plot of one measure and one arm of the second grid's results.

    Each row is a scenario (by default every one): each seed's 95% interval of
    the paired difference thin, all seeds' pairs thick, coloured and marked by
    the verdict, with the verdict and its size in words at the right ("holds,
    but tiny"). A Gini that debts made undefined, or larger than 1, in some of
    a row's games is not drawn as a number: the row says so and points to the
    Gini with debts counted as nothing.

    Parameters
    ----------
    results : landlord.claim.arms.ArmResults
        The second grid's results (:func:`landlord.claim.shipped_results` with 2).
    arm : str
        An arm of the grid (``"as_printed"``, ``"money_neutral"``, ...).
    measure : str
        A measure of the grid.
    scenarios : list of str, optional
        The scenarios' ids, in the order to draw them (top first).
    ax : matplotlib.axes.Axes, optional
        Where to draw; a new Figure when not given.

    Returns
    -------
    matplotlib.figure.Figure
        The figure; each row's artists have the scenario id as gid.
    """
    grid = results.grid
    chosen = next((m for m in grid.measures if m.name == measure), None)
    if chosen is None:
        names = ", ".join(m.name for m in grid.measures)
        raise ValueError(f"no measure {measure!r} in these results (measures: {names})")
    if arm not in {a.id for a in grid.arms}:
        raise ValueError(f"no arm {arm!r} in these results")
    rows_of = [results.scenario(s) for s in scenarios] if scenarios else results.scenarios
    rows = len(rows_of)
    ax = _new_axes(ax, (9.5, 1.4 + 0.46 * rows), layout="constrained")
    _style(ax, grid="x")
    cells = [scenario["arms"][arm]["measures"][measure] for scenario in rows_of]
    unread = [results.unread(scenario, arm, measure) for scenario in rows_of]
    reach = _cells_reach([c for c, u in zip(cells, unread, strict=True) if not u])
    seeds = len(grid.seeds)
    for row, (scenario, cell, why) in enumerate(zip(rows_of, cells, unread, strict=True)):
        y = rows - 1 - row
        said = cell["verdict"]
        colour, marker = VERDICT_STYLE[said]
        words = f"{said}, {cell['size']}" if said != "reported" else cell["size"]
        if said == "holds" and cell["size"] == "tiny":
            words = "holds, but tiny"
        if not cell["pooled"]["differed"]:
            words, colour = "no difference", VERDICT_STYLE["cannot be told"][0]
        if why:
            short = why.split(" (")[0] + ": not drawn; judged on the other pairs"
            ax.text(0.02, (y + 0.5) / rows, short, transform=ax.transAxes, ha="left",
                    va="center", fontsize=SMALL, color=colour, gid=scenario["id"])  # fmt: skip
        else:
            for index, figures in enumerate(cell["seeds"]):
                offset = 0.34 - 0.42 * index / max(seeds, 1)
                _interval(ax, figures, y + offset, reach, (colour, marker), 1.6, 5, scenario["id"])
            _interval(
                ax, cell["pooled"], y - 0.22, reach, (colour, marker), 4.0, 9, scenario["id"]
            )
        ax.text(1.01, (y + 0.5) / rows, words, transform=ax.transAxes, color=colour,
                fontsize=SMALL, va="center", ha="left", gid=scenario["id"])  # fmt: skip
    ax.axvline(0.0, color=INK, linewidth=1.2, zorder=1)
    ax.set_ylim(-0.7, rows - 0.3)
    ax.set_yticks(range(rows))
    mixes = {mix.id: mix.short for mix in grid.mixes}
    labels = [mixes.get(s["mix"], s["short"]) if scenarios else s["short"] for s in rows_of]
    ax.set_yticklabels(labels[::-1], fontsize=SMALL)
    ax.set_xlim(-reach * 1.08, reach * 1.08)
    arm_words = next(a for a in grid.arms if a.id == arm)
    side = {"lower": "left", "higher": "right"}.get(chosen.claim)
    claimed = (
        f"Magie claimed the single tax's is {chosen.claim} ({side} of 0)"
        if side
        else "no claim: reported only"
    )
    ax.set_xlabel(
        f"{arm_words.short}: pair by pair, 95% intervals, each seed thin, all seeds thick\n"
        f"{claimed}",
        fontsize=SMALL,
    )
    title = chosen.words[:1].upper() + chosen.words[1:]
    if scenarios and rows_of:
        first = rows_of[0]
        moment = next(m for m in grid.lengths if m.id == first["length"])
        title += f": {first['players']} players, {moment.short or moment.id}"
    _title(ax, title)
    ax.tick_params(axis="y", length=0)
    return ax.figure


def _cells_reach(cells: list[dict]) -> float:
    """How far the axis reaches either side of 0 for these cells."""
    values = [
        abs(figures[k])
        for cell in cells
        for figures in (cell["pooled"], *cell["seeds"])
        for k in ("mean", "low", "high")
        if figures.get(k) is not None
    ]
    reach = max(values, default=1.0)
    return reach if reach > 0 and math.isfinite(reach) else 1.0
