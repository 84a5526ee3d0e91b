"""Exact results about a board, worked out rather than played out.

- :mod:`landlord.analysis.landing`: the long-run share of moves that end on
  each square of a track, from the exact Markov chain and by simulation.
"""

from __future__ import annotations

from landlord.analysis.landing import (
    STRATEGIES,
    Track,
    classic_track,
    landing_probabilities,
    simulate_landings,
    transition_matrix,
)

__all__ = [
    "STRATEGIES",
    "Track",
    "classic_track",
    "landing_probabilities",
    "simulate_landings",
    "transition_matrix",
]
