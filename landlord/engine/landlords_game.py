"""Lizzie Magie's Landlord's Game, the 1906 Economic Game Co. rules, as a flow.

Read this module top to bottom as the rule book: the deal and the purchase of
dealt cards (Rule 1), a turn (Jail, Poor House, building, talks, the throw),
the move (Rules 2, 13, 17), and what each space asks (Rules 3-13). Numbers
come from the rule set's data (:mod:`landlord.rules`); this module holds only
what data cannot say. Where the text is ambiguous, the reading chosen is
marked ``Our reading:`` here and ``status = "interpretation"`` in the data.

Money, talks between players and debts are in :mod:`landlord.engine.dealings`.

The decisions a player meets, by ``Decision.kind`` (and what ``about`` holds):

* ``buy_dealt``: after the deal, each dealt card he can pay for: ``Buy`` or
  ``Decline`` (about: the card's space).
* ``turn``: before his throw: ``Roll``, ``Build``, ``Repay``, ``FormTrust``,
  ``Negotiate`` (about: None).
* ``jail``: a turn begun in Jail: ``TryForDoubles``, ``PayFine``,
  ``UseJailCard`` (about: None).
* ``move``: a throw that allows a choice: ``Move`` forward, backward or by the
  railroad pass, or ``StayPut`` rather than speculate (about: the throw).
* ``bid``: another's unowned card is for sale: ``Pass`` or ``Bid`` (about: a
  :class:`~landlord.engine.state.Sale`: space, highest figure, bidder, lander).
* ``sale``: the lander's first option: ``Buy`` at the highest figure or
  ``Decline`` (about: a ``Sale``).
* ``luxury``: on Luxury: ``Buy`` the card or ``Decline`` and move back
  (about: the Luxury space).
* ``talks``: after ``Negotiate``, or when short of money: ``OfferCard``,
  ``AskForCard``, ``OfferLuxury``, ``AskLoan``, then ``EndDealing`` or
  ``GiveUp`` (about: the sum he must raise, 0 if none).
* ``offer`` and ``trust``: another player's proposal to him: ``Accept`` or
  ``Refuse`` (about: a :class:`~landlord.engine.state.Proposal`: proposer, action).

Chance events, by purpose: ``deal`` (the next green card dealt), ``dice`` (a
throw), ``chance_card`` (an index into the rule set's Chance pack) and
``speculation`` (the Speculation throw).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from landlord.engine.actions import (
    Bid,
    Buy,
    Decline,
    PayFine,
    Roll,
    StayPut,
    TryForDoubles,
    UseJailCard,
)
from landlord.engine.dealings import Dealings
from landlord.engine.state import CHANCE, Flow, Sale
from landlord.engine.tables import DICE, DICE_TOTAL, tables_for
from landlord.rules.model import RuleSet

__all__ = ["LandlordsGame"]

DECLINE = Decline()
STAY = StayPut()
PAY_FINE = PayFine()
TRY_DOUBLES = TryForDoubles()
USE_JAIL_CARD = UseJailCard()

#: Spaces whose card is held and charges whoever stops there.
CARD_SPACES = frozenset({"lot", "railroad", "franchise"})

#: The chance event of a throw of the dice, made once.
THROW = (CHANCE, "dice", DICE, None)

#: A game that reaches this many rounds ends whatever its rules say, so that
#: every game ends even with every end condition switched off.
ROUND_CAP = 2000


class LandlordsGame(Dealings):
    """One game of the Landlord's Game, from the deal to the final score.

    Parameters
    ----------
    rules : RuleSet
        The rule set (``landlord.rules.load_rules("landlords_game")``).
    names : sequence of str
        The players, in turn order.

    Examples
    --------
    >>> from landlord.rules import load_rules
    >>> game = LandlordsGame(load_rules("landlords_game"), ["Ann", "Bob", "Cy"])
    >>> game.pending.purpose, len(game.pending.outcomes)
    ('deal', 29)
    >>> [game.cash(p) for p in range(3)]
    [500, 500, 500]
    """

    def __init__(self, rules: RuleSet, names: Sequence[str]) -> None:
        n = len(names)
        info = rules.info
        if not info.min_players <= n <= info.max_players:
            raise ValueError(
                f"{info.title} is for {info.min_players} to {info.max_players} players, not {n}"
            )
        super().__init__(names, rules["accounts.piles"])
        self.rules = rules
        self.tables = t = tables_for(rules)
        p = rules.params
        self.bank = self.pile_account[p["accounts"]["bank"]]
        self.position = [t.start] * n
        self.jailed = [False] * n
        self.jail_turns = [0] * n
        self.in_poor_house = [False] * n
        self.miss_turn = [False] * n
        self.wages_received = [0] * n
        self.luxuries = [0] * n
        self.jail_cards = [0] * n
        #: Chance cards kept until used, (player, card): out of the pack meanwhile.
        self._cards_kept: list[tuple[int, int]] = []
        #: Who holds the card of each space: a player, or -1 (the pack).
        self.owner = [-1] * t.size
        self.houses = [0] * t.size
        self.round = 0
        self.turn_player = 0
        self.turns_played = 0
        self.end_reason = ""
        self._wages_done = False
        self._snapshots: list[tuple] = []
        self._setup_dealings()
        #: Figures a player often looks at (bots read them on every move).
        self.wages = p["wages"]["amount"]
        self.jail_fine = p["jail"]["fine"]
        # The rest of the numbers, read once: the flow runs thousands of turns.
        self._wages_from = self.pile_account[p["wages"]["paid_by"]]
        self._tax_to = self.pile_account[p["necessity_tax"]["paid_to"]]
        self._tax_steps = sorted(tuple(step) for step in p["necessity_tax"]["steps"])
        self._either_way = (p["movement"]["either_way_from"], p["movement"]["either_way_to"])
        self._railroad_pass = bool(p["movement"]["railroad_pass"])
        self._wages_times = p["end"]["wages_times"]
        self._round_limit = p["end"]["round_limit"]
        self._rent_each = p["houses"]["rent_each"]
        self._section_doubling = bool(p["land_rent"]["section_doubling"])
        self._franchise_fees = (p["franchise"]["fee"], p["franchise"]["cinch_fee"])
        self._fares = tuple(p["railroad"]["fares"])
        self._trust_fare = p["railroad"]["trust_fare"]
        self._tax_amount = p["necessity_tax"]["amount"]
        spec = p["speculation"]
        self._wins = {int(total): amount for total, amount in spec["wins_by_total"].items()}
        self._skin = frozenset(spec["skin_game_totals"])
        for player in range(n):
            self.ledger.transfer(self.bank, player, rules.starting_cash[n], "starting cash")
        self.start()

    # --- the game --------------------------------------------------------------

    def _flow(self) -> Flow:
        yield from self._deal()
        self._snapshot()
        self.round = 1
        n = self.n_players
        clock = self.ledger.clock
        while True:
            player = self.turn_player
            clock[0] = self.round
            clock[1] = self.turns_played
            self.extra_turn = False
            yield from self._turn(player)
            self.turns_played += 1
            if self._wages_done:
                self.end_reason = f"a player has received his wages {self._wages_times} times"
                break
            if self.extra_turn:
                continue
            if player == n - 1:
                self._snapshot()
                if self._round_limit and self.round >= self._round_limit:
                    self.end_reason = f"the round limit ({self._round_limit}) was reached"
                    break
                if self.round >= ROUND_CAP:
                    self.end_reason = f"the engine's cap of {ROUND_CAP} rounds was reached"
                    break
                self.round += 1
            self.turn_player = (player + 1) % n
        self._snapshot()

    def _deal(self) -> Flow:
        """Rule 1: deal green cards one around; each may buy his at the printed price."""
        t = self.tables
        pack = list(t.cards)
        hands: list[list[int]] = [[] for _ in range(self.n_players)]
        for k in range(min(self.rules["deal.cards"], len(pack))):
            if len(pack) == 1:
                card = pack[0]
            else:
                card = yield (CHANCE, "deal", tuple(pack), None)
            pack.remove(card)
            hands[k % self.n_players].append(card)
        paid_to = self.pile_account[self.rules["deal.price_paid_to"]]
        for player, hand in enumerate(hands):
            for card in sorted(hand):
                price = t.price[card]
                if self.cash(player) < price:
                    continue
                choice = yield (player, "buy_dealt", (t.buy_at_price[card], DECLINE), card)
                if isinstance(choice, Buy):
                    self.ledger.transfer(player, paid_to, price, "card bought from the deal")
                    self._set_owner(card, player)

    def _turn(self, player: int) -> Flow:
        if self.miss_turn[player]:
            self.miss_turn[player] = False
            return
        if self.in_poor_house[player]:
            # Rule 12: he stays until his next turn, then throws and moves out.
            self.in_poor_house[player] = False
        if self.jailed[player]:
            throw = yield from self._jail_turn(player)
            if self.jailed[player] or self.in_poor_house[player]:
                return
            if throw is not None:
                # Our reading of Rule 6: the double that frees him is also his move.
                yield from self._move(player, throw)
                return
        # Before the throw: build houses (Rule 14), repay, form a Trust, talk.
        self._talks_left = 1
        while True:
            actions = self._business_actions(player)
            if len(actions) == 1:
                break
            choice = yield (player, "turn", actions, None)
            if type(choice) is Roll:
                break
            yield from self._do_business(player, choice)
            if self.in_poor_house[player]:
                return
        throw = yield THROW
        yield from self._move(player, throw)

    # --- Jail (Rule 6) ------------------------------------------------------------

    def _jail_turn(self, player: int) -> Flow:
        """Return the freeing double, or None; the player may still be in Jail."""
        fine = self.rules["jail.fine"]
        to = self.pile_account[self.rules["jail.fine_paid_to"]]
        if self.jail_turns[player] >= self.rules["jail.max_turns"]:
            # He "cannot miss more than three turns": now the fine is due.
            yield from self._pay(player, to, fine, "jail fine")
            self.jailed[player] = False
            return None
        actions: list[Any] = [TRY_DOUBLES]
        if self.cash(player) >= fine:
            actions.append(PAY_FINE)
        if self.jail_cards[player]:
            actions.append(USE_JAIL_CARD)
        choice = actions[0] if len(actions) == 1 else (yield (player, "jail", actions, None))
        if type(choice) is PayFine:
            self.ledger.transfer(player, to, fine, "jail fine")
            self.jailed[player] = False
            return None
        if type(choice) is UseJailCard:
            self.jail_cards[player] -= 1
            kept = next(k for k in self._cards_kept if k[0] == player)
            self._cards_kept.remove(kept)  # the card goes back into the pack
            self.jailed[player] = False
            return None
        throw = yield THROW
        if throw[0] == throw[1]:
            self.jailed[player] = False
            return throw
        self.jail_turns[player] += 1
        return None

    def send_to_jail(self, player: int) -> None:
        """Rule 5: put the checker in Jail; it counts its next move from Shelter."""
        self.jailed[player] = True
        self.jail_turns[player] = 0
        self.position[player] = self.tables.jail

    # --- The move (Rules 2, 13, 17) -----------------------------------------------

    def move_options(self, player: int, throw: tuple[int, int]) -> list[Any]:
        """Where a throw may take a player: forward, perhaps backward or by the pass."""
        t = self.tables
        size = t.size
        pos = self.position[player]
        total = throw[0] + throw[1]
        forward, backward, by_pass = t.moves
        options: list[Any] = [forward[(pos + total) % size]]
        low, high = self._either_way
        if low <= pos <= high:
            # Rule 2: between the Chances a player may move either way.
            options.append(backward[(pos - total) % size])
        if self._railroad_pass and throw[0] == throw[1]:
            # Rule 17: a double jumps the spaces between the next two corners,
            # if the count gets past the first of them.
            corner, gap = t.track.next_corner(pos)
            if total > (corner - pos) % size:
                options.append(by_pass[(pos + total + gap) % size])
        speculation = t.speculation
        for option in options:
            if option.to == speculation:
                options.append(STAY)
                break
        return options

    def _move(self, player: int, throw: tuple[int, int]) -> Flow:
        options = self.move_options(player, throw)
        if len(options) == 1:
            choice = options[0]
        else:
            choice = yield (player, "move", options, throw)
        if type(choice) is StayPut:
            return
        pos = self.position[player]
        size = self.tables.size
        total = DICE_TOTAL[throw]
        if choice.direction == "forward":
            steps = (choice.to - pos) % size
            if pos + steps >= size:
                self._pay_wages(player)
        self.position[player] = choice.to
        yield from self._land(player, choice.to, pos, total)

    def _advance_to(self, player: int, space: int) -> Flow:
        """Move forward to ``space`` (Chance), with wages if Mother Earth is passed."""
        pos = self.position[player]
        size = self.tables.size
        steps = (space - pos) % size
        if pos + steps >= size:
            self._pay_wages(player)
        self.position[player] = space
        yield from self._land(player, space, pos, steps)

    def _pay_wages(self, player: int) -> None:
        """Rule 3: wages from MISCELLANEOUS on reaching or passing Mother Earth."""
        self.ledger.transfer(self._wages_from, player, self.wages, "wages")
        self.wages_received[player] += 1
        if self.wages_received[player] == self._wages_times:
            self._wages_done = True  # Rule 19: the game ends after this turn
        if self._wage_debts:
            self._take_wages_for_debts(player, self.wages)

    # --- What each space asks --------------------------------------------------------

    def _land(self, player: int, space: int, origin: int, steps: int) -> Flow:
        kind = self.tables.kind[space]
        if kind in CARD_SPACES:
            holder = self.owner[space]
            if holder == player:
                return
            if holder >= 0:
                # Rules 7 and 9: rent or fare to the holder.
                bills = self.rent_due(space, player)
                if len(bills) == 1 and self.ledger.balances[player] >= bills[0][1]:
                    self.ledger.transfer(player, *bills[0])  # the usual case, no sub-flow
                elif bills:
                    yield from self._pay_bills(player, bills)
                return
            yield from self._land_on_unowned(player, space)
        elif kind in ("necessity", "shelter_jail"):
            yield from self._pay(player, self._tax_to, self.necessity_tax(), "necessity tax")
        elif kind == "trespass":
            self.send_to_jail(player)
        elif kind == "chance":
            yield from self._draw_chance(player)
        elif kind == "speculation":
            yield from self._speculate(player)
        elif kind == "luxury":
            yield from self._luxury(player, origin, steps)
        # mother_earth (wages paid on the way), central_park (Rule 10), blank: nothing.

    def necessity_tax(self) -> int:
        """Rule 4, with the advanced rules' doubling by houses on the board."""
        amount = self._tax_amount
        if self._tax_steps:
            built = sum(self.houses)
            for houses, tax in self._tax_steps:
                if built >= houses:
                    amount = tax
        return amount

    def _land_on_unowned(self, player: int, space: int) -> Flow:
        """Rules 7 and 9: an unowned card is for sale; if another buys it, the lander
        pays him the rent; if nobody does, the rent goes to the Public Treasury."""
        holder = yield from self._sale(player, space)
        if holder == player:
            return
        if holder < 0:
            unsold = self.pile_account[self.rules["land_rent.unsold_paid_to"]]
            bills = [(unsold, amount, reason) for _, amount, reason in self.rent_due(space)]
        else:
            bills = self.rent_due(space, player)
        if bills:
            yield from self._pay_bills(player, bills)

    def rent_due(self, space: int, payer: int = -1) -> list[tuple[int, int, str]]:
        """What stopping on ``space`` costs ``payer``: (payee, amount, reason) bills.

        The payee is the holder (-1 for an unowned card). Land rent and house
        rent are separate bills, so that a rule set can send them to
        different accounts.
        """
        t = self.tables
        holder = self.owner[space]
        kind = t.kind[space]
        if kind == "lot":
            land_rent = self.land_rent(space) if self._section_doubling else t.land_rent[space]
            bills = [(holder, land_rent, "land rent")]
            houses = self.houses[space]
            if houses:
                bills.append((holder, houses * self._rent_each, "house rent"))
            return bills
        if kind == "franchise":
            cinch = holder >= 0 and all(self.owner[f] == holder for f in t.franchises)
            fee = self._franchise_fees[1] if cinch else self._franchise_fees[0]
            return [(holder, fee, "franchise fee")]
        if kind == "railroad":
            trust = self.trust
            if trust is not None and holder in trust:
                if payer in trust:
                    return []  # Our reading: Trust members ride their pooled lines free.
                fare = self._trust_fare
                partner = next(member for member in trust if member != holder)
                half = fare // 2
                return [(holder, fare - half, "railroad fare"), (partner, half, "railroad fare")]
            fares = self._fares
            count = sum(1 for r in t.railroads if self.owner[r] == holder) if holder >= 0 else 1
            return [(holder, fares[min(count, len(fares)) - 1], "railroad fare")]
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
            choice = yield (other, "bid", (self._pass, *bids), Sale(space, high, bidder, lander))
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
        self.ledger.transfer(bidder, to, high, "card bought")
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
            yield from self._pay(player, self.pile_account[card.pile], card.amount, "chance")
        elif effect == "collect":
            self.ledger.transfer(
                self.pile_account.get(card.pile, bank), player, card.amount, "chance"
            )
        elif effect == "collect_from_each":
            for other in range(self.n_players):
                if other != player:
                    yield from self._pay(other, player, card.amount, "chance")
        elif effect == "pay_each":
            bills = [(o, card.amount, "chance") for o in range(self.n_players) if o != player]
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
            paid = yield from self._pay(player, stake_to, rule["stake"], "speculation stake")
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
        self.ledger.transfer(payer, player, winnings, "speculation winnings")
        share = winnings * rule["broker_share_percent"] // 100
        if broker != player:
            self.ledger.transfer(player, broker if broker >= 0 else payer, share, "broker's share")

    def _luxury(self, player: int, origin: int, steps: int) -> Flow:
        """Rule 13: buy a luxury card, or move backward by the throw instead."""
        rule = self.rules.params["luxury"]
        fee = rule["fee"]
        space = self.position[player]
        if self.cash(player) >= fee:
            choice = yield (player, "luxury", (Buy(space, fee), DECLINE), space)
            if type(choice) is Buy:
                self.ledger.transfer(player, self.pile_account[rule["paid_to"]], fee, "luxury")
                self.luxuries[player] += 1
                return
        back = (origin - steps) % self.tables.size
        self.position[player] = back
        yield from self._land(player, back, origin, steps)

    def describe(self, action: Any) -> str:
        """An action in words, with this board's space names and the players' names.

        Examples
        --------
        >>> from landlord.engine.actions import Buy, Move
        >>> from landlord.rules import load_rules
        >>> game = LandlordsGame(load_rules("landlords_game"), ["Ann", "Bob"])
        >>> game.describe(Buy(3, 25)), game.describe(Move("backward", False, 27))
        ('buy Lonely Lane for $25', 'move backward to Slambang Trolley')
        """
        return action.describe(self.tables.name, self.names)

    # --- Per-round tables and the score ----------------------------------------------

    def _snapshot(self) -> None:
        """Keep the end-of-round figures; the table is computed when asked for."""
        snapshots = self._snapshots
        if snapshots and snapshots[-1][0] == self.round:
            snapshots.pop()
        snapshots.append((self.round, self.capture()))

    @property
    def round_rows(self) -> list[tuple]:
        """Per round and player: (round, player, cash, lots, franchises, railroads,
        licenses, luxuries, houses, land value, debts, score, net worth).

        Round 0 is after the deal; a game that ends mid-round has a last,
        partial round.
        """
        return [
            (round_, player, *holdings)
            for round_, captured in self._snapshots
            for player, holdings in enumerate(self.holdings_table(captured))
        ]
