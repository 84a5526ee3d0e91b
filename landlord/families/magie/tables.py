"""A rule set's board and numbers, laid out once for fast look-ups in play.

:func:`tables_for` turns a :class:`~landlord.rules.model.RuleSet` into plain
lists and tuples indexed by space, computed once per rule set and shared by
every game played with it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypedDict

from landlord.engine.actions import Action, Bid, Build, Buy, ClaimSite, Move, StayPut
from landlord.engine.boards import Track
from landlord.engine.dice import Throw
from landlord.rules.model import RuleSet
from landlord.rules.sections import required

__all__ = ["Offered", "Tables", "tables_for"]

#: Kinds of space whose card is sold (the green cards of Rule 1).
CARD_KINDS = frozenset({"lot", "railroad", "franchise", "speculation"})
#: Where each kind of card is counted in a player's holdings.
CARD_COLUMN = {"lot": 0, "franchise": 1, "railroad": 2, "speculation": 3}


class Offered(TypedDict, total=False):
    """The actions of talks and auctions as the games of a rule set make them, each once
    (:class:`~landlord.families.magie.dealings.Dealings`): bids by amount, offers by
    their type and fields, and the ladders of a card's prices (by card, value, ladder
    and players) and of loans (by lender, amount, card and wages)."""

    bids: dict[int, Bid]
    offers: dict[tuple[object, ...], Action]
    ladders: dict[tuple[object, ...], object]


@dataclass(frozen=True)
class Tables:
    """Per-space look-ups for one rule set."""

    size: int
    kind: tuple[str, ...]
    name: tuple[str, ...]
    price: tuple[int, ...]
    price_without_deeds: tuple[int, ...]
    land_rent: tuple[int, ...]
    section_rents: tuple[tuple[int, ...], ...]
    section: tuple[int, ...]
    section_lots: dict[int, tuple[int, ...]]
    cards: tuple[int, ...]
    card_columns: tuple[tuple[int, int], ...]
    lots: tuple[int, ...]
    railroads: tuple[int, ...]
    franchises: tuple[int, ...]
    corners: tuple[int, ...]
    start: int
    jail: int
    poor_house: int
    speculation: int
    chance_deck: tuple[int, ...]
    chance_weights: tuple[int, ...]
    moves: tuple[tuple[Move, ...], ...]
    track: Track
    builds: dict[int, Build]
    claims: dict[int, ClaimSite]
    buy_at_price: dict[int, Buy]
    #: The moves each throw allows from each space, by (space, throw), as the
    #: games of the rule set work them out.
    move_options: dict[tuple[int, Throw], tuple[Move | StayPut, ...]] = field(default_factory=dict)
    #: Bids, offers and loans as the games of the rule set make them (each once).
    offered: Offered = field(default_factory=Offered)


def tables_for(rules: RuleSet) -> Tables:
    """The look-up tables of ``rules``, built on first use and kept with it."""
    return rules.derive("tables", _build_tables)


def _build_tables(rules: RuleSet) -> Tables:
    """Build the look-up tables of ``rules`` (see :func:`tables_for`)."""
    spaces = rules.board.spaces
    kind = tuple(space.kind for space in spaces)
    section = tuple(space.section if space.section is not None else -1 for space in spaces)
    section_lots: dict[int, list[int]] = {}
    for space in spaces:
        if space.kind == "lot" and space.section is not None:
            section_lots.setdefault(space.section, []).append(space.index)
    corners = tuple(sorted(rules.board.corners)) or (0,)

    def first(kind_name: str, default: int = -1) -> int:
        return next((i for i, k in enumerate(kind) if k == kind_name), default)

    tables = Tables(
        size=len(spaces),
        kind=kind,
        name=tuple(space.name for space in spaces),
        price=tuple(space.price or 0 for space in spaces),
        # Under the single tax a lot's title deed is worth nothing.
        price_without_deeds=tuple(0 if s.kind == "lot" else s.price or 0 for s in spaces),
        land_rent=tuple(space.land_rent or 0 for space in spaces),
        section_rents=tuple(tuple(space.section_rents) for space in spaces),
        section=section,
        section_lots={key: tuple(value) for key, value in section_lots.items()},
        cards=tuple(i for i, k in enumerate(kind) if k in CARD_KINDS),
        card_columns=tuple((i, CARD_COLUMN[k]) for i, k in enumerate(kind) if k in CARD_KINDS),
        lots=tuple(i for i, k in enumerate(kind) if k == "lot"),
        railroads=tuple(i for i, k in enumerate(kind) if k == "railroad"),
        franchises=tuple(i for i, k in enumerate(kind) if k == "franchise"),
        corners=corners,
        start=first("mother_earth", 0),
        jail=required(rules.jail).leave_from,
        poor_house=required(rules.poor_house).space,
        speculation=first("speculation"),
        chance_deck=tuple(range(len(rules.chance_deck))),
        chance_weights=tuple(card.copies for card in rules.chance_deck),
        # Every possible Move, made once: forward, backward and by the pass, by space.
        track=Track(rules.board),
        builds={i: Build(i) for i, k in enumerate(kind) if k == "lot"},
        claims={i: ClaimSite(i, 0) for i, k in enumerate(kind) if k == "lot"},
        buy_at_price={
            i: Buy(i, spaces[i].price or 0) for i, k in enumerate(kind) if k in CARD_KINDS
        },
        moves=tuple(
            tuple(Move(direction, by_pass, to) for to in range(len(spaces)))
            for direction, by_pass in (("forward", False), ("backward", False), ("forward", True))
        ),
    )
    return tables
