"""``python -m landlord.classroom``: serve a class on the local network (``make class``).

It refuses to start without a class password: ``--password WORDS`` (8
characters at least) or ``--new-token`` (a fresh one, printed). It prints the
students' address with a QR code, and the teacher's link, which only the
terminal shows. The class is kept in a store (``--folder``, a SQLite file, or
``--store``, a PostgreSQL URL): started again on the same store, the server
goes on with the lesson that has not ended, every table as it was.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import secrets
import signal
import socket
import sys
from pathlib import Path

from landlord.classroom.door import SEATS_PER_ADDRESS, SEATS_PER_ADDRESS_BEHIND_PROXY
from landlord.classroom.kept import GAMES as KEPT_GAMES
from landlord.classroom.kept import UNTIL_ROUND
from landlord.classroom.lesson import GROUP, SHORTEST_KEY, Lesson
from landlord.classroom.store import StoreError, open_store
from landlord.classroom.tables import CODE_LETTERS
from landlord.classroom.yardstick import SIMULATED_GAMES

#: The port ``make class`` serves on.
PORT = 8870


def build_parser(prog: str = "python -m landlord.classroom") -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=prog,
        description="Serve a class: tables across the students' devices and the teacher's "
        "dashboard, on the local network.",
    )
    secret = parser.add_mutually_exclusive_group()
    secret.add_argument(
        "--password",
        metavar="WORDS",
        help=f"the class password students type ({SHORTEST_KEY} characters at least; "
        "the environment variable LANDLORD_CLASS_PASSWORD works too)",
    )
    secret.add_argument(
        "--new-token",
        action="store_true",
        help="make a fresh class password for a new lesson and print it (a lesson that "
        "goes on keeps its own)",
    )
    parser.add_argument(
        "--folder",
        type=Path,
        default=Path("classes"),
        help="the folder that keeps the class (a SQLite file; default ./classes, made if missing)",
    )
    parser.add_argument(
        "--store", metavar="URL", help="a PostgreSQL URL instead of the folder (postgresql://...)"
    )
    parser.add_argument("--port", type=port_number, default=PORT, help=f"default {PORT}")
    parser.add_argument(
        "--ip",
        default="0.0.0.0",
        help="the address to listen on (default 0.0.0.0: every network of this machine; "
        "127.0.0.1 for this machine only)",
    )
    parser.add_argument(
        "--base-url", default="/", help="the path the class is served under (behind a proxy)"
    )
    parser.add_argument(
        "--behind-proxy",
        nargs="?",
        type=_hops,
        const=1,
        default=0,
        metavar="HOPS",
        help="read each visitor's address from X-Forwarded-For as the proxy in front wrote it "
        "(HOPS proxies in a row, default 1; the wrong-password and connection limits count per "
        "address); only behind a proxy that sets it, such as JupyterHub's",
    )
    parser.add_argument(
        "--seats-per-address",
        type=_seats,
        default=0,
        metavar="N",
        help=f"seats one address may take in ten minutes (default {SEATS_PER_ADDRESS}, and "
        f"{SEATS_PER_ADDRESS_BEHIND_PROXY} behind a proxy); raise it when the class's devices "
        "share one address",
    )
    parser.add_argument(
        "--public-url",
        metavar="URL",
        help="the address students open, printed and in the QR code, when it is not this "
        "machine's (behind a proxy: https://hub.school.example/services/landlord-class/)",
    )
    parser.add_argument(
        "--class",
        dest="group",
        default=GROUP,
        metavar="NAME",
        help="the class's name in the store, so several classes can share one store "
        f"(default {GROUP!r}); servers of one class on several machines give the same name",
    )
    parser.add_argument(
        "--new-lesson",
        action="store_true",
        help="start a new lesson even if the store has one that has not ended",
    )
    parser.add_argument("--title", default="", help="the lesson's title, kept with its games")
    parser.add_argument(
        "--yardstick-games",
        type=_games,
        default=SIMULATED_GAMES,
        metavar="N",
        help=f"simulated games per rule set the dashboard sets the class against (default "
        f"{SIMULATED_GAMES:,}; 0 for none)",
    )
    parser.add_argument(
        "--kept-playing-games",
        type=_games,
        default=KEPT_GAMES,
        metavar="N",
        help=f"times a table's game is played on to round {UNTIL_ROUND} under each set of "
        f'rules when someone presses "What if we kept playing?" (default {KEPT_GAMES}; '
        "0 for no such button)",
    )
    return parser


def port_number(text: str) -> int:
    """A port to listen on, from the command line (``landlord class``, ``landlord serve``)."""
    if not text.isdigit() or not 1 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"a port is a number from 1 to 65535, not {text!r}")
    return int(text)


def _games(text: str) -> int:
    if not text.isdigit() or int(text) > 100_000:
        raise argparse.ArgumentTypeError(f"a number of games from 0 to 100000, not {text!r}")
    return int(text)


def _seats(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= 1000:
        raise argparse.ArgumentTypeError(f"a number of seats from 1 to 1000, not {text!r}")
    return int(text)


def _hops(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= 8:
        raise argparse.ArgumentTypeError(f"a number of proxies from 1 to 8, not {text!r}")
    return int(text)


def lan_address() -> str:
    """This machine's address on its local network (no packet is sent), or 127.0.0.1."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.254.254.254", 1))
            return probe.getsockname()[0]
        except OSError:
            return "127.0.0.1"


def new_password() -> str:
    """A fresh class password: eight letters easy to read off a projector."""
    return "".join(secrets.choice(CODE_LETTERS.lower()) for _ in range(8))


def qr_code(text: str) -> tuple[str, str]:
    """``text`` as a QR code: (for the terminal, as SVG for the dashboard)."""
    import io

    import segno

    code = segno.make(text, error="m")
    terminal = io.StringIO()
    code.terminal(out=terminal, compact=True, border=2)
    svg = code.svg_inline(scale=4, border=2, dark="#000", light="#fff", omitsize=True)
    return terminal.getvalue(), svg


def main(argv: list[str] | None = None, prog: str = "python -m landlord.classroom") -> int:
    parser = build_parser(prog)
    args = parser.parse_args(argv)
    for package in ("tornado", "segno"):
        try:
            __import__(package)
        except ImportError:
            parser.error(
                f"the class server needs {package}, which comes with the notebook extra: "
                "pip install 'landlord-kit[notebook]'"
            )
    password = args.password or os.environ.get("LANDLORD_CLASS_PASSWORD", "")
    if args.new_token:
        password = new_password()
    if not password:
        parser.error(
            "a class needs a password: give --password WORDS or --new-token "
            "(make class makes a new one)"
        )
    if len(password) < SHORTEST_KEY:
        parser.error(f"the class password needs {SHORTEST_KEY} characters at least")
    base = args.base_url if args.base_url.endswith("/") else args.base_url + "/"
    if not base.startswith("/"):
        parser.error(f"--base-url starts with '/', not {args.base_url!r}")
    try:
        if args.store:
            store = open_store(args.store)
        else:
            args.folder.mkdir(parents=True, exist_ok=True)
            store = open_store(args.folder)
    except (StoreError, OSError) as error:
        parser.error(str(error))
    lesson = None if args.new_lesson else Lesson.resume(store, group=args.group)
    if lesson is not None and not args.new_token and password != lesson.key:
        parser.error(
            f"the store's lesson {lesson.code} has another password; give it, or --new-token "
            "or --new-lesson to start a new lesson"
        )
    if lesson is None:
        lesson = Lesson.start(store, password, args.title, args.group)
        how = "a new lesson"
    else:
        how = f"going on with lesson {lesson.code} ({len(lesson.tables)} tables)"
    host = lan_address() if args.ip in {"0.0.0.0", "::"} else args.ip
    student_url = f"http://{host}:{args.port}{base}"
    teacher_url = f"http://127.0.0.1:{args.port}{base}"
    if args.public_url:
        if not args.public_url.startswith(("http://", "https://")):
            parser.error(f"--public-url starts with http:// or https://, not {args.public_url!r}")
        student_url = teacher_url = args.public_url.rstrip("/") + "/"
    terminal_qr, svg_qr = qr_code(f"{student_url}?key={lesson.key}")
    links = (student_url, teacher_url)
    return serve(lesson, args, base, links, terminal_qr, svg_qr, how, store.name)


def serve(lesson, args, base, links, terminal_qr, svg_qr, how, store_name) -> int:
    import tornado.httpserver

    from landlord import server_guard
    from landlord.batch import readiness
    from landlord.classroom.app import make_app
    from landlord.classroom.server import ClassServer, start_sync

    student_url, teacher_url = links
    server = ClassServer(
        lesson, student_url, svg_qr, args.yardstick_games, kept_games=args.kept_playing_games
    )
    app = make_app(server, base, args.behind_proxy, args.seats_per_address)

    # A student's script holding connections half-open cannot take the server's files:
    # more of them (the soft limit raised), each for seconds, not Tornado's hour.
    server_guard.raise_open_file_limit()
    server_guard.quiet_accept_errors("asyncio", "landlord.classroom")

    async def run() -> None:
        http = tornado.httpserver.HTTPServer(
            app, max_body_size=65_536, xheaders=False, **server_guard.tornado_timeouts()
        )
        try:
            server_guard.listen_guarded(
                http, args.port, args.ip, logging.getLogger("landlord.classroom")
            )
        except OSError as error:
            print(f"landlord class: cannot listen on {args.ip}:{args.port} ({error})",
                  file=sys.stderr)  # fmt: skip
            raise SystemExit(1) from None
        sync = start_sync(server)
        readiness.start_if_needed()  # the batch path compiles in a process of its own
        server.measure()  # a lesson that goes on: its yardsticks again
        print(
            f"landlord class: {how}, kept in {store_name}\n\n"
            f"Students open {student_url}  (class password: {lesson.key})\n"
            f"or scan:\n{terminal_qr}\n"
            f"Teacher (keep this link to yourself):\n"
            f"  {teacher_url}teacher?key={lesson.teacher_key}\n"
            "Ctrl-C stops the server; start it again on the same store to go on.",
            flush=True,
        )
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(signum, stop.set)
        await stop.wait()
        sync.stop()
        http.stop()
        server.stop()
        lesson.store.close()

    asyncio.run(run())
    print("landlord class: stopped; the class is kept", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
