"""Bots for whole games of Doom Asylum: policies that answer every decision of
:class:`~explorer.asylum.game.AsylumGame`, turn and conflict alike.

* ``random``: every legal option equally likely (from the runner's policy RNG).
* ``greedy``: plot rooms first, then Doom Ready, then the Yard.  It spends Doomsday
  points on upgrades and recruits only when they are "affordable": when it keeps
  enough for the next plot room to bring it to 8 (never once Doom Ready).  It
  takes a Calculated Risk when the expected gain is positive and it is not Doom
  Ready, fights an ambusher only if it means to claim him, and pushes losers away
  from their goals.
* ``brawler`` (ours): the greedy plan, but it hunts.  A Doom Ready rival within
  reach, or a weaker party one or two rooms away, is attacked (a win is worth
  Doomsday points, and beating a Doom Ready player with 8 points makes you Doom
  Ready); it fights every ambush and builds a bigger party.
* ``cautious`` (ours): the greedy plan, but it walks around occupied rooms when a
  detour costs at most one move, refuses every risk, and never fights ambushers.
* ``search``: thinks ahead, playing imagined games on with the greedy plan
  (``search:N``: N playouts a decision; :mod:`explorer.asylum.search`).

In conflicts every bot but ``random`` plays the quick heuristic of
:mod:`explorer.asylum.tactics` (the best immediate expected victory points, in
floats), cheap enough for hundreds of games a second; the same fixed rule plays
the ambusher.  The bots are registered in :data:`REGISTRY`; the policies for a
conflict on its own are in :mod:`explorer.asylum.policies`.

All bots are deterministic given the seed: the only randomness is the ``rng``
the runner passes to ``choose``.
"""

from __future__ import annotations

import re
from typing import Any

from ..core.bots import BotRegistry
from ..core.engine import DeterministicPolicy, Policy, RandomPolicy
from .ambush import Claim, LetGo
from .event_table import Decline, DeclineRisk, Fight, Sneak, TakeRisk
from .event_table import get as get_effect
from .policies import REGISTRY as CONFLICT_REGISTRY
from .search import PLAYOUTS, search_bot
from .state import AFTERMATH, CONFLICT, EVENT, MOVE, START, PendingHeir, PendingPush
from .tactics import quick_choice
from .turn import BeginMove
from .upgrades import Upgrade

# -- helpers for turn decisions ------------------------------------------------------------------

def strength(party) -> int:
    """A rough measure of a party: the sum of its villains' stats at their levels."""
    return sum(sum(v.stats.values()) for v in party.villains)


def goal(game, state, party) -> str | None:
    """Where the greedy plan sends ``party`` next: the Yard when Doom Ready, the
    nearest plot room once it has 8 points, else the nearest unvisited plot room,
    else nowhere in particular (``None``).  Equally near plot rooms are told apart
    by seat (seat 0 prefers the first in name order, seat 1 the second, ...), so
    that parties starting together spread out."""
    if party.doom_ready is not None:
        return game.yard
    needs = _goal_needs(game, party)
    key = ("goal", *needs)
    memo = game.memo  # the answer depends on the board and these alone: kept with the game
    hit = memo.get(key, memo)
    if hit is memo:
        hit = game.remember(key, _nearest_plot(game, *needs))
    return hit


def _goal_needs(game, party) -> tuple:
    """What the :func:`goal` of a party not Doom Ready depends on: its room and seat,
    whether it has the points for Doom Ready, and if not the plot rooms it visited."""
    anywhere = party.doomsday >= game.rules.doom_ready_points
    return party.room, party.seat, anywhere, () if anywhere else party.visited


def _nearest_plot(game, room: str, seat: int, anywhere: bool, visited: tuple[str, ...]) -> str | None:
    """:func:`goal` for a party not Doom Ready."""
    row = game.dist[room]
    order = game.plot_order
    k = len(order)
    best = best_key = None
    for i, p in enumerate(order):
        if (p == room) if anywhere else (p in visited):
            continue
        key = (row[p], (i - seat) % k)
        if best_key is None or key < best_key:
            best, best_key = p, key
    return best


def _toward(game, state, party) -> tuple | None:
    """The game's own moves from ``party``'s room that come nearest its :func:`goal`
    (``None`` with no goal), kept per room and goal; a party not Doom Ready finds
    them under what its goal depends on, without working out the goal again."""
    room = party.room
    memo = game.memo
    if party.doom_ready is None:  # the key as _goal_needs makes it, without a call at every move
        anywhere = party.doomsday >= game.rules.doom_ready_points
        key = ("toward goal", room, party.seat, anywhere, () if anywhere else party.visited)
        hit = memo.get(key, memo)
        if hit is memo:
            target = goal(game, state, party)
            hit = game.remember(key, None if target is None else _nearest_moves(game, room, target))
        return hit
    return _nearest_moves(game, room, game.yard)


def _nearest_moves(game, room: str, target: str) -> tuple:
    """The moves from ``room`` that come nearest ``target``, in the game's order (kept)."""
    nearest = game.memo.get(("toward", room, target))
    if nearest is None:
        dist = game.dist
        options = game.moves(room)
        best = min(dist[o.room][target] for o in options)
        nearest = game.remember(("toward", room, target), tuple(o for o in options if dist[o.room][target] == best))
    return nearest


def spendable(game, state, party) -> int:
    """Points the greedy plan can spend now: what is left above the amount the
    next plot room needs to bring the party to 8.  Nothing once Doom Ready, or
    with no unvisited plot room left."""
    if party.doom_ready is not None:
        return 0
    rules = game.rules
    if game.plots.issubset(party.visited):
        return 0
    return party.doomsday + rules.plot_room_reward - rules.doom_ready_points


def _first_of(options, kind: type) -> Any:
    """The first option of type ``kind`` (a plain loop, cheaper than a generator: the bots
    ask at most turns)."""
    for o in options:
        if isinstance(o, kind):
            return o
    raise ValueError(f"no {kind.__name__} among the options")


class GreedyBot(DeterministicPolicy):
    """Plot rooms, then Doom Ready, then the Yard (see the module docstring)."""

    name = "greedy"

    def pick(self, game, state, decision) -> Any:
        options = decision.options
        if len(options) == 1:
            return options[0]
        phase = state.phase
        if phase is CONFLICT:
            return quick_choice(state.conflict, decision)
        if phase is MOVE:
            return self.move(game, state, options)
        if phase is START:
            return self.start(game, state, options)
        if phase is EVENT:
            return self.event(game, state, options)
        if phase is AFTERMATH:
            return self.todo(game, state, options)
        return options[0]

    # -- start of turn -------------------------------------------------------------------------
    def budget(self, game, state, party) -> int:
        return spendable(game, state, party)

    def start(self, game, state, options):
        party = state.parties[state.current]
        if self.budget(game, state, party) >= game.rules.upgrade_cost:
            first = None  # the mastermind's upgrade, else the first on offer
            for o in options:
                if type(o) is Upgrade:
                    if o.villain == party.mastermind:
                        return o
                    if first is None:
                        first = o
            if first is not None:
                return first
        return _first_of(options, BeginMove)

    # -- the move --------------------------------------------------------------------------------
    def move(self, game, state, options):
        party = state.parties[state.current]
        own = options is game.moves(party.room)  # the game's own options: ranked once
        nearest = _toward(game, state, party) if own else None
        if nearest is not None:
            if len(nearest) > 1:  # equally near: the first not occupied, as the key below says
                parties = state.parties
                for o in nearest:  # plain loops: no set nor generator built at most moves
                    room = o.room
                    for p in parties:
                        if p.room == room and p is not party:
                            break
                    else:
                        return o
            return nearest[0]
        target = goal(game, state, party)
        occupied = {p.room for p in state.parties if p.seat != party.seat}
        dist = game.dist
        if target is None:
            plots = game.plots

            def key(o):
                r = o.room
                return (r in occupied, game.room_kind(r) != "room", min(dist[r][p] for p in plots))
        else:
            def key(o):
                return (dist[o.room][target], o.room in occupied)
        return min(options, key=key)

    # -- events ----------------------------------------------------------------------------------
    def wants_recruit(self, game, state, party) -> bool:
        return game.rules.recruit_cost * len(party.villains) <= self.budget(game, state, party)

    def takes_risk(self, game, state, party, expected) -> bool:
        return party.doom_ready is None and party.doomsday < game.rules.doom_ready_points and expected > 0

    def event(self, game, state, options):

        party = state.parties[state.current]
        first = options[0]
        if isinstance(first, (Fight, Decline)):
            want = self.wants_recruit(game, state, party)
            return _first_of(options, Fight if want else Decline)
        if isinstance(first, (TakeRisk, DeclineRisk)):
            take = self.takes_risk(game, state, party, _expected(game, state, party))
            return _first_of(options, TakeRisk if take else DeclineRisk)
        if isinstance(first, Sneak):
            target = goal(game, state, party)
            if target is None:
                return first
            dist = game.dist
            return min(options, key=lambda o: dist[o.room or party.room][target])
        return first

    # -- after a conflict ------------------------------------------------------------------------
    def todo(self, game, state, options):
        item = state.todo[0]
        if isinstance(item, PendingPush):
            loser = state.parties[item.loser]
            target = goal(game, state, loser)
            dist = game.dist
            need = game.rules.doom_ready_points

            def key(o):
                danger = game.room_kind(o.room) == "plot" and loser.doomsday >= need
                return (danger, -(dist[o.room][target] if target else 0))
            return min(options, key=key)
        if isinstance(item, PendingHeir):
            party = state.parties[item.seat]
            return max(options, key=lambda o: sum(party.villain(o.villain).stats.values()))
        party = state.parties[item.seat]
        want = self.wants_recruit(game, state, party)
        return _first_of(options, Claim if want else LetGo)


_EXPECTED: dict[tuple, float] = {}


def _expected(game, state, party) -> float:
    """The expected Doomsday change of taking the pending risk (cached: it depends
    only on the table entry and the mastermind)."""
    key = (game, state.event.index, party.villain(party.mastermind))  # holding game keeps it distinct
    hit = _EXPECTED.get(key)
    if hit is None:
        result = game.events.results[state.event.index]
        effect = get_effect(result.effect)
        hit = float(effect.expected(game, state, party.seat, result.params)) if effect.expected else 0.0
        if len(_EXPECTED) > 10_000:
            _EXPECTED.clear()
        _EXPECTED[key] = hit
    return hit


class BrawlerBot(GreedyBot):
    """The greedy plan, plus hunting: it attacks Doom Ready rivals and weaker
    parties nearby, fights every ambush and recruits up to three villains."""

    name = "brawler"
    reach = 2

    def move(self, game, state, options):
        party = state.parties[state.current]
        if party.doom_ready is None:
            prey = self.prey(game, state, party)
            if prey is not None:
                dist = game.dist
                return min(options, key=lambda o: dist[o.room][prey.room])
        return super().move(game, state, options)

    def prey(self, game, state, party):
        row = game.dist[party.room]
        mine = strength(party)
        best = None
        for other in state.parties:
            if other.seat == party.seat or other.room == party.room:
                continue
            d = row[other.room]
            if d > self.reach:
                continue
            if other.doom_ready is not None or strength(other) * 5 < mine * 4:
                key = (other.doom_ready is None, d, other.seat)
                if best is None or key < best[0]:
                    best = (key, other)
        return None if best is None else best[1]

    def wants_recruit(self, game, state, party) -> bool:
        cost = game.rules.recruit_cost * len(party.villains)
        if party.doom_ready is None and len(party.villains) < 3 and cost < party.doomsday:
            return True
        return super().wants_recruit(game, state, party)

    def event(self, game, state, options):

        if isinstance(options[0], Fight):
            return options[0]
        party = state.parties[state.current]
        if isinstance(options[0], TakeRisk) and party.doom_ready is None:
            return options[0]
        return super().event(game, state, options)


class CautiousBot(GreedyBot):
    """The greedy plan, played safe: detours around occupied rooms, no risks, no ambush fights."""

    name = "cautious"

    def move(self, game, state, options):
        party = state.parties[state.current]
        target = goal(game, state, party)
        if target is None:
            return super().move(game, state, options)
        occupied = {p.room for p in state.parties if p.seat != party.seat}
        dist = game.dist
        best = min(dist[o.room][target] for o in options)
        free = [o for o in options if o.room not in occupied and dist[o.room][target] <= best + 1]
        if free and not (party.doom_ready is not None and target in (o.room for o in options)):
            return min(free, key=lambda o: dist[o.room][target])
        return super().move(game, state, options)

    def takes_risk(self, game, state, party, expected) -> bool:
        return False

    def wants_recruit(self, game, state, party) -> bool:
        return False


class RandomBot(RandomPolicy):
    """Every legal option equally likely, in turns and conflicts alike."""

    name = "random"


#: Every whole-game bot of Doom Asylum.
REGISTRY = BotRegistry()
REGISTRY.register("random", RandomPolicy, "Every legal option equally likely.")
REGISTRY.register("greedy", GreedyBot,
                  "Whole games: plot rooms first, then Doom Ready, then the Yard; spends only what it can spare.")
REGISTRY.register("brawler", BrawlerBot,
                  "Whole games: the greedy plan, but it hunts Doom Ready and weaker parties nearby.")
REGISTRY.register("cautious", CautiousBot,
                  "Whole games: the greedy plan played safe: detours, no risks, no ambush fights.")
REGISTRY.register("search", lambda playouts=PLAYOUTS: search_bot(GreedyBot(), playouts),
                  f"Whole games: thinks ahead, playing imagined games on with the greedy plan "
                  f"({PLAYOUTS} per decision; 'search:100' for a quicker one).", sized=True)

#: The whole-game bots by name (a view of the registry).
BOTS = tuple(REGISTRY)


def get_bot(policy: str | Policy) -> Policy:
    """A whole-game bot by name (``random``, ``greedy``, ``brawler``, ``cautious``, ``search`` or
    ``search:N`` with N playouts) or the policy itself."""
    if not isinstance(policy, Policy) and not REGISTRY.knows(policy):
        if isinstance(policy, str) and re.split("[:@]", policy)[0].strip() in REGISTRY:
            return REGISTRY.get_bot(policy)  # a known bot with a wrong budget or section: its own reason
        why = f" ({policy!r} plays conflicts only)" if isinstance(policy, str) and policy in CONFLICT_REGISTRY else ""
        raise ValueError(f"unknown policy {policy!r} for whole games{why}; choose from {', '.join(REGISTRY)}")
    return REGISTRY.get_bot(policy)


__all__ = [
    "BOTS", "REGISTRY", "BrawlerBot", "CautiousBot", "GreedyBot", "RandomBot", "get_bot", "goal", "spendable", "strength",
]
