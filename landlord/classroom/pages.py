"""The class server's pages: plain HTML, one stylesheet, a small script each.

The pages work at 1024x700, on a projector and on a tablet (no hover is
needed: every control is a button, a link, a menu or a form field), and read
in order with a screen reader: one ``<main>``, headings, labelled fields, and
the table's state in a live region.
"""

from __future__ import annotations

import html

__all__ = ["enter_page", "join_page", "message_page", "table_page", "teacher_page"]


def _page(base: str, title: str, body: str, script: str = "", data: str = "") -> str:
    tag = f"<script src='{base}static/{script}' defer></script>" if script else ""
    return (
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>"
        "<link rel='icon' href='data:,'>"
        f"<title>{html.escape(title)}</title>"
        f"<link rel='stylesheet' href='{base}static/class.css'>{tag}</head>"
        f"<body{data}>{body}</body></html>"
    )


def _error(error: str) -> str:
    return f"<p class='error' role='alert'>{html.escape(error)}</p>" if error else ""


def enter_page(base: str, xsrf: str, error: str = "") -> str:
    """Asks for the class password (the QR code's link carries it)."""
    body = (
        "<main class='narrow'><h1>The Landlord's Game: join your class</h1>"
        f"{_error(error)}"
        f"<form method='post' action='{base}enter'>{xsrf}"
        "<label for='key'>Class password (on the teacher's screen)</label>"
        "<input id='key' name='key' autocomplete='off' autocapitalize='none' required "
        "maxlength='64'><button type='submit'>Go on</button></form></main>"
    )
    return _page(base, "Join your class", body)


def join_page(
    base: str,
    xsrf: str,
    held: list[tuple[str, str]],
    error: str = "",
    code: str = "",
    name: str = "",
) -> str:
    """Asks for a table's code and the student's name; lists the seats this browser holds."""
    mine = ""
    if held:
        links = "".join(
            f"<li><a href='{base}table/{html.escape(table)}'>table {html.escape(table)}: "
            f"{html.escape(title)}</a></li>"
            for table, title in held
        )
        mine = f"<h2>Your seats</h2><ul>{links}</ul>"
    body = (
        "<main class='narrow'><h1>Join a table</h1>"
        f"{_error(error)}"
        f"<form method='post' action='{base}join'>{xsrf}"
        "<label for='table'>Table code (four letters, on the teacher's screen)</label>"
        f"<input id='table' name='table' value='{html.escape(code, quote=True)}' required "
        "maxlength='8' autocomplete='off' autocapitalize='characters' spellcheck='false'>"
        "<label for='name'>Your name at the table</label>"
        f"<input id='name' name='name' value='{html.escape(name, quote=True)}' required "
        "maxlength='24' autocomplete='off'>"
        f"<button type='submit'>Take a seat</button></form>{mine}</main>"
    )
    return _page(base, "Join a table", body)


def table_page(base: str, code: str, title: str, seat_name: str) -> str:
    """A table's page; its script fills it from the server's live connection."""
    you = (
        f"You play <b>{html.escape(seat_name)}</b>."
        if seat_name
        else f"You are watching. <a href='{base}'>Join a table</a> to play."
    )
    body = (
        "<header class='bar'><h1>Table "
        f"{html.escape(code)}: {html.escape(title)}</h1><p>{you} "
        "<span id='link' class='link' role='status'></span></p></header>"
        "<main class='table'>"
        "<section class='turn' aria-labelledby='turn-heading'>"
        "<h2 id='turn-heading'>Now</h2>"
        "<p id='status' aria-live='polite'>Connecting…</p>"
        "<p id='problem' class='error' role='alert'></p>"
        "<div id='actions'></div></section>"
        "<section class='board' aria-label='The board'><div id='board'></div>"
        "<details><summary>The board in words</summary><div id='words'></div></details>"
        "</section>"
        "<section class='side'>"
        "<h2 class='visually-hidden'>Where the land rent went, and the poorest player</h2>"
        "<div id='lead'></div><div id='players'></div>"
        "<h2>Gini of net worth</h2><div id='chart'></div>"
        "<div class='keep'><button type='button' id='keep-playing' hidden>"
        "What if we kept playing?</button>"
        "<p id='kept-status' class='kept-status' aria-live='polite' tabindex='-1'></p></div>"
        "<h2>What happened</h2><div id='log' class='log' tabindex='0' "
        "aria-label='What happened, the newest first'></div></section>"
        "<div id='kept-panel' class='kept-panel'></div></main>"
    )
    return _page(
        base,
        f"Table {code}",
        body,
        "table.js",
        f" data-live='{html.escape(base, quote=True)}table/{html.escape(code, quote=True)}/live'",
    )


def teacher_page(
    base: str, student_url: str, key: str, qr_svg: str, rule_sets: list[tuple[str, str]]
) -> str:
    """The teacher's dashboard: how to join, setting up tables, and every table live."""
    options = "".join(
        f"<option value='{html.escape(rules_id)}'>{html.escape(text)}</option>"
        for text, rules_id in rule_sets
    )
    second = "<option value=''>(only the first)</option>" + options
    body = (
        "<header class='bar'><h1>Your class</h1>"
        "<div class='join-info'><div class='qr' role='img' aria-label='QR code of the "
        f"address below'>{qr_svg}</div><p>Students open <b class='big'>"
        f"{html.escape(student_url)}</b><br>Class password: <b class='big' id='class-key'>"
        f"{html.escape(key)}</b></p></div></header>"
        "<main class='teacher'>"
        "<section aria-labelledby='setup-heading'><h2 id='setup-heading'>Add tables</h2>"
        "<form id='add' class='row'>"
        "<label>Tables <input name='count' type='number' min='1' max='16' value='2'></label>"
        "<label>Players at each <input name='seats' type='number' min='2' max='4' "
        "value='4'></label>"
        f"<label>Rule set <select name='rules'>{options}</select></label>"
        f"<label>Every other table plays <select name='second'>{second}</select></label>"
        "<label>Seed (optional) <input name='seed' type='number' min='0' max='2147483647' "
        "inputmode='numeric'></label>"
        "<button type='submit'>Add the tables</button></form>"
        "<p class='hint'>With a second rule set, tables come in pairs on the same dice. "
        "A seed gives the same dice as another class given it; without one, fresh dice.</p>"
        "</section>"
        "<section aria-labelledby='class-heading'><h2 id='class-heading'>The class</h2>"
        "<div class='row'>"
        "<button type='button' data-command='start_all'>Start every table (bots fill empty "
        "seats)</button>"
        "<button type='button' data-command='pause' id='pause'>Pause every table</button>"
        "<button type='button' data-command='resume' id='resume'>Resume</button>"
        "<button type='button' data-command='end' id='end'>End the lesson</button>"
        "<button type='button' data-command='keep_playing_all' id='keep-playing-all'>"
        "What if every table kept playing?</button>"
        f"<a href='{base}teacher/games.json' download>Download the games (JSON)</a>"
        f"<a href='{base}teacher/results.csv' download>Download the results (CSV)</a></div>"
        "<p id='lesson-status' aria-live='polite'></p>"
        "<p id='problem' class='error' role='alert'></p>"
        "<div id='tables' class='cards'></div></section>"
        "<section aria-labelledby='experiment-heading'>"
        "<h2 id='experiment-heading'>The class as an experiment</h2>"
        "<div id='experiment' aria-live='off'></div></section></main>"
    )
    return _page(
        base,
        "Your class",
        body,
        "teacher.js",
        f" data-live='{html.escape(base, quote=True)}teacher/live'",
    )


def message_page(base: str, title: str, text: str) -> str:
    """A short page with one message (a missing table, a refused key, a full server)."""
    body = (
        f"<main class='narrow'><h1>{html.escape(title)}</h1><p>{html.escape(text)}</p>"
        f"<p><a href='{base}'>Back to the start</a></p></main>"
    )
    return _page(base, title, body)
