"""The batch path cannot drift from the rules (landlord.batch.follows).

Each batch module declares the rule keys and bot fields it follows. The reference engine is
played with rule sets and bots that note every key and field read of them, over every
shipped rule set and every declared option at each value other than its default (the
option matrix, found from the rule sets' own declarations), and must read nothing a batch
module does not declare. The same matrix is played both ways and every figure compared.
A rule set or bot that differs from the shipped defaults outside what a batch path follows
goes to the reference engine, whatever the number of games."""

from __future__ import annotations

import dataclasses
from functools import cache
from pathlib import Path

import pytest
from batch_figures import assert_same_figures, both_ways
from follow_matrix import variants
from rule_tracing import traced, traced_bot, tracing

from landlord import batch
from landlord.experiments import compare
from landlord.families import families, family_of
from landlord.policies import make_policy
from landlord.policies.bots import Strategy
from landlord.rules import load_rules
from landlord.session import Session

BATCH_FAMILIES = [family.name for family in families() if family.batch]


def line_ups(rules) -> list[list[str]]:
    """The tables each variant is played at: one bot throughout, and a mixed table (the
    later game's own strategy guide at its tables)."""
    n = max(rules.info.min_players, min(4, rules.info.max_players))
    mixed = ["cautious_tenant", "eager_landlord", "single_taxer", "eager_landlord"]
    if family_of(rules).name == "monopoly":
        mixed = ["strategy_guide", "eager_landlord", "cautious_tenant", "strategy_guide"]
    return [["eager_landlord"] * n, mixed[:n]]


@cache
def played_variants() -> tuple[tuple[str, str, tuple, tuple], ...]:
    """``(family, rule set id, options, bots)`` of every variant the batch path plays."""
    found = []
    for rule_set, options in variants():
        rules = load_rules(rule_set, **options)
        for bots in line_ups(rules):
            seats = [make_policy(bot) for bot in bots]
            if batch.engine_for(rules, seats)[0] == batch.COMPILED:
                found.append(
                    (family_of(rules).name, rule_set, tuple(options.items()), tuple(bots))
                )
    return tuple(found)


@cache
def reads_of_the_reference_engine(family: str) -> tuple[frozenset, frozenset]:
    """The rule keys and bot fields the reference engine reads in two games of each
    variant of ``family`` the batch path plays."""
    rule_reads: set[str] = set()
    bot_reads: set[str] = set()
    for name, rule_set, options, bots in played_variants():
        if name != family:
            continue
        with tracing() as reads:
            rules = traced(load_rules(rule_set, **dict(options)))
            seats = [traced_bot(make_policy(bot), bot_reads) for bot in bots]
            for seed in (0, 1):
                Session(rules, seats, seed=seed).run()
        rule_reads |= reads
    return frozenset(rule_reads), frozenset(bot_reads)


@cache
def reads_of_the_batch_path(family: str) -> tuple[frozenset, frozenset]:
    """The rule keys and bot fields a batch module reads deciding whether it plays each
    variant and making its compiled game's tables."""
    rule_reads: set[str] = set()
    bot_reads: set[str] = set()
    for name, rule_set, options, bots in played_variants():
        if name != family:
            continue
        plain = load_rules(rule_set, **dict(options))
        module = batch.batch_module(plain)
        with tracing() as reads:
            rules = traced(plain)
            module.why_not(rules, [make_policy(bot) for bot in bots])
            module._Table(rules, [traced_bot(make_policy(bot), bot_reads) for bot in bots])
        rule_reads |= reads
    return frozenset(rule_reads), frozenset(bot_reads)


def module_of(family: str):
    import importlib

    return importlib.import_module(next(f.batch for f in families() if f.name == family))


def test_the_matrix_reaches_every_family_and_is_mostly_played_by_the_batch_path():
    played = played_variants()
    assert {name for name, *_ in played} == set(BATCH_FAMILIES)
    every = sum(len(line_ups(load_rules(r, **o))) for r, o in variants())
    assert len(played) >= 0.75 * every


@pytest.mark.parametrize("family", BATCH_FAMILIES)
def test_the_reference_engine_reads_no_rule_a_batch_path_leaves_undeclared(family):
    module = module_of(family)
    rule_reads, _ = reads_of_the_reference_engine(family)
    declared = module.FOLLOWS | set(module.AS_SHIPPED)
    sections = {key.partition(".")[0] for key in declared}
    undeclared = {key for key in rule_reads - declared if key not in sections}
    assert not undeclared, (
        f"{family}'s reference engine reads {sorted(undeclared)}, which its batch module "
        "neither follows (FOLLOWS) nor plays at one value only (AS_SHIPPED)"
    )
    unplayed = {key for key in module.NOT_PLAYED if not key.endswith(".*")}
    assert not rule_reads & unplayed, f"NOT_PLAYED keys read: {sorted(rule_reads & unplayed)}"


@pytest.mark.parametrize("family", BATCH_FAMILIES)
def test_the_reference_engine_reads_no_bot_field_a_batch_path_leaves_undeclared(family):
    module = module_of(family)
    _, bot_reads = reads_of_the_reference_engine(family)
    assert bot_reads <= module.BOT_FIELDS, sorted(bot_reads - module.BOT_FIELDS)
    assert not bot_reads & module.BOT_FIELDS_UNREAD
    every = {field.name for field in dataclasses.fields(Strategy)}
    assert every <= module.BOT_FIELDS | module.BOT_FIELDS_UNREAD


@pytest.mark.parametrize("family", BATCH_FAMILIES)
def test_a_batch_path_reads_exactly_what_it_declares_it_follows(family):
    module = module_of(family)
    rule_reads, bot_reads = reads_of_the_batch_path(family)
    declared = module.FOLLOWS - {"starting_cash"}  # a field of every rule set, not a section
    assert rule_reads == declared, (sorted(rule_reads - declared), sorted(declared - rule_reads))
    assert bot_reads == module.BOT_FIELDS


@pytest.mark.parametrize("family", BATCH_FAMILIES)
def test_every_declared_option_at_every_other_value_plays_the_same_games_both_ways(family):
    played = [v for v in played_variants() if v[0] == family]
    assert played
    seeds = [11, 12, 13] if family == "monopoly" else [11, 12, 13, 14, 15]
    for _, rule_set, options, bots in played:
        rules = load_rules(rule_set, **dict(options))
        reference, compiled = both_ways(rules, list(bots), seeds)
        assert_same_figures(reference, compiled, seeds)


def test_options_the_batch_path_does_not_follow_are_refused_in_words():
    refused = []
    for rule_set, options in variants():
        rules = load_rules(rule_set, **options)
        for bots in line_ups(rules):
            engine, why = batch.engine_for(rules, [make_policy(bot) for bot in bots])
            if engine != batch.COMPILED:
                assert why.startswith("the batch path "), (rule_set, options, why)
                refused.append((rule_set, tuple(options.items())))
    kinds = {
        (rule_set, options) for rule_set, options in refused if rule_set != "monarch_of_the_world"
    }
    assert kinds == {
        ("monopoly_uk_1972", (("card_order", "reshuffle"),)),
        ("monopoly_us", (("card_order", "reshuffle"),)),
    }


# --- what the batch path does not follow goes to the reference engine ----------------------


def child(folder: Path, text: str) -> Path:
    """A throwaway rule file on the Landlord's Game with ``text`` (TOML tables) of its own."""
    path = folder / "house_rules.toml"
    path.write_text(
        'format = 1\n\n[rule_set]\nid = "house_rules"\ntitle = "House rules"\n'
        'edition = "tests"\nstatus = "draft"\nsummary = "For the tests."\n'
        f'extends = "landlords_game"\n\n{text}\n',
        encoding="utf-8",
    )
    return path


def test_a_section_of_a_rule_file_s_own_goes_to_the_reference_engine(tmp_path):
    rules = load_rules(
        child(tmp_path, '[house_rules]\nstatus = "modern"\nsource = "a class"\njackpot = 50')
    )
    seats = [make_policy("eager_landlord")] * 4
    assert batch.engine_for(rules, seats) == (
        batch.REFERENCE,
        "the batch path does not follow the rules' [house_rules] section",
    )


def test_a_key_the_batch_path_does_not_follow_goes_to_the_reference_engine(tmp_path, monkeypatch):
    module = module_of("magie")
    monkeypatch.setattr(module, "FOLLOWS", module.FOLLOWS - {"jail.fine"})
    seats = [make_policy("eager_landlord")] * 4
    shipped = load_rules("landlords_game")
    changed = load_rules(child(tmp_path, f"[jail]\nfine = {shipped.jail.fine + 10}"))
    engine, why = batch.engine_for(changed, seats)
    assert (engine, why) == (
        batch.REFERENCE,
        f"the batch path does not follow the rule jail.fine = {shipped.jail.fine + 10}",
    )
    # whatever the number of games: the comparison says so, and plays them by the reference
    result = compare([str(child(tmp_path, f"[jail]\nfine = {shipped.jail.fine + 10}"))],
                     games=1000, seed=5)  # fmt: skip
    assert result.parameters["rules"][0]["played_by"] == batch.REFERENCE
    assert "does not follow the rule jail.fine" in result.table()


def test_a_bot_field_the_batch_path_does_not_follow_goes_to_the_reference_engine(monkeypatch):
    module = module_of("magie")
    rules = load_rules("landlords_game")
    tweaked = [make_policy("eager_landlord", reserve=11)] * 4
    assert batch.engine_for(rules, tweaked) == (batch.COMPILED, "")
    monkeypatch.setattr(module, "BOT_FIELDS", module.BOT_FIELDS - {"reserve"})
    engine, why = batch.engine_for(rules, tweaked)
    assert engine == batch.REFERENCE
    assert why == "the batch path does not follow the bots' reserve (eager_landlord: 11)"


def test_a_bot_field_a_family_never_consults_does_not_send_its_games_away():
    rules = load_rules("property")
    seats = [make_policy("single_taxer")] * 3  # votes for the single tax: nothing in Property
    assert batch.engine_for(rules, seats) == (batch.COMPILED, "")
