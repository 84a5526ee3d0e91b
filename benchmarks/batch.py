"""The compiled batch path (landlord.batch): what it costs cold, and how fast it plays.

Issue 21: "JIT compile time is paid once (cached on disk, or ahead of time at
install) -- a class's first click must not wait for a compiler; measure it on
Binder-like cold start". For every family with a batch path, measured in
fresh processes pinned to one core (a Binder has one or two):

* ``compile``: ``python -m landlord.batch`` with an empty numba cache (a
  temporary ``NUMBA_CACHE_DIR``): the compiler's time, paid once at install
  (``make``, Binder's ``postBuild``);
* ``load``: the same again, the cache filled: what a process pays on its
  first experiment with the batch path (importing numba, loading the code);
* ``first experiment``: ``landlord compare --rules ID --games N`` in a fresh
  process, by the batch path and with ``LANDLORD_BATCH=off`` (the reference
  engine): CPU and wall seconds, median of ``--runs``;
* ``games``: games per CPU second once loaded, both engines, in one process
  (median of ``--runs``), and instructions per game under valgrind's
  callgrind (the difference between N and a few games, so loading is not
  counted), which do not move with the machine's load.

Run: ``.venv/bin/python benchmarks/batch.py [--games 2000] [--runs 3]``
(writes ``benchmarks/results/batch.json``).
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
#: The rule sets measured (those no batch path covers are said to be so), four bots.
RULE_SETS = ("landlords_game", "single_tax", "monopoly_us[round_limit=1000]", "quikopoly",
             "property")  # fmt: skip
BOTS = "eager_landlord"


def run(command: list[str], env: dict[str, str] | None = None) -> tuple[float, float, str]:
    """CPU seconds (user + system), wall seconds and output of a command, pinned to one
    core."""
    start = time.perf_counter()
    process = subprocess.Popen(
        ["taskset", "-c", "0", *command],
        cwd=ROOT,
        env={**os.environ, **(env or {})},
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    out = process.stdout.read()
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    assert status == 0, out[-2000:]
    return usage.ru_utime + usage.ru_stime, wall, out


def covered(rules: str) -> bool:
    """Whether a batch path plays ``rules`` with the bots here."""
    probe = (
        "import sys; from landlord import batch; from landlord.rules import load_rules; "
        "from landlord.policies import make_policy; from landlord.experiments import parse_spec; "
        "name, options = parse_spec(sys.argv[1]); r = load_rules(name, **options); "
        "seats = [make_policy(sys.argv[2])] * min(4, r.info.max_players); "
        "print(batch.engine_for(r, seats)[0])"
    )
    _, _, out = run([str(PYTHON), "-c", probe, rules, BOTS])
    return "compiled" in out


def cold_start() -> dict[str, object]:
    """The compiler's time with an empty cache, then the loading time with it full."""
    with tempfile.TemporaryDirectory() as cache:
        env = {"NUMBA_CACHE_DIR": cache}
        cpu, wall, out = run([str(PYTHON), "-m", "landlord.batch"], env)
        compiled = {"cpu_seconds": round(cpu, 2), "wall_seconds": round(wall, 2), "said": out}
        cpu, wall, out = run([str(PYTHON), "-m", "landlord.batch"], env)
        loaded = {"cpu_seconds": round(cpu, 2), "wall_seconds": round(wall, 2)}
    return {"compile (empty cache)": compiled, "load (cache filled)": loaded}


def first_experiment(rules: str, games: int, runs: int) -> dict[str, object]:
    """``landlord compare`` in a fresh process, by each engine."""
    command = [str(PYTHON), "-m", "landlord", "compare", "--rules", rules, "--games", str(games)]
    result: dict[str, object] = {"command": " ".join(["landlord", *command[3:]])}
    for name, env in (("compiled", {}), ("reference", {"LANDLORD_BATCH": "off"})):
        timed = [run(command, env) for _ in range(runs)]
        assert ("compiled batch path" in timed[0][2]) == (name == "compiled"), timed[0][2][-500:]
        result[name] = {
            "cpu_seconds": round(statistics.median(t[0] for t in timed), 2),
            "wall_seconds": round(statistics.median(t[1] for t in timed), 2),
        }
    return result


PLAY = """
import sys, time
from landlord import batch
from landlord.figures import Figures
from landlord.experiments import game_seeds, parse_spec
from landlord.experiments.workers import play_games
from landlord.policies import make_policy
from landlord.rules import load_rules
name, options = parse_spec(sys.argv[1])
rules = load_rules(name, **options)
seats = [make_policy(sys.argv[2])] * min(4, rules.info.max_players)
games, runs, engine = int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
compiled = engine == "compiled"
play_games(rules, seats, compiled, game_seeds(1, 3), Figures())  # loaded, warmed
rates = []
for run in range(runs):
    seeds = game_seeds(100 + run, games)
    start = time.process_time()
    play_games(rules, seats, compiled, seeds, Figures())
    rates.append(games / (time.process_time() - start))
print("rates", *rates)
"""


def games_per_second(rules: str, engine: str, games: int, runs: int) -> float:
    _, _, out = run([str(PYTHON), "-c", PLAY, rules, BOTS, str(games), str(runs), engine])
    rates = [float(x) for x in out.split("rates", 1)[1].split()]
    return round(statistics.median(rates))


def instructions_per_game(rules: str, engine: str, games: int) -> int | None:
    """Instructions per game under callgrind: (N + 3 games) minus (3 games), over N."""
    if shutil.which("valgrind") is None:
        return None
    run([str(PYTHON), "-c", PLAY, rules, BOTS, "1", "1", engine])  # the code on disk, current
    counts = []
    for n in (1, games):
        done = subprocess.run(
            ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", str(PYTHON),
             "-c", PLAY, rules, BOTS, str(n), "1", engine],
            cwd=ROOT, capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": "0"},
        )  # fmt: skip
        found = re.search(r"Collected : (\d+)", done.stderr)
        counts.append(int(found.group(1)))
    return round((counts[1] - counts[0]) / (games - 1))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per experiment")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--instructions", type=int, default=200, help="games under valgrind")
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks/results/batch.json")
    args = parser.parse_args()
    report: dict[str, object] = {
        "benchmark": "batch",
        "date": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        "commit": commit(),
        "machine": machine() | {"cores_used": 1},
        "bots": f"{BOTS} in every seat (four, or the most the rule set seats)",
        "cold start": cold_start(),
    }
    for rules in RULE_SETS:
        if not covered(rules):
            report[rules] = "no batch path covers it"
            continue
        figures: dict[str, object] = {
            "first experiment in a fresh process": first_experiment(rules, args.games, args.runs)
        }
        for engine in ("reference", "compiled"):
            figures[f"{engine}: games per CPU second"] = games_per_second(
                rules, engine, args.games, args.runs
            )
            if args.instructions:
                figures[f"{engine}: instructions per game"] = instructions_per_game(
                    rules, engine, args.instructions
                )
        report[rules] = figures
        print(rules, figures, file=sys.stderr, flush=True)
    save_report(report, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
