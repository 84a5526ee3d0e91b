"""What if we kept playing? A game's continuations as fan charts, in plain HTML and SVG.

:func:`landlord.continuations` plays a class's game on, many times, under the
rules as played and under Magie's single tax from the next round. This module
shows what came of it, with no widget package, so that the Voila apps (in an
``ipywidgets.HTML``) and the class server's pages show the same panel: for
each of four measures a fan chart (the median of the continuations and the
bands that hold the middle 50% and 90% of them, round by round, from the
class's own game up to the round it stands at) whose title states what it
shows, and under it the same in words, for a screen reader and for anyone
reading a projector from the back of the room.

The four measures lead with what moves in a lesson: where the land rent goes
and how the poorest player fares, then the gap between players in dollars and
the Gini of net worth (with debts counted as nothing when some player owes
more than he owns, which would push a Gini above 1).
"""

from __future__ import annotations

import html
import math
from collections.abc import Sequence
from typing import Any

from landlord.money import money

__all__ = ["MEASURES", "fan_svg", "kept_playing_html", "measure_words"]

#: The fan charts, in the panel's order: (measure, what it is, form).
MEASURES = (
    ("land_rent_share_to_players", "share of all land rent so far that went to players", "%"),
    ("poorest_net_worth", "the poorest player's net worth", "money"),
    ("dollar_gap", "the gap between two players' net worths", "money"),
    ("gini_net_worth", "the Gini of net worth", "gini"),
)
#: Each continuation's colour (Okabe-Ito) and dashes, so that print and colour-blind
#: eyes tell them apart; a variant not named here takes the last.
STYLES = {
    "as_played": ("#D55E00", ""),
    "single_tax": ("#009E73", "7 4"),
    "money_neutral": ("#0072B2", "2 3"),
}
INK = "#1A1A1A"
FONT = "Arial, 'Liberation Sans', Helvetica, sans-serif"


def _style(label: str) -> tuple[str, str]:
    return STYLES.get(label, ("#555555", "4 2"))


def _value(value: float, form: str, currency: str = "$") -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "undefined"
    if form == "money":
        return money(value, currency)
    if form == "%":
        return f"{value:.0%}"
    return f"{value:.2f}"


def _gini_measure(result: Any) -> tuple[str, str]:
    """The Gini shown: of net worth, or with debts counted as nothing when the bands would
    climb above 1 (some player owes more than he owns)."""
    fan = result.fans("gini_net_worth")
    if (fan["p95"] > 1).any() or fan["p95"].isna().any():
        return "gini_clipped", "the Gini of net worth, debts counted as nothing"
    return "gini_net_worth", "the Gini of net worth"


def measure_words(result: Any, measure: str, words: str, form: str) -> tuple[str, str]:
    """A fan chart's title, stating what it shows at the last round, and its figures in
    words: each continuation's median and the range of its middle 90% at the last round.

    Returns ``(title, text)``.
    """
    fan = result.fans(measure)
    names = _names(result)
    currency = result.parameters["rules"][0].get("currency", "$")
    last = int(fan["round"].max())
    parts, medians = [], {}
    for label, frame in fan.groupby("label", sort=False):
        row = frame[frame["round"] == last].iloc[0]
        medians[label] = row["p50"]
        parts.append(
            f"{names[label]}: {_value(row['p50'], form, currency)} (the middle 90% of "
            f"continuations from {_value(row['p5'], form, currency)} to "
            f"{_value(row['p95'], form, currency)})"
        )
    start = result.parameters["continued_from"]
    now = start.get("now", {}).get(measure)
    text = (
        f"{words[:1].upper()}{words[1:]}: {_value(now, form, currency)} now, as your game "
        f"stands in round {start['round']}. At round {last}, the medians: {'; '.join(parts)}."
    )
    labels = list(medians)
    first = labels[0]
    shown = _value(medians[first], form, currency)
    title = f"{words[:1].upper()}{words[1:]} by round {last}: {shown} as played"
    for label in labels[1:]:
        title += f", {_value(medians[label], form, currency)} {_short(names[label])}"
    return title, text


def fan_svg(
    result: Any, measure: str, title: str, form: str, width: int = 440, height: int = 230
) -> str:
    """One measure's fan chart: per continuation, the median line and the bands of the
    middle 50% and 90%, over the rounds, with the round the game stands at marked."""
    fan = result.fans(measure)
    start = result.parameters["continued_from"]["round"]
    currency = result.parameters["rules"][0].get("currency", "$")
    left, right, top, bottom = 58, 96, 10, 30
    inner_w, inner_h = width - left - right, height - top - bottom
    last = int(fan["round"].max())
    low = float(min(fan["p5"].min(skipna=True), 0.0))
    high = float(fan["p95"].max(skipna=True))
    if form in ("%", "gini"):
        high = max(high, 1.0 if form == "%" else 0.5)
    if not high > low:
        high = low + 1.0

    def x(round_: float) -> float:
        return left + inner_w * round_ / max(last, 1)

    def y(value: float) -> float:
        return top + inner_h * (1 - (value - low) / (high - low))

    parts = []
    for value in _ticks(low, high):
        parts.append(
            f"<line x1='{left}' x2='{width - right}' y1='{y(value):.1f}' y2='{y(value):.1f}' "
            f"stroke='#ddd'/><text x='{left - 5}' y='{y(value) + 4:.1f}' text-anchor='end' "
            f"font-size='12'>{html.escape(_value(value, form, currency))}</text>"
        )
    parts.append(
        f"<line x1='{x(start):.1f}' x2='{x(start):.1f}' y1='{top}' y2='{top + inner_h}' "
        f"stroke='{INK}' stroke-width='1' stroke-dasharray='3 3'/>"
        f"<text x='{x(start) + 4:.1f}' y='{top + 12}' font-size='12'>now</text>"
    )
    ends = []
    for label, frame in fan.groupby("label", sort=False):
        colour, dashes = _style(label)
        frame = frame[frame[["p5", "p25", "p50", "p75", "p95"]].notna().all(axis=1)]
        if frame.empty:
            continue  # undefined in every round (no land rent paid yet, say)
        rounds = frame["round"].to_numpy()
        for lo, hi, opacity in (("p5", "p95", 0.12), ("p25", "p75", 0.22)):
            upper = " ".join(
                f"{x(r):.1f},{y(v):.1f}" for r, v in zip(rounds, frame[hi], strict=True)
            )
            lower = " ".join(
                f"{x(r):.1f},{y(v):.1f}"
                for r, v in zip(rounds[::-1], frame[lo].to_numpy()[::-1], strict=True)
            )
            parts.append(
                f"<polygon points='{upper} {lower}' fill='{colour}' fill-opacity='{opacity}' "
                "stroke='none'/>"
            )
        line = " ".join(
            f"{x(r):.1f},{y(v):.1f}" for r, v in zip(rounds, frame["p50"], strict=True)
        )
        dash = f" stroke-dasharray='{dashes}'" if dashes else ""
        parts.append(
            f"<polyline points='{line}' fill='none' stroke='{colour}' stroke-width='2.5'{dash}/>"
        )
        ends.append((y(float(frame["p50"].iloc[-1])), label, colour))
    names = _names(result)
    placed: list[float] = []
    for end, label, colour in sorted(ends):
        at = max([end, *(p + 14 for p in placed)])
        placed.append(at)
        parts.append(
            f"<text x='{width - right + 4}' y='{at + 4:.1f}' font-size='12' fill='{colour}' "
            f"font-weight='bold'>{html.escape(_short(names[label]))}</text>"
        )
    parts.append(
        f"<text x='{left}' y='{height - 8}' font-size='12'>round 0</text>"
        f"<text x='{left + inner_w}' y='{height - 8}' font-size='12' text-anchor='end'>"
        f"round {last}</text>"
    )
    return (
        f"<svg class='landlord-fan' viewBox='0 0 {width} {height}' width='100%' role='img' "
        f"aria-label='{html.escape(title, quote=True)}' font-family=\"{FONT}\" "
        f"xmlns='http://www.w3.org/2000/svg' style='max-width:{width}px;display:block'>"
        f"<title>{html.escape(title)}</title>{''.join(parts)}</svg>"
    )


def _ticks(low: float, high: float) -> list[float]:
    """Three or four round values across ``[low, high]`` for the grid lines."""
    span = high - low
    step = 10 ** math.floor(math.log10(span / 3)) if span > 0 else 1
    for multiple in (1, 2, 5, 10):
        if span / (step * multiple) <= 4:
            step *= multiple
            break
    first = math.ceil(low / step) * step
    return [first + k * step for k in range(int((high - first) / step) + 1)]


def _names(result: Any) -> dict[str, str]:
    """Each continuation in words, from its title: 'the rules as played', ..."""
    return {
        spec["label"]: spec["title"][:1].lower() + spec["title"][1:]
        for spec in result.parameters["rules"]
    }


def _short(name: str) -> str:
    """A continuation's name cut to the few words a chart's key or title has room for."""
    for prefix, short in (
        ("the rules as played", "as played"),
        ("the money-neutral single tax", "money-neutral"),
        ("the single tax", "single tax"),
    ):
        if name.startswith(prefix):
            return short
    return name.split(" (")[0]


def kept_playing_html(result: Any, heading: str = "h3") -> str:
    """The whole panel: what was played, a fan chart per measure with its title and
    words, and what to read into it (and what not)."""
    start = result.parameters["continued_from"]
    games = result.parameters["games"]
    names = _names(result)
    bots = _bot_words(result.parameters["players"])
    intro = (
        f"From round {start['round']} of your game, bots ({bots}) played on to round "
        f"{start['until_round']}, {games:,} times under each of: "
        + "; ".join(names[label] for label in result.labels)
        + ". Each time the dice were new, and the same for every set of rules, so the "
        "lines differ only by the rules. The thick line is the middle continuation (the "
        "median); the darker band holds the middle half of them, the lighter band 90%."
    )
    figures = []
    measures = list(MEASURES)
    gini, gini_words = _gini_measure(result)
    measures[-1] = (gini, gini_words, "gini")
    for measure, words, form in measures:
        title, text = measure_words(result, measure, words, form)
        figures.append(
            "<figure class='landlord-fan-figure' style='margin:0.4em 0;flex:1 1 420px;"
            "max-width:460px'>"
            f"<figcaption style='font-weight:bold;margin-bottom:0.2em'>{html.escape(title)}"
            f"</figcaption>{fan_svg(result, measure, title, form)}"
            f"<p style='margin:0.2em 0;font-size:0.95em'>{html.escape(text)}</p></figure>"
        )
    notes = [
        "What this can say: how your table's position tends to play on under each set of "
        "rules. What it cannot say: what your class would have done; bots play every seat.",
    ]
    if "money_neutral" in result.labels:
        notes.append(
            "Under the single tax as printed, each $50 the Treasury has left after buying the "
            "public goods raises wages by $10, paid by a bank that never runs out: the players "
            "get richer together. The money-neutral form shares the Treasury's money out "
            "instead and makes none, so a smaller gap there is not just more money for all."
        )
    return (
        f"<section class='landlord-kept-playing' aria-label='What if we kept playing?'>"
        f"<{heading} style='margin:0.3em 0'>What if we kept playing?</{heading}>"
        f"<p style='margin:0.3em 0'>{html.escape(intro)}</p>"
        f"<div style='display:flex;flex-wrap:wrap;gap:0 1.2em'>{''.join(figures)}</div>"
        + "".join(f"<p style='margin:0.3em 0'>{html.escape(note)}</p>" for note in notes)
        + "</section>"
    )


def _bot_words(players: Sequence[str]) -> str:
    counts: dict[str, int] = {}
    for name in players:
        words = name.replace("_", " ")
        counts[words] = counts.get(words, 0) + 1
    return ", ".join(f"{count} {name}{'s' if count > 1 else ''}" for name, count in counts.items())
