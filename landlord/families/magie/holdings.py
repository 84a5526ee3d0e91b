"""What each player holds in Magie's games, and what it is worth.

:class:`Holdings` is the part of a :class:`~landlord.families.magie.game.LandlordsGame`
that owns the green cards (who holds each, the houses on each lot), the
luxury and Education cards, and the running value of every player's cards
and houses. It counts holdings by the rule set's own score (cash plus so much
a card, house, luxury card and Professor card) and by net worth (cards at
their printed price, houses at cost, luxury cards at what they cost). Money
itself is in the game's ledger; debts are with the dealings
(:mod:`landlord.families.magie.dealings`).

The per-round tables are computed from a cheap copy of the figures
(:meth:`LandlordsGame.capture`) taken at the end of every round.
"""

from __future__ import annotations

from typing import cast

from landlord.engine.actions import Build
from landlord.engine.state import Captured
from landlord.families.magie.tables import Tables
from landlord.rules.model import RuleSet
from landlord.rules.sections import required

__all__ = ["Capture", "Holdings"]

#: What :meth:`LandlordsGame.capture` copies at the end of a round: each player's cash,
#: the holder of each space (-1: none) and its houses, each player's luxury cards, what
#: each is owed less what he owes (``None`` while nobody owes anything), his Education
#: cards, whether the single tax is in force, and the running value of his cards and houses.
Capture = tuple[
    list[int], list[int], list[int], list[int], list[int] | None, list[int], bool, list[int]
]


class Holdings:
    """Cards, houses, luxury and Education cards: who holds what, and its worth.

    Parameters
    ----------
    rules : RuleSet
        The rule set: its ``[houses]``, ``[luxury]``, ``[score]`` and
        ``[education]`` sections.
    tables : Tables
        The rule set's look-up tables.
    players : int
        How many players.
    """

    def __init__(self, rules: RuleSet, tables: Tables, players: int) -> None:
        self.tables = tables
        #: Who holds the card of each space: a player, or -1 (the pack).
        self.owner = [-1] * tables.size
        #: Houses on each lot.
        self.houses = [0] * tables.size
        #: The lots each player holds (kept by :meth:`set_owner`).
        self.lots_held: list[set[int]] = [set() for _ in range(players)]
        #: What each player's cards and houses are worth (printed prices, houses at
        #: cost): his net worth less his cash, luxury and Professor cards and debts.
        self.assets = [0] * players
        #: Luxury cards each player holds.
        self.luxuries = [0] * players
        #: Education cards each player has taken (four make a Professor card).
        self.education = [0] * players
        #: What a card counts for in talks and net worth: its printed price, until the
        #: single tax makes a lot's title deed worthless.
        self.prices = tables.price
        #: The Build actions of each player's lots, in board order (None: not made since
        #: his lots last changed; :meth:`builds_of` makes them).
        self.build_actions: list[tuple[Build, ...] | None] = [()] * players
        #: How many railroads each player holds (kept by set_owner).
        self.railroads_held = [0] * players
        self.house_cost: int = required(rules.houses).cost
        self.house_limit: int = required(rules.houses).limit
        self.luxury_fee: int = required(rules.luxury).fee
        score = required(rules.score)
        self.score_rule = (score.per_card, score.per_house, score.per_luxury)
        education = rules.education
        # Rule 7 of the Single Tax: so many Education cards make a Professor card, worth so
        # much. A rule set without [education] has no colleges that hand them out.
        self.per_professor = (
            (education.cards_per_professor, education.per_professor) if education else (4, 0)
        )

    # --- cards and houses --------------------------------------------------------------

    def set_owner(self, space: int, player: int) -> int:
        """Give the card of ``space`` to ``player`` (-1: back to the pack, houses and
        all); return who held it before."""
        before = self.owner[space]
        value = self.prices[space] + self.houses[space] * self.house_cost
        lot = space in self.tables.builds
        railroad = self.tables.kind[space] == "railroad"
        if before >= 0:
            self.assets[before] -= value
            if lot:
                self.lots_held[before].discard(space)
                self.build_actions[before] = None
            elif railroad:
                self.railroads_held[before] -= 1
        if player >= 0:
            self.assets[player] += value
            if lot:
                self.lots_held[player].add(space)
                self.build_actions[player] = None
            elif railroad:
                self.railroads_held[player] += 1
        self.owner[space] = player
        if player < 0:
            self.houses[space] = 0
        return before

    def add_house(self, player: int, space: int) -> None:
        """A house goes up on ``space``, held by ``player`` (the money is paid elsewhere)."""
        self.houses[space] += 1
        self.assets[player] += self.house_cost

    def builds_of(self, player: int) -> tuple[Build, ...]:
        """The Build actions of the lots ``player`` holds, in board order."""
        builds = self.build_actions[player]
        if builds is None:
            table = self.tables.builds
            builds = self.build_actions[player] = tuple(
                [table[lot] for lot in sorted(self.lots_held[player])]
            )
        return builds

    def deeds_lose_value(self) -> None:
        """The single tax comes in: a lot's title deed is worth nothing from now on."""
        for lot in self.tables.lots:
            holder = self.owner[lot]
            if holder >= 0:
                self.assets[holder] -= self.prices[lot]
        self.prices = self.tables.price_without_deeds

    def cards_of(self, player: int) -> list[int]:
        """The spaces whose cards ``player`` holds, in board order."""
        owner = self.owner
        return [space for space in self.tables.cards if owner[space] == player]

    def card_value(self, space: int) -> int:
        """A card's worth in talks: its printed price plus its houses at cost."""
        return self.prices[space] + self.houses[space] * self.house_cost

    def recount_assets(self) -> None:
        """Value every player's cards and houses afresh (after setting them by hand)."""
        players = len(self.assets)
        self.assets[:] = [0] * players
        self.railroads_held[:] = [0] * players
        railroads = self.tables.railroads
        for space in self.tables.cards:
            holder = self.owner[space]
            if holder >= 0:
                self.assets[holder] += self.prices[space] + self.houses[space] * self.house_cost
                if space in railroads:
                    self.railroads_held[holder] += 1

    # --- worth -----------------------------------------------------------------------------

    def net_worths(self, captured: Captured) -> list[int]:
        """Every player's net worth from a capture: the last column of :meth:`table`, from
        the running value of his cards and houses (experiments read it for every round
        of every game)."""
        balances, _, _, luxuries, debts, education, _, assets = cast(Capture, captured)
        per_education, per_professor = self.per_professor
        fee = self.luxury_fee
        worth = [
            cash + held + luxury * fee + educated // per_education * per_professor
            for cash, held, luxury, educated in zip(
                balances, assets, luxuries, education, strict=True
            )
        ]
        if debts:
            worth = [value + debt for value, debt in zip(worth, debts, strict=True)]
        return worth

    def table(self, captured: Captured) -> list[tuple[int, ...]]:
        """Per player, from a capture: (cash, lots, franchises, railroads, licenses,
        luxuries, professors, houses, land value, debts, score, net worth).

        Land value is the printed price of his lots. The score is the rule
        set's own (cash plus so much a card, house, luxury card and Professor
        card); net worth values cards at their printed price, houses at cost,
        luxury cards at what they cost and Professor cards at their score.
        Under the single tax a lot's title deed is worth nothing: his lots are
        the sites he has built on, and they count only by their houses. Both
        count debts owed to him and by him; ``debts`` is what he owes less what
        is owed to him.
        """
        balances, owner, houses, luxuries, debts, education, single_tax, _ = cast(
            Capture, captured
        )
        t = self.tables
        price = t.price
        lot_card = 0 if single_tax else 1  # title deeds count for nothing under the single tax
        per_education, per_professor = self.per_professor
        # counts[player] = [lots, franchises, railroads, licenses, houses, land, cards value]
        counts = [[0, 0, 0, 0, 0, 0, 0] for _ in balances]
        for space, column in t.card_columns:
            holder = owner[space]
            if holder >= 0:
                row = counts[holder]
                row[column] += 1
                row[4] += houses[space]
                if column == 0:
                    if lot_card:
                        row[5] += price[space]
                        row[6] += price[space]
                else:
                    row[6] += price[space]
        per_card, per_house, per_luxury = self.score_rule
        house_cost, fee = self.house_cost, self.luxury_fee
        table: list[tuple[int, ...]] = []
        for player, cash in enumerate(balances):
            lots, franchises, railroads, licenses, built, land, cards_value = counts[player]
            net_debt = debts[player] if debts else 0
            luxury = luxuries[player]
            professors = education[player] // per_education
            cards = lots * lot_card + franchises + railroads + licenses
            score = (
                cash
                + cards * per_card
                + built * per_house
                + luxury * per_luxury
                + professors * per_professor
                + net_debt
            )
            worth = (
                cash
                + cards_value
                + built * house_cost
                + luxury * fee
                + professors * per_professor
                + net_debt
            )
            table.append(
                (
                    cash,
                    lots,
                    franchises,
                    railroads,
                    licenses,
                    luxury,
                    professors,
                    built,
                    land,
                    -net_debt,
                    score,
                    worth,
                )
            )
        return table

    def __repr__(self) -> str:
        held = sum(1 for holder in self.owner if holder >= 0)
        return f"<Holdings: {held} cards held, {sum(self.houses)} houses>"
