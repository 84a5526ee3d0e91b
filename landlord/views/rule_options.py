"""A rule set's declared options in words, for the controls an app makes of them.

Every rule set declares its options in its data file (``[options.NAME]``: a kind, a
default, a title, and where it comes from), and
:attr:`landlord.rules.model.RuleSet.declared_options` holds them as
:class:`~landlord.rules.model.Option` records. An app makes a control of each (the
experiments dashboard does, in :mod:`landlord.widgets.dashboard.controls`) and words it with
what is here: the option's name as a label, its title as the rule data words it, the status
of its source, the words of a choice and the steps of a share. What differs between kinds of
option (a share is offered in twentieths, in percent) is keyed by the kind, never by an
option's name, so a rule set that declares a new option is worded with no change here.
"""

from __future__ import annotations

import html
from typing import Any

__all__ = [
    "SHARE_STEPS",
    "STATUS_WORDS",
    "choice_words",
    "on_a_step",
    "option_label",
    "option_note_html",
    "setting_words",
    "share_words",
]

#: The values a share is offered at: every twentieth, 0 to 1.
SHARE_STEPS = tuple(round(step / 20, 2) for step in range(21))
#: What the status of an option's source says, by status (the rule data's five).
STATUS_WORDS = {
    "primary": "the rules as printed",
    "secondary": "as later writers report",
    "interpretation": "the kit's reading",
    "reconstruction": "a reconstruction",
    "modern": "a modern extension, in no historical rules",
}


def option_label(option: Any) -> str:
    """An option's name as a control's label.

    >>> from landlord.rules.model import Option
    >>> option_label(Option("land_value_tax", "share", 0.0, "A share"))
    'Land value tax'
    """
    words = option.name.replace("_", " ")
    return words[:1].upper() + words[1:]


def choice_words(choice: Any) -> str:
    """One choice of a choice option in words: ``rents_and_fines`` -> ``rents and fines``.

    >>> choice_words("buy_or_auction"), choice_words(2)
    ('buy or auction', '2')
    """
    return str(choice).replace("_", " ")


def share_words(share: float) -> str:
    """A share as a menu says it: ``0.25`` -> ``25%``.

    >>> share_words(0.0), share_words(0.15), share_words(1.0)
    ('0%', '15%', '100%')
    """
    return f"{share:.0%}"


def on_a_step(share: float) -> float:
    """``share`` at the nearest of :data:`SHARE_STEPS`.

    >>> on_a_step(0.149), on_a_step(2.0)
    (0.15, 1.0)
    """
    return min(SHARE_STEPS, key=lambda step: abs(step - share))


def setting_words(option: Any, value: Any) -> str:
    """An option set to ``value``, in a few words: ``land value tax 50%``, ``advanced``,
    ``no rent lapses``, ``round limit 100``, ``purchase auction``.

    >>> from landlord.rules.model import Option
    >>> setting_words(Option("land_value_tax", "share", 0.0, "A share"), 0.5)
    'land value tax 50%'
    >>> setting_words(Option("advanced", "bool", False, "Advanced"), True)
    'advanced'
    """
    name = option.name.replace("_", " ")
    if option.kind == "bool":
        return name if value else f"no {name}"
    if option.kind == "share":
        return f"{name} {share_words(value)}"
    if option.kind == "choice":
        return f"{name} {choice_words(value)}"
    return f"{name} {value}"


def option_note_html(option: Any) -> str:
    """What a control of ``option`` says beside it: its title, as the rule data words it,
    and the status of its source in words, the source itself on the status's tooltip.

    >>> from landlord.rules.model import Option, Provenance
    >>> source = Provenance("modern", "a what-if")
    >>> note = option_note_html(Option("wages", "int", 100, "Wages <paid>", provenance=source))
    >>> note.startswith("Wages &lt;paid&gt; <span class='landlord-option-status' title=")
    True
    >>> "(modern: a modern extension, in no historical rules)" in note
    True
    """
    note = html.escape(option.title)
    provenance = option.provenance
    if provenance is not None:
        said = STATUS_WORDS.get(provenance.status, "")
        status = f"{provenance.status}: {said}" if said else provenance.status
        note += (
            f" <span class='landlord-option-status' title='{html.escape(provenance.source)}'>"
            f"({html.escape(status)})</span>"
        )
    return note
