"""The kernel limits (landlord.serve.kernels.KernelCap) counted at the moments that matter.

The kernel manager underneath is a stand-in that lists a kernel as soon as it is ready
and returns from ``start_kernel`` only when the test lets it: on a busy server, other
page requests are answered in between (CI once turned one of 20 tabs away this way).
"""

from __future__ import annotations

import asyncio
import threading
import uuid
from types import SimpleNamespace

import pytest

from landlord.serve.kernels import VISITOR, KernelCap, ServerFull


class SlowManager:
    """Lists a kernel once it is ready; its start returns when ``returned`` is set."""

    def __init__(self, max_kernels: int, max_kernels_per_client: int = 0) -> None:
        self.parent = SimpleNamespace(
            max_kernels=max_kernels, max_kernels_per_client=max_kernels_per_client
        )
        self.kernels: list[str] = []
        self.returned = asyncio.Event()

    def list_kernel_ids(self) -> list[str]:
        return list(self.kernels)

    def new_kernel_id(self, **_: object) -> str:
        return str(uuid.uuid4())

    async def start_kernel(self, *, kernel_id: str | None = None, **_: object) -> str:
        kernel_id = kernel_id or self.new_kernel_id()
        if kernel_id in self.kernels:
            return kernel_id
        await asyncio.sleep(0)
        self.kernels.append(kernel_id)  # ready, and listed
        await self.returned.wait()
        return kernel_id


class Capped(KernelCap, SlowManager):
    pass


def run(play) -> None:
    """Run ``play()`` on a fresh event loop in a thread of its own (Playwright's sync API
    keeps a loop running in this thread once a browser test has started Chromium)."""
    failures: list[BaseException] = []

    def target() -> None:
        try:
            asyncio.run(play())
        except BaseException as failure:  # handed to the test's thread
            failures.append(failure)

    thread = threading.Thread(target=target)
    thread.start()
    thread.join()
    if failures:
        raise failures[0]


async def started_and_listed(manager: Capped, client: str | None = None) -> asyncio.Task:
    """Start a kernel for ``client`` and wait until it is listed (its start not returned)."""
    token = VISITOR.set(client)
    try:
        task = asyncio.create_task(manager.start_kernel(kernel_name="python3"))
    finally:
        VISITOR.reset(token)
    listed = len(manager.kernels)
    while len(manager.kernels) == listed:
        if task.done():
            task.result()  # raises ServerFull: the kernel was refused
        await asyncio.sleep(0)
    return task


def test_a_ready_kernel_whose_start_has_not_returned_is_counted_once():
    async def play() -> None:
        manager = Capped(max_kernels=2)
        first = await started_and_listed(manager)
        # One kernel runs (listed, its page request not yet answered): a second may start.
        second = await started_and_listed(manager)
        assert manager.kernels_running_or_starting() == 2
        with pytest.raises(ServerFull) as full:
            await manager.start_kernel(kernel_name="python3")
        assert (full.value.running, full.value.limit) == (2, 2)
        manager.returned.set()
        assert {await first, await second} == set(manager.kernels)
        assert manager.kernels_running_or_starting() == 2

    run(play)


def test_kernels_still_starting_count_towards_the_total():
    async def play() -> None:
        manager = Capped(max_kernels=2)
        starts = [asyncio.create_task(manager.start_kernel()) for _ in range(2)]
        await asyncio.sleep(0)  # both have passed the count; neither is listed yet
        assert manager.kernels == []
        with pytest.raises(ServerFull):
            await manager.start_kernel()
        manager.returned.set()
        await asyncio.gather(*starts)
        assert len(manager.kernels) == 2

    run(play)


def test_a_client_is_held_to_its_share_while_its_kernels_start_and_after():
    async def play() -> None:
        manager = Capped(max_kernels=20, max_kernels_per_client=2)
        mine = [await started_and_listed(manager, "10.0.0.7") for _ in range(2)]
        token = VISITOR.set("10.0.0.7")
        try:
            with pytest.raises(ServerFull) as full:
                await manager.start_kernel()
        finally:
            VISITOR.reset(token)
        assert full.value.client == "10.0.0.7"
        other = await started_and_listed(manager, "10.0.0.8")  # another device gets its own
        manager.returned.set()
        await asyncio.gather(*mine, other)
        assert manager.kernels_of("10.0.0.7") == 2
        assert manager.kernels_of("10.0.0.8") == 1

    run(play)


def test_asking_for_a_running_kernel_by_name_is_not_a_new_kernel():
    async def play() -> None:
        manager = Capped(max_kernels=1)
        manager.returned.set()
        running = await manager.start_kernel()
        assert await manager.start_kernel(kernel_id=running) == running
        assert manager.kernels == [running]

    run(play)
