"""Rule sets as data: the registry of the ones that come with landlord, and the loader.

Each rule set is a TOML file in ``landlord/rules/data/`` (with its board and
Chance pack as CSV files beside it) whose every number says where it comes
from. :func:`load_rules` reads one, by id or by the path of your own file,
into a checked :class:`RuleSet`; :func:`available` lists the ones here.

Examples
--------
>>> print(*(info.id for info in available()))  # doctest: +NORMALIZE_WHITESPACE
landlords_game landlords_game_vote monarch_of_the_world monopoly_uk_1972 monopoly_us
property prosperity quikopoly single_tax
>>> rules = load_rules("landlords_game", wayback_rent=2)
>>> rules.board.spaces[1].name, rules.board.spaces[1].land_rent
('Wayback', 2)
>>> rules.provenance["wages"].status
'primary'
"""

from __future__ import annotations

from landlord.rules.loader import RULES_DIR, RulesError, load_rules, registered
from landlord.rules.model import (
    Board,
    ChanceCard,
    Option,
    Provenance,
    RuleSet,
    RuleSetInfo,
    SideSpace,
    Space,
)

__all__ = [
    "RULES_DIR",
    "Board",
    "ChanceCard",
    "Option",
    "Provenance",
    "RuleSet",
    "RuleSetInfo",
    "RulesError",
    "SideSpace",
    "Space",
    "available",
    "load_rules",
]


def available() -> list[RuleSetInfo]:
    """The rule sets that come with landlord, sorted by id.

    Returns
    -------
    list of RuleSetInfo
        What ``landlord rules`` lists: id, title, edition, players, status.

    Examples
    --------
    >>> info = available()[0]
    >>> info.id, info.min_players, info.max_players
    ('landlords_game', 2, 4)
    """
    return sorted((load_rules(id_).info for id_ in registered()), key=lambda info: info.id)
