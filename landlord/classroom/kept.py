"""What if we kept playing? A table's own game played on by bots, for the class server.

A click on a table's page (or on its card on the teacher's dashboard) asks the
server to continue that table's game as it stands
(:func:`landlord.continuations`: bots in every seat, a person's seat played by
:data:`landlord.continued.STANDS_IN`, each bot in its own seat, to round
:data:`UNTIL_ROUND`, :data:`GAMES` times under each set of rules the game
offers, on the table's seed). The games are played by :func:`play_on` in the
server's worker process, the one that plays the dashboard's simulated games,
so the tables never wait; only the game's JSON (its rules, names and history)
and the bots' names cross to it, and the panel comes back as HTML made by the
kit from numbers and escaped names.

A table has one :class:`KeptPlaying` record on the server: the position being
played on (one at a time per table), and the last result, kept for the
position it was played from. A click while a run plays, or at the position
already played, starts nothing: clicks are idempotent. :func:`kept_view` says
where it stands, in the words the pages show.

Examples
--------
>>> from landlord.classroom.tables import ClassTable, token_hash
>>> table = ClassTable("AB12", {"rules": "landlords_game", "seed": 3, "seats": 2})
>>> table.apply({"kind": "join", "seat": 0, "name": "Ann", "token": token_hash("k")})
>>> table.apply({"kind": "seat", "seat": 1, "player": "cautious_tenant"})
>>> table.apply({"kind": "start"})
>>> played_by(table)
('eager_landlord', 'cautious_tenant')
>>> record = KeptPlaying()
>>> kept_view(record, table)["status"]
''
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from landlord.classroom.tables import BOTS, ClassTable

__all__ = [
    "GAMES",
    "UNTIL_ROUND",
    "KeptPlaying",
    "PlayedOn",
    "kept_view",
    "leave_with_server",
    "play_on",
    "played_by",
    "position",
]

#: Continuations of each set of rules a click plays.
GAMES = 200
#: The round they stop after.
UNTIL_ROUND = 100


def played_by(table: ClassTable) -> tuple[str, ...]:
    """Who plays each seat on: its bot, or :data:`~landlord.continued.STANDS_IN` for a
    person's (or an open) seat."""
    from landlord.continued import STANDS_IN

    return tuple(seat.player if seat.player in BOTS else STANDS_IN for seat in table.seats)


def position(table: ClassTable) -> tuple[int, tuple[str, ...]] | None:
    """Where the table's game stands, for playing on: the length of its history (which
    only grows) and who would play each seat; None before the start."""
    if not table.started:
        return None
    return len(table.game.history), played_by(table)


def leave_with_server(server: int, every: float = 2.0) -> None:
    """In the worker process, as it starts: end it when the server that started it is
    gone (killed, say, so that it could not stop its worker), rather than let it wait
    for work for ever. ``server`` is the server's process id."""
    import os
    import threading
    import time

    def watch() -> None:
        while os.getppid() == server:
            time.sleep(every)
        os._exit(0)

    threading.Thread(target=watch, name="leave-with-server", daemon=True).start()


@dataclass(frozen=True)
class PlayedOn:
    """What the worker sends back: the panel, for a table's page (under a level-2
    heading) and for the teacher's card (level 4), and what was played."""

    #: :func:`~landlord.views.kept_playing.kept_playing_html` under an ``h2``.
    table_html: str
    #: The same under an ``h4`` (the card's title is an ``h3``).
    card_html: str
    #: The sets of rules played on (3 for Magie's games: as played and two single taxes).
    rules: int
    games: int
    until_round: int
    #: The round the game stood at.
    from_round: int
    #: The bot that played each seat on.
    players: tuple[str, ...]


def play_on(
    document: dict[str, Any],
    bots: Sequence[str],
    games: int = GAMES,
    until_round: int = UNTIL_ROUND,
    seed: int = 0,
) -> PlayedOn:
    """Play a table's game on (in the worker process): the game is rebuilt from its JSON
    (:meth:`~landlord.engine.state.GameState.to_json`), so nothing else crosses.

    Parameters
    ----------
    document : dict
        The game as :meth:`~landlord.engine.state.GameState.to_json` gives it.
    bots : sequence of str
        The strategy that plays each seat on.
    games, until_round, seed : int
        As :func:`landlord.continuations` takes them.

    Returns
    -------
    PlayedOn

    Raises
    ------
    ValueError
        When the game cannot be played on (over by its own rules, say), in a sentence.
    """
    from landlord.continued import continuations
    from landlord.engine.state import GameState
    from landlord.views.kept_playing import kept_playing_html

    game = GameState.from_json(document)
    result = continuations(game, games=games, until_round=until_round, seed=seed, bots=list(bots))
    return PlayedOn(
        table_html=kept_playing_html(result, heading="h2"),
        card_html=kept_playing_html(result, heading="h4"),
        rules=len(result.labels),
        games=games,
        until_round=until_round,
        from_round=game.round,
        players=tuple(result.parameters["players"]),
    )


@dataclass
class KeptPlaying:
    """One table's playing on, on the server."""

    #: The position being played on now (see :func:`position`), or None.
    running: tuple | None = None
    #: When the run was asked for, among all tables' runs (they queue in that order).
    order: int = 0
    #: The round the game stood at when the run was asked for.
    from_round: int = 0
    #: The position the last result (or failure) was played from.
    played: tuple | None = None
    #: The last result, or None.
    result: PlayedOn | None = None
    #: Why the last run from :attr:`played` gave no result ("" when it did).
    failed: str = ""
    #: Counts the results: a screen is sent a panel only when it has not seen this one.
    number: int = 0

    def settled(self, at: tuple | None) -> bool:
        """Whether playing on from ``at`` is played already (or could not be)."""
        return at is not None and self.played == at


def _count(number: int, word: str) -> str:
    return f"{number:,} {word}{'' if number == 1 else 's'}"


def kept_view(
    record: KeptPlaying,
    table: ClassTable,
    games: int = GAMES,
    until_round: int = UNTIL_ROUND,
    ahead: int = 0,
    where: str = "",
) -> dict[str, Any] | None:
    """The button's state and the status line, for a table's page or its card.

    Returns None before the game starts (nothing to play on), else a dict: ``can``
    (the button may be pressed), ``playing`` (a run plays: the button says so) and
    ``status`` (a sentence; ``where`` is added after one that announces charts, such
    as " The charts are at the foot of the page.").
    """
    at = position(table)
    if at is None or not games:
        return None
    playing = record.running is not None
    status = ""
    if playing:
        status = (
            f"Playing on: bots play this game from round {record.from_round} to round "
            f"{until_round}, {_count(games, 'time')} under each set of rules. It takes some "
            "seconds."
        )
        if ahead:
            status += f" It waits for {_count(ahead, 'other table')} first."
    elif record.settled(at):
        if record.failed:
            status = record.failed
        else:
            played = record.result
            status = (
                f"Played on {_count(played.games, 'time')} under each of "
                f"{_count(played.rules, 'set')} of rules, to round {played.until_round}."
                f"{where}"
            )
    elif record.failed and record.played is None:  # to try again (the worker stopped)
        status = record.failed
    elif record.result is not None:
        status = (
            f"The charts play on from round {record.result.from_round}; the table has moved "
            "on since. Press the button to play on from where it stands now."
        )
    return {"can": not playing and not record.settled(at), "playing": playing, "status": status}
