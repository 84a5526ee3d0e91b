"""One game's net worth now: a bar per player, split into what it is made of."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from landlord.money import money
from landlord.palette import player_colour
from landlord.plotting.colours import _FAINT, INK, _tint
from landlord.plotting.findings import largest_share
from landlord.plotting.key import _key, _key_layout
from landlord.plotting.sources import _currency_of, _holdings_now
from landlord.plotting.style import (
    SMALL,
    TEXT,
    _box_size,
    _fixed_ticks,
    _new_axes,
    _style,
    _title,
    _wrap,
)

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure


#: The parts of a net worth, bottom to top: (key, name, tint, hatch).
_PARTS = (
    ("cash", "cash", 0.0, None),
    ("land", "land", 0.45, "//"),
    ("houses", "houses", 0.45, "xx"),
    ("other", "other holdings", 0.75, None),
    ("loans", "loans", 1.0, ".."),
)


def wealth_bars(
    source: Any,
    ax: Axes | None = None,
    *,
    house_cost: float | None = None,
    key: bool = True,
) -> Figure:
    """Each player's net worth now, as a bar in his colour, split into what it is made of.

    From the bottom up: cash (the full colour), land (title deeds at their
    printed price; nothing under the single tax, which makes deeds
    worthless), houses at cost, the other holdings (Magie's other cards,
    luxury and Professor cards; Quikopoly's hotels), and loans: owed to him
    above, owed by him below the zero line. The parts add up to his net
    worth, marked by a black bar and written above. The title says who holds
    the most, and what share of all net worth that is ("Round 12: Ann holds
    61% of all net worth").

    Parameters
    ----------
    source : GameRecord, Session, game, or pandas.DataFrame
        A :class:`~landlord.record.GameRecord` or ``GameRecord.rounds`` (its
        last round), or a running :class:`~landlord.session.Session` or game
        (the holdings at this moment).
    ax : matplotlib.axes.Axes, optional
        Where to draw; a new Figure when not given. Axes it has drawn on
        before, for the same players, get their bars moved to the new
        figures (quick, for a live chart after every round); any other
        axes should be empty.
    house_cost : float, optional
        What a house counts for, when ``source`` is a bare table; a game knows.
        Without it, houses are counted among the other holdings.
    key : bool
        Draw the key to the parts (a live app may draw it once, elsewhere).

    Returns
    -------
    matplotlib.figure.Figure
        The figure drawn on. Each part is a bar container labelled with the
        part's name; each bar has gid ``"PLAYER:PART"`` (``cash``, ``land``,
        ``houses``, ``other``, ``loans``) and is hidden where the part is 0.

    Examples
    --------
    >>> import landlord
    >>> record = landlord.play("landlords_game", players=2, seed=3)
    >>> ax = wealth_bars(record).axes[0]
    >>> first = [bar for bar in ax.patches if bar.get_gid().startswith("eager_landlord 1:")]
    >>> for bar in first:
    ...     print(bar.get_gid(), bar.get_height())
    eager_landlord 1:cash 117.0
    eager_landlord 1:land 325.0
    eager_landlord 1:houses 0.0
    eager_landlord 1:other 250.0
    eager_landlord 1:loans 0.0
    >>> worth = record.standings.set_index("name")["net_worth"]
    >>> bool(sum(bar.get_height() for bar in first) == worth["eager_landlord 1"])
    True
    >>> ax.get_title(loc="left")
    'Round 39: eager_landlord 2 holds 60% of all net worth'
    """
    from matplotlib.patches import Rectangle

    names, parts, worth, round_ = _holdings_now(source, house_cost)
    currency = _currency_of(source)
    ax = _new_axes(ax, (8.0, 5.0), {"left": 0.11, "right": 0.98, "bottom": 0.14, "top": 0.92})
    n = len(names)
    seats = np.arange(n)
    # Where each part of each bar goes: positive parts stack up from 0,
    # negative ones down from it.
    up, down = np.zeros(n), np.zeros(n)
    bottoms: dict[str, np.ndarray] = {}
    for part, *_ in _PARTS:
        amounts = parts[part]
        bottoms[part] = np.where(amounts >= 0, up, down)
        up = np.where(amounts >= 0, up + amounts, up)
        down = np.where(amounts < 0, down + amounts, down)
    shown = [part for part in _PARTS if part[0] == "cash" or np.any(parts[part[0]])]
    drawn = {
        bar.get_gid(): bar
        for bar in ax.patches
        if isinstance(bar, Rectangle) and ":" in str(bar.get_gid())
    }
    wanted = {f"{player}:{part}" for player in names for part, *_ in _PARTS}
    if drawn and set(drawn) == wanted:
        # Drawn here before, for the same players: move the bars, which
        # costs far less than drawing them again (a live chart).
        for part, *_ in _PARTS:
            for seat, player in enumerate(names):
                bar = drawn[f"{player}:{part}"]
                bar.set_y(bottoms[part][seat])
                bar.set_height(parts[part][seat])
                bar.set_visible(bool(parts[part][seat]) or part == "cash")
        for artist in ax.collections:
            if artist.get_gid() == "net worth":
                artist.set_segments(
                    [[(s - 0.42, w), (s + 0.42, w)] for s, w in zip(seats, worth, strict=True)]
                )
        figures = {text.get_gid(): text for text in ax.texts if text.get_gid() in names}
        for seat, (player, value) in enumerate(zip(names, worth, strict=True)):
            figures[player].set_position((seat, max(up[seat], value, 0.0)))
            figures[player].set_text(money(value, currency))
    else:
        if drawn:
            ax.clear()
        _bars(ax, names, parts, bottoms, worth, up, currency)
    # The key along the top, inside the axes, and room for it above the bars
    # and their figures: the y axis reaches as far above them as it takes.
    entries: list[tuple[dict[str, Any] | None, str]] = [
        ({"facecolor": _tint(INK, tint), "edgecolor": INK, "hatch": hatch}, name)
        for _, name, tint, hatch in shown
    ]
    entries.append(({"color": INK, "linewidth": 4}, "net worth"))
    box_width, box_height = _box_size(ax)
    _, _, key_height = _key_layout(entries, None, box_width - 12, 1) if key else (0, 0, 0.0)
    room = min((key_height + 10 + 1.5 * TEXT) / max(box_height, 1.0), 0.6)
    high, low = float(up.max(initial=0.0)), float(down.min(initial=0.0))
    bottom = low - (0.05 * max(high - low, 1.0) if low < 0 else 0.0)
    ax.set_ylim(bottom, (max(high, bottom + 1.0) - room * bottom) / (1 - room))
    _fixed_ticks(ax, "y", low, high, currency + "{:.0f}", most=5)
    finding = largest_share(names, worth, currency=currency)
    _title(ax, f"Round {round_}: {finding}" if finding else f"Net worth, round {round_}")
    if key:
        listed = [text.get_text() for text in ax.texts if text.get_gid() == "key"]
        if listed != [name for _, name in entries]:
            _key(ax, entries, 0.015, 0.985, width=box_width - 12)
    return ax.figure


def _bars(
    ax: Axes,
    names: list[str],
    parts: dict[str, np.ndarray],
    bottoms: dict[str, np.ndarray],
    worth: np.ndarray,
    top: np.ndarray,
    currency: str = "$",
) -> None:
    """The bars of :func:`wealth_bars`, drawn afresh: every part, even where it is 0
    (hidden), so that the next call can move them."""
    n = len(names)
    seats = np.arange(n)
    colours = [player_colour(seat) for seat in seats]
    for part, name, tint, hatch in _PARTS:
        bars = ax.bar(
            seats,
            parts[part],
            width=0.7,
            bottom=bottoms[part],
            color=[_tint(colour, tint) for colour in colours],
            edgecolor=colours,
            linewidth=2.0,
            hatch=hatch,
            label=name,
        )
        for seat, (bar, player) in enumerate(zip(bars, names, strict=True)):
            bar.set_gid(f"{player}:{part}")
            bar.set_visible(bool(parts[part][seat]) or part == "cash")
    # The net worth: a black bar across each column (where positive and
    # negative parts cancel, it is not at the top), and the figure above.
    ax.hlines(worth, seats - 0.42, seats + 0.42, color=INK, linewidth=4, zorder=3, gid="net worth")
    for seat, (player, value) in enumerate(zip(names, worth, strict=True)):
        ax.text(
            seat,
            max(top[seat], value, 0.0),
            money(value, currency),
            ha="center",
            va="bottom",
            fontsize=TEXT,
            fontweight="bold",
            color=INK,
            parse_math=False,
            gid=player,
        )
    ax.set_xlim(-0.6, n - 0.4)
    ax.axhline(0, color=INK, linewidth=1.5)
    ax.set_xticks(seats, [_wrap(name, 12) for name in names])
    _style(ax)
    for tick, colour in zip(ax.get_xticklabels(), colours, strict=True):
        tick.set_color(INK if colour == _FAINT else colour)
        tick.set_fontweight("bold")
        tick.set_fontsize(SMALL)
