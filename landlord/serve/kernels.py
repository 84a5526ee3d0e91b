"""The kernel limits: how many kernels run at once, in all and for one visitor.

:class:`KernelCap` is mixed into Voila's kernel manager: no kernel starts past
``max_kernels`` (counting those still starting) nor past
``max_kernels_per_client`` for the visiting address (:data:`VISITOR`, set by the
page handler); past either it raises :class:`ServerFull`. It also keeps, for
each kernel a page started (:data:`STARTED`), whether the page's websocket
opened, so a kernel whose page never connects can be shut down.
"""

from __future__ import annotations

from contextvars import ContextVar

import tornado.web

__all__ = ["STARTED", "VISITOR", "KernelCap", "ServerFull"]

#: The address of the client whose page request is starting a kernel, or None for
#: the server's own machine (held only to the total). Set by the page handler; a
#: context variable follows the request's coroutine into the kernel manager.
VISITOR: ContextVar[str | None] = ContextVar("landlord_visitor", default=None)

#: The kernels the page request in hand has started (a list the page handler sets and
#: reads back), or None outside a page request.
STARTED: ContextVar[list[str] | None] = ContextVar("landlord_started", default=None)


class ServerFull(Exception):
    """No kernel may start: ``running`` kernels run (or start), the limit is ``limit``;
    ``client`` is the address held to a per-client limit, or None for the total."""

    def __init__(self, running: int, limit: int, client: str | None = None) -> None:
        whose = f"for {client}" if client else "in all"
        super().__init__(f"{running} kernels run or start {whose}; the limit is {limit}")
        self.running = running
        self.limit = limit
        self.client = client


class KernelCap:
    """A kernel-manager mix-in: no kernel starts once ``parent.max_kernels`` run or
    start, nor once the visiting client (:data:`VISITOR`) has
    ``parent.max_kernels_per_client``.

    Each count is taken and raised in one step, with no ``await`` in between, so a
    burst of page requests cannot all pass it before their kernels appear. A kernel
    is named before it starts, and the total counts the names of the kernels that run
    or start, each once: a kernel that is ready (listed) while its start has not yet
    returned to its page request is not counted twice, which once turned away one
    visitor of a class of 20 arriving together on a busy server.

    It also keeps, for each kernel a page started (:data:`STARTED`), whether the
    page's websocket has opened (:meth:`claim`), until
    :meth:`shut_down_unclaimed` looks.
    """

    def _awaiting(self) -> dict[str, bool]:
        """For each kernel a page started and not yet looked at: whether it was claimed."""
        return self.__dict__.setdefault("_landlord_awaiting", {})

    def claim(self, kernel_id: str) -> None:
        """Note that a websocket opened to ``kernel_id``: its page is a real one."""
        awaiting = self._awaiting()
        if kernel_id in awaiting:
            awaiting[kernel_id] = True

    async def shut_down_unclaimed(self, kernel_id: str) -> bool:
        """Shut ``kernel_id`` down unless its page's websocket opened; True if it was.

        Each kernel is looked at once: later, its websockets are not tracked.
        """
        if self._awaiting().pop(kernel_id, True) or kernel_id not in self:
            return False
        try:
            await self.shutdown_kernel(kernel_id)
        except (KeyError, tornado.web.HTTPError):  # shut down meanwhile (its tab closed)
            return False
        return True

    def _visitors(self) -> tuple[dict[str, str], dict[str, int], set[str]]:
        """Which client each running kernel was started for, how many start now for
        each client, and the names of the kernels that start now."""
        if "_landlord_visitors" not in self.__dict__:
            self.__dict__["_landlord_visitors"] = ({}, {}, set())
        return self.__dict__["_landlord_visitors"]

    def kernels_of(self, client: str) -> int:
        """How many kernels run or start for ``client``."""
        owners, starting, _ = self._visitors()
        running = set(self.list_kernel_ids())
        for gone in [kernel for kernel in owners if kernel not in running]:
            del owners[gone]
        return sum(owner == client for owner in owners.values()) + starting.get(client, 0)

    def kernels_running_or_starting(self) -> int:
        """How many kernels run or start, each counted once."""
        return len(set(self.list_kernel_ids()) | self._visitors()[2])

    async def start_kernel(self, *args, **kwargs):
        """Start a kernel, or raise :class:`ServerFull` if a limit is reached."""
        limit = getattr(self.parent, "max_kernels", 0)
        per_client = getattr(self.parent, "max_kernels_per_client", 0)
        client = VISITOR.get()
        fresh = kwargs.get("kernel_id") is None
        if fresh and limit:
            running = self.kernels_running_or_starting()
            if running >= limit:
                raise ServerFull(running, limit)
        if fresh and per_client and client is not None:
            mine = self.kernels_of(client)
            if mine >= per_client:
                raise ServerFull(mine, per_client, client)
        owners, starting, named = self._visitors()
        if fresh:
            kwargs["kernel_id"] = name = self.new_kernel_id()
            named.add(name)
        starting[client] = starting.get(client, 0) + 1
        try:
            kernel_id = await super().start_kernel(*args, **kwargs)
        finally:
            if fresh:
                named.discard(name)
            starting[client] -= 1
        if client is not None:
            owners[kernel_id] = client
        started = STARTED.get()
        if fresh and started is not None:
            started.append(kernel_id)
            self._awaiting()[kernel_id] = False
        return kernel_id
