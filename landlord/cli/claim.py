"""``landlord claim``: Magie's claim tested across the declared grid of scenarios, played
(or as shipped), printed, and checked against the shipped results.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from landlord.cli.arguments import (
    add_command,
    add_force,
    check_file,
    file_name,
    jobs_number,
    save_failed,
)
from landlord.cli.experiments import experiment_errors


def _claim(args: argparse.Namespace) -> int:
    """``landlord claim``: Magie's claim over the declared grid, played or as shipped."""
    from landlord.claim import (
        GRID_PATH,
        GRID_V2_PATH,
        GRID_V3_PATH,
        GRID_V4_PATH,
        GridError,
        load_grid,
        run_claim,
        shipped_results,
    )

    if args.shipped and (args.grid or args.check):
        args.parser.error(
            "argument --shipped: prints the shipped results; it takes no --grid or --check"
        )
    if args.check and args.grid:
        args.parser.error("argument --check: compares the shipped grid's results; drop --grid")
    shipped_grid = {1: GRID_PATH, 2: GRID_V2_PATH, 3: GRID_V3_PATH, 4: GRID_V4_PATH}[
        args.grid_version
    ]
    try:
        grid = load_grid(args.grid or shipped_grid)
        wanted = None if args.scenario is None else [s.strip() for s in args.scenario.split(",")]
        for scenario_id in wanted or ():
            grid.scenario(scenario_id)
    except GridError as error:
        args.parser.error(str(error))
    if args.out:
        _writable(args, args.out)
    if args.shipped:
        try:
            results = shipped_results(args.grid_version)
        except ValueError as error:  # a grid declared whose games are not played yet
            args.parser.error(str(error))
        if wanted:
            results.scenarios = [s for s in results.scenarios if s["id"] in wanted]
    else:
        arms = len(grid.rule_sets) if grid.format == 2 else 2
        chosen = [grid.scenario(name) for name in wanted] if wanted else grid.scenarios
        total = arms * len(grid.seeds) * sum(grid.games_of(s) for s in chosen)
        with terminal_bar(total) as progress, experiment_errors(args):
            results = run_claim(grid, wanted, jobs=args.jobs, progress=progress)
    text = results.dumps()
    if args.out:
        from landlord.writing import write_text_atomically

        try:
            write_text_atomically(args.out, text)
        except OSError as error:
            return save_failed("claim", args.out, error)
    if args.check:
        try:
            shipped = {s["id"]: s for s in shipped_results(args.grid_version).scenarios}
        except ValueError as error:
            args.parser.error(str(error))
        differ = [s["id"] for s in results.scenarios if shipped.get(s["id"]) != s]
        if differ:
            print(f"differ from the shipped results: {', '.join(differ)}", file=sys.stderr)
            return 1
        print(f"{len(results.scenarios)} scenarios: the same as the shipped results")
        return 0
    print(text if args.json else results.table(), end="" if args.json else "\n")
    return 0


def _writable(args: argparse.Namespace, out: str) -> None:
    """Refuse an --out that cannot be written, before anything is played."""
    path = Path(out)
    if path.suffix != ".json":
        args.parser.error(f"argument --out: expected FILE.json, got {out!r}")
    check_file(args, "--out", [path])


@contextmanager
def terminal_bar(total: int) -> Iterator[Callable[[int, int], Any] | None]:
    """A progress bar on stderr where a person watches; none in a pipe or a log.

    Parameters
    ----------
    total : int
        The games to play.

    Yields
    ------
    callable or None
        ``progress(done, total)``, which moves the bar to ``done`` games, as
        :func:`landlord.claim.run_claim` calls it; None where stderr is not a terminal.
        The bar starts no monitor thread (the workers are forked from one thread).
    """
    if not sys.stderr.isatty():
        yield None
        return
    from tqdm import tqdm

    class Bar(tqdm):  # without tqdm's monitor thread: the workers are forked from one thread
        monitor_interval = 0

    with Bar(total=total, unit="game", desc="playing", file=sys.stderr) as bar:
        yield lambda done, _: bar.update(done - bar.n)


def add_claim(commands: Any) -> None:
    """``landlord claim`` and its arguments."""
    claim = add_command(
        commands,
        "claim",
        _claim,
        "test Magie's claim across the declared grid of scenarios: paired differences, "
        "intervals and a verdict per scenario and measure",
    )
    claim.add_argument(
        "--scenario",
        metavar="IDS",
        help="only these scenarios, comma-separated (such as eager.printed,random.long)",
    )
    claim.add_argument(
        "--grid",
        type=file_name,
        metavar="FILE",
        help="a grid file of your own (default: the shipped grid of --grid-version)",
    )
    claim.add_argument(
        "--grid-version",
        type=int,
        choices=(1, 2, 3, 4),
        default=2,
        metavar="N",
        help="which shipped grid: 2 (grid_v2.toml, the default: the single tax as printed, "
        "money-neutral and sink-neutral, 2 to 4 seats, the printed end, a common round 25 and "
        "round 100), 1 (grid.toml: the single tax as printed, 4 seats) or 3 (grid_v3.toml, "
        "Magie's dial: 25 to 100%% of the land rent to the Treasury against none, 3 and 4 "
        "seats) or 4 (grid_v4.toml: players who answer the rules, the tuned and search bots, "
        "as printed and money-neutral, 3 and 4 seats)",
    )
    claim.add_argument(
        "--jobs",
        type=jobs_number,
        default=1,
        metavar="N",
        help="processes to play the games in (default 1); the results do not change",
    )
    claim.add_argument(
        "--shipped",
        action="store_true",
        help="print the results shipped with the kit, without playing (instant)",
    )
    claim.add_argument(
        "--check",
        action="store_true",
        help="play, then compare with the shipped results; exit 1 if they differ",
    )
    claim.add_argument(
        "--out", type=file_name, metavar="FILE.json", help="also write the results as JSON"
    )
    add_force(claim, "--out")
    claim.add_argument("--json", action="store_true", help="print JSON instead of a table")
