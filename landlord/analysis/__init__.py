"""Exact results about a board, worked out rather than played out.

- :mod:`landlord.analysis.landing`: the long-run share of moves that end on
  each square of a track, from the exact Markov chain and by simulation,
  for a hand-made track or the track of a loaded rule set, thrown by two
  dice or by one (Quikopoly's piecepack die);
- :mod:`landlord.analysis.rents`: on the later game's boards, the expected
  rent per opponent throw of every property and building level, and how
  many throws it takes to pay back (the "three houses" question).
"""

from __future__ import annotations

from landlord.analysis.landing import (
    STRATEGIES,
    TWO_DICE,
    Track,
    classic_track,
    dice_throws,
    landing_probabilities,
    landing_standard_errors,
    simulate_landings,
    track_from_rules,
    transition_matrix,
)
from landlord.analysis.rents import (
    DICE_TOTAL,
    STREET_LEVELS,
    group_rents,
    property_rents,
    sweet_spot,
)

__all__ = [
    "DICE_TOTAL",
    "STRATEGIES",
    "STREET_LEVELS",
    "TWO_DICE",
    "Track",
    "classic_track",
    "dice_throws",
    "group_rents",
    "landing_probabilities",
    "landing_standard_errors",
    "property_rents",
    "simulate_landings",
    "sweet_spot",
    "track_from_rules",
    "transition_matrix",
]
