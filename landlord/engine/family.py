"""A family of rule sets: what the rest of the kit knows of a game, looked up once.

Rule sets whose decisions mean the same things form a *family*: Magie's
family (the Landlord's Game, the single tax, Prosperity) and the later game's
(the Monopoly rule sets, US and UK 1972, and their folk variants). Each
family is one package under :mod:`landlord.families` whose ``FAMILY`` object
is a :class:`Family`. A rule set names its family in ``[rule_set] family``;
:func:`landlord.families.family_of` finds it, and every game carries its own
as ``game.family``.

Everything outside the engine and the family packages asks the family, never
a family's name: the engine that plays it, the columns of its per-round
table, how a game ends and who won, the per-game figures an experiment
keeps, how the named bots answer its decisions, its board picture, the
sentences of its event log, the questions its apps ask, why each is asked,
which rule each step followed and the words of its glossary. So a new family
is a new package, and nothing else in the kit changes (a test,
``tests/test_family_boundary.py``, looks for a family's name outside the
engine, the families and the rule sets).

The contract is in three parts. What a family *is* is data: its
:class:`Facts` (its name, the sections its rule sets must have, its round
columns, its figures, ...), declared as class attributes and handed out whole
as ``family.facts``. What it *does* is three typed protocols, which
:class:`Family` implements by finding its parts: :class:`GameHooks` (the
engine's and the players' hooks: a new game, its outcome, its figures, how the
named bots answer), :class:`ViewHooks` (its board, its voice, its questions
and the lines ``landlord play`` prints) and :class:`TeachingHooks` (why each
question is asked, which rule each step followed, its glossary, the rule
changes a game may be continued under). A caller that needs only one part may
ask for that protocol; what the parts themselves hand out (a voice, a step's
rules, a glossary term) is typed in :mod:`landlord.engine.parts`.

A family package holds these modules, which the base class finds by their
names and imports only when first asked (looking a family up imports no
user interface):

=============  ==========================================================
``__init__``   ``FAMILY``: the :class:`Family` (a subclass naming its game)
``game``       the engine: the game's class, a :class:`~landlord.engine.state.GameState`
``view``       ``View``: what one player sees (:class:`~landlord.engine.view.View`)
``bots``       ``HANDLERS``: how the named strategies answer its decisions
``board``      ``board_svg(game, *, size, names, last_move)``: its board in SVG
``narrator``   ``Voice(game)``: its event log in sentences
``views``      ``question(game, seat)``, ``finances_html(game)``,
               ``report_notes(game)``: what the apps and ``landlord play`` say
=============  ==========================================================

and, if it has them (a family without them still plays; the apps then offer
no help, no explanations and only the kit's own words in the glossary):

=================  ======================================================
``question_help``  ``HELP``: why each kind of decision is asked, citing the rule
``explain``        ``StepRules(game)``: which rule each step followed
``glossary``       ``TERMS``: the words of its games, explained
``board_text``     ``board_words(game, view, names, currency)``: its players
                   and board in words, as tables (the kit's own tables read
                   a track of title cards)
``continuing``     ``WHAT_IFS`` and ``keep_playing(game)``: the rule changes a
                   game may be continued under ("what if we kept playing?",
                   :mod:`landlord.continued`), and how its printed end is
                   lifted to play on
``landing_odds``   ``jail_turns(rules)``: how many throws the landing chain
                   (:mod:`landlord.analysis`) gives a jailed player, for a
                   family that reads ``[jail] max_turns`` otherwise than as
                   throws (without it: ``max_turns``, or 0 with no Jail)
=================  ======================================================
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields
from functools import cached_property
from typing import TYPE_CHECKING, Protocol, cast

from landlord.engine.reasons import RENT_GROUPS
from landlord.rules import registry

if TYPE_CHECKING:  # pragma: no cover - for the annotations only
    from landlord.engine.actions import Action
    from landlord.engine.parts import (
        Bankruptcies,
        Crowned,
        Described,
        GlossaryTerm,
        NamedBankruptcies,
        StepRules,
        Voice,
    )
    from landlord.engine.state import GameState
    from landlord.engine.view import View
    from landlord.rules.model import RuleSet

__all__ = [
    "Facts",
    "Family",
    "Figure",
    "GameHooks",
    "Handler",
    "Help",
    "Outcome",
    "TeachingHooks",
    "ViewHooks",
    "WhatIf",
    "families",
    "family_named",
    "family_of",
]

#: How a named strategy answers one kind of decision of a family's game:
#: ``handler(strategy, view, player, legal) -> action`` (the family's own types).
Handler = Callable[..., "Action"]
#: Why one kind of decision is asked: ``help(game, seat, about, legal) -> str``.
Help = Callable[..., str]


@dataclass(frozen=True)
class Outcome:
    """How a game stands by its rule set's own measure (final once the game is over).

    Attributes
    ----------
    winners : tuple of int
        The players who win (several on a tie, or all of them when the rules
        say everyone wins); empty while the game is being played.
    reason : str
        Why the game ended, in words ("" while it is being played).
    scores : tuple of int
        Each player's score by the rule set's own count.
    left_in_round : tuple of int
        The round each player left the game in (bankrupt), -1 for a player
        still in it.
    """

    winners: tuple[int, ...]
    reason: str
    scores: tuple[int, ...]
    left_in_round: tuple[int, ...]


@dataclass(frozen=True)
class Figure:
    """A per-game figure an experiment keeps of every game of a family.

    Attributes
    ----------
    name : str
        Its column in :attr:`landlord.experiments.Comparison.games`.
    words : str
        Its row in the comparison's text table ("" to leave it out there).
    summary : str, optional
        Its column (the mean over the games) in the comparison's summary;
        ``name`` if not given, "" for none.
    form : str
        How the text table writes the mean: a format (``"{:.2f}"``), or
        ``"money"`` for a sum of money in the rule set's currency.
    """

    name: str
    words: str
    summary: str | None = None
    form: str = "{:.2f}"

    @property
    def summary_column(self) -> str:
        return self.name if self.summary is None else self.summary


@dataclass(frozen=True)
class WhatIf:
    """A change of rules a game in progress can be continued under, from the next round.

    Attributes
    ----------
    name : str
        Its name in :func:`landlord.continuations` (``"single_tax"``).
    words : str
        What it is, for a chart's key ("the single tax from the next round").
    status : str
        Where it comes from: ``"primary"`` (a source's own device) or ``"modern"``.
    applies : callable
        ``applies(game) -> str``: "" if it can be made to ``game``, else why not.
    make : callable
        ``make(game)``: make the change to a continued game, as it stands.
    """

    name: str
    words: str
    status: str
    applies: Callable[[GameState], str]
    make: Callable[[GameState], None]


@dataclass(frozen=True)
class Facts:
    """What a family is, as data: the record of its class attributes (``family.facts``).

    Every field is described where :class:`Family` declares it. The rules check a rule
    set against the first ones (:class:`landlord.rules.registry.FamilyFacts`); the rest
    of the kit reads the others (its menus, its tables, its experiments).
    """

    name: str
    title: str
    note: str
    menu_tag: str
    moves_by: str
    sections: tuple[str, ...]
    optional_sections: tuple[str, ...]
    layout: str
    corner_kinds: tuple[str, ...]
    space_lists: tuple[tuple[str, str, bool], ...]
    by_players: tuple[str, ...]
    round_columns: tuple[str, ...]
    standings_columns: tuple[str, ...]
    figures: tuple[Figure, ...]
    charted_rent: tuple[str, ...]
    game_class: str
    batch: str


#: The names of a family's facts, in order.
FACT_NAMES: tuple[str, ...] = tuple(field.name for field in fields(Facts))


class GameHooks(Protocol):
    """What a family offers the engine, the rules and the players: its game."""

    def rules_problem(self, rules: RuleSet) -> tuple[str, str] | None: ...
    def new_game(self, rules: RuleSet, names: Sequence[str]) -> GameState: ...
    def outcome(self, game: GameState) -> Outcome: ...
    def game_figures(self, game: GameState) -> dict[str, float]: ...
    @property
    def handlers(self) -> dict[str, Handler]: ...
    def describe_bot(self, policy: Described, rules: RuleSet, players: int) -> str: ...
    def strategies(self) -> dict[str, Described]: ...


class ViewHooks(Protocol):
    """What a family offers the apps and ``landlord play``: its board, voice and words."""

    def board_svg(
        self,
        game: GameState,
        *,
        size: int = 760,
        names: Sequence[str] | None = None,
        last_move: int | tuple[int, int] | None = None,
    ) -> str: ...
    def voice(self, game: GameState) -> Voice: ...
    def question(self, game: GameState, seat: int) -> str: ...
    def choice_group(self, game: GameState, action: Action) -> str | None: ...
    def finances_html(self, game: GameState) -> str: ...
    def board_words(
        self, game: GameState, view: View[GameState], names: Sequence[str], currency: str
    ) -> str | None: ...
    def details(self, game: GameState) -> dict[str, object]: ...
    def money_note(self, game: GameState) -> str: ...
    def report_notes(self, game: GameState) -> list[str]: ...


class TeachingHooks(Protocol):
    """What a family offers a class: its questions explained, its rules, its words."""

    @property
    def question_helps(self) -> dict[str, Help]: ...
    def question_help(self, game: GameState, seat: int) -> str: ...
    def step_rules(self, game: GameState) -> StepRules | None: ...
    def what_ifs(self) -> tuple[WhatIf, ...]: ...
    def keep_playing(self, game: GameState) -> None: ...
    def glossary_terms(self) -> tuple[GlossaryTerm, ...]: ...


class Family:
    """The interface every family of rule sets offers the rest of the kit.

    A family package subclasses this once and names the instance ``FAMILY``.
    The class attributes are the family's :class:`Facts` (:attr:`facts` hands
    them out as one frozen record); the methods are its :class:`GameHooks`,
    :class:`ViewHooks` and :class:`TeachingHooks`, which hand out its parts.
    """

    # --- the facts (Facts) -------------------------------------------------------------

    #: The family's id, as ``[rule_set] family`` names it ("magie", "monopoly").
    name: str = ""
    #: What the family is, in a few words.
    title: str = ""
    #: Said wherever its rule sets are offered (for example a trademark notice).
    note: str = ""
    #: Added to a rule set's title in the apps' menus ("historical rules"), or "".
    menu_tag: str = ""
    #: What moves a player on his turn, in words: two games on one seed see the same
    #: throws turn by turn only if both throw the same ("two dice", "one die", "cards").
    moves_by: str = "two dice"
    #: The rule-set sections the engine reads: a rule set of the family must have them.
    sections: tuple[str, ...] = ()
    #: Sections the engine reads only when a rule set has them (without, the rule is
    #: not played): a rule set may leave them out.
    optional_sections: tuple[str, ...] = ()
    #: The board layout the engine plays on ("grid"), or "" for any.
    layout: str = ""
    #: The kinds of space the board's corners (``board_layout.corners``) must hold.
    corner_kinds: tuple[str, ...] = ()
    #: Lists read by the kind of space a player lands on: (``"section.key"``, the
    #: space's kind, whether the list needs one item per such space or only one).
    space_lists: tuple[tuple[str, str, bool], ...] = ()
    #: Tables keyed by the number of players (``"section.key"``): each must name
    #: every number of players the rule set allows.
    by_players: tuple[str, ...] = ()
    #: The columns of the per-round table after round, player and name: what each
    #: player holds, in the family's own words. Every family has ``cash``,
    #: ``land_value`` (the printed price of the land he holds), ``score`` (the
    #: rule set's own count) and ``net_worth``.
    round_columns: tuple[str, ...] = ("cash", "land_value", "score", "net_worth")
    #: The columns ``landlord play`` shows in the final standings.
    standings_columns: tuple[str, ...] = ("place", "name", "score", "cash", "net_worth")
    #: The per-game figures an experiment keeps of every game (:meth:`game_figures`).
    figures: tuple[Figure, ...] = ()
    #: The groups of payments (:data:`landlord.engine.reasons.GROUPS`) the apps' who-paid-whom
    #: chart draws as the family's rent: by default every rent (land rent, house and hotel
    #: rent, fares), which is what a tenant pays a landlord in most games; () if its rules
    #: charge none.
    charted_rent: tuple[str, ...] = RENT_GROUPS
    #: The name of the game's class in the family's ``game`` module.
    game_class: str = ""
    #: The module of the family's compiled batch path for experiments
    #: (:mod:`landlord.batch`), or "" if it has none yet.
    batch: str = ""

    @property
    def facts(self) -> Facts:
        """The family's facts (its class attributes above) as one frozen record."""
        return Facts(**{name: getattr(self, name) for name in FACT_NAMES})

    # --- its parts ---------------------------------------------------------------------

    def part(self, module: str, name: str) -> object:
        """``name`` from the family package's ``module`` ("board", "views", ...)."""
        parts = self.__dict__.setdefault("_parts", {})
        found = parts.get((module, name))
        if found is None:
            package = type(self).__module__
            found = parts[module, name] = getattr(
                importlib.import_module(f"{package}.{module}"), name
            )
        return found

    def part_or(self, module: str, name: str, default: object) -> object:
        """:meth:`part`, or ``default`` if the family package has no ``module``."""
        try:
            return self.part(module, name)
        except ModuleNotFoundError as missing:
            if missing.name != f"{type(self).__module__}.{module}":
                raise  # the module is there, but something it imports is not
            return default

    def _call(self, module: str, name: str) -> Callable[..., object]:
        """The callable ``name`` of the family package's ``module``."""
        return cast("Callable[..., object]", self.part(module, name))

    # --- the engine (GameHooks) ----------------------------------------------------------

    def rules_problem(self, rules: RuleSet) -> tuple[str, str] | None:
        """What makes ``rules`` unplayable by this family's engine beyond each field's own
        check (two fields that cannot go together), as (the field, what is wrong), or None.
        :func:`~landlord.families.family_of` asks it of every rule set it checks."""
        return None

    def new_game(self, rules: RuleSet, names: Sequence[str]) -> GameState:
        """A new game of ``rules`` for the named players, paused at its first event."""
        return cast("GameState", self._call("game", self.game_class)(rules, names))

    def outcome(self, game: GameState) -> Outcome:
        """Who wins ``game``, why it ended and every player's score (so far, if not over)."""
        raise NotImplementedError

    @staticmethod
    def rounds_left(game: Bankruptcies) -> tuple[int, ...]:
        """The round each player went bankrupt in (-1 for a player still in), for a game
        that lists its ``bankruptcies`` as (round, player, creditor)."""
        left = [-1] * game.n_players
        for round_, player, _ in game.bankruptcies:
            left[player] = round_
        return tuple(left)

    @staticmethod
    def bankruptcies_told(game: NamedBankruptcies) -> list[dict[str, object]]:
        """Each bankruptcy of ``game`` for :meth:`details`: its round, the player by name
        and the account he went bankrupt to."""
        names, accounts = game.names, game.ledger.names
        return [
            {"round": r, "player": names[p], "to": accounts[to]} for r, p, to in game.bankruptcies
        ]

    def winners_outcome(self, game: Crowned) -> Outcome:
        """The :meth:`outcome` of a game that names its ``winners`` as it ends, says why
        (``end_reason``) and lists its ``bankruptcies``, its score being the round
        table's column before net worth (``round_columns`` end with ``score``,
        ``net_worth``): no winners while it is played. A family's :meth:`outcome` may
        hand its game here."""
        scores = tuple(row[-2] for row in game.holdings_table())
        winners = game.winners if game.is_over else ()
        return Outcome(tuple(winners), game.end_reason, scores, self.rounds_left(game))

    def game_figures(self, game: GameState) -> dict[str, float]:
        """The figures of :attr:`figures` for one game, by name (counts, sums of money,
        rounds and flags: numbers)."""
        return {}

    # --- the players -------------------------------------------------------------------

    @cached_property
    def handlers(self) -> dict[str, Handler]:
        """How the named strategies answer each kind of decision, by ``Decision.kind``:
        ``handler(strategy, view, player, legal) -> action``."""
        return self._handlers()

    def _handlers(self) -> dict[str, Handler]:
        return cast("dict[str, Handler]", self.part("bots", "HANDLERS"))

    def describe_bot(self, policy: Described, rules: RuleSet, players: int) -> str:
        """How ``policy`` plays this family's game, in words (``landlord play``'s account):
        by default the strategy's own words, which speak of the 1906 game's cards, houses and
        single-tax vote."""
        return policy.describe()

    def strategies(self) -> dict[str, Described]:
        """Strategies of the family's own, by name (the named bots play every family)."""
        return {}

    # --- the views (ViewHooks) -------------------------------------------------------------

    def board_svg(
        self,
        game: GameState,
        *,
        size: int = 760,
        names: Sequence[str] | None = None,
        last_move: int | tuple[int, int] | None = None,
    ) -> str:
        """The board and the state of ``game`` as one SVG document."""
        draw = self._call("board", "board_svg")
        return cast(str, draw(game, size=size, names=names, last_move=last_move))

    def voice(self, game: GameState) -> Voice:
        """What tells ``game`` in sentences for the apps' event log: an object with
        ``before()`` and ``after(pending, choice, records, earlier) -> list[str]``."""
        return cast("Voice", self._call("narrator", "Voice")(game))

    def question(self, game: GameState, seat: int) -> str:
        """What the person at ``seat`` is asked now, in a few words."""
        return cast(str, self._call("views", "question")(game, seat))

    def choice_group(self, game: GameState, action: Action) -> str | None:
        """The group a choice goes in when a question offers too many to list (the
        words of the group's button), or ``None`` to leave it to the kit's own groups
        (by kind of action and by the other player)."""
        return None

    def finances_html(self, game: GameState) -> str:
        """The line of public figures the side-by-side app shows under a board (HTML)."""
        return cast(str, self._call("views", "finances_html")(game))

    def board_words(
        self, game: GameState, view: View[GameState], names: Sequence[str], currency: str
    ) -> str | None:
        """The players and the board of ``game`` in words, as HTML tables for a screen
        reader (:func:`landlord.views.board_text.board_text_html` puts them under its
        heading); ``None`` if the family has no ``board_text`` module, and the kit's own
        tables (the players, the spaces with a title card) do."""
        found = self.part_or("board_text", "board_words", None)
        if found is None:
            return None
        return cast(str, cast("Callable[..., object]", found)(game, view, names, currency))

    def details(self, game: GameState) -> dict[str, object]:
        """What ``landlord play --json`` adds about a game, beyond every family's
        figures (JSON-ready): the single tax's public works, the trades made, ..."""
        return {}

    def money_note(self, game: GameState) -> str:
        """The line ``landlord play`` prints under the money outside the players' hands:
        where that money comes from (a family whose money only moves between players
        says so); "" to let the kit name the piles that issue money."""
        return ""

    def report_notes(self, game: GameState) -> list[str]:
        """Lines ``landlord play`` prints after the standings (what the score counts,
        what the public bought, ...)."""
        return cast("list[str]", self._call("views", "report_notes")(game))

    # --- the rules explained (TeachingHooks) ----------------------------------------------

    @cached_property
    def question_helps(self) -> dict[str, Help]:
        """Why each kind of decision is asked, by ``Decision.kind``:
        ``help(game, seat, about, legal) -> str`` (empty for a family without them)."""
        return cast("dict[str, Help]", self.part_or("question_help", "HELP", {}))

    def question_help(self, game: GameState, seat: int) -> str:
        """Why the person at ``seat`` is asked the question pending in ``game`` and what
        each answer leads to, citing the rule ("" if nothing is asked of that seat now, or
        the family has no help for that kind of decision)."""
        if getattr(game.pending, "player", -1) != seat or not game.decision_kind:
            return ""
        helper = self.question_helps.get(game.decision_kind)
        if helper is None:
            return ""
        return helper(game, seat, game.decision_about, game.legal_actions())

    def step_rules(self, game: GameState) -> StepRules | None:
        """What says which rule each step of ``game`` followed, for the event log's
        "explain this step" mode (a :class:`landlord.views.explain.StepRules`), or
        ``None`` if the family has no sentences for it."""
        found = self.part_or("explain", "StepRules", None)
        if found is None:
            return None
        return cast("StepRules", cast("Callable[..., object]", found)(game))

    def what_ifs(self) -> tuple[WhatIf, ...]:
        """The rule changes a game of this family may be continued under (none for a
        family without them: its games continue under their own rules only)."""
        return tuple(cast("Sequence[WhatIf]", self.part_or("continuing", "WHAT_IFS", ())))

    def keep_playing(self, game: GameState) -> None:
        """Lift the printed end of a new ``game`` that is about to replay a history, so
        that it plays on past it (a family whose games end only by their round limit, or
        by their players' ruin, has nothing to lift)."""
        lift = self.part_or("continuing", "keep_playing", None)
        if lift is not None:
            cast("Callable[..., object]", lift)(game)

    def glossary_terms(self) -> tuple[GlossaryTerm, ...]:
        """The words of the family's games, explained for the apps' glossary (each a
        :class:`landlord.views.glossary.Term`); () for a family without them."""
        return tuple(cast("Sequence[GlossaryTerm]", self.part_or("glossary", "TERMS", ())))

    def __repr__(self) -> str:
        return f"<family {self.name!r}: {self.title}>"


if TYPE_CHECKING:  # pragma: no cover - the checker holds Family to its contract

    def _offers(
        family: Family,
    ) -> tuple[registry.FamilyFacts, GameHooks, ViewHooks, TeachingHooks]:
        return family, family, family, family


def family_named(name: str) -> Family:
    """The family called ``name`` (:func:`landlord.rules.registry.family_named`).

    Raises
    ------
    KeyError
        If there is no family of that name.
    """
    return cast(Family, registry.family_named(name))


def families() -> list[Family]:
    """Every family, the kit's own and those installed, by name (an installed family
    that does not load is left out with a warning: :func:`landlord.rules.registry.families`)."""
    return [cast(Family, family) for family in registry.families()]


def family_of(rules: RuleSet) -> Family:
    """The family that plays ``rules``, the rule set checked against it.

    Raises
    ------
    RulesError
        As :func:`landlord.rules.registry.family_of`: the rule set names no family
        there is, or lacks what its family's engine reads (naming the file and
        the field).
    """
    return cast(Family, registry.family_of(rules))
