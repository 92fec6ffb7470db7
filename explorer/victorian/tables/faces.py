"""The 1D6 tables (Plot Table, Invention Table, Villain Table) and what their
results do.

A :class:`~explorer.victorian.state.TableRoll` rolls 1D6 for a card and applies
the face's registered effect (its ``rolled`` hook, :mod:`explorer.victorian.effects`;
the faces and their parameters are in ``data/victorian/tables.toml``).  A result
that needs a choice queues a :class:`~explorer.victorian.state.Choose` for the
side that makes it: the opponent picks the card he discards ("Analysis",
"Neutralize"); the roller picks the deck to look into, the card to search for,
the character to take, the unit to build for, the plot to push.  A result that
has nothing to act on does nothing.  The Intercept Phase's Foiled result uses
the same kind of choice (which plot to discard).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ...core.dist import d6
from ...core.engine import Chance, Decision
from ...core.events import Event, RuleRef
from .. import cardplay, pending
from .. import sections as R
from ..actions import Blueprint, Control, Discard, Foil, LookAt, Mark, Take, Wheels
from ..decisions import choice, forced, refuse
from ..draw import queue_draw, rule
from ..effects import EFFECTS, hook
from ..reports import public
from ..sides import title
from ..state import SIDES, VILLAINS, Choose, Reveal, TableRoll, VicState, other, pop, push, put
from ..units import discard_plot, make_tokens, replace_unit, unit_on
from ..words import agreeing, counted, said
from ..zones import discard_from_hand, take_from_deck

if TYPE_CHECKING:
    from ..game import VictorianGame

TABLE_RULES = {"plot_table": R.PLOT_TABLE, "invention_table": R.INVENTION_TABLE, "villain_table": R.VILLAIN_TABLE}
TABLE_NAMES = {"plot_table": "the Plot Table", "invention_table": "the Invention Table",
               "villain_table": "the Villain Table"}


def source_here(state: VicState, side: int, source: str) -> bool:
    """Whether the card that is to roll is still in play on ``side``."""
    s = state.sides[side]
    if s.unit(source) is not None:
        return True
    for loc in s.locations:
        if loc.uid == source:
            return True
    return False


def decision(game: VictorianGame, state: VicState, item: TableRoll) -> Decision:
    from ..actions import Roll

    return forced(Roll(), TABLE_RULES[item.table], f"{item.source} rolls on {TABLE_NAMES[item.table]}")


def do_table_roll(game: VictorianGame, state: VicState, item: TableRoll, action: Any, chance: Chance,
                  events: list[Event] | None) -> VicState:
    state = pop(state)
    rule = TABLE_RULES[item.table]
    if not source_here(state, item.side, item.source):
        if events is not None:
            events.append(public(rule, f"{item.source} is no longer in play for {title(item.side)}: no roll"))
        return state
    roll = chance.roll(d6)
    face = getattr(game.tables, item.table).face(roll)
    if events is not None:
        events.append(public(rule, f"{item.source} rolls {roll} on {TABLE_NAMES[item.table]}: {face.title}",
                             source=item.source, table=item.table, roll=roll, result=face.title))
    return EFFECTS[face.effect].hook("rolled")(game, state, item.side, item.source, face.params, rule, chance, events)


pending.item(TableRoll, decision, None, Roll=do_table_roll)


# -- the effects ------------------------------------------------------------------------------------------

def nothing(events: list[Event] | None, rule: RuleRef, text: str) -> None:
    if events is not None:
        events.append(public(rule, text))


@hook("nothing", "rolled")
def _nothing(game, state, side, source, params, rule, chance, events):
    nothing(events, rule, "nothing comes of it")
    return state


@hook("draw", "rolled")
def _draw(game, state, side, source, params, rule, chance, events):
    return queue_draw(state, side, params.count, rule)


@hook("look_hand", "rolled")
def _look(game, state, side, source, params, rule, chance, events):
    return cardplay.look_at_hand(game, state, side, rule, source, events)


@hook("opponent_discards", "rolled")
def _discards(game, state, side, source, params, rule, chance, events):
    opp = other(side)
    if not state.sides[opp].hand:
        nothing(events, rule, f"{title(opp)} have no cards in hand to discard")
        return state
    return push(state, Choose(opp, "discard", source, rule.section, params.count))


@hook("look_deck", "rolled")
def _look_deck(game, state, side, source, params, rule, chance, events):
    if params.either:
        return push(state, Choose(side, "look_deck", source, rule.section, params.cards))
    return push(state, Reveal(side, side, params.cards, rule.section))


@hook("control", "rolled")
def _control(game, state, side, source, params, rule, chance, events):
    home = home_of(state, side, source)
    if side == VILLAINS and home is None:
        nothing(events, rule, f"{source} has no Mastermind to bring a character to")
        return state
    if side == VILLAINS and home not in cardplay.control_homes(game, state, side):
        nothing(events, rule, f"{home} takes no minor characters (the Martians)")
        return state
    if not cardplay.control_targets(game, state, side):
        nothing(events, rule, f"{title(other(side))} have no character to take")
        return state
    return push(state, Choose(side, "control", source, rule.section, extra=home))


def home_of(state: VicState, side: int, source: str) -> str | None:
    """The Mastermind a card of the Villains works for: himself, or the Mastermind
    a minion or Location hangs on."""
    if side != VILLAINS:
        return None
    s = state.sides[side]
    for u in s.units:
        if u.uid == source:
            return u.uid if u.master is None else u.master
    for loc in s.locations:
        if loc.uid == source:
            return loc.master
    return None


@hook("search", "rolled")
def _search(game, state, side, source, params, rule, chance, events):
    if not cardplay.search_choices(game, state, side, params.types):
        nothing(events, rule, f"{title(side)} have no such card left in their deck")
        return state
    return push(state, Choose(side, "search", source, rule.section, extra=tuple(params.types)))


@hook("build", "rolled")
def _build(game, state, side, source, params, rule, chance, events):
    if not state.sides[side].units:
        nothing(events, rule, f"{title(side)} have no unit to build for")
        return state
    return push(state, Choose(side, "build", source, rule.section, params.markers))


#: the blueprints of a card, built once per card and unit (actions are frozen values: one object serves every step)
_blueprint = lru_cache(maxsize=4096)(Blueprint)


def blueprint_options(game, state, side, types) -> tuple[Blueprint, ...]:
    from ..recruit import attach_targets

    out = []
    for card in cardplay.search_choices(game, state, side, types):
        for uid in attach_targets(game, state, side, card):  # (a loop: a comprehension costs a call)
            out.append(_blueprint(card, uid))
    return tuple(out)


def has_blueprint(game, state, side, types) -> bool:
    """Whether :func:`blueprint_options` offers anything (without making them)."""
    from ..recruit import attach_targets

    for card in cardplay.search_choices(game, state, side, types):
        if attach_targets(game, state, side, card):
            return True
    return False


@hook("blueprints", "rolled")
def _blueprints(game, state, side, source, params, rule, chance, events):
    if not has_blueprint(game, state, side, params.types):
        nothing(events, rule, "no Vehicle or Weapon in the deck that one of the units could take")
        return state
    return push(state, Choose(side, "blueprints", source, rule.section, extra=tuple(params.types)))


@hook("explosion", "rolled")
def _explosion(game, state, side, source, params, rule, chance, events):
    s = state.sides[side]
    for loc in s.locations:
        if loc.uid == source:
            until = state.turn + game.rules.lockout_turns
            locs = tuple([x._replace(shut_until=until) if x.uid == source else x for x in s.locations])
            if events is not None:
                events.append(public(R.LAB_EXPLOSION, f"the lab at {source} explodes: it may not roll on the Invention "
                                     f"Table until turn {until + 1}", source=source, shut_until=until))
            return put(state, side, s._replace(locations=locs))
    from ..wounds import wound

    if events is not None:
        events.append(public(R.LAB_EXPLOSION, f"the lab explodes in {source}'s face", source=source))
    return wound(game, state, side, source, R.LAB_EXPLOSION, events)


@hook("hirelings", "rolled")
def _hirelings(game, state, side, source, params, rule, chance, events):
    u = unit_on(state, side, source)
    card = game.card(u.card)
    kind = card.params.token if card.effect == "generate" else "Hireling"
    state, made = make_tokens(game, state, side, kind, params.count, source if side == VILLAINS else None)
    if events is not None:
        events.append(public(rule, f"{counted(len(made), kind + ' token')} {agreeing(len(made), 'join')} {source}",
                             tokens=tuple(made), master=source))
    return state


@hook("wheels", "rolled")
def _wheels(game, state, side, source, params, rule, chance, events):
    if not state.sides[side].plots:
        return queue_draw(state, side, params.count, rule)
    return push(state, Choose(side, "wheels", source, rule.section, params.count))


# -- the choices -------------------------------------------------------------------------------------------

def choose_options(game: VictorianGame, state: VicState, item: Choose) -> tuple[Any, ...]:
    side, what = item.side, item.what
    s = state.sides[side]
    if what == "discard":
        return tuple([Discard(c) for c in dict.fromkeys(s.hand)])
    if what == "look_deck":
        return tuple([LookAt(name) for name in SIDES])
    if what == "search":
        return tuple([Take(c) for c in cardplay.search_choices(game, state, side, item.extra)])
    if what == "control":
        return tuple([Control(t) for t in cardplay.control_targets(game, state, side)])
    if what == "build":
        return tuple([Mark(u.uid) for u in s.units])
    if what == "blueprints":
        return blueprint_options(game, state, side, item.extra)
    if what == "wheels":
        return (Wheels(None),) + tuple(Wheels(p.uid) for p in s.plots)
    if what == "foil":
        return tuple(Foil(p.uid) for p in state.sides[VILLAINS].plots if p.master == item.source)
    raise AssertionError(what)


PROMPTS = {
    "discard": "choose a card to discard",
    "look_deck": "whose deck to look into",
    "search": "choose the card to take from your deck",
    "control": "choose the character to take",
    "build": "choose the unit that gets the Invention marker",
    "blueprints": "choose the Vehicle or Weapon and the unit it goes on",
    "wheels": "draw a card, or put a Plot counter on a plot",
    "foil": "choose the plot card to discard",
}


def choose_decision(game: VictorianGame, state: VicState, item: Choose) -> Decision:
    return choice(item.side, choose_options(game, state, item), rule(item.rule),
                  f"{PROMPTS[item.what]} ({item.source})")


def _rule(item: Choose) -> RuleRef:
    return rule(item.rule)


def do_discard(game, state, item: Choose, action: Discard, chance, events):
    state = pop(state)
    s = discard_from_hand(state.sides[item.side], action.card)
    if events is not None:
        events.append(public(_rule(item), f"{title(item.side)} discard {action.card}", card=action.card))
    state = put(state, item.side, s)
    if item.count > 1 and s.hand:
        state = push(state, item._replace(count=item.count - 1))
    return state


def do_look_at(game, state, item: Choose, action: LookAt, chance, events):
    owner = SIDES.index(action.side)
    return pop(state, Reveal(item.side, owner, item.count, item.rule))


def do_take(game, state, item: Choose, action: Take, chance, events):
    return cardplay.take_into_hand(game, pop(state), item.side, action.card, _rule(item), "take", events)


def do_control(game, state, item: Choose, action: Control, chance, events):
    return cardplay.gain_control(game, pop(state), item.side, action.target, item.extra, _rule(item), item.source,
                                 events)


def do_mark(game, state, item: Choose, action: Mark, chance, events):
    state = pop(state)
    u = unit_on(state, item.side, action.unit)
    state = replace_unit(state, item.side, u._replace(markers=u.markers + item.count))
    if events is not None:
        events.append(public(_rule(item), f"{item.source} builds: {action.unit} gets "
                                          f"{counted(item.count, 'Invention marker')} "
                             f"(Fight +{item.count * game.rules.marker_fight})", unit=action.unit))
    return state


def do_blueprint(game, state, item: Choose, action: Blueprint, chance, events):
    state = pop(state)
    s = state.sides[item.side]
    state = put(state, item.side, s._replace(deck=take_from_deck(s.deck, action.card)))
    u = unit_on(state, item.side, action.onto)
    state = replace_unit(state, item.side, u._replace(gear=u.gear + (action.card,)))
    if events is not None:
        events.append(public(_rule(item), f"{item.source} builds {action.card} from the deck for {action.onto}",
                             card=action.card, onto=action.onto))
    return state


def do_wheels(game, state, item: Choose, action: Wheels, chance, events):
    state = pop(state)
    if action.plot is None:
        return queue_draw(state, item.side, item.count, _rule(item))
    from ..plot import add_counters

    return add_counters(game, state, action.plot, item.count, _rule(item), events)


def do_foil(game, state, item: Choose, action: Foil, chance, events):
    state = pop(state)
    plot = next(p for p in state.sides[VILLAINS].plots if p.uid == action.plot)
    if events is not None:
        events.append(public(R.FOILED, f"the Heroes foil {action.plot}: it is discarded", plot=action.plot))
    return discard_plot(game, state, VILLAINS, plot)


def choose_why_not(game, state, item: Choose, action):
    return refuse(_rule(item), f"{said(state, action)} is not one of the choices now ({PROMPTS[item.what]})")


pending.item(Choose, choose_decision, choose_why_not, Discard=do_discard, LookAt=do_look_at, Take=do_take,
             Control=do_control, Mark=do_mark, Blueprint=do_blueprint, Wheels=do_wheels, Foil=do_foil)


@pending.explain(Discard, LookAt, Take, Control, Mark, Blueprint, Wheels, Foil)
def _explain(game, state, action):
    return refuse(R.TRAITS, f"{said(state, action)} answers a choice a table result asks for, and none is waiting")


__all__ = ["TABLE_NAMES", "TABLE_RULES", "blueprint_options", "choose_options", "home_of", "source_here"]
