"""How the landing chain (:mod:`landlord.analysis`) reads Magie's Jail.

The chain counts the throws a jailed player makes for doubles, the last of them
moving him out whatever it shows. Magie's ``[jail] max_turns`` counts turns
missed instead: Rule 6 says he "cannot miss more than three turns", and he then
moves by the next throw, so he throws once more than the turns he may miss.
"""

from __future__ import annotations

from landlord.rules.model import RuleSet
from landlord.rules.sections import required

__all__ = ["jail_turns"]


def jail_turns(rules: RuleSet) -> int:
    """The throws a jailed player makes, as the landing chain counts them.

    Examples
    --------
    >>> from landlord.rules import load_rules
    >>> jail_turns(load_rules("landlords_game"))
    4
    """
    return required(rules.jail).max_turns + 1
