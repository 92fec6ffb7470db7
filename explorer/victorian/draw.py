"""Drawing cards and looking at the next cards of a deck, one card a step.

The New Day draw, a paid-out minor plot, "Contingencies", "Eureka", British
Secret Service... all queue a :class:`~explorer.victorian.state.Draw`; looking
at the next seven cards ("Predictions", "Research", "Machinations") queues a
:class:`~explorer.victorian.state.Reveal`.  One card a step keeps every chance
step small enough to enumerate exactly.  A drawn card is seen by its owner only;
everyone sees that a card was drawn.  An empty deck gives nothing (see the
register, "empty-deck").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..core.engine import Chance, Decision
from ..core.events import Event, RuleRef
from . import pending
from . import sections as R
from .actions import DrawCard, RevealCard
from .decisions import forced, refuse
from .reports import private, public
from .sides import title
from .state import Draw, Reveal, VicState, pop, push, put
from .words import counted
from .zones import draw_one, reveal_next, revealed_all, to_hand, with_deck

if TYPE_CHECKING:
    from .game import VictorianGame


def rule(section: str) -> RuleRef:
    """The rule section ``section`` (each made once: every card drawn names one)."""
    ref = _RULES.get(section)
    if ref is None:
        ref = _RULES[section] = RuleRef(R.GAME, section)
    return ref


_RULES: dict[str, RuleRef] = {}


def draw_decision(game: VictorianGame, state: VicState, item: Draw) -> Decision:
    return forced(DrawCard(), rule(item.rule), f"{title(item.side)} draw a card")


def do_draw(game: VictorianGame, state: VicState, item: Draw, action: DrawCard, chance: Chance,
            events: list[Event] | None) -> VicState:
    side = state.sides[item.side]
    who = title(item.side)
    why = rule(item.rule)
    if not side.deck.size:
        if events is not None:
            events.append(public(R.DECK_EMPTY, f"{who} have no cards left to draw", side=item.side))
        return pop(state)
    card, deck = draw_one(side.deck, chance)
    side = to_hand(side, card, deck=deck)
    if events is not None:
        events.append(public(why, f"{who} draw a card ({side.deck.size} left in the deck)", side=item.side))
        events.append(private(item.side, why, f"{who} draw {card}", side=item.side, card=card))
    state = put(state, item.side, side)
    if item.left > 1:  # (item._replace(left=item.left - 1), built directly: once a card drawn)
        return pop(state, tuple.__new__(Draw, (item.side, item.left - 1, item.rule)))
    return pop(state)


def reveal_decision(game: VictorianGame, state: VicState, item: Reveal) -> Decision:
    return forced(RevealCard(), rule(item.rule),
                  f"{title(item.looker)} look at the next cards of {title(item.owner)}' deck")


def do_reveal(game: VictorianGame, state: VicState, item: Reveal, action: RevealCard, chance: Chance,
              events: list[Event] | None) -> VicState:
    side = state.sides[item.owner]
    looker = game.player(item.looker)
    pile, new = reveal_next(side.deck, looker, item.upto, chance)
    state = put(state, item.owner, with_deck(side, pile))
    done = revealed_all(pile, looker, item.upto)
    if events is not None:
        _tell_reveal(item, pile.seen(looker)[:item.upto], new, done, events)
    return pop(state) if done else pop(state, item)


def _tell_reveal(item: Reveal, seen: Sequence[str], new: str | None, done: bool, events: list[Event] | None) -> None:
    """The events of a step of :func:`do_reveal`: the looker sees ``seen``, from the top."""
    who = title(item.looker)
    if done:
        whose = "their own" if item.looker == item.owner else f"{title(item.owner)}'"
        events.append(public(rule(item.rule), f"{who} have looked at the next {counted(len(seen), 'card')} of "
                                              f"{whose} deck",
                             looker=item.looker, owner=item.owner))
        events.append(private(item.looker, rule(item.rule), f"{who} see, from the top: {', '.join(seen) or 'nothing'}",
                              looker=item.looker, owner=item.owner, cards=tuple(seen)))
    elif new is not None:
        events.append(private(item.looker, rule(item.rule), f"{who} see {new} ({len(seen)} of {item.upto})",
                              looker=item.looker, owner=item.owner, card=new))


_new = tuple.__new__
assert Draw._fields == ("side", "left", "rule")  # (built by position below: a Draw is queued at most turns)


def queue_draw(state: VicState, side: int, count: int, why: RuleRef) -> VicState:
    """``side`` will draw ``count`` cards, one a step, before what is queued (call
    it after taking the current item off the queue)."""
    if count <= 0:
        return state
    return push(state, _new(Draw, (side, count, why.section)))  # Draw(side, count, rule), built directly


pending.item(Draw, draw_decision, DrawCard=do_draw)
pending.item(Reveal, reveal_decision, RevealCard=do_reveal)


@pending.explain(DrawCard, RevealCard)
def _explain(game, state, action):
    return refuse(R.NEW_DAY, "cards are drawn (or looked at) only when a rule says so")


__all__ = ["queue_draw"]
