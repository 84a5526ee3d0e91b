"""What a one-game command costs from a cold process: `landlord play --seed 1`.

Issue 21's table: "`landlord play --seed 1` (a 5 ms game): 1.2 s CPU, 135 MiB
(importing pandas and pyarrow); goal < 0.3 s". The game itself is a few
milliseconds; the rest is starting Python and importing what the command
needs. Measured per run (``--runs``, 15): CPU time (user + system) and peak
memory of the command, the median and the least; and, once, the
instructions the whole process executes under valgrind's callgrind, which
do not move with the machine's load. With ``--base REV`` the same is measured
for an earlier commit, in a worktree of its own, in the same window.

Run: ``.venv/bin/python benchmarks/cli_start.py [--base REV]``
(writes ``benchmarks/results/cli_start.json``).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import tempfile
from pathlib import Path

from setup_commands import commit, machine, save_report

ROOT = Path(__file__).resolve().parents[1]
PYTHON = ROOT / ".venv" / "bin" / "python"
COMMAND = ["-m", "landlord", "play", "--seed", "1"]


def measure(source: Path, runs: int) -> dict[str, object]:
    """CPU seconds and peak memory per run, and the instructions of one run, of the
    command with the kit at ``source`` first on the path."""
    environment = {"PYTHONPATH": str(source), "PATH": "/usr/bin:/bin"}
    cpu, memory = [], []
    for _ in range(runs):
        process = subprocess.Popen(
            [str(PYTHON), *COMMAND], cwd=source, env=environment, stdout=subprocess.DEVNULL
        )
        _, status, usage = os.wait4(process.pid, 0)
        assert status == 0, f"the command failed at {source}"
        cpu.append(usage.ru_utime + usage.ru_stime)
        memory.append(usage.ru_maxrss / 1024)
    instructions = None
    if shutil.which("valgrind"):
        result = subprocess.run(
            ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", str(PYTHON),
             *COMMAND],
            cwd=source, env=environment, capture_output=True, text=True,
        )  # fmt: skip
        found = re.search(r"Collected : (\d+)", result.stderr)
        instructions = int(found.group(1)) if found else None
    return {
        "cpu_seconds_median": round(statistics.median(cpu), 3),
        "cpu_seconds_least": round(min(cpu), 3),
        "peak_memory_mib_median": round(statistics.median(memory), 1),
        "instructions": instructions,
        "runs": runs,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--base", help="an earlier commit to measure beside this one")
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks/results/cli_start.json")
    args = parser.parse_args()
    report: dict[str, object] = {
        "benchmark": "cli_start",
        "command": "landlord " + " ".join(COMMAND[2:]),
        "machine": machine(),
        "commit": commit(),
        "goal": "under 0.3 s of CPU (issue 21)",
        "this_commit": measure(ROOT, args.runs),
    }
    if args.base:
        with tempfile.TemporaryDirectory() as folder:
            tree = Path(folder) / "base"
            subprocess.run(
                ["git", "worktree", "add", "--detach", str(tree), args.base],
                cwd=ROOT, check=True, capture_output=True,
            )  # fmt: skip
            try:
                report["base"] = {"commit": args.base, **measure(tree, args.runs)}
            finally:
                subprocess.run(
                    ["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT, check=True
                )
    save_report(report, args.out)


if __name__ == "__main__":
    main()
