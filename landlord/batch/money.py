"""The money row a compiled game keeps at each round's end (compiled; see :mod:`.kernel`).

A compiled game keeps, beside each player's net worth, every account's balance and the
land rent paid so far to players and to the Public Treasury, a row per round, so that an
experiment reads where the players' money came from at any round
(:func:`landlord.scorecard.money_by_round` keeps the same from a game's ledger).
"""

from __future__ import annotations

from landlord.batch.kernel import helper

__all__ = ["money_row", "money_row_one_pile"]


@helper
def money_row(bal, to_players, to_treasury, money, k):  # pragma: no cover
    """Row ``k`` of ``money``: every account's balance (players, then the piles), then the
    land rent paid so far to players and to the Treasury."""
    accounts = len(bal)
    for account in range(accounts):
        money[k, account] = bal[account]
    money[k, accounts] = to_players
    money[k, accounts + 1] = to_treasury


@helper
def money_row_one_pile(bal, to_players, money, k):  # pragma: no cover
    """:func:`money_row` for a game whose only pile, the bank, it does not keep: ``bal``
    holds the players' cash, and the bank holds minus their sum (the ledger sums to 0)."""
    n = len(bal)
    held = 0
    for p in range(n):
        money[k, p] = bal[p]
        held += bal[p]
    money[k, n] = -held
    money[k, n + 1] = to_players
    money[k, n + 2] = 0
