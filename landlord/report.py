"""A finished (or paused) game in words: the round-by-round summary and standings.

Used by ``landlord play`` and ``landlord replay``; plain text, no UI package.
"""

from __future__ import annotations

from itertools import groupby
from operator import itemgetter
from typing import Any

__all__ = ["game_report", "game_report_json"]


def game_report(record: Any) -> str:
    """The round-by-round summary and final standings of a game record, as text.

    Each round line shows every player's net worth, with his cash in
    brackets, at the end of that round (round 0: after the deal).
    """
    game = record.game
    rules = game.rules
    lines = [
        f"{rules.info.title} ({rules.info.edition}), {len(record.names)} players, "
        f"seed {record.seed}",
    ]
    changed = {
        name: value
        for name, value in record.options.items()
        if value != next(o.default for o in rules.declared_options if o.name == name)
    }
    if changed:
        modern = {
            option.name
            for option in rules.declared_options
            if option.provenance and option.provenance.status == "modern"
        }
        shown = (f"{k}={v}" + (" (modern)" if k in modern else "") for k, v in changed.items())
        lines.append("options: " + ", ".join(shown))
    for name, policy in zip(record.names, record.policies, strict=True):
        strategy = policy.get("strategy", "?")
        words = _bot_in_words(game, policy, len(record.names))
        lines.append(f"  {name}: {strategy}, {words}".rstrip(", "))
    width = max(14, *(len(name) for name in record.names))
    lines += ["", "Net worth (cash) at the end of each round:"]
    lines.append("round  " + "  ".join(f"{name:>{width}}" for name in record.names))
    columns = game.family.round_columns
    worth, cash = columns.index("net_worth") + 2, columns.index("cash") + 2
    for round_, rows in groupby(sorted(game.round_rows, key=itemgetter(0)), key=itemgetter(0)):
        cells = [f"{row[worth]:>{width - 7}} ({row[cash]:>4})" for row in rows]
        lines.append(f"{round_:>5}  " + "  ".join(f"{cell:>{width}}" for cell in cells))
    over = "ended" if game.is_over else "paused"
    lines += [
        "",
        f"Standings ({over} in round {record.n_rounds}, after {record.n_turns} turns"
        + (f": {record.end_reason})" if record.end_reason else ")"),
    ]
    standings = record.standings_rows()
    for row in standings:
        row["left"] = (
            f"bankrupt in round {row['left_in_round']}" if row["left_in_round"] >= 0 else ""
        )
    columns = game.family.standings_columns
    rows = [columns] + [tuple(str(row[c]) for c in columns) for row in standings]
    widths = [max(len(row[i]) for row in rows) for i in range(len(columns))]
    for row in rows:
        lines.append(
            "  ".join(
                cell.rjust(w) if i != 1 else cell.ljust(w)
                for i, (cell, w) in enumerate(zip(row, widths, strict=True))
            )
        )
    lines += game.family.report_notes(game)
    lines += ["", "Money outside the players' hands:"]
    ledger = game.ledger
    for account in range(game.n_players, len(ledger.names)):
        lines.append(f"  {ledger.names[account]:<16} {ledger.balances[account]:>8}")
    note = game.family.money_note(game)
    lines += [f"  {note}"] if note else _issuers(ledger, game.n_players)
    return "\n".join(lines)


def _issuers(ledger: Any, n_players: int) -> list[str]:
    """The note under the piles: which of them issue money (a balance below zero)."""
    issuers = [
        ledger.names[account]
        for account in range(n_players, len(ledger.names))
        if ledger.balances[account] < 0
    ]
    if not issuers:
        return []
    if len(issuers) == 1:
        return [f"  ({issuers[0]} issues money, so its balance is minus what it has paid out)"]
    named = ", ".join(issuers[:-1]) + f" and {issuers[-1]}"
    return [f"  ({named} issue money, so each balance is minus what it has paid out)"]


def game_report_json(record: Any) -> dict[str, Any]:
    """The same as :func:`game_report`, as JSON-ready data."""
    summary = record.summary()
    summary["rounds"] = record.rounds.to_dict(orient="records")
    return summary


def _bot_in_words(game: Any, policy: dict[str, Any], players: int) -> str:
    """How a saved game's bot plays this family's game, in words (the family's own, made from
    its strategy and parameters); the words the file holds when they cannot be made."""
    from landlord.policies import make_policy

    params = {k: v for k, v in (policy.get("params") or {}).items() if k != "name"}
    try:
        bot = make_policy(str(policy.get("strategy")), **params)
    except (ValueError, TypeError):
        return str(policy.get("description", ""))
    return game.family.describe_bot(bot, game.rules, players)
