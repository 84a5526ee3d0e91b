"""A game at the table: seats, turns, a person's choices and the story so far.

:class:`GameTable` is what the apps' buttons talk to, and what the class server
(:mod:`landlord.classroom.tables`) plays each table's game with. It holds a
:class:`~landlord.session.Session`, plays the bots' turns when asked, offers a
person the legal actions of the decision they face, and keeps the event log.
It imports nothing of Jupyter, so it is tested (and usable) without a
browser; every rule stays with the engine.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from landlord.engine import IllegalMove
from landlord.families import family_of
from landlord.rules import load_rules, registered
from landlord.session import Session
from landlord.standing import ASIDES, STANDING, THROW, Standing
from landlord.views.events import Narrator

__all__ = [
    "ASIDES",
    "GROUPED_OVER",
    "MAX_STEPS_PER_TURN",
    "NAME_LENGTH",
    "PLACED",
    "STANDING",
    "THROW",
    "ChoiceGroup",
    "GameTable",
    "check_seats",
    "rule_set_menu",
]

#: A turn that takes more steps than this is stopped (a safety net; none does).
MAX_STEPS_PER_TURN = 10_000
#: The longest player name the apps accept.
NAME_LENGTH = 24
#: A question with more choices than this shows its choices of one kind in groups.
GROUPED_OVER = 8
#: How a group of choices of one kind is called, and which field names the other player.
GROUP_WORDS: dict[str, tuple[str, str | None]] = {
    "OfferCard": ("sell a card to {other}", "buyer"),
    "OfferLuxury": ("sell a luxury card to {other}", "buyer"),
    "AskLoan": ("borrow from {other}", "lender"),
    "AskForCard": ("buy a card from another player", None),
    "Trade": ("trade with {other}", "partner"),
    "FormTrust": ("form a railroad Trust", None),
    "ClaimSite": ("build on a site", None),
    "Build": ("build a house", None),
    "BuildHotel": ("build a hotel", None),
    "SellBuilding": ("sell a building back to the bank", None),
    "Mortgage": ("mortgage a property", None),
    "LiftMortgage": ("lift a mortgage", None),
    "Repay": ("repay a debt", None),
    "Bid": ("bid", None),
    "Move": ("move", None),
}
#: Choices that end a player's part in the game: offered after the others.
LAST_RESORTS = ("GiveUp", "GoBankrupt")
#: Choices made at a place on the board, and the action's field that names the place:
#: a click on that place takes them (:meth:`GameTable.board_choices`).
PLACED = {
    "Move": "to",
    "Buy": "space",
    "Build": "space",
    "BuildHotel": "space",
    "ClaimSite": "space",
    "PlayCards": "space",
    "BuyCell": "space",
}


class ChoiceGroup(tuple):
    """Choices of one kind shown together: ``(label, [(index, words), ...])``."""

    __slots__ = ()

    @property
    def label(self) -> str:
        return self[0]

    @property
    def choices(self) -> list[tuple[int, str]]:
        return self[1]


def rule_set_menu() -> list[tuple[str, str]]:
    """The registered rule sets as (text to show, id): reconstructions marked, and the
    tag a family puts on its rule sets (the later game's "historical rules").

    Examples
    --------
    >>> ("The Landlord's Game", "landlords_game") in rule_set_menu()
    True
    >>> [text for text, rules_id in rule_set_menu() if rules_id == "prosperity"]
    ['Prosperity (reconstruction)']
    >>> dict(rule_set_menu())["Monopoly: the 1972 UK rules (historical rules)"]
    'monopoly_uk_1972'
    """
    menu = []
    for rules_id in registered():
        rule_set = load_rules(rules_id)
        info = rule_set.info
        text = info.title
        if info.status == "reconstruction" and "reconstruction" not in text.lower():
            text += " (a reconstruction)"
        elif (tag := family_of(rule_set).menu_tag) and tag.lower() not in text.lower():
            text += f" ({tag})"
        menu.append((text, rules_id))
    return menu


def check_seats(
    rules: Any, seats: Sequence[str], names: Sequence[str] | None = None
) -> tuple[list[str], list[str]]:
    """Check seats and names as they come from a form; return them cleaned.

    Raises ``ValueError`` with a sentence a student can act on: too few or
    too many seats for the rule set, an unknown player, a name that is
    empty, too long or used twice.

    Examples
    --------
    >>> check_seats("landlords_game", ["human", "eager_landlord"], [" Ann ", "Bob"])
    (['human', 'eager_landlord'], ['Ann', 'Bob'])
    >>> check_seats("landlords_game", ["human"])
    Traceback (most recent call last):
    ...
    ValueError: The Landlord's Game is for 2 to 4 players, not 1.
    """
    from landlord.policies import STRATEGIES

    rule_set = load_rules(rules) if isinstance(rules, str) else rules
    info = rule_set.info
    seats = [str(seat) for seat in seats]
    if not info.min_players <= len(seats) <= info.max_players:
        raise ValueError(
            f"{info.title} is for {info.min_players} to {info.max_players} players, "
            f"not {len(seats)}."
        )
    for seat in seats:
        if seat not in STRATEGIES:
            raise ValueError(f"{seat!r} is not a player: choose one of {', '.join(STRATEGIES)}.")
    if names is None:
        names = [f"{seat} {number + 1}" for number, seat in enumerate(seats)]
    names = [" ".join(str(name).split()) for name in names]
    if len(names) != len(seats):
        raise ValueError(f"{len(names)} names for {len(seats)} seats.")
    for name in names:
        if not name:
            raise ValueError("Every player needs a name.")
        if len(name) > NAME_LENGTH:
            raise ValueError(
                f"The name {name[:NAME_LENGTH]}... is too long ({NAME_LENGTH} at most)."
            )
    if len(set(names)) != len(names):
        raise ValueError("Two players have the same name; give each a name of their own.")
    return seats, names


class GameTable:
    """One game and its players, played a turn at a time.

    Parameters
    ----------
    rules : str
        A rule set id (see :func:`landlord.rules.registered`).
    seats : sequence of str
        A strategy name per seat, or ``"human"`` for a person at the controls.
    seed : int
        Same seed, same seats: the same game.
    names : sequence of str, optional
        The players' names (checked by :func:`check_seats`).
    explain : bool, default False
        Explain each step in the log with the rule that applies (see
        :class:`~landlord.views.events.Narrator`); :attr:`explain` changes it later.
    plays_for_people : bool, default False
        Take for the people at the controls the choices where there is nothing to
        decide (:meth:`routine_choice`): the game asks them only real questions.
        :attr:`plays_for_people` changes it later.
    **options
        Rule set options.

    Examples
    --------
    >>> table = GameTable("landlords_game", ["eager_landlord", "cautious_tenant"], seed=4)
    >>> table.play_turn()
    True
    >>> table.game.turns_played
    1
    """

    def __init__(
        self,
        rules: str = "landlords_game",
        seats: Sequence[str] = ("human", "eager_landlord", "eager_landlord"),
        seed: int = 1,
        names: Sequence[str] | None = None,
        explain: bool = False,
        plays_for_people: bool = False,
        **options: Any,
    ) -> None:
        if rules not in registered():
            raise ValueError(
                f"Unknown rule set {rules!r}: choose one of {', '.join(registered())}."
            )
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise ValueError(f"The seed is a whole number from 0 up, not {seed!r}.")
        rule_set = load_rules(rules, **options)
        seats, names = check_seats(rule_set, seats, names)
        self.rules_id = rules
        self.seats = seats
        self.session = Session(rule_set, seats, seed=seed, names=names)
        self.game = self.session.game
        #: Every line told, the whole game (a long game tells some tens of thousands).
        self.log: list[str] = []
        #: The round each line of :attr:`log` was told in.
        self.log_rounds: list[int] = []
        self._narrator = Narrator(self.game, explain=explain)
        self.last_space: int | None = None
        self.last_mover: int | None = None
        #: Whether the choices with nothing to decide are taken for people (see above).
        self.plays_for_people = plays_for_people
        #: Answers the people at the controls gave for the rest of the game (and took
        #: back): :mod:`landlord.standing`.
        self.standing = Standing()
        self._play_on(self._stage())  # the deal, up to the first throw

    # --- saving and going on --------------------------------------------------------

    def saved(self) -> str:
        """The game so far as a saved-game document (JSON text, see :mod:`landlord.record`)."""
        import json

        from landlord.record import GameRecord

        return json.dumps(GameRecord.from_session(self.session).to_json(), indent=1) + "\n"

    @classmethod
    def from_saved(cls, text: str | bytes, name: str = "the saved game") -> GameTable:
        """A table that goes on with a saved game: the same seats, seed and story.

        The file is checked whole (:func:`landlord.record.read_game`), then the
        game is played again from its seed with the saved decisions of the
        people at the controls, so that the bots and the dice go on exactly as
        they would have; every step must match the file.

        Raises
        ------
        landlord.record.SavedGameError
            Naming the file and what is wrong with it; nothing is loaded.

        Examples
        --------
        >>> table = GameTable("landlords_game", ["eager_landlord"] * 2, seed=3)
        >>> table.play_round()
        True
        >>> again = GameTable.from_saved(table.saved())
        >>> again.game.history == table.game.history, again.log == table.log
        (True, True)
        """
        import json

        from landlord.engine.actions import action_from_json
        from landlord.engine.history import history_to_json
        from landlord.record import SavedGameError, read_game, result_of

        record = read_game(text, name)

        def refuse(why: str) -> SavedGameError:
            return SavedGameError(f"{name}: {why}; the saved game was not loaded")

        if record.seed is None:
            raise refuse("it has no seed, so its dice and bots cannot go on")
        seats = [str(policy.get("strategy")) for policy in record.policies]
        try:
            table = cls(
                record.rules, seats, seed=record.seed, names=record.names, **record.options
            )
        except ValueError as error:
            raise refuse(str(error)) from None
        saved = record.history
        game = table.game
        while len(game.history) < len(saved):
            number = len(game.history)
            if game.is_over:
                raise refuse(f"history entry {number}: the game was already over")
            try:
                if table.waiting_for is not None:
                    action = action_from_json(saved[number])
                    table._take(lambda action=action: table.session.answer(action))
                else:
                    table._take(table.session.step)
            except ValueError as error:
                raise refuse(f"history entry {number}: {error}") from None
            taken = json.dumps(history_to_json(game.history[number : number + 1]))
            if taken != json.dumps(saved[number : number + 1]):
                raise refuse(
                    f"history entry {number}: the bots or the dice of seed {record.seed} "
                    "play otherwise (was it saved by another version of the kit?)"
                )
        if result_of(game) != result_of(record.game):
            raise refuse("it does not play again to the saved result")
        return table

    # --- what the table shows ---------------------------------------------------

    @property
    def explain(self) -> bool:
        """Whether the log explains each step with the rule that applies ("Why? ..." lines)."""
        return self._narrator.explain

    @explain.setter
    def explain(self, on: bool) -> None:
        self._narrator.explain = bool(on)

    @property
    def names(self) -> list[str]:
        return list(self.game.names)

    @property
    def waiting_for(self) -> int | None:
        """The seat of the person who must decide now, or None."""
        return self.session.waiting_for

    @property
    def is_over(self) -> bool:
        return self.game.is_over

    def choices(self) -> list[str]:
        """The person's legal actions in words, in the engine's order (empty if none)."""
        if self.waiting_for is None:
            return []
        return [self.game.describe(action) for action in self.game.legal_actions()]

    def choice_menu(self) -> list[tuple[int, str] | ChoiceGroup]:
        """The choices as a short menu: ``(index, words)`` for a choice on its own,
        a :class:`ChoiceGroup` for several of one kind.

        A question with at most :data:`GROUPED_OVER` choices lists them all. A
        longer one (a player who cannot pay may sell any card to anyone at
        several prices) puts each kind in a group, one per other player where
        the kind names one ("sell a card to Bob"). Choices that end the
        player's part in the game (the Poor House, bankruptcy) come last.

        Examples
        --------
        >>> table = GameTable("landlords_game", ["eager_landlord"] * 2, seed=1)
        >>> table.choice_menu()  # nobody at the controls
        []
        """
        if self.waiting_for is None:
            return []
        game = self.game
        actions = game.legal_actions()
        words = [game.describe(action) for action in actions]
        menu: list[Any] = []
        groups: dict[tuple[str, int], ChoiceGroup] = {}
        last: list[tuple[int, str]] = []
        grouping = len(actions) > GROUPED_OVER
        for index, action in enumerate(actions):
            kind = type(action).__name__
            if kind in LAST_RESORTS:
                last.append((index, words[index]))
                continue
            own = game.family.choice_group(game, action) if grouping else None
            if own is not None:
                key, title = (own, -1), own
            elif not grouping or kind not in GROUP_WORDS:
                menu.append((index, words[index]))
                continue
            else:
                label, field = GROUP_WORDS[kind]
                other = getattr(action, field) if field else -1
                key = (kind, other)
                title = label.format(other=game.names[other] if other >= 0 else "")
            group = groups.get(key)
            if group is None:
                group = groups[key] = ChoiceGroup((title, []))
                menu.append(group)
            group.choices.append((index, words[index]))
        # A group of one is just a choice.
        menu = [
            item[1][0] if isinstance(item, ChoiceGroup) and len(item[1]) == 1 else item
            for item in menu
        ]
        return menu + last

    def routine_choice(self) -> int | None:
        """The choice with nothing to decide in it, if the person's question is one.

        That is the only choice offered, or the throw when the only other choices
        are :data:`ASIDES` (talks are offered beside every throw). A choice
        among moves, purchases, bids or buildings is never routine. Returns its
        index, or None.

        Examples
        --------
        >>> table = GameTable("landlords_game", ["eager_landlord", "human"], seed=1)
        >>> table.choices()
        ['buy Wayback for $25', 'decline']
        >>> table.routine_choice() is None
        True
        >>> while table.choices() != ["throw the dice", "negotiate"]:  # decline every card
        ...     _ = table.choose(1) if table.waiting_for is not None else table.play_turn()
        >>> table.routine_choice()
        0
        """
        if self.waiting_for is None:
            return None
        kinds = self._kinds()
        if len(kinds) == 1:
            return 0
        if kinds.count(THROW) == 1 and all(kind in ASIDES for kind in kinds if kind != THROW):
            return kinds.index(THROW)
        return None

    def _kinds(self) -> list[str]:
        """The kind of each legal action now ("Roll", "Buy", ...), in the engine's order."""
        return [type(action).__name__ for action in self.game.legal_actions()]

    def board_choices(self) -> dict[int, list[int]]:
        """The person's choices made at a place on the board, by place: ``{space:
        [choice indexes]}`` (:data:`PLACED`), so that a click on the place takes them.

        Examples
        --------
        >>> table = GameTable("landlords_game", ["eager_landlord", "human"], seed=1)
        >>> table.choices(), table.board_choices()
        (['buy Wayback for $25', 'decline'], {1: [0]})
        """
        if self.waiting_for is None:
            return {}
        places: dict[int, list[int]] = {}
        for index, action in enumerate(self.game.legal_actions()):
            field = PLACED.get(type(action).__name__)
            if field is not None:
                places.setdefault(getattr(action, field), []).append(index)
        return places

    def standing_offers(self) -> list[tuple[str, str]]:
        """The answers to the question now that may stand for the rest of the game:
        ``(key, words)`` (:data:`landlord.standing.STANDING`)."""
        seat = self.waiting_for
        return [] if seat is None else self.standing.offers(self.game, seat)

    def stand(self, key: str) -> list[str]:
        """Answer the question now with the standing answer ``key`` (:meth:`standing_offers`),
        and the same way every later question of its kind until :meth:`ask_again`; play
        goes on as with :meth:`choose`. Raises ``ValueError`` if it is not offered now."""
        seat = self.waiting_for
        if seat is None:
            raise ValueError("Nobody at the controls is asked to decide now.")
        taken = self.standing.give(self.game, seat, key)
        return self.choose(taken)

    def standing_answers(self) -> list[tuple[int, str, str]]:
        """The standing answers given that can still come into play: ``(seat, decision
        kind, words)``, each taken back by :meth:`ask_again`."""
        return self.standing.given(self.game)

    def ask_again(self, seat: int, decision_kind: str) -> None:
        """Take back ``seat``'s standing answer to ``decision_kind``: he is asked again."""
        self.standing.drop(seat, decision_kind)

    def taken_for_person(self) -> int | None:
        """The choice the table takes for the person asked now, or None: a standing
        answer (:meth:`stand`), else, with :attr:`plays_for_people`, the routine one."""
        seat = self.waiting_for
        if seat is None:
            return None
        taken = self.standing.answer(self.game, seat)
        if taken is not None:
            return taken
        return self.routine_choice() if self.plays_for_people else None

    @property
    def waits_for_person(self) -> bool:
        """Whether a person must answer a question now: the table takes no choice for
        him (:meth:`taken_for_person`)."""
        return self.waiting_for is not None and self.taken_for_person() is None

    def question(self) -> str:
        """What the person at the controls is asked, in a few words."""
        seat = self.waiting_for
        if seat is None:
            return ""
        return f"{self.game.names[seat]}: {self.game.family.question(self.game, seat)}"

    # --- playing ------------------------------------------------------------------

    def choose(self, index: int) -> list[str]:
        """The person takes the ``index``-th choice; play goes on to the end of the turn.

        Play stops sooner if a person must decide again. Returns the new log
        lines. Raises ``ValueError`` for an index that is not offered (a
        stale button, a tampered request) and changes nothing.
        """
        if self.waiting_for is None:
            raise ValueError("Nobody at the controls is asked to decide now.")
        actions = self.game.legal_actions()
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(actions):
            raise ValueError(f"There is no choice {index!r}; {len(actions)} are offered.")
        start = self._stage()
        self.standing.noted(self.game, self.waiting_for, actions[index])
        lines = self._take(lambda: self.session.answer(actions[index]))
        return lines + self._play_on(start)

    def play_turn(self) -> bool:
        """Play on until the next turn starts, a person must act or the game ends.

        Returns whether anything happened (nothing does while a person must act).
        A routine choice a person faces is taken (when :attr:`plays_for_people`).
        """
        if self.is_over or self.waits_for_person:
            return False
        self._play_on(self._stage())
        return True

    def play_round(self) -> bool:
        """Play turns until the round ends, a person must act or the game ends."""
        start = self.game.round
        moved = False
        while self.game.round == start and self.play_turn():
            moved = True
        return moved

    def _stage(self) -> tuple[int, bool]:
        """Where the game is: the turn being played, and whether the deal is still on."""
        return self.game.turns_played, self.game.round == 0

    def _play_on(self, stage: tuple[int, bool]) -> list[str]:
        """Step until the stage ``stage`` is over, a person must act, or the game ends."""
        lines: list[str] = []
        game = self.game
        for _ in range(MAX_STEPS_PER_TURN):
            if game.is_over or self._stage() != stage:
                break
            if self.waiting_for is None:
                lines += self._take(self.session.step)
                continue
            taken = self.taken_for_person()
            if taken is None:
                break
            action = self.game.legal_actions()[taken]
            lines += self._take(lambda action=action: self.session.answer(action))
        return lines

    def _take(self, step) -> list[str]:
        """Take one step (a callable), tell it, and note where a token landed."""
        game = self.game
        mover = getattr(game, "turn_player", None)
        before = list(game.position) if hasattr(game, "position") else []
        self._narrator.before()
        try:
            step()
        except IllegalMove as error:  # pragma: no cover - the engine listed the action
            raise ValueError(str(error)) from None
        lines = self._narrator.after()
        moved = before and mover is not None and mover < len(before)
        if moved and game.position[mover] != before[mover]:
            self.last_space, self.last_mover = game.position[mover], mover
        self.log.extend(lines)
        self.log_rounds.extend([game.round] * len(lines))
        return lines

    def log_frame(self) -> Any:
        """The whole log as a table: ``round`` and ``line``, oldest first (pandas).

        >>> table = GameTable("landlords_game", ["eager_landlord"] * 2, seed=1)
        >>> table.play_round()
        True
        >>> list(table.log_frame().columns), int(table.log_frame()["round"].min())
        (['round', 'line'], 0)
        """
        import pandas as pd

        return pd.DataFrame({"round": self.log_rounds, "line": self.log})
