"""Lizzie Magie's Landlord's Game, the 1906 Economic Game Co. rules, as a flow.

Read this module top to bottom as the rule book: the deal and the purchase of
dealt cards (Rule 1), a turn (Jail, Poor House, building, talks, the throw),
the move (Rules 2, 3, 17) and the end (Rule 19). What each space asks (Rules
4-13) is in :mod:`landlord.families.magie.spaces`; money that falls short, talks
between players, loans and the Trust in :mod:`landlord.families.magie.dealings`; the
Single Tax rules, the vote that brings them in, the land-value-tax dial and
the Prosperity ending in :mod:`landlord.families.magie.single_tax`.
Numbers come from the rule set's data (:mod:`landlord.rules`); the code holds
only what data cannot say. Where the text is ambiguous, the reading chosen is
marked ``Our reading:`` in the code and listed under ``[readings]`` in the
data, with ``status = "interpretation"``.

The decisions a player meets, by ``Decision.kind`` (and what ``about`` holds):

* ``buy_dealt``: after the deal, each dealt card he can pay for: ``Buy`` or
  ``Decline`` (about: the card's space).
* ``turn``: before his throw: ``Roll``, ``Build``, ``Repay``, ``FormTrust``,
  ``CallVote`` (for the single tax), ``Negotiate``, and under the single tax
  ``ClaimSite`` for every unimproved lot, listed last (about: None).
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
* ``offer``, ``trust`` and ``vote``: another player's proposal to him (a
  card, a loan, a Trust, the single tax): ``Accept`` or ``Refuse`` (about: a
  :class:`~landlord.engine.state.Proposal`: proposer, action).

Under the single tax (:mod:`landlord.families.magie.single_tax`) three more:

* ``build_site``: he stopped on an unimproved lot and paid its rent: ``Build``
  a house there or ``Decline`` (about: the lot).
* ``site_bid``: another claimed a lot to build on: ``Pass`` or ``Bid`` for it
  (about: a ``Sale``: the lot, highest bid, bidder, claimant).
* ``site``: others bid for his claim: ``ClaimSite`` at the highest bid, or
  ``Decline`` and the highest bidder builds (about: a ``Sale``).

Chance events, by purpose: ``deal`` (the next green card dealt), ``dice`` (a
throw), ``chance_card`` (an index into the rule set's Chance pack) and
``speculation`` (the Speculation throw).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from landlord.engine.actions import (
    DECLINE,
    PAY_FINE,
    STAY,
    TRY_DOUBLES,
    USE_JAIL_CARD,
    Buy,
    PayFine,
    Roll,
    StayPut,
    UseJailCard,
)
from landlord.engine.dice import DICE
from landlord.engine.reasons import Reason
from landlord.engine.state import CHANCE, Flow, seat_count
from landlord.families.magie import FAMILY
from landlord.families.magie.single_tax import SingleTax
from landlord.families.magie.tables import tables_for
from landlord.rules.model import RuleSet

__all__ = ["LandlordsGame"]


#: The chance event of a throw of the dice, made once.
THROW = (CHANCE, "dice", DICE, None)

#: A game that reaches this many rounds ends whatever its rules say, so that
#: every game ends even with every end condition switched off.
ROUND_CAP = 2000


class LandlordsGame(SingleTax):
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

    family = FAMILY

    def __init__(self, rules: RuleSet, names: Sequence[str]) -> None:
        n = seat_count(rules, names)
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
        self._setup_single_tax()
        for player in range(n):
            self.ledger.transfer(self.bank, player, rules.starting_cash[n], Reason.STARTING_CASH)
        self.start()

    # --- the game --------------------------------------------------------------

    def _flow(self) -> Flow:
        if self._from_start:
            self.adopt_single_tax()
        yield from self._deal()
        self._snapshot()
        self.round = 1
        n = self.n_players
        clock = self.ledger.clock
        while True:
            player = self.turn_player
            clock[0] = self.round
            clock[1] = self.turns_played
            if self.round == self._switch_round:
                self.adopt_single_tax()  # the single tax from this round, as if voted
            self.extra_turn = False
            yield from self._turn(player)
            self.turns_played += 1
            if self._spending and (
                not self.single_tax or self.ledger.balances[self._treasury] >= self._step
            ):
                self._spend_treasury()
            if self._prosperity_goal and self.prosperous():
                self.everyone_wins = True
                self.end_reason = (
                    "Prosperity: the poorest player has doubled his starting money; everyone wins"
                )
                break
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
                if self.cash(player) < price or (self.single_tax and t.kind[card] == "lot"):
                    continue  # under the single tax a title deed is worth nothing
                choice = yield (player, "buy_dealt", (t.buy_at_price[card], DECLINE), card)
                if isinstance(choice, Buy):
                    self.ledger.transfer(player, paid_to, price, Reason.CARD_BOUGHT_FROM_THE_DEAL)
                    self._set_owner(card, player)

    def _turn(self, player: int) -> Flow:
        size = self.tables.size
        if self.miss_turn[player]:
            self.miss_turn[player] = False
            return
        if self.in_poor_house[player]:
            # Rule 12: he stays until his next turn, then throws and moves out.
            self.in_poor_house[player] = False
        if self.jailed[player]:
            throw = yield from self._jail_turn(player)
            if self.jailed[player] or self.in_poor_house[player] or self.position[player] >= size:
                return  # still in Jail, or sent to the Poor House or a Natural Opportunity
            if throw is not None:
                # Our reading of Rule 6: the double that frees him is also his move.
                yield from self._move(player, throw)
                return
        elif self.position[player] >= size:
            # Single Tax Rule 8: a turn begun on a Natural Opportunity.
            yield from self._work_opportunity(player)
        # Before the throw: build houses (Rule 14), repay, form a Trust, talk, vote.
        self._talks_left = 1
        self._votes_left = self._vote_open
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
            yield from self._pay(player, to, fine, Reason.JAIL_FINE)
            self.jailed[player] = False
            return None
        actions: list[Any] = [TRY_DOUBLES]
        if self.cash(player) >= fine:
            actions.append(PAY_FINE)
        if self.jail_cards[player]:
            actions.append(USE_JAIL_CARD)
        choice = actions[0] if len(actions) == 1 else (yield (player, "jail", actions, None))
        if type(choice) is PayFine:
            self.ledger.transfer(player, to, fine, Reason.JAIL_FINE)
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
        if pos >= size:
            # From a Natural Opportunity he must make the move forward (Single Tax Rule 8).
            return [forward[t.track.forward(pos, total)[0]]]
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
        pos = self.position[player]
        size = self.tables.size
        first, second = throw
        low, high = self._either_way
        if first != second and not low <= pos <= high and pos < size:
            # The usual move, forward and no choice (as move_options would list it).
            to = (pos + first + second) % size
            if to != self.tables.speculation:
                if pos + first + second >= size:
                    self._pay_wages(player)
                self.position[player] = to
                yield from self._land(player, to, pos, first + second)
                return
        options = self.move_options(player, throw)
        if len(options) == 1:
            choice = options[0]
        else:
            choice = yield (player, "move", options, throw)
        if type(choice) is StayPut:
            return
        total = first + second
        if pos >= size:
            if self.tables.track.forward(pos, total)[1]:
                self._pay_wages(player)
        elif choice.direction == "forward":
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
        self.ledger.transfer(self._wages_from, player, self.wages, Reason.WAGES)
        self.wages_received[player] += 1
        if self.wages_received[player] == self._wages_times:
            self._wages_done = True  # Rule 19: the game ends after this turn
        if self._wage_debts:
            self._take_wages_for_debts(player, self.wages)

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
        return action.describe(self.tables.name, self.names, self.rules.info.currency)

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
        licenses, luxuries, professors, houses, land value, debts, score, net worth).

        Round 0 is after the deal; a game that ends mid-round has a last,
        partial round.
        """
        return [
            (round_, player, *holdings)
            for round_, captured in self._snapshots
            for player, holdings in enumerate(self.holdings_table(captured))
        ]
