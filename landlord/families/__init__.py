"""The families of rule sets the kit plays, one package each.

* :mod:`landlord.families.magie`: Lizzie Magie's Landlord's Game (1906), its
  single tax, and Prosperity;
* :mod:`landlord.families.monopoly`: the later Monopoly rules (US classic,
  UK 1972, folk variants), as history. "Monopoly" is Hasbro's trademark;
  the kit is independent of Hasbro;
* :mod:`landlord.families.quikopoly`: the piecepack *Quikopoly* (2023);
* :mod:`landlord.families.sackson`: Sid Sackson's card game *Property* (1969),
  played on a grid.

Each package holds everything about its family: its engine (a flow and the
parts that own its state), how the named bots answer its decisions, its
board picture, its event log and its questions, and (for a class) the help
under each question, the rule behind each step and its words for the
glossary; its ``FAMILY`` object (a
:class:`~landlord.engine.family.Family`) is what the rest of the kit asks.
A rule set names its family in ``[rule_set] family``. To add a family, add
a package here with a ``FAMILY``, or declare one from a package of your own
in the entry-point group ``landlord.families``: either is found by itself
(:mod:`landlord.rules.registry`, which is what the rules and the engine ask,
by name; the functions here are the same, typed for the layers above).

Examples
--------
>>> from landlord.rules import load_rules
>>> family_of(load_rules("monopoly_uk_1972")).name
'monopoly'
>>> [family.name for family in families()]
['magie', 'monopoly', 'quikopoly', 'sackson']
"""

from __future__ import annotations

from landlord.engine.family import families, family_named, family_of

__all__ = ["families", "family_named", "family_of"]
