"""What each screen of a class shows, as HTML fragments made on the server.

Every device at a table is sent the same board, log, players and charts (the
lead first: where the land rent went and the poorest player, with the Gini
beside it), and its own part of the turn: the buttons appear only on the device that holds
the seat asked. The teacher's screen gets a card per table. The status (and a
card's title) is plain text, which the pages' scripts write as text: a
student's name in it is as typed. Every other part is a fragment of HTML, in
which each name, like every other value, is escaped where the fragment is
built; the scripts only put the fragments in place.
"""

from __future__ import annotations

import html
import logging
from collections.abc import Collection
from typing import Any

from landlord.classroom.tables import BOTS, OPEN, PERSON, ClassTable
from landlord.metrics import gini
from landlord.money import money
from landlord.table import ChoiceGroup
from landlord.views.board import board_svg
from landlord.views.board_text import board_text_html
from landlord.views.events import log_html
from landlord.views.rent_and_poor import lead_html
from landlord.views.standings import standings_html, winners_text

__all__ = [
    "gini_points",
    "gini_svg",
    "lead",
    "seat_view",
    "shared_view",
    "table_card",
    "table_view",
]

#: Log lines sent to a table's screens (the newest; the whole log downloads).
LOG_LINES = 200
log = logging.getLogger("landlord.classroom")


def gini_points(game: Any) -> list[tuple[int, float]]:
    """The Gini of net worth at the end of each round played: (round, Gini).

    A round where the players' net worths add up to nothing or less has no
    Gini and is left out.
    """
    points = []
    for round_, _, worths in game.round_net_worths:
        if round_ and sum(worths) > 0:
            points.append((round_, float(gini(worths))))
    return points


def gini_svg(points: list[tuple[int, float]], width: int = 320, height: int = 160) -> str:
    """A small line chart of the Gini by round, its numbers also said in words.

    Examples
    --------
    >>> svg = gini_svg([(1, 0.05), (2, 0.12)])
    >>> "Gini of net worth by round" in svg and "round 2: 0.12" in svg
    True
    """
    left, bottom, top, right = 34, 22, 8, 8
    inner_w, inner_h = width - left - right, height - top - bottom
    last = max([round_ for round_, _ in points], default=1)
    span = max(last, 5)

    def x(round_: float) -> float:
        return left + inner_w * round_ / span

    def y(value: float) -> float:
        return top + inner_h * (1 - min(max(value, 0.0), 1.0))

    words = ", ".join(f"round {round_}: {value:.2f}" for round_, value in points[-12:])
    label = "Gini of net worth by round" + (f" ({words})" if words else ": no round played yet")
    grid = "".join(
        f"<line x1='{left}' x2='{width - right}' y1='{y(v):.1f}' y2='{y(v):.1f}' "
        f"stroke='#ccc'/><text x='{left - 4}' y='{y(v) + 4:.1f}' text-anchor='end' "
        f"font-size='11'>{v:.1f}</text>"
        for v in (0.0, 0.5, 1.0)
    )
    line = ""
    if points:
        path = " ".join(f"{x(r):.1f},{y(v):.1f}" for r, v in points)
        line = f"<polyline points='{path}' fill='none' stroke='#1f4e96' stroke-width='2.5'/>"
        r, v = points[-1]
        line += f"<circle cx='{x(r):.1f}' cy='{y(v):.1f}' r='4' fill='#1f4e96'/>"
    axis = (
        f"<text x='{left}' y='{height - 6}' font-size='11'>round 0</text>"
        f"<text x='{width - right}' y='{height - 6}' font-size='11' "
        f"text-anchor='end'>round {span}</text>"
    )
    return (
        f"<svg class='gini-chart' viewBox='0 0 {width} {height}' role='img' "
        f"aria-label='{html.escape(label, quote=True)}' xmlns='http://www.w3.org/2000/svg'>"
        f"<title>{html.escape(label)}</title>{grid}{axis}{line}</svg>"
    )


def lead(table: ClassTable, width: int = 300) -> str:
    """What a table's screens lead with: where the land rent went and the poorest player,
    under the table's names (escaped by :func:`~landlord.views.rent_and_poor.lead_html`);
    "" before the start.

    The block is the table's own; should it ever fail, the table's screens go on without
    it (and the server's log says why).
    """
    game = table.game
    if game is None:
        return ""
    names = [seat.name or name for seat, name in zip(table.seats, game.names, strict=True)]
    try:
        return lead_html(game, names, width=width)
    except Exception:
        log.exception("table %s: where the land rent went could not be shown", table.code)
        return ""


def turn_words(game: Any) -> tuple[str, str]:
    """How a turn starts in this game, for the status and the button: what a player
    does (to throw the dice) and the button's words (Throw the dice)."""
    moves_by = game.family.moves_by
    if moves_by == "two dice":
        return "to throw the dice", "Throw the dice"
    if moves_by == "one die":
        return "to throw the die", "Throw the die"
    return "to play", "Take your turn"


def status_text(table: ClassTable, paused: bool = False, ended: bool = False) -> str:
    """Where the table is, in a sentence: plain text, names as typed (not HTML)."""
    if ended:
        return "The lesson has ended."
    game = table.game
    if game is None:
        missing = len(table.open_seats())
        if missing:
            return (
                f"Waiting for {missing} more player{'s' if missing > 1 else ''} "
                "(the teacher can seat bots)."
            )
        return "Every seat is taken: start the game."
    if table.is_over:
        return f"The game is over after {game.round} rounds. {winners_text(game)}"
    prefix = "Paused by the teacher. " if paused else ""
    where = "The deal" if game.round == 0 else f"Round {game.round}"
    seat = table.turn_seat()
    if seat is None:
        return f"{prefix}{where}: the bots are playing."
    name = game.names[seat]
    if table.seats[seat].player == OPEN:
        return f"{prefix}{where}: waiting for a player to take {name}'s seat."
    if table.game_table.waiting_for == seat:
        return f"{prefix}{where}: {name} is asked: {game.family.question(game, seat)}"
    return f"{prefix}{where}: {name}'s turn {turn_words(game)[0]}."


def _button(kind: str, text: str, index: int | None = None) -> str:
    data = f" data-index='{index}'" if index is not None else ""
    return (
        f"<button type='button' class='act' data-kind='{kind}'{data}>{html.escape(text)}</button>"
    )


def actions_html(table: ClassTable, seat: int | None, paused: bool, ended: bool) -> str:
    """The buttons of ``seat``'s device now (empty when nothing is asked of it)."""
    if seat is None or ended or table.is_over:
        return ""
    if not table.started:
        if not table.open_seats():
            return _button("start", "Start the game")
        return ""
    if paused:
        return ""
    if table.can_throw(seat):
        return "<p class='you'>Your turn.</p>" + _button("throw", turn_words(table.game)[1])
    game_table = table.game_table
    if game_table.waiting_for != seat:
        return ""
    parts = [
        f"<p class='you'>{html.escape(game_table.game.family.question(table.game, seat))}</p>"
    ]
    for item in game_table.choice_menu():
        if isinstance(item, ChoiceGroup):
            buttons = "".join(_button("move", words, index) for index, words in item.choices)
            parts.append(
                f"<details><summary>{html.escape(item.label)} ({len(item.choices)})</summary>"
                f"<div class='group'>{buttons}</div></details>"
            )
        else:
            parts.append(_button("move", item[1], item[0]))
    return "".join(parts)


def players_html(table: ClassTable, connected: Collection[int], you: int | None) -> str:
    """The seats: who sits where, who is here, cash and net worth."""
    game = table.game
    rows = []
    for number, seat in enumerate(table.seats):
        name = seat.name or "(open)"
        if seat.player == OPEN:
            who = "open: waiting for a student"
        elif seat.player == PERSON:
            here = "here" if number in connected else "away"
            who = f"{seat.holder} ({here})" if seat.holder != seat.name else here
        else:
            who = f"bot: {seat.player.replace('_', ' ')}"
        if you == number:
            who += " — you"
        cash = worth = ""
        if game is not None:
            currency = game.rules.info.currency
            cash = money(game.cash(number), currency)
            worth = money(game.net_worths()[number], currency)
        rows.append(
            f"<tr><th scope='row'>{html.escape(name)}</th><td>{html.escape(who)}</td>"
            f"<td>{cash}</td><td>{worth}</td></tr>"
        )
    return (
        "<table class='players'><caption>Players</caption><tr><th scope='col'>player</th>"
        "<th scope='col'>at the seat</th><th scope='col'>cash</th>"
        f"<th scope='col'>net worth</th></tr>{''.join(rows)}</table>"
    )


def shared_view(table: ClassTable, paused: bool = False, ended: bool = False) -> dict[str, Any]:
    """What every device at the table shows alike: the state in words, the board (a
    picture and in words), the log, where the land rent went and the poorest player (the
    lead), the Gini chart, and the standings once it is over."""
    view: dict[str, Any] = {"seq": table.seq, "status": status_text(table, paused, ended)}
    game = table.game
    if game is None:
        view.update(board="", words="", log="", lead="", chart="", standings="")
        return view
    game_table = table.game_table
    last = game_table.last_space
    view["board"] = board_svg(
        game, size=600, last_move=None if last is None else (game_table.last_mover, last)
    )
    view["words"] = board_text_html(game, level=3)
    view["log"] = log_html(game_table.log[-LOG_LINES:], game_table.log_rounds[-LOG_LINES:])
    view["lead"] = lead(table)
    view["chart"] = gini_svg(gini_points(game))
    view["standings"] = standings_html(game) if table.is_over else ""
    return view


def seat_view(
    shared: dict[str, Any],
    table: ClassTable,
    seat: int | None,
    connected: Collection[int],
    paused: bool,
    ended: bool,
) -> dict[str, Any]:
    """One device's view: the shared part, its seat's buttons, the players as it sees them."""
    view = {key: value for key, value in shared.items() if key != "standings"}
    view["actions"] = actions_html(table, seat, paused, ended)
    view["players"] = players_html(table, connected, seat) + shared["standings"]
    return view


def table_view(
    table: ClassTable,
    seat: int | None,
    connected: Collection[int] = (),
    paused: bool = False,
    ended: bool = False,
) -> dict[str, Any]:
    """Everything one device at the table shows, as fragments (see the module's text)."""
    shared = shared_view(table, paused, ended)
    return seat_view(shared, table, seat, connected, paused, ended)


def table_card(
    table: ClassTable, connected: Collection[int], paused: bool, ended: bool
) -> dict[str, Any]:
    """The teacher's card of a table: its state, its seats with their controls, where
    the land rent went and the poorest player (the lead), a small board and its Gini
    curve."""
    game = table.game
    seat_rows = []
    for number, seat in enumerate(table.seats):
        if seat.player == OPEN:
            who = "open"
        elif seat.player == PERSON:
            here = "here" if number in connected else "away"
            who = here if seat.holder == seat.name else f"{seat.holder} ({here})"
        else:
            who = f"bot: {seat.player.replace('_', ' ')}"
        options = "".join(
            f"<option value='{bot}'>{bot.replace('_', ' ')}</option>"
            for bot in BOTS
            if bot != seat.player
        )
        code = html.escape(table.code, quote=True)
        label = f"Seat {number + 1} of table {code}"
        control = ""
        if not table.is_over and not ended:
            control = (
                f"<label class='visually-hidden' for='seat-{code}-{number}'>{label}</label>"
                f"<select id='seat-{code}-{number}' data-table='{code}' "
                f"data-seat='{number}' class='seat-control'>"
                "<option value=''>change…</option>"
                + (
                    f"<option value='{OPEN}'>open for a student</option>"
                    if seat.player != OPEN
                    else ""
                )
                + f"{options}</select>"
            )
        name = html.escape(seat.name) if seat.name else f"seat {number + 1}"
        seat_rows.append(f"<li><b>{name}</b>: {html.escape(who)} {control}</li>")
    card: dict[str, Any] = {
        "code": table.code,
        "seq": table.seq,
        "title": table.title,
        "pair": table.spec.get("pair", ""),
        "status": status_text(table, paused, ended),
        "seats": "<ul class='seats'>" + "".join(seat_rows) + "</ul>",
        "start": not table.started and not ended,
        "board": "",
        "lead": "",
        "chart": "",
        "gini": None,
        "round": 0,
    }
    if game is not None:
        card["board"] = board_svg(game, size=220)
        card["lead"] = lead(table, width=260)
        points = gini_points(game)
        card["chart"] = gini_svg(points, width=220, height=110)
        card["gini"] = points[-1][1] if points else None
        card["round"] = game.round
    return card
