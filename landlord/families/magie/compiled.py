"""The Landlord's Game compiled with numba: the game :mod:`.batch` plays for experiments.

Read beside :mod:`.game`, :mod:`.spaces`, :mod:`.dealings` and :mod:`.bots`: each
function here names the method it follows, and does what it does in the same
order, so that the same draws make the same game. What it does not follow it
does not guess: it stops the game with ``stats[STATUS] = UNCOVERED`` (and
``stats[WHY]``), and :func:`.batch.play` plays that game with the reference
engine. Imported only when an experiment uses the batch path.

The state is in a few arrays, handed round as two tuples: ``S``, the rule set
and the bots (``v`` its numbers, ``sp`` per space, ``ls`` its lists, ``ch`` the
Chance pack, ``bt`` and ``mk`` the bots' parameters, ``fv`` the rule set's fractions),
and ``D``, the game
(``bal`` every account's balance, ``own`` and ``hs`` each card's holder and
houses, ``pl`` per player, ``g`` the game's own numbers, ``debts``, ``kept`` the
Chance cards kept, ``stats`` the figures, and the draws: ``dice`` and ``spec``
by turn, ``cdraw`` the Chance cards'; scratch rows for bills and talk offers; ``pub``,
the spaces the Treasury has bought or built a college on; ``work`` and ``fwork``,
the helpers' own scratch rows, so that no helper allocates; ``pdraw``, the policy
stream's numbers, from which a random player (``bt[RANDOM]``) draws each choice over the
legal actions listed in the reference engine's order). Each array more in ``D`` makes
every helper's call dearer (one more cost eager landlords 16% of their games per CPU
second): a few numbers more go in ``g``.
"""

from __future__ import annotations

import numpy as np
from numba import int64, njit, uint64

from landlord.batch.kernel import helper
from landlord.batch.money import money_row
from landlord.batch.streams import fill_from, uniforms
from landlord.batch.streams import start as start_stream
from landlord.families.magie.batch import (  # the arrays' rows and the numbers' indices
    ACCOUNT,
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
    COLLEGE_AT,
    COPIES,
    CORNER,
    DEAL_CARDS,
    DEAL_TO,
    DIVIDEND,
    DOUBLE_WINS,
    DOUBLING,
    EDUCATION,
    EFFECT,
    EITHER_FROM,
    EITHER_TO,
    END,
    EVERYONE,
    EXTRA_TURN,
    FARES,
    FEE,
    FINAL_WAGES,
    FINE,
    FINE_TO,
    FRANCHISE,
    FRANCHISES,
    GAP,
    GET_OUT_OF_JAIL,
    GO_TO,
    GO_TO_JAIL,
    GO_TO_START,
    HELD_LOTS,
    HOUSE_COST,
    HOUSE_LIMIT,
    HOUSE_TO,
    HUNTS,
    IDLE_LOTS,
    IDLE_ROUNDS,
    JAIL,
    JAIL_TURNS,
    JAILED,
    KIND,
    LAND_RENT,
    LAND_RENT_PLAYERS,
    LAND_RENT_TREASURY,
    LATE_AS_DEBTS,
    LOT,
    LUXURIES,
    LUXURY,
    LUXURY_FEE,
    LUXURY_TO,
    MAX_DEBTS,
    MAX_DEBTS_RANDOM,
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
    N_SITE_STEPS,
    N_STEPS,
    N_TAX_STEPS,
    N_TO_BUY,
    NECESSITY,
    NEED_DRAWS,
    OPP_RENT_TO,
    OPP_WAGES_FROM,
    OPPORTUNITY_VISITS,
    PAY,
    PAY_EACH,
    PAYS_FINE,
    PER_EDUCATION,
    PER_PROFESSOR,
    PILE,
    POOR,
    POOR_HOUSE,
    POOR_VISITS,
    POS,
    PRICE,
    PROSPERITY_END,
    PROSPERITY_GOAL,
    PROSPERITY_WORTH,
    RAIL_PASS,
    RAILROAD,
    RAILS,
    RANDOM,
    RATES,
    RENT0,
    RENT_EACH,
    RENT_TO,
    RESERVE,
    ROUND,
    ROUND_CAP,
    ROUND_LIMIT,
    ROUND_LIMIT_AT,
    SALE_TO,
    SECTION,
    SHARE,
    SHARES,
    SHELTER,
    SIDE_BEHIND,
    SIDE_REENTER,
    SIDE_RENT,
    SIDE_WAGES,
    SITE_STEPS,
    SIZE,
    SKIN,
    SNAPSHOTS,
    SPEC,
    SPEC_PLAYS,
    SPECULATES,
    SPECULATION,
    SPENDS_ALL,
    SPENT,
    ST_FROM_START,
    ST_SINCE,
    STAKE,
    STAKE_TO,
    START,
    STATUS,
    STEP,
    SWITCH_GINI,
    SWITCH_ROUND,
    TARGET,
    TAX,
    TAX_AMOUNTS,
    TAX_HOUSES,
    TAX_TO,
    TO_BROKER,
    TO_BUY,
    TREASURY_PILE,
    TRESPASS,
    TRUST_FARE,
    TURNS,
    UNCOVERED,
    UNHELD_TO,
    UNSOLD_TO,
    VOTE_OPEN,
    VOTES,
    VOTES_NEEDED,
    WAGE_RISE,
    WAGES,
    WAGES_END,
    WAGES_FROM,
    WAGES_RECEIVED,
    WAGES_TIMES,
    WHY,
    WIN_PAYER,
    WINS,
    WORKS,
    WORKS_TO,
    N,
)  # fmt: skip
from landlord.families.magie.dealings import LOAN_AMOUNTS, OFFERS_PER_TALK, PRICE_LADDER

#: ``g``, the game's own numbers, by index.
(TRUST_A, TRUST_B, PAIR_A, PAIR_B, WAGES_DONE, EXTRA, TURN, DICE_K, SPEC_K, CHANCE_I, DEBTS_USED,
 DEBTS_LIVE, KEPT_N, SINGLE_TAX, SINCE, TALLY, TALLY_MODE, BOUGHT, WAGES_NOW, WORKS_DONE,
 VOTES_LEFT, ROUND_NOW, SPENDING, POLICY_I, DICE_ROWS, SPEC_ROWS, STREAM_STATES,
 G_SIZE) = (*range(27), 34)  # fmt: skip
#: The turn-keyed streams, as ``_throw`` takes them: the dice, the Speculation space's.
#: ``g[STREAM_STATES:]`` holds their states (four words each, streams.start), the
#: generator's words as whole numbers of the same bits, while their tables are drawn as
#: the game goes (``g[DICE_ROWS]``, ``g[SPEC_ROWS]``: the rows drawn so far).
DICE_STREAM, SPEC_STREAM = 0, 1
#: Why money moves, as far as the sums and the Treasury's fund tell reasons apart:
#: other (a loan repaid among them); land rent (also a site bid, Natural Opportunity
#: rent); the dial's land value tax; a fine (Rule 6's "fines"). ``_transfer``'s last
#: argument, and what a debt for an unpaid bill is paid under (Dealings.settle).
R_OTHER, R_LAND, R_LVT, R_FUND = range(4)
#: ``g[TALLY_MODE]``: what the Treasury's fund counts (Ledger.count): nothing, the dial's
#: tax, or under the single tax Rule 6's rents and fines (treasury.RENTS_AND_FINES).
NO_TALLY, DIAL_TALLY, RENTS_AND_FINES = range(3)
#: Flags in ``pub`` (per space): bought by the public; a Free College.
PUBLIC, COLLEGE = 1, 2
#: Rows of ``debts``: who owes whom, how much, still owed; then what it is paid under
#: (Debt.bills): the first bill's reason and what is left of it, then the reason of the
#: rest (a debt's bills are at most two kinds: land rent and house rent to one holder).
#: A loan is R_OTHER throughout; under the earlier reading (``v[LATE_AS_DEBTS]``) every
#: debt is R_FUND, as "debt repaid" was.
#: PLEDGE: the card the debt is secured on, as its space + 1; 0 for a debt on wages.
DEBTOR, CREDITOR, OWED, ALIVE, WHY_FIRST, FIRST, WHY_REST, PLEDGE, DEBT_ROWS = range(9)
#: What a turn's business chooses (the decision ``turn``).
DO_ROLL, DO_BUILD, DO_REPAY, DO_TRUST, DO_TALK, DO_VOTE, DO_CLAIM = range(7)
#: Talk offers, by the first column of a row: (kind, a, b, c, d): GiveUp or EndDealing;
#: OfferCard (space, buyer, price); OfferLuxury (buyer, price); AskLoan (lender, amount,
#: interest, the card pledged or -1); AskForCard (space, price).
GIVE_UP, OFFER_CARD, OFFER_LUXURY, ASK_LOAN, ASK_CARD = range(5)
#: Move options: forward, backward, by the railroad pass, stay put.
FORWARD, BACKWARD, BY_PASS, STAY = range(4)
#: Throws in a turn's row of the turn-keyed streams (TurnStream.WIDTH).
WIDTH = 8
#: Rows of ``work`` (``D[14]``), each helper's own scratch so that nested calls never share
#: one: _pay_bills's payees, what is owed them and the debt's rows WHY_FIRST, FIRST and
#: WHY_REST for each, _draw_chance's cards left in the pack, _move's options (where to,
#: how), the net worths of _gini, _for_single_tax and _prosperous, and _talk_actions'
#: cards that secure a loan of each amount, their worth, and the cards pledged (by
#: space). ``fwork`` (``D[15]``) is _gini's sorted worths.
(W_PAYEES, W_OWED, W_WHY_FIRST, W_FIRST, W_WHY_REST, W_LEFT, W_TO, W_HOW, W_GINI, W_VOTE,
 W_PROSPER, W_COVER, W_WORTH, W_PLEDGED, W_ROWS) = range(15)  # fmt: skip

#: Every function but ``game`` (and what only ``game`` calls) is compiled by
#: :func:`landlord.batch.kernel.helper`: without numba's reference counting, so it makes
#: no array (``game`` makes them, once a game), and once, whatever constants it is passed.
_helper = helper


@_helper
def _uncovered(D, why):  # pragma: no cover
    """Stop: the compiled game does not follow what comes next."""
    stats = D[7]
    if stats[STATUS] == 0:
        stats[STATUS] = UNCOVERED
        stats[WHY] = why


@_helper
def _pick(D, count):  # pragma: no cover
    """A random player's choice among ``count`` legal actions, as RandomPlayer.decide draws
    it from the session's policy stream (``legal[int(rng.random() * len(legal))]``): its
    index; -1 if the draws ran out (the game is played again with more)."""
    u = _next_draw(D, D[16], POLICY_I)
    return -1 if u < 0 else int(u * count)


@_helper
def _next_draw(D, draws, slot):  # pragma: no cover
    """The next number of a stream's ``draws``, how many were taken kept in ``g[slot]``;
    -1.0 if they ran out (NEED_DRAWS: the game is played again with more)."""
    g, stats = D[4], D[7]
    i = g[slot]
    if i >= len(draws):
        if stats[STATUS] == 0:
            stats[STATUS] = NEED_DRAWS
        return -1.0
    g[slot] = i + 1
    return draws[i]


@_helper
def _accepts(S, D, player):  # pragma: no cover
    """A random player's answer to a proposal (Accept or Refuse, in that order): True for
    Accept; False too if the draws ran out."""
    return _pick(D, 2) == 0


@_helper
def _transfer(S, D, payer, payee, amount, why):  # pragma: no cover
    """Ledger.transfer, keeping only the sums the scorecard reads (game_scores) and the
    Treasury's fund (Ledger.count): ``why`` is R_OTHER, R_LAND, R_LVT or R_FUND."""
    if amount <= 0 or payer == payee:
        return
    v = S[0]
    bal, g, stats = D[0], D[4], D[7]
    mode = g[TALLY_MODE]
    counted = mode == RENTS_AND_FINES or (mode == DIAL_TALLY and why == R_LVT)
    if counted and payee == v[ACCOUNT] and why != R_OTHER:
        g[TALLY] += amount
    bal[payer] -= amount
    bal[payee] += amount
    treasury = v[TREASURY_PILE]
    if payee == treasury:
        stats[COLLECTED] += amount
    elif payer == treasury:
        stats[SPENT] += amount
    if why in (R_LAND, R_LVT):
        if payee < v[N]:
            stats[LAND_RENT_PLAYERS] += amount
        elif payee == treasury:
            stats[LAND_RENT_TREASURY] += amount


@_helper
def _give_card(S, D, space, player):  # pragma: no cover
    """LandlordsGame.give_card with Holdings.set_owner and Dealings.card_moved: a card back
    in the pack is no longer a pledge (the debt is then secured on wages)."""
    v, sp, ls = S[0], S[1], S[2]
    own, hs, g, debts = D[1], D[2], D[4], D[5]
    own[space] = player
    if player < 0:
        hs[space] = 0
        for k in range(g[DEBTS_USED]):
            if debts[ALIVE, k] and debts[PLEDGE, k] == space + 1:
                debts[PLEDGE, k] = 0
    if sp[KIND, space] != RAILROAD:
        return
    # Dealings.card_moved: the holders of the railroads, as a set. Only a set of two
    # matters, so it keeps the first two holders and counts on past them (3: "more").
    first, second = -1, -1
    distinct = 0
    for k in range(v[N_RAILS]):
        holder = own[ls[RAILS, k]]
        if distinct == 0:
            first, distinct = holder, 1
        elif holder != first and (distinct == 1 or holder != second):
            if distinct == 1:
                second = holder
            distinct = min(distinct + 1, 3)
    if g[TRUST_A] >= 0:
        same = distinct == 2
        if same:
            a_in = first == g[TRUST_A] or second == g[TRUST_A]
            b_in = first == g[TRUST_B] or second == g[TRUST_B]
            same = a_in and b_in
        if not same:
            g[TRUST_A] = -1
            g[TRUST_B] = -1
    if distinct == 2 and first >= 0 and second >= 0:
        g[PAIR_A] = min(first, second)
        g[PAIR_B] = max(first, second)
    else:
        g[PAIR_A] = -1
        g[PAIR_B] = -1


@_helper
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


@_helper
def _rent_due(S, D, space, payer, bp, ba, bl):  # pragma: no cover
    """Spaces.rent_due: the bills (payee, amount, why) into ``bp``, ``ba``, ``bl``;
    returns how many. The payee is -1 for an unowned card."""
    v, sp, ls = S[0], S[1], S[2]
    own, hs, g = D[1], D[2], D[4]
    holder = own[space]
    kind = sp[KIND, space]
    if kind == LOT:
        houses = hs[space]
        if g[SINGLE_TAX]:
            bp[0], ba[0], bl[0] = v[RENT_TO], sp[LAND_RENT, space], R_LAND
            if houses and holder != payer:
                bp[1], ba[1], bl[1] = holder, houses * v[RENT_EACH], R_OTHER
                return 2
            return 1
        rent = _land_rent(S, D, space)
        share = S[6][SHARE]
        if share > 0 and holder >= 0:
            tax = int(rent * share + 0.5)
            bp[0], ba[0], bl[0] = holder, rent - tax, R_LAND
            bp[1], ba[1], bl[1] = v[ACCOUNT], tax, R_LVT
            nb = 2
        else:
            bp[0], ba[0], bl[0] = holder, rent, R_LAND
            nb = 1
        if houses:
            bp[nb], ba[nb], bl[nb] = holder, houses * v[RENT_EACH], R_OTHER
            nb += 1
        return nb
    if D[13][space] & PUBLIC:
        return 0
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


@_helper
def _necessity_tax(S, D):  # pragma: no cover
    """Spaces.necessity_tax: Rule 4, doubled by houses on the board (advanced rules);
    nothing under the single tax."""
    v, ls = S[0], S[2]
    if D[4][SINGLE_TAX]:
        return 0
    amount = v[TAX]
    if v[N_TAX_STEPS]:
        built = D[2].sum()
        for k in range(v[N_TAX_STEPS]):
            if built >= ls[TAX_HOUSES, k]:
                amount = ls[TAX_AMOUNTS, k]
    return amount


@_helper
def _worth_paying(S, player, space):  # pragma: no cover
    """bots._worth_paying."""
    sp, bt, mk = S[1], S[4], S[5]
    price = sp[PRICE, space]
    if bt[MAX_PRICE, player] and price > bt[MAX_PRICE, player]:
        return 0
    return int(price * mk[player])


@_helper
def _spare(S, D, player):  # pragma: no cover
    """bots._spare: cash above the reserve."""
    return D[0][player] - S[4][RESERVE, player]


@_helper
def _card_value(S, D, space):  # pragma: no cover
    """Holdings.card_value: printed price plus houses at cost; under the single tax a lot's
    title deed is worth nothing (Holdings.deeds_lose_value)."""
    sp = S[1]
    price = sp[PRICE, space]
    if D[4][SINGLE_TAX] and sp[KIND, space] == LOT:
        price = 0
    return price + D[2][space] * S[0][HOUSE_COST]


# --- debts (Dealings.add_debt, settle, take_wages) ------------------------------------


@_helper
def _add_debt(S, D, debtor, creditor, owed, why_first, first, why_rest,
              pledge=-1):  # fmt: skip  # pragma: no cover
    """Dealings.add_debt: paid under ``why_first`` for the first ``first`` of it and under
    ``why_rest`` for the rest (a loan: R_OTHER, ``owed``, R_OTHER); secured on the card of
    ``pledge``, or on wages (-1)."""
    g, debts = D[4], D[5]
    k = g[DEBTS_USED]
    room = debts.shape[1]
    if k >= room:
        # Full: drop the debts paid off, keeping the others in the order they were made.
        k = 0
        for j in range(g[DEBTS_USED]):
            if debts[ALIVE, j]:
                for row in range(DEBT_ROWS):
                    debts[row, k] = debts[row, j]
                k += 1
        g[DEBTS_USED] = k
        if k >= room:
            _uncovered(D, 3)
            return
    debts[DEBTOR, k], debts[CREDITOR, k], debts[OWED, k], debts[ALIVE, k] = (
        debtor, creditor, owed, 1
    )  # fmt: skip
    debts[WHY_FIRST, k], debts[FIRST, k], debts[WHY_REST, k] = why_first, first, why_rest
    debts[PLEDGE, k] = pledge + 1
    g[DEBTS_USED] += 1
    g[DEBTS_LIVE] += 1


@_helper
def _settle(S, D, k, amount):  # pragma: no cover
    """Dealings.settle: ``amount`` of debt ``k`` paid (all of it clears the debt), what is
    left of the first bill under its reason first, then the rest under theirs."""
    g, debts = D[4], D[5]
    debtor, creditor = debts[DEBTOR, k], debts[CREDITOR, k]
    first = min(amount, debts[FIRST, k])
    _transfer(S, D, debtor, creditor, first, debts[WHY_FIRST, k])
    debts[FIRST, k] -= first
    _transfer(S, D, debtor, creditor, amount - first, debts[WHY_REST, k])
    debts[OWED, k] -= amount
    if debts[OWED, k] <= 0:
        debts[ALIVE, k] = 0
        g[DEBTS_LIVE] -= 1


@_helper
def _take_wages(S, D, player, wages):  # pragma: no cover
    """Dealings.take_wages: creditors secured on wages take them until paid."""
    bal, g, debts = D[0], D[4], D[5]
    for k in range(g[DEBTS_USED]):
        if wages <= 0:
            break
        if debts[ALIVE, k] and debts[DEBTOR, k] == player and not debts[PLEDGE, k]:
            amount = min(debts[OWED, k], wages, bal[player])
            if amount > 0:
                _settle(S, D, k, amount)
                wages -= amount


@_helper
def _pay_wages(S, D, player):  # pragma: no cover
    """LandlordsGame._pay_wages (Rule 3)."""
    v = S[0]
    pl, g = D[3], D[4]
    _transfer(S, D, v[WAGES_FROM], player, g[WAGES_NOW], R_OTHER)
    pl[WAGES_RECEIVED, player] += 1
    if pl[WAGES_RECEIVED, player] == v[WAGES_TIMES]:
        g[WAGES_DONE] = 1
    if g[DEBTS_LIVE]:
        _take_wages(S, D, player, g[WAGES_NOW])


# --- tokens ------------------------------------------------------------------------


@_helper
def _send_to_jail(S, D, player):  # pragma: no cover
    """LandlordsGame.send_to_jail (Rule 5)."""
    pl = D[3]
    pl[JAILED, player] = 1
    pl[JAIL_TURNS, player] = 0
    pl[POS, player] = S[0][JAIL]


@_helper
def _go_to_poor_house(S, D, player):  # pragma: no cover
    """LandlordsGame.go_to_poor_house (Rule 12)."""
    pl = D[3]
    pl[POOR_VISITS, player] += 1
    pl[POOR, player] = 1
    pl[JAILED, player] = 0
    pl[POS, player] = S[0][POOR_HOUSE]


@_helper
def _to_opportunity(S, D, player):  # pragma: no cover
    """Treasury.to_natural_opportunity (Single Tax Rule 8): the Natural Opportunity nearest
    behind his space (the Poor House on a board without them)."""
    pl = D[3]
    side = S[2][SIDE_BEHIND, pl[POS, player]]
    if side < 0:
        _go_to_poor_house(S, D, player)
        return
    pl[POS, player] = side
    pl[JAILED, player] = 0
    pl[OPPORTUNITY_VISITS, player] += 1


@_helper
def _throw(D, which):  # pragma: no cover
    """A throw of the turn-keyed stream ``which`` (DICE_STREAM or SPEC_STREAM: its table
    of draws by turn, TurnStream.uniform), as an index into DICE; -1 if the draws ran out
    or the turn threw more than its row holds. A table drawn as the game goes (by
    ``games``) gets its rows up to this turn's now, from the stream's state."""
    g, stats = D[4], D[7]
    table = D[8] if which == DICE_STREAM else D[9]
    slot = DICE_K if which == DICE_STREAM else SPEC_K
    turn = g[TURN]
    if turn >= table.shape[0]:
        if stats[STATUS] == 0:
            stats[STATUS] = NEED_DRAWS
        return -1
    drawn = g[DICE_ROWS + which]
    if turn >= drawn:
        at = STREAM_STATES + 4 * which
        hi, lo = uint64(g[at]), uint64(g[at + 1])
        inc_hi, inc_lo = uint64(g[at + 2]), uint64(g[at + 3])
        for row in range(drawn, turn + 1):
            hi, lo = fill_from(hi, lo, inc_hi, inc_lo, table[row])
        g[at], g[at + 1] = int64(hi), int64(lo)
        g[DICE_ROWS + which] = turn + 1
    k = g[slot]
    g[slot] = k + 1
    if k >= WIDTH:
        _uncovered(D, 2)
        return -1
    return int(table[turn, k] * 36)


# --- money that falls short (Dealings.talks, talk_actions, propose, pay_bills) ---------------


@_helper
def _pledged(D, space):  # pragma: no cover
    """Whether the card of ``space`` is pledged for a debt (Dealings.pledged)."""
    g, debts = D[4], D[5]
    for k in range(g[DEBTS_USED]):  # noqa: SIM110 - a loop numba compiles plainly
        if debts[ALIVE, k] and debts[PLEDGE, k] == space + 1:
            return True
    return False


@_helper
def _loan_amount(need, cash, i):  # pragma: no cover
    """The ``i``-th loan asked for in talks: what falls short of ``need``, rounded up to
    tens (raising money: one amount), or LOAN_AMOUNTS[i]."""
    return (need - cash + 9) // 10 * 10 if need else LOAN_AMOUNTS[i]


@_helper
def _talk_actions(S, D, player, need, acts):  # pragma: no cover
    """Dealings.talk_actions: rows (kind, a, b, c, d) into ``acts``, in its order; returns
    how many, or -1 if they are more than ``acts`` holds. With ``need`` (a sum to raise)
    only his own cards, at half and full value."""
    v, ls, rates = S[0], S[2], S[2][RATES]
    bal, own, pl = D[0], D[1], D[3]
    n, room = v[N], acts.shape[0]
    rungs = 2 if need else len(PRICE_LADDER)
    na = 1
    acts[0] = GIVE_UP  # or EndDealing: the first either way (every column is written)
    cover_for = D[14][W_COVER]  # per loan amount: the cheapest free card worth it, or -1
    amounts = 1 if need else len(LOAN_AMOUNTS)
    for i in range(amounts):
        cover_for[i] = -1
    cover_value = D[14][W_WORTH]
    pledged = D[14][W_PLEDGED]  # the cards pledged now, marked in one pass over the debts
    for k in range(v[N_CARDS]):
        pledged[ls[CARDS, k]] = 0
    g, debts = D[4], D[5]
    for k in range(g[DEBTS_USED]):
        if debts[ALIVE, k] and debts[PLEDGE, k]:
            pledged[debts[PLEDGE, k] - 1] = 1
    for k in range(v[N_CARDS]):
        space = ls[CARDS, k]
        holder = own[space]
        if holder < 0 or (need and holder != player) or pledged[space]:
            continue
        value = _card_value(S, D, space)
        if holder == player:
            for i in range(amounts):
                amount = _loan_amount(need, bal[player], i)
                if value >= amount and (cover_for[i] < 0 or value < cover_value[i]):
                    cover_for[i], cover_value[i] = space, value
            for other in range(n):
                if other == player:
                    continue
                for r in range(rungs):  # the prices rise: the first too dear ends the run
                    price = value * PRICE_LADDER[r] // 100
                    if price > bal[other]:
                        break
                    if na >= room:
                        return -1
                    acts[na, 0], acts[na, 1], acts[na, 2], acts[na, 3], acts[na, 4] = (
                        OFFER_CARD, space, other, price, 0
                    )  # fmt: skip
                    na += 1
        else:
            for r in range(rungs):
                price = value * PRICE_LADDER[r] // 100
                if price > bal[player]:
                    break
                if na >= room:
                    return -1
                acts[na, 0], acts[na, 1], acts[na, 2] = ASK_CARD, space, price
                acts[na, 3] = acts[na, 4] = 0
                na += 1
    if pl[LUXURIES, player]:
        fee = v[LUXURY_FEE]
        for other in range(n):
            if other == player:
                continue
            for price in (fee * 2 // 3, fee, fee * 4 // 3):
                if bal[other] >= price:
                    if na >= room:
                        return -1
                    acts[na, 0], acts[na, 1], acts[na, 2] = OFFER_LUXURY, other, price
                    acts[na, 3] = acts[na, 4] = 0
                    na += 1
    for i in range(amounts):
        amount = _loan_amount(need, bal[player], i)
        cover = cover_for[i]
        for other in range(n):
            if other == player or bal[other] < amount:
                continue
            for r in range(v[N_RATES]):
                # Every rate, on wages, then on the card that covers it.
                if na + 2 > room:
                    return -1
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


@_helper
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


@_helper
def _propose(S, D, player, kind, a, b, c, d):  # pragma: no cover
    """Dealings.propose, the other player answering by bots._offer or, a random player, by
    a draw; True if accepted."""
    v, sp, bt, mk = S[0], S[1], S[4], S[5]
    own, pl = D[1], D[3]
    if kind == OFFER_CARD:
        space, buyer, price = a, b, c
        if bt[RANDOM, buyer]:
            ok = _accepts(S, D, buyer)
        else:
            fair = _card_value(S, D, space) * (mk[buyer] if bt[BIDS, buyer] else 0.5)
            ok = price <= fair and price <= _spare(S, D, buyer)
        if ok:
            _transfer(S, D, buyer, player, price, R_OTHER)
            _give_card(S, D, space, buyer)
        return ok
    if kind == ASK_CARD:
        space, price = a, b
        holder = own[space]
        if bt[RANDOM, holder]:
            ok = _accepts(S, D, holder)
        else:
            keep = _card_value(S, D, space) * 1.5
            if sp[KIND, space] == RAILROAD and bt[HUNTS, holder]:
                keep *= 2
            ok = price >= keep
        if ok:
            _transfer(S, D, player, holder, price, R_OTHER)
            _give_card(S, D, space, player)
        return ok
    if kind == OFFER_LUXURY:
        buyer, price = a, b
        if bt[RANDOM, buyer]:
            ok = _accepts(S, D, buyer)
        else:
            spare = _spare(S, D, buyer)
            ok = bt[BUYS_LUXURY, buyer] and price <= v[LUXURY_FEE] and price <= spare
        if ok:
            _transfer(S, D, buyer, player, price, R_OTHER)
            pl[LUXURIES, player] -= 1
            pl[LUXURIES, buyer] += 1
        return ok
    # ASK_LOAN
    lender, amount, interest, collateral = a, b, c, d
    if bt[RANDOM, lender]:
        ok = _accepts(S, D, lender)
    else:
        secured = collateral >= 0 and _card_value(S, D, collateral) >= amount
        ok = amount <= _spare(S, D, lender) and (secured or interest >= 10)
    if ok:
        _transfer(S, D, lender, player, amount, R_OTHER)
        owed = amount * (100 + interest) // 100
        why = R_FUND if v[LATE_AS_DEBTS] else R_OTHER  # "debt repaid" fed the fund then
        _add_debt(S, D, player, lender, owed, why, owed, why, collateral)
    return ok


@_helper
def _talks(S, D, player, need):  # pragma: no cover
    """Dealings.talks: up to three offers, with ``need`` until the cash covers it; a bot
    answers by bots._talks (with a sum to raise: the railroad hunt is :func:`_hunt`), a
    random player draws. A refused offer is struck off the table (and any equal to it),
    an accepted one changes it."""
    bal, stats = D[0], D[7]
    acts = D[12]  # talks never nest: one table of offers serves them all
    random = S[4][RANDOM, player]
    na = 0
    for _ in range(OFFERS_PER_TALK):
        if need and bal[player] >= need:
            return
        if na == 0:
            na = _talk_actions(S, D, player, need, acts)
            if na < 0:
                _uncovered(D, 7)
                return
        if na == 1:
            return
        choice = _pick(D, na) if random else _choose_talk(S, D, need, acts, na)
        if choice <= 0:
            return  # GiveUp or EndDealing (or the draws ran out)
        kind, a, b = acts[choice, 0], acts[choice, 1], acts[choice, 2]
        c, d = acts[choice, 3], acts[choice, 4]
        accepted = _propose(S, D, player, kind, a, b, c, d)
        if stats[STATUS]:
            return
        if accepted:
            na = 0
            continue
        kept = 0
        for i in range(na):
            same = acts[i, 0] == kind and acts[i, 1] == a and acts[i, 2] == b
            if not (same and acts[i, 3] == c and acts[i, 4] == d):
                for col in range(5):
                    acts[kept, col] = acts[i, col]
                kept += 1
        na = kept


@_helper
def _hunt(S, D, player):  # pragma: no cover
    """Dealings.talks with nothing to raise, as the bots play them (the railroad hunt):
    bots._talks asks the holder of the one railroad he lacks for it at the highest price of
    Dealings.talk_actions' ladder (PRICE_LADDER times its value) that he has in hand, that
    is no more than his spare cash and max(150, 3 x its price); bots._offer answers. A
    refused ask is not made again; the talks end at a sale, at no ask left, or after
    OFFERS_PER_TALK asks."""
    v, sp, bt = S[0], S[1], S[4]
    bal, own, hs = D[0], D[1], D[2]
    wanted = _wanted_railroad(S, D, player)
    if wanted < 0 or _pledged(D, wanted):  # a pledged card is not offered for
        return
    holder = own[wanted]
    value = sp[PRICE, wanted] + hs[wanted] * v[HOUSE_COST]
    limit = max(150, 3 * sp[PRICE, wanted])
    below = 1 << 62  # the asks refused, and those above them, are not made again
    for _ in range(OFFERS_PER_TALK):
        best = -1
        for pct in PRICE_LADDER:
            price = value * pct // 100
            affordable = price <= bal[player] and price <= _spare(S, D, player)
            if best < price < below and price <= limit and affordable:
                best = price
        if best < 0:
            return
        if bt[RANDOM, holder]:  # a random holder draws his answer
            ok = _accepts(S, D, holder)
        else:
            keep = _card_value(S, D, wanted) * 1.5  # bots._offer, for an AskForCard
            if bt[HUNTS, holder]:
                keep *= 2
            ok = best >= keep
        if ok:
            _transfer(S, D, player, holder, best, R_OTHER)
            _give_card(S, D, wanted, player)
            return
        below = best


@_helper
def _pay_bills(S, D, player, nb, bp, ba, bl, landing):  # pragma: no cover
    """Dealings.pay_bills: talks to raise what falls short; still short, he pays what he
    can, owes the rest and goes to the Poor House (under the single tax to a Natural
    Opportunity, paying nothing if the bills are for the space he landed on). True if he
    paid."""
    bal, g, stats = D[0], D[4], D[7]
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
    if landing and g[SINGLE_TAX]:
        _to_opportunity(S, D, player)
        return False
    work = D[14]
    payees, owed = work[W_PAYEES], work[W_OWED]
    why_first, first, why_rest = work[W_WHY_FIRST], work[W_FIRST], work[W_WHY_REST]
    count = 0
    for i in range(nb):
        cash = bal[player]
        _transfer(S, D, player, bp[i], min(cash, ba[i]), bl[i])
        if cash >= ba[i]:
            continue
        j = 0
        while j < count and payees[j] != bp[i]:
            j += 1
        left = ba[i] - cash
        if j == count:
            payees[j], owed[j] = bp[i], 0
            why_first[j], first[j], why_rest[j] = bl[i], left, bl[i]
            count += 1
        elif owed[j] == first[j]:
            why_rest[j] = bl[i]  # the payee's second bill
        elif why_rest[j] != bl[i] and not S[0][LATE_AS_DEBTS]:
            _uncovered(D, 6)
            return False
        owed[j] += left
    for j in range(count):
        if S[0][LATE_AS_DEBTS]:  # the earlier reading: every debt repaid feeds the fund
            _add_debt(S, D, player, payees[j], owed[j], R_FUND, owed[j], R_FUND)
        else:
            _add_debt(S, D, player, payees[j], owed[j], why_first[j], first[j], why_rest[j])
    if g[SINGLE_TAX]:
        _to_opportunity(S, D, player)
    else:
        _go_to_poor_house(S, D, player)
    return False


@_helper
def _pay(S, D, player, payee, amount, why):  # pragma: no cover
    """Dealings.pay: one bill (not for a landing), in the bills' scratch rows (never called
    while other bills there are still to be paid)."""
    bills = D[11]
    bp, ba, bl = bills[0], bills[1], bills[2]
    bp[0], ba[0], bl[0] = payee, amount, why
    return _pay_bills(S, D, player, 1, bp, ba, bl, False)


# --- the spaces (Spaces) ------------------------------------------------------------


@_helper
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
        listed = 0
        for s in range(v[N_STEPS]):
            if high + ls[BID_STEPS, s] <= cash:
                listed += 1
        if listed and bt[RANDOM, other]:
            amount = _random_bid(D, ls[BID_STEPS], v[N_STEPS], high, cash, listed)
            if amount == -2:
                return -1
            if amount >= 0:
                high, bidder = amount, other
            continue
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
    if bt[RANDOM, lander]:
        if bal[lander] >= high:
            choice = _pick(D, 2)
            if choice < 0:
                return -1
            if choice == 0:
                bidder = lander
    elif bal[lander] >= high:
        worth = _worth_paying(S, lander, space)
        if worth >= high and _spare(S, D, lander) >= high:
            bidder = lander
    if bidder < 0:
        return -1
    _transfer(S, D, bidder, v[SALE_TO], high, R_OTHER)
    _give_card(S, D, space, bidder)
    return bidder


@_helper
def _random_bid(D, steps, count, high, room, listed):  # pragma: no cover
    """A random player's draw among Pass and the ``listed`` bids ``high + step`` (of the
    first ``count`` ``steps``, in their order) that come to at most ``room``: the amount
    bid, -1 for Pass, -2 if the draws ran out."""
    choice = _pick(D, listed + 1)
    if choice < 0:
        return -2
    for s in range(count):
        if high + steps[s] <= room:
            choice -= 1
            if choice == 0:
                return high + steps[s]
    return -1


@_helper
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
    if stake_to != player and not _pay(S, D, player, stake_to, v[STAKE], R_OTHER):
        return
    face = _throw(D, SPEC_STREAM)
    if face < 0:
        return
    stats[SPEC_PLAYS] += 1
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
    _transfer(S, D, payer, player, winnings, R_OTHER)
    share = winnings * v[BROKER_PERCENT] // 100
    if broker != player:
        _transfer(S, D, player, broker if broker >= 0 else payer, share, R_OTHER)


@_helper
def _draw_chance(S, D):  # pragma: no cover
    """Spaces.chance_pack and the session's pick: the index of the card drawn, or -1."""
    v, ch = S[0], S[3]
    g, kept = D[4], D[6]
    u = _next_draw(D, D[10], CHANCE_I)
    if u < 0:
        return -1
    cards = v[N_CHANCE]
    left = D[14][W_LEFT]
    for c in range(cards):
        left[c] = ch[COPIES, c]
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


@_helper
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
            if kind == LOT and g[SINGLE_TAX]:
                _site_landing(S, D, player, space)  # Single Tax Rules 2 and 4
                return
            holder = own[space]
            if holder == player:
                return
            if holder >= 0:
                nb = _rent_due(S, D, space, player, bp, ba, bl)
                if nb == 1 and bal[player] >= ba[0]:
                    _transfer(S, D, player, bp[0], ba[0], bl[0])
                elif nb:
                    _pay_bills(S, D, player, nb, bp, ba, bl, True)
                return
            if D[13][space] & PUBLIC:
                return  # bought by the public: free (Single Tax Rule 6)
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
                _pay_bills(S, D, player, nb, bp, ba, bl, True)
            return
        if kind in (NECESSITY, SHELTER):
            tax = _necessity_tax(S, D)
            if tax:
                bp[0], ba[0], bl[0] = v[TAX_TO], tax, R_OTHER
                _pay_bills(S, D, player, 1, bp, ba, bl, True)
            return
        if kind == TRESPASS:
            if D[13][space] & COLLEGE:
                pl[EDUCATION, player] += 1  # Single Tax Rules 5 and 7
            else:
                _send_to_jail(S, D, player)
            return
        if kind == SPECULATION:
            _speculate(S, D, player)
            return
        if kind == LUXURY:
            fee = v[LUXURY_FEE]
            if bal[player] >= fee:  # the decision luxury: Buy, Decline
                if bt[RANDOM, player]:
                    choice = _pick(D, 2)
                    if choice < 0:
                        return
                    buys = choice == 0
                else:
                    buys = bt[BUYS_LUXURY, player] and _spare(S, D, player) >= fee
                if buys:
                    _transfer(S, D, player, v[LUXURY_TO], fee, R_OTHER)
                    pl[LUXURIES, player] += 1
                    return
            space = _backward(S, origin, steps)
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
            _pay(S, D, player, ch[PILE, card], amount, R_OTHER)
        elif effect == COLLECT:
            _transfer(S, D, ch[PILE, card], player, amount, R_OTHER)
        elif effect == COLLECT_FROM_EACH:
            for other in range(n):
                if other != player:
                    _pay(S, D, other, player, amount, R_OTHER)
                    if stats[STATUS]:
                        return
        elif effect == PAY_EACH:
            nb = 0
            for other in range(n):
                if other != player:
                    bp[nb], ba[nb], bl[nb] = other, amount, 0
                    nb += 1
            _pay_bills(S, D, player, nb, bp, ba, bl, False)
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


@_helper
def _landing_cost(S, D, me, to, direction):  # pragma: no cover
    """bots._landing_cost, in floats."""
    v, sp, bt = S[0], S[1], S[4]
    own, pl, g, pub = D[1], D[3], D[4], D[13]
    if direction == STAY:
        return 20.0 if bt[SPECULATES, me] else 0.0
    size = v[SIZE]
    kind = sp[KIND, to]
    cost = 0.0
    here = pl[POS, me]
    if direction != BACKWARD and here + (to - here) % size >= size:
        cost -= g[WAGES_NOW]
    if kind in (LOT, RAILROAD, FRANCHISE):
        holder = own[to]
        if pub[to] & PUBLIC:
            pass  # bought by the public: free
        elif kind == LOT and g[SINGLE_TAX]:
            bills = D[11]
            nb = _rent_due(S, D, to, me, bills[0], bills[1], bills[2])
            for i in range(nb):
                cost += bills[1][i]
        elif holder < 0:
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
        cost += -25.0 if pub[to] & COLLEGE else v[FINE]
    elif kind == SPECULATION:
        cost += -40.0 if bt[SPECULATES, me] else 10.0
    elif kind == LUXURY:
        cost += 0.0 if bt[BUYS_LUXURY, me] else 25.0
    return cost


@_helper
def _move(S, D, player, first, second):  # pragma: no cover
    """LandlordsGame._move with move_options (Rules 2, 8, 17) and bots._move."""
    v, sp = S[0], S[1]
    pl = D[3]
    size = v[SIZE]
    pos = pl[POS, player]
    total = first + second
    if pos >= size:
        # From a Natural Opportunity he must move forward (Single Tax Rule 8): Track.forward.
        ahead = (S[2][SIDE_REENTER, pos - size] - 1) % size
        where = (ahead + total) % size
        if ahead + total >= size:
            _pay_wages(S, D, player)
        pl[POS, player] = where
        _land(S, D, player, where, pos, total)
        return
    to, how = D[14][W_TO], D[14][W_HOW]
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
    if count > 1 and S[4][RANDOM, player]:
        choice = _pick(D, count)
        if choice < 0:
            return
    elif count > 1:
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


@_helper
def _jail_turn(S, D, player):  # pragma: no cover
    """LandlordsGame._jail_turn with policies.bots.jail_choice: the freeing double's index
    into DICE, or -1."""
    v, bt = S[0], S[4]
    bal, pl, g, kept = D[0], D[3], D[4], D[6]
    fine = v[FINE]
    if pl[JAIL_TURNS, player] >= v[MAX_JAIL]:
        _pay(S, D, player, v[FINE_TO], fine, R_FUND)
        pl[JAILED, player] = 0
        return -1
    card = -1  # the first Chance card he keeps that lets him out
    for k in range(g[KEPT_N]):
        if kept[0, k] == player:
            card = k
            break
    can_pay = bal[player] >= fine
    if bt[RANDOM, player]:
        # TryForDoubles, PayFine if he can, UseJailCard if he keeps one: a draw.
        count = 1 + can_pay + (card >= 0)
        choice = _pick(D, count) if count > 1 else 0
        if choice < 0:
            return -1
        if choice == 0:
            card, can_pay = -1, False
        elif choice == 1 and can_pay:
            card = -1
    else:  # policies.bots.jail_choice: the card, else the fine if he pays fines
        can_pay = can_pay and bt[PAYS_FINE, player] and _spare(S, D, player) >= fine
    if card >= 0:  # UseJailCard: the card goes back into the pack
        for j in range(card, g[KEPT_N] - 1):
            kept[0, j], kept[1, j] = kept[0, j + 1], kept[1, j + 1]
        g[KEPT_N] -= 1
        pl[JAILED, player] = 0
        return -1
    if can_pay:
        _transfer(S, D, player, v[FINE_TO], fine, R_FUND)
        pl[JAILED, player] = 0
        return -1
    face = _throw(D, DICE_STREAM)
    if face < 0:
        return -1
    if face // 6 == face % 6:
        pl[JAILED, player] = 0
        return face
    pl[JAIL_TURNS, player] += 1
    return -1


@_helper
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


@_helper
def _business(S, D, player, talks_left):  # pragma: no cover
    """LandlordsGame.business_actions with bots._turn: (what, which). The bot takes, in
    this order: a debt to repay, the Trust, the vote, the best house, a site, talks."""
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
    if g[VOTES_LEFT] and not g[SINGLE_TAX] and _for_single_tax(S, D, player):
        return DO_VOTE, 0
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
    if g[SINGLE_TAX] and cash >= cost and build_to and spare >= cost:
        # Single Tax Rule 4: a new site, the unimproved lot with the highest land rent.
        best, best_rent = -1, -1
        for space in range(v[SIZE]):
            if sp[KIND, space] == LOT and hs[space] == 0 and sp[LAND_RENT, space] > best_rent:
                best, best_rent = space, sp[LAND_RENT, space]
        if best >= 0:
            return DO_CLAIM, best
    if talks_left and bt[HUNTS, player] and spare >= 150 and _wanted_railroad(S, D, player) >= 0:
        return DO_TALK, 0
    return DO_ROLL, 0


@_helper
def _buildable(S, D, player, space, limit):  # pragma: no cover
    """Whether ``player`` holds the lot of ``space`` and may build on it (below ``limit``,
    0 for none): a Build in business_actions."""
    own, hs = D[1], D[2]
    return S[1][KIND, space] == LOT and own[space] == player and (not limit or hs[space] < limit)


@_helper
def _random_business(S, D, player, talks_left):  # pragma: no cover
    """LandlordsGame.business_actions for a random player, and his draw: (what, which).
    The list: Roll; Build on each lot he holds (board order, below the limit); Repay each
    debt he can (oldest first); FormTrust; CallVote; Negotiate; ClaimSite on each
    unimproved lot (board order). Only Roll: no decision, no draw."""
    v, sp = S[0], S[1]
    bal, own, hs, g, debts = D[0], D[1], D[2], D[4], D[5]
    cash, cost, size = bal[player], v[HOUSE_COST], v[SIZE]
    single_tax = g[SINGLE_TAX]
    votes = 1 if g[VOTES_LEFT] and not single_tax else 0
    lots = 0
    for space in range(size):
        if sp[KIND, space] == LOT and own[space] == player:
            lots += 1
    pair = g[PAIR_A] >= 0
    if (cash < cost or not (lots or single_tax)) and not (g[DEBTS_LIVE] or pair):
        # The usual turn (USUAL_BUSINESS): Roll, CallVote, Negotiate.
        count = 1 + votes + talks_left
        choice = _pick(D, count) if count > 1 else 0
        if choice <= 0:
            return DO_ROLL, 0
        if choice == 1 and votes:
            return DO_VOTE, 0
        return DO_TALK, 0
    can_build = cash >= cost
    limit = v[HOUSE_LIMIT]
    builds = 0
    if can_build and lots:
        for space in range(size):
            if _buildable(S, D, player, space, limit):
                builds += 1
    repays = 0
    for k in range(g[DEBTS_USED]):
        if debts[ALIVE, k] and debts[DEBTOR, k] == player and cash >= debts[OWED, k]:
            repays += 1
    a, b = g[PAIR_A], g[PAIR_B]
    trust = 1 if pair and g[TRUST_A] < 0 and player in (a, b) else 0
    sites = 0
    if can_build and single_tax:
        for space in range(size):
            if sp[KIND, space] == LOT and not hs[space]:
                sites += 1
    count = 1 + builds + repays + trust + votes + talks_left + sites
    choice = _pick(D, count) if count > 1 else 0
    if choice <= 0:
        return DO_ROLL, 0
    choice -= 1
    if choice < builds:
        for space in range(size):
            if _buildable(S, D, player, space, limit):
                if choice == 0:
                    return DO_BUILD, space
                choice -= 1
    choice -= builds
    if choice < repays:
        for k in range(g[DEBTS_USED]):
            if debts[ALIVE, k] and debts[DEBTOR, k] == player and cash >= debts[OWED, k]:
                if choice == 0:
                    return DO_REPAY, k
                choice -= 1
    choice -= repays
    if choice < trust:
        return DO_TRUST, b if player == a else a
    choice -= trust
    if choice < votes:
        return DO_VOTE, 0
    choice -= votes
    if choice < talks_left:
        return DO_TALK, 0
    choice -= talks_left
    for space in range(size):
        if sp[KIND, space] == LOT and not hs[space]:
            if choice == 0:
                return DO_CLAIM, space
            choice -= 1
    return DO_ROLL, 0  # pragma: no cover - the count says otherwise


@_helper
def _turn(S, D, player):  # pragma: no cover
    """LandlordsGame._turn: the single tax by round or Gini, a turn missed, the Poor House,
    Jail, a Natural Opportunity, the turn's business (building, repaying, the Trust, the
    vote, sites) and the throw."""
    v, fv = S[0], S[6]
    hs, pl, g, stats = D[2], D[3], D[4], D[7]
    size = v[SIZE]
    if g[ROUND_NOW] == v[SWITCH_ROUND]:
        _adopt(S, D)  # the single tax from this round, as if voted
    elif fv[SWITCH_GINI] != 0 and player == 0 and not g[SINGLE_TAX]:
        gini = _gini(S, D)
        if gini >= fv[SWITCH_GINI]:  # Treasury.adopt_if_unequal (nan: never)
            _adopt(S, D)
    g[EXTRA] = 0
    if pl[MISS, player]:
        pl[MISS, player] = 0
        return
    if pl[POOR, player]:
        pl[POOR, player] = 0
    if pl[JAILED, player]:
        face = _jail_turn(S, D, player)
        if stats[STATUS] or pl[JAILED, player] or pl[POOR, player] or pl[POS, player] >= size:
            return
        if face >= 0:
            _move(S, D, player, face // 6 + 1, face % 6 + 1)
            return
    elif pl[POS, player] >= size:
        _work_opportunity(S, D, player)  # Single Tax Rule 8
        if stats[STATUS]:
            return
    talks_left = 1
    g[VOTES_LEFT] = v[VOTE_OPEN]
    random = S[4][RANDOM, player]
    while True:
        if random:
            what, which = _random_business(S, D, player, talks_left)
        else:
            what, which = _business(S, D, player, talks_left)
        if stats[STATUS]:
            return
        if what == DO_ROLL:
            break
        if what == DO_BUILD:
            _transfer(S, D, player, v[HOUSE_TO], v[HOUSE_COST], R_OTHER)
            hs[which] += 1
        elif what == DO_REPAY:
            _settle(S, D, which, D[5][OWED, which])
        elif what == DO_TRUST:
            # Dealings.propose_trust: bots._trust accepts; a random partner draws.
            if not S[4][RANDOM, which] or _accepts(S, D, which):
                g[TRUST_A], g[TRUST_B] = min(player, which), max(player, which)
        elif what == DO_VOTE:
            g[VOTES_LEFT] = 0
            _call_vote(S, D, player)
        elif what == DO_CLAIM:
            _claim_site(S, D, player, which)
        else:  # Negotiate (LandlordsGame._do_business): the railroad hunt's talks
            talks_left = 0
            if random:
                _talks(S, D, player, 0)
            else:
                _hunt(S, D, player)
        if pl[POOR, player] or stats[STATUS]:
            return
    face = _throw(D, DICE_STREAM)
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
            if bal[player] < price or (D[4][SINGLE_TAX] and sp[KIND, card] == LOT):
                continue  # under the single tax a title deed is worth nothing
            if S[4][RANDOM, player]:
                buys = _pick(D, 2) == 0  # Buy, Decline (the draws run out: not bought)
            else:
                buys = _worth_paying(S, player, card) >= price and _spare(S, D, player) >= price
            if buys:
                _transfer(S, D, player, v[DEAL_TO], price, R_OTHER)
                _give_card(S, D, card, player)


@_helper
def _snapshot(S, D, worth, cash, k):  # pragma: no cover
    """GameState._snapshot and Holdings.net_worths into row ``k``: cash, cards at their
    value, houses at cost, luxury and Professor cards, debts owed and owing; and the money
    row (every account, the land rent so far: scorecard.money_by_round)."""
    bal, stats = D[0], D[7]
    money_row(bal, stats[LAND_RENT_PLAYERS], stats[LAND_RENT_TREASURY], cash, k)
    _worths(S, D, worth[k])


@_helper
def _idle_land(S, D):  # pragma: no cover
    """scorecard.idle_land's count at a snapshot: the lots held with no house, and the lots
    held, into ``stats[IDLE_LOTS]`` and ``stats[HELD_LOTS]``."""
    v, sp = S[0], S[1]
    own, hs, stats = D[1], D[2], D[7]
    idle = held = 0
    for space in range(v[SIZE]):
        if sp[KIND, space] == LOT and own[space] >= 0:
            held += 1
            idle += hs[space] == 0
    stats[IDLE_LOTS], stats[HELD_LOTS] = idle, held


@_helper
def _worths(S, D, out):  # pragma: no cover
    """Holdings.net_worths into ``out``: cash, cards at their value (Holdings.card_value),
    luxury cards at their fee, Professor cards at their score, debts owed and owing."""
    v, ls = S[0], S[2]
    bal, own, pl, g, debts = D[0], D[1], D[3], D[4], D[5]
    n = v[N]
    for p in range(n):
        professors = pl[EDUCATION, p] // v[PER_EDUCATION] * v[PER_PROFESSOR]
        out[p] = bal[p] + pl[LUXURIES, p] * v[LUXURY_FEE] + professors
    for j in range(v[N_CARDS]):
        space = ls[CARDS, j]
        holder = own[space]
        if holder >= 0:
            out[holder] += _card_value(S, D, space)
    for j in range(g[DEBTS_USED]):
        if debts[ALIVE, j]:
            if debts[CREDITOR, j] < n:
                out[debts[CREDITOR, j]] += debts[OWED, j]
            out[debts[DEBTOR, j]] -= debts[OWED, j]


@njit(cache=True)
def game(v, fv, sp, ls, ch, bt, mk, start_balances, deal, dice, spec, cdraw, pdraw, worth,
         cash, stats, bal, pl, streams=None, drawn=-1):  # fmt: skip  # pragma: no cover
    """One game, from the deal to its end: GameState._flow with LandlordsGame's set-up,
    turn and end (_after_turn: the Treasury's spending, Prosperity, Rule 19's wages).
    ``pdraw``: the policy stream's numbers, which random players draw their choices from.
    The tables ``dice`` and ``spec`` hold their first ``drawn`` rows (all of them, -1),
    the rest drawn as the game reaches them from the streams' states in ``streams``
    (a row each: :func:`landlord.batch.streams.start`)."""
    n, size = v[N], v[SIZE]
    stats[:] = 0
    bal[:] = start_balances
    own = np.full(size, -1, np.int64)
    hs = np.zeros(size, np.int64)
    pl[:, :] = 0
    pl[POS, :] = v[START]
    g = np.zeros(G_SIZE, np.int64)
    g[TRUST_A] = g[TRUST_B] = g[PAIR_A] = g[PAIR_B] = -1
    g[WAGES_NOW], g[SINCE] = v[WAGES], -1
    if fv[SHARE] > 0:  # the dial: Treasury.spending, the ledger counting its tax
        g[SPENDING], g[TALLY_MODE] = 1, DIAL_TALLY
    # Room for the debts: random players run up many more (each slot is written before it
    # is read, so the table need not be cleared).
    room = MAX_DEBTS_RANDOM if bt[RANDOM].any() else MAX_DEBTS
    debts = np.empty((DEBT_ROWS, room), np.int64)
    kept = np.empty((2, MAX_KEPT), np.int64)  # read up to g[KEPT_N] only
    pub = np.zeros(size, np.int64)
    if drawn < 0:
        drawn = dice.shape[0]
    g[DICE_ROWS] = g[SPEC_ROWS] = drawn
    if streams is not None:
        for word in range(8):
            g[STREAM_STATES + word] = int64(streams[word // 4, word % 4])
    S = (v, sp, ls, ch, bt, mk, fv)
    D = _state(n, size, v, bal, own, hs, pl, g, debts, kept, stats, dice, spec, cdraw, pub,
               pdraw)  # fmt: skip
    if v[ST_FROM_START]:
        _adopt(S, D)
    _deal(S, D, deal)
    _snapshot(S, D, worth, cash, 0)
    _rounds(S, D, worth, cash, 1, 0, 0, 1, 0)


@njit(cache=True)
def games(v, fv, sp, ls, ch, bt, mk, start_balances, seeds, keys, deal_draws, first_turns,
          first_cards, first_policy, block, width, most, start, worth, cash, stats, visited,
          bal, pl):  # fmt: skip  # pragma: no cover
    """batch.play's games, from game ``start`` on, one per row of ``seeds`` (its seed's
    four 32-bit words, low first), each game's chance drawn here as ``batch.chance_draws``
    and ``batch.turn_draws`` draw it (``streams.uniforms``, the purposes' keys in
    ``keys``: deal, dice, speculation, Chance, policy): ``deal_draws`` for the deal; tables
    of ``width`` draws a turn for the dice and the Speculation space, ``first_turns`` turns
    rounded up to whole blocks of ``block``; ``first_cards`` Chance draws; ``first_policy``
    draws of the policy stream (0 at a table without random players); four times as
    many turns, cards and policy draws each time a game needs more (NEED_DRAWS: the game
    played again). Game g's ``stats`` go in ``stats[g]``, how many players went to the Poor House
    and worked a Natural Opportunity in ``visited[g]``, its snapshots in the rows of
    ``worth`` and ``cash`` after the game before's, each game given room for ``most``.

    Returns the game after the last played to its end: all, the first with no room left,
    or the first the compiled game does not follow (``stats[g, STATUS]`` UNCOVERED, its
    snapshots not kept), which batch.play hands to the reference engine."""
    entropy = np.empty(seeds.shape[1] + 1, np.uint32)  # the seed's words, then a key
    deal = np.empty(deal_draws)
    dice, spec, chance, policy = np.empty(0), np.empty(0), np.empty(0), np.empty(0)
    streams = np.empty((2, 4), np.uint64)  # the dice's and the Speculation space's
    row = 0
    for g in range(start, len(seeds)):
        if row + most > len(worth):
            return g
        entropy[:-1] = seeds[g]
        _drawn(entropy, keys[0], deal)
        turns, cards, choices = first_turns, first_cards, first_policy
        while True:
            rows = -(-turns // block) * block
            if rows * width > len(dice):  # room for the longer tables, kept for the next
                dice, spec = np.empty(rows * width), np.empty(rows * width)
            if cards > len(chance):
                chance = np.empty(cards)
            if choices > len(policy):
                policy = np.empty(choices)
            # The turn-keyed tables are drawn as the game reaches their rows (_throw).
            entropy[-1] = keys[1]
            start_stream(entropy, len(entropy), streams[0])
            entropy[-1] = keys[2]
            start_stream(entropy, len(entropy), streams[1])
            _drawn(entropy, keys[3], chance[:cards])
            if choices:
                _drawn(entropy, keys[4], policy[:choices])
            game(v, fv, sp, ls, ch, bt, mk, start_balances, deal,
                 dice[: rows * width].reshape(rows, width),
                 spec[: rows * width].reshape(rows, width), chance[:cards],
                 policy[:choices], worth[row : row + most], cash[row : row + most], stats[g],
                 bal, pl, streams, 0)  # fmt: skip
            if stats[g, STATUS] != NEED_DRAWS:
                break
            turns, cards, choices = turns * 4, cards * 4, choices * 4
        if stats[g, STATUS] == UNCOVERED:
            return g
        visited[g, 0] = visited[g, 1] = 0
        for p in range(v[N]):
            visited[g, 0] += pl[POOR_VISITS, p] > 0
            visited[g, 1] += pl[OPPORTUNITY_VISITS, p] > 0
        row += stats[g, SNAPSHOTS]
    return len(seeds)


@njit(cache=True)
def _drawn(entropy, key, out):  # pragma: no cover
    """``out`` filled from the stream of the seed's words (all of ``entropy`` but its last
    word) and the purpose's ``key`` (put in the last): ``batch.chance_draws``'s numbers."""
    entropy[-1] = key
    uniforms(entropy, len(entropy), out)


@njit(cache=True)
def resume(v, fv, sp, ls, ch, bt, mk, dice, spec, cdraw, pdraw, worth, cash, stats, bal, pl,
           own, hs, g, debts, kept, pub, round_, player, turns,
           snapshots):  # fmt: skip  # pragma: no cover
    """A game played on from a position between two turns (a game of the reference engine
    handed over, :func:`.batch.play_on`): its state in the arrays ``game`` makes, its
    snapshots so far in ``worth`` and ``cash``; then GameState._flow from ``round_``'s turn
    of ``player``, as ``game`` plays it."""
    n, size = v[N], v[SIZE]
    g[DICE_ROWS], g[SPEC_ROWS] = dice.shape[0], spec.shape[0]  # drawn whole
    S = (v, sp, ls, ch, bt, mk, fv)
    D = _state(n, size, v, bal, own, hs, pl, g, debts, kept, stats, dice, spec, cdraw, pub,
               pdraw)  # fmt: skip
    _rounds(S, D, worth, cash, round_, player, turns, snapshots, round_ - 1)


@njit(cache=True)
def _state(n, size, v, bal, own, hs, pl, g, debts, kept, stats, dice, spec, cdraw, pub,
           pdraw):  # fmt: skip  # pragma: no cover
    """The game's tuple ``D``, with the scratch rows every helper uses."""
    # Scratch, each written before it is read: not cleared.
    bills = np.empty((3, max(n, 3)), np.int64)  # (payee, amount, why) per bill
    offers = np.empty((MAX_OFFERS, 5), np.int64)
    work = np.empty((W_ROWS, max(n, 4, v[N_CHANCE], size)), np.int64)  # the helpers' scratch
    fwork = np.empty(n, np.float64)
    return (bal, own, hs, pl, g, debts, kept, stats, dice, spec, cdraw, bills, offers, pub,
            work, fwork, pdraw)  # fmt: skip


@_helper
def _rounds(S, D, worth, cash, round_, player, turns, snapshots,
            snapshot_round):  # fmt: skip  # pragma: no cover
    """GameState._flow's turns round the table from ``player``'s turn of ``round_``, to the
    end; the figures of the end into ``stats``."""
    v = S[0]
    g, stats = D[4], D[7]
    n = v[N]
    end = 0
    while True:
        g[TURN], g[DICE_K], g[SPEC_K], g[ROUND_NOW] = turns, 0, 0, round_
        _turn(S, D, player)
        if stats[STATUS]:
            return
        turns += 1
        if g[SPENDING] and _fund(S, D) >= v[STEP]:
            _spend(S, D)
        if v[SHARES]:
            _share_takings(S, D)
        if v[PROSPERITY_GOAL] and _prosperous(S, D):
            stats[EVERYONE] = 1
            end = PROSPERITY_END
            break
        if g[WAGES_DONE]:
            end = WAGES_END
            break
        if g[EXTRA]:
            continue
        if player == n - 1:
            _snapshot(S, D, worth, cash, snapshots)
            _idle_land(S, D)
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
    # The last snapshot: the round's own again, or the part of a round played (whose idle
    # lots count too, as its row in the round table does).
    _idle_land(S, D)
    if snapshot_round == round_:
        snapshots -= 1
    else:
        stats[IDLE_ROUNDS] += stats[IDLE_LOTS]
    _snapshot(S, D, worth, cash, snapshots)
    stats[SNAPSHOTS] = snapshots + 1
    stats[ROUND] = round_
    stats[TURNS] = turns
    stats[END] = end
    stats[FINAL_WAGES], stats[WORKS], stats[ST_SINCE] = g[WAGES_NOW], g[WORKS_DONE], g[SINCE]


# --- the single tax (Treasury) ---------------------------------------------------------


@_helper
def _backward(S, origin, steps):  # pragma: no cover
    """Track.backward: from a Natural Opportunity, re-enter and go back."""
    v = S[0]
    size = v[SIZE]
    if origin >= size:
        origin = (S[2][SIDE_REENTER, origin - size] + 1) % size
    return (origin - steps) % size


@_helper
def _adopt(S, D):  # pragma: no cover
    """Treasury.adopt: the Treasury's money to the bank, the ledger counting Rule 6's rents
    and fines, unimproved lots back to the pack, title deeds worth nothing."""
    v, sp = S[0], S[1]
    bal, own, hs, g = D[0], D[1], D[2], D[4]
    if g[SINGLE_TAX]:
        return
    g[SINGLE_TAX], g[SINCE], g[SPENDING] = 1, g[ROUND_NOW], 1
    account = v[ACCOUNT]
    if bal[account] > 0:
        _transfer(S, D, account, v[BANK], bal[account], R_OTHER)
    g[TALLY_MODE], g[TALLY] = RENTS_AND_FINES, 0
    for space in range(v[SIZE]):
        if sp[KIND, space] == LOT and own[space] >= 0 and not hs[space]:
            _give_card(S, D, space, -1)


@_helper
def _gini(S, D):  # pragma: no cover
    """metrics.gini of the net worths now (exact: whole numbers in floats)."""
    n = S[0][N]
    worths = D[14][W_GINI]
    _worths(S, D, worths)
    x = D[15]  # np.sort(worths.astype(np.float64)), by insertion
    for i in range(n):
        worth = float(worths[i])
        j = i
        while j > 0 and x[j - 1] > worth:
            x[j] = x[j - 1]
            j -= 1
        x[j] = worth
    total = 0.0
    spread = 0.0
    zero = True
    for i in range(n):
        total += x[i]
        spread += x[i] * (2.0 * (i + 1) - n - 1)
        if x[i] != 0:
            zero = False
    if zero:
        return 0.0
    if total > 0:
        return spread / (n * total)
    return np.nan


@_helper
def _for_single_tax(S, D, me):  # pragma: no cover
    """bots._for_single_tax: always, never, or when his net worth is below the average."""
    votes = S[4][VOTES, me]
    if votes == 2:
        return True
    if votes == 1:
        n = S[0][N]
        worths = D[14][W_VOTE, :n]
        _worths(S, D, worths)
        return worths[me] * n < worths.sum()
    return False


@_helper
def _call_vote(S, D, player):  # pragma: no cover
    """Treasury.call_vote with bots._vote: the others answer in turn."""
    v = S[0]
    n = v[N]
    ayes = 1
    for k in range(1, n):
        if ayes >= v[VOTES_NEEDED]:
            break
        voter = (player + k) % n
        if S[4][RANDOM, voter]:
            if _accepts(S, D, voter):
                ayes += 1
            elif D[7][STATUS]:
                return
        elif _for_single_tax(S, D, voter):
            ayes += 1
    if ayes >= v[VOTES_NEEDED]:
        _adopt(S, D)


@_helper
def _build_site(S, D, player, space, bid):  # pragma: no cover
    """Treasury.build_site: the first house on the site ``space``, having bid ``bid``."""
    v = S[0]
    if bid:
        _transfer(S, D, player, v[ACCOUNT], bid, R_LAND)
    _transfer(S, D, player, v[HOUSE_TO], v[HOUSE_COST], R_OTHER)
    _give_card(S, D, space, player)
    D[2][space] += 1


@_helper
def _site_landing(S, D, player, space):  # pragma: no cover
    """Treasury.site_landing with bots._build_site: land rent to the Treasury, house rent
    to the house owner; on an unimproved lot he may then build."""
    v, bt = S[0], S[4]
    bal, hs = D[0], D[2]
    bills = D[11]
    bp, ba, bl = bills[0], bills[1], bills[2]
    nb = _rent_due(S, D, space, player, bp, ba, bl)
    if nb == 1 and bal[player] >= ba[0]:
        _transfer(S, D, player, bp[0], ba[0], bl[0])
    elif not _pay_bills(S, D, player, nb, bp, ba, bl, True):
        return
    cost = v[HOUSE_COST]
    asked = not hs[space] and bal[player] >= cost  # the decision build_site
    if asked and bt[RANDOM, player]:
        if _pick(D, 2) == 0:
            _build_site(S, D, player, space, 0)
    elif asked and bt[BUILD_TO, player] and _spare(S, D, player) >= cost:
        _build_site(S, D, player, space, 0)


@_helper
def _claim_site(S, D, player, space):  # pragma: no cover
    """Treasury.claim_site with bots._site_bid and bots._site: one round of bids from his
    left; he may match the highest, else the highest bidder builds."""
    v, ls, bt = S[0], S[2], S[4]
    bal = D[0]
    n = v[N]
    cost = v[HOUSE_COST]
    high, bidder = 0, -1
    for k in range(1, n):
        other = (player + k) % n
        room = bal[other] - cost
        listed = 0
        for s in range(v[N_SITE_STEPS]):
            if high + ls[SITE_STEPS, s] <= room:
                listed += 1
        if listed and bt[RANDOM, other]:
            amount = _random_bid(D, ls[SITE_STEPS], v[N_SITE_STEPS], high, room, listed)
            if amount == -2:
                return
            if amount >= 0:
                high, bidder = amount, other
            continue
        if not listed or not (bt[BIDS, other] and bt[BUILD_TO, other]):
            continue
        limit = _spare(S, D, other) - cost
        best = -1
        for s in range(v[N_SITE_STEPS]):
            amount = high + ls[SITE_STEPS, s]
            if amount <= room and amount <= limit and (best < 0 or amount < best):
                best = amount
        if best >= 0:
            high, bidder = best, other
    if bidder >= 0 and bal[player] >= high + cost:  # the decision site: match, Decline
        if bt[RANDOM, player]:
            choice = _pick(D, 2)
            if choice < 0:
                return
            if choice == 0:
                bidder = player
        elif _spare(S, D, player) >= high + cost:
            bidder = player
    _build_site(S, D, player if bidder < 0 else bidder, space, high)


@_helper
def _work_opportunity(S, D, player):  # pragma: no cover
    """Treasury.work_opportunity: its wages from the bank, its rent to the Treasury."""
    v, ls = S[0], S[2]
    side = D[3][POS, player] - v[SIZE]
    _transfer(S, D, v[OPP_WAGES_FROM], player, ls[SIDE_WAGES, side], R_OTHER)
    _pay(S, D, player, v[OPP_RENT_TO], ls[SIDE_RENT, side], R_LAND)


@_helper
def _fund(S, D):  # pragma: no cover
    """Treasury.fund: what the Treasury may spend now."""
    v = S[0]
    bal, g = D[0], D[4]
    account = v[ACCOUNT]
    if account < 0:
        return 0
    balance = bal[account]
    if g[SINGLE_TAX] and v[SPENDS_ALL]:
        return balance
    return min(g[TALLY], balance)


@_helper
def _spend(S, D):  # pragma: no cover
    """Treasury.spend: the fund, a step at a time, on the next public good."""
    step = S[0][STEP]
    if not step:
        return
    g = D[4]
    while _fund(S, D) >= step:
        spent = _buy_public_good(S, D)
        if not spent:
            break
        g[TALLY] -= spent


@_helper
def _share_takings(S, D):  # pragma: no cover
    """Treasury.share_takings: before the single tax, a step shared equally among the
    players while the Treasury holds one beyond the dial's fund not yet spent."""
    v = S[0]
    bal, g = D[0], D[4]
    account, step, n = v[ACCOUNT], v[STEP], v[N]
    if g[SINGLE_TAX] or not step or account < 0:
        return
    share = step // n
    if not share:
        return
    kept = _fund(S, D) if g[SPENDING] else 0
    while bal[account] - kept >= step:
        for player in range(n):
            _transfer(S, D, account, player, share, R_OTHER)


@_helper
def _buy_public_good(S, D):  # pragma: no cover
    """Treasury._buy_public_good: the next utility or college, else a wage rise (or the
    dividend); returns the cost."""
    v, ls = S[0], S[2]
    own, g, pub = D[1], D[4], D[13]
    account, step = v[ACCOUNT], v[STEP]
    while g[BOUGHT] < v[N_TO_BUY]:
        item = ls[TO_BUY, g[BOUGHT]]
        g[BOUGHT] += 1
        if item >= 0:
            if pub[item] & PUBLIC:
                continue
            holder = own[item]
            _transfer(S, D, account, holder if holder >= 0 else v[UNHELD_TO], step, R_OTHER)
            if holder >= 0:
                _give_card(S, D, item, -1)
            pub[item] |= PUBLIC
        else:
            _transfer(S, D, account, v[WORKS_TO], step, R_OTHER)
            pub[COLLEGE_AT - item] |= COLLEGE
        g[WORKS_DONE] += 1
        return step
    if v[DIVIDEND]:
        n = v[N]
        share = step // n
        for player in range(n):
            _transfer(S, D, account, player, share, R_OTHER)
        return share * n
    _transfer(S, D, account, v[WORKS_TO], step, R_OTHER)
    g[WAGES_NOW] += v[WAGE_RISE]
    g[WORKS_DONE] += 1
    return step


@_helper
def _prosperous(S, D):  # pragma: no cover
    """Treasury.prosperous: the poorest player's cash (or net worth) at the goal."""
    v = S[0]
    n = v[N]
    counted = D[0]
    if v[PROSPERITY_WORTH]:
        counted = D[14][W_PROSPER]
        _worths(S, D, counted)
    least = counted[0]
    for p in range(1, n):  # counted[:n].min(), which allocates in numba
        least = min(least, counted[p])
    return least >= v[PROSPERITY_GOAL]
