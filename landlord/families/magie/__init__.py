"""Magie's family: the Landlord's Game (1906), its Single Tax rules, and Prosperity.

The rule sets ``landlords_game``, ``single_tax`` and ``prosperity`` (and any
file that extends them, such as ``monarch_of_the_world``) are played by this
package:

* the engine: :mod:`.game` (the flow: the deal, a turn, the move, the end),
  made of parts that own their state: :mod:`.holdings` (the cards, houses,
  luxury and Education cards each player holds, and their worth),
  :mod:`.dealings` (payments that fall short, talks, loans, the Trust),
  :mod:`.spaces` (what each space asks) and :mod:`.treasury` (the single
  tax: the vote, the Treasury's spending, the dial, Prosperity); with
  :mod:`.tables` (the rule set's numbers laid out for play);
* what a player sees of it: :mod:`.view`;
* how the named bots play it: :mod:`.bots`;
* its views: :mod:`.board` (the board as SVG), :mod:`.narrator` (the event
  log), :mod:`.views` (the questions the apps ask, the side-by-side line of
  public figures, the notes under ``landlord play``'s standings);
* its rules explained: :mod:`.question_help` (why each question is asked,
  citing the 1906 rule), :mod:`.explain` (which rule each step followed, for
  the event log's "explain this step") and :mod:`.glossary` (its words, in
  plain English).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from landlord.engine.family import Family, Figure, Outcome

if TYPE_CHECKING:  # pragma: no cover - for the annotations only
    from landlord.engine.state import GameState
    from landlord.families.magie.game import LandlordsGame
    from landlord.families.magie.holdings import Capture
    from landlord.rules.model import RuleSet

__all__ = ["FAMILY", "MagieFamily"]


class MagieFamily(Family):
    """Lizzie Magie's games: private land rent, or the single tax."""

    name = "magie"
    title = "Landlord's Game rules (Magie, 1906)"
    sections = (
        "deal",
        "accounts",
        "wages",
        "necessity_tax",
        "jail",
        "land_rent",
        "sale",
        "franchise",
        "railroad",
        "speculation",
        "luxury",
        "houses",
        "movement",
        "poor_house",
        "borrowing",
        "end",
        "score",
    )
    optional_sections = (
        "education",
        "land_value_tax",
        "monarch",
        "natural_opportunities",
        "prosperity",
        "single_tax",
        "treasury_spending",
    )
    space_lists = (("railroad.fares", "railroad", False),)
    # The land rent alone: where the ground rent goes (to the landlords, or under the single
    # tax to the Public Treasury) is what Magie's game was made to show.
    charted_rent = ("land rent",)
    game_class = "LandlordsGame"
    batch = "landlord.families.magie.batch"
    round_columns = (
        "cash",
        "lots",
        "franchises",
        "railroads",
        "licenses",
        "luxuries",
        "professors",
        "houses",
        "land_value",
        "debts",
        "score",
        "net_worth",
    )
    standings_columns = (
        "place",
        "name",
        "score",
        "cash",
        "lots",
        "franchises",
        "railroads",
        "licenses",
        "houses",
        "luxuries",
        "debts",
        "net_worth",
    )
    figures = (
        Figure("poor_house_players", "players sent to the Poor House"),
        Figure("opportunity_players", "players sent to a Natural Opportunity"),
        Figure("final_wages", "wages at the end", form="money"),
        Figure("public_works", "public works built"),
        Figure("single_tax_since", "", summary=""),
        Figure(
            "everyone_wins", "games everyone won", summary="everyone_wins_share", form="{:.0%}"
        ),
        # Idle land (landlord.scorecard.idle_land): a lot (a space of kind "lot", which
        # alone carries houses: not a franchise, a railroad or the Broker's License) held
        # by a player with no house on it. The words are every family's own (a comparison
        # of several families shows the first one's), "lot" meaning a space built on.
        Figure("idle_lots", "lots held with nothing built on them at the end"),
        Figure(
            "idle_lot_share", "share of the lots held with nothing built on them", form="{:.0%}"
        ),
        Figure("idle_lot_rounds", "lot-rounds held with nothing built on them", form="{:.1f}"),
        Figure("speculation_plays", "Speculation throws made (Rule 8)", form="{:.1f}"),
    )

    def outcome(self, game: GameState) -> Outcome:
        game = cast("LandlordsGame", game)
        scores = tuple(row[-2] for row in game.holdings_table())
        winners: tuple[int, ...] = ()
        if game.everyone_wins:
            winners = tuple(range(game.n_players))
        elif game.is_over:
            best = max(scores)
            winners = tuple(p for p, score in enumerate(scores) if score == best)
        return Outcome(winners, game.end_reason, scores, (-1,) * game.n_players)

    def game_figures(self, game: GameState) -> dict[str, float]:
        game = cast("LandlordsGame", game)
        return {
            "poor_house_players": sum(1 for count in game.poor_house_visits if count > 0),
            "opportunity_players": sum(
                1 for count in game.treasury.opportunity_visits if count > 0
            ),
            "final_wages": game.wages,
            "public_works": sum(
                1 for _, what in game.treasury.public_works if what != "the single tax begins"
            ),
            "single_tax_since": game.treasury.single_tax_since,
            "everyone_wins": game.everyone_wins,
            **idle_lots(game),
            "speculation_plays": game.spaces.speculation_plays,
        }

    def details(self, game: GameState) -> dict[str, object]:
        game = cast("LandlordsGame", game)
        return {
            "everyone_wins": game.everyone_wins,
            "single_tax_since": game.treasury.single_tax_since,
            "wages": game.wages,
            "public_works": [list(work) for work in game.treasury.public_works],
        }

    def rules_problem(self, rules: RuleSet) -> tuple[str, str] | None:
        """The stretch where a player may move either way must have its two ends, and
        lead no player round Rule 13's move back for ever
        (:func:`~landlord.families.magie.spaces.stretch_problem`)."""
        from landlord.families.magie.spaces import stretch_problem

        return stretch_problem(rules)


def idle_lots(game: LandlordsGame) -> dict[str, float]:
    """The idle-land figures of ``game`` (:func:`landlord.scorecard.idle_land`): its lots
    held with no house at the end, and at each round's end (the round table's rows
    after the deal). Under the single tax a lot without a house goes back to the pack,
    so no lot is held idle while it is in force."""
    from landlord.scorecard import Land, idle_land

    holdings = game.holdings
    captures = [cast("Capture", held) for _, held in game._snapshots[1:]]
    round_ends: list[Land] = [(held[1], held[2]) for held in captures]
    return idle_land((holdings.owner, holdings.houses), round_ends, game.tables.lots)


#: The family, as :func:`landlord.families.family_of` hands it out.
FAMILY = MagieFamily()
