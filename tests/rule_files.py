"""Rule-set files for tests: a minimal one for board layouts, and TOML values written out."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

RULES = """
format = 1

[rule_set]
id = "{id}"
title = "A test board"
edition = "tests"
min_players = 2
max_players = {max_players}
status = "draft"
summary = "Only for the tests."
board = "{id}_board.csv"

[board_layout]
status = "reconstruction"
source = "made up for the tests"
{layout}

[starting_cash]
status = "reconstruction"
source = "made up"
by_players = {{ {starting_cash} }}

[accounts]
status = "reconstruction"
source = "made up"
piles = ["bank"]
bank = "bank"

[wages]
status = "reconstruction"
source = "made up"
amount = 10
paid_by = "bank"

[end]
status = "reconstruction"
source = "made up"
wages_times = 3
round_limit = 0
# The other sections the Landlord's Game engine reads (the loader asks for them).

[deal]
status = "reconstruction"
source = "made up"
cards = 0
price_paid_to = "bank"

[necessity_tax]
status = "reconstruction"
source = "made up"
amount = 10
paid_to = "bank"

[jail]
status = "reconstruction"
source = "made up"
fine = 50
fine_paid_to = "bank"
max_turns = 3
leave_from = 0

[land_rent]
status = "reconstruction"
source = "made up"

[sale]
status = "reconstruction"
source = "made up"
paid_to = "bank"

[franchise]
status = "reconstruction"
source = "made up"
fee = 5

[railroad]
status = "reconstruction"
source = "made up"
fares = [5, 10]

[speculation]
status = "reconstruction"
source = "made up"
stake = 10
stake_paid_to = "bank"
winnings_paid_by = "bank"
double_wins = 100
wins_by_total = {{ 5 = 30 }}

[luxury]
status = "reconstruction"
source = "made up"
fee = 75
paid_to = "bank"

[houses]
status = "reconstruction"
source = "made up"
cost = 100
paid_to = "bank"
rent_each = 10
limit = 0

[movement]
status = "reconstruction"
source = "made up"

[poor_house]
status = "reconstruction"
source = "made up"
space = 0

[borrowing]
status = "reconstruction"
source = "made up"
interest_percent = [0, 10]

[score]
status = "reconstruction"
source = "made up"
per_card = 100
per_house = 100
"""


def write_rule_set(folder: Path, rule_id: str, layout: str, board_csv: str, players: int) -> Path:
    """Write ``{rule_id}.toml`` and its board CSV into ``folder``; return the TOML's path.

    ``layout`` is the body of ``[board_layout]`` (``layout = "grid"`` ...);
    ``players`` the most players, each starting with $120 less $10 a seat.
    """
    cash = ", ".join(f"{n} = {120 - 10 * n}" for n in range(2, players + 1))
    toml = RULES.format(id=rule_id, layout=layout, max_players=players, starting_cash=cash)
    (folder / f"{rule_id}.toml").write_text(toml, encoding="utf-8")
    (folder / f"{rule_id}_board.csv").write_text(board_csv, encoding="utf-8")
    return folder / f"{rule_id}.toml"


def toml_value(value: Any) -> str:
    """``value`` written as TOML (tables inline), for tests that write rule-set files."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value)  # a JSON string is a TOML basic string
    if isinstance(value, list):
        return "[" + ", ".join(map(toml_value, value)) + "]"
    items = (f"{json.dumps(key)} = {toml_value(item)}" for key, item in value.items())
    return "{ " + ", ".join(items) + " }"
