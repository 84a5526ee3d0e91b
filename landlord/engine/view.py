"""What one player may see of a game: :meth:`GameState.observe` gives it to him.

A :class:`View` is a player's window on a game: the public state (every
balance, where the tokens stand, who holds what, the decision he is asked),
and nothing hidden (the order of a shuffled pack) and no way to change the
game (no ``apply``, no ledger, no method that moves a card or a coin). Each
family of rule sets writes its own view (its ``view`` module), with the
board's state in the family's words and the read-only questions its bots ask
(``rent_due``, ``complete_groups``, ...). Policies receive one: the session
hands each player's view to his policy, and the view stays the same object
all game.

A view reads the game live: its sequences are the game's own, so a bot
reads a holder as fast as the engine does (a read-only copy on every read
costs several times more, and bots read thousands of times a game). A policy
reads them and never writes them; :func:`landlord.conformance.check_rule_set`
checks that every named bot leaves the game as it found it. For an
observation frozen in time, to keep or to feed a learning agent, take
:meth:`View.snapshot`: a JSON-ready copy of everything the view shows.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence, Set
from typing import TYPE_CHECKING, Any, Generic, TypeVar, cast

from landlord.engine.state import NOBODY

if TYPE_CHECKING:  # pragma: no cover - for the annotations only
    import numpy as np

    from landlord.engine.actions import Action
    from landlord.engine.family import Family
    from landlord.engine.state import Captured, GameState
    from landlord.rules.model import RuleSet

__all__ = ["View"]

#: The game a view shows (a family's view shows its own game's class).
G = TypeVar("G", bound="GameState", covariant=True)


class View(Generic[G]):
    """A player's view of a game: public state, read live; no mutators, nothing hidden.

    Parameters
    ----------
    game : GameState
        The game.
    player : int
        Whose view it is.

    Attributes
    ----------
    player : int
        Whose view it is.
    names : tuple of str
        The players, in turn order.
    n_players : int
    rules : RuleSet
        The rule set (its numbers and board).
    family : Family
        The game's family.
    balances : sequence of int
        Every account's money, live: the players first, then the piles.
    position : sequence of int
        Where each player's token stands, live.

    Its methods ``holdings_table()`` and ``net_worths()`` are the game's own (the round
    table's rows and each player's worth now).
    """

    # What :meth:`shared` and ``player`` set (a view's attributes are set once, through
    # its ``__dict__``): declared here for the type checker.
    _game: G
    player: int
    names: tuple[str, ...]
    n_players: int
    rules: RuleSet
    family: Family
    balances: Sequence[int]
    position: Sequence[int]

    if TYPE_CHECKING:  # pragma: no cover - set by shared(), for the type checker

        def holdings_table(self, captured: Captured | None = None) -> list[tuple[int, ...]]: ...
        def net_worths(self, captured: Captured | None = None) -> list[int]: ...

    #: The names :meth:`snapshot` copies: the view's public state (a family adds its own).
    SHOWN: tuple[str, ...] = (
        "player",
        "round",
        "turn_player",
        "actor",
        "decision_kind",
        "balances",
        "position",
    )

    def __init__(self, game: G, player: int) -> None:
        if not 0 <= player < game.n_players:
            raise ValueError(f"there is no player {player!r}: {game.n_players} play")
        self.__dict__.update(self.shared(game), player=player)

    # A view only reads its game, so a view of a family's game is a view of a game (the
    # type variable is covariant); these two class methods take the game it shows.
    @classmethod
    def shared(cls, game: G) -> dict[str, object]:  # type: ignore[misc]
        """What every player's view of ``game`` shows, by name (a family's view adds its
        own): the same live sequences and read-only questions for all of them."""
        return {
            "_game": game,
            "names": game.names,
            "n_players": game.n_players,
            "rules": game.rules,
            "family": game.family,
            "balances": game.ledger.balances,
            "position": game.position,
            # The read-only questions every game answers: its round table and worth now.
            "holdings_table": game.holdings_table,
            "net_worths": game.net_worths,
        }

    @classmethod
    def every(cls, game: G) -> list[View[G]]:  # type: ignore[misc]
        """One view for each player of ``game`` (cheaper than one at a time)."""
        shared = cls.shared(game)
        views = []
        for player in range(game.n_players):
            view = object.__new__(cls)
            view.__dict__.update(shared, player=player)
            views.append(view)
        return views

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a view is read-only: {name} cannot be set")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a view is read-only: {name} cannot be deleted")

    # --- the game now ---------------------------------------------------------------------

    @property
    def round(self) -> int:
        """The round being played."""
        return self._game.round

    @property
    def turn_player(self) -> int:
        """Whose turn it is."""
        return self._game.turn_player

    @property
    def actor(self) -> int:
        """Who must act now: a player, ``CHANCE`` or ``NOBODY``."""
        return self._game._node[0]

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        return self._game._node[0] == NOBODY

    @property
    def decision_kind(self) -> str:
        """What this player is asked ("turn", "bid", ...): "" unless he must decide."""
        node = self._game._node
        return node[1] if node[0] == self.player else ""

    @property
    def decision_about(self) -> object:
        """The details of the decision this player is asked (``None`` if none)."""
        node = self._game._node
        return node[3] if node[0] == self.player else None

    @property
    def legal(self) -> list[Action]:
        """The actions this player may take now (empty unless he must decide)."""
        node = self._game._node
        return list(node[2]) if node[0] == self.player else []

    def cash(self, player: int) -> int:
        """A player's cash."""
        return self._game.ledger.balances[player]

    def describe(self, action: Action) -> str:
        """An action in words, with the board's names and the players'."""
        return self._game.describe(action)

    # --- a game to try moves on ----------------------------------------------------------------

    def sample_game(self, rng: np.random.Generator) -> GameState:
        """A game to try moves on, consistent with what this player knows (a
        *determinization*): what he cannot see is dealt afresh with ``rng``.

        For a family whose games hide nothing (Magie's: every card is drawn by
        chance as it is needed) it is the game's :meth:`~GameState.clone`. A
        family with hidden cards has an optional part ``hidden.deal_unseen(game,
        player, rng)`` that deals them afresh, consistent with what the player
        has seen: the order of the cards not yet drawn from the later game's
        packs, the face-down tiles of Quikopoly he has not looked at, the other
        players' hands in Property. The draws of ``rng`` and what is dealt depend
        only on what the player knows, so two games that differ in what he cannot
        see give the same sampled game for the same ``rng``. The sampled game is
        his to play on (``apply``, ``legal_actions``, ``observe``); it changes
        nothing of this one.

        Parameters
        ----------
        rng : numpy.random.Generator
            The draws for what is dealt afresh (unused where nothing is hidden).

        Returns
        -------
        GameState
            A new game, paused where this one is.

        Examples
        --------
        >>> import numpy as np
        >>> from landlord.session import Session
        >>> game = Session("monopoly_us", ["eager_landlord"] * 3, seed=2).run(max_steps=300)
        >>> tried = game.observe(0).sample_game(np.random.default_rng(7))
        >>> tried.pending == game.pending, tried.ledger.balances == game.ledger.balances
        (True, True)
        """
        deal = self.family.part_or("hidden", "deal_unseen", None)
        if deal is None:
            return self._game.clone()
        return cast("GameState", cast("Callable[..., object]", deal)(self._game, self.player, rng))

    # --- a copy to keep ----------------------------------------------------------------------

    def snapshot(self) -> dict[str, object]:
        """Everything this view shows, copied now as plain JSON-ready values.

        Sequences become lists, sets sorted lists, mappings dicts, records
        dicts of their fields; the copy does not change as the game goes on.

        Examples
        --------
        >>> from landlord.session import Session
        >>> game = Session("landlords_game", ["eager_landlord"] * 2, seed=1).run(max_steps=40)
        >>> seen = game.observe(0).snapshot()
        >>> seen["player"], len(seen["balances"]), len(seen["owner"])
        (0, 4, 40)
        """
        return {name: _plain(getattr(self, name)) for name in self.SHOWN}

    def __repr__(self) -> str:
        return f"<view of {self.names[self.player]} on {self.rules.info.title}>"


def _plain(value: object) -> Any:
    """``value`` copied as plain JSON-ready data."""
    if isinstance(value, str | int | float | bool) or value is None:
        return value
    if isinstance(value, Mapping):
        return {str(key): _plain(item) for key, item in value.items()}
    if isinstance(value, Set):
        return sorted(_plain(item) for item in value)
    if isinstance(value, list | tuple):
        return [_plain(item) for item in value]
    fields = getattr(value, "__dataclass_fields__", None)
    if fields is not None:
        return {"type": type(value).__name__, **{f: _plain(getattr(value, f)) for f in fields}}
    return str(value)
