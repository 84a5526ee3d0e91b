"""Exact results about a board, worked out rather than played out.

- :mod:`landlord.analysis.landing`: the long-run share of moves that end on
  each square of a track, from the exact Markov chain and by simulation,
  thrown by two dice or by one (Quikopoly's piecepack die);
- :mod:`landlord.analysis.track`: a track as plain data (squares, jail, cards,
  dice), :mod:`landlord.analysis.dice` the throws of the dice, and
  :mod:`landlord.analysis.boards` the track of a loaded rule set's board, or
  of the classic board written out by hand;
- :mod:`landlord.analysis.rents`: on the later game's boards, the expected
  rent per opponent throw of every property and building level, and how
  many throws it takes to pay back (the "three houses" question).
"""

from __future__ import annotations

from landlord.analysis.boards import classic_track, track_from_rules
from landlord.analysis.dice import TWO_DICE, dice_throws
from landlord.analysis.landing import (
    STRATEGIES,
    landing_probabilities,
    landing_standard_errors,
    simulate_landings,
    transition_matrix,
)
from landlord.analysis.rents import (
    DICE_TOTAL,
    STREET_LEVELS,
    group_rents,
    property_rents,
    sweet_spot,
)
from landlord.analysis.track import Track

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
