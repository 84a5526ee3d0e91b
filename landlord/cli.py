"""The ``landlord`` command line.

Every sub-command is a thin layer over the public API. A bad argument prints
the usage and exits with status 2, as argparse does; a sub-command that
succeeds exits 0.
"""

from __future__ import annotations

import argparse
import platform
import sys
from importlib import metadata

import landlord

#: Distributions reported by ``landlord info``: the library's own
#: dependencies first, then the ``notebook`` extra that the apps need.
LIBRARY_PACKAGES = ("numpy", "pandas", "networkx", "matplotlib")
NOTEBOOK_PACKAGES = ("ipywidgets", "voila", "jupyterlab")


def installed_versions() -> dict[str, str | None]:
    """Return the version of each package the kit uses, ``None`` if missing.

    Reads installed metadata only, so it imports none of the packages and
    stays fast even where the notebook stack is absent.

    Examples
    --------
    >>> versions = installed_versions()
    >>> versions["numpy"] is not None
    True
    """
    versions: dict[str, str | None] = {}
    for name in LIBRARY_PACKAGES + NOTEBOOK_PACKAGES:
        try:
            versions[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            versions[name] = None
    return versions


def _info(_args: argparse.Namespace) -> int:
    print(f"landlord    {landlord.__version__}")
    print(f"python      {platform.python_version()} ({sys.executable})")
    print(f"platform    {platform.platform()}")
    versions = installed_versions()
    for heading, names in (("library", LIBRARY_PACKAGES), ("notebook extra", NOTEBOOK_PACKAGES)):
        print(f"\n{heading}:")
        for name in names:
            print(f"  {name:<11} {versions[name] or 'not installed'}")
    if not all(versions[name] for name in NOTEBOOK_PACKAGES):
        print("\nThe apps need the notebook extra: pip install '.[notebook]' in the kit's folder")
    return 0


def build_parser() -> argparse.ArgumentParser:
    """Build the argument parser for ``landlord``."""
    parser = argparse.ArgumentParser(
        prog="landlord",
        description=(
            "Play and measure Lizzie Magie's Landlord's Game, her single-tax rules "
            "and the games that followed."
        ),
    )
    parser.add_argument("--version", action="version", version=f"landlord {landlord.__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    commands.required = True
    info = commands.add_parser(
        "info", help="show the versions of landlord and the packages it uses"
    )
    info.set_defaults(run=_info)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    args = build_parser().parse_args(argv)
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())
