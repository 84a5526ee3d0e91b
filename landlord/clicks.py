"""A person's clicks in a whole game, as the play app would count them.

:func:`clicks_of_a_game` plays a game with the person answering as a named bot would
(or by the first choice shown), with or without **play for me** and the answers that
stand (:mod:`landlord.standing`): the figure of issue 34, measured by
``benchmarks/clicks.py`` and held by the tests.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from landlord.policies import make_policy
from landlord.standing import BOT_CHOOSES, THROW, UNLESS_NEW
from landlord.table import ChoiceGroup, GameTable

__all__ = ["clicks_of_a_game"]


def clicks_of_a_game(
    rules: str,
    seats: Sequence[str],
    seed: int,
    answer_as: str | None = None,
    play_for_me: bool = True,
    standing: bool = True,
    most_rounds: int = 300,
) -> int:
    """How many clicks the person in the first ``"human"`` seat makes in a whole game.

    The person answers as the bot ``answer_as`` would (None: the first choice shown).
    With ``play_for_me``, routine choices are taken for him, and (with ``standing``) he
    takes each standing answer offered that agrees with his answer (the bot's own action;
    the throw unless something new; the cautious tenant's way), one click each. Without
    it he answers every question, as before issue 34. The game stops at ``most_rounds``
    (the later game can go on for hundreds).

    Examples
    --------
    >>> seats = ["human", "eager_landlord", "cautious_tenant"]
    >>> clicks_of_a_game("landlords_game", seats, 4, play_for_me=False)
    72
    >>> clicks_of_a_game("landlords_game", seats, 4)
    14
    """
    table = GameTable(rules, seats, seed=seed, plays_for_people=play_for_me)
    policy = make_policy(answer_as).for_rules(table.game.rules) if answer_as else None
    rng = random.Random(seed)
    clicks = 0
    while not table.is_over and table.game.round < most_rounds:
        if not table.waits_for_person:
            table.play_turn()
            continue
        clicks += 1
        actions = table.game.legal_actions()
        if policy is None:
            first = table.choice_menu()[0]
            pick = first.choices[0][0] if isinstance(first, ChoiceGroup) else first[0]
        else:
            view = table.game.observers()[table.waiting_for]
            chosen = policy.decide(view, table.game.decision_kind, actions, rng)
            # A trade the bot makes up is not on the person's list: he throws instead.
            pick = actions.index(chosen) if chosen in actions else 0
        offers = dict(table.standing_offers()) if play_for_me and standing else {}
        kind = type(actions[pick]).__name__
        if kind in offers:
            table.stand(kind)
        elif UNLESS_NEW in offers and kind == THROW:
            table.stand(UNLESS_NEW)
        elif BOT_CHOOSES in offers:
            table.stand(BOT_CHOOSES)
        else:
            table.choose(pick)
    return clicks
