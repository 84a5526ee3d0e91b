"""Property's rules compiled with numba: the game :mod:`.batch` plays for experiments.

Read beside :mod:`.game`: each function here names the method it follows, and
does what it does in the same order, so that the same draws make the same
game. Imported only when an experiment uses the batch path (loading numba
takes about a second).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from landlord.batch.kernel import helper
from landlord.batch.money import money_row_one_pile
from landlord.families.sackson.batch import (  # the arrays' rows and the numbers' indices
    AGGRESSIVE,
    BANKRUPTCIES,
    BANKRUPTCY_END,
    BOUGHT,
    CAPPED,
    CELL_WORTH,
    CELLS_COUNT,
    END,
    END_AT,
    HELD,
    LAND_RENT,
    LOST,
    MORTGAGES,
    NEED_DRAWS,
    RANKS,
    RATE_PLAIN,
    RESERVE,
    RESHUFFLES,
    ROUND,
    ROUND_CAP,
    ROUND_LIMIT,
    ROUND_LIMIT_AT,
    SIDE,
    SIZE,
    SNAPSHOTS,
    STATUS,
    TURNS,
    UNITS_PER_CELL,
    VACATE,
    WILD_FROM,
    WINNER,
    N,
)  # fmt: skip

# --- the compiled game ---------------------------------------------------------------------

#
# The game's state is kept in arrays: ``owner`` and ``mortgaged`` (per cell, as
# Cells has them), ``hand`` (per player and card: held), ``colours`` (per player: his
# red and black cards), ``stock`` and ``discards`` (per card), ``bal``, ``units`` and
# ``bankrupt`` (per player), and ``c``, the counters below. ``v`` holds the rule set's
# numbers (``_Table.numbers``), ``stats`` the figures.

#: Every function but ``game`` (and what only ``game`` calls) is compiled by
#: :func:`landlord.batch.kernel.helper`: without numba's reference counting, so it makes
#: no array (``game`` makes them, once a game), and once, whatever constants it is passed.
_helper = helper

#: The counters in ``c``: cards in the stock, in the discards, draws used, and
#: whether a bankruptcy asks for _after_turn (GameState.check_after_turn).
STOCK_LEFT, DISCARDS_LEFT, DRAWN, CHECK = range(4)
#: What a play is worth to a bot when it would ruin it (bots._RUIN), and an empty cell.
RUIN, CELL = 10_000, 5


@_helper
def _draw(c, hand, colours, stock, discards, deck, stats, player):  # pragma: no cover
    """Cards.draw: draw until the hand holds a red and a black card, each card the
    ``int(u * len(stock))``-th of the stock in ascending order; an empty stock made
    anew from the discards. False if ``deck`` ran out of draws."""
    cards = len(stock)
    while colours[player, 0] == 0 or colours[player, 1] == 0:
        if c[STOCK_LEFT] == 0:
            if c[DISCARDS_LEFT] == 0:
                return True
            for k in range(cards):
                if discards[k]:
                    stock[k] = True
                    discards[k] = False
            c[STOCK_LEFT] = c[DISCARDS_LEFT]
            c[DISCARDS_LEFT] = 0
            stats[RESHUFFLES] += 1
        if c[DRAWN] >= len(deck):
            return False
        left = int(deck[c[DRAWN]] * c[STOCK_LEFT])
        c[DRAWN] += 1
        card = -1
        for k in range(cards):
            if stock[k]:
                if left == 0:
                    card = k
                    break
                left -= 1
        stock[card] = False
        c[STOCK_LEFT] -= 1
        hand[player, card] = True
        colours[player, 0 if card % 4 < 2 else 1] += 1
    return True


@_helper
def _by_number(v, hand, player, suits, number, card):  # pragma: no cover
    """Cards._by_number: for each number and then each suit of ``suits`` (the first of
    two), the player's card naming it: the exact card, else the lowest wild one.
    Fills ``number`` and ``card``; returns how many."""
    count = 0
    for named in range(1, v[SIDE] + 1):
        for suit in range(suits, suits + 2):
            for rank in range(1, v[RANKS] + 1):
                k = 4 * (rank - 1) + suit
                if hand[player, k] and (rank == named or rank >= v[WILD_FROM]):
                    number[count] = named
                    card[count] = k
                    count += 1
                    break
    return count


@_helper
def _plays(v, hand, player, number, card, plays):  # pragma: no cover
    """Cards.plays: the rows of the black cards by (number, suit), then the columns of
    the red cards: (red card, black card, cell) in ``plays``; returns how many."""
    reds = _by_number(v, hand, player, 0, number[0], card[0])
    blacks = _by_number(v, hand, player, 2, number[1], card[1])
    count = 0
    for b in range(blacks):
        for r in range(reds):
            plays[count, 0] = card[0, r]
            plays[count, 1] = card[1, b]
            plays[count, 2] = (number[1, b] - 1) * v[SIDE] + number[0, r] - 1
            count += 1
    return count


@_helper
def _groups(v, owner, neighbours, label, sizes, stack):  # pragma: no cover
    """Cells.groups: each cell's group number (-1 if empty) and each group's size."""
    label[:] = -1
    groups = 0
    for start in range(v[SIZE]):
        holder = owner[start]
        if holder < 0 or label[start] >= 0:
            continue
        label[start] = groups
        stack[0] = start
        top, count = 1, 1
        while top:
            top -= 1
            here = stack[top]
            for j in range(4):
                other = neighbours[here, j]
                if other < 0:
                    break
                if label[other] < 0 and owner[other] == holder:
                    label[other] = groups
                    stack[top] = other
                    top += 1
                    count += 1
        sizes[groups] = count
        groups += 1


@_helper
def _group_size(v, owner, neighbours, cell, seen, stack):  # pragma: no cover
    """Cells.group_size: the size of the owner's group holding ``cell`` (Grid.group_where)."""
    holder = owner[cell]
    if holder < 0:
        return 0
    seen[:] = False
    seen[cell] = True
    stack[0] = cell
    top, count = 1, 1
    while top:
        top -= 1
        here = stack[top]
        for j in range(4):
            other = neighbours[here, j]
            if other < 0:
                break
            if not seen[other] and owner[other] == holder:
                seen[other] = True
                stack[top] = other
                top += 1
                count += 1
    return count


@_helper
def _rate(v, red, black):  # pragma: no cover
    """Cells.rate of the cards' suits: a heart or a spade doubles the rent, both twice."""
    return v[RATE_PLAIN + (red % 4 == 0) + (black % 4 == 2)]


@_helper
def _weigh(v, owner, mortgaged, neighbours, bal, label, sizes, me, aggressive, red, black,
           cell):  # fmt: skip  # pragma: no cover
    """bots.weigh, with the group sizes of bots.group_sizes (Cells.joined_from for an
    empty cell): the same expressions, so the same doubles."""
    wild = v[WILD_FROM]
    wilds = (red // 4 + 1 >= wild) + (black // 4 + 1 >= wild)
    keep_wilds = -0.5 * wilds
    holder = owner[cell]
    if holder < 0:
        size = 1
        for j in range(4):
            other = neighbours[cell, j]
            if other < 0:
                break
            if owner[other] != me:
                continue
            group = label[other]
            counted = False
            for i in range(j):  # each group beside it once
                earlier = neighbours[cell, i]
                if owner[earlier] == me and label[earlier] == group:
                    counted = True
            if not counted:
                size += sizes[group]
        return CELL + (2 if aggressive else 1) * size + keep_wilds
    if holder == me and not mortgaged[cell]:
        return (0 if aggressive else 2) + keep_wilds
    size = sizes[label[cell]]
    if holder == me:
        return -CELL - size + keep_wilds
    rent = size * _rate(v, red, black)
    if rent > bal[me]:
        return float(-RUIN - rent)
    return -(1 if aggressive else 2) * rent + keep_wilds


@_helper
def _go_bankrupt(c, hand, colours, discards, bal, units, bankrupt, stats, player,
                 creditor):  # fmt: skip  # pragma: no cover
    """PropertyGame._go_bankrupt: all his money to his creditor; he is out, his cards
    to the discards (Cards.give_up), his units out of play (Units.retire)."""
    if bal[player] > 0:
        bal[creditor] += bal[player]
        bal[player] = 0
    bankrupt[player] = True
    stats[BANKRUPTCIES] += 1
    for k in range(hand.shape[1]):
        if hand[player, k]:
            hand[player, k] = False
            discards[k] = True
            c[DISCARDS_LEFT] += 1
    colours[player, :] = 0
    units[player] = 0
    c[CHECK] = 1


@_helper
def _on_cell(v, c, owner, mortgaged, neighbours, hand, colours, discards, bal, units,
             bankrupt, bots, stats, seen, stack, player, red,
             black, cell):  # fmt: skip  # pragma: no cover
    """PropertyGame._on_cell and _rent (with bots._buy): claim, mortgage, lose, or pay
    rent and perhaps buy the cell with purchase units."""
    holder = owner[cell]
    if holder < 0:
        owner[cell] = player
    elif holder == player:
        if mortgaged[cell]:
            owner[cell] = -1  # Cells.vacate
            mortgaged[cell] = False
            stats[LOST] += 1
        else:
            mortgaged[cell] = True
            stats[MORTGAGES] += 1
    else:
        size = _group_size(v, owner, neighbours, cell, seen, stack)
        rent = size * _rate(v, red, black)
        if rent > bal[player]:
            _go_bankrupt(c, hand, colours, discards, bal, units, bankrupt, stats, player, holder)
            return
        if rent > 0:
            bal[player] -= rent
            bal[holder] += rent
            stats[LAND_RENT] += rent
        price = size * v[UNITS_PER_CELL]
        if units[player] < price:
            return
        if units[player] - price >= bots[player, RESERVE]:  # bots._buy
            units[player] -= price
            units[holder] += price
            stats[BOUGHT] += 1
            owner[cell] = player  # the mortgage, if any, stays with the cell


@_helper
def _turn(v, c, owner, mortgaged, neighbours, hand, colours, stock, discards, deck, bal,
          units, bankrupt, bots, stats, scratch, seen, number, card,
          plays, player):  # fmt: skip  # pragma: no cover
    """PropertyGame._turn (with bots._play): play the best pair of cards, then draw.
    False if ``deck`` ran out of draws."""
    count = _plays(v, hand, player, number, card, plays)
    if count == 0 and (colours[player, 0] == 0 or colours[player, 1] == 0):
        # His last draw found neither stock nor discards: he draws again first.
        if not _draw(c, hand, colours, stock, discards, deck, stats, player):
            return False
        count = _plays(v, hand, player, number, card, plays)
    if count == 0:
        return True  # a hand without both colours still: he passes
    chosen = 0
    if count > 1:
        label, sizes, stack = scratch[0], scratch[1], scratch[2]
        _groups(v, owner, neighbours, label, sizes, stack)
        aggressive = bots[player, AGGRESSIVE]
        best = _weigh(v, owner, mortgaged, neighbours, bal, label, sizes, player, aggressive,
                      plays[0, 0], plays[0, 1], plays[0, 2])  # fmt: skip
        for k in range(1, count):
            value = _weigh(v, owner, mortgaged, neighbours, bal, label, sizes, player,
                           aggressive, plays[k, 0], plays[k, 1], plays[k, 2])  # fmt: skip
            if value > best:
                chosen, best = k, value
    red, black, cell = plays[chosen, 0], plays[chosen, 1], plays[chosen, 2]
    for k in (red, black):  # Cards.play
        hand[player, k] = False
        discards[k] = True
        c[DISCARDS_LEFT] += 1
    colours[player, 0] -= 1
    colours[player, 1] -= 1
    _on_cell(v, c, owner, mortgaged, neighbours, hand, colours, discards, bal, units,
             bankrupt, bots, stats, seen, scratch[2], player, red, black, cell)  # fmt: skip
    if not bankrupt[player]:
        return _draw(c, hand, colours, stock, discards, deck, stats, player)
    return True


@_helper
def _snapshot(v, owner, bal, stats, bankrupt, worth, cash, k):  # pragma: no cover
    """GameState._snapshot into row ``k``: each player's net worth (Cells.holdings_table:
    cash and each cell at its worth; a bankrupt player's cash), and the money row (every
    account, the land rent so far: scorecard.money_by_round; the box is the only pile)."""
    money_row_one_pile(bal, stats[LAND_RENT], cash, k)
    for p in range(v[N]):
        worth[k, p] = bal[p]
    for cell in range(v[SIZE]):
        holder = owner[cell]
        if holder >= 0 and not bankrupt[holder]:
            worth[k, holder] += v[CELL_WORTH]


@njit(cache=True)
def game(v, neighbours, bots, start_cash, start_units, cut, deck, worth, cash,
         stats):  # fmt: skip  # pragma: no cover
    """One game, from the cut to its end: GameState._flow with PropertyGame's set-up,
    turn and end (_set_up, _turn, _after_turn, _end_at, _crown)."""
    n, size, cards = v[N], v[SIZE], 4 * v[RANKS]
    stats[:] = 0
    owner = np.full(size, -1, np.int64)
    mortgaged = np.zeros(size, np.bool_)
    hand = np.zeros((n, cards), np.bool_)
    colours = np.zeros((n, 2), np.int64)
    stock = np.ones(cards, np.bool_)
    discards = np.zeros(cards, np.bool_)
    c = np.zeros(4, np.int64)
    c[STOCK_LEFT] = cards
    bal = start_cash.copy()
    units = start_units.copy()
    bankrupt = np.zeros(n, np.bool_)
    scratch = np.zeros((3, size), np.int64)  # labels, group sizes, a stack
    seen = np.zeros(size, np.bool_)
    number = np.zeros((2, 2 * v[SIDE]), np.int64)
    card = np.zeros((2, 2 * v[SIDE]), np.int64)
    plays = np.zeros((4 * v[SIDE] * v[SIDE], 3), np.int64)
    # _set_up: the cut, then each player draws his hand, the first player first.
    first = int(cut * n)
    for k in range(n):
        if not _draw(c, hand, colours, stock, discards, deck, stats, (first + k) % n):
            stats[STATUS] = NEED_DRAWS
            return
    _snapshot(v, owner, bal, stats, bankrupt, worth, cash, 0)
    snapshots, snapshot_round = 1, 0
    round_, player, turns, end = 1, first, 0, 0
    last = (first - 1) % n  # the round ends after his turn
    while True:
        if not bankrupt[player]:
            if not _turn(v, c, owner, mortgaged, neighbours, hand, colours, stock, discards,
                         deck, bal, units, bankrupt, bots, stats, scratch, seen, number,
                         card, plays, player):  # fmt: skip
                stats[STATUS] = NEED_DRAWS
                return
            turns += 1
            if c[CHECK]:  # PropertyGame._after_turn
                if stats[BANKRUPTCIES] >= v[END_AT] or n - bankrupt.sum() <= 1:
                    end = BANKRUPTCY_END
                    break
                if v[VACATE]:
                    for cell in range(size):
                        if owner[cell] >= 0 and bankrupt[owner[cell]]:
                            owner[cell] = -1
                            mortgaged[cell] = False
                c[CHECK] = 0
        if player == last:
            _snapshot(v, owner, bal, stats, bankrupt, worth, cash, snapshots)
            snapshots, snapshot_round = snapshots + 1, round_
            if v[ROUND_LIMIT_AT] and round_ >= v[ROUND_LIMIT_AT]:
                end = ROUND_LIMIT
                break
            if round_ >= v[ROUND_CAP]:
                end = CAPPED
                break
            round_ += 1
        player = (player + 1) % n
    # The last snapshot: the round's own again, or the part of a round played.
    if snapshot_round == round_:
        snapshots -= 1
    _snapshot(v, owner, bal, stats, bankrupt, worth, cash, snapshots)
    stats[SNAPSHOTS] = snapshots + 1
    stats[ROUND] = round_
    stats[TURNS] = turns
    stats[END] = end
    # PropertyGame._crown: the highest score among the players not bankrupt (money, and
    # each cell at its worth if cells count).
    held = 0
    score = bal.copy()
    for cell in range(size):
        if owner[cell] >= 0:
            held += 1
            if v[CELLS_COUNT]:
                score[owner[cell]] += v[CELL_WORTH]
    stats[HELD] = held
    best = -(1 << 62)
    for p in range(n):
        if not bankrupt[p]:
            best = max(best, score[p])
    for p in range(n):
        stats[WINNER + p] = not bankrupt[p] and score[p] == best
