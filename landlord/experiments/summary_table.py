"""An experiment's summary as a fixed-width text table, and its words around it.

:class:`SummaryTable` is what :class:`~landlord.experiments.Comparison` prints
(:meth:`~SummaryTable.table`): the scorecard's measures per rule set with their
intervals and paired differences from the first, the other figures, the mean Gini by
round, and the notes that say how to read them. It is a base of ``Comparison`` and
reads what the comparison holds: besides its public ``labels``, ``parameters``,
``names``, ``at_round``, ``streamed`` and ``per_round``, its summary's columns
(``_summary_columns``: an array per column, without pandas), the compared columns
(``_compared``), the families' own figures (``_figures``), a column of its games
(``_game_column``) or their curves (``_parts``) and, for a run played in blocks, its
running sums (``_running``).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from landlord import batch
from landlord.experiments.columns import AT_ROUND, ENDED_BEFORE
from landlord.experiments.sums import LEVEL
from landlord.experiments.words import line_up_words, option_words
from landlord.money import money
from landlord.rules import RulesError, load_rules
from landlord.scorecard import GROUPS, MEASURES

__all__ = ["GINI_ABOVE_ONE", "SummaryTable"]

#: What a table says under a Gini above 1, in words a fifteen-year-old can follow.
GINI_ABOVE_ONE = [
    "A Gini above 1: some players owe more than they own, so the players hold little",
    "together, and the gaps between them are measured against that small total. The",
    "figure then says more about debts than about who holds the board; the Gini with",
    "debts counted as nothing stays between 0 and 1.",
]


class SummaryTable:
    """The text of a comparison's summary: a base of
    :class:`~landlord.experiments.Comparison`, which holds what it reads."""

    def table(self, words: bool = False) -> str:
        """The summary as a fixed-width text table, one column per rule set.

        ``words``: name the rule sets by :attr:`names` (their titles and options
        in words) rather than by their labels.
        """
        s = self._summary_columns
        p = self.parameters
        heads = [self.names[label] for label in self.labels] if words else list(self.labels)
        first = heads[0]
        lines = [("", *heads), ("games played", *(str(n) for n in s["games"]))]
        blank = ("",) * len(self.labels)
        at_round = self.at_round
        lines.append(("AT EACH GAME'S END", *blank))
        lines += self._scorecard_lines(first, "")
        lines += [
            ("other figures", *blank),
            ("  players bankrupt at the end", *(f"{v:.2f}" for v in s["bankrupt_players"])),
            ("  Public Treasury took in", *self._money_cells(s["treasury_collected"])),
            ("  Public Treasury paid out", *self._money_cells(s["treasury_spent"])),
        ]
        for figure in self._figures:
            if figure.words and figure.summary_column:
                values = s[figure.summary_column]
                if figure.form == "money":
                    cells = self._money_cells(values)
                else:
                    cells = ["-" if math.isnan(v) else figure.form.format(v) for v in values]
                lines.append((f"  {figure.words}", *cells))
        tables = [spec.get("players", p["players"]) for spec in p["rules"]]
        if any(table != tables[0] for table in tables):
            line_ups = (line_up_words(table) for table in tables)
            if words:
                line_ups = (line_up.replace("_", " ") for line_up in line_ups)
            lines.insert(2, ("players", *line_ups))
            at_table = "the players as each column says"
        else:
            at_table = f"{len(tables[0])} players ({line_up_words(tables[0])})"
        if words:
            at_table = at_table.replace("_", " ")
            shared = [spec["options"] for spec in p["rules"]]
            common = {k: v for k, v in shared[0].items() if all(o.get(k) == v for o in shared)}
            if common:
                at_table += ", all with " + ", ".join(option_words(*kv) for kv in common.items())
        if at_round is not None and ENDED_BEFORE in s:
            lines.append((f"AT THE END OF ROUND {at_round}", *blank))
            lines.append(
                (
                    f"  games over before round {at_round}",
                    *(f"{v:.0%}" for v in s[ENDED_BEFORE]),
                )
            )
            lines += self._scorecard_lines(first, AT_ROUND)
        lines += self._curve_lines()
        widths = [max(len(line[column]) for line in lines) for column in range(len(lines[0]))]
        text = [
            f"{len(self.labels)} rule set{'s' if len(self.labels) > 1 else ''}, "
            f"{p['games']} games each, {at_table}, seed {p['seed']}",
            self.when_words(),
            "",
        ]
        for line in lines:
            text.append("  ".join(c.ljust(w) for c, w in zip(line, widths, strict=True)).rstrip())
        n = len(p["players"])
        text += ["", *self._history_lines(), *self._engine_lines()]
        undefined = (f"{name}_undefined" for name in self._compared)
        if any(s[column].any() for column in undefined if column in s):
            text += [
                "(undefined in N): in N games the players' debts were as large as all they held,",
                "so no share of the total can be taken; the mean and the curve leave them out.",
            ]
            if (s["gini_net_worth"] > 1).any():
                text += GINI_ABOVE_ONE
            text.append("")
        if (
            "gini_cash_difference" in s
            and (s["gini_cash_difference"] * s["gini_net_worth_difference"] < 0).any()
        ):
            text += [
                "The Gini of cash and of net worth moved apart: cash is not wealth. Under private",
                "land rent the rich hold their wealth in lots and houses, not in cash; under the",
                "single tax title deeds are worth nothing and a player's wealth is mostly cash.",
                "",
            ]
        text += [
            f"Gini: 0 when {'both' if n == 2 else f'all {n}'} players are equally rich, "
            f"{1 - 1 / n:.2f} when one player",
            "holds everything; each figure is a mean over the games.",
            f"[low, high]: the {LEVEL:.0%} interval of the mean (Student's t). A difference whose",
            "interval leaves out 0 is unlikely to be luck: game k of every rule set was played",
        ]
        moves = self.moved_by()
        if len(moves) > 1:
            text += [
                f"from the same seed, but these games move by {' or '.join(sorted(moves))}, so",
                "game k of one is not matched throw for throw with game k of another; the",
                "differences, taken game by game, are those of independent games.",
            ]
        else:
            text.append(
                "with the same dice and cards, and the differences are taken game by game."
            )
        return "\n".join(text)

    def when_words(self) -> str:
        """When the measures are read, in a sentence: at each game's end, and at the
        common round if there is one."""
        if self.at_round is None:
            return (
                "Measured at each game's end (games of different rule sets may end at "
                "different rounds)."
            )
        return (
            f"Measured at each game's end, then at the end of round {self.at_round}, a "
            "common round for every rule set (a game over before it counts with its end)."
        )

    def _scorecard_lines(self, first: str, suffix: str) -> list[tuple[str, ...]]:
        """The scorecard's groups and measures with their paired differences from the
        first rule set, at each game's end (``suffix`` "") or at the common round
        (:data:`AT_ROUND`). The Gini with debts counted as nothing is shown only where
        some player ended in debt; the length only at the end."""
        s = self._summary_columns
        blank = ("",) * len(self.labels)
        poorest = f"poorest_net_worth{suffix}"
        if self.streamed:
            in_debt = self._running.least.get(poorest, 0.0) < 0
        else:
            worst = self._game_column(poorest)
            in_debt = worst is not None and bool((worst < 0).any())
        lines = []
        for group, heading in GROUPS:
            measures = [
                m
                for m in MEASURES
                if m.group == group
                and f"{m.name}{suffix}" in s
                and (m.name != "gini_clipped" or in_debt)
            ]
            if not measures:
                continue
            lines.append((heading, *blank))
            for measure in measures:
                column = f"{measure.name}{suffix}"
                lines.append((f"  {measure.words}", *self._measure_cells(column, measure.form)))
                lines.append(
                    (
                        f"    difference from {first}",
                        *self._measure_cells(column, measure.form, difference=True),
                    )
                )
        return lines

    def moved_by(self) -> set[str]:
        """What moves a player in each rule set compared (two dice, one die, cards)."""
        from landlord.families import family_of

        moves = set()
        for rules in dict.fromkeys(self._summary_columns["rules"].tolist()):
            try:
                moves.add(family_of(load_rules(rules)).moves_by)
            except (RulesError, OSError):
                return set()  # a rule file no longer where it was: say nothing of it
        return moves

    def _measure_cells(self, column: str, form: str, difference: bool = False) -> list[str]:
        """``mean [low, high]`` of a scorecard measure per rule set, in its form, with the
        games where it was undefined; the paired difference from the first if asked."""
        s = self._summary_columns
        if column not in s:
            return ["-"] * len(self.labels)
        key = f"{column}_difference" if difference else column
        currency = [spec.get("currency", "$") for spec in self.parameters["rules"]]
        cells = []
        for at, unit in enumerate(currency):
            mean, low, high = (float(s[f"{key}{end}"][at]) for end in ("", "_low", "_high"))
            undefined = int(s[f"{column}_undefined"][at])
            if math.isnan(mean):
                cells.append("" if difference or not undefined else "undefined in every game")
                continue
            sign = "+" if difference else ""
            show = []
            for value in (mean, low, high):
                if math.isnan(value):
                    show.append("")
                elif form == "money":
                    show.append(("+" if difference and value >= 0 else "") + money(value, unit))
                elif form == "share":
                    show.append(f"{value:{sign}.0%}")
                else:
                    show.append(form.replace("{:", "{:" + sign).format(value))
            cell = show[0] if not show[1] else f"{show[0]} [{show[1]}, {show[2]}]"
            if undefined:
                cell += f" (undefined in {undefined})"
            cells.append(cell)
        return cells

    def _money_cells(self, values: Any) -> list[str]:
        """Means of sums of money, each in its rule set's currency ("-" where missing)."""
        currency = [spec.get("currency", "$") for spec in self.parameters["rules"]]
        return [
            "-" if math.isnan(v) else money(v, unit)
            for v, unit in zip(values, currency, strict=True)
        ]

    def _history_lines(self) -> list[str]:
        """What is history and what is not, for every rule set compared."""
        lines = []
        for spec in self.parameters["rules"]:
            if spec["status"] == "reconstruction":
                lines.append(
                    f"{spec['label']}: a reconstruction, not a historical rule set "
                    f"(`landlord rules {spec['rules']}` says what is known)."
                )
            if spec["modern_options"]:
                lines.append(
                    f"{spec['label']}: a modern extension, in no historical rules "
                    f"({', '.join(spec['modern_options'])})."
                )
        return [*lines, ""] if lines else []

    def _engine_lines(self) -> list[str]:
        """Which engine played each rule set (:mod:`landlord.batch`), and why not the
        compiled one, when that is not plain (results saved before say nothing)."""
        lines = []
        for spec in self.parameters["rules"]:
            engine = spec.get("played_by")
            if engine == batch.COMPILED:
                lines.append(f"{spec['label']}: played by {engine} (the same games, faster).")
            elif engine:
                because = spec.get("played_by_because", "")
                lines.append(
                    f"{spec['label']}: played by {engine}" + (f" ({because})." if because else ".")
                )
        return [*lines, ""] if lines else []

    def _curve_lines(self, every: int = 5, most: int = 30) -> list[tuple[str, ...]]:
        """The mean Gini of net worth every few rounds, one line per round shown.

        Every ``every`` rounds up to the round by which 95% of the games have
        ended (a multiple of ``every`` that keeps the table to about ``most``
        lines: the later game can run to a thousand rounds), then the last.
        """
        if "_parts" in vars(self):
            parts = self._parts["per_round"]
            curves = {label: own["mean_gini_net_worth"] for label, _, own in parts}
        else:
            curves = {
                label: frame["mean_gini_net_worth"].to_numpy()
                for label, frame in self.per_round.groupby("label", sort=False)
            }
        longest = max(len(curve) for curve in curves.values())
        if self.streamed:
            ended = self._running.rounds_percentile(95)
        else:
            ended = np.percentile(self._game_column("rounds"), 95)
        horizon = min(longest, int(ended) + 1)
        every *= max(1, -(-horizon // (every * most)))
        lines = [("mean Gini of net worth by round", *("" for _ in self.labels))]
        shown = list(range(0, horizon, every))
        if shown[-1] != longest - 1:
            shown.append(longest - 1)
        for round_ in shown:
            cells = (
                f"{curves[label][round_]:.3f}" if round_ < len(curves[label]) else ""
                for label in self.labels
            )
            lines.append((f"  round {round_}", *cells))
        return lines
