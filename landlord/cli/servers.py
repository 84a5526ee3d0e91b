"""``landlord serve`` and ``landlord class``: the two servers, started from the command line.

``landlord serve`` runs the apps under Voila (:mod:`landlord.serve`); ``landlord class``
hands its arguments to the class server's own command line (:mod:`landlord.classroom`).
"""

from __future__ import annotations

import argparse
import os
from typing import Any

from landlord.cli.arguments import add_command


def _serve(args: argparse.Namespace) -> int:
    """Serve the apps (the notebooks as Voila web pages) on this machine."""
    import importlib.util

    from landlord.app_files import apps_folder, notebooks_folder

    if importlib.util.find_spec("voila") is None:
        args.parser.error("the apps need the notebook extra: pip install 'landlord-kit[notebook]'")
    print(
        f"landlord: open http://127.0.0.1:{args.port}/voila/render/welcome.ipynb  (Ctrl-C stops)",
        flush=True,
    )
    os.chdir(apps_folder())  # where voila.json says how the apps are served
    from landlord.serve.app import main as serve

    serve(
        [
            str(notebooks_folder()),
            "--no-browser",
            "--Voila.ip=127.0.0.1",
            f"--port={args.port}",
            "--Voila.port_retries=0",
        ]
    )
    return 0


def _port(text: str) -> int:
    """A port number to listen on (as ``landlord class`` reads one)."""
    from landlord.classroom.__main__ import port_number

    return port_number(text)


def _class(_args: argparse.Namespace) -> int:
    # Listed here for `landlord --help`; main hands `landlord class ...` on before parsing.
    return the_class_server([])


def the_class_server(argv: list[str]) -> int:
    """``landlord class ARGS``: the class server's own command line
    (:mod:`landlord.classroom`)."""
    from landlord.classroom.__main__ import main as class_main

    return class_main(argv, prog="landlord class")


def add_serve(commands: Any) -> None:
    """``landlord serve`` and its arguments."""
    serve = add_command(
        commands, "serve", _serve, "serve the apps on this machine (needs the notebook extra)"
    )
    serve.add_argument(
        "--port", type=_port, default=8866, help="the port to serve on (default 8866)"
    )


def add_class(commands: Any) -> None:
    """``landlord class``, listed for ``landlord --help``: its arguments are its own."""
    add_command(
        commands,
        "class",
        _class,
        "serve a class on the local network: tables across the students' devices and the "
        "teacher's dashboard (needs the notebook extra; landlord class --help)",
    )
