"""The experiments dashboard: many games under several rule sets, and what they show.

:class:`ExperimentsApp` opens on Magie's claim tested over the declared grid
of scenarios, from results shipped with the kit (nothing to wait for), then
lets a class choose rule sets, a table of bots, a
number of games and a seed, press *Run*, and see what
:func:`landlord.experiments.compare` finds: the summary table, the final
Gini of every game, the mean Gini round by round with its band, how long the
games lasted, a reading of the main numbers aloud, and links that
download the tables as CSV files (``data:`` links, so they work in Voila with
no file on the server).

The reading (:func:`reading`) says the size of each difference before its
verdict (tiny, small, medium or large, by the bounds the claim's grid declared
before its results), the Gini beside the gap in dollars, and, when a run is too
small to tell a difference from 0, why, and about how many pairs would
(:func:`pairs_needed`); a button then plays them, as many as the app allows.
"Also compare at round" reads every measure at a round common to every rule
set as well as at each game's end.

Game k of every rule set is played from the same seed, so the differences are
the rules', not the dice's (see :mod:`landlord.experiments`). The widgets only
gather the settings, check them and show what the library returns; the rules
themselves are decided by the engine.

Importing this module imports neither ipywidgets nor matplotlib nor pandas:
they are imported when an app is made and when it runs.
"""

from __future__ import annotations

import html
import math
import shlex
import time
from collections.abc import Iterable, Sequence
from typing import Any

from landlord import batch
from landlord.money import money
from landlord.rules import load_rules
from landlord.table import rule_set_menu
from landlord.views.downloads import columns_html, csv_link
from landlord.views.summary import summary_html

__all__ = [
    "AT_ROUNDS",
    "BOTS",
    "MOST_GAMES",
    "ExperimentsApp",
    "experiment_specs",
    "games_limit",
    "games_problem",
    "pairs_needed",
    "pairs_to_tell",
    "reading",
    "rule_set_menu",
]

#: The tables of bots the app offers: (menu text, bot mix for
#: :func:`landlord.experiments.bot_mix`, seated in turn round the table).
BOTS = (
    ("eager landlords", "eager_landlord"),
    ("cautious tenants", "cautious_tenant"),
    ("single-taxers", "single_taxer"),
    ("strategy guides", "strategy_guide"),
    ("random players", "random"),
    ("eager landlords and cautious tenants", "eager_landlord+cautious_tenant"),
)
#: The rule sets ticked when the app opens.
DEFAULT_RULES = ("landlords_game", "single_tax")
#: The most games per rule set the games box takes.
MOST_GAMES_PER_RULE_SET = 5000
#: The most games in one run, all rule sets together. Four eager landlords play
#: some 400 games a second on one core (random players a quarter of that), so
#: 6,000 games take about 15 s, and the per-player download stays near 7 MB.
MOST_GAMES = 6000
#: The seats a table may have (the rule sets themselves allow 2 to 4).
SEATS = (2, 4)
#: The largest seed: a browser holds whole numbers exactly up to 2**53 - 1.
MOST_SEED = 2**53 - 1
#: The options of "play on": no end at the fifth wage, a 100-round limit (each set on
#: the rule sets that declare it: the later game's have no wages end).
LONG_RUN = {"wages_times": 0, "round_limit": 100}
#: The option the land-value-tax dial sets (a modern extension).
DIAL = "land_value_tax"
#: How many times at most the progress bar is moved during a run.
PROGRESS_STEPS = 100
#: The colour of a message that says why nothing was run.
PROBLEM = "#B00020"
#: The land-value-tax dial's settings: every twentieth of the land rent, 0 to 1.
DIAL_STEPS = tuple(round(step / 20, 2) for step in range(21))


# --- What the widgets offer and send --------------------------------------------------


def _facts(rules_id: str) -> dict[str, Any]:
    """What the app needs to know of a registered rule set: title, status, options."""
    rule_set = load_rules(rules_id)
    single_tax = rule_set.single_tax
    return {
        "title": rule_set.info.title,
        "status": rule_set.info.status,
        "options": set(rule_set.options),
        # Land rent is private at the start unless the data puts the single tax
        # in force from the first turn; only then does the dial change anything.
        "private_rent": not (single_tax and single_tax.from_start),
    }


def experiment_specs(
    rules: Iterable[str], land_value_tax: float = 0.0, long_run: bool = False
) -> list[tuple[str, dict[str, Any]]]:
    """The rule specs to compare: each rule set with the options the app sets on it.

    Parameters
    ----------
    rules : iterable of str
        Registered rule set ids, the first being the one the others are
        measured against.
    land_value_tax : float
        The modern land-value-tax dial, 0 to 1. Above 0 it is set on the rule
        sets that declare the option and start with private land rent (the
        Landlord's Game); under the single tax all land rent goes to the
        Treasury already, and the option would change nothing there.
    long_run : bool
        Turn off the end at the fifth wage and stop at round 100
        (:data:`LONG_RUN`), each on the rule sets that declare it (the
        later game's rule sets have a round limit but no wages end).

    Returns
    -------
    list of (str, dict)
        ``(id, options)`` pairs for :func:`landlord.experiments.compare`.

    Examples
    --------
    >>> experiment_specs(["landlords_game", "prosperity"], land_value_tax=0.5)
    [('landlords_game', {'land_value_tax': 0.5}), ('prosperity', {})]
    >>> for spec in experiment_specs(["landlords_game", "monopoly_us"], long_run=True):
    ...     print(spec)
    ('landlords_game', {'wages_times': 0, 'round_limit': 100})
    ('monopoly_us', {'round_limit': 100})
    """
    specs = []
    for rules_id in rules:
        facts = _facts(rules_id)
        options: dict[str, Any] = {}
        if long_run:
            options.update({k: v for k, v in LONG_RUN.items() if k in facts["options"]})
        if land_value_tax > 0 and DIAL in facts["options"] and facts["private_rent"]:
            options[DIAL] = land_value_tax
        specs.append((rules_id, options))
    return specs


# --- What the results say -------------------------------------------------------------


def _name(spec: dict[str, Any], common: dict[str, Any]) -> str:
    """A rule spec of a comparison in words: its title, then the options it alone sets."""
    name = spec["title"]
    own = {key: value for key, value in spec["options"].items() if key not in common}
    if own:
        name += f" ({_options_text(own)})"
    if set(spec.get("modern_options") or ()) & set(own):
        name += " (a modern extension)"
    return name


def _options_text(options: dict[str, Any]) -> str:
    """Options in words: ``wages times 0, round limit 100``."""
    from landlord.experiments import option_words

    return ", ".join(option_words(key, value) for key, value in options.items())


#: The measures the reading reads, pair by pair: the relative one (shares of the total),
#: then the absolute one (money between two players), each with its words.
READ_MEASURES = (
    ("gini_net_worth", "Gini of net worth"),
    ("dollar_gap", "gap between two players' net worths"),
)
#: How the reading names each measure when it says how many pairs it needs.
READ_SHORT = {"gini_net_worth": "the Gini's", "dollar_gap": "the gap's"}
#: The normal quantile of a 95% interval: a difference of mean m whose pairs spread by s
#: is told from 0 by about (1.96 s / m)^2 pairs.
Z95 = 1.96
#: Above this many pairs the reading says "more than a million" rather than a number.
MOST_PAIRS_SAID = 1_000_000
#: The common rounds the app offers, besides each game's end (menu "Also compare at round").
AT_ROUNDS = (10, 25, 50)


def pairs_needed(mean: float, sd: float, played: int = 0) -> int | None:
    """About how many pairs of games tell a mean paired difference from 0.

    The interval of a mean narrows as the square root of the number of pairs, so a
    difference of mean ``mean`` whose pairs spread by ``sd`` (their standard deviation)
    is told from 0 by about ``(1.96 * sd / |mean|) ** 2`` pairs. That is rounded up to a
    round number (two figures, at least 10), and never fewer than one more than the
    ``played`` pairs, whose interval did not tell it.

    Parameters
    ----------
    mean, sd : float
        The mean of the pairs' differences and their standard deviation.
    played : int
        The pairs already played.

    Returns
    -------
    int or None
        None when the mean is 0 or either figure is undefined: no number of pairs tells
        a difference of 0 from 0.

    Examples
    --------
    >>> pairs_needed(-0.009, 0.088)  # (1.96 * 0.088 / 0.009) ** 2 is 367.3
    370
    >>> pairs_needed(0.001, 0.0885)  # 30,089
    31000
    >>> pairs_needed(0.5, 1.0), pairs_needed(0.05, 0.1, played=200), pairs_needed(0.0, 1.0)
    (20, 210, None)
    """
    if not mean or math.isnan(mean) or math.isnan(sd):
        return None
    return max(_round_up((Z95 * sd / abs(mean)) ** 2), _round_up(played + 1))


def _round_up(count: float) -> int:
    """``count`` rounded up to two figures, and to at least 10: 367.3 -> 370, 30,089 ->
    31,000."""
    whole = max(1, math.ceil(count - 1e-9))
    step = 10 ** max(1, len(str(whole)) - 2)
    return -(-whole // step) * step


def _grid_pairs() -> int:
    """The pairs of games the claim's grid played per scenario: its games times its seeds."""
    from landlord.claim.grid import GRID_V2_PATH, load_grid

    grid = load_grid(GRID_V2_PATH)
    return grid.games * len(grid.seeds)


def _paired(result: Any, label: str, column: str) -> Any:
    """The game-by-game differences of ``column`` between rule set ``label`` and the first,
    where both are defined (a numpy array); None when the games lack the column."""
    import numpy as np

    games = result.games
    if column not in games.columns:
        return None
    first = games.loc[games["label"] == result.labels[0]].set_index("game")[column]
    other = games.loc[games["label"] == label].set_index("game")[column]
    differences = (other - first).to_numpy(dtype=float)
    return differences[~np.isnan(differences)]


def _difference(result: Any, label: str, column: str) -> dict[str, Any] | None:
    """What the reading says of one paired difference: the summary's mean and interval,
    the pairs (how many, the share on the mean's side, ties), the size in a word, whether
    the interval tells it from 0 and, if not, the pairs it needs; None without pairs."""
    from landlord.claim.grid import declared_sizes
    from landlord.claim.verdicts import size_of

    pairs = _paired(result, label, column)
    key = f"{column}_difference"
    if pairs is None or not len(pairs) or key not in result.summary.columns:
        return None
    row = result.summary.loc[label]
    mean, low, high = (float(row[f"{key}{end}"]) for end in ("", "_low", "_high"))
    lower, higher = float((pairs < 0).mean()), float((pairs > 0).mean())
    ties = 1.0 - lower - higher
    if mean:
        side = "lower" if mean < 0 else "higher"
    else:
        side = "lower" if lower >= higher else "higher"
    share = lower if side == "lower" else higher
    told = None if math.isnan(low) else bool(low > 0 or high < 0)
    spread = float(pairs.std(ddof=1)) if len(pairs) > 1 else math.nan
    return {
        "mean": mean,
        "low": low,
        "high": high,
        "pairs": len(pairs),
        "games": int(row["games"]),
        "side": side,
        "share": share,
        "ties": ties,
        "size": size_of(share + ties / 2, declared_sizes()),
        "told": told,
        "differed": bool((pairs != 0).any()),
        "needed": pairs_needed(mean, spread, len(pairs)) if told is False else None,
    }


def _difference_words(
    said: dict[str, Any], subject: str, than: str, money_unit: str | None, level: str
) -> str:
    """One paired difference in words, size first, then the figures, then the verdict:
    "SUBJECT is 0.009 lower on average THAN, lower in 53% of the 200 pairs: a tiny
    difference (95% interval -0.020 to +0.002), which these games cannot tell from 0."
    ``money_unit``: the currency of a sum of money (None: a Gini, to three places)."""

    def shown(value: float, sign: bool) -> str:
        if money_unit is not None:
            return money(value, money_unit, sign=sign)
        return f"{value:+.3f}" if sign else f"{value:.3f}"

    def amount_of(value: float) -> str:
        """A mean difference's size, never a zero that is not one: "less than 0.001"."""
        least = 0.5 if money_unit is not None else 0.0005
        if abs(value) < least:
            return f"less than {money(1, money_unit) if money_unit is not None else '0.001'}"
        return shown(abs(value), False)

    pairs = f"{said['pairs']:,} pair{'s' if said['pairs'] != 1 else ''}"
    if said["pairs"] < said.get("games", said["pairs"]):
        pairs += " where it is defined"
    if not said["differed"]:
        return f"{subject} is the same in every one of the {pairs}: no pair of games differed."
    mean, side = said["mean"], said["side"]
    if mean:
        amount = f"{amount_of(mean)} {side} on average{than}"
    else:
        amount = f"the same on average{than.replace(' than ', ' as ', 1)}"
    ties = f"the same in {said['ties']:.0%}" if said["ties"] >= 0.005 else ""
    other = 1.0 - said["share"] - said["ties"]
    share = f"{side} in {said['share']:.0%} of the {pairs}"
    if other > said["share"]:  # a few large differences outweigh many the other way
        against = f"{'higher' if side == 'lower' else 'lower'} in {other:.0%}"
        share = (
            share.replace(" in ", " in only ", 1)
            + f" ({', '.join(filter(None, (against, ties)))})"
        )
    elif ties:
        share += f", {ties}"
    head = f"{subject} is {amount}, {share}"
    if said["told"] is None:
        return f"{head}: a {said['size']} difference, with too few pairs for an interval."
    interval = f"{level} interval {shown(said['low'], True)} to {shown(said['high'], True)}"
    verdict = (
        "which these games tell from 0: it is unlikely to be luck"
        if said["told"]
        else "which these games cannot tell from 0"
    )
    return f"{head}: a {said['size']} difference ({interval}), {verdict}."


def _apart_words(result: Any, label: str, gini: dict, gap: dict, suffix: str) -> str:
    """A plain sentence when the Gini and the gap in money move opposite ways and the games
    tell both from 0 ("" if not): the players richer together but further apart in dollars,
    or poorer together but closer."""
    if not (gini["told"] and gap["told"]) or (gini["mean"] < 0) == (gap["mean"] < 0):
        return ""
    total = _difference(result, label, f"total_wealth{suffix}")
    unit = _currency(result, label)
    if gini["mean"] < 0:
        together = "richer together" if not total or total["mean"] > 0 else "more equal"
        apart = f"{together} but further apart in dollars"
        why = "the shares of the total are more equal, yet the dollars between two players grew"
    else:
        together = "poorer together" if not total or total["mean"] < 0 else "less equal"
        apart = f"{together} but closer in dollars"
        why = "the shares of the total are less equal, yet the dollars between two players shrank"
    if total and total["mean"]:
        why += (
            f" (their net worth together is {money(abs(total['mean']), unit)} "
            f"{'higher' if total['mean'] > 0 else 'lower'} on average)"
        )
    return f"So the players are {apart}: {why}."


def _why_words(
    needs: list[tuple[str, int | None]], played: int, first: bool, moment: str = ""
) -> str:
    """Why the played pairs cannot tell a difference from 0, and how many would: ``needs``
    pairs each undetermined measure (its short name) with the pairs it needs (None: its
    mean is 0). ``first``: the reading's first such sentence, which says why; a later one
    says ``moment`` ("At round 25") if any."""
    counted = [
        (name, "more than a million" if n > MOST_PAIRS_SAID else f"about {n:,}")
        for name, n in needs
        if n is not None
    ]
    if counted:
        (name, pairs), *others = counted
        said = [f"{name} needs {pairs} pairs to be told from 0", *map(" ".join, others)]
        sizes = f"a difference the size of {', '.join(said)}"
    else:
        sizes = "a difference of exactly 0 on average cannot be told from 0 by any number of pairs"
    if first:
        return (
            f"Why {played:,} pairs cannot tell: the interval narrows only as the square root of "
            "the number of pairs (four times as many pairs make it half as wide), and with "
            f"pairs as spread out as these {sizes}; the claim's grid played "
            f"{_grid_pairs():,} pairs per scenario."
        )
    return f"{moment or 'Here'}, likewise, {sizes}."


def _currency(result: Any, label: str) -> str:
    for spec in result.parameters["rules"]:
        if spec["label"] == label:
            return spec.get("currency", "$")
    return "$"


def _read(result: Any) -> tuple[list[str], list[int]]:
    """The reading's lines, and the pairs each difference it could not tell from 0 needs."""
    summary = result.summary
    specs = result.parameters["rules"]
    level = f"{result.parameters.get('level', 0.95):.0%}"
    at_round = result.parameters.get("at_round")
    # Options every rule set was played with are said once, at the end.
    common = dict(specs[0]["options"])
    for spec in specs[1:]:
        theirs = spec["options"]
        common = {k: v for k, v in common.items() if k in theirs and theirs[k] == v}
    after = [f"Every rule set was played with {_options_text(common)}."] if common else []
    when = [result.when_words()] if hasattr(result, "when_words") else []
    first = specs[0]
    if len(specs) == 1:
        row = summary.loc[first["label"]]
        lines = []
        moments = [("", "the final Gini of net worth")]
        if at_round is not None:
            moments.append(("_at_round", f"at the end of round {at_round} it"))
        for suffix, subject in moments:
            column = f"gini_net_worth{suffix}"
            if column not in summary.columns:
                continue
            mean, low, high = (row[f"{column}{end}"] for end in ("", "_low", "_high"))
            interval = (
                f" ({level} interval {low:.3f} to {high:.3f})"
                if not math.isnan(low)
                else " (too few games for an interval)"
            )
            if suffix:
                lines.append(f"At the end of round {at_round} it is {mean:.3f}{interval}.")
            else:
                lines.append(
                    f"Under {_name(first, {})} {subject} is {mean:.3f} on average{interval}, "
                    f"over {int(row['games'])} games: 0 is everyone equally rich."
                )
        return lines + when + after, []
    lines: list[str] = []
    needs_all: list[int] = []
    explained = False
    moments = [("", "")]
    if at_round is not None:
        moments.append(("_at_round", f"At the end of round {at_round}, "))
    said_when = {"": "", "_at_round": f"At round {at_round}"}
    for spec in specs[1:]:
        label = spec["label"]
        than = f" than under {_name(first, common)}"
        played = int(summary.loc[label, "games"])
        for suffix, moment in moments:
            said = {
                column: _difference(result, label, f"{column}{suffix}")
                for column, _ in READ_MEASURES
            }
            needs = []
            for number, (column, words) in enumerate(READ_MEASURES):
                one = said[column]
                if one is None:
                    continue
                final = "" if suffix else "final "
                if number == 0:
                    subject = f"{moment}under {_name(spec, common)} the {final}{words}"
                    subject = subject[0].upper() + subject[1:]
                    lines.append(_difference_words(one, subject, than, None, level))
                else:
                    subject = f"{moment}the {final}{words}"
                    subject = subject[0].upper() + subject[1:]
                    unit = _currency(result, label)
                    lines.append(_difference_words(one, subject, "", unit, level))
                if one["told"] is False and one["differed"]:
                    needs.append((READ_SHORT[column], one["needed"]))
            gini, gap = said["gini_net_worth"], said["dollar_gap"]
            if gini and gap:
                apart = _apart_words(result, label, gini, gap, suffix)
                if apart:
                    lines.append(apart)
            if needs:
                lines.append(_why_words(needs, played, not explained, said_when[suffix]))
                explained = True
                needs_all += [n for _, n in needs if n is not None]
    return lines + when + after, needs_all


def reading(result: Any) -> str:
    """What a comparison found, in plain words: for each rule set compared with the first,
    the size of the difference first, then its figures, then whether the interval tells it
    from 0; for the Gini of net worth (relative) and the gap in money between two players
    (absolute).

    Each difference is read from the pairs of games (game k of one rule set against game
    k of the first): how much lower or higher on average, in what share of the pairs, its
    size in a word by the bounds the claim's grid declared before its results
    (:func:`landlord.claim.grid.declared_sizes`: tiny, small, medium or large, from the
    share of pairs on one side, ties counted half), the 95% interval of the mean, and
    whether that leaves out 0. When the Gini and the gap move opposite ways, a sentence
    says so plainly. When an interval takes in 0, one sentence says why so few pairs
    cannot tell, and about how many would (:func:`pairs_needed`). With a common round
    (``at_round``) the same is said at the end of that round, and a last sentence says
    when the measures were read. With one rule set, its mean final Gini.

    Parameters
    ----------
    result : Comparison
        What :func:`landlord.experiments.compare` returns.

    Returns
    -------
    str
        Plain text (not HTML), sentences separated by newlines.

    Examples
    --------
    >>> from landlord.experiments import compare
    >>> result = compare(["landlords_game", "single_tax"], games=20, seed=2)
    >>> print(reading(result))  # doctest: +NORMALIZE_WHITESPACE
    Under The Landlord's Game under the Single Tax the final Gini of net worth is 0.011
    higher on average than under The Landlord's Game, higher in 55% of the 20 pairs: a tiny
    difference (95% interval -0.037 to +0.060), which these games cannot tell from 0.
    The final gap between two players' net worths is $15 higher on average, higher in 50% of
    the 20 pairs: a tiny difference (95% interval -$68 to +$99), which these games cannot
    tell from 0.
    Why 20 pairs cannot tell: the interval narrows only as the square root of the number of
    pairs (four times as many pairs make it half as wide), and with pairs as spread out as
    these a difference the size of the Gini's needs about 330 pairs to be told from 0, the
    gap's about 530; the claim's grid played 1,500 pairs per scenario.
    Measured at each game's end (games of different rule sets may end at different rounds).
    """
    return "\n".join(_read(result)[0])


def pairs_to_tell(result: Any) -> int | None:
    """The most pairs any difference the reading could not tell from 0 needs (about), or
    None when it told every one (or compared nothing, or a difference of 0 on average).

    Examples
    --------
    >>> from landlord.experiments import compare
    >>> result = compare(["landlords_game", "single_tax"], games=20, seed=3)
    >>> pairs_to_tell(result) > 20
    True
    """
    needs = _read(result)[1]
    return max(needs) if needs else None


# --- The charts -----------------------------------------------------------------------


def _draw_distributions(ax: Any, result: Any) -> dict[str, float]:
    """The final Gini of every game; returns each rule set's mean."""
    from landlord.plotting import gini_distributions

    gini_distributions(result, ax=ax, names=result.names)
    games = result.games
    return {
        label: float(games.loc[games["label"] == label, "gini_net_worth"].mean())
        for label in result.labels
    }


def _draw_rounds(ax: Any, result: Any) -> dict[str, list[float]]:
    """The mean Gini round by round; returns each rule set's plotted curve."""
    from landlord.plotting import mean_gini_by_round

    mean_gini_by_round(result, ax=ax, names=result.names)
    labels = set(result.labels)
    return {
        line.get_gid(): [float(y) for y in line.get_ydata()]
        for line in ax.get_lines()
        if line.get_gid() in labels
    }


def _draw_lengths(ax: Any, result: Any) -> dict[str, float]:
    """How long the games lasted; returns each rule set's mean number of rounds."""
    from landlord.plotting import game_lengths

    game_lengths(result, ax=ax, names=result.names)
    games = result.games
    return {
        label: float(games.loc[games["label"] == label, "rounds"].mean())
        for label in result.labels
    }


def _framed(draw: Any, margins: dict[str, float]) -> Any:
    """``draw``, with the figure's margins set first (clearing a figure resets them)."""

    def framed(ax: Any, result: Any) -> Any:
        ax.figure.subplots_adjust(**margins)
        return draw(ax, result)

    return framed


def _spread_in_words(column: str, words: str) -> Any:
    """A describer of a chart of one figure a rule set: each rule set's mean of the games'
    ``column`` and its range, as ``words`` says (``{mean}``, ``{low}``, ``{high}``)."""

    def describe(data: dict[str, float], result: Any) -> str:
        games = result.games
        parts = []
        for label in result.labels:
            values = games.loc[games["label"] == label, column]
            said = words.format(mean=data[label], low=values.min(), high=values.max())
            parts.append(f"{result.names[label]}: {said}")
        return "; ".join(parts)

    return describe


#: The distributions chart in words: each rule set's mean and range of final Ginis.
_describe_distributions = _spread_in_words(
    "gini_net_worth", "mean {mean:.3f}, from {low:.3f} to {high:.3f}"
)
#: The game-length chart in words: each rule set's mean and range of rounds.
_describe_lengths = _spread_in_words(
    "rounds", "{mean:.1f} rounds on average, from {low} to {high}"
)


def _describe_rounds(data: dict[str, list[float]], result: Any) -> str:
    """The round-by-round chart in words: each curve's start, peak and end."""
    parts = []
    for label in result.labels:
        curve = data.get(label) or []
        if not curve:
            continue
        # The curve's x is the round, from 0 (see landlord.plotting.mean_gini_by_round).
        last = len(curve) - 1
        peak = max(range(len(curve)), key=curve.__getitem__)
        said = [f"{curve[0]:.3f} at round 0"]
        if 0 < peak < last:
            said.append(f"highest {curve[peak]:.3f} at round {peak}")
        if last:
            said.append(f"{curve[-1]:.3f} at round {last}")
        parts.append(f"{result.names[label]}: {', '.join(said)}")
    return "; ".join(parts)


#: The charts: name, drawing function, what it shows, its figures in words, size in
#: inches, margins. Fixed margins rather than a layout engine, which would double the
#: drawing time.
CHARTS = (
    (
        "distributions",
        _draw_distributions,
        "Final Gini of net worth of every game, by rule set",
        _describe_distributions,
        (8.4, 4.8),
        {"left": 0.1, "right": 0.97, "bottom": 0.22, "top": 0.9},
    ),
    (
        "rounds",
        _draw_rounds,
        "Mean Gini of net worth round by round, with its 95% band",
        _describe_rounds,
        (8.4, 4.8),
        {"left": 0.09, "right": 0.98, "bottom": 0.14, "top": 0.9},
    ),
    (
        "lengths",
        _draw_lengths,
        "How many rounds the games lasted",
        _describe_lengths,
        (8.4, 4.8),
        {"left": 0.09, "right": 0.98, "bottom": 0.14, "top": 0.9},
    ),
)


# --- The app --------------------------------------------------------------------------


class ExperimentsApp:
    """Many games under several rule sets, compared at the press of a button.

    Parameters
    ----------
    rules : sequence of str
        The rule sets ticked at the start (registered ids).
    players : int
        Seats at each table, 2 to 4.
    bots : str
        The bot mix (a value of :data:`BOTS`).
    games : int
        Games per rule set.
    seed : int
        The seed of the run; game k of every rule set uses the same dice.
    land_value_tax : float
        The modern land-value-tax dial, 0 to 1.
    long_run : bool
        Play on past the fifth wage, to round 100.
    at_round : int, optional
        Also compare every measure at the end of this round (one of
        :data:`AT_ROUNDS`), a moment common to every rule set; None: at each
        game's end only.
    run : bool
        Run once straight away (otherwise the first run waits for the button).

    Attributes
    ----------
    widget : ipywidgets.VBox
        The whole app (class ``landlord-experiments``).
    rule_boxes : dict of str to ipywidgets.Checkbox
        One box per registered rule set, by id (classes ``landlord-rules-choice``
        and ``landlord-rules-ID``).
    players, bots, games, seed, land_value_tax, long_run, at_round : ipywidgets widgets
        The settings (classes ``landlord-players``, ``landlord-bots``,
        ``landlord-games``, ``landlord-seed``, ``landlord-land-value-tax``,
        ``landlord-long-run``, ``landlord-at-round``: "Also compare at round",
        0 for none).
    run_button : ipywidgets.Button
        Plays the games (``landlord-run``); disabled while they are played.
    progress : ipywidgets.IntProgress
        Games played of the run (``landlord-progress``); ``max`` is the total.
    progress_text : ipywidgets.Label
        The same in words, "120 of 400 games" (``landlord-progress-text``).
    status : ipywidgets.HTML
        What happened, or why nothing was run (``landlord-status``).
    run_more : ipywidgets.Button
        "Play N pairs" (``landlord-run-more``): shown when the reading could not
        tell a difference from 0 and more pairs would; sets the games box to
        them (at most :func:`games_limit`) and runs.
    run_more_note : ipywidgets.HTML
        What the button plays and why, or why the app cannot play enough
        (``landlord-run-more-note``).
    reading, summary, downloads : ipywidgets.HTML
        The main number in words (``landlord-reading``), the summary table
        (``landlord-summary``) and the CSV links (``landlord-downloads``, with
        links of classes ``landlord-download-games`` and
        ``landlord-download-players``).
    charts : dict of str to Chart
        ``"distributions"``, ``"rounds"`` and ``"lengths"``
        (``landlord-chart-NAME``); each keeps the plotted numbers in ``data``:
        the mean final Gini per label, the mean Gini per round per label, and
        the mean number of rounds per label.
    claim : ClaimView
        Magie's claim over the declared grid, from the shipped results
        (:mod:`landlord.widgets.claim_view`), shown above the settings.
    results : ipywidgets.VBox
        The reading, charts, table and downloads (``landlord-results``),
        hidden until the first run.
    result : Comparison or None
        The last results shown.
    seconds : dict of str to float
        Of the last run: ``"play"``, ``"draw"`` (charts, table, links) and
        ``"total"``, from the press of Run to the charts shown.
    """

    def __init__(
        self,
        rules: Sequence[str] = DEFAULT_RULES,
        players: int = 4,
        bots: str = "eager_landlord",
        games: int = 200,
        seed: int = 7,
        land_value_tax: float = 0.0,
        long_run: bool = False,
        at_round: int | None = None,
        run: bool = False,
    ) -> None:
        import ipywidgets as widgets

        from landlord.widgets.charts import Chart

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
        self.land_value_tax = widgets.Dropdown(
            options=[(_share_words(step), step) for step in DIAL_STEPS],
            value=_on_the_dial(land_value_tax),
            description="Land value tax",
            style={"description_width": "initial"},
            layout={"width": "24em"},
        )
        self.land_value_tax.add_class("landlord-land-value-tax")
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
        self.run_button = widgets.Button(description="Run", button_style="primary", icon="play")
        self.run_button.add_class("landlord-run")
        self.run_button.on_click(lambda _: self.run())
        self.progress = widgets.IntProgress(value=0, min=0, max=1, description="Played")
        self.progress.add_class("landlord-progress")
        self.progress_text = widgets.Label()
        self.progress_text.add_class("landlord-progress-text")
        self.status = widgets.HTML("Choose the rule sets and the players, then press <b>Run</b>.")
        self.status.add_class("landlord-status")
        self.reading = widgets.HTML()
        self.reading.add_class("landlord-reading")
        self.run_more = widgets.Button(description="Play more pairs", icon="play")
        self.run_more.add_class("landlord-run-more")
        self.run_more.on_click(lambda _: self.play_more())
        self.run_more_note = widgets.HTML(layout={"flex": "1 1 20em"})
        self.run_more_note.add_class("landlord-run-more-note")
        self.more = widgets.HBox(
            [self.run_more, self.run_more_note],
            layout={
                "display": "none",
                "flex_flow": "row wrap",
                "align_items": "center",
                "margin": "0.3em 0",
            },
        )
        #: The games per rule set the button plays (0: none offered).
        self._more_games = 0
        self.summary = widgets.HTML(layout={"width": "100%"})
        self.summary.add_class("landlord-summary")
        self.downloads = widgets.HTML()
        self.downloads.add_class("landlord-downloads")
        self.charts: dict[str, Chart] = {}
        for name, draw, description, describe, size, margins in CHARTS:
            chart = Chart(
                _framed(draw, margins), size=size, description=description, describe=describe
            )
            chart.widget.add_class(f"landlord-chart-{name}")
            self.charts[name] = chart

        settings = widgets.VBox(
            [
                widgets.HBox(
                    [
                        widgets.HTML("<b>Rule sets</b>&nbsp;", layout={"width": "6em"}),
                        *self.rule_boxes.values(),
                    ],
                    layout={"flex_flow": "row wrap", "align_items": "center"},
                ),
                widgets.HBox([self.players, self.bots], layout={"flex_flow": "row wrap"}),
                widgets.HBox(
                    [
                        self.games,
                        self.games_hint,
                        self.seed,
                    ],
                    layout={"flex_flow": "row wrap", "align_items": "center"},
                ),
                widgets.HBox(
                    [
                        self.land_value_tax,
                        widgets.HTML(
                            "<b>modern extension, not Magie's</b>: the share of land rent a "
                            "title-holder hands to the Treasury (0%: the Landlord's Game, "
                            "100%: the single tax); set on the rule sets that start with "
                            "private land rent"
                        ),
                    ],
                    layout={"align_items": "center"},
                ),
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
                widgets.HBox(
                    [self.run_button, self.progress, self.progress_text],
                    layout={"align_items": "center"},
                ),
                self.status,
            ]
        )
        self.results = widgets.VBox(
            [
                widgets.HTML("<h3 style='margin:0.6em 0 0.2em'>What your games show</h3>"),
                self.reading,
                self.more,
                widgets.GridBox(
                    [chart.widget for chart in self.charts.values()],
                    layout={
                        # Never wider than the page, and never a box that scrolls (one that
                        # scrolls must be reachable by Tab): the widgets' margins overhang.
                        "grid_template_columns": "repeat(auto-fit, minmax(min(36em, 100%), 1fr))",
                        "width": "100%",
                        "overflow": "visible",
                    },
                ),
                self.summary,
                self.downloads,
            ],
            layout={"display": "none", "width": "100%"},
        )
        self.results.add_class("landlord-results")
        from landlord.widgets.claim_view import ClaimView

        # The grid's shipped results first: instant, and many more games than a run.
        self.claim = ClaimView()
        self.widget = widgets.VBox(
            [
                widgets.HTML("<h2 style='margin:0.4em 0 0.2em'>Magie's claim, tested</h2>"),
                self.claim.widget,
                widgets.HTML(
                    "<h2 style='margin:0.8em 0 0.2em'>Run your own</h2>"
                    "<p style='margin:0 0 0.4em'>Choose rule sets, bots and settings of your "
                    "own: the same paired games, played here.</p>"
                ),
                settings,
                self.results,
            ],
            layout={"width": "100%"},
        )
        self.widget.add_class("landlord-experiments")
        self.widget.add_class("landlord-app")
        # Say the limit on games before Run, and at once when a number above it is typed.
        self.games.observe(lambda _: self._say_games(), names="value")
        for box in self.rule_boxes.values():
            box.observe(lambda _: self._say_games(), names="value")
        self._say_games()
        self.result: Any = None
        self.seconds: dict[str, float] = {}
        self._running = False
        if run:
            self.run()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    @classmethod
    def from_page(cls, query: dict[str, str] | None = None) -> ExperimentsApp:
        """The app set up as its page's address asks (:mod:`landlord.widgets.link`):
        ``rules``, ``players`` (the bots), ``seats``, ``games``, ``seed``,
        ``land_value_tax``, ``long``, ``at_round``, ``run``, and the claim view's
        ``measure``.
        What the address gets wrong is left out, and the app says so."""
        from landlord.widgets.link import (
            CLAIM_FIELDS,
            EXPERIMENT_FIELDS,
            page_query,
            read_setup,
        )

        query = page_query() if query is None else query
        setup, problems = read_setup(
            {key: value for key, value in query.items() if key != "measure"}, EXPERIMENT_FIELDS
        )
        claim, claim_problems = read_setup(
            {key: value for key, value in query.items() if key == "measure"}, CLAIM_FIELDS
        )
        words = {"players": "bots", "seats": "players", "long": "long_run"}
        app = cls(**{words.get(key, key): value for key, value in setup.items()})
        if "measure" in claim:
            app.claim.measure.value = claim["measure"]
        problems = f"{problems} {claim_problems}".strip()
        if problems:
            app.status.value = f"{app.status.value} <i>{html.escape(problems)}</i>".strip()
        return app

    def _ipython_display_(self) -> None:
        from landlord.widgets.page import show_app

        show_app(self.widget)  # with the page script: live regions, labels, focus

    # --- actions ----------------------------------------------------------------------

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

        chosen = [rules_id for rules_id, box in self.rule_boxes.items() if box.value is True]
        if not chosen:
            raise ValueError("tick at least one rule set to play.")
        problem = games_problem(self.games.value, len(chosen))
        if problem:
            raise ValueError(problem)
        games = self.games.value
        seed = _whole(self.seed.value, "the seed", 0, MOST_SEED)
        seats = _whole(self.players.value, "the number of players", *SEATS)
        mixes = [value for _, value in BOTS]
        if self.bots.value not in mixes:
            tables = ", ".join(text for text, _ in BOTS)
            raise ValueError(
                f"the bots are one of the menu's tables ({tables}), not {self.bots.value!r}."
            )
        share = self.land_value_tax.value
        if not isinstance(share, int | float) or not 0 <= share <= 1:  # NaN fails too
            raise ValueError(f"the land value tax is a share from 0 to 1, not {share!r}.")
        specs = experiment_specs(
            chosen, land_value_tax=round(float(share), 2), long_run=self.long_run.value is True
        )
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

    def run(self) -> bool:
        """Play the games the settings say and show the results.

        On a bad setting (or one the rule sets refuse) the app says why,
        plays nothing and keeps the results it shows.

        Returns
        -------
        bool
            True when the games were played and shown.
        """
        if self._running:
            return False
        started = time.perf_counter()
        try:
            settings = self.settings()
        except ValueError as error:
            self._problem(str(error))
            return False
        from landlord.experiments import compare

        total = settings["games"] * len(settings["specs"])
        self._running = True
        self.run_button.disabled = True
        self.run_more.disabled = True
        self.run_button.description = "Running…"
        self.progress.value = 0
        self.progress.max = total
        self.progress_text.value = f"0 of {total:,} games"
        self.status.value = f"Playing {total:,} games…"
        try:
            result = compare(
                settings["specs"],
                games=settings["games"],
                players=settings["players"],
                seed=settings["seed"],
                progress=self._progress_callback(total),
                at_round=settings["at_round"],
            )
            played = time.perf_counter()
            self._show(result)
            # The compiled code loaded meanwhile: later runs, of any size, use it.
            batch.prepare_in_background()
        except ValueError as error:
            self._problem(str(error))
            return False
        finally:
            self._running = False
            self.run_button.disabled = False
            self.run_more.disabled = False
            self.run_button.description = "Run"
        finished = time.perf_counter()
        self.seconds = {
            "play": played - started,
            "draw": finished - played,
            "total": finished - started,
        }
        self.status.value = (
            f"Played {total:,} games (seed {settings['seed']}) in "
            f"{self.seconds['play']:.1f} s; charts drawn in {self.seconds['draw']:.1f} s."
        )
        return True

    def _progress_callback(self, total: int) -> Any:
        """What :func:`compare` calls after each game: moves the bar a step at a time."""
        step = max(1, total // PROGRESS_STEPS)

        def report(done: int, _total: int) -> None:
            if done == total or done - self.progress.value >= step:
                self.progress.value = done
                self.progress_text.value = f"{done:,} of {total:,} games"

        return report

    # --- showing ----------------------------------------------------------------------

    def _show(self, result: Any) -> None:
        """Show a comparison: the reading, the charts, the table and the downloads."""
        for chart in self.charts.values():
            chart.draw(result)
        self.reading.value = "".join(
            f"<p style='margin:0 0 0.4em'>{html.escape(line)}</p>"
            for line in reading(result).splitlines()
        )
        self._offer_more(result)
        self.summary.value = summary_html(result, bots=self.bots.label or "")
        games = csv_link(
            result.games, "landlord_results.csv", "landlord_results.csv", "landlord-download-games"
        )
        players = csv_link(
            result.per_player,
            "landlord_players.csv",
            "landlord_players.csv",
            "landlord-download-players",
        )
        self.downloads.value = (
            "<div><b>Download the results</b> (CSV files, for a spreadsheet; every row also "
            "says what was played):</div><ul style='margin:0'>"
            f"<li>{games}: one row per game of each rule set.</li>"
            f"<li>{players}: one row per player of each game.</li></ul>"
            "<details><summary>What the columns of the files hold</summary>"
            "<p style='margin:0.3em 0'><b>landlord_results.csv</b></p>"
            f"{columns_html(result.games, result.at_round)}"
            "<p style='margin:0.3em 0'><b>landlord_players.csv</b></p>"
            f"{columns_html(result.per_player)}</details>"
        )
        self.result = result
        self.results.layout.display = "flex"

    def play_more(self) -> bool:
        """Play the pairs the reading offers: the games box set to them (at most what
        :func:`games_limit` allows with the rule sets ticked), then :meth:`run`.

        Returns
        -------
        bool
            True when the games were played and shown; False when none were offered.
        """
        if not self._more_games or self._running:
            return False
        ticked = sum(box.value is True for box in self.rule_boxes.values())
        self.games.value = min(self._more_games, games_limit(ticked))
        return self.run()

    def _offer_more(self, result: Any) -> None:
        """Offer the run that could tell from 0 what this one could not: a button that plays
        about the pairs it needs, as many as the app allows; or say why it cannot."""
        needed = pairs_to_tell(result)
        played = int(result.parameters["games"])
        limit = games_limit(len(result.labels))
        self._more_games = 0
        if needed is None or needed <= played:
            self.more.layout.display = "none"
            return
        said_pairs = f"{needed:,}" if needed <= MOST_PAIRS_SAID else "million or more"
        rule_sets = f"{len(result.labels)} rule set{'s' if len(result.labels) != 1 else ''}"
        target = min(needed, limit)
        narrower = math.sqrt(target / played)
        if target > played:
            self._more_games = target
            self.run_more.description = f"Play {target:,} pairs"
            self.run_more.layout.display = None
            if target == needed:
                said = (
                    f"This plays {target:,} games of each rule set "
                    f"({target * len(result.labels):,} in all, with the settings above): about "
                    "the pairs a difference of this size needs, so the interval will be about "
                    f"{narrower:.1f} times narrower."
                )
            else:
                said = (
                    f"This plays {target:,} games of each rule set, the most this app plays in "
                    f"one run with {rule_sets} ({MOST_GAMES:,} games a run). That is fewer than "
                    f"the {said_pairs} pairs the reading says are needed, so the interval will "
                    f"be about {narrower:.1f} times narrower but may still take in 0."
                )
        else:
            self.run_more.layout.display = "none"
            said = (
                f"This app plays at most {limit:,} games of each rule set in one run with "
                f"{rule_sets} ({MOST_GAMES:,} games a run), fewer than the {said_pairs} pairs "
                "the reading says are needed."
            )
        said += (
            " The number needed is a rough guess from these games' own average and spread: "
            "more games may move it."
        )
        if needed > limit and needed <= MOST_PAIRS_SAID:
            said += (
                " On a computer of your own, the command line plays as many as you like: "
                f"<code>{html.escape(_command_line(result, needed))}</code>"
            )
        self.run_more_note.value = said
        self.more.layout.display = "flex"

    def _say_games(self) -> None:
        """The limit on games beside the games box, or what is wrong with the number typed."""
        ticked = sum(box.value is True for box in self.rule_boxes.values())
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

    def _problem(self, text: str) -> None:
        """Say why nothing was run (the results on screen stay)."""
        self.status.value = (
            f"<span style='color:{PROBLEM}'><b>Nothing was run:</b> {html.escape(text)}</span>"
        )


def _command_line(result: Any, games: int) -> str:
    """The command that plays a comparison again with ``games`` games of each rule set.

    Examples
    --------
    >>> from landlord.experiments import compare
    >>> result = compare(["landlords_game", "single_tax"], games=2, seed=7, at_round=25)
    >>> print(_command_line(result, 27000))  # doctest: +NORMALIZE_WHITESPACE
    landlord compare --rules landlords_game,single_tax --games 27000 --players 4
    --bots eager_landlord --seed 7 --at-round 25
    """
    parameters = result.parameters
    seats = [str(bot) for bot in parameters["players"]]
    bots = seats[0] if len(set(seats)) == 1 else ",".join(seats)
    words = [
        "landlord compare",
        f"--rules {shlex.quote(','.join(result.labels))}",
        f"--games {games}",
        f"--players {len(seats)}",
        f"--bots {shlex.quote(bots)}",
        f"--seed {parameters['seed']}",
    ]
    if parameters.get("at_round") is not None:
        words.append(f"--at-round {parameters['at_round']}")
    return " ".join(words)


def games_limit(rule_sets: int) -> int:
    """The most games of each rule set one run may play, with ``rule_sets`` rule sets.

    Examples
    --------
    >>> games_limit(1), games_limit(2), games_limit(7)
    (5000, 3000, 857)
    """
    return min(MOST_GAMES_PER_RULE_SET, MOST_GAMES // max(1, rule_sets))


def games_problem(games: Any, rule_sets: int) -> str:
    """What is wrong with ``games`` of each of ``rule_sets`` rule sets, in words ("" if
    nothing): not a whole number from 1, or more than :func:`games_limit` allows.

    Examples
    --------
    >>> games_problem(200, 2)
    ''
    >>> print(games_problem(6000, 2))
    6,000 games of each rule set are too many: with 2 rule sets ticked, play at most 3,000 of each (a run plays at most 6,000 games in all, 5,000 of one rule set).
    >>> print(games_problem(0, 2))
    games per rule set must be a whole number from 1, not 0.
    """  # noqa: E501
    limit = games_limit(rule_sets)
    try:
        _whole(games, "games per rule set", 1, None)
    except ValueError as error:
        return str(error)
    if games > limit:
        ticked = f"{rule_sets} rule set{'s' if rule_sets != 1 else ''} ticked"
        return (
            f"{games:,} games of each rule set are too many: with {ticked}, play at most "
            f"{limit:,} of each (a run plays at most {MOST_GAMES:,} games in all, "
            f"{MOST_GAMES_PER_RULE_SET:,} of one rule set)."
        )
    return ""


def _share_words(share: float) -> str:
    """A setting of the land-value-tax dial in words.

    >>> _share_words(0.0), _share_words(0.25), _share_words(1.0)
    ("0% (the Landlord's Game)", '25%', '100% (all of it, as under the single tax)')
    """
    words = f"{share:.0%}"
    if share == 0:
        return f"{words} (the Landlord's Game)"
    if share == 1:
        return f"{words} (all of it, as under the single tax)"
    return words


def _on_the_dial(share: float) -> float:
    """``share`` at the nearest step of the dial (0 to 1 in twentieths)."""
    return min(DIAL_STEPS, key=lambda step: abs(step - share))


def _whole(value: Any, what: str, least: int, most: int | None) -> int:
    """``value`` if it is a whole number from ``least`` to ``most`` (None: no top); else a
    ValueError.

    Examples
    --------
    >>> _whole(3, "games", 1, 10)
    3
    >>> _whole(0, "games", 1, 10)
    Traceback (most recent call last):
    ...
    ValueError: games must be a whole number from 1 to 10, not 0.
    """
    whole = isinstance(value, int) and not isinstance(value, bool)
    if not whole or value < least or (most is not None and value > most):
        shown = f"{value:,}" if whole else repr(value)
        top = "" if most is None else f" to {most:,}"
        raise ValueError(f"{what} must be a whole number from {least:,}{top}, not {shown}.")
    return value
