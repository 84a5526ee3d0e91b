"""How long the README's two commands take, from nothing and with a warm venv.

Clones the committed repository into a scratch folder and times:

- ``make test`` from nothing: no ``.venv`` and empty package caches, as on a
  fresh machine (only Chromium is assumed installed), then again warm;
- ``make run`` from nothing and warm: until the welcome page it prints
  answers over HTTP;
- with ``--run-only``: ``make run`` from a fresh clone with the packages already
  downloaded (the usual package caches), until the welcome page answers and until the
  batch path it compiles in the background is ready (landlord.batch.readiness);

and reports the size of the virtual environment, full (after ``make test``)
and for ``make run`` alone. The results, with the machine they were
measured on, are printed and written as JSON.

Usage::

    .venv/bin/python benchmarks/setup_commands.py [--out FILE]
    .venv/bin/python benchmarks/setup_commands.py --run-only [--out FILE]
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def machine() -> dict[str, object]:
    """The machine the numbers belong to."""
    cpu = "unknown"
    with open("/proc/cpuinfo") as info:
        for line in info:
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    with open("/proc/meminfo") as info:
        mem_kib = int(info.readline().split()[1])
    return {
        "cpu": cpu,
        "cores": os.cpu_count(),
        "memory_gib": round(mem_kib / 2**20, 1),
        "os": platform.platform(),
        "python": platform.python_version(),
    }


def commit() -> str:
    """The short hash of the commit the numbers were measured at."""
    return subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
    ).stdout.strip()


def save_report(report: dict, path: Path) -> None:
    """Print a benchmark's report and write it as JSON to ``path``."""
    text = json.dumps(report, indent=2)
    print(text)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text + "\n")


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (from /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def machine_cpu_seconds() -> float:
    """CPU seconds the whole machine has spent busy (user and system, every core) since it
    started (/proc/stat): the difference over a run counts every process the run started,
    detached ones too (and anything else running then: on a quiet machine, little)."""
    fields = Path("/proc/stat").read_text().splitlines()[0].split()[1:]
    user, nice, system = (int(value) for value in fields[:3])
    return (user + nice + system) / os.sysconf("SC_CLK_TCK")


def folder_size_mib(path: Path) -> float:
    total = sum(f.stat().st_size for f in path.rglob("*") if f.is_file() and not f.is_symlink())
    return round(total / 2**20, 1)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def timed_make_test(clone: Path, env: dict[str, str]) -> dict[str, object]:
    start = time.perf_counter()
    result = subprocess.run(
        ["make", "--no-print-directory", "test"],
        cwd=clone,
        env=env,
        capture_output=True,
        text=True,
    )
    seconds = time.perf_counter() - start
    summary = [line for line in result.stdout.splitlines() if re.search(r"\d+ passed", line)]
    if result.returncode != 0:
        sys.exit(f"make test failed:\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}")
    return {"seconds": round(seconds, 1), "pytest": summary[-1].strip("= ") if summary else ""}


def timed_make_run(
    clone: Path, env: dict[str, str], until_compiled: bool = False
) -> dict[str, object]:
    port = free_port()
    start = time.perf_counter()
    process = subprocess.Popen(
        ["make", "--no-print-directory", "run"],
        cwd=clone,
        env={**env, "PORT": str(port)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}/voila/render/welcome.ipynb"
    busy = machine_cpu_seconds()
    try:
        while True:
            if process.poll() is not None:
                sys.exit(f"make run exited with {process.returncode}")
            try:
                with urllib.request.urlopen(url, timeout=60) as response:
                    response.read()
                    break
            except OSError:
                time.sleep(0.1)
        timed: dict[str, object] = {
            "seconds_to_welcome_page": round(time.perf_counter() - start, 1),
            "machine_cpu_seconds_to_welcome_page": round(machine_cpu_seconds() - busy, 1),
        }
        if until_compiled:
            families = ("magie", "monopoly", "quikopoly", "sackson")
            while not all(
                list((clone / "landlord/families" / name / "__pycache__").glob("*.ready"))
                for name in families
            ):
                if time.perf_counter() - start > 900:
                    sys.exit("the batch path was not ready after 15 minutes")
                time.sleep(0.5)
            timed["seconds_to_batch_path_ready"] = round(time.perf_counter() - start, 1)
            timed["machine_cpu_seconds_to_batch_path_ready"] = round(
                machine_cpu_seconds() - busy, 1
            )
        return timed
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument(
        "--run-only",
        action="store_true",
        help="only make run from a fresh clone, the packages already downloaded",
    )
    args = parser.parse_args()
    if args.run_only:
        run_only(args.out)
        return

    scratch = Path(tempfile.mkdtemp(prefix="landlord-bench-"))
    try:
        clone = scratch / "landlord"
        subprocess.run(["git", "clone", "--quiet", str(ROOT), str(clone)], check=True)
        caches = scratch / "caches"
        env = {k: v for k, v in os.environ.items() if k not in {"VIRTUAL_ENV", "CI"}}
        env.update(
            UV_CACHE_DIR=str(caches / "uv"),
            PIP_CACHE_DIR=str(caches / "pip"),
            XDG_CACHE_HOME=str(caches / "xdg"),
        )
        results: dict[str, object] = {
            "benchmark": "setup_commands",
            "date": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
            "commit": subprocess.run(
                ["git", "rev-parse", "--short", "HEAD"],
                cwd=ROOT,
                capture_output=True,
                text=True,
                check=True,
            ).stdout.strip(),
            "machine": machine(),
        }
        results["make_test_from_nothing"] = timed_make_test(clone, env)
        results["make_test_warm_venv"] = timed_make_test(clone, env)
        results["venv_mib"] = folder_size_mib(clone / ".venv")
        results["package_caches_mib"] = folder_size_mib(caches)
        results["make_run_warm_venv"] = timed_make_run(clone, env)
        shutil.rmtree(clone / ".venv")
        shutil.rmtree(caches)
        results["make_run_from_nothing"] = timed_make_run(clone, env)
        results["venv_run_only_mib"] = folder_size_mib(clone / ".venv")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)

    save_report(results, args.out or ROOT / "benchmarks/results/setup_commands.json")


def run_only(out: Path | None) -> None:
    """``make run`` from a fresh clone with the packages in the usual caches."""
    scratch = Path(tempfile.mkdtemp(prefix="landlord-bench-"))
    try:
        clone = scratch / "landlord"
        subprocess.run(["git", "clone", "--quiet", str(ROOT), str(clone)], check=True)
        env = {k: v for k, v in os.environ.items() if k not in {"VIRTUAL_ENV", "CI"}}
        timed = timed_make_run(clone, env, until_compiled=True)
        report = {
            "benchmark": "setup_commands --run-only",
            "date": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
            "commit": commit(),
            "machine": machine(),
            "make_run_fresh_clone_packages_downloaded": timed,
        }
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    save_report(report, out or ROOT / "benchmarks/results/setup_commands_run.json")


if __name__ == "__main__":
    main()
