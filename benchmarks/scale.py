"""How far one run scales: memory of a long ``landlord simulate``, and Dask workers.

1. Peak memory (the child's maximum resident set, from ``wait4``) and CPU seconds of
   ``landlord simulate --games N --out FILE.parquet`` for each N asked (default 100,000
   and 1,000,000): a run that long streams its games to the files in blocks and keeps
   running sums, so its memory should stay flat as N grows.
2. The same games played on a Dask ``LocalCluster`` of 1 worker and of 2 workers
   (one thread each, processes), through ``compare(..., executor=client.get_executor())``:
   the wall time of each (after a warm-up run that loads the batch path in every
   worker), the workers' CPU seconds, and the speed-up of 2 workers over 1. On a
   real cluster the same code takes the scheduler's address instead of a LocalCluster.

The machine is printed and the results are written as JSON (default
``benchmarks/results/scale.json``).

Usage::

    .venv/bin/python benchmarks/scale.py [--games 100000,1000000] [--dask-games 200000]
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from setup_commands import commit, machine

ROOT = Path(__file__).resolve().parents[1]
LANDLORD = Path(sys.executable).with_name("landlord")


def simulate_memory(games: int) -> dict[str, float]:
    """Peak resident memory, CPU and wall seconds of one long ``landlord simulate``."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "results.parquet"
        command = [str(LANDLORD), "simulate", "--games", str(games), "--out", str(out)]
        started = time.perf_counter()
        child = subprocess.Popen(command, stdout=subprocess.DEVNULL)
        _, status, usage = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(status)
        wall = time.perf_counter() - started
        if child.returncode:
            raise SystemExit(f"{' '.join(command)} failed ({child.returncode})")
        size = sum(path.stat().st_size for path in Path(folder).iterdir())
    return {
        "games": games,
        "peak_rss_mb": round(usage.ru_maxrss / 1024, 1),
        "cpu_s": round(usage.ru_utime + usage.ru_stime, 1),
        "wall_s": round(wall, 1),
        "files_mb": round(size / 2**20, 1),
    }


def _worker_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def dask_run(workers: int, games: int) -> dict[str, float]:
    """Wall and worker CPU seconds of ``games`` games of the Landlord's Game on a
    LocalCluster of ``workers`` single-threaded worker processes."""
    from distributed import Client, LocalCluster

    from landlord.experiments import compare

    with (
        LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        Client(cluster) as client,
    ):
        executor = client.get_executor()
        # Warm-up: every worker imports the kit and loads the batch path's kernels.
        compare(["landlords_game"], games=2_000 * workers, jobs=workers, executor=executor)
        before = sum(client.run(_worker_cpu).values())
        started = time.perf_counter()
        result = compare(["landlords_game"], games=games, jobs=workers, executor=executor, seed=1)
        wall = time.perf_counter() - started
        cpu = sum(client.run(_worker_cpu).values()) - before
    assert len(result.games) == games
    return {
        "workers": workers,
        "games": games,
        "wall_s": round(wall, 2),
        "worker_cpu_s": round(cpu, 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="100000,1000000", help="simulate runs, comma-separated")
    parser.add_argument("--dask-games", type=int, default=200_000)
    parser.add_argument("--out", default=str(ROOT / "benchmarks" / "results" / "scale.json"))
    args = parser.parse_args()
    runs = [simulate_memory(int(games)) for games in args.games.split(",") if games]
    for run in runs:
        print(
            f"simulate {run['games']:>9,} games: peak {run['peak_rss_mb']:7.1f} MB, "
            f"{run['cpu_s']:6.1f} CPU s, {run['wall_s']:6.1f} s wall, files {run['files_mb']} MB"
        )
    dask = [dask_run(workers, args.dask_games) for workers in (1, 2)]
    for run in dask:
        print(
            f"dask {run['workers']} worker(s), {run['games']:,} games: "
            f"{run['wall_s']:.2f} s wall, {run['worker_cpu_s']:.2f} worker CPU s"
        )
    speedup = dask[0]["wall_s"] / dask[1]["wall_s"]
    print(f"2 workers over 1: {speedup:.2f}x the speed")
    found = {
        "when": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
        "commit": commit(),
        "machine": machine(),
        "simulate": runs,
        "dask": dask,
        "dask_speedup_2_over_1": round(speedup, 2),
    }
    print(json.dumps(found["machine"]))
    Path(args.out).write_text(json.dumps(found, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
