"""``landlord play`` says how each bot plays the game at hand in that game's words: Property and
Quikopoly showed Magie's ("buys cards up to $50, builds up to 3 houses a lot")."""

import subprocess
import sys

import pytest

from landlord.families import family_of
from landlord.policies import make_policy
from landlord.rules import load_rules

MAGIE_WORDS = ("cards", "houses a lot", "single tax")


def account(rules: str) -> str:
    result = subprocess.run(
        [sys.executable, "-m", "landlord", "play", "--rules", rules, "--players", "3",
         "--bots", "random,cautious_tenant,eager_landlord", "--seed", "3"],
        capture_output=True, text=True, timeout=300, check=True,
    )  # fmt: skip
    return result.stdout


@pytest.mark.parametrize(
    ("rules", "cautious", "eager"),
    [
        (
            "quikopoly",
            "keeps 5 coins of its 9 in hand, buys a tile whenever that leaves them, never "
            "places a hotel, waits in Prison for a null",
            "keeps 1 coin of its 9 in hand, buys a tile whenever that leaves them, places up "
            "to 3 hotels a tile, pays its way out of Prison",
        ),
        (
            "property",
            "plays cautiously: counts rent twice, would rather claim an empty cell or "
            "mortgage one of its own than pay rent, and buys only while it keeps 60% of its "
            "starting purchase units",
            "plays aggressively: counts the group a cell joins twice, and buys a rival's cell "
            "whenever its units allow",
        ),
    ],
)
def test_the_other_games_tell_their_bots_in_their_own_words(rules, cautious, eager):
    told = account(rules)
    assert f"  cautious_tenant 2: cautious_tenant, {cautious}\n" in told
    assert f"  eager_landlord 3: eager_landlord, {eager}\n" in told
    assert "  random 1: random, picks any legal move at random\n" in told
    head = told.split("\n\n", 1)[0]
    assert not any(word in head for word in MAGIE_WORDS), head


def test_magie_s_game_keeps_the_strategies_own_words():
    rules = load_rules("landlords_game")
    bot = make_policy("single_taxer")
    assert family_of(rules).describe_bot(bot, rules, 4) == bot.describe()
    assert "votes for the single tax" in bot.describe()
