"""The Toll Road: a small property game, a family of rule sets installed from outside the kit.

It is no historical game: it was invented for the landlord kit's plugin test,
to show that a family living in a distribution of its own plays, draws, saves
and is measured as the kit's own families are. The kit finds it through the
entry point this distribution declares in the group ``landlord.families``
(``toll_road = "toll_road:FAMILY"``); nothing in ``landlord/`` names it.

The game: a ring of twelve spaces (eight lots, two toll gates, the start and
an inn), one die. A player who stops on a lot or gate nobody holds may buy
it at its printed price; one who stops on another's lot pays its land rent;
everyone who passes or stops on a gate another player holds pays its toll
(the game's own reason for money to move, :data:`ROAD_TOLL`, registered with
the kit's list of reasons); whoever passes or stops on the start draws
wages. A player who cannot pay hands over what he has and leaves the game,
his lots and gates going back on sale. After the round limit (or when one
player is left) the highest net worth wins.

The package holds what the kit asks of a family: :mod:`.game` (the flow),
:mod:`.view`, :mod:`.bots`, :mod:`.board`, :mod:`.narrator`, :mod:`.views`,
:mod:`.board_text` (the board in words: the kit's own tables read a track of
title cards), and the rule set in ``data/`` (:data:`RULES`).

Examples
--------
>>> from landlord.families import family_named
>>> family_named("toll_road") is FAMILY, FAMILY.title
(True, 'The Toll Road (a test family)')
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from landlord.engine.family import Family, Figure, Outcome
from landlord.engine.reasons import register_reason

__all__ = ["FAMILY", "ROAD_TOLL", "RULES", "TollRoadFamily"]

#: The rule set of the Toll Road, a TOML file beside its board (load it by path).
RULES = Path(__file__).resolve().parent / "data" / "toll_road.toml"

#: Why money moves at a gate: the game's own reason, counted with the fares.
ROAD_TOLL = register_reason("ROAD_TOLL", "road toll", "fares", "as a road toll")

#: The 1906 game's starting cash, which the named bots' reserves are set for.
_SET_FOR = 500


class TollRoadFamily(Family):
    """Twelve spaces in a ring, one die, lots with land rent, gates that take tolls."""

    name = "toll_road"
    title = "The Toll Road (a test family)"
    note = "Invented for the landlord kit's plugin test; no historical game."
    menu_tag = "a test family"
    moves_by = "one die"
    sections = ("accounts", "wages", "purchase", "dice", "end")
    layout = "track"
    corner_kinds = ("go",)
    game_class = "TollRoad"
    round_columns = ("cash", "lots", "gates", "land_value", "score", "net_worth")
    standings_columns = ("place", "name", "net_worth", "cash", "lots", "gates", "left")
    figures = (
        Figure("tolls_paid", "tolls paid a game", form="money"),
        Figure("bankruptcies", "players gone bankrupt"),
    )

    def rules_problem(self, rules: Any) -> tuple[str, str] | None:
        """The Toll Road throws one die and sells at the printed price (no auction)."""
        if rules.dice.count != 1:
            return "dice.count", (
                f"expected 1 (the Toll Road throws one die), got {rules.dice.count}"
            )
        if rules.purchase.mode != "fixed_price":
            return "purchase.mode", (
                f"expected 'fixed_price' (the Toll Road holds no auctions), "
                f"got {rules.purchase.mode!r}"
            )
        return None

    def outcome(self, game: Any) -> Outcome:
        return self.winners_outcome(game)

    def game_figures(self, game: Any) -> dict[str, Any]:
        return {"tolls_paid": game.tolls_paid(), "bankruptcies": len(game.bankruptcies)}

    def details(self, game: Any) -> dict[str, Any]:
        names = game.names
        return {
            "holders": {
                game.space_name(space): names[holder] if holder >= 0 else None
                for space, holder in enumerate(game.owner)
                if space in game.for_sale
            },
            "tolls_paid": game.tolls_paid(),
            "bankruptcies": self.bankruptcies_told(game),
        }

    def describe_bot(self, policy: Any, rules: Any, players: int) -> str:
        """A rule-of-thumb bot in the Toll Road's words (its reserve scaled to the
        starting cash); any other bot in its own."""
        from landlord.money import money
        from landlord.policies.bots import Strategy

        if not isinstance(policy, Strategy):
            return policy.describe()
        currency = rules.info.currency
        kept = money(reserve(policy, rules.starting_cash[players]), currency)
        dearest = f" of up to {money(policy.max_price, currency)}" if policy.max_price else ""
        gates = ", and any gate it can pay for" if policy.hunts_railroads else ""
        return f"keeps {kept} in hand, buys a lot{dearest} when that leaves it{gates}"

    def money_note(self, game: Any) -> str:
        return "(the bank issues the starting cash and the wages, so its balance is minus them)"


def reserve(policy: Any, start: int) -> int:
    """A named bot's reserve on the Toll Road: its 1906 reserve scaled to ``start``."""
    return round(policy.reserve * start / _SET_FOR)


#: The family, as the kit finds it through this distribution's entry point.
FAMILY = TollRoadFamily()
