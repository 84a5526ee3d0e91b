"""The declared grid of scenarios: read from its TOML file and checked field by field.

A grid names the two arms (the monopolist rules and the single tax), the
table size, the games per seed and the seeds, then three lists: the bot mixes,
the game lengths (a rule-set option string each) and the measures, each with
the direction Magie claimed for the single tax. A scenario is one mix at one
length. A malformed file is refused with its name, the field and what was
expected.

Examples
--------
>>> grid = load_grid()
>>> grid.baseline, grid.treatment, grid.games, grid.seeds
('landlords_game', 'single_tax', 500, (7, 8, 9))
>>> [scenario.id for scenario in grid.scenarios][:3]
['eager.printed', 'eager.long', 'tenants.printed']
"""

from __future__ import annotations

import tomllib
from dataclasses import MISSING, dataclass
from pathlib import Path
from typing import Any

from landlord import limits, scorecard

__all__ = [
    "GRID_PATH",
    "Grid",
    "GridError",
    "Length",
    "Measure",
    "Mix",
    "Scenario",
    "grid_from_text",
    "load_grid",
]

#: The grid the kit ships, declared before its results.
GRID_PATH = Path(__file__).with_name("grid.toml")
#: The directions a measure may claim ("" : reported, no claim).
CLAIMS = ("lower", "higher", "")


class GridError(ValueError):
    """A grid file that cannot be used; the message names the file and the field."""


@dataclass(frozen=True)
class Mix:
    """The bots at the table, seated in turn round it."""

    id: str
    bots: str
    words: str
    #: A few words for a chart's row.
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
    """One bot mix at one game length: ``"eager.printed"``."""

    mix: Mix
    length: Length

    @property
    def id(self) -> str:
        return f"{self.mix.id}.{self.length.id}"

    @property
    def words(self) -> str:
        return f"{self.mix.words}, {self.length.words}"

    @property
    def short(self) -> str:
        """A chart row's label: ``"eager landlords x4, long game"``."""
        return f"{self.mix.short or self.mix.id}, {self.length.short or self.length.id}"

    def spec(self, rules: str) -> str:
        """The rule spec of one arm in this scenario: ``"single_tax[round_limit=100]"``."""
        return f"{rules}[{self.length.options}]" if self.length.options else rules


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

    @property
    def scenarios(self) -> list[Scenario]:
        """Every mix at every length, mixes in the file's order."""
        return [Scenario(mix, length) for mix in self.mixes for length in self.lengths]

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
    if data.get("format") != 1:
        raise field.wrong("format", "1")
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
    _check_names(grid, field)
    return grid


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
                if not isinstance(row.get(key), str):
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

    for arm in ("baseline", "treatment"):
        for length in grid.lengths:
            spec = Scenario(grid.mixes[0], length).spec(getattr(grid, arm))
            try:
                name, options = parse_spec(spec)
                load_rules(name, **options)
            except (RulesError, ValueError) as error:
                raise field.wrong(
                    f"claim.{arm}", f"a rule set playable at length {length.id!r} ({error})"
                ) from None
    for mix in grid.mixes:
        try:
            [make_policy(bot) for bot in bot_mix(mix.bots, grid.players)]
        except (KeyError, ValueError) as error:
            raise field.wrong(
                f"mix {mix.id!r}.bots", f"named bots joined by '+' ({error})"
            ) from None
    known = {m.name for m in MEASURES} | {"gini_cash"}
    known |= {figure.name for family in families() for figure in family.figures}
    for measure in grid.measures:
        if measure.name not in known:
            raise field.wrong(f"measure {measure.name!r}", f"one of {', '.join(sorted(known))}")
        if measure.claim not in CLAIMS:
            raise field.wrong(f"measure {measure.name!r}.claim", "'lower', 'higher' or ''")
