"""Issue 19's audit measured again: hostile inputs, damaged files, lost data, forged games.

The audit behind issue 19 found crashes and data-loss faults in the kit; this
script measures each of its figures on the current code, beside the audit's
own figure ("before", as text), in six sections:

- ``cli``: each audited command line run as a real ``landlord`` subprocess
  (exit code, a traceback or not, the last line of stderr, wall seconds; for
  ``compare --jobs 1000`` the child processes seen; for ``play --save`` to an
  unwritable place, whether the game was printed before the refusal), and the
  two command-line test files run with pytest (passed, failed, matrix cases);
- ``files``: mutants of rule files, saved games (four families) and results
  (JSON and CSV), made with the fuzz suite's own mutators
  (``tests/test_fuzz_files.py``) at the audit's sizes and another seed,
  counting crashes (an exception other than the reader's own error) by type;
  5,000-deep nesting, a 300-deep ``extends`` chain, 200,000 extra sections,
  5,000-digit numbers and a game played with names that are not text;
- ``library``: ``landlord.play(None)``, ``landlord.play(players=10**6)``, and a
  worker process killed with SIGKILL during a comparison with two workers,
  through the library and through ``landlord compare --jobs 2``;
- ``data_loss``: ``--save`` and ``--out`` over existing files, with and without
  ``--force``; Ctrl-C (SIGINT) sent at several moments to ``landlord compare
  --out data.csv --force`` over an existing set, the set checked after each;
  and how soon a bad ``--out`` folder is refused;
- ``integrity``: a saved game edited (seed, a seat's bot, a name, a consistent
  forgery) and given to ``landlord replay``;
- ``package``: what ``pyproject.toml`` declares, and the files in an sdist
  built from a clone holding a stray virtual environment.

Every subprocess has a timeout; the whole run takes a few minutes. The
report, with the machine and the commit, is printed and written as JSON.

Usage::

    .venv/bin/python benchmarks/audit_inputs.py [--scale 1.0] [--interrupts 10]
        [--timeout 120] [--out benchmarks/results/audit_inputs.json]

``--scale`` multiplies the mutant counts and the games of the Ctrl-C runs
(1.0: the audit's sizes); ``--scale 0.1`` is a quick check of the script.
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import datetime as dt
import hashlib
import json
import os
import random
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tarfile
import tempfile
import time
import tomllib
from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from setup_commands import children, commit, machine, save_report

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from test_fuzz_files import (  # noqa: E402
    FUZZED_RULES,
    _rule_mutants,
    _shipped,
    _write,
    check_game_mutant,
    check_rule_mutant,
    json_mutants,
    mutate_text,
)

import landlord  # noqa: E402
from landlord import experiments  # noqa: E402
from landlord.experiments import load_results  # noqa: E402
from landlord.record import load_game  # noqa: E402
from landlord.rules import RULES_DIR, load_rules  # noqa: E402
from landlord.session import Session  # noqa: E402

BIN = Path(sys.executable).parent
LANDLORD = BIN / "landlord"
SEED = 2026
#: Quick games for the command lines whose play is not what is measured.
SHORT = "landlords_game[round_limit=3]"
#: The strategies of the saved game the integrity checks edit.
BOTS = "eager_landlord,cautious_tenant,single_taxer,random"


# --- running things ---------------------------------------------------------------------


def last_line(text: str) -> str:
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return lines[-1].strip() if lines else ""


def run(
    argv: list[str],
    cwd: Path,
    timeout: float,
    during: Callable[[subprocess.Popen, float], dict] | None = None,
) -> dict[str, Any]:
    """Run ``argv`` as a subprocess (output to files, so no pipe fills), optionally
    calling ``during(process, started)`` while it runs; kill it at ``timeout``."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        started = time.perf_counter()
        process = subprocess.Popen(
            argv, cwd=cwd, stdout=out, stderr=err, stdin=subprocess.DEVNULL, start_new_session=True
        )
        seen = during(process, started) if during else {}
        try:
            code: int | str = process.wait(
                timeout=max(1.0, timeout - (time.perf_counter() - started))
            )
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
            code = f"killed after the {timeout:g} s timeout"
        seconds = time.perf_counter() - started
        out.seek(0)
        err.seek(0)
        stdout = out.read().decode("utf-8", "replace")
        stderr = err.read().decode("utf-8", "replace")
    ended_by = (
        {"ended_by_signal": signal.Signals(-code).name}
        if isinstance(code, int) and code < 0
        else {}
    )
    return {
        "exit": code,
        **ended_by,
        "traceback": "Traceback" in stdout or "Traceback" in stderr,
        "last_stderr_line": last_line(stderr),
        "seconds": round(seconds, 2),
        "stdout_bytes": len(stdout.encode()),
        **seen,
        "_stdout": stdout,
    }


def cli(args: list[str], cwd: Path, timeout: float, during=None) -> dict[str, Any]:
    """``landlord args`` as a user runs it; the report names the command."""
    result = run([str(LANDLORD), *args], cwd, timeout, during)
    result.pop("_stdout")
    return {"command": "landlord " + shlex.join(args), **result}


def count_children(process: subprocess.Popen, _started: float) -> dict[str, int]:
    most = 0
    while process.poll() is None:
        most = max(most, len(children(process.pid)))
        time.sleep(0.005)
    return {"most_child_processes_seen": most}


def kill_a_worker(settle: float = 0.5, wait: float = 60) -> Callable:
    """A ``during`` that SIGKILLs one worker ``settle`` seconds after workers exist."""

    def during(process: subprocess.Popen, started: float) -> dict[str, Any]:
        deadline = time.perf_counter() + wait
        while process.poll() is None and time.perf_counter() < deadline:
            workers = children(process.pid)
            if workers:
                time.sleep(settle)
                workers = children(process.pid)
                if not workers:
                    continue
                os.kill(workers[0], signal.SIGKILL)
                return {
                    "workers_seen": len(workers),
                    "killed_after_seconds": round(time.perf_counter() - started, 2),
                }
            time.sleep(0.01)
        return {"workers_seen": 0, "killed_after_seconds": None}

    return during


def pytest_counts(test_file: str, timeout: float) -> dict[str, Any]:
    """Run one test file in a subprocess; the counts of its summary line."""
    argv = [sys.executable, "-m", "pytest", test_file, "-q", "-p", "no:cacheprovider"]
    result = run(argv, ROOT, timeout)
    summary = last_line(result["_stdout"])
    counts = {word: int(n) for n, word in re.findall(r"(\d+) (\w+)", summary)}
    return {
        "command": shlex.join(["python", "-m", "pytest", *argv[3:]]),
        "exit": result["exit"],
        "passed": counts.get("passed", 0),
        "failed": counts.get("failed", 0),
        "errors": counts.get("errors", counts.get("error", 0)),
        "skipped": counts.get("skipped", 0),
        "summary": summary,
        "seconds": result["seconds"],
    }


def collected(test_file: str, timeout: float) -> int | None:
    argv = [sys.executable, "-m", "pytest", test_file, "--collect-only", "-q"]
    found = re.search(
        r"(\d+) tests? collected", run([*argv, "-p", "no:cacheprovider"], ROOT, timeout)["_stdout"]
    )
    return int(found.group(1)) if found else None


def error_text(error: BaseException, limit: int = 300) -> dict[str, str]:
    message = str(error)
    if len(message) > limit:
        message = message[:limit] + f"... ({len(message):,} characters)"
    return {"type": f"{type(error).__module__}.{type(error).__qualname__}", "message": message}


def outcome(call: Callable[[], Any]) -> dict[str, Any]:
    """What ``call`` does now: returns, or raises (type, message), and how long it took."""
    started = time.perf_counter()
    try:
        value = call()
    except Exception as error:  # measured, not handled
        return {"raised": error_text(error), "seconds": round(time.perf_counter() - started, 3)}
    return {"returned": repr(value)[:200], "seconds": round(time.perf_counter() - started, 3)}


# --- cli --------------------------------------------------------------------------------


def cli_section(work: Path, timeout: float) -> dict[str, Any]:
    money = f"starting_cash={2**63}"
    cases = {
        "simulate_games_10e9": (
            ["simulate", "--games", "1000000000"],
            "MemoryError (a traceback)",
        ),
        "simulate_games_1e9": (["simulate", "--games", "1e9"], "MemoryError (a traceback)"),
        "landing_rolls_10e9": (
            ["landing", "--rolls", "1000000000"],
            "MemoryError (a traceback)",
        ),
        "money_option_2_63": (
            ["play", "--option", money],
            "OverflowError traceback in experiments.py",
        ),
        "sweep_repeated_values": (
            ["sweep", "--param", "land_value_tax=0,0"],
            "an uncaught ValueError (a traceback)",
        ),
        "replay_dev_zero": (["replay", "/dev/zero"], "a traceback"),
    }
    section: dict[str, Any] = {}
    for name, (args, before) in cases.items():
        section[name] = {"before": before, "after": cli(args, work, timeout)}
    section["compare_jobs_1000"] = {
        "before": "forked 1,000 processes",
        "after": cli(["compare", "--jobs", "1000"], work, timeout, count_children),
    }
    unwritable = {}
    for target in ("/proc/nope/game.json", "/proc/game.json"):
        result = cli(["play", "--seed", "1", "--save", target], work, timeout)
        result["game_printed_before_the_error"] = result["stdout_bytes"] > 0
        unwritable[target] = result
    section["play_save_unwritable"] = {
        "before": "printed the whole game first, then failed",
        "after": unwritable,
    }
    matrix = pytest_counts("tests/test_cli_matrix.py", timeout * 5)
    matrix["cases"] = collected("tests/test_cli_matrix.py", timeout)
    section["test_cli_matrix"] = {
        "before": "the audit tried 176 command lines: 10 tracebacks, and 11 clean errors "
        "exiting 1 instead of 2",
        "after": matrix,
    }
    section["test_cli_hardening"] = {
        "before": "(the audit's own cases, written after the audit)",
        "after": pytest_counts("tests/test_cli_hardening.py", timeout * 5),
    }
    return section


# --- files ------------------------------------------------------------------------------


class MutantTimeout(BaseException):
    """One mutant took longer than its budget (a hang is a fault too)."""


class InTable(Exception):
    """A results file that loaded, then failed when its table was made."""


def _alarm(_signum, _frame):
    raise MutantTimeout


def crash_label(error: BaseException) -> str:
    if isinstance(error, InTable):
        return f"{type(error.__cause__).__name__} (in table())"
    if isinstance(error, MutantTimeout):
        return "over the time budget"
    return type(error).__name__


def fuzz(checks: Iterable[tuple[str, Callable[[], None]]], budget: float = 10) -> dict[str, Any]:
    """Run each check (a mutant read, and used if it loads); count what is not refused
    with the reader's own error, by type, with the first examples."""
    crashes: Counter[str] = Counter()
    examples: list[dict[str, str]] = []
    count = 0
    wall, cpu = time.perf_counter(), time.process_time()
    previous = signal.signal(signal.SIGALRM, _alarm)
    try:
        for ident, check in checks:
            count += 1
            signal.setitimer(signal.ITIMER_REAL, budget)
            try:
                check()
            except (Exception, MutantTimeout) as error:
                label = crash_label(error)
                crashes[label] += 1
                if len(examples) < 8:
                    cause = error.__cause__ if isinstance(error, InTable) else error
                    examples.append({"mutant": ident, "crash": label, "message": str(cause)[:200]})
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
    finally:
        signal.signal(signal.SIGALRM, previous)
    return {
        "mutants": count,
        "crashes": sum(crashes.values()),
        "by_type": dict(crashes.most_common()),
        "examples": examples,
        "wall_seconds": round(time.perf_counter() - wall, 1),
        "cpu_seconds": round(time.process_time() - cpu, 1),
    }


def shares(total: int, parts: int) -> list[int]:
    """``total`` split over ``parts`` as evenly as whole numbers go."""
    each, extra = divmod(total, parts)
    return [each + (number < extra) for number in range(parts)]


def rule_file_mutants(folder: Path, count: int) -> dict[str, Any]:
    def checks():
        for rule_id, share in zip(FUZZED_RULES, shares(count, len(FUZZED_RULES)), strict=True):
            for number, text in enumerate(_rule_mutants(rule_id, share, SEED)):
                yield (
                    f"_rule_mutants({rule_id!r}, {share}, seed={SEED})[{number}]",
                    lambda r=rule_id, t=text, n=number: check_rule_mutant(folder, r, t, n),
                )

    return fuzz(checks())


def saved_game_documents(folder: Path) -> dict[str, dict]:
    """A Landlord's Game saved game as the fuzz suite makes it, and one of each other
    family played a while by random bots."""
    path = landlord.play("landlords_game", players=3, seed=5, round_limit=6).save(
        folder / "game.json"
    )
    documents = {"landlords_game": json.loads(path.read_text(encoding="utf-8"))}
    for rule_id in ("monopoly_us", "quikopoly", "property"):
        session = Session(rule_id, ["random"] * 3, seed=5)
        session.run(max_steps=300)
        path = session.record().save(folder / f"{rule_id}.json")
        documents[rule_id] = json.loads(path.read_text(encoding="utf-8"))
    return documents


def saved_game_mutants(folder: Path, documents: dict[str, dict], count: int) -> dict:
    def checks(rule_id: str, how_many: int):
        for number, text in enumerate(json_mutants(documents[rule_id], how_many, SEED)):
            yield (
                f"json_mutants({rule_id} game, {how_many}, seed={SEED})[{number}]",
                lambda t=text: check_game_mutant(folder / "mutant.json", t),
            )

    landlords = fuzz(checks("landlords_game", count))
    others = {}
    for rule_id, share in zip(
        ("monopoly_us", "quikopoly", "property"), shares(count, 3), strict=True
    ):
        others[rule_id] = fuzz(checks(rule_id, share))
    return {"landlords_game": landlords, "other_families": others}


def tabulate(path: Path) -> None:
    """Load results and make both tables; the reader's refusal is not a crash."""
    try:
        comparison = load_results(path)
    except ValueError as error:
        if "the results were not loaded" in str(error):
            return
        raise
    try:
        comparison.table()
        comparison.table(words=True)
    except Exception as error:
        raise InTable(str(error)) from error


def results_mutants(folder: Path, json_count: int, csv_count: int) -> dict[str, Any]:
    path = landlord.compare(("landlords_game", "single_tax"), games=3, players=3, seed=2).save(
        folder / "results.json"
    )
    document = json.loads(Path(path).read_text(encoding="utf-8"))

    def json_checks():
        for number, text in enumerate(json_mutants(document, json_count, SEED)):

            def check(t=text):
                target = folder / "mutant.json"
                target.write_text(t, encoding="utf-8", errors="surrogatepass")
                tabulate(target)

            yield f"json_mutants(results, {json_count}, seed={SEED})[{number}]", check

    csv_folder = folder / "csv"
    csv_folder.mkdir()
    comparison = experiments.compare(("landlords_game", "single_tax"), games=2, players=3, seed=4)
    table = comparison.save(csv_folder / "results.csv")
    files = sorted(csv_folder.glob("results.*"))
    originals = {file: file.read_text(encoding="utf-8") for file in files}
    rng = random.Random(SEED)

    def csv_checks():
        for number in range(csv_count):
            damaged = rng.choice(files)
            text = mutate_text(originals[damaged], rng)

            def check(d=damaged, t=text):
                for file, original in originals.items():
                    file.write_text(original, encoding="utf-8")
                d.write_text(t, errors="surrogatepass")
                tabulate(table)

            yield f"csv mutant {number} (seed {SEED}) of {damaged.name}", check

    return {"json": fuzz(json_checks()), "csv": fuzz(csv_checks())}


def refusal(call: Callable[[], Any]) -> dict[str, Any]:
    """``outcome`` with the RecursionError question answered."""
    found = outcome(call)
    found["recursion_error"] = found.get("raised", {}).get("type") == "builtins.RecursionError"
    return found


def deep_nesting(folder: Path, game: dict) -> dict[str, Any]:
    deep = "[" * 5000 + "]" * 5000
    (folder / "deep.toml").write_text(f"format = 1\nx = {deep}\n", encoding="utf-8")
    (folder / "deep.json").write_text(deep, encoding="utf-8")
    # the same depth inside an otherwise whole document, where a reader meets it later
    inside = json.dumps({**game, "options": {"x": 1}}).replace('{"x": 1}', deep, 1)
    (folder / "deep_inside.json").write_text(inside, encoding="utf-8")
    return {
        "rule_file_toml": refusal(lambda: load_rules(folder / "deep.toml")),
        "saved_game_json": refusal(lambda: load_game(folder / "deep.json")),
        "saved_game_json_deep_inside": refusal(lambda: load_game(folder / "deep_inside.json")),
        "results_json": refusal(lambda: load_results(folder / "deep.json")),
    }


def extends_chain(folder: Path, rules_folder: Path, links: int = 300) -> dict[str, Any]:
    """The fuzz suite's chain: link_0 is the Landlord's Game, each next one extends it."""
    for file in rules_folder.glob("landlords_game*.csv"):
        shutil.copy(file, folder / file.name)
    _write(folder, "link_0.toml", _shipped(rules_folder, "landlords_game"))
    for number in range(1, links):
        own = {
            "format": 1,
            "rule_set": {
                "id": f"link_{number}",
                "title": "A link",
                "edition": "audit",
                "summary": "A link of a long chain.",
                "status": "draft",
                "extends": f"link_{number - 1}.toml",
            },
        }
        _write(folder, f"link_{number}.toml", own)
    return outcome(lambda: load_rules(folder / f"link_{links - 1}.toml"))


def extra_sections(folder: Path, rules_folder: Path, sections: int = 200_000) -> dict:
    text = (rules_folder / "landlords_game.toml").read_text(encoding="utf-8")
    extra = "".join(f"[extra_{n}]\n" for n in range(sections))
    many = folder / "many.toml"
    many.write_text(text + extra, encoding="utf-8")
    whole = outcome(lambda: load_rules(many))
    # under the byte limit, so that the count of tables is what refuses it
    fewer = folder / "fewer.toml"
    cut = extra[: 1_000_000 - len(text.encode()) - 1_000]
    fewer.write_text(text + cut[: cut.rindex("\n") + 1], encoding="utf-8")
    return {
        "file_bytes": many.stat().st_size,
        "whole_file": whole,
        "cut_under_the_byte_limit": {
            "file_bytes": fewer.stat().st_size,
            **outcome(lambda: load_rules(fewer)),
        },
    }


def long_integers(folder: Path, rules_folder: Path, game: dict) -> dict[str, Any]:
    text = (rules_folder / "landlords_game.toml").read_text(encoding="utf-8")
    (folder / "digits.toml").write_text(
        text.replace("amount = 100", "amount = " + "9" * 5000, 1), encoding="utf-8"
    )
    saved = json.dumps(game).replace('"seed": 5', '"seed": ' + "9" * 5000)
    (folder / "digits.json").write_text(saved, encoding="utf-8")
    return {
        "rule_file": outcome(lambda: load_rules(folder / "digits.toml")),
        "saved_game": outcome(lambda: load_game(folder / "digits.json")),
    }


def names_not_text(folder: Path) -> dict[str, Any]:
    """``landlord.play(names=[1, 2]).save(path)`` (the brief's call, four seats) and with
    two seats, so that the names themselves are checked; then ``load_game(path)``."""
    found: dict[str, Any] = {}
    for label, players in (("play(names=[1, 2])", 4), ("play(players=2, names=[1, 2])", 2)):
        path = folder / f"names_{players}.json"
        steps = {
            "play_and_save": outcome(
                lambda p=players, f=path: landlord.play(players=p, names=[1, 2]).save(f)
            )
        }
        if path.exists():
            steps["load_game"] = outcome(lambda f=path: load_game(f))
        steps["file_written"] = path.exists()
        found[label] = steps
    return found


def files_section(work: Path, scale: float) -> dict[str, Any]:
    rules_folder = work / "rules"
    rules_folder.mkdir()
    for file in RULES_DIR.iterdir():
        shutil.copy(file, rules_folder / file.name)
    games = work / "games"
    games.mkdir()
    documents = saved_game_documents(games)
    results = work / "results"
    results.mkdir()
    chain = work / "chain"
    chain.mkdir()
    n = lambda count: max(1, round(count * scale))  # noqa: E731
    game_mutants = saved_game_mutants(games, documents, n(3000))
    result_mutants = results_mutants(results, n(2000), n(500))
    return {
        "rule_file_mutants": {
            "before": "60 of 5,000 mutants crashed",
            "after": {
                "rule_sets": list(FUZZED_RULES),
                "seed": SEED,
                **rule_file_mutants(rules_folder, n(5000)),
            },
        },
        "saved_game_mutants": {
            "before": "102 of 3,000 mutants of a Landlord's Game saved game crashed, "
            "TypeError: unhashable type: 'list'",
            "after": {"seed": SEED, **game_mutants["landlords_game"]},
        },
        "saved_game_mutants_other_families": {
            "before": "(not in the audit's figures; the fuzz suite added these families)",
            "after": game_mutants["other_families"],
        },
        "results_mutants_json": {
            "before": "50 of 2,000 mutants of a JSON results file crashed, some only in table()",
            "after": {"seed": SEED, **result_mutants["json"]},
        },
        "results_mutants_csv": {
            "before": "(the audit fuzzed JSON results; CSV sets are the fuzz suite's addition)",
            "after": {"seed": SEED, **result_mutants["csv"]},
        },
        "nesting_5000_deep": {
            "before": "RecursionError in all three readers (TOML rule file, JSON saved game, "
            "JSON results)",
            "after": deep_nesting(results, documents["landlords_game"]),
        },
        "extends_chain_300_deep": {
            "before": "loaded, in 13 s",
            "after": extends_chain(chain, rules_folder),
        },
        "extra_sections_200000": {
            "before": "loaded, in 55 s",
            "after": extra_sections(work, rules_folder),
        },
        "integer_5000_digits": {
            "before": "listed by the audit among the crashing inputs (no figure in the brief)",
            "after": long_integers(work, rules_folder, documents["landlords_game"]),
        },
        "names_not_text": {
            "before": "landlord.play(names=[1, 2]).save(path) wrote a file load_game refused",
            "after": names_not_text(work),
        },
    }


# --- library ----------------------------------------------------------------------------

#: A comparison with two workers, in a process of its own; prints what it raised.
KILLED_WORKER_SCRIPT = """
import json
from landlord import experiments
try:
    experiments.compare(("landlords_game", "single_tax"), games={games}, jobs=2)
except BaseException as error:
    cause = error.__cause__
    print(json.dumps({{
        "type": f"{{type(error).__module__}}.{{type(error).__qualname__}}",
        "message": str(error),
        "cause": None if cause is None else type(cause).__qualname__,
    }}))
else:
    print(json.dumps(None))
"""


def library_section(work: Path, timeout: float) -> dict[str, Any]:
    script = KILLED_WORKER_SCRIPT.format(games=2000)
    through_library = run([sys.executable, "-c", script], work, timeout, kill_a_worker())
    raised = json.loads(last_line(through_library.pop("_stdout")) or "null")
    through_cli = cli(
        ["compare", "--games", "2000", "--jobs", "2"], work, timeout, kill_a_worker()
    )
    return {
        "play_none": {
            "before": "AttributeError",
            "after": outcome(lambda: landlord.play(None)),
        },
        "play_a_million_players": {
            "before": "built a million bots before refusing",
            "after": outcome(lambda: landlord.play(players=10**6)),
        },
        "compare_takes_jobs": {
            "before": "(the brief's landlord.compare(..., jobs=2))",
            "after": {
                "landlord.compare": outcome(
                    lambda: landlord.compare(games=1, jobs=2)  # type: ignore[call-arg]
                ),
                "note": "the kill below uses landlord.experiments.compare, which takes jobs",
            },
        },
        "killed_worker_library": {
            "before": "a BrokenProcessPool traceback",
            "after": {
                "call": "landlord.experiments.compare(('landlords_game', 'single_tax'), "
                "games=2000, jobs=2), one worker sent SIGKILL",
                "raised": raised,
                "traceback_printed": through_library["traceback"],
                "child_script_exit": through_library["exit"],
                "workers_seen": through_library["workers_seen"],
                "killed_after_seconds": through_library["killed_after_seconds"],
                "seconds": through_library["seconds"],
            },
        },
        "killed_worker_cli": {
            "before": "a BrokenProcessPool traceback",
            "after": through_cli,
        },
    }


# --- data loss --------------------------------------------------------------------------


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def folder_state(folder: Path) -> dict[str, str]:
    return {file.name: digest(file) for file in sorted(folder.iterdir()) if file.is_file()}


def save_over_existing(work: Path, timeout: float) -> dict[str, Any]:
    folder = work / "save"
    folder.mkdir()
    game = folder / "game.json"
    game.write_text("my own notes\n")
    before = digest(game)
    args = ["play", "--seed", "1", "--option", "round_limit=3", "--save", "game.json"]
    plain = cli(args, folder, timeout)
    plain["file_unchanged"] = digest(game) == before
    forced = cli([*args, "--force"], folder, timeout)
    forced["file_replaced"] = digest(game) != before
    forced["new_file_loads"] = "returned" in outcome(lambda: load_game(game))
    return {"without_force": plain, "with_force": forced}


def out_over_unnamed_sidecars(work: Path, timeout: float) -> dict[str, Any]:
    folder = work / "sidecars"
    folder.mkdir()
    for name in ("data.per_round.csv", "data.per_player.csv", "data.meta.json"):
        (folder / name).write_text(f"mine: {name}\n")
    before = folder_state(folder)
    result = cli(
        ["compare", "--rules", f"{SHORT},single_tax", "--games", "2", "--out", "data.csv"],
        folder,
        timeout,
    )
    after = folder_state(folder)
    result["unchanged"] = {name: after.get(name) == sha for name, sha in before.items()}
    result["data_csv_written"] = (folder / "data.csv").exists()
    return result


def results_set(folder: Path) -> dict[str, str]:
    return {
        file.name: digest(file)
        for file in experiments.results_files(folder / "data.csv")
        if file.exists()
    }


def interrupt(folder: Path, delay: float | None, after_write_starts: float | None) -> Callable:
    """A ``during`` that sends SIGINT ``delay`` seconds after the start, or
    ``after_write_starts`` seconds after a temporary file first appears in ``folder``."""

    def during(process: subprocess.Popen, started: float) -> dict[str, Any]:
        writing_seen = None
        while process.poll() is None:
            now = time.perf_counter()
            temporary = [name for name in os.listdir(folder) if name.endswith(".tmp")]
            if temporary and writing_seen is None:
                writing_seen = now
            if delay is not None:
                due = now - started >= delay
            else:
                due = writing_seen is not None and now - writing_seen >= after_write_starts
            if due:
                os.kill(process.pid, signal.SIGINT)
                return {
                    "sigint_at_seconds": round(now - started, 3),
                    "temporary_files_at_sigint": len(temporary),
                }
            time.sleep(0.0005)
        return {"sigint_at_seconds": None, "finished_before_the_signal": True}

    return during


def ctrl_c_runs(work: Path, timeout: float, games: int, count: int) -> dict[str, Any]:
    """Ctrl-C during ``compare --out data.csv --force`` over an existing set."""
    old_args = ["compare", "--games", "100", "--seed", "1", "--out", "data.csv"]
    new_args = ["compare", "--games", str(games), "--seed", "2", "--out", "data.csv", "--force"]
    reference_old, reference_new = work / "old", work / "new"
    reference_old.mkdir()
    reference_new.mkdir()
    cli(old_args, reference_old, timeout)
    old = results_set(reference_old)
    shutil.copytree(reference_old, reference_new, dirs_exist_ok=True)
    window = watch_writing(new_args, reference_new, timeout)
    new = results_set(reference_new)
    whole_run = window["seconds"]
    write_start = window["write_started_at"] or whole_run
    write_span = max(0.01, (window["write_ended_at"] or whole_run) - write_start)
    moments: list[tuple[float | None, float | None]] = []
    spread = count - count // 2
    moments += [(whole_run * (i + 1) / (spread + 1), None) for i in range(spread)]
    moments += [(None, write_span * i / (count // 2)) for i in range(count // 2)]
    trials = []
    for number, (delay, offset) in enumerate(moments):
        folder = work / f"ctrl_c_{number}"
        shutil.copytree(reference_old, folder)
        result = cli(new_args, folder, timeout, interrupt(folder, delay, offset))
        now = results_set(folder)
        state = (
            "old set whole and unchanged"
            if now == old
            else ("new set whole" if now == new else "MIXED OR DAMAGED")
        )
        leftovers = [name for name in os.listdir(folder) if name not in old]
        trials.append(
            {
                "aimed": f"{delay:.2f} s after the start"
                if delay is not None
                else f"{offset:.3f} s after the first temporary file appeared",
                "exit": result["exit"],
                "ended_by_signal": result.get("ended_by_signal"),
                "last_stderr_line": result["last_stderr_line"],
                "traceback": result["traceback"],
                "sigint_at_seconds": result.get("sigint_at_seconds"),
                "temporary_files_at_sigint": result.get("temporary_files_at_sigint"),
                "set_after": state,
                "files_left_beside_the_set": leftovers,
                "zero_byte_files": [
                    f for f in os.listdir(folder) if (folder / f).stat().st_size == 0
                ],
            }
        )
    return {
        "command": "landlord "
        + shlex.join(new_args)
        + "  (over the set of: landlord "
        + shlex.join(old_args)
        + ")",
        "uninterrupted_seconds": whole_run,
        "writing_seen_from_to_seconds": [window["write_started_at"], window["write_ended_at"]],
        "runs": len(trials),
        "old_set_whole": sum(t["set_after"].startswith("old") for t in trials),
        "new_set_whole": sum(t["set_after"].startswith("new") for t in trials),
        "mixed_or_damaged": sum(t["set_after"].startswith("MIXED") for t in trials),
        "exit_codes": dict(Counter(str(t["exit"]) for t in trials)),
        "trials": trials,
    }


def watch_writing(args: list[str], folder: Path, timeout: float) -> dict[str, Any]:
    """Run uninterrupted, noting when temporary files are first and last seen."""
    seen: list[float] = []

    def during(process: subprocess.Popen, started: float) -> dict[str, Any]:
        while process.poll() is None:
            if any(name.endswith(".tmp") for name in os.listdir(folder)):
                seen.append(time.perf_counter() - started)
            time.sleep(0.0005)
        return {}

    result = cli(args, folder, timeout, during)
    result["write_started_at"] = round(seen[0], 3) if seen else None
    result["write_ended_at"] = round(seen[-1], 3) if seen else None
    return result


def ctrl_c_between_renames(work: Path) -> dict[str, Any]:
    """Not a real signal: KeyboardInterrupt raised in-process right after the first of
    the set's renames (``os.replace``), where a Ctrl-C could land in the code as read."""
    folder = work / "renames"
    folder.mkdir()
    out = folder / "data.csv"
    experiments.compare((SHORT, "single_tax[round_limit=3]"), games=2, seed=1).save(out)
    old = results_set(folder)
    result = experiments.compare((SHORT, "single_tax[round_limit=3]"), games=3, seed=2)
    real, calls = os.replace, []

    def replace(source, target):
        real(source, target)
        calls.append(target)
        if len(calls) == 1:
            raise KeyboardInterrupt

    os.replace = replace
    try:
        with contextlib.suppress(KeyboardInterrupt):
            result.save(out)
    finally:
        os.replace = real
    now = results_set(folder)
    changed = sorted(name for name in old if now.get(name) != old[name])
    return {
        "how": "os.replace patched to raise KeyboardInterrupt after its first rename "
        "(an injected fault standing for Ctrl-C between two renames; not a real signal)",
        "files_replaced": changed,
        "files_kept_old": sorted(name for name in old if now.get(name) == old[name]),
        "set_after": "old set whole"
        if not changed
        else ("new set whole" if len(changed) == len(old) else "MIXED"),
    }


def data_loss_section(work: Path, timeout: float, scale: float, interrupts: int) -> dict:
    bad_out = cli(
        ["compare", "--games", "2000", "--out", "/nonexistent/dir/data.csv"], work, timeout
    )
    return {
        "play_save_over_existing": {
            "before": "the existing file was replaced without asking",
            "after": save_over_existing(work, timeout),
        },
        "compare_out_over_unnamed_sidecars": {
            "before": "data.per_round.csv, data.per_player.csv and data.meta.json all "
            "silently overwritten",
            "after": out_over_unnamed_sidecars(work, timeout),
        },
        "ctrl_c_during_results_write": {
            "before": "a 0-byte table beside stale sidecars",
            "after": ctrl_c_runs(work, timeout, max(100, round(1500 * scale)), interrupts),
        },
        "ctrl_c_between_two_renames_injected": {
            "before": "(not in the audit: found reading landlord/writing.py)",
            "after": ctrl_c_between_renames(work),
        },
        "bad_out_folder": {
            "before": "refused only after all the games were played",
            "after": bad_out,
        },
    }


# --- integrity --------------------------------------------------------------------------


def integrity_section(work: Path, timeout: float) -> dict[str, Any]:
    folder = work / "integrity"
    folder.mkdir()
    for seed in (3, 4):
        cli(
            ["play", "--seed", str(seed), "--bots", BOTS, "--save", f"seed{seed}.json"],
            folder,
            timeout,
        )
    original = json.loads((folder / "seed3.json").read_text())
    other = json.loads((folder / "seed4.json").read_text())

    def seed_changed(d):
        d["seed"] = 4

    def bot_relabelled(d):
        tenant = next(p for p in d["players"] if p["strategy"] == "cautious_tenant")
        d["players"][0]["strategy"] = "cautious_tenant"
        d["players"][0]["description"] = tenant["description"]

    def bot_relabelled_with_its_parameters(d):
        tenant = next(p for p in d["players"] if p["strategy"] == "cautious_tenant")
        d["players"][0] = {**copy.deepcopy(tenant), "name": d["players"][0]["name"]}

    def player_renamed(d):
        d["players"][0]["name"] = "Lizzie"

    edits = {
        "unedited": (original, None),
        "seed_changed": (original, seed_changed),
        "bot_relabelled_keeping_its_parameters": (original, bot_relabelled),
        "bot_relabelled_strategy_and_parameters": (original, bot_relabelled_with_its_parameters),
        "player_renamed": (original, player_renamed),
        "consistent_forgery_seed4_game_labelled_seed3": (other, lambda d: d.update(seed=3)),
        "seed4_game_with_its_seed_removed": (other, lambda d: d.pop("seed")),
    }
    section: dict[str, Any] = {}
    for name, (document, edit) in edits.items():
        edited = copy.deepcopy(document)
        if edit:
            edit(edited)
        path = folder / f"{name}.json"
        path.write_text(json.dumps(edited, indent=1))
        result = run([str(LANDLORD), "replay", path.name], folder, timeout)
        stdout = result.pop("_stdout")
        section[name] = {
            "command": f"landlord replay {path.name}",
            "exit": result["exit"],
            "accepted": result["exit"] == 0,
            "last_line": result["last_stderr_line"] or last_line(stdout),
            "traceback": result["traceback"],
            "first_seat_as_printed": stdout.splitlines()[1].strip()
            if result["exit"] == 0
            else None,
        }
    return {
        "how": f"landlord play --seed 3 --bots {BOTS} --save seed3.json (and --seed 4), "
        "edited, then landlord replay",
        "before": "every edited copy was accepted",
        "after": section,
        "what_check_seeded_catches": "check_seeded plays the game again from its saved seed "
        "with the saved strategies and parameters, refusing a bot whose name or description "
        "is not what its parameters make and the first history entry that differs: it "
        "catches an edited seed, an edited step, a relabelled bot or one that would play "
        "otherwise, but not a renamed player, a file with no seed (only its steps' legality "
        "is checked), or a game anyone played from a seed and saved: it proves consistency, "
        "not provenance.",
    }


# --- package ----------------------------------------------------------------------------


def declared(pyproject: dict, package: str) -> list[str]:
    """The extras (or 'dependencies') that name ``package``."""
    project = pyproject["project"]
    found = ["dependencies"] if any(_named(d, package) for d in project["dependencies"]) else []
    for extra, requirements in project.get("optional-dependencies", {}).items():
        if any(_named(d, package) for d in requirements):
            found.append(extra)
    return found


def _named(requirement: str, package: str) -> bool:
    return re.split(r"[<>=!~\[; ]", requirement, maxsplit=1)[0].lower() == package


def stray_venv(folder: Path) -> int:
    """A throwaway virtual environment's look: a few files, one of them a 'landlord'."""
    files = {
        "pyvenv.cfg": "home = /usr/bin\n",
        "bin/python": "#!/bin/sh\n",
        "lib/python3.11/site-packages/landlord/__init__.py": "# a stray copy\n",
        "lib/python3.11/site-packages/landlord/cli.py": "# a stray copy\n",
        "lib/python3.11/site-packages/numpy/__init__.py": "\n",
        "tests/test_stray.py": "\n",
    }
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text)
    return len(files)


def build_sdist(repo: Path, out: Path, timeout: float) -> dict[str, Any]:
    """``uv build --sdist`` offline first, then with the network if that fails."""
    tries = []
    for flags in (["--offline"], []):
        argv = [str(BIN / "uv"), "build", "--sdist", "--out-dir", str(out), *flags]
        result = run(argv, repo, timeout * 3)
        result.pop("_stdout")
        tries.append(
            {"flags": flags, "exit": result["exit"], "last_line": result["last_stderr_line"]}
        )
        sdists = sorted(out.glob("*.tar.gz"))
        if result["exit"] == 0 and sdists:
            with tarfile.open(sdists[-1]) as archive:
                names = [member.name for member in archive.getmembers() if member.isfile()]
            return {
                "built": sdists[-1].name,
                "files": len(names),
                "by_top_folder": dict(Counter(name.split("/")[1] for name in names)),
                "files_from_the_stray_venv": sum("/.venv2/" in name for name in names),
                "seconds": result["seconds"],
                "tries": tries,
            }
    return {"built": None, "tries": tries}


def package_section(work: Path, timeout: float) -> dict[str, Any]:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    project = pyproject["project"]
    matplotlib = next(d for d in project["dependencies"] if _named(d, "matplotlib"))
    repo = work / "repo"
    subprocess.run(["git", "clone", "-q", str(ROOT), str(repo)], check=True, timeout=timeout)
    clean = build_sdist(repo, work / "dist_clean", timeout)
    stray = stray_venv(repo / ".venv2")
    with_venv = build_sdist(repo, work / "dist_with_venv", timeout)
    return {
        "pyproject": {
            "before": "(the audit read these too)",
            "after": {
                "distribution_name": project["name"],
                "matplotlib_requirement": matplotlib,
                "jupytext_declared_in": declared(pyproject, "jupytext"),
                "pyyaml_declared_in": declared(pyproject, "pyyaml"),
                "sdist_include": pyproject["tool"]["hatch"]["build"]["targets"]["sdist"][
                    "include"
                ],
                "sdist_exclude": pyproject["tool"]["hatch"]["build"]["targets"]["sdist"].get(
                    "exclude"
                ),
            },
        },
        "sdist_files": {
            "before": "a virtual environment inside the tree grew the sdist from 104 to 723 files",
            "after": {
                "built_from": f"git clone of {commit()} (committed files only)",
                "clean_clone": clean,
                "with_a_stray_venv": {"venv_files_made": stray, **with_venv},
            },
        },
    }


# --- the report -------------------------------------------------------------------------


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--scale",
        type=float,
        default=1.0,
        help="multiply the mutant counts and the Ctrl-C runs' games (1.0: the audit's sizes)",
    )
    parser.add_argument(
        "--interrupts", type=int, default=10, help="Ctrl-C moments tried (default 10)"
    )
    parser.add_argument(
        "--timeout", type=float, default=120, help="seconds each subprocess may take (default 120)"
    )
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks/results/audit_inputs.json")
    args = parser.parse_args()
    if args.scale <= 0 or args.interrupts < 2:
        parser.error("--scale must be above 0 and --interrupts at least 2")

    started = time.perf_counter()
    report: dict[str, Any] = {
        "benchmark": "audit_inputs",
        "date": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
        "commit": commit(),
        "working_tree_changed": bool(
            subprocess.run(
                ["git", "status", "--porcelain", "--untracked-files=no"],
                cwd=ROOT,
                capture_output=True,
                text=True,
            ).stdout.strip()
        ),
        "machine": machine(),
        "scale": args.scale,
    }
    with tempfile.TemporaryDirectory(prefix="landlord-audit-") as scratch:
        work = Path(scratch)
        sections: dict[str, Callable[[Path], dict]] = {
            "cli": lambda w: cli_section(w, args.timeout),
            "files": lambda w: files_section(w, args.scale),
            "library": lambda w: library_section(w, args.timeout),
            "data_loss": lambda w: data_loss_section(w, args.timeout, args.scale, args.interrupts),
            "integrity": lambda w: integrity_section(w, args.timeout),
            "package": lambda w: package_section(w, args.timeout),
        }
        seconds = {}
        for name, measure in sections.items():
            folder = work / name
            folder.mkdir()
            began = time.perf_counter()
            print(f"measuring {name}...", file=sys.stderr, flush=True)
            report[name] = measure(folder)
            seconds[name] = round(time.perf_counter() - began, 1)
    report["seconds"] = {**seconds, "total": round(time.perf_counter() - started, 1)}
    save_report(report, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
