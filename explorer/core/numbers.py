"""Numbers as a person reads them: a probability as a percentage, with the exact fraction
beside it when short; a count with its noun ("1 win", "3 wins").

Rules modules say odds in sentences and the pages show them in tables and
charts; both write them through here so that ``72.2% (13/18)`` reads the same
everywhere and a 28-digit fraction is never shown.

>>> probability_text(Fraction(13, 18))
'72.2% (13/18)'
>>> probability_text(Fraction(1487609827, 1934917632))
'76.9%'
>>> percent_text(Fraction(1, 10**9)), percent_text(1)
('<0.1%', '100%')
"""

from __future__ import annotations

from fractions import Fraction

#: a fraction is written beside its percentage when it is at most this long ("13/18")
SHORT_FRACTION = 7


def fraction_text(p: Fraction) -> str:
    """An exact probability as ``n/d`` (``0`` and ``1`` written plainly)."""
    p = Fraction(p)
    return str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"


def percent_text(p: Fraction, digits: int = 1) -> str:
    """A probability as a percentage; never rounded to a certainty it is not."""
    p = Fraction(p)
    if p == 0 or p == 1:
        return f"{int(p) * 100}%"
    low = Fraction(1, 2 * 10 ** (digits + 2))
    if p < low:
        return f"<{float(2 * low):.{digits}%}"
    if p > 1 - low:
        return f">{float(1 - 2 * low):.{digits}%}"
    return f"{float(p):.{digits}%}"


def probability_text(p: Fraction, sep: str = " ") -> str:
    """A probability as a person reads it: the percentage, with the exact fraction
    beside it when the fraction is short (``72.2% (13/18)``, but ``76.9%`` for
    1487609827/1934917632).  ``sep`` goes between the two (``"<br>"`` in charts)."""
    frac = fraction_text(p)
    if Fraction(p) in (0, 1) or len(frac) > SHORT_FRACTION:
        return percent_text(p)
    return f"{percent_text(p)}{sep}({frac})"


def counted(n: int, noun: str) -> str:
    """``n`` and ``noun``, plural unless ``n`` is 1 (thousands set apart by commas).

    >>> counted(1, "win"), counted(3, "win"), counted(0, "game"), counted(10_000, "game")
    ('1 win', '3 wins', '0 games', '10,000 games')
    """
    return f"{n:,} {noun}" + ("" if n == 1 else "s")


def duration_text(seconds: float) -> str:
    """A time to wait, as a person says it: seconds under a minute, minutes under an
    hour, then hours and minutes (a page's "about 4 min left").

    >>> duration_text(0.4), duration_text(42.6), duration_text(251), duration_text(4870)
    ('1 s', '43 s', '4 min', '1 h 21 min')
    """
    s = max(1, round(seconds))
    if s < 60:
        return f"{s} s"
    if s < 3600:
        return f"{round(s / 60)} min"
    h, m = divmod(round(s / 60), 60)
    return f"{h} h {m} min" if m else f"{h} h"


__all__ = ["SHORT_FRACTION", "counted", "duration_text", "fraction_text", "percent_text", "probability_text"]
