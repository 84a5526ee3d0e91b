"""Property: Sid Sackson's card game of land on a grid (*A Gamut of Games*, 1969).

The rule set ``property`` is played by this package:

* the engine: :mod:`.game` (the deal, a turn of two cards, claiming, rent,
  buying with purchase units, mortgage and loss, drawing back up, the
  reshuffle, bankruptcy and the end), calling its parts :mod:`.cards` (the
  deck, the stock, the hands and the plays they allow), :mod:`.grid` (the
  cells, their owners, the groups and rent) and :mod:`.units` (the purchase
  units, which are not money);
* what a player sees of it (his own hand, not the others' or the stock):
  :mod:`.view`;
* how the named bots play it: :mod:`.bots`;
* its views: :mod:`.board` (the 8 x 8 grid as SVG), :mod:`.board_text` (the
  grid in words for a screen reader), :mod:`.narrator` (the event log),
  :mod:`.views` (the questions, the line of figures, the report's notes);
* its rules explained: :mod:`.question_help`, :mod:`.explain` and
  :mod:`.glossary`.

The land value in the per-round table counts each cell at $5, the text's own
figure for counting property; the score is money alone unless the option
``count_property`` adds the cells.

Nothing is ever built on a cell (a cell is claimed, mortgaged, bought or lost,
never improved), so Property has no idle land to measure: its figures leave out
the other families' ``idle_lots``, ``idle_lot_share`` and ``idle_lot_rounds``
(:func:`landlord.scorecard.idle_land`), and it has no Speculation.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from landlord.engine.family import Family, Figure, Outcome
from landlord.rules.sections import required

if TYPE_CHECKING:  # pragma: no cover - for the annotations only
    from landlord.engine.actions import Action, PlayCards
    from landlord.engine.parts import Described
    from landlord.engine.state import GameState
    from landlord.families.sackson.game import PropertyGame
    from landlord.rules.model import RuleSet

__all__ = ["FAMILY", "SacksonFamily"]


class SacksonFamily(Family):
    """A grid of 64 cells named by cards; rent by group and suits; purchase units."""

    name = "sackson"
    title = "Property (Sid Sackson)"
    menu_tag = "Sackson's card game"
    moves_by = "cards"
    sections = (
        "accounts",
        "chips",
        "play_deck",
        "court_cards",
        "unit_split",
        "cell_rent",
        "cell_purchase",
        "own_cell",
        "bankruptcy_end",
        "end",
    )
    by_players = ("unit_split.by_players",)
    layout = "grid"
    game_class = "PropertyGame"
    batch = "landlord.families.sackson.batch"

    def describe_bot(self, policy: Described, rules: RuleSet, players: int) -> str:
        """A rule-of-thumb bot in Property's words: aggressive or cautious (:mod:`.bots`);
        any other bot in its own."""
        from landlord.families.sackson.bots import is_aggressive
        from landlord.policies.bots import Strategy

        if not isinstance(policy, Strategy):
            return policy.describe()
        if is_aggressive(policy):
            return (
                "plays aggressively: counts the group a cell joins twice, and buys a rival's "
                "cell whenever its units allow"
            )
        share = round(min(policy.reserve, 500) / 500 * 100)
        return (
            "plays cautiously: counts rent twice, would rather claim an empty cell or mortgage "
            "one of its own than pay rent, and "
            f"buys only while it keeps {share}% of its starting purchase units"
        )

    round_columns = (
        "cash",
        "cells",
        "mortgaged",
        "units",
        "land_value",
        "score",
        "net_worth",
    )
    standings_columns = ("place", "name", "score", "cash", "cells", "mortgaged", "units", "left")
    figures = (
        Figure("cells_held", "cells held at the end"),
        Figure("cells_bought", "cells bought with purchase units"),
        Figure("mortgages", "cells mortgaged by a play"),
        Figure("cells_lost", "cells lost by a second play"),
        Figure("reshuffles", "times the stock was made anew"),
    )

    def outcome(self, game: GameState) -> Outcome:
        return self.winners_outcome(cast("PropertyGame", game))

    def game_figures(self, game: GameState) -> dict[str, float]:
        game = cast("PropertyGame", game)
        made = [what for *_, what in game.plays_made]
        return {
            "cells_held": sum(1 for holder in game.cells.owner if holder >= 0),
            "cells_bought": len(game.units.moves),
            "mortgages": made.count("mortgage"),
            "cells_lost": made.count("lose"),
            "reshuffles": game.cards.reshuffles,
        }

    def details(self, game: GameState) -> dict[str, object]:
        game = cast("PropertyGame", game)
        cells = game.cells
        names = game.names
        return {
            "cells": {
                cells.names[cell]: {"owner": names[holder], "mortgaged": cells.mortgaged[cell]}
                for cell, holder in enumerate(cells.owner)
                if holder >= 0
            },
            "units": {names[p]: game.units.held[p] for p in range(game.n_players)},
            "units_out_of_play": game.units.out_of_play,
            "purchases": [
                {
                    "round": move.round,
                    "buyer": names[move.buyer],
                    "seller": names[move.seller],
                    "units": move.units,
                    "cell": cells.names[move.cell],
                }
                for move in game.units.moves
            ],
            "bankruptcies": self.bankruptcies_told(game),
            "reshuffles": game.cards.reshuffles,
        }

    def choice_group(self, game: GameState, action: Action) -> str | None:
        """A long list of plays is grouped by the pair of cards: a wild card's eight
        cells under one button ("play A♦ and 9♣ on a cell of column 1")."""
        game = cast("PropertyGame", game)
        if type(action).__name__ != "PlayCards":
            return None
        action = cast("PlayCards", action)
        from landlord.engine.actions import card_name

        column, row = game.cells.column_row(action.space)
        wild = required(game.rules.play_deck).wild_from
        red_wild, black_wild = action.red // 10 >= wild, action.black // 10 >= wild
        if red_wild and black_wild:
            where = "any cell"
        elif black_wild:
            where = f"a cell of column {column}"
        elif red_wild:
            where = f"a cell of row {row}"
        else:
            where = f"column {column}, row {row}"
        return f"play {card_name(action.red)} and {card_name(action.black)} on {where}"

    def money_note(self, game: GameState) -> str:
        return (
            "(the box issued each player's chips at the start, so its balance is minus the "
            "money in play; since then money has only moved between players)"
        )


#: The family, as :func:`landlord.families.family_of` hands it out.
FAMILY = SacksonFamily()
