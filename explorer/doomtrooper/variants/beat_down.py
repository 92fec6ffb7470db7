"""Beat Down ("Some Cool Optional Rules From Jon Goosens"): three players, C
seated between A and B (seats 0 = A, 1 = C, 2 = B).  C's deck holds no warriors;
he starts with an army worth at most ``beat_down_force`` (40) Value already in
play (``force`` in ``data/doomtrooper/variants.toml``).  A and B never attack each
other; C attacks both.  Nothing is discarded: every discarded card is annihilated.
The game ends when C's last warrior leaves play (the better of A and B on
Promotion wins) or when A's and B's draw piles are empty with C still holding a
warrior (C wins); C never wins on Promotion.

>>> from explorer.doomtrooper.game import DoomtrooperGame
>>> from explorer.doomtrooper.params import override_rules
>>> game = DoomtrooperGame(rules=override_rules({"variant": "beat_down"}))
>>> state = game.setup(seed=1)
>>> len(state.seats), sum(game.pool[t.card].value for t in state.warriors(C))
(3, 40)
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict

from ...core.engine import IllegalAction
from ...core.events import Event, event
from .. import effects as E
from .. import sections as R
from ..base import turn
from ..base.actions import Attack, Sabotage
from ..state import DTState, Ending, Phase, Trooper
from .variant import Variant
from .data import force_multiset, load_variant_data, own_decks
from ..base.warriors import wound

#: the seats: A, C (between A and B), B
A, C, B = 0, 1, 2


class BeatDown(Variant):
    name = "beat_down"
    title = "Beat Down"
    rule = R.BEAT_DOWN
    counts = (3,)
    count_rule = R.BEAT_DOWN

    def ban_rule(self):
        return R.BEAT_DOWN_BANNED

    def decks(self, game: Any, players: int) -> list[Any]:
        c_deck = load_variant_data()[self.name].c_deck
        ab = [n for n in game.decks if n not in own_decks()]
        return [ab[0], c_deck, ab[1 % len(ab)]]

    def prepare(self, game: Any, decks: list[Any], state: DTState) -> DTState:
        """C's deck must hold no warrior; C's army (at most ``beat_down_force``
        Value) is put in play before the deal, paid for by nobody."""
        state = super().prepare(game, decks, state)
        warriors = [c for c in state.seats[C].deck.cards.distinct if game.pool[c].type == "warrior"]
        if warriors:
            raise ValueError(f"in Beat Down player C (seat {C}) may have no warrior cards in his deck: "
                             f"{', '.join(sorted(warriors))} ({R.BEAT_DOWN_SETUP.section})")
        force = force_multiset(self.name)
        value = sum(game.pool[c].value for c in force)
        if value > game.rules.beat_down_force:
            raise ValueError(f"player C's army is worth {value} Value; Beat Down allows at most "
                             f"{game.rules.beat_down_force} ({R.BEAT_DOWN_SETUP.section})")
        troopers = list(state.troopers)
        uid = state.next_uid
        for name in sorted(force):
            troopers.append(Trooper(uid, name, C, game.aff.area_for(game.classes_of_card(name))))
            uid += 1
        return state._replace(troopers=tuple(troopers), next_uid=uid)

    def refuse(self, game: Any, state: DTState, action: Any) -> IllegalAction | None:
        """A and B never attack (nor sabotage) each other."""
        seat = state.current
        if seat == C:
            return None
        if isinstance(action, Attack):
            d = state.find(action.defender)
            if d is not None and d.owner != C:
                return IllegalAction(R.BEAT_DOWN_ATTACKS, f"in Beat Down players A and B never attack each other: "
                                                          f"seat {seat} may attack only player C (seat {C})")
        elif isinstance(action, Sabotage) and action.seat != C:
            return IllegalAction(R.BEAT_DOWN_ATTACKS, "in Beat Down players A and B never attack each other")
        return None

    def settle(self, game: Any, state: DTState) -> tuple[DTState, list[Event]]:
        state, events = annihilate(state)
        if state.phase is Phase.OVER and state.result is not None and state.result.ending is Ending.TURN_CAP \
                and C in state.result.winners:
            state = state._replace(result=state.result._replace(winners=()))
            events.append(event(R.BEAT_DOWN_END, "player C never wins on Promotion: the game stopped at the turn cap "
                                                 "is a draw"))
        if state.phase in (Phase.OVER, Phase.SETUP, Phase.GIFT, Phase.COMBAT, Phase.RESPONSE):
            return state, events
        if not state.warriors(C):
            ab = [s for s in (A, B) if not state.seats[s].out]
            best = max((state.seats[s].promotion for s in ab), default=0)
            top = tuple(s for s in ab if state.seats[s].promotion == best)
            winners = top if len(top) == 1 else ()
            text = f"seat {winners[0]} has more Promotion and wins" if winners else "A and B tie on Promotion: a draw"
            events.append(event(R.BEAT_DOWN_END, f"player C's last warrior has left play: {text}", winners=winners))
            return turn.over(state, winners, Ending.C_BEATEN), events
        if all(not len(state.seats[s].deck) for s in (A, B) if not state.seats[s].out):
            events.append(event(R.BEAT_DOWN_END, "the draw piles of A and B are empty and player C still has a "
                                                 "warrior: C wins", winners=(C,)))
            return turn.over(state, (C,), Ending.C_HOLDS_OUT), events
        return state, events


def annihilate(state: DTState) -> tuple[DTState, list[Event]]:
    """Beat Down has no discard piles: whatever was discarded is annihilated."""
    if not any(s.discard.size for s in state.seats):
        return state, []
    seats, events = [], []
    for i, s in enumerate(state.seats):
        if s.discard.size:
            events.append(event(R.BEAT_DOWN_ANNIHILATE, f"seat {i}'s discarded card{'s are' if s.discard.size > 1 else ' is'}"
                                                        " annihilated instead (no discard piles)", seat=i,
                                annihilated=s.discard.size))
            s = s._replace(annihilated=s.annihilated + s.discard, discard=type(s.discard)())
        seats.append(s)
    return state._replace(seats=tuple(seats)), events


# -- our sample card of the kind the variant bans: one that harms several warriors at once -----------

@E.register
class Barrage(E.Effect):
    """Played in your turn without an action on an opponent's warrior out of
    cover: it and every other warrior of its player in the same area out of cover
    is wounded (a wounded one is killed, and nobody earns points): a card that
    harms more than one warrior, banned in Beat Down."""

    name = "barrage"
    timing = "turn"

    class Params(BaseModel):
        model_config = ConfigDict(extra="forbid", strict=True)

    def targets(self, host: Any, state: Any, seat: int, p: Any) -> tuple[Any, ...]:
        return tuple(t.uid for t in state.troopers if t.owner != seat and not t.cover and not t.hidden)

    def apply(self, host: Any, state: Any, seat: int, card: str, p: Any, target: Any):
        first = state.trooper(target)
        events: list[Event] = []
        for t in [t for t in state.troopers if t.owner == first.owner and t.area == first.area and not t.cover]:
            state, more = wound(host, state, t.uid, R.CARDS, f"{card}")
            events += more
        return state, events


__all__ = ["A", "B", "BeatDown", "C", "annihilate"]
