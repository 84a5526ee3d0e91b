"""pytest: this package's doctests need the optional extra ``research``.

Without PettingZoo and Gymnasium, ``landlord.environments`` cannot be imported
(its ImportError names the extra), so pytest leaves its modules out instead of
failing to collect them. Nothing here is part of the kit's interface.
"""

from __future__ import annotations

import importlib.util

#: Left out of pytest's collection when the extra is missing.
collect_ignore_glob = (
    []
    if importlib.util.find_spec("pettingzoo") and importlib.util.find_spec("gymnasium")
    else ["*.py"]
)
