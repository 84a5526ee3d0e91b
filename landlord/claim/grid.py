"""The declared grids of scenarios: read from their TOML files and checked field by field.

A grid of **format 1** (``grid.toml``, version 1 of the claim) names the two
arms (the monopolist rules and the single tax), the table size, the games per
seed and the seeds, then three lists: the bot mixes, the game lengths (a
rule-set option string each) and the measures, each with the direction Magie
claimed for the single tax. A scenario is one mix at one length.

A grid of **format 2** (``grid_v2.toml``, version 2) names several rule sets,
played side by side from the same seeds, and the *arms* judged between them
(a baseline and a treatment each: the single tax as printed, money-neutral,
sink-neutral); it plays each mix at several table sizes, and declares, before
its results, how the size of a difference is put in words (``[size]``). A
scenario is one mix at one table size at one length.

A malformed file is refused with its name, the field and what was expected.

Examples
--------
>>> grid = load_grid()
>>> grid.baseline, grid.treatment, grid.games, grid.seeds
('landlords_game', 'single_tax', 500, (7, 8, 9))
>>> [scenario.id for scenario in grid.scenarios][:3]
['eager.printed', 'eager.long', 'tenants.printed']
>>> second = load_grid(GRID_V2_PATH)
>>> [arm.id for arm in second.arms], second.tables, len(second.scenarios)
(['as_printed', 'money_neutral', 'sink_neutral'], (2, 3, 4), 72)
>>> scenario = second.scenario("landlords_random.3.round25")
>>> scenario.words.split(",")[0]
'two eager landlords and a random player'
>>> scenario.spec_of("single_tax[citizens_dividend=true]")
'single_tax[citizens_dividend=true,wages_times=0,round_limit=25]'
"""

from __future__ import annotations

import functools
import tomllib
from dataclasses import MISSING, dataclass
from pathlib import Path
from typing import Any

from landlord import limits, scorecard

__all__ = [
    "GRID_PATH",
    "GRID_V2_PATH",
    "GRID_V3_PATH",
    "GRID_V4_PATH",
    "Arm",
    "Grid",
    "GridError",
    "Length",
    "Measure",
    "Mix",
    "RuleSpec",
    "Scenario",
    "declared_sizes",
    "grid_from_text",
    "load_grid",
]

#: The grid the kit ships, declared before its results: version 1 of the claim.
GRID_PATH = Path(__file__).with_name("grid.toml")
#: Version 2 of the claim (format 2), declared before its results.
GRID_V2_PATH = Path(__file__).with_name("grid_v2.toml")
#: Version 3 of the claim (format 2): Magie's dial, declared before its results.
GRID_V3_PATH = Path(__file__).with_name("grid_v3.toml")
#: Version 4 of the claim (format 2): players who answer the rules, declared before its results.
GRID_V4_PATH = Path(__file__).with_name("grid_v4.toml")
#: The formats a grid file may have.
FORMATS = (1, 2)
#: The most seats a grid's table may have.
MOST_SEATS = 8
#: The directions a measure may claim ("" : reported, no claim).
CLAIMS = ("lower", "higher", "")


class GridError(ValueError):
    """A grid file that cannot be used; the message names the file and the field."""


@dataclass(frozen=True)
class Mix:
    """The bots at the table, seated in turn round it."""

    id: str
    bots: str
    #: The table in words (format 1; format 2 says it from the seats, :meth:`Grid.table_words`).
    words: str = ""
    #: A few words for a chart's row.
    short: str = ""
    #: Format 2: games per seed for this mix's scenarios, when they play fewer than the
    #: grid's ``claim.games`` (a bot that looks ahead plays on the reference engine); 0 for
    #: the grid's.
    games: int = 0


@dataclass(frozen=True)
class RuleSpec:
    """A rule set a grid of format 2 plays, with its words."""

    id: str
    spec: str
    words: str


@dataclass(frozen=True)
class Arm:
    """A comparison a grid judges: the treatment's figure minus the baseline's, game by game."""

    id: str
    baseline: str
    treatment: str
    words: str
    #: A word or two for a chart's row.
    short: str = ""


@dataclass(frozen=True)
class Length:
    """How long a game runs: rule-set options added to both arms."""

    id: str
    options: str
    words: str
    #: A word or two for a chart's row.
    short: str = ""


@dataclass(frozen=True)
class Measure(scorecard.Measure):
    """A scorecard measure (or a family's figure), with the direction Magie claimed for it."""

    #: ``"lower"`` or ``"higher"`` (the single tax's figure against the monopolist
    #: rules'), or ``""``: reported, no claim.
    claim: str = ""
    #: Said when the rules alone decide the direction (not play).
    by_the_rules: str = ""


@dataclass(frozen=True)
class Scenario:
    """One bot mix at one game length (``"eager.printed"``), and in a grid of format 2
    at one table size (``"eager.4.printed"``)."""

    mix: Mix
    length: Length
    #: The seats (format 2), or None: the grid's one table size (format 1).
    players: int | None = None
    #: The table in words (format 2), or "": the mix's own words.
    table_words: str = ""

    @property
    def id(self) -> str:
        if self.players is None:
            return f"{self.mix.id}.{self.length.id}"
        return f"{self.mix.id}.{self.players}.{self.length.id}"

    @property
    def words(self) -> str:
        return f"{self.table_words or self.mix.words}, {self.length.words}"

    @property
    def short(self) -> str:
        """A chart row's label: ``"eager landlords x4, long game"``."""
        seats = "" if self.players is None else f", {self.players} seats"
        return f"{self.mix.short or self.mix.id}{seats}, {self.length.short or self.length.id}"

    def spec(self, rules: str) -> str:
        """The rule spec of one arm in this scenario: ``"single_tax[round_limit=100]"``."""
        return f"{rules}[{self.length.options}]" if self.length.options else rules

    def spec_of(self, spec: str) -> str:
        """A rule spec with this scenario's length added to its own options:
        ``"single_tax[citizens_dividend=true,round_limit=100]"``."""
        from landlord.experiments import parse_spec, spec_label

        name, options = parse_spec(spec)
        _, added = parse_spec(f"x[{self.length.options}]")
        return spec_label(name, {**options, **added})


@dataclass(frozen=True)
class Grid:
    """A declared grid: the arms, the table, the games, the seeds and what is measured."""

    title: str
    baseline: str
    treatment: str
    players: int
    games: int
    seeds: tuple[int, ...]
    level: float
    verdict: dict[str, str]
    mixes: tuple[Mix, ...]
    lengths: tuple[Length, ...]
    measures: tuple[Measure, ...]
    notes: dict[str, str]
    #: The file's own text: results carry it, so they say what grid made them.
    source: str
    #: The file's format: 1 (one arm, one table size) or 2.
    format: int = 1
    #: Format 2: the rule sets played side by side, and the arms judged between them.
    rule_sets: tuple[RuleSpec, ...] = ()
    arms: tuple[Arm, ...] = ()
    #: Format 2: the table sizes each mix is played at.
    tables: tuple[int, ...] = ()
    #: Format 2: the bounds of "small", "medium" and "large" on the share of pairs on the
    #: claimed side (ties counted half), and what that share is called.
    size: dict[str, Any] | None = None
    #: Format 2: each bot's name in words.
    bot_words: dict[str, str] | None = None

    @property
    def scenarios(self) -> list[Scenario]:
        """Every mix at every length (and, format 2, table size), mixes in the file's order."""
        if self.format == 1:
            return [Scenario(mix, length) for mix in self.mixes for length in self.lengths]
        return [
            Scenario(mix, length, players, self.table_words(mix, players))
            for mix in self.mixes
            for players in self.tables
            for length in self.lengths
        ]

    def games_of(self, scenario: Scenario) -> int:
        """The paired games a scenario plays at each seed: its mix's own number, or the
        grid's."""
        return scenario.mix.games or self.games

    def rule_spec(self, rule_id: str) -> RuleSpec:
        """The rule set of a grid of format 2 by its id (``"dividend"``)."""
        return next(rules for rules in self.rule_sets if rules.id == rule_id)

    def table_words(self, mix: Mix, players: int) -> str:
        """The bots a mix seats at ``players`` seats, in words (format 2): ``"two eager
        landlords and a random player"``."""
        from landlord.experiments import bot_mix

        seats = bot_mix(mix.bots, players)
        counts = {name: seats.count(name) for name in dict.fromkeys(seats)}
        words = self.bot_words or {}
        parts = [_counted(words.get(name, name), count) for name, count in counts.items()]
        return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"

    def scenario(self, scenario_id: str) -> Scenario:
        """The scenario of an id such as ``"eager.long"``."""
        for scenario in self.scenarios:
            if scenario.id == scenario_id:
                return scenario
        known = ", ".join(s.id for s in self.scenarios)
        raise GridError(f"no scenario {scenario_id!r} in the grid (known: {known})")


def load_grid(path: str | Path = GRID_PATH) -> Grid:
    """Read and check a grid file (the shipped one unless ``path`` is given).

    Raises
    ------
    GridError
        Naming the file and the field, when the file cannot be read, is
        larger than :data:`landlord.limits.GRID_BYTES`, is not TOML, or a
        field is missing or of the wrong kind, or names a rule set, bot or
        measure the kit does not know.
    """
    path = Path(path)
    if limits.special_file(path):  # a pipe would wait for a writer for ever
        raise GridError(f"{path}: cannot be read (not a regular file)")
    try:
        with path.open("rb") as handle:  # at most the limit
            raw = handle.read(limits.GRID_BYTES + 1)
    except OSError as error:
        raise GridError(f"{path}: cannot be read ({error.strerror or error})") from None
    if len(raw) > limits.GRID_BYTES:
        raise GridError(f"{path}: larger than {limits.GRID_BYTES:,} bytes, the most a grid may be")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise GridError(f"{path}: not a TOML file ({error})") from None
    return grid_from_text(text, path)


def grid_from_text(text: str, where: str | Path = "<grid>") -> Grid:
    """A grid from the text of a grid file; ``where`` names it in errors.

    Raises
    ------
    GridError
        As :func:`load_grid` does.
    """
    path = Path(where)
    try:
        data = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, RecursionError) as error:
        raise GridError(f"{path}: not a TOML file ({error})") from None
    field = _Fields(path)
    if data.get("format") not in FORMATS or isinstance(data.get("format"), bool):
        raise field.wrong("format", "1 or 2")
    if data["format"] == 2:
        return _grid_v2(data, text, field)
    claim = field.table(data, "claim")
    verdict = field.table(data, "verdict")
    seeds = field.get(claim, "claim.seeds", list)
    if not seeds or not all(_whole(seed, 0) for seed in seeds) or len(set(seeds)) < len(seeds):
        raise field.wrong("claim.seeds", "a list of different whole numbers >= 0")
    level = field.get(claim, "claim.level", float)
    if not 0 < level < 1:
        raise field.wrong("claim.level", "a number between 0 and 1")
    grid = Grid(
        title=field.get(claim, "claim.title", str),
        baseline=field.get(claim, "claim.baseline", str),
        treatment=field.get(claim, "claim.treatment", str),
        players=field.whole(claim, "claim.players", 2),
        games=field.whole(claim, "claim.games", 2),
        seeds=tuple(seeds),
        level=level,
        verdict={key: field.get(verdict, f"verdict.{key}", str) for key in _VERDICT_KEYS},
        mixes=tuple(field.rows(data, "mix", Mix)),
        lengths=tuple(field.rows(data, "length", Length)),
        measures=tuple(field.rows(data, "measure", Measure)),
        notes={k: v for k, v in claim.items() if k.startswith("why") and isinstance(v, str)},
        source=text,
    )
    for mix in grid.mixes:
        if not mix.words:
            raise field.wrong(f"mix {mix.id!r}.words", "text")
    _check_names(grid, field)
    return grid


def _grid_v2(data: dict, text: str, field: _Fields) -> Grid:
    """A grid of format 2 (see the module's text)."""
    claim = field.table(data, "claim")
    verdict = field.table(data, "verdict")
    seeds = field.get(claim, "claim.seeds", list)
    if not seeds or not all(_whole(seed, 0) for seed in seeds) or len(set(seeds)) < len(seeds):
        raise field.wrong("claim.seeds", "a list of different whole numbers >= 0")
    level = field.get(claim, "claim.level", float)
    if not 0 < level < 1:
        raise field.wrong("claim.level", "a number between 0 and 1")
    tables = field.get(claim, "claim.tables", list)
    if (
        not tables
        or not all(_whole(seats, 2) and seats <= MOST_SEATS for seats in tables)
        or len(set(tables)) < len(tables)
    ):
        raise field.wrong("claim.tables", f"different numbers of seats, 2 to {MOST_SEATS}")
    size = field.table(data, "size")
    bounds = [field.get(size, f"size.{key}", float) for key in SIZE_WORDS[1:]]
    if not 0.5 < bounds[0] < bounds[1] < bounds[2] < 1:
        raise field.wrong("size", "0.5 < small < medium < large < 1")
    bot_words = field.table(data, "bot_words")
    if not all(isinstance(v, str) and v for v in bot_words.values()):
        raise field.wrong("bot_words", "a bot's name in words, for each bot")
    rule_sets = tuple(field.rows(data, "rules", RuleSpec))
    arms = tuple(field.rows(data, "arm", Arm))
    known = {rules.id for rules in rule_sets}
    for arm in arms:
        for side in ("baseline", "treatment"):
            if getattr(arm, side) not in known:
                raise field.wrong(f"arm {arm.id!r}.{side}", f"one of {', '.join(sorted(known))}")
        if arm.baseline == arm.treatment:
            raise field.wrong(f"arm {arm.id!r}.treatment", "another rule set than its baseline")
    grid = Grid(
        title=field.get(claim, "claim.title", str),
        baseline="",
        treatment="",
        players=max(tables),
        games=field.whole(claim, "claim.games", 2),
        seeds=tuple(seeds),
        level=level,
        verdict={key: field.get(verdict, f"verdict.{key}", str) for key in _VERDICT_KEYS},
        mixes=tuple(field.rows(data, "mix", Mix)),
        lengths=tuple(field.rows(data, "length", Length)),
        measures=tuple(field.rows(data, "measure", Measure)),
        notes={k: v for k, v in claim.items() if k.startswith("why") and isinstance(v, str)},
        source=text,
        format=2,
        rule_sets=rule_sets,
        arms=arms,
        tables=tuple(tables),
        size={
            "reads": field.get(size, "size.reads", str),
            **dict(zip(SIZE_WORDS[1:], bounds, strict=True)),
        },
        bot_words=dict(bot_words),
    )
    _check_names(grid, field)
    return grid


#: The sizes of a difference, smallest first (format 2's ``[size]`` bounds the last three).
SIZE_WORDS = ("tiny", "small", "medium", "large")


@functools.cache
def declared_sizes() -> dict[str, Any]:
    """The size words' bounds the shipped second grid declares (``small``, ``medium``,
    ``large``, and what they are read from): the apps size every difference by them.

    >>> declared_sizes()["small"]
    0.556
    """
    return dict(load_grid(GRID_V2_PATH).size or {})


def _counted(name: str, count: int) -> str:
    """``"an eager landlord"``, ``"two eager landlords"``."""
    if count == 1:
        return f"{'an' if name[:1] in 'aeiou' else 'a'} {name}"
    number = {2: "two", 3: "three", 4: "four"}.get(count, str(count))
    return f"{number} {name}s"


_VERDICT_KEYS = ("holds", "fails", "cannot_tell")


def _whole(value: Any, least: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= least


class _Fields:
    """Reads fields of one grid file, refusing a bad one with the file's name and the field."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def wrong(self, field: str, expected: str) -> GridError:
        return GridError(f"{self.path}: field {field!r} must be {expected}")

    def table(self, data: dict, name: str) -> dict:
        value = data.get(name)
        if not isinstance(value, dict):
            raise self.wrong(name, "a table")
        return value

    def get(self, table: dict, field: str, kind: type) -> Any:
        value = table.get(field.rsplit(".", 1)[-1])
        if kind is float and _whole(value, -(2**63)):
            value = float(value)
        if not isinstance(value, kind) or isinstance(value, bool):
            raise self.wrong(field, {str: "text", float: "a number", list: "a list"}[kind])
        return value

    def whole(self, table: dict, field: str, least: int) -> int:
        value = table.get(field.rsplit(".", 1)[-1])
        if not _whole(value, least) or value > 1_000_000:
            raise self.wrong(field, f"a whole number from {least} to 1,000,000")
        return value

    def rows(self, data: dict, name: str, kind: type) -> list:
        rows = data.get(name)
        if not isinstance(rows, list) or not rows or not all(isinstance(r, dict) for r in rows):
            raise self.wrong(f"[[{name}]]", "one or more tables")
        fields = kind.__dataclass_fields__
        made, seen = [], set()
        for number, row in enumerate(rows, start=1):
            where = f"[[{name}]] {number}"
            unknown = set(row) - set(fields)
            if unknown:
                raise self.wrong(f"{where}: {sorted(unknown)[0]}", f"one of {', '.join(fields)}")
            values = {}
            for key, spec in fields.items():
                if key not in row and spec.default is not MISSING:
                    continue
                if spec.type == "int":
                    number = row.get(key)
                    if not _whole(number, 2) or number > 1_000_000:
                        raise self.wrong(f"{where}.{key}", "a whole number from 2 to 1,000,000")
                elif not isinstance(row.get(key), str):
                    raise self.wrong(f"{where}.{key}", "text")
                values[key] = row[key]
            item = kind(**values)
            identity = getattr(item, "id", None) or getattr(item, "name", None)
            if not identity or identity in seen or "." in identity:
                raise self.wrong(f"{where}.id", "a name used once, without a dot")
            seen.add(identity)
            made.append(item)
        return made


def _check_names(grid: Grid, field: _Fields) -> None:
    """Every rule set, option, bot and measure the grid names must be the kit's."""
    from landlord.experiments import bot_mix, parse_spec
    from landlord.families import families
    from landlord.policies import make_policy
    from landlord.rules import RulesError, load_rules
    from landlord.scorecard import MEASURES

    if grid.format == 1:
        specs = [(f"claim.{arm}", getattr(grid, arm)) for arm in ("baseline", "treatment")]
    else:
        specs = [(f"rules {rules.id!r}.spec", rules.spec) for rules in grid.rule_sets]
    for where, spec in specs:
        for length in grid.lengths:
            scenario = Scenario(grid.mixes[0], length)
            try:
                named = scenario.spec(spec) if grid.format == 1 else scenario.spec_of(spec)
                name, options = parse_spec(named)
                info = load_rules(name, **options).info
            except (RulesError, ValueError) as error:
                raise field.wrong(
                    where, f"a rule set playable at length {length.id!r} ({error})"
                ) from None
            for seats in grid.tables or (grid.players,):
                if not info.min_players <= seats <= info.max_players:
                    raise field.wrong(where, f"a rule set for {seats} players")
    for mix in grid.mixes:
        try:
            bots = bot_mix(mix.bots, grid.players)
            [make_policy(bot) for bot in bots]
        except (KeyError, ValueError) as error:
            raise field.wrong(
                f"mix {mix.id!r}.bots", f"named bots joined by '+' ({error})"
            ) from None
        unnamed = [bot for bot in bots if grid.bot_words is not None and bot not in grid.bot_words]
        if unnamed:
            raise field.wrong(f"bot_words.{unnamed[0]}", "the bot's name in words")
    known = {m.name for m in MEASURES}
    known |= {figure.name for family in families() for figure in family.figures}
    for measure in grid.measures:
        if measure.name not in known:
            raise field.wrong(f"measure {measure.name!r}", f"one of {', '.join(sorted(known))}")
        if measure.claim not in CLAIMS:
            raise field.wrong(f"measure {measure.name!r}.claim", "'lower', 'higher' or ''")
