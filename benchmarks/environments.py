"""What a step of the research environments costs (issue 37, item 1).

For the Landlord's Game and the later game's US rules, two ways of playing:

- ``table``: the PettingZoo AEC environment with an agent in each of three seats,
  every agent picking a random legal index from its mask (the observation and the
  mask are made at each ``last()``, as a learning loop asks for them);
- ``one_seat``: the single-agent Gymnasium environment, the agent in seat 0 and two
  eager landlords in the others (their decisions and the chance between two of the
  agent's steps are inside a step).

Each plays seeded games until at least ``--steps`` agent steps are taken (a step:
an ``env.step`` of an agent that acts, not the steps that only let a finished agent
go) and reports steps per CPU second (``time.process_time``) and microseconds of CPU
per step, with the machine (platform, CPU model from ``/proc/cpuinfo``).

Run: ``.venv/bin/python benchmarks/environments.py [--steps 20000]`` (writes
``benchmarks/results/environments.json``).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import subprocess
import time
from pathlib import Path

import numpy as np

from landlord.environments import TableEnv, single_agent

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "benchmarks" / "results" / "environments.json"
RULE_SETS = ("landlords_game", "monopoly_us")


def cpu_model() -> str:
    """The CPU's model name from ``/proc/cpuinfo``, else what ``platform`` knows."""
    info = Path("/proc/cpuinfo")
    text = info.read_text(encoding="utf-8", errors="replace") if info.is_file() else ""
    found = re.search(r"^model name\s*:\s*(.+)$", text, re.MULTILINE)
    return found.group(1).strip() if found else platform.processor()


def commit() -> str:
    try:
        return subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return ""


def table_steps(rules: str, wanted: int) -> tuple[int, int, float]:
    """(agent steps, games, CPU seconds) of random masked agents in three seats."""
    env = TableEnv(rules, players=3)
    rng = np.random.default_rng(0)
    steps = games = 0
    started = time.process_time()
    while steps < wanted:
        env.reset(seed=games)
        games += 1
        for _agent in env.agent_iter():
            seen, _reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(seen["action_mask"]))))
            steps += 1
    return steps, games, time.process_time() - started


def one_seat_steps(rules: str, wanted: int) -> tuple[int, int, float]:
    """(agent steps, games, CPU seconds) of a random masked agent among two eager landlords."""
    env = single_agent(rules, seat=0, opponents=("eager_landlord", "eager_landlord"))
    rng = np.random.default_rng(0)
    steps = games = 0
    started = time.process_time()
    while steps < wanted:
        seen, _info = env.reset(seed=games)
        games += 1
        done = False
        while not done:
            index = int(rng.choice(np.flatnonzero(seen["action_mask"])))
            seen, _reward, terminated, truncated, _info = env.step(index)
            done = terminated or truncated
            steps += 1
    return steps, games, time.process_time() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=20_000, help="agent steps per measure")
    args = parser.parse_args()
    results = []
    for rules in RULE_SETS:
        TableEnv(rules, players=3)  # the rule set's measure (N), made once, not timed
        for way, play in (("table", table_steps), ("one_seat", one_seat_steps)):
            steps, games, seconds = play(rules, args.steps)
            row = {
                "rules": rules,
                "environment": way,
                "agent_steps": steps,
                "games": games,
                "cpu_seconds": round(seconds, 3),
                "steps_per_cpu_second": round(steps / seconds),
                "cpu_microseconds_per_step": round(1e6 * seconds / steps, 1),
            }
            results.append(row)
            print(
                f"{rules:16} {way:9} {row['steps_per_cpu_second']:>8,} steps per CPU second "
                f"({row['cpu_microseconds_per_step']} us a step; {steps} steps, {games} games)"
            )
    machine = {
        "cpu": cpu_model(),
        "cores": os.cpu_count(),
        "os": platform.platform(),
        "python": platform.python_version(),
    }
    print(
        f"machine: {machine['cpu'] or 'unknown CPU'}, {machine['os']}, Python {machine['python']}"
    )
    document = {
        "benchmark": "environments",
        "commit": commit(),
        "machine": machine,
        "results": results,
    }
    OUT.write_text(json.dumps(document, indent=2) + "\n", encoding="utf-8")
    print(f"written: {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
