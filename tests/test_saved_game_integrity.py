"""A saved game is checked against its seed and its players when it is replayed.

The audit found that ``landlord replay`` accepted an edited seed and relabelled
bots: the history replayed, since its dice are in the file. Now the game is played
again from the seed with the saved strategies and parameters, and must come out
step for step as saved (:func:`landlord.record.check_seeded`). Names are labels and
are not checked; a game someone played and saved is always accepted, forged or not
(docs/researcher.md says what the check proves). A seat's strategy is its parameters: a bot
renamed but given the same parameters plays the same game, and is accepted.
"""

from __future__ import annotations

import json

import pytest

import landlord
from landlord.cli import main
from landlord.policies import make_policy
from landlord.record import GameRecord, SavedGameError, check_seeded, load_game

#: A cautious tenant's parameters, as a saved game writes them.
CAUTIOUS = json.loads(json.dumps(make_policy("cautious_tenant").params()))
CAUTIOUS_WORDS = make_policy("cautious_tenant").describe()


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    record = landlord.play("landlords_game", players=["eager_landlord", "cautious_tenant"], seed=6)
    path = record.save(tmp_path_factory.mktemp("saved") / "game.json")
    return json.loads(path.read_text())


def write(tmp_path, document) -> str:
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(document))
    return str(path)


def test_a_game_as_saved_replays_and_is_checked_against_its_seed(saved, tmp_path, capsys):
    assert check_seeded(load_game(write(tmp_path, saved)))
    assert main(["replay", write(tmp_path, saved)]) == 0
    assert "no seed" not in capsys.readouterr().out


@pytest.mark.parametrize(
    "edit",
    [
        pytest.param(lambda d: d.update(seed=7), id="another seed"),
        pytest.param(
            lambda d: d["players"][0].update(
                strategy="cautious_tenant", params=CAUTIOUS, description=CAUTIOUS_WORDS
            ),
            id="another bot in a seat",
        ),
        pytest.param(
            lambda d: d["players"][1].update(
                params={**CAUTIOUS, "reserve": 10},
                description=make_policy("cautious_tenant", reserve=10).describe(),
            ),
            id="a bot's parameter changed",
        ),
    ],
)
def test_an_edited_seed_or_bot_is_refused_naming_the_step(saved, tmp_path, capsys, edit):
    err = refused(saved, tmp_path, capsys, edit, r"edited\.json: history entry \d+: seed \d+ with")
    assert "its seed, its players' strategies or its steps were changed" in err


def refused(saved, tmp_path, capsys, edit, match: str) -> str:
    """Edit a copy of the saved game; check that it is refused, by ``check_seeded`` with
    ``match`` and by ``landlord replay`` with exit 2; return what the command printed."""
    document = json.loads(json.dumps(saved))
    edit(document)
    path = write(tmp_path, document)
    with pytest.raises(SavedGameError, match=match):
        check_seeded(load_game(path), path)
    with pytest.raises(SystemExit) as exit_info:
        main(["replay", path])
    assert exit_info.value.code == 2
    return capsys.readouterr().err


@pytest.mark.parametrize(
    "edit",
    [
        pytest.param(lambda d: d["players"][0].update(strategy="cautious_tenant"), id="label"),
        pytest.param(
            lambda d: d["players"][0].update(
                strategy="cautious_tenant", description=CAUTIOUS_WORDS
            ),
            id="label and description",  # found by benchmarks/audit_inputs.py: replayed, exit 0
        ),
        pytest.param(
            lambda d: d["players"][0].update(description="keeps $1 in hand"), id="description"
        ),
    ],
)
def test_a_bot_relabelled_without_its_parameters_is_refused_naming_the_player(
    saved, tmp_path, capsys, edit
):
    """The eager landlord's parameters called a cautious tenant: the game replays step for
    step (the parameters play it), but ``landlord replay`` printed the false label."""
    err = refused(saved, tmp_path, capsys, edit, r"edited\.json: player 1 \(eager_landlord 1\)")
    assert "its parameters make 'eager_landlord', 'keeps $75 in hand" in err


def test_a_bot_with_parameters_of_its_own_is_accepted(tmp_path):
    tenant = make_policy("cautious_tenant", reserve=10, build_to=2)
    record = landlord.play("landlords_game", players=[tenant, "eager_landlord"], seed=4)
    assert check_seeded(load_game(record.save(tmp_path / "own.json")))


def test_a_game_without_a_seed_replays_but_says_it_could_not_be_checked(saved, tmp_path, capsys):
    document = json.loads(json.dumps(saved))
    document["seed"] = None
    path = write(tmp_path, document)
    assert check_seeded(load_game(path)) is False
    assert main(["replay", path]) == 0
    assert "has no seed" in capsys.readouterr().out


def test_a_person_s_decisions_are_taken_from_the_file(tmp_path):
    from landlord.session import Session

    session = Session("landlords_game", ["human", "eager_landlord"], seed=2)
    for _ in range(60):
        session.run()
        if session.waiting_for is None:
            break
        session.answer(session.game.legal_actions()[-1])
    record = GameRecord.from_session(session)
    assert check_seeded(record)
