"""The hardening audit's server figures, measured again (issue 19).

Plays each hostile client the audit found against a server of its own, on
127.0.0.1, and measures what a visitor and the machine would notice:

- ``v1_frame``: the 24-byte v1 frame claiming 2**62 offsets; ``legacy_frame``:
  the 12-byte legacy frame claiming 2**31 - 1 parts; ``no_subprotocol``: a
  websocket without the v1 subprotocol asking the widgets for their states.
  For each: whether the socket was closed or refused, and for the next
  ``--watch`` seconds whether the server answered a GET within 1 s (twice a
  second) and how its memory (RSS) grew;
- ``other_host``: the status of a page and of a kernel websocket asked for with
  ``Host: evil.example`` (DNS rebinding);
- ``unknown_template``: ``?template=nosuch``: the status and seconds to answer
  (or none within 10 s), and the kernels it started;
- ``closed_tabs``: ``--tabs`` pages opened and closed one after another, each with
  the shutdown post its page sends when the tab closes: the statuses, and the
  kernels still running 30 s after the last;
- ``page_flood``: 10 page requests at once from another machine (the loopback
  address 127.0.0.2), then ``--flood`` from this one: the statuses, the kernels
  started and the memory of the server and its kernels together;
- ``idle_cull`` (the kit's server only): an open page whose websocket stays
  connected with a 3 s idle limit: the seconds until its kernel was stopped.

``--server guarded`` is the kit's server (``python -m landlord.serve``, as
``make run``); ``--server plain`` is plain Voila on the same notebooks and
``voila.json``, for the figures before (a frozen server is killed with
SIGKILL at ``--memory-limit`` MB or after ``--watch`` seconds). The audit's own
figures (its ``before``) are kept beside each measurement. The report is
printed and written as JSON with the machine and the commit.

Usage::

    .venv/bin/python benchmarks/audit_server.py [--server guarded|plain|both]
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import os
import signal
import subprocess
import sys
import threading
import time
import urllib.error
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from setup_commands import children, commit, free_port, machine, save_report

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

import hostile_clients as hostile  # noqa: E402
from conftest import serve_command  # noqa: E402

#: What the audit saw on plain Voila 0.5.13 / jupyter_server 2.21.1 (issue 19).
BEFORE = {
    "v1_frame": "the whole server froze; memory grew ~35 MB/s (8.8 GB in 15 min)",
    "legacy_frame": "not in the audit (found while fixing: 95 MB to 4.0 GB in 6 s)",
    "no_subprotocol": "legacy framing read as v1 by Voila's header reader (a freeze path; "
    "not reproduced end to end, the kit's widgets sending no binary buffers)",
    "other_host": "200: pages and websockets served to any Host",
    "unknown_template": "never answered, and started a kernel",
    "closed_tabs": "31 of 31 shutdown posts refused ('_xsrf' argument missing); kernels kept",
    "page_flood": "every GET started a 53-200 MB kernel, no cap (20 GETs: 1 GB)",
    "idle_cull": "open idle tabs were never culled",
}


def command(kind: str, port: int, *options: str) -> list[str]:
    if kind == "guarded":
        return serve_command(port, *options)
    return [
        sys.executable,
        "-m",
        "voila",
        "notebooks",
        "--no-browser",
        "--Voila.ip=127.0.0.1",
        f"--port={port}",
        "--Voila.port_retries=0",
        *options,
    ]


def rss_mb(pid: int) -> float:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0.0
    return next(
        (int(line.split()[1]) / 1024 for line in status.splitlines() if line.startswith("VmRSS:")),
        0.0,
    )


class Server:
    """One server of ``kind`` on a free port, in its own process group."""

    def __init__(self, kind: str, log: Path, *options: str) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        with log.open("w") as output:
            self.process = subprocess.Popen(
                command(kind, self.port, *options),
                cwd=ROOT,
                stdout=output,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            with contextlib.suppress(urllib.error.URLError, ConnectionError, TimeoutError):
                if hostile.get_status(self.base + "/", timeout=2) == 200:
                    return
            time.sleep(0.3)
        self.kill()
        raise RuntimeError(f"the {kind} server did not start:\n{log.read_text()[-2000:]}")

    def kernels(self) -> list[int]:
        return [pid for pid in children(self.process.pid) if rss_mb(pid) > 0]

    def memory_mb(self) -> dict[str, float]:
        kernels = self.kernels()
        return {
            "server_mb": round(rss_mb(self.process.pid)),
            "kernels_mb": round(sum(rss_mb(pid) for pid in kernels)),
            "kernels": len(kernels),
        }

    def answers_within(self, seconds: float) -> bool:
        try:
            return hostile.get_status(self.base + "/", timeout=seconds) == 200
        except (urllib.error.URLError, TimeoutError, ConnectionError):
            return False

    def kill(self) -> None:
        if self.process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)


def watch(server: Server, seconds: float, memory_limit: float, attack) -> dict[str, object]:
    """Run ``attack`` in a thread while checking, twice a second, that the server answers
    within 1 s and how its memory grows; kill it past ``memory_limit`` MB."""
    start_mb = rss_mb(server.process.pid)
    outcome: dict[str, object] = {}

    def run() -> None:
        try:
            outcome["client"] = attack()
        except Exception as error:  # the client's own failure is part of the figure
            outcome["client"] = f"{type(error).__name__}: {error}"[:200]

    thread = threading.Thread(target=run, daemon=True)
    started = time.monotonic()
    thread.start()
    answered = checks = 0
    peak = start_mb
    killed = None
    while time.monotonic() - started < seconds:
        checks += 1
        answered += server.answers_within(1)
        peak = max(peak, rss_mb(server.process.pid))
        if peak - start_mb > memory_limit:
            killed = f"killed after {time.monotonic() - started:.1f} s at {peak:.0f} MB"
            break
        time.sleep(0.5)
    elapsed = time.monotonic() - started
    growth = peak - start_mb
    server.kill() if killed else None
    thread.join(timeout=10)
    return {
        "client": outcome.get("client", "still waiting"),
        "answered_within_1s": f"{answered} of {checks}",
        "rss_start_mb": round(start_mb),
        "rss_peak_mb": round(peak),
        "growth_mb": round(growth),
        "growth_mb_per_s": round(growth / elapsed, 1),
        "killed": killed,
    }


def frame_attacks(kind: str, folder: Path, seconds: float, memory_limit: float) -> dict:
    attacks = {
        "v1_frame": lambda base, kernel: (
            "socket closed"
            if hostile.send_v1_frame(base, kernel, hostile.V1_FRAME_OF_2_62_OFFSETS)
            else "socket left open"
        ),
        "legacy_frame": lambda base, kernel: _refused_or_sent(
            hostile.send_legacy_frame(base, kernel, hostile.LEGACY_FRAME_OF_2_31_PARTS)
        ),
        "no_subprotocol": lambda base, kernel: _refused_or_sent(
            hostile.legacy_request_states(base, kernel)
        ),
    }
    report = {}
    for name, attack in attacks.items():
        server = Server(kind, folder / f"{kind}_{name}.log")
        try:
            page = hostile.open_page(server.base)
            report[name] = watch(
                server,
                seconds,
                memory_limit,
                lambda a=attack, base=server.base, kernel=page.kernel_id: a(base, kernel),
            )
        finally:
            server.kill()
    return report


def _refused_or_sent(status: int | None) -> str:
    return f"refused with HTTP {status}" if status else "accepted and sent"


def other_host(server: Server) -> dict[str, object]:
    page = hostile.open_page(server.base)
    statuses = {
        path: hostile.get_status(server.base + path, host="evil.example")
        for path in ("/", "/voila/render/welcome.ipynb")
    }
    websocket = hostile.legacy_request_states(server.base, page.kernel_id, host="evil.example:80")
    statuses["kernel websocket"] = websocket or "opened"
    return statuses


def unknown_template(server: Server) -> dict[str, object]:
    before = len(server.kernels())
    started = time.monotonic()
    try:
        status: object = hostile.get_status(
            server.base + "/voila/render/welcome.ipynb?template=nosuch", timeout=10
        )
    except (urllib.error.URLError, TimeoutError) as error:
        status = f"no answer within 10 s ({type(error).__name__})"
    took = time.monotonic() - started
    time.sleep(2)
    return {
        "status": status,
        "seconds": round(took, 2),
        "kernels_started": len(server.kernels()) - before,
    }


def closed_tabs(server: Server, tabs: int) -> dict[str, object]:
    statuses: Counter = Counter()
    for _ in range(tabs):
        page = hostile.open_page(server.base)
        try:
            statuses[hostile.shut_down(server.base, page)] += 1
        except urllib.error.HTTPError as error:
            statuses[f"{error.code} {error.read().decode()[:60]!r}"] += 1
    closed = time.monotonic()
    while server.kernels() and time.monotonic() - closed < 30:
        time.sleep(0.25)
    left = len(server.kernels())
    return {
        "tabs": tabs,
        "shutdown_statuses": dict(statuses),
        "kernels_left_after_30s": left,
        "seconds_until_no_kernel": None if left else round(time.monotonic() - closed, 2),
    }


def page_flood(server: Server, flood: int) -> dict[str, object]:
    def ask(source: str | None) -> object:
        try:
            return hostile.fetch(server.base + "/voila/render/welcome.ipynb", source, 120)[0]
        except (urllib.error.URLError, TimeoutError) as error:
            return type(error).__name__

    started = time.monotonic()
    with ThreadPoolExecutor(8) as pool:  # the other machine first: its own share, then ours
        other = Counter(pool.map(lambda _: ask("127.0.0.2"), range(10)))
        here = Counter(pool.map(lambda _: ask(None), range(flood)))
    took = time.monotonic() - started
    time.sleep(2)
    return {
        "this_machine": {str(k): v for k, v in here.items()},
        "another_machine": {str(k): v for k, v in other.items()},
        "seconds": round(took, 1),
        **server.memory_mb(),
    }


def idle_cull(folder: Path) -> dict[str, object]:
    server = Server(
        "guarded",
        folder / "guarded_cull.log",
        "--MappingKernelManager.cull_idle_timeout=3",
        "--MappingKernelManager.cull_interval=1",
    )
    try:
        page = hostile.open_page(server.base)
        culled = hostile.hold_open(
            server.base, page.kernel_id, 30, until=lambda: not server.kernels()
        )
        return {
            "idle_limit_s": 3,
            "culled_after_s": round(culled, 1) if culled is not None else "not within 30 s",
            "shipped": "voila.json: cull_idle_timeout 600 s, cull_connected true",
        }
    finally:
        server.kill()


def audit(kind: str, folder: Path, args: argparse.Namespace) -> dict[str, object]:
    report: dict[str, object] = frame_attacks(kind, folder, args.watch, args.memory_limit)
    for name, measure in (
        ("other_host", other_host),
        ("unknown_template", unknown_template),
        ("closed_tabs", lambda server: closed_tabs(server, args.tabs)),
        ("page_flood", lambda server: page_flood(server, args.flood)),
    ):
        server = Server(kind, folder / f"{kind}_{name}.log")
        try:
            report[name] = measure(server)
        finally:
            server.kill()
    if kind == "guarded":
        report["idle_cull"] = idle_cull(folder)
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--server", choices=("guarded", "plain", "both"), default="both")
    parser.add_argument("--watch", type=float, default=8, help="seconds watched after a frame")
    parser.add_argument("--memory-limit", type=float, default=2000, help="MB of growth to kill")
    parser.add_argument("--tabs", type=int, default=31, help="tabs opened and closed")
    parser.add_argument("--flood", type=int, default=30, help="pages asked for at once")
    parser.add_argument(
        "--out", type=Path, default=ROOT / "benchmarks" / "results" / "audit_server.json"
    )
    args = parser.parse_args()
    kinds = ("plain", "guarded") if args.server == "both" else (args.server,)
    folder = Path(os.environ.get("TMPDIR", "/tmp")) / f"audit_server_{os.getpid()}"
    folder.mkdir(parents=True, exist_ok=True)
    report: dict[str, object] = {
        "when": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
        "commit": commit(),
        "machine": machine(),
        "audit_before": BEFORE,
    }
    for kind in kinds:
        report[kind] = audit(kind, folder, args)
    save_report(report, args.out)


if __name__ == "__main__":
    main()
