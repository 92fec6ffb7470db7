"""Limited Resources ("Some Cool Optional Rules From Jon Goosens"): every player
has ``limited_actions`` (30) action markers for the whole game and spends them as
he likes, any number in a turn; one combat a turn; cards that give extra actions
are banned; the game ends when every marker is spent (most Promotion wins) or
when a player goes beyond ``variant_goal`` (40) Promotion.

Readings (``data/doomtrooper/interpretations.toml``): the attack is still the last
action of a turn (``limited-attack-last``), so the one combat of a turn follows;
an action given back by the rules (a personality already in play) gives its
marker back; the basic ends (the 25-point goal, empty draw piles) are replaced
by the variant's, No Warriors in Play stays (``limited-ends``).

>>> from explorer.doomtrooper.game import DoomtrooperGame
>>> from explorer.doomtrooper.params import override_rules
>>> game = DoomtrooperGame(rules=override_rules({"variant": "limited_resources"}))
>>> game.setup(seed=1).variant_state.markers
(30, 30)
"""

from __future__ import annotations

from typing import Any, NamedTuple

from pydantic import BaseModel, ConfigDict, Field

from ...core.events import Event, event
from .. import effects as E
from .. import sections as R
from ..base import turn
from ..state import DTState, Ending, Phase
from .variant import Variant


class LimitedState(NamedTuple):
    """The action markers each seat has left."""

    markers: tuple[int, ...]


def markers_used(game: Any, state: DTState) -> tuple[int, ...]:
    """Markers each seat has spent so far."""
    return tuple(game.rules.limited_actions - m for m in state.variant_state.markers)


class LimitedResources(Variant):
    name = "limited_resources"
    title = "Limited Resources"
    rule = R.LIMITED_RESOURCES
    count_rule = R.LIMITED_RESOURCES

    def ban_rule(self):
        return R.LIMITED_BANNED

    def prepare(self, game: Any, decks: list[Any], state: DTState) -> DTState:
        state = super().prepare(game, decks, state)
        return state._replace(variant_state=LimitedState((game.rules.limited_actions,) * len(state.seats)))

    def resolve(self, game: Any, state: DTState, action: Any, chance: Any):
        """Step One: after the draw, the turn's actions are the seat's markers left."""
        if state.phase is not Phase.DRAW:
            return None
        state, events = turn.do_draw(game, state, action, chance)
        if state.phase is Phase.ACTIONS:
            left = state.variant_state.markers[state.current]
            state = state._replace(actions=left)
            events.append(event(R.LIMITED_ACTIONS, f"seat {state.current} has {left} action marker"
                                                   f"{'s' if left != 1 else ''} left for the game",
                                seat=state.current, markers=left))
        return state, events

    def spent(self, game: Any, state: DTState, kind: Any, cost: int, before: int) -> DTState:
        """Each action spends its cost in markers (the attack, which ends the
        actions, spends only its own); an action given back gives its marker back."""
        used = cost if kind.ends_actions else max(0, before - state.actions)
        seat = state.current
        markers = list(state.variant_state.markers)
        markers[seat] = max(0, markers[seat] - used)
        return state._replace(variant_state=LimitedState(tuple(markers)), actions=min(state.actions, markers[seat]))

    def settle(self, game: Any, state: DTState) -> tuple[DTState, list[Event]]:
        if state.phase is Phase.OVER:  # ended by a basic rule (No Warriors in Play, the turn cap): the count
            used = markers_used(game, state)
            return state, [event(R.LIMITED_ACTIONS, "action markers spent: " + ", ".join(
                f"seat {i}: {u}" for i, u in enumerate(used)), markers_used=used)]
        if state.phase in (Phase.SETUP, Phase.GIFT, Phase.COMBAT, Phase.RESPONSE, Phase.AWARD):
            return state, []
        rules = game.rules
        by = turn.scores(game, state)
        best = max(by.values(), default=0)
        if best > rules.variant_goal or (best == rules.variant_goal and not rules.goal_exceeded):
            winners = tuple(k for k, v in by.items() if v == best)
            words = ("goes beyond", "go beyond") if rules.goal_exceeded else ("reaches", "reach")
            return _end(game, state, winners, Ending.PROMOTION_GOAL, event(
                R.LIMITED_END, f"{turn.seats_do(winners, *words)} {rules.variant_goal} Promotion Points",
                winners=winners))
        markers = state.variant_state.markers
        if all(markers[i] == 0 for i, s in enumerate(state.seats) if not s.out):
            winners = turn.leaders(game, state)
            text = (turn.seats_do(winners, "leads on Promotion Points and wins", "lead on Promotion Points and win")
                    if winners else "a tie on Promotion Points: a draw")
            return _end(game, state, winners, Ending.ACTIONS_SPENT,
                        event(R.LIMITED_END, f"every action marker is spent: {text}", winners=winners))
        return state, []

    def describe(self, game: Any, view: DTState) -> list[str]:
        if view.variant_state is None:
            return []
        return ["action markers left: " + ", ".join(f"seat {i}: {m}" for i, m in enumerate(view.variant_state.markers))]


def _end(game: Any, state: DTState, winners: tuple[int, ...], ending: Ending, ev: Event) -> tuple[DTState, list[Event]]:
    used = markers_used(game, state)
    return turn.over(state, winners, ending), [ev, event(R.LIMITED_ACTIONS, "action markers spent: " + ", ".join(
        f"seat {i}: {u}" for i, u in enumerate(used)), markers_used=used)]


# -- our sample card of the kind the variant bans: a Special giving extra actions ------------------

@E.register
class ExtraActions(E.Effect):
    """Played in your turn without an action: ``actions`` more actions this turn
    (the kind of card Limited Resources bans)."""

    name = "extra_actions"
    timing = "turn"

    class Params(BaseModel):
        model_config = ConfigDict(extra="forbid", strict=True)
        actions: int = Field(default=1, ge=1)

    def targets(self, host: Any, state: Any, seat: int, p: Any) -> tuple[Any, ...]:
        return (None,)

    def apply(self, host: Any, state: Any, seat: int, card: str, p: Any, target: Any):
        return state._replace(actions=state.actions + p.actions), [
            event(R.ACTIONS, f"seat {seat} gains {p.actions} more action{'s' if p.actions > 1 else ''} this turn",
                  seat=seat, actions=p.actions)]


__all__ = ["LimitedResources", "LimitedState", "markers_used"]
