"""landlord: play and measure Lizzie Magie's Landlord's Game and its descendants.

The kit lets a class play Magie's Landlord's Game (1906) beside her single-tax
rules, and the later Monopoly rules, and measures how wealth concentrates as
the games go on. It is an independent teaching project; "Monopoly" is a
trademark of Hasbro and names only the historical rules here.

The library imports no user-interface package: the notebooks and Voila apps
live in the ``notebook`` extra, so ``import landlord`` works in a plain Python.
"""

__version__ = "0.1.0.dev0"

__all__ = ["__version__"]
