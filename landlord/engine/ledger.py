"""The ledger: every movement of money, as an immutable transfer record.

Balances are never set, only moved: :meth:`Ledger.transfer` takes an amount
from one account and gives it to another and appends the record, so the sum
of all balances never changes. The accounts are the players (0 to n-1) and
then the rule set's piles of money (MISCELLANEOUS, the PUBLIC TREASURY, ...).
The bank pile issues the starting cash, so at the start every balance is zero
and the bank's balance is minus the money it has issued; the 1906 rules set no
limit on the money in MISCELLANEOUS.

Debts are claims, not money: they live beside the balances in
:class:`Debt` records and move money only when they are paid.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

__all__ = ["Debt", "Ledger", "Transfer"]


class Transfer(NamedTuple):
    """One payment: who paid whom, how much, why, and when."""

    round: int
    turn: int
    payer: int
    payee: int
    amount: int
    reason: str


_new_record = tuple.__new__


@dataclass
class Debt:
    """Money one account owes another (a loan, or an unpaid bill).

    ``collateral`` is the board space of a pledged card, or ``None`` when the
    debt is secured on the debtor's wages: then the creditor takes wages
    until it is paid (Rule 16 allows "the mortgage on ... his wages").
    """

    id: int
    debtor: int
    creditor: int
    owed: int
    reason: str
    collateral: int | None = None


class Ledger:
    """Accounts, their balances and the transfer records behind them.

    Parameters
    ----------
    names : sequence of str
        Display names, one per account (players first, then piles).

    Examples
    --------
    >>> ledger = Ledger(["Ann", "Bob", "MISCELLANEOUS"])
    >>> ledger.transfer(2, 0, 400, "starting cash")
    >>> ledger.transfer(0, 1, 12, "land rent")
    >>> ledger.balances
    [388, 12, -400]
    >>> sum(ledger.balances)
    0
    """

    __slots__ = ("balances", "clock", "names", "records")

    def __init__(self, names) -> None:
        self.names: tuple[str, ...] = tuple(names)
        self.balances: list[int] = [0] * len(self.names)
        self.records: list[Transfer] = []
        #: (round, turn) stamped on each record; the game keeps it current.
        self.clock: list[int] = [0, 0]

    def transfer(self, payer: int, payee: int, amount: int, reason: str) -> None:
        """Move ``amount`` from ``payer`` to ``payee`` and record why."""
        if amount <= 0 or payer == payee:
            if amount < 0:
                raise ValueError(f"a transfer moves a positive amount, not {amount}")
            return
        balances = self.balances
        balances[payer] -= amount
        balances[payee] += amount
        clock = self.clock
        # tuple.__new__ builds the record without a Python-level call.
        self.records.append(
            _new_record(Transfer, (clock[0], clock[1], payer, payee, amount, reason))
        )
