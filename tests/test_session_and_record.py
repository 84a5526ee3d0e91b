"""Playing whole games: the session, landlord.play, the tables, saving and loading."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import landlord
import landlord.rules
from landlord.engine import CHANCE
from landlord.engine.actions import Roll
from landlord.families import families
from landlord.record import GameRecord, SavedGameError, load_game
from landlord.session import Session


@pytest.fixture(scope="module")
def record():
    return landlord.play("landlords_game", players=4, seed=1)


def test_play_returns_per_round_tables_for_every_player(record):
    rounds = record.rounds
    assert list(rounds.columns) == [
        "round",
        "player",
        "name",
        "cash",
        "lots",
        "franchises",
        "railroads",
        "licenses",
        "luxuries",
        "professors",
        "houses",
        "land_value",
        "debts",
        "score",
        "net_worth",
    ]
    assert sorted(rounds["round"].unique()) == list(range(record.n_rounds + 1))
    assert (rounds.groupby("round").size() == 4).all()
    start = rounds[rounds["round"] == 0]
    # After the deal each player has $400 less what he paid for his dealt cards.
    assert (start["cash"] + start["land_value"] <= 400).all()
    # The score of the Object of the Game: cash, and 100 a card, house and luxury
    # card (debts settled).
    held = rounds[["lots", "franchises", "railroads", "licenses", "houses", "luxuries"]]
    assert (rounds["score"] == rounds["cash"] + 100 * held.sum(axis=1) - rounds["debts"]).all()
    assert (rounds["debts"] != 0).any()  # this game had a loan in it


def test_transfers_table_names_payer_payee_and_reason(record):
    transfers = record.transfers
    assert {"starting cash", "wages", "card bought from the deal"} <= set(transfers["reason"])
    starting = transfers[transfers["reason"] == "starting cash"]
    assert (starting["payer"] == "MISCELLANEOUS").all()
    assert (starting["amount"] == 400).all()
    final_cash = record.rounds.groupby("player").tail(1)["cash"].tolist()
    for player, cash in enumerate(final_cash):
        paid_in = transfers.loc[transfers["payee_id"] == player, "amount"].sum()
        paid_out = transfers.loc[transfers["payer_id"] == player, "amount"].sum()
        assert paid_in - paid_out == cash


def test_standings_rank_by_the_rule_sets_score(record):
    standings = record.standings
    assert standings["place"].tolist() == [1, 2, 3, 4]
    assert standings["score"].is_monotonic_decreasing
    assert record.end_reason == "a player has received his wages 5 times"


def test_the_session_pauses_for_a_human_and_goes_on_after_the_answer():
    session = Session("landlords_game", ["human", "eager_landlord"], seed=5)
    session.run()
    assert session.waiting_for == 0
    decision = session.game.pending
    assert decision.player == 0
    assert decision.kind == "buy_dealt"
    session.answer(decision.actions[-1])  # decline
    session.run()
    asked_in = set()
    while session.game.round <= 3:
        # run() plays the bot's turns and stops only when the person must decide.
        assert session.waiting_for == 0
        assert session.game.pending.player == 0
        asked_in.add(session.game.round)
        before = len(session.game.history)
        kind = session.game.decision_kind
        actions = session.game.legal_actions()
        session.answer(Roll() if kind == "turn" else actions[0])
        session.run()
        assert len(session.game.history) > before  # the answer was taken, play went on
    assert {1, 2, 3} <= asked_in  # asked in every round (and in the deal)
    assert not session.game.is_over


def test_a_human_cannot_make_an_illegal_move():
    session = Session("landlords_game", ["human", "human"], seed=2)
    session.run()
    with pytest.raises(ValueError, match="not legal"):
        session.answer(Roll())


def test_play_with_named_strategies_and_options():
    record = landlord.play(
        "landlords_game",
        players=["cautious_tenant", "eager_landlord", "random"],
        seed=9,
        advanced=True,
        round_limit=12,
    )
    assert record.n_rounds <= 12
    assert record.names == ["cautious_tenant 1", "eager_landlord 2", "random 3"]
    assert record.options["advanced"] is True
    assert (record.rounds["houses"] <= 3 * 22).all()


def test_chance_streams_are_separate_by_purpose():
    # The dice a game sees do not depend on how many Chance cards were drawn.
    one = Session("landlords_game", ["eager_landlord"] * 2, seed=11)
    two = Session("landlords_game", ["eager_landlord"] * 2, seed=11)
    for _ in range(5):
        two.stream("chance_card").uniform()
    assert [one.stream("dice").uniform() for _ in range(20)] == [
        two.stream("dice").uniform() for _ in range(20)
    ]


def test_the_dice_of_a_turn_do_not_depend_on_throws_before_it():
    from landlord.session import TurnStream

    class Clock:  # just what the stream reads of a game
        turns_played = 0

    sequence = np.random.SeedSequence(5)
    one_clock, two_clock = Clock(), Clock()
    one = TurnStream(sequence, "dice", one_clock)
    two = TurnStream(sequence, "dice", two_clock)
    one.uniform()
    for _ in range(3):  # turn 0: the second game throws three times (leaving Jail, say)
        two.uniform()
    one_clock.turns_played = two_clock.turns_played = 1
    assert [one.uniform() for _ in range(12)] == [two.uniform() for _ in range(12)]
    one_clock.turns_played = two_clock.turns_played = 300  # far on: the table grows
    assert one.uniform() == two.uniform()
    assert 0 <= one.uniform() < 1


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_paired_games_see_the_same_throw_at_the_start_of_every_turn(seed):
    def first_throws(rules):
        session = Session(rules, ["eager_landlord"] * 4, seed=seed)
        game, throws = session.game, {}
        while not game.is_over:
            pending, turn, done = game.pending, game.turns_played, len(game.history)
            session.step()
            if getattr(pending, "purpose", "") == "dice" and len(game.history) > done:
                throws.setdefault(turn, game.history[done])
        return throws

    plain, taxed = first_throws("landlords_game"), first_throws("prosperity")
    common = sorted(set(plain) & set(taxed))
    assert len(common) > 50
    assert [plain[turn] for turn in common] == [taxed[turn] for turn in common]


def test_saved_game_is_plain_versioned_json(record, tmp_path):
    path = record.save(tmp_path / "game.json")
    document = json.loads(path.read_text())
    assert document["format"] == "landlord-game"
    assert document["version"] == 1
    assert document["rules"] == "landlords_game"
    assert document["seed"] == 1
    assert document["players"][0]["name"] == "eager_landlord 1"
    assert document["players"][0]["strategy"] == "eager_landlord"
    assert document["players"][0]["params"]["reserve"] == 75
    assert document["players"][0]["description"].startswith("keeps $75 in hand")
    # The deal comes first: a chance outcome (the card dealt), then decisions.
    assert set(document["history"][0]) == {"outcome"}
    assert {"type": "Roll"} in document["history"]
    loaded = load_game(path)
    assert loaded.standings.equals(record.standings)


def damage(document):
    """Ways a saved game gets broken, each with what the error must say."""
    return document


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(format="other"), "not a landlord saved game"),
        (lambda d: d.update(version=99), "format version 99"),
        (lambda d: d.update(rules="no_such_rules"), "unknown rule set"),
        (lambda d: d.update(options={"advanced": "yes"}), "option 'advanced'"),
        (lambda d: d["history"].pop(30), "does not replay|not legal|expected"),
        (lambda d: d["history"].__setitem__(40, {"type": "Fly"}), "not an action|expected"),
        (lambda d: d["result"].update(balances=[0, 0]), "does not replay to the saved result"),
        (lambda d: d.pop("players"), "field 'players'"),
        (lambda d: d["history"].append({"outcome": [1, 1]}), "already over"),
    ],
    ids=[
        "format",
        "version",
        "rules",
        "options",
        "lost entry",
        "bad action",
        "result",
        "players",
        "extra entry",
    ],
)
def test_a_damaged_saved_game_is_refused_whole(record, tmp_path, change, message):
    path = record.save(tmp_path / "game.json")
    document = json.loads(path.read_text())
    change(document)
    path.write_text(json.dumps(document))
    with pytest.raises(SavedGameError, match=message) as error:
        load_game(path)
    assert str(error.value).startswith("game.json: ")


def test_a_file_that_is_not_json_is_refused(tmp_path):
    path = tmp_path / "game.json"
    path.write_text('{"format": "landlord-game", "version": 1, "history": [')
    with pytest.raises(SavedGameError, match=r"game\.json: not valid JSON"):
        load_game(path)
    with pytest.raises(SavedGameError, match="cannot read"):
        load_game(tmp_path / "missing.json")


def test_an_unfinished_game_saves_and_loads_where_it_stopped(tmp_path):
    session = Session("landlords_game", ["eager_landlord", "human"], seed=4)
    session.run()
    while session.waiting_for is None and not session.game.is_over:
        session.run()
    path = GameRecord.from_session(session).save(tmp_path / "paused.json")
    loaded = load_game(path)
    assert not loaded.game.is_over
    assert loaded.game.pending == session.game.pending
    assert loaded.game.actor != CHANCE


def test_a_game_of_ones_own_rule_file_saves_and_replays_from_that_file(tmp_path):
    data = Path(landlord.rules.RULES_DIR)
    for name in ("landlords_game.toml", "landlords_game_board.csv", "landlords_game_chance.csv"):
        shutil.copy(data / name, tmp_path / name)
    chance = tmp_path / "landlords_game_chance.csv"
    lines = chance.read_text().splitlines()
    # A class's own pack: only "Collect $25 from each player", eight times.
    kept = [lines[0]] + [
        line.replace(",1,reconstruction", ",8,reconstruction")
        for line in lines
        if line.startswith("Collect $25")
    ]
    chance.write_text("\n".join(kept) + "\n")
    own = tmp_path / "landlords_game.toml"
    record = landlord.play(own, players=3, seed=2)
    assert len(record.game.rules.chance_deck) == 1
    path = record.save(tmp_path / "own.json")
    assert json.loads(path.read_text())["rules_file"] == str(own.resolve())
    assert load_game(path).standings.equals(record.standings)
    # The kit's own rule set is not a file of the user's: nothing extra is saved.
    assert "rules_file" not in landlord.play(players=2, seed=1).to_json()


@pytest.mark.parametrize("seed", [-1, 2.5, "7", True])
def test_a_seed_must_be_a_whole_number_of_at_least_zero(seed):
    with pytest.raises(ValueError, match="a seed is a whole number >= 0"):
        Session("landlords_game", ["eager_landlord"] * 2, seed=seed)


@pytest.fixture(scope="module")
def saved_document():
    return landlord.play("landlords_game", players=2, seed=3).to_json()


JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 60),
    st.text(max_size=5),
    st.lists(st.integers(0, 6), max_size=3),
    st.dictionaries(st.sampled_from(["type", "outcome", "space"]), st.integers(0, 40), max_size=2),
)


@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_any_damage_to_a_saved_game_is_refused_with_a_saved_game_error(
    saved_document, tmp_path_factory, data
):
    document = json.loads(json.dumps(saved_document))
    where = data.draw(st.sampled_from(["history", "result", "top"]), label="where")
    if where == "history":
        index = data.draw(st.integers(0, len(document["history"]) - 1), label="entry")
        document["history"][index] = data.draw(JUNK, label="junk")
    elif where == "result":
        key = data.draw(st.sampled_from(sorted(document["result"])), label="key")
        document["result"][key] = data.draw(JUNK, label="junk")
    else:
        key = data.draw(st.sampled_from(sorted(document)), label="key")
        document[key] = data.draw(JUNK, label="junk")
    if document == saved_document:
        return  # the "damage" changed nothing
    path = tmp_path_factory.mktemp("damaged") / "game.json"
    path.write_text(json.dumps(document))
    try:
        loaded = load_game(path)
    except SavedGameError as error:
        message = str(error)
    else:
        # Only a change that leaves the game itself as it was may load (the seed, the
        # kit's version, a player's strategy label): the replay then matches exactly.
        assert loaded.game.ledger.records == load_game_from(saved_document, tmp_path_factory)
        return
    assert message.startswith("game.json: ")
    assert message.endswith("the saved game was not loaded")


def load_game_from(document, tmp_path_factory):
    path = tmp_path_factory.mktemp("intact") / "game.json"
    path.write_text(json.dumps(document))
    return load_game(path).game.ledger.records


def test_a_rule_file_asking_for_an_unknown_family_is_refused_naming_file_and_field(tmp_path):
    data = Path(landlord.rules.RULES_DIR)
    for name in ("landlords_game.toml", "landlords_game_board.csv", "landlords_game_chance.csv"):
        shutil.copy(data / name, tmp_path / name)
    own = tmp_path / "landlords_game.toml"
    text = own.read_text()
    own.write_text(text.replace('family = "magie"', 'family = "snakes_and_ladders"'))
    with pytest.raises(
        landlord.rules.RulesError,
        match=r"landlords_game\.toml: field 'rule_set\.family': expected one of "
        + ", ".join(family.name for family in families())
        + r", got 'snakes_and_ladders'",
    ):
        landlord.play(own, players=2, seed=1)


def test_a_file_written_before_families_had_names_still_names_its_game(tmp_path):
    data = Path(landlord.rules.RULES_DIR)
    for name in ("landlords_game.toml", "landlords_game_board.csv", "landlords_game_chance.csv"):
        shutil.copy(data / name, tmp_path / name)
    own = tmp_path / "landlords_game.toml"
    text = own.read_text().replace('family = "magie"\n', "")
    engine = '\n[engine]\nstatus = "interpretation"\nsource = "tests"\nflow = "{}"\n'
    own.write_text(text + engine.format("landlords_game"))
    assert landlord.rules.load_rules(own).info.family == "magie"
    assert landlord.play(own, players=2, seed=1).game.family.name == "magie"
    own.write_text(text + engine.format("snakes_and_ladders"))
    with pytest.raises(
        landlord.rules.RulesError,
        match=r"landlords_game\.toml: field 'engine\.flow': expected one of landlords_game, "
        r"monopoly, got 'snakes_and_ladders'",
    ):
        landlord.rules.load_rules(own)


def test_the_round_summary_measures_concentration_and_money_round_by_round(record):
    from landlord.metrics import gini

    summary = record.round_summary
    assert list(summary.columns) == [
        "round",
        "gini_cash",
        "gini_net_worth",
        "leader_share",
        "land_concentration",
        "treasury",
        "rent",
        "wages",
        "taxes",
        "public_spending",
    ]
    assert summary["round"].tolist() == list(range(record.n_rounds + 1))
    last = record.rounds[record.rounds["round"] == record.n_rounds]
    assert summary["gini_net_worth"].iloc[-1] == pytest.approx(gini(last["net_worth"]))
    assert summary["leader_share"].iloc[-1] == pytest.approx(
        last["net_worth"].max() / last["net_worth"].sum()
    )
    ledger = record.game.ledger
    assert summary["treasury"].iloc[-1] == ledger.balances[ledger.names.index("PUBLIC TREASURY")]
    transfers = record.transfers
    rent = transfers["reason"].isin(["land rent", "house rent", "railroad fare", "franchise fee"])
    assert summary["rent"].sum() == transfers.loc[rent, "amount"].sum()
    assert summary["wages"].sum() == transfers.loc[transfers["reason"] == "wages", "amount"].sum()
    assert (summary["public_spending"] == 0).all()  # the 1906 Treasury only hoards
    assert summary["land_concentration"].iloc[1:].between(0.25, 1).all()


def test_under_the_single_tax_the_round_summary_shows_the_treasury_spending():
    summary = landlord.play("prosperity", players=4, seed=1).round_summary
    assert summary["public_spending"].sum() > 0
    assert summary["land_concentration"].isna().all()  # deeds are worth nothing


def test_the_round_summary_of_a_game_in_progress_covers_the_rounds_played():
    from landlord.session import Session

    session = Session("landlords_game", ["eager_landlord"] * 3, seed=4)
    game = session.game
    session.run(max_steps=200)
    while game.ledger.records[-1].round != game.round:  # stop once this round has a payment
        session.step()
    assert game.round not in [row[0] for row in game.round_net_worths]  # and no row yet
    summary = GameRecord.from_session(session).round_summary
    assert summary["round"].tolist() == list(range(game.round))
    finished = landlord.play("landlords_game", players=3, seed=4).round_summary
    played = len(summary) - 1  # the last row may differ: the game went on
    assert summary.iloc[:played].equals(finished.iloc[:played])
