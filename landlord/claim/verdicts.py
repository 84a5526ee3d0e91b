"""Verdicts: whether Magie's claim holds, fails or cannot be told, and the words for it.

The rule is the grid's own, declared before its results (``[verdict]`` in
the grid file): per scenario and measure, the claim **holds** when in every
seed the interval of the paired difference lies wholly on the claimed side of
0, **fails** when in every seed it lies wholly on the other side, and
**cannot be told** otherwise. A measure without a claimed direction is
reported, not judged.

Examples
--------
>>> verdict("lower", [(-0.08, -0.05), (-0.07, -0.01)])
'holds'
>>> verdict("lower", [(-0.08, -0.05), (-0.02, 0.01)])
'cannot be told'
>>> verdict("higher", [(-30.0, -10.0), (-25.0, -2.0)])
'fails'
>>> verdict("", [(-1.0, 1.0)])
'reported'
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from landlord.money import money

__all__ = [
    "NO_DIFFERENCE",
    "VERDICTS",
    "difference_text",
    "scenario_sentence",
    "size_of",
    "verdict",
]

#: Every verdict, in the order a key lists them.
VERDICTS = ("holds", "fails", "cannot be told", "reported")
#: How a scenario's sentence groups a measure on which no pair of games differed.
NO_DIFFERENCE = "no difference"


def verdict(claim: str, intervals: Sequence[tuple[float, float]]) -> str:
    """The grid's verdict on one measure from its per-seed intervals ``(low, high)``.

    ``claim`` is ``"lower"``, ``"higher"`` or ``""`` (no claim: ``"reported"``).
    An undefined interval (``nan``) can never make the claim hold or fail.
    """
    if not claim:
        return "reported"
    lower = claim == "lower"
    claimed = [high < 0 if lower else low > 0 for low, high in intervals]
    other = [low > 0 if lower else high < 0 for low, high in intervals]
    if intervals and all(claimed):
        return "holds"
    if intervals and all(other):
        return "fails"
    return "cannot be told"


def size_of(superiority: float | None, bounds: dict[str, float]) -> str:
    """How large a difference is, in a word, from the share of pairs on one side (ties
    counted half): ``"tiny"``, ``"small"``, ``"medium"`` or ``"large"``, by the grid's
    declared ``bounds`` (``small``, ``medium``, ``large``); as far below one half reads
    the same. ``""`` when no pair was compared.

    >>> bounds = {"small": 0.556, "medium": 0.638, "large": 0.714}
    >>> size_of(0.53, bounds), size_of(0.60, bounds), size_of(0.30, bounds), size_of(0.9, bounds)
    ('tiny', 'small', 'medium', 'large')
    """
    if superiority is None or math.isnan(superiority):
        return ""
    distance = abs(superiority - 0.5)
    size = "tiny"
    for word in ("small", "medium", "large"):
        if distance >= bounds[word] - 0.5 - 1e-12:
            size = word
    return size


def difference_text(measure: Any, mean: float, low: float, high: float) -> str:
    """A paired difference and its interval in the measure's form: ``-0.059 [-0.067, -0.050]``."""
    if math.isnan(mean):
        return "undefined"
    shown = [_signed(measure.form, value) for value in (mean, low, high)]
    if math.isnan(low):
        return shown[0]
    return f"{shown[0]} [{shown[1]}, {shown[2]}]"


def _signed(form: str, value: float) -> str:
    if math.isnan(value):
        return "?"
    if form == "money":
        return ("+" if value >= 0 else "") + money(value)
    if form == "share":
        return f"{value:+.1%}"
    return form.replace("{:", "{:+").format(value)


def scenario_sentence(words: str, judged: Sequence[tuple[Any, str]], headline: str) -> str:
    """One plain sentence on a scenario: where the claim holds, fails and cannot be told.

    ``judged`` pairs each claimed measure with its verdict, or :data:`NO_DIFFERENCE`
    where no pair of games differed on it (said apart: it is no doubt, the arms were
    alike); ``headline`` is said after them (the Gini difference, as
    :func:`difference_text` writes it).

    Examples
    --------
    >>> from landlord.claim.grid import Measure
    >>> gini = Measure("gini_net_worth", "concentration", "the final Gini of net worth", "lower")
    >>> poor = Measure("poorest_doubled", "poverty", "Prosperity's test", "higher")
    >>> judged = [(gini, "holds"), (poor, "cannot be told")]
    >>> print(scenario_sentence("Four tenants", judged, ""))  # doctest: +NORMALIZE_WHITESPACE
    Four tenants: the claim holds for the final Gini of net worth; it cannot be told for
    Prosperity's test.
    """
    by_verdict: dict[str, list[str]] = {}
    for measure, said in judged:
        by_verdict.setdefault(said, []).append(measure.words)
    parts = []
    for said in ("holds", "fails", "cannot be told"):
        if said in by_verdict:
            subject = "the claim" if not parts else "it"
            parts.append(f"{subject} {said} for {_listed(by_verdict[said])}")
    if NO_DIFFERENCE in by_verdict:  # both arms alike in every game: not a doubt
        parts.append(f"no pair of games differed for {_listed(by_verdict[NO_DIFFERENCE])}")
    sentence = f"{words}: {'; '.join(parts)}."
    return f"{sentence} {headline}".rstrip()


def _listed(items: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"
