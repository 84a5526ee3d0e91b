"""The experiments dashboard: many games under several rule sets, and what they show.

:class:`ExperimentsApp` (``notebooks/experiments.ipynb``) opens on Magie's claim tested
over the declared grid of scenarios, from results shipped with the kit (nothing to wait
for), then lets a class choose rule sets, a table of bots, a number of games, a seed and
the options of each rule set, press *Run*, and see what
:func:`landlord.experiments.compare` finds: the summary table, the final Gini of every
game, the mean Gini round by round with its band, how long the games lasted, a reading of
the main numbers aloud, and links that download the tables as CSV files.

Its parts, each a module of this package:

- ``page``: :class:`ExperimentsApp`, the page's layout and its address;
- ``controls``: the settings on screen, and the rule sets' options, a control each, made
  from the options the rule sets declare (nothing there knows an option by its name);
- ``specs``: what the settings send to the comparison, and the limits they are held to;
- ``runs``: the Run button, the progress bar, and the offer to play more pairs;
- ``reading``: what a comparison found, in words, size first;
- ``results``: the reading, the charts, the summary table and the downloads on screen.

Game k of every rule set is played from the same seed, so the differences are the rules',
not the dice's (see :mod:`landlord.experiments`). The widgets only gather the settings,
check them and show what the library returns; the rules themselves are decided by the
engine, and what a rule set offers by its data.

Importing this package imports neither ipywidgets nor matplotlib nor pandas: they are
imported when an app is made and when it runs.
"""

from __future__ import annotations

from landlord.widgets.dashboard.page import ExperimentsApp

__all__ = ["ExperimentsApp"]
