"""Continuing a game of Magie's family: "what if we kept playing?"

A class's game is continued by bots well past its printed end
(:mod:`landlord.continued`), under the rules it was played by or under a
change of them, from the next round:

* ``single_tax``: the single tax comes in at the start of the next round, as
  the 1906 booklet's vote brings it in "at any point" (the switch as
  :meth:`~landlord.families.magie.treasury.Treasury.adopt` makes it: the
  Treasury emptied, the deeds of unimproved lots returned, Rule 6's spending);
* ``money_neutral``: the same, but once the public goods are bought the
  Treasury shares its money out equally (the modern citizen's dividend)
  instead of raising wages that a bank that never runs out would pay; under a
  single tax already in force, the dividend takes over from the next spending.

:func:`keep_playing` lifts Rule 19's end (the fifth wages), so that a game
continued runs to the round asked for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from landlord.engine.family import WhatIf

if TYPE_CHECKING:  # pragma: no cover - for the annotations only
    from landlord.families.magie.game import LandlordsGame

__all__ = ["WHAT_IFS", "keep_playing"]


def keep_playing(game: LandlordsGame) -> None:
    """No end by wages (Rule 19 lifted): the game goes on to its round limit."""
    game._wages_times = 0
    game._wages_done = False


def _switch_next_round(game: Any) -> None:
    treasury = game.treasury
    if not treasury.single_tax:
        treasury.switch_round = game.round + 1  # tested as each turn begins


def _money_neutral(game: Any) -> None:
    _switch_next_round(game)
    game.treasury._dividend = True


def _single_tax_applies(game: Any) -> str:
    if game.treasury.single_tax:
        return "the single tax is already in force"
    return _has_sections(game)


def _has_sections(game: Any) -> str:
    rules = game.rules
    if rules.monarch is not None:
        return "the Monarch of the World's game keeps its own rules"
    for section in ("single_tax", "treasury_spending", "natural_opportunities"):
        if getattr(rules, section) is None:
            return f"this rule set has no [{section}] section to switch to"
    return ""


#: The rule changes a game of Magie's family may be continued under.
WHAT_IFS = (
    WhatIf(
        "single_tax",
        "the single tax from the next round (Magie's 1906 vote)",
        "primary",
        _single_tax_applies,
        _switch_next_round,
    ),
    WhatIf(
        "money_neutral",
        "the money-neutral single tax from the next round (modern: a dividend, no wage rises)",
        "modern",
        _has_sections,
        _money_neutral,
    ),
)
