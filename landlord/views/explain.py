"""Why a question is asked, and which rule each step follows, in plain words.

Two helps for a reader of fifteen:

* :func:`question_help`: for the decision a player faces now, why it is
  asked and what follows from each choice, with the rule's number
  (:func:`question_help_html`: the same as HTML, its words linked to the
  glossary of :mod:`landlord.views.glossary`);
* :class:`StepExplainer`: the "explain this step" mode of
  :class:`~landlord.views.events.Narrator` (``Narrator(game,
  explain=True)``): after the lines a step is told in, a line naming the
  rule that applied (:class:`Explanation`, marked "Why?" and styled by the
  apps with :data:`EXPLAIN_CLASS`).

Magie's rules are cited by number as the 1906 text numbers them ("Rule 7",
"Single Tax Rule 8"); the later game's rules have headings, not numbers, and
are cited by heading ("the rules: Jail"). Where the kit chose what the
text leaves open, the sentence says "the kit's reading". Everything only
reads the game.

The texts are the game's family's: its ``question_help`` module's ``HELP``
(one text per kind of decision its flow can ask; a test checks that none is
missing) and its ``explain`` module's :class:`StepRules` (the sentences of
its payments and steps), found through ``game.family``. Their sentences are
data, in the ``texts`` folder of the family's package (``question_help.toml``,
``explain.toml``: :mod:`landlord.views.texts`; :func:`step_texts` reads the
second); the modules keep the logic that chooses and fills them. This module
keeps what every family shares: the driver, the marked line, and where a line
goes. A family with neither module gets no help and no explanations.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from landlord.engine.ledger import Transfer
from landlord.engine.reasons import Reason
from landlord.money import money
from landlord.views.texts import family_texts

__all__ = [
    "EXPLAIN_CLASS",
    "EXPLAIN_PREFIX",
    "Because",
    "Explanation",
    "StepExplainer",
    "StepRules",
    "StepTexts",
    "action_kinds",
    "cash",
    "interleave",
    "question_help",
    "question_help_html",
    "space_name",
    "step_texts",
]

#: The words an explanation line starts with.
EXPLAIN_PREFIX = "Why? "
#: The CSS class the apps give an explanation line.
EXPLAIN_CLASS = "landlord-explain"


class Explanation(str):
    """A line of the "explain this step" mode: a ``str`` an app can tell apart.

    Examples
    --------
    >>> line = Explanation.of("Rule 10: Central Park is free.")
    >>> line, isinstance(line, Explanation), line.css_class
    ('Why? Rule 10: Central Park is free.', True, 'landlord-explain')
    """

    css_class = EXPLAIN_CLASS

    @classmethod
    def of(cls, text: str) -> Explanation:
        return cls(EXPLAIN_PREFIX + text)


# --- small helpers for the families' sentences -----------------------------------------------


def cash(game: Any, amount: int) -> str:
    """``amount`` in the game's own money.

    Examples
    --------
    >>> from landlord.session import Session
    >>> cash(Session("monopoly_uk_1972", ["random"] * 2, seed=1).game, 200)
    '£200'
    """
    return money(amount, game.rules.info.currency)


def space_name(game: Any, space: int) -> str:
    """The name of the board's space number ``space``."""
    return game.tables.name[space]


def action_kinds(actions: Sequence[Any]) -> set[str]:
    """The kinds of action offered ("Build", "PayFine"...), by their class names."""
    return {type(action).__name__ for action in actions}


# --- the question --------------------------------------------------------------------------


def question_help(game: Any, seat: int) -> str:
    """Why the player at ``seat`` is asked the pending question, and what each answer leads
    to, citing the rule ("" if nothing is asked of that seat now).

    The words are the game's family's (``game.family.question_help``).

    Examples
    --------
    >>> from landlord.table import GameTable
    >>> table = GameTable("landlords_game", ["human", "eager_landlord"], seed=3)
    >>> print(question_help(table.game, 0))  # doctest: +ELLIPSIS
    Rule 1: ... was dealt to you. Buy it for $..., paid into the Public Treasury, ...
    """
    return game.family.question_help(game, seat)


def question_help_html(game: Any, seat: int, *, prefix: str = "glossary-") -> str:
    """:func:`question_help` as HTML: escaped (player names may hold any character), with
    the first mention of each word of the glossary linked to its entry.

    Examples
    --------
    >>> from landlord.table import GameTable
    >>> table = GameTable("landlords_game", ["human", "eager_landlord"], seed=3)
    >>> '<a href="#glossary-public-treasury"' in question_help_html(table.game, 0)
    True
    """
    import html

    from landlord.views.glossary import link_terms

    words = question_help(game, seat)
    return link_terms(html.escape(words), game.rules, prefix=prefix) if words else ""


# --- explaining a step ---------------------------------------------------------------------

#: Where a payment's sentence is looked up: its reason, or (its reason, a case the family's
#: code tells apart, such as "treasury"). A ledger record names its reason by its words, and
#: a :class:`~landlord.engine.reasons.Reason` is its words, so either finds the sentence.
PaymentKey = str | tuple[str, str]


class StepTexts(NamedTuple):
    """A family's sentences for the "explain this step" mode, as its ``texts/explain.toml``
    writes them (:func:`step_texts`)."""

    #: What a payment follows, by :data:`PaymentKey`.
    payments: dict[PaymentKey, str]
    #: What a step follows (a decision, a chance event, a change on the board), by name.
    steps: dict[str, str]
    #: The words of the event log's line a payment's sentence follows, where the file gives
    #: them, by :data:`PaymentKey`.
    after: dict[PaymentKey, str]


def step_texts(family: object) -> StepTexts:
    """The sentences of ``family``'s ``texts/explain.toml`` (:mod:`landlord.views.texts`):
    its ``[[payment]]`` entries by reason (and ``when``), its ``[step.<name>]`` by name.

    Raises
    ------
    landlord.views.texts.TextsError
        Naming the file and the field, if the file cannot be used: besides what every
        text file is held to, a reason that is not a ledger reason's words
        (:mod:`landlord.engine.reasons`), or a reason and case given twice.

    Examples
    --------
    >>> from landlord.engine.family import family_named
    >>> texts = step_texts(family_named("magie"))
    >>> texts.payments[Reason.LAND_RENT, "treasury"][:40]
    'Rule 7: nobody bought this lot, so its l'
    """
    texts = family_texts(family, "explain")
    payments: dict[PaymentKey, str] = {}
    after: dict[PaymentKey, str] = {}
    for entry in texts.entries("payment"):
        reason = Reason.of(entry.text("reason"))
        if reason is None:
            raise texts.refuse(f"{entry.where}.reason", "the words of a ledger reason")
        when = entry.text("when")
        key: PaymentKey = (reason, when) if when else reason
        if key in payments:
            raise texts.refuse(f"{entry.where}.when", "a case of its reason not given before")
        payments[key] = entry.text("text")
        if entry.text("after"):
            after[key] = entry.text("after")
    steps = {name: entry.text("text") for name, entry in texts.named("step").items()}
    return StepTexts(payments, steps, after)


class Because(NamedTuple):
    """A rule a step followed: its sentence goes after the first line holding all the
    ``words`` (at the end if none does); ``once``: told once a game only."""

    words: tuple[str, ...]
    sentence: str
    once: bool = False


class StepRules:
    """What a family's rules say about each step of ``game``: the sentences, and what a
    step changed on the board. The base of each family's own (its ``explain`` module's
    ``StepRules``, handed out by ``game.family.step_rules(game)``), which
    :class:`StepExplainer` asks, in the order things happen.

    The sentences (:attr:`payments` and :attr:`steps`, which may name the figures of
    :meth:`figures`, such as ``{fares}``) are the family's ``texts/explain.toml``
    (:func:`step_texts`), unless a subclass gives both as class attributes. A subclass
    answers the hooks below; what every track game shares (who moves, from where, who
    is in Jail) is noted here.
    """

    #: What a payment follows, by ``Reason``, or by a key of :meth:`payment_keys`.
    payments: Mapping[Any, str]
    #: What a step follows (a decision, a chance event, a change on the board), by name.
    steps: Mapping[str, str]
    #: Payments whose rule is told once a game: they come in a rush at the start.
    once: frozenset[Reason] = frozenset({Reason.STARTING_CASH})

    def __init__(self, game: Any) -> None:
        self.game = game
        if not (hasattr(self, "payments") and hasattr(self, "steps")):
            texts = step_texts(game.family)
            self.payments, self.steps = texts.payments, texts.steps
        self._figures = self.figures()

    def figures(self) -> dict[str, object]:
        """The rule set's figures the sentences name, in the game's money."""
        game = self.game
        return {"fares": ", ".join(cash(game, fare) for fare in game.rules.railroad.fares)}

    def say(self, key: str, *words: str, **fill: Any) -> Because:
        """The sentence ``key`` of :attr:`steps`, filled in, after a line holding ``words``."""
        return Because(words, self.steps[key].format(**self._figures, **fill))

    def note(self) -> None:
        """Note what a step may change, before it happens (a subclass adds its own)."""
        game = self.game
        self.mover = game.turn_player
        self.position = list(game.position)
        self.jailed = list(game.jailed)
        self.over = game.is_over

    # --- the decision or chance event itself -------------------------------------------

    def step(self, pending: Any, choice: Any) -> list[Because]:
        """The rule the decision or chance event ``pending``, answered by ``choice``,
        followed."""
        player = getattr(pending, "player", -1)
        if player < 0:
            return self.chance(pending.purpose, choice)
        return self.decision(self.game.names[player], pending.kind, choice)

    def decision(self, name: str, asked: str, choice: object) -> list[Because]:
        """The rule the player called ``name``, asked ``asked``, followed in answering."""
        return []

    def chance(self, purpose: str, choice: object) -> list[Because]:
        """The rule a chance event (``purpose``: "dice", "chance_card", ...) followed."""
        return []

    def card(self, pack: str, index: int) -> Because:
        """The rule card ``index`` of ``pack`` ("chance", "community_chest") follows."""
        return self.say("card", self.card_of(pack, index).text)

    def card_of(self, pack: str, index: int) -> Any:
        """Card ``index`` of ``pack``, as the rule set has it."""
        rules = self.game.rules
        return (rules.chance_deck if pack == "chance" else rules.community_chest_deck)[index]

    # --- a payment ---------------------------------------------------------------------

    def payment(self, record: Transfer) -> list[Because]:
        """The rule a payment (a ledger record) followed: the first of its
        :meth:`payment_keys` that :attr:`payments` has; [] if none."""
        game = self.game
        keys = self.payment_keys(record)
        sentence = next((self.payments[key] for key in keys if key in self.payments), "")
        if not sentence:
            return []
        who = record.payer if record.payer < game.n_players else record.payee
        name = game.names[who] if who < game.n_players else ""
        amount = cash(game, record.amount)
        filled = sentence.format(**self._figures, amount=amount)
        return [Because((amount, name), filled, record.reason in self.once)]

    def payment_keys(self, record: Transfer) -> list[PaymentKey]:
        """Where to look a payment up in :attr:`payments`, the most particular first."""
        return [record.reason]

    # --- what changed on the board -----------------------------------------------------

    def changes(self, pending: object, choice: object) -> list[Because]:
        """What the step changed on the board, and the rules that changed it."""
        game = self.game
        told: list[Because] = []
        purpose = getattr(pending, "purpose", "")
        for player in range(game.n_players):
            name = game.names[player]
            if game.jailed[player] and not self.jailed[player]:
                told.append(self.say(self.jailed_by(player, purpose, choice), name, "Jail"))
            elif self.jailed[player] and not game.jailed[player] and _double(purpose, choice):
                told.append(self.say("double_out", name))
        told += self.board_changes()
        if purpose == "dice" or getattr(pending, "kind", "") == "move":
            told += self.landing()
        return told

    def jailed_by(self, player: int, purpose: str, choice: object) -> str:
        """Why ``player`` went to Jail: the key of the sentence in :attr:`steps`."""
        return "jail"

    def board_changes(self) -> list[Because]:
        """What else the step changed on the board (a holder, a group, the single tax)."""
        return []

    def landing(self) -> list[Because]:
        """A corner where nothing happens, told so that nothing looks forgotten."""
        game = self.game
        player = self.mover
        space = game.position[player]
        if space == self.position[player] or space >= game.tables.size:
            return []
        key = self.quiet(player, game.tables.kind[space])
        return [self.say(key)] if key else []

    def quiet(self, player: int, kind: str) -> str:
        """The sentence for ``player`` stopping on a space of ``kind`` where nothing
        happens ("" if something does)."""
        return ""

    def end(self) -> str:
        """Why the game ended, as the rules say."""
        return self.say(self.end_key()).sentence

    def end_key(self) -> str:
        """The key of the sentence saying why the game ended."""
        game = self.game
        return "end_agreed" if game.round_limit and game.round >= game.round_limit else "end"


class StepExplainer:
    """The rules each step of ``game`` followed, for ``Narrator(game, explain=True)``.

    Call :meth:`before` as the game waits, then :meth:`after` with what was
    answered and the payments made: it returns :class:`Because` records, in
    the order things happened, which :func:`interleave` puts among the lines.
    The sentences are the game's family's (:class:`StepRules`).

    Examples
    --------
    >>> from landlord.session import Session
    >>> session = Session("landlords_game", ["eager_landlord"] * 2, seed=1, names=["Ann", "Bob"])
    >>> explainer, told = StepExplainer(session.game), []
    >>> while not any("Jail" in because.sentence for because in told):
    ...     explainer.before()
    ...     pending, records = session.game.pending, len(session.game.ledger.records)
    ...     history = len(session.game.history)
    ...     _ = session.step()
    ...     choice = session.game.history[history] if len(session.game.history) > history else None
    ...     told += explainer.after(pending, choice, session.game.ledger.records[records:])
    >>> told[-1].sentence  # doctest: +ELLIPSIS
    "Rule 5: Hogg's Game Preserves and Lord Blueblood's Estate are land held out of use; ..."
    """

    def __init__(self, game: Any) -> None:
        self.game = game
        self._rules: StepRules | None = game.family.step_rules(game)
        #: Whether the kit has sentences for this family (a new family gets none).
        self.known = self._rules is not None
        self._told: set[str] = set()
        #: Whether :meth:`before` has noted the board for the next :meth:`after`.
        self.ready = False

    def before(self) -> None:
        """Note what a step may change: places, Jail, holders, the single tax."""
        if self._rules is None:
            return
        self._rules.note()
        self.ready = True

    def after(self, pending: Any, choice: Any, records: Sequence[Any]) -> list[Because]:
        """The rules the step (``pending`` answered by ``choice``, making ``records``)
        followed, in order; [] if :meth:`before` was not called first."""
        rules = self._rules
        if not self.ready or rules is None:
            return []
        self.ready = False
        told = rules.step(pending, choice) if pending is not None and choice is not None else []
        for record in records:
            told += rules.payment(record)
        told += rules.changes(pending, choice)
        if self.game.is_over and not rules.over:
            told.append(Because((), rules.end()))
        # A sentence told once a game is kept for every line of this step it belongs to,
        # so that it follows the last of them.
        kept = [because for because in told if because.sentence not in self._told]
        self._told.update(because.sentence for because in kept if because.once)
        return kept


def _double(purpose: str, choice: Any) -> bool:
    """Whether a chance event was a throw of doubles."""
    return purpose == "dice" and choice[0] == choice[1]


def interleave(lines: Sequence[str], told: Sequence[Because]) -> list[str]:
    """``lines`` with each explanation after the line it belongs to (or at the end).

    A sentence goes after the last line (not yet taken by another) holding
    all its words; the same sentence is told once a step, after the last of
    its lines.

    Examples
    --------
    >>> interleave(["Ann throws 3 and 4", "Ann pays $14 land rent to Bob"],
    ...            [Because(("$14", "Ann"), "Rule 7: rent to the holder.")])
    ['Ann throws 3 and 4', 'Ann pays $14 land rent to Bob', 'Why? Rule 7: rent to the holder.']
    """
    last = len(lines) - 1
    taken: set[int] = set()
    where: dict[str, int] = {}
    for because in told:
        found = last
        if because.words:
            holding = [
                k
                for k, line in enumerate(lines)
                if k not in taken and all(word in line for word in because.words)
            ]
            if holding:
                found = holding[-1]  # the payment, after the decision that made it
                taken.add(found)
        where[because.sentence] = max(where.get(because.sentence, -1), found)
    after: dict[int, list[str]] = {}
    for sentence, k in where.items():
        after.setdefault(k, []).append(Explanation.of(sentence))
    out = list(after.get(-1, []))  # no lines: the explanations alone
    for k, line in enumerate(lines):
        out.append(line)
        out += after.get(k, [])
    return out
