"""Quikopoly: the piecepack property game (v1.0, 2023), by Jacob Steinberger-Parkes.

The rule set ``quikopoly`` is played by this package:

* the engine: :mod:`.game` (the flow: the tiles laid face down, a turn, Prison,
  the move, Go, Community Chest, buying, rent, hotels, money that falls short,
  bankruptcy), calling its parts :mod:`.tiles` (who holds which tile, the sets,
  rent, hotels, worth) and :mod:`.fair_trades` (the forced swaps once every
  tile is sold);
* what a player sees of it (not the face-down tiles): :mod:`.view`;
* how the named bots play it: :mod:`.bots`;
* its views: :mod:`.board` (the six by six square as SVG, face-down tiles
  hatched, everything said in words), :mod:`.narrator` (the event log),
  :mod:`.views` (the questions the apps ask, the line of figures, the notes
  under ``landlord play``'s standings);
* its rules explained: :mod:`.question_help` (why each question is asked) and
  :mod:`.glossary` (its words), :mod:`.explain` (the part of the text behind
  each step) and :mod:`.board_text` (the board in words, for a screen reader).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from landlord.engine.family import Family, Figure, Outcome

if TYPE_CHECKING:  # pragma: no cover - for the annotations only
    from landlord.engine.parts import Described
    from landlord.engine.state import GameState
    from landlord.families.quikopoly.game import Quikopoly
    from landlord.families.quikopoly.tiles import Capture
    from landlord.rules.model import RuleSet

__all__ = ["FAMILY", "QuikopolyFamily"]


class QuikopolyFamily(Family):
    """Twenty tiles round a square, one die, sets of two, hotels, forced fair trades."""

    name = "quikopoly"
    title = "Quikopoly (piecepack)"
    menu_tag = "piecepack game"
    moves_by = "one die"
    sections = (
        "accounts",
        "bank",
        "wages",
        "tile_purchase",
        "property_rent",
        "hotels",
        "jail",
        "community_chest_tile",
        "dice",
        "jail_square",
        "fair_trades",
        "end",
    )
    by_players = ("bank.coins_by_players",)
    corner_kinds = ("go", "jail", "go_to_go", "community_chest_tile")
    game_class = "Quikopoly"
    batch = "landlord.families.quikopoly.batch"

    def describe_bot(self, policy: Described, rules: RuleSet, players: int) -> str:
        """A rule-of-thumb bot in Quikopoly's words: coins kept, hotels, Prison
        (:mod:`.bots`); any other bot in its own."""
        from landlord.policies.bots import Strategy

        if not isinstance(policy, Strategy):
            return policy.describe()
        start = rules.starting_cash[players]
        coins = round(policy.reserve * start / 500)
        kept = f"keeps {coins} coin{'s' if coins != 1 else ''} of its {start} in hand"
        hotels = (
            f"places up to {policy.build_to} hotel{'s' if policy.build_to != 1 else ''} a tile"
            if policy.build_to
            else "never places a hotel"
        )
        prison = "pays its way out of Prison" if policy.pays_fine else "waits in Prison for a null"
        return f"{kept}, buys a tile whenever that leaves them, {hotels}, {prison}"

    round_columns = (
        "cash",
        "properties",
        "complete_sets",
        "hotels",
        "land_value",
        "score",
        "net_worth",
    )
    standings_columns = (
        "place",
        "name",
        "net_worth",
        "cash",
        "properties",
        "complete_sets",
        "hotels",
        "left",
    )
    figures = (
        Figure("fair_trades", "fair trades made"),
        Figure("bank_left", "coins left in the bank"),
        # Idle land (landlord.scorecard.idle_land): a property tile (every one may carry
        # hotels, once its set is whole) held by a player with no hotel on it. The words
        # are every family's own (a comparison of several families shows the first one's),
        # "lot" meaning a space built on.
        Figure("idle_lots", "lots held with nothing built on them at the end"),
        Figure(
            "idle_lot_share", "share of the lots held with nothing built on them", form="{:.0%}"
        ),
        Figure("idle_lot_rounds", "lot-rounds held with nothing built on them", form="{:.1f}"),
    )

    def outcome(self, game: GameState) -> Outcome:
        return self.winners_outcome(cast("Quikopoly", game))

    def game_figures(self, game: GameState) -> dict[str, float]:
        game = cast("Quikopoly", game)
        return {
            "fair_trades": len(game.tiles.trades_made),
            "bank_left": game.bank_coins,
            **idle_tiles(game),
        }

    def details(self, game: GameState) -> dict[str, object]:
        game = cast("Quikopoly", game)
        return {
            # While the game goes on, a face-down tile is not named (nobody at the table
            # knows it); once it is over, the whole layout is told.
            "layout": [
                "face down"
                if not game.is_over and position in game.tiles.face_down()
                else game.tile_name(position)
                for position in range(game.tiles.size)
            ],
            "fair_trades": [
                {"round": r, "circle": [game.names[p] for p in circle]}
                for r, circle in game.tiles.trades_made
            ],
            "bankruptcies": self.bankruptcies_told(game),
        }


def idle_tiles(game: Quikopoly) -> dict[str, float]:
    """The idle-land figures of ``game`` (:func:`landlord.scorecard.idle_land`): its
    property tiles held with no hotel at the end, and at each round's end (the round
    table's rows after the tiles are laid)."""
    from landlord.scorecard import Land, idle_land

    tiles = game.tiles
    captures = [cast("Capture", held) for _, held in game._snapshots[1:]]
    round_ends: list[Land] = [(held[1], held[2]) for held in captures]
    return idle_land((tiles.owner, tiles.hotels), round_ends, tiles.properties)


#: The family, as :func:`landlord.families.family_of` hands it out.
FAMILY = QuikopolyFamily()
