"""Magie's board as one SVG picture: the 1906 track, holders, houses, the single tax.

:func:`board_svg` draws the current state of a Landlord's Game (the
monopolist rules or the single tax) as a self-contained SVG string, for a
class to watch on a projector: every space with its name, price and land
rent, a band for its kind, its holder and houses, the players' tokens, the
inner corners (the Single Tax rules' Natural Opportunities) and, in the
centre, the round, whose turn it is, every player's cash and net worth, the
piles of money, the wages and the latest public works. It is built on the
track board of :mod:`landlord.widgets.track` and only reads the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from landlord.families.magie.spaces import CARD_SPACES
from landlord.money import money
from landlord.widgets.svg import INK, clip, esc, rect, text, text_width
from landlord.widgets.track import (
    CORNER,
    GAP,
    MARGIN,
    SIDE_BOX,
    VIEW,
    Seats,
    TrackLayout,
    centre_head,
    centre_note,
    figure_lines,
    hot_move,
    layout_of,
    lit_frame,
    mark_box,
    space_start,
    svg_start,
)

if TYPE_CHECKING:  # pragma: no cover - for the annotations only
    from landlord.families.magie.game import LandlordsGame

__all__ = ["KIND_COLOURS", "MagieLayout", "board_svg"]


#: Each kind of space: the colour of its band and the word the legend gives it.
KIND_COLOURS = {
    "lot": ("#4C9A4C", "lot"),
    "railroad": ("#D9779E", "railroad"),
    "franchise": ("#E3C52B", "franchise"),
    "speculation": ("#7F8FA6", "speculation"),
    "necessity": ("#4F8FCC", "necessity"),
    "trespass": ("#2B5535", "no trespassing"),
    "chance": ("#C8483F", "chance"),
    "luxury": ("#8E6BBE", "luxury"),
    "mother_earth": ("#B08A4F", "Mother Earth"),
    "shelter_jail": ("#4F8FCC", "Shelter / Jail"),
    "central_park": ("#4C9A4C", "Central Park"),
    "blank": ("#BBBBBB", "space"),
}


#: Kinds that have a card a player can hold.
HELD_KINDS = frozenset({"lot", "railroad", "franchise", "speculation"})


# What a kind is, in a space's tooltip.
_KIND_WORDS = {
    "mother_earth": "Mother Earth",
    "lot": "lot",
    "necessity": "Absolute Necessity",
    "shelter_jail": "Shelter and Jail",
    "trespass": "No Trespassing",
    "railroad": "railroad",
    "franchise": "franchise (public utility)",
    "speculation": "Speculation (Broker's License)",
    "central_park": "Central Park and Poor House",
    "chance": "Chance",
    "luxury": "Luxury",
    "blank": "space",
    "natural_opportunity": "Natural Opportunity",
}


def _figures(space: Any, rent: int | None = None) -> list[str]:
    """The printed figures of a space, in parts: price, and land rent, fare or fee."""
    kind = space.kind
    price = [f"{money(space.price)}"] if space.price else []
    if kind == "lot":
        return [*price, f"rent {(space.land_rent or 0) if rent is None else rent}"]
    words = {"railroad": "fare", "franchise": "fee", "speculation": "stake"}.get(kind)
    if words:
        return [*price, f"{words} {space.fee}"] if space.fee is not None else price
    if kind == "luxury":
        return [f"fee {money(space.fee)}"] if space.fee is not None else []
    if kind == "trespass":
        return ["No Trespassing"]
    return []


def _tooltip(space: Any) -> str:
    words = [f"{space.index}. {space.name} \u2014 {_KIND_WORDS.get(space.kind, space.kind)}"]
    if space.price:
        words.append(f"price {money(space.price)}")
    if space.kind == "lot" and space.land_rent is not None:
        words.append(f"printed land rent {money(space.land_rent)}")
    elif space.fee is not None:
        words.append(f"fee {money(space.fee)}")
    if space.rule:
        words.append(f"Rule {space.rule}")
    return esc("; ".join(words))


class MagieLayout(TrackLayout):
    """The 1906 board's fixed picture: a band by kind of space, printed prices and rents."""

    def band_colour(self, space: Any) -> str:
        return KIND_COLOURS.get(space.kind, KIND_COLOURS["blank"])[0]

    def figures(self, space: Any) -> list[str]:
        return _figures(space)

    def kind_words(self, kind: str) -> str:
        return _KIND_WORDS.get(kind, kind)

    def tooltip(self, space: Any) -> str:
        return _tooltip(space)

    def legend_svg(self, kinds: set[str]) -> str:
        """The kinds of space and the marks, in the centre's bottom strip."""
        legend_kinds = HELD_KINDS | {"necessity", "trespass", "chance", "luxury"}
        shown = [kind for kind in KIND_COLOURS if kind in kinds and kind in legend_kinds]
        left = VIEW / 2 - 152
        top = VIEW - MARGIN - CORNER - GAP - SIDE_BOX + 12
        parts = ['<g class="legend">', text(left, top, "Kinds of space", bold=True)]
        for k, kind in enumerate(shown):
            col, row = k % 3, k // 3
            x, y = left + col * 104, top + 8 + row * 16
            colour, word = KIND_COLOURS[kind]
            parts.append(rect(x, y, 12, 10, f'fill="{colour}" stroke="{INK}" stroke-width="0.5"'))
            parts.append(text(x + 16, y + 9, word))
        y = top + 8 + (-(-len(shown) // 3)) * 16
        parts.append(rect(left, y + 1, 7, 7, f'fill="{INK}"'))
        parts.append(text(left + 11, y + 9, "house"))
        parts.append(
            text(
                left + 56,
                y + 9,
                "frame and tag in a player's colour: his card",
            )
        )
        parts.append("</g>")
        return "".join(parts)


def board_svg(
    game: LandlordsGame,
    *,
    size: int = 760,
    names: Sequence[str] | None = None,
    last_move: int | tuple[int, int] | None = None,
) -> str:
    """Magie's board and the state of ``game`` now, as one SVG document.

    See :func:`landlord.widgets.board.board_svg` for the arguments and the
    elements a test or a stylesheet can pick out.
    """
    seats = Seats.of(game, names, size)
    n = game.n_players
    names = seats.names
    tables = game.tables
    layout = layout_of(game.rules.board, tables.jail, tables.poor_house, MagieLayout)
    track = layout.size
    shown, tags = seats.shown, seats.tags
    hot_player, hot_space = hot_move(last_move)

    owner = game.holdings.owner
    houses = game.holdings.houses
    public = game.treasury.public
    colleges = game.treasury.colleges
    sites = {claim.space for claim in game.treasury.site_claims}
    position = game.position
    single_tax = game.treasury.single_tax
    here: dict[int, list[int]] = {}
    for player, where in enumerate(position):
        here.setdefault(where, []).append(player)

    out = svg_start(game, layout, size)
    tax = game.spaces.necessity_tax()
    spaces = game.rules.board.spaces
    for cell in layout.cells:
        i = cell.position
        side = i >= track
        holder = -1 if side else owner[i]
        built = 0 if side else houses[i]
        flags = []
        notes = []
        if not side:
            if public[i]:
                flags.append(' data-public="1"')
                notes.append("bought by the Public Treasury: free to use")
            if i in colleges:
                flags.append(' data-college="1"')
                notes.append("a Free College stands here")
            if i in sites:
                flags.append(' data-site="1"')
                notes.append("an open site: anyone may build here")
        if holder >= 0:
            notes.insert(0, f"held by {shown[holder]} (player {holder + 1})")
        if built:
            notes.append(f"{built} house{'s' if built != 1 else ''}")
        if cell.kind in CARD_SPACES and not side and (holder >= 0 or single_tax):
            cost = sum(bill[1] for bill in game.spaces.rent_due(i))
            notes.append(f"a stop costs {money(cost)} now")
        visitors = here.get(i)
        if visitors:
            notes.append("here: " + ", ".join(shown[p] for p in visitors))
        out.append(space_start(cell, holder, built, flags, notes, i == hot_space, side))
        # The figures line: fixed, or read from the game where it changes.
        kind = cell.kind
        if kind in ("necessity", "shelter_jail"):
            out.append(figure_lines(cell.price_at, [f"tax {money(tax)}" if tax else "no tax"]))
        elif kind == "mother_earth":
            out.append(figure_lines(cell.price_at, [f"wages {money(game.wages)}"]))
        elif kind == "lot" and not side and game.spaces.land_rent(i) != cell.printed_rent:
            rent = game.spaces.land_rent(i)  # the advanced rules' doubling by section
            out.append(figure_lines(cell.price_at, _figures(spaces[i], rent)))
        else:
            out.append(cell.price)
        sx, sy, sw, _ = cell.status
        x = sx
        if holder >= 0:
            x = seats.holder_mark(out, cell, holder)
        if built:
            room = int((sx + sw - x) // 9)
            if built <= room:
                for k in range(built):
                    out.append(rect(x + 9 * k, sy + 3, 7, 7, f'fill="{INK}"'))
            else:
                out.append(rect(x, sy + 3, 7, 7, f'fill="{INK}"'))
                room = max(8.0, sx + sw - x - 9)
                out.append(text(x + 9, sy + 10.5, f"\u00d7{built}", bold=True, fit=room))
        if not side:
            mark = ""
            if public[i]:
                mark = "FREE"
            elif i in colleges:
                mark = "COLLEGE"
            if mark:
                out.append(mark_box(cell, x, mark))
            elif i in sites and holder < 0:
                out.append(
                    text(sx + sw / 2, sy + 10.5, "open site", italic=True, anchor="middle", fit=sw)
                )
        if i == hot_space:
            out.append(lit_frame(cell))
        out.append("</g>")

    # The tokens, on top of everything on the board.
    jailed = game.jailed
    poor = game.in_poor_house
    out.append('<g class="tokens">')
    cells = layout.cells
    for player in range(n):
        where = position[player]
        if not 0 <= where < len(cells):
            continue
        cell = cells[where]
        if where >= track:
            place = "opportunity"
        elif jailed[player]:
            place = "jail"
        elif poor[player]:
            place = "poor_house"
        else:
            place = "track"
        locked = place in ("jail", "poor_house") and cell.lock is not None
        slot = layout.slots(cell, n, locked)[player]
        status = {"jail": "in Jail", "poor_house": "in the Poor House"}.get(place, "")
        about = (
            f"{shown[player]} (player {player + 1}, {tags[player]}): {money(game.cash(player))}"
        )
        about += f"; {status}" if status else ""
        about += f"; on {esc(tables.track.name(where))}"
        out.append(seats.token(player, where, place, slot, about, player == hot_player))
    out.append("</g>")
    out.append(_centre(game, seats))
    out.append(layout.legend)
    out.append("</svg>")
    return "".join(out)


def _centre(game: LandlordsGame, seats: Seats) -> str:
    """The middle of the board: round, turn, money, wages, the single tax, public works."""
    n = game.n_players
    names = seats.names
    balances = game.ledger.balances
    treasury = game.treasury.account
    worths = game.net_worths()
    mid = VIEW / 2
    top = MARGIN + CORNER + GAP
    single = game.treasury.single_tax
    attrs = (
        f'data-round="{game.round}" data-turn="{game.turn_player}" data-actor="{game.actor}" '
        f'data-treasury="{balances[treasury] if treasury >= 0 else ""}" '
        f'data-miscellaneous="{balances[game.bank]}" data-wages="{game.wages}" '
        f'data-single-tax="{int(single)}" '
        f'data-single-tax-since="{game.treasury.single_tax_since}" '
        f'data-over="{int(game.is_over)}"'
    )
    out = [f'<g class="centre" {attrs}>']
    width = VIEW - 2 * (top + SIDE_BOX + GAP)
    out.append(centre_head(game, names, width, top, "The deal"))
    if single:
        since = game.treasury.single_tax_since
        words = "from the start" if since <= 0 else f"since round {since}"
        out.append(
            text(
                mid, top + 37, f"SINGLE TAX in force {words}", size=13, bold=True, anchor="middle"
            )
        )
    elif game.treasury.land_value_tax:
        share = f"{game.treasury.land_value_tax:.0%}"
        out.append(
            text(mid, top + 37, f"Land value tax: {share} of land rent", size=13, anchor="middle")
        )
    else:
        out.append(
            text(mid, top + 37, "Landlord's rules: no single tax", size=13, anchor="middle")
        )
    out.append(
        text(mid, top + 56, f"Wages {money(game.wages)}", size=13, bold=True, anchor="middle")
    )
    out.append(centre_note(game, names, width, top + 74))

    # The players: their colour and label, as on the tokens, with cash and net worth.
    left = MARGIN + CORNER + GAP + 8
    right = VIEW - MARGIN - CORNER - GAP - 8
    y = top + SIDE_BOX + GAP + 14
    out.append(seats.table_head(left, y))
    size = game.tables.size
    for player in range(n):
        y += 20
        where = game.position[player]
        states = []
        if game.jailed[player]:
            states.append("in Jail")
        if game.in_poor_house[player]:
            states.append("Poor House")
        if where >= size:
            states.append(f"at {game.tables.track.name(where)}")
        if game.miss_turn[player]:
            states.append("misses a turn")
        owed = game.dealings.owed_by(player)
        if owed:
            states.append(f"owes {money(owed)}")
        out.append(
            seats.player_row(player, left, right, y, balances[player], worths[player], states)
        )

    # The piles of money, the Treasury first.
    y += 26
    titles = game.ledger.names
    piles = [treasury] if treasury >= 0 else []
    piles += [account for account in range(n, len(balances)) if account != treasury]
    x = left
    for account in piles:
        words = f"{titles[account]} {money(balances[account])}"
        out.append(
            f'<g class="pile" data-account="{account}" data-balance="{balances[account]}">'
            + text(x, y, words, size=13, bold=account == treasury)
            + "</g>"
        )
        x += text_width(words, 13, account == treasury) + 18

    # The last public works.
    works = game.treasury.public_works[-3:]
    y += 22
    out.append(text(left, y, "Public works" if works else "Public works: none yet", bold=True))
    for round_, what in works:
        y += 15
        out.append(text(left + 8, y, clip(f"round {round_}: {what}", right - left - 8)))
    out.append("</g>")
    return "".join(out)
