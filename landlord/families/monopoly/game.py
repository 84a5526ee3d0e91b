"""The later game: the classic Monopoly rules (US, and the 1972 UK differences), as a flow.

"Monopoly" is Hasbro's trademark; landlord is independent and plays these
rules as history, to set beside the Landlord's Game they grew out of.

Read this module top to bottom as the rule book: the start (the packs
shuffled, the short game's deal), a turn (Jail, business, the throw,
doubles), the move and what each space asks, the cards, auctions, and money
that falls short (raising it, bankruptcy). The game is made of parts that own
their state, which the flow here calls:

* :class:`~landlord.families.monopoly.estates.Estates` (``game.estates``): who
  holds each title, the buildings and the bank's stock of them, mortgages,
  rent, and what everyone's holdings are worth;
* :class:`~landlord.families.monopoly.trades.Trades` (``game.trades``): the
  trades proposed, and what a player may propose.

The game itself keeps the tokens (where each player stands, Jail), the packs
and the Get Out of Jail Free cards held, and who has gone bankrupt.
Numbers come from the rule set's data; where the rules leave a simulator a
choice, the reading is listed under ``[readings]`` in the data.

The decisions a player meets, by ``Decision.kind`` (and what ``about`` holds):

* ``turn``: before each throw: ``Roll``, ``Build``, ``BuildHotel``,
  ``LiftMortgage``, ``Negotiate`` (about: None).
* ``jail``: a turn begun in Jail: ``TryForDoubles``, ``PayFine`` (on the
  first turns only), ``UseJailCard`` (about: None).
* ``buy``: an unowned property he stopped on: ``Buy`` or ``Decline`` (about:
  the space).
* ``bid``: an auction: ``Pass`` (dropping out) or ``Bid`` (about: a
  :class:`~landlord.engine.state.Sale`: space, highest bid, bidder, lander;
  space is -1 for a house or hotel from a short bank).
* ``place``: where to put a house or hotel won at auction: ``Build`` or
  ``BuildHotel`` (about: None).
* ``income_tax``: ``PayTax`` flat or percent, chosen before counting.
* ``card``: ``PayInstead`` or ``DrawChance`` (about: the card's text).
* ``rent``: where rent lapses unless asked: ``ClaimRent`` or ``Decline``
  (about: (space, rent)).
* ``trade``: after ``Negotiate``: a ``Trade`` (the listed ones, or any legal
  one) or ``EndDealing`` (about: the sum he must raise, 0 if none).
* ``offer``: another's trade: ``Accept`` or ``Refuse`` (about: a
  :class:`~landlord.engine.state.Proposal`).
* ``mortgaged``: a mortgaged property received: ``LiftMortgage`` or
  ``KeepMortgage`` (about: the space).
* ``raise``: money owed beyond his cash: ``SellBuilding``, ``Mortgage``,
  ``Negotiate``, or ``GoBankrupt`` when nothing could cover it (about: the
  sum owed).

Chance events, by purpose: ``dice``, ``shuffle`` (the next card of a pack
being shuffled, at the start), ``chance_card`` and ``community_chest_card``
(a draw, when every draw is from a reshuffled pack).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from typing import Any, cast

from landlord.engine.actions import (
    ACCEPT,
    CLAIM_RENT,
    DECLINE,
    DRAW_CHANCE,
    GO_BANKRUPT,
    NEGOTIATE,
    PASS,
    PAY_FINE,
    REFUSE,
    ROLL,
    TRY_DOUBLES,
    USE_JAIL_CARD,
    Accept,
    Action,
    Bid,
    Build,
    BuildHotel,
    Buy,
    ClaimRent,
    GoBankrupt,
    KeepMortgage,
    LiftMortgage,
    Mortgage,
    Negotiate,
    Pass,
    PayFine,
    PayInstead,
    PayTax,
    Roll,
    SellBuilding,
    Trade,
    UseJailCard,
)
from landlord.engine.dice import Throw
from landlord.engine.reasons import Reason
from landlord.engine.state import (
    CHANCE,
    THROW,
    Captured,
    Flow,
    FlowTo,
    GameState,
    Proposal,
    Sale,
    seat_count,
)
from landlord.families.monopoly import FAMILY
from landlord.families.monopoly.estates import Estates, estate_tables
from landlord.families.monopoly.trades import Trades
from landlord.rules.model import RuleSet
from landlord.rules.sections import required

__all__ = ["ROUND_CAP", "Monopoly"]

#: A game that reaches this many rounds ends whatever its rules say (players who
#: never build, or never trade, can go round for ever).
ROUND_CAP = 1000

#: Every bid made so far, by amount: the same object is offered every time.
_BIDS: dict[int, Bid] = {}

#: The packs, by the kind of space that draws from them.
PACKS = ("chance", "community_chest")

#: The usual business before a throw, made once: throw, or throw and perhaps talk.
_ROLL_ONLY = (ROLL,)
_ROLL_OR_TALK = (ROLL, NEGOTIATE)


class Monopoly(GameState):
    """One game of the later rules, from the shuffle to the last player left.

    Parameters
    ----------
    rules : RuleSet
        A rule set whose ``[engine] flow`` is ``"monopoly"``
        (``load_rules("monopoly_us")``, ``load_rules("monopoly_uk_1972")``).
    names : sequence of str
        The players, in turn order.

    Examples
    --------
    >>> from landlord.rules import load_rules
    >>> game = Monopoly(load_rules("monopoly_us"), ["Ann", "Bob"])
    >>> game.pending.purpose, [game.cash(p) for p in range(2)]
    ('shuffle', [1500, 1500])
    """

    family = FAMILY
    ROUND_CAP = ROUND_CAP

    def __init__(self, rules: RuleSet, names: Sequence[str]) -> None:
        n = seat_count(rules, names)
        super().__init__(names, rules.accounts.piles)
        self.rules = rules
        self.tables = t = estate_tables(rules)
        self.bank = self.pile_account[rules.accounts.bank]
        self.currency = rules.info.currency
        self.position = [t.start] * n
        self.jailed = [False] * n
        self.jail_turns = [0] * n
        #: Each player's Get Out of Jail Free cards, as (pack, card) (jail_cards counts them).
        self.jail_cards_held: list[list[tuple[str, int]]] = [[] for _ in range(n)]
        self.bankrupt = [False] * n
        self.passed_over = self.bankrupt  # a bankrupt player's turn is passed over
        self.winner = -1
        self._talks_left = 0
        #: Set when a short bank's auction has been held this business: no more building
        #: until the next throw (else a building nobody bid for would be offered for ever).
        self._building_closed = False
        #: The total of the latest throw that moved a player.
        self._thrown = 7
        #: The salary at Go, and the Jail fine.
        self.wages: int = rules.wages.amount
        self.jail_fine: int = required(rules.jail).fine
        self.bankruptcies: list[tuple[int, int, int]] = []  # (round, player, creditor)
        #: The bots' money figures are set for the 1906 game's $500; this scales them.
        self.money_scale = max(1, round(max(rules.starting_cash.values()) / 500))
        # The sections the flow reads (typed, frozen: see landlord.rules.sections).
        self._rent = required(rules.rent)
        self._building_rules = required(rules.buildings)
        self._purchase = required(rules.purchase)
        self._taxes = required(rules.taxes)
        self._jail = required(rules.jail)
        self._doubles = required(rules.doubles)
        self._bid_steps = self._purchase.bid_steps or (10,)  # an auction needs a step
        self._reshuffle = required(rules.cards).order == "reshuffle"
        self.round_limit = rules.end.round_limit
        self._decks = {"chance": rules.chance_deck, "community_chest": rules.community_chest_deck}
        self._weights = {
            pack: tuple(card.copies for card in deck) for pack, deck in self._decks.items()
        }
        #: The order of each pack, top first (indices into the rule set's pack).
        self.packs: dict[str, deque[int]] = {pack: deque() for pack in PACKS}
        # The parts, each owning its state.
        self.estates = Estates(rules, n, self.ledger.balances)
        self.trades = Trades(
            self.ledger, self.estates, self.bankrupt, self.jail_cards_held, self.jail_fine
        )
        for player in range(n):
            self.ledger.transfer(self.bank, player, rules.starting_cash[n], Reason.STARTING_CASH)
        self.start()

    # --- the game --------------------------------------------------------------------

    def _set_up(self) -> Flow:
        yield from self._shuffle()
        if required(self.rules.short_game).deal:
            yield from self._deal_deeds()

    def _after_turn(self, player: int) -> bool:
        if self.bankruptcies and len(self.active_players()) == 1:
            self.winner = self.active_players()[0]
            self.end_reason = f"{self.names[self.winner]} is the last player not bankrupt"
            return True
        return False

    def _end_at(self, round_: int, capped: bool) -> None:
        if capped:
            reason = f"the engine's cap of {round_} rounds was reached"
        else:
            reason = f"the agreed end, round {round_}, was reached"
        worth = self.net_worths()
        best = max(self.active_players(), key=lambda p: (worth[p], -p))
        self.winner = best
        self.end_reason = f"{reason}; {self.names[best]} is the richest"

    def _shuffle(self) -> Flow:
        """Shuffle each pack once, card by card (unless every draw reshuffles)."""
        if self._reshuffle:
            return
        for pack in PACKS:
            left = list(range(len(self._decks[pack])))
            order = self.packs[pack]
            while len(left) > 1:
                card = cast(int, (yield (CHANCE, "shuffle", tuple(left), None)))
                left.remove(card)
                order.append(card)
            order.extend(left)

    def _deal_deeds(self) -> Flow:
        """The short game: deal title deeds round the table; each pays the bank for his."""
        t = self.tables
        pack = list(t.cards)
        for k in range(min(required(self.rules.short_game).deal * self.n_players, len(pack))):
            card = (
                pack[0]
                if len(pack) == 1
                else cast(int, (yield (CHANCE, "deal", tuple(pack), None)))
            )
            pack.remove(card)
            player = k % self.n_players
            self.ledger.transfer(player, self.bank, t.price[card], Reason.TITLE_DEED_DEALT)
            self.estates.owner[card] = player

    # --- a turn ----------------------------------------------------------------------

    def _turn(self, player: int) -> Flow:
        doubles = 0
        self._talks_left = 1
        if self.jailed[player]:
            self._building_closed = False
            yield from self._business(player, self.business_actions(player))
            if self.bankrupt[player]:
                return
            throw = yield from self._jail_turn(player)
            if self.jailed[player] or self.bankrupt[player]:
                return
            if throw is not None:
                yield from self._move(player, throw[0] + throw[1])
                if throw[0] != throw[1] or not self._jail.doubles_throw_again:
                    return
                if self.jailed[player] or self.bankrupt[player]:
                    return  # sent back to Jail by that move
                doubles = 1  # the UK rule: he throws again, as after any doubles
        business_actions = self.business_actions
        while True:
            self._building_closed = False
            actions = business_actions(player)
            if len(actions) > 1:
                # The first question asked here, the rest (if he does business) in _business.
                choice = yield (player, "turn", actions, None)
                if type(choice) is not Roll:
                    yield from self._do_business(player, choice)
                    yield from self._business(player, business_actions(player))
                    if self.bankrupt[player]:
                        return  # bankrupt over the interest on a mortgage he traded for
            throw = cast(Throw, (yield THROW))
            self._thrown = throw[0] + throw[1]  # a utility's rent counts it
            double = throw[0] == throw[1]
            if double:
                doubles += 1
                if doubles == self._doubles.jail_after:
                    self.send_to_jail(player)
                    return
            yield from self._move(player, throw[0] + throw[1])
            if (
                not double
                or not self._doubles.throw_again
                or self.jailed[player]
                or self.bankrupt[player]
            ):
                return

    def _business(self, player: int, actions: Any) -> Flow:
        """Before a throw: build, lift mortgages, trade; the throw ends it."""
        while len(actions) > 1 and not self.bankrupt[player]:
            choice = yield (player, "turn", actions, None)
            if type(choice) is Roll:
                return
            yield from self._do_business(player, choice)
            actions = self.business_actions(player)

    def _do_business(self, player: int, choice: Any) -> Flow:
        kind = type(choice)
        if kind is Negotiate:
            self._talks_left -= 1
            yield from self._talks(player, 0)
        elif kind is LiftMortgage:
            self._lift(player, choice.space)
        elif kind is SellBuilding:
            self._sell_building(player, choice.space)
        elif kind is Mortgage:
            self._mortgage(player, choice.space)
        else:
            yield from self._build(player, choice)

    # --- Jail ----------------------------------------------------------------------

    def _jail_turn(self, player: int) -> FlowTo[tuple[int, int] | None]:
        """A turn begun in Jail. Return the throw that moves him out, or None."""
        actions: list[Any] = [TRY_DOUBLES]
        if self.jail_turns[player] < self._jail.fine_turns and self.cash(player) >= self.jail_fine:
            actions.append(PAY_FINE)
        if self.jail_cards[player]:
            actions.append(USE_JAIL_CARD)
        choice = (yield (player, "jail", actions, None)) if len(actions) > 1 else actions[0]
        if type(choice) is PayFine:
            self.ledger.transfer(player, self.bank, self.jail_fine, Reason.JAIL_FINE)
            self.jailed[player] = False
            return None
        if type(choice) is UseJailCard:
            self._return_jail_card(player)
            self.jailed[player] = False
            return None
        throw = cast(Throw, (yield THROW))
        self._thrown = throw[0] + throw[1]  # a utility's rent counts it
        if throw[0] == throw[1]:
            self.jailed[player] = False
            return throw
        self.jail_turns[player] += 1
        if self.jail_turns[player] < self._jail.max_turns:
            return None
        # The third failed throw: pay the fine and move by that throw.
        yield from self._pay(player, self.bank, self.jail_fine, Reason.JAIL_FINE)
        if self.bankrupt[player]:
            return None
        self.jailed[player] = False
        return throw

    def send_to_jail(self, player: int) -> None:
        """Straight to Jail: no salary, and the turn ends."""
        self.jailed[player] = True
        self.jail_turns[player] = 0
        self.position[player] = self.tables.jail

    def _return_jail_card(self, player: int) -> None:
        pack, card = self.jail_cards_held[player].pop()
        if not self._reshuffle:
            self.packs[pack].append(card)  # used: to the bottom of its pack

    # --- moving and landing -----------------------------------------------------------

    def _move(self, player: int, steps: int, *, card: Any = None) -> Flow:
        """Move forward ``steps`` (back if negative), with salary on reaching or passing Go."""
        size = self.tables.size
        pos = self.position[player]
        to = (pos + steps) % size
        if steps > 0 and pos + steps >= size:
            self.ledger.transfer(self.bank, player, self.wages, Reason.SALARY)  # Magie's wages
        self.position[player] = to
        yield from self._land(player, to, steps, card)

    def _go_to(self, player: int, space: int, card: Any = None) -> Flow:
        steps = (space - self.position[player]) % self.tables.size or self.tables.size
        yield from self._move(player, steps, card=card)

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
            self.send_to_jail(player)

    def _pay_rent(self, player: int, space: int, card: Any) -> Flow:
        estates = self.estates
        holder = estates.owner[space]
        if card is not None and card.effect == "nearest_utility":
            throw = cast(Throw, (yield THROW))  # the card: throw; pay so many times the total
            rent = estates.rent(space, throw[0] + throw[1], card.amount)
        elif self.tables.kind[space] == "utility":
            rent = estates.rent(space, self._thrown, 1)
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
            yield from self._pay(player, holder, rent, reason)

    def _unowned(self, player: int, space: int) -> Flow:
        t = self.tables
        price = t.price[space]
        if self._purchase.mode != "auction" and self.cash(player) >= price:
            choice = yield (player, "buy", (t.buy_at_price[space], DECLINE), space)
            if type(choice) is Buy:
                self.ledger.transfer(player, self.bank, price, Reason.PROPERTY_BOUGHT)
                self.estates.owner[space] = player
                return
        if self._purchase.mode != "fixed_price":
            yield from self._auction_property(space, player)

    def _tax(self, player: int, space: int) -> Flow:
        fee = self.tables.fee[space]
        if space == self._taxes.income_tax_space and self._taxes.income_tax_percent:
            flat = PayTax("flat", fee)
            share = PayTax("percent", self._taxes.income_tax_percent)
            choice = cast(PayTax, (yield (player, "income_tax", (flat, share), space)))
            if choice.how == "percent":
                fee = self.estates.total_worth(player) * self._taxes.income_tax_percent // 100
        yield from self._pay(player, self.bank, fee, Reason.TAX)

    # --- cards -----------------------------------------------------------------------

    def _draw(self, player: int, pack: str) -> Flow:
        deck = self._decks[pack]
        if self._reshuffle:
            index = cast(
                int, (yield (CHANCE, f"{pack}_card", tuple(range(len(deck))), self._weights[pack]))
            )
        else:
            order = self.packs[pack]
            if not order:
                return  # every card is held as a Get Out of Jail Free card
            index = order.popleft()
        card = deck[index]
        if card.effect == "get_out_of_jail":
            self.jail_cards_held[player].append((pack, index))
            return
        if not self._reshuffle:
            self.packs[pack].append(index)  # to the bottom
        yield from self._obey(player, card)

    def _obey(self, player: int, card: Any) -> Flow:
        effect = card.effect
        t = self.tables
        if effect == "go_to" or effect == "go_to_start":
            yield from self._go_to(player, card.target if effect == "go_to" else t.start)
        elif effect == "go_back_to":
            self.position[player] = card.target
            yield from self._land(player, card.target, 0)
        elif effect == "advance":
            yield from self._move(player, card.amount)
        elif effect == "go_to_jail":
            self.send_to_jail(player)
        elif effect == "nearest_railroad" or effect == "nearest_utility":
            targets = t.railroads if effect == "nearest_railroad" else t.utilities
            pos = self.position[player]
            nearest = min(targets, key=lambda s: (s - pos) % t.size or t.size)
            yield from self._go_to(player, nearest, card)
        elif effect == "pay":
            yield from self._pay(player, self.bank, card.amount, Reason.CARD)
        elif effect == "collect":
            self.ledger.transfer(self.bank, player, card.amount, Reason.CARD)
        elif effect == "pay_each":
            for other in self.active_players():
                if other != player and not self.bankrupt[player]:
                    yield from self._pay(player, other, card.amount, Reason.CARD)
        elif effect == "collect_from_each":
            for other in self.active_players():
                if other != player:
                    yield from self._pay(other, player, card.amount, Reason.CARD)
        elif effect == "repairs":
            houses, hotels = self.estates.buildings_of(player)
            yield from self._pay(
                player, self.bank, houses * card.amount + hotels * card.per_hotel, Reason.REPAIRS
            )
        elif effect == "pay_or_chance":
            choice = yield (player, "card", (PayInstead(card.amount), DRAW_CHANCE), card.text)
            if type(choice) is PayInstead:
                yield from self._pay(player, self.bank, card.amount, Reason.CARD)
            else:
                yield from self._draw(player, "chance")
        elif effect == "extra_turn" or effect == "miss_turn":
            pass  # no such card in the later game's packs

    # --- auctions ----------------------------------------------------------------------

    def _bids(self, bidder: int, high: int, floor: int) -> list[Any]:
        """The bids ``bidder`` may make over ``high`` (at least ``floor``), within his cash."""
        cash = self.ledger.balances[bidder]
        start = max(high, floor - self._bid_steps[0])
        bids = _BIDS
        options: list[Pass | Bid] = [PASS]
        for step in self._bid_steps:
            amount = start + step
            if amount > cash:
                break
            bid = bids.get(amount)
            if bid is None:
                bid = bids[amount] = Bid(amount)
            options.append(bid)
        return options

    def _auction(
        self, space: int, first: int, floor: int, bidders: list[int]
    ) -> FlowTo[tuple[int, int]]:
        """Bids round ``bidders`` from ``first``; return (winner or -1, price)."""
        at = bidders.index(first)
        still = bidders[at:] + bidders[:at]
        high, leader = 0, -1
        while still and still != [leader]:
            for bidder in list(still):
                if bidder == leader:
                    continue
                if still == [leader]:
                    break
                actions = self._bids(bidder, high, floor)
                if len(actions) > 1:
                    choice = yield (bidder, "bid", actions, Sale(space, high, leader, first))
                    if type(choice) is Bid:
                        high, leader = choice.amount, bidder
                        continue
                still.remove(bidder)
        return leader, high

    def _auction_property(self, space: int, lander: int) -> Flow:
        """The bank auctions ``space``: every player in the game may bid, from any price."""
        bidders = self.active_players()
        if lander not in bidders:
            start = bidders[0]
        elif self._purchase.mode == "auction":
            start = lander  # every lot auctioned: the lander bids first
        else:
            start = bidders[(bidders.index(lander) + 1) % len(bidders)]
        winner, price = yield from self._auction(space, start, 0, bidders)
        if winner >= 0:
            self.ledger.transfer(winner, self.bank, price, Reason.PROPERTY_BOUGHT_AT_AUCTION)
            self.estates.owner[space] = winner

    # --- building, selling, mortgages ----------------------------------------------------

    def _build(self, player: int, choice: Any) -> Flow:
        hotel = type(choice) is BuildHotel
        if self._building_rules.shortage_auction:
            estates = self.estates
            stock = estates.bank_hotels if hotel else estates.bank_houses
            if stock < self.n_players:  # perhaps short: who else could build one now?
                able = [p for p in self.active_players() if self._wants(p, hotel)]
                if len(able) > 1 and stock < len(able):
                    self._building_closed = True  # one auction a business, won or not
                    yield from self._shortage(player, hotel, able)
                    return
        self._place(player, choice.space, hotel, self.tables.house_cost[choice.space])

    def _wants(self, player: int, hotel: bool) -> bool:
        options = self.estates.build_options(player)
        return any((type(option) is BuildHotel) == hotel for option in options)

    def _shortage(self, player: int, hotel: bool, able: list[int]) -> Flow:
        """A short bank: the building goes to the highest bid among those able to build."""
        build_options = self.estates.build_options
        cost = min(
            self.tables.house_cost[option.space]
            for p in able
            for option in build_options(p)
            if (type(option) is BuildHotel) == hotel
        )
        winner, price = yield from self._auction(-1, player, cost, able)
        if winner < 0:
            return
        options = [o for o in build_options(winner) if (type(o) is BuildHotel) == hotel]
        options = [o for o in options if self.tables.house_cost[o.space] <= price] or options
        if not options or self.cash(winner) < price:
            return
        choice = options[0] if len(options) == 1 else (yield (winner, "place", options, None))
        self._place(winner, cast("Build | BuildHotel", choice).space, hotel, price)

    def _place(self, player: int, space: int, hotel: bool, price: int) -> None:
        self.ledger.transfer(player, self.bank, price, Reason.BUILDING_BOUGHT)
        self.estates.place(space, hotel)

    def _sell_building(self, player: int, space: int) -> None:
        paid, all_at_once = self.estates.sell_building(space)
        reason = Reason.BUILDINGS_SOLD if all_at_once else Reason.BUILDING_SOLD
        self.ledger.transfer(self.bank, player, paid, reason)

    def _mortgage(self, player: int, space: int) -> None:
        lent = self.estates.mortgage(player, space)
        self.ledger.transfer(self.bank, player, lent, Reason.MORTGAGE)

    def _lift(self, player: int, space: int) -> None:
        cost = self.estates.lift_cost(space)
        self.ledger.transfer(player, self.bank, cost, Reason.MORTGAGE_LIFTED)
        self.estates.lift(player, space)

    # --- trades --------------------------------------------------------------------------

    def _talks(self, player: int, need: int) -> Flow:
        """One trade proposed to one player, who accepts or refuses."""
        choice = yield (player, "trade", self.trades.offers(player), need)
        if type(choice) is not Trade:
            return
        partner = choice.partner
        answer = yield (partner, "offer", (ACCEPT, REFUSE), Proposal(player, choice))
        accepted = type(answer) is Accept
        self.trades.record(self.round, player, choice, accepted)
        if accepted:
            yield from self._exchange(player, choice)

    def _exchange(self, player: int, trade: Trade) -> Flow:
        partner = trade.partner
        if trade.cash > 0:
            self.ledger.transfer(player, partner, trade.cash, Reason.TRADE)
        elif trade.cash < 0:
            self.ledger.transfer(partner, player, -trade.cash, Reason.TRADE)
        for _ in range(trade.give_cards):
            self.jail_cards_held[partner].append(self.jail_cards_held[player].pop())
        for _ in range(trade.take_cards):
            self.jail_cards_held[player].append(self.jail_cards_held[partner].pop())
        moves = [(space, partner) for space in trade.give]
        moves += [(space, player) for space in trade.take]
        yield from self._hand_over(moves)

    def _hand_over(self, moves: list[tuple[int, int]]) -> Flow:
        """Titles change hands, all at once, as ``(space, new holder)``; then each
        mortgaged one costs its new holder the interest now, or he lifts the mortgage."""
        estates = self.estates
        for space, to in moves:
            estates.hand_over(space, to)
        for space, to in moves:
            # One that went bankrupt over another's interest has lost these already.
            if not estates.mortgaged[space] or estates.owner[space] != to or self.bankrupt[to]:
                continue
            keep = KeepMortgage(space)
            if self.cash(to) >= estates.lift_cost(space):
                choice = yield (to, "mortgaged", (self.tables.lifts[space], keep), space)
            else:
                choice = keep
            if type(choice) is LiftMortgage:
                self._lift(to, space)
            else:
                interest = estates.interest(self.tables.mortgage[space])
                yield from self._pay(to, self.bank, interest, Reason.MORTGAGE_INTEREST)

    # --- money that falls short -------------------------------------------------------------

    def _pay(self, player: int, to: int, amount: int, reason: str) -> Flow:
        """Pay ``amount``; short of cash, raise it; unable to, go bankrupt to ``to``."""
        if amount <= 0 or self.bankrupt[player]:
            return
        if self.ledger.balances[player] < amount:
            yield from self._raise(player, amount)
            if self.ledger.balances[player] < amount:
                yield from self._go_bankrupt(player, to)
                return
        self.ledger.transfer(player, to, amount, reason)

    def _raise(self, player: int, amount: int) -> Flow:
        """Sell buildings, mortgage or trade until ``amount`` is in hand, or give up."""
        talks = 1
        estates = self.estates
        while self.ledger.balances[player] < amount:
            need = amount - self.ledger.balances[player]
            actions: list[Any] = estates.sell_options(player) + estates.mortgage_options(player)
            if talks and self.trades.possible(player):
                actions.append(NEGOTIATE)
            if estates.raisable(player) < need or not actions:
                actions.append(GO_BANKRUPT)
            if len(actions) == 1 and type(actions[0]) is GoBankrupt:
                return
            choice = yield (player, "raise", actions, amount)
            kind = type(choice)
            if kind is GoBankrupt:
                return
            if kind is Negotiate:
                talks -= 1
                yield from self._talks(player, need)
            elif kind is SellBuilding:
                self._sell_building(player, cast(SellBuilding, choice).space)
            else:
                self._mortgage(player, cast(Mortgage, choice).space)

    def _go_bankrupt(self, player: int, creditor: int) -> Flow:
        """Hand everything over and leave the game."""
        t = self.tables
        estates = self.estates
        self.bankrupt[player] = True
        self.jailed[player] = False
        self.bankruptcies.append((self.round, player, creditor))
        self.check_after_turn = True  # is one player left?
        to_player = creditor < self.n_players
        owner, houses = estates.owner, estates.houses
        for space in t.streets:
            if owner[space] == player and houses[space]:
                while houses[space]:
                    self._sell_building(player, space)  # back to the bank at half
        cash = self.ledger.balances[player]
        if cash > 0:
            self.ledger.transfer(player, creditor, cash, Reason.BANKRUPTCY)
        held = [s for s in t.cards if owner[s] == player]
        if to_player:
            self.jail_cards_held[creditor].extend(self.jail_cards_held[player])
        else:
            while self.jail_cards_held[player]:
                self._return_jail_card(player)
        self.jail_cards_held[player] = []
        if to_player:
            yield from self._hand_over([(space, creditor) for space in held])
            return
        estates.to_bank(player, held)  # mortgages cancelled, every property auctioned
        if len(self.active_players()) > 1:
            for space in held:
                yield from self._auction_property(space, self._next_active(player))

    def _next_active(self, player: int) -> int:
        for step in range(1, self.n_players + 1):
            other = (player + step) % self.n_players
            if not self.bankrupt[other]:
                return other
        return player  # pragma: no cover - someone is always left

    # --- what the players have ----------------------------------------------------------

    def business_actions(self, player: int) -> Sequence[Action]:
        """What ``player`` may do before his throw: the throw first, then his business."""
        estates = self.estates
        builds = () if self._building_closed else estates.build_options(player)
        lifts = estates.lift_options(player) if estates.mortgages_held[player] else ()
        talks = self._talks_left and self.trades.possible(player)
        if not builds and not lifts:
            return _ROLL_OR_TALK if talks else _ROLL_ONLY  # the usual turn: shared
        actions: list[Action] = [ROLL, *builds, *lifts]
        if talks:
            actions.append(NEGOTIATE)
        return actions

    @property
    def jail_cards(self) -> list[int]:
        """How many Get Out of Jail Free cards each player holds."""
        return [len(held) for held in self.jail_cards_held]

    def active_players(self) -> list[int]:
        """The players still in the game, in seat order."""
        return [p for p in range(self.n_players) if not self.bankrupt[p]]

    def capture(self) -> Captured:
        return self.estates.capture()

    def holdings_table(self, captured: Captured | None = None) -> list[tuple[int, ...]]:
        """Per player, now or from a :meth:`capture`: the family's round columns (see
        :meth:`landlord.families.monopoly.estates.Estates.holdings_table`)."""
        return self.estates.holdings_table(captured)

    def net_worths(self, captured: Captured | None = None) -> list[int]:
        return [row[-1] for row in self.estates.holdings_table(captured)]

    def buildings_worth(self) -> list[int]:
        return self.estates.buildings_worth()

    # --- words ---------------------------------------------------------------------------

    def describe(self, action: Action) -> str:
        """An action in words, with this board's names and the players' names.

        Examples
        --------
        >>> from landlord.rules import load_rules
        >>> game = Monopoly(load_rules("monopoly_uk_1972"), ["Ann", "Bob"])
        >>> game.describe(Buy(39, 400))
        'buy Mayfair for £400'
        """
        return action.describe(self.tables.name, self.names, self.currency)
