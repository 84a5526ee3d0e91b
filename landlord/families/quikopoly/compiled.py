"""Quikopoly's rules compiled with numba: the game :mod:`.batch` plays for experiments.

Read beside :mod:`.game`: each function here names the method it follows, and
does what it does in the same order, so that the same draws make the same
game. Imported only when an experiment uses the batch path (loading numba
takes about a second).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from landlord.batch.kernel import helper
from landlord.batch.money import money_row
from landlord.batch.streams import uniforms
from landlord.families.quikopoly.batch import (  # the arrays' rows and the numbers' indices
    BANK,
    BANKRUPT,
    CAPPED,
    CHEST,
    CHEST_AMOUNT,
    CHEST_FROM,
    CHEST_TO,
    COLLECTED,
    END,
    FINE,
    FIRST,
    FULL_SET,
    GO,
    GO_TO_GO,
    HELD_LOTS,
    HOTEL_COST,
    HOTEL_PILE,
    HOTELS,
    IDLE_LOTS,
    IDLE_ROUNDS,
    IN_PRISON,
    LAND_RENT_PLAYERS,
    LAND_RENT_TREASURY,
    LARGEST,
    LAST_LEFT,
    MAX_PRISON,
    NEED_DICE,
    OWNER,
    PARTNER,
    PER_COIN,
    PER_HOTEL,
    POSITION,
    PRICE,
    PRISON,
    PRISON_THROWS,
    ROUND,
    ROUND_CAP,
    ROUND_LIMIT,
    ROUND_LIMIT_AT,
    SECOND,
    SET,
    SETS,
    SINGLE,
    SIZE,
    SNAPSHOTS,
    SPENT,
    STATUS,
    TRADES,
    TREASURY_PILE,
    TURNS,
    WAGES,
    WINNER,
    N,
)  # fmt: skip

# --- the compiled game ---------------------------------------------------------------------

#
# The game's state is kept in four arrays: ``bal`` (every account's balance), ``tile``
# (per position: OWNER, HOTELS, SET, PRICE, PARTNER), ``who`` (per player: POSITION,
# IN_PRISON, PRISON_THROWS, BANKRUPT) and ``sets`` (per set: its FIRST and SECOND
# position); ``v`` holds the rule set's numbers (``_Table.numbers``), ``stats`` the figures.

#: Every function but ``game`` (and what only ``game`` calls) is compiled by
#: :func:`landlord.batch.kernel.helper`: without numba's reference counting, so it makes
#: no array (``game`` makes them, once a game), and once, whatever constants it is passed.
_helper = helper


@_helper
def _pay_to(v, bal, stats, payer, payee, amount, land_rent):  # pragma: no cover
    """Ledger.transfer, keeping only the sums the scorecard reads."""
    if amount <= 0 or payer == payee:
        return
    bal[payer] -= amount
    bal[payee] += amount
    treasury = v[TREASURY_PILE]
    if treasury >= 0 and payee == treasury:
        stats[COLLECTED] += amount
    elif treasury >= 0 and payer == treasury:
        stats[SPENT] += amount
    if land_rent and payee < v[N]:
        stats[LAND_RENT_PLAYERS] += amount
    elif land_rent and payee == treasury:
        stats[LAND_RENT_TREASURY] += amount


@_helper
def _return_hotels(v, bal, stats, tile, player, need):  # pragma: no cover
    """Quikopoly._return_hotels with Tiles.take_hotels: hotels back for ``need`` coins,
    each from the tile with most (the lowest position first), two hotels a coin."""
    count = need * v[PER_COIN]
    taken = 0
    while taken < count:
        most = -1
        for p in range(v[SIZE]):
            mine = tile[SET, p] >= 0 and tile[OWNER, p] == player and tile[HOTELS, p] > 0
            if mine and (most < 0 or tile[HOTELS, p] > tile[HOTELS, most]):
                most = p
        if most < 0:
            break
        tile[HOTELS, most] -= 1
        taken += 1
    if not taken:
        return
    coins = taken // v[PER_COIN]
    cost = v[HOTEL_COST]
    _pay_to(v, bal, stats, v[HOTEL_PILE], player, coins * cost, False)
    _pay_to(v, bal, stats, v[HOTEL_PILE], v[BANK], taken * cost - coins * cost, False)


@_helper
def _fair_trades(v, stats, tile, who, sets, trading, turn_player):  # pragma: no cover
    """Quikopoly._fair_trades: once no tile is face down, every fair trade, the shortest
    circles first (fair_trades.find_circle)."""
    n = v[N]
    for p in range(v[SIZE]):
        if tile[SET, p] >= 0 and tile[OWNER, p] < 0:
            return  # a tile is still face down
    players, split, splits, circle, handed = trading
    count = 0
    for k in range(1, n + 1):
        p = (turn_player + k) % n
        if not who[BANKRUPT, p]:
            players[count] = p
            count += 1
    while True:
        splits[:, :] = 0
        for s in range(v[SETS]):
            a, b = tile[OWNER, sets[FIRST, s]], tile[OWNER, sets[SECOND, s]]
            if a >= 0 and b >= 0 and a != b:
                split[a, b, splits[a, b]] = s
                splits[a, b] += 1
                split[b, a, splits[b, a]] = s
                splits[b, a] += 1
        length = _circle(players, count, split, splits, min(v[LARGEST], count), circle, handed)
        if length == 0:
            return
        for i in range(length):
            giver, taker = circle[i], circle[(i + 1) % length]
            for end in (FIRST, SECOND):
                if tile[OWNER, sets[end, handed[i]]] == giver:
                    tile[OWNER, sets[end, handed[i]]] = taker
        stats[TRADES] += 1


@njit(cache=True)
def _trading(n, sets):  # pragma: no cover
    """Room for _fair_trades, allocated once a game (the helpers allocate nothing): the
    players still in, in turn order; ``split[a, b]``, the sets split between a and b, and
    their count ``splits[a, b]``; a circle's players and the set each hands on."""
    return (
        np.empty(n, np.int64),
        np.empty((n, n, sets), np.int64),
        np.zeros((n, n), np.int64),
        np.empty(4, np.int64),
        np.empty(4, np.int64),
    )


@_helper
def _circle(players, count, split, splits, longest, circle, handed):  # pragma: no cover
    """find_circle's depth-first search, for circles of two to four players: the length
    of the first circle found (0: none), its players in ``circle`` and the set each
    hands the next in ``handed``."""
    for length in range(2, longest + 1):
        for i0 in range(count):
            p0 = players[i0]
            circle[0] = p0
            for i1 in range(count):
                p1 = players[i1]
                if p1 == p0:
                    continue
                for j1 in range(splits[p0, p1]):
                    circle[1], handed[0] = p1, split[p0, p1, j1]
                    if length == 2:
                        if _close(split, splits, p1, p0, handed, 1):
                            return 2
                        continue
                    for i2 in range(count):
                        p2 = players[i2]
                        if p2 in (p0, p1):
                            continue
                        for j2 in range(splits[p1, p2]):
                            if split[p1, p2, j2] == handed[0]:
                                continue
                            circle[2], handed[1] = p2, split[p1, p2, j2]
                            if length == 3:
                                if _close(split, splits, p2, p0, handed, 2):
                                    return 3
                                continue
                            for i3 in range(count):
                                p3 = players[i3]
                                if p3 in (p0, p1, p2):
                                    continue
                                for j3 in range(splits[p2, p3]):
                                    s = split[p2, p3, j3]
                                    if s in (handed[0], handed[1]):
                                        continue
                                    circle[3], handed[2] = p3, s
                                    if _close(split, splits, p3, p0, handed, 3):
                                        return 4
    return 0


@_helper
def _close(split, splits, last, first, handed, k):  # pragma: no cover
    """The circle closes: the first set split between ``last`` and ``first`` not yet
    handed on goes in ``handed[k]``; False if there is none."""
    for j in range(splits[last, first]):
        s = split[last, first, j]
        for i in range(k):
            if handed[i] == s:
                break
        else:
            handed[k] = s
            return True
    return False


@_helper
def _pay(v, bal, stats, tile, who, sets, trading, player, to, land, other):  # pragma: no cover
    """Quikopoly._pay of land rent and another part: short, hotels go back; still short,
    he goes bankrupt to ``to`` (Quikopoly._go_bankrupt). True if he did."""
    total = land + other
    if total <= 0:
        return False
    if bal[player] < total:
        _return_hotels(v, bal, stats, tile, player, total - bal[player])
        if bal[player] < total:
            held = 0
            for p in range(v[SIZE]):
                if tile[SET, p] >= 0 and tile[OWNER, p] == player:
                    held += tile[HOTELS, p]
            _return_hotels(v, bal, stats, tile, player, held)
            who[BANKRUPT, player] = 1
            who[IN_PRISON, player] = 0
            _pay_to(v, bal, stats, player, to, bal[player], False)
            heir = to if to < v[N] else -1
            for p in range(v[SIZE]):
                if tile[SET, p] >= 0 and tile[OWNER, p] == player:
                    tile[OWNER, p] = heir
            _fair_trades(v, stats, tile, who, sets, trading, player)
            return True
    _pay_to(v, bal, stats, player, to, land, True)
    _pay_to(v, bal, stats, player, to, other, False)
    return False


@_helper
def _snapshot(v, bal, stats, tile, worth, cash, k):  # pragma: no cover
    """GameState._snapshot into row ``k``: each player's net worth (cash, each tile held at
    its price, each hotel at its cost), and the money row (every account, the land rent so
    far: scorecard.money_by_round)."""
    money_row(bal, stats[LAND_RENT_PLAYERS], stats[LAND_RENT_TREASURY], cash, k)
    for p in range(v[N]):
        worth[k, p] = bal[p]
    idle = held = 0
    for p in range(v[SIZE]):
        holder = tile[OWNER, p]
        if tile[SET, p] >= 0 and 0 <= holder < v[N]:
            worth[k, holder] += tile[PRICE, p] + tile[HOTELS, p] * v[HOTEL_COST]
            held += 1
            idle += tile[HOTELS, p] == 0
    # scorecard.idle_land: the property tiles held with no hotel (game counts the rounds).
    stats[IDLE_LOTS], stats[HELD_LOTS] = idle, held


@njit(cache=True)
def _lay_out(v, space_set, space_price, shuffled, layout):  # pragma: no cover
    """boards.layout_flow and Tiles.lay_out: the shuffled tiles dealt among their
    positions, one draw a position but the last; the tile and set arrays."""
    size = v[SIZE]
    tile_at = np.arange(size)
    remaining = shuffled.copy()
    left = len(remaining)
    for k in range(len(shuffled)):
        index = 0 if left == 1 else int(layout[k] * left)
        tile_at[shuffled[k]] = remaining[index]
        for j in range(index, left - 1):  # the rest move up (no copy made a position)
            remaining[j] = remaining[j + 1]
        left -= 1
    tile = np.zeros((5, size), np.int64)
    sets = np.full((2, v[SETS]), -1, np.int64)
    tile[OWNER, :] = -1
    for p in range(size):
        s = space_set[tile_at[p]]
        tile[SET, p] = s
        tile[PRICE, p] = space_price[tile_at[p]]
        if s >= 0:
            sets[FIRST if sets[FIRST, s] < 0 else SECOND, s] = p
    tile[PARTNER, :] = -1
    for s in range(v[SETS]):
        if sets[FIRST, s] >= 0:
            tile[PARTNER, sets[FIRST, s]] = sets[SECOND, s]
            tile[PARTNER, sets[SECOND, s]] = sets[FIRST, s]
    return tile, sets


@_helper
def _hotels(v, bal, stats, tile, sets, player, reserve, build_to):  # pragma: no cover
    """Quikopoly._hotels with bots._turn: a hotel at a time, on the first tile offered
    (the sets in order, the tiles with the fewest of their set) below ``build_to``,
    while a coin leaves the reserve in hand."""
    cost = v[HOTEL_COST]
    while bal[player] >= cost and bal[player] - reserve >= cost:
        chosen = -1
        for s in range(v[SETS]):
            a, b = sets[FIRST, s], sets[SECOND, s]
            if tile[OWNER, a] != player or tile[OWNER, b] != player:
                continue
            low = min(tile[HOTELS, a], tile[HOTELS, b])
            if tile[HOTELS, a] == low and low < build_to:
                chosen = a
            elif tile[HOTELS, b] == low and low < build_to:
                chosen = b
            if chosen >= 0:
                break
        if chosen < 0:
            return
        _pay_to(v, bal, stats, player, v[HOTEL_PILE], cost, False)
        tile[HOTELS, chosen] += 1


@_helper
def _land(
    v, bal, stats, tile, who, sets, trading, player, where, throw, reserve
):  # pragma: no cover
    """Quikopoly._land (with _offer and bots._buy, _pay_rent, _community_chest)."""
    if tile[SET, where] >= 0:
        holder = tile[OWNER, where]
        if holder < 0:
            price = tile[PRICE, where]
            # bots._buy: with coins to spare, or to complete or block a set.
            buys = bal[player] - reserve >= price or tile[OWNER, tile[PARTNER, where]] >= 0
            if bal[player] >= price and buys:
                _pay_to(v, bal, stats, player, v[BANK], price, False)
                tile[OWNER, where] = player
                _fair_trades(v, stats, tile, who, sets, trading, player)
        elif holder != player:
            land, hotel_part = v[SINGLE], 0
            if tile[OWNER, tile[PARTNER, where]] == holder:
                hotel_part = tile[HOTELS, where] * v[PER_HOTEL]
                land = v[FULL_SET]
            _pay(v, bal, stats, tile, who, sets, trading, player, holder, land, hotel_part)
    elif where == v[PRISON]:
        who[IN_PRISON, player] = 1
        who[PRISON_THROWS, player] = 0
    elif where == v[GO_TO_GO]:
        who[POSITION, player] = v[GO]
    elif where == v[CHEST]:
        amount = v[CHEST_AMOUNT]
        if throw % 2 == 0:
            _pay(v, bal, stats, tile, who, sets, trading, player, v[CHEST_TO], 0, amount)
        elif bal[v[CHEST_FROM]] >= amount:
            _pay_to(v, bal, stats, v[CHEST_FROM], player, amount, False)


@_helper
def _turn(v, bal, stats, tile, who, sets, trading, player, die, throw, bot):  # pragma: no cover
    """Quikopoly._turn: hotels, then Prison (_prison_turn, bots._prison) or the move."""
    reserve = bot[0]
    _hotels(v, bal, stats, tile, sets, player, reserve, bot[1])
    if who[IN_PRISON, player]:
        who[PRISON_THROWS, player] += 1
        if not die:  # not a freeing throw
            if who[PRISON_THROWS, player] < v[MAX_PRISON]:
                fine = v[FINE]
                if bal[player] < fine or not (bot[2] and bal[player] - reserve >= fine):
                    return  # he stays (cannot pay, or will not)
            if _pay(v, bal, stats, tile, who, sets, trading, player, v[BANK], 0, v[FINE]):
                return
        who[IN_PRISON, player] = 0
        who[PRISON_THROWS, player] = 0
    start = who[POSITION, player]
    where = (start + throw) % v[SIZE]
    who[POSITION, player] = where
    if start + throw >= v[SIZE] and bal[v[BANK]] >= v[WAGES]:
        _pay_to(v, bal, stats, v[BANK], player, v[WAGES], False)
    _land(v, bal, stats, tile, who, sets, trading, player, where, throw, reserve)


@njit(cache=True)
def game(v, space_set, space_price, shuffled, start_balances, faces, freeing, bots, layout,
          dice, worth, cash, stats, bal):  # fmt: skip  # pragma: no cover
    """One game, from the tiles laid out to its end: GameState._flow with Quikopoly's
    turn and end (_after_turn, _end_at)."""
    n = v[N]
    stats[:] = 0
    bal[:] = start_balances
    tile, sets = _lay_out(v, space_set, space_price, shuffled, layout)
    who = np.zeros((4, n), np.int64)
    who[POSITION, :] = v[GO]
    trading = _trading(n, v[SETS])
    _snapshot(v, bal, stats, tile, worth, cash, 0)
    snapshots, snapshot_round = 1, 0
    round_, player, turns, end = 1, 0, 0, 0
    while True:
        if not who[BANKRUPT, player]:
            if turns >= len(dice):
                stats[STATUS] = NEED_DICE
                return
            face = int(dice[turns] * len(faces))  # the turn's one throw of the die
            _turn(v, bal, stats, tile, who, sets, trading, player, freeing[face], faces[face],
                  bots[player])  # fmt: skip
            turns += 1
            if (n - who[BANKRUPT].sum()) == 1:
                end = LAST_LEFT
                break
        if player == n - 1:
            _snapshot(v, bal, stats, tile, worth, cash, snapshots)
            stats[IDLE_ROUNDS] += stats[IDLE_LOTS]
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
    _snapshot(v, bal, stats, tile, worth, cash, snapshots)
    if snapshot_round != round_:  # a new row of the round table: its idle tiles count
        stats[IDLE_ROUNDS] += stats[IDLE_LOTS]
    stats[SNAPSHOTS] = snapshots + 1
    stats[ROUND] = round_
    stats[TURNS] = turns
    stats[END] = end
    # The winners: the last player left, or the richest of those left.
    best = -(1 << 62)
    for p in range(n):
        if not who[BANKRUPT, p]:
            best = max(best, worth[snapshots, p])
    for p in range(n):
        stats[WINNER + p] = not who[BANKRUPT, p] and worth[snapshots, p] == best


@njit(cache=True)
def games(v, space_set, space_price, shuffled, start_balances, faces, freeing, bots,
          seeds, keys, first_turns, width, most, start, worth, cash, stats,
          bank_left):  # fmt: skip  # pragma: no cover
    """batch.play's games, from game ``start`` on, one per row of ``seeds`` (its seed's
    four 32-bit words, low first), each game's chance drawn here (``streams.uniforms``,
    as ``batch.chance_draws`` and ``batch.turn_draws`` draw them): the layout from the
    stream keyed ``keys[0]``, and a die a turn, the first of each turn's ``width`` draws
    of the stream keyed ``keys[1]``, for ``first_turns`` turns, four times as many each
    time a game needs more (NEED_DICE: the game played again). Game g's ``stats`` go in
    ``stats[g]``, the coins left in the bank in ``bank_left[g]``, its snapshots in the
    rows of ``worth`` and ``cash`` after the game before's, each game given room for
    ``most``. Returns the game after the last played: all, or the first with no room."""
    count = seeds.shape[1] + 1
    entropy = np.empty(count, np.uint32)
    layout = np.empty(max(1, len(shuffled) - 1))
    draws = np.empty(first_turns * width)
    dice = np.empty(first_turns)
    bal = np.empty(len(start_balances), np.int64)
    row = 0
    for g in range(start, len(seeds)):
        if row + most > len(worth):
            return g
        entropy[: count - 1] = seeds[g]
        entropy[count - 1] = keys[0]
        uniforms(entropy, count, layout)
        entropy[count - 1] = keys[1]
        turns = first_turns
        while True:
            if turns > len(dice):
                draws = np.empty(turns * width)
                dice = np.empty(turns)
            uniforms(entropy, count, draws[: turns * width])
            for t in range(turns):
                dice[t] = draws[t * width]
            game(v, space_set, space_price, shuffled, start_balances, faces, freeing, bots,
                 layout, dice[:turns], worth[row : row + most], cash[row : row + most],
                 stats[g], bal)  # fmt: skip
            if stats[g, STATUS] != NEED_DICE:
                break
            turns *= 4
        row += stats[g, SNAPSHOTS]
        bank_left[g] = bal[v[BANK]]
    return len(seeds)
