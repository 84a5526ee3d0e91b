"""Lizzie Magie's Landlord's Game, the 1906 Economic Game Co. rules, as a flow.

Read this module top to bottom as the rule book: the deal and the purchase of
dealt cards (Rule 1), or, when the rule set has a ``[monarch]`` section, the
free deal of the 1906 "Monarch of the World" demonstration; a turn (Jail, Poor
House, building, talks, the throw), the move (Rules 2, 3, 17) and the end
(Rule 19). The game is made of parts that own their state, which the flow
here calls:

* :class:`~landlord.families.magie.holdings.Holdings` (``game.holdings``): the
  cards, houses, luxury and Education cards each player holds, and their worth;
* :class:`~landlord.families.magie.dealings.Dealings` (``game.dealings``): money
  that falls short, talks between players, loans and the Trust;
* :class:`~landlord.families.magie.spaces.Spaces` (``game.spaces``): what each
  space asks (Rules 4-13);
* :class:`~landlord.families.magie.treasury.Treasury` (``game.treasury``): the
  Single Tax rules, the vote that brings them in, the land-value-tax dial and
  the Prosperity ending.

The game itself keeps the tokens (where each player stands, Jail, the Poor
House, a turn to miss, the Chance cards kept) and the wages.
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

Under the single tax (:mod:`landlord.families.magie.treasury`) three more:

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
from typing import Any, cast

from landlord.engine.actions import (
    CALL_VOTE,
    DECLINE,
    NEGOTIATE,
    PAY_FINE,
    ROLL,
    STAY,
    TRY_DOUBLES,
    USE_JAIL_CARD,
    Action,
    AskForCard,
    Build,
    Buy,
    CallVote,
    ClaimSite,
    FormTrust,
    GiveUp,
    Move,
    Negotiate,
    PayFine,
    Repay,
    Roll,
    StayPut,
    UseJailCard,
)
from landlord.engine.dice import Throw
from landlord.engine.reasons import Reason
from landlord.engine.state import CHANCE, THROW, Captured, Flow, FlowTo, GameState, seat_count
from landlord.families.magie import FAMILY
from landlord.families.magie.dealings import Dealings
from landlord.families.magie.holdings import Capture, Holdings
from landlord.families.magie.spaces import Spaces
from landlord.families.magie.tables import tables_for
from landlord.families.magie.treasury import Treasury
from landlord.rules.model import RuleSet
from landlord.rules.sections import required

__all__ = ["ROUND_CAP", "LandlordsGame"]


#: A game that reaches this many rounds ends whatever its rules say, so that
#: every game ends even with every end condition switched off.
ROUND_CAP = 2000

#: The kinds of card a Monarch holds, by ``monarch.holds``.
_MONARCH_HOLDS = {"lots": frozenset({"lot"})}

#: The turn's usual choices, by (talks left, vote open): shared tuples.
USUAL_BUSINESS = {
    (0, 0): (ROLL,),
    (1, 0): (ROLL, NEGOTIATE),
    (0, 1): (ROLL, CALL_VOTE),
    (1, 1): (ROLL, CALL_VOTE, NEGOTIATE),
}


class LandlordsGame(GameState):
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
    ROUND_CAP = ROUND_CAP

    def __init__(self, rules: RuleSet, names: Sequence[str]) -> None:
        n = seat_count(rules, names)
        super().__init__(names, rules.accounts.piles)
        self.rules = rules
        self.tables = t = tables_for(rules)
        piles = self.pile_account
        #: MISCELLANEOUS: the pile that issues money and pays wages.
        self.bank = piles[rules.accounts.bank]
        #: Where each player's checker stands: a track space, or a Natural Opportunity
        #: numbered on from the track.
        self.position = [t.start] * n
        self.jailed = [False] * n
        self.jail_turns = [0] * n
        self.in_poor_house = [False] * n
        #: Times each player has gone to the Poor House.
        self.poor_house_visits = [0] * n
        self.miss_turn = [False] * n
        self.wages_received = [0] * n
        #: Chance cards kept until used, (player, card): out of the pack meanwhile.
        self.cards_kept: list[tuple[int, int]] = []
        self._wages_done = False
        #: True when the game ended with the Prosperity win: everyone wins.
        self.everyone_wins = False
        #: Figures a player often looks at (bots read them on every move).
        self.wages: int = rules.wages.amount
        self.jail_fine: int = required(rules.jail).fine
        self._wages_from = piles[rules.wages.paid_by]
        self._jail = required(rules.jail)
        self._fine_to = piles[self._jail.fine_paid_to]
        self._deal_rule = required(rules.deal)
        #: The pile houses are paid to.
        self.house_to = piles[required(rules.houses).paid_to]
        self._house_cost = required(rules.houses).cost
        #: The talks the player whose turn it is may still open, and the votes for the
        #: single tax he may still call (one of each a turn).
        self.talks_left = 0
        self.votes_left = 0
        movement = required(rules.movement)
        self._either_way = (movement.either_way_from, movement.either_way_to)
        #: The moves a throw allows, by (space, throw), for every game of the rule set.
        self._moves = t.move_options
        self._railroad_pass = movement.railroad_pass
        self._wages_times = rules.end.wages_times
        self.round_limit = rules.end.round_limit
        monarch = rules.monarch
        #: The Monarch of the World's seat (the ``[monarch]`` section), or -1: no Monarch.
        self.monarch = monarch.seat if monarch is not None else -1
        #: The seat Mother Earth pays nothing (a Monarch who draws no wages), or -1.
        self.wageless = monarch.seat if monarch is not None and not monarch.draws_wages else -1
        # The parts, each owning its state (the later ones use the earlier).
        self.holdings = Holdings(rules, t, n)
        self.treasury = Treasury(self)
        self.dealings = Dealings(self)
        self.spaces = Spaces(self)
        # Between turns the Treasury spends and Prosperity is tested; the end of Rule
        # 19 turns this on when it comes.
        self.check_after_turn = (
            self.treasury.spending
            or bool(self.treasury.prosperity_goal)
            or self.treasury.shares_takings
        )
        for player in range(n):
            self.ledger.transfer(self.bank, player, rules.starting_cash[n], Reason.STARTING_CASH)
        self.start()

    # --- the game --------------------------------------------------------------

    def _set_up(self) -> Flow:
        if self.treasury.from_start:
            self.treasury.adopt()
        if self.rules.monarch is not None:
            yield from self._deal_to_monarch()
        else:
            yield from self._deal()

    def _deal(self) -> Flow:
        """Rule 1: deal green cards one around; each may buy his at the printed price."""
        t = self.tables
        pack = list(t.cards)
        hands: list[list[int]] = [[] for _ in range(self.n_players)]
        for k in range(min(self._deal_rule.cards, len(pack))):
            if len(pack) == 1:
                card = pack[0]
            else:
                card = cast(int, (yield (CHANCE, "deal", tuple(pack), None)))
            pack.remove(card)
            hands[k % self.n_players].append(card)
        paid_to = self.pile_account[self._deal_rule.price_paid_to]
        single_tax = self.treasury.single_tax
        for player, hand in enumerate(hands):
            for card in sorted(hand):
                price = t.price[card]
                if self.cash(player) < price or (single_tax and t.kind[card] == "lot"):
                    continue  # under the single tax a title deed is worth nothing
                choice = yield (player, "buy_dealt", (t.buy_at_price[card], DECLINE), card)
                if isinstance(choice, Buy):
                    self.ledger.transfer(player, paid_to, price, Reason.CARD_BOUGHT_FROM_THE_DEAL)
                    self.give_card(card, player)

    def _deal_to_monarch(self) -> Flow:
        """The Monarch of the World (1906): one player holds all the land from the start,
        and the others share every other advantage; nobody pays for his cards.

        Our reading: the other green cards (franchises, railroads, the Broker's
        License) are shuffled and dealt one around the others as in Rule 1, from
        the Monarch's left, and cost nothing.
        """
        monarch = required(self.rules.monarch)  # asked only when there is one
        t = self.tables
        seat = monarch.seat
        if seat >= self.n_players:
            raise ValueError(f"the Monarch's seat {seat} is not one of {self.n_players} players")
        held = _MONARCH_HOLDS[monarch.holds]
        if not self.treasury.single_tax:
            # Under the single tax from the start a title deed is worth nothing: the
            # lots stay in the pack, as when the single tax is adopted.
            for card in t.cards:
                if t.kind[card] in held:
                    self.give_card(card, seat)
        if monarch.others_hold == "nothing":
            return
        others = [(seat + k) % self.n_players for k in range(1, self.n_players)]
        pack = [card for card in t.cards if t.kind[card] not in held]
        for k in range(len(pack)):
            if len(pack) == 1:
                card = pack[0]
            else:
                card = cast(int, (yield (CHANCE, "deal", tuple(pack), None)))
            pack.remove(card)
            self.give_card(card, others[k % len(others)])

    def _finish(self) -> None:
        for part in (self.treasury, self.dealings, self.spaces):
            part.game = None  # type: ignore[assignment]  # what the flow needed; the parts answer questions without it

    def _after_turn(self, player: int) -> bool:
        treasury = self.treasury
        if treasury.spending and treasury.fund >= treasury.step:
            treasury.spend()
        if treasury.shares_takings:
            treasury.share_takings()
        if treasury.prosperity_goal and treasury.prosperous():
            self.everyone_wins = True
            self.end_reason = (
                "Prosperity: the poorest player has doubled his starting money; everyone wins"
            )
            return True
        if self._wages_done:
            self.end_reason = f"a player has received his wages {self._wages_times} times"
            return True
        return False

    def _turn(self, player: int) -> Flow:
        treasury = self.treasury
        if self.round == treasury.switch_round:
            treasury.adopt()  # the single tax from this round, as if voted
        elif treasury.switch_gini and player == 0 and not treasury.single_tax:
            treasury.adopt_if_unequal()  # tested as each round begins
        self.extra_turn = False
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
            yield from treasury.work_opportunity(player)
        # Before the throw: build houses (Rule 14), repay, form a Trust, talk, vote.
        self.talks_left = 1
        self.votes_left = treasury.vote_open
        while True:
            actions = self.business_actions(player)
            if len(actions) == 1:
                break
            choice = yield (player, "turn", actions, None)
            if type(choice) is Roll:
                break
            yield from self._do_business(player, choice)
            if self.in_poor_house[player]:
                return
        throw = cast(Throw, (yield THROW))
        yield from self._move(player, throw)

    # --- the turn's business (Rules 9, 14, 16, the single tax) ------------------------

    def business_actions(self, player: int) -> Sequence[Action]:
        """What ``player`` may do before his throw: throw first, then build, repay,
        form a Trust, call the vote, talk, and under the single tax claim a site."""
        cash = self.ledger.balances[player]
        single_tax = self.treasury.single_tax
        dealings = self.dealings
        lots = self.holdings.lots_held[player]
        if (cash < self._house_cost or not (lots or single_tax)) and not (
            dealings.debts or dealings.railroad_pair
        ):
            # The common case: nothing to build, repay or pool; a shared tuple.
            return USUAL_BUSINESS[self.talks_left, 0 if single_tax else self.votes_left]
        holdings, treasury = self.holdings, self.treasury
        actions: list[Action] = [ROLL]
        can_build = cash >= self._house_cost
        if can_build and lots:
            builds = holdings.build_actions[player] or holdings.builds_of(player)
            limit = holdings.house_limit
            if limit:
                houses = holdings.houses
                actions.extend(build for build in builds if houses[build.space] < limit)
            else:
                actions.extend(builds)
        if dealings.debts:
            for debt in dealings.debts.values():
                if debt.debtor == player and cash >= debt.owed:
                    actions.append(Repay(debt.id))
        if dealings.railroad_pair is not None:
            partner = dealings.trust_partner(player)
            if partner >= 0:
                actions.append(FormTrust(partner))
        if self.votes_left and not single_tax:
            actions.append(CALL_VOTE)
        if self.talks_left:
            actions.append(NEGOTIATE)
        if can_build and single_tax:
            actions.extend(treasury.site_claims)  # Single Tax Rule 4: any unimproved lot, last
        return actions

    def _do_business(self, player: int, choice: Any) -> Flow:
        if isinstance(choice, Build):
            holdings = self.holdings
            self.ledger.transfer(player, self.house_to, holdings.house_cost, Reason.HOUSE_BUILT)
            holdings.add_house(player, choice.space)
        elif isinstance(choice, Repay):
            self.dealings.repay(choice.debt)
        elif isinstance(choice, FormTrust):
            yield from self.dealings.propose_trust(player, choice.partner, choice)
        elif isinstance(choice, Negotiate):
            self.talks_left -= 1
            yield from self.dealings.talks(player, need=0)
        elif isinstance(choice, ClaimSite):
            yield from self.treasury.claim_site(player, choice.space)
        elif isinstance(choice, CallVote):
            self.votes_left = 0
            yield from self.treasury.call_vote(player)

    # --- Jail and the Poor House (Rules 5, 6, 12) ---------------------------------------

    def _jail_turn(self, player: int) -> FlowTo[tuple[int, int] | None]:
        """Return the freeing double, or None; the player may still be in Jail."""
        fine = self.jail_fine
        to = self._fine_to
        if self.jail_turns[player] >= self._jail.max_turns:
            # He "cannot miss more than three turns": now the fine is due.
            yield from self.dealings.pay(player, to, fine, Reason.JAIL_FINE)
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
            kept = next(k for k in self.cards_kept if k[0] == player)
            self.cards_kept.remove(kept)  # the card goes back into the pack
            self.jailed[player] = False
            return None
        throw = cast(Throw, (yield THROW))
        if throw[0] == throw[1]:
            self.jailed[player] = False
            return throw
        self.jail_turns[player] += 1
        return None

    @property
    def jail_cards(self) -> list[int]:
        """How many Chance cards that let him out of Jail each player keeps."""
        counts = [0] * self.n_players
        for player, _ in self.cards_kept:
            counts[player] += 1
        return counts

    def send_to_jail(self, player: int) -> None:
        """Rule 5: put the checker in Jail; it counts its next move from Shelter."""
        self.jailed[player] = True
        self.jail_turns[player] = 0
        self.position[player] = self.tables.jail

    def go_to_poor_house(self, player: int) -> None:
        """Rule 12: he stays there until his next turn."""
        self.poor_house_visits[player] += 1
        self.in_poor_house[player] = True
        self.jailed[player] = False
        self.position[player] = self.tables.poor_house

    # --- The move (Rules 2, 13, 17) -----------------------------------------------

    def move_options(self, player: int, throw: Throw) -> tuple[Move | StayPut, ...]:
        """Where a throw may take a player: forward, perhaps backward or by the pass.

        They depend only on the rule set, where he stands and the throw, so each
        is worked out once for every game of the rule set.
        """
        key = (self.position[player], throw)
        options = self._moves.get(key)
        if options is None:
            options = self._moves[key] = tuple(self._moves_from(key[0], throw))
        return options

    def _moves_from(self, pos: int, throw: Throw) -> list[Move | StayPut]:
        t = self.tables
        size = t.size
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
                yield from self.spaces.land(player, to, pos, first + second)
                return
        options = self.move_options(player, throw)
        if len(options) == 1:
            choice = options[0]
        else:
            choice = cast("Move | StayPut", (yield (player, "move", options, throw)))
        if type(choice) is StayPut:
            return
        choice = cast(Move, choice)
        total = first + second
        if pos >= size:
            if self.tables.track.forward(pos, total)[1]:
                self._pay_wages(player)
        elif choice.direction == "forward":
            steps = (choice.to - pos) % size
            if pos + steps >= size:
                self._pay_wages(player)
        self.position[player] = choice.to
        yield from self.spaces.land(player, choice.to, pos, total)

    def advance_to(self, player: int, space: int) -> Flow:
        """Move forward to ``space`` (Chance), with wages if Mother Earth is passed."""
        pos = self.position[player]
        size = self.tables.size
        steps = (space - pos) % size
        if pos + steps >= size:
            self._pay_wages(player)
        self.position[player] = space
        yield from self.spaces.land(player, space, pos, steps)

    def wages_to(self, player: int) -> int:
        """What Mother Earth pays ``player`` now (nothing to a Monarch without wages)."""
        return 0 if player == self.wageless else self.wages

    def _pay_wages(self, player: int) -> None:
        """Rule 3: wages from MISCELLANEOUS on reaching or passing Mother Earth."""
        if player == self.wageless:
            return  # the Monarch of the World draws no wages
        self.ledger.transfer(self._wages_from, player, self.wages, Reason.WAGES)
        self.wages_received[player] += 1
        if self.wages_received[player] == self._wages_times:
            self._wages_done = True  # Rule 19: the game ends after this turn
            self.check_after_turn = True
        if self.dealings.wage_debts:
            self.dealings.take_wages(player, self.wages)

    # --- cards changing hands -----------------------------------------------------

    def give_card(self, space: int, player: int) -> None:
        """The card of ``space`` goes to ``player`` (-1: back to the pack, houses and all).

        The one door for a card changing hands: the holdings change, a pledge on
        a card back in the pack ends, and a railroad changing hands may end a Trust.
        """
        self.holdings.set_owner(space, player)
        dealings = self.dealings
        if (player < 0 and dealings.pledged) or space in self.tables.railroads:
            dealings.card_moved(space, player)

    def describe(self, action: Action) -> str:
        """An action in words, with this board's space names and the players' names.

        Examples
        --------
        >>> from landlord.engine.actions import Buy, Move
        >>> from landlord.rules import load_rules
        >>> game = LandlordsGame(load_rules("landlords_game"), ["Ann", "Bob"])
        >>> game.describe(Buy(3, 25)), game.describe(Move("backward", False, 27))
        ('buy Lonely Lane for $25', 'move backward to Slambang Trolley')
        """
        if type(action) is GiveUp and self.treasury.single_tax:
            # Single Tax Rule 8: no Poor House; he works a Natural Opportunity instead.
            return "go to a Natural Opportunity"
        if type(action) is AskForCard:  # the offer names the card's holder
            holder = self.names[self.holdings.owner[action.space]]
            words = action.describe(self.tables.name, self.names, self.rules.info.currency)
            return words.replace("offer ", f"offer {holder} ", 1)
        return action.describe(self.tables.name, self.names, self.rules.info.currency)

    # --- Per-round tables and the score ----------------------------------------------

    def capture(self) -> Capture:
        """The figures the holdings are computed from, copied (cheap: a few list copies)."""
        holdings = self.holdings
        return (
            self.ledger.balances[: self.n_players],
            holdings.owner[:],
            holdings.houses[:],
            holdings.luxuries[:],
            self.dealings.net_debts() if self.dealings.debts else None,
            holdings.education[:],
            self.treasury.single_tax,
            holdings.assets[:],
        )

    def holdings_table(self, captured: Captured | None = None) -> list[tuple[int, ...]]:
        """Per player, now or from a :meth:`capture`: (cash, lots, franchises,
        railroads, licenses, luxuries, professors, houses, land value, debts, score,
        net worth); see :meth:`landlord.families.magie.holdings.Holdings.table`."""
        return self.holdings.table(captured or self.capture())

    def net_worths(self, captured: Captured | None = None) -> list[int]:
        """Every player's net worth, now or from a :meth:`capture`."""
        return self.holdings.net_worths(captured or self.capture())

    def buildings_worth(self) -> list[int]:
        """What each player's houses cost, now."""
        holdings = self.holdings
        worth = [0] * self.n_players
        for space, built in enumerate(holdings.houses):
            if built:
                worth[holdings.owner[space]] += built * holdings.house_cost
        return worth
