"""The words of the later game in plain English, for the apps' glossary.

``TERMS`` holds one :class:`~landlord.views.glossary.Term` per word of the
classic rules (US, UK 1972): what it means, the rule's heading it comes from,
and whether the meaning is the source's own or the kit's reading of it.
``FAMILY.glossary_terms()`` hands them to :mod:`landlord.views.glossary`,
which adds the kit's own measures. "Monopoly" is a trademark of Hasbro: it
names the historical rules here, nothing else.

The words are data, written in ``texts/glossary.toml`` beside this module and
read by :func:`landlord.views.glossary.family_terms`.

Examples
--------
>>> by_key = {term.key: term for term in TERMS}
>>> by_key["later-jail"].rules
'the rules: Jail, Visiting Jail'
"""

from __future__ import annotations

from landlord.families.monopoly import FAMILY
from landlord.views.glossary import family_terms

__all__ = ["TERMS"]

#: Every word of the later game.
TERMS = family_terms(FAMILY)
