"""Issue 33: a process started to run one command sets itself up for a short life.

``landlord COMMAND`` (or ``python -m landlord COMMAND``) plays OpenBLAS on one thread,
collects young garbage less often and freezes what is left at exit, so that Python's last
collections pass over none of it (``landlord.cli._as_a_program``); ``main`` called from
Python, as the tests do, changes nothing of the calling process, nor does a server.
"""

from __future__ import annotations

import gc
import json
import os
import subprocess
import sys
from pathlib import Path

from landlord import cli

ROOT = Path(__file__).resolve().parents[1]

#: Runs ``landlord rules`` as the command line does, then says how the process was set up;
#: the handler registered first runs last, after the kit's own.
PROGRAM = """
import atexit, gc, json, os, sys
atexit.register(lambda: print(json.dumps({"frozen_at_exit": gc.get_freeze_count()})))
from landlord.cli import main
sys.argv = ["landlord", *sys.argv[1:]]
status = main()
print(json.dumps({
    "status": status,
    "young": gc.get_threshold()[0],
    "openblas": os.environ.get("OPENBLAS_NUM_THREADS"),
    "frozen_before_exit": gc.get_freeze_count(),
    "pandas_imported": "pandas" in sys.modules,
}))
"""


def run_as_a_program(*argv: str, **environment: str) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    result = subprocess.run(
        [sys.executable, "-c", PROGRAM, *argv],
        cwd=ROOT,
        env={**env, "PYTHONPATH": str(ROOT), **environment},
        capture_output=True,
        text=True,
        check=True,
    )
    figures: dict = {}
    for line in result.stdout.splitlines():
        if line.startswith("{"):
            figures.update(json.loads(line))
    return figures


def test_a_command_run_as_a_program_sets_its_process_up():
    figures = run_as_a_program("rules")
    assert figures["status"] == 0
    assert figures["young"] == cli.GC_YOUNG
    assert figures["openblas"] == "1"
    assert figures["frozen_before_exit"] == 0  # frozen only at exit
    assert figures["frozen_at_exit"] > 0


def test_an_openblas_setting_given_is_kept():
    assert run_as_a_program("rules", OPENBLAS_NUM_THREADS="2")["openblas"] == "2"


def test_a_printed_comparison_does_without_pandas(tmp_path):
    # The table is worked out with numpy alone: pandas cost a fresh process 0.25 s of CPU.
    printed = run_as_a_program(
        "compare", "--rules", "landlords_game,single_tax", "--games", "12", "--at-round", "5"
    )
    assert printed["status"] == 0
    assert not printed["pandas_imported"]
    # Asked for the tables (saved as CSV), it imports pandas and writes them.
    out = tmp_path / "games.csv"
    assert run_as_a_program("simulate", "--games", "3", "--out", str(out))["pandas_imported"]
    assert len(out.read_text().splitlines()) == 4


def test_main_called_from_python_changes_nothing(monkeypatch, capsys):
    monkeypatch.delenv("OPENBLAS_NUM_THREADS", raising=False)
    threshold = gc.get_threshold()
    assert cli.main(["rules", "--json"]) == 0
    capsys.readouterr()
    assert gc.get_threshold() == threshold
    assert "OPENBLAS_NUM_THREADS" not in os.environ


def test_a_server_keeps_the_defaults(monkeypatch):
    monkeypatch.delenv("OPENBLAS_NUM_THREADS", raising=False)
    threshold = gc.get_threshold()
    for server in cli.SERVERS:
        cli._as_a_program(server)
    assert gc.get_threshold() == threshold
    assert "OPENBLAS_NUM_THREADS" not in os.environ
