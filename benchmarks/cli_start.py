"""What a command costs from a cold process: `landlord play --seed 1`, or `landlord compare`.

Issue 21's table: "`landlord play --seed 1` (a 5 ms game): 1.2 s CPU, 135 MiB
(importing pandas and pyarrow); goal < 0.3 s". The game itself is a few
milliseconds; the rest is starting Python and importing what the command
needs. Measured per run (``--runs``, 15): CPU time (user + system) and peak
memory of the command, the median and the least; and, once, the
instructions the whole process executes under valgrind's callgrind, which
do not move with the machine's load. With ``--base REV`` the same is measured
for an earlier commit, in a worktree of its own, in the same window.

``--compare`` measures issue 33's "a cold command in under a second" instead:
``landlord compare --rules landlords_game,prosperity --games 1000 --seed 7``
(the batch path's kernels loaded from numba's cache, the tables built) in a
fresh process, each run beside a fixed loop in a fresh process of its own
(``python -c "sum(range(10**7))"``), so that a shared machine's drift shows:
CPU seconds (user + system) and wall seconds of both, medians, and the ratio
command / loop (the goal: at most 5).

Run: ``.venv/bin/python benchmarks/cli_start.py [--compare] [--base REV]``
(writes ``benchmarks/results/cli_start.json``, or ``cli_start_compare.json``).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from setup_commands import commit, machine, save_report

ROOT = Path(__file__).resolve().parents[1]
PYTHON = ROOT / ".venv" / "bin" / "python"
PLAY = ["-m", "landlord", "play", "--seed", "1"]
COMPARE = ["-m", "landlord", "compare", "--rules", "landlords_game,prosperity",
           "--games", "1000", "--seed", "7"]  # fmt: skip
LOOP = ["-c", "sum(range(10**7))"]
#: Issue 33's goal: the cold compare at most this many times the loop's CPU seconds.
GOAL_RATIO = 5.0


def cold(source: Path, command: list[str]) -> tuple[float, float, float]:
    """CPU seconds, wall seconds and peak memory (MiB) of ``command`` run by the kit's
    Python in a fresh process, with the kit at ``source`` first on the path."""
    environment = {"PYTHONPATH": str(source), "PATH": "/usr/bin:/bin"}
    start = time.perf_counter()
    process = subprocess.Popen(
        [str(PYTHON), *command], cwd=source, env=environment, stdout=subprocess.DEVNULL
    )
    _, status, usage = os.wait4(process.pid, 0)  # the usage includes reaped workers
    wall = time.perf_counter() - start
    if status != 0:
        sys.exit(f"failed at {source}: {' '.join(command)}")
    return usage.ru_utime + usage.ru_stime, wall, usage.ru_maxrss / 1024


def instructions(source: Path, command: list[str]) -> int | None:
    """The instructions one run executes under callgrind, or None without valgrind."""
    if not shutil.which("valgrind"):
        return None
    result = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", str(PYTHON),
         *command],
        cwd=source, env={"PYTHONPATH": str(source), "PATH": "/usr/bin:/bin"},
        capture_output=True, text=True,
    )  # fmt: skip
    found = re.search(r"Collected : (\d+)", result.stderr)
    return int(found.group(1)) if found else None


def measure(source: Path, runs: int) -> dict[str, object]:
    """CPU seconds and peak memory per run, and the instructions of one run, of
    ``landlord play`` with the kit at ``source`` first on the path."""
    cpu, memory = [], []
    for _ in range(runs):
        seconds, _, peak = cold(source, PLAY)
        cpu.append(seconds)
        memory.append(peak)
    return {
        "cpu_seconds_median": round(statistics.median(cpu), 3),
        "cpu_seconds_least": round(min(cpu), 3),
        "peak_memory_mib_median": round(statistics.median(memory), 1),
        "instructions": instructions(source, PLAY),
        "runs": runs,
    }


def measure_compare(source: Path, runs: int) -> dict[str, object]:
    """The cold compare and the loop, taking turns, ``runs`` times each (after one
    untimed run of each: bytecode, page cache): medians, and the ratio of the CPU
    medians."""
    cold(source, COMPARE), cold(source, LOOP)
    command: list[tuple[float, float, float]] = []
    loop: list[tuple[float, float, float]] = []
    for run in range(runs):
        pair = [(command, COMPARE), (loop, LOOP)]
        for kept, arguments in pair if run % 2 == 0 else pair[::-1]:
            kept.append(cold(source, arguments))
    cpu = statistics.median(r[0] for r in command)
    loop_cpu = statistics.median(r[0] for r in loop)
    ratios = [ours[0] / theirs[0] for ours, theirs in zip(command, loop, strict=True)]
    return {
        "cpu_seconds_median": round(cpu, 3),
        "cpu_seconds_least": round(min(r[0] for r in command), 3),
        "wall_seconds_median": round(statistics.median(r[1] for r in command), 3),
        "peak_memory_mib_median": round(statistics.median(r[2] for r in command), 1),
        "loop_cpu_seconds_median": round(loop_cpu, 3),
        "loop_wall_seconds_median": round(statistics.median(r[1] for r in loop), 3),
        "ratio_cpu_to_loop": round(cpu / loop_cpu, 2),
        "ratio_cpu_to_loop_per_run": {
            "median": round(statistics.median(ratios), 2),
            "least": round(min(ratios), 2),
            "most": round(max(ratios), 2),
        },
        "goal_met": cpu / loop_cpu <= GOAL_RATIO,
        "runs": runs,
    }


def in_worktree(revision: str, measuring, runs: int) -> dict[str, object]:
    """``measuring`` the kit as it was at ``revision``, in a temporary worktree."""
    with tempfile.TemporaryDirectory() as folder:
        tree = Path(folder) / "base"
        subprocess.run(
            ["git", "worktree", "add", "--detach", str(tree), revision],
            cwd=ROOT, check=True, capture_output=True,
        )  # fmt: skip
        try:
            return {"commit": revision, **measuring(tree, runs)}
        finally:
            subprocess.run(
                ["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT, check=True
            )


def line(name: str, figures: dict) -> str:
    return (
        f"{name}: compare {figures['cpu_seconds_median']} s CPU "
        f"({figures['wall_seconds_median']} s wall), loop {figures['loop_cpu_seconds_median']} s "
        f"CPU: {figures['ratio_cpu_to_loop']}x (goal <= {GOAL_RATIO:g}x), "
        f"median of {figures['runs']}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--compare", action="store_true", help="issue 33's cold compare")
    parser.add_argument("--runs", type=int, help="runs per figure (15; 9 with --compare)")
    parser.add_argument("--base", help="an earlier commit to measure beside this one")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    results = ROOT / "benchmarks/results"
    if args.compare:
        measuring, runs = measure_compare, args.runs or 9
        out = args.out or results / "cli_start_compare.json"
        report: dict[str, object] = {
            "benchmark": "cli_start --compare",
            "command": "landlord " + " ".join(COMPARE[2:]),
            "loop": "python " + " ".join(LOOP),
            "goal": f"at most {GOAL_RATIO:g} times the loop's CPU seconds (issue 33)",
        }
    else:
        measuring, runs = measure, args.runs or 15
        out = args.out or results / "cli_start.json"
        report = {
            "benchmark": "cli_start",
            "command": "landlord " + " ".join(PLAY[2:]),
            "goal": "under 0.3 s of CPU (issue 21)",
        }
    report |= {"machine": machine(), "commit": commit(), "this_commit": measuring(ROOT, runs)}
    if args.base:
        report["base"] = in_worktree(args.base, measuring, runs)
    save_report(report, out)
    if args.compare:
        print(f"machine: {report['machine']['cpu']}, {report['machine']['cores']} cores")
        for name in ("base", "this_commit"):
            if name in report:
                print(line(report[name].get("commit", report["commit"]), report[name]))


if __name__ == "__main__":
    main()
