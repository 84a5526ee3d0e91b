"""A class's tables without a browser: seats, entries, refusals, replays and the yardstick.

The class server's rules live in :mod:`landlord.classroom.tables` and
:mod:`landlord.classroom.lesson`; these tests drive them directly. A
property-based test plays random lessons (students' clicks, the teacher's
seat changes) and checks that the store gives the same games back, that a
refused entry changes nothing, and that money is conserved at every table.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
import time
import urllib.request

import pytest
from conftest import free_port
from hypothesis import given, settings
from hypothesis import strategies as st

from landlord.classroom.__main__ import lan_address
from landlord.classroom.__main__ import main as class_main
from landlord.classroom.downloads import lesson_document, results_csv
from landlord.classroom.lesson import MOST_TABLES, MOVED_ON, Lesson
from landlord.classroom.server import ClassServer
from landlord.classroom.store import open_store
from landlord.classroom.tables import token_hash
from landlord.classroom.views import gini_points, table_card, table_view
from landlord.classroom.yardstick import experiment_html, simulate
from landlord.experiments import game_seeds
from landlord.session import Session

#: The tables' seed in these tests (a lesson draws fresh seeds unless given one).
SEED = 11


def seated(lesson: Lesson, code: str, people: int, bot: str = "eager_landlord") -> None:
    """Seat ``people`` students (keys k0, k1, ...) and bots in the other seats; start."""
    table = lesson.tables[code]
    for seat in range(len(table.seats)):
        if seat < people:
            entry = {
                "kind": "join",
                "seat": seat,
                "name": f"P{seat}",
                "token": token_hash(f"k{seat}"),
            }
        else:
            entry = {"kind": "seat", "seat": seat, "player": bot}
        assert lesson.act(code, entry) is None
    assert lesson.act(code, {"kind": "start"}) is None


def click(lesson: Lesson, code: str, pick: int = 0) -> bool:
    """The person asked (or whose turn it is) takes choice ``pick`` (modulo the choices)."""
    table = lesson.tables[code]
    seat = table.turn_seat()
    if seat is None or table.seats[seat].player != "human" or lesson.paused or lesson.ended:
        return False  # nobody, or an open seat that waits for a student
    if table.can_throw(seat):
        return lesson.act(code, {"kind": "throw", "seat": seat}, table.seq) is None
    count = len(table.game.legal_actions())
    return lesson.act(code, table.move_entry(seat, pick % count), table.seq) is None


def test_a_table_waits_for_its_seats_and_only_the_asked_seat_moves():
    lesson = Lesson.start(open_store(":memory:"), key="password")
    (table,) = lesson.add_tables(1, seats=3, seed=SEED)
    code = table.code
    assert lesson.act(code, {"kind": "start"}) == "Waiting for 3 more players."
    join = {"kind": "join", "seat": 0, "name": "  Ann  ", "token": token_hash("a")}
    assert lesson.act(code, join) is None
    assert table.seats[0].name == "Ann"
    again = {"kind": "join", "seat": 1, "name": "Ann", "token": token_hash("b")}
    assert "called Ann already" in lesson.act(code, again)
    assert lesson.act(code, {**again, "seat": 0, "name": "Bo"}) == "That seat is taken."
    assert lesson.act(code, {**again, "name": "x" * 25}).startswith("Your name is too long")
    assert lesson.act(code, {**again, "seat": 7}) == f"Table {code} has no seat 8."
    assert lesson.act(code, {**again, "token": "short"}) == "That seat key is not valid."
    assert (
        lesson.act(code, {"kind": "seat", "seat": 1, "player": "nosuch"})
        == "'nosuch' is not a bot."
    )
    assert lesson.act(code, {"kind": "steal", "seat": 1}) == "'steal' is not a kind of move."
    assert lesson.act(code, {"kind": "seat", "seat": 1, "player": "eager_landlord"}) is None
    assert lesson.act(code, {**again, "seat": 2, "name": "Cy"}) is None
    before = table.seq
    assert lesson.act(code, {"kind": "start"}) is None
    assert table.game.names == ("Ann", "eager landlord 2", "Cy")
    assert table.seq == before + 1
    # Whoever is asked, the other person's move is refused and changes nothing.
    seat = table.turn_seat()
    other = 2 if seat == 0 else 0
    history = list(table.game.history)
    assert lesson.act(code, table.move_entry(other, 0)) == "It is not your turn to answer."
    assert lesson.act(code, {"kind": "throw", "seat": other}) == "It is not your turn to throw."
    assert table.game.history == history
    # A move chosen on an older screen is refused even when it fits the question now.
    entry = table.move_entry(seat, 0)
    assert lesson.act(code, entry, table.seq - 1) == MOVED_ON
    assert lesson.act(code, entry, table.seq) is None


def test_paired_tables_share_their_dice_and_a_lesson_has_a_limit():
    lesson = Lesson.start(open_store(":memory:"), key="password")
    tables = lesson.add_tables(4, seats=2, rules=("landlords_game", "single_tax"), seed=SEED)
    assert [t.spec["rules"] for t in tables] == ["landlords_game", "single_tax"] * 2
    assert [t.spec["pair"] for t in tables] == ["pair 1", "pair 1", "pair 2", "pair 2"]
    assert tables[0].spec["seed"] == tables[1].spec["seed"] != tables[2].spec["seed"]
    assert tables[2].spec["seed"] == tables[3].spec["seed"]
    # A pair split over two "add" clicks still shares its dice.
    more = lesson.add_tables(1, seats=2, rules=("landlords_game", "single_tax"), seed=SEED)
    more += lesson.add_tables(1, seats=2, rules=("landlords_game", "single_tax"), seed=SEED)
    assert more[0].spec["seed"] == more[1].spec["seed"]
    with pytest.raises(ValueError, match="more tables at most"):
        lesson.add_tables(MOST_TABLES, seats=2)
    with pytest.raises(ValueError, match="2 to 4 players, not 9"):
        lesson.add_tables(1, seats=9)
    with pytest.raises(ValueError, match="8 characters"):
        Lesson.start(open_store(":memory:"), key="short")


def test_a_bot_takes_over_a_seat_and_the_seat_can_be_opened_for_another_student():
    lesson = Lesson.start(open_store(":memory:"), key="password")
    (table,) = lesson.add_tables(1, seats=2, seed=SEED)
    seated(lesson, table.code, people=2)
    for _ in range(10):
        click(lesson, table.code)
    round_before = table.game.round
    # Seat 1 leaves: a bot plays it, and Ann's turns are all that wait now.
    assert lesson.act(table.code, {"kind": "seat", "seat": 1, "player": "cautious_tenant"}) is None
    for _ in range(200):
        assert table.turn_seat() in (0, None)
        click(lesson, table.code)
        if table.game.round >= round_before + 2:
            break
    assert table.game.round >= round_before + 2
    assert not table.is_over
    # The seat is opened: the old key acts for nobody; a new student takes it.
    assert lesson.act(table.code, {"kind": "seat", "seat": 1, "player": "open"}) is None
    assert table.seat_of(token_hash("k1")) is None
    join = {"kind": "join", "seat": 1, "name": "Zed", "token": token_hash("z")}
    assert lesson.act(table.code, join) is None
    assert table.seat_of(token_hash("z")) == 1
    assert table.seats[1].name == "P1"
    assert table.seats[1].holder == "Zed"


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 2**31 - 1),
    seats=st.integers(2, 4),
    rules=st.sampled_from(["landlords_game", "single_tax", "monopoly_us", "quikopoly"]),
    steps=st.lists(st.tuples(st.integers(0, 9), st.integers(0, 30)), max_size=60),
)
def test_a_lesson_played_at_random_comes_back_whole_from_its_store(
    seed, seats, rules, steps, tmp_path_factory
):
    folder = tmp_path_factory.mktemp("store")
    store = open_store(folder)
    lesson = Lesson.start(store, key="password")
    lesson.tables.clear()
    spec = {"rules": rules, "seed": seed, "seats": seats, "bot": "eager_landlord"}
    store.new_table(lesson.code, "T001", spec)
    lesson.catch_up()
    code = "T001"
    chooser = random.Random(seed)
    seated(lesson, code, people=chooser.randint(1, seats))
    table = lesson.tables[code]
    for what, pick in steps:
        if what == 0:  # the teacher swaps a seat
            seat = pick % seats
            player = chooser.choice(["open", "eager_landlord", "random"])
            lesson.act(code, {"kind": "seat", "seat": seat, "player": player})
        elif what == 1:  # a stale click
            seat = table.turn_seat()
            if seat is not None:
                before = (table.seq, list(table.game.history))
                assert lesson.act(code, table.move_entry(seat, pick), table.seq - 1) == MOVED_ON
                assert (table.seq, list(table.game.history)) == before
        elif what == 2 and table.open_seats():
            seat = table.open_seats()[0]
            lesson.act(
                code,
                {
                    "kind": "join",
                    "seat": seat,
                    "name": f"N{pick}",
                    "token": token_hash(f"n{pick}"),
                },
            )
        else:
            click(lesson, code, pick)
        # Money is only moved, never made: the ledger's balances add up to nothing.
        assert sum(table.game.ledger.balances) == 0
    store.close()
    again = Lesson.resume(open_store(folder))
    back = again.tables[code]
    assert back.seq == table.seq
    assert back.game.history == table.game.history
    assert [(s.player, s.name, s.token, s.holder) for s in back.seats] == [
        (s.player, s.name, s.token, s.holder) for s in table.seats
    ]


def test_an_offer_in_a_trade_is_taken_again_from_the_store():
    """Found by the test above: a Trade's lists came back from the store as JSON lists,
    not the tuples the engine offers, and the replay refused the offer."""
    store = open_store(":memory:")
    lesson = Lesson.start(store, key="password")
    store.new_table(lesson.code, "T001", {"rules": "monopoly_us", "seed": 92, "seats": 2})
    lesson.catch_up()
    seated(lesson, "T001", people=2)
    assert lesson.act("T001", {"kind": "seat", "seat": 0, "player": "random"}) is None
    for pick in (0, 1, 1):
        assert click(lesson, "T001", pick)
    offer = [entry for _, entry in store.entries(lesson.code, "T001")][-1]
    assert offer["action"]["type"] == "Trade"
    assert offer["action"]["take"] == [15]
    again = Lesson.resume(store, lesson.code)
    assert again.tables["T001"].game.history == lesson.tables["T001"].game.history


def test_the_downloads_hold_every_table_and_no_seat_key():
    lesson = Lesson.start(open_store(":memory:"), key="password")
    tables = lesson.add_tables(2, seats=2, rules=("landlords_game", "single_tax"), seed=SEED)
    seated(lesson, tables[0].code, people=1)
    for _ in range(20):
        click(lesson, tables[0].code)
    document = lesson_document(lesson)
    assert [t["code"] for t in document["tables"]] == [t.code for t in tables]
    assert "token" not in json.dumps(document)
    assert document["tables"][1]["game"] is None
    saved = document["tables"][0]["game"]
    assert saved["seed"] == tables[0].spec["seed"]
    rows = results_csv(lesson).splitlines()
    assert rows[0] == "table,rules,pair,seed,round,player,name,seat,cash,net_worth,gini_net_worth"
    assert len(rows) == 1 + 2 * len(tables[0].game.round_net_worths)
    assert all(row.startswith(f"{tables[0].code},landlords_game,pair 1,") for row in rows[1:])


def test_views_escape_names_and_show_buttons_to_the_asked_seat_only():
    lesson = Lesson.start(open_store(":memory:"), key="password")
    (table,) = lesson.add_tables(1, seats=2, seed=SEED)
    join = {"kind": "join", "seat": 0, "name": "<b>Ann</b>", "token": token_hash("a")}
    assert lesson.act(table.code, join) is None
    assert lesson.act(table.code, {"kind": "seat", "seat": 1, "player": "random"}) is None
    view = table_view(table, 0)
    assert "<b>Ann</b>" not in view["players"]
    assert "&lt;b&gt;Ann&lt;/b&gt;" in view["players"]
    assert "Start the game" in view["actions"]
    assert lesson.act(table.code, {"kind": "start"}) is None
    seat = table.turn_seat()
    assert seat == 0
    assert "data-kind=" in table_view(table, 0)["actions"]
    assert table_view(table, 1)["actions"] == table_view(table, None)["actions"] == ""
    assert table_view(table, 0, paused=True)["actions"] == ""
    assert "Paused by the teacher" in table_view(table, 0, paused=True)["status"]
    card = table_card(table, {0}, paused=False, ended=False)
    assert "&lt;b&gt;Ann&lt;/b&gt;" in card["seats"]
    assert "<b>Ann</b>" not in card["seats"]


def test_the_yardstick_is_the_experiments_games_and_says_where_the_class_falls():
    yardstick = simulate(("landlords_game", "single_tax"), 2, "eager_landlord", games=40)
    # Game k of the yardstick is the session of the experiments' k-th seed.
    seed = game_seeds(0, 40)[7]
    game = Session("single_tax", ["eager_landlord"] * 2, seed=seed).run()
    points = dict(gini_points(game))
    assert yardstick.at_round("single_tax", 4)[7] == pytest.approx(points[4], abs=1e-6)
    assert yardstick.at_round("single_tax", 10_000)[7] == pytest.approx(
        points[max(points)], abs=1e-6
    )
    lesson = Lesson.start(open_store(":memory:"), key="password")
    tables = lesson.add_tables(2, seats=2, rules=("landlords_game", "single_tax"), seed=SEED)
    panel = experiment_html(yardstick, list(lesson.tables.values()), "")
    assert "No table has finished a round yet" in panel
    for table in tables:
        seated(lesson, table.code, people=0)  # bots only: each plays to its end at once
    panel = experiment_html(yardstick, tables, "")
    at = min(table.game.round for table in tables)
    assert f"Compared at <b>round {at}</b>" in panel
    assert f"pair 1 ({tables[0].code}/{tables[1].code}): " in panel
    assert "read the simulated interval, not one pair" in panel
    assert "40 games of each rule set" in panel
    assert experiment_html(None, tables, "Playing…") == "<p>Playing…</p>"
    server = ClassServer(lesson, yardstick_games=40)
    assert server.plans() == [(("landlords_game", "single_tax"), 2, "eager_landlord")]


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        ([], "a class needs a password"),
        (["--password", "short"], "8 characters at least"),
        (["--password", "long-enough", "--port", "70000"], "argument --port"),
        (["--password", "long-enough", "--yardstick-games", "1e3"], "argument --yardstick-games"),
        (["--password", "long-enough", "--base-url", "nope"], "--base-url starts with '/'"),
        (["--password", "x" * 8, "--new-token"], "not allowed with argument"),
        (
            ["--password", "long-enough", "--store", "postgresql://nobody@127.0.0.1:1/x"],
            "cannot connect to PostgreSQL",
        ),
    ],
)
def test_the_class_command_refuses_bad_arguments_with_its_usage(argv, words, capsys, tmp_path):
    with pytest.raises(SystemExit) as stopped:
        class_main([*argv, "--folder", str(tmp_path / "class")])
    assert stopped.value.code == 2
    error = capsys.readouterr().err
    assert error.startswith("usage: python -m landlord.classroom")
    assert words in error
    assert "Traceback" not in error


def test_the_class_command_keeps_a_lesson_s_password(capsys, tmp_path):
    store = open_store(tmp_path)
    Lesson.start(store, key="first-password")
    store.close()
    with pytest.raises(SystemExit) as stopped:
        class_main(["--password", "other-password", "--folder", str(tmp_path)])
    assert stopped.value.code == 2
    assert "has another password" in capsys.readouterr().err


def test_two_classes_share_a_store_and_each_server_goes_on_with_its_own(tmp_path):
    store = open_store(tmp_path)
    first = Lesson.start(store, key="password-one", group="period 1")
    second = Lesson.start(store, key="password-two", group="period 2")
    first.add_tables(1, seats=2, seed=SEED)
    assert Lesson.resume(store, group="period 1").code == first.code
    assert Lesson.resume(store, group="period 2").code == second.code
    assert Lesson.resume(store, group="period 3") is None
    second.set_mark("end")
    assert Lesson.resume(store, group="period 2") is None
    assert Lesson.resume(store, second.code).ended


def test_simulated_games_that_fail_are_said_to_have_failed_and_not_tried_again(caplog):
    from concurrent.futures import Future

    lesson = Lesson.start(open_store(":memory:"), key="password")
    lesson.add_tables(2, seats=2, rules=("landlords_game", "single_tax"), seed=SEED)
    server = ClassServer(lesson, yardstick_games=40)
    (plan,) = server.plans()
    server.yardsticks[plan] = None
    assert "Playing 40 simulated games of each rule set" in server.experiment()
    failed: Future = Future()
    failed.set_exception(MemoryError("no room"))
    server._measured(plan, failed)
    assert "could not be played: the server&#x27;s log says why" in server.experiment()
    assert "no room" in caplog.text
    server.measure()  # a failed plan is not started again
    assert server.yardsticks[plan] is False
    assert server._pool is None


@pytest.mark.parametrize(
    ("rules", "words", "said"),
    [
        ("landlords_game", "Throw the dice", "turn to throw the dice."),
        ("quikopoly", "Throw the die", "turn to throw the die."),
        ("property", "Take your turn", "turn to play."),
    ],
)
def test_a_turn_starts_in_the_game_s_own_words(rules, words, said):
    """Sackson's Property moves by cards and Quikopoly by one die: no "dice" there. (In
    the Landlord's Game a turn mostly starts with a question, throw or negotiate: seed 3
    reaches a turn that starts with the throw alone.)"""
    lesson = Lesson.start(open_store(":memory:"), key="password")
    (table,) = lesson.add_tables(1, seats=2, rules=(rules,), seed=3)
    seated(lesson, table.code, people=2)
    for _ in range(100):
        seat = table.turn_seat()
        if seat is not None and table.can_throw(seat):
            break
        click(lesson, table.code)
    else:
        raise AssertionError("no turn that starts with a click in 100 moves")
    view = table_view(table, seat)
    assert f">{words}</button>" in view["actions"]
    assert view["status"].endswith(said)


def test_the_class_is_served_on_the_machine_s_network_address(tmp_path):
    """``--ip 0.0.0.0`` (make class's default): the address printed for the students is
    this machine's on its network, and the class answers there, not only on 127.0.0.1."""
    port = free_port()
    command = [
        sys.executable, "-m", "landlord.classroom", "--password", "network-key",
        "--folder", str(tmp_path), "--port", str(port), "--yardstick-games", "0",
    ]  # fmt: skip
    log = tmp_path / "class.log"
    with log.open("w") as output:
        server = subprocess.Popen(command, stdout=output, stderr=subprocess.STDOUT)
    try:
        for _ in range(300):
            found = re.search(r"Students open (http://\S+)", log.read_text())
            if found or server.poll() is not None:
                break
            time.sleep(0.1)
        assert found, log.read_text()
        address = found.group(1)
        assert address == f"http://{lan_address()}:{port}/"
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
        with opener.open(f"{address}?key=network-key", timeout=10) as reply:
            assert "Join a table" in reply.read().decode()
    finally:
        server.terminate()
        server.wait(timeout=20)
    assert "stopped; the class is kept" in log.read_text()


def test_tables_given_a_seed_play_the_same_dice_as_another_class_given_it():
    one = Lesson.start(open_store(":memory:"), key="password")
    two = Lesson.start(open_store(":memory:"), key="password")
    rules = ("landlords_game", "single_tax")
    first = one.add_tables(4, seats=2, rules=rules, seed=100)
    second = two.add_tables(3, seats=2, rules=rules, seed=100)
    second += two.add_tables(1, seats=2, rules=rules, seed=100)
    assert [t.spec["seed"] for t in first] == [100, 100, 101, 101]
    assert [t.spec["seed"] for t in second] == [100, 100, 101, 101]


def test_the_experiment_panel_is_made_again_only_when_a_round_or_the_games_change():
    lesson = Lesson.start(open_store(":memory:"), key="password")
    tables = lesson.add_tables(2, seats=2, rules=("landlords_game", "single_tax"), seed=SEED)
    server = ClassServer(lesson, yardstick_games=40)
    (plan,) = server.plans()
    server.yardsticks[plan] = simulate(*plan, games=40)
    for table in tables:
        seated(lesson, table.code, people=1)
    panel = server.experiment()
    assert server.experiment() is panel  # nothing changed: the same text, not made again
    rounds = tables[0].game.round
    moved = 0
    while tables[0].game.round == rounds:
        assert click(lesson, tables[0].code)
        moved += 1
        if tables[0].game.round == rounds:
            assert server.experiment() is panel  # a move within the round
    assert moved > 1
    assert server.experiment() is not panel
