"""The landing and rent reports of a rule set, as ``landlord landing`` and ``landlord rents``
print them.

- :func:`landing_report` and :func:`landing_text`: each square's exact landing share
  beside a simulated one, as JSON-ready data and as text;
- :func:`rents_report` and :func:`rents_text`: the property, group and sweet-spot tables
  of :mod:`landlord.analysis.rents`, as JSON-ready data and as text;
- :func:`jail_strategy_text`: how a jailed token gets out, in words;
- :func:`moves_by_choice`: whether the rules let a player choose his moves, which a track
  cannot (its shares are then an approximation).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import numpy as np

from landlord.analysis.boards import track_from_rules
from landlord.analysis.dice import TWO_DICE
from landlord.analysis.landing import (
    landing_probabilities,
    landing_standard_errors,
    simulate_landings,
)
from landlord.analysis.rents import DICE_TOTAL, group_rents_from, property_rents, sweet_spot_from
from landlord.analysis.track import Track
from landlord.columns import columns

if TYPE_CHECKING:
    from landlord.rules import RuleSet

__all__ = [
    "LANDING_TOLERANCE",
    "jail_strategy_text",
    "landing_report",
    "landing_text",
    "moves_by_choice",
    "rents_report",
    "rents_text",
]

#: A square whose simulated share is further than this many standard errors
#: from the exact one is flagged by :func:`landing_report`.
LANDING_TOLERANCE = 4.0

#: How a jailed token gets out under each of :data:`~landlord.analysis.landing.STRATEGIES`.
_JAIL_STRATEGY_TEXT = {
    "leave": "a jailed token pays and leaves at once",
    "stay": "a jailed token tries for {freeing} as long as the rules allow",
}


def moves_by_choice(rules: RuleSet) -> bool:
    """Whether players may choose their moves (the Landlord's Game), which a track cannot.

    Parameters
    ----------
    rules : RuleSet
        A loaded rule set.

    Returns
    -------
    bool
        True where a player may move either way from a space or take the railroad
        pass; the track's landing shares are then a forward-only approximation.

    Examples
    --------
    >>> from landlord.rules import load_rules
    >>> moves_by_choice(load_rules("landlords_game")), moves_by_choice(load_rules("monopoly_us"))
    (True, False)
    """
    movement = rules.movement
    return bool(movement and (movement.railroad_pass or movement.either_way_from >= 0))


def jail_strategy_text(strategy: str, track: Track) -> str:
    """How a jailed token gets out of ``track``'s jail under ``strategy``, in words.

    Parameters
    ----------
    strategy : {"leave", "stay"}
        The way out of jail (see :func:`~landlord.analysis.landing.transition_matrix`).
    track : Track
        The track: its throws say what frees a jailed token.

    Returns
    -------
    str
        It tries for "doubles" on two dice, for "a throw of 6" on Quikopoly's die.

    Examples
    --------
    >>> from landlord.analysis.boards import classic_track
    >>> jail_strategy_text("stay", classic_track())
    'a jailed token tries for doubles as long as the rules allow'
    """
    if track.throws == TWO_DICE:
        freeing = "doubles"
    else:
        totals = sorted({total for total, frees in track.throws if frees})
        freeing = "a throw of " + " or ".join(map(str, totals)) if totals else "nothing"
    return _JAIL_STRATEGY_TEXT[strategy].format(freeing=freeing)


def landing_report(rules: RuleSet, strategy: str, rolls: int, seed: int) -> dict[str, Any]:
    """What ``landlord landing --json`` prints: exact and simulated landing shares by square.

    Shares are fractions of all throws (see :mod:`landlord.analysis.landing`);
    ``standard_error`` is the simulation's, from the chain's own variance,
    and ``z`` the difference in standard errors (0 where both are 0). On a
    board that deals its tiles at random the shares are the positions',
    so a dealt position is named by its kind ("property tile (dealt at
    random)"), not by the tile the board file lists there.

    Parameters
    ----------
    rules : RuleSet
        A loaded rule set on a track board (see
        :func:`~landlord.analysis.boards.track_from_rules`).
    strategy : {"leave", "stay"}
        How a jailed token gets out.
    rolls : int
        The throws to simulate.
    seed : int
        The simulation's seed.

    Returns
    -------
    dict
        The rule set, the arguments, :data:`LANDING_TOLERANCE`, the largest
        difference and the squares outside the tolerance, and one entry a square
        under ``"squares"``.

    Raises
    ------
    ValueError
        As :func:`~landlord.analysis.boards.track_from_rules` raises it.

    Examples
    --------
    >>> from landlord.rules import load_rules
    >>> report = landing_report(load_rules("monopoly_us"), "leave", 20_000, 0)
    >>> report["squares"][24]["name"], round(report["squares"][24]["exact"], 4)
    ('Illinois Avenue', 0.0319)
    """
    from landlord.engine.boards import shuffled_positions

    track = track_from_rules(rules)
    dealt = set(shuffled_positions(rules.board)) if rules.board.layout == "shuffled_track" else ()
    exact = landing_probabilities(track, strategy)
    simulated = simulate_landings(track, strategy, rolls=rolls, seed=seed)
    errors = landing_standard_errors(track, strategy, rolls)
    difference = simulated - exact
    z = np.divide(difference, errors, out=np.zeros_like(difference), where=errors > 0)
    worst = int(np.abs(difference).argmax())
    squares = [
        {
            "index": space.index,
            "name": (
                f"{space.kind.replace('_', ' ')} (dealt at random)"
                if space.index in dealt
                else space.name
            ),
            "kind": space.kind,
            "exact": float(exact[space.index]),
            "simulated": float(simulated[space.index]),
            "difference": float(difference[space.index]),
            "standard_error": float(errors[space.index]),
            "z": float(z[space.index]),
        }
        for space in rules.board.spaces
    ]
    return {
        "rules": rules.id,
        "title": rules.info.title,
        "forward_only_approximation": moves_by_choice(rules),
        "strategy": strategy,
        "rolls": rolls,
        "seed": seed,
        "tolerance_standard_errors": LANDING_TOLERANCE,
        "max_difference": float(abs(difference[worst])),
        "max_difference_square": worst,
        "max_z": float(np.abs(z).max()),
        "outside_tolerance": [int(i) for i in np.flatnonzero(np.abs(z) > LANDING_TOLERANCE)],
        "squares": squares,
    }


def landing_text(report: dict[str, Any], track: Track) -> str:
    """What ``landlord landing`` prints: a :func:`landing_report` as a table, with its verdict.

    Parameters
    ----------
    report : dict
        What :func:`landing_report` returns.
    track : Track
        The rule set's track (:func:`~landlord.analysis.boards.track_from_rules`),
        for the words of the jail strategy.

    Returns
    -------
    str
        The heading, a row a square (exact and simulated shares in % of all
        throws, and their difference) and the largest difference against the
        tolerance; no new line at the end.

    Examples
    --------
    >>> from landlord.rules import load_rules
    >>> rules = load_rules("monopoly_us")
    >>> text = landing_text(landing_report(rules, "stay", 20_000, 0), track_from_rules(rules))
    >>> print(text.splitlines()[1])
    jail: stay (a jailed token tries for doubles as long as the rules allow)
    """
    strategy, rolls = report["strategy"], report["rolls"]
    lines = [f"Landing odds: {report['title']} ({report['rules']})"]
    if report["forward_only_approximation"]:
        lines.append(
            "note: these rules let a player move backwards or jump ahead on a double; "
            "here every move is forward by the throw (an approximation)"
        )
    lines.append(f"jail: {strategy} ({jail_strategy_text(strategy, track)})")
    lines.append(
        f"exact: the Markov chain; simulated: {rolls:,} throws, seed {report['seed']}; "
        "% of all throws\n"
    )
    rows = [("square", "name", "exact %", "simulated %", "difference")]
    rows += [
        (
            str(square["index"]),
            square["name"],
            f"{100 * square['exact']:.2f}",
            f"{100 * square['simulated']:.2f}",
            f"{100 * square['difference']:+.2f}",
        )
        for square in report["squares"]
    ]
    lines.append(columns(rows))
    worst = report["squares"][report["max_difference_square"]]
    outside = report["outside_tolerance"]
    lines.append(
        f"\nlargest difference: {100 * report['max_difference']:.3f} points "
        f"(square {worst['index']}, {worst['name']}; {abs(worst['z']):.1f} standard errors)"
    )
    verdict = (
        "every square within"
        if not outside
        else f"{len(outside)} square(s) outside ({', '.join(map(str, outside))}) of"
    )
    lines.append(
        f"tolerance: {report['tolerance_standard_errors']:g} standard errors of {rolls:,} "
        f"throws (from the chain's own variance); {verdict} it; largest {report['max_z']:.1f}"
    )
    return "\n".join(lines)


def rents_report(rules: RuleSet, strategy: str) -> dict[str, Any]:
    """What ``landlord rents --json`` prints: the property, group and sweet-spot tables.

    Parameters
    ----------
    rules : RuleSet
        A loaded rule set of the later game.
    strategy : {"leave", "stay"}
        How the opponents leave jail.

    Returns
    -------
    dict
        The rule set, the strategy, its currency and :data:`DICE_TOTAL`, and the
        tables of :mod:`landlord.analysis.rents` as lists of records:
        ``"properties"``, ``"groups"`` and ``"sweet_spot"``.

    Raises
    ------
    ValueError
        As :func:`~landlord.analysis.rents.property_rents` raises it.

    Examples
    --------
    >>> from landlord.rules import load_rules
    >>> report = rents_report(load_rules("monopoly_us"), "leave")
    >>> [row["best_row"] for row in report["sweet_spot"]].count("3 houses")
    7
    """

    def records(frame: Any) -> list[dict[str, Any]]:
        return json.loads(frame.to_json(orient="records"))

    properties = property_rents(rules, strategy)
    groups = group_rents_from(properties)
    return {
        "rules": rules.id,
        "title": rules.info.title,
        "strategy": strategy,
        "currency": rules.info.currency,
        "dice_total": DICE_TOTAL,
        "properties": records(properties),
        "groups": records(groups),
        "sweet_spot": records(sweet_spot_from(groups)),
    }


def rents_text(rules: RuleSet, strategy: str) -> str:
    """What ``landlord rents`` prints: each group's rent and payback, level by level, and
    whether three houses is the "sweet spot".

    Parameters
    ----------
    rules, strategy
        As for :func:`rents_report`, which raises what this raises.

    Returns
    -------
    str
        The heading, the table of :func:`~landlord.analysis.rents.group_rents`,
        the table of :func:`~landlord.analysis.rents.sweet_spot` and the answer
        in words; no new line at the end.

    Examples
    --------
    >>> from landlord.rules import load_rules
    >>> print(rents_text(load_rules("monopoly_us"), "leave").splitlines()[-1])
    counting the land too, three houses is the fastest level in green, dark blue.
    """
    groups = group_rents_from(property_rents(rules, strategy))
    money = rules.info.currency

    def throws(value: float) -> str:
        return "never" if value == float("inf") else f"{value:.1f}"

    lines = [
        f"Rent and payback: {rules.info.title} ({rules.id})",
        f"opponents' jail: {strategy} ({jail_strategy_text(strategy, track_from_rules(rules))})",
        "rent/throw: the expected rent per opponent throw (chance the throw ends there x "
        f"rent; utilities at a dice total of {DICE_TOTAL:g})",
        "payback: cost / rent per throw, in opponent throws; marginal: the cost of the "
        "last step (a row of houses, the hotels, one more railroad) / the rent it adds\n",
    ]
    rows = [("group", "level", "cost", "rent/throw", "payback", "marginal payback")]
    for row in groups.itertuples():
        rows.append(
            (
                row.group,
                row.level,
                f"{money}{row.cost:,.0f}",
                f"{money}{row.expected_rent:.2f}",
                throws(row.payback_rolls),
                throws(row.marginal_payback_rolls),
            )
        )
    lines.append(columns(rows))
    spots = sweet_spot_from(groups)
    lines.append('\nIs three houses the "sweet spot"? The row of houses that pays back fastest:')
    rows = [("group", "fastest row", "its payback", "3rd row's payback", "fastest in total")]
    rows += [
        (
            row.group,
            row.best_row,
            throws(row.best_row_payback_rolls),
            throws(row.third_row_payback_rolls),
            row.best_level,
        )
        for row in spots.itertuples()
    ]
    lines.append(columns(rows, indent="  "))
    third = spots[spots.third_row_is_best]
    others = spots[~spots.third_row_is_best]
    answer = f"the third row pays back fastest in {len(third)} of {len(spots)} colour groups"
    if len(others):
        answer += "; not in " + ", ".join(
            f"{row.group} ({row.best_row})" for row in others.itertuples()
        )
    in_total = spots[spots.best_level == "3 houses"].group.tolist()
    lines.append(f"\n{answer}.")
    lines.append(
        "counting the land too, three houses is the fastest level in "
        + (", ".join(in_total) if in_total else "no group")
        + "."
    )
    return "\n".join(lines)
