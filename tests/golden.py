"""Fingerprints of seeded games, to show that a change of code left every game as it was.

A fingerprint is a few digests of one seeded game: its history (every action
and chance outcome), its ledger (every payment, in order) and its per-round
net worth and cash, with its length and how it ended. ``CASES`` spans every
shipped rule set, its options, the table sizes and every named bot.
``tests/data/golden_games.json`` holds the fingerprints the kit gave when
they were last taken; ``test_golden_games.py`` plays the games again and
compares.

When a deliberate rule fix changes some games, take the fingerprints again
and say in the commit which games changed and why::

    .venv/bin/python tests/golden.py --write
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

from landlord.record import GameRecord, history_to_json
from landlord.session import Session

GOLDEN = Path(__file__).resolve().parent / "data" / "golden_games.json"

#: The fingerprints of Magie's games taken before three defaults changed (issue 16:
#: ``landlords_game`` no longer opens the single-tax vote unless asked, and the
#: Treasury spends only land rents and fines, as Single Tax Rule 6 says; issue 33: a
#: bill paid late keeps its own reason, so a Chance card's tax paid late is not spent
#: as a debt repaid). Each of those games still plays exactly so with the older
#: readings set as options (:func:`older_readings`).
OLDER = GOLDEN.parent / "golden_games_older_readings.json"

#: (rule set, options, seats, seeds): every shipped rule set, its options, table sizes, bots.
CASES: tuple[tuple[str, dict, tuple[str, ...], tuple[int, ...]], ...] = (
    ("landlords_game", {}, ("eager_landlord",) * 4, (1, 2, 3, 4, 5, 6)),
    ("landlords_game", {}, ("eager_landlord", "cautious_tenant"), (7, 8, 9)),
    ("landlords_game", {}, ("random",) * 3, (10, 11, 12)),
    (
        "landlords_game",
        {},
        ("single_taxer", "eager_landlord", "random", "cautious_tenant"),
        (13, 14),
    ),
    (
        "landlords_game",
        {"advanced": True},
        ("eager_landlord", "random", "cautious_tenant"),
        (15, 16),
    ),
    ("landlords_game", {"single_tax_at_round": 5}, ("eager_landlord",) * 3, (17, 18)),
    (
        "landlords_game",
        {"single_tax_vote": False},
        ("single_taxer", "random", "eager_landlord"),
        (46,),
    ),
    ("landlords_game", {"land_value_tax": 0.5}, ("eager_landlord",) * 4, (19, 20)),
    ("landlords_game", {"land_value_tax": 0.5, "citizens_dividend": True}, ("random",) * 4, (21,)),
    (
        "landlords_game",
        {"wayback_rent": 2, "speculation_stake_to": "broker"},
        ("eager_landlord", "random"),
        (22,),
    ),
    (
        "landlords_game",
        {"round_limit": 60, "wages_times": 0},
        ("eager_landlord", "cautious_tenant", "eager_landlord", "strategy_guide"),
        (23,),
    ),
    ("landlords_game", {"starting_cash": 800, "wages": 150}, ("eager_landlord",) * 2, (24,)),
    ("single_tax", {}, ("eager_landlord",) * 4, (25, 26, 27)),
    ("single_tax", {}, ("random", "single_taxer", "cautious_tenant"), (28, 29)),
    ("prosperity", {}, ("single_taxer",) * 4, (30, 31)),
    (
        "prosperity",
        {"prosperity_counts": "net_worth", "round_limit": 100, "wages_times": 0},
        ("eager_landlord", "cautious_tenant", "single_taxer", "random"),
        (32,),
    ),
    ("monopoly_us", {}, ("eager_landlord",) * 4, (33, 34, 35)),
    ("monopoly_us", {}, ("strategy_guide",) * 4, (36, 37)),
    ("monopoly_us", {}, ("random", "strategy_guide", "eager_landlord"), (38,)),
    ("monopoly_us", {"purchase": "fixed_price"}, ("eager_landlord", "strategy_guide"), (39,)),
    (
        "monopoly_us",
        {"purchase": "auction", "card_order": "reshuffle"},
        ("strategy_guide", "random", "eager_landlord", "single_taxer"),
        (40,),
    ),
    (
        "monopoly_us",
        {"round_limit": 40, "income_tax_percent": 0, "luxury_tax": 100, "short_game": True},
        ("cautious_tenant", "eager_landlord"),
        (41,),
    ),
    ("monopoly_uk_1972", {}, ("eager_landlord",) * 4, (42, 43)),
    (
        "monopoly_uk_1972",
        {"rent_lapses": True, "short_game": True, "round_limit": 30},
        ("strategy_guide", "eager_landlord", "random"),
        (44,),
    ),
    (
        "monopoly_uk_1972",
        {"super_tax": 75, "jail_doubles_throw_again": False},
        ("random",) * 2,
        (45,),
    ),
    ("property", {}, ("eager_landlord",) * 4, (47, 48)),
    ("property", {}, ("cautious_tenant", "random", "strategy_guide"), (49,)),
    (
        "property",
        {"bankruptcies_to_end": 2, "count_property": True},
        ("single_taxer", "eager_landlord", "random", "cautious_tenant", "eager_landlord"),
        (50,),
    ),
    ("property", {"round_limit": 12}, ("random",) * 6, (51,)),
    ("quikopoly", {}, ("eager_landlord",) * 4, (52, 53)),
    ("quikopoly", {}, ("cautious_tenant", "random", "strategy_guide"), (54,)),
    ("quikopoly", {"round_limit": 10}, ("single_taxer", "eager_landlord"), (55,)),
)


def older_readings(rules: str, options: dict) -> dict:
    """``options`` with the readings Magie's games were played by before issue 16."""
    older = {"treasury_spends": "everything", "late_bills": "debt_repaid"}
    if rules == "landlords_game":
        older["single_tax_vote"] = True
    return {**older, **options}


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def fingerprint(rules: str, options: dict, seats: tuple[str, ...], seed: int) -> dict:
    """The digests of one seeded game, played to its end."""
    session = Session(rules, list(seats), seed=seed, **options)
    game = session.run()
    history = json.dumps(history_to_json(game.history), separators=(",", ":"))
    ledger = "\n".join(
        f"{r.round},{r.turn},{r.payer},{r.payee},{r.amount},{r.reason!s}"
        for r in game.ledger.records
    )
    rounds = GameRecord.from_session(session).rounds
    table = rounds[["round", "player", "cash", "net_worth"]].to_csv(index=False)
    return {
        "game": f"{rules}{json.dumps(options, sort_keys=True)} {'+'.join(seats)} seed {seed}",
        "rounds": game.round,
        "turns": game.turns_played,
        "end_reason": game.end_reason,
        "decisions": len(game.history),
        "history": _digest(history),
        "ledger": _digest(ledger),
        "round_table": _digest(table),
    }


#: Paired comparisons whose per-game results are fingerprinted too.
COMPARISONS = (
    (("landlords_game", "single_tax", "prosperity"), ("eager_landlord",) * 4, 24, 7),
    (("landlords_game", "monopoly_us"), ("eager_landlord", "cautious_tenant", "random"), 8, 3),
)


def comparison_fingerprint(rules: tuple[str, ...], seats: tuple[str, ...], games: int, seed: int):
    """The digest of a seeded comparison's per-game lengths, endings and Ginis."""
    from landlord.experiments import compare

    frame = compare(list(rules), games=games, players=list(seats), seed=seed).games
    columns = ["label", "game", "seed", "rounds", "turns", "end_reason"]
    table = frame[columns].to_csv(index=False)
    ginis = frame[["gini_net_worth", "gini_cash"]].round(12).to_csv(index=False)
    return {
        "comparison": f"{','.join(rules)} {'+'.join(seats)} {games} games seed {seed}",
        "games": _digest(table),
        "ginis": _digest(ginis),
    }


def fingerprints() -> list[dict]:
    """The fingerprint of every game in :data:`CASES` and comparison in :data:`COMPARISONS`."""
    games = [
        fingerprint(rules, options, seats, seed)
        for rules, options, seats, seeds in CASES
        for seed in seeds
    ]
    return games + [comparison_fingerprint(*case) for case in COMPARISONS]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help=f"write {GOLDEN}")
    args = parser.parse_args(argv)
    prints = fingerprints()
    if args.write:
        GOLDEN.parent.mkdir(exist_ok=True)
        GOLDEN.write_text(json.dumps(prints, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {len(prints)} fingerprints to {GOLDEN}")
        return 0
    stored = json.loads(GOLDEN.read_text(encoding="utf-8"))
    changed = [
        new.get("game") or new["comparison"]
        for old, new in zip(stored, prints, strict=True)
        if old != new
    ]
    print(f"{len(prints) - len(changed)} of {len(prints)} games unchanged")
    for game in changed:
        print("  changed:", game)
    return 1 if changed else 0


if __name__ == "__main__":
    sys.exit(main())
