"""Moving cards between a side's deck, hand, discard pile and play.

Every move keeps each card in exactly one place.  A card drawn from the
shuffled part of a deck is one chance step (:class:`OneCard`: a card with the
probability of its copies, exact; a sample picks one at once); a card whose
place on top is known is drawn without one.  Looking at the next cards reveals them one at a time, each a
chance step over the cards left.  What the opponent knows of a hand
(``Side.exposed``) follows the cards: a card that leaves the hand is no longer
known to be there; a card that comes back from play or the discard pile is
seen coming.

>>> hand = add_card((), "Train")
>>> add_card(hand, "Saber"), remove_card(("Saber", "Train"), "Saber")
(('Saber', 'Train'), ('Train',))
"""

from __future__ import annotations

import bisect
from collections.abc import Iterable
from typing import Any

from fractions import Fraction
from ..core.engine import Chance
from .state import Pile, Side


# -- sorted tuples (hands and discard piles) ------------------------------------------------------

def add_card(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    i = bisect.bisect_right(cards, card)
    return cards[:i] + (card,) + cards[i:]


def add_cards(cards: tuple[str, ...], more: Iterable[str]) -> tuple[str, ...]:
    return tuple(sorted(cards + tuple(more)))


def remove_card(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    """``cards`` without one ``card`` (``ValueError`` if it is not there)."""
    i = bisect.bisect_left(cards, card)
    if i == len(cards) or cards[i] != card:
        raise ValueError(f"{card!r} is not among {cards!r}")
    return cards[:i] + cards[i + 1:]


# -- the deck -------------------------------------------------------------------------------------

class OneCard:
    """One card drawn at random from a sorted tuple of cards: a distribution over
    ``(card, the cards left)``, each distinct card with the probability of its
    copies.  Behaves as a :class:`~explorer.core.dist.Dist` for the engine:
    ``sample(rng)`` picks one card (one ``randrange``, the same on every
    machine), ``pairs`` lists them exactly.

    >>> d = OneCard(("C", "C", "E"))
    >>> [(card, p) for (card, _), p in d.pairs]
    [('C', Fraction(2, 3)), ('E', Fraction(1, 3))]
    """

    __slots__ = ("cards", "_pairs")

    def __init__(self, cards: tuple[str, ...]):
        if not cards:
            raise ValueError("cannot draw from no cards")
        self.cards = cards
        self._pairs: tuple | None = None

    @staticmethod
    def _without(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
        i = bisect.bisect_left(cards, card)
        return cards[:i] + cards[i + 1:]

    def sample(self, rng: Any) -> tuple[str, tuple[str, ...]]:
        cards = self.cards
        card = cards[rng.randrange(len(cards))]
        return card, self._without(cards, card)

    @property
    def pairs(self) -> tuple[tuple[tuple[str, tuple[str, ...]], Fraction], ...]:
        if self._pairs is None:  # the cards are sorted: each distinct card's copies are one run, found by bisection
            cards, n = self.cards, len(self.cards)
            out, i = [], 0
            while i < n:
                c = cards[i]
                j = bisect.bisect_right(cards, c, i)
                out.append(((c, cards[:i] + cards[i + 1:]), Fraction(j - i, n)))
                i = j
            self._pairs = tuple(out)
        return self._pairs

    def items(self):
        return self.pairs

    def __len__(self) -> int:
        return len(self.pairs)


def draw_one(pile: Pile, chance: Chance) -> tuple[str, Pile]:
    """The top card and the deck left (the deck must not be empty)."""
    if pile.known:
        return pile.known[0][0], _new(Pile, (pile.known[1:], pile.rest))
    card, rest = chance.roll(OneCard(pile.rest))
    return card, _new(Pile, ((), rest))


_new = tuple.__new__  # (a Pile built directly from its two fields: a card is drawn at most steps)
assert Pile._fields == ("known", "rest")


def reveal_next(pile: Pile, player: Any, upto: int, chance: Chance) -> tuple[Pile, str | None]:
    """Show ``player`` one more of the next ``upto`` cards: first every card
    already known on top (no chance), then one card from the shuffled rest.
    Returns the deck and the card newly revealed from the rest (``None`` when
    none was)."""
    listed = []  # (in a loop: a comprehension costs a call)
    for i, (c, who) in enumerate(pile.known):
        listed.append((c, who | {player}) if i < upto and player not in who else (c, who))
    known = tuple(listed)
    if len(known) < upto and pile.rest:
        card, rest = chance.roll(OneCard(pile.rest))
        return _new(Pile, (known + ((card, frozenset((player,))),), rest)), card
    return _new(Pile, (known, pile.rest)), None


def revealed_all(pile: Pile, player: Any, upto: int) -> bool:
    """Whether ``player`` has seen the next ``upto`` cards (or the whole deck)."""
    return len(pile.seen(player)) >= min(upto, pile.size)


def take_from_deck(pile: Pile, card: str) -> Pile:
    """The deck without one named card, shuffled (a search leaves no order known)."""
    return Pile((), remove_card(pile.contents(), card))


def deck_view(pile: Pile, player: Any, extra: Iterable[str] = ()) -> Pile:
    """The deck as ``player`` knows it: the top cards he saw, in order; the rest
    (with ``extra``, cards he cannot place) as one unordered multiset."""
    if not pile.known:  # (most decks: nothing seen on top, the extra cards simply mixed in)
        return _new(Pile, ((), tuple(sorted(pile.rest + tuple(extra))))) if extra else pile
    seen = pile.seen(player)
    unplaced = list(extra)  # (in any order: sorted below; loops here, as a comprehension costs a call)
    for c, _ in pile.known[len(seen):]:
        unplaced.append(c)
    rest = tuple(sorted(pile.rest + tuple(unplaced))) if unplaced else pile.rest
    mine = frozenset((player,))
    known = []
    for c in seen:
        known.append((c, mine))
    return _new(Pile, (tuple(known), rest))


# -- a side's hand ---------------------------------------------------------------------------------

assert Side._fields[:3] == ("deck", "hand", "discard") and Side._fields[6] == "exposed"  # (built by position below)


def _with_hand(side: Side, deck: Pile, hand: tuple[str, ...], exposed: tuple[str, ...]) -> Side:
    """``side._replace(deck=deck, hand=hand, exposed=exposed)``, built directly from its
    fields (the hand changes at many steps)."""
    return _new(Side, (deck, hand, *side[2:6], exposed, *side[7:]))


def with_deck(side: Side, deck: Pile) -> Side:
    """``side._replace(deck=deck)``, built directly from its fields (the first is the deck)."""
    return _new(Side, (deck, *side[1:]))


def _with_discard(side: Side, discard: tuple[str, ...]) -> Side:
    """``side._replace(discard=discard)``, built directly from its fields (the third is the discard pile)."""
    return _new(Side, (*side[:2], discard, *side[3:]))


def to_hand(side: Side, card: str, *, seen: bool = False, deck: Pile | None = None) -> Side:
    """``card`` into the hand; ``seen``: the opponent saw it come (from play or
    the discard pile), so he knows it is there.  ``deck``: the side's deck now,
    when the card was drawn from it (else the deck stays as it is)."""
    return _with_hand(side, side.deck if deck is None else deck, add_card(side.hand, card),
                      add_card(side.exposed, card) if seen else side.exposed)


def from_hand(side: Side, card: str) -> Side:
    """``card`` out of the hand (``ValueError`` if it is not there)."""
    hand = remove_card(side.hand, card)
    exposed = side.exposed
    if card in exposed:
        exposed = remove_card(exposed, card)
    return _with_hand(side, side.deck, hand, exposed)


def discard_from_hand(side: Side, card: str) -> Side:
    return _with_discard(from_hand(side, card), add_card(side.discard, card))


def expose_hand(side: Side) -> Side:
    """The opponent has looked at the whole hand."""
    return _with_hand(side, side.deck, side.hand, side.hand)


def to_discard(side: Side, cards: Iterable[str]) -> Side:
    cards = tuple(cards)
    if not cards:
        return side
    return _with_discard(side, add_cards(side.discard, cards))


__all__ = ["OneCard", "add_card", "add_cards", "deck_view", "discard_from_hand", "draw_one", "expose_hand", "from_hand",
           "remove_card", "reveal_next", "revealed_all", "take_from_deck", "to_discard", "to_hand", "with_deck"]
