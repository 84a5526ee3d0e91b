"""How the families' compiled games (``landlord/families/*/compiled.py``) are compiled.

:func:`helper` compiles every function of a compiled game but its entry point, ``game`` (and
the compiled streams' helpers, :mod:`landlord.batch.streams`):

* without numba's reference counting (``_nrt=False``). With it, each call counted in and
  out every array of the state it was handed and could not be inlined: about 35 ns a
  call (measured: a chain of three such calls took 145 ns with it, 2 ns without), which
  made a player-turn of the Landlord's Game cost about 3 µs. Without it a helper cannot
  make an array, nor can anything it calls (numba compiles that with the caller's flags):
  no ``np.empty``, ``.copy()``, ``.min()``, sort, or slice assignment between arrays.
  ``game`` makes the arrays once a game and hands them down.
* once for each set of argument *types*, not for each constant passed. numba types a
  constant argument (``_transfer(..., R_LAND)``, ``_pay(..., 0)``) as a literal and
  compiled the helper, and everything it calls, again for each constant: 117 versions of
  the Landlord's Game's 50 functions, most of its compile time. Here a call's literal
  types are widened (``Literal[int](0)`` to ``int64``) before numba picks or compiles a
  version, so each helper is compiled once; numba converts the constant at the call.

numba keeps each compiled function on disk (``cache=True``), so this is paid once per
installation (``python -m landlord.batch``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["helper"]


def helper(function: Callable[..., Any]) -> Any:
    """``function`` compiled as a helper of a compiled game (see the module's text)."""
    from numba import njit
    from numba.core import types

    dispatcher = njit(cache=True, _nrt=False)(function)
    pick = dispatcher.get_call_template

    def widened(args: tuple, kws: dict) -> Any:
        return pick(tuple(types.unliteral(a) for a in args), kws)

    dispatcher.get_call_template = widened
    return dispatcher
