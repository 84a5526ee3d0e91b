"""The tables a comparison downloads: links that carry a CSV file, and what each column holds.

The experiments dashboard offers a comparison's games and players as CSV files in
``data:`` links (:func:`csv_link`: they work in Voila with no file on the server), each
with a table of what its columns hold (:func:`columns_html`); the play app's log is
downloaded the same way. Plain HTML, no user-interface framework.
"""

from __future__ import annotations

import base64
import html
from typing import Any

from landlord.views.summary import family_figures

__all__ = ["COLUMN_WORDS", "MEASURE_COLUMN_WORDS", "columns_html", "csv_link"]

#: What the columns of the downloaded files hold, in words (the scorecard's measures and
#: the families' own figures are named by their own words).
COLUMN_WORDS = {
    "label": "the rule set and the options it was played with, as the kit writes them",
    "rules": "the rule set's short name",
    "options": "the options set on it (empty: as printed)",
    "players": "how many played at each table",
    "bots": "the bots at the table, seat by seat",
    "landlord_version": "the version of the kit that played the games",
    "game": "the game's number, from 0: game k of every rule set had the same dice and cards",
    "seed": "the game's own seed, to play it again",
    "turns": "turns played",
    "end_reason": "why the game ended",
    "bankrupt_players": "players bankrupt at the end",
    "treasury_collected": "what the Public Treasury took in",
    "treasury_spent": "what the Public Treasury paid out",
    "single_tax_since": "the round the single tax came in (0: from the start, -1: never)",
    "everyone_wins": "whether everyone won (Prosperity's test)",
    "seat": "the player's seat, from 0",
    "strategy": "the bot in that seat",
    "cash": "the player's cash at the end",
    "net_worth": "the player's net worth at the end",
    "rank": "the player's place at the end by net worth (1: the richest)",
    "ended_before_round": (
        "whether the game was over before the common round; its figures at that round are "
        "then those at its end"
    ),
}
#: What each of the scorecard's measures holds in a game's row, in words, and what to know
#: of it: the files give each at the game's end (``gini_net_worth``) and, with a common
#: round, at the end of that round (``gini_net_worth_at_round``).
MEASURE_COLUMN_WORDS = {
    "gini_net_worth": (
        "Gini of net worth",
        " (0: all equally rich; above 1 when debts are large; empty when the debts are as "
        "large as all the players hold)",
    ),
    "gini_clipped": ("Gini of net worth with every debt counted as nothing", " (0 to 1)"),
    "richest_share": (
        "the richest player's share of what the players hold",
        " (a player in debt holds nothing)",
    ),
    "gini_cash": ("Gini of cash", " (0: all equally rich)"),
    "dollar_gap": (
        "the gap in money between two players' net worths, averaged over every two players",
        " (absolute: unlike the Gini it does not fall just because everyone got richer)",
    ),
    "poorest_net_worth": ("the poorest player's net worth", ""),
    "poorest_doubled": (
        "whether the poorest player's cash was at least twice his starting cash",
        " (Prosperity's test)",
    ),
    "total_wealth": ("the players' net worth together", ""),
    "bank_money": (
        "the money the bank had put in since the start",
        ": paid out (wages, winnings) less taken in (lots, houses, fees), the starting cash "
        "left out",
    ),
    "treasury_money": (
        "the money the Public Treasury had put in since the start",
        ": paid out less taken in (below 0 when it keeps what it takes)",
    ),
    "land_rent_to_players": ("the land rent paid to players since the start", ""),
    "land_rent_to_treasury": ("the land rent paid to the Public Treasury since the start", ""),
    "land_rent_share_to_players": (
        "the share of the land rent that reached players",
        " (empty: no land rent was paid)",
    ),
}


def columns_html(frame: Any, at_round: int | None = None) -> str:
    """What each column of a downloaded table holds, as an HTML table.

    Parameters
    ----------
    frame : pandas.DataFrame
        The table downloaded.
    at_round : int, optional
        The common round its ``..._at_round`` columns were read at.

    Examples
    --------
    >>> import pandas as pd
    >>> table = columns_html(pd.DataFrame(columns=["seed", "rounds", "dollar_gap_at_round"]), 25)
    >>> "<th scope='row'><code>rounds</code></th><td>rounds played</td>" in table
    True
    >>> "every two players, at the end of round 25 (a game over before it: at its end)" in table
    True
    """
    from landlord.scorecard import MEASURES

    words = {measure.name: measure.words for measure in MEASURES}
    words.update(COLUMN_WORDS)
    common = f"round {at_round}" if at_round is not None else "the common round"
    for name, (what, aside) in MEASURE_COLUMN_WORDS.items():
        words[name] = f"{what}, at the game's end{aside}"
        words[f"{name}_at_round"] = (
            f"{what}, at the end of {common} (a game over before it: at its end){aside}"
        )
    words.update({figure.name: figure.words for figure in family_figures(frame.columns)})
    rows = "".join(
        f"<tr><th scope='row'><code>{html.escape(column)}</code></th>"
        f"<td>{html.escape(words.get(column, column.replace('_', ' ')))}</td></tr>"
        for column in frame.columns
    )
    return (
        "<table class='landlord-summary-table' style='border-collapse:collapse'>"
        "<thead><tr><th scope='col'>Column</th><th scope='col'>What it holds</th></tr></thead>"
        f"<tbody>{rows}</tbody></table>"
    )


def csv_link(frame: Any, filename: str, text: str, css_class: str = "") -> str:
    """An HTML link that downloads a table as a CSV file, with the data in the link.

    Parameters
    ----------
    frame : pandas.DataFrame
        The table; its index is left out.
    filename : str
        The name the browser saves the file under.
    text : str
        The link's text (plain; it is escaped).
    css_class : str
        A class for the ``<a>`` element, for browser tests.

    Returns
    -------
    str
        ``<a download=... href="data:text/csv;base64,...">``.

    Examples
    --------
    >>> import pandas as pd
    >>> link = csv_link(pd.DataFrame({"a": [1, 2]}), "t.csv", "the table")
    >>> link.startswith('<a download="t.csv" href="data:text/csv;base64,')
    True
    >>> import base64
    >>> base64.b64decode(link.split("base64,")[1].split('"')[0]).decode()
    'a\\n1\\n2\\n'
    """
    data = base64.b64encode(frame.to_csv(index=False).encode("utf-8")).decode("ascii")
    attribute = f' class="{html.escape(css_class)}"' if css_class else ""
    return (
        f'<a download="{html.escape(filename)}" href="data:text/csv;base64,{data}"'
        f"{attribute}>{html.escape(text)}</a>"
    )
