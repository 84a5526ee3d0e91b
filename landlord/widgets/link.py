"""An app set up from its page's address, and the address of an app's setup.

A lesson can link "open the app already set up": the play app at
``play.ipynb?rules=single_tax&seats=human,eager_landlord,cautious_tenant&seed=3``
starts that game. Voila hands a page's query string to its kernel in the
``QUERY_STRING`` environment variable; :func:`page_query` reads it (in
JupyterLab there is none, and the apps start as usual).

A link is typed by people and passed around, so nothing in it can break an
app: :func:`read_setup` checks every field against what the app accepts, keeps
the good ones, and says in a sentence what it left out and why.

Fields (all optional):

=========  ============================================  ========================
app        field                                         example
=========  ============================================  ========================
play       ``rules``, ``seed``, ``seats`` (comma list),  ``seats=human,random``
           ``names`` (comma list), ``options``
           (``name:value`` pairs, comma list)
side       ``left``, ``right``, ``players`` (a mix),      ``left=landlords_game``
by side    ``seats`` (2-4), ``seed``
experi-    ``rules`` (comma list), ``players`` (a mix),   ``run=yes``
ments      ``seats``, ``games``, ``seed``,               ``at_round=25``
           ``long`` (yes/no), ``at_round`` (none,        ``land_value_tax=25%``
           10, 25 or 50), ``run`` (yes/no), and
           any option a rule set declares, by its
           name, read by its kind (a share: 0 to 1
           or 25%; yes/no; a whole number; one of
           its choices)
claim      ``measure``                                   ``measure=richest_share``
=========  ============================================  ========================
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping
from typing import Any
from urllib.parse import parse_qs, urlencode

__all__ = ["Field", "page_query", "read_setup", "setup_query"]

#: The longest query string read (a link is short; anything longer is not ours).
QUERY_LENGTH = 2000


def page_query(environ: Mapping[str, str] | None = None) -> dict[str, str]:
    """The page's query string as a dict (last value of each key wins); ``{}`` if none.

    >>> page_query({"QUERY_STRING": "rules=single_tax&seed=3&seed=4"})
    {'rules': 'single_tax', 'seed': '4'}
    >>> page_query({})
    {}
    """
    environ = os.environ if environ is None else environ
    text = environ.get("QUERY_STRING", "")[:QUERY_LENGTH]
    return {key: values[-1] for key, values in parse_qs(text).items()}


class Field:
    """One field a link may set: its name, how its text is read, and what it means.

    ``read(text)`` returns the value or raises ``ValueError`` with the reason.
    """

    def __init__(self, name: str, read: Callable[[str], Any], meaning: str) -> None:
        self.name, self.read, self.meaning = name, read, meaning


def read_setup(query: Mapping[str, str], fields: list[Field]) -> tuple[dict[str, Any], str]:
    """The setup a link asks for: the values that read well, and a sentence on the rest.

    Unknown fields and values that do not read are left out (the app's usual
    value stands), each named once in the sentence.

    Examples
    --------
    >>> fields = [Field("seed", whole_number, "seed")]
    >>> read_setup({"seed": "12"}, fields)
    ({'seed': 12}, '')
    >>> read_setup({"seed": "twelve", "colour": "red"}, fields)[1]
    "The link's seed 'twelve' was left out: not a whole number from 0 up. \
The link's field 'colour' is not one this app reads."
    """
    known = {field.name: field for field in fields}
    setup: dict[str, Any] = {}
    problems: list[str] = []
    for key, text in query.items():
        field = known.get(key)
        if field is None:
            problems.append(f"The link's field {key[:30]!r} is not one this app reads.")
            continue
        try:
            setup[key] = field.read(text)
        except ValueError as error:
            problems.append(f"The link's {field.meaning} {text[:40]!r} was left out: {error}.")
    return setup, " ".join(problems)


def setup_query(**setup: Any) -> str:
    """The query string (with its ``?``) that opens an app set up so.

    >>> setup_query(rules="single_tax", seats=["human", "random"], seed=3)
    '?rules=single_tax&seats=human%2Crandom&seed=3'
    >>> setup_query(options={"round_limit": 100, "wages_times": 0})
    '?options=round_limit%3A100%2Cwages_times%3A0'
    """
    pairs = []
    for key, value in setup.items():
        if isinstance(value, Mapping):
            value = ",".join(f"{name}:{_text(item)}" for name, item in value.items())
        elif isinstance(value, list | tuple):
            value = ",".join(str(item) for item in value)
        pairs.append((key, _text(value)))
    return "?" + urlencode(pairs)


def _text(value: Any) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


# --- readers -------------------------------------------------------------------------


def whole_number(text: str) -> int:
    """A seed: a whole number from 0 up.

    >>> whole_number(" 42 ")
    42
    """
    text = text.strip()
    if not text.isdigit() or len(text) > 19 or int(text) >= 2**63:
        raise ValueError("not a whole number from 0 up")
    return int(text)


def one_of(choices: Callable[[], list[str]], what: str) -> Callable[[str], str]:
    """A reader that accepts one of ``choices()``."""

    def read(text: str) -> str:
        text = text.strip()
        known = choices()
        if text not in known:
            raise ValueError(f"not {what} (choose one of {', '.join(known)})")
        return text

    return read


def listed(read_one: Callable[[str], Any], most: int) -> Callable[[str], list[Any]]:
    """A reader of a comma list of at most ``most`` items, each read by ``read_one``."""

    def read(text: str) -> list[Any]:
        items = [item.strip() for item in text.split(",")]
        if len(items) > most:
            raise ValueError(f"more than {most} items")
        return [read_one(item) for item in items]

    return read


def options(text: str) -> dict[str, Any]:
    """Rule set options: ``name:value`` pairs in a comma list (checked when the game starts).

    >>> options("round_limit:100, wages_times:0")
    {'round_limit': 100, 'wages_times': 0}
    """
    from landlord.experiments import option_value

    chosen: dict[str, Any] = {}
    for pair in filter(None, (item.strip() for item in text.split(","))):
        name, colon, value = pair.partition(":")
        if not colon or not name.strip().isidentifier():
            raise ValueError(f"{pair[:30]!r} is not name:value")
        chosen[name.strip()] = option_value(value)
    return chosen


def rule_set_ids() -> list[str]:
    from landlord.rules import registered

    return list(registered())


def seat_codes() -> list[str]:
    from landlord.widgets.play.seats import EMPTY, SEAT_CHOICES

    return [code for _, code in SEAT_CHOICES] + [EMPTY]


def bot_mixes() -> list[str]:
    from landlord.widgets.side_by_side import BOTS

    return [code for _, code in BOTS]


def seat_count(text: str) -> int:
    """How many seats: 2 to 4."""
    text = text.strip()
    if text not in ("2", "3", "4"):
        raise ValueError("not 2, 3 or 4")
    return int(text)


def name_text(text: str) -> str:
    from landlord.table import NAME_LENGTH

    name = " ".join(text.split())
    if not name or len(name) > NAME_LENGTH:
        raise ValueError(f"a name is 1 to {NAME_LENGTH} letters")
    return name


def yes_or_no(text: str) -> bool:
    """A switch: yes/no, true/false, on/off, 1/0.

    >>> yes_or_no("Yes"), yes_or_no("0")
    (True, False)
    """
    word = text.strip().lower()
    if word in ("yes", "true", "on", "1"):
        return True
    if word in ("no", "false", "off", "0"):
        return False
    raise ValueError("not yes or no")


#: What a link may set in the play app.
PLAY_FIELDS = [
    Field("rules", one_of(rule_set_ids, "a rule set"), "rule set"),
    Field("seats", listed(one_of(seat_codes, "a seat"), 4), "seats"),
    Field("names", listed(name_text, 4), "names"),
    Field("seed", whole_number, "seed"),
    Field("options", options, "rule options"),
    Field("play_for_me", yes_or_no, "play for me"),
]

#: What a link may set in the side-by-side app.
SIDE_BY_SIDE_FIELDS = [
    Field("left", one_of(rule_set_ids, "a rule set"), "left rule set"),
    Field("right", one_of(rule_set_ids, "a rule set"), "right rule set"),
    Field("players", one_of(bot_mixes, "a choice of players"), "players"),
    Field("seats", seat_count, "number of seats"),
    Field("seed", whole_number, "seed"),
]


def experiment_mixes() -> list[str]:
    from landlord.widgets.dashboard.specs import BOTS

    return [code for _, code in BOTS]


def games_count(text: str) -> int:
    """Games of each rule set: a whole number from 1 (the app says if it is too many)."""
    number = whole_number(text)
    if number < 1:
        raise ValueError("not a whole number from 1 up")
    return number


def dial_share(text: str) -> float:
    """A share, as a dial or a share option's menu offers it: 0 to 1 in steps of 0.05, or
    a percentage such as 25%.

    >>> dial_share("25%"), dial_share("0.5")
    (0.25, 0.5)
    """
    from landlord.views.rule_options import SHARE_STEPS

    text = text.strip()
    try:
        share = float(text[:-1]) / 100 if text.endswith("%") else float(text)
    except ValueError:
        raise ValueError("not a share from 0 to 1 (or 0% to 100%)") from None
    share = round(share, 2)
    if share not in SHARE_STEPS:
        raise ValueError("not 0 to 1 in steps of 0.05")
    return share


def common_round(text: str) -> int | None:
    """The experiments app's "Also compare at round": none, or one of the rounds its menu
    offers (:data:`landlord.widgets.dashboard.specs.AT_ROUNDS`).

    >>> common_round("25"), common_round("none")
    (25, None)
    """
    from landlord.widgets.dashboard.specs import AT_ROUNDS

    text = text.strip().lower()
    if text in ("none", "no", "0", ""):
        return None
    if not text.isdigit() or int(text) not in AT_ROUNDS:
        rounds = ", ".join(str(r) for r in AT_ROUNDS)
        raise ValueError(f"not none or one of {rounds}")
    return int(text)


def claim_measures() -> list[str]:
    from landlord.claim import shipped_results

    return [measure.name for measure in shipped_results(2).grid.measures]


def claim_arms() -> list[str]:
    from landlord.claim import shipped_results

    return [arm.id for arm in shipped_results(2).grid.arms]


def claim_moments() -> list[str]:
    from landlord.claim import shipped_results

    return [length.id for length in shipped_results(2).grid.lengths]


def claim_seats(text: str) -> int:
    """A table size of the claim's second grid.

    >>> claim_seats("3")
    3
    """
    from landlord.claim import shipped_results

    tables = shipped_results(2).grid.tables
    if not text.strip().isdigit() or int(text) not in tables:
        raise ValueError(f"not one of {', '.join(map(str, tables))} players")
    return int(text)


def option_field(option: Any) -> Field:
    """The field of a link that sets a declared option, read by the option's kind: a share
    as 0 to 1 or a percentage, a yes-or-no option as yes or no, a choice as one of its
    choices, a whole number as one.

    >>> from landlord.rules.model import Option
    >>> field = option_field(Option("bankruptcies_to_end", "choice", 1, "Ends", (1, 2, 3)))
    >>> field.name, field.meaning, field.read("2")
    ('bankruptcies_to_end', 'bankruptcies to end', 2)
    """
    meaning = option.name.replace("_", " ")
    if option.kind == "share":
        return Field(option.name, dial_share, meaning)
    if option.kind == "bool":
        return Field(option.name, yes_or_no, meaning)
    if option.kind == "choice":
        by_text = {str(choice): choice for choice in option.choices}
        pick = one_of(lambda: list(by_text), "one of its choices")
        return Field(option.name, lambda text: by_text[pick(text)], meaning)
    return Field(option.name, whole_number, meaning)


def option_fields(taken: Iterable[str]) -> list[Field]:
    """A field for every option a registered rule set declares, by the option's name (those
    whose name is ``taken`` by a field of the app left out)."""
    from landlord.widgets.dashboard.specs import declared_options

    taken = set(taken)
    return [option_field(o) for name, o in declared_options().items() if name not in taken]


_EXPERIMENT_SETTINGS = [
    Field("rules", listed(one_of(rule_set_ids, "a rule set"), 10), "rule sets"),
    Field("players", one_of(experiment_mixes, "a choice of bots"), "bots"),
    Field("seats", seat_count, "number of seats"),
    Field("games", games_count, "number of games"),
    Field("seed", whole_number, "seed"),
    Field("long", yes_or_no, "long game"),
    Field("at_round", common_round, "common round"),
    Field("run", yes_or_no, "run at once"),
]
#: What a link may set in the experiments app: its settings, and every option a rule set
#: declares, by its name (``land_value_tax=25%``), set on each rule set ticked that
#: declares it.
EXPERIMENT_FIELDS = _EXPERIMENT_SETTINGS + option_fields(f.name for f in _EXPERIMENT_SETTINGS)

#: What a link may set on the claim page (and the experiments app's claim view).
CLAIM_FIELDS = [
    Field("measure", one_of(claim_measures, "a measure"), "measure"),
    Field("arm", one_of(claim_arms, "a comparison of the grid"), "comparison"),
    Field("seats", claim_seats, "number of players"),
    Field("moment", one_of(claim_moments, "a moment of the grid"), "moment"),
]
