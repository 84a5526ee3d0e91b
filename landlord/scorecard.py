"""Magie's claims as a scorecard: what a comparison measures besides one Gini.

Magie claimed more than "less inequality". Under private land rent one player
ends up owning everything and the others are poor; under the single tax the
rent goes to the public, the public buys free utilities and colleges and
raises wages, and nobody can gain any great advantage. A sceptical economist
asks more again: is the gap between players smaller in dollars, or only
smaller beside a total that grew? Where did the extra money come from? Are
the two games compared at the same moment? So each position (a game's end, or
the end of a chosen round) is scored on six groups of measures:

* **concentration**, relative: the Gini of net worth
  (:func:`landlord.metrics.gini`), the same with debts counted as nothing
  (:func:`landlord.metrics.clipped_gini`, shown wherever a net worth is
  negative), the richest player's share of what the players hold (a player in
  debt counts as holding nothing, so the share stays between 1/n and 1) and
  the Gini of cash;
* **gaps**, absolute: the mean gap in money between two players' net worths
  (:func:`landlord.metrics.mean_gap`), which does not fall just because
  everyone got richer;
* **poverty**: the poorest player's net worth, and whether the poorest
  player's cash at least doubled his starting cash (the test reported for
  Magie's 1932 Prosperity, read on cash);
* **money**: the players' net worth together, and where their money came
  from: what the bank put in, paying out (wages, wage rises, winnings) less
  taking in (lots, houses, fees), the starting cash left out; and what the
  Public Treasury put in the same way (less than nothing when it keeps what
  it takes, as the monopolist Treasury does). Every dollar the players hold
  is their starting cash plus these two:
  ``cash = start + bank_money + treasury_money``;
* **where the land rent went**: land rent paid to players and to the Public
  Treasury (the single tax's rent, site bids, Natural Opportunity rent, the
  dial's tax), and the share of it that reached players;
* **length**: rounds played.

Beside them, a family whose land can be built on reports its **idle land**
(:func:`idle_land`): the lots held unimproved at the end, their share of the lots
held, and the lot-rounds held so (Magie's efficiency argument: a tax on land
values makes holding land idle, or for resale, unprofitable). Which spaces count
as lots is the family's to say; the figures are its own (``Family.figures``).

The Gini of net worth is undefined when the players' debts are as large as all
they hold together (the total net worth is 0 or less), and it exceeds 1 when
debts are large but the total is still positive: a table of $-500, $0, $0 and
$600 has a Gini of 8.25, since the gaps are measured against a total of only
$100. An undefined figure is ``nan`` for that game; a comparison leaves it
out of the mean and says in how many games it was undefined, instead of
leaving a blank.

A game's money, round by round, comes from its ledger
(:func:`money_by_round`); the measures are computed from the net worths, the
cash and those sums, for many games at once (:func:`position_figures`), the
same way whichever engine played the games.

Examples
--------
>>> from landlord.session import Session
>>> game = Session("landlords_game", ["eager_landlord"] * 3, seed=2).run()
>>> scores = game_scores(game)
>>> 1 / 3 <= scores["richest_share"] <= 1
True
>>> start = game.rules.starting_cash[3]
>>> sum(game.ledger.balances[:3]) == 3 * start + scores["bank_money"] + scores["treasury_money"]
True
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from landlord.metrics import clipped_gini, gini, mean_gap

if TYPE_CHECKING:  # pragma: no cover - for the annotations only
    from landlord.engine.ledger import Transfer
    from landlord.engine.state import GameState

__all__ = [
    "FLOWS",
    "GROUPS",
    "IDLE_LAND",
    "MEASURES",
    "Land",
    "Measure",
    "balances_by_round",
    "game_scores",
    "idle_land",
    "idle_land_figures",
    "idle_shares",
    "ledger_sums",
    "money_by_round",
    "money_now",
    "money_rows",
    "position_figures",
    "richest_share",
]

#: The pile whose takings and spending are reported.
TREASURY = "public_treasury"
#: The sums of money :func:`money_by_round` keeps beside the players' cash, each since
#: the game began: what the bank (and any pile but the Treasury) paid the players beyond
#: the starting cash and what it took back, what the Treasury paid them net, and the land
#: rent paid to players and to the Treasury.
FLOWS = ("bank_money", "treasury_money", "land_rent_to_players", "land_rent_to_treasury")


@dataclass(frozen=True)
class Measure:
    """One line of the scorecard: a column of a comparison's games, and its words."""

    #: The column of ``Comparison.games`` (and of the summary, with its interval).
    name: str
    #: Its group (:data:`GROUPS`): concentration, gap, poverty, money, rent or length.
    group: str
    #: How the table names it.
    words: str
    #: ``"money"``, ``"share"`` (of games), or a format for the number.
    form: str = "{:.3f}"


#: The scorecard's groups, in the order a table shows them, with their headings.
GROUPS = (
    ("concentration", "concentration (relative: shares of the total)"),
    ("gap", "gaps (absolute: in money)"),
    ("poverty", "poverty"),
    ("money", "how much money, and where it came from (the starting cash left out)"),
    ("rent", "where the land rent went"),
    ("length", "length"),
)

#: The scorecard's measures, in the order a table shows them.
MEASURES: tuple[Measure, ...] = (
    Measure("gini_net_worth", "concentration", "Gini of net worth"),
    Measure("gini_clipped", "concentration", "Gini of net worth, debts counted as nothing"),
    Measure("richest_share", "concentration", "richest player's share of wealth"),
    Measure("gini_cash", "concentration", "Gini of cash"),
    Measure("dollar_gap", "gap", "gap between two players' net worths", form="money"),
    Measure("poorest_net_worth", "poverty", "poorest player's net worth", form="money"),
    Measure(
        "poorest_doubled",
        "poverty",
        "games where the poorest player doubled his starting cash",
        form="share",
    ),
    Measure("total_wealth", "money", "the players' net worth together", form="money"),
    Measure("bank_money", "money", "money the bank put in (paid out less taken in)", form="money"),
    Measure(
        "treasury_money",
        "money",
        "money the Public Treasury put in (paid out less taken in)",
        form="money",
    ),
    Measure("land_rent_to_players", "rent", "land rent paid to players", form="money"),
    Measure("land_rent_to_treasury", "rent", "land rent paid to the Treasury", form="money"),
    Measure("land_rent_share_to_players", "rent", "share of the land rent that reached players"),
    Measure("rounds", "length", "rounds played", form="{:.1f}"),
)

#: The measures of a position (every one but the length), which a comparison can read at
#: a common round as well as at each game's end.
AT_A_ROUND = tuple(m.name for m in MEASURES if m.group != "length")


def richest_share(worths: list[int] | tuple[int, ...]) -> float:
    """The richest player's share of what the players hold, a player in debt holding nothing.

    Always between 1/n and 1; ``nan`` when nobody holds anything above his debts.

    >>> richest_share([100, 300])
    0.75
    >>> richest_share([-500, 300, 100])
    0.75
    >>> richest_share([-500, 0])
    nan
    """
    return float(_richest_shares(np.asarray([worths], dtype=float))[0])


def _richest_shares(worth: np.ndarray) -> np.ndarray:
    held = np.where(worth > 0, worth, 0.0).sum(axis=1)
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(held > 0, worth.max(axis=1) / held, np.nan)


def money_by_round(game: GameState) -> np.ndarray:
    """A game's money at every round's end, from its ledger: one row per round of its
    round table (round 0 is after the deal), the players' cash, then :data:`FLOWS`.

    A payment made during round ``r`` counts from round ``r``'s row on, so each row's
    cash is the round table's cash at that round.

    >>> from landlord.session import Session
    >>> game = Session("single_tax", ["eager_landlord"] * 2, seed=3).run()
    >>> table = money_by_round(game)
    >>> table.shape == (len(game.round_net_worths), 2 + len(FLOWS))
    True
    >>> [int(c) for c in table[-1, :2]] == game.ledger.balances[:2]
    True
    """
    n = game.n_players
    treasury = game.pile_account.get(TREASURY, -1)
    start = game.rules.starting_cash.get(n, 0)
    return money_rows(balances_by_round(game), n, treasury, start)


def balances_by_round(game: GameState, through_last: bool = False) -> np.ndarray:
    """Every account's balance at every round's end, then the land rent paid so far to
    players and to the Public Treasury: the table a batch path keeps (see
    :func:`money_rows`), from the game's ledger. A payment made after the last round's
    end counts in the last row (a game that ended mid-round), unless ``through_last``
    (a game stopped mid-round, to be played on)."""
    n = game.n_players
    snapshots = [round_ for round_, _, _ in game.round_net_worths]
    rows = len(snapshots)
    row_of = {round_: row for row, round_ in enumerate(snapshots)}
    treasury = game.pile_account.get(TREASURY, -1)
    accounts = len(game.ledger.balances)
    # Per row: the change of every account's balance in that round, then the two rents.
    moved = np.zeros((rows, accounts + 2), np.int64)
    last = rows - 1
    records = game.ledger.records if rows else ()
    if through_last and rows:
        records = [record for record in records if record[0] <= snapshots[-1]]
    if records:
        played, _, payers, payees, amounts, reasons = zip(*records, strict=True)
        if snapshots == list(range(rows)):  # a row per round, as every game keeps them
            row = np.minimum(np.fromiter(played, np.int64, len(records)), last)
        else:
            row = np.array([row_of.get(round_, last) for round_ in played], np.int64)
        paid = np.fromiter(amounts, np.int64, len(records))
        payee = np.fromiter(payees, np.int64, len(records))
        np.add.at(moved, (row, np.fromiter(payers, np.int64, len(records))), -paid)
        np.add.at(moved, (row, payee), paid)
        land = np.fromiter(
            (getattr(reason, "group", "") == "land rent" for reason in reasons), bool, len(records)
        )
        to_players = land & (payee < n)
        np.add.at(moved[:, accounts], row[to_players], paid[to_players])
        if treasury >= 0:
            to_treasury = land & (payee == treasury)
            np.add.at(moved[:, accounts + 1], row[to_treasury], paid[to_treasury])
    return np.cumsum(moved, axis=0)


def money_now(game: GameState) -> np.ndarray:
    """A game's money as it stands, mid-round too: a row as :func:`money_by_round` gives
    them (each player's cash, then :data:`FLOWS`), from the ledger's balances and its land
    rent so far."""
    n = game.n_players
    treasury = game.pile_account.get(TREASURY, -1)
    rents = ledger_sums(game.ledger.records, n, treasury)[:2]
    row = np.array([[*game.ledger.balances, *rents]], np.int64)
    return money_rows(row, n, treasury, game.rules.starting_cash.get(n, 0))[0]


def ledger_sums(records: Sequence[Transfer], n: int, treasury: int) -> tuple[int, int, int, int]:
    """What ``records`` (a ledger's, or a stretch of them) moved: the land rent paid to
    the ``n`` players and to the Public Treasury (account ``treasury``, -1 for none), and
    what the Treasury took in and paid out."""
    to_players = to_treasury = collected = spent = 0
    for record in records:
        payee, amount = record[3], record[4]
        if payee == treasury:
            collected += amount
        elif record[2] == treasury and treasury >= 0:
            spent += amount
        if getattr(record[5], "group", "") == "land rent":
            if payee < n:
                to_players += amount
            elif payee == treasury and treasury >= 0:
                to_treasury += amount
    return to_players, to_treasury, collected, spent


def money_rows(balances: np.ndarray, n: int, treasury: int, start: int) -> np.ndarray:
    """Rows of every account's balance, then the land rent to players and to the Treasury
    (as a batch path keeps them), as :func:`money_by_round`'s rows: each player's cash,
    then :data:`FLOWS`. Every balance starts at 0, the bank issuing the starting cash."""
    accounts = balances.shape[1] - 2
    out = np.empty((len(balances), n + len(FLOWS)), np.int64)
    out[:, :n] = balances[:, :n]
    piles = balances[:, n:accounts].sum(axis=1)  # the bank's and the other piles'
    if treasury >= 0:  # a pile, but not the bank's: its own column
        piles -= balances[:, treasury]
        out[:, n + 1] = -balances[:, treasury]
    else:
        out[:, n + 1] = 0
    out[:, n] = -piles - start * n
    out[:, n + 2 :] = balances[:, accounts:]
    return out


def position_figures(worth: np.ndarray, money: np.ndarray, start: int) -> dict[str, np.ndarray]:
    """Every measure of :data:`AT_A_ROUND` for many positions at once.

    Parameters
    ----------
    worth : numpy.ndarray
        Games by players: each player's net worth.
    money : numpy.ndarray
        Games by (players + :data:`FLOWS`): each player's cash, then the sums of
        money, as :func:`money_by_round` gives a row.
    start : int
        Each player's starting cash (for Prosperity's test).

    Returns
    -------
    dict of str to numpy.ndarray
        One figure per game and measure; ``nan`` where a measure is undefined.

    Examples
    --------
    >>> worth = np.array([[100, 300], [-50, 150]])
    >>> money = np.array([[100, 250, 40, -10, 60, 5], [-50, 100, 0, 0, 0, 0]])
    >>> figures = position_figures(worth, money, 100)
    >>> figures["dollar_gap"].tolist(), figures["total_wealth"].tolist()
    ([200.0, 200.0], [400.0, 100.0])
    >>> figures["gini_net_worth"].tolist(), figures["gini_clipped"].tolist()
    ([0.25, 1.0], [0.25, 0.5])
    >>> figures["land_rent_share_to_players"].tolist()
    [0.9230769230769231, nan]
    """
    worth = np.asarray(worth, dtype=float)
    money = np.asarray(money)
    n = worth.shape[1]
    cash = money[:, :n].astype(float)
    flows = dict(zip(FLOWS, money[:, n:].T.astype(float), strict=True))
    rent = flows["land_rent_to_players"] + flows["land_rent_to_treasury"]
    with np.errstate(divide="ignore", invalid="ignore"):
        rent_share = np.where(rent > 0, flows["land_rent_to_players"] / rent, np.nan)
    return {
        "gini_net_worth": np.atleast_1d(gini(worth)),
        "gini_clipped": np.atleast_1d(clipped_gini(worth)),
        "richest_share": _richest_shares(worth),
        "gini_cash": np.atleast_1d(gini(cash)),
        "dollar_gap": np.atleast_1d(mean_gap(worth)),
        "poorest_net_worth": worth.min(axis=1),
        "poorest_doubled": (cash.min(axis=1) >= 2 * start) & bool(start),
        "total_wealth": worth.sum(axis=1),
        **flows,
        "land_rent_share_to_players": rent_share,
    }


def game_scores(game: GameState) -> dict[str, float]:
    """The scorecard's figures of one finished game at its end, and what the Public
    Treasury took in and paid out (``treasury_collected``, ``treasury_spent``).

    >>> from landlord.session import Session
    >>> scores = game_scores(Session("single_tax", ["cautious_tenant"] * 3, seed=1).run())
    >>> scores["land_rent_to_players"], scores["treasury_spent"] > 0
    (0, True)
    """
    money = money_by_round(game)[-1:]
    worth = np.asarray([game.net_worths()])
    start = game.rules.starting_cash.get(game.n_players, 0)
    figures = position_figures(worth, money, start)
    scores = {name: _plain(name, values[0]) for name, values in figures.items()}
    scores.update(zip(("treasury_collected", "treasury_spent"), treasury_sums(game), strict=True))
    return scores


def treasury_sums(game: GameState) -> tuple[int, int]:
    """What the Public Treasury took in and paid out over the game (0, 0 without one)."""
    treasury = game.pile_account.get(TREASURY, -1)
    if treasury < 0:
        return 0, 0
    return ledger_sums(game.ledger.records, game.n_players, treasury)[2:]


#: The measures that are whole sums of money.
_WHOLE = (*FLOWS, "poorest_net_worth", "total_wealth")


def _plain(name: str, value: float | np.generic) -> float:
    """A figure as a plain Python number: sums of money whole, the rest as they are."""
    value = value.item() if isinstance(value, np.generic) else value
    if name in _WHOLE and not math.isnan(value):
        return int(value)
    return value


# --- idle land ---------------------------------------------------------------------------

#: The idle-land figures, as every family with land to build on names them.
IDLE_LAND = ("idle_lots", "idle_lot_share", "idle_lot_rounds")


def idle_land_figures(idle: int, held: int, rounds: int) -> dict[str, float]:
    """The idle-land figures (:data:`IDLE_LAND`) from their counts: ``idle`` lots of the
    ``held`` lots held unimproved at the end, and ``rounds`` lot-rounds held so. The share
    is ``nan`` when nobody holds a lot (the one ``math.nan``, so that two games' figures
    compare equal).

    >>> idle_land_figures(3, 4, 20)
    {'idle_lots': 3, 'idle_lot_share': 0.75, 'idle_lot_rounds': 20}
    >>> idle_land_figures(0, 0, 5)["idle_lot_share"]
    nan
    """
    return {"idle_lots": idle, "idle_lot_share": idle_shares([idle], [held])[0],
            "idle_lot_rounds": rounds}  # fmt: skip


def idle_shares(idle: Sequence[int], held: Sequence[int]) -> list[float]:
    """The share of the lots held that are idle, game by game (as
    :func:`idle_land_figures`, for a batch path's block of games at once)."""
    nan = math.nan
    return [i / h if h else nan for i, h in zip(idle, held, strict=True)]


#: What a position says of the land: the holder of each space (-1 or less: no player)
#: and what is built on it (houses, hotels), both indexed by space.
Land = tuple[Sequence[int], Sequence[int]]


def idle_land(now: Land, round_ends: Iterable[Land], lots: Sequence[int]) -> dict[str, float]:
    """The idle-land figures of a game (:func:`idle_land_figures`): a lot is *idle* when
    a player holds it and nothing is built on it.

    Parameters
    ----------
    now : (holders, buildings)
        The land as it stands (at the game's end).
    round_ends : iterable of (holders, buildings)
        The land at each round's end the round table keeps after the setting up (and at
        the game's end, if it came within a round): each counts once per idle lot.
    lots : sequence of int
        The spaces that can carry buildings, by the family's rules.

    >>> idle_land(([0, -1, 1], [0, 0, 2]), [([0, -1, -1], [0, 0, 0])] * 3, [0, 1, 2])
    {'idle_lots': 1, 'idle_lot_share': 0.5, 'idle_lot_rounds': 3}
    """
    rounds = sum(_idle(holders, built, lots)[0] for holders, built in round_ends)
    return idle_land_figures(*_idle(*now, lots), rounds)


def _idle(holders: Sequence[int], built: Sequence[int], lots: Sequence[int]) -> tuple[int, int]:
    """The lots held unimproved, and the lots held."""
    held = [lot for lot in lots if holders[lot] >= 0]
    return sum(1 for lot in held if not built[lot]), len(held)
