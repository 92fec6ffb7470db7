"""Event cards: when each can be played, on what, and what it does.

The rulebook says events "may be used" to change rolls but not, in general, when
an event is played.  Our reading ("events", "events.responses"):

* cards that draw, look, search, take control, wound, send home or bring tokens
  are played in their owner's part of the Recruit Phase;
* Track bonuses are played by the Heroes in the Intercept Phase, before the
  rolls they help; Track penalties by the Villains, in answer to a Track Roll;
* Fight bonuses are played by the Heroes in the Attack Phase (before an attack
  or between its rolls) and in answer to an Assassin Roll against one of them
  (Gentleman's Club only there); by the Villains in the Assassin Phase, and in
  answer to a Combat or Showdown Roll against one of theirs;
* mobs (Rabble tokens) in the Assassin Phase; escapes right after a Showdown Roll.

A bonus lasts to the end of the turn (a :class:`~explorer.victorian.state.Mod`);
an event card goes to its owner's discard pile as it is played.  Each event
effect registers two hooks (:mod:`explorer.victorian.effects`): ``targets`` (the
ways the card can be played in a window) and ``play`` (what it does).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple

from ..core.engine import Chance, IllegalAction
from ..core.events import Event, RuleRef
from . import sections as R
from .actions import PlayEvent
from .cards import Card
from .decisions import is_name, offered, refuse
from .draw import queue_draw
from .effects import EFFECTS, hook, param
from .reports import private, public
from .sides import title
from .state import HEROES, VILLAINS, Mod, Phase, RollSpec, VicState, other, put
from .units import (can_track, has_trait, is_mastermind, make_tokens, masterminds, return_to_hand, take_control,
                    unit_on, with_trait)
from .words import agreeing, article, counted, pronoun
from .zones import discard_from_hand, expose_hand, remove_card, take_from_deck, to_hand

if TYPE_CHECKING:
    from .game import VictorianGame


class Window(NamedTuple):
    """A moment when events may be played: ``kind`` main (a side's own part of
    ``phase``), respond (answering ``roll`` before it is made), fighting (a hero
    between two rolls of his attack, ``roll`` naming him) or escape (after a
    Showdown Roll)."""

    kind: str
    phase: Phase | None = None
    roll: RollSpec | None = None


#: The window of each phase's own part, made once (the candidates of every step of a phase ask for it).
MAIN_WINDOWS = {phase: Window("main", phase) for phase in Phase}


def roll_window(kind: str, roll: RollSpec) -> Window:
    """``Window(kind, roll=roll)``: the moment to answer ``roll`` (respond), between two rolls
    of an attack (fighting) or after a Showdown Roll (escape); built directly, as a roll
    declared at most steps of an attack or a send asks whether it may be answered."""
    return _new(Window, (kind, None, roll))


_new = tuple.__new__
assert Window._fields == ("kind", "phase", "roll")  # (built by position above)

#: The effects played in a side's part of the Recruit Phase.
MAIN_EFFECTS = frozenset({"draw", "search", "recover", "look_hand", "tokens", "control", "wound", "return_to_hand",
                          "random_discard"})


def card_rule(card: Card) -> RuleRef:
    return R.HERO_CARDS if card.side == "heroes" else R.VILLAIN_CARDS


def when(card: Card) -> str:
    """When ``card`` may be played, in words (for refusals)."""
    e, p = card.effect, card.params
    if e in MAIN_EFFECTS:
        return "in your own part of the Recruit Phase"
    if e == "mob":
        return "by the Villains in the Assassin Phase"
    if e == "negate_showdown":
        return "right after a Showdown Roll"
    if e == "track_bonus":
        return "in answer to a hero's Track Roll" if p.against else "by the Heroes in the Intercept Phase"
    if e == "fight_bonus":
        if p.phase == "assassin":
            return "in answer to an Assassin Roll against one of your heroes"
        if card.side == "heroes":
            return "in the Attack Phase, or in answer to an Assassin Roll against one of your heroes"
        return "in the Assassin Phase, or in answer to a Combat or Showdown Roll against one of your units"
    return "never"


def usable(card: Card, window: Window, side: int) -> bool:
    """Whether ``card`` (an event of ``side``) may be played in ``window``."""
    e, p = card.effect, card.params
    kind = window.kind
    if kind == "main":
        rule = _MAIN_USE.get(window.phase)
        return rule is not None and rule(e, p)
    if kind == "fighting":
        return e == "fight_bonus" and p.phase == "any"
    if kind == "respond":
        roll = window.roll
        if roll.kind == "track":
            return e == "track_bonus" and p.against
        if roll.kind == "assassin":
            return e == "fight_bonus"
        return e == "fight_bonus" and p.phase == "any"
    if kind == "escape":
        return e == "negate_showdown"
    return False


#: what may be played in a side's own part of each phase, as ``fn(effect, params)``, by phase (looked
#: up by the window's phase: a member named as ``Phase.RECRUIT`` is a slow class attribute to read)
_MAIN_USE = {
    Phase.RECRUIT: lambda e, p: e in MAIN_EFFECTS,
    Phase.INTERCEPT: lambda e, p: e == "track_bonus" and not p.against,
    Phase.ATTACK: lambda e, p: e == "fight_bonus" and p.phase == "any",
    Phase.ASSASSIN: lambda e, p: e == "mob" or e == "fight_bonus" and p.phase == "any",
}


#: the plays of an event card, built once per card and target (actions are frozen values: one object serves
#: every step)
_event = lru_cache(maxsize=4096)(PlayEvent)


def options(game: VictorianGame, state: VicState, side: int, window: Window) -> list[PlayEvent]:
    """Every way ``side`` can play one of its event cards in ``window``.  Whether a card
    may be played in a window reads the card and what of the window :func:`usable` reads
    (its kind, a main window's phase, an answered roll's kind): the card's ``targets``
    hook (``None``: not playable then) is remembered by the game for those (finite)."""
    out: list[PlayEvent] = []
    kind, phase, roll = window  # (its fields in one read)
    use = (kind, phase, None if roll is None else roll.kind)
    known = game.event_plays.get(use)
    if known is None:
        known = game.event_plays[use] = {}
    for card in game.distinct_cards(state.sides[side].hand):
        if card.type == "E":
            targets = known.get(card.name, usable)
            if targets is usable:  # (not asked yet: ``usable`` marks a miss)
                targets = known[card.name] = (EFFECTS[card.effect].hook("targets") if usable(card, window, side)
                                              else None)
            if targets is not None:
                out += targets(game, state, side, card, window)
    return out


def event_problem(game: VictorianGame, state: VicState, side: int, action: PlayEvent,
                  window: Window) -> IllegalAction | None:
    """Why ``action`` may not be played now (``None``: it may)."""
    name = action.card
    if not is_name(name) or name not in state.sides[side].hand:
        return refuse(R.EVENTS, f"{name!r} is not in {title(side)}' hand")
    card = game.card(name)
    if card.type != "E":
        return refuse(R.EVENTS, f"{name} is {article(card.kind)} {card.kind}, not an event: put it into play in the "
                                "Recruit Phase")
    if not usable(card, window, side):
        return refuse(R.EVENTS, f"{name} is played {when(card)}, not now")
    legal = EFFECTS[card.effect].hook("targets")(game, state, side, card, window)
    if action not in legal:
        if not legal:
            return refuse(card_rule(card), f"{name} has nothing to be played on now")
        shown = ", ".join(str(a) for a in legal[:6]) + (" ..." if len(legal) > 6 else "")
        return refuse(card_rule(card), f"{name} cannot be played that way now (it can be: {shown})")
    return None


def play(game: VictorianGame, state: VicState, side: int, action: PlayEvent, window: Window, chance: Chance,
         events: list[Event] | None) -> VicState:
    """Play the event (legal): to the discard pile, then its effect."""
    card = game.card(action.card)
    state = put(state, side, discard_from_hand(state.sides[side], action.card))
    return EFFECTS[card.effect].hook("play")(game, state, side, card, action, window, chance, events)


# -- the Recruit Phase's events (registered by recruit.py) -------------------------------------------

def main_event_problem(game, state, item, action: PlayEvent):
    return event_problem(game, state, item.side, action, MAIN_WINDOWS[item.phase])


def do_main_event(game, state, item, action: PlayEvent, chance, events):
    return play(game, state, item.side, action, MAIN_WINDOWS[item.phase], chance, events)


# -- bonuses and penalties ------------------------------------------------------------------------------

def _bonus_targets(game, state, side, card: Card, window: Window) -> list[PlayEvent]:
    """The plays of a Track or Fight bonus (or penalty) card in ``window``: the ``targets`` rule of
    both effects, the stat read from the card's own effect (its hook is found by that effect)."""
    stat = "track" if card.effect == "track_bonus" else "fight"
    p = card.params
    against = param(p, "against", False)
    if window.kind == "respond":
        roll = window.roll
        on = roll.actor if roll.kind in ("track",) else roll.target
        target_side = other(side) if against else side
        u = unit_on(state, target_side, on)
        if u is None or p.needs and not has_trait(game, u, *p.needs):
            return []
        if p.all:
            return [_event(card.name)]
        return [_event(card.name, on)]
    if window.kind == "fighting":
        u = unit_on(state, side, window.roll.actor)
        if u is None or p.needs and not has_trait(game, u, *p.needs):
            return []
        return [_event(card.name)] if p.all else [_event(card.name, u.uid)]
    units = state.sides[other(side) if against else side].units
    needs = p.needs
    if needs and "Vehicle" not in needs:  # the cards with one of them (tokens have no traits), as the game keeps them
        units = with_trait(game, units, *needs)
    elif needs:  # (a token riding a Vehicle counts as one)
        units = [u for u in units if has_trait(game, u, *needs)]
    fits = []  # (loops here: a comprehension costs a call)
    for u in units:
        if stat != "track" or can_track(game, u):
            fits.append(u.uid)
    if not fits:
        return fits
    if p.all:
        return [_event(card.name)]
    plays = []
    for uid in fits:
        plays.append(offered(game, PlayEvent, card.name, uid))
    return plays


def _bonus_play(stat: str):
    def play_bonus(game, state, side, card: Card, action: PlayEvent, window, chance, events):
        p = card.params
        against = param(p, "against", False)
        to = other(side) if against else side
        rule = card_rule(card)
        word = "Fight" if stat == "fight" else "Track"
        phase = param(p, "phase", "any")
        span = "in this Assassin Phase" if phase == "assassin" else "this turn"
        if action.target is None:
            mod = Mod(to, None, stat, p.amount, card.name, rule.section, tuple(p.needs), phase)
            who = f"every {' or '.join(p.needs)} of {title(to)}" if p.needs else f"every unit of {title(to)}"
        else:
            mod = Mod(to, action.target, stat, p.amount, card.name, rule.section, (), phase)
            who = action.target
        if events is not None:
            events.append(public(rule, f"{title(side)} play {card.name}: {who} {word} {p.amount:+d} {span}",
                                 card=card.name, target=action.target, stat=stat, value=p.amount))
        return state._replace(mods=state.mods + (mod,))
    return play_bonus


hook("track_bonus", "targets")(_bonus_targets)
hook("fight_bonus", "targets")(_bonus_targets)
hook("track_bonus", "play")(_bonus_play("track"))
hook("fight_bonus", "play")(_bonus_play("fight"))


# -- cards, hands and decks ------------------------------------------------------------------------------

@hook("draw", "targets")
def _draw_targets(game, state, side, card, window):
    return [_event(card.name)]


@hook("draw", "play")
def _draw_play(game, state, side, card, action, window, chance, events):
    if events is not None:
        events.append(public(card_rule(card), f"{title(side)} play {card.name}: they draw "
                             f"{counted(card.params.count, 'card')}", card=card.name))
    return queue_draw(state, side, card.params.count, card_rule(card))


def search_choices(game: VictorianGame, state: VicState, side: int, types) -> tuple[str, ...]:
    """The distinct cards of ``types`` in ``side``'s deck (remembered by the game
    for the last few deck objects: a deck that did not change is the same object,
    and a hand holding a search card offers it at every step); each card's type is read
    from the game's ``label_types``, kept per name (a finite set)."""
    deck = state.sides[side].deck
    known = game.deck_choices
    key = (id(deck), types)
    hit = known.get(key)
    if hit is not None and hit[0] is deck:
        return hit[1]
    kinds = game.label_types
    listed = []  # (in a loop: a comprehension costs a call)
    for c in dict.fromkeys(deck.contents()):
        kind = kinds.get(c)
        if kind is None:
            kind = kinds[c] = game.label_type(c)
        if kind in types:
            listed.append(c)
    found = tuple(listed)
    if len(known) > 64:
        known.clear()
    known[key] = (deck, found)
    return found


def take_into_hand(game, state, side, name: str, rule: RuleRef, how: str, events) -> VicState:
    """A searched card from the deck into the hand (the deck is shuffled after)."""
    s = state.sides[side]
    s = to_hand(s._replace(deck=take_from_deck(s.deck, name)), name, seen=True)
    if events is not None:
        events.append(public(rule, f"{title(side)} {how} {name} from their deck into their hand",
                             side=side, card=name))
    return put(state, side, s)


@hook("search", "targets")
def _search_targets(game, state, side, card, window):
    return [_event(card.name, name) for name in search_choices(game, state, side, card.params.types)]


@hook("search", "play")
def _search_play(game, state, side, card, action, window, chance, events):
    return take_into_hand(game, state, side, action.target, card_rule(card), f"play {card.name} and take", events)


@hook("recover", "targets")
def _recover_targets(game, state, side, card, window):
    pile = state.sides[side].discard
    return [_event(card.name, name) for name in dict.fromkeys(pile)
            if name != card.name and game.label_type(name) in card.params.types]


@hook("recover", "play")
def _recover_play(game, state, side, card, action, window, chance, events):
    s = state.sides[side]
    s = to_hand(s._replace(discard=remove_card(s.discard, action.target)), action.target, seen=True)
    if events is not None:
        events.append(public(card_rule(card), f"{title(side)} play {card.name}: {action.target} comes back "
                             "from the discard pile to their hand", card=card.name, target=action.target))
    return put(state, side, s)


def look_at_hand(game, state, side, rule: RuleRef, why: str, events) -> VicState:
    """``side`` looks at the opponent's hand."""
    opp = other(side)
    hand = state.sides[opp].hand
    if events is not None:
        events.append(public(rule, f"{title(side)} look at {title(opp)}' hand ({why})", looker=side))
        events.append(private(side, rule, f"{title(opp)}' hand: {', '.join(hand) or 'empty'}",
                              looker=side, cards=tuple(hand)))
    return put(state, opp, expose_hand(state.sides[opp]))


@hook("look_hand", "targets")
def _look_targets(game, state, side, card, window):
    return [_event(card.name)]


@hook("look_hand", "play")
def _look_play(game, state, side, card, action, window, chance, events):
    return look_at_hand(game, state, side, card_rule(card), card.name, events)


@hook("random_discard", "targets")
def _sabotage_targets(game, state, side, card, window):
    return [_event(card.name)] if state.sides[other(side)].hand else []


@hook("random_discard", "play")
def _sabotage_play(game, state, side, card, action, window, chance, events):
    from ..core.deck import Multiset

    opp = other(side)
    s = state.sides[opp]
    k = min(card.params.count, len(s.hand))
    drawn = chance.roll(Multiset.of(s.hand).draw(k))
    for name in drawn.cards:
        s = discard_from_hand(s, name)
    if events is not None:
        events.append(public(card_rule(card), f"{title(side)} play {card.name}: {title(opp)} discard "
                             f"{', '.join(drawn.cards)} at random", card=card.name, discarded=tuple(drawn.cards)))
    return put(state, opp, s)


# -- units ------------------------------------------------------------------------------------------------

def control_targets(game: VictorianGame, state: VicState, taker: int) -> tuple[str, ...]:
    """The opposing characters ``taker`` could gain control of (never a Mastermind)."""
    found = []  # (in a loop: a comprehension costs a call)
    for u in state.sides[other(taker)].units:
        if not u.token and not is_mastermind(game, u):
            found.append(u.uid)
    return tuple(found)


def control_homes(game: VictorianGame, state: VicState, taker: int) -> tuple[str | None, ...]:
    """Where a character taken by ``taker`` may go: for the Villains one of their
    Masterminds (not the Martians, who take no minor characters)."""
    if taker == HEROES:
        return (None,)
    from .units import is_martian

    found = []  # (in a loop: a comprehension costs a call)
    for m in masterminds(game, state.sides[VILLAINS]):
        if not is_martian(game, m):
            found.append(m.uid)
    return tuple(found)


def gain_control(game, state, taker: int, target: str, onto: str | None, rule: RuleRef, why: str, events) -> VicState:
    state = take_control(game, state, taker, target, onto)
    p = pronoun(game, unit_on(state, taker, target))
    if events is not None:
        events.append(public(R.CONTROL, f"{title(taker)} gain control of {target} ({why})"
                             + (f": {p.he} joins {onto}" if onto else ""), taker=taker, target=target, onto=onto,
                             cause=rule.section))
    return state


@hook("control", "targets")
def _control_targets(game, state, side, card, window):
    homes = control_homes(game, state, side)
    plays = []  # (in loops: a comprehension costs a call)
    for t in control_targets(game, state, side):
        for h in homes:
            plays.append(_event(card.name, t, h))
    return plays


@hook("control", "play")
def _control_play(game, state, side, card, action, window, chance, events):
    return gain_control(game, state, side, action.target, action.onto, card_rule(card), card.name, events)


@hook("tokens", "targets")
def _tokens_targets(game, state, side, card, window):
    if side == HEROES:
        return [_event(card.name)]
    return [_event(card.name, None, m.uid) for m in masterminds(game, state.sides[VILLAINS])]


@hook("tokens", "play")
def _tokens_play(game, state, side, card, action, window, chance, events):
    state, made = make_tokens(game, state, side, card.params.token, card.params.count, action.onto)
    if events is not None:
        events.append(public(card_rule(card), f"{title(side)} play {card.name}: "
                             f"{counted(len(made), card.params.token + ' token')} {agreeing(len(made), 'come')} into play"
                             + (f" on {action.onto}" if action.onto else ""),
                             card=card.name, tokens=tuple(made), onto=action.onto))
    return state


@hook("mob", "targets")
def _mob_targets(game, state, side, card, window):
    if not state.sides[other(side)].units:
        return []
    return [_event(card.name, None, m.uid) for m in masterminds(game, state.sides[side])]


@hook("mob", "play")
def _mob_play(game, state, side, card, action, window, chance, events):
    state, made = make_tokens(game, state, side, card.params.token, card.params.count, action.onto, mob=True)
    if events is not None:
        events.append(public(R.ASSASSIN, f"{title(side)} play {card.name}: "
                             f"{counted(len(made), card.params.token + ' token')} {agreeing(len(made), 'join')} "
                             f"{action.onto} and must attack now", card=card.name,
                             tokens=tuple(made), onto=action.onto))
    return state


@hook("wound", "targets")
def _wound_targets(game, state, side, card, window):
    return [_event(card.name, u.uid) for u in state.sides[other(side)].units]


@hook("wound", "play")
def _wound_play(game, state, side, card, action, window, chance, events):
    from .wounds import wound

    if events is not None:
        events.append(public(card_rule(card), f"{title(side)} play {card.name} on {action.target}",
                             card=card.name, target=action.target))
    return wound(game, state, other(side), action.target, card_rule(card), events)


@hook("return_to_hand", "targets")
def _scandal_targets(game, state, side, card, window):
    return [_event(card.name, u.uid) for u in state.sides[other(side)].units
            if not u.token and not is_mastermind(game, u)]


@hook("return_to_hand", "play")
def _scandal_play(game, state, side, card, action, window, chance, events):
    p = pronoun(game, unit_on(state, other(side), action.target))
    if events is not None:
        events.append(public(card_rule(card), f"{title(side)} play {card.name}: {action.target} goes back to "
                             f"{p.his} owner's hand, and what was attached to {p.him} is discarded", card=card.name,
                             target=action.target))
    return return_to_hand(game, state, other(side), action.target)


@hook("negate_showdown", "targets")
def _escape_targets(game, state, side, card, window):
    return [_event(card.name)]


@hook("negate_showdown", "play")
def _escape_play(game, state, side, card, action, window, chance, events):
    if events is not None:
        events.append(public(card_rule(card), f"{title(side)} play {card.name}: the Showdown Roll does "
                             "nothing", card=card.name))
    return state


def holds_answer(game: VictorianGame, state: VicState, side: int, window: Window) -> bool:
    """Whether ``side`` has an event it could play in ``window`` (a response window
    opens only then, unless the rules option ``always_offer_responses`` is on)."""
    return game.rules.always_offer_responses or bool(options(game, state, side, window))


__all__ = ["MAIN_EFFECTS", "MAIN_WINDOWS", "Window", "control_homes", "control_targets", "do_main_event",
           "event_problem", "gain_control", "holds_answer", "look_at_hand", "main_event_problem", "options", "play",
           "search_choices", "take_into_hand", "usable", "when"]
