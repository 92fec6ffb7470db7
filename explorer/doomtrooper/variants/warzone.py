"""The Warzone Variant ("Doomtrooper Optional Rules and Variants"): Warzone cards
become places on the table.

* Add Warzone (:class:`PlaceWarzone`, one action): a Warzone card from hand
  becomes a place of its own, empty at first; one copy of each in play.
* Luna, the moon, is always in play: the default place (``Trooper.place == ""``)
  where everything stands before it moves, and where the basic rules apply.
* Add Warrior into a warzone (:class:`~explorer.doomtrooper.variants.places.MusterAt`),
  Transfer between warzones (:class:`~explorer.doomtrooper.variants.places.Transfer`:
  one action, two for a warrior with a vehicle); a warrior may attack in the
  turn it arrives.
* Every warrior in a warzone, attacker or defender, gets its F, S, A and V
  modifiers (a Term in the combat's ratings); combat only between warriors of
  one warzone; special abilities still reach across (nothing changes there).
* Fortifications are built in a warzone (:class:`~explorer.doomtrooper.variants.places.BuildAt`),
  never move, and help only the warriors there.
* A discarded warzone (:func:`discard_warzone`) sends its warriors to Luna for
  free, and the other cards in it (its fortifications) to their discard piles.
  What discards one the rulebook does not say; with the switch
  ``warzone_razing`` (ours) the player who added a warzone may discard it for
  two actions (:class:`DiscardWarzone`).

A Warzone card is any card of the pool whose ``type`` is ``"warzone"`` (the
Warzone expansion's card type); its ``fight``, ``shoot``, ``armor`` and
``value`` are the modifiers (missing ones count 0).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, NamedTuple

from ...core.engine import IllegalAction
from ...core.events import Event, event
from .. import sections as R
from ..words import warrior_name
from ..base.actions import Attack, Build, Muster, MusterInCover
from ..base.combat_state import Term
from ..base.fortify import do_build
from ..base.muster import known_copy
from .places import (BuildAt, MusterAt, MusterInCoverAt, PlaceVariant, Transfer, has_vehicle, place_muster,
                     register_place_kind)
from ..state import DTState, Trooper, put_seat, put_trooper
from ..base.warriors import out_of_cover

#: The warzone always in play.
LUNA = "Luna"


class WarzoneBoard(NamedTuple):
    """The warzones in play besides Luna, ``(card, seat who added it)`` in the
    order they came, and where each fortification stands (``(seat, card, place)``)."""

    warzones: tuple[tuple[str, int], ...] = ()
    forts: tuple[tuple[int, str, str], ...] = ()

    def names(self) -> tuple[str, ...]:
        return tuple(w for w, _ in self.warzones)


@dataclass(frozen=True, slots=True)
class PlaceWarzone:
    """Add Warzone: put Warzone card ``card`` from hand on the table as a place."""

    card: str

    def __str__(self) -> str:
        return f"add the warzone {self.card}"


def _place_options(game: Any, state: DTState) -> list[PlaceWarzone]:
    rules = game.places
    if not isinstance(rules, WarzoneVariant):
        return []
    in_play = state.board.names() if state.board is not None else ()
    return [PlaceWarzone(n) for n in state.seat.hand.distinct if rules.is_warzone(n) and n not in in_play]


def _do_place(game: Any, state: DTState, action: PlaceWarzone, chance: Any) -> tuple[DTState, list[Event]]:
    seat = state.current
    s = state.seats[seat]
    state = put_seat(state, seat, s._replace(hand=s.hand.remove(action.card)))
    board = state.board or WarzoneBoard()
    state = state._replace(board=board._replace(warzones=board.warzones + ((action.card, seat),)))
    return state, [event(R.WARZONE_VARIANT, f"seat {seat} adds the warzone {action.card} to the table (empty for now)",
                         seat=seat, card=action.card)]


def _explain_place(game: Any, state: DTState, action: Any) -> IllegalAction:
    rules = game.places
    if not isinstance(rules, WarzoneVariant):
        return IllegalAction(R.WARZONE_VARIANT, "warzones are places on the table only in the Warzone Variant")
    if not rules.is_warzone(action.card):
        return IllegalAction(R.WARZONE_VARIANT, f"{action.card!r} is not a Warzone card")
    if action.card not in state.seat.hand:
        return IllegalAction(R.WARZONE_VARIANT, f"{action.card} is not in seat {state.current}'s hand")
    return IllegalAction(R.WARZONE_VARIANT, f"{action.card} is already in play: one copy of each warzone at a time")


register_place_kind(PlaceWarzone, R.WARZONE_VARIANT, 1, _place_options, _do_place, _explain_place)


def discard_warzone(game: Any, state: DTState, card: str) -> tuple[DTState, list[Event]]:
    """Warzone ``card`` leaves play: its warriors go to Luna (free), the
    fortifications in it go to their owners' discard piles, and so does the card."""
    board = state.board
    owner = dict(board.warzones)[card]
    events = [event(R.WARZONE_DISCARDED, f"the warzone {card} is discarded", card=card)]
    for t in [t for t in state.troopers if t.place == card]:
        state = put_trooper(state, t._replace(place=LUNA))
        events.append(event(R.WARZONE_DISCARDED, f"{t.card} (seat {t.owner}) moves to {LUNA} for free", uid=t.uid))
    seats = list(state.seats)
    for seat, fort, place in board.forts:
        if place == card:
            s = seats[seat]
            forts = list(s.fortifications)
            forts.remove(fort)
            seats[seat] = s._replace(fortifications=tuple(forts), discard=s.discard.add(fort))
            events.append(event(R.WARZONE_DISCARDED, f"seat {seat}'s {fort} in {card} is discarded", seat=seat,
                                card=fort))
    seats[owner] = seats[owner]._replace(discard=seats[owner].discard.add(card))
    board = board._replace(warzones=tuple(w for w in board.warzones if w[0] != card),
                           forts=tuple(f for f in board.forts if f[2] != card))
    return state._replace(seats=tuple(seats), board=board), events


@dataclass(frozen=True, slots=True)
class DiscardWarzone:
    """Discard a warzone you added, for two actions.  Our design, off unless the
    switch ``warzone_razing`` is on (reading ``warzone-razing``): the rulebook says
    what follows when a warzone is discarded, never what discards one."""

    card: str

    def __str__(self) -> str:
        return f"discard the warzone {self.card}"


def _discard_options(game: Any, state: DTState) -> list[DiscardWarzone]:
    if not isinstance(game.places, WarzoneVariant) or state.board is None:
        return []
    return [DiscardWarzone(card) for card, seat in state.board.warzones if seat == state.current]


def _do_discard(game: Any, state: DTState, action: DiscardWarzone, chance: Any) -> tuple[DTState, list[Event]]:
    return discard_warzone(game, state, action.card)


def _explain_discard(game: Any, state: DTState, action: Any) -> IllegalAction:
    if not isinstance(game.places, WarzoneVariant):
        return IllegalAction(R.WARZONE_VARIANT, "warzones are places on the table only in the Warzone Variant")
    added = dict(state.board.warzones) if state.board is not None else {}
    if action.card not in added:
        return IllegalAction(R.WARZONE_DISCARDED, f"{action.card} is not a warzone in play (Luna never leaves)")
    if added[action.card] != state.current:
        return IllegalAction(R.WARZONE_DISCARDED, f"seat {added[action.card]} added {action.card}: only he may "
                                                  "discard it")
    return IllegalAction(R.WARZONE_DISCARDED, f"discarding {action.card} takes two actions; {state.actions} left")


register_place_kind(DiscardWarzone, R.WARZONE_DISCARDED, 2, _discard_options, _do_discard, _explain_discard,
                    False, lambda rules: rules.warzone_razing)


class WarzoneVariant(PlaceVariant):
    """The hooks of the Warzone Variant (see the module docstring)."""

    name = "warzone"
    title = "Warzone Variant"
    rule = R.WARZONE_VARIANT
    transfer_rule = R.WARZONE_ENTER
    default_place = LUNA

    def __init__(self, game: Any):
        super().__init__(game)
        self.pool = game.pool
        self._mods: dict[str, tuple[int, int, int, int]] = {}

    def is_warzone(self, name: str) -> bool:
        c = self.pool.get(name) if isinstance(name, str) else None
        return c is not None and c.type == "warzone"

    def modifiers(self, name: str) -> tuple[int, int, int, int]:
        """A warzone card's F, S, A and V modifiers (0 where it has none), its text's
        modifiers for every combatant (a Warzone card's ``all_*``) included: in this
        variant every warrior there gets both."""
        hit = self._mods.get(name)
        if hit is None:
            c = self.pool[name]
            own = [int(getattr(c, k, 0) or 0) for k in ("fight", "shoot", "armor", "value")]
            text = [int(getattr(c, f"all_{k}", 0) or 0) for k in ("fight", "shoot", "armor")] + [0]
            hit = self._mods[name] = tuple(a + b for a, b in zip(own, text))
        return hit

    def greedy(self, game: Any, state: DTState, options: Any) -> Any:
        """The greedy bot: add a Warzone when it holds one (the best for its warriors
        first), and muster each warrior where the warzone helps it most."""
        adds = [o for o in options if isinstance(o, PlaceWarzone)]
        if adds:
            return max(adds, key=lambda o: (sum(self.modifiers(o.card)[:3]), o.card))
        musters = [o for o in options if isinstance(o, MusterAt)]
        mine = sum(1 for t in state.troopers if t.owner == state.current)
        if musters and (mine < 3 or state.destiny(state.current) >= 6):
            pool = game.pool

            def worth(o: MusterAt) -> tuple:
                c = pool[o.card]
                f, sh, a, _ = self.modifiers(o.place) if o.place != LUNA else (0, 0, 0, 0)
                return (max(c.fight + f, c.shoot + sh) + c.armor + a, max(c.fight, c.shoot) + c.armor, o.card, o.place)

            return max(musters, key=worth)
        return super().greedy(game, state, options)

    def places(self, state: DTState) -> list[str]:
        """Luna and every warzone in play."""
        return [LUNA] + list(state.board.names() if state.board is not None else ())

    # -- setting up ---------------------------------------------------------------------------------
    def after_deal(self, game: Any, state: DTState, chance: Any) -> tuple[DTState, list[Event]]:
        return state._replace(board=WarzoneBoard()), [event(R.WARZONE_LUNA, f"{LUNA} is in play: every player's "
                                                                            "Squad and Kohort stand there")]

    # -- actions ---------------------------------------------------------------------------------------
    def meets(self, a: Trooper, d: Trooper, tactic: str) -> tuple[Any, str] | None:
        """Combat only between warriors of one warzone, whatever brings them into it."""
        if self.where(a) == self.where(d):
            return None
        return R.WARZONE_COMBAT, (f"{a.card} is in {self.where(a)} and {d.card} in {self.where(d)}: combat only "
                                  "within one warzone")

    def muster_options(self, game: Any, state: DTState, cover: bool) -> list[Any]:
        seat = state.current
        if cover and not self.rules.muster_in_cover_alone and out_of_cover(state, seat) == 0:
            return []
        destiny = state.destiny(seat)
        cards = [n for n in state.seat.hand.distinct if self.pool[n].type == "warrior"
                 and known_copy(game, state, seat, n) is None and (cover or self.pool[n].value <= destiny)]
        kind = MusterInCoverAt if cover else MusterAt
        return [kind(n, p) for n in cards for p in self.places(state)]

    def do_muster(self, game: Any, state: DTState, action: Any, chance: Any) -> tuple[DTState, list[Event]]:
        cover = isinstance(action, MusterInCoverAt)
        state, events, uid = place_muster(game, state, action.card, action.place, cover, chance, R.WARZONE_ENTER)
        return state, events

    def transfer_cost(self, game: Any, state: DTState, t: Trooper, place: str) -> int:
        return self.rules.transfer_vehicle_actions if has_vehicle(game, t) else 1

    def transfer_options(self, game: Any, state: DTState) -> list[Transfer]:
        seat = state.current
        out = []
        places = self.places(state)
        for t in state.troopers:
            if t.owner != seat or t.hidden:
                continue
            if self.transfer_cost(game, state, t, "") > state.actions:
                continue
            out += [Transfer(t.uid, p) for p in places if p != self.where(t)]
        return out

    def build_options(self, game: Any, state: DTState) -> list[BuildAt]:
        s = state.seat
        places = self.places(state)
        return [BuildAt(n, p) for n in s.hand.distinct if self.pool[n].type == "fortification"
                and n not in s.fortifications for p in places]

    def do_build(self, game: Any, state: DTState, action: BuildAt, chance: Any) -> tuple[DTState, list[Event]]:
        state, events = do_build(game, state, Build(action.card), chance)
        board = state.board
        state = state._replace(board=board._replace(forts=board.forts + ((state.current, action.card,
                                                                           action.place),)))
        return state, events + [event(R.WARZONE_FORTIFICATIONS, f"{action.card} stands in {action.place} and helps "
                                                                "only the warriors there", card=action.card,
                                      place=action.place)]

    # -- combat ---------------------------------------------------------------------------------------
    def combat_terms(self, table: Any, t: Trooper) -> Iterable[Term]:
        out = []
        if t.place and t.place != LUNA:
            f, s, a, v = self.modifiers(t.place)
            da = f if table.tactic == "fight" else s
            if da or a or v:
                out.append(Term(f"the warzone {t.place}", R.WARZONE_VARIANT, da, a, v))
        return out

    def combat_fortifications(self, game: Any, state: DTState, a: Trooper, d: Trooper,
                              forts: tuple[tuple[str, ...], ...]) -> tuple[tuple[str, ...], ...]:
        """A fortification helps only the warriors of its own warzone: in a combat
        (always inside one warzone) only the fortifications built there count."""
        board = state.board
        if board is None or not board.forts:
            return forts
        here = self.where(a)
        out = []
        for seat, names in enumerate(forts):
            keep = list(names)
            for s, fort, place in board.forts:
                if s == seat and place != here and fort in keep:
                    keep.remove(fort)
            out.append(tuple(keep))
        return tuple(out)

    # -- why not ----------------------------------------------------------------------------------------
    def explain(self, game: Any, state: DTState, action: Any) -> IllegalAction | None:
        seat = state.current
        if isinstance(action, (Muster, MusterInCover)):
            return IllegalAction(R.WARZONE_ENTER, f"in the Warzone Variant a warrior is added into a warzone: muster "
                                                  f"{action.card!r} naming {LUNA} or a warzone in play")
        if isinstance(action, Build):
            return IllegalAction(R.WARZONE_FORTIFICATIONS, "in the Warzone Variant a fortification is built in a "
                                                           "warzone: name it (Luna included)")
        if isinstance(action, (MusterAt, MusterInCoverAt, BuildAt, Transfer)) and action.place not in self.places(state):
            return IllegalAction(R.WARZONE_ENTER, f"{action.place!r} is not {LUNA} nor a warzone in play")
        if isinstance(action, Transfer):
            t = state.find(action.uid)
            if t is None or t.owner != seat:
                return IllegalAction(R.WARZONE_ENTER, f"seat {seat} has no warrior {action.uid!r} in play")
            if action.place == self.where(t):
                return IllegalAction(R.WARZONE_ENTER, f"{t.card} is already in {action.place}")
            cost = self.transfer_cost(game, state, t, action.place)
            if cost > state.actions:
                return IllegalAction(R.WARZONE_ENTER, f"transferring {t.card}, which has a vehicle, takes {cost} "
                                                      f"actions; {state.actions} left")
        if isinstance(action, Attack):
            a, d = state.find(action.attacker), state.find(action.defender)
            why = self.meets(a, d, action.tactic) if a is not None and d is not None else None
            if why is not None:
                return IllegalAction(*why)
        return None

    def describe(self, game: Any, view: DTState) -> list[str]:
        board = view.board
        if board is None:
            return []
        lines = ["warzones in play: " + ", ".join([LUNA] + [f"{w} (seat {s}'s)" for w, s in board.warzones])]
        for w in self.places(view):
            here = [t for t in view.troopers if self.where(t) == w]
            if here:
                lines.append(f"  {w}: " + "; ".join(f"{warrior_name(view, t.uid, None, game)} (seat {t.owner})"
                                                    for t in here))
        return lines


__all__ = ["DiscardWarzone", "LUNA", "PlaceWarzone", "WarzoneBoard", "WarzoneVariant", "discard_warzone"]
