"""The kit's presentation without a user-interface framework: a game shown as SVG, words
and HTML.

What is here draws and tells; nothing here asks for a click. The same modules serve the
families' view code (each family's board, narrator, explanations and glossary are built on
them), the ipywidgets apps of :mod:`landlord.widgets` and the class server of
:mod:`landlord.classroom`, so every screen shows a game alike:

- ``svg``, ``track``, ``picture`` and ``board``: the board as one SVG string (``board`` is the
  one door: :func:`~landlord.views.board.board_svg` hands the game to its family, which draws
  its state with ``picture`` on the fixed layout of ``track``, made of ``svg``'s pieces);
- ``board_text``: the players and the board in words, as HTML tables for a screen reader;
- ``events``: the game told in sentences as it is played, in its family's words (the event
  log), and the log as HTML;
- ``explain`` and ``glossary``: the family-neutral halves of the help, the "explain this
  step" mode and the glossary;
- ``rent_and_poor`` and ``kept_playing``: where the land rent went and how the poorest
  player stands; "What if we kept playing?" as plain SVG and HTML;
- ``standings``: who won, and the final standings;
- ``summary``: what a comparison of many games shows, as an HTML table with its notes;
- ``downloads``: a comparison's tables as CSV links, and what each column holds;
- ``board_picks``: the places on the board a click answers, ringed in its SVG;
- ``how_to_play``: the play app's instructions;
- ``rule_options``: a rule set's declared options in words, for the controls an app makes
  of them;
- ``texts``: a family's teaching texts (glossary, help, explanations) read from its TOML
  files, checked whole.

Nothing here imports ipywidgets, IPython, a server, the command line, an experiment, the
game at a table or a family's package, directly or through another module (an
import-linter contract in ``pyproject.toml`` checks it); a family is asked through the
game (``game.family``) or looked up by name with :func:`landlord.engine.family.family_of`.
"""
