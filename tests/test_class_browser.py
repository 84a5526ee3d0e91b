"""Browser tier: a class plays together (``python -m landlord.classroom``).

The teacher and four students each have their own Chromium context (their own
cookies: four devices). The teacher adds a table; the students join it by its
code and play it to round 3 by clicking on their own screens; one student
reloads in the middle of the turn and goes on in the same seat; the teacher's
dashboard follows. A second test races two moves on one table and checks that
its history did not fork.
"""

from __future__ import annotations

import json
import time

import pytest
from class_server import class_server
from conftest import PageProblems, free_port

from landlord.classroom.lesson import Lesson
from landlord.classroom.store import open_store

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

NAMES = ("Ann", "Bob", "Cleo", "Dev")
LAPTOP = {"width": 1024, "height": 700}
TABLET = {"width": 768, "height": 1024}


def open_page(browser, viewport, problems: list[PageProblems], **options):
    context = browser.new_context(viewport=viewport, **options)
    page = context.new_page()
    watch = PageProblems()
    watch.watch(page)
    problems.append(watch)
    return page


#: The seed the teacher gives the tables in these tests.
SEED = "7"


def add_table(teacher, seats: int = 4) -> str:
    """Add one table on the dashboard, on the tests' seed; return its code."""
    before = teacher.locator(".card").count()
    teacher.get_by_label("Tables", exact=True).fill("1")
    teacher.get_by_label("Players at each").fill(str(seats))
    teacher.get_by_label("Seed (optional)").fill(SEED)
    teacher.get_by_role("button", name="Add the tables").click()
    teacher.locator(".card").nth(before).wait_for()
    return teacher.locator(".card .code").nth(before).inner_text()


def join(page, links, code: str, name: str) -> None:
    page.goto(links.student)
    page.get_by_label("Table code").fill(code.lower())  # typed in small letters
    page.get_by_label("Your name").fill(name)
    page.get_by_role("button", name="Take a seat").click()
    page.wait_for_url(f"**/table/{code}")
    page.wait_for_selector("body[data-seq]")


def two_seat_table(browser, links, problems: list[PageProblems]):
    """The teacher adds a table of two; Ann joins it, a bot takes the other seat, and
    Ann starts the game. Returns Ann's page (at the deal's first question)."""
    teacher = open_page(browser, {"width": 1366, "height": 900}, problems)
    teacher.goto(links.teacher)
    code = add_table(teacher, seats=2)
    ann = open_page(browser, LAPTOP, problems)
    join(ann, links, code, "Ann")
    teacher.get_by_label(f"Seat 2 of table {code}").select_option("eager_landlord")
    ann.get_by_role("button", name="Start the game").click()
    wait_all_at([ann], 3)  # two seats taken, then the start: entry 3 is the first answer
    ann.teacher = teacher
    ann.code = code
    return ann


def seq_of(page) -> int:
    return int(page.get_attribute("body", "data-seq") or -1)


def wait_all_at(pages, seq: int, timeout: float = 10) -> None:
    """Wait until every page shows the table at entry ``seq`` or later."""
    for page in pages:
        page.wait_for_function(
            "seq => Number(document.body.dataset.seq) >= seq", arg=seq, timeout=timeout * 1000
        )


def buttons_on(page) -> int:
    return page.locator("#actions button.act").count()


def round_of(page) -> int:
    status = page.locator("#status").inner_text()
    if status.startswith("Round "):
        return int(status.split()[1].rstrip(":"))
    return 0


def click_first(page) -> None:
    """Answer as a student would: the first button, opening a group if need be."""
    visible = page.locator("#actions button.act:visible")
    if visible.count() == 0:
        page.locator("#actions summary").first.click()
    page.locator("#actions button.act:visible").first.click()


def test_four_devices_play_a_table_to_round_3_and_the_teacher_sees_it(browser, tmp_path):
    problems: list[PageProblems] = []
    with class_server(tmp_path) as links:
        teacher = open_page(browser, {"width": 1366, "height": 900}, problems)
        teacher.goto(links.teacher)
        teacher.get_by_role("heading", name="Your class").wait_for()
        code = add_table(teacher)
        students = []
        for number, name in enumerate(NAMES):
            viewport = TABLET if number == 3 else LAPTOP
            page = open_page(browser, viewport, problems, has_touch=number == 3)
            join(page, links, code, name)
            students.append(page)
        card = teacher.locator(f"#card-{code}")
        card.get_by_text("Every seat is taken").wait_for()
        # Only the seated may start; it shows on every device, and starts once.
        students[2].get_by_role("button", name="Start the game").click()
        wait_all_at(students, 5)
        reloaded = False
        moves = 0
        while round_of(students[0]) < 3:
            seq = seq_of(students[0])
            wait_all_at(students, seq)
            asked = [page for page in students if buttons_on(page)]
            # The buttons are on one device only: the seat asked, or whose turn it is.
            assert len(asked) == 1, [page.locator("#status").inner_text() for page in students]
            page = asked[0]
            name = NAMES[students.index(page)]
            assert name in page.locator("#status").inner_text()
            if not reloaded and moves >= 6:
                # A reload in the middle of a turn: same seat, same question, go on.
                question = page.locator("#actions").inner_text()
                page.reload()
                page.wait_for_selector("body[data-seq]")
                assert seq_of(page) == seq
                assert page.locator("#actions").inner_text() == question
                assert f"You play {name}." in page.locator("header").inner_text()
                reloaded = True
            click_first(page)
            wait_all_at(students, seq + 1)
            moves += 1
            assert moves < 400, "round 3 not reached in 400 moves"
        assert reloaded
        # Every device shows the same table; the teacher's card follows it.
        seq = seq_of(students[0])
        wait_all_at(students, seq)
        boards = {page.locator("#board").inner_html() for page in students}
        logs = {page.locator("#log").inner_text() for page in students}
        assert len(boards) == 1
        assert len(logs) == 1
        teacher.wait_for_function(
            "([code, seq]) => document.getElementById('card-' + code).dataset.seq === seq",
            arg=[code, str(seq)],
            timeout=10_000,
        )
        assert "Round 3" in card.locator(".state").inner_text()
        assert "Gini" in card.locator(".state").inner_text()
        for name in NAMES:
            assert f"{name}: here" in card.locator(".seats").inner_text()
        # The downloads hold the game as it stands.
        games = json.loads(teacher.request.get(f"{links.base}/teacher/games.json").text())
        (table,) = games["tables"]
        assert table["code"] == code
        assert len(table["entries"]) == seq
        assert [seat["name"] for seat in table["seats"]] == list(NAMES)
        assert all("token" not in entry for entry in table["entries"])
        csv = teacher.request.get(f"{links.base}/teacher/results.csv").text()
        assert csv.splitlines()[0].startswith("table,rules,pair,seed,round,player")
        assert f"{code},landlords_game," in csv
        # The class as an experiment: the table against the simulated games, at round 2.
        panel = teacher.locator("#experiment")
        panel.get_by_text("Compared at round 2").wait_for(timeout=60_000)
        assert f"table {code}: " in panel.inner_text()
        assert "200 games of each rule set, played by bots" in panel.inner_text()
        # The teacher pauses every table: no device has buttons; resume gives them back.
        asked = next(page for page in students if buttons_on(page))
        teacher.get_by_role("button", name="Pause every table").click()
        for page in students:
            page.get_by_text("Paused by the teacher").wait_for()
        assert buttons_on(asked) == 0
        teacher.get_by_role("button", name="Resume").click()
        asked.locator("#actions button.act").first.wait_for()
        # A student leaves; the teacher puts a bot in the seat, and the game goes on.
        students[1].context.close()
        card.get_by_text("Bob: away").wait_for(timeout=20_000)
        teacher.get_by_label(f"Seat 2 of table {code}").select_option("cautious_tenant")
        card.get_by_text("Bob: bot: cautious tenant").wait_for()
        # The end of the lesson: every screen says so, and no move is taken after it.
        teacher.once("dialog", lambda dialog: dialog.accept())
        teacher.get_by_role("button", name="End the lesson").click()
        for page in (students[0], students[2], students[3]):
            page.get_by_text("The lesson has ended.").wait_for()
            assert buttons_on(page) == 0
        assert "The lesson has ended." in teacher.locator("#lesson-status").inner_text()
    errors = [error for watch in problems for error in watch.errors]
    assert not errors, errors


#: Names a mischievous student may type: markup, which every screen shows as text.
MARKUP_NAMES = ("<b id=evil>x</b>", "<style>*{display:none}")


def test_names_made_of_markup_show_as_text_on_every_screen(browser, tmp_path):
    problems: list[PageProblems] = []
    with class_server(tmp_path) as links:
        teacher = open_page(browser, {"width": 1366, "height": 900}, problems)
        teacher.goto(links.teacher)
        code = add_table(teacher, seats=2)
        students = []
        for name in MARKUP_NAMES:
            page = open_page(browser, LAPTOP, problems)
            join(page, links, code, name)
            students.append(page)
        students[1].get_by_role("button", name="Start the game").click()
        wait_all_at(students, 3)  # two seats taken, then the start: a player is asked
        (asked,) = [page for page in students if buttons_on(page)]
        name = MARKUP_NAMES[students.index(asked)]
        for page in (*students, teacher):
            assert page.locator("#evil").count() == 0
            assert page.locator("style", has_text="display:none").count() == 0
        for page in students:
            assert f"{name} is asked: " in page.locator("#status").inner_text()
            assert page.locator("#status").is_visible()
        assert asked.locator("#actions button.act").first.is_visible()
        card = teacher.locator(f"#card-{code}")
        card.get_by_text(f"{name} is asked: ").wait_for()
        for each in MARKUP_NAMES:
            assert f"{each}: here" in card.locator(".seats").inner_text()
        assert card.locator(".seat-control").first.is_visible()
    errors = [error for watch in problems for error in watch.errors]
    assert not errors, errors


def wait_for_refusal(pages, words: str, timeout: float = 20) -> str:
    """Wait until one of ``pages`` shows ``words`` in its problem line; return the lines."""
    deadline = time.monotonic() + timeout
    while True:
        said = " ".join(page.locator("#problem").inner_text() for page in pages)
        if words in said:
            return said
        assert time.monotonic() < deadline, f"no page said {words!r}: {said!r}"
        pages[0].wait_for_timeout(50)


def count_moves_sent(page) -> None:
    """Count the moves the table page sends its server (every message but keep_playing)."""
    page.evaluate(
        """() => {
            const send = WebSocket.prototype.send;
            window.movesSent = 0;
            WebSocket.prototype.send = function (data) {
                if (JSON.parse(data).kind !== "keep_playing") window.movesSent += 1;
                return send.call(this, data);
            };
        }"""
    )


def moves_sent(page) -> int:
    return page.evaluate("() => window.movesSent")


def test_two_moves_raced_on_one_table_leave_one_history(browser, tmp_path):
    """One student's two tabs, each on its own server of the class (two processes on
    one store), click at the same instant, five times: each time one move is taken,
    the other is refused, and the store holds one history."""
    problems: list[PageProblems] = []
    with class_server(tmp_path) as first, class_server(tmp_path) as second:
        assert "going on with lesson" in second.log.read_text()
        ann = two_seat_table(browser, first, problems)
        code = ann.code
        # The same student's cookies in a window of its own (a second tab of one window
        # is in the background, where the browser holds its timers back), on the other
        # server.
        twin = open_page(browser, LAPTOP, problems)
        twin.context.add_cookies(ann.context.cookies())
        twin.goto(ann.url.replace(first.base, second.base))
        twin.wait_for_selector("body[data-seq]")
        for _ in range(5):
            seq = seq_of(ann)
            wait_all_at([twin], seq)
            assert buttons_on(ann)
            assert buttons_on(twin)
            # Both tabs click their first button at the same instant by the clock.
            at = ann.evaluate("() => Date.now() + 400")
            for page in (ann, twin):
                page.evaluate(
                    """at => setTimeout(() => document.querySelector('#actions button.act')
                                                 .click(), at - Date.now())""",
                    at,
                )
            wait_all_at([ann, twin], seq + 1)
            # Both clicks answered: one taken, the other refused (had both been taken, no
            # refusal would come and this would time out).
            refused = wait_for_refusal([ann, twin], "moved on")
            assert seq_of(ann) == seq_of(twin) == seq + 1  # one click of the two was taken
            assert "moved on" in refused
        # Each click was either taken or refused; never both taken at the same number.
        store = open_store(tmp_path)
        lesson = Lesson.resume(store)
        entries = store.entries(lesson.code, code)
        assert [number for number, _ in entries] == list(range(len(entries)))
        assert lesson.tables[code].seq == seq_of(ann) == seq_of(twin)
        moves = [entry for _, entry in entries if entry["kind"] in {"move", "throw"}]
        assert len(moves) >= 5
        store.close()
    errors = [error for watch in problems for error in watch.errors]
    assert not errors, errors


def test_a_class_served_under_a_path_behind_a_proxy_works_there(browser, tmp_path):
    """As a JupyterHub service: every page, file and socket under --base-url, and the
    printed links are the public address."""
    problems: list[PageProblems] = []
    options = (
        "--base-url",
        "/services/landlord-class",
        "--public-url",
        "https://hub.example/services/landlord-class",
    )
    with class_server(tmp_path, *options) as links:
        printed = links.log.read_text()
        assert "Students open https://hub.example/services/landlord-class/ " in printed
        assert "https://hub.example/services/landlord-class/teacher?key=" in printed
        teacher_link = links.teacher.replace(
            "https://hub.example/services/landlord-class/",
            f"{links.base}/services/landlord-class/",
        )
        teacher = open_page(browser, {"width": 1366, "height": 900}, problems)
        teacher.goto(teacher_link)
        code = add_table(teacher, seats=2)
        student = open_page(browser, LAPTOP, problems)
        student.goto(f"{links.base}/services/landlord-class/?key={links.password}")
        student.get_by_label("Table code").fill(code)
        student.get_by_label("Your name").fill("Ann")
        student.get_by_role("button", name="Take a seat").click()
        student.wait_for_url(f"**/services/landlord-class/table/{code}")
        student.wait_for_selector("body[data-seq]")
        assert "Waiting for 1 more player" in student.locator("#status").inner_text()
        # Nothing answers outside the path.
        assert student.request.get(f"{links.base}/").status == 404
    errors = [error for watch in problems for error in watch.errors]
    assert not errors, errors


def test_a_crashed_server_started_again_loses_nothing_and_the_screens_reconnect(browser, tmp_path):
    """The server is killed (SIGKILL: no goodbye) in the middle of a game, then started
    again on the same folder: the student's and the teacher's pages reconnect by
    themselves to the same seat, the same table and the same game, and play goes on."""
    problems: list[PageProblems] = []
    port = free_port()
    with class_server(tmp_path, port=port) as links:
        ann = two_seat_table(browser, links, problems)
        teacher, code = ann.teacher, ann.code
        for _ in range(4):
            seq = seq_of(ann)
            click_first(ann)
            wait_all_at([ann], seq + 1)
        seq = seq_of(ann)
        board = ann.locator("#board").inner_html()
        question = ann.locator("#actions").inner_text()
        links.process.kill()
        links.process.wait()
        ann.get_by_text("Connection lost: reconnecting…").wait_for()
    for watch in problems:  # the lost connection's own console lines are expected
        watch.errors.clear()
    with class_server(tmp_path, port=port) as again:
        assert "going on with lesson" in again.log.read_text()
        ann.get_by_text("Connection lost: reconnecting…").wait_for(state="hidden", timeout=20_000)
        wait_all_at([ann], seq)
        assert seq_of(ann) == seq
        assert ann.locator("#board").inner_html() == board
        assert ann.locator("#actions").inner_text() == question
        click_first(ann)
        wait_all_at([ann], seq + 1)
        teacher.wait_for_function(
            "([code, seq]) => document.getElementById('card-' + code).dataset.seq === seq",
            arg=[code, str(seq + 1)],
            timeout=20_000,
        )
    errors = [error for watch in problems for error in watch.errors]
    errors = [error for error in errors if "ERR_CONNECTION_REFUSED" not in error]
    assert not errors, errors


def test_a_double_click_takes_one_decision(browser, tmp_path):
    """A 15-year-old double-clicks "buy": the second click must not answer the next
    question, which the server has put in the same place by then."""
    problems: list[PageProblems] = []
    with class_server(tmp_path) as links:
        ann = two_seat_table(browser, links, problems)
        count_moves_sent(ann)
        for _ in range(6):
            seq = seq_of(ann)
            sent = moves_sent(ann)
            # A person's double-click: the second click 150 ms after the first, on the
            # same spot (the server has answered the first long before).
            box = ann.locator("#actions button.act").first.bounding_box()
            x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
            ann.mouse.click(x, y)
            ann.wait_for_timeout(150)
            ann.mouse.click(x, y, click_count=2)
            # The clicks' handlers have run: one move went to the server, not two.
            assert moves_sent(ann) == sent + 1
            wait_all_at([ann], seq + 1)
            assert seq_of(ann) == seq + 1
            ann.locator("#actions button.act").first.wait_for()
    errors = [error for watch in problems for error in watch.errors]
    assert not errors, errors


def test_a_double_click_on_add_the_tables_adds_them_once(browser, tmp_path):
    problems: list[PageProblems] = []
    with class_server(tmp_path) as links:
        teacher = open_page(browser, {"width": 1366, "height": 900}, problems)
        teacher.goto(links.teacher)
        teacher.get_by_label("Tables", exact=True).fill("2")
        add = teacher.get_by_role("button", name="Add the tables")
        box = add.bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        teacher.mouse.click(x, y)
        teacher.wait_for_timeout(150)
        teacher.mouse.click(x, y, click_count=2)
        teacher.locator(".card").nth(1).wait_for()
        teacher.wait_for_timeout(1000)
        assert teacher.locator(".card").count() == 2
        assert "2 tables" in teacher.locator("#lesson-status").inner_text()
    errors = [error for watch in problems for error in watch.errors]
    assert not errors, errors


def test_after_the_end_the_dashboard_offers_only_what_still_works(browser, tmp_path):
    """The dashboard once offered Add, Start and Pause after "End the lesson"; now it
    keeps only the downloads and "What if every table kept playing?"."""
    problems: list[PageProblems] = []
    with class_server(tmp_path) as links:
        teacher = open_page(browser, {"width": 1366, "height": 900}, problems)
        teacher.goto(links.teacher)
        add_table(teacher, seats=2)
        gone = ("#add", "[data-command='start_all']", "#pause", "#resume", "#end", ".seats select")
        assert all(teacher.locator(found).first.is_visible() for found in gone[:2])
        teacher.on("dialog", lambda dialog: dialog.accept())
        teacher.locator("#end").click()
        teacher.wait_for_selector("body[data-ended='true']")
        for found in gone:
            assert not teacher.locator(found).first.is_visible(), found
        assert not teacher.get_by_role("heading", name="Add tables").is_visible()
        assert teacher.locator("#keep-playing-all").is_visible()
        assert teacher.get_by_role("link", name="Download the results (CSV)").is_visible()
        assert "The lesson has ended." in teacher.locator("#lesson-status").inner_text()
    errors = [error for watch in problems for error in watch.errors]
    assert not errors, errors
