"""What a player sees of a Magie game: everything on the table (the game hides nothing).

The Landlord's Game has no hidden information: the green cards are dealt and
the Chance pack drawn by chance, and every card, house, debt and coin is in
view. :class:`View` gives a player the board's state, read live, and the
read-only questions the named bots ask (what a stop costs, what a card is
worth, what the necessity tax is now).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from landlord.engine.view import View as BaseView

if TYPE_CHECKING:  # pragma: no cover - for the annotations only
    from collections.abc import Mapping, Sequence
    from collections.abc import Set as AbstractSet

    from landlord.engine.actions import ClaimSite
    from landlord.engine.ledger import Debt
    from landlord.engine.reasons import Reason
    from landlord.families.magie.game import LandlordsGame
    from landlord.families.magie.tables import Tables

__all__ = ["View"]


class View(BaseView["LandlordsGame"]):
    """A player's view of a Landlord's Game (see :class:`landlord.engine.view.View`).

    Attributes
    ----------
    tables : Tables
        The rule set's numbers by space (prices, rents, kinds, names).
    owner, houses : sequence of int
        Who holds each space's card (-1: the pack), and the houses on it.
    luxuries, education, railroads_held : sequence of int
        Each player's luxury cards, Education cards and railroads.
    jailed, in_poor_house : sequence of bool
        Who is in Jail, and who in the Poor House.
    public : sequence of bool
        The franchises and railroads the Public Treasury has bought (free to use).
    colleges : set of int
        The spaces with a Free College.
    debts : mapping of int to Debt
        Every debt still owed, by id.
    house_cost, luxury_fee, jail_fine : int
        What a house, a luxury card and the Jail fine cost.
    """

    # What shared() sets besides the base view's, declared for the type checker; its
    # read-only questions are the game's parts' own methods (declared below).
    tables: Tables
    owner: Sequence[int]
    houses: Sequence[int]
    luxuries: Sequence[int]
    railroads_held: Sequence[int]
    education: Sequence[int]
    jailed: Sequence[bool]
    in_poor_house: Sequence[bool]
    public: Sequence[bool]
    colleges: AbstractSet[int]
    debts: Mapping[int, Debt]
    house_cost: int
    luxury_fee: int
    jail_fine: int
    treasury_account: int

    if TYPE_CHECKING:  # pragma: no cover - set by shared(), for the type checker

        def rent_due(self, space: int, payer: int = -1) -> list[tuple[int, int, Reason]]: ...
        def land_rent(self, space: int) -> int: ...
        def necessity_tax(self) -> int: ...
        def card_value(self, space: int) -> int: ...
        def owed_by(self, player: int) -> int: ...

    SHOWN = (
        *BaseView.SHOWN,
        "owner",
        "houses",
        "luxuries",
        "education",
        "jailed",
        "in_poor_house",
        "jail_cards",
        "public",
        "colleges",
        "debts",
        "trust",
        "wages",
        "single_tax",
        "single_tax_since",
        "land_value_tax",
        "public_works",
    )

    @classmethod
    def shared(cls, game: LandlordsGame) -> dict[str, object]:
        shown = super().shared(game)
        holdings, treasury, dealings, spaces = (
            game.holdings,
            game.treasury,
            game.dealings,
            game.spaces,
        )
        shown.update(
            tables=game.tables,
            owner=holdings.owner,
            houses=holdings.houses,
            luxuries=holdings.luxuries,
            railroads_held=holdings.railroads_held,
            education=holdings.education,
            jailed=game.jailed,
            in_poor_house=game.in_poor_house,
            public=treasury.public,
            colleges=treasury.colleges,
            debts=dealings.debts,
            house_cost=holdings.house_cost,
            luxury_fee=holdings.luxury_fee,
            jail_fine=game.jail_fine,
            treasury_account=treasury.account,
            # The read-only questions, as the game's parts answer them.
            rent_due=spaces.rent_due,
            land_rent=spaces.land_rent,
            necessity_tax=spaces.necessity_tax,
            card_value=holdings.card_value,
            owed_by=dealings.owed_by,
        )
        return shown

    @property
    def wages(self) -> int:
        """The wages paid at Mother Earth now (the single tax raises them)."""
        return self._game.wages

    def wages_to(self, player: int) -> int:
        """What Mother Earth pays ``player`` now (nothing to a Monarch without wages)."""
        return self._game.wages_to(player)

    @property
    def jail_cards(self) -> list[int]:
        """How many get-out-of-Jail cards each player keeps."""
        return self._game.jail_cards

    @property
    def trust(self) -> frozenset[int] | None:
        """The two players of a railroad Trust, or ``None``."""
        return self._game.dealings.trust

    @property
    def single_tax(self) -> bool:
        """Whether the single tax is in force."""
        return self._game.treasury.single_tax

    @property
    def single_tax_since(self) -> int:
        """The round the single tax came in (0: from the start), or -1."""
        return self._game.treasury.single_tax_since

    @property
    def land_value_tax(self) -> float:
        """The dial's share of land rent taxed, while the single tax is not in force."""
        return self._game.treasury.land_value_tax

    @property
    def site_claims(self) -> tuple[ClaimSite, ...]:
        """The sites a player may claim to build on (under the single tax)."""
        return self._game.treasury.site_claims

    @property
    def public_works(self) -> tuple[tuple[int, str], ...]:
        """What the Treasury has bought, (round, what), in order."""
        return tuple(self._game.treasury.public_works)
