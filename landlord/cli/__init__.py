"""The ``landlord`` command line.

Every sub-command is a thin layer over the public API.

Exit status: 0 when the command did what it was asked. 2 for bad input,
before any work is done where it can be found beforehand: a bad argument, a
number beyond its limit, an unknown rule set or option, a rule, grid or saved
game file that cannot be read, or a file to write that cannot be written or
already exists (``--force`` replaces it). The message is one line, after the
usage, as argparse prints it. 1 for a failure while working, with one line on
stderr: a worker process that died, a disk that filled up while saving, or
``landlord claim --check`` finding results that differ from the shipped ones.
130 after Ctrl-C, which leaves any file being written as it was.

Limits, checked before any game is played: ``--games`` at most
:data:`~landlord.experiments.MAX_GAMES` per rule set, ``--rolls`` at most
:data:`MAX_ROLLS`, ``--jobs`` at most :data:`~landlord.experiments.MAX_JOBS`,
whole-number rule options within plus or minus
:data:`~landlord.experiments.MAX_OPTION_NUMBER`, and a saved game to replay at
most :data:`MAX_SAVED_GAME_BYTES`.

Files are written atomically, a set of tables as a set (see
:mod:`landlord.writing`); an existing file is not replaced without ``--force``.

Here are :func:`main` and the parser; each group of sub-commands is a module of its own,
with its arguments, its checks and its printing: :mod:`~landlord.cli.about` (``info``,
``rules``), :mod:`~landlord.cli.games` (``play``, ``replay``),
:mod:`~landlord.cli.experiments` (``compare``, ``simulate``, ``sweep``),
:mod:`~landlord.cli.claim`, :mod:`~landlord.cli.odds` (``landing``, ``rents``) and
:mod:`~landlord.cli.servers` (``serve``, ``class``); what they share is in
:mod:`~landlord.cli.arguments`. The kit's own modules are imported inside the commands,
so that a one-game command starts fast (``landlord play`` imports no pandas).
"""

from __future__ import annotations

import argparse
import os
import sys

import landlord
from landlord.cli.about import add_info, add_rules, installed_versions
from landlord.cli.arguments import MAX_AT_ROUND, MAX_GAMES, MAX_JOBS, MAX_SEATS
from landlord.cli.claim import add_claim
from landlord.cli.experiments import add_compare, add_simulate_and_sweep
from landlord.cli.games import MAX_SAVED_GAME_BYTES, add_play, add_replay
from landlord.cli.odds import MAX_ROLLS, add_landing, add_rents
from landlord.cli.servers import add_class, add_serve, the_class_server
from landlord.writing import WrittenThenInterrupted

__all__ = [
    "GC_YOUNG",
    "MAX_AT_ROUND",
    "MAX_GAMES",
    "MAX_JOBS",
    "MAX_ROLLS",
    "MAX_SAVED_GAME_BYTES",
    "MAX_SEATS",
    "SERVERS",
    "build_parser",
    "installed_versions",
    "main",
]


def build_parser() -> argparse.ArgumentParser:
    """Build the argument parser for ``landlord``: the sub-commands in the order
    ``landlord --help`` lists them."""
    parser = argparse.ArgumentParser(
        prog="landlord",
        description=(
            "Play and measure Lizzie Magie's Landlord's Game, her single-tax rules "
            "and the games that followed."
        ),
    )
    parser.add_argument("--version", action="version", version=f"landlord {landlord.__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    commands.required = True
    for add in (
        add_info,
        add_rules,
        add_play,
        add_compare,
        add_simulate_and_sweep,
        add_landing,
        add_rents,
        add_claim,
        add_serve,
        add_class,
        add_replay,
    ):
        add(commands)
    return parser


#: The commands that start servers: a process running one keeps Python's and the
#: machine's defaults (its kernels and workers inherit its environment).
SERVERS = ("serve", "class")
#: The garbage collector's young-generation threshold in a process running one command
#: (Python's is 700). Starting an experiment imports numpy, pandas and numba, about a
#: million objects, and with 700 the collector ran about 400 times over them: a tenth of
#: a cold ``landlord compare``'s CPU time. Young garbage still goes within 10,000
#: allocations, and the older generations keep Python's thresholds.
GC_YOUNG = 10_000


def _as_a_program(command: str) -> None:
    """Settings for a process started to run one command (``landlord COMMAND`` or
    ``python -m landlord COMMAND``; not :func:`main` called from Python):

    * OpenBLAS plays on one thread (``OPENBLAS_NUM_THREADS``, unless set): numpy starts
      its threads as it is imported, and they spin a while for work that never comes (the
      kit's matrices are a few dozen rows);
    * the garbage collector's young generation is larger (:data:`GC_YOUNG`);
    * at exit, after the exit handlers, every object left is frozen (``gc.freeze``) so
      that Python's last collections pass over none of them: numba's and pandas's objects
      made the exit alone cost about a quarter of a second of CPU. The process ends
      straight after; files are closed by then (:mod:`landlord.writing`).

    A server (:data:`SERVERS`) is left as it is."""
    if command in SERVERS:
        return
    import atexit
    import gc

    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    gc.set_threshold(GC_YOUNG, *gc.get_threshold()[1:])
    atexit.register(gc.freeze)


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    given = sys.argv[1:] if argv is None else list(argv)
    if argv is None:
        _as_a_program(given[0] if given else "")
    if given[:1] == ["class"]:  # its own options and help (landlord.classroom)
        return the_class_server(given[1:])
    args, unknown = build_parser().parse_known_args(argv)
    if unknown:  # refused by the command's own parser, which prints the command's usage
        args.parser.error(f"unrecognized arguments: {' '.join(unknown)}")
    try:
        return args.run(args)
    except BrokenPipeError:
        # The reader went away (``landlord rules | head``): stop quietly.
        sys.stderr.close()
        return 0
    except WrittenThenInterrupted:
        # Ctrl-C while a set of files was put in place: the set was put in place whole.
        print(
            f"landlord {args.command}: interrupted as the files were put in place; "
            "they were written whole",
            file=sys.stderr,
        )
        return 130
    except KeyboardInterrupt:
        # Ctrl-C: files being written are left as they were (landlord.writing).
        print(f"landlord {args.command}: interrupted; no file was changed", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
