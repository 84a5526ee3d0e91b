"""Moving bots on: the next turn, the next round, and auto-play at a chosen pace.

The play app, the side-by-side app and Magie's experiment page share these controls:
:class:`StepButtons` (**Next turn** and **Next round**, off for a moment after a press, so
that a double-click plays one turn), :func:`pace_controls` (those buttons, the hidden timer
of auto-play and its pace menu) and :func:`pace_box` (named **Play** and **Pause** buttons
for the timer, beside the menu). :func:`later` runs a step on the kernel's event loop after
a moment, as the buttons' settling does.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from typing import Any

__all__ = [
    "PACE",
    "PACES",
    "SETTLE_SECONDS",
    "StepButtons",
    "later",
    "pace_box",
    "pace_controls",
    "turn_on",
]

#: Seconds a question's buttons stay off when it comes up straight after a click: a
#: double-click (or double tap) at human speed, 80-350 ms apart, would otherwise answer it
#: with its second click, since the next question arrives under the pointer in about
#: 80 ms. A click's own buttons go off at once, so the second click answers nothing.
SETTLE_SECONDS = 0.4
#: The paces of auto-play: words, and milliseconds between turns (a menu, not a slider:
#: a slider's handle has no name a screen reader could read).
PACES = (
    ("fast: 0.1 s", 100),
    ("quick: 0.25 s", 250),
    ("steady: 0.5 s", 500),
    ("slow: 1 s", 1000),
    ("very slow: 2 s", 2000),
)
#: The pace auto-play starts at.
PACE = 500


def later(seconds: float, act: Callable[[], Any]) -> None:
    """``act`` after ``seconds``, on the kernel's event loop (where a Voila app's clicks
    are answered); at once where no loop runs (a script or a test calling ``click``)."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        act()
        return
    loop.call_later(seconds, act)


def turn_on(buttons: Sequence[Any]) -> None:
    """Put ``buttons`` on again (those no longer on the page as well: harmless)."""
    for made in buttons:
        made.disabled = False


class StepButtons:
    """**Next turn** and **Next round**: off while nothing is left to play, and for
    :data:`SETTLE_SECONDS` after a press, so that a double-click plays one turn.

    ``step(whole_round=False)`` plays; the app says with :meth:`rest` whether
    there is nothing to play now (a person must choose, the game is over).
    """

    def __init__(self, step: Callable[..., Any]) -> None:
        import ipywidgets as widgets

        self.turn = widgets.Button(description="Next turn", icon="step-forward")
        self.turn.add_class("landlord-step")
        self.turn.on_click(lambda _: self._press(step))
        self.round = widgets.Button(description="Next round", icon="forward")
        self.round.add_class("landlord-round")
        self.round.on_click(lambda _: self._press(step, whole_round=True))
        self._idle = False
        self._settling = False

    def rest(self, idle: bool) -> None:
        """Whether there is nothing to play now: the buttons are off while so."""
        self._idle = idle
        self._show()

    def _press(self, step: Callable[..., Any], **how: Any) -> None:
        self._settling = True
        self._show()  # off at once: a second click of a double-click lands on nothing
        step(**how)
        later(SETTLE_SECONDS, self._settled)

    def _settled(self) -> None:
        self._settling = False
        self._show()

    def _show(self) -> None:
        self.turn.disabled = self.round.disabled = self._idle or self._settling


def pace_controls(step: Callable[..., Any], tick: Callable[[Any], Any]) -> tuple[Any, ...]:
    """The buttons and timer that move bots on: next turn and next round
    (:class:`StepButtons`), auto-play and its pace.

    ``step(whole_round=False)`` is called by the buttons and ``tick(change)``
    on every beat of auto-play (the browser keeps the time). The timer is an
    ``ipywidgets.Play`` kept out of sight: its own buttons carry icons with no
    name a screen reader could read, so :func:`pace_box` shows named **Play**
    and **Pause** buttons that start and stop it.
    """
    import ipywidgets as widgets

    autoplay = widgets.Play(
        value=0,
        min=0,
        max=10**9,
        step=1,
        interval=PACE,
        show_repeat=False,
        layout={"display": "none"},
    )
    autoplay.add_class("landlord-autoplay")
    autoplay.observe(tick, names="value")
    speed = widgets.Dropdown(
        options=PACES,
        value=PACE,
        description="Pace a turn",
        style={"description_width": "initial"},
        layout={"width": "auto"},
    )
    speed.observe(lambda change: setattr(autoplay, "interval", change.new), "value")
    return StepButtons(step), autoplay, speed


def pace_box(autoplay: Any, speed: Any) -> Any:
    """Named Play / Pause buttons for the hidden timer, and the pace menu, in a row (with
    a button out of sight that the page script presses to start a timer made playing)."""
    import ipywidgets as widgets

    play = widgets.Button(description="Play", icon="play", tooltip="let the bots play on")
    play.add_class("landlord-play-button")
    pause = widgets.Button(description="Pause", icon="pause", tooltip="stop the bots")
    pause.add_class("landlord-pause-button")

    def start(_: Any) -> None:
        autoplay.playing = True

    def stop(_: Any) -> None:
        autoplay.playing = False

    play.on_click(start)
    pause.on_click(stop)

    def show(change: Any = None) -> None:
        play.disabled, pause.disabled = autoplay.playing, not autoplay.playing

    autoplay.observe(show, names="playing")
    show()
    # The browser's timer starts only when ``playing`` turns on under a drawn page, not
    # when an app is made playing: the page script presses this button, out of sight,
    # once the page is drawn, and it turns ``playing`` off and on again.
    kick = widgets.Button(description="start", layout={"display": "none"})
    kick.add_class("landlord-autostart")

    def restart(_: Any) -> None:
        if autoplay.playing:
            autoplay.playing = False
            autoplay.playing = True

    kick.on_click(restart)
    box = widgets.HBox(
        [play, pause, autoplay, speed, kick],
        layout={"flex_flow": "row wrap", "align_items": "center"},
    )
    box.add_class("landlord-pace")
    return box
