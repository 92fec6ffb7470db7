"""ATTACK PHASE: heroes attack the Masterminds thwarted this turn.

Each hero attacks on his own, once a turn, a Mastermind thwarted this turn; a
hero who made his Track Roll against another Mastermind may not attack this one.
While the Mastermind has minions the hero must strike one of them: the Combat
Roll, 1D6 plus his Fight minus the minion's, and the minion dies whatever the
roll: 1 or less, the hero dies; 2-3, he is wounded (or gives up a weapon or
vehicle); 4-6, he stops; 7 or more, he may attack again, at Fight -1 for each
attack he has made.  Once no minion is left, his next attack is the Showdown
Roll against the Mastermind himself (modified like a Combat Roll, the -1s
included): 1 or less, the hero dies; 2-3, he is wounded; 4, the base is
destroyed (the Mastermind's Locations are discarded); 5, the Mastermind is
wounded (or gives up a weapon or vehicle); 6 or more, he dies.  One Showdown a
hero per turn; the Villains may negate a Showdown Roll with an escape card.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from ..core.engine import Decision, IllegalAction
from ..core.events import Event
from . import cardplay, pending, phase_actions, responses
from . import sections as R
from .actions import Attack, Done, Facilitate, Pass, PlayEvent, Showdown, Stop, Strike
from .decisions import choice, offered, refuse
from .intercept import do_facilitate, facilitate_options, facilitate_problem
from .reports import public
from .sides import title
from .state import HEROES, VILLAINS, Escape, Fighting, Phase, RollSpec, Term, Unit, VicState, pop, push, spend, total
from .tables.banded import RollResult, modified_roll, summed_roll
from .tables.data import Banded
from .units import (can_attack, discard_location, fight, fight_terms, masterminds, minions_of, negated,
                    spend_once, unit_on)
from .wounds import hurt, kill
from .words import pronoun

if TYPE_CHECKING:
    from .game import VictorianGame

_new = tuple.__new__
assert RollSpec._fields == ("kind", "actor", "target", "n")  # (built by position below, as is a Fighting)
assert Fighting._fields == ("side", "hero", "target", "attacks") and Term._fields == ("label", "value", "card", "rule")
#: the options without fields an attack offers (actions are frozen values: made once)
_SHOWDOWN, _STOP = Showdown(), Stop()


def thwarted_in_play(game: VictorianGame, state: VicState) -> tuple[str, ...]:
    thwarted = state.thwarted
    if not thwarted:  # (most turns: nobody thwarted, no list to make)
        return ()
    found = []  # (in a loop: a comprehension costs a call)
    for m in masterminds(game, state.sides[VILLAINS]):
        if m.uid in thwarted:
            found.append(m.uid)
    return tuple(found)


@pending.enter(Phase.ATTACK)
def enter(game, state, side, events):
    if not thwarted_in_play(game, state):
        if events is not None:
            events.append(public(R.ATTACK, "no Mastermind was thwarted this turn: there is nobody to attack"))
        return state
    return push(state, phase_actions.BEGUN[(Phase.ATTACK, side)])


def attackers(game: VictorianGame, state: VicState, side: int) -> tuple[str, ...]:
    """The units of ``side`` that may still attack this turn."""
    used = state.used
    found = []  # (in a loop: a comprehension costs a call)
    for u in state.sides[side].units:
        if can_attack(game, u) and ("attacked", u.uid) not in used:
            found.append(u.uid)
    return tuple(found)


def may_attack(state: VicState, hero: str, target: str) -> bool:
    """A hero who tracked another Mastermind this turn may not attack this one."""
    for h, t in state.tracked:
        if h == hero and t != target:
            return False
    return True


def has_showdown(state: VicState, hero: str) -> bool:
    return ("showdown", hero) in state.used


def candidates(game, state, item):
    """The attacks :func:`attack_problem` allows, found with its own predicates: the
    attackers and the thwarted Masterminds in play pass its other checks, so only
    the hero's Track Roll and his Showdown are asked of each pair."""
    heroes = attackers(game, state, item.side)
    targets = thwarted_in_play(game, state)
    villains = state.sides[VILLAINS]
    bare = []  # a Showdown next: one a hero per turn (loops here: a comprehension costs a call)
    for m in targets:
        bare.append(not minions_of(villains, m))
    out = []
    for h in heroes:
        for m, showdown in zip(targets, bare):
            if may_attack(state, h, m) and not (showdown and has_showdown(state, h)):
                out.append(offered(game, Attack, h, m))
    out += facilitate_options(game, state, item.side, heroes)
    out += cardplay.options(game, state, item.side, cardplay.MAIN_WINDOWS[item.phase])
    return out + [phase_actions.DONE]


def attack_problem(game, state, item, action: Attack) -> IllegalAction | None:
    u = unit_on(state, item.side, action.hero)
    if u is None:
        return refuse(R.ATTACK, f"{action.hero!r} is not a hero of {title(item.side)} in play")
    if not can_attack(game, u):
        return refuse(R.ATTACK, f"{action.hero} may not attack")
    if ("attacked", action.hero) in state.used:
        return refuse(R.ATTACK, f"{action.hero} has attacked this turn already: each hero attacks once")
    m = unit_on(state, VILLAINS, action.target)
    if m is None or not any(x.uid == action.target for x in masterminds(game, state.sides[VILLAINS])):
        return refuse(R.ATTACK, f"{action.target!r} is not a Mastermind in play")
    if action.target not in state.thwarted:
        return refuse(R.ATTACK, f"{action.target} was not thwarted this turn: only a thwarted Mastermind may be "
                                "attacked")
    if not may_attack(state, action.hero, action.target):
        other = next(t for h, t in state.tracked if h == action.hero)
        return refuse(R.ATTACK, f"{action.hero} tracked {other} this turn, so he may not attack {action.target}")
    if not minions_of(state.sides[VILLAINS], action.target) and has_showdown(state, action.hero):
        return refuse(R.SHOWDOWN, f"{action.target} has no minions left and {action.hero} has had his Showdown "
                                  "this turn: one Showdown Roll a hero per turn")
    return None


def do_attack(game, state, item, action: Attack, chance, events):
    if events is not None:
        events.append(public(R.ATTACK, f"{action.hero} attacks {action.target}", hero=action.hero,
                             target=action.target))
    state = spend(state, ("attacked", action.hero))
    return push(state, _new(Fighting, (item.side, action.hero, action.target, 0)))  # built directly


def _facilitate(game, state, item, action, chance, events):
    return do_facilitate(game, state, item, action, "fight", events)


phase_actions.register(
    Phase.ATTACK, R.ATTACK, "attack a thwarted Mastermind, play cards, or say you are done", candidates, {
        Attack: (do_attack, attack_problem),
        Facilitate: (_facilitate, lambda g, s, i, a: facilitate_problem(g, s, i, a, attackers(g, s, i.side))),
        PlayEvent: (cardplay.do_main_event, cardplay.main_event_problem),
        Done: (phase_actions.done, None),
    })


# -- one hero's attack ------------------------------------------------------------------------------

#: a strike at each minion, built once per minion (actions are frozen values: one object serves every step)
_strike = lru_cache(maxsize=1024)(Strike)


def fighting_options(game: VictorianGame, state: VicState, item: Fighting) -> tuple:
    mins = minions_of(state.sides[VILLAINS], item.target)
    out: list = []  # (in a loop: a comprehension costs a call)
    for m in mins:
        out.append(_strike(m.uid))
    if not mins and not has_showdown(state, item.hero):
        out.append(_SHOWDOWN)
    if item.attacks:
        roll = _new(RollSpec, ("combat", item.hero, item.target, 0))  # the next roll of his attack (built directly)
        out += cardplay.options(game, state, item.side, cardplay.roll_window("fighting", roll))
        out.append(_STOP)
    return tuple(out)


def fighting_decision(game: VictorianGame, state: VicState, item: Fighting) -> Decision:
    if item.attacks:
        prompt = f"{item.hero} may attack {item.target}'s side again (at Fight -{item.attacks}) or stop"
    else:
        prompt = f"{item.hero} attacks {item.target}: strike at a minion" + (
            "" if minions_of(state.sides[VILLAINS], item.target)
            else f", or face {pronoun(game, unit_on(state, VILLAINS, item.target)).him} in the Showdown")
    return choice(item.side, fighting_options(game, state, item), R.ATTACK, prompt)


def fighting_why_not(game, state, item: Fighting, action) -> IllegalAction | None:
    mins = minions_of(state.sides[VILLAINS], item.target)
    if isinstance(action, Strike):
        if mins and not any(m.uid == action.minion for m in mins):
            return refuse(R.ATTACK, f"{action.minion!r} is not a minion of {item.target}")
        if not mins:
            return refuse(R.SHOWDOWN, f"{item.target} has no minions left: the next attack is the Showdown")
    if isinstance(action, Showdown):
        if mins:
            return refuse(R.ATTACK, f"{item.target} still has minions ({', '.join(m.uid for m in mins)}): the hero "
                                    "must strike them first")
        if has_showdown(state, item.hero):
            return refuse(R.SHOWDOWN, f"{item.hero} has made his Showdown Roll this turn: one a turn")
    if isinstance(action, Stop) and not item.attacks:
        return refuse(R.ATTACK, f"{item.hero} has declared his attack: he makes at least one roll")
    if isinstance(action, PlayEvent):
        return cardplay.event_problem(game, state, item.side, action, cardplay.Window(
            "fighting", roll=RollSpec("combat", item.hero, item.target)))
    return None


def penalty(game: VictorianGame, attacks: int) -> tuple[Term, ...]:
    """"Another attack with Fight -1": -1 for each attack made before (-1, -2, -3),
    or -1 for every further attack with ``further_attack_stacks`` off (the register's
    "further-attack-stacks")."""
    if not attacks or not game.rules.further_attack_penalty:
        return ()
    times = attacks if game.rules.further_attack_stacks else 1
    return (_new(Term, (f"attack number {attacks + 1}", -times * game.rules.further_attack_penalty, None,
                        R.COMBAT.section)),)  # built directly


def combat_terms(game: VictorianGame, state: VicState, hero: str, minion: str, attacks: int) -> tuple[Term, ...]:
    """The terms of a Combat Roll ("explain this number")."""
    h = unit_on(state, HEROES, hero)
    m = unit_on(state, VILLAINS, minion)
    return (fight_terms(game, state, HEROES, h, versus=m) + penalty(game, attacks)
            + negated(fight_terms(game, state, VILLAINS, m, versus=h), m.uid))


showdown_terms = combat_terms  # modified like a Combat Roll, against the Mastermind himself


def combat_modifier(game, state: VicState, h: Unit, m: Unit, attacks: int) -> int:
    """The sum of :func:`combat_terms` (hero ``h``'s Fight against ``m``, the penalty
    for further attacks, less ``m``'s Fight against the hero), from the remembered
    Fight of each."""
    further = penalty(game, attacks)  # (none before the first roll of an attack: most calls)
    return (fight(game, state, HEROES, h, versus=m) + (total(further) if further else 0)
            - fight(game, state, VILLAINS, m, versus=h))


def _roll(game, state: VicState, table: Banded, spec: RollSpec, h: Unit, m: Unit, chance,
          events: list[Event] | None) -> RollResult:
    """A Combat or Showdown Roll of ``h`` against ``m``: with its terms when its event
    tells them, else from their sum alone (the same dice, total and result)."""
    if events is not None:
        return modified_roll(table, combat_terms(game, state, spec.actor, spec.target, spec.n), chance)
    return summed_roll(table, combat_modifier(game, state, h, m, spec.n), chance)


def do_strike(game, state, item: Fighting, action: Strike, chance, events):
    spec = _new(RollSpec, ("combat", item.hero, action.minion, item.attacks))  # built directly
    return responses.declare(game, pop(state), spec, VILLAINS, chance, events)


def do_showdown(game, state, item: Fighting, action: Showdown, chance, events):
    spec = RollSpec("showdown", item.hero, item.target, item.attacks)
    if events is not None:
        events.append(public(R.SHOWDOWN, f"{item.hero} faces {item.target} in a Showdown", hero=item.hero,
                             target=item.target))
    return responses.declare(game, pop(state), spec, VILLAINS, chance, events)


def do_stop(game, state, item: Fighting, action: Stop, chance, events):
    if events is not None:
        events.append(public(R.ATTACK, f"{item.hero} stops attacking", hero=item.hero))
    return pop(state)


def do_fighting_event(game, state, item: Fighting, action: PlayEvent, chance, events):
    return cardplay.play(game, state, item.side, action, cardplay.Window(
        "fighting", roll=RollSpec("combat", item.hero, item.target)), chance, events)


pending.item(Fighting, fighting_decision, fighting_why_not, Strike=do_strike, Showdown=do_showdown, Stop=do_stop,
             PlayEvent=do_fighting_event)


def combat_roll(game: VictorianGame, state: VicState, spec: RollSpec, chance, events: list[Event] | None) -> VicState:
    h = unit_on(state, HEROES, spec.actor)
    m = unit_on(state, VILLAINS, spec.target)
    if h is None or m is None:
        if events is not None:
            events.append(public(R.COMBAT, "the Combat Roll is off: one of them is no longer in play"))
        return state
    master = m.master
    roll = _roll(game, state, game.tables.combat, spec, h, m, chance, events)
    state = spend_once(state, HEROES, spec.actor, "fight")
    if events is not None:
        events.append(public(R.COMBAT, f"Combat Roll, {spec.actor} against {spec.target}: {roll.describe()}",
                             hero=spec.actor, target=spec.target, roll=roll.as_data()))
    state = kill(game, state, VILLAINS, spec.target, R.COMBAT, events, why="struck down in combat")
    result = roll.result
    if result == "hero_killed":
        return kill(game, state, HEROES, spec.actor, R.COMBAT, events, why="the Combat Roll")
    if result == "hero_wounded":
        return hurt(game, state, HEROES, spec.actor, R.COMBAT, events)
    if result == "stop":
        if events is not None:
            events.append(public(R.COMBAT, f"{spec.actor} comes through unscathed but must stop"))
        return state
    if unit_on(state, VILLAINS, master) is None:
        return state
    return push(state, _new(Fighting, (HEROES, spec.actor, master, spec.n + 1)))  # built directly


def showdown_roll(game: VictorianGame, state: VicState, spec: RollSpec, chance, events: list[Event] | None) -> VicState:
    h = unit_on(state, HEROES, spec.actor)
    m = unit_on(state, VILLAINS, spec.target)
    if h is None or m is None:
        if events is not None:
            events.append(public(R.SHOWDOWN, "the Showdown is off: one of them is no longer in play"))
        return state
    roll = _roll(game, state, game.tables.showdown, spec, h, m, chance, events)
    state = spend_once(state, HEROES, spec.actor, "fight")
    state = spend(state, ("showdown", spec.actor))
    if events is not None:
        events.append(public(R.SHOWDOWN, f"Showdown Roll, {spec.actor} against {spec.target}: {roll.describe()}",
                             hero=spec.actor, target=spec.target, roll=roll.as_data()))
    window = cardplay.roll_window("escape", spec)
    if cardplay.holds_answer(game, state, VILLAINS, window):
        return push(state, Escape(VILLAINS, spec, roll.result, roll.total))
    return apply_showdown(game, state, spec, roll.result, events)


def apply_showdown(game: VictorianGame, state: VicState, spec: RollSpec, result: str,
                   events: list[Event] | None) -> VicState:
    if result == "hero_killed":
        return kill(game, state, HEROES, spec.actor, R.SHOWDOWN, events, why="the Showdown Roll")
    if result == "hero_wounded":
        return hurt(game, state, HEROES, spec.actor, R.SHOWDOWN, events)
    if result == "destroy_base":
        locs = [loc for loc in state.sides[VILLAINS].locations if loc.master == spec.target]
        for loc in locs:
            state = discard_location(game, state, VILLAINS, loc)
        if events is not None:
            events.append(public(R.SHOWDOWN, f"{spec.actor} destroys {spec.target}'s base: " + (
                f"{', '.join(loc.uid for loc in locs)} discarded" if locs
                else f"{pronoun(game, unit_on(state, VILLAINS, spec.target)).he} has no Location in play"),
                locations=tuple(loc.uid for loc in locs)))
        return state
    if result == "villain_wounded":
        return hurt(game, state, VILLAINS, spec.target, R.SHOWDOWN, events)
    return kill(game, state, VILLAINS, spec.target, R.SHOWDOWN, events, why=f"defeated by {spec.actor}")


responses.ROLLERS["combat"] = combat_roll
responses.ROLLERS["showdown"] = showdown_roll


def escape_decision(game, state, item: Escape) -> Decision:
    options = tuple(cardplay.options(game, state, item.side, cardplay.roll_window("escape", item.roll))) + (Pass(),)
    return choice(item.side, options, R.SHOWDOWN, f"the Showdown Roll came to {item.total} "
                  f"({item.result.replace('_', ' ')}): negate it with an escape, or let it stand")


def do_escape(game, state, item: Escape, action: PlayEvent, chance, events):
    return cardplay.play(game, pop(state), item.side, action, cardplay.roll_window("escape", item.roll), chance,
                         events)


def do_let_stand(game, state, item: Escape, action: Pass, chance, events):
    return apply_showdown(game, pop(state), item.roll, item.result, events)


def escape_why_not(game, state, item: Escape, action):
    if isinstance(action, PlayEvent):
        return cardplay.event_problem(game, state, item.side, action, cardplay.roll_window("escape", item.roll))
    return None


pending.item(Escape, escape_decision, escape_why_not, PlayEvent=do_escape, Pass=do_let_stand)


@pending.explain(Attack)
def _explain_attack(game, state, action):
    return refuse(R.ATTACK, "heroes attack only in the Heroes' part of the Attack Phase")


@pending.explain(Strike, Stop)
def _explain_strike(game, state, action):
    return refuse(R.ATTACK, "no hero is attacking now (declare an attack in the Attack Phase first)")


@pending.explain(Showdown)
def _explain_showdown(game, state, action):
    return refuse(R.SHOWDOWN, "a Showdown is the attack of a hero on a thwarted Mastermind with no minions left, in "
                              "the Attack Phase; none is under way")


__all__ = ["apply_showdown", "attackers", "combat_modifier", "combat_roll", "combat_terms", "has_showdown", "may_attack",
           "showdown_roll", "showdown_terms", "thwarted_in_play"]
