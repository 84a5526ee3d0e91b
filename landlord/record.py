"""What a game leaves behind: per-round tables, transfers, standings, and its history.

A :class:`GameRecord` is built from a session (:meth:`GameRecord.from_session`)
or from a saved file (:func:`load_game`). Saved games are plain, versioned
JSON: the rule set and its options, the players, the seed and the recorded
actions and chance outcomes. Loading replays them through the engine and
checks the result against the figures saved with them, so a damaged or
mismatched file is refused whole, with the reason.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from landlord import limits
from landlord.engine import GameState
from landlord.engine.history import (
    history_to_json,
    ledger_digest,
    replay,
    rules_of,
    rules_reference,
)
from landlord.version import __version__

if TYPE_CHECKING:  # pragma: no cover - for the annotations only
    from landlord.session import Session

__all__ = [
    "FORMAT",
    "VERSION",
    "GameRecord",
    "SavedGameError",
    "check_seeded",
    "history_to_json",
    "load_game",
    "read_game",
    "replay",
]

FORMAT = "landlord-game"
VERSION = 1


class SavedGameError(ValueError):
    """A saved game that cannot be loaded; the message says which file and why."""


@dataclass
class GameRecord:
    """One game's outcome and history.

    Attributes
    ----------
    rules : str
        The rule set id; ``options`` the options in force.
    names, policies : list
        The players in turn order, and their strategies with parameters.
    seed : int or None
        The session's seed (``None`` for a game loaded without one).
    history : list
        Every action and chance outcome, as JSON-ready objects.
    game : GameState
        The final state, for anything the tables leave out.
    """

    rules: str
    options: dict[str, Any]
    names: list[str]
    policies: list[dict[str, Any]]
    seed: int | None
    history: list[Any]
    game: GameState = field(repr=False)

    @property
    def rules_file(self) -> str:
        """The path of the rule set's TOML file if it is the user's own, else ""."""
        return rules_reference(self.game.rules).get("rules_file", "")

    @classmethod
    def from_session(cls, session: Session) -> GameRecord:
        """What a session's game has left so far: tables, standings, history.

        Examples
        --------
        >>> from landlord.session import Session
        >>> session = Session("landlords_game", ["eager_landlord"] * 2, seed=3)
        >>> game = session.run(max_steps=150)  # part of the way
        >>> record = GameRecord.from_session(session)
        >>> record.names, game.is_over, int(record.rounds["round"].max()) == game.round - 1
        (['eager_landlord 1', 'eager_landlord 2'], False, True)
        """
        game = session.game
        return cls(
            rules=session.rules.id,
            options=dict(session.rules.options),
            names=list(game.names),
            policies=[
                {
                    "strategy": policy.name,
                    "description": policy.describe(),
                    "params": _plain(policy.params()),
                }
                for policy in session.policies
            ],
            seed=session.seed,
            history=history_to_json(game.history),
            game=game,
        )

    # --- tables -------------------------------------------------------------------

    @property
    def rounds(self):
        """Per round and player: what he holds, in his family's words, with his score and
        net worth.

        Round 0 is after the deal; the last rows are the end of the game. The
        columns after ``round``, ``player`` and ``name`` are the family's
        (``game.family.round_columns``): every family has ``cash``,
        ``land_value``, ``score`` (the rule set's own count) and ``net_worth``.
        Magie's games add ``lots``, ``franchises``, ``railroads``,
        ``licenses``, ``luxuries``, ``professors``, ``houses`` and ``debts``;
        the later game ``streets``, ``utilities``, ``railroads``, ``houses``
        (a hotel counts five) and ``mortgaged``, and its score is the net
        worth as the short game values it.
        """
        import pandas as pd

        rows = [(r, p, self.names[p], *rest) for r, p, *rest in self.game.round_rows]
        columns = ["round", "player", "name", *self.game.family.round_columns]
        return pd.DataFrame(rows, columns=columns)

    @property
    def round_summary(self):
        """Per round, how concentrated the game is and where the money went.

        One row per round (0 is after the deal): the Gini of cash and of net
        worth (:func:`landlord.metrics.gini`), the richest player's share of
        all net worth (``leader_share``), the Herfindahl index of the land
        the players hold, by printed price (``land_concentration``; NaN when
        nobody holds land, as under the single tax, where deeds are worth
        nothing), the Public Treasury's balance at the round's end, and what
        was paid that round in ``rent`` (land rent, house rent and fares),
        ``wages``, ``taxes`` (taxes and fines) and ``public_spending``, by the
        groups of :data:`landlord.flows.REASON_GROUPS`.
        """
        import numpy as np
        import pandas as pd

        from landlord.flows import RENT_GROUPS, group_of
        from landlord.metrics import gini, herfindahl, top_share

        rounds = self.rounds
        n = len(self.names)
        numbers = sorted(rounds["round"].unique())
        by_round = rounds.sort_values(["round", "player"])

        def table(column: str) -> np.ndarray:
            return by_round[column].to_numpy(dtype=float).reshape(len(numbers), n)

        worth, land = table("net_worth"), table("land_value")
        held = land.sum(axis=1) > 0
        concentration = np.full(len(numbers), np.nan)
        concentration[held] = herfindahl(land[held])
        frame = pd.DataFrame(
            {
                "round": numbers,
                "gini_cash": gini(table("cash")),
                "gini_net_worth": gini(worth),
                "leader_share": top_share(worth),
                "land_concentration": concentration,
            }
        )
        treasury = self.game.pile_account.get("public_treasury", -1)
        paid = {name: dict.fromkeys(numbers, 0) for name in ("rent", "wages", "taxes", "spent")}
        columns = dict.fromkeys(RENT_GROUPS, "rent")
        columns.update({"wages": "wages", "taxes and fines": "taxes", "public spending": "spent"})
        into_treasury = dict.fromkeys(numbers, 0)  # net, by round
        for record in self.game.ledger.records:
            if record.round not in into_treasury:
                continue  # a round still being played has no row yet
            column = columns.get(group_of(record.reason))
            if column is not None:
                paid[column][record.round] += record.amount
            if record.payee == treasury:
                into_treasury[record.round] += record.amount
            elif record.payer == treasury:
                into_treasury[record.round] -= record.amount
        frame["treasury"] = np.cumsum([into_treasury[number] for number in numbers])
        frame["rent"] = [paid["rent"][number] for number in numbers]
        frame["wages"] = [paid["wages"][number] for number in numbers]
        frame["taxes"] = [paid["taxes"][number] for number in numbers]
        frame["public_spending"] = [paid["spent"][number] for number in numbers]
        return frame

    @property
    def transfers(self):
        """Every payment: round, turn, payer, payee (names and account numbers), amount, reason."""
        import pandas as pd

        names = self.game.ledger.names
        frame = pd.DataFrame(
            self.game.ledger.records,
            columns=["round", "turn", "payer_id", "payee_id", "amount", "reason"],
        )
        frame.insert(2, "payer", [names[i] for i in frame["payer_id"]])
        frame.insert(3, "payee", [names[i] for i in frame["payee_id"]])
        return frame

    @property
    def standings(self):
        """The final table, best score first, with the rule set's score and net worth."""
        import pandas as pd

        return pd.DataFrame(self.standings_rows())

    def standings_rows(self) -> list[dict[str, Any]]:
        """:attr:`standings` as plain rows (no pandas): ``place``, ``player``, ``name``,
        the family's round columns and ``left_in_round``, best first."""
        columns = self.game.family.round_columns
        last: dict[int, tuple] = {}
        for _, player, *rest in self.game.round_rows:
            last[player] = tuple(rest)
        # A player who left the game (bankrupt) has nothing: the later he left, the better.
        left = self.game.family.outcome(self.game).left_in_round
        score = columns.index("score")

        def order(player: int) -> tuple:
            stayed = left[player] if left[player] >= 0 else 10**9
            return (-last[player][score], -stayed, player)

        return [
            {
                "place": place,
                "player": player,
                "name": self.names[player],
                **dict(zip(columns, last[player], strict=True)),
                "left_in_round": left[player],
            }
            for place, player in enumerate(sorted(last, key=order), start=1)
        ]

    @property
    def end_reason(self) -> str:
        return self.game.end_reason

    @property
    def n_rounds(self) -> int:
        return self.game.round

    @property
    def n_turns(self) -> int:
        return self.game.turns_played

    def summary(self) -> dict[str, Any]:
        """The game in a few figures, JSON-ready: who won and why, the family's own
        figures of the game (``figures``), the standings and every account."""
        game = self.game
        outcome = game.family.outcome(game)
        standings = self.standings
        return {
            "rules": self.rules,
            "family": game.family.name,
            "options": self.options,
            "seed": self.seed,
            "players": self.names,
            "rounds_played": self.n_rounds,
            "turns_played": self.n_turns,
            "over": game.is_over,
            "end_reason": self.end_reason,
            "winners": [self.names[player] for player in outcome.winners],
            "figures": _plain(game.family.game_figures(game)),
            **_plain(game.family.details(game)),
            "standings": standings.to_dict(orient="records"),
            "accounts": dict(zip(self.game.ledger.names, self.game.ledger.balances, strict=True)),
        }

    # --- saving -----------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The saved-game document."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "landlord": __version__,
            "rules": self.rules,
            **({"rules_file": self.rules_file} if self.rules_file else {}),
            "options": self.options,
            "players": [
                {"name": name, **policy}
                for name, policy in zip(self.names, self.policies, strict=True)
            ],
            "seed": self.seed,
            "history": self.history,
            "result": result_of(self.game),
        }

    def save(self, path: str | Path) -> Path:
        """Write the game as JSON to ``path``; return the path.

        The file is written atomically (to a temporary file in the same
        folder, then renamed): an error or Ctrl-C leaves any old file whole.
        An existing file is replaced; ``landlord play --save`` refuses to
        replace one without ``--force``.
        """
        from landlord.writing import write_text_atomically

        path = Path(path)
        write_text_atomically(path, json.dumps(self.to_json(), indent=1) + "\n")
        return path


def result_of(game: GameState) -> dict[str, Any]:
    """The figures a replay must reproduce: balances, turns and a digest of the ledger."""
    return {
        "over": game.is_over,
        "turns": game.turns_played,
        "balances": list(game.ledger.balances),
        "ledger_sha256": ledger_digest(game.ledger),
    }


def load_game(path: str | Path) -> GameRecord:
    """Load a saved game, replaying it and checking it against its saved result.

    Raises
    ------
    SavedGameError
        If the file is missing, not JSON, of another format or version, or
        its history does not replay to the saved result. Nothing is loaded.
    """
    path = Path(path)
    try:
        with path.open("rb") as handle:
            text = handle.read(limits.GAME_BYTES + 1)
    except OSError as error:
        raise SavedGameError(
            f"{limits.shown(path)}: cannot read the file ({error.strerror or error}); "
            "the saved game was not loaded"
        ) from None
    except ValueError as error:  # a path with a NUL in it
        raise SavedGameError(
            f"{limits.shown(path)}: cannot read the file ({error}); the saved game was not loaded"
        ) from None
    return read_game(text, path.name)


def read_game(text: str | bytes, name: str = "the saved game") -> GameRecord:
    """A saved game from its text (an uploaded file, say), checked as :func:`load_game`
    checks a file; ``name`` is what error messages call it.

    Examples
    --------
    >>> read_game(b"{}", "upload.json")
    Traceback (most recent call last):
    ...
    landlord.record.SavedGameError: upload.json: not a landlord saved game (no "format": \
"landlord-game"); the saved game was not loaded
    """

    def refuse(why: str) -> SavedGameError:
        return SavedGameError(f"{name}: {why}; the saved game was not loaded")

    if len(text) > limits.GAME_BYTES:
        raise refuse(f"larger than {limits.GAME_BYTES:,} bytes, the most a saved game may be")
    try:
        document = limits.parse_json(text)
    except ValueError as error:
        raise refuse(str(error)) from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise refuse(f'not a landlord saved game (no "format": "{FORMAT}")')
    if document.get("version") != VERSION:
        raise refuse(
            f"saved by format version {document.get('version')!r}; this kit reads {VERSION}"
        )
    for key, kind in (
        ("rules", str),
        ("options", dict),
        ("players", list),
        ("history", list),
        ("result", dict),
    ):
        if not isinstance(document.get(key), kind):
            raise refuse(f"field {key!r}: expected {kind.__name__}")
    players = document["players"]
    for number, player in enumerate(players):
        if not isinstance(player, dict) or not isinstance(player.get("name"), str):
            raise refuse(
                f"field 'players', entry {number}: expected an object with a 'name' (text)"
            )
    if len(document["history"]) > limits.HISTORY:
        raise refuse(f"field 'history': more than {limits.HISTORY:,} entries")
    try:
        rules = rules_of(document)
    except ValueError as error:
        raise refuse(str(error)) from None
    names = [p["name"] for p in players]
    try:
        game = replay(rules, names, document["history"])
    except ValueError as error:
        raise refuse(str(error)) from None
    if result_of(game) != document["result"]:
        raise refuse("its history does not replay to the saved result (the file was changed)")
    return GameRecord(
        rules=rules.id,
        options=dict(rules.options),
        names=names,
        policies=[{k: v for k, v in p.items() if k != "name"} for p in players],
        seed=document.get("seed"),
        history=document["history"],
        game=game,
    )


def _plain(value: Any) -> Any:
    """Parameters as JSON-ready values."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, float) and math.isnan(value):
        return None  # undefined (a share of no lots held): JSON has no NaN
    if isinstance(value, int | float | str | bool) or value is None:
        return value
    return repr(value)


def check_seeded(record: GameRecord, name: str = "the saved game") -> bool:
    """Whether the saved game is the one its seed and its players play: the game is
    played again from the saved seed, with each player's saved strategy and its
    parameters, the people at the controls answering as the file says; every bot's
    decision and every throw, card and deal must be the one saved.

    What this proves, and what not: a game that passes is one this version of the
    kit plays, with these rules, this seed and these bots (an edited seed, a bot
    relabelled or given other parameters, a bot's description that its parameters
    do not give, or an edited step is refused). It does not
    prove who sat at the table (names are only labels), nor that the game was not
    made up: anyone can play a seed and save it. A file without a seed cannot be
    checked this way; its steps are still checked as legal by :func:`read_game`.

    Returns
    -------
    bool
        True if checked; False if the file has no seed (nothing to check against).

    Raises
    ------
    SavedGameError
        Naming the file and the first history entry the seed's game plays otherwise.

    Examples
    --------
    >>> import landlord
    >>> record = landlord.play("landlords_game", players=2, seed=3)
    >>> check_seeded(record)
    True
    >>> import dataclasses
    >>> check_seeded(dataclasses.replace(record, seed=4), "game.json")
    Traceback (most recent call last):
    ...
    landlord.record.SavedGameError: game.json: history entry 0: seed 4 with these players \
plays {"outcome": ...} there, the file says {"outcome": ...}: its seed, its players' strategies \
or its steps were changed (or another version of the kit saved it); the saved game was not \
loaded
    """
    from landlord.engine.actions import action_from_json
    from landlord.policies import make_policy
    from landlord.session import Session

    def refuse(why: str) -> SavedGameError:
        return SavedGameError(f"{name}: {why}; the saved game was not loaded")

    if record.seed is None:
        return False
    try:
        players = [
            make_policy(
                str(policy.get("strategy")),
                **{k: v for k, v in (policy.get("params") or {}).items() if k != "name"},
            )
            for policy in record.policies
        ]
        session = Session(
            record.rules_file or record.rules,
            players,
            seed=record.seed,
            names=record.names,
            **record.options,
        )
    except (ValueError, TypeError) as error:
        raise refuse(f"its players or rules cannot be set up again: {error}") from None
    for seat, (policy, player) in enumerate(zip(record.policies, players, strict=True)):
        label = (policy.get("params") or {}).get("name", player.name)
        if label != policy.get("strategy") or policy.get("description") != player.describe():
            raise refuse(
                f"player {seat + 1} ({record.names[seat]}): the file calls the bot "
                f"{policy.get('strategy')!r}, {policy.get('description')!r}, but its "
                f"parameters make {label!r}, {player.describe()!r}"
            )
    game, saved = session.game, record.history
    while len(game.history) < len(saved):
        number = len(game.history)
        if game.is_over:
            raise refuse(f"history entry {number}: the seed's game was already over")
        try:
            if session.waiting_for is not None:
                session.answer(action_from_json(saved[number]))
            else:
                session.step()
        except ValueError as error:
            raise refuse(f"history entry {number}: {error}") from None
        taken = history_to_json(game.history[number : number + 1])
        if json.dumps(taken) != json.dumps(saved[number : number + 1]):
            played = json.dumps(taken[0]) if taken else "nothing"
            raise refuse(
                f"history entry {number}: seed {record.seed} with these players plays "
                f"{played} there, the file says {json.dumps(saved[number])}: its seed, its "
                "players' strategies or its steps were changed (or another version of the "
                "kit saved it)"
            )
    return True
