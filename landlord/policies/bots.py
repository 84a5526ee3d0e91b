"""The named bots: strategies a lesson can describe in one sentence.

* ``cautious_tenant`` keeps $300 in hand, buys only cheap land it can easily
  afford, never bids against others and never builds.
* ``eager_landlord`` keeps only $75 (Rule 1's advice), buys and bids up to
  half again the printed price, builds up to three houses a lot, pays its
  way out of Jail and hunts for the fourth railroad (the Suggestions).
* ``single_taxer`` plays for the common good: it keeps $100, buys cards only
  at their printed price, never bids against others, speculates or buys
  luxuries, builds one house a lot, and always votes for the single tax (and
  calls the vote on its turn).
* ``random`` picks uniformly among the legal actions (for testing the rules).

All of them are :class:`Strategy` or :class:`RandomPlayer` objects, whose
fields are the parameters; ``make_policy("eager_landlord", reserve=150)``
changes one, and ``make_policy("cautious_tenant", votes="when_losing")`` makes
a tenant who votes for the single tax when his net worth is below the average.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from landlord.engine.actions import (
    Accept,
    AskForCard,
    AskLoan,
    Bid,
    Build,
    CallVote,
    ClaimSite,
    Decline,
    EndDealing,
    FormTrust,
    GiveUp,
    Negotiate,
    OfferCard,
    OfferLuxury,
    Pass,
    PayFine,
    Refuse,
    Repay,
    StayPut,
    TryForDoubles,
    UseJailCard,
)
from landlord.policies.base import Policy

__all__ = [
    "FAMILY_HANDLERS",
    "VOTES",
    "RandomPlayer",
    "Strategy",
    "cautious_tenant",
    "eager_landlord",
    "single_taxer",
]

#: When a strategy votes for the single tax.
VOTES = ("never", "when_losing", "always")


@dataclass
class Strategy(Policy):
    """A rule-of-thumb player.

    Parameters
    ----------
    reserve : int
        Cash it keeps in hand: it spends only what lies above this.
    max_price : int
        The highest card price it buys at (printed price; 0 for no limit).
    markup : float
        How far above the printed price it pays or bids (1.5: half again).
    bids : bool
        Whether it bids for cards other players land on.
    build_to : int
        Houses it aims for on each lot (0: never builds).
    pays_fine : bool
        Whether it pays its way out of Jail rather than throwing for doubles.
    buys_luxury : bool
        Whether it buys a luxury card when it can afford one.
    speculates : bool
        Whether it plays Speculation when a throw allows.
    hunts_railroads : bool
        Whether, holding three railroads, it offers for the fourth.
    votes : str
        When it votes for the single tax, and calls the vote on its turn:
        ``"never"``, ``"when_losing"`` (its net worth is below the players'
        average) or ``"always"``.
    """

    reserve: int = 75
    max_price: int = 0
    markup: float = 1.5
    bids: bool = True
    build_to: int = 3
    pays_fine: bool = True
    buys_luxury: bool = True
    speculates: bool = True
    hunts_railroads: bool = True
    votes: str = "never"
    name: str = "strategy"
    uses_rng = False  # rules of thumb: no lots drawn

    def describe(self) -> str:
        buys = "buys any card" if not self.max_price else f"buys cards up to ${self.max_price}"
        builds = f"builds up to {self.build_to} houses a lot" if self.build_to else "never builds"
        votes = {
            "always": ", votes for the single tax",
            "when_losing": ", votes for the single tax when losing",
        }
        return f"keeps ${self.reserve} in hand, {buys}, {builds}{votes.get(self.votes, '')}"

    # --- the choice ---------------------------------------------------------------

    def choose(self, view: Any, legal: list[Any], rng: Any) -> Any:
        node = view._node  # (player, kind, actions, about): read directly, it is asked often
        handler = FAMILY_HANDLERS[view.family].get(node[1])
        if handler is None:
            return legal[0]
        return handler(self, view, node[0], legal)

    def _spare(self, view: Any, me: int) -> int:
        return view.ledger.balances[me] - self.reserve

    def _worth_paying(self, view: Any, space: int) -> int:
        price = view.tables.price[space]
        if self.max_price and price > self.max_price:
            return 0
        return int(price * self.markup)

    def _buy_dealt(self, view: Any, me: int, legal: list[Any]) -> Any:
        buy = legal[0]
        if self._worth_paying(view, buy.space) >= buy.price and self._spare(view, me) >= buy.price:
            return buy
        return _first(legal, Decline)

    def _sale(self, view: Any, me: int, legal: list[Any]) -> Any:
        return self._buy_dealt(view, me, legal)

    def _bid(self, view: Any, me: int, legal: list[Any]) -> Any:
        if self.bids:
            space = view.decision_about.space
            limit = min(self._worth_paying(view, space), self._spare(view, me))
            bids = [a for a in legal if isinstance(a, Bid) and a.amount <= limit]
            if bids:
                return min(bids, key=lambda bid: bid.amount)
        return _first(legal, Pass)

    def _luxury(self, view: Any, me: int, legal: list[Any]) -> Any:
        buy = legal[0]
        if self.buys_luxury and self._spare(view, me) >= buy.price:
            return buy
        return _first(legal, Decline)

    def _jail(self, view: Any, me: int, legal: list[Any]) -> Any:
        card = _first(legal, UseJailCard)
        if card is not None:
            return card
        fine = _first(legal, PayFine)
        if self.pays_fine and fine is not None and self._spare(view, me) >= view.jail_fine:
            return fine
        return _first(legal, TryForDoubles)

    def _move(self, view: Any, me: int, legal: list[Any]) -> Any:
        best, best_cost = legal[0], None
        for option in legal:
            cost = self._landing_cost(view, me, option)
            if best_cost is None or cost < best_cost:
                best, best_cost = option, cost
        return best

    def _landing_cost(self, view: Any, me: int, option: Any) -> float:
        """What ending a move there is likely to cost (negative: gain)."""
        if isinstance(option, StayPut):
            return 0.0 if not self.speculates else 20.0
        t = view.tables
        space = option.to
        kind = t.kind[space]
        cost = 0.0
        here = view.position[me]
        if option.direction == "forward" and here + (space - here) % t.size >= t.size:
            cost -= view.wages
        if kind in ("lot", "railroad", "franchise"):
            holder = view.owner[space]
            if view.public[space]:
                pass  # bought by the public: free
            elif kind == "lot" and view.single_tax:
                # Land rent to the Treasury, house rent to another's house.
                cost += sum(amount for _, amount, _ in view.rent_due(space, me))
            elif holder < 0:
                wanted = (
                    self._worth_paying(view, space) and self._spare(view, me) >= t.price[space]
                )
                cost += -t.price[space] / 2 if wanted else t.land_rent[space]
            elif holder != me:
                cost += sum(amount for _, amount, _ in view.rent_due(space, me))
        elif kind in ("necessity", "shelter_jail"):
            cost += view.necessity_tax()
        elif kind == "trespass":
            # A Free College gives an Education card (a quarter of a Professor's 100).
            cost += -25.0 if space in view.colleges else view.jail_fine
        elif kind == "speculation":
            cost += -40.0 if self.speculates else 10.0
        elif kind == "luxury":
            cost += 0.0 if self.buys_luxury else 25.0
        return cost

    def _turn(self, view: Any, me: int, legal: list[Any]) -> Any:
        spare = view.ledger.balances[me] - self.reserve
        if type(legal) is tuple:
            # The usual turn, a shared tuple: throw, perhaps call the vote or talk.
            return self._usual_turn(view, me, legal, spare)
        can_build = self.build_to and spare >= view.house_cost
        best, best_rent, talk, sites = None, -1, None, False
        for action in legal:
            kind = type(action)
            if kind is Build:
                if can_build and view.houses[action.space] < self.build_to:
                    rent = view.land_rent(action.space) - 3 * view.houses[action.space]
                    if rent > best_rent:
                        best, best_rent = action, rent
            elif kind is ClaimSite:
                sites = True  # the engine lists the sites last
                break
            elif kind is Repay:
                if view.debts[action.debt].owed <= spare:
                    return action
            elif kind is FormTrust:
                return action
            elif kind is Negotiate:
                talk = action
            elif kind is CallVote and self.votes != "never" and self._for_single_tax(view, me):
                return action
        if best is not None:
            return best
        if sites and can_build:
            # Single Tax Rule 4: a new site, the one with the highest land rent.
            rent = view.tables.land_rent
            return max(view.site_claims, key=lambda claim: rent[claim.space])
        if talk and self.hunts_railroads and spare >= 150 and self._wanted_railroad(view, me) >= 0:
            return talk
        return legal[0]  # Roll

    def _usual_turn(self, view: Any, me: int, legal: tuple, spare: int) -> Any:
        for action in legal:
            kind = type(action)
            if kind is CallVote and self.votes != "never" and self._for_single_tax(view, me):
                return action
            if (
                kind is Negotiate
                and self.hunts_railroads
                and spare >= 150
                and self._wanted_railroad(view, me) >= 0
            ):
                return action
        return legal[0]  # Roll

    def _wanted_railroad(self, view: Any, me: int) -> int:
        railroads = view.tables.railroads
        mine = sum(1 for r in railroads if view.owner[r] == me)
        if mine != len(railroads) - 1:
            return -1
        missing = next(r for r in railroads if view.owner[r] != me)
        return missing if view.owner[missing] >= 0 else -1

    def _talks(self, view: Any, me: int, legal: list[Any]) -> Any:
        need = view.decision_about
        if need:
            loans = [a for a in legal if isinstance(a, AskLoan) and a.interest == 10]
            if loans:
                return max(loans, key=lambda a: (view.cash(a.lender), a.collateral is None))
            sales = [a for a in legal if isinstance(a, OfferCard | OfferLuxury)]
            if sales:
                return max(sales, key=lambda a: (a.price <= need, -a.price))
            return _first(legal, GiveUp)
        wanted = self._wanted_railroad(view, me) if self.hunts_railroads else -1
        if wanted >= 0:
            offers = [
                a
                for a in legal
                if isinstance(a, AskForCard)
                and a.space == wanted
                and a.price <= max(150, 3 * view.tables.price[wanted])
                and a.price <= self._spare(view, me)
            ]
            if offers:
                return max(offers, key=lambda a: a.price)
        return _first(legal, EndDealing)

    def _offer(self, view: Any, me: int, legal: list[Any]) -> Any:
        offer = view.decision_about.action
        spare = self._spare(view, me)
        if isinstance(offer, OfferCard):
            fair = view.card_value(offer.space) * (self.markup if self.bids else 0.5)
            ok = offer.price <= fair and offer.price <= spare
        elif isinstance(offer, AskForCard):
            keep = view.card_value(offer.space) * 1.5
            if offer.space in view.tables.railroads and self.hunts_railroads:
                keep *= 2
            ok = offer.price >= keep
        elif isinstance(offer, OfferLuxury):
            ok = self.buys_luxury and offer.price <= view.luxury_fee and offer.price <= spare
        elif isinstance(offer, AskLoan):
            secured = (
                offer.collateral is not None and view.card_value(offer.collateral) >= offer.amount
            )
            ok = offer.amount <= spare and (secured or offer.interest >= 10)
        else:
            ok = False
        return _first(legal, Accept) if ok else _first(legal, Refuse)

    def _trust(self, view: Any, me: int, legal: list[Any]) -> Any:
        return _first(legal, Accept)

    # --- the single tax ---------------------------------------------------------------

    def _for_single_tax(self, view: Any, me: int) -> bool:
        if self.votes == "always":
            return True
        if self.votes == "when_losing":
            worth = [row[-1] for row in view.holdings_table()]
            return worth[me] * len(worth) < sum(worth)
        return False

    def _vote(self, view: Any, me: int, legal: list[Any]) -> Any:
        return _first(legal, Accept if self._for_single_tax(view, me) else Refuse)

    def _build_site(self, view: Any, me: int, legal: list[Any]) -> Any:
        if self.build_to and self._spare(view, me) >= view.house_cost:
            return legal[0]
        return _first(legal, Decline)

    def _site_bid(self, view: Any, me: int, legal: list[Any]) -> Any:
        if self.bids and self.build_to:
            room = self._spare(view, me) - view.house_cost
            bids = [a for a in legal if isinstance(a, Bid) and a.amount <= room]
            if bids:
                return min(bids, key=lambda bid: bid.amount)
        return _first(legal, Pass)

    def _site(self, view: Any, me: int, legal: list[Any]) -> Any:
        match = legal[0]
        if self._spare(view, me) >= match.bid + view.house_cost:
            return match
        return _first(legal, Decline)


@dataclass
class RandomPlayer(Policy):
    """Picks uniformly among the legal actions, with the session's policy stream."""

    name: str = "random"

    def choose(self, view: Any, legal: list[Any], rng: Any) -> Any:
        return legal[int(rng.random() * len(legal))]

    def describe(self) -> str:
        return "picks any legal move at random"


#: The method that answers each kind of decision.
_HANDLERS = {
    "buy_dealt": Strategy._buy_dealt,
    "sale": Strategy._sale,
    "bid": Strategy._bid,
    "luxury": Strategy._luxury,
    "jail": Strategy._jail,
    "move": Strategy._move,
    "turn": Strategy._turn,
    "talks": Strategy._talks,
    "offer": Strategy._offer,
    "trust": Strategy._trust,
    "vote": Strategy._vote,
    "build_site": Strategy._build_site,
    "site_bid": Strategy._site_bid,
    "site": Strategy._site,
}


#: The handlers of each family of games (``GameState.family``): the later game's
#: are in :mod:`landlord.policies.estate_bots`.
FAMILY_HANDLERS: dict[str, dict[str, Any]] = {"landlords_game": _HANDLERS}


def _first(legal: list[Any], kind: type) -> Any:
    for action in legal:
        if isinstance(action, kind):
            return action
    return None


#: A tenant who keeps $300 in hand, buys only $25-$50 cards, never bids or builds.
cautious_tenant = Strategy(
    reserve=300,
    max_price=50,
    markup=1.0,
    bids=False,
    build_to=0,
    pays_fine=False,
    buys_luxury=False,
    speculates=True,
    hunts_railroads=False,
    name="cautious_tenant",
)

#: A landlord who keeps $75, buys and bids up to 1.5x, builds three a lot.
eager_landlord = Strategy(name="eager_landlord")

#: A cooperative player: keeps $100, pays printed prices, never bids, speculates
#: or buys luxuries, builds one house a lot, votes for the single tax.
single_taxer = Strategy(
    reserve=100,
    max_price=0,
    markup=1.0,
    bids=False,
    build_to=1,
    pays_fine=True,
    buys_luxury=False,
    speculates=False,
    hunts_railroads=False,
    votes="always",
    name="single_taxer",
)
