"""Hand-set positions for rule tests: a game paused just before a chosen throw.

``at_throw`` deals the cards (nobody buys), lets the first player throw, and
then sets the board as the test describes: who holds which card, houses,
positions and cash. Cash is set by transfers with the bank, so the ledger
still balances.
"""

from __future__ import annotations

from landlord.engine import CHANCE
from landlord.engine.actions import Decline, Roll
from landlord.families.magie.game import LandlordsGame
from landlord.rules import load_rules

NAMES = ("Ann", "Bob", "Cy", "Di")


def to_first_throw(game: LandlordsGame) -> LandlordsGame:
    """Deal in pack order, decline every dealt card, and roll for the first player."""
    while not (game.actor == CHANCE and game.pending.purpose == "dice"):
        if game.actor == CHANCE:
            game.apply(game.pending.outcomes[0])
        elif game.decision_kind == "buy_dealt":
            game.apply(Decline())
        elif game.decision_kind == "turn":
            game.apply(Roll())
        else:  # pragma: no cover - a scenario that needs another answer
            raise AssertionError(f"unexpected decision {game.pending}")
    return game


def set_cash(game: LandlordsGame, player: int, amount: int) -> None:
    """Give or take money through the bank so that ``player`` holds ``amount``."""
    difference = amount - game.cash(player)
    if difference > 0:
        game.ledger.transfer(game.bank, player, difference, "test: set cash")
    elif difference < 0:
        game.ledger.transfer(player, game.bank, -difference, "test: set cash")


def at_throw(
    players: int = 2,
    *,
    owners: dict[int, int] | None = None,
    houses: dict[int, int] | None = None,
    position: int = 0,
    positions: dict[int, int] | None = None,
    cash: dict[int, int] | None = None,
    rules: str = "landlords_game",
    **options,
) -> LandlordsGame:
    """A game where player 0 is about to throw, with the board set as given."""
    game = to_first_throw(LandlordsGame(load_rules(rules, **options), NAMES[:players]))
    for space, holder in (owners or {}).items():
        game.give_card(space, holder)
    for space, count in (houses or {}).items():
        game.holdings.houses[space] = count
    game.position[0] = position
    for player, space in (positions or {}).items():
        game.position[player] = space
    for player, amount in (cash or {}).items():
        set_cash(game, player, amount)
    game.holdings.recount_assets()  # the houses were set by hand
    if game.treasury.single_tax:
        game.treasury.open_sites()  # the sites still free to build on, after the houses set above
    return game


def last_transfers(game: LandlordsGame, count: int) -> list[tuple]:
    """The last ``count`` transfers as (payer, payee, amount, reason)."""
    return [(t.payer, t.payee, t.amount, t.reason) for t in game.ledger.records[-count:]]
