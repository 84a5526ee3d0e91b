"""The "What if we kept playing?" button of the Voila apps, and the panel it fills.

:class:`KeepPlaying` is a button, a line that says what is being done (a live
region: a screen reader hears it), and the panel of fan charts
(:func:`landlord.views.kept_playing.kept_playing_html`). A click continues
the app's game as it stands (:func:`landlord.continuations`: bots in every
seat, to round 100, 200 times under each rule set offered) and shows the
result; the button is off while it plays, so a double-click plays once. A new
game clears the panel.
"""

from __future__ import annotations

import html
import time
from collections.abc import Callable
from typing import Any

__all__ = ["GAMES", "UNTIL_ROUND", "KeepPlaying"]

#: Continuations of each rule set a click plays.
GAMES = 200
#: The round they stop after.
UNTIL_ROUND = 100


class KeepPlaying:
    """A button that continues the app's game, and the panel that shows how it went on.

    Parameters
    ----------
    source : callable
        ``source() -> (session or game, words)``: what to continue now, and a few words
        naming it in the status ("the left game"); None when there is nothing to continue.
    games, until_round : int
        Continuations of each rule set, and the round they stop after.

    Attributes
    ----------
    widget : ipywidgets.VBox
        The button, its status line and the panel (classes ``landlord-keep-playing``,
        ``landlord-keep-playing-status`` and ``landlord-kept-playing``).
    result : Comparison or None
        The continuations last played.
    """

    def __init__(
        self,
        source: Callable[[], tuple[Any, str] | None],
        games: int = GAMES,
        until_round: int = UNTIL_ROUND,
    ) -> None:
        import ipywidgets as widgets

        self.source = source
        self.games = games
        self.until_round = until_round
        self.button = widgets.Button(
            description="What if we kept playing?",
            icon="forward",
            tooltip=f"bots play this game on to round {until_round}, {games} times, "
            "under these rules and under the single tax",
            layout={"width": "max-content", "max_width": "100%"},
        )
        self.button.add_class("landlord-keep-playing")
        self.button.on_click(lambda _: self.play_on())
        self.status = widgets.HTML()
        self.status.add_class("landlord-keep-playing-status")
        self.panel = widgets.HTML()
        self.panel.add_class("landlord-kept-playing")
        self.widget = widgets.VBox([self.button, self.status, self.panel])
        self.widget.add_class("landlord-keep-playing-box")
        self.result: Any = None

    def clear(self) -> None:
        """Forget the last continuations (a new game is on the table)."""
        self.result = None
        self.panel.value = self.status.value = ""

    def play_on(self) -> None:
        """Continue the game now and show the fan charts (the button is off meanwhile)."""
        from landlord.continued import continuations
        from landlord.views.kept_playing import kept_playing_html

        if self.button.disabled:
            return  # a second click while the first plays
        found = self.source()
        if found is None:
            self._say("There is no game to play on yet.")
            return
        game, words = found
        self.button.disabled = True
        started = time.perf_counter()
        try:
            played = [0]

            def progress(done: int, total: int) -> None:
                if done - played[0] >= total // 6 or done == total:
                    played[0] = done
                    self._say(f"Playing {words} on: {done:,} of {total:,} continuations…")

            self._say(f"Playing {words} on to round {self.until_round}…")
            seed = game.seed if isinstance(getattr(game, "seed", None), int) else 0
            result = continuations(
                game,
                games=self.games,
                until_round=self.until_round,
                seed=seed,
                progress=progress,
            )
        except ValueError as error:
            self._say(f"Cannot play {words} on: {error}.")
            return
        finally:
            self.button.disabled = False
        self.result = result
        charts = kept_playing_html(result)
        seconds = time.perf_counter() - started
        count = len(result.labels)
        under = f"under each of {count} sets of rules" if count > 1 else "under its own rules"
        # The words go first: the page gets messages in order, so whoever sees the charts
        # (a pupil, a test) already reads how they were played, never the last progress line.
        self._say(
            f"Played {words} on {self.games:,} times {under}, to round {self.until_round}, "
            f"in {seconds:.1f} s: the charts below."
        )
        self.panel.value = charts

    def _say(self, text: str) -> None:
        # The status is a live region (the page script marks it): a screen reader hears it.
        self.status.value = f"<p style='margin:0.2em 0'>{html.escape(text)}</p>"
