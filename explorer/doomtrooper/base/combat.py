"""Combat ("Attack", steps 1 to 7), as a game of its own embedded in the whole
game with :class:`~explorer.core.subgame.SubGame`.

1. *Announce Attacker and Defender* and 2. *Announce Battle Tactics* are the
   attack action itself (:mod:`explorer.doomtrooper.base.attack` checks them); the
   combat starts from them, with the expansions' announcements
   (:data:`ANNOUNCEMENTS`: the Defender may defend from a Warzone).
3. *Determine Combat Standing*: each combatant whose controller has more than
   one usable weapon picks one (attacker first); then the standing is shown.
4. *Modify Combat Ratings*: a round of card play (:class:`explorer.core.rounds.Rounds`),
   attacking player first, then the defending player, then the others.
5. *Resolve Combat*: :func:`clash`, the one rule the game and the odds share;
   under the dice variant each rating gets its own roll.
6. *Change Warrior Status*: wounded, or killed if already wounded.
7. *Award Points*: each player whose warrior killed splits the dead warrior's
   modified Value between Promotion and Destiny (Destiny only for killing his
   own warriors, or for a Freelancer's kill).

A combatant's ratings (:meth:`Combat.ratings`) count its card, its equipment
(one copy of each card, one weapon and only for its tactic, vehicle limits),
its gifts and lasting spells, its area's fortifications (not inside a
vehicle), +3 Armor in cover, and the cards played in the modify step; an
immunity of either combatant switches the matching powers off for both
("Immunity").
"""

from __future__ import annotations

from dataclasses import dataclass

from collections.abc import Mapping
from typing import Any, NamedTuple

from ...core.tuples import quick_replace
from ...core.deck import Multiset
from ...core.dist import contest
from ...core.engine import Chance, Decision, Game, IllegalAction, Step
from ...core.events import Event, RuleRef, event
from ...core.rounds import Rounds, RoundsState
from ...core.subgame import SubGame
from .. import effects as E
from .. import sections as R
from ..cards import Pool, Warrior
from .actions import MEETING
from ..params import DoomtrooperRules
from ..state import Trooper

#: More parts of a combatant's ratings, from the expansions' rules: each
#: ``f(combat, table, trooper) -> iterable of Term`` (Paradise Lost: a Beast's new base
#: ratings; first-edition Sergeants: the Sergeant's bonus to his group).
EXTRA_RATINGS: list[Any] = []

#: Areas of Influence (Paradise Lost): each ``f(combat, area, trooper) -> bool`` says whether
#: a card working on ``area`` (a fortification, a caster's place) reaches ``trooper`` in another area.
AREA_REACH: list[Any] = []

UNHURT, WOUNDED, KILLED = "unhurt", "wounded", "killed"
STATUSES = (UNHURT, WOUNDED, KILLED)


# -- the pieces of a combat -------------------------------------------------------------------------

class Ratings(NamedTuple):
    """A combatant's final ratings for one combat: its attack (Fight or Shoot),
    Armor and Value, and how it strikes (``first``: strikes first; ``ends``: a
    hit ends the combat; ``always``: first even against another striker)."""

    attack: int
    armor: int
    value: int
    first: bool = False
    ends: bool = False
    always: bool = False


@quick_replace
class Term(NamedTuple):
    """One part of a combatant's ratings: where it comes from, the rule that makes it
    count, and what it adds to the attack rating (Fight or Shoot), Armor and Value."""

    source: str
    rule: Any
    attack: int
    armor: int
    value: int
    note: str = ""


@quick_replace
class Played(NamedTuple):
    """A card played in the modify step and what it does to which warrior."""

    seat: int
    card: str
    kind: str  # "special" or "art"
    uid: int = -1
    fight: int = 0
    shoot: int = 0
    armor: int = 0
    value: int = 0
    strike: bool = False
    grows: str = ""  # a spell that may be fed: the rating each Destiny Point raises
    boost: int = 0
    fed: int = 0
    cancelled: bool = False


@quick_replace
class Table(NamedTuple):
    """Everything a combat works on: the tactic, who fights, the warriors and
    fortifications in play when it began, the seats in modify order, the cards
    played, and the hands and Destiny pools cards are played and paid from."""

    tactic: str
    attacker: int
    defender: int
    troopers: tuple[Trooper, ...]
    fortifications: tuple[tuple[str, ...], ...]
    purse_of: tuple[int, ...]
    order: tuple[int, ...]
    hands: tuple[Multiset, ...]
    purses: tuple[int, ...]
    plays: tuple[Played, ...] = ()
    weapons: tuple[tuple[int, str], ...] = ()  # (uid, weapon card) for each combatant that has one
    in_play: tuple[tuple[Any, ...], ...] = ()  # each seat's Seat.in_play (Warzones, Alliances); () when none has any
    warzone: str = ""  # the Warzone the Defender defends from ("": none)

    def trooper(self, uid: int) -> Trooper:
        for t in self.troopers:
            if t.uid == uid:
                return t
        raise KeyError(uid)

    def weapon(self, uid: int) -> str:
        for u, w in self.weapons:
            if u == uid:
                return w
        return ""


class Kill(NamedTuple):
    killer: int
    victim: int


class Earned(NamedTuple):
    """Points a seat took from a combat: Promotion and Destiny."""

    seat: int
    promotion: int
    destiny: int


class Due(NamedTuple):
    """Points a seat must still split: ``promotion``: may it take Promotion?"""

    seat: int
    points: int
    promotion: bool
    victim: int


@quick_replace
class CombatState(NamedTuple):
    """Where a combat stands: its step (``weapons``, ``modify``, ``resolve``,
    ``award``, ``done``), the table (inside ``rounds`` during the modify step),
    who still picks a weapon, the statuses, the kills and the points."""

    step: str
    table: Table
    rounds: RoundsState | None = None
    choosing: tuple[int, ...] = ()
    statuses: tuple[tuple[int, str], ...] = ()
    kills: tuple[Kill, ...] = ()
    due: tuple[Due, ...] = ()
    earned: tuple[Earned, ...] = ()
    ended: str = ""  # why the combat stopped early ("" when it was fought)
    announced: int = 0  # the announcements (ANNOUNCEMENTS) already answered

    @property
    def live(self) -> Table:
        """The table as it is now (inside the rounds during the modify step)."""
        return self.rounds.table if self.rounds is not None else self.table

    def status(self, uid: int) -> str | None:
        for u, s in self.statuses:
            if u == uid:
                return s
        return None


# -- actions ------------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class ChooseWeapon:
    """Step 3: the weapon ``uid`` uses in this combat."""

    uid: int
    card: str

    def __str__(self) -> str:
        return f"#{self.uid} uses {self.card}"


@dataclass(frozen=True, slots=True)
class Play:
    """Step 4: play ``card`` from hand on warrior ``target`` (``None``: no
    target); an Art spell names its ``caster``."""

    card: str
    target: int | None = None
    caster: int | None = None

    def __str__(self) -> str:
        return f"play {self.card}" + (f" on #{self.target}" if self.target is not None else "") + (f" (cast by #{self.caster})" if self.caster is not None else "")


@dataclass(frozen=True, slots=True)
class Feed:
    """Step 4: one more Destiny Point into the spell played ``index``-th in this combat."""

    index: int

    def __str__(self) -> str:
        return f"feed a Destiny Point to the spell played {self.index + 1}."


@dataclass(frozen=True, slots=True)
class Resolve:
    """Steps 5 and 6: the rules compare the ratings (rolling under the dice variant)."""

    def __str__(self) -> str:
        return "resolve the combat"


@dataclass(frozen=True, slots=True)
class TakePoints:
    """Step 7: take ``promotion`` of the points as Promotion Points, the rest as Destiny."""

    promotion: int

    def __str__(self) -> str:
        return f"take {self.promotion} as Promotion Points, the rest as Destiny"


ACTIONS = (ChooseWeapon, Play, Feed, Resolve, TakePoints)


# -- hooks for the expansions' rules -------------------------------------------------------------------

class Announcement(NamedTuple):
    """Something a player announces after the battle tactic, before the standing (the
    Warzone expansion: the Defender may defend from a Warzone).  ``options(combat,
    table)``: the actions offered (empty: nothing to announce); ``seat(table)``: who
    decides; ``apply(combat, table, action)``: ``(table, events)``."""

    rule: Any
    types: tuple[type, ...]
    options: Any
    seat: Any
    apply: Any
    prompt: str = "Announce"


class RoundPlay(NamedTuple):
    """A card the expansions let any player put into play during the modify step
    (the Golgotha expansion: an Alliance, played at any time): ``options(combat,
    table, seat)``, ``apply(combat, table, seat, action)`` -> ``(table, events)``,
    ``explain(combat, table, seat, action)`` -> :class:`IllegalAction`."""

    type: type
    options: Any
    apply: Any
    explain: Any


#: Announcements, in order (registered by :mod:`explorer.doomtrooper.expansions.warzones`).
ANNOUNCEMENTS: list[Announcement] = []
#: action type -> the play (registered by :mod:`explorer.doomtrooper.expansions.alliances`).
ROUND_PLAYS: dict[type, RoundPlay] = {}
#: card type -> the rule that makes a card of that type count when attached to a warrior
#: (Relics, Ki Powers): its Fight or Shoot (by the tactic), Armor and Value add to the
#: warrior's, and its ``strike_first`` works as a warrior's.
ATTACHED_RATINGS: dict[str, RuleRef] = {}
#: ``(combat, table, seat, card) -> (rule, reason) | None``: why a Special with keywords may
#: not be played in this combat (the Mortificator expansion's Poisons); ``None``: it may.
PLAY_LIMITS: list[Any] = []


def play_limit(combat: Any, table: Any, seat: int, card: Any) -> tuple[Any, str] | None:
    """The first reason a registered limit gives against playing ``card``, or ``None``."""
    for limit in PLAY_LIMITS:
        why = limit(combat, table, seat, card)
        if why is not None:
            return why
    return None


# -- the one rule of resolution -------------------------------------------------------------------

def wounds(attack: int, armor: int, chance: Chance | None, roll) -> bool:
    """Does ``attack`` wound ``armor``?  Equal or greater wounds ("Determine Combat
    Standing"); under the dice variant each side adds its own ``roll``."""
    if roll is None:
        return attack >= armor
    return chance.roll(contest(attack, armor, roll, roll, ties="roller"))


def first_striker(a: Ratings, d: Ratings) -> int | None:
    """0 (attacker) or 1 (defender) strikes first, or ``None`` when they strike at
    once ("Striking First": two strikers cancel out unless one strikes first even
    then)."""
    if a.first and d.first:
        if a.always != d.always:
            return 0 if a.always else 1
        return None
    if a.first:
        return 0
    if d.first:
        return 1
    return None


def clash(a: Ratings, d: Ratings, wounded: tuple[bool, bool], chance: Chance | None, roll=None) -> tuple[str, str]:
    """Resolve a combat: the statuses of the attacker and the defender after it.

    Simultaneous blows unless one strikes first; a warrior struck first strikes
    back only if it lives (and not at all when the striker's hit ends the
    combat).  A wounded warrior hit again is killed."""
    first = first_striker(a, d)
    hit = [False, False]  # hit[i]: warrior i was hit
    ratings = (a, d)
    if first is None:
        hit[1] = wounds(a.attack, d.armor, chance, roll)
        hit[0] = wounds(d.attack, a.armor, chance, roll)
    else:
        x, y = first, 1 - first
        hit[y] = wounds(ratings[x].attack, ratings[y].armor, chance, roll)
        dead = hit[y] and wounded[y]
        if not dead and not (hit[y] and ratings[x].ends):
            hit[x] = wounds(ratings[y].attack, ratings[x].armor, chance, roll)
    return tuple(_after(h, w) for h, w in zip(hit, wounded))  # type: ignore[return-value]


def _after(hit: bool, wounded: bool) -> str:
    if hit:
        return KILLED if wounded else WOUNDED
    return WOUNDED if wounded else UNHURT


# -- the combat game ----------------------------------------------------------------------------------

class Combat(Game):
    """One combat, from the standing to the points.  Its players are the host's
    seats.  ``pool`` gives the cards; ``rules`` the numbers and switches."""

    name = R.GAME

    def __init__(self, pool: Pool, rules: DoomtrooperRules):
        self.pool = pool
        self.rules = rules
        self.aff = pool.affiliations
        self.roll = rules.dice_roll()
        self.rounds = Rounds(self._plays, self._play, R.MODIFY, one_per_turn=not rules.many_cards_per_turn,
                             prompt="Play a card on the combat, or pass")
        self.sub = SubGame(self.rounds)
        self._classes: dict[str, frozenset[str]] = {}
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
        hit = self._classes.get(trooper.card)
        if hit is None:
            c = self.pool[trooper.card]
            hit = self._classes[trooper.card] = self.aff.classes(c.affiliation, c.keywords, c.considered)
        return hit

    def label(self, trooper: Trooper) -> str:
        return f"{trooper.card} (seat {trooper.owner})"

    # -- starting ------------------------------------------------------------------------------------
    def start(self, table: Table) -> Step:
        """A combat between ``table.attacker`` and ``table.defender``: the
        announcements (defending from a Warzone), weapons, then the standing and
        the modify step."""
        if ANNOUNCEMENTS:
            return self._announce(CombatState("announce", table), [])
        return self._weapons(table, [])

    def _announce(self, state: CombatState, events: list[Event]) -> Step:
        """The next announcement with something to announce, or on to the weapons."""
        for i in range(state.announced, len(ANNOUNCEMENTS)):
            if ANNOUNCEMENTS[i].options(self, state.table):
                return Step(state._replace(step="announce", announced=i), tuple(events))
        return self._weapons(state.table, events)

    def _weapons(self, table: Table, events: list[Event]) -> Step:
        choosing = tuple(uid for uid in (table.attacker, table.defender) if len(self.weapon_options(table, uid)) > 1)
        weapons = tuple((uid, w[0]) for uid in (table.attacker, table.defender)
                        if len(w := self.weapon_options(table, uid)) == 1)
        state = CombatState("weapons", table._replace(weapons=weapons), choosing=choosing)
        if choosing:
            return Step(state, tuple(events))
        return self._to_modify(state, events)

    def weapon_options(self, table: Table, uid: int) -> tuple[str, ...]:
        """The distinct weapons ``uid`` may use in this combat's tactic (none inside
        a vehicle that restricts weapons or equipment)."""
        t = table.trooper(uid)
        vehicle = self.vehicle(t) if t.inside else None
        if vehicle is not None and vehicle.restricts != "none":
            return ()
        out = []
        for a in t.attached:
            c = self.pool[a.card]
            if c.type == "equipment" and c.weapon and c.usable_in(table.tactic) and a.card not in out:
                out.append(a.card)
        return tuple(out)

    def vehicle(self, t: Trooper) -> Any:
        for a in t.attached:
            c = self.pool[a.card]
            if c.type == "equipment" and c.kind == "vehicle":
                return c
        return None

    def _to_modify(self, state: CombatState, events: list[Event]) -> Step:
        table = state.table
        events.append(self._standing(table))
        opened = self.rounds.start(table.order, table)
        events.extend(opened.events)
        state = state._replace(step="modify", choosing=(), rounds=opened.state)
        if opened.state.over:
            state = state._replace(step="resolve", table=opened.state.table, rounds=None)
        return Step(state, tuple(events))

    def _standing(self, table: Table) -> Event:
        a, d = self.ratings(table, table.attacker), self.ratings(table, table.defender)
        ta, td = table.trooper(table.attacker), table.trooper(table.defender)
        word = table.tactic.capitalize()

        def line(x, rx, y, ry):
            verdict = "would wound" if rx.attack >= ry.armor else "would not wound"
            return f"{x.card} {word} {rx.attack} against Armor {ry.armor}{' (in cover)' if y.cover else ''}: {verdict}"

        text = f"Standing: {line(ta, a, td, d)}; {line(td, d, ta, a)}"
        return event(R.STANDING, text, attacker=(a.attack, a.armor), defender=(d.attack, d.armor))

    # -- ratings ---------------------------------------------------------------------------------------
    def off(self, table: Table) -> frozenset[str]:
        """The mystical powers switched off for this combat: every immunity either
        combatant has ("Immunity")."""
        out: set[str] = set()
        for uid in (table.attacker, table.defender):
            c = self.pool[table.trooper(uid).card]
            out.update(c.immune)
        return frozenset(out)

    def ratings(self, table: Table, uid: int) -> Ratings:
        """``uid``'s final ratings in this combat as things stand."""
        foe = table.defender if uid == table.attacker else table.attacker
        return self.fighter(table, table.trooper(uid), table.trooper(foe), self.off(table))

    def fighter(self, table: Table, t: Trooper, foe: Trooper, off: frozenset[str],
                terms: list[Term] | None = None) -> Ratings:
        """``t``'s ratings against ``foe`` with the powers ``off`` switched off.  With a
        ``terms`` list, every part of the sum is appended to it (see :meth:`explain`)."""
        pool = self.pool
        tactic = table.tactic
        card: Warrior = pool[t.card]
        attack = card.fight if tactic == "fight" else card.shoot
        armor, value = card.armor, card.value
        first = ends = always = False
        s = card.strike_first
        if s:
            first, ends, always = True, s == "ends", s == "always"
        if terms is not None:
            terms.append(Term(f"{t.card} (printed)", R.CARDS, attack, armor, value, _STRIKES.get(s, "")))
        vehicle = self.vehicle(t) if t.inside else None
        limits = vehicle.restricts if vehicle is not None else "none"
        weapon = table.weapon(t.uid)
        seen: set[str] = set()
        for a in t.attached:
            name = a.card
            if name in seen:
                continue  # one copy of a card works at a time
            seen.add(name)
            c = pool[name]
            kind = c.type
            if kind == "equipment":
                if c.kind == "vehicle":
                    if not t.inside:
                        continue
                    rule = R.VEHICLES
                elif limits == "equipment":
                    continue
                elif c.weapon and (name != weapon or limits == "weapons"):
                    continue
                else:
                    rule = R.WEAPONS if c.weapon else R.EQUIP
                da, dr, dv = (c.fight if tactic == "fight" else c.shoot), c.armor, c.value
            elif kind == "dark_symmetry":
                if "dark_symmetry" in off or ("gifts" in off and c.level == "lesser"):
                    continue
                da, dr, dv, rule = (c.fight if tactic == "fight" else c.shoot), c.armor, c.value, R.GIFT
                if c.strike_first:
                    first = True
                    ends = ends or c.strike_first == "ends"
                    always = always or c.strike_first == "always"
            elif kind == "art":
                if "art" in off:
                    continue
                p = E.params(c)
                da, dr, dv, rule = (p.fight if tactic == "fight" else p.shoot), p.armor, p.value, R.ART
            elif kind in ATTACHED_RATINGS:  # the expansions' attachments: Relics, Ki Powers
                da, dr, dv = (c.fight if tactic == "fight" else c.shoot), c.armor, c.value
                rule, extra = ATTACHED_RATINGS[kind], c.strike_first
                if extra:
                    first = True
                    ends = ends or extra == "ends"
                    always = always or extra == "always"
            else:
                continue
            attack += da
            armor += dr
            value += dv
            strike = (kind == "dark_symmetry" and c.strike_first) or (kind in ATTACHED_RATINGS and extra)
            if terms is not None and (da or dr or dv or strike):
                terms.append(Term(name, rule, da, dr, dv, _STRIKES.get(strike, "") if strike else ""))
        foe_weapon = table.weapon(foe.uid)
        if foe_weapon and pool[foe_weapon].foe_armor:
            armor += pool[foe_weapon].foe_armor
            if terms is not None:
                terms.append(Term(f"{foe_weapon} (the opponent's weapon)", R.WEAPONS, 0, pool[foe_weapon].foe_armor, 0))
        if not t.inside and not table.warzone:  # no fortification effects when defending from a Warzone
            classes = self.classes_of(t)
            for f in table.fortifications[t.owner]:
                c = pool[f]
                if (c.area == t.area or (AREA_REACH and self.reaches(c.area, t))) and \
                        (c.applies_to == "any" or c.applies_to in classes):
                    da = c.fight if tactic == "fight" else c.shoot
                    attack += da
                    armor += c.armor
                    value += c.value
                    if terms is not None and (da or c.armor or c.value):
                        terms.append(Term(f, R.FORTIFICATION, da, c.armor, c.value))
        for extra in EXTRA_RATINGS:
            for term in extra(self, table, t):
                attack, armor, value = attack + term.attack, armor + term.armor, value + term.value
                if terms is not None:
                    terms.append(term)
        if t.cover:
            armor += self.rules.cover_armor
            if terms is not None:
                terms.append(Term("in cover", R.COVER, 0, self.rules.cover_armor, 0))
        if self.place_terms is not None:
            for term in self.place_terms(table, t):
                attack += term.attack
                armor += term.armor
                value += term.value
                if terms is not None:
                    terms.append(term)
        for p in table.plays:
            if p.uid != t.uid or p.cancelled or (p.kind == "art" and "art" in off):
                continue
            da, dr, dv = (p.fight if tactic == "fight" else p.shoot), p.armor, p.value
            if p.fed:
                grow = p.fed * p.boost
                if p.grows == tactic:
                    da += grow
                elif p.grows == "armor":
                    dr += grow
                elif p.grows == "value":
                    dv += grow
            attack += da
            armor += dr
            value += dv
            if p.strike:
                first = True
            if terms is not None and (da or dr or dv or p.strike):
                terms.append(Term(f"{p.card} (played by seat {p.seat})", R.ART_COMBAT if p.kind == "art" else R.MODIFY,
                                  da, dr, dv, "strikes first" if p.strike else ""))
        return Ratings(attack, armor, value, first, ends, always)

    def explain(self, table: Table, uid: int) -> tuple[Ratings, tuple[Term, ...]]:
        """``uid``'s ratings in this combat and the terms they add up from: its card,
        each piece of equipment, gift, spell, fortification, cover and card played,
        each with the rule that makes it count (and what immunity switched off)."""
        foe = table.defender if uid == table.attacker else table.attacker
        terms: list[Term] = []
        off = self.off(table)
        r = self.fighter(table, table.trooper(uid), table.trooper(foe), off, terms)
        return r, tuple(terms)

    # -- the modify step: the round of card play ------------------------------------------------------
    def _plays(self, table: Table, seat: int) -> tuple[Any, ...]:
        hand = table.hands[seat]
        out: list[Any] = []
        if hand.size:
            ctx = Context(self, table)
            off = None
            for name in hand.distinct:
                c = self.pool[name]
                if c.type == "special":
                    if c.timing != "combat" or (c.keywords and play_limit(self, table, seat, c) is not None):
                        continue
                    effect = E.get(c.effect)
                    for target in effect.targets(ctx, table, seat, E.params(c)):
                        out.append(Play(name, target))
                elif c.type == "art" and c.spell != "turn":
                    if off is None:
                        off = self.off(table)
                    if "art" in off or table.purses[table.purse_of[seat]] < c.cost:
                        continue
                    effect = E.get(c.effect)
                    targets = effect.targets(ctx, table, seat, E.params(c))
                    for caster in self.casters(table, seat, c):
                        for target in targets:
                            if target is None or self.may_cast_on(table.trooper(caster), table.trooper(target)):
                                out.append(Play(name, target, caster))
        if table.purses[table.purse_of[seat]] > 0:
            for i, p in enumerate(table.plays):
                if p.seat == seat and p.boost and not p.cancelled:
                    out.append(Feed(i))
        for extra in ROUND_PLAYS.values():
            out += extra.options(self, table, seat)
        return tuple(out)

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
        return not MEETING or all(r(self, a, d, tactic) is None for r in MEETING)

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

    def _play(self, table: Table, seat: int, action: Any, chance: Chance) -> tuple[Table, list[Event]]:
        if isinstance(action, Feed):
            p = table.plays[action.index]
            table = _spend(table, seat, 1)._replace(
                plays=table.plays[:action.index] + (p._replace(fed=p.fed + 1),) + table.plays[action.index + 1:])
            grown = f"+{(p.fed + 1) * p.boost} {p.grows.capitalize()}"
            return table, [event(R.ART, f"seat {seat} feeds a Destiny Point into {p.card} (now {grown})",
                                 seat=seat, card=p.card)]
        extra = ROUND_PLAYS.get(type(action))
        if extra is not None:
            return extra.apply(self, table, seat, action)
        c = self.pool[action.card]
        hands = list(table.hands)
        hands[seat] = hands[seat].remove(action.card)
        table = table._replace(hands=tuple(hands))
        rule = R.MODIFY
        if c.type == "art":
            table = _spend(table, seat, c.cost)
            rule = R.ART_COMBAT
        ctx = Context(self, table)
        before = len(table.plays)
        table, text = E.get(c.effect).apply(ctx, table, seat, action.card, E.params(c), action.target)
        if len(table.plays) == before:  # every card played is on the table until the combat is over
            table = table._replace(plays=table.plays + (Played(seat, action.card, c.type),))
        if c.type == "art" and c.boost:
            last = table.plays[-1]
            p = E.params(c)
            grows = next((r for r in ("fight", "shoot", "armor", "value") if getattr(p, r, 0)), "")
            table = table._replace(plays=table.plays[:-1] + (last._replace(grows=grows, boost=c.boost),))
        who = f" (cast by {table.trooper(action.caster).card})" if action.caster is not None else ""
        cost = f", paying {c.cost} Destiny" if c.type == "art" and c.cost else ""
        return table, [event(rule, f"seat {seat} plays {action.card}{who}{cost}: {text}", seat=seat,
                             card=action.card, target=action.target)]

    # -- the protocol ----------------------------------------------------------------------------------
    def decision(self, state: CombatState) -> Decision | None:
        step = state.step
        if step == "modify":
            return self.sub.decision(state.rounds, _SEATS)
        if step == "announce":
            a = ANNOUNCEMENTS[state.announced]
            return Decision(a.seat(state.table), tuple(a.options(self, state.table)), a.rule, a.prompt)
        if step == "weapons":
            uid = state.choosing[0]
            t = state.table.trooper(uid)
            return Decision(t.owner, tuple(ChooseWeapon(uid, w) for w in self.weapon_options(state.table, uid)),
                            R.WEAPONS, f"Seat {t.owner}: which weapon does {t.card} use?")
        if step == "resolve":
            return Decision(None, (Resolve(),), R.RESOLVE, "Compare the final ratings")
        if step == "award":
            due = state.due[0]
            return Decision(due.seat, tuple(TakePoints(k) for k in range(due.points + 1)), R.AWARD,
                            f"Seat {due.seat}: how many of the {due.points} points as Promotion Points?")
        return None

    def result(self, state: CombatState) -> CombatState | None:
        return state if state.step == "done" else None

    def resolve(self, state: CombatState, action: Any, chance: Chance) -> Step:
        step = state.step
        if step == "modify":
            sub = self.sub.step(state.rounds, action, chance)
            if sub.result is None:
                return Step(state._replace(rounds=sub.state), sub.events)
            return Step(state._replace(step="resolve", table=sub.result, rounds=None), sub.events)
        if step == "announce":
            table, events = ANNOUNCEMENTS[state.announced].apply(self, state.table, action)
            return self._announce(state._replace(table=table, announced=state.announced + 1), list(events))
        if step == "weapons":
            table = state.table._replace(weapons=state.table.weapons + ((action.uid, action.card),))
            t = table.trooper(action.uid)
            events = [event(R.WEAPONS, f"{t.card} uses {action.card}", uid=action.uid, card=action.card)]
            state = state._replace(table=table, choosing=state.choosing[1:])
            if state.choosing:
                return Step(state, tuple(events))
            return self._to_modify(state, events)
        if step == "resolve":
            return self._resolve(state, chance)
        if step == "award":
            return self._award(state, action)
        raise self.illegal(state, action)

    def _resolve(self, state: CombatState, chance: Chance) -> Step:
        table = state.table
        ta, td = table.trooper(table.attacker), table.trooper(table.defender)
        off = self.off(table)
        ra, rd = self.fighter(table, ta, td, off), self.fighter(table, td, ta, off)
        sa, sd = clash(ra, rd, (ta.wounded, td.wounded), chance, self.roll)
        events = []
        if off:
            events.append(event(R.IMMUNITY, f"immunity switches off {', '.join(sorted(_POWERS[o] for o in off))} "
                                            "for this combat", off=tuple(sorted(off))))
        first = first_striker(ra, rd)
        if ra.first or rd.first:
            text = ("the two strike-first abilities cancel out" if first is None
                    else f"{(ta, td)[first].card} strikes first")
            events.append(event(R.STRIKE_FIRST, text))
        dice = f" (each rating adds {self.rules.dice})" if self.roll is not None else ""
        rule = R.DICE if self.roll is not None else R.RESOLVE
        events.append(event(rule, f"Final: {ta.card} {table.tactic.capitalize()} {ra.attack} / Armor {ra.armor}; "
                                  f"{td.card} {table.tactic.capitalize()} {rd.attack} / Armor {rd.armor}{dice}",
                            attacker=(ra.attack, ra.armor, ra.value), defender=(rd.attack, rd.armor, rd.value)))
        statuses = ((ta.uid, sa), (td.uid, sd))
        for t, s in ((ta, sa), (td, sd)):
            text = {KILLED: "is killed", UNHURT: "is not hit"}.get(s) or ("is not hit (and stays wounded)"
                                                                        if t.wounded else "is wounded")
            events.append(event(R.STATUS, f"{t.card} {text}", uid=t.uid, status=s))
        kills = []
        due = []
        for killer, victim, rv, status in ((ta, td, rd, sd), (td, ta, ra, sa)):
            if status != KILLED:
                continue
            kills.append(Kill(killer.uid, victim.uid))
            if rv.value <= 0:
                continue
            own = killer.owner == victim.owner
            promotion = not own and "pure_freelancer" not in self.classes_of(killer)
            due.append(Due(killer.owner, rv.value, promotion, victim.uid))
        state = state._replace(statuses=statuses, kills=tuple(kills), due=tuple(due), step="award")
        return self._settle_awards(state, events)

    def _settle_awards(self, state: CombatState, events: list[Event]) -> Step:
        """Points that can only be Destiny are taken at once; the rest wait for a choice."""
        while state.due and not state.due[0].promotion:
            due = state.due[0]
            victim = state.table.trooper(due.victim)
            why = ("a kill of his own warrior" if victim.owner == due.seat else "a Freelancer's kill")
            rule = R.AWARD_OWN if victim.owner == due.seat else R.FREELANCERS
            events.append(event(rule, f"seat {due.seat} earns {due.points} Destiny Points for {victim.card} "
                                      f"({why}: Destiny only)", seat=due.seat, destiny=due.points))
            state = state._replace(due=state.due[1:], earned=state.earned + (Earned(due.seat, 0, due.points),))
        if not state.due:
            state = state._replace(step="done")
        return Step(state, tuple(events))

    def _award(self, state: CombatState, action: TakePoints) -> Step:
        due = state.due[0]
        victim = state.table.trooper(due.victim)
        d = due.points - action.promotion
        events = [event(R.AWARD, f"seat {due.seat} takes {action.promotion} Promotion and {d} Destiny Points for "
                                 f"{victim.card}", seat=due.seat, promotion=action.promotion, destiny=d)]
        state = state._replace(due=state.due[1:], earned=state.earned + (Earned(due.seat, action.promotion, d),))
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
                                         f", not {action!r}")
        if step == "weapons" and isinstance(action, ChooseWeapon):
            return IllegalAction(R.WEAPONS, f"{action.card!r} is not a weapon warrior {action.uid!r} can use in a "
                                            f"{state.table.tactic} combat (or it is not its turn to choose)")
        if step == "award" and isinstance(action, TakePoints):
            due = state.due[0]
            return IllegalAction(R.AWARD, f"seat {due.seat} has {due.points} points to split: Promotion Points from 0 "
                                          f"to {due.points}")
        expected = {"announce": "an announcement", "weapons": "a weapon choice", "modify": "a card play or a pass", "resolve": "the resolution",
                    "award": "a choice of points"}[step]
        return IllegalAction(self.decision(state).rule, f"the combat waits for {expected}, not {action!r}")

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
        if c.type == "art":
            if c.spell == "turn":
                return IllegalAction(R.ART, f"{card} is cast in its owner's turn, not in combat")
            off = self.off(table)
            if "art" in off:
                return IllegalAction(R.IMMUNITY, "a combatant is immune to the Art: no spell may be cast in this combat")
            if table.purses[table.purse_of[seat]] < c.cost:
                return IllegalAction(R.ART, f"{card} costs {c.cost} Destiny Points; seat {seat} has "
                                            f"{table.purses[table.purse_of[seat]]}")
            casters = self.casters(table, seat, c)
            if action.caster not in casters:
                if c.spell == "personal":
                    return IllegalAction(R.ART_COMBAT, f"{card} is a Personal Combat Spell: the caster must be fighting "
                                                       "in this combat, in your Squad, and able to cast its aspect")
                return IllegalAction(R.ART, f"the caster must be a warrior of yours in your Squad, shown, who may cast "
                                            f"{c.aspect} spells")
            target = _find(table, action.target)
            if target is not None and not self.may_cast_on(table.trooper(action.caster), target):
                return IllegalAction(R.ART_TARGETS, f"{table.trooper(action.caster).card} may not cast on "
                                                    f"{target.card}")
        elif c.type != "special" or c.timing != "combat":
            return IllegalAction(R.MODIFY, f"{card} is not a card played during combat")
        elif c.keywords and (why := play_limit(self, table, seat, c)) is not None:
            return IllegalAction(why[0], why[1])
        return IllegalAction(R.MODIFY, f"{card} cannot be played on {action.target!r} now")


_STRIKES = {"first": "strikes first", "ends": "strikes first; a hit ends the combat",
            "always": "strikes first, even against a striker"}
_POWERS = {"art": "the Art", "gifts": "the lesser Dark Symmetry gifts", "dark_symmetry": "Dark Symmetry"}


class _Identity(Mapping):
    """Sub-game players are the host's seats."""

    def __getitem__(self, seat):
        return seat

    def __iter__(self):
        return iter(())

    def __len__(self) -> int:
        return 0


_SEATS = _Identity()


def _spend(table: Table, seat: int, amount: int) -> Table:
    purses = list(table.purses)
    purses[table.purse_of[seat]] -= amount
    return table._replace(purses=tuple(purses))


def _find(table: Table, uid: Any) -> Trooper | None:
    for t in table.troopers:
        if t.uid == uid:
            return t
    return None


class Context:
    """What card effects may ask of a combat (see :mod:`explorer.doomtrooper.effects`)."""

    __slots__ = ("combat", "table")

    def __init__(self, combat: Combat, table: Table):
        self.combat = combat
        self.table = table

    def owner(self, uid: int) -> int:
        return self.table.trooper(uid).owner

    def classes(self, uid: int) -> frozenset[str]:
        return self.combat.classes_of(self.table.trooper(uid))

    def warriors(self, seat: int) -> tuple[int, ...]:
        return tuple(t.uid for t in self.table.troopers if t.owner == seat)

    def in_cover(self, uid: int) -> bool:
        return self.table.trooper(uid).cover

    def can_fight(self, uid: int) -> bool:
        """A warrior a card may bring into the combat: shown, and able to fight at all."""
        t = self.table.trooper(uid)
        return not t.hidden and self.combat.pool[t.card].combat

    def meets(self, uid: int, other: int) -> bool:
        """May ``uid`` face ``other`` in a combat at all (Paradise Lost: never across the
        Outpost's edge, whatever a card says)?"""
        return self.combat.meets(self.table.trooper(uid), self.table.trooper(other), self.table.tactic)

    def label(self, uid: int) -> str:
        return self.table.trooper(uid).card

    def add_mod(self, table: Table, seat: int, card: str, uid: int, **mod: Any) -> Table:
        kind = self.combat.pool[card].type
        return table._replace(plays=table.plays + (Played(seat, card, kind, uid, **mod),))

    def last_play(self, table: Table, seat: int) -> Played | None:
        for p in reversed(table.plays):
            if p.seat != seat and not p.cancelled:
                return p
        return None

    def cancel(self, table: Table, play: Played) -> Table:
        i = table.plays.index(play)
        return table._replace(plays=table.plays[:i] + (play._replace(cancelled=True),) + table.plays[i + 1:])

    def replace(self, table: Table, role: str, uid: int) -> Table:
        """A new Attacker or Defender: it takes up its best weapon for the tactic."""
        table = table._replace(**{role: uid}, weapons=tuple((u, w) for u, w in table.weapons if u != getattr(table, role)))
        options = self.combat.weapon_options(table, uid)
        if options:
            pool = self.combat.pool
            best = max(options, key=lambda w: (getattr(pool[w], table.tactic) - pool[w].foe_armor, -options.index(w)))
            table = table._replace(weapons=table.weapons + ((uid, best),))
        return table


__all__ = ["ACTIONS", "ChooseWeapon", "Combat", "CombatState", "Context", "Due", "Earned", "Feed", "KILLED", "Kill",
           "Play", "Played", "Ratings", "Resolve", "STATUSES", "Table", "TakePoints", "Term", "UNHURT", "WOUNDED", "clash",
           "first_striker", "wounds"]
__all__ += ["AREA_REACH", "ANNOUNCEMENTS", "ATTACHED_RATINGS", "Announcement", "EXTRA_RATINGS", "PLAY_LIMITS", "ROUND_PLAYS",
            "RoundPlay", "play_limit"]  # the expansions' hooks
