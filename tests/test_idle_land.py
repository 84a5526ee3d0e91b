"""Idle land (issue 37, item 3): the lots held with no building, as every game reports them.

Magie's efficiency argument: a tax on land values makes holding land idle, or for
resale, unprofitable. Each family whose land can be built on reports, beside the
measures of concentration, the lots held unimproved at the end (``idle_lots``, and
their share of the lots held, ``idle_lot_share``) and the lot-rounds held so
(``idle_lot_rounds``: each lot counted at each round's end the round table keeps);
Magie's family also counts the Speculation throws of Rule 8 (``speculation_plays``).
What a lot is comes from the family's rules: Magie's lots, the later game's streets,
Quikopoly's property tiles; never a railroad, a franchise or a utility. Sackson's
Property builds nothing, so it has no such figures.
"""

from __future__ import annotations

import math
from typing import Any

import pytest
from batch_figures import assert_same_figures, both_ways
from hypothesis import given, settings
from hypothesis import strategies as st

from landlord import batch
from landlord.engine.reasons import Reason
from landlord.experiments import compare, game_seeds
from landlord.families import family_of
from landlord.figures import Figures
from landlord.policies import make_policy
from landlord.policies.base import Policy
from landlord.rules import available, load_rules
from landlord.session import Session

IDLE = ("idle_lots", "idle_lot_share", "idle_lot_rounds")
#: The families with land to build on, and what their lots are.
BUILT_ON = {"magie": "lot", "monopoly": "street", "quikopoly": "property_tile"}


class Passer(Policy):
    """A player who buys, bids, builds and trades nothing: he declines, passes, refuses,
    ends his talks and throws, so the land stays as a test set it."""

    name = "passer"
    uses_rng = False
    #: The answers he prefers, first found first.
    QUIET = ("Decline", "Pass", "Refuse", "EndDealing", "Roll", "TryForDoubles", "Move")

    def choose(self, view: Any, legal: list[Any], rng: Any) -> Any:
        for kind in self.QUIET:
            for action in legal:
                if type(action).__name__ == kind:
                    return action
        return legal[0]


def passers_game(rules_id: str, rounds: int, **options: Any) -> Session:
    """A session of three passers, ``rounds`` rounds long, before its first step."""
    rules = load_rules(rules_id, round_limit=rounds, **options)
    return Session(rules, [Passer(), Passer(), Passer()], seed=11)


def spaces_of(game: Any, kind: str) -> list[int]:
    return [space.index for space in game.rules.board.spaces if space.kind == kind]


# --- a game set by hand -------------------------------------------------------------------


@pytest.mark.parametrize("rounds", [1, 4, 9])
def test_a_lot_held_unimproved_for_k_rounds_counts_k_lot_rounds(rounds):
    session = passers_game("landlords_game", rounds, wages_times=0)
    game = session.game
    lot = spaces_of(game, "lot")[0]
    game.give_card(lot, 0)  # held from the deal on, never built on
    session.run()
    assert game.round == rounds
    assert game.is_over
    figures = game.family.game_figures(game)
    assert figures["idle_lots"] == 1
    assert figures["idle_lot_share"] == 1.0
    assert figures["idle_lot_rounds"] == rounds


def test_a_lot_with_a_house_is_not_idle():
    session = passers_game("landlords_game", 6, wages_times=0)
    game = session.game
    bare, built = spaces_of(game, "lot")[:2]
    for lot in (bare, built):
        game.give_card(lot, 1)
    game.holdings.add_house(1, built)
    session.run()
    figures = game.family.game_figures(game)
    assert (figures["idle_lots"], figures["idle_lot_share"]) == (1, 0.5)
    assert figures["idle_lot_rounds"] == 6  # the bare lot's six round ends only


def test_a_street_held_k_rounds_then_built_on_counts_k():
    session = passers_game("monopoly_us", 10)
    game = session.game
    street = spaces_of(game, "street")[0]
    game.estates.owner[street] = 2
    while game.round <= 3:  # three round ends with the street bare
        session.step()
    game.estates.houses[street] = 1  # built on, by hand, during round 4
    session.run()
    figures = game.family.game_figures(game)
    assert game.round == 10
    assert (figures["idle_lots"], figures["idle_lot_rounds"]) == (0, 3)
    assert figures["idle_lot_share"] == 0.0


@pytest.mark.parametrize(
    ("rules_id", "kinds"),
    [
        ("landlords_game", ("railroad", "franchise", "speculation")),
        ("monopoly_us", ("railroad", "utility")),
    ],
)
def test_railroads_utilities_and_franchises_are_never_idle_lots(rules_id, kinds):
    session = passers_game(rules_id, 5, **({"wages_times": 0} if "landlords" in rules_id else {}))
    game = session.game
    for kind in kinds:
        for space in spaces_of(game, kind):
            if rules_id == "monopoly_us":
                game.estates.owner[space] = 0
            else:
                game.give_card(space, 0)
    session.run()
    figures = game.family.game_figures(game)
    assert figures["idle_lots"] == figures["idle_lot_rounds"] == 0
    assert math.isnan(figures["idle_lot_share"])  # no lot held: no share of them


def test_property_builds_nothing_so_it_reports_no_idle_land():
    names = {figure.name for figure in family_of(load_rules("property")).figures}
    assert not names & {*IDLE, "speculation_plays"}
    for rules_id in ("monopoly_us", "quikopoly"):  # and no Speculation where there is none
        names = {figure.name for figure in family_of(load_rules(rules_id)).figures}
        assert set(IDLE) <= names
        assert "speculation_plays" not in names


def test_speculation_plays_count_the_throws_of_rule_8():
    game = Session("landlords_game", ["eager_landlord", "cautious_tenant"] * 2, seed=3).run()
    stakes = sum(1 for record in game.ledger.records if record[5] == Reason.SPECULATION_STAKE)
    figures = game.family.game_figures(game)
    # Each throw follows its ante (the 1910 printing's: paid to MISCELLANEOUS, never
    # to the thrower himself), so there are as many throws as antes paid.
    assert figures["speculation_plays"] == stakes > 0
    nobody = [make_policy("eager_landlord", speculates=False)] * 4
    game = Session("landlords_game", nobody, seed=3).run()
    assert game.family.game_figures(game)["speculation_plays"] >= 0


# --- what the bots do -----------------------------------------------------------------------


def test_bots_that_never_build_hold_all_their_lots_idle_and_eager_landlords_fewer():
    for rules_id in ("landlords_game", "monopoly_us", "quikopoly"):
        seats = 3 if rules_id != "quikopoly" else 4
        never = [make_policy("eager_landlord", build_to=0)] * seats
        eager = [make_policy("eager_landlord")] * seats
        shares = {}
        for name, table in (("never", never), ("eager", eager)):
            held = []
            for seed in range(30):
                game = Session(rules_id, table, seed=seed).run()
                figures = game.family.game_figures(game)
                if name == "never":
                    assert figures["idle_lots"] == held_lots(game), rules_id
                if not math.isnan(figures["idle_lot_share"]):
                    held.append(figures["idle_lot_share"])
            shares[name] = sum(held) / len(held)
        assert shares["never"] == 1.0, rules_id
        assert shares["eager"] < 0.9, (rules_id, shares)
    cautious = Session("landlords_game", ["cautious_tenant"] * 3, seed=4).run()
    figures = cautious.family.game_figures(cautious)
    assert figures["idle_lots"] == held_lots(cautious) > 0


def held_lots(game: Any) -> int:
    """The lots (by the family's rules) a player holds now, counted from the board."""
    family = game.family.name
    owner = {"magie": lambda: game.holdings.owner, "monopoly": lambda: game.estates.owner,
             "quikopoly": lambda: game.tiles.owner}[family]()  # fmt: skip
    lots = game.tiles.properties if family == "quikopoly" else spaces_of(game, BUILT_ON[family])
    return sum(1 for lot in lots if owner[lot] >= 0)


@settings(max_examples=40, deadline=None)
@given(
    rules_id=st.sampled_from(["landlords_game", "single_tax", "monopoly_us", "quikopoly"]),
    bots=st.lists(
        st.sampled_from(["eager_landlord", "cautious_tenant", "single_taxer", "random"]),
        min_size=2,
        max_size=4,
    ),
    seed=st.integers(0, 2**32),
)
def test_idle_counts_never_exceed_the_lots_held(rules_id, bots, seed):
    rules = load_rules(rules_id, round_limit=40)
    game = Session(rules, bots, seed=seed).run()
    figures = game.family.game_figures(game)
    held = held_lots(game)
    assert 0 <= figures["idle_lots"] <= held
    share = figures["idle_lot_share"]
    assert math.isnan(share) if held == 0 else share == figures["idle_lots"] / held
    lots = (
        len(game.tiles.properties)
        if rules_id == "quikopoly"
        else len(spaces_of(game, BUILT_ON[game.family.name]))
    )
    round_ends = len(game.round_net_worths) - 1  # the rows after round 0
    assert 0 <= figures["idle_lot_rounds"] <= lots * round_ends


# --- the compiled batch path counts the same --------------------------------------------------


def batch_cases() -> list[tuple[str, list[str]]]:
    """Every shipped rule set a batch path plays with these bots."""
    bots = ["eager_landlord", "cautious_tenant", "single_taxer"]
    cases = []
    for info in available():
        rules = load_rules(info.id)
        seats = [make_policy(bot) for bot in bots[: max(info.min_players, 3)]]
        if batch.engine_for(rules, seats)[0] == batch.COMPILED:
            cases.append((info.id, bots))
    return cases


@pytest.mark.parametrize(("rules_id", "bots"), batch_cases())
def test_the_batch_path_counts_idle_land_as_the_reference_engine_does(rules_id, bots):
    rules = load_rules(rules_id)
    seeds = game_seeds(37, 300 if family_of(rules).name != "sackson" else 150)
    reference, compiled = both_ways(rules, bots, seeds)
    assert_same_figures(reference, compiled, seeds)
    counted = [figures.get("idle_lot_rounds", 0) for figures in compiled.family_figures]
    if rules.single_tax is not None and rules.single_tax.from_start:
        assert not any(counted)  # no title deed is held under the single tax: no idle lot
    elif family_of(rules).name in BUILT_ON:
        assert any(counted)


def test_a_game_played_on_by_the_batch_path_counts_on_from_where_it_stood():
    from landlord.continued import _started
    from landlord.families.magie import batch as magie_batch

    session = Session("landlords_game", ["eager_landlord", "cautious_tenant"] * 2, seed=5)
    game = session.run(max_steps=150)
    assert not game.is_over
    assert game.round >= 3
    earlier = game.family.game_figures(game)
    assert earlier["idle_lot_rounds"] > 0  # rounds the reference engine played and counted
    seats = session.policies
    seeds = game_seeds(3, 40)
    reference, compiled = Figures(), Figures()
    until = game.round + 8
    for seed in seeds:
        reference.add(Session.continuing(_started(game, until), seats, seed=seed).run())
    handed_back = magie_batch.play_on(lambda: _started(game, until), seats, seeds, compiled)
    assert handed_back < len(seeds)
    assert_same_figures(reference, compiled, seeds)
    for figures in compiled.family_figures:
        assert figures["idle_lot_rounds"] >= earlier["idle_lot_rounds"]
        assert figures["speculation_plays"] >= earlier["speculation_plays"]


# --- where a user reads them --------------------------------------------------------------------


def test_every_family_words_idle_land_alike():
    # A comparison of several families shows each figure in the first one's words.
    words = {
        family: [f.words for f in family_of(load_rules(rules_id)).figures if f.name in IDLE]
        for family, rules_id in (("magie", "landlords_game"), ("monopoly", "monopoly_us"),
                                 ("quikopoly", "quikopoly"))
    }  # fmt: skip
    assert words["magie"] == words["monopoly"] == words["quikopoly"]
    assert len(words["magie"]) == 3


def test_a_comparison_shows_idle_land_beside_the_distribution_measures():
    result = compare(["landlords_game", "single_tax", "monopoly_us"], games=20, seed=1)
    text = result.table()
    for words in (
        "lots held with nothing built on them at the end",
        "share of the lots held with nothing built on them",
        "lot-rounds held with nothing built on them",
        "Speculation throws made (Rule 8)",
    ):
        assert words in text
    summary = result.summary
    assert set(IDLE) | {"speculation_plays"} <= set(summary.columns)
    private, public = summary.loc["landlords_game"], summary.loc["single_tax"]
    assert private["idle_lots"] > public["idle_lots"] == 0  # the single tax frees the land
    assert summary.loc["monopoly_us", "idle_lots"] > 0
    assert math.isnan(summary.loc["monopoly_us", "speculation_plays"])


def test_a_game_summary_with_no_lot_held_says_the_share_is_undefined_in_strict_json():
    # No lot held yet: the share of idle lots is undefined, and a summary printed as JSON
    # (landlord play --json) says null, never NaN, which JSON does not have.
    import json

    from landlord.record import GameRecord

    session = Session("landlords_game", ["eager_landlord"] * 2, seed=1)
    session.run(max_steps=1)
    figures = GameRecord.from_session(session).summary()["figures"]
    assert figures["idle_lots"] == 0
    assert figures["idle_lot_share"] is None
    json.dumps(figures, allow_nan=False)
