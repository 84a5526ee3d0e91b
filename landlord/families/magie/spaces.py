"""What each space of the Landlord's Game asks of the player who stops there.

Rules 4 (necessities), 5 (trespass), 7 (land rent and the sale of a lot), 8
(Speculation), 9 (franchises, railroads, the cinch and the Trust), 11
(Chance) and 13 (Luxury), and under the single tax what a lot asks instead
(Single Tax Rules 2 and 4, in :mod:`landlord.families.magie.treasury`).
:class:`Spaces` is the part of a
:class:`~landlord.families.magie.game.LandlordsGame` that holds these rules;
the game moves the checkers and calls :meth:`Spaces.land`. Payments that fall
short go through :mod:`landlord.families.magie.dealings`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from landlord.engine.actions import DECLINE, PASS, Bid, Buy
from landlord.engine.dice import DICE, DICE_TOTAL, Throw
from landlord.engine.reasons import Reason
from landlord.engine.state import CHANCE, Flow, FlowTo, Sale
from landlord.rules.sections import required

if TYPE_CHECKING:  # pragma: no cover - for the annotations only
    from landlord.families.magie.game import LandlordsGame
    from landlord.rules.model import RuleSet, Space

__all__ = ["CARD_SPACES", "Spaces", "stretch_problem"]

#: Spaces whose card is held and charges whoever stops there.
CARD_SPACES = frozenset({"lot", "railroad", "franchise"})


def stretch_problem(rules: RuleSet) -> tuple[str, str] | None:
    """What makes the stretch where a player may move either way (Rule 2, ``[movement]``)
    unplayable, as (the field, what is wrong), or None.

    The stretch has two ends, both given or neither (no stretch). And no throw may end
    on a Luxury space from which Rule 13 sends the player who does not buy back by the
    throw onto a Luxury space again: a backward move ending on one (he would go back
    from where he stood onto the same space, for ever), or a forward one onto a Luxury
    space whose throw back leads onto another. The rules' reading, "between the
    Chances" (23 to 36), reaches no Luxury space.

    Examples
    --------
    >>> from dataclasses import replace
    >>> from landlord.rules import load_rules
    >>> rules = load_rules("landlords_game")
    >>> stretch_problem(rules) is None
    True
    >>> field, why = stretch_problem(
    ...     replace(rules, params={**rules.params, "movement": {"either_way_from": 0,
    ...                                                       "either_way_to": 36}}))
    >>> field, why[:46]
    ('movement.either_way_from', 'a throw of 2 backward from space 1 ends on Lux')
    """
    movement = rules.params["movement"]  # checked: its ends are board indices
    ends = {end: cast(int, movement.get(end, -1)) for end in ("either_way_from", "either_way_to")}
    missing = [end for end, space in ends.items() if space < 0]
    if len(missing) == 1:
        (given,) = (end for end in ends if end not in missing)
        return (
            f"movement.{missing[0]}",
            f"expected a board index: {given} is {ends[given]}, and the stretch where a "
            "player may move either way (Rule 2) has two ends (give both, or neither for "
            "no such stretch)",
        )
    loop = _rule_13_loop(rules.board.spaces, ends["either_way_from"], ends["either_way_to"])
    if loop is None:
        return None
    field, total, start, lands, back = loop
    return (
        field,
        f"a throw of {total} {'backward' if field.startswith('movement') else 'forward'} "
        f"from space {start} ends on {lands}, and a player who does not buy there goes "
        f"back by his throw from space {start} (Rule 13): onto {back}, for ever. Expected "
        "no move back of Rule 13 to end on a Luxury space (the rules' stretch, between "
        "the Chances, is 23 to 36)",
    )


def _rule_13_loop(
    spaces: Sequence[Space], low: int, high: int
) -> tuple[str, int, int, str, str] | None:
    """A throw that ends on a Luxury space whose Rule 13 move back ends on one again:
    (the field at fault, the throw, where it started, the two spaces in words), or None."""
    size = len(spaces)
    luxuries = [number for number, space in enumerate(spaces) if space.kind == "luxury"]

    def called(number: int) -> str:
        return f"{spaces[number].name} ({number})"

    for luxury in luxuries:
        for total in sorted(set(DICE_TOTAL.values())):
            start = (luxury + total) % size  # a move backward onto it, back onto it
            if low <= start <= high:
                return "movement.either_way_from", total, start, called(luxury), called(luxury)
            start, back = (luxury - total) % size, (luxury - 2 * total) % size
            if back in luxuries:  # a move forward onto it, back onto another
                return "rule_set.board", total, start, called(luxury), called(back)
    return None


class Spaces:
    """Landing on a space: rent, fares, taxes, sales, Chance, Speculation, Luxury.

    Parameters
    ----------
    game : LandlordsGame
        The game it is part of.
    """

    def __init__(self, game: LandlordsGame) -> None:
        self.game = game
        self.ledger = game.ledger
        self.tables = game.tables
        self.holdings = game.holdings
        self.treasury = game.treasury
        self.dealings = game.dealings
        rules = game.rules
        piles = game.pile_account
        self._tax = required(rules.necessity_tax)
        self._tax_to = piles[self._tax.paid_to]
        self._tax_steps = sorted(tuple(step) for step in self._tax.steps)
        self._rent_each = required(rules.houses).rent_each
        land_rent, franchise = required(rules.land_rent), required(rules.franchise)
        self._section_doubling = land_rent.section_doubling
        self._unsold_to = piles.get(land_rent.unsold_paid_to or "", -1)
        self._franchise_fees = (franchise.fee, franchise.cinch_fee)
        self._fares = required(rules.railroad).fares
        self._trust_fare = required(rules.railroad).trust_fare
        self._sale = required(rules.sale)
        self._sale_to = piles[self._sale.paid_to]
        self._speculation = required(rules.speculation)
        self._wins = self._speculation.wins_by_total
        self._skin = frozenset(self._speculation.skin_game_totals)
        #: The Speculation throws made (Rule 8): the ante paid, or owed to the player
        #: himself as the Broker, and the dice thrown.
        self.speculation_plays = 0
        self._luxury = required(rules.luxury)
        self._luxury_to = piles[self._luxury.paid_to]

    def land(self, player: int, space: int, origin: int, steps: int) -> Flow:
        """What stopping on ``space`` asks of ``player`` (moved ``steps`` from ``origin``)."""
        kind = self.tables.kind[space]
        if kind in CARD_SPACES:
            treasury = self.treasury
            if treasury.single_tax and kind == "lot":
                yield from treasury.site_landing(player, space)  # Single Tax Rules 2 and 4
                return
            holder = self.holdings.owner[space]
            if holder == player:
                return
            if holder >= 0:
                # Rules 7 and 9: rent or fare to the holder.
                bills = self.rent_due(space, player)
                if len(bills) == 1 and self.ledger.balances[player] >= bills[0][1]:
                    self.ledger.transfer(player, *bills[0])  # the usual case, no sub-flow
                elif bills:
                    yield from self.dealings.pay_bills(player, bills, landing=True)
                return
            yield from self._land_on_unowned(player, space)
        elif kind in ("necessity", "shelter_jail"):
            tax = self.necessity_tax()
            if tax:
                bill = [(self._tax_to, tax, Reason.NECESSITY_TAX)]
                yield from self.dealings.pay_bills(player, bill, True)
        elif kind == "trespass":
            if space in self.treasury.colleges:
                self.treasury.go_to_college(player)  # Single Tax Rules 5 and 7
            else:
                self.game.send_to_jail(player)
        elif kind == "chance":
            yield from self._draw_chance(player)
        elif kind == "speculation":
            yield from self._speculate(player)
        elif kind == "luxury":
            yield from self._luxury_space(player, origin, steps)
        # mother_earth (wages paid on the way), central_park (Rule 10), blank: nothing.

    def necessity_tax(self) -> int:
        """Rule 4, with the advanced rules' doubling by houses on the board.

        Nothing under the single tax (Single Tax Rule 1).
        """
        if self.treasury.single_tax:
            return 0
        amount = self._tax.amount
        if self._tax_steps:
            built = sum(self.holdings.houses)
            for houses, tax in self._tax_steps:
                if built >= houses:
                    amount = tax
        return amount

    def _land_on_unowned(self, player: int, space: int) -> Flow:
        """Rules 7 and 9: an unowned card is for sale; if another buys it, the lander
        pays him the rent; if nobody does, the rent goes to the Public Treasury.
        A franchise or railroad the public has bought is free (Single Tax Rule 6)."""
        if self.treasury.public[space]:
            return
        holder = yield from self.sale(player, space)
        if holder == player:
            return
        if holder < 0:
            unsold = self._unsold_to
            bills = [(unsold, amount, reason) for _, amount, reason in self.rent_due(space)]
        else:
            bills = self.rent_due(space, player)
        if bills:
            yield from self.dealings.pay_bills(player, bills, landing=True)

    def rent_due(self, space: int, payer: int = -1) -> list[tuple[int, int, Reason]]:
        """What stopping on ``space`` costs ``payer``: (payee, amount, reason) bills.

        The payee is the holder (-1 for an unowned card). Land rent and house
        rent are separate bills: under the single tax the land rent goes to the
        Treasury and the house rent to the house owner; with the land-value-tax
        dial a share of the land rent goes to the Treasury.
        """
        t = self.tables
        holdings = self.holdings
        holder = holdings.owner[space]
        kind = t.kind[space]
        treasury = self.treasury
        if kind == "lot":
            houses = holdings.houses[space]
            if treasury.single_tax:
                bills = [(treasury.rent_to, t.land_rent[space], Reason.LAND_RENT)]
                if houses and holder != payer:
                    bills.append((holder, houses * self._rent_each, Reason.HOUSE_RENT))
                return bills
            land_rent = self.land_rent(space) if self._section_doubling else t.land_rent[space]
            if treasury.land_value_tax and holder >= 0:
                tax = int(land_rent * treasury.land_value_tax + 0.5)
                bills = [(holder, land_rent - tax, Reason.LAND_RENT)]
                bills.append((treasury.account, tax, Reason.LAND_VALUE_TAX))
            else:
                bills = [(holder, land_rent, Reason.LAND_RENT)]
            if houses:
                bills.append((holder, houses * self._rent_each, Reason.HOUSE_RENT))
            return bills
        if treasury.public[space]:
            return []
        owner = holdings.owner
        if kind == "franchise":
            cinch = holder >= 0 and all(owner[f] == holder for f in t.franchises)
            fee = self._franchise_fees[1] if cinch else self._franchise_fees[0]
            return [(holder, fee, Reason.FRANCHISE_FEE)]
        if kind == "railroad":
            trust = self.dealings.trust
            if trust is not None and holder in trust:
                if payer in trust:
                    return []  # Our reading: Trust members ride their pooled lines free.
                # Every rule set of the family names a Trust fare (none would fail here).
                fare = cast(int, self._trust_fare)
                partner = next(member for member in trust if member != holder)
                half = fare // 2
                return [
                    (holder, fare - half, Reason.RAILROAD_FARE),
                    (partner, half, Reason.RAILROAD_FARE),
                ]
            fares = self._fares
            count = sum(1 for r in t.railroads if owner[r] == holder) if holder >= 0 else 1
            return [(holder, fares[min(count, len(fares)) - 1], Reason.RAILROAD_FARE)]
        return []

    def land_rent(self, space: int) -> int:
        """A lot's land rent, doubled by section under the advanced rules."""
        t = self.tables
        if self._section_doubling:
            houses = self.holdings.houses
            lots = t.section_lots.get(t.section[space], (space,))
            level = min(min(houses[lot] for lot in lots), 3)
            return t.section_rents[space][level]
        return t.land_rent[space]

    def sale(self, lander: int, space: int) -> FlowTo[int]:
        """Rules 7 and 9: the others may bid above the printed price; the lander
        then has the first option at the highest figure, else the highest
        bidder must take it. Returns the buyer, or -1 if nobody buys.

        Our reading: one round of bids, in turn order from the lander's left.
        """
        t = self.tables
        high = t.price[space]
        bidder = -1
        steps = self._sale.bid_steps
        balances = self.ledger.balances
        bid = self.dealings.bid
        n = self.game.n_players
        for k in range(1, n):
            other = (lander + k) % n
            cash = balances[other]
            bids = [bid(high + step) for step in steps if high + step <= cash]
            if not bids:
                continue
            choice = yield (other, "bid", (PASS, *bids), Sale(space, high, bidder, lander))
            if type(choice) is Bid:
                high = choice.amount
                bidder = other
        if balances[lander] >= high:
            about = Sale(space, high, bidder, lander)
            choice = yield (lander, "sale", (Buy(space, high), DECLINE), about)
            if type(choice) is Buy:
                bidder = lander
        if bidder < 0:
            return -1
        self.ledger.transfer(bidder, self._sale_to, high, Reason.CARD_BOUGHT)
        self.game.give_card(space, bidder)
        return bidder

    def _draw_chance(self, player: int) -> Flow:
        """Rule 11: draw from the red pack, obey it, return it to the pack."""
        game = self.game
        cards, copies = self.chance_pack()
        index = cast(int, (yield (CHANCE, "chance_card", cards, copies)))
        card = game.rules.chance_deck[index]
        effect = card.effect
        bank = game.bank
        pay = game.dealings.pay
        if effect == "advance":
            target = (game.position[player] + card.amount) % self.tables.size
            yield from game.advance_to(player, target)
        elif effect == "go_to":
            assert card.target is not None  # the loader refuses a go_to card without one
            yield from game.advance_to(player, card.target)
        elif effect == "go_to_start":
            yield from game.advance_to(player, self.tables.start)
        elif effect == "go_to_jail":
            game.send_to_jail(player)
        elif effect == "pay":
            yield from pay(player, game.pile_account[card.pile], card.amount, Reason.CHANCE)
        elif effect == "collect":
            self.ledger.transfer(
                game.pile_account.get(card.pile, bank), player, card.amount, Reason.CHANCE
            )
        elif effect == "collect_from_each":
            for other in range(game.n_players):
                if other != player:
                    yield from pay(other, player, card.amount, Reason.CHANCE)
        elif effect == "pay_each":
            bills = [(o, card.amount, Reason.CHANCE) for o in range(game.n_players) if o != player]
            yield from game.dealings.pay_bills(player, bills)
        elif effect == "extra_turn":
            game.extra_turn = True
        elif effect == "miss_turn":
            game.miss_turn[player] = True
        elif effect == "get_out_of_jail":
            game.cards_kept.append((player, index))

    def chance_pack(self) -> tuple[tuple[int, ...], tuple[int, ...] | None]:
        """The cards in the red pack and their copies; cards kept by players are out."""
        t = self.tables
        weights = t.chance_weights
        kept_by = self.game.cards_kept
        if not kept_by:
            return t.chance_deck, None if len(set(weights)) == 1 else weights
        kept = [card for _, card in kept_by]
        left = [
            (card, copies - kept.count(card))
            for card, copies in zip(t.chance_deck, weights, strict=True)
        ]
        left = [(card, copies) for card, copies in left if copies > 0]
        return tuple(card for card, _ in left), tuple(copies for _, copies in left)

    def _speculate(self, player: int) -> Flow:
        """Rule 8: settle the Broker's License, pay the ante, throw again."""
        game = self.game
        t = self.tables
        spec = t.speculation
        owner = self.holdings.owner
        if owner[spec] < 0:
            yield from self.sale(player, spec)
        broker = owner[spec]
        rule = self._speculation
        if rule.stake_paid_to == "broker":
            # The 1906 text: the ante goes to the Broker, or MISCELLANEOUS if none.
            stake_to = broker if broker >= 0 else game.bank
        else:
            stake_to = game.pile_account[rule.stake_paid_to]
        if stake_to != player:
            paid = yield from game.dealings.pay(
                player, stake_to, rule.stake, Reason.SPECULATION_STAKE
            )
            if not paid:
                return
        throw = cast(Throw, (yield (CHANCE, "speculation", DICE, None)))
        self.speculation_plays += 1
        total = DICE_TOTAL[throw]
        if throw[0] == throw[1]:
            winnings = rule.double_wins
        elif total in self._skin:
            # The "skin game": no winnings; the Broker goes to Jail, his card to the pack.
            if broker >= 0:
                game.send_to_jail(broker)
                game.give_card(spec, -1)
            return
        else:
            winnings = self._wins.get(total, 0)
        if not winnings:
            return
        payer = game.pile_account[rule.winnings_paid_by]
        self.ledger.transfer(payer, player, winnings, Reason.SPECULATION_WINNINGS)
        share = winnings * rule.broker_share_percent // 100
        if broker != player:
            to = broker if broker >= 0 else payer
            self.ledger.transfer(player, to, share, Reason.BROKERS_SHARE)

    def _luxury_space(self, player: int, origin: int, steps: int) -> Flow:
        """Rule 13: buy a luxury card, or move backward by the throw instead."""
        game = self.game
        fee = self._luxury.fee
        space = game.position[player]
        if self.ledger.balances[player] >= fee:
            choice = yield (player, "luxury", (Buy(space, fee), DECLINE), space)
            if type(choice) is Buy:
                self.ledger.transfer(player, self._luxury_to, fee, Reason.LUXURY)
                self.holdings.luxuries[player] += 1
                return
        back = self.tables.track.backward(origin, steps)
        game.position[player] = back
        yield from self.land(player, back, origin, steps)

    def __repr__(self) -> str:
        return f"<Spaces: {self.tables.size} on the board>"
