"""The colours of the figures: the groups of payments, the rule sets, the piles, the ink.

The players' colours are :mod:`landlord.palette`'s (the board's too); the
package re-exports them as :data:`landlord.plotting.PLAYER_COLOURS` and
:func:`landlord.plotting.player_colour`.
"""

from __future__ import annotations

import zlib
from collections.abc import Mapping, Sequence
from types import MappingProxyType

from landlord.flows import GROUPS

#: The colour of the piles of money (MISCELLANEOUS, the PUBLIC TREASURY, a bank).
PILE_COLOUR = "#BBBBBB"

#: A fixed colour for each group of payments of :data:`landlord.flows.GROUPS`
#: (read-only): the rents in warm colours, wages and public spending in
#: greens and blues. Okabe-Ito first, then three of Paul Tol's colour-blind-safe
#: "muted" colours (indigo, wine, olive), and greys for the starting cash and
#: anything else.
GROUP_COLOURS: Mapping[str, str] = MappingProxyType(
    {
        "land rent": "#D55E00",  # vermillion
        "house rent": "#E69F00",  # orange
        "fares": "#CC79A7",  # reddish purple
        "taxes and fines": "#0072B2",  # blue
        "wages": "#009E73",  # bluish green
        "purchases": "#332288",  # indigo
        "loans": "#882255",  # wine
        "chance and speculation": "#999933",  # olive
        "public spending": "#56B4E9",  # sky blue
        "starting cash": "#AAAAAA",  # light grey
        "other": "#666666",  # dark grey
    }
)
if tuple(GROUP_COLOURS) != GROUPS:  # pragma: no cover - a new group needs a colour here
    raise RuntimeError(f"GROUP_COLOURS must name the groups {GROUPS}, in that order")

#: The colour of each shipped rule set (read-only): the monopolist rules red,
#: the single tax blue, Prosperity green, the later game purple and black.
#: A rule set keeps its colour in every chart and run, whatever options it has.
RULES_COLOURS: Mapping[str, str] = MappingProxyType(
    {
        "landlords_game": "#D55E00",  # vermillion
        "single_tax": "#0072B2",  # blue
        "prosperity": "#009E73",  # bluish green
        "landlords_game_vote": "#E69F00",  # orange
        "monarch_of_the_world": "#882255",  # wine
        "monopoly_us": "#CC79A7",  # reddish purple
        "monopoly_uk_1972": "#000000",  # black
    }
)

#: Colours for rule sets without one of their own, picked by the id (none of the above).
_MORE_COLOURS: tuple[str, ...] = (
    "#56B4E9",  # sky blue (Okabe-Ito)
    "#332288",  # indigo (Paul Tol's muted colours from here on)
    "#44AA99",  # teal
    "#117733",  # green
    "#999933",  # olive
    "#AA4499",  # purple
    "#CC6677",  # rose
    "#661100",  # brown
)

#: A colour for text and reference lines.
INK = "#333333"
#: The colour of a game's Gini of cash beside its Gini of net worth: a mid grey, told
#: apart from every hue by anyone (it differs in lightness), and plainly the lesser line.
CASH_COLOUR = "#777777"
#: Yellow text is unreadable on white; it is written in INK instead.
_FAINT = "#F0E442"


def rules_colour(label: str) -> str:
    """A stable colour for a rule set's label: the same rule set, the same colour, always.

    The shipped rule sets have their own (:data:`RULES_COLOURS`), with or
    without options: ``landlords_game[round_limit=100]`` is drawn in the
    Landlord's Game's colour. Any other rule set takes one of eight more
    colours chosen from its id (its CRC-32), so it does not change from one
    figure, run or machine to the next. Two labels in one figure may share a
    colour; the comparison plots then give the later one a free colour.

    Examples
    --------
    >>> rules_colour("prosperity")
    '#009E73'
    >>> rules_colour("landlords_game[wages_times=0,round_limit=100]") == rules_colour(
    ...     "landlords_game"
    ... )
    True
    >>> label = "my_rules.toml[land_value_tax=0.5]"
    >>> rules_colour(label) == rules_colour("my_rules.toml")
    True
    """
    rules_id = label.split("[", 1)[0].strip()
    colour = RULES_COLOURS.get(rules_id)
    if colour is not None:
        return colour
    return _MORE_COLOURS[zlib.crc32(rules_id.encode("utf-8")) % len(_MORE_COLOURS)]


def _label_colours(labels: Sequence[str]) -> dict[str, str]:
    """Every label's :func:`rules_colour`, with a free colour for any that repeats one."""
    colours: dict[str, str] = {}
    for label in labels:
        colour = rules_colour(label)
        if colour in colours.values():
            used = set(colours.values())
            free = [c for c in (*RULES_COLOURS.values(), *_MORE_COLOURS) if c not in used]
            colour = free[0] if free else colour
        colours[label] = colour
    return colours


def _tint(colour: str, amount: float) -> tuple[float, float, float]:
    """``colour`` mixed with white: 0 leaves it, 1 makes it white."""
    from matplotlib.colors import to_rgb

    red, green, blue = (c + (1.0 - c) * amount for c in to_rgb(colour))
    return red, green, blue
