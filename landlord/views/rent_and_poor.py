"""Where the land rent went, and how the poorest player fares: what moves in a lesson.

In a lesson-length game the Gini of net worth barely moves between the two
sets of Magie's rules, while two things differ from the first rounds: who
receives the land rent (the title-holders under private land rent, the Public
Treasury under the single tax) and how the poorest player stands. The play,
side-by-side and class pages lead with these, round by round, and keep the
Gini beside them. This module gives them in plain HTML (no widget package),
from the game's ledger and round table, so that every page says the same.

Examples
--------
>>> from landlord.session import Session
>>> game = Session("landlords_game", ["eager_landlord"] * 3, seed=4).run(max_steps=400)
>>> figures = rent_and_poorest(game)
>>> sorted(figures)  # doctest: +NORMALIZE_WHITESPACE
['poorest', 'poorest_start', 'poorest_worth', 'round', 'to_players', 'to_players_round',
 'to_treasury', 'to_treasury_round']
>>> "land rent" in lead_html(game)
True
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from landlord.money import money

__all__ = ["lead_html", "lead_words", "rent_and_poorest"]


def rent_and_poorest(game: Any, names: Sequence[str] | None = None) -> dict[str, Any]:
    """The lead figures of a game now: the land rent paid to players and to the Public
    Treasury, in all and in the round being played (or the last), and the poorest
    player by net worth, with his net worth now and at the start."""
    from landlord.scorecard import FLOWS, money_by_round

    n = game.n_players
    names = list(names or game.names)
    if not game.round_net_worths:  # the deal is being played: no round has a table yet
        worths = game.net_worths()
        poorest = min(range(n), key=lambda seat: (worths[seat], seat))
        return {
            "round": game.round,
            "to_players": 0,
            "to_treasury": 0,
            "to_players_round": 0,
            "to_treasury_round": 0,
            "poorest": names[poorest],
            "poorest_worth": int(worths[poorest]),
            "poorest_start": int(worths[poorest]),
        }
    table = money_by_round(game)
    # The rent at the end of the last round before this one (the round table stops at
    # the last round's end; a game over has its last round in it).
    before = table[-2] if game.is_over and len(table) > 1 else table[-1]
    if game.is_over and len(table) == 1:
        before = table[-1] * 0
    at = n + FLOWS.index("land_rent_to_players"), n + FLOWS.index("land_rent_to_treasury")
    to_players, to_treasury = _rent_now(game)
    worths = game.net_worths()
    poorest = min(range(n), key=lambda seat: (worths[seat], seat))
    start = game.round_net_worths[0][2][poorest]
    return {
        "round": game.round,
        "to_players": to_players,
        "to_treasury": to_treasury,
        "to_players_round": to_players - int(before[at[0]]),
        "to_treasury_round": to_treasury - int(before[at[1]]),
        "poorest": names[poorest],
        "poorest_worth": int(worths[poorest]),
        "poorest_start": int(start),
    }


def _rent_now(game: Any) -> tuple[int, int]:
    """The land rent paid so far, counting the round being played (the round table stops
    at the last round's end): (to players, to the Treasury)."""
    from landlord.scorecard import TREASURY

    n = game.n_players
    treasury = game.pile_account.get(TREASURY, -1)
    players = public = 0
    for record in game.ledger.records:
        if getattr(record[5], "group", "") == "land rent":
            if record[3] < n:
                players += record[4]
            elif record[3] == treasury:
                public += record[4]
    return players, public


def lead_words(game: Any, names: Sequence[str] | None = None) -> str:
    """The lead figures in a sentence or two (a page's live region reads them)."""
    f = rent_and_poorest(game, names)
    unit = game.rules.info.currency
    total = f["to_players"] + f["to_treasury"]
    from landlord.scorecard import TREASURY

    if not total:
        rent = "No land rent has been paid yet."
    elif TREASURY not in game.pile_account:
        rent = (
            f"Land rent so far: {money(total, unit)}, all to players who hold land "
            "(these rules have no Public Treasury)."
        )
    else:
        share = f["to_players"] / total
        rent = (
            f"Land rent so far: {money(f['to_players'], unit)} to players who hold land, "
            f"{money(f['to_treasury'], unit)} to the Public Treasury ({share:.0%} to players)."
        )
    poorest = (
        f"Poorest player: {f['poorest']}, worth {money(f['poorest_worth'], unit)} "
        f"(started with {money(f['poorest_start'], unit)})."
    )
    return f"{rent} {poorest}"


def lead_html(game: Any, names: Sequence[str] | None = None, width: int = 300) -> str:
    """The lead figures as a small block: a bar of where the land rent went (to players,
    to the Treasury) and the poorest player's net worth against his start, in words too."""
    from landlord.scorecard import TREASURY

    f = rent_and_poorest(game, names)
    unit = game.rules.info.currency
    total = f["to_players"] + f["to_treasury"]
    public = TREASURY in game.pile_account
    bar = ""
    if total:
        players = width * f["to_players"] / total
        label = f"Land rent so far: {money(f['to_players'], unit)} to players"
        if public:
            label += f", {money(f['to_treasury'], unit)} to the Public Treasury"
        bar = (
            f"<svg viewBox='0 0 {width} 18' width='{width}' height='18' role='img' "
            f"aria-label='{html.escape(label, quote=True)}' style='display:block;max-width:100%'>"
            f"<rect x='0' y='0' width='{players:.1f}' height='18' fill='#D55E00'/>"
            f"<rect x='{players:.1f}' y='0' width='{width - players:.1f}' height='18' "
            "fill='#009E73'/></svg>"
        )
    key = ""
    if total:
        key = (
            "<span style='color:#A34700;font-weight:bold'>&#9632; to players who hold land</span>"
        )
        if public:
            key += (
                " &nbsp; <span style='color:#00704F;font-weight:bold'>&#9632; to the Public "
                "Treasury</span>"
            )
    return (
        "<div class='landlord-lead' style='margin:0.3em 0'>"
        f"<p style='margin:0.2em 0'><b>Where the land rent went</b> (round {f['round']})</p>"
        f"{bar}<p style='margin:0.2em 0;font-size:0.95em'>{key}</p>"
        f"<p style='margin:0.2em 0'>{html.escape(lead_words(game, names))}</p></div>"
    )
