"""Combat ("Attack", steps 1 to 7), as a game of its own kept in the whole game's
state.  Its players are the game's seats, so its decisions are the game's as they
are and the game asks it directly (no :class:`~explorer.core.subgame.SubGame` to
map players: a layer less at every step of a combat); likewise its round of card play.

1. *Announce Attacker and Defender* and 2. *Announce Battle Tactics* are the
   attack action itself (:mod:`explorer.doomtrooper.base.attack` checks them); the
   combat starts from them, with the expansions' announcements
   (:data:`~explorer.doomtrooper.base.combat_state.ANNOUNCEMENTS`: the Defender
   may defend from a Warzone).
3. *Determine Combat Standing*: each combatant whose controller has more than
   one usable weapon picks one (attacker first); then the standing is shown.
4. *Modify Combat Ratings*: a round of card play (:class:`explorer.core.rounds.Rounds`),
   attacking player first, then the defending player, then the others.
5. *Resolve Combat*: :func:`~explorer.doomtrooper.base.clash.clash`, the one rule the game and the odds share;
   under the dice variant each rating gets its own roll.
6. *Change Warrior Status*: wounded, or killed if already wounded.
7. *Award Points*: each player whose warrior killed splits the dead warrior's
   modified Value between Promotion and Destiny (Destiny only for killing his
   own warriors, or for a Freelancer's kill).

A combatant's ratings (:meth:`Combat.ratings`, from
:mod:`~explorer.doomtrooper.base.standing`) count its card, its equipment
(one copy of each card, one weapon and only for its tactic, vehicle limits),
its gifts and lasting spells, its area's fortifications (not inside a
vehicle), +3 Armor in cover, and the cards played in the modify step; an
immunity of either combatant switches the matching powers off for both
("Immunity").
"""

from __future__ import annotations

from functools import lru_cache
from itertools import count
from typing import Any

from ...core.engine import Chance, Decision, Game, IllegalAction, Step
from ...core.events import Event, event
from ...core.numbers import counted
from ...core.rounds import Rounds
from .. import effects as E
from .. import sections as R
from ..cards import TACTICS, Pool
from ..params import DoomtrooperRules
from ..state import Trooper
from .actions import MEETING, meeting_rules, switched_on
from .clash import clash
from .combat_log import resolution_events
from .combat_context import Context
from .combat_play import CardPlay
from .standing import Standing
from .combat_state import (ANNOUNCEMENTS, AREA_REACH, KILLED, ROUND_PLAYS, ChooseWeapon, CombatState, Due,
                           Earned, Feed, Kill, Play, Resolve, Table, TakePoints, play_limit, splits)
from ..words import ANYONE, said, warrior_name

#: a Step built as the tuple it is (a named tuple's own constructor is a Python function)
_new = tuple.__new__
#: the resolution's decision, forced (the same every time: made once, decisions are immutable)
_RESOLVE = Decision(None, (Resolve(),), R.RESOLVE, "Compare the final ratings")
#: an Art spell's play of the modify step, built once per card, target and caster (actions are frozen values)
_play_of = lru_cache(maxsize=4096)(Play)

# -- the combat game ----------------------------------------------------------------------------------

class Combat(CardPlay, Standing, Game):
    """One combat, from the standing to the points.  Its players are the host's
    seats.  ``pool`` gives the cards; ``rules`` the numbers and switches."""

    name = R.GAME

    def __init__(self, pool: Pool, rules: DoomtrooperRules):
        self.pool = pool
        self.rules = rules
        self.aff = pool.affiliations
        self.roll = rules.dice_roll()
        self.rounds = Rounds(self._plays, self._play, R.MODIFY, one_per_turn=not rules.many_cards_per_turn,
                             prompt="Play a card on the combat, or pass", change=self._changed)
        self._classes: dict[str, frozenset[str]] = {}
        self._owns: dict[tuple, Any] = {}  # what a warrior's card and attachments add up to (Standing._sum)
        self._ratings: dict[tuple, Any] = {}  # a warrior's ratings by what they read (Standing.fighter)
        self._kinds: dict[tuple, int] = {}  # what a warrior's ratings read -> its number (Standing.rating_key)
        self._numbers = count()  # the next such number (never one given before, the dict cleared or not)
        self._off: dict[tuple[str, str], frozenset[str]] = {}  # the powers off by the two cards (Standing.off)
        self._last_plays: tuple = (None, None, ())  # (table, seat, plays): the last answer of _plays
        #: the last table's Context (one asks only of its table: the seats' plays and the cards a bot
        #: weighs on one table share it)
        self._context = Context(self, None)
        self._round_hooks: tuple[int, tuple[Any, ...]] = (-1, ())  # see _plays
        self._meeting: tuple[int, tuple[Any, ...]] = (-1, ())  # see meets
        self._idle: dict[tuple[str, str], bool] = {}  # (card, tactic) -> idle (see idle)
        #: tactic -> card -> see _combat_card (by tactic first: a hand's cards looked up by name alone)
        self._combat_cards: dict[str, dict[str, tuple | None]] = {tactic: {} for tactic in TACTICS}
        #: the weapons of the pool, those usable in each tactic and its vehicles (read as sets, no card
        #: property or method called for each card; the pool is read-only)
        self.weapon_cards = frozenset([name for name, c in pool.items() if c.type == "equipment" and c.weapon])
        self._usable = {tactic: frozenset([name for name in self.weapon_cards if pool[name].usable_in(tactic)])
                        for tactic in TACTICS}
        self._vehicles = frozenset([name for name, c in pool.items() if c.type == "equipment" and c.kind == "vehicle"])
        #: the variants with places: ``place_terms(table, trooper)`` yields ``Term``s a warrior's place adds
        #: (a warzone's modifiers, cover on Mercury, a base's Armor); ``None`` in the standard game
        self.place_terms = None
        #: a variant's extra condition on casters (``(table, trooper) -> bool``; None: none)
        self.may_cast = None

    # -- cards and classes -----------------------------------------------------------------------
    def card(self, name: str) -> Any:
        return self.pool[name]

    def classes_of(self, trooper: Trooper) -> frozenset[str]:
        """The classes a warrior in play is tested by (see :mod:`explorer.doomtrooper.affiliations`)."""
        try:  # (a subscript: a dict's get is a method call)
            return self._classes[trooper.card]
        except KeyError:  # the first look at this card
            c = self.pool[trooper.card]
            hit = self._classes[trooper.card] = self.aff.classes(c.affiliation, c.keywords, c.considered)
            return hit

    def label(self, trooper: Trooper) -> str:
        return f"{trooper.card} (seat {trooper.owner})"

    # -- starting ------------------------------------------------------------------------------------
    def start(self, table: Table, tell: bool = True) -> Step:
        """A combat between ``table.attacker`` and ``table.defender``: the
        announcements (defending from a Warzone), weapons, then the standing and
        the modify step.  ``tell=False``: the same state and no events (the standing
        is worked out only to be told)."""
        events: list[Event] | None = [] if tell else None
        return self._announce(table, 0, events)

    def _announce(self, table: Table, first: int, events: list[Event] | None) -> Step:
        """The next announcement from the ``first``-th with something to announce, or on to the
        weapons (``events``: what is told so far, or None when nothing is told)."""
        for i in range(first, len(ANNOUNCEMENTS)):
            if ANNOUNCEMENTS[i].options(self, table):
                return Step(CombatState("announce", table, announced=i), tuple(events) if events is not None else ())
        return self._weapons(table, events)

    def _weapons(self, table: Table, events: list[Event] | None) -> Step:
        choosing, weapons = (), ()  # who picks a weapon, the weapons of those with one (no comprehension calls)
        attacker, defender = table.attacker, table.defender
        for t in table.troopers:  # the two combatants in one pass (no table.trooper calls)
            if t.uid == attacker:
                ta = t
            elif t.uid == defender:
                td = t
        for t in (ta, td):  # the attacker first
            uid = t.uid
            if not t.attached:  # no card attached, no weapon (most warriors): weapons_of's (), without the call
                continue
            w = self.weapons_of(t, table.tactic)  # (its weapon_options)
            if len(w) > 1:
                choosing += (uid,)
            elif len(w) == 1:
                weapons += ((uid, w[0]),)
        if weapons != table.weapons:  # (none to set, most often: no copy)
            table = table.with_weapons(weapons)
        if choosing:
            return Step(CombatState("weapons", table, choosing=choosing), tuple(events) if events is not None else ())
        return self._to_modify(table, events)

    def weapon_options(self, table: Table, uid: int) -> tuple[str, ...]:
        """The distinct weapons ``uid`` may use in this combat's tactic (none inside
        a vehicle that restricts weapons or equipment)."""
        return self.weapons_of(table.trooper(uid), table.tactic)

    def weapons_of(self, t: Trooper, tactic: str) -> tuple[str, ...]:
        """The distinct weapons warrior ``t`` may use in a ``tactic`` combat (see
        :meth:`weapon_options`)."""
        if not t.attached:  # no card attached, no weapon (most warriors)
            return ()
        vehicle = self.vehicle(t) if t.inside else None
        if vehicle is not None and vehicle.restricts != "none":
            return ()
        usable = self._usable[tactic]
        out = []
        for a in t.attached:
            if a.card in usable and a.card not in out:
                out.append(a.card)
        return tuple(out)

    def vehicle(self, t: Trooper) -> Any:
        vehicles = self._vehicles
        for a in t.attached:
            if a.card in vehicles:
                return self.pool[a.card]
        return None

    def _to_modify(self, table: Table, events: list[Event] | None) -> Step:
        """The standing at ``table`` (its weapons chosen) told when ``events`` is not None, then the
        modify step: a combat's state built at once (it holds nothing else yet), not copied again."""
        if events is not None:
            events.append(self._standing(table))
        rounds = self.rounds.opening(table.order, table, events)  # its passes told after the standing
        if rounds.over:  # everyone passed at once
            state = CombatState.begun("resolve", table, None)
        else:
            state = CombatState.begun("modify", table, rounds)
        return _new(Step, (state, tuple(events) if events is not None else ()))

    def _standing(self, table: Table) -> Event:
        ta, td = table.trooper(table.attacker), table.trooper(table.defender)
        off = self.off_between(ta.card, td.card)
        a, d = self.fighter(table, ta, td, off), self.fighter(table, td, ta, off)
        word = table.tactic.capitalize()

        def line(x, rx, y, ry):
            verdict = "would wound" if rx.attack >= ry.armor else "would not wound"
            return f"{x.card} {word} {rx.attack} against Armor {ry.armor}{' (in cover)' if y.cover else ''}: {verdict}"

        text = f"Standing: {line(ta, a, td, d)}; {line(td, d, ta, a)}"
        return event(R.STANDING, text, attacker=(a.attack, a.armor), defender=(d.attack, d.armor))

    # -- the modify step: the round of card play ------------------------------------------------------
    def _plays(self, table: Table, seat: int) -> tuple[Any, ...]:
        """What ``seat`` may play in the modify step on ``table``.  The round asks
        twice about one table (is there a play, then which): the last answer is
        kept with the table it was for (tables are immutable), and worked out here, not in a
        function of its own (a call less for every list).  The effects' targets read the table
        through its Context, kept for the last table (see ``_context``)."""
        last = self._last_plays
        if last[0] is table and last[1] == seat:
            return last[2]
        hand = table.hands[seat]
        out: list[Any] = []
        if hand.size:
            ctx = off = None  # built at the first card played in combat (most of a hand is not)
            tactic = table.tactic
            known = self._combat_cards[tactic]
            for name in hand.distinct:
                try:
                    card = known[name]
                except KeyError:  # a card not yet looked at in a ``tactic`` combat
                    card = self._combat_card(name, tactic)
                if card is None:
                    continue
                if ctx is None:
                    ctx = self._context
                    if ctx.table is not table:
                        ctx = self._context = Context(self, table)
                c, effect, p, plays = card
                if c.type == "special":
                    if c.keywords and play_limit(self, table, seat, c) is not None:
                        continue
                    for target in effect.targets(ctx, table, seat, p):
                        try:
                            out.append(plays[target])
                        except KeyError:  # its first play on this target
                            out.append(plays.setdefault(target, Play(name, target)))
                else:  # a spell of the Art
                    if off is None:
                        off = self.off(table)
                    if "art" in off or table.purses[table.purse_of[seat]] < c.cost:
                        continue
                    targets = effect.targets(ctx, table, seat, p)
                    for caster in self.casters(table, seat, c):
                        for target in targets:
                            if target is None or (self.may_cast_on(table.trooper(caster), table.trooper(target))
                                                  and not self.assists_dark_legion(table, caster, c, target)):
                                out.append(_play_of(name, target, caster))
        if table.plays and table.purses[table.purse_of[seat]] > 0:
            for i, p in enumerate(table.plays):
                if p.seat == seat and p.boost and not p.cancelled:
                    out.append(Feed(i))
        hooks = self._round_hooks  # (Round Plays registered, the options of those these rules play)
        if hooks[0] != len(ROUND_PLAYS):  # one left out lists nothing; read again when one more registers
            hooks = self._round_hooks = (len(ROUND_PLAYS), switched_on([r.options for r in ROUND_PLAYS.values()],
                                                                       self.rules))
        for options in hooks[1]:
            out += options(self, table, seat)
        listed = self._last_plays = (table, seat, tuple(out))
        return listed[2]

    def _combat_card(self, name: str, tactic: str) -> tuple[Any, Any, Any, dict] | None:
        """Card ``name`` as a card of the modify step of a ``tactic`` combat: ``(card, its effect, its
        parameters, its Specials' plays by target)``, or ``None`` for a card never played there (not a
        Special played in combat nor an Art spell cast in one) or one that would do nothing (a
        Fight-only card in a Shoot combat, "Determine Combat Standing").  Remembered by card and
        tactic: cards are data, and every hand in every modify step is looked through; a play is
        built once (actions are frozen values)."""
        c = self.pool[name]
        played = (c.type == "special" and c.timing == "combat") or (c.type == "art" and c.spell != "turn")
        idle = c.type in ("special", "art") and self._idle_card(c, tactic)
        hit = self._combat_cards[tactic][name] = (c, E.get(c.effect), E.params(c), {}) if played and not idle else None
        return hit

    def idle(self, table: Table, card: Any) -> bool:
        """Would ``card`` do nothing in this combat: a change to ratings only the other
        tactic uses (a Fight bonus in a Shoot combat), no Armor, no Value?  Never,
        when ``idle_cards_playable`` lets such a card be played to no effect (the
        reading ``idle-cards``)."""
        key = (card.name, table.tactic)
        hit = self._idle.get(key)
        if hit is None:
            hit = self._idle[key] = self._idle_card(card, table.tactic)
        return hit

    def _idle_card(self, card: Any, tactic: str) -> bool:
        if self.rules.idle_cards_playable or card.type == "art" and card.spell == "turn":
            return False
        p = E.params(card)
        if not (hasattr(p, "fight") and hasattr(p, "shoot")):
            return False
        return not any(getattr(p, r, 0) for r in (tactic, "armor", "value"))

    def casters(self, table: Table, seat: int, spell: Any) -> tuple[int, ...]:
        """Warriors of ``seat`` that may cast ``spell`` now: in his Squad, of its
        aspect, shown (not hidden in cover); for a Personal Combat Spell, a combatant."""
        out = []
        for t in table.troopers:
            if t.owner != seat or t.hidden or not self.casts_from(t):
                continue
            aspects = self.pool[t.card].aspects
            if "all" not in aspects and spell.aspect not in aspects:
                continue
            if spell.spell == "personal" and t.uid not in (table.attacker, table.defender):
                continue
            if self.may_cast is not None and not self.may_cast(table, t):
                continue
            out.append(t.uid)
        return tuple(out)

    def reaches(self, area: str, t: Trooper) -> bool:
        """Does a card working on ``area`` reach ``t`` ("Areas of Influence")?"""
        return t.area == area or any(r(self, area, t) for r in AREA_REACH)

    def casts_from(self, t: Trooper) -> bool:
        """Is ``t`` where a caster of the Art casts from (the Squad, or what the Squad reaches)?"""
        return t.area == "Squad" or (bool(AREA_REACH) and self.reaches("Squad", t))

    def meets(self, a: Trooper, d: Trooper, tactic: str) -> bool:
        """May ``a`` and ``d`` meet in a ``tactic`` combat whatever the attack rules say
        (:data:`~explorer.doomtrooper.base.actions.MEETING`)?"""
        rules = self._meeting  # (MEETING's rules registered, those these rules switch on): see _round_hooks
        if rules[0] != len(MEETING):  # one switched off never bars a meeting
            rules = self._meeting = (len(MEETING), meeting_rules(self.rules))
        for r in rules[1]:  # (a loop: a generator is a call, and a resume per rule)
            if r(self, a, d, tactic) is not None:
                return False
        return True

    def may_cast_on(self, caster: Trooper, target: Trooper) -> bool:
        """"Casting Spells of the Art": a pure caster casts on Doomtroopers, a tainted
        one on anyone, a full heretic only on the Dark Legion; never on a warrior
        immune to the Art."""
        if "art" in self.pool[target.card].immune:
            return False
        mine, theirs = self.classes_of(caster), self.classes_of(target)
        if "tribal" in theirs:  # Paradise Lost, "Casting Art Spells": for or against Tribal warriors
            return True
        if "doomtrooper" in mine:
            return "dark_legion" in mine or "doomtrooper" in theirs
        return "dark_legion" in theirs

    def assists_dark_legion(self, table: Table, caster: int, spell: Any, target: int) -> bool:
        """"Casting Spells of the Art": a caster pure of heart (a Doomtrooper, not
        tainted) may not cast to assist his player's Dark Legion warrior in combat,
        neither on it nor against the warrior it fights (a spell aimed at a foe,
        ``on = "foe"``)."""
        c = table.trooper(caster)
        if "dark_legion" in self.classes_of(c):
            return False
        if target not in (table.attacker, table.defender):
            return False
        t = table.trooper(target)
        other = table.trooper(table.defender if target == table.attacker else table.attacker)
        helped = t if t.owner == c.owner else (other if getattr(E.params(spell), "on", "own") == "foe" else None)
        if helped is None or helped.owner != c.owner:
            return False
        kinds = self.classes_of(helped)
        return "dark_legion" in kinds and "doomtrooper" not in kinds

    # -- the protocol ----------------------------------------------------------------------------------
    def decision(self, state: CombatState) -> Decision | None:
        step = state.step
        if step == "modify":
            return self.rounds.decision(state.rounds)  # its players are the seats: its decision is the combat's
        if step == "announce":
            a = ANNOUNCEMENTS[state.announced]
            return Decision(a.seat(state.table), tuple(a.options(self, state.table)), a.rule, a.prompt)
        if step == "weapons":
            uid = state.choosing[0]
            t = state.table.trooper(uid)
            return Decision(t.owner, tuple(ChooseWeapon(uid, w) for w in self.weapon_options(state.table, uid)),
                            R.WEAPONS, f"Seat {t.owner}: which weapon does {t.card} use?")
        if step == "resolve":
            return _RESOLVE
        if step == "award":
            due = state.due[0]
            return Decision(due.seat, splits(due.points), R.AWARD,
                            f"Seat {due.seat}: how many of the {due.points} points as Promotion Points?")
        return None

    def result(self, state: CombatState) -> CombatState | None:
        return state if state.step == "done" else None

    def resolve(self, state: CombatState, action: Any, chance: Chance, tell: bool = True) -> Step:
        """One step of the combat; ``tell=False``: the same state, the cards played, the resolution
        and its points told with no events (for a runner that keeps none)."""
        step = state.step
        if step == "modify":
            if tell:  # its players are the seats
                rounds, events = self.rounds.resolve(state.rounds, action, chance)
            else:
                rounds, events = self.rounds.next_state(state.rounds, action, chance), ()
            table = self.rounds.result(rounds)
            if table is None:  # most steps of a combat: the Step built as the tuple it is (see _new)
                return _new(Step, (state.with_rounds(rounds, state.table), events))
            return _new(Step, (state.resolving(table), events))
        if step == "announce":
            table, events = ANNOUNCEMENTS[state.announced].apply(self, state.table, action)
            return self._announce(table, state.announced + 1, list(events) if tell else None)
        if step == "weapons":
            table = state.table.with_weapons(state.table.weapons + ((action.uid, action.card),))
            t = table.trooper(action.uid)
            events = [event(R.WEAPONS, f"{t.card} uses {action.card}", uid=action.uid, card=action.card)] if tell \
                else None
            if len(state.choosing) == 1:
                return self._to_modify(table, events)
            return Step(state._replace(table=table, choosing=state.choosing[1:]), tuple(events) if tell else ())
        if step == "resolve":
            return self._resolve(state, chance, tell)
        if step == "award":
            return self._award(state, action, tell)
        raise self.illegal(state, action)

    def _resolve(self, state: CombatState, chance: Chance, tell: bool) -> Step:
        table = state.table
        ta, td = table.trooper(table.attacker), table.trooper(table.defender)
        off = self.off_between(ta.card, td.card)
        ra, rd = self.pair(table, ta, td, off)
        rolls: list | None = [] if self.roll is not None else None
        sa, sd = clash(ra, rd, (ta.wounded, td.wounded), chance, self.roll, rolls)
        events = resolution_events(table, (ta, td), (ra, rd), (sa, sd), off, rolls,
                                   self.rules.dice if self.roll is not None else None) if tell else None
        statuses = ((ta.uid, sa), (td.uid, sd))
        if sa != KILLED and sd != KILLED:  # most combats: no kill, no points due, done (_settle_awards' Step)
            return _new(Step, (state.resolved(statuses, (), ()), tuple(events) if tell else ()))
        kills, due = [], []
        for killer, victim, rv, status in ((ta, td, rd, sd), (td, ta, ra, sa)):
            if status != KILLED:
                continue
            kills.append(_new(Kill, (killer.uid, victim.uid)))
            if rv.value <= 0:
                continue
            promotion = killer.owner != victim.owner and "pure_freelancer" not in self.classes_of(killer)
            due.append(_new(Due, (killer.owner, rv.value, promotion, victim.uid)))
        state = state.resolved(statuses, tuple(kills), tuple(due))  # with nothing due, done (in the same copy)
        return self._settle_awards(state, events)

    def _settle_awards(self, state: CombatState, events: list[Event] | None) -> Step:
        """Points that can only be Destiny are taken at once; the rest wait for a choice.
        ``events``: what is told so far, or None when nothing is told."""
        while state.due and not state.due[0].promotion:
            due = state.due[0]
            if events is not None:
                victim = state.table.trooper(due.victim)
                why = ("a kill of his own warrior" if victim.owner == due.seat else "a Freelancer's kill")
                rule = R.AWARD_OWN if victim.owner == due.seat else R.FREELANCERS
                events.append(event(rule, f"seat {due.seat} earns {counted(due.points, 'Destiny Point')} for "
                                          f"{victim.card} ({why}: Destiny only)", seat=due.seat, destiny=due.points))
            state = state.took(Earned(due.seat, 0, due.points))
        return _new(Step, (state, tuple(events) if events is not None else ()))

    def _award(self, state: CombatState, action: TakePoints, tell: bool) -> Step:
        due = state.due[0]
        d = due.points - action.promotion
        events = [event(R.AWARD, f"seat {due.seat} takes {action.promotion} Promotion and "
                                 f"{counted(d, 'Destiny Point')} for {state.table.trooper(due.victim).card}",
                        seat=due.seat, promotion=action.promotion, destiny=d)] if tell else None
        state = state.took(Earned(due.seat, action.promotion, d))
        return self._settle_awards(state, events)

    # -- why not -----------------------------------------------------------------------------------------
    def illegal(self, state: CombatState, action: Any) -> IllegalAction:
        step = state.step
        if step == "done":
            return IllegalAction(R.AWARD, "the combat is over")
        if step == "modify" and isinstance(action, (Play, Feed)):
            seat = state.rounds.player
            return self.explain_play(state.live, seat, action)
        if step == "modify" and type(action) in ROUND_PLAYS:
            return ROUND_PLAYS[type(action)].explain(self, state.live, state.rounds.player, action)
        if step == "announce":
            a = ANNOUNCEMENTS[state.announced]
            return IllegalAction(a.rule, f"{a.prompt}: one of {', '.join(str(o) for o in a.options(self, state.table))}"
                                         f", not {said(state, action)}")
        if step == "weapons" and isinstance(action, ChooseWeapon):
            return IllegalAction(R.WEAPONS, f"{action.card} is not a weapon {warrior_name(state, action.uid, ANYONE)} "
                                            f"can use in a "
                                            f"{state.table.tactic} combat (or it is not its turn to choose)")
        if step == "award" and isinstance(action, TakePoints):
            due = state.due[0]
            return IllegalAction(R.AWARD, f"seat {due.seat} has {due.points} points to split: Promotion Points from 0 "
                                          f"to {due.points}")
        expected = {"announce": "an announcement", "weapons": "a weapon choice", "modify": "a card play or a pass", "resolve": "the resolution",
                    "award": "a choice of points"}[step]
        return IllegalAction(self.decision(state).rule, f"the combat waits for {expected}, not {said(state, action)}")

    def explain_play(self, table: Table, seat: int, action: Any) -> IllegalAction:
        """Why ``seat`` may not make this play now, naming the rule."""
        if isinstance(action, Feed):
            if not isinstance(action.index, int) or not 0 <= action.index < len(table.plays):
                return IllegalAction(R.ART, f"no card number {action.index!r} has been played in this combat")
            p = table.plays[action.index]
            if p.seat != seat or not p.boost:
                return IllegalAction(R.ART, f"{p.card} is not a spell of yours that can be fed Destiny Points")
            if p.cancelled:
                return IllegalAction(R.TIMING, f"{p.card} was cancelled")
            return IllegalAction(R.ART, "no Destiny Points left to feed the spell")
        card = action.card
        c = self.pool.get(card) if isinstance(card, str) else None
        if c is None:
            return IllegalAction(R.CARDS, f"no card named {card!r}")
        if card not in table.hands[seat]:
            return IllegalAction(R.MODIFY, f"{card} is not in seat {seat}'s hand")
        if c.type in ("special", "art") and self.idle(table, c):
            other = "Fight" if table.tactic == "shoot" else "Shoot"
            return IllegalAction(R.STANDING, f"{card} changes only {other}: it does nothing in a "
                                             f"{table.tactic.capitalize()} combat")
        if c.type == "art":
            if c.spell == "turn":
                return IllegalAction(R.ART, f"{card} is cast in its owner's turn, not in combat")
            off = self.off(table)
            if "art" in off:
                return IllegalAction(R.IMMUNITY, "a combatant is immune to the Art: no spell may be cast in this combat")
            if table.purses[table.purse_of[seat]] < c.cost:
                return IllegalAction(R.ART, f"{card} costs {counted(c.cost, 'Destiny Point')}; seat {seat} has "
                                            f"{table.purses[table.purse_of[seat]]}")
            casters = self.casters(table, seat, c)
            if action.caster not in casters:
                if c.spell == "personal":
                    return IllegalAction(R.ART_COMBAT, f"{card} is a Personal Combat Spell: the caster must be fighting "
                                                       "in this combat, in your Squad, and able to cast its aspect")
                return IllegalAction(R.ART, f"the caster must be a warrior of yours in your Squad, shown, who may cast "
                                            f"{c.aspect} spells")
            target = table.find(action.target)
            if target is not None and not self.may_cast_on(table.trooper(action.caster), target):
                return IllegalAction(R.ART_TARGETS, f"{table.trooper(action.caster).card} may not cast on "
                                                    f"{target.card}")
            if target is not None and self.assists_dark_legion(table, action.caster, c, target.uid):
                return IllegalAction(R.ART_TARGETS, f"{table.trooper(action.caster).card} is pure of heart: no spell "
                                                    "to assist your Dark Legion warrior in combat")
        elif c.type != "special" or c.timing != "combat":
            return IllegalAction(R.MODIFY, f"{card} is not a card played during combat")
        elif c.keywords and (why := play_limit(self, table, seat, c)) is not None:
            return IllegalAction(why[0], why[1])
        return IllegalAction(R.MODIFY, f"{card} cannot be played on {action.target!r} now")


__all__ = ["Combat"]
