"""The board in words: the state of a game as headings and tables, for screen readers.

The board picture (:mod:`landlord.views.board`) shows a game to those who
see it; :func:`board_text_html` says the same state in words, for a screen
reader and for anyone who would rather read a table than scan a drawing:
whose turn it is, each player's cash, net worth, where he stands and the
cards he holds, every space that has a card (its price, the rent a stop costs
now, its holder and houses), and the public side of the game in the family's
own words (the Treasury, the wages and the single tax, or the bank's
buildings). It reads the game's public state, as a player's
:class:`~landlord.engine.view.View` shows it, and works for every family.

Examples
--------
>>> from landlord.session import Session
>>> game = Session("landlords_game", ["eager_landlord"] * 3, seed=2).run()
>>> text = board_text_html(game)
>>> text.count("<table"), text.count("<caption")
(2, 2)
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from landlord.money import money
from landlord.views.picture import houses_words

__all__ = ["board_text_html", "table_html"]

#: The table's style: plain lines, left-aligned, small padding (no colour carries meaning).
STYLE = (
    "<style>.landlord-board-text table{border-collapse:collapse;margin:0.3em 0 0.8em}"
    ".landlord-board-text caption{text-align:left;caption-side:top;font-weight:bold}"
    ".landlord-board-text th,.landlord-board-text td{padding:2px 8px;text-align:left;"
    "vertical-align:top;border-bottom:1px solid #ddd}</style>"
)


def board_text_html(game: Any, names: Sequence[str] | None = None, level: int = 3) -> str:
    """The state of ``game`` now, in words: a heading, two tables and the public figures.

    Parameters
    ----------
    game : GameState
        A game of any family, at any point.
    names : sequence of str, optional
        The players' display names, in turn order; by default the game's.
    level : int
        The level of the heading (``<h3>`` by default); the parts below it
        are captions and a heading one level down.

    Returns
    -------
    str
        HTML: a ``<section>`` (class ``landlord-board-text``) with a heading,
        a line on whose turn it is, the players' table, the spaces' table (each
        a ``<table>`` with a ``<caption>`` and ``scope``-d headers) and the
        public figures.

    Raises
    ------
    ValueError
        If ``names`` does not give one name per player.

    Examples
    --------
    >>> from landlord.session import Session
    >>> game = Session("monopoly_uk_1972", ["eager_landlord"] * 2, seed=1).run()
    >>> text = board_text_html(game, names=["Ann", "Bob"])
    >>> "<th scope='col'>Rent now</th>" in text, "Mayfair" in text
    (True, True)
    """
    if names is None:
        names = list(game.names)
    elif len(names) != game.n_players:
        raise ValueError(f"{len(names)} names for {game.n_players} players")
    view = game.observe(0)  # every player sees the same board
    currency = game.rules.info.currency or "$"
    own = game.family.board_words(game, view, names, currency)
    title = html.escape(game.rules.info.title)
    level = min(max(level, 1), 5)
    parts = [
        "<section class='landlord-board-text' aria-label='The board in words'>",
        STYLE,
        f"<h{level}>The board in words: {title}</h{level}>",
        f"<p>{html.escape(_turn(game, names))}</p>",
        own if own is not None else _players(game, view, names, currency),
        "" if own is not None else _spaces(game, view, names, currency),
        f"<h{level + 1}>The public side</h{level + 1}>",
        game.family.finances_html(game),
        "</section>",
    ]
    return "".join(parts)


def _turn(game: Any, names: Sequence[str]) -> str:
    """The round, whose turn it is, and whom the game waits for (or why it ended)."""
    if game.is_over:
        return f"The game is over after round {game.round}: {game.end_reason}."
    said = "The deal, before round 1." if game.round == 0 else f"Round {game.round}."
    if 0 <= game.turn_player < game.n_players and game.round:
        said += f" {names[game.turn_player]} to play."
    actor = game.actor
    if 0 <= actor < game.n_players:
        asked = game.family.question(game, actor)
        said += f" Waiting for {names[actor]}: {asked}{'' if asked.endswith('?') else '.'}"
    return said


def _players(game: Any, view: Any, names: Sequence[str], currency: str) -> str:
    """The players' table: cash, net worth, where each stands, the cards each holds."""
    worths = game.net_worths()
    rows = []
    for player, name in enumerate(names):
        cells = [
            money(view.balances[player], currency),
            money(worths[player], currency),
            _where(game, view, player),
            _cards(game, view, player),
        ]
        rows.append((name, cells))
    return table_html(
        "The players",
        ("Player", "Cash", "Net worth", "Where", "Cards held"),
        rows,
        "landlord-board-players",
    )


def table_html(
    caption: str, heads: Sequence[str], rows: Sequence[tuple[str, Sequence[str]]], css: str
) -> str:
    """A table for a screen reader: a caption, column headers and a header for each row
    (``rows``: the row's header and its cells, plain text, escaped here).

    Examples
    --------
    >>> table = table_html("Pets", ("Name", "Kind"), [("Rex", ["dog"])], "pets")
    >>> print(table.replace("><", ">\\n<"))  # doctest: +NORMALIZE_WHITESPACE
    <table class='pets'> <caption>Pets</caption> <thead> <tr> <th scope='col'>Name</th>
    <th scope='col'>Kind</th> </tr> </thead> <tbody> <tr> <th scope='row'>Rex</th>
    <td>dog</td> </tr> </tbody> </table>
    """
    head = "".join(f"<th scope='col'>{html.escape(words)}</th>" for words in heads)
    body = "".join(
        f"<tr><th scope='row'>{html.escape(header)}</th>"
        + "".join(f"<td>{html.escape(cell)}</td>" for cell in cells)
        + "</tr>"
        for header, cells in rows
    )
    return (
        f"<table class='{css}'><caption>{html.escape(caption)}</caption>"
        f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
    )


def _where(game: Any, view: Any, player: int) -> str:
    """Where a player stands, in words, and what holds him there."""
    if _flag(view, "bankrupt", player):
        return "out of the game (bankrupt)"
    where = view.position[player]
    states = []
    if _flag(view, "jailed", player):
        states.append("in Jail")
    if _flag(view, "in_poor_house", player):
        states.append("in the Poor House")
    if _flag(game, "miss_turn", player):
        states.append("misses a turn")
    owed_by = getattr(view, "owed_by", None)
    owed = owed_by(player) if owed_by is not None else 0
    if owed:
        states.append(f"owes {money(owed, game.rules.info.currency or '$')}")
    said = f"on {_space_name(game, where)}"
    return "; ".join([said, *states])


def _flag(state: Any, name: str, player: int) -> bool:
    """Whether a family's per-player flag (``jailed``, ``bankrupt``, ...) is set."""
    flags = getattr(state, name, None)
    return bool(flags[player]) if flags is not None else False


def _space_name(game: Any, space: int) -> str:
    """A space's name: on the track, or beside it (Magie's Natural Opportunities)."""
    tables = game.tables
    track = getattr(tables, "track", None)
    return track.name(space) if track is not None else tables.name[space]


def _cards(game: Any, view: Any, player: int) -> str:
    """The cards a player holds: title deeds by name, and the other cards counted."""
    held = [game.tables.name[space] for space in game.tables.cards if view.owner[space] == player]
    for attribute, card in (
        ("luxuries", "luxury card"),
        ("education", "Education card"),
        ("jail_cards", "get-out-of-Jail card"),
    ):
        counts = getattr(view, attribute, None)
        count = counts[player] if counts is not None else 0
        if count:
            held.append(f"{count} {card}{'s' if count != 1 else ''}")
    return ", ".join(held) or "none"


def _spaces(game: Any, view: Any, names: Sequence[str], currency: str) -> str:
    """The spaces with a card: number, name, kind, price, rent now, holder, houses, notes."""
    tables = game.tables
    colours = getattr(tables, "colour", None)
    hotel_after = getattr(view, "per_lot", None)  # the later game: houses past this are a hotel
    rows = []
    held = 0
    for space in tables.cards:
        holder = view.owner[space]
        held += holder >= 0
        kind = tables.kind[space].replace("_", " ")
        if colours is not None and colours[space] and colours[space] != tables.kind[space]:
            kind += f", {colours[space]} group"
        built = view.houses[space]
        if built and hotel_after is not None and built > hotel_after:
            buildings = "a hotel"
        else:
            buildings = houses_words(built) if built else ""
        cells = [
            kind,
            money(tables.price[space], currency),
            _rent_now(game, view, space, currency),
            names[holder] if holder >= 0 else "nobody",
            buildings,
            "; ".join(_notes(view, space)),
        ]
        rows.append((f"{space}. {tables.name[space]}", cells))
    heads = ("Space", "Kind", "Price", "Rent now", "Held by", "Houses", "Notes")
    caption = f"The spaces with a title card: {held} of {len(tables.cards)} held"
    return table_html(caption, heads, rows, "landlord-board-spaces")


def _rent_now(game: Any, view: Any, space: int, currency: str) -> str:
    """What a stop on ``space`` costs now, as the board's tooltip says it ("" if unheld)."""
    holder = view.owner[space]
    rent_due = getattr(view, "rent_due", None)
    if rent_due is not None:  # Magie's games: the bills a stop brings (land rent, houses)
        if holder < 0 and not getattr(view, "single_tax", False):
            return ""
        return money(sum(bill[1] for bill in rent_due(space)), currency)
    if holder < 0:
        return ""
    if _flag(view, "mortgaged", space):
        return "none (mortgaged)"
    if game.tables.kind[space] == "utility":
        return f"{view.rent(space, 1)}\u00d7 the dice"
    return money(view.rent(space), currency)


def _notes(view: Any, space: int) -> list[str]:
    """What the single tax or the bank made of a space: public, a college, mortgaged."""
    notes = []
    if _flag(view, "public", space):
        notes.append("bought by the Public Treasury: free to use")
    if space in (getattr(view, "colleges", None) or ()):
        notes.append("a Free College")
    if view.owner[space] >= 0 and _flag(view, "mortgaged", space):
        notes.append("mortgaged")
    return notes
