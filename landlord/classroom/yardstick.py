"""The class as an experiment: its tables beside 1,000 simulated paired games.

When the teacher assigns rule sets to tables (half the Landlord's Game, half
the single tax, pairs on the same dice), the class is a small experiment. A
handful of tables is mostly luck, so the dashboard sets them against a
yardstick: the same rule sets played by bots, 1,000 games each, paired
(game k of every rule set on the same dice), with the experiments app's
scorecard.

Every table is compared at one round: the last round that every started
table of the experiment has finished (a simulated game over before then
counts with its final figure). The dashboard shows, for each rule set, where
the simulated games' Gini of net worth falls at that round and where each
table is; and for the pairs, the difference (second rule set minus the
first) game by game. Nothing here is chosen to make a rule set look better:
the bots are the ones the teacher seated, the simulations' seed is fixed
(0), and where the class's tables disagree with the simulations, the
dashboard says so.
"""

from __future__ import annotations

import html
import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from landlord.classroom.tables import ClassTable
from landlord.classroom.views import gini_points

__all__ = ["SIMULATED_GAMES", "Yardstick", "experiment_html", "simulate"]

#: Games per rule set in the yardstick.
SIMULATED_GAMES = 1000
#: The simulations' seed (fixed: the yardstick does not move between lessons).
SIMULATION_SEED = 0


@dataclass
class Yardstick:
    """Simulated paired games: per rule set, the Gini of net worth by game and round."""

    rules: tuple[str, ...]
    seats: int
    bot: str
    games: int
    #: Per rule set: (games x rounds Gini, each game's number of rounds recorded).
    curves: dict[str, tuple[np.ndarray, np.ndarray]]
    #: Each rule set's title.
    names: dict[str, str]
    #: The experiments app's scorecard of these games (HTML).
    scorecard: str

    def at_round(self, rules: str, round_: int) -> np.ndarray:
        """Each simulated game's Gini at ``round_`` (its last one if it ended before)."""
        curve, lengths = self.curves[rules]
        column = np.minimum(round_, lengths - 1)
        return curve[np.arange(len(lengths)), column]


def simulate(
    rules: Sequence[str], seats: int, bot: str, games: int = SIMULATED_GAMES
) -> Yardstick:
    """Play the yardstick's games (about 10 s for 2 x 1,000 games on one core)."""
    from landlord.experiments import compare
    from landlord.views.summary import summary_html

    result = compare(list(rules), games=games, players=[bot] * seats, seed=SIMULATION_SEED)
    curves = {
        label: (np.asarray(curve, dtype=np.float32), np.asarray(lengths))
        for label, (curve, lengths) in result.gini_curves.items()
    }
    return Yardstick(
        tuple(rules),
        seats,
        bot,
        games,
        curves,
        dict(result.names),
        summary_html(result, bots=f"{bot.replace('_', ' ')} x{seats}"),
    )


def _gini_at(table: ClassTable, round_: int) -> float | None:
    for found, value in gini_points(table.game):
        if found == round_:
            return value
    return None


def _strip(
    values: np.ndarray,
    marks: list[tuple[str, float]],
    low: float,
    high: float,
    label: str,
    zero: bool = False,
) -> str:
    """A histogram of ``values`` with the class's ``marks`` (code, value) above it."""
    width, height, left, right = 560, 120, 20, 20
    bins = 28
    span = high - low or 1.0
    counts, edges = np.histogram(values, bins=bins, range=(low, high))
    tallest = counts.max() or 1

    def x(value: float) -> float:
        return left + (width - left - right) * (value - low) / span

    bars = "".join(
        f"<rect x='{x(edges[i]):.1f}' y='{100 - 60 * counts[i] / tallest:.1f}' "
        f"width='{x(edges[i + 1]) - x(edges[i]) - 1:.1f}' height='{60 * counts[i] / tallest:.1f}' "
        "fill='#9db4d6'/>"
        for i in range(bins)
        if counts[i]
    )
    sign = "+" if zero else ""  # a difference shows its sign
    ticks = "".join(
        f"<line x1='{x(v):.1f}' x2='{x(v):.1f}' y1='100' y2='105' stroke='#333'/>"
        f"<text x='{x(v):.1f}' y='117' font-size='11' text-anchor='middle'>{v:{sign}.2f}</text>"
        for v in np.linspace(low, high, 5)
    )
    zero_line = (
        f"<line x1='{x(0):.1f}' x2='{x(0):.1f}' y1='30' y2='100' stroke='#333' "
        "stroke-dasharray='3 3'/>"
        if zero and low < 0 < high
        else ""
    )
    points = "".join(
        f"<path d='M{x(v):.1f},36 l-6,-10 h12 z' fill='#c0392b'/>"
        f"<text x='{x(v):.1f}' y='{20 - 10 * (n % 2)}' font-size='11' "
        f"text-anchor='middle'>{html.escape(code)}</text>"
        for n, (code, v) in enumerate(marks)
    )
    return (
        f"<svg viewBox='0 0 {width} {height}' role='img' aria-label='{html.escape(label, True)}' "
        f"class='strip' xmlns='http://www.w3.org/2000/svg'><title>{html.escape(label)}</title>"
        f"<line x1='{left}' x2='{width - right}' y1='100' y2='100' stroke='#333'/>"
        f"{bars}{zero_line}{points}{ticks}</svg>"
    )


def _where(values: np.ndarray, value: float) -> str:
    share = float(np.mean(values < value))
    return f"above {share:.0%} of the simulated games"


def _describe(values: np.ndarray) -> str:
    low, middle, high = np.quantile(values, [0.025, 0.5, 0.975])
    return f"median {middle:.3f}, middle 95% from {low:.3f} to {high:.3f}"


def experiment_html(yardstick: Yardstick | None, tables: Sequence[ClassTable], busy: str) -> str:
    """The dashboard's panel: the class's tables against the yardstick (see the module)."""
    if yardstick is None:
        return f"<p>{html.escape(busy)}</p>" if busy else ""
    rules = yardstick.rules
    names = yardstick.names
    started = [
        table
        for table in tables
        if table.started
        and table.spec["rules"] in rules
        and table.spec["seats"] == yardstick.seats
    ]
    rounds = [table.game.round - (0 if table.is_over else 1) for table in started]
    bot = html.escape(yardstick.bot.replace("_", " "))
    parts = [
        "<p>The yardstick: "
        f"{yardstick.games:,} games of each rule set, played by bots "
        f"({bot} in each of the {yardstick.seats} seats), "
        "game k of each on the same dice. The class's tables have people at them, so the "
        "bots' games are a yardstick, not a forecast.</p>"
    ]
    if not started or min(rounds) < 1:
        parts.append(
            "<p>No table has finished a round yet: the class's tables show here then.</p>"
        )
        parts.append(_folded_scorecard(yardstick))
        return "".join(parts)
    at = min(rounds)
    parts.append(
        f"<p>Compared at <b>round {at}</b>, the last round every started table has finished.</p>"
    )
    values: dict[str, np.ndarray] = {r: yardstick.at_round(r, at) for r in rules}
    top = max(0.6, *(float(v.max()) for v in values.values()))
    class_values: dict[str, list[tuple[str, float]]] = {r: [] for r in rules}
    for table in started:
        value = _gini_at(table, at)
        if value is not None:
            class_values[table.spec["rules"]].append((table.code, value))
    for rules_id in rules:
        marks = class_values[rules_id]
        title = names.get(rules_id, rules_id)
        said = "; ".join(
            f"table {code}: {value:.3f}, {_where(values[rules_id], value)}"
            for code, value in marks
        )
        label = (
            f"{title}: Gini of net worth at round {at} in the simulated games "
            f"({_describe(values[rules_id])}); the class's tables: {said or 'none yet'}"
        )
        parts.append(
            f"<h4>{html.escape(title)}</h4>{_strip(values[rules_id], marks, 0.0, top, label)}"
            f"<p class='said'>{html.escape(label)}.</p>"
        )
    if len(rules) >= 2:
        parts.append(_pairs(yardstick, started, values, at))
    parts.append(_folded_scorecard(yardstick))
    return "".join(parts)


def _pairs(
    yardstick: Yardstick, started: list[ClassTable], values: dict[str, np.ndarray], at: int
) -> str:
    first, second = yardstick.rules[:2]
    names = yardstick.names
    simulated = values[second] - values[first]
    pairs: dict[str, dict[str, ClassTable]] = {}
    for table in started:
        if table.spec.get("pair"):
            pairs.setdefault(table.spec["pair"], {})[table.spec["rules"]] = table
    marks = []
    for pair, members in pairs.items():
        if first in members and second in members:
            a, b = _gini_at(members[first], at), _gini_at(members[second], at)
            if a is not None and b is not None:
                marks.append((f"{members[first].code}/{members[second].code}", b - a, pair))
    low = min(-0.3, float(simulated.min()))
    high = max(0.3, float(simulated.max()))
    mean = float(simulated.mean())
    half = 1.96 * float(simulated.std(ddof=1)) / math.sqrt(len(simulated))
    words = (
        f"{names.get(second, second)} minus {names.get(first, first)}, game by game on the same "
        f"dice, at round {at}: the simulated pairs' mean difference is {mean:+.3f} "
        f"(95% interval {mean - half:+.3f} to {mean + half:+.3f}); {_describe(simulated)}"
    )
    said = "; ".join(
        f"{pair} ({codes}): {value:+.3f}, {_where(simulated, value)}"
        for codes, value, pair in marks
    )
    text = [f"{words}. The class's pairs: {said or 'none has both tables started'}."]
    if marks:
        lower = sum(value < 0 for _, value, _ in marks)
        text.append(
            f"In {lower} of the class's {len(marks)} pairs the second rule set ended lower. "
            "With so few pairs, luck decides much of this: read the simulated "
            "interval, not one pair."
        )
        direction = mean < 0
        against = [pair for _, value, pair in marks if (value < 0) != direction and value != 0]
        if against:
            text.append(
                f"{len(against)} of the class's pairs went against the simulations' mean "
                f"({', '.join(against)}): that happens in "
                f"{float(np.mean((simulated < 0) != direction)):.0%} of simulated pairs."
            )
    return (
        f"<h4>The pairs: the difference</h4>"
        f"{_strip(simulated, [(codes, v) for codes, v, _ in marks], low, high, words, True)}"
        + "".join(f"<p class='said'>{html.escape(line)}</p>" for line in text)
    )


def _folded_scorecard(yardstick: Yardstick) -> str:
    return (
        "<details><summary>The simulated games' scorecard (as the experiments app shows it)"
        f"</summary>{yardstick.scorecard}</details>"
    )
