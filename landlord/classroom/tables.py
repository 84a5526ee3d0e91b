"""A class's tables: seats, the game at each, and the entries that made them.

A :class:`ClassTable` is made only of its entries (:mod:`landlord.classroom.store`),
applied in order by :meth:`ClassTable.apply`. The server checks an entry
(:meth:`ClassTable.refusal`), writes it to the store under the next number,
and only then applies it; a server that starts again reads the entries back
and applies them again, reaching the same game. The kinds of entry:

``join``  {seat, name, token}
    A student takes an open seat under a name, seated plain
    (:func:`~landlord.classroom.names.plain_name`) and refused if it shows
    nothing or is, but for case, a name at the table; ``token`` is the SHA-256
    of the seat key kept in the student's browser, so a reload or a lost
    connection finds the seat again and nobody else can act for it.
``seat``  {seat, player}
    The teacher puts a bot in a seat (``player`` a strategy name), or opens it
    for a student (``"open"``: the old key no longer works). During a game
    this swaps who decides for that player; the game goes on.
``start`` {}
    Every seat is filled: the game is dealt. Its names are the seats' names.
``throw`` {seat}
    The player whose turn it is, a person, starts the turn (throws the dice).
``move``  {seat, index, action}
    A person answers the question asked: the ``index``-th legal action, which
    must be ``action`` (so a stale or tampered answer is refused, not applied
    to another question).

Bots play their turns at once, after the entry that hands them the turn, so
a table waits only for people. Same entries, same game: the dice and the bots
come from the table's seed (:class:`landlord.session.Session`).

Examples
--------
>>> table = ClassTable("AB12", {"rules": "landlords_game", "seed": 3, "seats": 2})
>>> table.apply({"kind": "join", "seat": 0, "name": "Ann", "token": token_hash("k")})
>>> table.apply({"kind": "seat", "seat": 1, "player": "eager_landlord"})
>>> table.refusal({"kind": "start"}) is None
True
>>> table.apply({"kind": "start"})
>>> table.game.names
('Ann', 'eager landlord 2')
>>> table.seat_of(token_hash("k")), table.seat_of(token_hash("guess"))
(0, None)
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from landlord.classroom.names import name_key, plain_name
from landlord.engine.actions import action_to_json
from landlord.policies import STRATEGIES, Human, make_policy
from landlord.rules import load_rules, registered
from landlord.table import NAME_LENGTH, GameTable

__all__ = [
    "BOTS",
    "CODE_LETTERS",
    "ClassTable",
    "Seat",
    "new_code",
    "token_hash",
]

#: Letters of the codes students type: no 0/O, 1/I/L, to read off a projector.
CODE_LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
#: The bots a teacher can seat: every named strategy (the random player too), no person,
#: and not the search bot: the server plays bots' turns as it takes a student's entry, and
#: a search bot's decision takes 20-250 ms of it (a table of them playing on to its end, minutes).
BOTS = tuple(name for name in STRATEGIES if name not in {"human", "search"})
#: Turns the bots may play after one entry (a table of bots only plays on to its end).
MOST_BOT_TURNS = 20_000
#: A seat nobody holds yet.
OPEN = "open"
#: A seat a person holds.
PERSON = "human"


def new_code(length: int = 4, taken: Sequence[str] = ()) -> str:
    """A fresh code of ``length`` letters from :data:`CODE_LETTERS`, not in ``taken``."""
    while True:
        code = "".join(secrets.choice(CODE_LETTERS) for _ in range(length))
        if code not in taken:
            return code


def action_json(action: Any) -> Any:
    """An action as the store keeps it: plain JSON (a tuple in it comes back a list)."""
    return json.loads(json.dumps(action_to_json(action)))


def token_hash(key: str) -> str:
    """What the store keeps of a seat key: its SHA-256, in hex."""
    return hashlib.sha256(key.encode()).hexdigest()


@dataclass
class Seat:
    """One seat: who sits there now."""

    #: ``"open"``, ``"human"`` or a bot's strategy name.
    player: str = OPEN
    #: The player's name in the game (set when the seat is first filled).
    name: str = ""
    #: The SHA-256 of the key of the student who holds it ("" for none).
    token: str = ""
    #: The name of the student now holding it (it may differ from ``name``
    #: after the teacher opened the seat during a game and another took it).
    holder: str = ""


def bot_name(strategy: str, seat: int) -> str:
    """A bot's name at a table: its strategy in words and the seat number."""
    return f"{strategy.replace('_', ' ')} {seat + 1}"[:NAME_LENGTH]


def check_spec(spec: dict[str, Any]) -> Any:
    """Check what a table is to play (see :class:`ClassTable`); return its rule set's
    ``info``, or raise ``ValueError`` with a sentence a teacher can act on."""
    rules = spec.get("rules")
    if not isinstance(rules, str) or rules not in registered():
        raise ValueError(f"There is no rule set {rules!r}.")
    info = load_rules(rules, **spec.get("options", {})).info
    seats = spec.get("seats")
    if (
        not isinstance(seats, int)
        or isinstance(seats, bool)
        or not info.min_players <= seats <= info.max_players
    ):
        raise ValueError(
            f"{info.title} is for {info.min_players} to {info.max_players} players, not {seats!r}."
        )
    seed = spec.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise ValueError(f"The seed is a whole number, not {seed!r}.")
    return info


class ClassTable:
    """One table of a class: its seats and, once started, its game.

    Parameters
    ----------
    code : str
        The table's code, which students type to join.
    spec : dict
        ``rules`` (a rule set id), ``seed`` (same seed, same dice), ``seats``
        (how many players); optional ``options`` (rule options), ``pair`` (a
        label shared by tables on the same dice) and ``bot`` (the strategy the
        teacher's "fill with bots" seats).
    """

    def __init__(self, code: str, spec: dict[str, Any]) -> None:
        try:
            info = check_spec(spec)
        except ValueError as error:
            raise ValueError(f"table {code}: {error}") from None
        seats = spec["seats"]
        self.code = code
        self.spec = dict(spec)
        self.title = info.title
        self.seats = [Seat() for _ in range(seats)]
        self.game_table: GameTable | None = None
        #: How many entries have been applied: the number the next one gets.
        self.seq = 0

    # --- what the table is now --------------------------------------------------------

    @property
    def game(self) -> Any:
        """The game (a GameState), or None before the start."""
        return None if self.game_table is None else self.game_table.game

    @property
    def started(self) -> bool:
        return self.game_table is not None

    @property
    def is_over(self) -> bool:
        return self.game_table is not None and self.game_table.is_over

    def seat_of(self, token: str) -> int | None:
        """The seat held with this key's hash, or None."""
        if not token:
            return None
        for number, seat in enumerate(self.seats):
            if seat.token and secrets.compare_digest(seat.token, token):
                return number
        return None

    def open_seats(self) -> list[int]:
        return [number for number, seat in enumerate(self.seats) if seat.player == OPEN]

    def turn_seat(self) -> int | None:
        """The seat that acts next: the person asked, else the person whose turn starts."""
        table = self.game_table
        if table is None or table.is_over:
            return None
        if table.waiting_for is not None:
            return table.waiting_for
        player = table.game.turn_player
        return player if self.seats[player].player in (PERSON, OPEN) else None

    def can_throw(self, seat: int) -> bool:
        """Whether ``seat`` may start its turn now (a person's turn, no question pending)."""
        table = self.game_table
        return (
            table is not None
            and not table.is_over
            and table.waiting_for is None
            and table.game.turn_player == seat
            and self.seats[seat].player == PERSON
        )

    # --- entries --------------------------------------------------------------------

    def refusal(self, entry: Any, written: bool = False) -> str | None:
        """Why ``entry`` cannot be applied now (a sentence), or None if it can.

        ``written``: the entry is in the store already. A join's name was checked when
        the student joined (:meth:`_name_refusal`) and is not checked again, so a lesson
        kept under older rules for names plays back as it was played.
        """
        if not isinstance(entry, dict):
            return "That is not a move."
        kind = entry.get("kind")
        seat = entry.get("seat")
        if kind != "start":
            if not isinstance(seat, int) or isinstance(seat, bool):
                return "No such seat."
            if not 0 <= seat < len(self.seats):
                return f"Table {self.code} has no seat {seat + 1}."
        if kind == "join":
            return self._join_refusal(entry, written)
        if kind == "seat":
            player = entry.get("player")
            if player != OPEN and player not in BOTS:
                return f"{player!r} is not a bot."
            if self.is_over:
                return "The game is over."
            return None
        if kind == "start":
            if self.started:
                return "The game has started."
            missing = len(self.open_seats())
            if missing:
                return f"Waiting for {missing} more player{'s' if missing > 1 else ''}."
            return None
        if kind == "throw":
            if not self.can_throw(seat):
                return "It is not your turn to throw."
            return None
        if kind == "move":
            return self._move_refusal(entry)
        return f"{kind!r} is not a kind of move."

    def _join_refusal(self, entry: dict[str, Any], written: bool) -> str | None:
        seat = self.seats[entry["seat"]]
        if seat.player != OPEN:
            return "That seat is taken."
        token = entry.get("token")
        if not isinstance(token, str) or len(token) != 64:
            return "That seat key is not valid."
        name = entry.get("name")
        if not isinstance(name, str) or not name.strip():
            return "Type your name."
        return None if written else self._name_refusal(entry["seat"], name)

    def _name_refusal(self, number: int, name: str) -> str | None:
        """Why a student may not sit at seat ``number`` under ``name``: a name that shows
        nothing once made plain (:func:`~landlord.classroom.names.plain_name`), one too
        long, or one that is, but for case, the name of someone at the table."""
        plain = plain_name(name)
        if not plain:
            return "That name shows nothing on a screen: type your name."
        if len(plain) > NAME_LENGTH:
            return f"Your name is too long ({NAME_LENGTH} letters at most)."
        key = name_key(plain)
        for other, seat in enumerate(self.seats):
            if other == number:
                continue  # open: the name of its player in a game under way may be taken
            for taken in (seat.name, seat.holder):
                if taken and name_key(taken) == key:
                    return (
                        f"Someone at table {self.code} is called {taken} already: "
                        "choose another name."
                    )
        return None

    def _move_refusal(self, entry: dict[str, Any]) -> str | None:
        table = self.game_table
        if table is None:
            return "The game has not started."
        if table.is_over:
            return "The game is over."
        if table.waiting_for != entry["seat"]:
            return "It is not your turn to answer."
        actions = table.game.legal_actions()
        index = entry.get("index")
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(actions):
            return "That choice is not offered now."
        if action_json(actions[index]) != entry.get("action"):
            return "That answer was for another question; the screen shows the one asked now."
        return None

    def move_entry(self, seat: int, index: int) -> dict[str, Any]:
        """The entry for ``seat`` choosing the ``index``-th legal action (checked later)."""
        entry: dict[str, Any] = {"kind": "move", "seat": seat, "index": index, "action": None}
        table = self.game_table
        if table is not None and isinstance(index, int) and not isinstance(index, bool):
            actions = table.game.legal_actions()
            if 0 <= index < len(actions):
                entry["action"] = action_json(actions[index])
        return entry

    def apply(self, entry: dict[str, Any]) -> None:
        """Apply an entry (refused ones raise ``ValueError``); bots then play their turns."""
        why = self.refusal(entry, written=True)
        if why is not None:
            raise ValueError(f"table {self.code}, entry {self.seq}: {why}")
        kind = entry["kind"]
        if kind == "join":
            seat = self.seats[entry["seat"]]
            seat.player, seat.token = PERSON, entry["token"]
            # A name kept before names were made plain may show nothing once it is.
            seat.holder = plain_name(entry["name"]) or f"player {entry['seat'] + 1}"
            if not self.started:
                seat.name = seat.holder
        elif kind == "seat":
            self._seat(entry["seat"], entry["player"])
        elif kind == "start":
            seats = [PERSON if seat.player == PERSON else seat.player for seat in self.seats]
            self.game_table = GameTable(
                self.spec["rules"],
                seats,
                seed=self.spec["seed"],
                names=[seat.name for seat in self.seats],
                **self.spec.get("options", {}),
            )
        elif kind == "throw":
            self.game_table.play_turn()
        elif kind == "move":
            self.game_table.choose(entry["index"])
        self.seq += 1
        self._bots_play()

    def _seat(self, number: int, player: str) -> None:
        seat = self.seats[number]
        seat.token, seat.holder = "", ""
        seat.player = player
        if not self.started:
            seat.name = "" if player == OPEN else bot_name(player, number)
            return
        # During the game: a bot takes over, or the seat waits for a person.
        policy = make_policy(Human() if player == OPEN else player)
        self.game_table.session.policies[number] = policy
        self.game_table.seats[number] = PERSON if player == OPEN else player

    def _bots_play(self) -> None:
        """Play on while neither a question nor a turn waits for a person."""
        table = self.game_table
        if table is None:
            return
        for _ in range(MOST_BOT_TURNS):
            if table.is_over or table.waiting_for is not None:
                return
            if self.seats[table.game.turn_player].player in (PERSON, OPEN):
                return
            table.play_turn()
