"""What each space of the Landlord's Game asks of the player who stops there.

Rules 4 (necessities), 5 (trespass), 7 (land rent and the sale of a lot), 8
(Speculation), 9 (franchises, railroads, the cinch and the Trust), 11
(Chance) and 13 (Luxury). This is part of
:class:`~landlord.families.magie.game.LandlordsGame`, which sets up the
board, the holders of the cards and the figures read here, and moves the
checkers; payments that fall short go through
:mod:`landlord.families.magie.dealings`.
"""

from __future__ import annotations

from landlord.engine.actions import DECLINE, PASS, Bid, Buy
from landlord.engine.dice import DICE, DICE_TOTAL
from landlord.engine.reasons import Reason
from landlord.engine.state import CHANCE, Flow, Sale
from landlord.families.magie.dealings import Dealings

__all__ = ["CARD_SPACES", "SpaceRules"]

#: Spaces whose card is held and charges whoever stops there.
CARD_SPACES = frozenset({"lot", "railroad", "franchise"})


class SpaceRules(Dealings):
    """Landing on a space: rent, fares, taxes, sales, Chance, Speculation, Luxury."""

    def _land(self, player: int, space: int, origin: int, steps: int) -> Flow:
        kind = self.tables.kind[space]
        if kind in CARD_SPACES:
            if self.single_tax and kind == "lot":
                yield from self._site_landing(player, space)  # Single Tax Rules 2 and 4
                return
            holder = self.owner[space]
            if holder == player:
                return
            if holder >= 0:
                # Rules 7 and 9: rent or fare to the holder.
                bills = self.rent_due(space, player)
                if len(bills) == 1 and self.ledger.balances[player] >= bills[0][1]:
                    self.ledger.transfer(player, *bills[0])  # the usual case, no sub-flow
                elif bills:
                    yield from self._pay_bills(player, bills, landing=True)
                return
            yield from self._land_on_unowned(player, space)
        elif kind in ("necessity", "shelter_jail"):
            tax = self.necessity_tax()
            if tax:
                yield from self._pay_bills(
                    player, [(self._tax_to, tax, Reason.NECESSITY_TAX)], True
                )
        elif kind == "trespass":
            if space in self.colleges:
                self._go_to_college(player)  # Single Tax Rules 5 and 7
            else:
                self.send_to_jail(player)
        elif kind == "chance":
            yield from self._draw_chance(player)
        elif kind == "speculation":
            yield from self._speculate(player)
        elif kind == "luxury":
            yield from self._luxury(player, origin, steps)
        # mother_earth (wages paid on the way), central_park (Rule 10), blank: nothing.

    def necessity_tax(self) -> int:
        """Rule 4, with the advanced rules' doubling by houses on the board.

        Nothing under the single tax (Single Tax Rule 1).
        """
        if self.single_tax:
            return 0
        amount = self._tax_amount
        if self._tax_steps:
            built = sum(self.houses)
            for houses, tax in self._tax_steps:
                if built >= houses:
                    amount = tax
        return amount

    def _land_on_unowned(self, player: int, space: int) -> Flow:
        """Rules 7 and 9: an unowned card is for sale; if another buys it, the lander
        pays him the rent; if nobody does, the rent goes to the Public Treasury.
        A franchise or railroad the public has bought is free (Single Tax Rule 6)."""
        if self.public[space]:
            return
        holder = yield from self._sale(player, space)
        if holder == player:
            return
        if holder < 0:
            unsold = self.pile_account[self.rules["land_rent.unsold_paid_to"]]
            bills = [(unsold, amount, reason) for _, amount, reason in self.rent_due(space)]
        else:
            bills = self.rent_due(space, player)
        if bills:
            yield from self._pay_bills(player, bills, landing=True)

    def rent_due(self, space: int, payer: int = -1) -> list[tuple[int, int, str]]:
        """What stopping on ``space`` costs ``payer``: (payee, amount, reason) bills.

        The payee is the holder (-1 for an unowned card). Land rent and house
        rent are separate bills: under the single tax the land rent goes to the
        Treasury and the house rent to the house owner; with the land-value-tax
        dial a share of the land rent goes to the Treasury.
        """
        t = self.tables
        holder = self.owner[space]
        kind = t.kind[space]
        if kind == "lot":
            houses = self.houses[space]
            if self.single_tax:
                bills = [(self._rent_to, t.land_rent[space], Reason.LAND_RENT)]
                if houses and holder != payer:
                    bills.append((holder, houses * self._rent_each, Reason.HOUSE_RENT))
                return bills
            land_rent = self.land_rent(space) if self._section_doubling else t.land_rent[space]
            if self.land_value_tax and holder >= 0:
                tax = int(land_rent * self.land_value_tax + 0.5)
                bills = [(holder, land_rent - tax, Reason.LAND_RENT)]
                bills.append((self._treasury, tax, Reason.LAND_VALUE_TAX))
            else:
                bills = [(holder, land_rent, Reason.LAND_RENT)]
            if houses:
                bills.append((holder, houses * self._rent_each, Reason.HOUSE_RENT))
            return bills
        if self.public[space]:
            return []
        if kind == "franchise":
            cinch = holder >= 0 and all(self.owner[f] == holder for f in t.franchises)
            fee = self._franchise_fees[1] if cinch else self._franchise_fees[0]
            return [(holder, fee, Reason.FRANCHISE_FEE)]
        if kind == "railroad":
            trust = self.trust
            if trust is not None and holder in trust:
                if payer in trust:
                    return []  # Our reading: Trust members ride their pooled lines free.
                fare = self._trust_fare
                partner = next(member for member in trust if member != holder)
                half = fare // 2
                return [
                    (holder, fare - half, Reason.RAILROAD_FARE),
                    (partner, half, Reason.RAILROAD_FARE),
                ]
            fares = self._fares
            count = sum(1 for r in t.railroads if self.owner[r] == holder) if holder >= 0 else 1
            return [(holder, fares[min(count, len(fares)) - 1], Reason.RAILROAD_FARE)]
        return []

    def land_rent(self, space: int) -> int:
        """A lot's land rent, doubled by section under the advanced rules."""
        t = self.tables
        if self._section_doubling:
            lots = t.section_lots.get(t.section[space], (space,))
            level = min(min(self.houses[lot] for lot in lots), 3)
            return t.section_rents[space][level]
        return t.land_rent[space]

    def _sale(self, lander: int, space: int) -> Flow:
        """Rules 7 and 9: the others may bid above the printed price; the lander
        then has the first option at the highest figure, else the highest
        bidder must take it. Returns the buyer, or -1 if nobody buys.

        Our reading: one round of bids, in turn order from the lander's left.
        """
        t = self.tables
        high = t.price[space]
        bidder = -1
        steps = self.rules["sale.bid_steps"]
        n = self.n_players
        for k in range(1, n):
            other = (lander + k) % n
            cash = self.cash(other)
            bids = [self._bid(high + step) for step in steps if high + step <= cash]
            if not bids:
                continue
            choice = yield (other, "bid", (PASS, *bids), Sale(space, high, bidder, lander))
            if type(choice) is Bid:
                high = choice.amount
                bidder = other
        if self.cash(lander) >= high:
            about = Sale(space, high, bidder, lander)
            choice = yield (lander, "sale", (Buy(space, high), DECLINE), about)
            if type(choice) is Buy:
                bidder = lander
        if bidder < 0:
            return -1
        to = self.pile_account[self.rules["sale.paid_to"]]
        self.ledger.transfer(bidder, to, high, Reason.CARD_BOUGHT)
        self._set_owner(space, bidder)
        return bidder

    def _draw_chance(self, player: int) -> Flow:
        """Rule 11: draw from the red pack, obey it, return it to the pack."""
        cards, copies = self._chance_pack()
        index = yield (CHANCE, "chance_card", cards, copies)
        card = self.rules.chance_deck[index]
        effect = card.effect
        bank = self.bank
        if effect == "advance":
            target = (self.position[player] + card.amount) % self.tables.size
            yield from self._advance_to(player, target)
        elif effect == "go_to":
            yield from self._advance_to(player, card.target)
        elif effect == "go_to_start":
            yield from self._advance_to(player, self.tables.start)
        elif effect == "go_to_jail":
            self.send_to_jail(player)
        elif effect == "pay":
            yield from self._pay(player, self.pile_account[card.pile], card.amount, Reason.CHANCE)
        elif effect == "collect":
            self.ledger.transfer(
                self.pile_account.get(card.pile, bank), player, card.amount, Reason.CHANCE
            )
        elif effect == "collect_from_each":
            for other in range(self.n_players):
                if other != player:
                    yield from self._pay(other, player, card.amount, Reason.CHANCE)
        elif effect == "pay_each":
            bills = [(o, card.amount, Reason.CHANCE) for o in range(self.n_players) if o != player]
            yield from self._pay_bills(player, bills)
        elif effect == "extra_turn":
            self.extra_turn = True
        elif effect == "miss_turn":
            self.miss_turn[player] = True
        elif effect == "get_out_of_jail":
            self.jail_cards[player] += 1
            self._cards_kept.append((player, index))

    def _chance_pack(self) -> tuple[tuple[int, ...], tuple[int, ...] | None]:
        """The cards in the red pack and their copies; cards kept by players are out."""
        t = self.tables
        weights = t.chance_weights
        if not self._cards_kept:
            return t.chance_deck, None if len(set(weights)) == 1 else weights
        kept = [card for _, card in self._cards_kept]
        left = [
            (card, copies - kept.count(card))
            for card, copies in zip(t.chance_deck, weights, strict=True)
        ]
        left = [(card, copies) for card, copies in left if copies > 0]
        return tuple(card for card, _ in left), tuple(copies for _, copies in left)

    def _speculate(self, player: int) -> Flow:
        """Rule 8: settle the Broker's License, pay the ante, throw again."""
        t = self.tables
        spec = t.speculation
        if self.owner[spec] < 0:
            yield from self._sale(player, spec)
        broker = self.owner[spec]
        rule = self.rules.params["speculation"]
        if rule["stake_paid_to"] == "broker":
            # The 1906 text: the ante goes to the Broker, or MISCELLANEOUS if none.
            stake_to = broker if broker >= 0 else self.bank
        else:
            stake_to = self.pile_account[rule["stake_paid_to"]]
        if stake_to != player:
            paid = yield from self._pay(player, stake_to, rule["stake"], Reason.SPECULATION_STAKE)
            if not paid:
                return
        throw = yield (CHANCE, "speculation", DICE, None)
        total = DICE_TOTAL[throw]
        if throw[0] == throw[1]:
            winnings = rule["double_wins"]
        elif total in self._skin:
            # The "skin game": no winnings; the Broker goes to Jail, his card to the pack.
            if broker >= 0:
                self.send_to_jail(broker)
                self._set_owner(spec, -1)
            return
        else:
            winnings = self._wins.get(total, 0)
        if not winnings:
            return
        payer = self.pile_account[rule["winnings_paid_by"]]
        self.ledger.transfer(payer, player, winnings, Reason.SPECULATION_WINNINGS)
        share = winnings * rule["broker_share_percent"] // 100
        if broker != player:
            self.ledger.transfer(
                player, broker if broker >= 0 else payer, share, Reason.BROKERS_SHARE
            )

    def _luxury(self, player: int, origin: int, steps: int) -> Flow:
        """Rule 13: buy a luxury card, or move backward by the throw instead."""
        rule = self.rules.params["luxury"]
        fee = rule["fee"]
        space = self.position[player]
        if self.cash(player) >= fee:
            choice = yield (player, "luxury", (Buy(space, fee), DECLINE), space)
            if type(choice) is Buy:
                self.ledger.transfer(
                    player, self.pile_account[rule["paid_to"]], fee, Reason.LUXURY
                )
                self.luxuries[player] += 1
                return
        back = self.tables.track.backward(origin, steps)
        self.position[player] = back
        yield from self._land(player, back, origin, steps)
