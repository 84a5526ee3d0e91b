"""Issue 35: a student's name is text on every screen, and one name is one person at a table.

A student may be called ``<b id=evil>x</b>``, ``<style>*{display:none}`` or
``<a href=//e.vil>win</a>``. What the class server sends a table's screens and
the teacher's cards is checked part by part, as the pages' scripts put it in
place: a part a script writes as HTML (``innerHTML``) holds no element a name
made, and a part written as text (the status: where the table is, the question
asked, "Winner: ..."; the teacher's card's state) may hold the name as typed.
The students play the Landlord's Game to its winner, and Monopoly until an
auction and a trade offer name one of them.

A name is made plain when a seat is joined (:mod:`landlord.classroom.names`):
"Ann", "A\\u200bnn" and "\\uff21nn" (a fullwidth A) cannot sit at one table, and a name
of invisible characters is refused with a sentence; the last test checks the
sentence reaches the student through the class server's join form.
"""

from __future__ import annotations

import html
import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from class_server import class_server
from test_class_security import Visitor, talk, teacher_visitor

from landlord.classroom.lesson import Lesson
from landlord.classroom.store import open_store
from landlord.classroom.tables import ClassTable, token_hash
from landlord.classroom.views import table_card, table_view

STATIC = Path(__file__).resolve().parent.parent / "landlord" / "classroom" / "static"
#: Names a mischievous student may type (each fits the 24 letters a name may have).
MARKUP_NAMES = ("<b id=evil>x</b>", "<style>*{display:none}", "<a href=//e.vil>win</a>")


class Elements(HTMLParser):
    """The elements of an HTML fragment, as (tag, attributes, the text they begin with)."""

    def __init__(self, fragment: str) -> None:
        super().__init__()
        self.found: list[tuple[str, dict[str, str | None], str]] = []
        self.feed(fragment)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.found.append((tag, dict(attrs), ""))

    def handle_data(self, data: str) -> None:
        if self.found and not self.found[-1][2]:
            self.found[-1] = (*self.found[-1][:2], data)


def made_by_names(fragment: str) -> list[tuple[str, dict[str, str | None], str]]:
    """The elements of ``fragment`` that one of :data:`MARKUP_NAMES` would make live (the
    board in words has a style sheet of its own)."""
    return [
        (tag, attrs, text)
        for tag, attrs, text in Elements(fragment).found
        if attrs.get("id") == "evil"
        or "e.vil" in (attrs.get("href") or "")
        or (tag == "style" and text.startswith("*{display:none}"))
    ]


def written_as(script: str) -> dict[str, set[str]]:
    """The parts of the server's view ``script`` puts in place, by how: the names in each
    array it writes (in a loop over it, or handing it to a function with the property's
    name) to ``innerHTML`` or to ``textContent``."""
    text = (STATIC / script).read_text()
    arrays = {
        name: set(re.findall(r'"(\w+)"', items))
        for name, items in re.findall(r"const (\w+) = \[([^\]]*)\];", text)
    }
    uses = re.findall(r"for \(const \w+ of (\w+)\) \{[^}]*\.(innerHTML|textContent) =", text)
    uses += re.findall(r"\(view, (\w+), \"(innerHTML|textContent)\"\)", text)
    ways: dict[str, set[str]] = {"innerHTML": set(), "textContent": set()}
    for array, way in uses:
        ways[way] |= arrays.get(array, set())
    return ways


def card_parts_written_as_html() -> set[str]:
    """The parts of a teacher's card that ``teacher.js`` puts in place as HTML (its state,
    which names the player asked, it writes as text)."""
    text = (STATIC / "teacher.js").read_text()
    assert re.search(r'querySelector\("\.state"\)\.textContent =\s+view\.status', text)
    return set(re.findall(r'part\(element, "[^"]+", view\.(\w+)\)', text))


def assert_names_are_text(table: ClassTable, names: tuple[str, ...]) -> None:
    """Every screen at ``table`` (each seat's, a watcher's) and the teacher's card show
    ``names`` as text."""
    ways = written_as("table.js")
    for seat in (*range(len(table.seats)), None):
        view = table_view(table, seat, connected=range(len(table.seats)))
        for part in ways["innerHTML"]:
            assert made_by_names(view[part]) == [], (part, view[part])
    assert "status" in ways["textContent"]
    view = table_view(table, 0)
    for name in names:
        assert html.escape(name) in view["players"]
    card = table_card(table, connected=(), paused=False, ended=False)
    for part in card_parts_written_as_html():
        assert made_by_names(card[part]) == [], (part, card[part])


def join(lesson: Lesson, code: str, seat: int, name: str) -> str | None:
    """A student takes ``seat`` under ``name`` (as the join form sends it); why not."""
    entry = {"kind": "join", "seat": seat, "name": name, "token": token_hash(f"key {seat}")}
    return lesson.act(code, entry)


def lesson_of(rules: str, names: tuple[str, ...], **options) -> tuple[Lesson, ClassTable]:
    """A lesson with one table of ``rules`` whose seats ``names`` have joined."""
    lesson = Lesson.start(open_store(":memory:"), key="password")
    (table,) = lesson.add_tables(1, seats=len(names), rules=(rules,), seed=3, options=options)
    for seat, name in enumerate(names):
        assert join(lesson, table.code, seat, name) is None
    return lesson, table


#: Clicks a test's table may take to reach what the test looks for.
MOST_CLICKS = 5000


def play(lesson: Lesson, table: ClassTable, answer, stop=lambda statuses: False) -> list[str]:
    """Play ``table`` on, each student asked taking the action ``answer(words)`` picks
    (given each action's words), until its end or until ``stop(statuses)``; return the
    statuses its screens showed."""
    statuses: list[str] = []
    for _ in range(MOST_CLICKS):
        seat = table.turn_seat()
        statuses.append(table_view(table, seat)["status"])
        if table.is_over or stop(statuses):
            return statuses
        if table.can_throw(seat):
            why = lesson.act(table.code, {"kind": "throw", "seat": seat})
        else:
            words = [table.game.describe(action) for action in table.game.legal_actions()]
            why = lesson.act(table.code, table.move_entry(seat, answer(words)))
        assert why is None
    raise AssertionError(f"table {table.code} is still playing: {statuses[-3:]}")


def test_at_the_landlord_s_game_names_are_text_from_the_first_seat_to_the_winner():
    lesson, table = lesson_of("landlords_game", MARKUP_NAMES, round_limit=3)
    assert_names_are_text(table, MARKUP_NAMES)  # the seats taken, before the start
    assert lesson.act(table.code, {"kind": "start"}) is None
    assert_names_are_text(table, MARKUP_NAMES)
    statuses = play(lesson, table, lambda words: 0)
    assert_names_are_text(table, MARKUP_NAMES)
    assert any(f"{MARKUP_NAMES[0]} is asked: " in status for status in statuses)
    assert re.search(r"Winners?: .*(<b id=evil>|<style>|<a href=)", statuses[-1])


def trader(words: list[str]) -> int:
    """A student at Monopoly who opens talks and offers a trade whenever he may, leaves
    every deed to the auction and bids the least."""
    for wanted in ("negotiate", "offer ", "decline", "bid "):
        for index, said in enumerate(words):
            if said.startswith(wanted):
                return index
    return 0


def test_at_monopoly_an_auction_and_an_offer_name_the_students_as_text():
    names = MARKUP_NAMES[::2]
    lesson, table = lesson_of("monopoly_us", names)
    assert lesson.act(table.code, {"kind": "start"}) is None
    asked: dict[str, str] = {}

    def naming_another(statuses: list[str]) -> bool:
        for words in ("highest bid is", "offers you"):
            if words in statuses[-1] and words not in asked:
                assert_names_are_text(table, names)
                asked[words] = statuses[-1]
        return len(asked) == 2

    play(lesson, table, trader, stop=naming_another)
    assert any(f" by {name}. Bid, or drop out?" in asked["highest bid is"] for name in names)
    assert any(f"{name} offers you " in asked["offers you"] for name in names)


# --- Names made plain when a seat is joined -----------------------------------------


@pytest.mark.parametrize(
    "again",
    ["Ann", "ann", "ANN", "A\u200bnn", "\uff21nn", "A\u200dn\u200cn", " Ann\u202e ", "Ann\x1b"],
    ids=["same", "small", "capitals", "zero-width space", "fullwidth", "joiners", "bidi", "esc"],
)
def test_a_name_that_looks_like_one_at_the_table_is_refused(again):
    lesson, table = lesson_of("landlords_game", ("Ann", "Bob"))
    lesson.act(table.code, {"kind": "seat", "seat": 1, "player": "open"})
    assert join(lesson, table.code, 1, again) == (
        f"Someone at table {table.code} is called Ann already: choose another name."
    )
    assert table.seats[1].player == "open"


@pytest.mark.parametrize(
    "nothing", ["\u200b", "\u202e", "\u3164", "\u200b \u2060\ufeff", "\x1b\x07", "\u2800"]
)
def test_a_name_that_shows_nothing_is_refused_with_a_sentence(nothing):
    lesson, table = lesson_of("landlords_game", ("Ann", "Bob"))
    lesson.act(table.code, {"kind": "seat", "seat": 1, "player": "open"})
    assert join(lesson, table.code, 1, nothing) == (
        "That name shows nothing on a screen: type your name."
    )
    assert join(lesson, table.code, 1, "   ") == "Type your name."


def test_a_name_is_seated_plain_and_its_length_counted_once_plain():
    lesson = Lesson.start(open_store(":memory:"), key="password")
    (table,) = lesson.add_tables(1, seats=3, seed=3)
    assert join(lesson, table.code, 0, "\uff23leo\u202e\n of\u00a0Tyre\u200b") is None
    assert table.seats[0].name == "Cleo of Tyre"
    assert join(lesson, table.code, 1, "Dev" + "\u200b" * 40) is None
    assert table.seats[1].name == "Dev"
    assert join(lesson, table.code, 2, "x" * 25) == "Your name is too long (24 letters at most)."


def test_during_a_game_a_reopened_seat_takes_its_player_s_name_not_another_s():
    lesson, table = lesson_of("landlords_game", ("Ann", "Bob"))
    assert lesson.act(table.code, {"kind": "start"}) is None
    assert lesson.act(table.code, {"kind": "seat", "seat": 1, "player": "open"}) is None
    assert "called Ann already" in join(lesson, table.code, 1, "\uff21NN")
    assert join(lesson, table.code, 1, "bob") is None  # Bob's own seat, under his name
    assert table.seats[1].holder == "bob"


def test_a_lesson_kept_before_names_were_made_plain_plays_back():
    store = open_store(":memory:")
    lesson = Lesson.start(store, key="password")
    (table,) = lesson.add_tables(1, seats=3, seed=3)
    # Entries the older rules let in: two names alike but for case, one of a lone U+200B.
    for seat, name in enumerate(("Sam", "sam", "\u200b")):
        entry = {"kind": "join", "seat": seat, "name": name, "token": token_hash(f"k{seat}")}
        assert store.append(lesson.code, table.code, seat, entry)
    again = Lesson.resume(store, lesson.code)
    assert [seat.name for seat in again.tables[table.code].seats] == ["Sam", "sam", "player 3"]


# --- Through the class server --------------------------------------------------------


@pytest.fixture(scope="module")
def classroom(tmp_path_factory):
    """A class server with one table of two, Ann in its first seat."""
    with class_server(tmp_path_factory.mktemp("class-names")) as links:
        teacher = teacher_visitor(links)
        add = {"kind": "add", "count": 1, "seats": 2, "rules": "landlords_game", "seed": 5}
        _, cards, _ = talk(links.base, "/teacher/live", teacher, [json.dumps(add)])
        (code,) = cards[-1]["lesson"]["tables"]
        yield links, code


def student(links) -> Visitor:
    visitor = Visitor(links.base)
    visitor.enter(links.password)
    return visitor


@pytest.mark.timeout(120)
def test_the_join_form_tells_the_student_why_a_name_is_refused(classroom):
    links, code = classroom
    ann = student(links)
    assert ann.join(code, MARKUP_NAMES[0]) == 200
    for name, why in (
        ("<B id=evil>x</b>", f"called {MARKUP_NAMES[0]} already"),
        ("\uff1cb id=evil\uff1ex</b>", f"called {MARKUP_NAMES[0]} already"),
        ("\u200b\u202e", "That name shows nothing on a screen: type your name."),
    ):
        status, page = student(links).post("/join", {"table": code, "name": name})
        assert status == 400
        assert html.escape(why) in page
    # The seat's own screen: the status names her as text, the other parts escape her.
    _, views, _ = talk(links.base, f"/table/{code}/live", ann)
    assert "&lt;b id=evil&gt;" in views[-1]["players"]
    assert made_by_names(views[-1]["players"]) == []
