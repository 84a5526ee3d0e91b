"""The words of the games in plain English, for a reader of fifteen.

:data:`GLOSSARY` holds one :class:`Term` per word the apps use: what it
means, the rule it comes from, the games it belongs to, and whether the
meaning is the source's own or the kit's reading of it (the rule sets mark
the same in their ``status`` fields; a test checks that the two agree).
Each family's words live in its own package (its ``texts/glossary.toml``,
read by :func:`family_terms` into its ``glossary`` module's ``TERMS``, handed
out by ``family.glossary_terms()``); :data:`GLOSSARY`
gathers them, family by family, when first asked for, and ends with the
kit's own measures (:data:`MEASURES`: net worth, the Gini coefficient, the
Lorenz curve, who paid whom).

* :func:`terms_for` picks the terms of one rule set;
* :func:`glossary_html` draws them as ``<details>`` entries: a tap (or a key)
  opens one, no hover needed, and a screen reader reads the summary;
* :func:`link_terms` turns the first mention of each term in a piece of HTML
  (a question, a log line) into a link to its entry.

The definitions are the kit's own words; numbers and names come from the
rule sets (:mod:`landlord.rules`) and the rules dossier. "Monopoly" is a
trademark of Hasbro: it names the historical rules here, nothing else.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from landlord.views.texts import family_texts

if TYPE_CHECKING:  # pragma: no cover - for the annotations only
    from landlord.engine.family import Family

__all__ = [
    "GLOSSARY",  # noqa: F822 (gathered when first asked for: see __getattr__)
    "MEASURES",
    "Term",
    "family_terms",
    "glossary_html",
    "link_terms",
    "rule_sets_of",
    "terms_for",
]

#: Where a meaning comes from, in words, by :attr:`Term.origin`.
ORIGINS = {
    "source": "From the rules' own text.",
    "reconstruction": "A reconstruction: no full text of these rules survives.",
    "kit": "The kit's own: in no rules text.",
}


@dataclass(frozen=True)
class Term:
    """One word of the games, explained.

    Attributes
    ----------
    key : str
        Its id on the page (``glossary-<key>``): lower case, letters, digits, dashes.
    term : str
        The word as a heading shows it.
    definition : str
        What it means, in a few short sentences.
    rules : str
        The rule(s) it comes from ("Rule 8", "Single Tax Rule 6", "the rules:
        Mortgages"); empty for the kit's own measures.
    origin : str
        One of :data:`ORIGINS`: the source's text, a reconstruction, or the kit's own.
    reading : str
        Where the source is silent or unclear, what the kit chose (empty: nothing).
    family : Family or None
        The family of games it belongs to (its ``FAMILY`` object); ``None``: every game.
    sections : tuple of str
        Rule-set sections a game must have for the word to apply.
    aliases : tuple of str
        The words that mean it in the apps' text (plurals are found too).
    pattern : str
        A regular expression used instead of ``aliases``, for a word that is
        also an everyday word ("Go").
    """

    key: str
    term: str
    definition: str
    rules: str = ""
    origin: str = "source"
    reading: str = ""
    family: Family | None = None
    sections: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    pattern: str = ""

    def applies_to(self, rules: Any) -> bool:
        """Whether the term belongs to the rule set ``rules`` (a :class:`RuleSet`)."""
        if self.family is not None and _family_of(rules) is not self.family:
            return False
        return all(section in rules.params for section in self.sections)


#: The kit's own measures: words of every game.
MEASURES: tuple[Term, ...] = (
    Term(
        "net-worth",
        "Net worth",
        "Everything a player has, in money: cash, plus what their cards or properties "
        "and buildings are worth, less what they owe, plus what they are owed. Each rule set "
        "says how it counts things.",
        origin="kit",
        aliases=("net worth",),
    ),
    Term(
        "gini",
        "Gini coefficient",
        "One number for how unequal wealth is: 0 when everyone has the same, higher the "
        "more unequal. With few players it cannot reach 1: if one of 4 players holds "
        "everything it is 0.75 (one of 3: 0.67). The kit works it out from net worth "
        "every round; debts can push it above 1.",
        origin="kit",
        aliases=("Gini coefficient", "Gini"),
    ),
    Term(
        "lorenz-curve",
        "Lorenz curve",
        "A picture of who has what. Line the players up from poorest to richest; the "
        "curve shows what share of all the wealth the poorest so many hold. The straight "
        "diagonal is perfect equality; the lower the curve sags, the more unequal.",
        origin="kit",
        aliases=("Lorenz curve", "Lorenz"),
    ),
    Term(
        "who-paid-whom",
        "Who paid whom",
        "The kit's chart of every payment in a game, grouped by why it was paid (land "
        "rent, wages, taxes, purchases...), from payer to payee. It shows where the "
        "money flowed.",
        origin="kit",
        aliases=("who paid whom", "who-paid-whom", "cash flow"),
    ),
)


# --- gathering terms ---------------------------------------------------------------------

#: A term's key: lower case letters, digits and dashes.
_KEY = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


def family_terms(family: Family) -> tuple[Term, ...]:
    """The words of ``family``'s games, from the ``texts/glossary.toml`` of its package
    (:mod:`landlord.views.texts`), each a :class:`Term` of that family.

    Raises
    ------
    landlord.views.texts.TextsError
        Naming the file and the field, if the file cannot be used: besides what every
        text file is held to, a key that is not lower case letters, digits and dashes or
        is given twice, an origin not among :data:`ORIGINS`, a pattern that is not a
        regular expression.

    Examples
    --------
    >>> from landlord.engine.family import family_named
    >>> [term.term for term in family_terms(family_named("quikopoly"))][:3]
    ['Property tile', 'Set', 'Hotel']
    """
    texts = family_texts(family, "glossary")
    terms: list[Term] = []
    for entry in texts.entries("term"):
        where = entry.where
        key, origin, pattern = (
            entry.text("key"),
            entry.text("origin") or "source",
            entry.text("pattern"),
        )
        if not _KEY.fullmatch(key) or key in {term.key for term in terms}:
            raise texts.refuse(
                f"{where}.key", "a new key of lower case letters, digits and dashes"
            )
        if origin not in ORIGINS:
            raise texts.refuse(f"{where}.origin", f"one of {', '.join(map(repr, ORIGINS))}")
        try:
            re.compile(pattern)
        except re.error as error:
            raise texts.refuse(f"{where}.pattern", f"a regular expression ({error})") from None
        terms.append(
            Term(
                key,
                entry.text("term"),
                entry.text("definition"),
                entry.text("rules"),
                origin,
                entry.text("reading"),
                family,
                entry.texts("sections"),
                entry.texts("aliases"),
                pattern,
            )
        )
    return tuple(terms)


@cache
def _glossary() -> tuple[Term, ...]:
    """Every term: each family's (in the order :func:`landlord.families.families` gives
    them), then the kit's measures."""
    from landlord.engine.family import families

    return (*(term for family in families() for term in family.glossary_terms()), *MEASURES)


def __getattr__(name: str) -> Any:
    # GLOSSARY is gathered when first asked for: a family's glossary module imports
    # Term from here, so it cannot be gathered while this module is being imported.
    if name == "GLOSSARY":
        return _glossary()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _family_of(rules: Any) -> Family | None:
    """The family that plays ``rules``; ``None`` if the kit has none that can."""
    from landlord.engine.family import family_of
    from landlord.rules import RulesError

    try:
        return family_of(rules)
    except RulesError:
        return None


# --- choosing terms ----------------------------------------------------------------------


def _rule_set(rules: Any) -> Any:
    """A rule set from an id, a path or a :class:`RuleSet`."""
    from landlord.rules import load_rules

    return load_rules(rules) if isinstance(rules, str) else rules


def terms_for(rules: Any = None) -> list[Term]:
    """The terms that belong to a rule set (an id or a :class:`RuleSet`); all if ``None``.

    Examples
    --------
    >>> keys = [term.key for term in terms_for("single_tax")]
    >>> "natural-opportunity" in keys, "mortgage" in keys, "gini" in keys
    (True, False, True)
    >>> [term.term for term in terms_for("monopoly_uk_1972") if "Jail" in term.aliases]
    ['Jail']
    """
    if rules is None:
        return list(_glossary())
    rule_set = _rule_set(rules)
    return [term for term in _glossary() if term.applies_to(rule_set)]


@cache
def _applying() -> dict[str, tuple[str, ...]]:
    """The registered rule sets each term belongs to, by key (worked out once)."""
    from landlord.rules import load_rules, registered

    rule_sets = [load_rules(rules_id) for rules_id in registered()]
    return {
        term.key: tuple(rules.info.id for rules in rule_sets if term.applies_to(rules))
        for term in _glossary()
    }


def rule_sets_of(term: Term) -> tuple[str, ...]:
    """The ids of the shipped rule sets a term belongs to.

    Examples
    --------
    >>> by_key = {term.key: term for term in terms_for()}
    >>> rule_sets_of(by_key["prosperity"]), rule_sets_of(by_key["income-tax"])
    (('prosperity',), ('monopoly_uk_1972', 'monopoly_us'))
    """
    return _applying().get(term.key, ())


def _games_named(term: Term) -> str:
    """The games a term belongs to, in words: a family's title when it is all of them."""
    from landlord.rules import load_rules, registered

    if term.family is None and not term.sections:
        return "every game"
    ids = rule_sets_of(term)
    if term.family is not None and ids:
        family = [r for r in registered() if _family_of(load_rules(r)) is term.family]
        if set(ids) == set(family):
            return term.family.title
    return "; ".join(load_rules(rules_id).info.title for rules_id in ids)


# --- the page ------------------------------------------------------------------------------


def glossary_html(
    terms: Any = None,
    rules: Any = None,
    *,
    prefix: str = "glossary-",
    title: str = "Words of the game",
) -> str:
    """The glossary as HTML: one ``<details id="glossary-...">`` entry per term.

    Each entry opens with a tap or a key (no hover), its summary is the word
    itself, and inside are the meaning, the kit's reading if any, the rule
    and the games it belongs to.

    Parameters
    ----------
    terms : iterable of str or Term, optional
        The terms to show, by key, by word or as :class:`Term` (all if ``None``).
    rules : str or RuleSet, optional
        Only the terms of this rule set.
    prefix : str
        The ids' prefix; give each glossary on one page its own.
    title : str
        The heading's words ("" for none).

    Examples
    --------
    >>> page = glossary_html(["speculation"])
    >>> page.count("<details"), 'id="glossary-speculation"' in page, "Rule 8" in page
    (1, True, True)
    >>> "Poor House" in glossary_html(rules="monopoly_us")
    False
    """
    chosen = terms_for(rules)
    if terms is not None:
        wanted = {term.key if isinstance(term, Term) else str(term) for term in terms}
        chosen = [term for term in chosen if term.key in wanted or term.term in wanted]
    entries = "".join(_entry(term, prefix) for term in chosen)
    heading = f"<h3 style='margin:0.4em 0'>{html.escape(title)}</h3>" if title else ""
    return (
        f"<section class='landlord-glossary' aria-label='{html.escape(title or 'Glossary')}'>"
        f"{heading}{entries}</section>"
    )


def _entry(term: Term, prefix: str) -> str:
    escape = html.escape
    parts = [f"<p style='margin:0.3em 0'>{escape(term.definition)}</p>"]
    if term.reading:
        parts.append(
            "<p class='landlord-glossary-reading' style='margin:0.3em 0'>"
            f"<i>The kit's reading:</i> {escape(term.reading)}</p>"
        )
    where = [escape(term.rules[:1].upper() + term.rules[1:])] if term.rules else []
    where.append(escape(ORIGINS[term.origin]))
    where.append(f"In: {escape(_games_named(term))}.")
    parts.append(
        f"<p class='landlord-glossary-source' style='margin:0.3em 0;font-size:90%'>"
        f"{' · '.join(where)}</p>"
    )
    return (
        f'<details id="{escape(prefix + term.key)}" class="landlord-glossary-term">'
        "<summary style='padding:0.5em 0;cursor:pointer'>"
        f"<b>{escape(term.term)}</b></summary>{''.join(parts)}</details>"
    )


# --- links from text to the glossary -------------------------------------------------------

#: An apostrophe, as it may be written in escaped HTML.
_APOSTROPHE = "(?:'|&#x27;|&#39;|\u2019)"


def _alias_pattern(alias: str) -> str:
    """An alias as a regular expression: apostrophes escaped or not, a plural, the
    first letter capitalised if the alias is written in lower case."""
    words = re.escape(alias).replace("'", _APOSTROPHE).replace(r"\ ", r"\s+")
    if alias[-1] == "y" and alias[-2:] not in ("ay", "ey", "oy"):
        words = words[:-1] + "(?:y|ies)"
    elif alias[-1] != "s":
        words += "(?:s|es)?"
    if alias[0].islower():
        words = f"[{alias[0]}{alias[0].upper()}]{words[1:]}"
    return rf"(?<![\w&#]){words}(?!\w)"


@cache
def _matcher(keys: tuple[str, ...]) -> tuple[re.Pattern[str], dict[str, Term]]:
    """One expression matching every alias of these terms, longest first."""
    by_key = {term.key: term for term in _glossary()}
    alternatives = []
    groups: dict[str, Term] = {}
    taken: set[str] = set()
    for number, key in enumerate(keys):
        term = by_key[key]
        aliases = [alias for alias in term.aliases if alias not in taken]
        taken.update(aliases)
        if not aliases and not term.pattern:
            continue
        group = f"t{number}"
        groups[group] = term
        for alias in aliases:
            alternatives.append(
                (len(alias), f"(?P<{group}_{len(alternatives)}>{_alias_pattern(alias)})")
            )
        if term.pattern:
            alternatives.append((2, f"(?P<{group}_{len(alternatives)}>{term.pattern})"))
    alternatives.sort(key=lambda alternative: -alternative[0])
    return re.compile("|".join(text for _, text in alternatives)), groups


#: Elements whose text is never linked: links already, and code.
_SKIP = {"a", "script", "style", "code", "summary"}
_TAG = re.compile(r"(<[^>]*>)")
_TAG_NAME = re.compile(r"<\s*(/?)\s*([a-zA-Z0-9]+)")


def link_terms(text_html: str, rules: Any = None, *, prefix: str = "glossary-") -> str:
    """Link the first mention of each known term in escaped HTML to its glossary entry.

    Words are matched whole (plurals too, and apostrophes written as
    entities), never inside a tag, a link or code; each term is linked once.

    Parameters
    ----------
    text_html : str
        HTML whose text is already escaped (a question, a log line).
    rules : str or RuleSet, optional
        Link only the terms of this rule set (all terms if ``None``).
    prefix : str
        The glossary's id prefix (as given to :func:`glossary_html`).

    Examples
    --------
    >>> print(link_terms("Ann pays $14 land rent; more land rent", "landlords_game"))
    Ann pays $14 <a href="#glossary-land-rent" class="landlord-term">land rent</a>; more land rent
    >>> link_terms("<b title='lots'>two lots</b>", "landlords_game")
    '<b title=\\'lots\\'>two <a href="#glossary-lot" class="landlord-term">lots</a></b>'
    >>> link_terms("Advance to Go and Go back 3 spaces", "monopoly_us")
    'Advance to <a href="#glossary-go" class="landlord-term">Go</a> and Go back 3 spaces'
    """
    keys = tuple(term.key for term in terms_for(rules))
    pattern, groups = _matcher(keys)
    linked: set[str] = set()
    skipping = 0
    out = []

    def link(match: re.Match[str]) -> str:
        group = match.lastgroup or ""
        term = groups[group.rsplit("_", 1)[0]]
        if term.key in linked:
            return match.group(0)
        linked.add(term.key)
        return (
            f'<a href="#{html.escape(prefix + term.key)}" class="landlord-term">'
            f"{match.group(0)}</a>"
        )

    for part in _TAG.split(text_html):
        if part.startswith("<"):
            tag = _TAG_NAME.match(part)
            if tag and tag.group(2).lower() in _SKIP and not part.endswith("/>"):
                skipping += -1 if tag.group(1) else 1
                skipping = max(skipping, 0)
            out.append(part)
        elif skipping or not part:
            out.append(part)
        else:
            out.append(pattern.sub(link, part))
    return "".join(out)
