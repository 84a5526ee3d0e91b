"""The class server's door: who a visitor is (their address), how fast they may guess the
class password, and how many seats one address may take.

A wrong class password costs its address time, not the class its lesson:
the first :data:`FREE_TRIES` wrong passwords from an address in ten minutes
cost nothing (a class mistypes), then each further one makes the address
wait twice as long as the last before it may try again (1 s, 2 s, 4 s, ... up to
:data:`LONGEST_WAIT`). A try made while waiting is not checked at all, so
the answer tells a guesser nothing. The right password, typed after the
wait, always opens the door: a school behind one address is slowed, never
locked out. When the whole class has had more than :data:`CLASS_TRIES`
wrong passwords in ten minutes (a guesser with many addresses), every
address waits from its first wrong password.

Behind a proxy the visitor's address is read from ``X-Forwarded-For``, at
the place the proxies we are told to trust wrote it (never ``X-Real-Ip``,
which Tornado would read first and anyone can send).
"""

from __future__ import annotations

import ipaddress
import time
from collections import OrderedDict, deque
from dataclasses import dataclass, field

__all__ = [
    "CLASS_TRIES",
    "FREE_TRIES",
    "LONGEST_WAIT",
    "SEATS_PER_ADDRESS",
    "SEATS_PER_ADDRESS_BEHIND_PROXY",
    "Door",
    "client_address",
]

#: Wrong passwords an address may give in ten minutes before it must wait.
FREE_TRIES = 10
#: The longest an address waits between two tries (seconds).
LONGEST_WAIT = 60.0
#: Wrong passwords the class may get in ten minutes before every address waits at once.
CLASS_TRIES = 600
#: How long a wrong password is remembered (seconds).
MEMORY = 600.0
#: Addresses the door remembers at most (the oldest are forgotten first).
MOST_ADDRESSES = 10_000
#: Seats one address may take in ten minutes, unless the server is told otherwise: a device
#: on the school's network has its own address; behind a proxy a class may share one.
SEATS_PER_ADDRESS = 4
SEATS_PER_ADDRESS_BEHIND_PROXY = 40


def client_address(remote_ip: str, forwarded_for: str, hops: int) -> str:
    """The visitor's address: the connection's own, or with ``hops`` trusted proxies in
    front, the one the farthest trusted proxy saw (``hops`` places from the right of
    ``X-Forwarded-For``). Anything else in the header is the visitor's to forge.

    Examples
    --------
    >>> client_address("10.0.0.1", "6.6.6.6, 192.168.1.7", 0)
    '10.0.0.1'
    >>> client_address("10.0.0.1", "6.6.6.6, 192.168.1.7", 1)
    '192.168.1.7'
    >>> client_address("10.0.0.1", "6.6.6.6, 192.168.1.7, 10.0.0.9", 2)
    '192.168.1.7'
    >>> client_address("10.0.0.1", "not an address", 1)
    '10.0.0.1'
    """
    if hops <= 0:
        return remote_ip
    chain = [part.strip() for part in forwarded_for.split(",") if part.strip()]
    if len(chain) < hops:
        return remote_ip
    found = chain[-hops]
    try:
        return str(ipaddress.ip_address(found))
    except ValueError:
        return remote_ip


@dataclass
class _Tries:
    wrong: deque[float] = field(default_factory=deque)
    #: When the address may try again (monotonic seconds).
    until: float = 0.0


class Door:
    """Wrong class passwords, by address (see the module's words).

    Examples
    --------
    >>> door = Door()
    >>> [door.wait("10.0.0.5", now=0.0) for _ in range(2)]
    [0.0, 0.0]
    >>> for n in range(FREE_TRIES + 1):
    ...     door.wrong("10.0.0.5", now=float(n))
    >>> door.wait("10.0.0.5", now=10.0), door.wait("10.0.0.6", now=10.0)
    (1.0, 0.0)
    """

    def __init__(self) -> None:
        self._book: OrderedDict[str, _Tries] = OrderedDict()
        self._class: deque[float] = deque()

    def __len__(self) -> int:
        return len(self._book)

    def wait(self, address: str, now: float | None = None) -> float:
        """Seconds ``address`` must wait before its next try is checked (0: none)."""
        now = time.monotonic() if now is None else now
        tries = self._book.get(address)
        return 0.0 if tries is None else max(0.0, tries.until - now)

    def wrong(self, address: str, now: float | None = None) -> None:
        """``address`` gave a wrong password: remember it, and how long it waits now."""
        now = time.monotonic() if now is None else now
        self._forget(now)
        tries = self._book.pop(address, None) or _Tries()
        self._book[address] = tries  # the newest last: the oldest go first
        tries.wrong.append(now)
        self._class.append(now)
        free = 0 if len(self._class) > CLASS_TRIES else FREE_TRIES
        over = len(tries.wrong) - free
        if over > 0:
            tries.until = now + min(LONGEST_WAIT, 2.0 ** (over - 1))

    def _forget(self, now: float) -> None:
        """Forget wrong passwords over ten minutes old, and the addresses left with none;
        keep at most :data:`MOST_ADDRESSES` (the book is in order of the latest try, so
        the oldest go first and the first address with a recent try ends the search)."""
        while self._class and now - self._class[0] > MEMORY:
            self._class.popleft()
        while len(self._book) >= MOST_ADDRESSES:  # room for one more
            self._book.popitem(last=False)
        while self._book:
            address, tries = next(iter(self._book.items()))
            while tries.wrong and now - tries.wrong[0] > MEMORY:
                tries.wrong.popleft()
            if tries.wrong or tries.until > now:
                break
            del self._book[address]
