"""The later game: the classic Monopoly rules (US, and the 1972 UK differences), as a flow.

"Monopoly" is Hasbro's trademark; landlord is independent and plays these
rules as history, to set beside the Landlord's Game they grew out of.

Read this module top to bottom as the rule book: the start (the packs
shuffled, the short game's deal), a turn (Jail, business, the throw,
doubles) and the end. The rest of the flow is in its parts, which the turn
calls and which refer back to the game while it is played (cut when it
ends, in ``_finish``):

* :class:`~landlord.families.monopoly.landing.Landing` (``game.landing``): the
  move, and what each space asks: buying, rent, tax, the cards, Go to Jail;
* :class:`~landlord.families.monopoly.auctions.Auctions` (``game.auctions``):
  the bank's auctions of a property and of a building it is short of;
* :class:`~landlord.families.monopoly.dealings.Dealings` (``game.dealings``):
  buildings and mortgages with the bank, trades carried out, and money that
  falls short (raising it, bankruptcy).

They call on parts that own their state and answer questions:

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
    NEGOTIATE,
    PAY_FINE,
    ROLL,
    TRY_DOUBLES,
    USE_JAIL_CARD,
    Action,
    BuildHotel,
    LiftMortgage,
    Mortgage,
    Negotiate,
    PayFine,
    Roll,
    SellBuilding,
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
    seat_count,
)
from landlord.families.monopoly import FAMILY
from landlord.families.monopoly.auctions import Auctions
from landlord.families.monopoly.dealings import Dealings
from landlord.families.monopoly.estates import Estates, estate_tables
from landlord.families.monopoly.landing import Landing
from landlord.families.monopoly.trades import Trades
from landlord.rules.model import RuleSet
from landlord.rules.sections import required

__all__ = ["ROUND_CAP", "Monopoly"]

#: A game that reaches this many rounds ends whatever its rules say (players who
#: never build, or never trade, can go round for ever).
ROUND_CAP = 1000

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
        #: The total of the latest throw that moved a player (a utility's rent counts it).
        self.thrown = 7
        #: The salary at Go, and the Jail fine.
        self.wages: int = rules.wages.amount
        self.jail_fine: int = required(rules.jail).fine
        self.bankruptcies: list[tuple[int, int, int]] = []  # (round, player, creditor)
        #: The bots' money figures are set for the 1906 game's $500; this scales them.
        self.money_scale = max(1, round(max(rules.starting_cash.values()) / 500))
        # The sections the flow reads (typed, frozen: see landlord.rules.sections).
        self._building_rules = required(rules.buildings)
        self._jail = required(rules.jail)
        self._doubles = required(rules.doubles)
        self._reshuffle = required(rules.cards).order == "reshuffle"
        self.round_limit = rules.end.round_limit
        #: The order of each pack, top first (indices into the rule set's pack).
        self.packs: dict[str, deque[int]] = {pack: deque() for pack in PACKS}
        # The parts, each owning its state.
        self.estates = Estates(rules, n, self.ledger.balances)
        self.trades = Trades(
            self.ledger, self.estates, self.bankrupt, self.jail_cards_held, self.jail_fine
        )
        # The parts of the flow, which refer back to the game until it ends (_finish).
        self.auctions = Auctions(self)
        self.dealings = Dealings(self)
        self.landing = Landing(self)
        for player in range(n):
            self.ledger.transfer(self.bank, player, rules.starting_cash[n], Reason.STARTING_CASH)
        self.start()

    # --- the game --------------------------------------------------------------------

    def _set_up(self) -> Flow:
        yield from self._shuffle()
        if required(self.rules.short_game).deal:
            yield from self._deal_deeds()

    def _finish(self) -> None:
        for part in (self.auctions, self.dealings, self.landing):
            part.game = None  # type: ignore[assignment]  # only the flow needed its game

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
            left = list(range(len(self.landing.decks[pack])))
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
                yield from self.landing.move(player, throw[0] + throw[1])
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
            self.thrown = throw[0] + throw[1]  # a utility's rent counts it
            double = throw[0] == throw[1]
            if double:
                doubles += 1
                if doubles == self._doubles.jail_after:
                    self.send_to_jail(player)
                    return
            yield from self.landing.move(player, throw[0] + throw[1])
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
            yield from self.dealings.talks(player, 0)
        elif kind is LiftMortgage:
            self.dealings.lift(player, choice.space)
        elif kind is SellBuilding:
            self.dealings.sell_building(player, choice.space)
        elif kind is Mortgage:
            self.dealings.mortgage(player, choice.space)
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
            self.return_jail_card(player)
            self.jailed[player] = False
            return None
        throw = cast(Throw, (yield THROW))
        self.thrown = throw[0] + throw[1]  # a utility's rent counts it
        if throw[0] == throw[1]:
            self.jailed[player] = False
            return throw
        self.jail_turns[player] += 1
        if self.jail_turns[player] < self._jail.max_turns:
            return None
        # The third failed throw: pay the fine and move by that throw.
        yield from self.dealings.pay(player, self.bank, self.jail_fine, Reason.JAIL_FINE)
        if self.bankrupt[player]:
            return None
        self.jailed[player] = False
        return throw

    def send_to_jail(self, player: int) -> None:
        """Straight to Jail: no salary, and the turn ends."""
        self.jailed[player] = True
        self.jail_turns[player] = 0
        self.position[player] = self.tables.jail

    def return_jail_card(self, player: int) -> None:
        """A Get Out of Jail Free card used or given up: to the bottom of its pack."""
        pack, card = self.jail_cards_held[player].pop()
        if not self._reshuffle:
            self.packs[pack].append(card)  # used: to the bottom of its pack

    # --- building ----------------------------------------------------------------------

    def _build(self, player: int, choice: Any) -> Flow:
        hotel = type(choice) is BuildHotel
        if self._building_rules.shortage_auction:
            estates = self.estates
            stock = estates.bank_hotels if hotel else estates.bank_houses
            if stock < self.n_players:  # perhaps short: who else could build one now?
                wants = self.auctions.wants
                able = [p for p in self.active_players() if wants(p, hotel)]
                if len(able) > 1 and stock < len(able):
                    self._building_closed = True  # one auction a business, won or not
                    yield from self.auctions.shortage(player, hotel, able)
                    return
        self.dealings.place(player, choice.space, hotel, self.tables.house_cost[choice.space])

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
        >>> from landlord.engine.actions import Buy
        >>> game = Monopoly(load_rules("monopoly_uk_1972"), ["Ann", "Bob"])
        >>> game.describe(Buy(39, 400))
        'buy Mayfair for £400'
        """
        return action.describe(self.tables.name, self.names, self.currency)
