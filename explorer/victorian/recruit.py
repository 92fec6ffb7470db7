"""RECRUIT PHASE: putting cards other than events into play, and what goes where.

Attachment rules ("RECRUIT PHASE", "MARTIAN RULES", "CARD TRAITS: Captain"):

* Heroes' characters and Locations, and Masterminds, simply enter play.
* Weapons and Vehicles go on a unit of their own side; a weapon naming a trait
  goes only on a unit with it (rules option ``weapons_need_trait``); a weapon
  "for vehicles" only on a unit that is or rides a Vehicle; a unit rides at most
  one Vehicle (option ``one_vehicle_per_unit``).
* The Villains' Locations and minor villains go on one of their Masterminds.
* The Martians take neither minor villains nor vehicles (on the Martian Invasion
  or on any of its minions).
* A Captain may call his own vessel to himself from anywhere (deck, hand,
  discard pile, another unit); a player holding a vessel may discard it to take
  its Captain from his deck into his hand.

Event cards are played in this phase too (:mod:`explorer.victorian.cardplay`).
How many cards a side may recruit in one phase is the rules number
``recruits_per_phase`` (the rulebook sets no limit).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ..core.engine import IllegalAction
from ..core.events import Event
from . import cardplay, pending, phase_actions
from . import sections as R
from .actions import Done, PlayEvent, Recall, Recruit, Summon
from .decisions import is_name, refuse
from .effects import EFFECTS, param
from .reports import public
from .sides import title
from .state import HEROES, VILLAINS, Location, Main, Phase, Unit, VicState, pop, push, put
from .units import (fresh_uid, has_trait, is_martian, is_mastermind, is_vehicle, make_tokens, masterminds,
                    replace_unit, rides_vehicle, unit_on, with_trait, with_units)
from .words import article, counted, pronoun
from .zones import from_hand, take_from_deck, to_discard, to_hand

if TYPE_CHECKING:
    from .game import VictorianGame


@pending.enter(Phase.RECRUIT)
def enter(game, state, side, events):
    return push(state, phase_actions.BEGUN[(Phase.RECRUIT, side)])


# -- where a card may go -------------------------------------------------------------------------

def martian_side(game: VictorianGame, state: VicState, u: Unit) -> bool:
    """The unit is the Martian Invasion or one of its minions."""
    if is_martian(game, u):
        return True
    if u.master is not None:
        m = unit_on(state, VILLAINS, u.master)
        return m is not None and is_martian(game, m)
    return False


def gear_problem(game: VictorianGame, state: VicState, side: int, card: str, onto: Any) -> IllegalAction | None:
    """Why weapon or vehicle ``card`` may not go on ``onto`` (``None``: it may)."""
    c = game.card(card)
    what = "weapon" if c.type == "W" else "vehicle"
    if not is_name(onto):
        return refuse(R.ATTACH, f"a {what} must be attached to one of your units: choose the unit it goes on")
    u = unit_on(state, side, onto)
    if u is None:
        known = game.card_or_none(onto)
        if known is not None and not known.is_unit:
            return refuse(R.ATTACH, f"{card} is a {what} and goes on a unit; {onto} is "
                                    f"{article(known.kind)} {known.kind}, not a unit")
        if unit_on(state, 1 - side, onto) is not None:
            return refuse(R.ATTACH, f"{onto} is not yours: a {what} goes on one of your own units")
        return refuse(R.ATTACH, f"{onto!r} is not a unit of yours in play")
    return gear_unfit(game, state, c, u)


def gear_unfit(game: VictorianGame, state: VicState, c, u: Unit) -> IllegalAction | None:
    """Why weapon or vehicle card ``c`` may not go on unit ``u`` of its own side (``None``: it may)."""
    card, onto = c.name, u.uid
    params = c.params
    needs = param(params, "needs", ())
    if c.type == "W":
        if param(params, "on", "unit") == "vehicle" and not is_vehicle(game, u):
            return refuse(R.VEHICLE, f"{card} goes only on a Vehicle (or a unit riding one); {onto} is neither")
        if needs and game.rules.weapons_need_trait and not has_trait(game, u, *needs):
            return refuse(R.ATTACH, f"{card} is for {article(needs[0])} {' or '.join(needs)}, and {onto} is none")
    else:
        if martian_side(game, state, u):
            return refuse(R.MARTIANS, f"the Martians take no vehicles: {onto} cannot ride {card}")
        if needs and not has_trait(game, u, *needs):
            return refuse(R.ATTACH, f"{card} is for {article(needs[0])} {' or '.join(needs)}, and {onto} is none")
        if game.rules.one_vehicle_per_unit and (rides_vehicle(game, u) or has_trait(game, u, "Vehicle")):
            return refuse(R.ATTACH, f"{onto} already is or rides a Vehicle: one Vehicle a unit")
    return None


def fit_kind(game: VictorianGame, c) -> tuple[Any, ...]:
    """What of weapon or vehicle card ``c`` decides the units it may go on (all
    :func:`gear_unfit` reads of it): its type, the traits it needs, and whether it
    goes on a Vehicle only.  Cards alike in these go on the same units.  Remembered
    by the game for each of its cards (a finite set)."""
    kind = game.fit_kinds.get(c.name)
    if kind is None:
        params = c.params
        kind = game.fit_kinds[c.name] = (c.type, tuple(param(params, "needs", ())), param(params, "on", "unit"))
    return kind


def gear_fits(game: VictorianGame, state: VicState, c, u: Unit) -> bool:
    """Whether weapon or vehicle card ``c`` may go on ``u`` (:func:`gear_unfit` is ``None``).
    It depends on the card's :func:`fit_kind`, the unit's card, whether he is a
    token, and his gear (a vehicle on a minion also on whether his Mastermind is the
    Martians'): remembered by the game for those values, as hands and decks
    (blueprints) offer the same cards for the same kinds of unit game after game."""
    martian_master = None
    if u.master is not None and c.type == "V":
        m = unit_on(state, VILLAINS, u.master)
        martian_master = m is not None and is_martian(game, m)
    known = game.gear_fits
    key = (fit_kind(game, c), u.card, u.token, u.gear, martian_master)
    fits = known.get(key)
    if fits is None:
        fits = gear_unfit(game, state, c, u) is None
        if len(known) > 4096:
            known.clear()
        known[key] = fits
    return fits


def attach_targets(game: VictorianGame, state: VicState, side: int, card: str) -> tuple[str, ...]:
    """The units of ``side`` that weapon or vehicle ``card`` may go on now.  They
    depend on the card's :func:`fit_kind` and that side's units (and, for a vehicle,
    the Villains', for the Martians): remembered by the game, as a hand is offered
    at every step of the phase, and a deck's blueprints hold many cards alike."""
    c = game.card(card)
    units = state.sides[side].units
    villains = state.sides[VILLAINS].units if c.type == "V" else None
    key = ("attach", side, fit_kind(game, c), id(units), id(villains))
    hit = game.memo.get(key)
    if hit is not None and hit[0] is units and hit[1] is villains:
        return hit[2]
    fits = []  # (in a loop: a comprehension costs a call)
    for u in units:
        if gear_fits(game, state, c, u):
            fits.append(u.uid)
    targets = tuple(fits)
    if len(game.memo) > 8192:
        game.memo.clear()
    game.memo[key] = (units, villains, targets)
    return targets


def mastermind_problem(game: VictorianGame, state: VicState, card: str, onto: Any, minor: bool) -> IllegalAction | None:
    what = "minor villain" if minor else "villain Location"
    if not is_name(onto):
        return refuse(R.ATTACH, f"a {what} must be attached to one of your Masterminds: choose the Mastermind")
    m = unit_on(state, VILLAINS, onto)
    if m is None or not is_mastermind(game, m):
        if not masterminds(game, state.sides[VILLAINS]):
            return refuse(R.ATTACH, f"{card} is a {what} and needs a Mastermind in play to go on; you have none")
        return refuse(R.ATTACH, f"{card} goes on one of your Masterminds; {onto!r} is not one "
                                f"(yours: {', '.join(u.uid for u in masterminds(game, state.sides[VILLAINS]))})")
    if minor and is_martian(game, m):
        return refuse(R.MARTIANS, f"the Martians take no minor villains: {card} cannot go on {onto}")
    return None


def recruit_problem(game: VictorianGame, state: VicState, item: Main, action: Recruit) -> IllegalAction | None:
    side = item.side
    card = action.card
    if not is_name(card):
        return refuse(R.RECRUIT, f"name the card to recruit, not {card!r}")
    if card not in state.sides[side].hand:
        return refuse(R.RECRUIT, f"{card!r} is not in {title(side)}' hand")
    c = game.card(card)
    if c.type == "E":
        return refuse(R.EVENTS, f"{card} is an event: an event is played from the hand, not put into play")
    if c.type == "P":
        return refuse(R.PLOT, f"{card} is a plot: plots are attached to Masterminds in the Plot Phase")
    if item.count >= game.rules.recruits_per_phase:
        return refuse(R.RECRUIT, f"{title(side)} have recruited {counted(item.count, 'card')}, the most one "
                                 "Recruit Phase allows")
    onto = action.onto
    if c.type in "WV":
        return gear_problem(game, state, side, card, onto)
    if side == VILLAINS and c.type in "CL":
        return mastermind_problem(game, state, card, onto, minor=c.type == "C")
    if onto is not None:
        return refuse(R.RECRUIT, f"{card} ({c.kind}) enters play on its own: give no onto")
    return None


_new = tuple.__new__
assert Main._fields == ("side", "phase", "count")  # (built by position below)
assert Unit._fields == ("uid", "card", "owner", "token", "master", "gear", "markers", "wounds", "mob")

#: the recruits of a card, built once per card and unit (actions are frozen values: one object serves every step)
_recruit = lru_cache(maxsize=4096)(Recruit)


def recruit_role(game: VictorianGame, c, side: int) -> tuple[str | None, Any, bool]:
    """What card ``c`` in ``side``'s hand offers in its Recruit Phase, as
    :func:`recruit_candidates` reads it: how it is recruited (``"gear"`` onto a unit,
    ``"minor"`` or ``"location"`` onto a Mastermind, ``"plain"``, ``None``: not at
    all, an event or a plot), the ways it is played as an event when it may be
    (its ``targets`` hook), and whether it is a vessel (a Recall).  It reads the
    card and the rules alone: remembered by the game for each card of a side (a
    finite set)."""
    known = game.recruit_roles[side]
    role = known.get(c.name)
    if role is None:
        t = c.type
        how = (None if t in "EP" else "gear" if t in "WV" else ("minor" if t == "C" else "location")
               if side == VILLAINS and t in "CL" else "plain")
        usable = t == "E" and cardplay.usable(c, cardplay.MAIN_WINDOWS[Phase.RECRUIT], side)
        role = known[c.name] = (how, EFFECTS[c.effect].hook("targets") if usable else None, c.effect == "vessel")
    return role


def recruit_candidates(game: VictorianGame, state: VicState, item: Main) -> list[Any]:
    """The Recruit Phase's options, found without building refusals to throw away: a
    minor villain or villain Location goes on the Masterminds in play that
    :func:`mastermind_problem` allows (any of them for a Location, any but the
    Martians for a minor villain); a Captain who has his vessel calls nobody.  One
    pass over the hand's distinct cards, each read by its :func:`recruit_role`; the
    options in the order of their kinds: recruits, summons, recalls, events."""
    side = item.side
    s = state.sides[side]
    recruiting = item.count < game.rules.recruits_per_phase
    roles = game.recruit_roles[side]
    window = cardplay.MAIN_WINDOWS[item.phase]
    out: list[Any] = []
    recalls: list[Any] = []
    plays: list[Any] = []
    mms = None
    for c in game.distinct_cards(s.hand):
        card = c.name
        how, targets, vessel = roles.get(card) or recruit_role(game, c, side)
        if recruiting and how is not None:
            if how == "plain":
                out.append(_recruit(card))
            elif how == "gear":  # (loops here and below: a comprehension costs a call)
                for uid in attach_targets(game, state, side, card):
                    out.append(_recruit(card, uid))
            else:
                if mms is None:
                    mms = masterminds(game, state.sides[VILLAINS])
                for m in mms:
                    if how == "location" or not is_martian(game, m):
                        out.append(_recruit(card, m.uid))
        if targets is not None:
            plays += targets(game, state, side, c, window)
        if vessel:
            recall = Recall(card)
            if recall_problem(game, state, item, recall) is None:
                recalls.append(recall)
    for u in with_trait(game, s.units, "Captain"):
        if vessel_of(game, u.card) not in u.gear:  # (else summon_problem refuses: asked only of the others)
            summon = Summon(u.uid)
            if summon_problem(game, state, item, summon) is None:
                out.append(summon)
    out += recalls
    out += plays
    out.append(phase_actions.DONE)
    return out


def do_recruit(game: VictorianGame, state: VicState, item: Main, action: Recruit, chance, events: list[Event] | None) \
        -> VicState:
    side = item.side
    c = game.card(action.card)
    s = from_hand(state.sides[side], action.card)
    state = put(state, side, s)
    state = pop(state, _new(Main, (side, item.phase, item.count + 1)))  # one more recruited (built directly)
    who = title(side)
    if c.type in "WV":
        u = unit_on(state, side, action.onto)
        state = replace_unit(state, side, u._replace(gear=u.gear + (action.card,)))
        if events is not None:
            stat = ", ".join(f"{k} {v:+d}" for k, v in (("Fight", c.fight), ("Track", c.track)) if v)
            events.append(public(R.ATTACH, f"{who} attach {action.card} to {action.onto}" + (f" ({stat})" if stat else ""),
                                 side=side, card=action.card, onto=action.onto))
        return state
    uid = fresh_uid(state, action.card)
    s = state.sides[side]
    if c.type == "L":
        loc = Location(uid, action.card, game.owner(action.card), action.onto)
        state = put(state, side, s._replace(locations=s.locations + (loc,)))
        if events is not None:
            events.append(public(R.ATTACH if action.onto else R.RECRUIT, f"{who} put {action.card} into play"
                                 + (f" on {action.onto}" if action.onto else ""), side=side, card=action.card,
                                 onto=action.onto))
        if c.effect == "comes_with":
            state, made = make_tokens(game, state, side, c.params.token, c.params.count,
                                      action.onto if side == VILLAINS else None)
            if events is not None:
                events.append(public(R.VILLAIN_CARDS if side == VILLAINS else R.HERO_CARDS,
                                     f"{action.card} comes with {counted(len(made), c.params.token + ' token')}",
                                     tokens=tuple(made)))
        return state
    # Unit(uid, card, owner, master=...), built directly from all its fields
    unit = _new(Unit, (uid, action.card, game.owner(action.card), False,
                       action.onto if c.type == "C" and side == VILLAINS else None, (), 0, 0, False))
    state = put(state, side, with_units(s, s.units + (unit,)))
    if events is not None:
        if c.type == "M":
            text = f"{who} bring the Mastermind {action.card} into play (Fight {c.fight})"
        elif side == VILLAINS:
            text = f"{who} put the minor villain {action.card} on {action.onto} (Fight {c.fight})"
        else:
            text = f"{who} recruit {action.card} (Fight {c.fight}, Track {c.track})"
        events.append(public(R.ATTACH if action.onto else R.RECRUIT, text, side=side, card=action.card, onto=action.onto))
    return state


# -- Captains ---------------------------------------------------------------------------------------

def vessel_of(game: VictorianGame, captain_card: str) -> str | None:
    """The vessel card of a Captain (``None``: he has none in his list); looked
    up once per game, as the card lists are the game's."""
    key = ("vessel", captain_card)
    if key in game.memo:
        return game.memo[key]
    found = None
    for c in game.cards_of(game.owner(captain_card)).values():
        if c.effect == "vessel" and c.params.captain == captain_card:
            found = c.name
            break
    game.memo[key] = found
    return found


def where_is(game: VictorianGame, state: VicState, card: str) -> tuple[str, int, str | None] | None:
    """Where a card is: ``(zone, side, unit)`` with zone deck, hand, discard or gear."""
    for side in (HEROES, VILLAINS):
        s = state.sides[side]
        for u in s.units:
            if card in u.gear:
                return "gear", side, u.uid
    owner = game.owner(card)
    s = state.sides[owner]
    if card in s.hand:
        return "hand", owner, None
    if card in s.discard:
        return "discard", owner, None
    if s.deck.holds(card):
        return "deck", owner, None
    return None


def summon_problem(game: VictorianGame, state: VicState, item: Main, action: Summon) -> IllegalAction | None:
    side = item.side
    u = unit_on(state, side, action.captain)
    if u is None or u.token or not has_trait(game, u, "Captain"):
        return refuse(R.CAPTAIN, f"{action.captain!r} is not a Captain of {title(side)} in play")
    vessel = vessel_of(game, u.card)
    if vessel is None:
        return refuse(R.CAPTAIN, f"{action.captain} has no vessel of his own in the card list")
    if vessel in u.gear:
        return refuse(R.CAPTAIN, f"{action.captain} already has {vessel}")
    if where_is(game, state, vessel) is None:
        return refuse(R.CAPTAIN, f"{vessel} is nowhere to be had")
    if game.rules.one_vehicle_per_unit and (rides_vehicle(game, u) or "Vehicle" in game.card(u.card).traits):
        return refuse(R.ATTACH, f"{action.captain} already rides a Vehicle: one Vehicle a unit")
    return None


def do_summon(game: VictorianGame, state: VicState, item: Main, action: Summon, chance, events) -> VicState:
    side = item.side
    u = unit_on(state, side, action.captain)
    vessel = vessel_of(game, u.card)
    zone, at, holder = where_is(game, state, vessel)
    if zone == "gear":
        h = unit_on(state, at, holder)
        g = list(h.gear)
        g.remove(vessel)
        state = replace_unit(state, at, h._replace(gear=tuple(g)))
    elif zone == "hand":
        state = put(state, at, from_hand(state.sides[at], vessel))
    elif zone == "discard":
        s = state.sides[at]
        from .zones import remove_card
        state = put(state, at, s._replace(discard=remove_card(s.discard, vessel)))
    else:
        s = state.sides[at]
        state = put(state, at, s._replace(deck=take_from_deck(s.deck, vessel)))
    u = unit_on(state, side, action.captain)
    state = replace_unit(state, side, u._replace(gear=u.gear + (vessel,)))
    if events is not None:
        events.append(public(R.CAPTAIN, f"{action.captain} calls {vessel} to {pronoun(game, u).himself} from the {zone}"
                             + (f" of {holder}" if holder else ""), captain=action.captain, vessel=vessel, source=zone))
    return state


def recall_problem(game: VictorianGame, state: VicState, item: Main, action: Recall) -> IllegalAction | None:
    side = item.side
    if not is_name(action.vessel) or action.vessel not in state.sides[side].hand:
        return refuse(R.CAPTAIN, f"{action.vessel!r} is not in {title(side)}' hand")
    c = game.card(action.vessel)
    if c.effect != "vessel":
        return refuse(R.CAPTAIN, f"{action.vessel} is not a Captain's vessel")
    if not state.sides[side].deck.holds(c.params.captain):
        return refuse(R.CAPTAIN, f"{c.params.captain} is not in {title(side)}' deck")
    return None


def do_recall(game: VictorianGame, state: VicState, item: Main, action: Recall, chance, events) -> VicState:
    side = item.side
    captain = game.card(action.vessel).params.captain
    s = from_hand(state.sides[side], action.vessel)
    s = to_discard(s, (action.vessel,))
    s = to_hand(s._replace(deck=take_from_deck(s.deck, captain)), captain, seen=True)
    if events is not None:
        events.append(public(R.CAPTAIN, f"{title(side)} discard {action.vessel} and take {captain} from "
                             "their deck into their hand", vessel=action.vessel, captain=captain))
    return put(state, side, s)


phase_actions.register(
    Phase.RECRUIT, R.RECRUIT, "recruit cards, play events, or say you are done", recruit_candidates, {
        Recruit: (do_recruit, recruit_problem),
        Summon: (do_summon, summon_problem),
        Recall: (do_recall, recall_problem),
        PlayEvent: (cardplay.do_main_event, cardplay.main_event_problem),
        Done: (phase_actions.done, None),
    })


@pending.explain(Recruit, Summon, Recall)
def _explain(game, state, action):
    return refuse(R.RECRUIT, "cards are put into play only in your own part of the Recruit Phase")


__all__ = ["attach_targets", "gear_problem", "mastermind_problem", "recruit_problem", "vessel_of", "where_is"]
