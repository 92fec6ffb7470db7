"""Bots that play whole games, registered by name: ``random``, ``greedy`` and
``search`` (``search:N``: N playouts a decision; :mod:`explorer.victorian.search`).

All decide from what their side can see (:meth:`VictorianGame.observe`): the
runners give them the observation, never the state.

* ``random``: every legal option equally likely.
* ``greedy``: a rule of thumb for each decision, reading the exact odds tables:
  recruit everything (Masterminds and characters first, gear where it adds most),
  attach every plot, send an assassin when its chance to wound or kill is good,
  track the Mastermind whose plots are nearest to paying out, attack when the
  next roll is safe enough, spend helpers and bonus cards on the roll at hand,
  negate a Showdown that goes against the Villains.  A Facilitator helps a hero
  spy when his +1 lifts the Spy Roll to a better result more often than it would
  lift the Track Roll it is otherwise kept for (both chances exact, from the tables).

>>> sorted(REGISTRY)
['greedy', 'random', 'search']
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Any

from ..core.bots import BotRegistry
from ..core.dist import dice
from ..core.engine import DeterministicPolicy, RandomPolicy
from .actions import (Attack, AttachPlot, Done, Facilitate, Heal, LookAt, Pass, PlayEvent, Recall, Recruit, Roll,
                      Sacrifice, Send, Shed, Showdown, Stop, Strike, Summon, TakeWound, Track, Wheels)
from .attack import combat_modifier
from .decisions import offered
from .intercept import open_targets, trackers
from .state import (HEROES, VILLAINS, Choose, Escape, Fighting, HealRoll, Main, Phase, Respond, SpyRoll,
                    UnderlingChoice, Unit, VicState, WoundChoice, total)
from .tables.data import Banded
from .units import fight, is_mastermind, lasting_fight, minions_of, track_terms, unit_on
from .search import PLAYOUTS, search_bot


# -- the registry ------------------------------------------------------------------------------------

REGISTRY = BotRegistry()
register = REGISTRY.register
#: a fresh bot by name (a policy object is returned as it is)
get_bot = REGISTRY.get_bot


# -- odds the greedy bot reads (floats, cached: the bot only ranks) ------------------------------------

@lru_cache(maxsize=None)
def _table(name: str, modifier: int) -> dict[str, float]:
    from . import tables

    return {k: float(v) for k, v in getattr(tables, f"{name}_roll")(modifier).items()}


@lru_cache(maxsize=4096)
def p(name: str, modifier: int, *keys: str) -> float:
    """The chance of any of ``keys`` on table ``name`` at ``modifier`` (cached: the bots ask often)."""
    odds = _table(name, max(-20, min(20, modifier)))
    return sum([odds[k] for k in keys])


@lru_cache(maxsize=64)
def assassin_odds(modifier: int) -> tuple[float, float]:
    """The chances of an Assassin Roll at ``modifier`` to wound or kill, and to kill."""
    return p("assassin", modifier, "wounded", "killed"), p("assassin", modifier, "killed")


def by_uid(side) -> dict[str, Unit]:
    """A side's units by uid: built once a pick whose options name many of them
    (instead of a search of the units per option; in a loop: a comprehension costs a call)."""
    found = {}
    for u in side.units:
        found[u.uid] = u
    return found


# -- the greedy bot ------------------------------------------------------------------------------------

class GreedyBot(DeterministicPolicy):
    """Rules of thumb over the exact odds tables (see the module).  Its pickers tell
    options apart by ``type(o) is Send`` and the like (no action class has
    subclasses: cheaper than ``isinstance`` over many options a step)."""

    name = "greedy"
    SAFE = 1 / 3  # the most risk of a bad Combat/Showdown result it accepts
    SEND = 0.40  # the least chance to wound or kill for which it sends an assassin

    def pick(self, game, view: VicState, decision) -> Any:
        item = view.pending[0]
        options = decision.options
        if len(options) == 1:
            return options[0]
        kind = type(item)
        if kind is Main:  # a side's own part of a phase: its phase's picker (``_main_recruit``), which
            # answers with one of the options themselves (its best, or the fallback)
            picker = getattr(self, _MAIN_PICKERS[item.phase], None)
            return picker(game, view, item, options) if picker is not None else _fallback(options)
        name = _PICKERS.get(kind)
        if name is None:
            name = _PICKERS[kind] = f"_{kind.__name__.lower()}"
        picker = getattr(self, name, None)
        choice = picker(game, view, item, options) if picker is not None else None
        if choice is None:
            return _fallback(options)
        for o in options:  # most picks are an option itself: found by identity, with no ``__eq__`` per option
            if o is choice:
                return choice
        return choice if choice in options else _fallback(options)

    # -- Main (a side's own part of a phase: one picker per phase) -----------------------------------
    def _main_recruit(self, game, view, item, options):
        side = item.side
        s = view.sides[side]
        weights = None  # each unit's gear_weights (what gear goes on): weighed once a pick, when gear is offered
        best, score = None, 0.0
        for o in options:
            v = 0.0
            kind = type(o)
            if kind is Recruit:
                c = game.card(o.card)
                if c.type == "M":
                    v = 100 + c.fight
                elif c.type == "C":
                    v = 80 + c.fight + c.track
                    if o.onto is not None:  # a minor villain: the Mastermind with fewest minions
                        v -= len(minions_of(s, o.onto)) * 0.5
                elif c.type == "L":
                    v = 60
                else:  # what the weapon or vehicle adds on that unit
                    if weights is None:  # (in a loop: a comprehension costs a call)
                        weights = {}
                        for u in s.units:
                            weights[u.uid] = gear_weights(game, side, u)
                    v = 40 + added(c, weights.get(o.onto))
            elif kind is Summon:
                v = 70
            elif kind is Recall:
                v = 65
            elif kind is PlayEvent:
                v = event_value(game, view, side, o)
            if v > score:
                best, score = o, v
        return best or _fallback(options)  # (Done: the option itself)

    def _main_plot(self, game, view, item, options):
        plots = view.sides[VILLAINS].plots
        best, score = None, -1e9
        for o in options:
            if type(o) is AttachPlot:
                load = 0  # (counted in a loop: a comprehension costs a call)
                for x in plots:
                    if x.master == o.onto:
                        load += 1
                v = 10 - load
                if v > score:
                    best, score = o, v
        return best or _fallback(options)  # (Done: the option itself)

    def _main_assassin(self, game, view, item, options):
        """The best Send (the first option of the best score), or a mob's event.  A minion's
        scores against every hero are worked out once a pick, when his Sends (listed
        together, a row of the grid) begin, and once for all minions alike: with no
        modifier in play, all of a minion but his uid (his Fight sent reads nothing else:
        :func:`fight`), and then the same Fight sent, both mobs or neither.  The grid's
        options are then each a lookup."""
        best, score = None, 0.0
        minions, heroes = by_uid(view.sides[VILLAINS]), view.sides[HEROES].units
        plain = not view.mods
        kinds: dict[tuple, dict[str, float]] = {}  # a minion but his uid (with modifiers: he himself) -> his row
        alike: dict[tuple[int, bool], dict[str, float]] = {}  # (a minion's Fight sent, mob) -> that row
        guards: dict[str, list] = {}  # hero -> [his Fight here, (frail, worth) once asked]
        minion, row = None, None  # the minion whose Sends are being read, and his scores against each hero
        for o in options:
            kind = type(o)
            if kind is Send:
                if o.minion != minion:
                    minion = o.minion
                    m = minions.get(minion)
                    alike_m = m[1:] if plain else m
                    row = kinds.get(alike_m)
                    if row is None:
                        attacker = (fight(game, view, VILLAINS, m, assassin=True, sent=True), m.mob)
                        row = alike.get(attacker)
                        if row is None:
                            row = alike[attacker] = self._assassin_row(game, view, heroes, *attacker, guards)
                        kinds[alike_m] = row
                v = row[o.target]
            elif kind is PlayEvent:
                v = 50.0 if game.card(o.card).effect == "mob" else 0.0
            else:
                continue
            if v > score:
                best, score = o, v
        return best or _fallback(options)

    def _assassin_row(self, game, view, heroes, attack, mob, guards):
        """The scores of sending a minion of Fight ``attack`` (``mob``: sent whatever the
        odds) against each of ``heroes``: 0 below the odds it sends at, else more the
        likelier a wound or kill and the frailer (one wound kills him) and worthier the
        hero.  ``guards``: each hero's Fight in this phase, then his frailty and worth
        when a minion could be sent against him, kept for the pick."""
        row = {}
        least = self.SEND
        for h in heroes:
            uid = h.uid
            guard = guards.get(uid)
            if guard is None:
                guard = guards[uid] = [fight(game, view, HEROES, h, assassin=True), None]
            hit, kill = assassin_odds(attack - guard[0])
            if hit >= least or mob:
                if guard[1] is None:
                    guard[1] = (lasting_fight(game, h) <= 1, value_of(game, h))
                frail, worth = guard[1]
                row[uid] = 10 + 10 * hit + 20 * kill + frail * 5 * hit + worth * 0.1
            else:
                row[uid] = 0.0
        return row

    def _main_intercept(self, game, view, item, options):
        # the best tracker goes first, against the most dangerous Mastermind nobody has tracked yet this
        # turn (every Mastermind thwarted is also a Villain Table roll the Villains do not make); the
        # first of the best, in the order the options name them
        trackers_of: dict[str, list[str]] = {}  # a Mastermind to track -> the heroes who may, in option order
        for o in options:
            if type(o) is Track:
                who = trackers_of.get(o.target)
                if who is None:
                    trackers_of[o.target] = [o.hero]
                else:
                    who.append(o.hero)
        if not trackers_of:
            return _fallback(options)
        tracked = view.tracked
        tried = []  # (in a loop: a comprehension costs a call)
        for _, t in tracked:
            tried.append(t)
        target, most = None, None
        for m in trackers_of:
            v = danger(view, m) + 1 - 3 * tried.count(m)
            if most is None or v > most:
                target, most = m, v
        heroes = by_uid(view.sides[HEROES])
        hero, most = None, None
        for h in trackers_of[target]:
            v = total(track_terms(game, view, HEROES, heroes.get(h)))  # his Track bonus
            if most is None or v > most:
                hero, most = h, v
        event = None  # (a Facilitator's help for him comes first, wherever it is)
        for o in options:
            kind = type(o)
            if kind is Facilitate and o.hero == hero:
                return o
            if event is None and kind is PlayEvent and (o.target == hero or o.target is None):
                event = o
        return event or offered(game, Track, hero, target)  # (the very option: found by identity among them)

    def _main_attack(self, game, view, item, options):
        best, score = None, 0.0
        heroes = by_uid(view.sides[HEROES])  # (the attackers)
        # whom an attack on each Mastermind meets first, and each hero's Fight: found once a pick
        facing: dict[str, tuple[str, Unit]] = {}
        strength: dict[str, int] = {}
        for o in options:
            if type(o) is Attack:
                h = heroes.get(o.hero)
                against = facing.get(o.target)
                if against is None:
                    against = facing[o.target] = defender(game, view, o.target)
                risk = strike_risk(game, view, h, o.target, 0, against)
                if risk <= self.SAFE:
                    own = strength.get(o.hero)
                    if own is None:
                        own = strength[o.hero] = fight(game, view, HEROES, h)
                    v = 10 - 10 * risk + own * 0.1
                    if v > score:
                        best, score = o, v
        if best is not None:
            for o in options:
                if type(o) is Facilitate and o.hero == best.hero:
                    return o
        return best or _fallback(options)  # (Done: the option itself)

    # -- the Spy Roll --------------------------------------------------------------------------------
    def _spyroll(self, game, view, item: SpyRoll, options):
        """A Facilitator's help at the Spy Roll (the register's "facilitator-spy-roll"),
        when it lifts this roll more often than the Track Roll it would otherwise
        help later this turn (kept on a tie: it may also help an attack)."""
        helps = [o for o in options if type(o) is Facilitate]
        if not helps:
            return None
        return helps[0] if spy_help(game) > (0 if len(helps) > 1 else track_help(game, view)) else Roll()

    # -- one attack ----------------------------------------------------------------------------------
    def _fighting(self, game, view, item: Fighting, options):
        risk = strike_risk(game, view, unit_on(view, HEROES, item.hero), item.target, item.attacks)
        if item.attacks and risk > self.SAFE:
            return _STOP
        strikes = []  # (in a loop: a comprehension costs a call)
        for o in options:
            if type(o) is Strike:
                strikes.append(o)
        if strikes:  # the weakest minion first (the first of them)
            best, least = None, None
            for o in strikes:
                v = fight(game, view, VILLAINS, unit_on(view, VILLAINS, o.minion))
                if least is None or v < least:
                    best, least = o, v
            return best
        if _SHOWDOWN in options:
            return _SHOWDOWN
        return _STOP if _STOP in options else None

    # -- answers ---------------------------------------------------------------------------------------
    def _respond(self, game, view, item: Respond, options):
        plays = [o for o in options if type(o) is PlayEvent]
        return plays[0] if plays else Pass()

    def _escape(self, game, view, item: Escape, options):
        if item.result in ("destroy_base", "villain_wounded", "villain_killed"):
            plays = [o for o in options if type(o) is PlayEvent]
            if plays:
                return plays[0]
        return Pass()

    def _woundchoice(self, game, view, item: WoundChoice, options):
        u = unit_on(view, item.side, item.unit)
        if lasting_fight(game, u) - game.rules.wound_fight > 0:
            return TakeWound()
        sheds = [o for o in options if type(o) is Shed]
        return min(sheds, key=lambda o: game.card(o.card).fight + game.card(o.card).track) if sheds else TakeWound()

    def _underlingchoice(self, game, view, item: UnderlingChoice, options):
        if item.result == "killed":
            return next((o for o in options if type(o) is Sacrifice), Pass())
        return Pass()

    def _healroll(self, game, view, item: HealRoll, options):
        helped = [o for o in options if type(o) is Heal and o.helper is not None]
        return helped[0] if helped else Heal()

    def _choose(self, game, view, item: Choose, options):
        side = item.side
        what = item.what
        if what == "discard":
            return min(options, key=lambda o: card_value(game, view, side, o.card))
        if what == "look_deck":
            return LookAt(view_side_name(side))
        if what == "search":
            return max(options, key=lambda o: card_value(game, view, side, o.card))
        if what == "control":
            return max(options, key=lambda o: value_of(game, unit_on(view, 1 - side, o.target)))
        if what == "build":
            return max(options, key=lambda o: fight(game, view, side, unit_on(view, side, o.unit)))
        if what == "blueprints":  # (every card against every unit that may take it: each unit weighed once)
            weights = {u.uid: gear_weights(game, side, u) for u in view.sides[side].units}
            card = game.card
            best, most = None, None
            for o in options:  # (the first of the most added)
                v = added(card(o.card), weights.get(o.onto))
                if most is None or v > most:
                    best, most = o, v
            return best
        if what == "wheels":
            plots = view.sides[VILLAINS].plots
            best = max((o for o in options if o.plot is not None),
                       key=lambda o: next((x.counters + 10 * x.major for x in plots if x.uid == o.plot), 0),
                       default=None)
            return best or Wheels(None)
        if what == "foil":
            plots = view.sides[VILLAINS].plots
            return max(options, key=lambda o: next((x.counters + 10 * x.major for x in plots if x.uid == o.plot), 0))
        return None


# the Assassin Phase pick tells minions alike by all of a unit but his uid, its first field (``m[1:]``)
assert Unit._fields[0] == "uid"

#: the options without fields the fighting pick names (actions are frozen values: made once)
_SHOWDOWN, _STOP = Showdown(), Stop()

#: the method that picks for each kind of pending item but ``Main``, named once per kind
_PICKERS: dict[type, str] = {}
#: the method that picks in each phase's own part (``_main_recruit``)
_MAIN_PICKERS = {phase: f"_main_{phase.name.lower()}" for phase in Phase}


def _fallback(options):
    """The first option that lets the moment pass (done, pass, stop, take the wound, heal), else the first."""
    for o in options:
        if type(o) in _LET_PASS:
            return o
    return options[0]


_LET_PASS = frozenset({Done, Pass, Stop, TakeWound, Heal})


def view_side_name(side: int) -> str:
    return ("heroes", "villains")[side]


# -- valuations -----------------------------------------------------------------------------------------

def value_of(game, u) -> float:
    """How much a unit is worth keeping (or taking)."""
    if u is None:
        return 0.0
    if u.token:
        return float(lasting_fight(game, u))
    c = game.card(u.card)
    return lasting_fight(game, u) + c.track + (3 if c.type == "M" else 0) + (0 if c.traits.isdisjoint(_HELPERS) else 2)


#: the traits that make a unit worth more (he rolls or helps): :func:`value_of`
_HELPERS = frozenset({"Genius", "Facilitator", "Doctor"})
#: what a card is worth by its type, before its Fight and Track: :func:`card_value`
_CARD_BASE = {"M": 10, "C": 7, "P": 8, "V": 5, "W": 4, "L": 4, "E": 3}


def card_value(game, view, side: int, name: str) -> float:
    c = game.card(name)
    base = _CARD_BASE[c.type]
    if c.type == "M" and not [u for u in view.sides[side].units if is_mastermind(game, u)]:
        base += 10
    return base + c.fight * 0.5 + c.track * 0.5


def gear_weights(game, side: int, u: Unit) -> tuple[float, float, float]:
    """What gear on unit ``u`` of ``side`` is worth per point of Fight and of Track, and
    what he is worth himself (a tenth of his lasting Fight): :func:`added` reads them."""
    track_weight = 1.0 if side == HEROES and not u.token and game.card(u.card).track >= 2 else 0.3
    fight_weight = 1.5 if is_mastermind(game, u) else 1.0
    return fight_weight, track_weight, lasting_fight(game, u) * 0.1


def added(c, weights: tuple[float, float, float] | None) -> float:
    """How much weapon or vehicle card ``c`` adds on a unit of those :func:`gear_weights`
    (``None``: no unit, nothing)."""
    if weights is None:
        return 0.0
    fight_weight, track_weight, own = weights
    return c.fight * fight_weight + c.track * track_weight + own


def event_value(game, view, side: int, o: PlayEvent) -> float:
    c = game.card(o.card)
    e = c.effect
    opp = 1 - side
    if e == "draw":
        return 30
    if e in ("search", "recover"):
        return 28 + card_value(game, view, side, o.target) * 0.1
    if e == "tokens":
        return 26
    if e == "control":
        return 35 + value_of(game, unit_on(view, opp, o.target))
    if e == "wound":
        u = unit_on(view, opp, o.target)
        return 20 + (10 if lasting_fight(game, u) <= game.rules.wound_fight else 0) + value_of(game, u) * 0.5
    if e == "return_to_hand":
        return 18 + value_of(game, unit_on(view, opp, o.target))
    if e == "random_discard":
        return 15
    if e == "look_hand":
        return 5
    return 0


def danger(view: VicState, mastermind: str) -> float:
    """How urgent it is to thwart a Mastermind: his plots' counters (major ones count more)."""
    plots = view.sides[VILLAINS].plots
    urgency = 0  # (added in a loop: a comprehension costs a call)
    for x in plots:
        if x.master == mastermind:
            urgency += (2 if x.major else 1) * (x.counters + 1)
    return urgency


@lru_cache(maxsize=256)
def lift(table: Banded, modifier: int, bonus: int) -> Fraction:
    """The exact chance that ``bonus`` more on a roll at ``modifier`` reads a
    better result on ``table`` (its results ranked as the table lists them, worst first).
    Cached: a table is an immutable value, and the bots ask at every Spy Phase about
    the same few modifiers; summing the dice's exact odds is slow.

    >>> from explorer.victorian.tables import load_tables
    >>> lift(load_tables().spy, 0, 1)  # a 1 is no longer caught, a 4 becomes a discovery
    Fraction(1, 3)
    """
    rank = {key: i for i, key in enumerate(table.keys)}
    return dice(table.dice).prob(lambda d: rank[table.read(d + modifier + bonus)] > rank[table.read(d + modifier)])


def spy_help(game) -> Fraction:
    """What a Facilitator's help gives a Spy Roll (no other term changes it): the
    chance it lifts the result."""
    return lift(game.tables.spy, 0, game.rules.facilitator_bonus)


def track_help(game, view) -> Fraction:
    """What the same help gives this turn's Track Roll, kept for the best tracker
    (as the Intercept Phase spends it): 0 when no hero will track."""
    heroes = trackers(game, view, HEROES)
    if not heroes or not open_targets(game, view):
        return Fraction(0)
    best = max([sum([t.value for t in track_terms(game, view, HEROES, unit_on(view, HEROES, h))]) for h in heroes])
    return lift(game.tables.track, best, game.rules.facilitator_bonus)


def assassin_mod(game, view, minion: str, hero: str) -> int:
    """The Assassin Roll's modifier when ``minion`` is sent against ``hero`` (by name):
    :func:`explorer.victorian.assassin.assassin_modifier`."""
    from .assassin import assassin_modifier

    return assassin_modifier(game, view, unit_on(view, VILLAINS, minion), unit_on(view, HEROES, hero))


def defender(game, view, target: str) -> tuple[str, Unit | None]:
    """Whom an attack on Mastermind ``target`` rolls against next, and on which table:
    his weakest minion (a Combat Roll), else the Mastermind himself (a Showdown)."""
    mins = minions_of(view.sides[VILLAINS], target)
    if mins:
        weakest, least = None, None
        for u in mins:  # (the first of the weakest)
            v = fight(game, view, VILLAINS, u)
            if least is None or v < least:
                weakest, least = u, v
        return "combat", weakest
    return "showdown", unit_on(view, VILLAINS, target)


def strike_risk(game, view, h: Unit, target: str, attacks: int, against: tuple[str, Unit | None] | None = None) -> float:
    """The chance the next roll of hero ``h``'s attack on ``target`` kills or wounds him
    (``against``: its :func:`defender`, when the caller has it already)."""
    table, m = against or defender(game, view, target)
    return p(table, combat_modifier(game, view, h, m, attacks), "hero_killed", "hero_wounded")


class RandomBot(RandomPolicy):
    """Every legal option equally likely."""

    name = "random"


register("random", RandomBot, "every legal option equally likely")
register("greedy", GreedyBot, "rules of thumb over the exact odds tables, from what its side can see")
register("search", lambda playouts=PLAYOUTS: search_bot(GreedyBot(), playouts),
         f"thinks ahead: plays imagined games on with the greedy bot ({PLAYOUTS} per decision; 'search:400' "
         "for 400)", sized=True)

__all__ = ["GreedyBot", "REGISTRY", "RandomBot", "get_bot", "lift", "register", "spy_help", "track_help"]
