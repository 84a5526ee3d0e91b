"""The game told as it happens: one line per throw, card, decision and payment.

:class:`Narrator` follows a game and turns what happened since it last looked
into short sentences ("Ann pays $14 land rent to Bob"), for the apps' event
logs. The words are the game's family's (``game.family.voice(game)``): the
narrator notes what the game waits for, lets the step happen, and hands the
family's voice the decision or chance event, the choice made and the
payments it caused. It decides nothing. Only the standard library and the
engine are used, and :mod:`landlord.views.explain` when asked to explain.
:func:`log_html` shows the log as the Play app and the class server's pages do.

Two things it adds to the family's words:

* **Cause before effect.** A throw that passes the start and ends on a card
  space is told throw, wages (or salary), card, and not throw, card, wages,
  which reads as if the card had paid them.
* **Explain this step** (``Narrator(game, explain=True)``, or set
  :attr:`Narrator.explain` between steps): after the lines a step is told
  in, a line naming the rule that applied (an
  :class:`~landlord.views.explain.Explanation`, a ``str`` starting "Why?",
  which an app styles with its ``css_class``). With it off, no line is
  added.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from landlord.engine.reasons import Reason, group_of
from landlord.engine.state import CHANCE
from landlord.money import money

__all__ = ["LOG_SHOWN", "Narrator", "log_html", "payment"]

#: Lines of the event log on screen at most (the newest first); the whole log downloads.
LOG_SHOWN = 1000


def payment(payer: str, payee: str, amount: int, reason: str, currency: str = "$") -> str:
    """One payment in words (a reason's ``paid_for``: see :mod:`landlord.engine.reasons`).

    Examples
    --------
    >>> payment("Ann", "Bob", 14, "land rent")
    'Ann pays $14 land rent to Bob'
    >>> payment("Ann", "PUBLIC TREASURY", 25, "card bought")
    'Ann pays $25 for a card to PUBLIC TREASURY'
    """
    known = Reason.of(reason)
    words = known.paid_for if known is not None else reason
    return f"{payer} pays {money(amount, currency)} {words} to {payee}"


class Narrator:
    """Tells what happens in ``game``, step by step.

    Call :meth:`before` with the game as it waits, then :meth:`after` once the
    waiting decision or chance event has been answered: it returns the lines
    for that step (the throw, the card or the decision, then every payment it
    caused). Payments made outside the steps (before the first) are told the
    next time :meth:`after` is called.

    Parameters
    ----------
    game : GameState
        The game to tell.
    start_at_end : bool
        Tell only payments made from now on.
    explain : bool
        Add after a step's lines the rules it followed (see the module's
        docstring); :attr:`explain` may be changed between steps.

    Examples
    --------
    >>> from landlord.session import Session
    >>> session = Session("landlords_game", ["eager_landlord"] * 2, seed=1, names=["Ann", "Bob"])
    >>> narrator = Narrator(session.game)
    >>> lines = []
    >>> while not any(" throws " in line for line in lines):
    ...     narrator.before()
    ...     _ = session.step()
    ...     lines += narrator.after()
    >>> lines[-2:]
    ['Ann throws 1 and 3', 'Ann goes to Jail']

    Explained, the same throw says which rule sent her there:

    >>> session = Session("landlords_game", ["eager_landlord"] * 2, seed=1, names=["Ann", "Bob"])
    >>> narrator, lines = Narrator(session.game, explain=True), []
    >>> while not any(" throws " in line for line in lines):
    ...     narrator.before()
    ...     _ = session.step()
    ...     lines += narrator.after()
    >>> print(lines[-1])  # doctest: +ELLIPSIS
    Why? Rule 5: Hogg's Game Preserves and Lord Blueblood's Estate are land held out of use; ...
    """

    def __init__(self, game: Any, start_at_end: bool = False, explain: bool = False) -> None:
        self.game = game
        self._told = len(game.ledger.records) if start_at_end else 0
        self._pending: Any = None
        self._history = self._records = 0
        #: The family's own sentences.
        self._voice = game.family.voice(game)
        #: Whether each step's lines are followed by the rules it followed.
        self.explain = explain
        self._explainer: Any = None
        self._mover = self._from = -1

    def before(self) -> None:
        """Note what the game waits for, just before it is answered."""
        self._pending = self.game.pending
        self._history = len(self.game.history)
        self._records = len(self.game.ledger.records)
        self._voice.before()
        game = self.game
        self._mover = getattr(game, "turn_player", -1)
        positions = getattr(game, "position", ())
        self._from = positions[self._mover] if 0 <= self._mover < len(positions) else -1
        if self.explain:
            if self._explainer is None:
                from landlord.views.explain import StepExplainer

                self._explainer = StepExplainer(game)
            self._explainer.before()

    def after(self) -> list[str]:
        """What happened since :meth:`before`: the step in words, then its payments."""
        game = self.game
        pending, self._pending = self._pending, None
        made = len(game.history) > self._history and pending is not None
        choice = game.history[self._history] if made else None
        records = game.ledger.records
        start = max(self._told, min(self._records, len(records)))
        earlier = [
            r
            for r in records[self._told : start]
            if r.reason != Reason.STARTING_CASH or not self._told
        ]
        self._told = len(records)
        step = records[start:]
        lines = self._voice.after(pending, choice, step, earlier)
        lines = self._wages_after_throw(lines, pending, choice, step)
        if self.explain and self._explainer is not None:
            from landlord.views.explain import interleave

            lines = interleave(lines, self._explainer.after(pending, choice, [*earlier, *step]))
        return lines

    def _wages_after_throw(
        self, lines: list[str], pending: Any, choice: Any, records: Sequence[Any]
    ) -> list[str]:
        """Tell the wages a throw earned right after the throw, before what the throw led
        to (a card drawn on the space it reached): the card did not pay them."""
        game = self.game
        if not choice or getattr(pending, "player", CHANCE) != CHANCE:
            return lines
        if pending.purpose != "dice":
            return lines
        mover, start = self._mover, self._from
        size = getattr(getattr(game, "tables", None), "size", 0)
        if not 0 <= start < size or start + choice[0] + choice[1] < size:
            return lines  # the throw did not take the mover past the start
        earned = next(
            (r for r in records if r.payee == mover and group_of(r.reason) == "wages"), None
        )
        thrown = f"{game.names[mover]} throws {choice[0]} and {choice[1]}"
        at = next((k for k, line in enumerate(lines) if line.startswith(thrown)), -1)
        if earned is None or at < 0:
            return lines
        told = self._voice.after(None, None, [earned])[:1]  # the wages, as the voice tells them
        if not told or told[0] not in lines[at + 1 :]:
            return lines
        wages = lines.index(told[0], at + 1)
        return [*lines[: at + 1], lines[wages], *lines[at + 1 : wages], *lines[wages + 1 :]]


def log_html(lines: Sequence[str], rounds: Sequence[int], who: str = "") -> str:
    """The log as HTML: newest round first, each under a heading, newest line first.

    ``who``: only the lines that name this player (with the explanations of
    those lines, in explain mode). At most :data:`LOG_SHOWN` lines are shown
    (the newest). An explanation ("Why? ...") is set apart in its own style.

    Examples
    --------
    >>> print(log_html(["dealt: Lonely Lane", "Ann throws 1 and 3", "Bob throws 2 and 2"],
    ...                [0, 1, 1], who="Bob"))
    <b>Round 1</b><br>Bob throws 2 and 2
    """
    from landlord.views.explain import EXPLAIN_CLASS, Explanation

    if not who:  # everyone: only the newest lines need looking at
        lines, rounds = lines[-LOG_SHOWN:], rounds[-LOG_SHOWN:]
    chosen: list[tuple[int, str]] = []
    kept = False
    for round_, line in zip(rounds, lines, strict=True):
        if isinstance(line, Explanation):
            if kept:  # an explanation goes with the line it explains
                chosen.append((round_, line))
            continue
        kept = who in line
        if kept:
            chosen.append((round_, line))
    parts: list[str] = []
    shown_round = None
    for round_, line in reversed(chosen[-LOG_SHOWN:]):
        if round_ != shown_round:
            shown_round = round_
            parts.append(f"<b>{'The deal' if round_ == 0 else f'Round {round_}'}</b>")
        if isinstance(line, Explanation):
            parts.append(f"<span class='{EXPLAIN_CLASS}'>{html.escape(line)}</span>")
        else:
            parts.append(html.escape(line))
    return "<br>".join(parts)
