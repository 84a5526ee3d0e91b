"""Magie's batch path from a position: a game of the reference engine played on compiled.

"What if we kept playing?" (:mod:`landlord.continued`) plays a class's game on
from where it stands, hundreds of times. :func:`play_on` plays each one in two
parts:

1. the reference engine finishes the turn under way (a game waits for a
   person in the middle of a turn, or in the deal), with the continuation's
   own chance, and stops its flow as the next turn would begin
   (:attr:`~landlord.engine.state.GameState.stop_at_turn`);
2. the game as it stands then, every token, card, debt and sum of money, is
   copied into the arrays the compiled game keeps (:func:`_arrays`), and
   :func:`~landlord.families.magie.compiled.resume` plays it on to its end,
   drawing the dice of the turns to come and the Chance cards after those the
   reference engine drew, from the same streams.

A position the compiled game does not follow (more debts or kept cards than it has
room for, a seat passed over) is played on by
the reference engine instead, as is a game the compiled game stops in; either
way each continuation's figures are the reference engine's
(``tests/test_batch_continuations.py`` compares them).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from landlord.batch import chance_draws, round_tables, turn_draws
from landlord.engine.reasons import Reason, group_of
from landlord.families.magie import batch, idle_lots
from landlord.families.magie.batch import (
    COLLECTED,
    DIVIDEND,
    EDUCATION,
    FELL_BACK,
    IDLE_ROUNDS,
    JAIL_TURNS,
    JAILED,
    LAND_RENT_PLAYERS,
    LAND_RENT_TREASURY,
    LUXURIES,
    MAX_DEBTS,
    MAX_KEPT,
    MISS,
    N_TO_BUY,
    NEED_DRAWS,
    OPPORTUNITY_VISITS,
    PL_ROWS,
    POOR,
    POOR_VISITS,
    POS,
    ROUND_LIMIT_AT,
    SPEC_PLAYS,
    SPENT,
    STATS,
    STATUS,
    SWITCH_ROUND,
    TREASURY_PILE,
    UNCOVERED,
    WAGES_RECEIVED,
    WAGES_TIMES,
    WHY,
    WHY_NOT,
)
from landlord.families.magie.treasury import RENTS_AND_FINES
from landlord.scorecard import balances_by_round, ledger_sums
from landlord.session import Session

if TYPE_CHECKING:  # pragma: no cover - for the annotations only
    from landlord.families.magie.game import LandlordsGame
    from landlord.figures import Figures
    from landlord.policies.base import Policy
    from landlord.policies.bots import Strategy

__all__ = ["play_on", "why_not_on"]

#: Turns of dice drawn at first for each round still to play, and Chance cards.
TURNS_PER_ROUND_PER_PLAYER, FIRST_CARDS = 1.25, 64
#: The policy stream's draws a game played on takes: none (no random player plays on).
_NO_CHOICES = np.empty(0)


def why_not_on(game: LandlordsGame, policies: Sequence[Policy]) -> str | None:
    """None if :func:`play_on` plays ``game`` on compiled with ``policies`` (each game
    may still be handed back); else the reason."""
    why = batch.why_not(game.rules, policies)
    if why:
        return why
    if any(batch.plays_at_random(policy) for policy in policies):
        # The policy stream would go on from where the game's own left it.
        return "the batch path plays a game on with rule-of-thumb bots only"
    treasury = game.treasury
    if treasury.switch_round or treasury.single_tax or treasury._dividend:
        # The single tax may come in where the rule set alone would not bring it.
        why = batch.single_tax_covered(game.rules)
        if why:
            return why
    if game.first_player != 0 or game.passed_over is not None:
        return "the batch path plays every seat in turn from the first"
    return None


class _Start:
    """What every continuation from one position shares: the tables of the rule set and
    the table of players, the sums of the ledger so far, and the rows of the rounds
    already played."""

    def __init__(self, game: Any, policies: Sequence[Any]) -> None:
        self.table = table = batch._Table(game.rules, policies)
        table.round_limit = game.round_limit
        table.wages_times = game._wages_times
        v = table.v
        v[ROUND_LIMIT_AT], v[WAGES_TIMES] = game.round_limit, game._wages_times
        v[SWITCH_ROUND], v[DIVIDEND] = game.treasury.switch_round, game.treasury._dividend
        self.n, self.treasury = table.n, int(v[TREASURY_PILE])
        records = game.ledger.records
        self.records = len(records)
        self.sums = ledger_sums(records, self.n, self.treasury)
        rounds = game.round_net_worths
        self.worth = [worths for _, _, worths in rounds]
        self.money = balances_by_round(game, through_last=True)
        self.worth_rows, self.money_rows = round_tables(
            self.n, table.accounts, int(v[ROUND_LIMIT_AT]), table.cap
        )
        if self.worth:  # (none in the deal)
            self.worth_rows[: len(self.worth)] = self.worth
            self.money_rows[: len(self.money)] = self.money
        rounds_left = max(1, (game.round_limit or table.cap) - game.round + 1)
        per_round = self.n * TURNS_PER_ROUND_PER_PLAYER
        self.first_turns = game.turns_played + int(rounds_left * per_round) + 8


def play_on(
    start: Callable[[], LandlordsGame],
    policies: Sequence[Strategy],
    seeds: Sequence[int],
    figures: Figures,
) -> int:
    """Play on the game ``start()`` makes (a new game at the same position each time,
    its end set as the continuations want it) once per seed, ``policies`` in its seats,
    and add each game's figures to ``figures``. Returns how many the reference engine
    played to their end (also counted in :data:`~.batch.FELL_BACK`)."""
    from landlord.families.magie.compiled import resume

    first: LandlordsGame | None = start()
    shared = _Start(first, policies)
    fell_back = 0
    for seed in seeds:
        game = first if first is not None else start()
        first = None
        session = Session.continuing(game, policies, seed=seed)
        drawn = _counted(session, "chance_card")
        game.stop_at_turn = game.turns_played + (0 if game.round == 0 else 1)
        session.run()
        FELL_BACK["played"] += 1
        why = "" if game.handed_over else "over before the next turn"
        arrays = _arrays(game, shared, drawn[0]) if game.handed_over else None
        if arrays is None and not why:
            why = "a position the compiled game does not follow"
        if arrays is not None:
            stats = _resumed(resume, shared, arrays, seed)
            if stats[STATUS] == UNCOVERED:
                why = WHY_NOT[int(stats[WHY])]
        if why:
            FELL_BACK[why] += 1
            fell_back += 1
            if game.handed_over:  # played on by the reference engine, from the start
                game = start()
                session = Session.continuing(game, policies, seed=seed)
            figures.add(session.run())
            continue
        assert arrays is not None  # no reason to fall back: the arrays were made
        batch._add(figures, shared.table, arrays["worth"], arrays["cash"], stats, arrays["pl"])
    return fell_back


def _counted(session: Session, purpose: str) -> list[int]:
    """Count the draws of the session's ``purpose`` stream: a list whose one number
    grows as they are drawn."""
    stream = session.stream(purpose)
    count = [0]
    uniform = stream.uniform

    def counted() -> float:
        count[0] += 1
        return uniform()

    stream.uniform = counted
    return count


def _resumed(
    resume: Callable[..., None], shared: _Start, arrays: dict[str, Any], seed: int
) -> np.ndarray:
    """Play the game in ``arrays`` on to its end, drawing more when the draws run out;
    its figures are then in ``arrays`` and the returned ``stats``."""
    table = shared.table
    turns, cards = shared.first_turns, FIRST_CARDS + arrays["chance_used"]
    kept = {name: arrays[name].copy() for name in _CHANGED}
    while True:
        dice = turn_draws(seed, "dice", turns)
        speculation = turn_draws(seed, "speculation", turns)
        chance = chance_draws(seed, "chance_card", cards)
        stats = arrays["stats"]
        resume(table.v, table.fv, table.sp, table.ls, table.ch, table.bt, table.markup,
               dice, speculation, chance, _NO_CHOICES, arrays["worth"], arrays["cash"], stats,
               arrays["bal"], arrays["pl"], arrays["own"], arrays["hs"], arrays["g"],
               arrays["debts"], arrays["kept"], arrays["pub"], arrays["round"],
               arrays["player"], arrays["turns"], arrays["snapshots"])  # fmt: skip
        if stats[STATUS] != NEED_DRAWS:
            return stats
        turns, cards = turns * 4, cards * 4
        for name, values in kept.items():
            arrays[name][...] = values


#: The arrays the compiled game changes as it plays (restored to draw again).
_CHANGED = ("worth", "cash", "stats", "bal", "pl", "own", "hs", "g", "debts", "kept", "pub")


def _paid_under(debt: Any, keep_reason: bool, c: Any) -> tuple[int, int, int] | None:
    """A debt's rows WHY_FIRST, FIRST and WHY_REST in the compiled game (``c``): what it
    is paid under, as far as the compiled game tells reasons apart; None if its bills
    are of more kinds than it keeps. ``keep_reason``: the rule set's ``late_bills``."""
    if not keep_reason:  # the earlier reading: every debt is repaid as "debt repaid"
        return c.R_FUND, debt.owed, c.R_FUND
    kinds = [_kind(reason, c) for reason, _ in debt.bills]
    if not kinds:  # a loan
        return c.R_OTHER, debt.owed, c.R_OTHER
    if len(set(kinds[1:])) > 1:
        return None
    return kinds[0], debt.bills[0][1], kinds[-1]


def _kind(reason: str, c: Any) -> int:
    """A reason as the compiled game's ``_transfer`` tells it: land rent, the dial's tax,
    a fine the Treasury may spend, or anything else."""
    if reason == Reason.LAND_VALUE_TAX:
        return c.R_LVT
    if group_of(reason) == "land rent":
        return c.R_LAND
    return c.R_FUND if reason in RENTS_AND_FINES else c.R_OTHER


def _arrays(game: Any, shared: _Start, chance_used: int) -> dict[str, Any] | None:
    """The game as it stands between two turns, in the compiled game's arrays; None if
    the compiled game does not follow it."""
    from landlord.families.magie import compiled as c

    dealings, treasury, holdings = game.dealings, game.treasury, game.holdings
    debts = list(dealings.debts.values())
    keep_reason = dealings.late_bills_keep_reason
    paid_under = [_paid_under(debt, keep_reason, c) for debt in debts]
    if (
        None in paid_under
        or dealings.raising
        or dealings.wage_debts != sum(debt.collateral is None for debt in debts)
        or len(debts) > MAX_DEBTS
        or len(game.cards_kept) > MAX_KEPT
        or game.passed_over is not None
    ):
        return None
    table, n = shared.table, shared.n
    v = table.v
    pl = np.zeros((PL_ROWS, n), np.int64)
    pl[POS], pl[JAILED], pl[JAIL_TURNS] = game.position, game.jailed, game.jail_turns
    pl[POOR], pl[POOR_VISITS] = game.in_poor_house, game.poor_house_visits
    pl[MISS], pl[WAGES_RECEIVED] = game.miss_turn, game.wages_received
    pl[LUXURIES], pl[EDUCATION] = holdings.luxuries, holdings.education
    pl[OPPORTUNITY_VISITS] = treasury.opportunity_visits
    g = np.zeros(c.G_SIZE, np.int64)
    g[[c.TRUST_A, c.TRUST_B]] = sorted(dealings.trust) if dealings.trust else (-1, -1)
    pair = dealings.railroad_pair
    g[[c.PAIR_A, c.PAIR_B]] = sorted(pair) if pair else (-1, -1)
    g[c.WAGES_DONE], g[c.EXTRA] = game._wages_done, game.extra_turn
    g[c.CHANCE_I] = chance_used
    g[c.DEBTS_USED] = g[c.DEBTS_LIVE] = len(debts)
    g[c.KEPT_N] = len(game.cards_kept)
    g[c.SINGLE_TAX], g[c.SINCE] = treasury.single_tax, treasury.single_tax_since
    g[c.TALLY] = game.ledger.tally
    if treasury.single_tax:
        g[c.TALLY_MODE] = c.RENTS_AND_FINES
    elif treasury.spending:
        g[c.TALLY_MODE] = c.DIAL_TALLY
    g[c.BOUGHT] = v[N_TO_BUY] - len(treasury._to_buy)
    g[c.WAGES_NOW] = game.wages
    g[c.WORKS_DONE] = sum(
        1 for _, what in treasury.public_works if what != "the single tax begins"
    )
    g[c.SPENDING] = treasury.spending
    debt_table = np.zeros((c.DEBT_ROWS, MAX_DEBTS), np.int64)
    for k, (debt, under) in enumerate(zip(debts, paid_under, strict=True)):
        pledge = 0 if debt.collateral is None else debt.collateral + 1  # compiled.PLEDGE
        debt_table[:, k] = debt.debtor, debt.creditor, debt.owed, 1, *under, pledge  # type: ignore[misc]
    kept = np.zeros((2, MAX_KEPT), np.int64)
    for k, (player, card) in enumerate(game.cards_kept):
        kept[:, k] = player, card
    pub = np.zeros(int(v[batch.SIZE]), np.int64)
    pub[np.flatnonzero(treasury.public)] |= c.PUBLIC
    pub[sorted(treasury.colleges)] |= c.COLLEGE
    # The sums so far: those every continuation shares, and what this one's turn added.
    sums = ledger_sums(game.ledger.records[shared.records :], n, shared.treasury)
    to_players, to_treasury, collected, spent = np.add(shared.sums, sums).tolist()
    stats = np.zeros(STATS, np.int64)
    stats[[LAND_RENT_PLAYERS, LAND_RENT_TREASURY, COLLECTED, SPENT]] = (
        to_players, to_treasury, collected, spent
    )  # fmt: skip
    # What the rounds played so far counted: the compiled game counts on from there.
    stats[[IDLE_ROUNDS, SPEC_PLAYS]] = (
        idle_lots(game)["idle_lot_rounds"], game.spaces.speculation_plays
    )  # fmt: skip
    bal = np.array(game.ledger.balances, np.int64)
    worth, cash = shared.worth_rows.copy(), shared.money_rows.copy()
    snapshots = len(game._snapshots)
    if snapshots > len(shared.worth) + 1:
        return None  # more than one round's end since the position: not a turn's rest
    if snapshots > len(shared.worth):  # the round ended in the turn just played
        worth[snapshots - 1] = game.net_worths(game._snapshots[-1][1])
        cash[snapshots - 1, : len(bal)] = bal
        cash[snapshots - 1, len(bal) :] = to_players, to_treasury
    return {
        "pl": pl,
        "g": g,
        "debts": debt_table,
        "kept": kept,
        "pub": pub,
        "stats": stats,
        "bal": bal,
        "own": np.array(holdings.owner, np.int64),
        "hs": np.array(holdings.houses, np.int64),
        "worth": worth,
        "cash": cash,
        "round": game.round,
        "player": game.turn_player,
        "turns": game.turns_played,
        "snapshots": snapshots,
        "chance_used": chance_used,
    }
