"""The package as a user meets it: import, version and the command line."""

import json
import subprocess
import sys
from importlib import metadata

import pytest

import landlord
from landlord import cli

UI_PACKAGES = {"ipywidgets", "IPython", "voila", "jupyterlab", "matplotlib"}


def test_version_matches_the_installed_distribution():
    assert landlord.__version__ == metadata.version("landlord-kit")


def test_import_pulls_in_no_user_interface_package():
    probe = (
        "import sys, landlord, landlord.apps, landlord.cli; "
        "import json; print(json.dumps(sorted({m.split('.')[0] for m in sys.modules})))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", probe], check=True, capture_output=True, text=True
    ).stdout
    assert not UI_PACKAGES & set(json.loads(loaded))


def test_version_flag_prints_the_version(capsys):
    with pytest.raises(SystemExit) as exit_info:
        cli.main(["--version"])
    assert exit_info.value.code == 0
    assert capsys.readouterr().out.strip() == f"landlord {landlord.__version__}"


def test_info_reports_library_and_notebook_packages(capsys):
    assert cli.main(["info"]) == 0
    out = capsys.readouterr().out
    assert f"landlord    {landlord.__version__}" in out
    for name in ("numpy", "pandas", "networkx", "matplotlib", "voila", "ipywidgets"):
        assert f"  {name}" in out
    versions = cli.installed_versions()
    assert f"  numpy       {versions['numpy']}" in out


@pytest.mark.parametrize(
    "argv",
    [[], ["no-such-command"], ["info", "--no-such-flag"], ["--no-such-flag"]],
    ids=["no command", "unknown command", "unknown option", "unknown global option"],
)
def test_bad_arguments_print_usage_and_exit_2(argv, capsys):
    with pytest.raises(SystemExit) as exit_info:
        cli.main(argv)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: landlord")
    assert "error:" in err


def test_console_script_and_module_entry_points_agree():
    script = subprocess.run(
        [sys.executable, "-m", "landlord", "--version"], capture_output=True, text=True
    )
    assert script.returncode == 0
    assert script.stdout.strip() == f"landlord {landlord.__version__}"
    bad = subprocess.run(
        [sys.executable, "-m", "landlord", "bogus"], capture_output=True, text=True
    )
    assert bad.returncode == 2
    assert "invalid choice: 'bogus'" in bad.stderr
