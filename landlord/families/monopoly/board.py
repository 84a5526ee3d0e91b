"""The later game's board as one SVG picture: colour groups, houses and hotels, mortgages.

:func:`board_svg` draws a :class:`~landlord.families.monopoly.game.Monopoly`
game (the classic rules that grew out of the Landlord's Game, played as
history; "Monopoly" is Hasbro's trademark and the kit is independent of it).
:func:`landlord.views.board.board_svg` hands such a game here (through its
family), so the apps call one function for every game.

The picture is laid out as the 1906 board is (the same square, Go in the
bottom-right corner, the same data attributes), with what the later game
adds: each street's band in its colour group's colour, with its houses
(green) or hotel (red) standing on it; prices and rents in the rule set's
currency (the rent a stop costs now, in bold, on a held property); a grey
veil and the word "mortgaged" on a mortgaged one; the Jail box in its corner
beside the visitors; and in the centre the bank's houses and hotels left,
the latest trades and bankruptcies. It only reads the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from landlord.money import money as _money
from landlord.rules.sections import required
from landlord.views.picture import (
    BoardPicture,
    Seats,
    centre_head,
    centre_note,
    houses_words,
    lit_frame,
    space_start,
)
from landlord.views.svg import INK, clip, esc, rect, text
from landlord.views.track import (
    CORNER,
    GAP,
    MARGIN,
    PAPER,
    VIEW,
    Cell,
    TrackLayout,
    figure_lines,
    layout_of,
)

if TYPE_CHECKING:  # pragma: no cover - for the annotations only
    from landlord.families.monopoly.game import Monopoly
    from landlord.rules.model import Board, Space

__all__ = ["BAND_COLOURS", "GROUP_COLOURS", "HOTEL", "EstatePicture", "board_svg"]

#: The colour groups' bands, by the colour a rule set names (as printed boards show them,
#: a little darker where a light colour would vanish on a projector).
GROUP_COLOURS = {
    "brown": "#8A5A2B",
    "purple": "#7B3F99",
    "light blue": "#8FD0F0",
    "pink": "#D63C8E",
    "magenta": "#D63C8E",
    "orange": "#F08A1C",
    "red": "#D7262E",
    "yellow": "#F2D40A",
    "green": "#1E9B4F",
    "dark blue": "#1F4C9C",
}
#: The bands of the other property: railroads (stations) and utilities.
BAND_COLOURS = {"railroad": "#3A3A3A", "utility": "#9A9A9A"}
#: ``houses[space]`` of a lot with a hotel.
HOTEL = 5
HOUSE_FILL = "#1E7B34"
HOTEL_FILL = "#C62828"
VEIL = '<rect {outline} fill="#6E6E6E" fill-opacity="0.38"/>'

#: What a kind of space is, in a tooltip.
_KIND_WORDS = {
    "go": "Go",
    "street": "street",
    "railroad": "railroad",
    "utility": "utility",
    "chance": "Chance: take a card",
    "community_chest": "Community Chest: take a card",
    "tax": "tax",
    "jail": "Jail, and Just Visiting",
    "free_parking": "Free Parking: nothing happens",
    "go_to_jail": "Go To Jail: straight to Jail, no salary",
}
#: The decisions, as the centre says whom it waits for.
_WAITING = {
    "bid": "bidding at an auction",
    "offer": "answering a trade offer",
    "rent": "asking for the rent or not",
    "mortgaged": "a mortgaged property received",
    "raise": "raising money to pay a debt",
    "place": "placing a building won at auction",
    "trade": "proposing a trade",
}


class EstateLayout(TrackLayout):
    """A later-game board's fixed picture: wider colour bands, printed prices and rents.

    ``printed`` holds what the title deeds print that is not on the board's
    spaces: the railroad fares, the utility multipliers, and the Income Tax
    percent and space (so that options that change them get a layout of their own).
    """

    band = 16.0

    def __init__(
        self,
        board: Board,
        jail: int,
        poor_house: int,
        currency: str,
        printed: tuple[tuple[int, ...], tuple[int, ...], int, int],
    ) -> None:
        self.currency = currency
        self.fares, self.times, self.tax_percent, self.tax_space = printed
        super().__init__(board, jail, poor_house)

    def money(self, amount: int) -> str:
        return _money(amount, self.currency)

    def band_colour(self, space: Space) -> str:
        if space.kind == "street":
            return GROUP_COLOURS.get(space.colour, "#777777")
        return BAND_COLOURS.get(space.kind, PAPER)

    def figures(self, space: Space) -> list[str]:
        kind, money = space.kind, self.money
        if kind == "street":
            return [money(space.price or 0), f"rent {money(space.land_rent or 0)}"]
        if kind == "railroad" and self.fares:
            return [money(space.price or 0), f"rent {money(self.fares[0])}"]
        if kind == "utility" and self.times:
            return [money(space.price or 0), f"{self.times[0]}\u00d7 dice"]
        if kind == "tax" and space.fee is not None:
            if space.index == self.tax_space and self.tax_percent:
                return [f"pay {money(space.fee)}", f"or {self.tax_percent}%"]
            return [f"pay {money(space.fee)}"]
        return []

    def tooltip(self, space: Space) -> str:
        kind, money = space.kind, self.money
        what = _KIND_WORDS.get(kind, kind.replace("_", " "))
        if kind == "railroad" and "station" in space.name.lower():
            what = "station (a railroad)"
        words = [f"{space.index}. {space.name} \u2014 {what}"]
        if kind == "street":
            ladder = ", ".join(money(rent) for rent in space.rents[:4])
            words.append(f"{space.colour} group; price {money(space.price or 0)}")
            words.append(
                f"rent {money(space.land_rent or 0)} unimproved (double on a whole group), "
                f"{ladder} with 1 to 4 houses"
                + (f", {money(space.rents[4])} with a hotel" if len(space.rents) > 4 else "")
            )
            words.append(f"a house costs {money(space.house_cost or 0)}")
        elif kind == "railroad":
            fares = ", ".join(money(fare) for fare in self.fares)
            words.append(f"price {money(space.price or 0)}; rent {fares} as 1 to 4 are held")
        elif kind == "utility":
            times = " or ".join(f"{t}\u00d7" for t in self.times)
            words.append(f"price {money(space.price or 0)}; rent {times} the dice as 1 or 2 held")
        elif kind == "tax" and space.fee is not None:
            words.append(f"pay {money(space.fee)}")
            if space.index == self.tax_space and self.tax_percent:
                words[-1] += f" or {self.tax_percent}% of total worth, chosen before counting"
        if space.mortgage:
            words.append(f"mortgage value {money(space.mortgage)}")
        return esc("; ".join(words))

    def legend_svg(self, kinds: set[str]) -> str:
        """The marks: house, hotel, mortgaged, and the holder's frame."""
        left = VIEW / 2 - 170
        y = VIEW - MARGIN - CORNER - GAP - 14
        parts = ['<g class="legend">']
        parts.append(rect(left, y - 9, 10, 10, f'fill="{HOUSE_FILL}" stroke="{INK}"'))
        parts.append(text(left + 14, y, "house"))
        parts.append(rect(left + 52, y - 9, 20, 10, f'fill="{HOTEL_FILL}" stroke="{INK}"'))
        parts.append(text(left + 76, y, "hotel"))
        parts.append(
            rect(left + 110, y - 9, 14, 10, f'fill="#6E6E6E" fill-opacity="0.5" stroke="{INK}"')
        )
        parts.append(text(left + 128, y, "mortgaged"))
        parts.append(text(left + 192, y, "frame and tag in a player's colour: the holder"))
        parts.append("</g>")
        return "".join(parts)


def _buildings(cell: Any, built: int) -> str:
    """Houses (1 to 4) or a hotel, standing on the colour band of a street."""
    if cell.band is None or not built:
        return ""
    x, y, w, h = cell.band
    across = w >= h  # a band along the top or bottom of a space
    thick = min(w, h)
    side = thick - 5
    if built >= HOTEL:
        long = 2.2 * side
        bx = x + (w - long) / 2 if across else x + 2.5
        by = y + 2.5 if across else y + (h - long) / 2
        bw, bh = (long, side) if across else (side, long)
        return rect(bx, by, bw, bh, f'fill="{HOTEL_FILL}" stroke="#FFFFFF" stroke-width="1"')
    step = side + 2.5
    start = ((w if across else h) - step * built + 2.5) / 2
    out = []
    for k in range(built):
        along = start + k * step
        bx, by = (x + along, y + 2.5) if across else (x + 2.5, y + along)
        out.append(
            rect(bx, by, side, side, f'fill="{HOUSE_FILL}" stroke="#FFFFFF" stroke-width="1"')
        )
    return "".join(out)


def board_svg(
    game: Monopoly,
    *,
    size: int = 760,
    names: Sequence[str] | None = None,
    last_move: int | tuple[int, int] | None = None,
) -> str:
    """The later game's board and state now, as one self-contained SVG document.

    Takes the arguments of :func:`landlord.views.board.board_svg` and marks
    its elements the same way, with these additions: on ``g.space``,
    ``data-mortgaged="1"``, ``data-hotel="1"`` (``data-houses`` is then 5, as
    in the game), ``data-colour`` (a street's colour group) and ``data-rent``
    (what a stop costs now on a held property; a utility's multiplier of
    the dice); on ``g.token``, ``data-where`` is ``jail`` or ``track`` (a
    bankrupt player's token is off the board); on ``g.centre``,
    ``data-bank-houses``, ``data-bank-hotels``, ``data-currency`` and
    ``data-winner``; on ``g.player``, ``data-bankrupt`` and ``data-jail-cards``.

    Examples
    --------
    >>> import xml.etree.ElementTree as ET
    >>> from landlord.families.monopoly.game import Monopoly
    >>> from landlord.rules import load_rules
    >>> game = Monopoly(load_rules("monopoly_uk_1972"), ["Ann", "Bob"])
    >>> root = ET.fromstring(board_svg(game, size=380))
    >>> spaces = [g for g in root.iter("{http://www.w3.org/2000/svg}g")
    ...           if g.get("class") == "space"]
    >>> mayfair = spaces[39]
    >>> len(spaces), mayfair.get("data-colour"), "\u00a3400" in ET.tostring(mayfair, "unicode")
    (40, 'dark blue', True)
    """
    seats = Seats.of(game, names, size)
    rules = game.rules
    taxes = required(rules.taxes)
    printed = (
        required(rules.railroad).fares,
        required(rules.utility).multipliers,
        taxes.income_tax_percent,
        taxes.income_tax_space,
    )
    layout = layout_of(rules.board, game.tables.jail, -1, EstateLayout, seats.currency, printed)
    return EstatePicture(game, layout, seats, last_move).svg(size)


class EstatePicture(BoardPicture):
    """The later game's board now: holders, rents, mortgages, buildings, the tokens."""

    def on_board(self, player: int) -> bool:
        return not self.game.bankrupt[player]  # a bankrupt player has left the board

    def space(self, cell: Cell) -> str:
        game, seats = self.game, self.seats
        t, estates, money = game.tables, game.estates, seats.money
        i, kind = cell.position, cell.kind
        holder, built = estates.owner[i], estates.houses[i]
        mortgaged = holder >= 0 and estates.mortgaged[i]
        flags, notes = [], []
        if kind == "street":
            flags.append(f' data-colour="{esc(t.colour[i])}"')
        parts: list[str] = []
        if holder >= 0:
            notes.append(f"held by {seats.shown[holder]} (player {holder + 1})")
            parts = self._rent(i, kind, mortgaged, flags, notes)
        if built >= HOTEL:
            flags.append(' data-hotel="1"')
            notes.append("a hotel")
        elif built:
            notes.append(houses_words(built))
        notes += self.visitors(i)
        hot = i == self.hot_space
        out = [space_start(cell, holder, built, flags, notes, hot)]
        if kind == "go":
            out.append(figure_lines(cell.price_at, [f"salary {money(game.wages)}"]))
        elif parts:
            out.append(figure_lines(cell.price_at, parts, bold_last=True))
        else:
            out.append(cell.price)
        if mortgaged:
            out.append(VEIL.format(outline=cell.outline))
        out.append(_buildings(cell, built))
        if holder >= 0:
            seats.holder_mark(out, cell, holder)
        if hot:
            out.append(lit_frame(cell))
        out.append("</g>")
        return "".join(out)

    def _rent(
        self, i: int, kind: str, mortgaged: bool, flags: list[str], notes: list[str]
    ) -> list[str]:
        """A held property's figures (price, and what a stop costs now), its flags and notes."""
        money = self.seats.money
        price = money(self.game.tables.price[i])
        if mortgaged:
            flags.append(' data-mortgaged="1"')
            notes.append("mortgaged: no rent is due")
            return [price, "mortgaged"]
        if kind == "utility":
            times = self.game.estates.rent(i, 1)
            flags.append(f' data-rent="{times}"')
            notes.append(f"a stop costs {times}\u00d7 the dice now")
            return [price, f"{times}\u00d7 dice"]
        rent = self.game.estates.rent(i)
        flags.append(f' data-rent="{rent}"')
        notes.append(f"a stop costs {money(rent)} now")
        return [price, f"rent {money(rent)}"]

    def place(self, player: int, where: int) -> tuple[str, str, str]:
        game = self.game
        if game.jailed[player]:
            place, state = "jail", "in Jail"
        else:
            place, state = "track", "just visiting" if where == game.tables.jail else ""
        return place, state, game.tables.name[where]

    def centre(self) -> str:
        return _centre(self.game, self.seats)


def _centre(game: Monopoly, seats: Seats) -> str:
    """The middle: round, turn, salary, the players' money, the bank's buildings, dealings."""
    n = game.n_players
    names = seats.names
    money = seats.money
    mid = VIEW / 2
    top = MARGIN + CORNER + GAP
    width = VIEW - 2 * (top + GAP)
    estates = game.estates
    attrs = (
        f'data-round="{game.round}" data-turn="{game.turn_player}" data-actor="{game.actor}" '
        f'data-wages="{game.wages}" data-single-tax="0" data-treasury="" '
        f'data-bank-houses="{estates.bank_houses}" data-bank-hotels="{estates.bank_hotels}" '
        f'data-currency="{esc(seats.currency)}" data-winner="{game.winner}" '
        f'data-over="{int(game.is_over)}"'
    )
    out = [f'<g class="centre" {attrs}>', centre_head(game, names, width, top, "The shuffle")]
    title = clip(game.rules.info.title, width, 13)
    out.append(text(mid, top + 37, title, size=13, anchor="middle"))
    line = f"Salary at Go {money(game.wages)} \u00b7 Jail fine {money(game.jail_fine)}"
    out.append(text(mid, top + 56, line, size=13, bold=True, anchor="middle"))
    kind = game.decision_kind
    out.append(centre_note(game, names, width, top + 74, _WAITING.get(kind, kind)))

    left = top + 8
    right = VIEW - top - 8
    y = top + 104
    out.append(Seats.table_head(left, y))
    balances = game.ledger.balances
    worths = game.net_worths()
    for player in range(n):
        y += 20
        states = []
        if game.bankrupt[player]:
            states.append("bankrupt")
        elif game.jailed[player]:
            states.append("in Jail")
        cards = game.jail_cards[player]
        if cards:
            states.append(f"{cards} Jail card{'s' if cards > 1 else ''}")
        extra = f' data-bankrupt="{int(game.bankrupt[player])}" data-jail-cards="{cards}"'
        row = seats.player_row(
            player, left, right, y, balances[player], worths[player], states, extra
        )
        out.append(row)

    y += 28
    houses, hotels = game.estates.bank_houses, game.estates.bank_hotels
    stock = required(game.rules.buildings)
    words = (
        f"The Bank has {houses} of {stock.houses} houses and {hotels} of "
        f"{stock.hotels} hotels left"
    )
    out.append(
        f'<g class="bank" data-houses="{houses}" data-hotels="{hotels}">'
        + text(left, y, clip(words, right - left, 13), size=13, bold=True)
        + "</g>"
    )

    y += 24
    dealings = _dealings(game, names)[-4:]
    heading = "Trades and bankruptcies" if dealings else "Trades and bankruptcies: none yet"
    out.append(text(left, y, heading, bold=True))
    for _, words in dealings:
        y += 15
        out.append(text(left + 8, y, clip(words, right - left - 8)))
    out.append("</g>")
    return "".join(out)


def _dealings(game: Monopoly, names: list[str]) -> list[tuple[int, str]]:
    """Every trade proposed and every bankruptcy, in words, in the order of rounds."""
    told = []
    for round_, proposer, trade, accepted in game.trades.proposed:
        offer = game.describe(trade).removeprefix("offer ")
        answer = "accepted" if accepted else "refused"
        told.append((round_, f"round {round_}: {names[proposer]} offered {offer}: {answer}"))
    for round_, player, creditor in game.bankruptcies:
        to = names[creditor] if creditor < game.n_players else "the Bank"
        told.append((round_, f"round {round_}: {names[player]} went bankrupt to {to}"))
    told.sort(key=lambda item: item[0])
    return told
