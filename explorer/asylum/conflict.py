"""A Doom Asylum conflict as a game: one round in which every villain acts once.

Rulebook sections: "Conflicts" (actions and alternation), "Mental Attack",
"Physical Attack", "Blocking", "Flying & Ranged Attacks", "Automatic Special
Abilities", "Tactical Maneuvers", "Victory in Conflicts", "Concluding a
Conflict" and "Defeated villains"; "Ambushes and Recruiting Henchmen" for who
goes first in an ambush.

The actions, the setup, the state and the result are in
:mod:`explorer.asylum.conflict_state`; how its result is written (and packed for the
exact analysis) in :mod:`explorer.asylum.conflict_result`; this module holds the rules
that move a conflict on.  Side 0 is the attacker (the party that moved in, or the ambusher), side 1 the
defender.  Decisions belong to a side (``0`` or ``1``); the conclusion is a step
the rules take on their own.

>>> from explorer.asylum.villains import Villain
>>> a = Villain(name="A", physical_attack=3, physical_defense=2, mental_attack=4, mental_defense=3, quickness=2)
>>> b = Villain(name="B", physical_attack=2, physical_defense=3, mental_attack=2, mental_defense=2, quickness=3)
>>> game = Conflict()
>>> state = game.start([a], [b])
>>> [str(o) for o in game.decision(state).options]
['A: mental attack on B', 'A: physical attack on B', 'A: tactical maneuver (mental attack)', 'A: tactical maneuver (physical attack)', 'A: tactical maneuver (quickness)']
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any, NamedTuple

from ..core.dist import Dist
from ..core.engine import Chance, Decision, Game, IllegalAction, Step
from ..core.events import Event, event
from . import abilities as _abilities
from . import sections as R
from .combat import (
    Attack,
    AttackResult,
    attack_dist,
    can_reach,
    MANEUVER_STATS,
    blockable,
    maneuver_stats,
    mental_attack_spec,
    needs_catch,
    physical_attack_spec,
    tactical_maneuver,
)
from .conflict_result import RelativeResults, settle
from .conflict_state import (
    ATTACKER,
    DEFENDER,
    Action,
    Block,
    Conclude,
    ConflictResult,
    ConflictSetup,
    ConflictState,
    MentalAttack,
    Pending,
    PhysicalAttack,
    TacticalManeuver,
    UseAbility,
)
from .faces import attack_rolls, maneuver_roll
from .params import AsylumRules, load_rules
from .villains import STAT_LABELS, Villain

# -- the rules -------------------------------------------------------------------------------

#: the prompt of each side's choice of action
_ACTION_PROMPTS = tuple(f"{who}: choose a villain and an action" for who in ("Attackers", "Defenders"))

#: a named tuple (a Decision, a state, a Step) built as the tuple it is, on paths taken at every
#: new point of a conflict: its own constructor is a Python function called from C, dear there
_new = tuple.__new__

#: the conclusion, a step the rules take on their own once every villain has acted (one value)
_CONCLUSION = Decision(None, (Conclude(),), R.CONCLUSION, "Every villain has acted")


class Declared(NamedTuple):
    """An attack as declared, before its roll: the declaration's event; the step it
    makes at once when it waits for the defender's block (``waits``, no roll yet);
    else the state with the attacker's action spent, who attacks whom (``i``,
    ``j``), the attack and the distribution of its roll."""

    event: Event
    waits: Step | None
    spent: ConflictState
    i: int
    j: int
    attack: Attack
    dist: Dist[AttackResult] | None


class Conflict(RelativeResults, Game):
    """The conflict rules.  ``start`` builds the opening state; then the usual
    protocol: ``decision``, ``apply`` / ``resolve``, ``result``."""

    name = "asylum"

    def start(
        self,
        attackers: Sequence[Villain],
        defenders: Sequence[Villain],
        *,
        masterminds: tuple[str | None, str | None] | None = None,
        ambush: bool = False,
        doom_ready: bool = False,
        rules: AsylumRules | None = None,
    ) -> ConflictState:
        """The opening state.  Masterminds default to the first villain of each
        team; in an ambush (``attackers`` is the lone ambusher) the ambusher has
        none and acts first, unless the party is a lone mastermind
        ("Ambushes and Recruiting Henchmen")."""
        attackers, defenders = tuple(attackers), tuple(defenders)
        if not attackers or not defenders:
            raise ValueError(f"the {'attacking' if not attackers else 'defending'} team has no villains")
        if masterminds is None:
            masterminds = (None if ambush else attackers[0].name, defenders[0].name)
        first = ATTACKER
        if ambush and len(defenders) == 1 and masterminds[1] == defenders[0].name:
            first = DEFENDER
        setup = ConflictSetup((attackers, defenders), tuple(masterminds), first, ambush, doom_ready, rules or load_rules())
        return ConflictState(setup, turn=first)

    # -- protocol ---------------------------------------------------------------------------
    def decision(self, state: ConflictState) -> Decision | None:
        if state.result is not None:
            return None
        if state.pending is not None:
            side = 1 - state.turn
            blockers = self._blockers(state, side, state.pending)
            options = (Block(None),) + tuple(Block(state.villain(side, b).name) for b in blockers)
            target = state.villain(side, state.pending.target).name
            return _new(Decision, (side, options, R.BLOCKING, f"Block the physical attack on {target}?"))
        side = state.turn
        ready = state.ready(side)
        if not ready:
            return _CONCLUSION
        return _new(Decision, (side, self._actions(state, side, ready), R.ACTIONS, _ACTION_PROMPTS[side]))

    def result(self, state: ConflictState) -> ConflictResult | None:
        return state.result

    def resolve(self, state: ConflictState, action: Action, chance: Chance) -> Step:
        if isinstance(action, Block):
            return self._strike_pending(state, action, chance)
        if isinstance(action, Conclude):
            return self._conclude(state, chance)
        side = state.turn
        setup = state.setup
        i = setup.index[action.actor][1]
        actor = setup.teams[side][i]
        if isinstance(action, TacticalManeuver):
            ok = tactical_maneuver(actor, action.stat, chance, setup.rules)
            text = f"{actor.name} tries a tactical maneuver with {STAT_LABELS[action.stat]}: " + (
                f"success, +{setup.rules.vp_maneuver} VP" if ok else "fails")
            nxt = self._maneuvered(state, side, i, ok)
            rolled = maneuver_roll(state, actor, action.stat, setup.rules, ok)
            return Step(nxt, (event(R.MANEUVER, text, actor=actor.name, success=ok), rolled))
        declared = self._declare(state, action)
        if declared.waits is not None:
            return declared.waits
        nxt, events = self._score(declared.spent, side, declared.i, declared.j, declared.attack, None,
                                  chance.roll(declared.dist))
        return Step(nxt, (declared.event,) + events)

    def next_state(self, state: ConflictState, action: Action, chance: Chance) -> ConflictState:
        """:meth:`resolve`'s next state alone, the same rolls made: a tactical maneuver,
        an attack or a block's answer is scored without the events that tell it (the
        faces of its dice above all), for the runners and the exact analysis, which
        read states only."""
        kind = type(action)
        if kind is TacticalManeuver:
            side, setup = state.turn, state.setup
            i = setup.index[action.actor][1]
            return self._maneuvered(state, side, i, tactical_maneuver(setup.teams[side][i], action.stat, chance,
                                                                      setup.rules))
        if kind is Block:
            side, pending = state.turn, state.pending
            base, j, blocked_for = self._blocked(state, action)
            res = self._strike_roll(base, side, pending.actor, j, pending.attack, blocked_for, chance)
            return self._scored(base, side, j, pending.attack, blocked_for, res)
        if kind is Conclude:
            return self._conclude(state, chance).state
        declared = self._declare(state, action)
        if declared.waits is not None:
            return declared.waits.state
        return self._scored(declared.spent, state.turn, declared.j, declared.attack, None, chance.roll(declared.dist))

    def illegal(self, state: ConflictState, action: Any) -> IllegalAction:
        """Name the rule an illegal action breaks."""
        setup = state.setup
        if state.result is not None:
            return IllegalAction(R.CONCLUSION, "the conflict is over")
        if state.pending is not None and not isinstance(action, Block):
            return IllegalAction(R.BLOCKING, "a physical attack is waiting for the defender's block decision")
        if isinstance(action, Block):
            if state.pending is None:
                return IllegalAction(R.BLOCKING, "blocking answers a declared physical attack, and none is declared")
            side = 1 - state.turn
            if not isinstance(action.blocker, str) or action.blocker not in setup.index \
                    or setup.index[action.blocker][0] != side:
                return IllegalAction(R.BLOCKING, f"{action.blocker!r} is not on the defending side")
            b = setup.index[action.blocker][1]
            if b == state.pending.target:
                return IllegalAction(R.BLOCKING, f"{action.blocker} cannot block an attack on "
                                                 f"{state.villain(side, b).him}self")
            if state.has_acted(side, b):
                return IllegalAction(R.BLOCKING, f"{action.blocker} has already acted and cannot block")
            if state.is_defeated(side, b):
                return IllegalAction(R.DEFEATED, f"{action.blocker} is defeated and cannot block")
            return IllegalAction(R.FLYING, f"{action.blocker} flies and may not step in front of a melee attack")
        actor = getattr(action, "actor", None)
        if actor is not None:
            if not isinstance(actor, str) or actor not in setup.index:
                return IllegalAction(R.ACTIONS, f"{actor!r} is not in this conflict")
            side, i = setup.index[actor]
            if side != state.turn:
                return IllegalAction(R.ALTERNATION, f"it is the {('attackers', 'defenders')[state.turn]}' turn, not {actor}'s side's")
            if state.has_acted(side, i):
                return IllegalAction(R.ACTIONS, f"{actor} has already acted in this conflict (one action per villain)")
            if state.is_defeated(side, i):
                return IllegalAction(R.DEFEATED, f"{actor} is defeated and has no action left")
            target = getattr(action, "target", None)
            if target is not None:
                if not isinstance(target, str) or target not in setup.index or setup.index[target][0] == side:
                    return IllegalAction(R.ACTIONS, f"{target!r} is not an opposing villain")
                t_side, j = setup.index[target]
                if state.is_defeated(t_side, j):
                    return IllegalAction(R.DEFEATED, f"{target} is already defeated")
                if isinstance(action, UseAbility) and action.ability not in state.villain(side, i).action_abilities:
                    return IllegalAction(R.ACTIONS, f"{actor} has no special ability {action.ability!r} to use as an action")
                attack = self._attack(state, side, i, j, action)
                if not can_reach(state.villain(side, i), state.villain(t_side, j), attack):
                    return IllegalAction(R.FLYING, f"{target} flies: only ranged attacks or other flyers can reach a flyer physically")
                if _stun_wasted(state, t_side, j, attack):
                    return IllegalAction(R.ACTIONS, f"{target} has already acted, and with the option "
                                                    "stun_acted_targets off (our reading stun-ability) an ability "
                                                    "that takes away an action may only target a villain who has not")
            if isinstance(action, TacticalManeuver):
                return _maneuver_refusal(state.villain(side, i), action.stat, setup.rules)
        return IllegalAction(R.ACTIONS, f"{action!r} is not a legal option now")

    # -- helpers ----------------------------------------------------------------------------
    def _actions(self, state: ConflictState, side: int, ready: list[int]) -> tuple[Action, ...]:
        """The options of ``side``, whose villains ``ready`` can act."""
        setup = state.setup
        rules = setup.rules
        other = 1 - side
        targets = state.standing(other)
        options: list[Action] = []
        for i in ready:
            actor = setup.teams[side][i]
            for j in targets:
                options.extend(_offers(actor, setup.teams[other][j], setup.is_mastermind(other, j),
                                       _may_stun(state, other, j)))
            options.extend(_maneuvers(actor, rules))
        return tuple(options)

    def _attack(self, state: ConflictState, side: int, i: int, j: int, action: Action) -> Attack:
        actor = state.villain(side, i)
        if isinstance(action, MentalAttack):
            return mental_attack_spec(actor)
        if isinstance(action, PhysicalAttack):
            return physical_attack_spec(actor)
        target = state.villain(1 - side, j)
        return _abilities.ABILITIES[action.ability].effect(actor, target, state.setup.is_mastermind(1 - side, j))

    def _blockers(self, state: ConflictState, side: int, pending: Pending) -> list[int]:
        """Team mates of the target who may stand in: not acted, not defeated, and
        (unless ``flyers_block_melee``) no flyer in front of a melee attack."""
        rules = state.setup.rules
        out = []
        for b in state.standing(side):
            if b == pending.target or state.has_acted(side, b):
                continue
            if not rules.flyers_block_melee and pending.attack.kind == "physical" and not pending.attack.ranged \
                    and state.villain(side, b).flying:
                continue
            out.append(b)
        return out

    def _maneuvered(self, state: ConflictState, side: int, i: int, ok: bool) -> ConflictState:
        """The state once villain ``i`` of ``side`` has tried a tactical maneuver (``ok``: it succeeded)."""
        return self._after_action(state, side, state.setup.rules.vp_maneuver if ok else 0, _set(state.acted, side, i),
                                  state.fallen)

    def _blocked(self, state: ConflictState, action: Block) -> tuple[ConflictState, int, int | None]:
        """The pending attack as the defender's answer leaves it, before its roll: the state
        (the attack no longer pending, a stand-in's action spent), the villain it strikes
        and whom he stands in for (``None``: no block)."""
        pending = state.pending
        base = state._replace(pending=None)
        if action.blocker is None:
            return base, pending.target, None
        b = state.setup.index[action.blocker][1]
        return base._replace(acted=_set(base.acted, 1 - state.turn, b)), b, pending.target

    def _strike_pending(self, state: ConflictState, action: Block, chance: Chance) -> Step:
        side, pending = state.turn, state.pending
        base, j, blocked_for = self._blocked(state, action)
        nxt, events = self._strike(base, side, pending.actor, j, pending.attack, blocked_for, chance)
        if blocked_for is None:
            return Step(nxt, events)
        target_side = 1 - side
        blocked = event(R.BLOCKING, f"{action.blocker} blocks the attack on {state.villain(target_side, blocked_for).name} "
                        f"(no catch roll; {state.villain(target_side, j).his} action is spent)", blocker=action.blocker)
        return Step(nxt, (blocked,) + events)

    def _declare(self, state: ConflictState, action: MentalAttack | PhysicalAttack | UseAbility) -> Declared:
        """An attack declared: what happens before its roll (:class:`Declared`)."""
        side = state.turn
        setup = state.setup
        i = setup.index[action.actor][1]
        actor = setup.teams[side][i]
        t_side, j = setup.index[action.target]
        attack = self._attack(state, side, i, j, action)
        declared = event(_rule_for(attack), f"{actor.name} declares {attack.called('a')} on "
                                            f"{setup.teams[t_side][j].name}",
                         actor=actor.name, target=action.target)
        acted = _set(state.acted, side, i)
        if blockable(attack, setup.rules) and self._blockers(state, t_side, Pending(i, j, attack)):
            pending = state._replace(acted=acted, pending=Pending(i, j, attack))
            return _new(Declared, (declared, _new(Step, (pending, (declared,))), pending, i, j, attack, None))
        dist = attack_dist(actor, setup.teams[t_side][j], attack, setup.rules, False)
        return _new(Declared, (declared, None, state._replace(acted=acted), i, j, attack, dist))

    def _strike(self, state: ConflictState, side: int, i: int, j: int, attack: Attack, blocked_for: int | None,
                chance: Chance) -> tuple[ConflictState, tuple[Event, ...]]:
        """Roll an attack of villain ``i`` on villain ``j`` and score it ("Victory in Conflicts")."""
        res = self._strike_roll(state, side, i, j, attack, blocked_for, chance)
        return self._score(state, side, i, j, attack, blocked_for, res)

    def _strike_roll(self, state: ConflictState, side: int, i: int, j: int, attack: Attack, blocked_for: int | None,
                     chance: Chance) -> AttackResult:
        """The roll of an attack of villain ``i`` on villain ``j`` (no catch roll through a blocker)."""
        setup = state.setup
        return chance.roll(attack_dist(setup.teams[side][i], setup.teams[1 - side][j], attack, setup.rules,
                                       blocked_for is not None))

    def _score(self, state: ConflictState, side: int, i: int, j: int, attack: Attack, blocked_for: int | None,
               res: AttackResult) -> tuple[ConflictState, tuple[Event, ...]]:
        """Score an attack whose roll gave ``res`` ("Victory in Conflicts"): the next state
        (:meth:`_scored`) and the events that tell it; a pure function of its arguments,
        as the roll is made."""
        setup, rules = state.setup, state.setup.rules
        other = 1 - side
        attacker, defender = setup.teams[side][i], setup.teams[other][j]
        blocked = blocked_for is not None
        catch_faces, hit_faces = attack_rolls(state, attacker, defender, attack, rules, blocked, res, _rule_for(attack))
        events: list[Event] = []
        catch = needs_catch(attack, rules, blocked)
        for name in _abilities.automatic_defences(defender, attack, catch):
            events.append(event(R.AUTOMATIC, f"{defender.name}'s {_abilities.get(name).title} works by itself "
                                f"against {attack.called('the')}", defender=defender.name, ability=name))
        if catch:
            events.append(catch_faces)
            events.append(event(R.PHYSICAL, f"{attacker.name} {'catches' if res.caught else 'fails to catch'} {defender.name}",
                                caught=res.caught))
        if _hits_mastermind(setup, other, j, blocked, res):
            events.append(event(R.VICTORY, f"attacking the mastermind {defender.name}: +{rules.vp_attack_mastermind} VP"))
        if hit_faces is not None:
            events.append(hit_faces)
        if res.success and attack.effect == "defeat":
            events.append(event(_rule_for(attack), f"{attacker.name} defeats {defender.name}: +{rules.vp_defeat} VP",
                                defeated=defender.name))
        elif res.success:  # stun: the target loses his action
            lost_action = f"loses {defender.his} action" if not state.has_acted(other, j) else "had already acted"
            events.append(event(R.ACTIONS, f"{attacker.name}'s {attack.called()} overcomes {defender.name}, "
                                           f"who {lost_action}"))
        elif res.caught:
            events.append(event(_rule_for(attack), f"{defender.name} withstands {attack.called('the')}"))
        return self._scored(state, side, j, attack, blocked_for, res), tuple(events)

    def _scored(self, state: ConflictState, side: int, j: int, attack: Attack, blocked_for: int | None,
                res: AttackResult) -> ConflictState:
        """The state once an attack on villain ``j`` whose roll gave ``res`` is scored,
        without the events that tell it (:meth:`_score` adds them; a runner that keeps
        no events asks for this alone, see :meth:`next_state`)."""
        setup, rules = state.setup, state.setup.rules
        other = 1 - side
        vp = rules.vp_attack_mastermind if _hits_mastermind(setup, other, j, blocked_for is not None, res) else 0
        fallen, acted = state.fallen, state.acted
        if res.success and attack.effect == "defeat":
            vp += rules.vp_defeat
            fallen = _append(fallen, other, j)
        elif res.success:  # stun: the target loses his action
            acted = _set(acted, other, j)
        return self._after_action(state, side, vp, acted, fallen)

    def _after_action(self, state: ConflictState, side: int, points: int, acted: tuple[int, int],
                      fallen: tuple[tuple[int, ...], tuple[int, ...]]) -> ConflictState:
        """Score ``points`` for the acting side and pass the turn ("Conflicts": sides
        alternate; a side with nobody ready is skipped)."""
        vp = state.vp
        if points:
            vp = (vp[0] + points, vp[1]) if side == 0 else (vp[0], vp[1] + points)
        other = 1 - side
        setup = state.setup
        mask, down = acted[other], fallen[other]
        anyone = setup.rules.defeated_villains_act  # as ConflictState.can_act says
        ready = any(not mask >> i & 1 and (anyone or i not in down) for i in range(len(setup.teams[other])))
        return _new(ConflictState, (setup, other if ready else side, acted, fallen, vp, state.pending, state.result))

    def _conclude(self, state: ConflictState, chance: Chance) -> Step:
        """Aftermath rolls, then who won, Doomsday points and who is lost."""
        setup = state.setup
        events: list[Event] = []
        fallen = list(state.fallen)
        slipped = []
        for side in (0, 1):
            for i in state.fallen[side]:
                v = setup.teams[side][i]
                for ab in v.aftermath:
                    if _abilities.ABILITIES[ab].effect(chance):
                        fallen[side] = tuple(x for x in fallen[side] if x != i)
                        slipped.append(v.name)
                        events.append(event(R.DEFEATED, f"{v.name} rolls for {ab.replace('_', ' ')} and slips away: not counted as defeated"))
                    else:
                        events.append(event(R.DEFEATED, f"{v.name} rolls for {ab.replace('_', ' ')} and fails"))
        result = settle(setup, state.vp, fallen, slipped, events)
        return _new(Step, (state._replace(result=result), tuple(events)))


@lru_cache(maxsize=4096)
def _offers(actor: Villain, target: Villain, mastermind: bool, may_stun: bool) -> tuple[Action, ...]:
    """The attacks ``actor`` may make on ``target`` (``mastermind``: the rival mastermind;
    ``may_stun``: see :func:`_may_stun`), in the order they are offered (cached: the same
    pairs meet in conflict after conflict)."""
    offers: list[Action] = [MentalAttack(actor.name, target.name)]
    if can_reach(actor, target, physical_attack_spec(actor)):
        offers.append(PhysicalAttack(actor.name, target.name))
    for ab in actor.action_abilities:
        attack = _abilities.ABILITIES[ab].effect(actor, target, mastermind)
        if can_reach(actor, target, attack) and (may_stun or attack.effect != "stun"):
            offers.append(UseAbility(actor.name, ab, target.name))
    return tuple(offers)


@lru_cache(maxsize=4096)
def _maneuvers(actor: Villain, rules: AsylumRules) -> tuple[TacticalManeuver, ...]:
    """The tactical maneuvers ``actor`` is offered, his best stat first (cached)."""
    return tuple(TacticalManeuver(actor.name, stat) for stat in maneuver_stats(actor, rules))


def _may_stun(state: ConflictState, side: int, j: int) -> bool:
    """Whether an attack that takes away an action may target villain ``j``: not when he
    has already acted and the option ``stun_acted_targets`` is off (our reading stun-ability)."""
    return state.setup.rules.stun_acted_targets or not state.has_acted(side, j)


def _stun_wasted(state: ConflictState, side: int, j: int, attack: Attack) -> bool:
    """Whether ``attack`` would take away the action of a villain who may not lose it
    (see :func:`_may_stun`)."""
    return attack.effect == "stun" and not _may_stun(state, side, j)


def _maneuver_refusal(actor: Villain, stat: Any, rules: AsylumRules) -> IllegalAction:
    """Why a tactical maneuver with ``stat`` is refused: not one of the three stats
    ("Tactical Maneuvers"), or, with ``maneuver_any_stat`` off, not his best, which is
    our reading maneuver-stat-choice and not the rulebook's."""
    if stat not in MANEUVER_STATS:
        label = STAT_LABELS.get(stat, repr(stat)) if isinstance(stat, str) else repr(stat)
        return IllegalAction(R.MANEUVER, f"a tactical maneuver uses Physical Attack, Mental Attack or Quickness "
                                         f"(special abilities do not count), not {label}")
    best = maneuver_stats(actor, rules)[0]
    return IllegalAction(R.MANEUVER, f"{actor.name}'s best stat for a maneuver is {STAT_LABELS[best]}; the rulebook "
                                     f"lets {actor.him} use any of the three, but our reading maneuver-stat-choice (the option "
                                     f"maneuver_any_stat is off) offers only the best")


def _hits_mastermind(setup: ConflictSetup, side: int, j: int, blocked: bool, res: AttackResult) -> bool:
    """Whether an attack on villain ``j`` of ``side`` scores for attacking the mastermind:
    not through a blocker, and only once caught unless ``mastermind_point_without_catch``."""
    return not blocked and setup.is_mastermind(side, j) and (res.caught or setup.rules.mastermind_point_without_catch)


def _set(bits: tuple[int, int], side: int, i: int) -> tuple[int, int]:
    return (bits[0] | 1 << i, bits[1]) if side == 0 else (bits[0], bits[1] | 1 << i)


def _append(fallen: tuple, side: int, i: int) -> tuple:
    return (fallen[0] + (i,), fallen[1]) if side == 0 else (fallen[0], fallen[1] + (i,))


def _rule_for(attack: Attack):
    if attack.ability:
        return R.ACTIONS
    return R.MENTAL if attack.kind == "mental" else R.PHYSICAL


__all__ = [
    "ATTACKER", "DEFENDER", "Action", "Block", "Conclude", "Conflict", "ConflictResult", "ConflictSetup",
    "ConflictState", "MentalAttack", "Pending", "PhysicalAttack", "TacticalManeuver", "UseAbility",
]
