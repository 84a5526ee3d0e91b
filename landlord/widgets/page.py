"""What every app adds to its page: a style sheet and a small script for keyboards and
screen readers.

ipywidgets gives no way to set ARIA attributes or to move the keyboard focus, so
the apps show, once per page, a short script (:data:`PAGE_SCRIPT`) that

- marks each app's question (``.landlord-question``) and message line
  (``.landlord-status``) as polite live regions, so a screen reader reads a new
  question out without the student hunting for it;
- gives each board and each scrolling log a label and makes it reachable by Tab
  (so a keyboard can scroll it);
- makes each fold's title (How to play, the board in words) a button that Tab
  reaches and Enter or Space opens, saying whether it is open;
- puts the name of the game being played in the window's title, and scrolls a
  game started on the page (New game, a saved game) into view;
- starts the timer of an app that is playing as it is drawn (ipywidgets' timer
  starts only when ``playing`` turns on under a drawn page);
- makes "Skip to the question" (the first link of the play app, shown when the
  keyboard reaches it) bring the game into view with the focus on its first choice;
- answers a question with a click on a place the board rings in blue (a move's
  destination, a cell to play on), through a field the app keeps out of sight;
- keeps the keyboard focus in the game: when a click replaces the buttons it
  was on, or the button it was on goes off (**Next turn** when a person is
  asked), the focus goes to the first new choice, or else to **Next turn**.

The style sheet (:data:`PAGE_STYLE`) scales each board to the space beside its
controls and to the window's height, so the whole board is in view on a
1024 x 700 laptop, and lets a "big board" switch draw it as wide as the page,
controls below (a projector: the board's smallest words grow from 11 to about
19 pixels on a 1366-pixel-wide screen; the class scrolls to the part in
question). Both are plain text with no outside resources. Voila and
JupyterLab run a displayed script (in JupyterLab, in a trusted notebook); where
none runs, the apps still work, with the focus and live regions left to the
browser.
"""

from __future__ import annotations

from typing import Any

__all__ = ["PAGE_SCRIPT", "PAGE_STYLE", "page_extras", "show_app", "style_widget"]

PAGE_STYLE = """
.landlord-board svg { width: 100%; height: auto; display: block; margin: 0 auto;
  max-height: calc(100vh - 48px); max-width: calc(100vh - 48px); }
.landlord-board-left svg, .landlord-board-right svg { width: 100%; height: auto;
  display: block; max-height: calc(100vh - 12px); }
.landlord-board-column { flex: 1 1 30em; min-width: 0; }
.landlord-controls { flex: 0 1 24em; min-width: 19em; }
.landlord-play.landlord-big .landlord-main { flex-direction: column; }
.landlord-play.landlord-big .landlord-board svg { max-height: none; max-width: none; }
.landlord-play.landlord-big .landlord-board-column,
.landlord-play.landlord-big .landlord-controls { flex: 1 1 auto; width: 100%; max-width: none; }
.landlord-question, .landlord-question * { font-size: 14px; line-height: 1.35; }
.landlord-board g.landlord-pick { cursor: pointer; }
.landlord-board g.landlord-pick > title + * { stroke: #0B5CAD; stroke-width: 7px; }
.landlord-pick-hint { font-weight: normal; color: #0B5CAD; }
.landlord-headline .landlord-headline-main { font-size: 20px; line-height: 1.4;
  margin: 0.4em 0; }
.landlord-headline .landlord-headline-more, .landlord-live-tally { font-size: 16px;
  line-height: 1.4; }
.landlord-dial .jupyter-button.mod-active { background: #0B5CAD; color: #FFFFFF; }
.landlord-choices .landlord-choice-stand { font-style: italic; }
.landlord-standing-answers, .landlord-standing-answers .widget-html-content {
  font-size: 14px; line-height: 1.4; }
.landlord-standing-answers .widget-hbox { gap: 8px; }
.landlord-pair-side { font-size: 13px; font-weight: bold; }
.landlord-pair .widget-hbox { gap: 6px; }
.landlord-help summary { cursor: pointer; color: #0B5CAD; padding: 4px 0; }
.landlord-help { font-size: 14px; line-height: 1.45; }
.landlord-choices .jupyter-button, .landlord-pace .jupyter-button {
  min-height: 34px; height: auto; white-space: normal; text-align: left; }
.landlord-log { font-size: 13px; line-height: 1.5; }
.landlord-lead, .landlord-lead *, .landlord-kept-playing, .landlord-kept-playing *,
.landlord-keep-playing-status { font-size: 14px; line-height: 1.4; }
.landlord-kept-playing h3 { font-size: 1.2em; }
.landlord-app .lm-TabBar-tabLabel, .landlord-app .jupyter-widget-Collapse-header > span {
  color: #303030; }
.landlord-app .jupyter-widget-TabPanel-tabContents { overflow: visible !important; }
.landlord-explain { color: #4A4A4A; font-style: italic; padding-left: 1em; display: inline-block; }
.landlord-glossary details { margin: 2px 0; }
.landlord-glossary summary { cursor: pointer; padding: 3px 0; }
.landlord-play a, .landlord-side-by-side a { text-decoration: underline; }
.landlord-app :focus-visible, .landlord-app .jupyter-button:focus-visible,
.landlord-app select:focus-visible, .landlord-app input:focus-visible {
  outline: 3px solid #0B5CAD !important; outline-offset: 2px !important;
  box-shadow: 0 0 0 6px #FFFFFF; }
.landlord-skip { position: absolute; left: -10000px; }
.landlord-choices { overflow: visible !important; padding: 4px; }
.landlord-ask .widget-hbox { overflow: visible !important; }
.landlord-play-for-me span, .landlord-play-for-me label { white-space: normal; height: auto; }
.landlord-skip:focus { position: static; display: inline-block; padding: 6px 10px;
  background: #0B5CAD; color: #FFFFFF !important; font-size: 16px; }
.landlord-ask { position: sticky; top: 0; z-index: 3; background: #FFFFFF;
  padding-bottom: 4px; }
.landlord-play.landlord-big { padding-bottom: 42vh; }
.landlord-play.landlord-big .landlord-ask {
  position: fixed; top: auto; left: 0; right: 0; bottom: 0; max-height: 40vh;
  overflow-y: auto; padding: 6px 16px; box-shadow: 0 -2px 10px rgba(0, 0, 0, 0.3); }
.landlord-play.landlord-big .landlord-ask, .landlord-play.landlord-big .landlord-ask *,
.landlord-play.landlord-big .landlord-ask .jupyter-button {
  font-size: 20px; line-height: 1.35; }
.landlord-play.landlord-big .landlord-ask .jupyter-button { min-height: 44px; }
@media (max-width: 760px) {
  .landlord-main { flex-direction: column; }
  .landlord-board-column, .landlord-controls { width: 100%; max-width: none; }
  .landlord-play { padding-bottom: 42vh; }
  .landlord-play .landlord-ask { position: fixed; top: auto; left: 0; right: 0; bottom: 0;
    max-height: 40vh; overflow-y: auto; padding: 6px 10px;
    box-shadow: 0 -2px 10px rgba(0, 0, 0, 0.3); }
}
"""

PAGE_SCRIPT = """
(function () {
  if (window.landlordPage) { return; }
  window.landlordPage = true;
  var shownGame = null;
  function mark(root) {
    // The window's title names the game being played (the play app's heading), and a
    // game started on the page (New game, a saved game) is scrolled into view.
    var game = root.querySelector('.landlord-game-title h2');
    if (game && document.title !== 'Play ' + game.textContent) {
      document.title = 'Play ' + game.textContent;
    }
    // An app made playing (the pairs of Magie's experiment, bots after a person's
    // answer) starts its timer once drawn: its button out of sight is pressed, once.
    root.querySelectorAll('.landlord-autostart:not([data-pressed])').forEach(function (el) {
      el.setAttribute('data-pressed', '1');
      el.click();
    });
    var number = game && game.getAttribute('data-game');
    if (number && shownGame && number !== shownGame) { toGame(game.closest('.landlord-app')); }
    if (number) { shownGame = number; }
    var live = '.landlord-question, .landlord-status, .landlord-games-hint, ' +
      '.landlord-keep-playing-status, .landlord-headline';
    root.querySelectorAll(live).forEach(function (el) {
      if (!el.hasAttribute('aria-live')) {
        el.setAttribute('role', 'status');
        el.setAttribute('aria-live', 'polite');
      }
    });
    var regions = [
      ['.landlord-board', 'The board (the board in words is under it)'],
      ['.landlord-board-left', 'The left board'],
      ['.landlord-board-right', 'The right board'],
      ['.landlord-log', 'What happened'],
      ['.landlord-log-left', 'What happened on the left'],
      ['.landlord-log-right', 'What happened on the right']
    ];
    regions.forEach(function (pair) {
      root.querySelectorAll(pair[0]).forEach(function (el) {
        if (!el.hasAttribute('tabindex')) {
          el.setAttribute('tabindex', '0');
          el.setAttribute('role', 'region');
          el.setAttribute('aria-label', pair[1]);
        }
      });
    });
    // A fold's title (How to play, the board in words) opens and closes by keyboard too,
    // and says whether it is open.
    root.querySelectorAll('.landlord-app .jupyter-widget-Collapse-header').forEach(function (el) {
      if (!el.hasAttribute('tabindex')) {
        el.setAttribute('tabindex', '0');
        el.setAttribute('role', 'button');
        el.addEventListener('keydown', function (event) {
          if (event.key === 'Enter' || event.key === ' ') {
            event.preventDefault();
            el.click();
          }
        });
      }
      var contents = el.nextElementSibling;
      var open = !!contents && !contents.classList.contains('lm-mod-hidden');
      el.setAttribute('aria-expanded', open ? 'true' : 'false');
    });
  }
  // A place ringed on the board answers the question with a click (or a tap): the page
  // tells the app which, through its field out of sight; the buttons stay for keyboards.
  document.addEventListener('click', function (event) {
    var place = event.target.closest && event.target.closest('.landlord-board g.landlord-pick');
    var app = place && place.closest('.landlord-app');
    var field = app && app.querySelector('.landlord-board-pick input');
    if (!field) { return; }
    field.value = place.getAttribute('data-pick') + '#' + Date.now();
    field.dispatchEvent(new Event('input', {bubbles: true}));
  });
  // "Skip to the question": the game in view, and the focus on its first choice (or on
  // Next turn when the bots are next).
  document.addEventListener('click', function (event) {
    var skip = event.target.closest && event.target.closest('.landlord-skip');
    var app = skip && skip.closest('.landlord-app');
    if (!app) { return; }
    event.preventDefault();
    toGame(app);
    var first = app.querySelector('.landlord-choices button:not([disabled])') ||
                app.querySelector('.landlord-step:not([disabled])');
    if (first) { first.focus(); }
  });
  function toGame(app) {
    var top = app.querySelector('.landlord-game-title') || app.querySelector('.landlord-main');
    if (top) { top.scrollIntoView({block: 'start'}); }
  }
  var lastApp = null;
  var lastFocus = null;
  document.addEventListener('focusin', function (event) {
    var app = event.target.closest && event.target.closest('.landlord-app');
    if (app) { lastApp = app; }
    lastFocus = event.target;
  });
  function keepFocus() {
    var active = document.activeElement;
    // A button turned off under the focus (Next turn, when a person is asked) lets it go.
    if (!lastApp || (active && active !== document.body && document.contains(active) &&
                     !active.disabled)) { return; }
    // A button that was only turned off while it works ("What if we kept playing?")
    // gets the focus back when it is on again: the page stays where the student was.
    if (lastFocus && document.contains(lastFocus) &&
        lastFocus.closest('.landlord-keep-playing-box')) {
      if (!lastFocus.disabled) { lastFocus.focus(); }
      return;
    }
    // The next question's first choice, or Next turn when the bots play next; if
    // neither is on the page yet, the next change of the page tries again.
    // (In an opened group, its first choice rather than the way back.)
    var next = lastApp.querySelector(
                 '.landlord-choices button:not([disabled]):not(.landlord-choice-back)') ||
               lastApp.querySelector('.landlord-step:not([disabled])');
    if (next) { next.focus(); }
  }
  var pending = false;
  // Buttons put on again count as a change too: a question's buttons come up off for a
  // moment after a click (one click, one decision), and get the focus when they go on.
  new MutationObserver(function () {
    if (pending) { return; }
    pending = true;
    window.requestAnimationFrame(function () {
      pending = false;
      mark(document);
      keepFocus();
    });
  }).observe(document.body, {childList: true, subtree: true, attributes: true,
                             attributeFilter: ['disabled']});
  mark(document);
})();
"""


def style_widget() -> Any:
    """An invisible widget holding the apps' style sheet (put it in any app)."""
    import ipywidgets as widgets

    return widgets.HTML(f"<style>{PAGE_STYLE}</style>", layout={"display": "none"})


def page_extras() -> list[Any]:
    """What an app displays after itself: the page script (see the module's text).

    Examples
    --------
    >>> [type(extra).__name__ for extra in page_extras()]
    ['Javascript']
    """
    from IPython.display import Javascript

    return [Javascript(PAGE_SCRIPT)]


def show_app(widget: Any) -> None:
    """Show an app's widget with the page script after it (an app's ``_ipython_display_``)."""
    from IPython.display import display

    display(widget, *page_extras())
