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
command / loop (the goal: at most 5). With ``--base REV`` the kit at REV and this one take
turns with the loop, so both are measured against the same loop runs. The batch path is
compiled first (:func:`landlord.batch.prepare`) and the command checked to play by it. The
commit is marked ``-dirty`` when the kit's files differ from it.

Run: ``.venv/bin/python benchmarks/cli_start.py [--compare] [--base REV]``
(writes ``benchmarks/results/cli_start.json``, or ``cli_start_compare.json``).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from setup_commands import commit, machine, save_report

ROOT = Path(__file__).resolve().parents[1]
PYTHON = ROOT / ".venv" / "bin" / "python"
PLAY = ["-m", "landlord", "play", "--seed", "1"]
COMPARE = ["-m", "landlord", "compare", "--rules", "landlords_game,prosperity",
           "--games", "1000", "--seed", "7"]  # fmt: skip
LOOP = ["-c", "sum(range(10**7))"]
#: Compiles (or loads) the batch path of the families the command plays, and only theirs.
PREPARE = (
    "from landlord import batch; from landlord.families import family_of; "
    "from landlord.rules import load_rules; "
    "batch.prepare(sorted({family_of(load_rules(r)).batch for r in "
    "('landlords_game', 'prosperity')}))"
)
#: Waits until no process is compiling the batch path of the kit (its lock is free).
WAIT = "from landlord.batch import readiness\nwith readiness.compiling(wait=True): pass"
#: Issue 33's goal: the cold compare at most this many times the loop's CPU seconds.
GOAL_RATIO = 5.0


def environment(source: Path) -> dict[str, str]:
    """A child's environment: the kit at ``source`` first on the path, nothing else set."""
    return {"PYTHONPATH": str(source), "PATH": "/usr/bin:/bin"}


def cold(source: Path, command: list[str]) -> tuple[float, float, float]:
    """CPU seconds, wall seconds and peak memory (MiB) of ``command`` run by the kit's
    Python in a fresh process, with the kit at ``source`` first on the path."""
    start = time.perf_counter()
    process = subprocess.Popen(
        [str(PYTHON), *command], cwd=source, env=environment(source), stdout=subprocess.DEVNULL
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
        cwd=source, env=environment(source), capture_output=True, text=True,
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


def compiled_ahead(source: Path) -> None:
    """Compile (or, compiled already, load) the batch path of the kit at ``source`` as
    ``make test`` does (or, if a family's files are half edited, only that of the families
    the command plays), wait for any compiling in the background to end, and check that the
    cold command plays by the batch path: one that finds it not compiled plays by the
    reference engine, which is not what is measured here."""

    def run(*arguments: str, check: bool = True) -> subprocess.CompletedProcess:
        return subprocess.run(
            [str(PYTHON), *arguments],
            cwd=source, env=environment(source), check=check, capture_output=True, text=True,
        )  # fmt: skip

    if run("-m", "landlord.batch", check=False).returncode != 0:
        run("-c", PREPARE)
    said = run(*COMPARE).stdout
    time.sleep(2)  # a compiling process started by the kit takes its lock at once
    run("-c", WAIT)
    if said.count(": played by the compiled batch path") != 2:
        sys.exit(f"at {source} the command did not play both rule sets by the batch path")


def measure_compare(trees: dict[str, Path], runs: int) -> dict[str, dict[str, object]]:
    """The cold compare of each kit (``trees``: this commit's, and a base's) and the loop,
    taking turns, ``runs`` times each (after the batch path is compiled and one untimed run
    of each: bytecode, page cache): per kit, medians and the ratio of its CPU median to the
    loop's, every kit against the same loop runs."""
    for tree in trees.values():
        compiled_ahead(tree)
    cold(ROOT, LOOP)
    measured: dict[str, list[tuple[float, float, float]]] = {name: [] for name in trees}
    loop: list[tuple[float, float, float]] = []
    for run in range(runs):
        turns = [(loop, ROOT, LOOP)] + [(measured[n], tree, COMPARE) for n, tree in trees.items()]
        for kept, tree, arguments in turns[run % len(turns) :] + turns[: run % len(turns)]:
            kept.append(cold(tree, arguments))
    loop_cpu = statistics.median(r[0] for r in loop)
    figures = {}
    for name, command in measured.items():
        cpu = statistics.median(r[0] for r in command)
        ratios = [ours[0] / theirs[0] for ours, theirs in zip(command, loop, strict=True)]
        figures[name] = {
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
    return figures


@contextlib.contextmanager
def worktree(revision: str) -> Iterator[Path]:
    """The kit as it was at ``revision``, in a temporary git worktree."""
    with tempfile.TemporaryDirectory() as folder:
        tree = Path(folder) / "base"
        subprocess.run(
            ["git", "worktree", "add", "--detach", str(tree), revision],
            cwd=ROOT, check=True, capture_output=True,
        )  # fmt: skip
        try:
            yield tree
        finally:
            removed = subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT)
            if removed.returncode != 0:  # a file written into it as it went: once more
                shutil.rmtree(tree, ignore_errors=True)
                subprocess.run(["git", "worktree", "prune"], cwd=ROOT, check=True)


def dirty() -> bool:
    """Whether the kit's files in the working tree differ from the commit measured."""
    status = subprocess.run(
        ["git", "status", "--porcelain", "--untracked-files=no", "landlord"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    )  # fmt: skip
    return bool(status.stdout.strip())


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
        runs = args.runs or 9
        out = args.out or results / "cli_start_compare.json"
        report: dict[str, object] = {
            "benchmark": "cli_start --compare",
            "command": "landlord " + " ".join(COMPARE[2:]),
            "loop": "python " + " ".join(LOOP),
            "goal": f"at most {GOAL_RATIO:g} times the loop's CPU seconds (issue 33)",
        }
    else:
        runs = args.runs or 15
        out = args.out or results / "cli_start.json"
        report = {
            "benchmark": "cli_start",
            "command": "landlord " + " ".join(PLAY[2:]),
            "goal": "under 0.3 s of CPU (issue 21)",
        }
    report |= {"machine": machine(), "commit": commit() + ("-dirty" if dirty() else "")}
    report["load_average_before"] = [round(x, 2) for x in os.getloadavg()]
    with contextlib.ExitStack() as stack:
        trees = {"this_commit": ROOT}
        if args.base:
            trees["base"] = stack.enter_context(worktree(args.base))
        if args.compare:
            report |= measure_compare(trees, runs)
        else:
            report |= {name: measure(tree, runs) for name, tree in trees.items()}
    report["load_average_after"] = [round(x, 2) for x in os.getloadavg()]
    if args.base:
        report["base"] = {"commit": args.base, **report["base"]}
    save_report(report, out)
    if args.compare:
        print(
            f"machine: {report['machine']['cpu']}, {report['machine']['cores']} cores, "
            f"load average {report['load_average_before'][0]} -> {report['load_average_after'][0]}"
        )
        for name in ("base", "this_commit"):
            if name in report:
                print(line(report[name].get("commit", report["commit"]), report[name]))


if __name__ == "__main__":
    main()
