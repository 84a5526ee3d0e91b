"""Magie's batch path: the Landlord's Game of :mod:`.game` compiled, for experiments.

:func:`play` plays one game per seed with the rule-of-thumb bots and adds each
game's figures to an experiment's tables, as the reference engine would
(:mod:`landlord.batch`). The compiled game (:mod:`.compiled`) follows
:mod:`.game`, :mod:`.spaces`, :mod:`.dealings`, :mod:`.holdings` and :mod:`.bots`
step by step, in the same order, drawing the same numbers: the deal from the
``deal`` stream, Chance cards from ``chance_card``, throws from the turn-keyed
``dice`` and ``speculation`` streams.

Random players too: each of their choices is drawn from the session's ``policy`` stream
over the legal actions, which the compiled game lists as the reference engine does
(talks with every offer, loans on wages or on a pledged card, the turn's business, bids,
moves, Jail, votes, the Trust and sites).

It plays a game until it meets something it does not follow (more throws in one turn
than a turn's row of draws holds, more debts, kept cards or talk offers than it has room
for); then it stops, and :func:`play`
plays *that* game again with the reference engine. Either way each game's figures are the
reference engine's: ``tests/test_batch_magie.py`` plays thousands of seeded
games both ways and compares every figure. :data:`FELL_BACK` counts the games
handed back, and why.

It plays the single tax too (:mod:`.treasury`): from the start, by vote, at a
round or a Gini level, the land-value-tax dial, and the Prosperity ending.
Not covered at all (:func:`why_not`): the Monarch of the World, and bots that are
neither random players nor rule-of-thumb bots (a :class:`~landlord.policies.bots.Strategy`,
or the later game's strategy guide, which plays these games as one).

Accounts are numbered as in the reference engine: players 0..n-1, then the
rule set's piles.
"""

from __future__ import annotations

from array import array
from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from landlord.batch import (
    by_reference,
    chance_draws,
    compiled_streams,
    money_table,
    round_tables,
    turn_draws,
)
from landlord.batch.blocks import add_block, seed_words
from landlord.batch.follows import STRATEGY_FIELDS, not_rule_of_thumb
from landlord.families.magie import FAMILY
from landlord.policies.bots import RandomPlayer, Strategy
from landlord.rules.sections import required
from landlord.scorecard import TREASURY, idle_shares
from landlord.session import TurnStream

if TYPE_CHECKING:  # pragma: no cover - for the annotations only
    from landlord.families.magie.game import LandlordsGame
    from landlord.figures import Figures
    from landlord.policies.base import Policy
    from landlord.rules.model import RuleSet

__all__ = [
    "FELL_BACK",
    "play",
    "play_on",
    "plays_at_random",
    "single_tax_covered",
    "why_not",
    "why_not_on",
]

# What the compiled game follows (landlord.batch.follows): anything else at a value other
# than its default is played by the reference engine.
#: Rule keys and sections the compiled game reads (and plays, or refuses in :func:`why_not`).
FOLLOWS = frozenset({
    "accounts", "accounts.bank", "accounts.piles", "borrowing", "borrowing.interest_percent",
    "deal", "deal.cards", "deal.price_paid_to", "education", "education.cards_per_professor",
    "education.per_professor", "end", "end.round_limit", "end.wages_times", "franchise",
    "franchise.cinch_fee", "franchise.fee", "houses", "houses.cost", "houses.limit",
    "houses.paid_to", "houses.rent_each", "jail", "jail.fine", "jail.fine_paid_to",
    "jail.leave_from", "jail.max_turns", "land_rent", "land_rent.section_doubling",
    "land_rent.unsold_paid_to", "land_value_tax", "land_value_tax.dividend",
    "land_value_tax.share", "luxury", "luxury.fee", "luxury.paid_to", "monarch", "movement",
    "movement.either_way_from", "movement.either_way_to", "movement.railroad_pass",
    "natural_opportunities", "natural_opportunities.rent_paid_to",
    "natural_opportunities.wages_paid_by", "necessity_tax", "necessity_tax.amount",
    "necessity_tax.paid_to", "necessity_tax.steps", "poor_house", "poor_house.late_bills",
    "poor_house.space",
    "prosperity", "prosperity.counts", "prosperity.times_start", "railroad", "railroad.fares",
    "railroad.trust_fare", "sale", "sale.bid_steps", "sale.paid_to", "single_tax",
    "single_tax.at_gini", "single_tax.at_round", "single_tax.from_start",
    "single_tax.rent_paid_to", "single_tax.site_bid_steps", "single_tax.vote",
    "single_tax.votes_needed", "speculation", "speculation.broker_share_percent",
    "speculation.double_wins", "speculation.skin_game_totals", "speculation.stake",
    "speculation.stake_paid_to", "speculation.winnings_paid_by", "speculation.wins_by_total",
    "starting_cash", "treasury_spending", "treasury_spending.colleges",
    "treasury_spending.paid_to", "treasury_spending.pile", "treasury_spending.shares_takings",
    "treasury_spending.spends", "treasury_spending.step", "treasury_spending.unheld_paid_to",
    "treasury_spending.utilities", "treasury_spending.wage_rise", "wages", "wages.amount",
    "wages.paid_by"
})  # fmt: skip
#: Read by the reference engine, not by the compiled game, which plays them at these values
#: only (the Rule 19 score: the figures an experiment keeps do not count it).
AS_SHIPPED = {"score.per_card": 100, "score.per_house": 100, "score.per_luxury": 100}
#: In the rule sets' data, read by neither engine (``readings``: the kit's words on them).
NOT_PLAYED = frozenset({
    "jail.doubles_move", "jail.doubles_throw_again", "jail.fine_turns", "monarch.draws_wages",
    "monarch.holds", "monarch.others_hold", "monarch.seat", "readings", "readings.*",
    "trespass", "trespass.to_jail"
})  # fmt: skip
#: Fields of a bot this family's rules never consult.
BOT_FIELDS_UNREAD: frozenset[str] = frozenset()
#: Fields of a rule-of-thumb bot the compiled game reads: all the others.
BOT_FIELDS = STRATEGY_FIELDS - BOT_FIELDS_UNREAD

#: Games played by :func:`play` and how many of them the reference engine played
#: instead, by what the compiled game did not follow (``"played"`` counts them all).
FELL_BACK: Counter[str] = Counter()

#: Turns of dice drawn for a game at first, Chance cards, and the random players' choices
#: (the policy stream: at a table without one, none); a longer game draws again.
FIRST_TURNS, FIRST_CARDS, FIRST_CHOICES = 256, 64, 1024
#: The chance streams a game draws from, in the order ``compiled.games`` takes their keys.
PURPOSES = ("deal", "dice", "speculation", "chance_card", "policy")
#: Games played by one compiled call at the most (a block: its seeds and figures).
BLOCK = 4096
#: Room for the snapshots of that many rounds between the compiled games and the tables
#: (a game of 4 eager landlords takes about 40; 9 MB); when it is full, the compiled call
#: returns and is called again for the rest of the block.
ROOM = 1 << 16
#: Room in the compiled game for debts and kept Chance cards, and talk offers.
MAX_DEBTS, MAX_KEPT, MAX_OFFERS = 256, 64, 512
#: Room for debts at a table with a random player, who borrows at random.
MAX_DEBTS_RANDOM = 4096
#: ``stats``, by index.
#: IDLE_LOTS and HELD_LOTS: the lots held with no house, and the lots held, at the last
#: snapshot; IDLE_ROUNDS: idle lots summed over the round ends; SPEC_PLAYS: Speculation
#: throws made (Spaces.speculation_plays).
(STATUS, ROUND, TURNS, END, LAND_RENT_PLAYERS, LAND_RENT_TREASURY, COLLECTED, SPENT,
 SNAPSHOTS, WHY, FINAL_WAGES, WORKS, ST_SINCE, EVERYONE, IDLE_LOTS, HELD_LOTS, IDLE_ROUNDS,
 SPEC_PLAYS, STATS) = range(19)  # fmt: skip
#: ``stats[STATUS]``: played to the end; the draws ran out; met something not followed.
DONE, NEED_DRAWS, UNCOVERED = 0, 1, 2
#: ``stats[WHY]`` when UNCOVERED.
WHY_NOT = {
    2: "more than a turn's row of throws in one turn",
    3: "more debts than the compiled game keeps",
    5: "more Chance cards kept than the compiled game keeps",
    6: "a debt for bills of three kinds to one payee",
    7: "more talk offers than the compiled game keeps",
}
#: How a game ended (``stats[END]``).
WAGES_END, ROUND_LIMIT, CAPPED, PROSPERITY_END = 1, 2, 3, 4
#: Kinds of space.
(BLANK, LOT, RAILROAD, FRANCHISE, SPECULATION, NECESSITY, SHELTER, TRESPASS, CHANCE,
 LUXURY) = range(10)  # fmt: skip
KINDS = {
    "lot": LOT,
    "railroad": RAILROAD,
    "franchise": FRANCHISE,
    "speculation": SPECULATION,
    "necessity": NECESSITY,
    "shelter_jail": SHELTER,
    "trespass": TRESPASS,
    "chance": CHANCE,
    "luxury": LUXURY,
    "mother_earth": BLANK,
    "central_park": BLANK,
    "blank": BLANK,
}
#: Chance effects.
_EFFECT_NAMES = ("advance", "go_to", "go_to_start", "go_to_jail", "pay", "collect",
                 "collect_from_each", "pay_each", "extra_turn", "miss_turn",
                 "get_out_of_jail")  # fmt: skip
EFFECTS = {name: k for k, name in enumerate(_EFFECT_NAMES)}
(ADVANCE, GO_TO, GO_TO_START, GO_TO_JAIL, PAY, COLLECT, COLLECT_FROM_EACH, PAY_EACH,
 EXTRA_TURN, MISS_TURN, GET_OUT_OF_JAIL) = range(11)  # fmt: skip
#: Rows of ``sp`` (per space), ``ch`` (per Chance card), ``bt`` (per player).
KIND, PRICE, LAND_RENT, SECTION, RENT0, RENT1, RENT2, RENT3, CORNER, GAP = range(10)
EFFECT, AMOUNT, TARGET, PILE, COPIES = range(5)
(RESERVE, MAX_PRICE, BIDS, BUILD_TO, PAYS_FINE, BUYS_LUXURY, SPECULATES, HUNTS, VOTES,
 RANDOM) = range(10)  # fmt: skip
#: ``bt[VOTES]``: when a bot votes for the single tax (policies.bots.VOTES, in order).
VOTE_WORDS = {"never": 0, "when_losing": 1, "always": 2}
#: Rows of ``pl`` (per player): the tokens and what each holds besides cards.
(POS, JAILED, JAIL_TURNS, POOR, POOR_VISITS, MISS, WAGES_RECEIVED, LUXURIES, EDUCATION,
 OPPORTUNITY_VISITS, PL_ROWS) = range(11)  # fmt: skip
#: Rows of ``ls`` (lists, padded with -1; their lengths are in ``v``).
(RAILS, FRANCHISES, CARDS, FARES, BID_STEPS, RATES, WINS, SKIN, TAX_HOUSES, TAX_AMOUNTS,
 TO_BUY, SITE_STEPS, SIDE_BEHIND, SIDE_REENTER, SIDE_WAGES, SIDE_RENT) = range(16)  # fmt: skip
#: The rule set's numbers in ``v``, by index.
(N, SIZE, BANK, TREASURY_PILE, START, JAIL, POOR_HOUSE, SPEC, WAGES, WAGES_FROM, WAGES_TIMES,
 FINE, FINE_TO, MAX_JAIL, HOUSE_COST, HOUSE_TO, HOUSE_LIMIT, RENT_EACH, DOUBLING, UNSOLD_TO,
 FEE, CINCH_FEE, TRUST_FARE, SALE_TO, DEAL_CARDS, DEAL_TO, STAKE, STAKE_TO, WIN_PAYER,
 DOUBLE_WINS, BROKER_PERCENT, LUXURY_FEE, LUXURY_TO, TAX, TAX_TO, EITHER_FROM, EITHER_TO,
 RAIL_PASS, ROUND_LIMIT_AT, ROUND_CAP, N_RAILS, N_FRANCHISES, N_CARDS, N_FARES, N_STEPS,
 N_RATES, N_TAX_STEPS, N_CHANCE, CHANCE_EVEN, ST_FROM_START, VOTE_OPEN, VOTES_NEEDED,
 SWITCH_ROUND, RENT_TO, ACCOUNT, STEP, UNHELD_TO, WORKS_TO, WAGE_RISE, SPENDS_ALL, DIVIDEND,
 N_TO_BUY, N_SITE_STEPS, OPP_WAGES_FROM, OPP_RENT_TO, PER_EDUCATION, PER_PROFESSOR,
 PROSPERITY_GOAL, PROSPERITY_WORTH, SHARES, LATE_AS_DEBTS, NUMBERS) = range(72)  # fmt: skip
#: The rule set's fractions in ``fv``: the land-value-tax dial's share (0 under the single
#: tax or without the dial), and the Gini of net worth that brings the single tax in.
SHARE, SWITCH_GINI = range(2)
#: ``ls[TO_BUY]``: a college on space s is listed as -2 - s (a utility as s itself).
COLLEGE_AT = -2
#: ``v[STAKE_TO]`` when the Speculation stake goes to the Broker.
TO_BROKER = -2


def plays_at_random(policy: object) -> bool:
    """Whether ``policy`` is a random player (``RandomPlayer`` itself: a subclass may
    choose otherwise), whom the compiled game plays from the policy stream."""
    return type(policy) is RandomPlayer


def why_not(rules: RuleSet, policies: Sequence[Policy]) -> str | None:
    """None if :func:`play` covers ``rules`` with ``policies``; else the reason."""
    # Random players draw from the policy stream over the legal actions as the reference
    # engine lists them; the compiled game lists them the same way (``_random_business``).
    reason = not_rule_of_thumb([p for p in policies if not plays_at_random(p)], FAMILY.name)
    if reason:
        return reason
    if rules.monarch is not None:
        return "the batch path does not play the Monarch of the World"
    if rules.board.layout != "track":
        return "the batch path plays the Landlord's Game's own track only"
    kinds = [space.kind for space in rules.board.spaces]
    unknown = sorted({kind for kind in kinds if kind not in KINDS})
    if unknown:
        return f"the batch path does not play spaces of kind {unknown[0]!r}"
    if kinds.count("speculation") != 1:
        return "the batch path plays boards with one Speculation space only"
    piles = rules.accounts.piles
    if (required(rules.land_rent).unsold_paid_to or "") not in piles:
        return "the batch path needs a pile for the rent of unsold cards"
    for card in rules.chance_deck:
        if card.effect not in EFFECTS:
            return f"the batch path does not play the Chance effect {card.effect!r}"
        if card.effect == "pay" and card.pile not in piles:
            return f"the batch path does not play a Chance card paid to {card.pile!r}"
    if required(rules.speculation).stake_paid_to not in (*piles, "broker"):
        return "the batch path does not know where the Speculation stake goes"
    return _why_not_single_tax(rules, piles)


def single_tax_covered(rules: RuleSet) -> str | None:
    """None if the batch path plays ``rules`` under the single tax brought in however
    (a game played on under it, say: :mod:`.playing_on`); else the reason."""
    return _why_not_single_tax(rules, rules.accounts.piles, brought_in=True)


def _why_not_single_tax(rules: Any, piles: Sequence[str], brought_in: bool = False) -> str | None:
    """What :func:`why_not` says of the single tax, the dial and Prosperity."""
    rule, dial = rules.single_tax, rules.land_value_tax
    share = float(dial.share) if dial is not None else 0.0
    brought_in = brought_in or bool(
        rule and (rule.from_start or rule.vote or rule.at_round or rule.at_gini)
    )
    if not (brought_in or share > 0 or rules.prosperity is not None):
        return None
    if rule is None or rules.treasury_spending is None or rules.natural_opportunities is None:
        return "the batch path plays the single tax only with its sections"
    spending, work = rules.treasury_spending, rules.natural_opportunities
    named = (rule.rent_paid_to, spending.pile, spending.unheld_paid_to, spending.paid_to,
             work.wages_paid_by, work.rent_paid_to)  # fmt: skip
    if any(pile not in piles for pile in named) or spending.pile != TREASURY:
        return "the batch path plays the single tax with the Public Treasury's piles only"
    kinds = [space.kind for space in rules.board.spaces]
    if any(kinds[space] not in ("railroad", "franchise") for space in spending.utilities):
        return "the batch path buys out franchises and railroads only"
    if any(side.kind != "natural_opportunity" for side in rules.board.side_spaces):
        return "the batch path plays Natural Opportunities only beside the track"
    return None


class _Table:
    """What the compiled game reads of one rule set and table of players, as arrays."""

    def __init__(self, rules: Any, policies: Sequence[Strategy]) -> None:
        from landlord.families.magie.game import ROUND_CAP as CAP
        from landlord.families.magie.tables import tables_for

        n = len(policies)
        self.n = n
        t = tables_for(rules)
        size = t.size
        piles = {name: n + k for k, name in enumerate(rules.accounts.piles)}
        self.accounts = n + len(piles)
        bank = piles[rules.accounts.bank]
        sp = np.zeros((10, size), np.int64)
        for space in range(size):
            sp[KIND, space] = KINDS[t.kind[space]]
            sp[PRICE, space] = t.price[space]
            sp[LAND_RENT, space] = t.land_rent[space]
            sp[SECTION, space] = t.section[space] if t.kind[space] == "lot" else -1
            rents = t.section_rents[space] or (t.land_rent[space],) * 4
            for level in range(4):
                sp[RENT0 + level, space] = rents[min(level, len(rents) - 1)]
            sp[CORNER, space], sp[GAP, space] = t.track.next_corner(space)
        self.sp = sp
        spec = rules.speculation
        lists = [
            t.railroads,
            t.franchises,
            t.cards,
            rules.railroad.fares,
            rules.sale.bid_steps,
            rules.borrowing.interest_percent,
            [spec.wins_by_total.get(total, 0) for total in range(13)],
            [int(total in spec.skin_game_totals) for total in range(13)],
        ]
        steps = sorted(tuple(step) for step in rules.necessity_tax.steps)
        lists += [[houses for houses, _ in steps], [tax for _, tax in steps]]
        rule, spending, dial = rules.single_tax, rules.treasury_spending, rules.land_value_tax
        to_buy = []
        if spending:
            to_buy = [*spending.utilities, *(COLLEGE_AT - s for s in spending.colleges)]
        track, side = t.track, rules.board.side_spaces
        behind = [track.side_space_behind(pos, 0) for pos in range(size + len(side))]
        lists += [
            to_buy,
            rule.site_bid_steps if rule else [],
            [-1 if pos is None else pos for pos in behind],
            [space.reenter_at for space in side],
            [space.wages for space in side],
            [space.rent for space in side],
        ]
        width = max(1, *(len(row) for row in lists))
        self.ls = np.full((len(lists), width), -1, np.int64)
        for row, values in enumerate(lists):
            self.ls[row, : len(values)] = values
        deck = rules.chance_deck
        self.ch = np.zeros((5, max(1, len(deck))), np.int64)
        for k, card in enumerate(deck):
            self.ch[EFFECT, k] = EFFECTS[card.effect]
            self.ch[AMOUNT, k] = card.amount
            self.ch[TARGET, k] = card.target if card.target is not None else -1
            self.ch[PILE, k] = piles.get(card.pile, bank)
            self.ch[COPIES, k] = card.copies
        fields = ("reserve", "max_price", "bids", "build_to", "pays_fine", "buys_luxury",
                  "speculates", "hunts_railroads")  # fmt: skip
        rows = [
            [0] * (len(fields) + 1) + [1]  # a random player: only the last row counts
            if plays_at_random(p)
            else [*(getattr(p, name) for name in fields), VOTE_WORDS[p.votes], 0]
            for p in policies
        ]
        self.bt = np.array(rows, np.int64).T.copy()
        self.markup = np.array([float(getattr(p, "markup", 0.0)) for p in policies], np.float64)
        #: Policy draws a game takes at first: none without a random player.
        self.first_choices = FIRST_CHOICES if self.bt[RANDOM].any() else 0
        start_cash = rules.starting_cash[n]
        self.start_balances = np.zeros(self.accounts, np.int64)
        self.start_balances[:n] = start_cash
        self.start_balances[bank] = -start_cash * n
        houses = rules.houses
        stake_to = spec.stake_paid_to
        v = np.zeros(NUMBERS, np.int64)
        v[[N, SIZE, BANK, TREASURY_PILE, START, JAIL, POOR_HOUSE, SPEC]] = (
            n, size, bank, piles.get(TREASURY, -1), t.start, t.jail, t.poor_house, t.speculation
        )  # fmt: skip
        v[[WAGES, WAGES_FROM, WAGES_TIMES, FINE, FINE_TO, MAX_JAIL]] = (
            rules.wages.amount, piles[rules.wages.paid_by], rules.end.wages_times,
            rules.jail.fine, piles[rules.jail.fine_paid_to], rules.jail.max_turns,
        )  # fmt: skip
        v[[HOUSE_COST, HOUSE_TO, HOUSE_LIMIT, RENT_EACH, DOUBLING, UNSOLD_TO]] = (
            houses.cost, piles[houses.paid_to], houses.limit, houses.rent_each,
            rules.land_rent.section_doubling, piles[rules.land_rent.unsold_paid_to],
        )  # fmt: skip
        v[[FEE, CINCH_FEE, TRUST_FARE, SALE_TO, DEAL_CARDS, DEAL_TO]] = (
            rules.franchise.fee, rules.franchise.cinch_fee, rules.railroad.trust_fare,
            piles[rules.sale.paid_to], min(rules.deal.cards, len(t.cards)),
            piles[rules.deal.price_paid_to],
        )  # fmt: skip
        v[[STAKE, STAKE_TO, WIN_PAYER, DOUBLE_WINS, BROKER_PERCENT]] = (
            spec.stake, TO_BROKER if stake_to == "broker" else piles[stake_to],
            piles[spec.winnings_paid_by], spec.double_wins, spec.broker_share_percent,
        )  # fmt: skip
        v[[LUXURY_FEE, LUXURY_TO, TAX, TAX_TO]] = (
            rules.luxury.fee, piles[rules.luxury.paid_to], rules.necessity_tax.amount,
            piles[rules.necessity_tax.paid_to],
        )  # fmt: skip
        movement = rules.movement
        v[[EITHER_FROM, EITHER_TO, RAIL_PASS, ROUND_LIMIT_AT, ROUND_CAP]] = (
            movement.either_way_from, movement.either_way_to, movement.railroad_pass,
            rules.end.round_limit, CAP,
        )  # fmt: skip
        v[[N_RAILS, N_FRANCHISES, N_CARDS, N_FARES, N_STEPS, N_RATES, N_TAX_STEPS]] = [
            len(row) for row in (*lists[:6], steps)
        ]
        v[N_CHANCE] = len(deck)
        v[CHANCE_EVEN] = len({card.copies for card in deck}) == 1
        # The earlier reading: a bill paid late is a debt repaid, spent by the Treasury.
        v[LATE_AS_DEBTS] = rules.poor_house.late_bills == "debt_repaid"
        share = float(dial.share) if dial else 0.0
        self.fv = np.array([share if share < 1 else 0.0, float(rule.at_gini) if rule else 0.0])
        if rule is not None and spending is not None:
            work, education, prosperity = (
                rules.natural_opportunities, rules.education, rules.prosperity
            )  # fmt: skip
            v[[ST_FROM_START, VOTE_OPEN, VOTES_NEEDED, SWITCH_ROUND, RENT_TO]] = (
                rule.from_start or share >= 1, rule.vote, rule.votes_needed, rule.at_round,
                piles[rule.rent_paid_to],
            )  # fmt: skip
            v[[ACCOUNT, STEP, UNHELD_TO, WORKS_TO, WAGE_RISE, SPENDS_ALL, DIVIDEND, SHARES]] = (
                piles[spending.pile], spending.step, piles[spending.unheld_paid_to],
                piles[spending.paid_to], spending.wage_rise, spending.spends == "everything",
                bool(dial and dial.dividend), spending.shares_takings,
            )  # fmt: skip
            v[[N_TO_BUY, N_SITE_STEPS, OPP_WAGES_FROM, OPP_RENT_TO]] = (
                len(to_buy), len(rule.site_bid_steps), piles[work.wages_paid_by],
                piles[work.rent_paid_to],
            )  # fmt: skip
            v[[PER_EDUCATION, PER_PROFESSOR]] = (
                (education.cards_per_professor, education.per_professor) if education else (4, 0)
            )
            if prosperity is not None:
                v[PROSPERITY_GOAL] = prosperity.times_start * rules.starting_cash[n]
                v[PROSPERITY_WORTH] = prosperity.counts == "net_worth"
        else:
            v[[ACCOUNT, RENT_TO, PER_EDUCATION]] = (-1, -1, 4)
        self.v = v
        self.names = [f"{p.name} {k + 1}" for k, p in enumerate(policies)]
        self.start = rules.starting_cash.get(n, 0)
        self.wages = rules.wages.amount
        self.wages_times = rules.end.wages_times
        self.round_limit = rules.end.round_limit
        self.cap = CAP
        self.deal_draws = max(0, int(v[DEAL_CARDS]) - (1 if len(t.cards) == v[DEAL_CARDS] else 0))


def play(
    rules: RuleSet, policies: Sequence[Strategy], seeds: Sequence[int], figures: Figures
) -> int:
    """Play one game of ``rules`` per seed, ``policies`` at the table, and add each game's
    figures to ``figures`` (an experiment's :class:`~landlord.figures.Figures`), in the
    seeds' order. A game the compiled game does not follow to its end is played by the
    reference engine instead;
    returns how many were (also counted in :data:`FELL_BACK`).

    The games are played :data:`BLOCK` at a time (:func:`_play_block`): one compiled call
    plays them, drawing each game's chance itself, and their figures go into the tables
    at once."""
    if why_not(rules, policies):  # not covered at all: every game by the reference engine
        by_reference(rules, policies, seeds, figures)
        FELL_BACK["played"] += len(seeds)
        FELL_BACK["rule set or bots not covered"] += len(seeds)
        return len(seeds)
    table = _Table(rules, policies)
    return sum(
        _play_block(rules, policies, table, seeds[first : first + BLOCK], figures)
        for first in range(0, len(seeds), BLOCK)
    )


def _play_block(rules: Any, policies: Sequence[Strategy], table: _Table, seeds: Sequence[int],
                figures: Any) -> int:  # fmt: skip
    """A block of games, played by ``compiled.games`` and added by :func:`_add_block`, as
    often as the tables' room (:data:`ROOM`) asks, and the games it does not follow by
    the reference engine, each in its place; returns how many those were. Seeds the
    compiled streams do not take (other than whole numbers below 2**64, or with a numpy
    whose streams differ) are played a game at a time (:func:`_play_one`)."""
    words = seed_words(seeds) if compiled_streams() else None
    if words is None:
        return sum(_play_one(rules, policies, table, seed, figures) for seed in seeds)
    from landlord.batch.streams import purpose_key
    from landlord.families.magie.compiled import games

    n = table.n
    most = len(round_tables(n, 0, int(table.v[ROUND_LIMIT_AT]), table.cap)[0])
    rows = max(most, min(len(seeds) * most, ROOM))
    worth, cash = round_tables(n, table.accounts, 0, rows - 2)  # the block's rows
    stats = np.zeros((len(seeds), STATS), np.int64)
    visited = np.zeros((len(seeds), 2), np.int64)
    keys = np.array([purpose_key(purpose) for purpose in PURPOSES], np.uint32)
    balances = np.zeros(table.accounts, np.int64)
    pl = np.zeros((PL_ROWS, n), np.int64)
    done = fell_back = 0
    while done < len(seeds):
        played = games(table.v, table.fv, table.sp, table.ls, table.ch, table.bt, table.markup,
                       table.start_balances, words, keys, max(1, table.deal_draws),
                       FIRST_TURNS, FIRST_CARDS, table.first_choices, TurnStream.TURNS,
                       TurnStream.WIDTH + 1, most, done, worth, cash, stats, visited, balances,
                       pl)  # fmt: skip
        _add_block(figures, table, worth, cash, stats[done:played], visited[done:played])
        FELL_BACK["played"] += played - done
        if played < len(seeds) and stats[played, STATUS] == UNCOVERED:
            fell_back += _hand_back(rules, policies, seeds[played], stats[played], figures)
            played += 1
        done = played
    return fell_back


def _play_one(rules: Any, policies: Sequence[Strategy], table: _Table, seed: Any,
              figures: Any) -> int:  # fmt: skip
    """One game, its chance drawn by :func:`landlord.batch.chance_draws` and
    :func:`landlord.batch.turn_draws` (any seed); 1 if the reference engine played it."""
    from landlord.families.magie.compiled import game

    n = table.n
    worth, cash = round_tables(n, table.accounts, int(table.v[ROUND_LIMIT_AT]), table.cap)
    stats = np.zeros(STATS, np.int64)
    pl = np.zeros((PL_ROWS, n), np.int64)
    balances = np.zeros(table.accounts, np.int64)
    deal = chance_draws(seed, "deal", max(1, table.deal_draws))
    turns, cards, choices = FIRST_TURNS, FIRST_CARDS, table.first_choices
    while True:
        dice = turn_draws(seed, "dice", turns)
        speculation = turn_draws(seed, "speculation", turns)
        chance = chance_draws(seed, "chance_card", cards)
        policy = chance_draws(seed, "policy", choices) if choices else np.empty(0)
        game(table.v, table.fv, table.sp, table.ls, table.ch, table.bt, table.markup,
             table.start_balances, deal, dice, speculation, chance, policy, worth, cash,
             stats, balances, pl)  # fmt: skip
        if stats[STATUS] != NEED_DRAWS:
            break
        turns, cards, choices = turns * 4, cards * 4, choices * 4
    if stats[STATUS] == UNCOVERED:
        return _hand_back(rules, policies, seed, stats, figures)
    FELL_BACK["played"] += 1
    _add(figures, table, worth, cash, stats, pl)
    return 0


def _hand_back(rules: Any, policies: Sequence[Strategy], seed: Any, stats: np.ndarray,
               figures: Any) -> int:  # fmt: skip
    """The game of ``seed``, which the compiled game did not follow (``stats``), played by
    the reference engine and counted in :data:`FELL_BACK`; 1, the games handed back."""
    FELL_BACK["played"] += 1
    FELL_BACK[WHY_NOT[int(stats[WHY])]] += 1
    by_reference(rules, policies, [seed], figures)
    return 1


def why_not_on(game: LandlordsGame, policies: Sequence[Policy]) -> str | None:
    """None if :func:`play_on` plays ``game`` on compiled with ``policies``; else the
    reason (:mod:`.playing_on`)."""
    from landlord.families.magie.playing_on import why_not_on

    return why_not_on(game, policies)


def play_on(
    start: Callable[[], LandlordsGame],
    policies: Sequence[Strategy],
    seeds: Sequence[int],
    figures: Figures,
) -> int:
    """Play on the game ``start()`` makes once per seed, compiled from the next turn
    (:func:`.playing_on.play_on`)."""
    from landlord.families.magie.playing_on import play_on

    return play_on(start, policies, seeds, figures)


def _add(figures: Any, table: _Table, worth: np.ndarray, cash: np.ndarray, stats: np.ndarray,
         pl: np.ndarray) -> None:  # fmt: skip
    """One game's figures into the experiment's tables, as ``Figures.add`` takes them,
    from the arrays the compiled game fills (``compiled.game``, ``compiled.resume``)."""
    visited = (pl[[POOR_VISITS, OPPORTUNITY_VISITS]] > 0).sum(axis=1)
    snapshots = slice(0, int(stats[SNAPSHOTS]))
    _add_game(figures, table, worth[snapshots], cash[snapshots], stats, visited)


def _add_game(figures: Any, table: _Table, worth: np.ndarray, cash: np.ndarray,
              stats: np.ndarray, visited: np.ndarray) -> None:  # fmt: skip
    """One game's figures into the experiment's tables: its snapshots are the rows of
    ``worth`` and ``cash``, ``visited`` as :func:`_described` reads it."""
    rounds, turns, reasons, collected, spent, family = _described(table, stats[None, :],
                                                                  visited[None, :])  # fmt: skip
    snapshots = len(worth)
    figures.add_figures(
        table.n,
        rounds[0],
        turns[0],
        reasons[0],
        array("q", worth.tobytes()),
        snapshots,
        money_table(cash, snapshots, table.n, int(table.v[TREASURY_PILE]), table.start),
        collected[0],
        spent[0],
        family[0],
        FAMILY.figures,
        table.start,
    )


def _add_block(figures: Any, table: _Table, worth: np.ndarray, cash: np.ndarray,
               stats: np.ndarray, visited: np.ndarray) -> None:  # fmt: skip
    """A block of games' figures into the experiment's tables at once
    (:func:`landlord.batch.blocks.add_block`): game g's snapshots are the rows of
    ``worth`` and ``cash`` after game g - 1's (``compiled.games``)."""

    def add_one(g: int, rows: slice) -> None:
        _add_game(figures, table, worth[rows], cash[rows], stats[g], visited[g])

    add_block(figures, worth, cash, stats[:, SNAPSHOTS], table.n, table.start,
              int(table.v[TREASURY_PILE]), FAMILY.figures,
              lambda: _described(table, stats, visited), add_one)  # fmt: skip


def _described(table: _Table, stats: np.ndarray, visited: np.ndarray) -> tuple[list[Any], ...]:
    """The games' rounds, turns, ends in words, the Treasury's takings and spending, and
    family figures (a dict a game, ``Family.game_figures``), from their ``stats`` and
    ``visited`` (a row a game: players sent to the Poor House, players who worked a
    Natural Opportunity), as Python's numbers."""
    ends = {WAGES_END: f"a player has received his wages {table.wages_times} times",
            PROSPERITY_END: "Prosperity: the poorest player has doubled his starting money; "
                            "everyone wins",
            ROUND_LIMIT: f"the round limit ({table.round_limit}) was reached"}  # fmt: skip
    capped = f"the engine's cap of {table.cap} rounds was reached"
    # In the order of FAMILY.figures.
    idle, held = stats[:, IDLE_LOTS].tolist(), stats[:, HELD_LOTS].tolist()
    columns = (visited[:, 0].tolist(), visited[:, 1].tolist(), stats[:, FINAL_WAGES].tolist(),
               stats[:, WORKS].tolist(), stats[:, ST_SINCE].tolist(),
               (stats[:, EVERYONE] != 0).tolist(), idle, idle_shares(idle, held),
               stats[:, IDLE_ROUNDS].tolist(), stats[:, SPEC_PLAYS].tolist())  # fmt: skip
    names = [figure.name for figure in FAMILY.figures]
    family = [dict(zip(names, values, strict=True)) for values in zip(*columns, strict=True)]
    return (stats[:, ROUND].tolist(), stats[:, TURNS].tolist(),
            [ends.get(end, capped) for end in stats[:, END].tolist()],
            stats[:, COLLECTED].tolist(), stats[:, SPENT].tolist(), family)  # fmt: skip
