"""What the experiments dashboard's settings send to the comparison, and the limits they
are held to.

:func:`experiment_specs` turns the rule sets ticked and each one's options into the rule
specs :func:`landlord.experiments.compare` plays; "Play on" (:data:`PLAY_ON`) is set by the
fields of the rule data it changes, on every rule set that declares an option setting them.
:func:`option_problem` checks an option's value by the option's kind, and
:func:`games_problem` and :func:`whole` the numbers typed. Nothing here knows an option by
its name: what a rule set offers is read from its declarations
(:attr:`landlord.rules.model.RuleSet.declared_options`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from landlord.rules import load_rules, registered
from landlord.views.rule_options import choice_words

__all__ = [
    "AT_ROUNDS",
    "BOTS",
    "DEFAULT_RULES",
    "MOST_GAMES",
    "MOST_GAMES_PER_RULE_SET",
    "MOST_SEED",
    "PLAY_ON",
    "PROBLEM",
    "SEATS",
    "declared_options",
    "experiment_specs",
    "games_limit",
    "games_problem",
    "option_problem",
    "play_on_options",
    "spread_options",
    "whole",
]

#: The tables of bots the app offers: (menu text, bot mix for
#: :func:`landlord.experiments.bot_mix`, seated in turn round the table).
BOTS = (
    ("eager landlords", "eager_landlord"),
    ("cautious tenants", "cautious_tenant"),
    ("single-taxers", "single_taxer"),
    ("strategy guides", "strategy_guide"),
    ("random players", "random"),
    ("eager landlords and cautious tenants", "eager_landlord+cautious_tenant"),
    # Each rule set played by its own tuning (the search bot, seconds a game, is left out
    # of a page that plays hundreds of games at a click: the play app seats it).
    ("bots tuned to each rule set", "tuned"),
    ("tuned bots and eager landlords", "tuned+eager_landlord"),
)
#: The rule sets ticked when the app opens.
DEFAULT_RULES = ("landlords_game", "single_tax")
#: The most games per rule set the games box takes.
MOST_GAMES_PER_RULE_SET = 5000
#: The most games in one run, all rule sets together. Four eager landlords play
#: some 400 games a second on one core (random players a quarter of that), so
#: 6,000 games take about 15 s, and the per-player download stays near 7 MB.
MOST_GAMES = 6000
#: The seats a table may have (the rule sets themselves allow 2 to 4).
SEATS = (2, 4)
#: The largest seed: a browser holds whole numbers exactly up to 2**53 - 1.
MOST_SEED = 2**53 - 1
#: The common rounds the app offers, besides each game's end (menu "Also compare at round").
AT_ROUNDS = (10, 25, 50)
#: "Play on": the values it sets, by the field of the rule data they go to (an option's
#: target), on every rule set that declares an option setting that field: no end at the
#: fifth wage, and every game stopped at round 100 (the later game's rule sets have a round
#: limit but no wages end).
PLAY_ON = {"end.wages_times": 0, "end.round_limit": 100}
#: The colour of a message that says why nothing was run.
PROBLEM = "#B00020"


# --- What the widgets offer and send --------------------------------------------------


def declared_options() -> dict[str, Any]:
    """Every option a registered rule set declares, by name: its first declaration in the
    order of the rule set menu (what a link to the app may set).

    >>> options = declared_options()
    >>> options["land_value_tax"].kind, options["purchase"].choices
    ('share', ('buy_or_auction', 'fixed_price', 'auction'))
    """
    found: dict[str, Any] = {}
    for rules_id in registered():
        for option in load_rules(rules_id).declared_options:
            found.setdefault(option.name, option)
    return found


def spread_options(rules: Iterable[str], given: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """The options ``given`` to the app, rule set by rule set: a value under a rule set's id
    (``{"landlords_game": {"advanced": True}}``) is that rule set's; one under an option's
    name goes to each of ``rules`` that declares the option.

    >>> spread_options(["landlords_game", "monopoly_us"], {"wages_times": 0, "round_limit": 50})
    {'landlords_game': {'wages_times': 0, 'round_limit': 50}, 'monopoly_us': {'round_limit': 50}}
    """
    spread: dict[str, dict[str, Any]] = {}
    for rules_id in rules:
        names = {option.name for option in load_rules(rules_id).declared_options}
        own = given.get(rules_id)
        chosen = dict(own) if isinstance(own, Mapping) else {}
        chosen.update({k: v for k, v in given.items() if k in names and k not in chosen})
        spread[rules_id] = chosen
    return spread


def play_on_options(rules_id: str) -> dict[str, Any]:
    """The options "Play on" sets on a rule set (:data:`PLAY_ON`), those it declares.

    >>> play_on_options("monopoly_us")
    {'round_limit': 100}
    """
    by_target = {o.target: o.name for o in load_rules(rules_id).declared_options if o.target}
    return {by_target[field]: value for field, value in PLAY_ON.items() if field in by_target}


def experiment_specs(
    rules: Iterable[str],
    options: Mapping[str, Mapping[str, Any]] | None = None,
    long_run: bool = False,
) -> list[tuple[str, dict[str, Any]]]:
    """The rule specs to compare: each rule set with the options the app sets on it.

    Parameters
    ----------
    rules : iterable of str
        Registered rule set ids, the first being the one the others are
        measured against.
    options : mapping, optional
        Each rule set's option values by its id (its controls'); a value equal
        to the option's default is left out, so a rule set as printed is named
        as printed.
    long_run : bool
        "Play on" (:data:`PLAY_ON`): no end at the fifth wage and a stop at
        round 100, each on the rule sets that declare an option for it (the
        later game's rule sets have a round limit but no wages end). It takes
        the place of a value the rule set's own control gives the same option.

    Returns
    -------
    list of (str, dict)
        ``(id, options)`` pairs for :func:`landlord.experiments.compare`.

    Examples
    --------
    >>> experiment_specs(["landlords_game", "prosperity"], {"landlords_game": {"land_value_tax": 0.5}})
    [('landlords_game', {'land_value_tax': 0.5}), ('prosperity', {})]
    >>> for spec in experiment_specs(["landlords_game", "monopoly_us"], long_run=True):
    ...     print(spec)
    ('landlords_game', {'wages_times': 0, 'round_limit': 100})
    ('monopoly_us', {'round_limit': 100})
    """  # noqa: E501
    specs = []
    for rules_id in rules:
        defaults = {o.name: o.default for o in load_rules(rules_id).declared_options}
        chosen = play_on_options(rules_id) if long_run else {}
        for name, value in (options or {}).get(rules_id, {}).items():
            if name not in chosen and (name not in defaults or value != defaults[name]):
                chosen[name] = value
        specs.append((rules_id, chosen))
    return specs


def option_problem(option: Any, value: Any) -> str:
    """What is wrong with ``value`` for ``option``, in words, by the option's kind ("" if
    nothing).

    >>> from landlord.rules.model import Option
    >>> option_problem(Option("land_value_tax", "share", 0.0, "A share"), 1.5)
    'the land value tax is a share from 0 to 1, not 1.5.'
    >>> option_problem(Option("wages", "int", 100, "Wages"), 120)
    ''
    """
    words = f"the {option.name.replace('_', ' ')}"
    if option.kind == "share":
        if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 1:
            return f"{words} is a share from 0 to 1, not {value!r}."  # NaN fails too
    elif option.kind == "bool":
        if not isinstance(value, bool):
            return f"{words} is yes or no, not {value!r}."
    elif option.kind == "choice":
        if value not in option.choices:
            said = ", ".join(choice_words(choice) for choice in option.choices)
            return f"{words} is one of {said}, not {value!r}."
    else:
        try:
            whole(value, words, 0, None)
        except ValueError as error:
            return str(error)
    return ""


def games_limit(rule_sets: int) -> int:
    """The most games of each rule set one run may play, with ``rule_sets`` rule sets.

    Examples
    --------
    >>> games_limit(1), games_limit(2), games_limit(7)
    (5000, 3000, 857)
    """
    return min(MOST_GAMES_PER_RULE_SET, MOST_GAMES // max(1, rule_sets))


def games_problem(games: Any, rule_sets: int) -> str:
    """What is wrong with ``games`` of each of ``rule_sets`` rule sets, in words ("" if
    nothing): not a whole number from 1, or more than :func:`games_limit` allows.

    Examples
    --------
    >>> games_problem(200, 2)
    ''
    >>> print(games_problem(6000, 2))
    6,000 games of each rule set are too many: with 2 rule sets ticked, play at most 3,000 of each (a run plays at most 6,000 games in all, 5,000 of one rule set).
    >>> print(games_problem(0, 2))
    games per rule set must be a whole number from 1, not 0.
    """  # noqa: E501
    limit = games_limit(rule_sets)
    try:
        whole(games, "games per rule set", 1, None)
    except ValueError as error:
        return str(error)
    if games > limit:
        ticked = f"{rule_sets} rule set{'s' if rule_sets != 1 else ''} ticked"
        return (
            f"{games:,} games of each rule set are too many: with {ticked}, play at most "
            f"{limit:,} of each (a run plays at most {MOST_GAMES:,} games in all, "
            f"{MOST_GAMES_PER_RULE_SET:,} of one rule set)."
        )
    return ""


def whole(value: Any, what: str, least: int, most: int | None) -> int:
    """``value`` if it is a whole number from ``least`` to ``most`` (None: no top); else a
    ValueError.

    Examples
    --------
    >>> whole(3, "games", 1, 10)
    3
    >>> whole(0, "games", 1, 10)
    Traceback (most recent call last):
    ...
    ValueError: games must be a whole number from 1 to 10, not 0.
    """
    is_whole = isinstance(value, int) and not isinstance(value, bool)
    if not is_whole or value < least or (most is not None and value > most):
        shown = f"{value:,}" if is_whole else repr(value)
        top = "" if most is None else f" to {most:,}"
        raise ValueError(f"{what} must be a whole number from {least:,}{top}, not {shown}.")
    return value
