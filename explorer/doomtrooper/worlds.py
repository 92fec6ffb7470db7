"""The worlds a seat cannot tell apart: what it has not seen, and one full state dealt from it.

A seat sees its own hand, every card face up on the table, and the sizes of
everything else ("The Table Layout": hands, draw piles, discard and annihilated
piles are secret; "Muster Warrior in Cover": a warrior mustered in cover is
face down).  The cards of a player the seat has not seen are his deck list
minus every card of his it sees (:func:`unseen`); a world deals them out again
(:func:`deal`): first each of his face-down warriors, one of his unseen
warriors (a Tribal one in an Outpost, any other elsewhere), then his hand, his
discard and his annihilated piles, each a uniform draw of what is left, and his
draw pile the rest (its order is chance: drawing from it is a step of the game).
Every arrangement consistent with what the seat saw is then equally likely, the
reading :mod:`explorer.doomtrooper.seat_odds` computes its exact odds under.

A player's hand during a combat or an answer to a sabotage is the hand the
combat began with less the cards he has played in it, which are face up: the
world keeps them in his hand and deals the rest.  The Vortex's record of the
cards a player kept back is his secret too: the world draws it from his hand as
dealt (and, beyond its size, from the rest of his deck list).

The deck lists are those a new game deals by default (the same choice
:meth:`DoomtrooperGame.new_game` makes); a view that does not fit them raises
:class:`OtherDecks`.

>>> from explorer.doomtrooper.game import setup
>>> import random
>>> game, state = setup(2, seed=3)
>>> view = game.observe(state, 0)
>>> world = deal(game, view, 0, random.Random(1))
>>> game.observe(world, 0) == view, world.seats[0].hand == state.seats[0].hand
(True, True)
>>> [len(pool) for pool in unseen(view, deck_lists(game, 2))]   # seat 0's pile; seat 1's pile and hand
[53, 60]
"""

from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache
from typing import Any

from ..core.deck import Deck, Multiset
from .expansions.outpost import OUTPOST
from .state import UNSEEN, DTState, Trooper


class OtherDecks(NotImplementedError):
    """A view that does not fit the deck lists a new game deals: the game was
    dealt other decks, and a world cannot be dealt without knowing them."""


def cards_by_owner(state: DTState) -> list[Counter]:
    """Every card of each player wherever it is (draw, discard and annihilated
    piles, hand, warriors and what is attached, fortifications, missions, cards
    in play, the warzones the Warzone Variant adds to the table); a card the
    state hides counts as ``"?"``."""
    out = [Counter() for _ in state.seats]
    for i, s in enumerate(state.seats):
        for pile in (s.deck.cards, s.hand, s.discard, s.annihilated):
            out[i].update(dict(pile.items))
        out[i].update(s.fortifications)
        out[i].update(p.card for p in s.in_play)
        for m in s.missions:
            out[m.owner][m.card] += 1
    for card, owner in getattr(state.board, "warzones", ()):
        out[owner][card] += 1
    for t in state.troopers:
        out[t.owner][t.card] += 1
        for a in t.attached:
            out[a.owner][a.card] += 1
    return out


@lru_cache(maxsize=32)
def deck_lists(game: Any, players: int) -> tuple[Multiset, ...]:
    """Each seat's deck list in a new game of ``players`` with the default decks
    (remembered: a search deals a world at every playout)."""
    return tuple(Multiset.of(c) for c in cards_by_owner(game.new_game(players)))


def unseen(view: DTState, lists: tuple[Multiset, ...], seat: Any = None) -> list[Multiset]:
    """Each player's cards not seen in ``view`` (a seat's observation): his deck
    list (with the warriors Front Lines' transfers moved, which everyone saw)
    less every card of his the view shows.  A ``ValueError`` when the view
    does not fit a deck list (``seat``: the viewer, for the message)."""
    out = []
    for card, giver, taker in getattr(view.variant_state, "moved", ()):  # Front Lines' transfers, public
        lists = tuple(listed - Multiset.of({card: 1}) if i == giver else
                      listed + Multiset.of({card: 1}) if i == taker else listed for i, listed in enumerate(lists))
    for i, (listed, cards) in enumerate(zip(lists, cards_by_owner(view))):
        hidden = cards.pop(UNSEEN, 0)
        try:
            pool = listed - Multiset.of(cards)
        except ValueError:
            pool = None
        if pool is None or len(pool) != hidden:
            raise ValueError(f"what seat {seat} sees of seat {i}'s cards does not fit that seat's deck list "
                             "(a game dealt other decks: give its deck lists as decks)")
        out.append(pool)
    return out


def deal(game: Any, view: DTState, seat: Any, rng: random.Random, lists: tuple[Multiset, ...] | None = None
         ) -> DTState:
    """One full state consistent with ``view``, what seat ``seat`` observes,
    drawn with ``rng``: every arrangement of the cards it has not seen equally
    likely.  ``lists``: each seat's deck list (by default those a new game
    deals); :class:`OtherDecks` when the view does not fit them."""
    if seat is None:  # the view of everything hides nothing
        return view
    lists = deck_lists(game, len(view.seats)) if lists is None else lists
    try:
        pools = unseen(view, lists, seat)
    except ValueError as e:
        raise OtherDecks(str(e)) from None
    cards: dict[int, str] = {}
    seats = list(view.seats)
    hands: dict[int, Multiset] = {}
    for i, s in enumerate(view.seats):
        pool = _face_down_warriors(game, view, i, pools[i], rng, cards)
        if i != seat:
            shown = _played_from_hand(view, i)
            pool = _take(pool, shown, i)
            drawn = pool.draw(s.hand.size - shown.size).sample(rng)
            hands[i] = shown + drawn.cards
            pool = drawn.rest
        seats[i] = _piles(s, hands.get(i, s.hand), pool, rng)
    world = view._replace(seats=tuple(seats), troopers=_shown(game, view.troopers, cards))
    if view.combat is not None:
        world = world._replace(combat=_combat(game, view.combat, view, hands, cards))
    if view.response is not None and view.response.table.seat in hands:
        r = view.response
        hand = hands[r.table.seat] - ([r.table.stopped_by] if r.table.stopped_by else [])
        world = world._replace(response=r._replace(table=r.table._replace(hand=hand)))
    return _kept_back(world, hands, lists, rng)


def _face_down_warriors(game: Any, view: DTState, owner: int, pool: Multiset, rng: random.Random,
                        cards: dict[int, str]) -> Multiset:
    """Deal each face-down warrior of ``owner`` one of his unseen warriors (by
    uid, in the view's order) into ``cards``; what is left of ``pool``."""
    for t in view.troopers:
        if t.owner == owner and t.card == UNSEEN:
            fits = Multiset((c, n) for c, n in pool.items if game.pool[c].type == "warrior"
                            and (_area(game, c) == OUTPOST) == (t.area == OUTPOST))
            if not fits.size:
                raise OtherDecks(f"seat {owner} has a warrior face down but no unseen warrior that fits it")
            card = fits.draw(1).sample(rng).cards[0]
            cards[t.uid] = card
            pool = pool.remove(card)
    return pool


def _area(game: Any, card: str) -> str:
    return game.aff.area_for(game.classes_of_card(card))


def _shown(game: Any, troopers: tuple[Trooper, ...], cards: dict[int, str]) -> tuple[Trooper, ...]:
    """``troopers`` with each face-down warrior's card dealt, in the area it was mustered to."""
    if not cards:
        return troopers
    return tuple(t._replace(card=cards[t.uid], area=_area(game, cards[t.uid]))
                 if t.card == UNSEEN and t.uid in cards else t for t in troopers)


def _take(pool: Multiset, cards: Multiset, owner: int) -> Multiset:
    try:
        return pool - cards
    except ValueError:
        raise OtherDecks(f"seat {owner} played cards in this combat that his deck list does not hold") from None


def _played_from_hand(view: DTState, owner: int) -> Multiset:
    """The cards ``owner`` has taken from his hand, face up, since a combat began
    (played in it, or an Alliance put into play), or to stop a sabotage."""
    out = Multiset()
    if view.combat is not None:
        out = _left_hand(view.combat.live, owner, view.seats[owner])
    r = view.response
    if r is not None and r.table.seat == owner and r.table.stopped_by:
        out = out.add(r.table.stopped_by)
    return out


def _left_hand(table: Any, owner: int, seat: Any) -> Multiset:
    """What ``owner`` has played from his hand since the combat on ``table`` began."""
    out = Multiset.of([p.card for p in table.plays if p.seat == owner])
    if table.in_play:
        out += Multiset.of([p.card for p in table.in_play[owner]]) - Multiset.of([p.card for p in seat.in_play])
    return out


def _piles(s: Any, hand: Multiset, pool: Multiset, rng: random.Random) -> Any:
    """Seat ``s`` with ``hand``, and ``pool`` dealt into its discard and annihilated
    piles and its draw pile (what is left: the largest pile is never drawn card by card)."""
    discard, rest = _split(pool, s.discard.size, rng)
    annihilated, deck = _split(rest, s.annihilated.size, rng)
    if deck.size != len(s.deck):
        raise OtherDecks("the cards not seen do not fill the hidden piles")
    return s._replace(hand=hand, deck=Deck((), deck, frozenset()), discard=discard, annihilated=annihilated)


def _split(pool: Multiset, k: int, rng: random.Random) -> tuple[Multiset, Multiset]:
    """``k`` cards drawn from ``pool`` at random, and the rest."""
    if not k:
        return Multiset(), pool
    drawn = pool.draw(k).sample(rng)
    return Multiset.of(drawn.cards), drawn.rest


def _combat(game: Any, c: Any, view: DTState, hands: dict[int, Multiset], cards: dict[int, str]) -> Any:
    """The combat under way with each dealt hand less what its player played, and the face-down warriors' cards."""
    def table(t: Any) -> Any:
        dealt = tuple(hands[i] - _left_hand(t, i, view.seats[i]) if i in hands else h for i, h in enumerate(t.hands))
        return t._replace(hands=dealt, troopers=_shown(game, t.troopers, cards))

    c = c._replace(table=table(c.table))
    return c if c.rounds is None else c._replace(rounds=c.rounds._replace(table=table(c.rounds.table)))


def _kept_back(world: DTState, hands: dict[int, Multiset], lists: tuple[Multiset, ...], rng: random.Random
               ) -> DTState:
    """The Vortex: each other player's record of the cards he kept back, drawn
    from his hand as dealt and, beyond its size, from the rest of his deck list."""
    v = world.variant_state
    if not hasattr(v, "kept") or not any(k.size and UNSEEN in k for k in v.kept):
        return world
    kept = list(v.kept)
    for i, k in enumerate(v.kept):
        if k.size and UNSEEN in k and i in hands:
            first = hands[i].draw(min(k.size, hands[i].size)).sample(rng)
            more = (lists[i] - first.cards).draw(k.size - len(first.cards)).sample(rng)
            kept[i] = Multiset.of(first.cards + more.cards)
    return world._replace(variant_state=v._replace(kept=tuple(kept)))


__all__ = ["OtherDecks", "cards_by_owner", "deal", "deck_lists", "unseen"]
