"""Units in play: what they are, their Fight and Track with every term that makes
them up, and what happens when one is wounded, killed, taken or sent home.

"Explain this number": :func:`fight_terms` and :func:`track_terms` give a unit's
Fight or Track as a tuple of :class:`~explorer.victorian.state.Term` s (the card's
own value, each weapon and vehicle, Invention markers, Wound counters, event
cards played this turn, Holy against an Immortal, an assassin's bonus), each
naming its card and its rule section; a roll adds them up and logs them.

Wounds ("WOUND COUNTERS"): each counter costs Fight; a unit with a Wound counter
whose Fight (its own, its gear's and its markers', less its wounds) is zero or
less is killed, whatever took the Fight (:func:`explorer.victorian.wounds.fall`).
A unit printed with Fight 0 is not killed for it until it is wounded (see the register, "zero-fight").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import sections as R
from .cards import Card
from .state import HEROES, VILLAINS, Location, Plot, Side, Term, Unit, VicState, put, total
from .words import counted
from .zones import to_discard, to_hand

if TYPE_CHECKING:
    from .game import VictorianGame


# -- what a unit is --------------------------------------------------------------------------------



_NO_TRAITS: frozenset[str] = frozenset()


def traits(game: VictorianGame, u: Unit) -> frozenset[str]:
    return _NO_TRAITS if u.token else game.card(u.card).traits


def has_trait(game: VictorianGame, u: Unit, *wanted: str) -> bool:
    """Whether ``u`` has one of ``wanted``; "Vehicle" also holds for a unit that rides one."""
    t = _NO_TRAITS if u.token else game.card(u.card).traits
    for w in wanted:
        if w in t:
            return True
        if w == "Vehicle" and rides_vehicle(game, u):
            return True
    return False


def rides_vehicle(game: VictorianGame, u: Unit) -> bool:
    card = game.card
    for g in u.gear:
        if card(g).type == "V":
            return True
    return False


def is_vehicle(game: VictorianGame, u: Unit) -> bool:
    """A unit that is a Vehicle (the Tank) or rides one (see "Vehicle")."""
    return has_trait(game, u, "Vehicle")


def is_mastermind(game: VictorianGame, u: Unit) -> bool:
    return not u.token and game.card(u.card).type == "M"


def is_major(game: VictorianGame, side: int, u: Unit) -> bool:
    """A major character ("VICTORY"): for the Heroes every character, for the
    Villains every Mastermind (see the register, "major-characters")."""
    if u.token:
        return False
    return side == HEROES or game.card(u.card).type == "M"


def with_trait(game: VictorianGame, units: tuple[Unit, ...], *wanted: str) -> tuple[Unit, ...]:
    """The units among ``units`` that are cards (not tokens) with one of ``wanted``
    (as :func:`has_trait` reads it), in play order.  Remembered by the game for the
    last few units tuples: the phases ask at every turn, and units that did not
    change are the same tuple.  A new tuple is read by card name: the names of the
    game's cards with one of ``wanted`` are found once (:func:`trait_cards`)."""
    known = game.trait_holders
    key = (id(units), wanted)
    hit = known.get(key)
    if hit is not None and hit[0] is units:
        return hit[1]
    if "Vehicle" in wanted:  # (riding one counts too)
        found = tuple([u for u in units if not u.token and has_trait(game, u, *wanted)])
    else:  # has_trait, read by name: a card's own traits (the name asked first: most units have none of them)
        names = trait_cards(game, wanted)
        holders = []  # (in a loop: a comprehension costs a call)
        for u in units:
            if u.card in names and not u.token:
                holders.append(u)
        found = tuple(holders)
    if len(known) > 64:
        known.clear()
    known[key] = (units, found)
    return found


def trait_cards(game: VictorianGame, wanted: tuple[str, ...]) -> frozenset[str]:
    """The names of the game's cards with one of the traits ``wanted`` (a card's own,
    not a Vehicle ridden).  Remembered by the game for each ``wanted`` the rules ask
    about (a few tuples written in the code: a finite set)."""
    names = game.trait_cards.get(wanted)
    if names is None:
        names = game.trait_cards[wanted] = frozenset([
            name for side in (HEROES, VILLAINS) for name, c in game.cards_of(side).items()
            if not c.traits.isdisjoint(wanted)])
    return names


def masterminds(game: VictorianGame, side: Side) -> tuple[Unit, ...]:
    """The Masterminds among ``side``'s units, in play order (remembered by the
    game for the last few units tuples: the rules ask at nearly every step, and
    units that did not change are the same tuple)."""
    units = side.units
    known = game.masterminds_of
    hit = known.get(id(units))
    if hit is not None and hit[0] is units:
        return hit[1]
    card = game.card
    listed = []  # (is_mastermind, inlined, in a loop: a comprehension costs a call)
    for u in units:
        if not u.token and card(u.card).type == "M":
            listed.append(u)
    found = tuple(listed)
    if len(known) > 16:
        known.clear()
    known[id(units)] = (units, found)
    return found


def minions_of(side: Side, master: str) -> tuple[Unit, ...]:
    """The minions attached to Mastermind ``master``, in play order (found in a loop: a
    comprehension costs a call, and the bots ask at most picks of an attack)."""
    found = []
    for u in side.units:
        if u.master == master:
            found.append(u)
    return tuple(found)


def is_martian(game: VictorianGame, u: Unit) -> bool:
    return not u.token and "Martian" in game.card(u.card).traits


def noncombatant(game: VictorianGame, u: Unit) -> bool:
    return not u.token and game.card(u.card).effect == "noncombatant"


def can_track(game: VictorianGame, u: Unit) -> bool:
    """May make a Track Roll (a hero-side unit that is not a noncombatant; a token
    only when the rules option lets tokens track)."""
    if u.token:
        return game.rules.tokens_track_and_attack
    return game.card(u.card).effect != "noncombatant"  # (noncombatant, read here: asked for every unit at every step)


can_attack = can_track  # the same units may attack (see the register, "hero-tokens")




# -- Fight and Track -----------------------------------------------------------------------------

def _card_rule(card: Card) -> str:
    return R.HERO_CARDS.section if card.side == "heroes" else R.VILLAIN_CARDS.section


def base_fight(game: VictorianGame, u: Unit) -> int:
    return game.tokens[u.card].fight if u.token else game.card(u.card).fight


def lasting_fight(game: VictorianGame, u: Unit) -> int:
    """Fight that lasts (own, gear, markers, less wounds): what decides if a wounded unit lives.
    It reads the unit's fields and the game's cards and rules alone: remembered by the game for
    the unit object itself (a unit that did not change is the same object; the bots ask at most picks)."""
    known = game.lasting_fights
    hit = known.get(id(u))
    if hit is not None and hit[0] is u:
        return hit[1]
    rules = game.rules
    card = game.card
    fight = game.tokens[u.card].fight if u.token else card(u.card).fight  # base_fight, inlined
    for g in u.gear:
        fight += card(g).fight
    fight += u.markers * rules.marker_fight - u.wounds * rules.wound_fight
    if len(known) > 1024:
        known.clear()
    known[id(u)] = (u, fight)
    return fight


# the terms of a Fight or Track (a card's own, its gear's, a modifier's) are built directly: the bots ask
# for new units' terms at most steps
assert Term._fields == ("label", "value", "card", "rule")


def _mods(game: VictorianGame, state: VicState, side: int, u: Unit, stat: str, assassin: bool) -> list[Term]:
    out = []
    for m in state.mods:
        if m.stat != stat or m.side != side:
            continue
        if m.phase == "assassin" and not assassin:
            continue
        if m.unit is None:
            if m.needs and not has_trait(game, u, *m.needs):
                continue
        elif m.unit != u.uid:
            continue
        out.append(_new(Term, (m.card or _MOD_LABELS.get(m.rule, m.rule), m.value, m.card, m.rule)))
    return out


_MOD_LABELS = {R.WRONG_TRACK.section: "On the Wrong Track", R.FACILITATOR.section: "a Facilitator's help"}


def _remember(memo: dict, key: Any, value: Any) -> Any:
    """Keep ``value`` in the game's ``memo`` (emptied now and then: it only saves work)."""
    if len(memo) > 8192:
        memo.clear()
    memo[key] = value
    return value


def fight_terms(game: VictorianGame, state: VicState, side: int, u: Unit, *, versus: Unit | None = None,
                assassin: bool = False, sent: bool = False) -> tuple[Term, ...]:
    """The terms of ``u``'s Fight now.  ``versus``: the unit he fights (Holy
    against an Immortal); ``assassin``: in the Assassin Phase (bonuses that count
    only there); ``sent``: ``u`` is the minion sent (an assassin's own bonus).

    They depend on nothing but the unit, the lasting modifiers and these
    arguments (the cards and rules are the game's): remembered by the game
    (``game.memo``), as the bots ask again and again while a unit stays the same."""
    key = ("fight", side, u, state.mods, versus, assassin, sent)
    terms = game.memo.get(key)
    if terms is None:
        terms = _remember(game.memo, key, _fight_terms(game, state, side, u, versus, assassin, sent))
    return terms


def _fight_terms(game: VictorianGame, state: VicState, side: int, u: Unit, versus: Unit | None, assassin: bool,
                 sent: bool) -> tuple[Term, ...]:
    rules = game.rules
    if u.token:
        kind = game.tokens[u.card]
        rule = R.MARTIANS.section if kind.fight != 1 and u.card == "Tripod" else R.TOKENS.section
        terms = [Term(f"{u.card} token", kind.fight, None, rule)]
    else:
        card = game.card(u.card)
        terms = [_new(Term, (f"{card.name}'s Fight", card.fight, card.name, _card_rule(card)))]
    for g in u.gear:
        gc = game.card(g)
        if gc.fight:
            terms.append(_new(Term, (g, gc.fight, g, R.ATTACH.section)))
    if u.markers and rules.marker_fight:
        terms.append(Term(counted(u.markers, "Invention marker"), u.markers * rules.marker_fight, None,
                          R.INVENTION_TABLE.section))
    if u.wounds:
        terms.append(Term(counted(u.wounds, "Wound counter"), -u.wounds * rules.wound_fight, None, R.WOUNDS.section))
    terms += _mods(game, state, side, u, "fight", assassin)
    if versus is not None and has_trait(game, u, "Holy") and has_trait(game, versus, "Immortal") and rules.holy_bonus:
        terms.append(Term(f"Holy against {versus.uid}, an Immortal", rules.holy_bonus, u.card, R.HOLY.section))
    if sent and not u.token:
        card = game.card(u.card)
        if card.effect == "assassin_bonus" and card.params.amount:
            terms.append(Term(f"{card.name} as an assassin", card.params.amount, card.name, R.ASSASSIN.section))
    return tuple(terms)


def fight(game: VictorianGame, state: VicState, side: int, u: Unit, *, versus: Unit | None = None,
          assassin: bool = False, sent: bool = False) -> int:
    """``u``'s Fight now: the sum of :func:`fight_terms`.  Remembered by the game
    for the unit and modifiers objects themselves (immutable, and the same
    objects while they do not change: no hashing of their contents); the unit he
    fights counts only through Holy against an Immortal, so the sum is remembered
    by whether that term is there, whoever he fights."""
    mods = state.mods
    # (has_trait for a trait other than "Vehicle", read here: a card's own traits, a token has none)
    card = game.card
    holy = (versus is not None and not u.token and "Holy" in card(u.card).traits and not versus.token
            and "Immortal" in card(versus.card).traits)
    key = (id(u), id(mods), side, holy, assassin, sent)
    known = game.fight_sums
    hit = known.get(key)
    if hit is not None and hit[0] is u and hit[1] is mods:
        return hit[2]
    if mods and _mods(game, state, side, u, "fight", assassin):
        value = total(fight_terms(game, state, side, u, versus=versus, assassin=assassin, sent=sent))
    else:
        # With no lasting modifier on his Fight now (none in play, or none :func:`_mods` counts for him)
        # the sum reads the unit's card, token, gear, markers and wounds alone, not which unit he is:
        # remembered by those values too, as a new token of a kind (the Minion Phase makes some every
        # turn) or a unit given gear fights as others did before him.
        alike = ("fight sum", u.card, u.token, u.gear, u.markers, u.wounds, side, holy, assassin, sent)
        value = game.memo.get(alike)
        if value is None:
            value = _remember(game.memo, alike, total(fight_terms(
                game, state, side, u, versus=versus, assassin=assassin, sent=sent)))
    if len(known) > 1024:
        known.clear()
    known[key] = (u, mods, value)
    return value


def track_terms(game: VictorianGame, state: VicState, side: int, u: Unit) -> tuple[Term, ...]:
    """The terms of ``u``'s Track bonus now (its own, gear, Locations such as the
    Museum, event cards, Wrong Tracks, a Facilitator's help, interrogations).
    Remembered by the game, as :func:`fight` is, for the objects they depend on
    (the unit, its side's Locations, the lasting modifiers) and the side's leads."""
    s = state.sides[side]
    mods, locations = state.mods, s.locations
    key = (id(u), id(mods), id(locations), s.leads, side)
    known = game.track_terms_of
    hit = known.get(key)
    if hit is not None and hit[0] is u and hit[1] is mods and hit[2] is locations:
        return hit[3]
    terms = _track_terms(game, state, side, u)
    if len(known) > 1024:
        known.clear()
    known[key] = (u, mods, locations, terms)
    return terms


def _track_terms(game: VictorianGame, state: VicState, side: int, u: Unit) -> tuple[Term, ...]:
    if u.token:
        terms = [Term(f"{u.card} token", 0, None, R.TOKENS.section)]
    else:
        card = game.card(u.card)
        terms = [_new(Term, (f"{card.name}'s Track", card.track, card.name, _card_rule(card)))]
    for g in u.gear:
        gc = game.card(g)
        if gc.track:
            terms.append(_new(Term, (g, gc.track, g, R.ATTACH.section)))
    for loc in state.sides[side].locations:
        lc = game.card(loc.card)
        if lc.effect == "side_track" and has_trait(game, u, *lc.params.needs):
            terms.append(Term(lc.name, lc.params.amount, lc.name, _card_rule(lc)))
    terms += _mods(game, state, side, u, "track", False)
    leads = state.sides[side].leads
    if leads and game.rules.interrogated_bonus:
        terms.append(Term(counted(leads, "interrogated minion"), leads * game.rules.interrogated_bonus, None,
                          R.ASSASSIN.section))
    return tuple(terms)


def negated(terms: tuple[Term, ...], whose: str) -> tuple[Term, ...]:
    """Terms subtracted from a roll: the Fight of the opposing unit ``whose``, each
    term naming him ("minus Tarzan's Machete"); one that lowers his Fight adds to
    the roll and reads so ("+ 1 (for Tarzan's 1 Wound counter)")."""
    return tuple(Term(f"minus {whose}'s Fight" if i == 0 else
                      f"minus {whose}'s {t.label}" if t.value >= 0 else f"for {whose}'s {t.label}",
                      -t.value, t.card, t.rule)
                 for i, t in enumerate(terms))


# -- finding things --------------------------------------------------------------------------------

def find_unit(state: VicState, uid: Any) -> tuple[int, Unit] | None:
    """``(side, unit)`` for the unit ``uid`` on either side, or ``None``."""
    if not isinstance(uid, str):
        return None
    for s in (HEROES, VILLAINS):
        for u in state.sides[s].units:
            if u.uid == uid:
                return s, u
    return None


def unit_on(state: VicState, side: int, uid: Any) -> Unit | None:
    if not isinstance(uid, str):
        return None
    for u in state.sides[side].units:
        if u.uid == uid:
            return u
    return None


def fresh_uid(state: VicState, name: str) -> str:
    """``name``, or ``name #k`` if a card of that name is already in play."""
    taken = set()  # (in loops: a comprehension costs a call)
    for s in state.sides:
        for x in s.units:
            taken.add(x.uid)
        for x in s.locations:
            taken.add(x.uid)
        for x in s.plots:
            taken.add(x.uid)
    if name not in taken:
        return name
    k = 2
    while f"{name} #{k}" in taken:
        k += 1
    return f"{name} #{k}"


_new = tuple.__new__
assert Side._fields[3:6] == ("units", "locations", "plots")  # (built by position below)
assert VicState._fields[10] == "made" and Unit._fields == ("uid", "card", "owner", "token", "master", "gear", "markers",
                                                           "wounds", "mob")


def with_wounds(u: Unit, wounds: int) -> Unit:
    """``u._replace(wounds=wounds)``, built directly (a Wound counter comes or goes at many steps)."""
    return _new(Unit, (*u[:7], wounds, *u[8:]))


def with_units(side: Side, units: tuple[Unit, ...]) -> Side:
    """``side._replace(units=units)``, built directly from its fields (units change at many steps)."""
    return _new(Side, (*side[:3], units, *side[4:]))


def replace_unit(state: VicState, side: int, u: Unit) -> VicState:
    s = state.sides[side]
    uid = u.uid
    units = []  # (in a loop: a comprehension costs a call)
    for x in s.units:
        units.append(u if x.uid == uid else x)
    return put(state, side, with_units(s, tuple(units)))


# -- tokens ---------------------------------------------------------------------------------------------

def make_tokens(game: VictorianGame, state: VicState, side: int, kind: str, count: int,
                master: str | None, mob: bool = False) -> tuple[VicState, tuple[str, ...]]:
    """``count`` tokens of ``kind`` into play for ``side`` (on Mastermind ``master``)."""
    return add_tokens(state, side, [(kind, master)] * count, mob)


def add_tokens(state: VicState, side: int, wanted: list[tuple[str, str | None]],
               mob: bool = False) -> tuple[VicState, tuple[str, ...]]:
    """A token for each ``(kind, master)`` of ``wanted``, in order, into play for ``side``:
    numbered on from ``state.made`` and put in one copy of the side (as many calls of
    :func:`make_tokens`, one a token, would make them; the new count made set by a direct
    build).  Returns their uids too."""
    made = state.made
    new, uids = [], []
    for kind, master in wanted:
        made += 1
        uid = f"{kind} {made}"
        new.append(_new(Unit, (uid, kind, side, True, master, (), 0, 0, mob)))  # a token, built directly
        uids.append(uid)
    s = state.sides[side]
    state = put(state, side, with_units(s, s.units + tuple(new)))
    return _new(VicState, (*state[:10], made, *state[11:])), tuple(uids)  # (made: asserted)


# -- leaving play -----------------------------------------------------------------------------------

def remove_unit(game: VictorianGame, state: VicState, side: int, uid: str) -> tuple[VicState, list[str]]:
    """Take ``uid`` out of play: its card and gear to their owners' discard piles
    (a token is simply removed).  A Mastermind takes with him everything attached
    to him: minions, Locations and plots (see the register, "mastermind-killed").
    Returns the state and the uids of the other units that went with him."""
    s = state.sides[side]
    u = s.unit(uid)
    gone = [u]
    with_him: list[str] = []
    if is_mastermind(game, u):
        for m in s.units:
            if m.master == uid:
                gone.append(m)
                with_him.append(m.uid)
    discards: dict[int, list[str]] = {HEROES: [], VILLAINS: []}
    for g in gone:
        if not g.token:
            discards[game.owner(g.card)].append(g.card)
        for gear in g.gear:
            discards[game.owner(gear)].append(gear)
    ids = {uid, *with_him}
    units = []  # (in a loop: a comprehension costs a call)
    for x in s.units:
        if x.uid not in ids:
            units.append(x)
    units = tuple(units)
    locations, plots = s.locations, s.plots
    if is_mastermind(game, u):
        for loc in locations:
            if loc.master == uid:
                discards[game.owner(loc.card)].append(loc.card)
        for p in plots:
            if p.master == uid:
                discards[game.owner(p.card)].append(p.card)
        locations = tuple(loc for loc in locations if loc.master != uid)
        plots = tuple(p for p in plots if p.master != uid)
    state = put(state, side, _new(Side, (*s[:3], units, locations, plots, *s[6:])))
    for owner, cards in discards.items():
        if cards:
            state = put(state, owner, to_discard(state.sides[owner], cards))
    return state, with_him


def return_to_hand(game: VictorianGame, state: VicState, side: int, uid: str) -> VicState:
    """A character back to his owner's hand (seen coming back); his gear is discarded."""
    s = state.sides[side]
    u = s.unit(uid)
    state = put(state, side, with_units(s, tuple([x for x in s.units if x.uid != uid])))
    for gear in u.gear:
        owner = game.owner(gear)
        state = put(state, owner, to_discard(state.sides[owner], (gear,)))
    owner = game.owner(u.card)
    return put(state, owner, to_hand(state.sides[owner], u.card, seen=True))


def take_control(game: VictorianGame, state: VicState, taker: int, uid: str, onto: str | None) -> VicState:
    """``uid`` (with what is attached to him) changes sides; on the Villains' side
    he becomes a minion of Mastermind ``onto`` ("control", our reading)."""
    loser = 1 - taker
    s = state.sides[loser]
    u = s.unit(uid)
    state = put(state, loser, with_units(s, tuple([x for x in s.units if x.uid != uid])))
    t = state.sides[taker]
    moved = u._replace(master=onto if taker == VILLAINS else None, mob=False)
    return put(state, taker, with_units(t, t.units + (moved,)))


def discard_gear(game: VictorianGame, state: VicState, side: int, uid: str, gear: str) -> VicState:
    s = state.sides[side]
    u = s.unit(uid)
    gl = list(u.gear)
    gl.remove(gear)
    state = replace_unit(state, side, u._replace(gear=tuple(gl)))
    owner = game.owner(gear)
    return put(state, owner, to_discard(state.sides[owner], (gear,)))


def discard_location(game: VictorianGame, state: VicState, side: int, loc: Location) -> VicState:
    s = state.sides[side]
    state = put(state, side, s._replace(locations=tuple(x for x in s.locations if x.uid != loc.uid)))
    owner = game.owner(loc.card)
    return put(state, owner, to_discard(state.sides[owner], (loc.card,)))


def discard_plot(game: VictorianGame, state: VicState, side: int, plot: Plot) -> VicState:
    s = state.sides[side]
    state = put(state, side, s._replace(plots=tuple(x for x in s.plots if x.uid != plot.uid)))
    owner = game.owner(plot.card)
    return put(state, owner, to_discard(state.sides[owner], (plot.card,)))


def spend_once(state: VicState, side: int, uid: str, stat: str) -> VicState:
    """Spend the once-only modifiers (a Facilitator's +1) on ``uid``'s ``stat`` after
    his roll; interrogations are spent by the side's next Track Roll."""
    if state.mods:  # (most turns: no modifier in play, nothing to spend)
        kept = []  # (in a loop: a comprehension costs a call)
        for m in state.mods:
            if not (m.once and m.unit == uid and m.stat == stat and m.side == side):
                kept.append(m)
        mods = tuple(kept)
        if len(mods) != len(state.mods):
            state = state._replace(mods=mods)
    if stat == "track" and state.sides[side].leads:
        state = put(state, side, state.sides[side]._replace(leads=0))
    return state






__all__ = ["base_fight", "can_attack", "can_track", "discard_gear",
           "discard_location", "discard_plot", "fight", "fight_terms", "find_unit", "fresh_uid", "has_trait",
           "is_major", "is_martian", "is_mastermind", "is_vehicle", "lasting_fight",
           "add_tokens", "make_tokens", "masterminds", "minions_of", "negated", "noncombatant", "remove_unit",
           "replace_unit", "return_to_hand", "rides_vehicle", "spend_once", "take_control", "track_terms", "traits",
           "unit_on", "with_trait"]
