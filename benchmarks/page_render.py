"""What a page costs the kit's server, with page templates compiled once or for every page.

Voila makes a new exporter, and with it a new Jinja environment, for each page it
serves, so the page's templates were parsed and compiled again on the server's
event loop every time. ``landlord.serve`` shares their compiled code between
pages (``LandlordVoila.share_templates``, on by default). This script starts the
kit's server (``make run``'s command, no kernel limit, a 5 s websocket deadline)
once with ``--LandlordVoila.share_templates=False`` (the code before) and once
with it on, taking turns ``--rounds`` times, and for each measures:

* the server's CPU seconds per page request (from ``/proc/PID/stat``, the server
  process alone: kernels are processes of their own), over ``--pages`` pages
  asked for one after another, each kernel shut down (as a closing tab does)
  before the next page;
* each such page's time to first byte and to its whole HTML;
* with 4 and 8 pages asked for at once, how long a cheap request (a template's
  static file, a new connection each, every 20 ms) waited: median, 95th
  percentile and slowest, and the pages' own times;
* whether the pages are the same HTML both ways, kernel ids and tokens aside.

The first page after a start (which imports and loads what later pages reuse) is
not counted. Run it on an otherwise idle machine::

    .venv/bin/python benchmarks/page_render.py
"""

from __future__ import annotations

import argparse
import datetime as dt
import http.client
import re
import statistics
import subprocess
import sys
import threading
import time
import urllib.parse
from pathlib import Path

from setup_commands import children, commit, free_port, machine, save_report

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

import hostile_clients as hostile  # noqa: E402
from conftest import serve_command, serving_process  # noqa: E402

#: A cheap request: one of the page template's static files.
STATIC = "/voila/templates/lab/static/index.css"
#: What differs between two renderings of one page: kernel ids, tokens, uuids.
_VARYING = re.compile(
    r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"
    r"|[0-9a-f]{32}|_xsrf=[^;\"'&]*|\"xsrf[^\"]*\":\s*\"[^\"]*\"|2\|[0-9a-f|]+"
)


def timed_page(base: str, notebook: str) -> dict:
    """GET a notebook's page: its time to first byte, to the whole HTML, and the HTML."""
    parts = urllib.parse.urlsplit(base)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=120)
    started = time.monotonic()
    try:
        connection.request("GET", f"/voila/render/{notebook}")
        reply = connection.getresponse()
        first = reply.read(1)
        first_byte = time.monotonic() - started
        text = (first + reply.read()).decode("utf-8")
        whole = time.monotonic() - started
        cookies = reply.headers.get_all("Set-Cookie") or []
    finally:
        connection.close()
    if reply.status != 200:
        raise RuntimeError(f"{notebook}: HTTP {reply.status}: {text[:300]}")
    kernel = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', text)
    xsrf = next((c.split(";")[0].split("=", 1)[1] for c in cookies if c.startswith("_xsrf=")), "")
    return {
        "first_byte": first_byte,
        "whole": whole,
        "html": text,
        "page": hostile.OpenedPage(kernel.group(1), xsrf) if kernel else None,
    }


def close_tabs(base: str, pid: int, pages: list[dict]) -> None:
    """Shut the pages' kernels down as closing their tabs does; wait until none runs."""
    for page in pages:
        if page["page"] is not None:
            hostile.shut_down(base, page["page"])
    hostile.wait_until(lambda: not children(pid), within=30)
    time.sleep(1)  # let the kernels' exits settle


def cheap_requests(
    base: str, done: threading.Event, every: float = 0.02
) -> tuple[list[float], threading.Thread]:
    """GET :data:`STATIC` (a new connection each) every ``every`` s until ``done``, in a
    thread; its answers' durations (a failure counts as infinite) and the thread."""
    durations: list[float] = []

    def ask() -> None:
        while not done.is_set():
            started = time.monotonic()
            status = hostile.get_status(base + STATIC, timeout=30)
            durations.append(time.monotonic() - started if status == 200 else float("inf"))
            done.wait(every)

    thread = threading.Thread(target=ask, daemon=True)
    thread.start()
    return durations, thread


def burst(base: str, pid: int, notebook: str, count: int) -> dict:
    """Ask for ``count`` pages at once while a cheap request repeats; the figures."""
    done = threading.Event()
    probe, asking = cheap_requests(base, done)
    time.sleep(0.3)  # a few answers before the burst
    results: list[dict] = [{} for _ in range(count)]

    def one(index: int) -> None:
        results[index] = timed_page(base, notebook)

    threads = [threading.Thread(target=one, args=(i,)) for i in range(count)]
    cpu_before = hostile.cpu_seconds(pid)
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    cpu = hostile.cpu_seconds(pid) - cpu_before
    done.set()
    asking.join()
    close_tabs(base, pid, results)
    return {
        "cheap_seconds": probe,
        "first_byte": [r["first_byte"] for r in results],
        "whole": [r["whole"] for r in results],
        "server_cpu_per_page": cpu / count,
    }


def measure(notebook: str, pages: int, share: bool) -> dict:
    """Start the server (sharing compiled templates or not) and measure it once."""
    port = free_port()
    log = Path(f"/tmp/page_render_{port}.log")
    command = serve_command(
        port,
        "--LandlordVoila.max_kernels=0",
        "--LandlordVoila.websocket_deadline=5",
        f"--LandlordVoila.share_templates={share}",
    )
    with serving_process(command, port, log) as (base, process):
        pid = process.pid
        warm = timed_page(base, notebook)  # imports, first compilation: not counted
        close_tabs(base, pid, [warm])
        sequential = []
        for _ in range(pages):
            before = hostile.cpu_seconds(pid)
            page = timed_page(base, notebook)
            cpu = hostile.cpu_seconds(pid) - before
            sequential.append({**page, "server_cpu": cpu})
            close_tabs(base, pid, [page])
        bursts = {count: burst(base, pid, notebook, count) for count in (4, 8)}
    log.unlink(missing_ok=True)
    return {
        "server_cpu_per_page": [p["server_cpu"] for p in sequential],
        "first_byte": [p["first_byte"] for p in sequential],
        "whole": [p["whole"] for p in sequential],
        "html": [warm["html"], *(p["html"] for p in sequential)],
        "bursts": bursts,
    }


def p95(values: list[float]) -> float:
    """The 95th percentile (nearest rank)."""
    ranked = sorted(values)
    return ranked[max(0, -(-95 * len(ranked) // 100) - 1)]


def summary(values: list[float]) -> dict:
    """Median, 95th percentile and largest of some seconds, in ms."""
    return {
        "median_ms": round(statistics.median(values) * 1000, 1),
        "p95_ms": round(p95(values) * 1000, 1),
        "max_ms": round(max(values) * 1000, 1),
        "n": len(values),
    }


def normalized(page: str) -> str:
    """A page's HTML with its kernel id, tokens and uuids blanked."""
    return _VARYING.sub("*", page)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--notebook", default="play.ipynb")
    parser.add_argument("--pages", type=int, default=8, help="pages one after another")
    parser.add_argument("--rounds", type=int, default=2, help="server starts per variant")
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks/results/page_render.json")
    args = parser.parse_args()

    runs: dict[str, list[dict]] = {"before": [], "after": []}
    for _ in range(args.rounds):
        for variant, share in (("before", False), ("after", True)):
            runs[variant].append(measure(args.notebook, args.pages, share))
            print(f"{variant}: done a round", file=sys.stderr, flush=True)

    report: dict = {
        "what": "the kit's server (landlord.serve) with Voila compiling the page templates for "
        "every page (before: --LandlordVoila.share_templates=False) and with the compiled "
        "templates shared between pages (after)",
        "date": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
        "commit": commit(),
        "landlord_changed_since_commit": bool(
            subprocess.run(
                ["git", "status", "--porcelain", "landlord"],
                cwd=ROOT,
                capture_output=True,
                text=True,
            ).stdout.strip()
        ),
        "machine": machine(),
        "notebook": args.notebook,
        "pages_one_after_another": args.pages,
        "rounds": args.rounds,
        "cheap_request": f"GET {STATIC}, a new connection each, every 20 ms",
    }
    pages = {variant: [p for run in done for p in run["html"]] for variant, done in runs.items()}
    report["same_html_before_and_after"] = len(
        {normalized(p) for variant in pages.values() for p in variant}
    ) == 1 and all(pages.values())
    for variant, done in runs.items():
        figures: dict = {
            "server_cpu_seconds_per_page": {
                "median": round(
                    statistics.median([c for run in done for c in run["server_cpu_per_page"]]), 3
                ),
                "each": [round(c, 3) for run in done for c in run["server_cpu_per_page"]],
            },
            "page_alone": {
                "first_byte": summary([t for run in done for t in run["first_byte"]]),
                "whole_html": summary([t for run in done for t in run["whole"]]),
            },
        }
        for count in (4, 8):
            of = [run["bursts"][count] for run in done]
            figures[f"{count}_pages_at_once"] = {
                "cheap_request": summary([t for b in of for t in b["cheap_seconds"]]),
                "page_first_byte": summary([t for b in of for t in b["first_byte"]]),
                "page_whole_html": summary([t for b in of for t in b["whole"]]),
                "server_cpu_seconds_per_page": round(
                    statistics.median(b["server_cpu_per_page"] for b in of), 3
                ),
            }
        report[variant] = figures
    save_report(report, args.out)


if __name__ == "__main__":
    main()
