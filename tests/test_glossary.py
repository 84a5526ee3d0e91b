"""The glossary: every word a 15-year-old meets in the apps, explained honestly and linked."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from landlord.families.magie.views import QUESTIONS
from landlord.money import money
from landlord.rules import load_rules, registered
from landlord.session import Session
from landlord.views.glossary import (
    GLOSSARY,
    ORIGINS,
    glossary_html,
    link_terms,
    rule_sets_of,
    terms_for,
)

BY_KEY = {term.key: term for term in GLOSSARY}

#: The words issue 17's audit found unexplained, and the later game's, by glossary key.
REQUIRED = {
    "speculation",
    "brokers-license",
    "franchise",
    "luxury",
    "natural-opportunity",
    "poor-house",
    "magie-jail",
    "lot",
    "land-rent",
    "house",
    "wages",
    "public-treasury",
    "miscellaneous",
    "single-tax",
    "public-works",
    "necessities",
    "the-deal",
    "talks",
    "magie-loan",
    "vote",
    "either-way",
    "net-worth",
    "gini",
    "lorenz-curve",
    "who-paid-whom",
    "go",
    "mortgage",
    "auction",
    "houses-hotels",
    "colour-group",
    "free-parking",
    "income-tax",
    "later-jail",
}


class _Entries(HTMLParser):
    """The ids of a page's ``<details>`` and whether each has a ``<summary>``."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: list[str] = []
        self.summaries = 0
        self.hovers = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "details":
            self.ids.append(found.get("id") or "")
        if tag == "summary":
            self.summaries += 1
        if "title" in found or any(name.startswith("onmouse") for name in found):
            self.hovers += 1


def entries(page: str) -> _Entries:
    parser = _Entries()
    parser.feed(page)
    return parser


def test_every_word_the_audit_named_has_an_entry_and_each_entry_is_well_formed():
    assert set(BY_KEY) >= REQUIRED
    assert len(BY_KEY) == len(GLOSSARY)  # keys are unique
    for term in GLOSSARY:
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", term.key), term.key
        assert term.definition.endswith("."), term.key
        assert term.origin in ORIGINS, term.key
        assert term.aliases or term.pattern, term.key
        # Each word belongs to at least one shipped rule set, and names the rule it
        # comes from unless it is the kit's own measure.
        assert rule_sets_of(term), term.key
        assert term.rules or term.origin == "kit", term.key


def test_the_glossary_is_honest_about_what_the_kit_read_into_the_sources():
    # The rule sets mark each section: primary or secondary (the source), interpretation
    # (the kit's reading), reconstruction, modern. A term resting on a section the kit
    # interprets says what the kit chose; one resting on a modern what-if says it is the
    # kit's own; one only in a reconstructed rule set says so.
    for term in GLOSSARY:
        for rules_id in rule_sets_of(term):
            rules = load_rules(rules_id)
            for section in term.sections[:1]:
                status = rules.provenance[section].status
                if status == "interpretation":
                    assert term.reading or term.origin != "source", (term.key, rules_id)
                if status == "modern":
                    assert term.origin == "kit", (term.key, rules_id)
        every = {load_rules(rules_id).info.status for rules_id in rule_sets_of(term)}
        if every == {"reconstruction"}:
            assert term.origin == "reconstruction", term.key


@pytest.mark.parametrize("players", [2, 3, 4])
def test_miscellaneous_starts_below_zero_by_the_starting_money_as_the_glossary_says(players):
    game = Session("landlords_game", ["eager_landlord"] * players, seed=1).game
    dealt_out = players * load_rules("landlords_game").starting_cash[players]
    assert game.ledger.balances[game.bank] == -dealt_out
    assert money(-dealt_out) in BY_KEY["miscellaneous"].definition


def test_terms_belong_to_their_own_games_and_the_measures_to_every_game():
    magie = {term.key for term in terms_for("landlords_game")}
    later = {term.key for term in terms_for("monopoly_uk_1972")}
    assert {"speculation", "poor-house", "magie-jail", "gini"} <= magie
    assert {"mortgage", "free-parking", "later-jail", "gini"} <= later
    assert not {"mortgage", "later-jail", "free-parking"} & magie
    assert not {"speculation", "magie-jail", "poor-house"} & later
    assert "prosperity" in {term.key for term in terms_for("prosperity")}
    assert "prosperity" not in magie
    assert {term.key for term in terms_for(None)} == set(BY_KEY)


def test_the_glossary_page_opens_with_a_tap_and_has_unique_ids():
    for rules_id in registered():
        page = glossary_html(rules=rules_id)
        found = entries(page)
        assert len(found.ids) == len(terms_for(rules_id))
        assert len(set(found.ids)) == len(found.ids)
        assert found.summaries == len(found.ids)  # a <summary> to tap on every entry
        assert found.hovers == 0  # nothing needs a mouse
    # Two glossaries on one page keep their ids apart.
    left = entries(glossary_html(rules="landlords_game", prefix="left-glossary-")).ids
    right = entries(glossary_html(rules="single_tax", prefix="right-glossary-")).ids
    assert not set(left) & set(right)
    chosen = glossary_html(["speculation", "Poor House"])
    assert entries(chosen).ids == ["glossary-speculation", "glossary-poor-house"]
    assert "The kit's reading" in chosen
    assert "Rule 12" in chosen


def test_links_go_to_entries_on_the_same_page_once_per_term():
    for rules_id in registered():
        page_ids = set(entries(glossary_html(rules=rules_id)).ids)
        text = " ".join(alias for term in terms_for(rules_id) for alias in term.aliases)
        linked = link_terms(text, rules_id)
        targets = re.findall(r'href="#([^"]+)"', linked)
        assert targets, rules_id
        assert set(targets) <= page_ids, rules_id
        assert len(targets) == len(set(targets))  # the first mention only


def test_links_respect_words_plurals_apostrophes_and_tags():
    def linked(text: str, rules: str = "landlords_game") -> list[str]:
        return re.findall(r'href="#glossary-([^"]+)"[^>]*>([^<]+)<', link_terms(text, rules))

    assert linked("two lots and a house") == [("lot", "lots"), ("house", "house")]
    assert linked("a pilot, the lottery, a household") == []
    assert linked("the Natural Opportunities", "single_tax") == [
        ("natural-opportunity", "Natural Opportunities")
    ]
    assert linked("Ann pays $50 for the Broker&#x27;s License") == [
        ("brokers-license", "Broker&#x27;s License")
    ]
    # Never inside a tag or an existing link.
    assert linked("<span title='lot'>x</span> <a href='#x'>Jail</a> Jail") == [
        ("magie-jail", "Jail")
    ]
    # "Deal" (talk business) is not "the deal" (the cards dealt at the start).
    assert linked("your turn: throw the dice, or deal first") == [("talks", "deal")]
    assert linked("dealt: Lonely Lane") == [("the-deal", "dealt")]
    assert linked("MISCELLANEOUS pays $400 starting cash") == [("miscellaneous", "MISCELLANEOUS")]
    # Go is the corner only where it names a place.
    assert linked("Go back 3 spaces. Go to Jail.", "monopoly_us") == [("later-jail", "Jail")]
    assert linked("Advance to Go", "monopoly_us") == [("go", "Go")]
    # A later-game word is not linked in Magie's game.
    assert linked("mortgage the Free Parking") == [("magie-loan", "mortgage")]


def test_every_question_magie_asks_links_to_a_word_it_uses():
    unlinked = {
        kind: words
        for kind, words in QUESTIONS.items()
        if "href" not in link_terms(words, "landlords_game_vote")
        and "href" not in link_terms(words, "single_tax")
    }
    # "buy it?", "bid for it?" and "an offer is made to you" name no game word.
    assert set(unlinked) <= {"sale", "bid", "offer"}, unlinked
