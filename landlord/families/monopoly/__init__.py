"""The later game: the classic Monopoly rules (US, UK 1972, folk variants), as history.

"Monopoly" is Hasbro's trademark; landlord is independent of Hasbro and
plays these rules only as history, beside the Landlord's Game they grew out
of. The rule sets ``monopoly_us`` and ``monopoly_uk_1972`` (and files that
extend them) are played by this package:

* the engine: :mod:`.game` (the flow: the shuffle, a turn, Jail, the move,
  cards, auctions, money that falls short, bankruptcy), calling its parts
  :mod:`.estates` (who holds what, colour groups, rent, houses and hotels,
  mortgages, worth) and :mod:`.trades` (the trades proposed, and what may be);
* what a player sees of it (not the packs' order): :mod:`.view`;
* how the named bots and the strategy guide play it: :mod:`.bots`;
* its views: :mod:`.board` (the board as SVG), :mod:`.narrator` (the event
  log), :mod:`.views` (the questions the apps ask, the side-by-side line of
  figures, the notes under ``landlord play``'s standings);
* its rules explained: :mod:`.question_help` (why each question is asked,
  citing the rules' headings), :mod:`.explain` (which rule each step
  followed, for the event log's "explain this step") and :mod:`.glossary`
  (its words, in plain English).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from landlord.engine.family import Family, Figure, Outcome
from landlord.rules.sections import required

if TYPE_CHECKING:  # pragma: no cover - for the annotations only
    from landlord.engine.parts import Described
    from landlord.engine.state import GameState
    from landlord.families.monopoly.estates import Capture
    from landlord.families.monopoly.game import Monopoly
    from landlord.rules.model import RuleSet

__all__ = ["FAMILY", "MonopolyFamily"]


class MonopolyFamily(Family):
    """The classic rules: buy or auction, colour groups, houses and hotels, bankruptcy."""

    name = "monopoly"
    title = "Monopoly rules (historical)"
    note = (
        "Monopoly is a trademark of Hasbro; the kit plays its historical rules for study and "
        "is independent of Hasbro."
    )
    menu_tag = "historical rules"
    sections = (
        "accounts",
        "wages",
        "jail",
        "railroad",
        "utility",
        "rent",
        "buildings",
        "mortgage",
        "purchase",
        "taxes",
        "doubles",
        "cards",
        "short_game",
        "end",
    )
    space_lists = (("railroad.fares", "railroad", True), ("utility.multipliers", "utility", True))
    game_class = "Monopoly"
    batch = "landlord.families.monopoly.batch"

    def rules_problem(self, rules: RuleSet) -> tuple[str, str] | None:
        """The short game deals title deeds that each player pays for out of his starting
        cash: it must cover the dearest deeds he could be dealt."""
        from landlord.families.monopoly.estates import PROPERTY_KINDS

        deal, money = required(rules.short_game).deal, rules.info.currency
        if not deal:
            return None
        prices = sorted(
            (space.price or 0 for space in rules.board.spaces if space.kind in PROPERTY_KINDS),
            reverse=True,
        )
        for players in range(rules.info.min_players, rules.info.max_players + 1):
            dealt = min(deal, len(prices) // players)
            dearest = sum(prices[:dealt])
            cash = rules.starting_cash.get(players, 0)
            if cash < dearest:
                return (
                    "starting_cash",
                    f"the short game deals each player {dealt} title deeds, which he pays "
                    f"for: up to {money}{dearest:,}, more than the {money}{cash:,} each "
                    f"starts with at a table of {players}",
                )
        return None

    round_columns = (
        "cash",
        "streets",
        "utilities",
        "railroads",
        "houses",
        "mortgaged",
        "land_value",
        "score",
        "net_worth",
    )
    standings_columns = (
        "place",
        "name",
        "net_worth",
        "cash",
        "streets",
        "utilities",
        "railroads",
        "houses",
        "left",
    )
    figures = (
        Figure("final_wages", "wages at the end", form="money"),
        Figure("trades", "trades made"),
        # Idle land (landlord.scorecard.idle_land): a street (the only title that carries
        # houses: not a railroad or a utility) held by a player with no house or hotel,
        # mortgaged or not. The words are every family's own (a comparison of several
        # families shows the first one's), "lot" meaning a space built on.
        Figure("idle_lots", "lots held with nothing built on them at the end"),
        Figure(
            "idle_lot_share", "share of the lots held with nothing built on them", form="{:.0%}"
        ),
        Figure("idle_lot_rounds", "lot-rounds held with nothing built on them", form="{:.1f}"),
    )

    def outcome(self, game: GameState) -> Outcome:
        game = cast("Monopoly", game)
        scores = tuple(row[-2] for row in game.holdings_table())
        left = [-1] * game.n_players
        for round_, player, _ in game.bankruptcies:
            left[player] = round_
        winners = (game.winner,) if game.is_over and game.winner >= 0 else ()
        return Outcome(winners, game.end_reason, scores, tuple(left))

    def game_figures(self, game: GameState) -> dict[str, float]:
        game = cast("Monopoly", game)
        return {
            "final_wages": game.wages,
            "trades": game.trades.accepted(),
            **idle_streets(game),
        }

    def details(self, game: GameState) -> dict[str, object]:
        game = cast("Monopoly", game)
        return {
            "wages": game.wages,
            "trades": [
                {"round": r, "proposer": game.names[p], "trade": game.describe(t), "accepted": ok}
                for r, p, t, ok in game.trades.proposed
            ],
            "bankruptcies": self.bankruptcies_told(game),
        }

    def strategies(self) -> dict[str, Described]:
        return {"strategy_guide": cast("Described", self.part("bots", "strategy_guide"))}


def idle_streets(game: Monopoly) -> dict[str, float]:
    """The idle-land figures of ``game`` (:func:`landlord.scorecard.idle_land`): its
    streets held with no building at the end, and at each round's end (the round
    table's rows after the deal)."""
    from landlord.scorecard import Land, idle_land

    estates = game.estates
    captures = [cast("Capture", held) for _, held in game._snapshots[1:]]
    round_ends: list[Land] = [(held[1], held[2]) for held in captures]
    return idle_land((estates.owner, estates.houses), round_ends, estates.tables.streets)


#: The family, as :func:`landlord.families.family_of` hands it out.
FAMILY = MonopolyFamily()
