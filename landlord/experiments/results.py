"""Results files: where :meth:`~landlord.experiments.Comparison.save` writes an
experiment, and the writing itself.

``NAME.json`` is one document; ``NAME.csv`` and ``NAME.parquet`` are three tables
(per game, per round, per player) with the parameters beside them (``NAME.meta.json``)
or in each Parquet file's metadata. Every set is written atomically
(:func:`landlord.writing.write_atomically`); :func:`landlord.experiments.load_results`
reads it back.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np

from landlord.version import __version__

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "TABLE_FORMATS",
    "Kept",
    "beside",
    "last_files",
    "needs_pyarrow",
    "plain",
    "results_files",
    "results_meta",
    "save_results",
    "write_csv",
    "write_parquet",
]

#: The suffixes of results saved as tables (beside the one-file ``.json``).
TABLE_FORMATS = (".csv", ".parquet")


def needs_pyarrow() -> None:
    """Refuse Parquet clearly when pyarrow is not installed."""
    try:
        import pyarrow  # noqa: F401
    except ImportError:
        raise ValueError(
            "Parquet files need pyarrow: pip install 'landlord-kit[parquet]' (or save as .csv)"
        ) from None


def results_files(path: str | os.PathLike[str]) -> list[Path]:
    """Every file :meth:`Comparison.save <landlord.experiments.Comparison.save>` writes
    for ``path``, ``path`` first.

    Examples
    --------
    >>> [file.name for file in results_files("data.csv")]
    ['data.csv', 'data.per_round.csv', 'data.per_player.csv', 'data.meta.json']
    """
    path = Path(path)
    if path.suffix == ".json":
        return [path]
    if path.suffix not in TABLE_FORMATS:
        raise ValueError(f"{path.name}: results are saved as .json, .csv or .parquet")
    parts = [beside(path, f"per_round{path.suffix}"), beside(path, f"per_player{path.suffix}")]
    meta = [beside(path, "meta.json")] if path.suffix == ".csv" else []
    return [path, *parts, *meta]


def write_csv(table: pd.DataFrame, path: Path) -> None:
    table.to_csv(path, index=False)


def write_parquet(table: pd.DataFrame, path: Path) -> None:
    table.to_parquet(path, index=False)


def beside(path: Path, suffix: str) -> Path:
    """``results.csv`` -> ``results.per_round.csv`` and the like."""
    return path.with_name(f"{path.stem}.{suffix}")


class Kept(Protocol):
    """What :func:`save_results` reads of a comparison that kept its games."""

    parameters: dict[str, Any]
    games: pd.DataFrame
    per_round: pd.DataFrame
    per_player: pd.DataFrame

    def to_json(self) -> dict[str, Any]: ...


def save_results(comparison: Kept, path: str | os.PathLike[str]) -> Path:
    """Write ``comparison`` to ``path`` and the files beside it, atomically, as a set;
    return the path written (what :meth:`~landlord.experiments.Comparison.save` does
    with a comparison that kept its games)."""
    import json

    from landlord.writing import write_atomically

    path = Path(path)
    files = results_files(path)
    if path.suffix == ".json":
        text = json.dumps(comparison.to_json(), indent=1) + "\n"
        write_atomically({path: lambda temporary: temporary.write_text(text, "utf-8")})
        return path
    meta = results_meta(comparison.parameters)
    tables = [comparison.games, comparison.per_round, comparison.per_player]
    writers: dict[Path, Callable[[Path], Any]] = {}
    if path.suffix == ".parquet":
        needs_pyarrow()
        for file, table in zip(files, tables, strict=True):
            described = table.copy(deep=False)
            described.attrs = meta
            writers[file] = partial(write_parquet, described)
    else:
        for file, table in zip(files, tables, strict=False):
            writers[file] = partial(write_csv, table)
        text = json.dumps(meta, indent=1) + "\n"
        writers[files[-1]] = lambda temporary: temporary.write_text(text, "utf-8")
    write_atomically(writers)
    return path


def last_files(
    per_round: pd.DataFrame, parameters: dict[str, Any], files: list[Path]
) -> dict[Path, Callable[[Path], Any]]:
    """What a streamed run writes once its games are played: the curves by round
    (``per_round``) and, beside CSV tables, the parameters."""
    import json

    meta = results_meta(parameters)
    writers: dict[Path, Callable[[Path], Any]] = {}
    if files[0].suffix == ".parquet":
        described = per_round.copy(deep=False)
        described.attrs = meta
        writers[files[1]] = partial(write_parquet, described)
    else:
        writers[files[1]] = partial(write_csv, per_round)
        text = json.dumps(meta, indent=1) + "\n"
        writers[files[3]] = lambda temporary: temporary.write_text(text, "utf-8")
    return writers


def results_meta(parameters: dict[str, Any]) -> dict[str, Any]:
    """What a saved set of tables carries besides them: format, version, parameters."""
    return {
        "format": "landlord-comparison",
        "landlord_version": __version__,
        "parameters": plain(parameters),
    }


def plain(value: Any) -> Any:
    """``value`` with numpy scalars made Python ones and NaN made None, for JSON."""
    if isinstance(value, dict):
        return {str(key): plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [plain(item) for item in value]
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value
