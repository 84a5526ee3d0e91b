"""The track of a board: a rule set's, or the classic US board's written out by hand.

- :func:`track_from_rules` builds the :class:`~landlord.analysis.track.Track`
  of a loaded rule set: its Go To Jail squares, its jail, the movement cards
  of its Chance and Community Chest packs, the squares that send a token on
  (Quikopoly's Go-to-Go), its dice and its doubles and jail rules;
- :func:`classic_track` is the classic US board's track written out by hand,
  without the rules loader: it equals ``track_from_rules(load_rules("monopoly_us"))``
  (the tests check this), and serves as a fixed example.

What a track leaves out of the rules is said in :mod:`landlord.analysis.landing`
("Which rules a track leaves out").
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from landlord.analysis.dice import TWO_DICE, dice_throws
from landlord.analysis.track import Track

if TYPE_CHECKING:
    from landlord.rules import RuleSet

__all__ = ["classic_track", "track_from_rules"]


#: The card effects that leave a token where it is: money, a kept card, a
#: turn gained or missed (an extra turn is one more throw from the same
#: square, which is how the chain goes on anyway), and the UK Community
#: Chest's "pay a fine or take a Chance", read as paying the fine.
_STAYING_EFFECTS = frozenset(
    {
        "pay",
        "collect",
        "collect_from_each",
        "pay_each",
        "extra_turn",
        "miss_turn",
        "get_out_of_jail",
        "repairs",
        "pay_or_chance",
    }
)

#: The space kinds that draw a card, and the pack each draws from.
_DECKS = {"chance": "chance_deck", "community_chest": "community_chest_deck"}


def track_from_rules(rules: RuleSet) -> Track:
    """The track of a loaded rule set: jail, Go To Jail squares, card moves, dice, jail rules.

    - ``size``: the board's spaces, which must be laid out as a ``"track"``,
      or as a ``"shuffled_track"`` whose squares dealt at random (those of
      :func:`~landlord.engine.boards.shuffled_positions`) do nothing to a
      token's move, as Quikopoly's property tiles do nothing: the shares are
      then those of the positions, whatever tile is dealt there;
    - ``jail``: ``rules.jail.leave_from``, the square a jailed token
      leaves from; ``landing_jails``: the rule set's own
      ``[jail_square] landing_jails`` (Quikopoly's Prison), false without it;
    - ``go_to_jail``: the ``go_to_jail`` spaces, and the Landlord's Game's
      ``trespass`` spaces when its ``trespass.to_jail`` is on;
    - ``cards``: every ``chance`` space draws from ``rules.chance_deck`` and
      every ``community_chest`` space from ``rules.community_chest_deck``,
      a card with ``copies`` counted that many times. ``go_to`` and
      ``go_to_start`` become ``("to", square)``; so does ``go_back_to``
      (the direction matters only for the salary at Go, not for where the
      token lands); ``advance`` by ``n`` becomes ``("back", -n)`` for a
      negative ``n`` and ``("to", square + n)`` otherwise; ``go_to_jail``
      becomes ``"jail"``; ``nearest_railroad`` and ``nearest_utility``
      become ``("next", ...)`` of the railroad or utility spaces. Every
      other effect only moves money or turns, and becomes ``"stay"``; the
      UK Community Chest's "pay a fine or take a Chance" is read as paying
      the fine (the player could draw a Chance card instead, which moves
      him with a chance of 7 in 16: a choice a track cannot make). A card
      space whose pack is empty draws nothing. A ``go_to_go`` space sends
      the token straight to the start: a one-card deck ``(("to", start),)``;
    - ``doubles_to_jail``: ``rules.doubles.jail_after`` when the rules
      give another throw for doubles (``doubles.throw_again``), else 0 (the
      Landlord's Game rule sets have no such rule);
    - ``jail_turns``: the rule set's ``[jail] max_turns``, or as its family reads it
      (a family's optional ``landing_odds.jail_turns``: Magie's): under the later
      game's rules ``jail.max_turns`` (after the third failed try the
      player pays and moves by that throw); one more under Magie's, whose
      player misses up to ``max_turns`` turns and pays at the next, moving
      by that turn's throw;
    - ``jail_doubles_throw_again``: ``rules.jail.doubles_throw_again``
      (the 1972 UK rules), false where the rules do not have it;
    - ``throws``: from the rule set's own ``[dice]`` section, when it has
      one: ``count`` dice (default 2) with ``faces`` (default 1 to 6), the
      totals in ``jail_freed_by`` counting as the doubles that free a
      jailed token (default: equal dice); see :func:`dice_throws`.
      Without the section, two six-sided dice (:data:`TWO_DICE`).

    The Landlord's Game rule sets (``landlords_game``, ``single_tax``,
    ``prosperity``) also let a player move backwards between the Chances
    and take the "railroad pass" on a double, choices a track cannot make;
    for them the result is the plain forward-moving approximation, as if
    every player always moved forward by the throw. The tracks of the later
    game's rule sets (``monopoly_us``, ``monopoly_uk_1972``) are exact but
    for the order of the packs (see "Which rules a track leaves out" in
    :mod:`landlord.analysis.landing`).

    Parameters
    ----------
    rules : RuleSet
        A loaded rule set (:func:`landlord.rules.load_rules`).

    Returns
    -------
    Track

    Raises
    ------
    ValueError
        If the board is not laid out as a plain track (a grid, or a track
        that deals at random squares that move or jail a token), the rules
        name no jail square, a card needs a space the board has none of
        (the nearest railroad on a board without railroads), or the
        ``[dice]`` section is not whole numbers. The message names the
        rule set.

    Examples
    --------
    >>> from landlord.rules import load_rules
    >>> us = track_from_rules(load_rules("monopoly_us"))
    >>> us.size, us.jail, us.go_to_jail, us.doubles_to_jail, us.jail_turns
    (40, 10, (30,), 3, 3)
    >>> us.cards[7][1:4]  # the second to fourth Chance cards
    (('next', (5, 15, 25, 35)), ('next', (12, 28)), ('back', 3))
    >>> uk = track_from_rules(load_rules("monopoly_uk_1972"))
    >>> uk.cards[2][1], uk.jail_doubles_throw_again
    (('to', 1), True)
    """
    name = f"track_from_rules: rule set {rules.id!r}"
    board = rules.board
    if board.layout not in ("track", "shuffled_track"):
        raise ValueError(
            f"{name} has a {board.layout!r} board, not a track: "
            "landing odds need spaces in a fixed loop"
        )
    spaces = board.spaces
    size = len(spaces)
    jail_rules = rules.jail
    if jail_rules is None:
        raise ValueError(f"{name} has no jail (no jail.leave_from): it is not a track to analyse")
    jail = jail_rules.leave_from
    # A No Trespassing space sends to Jail unless the rules say otherwise (Rule 5).
    to_jail = rules.trespass.to_jail if rules.trespass else True
    kinds = [space.kind for space in spaces]
    landing_jails = bool(rules.params.get("jail_square", {}).get("landing_jails", False))
    jailing = {"go_to_jail", "trespass"} if to_jail else {"go_to_jail"}
    go_to_jail = tuple(i for i, kind in enumerate(kinds) if kind in jailing)
    start = next((i for i, kind in enumerate(kinds) if kind in ("go", "mother_earth")), 0)
    nearest = {
        "nearest_railroad": tuple(i for i, kind in enumerate(kinds) if kind == "railroad"),
        "nearest_utility": tuple(i for i, kind in enumerate(kinds) if kind == "utility"),
    }

    def effect(card: object, square: int) -> object:
        kind = card.effect
        if kind in _STAYING_EFFECTS:
            return "stay"
        if kind == "go_to_jail":
            return "jail"
        if kind in ("go_to", "go_back_to"):
            return ("to", card.target)
        if kind == "go_to_start":
            return ("to", start)
        if kind == "advance":
            if card.amount < 0:
                return ("back", -card.amount)
            return ("to", (square + card.amount) % size)
        if kind in nearest:
            if not nearest[kind]:
                raise ValueError(f"{name}: a {kind} card, but the board has no such space")
            return ("next", nearest[kind])
        raise ValueError(f"{name}: the card effect {kind!r} is not known to the landing chain")

    cards = {}
    for square, kind in enumerate(kinds):
        deck = getattr(rules, _DECKS[kind]) if kind in _DECKS else ()
        if deck:
            cards[square] = tuple(
                effect(card, square) for card in deck for _ in range(card.copies)
            )
        elif kind == "go_to_go":  # straight to the start: a one-card deck
            cards[square] = (("to", start),)
    if board.layout == "shuffled_track":
        from landlord.engine.boards import shuffled_positions

        acting = {*go_to_jail, *cards, int(jail)}
        dealt = sorted(acting.intersection(shuffled_positions(board)))
        if dealt:
            raise ValueError(
                f"{name} deals at random squares that move or jail a token ({dealt}): "
                "landing odds need them in fixed places"
            )
    doubles = rules.doubles
    doubles_to_jail = doubles.jail_after if doubles and doubles.throw_again else 0
    from landlord.families import family_of

    reading = family_of(rules).part_or("landing_odds", "jail_turns", None)
    jail_turns = int(reading(rules)) if callable(reading) else jail_rules.max_turns
    return Track(
        size=size,
        jail=int(jail),
        go_to_jail=go_to_jail,
        cards=cards,
        doubles_to_jail=doubles_to_jail,
        jail_turns=jail_turns,
        jail_doubles_throw_again=jail_rules.doubles_throw_again,
        throws=_rule_throws(rules.params.get("dice"), name),
        landing_jails=landing_jails,
    )


def _rule_throws(dice: Mapping | None, name: str) -> tuple[tuple[int, bool], ...]:
    """The throws of a rule set's own ``[dice]`` section (two six-sided dice if none)."""
    if dice is None:
        return TWO_DICE
    count, faces = dice.get("count", 2), dice.get("faces", range(1, 7))
    frees = dice.get("jail_freed_by")

    def whole(value: object) -> bool:
        return isinstance(value, int) and not isinstance(value, bool) and value >= 1

    def numbers(values: object) -> bool:
        return isinstance(values, list | tuple | range) and all(map(whole, values))

    if not (whole(count) and faces and numbers(faces) and (frees is None or numbers(frees))):
        raise ValueError(
            f"{name}: [dice] needs count >= 1 and faces (and jail_freed_by) of whole "
            f"numbers >= 1, got {dict(dice)!r}"
        )
    return dice_throws(count, faces, frees)


def classic_track() -> Track:
    """The 40-square track of the classic US board (Atlantic City), written out by hand.

    Go is 0, Jail 10, Go To Jail 30; Chance at 7, 22 and 36, Community Chest
    at 2, 17 and 33, each with its 16-card classic deck (the Get Out of Jail
    Free card, which does not move the token, counts as ``"stay"``). It is
    the track of the ``monopoly_us`` rule set, written out without the rules
    loader as a fixed, self-contained example: it equals
    ``track_from_rules(load_rules("monopoly_us"))``, which the tests check.

    Returns
    -------
    Track
        With the classic rules: the third double in a row goes to jail, and
        a jailed token tries for doubles up to 3 turns.

    Examples
    --------
    >>> track = classic_track()
    >>> track.size, track.jail, track.go_to_jail, len(track.cards[7]), len(track.cards[2])
    (40, 10, (30,), 16, 16)
    """
    # Square numbers and card effects from ../shared/rules/monopoly_us.md (section 1)
    # and ../shared/rules/monopoly_us_cards.csv (classic US deck, card_no 1-16), the
    # same cards, in the same order, as the rule set's monopoly_us_chance.csv and
    # monopoly_us_community_chest.csv.
    railroads, utilities = (5, 15, 25, 35), (12, 28)
    chance = (
        "stay",  # 1
        ("next", railroads),  # 2
        ("next", utilities),  # 3
        ("back", 3),  # 4
        ("next", railroads),  # 5
        "jail",  # 6
        ("to", 5),  # 7
        ("to", 39),  # 8
        ("to", 24),  # 9
        ("to", 0),  # 10
        ("to", 11),  # 11
        *("stay",) * 5,  # 12-16
    )
    community_chest = (
        *("stay",) * 10,  # 1-10
        ("to", 0),  # 11
        "stay",  # 12
        "stay",  # 13
        "jail",  # 14
        "stay",  # 15
        "stay",  # 16
    )
    return Track(
        size=40,
        jail=10,
        go_to_jail=(30,),
        cards={
            **dict.fromkeys((7, 22, 36), chance),
            **dict.fromkeys((2, 17, 33), community_chest),
        },
        doubles_to_jail=3,
        jail_turns=3,
    )
