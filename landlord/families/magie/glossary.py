"""The words of Magie's games in plain English, for the apps' glossary.

``TERMS`` holds one :class:`~landlord.views.glossary.Term` per word of the
Landlord's Game, its single tax and Prosperity: what it means, the 1906 rule
it comes from, and whether the meaning is the source's own or the kit's
reading of it. ``FAMILY.glossary_terms()`` hands them to
:mod:`landlord.views.glossary`, which adds the kit's own measures.

The words are data, written in ``texts/glossary.toml`` beside this module and
read by :func:`landlord.views.glossary.family_terms`.

Examples
--------
>>> by_key = {term.key: term for term in TERMS}
>>> by_key["speculation"].rules, by_key["speculation"].family is FAMILY
('Rule 8', True)
"""

from __future__ import annotations

from landlord.families.magie import FAMILY
from landlord.views.glossary import family_terms

__all__ = ["TERMS"]

#: Every word of Magie's games: the board and the money, then the single tax.
TERMS = family_terms(FAMILY)
