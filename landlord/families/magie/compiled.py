"""The Landlord's Game compiled with numba: the game :mod:`.batch` plays for experiments.

Read beside :mod:`.game`, :mod:`.spaces`, :mod:`.dealings` and :mod:`.bots`: each
function here names the method it follows, and does what it does in the same
order, so that the same draws make the same game. What it does not follow it
does not guess: it stops the game with ``stats[STATUS] = UNCOVERED`` (and
``stats[WHY]``), and :func:`.batch.play` plays that game with the reference
engine. Imported only when an experiment uses the batch path.

The state is in a few arrays, handed round as two tuples: ``S``, the rule set
and the bots (``v`` its numbers, ``sp`` per space, ``ls`` its lists, ``ch`` the
Chance pack, ``bt`` and ``mk`` the bots' parameters), and ``D``, the game
(``bal`` every account's balance, ``own`` and ``hs`` each card's holder and
houses, ``pl`` per player, ``g`` the game's own numbers, ``debts``, ``kept`` the
Chance cards kept, ``stats`` the figures, and the draws: ``dice`` and ``spec``
by turn, ``cdraw`` the Chance cards'; and scratch rows for bills and talk offers).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from landlord.families.magie.batch import (  # the arrays' rows and the numbers' indices
    ADVANCE,
    AMOUNT,
    BANK,
    BID_STEPS,
    BIDS,
    BROKER_PERCENT,
    BUILD_TO,
    BUYS_LUXURY,
    CAPPED,
    CARDS,
    CHANCE,
    CHANCE_EVEN,
    CINCH_FEE,
    COLLECT,
    COLLECT_FROM_EACH,
    COLLECTED,
    COPIES,
    CORNER,
    DEAL_CARDS,
    DEAL_TO,
    DOUBLE_WINS,
    DOUBLING,
    EFFECT,
    EITHER_FROM,
    EITHER_TO,
    END,
    EXTRA_TURN,
    FARES,
    FEE,
    FINE,
    FINE_TO,
    FRANCHISE,
    FRANCHISES,
    GAP,
    GET_OUT_OF_JAIL,
    GO_TO,
    GO_TO_JAIL,
    GO_TO_START,
    HOUSE_COST,
    HOUSE_LIMIT,
    HOUSE_TO,
    HUNTS,
    JAIL,
    JAIL_TURNS,
    JAILED,
    KIND,
    LAND_RENT,
    LAND_RENT_PLAYERS,
    LAND_RENT_TREASURY,
    LOT,
    LUXURIES,
    LUXURY,
    LUXURY_FEE,
    LUXURY_TO,
    MAX_DEBTS,
    MAX_JAIL,
    MAX_KEPT,
    MAX_OFFERS,
    MAX_PRICE,
    MISS,
    MISS_TURN,
    N_CARDS,
    N_CHANCE,
    N_FARES,
    N_FRANCHISES,
    N_RAILS,
    N_RATES,
    N_STEPS,
    N_TAX_STEPS,
    NECESSITY,
    NEED_DRAWS,
    PAY,
    PAY_EACH,
    PAYS_FINE,
    PILE,
    POOR,
    POOR_HOUSE,
    POOR_VISITS,
    POS,
    PRICE,
    RAIL_PASS,
    RAILROAD,
    RAILS,
    RATES,
    RENT0,
    RENT_EACH,
    RESERVE,
    ROUND,
    ROUND_CAP,
    ROUND_LIMIT,
    ROUND_LIMIT_AT,
    SALE_TO,
    SECTION,
    SHELTER,
    SIZE,
    SKIN,
    SNAPSHOTS,
    SPEC,
    SPECULATES,
    SPECULATION,
    SPENT,
    STAKE,
    STAKE_TO,
    START,
    STATUS,
    TARGET,
    TAX,
    TAX_AMOUNTS,
    TAX_HOUSES,
    TAX_TO,
    TO_BROKER,
    TREASURY_PILE,
    TRESPASS,
    TRUST_FARE,
    TURNS,
    UNCOVERED,
    UNSOLD_TO,
    WAGES,
    WAGES_END,
    WAGES_FROM,
    WAGES_RECEIVED,
    WAGES_TIMES,
    WHY,
    WIN_PAYER,
    WINS,
    N,
)  # fmt: skip

#: ``g``, the game's own numbers, by index.
(TRUST_A, TRUST_B, PAIR_A, PAIR_B, WAGES_DONE, EXTRA, TURN, DICE_K, SPEC_K, CHANCE_I, DEBTS_USED,
 DEBTS_LIVE, KEPT_N, G_SIZE) = range(14)  # fmt: skip
#: Rows of ``debts``.
DEBTOR, CREDITOR, OWED, ALIVE = range(4)
#: What a turn's business chooses (the decision ``turn``).
DO_ROLL, DO_BUILD, DO_REPAY, DO_TRUST, DO_TALK = range(5)
#: Talk offers, by the first column of a row: (kind, a, b, c, d).
GIVE_UP, OFFER_CARD, OFFER_LUXURY, ASK_LOAN = range(4)
#: Move options: forward, backward, by the railroad pass, stay put.
FORWARD, BACKWARD, BY_PASS, STAY = range(4)
#: Throws in a turn's row of the turn-keyed streams (TurnStream.WIDTH).
WIDTH = 8


@njit(cache=True)
def _uncovered(D, why):  # pragma: no cover
    """Stop: the compiled game does not follow what comes next."""
    stats = D[7]
    if stats[STATUS] == 0:
        stats[STATUS] = UNCOVERED
        stats[WHY] = why


@njit(cache=True)
def _transfer(S, D, payer, payee, amount, land):  # pragma: no cover
    """Ledger.transfer, keeping only the sums the scorecard reads (game_scores):
    ``land`` for a payment of the land-rent group."""
    if amount <= 0 or payer == payee:
        return
    v = S[0]
    bal, stats = D[0], D[7]
    bal[payer] -= amount
    bal[payee] += amount
    treasury = v[TREASURY_PILE]
    if payee == treasury:
        stats[COLLECTED] += amount
    elif payer == treasury:
        stats[SPENT] += amount
    if land:
        if payee < v[N]:
            stats[LAND_RENT_PLAYERS] += amount
        elif payee == treasury:
            stats[LAND_RENT_TREASURY] += amount


@njit(cache=True)
def _give_card(S, D, space, player):  # pragma: no cover
    """LandlordsGame.give_card with Holdings.set_owner and Dealings.card_moved (no card
    is ever pledged here: a pledge stops the game)."""
    v, sp, ls = S[0], S[1], S[2]
    own, hs, g = D[1], D[2], D[4]
    own[space] = player
    if player < 0:
        hs[space] = 0
    if sp[KIND, space] != RAILROAD:
        return
    # Dealings.card_moved: the holders of the railroads, as a set.
    count = v[N_RAILS]
    holders = np.empty(count, np.int64)
    distinct = 0
    for k in range(count):
        holder = own[ls[RAILS, k]]
        seen = False
        for j in range(distinct):
            if holders[j] == holder:
                seen = True
        if not seen:
            holders[distinct] = holder
            distinct += 1
    if g[TRUST_A] >= 0:
        same = distinct == 2
        if same:
            a_in = holders[0] == g[TRUST_A] or holders[1] == g[TRUST_A]
            b_in = holders[0] == g[TRUST_B] or holders[1] == g[TRUST_B]
            same = a_in and b_in
        if not same:
            g[TRUST_A] = -1
            g[TRUST_B] = -1
    if distinct == 2 and holders[0] >= 0 and holders[1] >= 0:
        g[PAIR_A] = min(holders[0], holders[1])
        g[PAIR_B] = max(holders[0], holders[1])
    else:
        g[PAIR_A] = -1
        g[PAIR_B] = -1


@njit(cache=True)
def _land_rent(S, D, space):  # pragma: no cover
    """Spaces.land_rent: a lot's land rent, doubled by section under the advanced rules."""
    v, sp = S[0], S[1]
    hs = D[2]
    if not v[DOUBLING]:
        return sp[LAND_RENT, space]
    section = sp[SECTION, space]
    level = hs[space]
    if section >= 0:
        for lot in range(v[SIZE]):
            if sp[KIND, lot] == LOT and sp[SECTION, lot] == section:
                level = min(level, hs[lot])
    return sp[RENT0 + min(level, 3), space]


@njit(cache=True)
def _rent_due(S, D, space, payer, bp, ba, bl):  # pragma: no cover
    """Spaces.rent_due without the single tax or the dial: the bills (payee, amount, land
    rent?) into ``bp``, ``ba``, ``bl``; returns how many. The payee is -1 for an unowned
    card."""
    v, sp, ls = S[0], S[1], S[2]
    own, hs, g = D[1], D[2], D[4]
    holder = own[space]
    kind = sp[KIND, space]
    if kind == LOT:
        bp[0], ba[0], bl[0] = holder, _land_rent(S, D, space), 1
        if hs[space]:
            bp[1], ba[1], bl[1] = holder, hs[space] * v[RENT_EACH], 0
            return 2
        return 1
    if kind == FRANCHISE:
        cinch = holder >= 0
        for k in range(v[N_FRANCHISES]):
            if own[ls[FRANCHISES, k]] != holder:
                cinch = False
        bp[0], ba[0], bl[0] = holder, v[CINCH_FEE] if cinch else v[FEE], 0
        return 1
    if kind == RAILROAD:
        a, b = g[TRUST_A], g[TRUST_B]
        if a >= 0 and holder in (a, b):
            if payer in (a, b):
                return 0  # Trust members ride their pooled lines free
            fare = v[TRUST_FARE]
            half = fare // 2
            bp[0], ba[0], bl[0] = holder, fare - half, 0
            bp[1], ba[1], bl[1] = b if holder == a else a, half, 0
            return 2
        count = 1
        if holder >= 0:
            count = 0
            for k in range(v[N_RAILS]):
                if own[ls[RAILS, k]] == holder:
                    count += 1
        bp[0], ba[0], bl[0] = holder, ls[FARES, min(count, v[N_FARES]) - 1], 0
        return 1
    return 0


@njit(cache=True)
def _necessity_tax(S, D):  # pragma: no cover
    """Spaces.necessity_tax: Rule 4, doubled by houses on the board (advanced rules)."""
    v, ls = S[0], S[2]
    amount = v[TAX]
    if v[N_TAX_STEPS]:
        built = D[2].sum()
        for k in range(v[N_TAX_STEPS]):
            if built >= ls[TAX_HOUSES, k]:
                amount = ls[TAX_AMOUNTS, k]
    return amount


@njit(cache=True)
def _worth_paying(S, player, space):  # pragma: no cover
    """bots._worth_paying."""
    sp, bt, mk = S[1], S[4], S[5]
    price = sp[PRICE, space]
    if bt[MAX_PRICE, player] and price > bt[MAX_PRICE, player]:
        return 0
    return int(price * mk[player])


@njit(cache=True)
def _spare(S, D, player):  # pragma: no cover
    """bots._spare: cash above the reserve."""
    return D[0][player] - S[4][RESERVE, player]


@njit(cache=True)
def _card_value(S, D, space):  # pragma: no cover
    """Holdings.card_value: printed price plus houses at cost."""
    return S[1][PRICE, space] + D[2][space] * S[0][HOUSE_COST]


# --- debts (Dealings.add_debt, settle, take_wages) ------------------------------------


@njit(cache=True)
def _add_debt(S, D, debtor, creditor, owed):  # pragma: no cover
    """Dealings.add_debt, secured on wages."""
    g, debts = D[4], D[5]
    k = g[DEBTS_USED]
    if k >= MAX_DEBTS:
        # Full: drop the debts paid off, keeping the others in the order they were made.
        k = 0
        for j in range(g[DEBTS_USED]):
            if debts[ALIVE, j]:
                debts[:, k] = debts[:, j]
                k += 1
        g[DEBTS_USED] = k
        if k >= MAX_DEBTS:
            _uncovered(D, 3)
            return
    debts[DEBTOR, k], debts[CREDITOR, k], debts[OWED, k], debts[ALIVE, k] = (
        debtor, creditor, owed, 1
    )  # fmt: skip
    g[DEBTS_USED] += 1
    g[DEBTS_LIVE] += 1


@njit(cache=True)
def _settle(S, D, k, amount):  # pragma: no cover
    """Dealings.settle: ``amount`` of debt ``k`` paid (all of it clears the debt)."""
    g, debts = D[4], D[5]
    _transfer(S, D, debts[DEBTOR, k], debts[CREDITOR, k], amount, False)
    debts[OWED, k] -= amount
    if debts[OWED, k] <= 0:
        debts[ALIVE, k] = 0
        g[DEBTS_LIVE] -= 1


@njit(cache=True)
def _take_wages(S, D, player, wages):  # pragma: no cover
    """Dealings.take_wages: creditors secured on wages take them until paid."""
    bal, g, debts = D[0], D[4], D[5]
    for k in range(g[DEBTS_USED]):
        if wages <= 0:
            break
        if debts[ALIVE, k] and debts[DEBTOR, k] == player:
            amount = min(debts[OWED, k], wages, bal[player])
            if amount > 0:
                _settle(S, D, k, amount)
                wages -= amount


@njit(cache=True)
def _pay_wages(S, D, player):  # pragma: no cover
    """LandlordsGame._pay_wages (Rule 3)."""
    v = S[0]
    pl, g = D[3], D[4]
    _transfer(S, D, v[WAGES_FROM], player, v[WAGES], False)
    pl[WAGES_RECEIVED, player] += 1
    if pl[WAGES_RECEIVED, player] == v[WAGES_TIMES]:
        g[WAGES_DONE] = 1
    if g[DEBTS_LIVE]:
        _take_wages(S, D, player, v[WAGES])


# --- tokens ------------------------------------------------------------------------


@njit(cache=True)
def _send_to_jail(S, D, player):  # pragma: no cover
    """LandlordsGame.send_to_jail (Rule 5)."""
    pl = D[3]
    pl[JAILED, player] = 1
    pl[JAIL_TURNS, player] = 0
    pl[POS, player] = S[0][JAIL]


@njit(cache=True)
def _go_to_poor_house(S, D, player):  # pragma: no cover
    """LandlordsGame.go_to_poor_house (Rule 12)."""
    pl = D[3]
    pl[POOR_VISITS, player] += 1
    pl[POOR, player] = 1
    pl[JAILED, player] = 0
    pl[POS, player] = S[0][POOR_HOUSE]


@njit(cache=True)
def _throw(D, table, slot):  # pragma: no cover
    """A throw of the turn-keyed stream ``table`` (TurnStream.uniform), as an index into
    DICE; -1 if the draws ran out or the turn threw more than its row holds."""
    g, stats = D[4], D[7]
    turn = g[TURN]
    if turn >= table.shape[0]:
        if stats[STATUS] == 0:
            stats[STATUS] = NEED_DRAWS
        return -1
    k = g[slot]
    g[slot] = k + 1
    if k >= WIDTH:
        _uncovered(D, 2)
        return -1
    return int(table[turn, k] * 36)


# --- money that falls short (Dealings.talks, talk_actions, propose, pay_bills) ---------------


@njit(cache=True)
def _talk_actions(S, D, player, need, acts):  # pragma: no cover
    """Dealings.talk_actions for ``need`` > 0: rows (kind, a, b, c, d) into ``acts``."""
    v, ls, rates = S[0], S[2], S[2][RATES]
    bal, own, pl = D[0], D[1], D[3]
    n = v[N]
    na = 1
    acts[0, 0] = GIVE_UP
    for k in range(v[N_CARDS]):
        space = ls[CARDS, k]
        if own[space] != player:
            continue
        value = _card_value(S, D, space)
        for other in range(n):
            if other == player:
                continue
            for pct in (50, 100):
                price = value * pct // 100
                if price <= bal[other]:
                    acts[na, 0], acts[na, 1], acts[na, 2], acts[na, 3] = (
                        OFFER_CARD, space, other, price
                    )  # fmt: skip
                    na += 1
    if pl[LUXURIES, player]:
        fee = v[LUXURY_FEE]
        for other in range(n):
            if other == player:
                continue
            for price in (fee * 2 // 3, fee, fee * 4 // 3):
                if bal[other] >= price:
                    acts[na, 0], acts[na, 1], acts[na, 2] = OFFER_LUXURY, other, price
                    na += 1
    amount = (need - bal[player] + 9) // 10 * 10
    cover, cover_value = -1, 0
    for k in range(v[N_CARDS]):
        space = ls[CARDS, k]
        if own[space] == player:
            value = _card_value(S, D, space)
            if value >= amount and (cover < 0 or value < cover_value):
                cover, cover_value = space, value
    for other in range(n):
        if other == player or bal[other] < amount:
            continue
        for r in range(v[N_RATES]):
            # Every rate, on wages, then on the card that covers it.
            acts[na, 0], acts[na, 1], acts[na, 2], acts[na, 3], acts[na, 4] = (
                ASK_LOAN, other, amount, rates[r], -1
            )  # fmt: skip
            na += 1
            if cover >= 0:
                acts[na, 0], acts[na, 1], acts[na, 2], acts[na, 3], acts[na, 4] = (
                    ASK_LOAN, other, amount, rates[r], cover
                )  # fmt: skip
                na += 1
    return na


@njit(cache=True)
def _choose_talk(S, D, need, acts, na):  # pragma: no cover
    """bots._talks with a sum to raise: the loan at 10% from the richest lender (on wages
    first), else the card or luxury sale best for the need, else give up."""
    bal = D[0]
    best, key_a, key_b = -1, 0, 0
    for i in range(na):
        if acts[i, 0] == ASK_LOAN and acts[i, 3] == 10:
            a, b = bal[acts[i, 1]], 1 if acts[i, 4] < 0 else 0
            if best < 0 or a > key_a or (a == key_a and b > key_b):
                best, key_a, key_b = i, a, b
    if best >= 0:
        return best
    for i in range(na):
        if acts[i, 0] == OFFER_CARD or acts[i, 0] == OFFER_LUXURY:
            price = acts[i, 3] if acts[i, 0] == OFFER_CARD else acts[i, 2]
            a, b = 1 if price <= need else 0, -price
            if best < 0 or a > key_a or (a == key_a and b > key_b):
                best, key_a, key_b = i, a, b
    if best >= 0:
        return best
    return 0  # GiveUp


@njit(cache=True)
def _propose(S, D, player, kind, a, b, c, d):  # pragma: no cover
    """Dealings.propose with bots._offer answering; True if accepted."""
    v, bt, mk = S[0], S[4], S[5]
    pl = D[3]
    if kind == OFFER_CARD:
        space, buyer, price = a, b, c
        fair = _card_value(S, D, space) * (mk[buyer] if bt[BIDS, buyer] else 0.5)
        if price <= fair and price <= _spare(S, D, buyer):
            _transfer(S, D, buyer, player, price, False)
            _give_card(S, D, space, buyer)
            return True
        return False
    if kind == OFFER_LUXURY:
        buyer, price = a, b
        spare = _spare(S, D, buyer)
        if bt[BUYS_LUXURY, buyer] and price <= v[LUXURY_FEE] and price <= spare:
            _transfer(S, D, buyer, player, price, False)
            pl[LUXURIES, player] -= 1
            pl[LUXURIES, buyer] += 1
            return True
        return False
    # ASK_LOAN
    lender, amount, interest, collateral = a, b, c, d
    secured = collateral >= 0 and _card_value(S, D, collateral) >= amount
    if amount <= _spare(S, D, lender) and (secured or interest >= 10):
        if collateral >= 0:
            _uncovered(D, 4)
            return False
        _transfer(S, D, lender, player, amount, False)
        _add_debt(S, D, player, lender, amount * (100 + interest) // 100)
        return True
    return False


@njit(cache=True)
def _talks(S, D, player, need):  # pragma: no cover
    """Dealings.talks for ``need`` > 0: up to three offers, until the cash covers it."""
    bal, stats = D[0], D[7]
    acts = D[12]  # talks never nest: one table of offers serves them all
    na = 0
    for _ in range(3):
        if bal[player] >= need:
            return
        if na == 0:
            na = _talk_actions(S, D, player, need, acts)
        if na == 1:
            return
        choice = _choose_talk(S, D, need, acts, na)
        if choice == 0:
            return  # GiveUp
        row = acts[choice]
        accepted = _propose(S, D, player, row[0], row[1], row[2], row[3], row[4])
        if stats[STATUS]:
            return
        if accepted:
            na = 0
        else:
            acts[choice : na - 1] = acts[choice + 1 : na].copy()
            na -= 1


@njit(cache=True)
def _pay_bills(S, D, player, nb, bp, ba, bl):  # pragma: no cover
    """Dealings.pay_bills (no single tax): talks to raise what falls short; still short,
    he pays what he can, owes the rest and goes to the Poor House. True if he paid."""
    bal, stats = D[0], D[7]
    total = 0
    for i in range(nb):
        total += ba[i]
    if bal[player] < total:
        _talks(S, D, player, total)
        if stats[STATUS]:
            return False
    if bal[player] >= total:
        for i in range(nb):
            _transfer(S, D, player, bp[i], ba[i], bl[i])
        return True
    payees = np.empty(nb, np.int64)
    owed = np.zeros(nb, np.int64)
    count = 0
    for i in range(nb):
        cash = bal[player]
        _transfer(S, D, player, bp[i], min(cash, ba[i]), bl[i])
        if cash >= ba[i]:
            continue
        j = 0
        while j < count and payees[j] != bp[i]:
            j += 1
        if j == count:
            payees[j] = bp[i]
            count += 1
        owed[j] += ba[i] - cash
    for j in range(count):
        _add_debt(S, D, player, payees[j], owed[j])
    _go_to_poor_house(S, D, player)
    return False


@njit(cache=True)
def _pay(S, D, player, payee, amount):  # pragma: no cover
    """Dealings.pay: one bill (not land rent), in the bills' scratch rows (never called
    while other bills there are still to be paid)."""
    bills = D[11]
    bp, ba, bl = bills[0], bills[1], bills[2]
    bp[0], ba[0], bl[0] = payee, amount, 0
    return _pay_bills(S, D, player, 1, bp, ba, bl)


# --- the spaces (Spaces) ------------------------------------------------------------


@njit(cache=True)
def _sale(S, D, lander, space):  # pragma: no cover
    """Spaces.sale with bots._bid and bots._sale: one round of bids from the lander's left,
    then the lander's option. Returns the buyer, or -1."""
    v, sp, ls, bt = S[0], S[1], S[2], S[4]
    bal = D[0]
    n = v[N]
    high = sp[PRICE, space]
    bidder = -1
    for k in range(1, n):
        other = (lander + k) % n
        cash = bal[other]
        listed = False
        for s in range(v[N_STEPS]):
            if high + ls[BID_STEPS, s] <= cash:
                listed = True
        if not listed or not bt[BIDS, other]:
            continue
        limit = min(_worth_paying(S, other, space), _spare(S, D, other))
        best = -1
        for s in range(v[N_STEPS]):
            amount = high + ls[BID_STEPS, s]
            if amount <= cash and amount <= limit and (best < 0 or amount < best):
                best = amount
        if best >= 0:
            high, bidder = best, other
    # The lander's option at the highest figure (if he can pay it), bots._sale.
    worth = _worth_paying(S, lander, space)
    if bal[lander] >= high and worth >= high and _spare(S, D, lander) >= high:
        bidder = lander
    if bidder < 0:
        return -1
    _transfer(S, D, bidder, v[SALE_TO], high, False)
    _give_card(S, D, space, bidder)
    return bidder


@njit(cache=True)
def _speculate(S, D, player):  # pragma: no cover
    """Spaces._speculate (Rule 8)."""
    v, ls = S[0], S[2]
    own, stats = D[1], D[7]
    spec = v[SPEC]
    if own[spec] < 0:
        _sale(S, D, player, spec)
        if stats[STATUS]:
            return
    broker = own[spec]
    stake_to = v[STAKE_TO]
    if stake_to == TO_BROKER:
        stake_to = broker if broker >= 0 else v[BANK]
    if stake_to != player and not _pay(S, D, player, stake_to, v[STAKE]):
        return
    face = _throw(D, D[9], SPEC_K)
    if face < 0:
        return
    first, second = face // 6 + 1, face % 6 + 1
    total = first + second
    if first == second:
        winnings = v[DOUBLE_WINS]
    elif ls[SKIN, total]:
        if broker >= 0:
            _send_to_jail(S, D, broker)
            _give_card(S, D, spec, -1)
        return
    else:
        winnings = ls[WINS, total]
    if not winnings:
        return
    payer = v[WIN_PAYER]
    _transfer(S, D, payer, player, winnings, False)
    share = winnings * v[BROKER_PERCENT] // 100
    if broker != player:
        _transfer(S, D, player, broker if broker >= 0 else payer, share, False)


@njit(cache=True)
def _draw_chance(S, D):  # pragma: no cover
    """Spaces.chance_pack and the session's pick: the index of the card drawn, or -1."""
    v, ch = S[0], S[3]
    g, kept, stats, cdraw = D[4], D[6], D[7], D[10]
    i = g[CHANCE_I]
    if i >= len(cdraw):
        if stats[STATUS] == 0:
            stats[STATUS] = NEED_DRAWS
        return -1
    g[CHANCE_I] = i + 1
    u = cdraw[i]
    cards = v[N_CHANCE]
    left = ch[COPIES, :cards].copy()
    for k in range(g[KEPT_N]):
        left[kept[1, k]] -= 1
    if g[KEPT_N] == 0 and v[CHANCE_EVEN]:
        return int(u * cards)
    total = 0
    count = 0
    for c in range(cards):
        if left[c] > 0:
            total += left[c]
            count += 1
    target = u * total
    running = 0.0
    last = -1
    for c in range(cards):
        if left[c] > 0:
            running += left[c]
            last = c
            if target < running:
                return c
    return last


@njit(cache=True)
def _land(S, D, player, space, origin, steps):  # pragma: no cover
    """Spaces.land, with _land_on_unowned, _draw_chance (and LandlordsGame.advance_to),
    _speculate and _luxury_space; a move that leads on to another space goes round again."""
    v, sp, ch, bt = S[0], S[1], S[3], S[4]
    bal, own, pl, g, kept, stats = D[0], D[1], D[3], D[4], D[6], D[7]
    n, size = v[N], v[SIZE]
    bills = D[11]
    bp, ba, bl = bills[0], bills[1], bills[2]
    while True:
        kind = sp[KIND, space]
        if kind in (LOT, RAILROAD, FRANCHISE):
            holder = own[space]
            if holder == player:
                return
            if holder >= 0:
                nb = _rent_due(S, D, space, player, bp, ba, bl)
                if nb == 1 and bal[player] >= ba[0]:
                    _transfer(S, D, player, bp[0], ba[0], bl[0])
                elif nb:
                    _pay_bills(S, D, player, nb, bp, ba, bl)
                return
            buyer = _sale(S, D, player, space)
            if buyer == player or stats[STATUS]:
                return
            if buyer < 0:
                nb = _rent_due(S, D, space, -1, bp, ba, bl)
                for i in range(nb):
                    bp[i] = v[UNSOLD_TO]
            else:
                nb = _rent_due(S, D, space, player, bp, ba, bl)
            if nb:
                _pay_bills(S, D, player, nb, bp, ba, bl)
            return
        if kind in (NECESSITY, SHELTER):
            tax = _necessity_tax(S, D)
            if tax:
                _pay(S, D, player, v[TAX_TO], tax)
            return
        if kind == TRESPASS:
            _send_to_jail(S, D, player)
            return
        if kind == SPECULATION:
            _speculate(S, D, player)
            return
        if kind == LUXURY:
            fee = v[LUXURY_FEE]
            if bal[player] >= fee and bt[BUYS_LUXURY, player] and _spare(S, D, player) >= fee:
                _transfer(S, D, player, v[LUXURY_TO], fee, False)
                pl[LUXURIES, player] += 1
                return
            space = (origin - steps) % size  # Track.backward from a track space
            pl[POS, player] = space
            continue
        if kind != CHANCE:
            return  # Mother Earth, Central Park, a blank space: nothing
        card = _draw_chance(S, D)
        if card < 0:
            return
        effect = ch[EFFECT, card]
        amount = ch[AMOUNT, card]
        if effect in (ADVANCE, GO_TO, GO_TO_START):
            pos = pl[POS, player]
            if effect == ADVANCE:
                target = (pos + amount) % size
            elif effect == GO_TO:
                target = ch[TARGET, card]
            else:
                target = v[START]
            # LandlordsGame.advance_to
            steps = (target - pos) % size
            if pos + steps >= size:
                _pay_wages(S, D, player)
            pl[POS, player] = target
            space, origin = target, pos
            continue
        if effect == GO_TO_JAIL:
            _send_to_jail(S, D, player)
        elif effect == PAY:
            _pay(S, D, player, ch[PILE, card], amount)
        elif effect == COLLECT:
            _transfer(S, D, ch[PILE, card], player, amount, False)
        elif effect == COLLECT_FROM_EACH:
            for other in range(n):
                if other != player:
                    _pay(S, D, other, player, amount)
                    if stats[STATUS]:
                        return
        elif effect == PAY_EACH:
            nb = 0
            for other in range(n):
                if other != player:
                    bp[nb], ba[nb], bl[nb] = other, amount, 0
                    nb += 1
            _pay_bills(S, D, player, nb, bp, ba, bl)
        elif effect == EXTRA_TURN:
            g[EXTRA] = 1
        elif effect == MISS_TURN:
            pl[MISS, player] = 1
        elif effect == GET_OUT_OF_JAIL:
            if g[KEPT_N] >= MAX_KEPT:
                _uncovered(D, 5)
                return
            kept[0, g[KEPT_N]], kept[1, g[KEPT_N]] = player, card
            g[KEPT_N] += 1
        return


# --- the turn (LandlordsGame) ---------------------------------------------------------


@njit(cache=True)
def _landing_cost(S, D, me, to, direction):  # pragma: no cover
    """bots._landing_cost (no single tax: nothing public, no colleges), in floats."""
    v, sp, bt = S[0], S[1], S[4]
    own, pl = D[1], D[3]
    if direction == STAY:
        return 20.0 if bt[SPECULATES, me] else 0.0
    size = v[SIZE]
    kind = sp[KIND, to]
    cost = 0.0
    here = pl[POS, me]
    if direction != BACKWARD and here + (to - here) % size >= size:
        cost -= v[WAGES]
    if kind in (LOT, RAILROAD, FRANCHISE):
        holder = own[to]
        if holder < 0:
            price = sp[PRICE, to]
            wanted = _worth_paying(S, me, to) != 0 and _spare(S, D, me) >= price
            cost += -price / 2 if wanted else sp[LAND_RENT, to]
        elif holder != me:
            bills = D[11]
            nb = _rent_due(S, D, to, me, bills[0], bills[1], bills[2])
            ba = bills[1]
            for i in range(nb):
                cost += ba[i]
    elif kind in (NECESSITY, SHELTER):
        cost += _necessity_tax(S, D)
    elif kind == TRESPASS:
        cost += v[FINE]
    elif kind == SPECULATION:
        cost += -40.0 if bt[SPECULATES, me] else 10.0
    elif kind == LUXURY:
        cost += 0.0 if bt[BUYS_LUXURY, me] else 25.0
    return cost


@njit(cache=True)
def _move(S, D, player, first, second):  # pragma: no cover
    """LandlordsGame._move with move_options (Rules 2, 8, 17) and bots._move."""
    v, sp = S[0], S[1]
    pl = D[3]
    size = v[SIZE]
    pos = pl[POS, player]
    total = first + second
    to = np.empty(4, np.int64)
    how = np.empty(4, np.int64)
    to[0], how[0] = (pos + total) % size, FORWARD
    count = 1
    if v[EITHER_FROM] <= pos <= v[EITHER_TO]:
        to[count], how[count] = (pos - total) % size, BACKWARD
        count += 1
    if v[RAIL_PASS] and first == second:
        corner, gap = sp[CORNER, pos], sp[GAP, pos]
        if total > (corner - pos) % size:
            to[count], how[count] = (pos + total + gap) % size, BY_PASS
            count += 1
    for k in range(count):
        if to[k] == v[SPEC]:
            to[count], how[count] = -1, STAY
            count += 1
            break
    choice = 0
    if count > 1:
        best = 0.0
        for k in range(count):
            cost = _landing_cost(S, D, player, to[k], how[k])
            if k == 0 or cost < best:
                choice, best = k, cost
    if how[choice] == STAY:
        return
    where = to[choice]
    if how[choice] != BACKWARD and pos + (where - pos) % size >= size:
        _pay_wages(S, D, player)
    pl[POS, player] = where
    _land(S, D, player, where, pos, total)


@njit(cache=True)
def _jail_turn(S, D, player):  # pragma: no cover
    """LandlordsGame._jail_turn with policies.bots.jail_choice: the freeing double's index
    into DICE, or -1."""
    v, bt = S[0], S[4]
    bal, pl, g, kept = D[0], D[3], D[4], D[6]
    fine = v[FINE]
    if pl[JAIL_TURNS, player] >= v[MAX_JAIL]:
        _pay(S, D, player, v[FINE_TO], fine)
        pl[JAILED, player] = 0
        return -1
    for k in range(g[KEPT_N]):
        if kept[0, k] == player:  # UseJailCard: the card goes back into the pack
            kept[:, k : g[KEPT_N] - 1] = kept[:, k + 1 : g[KEPT_N]].copy()
            g[KEPT_N] -= 1
            pl[JAILED, player] = 0
            return -1
    if bal[player] >= fine and bt[PAYS_FINE, player] and _spare(S, D, player) >= fine:
        _transfer(S, D, player, v[FINE_TO], fine, False)
        pl[JAILED, player] = 0
        return -1
    face = _throw(D, D[8], DICE_K)
    if face < 0:
        return -1
    if face // 6 == face % 6:
        pl[JAILED, player] = 0
        return face
    pl[JAIL_TURNS, player] += 1
    return -1


@njit(cache=True)
def _wanted_railroad(S, D, me):  # pragma: no cover
    """bots._wanted_railroad: the one railroad he lacks, if another holds it; else -1."""
    v, ls = S[0], S[2]
    own = D[1]
    held, missing = 0, -1
    for k in range(v[N_RAILS]):
        r = ls[RAILS, k]
        if own[r] == me:
            held += 1
        elif missing < 0:
            missing = r
    if held != v[N_RAILS] - 1:
        return -1
    return missing if own[missing] >= 0 else -1


@njit(cache=True)
def _business(S, D, player, talks_left):  # pragma: no cover
    """LandlordsGame.business_actions with bots._turn: (what, which)."""
    v, sp, bt = S[0], S[1], S[4]
    bal, own, hs, g, debts = D[0], D[1], D[2], D[4], D[5]
    cash = bal[player]
    spare = _spare(S, D, player)
    for k in range(g[DEBTS_USED]):
        if debts[ALIVE, k] and debts[DEBTOR, k] == player:
            owed = debts[OWED, k]
            if cash >= owed and owed <= spare:
                return DO_REPAY, k
    a, b = g[PAIR_A], g[PAIR_B]
    if a >= 0 and g[TRUST_A] < 0 and player in (a, b):
        return DO_TRUST, b if player == a else a
    cost = v[HOUSE_COST]
    build_to = bt[BUILD_TO, player]
    if cash >= cost and build_to and spare >= cost:
        best, best_rent = -1, -1
        limit = v[HOUSE_LIMIT]
        for space in range(v[SIZE]):
            if sp[KIND, space] != LOT or own[space] != player:
                continue
            built = hs[space]
            if limit and built >= limit:
                continue
            if built < build_to:
                rent = _land_rent(S, D, space) - 3 * built
                if rent > best_rent:
                    best, best_rent = space, rent
        if best >= 0:
            return DO_BUILD, best
    if talks_left and bt[HUNTS, player] and spare >= 150 and _wanted_railroad(S, D, player) >= 0:
        return DO_TALK, 0
    return DO_ROLL, 0


@njit(cache=True)
def _turn(S, D, player):  # pragma: no cover
    """LandlordsGame._turn (no single tax): a turn missed, the Poor House, Jail, the turn's
    business (building, repaying, the Trust) and the throw."""
    v = S[0]
    hs, pl, g, stats = D[2], D[3], D[4], D[7]
    g[EXTRA] = 0
    if pl[MISS, player]:
        pl[MISS, player] = 0
        return
    if pl[POOR, player]:
        pl[POOR, player] = 0
    if pl[JAILED, player]:
        face = _jail_turn(S, D, player)
        if stats[STATUS] or pl[JAILED, player] or pl[POOR, player]:
            return
        if face >= 0:
            _move(S, D, player, face // 6 + 1, face % 6 + 1)
            return
    talks_left = 1
    while True:
        what, which = _business(S, D, player, talks_left)
        if what == DO_ROLL:
            break
        if what == DO_BUILD:
            _transfer(S, D, player, v[HOUSE_TO], v[HOUSE_COST], False)
            hs[which] += 1
        elif what == DO_REPAY:
            _settle(S, D, which, D[5][OWED, which])
        elif what == DO_TRUST:
            # Dealings.propose_trust; bots._trust accepts.
            g[TRUST_A], g[TRUST_B] = min(player, which), max(player, which)
        else:
            _uncovered(D, 1)  # Negotiate: the railroad hunt's talks
            return
        if pl[POOR, player]:
            return
    face = _throw(D, D[8], DICE_K)
    if face < 0:
        return
    _move(S, D, player, face // 6 + 1, face % 6 + 1)


@njit(cache=True)
def _deal(S, D, draws):  # pragma: no cover
    """LandlordsGame._deal (Rule 1) with bots._buy_dealt."""
    v, sp, ls = S[0], S[1], S[2]
    bal = D[0]
    n, cards = v[N], v[N_CARDS]
    pack = ls[CARDS, :cards].copy()
    left = cards
    hand = np.full(v[SIZE], -1, np.int64)
    drawn = 0
    for k in range(v[DEAL_CARDS]):
        if left == 1:
            index = 0
        else:
            index = int(draws[drawn] * left)
            drawn += 1
        hand[pack[index]] = k % n
        pack[index : left - 1] = pack[index + 1 : left].copy()
        left -= 1
    for player in range(n):
        for k in range(cards):
            card = ls[CARDS, k]
            if hand[card] != player:
                continue
            price = sp[PRICE, card]
            if bal[player] < price:
                continue
            if _worth_paying(S, player, card) >= price and _spare(S, D, player) >= price:
                _transfer(S, D, player, v[DEAL_TO], price, False)
                _give_card(S, D, card, player)


@njit(cache=True)
def _snapshot(S, D, worth, cash, k):  # pragma: no cover
    """GameState._snapshot and Holdings.net_worths into row ``k``: cash, cards at their
    printed price, houses at cost, luxury cards at their fee, debts owed and owing."""
    v, sp, ls = S[0], S[1], S[2]
    bal, own, hs, pl, g, debts = D[0], D[1], D[2], D[3], D[4], D[5]
    n = v[N]
    for p in range(n):
        cash[k, p] = bal[p]
        worth[k, p] = bal[p] + pl[LUXURIES, p] * v[LUXURY_FEE]
    for j in range(v[N_CARDS]):
        space = ls[CARDS, j]
        holder = own[space]
        if holder >= 0:
            worth[k, holder] += sp[PRICE, space] + hs[space] * v[HOUSE_COST]
    for j in range(g[DEBTS_USED]):
        if debts[ALIVE, j]:
            if debts[CREDITOR, j] < n:
                worth[k, debts[CREDITOR, j]] += debts[OWED, j]
            worth[k, debts[DEBTOR, j]] -= debts[OWED, j]


@njit(cache=True)
def game(v, sp, ls, ch, bt, mk, start_balances, deal, dice, spec, cdraw, worth, cash, stats,
         bal, pl):  # fmt: skip  # pragma: no cover
    """One game, from the deal to its end: GameState._flow with LandlordsGame's set-up,
    turn and end (_after_turn: Rule 19's wages)."""
    n, size = v[N], v[SIZE]
    stats[:] = 0
    bal[:] = start_balances
    own = np.full(size, -1, np.int64)
    hs = np.zeros(size, np.int64)
    pl[:, :] = 0
    pl[POS, :] = v[START]
    g = np.zeros(G_SIZE, np.int64)
    g[TRUST_A] = g[TRUST_B] = g[PAIR_A] = g[PAIR_B] = -1
    debts = np.zeros((4, MAX_DEBTS), np.int64)
    kept = np.zeros((2, MAX_KEPT), np.int64)
    S = (v, sp, ls, ch, bt, mk)
    bills = np.zeros((3, max(n, 2)), np.int64)  # (payee, amount, land rent?) per bill
    offers = np.zeros((MAX_OFFERS, 5), np.int64)
    D = (bal, own, hs, pl, g, debts, kept, stats, dice, spec, cdraw, bills, offers)
    _deal(S, D, deal)
    _snapshot(S, D, worth, cash, 0)
    snapshots, snapshot_round = 1, 0
    round_, player, turns, end = 1, 0, 0, 0
    while True:
        g[TURN], g[DICE_K], g[SPEC_K] = turns, 0, 0
        _turn(S, D, player)
        if stats[STATUS]:
            return
        turns += 1
        if g[WAGES_DONE]:
            end = WAGES_END
            break
        if g[EXTRA]:
            continue
        if player == n - 1:
            _snapshot(S, D, worth, cash, snapshots)
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
    _snapshot(S, D, worth, cash, snapshots)
    stats[SNAPSHOTS] = snapshots + 1
    stats[ROUND] = round_
    stats[TURNS] = turns
    stats[END] = end
