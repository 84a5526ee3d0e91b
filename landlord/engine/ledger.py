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

from collections.abc import Iterable
from dataclasses import dataclass, field
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

    ``bills`` is what an unpaid bill still owes, as ``[reason, amount]`` pairs
    in the order they fell due (they add up to ``owed``), so that the money
    paid later goes under the reason it would have gone under on time; it is
    empty for a loan.
    """

    id: int
    debtor: int
    creditor: int
    owed: int
    reason: str
    collateral: int | None = None
    bills: list[list[str | int]] = field(default_factory=list)


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

    __slots__ = (
        "balances",
        "clock",
        "names",
        "records",
        "tally",
        "tally_account",
        "tally_reasons",
    )

    def __init__(self, names: Iterable[str]) -> None:
        self.names: tuple[str, ...] = tuple(names)
        self.balances: list[int] = [0] * len(self.names)
        self.records: list[Transfer] = []
        #: (round, turn) stamped on each record; the game keeps it current.
        self.clock: list[int] = [0, 0]
        #: One account whose receipts for chosen reasons are counted as they come
        #: (the Public Treasury's fund under Magie's single tax): see :meth:`count`.
        self.tally_account = -1
        self.tally_reasons: frozenset[str] = frozenset()
        #: What :attr:`tally_account` has received for :attr:`tally_reasons`, less
        #: what its owner has taken off (:meth:`count` starts it at 0).
        self.tally = 0

    def count(self, account: int, reasons: Iterable[str]) -> None:
        """From now on, add to :attr:`tally` what ``account`` receives for ``reasons``.

        The count starts at 0; -1 as the account stops counting.

        >>> ledger = Ledger(["Ann", "TREASURY"])
        >>> ledger.count(1, {"fine"})
        >>> ledger.transfer(0, 1, 50, "fine")
        >>> ledger.transfer(0, 1, 75, "card bought")
        >>> ledger.balances[1], ledger.tally
        (125, 50)
        """
        self.tally_account = account
        self.tally_reasons = frozenset(reasons)
        self.tally = 0

    def transfer(self, payer: int, payee: int, amount: int, reason: str) -> None:
        """Move ``amount`` from ``payer`` to ``payee`` and record why."""
        if amount <= 0 or payer == payee:
            if amount < 0:
                raise ValueError(f"a transfer moves a positive amount, not {amount}")
            return
        balances = self.balances
        balances[payer] -= amount
        balances[payee] += amount
        if payee == self.tally_account and reason in self.tally_reasons:
            self.tally += amount
        clock = self.clock
        # tuple.__new__ builds the record without a Python-level call.
        self.records.append(
            _new_record(Transfer, (clock[0], clock[1], payer, payee, amount, reason))
        )
