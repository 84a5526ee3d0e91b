"""The dealings between players: the talks, offers of cards and luxuries, loans
and their repaying, the railroad Trust, the answers to a proposal, and the
later game's trades.
"""

from __future__ import annotations

from landlord.engine.actions.base import Action, Namer, _action

__all__ = [
    "ACCEPT",
    "END_TALKS",
    "NEGOTIATE",
    "REFUSE",
    "Accept",
    "AskForCard",
    "AskLoan",
    "EndDealing",
    "FormTrust",
    "Negotiate",
    "OfferCard",
    "OfferLuxury",
    "Refuse",
    "Repay",
    "Trade",
]


@_action
class Negotiate(Action):
    """Open talks with the other players: sell, buy or borrow."""

    def _words(self, space: Namer, player: Namer, cash: Namer) -> str:
        return "negotiate"


@_action
class EndDealing(Action):
    """Close the talks."""

    def _words(self, space: Namer, player: Namer, cash: Namer) -> str:
        return "end the talks"


@_action
class OfferCard(Action):
    """Offer the card of ``space`` to ``buyer`` for ``price``."""

    space: int
    buyer: int
    price: int

    def _words(self, space: Namer, player: Namer, cash: Namer) -> str:
        return f"offer {space(self.space)} to {player(self.buyer)} for {cash(self.price)}"


@_action
class AskForCard(Action):
    """Offer its holder ``price`` for the card of ``space``."""

    space: int
    price: int

    def _words(self, space: Namer, player: Namer, cash: Namer) -> str:
        return f"offer {cash(self.price)} for {space(self.space)}"


@_action
class OfferLuxury(Action):
    """Offer one luxury card to ``buyer`` for ``price``."""

    buyer: int
    price: int

    def _words(self, space: Namer, player: Namer, cash: Namer) -> str:
        return f"offer a luxury card to {player(self.buyer)} for {cash(self.price)}"


@_action
class AskLoan(Action):
    """Ask ``lender`` for ``amount`` at ``interest`` percent, on a card or (``None``) wages."""

    lender: int
    amount: int
    interest: int
    collateral: int | None = None

    def _words(self, space: Namer, player: Namer, cash: Namer) -> str:
        security = "wages" if self.collateral is None else f"{space(self.collateral)}"
        return (
            f"ask {player(self.lender)} for a loan of {cash(self.amount)} "
            f"at {self.interest}% on {security}"
        )


@_action
class Repay(Action):
    """Pay back the debt numbered ``debt``."""

    debt: int

    def _words(self, space: Namer, player: Namer, cash: Namer) -> str:
        return f"repay debt {self.debt}"


@_action
class FormTrust(Action):
    """Ask ``partner`` to pool the railroads in a Trust (Rule 9)."""

    partner: int

    def _words(self, space: Namer, player: Namer, cash: Namer) -> str:
        return f"propose a railroad Trust to {player(self.partner)}"


@_action
class Accept(Action):
    """Accept what another player proposes."""

    def _words(self, space: Namer, player: Namer, cash: Namer) -> str:
        return "accept"


@_action
class Refuse(Action):
    """Refuse what another player proposes."""

    def _words(self, space: Namer, player: Namer, cash: Namer) -> str:
        return "refuse"


@_action
class Trade(Action):
    """Propose to ``partner``: ``give`` these properties and take ``take``, with cash.

    ``cash`` is what the proposer pays (negative: what he receives);
    ``give_cards`` and ``take_cards`` count Get Out of Jail Free cards.
    """

    partner: int
    give: tuple[int, ...] = ()
    take: tuple[int, ...] = ()
    cash: int = 0
    give_cards: int = 0
    take_cards: int = 0

    def _words(self, space: Namer, player: Namer, cash: Namer) -> str:
        def listed(spaces: tuple[int, ...], cards: int) -> list[str]:
            names = [space(s) for s in spaces]
            if cards:
                names.append(f"{cards} Get Out of Jail Free card" + ("s" if cards > 1 else ""))
            return names

        give = listed(self.give, self.give_cards)
        take = listed(self.take, self.take_cards)
        if self.cash > 0:
            give.append(cash(self.cash))
        elif self.cash < 0:
            take.append(cash(-self.cash))
        what = " and ".join(give) if give else "nothing"
        back = " and ".join(take) if take else "nothing"
        return f"offer {player(self.partner)} {what} for {back}"


#: The dealings without fields, made once (as :data:`~landlord.engine.actions.turn.ROLL`).
NEGOTIATE = Negotiate()
END_TALKS = EndDealing()
ACCEPT = Accept()
REFUSE = Refuse()
