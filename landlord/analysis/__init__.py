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
  many throws it takes to pay back (the "three houses" question);
- :mod:`landlord.analysis.reports`: the landing and rent reports of a rule
  set, as ``landlord landing`` and ``landlord rents`` print them (text or JSON).
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
    group_rents_from,
    property_rents,
    sweet_spot,
    sweet_spot_from,
)
from landlord.analysis.reports import (
    LANDING_TOLERANCE,
    jail_strategy_text,
    landing_report,
    landing_text,
    moves_by_choice,
    rents_report,
    rents_text,
)
from landlord.analysis.track import Track

__all__ = [
    "DICE_TOTAL",
    "LANDING_TOLERANCE",
    "STRATEGIES",
    "STREET_LEVELS",
    "TWO_DICE",
    "Track",
    "classic_track",
    "dice_throws",
    "group_rents",
    "group_rents_from",
    "jail_strategy_text",
    "landing_probabilities",
    "landing_report",
    "landing_standard_errors",
    "landing_text",
    "moves_by_choice",
    "property_rents",
    "rents_report",
    "rents_text",
    "simulate_landings",
    "sweet_spot",
    "sweet_spot_from",
    "track_from_rules",
    "transition_matrix",
]
