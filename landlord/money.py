"""Sums of money in words: one way to write them everywhere in the kit.

Examples
--------
>>> money(1600), money(-20, "£"), money(1234, sign=True)
('$1,600', '-£20', '+$1,234')
"""

from __future__ import annotations

__all__ = ["money"]


def money(amount: float, currency: str = "$", *, sign: bool = False) -> str:
    """``amount`` as a board prints it: the currency before the figure, thousands
    separated, a minus (or with ``sign``, a plus) before the currency.

    A fraction is rounded to a whole unit (means over many games).

    Examples
    --------
    >>> money(1500), money(0), money(-1500), money(12.6), money(0, sign=True)
    ('$1,500', '$0', '-$1,500', '$13', '$0')
    """
    whole = round(amount)
    if whole < 0:
        return f"-{currency}{-whole:,}"
    if sign and whole > 0:
        return f"+{currency}{whole:,}"
    return f"{currency}{whole:,}"
