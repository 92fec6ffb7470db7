"""Who may attack whom ("Attack: Announce Attacker and Defender", "Freelancers"),
answered from the attack rules in ``data/doomtrooper/affiliations.toml``.

>>> from explorer.doomtrooper.cards import Warrior
>>> sean = Warrior("Sean Gallagher", 10, 5, 8, 6, "Imperial")
>>> brother = Warrior("Brother", 3, 3, 5, 2, "Brotherhood")
>>> attack_rule(sean, brother)
(False, 'combat.announce.brotherhood')
>>> attack_rule(Warrior("Killer", 9, 6, 5, 4, "Brotherhood", keywords=("Mortificator",)), brother)
(True, 'combat.announce.mortificators')
>>> g = attack_graph()
>>> g.edges["Dark Legion", "Dark Legion"]["rule"], g.has_edge("Bauhaus", "Bauhaus")
('combat.announce.dark_legion', True)
>>> g.edges["Bauhaus", "Bauhaus"]["allowed"]
False
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from operator import attrgetter
from typing import Any

import networkx as nx

from ...core.engine import IllegalAction
from ...core.events import Event, event
from ...core.numbers import counted
from ...core.rulebook import sections as summaries
from . import missions
from .. import sections as R
from .actions import MEETING, Attack, register
from ..affiliations import Affiliations, load_affiliations
from ..cards import TACTICS, Warrior
from .combat_state import KILLED, WOUNDED, CombatState, Table
from ..effects import Kill
from .muster import reveal
from ..state import DTState, Phase, Trooper, pay
from .warriors import remove
from ..words import ANYONE, said, warrior_name

#: Nodes of the attack graph besides the affiliations: designations that change
#: the attack rules, with the affiliation they stand on.
DESIGNATIONS = (("Mortificator", "Brotherhood", ("Mortificator",)),
                ("Tainted heretic", "Brotherhood", ("Heretic",)))


def classes(w: Warrior, affiliations: Affiliations | None = None) -> frozenset[str]:
    """The classes ``w`` is tested by (its affiliations, groups, keywords, ...)."""
    aff = affiliations if affiliations is not None else load_affiliations()
    return aff.classes(w.affiliation, w.keywords, w.considered)


def attack_rule(a: Warrior, b: Warrior, same_owner: bool = False,
                affiliations: Affiliations | None = None) -> tuple[bool, str]:
    """May ``a`` attack ``b``?  ``(allowed, section)``, the section being the rule
    that decides (an id in ``data/rules/doomtrooper.toml``)."""
    aff = affiliations if affiliations is not None else load_affiliations()
    return aff.decide(classes(a, aff), classes(b, aff), same_owner)


def attack_graph(affiliations: Affiliations | None = None, same_owner: bool = False,
                 expansions: tuple[str, ...] = ()) -> nx.DiGraph:
    """Who may attack whom, as a directed graph over affiliations (and the
    designations that change the rules: Mortificators, tainted heretics).

    Every ordered pair (self loops too) has an edge with ``allowed`` and the
    ``rule`` (section id) and ``heading`` that decide it; draw only the allowed
    ones with ``nx.subgraph_view(g, filter_edge=lambda a, b: g.edges[a, b]["allowed"])``.
    ``same_owner=True`` asks the question for two warriors of one player;
    ``expansions`` names the expansions whose affiliations join the basic ones
    (``("Paradise Lost",)``: the four Tribal affiliations)."""
    aff = affiliations if affiliations is not None else load_affiliations()
    nodes: dict[str, frozenset[str]] = {name: aff.classes(name, ()) for name in aff.names
                                        if aff.expansion_of.get(name, "") in ("",) + tuple(expansions)}
    for label, base, keywords in DESIGNATIONS:
        nodes[label] = aff.classes(base, keywords)
    titles = summaries(R.GAME)
    g = nx.DiGraph(own=R.OWN_WARRIORS.section)
    for name, cls in nodes.items():
        g.add_node(name, classes=tuple(sorted(cls)), group=next((aff.of[c] for c in cls if c in aff.of), ""))
    for a, ca in nodes.items():
        for b, cb in nodes.items():
            allowed, section = aff.decide(ca, cb, same_owner)
            g.add_edge(a, b, allowed=allowed, rule=section, heading=titles[section].heading)
    return g


# -- the attack action (a whole game) ------------------------------------------------------------------
# (Step Two: "Attack"; the combat itself is explorer.doomtrooper.base.combat)



def may_attack_with(game: Any, state: DTState, t: Trooper) -> bool:
    """Warrior ``t`` of the current player may attack now: not in cover, not out of
    cover only this turn, and able to fight at all."""
    return not t.cover and t.exited != state.turn and game.pool[t.card].combat


def may_be_attacked(game: Any, t: Trooper) -> bool:
    """May ``t`` be chosen as a Defender ("No Warriors in Play": a warrior that may
    not take part in combat is never attacked)?  A warrior hidden in cover may be:
    nobody else knows what it is until it is turned over."""
    return t.hidden or game.pool[t.card].combat


def target_cost(game: Any, state: DTState, seat: int, other: int) -> tuple[bool, int, Any]:
    """Multi-Player Games: may ``seat`` attack a warrior of ``other``, and at what
    price in Destiny Points?  ``(allowed, cost, rule)``."""
    rules = game.rules
    if rules.style == "teams" and state.purse_of[seat] == state.purse_of[other] and not rules.teammates_may_attack:
        return False, 0, R.TEAMS
    if rules.style == "primary_targets" and len(state.seats) > 2 and other != primary_target(state, seat):
        return True, rules.secondary_target_cost, R.PRIMARY_TARGETS
    return True, 0, R.FREE_FOR_ALL


def primary_target(state: DTState, seat: int) -> int:
    """The player on ``seat``'s left: the next seat in play still in the game."""
    n = len(state.seats)
    for step in range(1, n):
        other = (seat + step) % n
        if not state.seats[other].out:
            return other
    return seat


@lru_cache(maxsize=4096)
def _both_tactics(attacker: int, defender: int) -> tuple[Attack, ...]:
    """The attacks of ``attacker`` on ``defender``, one per tactic: built once per pair
    of uids (actions are frozen values; the same pairs are offered turn after turn)."""
    return tuple([Attack(attacker, defender, tactic) for tactic in TACTICS])


def attack_options(game: Any, state: DTState) -> tuple[Attack, ...]:
    """The current player's attacks: his warriors that may attack now on the warriors
    of the players he may target (and pay for).  They read only the warriors in play,
    his seat, the turn and those players: the last answer is kept with them
    (immutable; a step that leaves the warriors alone, a Meditate, leaves the same)."""
    seat = state.current
    seats = state.seats
    if seats[seat].turns <= 1:
        return ()
    targets = []
    if game.rules.style == "free_for_all":  # target_cost's answer for every player: allowed, at no cost
        for other in range(len(seats)):
            if other != seat and not seats[other].out:
                targets.append(other)
    else:
        destiny = state.purses[state.purse_of[seat]]  # his Destiny (read without a method call)
        for other in range(len(seats)):
            if other != seat and not seats[other].out:
                ok, cost, _ = target_cost(game, state, seat, other)
                if ok and cost <= destiny:
                    targets.append(other)
    if game.variant is not None:
        targets = game.variant.attack_targets(game, state, targets)
    troopers = state.troopers
    turn = state.turn
    asked = (seat, turn, targets)
    last = game._attacks
    if last is not None and last[0] is troopers and last[1] == asked:
        return last[2]
    mine = []  # his warriors that may attack, and those they may attack (one loop: no comprehension calls)
    theirs = []
    pool = game.pool
    for t in troopers:  # may_attack_with and may_be_attacked, read in the loop (no call per warrior)
        owner = t.owner
        if owner == seat:
            if not t.cover and t.exited != turn and pool[t.card].combat:
                mine.append(t)
        elif owner in targets and (t.hidden or pool[t.card].combat):
            theirs.append(t)
    out: list[Attack] = []
    if mine and theirs:
        may, known = game.may_attack, game._may  # (its answers looked up here first, without a call)
        rules = game.meeting  # those of MEETING that may bar a meeting in this game
        for a in mine:
            card, uid = a.card, a.uid
            for d in theirs:
                if not d.hidden:
                    allowed = known.get((card, d.card))
                    if allowed is None:
                        allowed = may(card, d.card)
                    if not allowed:
                        continue
                out += unbarred(game, a, d, rules) if rules else _both_tactics(uid, d.uid)
    attacks = tuple(out)
    game._attacks = (troopers, asked, attacks)
    return attacks


def unbarred(game: Any, a: Trooper, d: Trooper, rules: Sequence[Any]) -> list[Attack]:
    """The attacks of ``a`` on ``d``, one per tactic, that none of ``rules`` (the game's
    :attr:`meeting` rules) bars (loops: in Python 3.11 all() over a generator is calls)."""
    out = []
    for attack in _both_tactics(a.uid, d.uid):
        for rule in rules:
            if rule(game, a, d, attack.tactic) is not None:
                break
        else:
            out.append(attack)
    return out


def meeting(game: Any, a: Trooper, d: Trooper, tactic: str) -> tuple[Any, str] | None:
    """Why ``a`` and ``d`` may not meet in a ``tactic`` combat whatever the attack
    rules say (the expansions' rules in :data:`~explorer.doomtrooper.base.actions.MEETING`),
    as ``(rule, reason)``, or ``None``."""
    for rule in MEETING:
        why = rule(game, a, d, tactic)
        if why is not None:
            return why
    return None


#: the tactic's event, by tactic (the same words every time: made once, events are immutable)
_TACTIC_CHOSEN = {tactic: event(R.TACTIC, f"the battle tactic is {tactic.capitalize()}", tactic=tactic)
                  for tactic in TACTICS}


def do_attack(game: Any, state: DTState, action: Attack, chance: Any,
              tell: bool = True) -> tuple[DTState, list[Event]]:
    """The attack action: the combat begins (``tell=False``: its announcement and
    opening not told, the same state)."""
    seat = state.current
    a, d = state.trooper(action.attacker), state.trooper(action.defender)
    events: list[Event] = []
    _, cost, rule = target_cost(game, state, seat, d.owner)
    if cost:
        state = pay(state, seat, cost)
        events.append(event(rule, f"seat {seat} pays {counted(cost, 'Destiny Point')} to attack a secondary target",
                            seat=seat, destiny=-cost))
    elif len(state.seats) > 2 and game.rules.style == "free_for_all" and game.variant is None:
        events.append(event(rule, f"seat {seat} may attack any other player's warriors: seat {d.owner}'s, at no cost",
                            seat=seat))
    if d.hidden:  # (the actions spent first, as every way out of the combat spends them)
        state = state._replace(actions=0)
        state, more = reveal(game, state, d.uid, R.MUSTER_IN_COVER, f"{a.card} attacks seat {d.owner}'s warrior in "
                                                                    "cover, which is turned over")
        events += more
        d = state.find(d.uid)
        if d is None:
            events.append(event(R.COVER_PAYMENT, "there is no combat; the attack action is spent"))
            return state._replace(phase=Phase.DISCARD), events
        if not game.pool[d.card].combat:
            events.append(event(R.NO_WARRIORS, f"{d.card} may not take part in combat: the combat ends before it "
                                               "begins, and the attack action is spent"))
            return state._replace(phase=Phase.DISCARD), events
        allowed, section = game.aff.decide(game.classes_of(a), game.classes_of(d), False)
        if not allowed and game.variant is not None:  # a variant's exception (Colonization: Mars)
            allowed = game.variant.allows_attack(game, a, d, section)
        if not allowed:
            events.append(event(game.section(section), f"{a.card} may not attack {d.card}: the combat ends before it "
                                                       "begins, and the attack action is spent", section=section))
            return state._replace(phase=Phase.DISCARD), events
        barred = meeting(game, a, d, action.tactic)
        if barred is not None:
            events.append(event(barred[0], f"{a.card} may not attack {d.card} ({barred[1]}): the combat ends before "
                                           "it begins, and the attack action is spent"))
            return state._replace(phase=Phase.DISCARD), events
    step = game.combat.start(combat_table(game, state, seat, a, d, action.tactic), tell)
    if tell:
        events.append(event(R.ANNOUNCE, f"{a.card} (seat {seat}) attacks {d.card} (seat {d.owner})"
                                        f"{' in cover' if d.cover else ''}", attacker=a.uid, defender=d.uid))
        events.append(_TACTIC_CHOSEN[action.tactic])
        events += step.events
    return state.combat_begun(step.state), events


def combat_table(game: Any, state: DTState, seat: int, a: Trooper, d: Trooper, tactic: str) -> Table:
    """The table of a combat ``seat``'s warrior ``a`` starts against ``d``: the
    order of play (the attacker, the defender, then the others clockwise), the
    fortifications that stand where the combat is, the hands and purses."""
    n = len(state.seats)
    order = [seat] + ([d.owner] if d.owner != seat else [])
    for k in range(1, n):  # (a loop: in Python 3.11 a comprehension is a call)
        other = (seat + k) % n
        if other not in order and not state.seats[other].out:
            order.append(other)
    forts = tuple(map(_FORTIFICATIONS, state.seats))
    if game.places is not None:  # the variants with places: which fortifications stand where the combat is
        forts = game.places.combat_fortifications(game, state, a, d, forts)
    return Table(tactic, a.uid, d.uid, state.troopers, forts, state.purse_of, tuple(order),
                 tuple(map(_HAND, state.seats)), state.purses, in_play=in_play(state))


#: a seat's cards in play, fortifications and hand (read by map: in Python 3.11 a comprehension is a call)
_IN_PLAY, _FORTIFICATIONS, _HAND = attrgetter("in_play"), attrgetter("fortifications"), attrgetter("hand")


def in_play(state: DTState) -> tuple:
    """Every seat's :attr:`Seat.in_play` for a combat's table (``()`` when nobody has any)."""
    placed = tuple(map(_IN_PLAY, state.seats))
    return placed if any(placed) else ()


def finish(game: Any, state: DTState, done: CombatState, tell: bool = True) -> tuple[DTState, list[Event]]:
    """What a finished combat does to the game: cards played go to their owners'
    discard piles, warriors are wounded (in the copy that ends the combat) or killed
    (missions checked first), and the points are taken.  ``tell=False``: the same state,
    the removals of the dead not told (for a runner that keeps no events)."""
    table = done.table
    discards = {}  # the discard pile of each seat that played cards, with them
    for p in table.plays:
        discards[p.seat] = discards.get(p.seat, state.seats[p.seat].discard).add(p.card)
    in_play = table.in_play  # cards put into play during the combat (an Alliance), if any
    seats = []  # each seat copied once; one the combat left alone stays the same object (its views are remembered)
    for i, (s, h) in enumerate(zip(state.seats, table.hands)):
        if in_play:
            s = s._replace(hand=h, in_play=in_play[i], discard=discards.get(i, s.discard))
        elif i in discards:
            s = s.with_hand(h, discards[i])
        elif s.hand is not h:
            s = s.with_hand(h)
        seats.append(s)
    troopers = state.troopers
    if table.troopers is not troopers:  # Sergeants may be assigned during the combat
        leads = {t.uid: t.leads for t in table.troopers}
        if any(leads.get(t.uid, t.leads) != t.leads for t in troopers):
            troopers = tuple(t._replace(leads=leads.get(t.uid, t.leads)) for t in troopers)
    hurt = []  # the warriors wounded, in the copy that ends the combat (no mission reads a wound)
    for uid, status in done.statuses:
        if status == WOUNDED:
            hurt.append(uid)
    if hurt:
        wounded = []  # (a loop: in Python 3.11 a comprehension is a call)
        for t in troopers:
            wounded.append(t.hurt() if t.uid in hurt else t)
        troopers = tuple(wounded)
    state = state.combat_over(tuple(seats), table.purses, troopers)
    events: list[Event] = []
    for kill in done.kills:
        killer, victim = table.trooper(kill.killer), table.trooper(kill.victim)
        state, more = missions.check(game, state, "kill", Kill(killer.uid, killer.owner, victim.uid, victim.owner,
                                                               game.classes_of(victim)))
        events += more
    for uid, status in done.statuses:
        if status == KILLED:
            dead = state.find(uid)
            state, more = remove(game, state, uid, R.STATUS, "", tell)  # the combat has logged the death
            events += more
            if game.places is not None and dead is not None:  # the variants with places (Mars)
                state, more = game.places.killed(game, state, dead)
                events += more
    if done.earned:  # the points taken, every seat and purse in one copy
        seats, purses = list(state.seats), list(state.purses)
        for e in done.earned:
            s = seats[e.seat]
            seats[e.seat] = s._replace(promotion=s.promotion + e.promotion)
            purses[state.purse_of[e.seat]] += e.destiny
        state = state.with_purses(tuple(seats), tuple(purses))
    if game.places is not None:  # the variants with places (Home Turf: the points ride on the warrior)
        state, more = game.places.earned(game, state, done)
        events += more
    return state, events


def explain_attack(game: Any, state: DTState, action: Any) -> IllegalAction:
    seat = state.current
    if action.tactic not in TACTICS:
        return IllegalAction(R.TACTIC, f"the battle tactic is fight or shoot, not {action.tactic!r}")
    if state.seat.turns <= 1:
        return IllegalAction(R.ACTIONS, "no attack in a player's first turn")
    a, d = state.find(action.attacker), state.find(action.defender)
    if a is None or a.owner != seat:
        return IllegalAction(R.ANNOUNCE, f"the Attacker must be a warrior of yours in play, "
                                         f"not {warrior_name(state, action.attacker, ANYONE)}")
    if d is None:
        return IllegalAction(R.ANNOUNCE, f"the Defender must be a warrior in play, "
                                         f"not {warrior_name(state, action.defender, ANYONE)}")
    if a.cover:
        return IllegalAction(R.COVER, f"{a.card} is in cover: warriors in cover may not attack")
    if a.exited == state.turn:
        return IllegalAction(R.EXIT_COVER, f"{a.card} came out of cover this turn: it may not attack until next turn")
    if not game.pool[a.card].combat:
        return IllegalAction(R.NO_WARRIORS, f"{a.card} may not take part in combat")
    if not may_be_attacked(game, d):
        return IllegalAction(R.NO_WARRIORS, f"{d.card} may not take part in combat: it cannot be attacked")
    if d.owner == seat:
        return IllegalAction(R.OWN_WARRIORS, "your warriors may not attack your own warriors")
    if state.seats[d.owner].out:
        return IllegalAction(R.MULTIPLAYER, f"seat {d.owner} is out of the game")
    ok, cost, rule = target_cost(game, state, seat, d.owner)
    if not ok:
        return IllegalAction(rule, f"seat {d.owner} is your team mate")
    if cost > state.destiny(seat):
        return IllegalAction(rule, f"attacking seat {d.owner}, a secondary target, costs "
                                   f"{counted(cost, 'Destiny Point')}")
    if not d.hidden:
        allowed, section = game.aff.decide(game.classes_of(a), game.classes_of(d), False)
        if not allowed:
            return IllegalAction(game.section(section), f"{a.card} may not attack {d.card}")
    barred = meeting(game, a, d, action.tactic)
    if barred is not None:
        return IllegalAction(barred[0], f"{a.card} may not attack {d.card if not d.hidden else 'that warrior'}: "
                                        f"{barred[1]}")
    return IllegalAction(R.ATTACK, f"{said(state, action)} is not possible now")


register(Attack, R.ATTACK, 1, attack_options, do_attack, explain_attack, ends_actions=True, tells=True)

__all__ = ["DESIGNATIONS", "attack_graph", "attack_rule", "attack_options", "classes", "finish",
           "primary_target", "target_cost"]
__all__ += ["may_be_attacked", "meeting", "unbarred"]
