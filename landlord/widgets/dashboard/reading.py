"""What a comparison found, read aloud: the experiments dashboard's reading.

:func:`reading` says, for each rule set compared with the first, the size of each
difference before its verdict (tiny, small, medium or large, by the bounds the claim's grid
declared before its results), the Gini beside the gap in dollars, and, when a run is too
small to tell a difference from 0, why, and about how many pairs would
(:func:`pairs_needed`; :func:`pairs_to_tell` is the most any difference needs, which the
app offers to play). With a common round (``at_round``) the same is said at the end of
that round.

The words are plain text; the sizes come from the claim's declared grid
(:func:`landlord.claim.grid.declared_sizes`), which is why this lives with the app and not
in :mod:`landlord.views`, below the claim.
"""

from __future__ import annotations

import math
from typing import Any

from landlord.money import money

__all__ = ["MOST_PAIRS_SAID", "pairs_needed", "pairs_to_tell", "reading"]


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
