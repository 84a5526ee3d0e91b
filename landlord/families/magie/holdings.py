"""What each player holds: cash, cards by kind, houses, debts, score and net worth.

The per-round tables and the standings are computed here, from a cheap copy
of the figures (:meth:`Holdings.capture`) that the game takes at the end of
every round. Part of the game classes; it reads their ledger, card holders,
houses, luxury cards and debts.
"""

from __future__ import annotations

from landlord.engine.state import GameState

__all__ = ["Holdings"]


class Holdings(GameState):
    """Cash, cards, houses and debts, counted by the rule set's score and by net worth."""

    def owed_by(self, player: int) -> int:
        """What ``player`` owes, in all his debts."""
        return sum(d.owed for d in self.debts.values() if d.debtor == player)

    def owed_to(self, player: int) -> int:
        """What is owed to ``player``."""
        return sum(d.owed for d in self.debts.values() if d.creditor == player)

    def holdings_summary(self, player: int) -> tuple[int, ...]:
        """(cash, lots, franchises, railroads, licenses, luxuries, professors,
        houses, land value, debts, score, net worth) of one player, now.

        Land value is the printed price of his lots. The score is the rule
        set's own (cash plus so much a card, house, luxury card and Professor
        card); net worth values cards at their printed price, houses at cost,
        luxury cards at what they cost and Professor cards at their score.
        Under the single tax a lot's title deed is worth nothing: his lots are
        the sites he has built on, and they count only by their houses. Both
        count debts owed to him and by him; ``debts`` is what he owes less what
        is owed to him.
        """
        return self.holdings_table()[player]

    def capture(self) -> tuple:
        """The figures the holdings are computed from, copied (cheap: a few list copies)."""
        n = self.n_players
        debts = None
        if self.debts:
            debts = [0] * n  # what each player is owed, less what he owes
            for debt in self.debts.values():
                if debt.creditor < n:
                    debts[debt.creditor] += debt.owed
                debts[debt.debtor] -= debt.owed
        return (
            self.ledger.balances[:n],
            self.owner[:],
            self.houses[:],
            self.luxuries[:],
            debts,
            self.education[:],
            self.single_tax,
            self.assets[:],
        )

    def net_worths(self, captured: tuple | None = None) -> list[int]:
        """Every player's net worth, now or from a :meth:`capture`: the last column of
        :meth:`holdings_table`, from the running value of his cards and houses
        (experiments read it for every round of every game)."""
        balances, _, _, luxuries, debts, education, _, assets = captured or self.capture()
        per_education, per_professor = self._per_professor
        fee = self._luxury_fee
        worth = [
            cash + held + luxury * fee + educated // per_education * per_professor
            for cash, held, luxury, educated in zip(
                balances, assets, luxuries, education, strict=True
            )
        ]
        if debts:
            worth = [value + debt for value, debt in zip(worth, debts, strict=True)]
        return worth

    @property
    def round_net_worths(self) -> list[tuple[int, list[int], list[int]]]:
        """Per round: (round, cash of each player, net worth of each player)."""
        worths = self.net_worths
        return [(round_, held[0], worths(held)) for round_, held in self._snapshots]

    def recount_assets(self) -> None:
        """Value every player's cards and houses afresh (after setting them by hand)."""
        self.assets = [0] * self.n_players
        for space in self.tables.cards:
            holder = self.owner[space]
            if holder >= 0:
                self.assets[holder] += self.prices[space] + self.houses[space] * self._house_cost

    def holdings_table(self, captured: tuple | None = None) -> list[tuple[int, ...]]:
        """:meth:`holdings_summary` for every player, now or from a :meth:`capture`."""
        balances, owner, houses, luxuries, debts, education, single_tax, _ = (
            captured or self.capture()
        )
        t = self.tables
        price = t.price
        lot_card = 0 if single_tax else 1  # title deeds count for nothing under the single tax
        per_education, per_professor = self._per_professor
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
        per_card, per_house, per_luxury = self._score_rule
        table = []
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
                + built * self._house_cost
                + luxury * self._luxury_fee
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
