"""Reading results back: :func:`load_results` reads what
:meth:`~landlord.experiments.Comparison.save` wrote (``.json``, ``.csv`` or ``.parquet``),
and refuses, naming the file, a set that is missing, too large, damaged or not saved
results.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import numpy as np

from landlord import limits
from landlord.experiments.comparison import Comparison
from landlord.experiments.results import TABLE_FORMATS, beside, needs_pyarrow

__all__ = ["load_results"]


def load_results(path: str | os.PathLike[str]) -> Comparison:
    """Read results written by :meth:`Comparison.save`: ``.json``, ``.csv`` or ``.parquet``.

    Raises
    ------
    ValueError
        If a file is missing or is not saved results; the message names it.
        Nothing is returned from a damaged set.
    """
    import pandas as pd

    path = Path(path)

    def refuse(file: Path, why: str) -> ValueError:
        return ValueError(f"{limits.shown(file)}: {why}; the results were not loaded")

    def check_size(file: Path) -> None:
        try:
            size = file.stat().st_size
        except (OSError, ValueError):
            return  # reading it says why it cannot be read
        if size > limits.RESULTS_BYTES:
            raise refuse(file, f"larger than {limits.RESULTS_BYTES:,} bytes")

    if path.suffix in TABLE_FORMATS:
        suffix = path.suffix
        for file in (
            path,
            beside(path, f"per_round{suffix}"),
            beside(path, f"per_player{suffix}"),
        ):
            check_size(file)
    if path.suffix == ".parquet":
        needs_pyarrow()
        tables = [path, beside(path, "per_round.parquet"), beside(path, "per_player.parquet")]
        read = []
        for table in tables:
            try:
                read.append(pd.read_parquet(table))
            except OSError as error:
                raise refuse(table, f"cannot be read ({error.strerror or error})") from None
            except Exception as error:  # pyarrow's errors for a file that is not Parquet
                raise refuse(table, f"not a Parquet file ({error})") from None
        meta, meta_path = read[0].attrs, path
        for table, frame in zip(tables[1:], read[1:], strict=True):
            if frame.attrs != meta:
                raise refuse(table, f"not saved with {path.name} (their parameters differ)")
    else:
        meta_path = path if path.suffix == ".json" else beside(path, "meta.json")
        try:
            with meta_path.open("rb") as handle:
                text = handle.read(limits.RESULTS_BYTES + 1)
        except OSError as error:
            raise refuse(meta_path, f"cannot be read ({error.strerror or error})") from None
        if len(text) > limits.RESULTS_BYTES:
            raise refuse(meta_path, f"larger than {limits.RESULTS_BYTES:,} bytes")
        try:
            meta = limits.parse_json(text)
        except ValueError as error:
            raise refuse(meta_path, f"not JSON: {error}") from None
    if not isinstance(meta, dict) or meta.get("format") != "landlord-comparison":
        raise refuse(meta_path, "not results saved by landlord (format 'landlord-comparison')")
    try:
        parameters = meta["parameters"]
        if path.suffix == ".parquet":
            games, per_round, per_player = read
            for table in read:
                table.attrs = {}
        elif path.suffix == ".json":
            games = pd.DataFrame(meta["games"])
            per_player = pd.DataFrame(meta["per_player"])
            per_round = pd.concat(
                [
                    pd.DataFrame({"label": label, **curve})
                    for label, curve in meta["per_round"].items()
                ],
                ignore_index=True,
            )
        else:
            games = pd.read_csv(path)
            per_round = pd.read_csv(beside(path, "per_round.csv"))
            per_player = pd.read_csv(beside(path, "per_player.csv"))
        _check_parameters(parameters)
        labels = [spec["label"] for spec in parameters["rules"]]
        for name, frame in (
            ("games", games),
            ("per_round", per_round),
            ("per_player", per_player),
        ):
            _check_frame(name, frame, labels)
        if set(games["label"]) != set(labels) or len(games) != len(labels) * parameters["games"]:
            raise ValueError("its games do not match its parameters")
        comparison = Comparison._from_tables(parameters, games, per_round, per_player)
        # Made once here, so that a damaged file is refused now, not when shown.
        comparison.table()
        comparison.table(words=True)
        return comparison
    except OSError as error:
        where = Path(error.filename or path)
        raise refuse(where, f"cannot be read ({error.strerror or error})") from None
    except (
        KeyError,
        TypeError,
        ValueError,
        IndexError,
        AttributeError,
        OverflowError,
        ZeroDivisionError,
        RecursionError,
    ) as error:
        raise refuse(path, f"damaged ({type(error).__name__}: {error})") from None


def _check_parameters(parameters: Any) -> None:
    """Refuse (``ValueError``, naming the field) parameters that are not what
    :meth:`Comparison.save` writes."""

    def need(ok: bool, where: str, expected: str) -> None:
        if not ok:
            raise ValueError(f"field {where!r}: expected {expected}")

    def texts(value: Any) -> bool:
        return isinstance(value, list) and all(isinstance(item, str) for item in value)

    need(isinstance(parameters, dict), "parameters", "an object")
    games = parameters.get("games")
    need(
        type(games) is int and 1 <= games < limits.INT64.stop,
        "parameters.games",
        "a whole number >= 1",
    )
    need(texts(parameters.get("players", [])), "parameters.players", "a list of bots' names")
    specs = parameters.get("rules")
    need(isinstance(specs, list) and specs != [], "parameters.rules", "a non-empty list")
    for number, spec in enumerate(specs):
        where = f"parameters.rules[{number}]"
        need(isinstance(spec, dict), where, "an object")
        for key in ("label", "rules", "status"):
            need(isinstance(spec.get(key), str), f"{where}.{key}", "text")
        for key in ("title", "currency"):
            need(isinstance(spec.get(key, ""), str), f"{where}.{key}", "text")
        need(isinstance(spec.get("options"), dict), f"{where}.options", "an object")
        need(texts(spec.get("modern_options")), f"{where}.modern_options", "a list of text")
        need(texts(spec.get("players", [])), f"{where}.players", "a list of bots' names")
    labels = [spec["label"] for spec in specs]
    need(len(set(labels)) == len(labels), "parameters.rules", "labels without repeats")
    sweep = parameters.get("sweep")
    if sweep is not None:
        need(
            isinstance(sweep, dict)
            and isinstance(sweep.get("parameter"), str)
            and isinstance(sweep.get("values"), list)
            and len(sweep["values"]) == len(specs),
            "parameters.sweep",
            "a parameter's name and one value per rule set",
        )


def _check_frame(name: str, frame: Any, labels: list[str]) -> None:
    """Refuse a saved table whose labels are not the parameters' or whose figures are
    not numbers: every column but the words (labels, rules, end reasons...)."""
    import pandas as pd

    if not isinstance(frame, pd.DataFrame) or "label" not in frame.columns:
        raise ValueError(f"table {name!r}: expected rows with a 'label'")
    if not set(frame["label"].map(repr)) <= {repr(label) for label in labels}:
        raise ValueError(f"table {name!r}, column 'label': expected the parameters' labels")
    for column in frame.columns:
        values = frame[column]
        if pd.api.types.is_numeric_dtype(values) or pd.api.types.is_bool_dtype(values):
            continue
        if values.dtype == object or pd.api.types.is_string_dtype(values):
            # Words, or yes/no with gaps (a figure one family has and another lacks).
            if not all(
                isinstance(value, str | bool | np.bool_) or _blank(value) for value in values
            ):
                raise ValueError(f"table {name!r}, column {column!r}: expected text or numbers")
            continue
        raise ValueError(f"table {name!r}, column {column!r}: expected numbers")


def _blank(value: Any) -> bool:
    """Whether a saved table's cell is empty (None, NaN): never a list or an array, which
    ``pd.isna`` would answer element by element."""
    import pandas as pd

    return pd.api.types.is_scalar(value) and bool(pd.isna(value))
