"""What a rule-set TOML file may hold: the kinds of value and the known sections.

A :class:`Kind` is one expectation ("a whole number >= 0") with the test that
decides it; :func:`check_table` holds a TOML table to a schema of kinds. A
failed check raises :class:`Invalid`, which names the field and says what was
expected; the loader adds the file's name and turns it into a
:class:`~landlord.rules.RulesError`.

In a schema, a key ending in ``?`` is optional; its kind may carry the value
it takes when left out (:func:`default`), the one place the engine reads it
from (:mod:`landlord.rules.sections`), else ``None``. Sections that are not listed
in :data:`SECTIONS` are allowed (a rule set may need numbers no other has), but
like every section they must say where their numbers come from (``status``
and ``source``), and a key of theirs ending in ``paid_to`` or ``paid_by`` must
name a declared pile of money.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import TypeGuard, TypeVar, cast

from landlord.limits import INT64, PLAYERS
from landlord.rules.model import BOARD_LAYOUTS, OPTION_KINDS, PROVENANCE_STATUSES

__all__ = ["MISSING", "SECTIONS", "Follows", "Invalid", "Kind", "check_table", "default", "show"]

#: Stands for a key that is absent.
MISSING: object = type("Missing", (), {"__repr__": lambda self: "MISSING"})()

_T = TypeVar("_T")


def show(value: object) -> str:
    """Write a value the way its author typed it in TOML or a CSV cell.

    Examples
    --------
    >>> show(True), show("abc"), show([1, 2]), show(datetime.date(1906, 1, 5))
    ('true', "'abc'", '[1, 2]', '1906-01-05')
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, datetime.date | datetime.time):
        return value.isoformat()
    return repr(value)


class Invalid(Exception):
    """A value at ``where`` is not what was ``expected``.

    ``got`` is the offending value (:data:`MISSING` when absent); ``got_text``
    replaces its printed form when a description says more.
    """

    def __init__(
        self, where: str, expected: str, got: object = MISSING, got_text: str = ""
    ) -> None:
        self.where = where
        self.expected = expected
        self.got = got
        self.got_text = got_text
        super().__init__(str(self))

    def __str__(self) -> str:
        if self.got_text:
            return f"{self.where}: expected {self.expected}, got {self.got_text}"
        if self.got is MISSING:
            return f"{self.where}: missing (expected {self.expected})"
        return f"{self.where}: expected {self.expected}, got {show(self.got)}"


def field(dotted: str) -> str:
    """How an error names a TOML field."""
    return f"field '{dotted}'"


@dataclass(frozen=True)
class Kind:
    """One expectation about a value, with the test that decides it.

    For a list, ``item`` is the kind of every item; for a table, ``key`` and
    ``item`` are the kinds of its keys and values. Items are checked one by
    one, so an error points at ``sale.bid_steps[2]`` rather than at the list.

    Examples
    --------
    >>> WHOLE.check(3, "wages.amount")
    3
    >>> WHOLE.check("abc", "wages.amount")
    Traceback (most recent call last):
    ...
    landlord.rules.schema.Invalid: field 'wages.amount': expected a whole number >= 0, got 'abc'
    """

    expected: str
    accepts: Callable[[object], bool]
    item: Kind | None = None
    key: Kind | None = None
    #: The value of an optional key the file leaves out (:data:`MISSING`: ``None``).
    default: object = MISSING

    def check(self, value: _T, dotted: str) -> _T:
        """Return ``value`` if it is of this kind, else raise :class:`Invalid`."""
        if value is MISSING or not self.accepts(value):
            raise Invalid(field(dotted), self.expected, value)
        if self.item is not None and isinstance(value, list):
            for number, item in enumerate(value):
                self.item.check(item, f"{dotted}[{number}]")
        elif self.item is not None and isinstance(value, dict):
            for key, item in value.items():
                if self.key is not None and not self.key.accepts(key):
                    raise Invalid(
                        field(dotted), f"keys that are {self.key.expected}", got_text=repr(key)
                    )
                self.item.check(item, f"{dotted}.{key}")
        return value


@dataclass(frozen=True)
class Follows:
    """The default of an optional key that takes another key's value when left out."""

    key: str


def default(kind: Kind, value: object) -> Kind:
    """``kind`` for an optional key whose value, when left out, is ``value`` (or, with
    :class:`Follows`, another key's).

    Examples
    --------
    >>> default(WHOLE, 0).default, default(WHOLE, Follows("fee")).default
    (0, Follows(key='fee'))
    """
    return replace(kind, default=value)


def _is_int(value: object) -> TypeGuard[int]:
    """A whole number (not ``True``/``False``) that fits a signed 64-bit integer."""
    return isinstance(value, int) and not isinstance(value, bool) and value in INT64


def one_of(choices: tuple[object, ...]) -> Kind:
    """The kind of a value that must be one of ``choices`` (``True`` is not ``1``)."""
    return Kind(
        "one of " + ", ".join(show(choice) for choice in choices),
        lambda value: any(type(value) is type(c) and value == c for c in choices),
    )


def list_of(item: Kind, expected: str) -> Kind:
    """The kind of a list whose every item is of kind ``item``."""
    return Kind(expected, lambda value: isinstance(value, list), item=item)


_IDENTIFIER = re.compile(r"[a-z][a-z0-9_]*")


def _digits(key: str) -> bool:
    """A table's key (text, in TOML) that is a whole number written in digits: ``"2"``."""
    return key.isascii() and key.isdigit()


ANY = Kind("a value", lambda value: True)
WHOLE = Kind("a whole number >= 0", lambda value: _is_int(value) and value >= 0)
INTEGER = Kind("a whole number", _is_int)
COUNT = Kind("a whole number >= 1", lambda value: _is_int(value) and value >= 1)
PERCENT = Kind("a whole number from 0 to 100", lambda value: _is_int(value) and 0 <= value <= 100)
SHARE = Kind(
    "a number from 0 to 1",
    lambda value: (_is_int(value) or isinstance(value, float)) and 0 <= value <= 1,
)
FLAG = Kind("true or false", lambda value: isinstance(value, bool))
TEXT = Kind("text", lambda value: isinstance(value, str))
NAME = Kind("non-empty text", lambda value: isinstance(value, str) and value.strip() != "")
IDENTIFIER = Kind(
    "a name in lowercase letters, digits and underscores",
    lambda value: isinstance(value, str) and _IDENTIFIER.fullmatch(value) is not None,
)
#: A pile of money; the loader also checks that ``accounts.piles`` declares it.
PILE = Kind("the name of a pile of money, like 'public_treasury'", IDENTIFIER.accepts)
#: A board index; the loader also checks that the board has that many spaces.
SPACE = Kind("a board index (a whole number >= 0)", WHOLE.accepts)
SPACES = list_of(SPACE, "a list of board indices")
STATUS = one_of(PROVENANCE_STATUSES)
TABLE = Kind("a table", lambda value: isinstance(value, dict))
WHOLES = list_of(WHOLE, "a list of whole numbers >= 0")
#: A die's faces, as they count: at least one, each a move of one space or more.
FACES = Kind(
    "a list of one or more whole numbers >= 1",
    lambda value: isinstance(value, list) and len(value) > 0,
    item=COUNT,
)
PAIRS = list_of(
    Kind(
        "a pair of whole numbers >= 0, like [10, 20]",
        lambda value: (
            isinstance(value, list) and len(value) == 2 and all(WHOLE.accepts(v) for v in value)
        ),
    ),
    "a list of pairs of whole numbers, like [[10, 20], [25, 40]]",
)
NUMBERED = Kind(
    "a table from whole numbers to whole numbers >= 0, like { 2 = 600 }",
    lambda value: isinstance(value, dict),
    item=WHOLE,
    key=Kind('a whole number, like "2"', lambda key: _digits(cast(str, key))),
)

PLAYER_COUNT = Kind(
    f"a number of players from 1 to {PLAYERS}",
    lambda value: _is_int(value) and 1 <= value <= PLAYERS,
)

#: Every section but ``rule_set`` and ``options`` says where its numbers come from.
PROVENANCE: dict[str, Kind] = {"status": STATUS, "source": NAME}

RULE_SET: dict[str, Kind] = {
    "id": IDENTIFIER,
    "title": NAME,
    "edition": NAME,
    "min_players": PLAYER_COUNT,
    "max_players": PLAYER_COUNT,
    "status": NAME,
    "summary": NAME,
    # A short note on the game's history and its sources, for `landlord rules NAME`.
    "history?": TEXT,
    "board": NAME,
    "chance_deck?": NAME,
    "community_chest_deck?": NAME,
    "currency?": NAME,
    # The family of rule sets whose engine plays it (landlord.families); "magie" if left out.
    "family?": IDENTIFIER,
    "sources?": list_of(TEXT, "a list of text"),
    "extends?": NAME,
}

BOARD_LAYOUT: dict[str, Kind] = {
    "status?": STATUS,
    "source?": NAME,
    "layout?": one_of(BOARD_LAYOUTS),
    "corners?": SPACES,
    "rows?": COUNT,
    "columns?": COUNT,
    "side_spaces?": list_of(TABLE, "a list of tables ([[board_layout.side_spaces]])"),
}

SIDE_SPACE: dict[str, Kind] = {
    "name": NAME,
    "kind": IDENTIFIER,
    "reenter_at": SPACE,
    "wages?": WHOLE,
    "rent?": WHOLE,
    "status?": STATUS,
    "source?": NAME,
}

OPTION: dict[str, Kind] = {
    "kind": one_of(OPTION_KINDS),
    "default?": ANY,
    "title": NAME,
    "choices?": Kind("a non-empty list", lambda value: isinstance(value, list) and value != []),
    "target?": NAME,
    "when_true?": TABLE,
    # The value games saved before the option existed were played with, when
    # that is not its default: such a game replays with it.
    "older_saves?": ANY,
    **PROVENANCE,
}

STARTING_CASH: dict[str, Kind] = {"by_players": NUMBERED, "each?": WHOLE, **PROVENANCE}

#: The numbered sections the engine reads, and the kind of each key.
SECTIONS: dict[str, dict[str, Kind]] = {
    # ``each`` (0 or left out: by the table) gives every player the same.
    "starting_cash": {"by_players": NUMBERED, "each?": default(WHOLE, 0)},
    "deal": {"cards": WHOLE, "price_paid_to": PILE},
    "accounts": {
        "piles": Kind(
            "a non-empty list of names without repeats",
            lambda value: (
                isinstance(value, list)
                and value != []
                and len(set(map(repr, value))) == len(value)
            ),
            item=IDENTIFIER,
        ),
        "bank": PILE,
    },
    "wages": {"amount": WHOLE, "paid_by": PILE},
    "necessity_tax": {"amount": WHOLE, "paid_to": PILE, "steps?": default(PAIRS, [])},
    "trespass": {"to_jail": FLAG},
    "jail": {
        "fine": WHOLE,
        "fine_paid_to": PILE,
        "max_turns": WHOLE,
        "leave_from": SPACE,
        "doubles_move?": default(FLAG, True),
        # The later game: the turns on which the fine may be paid before
        # throwing (all of them, if left out), and whether doubles that free a
        # player also throw again.
        "fine_turns?": default(WHOLE, Follows("max_turns")),
        "doubles_throw_again?": default(FLAG, False),
    },
    "land_rent": {"unsold_paid_to?": PILE, "section_doubling?": default(FLAG, False)},
    "sale": {"paid_to": PILE, "bid_steps?": default(WHOLES, [])},
    # No municipal cinch if left out: both franchises charge the fee.
    "franchise": {"fee": WHOLE, "cinch_fee?": default(WHOLE, Follows("fee"))},
    # No Trust fare if left out: a Trust's railroads charge what their holder's would.
    "railroad": {"fares": WHOLES, "trust_fare?": WHOLE},
    "speculation": {
        "stake": WHOLE,
        "stake_paid_to": PILE,
        "winnings_paid_by": PILE,
        "double_wins": WHOLE,
        "wins_by_total": NUMBERED,
        "broker_share_percent?": default(PERCENT, 0),
        "skin_game_totals?": default(WHOLES, []),
    },
    "luxury": {"fee": WHOLE, "paid_to": PILE},
    "houses": {"cost": WHOLE, "paid_to": PILE, "rent_each": WHOLE, "limit": WHOLE},
    # A stretch of the track where a player may move either way (none if left out).
    "movement": {
        "either_way_from?": default(SPACE, -1),
        "either_way_to?": default(SPACE, -1),
        "railroad_pass?": default(FLAG, False),
    },
    # How a bill paid late (as a debt) is entered: under its own reason, or (the kit's
    # reading before issue 33) as "debt repaid", which the single tax's Treasury spent.
    "poor_house": {
        "space": SPACE,
        "late_bills?": default(one_of(("keep_reason", "debt_repaid")), "keep_reason"),
    },
    "borrowing": {"interest_percent": list_of(PERCENT, "a list of whole numbers from 0 to 100")},
    "end": {"wages_times": WHOLE, "round_limit": WHOLE},
    "score": {"per_card": WHOLE, "per_house": WHOLE, "per_luxury?": default(WHOLE, 0)},
    "single_tax": {
        "from_start": FLAG,
        "vote": FLAG,
        "votes_needed": COUNT,
        "at_round": WHOLE,
        "at_gini?": default(SHARE, 0.0),
        "rent_paid_to": PILE,
        "site_bid_steps": WHOLES,
    },
    "treasury_spending": {
        "pile": PILE,
        "step": COUNT,
        "utilities": SPACES,
        "colleges": SPACES,
        "unheld_paid_to": PILE,
        "paid_to": PILE,
        "wage_rise": WHOLE,
        "spends?": default(one_of(("rents_and_fines", "everything")), "rents_and_fines"),
        # A modern option: before the single tax, the Treasury shares what it takes
        # equally among the players instead of keeping it (the monopolist sink removed).
        "shares_takings?": default(FLAG, False),
    },
    "education": {"cards_per_professor": COUNT, "per_professor": WHOLE},
    "natural_opportunities": {"wages_paid_by": PILE, "rent_paid_to": PILE},
    "land_value_tax": {"share": SHARE, "dividend": FLAG},
    "prosperity": {"times_start": COUNT, "counts": one_of(("cash", "net_worth"))},
    # Magie's "Monarch of the World" demonstration (1906): the player at ``seat``
    # holds every card of kind ``holds`` from the start, free; the others share
    # ``others_hold`` (the other green cards, or nothing), dealt round them free;
    # ``draws_wages`` false: Mother Earth pays him nothing. A rule set without
    # this section has no Monarch.
    "monarch": {
        "seat?": default(WHOLE, 0),
        "holds?": default(one_of(("lots",)), "lots"),
        "others_hold?": default(one_of(("charters", "nothing")), "charters"),
        "draws_wages?": default(FLAG, False),
    },
    # Files written before [rule_set] family named the family here: "landlords_game"
    # (now "magie") or "monopoly".
    "engine": {"flow": IDENTIFIER},
    # --- the later game (the Monopoly rule sets) ---
    "purchase": {
        "mode": one_of(("buy_or_auction", "fixed_price", "auction")),
        "paid_to": PILE,
        "bid_steps": WHOLES,
    },
    "rent": {"full_set_multiplier": COUNT, "lapses": FLAG},
    "utility": {"multipliers": WHOLES},
    "buildings": {
        "houses": WHOLE,
        "hotels": WHOLE,
        "per_lot": COUNT,
        "paid_to": PILE,
        "sell_back_percent": PERCENT,
        "shortage_auction": FLAG,
    },
    "mortgage": {"interest_percent": PERCENT, "paid_by": PILE},
    "taxes": {"paid_to": PILE, "income_tax_space": SPACE, "income_tax_percent": PERCENT},
    "doubles": {"throw_again": FLAG, "jail_after": WHOLE},
    "cards": {"order": one_of(("bottom", "reshuffle"))},
    "short_game": {"deal": WHOLE},
    # --- the piecepack Quikopoly ---
    # The bank's own coins at the start by the number of players, issued with the
    # players' coins from ``dealt_from``; an empty bank pays nothing.
    "bank": {"coins_by_players": NUMBERED, "dealt_from": PILE},
    "tile_purchase": {"paid_to": PILE},
    # Rent: ``single`` for a tile of a set held alone, ``full_set`` for a tile of a
    # complete set, plus ``per_hotel`` for each hotel on the tile.
    "property_rent": {"single": WHOLE, "full_set": WHOLE, "per_hotel?": default(WHOLE, 0)},
    # A hotel costs ``cost`` (a coin placed on the tile); returned, ``returned_per_coin``
    # hotels give the owner one coin.
    "hotels": {"cost": WHOLE, "paid_to": PILE, "returned_per_coin?": default(COUNT, 2)},
    # Community Chest by the throw's parity: an even throw pays ``amount`` to
    # ``paid_to``; an odd one takes it from ``paid_by`` (if it holds that much).
    "community_chest_tile": {"amount": WHOLE, "paid_to": PILE, "paid_by": PILE},
    # The forced fair trades once every property is sold: circles of two players up
    # to ``largest_circle`` players.
    "fair_trades": {"largest_circle?": default(COUNT, 4)},
    # The dice a player throws on his turn: how many, the value of each equally likely
    # face, and the faces that free a player held by landing on the jail square.
    "dice": {"count": COUNT, "faces": FACES, "jail_freed_by?": WHOLES},
    # Whether landing on the jail square holds a player there (no square sends him).
    "jail_square": {"landing_jails": FLAG},
    # --- Sid Sackson's Property ---
    # The poker chips: each colour's value and how many of each a player gets, by
    # the number of players, issued from the pile ``dealt_from``.
    "chips": {
        "white": WHOLE,
        "red": WHOLE,
        "blue": WHOLE,
        "white_by_players": NUMBERED,
        "red_by_players": NUMBERED,
        "blue_by_players": NUMBERED,
        "dealt_from": PILE,
    },
    # The play deck: ace (1) to ``ranks`` in the four suits; the ranks from
    # ``wild_from`` up are wild for any number below ``wild_from``, in their colour.
    "play_deck": {"ranks": COUNT, "wild_from": COUNT},
    # The purchase units of each court card, and the jokers in the pack.
    "court_cards": {"king": WHOLE, "queen": WHOLE, "jack": WHOLE, "joker": WHOLE, "jokers": WHOLE},
    # The purchase units each player gets, by the number of players.
    "unit_split": {"by_players": NUMBERED},
    # Rent per cell of the owner's group, by the suits of the two cards played.
    "cell_rent": {"diamond_and_club": WHOLE, "heart_or_spade": WHOLE, "heart_and_spade": WHOLE},
    # Buying a cell after paying its rent: purchase units per cell of the group.
    "cell_purchase": {"units_per_cell": COUNT},
    # Playing on one's own cell: a mortgage (paid this much), then the loss of the cell.
    "own_cell": {"mortgage_compensation": WHOLE, "mortgage_stays_when_sold": FLAG},
    # The game ends at the ``bankruptcies``-th bankruptcy; before that a bankrupt
    # player's cells are vacated if ``vacate_cells``. Each cell is worth
    # ``cell_worth`` in the final count if ``cells_count``.
    "bankruptcy_end": {
        "bankruptcies": COUNT,
        "vacate_cells": FLAG,
        "cell_worth": WHOLE,
        "cells_count": FLAG,
    },
}

#: Sections every rule set must have.
REQUIRED_SECTIONS = ("rule_set", "starting_cash", "accounts", "wages", "end")

#: Payees that are not piles but a role a player holds (the Broker's License).
ROLES = ("broker",)


def section_schema(name: str) -> dict[str, Kind]:
    """The schema of the numbered section ``name`` (provenance only for unknown ones)."""
    return {**SECTIONS.get(name, {}), **PROVENANCE}


def kind_of(section: str, key: str) -> Kind | None:
    """The kind of ``section.key``: declared, a pile by its name, or ``None`` (anything)."""
    schema = SECTIONS.get(section, {})
    for name in (key, f"{key}?"):
        if name in schema:
            return schema[name]
    if key.endswith(("paid_to", "paid_by")):
        return PILE
    return None


def check_table(
    table: object, schema: Mapping[str, Kind], dotted: str, *, closed: bool = True
) -> dict[str, object]:
    """Check a TOML table against ``schema``; return it.

    Parameters
    ----------
    table : object
        The value read from the file; anything but a table is an error.
    schema : mapping of str to Kind
        The kind of each key; a key ending in ``?`` may be left out.
    dotted : str
        The table's dotted name, for error messages.
    closed : bool
        Whether a key the schema does not list is an error (usually a typo).

    Examples
    --------
    >>> check_table({"amount": 100}, {"amount": WHOLE, "paid_by?": PILE}, "wages")
    {'amount': 100}
    >>> check_table({"ammount": 100}, {"amount": WHOLE}, "wages")
    Traceback (most recent call last):
    ...
    landlord.rules.schema.Invalid: field 'wages.amount': missing (expected a whole number >= 0)
    """
    if not isinstance(table, dict):
        raise Invalid(field(dotted), f"a table [{dotted}]", table)
    names = {key.rstrip("?"): key.endswith("?") for key in schema}
    for key, kind in schema.items():
        name = key.rstrip("?")
        if name in table:
            kind.check(table[name], f"{dotted}.{name}")
        elif not names[name]:
            raise Invalid(field(f"{dotted}.{name}"), kind.expected)
    unknown = [key for key in table if key not in names]
    if closed and unknown:
        raise Invalid(
            field(f"{dotted}.{unknown[0]}"),
            f"one of the keys of [{dotted}]: {', '.join(names)}",
            got_text="a key it does not have (a typo?)",
        )
    return table
