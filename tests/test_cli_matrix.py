"""Issue 19: a systematic matrix of hostile command lines.

Every sub-command, every option, crossed with the values that break things:
empty, negative, zero where it is not allowed, huge (10**9, 10**30, 2**63),
decimals where whole numbers are wanted, nan and inf, words, unknown rule
sets, options and strategies, malformed ``ID[NAME=VALUE,...]`` brackets,
``--param`` lists that cannot be swept, files that cannot be read as what
they claim to be, and files that cannot be written. Each refused case must
end with exit 2, the usage and a last line naming what is wrong, no
traceback, and no file written. :data:`ACCEPTED` holds the lines that look
hostile but are valid, and checks that they run.

Each case runs in this process (``main(argv)``) with tiny games, so the whole
matrix takes a few seconds. The audit's own cases are in test_cli_hardening.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from test_cli_hardening import SHORT, usage_error

from landlord.cli import main

#: The valid start of each command line a case adds one hostile argument to
#: (argparse keeps the last value of an option given twice).
BASE = {
    "play": ["play", "--option", "round_limit=3"],
    "compare": ["compare", "--rules", f"{SHORT},single_tax[round_limit=3]", "--games", "2"],
    "simulate": ["simulate", "--rules", SHORT, "--games", "2"],
    "sweep": ["sweep", "--rules", SHORT, "--param", "wages=50,100", "--games", "2"],
    "landing": ["landing", "--rolls", "1000"],
    "rents": ["rents"],
    "claim": ["claim", "--shipped"],
    "replay": ["replay"],
    "rules": ["rules"],
    "info": ["info"],
    "serve": ["serve"],
    "class": ["class"],
}
EXPERIMENTS = ("compare", "simulate", "sweep")

#: Text where a number is wanted, by name: each is wrong for a count.
NUMBERS = {
    "empty": "",
    "negative": "-1",
    "zero": "0",
    "decimal": "2.5",
    "exponent": "1e9",
    "10**9": str(10**9),
    "10**30": str(10**30),
    "2**63": str(2**63),
    "nan": "nan",
    "inf": "inf",
    "word": "ten",
    "hex": "0x10",
}
#: The values above that are not whole numbers at all.
NOT_WHOLE = ("empty", "decimal", "exponent", "nan", "inf", "word", "hex")

#: Files that are not what they claim to be, by name (made by the ``files`` fixture;
#: ``{d}`` is the folder they are in). ``plain`` is a regular file used as a folder.
BAD_RULE_FILES = {
    "absent": "{d}/absent.toml",
    "folder": "{d}/folder.toml",
    "dev-zero": "/dev/zero",
    "binary": "{d}/binary.toml",
    "latin1": "{d}/latin1.toml",
    "huge": "{d}/huge.toml",
    "empty": "{d}/empty.toml",
    "not-a-rule-set": "{d}/other.toml",
    "under-a-file": "{d}/plain/rules.toml",
    "pipe": "{d}/pipe.toml",  # reading it would wait for a writer for ever
}
BAD_GAME_FILES = {
    "absent": "{d}/absent.json",
    "folder": "{d}/folder.json",
    "binary": "{d}/binary.json",
    "latin1": "{d}/latin1.json",
    "empty": "{d}/empty.json",
    "huge-for-the-command": "{d}/huge.json",
    "huge-for-the-reader": "{d}/large.json",
    "array": "{d}/array.json",
    "nested": "{d}/nested.json",
    "long-number": "{d}/number.json",
    "not-a-game": "{d}/other.json",
    "under-a-file": "{d}/plain/game.json",
    "proc": "/proc/self/status",
}


def _case(argv: list[str], named: str, shown: str = "") -> pytest.param:
    """One refused command line; ``named`` must be in the last line of stderr.

    Its id is the command and what it adds to :data:`BASE`; a long last word
    is ``shown`` by its name if one is given (10**30, not its 31 digits).
    """
    base = BASE[argv[0]]
    words = argv[len(base) :] if argv[: len(base)] == base else argv[1:]
    words = [repr(word) if not word or " " in word else word for word in words]
    if shown and len(words[-1]) > 12:
        words[-1] = shown
    return pytest.param(argv, named, id=" ".join((argv[0], *words)))


def _name(path: str) -> str:
    """What a message about ``path`` calls it: the file's own name."""
    return Path(path).name


def _refused() -> list[pytest.param]:
    cases = []
    # Counts: --games, --jobs, --rolls, --players, --seed.
    for command in EXPERIMENTS:
        for label, text in NUMBERS.items():
            cases.append(_case([*BASE[command], "--games", text], "argument --games", label))
    for command in (*EXPERIMENTS, "claim"):
        for label in ("empty", "negative", "zero", "decimal", "10**30", "nan", "word"):
            argv = [*BASE[command], "--jobs", NUMBERS[label]]
            cases.append(_case(argv, "argument --jobs", label))
        cases.append(_case([*BASE[command], "--jobs", "65"], "argument --jobs: at most 64"))
    for label, text in NUMBERS.items():
        cases.append(_case([*BASE["landing"], "--rolls", text], "argument --rolls", label))
    for command in ("play", *EXPERIMENTS):
        for label in (*NOT_WHOLE, "negative", "zero", "10**9", "10**30", "2**63"):
            argv = [*BASE[command], "--players", NUMBERS[label]]
            cases.append(_case(argv, "argument --players", label))
        for seats in ("1", "5", "65"):
            cases.append(_case([*BASE[command], "--players", seats], "argument --players"))
    for command in ("play", *EXPERIMENTS, "landing"):
        for label in (*NOT_WHOLE, "negative"):
            argv = [*BASE[command], "--seed", NUMBERS[label]]
            cases.append(_case(argv, "argument --seed", label))
    # Bots.
    for command in ("play", "simulate"):
        for bots in (
            "",
            "nosuch",
            "human",
            "Eager_Landlord",
            "eager_landlord,random",
            "eager_landlord+",
            "+",
            ",,,",
            "eager_landlord+human",
        ):
            cases.append(_case([*BASE[command], "--bots", bots], "argument --bots"))
    for command in ("compare", "sweep"):
        for bots in ("nosuch", "human", "random,random,random"):
            cases.append(_case([*BASE[command], "--bots", bots], "argument --bots"))
    # Rule specs: unknown rule sets and options, values out of kind, bad brackets.
    for spec, named in (
        ("", "argument --rules"),
        (",", "argument --rules"),
        (f"{SHORT},", "argument --rules"),
        ("[round_limit=3]", "argument --rules"),
        ("landlords_game[", "argument --rules"),
        ("landlords_game]", "argument --rules"),
        ("landlords_game[[round_limit=3]]", "argument --rules"),
        ("landlords_game[round_limit=3]x", "argument --rules"),
        ("landlords_game[round_limit]", "argument --rules"),
        ("landlords_game[=3]", "argument --rules"),
        ("landlords_game[round_limit=]", "argument --rules"),
        ("landlords_game[round_limit=3,]", "argument --rules"),
        ("landlords_game[round_limit=3,round_limit=4]", "given twice"),
        ("nosuch", "nosuch"),
        ("landlords_game[nosuch=1]", "option 'nosuch'"),
        ("landlords_game[round_limit=nan]", "option 'round_limit'"),
        ("landlords_game[round_limit=inf]", "option 'round_limit'"),
        ("landlords_game[round_limit=-1]", "option 'round_limit'"),
        ("landlords_game[round_limit=2.5]", "option 'round_limit'"),
        ("landlords_game[round_limit=1e9]", "option 'round_limit'"),
        (f"landlords_game[round_limit={10**30}]", "option round_limit"),
        ("landlords_game[advanced=maybe]", "option 'advanced'"),
        ("landlords_game[land_value_tax=nan]", "option 'land_value_tax'"),
        ("landlords_game[land_value_tax=inf]", "option 'land_value_tax'"),
        ("landlords_game[land_value_tax=2]", "option 'land_value_tax'"),
        ("landlords_game[land_value_tax=-0.5]", "option 'land_value_tax'"),
        ("landlords_game[speculation_stake_to=nobody]", "option 'speculation_stake_to'"),
    ):
        cases.append(_case([*BASE["compare"], "--rules", spec], named))
    for spec in ("landlords_game[", "landlords_game[round_limit]", "nosuch"):
        cases.append(_case([*BASE["simulate"], "--rules", spec], spec.partition("[")[0]))
    cases.append(_case([*BASE["sweep"], "--rules", f"{SHORT},single_tax"], "one rule set"))
    cases.append(_case([*BASE["sweep"], "--rules", "landlords_game[wages"], "argument --rules"))
    # Rule set ids and option values where one id is expected: play, rules, landing, rents.
    for spec in ("", "nosuch", SHORT):
        for command in ("play", "landing", "rents", "rules"):
            argv = ["rules", spec] if command == "rules" else [*BASE[command], "--rules", spec]
            cases.append(_case(argv, f"unknown rule set {spec!r}"))
    for option, named in (
        ("", "argument --option"),
        ("=", "argument --option"),
        ("=3", "argument --option"),
        ("round_limit", "argument --option"),
        ("nosuch=1", "option 'nosuch'"),
        ("round_limit=-1", "option 'round_limit'"),
        ("round_limit=2.5", "option 'round_limit'"),
        ("round_limit=nan", "option 'round_limit'"),
        ("round_limit=inf", "option 'round_limit'"),
        ("round_limit=ten", "option 'round_limit'"),
        (f"round_limit={10**30}", "argument --option: option round_limit"),
        ("advanced=maybe", "option 'advanced'"),
    ):
        cases.append(_case(["play", "--option", option], named))  # one --option only
    cases.append(
        _case(
            [*BASE["play"], "--option", "round_limit=4"],
            "argument --option: option 'round_limit' given twice",
        )
    )
    # --param: what a sweep cannot vary.
    for param, named in (
        ("", "argument --param"),
        ("=", "argument --param"),
        ("wages", "argument --param"),
        ("wages=", "argument --param"),
        ("=1,2", "argument --param"),
        ("wages=,", "argument --param"),
        ("wages=1,", "argument --param"),
        ("wages=1,1", "repeat"),
        ("wages=50,50.0", "option 'wages'"),
        ("land_value_tax=0,0.0", "repeat"),
        ("advanced=true,yes", "repeat"),
        ("wages=ten,twenty", "option 'wages'"),
        ("wages=1.5,2.5", "option 'wages'"),
        ("nosuch=1,2", "option 'nosuch'"),
        ("land_value_tax=nan,0.5", "option 'land_value_tax'"),
        ("land_value_tax=inf,0.5", "option 'land_value_tax'"),
        ("land_value_tax=-1,2", "option 'land_value_tax'"),
        (f"round_limit=1,{10**30}", "argument --param: option round_limit"),
        ("players=0,2", "argument --param"),
        ("players=2,2", "repeat"),
        ("players=2.5,3", "argument --param"),
        ("players=ten", "argument --param"),
        ("players=-1,2", "argument --param"),
        ("players=2,5", "players"),
        ("bots=nosuch,random", "argument --param"),
        ("bots=human,random", "argument --param"),
        ("bots=random,random", "repeat"),
        ("bots=,", "argument --param"),
    ):
        cases.append(_case([*BASE["sweep"], "--param", param], named))
    # Files to read: rule sets, grids, saved games.
    for path in BAD_RULE_FILES.values():
        named = _name(path)
        cases.append(_case(["rules", path], named))
        cases.append(_case(["play", "--rules", path], named))
        cases.append(_case([*BASE["simulate"], "--rules", path], named))
        cases.append(_case([*BASE["landing"], "--rules", path], named))
        cases.append(_case(["claim", "--grid", path], named))  # --shipped takes no --grid
    for path in BAD_GAME_FILES.values():
        cases.append(_case(["replay", path], _name(path)))
    cases.append(_case(["replay", ""], "argument FILE: expected a file name, got ''"))
    cases.append(_case(["replay", "{d}/pipe.json"], "pipe.json is not a regular file"))
    # Files to write: a folder, a path under a regular file, an empty name, no suffix.
    for path, named in (
        ("{d}/folder.json", "it is a folder"),
        ("{d}/plain/game.json", "no folder"),
        ("", "argument --save: expected a file name, got ''"),
    ):
        cases.append(_case([*BASE["play"], "--save", path], named))
    cases.append(
        _case([*BASE["play"], "--save", "{d}/pipe.json", "--force"], "it is not a regular file")
    )
    for command in EXPERIMENTS:
        for path, named in (
            ("{d}/folder.json", "it is a folder"),
            ("{d}/plain/data.csv", "no folder"),
            ("", "argument --out: expected a file name, got ''"),
            ("{d}/data.txt", "argument --out"),
            ("{d}/data", "argument --out"),
        ):
            cases.append(_case([*BASE[command], "--out", path], named))
    cases.append(
        _case([*BASE["simulate"], "--out", "{d}/pipe.json", "--force"], "not a regular file")
    )
    for path, named in (
        ("{d}/folder.json", "it is a folder"),
        ("{d}/plain/claim.json", "no folder"),
        ("", "argument --out: expected a file name, got ''"),
        ("{d}/claim.csv", "argument --out"),
    ):
        cases.append(_case([*BASE["claim"], "--out", path], named))
    # Claim's own arguments (--shipped answers without playing).
    for scenario, named in (
        ("", "''"),
        (",", "''"),
        ("nosuch", "'nosuch'"),
        ("eager.4.printed,x", "'x'"),
    ):
        cases.append(_case([*BASE["claim"], "--scenario", scenario], f"no scenario {named}"))
    cases.append(_case([*BASE["claim"], "--check"], "argument --shipped"))
    cases.append(_case([*BASE["claim"], "--grid", "{d}/grid.toml"], "argument --shipped"))
    cases.append(_case(["claim", "--check", "--grid", "{d}/grid.toml"], "argument --check"))
    cases.append(_case(["claim", "--grid", ""], "argument --grid: expected a file name, got ''"))
    # Landing and rents: strategies, and boards they cannot measure.
    for command in ("landing", "rents"):
        for strategy in ("", "nosuch", "LEAVE"):
            cases.append(_case([*BASE[command], "--strategy", strategy], "argument --strategy"))
    for command in ("landing", "rents"):
        cases.append(
            _case([*BASE[command], "--rules", "property"], "'property' has a 'grid' board")
        )
    # Ports.
    for command in ("serve", "class"):
        for label in ("empty", "negative", "zero", "decimal", "word", "10**30"):
            argv = [*BASE[command], "--port", NUMBERS[label]]
            cases.append(_case(argv, "argument --port: a port is a number", label))
        cases.append(_case([*BASE[command], "--port", "65536"], "argument --port: a port is"))
    # Unknown flags and arguments, missing values.
    for argv, named in (
        (["info", "--json"], "unrecognized arguments: --json"),
        (["info", "extra"], "unrecognized arguments: extra"),
        (["rules", "landlords_game", "extra"], "unrecognized arguments: extra"),
        ([*BASE["play"], "--nope"], "unrecognized arguments: --nope"),
        ([*BASE["play"], "extra"], "unrecognized arguments: extra"),
        ([*BASE["simulate"], "--gams", "2"], "unrecognized arguments: --gams"),
        ([*BASE["simulate"], "--games"], "argument --games: expected one argument"),
        ([*BASE["landing"], "--seed"], "argument --seed: expected one argument"),
        (["replay"], "FILE"),
        (["sweep", "--rules", SHORT], "--param"),
        (["serve", "extra"], "unrecognized arguments: extra"),
        (["class", "--new-token", "extra"], "unrecognized arguments: extra"),
        (["class", "--new-token", "--password", "some words"], "not allowed with argument"),
    ):
        cases.append(_case(argv, named))
    return cases


#: Command lines the top-level parser refuses: no command, or an unknown one.
TOP_LEVEL = [
    pytest.param([], "the following arguments are required: COMMAND", id="no-command"),
    pytest.param(["nope"], "argument COMMAND: invalid choice: 'nope'", id="unknown-command"),
    pytest.param(["Play"], "argument COMMAND: invalid choice: 'Play'", id="capitalised-command"),
    pytest.param([""], "argument COMMAND: invalid choice: ''", id="empty-command"),
    pytest.param(["--nope"], "COMMAND", id="unknown-flag-alone"),
]

#: Command lines that look hostile but are valid: each runs and exits 0.
ACCEPTED = [
    pytest.param(["--version"], id="--version"),
    pytest.param([*BASE["simulate"], "--games", " 2 "], id="games-with-spaces"),
    pytest.param([*BASE["simulate"], "--gam", "2"], id="an-option-abbreviated"),
    pytest.param([*BASE["play"], "--seed", str(2**63)], id="play-seed-2**63"),
    pytest.param([*BASE["simulate"], "--seed", str(10**30)], id="simulate-seed-1e30"),
    pytest.param([*BASE["landing"], "--seed", str(2**63)], id="landing-seed-2**63"),
    pytest.param(
        [*BASE["compare"], "--rules", "landlords_game[],single_tax[]"], id="empty-brackets"
    ),
    pytest.param(
        [*BASE["simulate"], "--rules", " landlords_game [ round_limit = 3 ] "], id="spaces"
    ),
    pytest.param([*BASE["sweep"], "--param", "wages=50, 100"], id="param-with-spaces"),
]


def make_files(folder: Path) -> Path:
    """Make the files the cases read in ``folder`` (a new folder); return it."""
    folder.mkdir()
    (folder / "folder.toml").mkdir()
    (folder / "folder.json").mkdir()
    (folder / "plain").write_text("a regular file, not a folder\n")
    for suffix in ("toml", "json"):
        (folder / f"binary.{suffix}").write_bytes(bytes(range(256)) * 4)
        (folder / f"latin1.{suffix}").write_bytes('title = "caf\xe9"\n'.encode("latin-1"))
        (folder / f"empty.{suffix}").write_bytes(b"")
    with (folder / "huge.toml").open("wb") as handle:  # sparse: no disk used
        handle.truncate(2 * 1024 * 1024)
    with (folder / "huge.json").open("wb") as handle:
        handle.truncate(65 * 1024 * 1024)
    with (folder / "large.json").open("wb") as handle:
        handle.truncate(55_000_000)
    (folder / "other.toml").write_text('[rule_set]\nid = "other"\n')
    (folder / "grid.toml").write_text("format = 1\n")
    (folder / "array.json").write_text("[]")
    (folder / "nested.json").write_text("[" * 100_000 + "]" * 100_000)
    (folder / "number.json").write_text('{"format": ' + "9" * 5000 + "}")
    (folder / "other.json").write_text('{"format": "something-else"}')
    os.mkfifo(folder / "pipe.json")  # a named pipe: reading it would wait for a writer
    os.mkfifo(folder / "pipe.toml")
    return folder


@pytest.fixture
def files(tmp_path: Path) -> Path:
    """The files the cases read, in a folder of their own."""
    return make_files(tmp_path / "files")


def _files_under(folder: Path) -> dict[str, tuple[int, int] | None]:
    """Every file under ``folder`` with its size and time of change, and every folder."""
    found: dict[str, tuple[int, int] | None] = {}
    for root, folders, names in os.walk(folder):
        for name in folders:
            found[str(Path(root, name).relative_to(folder))] = None
        for name in names:
            stat = Path(root, name).lstat()
            found[str(Path(root, name).relative_to(folder))] = (stat.st_size, stat.st_mtime_ns)
    return found


def _in(files: Path, argv: list[str]) -> list[str]:
    """``argv`` with ``{d}`` replaced by the folder of the hostile files."""
    return [word.replace("{d}", str(files)) for word in argv]


@pytest.fixture
def work(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty working folder, so that a file written by a relative name would show."""
    folder = tmp_path / "work"
    folder.mkdir()
    monkeypatch.chdir(folder)
    return folder


@pytest.fixture(autouse=True)
def no_playing_the_claim(monkeypatch: pytest.MonkeyPatch) -> None:
    """A case that reaches the claim's grid fails at once instead of playing it for minutes."""
    import landlord.claim

    def played(*_args, **_kwargs):
        raise AssertionError("the claim's grid was played")

    monkeypatch.setattr(landlord.claim, "run_claim", played)


@pytest.mark.parametrize(("argv", "named"), _refused())
def test_a_hostile_command_line_is_refused_in_one_line(argv, named, files, work, tmp_path, capsys):
    before = _files_under(tmp_path)
    message = usage_error(capsys, _in(files, argv))  # exit 2, usage, one line, no traceback
    assert _in(files, [named])[0] in message
    assert _files_under(tmp_path) == before  # nothing written, not even a temporary file


@pytest.mark.parametrize(("argv", "named"), TOP_LEVEL)
def test_a_command_line_without_a_known_command_is_refused(argv, named, work, capsys):
    with pytest.raises(SystemExit) as stopped:
        main(argv)
    assert stopped.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "Traceback" not in captured.err
    lines = captured.err.strip().splitlines()
    assert lines[0].startswith("usage: landlord [-h] [--version] COMMAND")
    assert lines[-1].startswith("landlord: error: ")
    assert named in lines[-1]
    assert list(work.iterdir()) == []


@pytest.mark.parametrize("argv", ACCEPTED)
def test_a_valid_command_line_that_looks_hostile_runs(argv, files, work, tmp_path, capsys):
    before = _files_under(tmp_path)
    try:
        status = main(_in(files, argv))
    except SystemExit as stopped:  # --version
        status = stopped.code
    captured = capsys.readouterr()
    assert status == 0, captured.err
    assert captured.out
    assert "Traceback" not in captured.out + captured.err
    assert _files_under(tmp_path) == before


def test_the_matrix_covers_every_command_with_enough_cases():
    from landlord.cli import build_parser

    refused = _refused()
    commands = build_parser()._subparsers._group_actions[0].choices
    assert set(commands) == set(BASE)
    assert {case.values[0][0] for case in refused} == set(BASE)
    assert len(refused) + len(TOP_LEVEL) + len(ACCEPTED) >= 180
