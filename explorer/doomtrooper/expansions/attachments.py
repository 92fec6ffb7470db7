"""Cards a player attaches from his hand to a warrior of his in play, one action
each, whose ratings then add to the warrior's in every combat (and may make it
strike first): the Inquisition's Relics and the Apocalypse's Ki Powers.  One
mechanism for both; each expansion gives its card type, its action and who may
have the card.  (A Warzone goes into an area, not onto a warrior: it keeps its
own action, :mod:`~explorer.doomtrooper.expansions.warzones`.)"""

from __future__ import annotations

from typing import Any, Callable, NamedTuple

from ...core.engine import IllegalAction
from ...core.events import Event, RuleRef, event
from ..base.actions import ACTION_TYPES, register
from ..base.combat_state import ATTACHED_RATINGS
from ..state import DTState, Trooper, attach_from_hand
from ..words import ANYONE, said, warrior_name


class Attachment(NamedTuple):
    """One kind of card attached to a warrior, and the action that attaches it
    (``action(card, uid)``)."""

    card_type: str  # ``type`` in ``cards.toml``
    label: str  # the card's kind in words ("Relic")
    action: type
    rule: RuleRef  # the section of the cards
    switch: str  # the rules switch that puts them in play
    expansion: RuleRef  # the expansion's section, cited while the switch is off
    off: str  # the cards in words while the switch is off ("the Inquisition expansion's Relics")
    #: why warrior ``t`` may not have the card now (``None``: it may)
    holder: Callable[[Any, Trooper, str], str | None]
    #: never while an identical card is attached to any warrior on the table
    unique: bool = False
    #: the rules switch that lets the card go on any player's warrior ("": his own only)
    anyone: str = ""

    def may_go_on(self, game: Any, seat: int, t: Trooper) -> bool:
        """Whose warriors take the card: the player's own, or anyone's under ``anyone``."""
        return t.owner == seat or bool(self.anyone and getattr(game.rules, self.anyone))

    def options(self, game: Any, state: DTState) -> list[Any]:
        if not getattr(game.rules, self.switch):
            return []
        pool = game.pool
        seat = state.current
        mine = [t for t in state.troopers if self.may_go_on(game, seat, t)]
        out = []
        for name in state.seat.hand.distinct:
            if pool[name].type != self.card_type or (self.unique and attached_anywhere(state, name)):
                continue
            out += [self.action(name, t.uid) for t in mine if self.holder(game, t, name) is None]
        return out

    def do(self, game: Any, state: DTState, action: Any, chance: Any) -> tuple[DTState, list[Event]]:
        seat = state.current
        state, t = attach_from_hand(state, seat, action.uid, action.card)
        who = "a warrior in cover" if t.hidden else t.card
        return state, [event(self.rule, f"seat {seat} attaches the {self.label} {action.card} to {who}", seat=seat,
                             uid=t.uid, card=action.card)]

    def explain(self, game: Any, state: DTState, action: Any) -> IllegalAction:
        if not getattr(game.rules, self.switch):
            return IllegalAction(self.expansion, f"{self.off} are not in play (switch: {self.switch})")
        c = game.pool.get(action.card) if isinstance(action.card, str) else None
        if c is None or c.type != self.card_type:
            return IllegalAction(self.rule, f"{action.card!r} is not a {self.label} card")
        if action.card not in state.seat.hand:
            return IllegalAction(self.rule, f"{action.card} is not in seat {state.current}'s hand")
        if self.unique and attached_anywhere(state, action.card):
            return IllegalAction(self.rule, f"{action.card} is already in play: every {self.label} is unique")
        t = state.find(action.uid) if isinstance(action.uid, int) else None
        if t is None or not self.may_go_on(game, state.current, t):
            whose = "" if self.anyone and getattr(game.rules, self.anyone) else " of yours"
            return IllegalAction(self.rule, f"a {self.label} goes on a warrior{whose} in play, "
                                            f"not {warrior_name(state, action.uid, ANYONE)}")
        return IllegalAction(self.rule,
                             self.holder(game, t, action.card) or f"{said(state, action)} is not possible now")


def attached_anywhere(state: DTState, card: str) -> bool:
    """Is ``card`` attached to any warrior on the table?"""
    return any(a.card == card for t in state.troopers for a in t.attached)


def register_attachment(kind: Attachment) -> None:
    """Register the action that attaches ``kind`` (one action, only with its switch
    on; its type known to the logs), and its cards' ratings as part of a warrior's."""
    ATTACHED_RATINGS[kind.card_type] = kind.rule
    register(kind.action, kind.rule, 1, kind.options, kind.do, kind.explain,
             enabled=lambda rules: getattr(rules, kind.switch))
    ACTION_TYPES[kind.action.__name__] = kind.action


__all__ = ["Attachment", "attached_anywhere", "register_attachment"]
