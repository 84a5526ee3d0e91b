"""The tuned bots: the rule-of-thumb strategy each rule set's own incentives select.

The named bots (:mod:`landlord.policies.bots`) play the same whatever the rules: an
eager landlord builds three houses a lot under the single tax as under the monopolist
rules. A sceptic may say that a rule set is judged by bots that ignore its incentives.
The ``tuned`` bot answers that: it is a :class:`~landlord.policies.bots.Strategy` whose
parameters (the reserve it keeps, the prices it pays, whether it bids, how far it builds,
when it votes, ...) were searched for, rule set by rule set, to finish richest as often as
possible at tables of the named bots and of its own kind, by ``research/tune_bots.py`` (an
evolution strategy played on the compiled batch path, from a seed that file names).
Finishing richest by net worth stands in for winning, which is exact in the later game and
Quikopoly and close in most of Magie's games; ``benchmarks/tuned_bots.py`` counts wins as
each rule set names them.

The parameters ship as one TOML file per rule set in ``landlord/policies/tunings/``; the
bot takes the file of the rule set a game is played by (:meth:`Tuned.for_rules`), so a
table of ``tuned`` bots plays each rule set with its own strategy. A rule set's options
(the land-value-tax dial, a round limit, ...) leave the parameters as tuned for the rule
set as printed: the bot says which it plays by (``tuned_for``), and a saved game keeps the
parameters it was played with.

Examples
--------
>>> from landlord.policies import make_policy
>>> from landlord.rules import load_rules
>>> bot = make_policy("tuned").for_rules(load_rules("single_tax"))
>>> bot.tuned_for
'single_tax'
>>> bot.describe().startswith("tuned for single_tax: keeps $")
True
"""

from __future__ import annotations

import copy
import tomllib
from dataclasses import dataclass, field, fields
from functools import cache
from pathlib import Path
from typing import Any

from landlord.policies.base import Policy
from landlord.policies.bots import VOTES, Strategy

__all__ = ["TUNED_FIELDS", "TUNINGS", "Tuned", "TuningError", "tuning", "tunings"]

#: Where the tuned parameters are kept: ``<rule set id>.toml`` each.
TUNINGS = Path(__file__).with_name("tunings")

#: The parameters a tuning sets: every field of a named bot but its name.
TUNED_FIELDS = tuple(known.name for known in fields(Strategy) if known.name != "name")


class TuningError(ValueError):
    """A tuning file that cannot be read, or a rule set no tuning was made for."""


@dataclass
class Tuned(Strategy):
    """A rule-of-thumb player whose parameters were tuned for the rule set it plays.

    Made by name (``make_policy("tuned")``) it holds no tuning yet; a game's session asks
    :meth:`for_rules` for the one that plays its rule set. Made with its parameters and
    ``tuned_for`` (as a saved game holds them), it plays with those.

    Parameters
    ----------
    tuned_for : str
        The rule set whose tuning set the parameters ("": none yet).
    """

    # A label, not a way of playing: the batch path, which refuses a bot field it does not
    # follow, may pass over it (landlord.batch.follows).
    tuned_for: str = field(default="", metadata={"label": True})
    name: str = "tuned"

    def for_rules(self, rules: Any) -> Policy:
        """The tuned bot for ``rules``: its rule set's tuning (this bot if it has one).

        Raises
        ------
        TuningError
            If no tuning was made for the rule set, or its file cannot be read.
        """
        if self.tuned_for:
            return self
        found = tuning(rules.info.id)
        twin = copy.copy(self)
        for name, value in found.items():
            setattr(twin, name, value)
        twin.tuned_for = rules.info.id
        return twin

    def describe(self) -> str:
        if not self.tuned_for:
            return "plays with the parameters tuned to win under the rule set played"
        return f"tuned for {self.tuned_for}: {super().describe()}"


def tunings() -> list[str]:
    """The rule sets a tuning ships for (their ids, sorted)."""
    return sorted(path.stem for path in TUNINGS.glob("*.toml"))


@cache
def tuning(rule_set: str) -> dict[str, object]:
    """The parameters tuned for ``rule_set`` (an id), checked field by field.

    Raises
    ------
    TuningError
        Naming the file and the field, or the rule sets that have a tuning.
    """
    path = TUNINGS / f"{rule_set}.toml"
    if not path.is_file():
        known = ", ".join(tunings()) or "none"
        raise TuningError(
            f"no bot was tuned for the rule set {rule_set!r} (tuned for: {known}); "
            "research/tune_bots.py tunes one"
        )
    try:
        document = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise TuningError(f"{path.name}: cannot be read: {error}") from None
    params = document.get("parameters")
    if not isinstance(params, dict):
        raise TuningError(f"{path.name}: field 'parameters': expected a table")
    return {name: _checked(path.name, name, params.get(name)) for name in TUNED_FIELDS}


def _checked(file: str, name: str, value: object) -> object:
    """A tuned parameter, of the type and range a named bot takes."""
    expected = type(getattr(Strategy(), name))
    where = f"{file}: field 'parameters.{name}'"
    if expected is float and isinstance(value, int) and not isinstance(value, bool):
        value = float(value)
    if type(value) is not expected:
        raise TuningError(f"{where}: expected {expected.__name__}, got {value!r}")
    if name == "votes" and value not in VOTES:
        raise TuningError(f"{where}: expected one of {', '.join(VOTES)}, got {value!r}")
    if isinstance(value, int | float) and not isinstance(value, bool) and value < 0:
        raise TuningError(f"{where}: expected a number >= 0, got {value!r}")
    return value
