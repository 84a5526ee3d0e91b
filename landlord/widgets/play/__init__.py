"""The play app: a board, seats for people and bots, buttons for every legal move.

:class:`PlayApp` (``notebooks/play.ipynb``) plays a rule set with people and bots at one
screen. Its parts, each a module of this package:

- ``page``: :class:`PlayApp` itself, the page's layout, and the board, log, lead and charts
  kept in step with the game;
- ``seats``: the setup above the board (rules, seed, who sits in each seat), a new game,
  the game saved, loaded and linked (:class:`~landlord.widgets.play.seats.Setup`);
- ``question``: what a person is asked, and a button per answer the rules allow
  (:class:`~landlord.widgets.play.question.Asking`);
- ``charts``: the live charts (Gini by round, wealth, Lorenz, who paid whom).

What it shows without ipywidgets is drawn by :mod:`landlord.views` (the board, its places
to click in :mod:`landlord.views.board_picks`, the log, the help in
:mod:`landlord.views.how_to_play`); the buttons that move the bots on are
:mod:`landlord.widgets.pace`'s, shared with the other apps.
"""

from __future__ import annotations

from landlord.widgets.play.page import PlayApp

__all__ = ["PlayApp"]
