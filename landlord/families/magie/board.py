"""Magie's board as one SVG picture: the 1906 track, holders, houses, the single tax.

:func:`board_svg` draws the current state of a Landlord's Game (the
monopolist rules or the single tax) as a self-contained SVG string, for a
class to watch on a projector: every space with its name, price and land
rent, a band for its kind, its holder and houses, the players' tokens, the
inner corners (the Single Tax rules' Natural Opportunities) and, in the
centre, the round, whose turn it is, every player's cash and net worth, the
piles of money, the wages and the latest public works. It is built on the
track board of :mod:`landlord.views.track` (its layout) and
:mod:`landlord.views.picture` (its state), and only reads the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from landlord.families.magie.spaces import CARD_SPACES
from landlord.money import money
from landlord.views.picture import (
    BoardPicture,
    Seats,
    centre_head,
    centre_note,
    houses_words,
    lit_frame,
    mark_box,
    space_start,
)
from landlord.views.svg import INK, clip, esc, rect, text, text_width
from landlord.views.track import (
    CORNER,
    GAP,
    MARGIN,
    SIDE_BOX,
    VIEW,
    Cell,
    TrackLayout,
    figure_lines,
    layout_of,
)

if TYPE_CHECKING:  # pragma: no cover - for the annotations only
    from landlord.families.magie.game import LandlordsGame
    from landlord.rules.model import Space

__all__ = ["KIND_COLOURS", "MagieLayout", "MagiePicture", "board_svg"]


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


def _figures(space: Space, rent: int | None = None) -> list[str]:
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


def _tooltip(space: Space) -> str:
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

    def band_colour(self, space: Space) -> str:
        return KIND_COLOURS.get(space.kind, KIND_COLOURS["blank"])[0]

    def figures(self, space: Space) -> list[str]:
        return _figures(space)

    def kind_words(self, kind: str) -> str:
        return _KIND_WORDS.get(kind, kind)

    def tooltip(self, space: Space) -> str:
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

    See :func:`landlord.views.board.board_svg` for the arguments and the
    elements a test or a stylesheet can pick out.
    """
    seats = Seats.of(game, names, size)
    tables = game.tables
    layout = layout_of(game.rules.board, tables.jail, tables.poor_house, MagieLayout)
    return MagiePicture(game, layout, seats, last_move).svg(size)


class MagiePicture(BoardPicture):
    """Magie's board now: holders and houses, the Treasury's public works, the tokens."""

    def __init__(
        self,
        game: LandlordsGame,
        layout: TrackLayout,
        seats: Seats,
        last_move: int | tuple[int, int] | None = None,
    ) -> None:
        super().__init__(game, layout, seats, last_move)
        treasury = game.treasury
        self.owner = game.holdings.owner
        self.houses = game.holdings.houses
        self.public = treasury.public
        self.colleges = treasury.colleges
        self.sites = {claim.space for claim in treasury.site_claims}
        self.single_tax = treasury.single_tax
        self.tax = game.spaces.necessity_tax()
        self.track = self.layout.size

    def space(self, cell: Cell) -> str:
        i = cell.position
        side = i >= self.track
        holder = -1 if side else self.owner[i]
        built = 0 if side else self.houses[i]
        flags, notes = ([], []) if side else self._public_marks(i)
        if holder >= 0:
            notes.insert(0, f"held by {self.seats.shown[holder]} (player {holder + 1})")
        if built:
            notes.append(houses_words(built))
        if not side and cell.kind in CARD_SPACES and (holder >= 0 or self.single_tax):
            cost = sum(bill[1] for bill in self.game.spaces.rent_due(i))
            notes.append(f"a stop costs {money(cost)} now")
        notes += self.visitors(i)
        hot = i == self.hot_space
        out = [space_start(cell, holder, built, flags, notes, hot, side), self._figures(cell)]
        x = cell.status[0]
        if holder >= 0:
            x = self.seats.holder_mark(out, cell, holder)
        if built:
            out.append(_houses(cell, x, built))
        if not side:
            out.append(self._status_word(cell, x, holder))
        if hot:
            out.append(lit_frame(cell))
        out.append("</g>")
        return "".join(out)

    def _public_marks(self, i: int) -> tuple[list[str], list[str]]:
        """The data flags and tooltip notes of what the Single Tax made of track space ``i``."""
        flags, notes = [], []
        if self.public[i]:
            flags.append(' data-public="1"')
            notes.append("bought by the Public Treasury: free to use")
        if i in self.colleges:
            flags.append(' data-college="1"')
            notes.append("a Free College stands here")
        if i in self.sites:
            flags.append(' data-site="1"')
            notes.append("an open site: anyone may build here")
        return flags, notes

    def _figures(self, cell: Cell) -> str:
        """The figures line: fixed, or read from the game where it changes."""
        kind, i = cell.kind, cell.position
        if kind in ("necessity", "shelter_jail"):
            tax = self.tax
            return figure_lines(cell.price_at, [f"tax {money(tax)}" if tax else "no tax"])
        if kind == "mother_earth":
            return figure_lines(cell.price_at, [f"wages {money(self.game.wages)}"])
        if kind == "lot" and i < self.track:
            rent = self.game.spaces.land_rent(i)
            if rent != cell.printed_rent:  # the advanced rules' doubling by section
                return figure_lines(cell.price_at, _figures(self.game.rules.board.spaces[i], rent))
        return cell.price

    def _status_word(self, cell: Cell, x: float, holder: int) -> str:
        """FREE on a public work, COLLEGE on a Free College, "open site" on a free lot."""
        i = cell.position
        mark = "FREE" if self.public[i] else "COLLEGE" if i in self.colleges else ""
        if mark:
            return mark_box(cell, x, mark)
        if i in self.sites and holder < 0:
            sx, sy, sw, _ = cell.status
            return text(sx + sw / 2, sy + 10.5, "open site", italic=True, anchor="middle", fit=sw)
        return ""

    def place(self, player: int, where: int) -> tuple[str, str, str]:
        game = self.game
        if where >= self.track:
            place, state = "opportunity", ""
        elif game.jailed[player]:
            place, state = "jail", "in Jail"
        elif game.in_poor_house[player]:
            place, state = "poor_house", "in the Poor House"
        else:
            place, state = "track", ""
        return place, state, game.tables.track.name(where)

    def centre(self) -> str:
        return _centre(self.game, self.seats)


def _houses(cell: Cell, x: float, built: int) -> str:
    """A lot's houses in its status row from ``x``: a square each, or one and "x N"."""
    sx, sy, sw, _ = cell.status
    room = int((sx + sw - x) // 9)
    if built <= room:
        return "".join(rect(x + 9 * k, sy + 3, 7, 7, f'fill="{INK}"') for k in range(built))
    width = max(8.0, sx + sw - x - 9)
    return rect(x, sy + 3, 7, 7, f'fill="{INK}"') + text(
        x + 9, sy + 10.5, f"\u00d7{built}", bold=True, fit=width
    )


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
        balance = balances[account]
        # MISCELLANEOUS issues money: what it has handed out, not a minus sum.
        words = (
            f"{titles[account]} {money(balance)}"
            if balance >= 0
            else f"{titles[account]} paid out {money(-balance)}"
        )
        out.append(
            f'<g class="pile" data-account="{account}" data-balance="{balance}">'
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
