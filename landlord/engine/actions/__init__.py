"""The decisions a player can make, as typed, printable records.

The state lists the legal ones (:meth:`GameState.legal_actions`); a bot, the
user interface or a replay picks one and hands it to :meth:`GameState.apply`.
Every action is a frozen record that prints in plain words and turns into a
small JSON object and back (:func:`action_to_json`, :func:`action_from_json`),
which is how saved games store them.

This package is the actions' public home: import them from here. Its modules
group them by the part of the game they belong to: :mod:`.base` (what every action
shares), :mod:`.turn` (throwing, moving, buying, bidding, building, Jail),
:mod:`.dealings` (talks, offers, loans, the Trust, trades), :mod:`.later_games`
(the Monopoly rule sets, Quikopoly, Property) and :mod:`.saving` (actions by
name in saved games).

Board spaces stand for their cards: ``Buy(space=13)`` buys the charter of the
Soakum Lighting System, the green card of space 13.
"""

from __future__ import annotations

from landlord.engine.actions.base import Action
from landlord.engine.actions.dealings import (
    ACCEPT,
    END_TALKS,
    NEGOTIATE,
    REFUSE,
    Accept,
    AskForCard,
    AskLoan,
    EndDealing,
    FormTrust,
    Negotiate,
    OfferCard,
    OfferLuxury,
    Refuse,
    Repay,
    Trade,
)
from landlord.engine.actions.later_games import (
    CLAIM_RENT,
    DRAW_CHANCE,
    GO_BANKRUPT,
    STAY_IN_PRISON,
    SUITS,
    BuildHotel,
    BuyCell,
    ClaimRent,
    DrawChance,
    GoBankrupt,
    KeepMortgage,
    LiftMortgage,
    Mortgage,
    PayInstead,
    PayTax,
    PlayCards,
    SellBuilding,
    StayInPrison,
    card_name,
)
from landlord.engine.actions.saving import (
    _FIELD_KINDS as _FIELD_KINDS,  # where tests/test_fuzz_files.py reads it
)
from landlord.engine.actions.saving import (
    ACTION_TYPES,
    action_from_json,
    action_to_json,
    register_action,
)
from landlord.engine.actions.turn import (
    CALL_VOTE,
    DECLINE,
    GIVE_UP,
    PASS,
    PAY_FINE,
    ROLL,
    STAY,
    TRY_DOUBLES,
    USE_JAIL_CARD,
    Bid,
    Build,
    Buy,
    CallVote,
    ClaimSite,
    Decline,
    GiveUp,
    Move,
    Pass,
    PayFine,
    Roll,
    StayPut,
    TryForDoubles,
    UseJailCard,
)

__all__ = [
    "ACCEPT",
    "ACTION_TYPES",
    "CALL_VOTE",
    "CLAIM_RENT",
    "DECLINE",
    "DRAW_CHANCE",
    "END_TALKS",
    "GIVE_UP",
    "GO_BANKRUPT",
    "NEGOTIATE",
    "PASS",
    "PAY_FINE",
    "REFUSE",
    "ROLL",
    "STAY",
    "STAY_IN_PRISON",
    "SUITS",
    "TRY_DOUBLES",
    "USE_JAIL_CARD",
    "Accept",
    "Action",
    "AskForCard",
    "AskLoan",
    "Bid",
    "Build",
    "BuildHotel",
    "Buy",
    "BuyCell",
    "CallVote",
    "ClaimRent",
    "ClaimSite",
    "Decline",
    "DrawChance",
    "EndDealing",
    "FormTrust",
    "GiveUp",
    "GoBankrupt",
    "KeepMortgage",
    "LiftMortgage",
    "Mortgage",
    "Move",
    "Negotiate",
    "OfferCard",
    "OfferLuxury",
    "Pass",
    "PayFine",
    "PayInstead",
    "PayTax",
    "PlayCards",
    "Refuse",
    "Repay",
    "Roll",
    "SellBuilding",
    "StayInPrison",
    "StayPut",
    "Trade",
    "TryForDoubles",
    "UseJailCard",
    "action_from_json",
    "action_to_json",
    "card_name",
    "register_action",
]
