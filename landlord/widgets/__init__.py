"""Views of a game for the notebooks and the Voila apps.

The apps (each a notebook under ``notebooks/``):

- :class:`PlayApp` (``play.ipynb``): play a rule set with people and bots;
- :class:`SideBySideApp` (``landlord_vs_prosperity.ipynb``): two rule sets on
  the same dice, stepping together;
- :class:`ExperimentsApp` (``experiments.ipynb``): many games at once, and
  what they show.

What the apps show without a user-interface package (the board as SVG, the board in
words, the event log, the help) is drawn by :mod:`landlord.views`, and the game at the
table (:class:`landlord.table.GameTable`, a game played a turn at a time) is played below
them: the class server shares both. Every app plays the later game's historical rules too
(the Monopoly rule sets; the name is Hasbro's trademark, and the kit is independent of
Hasbro). The apps import ipywidgets when
they are first used, so ``import landlord.widgets`` stays light.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

__all__ = ["ExperimentsApp", "PlayApp", "SideBySideApp"]

#: Where each public name lives, imported when first asked for.
_HOMES = {
    "PlayApp": "landlord.widgets.play",
    "SideBySideApp": "landlord.widgets.side_by_side",
    "ExperimentsApp": "landlord.widgets.dashboard",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'landlord.widgets' has no attribute {name!r}")
    return getattr(import_module(home), name)


def __dir__() -> list[str]:
    return sorted([*globals(), *_HOMES])
