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

In conflicts every bot but ``random`` uses :func:`conflict_choice`: the option
with the best immediate expected victory points, read off the exact, cached attack
distributions of :func:`explorer.asylum.combat.attack_dist` (no dice maths of its
own).  It is cheap enough for hundreds of games a second, unlike the exhaustive
:class:`explorer.asylum.policies.GreedyPolicy`.  The same rule plays the ambusher.

All bots are deterministic given the seed: the only randomness is the ``rng``
the runner passes to ``choose``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..core.engine import DeterministicPolicy, Policy, RandomPolicy, lookup_policy, outcomes
from . import abilities as _abilities
from .combat import Attack, attack_dist, maneuver_stat, mental_attack_spec, physical_attack_spec, tactical_maneuver
from .conflict import Block, ConflictState, MentalAttack, PhysicalAttack, TacticalManeuver
from .params import AsylumRules

STUN_VALUE = 2.0  # what taking away a rival's action is worth, in victory points (rough)
ACTION_VALUE = 2.0  # what a villain's own action is worth at least, when he spends it blocking


# -- the conflict heuristic --------------------------------------------------------------------

_ODDS: dict[int, tuple[AsylumRules, dict]] = {}  # id(rules) -> (rules, cache); holding rules keeps the id valid


def _cache_for(rules: AsylumRules) -> dict:
    # the hot path of every bot decision: an identity lookup is cheaper than hashing the rules
    entry = _ODDS.get(id(rules))
    if entry is None or entry[0] is not rules:
        entry = _ODDS[id(rules)] = (rules, {})
    return entry[1]


def attack_odds(attacker, defender, attack: Attack, rules: AsylumRules, blocked: bool = False) -> tuple[float, float]:
    """(P(caught), P(success)) of an attack, from the exact cached distribution
    :func:`explorer.asylum.combat.attack_dist`."""
    cache = _cache_for(rules)
    key = (attacker, defender, attack, blocked)
    hit = cache.get(key)
    if hit is not None:
        return hit
    dist = attack_dist(attacker, defender, attack, rules, blocked)
    caught = float(dist.prob(lambda r: r.caught))
    success = float(dist.prob(lambda r: r.success))
    if len(cache) > 100_000:
        cache.clear()
    hit = cache[key] = (caught, success)
    return hit


@lru_cache(maxsize=4096)
def maneuver_odds(villain, stat: str, rules: AsylumRules) -> float:
    """P(a tactical maneuver with ``stat`` succeeds), from the rule itself."""
    return float(outcomes(lambda chance: tactical_maneuver(villain, stat, chance, rules)).prob(True))


def _attack_of(setup, option, actor, target, mastermind: bool) -> Attack:
    kind = type(option)
    if kind is MentalAttack:
        return mental_attack_spec(actor)
    if kind is PhysicalAttack:
        return physical_attack_spec(actor)
    return _abilities.ABILITIES[option.ability].effect(actor, target, mastermind)


def _action_value(state: ConflictState, option, side: int) -> float:
    setup = state.setup
    rules = setup.rules
    actor = setup.villain(option.actor)
    if type(option) is TacticalManeuver:
        return maneuver_odds(actor, option.stat, rules) * rules.vp_maneuver
    other = 1 - side
    target = setup.villain(option.target)
    mm = setup.masterminds[other] == target.name
    attack = _attack_of(setup, option, actor, target, mm)
    caught, success = attack_odds(actor, target, attack, rules)
    if attack.effect == "defeat":
        value = success * rules.vp_defeat
    else:
        j = setup.index[target.name][1]
        value = success * STUN_VALUE if state.can_act(other, j) else 0.0
    if mm:
        value += rules.vp_attack_mastermind * (1.0 if rules.mastermind_point_without_catch else caught)
    return value


def _own_action_value(villain, rules: AsylumRules) -> float:
    return max(ACTION_VALUE, maneuver_odds(villain, maneuver_stat(villain, rules), rules) * rules.vp_maneuver)


_CHOICES: dict[tuple, Any] = {}


def conflict_choice(state: ConflictState, decision) -> Any:
    """A fixed, cheap conflict rule: the action with the best immediate expected
    victory points (ties: the first listed); a block when the stand-in's expected
    loss, plus his spent action, is below the target's.

    The choice depends only on who is in the conflict, who has acted, who is down
    and what is pending (not on the score), so it is cached on those."""
    options = decision.options
    if len(options) == 1:
        return options[0]
    key = (state.setup, state.turn, state.acted, state.fallen, state.pending)
    hit = _CHOICES.get(key)
    if hit is not None:
        return hit
    if len(_CHOICES) > 100_000:
        _CHOICES.clear()
    choice = _CHOICES[key] = _choose(state, options)
    return choice


def _choose(state: ConflictState, options) -> Any:
    if isinstance(options[0], Block):
        return _block_choice(state, options)
    side = state.turn
    best, best_value = options[0], -1.0
    for option in options:
        value = _action_value(state, option, side)
        if value > best_value + 1e-12:
            best, best_value = option, value
    return best


def _block_choice(state: ConflictState, options) -> Any:
    setup = state.setup
    rules = setup.rules
    pending = state.pending
    side = 1 - state.turn
    attacker = setup.teams[state.turn][pending.actor]
    target = setup.teams[side][pending.target]
    mm = setup.masterminds[side]
    attack = pending.attack
    best = options[0]
    best_loss = attack_odds(attacker, target, attack, rules)[1] * rules.vp_defeat + (
        rules.vp_attack_mastermind if target.name == mm else 0)
    for option in options[1:]:
        blocker = setup.villain(option.blocker)
        hit = attack_odds(attacker, blocker, attack, rules, True)[1]
        loss = hit * rules.vp_defeat + _own_action_value(blocker, rules)
        if loss < best_loss - 1e-12:
            best, best_loss = option, loss
    return best


# -- helpers for turn decisions ------------------------------------------------------------------

_GAME = None


def _game_module():
    global _GAME
    if _GAME is None:
        from . import game as g

        _GAME = g
    return _GAME


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
    row = game.dist[party.room]
    anywhere = party.doomsday >= game.rules.doom_ready_points
    room, visited = party.room, party.visited
    order = game.plot_order
    k = len(order)
    best = best_key = None
    for i, p in enumerate(order):
        if (p == room) if anywhere else (p in visited):
            continue
        key = (row[p], (i - party.seat) % k)
        if best_key is None or key < best_key:
            best, best_key = p, key
    return best


def spendable(game, state, party) -> int:
    """Points the greedy plan can spend now: what is left above the amount the
    next plot room needs to bring the party to 8.  Nothing once Doom Ready, or
    with no unvisited plot room left."""
    if party.doom_ready is not None:
        return 0
    rules = game.rules
    if all(p in party.visited for p in game.plots):
        return 0
    return party.doomsday + rules.plot_room_reward - rules.doom_ready_points


class GreedyBot(DeterministicPolicy):
    """Plot rooms, then Doom Ready, then the Yard (see the module docstring)."""

    name = "greedy"

    def pick(self, game, state, decision) -> Any:
        options = decision.options
        if len(options) == 1:
            return options[0]
        g = _game_module()
        phase = state.phase
        if phase == g.CONFLICT_PHASE:
            return conflict_choice(state.conflict, decision)
        if phase == g.MOVE:
            return self.move(game, state, options)
        if phase == g.START:
            return self.start(game, state, options)
        if phase == g.EVENT:
            return self.event(game, state, options)
        if phase == g.TODO:
            return self.todo(game, state, options)
        return options[0]

    # -- start of turn -------------------------------------------------------------------------
    def budget(self, game, state, party) -> int:
        return spendable(game, state, party)

    def start(self, game, state, options):
        g = _game_module()
        party = state.parties[state.current]
        if self.budget(game, state, party) >= game.rules.upgrade_cost:
            ups = [o for o in options if type(o) is g.Upgrade]
            if ups:
                return next((o for o in ups if o.villain == party.mastermind), ups[0])
        return next(o for o in options if type(o) is g.BeginMove)

    # -- the move --------------------------------------------------------------------------------
    def move(self, game, state, options):
        party = state.parties[state.current]
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
        from .event_table import Decline, DeclineRisk, Fight, Sneak, TakeRisk

        party = state.parties[state.current]
        first = options[0]
        if isinstance(first, (Fight, Decline)):
            want = self.wants_recruit(game, state, party)
            return next(o for o in options if isinstance(o, Fight if want else Decline))
        if isinstance(first, (TakeRisk, DeclineRisk)):
            take = self.takes_risk(game, state, party, _expected(game, state, party))
            return next(o for o in options if isinstance(o, TakeRisk if take else DeclineRisk))
        if isinstance(first, Sneak):
            target = goal(game, state, party)
            if target is None:
                return first
            dist = game.dist
            return min(options, key=lambda o: dist[o.room or party.room][target])
        return first

    # -- after a conflict ------------------------------------------------------------------------
    def todo(self, game, state, options):
        g = _game_module()
        item = state.todo[0]
        if item[0] == "push":
            loser = state.parties[item[2]]
            target = goal(game, state, loser)
            dist = game.dist
            need = game.rules.doom_ready_points

            def key(o):
                danger = game.room_kind(o.room) == "plot" and loser.doomsday >= need
                return (danger, -(dist[o.room][target] if target else 0))
            return min(options, key=key)
        if item[0] == "name":
            party = state.parties[item[1]]
            return max(options, key=lambda o: sum(party.villain(o.villain).stats.values()))
        party = state.parties[item[1]]
        want = self.wants_recruit(game, state, party)
        return next(o for o in options if isinstance(o, g.Claim if want else g.LetGo))


_EXPECTED: dict[tuple, float] = {}


def _expected(game, state, party) -> float:
    """The expected Doomsday change of taking the pending risk (cached: it depends
    only on the table entry and the mastermind)."""
    key = (game, state.event.index, party.villain(party.mastermind))  # holding game keeps it distinct
    hit = _EXPECTED.get(key)
    if hit is None:
        from .event_table import get

        result = game.events.results[state.event.index]
        effect = get(result.effect)
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
        from .event_table import Fight, TakeRisk

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


POLICIES: dict[str, type[Policy]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "brawler": BrawlerBot,
    "cautious": CautiousBot,
}


def get_bot(policy: str | Policy) -> Policy:
    """A policy by name (``random``, ``greedy``, ``brawler``, ``cautious``) or the policy itself."""
    return lookup_policy(POLICIES, policy)


__all__ = [
    "BrawlerBot", "CautiousBot", "GreedyBot", "POLICIES", "RandomBot", "attack_odds", "conflict_choice",
    "get_bot", "goal", "spendable", "strength",
]
