"""Cards: immutable multisets, decks with a known top, and exact draws.

A card is named by a string (its name, or for a *lumped* deck the class it stands
for, such as a card type).  Drawing is one chance step whose outcomes are the
hands *as multisets*, each with its exact hypergeometric probability, not every
ordering of the deck: a 60-card deck dealt 7 has about 386 million hands, so a
draw is a :class:`Draw`, a distribution that samples without enumerating and
enumerates only when asked (and small enough).  To ask exact questions of a big
deck, lump it first (:meth:`Multiset.lump`): "is there a Character in my seven?"
needs only the card types.

>>> deck = Deck.of(["Sherlock", "Watson", "Mycroft", "Train", "Train"])
>>> hands = deck.draw(2)
>>> hands.prob(lambda out: "Train" in out.cards)
Fraction(7, 10)
>>> by_type = Multiset.of({"C": 3, "E": 2}).draw(2)
>>> [(o.cards, p) for o, p in by_type.pairs]
[(('C', 'C'), Fraction(3, 10)), (('C', 'E'), Fraction(3, 5)), (('E', 'E'), Fraction(1, 10))]
"""

from __future__ import annotations

import math
import random
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from fractions import Fraction
from itertools import chain, repeat, starmap
from operator import itemgetter
from typing import Any, NamedTuple

#: Above this many outcomes a draw refuses to enumerate (lump the deck instead).
ENUMERATION_LIMIT = 250_000


class TooManyOutcomes(ValueError):
    """An exact enumeration would be too big: sample instead, or lump the cards."""


_CARD = itemgetter(0)  # the card of a multiset's (card, count) pair

#: a named tuple built as the tuple it is, on the paths every draw takes (its constructor is a Python function)
_new = tuple.__new__
_object_new = object.__new__  # (a multiset built without its __init__: _sorted)
_NOBODY = frozenset()  # a deck's top known to nobody


class Multiset:
    """An immutable, hashable multiset of card names, kept as sorted ``(card, count)``
    pairs so that equal multisets are equal and hash alike on every machine (the
    hash is worked out when first asked: most multisets a game makes never are)."""

    __slots__ = ("items", "size", "_hash", "_distinct", "_cards")

    def __init__(self, items: Iterable[tuple[str, int]] = ()):
        merged: dict[str, int] = {}
        get = merged.get
        for card, n in items:
            if n < 0:
                raise ValueError(f"a negative count of {card!r}")
            merged[card] = get(card, 0) + n
        self.items: tuple[tuple[str, int], ...] = tuple(sorted([(c, n) for c, n in merged.items() if n]))
        self.size: int = sum(merged.values())
        self._hash: int | None = None
        self._distinct: tuple[str, ...] | None = None
        self._cards: tuple[str, ...] | None = None

    @classmethod
    def of(cls, cards: Iterable[str] | Mapping[str, int]) -> Multiset:
        """From a list of cards (repeats count) or a mapping card -> count."""
        if isinstance(cards, Mapping):
            return cls(cards.items())
        return cls(Counter(cards).items())

    # -- reading --------------------------------------------------------------------------
    def __len__(self) -> int:
        return self.size

    def __iter__(self) -> Iterator[str]:
        """Every card, repeats included, in sorted order."""
        for card, n in self.items:
            for _ in range(n):
                yield card

    def __contains__(self, card: object) -> bool:
        for c, _ in self.items:
            if c == card:
                return True
        return False

    def count(self, card: str) -> int:
        for c, n in self.items:
            if c == card:
                return n
        return 0

    @property
    def cards(self) -> tuple[str, ...]:
        """Every card, repeats included, in sorted order: the cards laid out as a draw counts
        them (built once; a draw's rest is given its own, :meth:`Draw.sample`)."""
        out = self._cards
        if out is None:
            out = self._cards = tuple(chain.from_iterable(starmap(repeat, self.items)))
        return out

    @property
    def distinct(self) -> tuple[str, ...]:
        """The cards without repeats, sorted (built once: a hand is read often; a card added or
        removed passes them on, changed, to the new multiset, whose cards they bisect)."""
        out = self._distinct
        if out is None:
            out = self._distinct = tuple(map(_CARD, self.items))
        return out

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Multiset) and self.items == other.items

    def __hash__(self) -> int:
        h = self._hash
        if h is None:
            h = self._hash = hash(self.items)
        return h

    def __reduce__(self):
        return (Multiset, (self.items,))

    def __repr__(self) -> str:
        return f"Multiset({dict(self.items)!r})"

    # -- changing (new values) ------------------------------------------------------------
    def __add__(self, other: Multiset | Iterable[str]) -> Multiset:
        if not isinstance(other, Multiset):
            if type(other) is not tuple and isinstance(other, Mapping):  # (a tuple never is: no ABC check)
                other = Multiset.of(other)
            else:  # a few cards (a hand drawn): each put in its place among the sorted pairs, found by
                # bisection among their names as add does, in lists changed in place (as Draw.sample)
                items, names, size = list(self.items), list(self.distinct), self.size
                for card in other:
                    i = bisect_left(names, card)
                    if i < len(names) and names[i] == card:
                        items[i] = (card, items[i][1] + 1)
                    else:
                        items.insert(i, (card, 1))
                        names.insert(i, card)
                    size += 1
                return _sorted(tuple(items), size, tuple(names))
        return Multiset(self.items + other.items)

    def __sub__(self, other: Multiset | Iterable[str]) -> Multiset:
        other = other if isinstance(other, Multiset) else Multiset.of(other)
        left = Counter(dict(self.items))
        for card, n in other.items:
            if left[card] < n:
                raise ValueError(f"cannot take {n} {card!r} from a multiset holding {left[card]}")
            left[card] -= n
        return Multiset(left.items())

    def add(self, card: str, n: int = 1) -> Multiset:
        if n <= 0:
            if n:
                raise ValueError(f"a negative count of {card!r}")
            return self
        items, names = self.items, self._distinct
        # where card's pair is, or would go: among the names when known (strings compared, not
        # pairs), else among the pairs ((card,) sorts just before card's pair); the pairs changed
        # in a list (one copy, where slices and concatenations make four)
        i = bisect_left(items, (card,)) if names is None else bisect_left(names, card)
        pairs = list(items)
        if i < len(items) and items[i][0] == card:
            pairs[i] = (card, items[i][1] + n)
            return _sorted(tuple(pairs), self.size + n, names)  # the same cards without repeats
        pairs.insert(i, (card, n))
        return _sorted(tuple(pairs), self.size + n, None if names is None else names[:i] + (card,) + names[i:])

    def remove(self, card: str, n: int = 1) -> Multiset:
        items, names = self.items, self._distinct
        i = bisect_left(items, (card,)) if names is None else bisect_left(names, card)  # as in add
        if i < len(items):
            k = items[i][1]
            if k >= n and items[i][0] == card:
                pairs = list(items)
                if k > n:
                    pairs[i] = (card, k - n)
                    return _sorted(tuple(pairs), self.size - n, names)
                del pairs[i]
                return _sorted(tuple(pairs), self.size - n, None if names is None else names[:i] + names[i + 1:])
        return self - Multiset(((card, n),))  # raises the usual error

    def lump(self, key: Callable[[str], str]) -> Multiset:
        """The same cards seen through ``key`` (a card's type, say): a smaller
        multiset whose draws have the same odds for any question about the keys."""
        out: Counter[str] = Counter()
        for card, n in self.items:
            out[key(card)] += n
        return Multiset(out.items())

    # -- chance ---------------------------------------------------------------------------
    def draw(self, k: int) -> Draw:
        """Draw ``k`` cards at random: a distribution over :class:`Drawn` (the cards
        drawn as a sorted tuple, and what is left)."""
        if not 0 <= k <= self.size:
            raise ValueError(f"cannot draw {k} cards from {self.size}")
        return Draw(self, k)


def _sorted(items: tuple[tuple[str, int], ...], size: int, names: tuple[str, ...] | None = None) -> Multiset:
    """A multiset from pairs already sorted, merged and positive, ``size`` cards in all, and
    their ``names`` when known (no checks: every caller knows the size without counting; a
    function, not a classmethod: no method bound on the path every card added takes)."""
    m = _object_new(Multiset)
    m.items = items
    m.size = size
    m._hash = None
    m._distinct = names
    m._cards = None
    return m


class Drawn(NamedTuple):
    """One outcome of a draw: the cards drawn (sorted) and the multiset left."""

    cards: tuple[str, ...]
    rest: Multiset


class Draw:
    """The exact distribution of drawing ``k`` cards from a multiset, without order.

    ``P(hand) = prod_c C(n_c, h_c) / C(N, k)``.  It behaves as a
    :class:`~explorer.core.dist.Dist` where the engine needs one: ``sample(rng)``
    draws one hand (card by card, integer arithmetic only, so the same on every
    machine) without enumerating; ``pairs`` enumerates every hand (at most
    :data:`ENUMERATION_LIMIT`, else :class:`TooManyOutcomes`).
    """

    __slots__ = ("source", "k", "_pairs")

    def __init__(self, source: Multiset, k: int):
        self.source = source
        self.k = k
        self._pairs: tuple[tuple[Drawn, Fraction], ...] | None = None

    def count(self) -> int:
        """How many distinct hands the draw can give."""
        # bounded compositions of k over the counts: a small dynamic programme
        ways = [1] + [0] * self.k
        for _, n in self.source.items:
            nxt = [0] * (self.k + 1)
            for total, w in enumerate(ways):
                if w:
                    for take in range(min(n, self.k - total) + 1):
                        nxt[total + take] += w
            ways = nxt
        return ways[self.k]

    def sample(self, rng: random.Random) -> Drawn:
        """One hand, card by card: a number below the count of cards left, drawn as
        ``rng.randrange`` draws it, is a place among the cards left laid out in order
        (:attr:`Multiset.cards`), and the card there is drawn (the card whose running count
        first passes it); that copy leaves the cards laid out, and its pair's count the sorted
        pairs (found by bisection among their names: strings compared, not pairs).  Lists,
        changed in place (a tuple rebuilt per card costs more than the copies), made tuples
        once: the rest keeps the cards laid out and their names, for the next draw from it."""
        source = self.source
        left = source.size
        laid, items, names = list(source.cards), list(source.items), list(source.distinct)
        getrandbits = rng.getrandbits
        drawn: list[str] = []
        for _ in range(self.k):
            # rng.randrange(left) without its two Python calls: the fewest bits that reach left,
            # again while too large (random.Random's own way, so the same numbers)
            bits = left.bit_length()
            r = getrandbits(bits)
            while r >= left:
                r = getrandbits(bits)
            card = laid.pop(r)
            i = bisect_left(names, card)
            n = items[i][1]
            if n > 1:
                items[i] = (card, n - 1)
            else:
                del items[i], names[i]
            drawn.append(card)
            left -= 1
        drawn.sort()  # the cards in the pairs' order
        rest = _sorted(tuple(items), left, tuple(names))
        rest._cards = tuple(laid)  # (a cache of the new multiset's, set before anyone sees it)
        # the named tuple built as the tuple it is (its constructor is a Python function)
        return _new(Drawn, (tuple(drawn), rest))

    @property
    def pairs(self) -> tuple[tuple[Drawn, Fraction], ...]:
        if self._pairs is None:
            n = self.count()
            if n > ENUMERATION_LIMIT:
                raise TooManyOutcomes(f"drawing {self.k} from {self.source.size} cards has {n:,} possible hands; "
                                      "lump the cards by what the question asks (Multiset.lump) or sample")
            total = math.comb(self.source.size, self.k)
            out = []
            items = self.source.items

            def walk(i: int, need: int, hand: list[tuple[str, int]], weight: int) -> None:
                if need == 0:
                    drawn = tuple(c for c, t in hand for _ in range(t))
                    taken = dict(hand)
                    rest = Multiset((c, n - taken.get(c, 0)) for c, n in items)
                    out.append((Drawn(drawn, rest), Fraction(weight, total)))
                    return
                if i == len(items):
                    return
                card, n = items[i]
                remaining = sum(m for _, m in items[i + 1:])
                for take in range(min(n, need), -1, -1):
                    if need - take > remaining:
                        break
                    walk(i + 1, need - take, hand + [(card, take)] if take else hand, weight * math.comb(n, take))

            walk(0, self.k, [], 1)
            self._pairs = tuple(out)
        return self._pairs

    # the parts of the Dist interface analyses use
    def items(self):
        return self.pairs

    def __iter__(self) -> Iterator[Drawn]:
        return (o for o, _ in self.pairs)

    def __len__(self) -> int:
        return self.count()

    def prob(self, event: Callable[[Drawn], bool]) -> Fraction:
        return sum((p for o, p in self.pairs if event(o)), Fraction(0))

    def __repr__(self) -> str:
        return f"Draw({self.k} from {self.source.size})"


class Deck(NamedTuple):
    """A draw pile: ``top``, cards whose order is known (top first) to the players
    in ``seen_by``; under them ``pile``, the shuffled rest, whose order nobody knows.

    Immutable and hashable; every method returns a new deck.
    """

    top: tuple[str, ...] = ()
    pile: Multiset = Multiset()
    seen_by: frozenset = frozenset()

    @classmethod
    def of(cls, cards: Iterable[str] | Mapping[str, int]) -> Deck:
        """A freshly shuffled deck."""
        return cls((), Multiset.of(cards), frozenset())

    def __len__(self) -> int:
        return len(self.top) + self.pile.size

    @property
    def cards(self) -> Multiset:
        """Every card in the deck, order forgotten."""
        return self.pile + self.top

    def draw(self, k: int) -> DeckDraw:
        """Draw ``k`` cards from the top: the known ones first, then at random from
        the shuffled rest.  At most the whole deck (``ValueError`` beyond)."""
        if not 0 <= k <= len(self):
            raise ValueError(f"cannot draw {k} cards from a deck of {len(self)}")
        return DeckDraw(self, k)

    def peek(self, k: int, player: Any) -> Peek:
        """Look at the next ``k`` cards (fewer if the deck is shorter): their order
        becomes known to ``player``.  A chance step over the order revealed."""
        k = min(k, len(self))
        return Peek(self, k, player)

    def shuffle_in(self, cards: Iterable[str]) -> Deck:
        """Shuffle ``cards`` back in: the whole deck is shuffled, no order is known."""
        return Deck((), self.pile + self.top + list(cards), frozenset())

    def put_on_top(self, cards: Iterable[str], seen_by: Iterable[Any] = ()) -> Deck:
        """Put ``cards`` on top in this order (first on top), known to ``seen_by``."""
        cards = tuple(cards)
        return Deck(cards + self.top, self.pile, frozenset(seen_by) & self.seen_by if self.top else frozenset(seen_by))

    def take(self, card: str) -> Deck:
        """Take one named card out (a search of the deck); the deck is shuffled after."""
        rest = self.cards.remove(card)
        return Deck((), rest, frozenset())

    def view(self, player: Any) -> Deck:
        """The deck as ``player`` knows it: the known top stays known only if he saw it."""
        if not self.top or player in self.seen_by:
            return self
        return Deck((), self.cards, frozenset())


class Dealt(NamedTuple):
    """One outcome of drawing from a :class:`Deck`: the cards drawn (the known top
    in its order, then the rest sorted) and the deck left."""

    cards: tuple[str, ...]
    deck: Deck


class DeckDraw:
    """Drawing ``k`` from a :class:`Deck`: a distribution over :class:`Dealt`.
    Same interface as :class:`Draw`."""

    __slots__ = ("deck", "k", "_inner")

    def __init__(self, deck: Deck, k: int):
        self.deck, self.k = deck, k
        from_pile = max(0, k - len(deck.top))
        self._inner = deck.pile.draw(from_pile)

    def _wrap(self, drawn: Drawn) -> Dealt:
        deck, k = self.deck, self.k
        top = deck.top
        if not top:  # nothing known on top (the common case): the draw is the pile's
            return _new(Dealt, (drawn[0], _new(Deck, ((), drawn[1], _NOBODY))))
        known = top[:k]
        left_top = top[k:]
        return Dealt(known + drawn.cards, Deck(left_top, drawn.rest, deck.seen_by if left_top else _NOBODY))

    def sample(self, rng: random.Random) -> Dealt:
        return self._wrap(self._inner.sample(rng))

    @property
    def pairs(self):
        return tuple((self._wrap(o), p) for o, p in self._inner.pairs)

    def items(self):
        return self.pairs

    def __len__(self) -> int:
        return self._inner.count()

    def prob(self, event: Callable[[Any], bool]) -> Fraction:
        return sum((p for o, p in self.pairs if event(o)), Fraction(0))


class Peek:
    """Looking at the next ``k`` cards of a deck: an ordered sequence from the
    shuffled part (exact: ``prod n_c falling / N falling``), after the known top."""

    __slots__ = ("deck", "k", "player")

    def __init__(self, deck: Deck, k: int, player: Any):
        self.deck, self.k, self.player = deck, k, player

    def _need(self) -> int:
        return max(0, self.k - len(self.deck.top))

    def sample(self, rng: random.Random) -> Deck:
        deck = self.deck
        order: list[str] = []
        pile = deck.pile
        for _ in range(self._need()):
            drawn = pile.draw(1).sample(rng)
            order.append(drawn.cards[0])
            pile = drawn.rest
        return Deck(deck.top + tuple(order), pile, self._seen())

    def _seen(self) -> frozenset:
        deck = self.deck
        known = deck.seen_by if deck.top else frozenset()
        return known | {self.player}

    @property
    def pairs(self):
        deck = self.deck
        need = self._need()
        out: list[tuple[Deck, Fraction]] = []

        def walk(pile: Multiset, order: tuple[str, ...], p: Fraction) -> None:
            if len(order) == need:
                out.append((Deck(deck.top + order, pile, self._seen()), p))
                return
            for card, n in pile.items:
                walk(pile.remove(card), order + (card,), p * Fraction(n, pile.size))

        count = math.perm(len(deck.pile.distinct), min(need, len(deck.pile.distinct))) if need else 1
        if count > ENUMERATION_LIMIT:
            raise TooManyOutcomes(f"looking at {need} of {deck.pile.size} cards has too many orders to list")
        walk(deck.pile, (), Fraction(1))
        return tuple(out)

    def items(self):
        return self.pairs

    def __len__(self) -> int:
        return len(self.pairs)


def sample_index(rng: random.Random, weights: list[int]) -> int:
    """An index drawn with integer ``weights`` (one ``randrange``, machine-independent)."""
    cum, acc = [], 0
    for w in weights:
        acc += w
        cum.append(acc)
    return bisect_right(cum, rng.randrange(acc))


__all__ = ["Dealt", "Deck", "DeckDraw", "Draw", "Drawn", "ENUMERATION_LIMIT", "Multiset", "Peek", "TooManyOutcomes",
           "sample_index"]
