"""The play app's live charts: the Gini by round, wealth, the Lorenz curve and who paid
whom rent, redrawn as the game goes on.

:func:`game_charts` makes the four charts (:class:`~landlord.widgets.charts.Chart`); the
Gini curve is always in view and the others share tabs (:data:`TABBED`), each named by
:func:`chart_title` for the game on the table (:data:`TITLES` before there is one). The
who-paid-whom chart draws the rent the game's family charges: the land rent alone in
Magie's games, every rent in the later game, Quikopoly and Property
(:func:`landlord.widgets.charts.rent_groups`).
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

__all__ = ["TABBED", "TITLES", "chart_title", "game_charts"]

#: The charts in tabs beside the Gini curve.
TABBED = ("wealth", "lorenz", "flows")
#: Every chart's title before there is a game (the who-paid-whom tab's as in Magie's games,
#: which the app opens on); :func:`chart_title` gives a game's.
TITLES = {
    "gini": "Gini by round",
    "wealth": "Wealth",
    "lorenz": "Lorenz curve",
    "flows": "Who paid whom: land rent",
}


def chart_title(name: str, game: Any = None) -> str:
    """The title (the tab's name) of the chart ``name`` for ``game``: the who-paid-whom
    chart says which rent it draws; without a game, :data:`TITLES`' own.

    Examples
    --------
    >>> import landlord
    >>> chart_title("flows", landlord.play("landlords_game", players=2, seed=1).game)
    'Who paid whom: land rent'
    >>> chart_title("flows", landlord.play("monopoly_us", players=2, seed=1, round_limit=2).game)
    'Who paid whom: rent'
    >>> chart_title("lorenz")
    'Lorenz curve'
    """
    if name != "flows" or game is None:
        return TITLES[name]
    from landlord.widgets.charts import rent_name

    return f"Who paid whom: {rent_name(game)}"


def game_charts(prefix: str = "") -> dict[str, Any]:
    """The four live charts of a game: Gini by round, wealth, Lorenz, and who paid whom
    rent, as the game's family charges it (every payment, gross: between landlords it
    would net out)."""
    from landlord.widgets.charts import Chart, rent_chart

    # Imported now, while the page loads, rather than at a student's first click.
    for module in ("landlord.plotting", "pandas", "landlord.flows"):
        import_module(module)
    return {
        "gini": Chart(_draw_gini, description=f"{prefix}Gini coefficient by round"),
        "wealth": Chart(_draw_wealth, description=f"{prefix}wealth of each player"),
        "lorenz": Chart(_draw_lorenz, description=f"{prefix}Lorenz curve now"),
        "flows": rent_chart(description=f"{prefix}who paid whom {{rent}}"),
    }


def _draw_gini(ax: Any, game: Any, label: str | None = None) -> dict[str, list[float]]:
    from landlord.plotting import gini_curve

    gini_curve(game, ax=ax, label=label)
    return {
        line.get_gid(): [float(y) for y in line.get_ydata()]
        for line in ax.get_lines()
        if str(line.get_gid()).startswith("gini:")
    }


def _draw_wealth(ax: Any, game: Any) -> list[int]:
    from landlord.plotting import wealth_bars

    wealth_bars(game, ax=ax)
    return [int(value) for value in game.net_worths()]


def _draw_lorenz(ax: Any, game: Any) -> list[int]:
    from landlord.plotting import lorenz_curve

    worths = [int(value) for value in game.net_worths()]
    lorenz_curve(worths, ax=ax, label="net worth now")
    return worths
