"""Why each question is asked, and which rule each step followed (issue 17)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import landlord.families
from landlord.engine.reasons import Reason
from landlord.families import families
from landlord.rules import load_rules
from landlord.session import Session
from landlord.views.events import Narrator
from landlord.views.explain import (
    EXPLAIN_CLASS,
    Explanation,
    question_help,
    question_help_html,
    step_texts,
)
from landlord.views.glossary import GLOSSARY

FAMILIES = Path(landlord.families.__file__).parent
#: Magie's sentences for the explain mode (her family's texts/explain.toml).
MAGIE_PAYMENTS, MAGIE_STEPS, _ = step_texts(landlord.families.family_named("magie"))


def decision_kinds(family: str) -> set[str]:
    """Every kind of decision a family's code can ask: ``yield (player, "kind", ...)``,
    chance events (``yield (CHANCE, ...)``) left out."""
    kinds = set()
    for path in (FAMILIES / family).glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if not (isinstance(node, ast.Yield) and isinstance(node.value, ast.Tuple)):
                continue
            who, kind, *_ = node.value.elts
            if isinstance(who, ast.Name) and who.id == "CHANCE":
                continue
            if isinstance(kind, ast.Constant) and isinstance(kind.value, str):
                kinds.add(kind.value)
    return kinds


@pytest.mark.parametrize("family", [family.name for family in families()])
def test_every_decision_a_family_can_ask_has_a_help_text(family):
    kinds = decision_kinds(family)
    # The search finds what the bots answer, so it misses nothing they know of.
    assert set(landlord.families.family_named(family).handlers) <= kinds
    assert set(landlord.families.family_named(family).question_helps) == kinds


def _helps(rules, seats, seeds, steps=3000):
    """The help of every decision the seated bots meet: (kind, text) per decision."""
    seen = []
    for seed in seeds:
        session = Session(rules, seats, seed=seed)
        game = session.game
        for _ in range(steps):
            if game.is_over:
                break
            if game.decision_kind:
                seat = game.pending.player
                kind = game.decision_kind
                if kind == "talks" and game.dealings.raising:
                    kind = "talks: cannot pay"
                seen.append((kind, question_help(game, seat), game))
                others = [p for p in range(game.n_players) if p != seat]
                assert question_help(game, others[0]) == ""  # asked of nobody else
            session.step()
    return seen


@pytest.mark.parametrize(
    ("rules", "seats", "kinds"),
    [
        (
            load_rules("landlords_game_vote"),
            ["random", "single_taxer", "eager_landlord"],
            {"turn", "move", "sale", "bid", "buy_dealt", "jail", "talks", "vote", "offer"},
        ),
        (
            load_rules("single_tax"),
            ["random", "eager_landlord", "cautious_tenant"],
            {"build_site", "site_bid", "site", "talks: cannot pay"},
        ),
        (
            load_rules("monopoly_us"),
            ["random", "strategy_guide", "eager_landlord"],
            {"turn", "jail", "buy", "bid", "income_tax", "trade", "offer", "raise"},
        ),
        (
            load_rules("monopoly_uk_1972", rent_lapses=True),
            ["random", "strategy_guide", "eager_landlord", "random"],
            {"rent", "card", "mortgaged"},
        ),
    ],
    ids=["vote", "single_tax", "monopoly_us", "monopoly_uk_1972"],
)
def test_each_question_says_why_and_names_its_rule(rules, seats, kinds):
    seen = _helps(rules, seats, seeds=(1, 2))
    assert kinds <= {kind for kind, _, _ in seen}
    currency = rules.info.currency
    for kind, text, _ in seen:
        assert text, kind
        assert "{" not in text, (kind, text)
        assert re.search(r"\bRules? \d+|the rules|the kit's reading", text), (kind, text)
        assert ("$" in text) <= (currency == "$"), (kind, text)  # the game's own money


def test_the_vote_says_what_the_single_tax_changes():
    (text,) = {
        text
        for kind, text, _ in _helps(
            "landlords_game_vote", ["single_taxer", "random", "random"], [1]
        )
        if kind == "vote"
    }
    for words in ("land rent goes to the Public Treasury", "MISCELLANEOUS", "back to the pack"):
        assert words in text
    assert "kit's reading" in text
    assert "Poor House" in text


@pytest.mark.parametrize(
    ("rules", "what_follows"),
    [
        ("landlords_game", "Poor House until your next turn (Rule 12)"),
        ("single_tax", "Natural Opportunity"),
    ],
)
def test_a_player_who_cannot_pay_is_told_what_follows(rules, what_follows):
    texts = [
        text
        for kind, text, _ in _helps(rules, ["random", "eager_landlord", "random"], [1], 400)
        if kind == "talks: cannot pay"
    ]
    assert texts
    text = texts[0]
    assert what_follows in text
    # The question already says how much and to whom; the help adds how to raise it.
    assert 16 in _rule_numbers(text)
    assert "sell a card or borrow" in text.lower()


def _rule_numbers(text: str) -> set[int]:
    """The rule numbers a text cites: "Rule 7", "Rules 3, 4 and 14"."""
    found = re.findall(r"\bRules? (\d+(?:(?:, | and )\d+)*)", text)
    return {int(n) for group in found for n in re.findall(r"\d+", group)}


def test_rule_numbers_match_the_rule_sets_own_sources():
    provenance = load_rules("single_tax").provenance
    cited = [
        ("wages", MAGIE_PAYMENTS[Reason.WAGES]),
        ("necessity_tax", MAGIE_PAYMENTS[Reason.NECESSITY_TAX]),
        ("jail", MAGIE_PAYMENTS[Reason.JAIL_FINE]),
        ("land_rent", MAGIE_PAYMENTS[Reason.LAND_RENT]),
        ("franchise", MAGIE_PAYMENTS[Reason.FRANCHISE_FEE]),
        ("railroad", MAGIE_PAYMENTS[Reason.RAILROAD_FARE]),
        ("speculation", MAGIE_PAYMENTS[Reason.SPECULATION_STAKE]),
        ("luxury", MAGIE_PAYMENTS[Reason.LUXURY]),
        ("houses", MAGIE_PAYMENTS[Reason.HOUSE_BUILT]),
        ("borrowing", MAGIE_PAYMENTS[Reason.LOAN]),
        ("treasury_spending", MAGIE_PAYMENTS[Reason.PUBLIC_PURCHASE]),
        ("deal", MAGIE_STEPS["deal"]),
        ("trespass", MAGIE_STEPS["trespass"]),
        ("poor_house", MAGIE_STEPS["poor_house"]),
        ("end", MAGIE_STEPS["end"]),
        ("movement", MAGIE_STEPS["backward"]),
        ("movement", MAGIE_STEPS["pass"]),
        ("natural_opportunities", MAGIE_STEPS["opportunity"]),
        ("education", MAGIE_STEPS["college"]),
    ]
    for section, sentence in cited:
        assert _rule_numbers(sentence) <= _rule_numbers(provenance[section].source), section
    # The glossary's rules include the one each section's source names.
    magie = landlord.families.family_named("magie")
    for term in GLOSSARY:
        for section in term.sections[:1]:
            if term.family is magie and section in provenance:
                source = _rule_numbers(provenance[section].source)
                if source and _rule_numbers(term.rules):
                    assert source & _rule_numbers(term.rules), term.key


def _told(rules, explain, seed=1, steps=1500, seats=("eager_landlord",) * 3):
    session = Session(rules, list(seats), seed=seed, names=["Ann", "Bob", "Cy"][: len(seats)])
    narrator = Narrator(session.game, explain=explain)
    told = []
    for _ in range(steps):
        if session.game.is_over:
            break
        game = session.game
        mover = game.turn_player
        start = game.position[mover]
        narrator.before()
        session.step()
        told.append((mover, start, narrator.after()))
    return told


@pytest.mark.parametrize("rules", ["single_tax", "monopoly_us"])
def test_explaining_adds_marked_lines_and_changes_no_other(rules):
    plain = [line for _, _, lines in _told(rules, False) for line in lines]
    explained = [line for _, _, lines in _told(rules, True) for line in lines]
    assert not [line for line in plain if isinstance(line, Explanation)]
    why = [line for line in explained if isinstance(line, Explanation)]
    assert [line for line in explained if not isinstance(line, Explanation)] == plain
    assert len(why) > 50
    for line in why:
        assert line.startswith("Why? ")
        assert line.css_class == EXPLAIN_CLASS
        assert re.search(r"\bRules? \d+|the rules|rules\b|reading|what-if|title deeds", line), line


def test_each_payment_is_followed_by_its_rule():
    for _, _, lines in _told("landlords_game", True, steps=800):
        plain = [line for line in lines if not isinstance(line, Explanation)]
        why = " ".join(line for line in lines if isinstance(line, Explanation))
        if any(re.fullmatch(r"\w+ pays \$\d+ land rent to (Ann|Bob|Cy)", line) for line in plain):
            assert "Rule 7" in why
        if any(line.endswith("goes to Jail") for line in plain):
            assert re.search(r"Rule (5|8|11)", why)
        if any("wages to" in line for line in plain):
            assert "Rule 3" in why
        # An explanation follows a line of its step, never opens it.
        assert not lines or not isinstance(lines[0], Explanation) or not plain


def test_a_throw_s_salary_is_told_before_the_card_it_led_to():
    checked = card_paid = 0
    for _, start, lines in _told("monopoly_us", False, steps=3000):
        throws = [k for k, line in enumerate(lines) if " throws " in line]
        cards = [k for k, line in enumerate(lines) if " draws " in line]
        salary = [k for k, line in enumerate(lines) if line.endswith(" salary")]
        if not (throws and cards and salary):
            continue
        dice = re.search(r"throws (\d) and (\d)", lines[throws[0]])
        passed_go = start + int(dice[1]) + int(dice[2]) >= 40
        if passed_go:  # the throw earned it: told with the throw, before the card
            assert salary[0] == throws[0] + 1 < cards[0], lines
            checked += 1
        else:  # the card earned it: told after the card
            assert cards[0] < salary[0], lines
            card_paid += 1
    assert checked
    assert card_paid


def test_a_magie_card_is_told_before_the_wages_it_pays():
    found = 0
    for _, _, lines in _told("landlords_game", False, seed=4, steps=2000):
        card = [k for k, line in enumerate(lines) if "draws Chance: Go to Mother Earth" in line]
        if card:
            wages = [k for k, line in enumerate(lines) if "wages to" in line]
            assert wages
            assert card[0] < wages[0]
            found += 1
    assert found


def test_the_help_as_html_escapes_names_and_links_the_glossary():
    seats = ["single_taxer", "random", "random"]
    session = Session("landlords_game_vote", seats, seed=1, names=["<b>Ann", "Bob", "Cy"])
    game = session.game
    while game.decision_kind != "vote":
        session.step()
    page = question_help_html(game, game.pending.player, prefix="left-")
    assert "&lt;b&gt;Ann" in page
    assert "<b>" not in page
    assert 'href="#left-single-tax"' in page


def test_the_short_game_s_deal_is_explained_by_its_payments():
    # The deal of title deeds is a chance event with no sentence of its own; the
    # payments it makes name the rule.
    rules = load_rules("monopoly_us", short_game=True)
    lines = [line for _, _, told in _told(rules, True, steps=40) for line in told]
    why = [line for line in lines if isinstance(line, Explanation)]
    assert any("two title deeds are dealt to each player" in line for line in why)
