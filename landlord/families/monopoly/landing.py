"""Moving in the later game, and what each space asks of the player who stops there.

:class:`Landing` is the part of a :class:`~landlord.families.monopoly.game.Monopoly`
game that moves a token (the salary on reaching or passing Go) and plays out
the space it stops on: an unowned property is bought or auctioned, an owned
one charges its rent (a utility's by the dice), a tax is paid (the income tax
flat or as a share of his worth), a card is drawn and obeyed, and Go to Jail
sends him there. The game throws the dice and calls :meth:`Landing.move`;
auctions are in :mod:`landlord.families.monopoly.auctions`, and payments that
fall short go through :mod:`landlord.families.monopoly.dealings`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from landlord.engine.actions import (
    CLAIM_RENT,
    DECLINE,
    DRAW_CHANCE,
    Buy,
    ClaimRent,
    PayInstead,
    PayTax,
)
from landlord.engine.dice import Throw
from landlord.engine.reasons import Reason
from landlord.engine.state import CHANCE, THROW, Flow
from landlord.rules.sections import required

if TYPE_CHECKING:  # pragma: no cover - for the annotations only
    from landlord.families.monopoly.game import Monopoly
    from landlord.rules.model import ChanceCard

__all__ = ["Landing"]


class Landing:
    """The move, and what the space asks: buying, rent, tax, the cards, Go to Jail.

    Parameters
    ----------
    game : Monopoly
        The game it is part of (its auctions and dealings made already).
    """

    def __init__(self, game: Monopoly) -> None:
        self.game = game
        rules = game.rules
        self.ledger = game.ledger
        self.tables = game.tables
        self.estates = game.estates
        self.bank = game.bank
        self.position = game.position
        self.auctions = game.auctions
        self.dealings = game.dealings
        self._rent = required(rules.rent)
        self._purchase = required(rules.purchase)
        self._taxes = required(rules.taxes)
        #: Every draw from a reshuffled pack (else the packs are shuffled once, at the start).
        self.reshuffle = required(rules.cards).order == "reshuffle"
        #: The packs' cards, and how many copies of each (a reshuffled pack's weights).
        self.decks = {"chance": rules.chance_deck, "community_chest": rules.community_chest_deck}
        self.weights = {
            pack: tuple(card.copies for card in deck) for pack, deck in self.decks.items()
        }

    def move(self, player: int, steps: int, *, card: ChanceCard | None = None) -> Flow:
        """Move forward ``steps`` (back if negative), with salary on reaching or passing Go."""
        size = self.tables.size
        pos = self.position[player]
        to = (pos + steps) % size
        if steps > 0 and pos + steps >= size:
            self.ledger.transfer(
                self.bank, player, self.game.wages, Reason.SALARY
            )  # Magie's wages
        self.position[player] = to
        yield from self._land(player, to, steps, card)

    def _go_to(self, player: int, space: int, card: Any = None) -> Flow:
        steps = (space - self.position[player]) % self.tables.size or self.tables.size
        yield from self.move(player, steps, card=card)

    def _land(self, player: int, space: int, steps: int, card: Any = None) -> Flow:
        t = self.tables
        kind = t.kind[space]
        if kind in ("street", "railroad", "utility"):
            estates = self.estates
            holder = estates.owner[space]
            if holder < 0:
                yield from self._unowned(player, space)
            elif holder != player and not estates.mortgaged[space]:
                yield from self._pay_rent(player, space, card)
        elif kind == "chance" or kind == "community_chest":
            yield from self._draw(player, kind)
        elif kind == "tax":
            yield from self._tax(player, space)
        elif kind == "go_to_jail":
            self.game.send_to_jail(player)

    def _pay_rent(self, player: int, space: int, card: Any) -> Flow:
        estates = self.estates
        holder = estates.owner[space]
        if card is not None and card.effect == "nearest_utility":
            throw = cast(Throw, (yield THROW))  # the card: throw; pay so many times the total
            rent = estates.rent(space, throw[0] + throw[1], card.amount)
        elif self.tables.kind[space] == "utility":
            rent = estates.rent(space, self.game.thrown, 1)
        elif card is not None and card.effect == "nearest_railroad":
            rent = estates.rent(space, multiplier=card.amount)
        else:
            rent = estates.rent(space)
        if rent <= 0:
            return
        if self._rent.lapses:
            claim = yield (holder, "rent", (CLAIM_RENT, DECLINE), (space, rent))
            if type(claim) is not ClaimRent:
                return
        # The ledger's words for it, as the flows group them: a bare lot's rent is
        # land rent, a built one's house rent; railroads and utilities charge fares.
        kind = self.tables.kind[space]
        if kind == "street":
            reason = Reason.HOUSE_RENT if estates.houses[space] else Reason.LAND_RENT
        else:
            reason = Reason.RAILROAD_FARE if kind == "railroad" else Reason.UTILITY_RENT
        if self.ledger.balances[player] >= rent:
            self.ledger.transfer(player, holder, rent, reason)  # the usual case, at once
        else:
            yield from self.dealings.pay(player, holder, rent, reason)

    def _unowned(self, player: int, space: int) -> Flow:
        t = self.tables
        price = t.price[space]
        if self._purchase.mode != "auction" and self.ledger.balances[player] >= price:
            choice = yield (player, "buy", (t.buy_at_price[space], DECLINE), space)
            if type(choice) is Buy:
                self.ledger.transfer(player, self.bank, price, Reason.PROPERTY_BOUGHT)
                self.estates.owner[space] = player
                return
        if self._purchase.mode != "fixed_price":
            yield from self.auctions.auction_property(space, player)

    def _tax(self, player: int, space: int) -> Flow:
        fee = self.tables.fee[space]
        if space == self._taxes.income_tax_space and self._taxes.income_tax_percent:
            flat = PayTax("flat", fee)
            share = PayTax("percent", self._taxes.income_tax_percent)
            choice = cast(PayTax, (yield (player, "income_tax", (flat, share), space)))
            if choice.how == "percent":
                fee = self.estates.total_worth(player) * self._taxes.income_tax_percent // 100
        yield from self.dealings.pay(player, self.bank, fee, Reason.TAX)

    # --- cards -----------------------------------------------------------------------

    def _draw(self, player: int, pack: str) -> Flow:
        deck = self.decks[pack]
        if self.reshuffle:
            index = cast(
                int, (yield (CHANCE, f"{pack}_card", tuple(range(len(deck))), self.weights[pack]))
            )
        else:
            order = self.game.packs[pack]
            if not order:
                return  # every card is held as a Get Out of Jail Free card
            index = order.popleft()
        card = deck[index]
        if card.effect == "get_out_of_jail":
            self.game.jail_cards_held[player].append((pack, index))
            return
        if not self.reshuffle:
            self.game.packs[pack].append(index)  # to the bottom
        yield from self._obey(player, card)

    def _obey(self, player: int, card: Any) -> Flow:
        effect = card.effect
        t = self.tables
        game = self.game
        pay = self.dealings.pay
        if effect == "go_to" or effect == "go_to_start":
            yield from self._go_to(player, card.target if effect == "go_to" else t.start)
        elif effect == "go_back_to":
            self.position[player] = card.target
            yield from self._land(player, card.target, 0)
        elif effect == "advance":
            yield from self.move(player, card.amount)
        elif effect == "go_to_jail":
            game.send_to_jail(player)
        elif effect == "nearest_railroad" or effect == "nearest_utility":
            targets = t.railroads if effect == "nearest_railroad" else t.utilities
            pos = self.position[player]
            nearest = min(targets, key=lambda s: (s - pos) % t.size or t.size)
            yield from self._go_to(player, nearest, card)
        elif effect == "pay":
            yield from pay(player, self.bank, card.amount, Reason.CARD)
        elif effect == "collect":
            self.ledger.transfer(self.bank, player, card.amount, Reason.CARD)
        elif effect == "pay_each":
            for other in game.active_players():
                if other != player and not game.bankrupt[player]:
                    yield from pay(player, other, card.amount, Reason.CARD)
        elif effect == "collect_from_each":
            for other in game.active_players():
                if other != player:
                    yield from pay(other, player, card.amount, Reason.CARD)
        elif effect == "repairs":
            houses, hotels = self.estates.buildings_of(player)
            yield from pay(
                player, self.bank, houses * card.amount + hotels * card.per_hotel, Reason.REPAIRS
            )
        elif effect == "pay_or_chance":
            choice = yield (player, "card", (PayInstead(card.amount), DRAW_CHANCE), card.text)
            if type(choice) is PayInstead:
                yield from pay(player, self.bank, card.amount, Reason.CARD)
            else:
                yield from self._draw(player, "chance")
        elif effect == "extra_turn" or effect == "miss_turn":
            pass  # no such card in the later game's packs
