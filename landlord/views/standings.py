"""Who won and the final standings, in words and as an HTML table.

:func:`winners_text` says who won in a sentence; :func:`standings_html` gives each player's
place, score and net worth, with the family's notes on what the score counts. The Play app
and the class server's pages show the same.
"""

from __future__ import annotations

import html
from typing import Any

__all__ = ["standings_html", "winners_text"]


def winners_text(game: Any) -> str:
    """Who won, in a sentence: "Winner: Cleo." / "Winners: Ann and Bob." / "Everyone wins."."""
    winners = game.family.outcome(game).winners
    if not winners:
        return ""
    if len(winners) == game.n_players and game.n_players > 1:
        return "Everyone wins."
    names = [game.names[player] for player in winners]
    listed = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
    return f"Winner{'s' if len(names) > 1 else ''}: {listed}."


def standings_html(game: Any) -> str:
    """The final standings as an HTML table: place, player, the rule set's score, net worth;
    under it the family's notes on what the score counts (``family.report_notes``).

    Examples
    --------
    >>> from landlord.session import Session
    >>> game = Session("landlords_game", ["eager_landlord"] * 3, seed=2).run()
    >>> table = standings_html(game)
    >>> table.count("<tr>"), "<caption" in table
    (4, True)
    """
    from landlord.money import money

    outcome = game.family.outcome(game)
    worths = game.net_worths()
    order = sorted(range(game.n_players), key=lambda p: (-outcome.scores[p], -worths[p], p))
    currency = game.rules.info.currency
    counted = game.rules.provenance.get("score")
    how = counted.source.split(": ", 1)[-1] if counted is not None else "by the rules"
    rows = "".join(
        f"<tr><td>{place}</td><th scope='row'>{html.escape(game.names[p])}"
        f"{' (winner)' if p in outcome.winners else ''}</th>"
        f"<td>{outcome.scores[p]:,}</td><td>{money(worths[p], currency)}</td></tr>"
        for place, p in enumerate(order, start=1)
    )
    # What the score counts (Property's is money alone, so $274 may place above $275 of
    # net worth), and the rest of the family's notes, as the command line prints them.
    # A line set in (a work the Treasury bought) starts a line of its own.
    paragraphs: list[list[str]] = [[]]
    for line in game.family.report_notes(game):
        if not line.strip():
            paragraphs.append([])
        elif line.startswith(" ") or not paragraphs[-1]:
            paragraphs[-1].append(html.escape(" ".join(line.split())))
        else:
            paragraphs[-1][-1] += " " + html.escape(" ".join(line.split()))
    notes = "".join(
        f"<p style='margin:0.3em 0'>{'<br>'.join(lines)}</p>" for lines in paragraphs if lines
    )
    return (
        "<table class='landlord-standings-table' style='border-collapse:collapse;margin:4px 0'>"
        f"<caption style='text-align:left'><b>Standings</b>: score {html.escape(how)}</caption>"
        "<tr><th scope='col'>place</th><th scope='col'>player</th><th scope='col'>score</th>"
        f"<th scope='col'>net worth</th></tr>{rows}</table>"
        f"<div class='landlord-standings-notes'>{notes}</div>"
    )
