"""A class opening the play app at once: many tabs against the kit's server (``make run``).

Starts the kit's guarded server (``python -m landlord.serve notebooks``) with
its shipped limits, opens ``--tabs`` play apps in headless Chromium at the same
moment (one browser context each, as separate students' browsers would be),
and measures:

- each tab's time from asking for the page until the app has run its last cell
  (median, 95th percentile, slowest);
- the server's and its kernels' memory (RSS, summed) with all tabs open, and
  their CPU time (user + system, from /proc) spent on the whole opening;
- after every tab is closed, how long until the server runs no kernel.

The audit behind issue 19 saw "20 simultaneous play tabs did not render within
180 s on 2 cores" on plain Voila. The report is printed and written as JSON
with the machine.

Usage::

    .venv/bin/python benchmarks/tabs.py [--tabs 20] [--notebook play.ipynb]
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import statistics
import sys
import time
from pathlib import Path

from setup_commands import children, commit, free_port, machine, save_report

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from conftest import CHROMIUM_ARGS, find_chromium, serve_command, serving_process  # noqa: E402

import landlord  # noqa: E402

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def family(pid: int) -> list[int]:
    """A server's process and its children (the kernels)."""
    return [pid, *children(pid)]


def kernels(pid: int) -> int:
    return len(family(pid)) - 1


def rss_mb(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        try:
            lines = Path(f"/proc/{pid}/status").read_text().splitlines()
        except OSError:
            continue
        total += next(int(line.split()[1]) for line in lines if line.startswith("VmRSS:"))
    return round(total / 1024)


def cpu_seconds(pids: list[int]) -> float:
    """User and system time of processes (and of their waited-for children)."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += sum(int(fields[i]) for i in (11, 12, 13, 14))  # utime stime cutime cstime
    return total / CLOCK_TICKS


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tabs", type=int, default=20)
    parser.add_argument("--notebook", default="play.ipynb")
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks/results/tabs.json")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    executable = find_chromium()
    if executable is None:
        parser.error("no Chromium found (install Debian's chromium or set LANDLORD_CHROMIUM)")
    port = free_port()
    log = ROOT / "test-output" / "tabs-server.log"
    log.parent.mkdir(exist_ok=True)
    last_line = f"landlord {landlord.__version__}"
    with (
        serving_process(serve_command(port), port, log) as (base, server),
        sync_playwright() as playwright,
    ):
        browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        cpu_before = cpu_seconds([server.pid])
        pages, asked = [], []
        for _ in range(args.tabs):
            page = browser.new_context(viewport={"width": 1024, "height": 700}).new_page()
            asked.append(time.perf_counter())
            page.goto(f"{base}/voila/render/{args.notebook}", wait_until="commit")
            pages.append(page)
        rendered = [None] * len(pages)
        deadline = time.perf_counter() + 600
        while None in rendered and time.perf_counter() < deadline:
            for number, page in enumerate(pages):
                if rendered[number] is None and page.get_by_text(last_line, exact=True).count():
                    rendered[number] = time.perf_counter() - asked[number]
            pages[0].wait_for_timeout(100)
        everyone = family(server.pid)
        memory = rss_mb(everyone)
        cpu = cpu_seconds(everyone) - cpu_before
        full = sum(page.get_by_text("The class server is full").count() > 0 for page in pages)
        closing = time.perf_counter()
        for page in pages:
            page.close(run_before_unload=True)
        while kernels(server.pid) and time.perf_counter() - closing < 60:
            time.sleep(0.2)
        freed = time.perf_counter() - closing
        left = kernels(server.pid)
        browser.close()
    times = [t for t in rendered if t is not None]
    report = {
        "benchmark": "tabs",
        "date": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
        "commit": commit(),
        "machine": machine(),
        "notebook": args.notebook,
        "tabs": args.tabs,
        "rendered": len(times),
        "full_pages": full,
        "render_seconds": {
            "median": round(statistics.median(times), 2) if times else None,
            "p95": round(percentile(times, 0.95), 2) if times else None,
            "slowest": round(max(times), 2) if times else None,
        },
        "server_and_kernels_rss_mb": memory,
        "server_and_kernels_cpu_seconds": round(cpu, 1),
        "seconds_until_no_kernel_after_closing": round(freed, 1),
        "kernels_left_after_60_s": left,
    }
    save_report(report, args.out)
    return 0 if len(times) == args.tabs and not left else 1


if __name__ == "__main__":
    sys.exit(main())
