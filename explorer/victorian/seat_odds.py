"""Odds from a seat's view: the chance to draw a card, and what the other side holds.

Both answers come from what the seat sees (:meth:`VictorianGame.observe`, the
game's ``observe`` in its :class:`~explorer.core.spec.GameSpec`), never from the
hidden state.  The top cards of its own deck it has seen count as known, in
their order; the cards under them are its deck's shuffled rest.  The other
side's hand holds the cards the seat has seen there, and the others are drawn
from every card of that side it has not seen (the other deck's rest, minus any
top cards it saw).  Every arrangement consistent with what the seat saw is
taken as equally likely (:mod:`explorer.core.seat_odds`).

A seat is 0 (the Heroes) or 1 (the Villains), or its name; a key is a card type
as the card lists write it (``"C"`` a Character, ``"L"`` a Location, ...) or a
card's name.

>>> from explorer.victorian.game import VictorianGame
>>> game = VictorianGame()
>>> state = game.new_game()
>>> draw_chance(state, "heroes", at_least={"C": 1}, draws=1, game=game)
Fraction(18, 59)
>>> opponent_holds(state, 0, at_least={"M": 1}, game=game)     # before the deal: an empty hand
Fraction(0, 1)
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import lru_cache
from typing import Any

from ..core import seat_odds
from ..core.deck import Multiset
from .cards import TYPES
from .game import VictorianGame
from .state import SIDE_INDEX, SIDES, VicState


@lru_cache(maxsize=1)
def _default_game() -> VictorianGame:
    return VictorianGame()


def seat_index(seat: Any) -> int:
    """0 or 1 from a seat number or name; a ``ValueError`` for anything else."""
    if isinstance(seat, str) and seat.lower() in SIDE_INDEX:
        return SIDE_INDEX[seat.lower()]
    if type(seat) is int and seat in (0, 1):
        return seat
    raise ValueError(f"no seat {seat!r}: the seats are 0 (the Heroes) and 1 (the Villains), "
                     f"or their names {' and '.join(repr(s) for s in SIDES)}")


def _wants(game: VictorianGame, at_least: Mapping[str, int]) -> seat_odds.Wants:
    def type_of(name: str) -> str | None:
        card = game.card_or_none(name)
        return card.type if card is not None else None

    return seat_odds.wants(at_least, type_of, types=tuple(TYPES))


def _view(game: VictorianGame | None, state: VicState, seat: Any) -> tuple[VictorianGame, VicState, int]:
    game = game or _default_game()
    me = seat_index(seat)
    return game, VictorianGame.observe(game, state, SIDES[me]), me


def draw_chance(state: VicState, seat: Any, at_least: Mapping[str, int] | None = None, draws: int = 1, *,
                game: VictorianGame | None = None) -> Fraction:
    """P(seat ``seat`` draws at least ``at_least[key]`` cards of every key in its
    next ``draws`` cards), from its view only: the top cards it has seen count as
    known, the rest is its deck's shuffled remainder, every order of it equally
    likely.  A ``ValueError`` names a bad seat, key or number of draws."""
    game, view, me = _view(game, state, seat)
    w = _wants(game, {"C": 1} if at_least is None else at_least)
    deck = view.sides[me].deck
    top = tuple(card for card, _ in deck.known)
    return seat_odds.chance(*seat_odds.pile_draw(top, Multiset.of(deck.rest), draws), w)


def opponent_holds(state: VicState, seat: Any, at_least: Mapping[str, int] | None = None, *,
                   game: VictorianGame | None = None) -> Fraction:
    """P(the other side's hand holds at least ``at_least[key]`` cards of every
    key), as seat ``seat`` can know it: the cards it has seen in that hand, and
    the others drawn from every card of that side it has not seen, every
    arrangement consistent with what it saw equally likely.  A ``ValueError``
    names a bad seat or key."""
    game, view, me = _view(game, state, seat)
    w = _wants(game, {"C": 1} if at_least is None else at_least)
    side = view.sides[1 - me]
    return seat_odds.chance(side.hand, Multiset.of(side.deck.rest), side.hidden, w)


def keys(game: VictorianGame | None = None) -> tuple[tuple[str, str], ...]:
    """What a person may ask about, as ``(label, key)``: each card type, then
    every card of both lists by name."""
    game = game or _default_game()
    names = sorted({name for side in range(len(SIDES)) for name in game.cards_of(side)})
    return tuple((f"any {kind}", code) for code, kind in TYPES.items()) + tuple((n, n) for n in names)


SEAT_ODDS = seat_odds.SeatOdds(draw_chance, opponent_holds, keys)

__all__ = ["SEAT_ODDS", "draw_chance", "keys", "opponent_holds", "seat_index"]
