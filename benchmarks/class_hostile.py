"""One mischievous student against the class server: issue 35's figures, measured again.

Starts the class server (``python -m landlord.classroom``) on 127.0.0.1 for
each hostile client of issue 35's audit, with two started tables: A, where
the mischief sits, and B, where Bob plays. While the client runs, Bob makes
``--moves`` moves (a throw or his first choice, as fast as the answers come)
and the benchmark measures the seconds from each click to his new view, the
server's CPU time, whether the teacher's dashboard connects, and how much the
server's log grew. The clients:

- ``quiet``: none (the yardstick);
- ``stale_12`` and ``stale_20``: 12 (20) connections of one seat, each sending a
  stale move 3.3 times a second (the audit: p95 815 ms; page loads up to 10 s);
- ``hog``: 450 connections from one other address, as a seat then as a watcher
  (the audit: all 400 taken, the teacher refused);
- ``half_open``: 1,100 half-open requests, the server started under a soft limit
  of 1,024 open files (the audit: every answer stopped, 54,000 tracebacks);
- ``guess_behind_proxy``: 200 wrong passwords with a fresh ``X-Real-Ip`` each,
  behind ``--behind-proxy`` (the audit: never slowed): the statuses;
- ``seat_grab``: fresh browsers from one address joining every free seat of 15
  tables of 4 (the audit: 60 seats in 1.1 s).

The report (printed, and written as JSON with the machine and the commit)
keeps the audit's figures beside each measurement.

Usage::

    .venv/bin/python benchmarks/class_hostile.py [--moves 30]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import datetime as dt
import json
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from setup_commands import commit, machine, save_report

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

import hostile_clients as hostile  # noqa: E402
from class_server import class_server  # noqa: E402
from test_class_hostile import connect, p95, play_moves, teacher_connects  # noqa: E402
from test_class_security import (  # noqa: E402
    Visitor,
    started_tables,
    talk,
    teacher_visitor,
)
from tornado.httpclient import HTTPClientError  # noqa: E402
from tornado.websocket import WebSocketClosedError  # noqa: E402

#: The audit's figures (issue 35), kept beside each measurement.
BEFORE = {
    "quiet": "moves at another table: 6 ms",
    "stale_12": "another table's moves: p95 815 ms",
    "stale_20": "page loads up to 10 s",
    "hog": "one student took all 400 connections: classmates and the teacher got 503",
    "half_open": "every answer stopped; 54,000 tracebacks (32 MB of log) in 40 s",
    "guess_behind_proxy": "200 wrong passwords with varying X-Real-Ip: never slowed",
    "seat_grab": "one client took all 60 free seats in 1.1 s",
}


def table_pair(links) -> tuple[Visitor, Visitor, Visitor, list[str]]:
    """Two started tables of two: A (Ann and a bot), B (Bob and a bot)."""
    teacher = teacher_visitor(links)
    codes, (ann, bob) = started_tables(links, teacher, ["Ann", "Bob"])
    return teacher, ann, bob, codes


def summary(times: list[float]) -> dict[str, object]:
    if not times:
        return {"moves": 0}
    return {
        "moves": len(times),
        "median_ms": round(statistics.median(times) * 1000, 1),
        "p95_ms": round(p95(times) * 1000, 1),
        "max_ms": round(max(times) * 1000, 1),
    }


def page_load_seconds(visitor: Visitor, code: str) -> float:
    started = time.monotonic()
    visitor.get(f"/table/{code}")
    return time.monotonic() - started


async def stale_flood(links, ann, code, connections: int, stop: asyncio.Event) -> dict:
    sockets, refused = [], Counter()
    for _ in range(connections):
        try:
            sockets.append(await connect(links.base, f"/table/{code}/live", ann.cookie_header()))
        except HTTPClientError as error:
            refused[error.code] += 1
    stale, sent = json.dumps({"kind": "throw", "seq": -1}), 0
    while not stop.is_set():
        for each in sockets:
            with contextlib.suppress(WebSocketClosedError):
                await each.write_message(stale)
                sent += 1
        await asyncio.sleep(0.3)
    for each in sockets:
        each.close()
    return {"connections_let_in": len(sockets), "refused": dict(refused), "sent": sent}


def measure(args, name: str, folder: Path, soft_files: int = 0) -> dict[str, object]:
    """Bob's moves at table B, and the rest, while client ``name`` runs."""
    with class_server(folder, soft_files=soft_files) as links:
        teacher, ann, bob, codes = table_pair(links)
        pid, logged = links.process.pid, links.log.stat().st_size
        cpu = hostile.cpu_seconds(pid)
        attack: dict[str, object] = {}

        async def run() -> list[float]:
            stop = asyncio.Event()
            running = None
            held: list = []
            if name.startswith("stale"):
                count = int(name.split("_")[1])
                running = asyncio.ensure_future(stale_flood(links, ann, codes[0], count, stop))
                await asyncio.sleep(1.0)
            elif name == "hog":
                watching = f"landlord_class={ann.cookie('landlord_class')}"
                refused = Counter()
                for cookie in (ann.cookie_header(), watching):
                    for _ in range(225):
                        try:
                            held.append(
                                await connect(
                                    links.base, f"/table/{codes[0]}/live", cookie, "127.0.0.2"
                                )
                            )
                        except HTTPClientError as error:
                            refused[error.code] += 1
                attack.update(connections_let_in=len(held), refused=dict(refused))
            elif name == "half_open":
                port = int(links.base.rsplit(":", 1)[1])
                held = hostile.half_open(port, 1100)
                attack["soft_open_file_limit"] = hostile.soft_open_file_limit(pid)
            times = await play_moves(links.base, codes[1], bob.cookie_header(), args.moves)
            attack["page_load_s"] = round(page_load_seconds(bob, codes[1]), 3)
            stop.set()
            if running is not None:
                attack.update(await running)
            if name == "half_open":
                took = hostile.wait_until(lambda: hostile.closed_by_server(held) == 1100, 30)
                attack["half_open_closed_within_s"] = None if took is None else round(took, 1)
            for each in held:
                each.close()
            return times

        times = hostile._run(run())
        return {
            "before": BEFORE[name],
            "bob": summary(times),
            **attack,
            "teacher_connects": teacher_connects(links, teacher),
            "server_cpu_s": round(hostile.cpu_seconds(pid) - cpu, 2),
            "log_bytes": links.log.stat().st_size - logged,
        }


def guess_behind_proxy(folder: Path) -> dict[str, object]:
    with class_server(folder, "--behind-proxy") as links:
        guesser = Visitor(links.base)
        statuses = Counter()
        started = time.monotonic()
        for n in range(200):
            forged = {"X-Forwarded-For": "10.0.0.66", "X-Real-Ip": f"10.9.{n // 250}.{n % 250}"}
            statuses[guesser.get(f"/?key=guess{n}", forged)[0]] += 1
        return {
            "before": BEFORE["guess_behind_proxy"],
            "statuses": dict(statuses),
            "checked": statuses[403],
            "seconds": round(time.monotonic() - started, 2),
        }


def seat_grab(folder: Path) -> dict[str, object]:
    with class_server(folder, "--seats-per-address", "4") as links:
        teacher = teacher_visitor(links)
        add = {"kind": "add", "count": 15, "seats": 4, "rules": "landlords_game"}
        _, cards, _ = talk(links.base, "/teacher/live", teacher, [json.dumps(add)])
        codes = cards[-1]["lesson"]["tables"]
        statuses = Counter()
        started = time.monotonic()
        for code in codes:
            for seat in range(4):
                grabber = Visitor(links.base)
                grabber.enter(links.password)
                statuses[grabber.join(code, f"B{code}{seat}")] += 1
        return {
            "before": BEFORE["seat_grab"],
            "joins": dict(statuses),
            "seats_taken": statuses[200],
            "seconds": round(time.monotonic() - started, 2),
        }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=30, help="Bob's moves per client")
    args = parser.parse_args()
    report: dict[str, object] = {
        "when": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
        "commit": commit(),
        "machine": machine(),
        "clients": {},
    }
    with tempfile.TemporaryDirectory() as folder:
        for number, name in enumerate(("quiet", "stale_12", "stale_20", "hog", "half_open")):
            place = Path(folder) / str(number)
            place.mkdir()
            soft = 1024 if name == "half_open" else 0
            report["clients"][name] = found = measure(args, name, place, soft)
            print(name, json.dumps(found), flush=True)
        for name, client in (("guess_behind_proxy", guess_behind_proxy), ("seat_grab", seat_grab)):
            place = Path(folder) / name
            place.mkdir()
            report["clients"][name] = found = client(place)
            print(name, json.dumps(found), flush=True)
    save_report(report, ROOT / "benchmarks" / "results" / "class_hostile.json")


if __name__ == "__main__":
    main()
