"""Colonization ("Doomtrooper Optional Rules and Variants"): the Megacorporations
race to claim the solar system, warzone by warzone.

* The board (:func:`~explorer.doomtrooper.variants.solar.solar_system`): five planets as a ``networkx`` graph, the
  Asteroid Belt joined to Mars, Mercury, Venus and Earth, each planet's warzones
  in its ``warzones`` attribute (``data/doomtrooper/colonization.toml``).
* Colony Points (:func:`~explorer.doomtrooper.variants.solar.colony_points`): counted when a player's turn begins;
  26 or more wins; Promotion never does.
* Control (:func:`~explorer.doomtrooper.variants.solar.controller`): a player controls a warzone with a warrior of his
  on it; one controller a warzone, at most three warzones of a planet; each
  player opens controlling a random warzone of the Asteroid Belt.
* Each planet's rule: shoot only in the Belt, with fire to and from its
  neighbours; on Mars same-corporation Doomtroopers may fight and cheap dead
  warriors go back into the draw pile; on Venus transfers cost two actions and a
  Citadel makes its Apostle's followers free there; on Mercury seeking cover
  mines three Destiny and gives five Armor; Earth is worth six to a player alone
  there.  The Citadel Sanctum bars Doomtroopers, the Sacred Outpost the Dark
  Legion; an empty draw pile is refilled from the discard pile.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping
from typing import Any

from ...core.dist import Dist
from ...core.engine import IllegalAction
from ...core.events import Event, RuleRef, event
from ...core.numbers import counted
from .. import sections as R
from ..base.actions import Attack, Bestow, Build, Equip, Muster, MusterInCover, OutpostTransfer, SeekCover
from ..base.attack import may_attack_with, may_be_attacked, target_cost, unbarred
from ..cards import TACTICS
from ..base.combat_state import Term
from ..base.fortify import do_build
from ..base.muster import known_copy
from .places import BuildAt, MusterAt, MusterInCoverAt, PlaceVariant, Transfer, has_vehicle, place_muster
from ..state import DTState, Ending, Phase, Trooper, put_seat
from ..base.turn import do_draw, over
from ..base.warriors import out_of_cover
from ..expansions.outpost import TRIBAL
from .colony_earth import earth_problem, on_earth
from .solar import ColonyBoard, colony_points, control_map, controller, load_solar


class Colonization(PlaceVariant):
    """The hooks of Colonization (see the module docstring)."""

    name = "colonization"
    title = "Colonization"
    rule = R.COLONIZATION
    transfer_rule = R.COLONY_CONTROL
    #: attacks reach across the solar system by its own rule (:meth:`attack_options`); Earth is the Outpost
    replaces = PlaceVariant.replaces + (Attack, OutpostTransfer)

    def __init__(self, game: Any):
        super().__init__(game)
        self.solar = load_solar()
        self._warzones = self.solar.warzones
        self.default_place = self.solar.earth
        self.pool = game.pool
        self._barred: dict[tuple[str, str], Any] = {}
        # looked up in every imagined step of a search: the solar system's plan, read once
        earth = self.solar.earth
        self._planet_of = dict(self.solar.planet_of)
        self._planet_of[""] = self._planet_of[None] = self._planet_of.get(earth, earth)
        self._zones = {p.name: tuple(w for w, _ in p.warzones) for p in self.solar.planets}
        self._destinations: dict[str, tuple[str, ...]] = {}
        self._neighbours = {p.name: frozenset(self.solar.neighbours(p.name)) for p in self.solar.planets}

    # -- helpers ---------------------------------------------------------------------------------
    def planet(self, place: str) -> str:
        return self._planet_of.get(place, self.default_place)

    def controlled(self, state: DTState, seat: int, troopers=None, cmap=None) -> list[str]:
        cmap = control_map(state, troopers) if cmap is None else cmap
        return [w for w in self._warzones if cmap.get(w) == seat]

    def points(self, state: DTState, seat: int) -> int:
        return colony_points(state, seat, self.solar, self.rules.colony_earth)

    def barred(self, game: Any, card: str, place: str) -> Any:
        """The rule barring warrior ``card`` from ``place`` (``None``: not barred)."""
        key = (card, place)
        if key not in self._barred:
            classes = game.classes_of_card(card)
            self._barred[key] = next((game.section(rule) for w, cls, rule in self.solar.barred
                                      if w == place and cls in classes), None)
        return self._barred[key]

    def entry_problem(self, game: Any, state: DTState, seat: int, card: str, place: str,
                      mover: Trooper | None = None, cmap: Mapping[str, int | None] | None = None,
                      held: Mapping[str, int] | None = None) -> tuple[Any, str] | None:
        """Why a warrior ``card`` of ``seat`` may not come to stand on ``place``
        (``mover``: the warrior moving there, if it is already in play; ``cmap``:
        the state's :func:`control_map`, if already made; ``held``: :meth:`held`
        of that map and ``seat``, if already counted)."""
        solar = self.solar
        if not isinstance(place, str) or place not in solar.planet_of:
            return R.COLONY_BOARD, f"{place!r} is not a warzone of the solar system (nor Earth)"
        bar = self.barred(game, card, place)
        if bar is not None:
            return bar, f"{card} may not occupy {place}"
        why = earth_problem(game, state, seat, card, place, solar.earth, mover)
        if why is not None:
            return why
        if place == solar.earth or place not in solar.value:
            return None
        cmap = control_map(state) if cmap is None else cmap
        owner = cmap.get(place)
        if owner is not None and owner != seat:
            return R.COLONY_CONTROL, f"seat {owner} controls {place}: a warzone has one controller"
        if owner == seat:
            return None
        planet = self.planet(place)
        held = self.held(cmap, seat).get(planet, 0) if held is None else held.get(planet, 0)
        if mover is not None and mover.place != place and self.planet(mover.place) == planet \
                and cmap.get(mover.place) == seat \
                and not any(t.place == mover.place and t.uid != mover.uid and t.owner == seat for t in state.troopers):
            held -= 1  # it leaves a warzone of the same planet with nobody of his behind
        limit = self.rules.colony_planet_limit
        if held + 1 > limit:
            return R.COLONY_CONTROL, f"seat {seat} would control {held + 1} warzones of {planet}: at most {limit}"
        return None

    def held(self, cmap: Mapping[str, int | None], seat: int) -> dict[str, int]:
        """How many warzones of each planet ``seat`` controls (by the map ``cmap``)."""
        return {planet: n for planet, zones in self._zones.items()
                if (n := sum(1 for w in zones if cmap.get(w) == seat))}

    def muster_places(self, state: DTState, seat: int, cmap: Mapping[str, int | None] | None = None) -> list[str]:
        """Where ``seat`` may add cards: the warzones he controls, or Earth if none."""
        return self.controlled(state, seat, cmap=cmap) or [self.solar.earth]

    def warrior_places(self, game: Any, state: DTState, seat: int, card: str,
                       cmap: Mapping[str, int | None] | None = None, places: list[str] | None = None) -> list[str]:
        """Where ``seat`` may add warrior ``card``: as any card, but a Tribal warrior
        (the Paradise Lost rules) enters play only on Earth, and always may
        (``places``: :meth:`muster_places`, if already asked)."""
        if game.rules.outpost and TRIBAL in game.classes_of_card(card):
            return [self.solar.earth]
        return self.muster_places(state, seat, cmap) if places is None else places

    def free_here(self, state: DTState, seat: int, card: str, place: str) -> bool:
        """Venus: a Citadel of the Apostle this non-personality follower follows
        stands on ``place`` (a warzone of Venus), built by ``seat``."""
        c = self.pool[card]
        if not c.follower_of or c.personality or self.planet(place) != "Venus" or state.board is None:
            return False
        return any(s == seat and p == place and self.pool[f].name == f"Citadel of {c.follower_of}"
                   for s, f, p in state.board.forts)

    # -- setting up, the turn, the end ---------------------------------------------------------------
    def after_deal(self, game: Any, state: DTState, chance: Any) -> tuple[DTState, list[Event]]:
        n = len(state.seats)
        hub = self.solar.places(self.solar.hub)
        if n > len(hub):
            raise ValueError(f"Colonization is for 2 to {len(hub)} players (one starting warzone each in the "
                             f"{self.solar.hub}), not {n}")
        start = chance.roll(Dist.uniform(itertools.permutations(hub, n)))
        board = ColonyBoard(tuple(start), tuple(start), (0,) * n)
        events = [event(R.COLONY_START, f"seat {i} starts in control of {w} in the {self.solar.hub}", seat=i,
                        warzone=w) for i, w in enumerate(start)]
        return state._replace(board=board), events

    def check_players(self, players: int) -> None:
        hub = self.solar.places(self.solar.hub)
        if players > len(hub):
            raise ValueError(f"Colonization is for 2 to {len(hub)} players (one starting warzone each in the "
                             f"{self.solar.hub}), not {players}")

    def begin_turn(self, game: Any, state: DTState, chance: Any) -> tuple[DTState, list[Event]]:
        seat = state.current
        events: list[Event] = []
        board = state.board
        cp = self.points(state, seat)
        colony = board.colony[:seat] + (cp,) + board.colony[seat + 1:]
        state = state._replace(board=board._replace(colony=colony))
        held = self.controlled(state, seat)
        events.append(event(R.COLONY_POINTS, f"seat {seat} counts {counted(cp, 'Colony Point')} "
                                             f"({counted(len(held), 'warzone')}"
                                             f"{', Earth alone' if cp > sum(self.solar.value[w] for w in held) else ''})",
                            seat=seat, colony=cp))
        goal = self.rules.colony_goal
        if cp >= goal:
            state = over(state, (seat,), Ending.COLONY_POINTS)
            events.append(event(R.COLONY_POINTS, f"seat {seat} begins his turn with {counted(cp, 'Colony Point')} "
                                                 f"(at least {goal}) and wins", winners=(seat,)))
        return state, events

    def resolve(self, game: Any, state: DTState, action: Any, chance: Any) -> tuple[DTState, list[Event]] | None:
        """The draw step: the turn's Colony Points, then the draw; a draw pile that
        runs out in the middle of the draw is refilled at once and the draw goes on."""
        if state.phase is not Phase.DRAW:
            return None
        state, events = self.begin_turn(game, state, chance)
        if state.phase is not Phase.DRAW:
            return state, events
        state, more = draw_refilling(game, state, action, chance, R.COLONY_RESTRICTIONS)
        events = events + more
        return state, events

    def settle(self, game: Any, state: DTState) -> tuple[DTState, list[Event]]:
        """An empty draw pile is refilled from the discard pile at once; no
        Promotion goal and no end for empty draw piles; starting claims lapse once
        their player's warriors have stood there; at the turn cap the most Colony
        Points win."""
        events: list[Event] = []
        for seat, s in enumerate(state.seats):
            if not len(s.deck) and s.discard.size and state.phase is not Phase.OVER:
                state, more = refill(state, seat)
                events += more
        board = state.board
        if board is not None and any(board.claims):
            claims = tuple("" if c and any(t.place == c and t.owner == i for t in state.troopers) else c
                           for i, c in enumerate(board.claims))
            if claims != board.claims:
                state = state._replace(board=board._replace(claims=claims))
        r = state.result
        if r is not None and r.ending is Ending.TURN_CAP and board is not None:
            live = [i for i, s in enumerate(state.seats) if not s.out]
            pts = {i: self.points(state, i) for i in live}
            best = max(pts.values(), default=0)
            top = tuple(i for i in live if pts[i] == best)
            state = state._replace(result=r._replace(winners=top if len(top) == 1 else ()))
        return state, events

    # -- actions ---------------------------------------------------------------------------------------
    def options(self, game: Any, state: DTState, out: list[Any]) -> list[Any]:
        if any(isinstance(o, (Equip, Bestow)) for o in out):
            where = self.muster_places(state, state.current)
            out = [o for o in out if not isinstance(o, (Equip, Bestow)) or self.attach_problem(state, o, where) is None]
        if state.actions >= 1:
            out += self.attack_options(game, state)
        return out

    def attach_problem(self, state: DTState, action: Any, where: list[str] | None = None) -> str | None:
        """Attachments go on a warrior of yours standing on a warzone you control,
        or on Earth when you control none (``where``: :meth:`muster_places`, if already asked)."""
        t = state.find(action.uid)
        if t is None or t.owner != state.current:
            return None  # the basic rules explain it
        stands = t.place or self.solar.earth
        if stands in (self.muster_places(state, state.current) if where is None else where):
            return None
        return (f"{t.card} stands on {stands}: attachments go on your warriors on warzones you control (on Earth only "
                "while you control none)")

    def muster_options(self, game: Any, state: DTState, cover: bool) -> list[Any]:
        seat = state.current
        destiny = state.destiny(seat)
        if cover and not self.rules.muster_in_cover_alone and out_of_cover(state, seat) == 0:
            return []
        out: list[Any] = []
        cmap = control_map(state)
        places, held = self.muster_places(state, seat, cmap), self.held(cmap, seat)
        for name in state.seat.hand.distinct:
            c = self.pool[name]
            if c.type != "warrior" or known_copy(game, state, seat, name) is not None:
                continue
            for place in self.warrior_places(game, state, seat, name, cmap, places):
                if self.entry_problem(game, state, seat, name, place, cmap=cmap, held=held) is not None:
                    continue
                if cover:
                    out.append(MusterInCoverAt(name, place))
                elif c.value <= destiny or self.free_here(state, seat, name, place):
                    out.append(MusterAt(name, place))
        return out

    def do_muster(self, game: Any, state: DTState, action: Any, chance: Any) -> tuple[DTState, list[Event]]:
        cover = isinstance(action, MusterInCoverAt)
        free = not cover and self.free_here(state, state.current, action.card, action.place)
        state, events, uid = place_muster(game, state, action.card, action.place, cover, chance, R.COLONY_CONTROL)
        state = on_earth(game, state, uid, self.solar.earth, moved=False)
        if free and uid >= 0:
            value = self.pool[action.card].value
            purses = list(state.purses)
            purses[state.purse_of[state.current]] += value
            state = state._replace(purses=tuple(purses))
            events.append(event(R.COLONY_VENUS, f"the Citadel on {action.place} makes {action.card} free: "
                                                f"{counted(value, 'Destiny Point')} back", uid=uid, destiny=value))
        return state, events

    def transfer_cost(self, game: Any, state: DTState, t: Trooper, place: str, vehicle: bool | None = None) -> int:
        """The actions ``t``'s Transfer to ``place`` takes (``vehicle``: whether it has one, if known)."""
        cost = 1
        if has_vehicle(game, t) if vehicle is None else vehicle:
            cost = max(cost, self.rules.transfer_vehicle_actions)
        if "Venus" in (self.planet(t.place), self.planet(place)):
            cost = max(cost, self.rules.venus_transfer_actions)
        return cost

    def destinations(self, t: Trooper) -> tuple[str, ...]:
        """Where ``t`` may transfer to from where it stands (each place worked out once)."""
        where = t.place or self.solar.earth
        out = self._destinations.get(where)
        if out is None:
            here = self.planet(where)
            planets = [here] + list(self.solar.neighbours(here)) if self.rules.colony_transfer_adjacent \
                else [p.name for p in self.solar.planets]
            out = self._destinations[where] = tuple(w for p in planets for w in self.solar.places(p) if w != where)
        return out

    def transfer_options(self, game: Any, state: DTState) -> list[Transfer]:
        seat = state.current
        out = []
        cmap = control_map(state)
        held = self.held(cmap, seat)
        for t in state.troopers:
            if t.owner != seat or t.cover:
                continue
            vehicle = has_vehicle(game, t)
            for place in self.destinations(t):
                if self.transfer_cost(game, state, t, place, vehicle) <= state.actions and \
                        self.entry_problem(game, state, seat, t.card, place, mover=t, cmap=cmap, held=held) is None:
                    out.append(Transfer(t.uid, place))
        return out

    def build_options(self, game: Any, state: DTState) -> list[BuildAt]:
        s = state.seat
        where = self.muster_places(state, state.current)
        return [BuildAt(n, p) for n in s.hand.distinct if self.pool[n].type == "fortification"
                and n not in s.fortifications for p in where]

    def do_build(self, game: Any, state: DTState, action: BuildAt, chance: Any) -> tuple[DTState, list[Event]]:
        state, events = do_build(game, state, Build(action.card), chance)
        board = state.board
        state = state._replace(board=board._replace(forts=board.forts + ((state.current, action.card, action.place),)))
        return state, events + [event(R.COLONY_CONTROL, f"{action.card} stands on {action.place}",
                                      card=action.card, place=action.place)]

    def after_action(self, game: Any, state: DTState, action: Any, events: list[Event]) -> tuple[DTState, list[Event]]:
        if isinstance(action, Transfer):
            state = on_earth(game, state, action.uid, self.solar.earth, moved=True)
        if isinstance(action, SeekCover):
            t = state.find(action.uid)
            if t is not None and self.planet(t.place) == "Mercury":
                gain = self.rules.mining_destiny
                purses = list(state.purses)
                purses[state.purse_of[t.owner]] += gain
                state = state._replace(purses=tuple(purses))
                said = (f"{t.card} seeks cover on {t.place}: a Mining Action, +{counted(gain, 'Destiny Point')} "
                        f"for seat {t.owner}")
                events = list(events) + [event(R.COLONY_MERCURY, said, uid=t.uid, destiny=gain)]
        return state, events

    # -- combat -------------------------------------------------------------------------------------------
    def reach(self, a: Trooper, d: Trooper) -> tuple[bool, tuple[str, ...], Any]:
        """May ``a`` attack ``d`` from where they stand, with which tactics, and the
        rule that says so."""
        pa, pd = self.planet(a.place), self.planet(d.place)
        hub = self.solar.hub
        if pa != pd and not (hub in (pa, pd) and pd in self._neighbours[pa]):
            return False, (), R.COLONY_BELT
        if hub in (pa, pd):
            return True, ("shoot",), R.COLONY_BELT
        return True, TACTICS, R.COLONY_BOARD

    def meets(self, a: Trooper, d: Trooper, tactic: str) -> tuple[Any, str] | None:
        """The one place rule of the solar system, for an attack and for every card
        that swaps a combatant: one planet, or the Belt and a neighbour, and no
        Fight in the Belt."""
        ok, tactics, rule = self.reach(a, d)
        if not ok:
            return rule, (f"{a.card} on {self.planet(a.place)} cannot reach {d.card} on {self.planet(d.place)}: only "
                          "the Asteroid Belt fires across to its neighbours")
        if tactic not in tactics:
            return R.COLONY_BELT, "in the Asteroid Belt only shoot combats take place"
        return None

    def allows_attack(self, game: Any, a: Trooper, d: Trooper, section: str) -> bool:
        """Mars: Doomtroopers may attack Doomtroopers of their own Corporation there
        (also once a warrior in cover is turned over and shows it)."""
        return section == R.SAME_CORPORATION.section and self.planet(a.place) == "Mars" \
            and self.planet(d.place) == "Mars"

    def may_attack(self, game: Any, a: Trooper, d: Trooper) -> tuple[bool, Any]:
        """The attack rules, with Mars's exception for same-corporation Doomtroopers."""
        if d.hidden:
            return True, R.ANNOUNCE
        allowed, section = game.aff.decide(game.classes_of(a), game.classes_of(d), False)
        if not allowed and self.allows_attack(game, a, d, section):
            return True, R.COLONY_MARS
        return allowed, game.section(section)

    def attack_options(self, game: Any, state: DTState) -> list[Attack]:
        seat = state.current
        if state.seat.turns <= 1:
            return []
        mine = [t for t in state.troopers if t.owner == seat and may_attack_with(game, state, t)]
        if not mine:
            return []
        destiny = state.destiny(seat)
        prices = set()
        for other in range(len(state.seats)):
            if other != seat and not state.seats[other].out:
                ok, cost, _ = target_cost(game, state, seat, other)
                if ok and cost <= destiny:
                    prices.add(other)
        theirs = [t for t in state.troopers if t.owner in prices and may_be_attacked(game, t)]
        out = []
        rules = game.meeting  # the rules of who may meet that may bar a meeting in this game
        for a in mine:
            for d in theirs:  # the attack rules' answer by card names first (kept), Mars's exception if no
                if d.hidden or game.may_attack(a.card, d.card) or self.may_attack(game, a, d)[0]:
                    out += unbarred(game, a, d, rules)
        return out

    def combat_terms(self, table: Any, t: Trooper) -> Iterable[Term]:
        if t.cover and self.planet(t.place) == "Mercury":
            extra = self.rules.mercury_cover_armor - self.rules.cover_armor
            if extra:
                return (Term("in cover on Mercury", R.COLONY_MERCURY, 0, extra, 0),)
        return ()

    def killed(self, game: Any, state: DTState, dead: Trooper) -> tuple[DTState, list[Event]]:
        if self.planet(dead.place) != "Mars" or self.pool[dead.card].value > self.rules.mars_recycle_value:
            return state, []
        s = state.seats[dead.owner]
        if dead.card not in s.discard:
            return state, []
        state = put_seat(state, dead.owner, s._replace(discard=s.discard.remove(dead.card),
                                                       deck=s.deck.shuffle_in((dead.card,))))
        return state, [event(R.COLONY_MARS, f"{dead.card} fell on Mars: it is shuffled back into seat {dead.owner}'s "
                                            "draw pile", uid=dead.uid, card=dead.card, seat=dead.owner)]

    # -- the greedy bot --------------------------------------------------------------------------------------
    def place_worth(self, state: DTState, seat: int, place: str, mover: Trooper | None = None) -> int:
        """Colony Points ``seat`` gains by standing one more warrior on ``place``
        (0 where he already counts it)."""
        if place == self.solar.earth:
            there = {t.owner for t in state.troopers
                     if (t.place or place) == place and (mover is None or t.uid != mover.uid)}
            return self.rules.colony_earth if not there else 0
        return 0 if controller(state, place) == seat else self.solar.value.get(place, 0)

    def place_loss(self, state: DTState, t: Trooper) -> int:
        """Colony Points ``t``'s owner loses if it leaves its place."""
        if any(x.place == (t.place or self.solar.earth) and x.owner == t.owner and x.uid != t.uid
               for x in state.troopers):
            return 0
        if (t.place or self.solar.earth) == self.solar.earth:
            others = {x.owner for x in state.troopers if (x.place or self.solar.earth) == self.solar.earth}
            return self.rules.colony_earth if others == {t.owner} else 0
        return self.solar.value.get(t.place, 0)

    def greedy(self, game: Any, state: DTState, options: Any) -> Any:
        seat = state.current
        musters = [o for o in options if isinstance(o, MusterAt)]
        mine = [t for t in state.troopers if t.owner == seat]
        if musters and (len(mine) < 8):
            def strength(o):
                c = self.pool[o.card]
                return (max(c.fight, c.shoot) + c.armor, self.solar.value.get(o.place, 0), o.card, o.place)
            return max(musters, key=strength)
        moves = [o for o in options if isinstance(o, Transfer)]
        if moves and state.actions > 1:
            def gain(o):
                t = state.trooper(o.uid)
                return self.place_worth(state, seat, o.place, t) - self.place_loss(state, t)
            best = max(moves, key=lambda o: (gain(o), -o.uid, o.place))
            if gain(best) > 0:
                return best
        return self.greedy_mining(state, options)

    def greedy_mining(self, state: DTState, options: Any) -> Any:
        """Mercury: a warrior there seeks cover (a Mining Action, Destiny, and better
        Armor while it holds the warzone), keeping one warrior out of cover and the
        last action for an attack."""
        if state.actions < 2:
            return None
        seat = state.current
        out = [t for t in state.troopers if t.owner == seat and not t.cover]
        mines = [o for o in options if isinstance(o, SeekCover) and self.planet(state.trooper(o.uid).place) == "Mercury"]
        return mines[0] if mines and len(out) > 1 else None

    # -- why not ---------------------------------------------------------------------------------------------
    def explain(self, game: Any, state: DTState, action: Any) -> IllegalAction | None:
        seat = state.current
        if isinstance(action, (Muster, MusterInCover)):
            return IllegalAction(R.COLONY_CONTROL, "in Colonization a warrior is added to a warzone you control (or "
                                                   f"Earth if you control none): muster {action.card!r} with a place")
        if isinstance(action, Build):
            return IllegalAction(R.COLONY_CONTROL, "in Colonization a fortification is built on a warzone you "
                                                   "control (or Earth if you control none): name the place")
        if isinstance(action, (MusterAt, MusterInCoverAt, BuildAt)):
            if not isinstance(action.card, str) or action.card not in state.seat.hand:
                return IllegalAction(R.MUSTER, f"{action.card!r} is not in seat {seat}'s hand")
            wanted = "fortification" if isinstance(action, BuildAt) else "warrior"
            if self.pool[action.card].type != wanted:
                return IllegalAction(R.FORTIFICATION if wanted == "fortification" else R.MUSTER,
                                     f"{action.card} is not a {wanted} card")
            places = self.muster_places(state, seat) if isinstance(action, BuildAt) else \
                self.warrior_places(game, state, seat, action.card)
            if action.place not in places:
                return IllegalAction(R.COLONY_CONTROL, f"{action.place!r} is not a warzone seat {seat} controls "
                                                       "(cards go on your own warzones, or on Earth if you control "
                                                       "none)")
            if not isinstance(action, BuildAt):
                why = self.entry_problem(game, state, seat, action.card, action.place)
                if why is not None:
                    return IllegalAction(*why)
            return None  # the standard rules explain the rest (Destiny, personalities, ...)
        if isinstance(action, (Equip, Bestow)):
            why = self.attach_problem(state, action)
            return IllegalAction(R.COLONY_CONTROL, why) if why is not None else None
        if isinstance(action, Transfer):
            t = state.find(action.uid)
            if t is None or t.owner != seat:
                return IllegalAction(R.COLONY_CONTROL, f"seat {seat} has no warrior {action.uid!r} in play")
            if t.cover:
                return IllegalAction(R.COVER, f"{t.card} is in cover: it exits cover before it moves")
            why = self.entry_problem(game, state, seat, t.card, action.place, mover=t)
            if why is not None:
                return IllegalAction(*why)
            if action.place not in self.destinations(t):
                return IllegalAction(R.COLONY_BOARD, f"{action.place} is not on {self.planet(t.place)} or a planet "
                                                     "next to it")
            cost = self.transfer_cost(game, state, t, action.place)
            if cost > state.actions:
                rule = R.COLONY_VENUS if "Venus" in (self.planet(t.place), self.planet(action.place)) else R.ACTIONS
                return IllegalAction(rule, f"this transfer takes {cost} actions; {state.actions} left")
            return None
        if isinstance(action, Attack):
            a, d = state.find(action.attacker), state.find(action.defender)
            if a is not None and d is not None and a.owner == seat and d.owner != seat:
                why = self.meets(a, d, action.tactic)
                if why is not None:
                    return IllegalAction(*why)
        return None

    # -- reading a state ------------------------------------------------------------------------------------
    def describe(self, game: Any, view: DTState) -> list[str]:
        board = view.board
        if board is None:
            return []
        lines = ["the solar system (Colonization): Colony Points counted "
                 + ", ".join(f"seat {i} {c}" for i, c in enumerate(board.colony))]
        for p in self.solar.planets:
            parts = []
            for w in self.solar.places(p.name):
                who = sorted({t.owner for t in view.troopers if (t.place or self.solar.earth) == w})
                if w in self.solar.value:
                    c = controller(view, w)
                    parts.append(f"{w} (+{self.solar.value[w]}){'' if c is None else f': seat {c}'}")
                else:
                    parts.append("warriors of " + ", ".join(f"seat {i}" for i in who) if who else "nobody there")
            lines.append(f"  {p.name}: " + "; ".join(parts))
        return lines


def refill(state: DTState, seat: int, rule: RuleRef = R.COLONY_RESTRICTIONS) -> tuple[DTState, list[Event]]:
    """``seat``'s draw pile has run out: he shuffles his discard pile into a new
    one at once (Colonization's general restrictions; ``rule``: the rule that says
    so where another variant borrows it)."""
    s = state.seats[seat]
    state = put_seat(state, seat, s._replace(deck=s.deck.shuffle_in(s.discard), discard=type(s.discard)()))
    return state, [event(rule, f"seat {seat}'s draw pile is empty: he shuffles his discard pile "
                               f"({counted(s.discard.size, 'card')}) into a new one", seat=seat)]


def draw_refilling(game: Any, state: DTState, action: Any, chance: Any, rule: RuleRef) -> tuple[DTState, list[Event]]:
    """The draw step where an empty draw pile is refilled from the discard pile:
    a pile that runs out in the middle of the draw is refilled at once and the
    draw goes on."""
    state, events = do_draw(game, state, action, chance)
    seat = state.current
    s = state.seats[seat]
    short = game.rules.hand_size - s.hand.size
    if state.phase is Phase.ACTIONS and short > 0 and not len(s.deck) and s.discard.size:
        state, more = refill(state, seat, rule)
        s = state.seats[seat]
        k = min(short, len(s.deck))
        dealt = chance.roll(s.deck.draw(k))
        state = put_seat(state, seat, s._replace(deck=dealt.deck, hand=s.hand + dealt.cards))
        events += more + [event(R.DRAW, f"seat {seat} draws {k} more card{'s' if k > 1 else ''}", seat=seat,
                                drawn=k),
                          event(R.DRAW, f"seat {seat} draws {', '.join(dealt.cards)}", visible_to=seat, seat=seat,
                                cards=tuple(dealt.cards))]
    return state, events


__all__ = ["Colonization", "draw_refilling", "refill"]
