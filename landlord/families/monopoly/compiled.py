"""The later game compiled with numba: the game :mod:`.batch` plays for experiments.

Read beside :mod:`.game`, :mod:`.estates`, :mod:`.trades` and :mod:`.bots`: each
function here names the method it follows, and does what it does in the same
order, so that the same draws make the same game. What it does not follow it
does not guess: it stops the game with ``st[STATUS] = UNCOVERED`` (and
``st[WHY]``), and :func:`.batch.play` plays that game with the reference
engine. Imported only when an experiment uses the batch path.

The state is in a few arrays, handed round as two tuples: ``S``, the rule set
and the bots (``v`` its numbers, ``sp`` per space, ``sets`` the colour groups,
the railroads and the utilities, ``ls`` its lists, ``ch`` the packs, ``bt`` and
``bf`` the bots' parameters), and ``D``, the game (``st`` its own numbers, ``pl``
per player, ``bd`` per space, ``held`` the Get Out of Jail Free cards held,
``packs`` the packs' order, ``props`` the trades proposed, ``dice`` the throws by
turn, ``worth`` and ``cash`` the round table, and scratch space: ``D[7]`` to ``D[12]``
and ``D[15]``, whose rows are named ``T_...``). :func:`game` makes them all once, as
the other functions cannot allocate (see ``_helper``).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from landlord.batch.kernel import helper
from landlord.families.monopoly.batch import (  # the arrays' rows and the numbers' indices
    ADVANCE,
    AMOUNT,
    AUCTION,
    BANK_HOTELS,
    BANK_HOUSES,
    BANKRUPT,
    BIDS,
    BUILD_TO,
    CAPPED,
    CARDS,
    CASH,
    CHANCE_SPACE,
    CHEST_SPACE,
    CLOSED,
    CNT0,
    COLLECT,
    COLLECT_FROM_EACH,
    EFFECT,
    END,
    EVER_BANKRUPT,
    FARES,
    FEE,
    FINE,
    FINE_TURNS,
    FIXED_PRICE,
    FULL_MULT,
    GET_OUT_OF_JAIL,
    GO_BACK_TO,
    GO_TO,
    GO_TO_JAIL,
    GO_TO_JAIL_CARD,
    GO_TO_START,
    GUIDE,
    HEAD0,
    HELD_LOTS,
    HOTELS0,
    HOUSE_COST,
    HOUSES,
    HOUSES0,
    HUNTS,
    IDLE_LOTS,
    IDLE_ROUNDS,
    INCOME_PCT,
    INCOME_SPACE,
    INTEREST_PCT,
    JAIL,
    JAIL_AFTER,
    JAIL_AGAIN,
    JAIL_TURNS,
    JAILED,
    KIND,
    KTURN,
    L0,
    LAND_RENT,
    LAST_LEFT,
    LAST_SNAP,
    LIFT_COST,
    MARKUP,
    MAX_JAIL,
    MAX_PRICE,
    MHELD,
    MIN_HOUSE_COST,
    MODE,
    MORT,
    MORTGAGE,
    MULTS,
    N_CARDS,
    N_DEALT,
    N_FARES,
    N_MULTS,
    N_SETS,
    N_STEPS,
    N_STREETS,
    NEAREST_RAILROAD,
    NEAREST_UTILITY,
    NEED_DRAWS,
    NHELD,
    NPROPS,
    OWNER,
    PACK0,
    PAY,
    PAY_EACH,
    PAY_OR_CHANCE,
    PAYS_FINE,
    PER_HOTEL,
    PER_LOT,
    POS,
    PRICE,
    RAIL_SET,
    RAILROAD,
    REPAIRS,
    RESERVE,
    ROUND,
    ROUND_CAP,
    ROUND_LIMIT,
    ROUND_LIMIT_AT,
    SCALE,
    SELL_PCT,
    SET,
    SHORTAGE,
    SIZE,
    SNAPS,
    START,
    STATUS,
    STEPS,
    STREET,
    STREETS,
    TALKS,
    TARGET,
    TAX,
    THROW_AGAIN,
    THROWN,
    TRADE_MARKUP,
    TRADES,
    TURNS,
    UNCOVERED,
    UTIL_SET,
    UTILITY,
    WAGES,
    WHY,
    WINNER,
    N,
)
from landlord.families.monopoly.batch import K as KDRAW

#: Draws a turn's row of the dice table holds (TurnStream.WIDTH).
WIDTH = 8
#: The bank, as a creditor or a payee.
BANKER = -1
#: Business before a throw (the turn decision), by kind.
ROLL, BUILD, HOTEL, LIFT, NEGOTIATE = range(5)
#: ``bd[HOUSES]`` of a lot with a hotel (estates.HOTEL).
HOTEL_HOUSES = 5
#: The rows of the scratch table ``D[15]``, one for each use, so that no call clobbers
#: what a call further up still holds there.
(
    T_BUILT,  # _sell_options: whether each group is built
    T_ORDER,  # _sell_options: the built groups in the order they are gone round
    T_KEPT,  # _go_bankrupt: the titles to auction
    T_STILL,  # _auction: the bidders still in
    T_ROUND,  # _auction: the bidders asked this time round
    T_BIDDERS,  # _auction_property: the bidders
    T_ABLE,  # _build: the players who want the building short
    T_TRADE,  # _talks: the trade proposed
    T_ASKED,  # _business_choice: the trade a strategy guide would propose
    T_SPACES,  # _talks: the titles exchanged
    T_TOS,  # _talks: their new holders
    T_ACTION,  # _business: the business chosen
    T_ACTIVE,  # _obey: the players left
    N_T,
) = range(14)

#: Every function but ``game`` (and what only ``game`` calls) is compiled by
#: :func:`landlord.batch.kernel.helper`: without numba's reference counting, so it makes
#: no array (``game`` makes them, once a game), and once, whatever constants it is passed.
_helper = helper


@_helper
def _uncovered(D, why):  # pragma: no cover
    st = D[0]
    if st[STATUS] == 0:
        st[STATUS] = UNCOVERED
        st[WHY] = why


@_helper
def _throw(D):  # pragma: no cover
    """GameState's THROW through TurnStream.uniform: an index into DICE, -1 if stopped."""
    st, dice = D[0], D[6]
    turn = st[TURNS]
    if st[KTURN] != turn:
        st[KTURN] = turn
        st[KDRAW] = 0
    if turn >= dice.shape[0]:
        if st[STATUS] == 0:
            st[STATUS] = NEED_DRAWS
        return -1
    k = st[KDRAW]
    st[KDRAW] = k + 1
    if k >= WIDTH:
        _uncovered(D, 1)
        return -1
    return int(dice[turn, k] * 36)


# --- Estates ---------------------------------------------------------------------------


@_helper
def _whole(S, D, player, k):  # pragma: no cover
    """Whether ``player`` holds set ``k`` whole, none of it mortgaged (Estates.ownership)."""
    sets, bd = S[2], D[2]
    for i in range(1, 1 + sets[k, 0]):
        s = sets[k, i]
        if bd[OWNER, s] != player or bd[MORT, s]:
            return False
    return True


@_helper
def _built_set(S, D, k):  # pragma: no cover
    """Whether any lot of colour group set ``k`` has a building (Estates.built)."""
    sets, bd = S[2], D[2]
    if sets[k, 5] < 0:
        return False
    for i in range(1, 1 + sets[k, 0]):  # noqa: SIM110 - numba has no any() of a generator
        if bd[HOUSES, sets[k, i]]:
            return True
    return False


@_helper
def _has_buildings(S, D, space):  # pragma: no cover
    """Estates.group_has_buildings."""
    sp = S[1]
    if sp[KIND, space] != STREET:
        return False
    return _built_set(S, D, sp[SET, space])


@_helper
def _rent(S, D, space, total, multiplier):  # pragma: no cover
    """Estates.rent."""
    v, sp, sets, ls, bd = S[0], S[1], S[2], S[3], D[2]
    holder = bd[OWNER, space]
    if holder < 0 or bd[MORT, space]:
        return 0
    kind = sp[KIND, space]
    if kind == STREET:
        built = bd[HOUSES, space]
        if built:
            return sp[L0 + built, space]
        rent = sp[L0, space]
        if _whole(S, D, holder, sp[SET, space]):
            rent *= v[FULL_MULT]
        return rent
    k = sp[SET, space]
    held = 0
    for i in range(1, 1 + sets[k, 0]):
        s = sets[k, i]
        if bd[OWNER, s] == holder and not bd[MORT, s]:
            held += 1
    if kind == RAILROAD:
        return ls[FARES, min(held, v[N_FARES]) - 1] * multiplier
    times = multiplier if multiplier > 1 else ls[MULTS, min(held, v[N_MULTS]) - 1]
    return times * total


@_helper
def _build_options(S, D, player, out):  # pragma: no cover
    """Estates.build_options: rows (space, hotel) into ``out``; returns how many."""
    v, sp, sets, bd, pl, st = S[0], S[1], S[2], D[2], D[1], D[0]
    count = 0
    cash = pl[CASH, player]
    for k in range(v[N_SETS]):
        if not _whole(S, D, player, k):
            continue
        m = sets[k, 0]
        low = 99
        for i in range(1, 1 + m):
            low = min(low, bd[HOUSES, sets[k, i]])
        if low == HOTEL_HOUSES:
            continue
        hotel = low == v[PER_LOT]
        cost = sp[HOUSE_COST, sets[k, 1]]
        left = st[BANK_HOTELS] > 0 if hotel else st[BANK_HOUSES] > 0
        if cost <= cash and left:
            for i in range(1, 1 + m):
                s = sets[k, i]
                if bd[HOUSES, s] == low:
                    out[count, 0] = s
                    out[count, 1] = hotel
                    count += 1
    return count


@_helper
def _sell_options(S, D, player, out):  # pragma: no cover
    """Estates.sell_options: spaces into ``out``, the groups in the order Python's set of
    them (Estates.built) goes round (a group numbered 8 first in a set of 4 or fewer,
    else by number); returns how many."""
    v, sets, bd = S[0], S[2], D[2]
    ngroups = v[N_SETS]
    built, order = D[15][T_BUILT], D[15][T_ORDER]
    nbuilt = 0
    for k in range(ngroups):
        built[k] = _built_set(S, D, k)
        nbuilt += built[k]
    table = 8 if nbuilt <= 4 else 32  # CPython's table for a set of that many
    m = 0
    for slot in range(table):
        for k in range(ngroups):
            if built[k] and sets[k, 5] % table == slot:
                order[m] = k
                m += 1
    count = 0
    for j in range(m):
        k = order[j]
        if bd[OWNER, sets[k, 1]] != player:
            continue
        high = 0
        for i in range(1, 1 + sets[k, 0]):
            high = max(high, bd[HOUSES, sets[k, i]])
        for i in range(1, 1 + sets[k, 0]):
            s = sets[k, i]
            if bd[HOUSES, s] == high:
                out[count] = s
                count += 1
    return count


@_helper
def _sell_building(S, D, space):  # pragma: no cover
    """Estates.sell_building: what the bank pays."""
    v, sp, sets, bd, st = S[0], S[1], S[2], D[2], D[0]
    half = sp[HOUSE_COST, space] * v[SELL_PCT] // 100
    if bd[HOUSES, space] != HOTEL_HOUSES:
        bd[HOUSES, space] -= 1
        st[BANK_HOUSES] += 1
        return half
    if st[BANK_HOUSES] >= v[PER_LOT]:
        bd[HOUSES, space] = v[PER_LOT]
        st[BANK_HOUSES] -= v[PER_LOT]
        st[BANK_HOTELS] += 1
        return half
    k = sp[SET, space]
    paid = 0
    for i in range(1, 1 + sets[k, 0]):
        lot = sets[k, i]
        built = bd[HOUSES, lot]
        if built == HOTEL_HOUSES:
            st[BANK_HOTELS] += 1
        else:
            st[BANK_HOUSES] += built
        paid += built * half
        bd[HOUSES, lot] = 0
    return paid


@_helper
def _mortgage_options(S, D, player, out):  # pragma: no cover
    """Estates.mortgage_options: spaces into ``out``; returns how many."""
    v, ls, bd = S[0], S[3], D[2]
    count = 0
    for i in range(v[N_CARDS]):
        s = ls[CARDS, i]
        if bd[OWNER, s] == player and not bd[MORT, s] and not _has_buildings(S, D, s):
            out[count] = s
            count += 1
    return count


@_helper
def _total_worth(S, D, player):  # pragma: no cover
    """Estates.total_worth."""
    v, sp, ls, bd, pl = S[0], S[1], S[3], D[2], D[1]
    worth = pl[CASH, player]
    for i in range(v[N_CARDS]):
        s = ls[CARDS, i]
        if bd[OWNER, s] == player:
            worth += sp[PRICE, s] + bd[HOUSES, s] * sp[HOUSE_COST, s]
    return worth


@_helper
def _net_worth(S, D, player):  # pragma: no cover
    """Estates.holdings_table's net worth of ``player`` now."""
    v, sp, ls, bd, pl = S[0], S[1], S[3], D[2], D[1]
    worth = pl[CASH, player]
    for i in range(v[N_CARDS]):
        s = ls[CARDS, i]
        if bd[OWNER, s] != player:
            continue
        value = sp[PRICE, s]
        if bd[MORT, s]:
            value -= sp[MORTGAGE, s]
        if sp[KIND, s] == STREET:
            value += bd[HOUSES, s] * sp[HOUSE_COST, s]
        worth += value
    return worth


@_helper
def _nearly(S, D, player, out):  # pragma: no cover
    """Estates.nearly_complete: rows (set, the missing lot) into ``out``; how many."""
    sets, bd = S[2], D[2]
    count = 0
    for k in range(S[0][RAIL_SET] + 1):
        m = sets[k, 0]
        mine = 0
        odd = -1
        unsold = False
        for i in range(1, 1 + m):
            s = sets[k, i]
            holder = bd[OWNER, s]
            if holder < 0:
                unsold = True
            if holder == player:
                mine += 1
            else:
                odd = s
        if not unsold and mine == m - 1 and m > 1:
            out[count, 0] = k
            out[count, 1] = odd
            count += 1
    return count


@_helper
def _completes(S, D, me, space):  # pragma: no cover
    """bots._completes: whether holding ``space`` completes ``me``'s set."""
    sets, bd = S[2], D[2]
    k = S[1][SET, space]
    for i in range(1, 1 + sets[k, 0]):
        s = sets[k, i]
        if s != space and bd[OWNER, s] != me:
            return False
    return True


# --- money (Monopoly._pay, _raise, _go_bankrupt) ---------------------------------------


@_helper
def _spare(S, D, player):  # pragma: no cover
    return D[1][CASH, player] - S[5][RESERVE, player] * S[0][SCALE]


@_helper
def _move_cash(D, payer, payee, amount):  # pragma: no cover
    """Ledger.transfer, for the players' cash (the bank's is not kept)."""
    pl = D[1]
    if payer >= 0:
        pl[CASH, payer] -= amount
    if payee >= 0:
        pl[CASH, payee] += amount


@_helper
def _raise(S, D, player, amount):  # pragma: no cover
    """Monopoly._raise with bots._raise: mortgage what earns least, then sell buildings;
    give up when neither is left (the bots never trade here)."""
    sp, pl, bd = S[1], D[1], D[2]
    scratch = D[10]
    while pl[CASH, player] < amount:
        count = _mortgage_options(S, D, player, scratch)
        if count:
            best, best_key = -1, 0
            for i in range(count):
                s = scratch[i]
                in_set = sp[KIND, s] == STREET and _whole(S, D, player, sp[SET, s])
                key = (1 if in_set else 0) * 1_000_000_000 + sp[PRICE, s]
                if best < 0 or key < best_key:
                    best, best_key = s, key
            bd[MORT, best] = 1
            pl[MHELD, player] += 1
            pl[CASH, player] += sp[MORTGAGE, best]
            continue
        count = _sell_options(S, D, player, scratch)
        if count:
            best = scratch[0]
            for i in range(1, count):
                if sp[HOUSE_COST, scratch[i]] < sp[HOUSE_COST, best]:
                    best = scratch[i]
            pl[CASH, player] += _sell_building(S, D, best)
            continue
        return


@_helper
def _return_jail_card(S, D, player):  # pragma: no cover
    """Monopoly._return_jail_card: the last card held to the bottom of its pack."""
    pl, held, packs, st = D[1], D[3], D[4], D[0]
    pl[NHELD, player] -= 1
    code = held[player, pl[NHELD, player]]
    pack, card = code // 64, code % 64
    size = S[0][PACK0 + pack]
    head, count = st[HEAD0 + 2 * pack], st[CNT0 + 2 * pack]
    packs[pack, (head + count) % size] = card
    st[CNT0 + 2 * pack] = count + 1


@_helper
def _lift(S, D, player, space):  # pragma: no cover
    """Monopoly._lift."""
    D[1][CASH, player] -= S[1][LIFT_COST, space]
    D[2][MORT, space] = 0
    D[1][MHELD, player] -= 1


@_helper
def _titles(S, D, spaces, tos, m):  # pragma: no cover
    """Estates.hand_over for each move, all at once."""
    bd, pl = D[2], D[1]
    for j in range(m):
        space, to = spaces[j], tos[j]
        holder = bd[OWNER, space]
        bd[OWNER, space] = to
        if bd[MORT, space]:
            pl[MHELD, holder] -= 1
            pl[MHELD, to] += 1


@_helper
def _interest(S, D, spaces, tos, m, first):  # pragma: no cover
    """Monopoly._hand_over after the titles, from move ``first``: each mortgaged title
    lifted or its interest paid (bots._mortgaged). Returns the move whose new holder
    cannot pay the interest (he goes bankrupt to the bank), or -1."""
    v, sp, bd, pl = S[0], S[1], D[2], D[1]
    for j in range(first, m):
        space, to = spaces[j], tos[j]
        if not bd[MORT, space] or bd[OWNER, space] != to or pl[BANKRUPT, to]:
            continue
        lift = sp[LIFT_COST, space]
        if pl[CASH, to] >= lift and _spare(S, D, to) >= lift:
            _lift(S, D, to, space)
            continue
        interest = -(-sp[MORTGAGE, space] * v[INTEREST_PCT] // 100)
        if interest <= 0:
            continue
        if pl[CASH, to] < interest:
            _raise(S, D, to, interest)
            if pl[CASH, to] < interest:
                return j
        pl[CASH, to] -= interest
    return -1


@_helper
def _next_active(S, D, player):  # pragma: no cover
    """Monopoly._next_active."""
    n = S[0][N]
    for step in range(1, n + 1):
        other = (player + step) % n
        if not D[1][BANKRUPT, other]:
            return other
    return player


@_helper
def _go_bankrupt(S, D, player, creditor):  # pragma: no cover
    """Monopoly._go_bankrupt."""
    v, ls, pl, bd, held, st = S[0], S[3], D[1], D[2], D[3], D[0]
    pl[BANKRUPT, player] = 1
    pl[JAILED, player] = 0
    st[EVER_BANKRUPT] = 1
    for i in range(v[N_STREETS]):
        s = ls[STREETS, i]
        if bd[OWNER, s] == player:
            while bd[HOUSES, s]:
                pl[CASH, player] += _sell_building(S, D, s)
    cash = pl[CASH, player]
    if cash > 0:
        _move_cash(D, player, creditor, cash)
    spaces, tos = D[11], D[12]
    m = 0
    for i in range(v[N_CARDS]):
        s = ls[CARDS, i]
        if bd[OWNER, s] == player:
            spaces[m] = s
            tos[m] = creditor
            m += 1
    if creditor >= 0:
        for i in range(pl[NHELD, player]):
            held[creditor, pl[NHELD, creditor]] = held[player, i]
            pl[NHELD, creditor] += 1
        pl[NHELD, player] = 0
        _titles(S, D, spaces, tos, m)
        if _interest(S, D, spaces, tos, m, 0) >= 0:
            _uncovered(D, 2)
        return
    while pl[NHELD, player]:
        _return_jail_card(S, D, player)
    for j in range(m):
        bd[OWNER, spaces[j]] = -1
        bd[MORT, spaces[j]] = 0
    pl[MHELD, player] = 0
    active = 0
    for p in range(v[N]):
        if not pl[BANKRUPT, p]:
            active += 1
    if active > 1:
        kept = D[15][T_KEPT]
        for j in range(m):
            kept[j] = spaces[j]
        for j in range(m):
            _auction_property(S, D, kept[j], _next_active(S, D, player))


@_helper
def _pay(S, D, player, to, amount, land):  # pragma: no cover
    """Monopoly._pay: short of cash, raise it; unable to, go bankrupt to ``to``."""
    pl, st = D[1], D[0]
    if amount <= 0 or pl[BANKRUPT, player]:
        return
    if pl[CASH, player] < amount:
        _raise(S, D, player, amount)
        if pl[CASH, player] < amount:
            _go_bankrupt(S, D, player, to)
            return
    _move_cash(D, player, to, amount)
    if land:
        st[LAND_RENT] += amount


# --- auctions (Monopoly._bids, _auction, _auction_property; bots._bid, _guide_bid) -----


@_helper
def _anyone_else_has_a_group(S, D, me):  # pragma: no cover
    """bots._anyone_else_has_a_group."""
    sets, bd = S[2], D[2]
    for k in range(S[0][N_SETS]):
        holder = bd[OWNER, sets[k, 1]]
        if holder < 0 or holder == me:
            continue
        whole = True
        for i in range(1, 1 + sets[k, 0]):
            if bd[OWNER, sets[k, i]] != holder:
                whole = False
        if whole:
            return True
    return False


@_helper
def _guide_wants(S, D, me, space):  # pragma: no cover
    """bots._guide_wants."""
    sp, sets, bd = S[1], S[2], D[2]
    kind = sp[KIND, space]
    if kind == RAILROAD:
        return True
    if kind == UTILITY:
        return False
    if _completes(S, D, me, space):
        return True
    k = sp[SET, space]
    first = -2
    several = False
    for i in range(1, 1 + sets[k, 0]):
        s = sets[k, i]
        if s == space or bd[OWNER, s] == me:
            continue
        if first == -2:
            first = bd[OWNER, s]
        elif bd[OWNER, s] != first:
            several = True
    if not several and first != -2 and first != -1:
        return True
    return not _anyone_else_has_a_group(S, D, me)


@_helper
def _price_limit(S, me, space):  # pragma: no cover
    """bots._price_limit."""
    price = S[1][PRICE, space]
    bt = S[5]
    if bt[MAX_PRICE, me] and price > bt[MAX_PRICE, me] * S[0][SCALE]:
        return 0
    return int(price * S[6][MARKUP, me])


@_helper
def _bid(S, D, bidder, high, floor, space, lander):  # pragma: no cover
    """Monopoly._bids and the bidder's answer (bots._bid, _guide_bid, _bid_up_to): the bid,
    0 for Pass, -1 if he has nothing to bid (no question asked)."""
    v, sp, ls, bt, bf, pl = S[0], S[1], S[3], S[5], S[6], D[1]
    cash = pl[CASH, bidder]
    start = max(high, floor - ls[STEPS, 0])
    if start + ls[STEPS, 0] > cash:
        return -1
    spare = _spare(S, D, bidder)
    if space < 0 or not bt[GUIDE, bidder]:
        if not bt[BIDS, bidder] and lander != bidder:
            return 0
        if space < 0:
            limit = int(v[MIN_HOUSE_COST] * bf[MARKUP, bidder] * 2)
        else:
            limit = _price_limit(S, bidder, space)
    else:
        price = sp[PRICE, space]
        if sp[KIND, space] == UTILITY:
            limit = price // 2
        elif _guide_wants(S, D, bidder, space):
            if _completes(S, D, bidder, space):
                limit = int(price * bf[TRADE_MARKUP, bidder])
            else:
                limit = int(price * bf[MARKUP, bidder])
        else:
            limit = price // 2
    limit = min(limit, spare)
    price = sp[PRICE, space] if space >= 0 else 0
    wanted = high + price // 10
    best = 0
    for j in range(v[N_STEPS]):
        amount = start + ls[STEPS, j]
        if amount > cash:
            break
        if amount <= limit and (best == 0 or (best < wanted and amount > best)):
            best = amount
    return best


@_helper
def _auction(S, D, space, first, floor, bidders, nb):  # pragma: no cover
    """Monopoly._auction: bids round ``bidders[:nb]`` from ``first``; (winner or -1, price)."""
    still, snapshot = D[15][T_STILL], D[15][T_ROUND]
    at = 0
    for i in range(nb):
        if bidders[i] == first:
            at = i
    for i in range(nb):
        still[i] = bidders[(at + i) % nb]
    left = nb
    high, leader = 0, -1
    while left and not (left == 1 and still[0] == leader):
        m = left
        for j in range(m):
            snapshot[j] = still[j]
        for j in range(m):
            bidder = snapshot[j]
            if bidder == leader:
                continue
            if left == 1 and still[0] == leader:
                break
            answer = _bid(S, D, bidder, high, floor, space, first)
            if answer > 0:
                high, leader = answer, bidder
                continue
            for i in range(left):
                if still[i] == bidder:
                    for q in range(i, left - 1):
                        still[q] = still[q + 1]
                    left -= 1
                    break
    return leader, high


@_helper
def _auction_property(S, D, space, lander):  # pragma: no cover
    """Monopoly._auction_property."""
    v, pl, bd = S[0], D[1], D[2]
    n = v[N]
    bidders = D[15][T_BIDDERS]
    nb = 0
    lander_at = -1
    for p in range(n):
        if not pl[BANKRUPT, p]:
            if p == lander:
                lander_at = nb
            bidders[nb] = p
            nb += 1
    if lander_at < 0:
        start = bidders[0]
    elif v[MODE] == AUCTION:
        start = lander
    else:
        start = bidders[(lander_at + 1) % nb]
    winner, price = _auction(S, D, space, start, 0, bidders, nb)
    if winner >= 0:
        pl[CASH, winner] -= price
        bd[OWNER, space] = winner


# --- building (Monopoly._build, _wants, _shortage, _place) -----------------------------


@_helper
def _place(S, D, player, space, hotel, price):  # pragma: no cover
    """Monopoly._place and Estates.place."""
    st, bd = D[0], D[2]
    D[1][CASH, player] -= price
    if hotel:
        bd[HOUSES, space] = HOTEL_HOUSES
        st[BANK_HOTELS] -= 1
        st[BANK_HOUSES] += S[0][PER_LOT]
    else:
        bd[HOUSES, space] += 1
        st[BANK_HOUSES] -= 1


@_helper
def _wants(S, D, player, hotel, out):  # pragma: no cover
    """Monopoly._wants."""
    count = _build_options(S, D, player, out)
    for i in range(count):  # noqa: SIM110 - numba has no any() of a generator
        if out[i, 1] == hotel:
            return True
    return False


@_helper
def _build(S, D, player, space, hotel):  # pragma: no cover
    """Monopoly._build (and _shortage: the building auctioned among those able)."""
    v, sp, pl, st = S[0], S[1], D[1], D[0]
    n = v[N]
    options = D[9]
    if v[SHORTAGE]:
        stock = st[BANK_HOTELS] if hotel else st[BANK_HOUSES]
        if stock < n:
            able = D[15][T_ABLE]
            na = 0
            for p in range(n):
                if not pl[BANKRUPT, p] and _wants(S, D, p, hotel, options):
                    able[na] = p
                    na += 1
            if na > 1 and stock < na:
                st[CLOSED] = 1
                cost = -1
                for j in range(na):
                    count = _build_options(S, D, able[j], options)
                    for i in range(count):
                        if options[i, 1] == hotel:
                            c = sp[HOUSE_COST, options[i, 0]]
                            if cost < 0 or c < cost:
                                cost = c
                winner, price = _auction(S, D, -1, player, cost, able, na)
                if winner < 0:
                    return
                count = _build_options(S, D, winner, options)
                chosen = -1
                fallback = -1
                for i in range(count):
                    if options[i, 1] == hotel:
                        if fallback < 0:
                            fallback = options[i, 0]
                        if chosen < 0 and sp[HOUSE_COST, options[i, 0]] <= price:
                            chosen = options[i, 0]
                if chosen < 0:
                    chosen = fallback
                if chosen < 0 or pl[CASH, winner] < price:
                    return
                _place(S, D, winner, chosen, hotel, price)
                return
    _place(S, D, player, space, hotel, sp[HOUSE_COST, space])


# --- trades (Trades, Monopoly._talks, _exchange; bots._group_trade, _offer) ------------


@_helper
def _possible(S, D, player):  # pragma: no cover
    """Trades.possible."""
    pl, bd = D[1], D[2]
    for s in range(S[0][SIZE]):
        if bd[OWNER, s] >= 0:
            return True
    for p in range(S[0][N]):  # noqa: SIM110 - numba has no any() of a generator
        if pl[NHELD, p]:
            return True
    return False


@_helper
def _refused_lately(D, me, partner, give, take, cash):  # pragma: no cover
    """Trades.refused_lately (five rounds)."""
    st, props = D[0], D[5]
    since = st[ROUND] - 5
    for j in range(st[NPROPS] - 1, -1, -1):
        row = props[j]
        if row[0] < since:
            return False
        if (row[1] == me and row[2] == partner and row[3] == give and row[4] == take
                and row[5] == cash and not row[6]):  # fmt: skip
            return True
    return False


@_helper
def _group_trade(S, D, me, spare, multiple, trade):  # pragma: no cover
    """bots._group_trade: the trade into ``trade`` (partner, give, take, cash); False if none."""
    sp, sets, bd, pl = S[1], S[2], D[2], D[1]
    mine = D[7]
    theirs = D[8]
    count = _nearly(S, D, me, mine)
    for j in range(count):
        k, space = mine[j, 0], mine[j, 1]
        holder = bd[OWNER, space]
        if _has_buildings(S, D, space):
            continue
        others = _nearly(S, D, holder, theirs)
        for q in range(others):
            swap = theirs[q, 1]
            if bd[OWNER, swap] != me:
                continue
            member = False
            for i in range(1, 1 + sets[k, 0]):
                if sets[k, i] == swap:
                    member = True
            if member:
                continue
            cash = max(0, sp[PRICE, space] - sp[PRICE, swap])
            if _refused_lately(D, me, holder, swap, space, cash):
                continue
            if _has_buildings(S, D, swap) or cash > pl[CASH, me]:
                continue
            trade[0], trade[1], trade[2], trade[3] = holder, swap, space, cash
            return True
        cash = int(sp[PRICE, space] * multiple)
        if cash <= spare:
            if _refused_lately(D, me, holder, -1, space, cash):
                continue
            if cash > pl[CASH, me]:
                continue
            trade[0], trade[1], trade[2], trade[3] = holder, -1, space, cash
            return True
    return False


@_helper
def _wanted_trade(S, D, me, trade):  # pragma: no cover
    """bots._wanted_trade (a hunter's) or bots._guide_trade_wanted."""
    bt, bf = S[5], S[6]
    if bt[GUIDE, me]:
        return _group_trade(S, D, me, _spare(S, D, me), bf[TRADE_MARKUP, me], trade)
    if not bt[HUNTS, me]:
        return False
    return _group_trade(S, D, me, _spare(S, D, me), 2 * bf[MARKUP, me], trade)


@_helper
def _strategy_wants_trade(S, D, me, trade):  # pragma: no cover
    """bots._wanted_trade, for any bot (the strategy guide's _turn asks it too)."""
    if not S[5][HUNTS, me]:
        return False
    return _group_trade(S, D, me, _spare(S, D, me), 2 * S[6][MARKUP, me], trade)


@_helper
def _accepts(S, D, me, proposer, give, take, cash):  # pragma: no cover
    """bots._offer and _guide_offer: whether ``me`` accepts."""
    sp = S[1]
    if S[5][GUIDE, me]:
        mutual = give >= 0 and _completes(S, D, me, give)
        if _completes(S, D, proposer, take) and not mutual and cash < 3 * sp[PRICE, take]:
            return False
    gets = cash
    gives = sp[PRICE, take]
    if give >= 0:
        gets += sp[PRICE, give]
        if _completes(S, D, me, give):
            gets += 2 * sp[PRICE, give]
    if _completes(S, D, proposer, take):
        gives += 2 * sp[PRICE, take]
    affordable = -cash <= max(0, _spare(S, D, me))
    return affordable and gets >= gives


@_helper
def _talks(S, D, player):  # pragma: no cover
    """Monopoly._talks (need 0) and _exchange."""
    st, props, pl = D[0], D[5], D[1]
    trade = D[15][T_TRADE]
    if not _wanted_trade(S, D, player, trade):
        return
    partner, give, take, cash = trade[0], trade[1], trade[2], trade[3]
    accepted = _accepts(S, D, partner, player, give, take, cash)
    j = st[NPROPS]
    if j >= props.shape[0]:
        _uncovered(D, 3)
        return
    props[j, 0], props[j, 1], props[j, 2], props[j, 3] = st[ROUND], player, partner, give
    props[j, 4], props[j, 5], props[j, 6] = take, cash, accepted
    st[NPROPS] = j + 1
    if not accepted:
        return
    st[TRADES] += 1
    if cash > 0:
        _move_cash(D, player, partner, cash)
    elif cash < 0:
        _move_cash(D, partner, player, -cash)
    spaces, tos = D[15][T_SPACES], D[15][T_TOS]
    m = 0
    if give >= 0:
        spaces[m], tos[m] = give, partner
        m += 1
    spaces[m], tos[m] = take, player
    m += 1
    _titles(S, D, spaces, tos, m)
    first = 0
    while True:
        j = _interest(S, D, spaces, tos, m, first)
        if j < 0 or st[STATUS]:
            return
        if pl[BANKRUPT, tos[j]]:  # pragma: no cover - _interest skips them
            return
        _go_bankrupt(S, D, tos[j], BANKER)
        first = j + 1


# --- a turn (Monopoly._turn, _business, business_actions; bots._turn, _guide_turn) ------


@_helper
def _business_choice(S, D, player, action):  # pragma: no cover
    """Monopoly.business_actions and the player's answer: the kind of business into
    ``action`` (kind, space); False when the throw is his only choice (no question)."""
    v, sp, bt, pl, st = S[0], S[1], S[5], D[1], D[0]
    builds = D[9]
    nb = 0 if st[CLOSED] else _build_options(S, D, player, builds)
    lifts = D[10]
    nl = 0
    if pl[MHELD, player]:
        ls = S[3]
        for i in range(v[N_CARDS]):
            s = ls[CARDS, i]
            mine = D[2][MORT, s] and D[2][OWNER, s] == player
            if mine and sp[LIFT_COST, s] <= pl[CASH, player]:
                lifts[nl] = s
                nl += 1
    talks = st[TALKS] > 0 and _possible(S, D, player)
    if nb + nl + (1 if talks else 0) == 0:
        return False
    trade = D[15][T_ASKED]
    action[0], action[1] = ROLL, -1
    if bt[GUIDE, player] and talks and _wanted_trade(S, D, player, trade):
        action[0] = NEGOTIATE
        return True
    if nb + nl == 0:  # the usual turn: throw, or talk about the set he nearly holds
        mine = D[7]
        if _nearly(S, D, player, mine) == 0:
            return True
    spare = pl[CASH, player] - bt[RESERVE, player] * v[SCALE]
    best_kind, best = ROLL, -1
    for i in range(nb):
        s, hotel = builds[i, 0], builds[i, 1]
        cost = sp[HOUSE_COST, s]
        if not hotel:
            low = D[2][HOUSES, s] < bt[BUILD_TO, player] and spare >= cost
            if low and (best < 0 or cost > sp[HOUSE_COST, best]):
                best_kind, best = BUILD, s
        elif bt[BUILD_TO, player] > v[PER_LOT] and spare >= cost and best < 0:
            best_kind, best = HOTEL, s
    for i in range(nl):
        s = lifts[i]
        if spare >= 2 * sp[LIFT_COST, s] and best < 0:
            best_kind, best = LIFT, s
    if talks and best < 0 and _strategy_wants_trade(S, D, player, trade):
        best_kind = NEGOTIATE
    action[0], action[1] = best_kind, best
    return True


@_helper
def _business(S, D, player):  # pragma: no cover
    """Monopoly._business (and the first question of _turn): business until the throw."""
    st, pl = D[0], D[1]
    action = D[15][T_ACTION]
    while not pl[BANKRUPT, player] and st[STATUS] == 0:
        if not _business_choice(S, D, player, action):
            return
        kind, space = action[0], action[1]
        if kind == ROLL:
            return
        if kind == NEGOTIATE:
            st[TALKS] -= 1
            _talks(S, D, player)
        elif kind == LIFT:
            _lift(S, D, player, space)
        else:
            _build(S, D, player, space, kind == HOTEL)


@_helper
def _jail_turn(S, D, player):  # pragma: no cover
    """Monopoly._jail_turn with bots._jail / _guide_jail: the throw that moves him out
    (an index into DICE), or -1."""
    v, bt, pl = S[0], S[5], D[1]
    can_pay = pl[JAIL_TURNS, player] < v[FINE_TURNS] and pl[CASH, player] >= v[FINE]
    has_card = pl[NHELD, player] > 0
    choice = 0  # try for doubles
    if can_pay or has_card:
        if bt[GUIDE, player] and _anyone_else_has_a_group(S, D, player):
            choice = 0
        elif has_card:
            choice = 2
        elif bt[PAYS_FINE, player] and can_pay and _spare(S, D, player) >= v[FINE]:
            choice = 1
    if choice == 1:
        pl[CASH, player] -= v[FINE]
        pl[JAILED, player] = 0
        return -1
    if choice == 2:
        _return_jail_card(S, D, player)
        pl[JAILED, player] = 0
        return -1
    throw = _throw(D)
    if throw < 0:
        return -1
    d1, d2 = throw // 6 + 1, throw % 6 + 1
    D[0][THROWN] = d1 + d2
    if d1 == d2:
        pl[JAILED, player] = 0
        return throw
    pl[JAIL_TURNS, player] += 1
    if pl[JAIL_TURNS, player] < v[MAX_JAIL]:
        return -1
    _pay(S, D, player, BANKER, v[FINE], False)
    if pl[BANKRUPT, player]:
        return -1
    pl[JAILED, player] = 0
    return throw


@_helper
def _turn(S, D, player):  # pragma: no cover
    """Monopoly._turn."""
    v, pl, st = S[0], D[1], D[0]
    doubles = 0
    st[TALKS] = 1
    if pl[JAILED, player]:
        st[CLOSED] = 0
        _business(S, D, player)
        if pl[BANKRUPT, player] or st[STATUS]:
            return
        throw = _jail_turn(S, D, player)
        if pl[JAILED, player] or pl[BANKRUPT, player] or st[STATUS]:
            return
        if throw >= 0:
            d1, d2 = throw // 6 + 1, throw % 6 + 1
            _move(S, D, player, d1 + d2, -1, -1)
            if d1 != d2 or not v[JAIL_AGAIN]:
                return
            if pl[JAILED, player] or pl[BANKRUPT, player] or st[STATUS]:
                return
            doubles = 1
    while True:
        st[CLOSED] = 0
        _business(S, D, player)
        if pl[BANKRUPT, player] or st[STATUS]:
            return
        throw = _throw(D)
        if throw < 0:
            return
        d1, d2 = throw // 6 + 1, throw % 6 + 1
        st[THROWN] = d1 + d2
        double = d1 == d2
        if double:
            doubles += 1
            if doubles == v[JAIL_AFTER]:
                _send_to_jail(S, D, player)
                return
        _move(S, D, player, d1 + d2, -1, -1)
        if st[STATUS]:
            return
        if not double or not v[THROW_AGAIN] or pl[JAILED, player] or pl[BANKRUPT, player]:
            return


# --- moving, landing, cards (Monopoly._move, _go_to, _land, _pay_rent, _unowned, _tax,
# _draw, _obey) -------------------------------------------------------------------------


@_helper
def _move(S, D, player, steps, pack, card):  # pragma: no cover
    """Monopoly._move, _go_to and _land, and the cards that move the player on
    (Monopoly._draw and _obey): a loop here, where the reference engine calls itself
    (``pack``, ``card``: the card that moved him, or -1). A ``steps`` of 0 is
    ``go_back_to``'s jump to ``card``'s target."""
    v, sp, sets, ch, pl, bd = S[0], S[1], S[2], S[4], D[1], D[2]
    size = v[SIZE]
    jump = -1
    while True:
        pos = pl[POS, player]
        if jump >= 0:  # go_back_to: no salary
            to = jump
        else:
            to = (pos + steps) % size
            if steps > 0 and pos + steps >= size:
                pl[CASH, player] += v[WAGES]
        pl[POS, player] = to
        kind = sp[KIND, to]
        if kind in (STREET, RAILROAD, UTILITY):
            holder = bd[OWNER, to]
            if holder < 0:
                _unowned(S, D, player, to)
            elif holder != player and not bd[MORT, to]:
                _pay_rent(S, D, player, to, pack, card)
            return
        if kind == TAX:
            _tax(S, D, player, to)
            return
        if kind == GO_TO_JAIL:
            _send_to_jail(S, D, player)
            return
        if kind != CHANCE_SPACE and kind != CHEST_SPACE:
            return
        pack = 0 if kind == CHANCE_SPACE else 1
        while True:
            card = _draw(S, D, player, pack)
            if card < 0:
                return
            effect = ch[pack, EFFECT, card]
            if effect == PAY_OR_CHANCE and _spare(S, D, player) < ch[pack, AMOUNT, card]:
                pack = 0  # bots._card: draw a Chance card instead
                continue
            break
        effect = ch[pack, EFFECT, card]
        jump = -1
        target = -1
        if effect == GO_TO:
            target = ch[pack, TARGET, card]
        elif effect == GO_TO_START:
            target = v[START]
        elif effect == GO_BACK_TO:
            jump = ch[pack, TARGET, card]
        elif effect == ADVANCE:
            steps = ch[pack, AMOUNT, card]
        elif effect in (NEAREST_RAILROAD, NEAREST_UTILITY):
            k = v[RAIL_SET] if effect == NEAREST_RAILROAD else v[UTIL_SET]
            best = 0
            for i in range(1, 1 + sets[k, 0]):
                s = sets[k, i]
                gap = (s - to) % size
                if gap == 0:
                    gap = size
                if target < 0 or gap < best:
                    target, best = s, gap
        else:
            _obey(S, D, player, pack, card)
            return
        if target >= 0:
            steps = (target - to) % size
            if steps == 0:
                steps = size
        if effect != NEAREST_RAILROAD and effect != NEAREST_UTILITY:
            pack, card = -1, -1


@_helper
def _send_to_jail(S, D, player):  # pragma: no cover
    """Monopoly.send_to_jail."""
    pl = D[1]
    pl[JAILED, player] = 1
    pl[JAIL_TURNS, player] = 0
    pl[POS, player] = S[0][JAIL]


@_helper
def _pay_rent(S, D, player, space, pack, card):  # pragma: no cover
    """Monopoly._pay_rent (the rent always claimed: the bots always ask)."""
    sp, ch, bd, st = S[1], S[4], D[2], D[0]
    holder = bd[OWNER, space]
    effect = ch[pack, EFFECT, card] if card >= 0 else -1
    if effect == NEAREST_UTILITY:
        throw = _throw(D)
        if throw < 0:
            return
        rent = _rent(S, D, space, throw // 6 + throw % 6 + 2, ch[pack, AMOUNT, card])
    elif sp[KIND, space] == UTILITY:
        rent = _rent(S, D, space, st[THROWN], 1)
    elif effect == NEAREST_RAILROAD:
        rent = _rent(S, D, space, 7, ch[pack, AMOUNT, card])
    else:
        rent = _rent(S, D, space, 7, 1)
    if rent <= 0:
        return
    land = sp[KIND, space] == STREET and bd[HOUSES, space] == 0
    _pay(S, D, player, holder, rent, land)


@_helper
def _unowned(S, D, player, space):  # pragma: no cover
    """Monopoly._unowned with bots._buy / _guide_buy."""
    v, sp, bt, pl, bd = S[0], S[1], S[5], D[1], D[2]
    price = sp[PRICE, space]
    if v[MODE] != AUCTION and pl[CASH, player] >= price:
        if bt[GUIDE, player]:
            buys = _guide_wants(S, D, player, space) and _spare(S, D, player) >= price
        else:
            buys = _price_limit(S, player, space) >= price and _spare(S, D, player) >= price
        if buys:
            pl[CASH, player] -= price
            bd[OWNER, space] = player
            return
    if v[MODE] != FIXED_PRICE:
        _auction_property(S, D, space, player)


@_helper
def _tax(S, D, player, space):  # pragma: no cover
    """Monopoly._tax with bots._income_tax."""
    v, sp = S[0], S[1]
    fee = sp[FEE, space]
    if space == v[INCOME_SPACE] and v[INCOME_PCT]:
        percent = _total_worth(S, D, player) * v[INCOME_PCT] // 100
        if percent < fee:
            fee = percent
    _pay(S, D, player, BANKER, fee, False)


@_helper
def _draw(S, D, player, pack):  # pragma: no cover
    """Monopoly._draw (the packs in order, each card to the bottom): the card to obey,
    or -1 (a Get Out of Jail Free card kept, or every card held)."""
    v, ch, pl, held, packs, st = S[0], S[4], D[1], D[3], D[4], D[0]
    size = v[PACK0 + pack]
    count = st[CNT0 + 2 * pack]
    if count == 0:
        return -1
    head = st[HEAD0 + 2 * pack]
    card = packs[pack, head]
    st[HEAD0 + 2 * pack] = (head + 1) % size
    st[CNT0 + 2 * pack] = count - 1
    if ch[pack, EFFECT, card] == GET_OUT_OF_JAIL:
        held[player, pl[NHELD, player]] = pack * 64 + card
        pl[NHELD, player] += 1
        return -1
    packs[pack, (head + count) % size] = card
    st[CNT0 + 2 * pack] = count
    return card


@_helper
def _obey(S, D, player, pack, card):  # pragma: no cover
    """Monopoly._obey, for the cards that do not move the player (_move follows those)."""
    v, ch, pl, bd = S[0], S[4], D[1], D[2]
    effect = ch[pack, EFFECT, card]
    amount = ch[pack, AMOUNT, card]
    n = v[N]
    if effect == GO_TO_JAIL_CARD:
        _send_to_jail(S, D, player)
    elif effect in (PAY, PAY_OR_CHANCE):  # _move drew for the other choice
        _pay(S, D, player, BANKER, amount, False)
    elif effect == COLLECT:
        pl[CASH, player] += amount
    elif effect in (PAY_EACH, COLLECT_FROM_EACH):
        active = D[15][T_ACTIVE]
        na = 0
        for p in range(n):
            if not pl[BANKRUPT, p]:
                active[na] = p
                na += 1
        for i in range(na):
            other = active[i]
            if other == player:
                continue
            if effect == PAY_EACH:
                if not pl[BANKRUPT, player]:
                    _pay(S, D, player, other, amount, False)
            else:
                _pay(S, D, other, player, amount, False)
            if D[0][STATUS]:
                return
    elif effect == REPAIRS:
        houses = hotels = 0
        for s in range(v[SIZE]):
            built = bd[HOUSES, s]
            if built and bd[OWNER, s] == player:
                if built == HOTEL_HOUSES:
                    hotels += 1
                else:
                    houses += built
        _pay(S, D, player, BANKER, houses * amount + hotels * ch[pack, PER_HOTEL, card], False)


# --- the game (GameState._flow, Monopoly._after_turn, _end_at, _snapshot) --------------


@_helper
def _snapshot(S, D):  # pragma: no cover
    """GameState._snapshot: the round's figures (a snapshot of the same round replaced),
    and the money row (scorecard.money_by_round): each player's cash, the bank's balance
    (the only pile: minus what the players hold), the land rent so far, none to a
    Treasury."""
    st, pl, worth, cash = D[0], D[1], D[13], D[14]
    k = st[SNAPS]
    if k and st[LAST_SNAP] == st[ROUND]:  # the last snapshot is of this round
        k -= 1
    n = S[0][N]
    held = 0
    for p in range(n):
        worth[k, p] = _net_worth(S, D, p)
        cash[k, p] = pl[CASH, p]
        held += pl[CASH, p]
    cash[k, n] = -held
    cash[k, n + 1] = st[LAND_RENT]
    cash[k, n + 2] = 0
    if st[ROUND]:  # scorecard.idle_land: the streets held idle at a round's end
        if k < st[SNAPS]:  # the same round's again: counted once
            st[IDLE_ROUNDS] -= st[IDLE_LOTS]
        _idle_streets(S, D)
        st[IDLE_ROUNDS] += st[IDLE_LOTS]
    st[SNAPS] = k + 1
    st[LAST_SNAP] = st[ROUND]


@_helper
def _idle_streets(S, D):  # pragma: no cover
    """The streets held with no building, and the streets held, into ``st[IDLE_LOTS]`` and
    ``st[HELD_LOTS]`` (scorecard.idle_land)."""
    v, ls = S[0], S[3]
    st, bd = D[0], D[2]
    idle = held = 0
    for j in range(v[N_STREETS]):
        space = ls[STREETS, j]
        if bd[OWNER, space] >= 0:
            held += 1
            idle += bd[HOUSES, space] == 0
    st[IDLE_LOTS], st[HELD_LOTS] = idle, held


@_helper
def _richest(S, D):  # pragma: no cover
    """Monopoly._end_at's winner: the richest player left (the first of equals)."""
    best, top = -1, 0
    for p in range(S[0][N]):
        if D[1][BANKRUPT, p]:
            continue
        w = _net_worth(S, D, p)
        if best < 0 or w > top:
            best, top = p, w
    return best


@njit(cache=True)
def game(v, sp, sets, ls, ch, bt, bf, start_cash, packs, dealt, dice, worth, cash, st,
         props):  # pragma: no cover  # fmt: skip
    """One game, GameState._flow with Monopoly's set-up, turns and end, into ``worth``
    and ``cash`` (a row per round's end) and ``st``."""
    n, size = v[N], v[SIZE]
    st[:] = 0
    st[THROWN] = 7
    st[KTURN] = -1
    st[BANK_HOUSES], st[BANK_HOTELS] = v[HOUSES0], v[HOTELS0]
    st[CNT0], st[CNT0 + 2] = v[PACK0], v[PACK0 + 1]
    pl = np.zeros((7, n), np.int64)
    pl[CASH, :] = start_cash
    pl[POS, :] = v[START]
    bd = np.zeros((3, size), np.int64)
    bd[OWNER, :] = -1
    held = np.zeros((n, 64), np.int64)
    own_packs = packs.copy()
    rows = max(64, size, n)
    S = (v, sp, sets, ls, ch, bt, bf)
    D = (st, pl, bd, held, own_packs, props, dice, np.zeros((rows, 2), np.int64),
         np.zeros((rows, 2), np.int64), np.zeros((rows, 2), np.int64),
         np.zeros(rows, np.int64), np.zeros(rows, np.int64), np.zeros(rows, np.int64), worth,
         cash, np.zeros((N_T, rows), np.int64))  # fmt: skip
    for k in range(v[N_DEALT]):  # Monopoly._deal_deeds
        card = dealt[k]
        player = k % n
        pl[CASH, player] -= sp[PRICE, card]
        bd[OWNER, card] = player
    _snapshot(S, D)
    st[ROUND] = 1
    player = 0
    last = n - 1
    limit = v[ROUND_LIMIT_AT]
    while True:
        if not pl[BANKRUPT, player]:
            _turn(S, D, player)
            if st[STATUS]:
                return
            st[TURNS] += 1
            if st[EVER_BANKRUPT]:
                left, alone = 0, -1
                for p in range(n):
                    if not pl[BANKRUPT, p]:
                        left += 1
                        alone = p
                if left == 1:
                    st[END], st[WINNER] = LAST_LEFT, alone
                    break
        if player == last:
            _snapshot(S, D)
            if limit and st[ROUND] >= limit:
                st[END], st[WINNER] = ROUND_LIMIT, _richest(S, D)
                break
            if st[ROUND] >= v[ROUND_CAP]:
                st[END], st[WINNER] = CAPPED, _richest(S, D)
                break
            st[ROUND] += 1
        player = (player + 1) % n
    _snapshot(S, D)
    st[STATUS] = 0
