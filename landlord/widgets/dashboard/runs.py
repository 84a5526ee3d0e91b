"""Running the experiments dashboard's games: the Run button, the progress bar, the status
line, and the offer to play the pairs a difference needs.

:class:`Runs` makes the row under the settings (:meth:`Runs.make_run_row`), plays what the
settings say with :func:`landlord.experiments.compare` when Run is pressed
(:meth:`Runs.run`), moves the progress bar as the games are played, and, when the reading
could not tell a difference from 0, offers a button that plays about the pairs it needs, as
many as the app allows (:meth:`Runs.play_more`), or the command that plays them all on a
computer of one's own (:func:`command_line`).
"""

from __future__ import annotations

import html
import math
import shlex
import time
from typing import Any

from landlord import batch
from landlord.widgets.dashboard.reading import MOST_PAIRS_SAID, pairs_to_tell
from landlord.widgets.dashboard.specs import MOST_GAMES, PROBLEM, games_limit

__all__ = ["PROGRESS_STEPS", "Runs", "command_line"]

#: How many times at most the progress bar is moved during a run.
PROGRESS_STEPS = 100


class Runs:
    """Running :class:`~landlord.widgets.dashboard.ExperimentsApp`'s games: made by
    :meth:`make_run_row`. The app gives ``settings`` (checked), ``show`` (the results),
    ``rule_boxes``, ``games``, ``run_more`` and its note."""

    def make_run_row(self) -> list[Any]:
        """Make the Run button, the progress bar and the status line; return their rows."""
        import ipywidgets as widgets

        self.run_button = widgets.Button(description="Run", button_style="primary", icon="play")
        self.run_button.add_class("landlord-run")
        self.run_button.on_click(lambda _: self.run())
        self.progress = widgets.IntProgress(value=0, min=0, max=1, description="Played")
        self.progress.add_class("landlord-progress")
        self.progress_text = widgets.Label()
        self.progress_text.add_class("landlord-progress-text")
        self.status = widgets.HTML("Choose the rule sets and the players, then press <b>Run</b>.")
        self.status.add_class("landlord-status")
        self.seconds: dict[str, float] = {}
        self._running = False
        return [
            widgets.HBox(
                [self.run_button, self.progress, self.progress_text],
                layout={"align_items": "center"},
            ),
            self.status,
        ]

    def run(self) -> bool:
        """Play the games the settings say and show the results.

        On a bad setting (or one the rule sets refuse) the app says why,
        plays nothing and keeps the results it shows.

        Returns
        -------
        bool
            True when the games were played and shown.
        """
        if self._running:
            return False
        started = time.perf_counter()
        try:
            settings = self.settings()
        except ValueError as error:
            self._problem(str(error))
            return False
        from landlord.experiments import compare

        total = settings["games"] * len(settings["specs"])
        self._running = True
        self.run_button.disabled = True
        self.run_more.disabled = True
        self.run_button.description = "Running…"
        self.progress.value = 0
        self.progress.max = total
        self.progress_text.value = f"0 of {total:,} games"
        self.status.value = f"Playing {total:,} games…"
        try:
            result = compare(
                settings["specs"],
                games=settings["games"],
                players=settings["players"],
                seed=settings["seed"],
                progress=self._progress_callback(total),
                at_round=settings["at_round"],
            )
            played = time.perf_counter()
            self.show(result)
            # The compiled code loaded meanwhile: later runs, of any size, use it.
            batch.prepare_in_background()
        except ValueError as error:
            self._problem(str(error))
            return False
        finally:
            self._running = False
            self.run_button.disabled = False
            self.run_more.disabled = False
            self.run_button.description = "Run"
        finished = time.perf_counter()
        self.seconds = {
            "play": played - started,
            "draw": finished - played,
            "total": finished - started,
        }
        self.status.value = (
            f"Played {total:,} games (seed {settings['seed']}) in "
            f"{self.seconds['play']:.1f} s; charts drawn in {self.seconds['draw']:.1f} s."
        )
        return True

    def _progress_callback(self, total: int) -> Any:
        """What :func:`compare` calls after each game: moves the bar a step at a time."""
        step = max(1, total // PROGRESS_STEPS)

        def report(done: int, _total: int) -> None:
            if done == total or done - self.progress.value >= step:
                self.progress.value = done
                self.progress_text.value = f"{done:,} of {total:,} games"

        return report

    def play_more(self) -> bool:
        """Play the pairs the reading offers: the games box set to them (at most what
        :func:`games_limit` allows with the rule sets ticked), then :meth:`run`.

        Returns
        -------
        bool
            True when the games were played and shown; False when none were offered.
        """
        if not self._more_games or self._running:
            return False
        ticked = sum(box.value is True for box in self.rule_boxes.values())
        self.games.value = min(self._more_games, games_limit(ticked))
        return self.run()

    def _offer_more(self, result: Any) -> None:
        """Offer the run that could tell from 0 what this one could not: a button that plays
        about the pairs it needs, as many as the app allows; or say why it cannot."""
        needed = pairs_to_tell(result)
        played = int(result.parameters["games"])
        limit = games_limit(len(result.labels))
        self._more_games = 0
        if needed is None or needed <= played:
            self.more.layout.display = "none"
            return
        said_pairs = f"{needed:,}" if needed <= MOST_PAIRS_SAID else "million or more"
        rule_sets = f"{len(result.labels)} rule set{'s' if len(result.labels) != 1 else ''}"
        target = min(needed, limit)
        narrower = math.sqrt(target / played)
        if target > played:
            self._more_games = target
            self.run_more.description = f"Play {target:,} pairs"
            self.run_more.layout.display = None
            if target == needed:
                said = (
                    f"This plays {target:,} games of each rule set "
                    f"({target * len(result.labels):,} in all, with the settings above): about "
                    "the pairs a difference of this size needs, so the interval will be about "
                    f"{narrower:.1f} times narrower."
                )
            else:
                said = (
                    f"This plays {target:,} games of each rule set, the most this app plays in "
                    f"one run with {rule_sets} ({MOST_GAMES:,} games a run). That is fewer than "
                    f"the {said_pairs} pairs the reading says are needed, so the interval will "
                    f"be about {narrower:.1f} times narrower but may still take in 0."
                )
        else:
            self.run_more.layout.display = "none"
            said = (
                f"This app plays at most {limit:,} games of each rule set in one run with "
                f"{rule_sets} ({MOST_GAMES:,} games a run), fewer than the {said_pairs} pairs "
                "the reading says are needed."
            )
        said += (
            " The number needed is a rough guess from these games' own average and spread: "
            "more games may move it."
        )
        if needed > limit and needed <= MOST_PAIRS_SAID:
            said += (
                " On a computer of your own, the command line plays as many as you like: "
                f"<code>{html.escape(command_line(result, needed))}</code>"
            )
        self.run_more_note.value = said
        self.more.layout.display = "flex"

    def _problem(self, text: str) -> None:
        """Say why nothing was run (the results on screen stay)."""
        self.status.value = (
            f"<span style='color:{PROBLEM}'><b>Nothing was run:</b> {html.escape(text)}</span>"
        )


def command_line(result: Any, games: int) -> str:
    """The command that plays a comparison again with ``games`` games of each rule set.

    Examples
    --------
    >>> from landlord.experiments import compare
    >>> result = compare(["landlords_game", "single_tax"], games=2, seed=7, at_round=25)
    >>> print(command_line(result, 27000))  # doctest: +NORMALIZE_WHITESPACE
    landlord compare --rules landlords_game,single_tax --games 27000 --players 4
    --bots eager_landlord --seed 7 --at-round 25
    """
    parameters = result.parameters
    seats = [str(bot) for bot in parameters["players"]]
    bots = seats[0] if len(set(seats)) == 1 else ",".join(seats)
    words = [
        "landlord compare",
        f"--rules {shlex.quote(','.join(result.labels))}",
        f"--games {games}",
        f"--players {len(seats)}",
        f"--bots {shlex.quote(bots)}",
        f"--seed {parameters['seed']}",
    ]
    if parameters.get("at_round") is not None:
        words.append(f"--at-round {parameters['at_round']}")
    return " ".join(words)
