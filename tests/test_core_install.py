"""``import landlord`` works where only the library's own dependencies are installed.

Builds a fresh virtual environment with the package and its core dependencies
(no ``notebook`` extra) and uses it as a researcher on a server would.
"""

import json
import subprocess
from pathlib import Path

import pytest
from fresh_venv import ROOT, new_environment, run

import landlord
from landlord.rules import available

pytestmark = pytest.mark.install


@pytest.fixture(scope="module")
def core_python(tmp_path_factory) -> Path:
    return new_environment(tmp_path_factory.mktemp("core"), "--constraint", "constraints.txt", ".")


def test_core_environment_has_no_notebook_packages(core_python):
    for name in ("ipywidgets", "voila", "jupyterlab", "IPython"):
        found = run(core_python, "-c", f"import importlib.util as u; print(u.find_spec({name!r}))")
        assert found.stdout.strip() == "None", name


def test_import_landlord_without_the_notebook_extra(core_python):
    result = run(core_python, "-c", "import landlord, landlord.apps; print(landlord.__version__)")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == landlord.__version__


def test_the_core_has_no_numba_and_every_rule_set_plays_on_the_reference_engine(core_python):
    script = (
        "import importlib.util, json\n"
        "from landlord.experiments import compare\n"
        "from landlord.rules import available\n"
        "print(importlib.util.find_spec('numba'))\n"
        "names = [info.id for info in available()]\n"
        "for name in names:\n"
        "    result = compare([name], games=2, seed=7)\n"
        "    spec = result.parameters['rules'][0]\n"
        "    print(json.dumps([name, spec['played_by'], spec['played_by_because'],\n"
        "                      len(result.games)]))\n"
    )
    result = run(core_python, "-c", script)
    assert result.returncode == 0, result.stderr
    found, *played = result.stdout.splitlines()
    assert found == "None"
    assert len(played) == len(available())  # every shipped rule set
    for line in played:
        name, engine, because, games = json.loads(line)
        assert (engine, games) == ("the reference engine", 2), name
        assert because in (
            "numba is not installed",
            "the batch path does not cover this family yet",
        ), name


def test_a_cli_comparison_without_numba(core_python):
    result = run(
        core_python, "-m", "landlord", "compare", "--rules", "landlords_game,prosperity",
        "--games", "30", "--seed", "7",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "games played" in result.stdout
    assert "prosperity: played by the reference engine (numba is not installed)" in result.stdout


def test_info_names_the_missing_extra(core_python):
    result = run(core_python, "-m", "landlord", "info")
    assert result.returncode == 0, result.stderr
    assert "voila       not installed" in result.stdout
    assert "pip install 'landlord-kit[notebook]'" in result.stdout
    assert "numba       not installed" in result.stdout
    assert "pip install 'landlord-kit[fast]'" in result.stdout


def test_experiments_run_without_the_extras_and_parquet_says_what_it_needs(core_python, tmp_path):
    script = (
        "import sys\n"
        "from landlord.experiments import simulate\n"
        "result = simulate('landlords_game[round_limit=2]', games=3, progress=True)\n"
        "result.save(sys.argv[1] + '/r.csv')\n"
        "try:\n"
        "    result.save(sys.argv[1] + '/r.parquet')\n"
        "except ValueError as error:\n"
        "    print(error)\n"
    )
    result = run(core_python, "-c", script, str(tmp_path))
    assert result.returncode == 0, result.stderr
    assert "3/3" in result.stderr  # the progress bar, as text: no widgets here
    assert "Parquet files need pyarrow: pip install 'landlord-kit[parquet]'" in result.stdout
    assert (tmp_path / "r.meta.json").exists()
    assert not (tmp_path / "r.parquet").exists()


#: The unit tier's tests that need nothing beyond the core dependencies: no notebook
#: stack, and no numba (the batch path is an extra, ``fast``).
LOWEST_TESTS = [
    "tests/test_boards.py",
    "tests/test_chance_and_deal.py",
    "tests/test_cli_matrix.py",
    "tests/test_flows.py",
    "tests/test_fuzz_files.py",
    "tests/test_game_invariants.py",
    "tests/test_golden_games.py",
    "tests/test_landing.py",
    "tests/test_landlords_game_rules.py",
    "tests/test_metrics.py",
    "tests/test_monopoly_cli.py",
    "tests/test_monopoly_invariants.py",
    "tests/test_monopoly_rules.py",
    "tests/test_plotting.py",
    "tests/test_policies.py",
    "tests/test_property_rules.py",
    "tests/test_quikopoly_rules.py",
    "tests/test_rents.py",
    "tests/test_rules.py",
    "tests/test_rules_extends.py",
    "tests/test_saved_game_integrity.py",
    "tests/test_scorecard.py",
    "tests/test_session_and_record.py",
    "tests/test_single_tax_rules.py",
    "tests/test_state_api.py",
]


@pytest.fixture(scope="module")
def lowest_python(tmp_path_factory) -> Path:
    """An environment with every core dependency at the lowest version pyproject.toml
    allows (uv's lowest-direct resolution), the kit installed editable, and pytest."""
    return new_environment(
        tmp_path_factory.mktemp("lowest"),
        "--resolution",
        "lowest-direct",
        "--editable",
        ".",
        "pytest>=8.3",
        "hypothesis>=6.100",
        "pytest-timeout>=2.3",
    )


def test_the_library_passes_its_tests_at_the_lowest_versions_it_declares(lowest_python):
    import tomllib

    floors = {}
    for requirement in tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "dependencies"
    ]:
        name, _, version = requirement.partition(">=")
        floors[name.strip()] = version.strip()
    probe = (
        "import json, importlib.metadata as m; "
        f"print(json.dumps({{n: m.version(n) for n in {sorted(floors)!r}}}))"
    )
    found = json.loads(run(lowest_python, "-c", probe).stdout)
    for name, floor in floors.items():
        assert found[name].startswith(floor), (name, found[name], floor)
    numba = run(lowest_python, "-c", "import importlib.util as u; print(u.find_spec('numba'))")
    assert numba.stdout.strip() == "None"
    tests = subprocess.run(
        [
            str(lowest_python),
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "-o",
            "addopts=",
            *LOWEST_TESTS,
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert tests.returncode == 0, tests.stdout[-3000:] + tests.stderr[-2000:]
