"""What a seat sees of a Doomtrooper state (:meth:`~.game.DoomtrooperGame.observe`): hands,
draw piles and discard piles of others shown only by their size, and another player's
warrior mustered in cover shown as an unknown card until it is revealed.

The views of seats, and of a combat's tables, are remembered for the last objects each
viewer saw: states are immutable, so a part that did not change is the same object, and
its view is the same too.

>>> unseen(2).size, unseen(0).size
(2, 0)
"""

from __future__ import annotations

from typing import Any

from ..core.deck import Deck, Multiset
from .base.combat_state import CombatState
from .state import UNSEEN, Trooper

#: a view built as the tuple it is (a named tuple's _replace is a generic copy)
_new = tuple.__new__


def _unseen_pile(n: int) -> Multiset:
    """``n`` cards nobody may look at, made anew (:func:`unseen` keeps one per size)."""
    return Multiset(((UNSEEN, n),)) if n else Multiset()


#: pile size -> that many cards nobody may look at, one object per size (multisets are immutable).
#: A plain dict, read by subscript on the paths every view takes (a dict subclass's subscript costs
#: twice a dict's): the sizes of the game's piles are made at import, a larger one when first asked.
_UNSEEN: dict[int, Multiset] = {n: _unseen_pile(n) for n in range(256)}


def unseen(n: int) -> Multiset:
    """``n`` cards nobody may look at (one object per size: :data:`_UNSEEN`)."""
    hit = _UNSEEN.get(n)
    if hit is None:
        hit = _UNSEEN[n] = _unseen_pile(n)
    return hit


#: pile size -> a draw pile of that many cards nobody may look at (decks are immutable), as :data:`_UNSEEN`
_UNSEEN_DECKS: dict[int, Deck] = {n: Deck((), pile, frozenset()) for n, pile in _UNSEEN.items()}


def _made(n: int) -> None:
    """The unseen piles and draw piles of every size up to ``n`` made (:data:`_UNSEEN`, :data:`_UNSEEN_DECKS`)."""
    for k in range(n + 1):
        unseen_deck(k)


def unseen_deck(n: int) -> Deck:
    """A draw pile of ``n`` cards nobody may look at (one object per size: :data:`_UNSEEN_DECKS`)."""
    hit = _UNSEEN_DECKS.get(n)
    if hit is None:
        hit = _UNSEEN_DECKS[n] = Deck((), unseen(n), frozenset())
    return hit


def hidden(troopers: tuple[Trooper, ...]) -> bool:
    """Is one of ``troopers`` mustered in cover and not yet revealed?  (A loop: in Python 3.11
    ``any`` over a ``map`` costs twice as much for the few warriors of a table.)"""
    for t in troopers:
        if t.hidden:
            return True
    return False

#: viewer -> [the seats he saw last, his views of them, the same views in a list set in place]
_SEATS_VIEWS: dict[Any, list] = {}


def masked_seats(seats: tuple, player: Any) -> tuple:
    """Every seat as ``player`` sees it: his own hand as it is, every other pile an unseen one of
    its size.  Remembered per viewer for the last seats tuple he saw (it stays the same object
    through a combat, a Meditate, ...): a seat that is the same object as the one in its place
    then keeps its view, and a draw pile that is keeps its view (seats are immutable: most steps
    change one seat, its draw pile only when he draws; compared here, without a call)."""
    try:  # (a dict's subscript: no call to its get; try costs nothing until a new viewer raises)
        memo = _SEATS_VIEWS[player]
    except KeyError:
        if len(_SEATS_VIEWS) > 16:
            _SEATS_VIEWS.clear()
        memo = _SEATS_VIEWS[player] = [(), (), []]
    last = memo[0]
    if last is seats:
        return memo[1]
    view = memo[2]  # his last views, each kept while its seat is the same object (set in place: no copy)
    if len(last) != len(seats):  # his first look, or another game's seats
        last = (None,) * len(seats)
        view[:] = last
    i = 0  # (counted: no enumerate pair built and unpacked per seat)
    for s in seats:
        before = last[i]
        if before is not s:
            deck, hand = s.deck, s.hand
            try:
                if before is not None and before.deck is deck:
                    deck = view[i].deck
                else:  # its size read from its two parts (Deck.__len__ is a call)
                    top, pile, _ = deck
                    deck = _UNSEEN_DECKS[len(top) + pile.size]
                view[i] = s.seen(deck, hand if i == player else _UNSEEN[hand.size], _UNSEEN[s.discard.size],
                                 _UNSEEN[s.annihilated.size])
            except KeyError:  # a pile larger than any made yet: the sizes up to his cards made, and seen again
                _made(len(deck.top) + deck.pile.size + hand.size + s.discard.size + s.annihilated.size)
                return masked_seats(seats, player)
        i += 1
    memo[0] = seats
    seen = memo[1] = tuple(view)
    return seen


def masked_troopers(troopers: tuple[Trooper, ...], player: Any) -> tuple[Trooper, ...]:
    """The warriors as ``player`` sees them: another player's hidden warrior as an unknown card
    (most tables have no warrior hidden at all: that is asked first, by :func:`hidden`)."""
    if not hidden(troopers) or not any(t.hidden and t.owner != player for t in troopers):
        return troopers
    # a warrior hidden in an Outpost (Paradise Lost) stays there: only Tribal warriors are mustered into it
    return tuple(t._replace(card=UNSEEN, area="between" if t.area != "Outpost" else t.area)
                 if t.hidden and t.owner != player else t for t in troopers)


def _masked_table(table, player: Any, troopers: tuple = (), seen: tuple = ()):
    """A combat's table as ``player`` sees it: only his own hand, and another player's hidden
    warrior unknown.  ``seen``: his view of the warriors ``troopers``, when already made (a
    combat's table holds the state's warriors while they do not change)."""
    warriors = table.troopers
    if warriors is not troopers:
        seen = masked_troopers(warriors, player)
    hands = []  # a loop: in Python 3.11 a comprehension is a call
    i = 0  # (counted: no enumerate pair built and unpacked per hand)
    for h in table.hands:
        hands.append(h if i == player else unseen(h.size))
        i += 1
    return table.seen(tuple(hands), seen)


#: viewer -> [the combat's starting table he saw last, his view of it, the modify step's table, his view of it]
_TABLE_VIEWS: dict[Any, list] = {}


def masked_combat(c: CombatState, player: Any, troopers: tuple = (), seen: tuple = ()) -> CombatState:
    """The combat as ``player`` sees it (``seen``: his view of the warriors ``troopers``, when
    already made).  Its table as it began stays the same object through the modify step, and
    the modify step's table while players pass: the views of both are remembered per viewer
    (tables are immutable: one that did not change is the same object).  Until a card is
    played the modify step's table is the one the combat began with: its view serves both."""
    try:  # (as in masked_seats)
        memo = _TABLE_VIEWS[player]
    except KeyError:
        if len(_TABLE_VIEWS) > 16:
            _TABLE_VIEWS.clear()
        memo = _TABLE_VIEWS[player] = [None, None, None, None]
    start = c.table
    if memo[0] is not start:  # (compared here, without a call: most combat steps keep it)
        table = _masked_table(start, player, troopers, seen)
        memo[0] = start
        memo[1] = table
    else:
        table = memo[1]
    rounds = c.rounds
    if rounds is None:
        return c.with_rounds(None, table)
    order, turn, passes, live, plays = rounds  # RoundsState's five fields, its table rebuilt by position
    if live is start:
        live = table
    elif memo[2] is live:
        live = memo[3]
    else:
        view = _masked_table(live, player, troopers, seen)
        memo[2] = live
        live = memo[3] = view
    return c.with_rounds(_new(type(rounds), (order, turn, passes, live, plays)), table)


__all__ = ["hidden", "masked_combat", "masked_seats", "masked_troopers", "unseen", "unseen_deck"]
