"""Tune the ``tuned`` bot: for each rule set, the named bot's parameters that win most.

    .venv/bin/python research/tune_bots.py                 # every shipped rule set
    .venv/bin/python research/tune_bots.py single_tax      # one
    .venv/bin/python research/tune_bots.py --check         # tune again, compare with the files

It writes ``landlord/policies/tunings/<rule set>.toml``, which the ``tuned`` bot
(:mod:`landlord.policies.tuned`) reads. Everything it does follows from its seed: run it
again and the files come out the same, byte for byte (``--check`` says so).

What is searched
    The ten parameters of a named bot (:class:`landlord.policies.bots.Strategy`): the
    reserve it keeps, the highest price it pays, its markup, whether it bids, how many
    houses it builds, whether it pays fines, buys luxuries, speculates, hunts railroads,
    and when it votes for the single tax. Each is coded as a number between 0 and 1
    (:data:`GENES`); a parameter a family's bots do not read drifts and means nothing.

How
    The cross-entropy method, an evolution strategy (Rubinstein, 1999): each generation
    draws :data:`POPULATION` candidates from a normal distribution round a centre, plays
    each, and moves the centre and the spread to the best :data:`ELITE` of them. Every
    candidate of a generation plays the same games (the same seeds), so that they differ
    by their play, not their luck; each generation plays new seeds.

Against whom
    A candidate sits in every seat in turn, at three and four seats (as the rule set
    allows), half of its games among the named bots (:data:`FIELD`, the other seats filled
    in turn) and half among copies of the generation's centre: each rule set ends up
    played by a strategy that does well against the named bots and against its own kind.

Winning
    A candidate's game counts as won when it ends with the highest net worth at the table
    (a tie shares the win): what the compiled batch path reports of every game. It is a
    stand-in for the rule set's own winners, and not everywhere an exact one. The later
    game and Quikopoly name as winner the richest (or last) player, so there it is exact;
    Magie's games name the highest *score* (cash, and so much a card, a house and a
    luxury), which mostly but not always ranks the players as net worth does; Property
    names the most cash. The file reports, on seeds no tuning game used, the same
    stand-in for the tuned bot and for the eager landlord in its seat;
    ``benchmarks/tuned_bots.py`` counts wins as each rule set names them, and shows
    where the stand-in led the search astray (the Landlord's Game with the vote).

The batch path plays the games (:mod:`landlord.batch`); the reference engine plays a rule
set it does not follow (the Monarch of the World), with a smaller budget the file states.
"""

from __future__ import annotations

import argparse
import sys
import time
import zlib
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from landlord import batch  # noqa: E402
from landlord.figures import Figures  # noqa: E402
from landlord.policies import make_policy  # noqa: E402
from landlord.policies.bots import VOTES  # noqa: E402
from landlord.policies.tuned import TUNED_FIELDS, TUNINGS, Tuned  # noqa: E402
from landlord.rules import load_rules  # noqa: E402
from landlord.rules.loader import registered  # noqa: E402

#: The seed everything follows from.
SEED = 37
#: Candidates per generation, the best of them kept, generations.
POPULATION, ELITE, GENERATIONS = 16, 4, 20
#: Games each candidate plays per generation (the batch path), and on the reference engine.
GAMES, GAMES_BY_REFERENCE = 1400, 140
#: Fresh games the finished tuning is judged on.
JUDGED_GAMES = 4200
#: The named bots a candidate meets in half its games.
FIELD = ("eager_landlord", "cautious_tenant", "single_taxer", "strategy_guide")
#: The spread the search starts with, the least it keeps, and how much of the old it keeps.
SPREAD, LEAST_SPREAD, KEEP = 0.3, 0.04, 0.3


def _reserve(x: float) -> int:
    return round(x * 80) * 5  # $0 to $400, in fives


def _max_price(x: float) -> int:
    return 0 if x < 0.25 else 25 + round((x - 0.25) / 0.75 * 75) * 5  # no limit, $25-$400


#: How each gene (a number from 0 to 1) reads as a parameter, in TUNED_FIELDS' order.
GENES: dict[str, Callable[[float], object]] = {
    "reserve": _reserve,
    "max_price": _max_price,
    "markup": lambda x: round(1.0 + x, 2),  # 1.00 to 2.00
    "bids": lambda x: bool(x >= 0.5),
    "build_to": lambda x: min(5, int(x * 6)),  # 0 to 5 (5: a hotel where there are hotels)
    "pays_fine": lambda x: bool(x >= 0.5),
    "buys_luxury": lambda x: bool(x >= 0.5),
    "speculates": lambda x: bool(x >= 0.5),
    "hunts_railroads": lambda x: bool(x >= 0.5),
    "votes": lambda x: VOTES[min(2, int(x * 3))],
}
assert tuple(GENES) == TUNED_FIELDS, "a named bot's parameters changed: update GENES"


def parameters(genes: Sequence[float]) -> dict[str, object]:
    """The parameters a vector of genes codes for."""
    return {name: read(float(x)) for (name, read), x in zip(GENES.items(), genes, strict=True)}


def bot(rule_set: str, genes: Sequence[float]) -> Tuned:
    return Tuned(**parameters(genes), tuned_for=rule_set)  # type: ignore[arg-type]


def tables(rules) -> list[int]:
    """The table sizes a candidate plays at: three and four seats, as the rules allow."""
    low, high = rules.info.min_players, rules.info.max_players
    return [n for n in (3, 4) if low <= n <= high] or [low]


def line_ups(rules, candidate, centre) -> list[tuple[int, list]]:
    """Every line-up a candidate plays in a generation: (its seat, the seats)."""
    named = [make_policy(name) for name in FIELD]
    found = []
    for seats in tables(rules):
        for seat in range(seats):
            others = [named[(seat + k) % len(named)] for k in range(seats - 1)]
            among_named = [*others[:seat], candidate, *others[seat:]]
            among_own = [centre] * seat + [candidate] + [centre] * (seats - 1 - seat)
            found += [(seat, among_named), (seat, among_own)]
    return found


def wins(rules, seat: int, policies: list, seeds: Sequence[int]) -> float:
    """The wins of ``seat`` in these games (a tie for the highest net worth shares one)."""
    figures = Figures()
    module = batch.batch_module(rules)
    if batch.engine_for(rules, policies)[0] == batch.COMPILED and module is not None:
        module.play(rules, policies, list(seeds), figures)
    else:
        batch.by_reference(rules, policies, list(seeds), figures)
    worth = np.frombuffer(figures.final_worth, dtype=np.int64).reshape(len(seeds), -1)
    best = worth.max(axis=1, keepdims=True)
    richest = worth == best
    return float((richest[:, seat] / richest.sum(axis=1)).sum())


def score(task: tuple[str, list[float], list[float], list[int]]) -> float:
    """A candidate's share of wins over a generation's games (run in a worker)."""
    rule_set, genes, centre, seeds = task
    rules = load_rules(rule_set)
    ups = line_ups(rules, bot(rule_set, genes), bot(rule_set, centre))
    per = max(1, len(seeds) // len(ups))
    total = sum(
        wins(rules, seat, policies, seeds[k * per : (k + 1) * per])
        for k, (seat, policies) in enumerate(ups)
    )
    return total / (per * len(ups))


def budget(rule_set: str) -> int:
    rules = load_rules(rule_set)
    seats = tables(rules)
    probe = [make_policy("eager_landlord")] * seats[0]
    return GAMES if batch.engine_for(rules, probe)[0] == batch.COMPILED else GAMES_BY_REFERENCE


def tune(
    rule_set: str,
    pool: ProcessPoolExecutor | None,
    say: Callable[[str], None],
    generations: int = GENERATIONS,
    scale: float = 1.0,
) -> dict:
    """Search for ``rule_set``'s parameters; the tuning file's contents, as a dict.
    ``scale`` plays that share of the games (a quick try; the files are made at 1)."""
    rng = np.random.default_rng([SEED, zlib.crc32(rule_set.encode())])
    games = max(14, int(budget(rule_set) * scale))
    centre = np.full(len(GENES), 0.5)
    spread = np.full(len(GENES), SPREAD)
    trace = []
    for generation in range(generations):
        start = 10_000_000 * (1 + generation)
        seeds = [int(s) for s in rng.integers(start, start + 9_999_999, size=games)]
        drawn = np.clip(rng.normal(centre, spread, size=(POPULATION, len(GENES))), 0.0, 1.0)
        tasks = [(rule_set, list(map(float, g)), list(map(float, centre)), seeds) for g in drawn]
        scores = list(pool.map(score, tasks)) if pool else [score(task) for task in tasks]
        best = np.argsort(scores, kind="stable")[::-1][:ELITE]
        elite = drawn[best]
        centre = elite.mean(axis=0)
        spread = np.maximum(KEEP * spread + (1 - KEEP) * elite.std(axis=0), LEAST_SPREAD)
        trace.append(round(float(np.mean([scores[i] for i in best])), 4))
        say(f"  {rule_set}: generation {generation + 1}: the best {ELITE} won {trace[-1]:.1%}")
    return {"games": games, "trace": trace, "parameters": parameters(centre)}


def judged(rule_set: str, params: dict[str, object], scale: float = 1.0) -> dict[str, float]:
    """How often the tuned bot wins on fresh seeds, and the eager landlord in its place."""
    rules = load_rules(rule_set)
    tuned = Tuned(**params, tuned_for=rule_set)  # type: ignore[arg-type]
    eager = make_policy("eager_landlord")
    games = JUDGED_GAMES if budget(rule_set) == GAMES else JUDGED_GAMES // 10
    per_up = max(1, int(games * scale) // 14)
    seeds = list(range(900_000_000, 900_000_000 + per_up))
    found: dict[str, list[float]] = {"tuned": [], "eager_landlord": [], "fair": []}
    for name, player in (("tuned", tuned), ("eager_landlord", eager)):
        for seat, policies in line_ups(rules, player, tuned)[::2]:  # among the named bots
            found[name].append(wins(rules, seat, policies, seeds) / len(seeds))
            if name == "tuned":
                found["fair"].append(1 / len(policies))
    return {key: round(float(np.mean(values)), 4) for key, values in found.items()}


def written(rule_set: str, tuned: dict, judged_: dict[str, float], generations: int) -> str:
    """The tuning file's text."""
    lines = [
        f"# The tuned bot's parameters for {rule_set}, written by research/tune_bots.py",
        "# (seeded: run it again and this file comes out the same). Do not edit by hand.",
        f'rule_set = "{rule_set}"',
        f"seed = {SEED}",
        'method = "cross-entropy method over the named bots\' ten parameters"',
        f"generations = {generations}",
        f"population = {POPULATION}",
        f"elite = {ELITE}",
        f"games_per_candidate = {tuned['games']}",
        f"field = {list(FIELD)!r}".replace("'", '"'),
        'wins = "the highest net worth at the end; a tie shares the win"',
        f"best_per_generation = {tuned['trace']!r}",
        "",
        "[parameters]",
    ]
    for name, value in tuned["parameters"].items():
        shown = f'"{value}"' if isinstance(value, str) else str(value).lower()
        lines.append(f"{name} = {shown}")
    lines += [
        "",
        "# On fresh seeds, in every seat in turn among the named bots: the tuned bot's share",
        "# of wins, the eager landlord's in its place, and an even share.",
        "[judged]",
        *(f"{key} = {value}" for key, value in judged_.items()),
    ]
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("rule_sets", nargs="*", help="rule set ids (default: every shipped one)")
    parser.add_argument("--check", action="store_true", help="compare with the shipped files")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--out", type=Path, default=TUNINGS, help="where to write the files")
    parser.add_argument(
        "--generations", type=int, default=GENERATIONS, help=f"(default {GENERATIONS})"
    )
    parser.add_argument(
        "--scale", type=float, default=1.0, help="play this share of the games (a quick try)"
    )
    args = parser.parse_args(argv)
    known = sorted(registered())
    unknown = [name for name in args.rule_sets if name not in known]
    why = (
        f"unknown rule set {unknown[0]!r}; known: {', '.join(known)}"
        if unknown
        else "--jobs is at least 1"
        if args.jobs < 1
        else "--generations is at least 1"
        if args.generations < 1
        else "--scale is above 0 and at most 1"
        if not 0 < args.scale <= 1
        else ""
    )
    if why:
        parser.print_usage(sys.stderr)
        print(f"tune_bots.py: error: {why}", file=sys.stderr)
        return 2
    batch.prepare()  # the compiled games, loaded (or compiled once) before the workers start
    args.out.mkdir(parents=True, exist_ok=True)
    differ = []
    pool = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
    try:
        for rule_set in args.rule_sets or known:
            start, cpu = time.perf_counter(), time.process_time()
            tuned = tune(rule_set, pool, print, args.generations, args.scale)
            verdict = judged(rule_set, tuned["parameters"], args.scale)
            text = written(rule_set, tuned, verdict, args.generations)
            path = args.out / f"{rule_set}.toml"
            if args.check:
                if not path.is_file() or path.read_text(encoding="utf-8") != text:
                    differ.append(path.name)
            else:
                path.write_text(text, encoding="utf-8")
            print(
                f"{rule_set}: {time.perf_counter() - start:.0f} s "
                f"({time.process_time() - cpu:.0f} s CPU in this process)"
            )
    finally:
        if pool is not None:
            pool.shutdown()
    if differ:
        print(f"tuned again, these differ from the shipped files: {', '.join(differ)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
