"""How Doomtrooper speaks to a player: every action named in words a player
reads ("Razide attacks the Venusian Ranger (Fight)", never by the numbers that
tell warriors apart), and a card's text in our words with the rule it plays
under.

A warrior is named by its card: a Personality by its name alone, any other with
"the"; when two warriors in play share a card, whose it is and which of them
follow ("the Imperial Trencher (the second of seat 1)").  A warrior mustered
face down is "a face-down warrior" to every seat but its owner's.

>>> from explorer.doomtrooper.base.actions import Attack
>>> from explorer.doomtrooper.state import DTState, Trooper
>>> state = DTState((), (), (), troopers=(Trooper(0, "Razide", 1, "Kohort"), Trooper(1, "Venusian Ranger", 0, "Squad")))
>>> option_text(state, Attack(0, 1, "fight"))
'The Razide attacks the Venusian Ranger (Fight)'
>>> card_text(None, "Violator Sword")
'Violator Sword: Equipment (fight weapon), Fight +3. A Fight weapon, +3 Fight. Rule: Equip Warrior (actions.equip).'
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import lru_cache
from typing import Any

from ..core.events import RuleRef
from ..core.rulebook import rule_name
from . import sections as R
from .cards import Pool, load_pool
from .state import UNSEEN, Trooper

#: What each card type is called, and the rule a card of that type plays under.
CARD_TYPES: dict[str, tuple[str, RuleRef]] = {
    "warrior": ("Warrior", R.MUSTER), "equipment": ("Equipment", R.EQUIP),
    "fortification": ("Fortification", R.FORTIFICATION), "art": ("Art spell", R.ART),
    "dark_symmetry": ("Dark Symmetry gift", R.GIFT), "mission": ("Mission", R.MISSION),
    "special": ("Special", R.TIMING), "beast": ("Beast", R.BEASTS), "alliance": ("Alliance", R.ALLIANCES),
    "relic": ("Relic", R.RELICS), "warzone": ("Warzone", R.WARZONES), "ki_power": ("Ki Power", R.KI_POWERS),
}
RATINGS = ("fight", "shoot", "armor", "value")
#: Fields of a card that say what it is, with how they read (in this order).
DETAILS = (("affiliation", "{}"), ("kind", "{}"), ("area", "goes in: {}"), ("aspect", "aspect {}"),
           ("cost", "costs {} Destiny"), ("level", "{} gift"), ("apostle", "of {}"), ("follower_of", "follows {}"),
           ("assign", "assigned to: {}"), ("timing", "played {}"), ("who", "for: {}"))
TIMINGS = {"combat": "in a combat", "response": "in answer to an opponent", "turn": "in your turn, as no action"}
STRIKES = {"first": "strikes first", "ends": "a hit ends the combat", "always": "always strikes first"}
#: the seat of a message anyone may read (a refusal): every warrior mustered face down stays face down
ANYONE = -1
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")


@lru_cache(maxsize=1)
def _default_pool() -> Pool:
    return load_pool()


def _pool(game: Any) -> Pool:
    return game.pool if game is not None else _default_pool()


# -- a card's text ------------------------------------------------------------------------------

def card_text(game: Any, name: str) -> str:
    """The card ``name`` in our words: its type, ratings, what it is, its text and
    the rule it plays under (``game``: whose card pool; ``None``: the loaded one).
    A name not in the pool says so."""
    pool = _pool(game)
    if name not in pool:
        return f"{name}: not a card of this game's pool."
    card = pool[name]
    kind, rule = CARD_TYPES.get(card.type, (card.type.replace("_", " ").capitalize(), R.CARDS))
    if getattr(card, "timing", "") == "combat":
        rule = R.MODIFY  # a Special played in a combat works in its modify step
    bits = [str(v) for f, v in ((f, getattr(card, f, "")) for f, _ in DETAILS[:2]) if v and v != card.type]
    head = f"{name}: {kind}" + (f" ({', '.join(bits)})" if bits else "")
    parts = [_ratings(card)] + [form.format(_word(f, v)) for f, form in DETAILS[2:] if (v := getattr(card, f, ""))
                                and v != "any"]
    keywords = tuple(getattr(card, "keywords", ())) + tuple(getattr(card, "aspects", ()))
    parts += [", ".join(keywords)] if keywords else []
    parts += [STRIKES[s]] if (s := getattr(card, "strike_first", "")) else []
    parts += [f"immune to {', '.join(i.replace('_', ' ') for i in card.immune)}"] if getattr(card, "immune", ()) else []
    text = ", ".join([head] + [p for p in parts if p]) + "."
    if getattr(card, "text", ""):
        text += f" {card.text}"
    return text + f" Rule: {rule_name(rule)}."


def _word(field: str, value: Any) -> str:
    """A data value as a player reads it (a class of warriors "dark_legion": "Dark Legion")."""
    if field == "timing":
        return TIMINGS.get(value, value)
    text = str(value).replace("_", " ")
    return text.title() if field == "who" and text.islower() else text


def class_name(who: str) -> str:
    """A class of warriors as a player names it ("dark_legion": "Dark Legion")."""
    return _word("who", who)


def _ratings(card: Any) -> str:
    """A warrior's four ratings as printed; another card's changes (+3 Fight)."""
    if card.type == "warrior":
        return ", ".join(f"{r.capitalize()} {getattr(card, r)}" for r in RATINGS)
    return ", ".join(f"{r.capitalize()} {v:+d}" for r in RATINGS if (v := getattr(card, r, 0)))


# -- warriors and seats ---------------------------------------------------------------------------

def _troopers(state: Any) -> tuple[Trooper, ...]:
    """The warriors in play, and those of a combat under way (which may have left play);
    ``state`` may be a game's state, a combat's or a combat's table."""
    if hasattr(state, "live"):  # a combat's state
        return tuple(state.live.troopers)
    troopers = tuple(getattr(state, "troopers", ()))
    combat = getattr(state, "combat", None)
    if combat is not None:
        known = {t.uid for t in troopers}
        troopers += tuple(t for t in combat.live.troopers if t.uid not in known)
    return troopers


def _face_down(t: Trooper, seat: int | None) -> bool:
    return t.card == UNSEEN or (t.hidden and seat is not None and t.owner != seat)


def warrior_name(state: Any, uid: int, seat: int | None = None, game: Any = None) -> str:
    """The warrior ``uid`` by its card, as ``seat`` may see it (``None``: everything)."""
    troopers = _troopers(state)
    t = next((x for x in troopers if x.uid == uid), None)
    if t is None:
        return "a warrior gone from play"
    if _face_down(t, seat):
        return "a face-down warrior"
    card = _pool(game).get(t.card)
    personal = card is not None and "Personality" in getattr(card, "keywords", ())
    name = t.card if personal else f"the {t.card}"
    same = [x for x in troopers if x.card == t.card and not _face_down(x, seat)]
    if len(same) < 2:
        return name
    mine = [x for x in same if x.owner == t.owner]
    which = f"the {ORDINALS[mine.index(t)] if mine.index(t) < len(ORDINALS) else 'next'} " if len(mine) > 1 else ""
    return f"{name} ({which}of seat {t.owner})" if len({x.owner for x in same}) > 1 else f"{name} ({which.strip()})"


def seat_name(seat: int | None) -> str:
    return "nobody" if seat is None else f"seat {seat}"


# -- the actions ------------------------------------------------------------------------------------

class _Words:
    """What the sentences of one state need: warriors by name, as one seat sees them."""

    def __init__(self, state: Any, seat: int | None, game: Any):
        self.state, self.seat, self.game = state, seat, game

    def w(self, uid: int | None) -> str:
        return "no warrior" if uid is None else warrior_name(self.state, uid, self.seat, self.game)

    def on(self, uid: int | None) -> str:
        return "" if uid is None else f" on {self.w(uid)}"

    def spell(self, index: int) -> str:
        combat = getattr(self.state, "combat", None)
        plays = combat.live.plays if combat is not None else ()
        return f"the {plays[index].card} spell" if 0 <= index < len(plays) else f"spell number {index + 1}"

    def area(self, uid: int) -> str:
        t = next((x for x in _troopers(self.state) if x.uid == uid), None)
        return "out of the Outpost" if t is not None and t.area == "Outpost" else "into the Outpost"


_Say = Callable[[_Words, Any], str]
#: action class name -> its sentence (every class of :data:`explorer.doomtrooper.log.TYPES`)
SENTENCES: dict[str, _Say] = {
    "Deal": lambda s, a: "shuffle and deal the opening hands",
    "ClaimGift": lambda s, a: "claim the Cardinal's Gift: a fresh hand",
    "DeclineGift": lambda s, a: "decline the Cardinal's Gift: keep this hand",
    "Draw": lambda s, a: "draw up to a full hand",
    "EndActions": lambda s, a: "end the actions of this turn",
    "Discard": lambda s, a: f"discard {a.card} and end the turn",
    "KeepHand": lambda s, a: "discard nothing and end the turn",
    "Muster": lambda s, a: f"muster {a.card}",
    "MusterInCover": lambda s, a: f"muster {a.card} face down in cover",
    "SeekCover": lambda s, a: f"{s.w(a.uid)} seeks cover",
    "ExitCover": lambda s, a: f"{s.w(a.uid)} comes out of cover",
    "Meditate": lambda s, a: "meditate: take a Destiny Point",
    "Equip": lambda s, a: f"equip {s.w(a.uid)} with {a.card}" + (" and put it inside" if a.inside else ""),
    "EnterVehicle": lambda s, a: f"{s.w(a.uid)} gets into its vehicle",
    "ExitVehicle": lambda s, a: f"{s.w(a.uid)} gets out of its vehicle",
    "Build": lambda s, a: f"build {a.card}",
    "Bestow": lambda s, a: f"bestow the gift {a.card} on {s.w(a.uid)}",
    "Assign": lambda s, a: f"assign the mission {a.card} to "
                           + (s.w(a.uid) if a.uid is not None else seat_name(a.seat)),
    "Cast": lambda s, a: f"{s.w(a.caster)} casts {a.card}"
                         + (" on itself" if a.caster == a.target else s.on(a.target)),
    "PlaySpecial": lambda s, a: f"play {a.card}{s.on(a.target)}",
    "Attack": lambda s, a: f"{s.w(a.attacker)} attacks {s.w(a.defender)} ({a.tactic.capitalize()})",
    "Sabotage": lambda s, a: f"{s.w(a.uid)} sabotages {seat_name(a.seat)}",
    "DiscardCard": lambda s, a: f"discard {a.card} (one action)",
    "Respond": lambda s, a: f"play {a.card} in answer",
    "OutpostTransfer": lambda s, a: f"{s.w(a.uid)} transfers {s.area(a.uid)}",
    "GiveBeast": lambda s, a: f"give the Beast {a.card} to {s.w(a.uid)}",
    "AttackPlayer": lambda s, a: f"{s.w(a.uid)} attacks {seat_name(a.seat)} directly",
    "AssignSergeant": lambda s, a: f"{s.w(a.uid)} becomes the Sergeant of the {a.group} group",
    "BoardVehicle": lambda s, a: f"{s.w(a.uid)} gets into {a.card}",
    "MusterAt": lambda s, a: f"muster {a.card} at {a.place}",
    "MusterInCoverAt": lambda s, a: f"muster {a.card} face down in cover at {a.place}",
    "Transfer": lambda s, a: f"{s.w(a.uid)} transfers to {a.place}",
    "BuildAt": lambda s, a: f"build {a.card} at {a.place}",
    "Bank": lambda s, a: f"{s.w(a.uid)} hands a Promotion Point to its base",
    "PlaceWarzone": lambda s, a: f"add the warzone {a.card}",
    "DiscardWarzone": lambda s, a: f"discard the warzone {a.card}",
    "Deploy": lambda s, a: "deploy for free: " + _sentence(s, a.play),
    "KeepBack": lambda s, a: "place nothing",
    "VortexShuffle": lambda s, a: "shuffle hands and cards in play back, draw, and pick the first player",
    "PlayAlliance": lambda s, a: f"play the Alliance {a.card}",
    "AttachKiPower": lambda s, a: f"attach the Ki Power {a.card} to {s.w(a.uid)}",
    "PlayRelic": lambda s, a: f"attach the Relic {a.card} to {s.w(a.uid)}",
    "PlayWarzone": lambda s, a: f"put the Warzone {a.card} into your {a.area}",
    "DefendFromWarzone": lambda s, a: f"defend from {a.card}" if a.card else "defend from no Warzone",
    "ChooseWeapon": lambda s, a: f"{s.w(a.uid)} fights with {a.card}",
    "Play": lambda s, a: f"play {a.card}{s.on(a.target)}"
                         + (f" (cast by {s.w(a.caster)})" if a.caster is not None else ""),
    "Feed": lambda s, a: f"feed a Destiny Point to {s.spell(a.index)}",
    "Resolve": lambda s, a: "resolve the combat",
    "TakePoints": lambda s, a: f"take {a.promotion} as Promotion Points, the rest as Destiny Points",
    "Pass": lambda s, a: "pass",
    "FrontLinesTransfer": lambda s, a: f"transfer {s.w(a.uid)} to your team mate",
}


def _key(action: Any) -> str:
    """The name a log gives the action's class (Front Lines' ``Transfer`` has its own)."""
    name = type(action).__name__
    return "FrontLinesTransfer" if name == "Transfer" and not hasattr(action, "place") else name


def _sentence(words: _Words, action: Any) -> str:
    say = SENTENCES.get(_key(action))
    return say(words, action) if say is not None else str(action)


def option_text(state: Any, action: Any, seat: int | None = None, game: Any = None) -> str:
    """``action`` in words, its warriors named by their cards as ``seat`` sees them."""
    text = _sentence(_Words(state, seat, game), action)
    return text[:1].upper() + text[1:]


def said(state: Any, action: Any) -> str:
    """``action`` in words, in quotes, for a sentence that refuses it (as anyone may
    read it: a face-down warrior is not named)."""
    return f"\"{_sentence(_Words(state, ANYONE, None), action)}\""


def named_cards(state: Any, action: Any, seat: int | None = None) -> Iterator[str]:
    """The cards ``action`` names: the card it plays, and the warriors it moves (as ``seat`` sees them)."""
    inner = getattr(action, "play", None)
    if inner is not None:
        yield from named_cards(state, inner, seat)
    card = getattr(action, "card", None)
    if isinstance(card, str) and card:
        yield card
    troopers = {t.uid: t for t in _troopers(state)}
    for field in ("uid", "attacker", "defender", "caster", "target"):
        t = troopers.get(getattr(action, field, None))
        if t is not None and not _face_down(t, seat):
            yield t.card


def option_tip(state: Any, action: Any, seat: int | None = None, game: Any = None) -> str:
    """The texts of the cards ``action`` names, one a line (its words when it names none)."""
    names = list(dict.fromkeys(named_cards(state, action, seat)))
    pool = _pool(game)
    texts = [card_text(game, n) for n in names if n in pool]
    return "\n".join(texts) if texts else option_text(state, action, seat, game)


__all__ = ["ANYONE", "CARD_TYPES", "SENTENCES", "card_text", "named_cards", "option_text", "option_tip",
           "said", "seat_name", "warrior_name"]
