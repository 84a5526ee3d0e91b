"""The words of Property in plain English, for the apps' glossary.

``TERMS`` holds one :class:`~landlord.views.glossary.Term` per word of the
rules text (seed 000, Sid Sackson's *Property*): what it means, the part of
the text it comes from, and whether the meaning is the text's own, a
reconstruction, or the kit's reading of it.

The words are data, written in ``texts/glossary.toml`` beside this module and
read by :func:`landlord.views.glossary.family_terms`.

Examples
--------
>>> by_key = {term.key: term for term in TERMS}
>>> by_key["property-units"].origin
'reconstruction'
"""

from __future__ import annotations

from landlord.families.sackson import FAMILY
from landlord.views.glossary import family_terms

__all__ = ["TERMS"]

#: Every word of Property.
TERMS = family_terms(FAMILY)
