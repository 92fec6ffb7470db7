"""SETUP: the opening hands and the mulligan, as steps of the game.

A new game (:func:`new_game`) waits for the rules to deal: each side in turn is
dealt seven cards, one card a step (each a chance step over the cards left in
its deck), then the mulligan check: a hand with no character (for the Villains
a Mastermind counts: see the register, "mulligan-characters") is discarded and
a new one dealt, again while it still has none (rules option
``mulligan_repeats``).  Because the deal is a step of the game like any other,
the exact analyzer can answer questions about it: run on a deck *lumped* by card
type (:meth:`~explorer.core.deck.Multiset.lump`), "P(no character in the opening
seven)" is an ordinary analysis (see :func:`explorer.victorian.odds.opening_hand`).

>>> from explorer.victorian.game import VictorianGame
>>> from explorer.core.deck import Multiset
>>> game = VictorianGame()
>>> state = game.new_game(decks={"heroes": Multiset.of({"C": 2, "E": 5})}, deal=("heroes",))
>>> game.decision(state).options
(DealCard(),)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from ..core.deck import Multiset
from ..core.engine import Chance, Decision
from ..core.events import Event
from . import pending
from . import sections as R
from .actions import DealCard
from .decisions import forced
from .reports import private, public
from .sides import title
from .state import SIDE_INDEX, Deal, Phase, Pile, Side, VicState, pop, put
from .zones import add_cards, draw_one, to_hand

if TYPE_CHECKING:
    from .game import VictorianGame

_new = tuple.__new__
assert Deal._fields == ("side", "left", "mulligans")  # (built by position below)


def new_game(game: VictorianGame, decks: Mapping[str, Multiset] | None = None,
             deal: Sequence[str] = ("heroes", "villains")) -> VicState:
    """A game before the deal: each side's deck shuffled, nothing in hand.

    ``decks``: a side's deck as a multiset of card names (default: its deck
    from the data), or of *labels* (card types, or names kept apart) for exact
    questions about the deal.  ``deal``: the sides to deal to (both)."""
    decks = dict(decks or {})
    sides = []
    for name in ("heroes", "villains"):
        cards = decks.get(name)
        if cards is None:
            rest = game.deck_cards(name)
        elif not isinstance(cards, Multiset):
            raise TypeError(f"the {name}' deck must be a Multiset of card names, not {type(cards).__name__}")
        else:
            rest = cards.cards
        sides.append(Side(deck=Pile((), rest)))
    for name in deal:
        if name not in SIDE_INDEX:
            raise ValueError(f"the sides are 'heroes' and 'villains', not {name!r}")
    deals = tuple(Deal(SIDE_INDEX[name], game.rules.opening_hand) for name in deal)
    return VicState(sides=tuple(sides), pending=deals, phase=Phase.SETUP)


def has_character(game: VictorianGame, hand: tuple[str, ...]) -> bool:
    """Whether a hand holds a character (a Mastermind counts)."""
    for card in hand:
        if game.label_type(card) in "CM":
            return True
    return False


def decision(game: VictorianGame, state: VicState, item: Deal) -> Decision:
    return forced(DealCard(), R.SETUP, f"Deal {title(item.side)} their opening hand")


def do_deal(game: VictorianGame, state: VicState, item: Deal, action: DealCard, chance: Chance,
            events: list[Event] | None) -> VicState:
    """Deal one card; after the last one, the mulligan check."""
    side = state.sides[item.side]
    who = title(item.side)
    left = item.left
    if side.deck.size:
        card, deck = draw_one(side.deck, chance)
        side = to_hand(side, card, deck=deck)
        left -= 1
        if events is not None:
            events.append(public(R.SETUP, f"{who} are dealt a card ({len(side.hand)} in hand)", side=item.side))
            events.append(private(item.side, R.SETUP, f"{who} are dealt {card}", side=item.side, card=card))
    else:
        if events is not None:
            events.append(public(R.DECK_EMPTY, f"{who}' deck is empty: the deal stops", side=item.side))
        left = 0
    state = put(state, item.side, side)
    if left:
        return pop(state, _new(Deal, (item.side, left, item.mulligans)))  # one card fewer to deal (built directly)
    if has_character(game, side.hand) or not side.hand:
        if events is not None:
            events.append(public(R.SETUP, f"{who} keep their opening hand of {len(side.hand)}", side=item.side))
        return pop(state)
    if item.mulligans and not game.rules.mulligan_repeats or not side.deck.size:
        if events is not None:
            events.append(public(R.MULLIGAN, f"{who} have no character but keep this hand (no second mulligan)",
                                 side=item.side))
        return pop(state)
    if events is not None:
        events.append(public(R.MULLIGAN, f"{who} have no character in hand: they discard it and draw anew",
                             side=item.side, discarded=tuple(side.hand)))
    side = side._replace(discard=add_cards(side.discard, side.hand), hand=(), exposed=())
    state = put(state, item.side, side)
    return pop(state, Deal(item.side, game.rules.opening_hand, item.mulligans + 1))


pending.item(Deal, decision, DealCard=do_deal)


@pending.explain(DealCard)
def _explain_deal(game, state, action):
    from .decisions import refuse
    return refuse(R.SETUP, "the opening hands are dealt once, at the start of the game")


__all__ = ["do_deal", "has_character", "new_game"]
