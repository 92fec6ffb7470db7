"""How the game speaks of things: a count with its noun in the right number, "a"
or "an", the pronoun of a unit (a card's ``pronoun``: he, she or it; a token is
"it"), and every action a side may take in words a player reads (the option
buttons: :func:`option_text`, with the texts of the cards it names as its
tooltip: :func:`option_tip`).  A second copy of a card in play is "Soldier
(the second)", never its internal name.

>>> counted(1, "Wound counter"), counted(2, "card"), article("Event"), agreeing(1, "join")
('1 Wound counter', '2 cards', 'an', 'joins')
>>> from explorer.victorian.actions import Send
>>> option_text(None, Send("Tank (Landship)", "Sherlock Holmes #2"))
'Send Tank (Landship) against Sherlock Holmes (the second)'
"""

from __future__ import annotations

import re
from dataclasses import fields, is_dataclass
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, NamedTuple

from ..core.numbers import counted
from .cards import card_text

if TYPE_CHECKING:
    from .game import VictorianGame
    from .state import Unit


class Pronoun(NamedTuple):
    he: str
    him: str
    his: str
    himself: str


PRONOUNS = {"he": Pronoun("he", "him", "his", "himself"), "she": Pronoun("she", "her", "her", "herself"),
            "it": Pronoun("it", "it", "its", "itself")}


def agreeing(n: int, verb: str) -> str:
    """``verb`` (given as for many: "join") agreeing with a count of ``n``."""
    return verb + "s" if n == 1 else verb


def article(word: str) -> str:
    """The indefinite article before ``word`` (by its first letter)."""
    return "an" if word[:1].lower() in "aeiou" else "a"


def pronoun(game: VictorianGame, u: Unit | None) -> Pronoun:
    """How to speak of the unit ``u`` (a card's ``pronoun``; a token is "it")."""
    if u is None or u.token:
        return PRONOUNS["it"]
    return PRONOUNS[game.card(u.card).pronoun]


def card_pronoun(game: VictorianGame, card: str) -> Pronoun:
    """How to speak of the character on card ``card``."""
    return PRONOUNS[game.card(card).pronoun]


# -- the actions in words --------------------------------------------------------------------------

ORDINALS = {2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth", 7: "seventh", 8: "eighth", 9: "ninth"}
_COPY = re.compile(r"^(.*) #(\d+)$")


def named(uid: Any) -> str:
    """A card or unit in play as a player reads it: a second copy of a card is
    "Name (the second)" (its uid is "Name #2")."""
    m = _COPY.match(str(uid))
    if m is None:
        return str(uid)
    return f"{m.group(1)} (the {ORDINALS.get(int(m.group(2)), 'next')})"


def _phase(state: Any) -> str:
    phase = getattr(state, "phase", None)
    return f"end your part of the {phase}" if phase is not None else "end your part of this phase"


def in_play(state: Any) -> dict[str, str]:
    """The card of every unit, location and plot in play, by its uid (none for no state)."""
    return {x.uid: x.card for s in getattr(state, "sides", ()) for x in (*s.units, *s.locations, *s.plots)}


def _event_target(state: Any, target: str) -> str:
    """What an event does with its target, in words: a unit in play it is played on; a
    card it takes into the hand (Dangerous Company, Agents of the Crown, ...) from the
    deck or back from the discard pile, which is where that card is."""
    if isinstance(target, str) and target not in in_play(state):  # (a malformed action is said as it is)
        sides = getattr(state, "sides", ())
        if any(s.deck.holds(target) for s in sides):
            return f" and take {named(target)} from the deck into your hand"
        if any(target in s.discard for s in sides):
            return f" and take {named(target)} back from the discard pile"
    return f" on {named(target)}"


_Say = Callable[[Any, Any], str]
#: action class name -> its sentence (every class of :data:`explorer.victorian.actions.ACTION_TYPES`)
SENTENCES: dict[str, _Say] = {
    "DealCard": lambda s, a: "deal a card",
    "DrawCard": lambda s, a: "draw a card",
    "RevealCard": lambda s, a: "look at the next card",
    "Roll": lambda s, a: "roll the dice",
    "Done": lambda s, a: _phase(s),
    "Recruit": lambda s, a: f"recruit {a.card}" + (f" onto {named(a.onto)}" if a.onto else ""),
    "Summon": lambda s, a: f"{named(a.captain)} calls his vessel into play",
    "Recall": lambda s, a: f"discard {a.vessel} to take its Captain from your deck",
    "PlayEvent": lambda s, a: f"play {a.card}" + (_event_target(s, a.target) if a.target else "")
                              + (f" (for {named(a.onto)})" if a.onto else ""),
    "AttachPlot": lambda s, a: f"put the plot {a.card} on {named(a.onto)}",
    "Send": lambda s, a: f"send {named(a.minion)} against {named(a.target)}",
    "Track": lambda s, a: f"{named(a.hero)} tracks {named(a.target)}",
    "Facilitate": lambda s, a: f"{named(a.helper)} helps {named(a.hero)} (+1 to his next roll)",
    "Attack": lambda s, a: f"{named(a.hero)} attacks {named(a.target)}",
    "Strike": lambda s, a: f"make a Combat Roll against {named(a.minion)}",
    "Showdown": lambda s, a: "call the Showdown",
    "Stop": lambda s, a: "stop attacking",
    "Pass": lambda s, a: "pass",
    "Heal": lambda s, a: "make a Healing Roll" + (f" with {named(a.helper)}'s help" if a.helper else ""),
    "TakeWound": lambda s, a: "take the Wound counter",
    "Shed": lambda s, a: f"discard {a.card} instead of taking the wound",
    "Sacrifice": lambda s, a: f"{named(a.underling)} takes the wound instead",
    "Discard": lambda s, a: f"discard {a.card}",
    "LookAt": lambda s, a: f"look into the {str(a.side).title()}' deck",
    "Take": lambda s, a: f"take {a.card} into your hand",
    "Control": lambda s, a: f"gain control of {named(a.target)}",
    "Mark": lambda s, a: f"put an Invention marker on {named(a.unit)}",
    "Blueprint": lambda s, a: f"put {a.card} into play on {named(a.onto)}",
    "Foil": lambda s, a: f"foil the plot {named(a.plot)}",
    "Wheels": lambda s, a: f"add a Plot counter to {named(a.plot)}" if a.plot else "draw a card",
}
#: the fields of an action that name a card or a unit in play
CARD_FIELDS = ("card", "onto", "target", "minion", "hero", "helper", "captain", "vessel", "plot", "underling", "unit")


def option_text(state: Any, action: Any) -> str:
    """``action`` in words a player reads, its cards and units by name."""
    say = SENTENCES.get(type(action).__name__)
    text = say(state, action) if say is not None else str(action)
    return text[:1].upper() + text[1:]


def said(state: Any, action: Any) -> str:
    """``action`` in words, in quotes, for a sentence that refuses it."""
    say = SENTENCES.get(type(action).__name__)
    return f"\"{say(state, action) if say is not None else action}\""


def named_cards(state: Any, action: Any) -> Iterator[str]:
    """The cards ``action`` names, in its own order: those it plays, and those of the
    units and plots it names."""
    cards = in_play(state)
    for field in fields(action) if is_dataclass(action) else ():
        value = getattr(action, field.name) if field.name in CARD_FIELDS else None
        if isinstance(value, str) and value:
            yield cards.get(value, _COPY.sub(r"\1", value))


def option_tip(game: VictorianGame, state: Any, action: Any) -> str:
    """The texts of the cards (and token kinds) ``action`` names, one a line (its words
    when it names none)."""
    texts = [card_text(game, name) for name in dict.fromkeys(named_cards(state, action))
             if game.card_or_none(name) is not None or name in game.tokens]
    return "\n".join(texts) if texts else option_text(state, action)


__all__ = ["ORDINALS", "PRONOUNS", "Pronoun", "SENTENCES", "agreeing", "article", "card_pronoun", "counted", "in_play",
           "named", "named_cards", "option_text", "option_tip", "pronoun", "said"]
