"""The later game told as it happens.

The classic rules (the Monopoly rule sets, played as history; the name is
Hasbro's trademark) have their own decisions and events: buying or letting
the Bank auction, bidding, building, mortgages, trades, Jail, bankruptcy.
:class:`Voice` tells them for :class:`~landlord.views.events.Narrator`
in sentences with the rule set's currency ("Ann buys Boardwalk for $400",
"Bob wins the auction of Park Lane for £380"), and :func:`question`
says what a person at the controls is asked.

What happened in a step is read from the game: the decision or chance event
it answered, the payments in the ledger, and what changed on the board (a
card leaves the top of its pack, a token goes to Jail, a player is
bankrupt). A payment that a decision already tells (the price of a house
built) is not told twice. Nothing here decides a rule.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from landlord.engine.reasons import Reason
from landlord.engine.state import CHANCE
from landlord.money import money as _money
from landlord.rules.sections import required

if TYPE_CHECKING:  # pragma: no cover - for the annotations only
    from landlord.engine.ledger import Transfer
    from landlord.engine.state import ChanceEvent, Decision
    from landlord.families.monopoly.game import Monopoly

__all__ = ["Voice"]

#: The packs, as a sentence names them.
PACK_NAMES = {"chance": "Chance", "community_chest": "Community Chest"}
#: A payment that no decision tells, in words, by its reason (rent, tax and card payments
#: have words of their own): the words take {payer}, {payee}, {money} and {space}.
#: The ledger's reasons for rent in the later game (bare lot, built lot, railroad, utility).
_RENTS = frozenset(
    {Reason.LAND_RENT, Reason.HOUSE_RENT, Reason.RAILROAD_FARE, Reason.UTILITY_RENT}
)

_PAYMENTS: dict[str, str] = {
    Reason.STARTING_CASH: "{payee} starts with {money}",
    Reason.SALARY: "{payee} collects {money} salary",
    Reason.PROPERTY_BOUGHT: "{payer} buys {space} for {money}",
    Reason.REPAIRS: "{payer} pays {money} for repairs to the Bank",
    Reason.JAIL_FINE: "{payer} pays the {money} Jail fine",
    Reason.BUILDING_BOUGHT: "{payer} wins a building at auction for {money}",
    Reason.BUILDING_SOLD: "{payee} sells a building back to the Bank for {money}",
    Reason.BUILDINGS_SOLD: "{payee} sells a whole group's buildings back to the Bank for {money}",
    Reason.MORTGAGE: "{payee} mortgages a property for {money}",
    Reason.MORTGAGE_LIFTED: "{payer} lifts a mortgage for {money}",
    Reason.MORTGAGE_INTEREST: "{payer} pays {money} interest on a mortgaged property",
    Reason.TRADE: "{payer} pays {money} to {payee} in the trade",
    Reason.BANKRUPTCY: "{payer} hands the last {money} to {payee}",
    Reason.TITLE_DEED_DEALT: "{payer} pays {money} for a title deed dealt",
}
#: The payment a decision tells itself, by the decision's type name.
_TOLD_BY = {
    "Buy": Reason.PROPERTY_BOUGHT,
    "Build": Reason.BUILDING_BOUGHT,
    "BuildHotel": Reason.BUILDING_BOUGHT,
    "SellBuilding": Reason.BUILDING_SOLD,
    "Mortgage": Reason.MORTGAGE,
    "LiftMortgage": Reason.MORTGAGE_LIFTED,
    "KeepMortgage": Reason.MORTGAGE_INTEREST,
    "PayTax": Reason.TAX,
    "PayInstead": Reason.CARD,
    "PayFine": Reason.JAIL_FINE,
    "Accept": Reason.TRADE,
}
#: The decisions told by a fixed sentence, by type name ({paid}: " for $N" when paid).
_DEEDS = {
    "Roll": "",  # the throw itself is told next
    "Buy": "{who} buys {where}{paid}",
    "Build": "{who} builds a house on {where}{paid}",
    "BuildHotel": "{who} builds a hotel on {where}{paid}",
    "SellBuilding": "{who} sells {building} on {where} back to the Bank{paid}",
    "Mortgage": "{who} mortgages {where}{paid}",
    "LiftMortgage": "{who} lifts the mortgage on {where}{paid}",
    "DrawChance": "{who} takes a Chance instead",
    "Negotiate": "{who} opens talks to trade",
    "EndDealing": "{who} proposes no trade",
    "GoBankrupt": "{who} declares bankruptcy",
    "TryForDoubles": "{who} tries for doubles to leave Jail",
    "UseJailCard": "{who} uses a Get Out of Jail Free card and leaves Jail",
}


class Voice:
    """What happened in one step of a later-game ``game``, in sentences.

    :meth:`before` notes the board before a step; :meth:`after` tells the
    step from the waiting ``pending`` decision or chance event, the
    ``choice`` made and the ledger ``records`` it added.

    Examples
    --------
    >>> from landlord.session import Session
    >>> session = Session("monopoly_us", ["eager_landlord"] * 2, seed=1, names=["Ann", "Bob"])
    >>> voice, lines = Voice(session.game), []
    >>> while not any("buys" in line for line in lines):
    ...     game, told = session.game, len(session.game.ledger.records)
    ...     voice.before()
    ...     pending, history = game.pending, len(game.history)
    ...     _ = session.step()
    ...     lines += voice.after(pending, game.history[history], game.ledger.records[told:])
    >>> lines[0]
    'The Chance and Community Chest packs are shuffled'
    >>> [line for line in lines if "buys" in line]
    ['Bob buys St. Charles Place for $140']
    """

    def __init__(self, game: Monopoly) -> None:
        self.game = game
        currency = game.currency
        self.money: Callable[[int], str] = lambda amount: _money(amount, currency)
        self._sale: Any = None  # what the latest auction sells
        self._shuffle_told = False
        self._utility_throw = False
        self.before()

    # --- the board before a step ---------------------------------------------------------

    def before(self) -> None:
        """Note what a step may change: positions, Jail, buildings, packs, bankruptcies."""
        game = self.game
        self._mover = game.turn_player
        self._position = list(game.position)
        self._jailed = list(game.jailed)
        self._houses = list(game.estates.houses)
        self._packs = {pack: list(order) for pack, order in game.packs.items()}
        self._bankruptcies = len(game.bankruptcies)

    # --- telling a step -------------------------------------------------------------------

    def after(
        self,
        pending: Decision | ChanceEvent | None,
        choice: object,
        records: Sequence[Transfer],
        earlier: Sequence[Transfer] = (),
    ) -> list[str]:
        """The step in sentences: the decision or throw, cards, payments, Jail, bankruptcy.

        ``earlier`` payments, made before the step, are told first.
        """
        game = self.game
        records = list(records)
        lines: list[str] = [self._payment(record) for record in earlier]
        jail_told = False
        if pending is not None and choice is not None:
            if getattr(pending, "player", CHANCE) == CHANCE:
                line, jail_told = self._chance(pending, choice)
            else:
                line = self._decision(pending, choice, records)
            if line:
                lines.append(line)
        lines += self._cards_drawn()
        for _, player, creditor in game.bankruptcies[self._bankruptcies :]:
            lines.append(f"{game.names[player]} is bankrupt to {self._account(creditor)}")
        lines += [self._payment(record) for record in records]
        if not jail_told:
            for player, (was, now) in enumerate(zip(self._jailed, game.jailed, strict=True)):
                if now and not was:
                    lines.append(f"{game.names[player]} goes to Jail")
        if pending is not None and getattr(pending, "kind", "") == "bid":
            lines += self._auction_over(pending, choice)
        if game.is_over:
            lines.append(f"Game over: {game.end_reason}")
        self.before()
        return [line for line in lines if line]

    def _chance(self, pending: Any, choice: Any) -> tuple[str, bool]:
        """A chance event in words, and whether it told a token's going to Jail."""
        game = self.game
        purpose = pending.purpose
        mover = game.names[self._mover]
        if purpose == "shuffle":
            if self._shuffle_told:
                return "", False
            self._shuffle_told = True
            return "The Chance and Community Chest packs are shuffled", False
        if purpose.endswith("_card"):
            pack = purpose.removesuffix("_card")
            return self._card_line(pack, choice), False
        if purpose == "deal":
            holder = game.estates.owner[choice]
            who = game.names[holder] if holder >= 0 else "nobody"
            return f"{who} is dealt the title deed of {game.tables.name[choice]}", False
        if purpose != "dice":
            return f"chance ({purpose}): {choice}", False
        return self._throw(mover, choice)

    def _throw(self, mover: str, dice: tuple[int, int]) -> tuple[str, bool]:
        game, t = self.game, self.game.tables
        player = self._mover
        first, second = dice
        total = first + second
        line = f"{mover} throws {first} and {second}"
        doubles = first == second
        if self._utility_throw:
            self._utility_throw = False
            return f"{line} for the utility's rent", False
        was, now = self._jailed[player], game.jailed[player]
        landing = (self._position[player] + total) % t.size
        to = t.name[landing]
        if was and now:
            if game.jail_turns[player] >= required(game.rules.jail).max_turns:
                return f"{line} in Jail: no doubles on the last try, so the fine is due", False
            return f"{line} in Jail: no doubles", False
        if was:
            if doubles:
                return f"{line} in Jail: doubles, out of Jail and on to {to}", False
            return f"{line} in Jail, the last try: pays the fine and moves to {to}", False
        if doubles:
            line += " (doubles)"
        if now:
            if t.kind[landing] == "go_to_jail":
                return f"{line}, lands on {to} and goes to Jail", True
            if doubles and not self._drawn():
                return f"{line}: three doubles in a row, so {mover} goes to Jail", True
        return f"{line} and moves to {to}", False

    def _decision(self, pending: Any, choice: Any, records: list[Any]) -> str:
        """A player's decision in words, taking the payment it tells out of ``records``."""
        game, t = self.game, self.game.tables
        player = pending.player
        who = game.names[player]
        kind = type(choice).__name__
        amount = self._take(records, _TOLD_BY.get(kind, ""), player)
        paid = f" for {self.money(amount)}" if amount is not None else ""
        space = getattr(choice, "space", None)
        where = t.name[space] if isinstance(space, int) and 0 <= space < t.size else ""
        about = pending.about
        plain = _DEEDS.get(kind)
        if plain is not None:
            building = "the hotel" if kind == "SellBuilding" and self._houses[space] >= 5 else ""  # type: ignore[index]
            return plain.format(who=who, where=where, paid=paid, building=building or "a house")
        if kind == "Decline" and pending.kind == "rent":
            return f"{who} does not ask for the rent on {t.name[about[0]]}"
        if kind == "Decline":
            auctioned = required(game.rules.purchase).mode != "fixed_price"
            return f"{who} does not buy {t.name[about]}" + (
                ": the Bank auctions it" if auctioned else ""
            )
        if kind == "ClaimRent":
            return f"{who} asks for the {self.money(about[1])} rent on {t.name[about[0]]}"
        if kind in ("Bid", "Pass"):
            self._sale = about
            if kind == "Pass":
                return f"{who} drops out of the bidding for {self._lot(about)}"
            return f"{who} bids {self.money(choice.amount)} for {self._lot(about)}"
        if kind == "KeepMortgage":
            interest = f" and pays {self.money(amount)} interest" if amount is not None else ""
            return f"{who} keeps {where} mortgaged{interest}"
        if kind == "PayTax" and choice.how == "percent":
            due = f": {self.money(amount)}" if amount is not None else ""
            return f"{who} pays {choice.amount}% of total worth in Income Tax{due}"
        if kind == "PayTax":
            return f"{who} pays {self.money(choice.amount)} Income Tax"
        if kind == "PayInstead":
            return f"{who} pays {self.money(choice.amount)} rather than take a Chance"
        if kind == "Trade":
            return f"{who} offers {game.describe(choice).removeprefix('offer ')}"
        if kind in ("Accept", "Refuse"):
            verb = "accepts" if kind == "Accept" else "refuses"
            return f"{who} {verb} {game.names[about.proposer]}'s offer"
        if kind == "PayFine":
            fine = f" {self.money(amount)}" if amount is not None else ""
            return f"{who} pays the{fine} fine and leaves Jail"
        return f"{who}: {game.describe(choice)}"

    # --- cards, payments, auctions ---------------------------------------------------------

    def _card_line(self, pack: str, index: int) -> str:
        game = self.game
        deck = game.rules.chance_deck if pack == "chance" else game.rules.community_chest_deck
        card = deck[index]
        if card.effect == "nearest_utility":
            self._utility_throw = True
        return f"{game.names[self._mover]} draws {PACK_NAMES[pack]}: {card.text}"

    def _drawn(self) -> list[tuple[str, int]]:
        """The cards taken from the top of their packs since :meth:`before`."""
        drawn = []
        for pack, before in self._packs.items():
            after = list(self.game.packs[pack])
            for k in range(len(before) + 1):
                rest = before[k:]
                if after[: len(rest)] == rest:
                    drawn += [(pack, card) for card in before[:k]]
                    break
        return drawn

    def _cards_drawn(self) -> list[str]:
        lines = [self._card_line(pack, card) for pack, card in self._drawn()]
        if self._utility_throw:  # the card throws the dice only on another's utility
            game = self.game
            space = game.position[self._mover]
            holder = game.estates.owner[space]
            owed = holder >= 0 and holder != self._mover and not game.estates.mortgaged[space]
            self._utility_throw = owed
        return lines

    def _take(self, records: list[Any], reason: str, player: int) -> int | None:
        """Take out of ``records`` the first payment for ``reason`` to or from ``player``."""
        if not reason:
            return None
        for k, record in enumerate(records):
            if record.reason == reason and player in (record.payer, record.payee):
                del records[k]
                return record.amount
        return None

    def _account(self, account: int) -> str:
        game = self.game
        return game.names[account] if account < game.n_players else "the Bank"

    def _lot(self, sale: Any) -> str:
        space = getattr(sale, "space", -1)
        return self.game.tables.name[space] if space >= 0 else "a building"

    def _payment(self, record: Any) -> str:
        game, t = self.game, self.game.tables
        payer, payee = self._account(record.payer), self._account(record.payee)
        money = self.money(record.amount)
        reason = record.reason
        mover = record.payer if record.payer < game.n_players else record.payee
        at = game.position[mover] if mover < game.n_players else -1
        space = t.name[at] if at >= 0 else "a property"
        if reason in _RENTS:
            line = f"{payer} pays {money} rent to {payee}"
            if at >= 0 and game.estates.owner[at] == record.payee:
                line += f" for {t.name[at]}"
            return line
        if reason == Reason.PROPERTY_BOUGHT_AT_AUCTION:
            return f"{payer} wins the auction of {self._lot(self._sale)} for {money}"
        if reason == Reason.TAX:
            tax = t.name[at] if at >= 0 and t.kind[at] == "tax" else "tax"
            return f"{payer} pays {money} {tax}"
        if reason == Reason.CARD:
            if record.payer >= game.n_players:
                return f"{payee} collects {money} from the Bank, as the card says"
            return f"{payer} pays {money} to {payee}, as the card says"
        words = _PAYMENTS.get(reason)
        if words:
            return words.format(payer=payer, payee=payee, money=money, space=space)
        return f"{payer} pays {money} {reason} to {payee}"

    def _auction_over(self, pending: Any, choice: Any) -> list[str]:
        """'Nobody bids' when an auction ended without a winner."""
        sale = pending.about
        game = self.game
        now: Any = game.pending  # a sale, while the auction goes on
        going_on = getattr(now, "kind", "") == "bid" and getattr(now, "about", None) is not None
        if going_on and now.about.space == sale.space:
            return []
        unsold = sale.space >= 0 and game.estates.owner[sale.space] < 0
        if unsold and type(choice).__name__ == "Pass":
            return [f"Nobody buys {game.tables.name[sale.space]}: it stays with the Bank"]
        return []
