"""Odds from a seat's view: drawing from its own pile, and what an opponent holds.

A seat knows some cards for certain (the top of its pile it has seen, the cards
of an opponent's hand shown to it) and cannot place the others: they form a
*pool* (a :class:`~explorer.core.deck.Multiset`), and a hidden zone holds some of
them.  Every arrangement consistent with what the seat saw is taken as equally
likely, so the ``k`` unknown cards of a zone are a uniform draw of ``k`` from the
pool: a multivariate hypergeometric count, exact.  A game turns its observation
into the known cards and the pool (``explorer.<game>.seat_odds``); this module
answers "at least n of each of these keys" over them.

A key is a card type or a card name (:func:`wants` checks them against the
game's data); a request of several keys asks for all of them at once.

>>> w = wants({"C": 1}, {"Holmes": "C", "Watson": "C", "Train": "E"}.get, types=("C", "E"))
>>> chance((), Multiset.of({"Holmes": 1, "Watson": 1, "Train": 3}), 2, w)
Fraction(7, 10)
>>> drawn = pile_draw(("Train",), Multiset.of({"Holmes": 1, "Train": 1}), 2)
>>> chance(*drawn, w)                  # the known top, then one of the two below
Fraction(1, 2)
>>> count_dist((), Multiset.of({"Holmes": 1, "Watson": 1, "Train": 3}), 2, w, "C").outcomes
(0, 1, 2)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any, NamedTuple

from .deck import Multiset
from .dist import Dist

#: The assumption every answer rests on, in one line for a page.
ASSUMPTION = ("Every arrangement of the cards this seat has not seen, consistent with what it saw, is taken as "
              "equally likely.")


class SeatOdds(NamedTuple):
    """What a game declares for the odds panel (its spec's ``extras["seat_odds"]``):
    its two questions, ``draw_chance(state, seat, at_least, draws, game=)`` and
    ``opponent_holds(state, seat, at_least, game=)``, and ``keys(game)``, the
    ``(label, key)`` pairs a person may ask about: the card types, then the cards;
    ``opponents(state, seat)``: the seats whose hand may be asked about, where a game
    has more than one opponent (``opponent_holds`` then takes ``opponent=``)."""

    draw_chance: Callable[..., Fraction]
    opponent_holds: Callable[..., Fraction]
    keys: Callable[[Any], Sequence[tuple[str, str]]]
    opponents: Callable[[Any, Any], Sequence[Any]] | None = None


class Wants(NamedTuple):
    """A checked request: each key with the least number of it wanted, and a
    card's signature (which keys it counts for)."""

    keys: tuple[str, ...]
    least: tuple[int, ...]
    type_of: Callable[[str], str | None]

    def signature(self, card: str) -> str:
        """Which keys ``card`` counts for, as a string of 0s and 1s (one per key)."""
        kind = self.type_of(card)
        return "".join("1" if card == k or kind == k else "0" for k in self.keys)


def wants(at_least: Mapping[str, int], type_of: Callable[[str], str | None], *, types: Sequence[str] = ()) -> Wants:
    """``at_least`` checked: every key a card type (one of ``types``, or the type
    of some card) or a card name ``type_of`` knows, every count a whole number
    of at least 0; otherwise a ``ValueError`` naming the problem."""
    if not isinstance(at_least, Mapping) or not at_least:
        raise ValueError("at_least must map card types or card names to a number of cards, "
                         "such as {'C': 1}")
    for key, n in at_least.items():
        if not isinstance(key, str) or not (key in types or type_of(key) is not None):
            raise ValueError(f"{key!r} is neither a card type nor a card name of this game"
                             + (f" (card types: {', '.join(types)})" if types else ""))
        if type(n) is not int or n < 0:
            raise ValueError(f"the number of {key!r} wanted must be a whole number of at least 0, not {n!r}")
    return Wants(tuple(at_least), tuple(at_least.values()), type_of)


def pile_draw(top: Sequence[str], pool: Multiset, draws: int, below: int | None = None) -> tuple[tuple[str, ...],
                                                                                             Multiset, int]:
    """The next ``draws`` cards of a pile as ``(known, pool, k)``: the top cards
    seen, in order, then ``k`` unknown ones, a uniform draw from ``pool`` (the
    ``below`` cards under the top are among the pool's cards, all of them by
    default).  A ``ValueError`` for a negative number of draws, or more than the
    pile holds."""
    below = len(pool) if below is None else below
    size = len(top) + below
    if type(draws) is not int or draws < 0:
        raise ValueError(f"the number of draws must be a whole number of at least 0, not {draws!r}")
    if draws > size:
        plural = lambda n, word: f"{n} {word}{'s' if n != 1 else ''}"  # noqa: E731
        raise ValueError(f"{plural(draws, 'draw')} asked of a draw pile of {plural(size, 'card')}")
    return tuple(top[:draws]), pool, max(0, draws - len(top))


def _outcomes(known: Sequence[str], pool: Multiset, k: int, w: Wants, aside: tuple[Multiset, int] | None = None):
    """Each outcome of ``k`` cards drawn from ``pool`` beside ``known``, as the
    count of every key with its probability (the pool lumped by signature, so
    the enumeration is small).  ``aside``: ``(cards, n)``, ``n`` of the pool's
    ``cards`` set aside first, uniformly (a face-down card the seat knows the
    type of), and not drawn."""
    base = [0] * len(w.keys)
    for card in known:
        for i, bit in enumerate(w.signature(card)):
            base[i] += bit == "1"
    lumped = pool.lump(w.signature)
    firsts = [(lumped, Fraction(1))] if not aside or not aside[1] else \
        [(lumped - put.cards, q) for put, q in aside[0].lump(w.signature).draw(aside[1]).pairs]
    for left, q in firsts:
        for drawn, p in left.draw(k).pairs:
            counts = list(base)
            for sig, n in Counter(drawn.cards).items():
                for i, bit in enumerate(sig):
                    if bit == "1":
                        counts[i] += n
            yield tuple(counts), p * q


def chance(known: Sequence[str], pool: Multiset, k: int, w: Wants, aside: tuple[Multiset, int] | None = None
           ) -> Fraction:
    """P(``known`` and ``k`` cards drawn uniformly from ``pool`` hold at least the
    number wanted of every key), exact (``aside``: see :func:`count_dist`)."""
    return sum((p for counts, p in _outcomes(known, pool, k, w, aside)
                if all(c >= n for c, n in zip(counts, w.least))), Fraction(0))


def count_dist(known: Sequence[str], pool: Multiset, k: int, w: Wants, key: str,
               aside: tuple[Multiset, int] | None = None) -> Dist[int]:
    """The exact distribution of how many cards of ``key`` (one of the request's
    keys) are among ``known`` and ``k`` cards drawn from ``pool``; ``aside``
    (``(cards, n)``): first ``n`` of the pool's ``cards`` are set aside, drawn
    uniformly from those (a card face down whose type the seat knows)."""
    i = w.keys.index(key)
    weights: dict[int, Fraction] = {}
    for counts, p in _outcomes(known, pool, k, w, aside):
        weights[counts[i]] = weights.get(counts[i], Fraction(0)) + p
    return Dist(sorted(weights.items()))


__all__ = ["ASSUMPTION", "SeatOdds", "Wants", "chance", "count_dist", "pile_draw", "wants"]
