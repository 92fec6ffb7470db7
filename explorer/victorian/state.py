"""Where a game stands: both sides' cards, the phase of the turn, and what waits
to be done.  Immutable named tuples (hashable, cheap ``_replace``).

A side's cards are in exactly one of four places: its deck (a :class:`Pile`:
cards whose order some player has seen, on top of a shuffled rest), its hand,
its discard pile, or in play (units, Locations, plots, and the weapons and
vehicles attached to units).  Units are named by ``uid``: a card's own name
(its copy number added when a deck holds several), or ``"Guard 3"`` for a
token.

What is to be done next is a queue of typed *pending items* (``state.pending``):
the first one says whose decision it is (or that the rules take a step on their
own: a roll, a card drawn).  A phase puts its items in the queue when it begins
and the rules add more as they go (a Wound choice after a Combat Roll, seven
cards to look at after "Predictions"); when the queue is empty the turn moves on
to the next phase (:mod:`explorer.victorian.turn`).

>>> pile = Pile(rest=("Saber", "Train"))
>>> pile.size, pile.contents()
(2, ('Saber', 'Train'))
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum
from typing import Any, NamedTuple

from ..core import results
from ..core.results import GameResult
from ..core.tuples import quick_replace
from . import sections as R

SIDES = ("heroes", "villains")
HEROES, VILLAINS = 0, 1
SIDE_INDEX = {"heroes": HEROES, "villains": VILLAINS}


def other(side: int) -> int:
    return 1 - side


class Phase(Enum):
    """The thirteen phases of a turn, in order ("TURN SEQUENCE"), and the setup."""

    SETUP = "Setup"
    NEW_DAY = "New Day Phase"
    GENIUS = "Genius Phase"
    HEALING = "Healing Phase"
    MINION = "Minion Phase"
    INVENTION = "Invention Phase"
    RECRUIT = "Recruit Phase"
    PLOT = "Plot Phase"
    SPY = "Spy Phase"
    ASSASSIN = "Assassin Phase"
    SECOND_PLOT = "Plot Phase (second)"
    INTERCEPT = "Intercept Phase"
    TRACK = "Track Phase"
    ATTACK = "Attack Phase"
    OVER = "Game over"

    def __str__(self) -> str:
        return self._value_  # (``value`` itself, read without the enum's descriptor: phases are named often)

    def __format__(self, spec: str) -> str:  # as str(): a phase in a sentence is its name
        return format(self._value_, spec)

    __hash__ = object.__hash__  # members are singletons: identity hashes alike and faster (phases key the tables)


#: The turn's phases in the rulebook's order.
TURN_PHASES = (Phase.NEW_DAY, Phase.GENIUS, Phase.HEALING, Phase.MINION, Phase.INVENTION, Phase.RECRUIT, Phase.PLOT,
               Phase.SPY, Phase.ASSASSIN, Phase.SECOND_PLOT, Phase.INTERCEPT, Phase.TRACK, Phase.ATTACK)


# -- cards in play -----------------------------------------------------------------------------

@quick_replace
class Unit(NamedTuple):
    """A character, mastermind or token in play.

    ``owner``: the side whose deck the card came from (tokens: the side that made
    them); the unit itself may be on the other side's table after a change of
    control.  ``master``: the Mastermind a villain minion hangs on.  ``gear``:
    weapons and vehicles attached.  ``markers``: Invention markers.  ``mob``: a
    token that must attack in this Assassin Phase."""

    uid: str
    card: str
    owner: int
    token: bool = False
    master: str | None = None
    gear: tuple[str, ...] = ()
    markers: int = 0
    wounds: int = 0
    mob: bool = False


@quick_replace
class Location(NamedTuple):
    """A Location in play (the Villains' hang on a Mastermind).  ``shut_until``:
    the last turn it may not roll on the Invention Table after an explosion."""

    uid: str
    card: str
    owner: int
    master: str | None = None
    shut_until: int = 0


@quick_replace
class Plot(NamedTuple):
    """A plot card on a Mastermind, with its Plot counters."""

    uid: str
    card: str
    master: str
    counters: int = 0
    major: bool = False


class Pile(NamedTuple):
    """A deck: ``known``, top cards in order, each with the players who have seen
    it (a player always sees a run from the top, never a card below one he has
    not seen); under them ``rest``, shuffled, in no known order: a sorted tuple
    of card names (a multiset; see :func:`explorer.victorian.zones.draw_one`)."""

    known: tuple[tuple[str, frozenset], ...] = ()
    rest: tuple[str, ...] = ()

    @property
    def size(self) -> int:
        """How many cards the deck holds (not ``len()``: this is a tuple of two fields)."""
        return len(self.known) + len(self.rest)

    def contents(self) -> tuple[str, ...]:
        """Every card in the deck, sorted (order forgotten)."""
        return tuple(sorted(self.rest + tuple([c for c, _ in self.known]))) if self.known else self.rest

    def holds(self, card: str) -> bool:
        """Whether ``card`` is in the deck (``card in contents()``, without sorting it)."""
        return card in self.rest or any(c == card for c, _ in self.known)

    def seen(self, player: Any) -> tuple[str, ...]:
        """The top cards ``player`` has seen, in order."""
        out = []
        for card, who in self.known:
            if player not in who:
                break
            out.append(card)
        return tuple(out)


@quick_replace
class Side(NamedTuple):
    """One player's cards.  ``hand`` and ``discard`` are sorted tuples of card
    names.  ``exposed``: the hand cards the other player has seen there (and
    knows are still there).  ``hidden``: in an observation of the opponent only,
    how many of his hand cards the observer cannot see (the cards themselves are
    then mixed into his deck's ``rest``, since the observer cannot tell which is
    where).  ``leads``: interrogation bonuses waiting for the next Track Roll."""

    deck: Pile
    hand: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    units: tuple[Unit, ...] = ()
    locations: tuple[Location, ...] = ()
    plots: tuple[Plot, ...] = ()
    exposed: tuple[str, ...] = ()
    hidden: int = 0
    leads: int = 0

    @property
    def deck_size(self) -> int:
        return self.deck.size - self.hidden

    @property
    def hand_size(self) -> int:
        return len(self.hand) + self.hidden

    def unit(self, uid: str) -> Unit | None:
        for u in self.units:
            if u.uid == uid:
                return u
        return None


class Term(NamedTuple):
    """One term of a modified roll or a stat: a label, its value, the card it
    comes from (if any) and the rule section that adds it ("explain this number")."""

    label: str
    value: int
    card: str | None
    rule: str

    def as_dict(self) -> dict[str, Any]:
        return {"label": self.label, "value": self.value, "card": self.card, "rule": self.rule}


def total(terms: Iterable[Term]) -> int:
    """The sum of ``terms``' values, in order (added in a loop: a comprehension costs a call,
    and a roll or a Fight asks at most steps)."""
    value = 0
    for t in terms:
        value += t.value
    return value


class Mod(NamedTuple):
    """A lasting modifier (an event card's bonus, a Wrong Track, a Facilitator's
    +1): on one unit (``unit``) or on every unit of ``side`` with one of ``needs``
    (``unit`` None).  ``phase``: "assassin" counts only in the Assassin Phase;
    ``once``: spent by the unit's next roll.  Cleared when the turn ends."""

    side: int
    unit: str | None
    stat: str  # "fight" or "track"
    value: int
    card: str | None
    rule: str
    needs: tuple[str, ...] = ()
    phase: str = "any"
    once: bool = False


# -- what waits ----------------------------------------------------------------------------------

class RollSpec(NamedTuple):
    """A modified roll about to be made: ``kind`` (track, combat, showdown or
    assassin), who rolls or is sent (``actor``), against whom (``target``), and for
    combat and showdown the attacks the hero has already made this attack (``n``)."""

    kind: str
    actor: str
    target: str
    n: int = 0


@quick_replace
class Deal(NamedTuple):
    """Setup: deal ``left`` more cards to ``side`` (then the mulligan check)."""

    side: int
    left: int
    mulligans: int = 0


@quick_replace
class Draw(NamedTuple):
    """``side`` draws ``left`` more cards, one a step (``rule``: why)."""

    side: int
    left: int
    rule: str


class Reveal(NamedTuple):
    """``looker`` looks at the next ``upto`` cards of ``owner``'s deck, one card a step."""

    looker: int
    owner: int
    upto: int
    rule: str


class TableRoll(NamedTuple):
    """``source`` (a unit or Location of ``side``) rolls on ``table``."""

    side: int
    source: str
    table: str


def table_rolls(side: int, sources: Iterable[str], table: str) -> tuple[TableRoll, ...]:
    """A roll on ``table`` for each of ``sources`` (uids of ``side``), in order: what a
    phase that rolls a table queues as it begins (built directly, in a loop: every turn)."""
    rolls = []
    for uid in sources:
        rolls.append(tuple.__new__(TableRoll, (side, uid, table)))
    return tuple(rolls)


assert TableRoll._fields == ("side", "source", "table")  # (built by position above)


class HealRoll(NamedTuple):
    """One Healing Roll for one Wound counter of ``unit``."""

    side: int
    unit: str


class SpyRoll(NamedTuple):
    """One Spy Roll for ``spy`` (a unit or a Location)."""

    side: int
    spy: str


class PlotDraw(NamedTuple):
    """A minor plot paid out: roll the dice for the cards the Villains draw."""

    side: int
    plot: str


@quick_replace
class Main(NamedTuple):
    """``side``'s own part of ``phase``: it plays until it says it is done
    (``count``: cards recruited so far, in the Recruit Phase)."""

    side: int
    phase: Phase
    count: int = 0


class Respond(NamedTuple):
    """``side`` may answer ``roll`` with its own cards before it is made."""

    side: int
    roll: RollSpec


class RollNow(NamedTuple):
    """Make ``roll`` (its answers are in)."""

    roll: RollSpec


class Fighting(NamedTuple):
    """``hero`` attacks ``target`` (a Mastermind) and has made ``attacks`` rolls;
    after the first he may stop."""

    side: int
    hero: str
    target: str
    attacks: int = 0


class Escape(NamedTuple):
    """The Villains may negate the Showdown Roll ``roll`` that gave ``result``."""

    side: int
    roll: RollSpec
    result: str
    total: int


class WoundChoice(NamedTuple):
    """``side`` takes a Wound counter on ``unit`` or discards a weapon or vehicle of his."""

    side: int
    unit: str
    rule: str


class UnderlingChoice(NamedTuple):
    """The Heroes may discard their Underling instead of ``hero`` taking ``result``."""

    side: int
    hero: str
    result: str
    roll: RollSpec


@quick_replace
class Choose(NamedTuple):
    """A choice a table result or a Foiled roll asks of ``side``: ``what`` (discard,
    look_deck, search, control, build, blueprints, foil, wheels), for ``source``
    (the card that rolled, or the Mastermind foiled), under rule section ``rule``."""

    side: int
    what: str
    source: str
    rule: str
    count: int = 1
    extra: Any = None


Pending = (Deal | Draw | Reveal | TableRoll | HealRoll | SpyRoll | PlotDraw | Main | Respond | RollNow | Fighting
           | Escape | WoundChoice | UnderlingChoice | Choose)


class Ending(results.Ending):
    """How a game of the Victorian card game ends (a result's winner is a side's
    seat: :data:`HEROES` or :data:`VILLAINS`, named by :data:`SIDES`)."""

    NO_MAJORS = ("no major characters", R.VICTORY)
    MAJOR_PLOT = ("major plot", R.MAJOR_PLOT)
    ALL_MAJORS_LOST = ("both sides lost every major character", R.VICTORY)
    TURN_CAP = ("turn cap", R.TURN_CAP)

    def why(self, winner: int | None) -> str:
        """The ending as a sentence of its own, for ``winner`` (``None``: a draw):
        "no major characters" says whose."""
        return _WHY.get((self, winner), self.text)

    def sentence(self, result: GameResult) -> str:
        if result.draw:
            return f"A draw after {result.turns} turn{'' if result.turns == 1 else 's'}: {self.why(None)}."
        winner = result.winners[0]
        return f"The {SIDES[winner].title()} win in turn {result.turns}: {self.why(winner)}."


#: endings whose short name does not say whose loss they are, by the winner
_WHY = {(Ending.NO_MAJORS, HEROES): "the Villains have no Mastermind left in play",
        (Ending.NO_MAJORS, VILLAINS): "the Heroes have no character left in play",
        (Ending.MAJOR_PLOT, VILLAINS): "a major plot reached its last Plot counter",
        (Ending.TURN_CAP, None): "nobody won before the turn cap"}


@quick_replace
class VicState(NamedTuple):
    """Where a game stands.  ``active``: the side whose part of ``phase`` it is.
    ``used``: once-a-turn things spent (a Facilitator's help, a Doctor's, a hero's
    Showdown, a hero's attack).  ``tracked``: ``(hero, mastermind)`` Track Rolls
    made this turn.  ``thwarted``: Masterminds thwarted this turn.  ``made``:
    tokens made so far (they are numbered)."""

    sides: tuple[Side, Side]
    pending: tuple[Any, ...] = ()
    turn: int = 0
    phase: Phase = Phase.SETUP
    active: int = HEROES
    slot: int = -1
    mods: tuple[Mod, ...] = ()
    used: frozenset = frozenset()
    tracked: tuple[tuple[str, str], ...] = ()
    thwarted: frozenset = frozenset()
    made: int = 0
    result: GameResult | None = None

    @property
    def over(self) -> bool:
        return self.result is not None

    @property
    def heroes(self) -> Side:
        return self.sides[HEROES]

    @property
    def villains(self) -> Side:
        return self.sides[VILLAINS]

    def side(self, index: int) -> Side:
        return self.sides[index]


# The three helpers below run at nearly every step: they build the new state
# directly from its fields (``sides`` and ``pending`` come first) rather than
# through ``_replace``.
_new = tuple.__new__


def put(state: VicState, index: int, side: Side, **changes: Any) -> VicState:
    """``state`` with side ``index`` replaced (and any other ``changes``)."""
    sides = (side, state[0][1]) if index == 0 else (state[0][0], side)
    if changes:
        return state._replace(sides=sides, **changes)
    return _new(VicState, (sides, *state[1:]))


assert VicState._fields[7:9] == ("used", "tracked")  # (built by position below)


def spend(state: VicState, key: tuple[str, str]) -> VicState:
    """``key`` (what, who) added to the things used once a turn (``state.used``)."""
    return _new(VicState, (*state[:7], state[7] | {key}, *state[8:]))


def push(state: VicState, *items: Any) -> VicState:
    """``items`` put in front of the queue, in order."""
    return _new(VicState, (state[0], items + state[1], *state[2:]))


def pop(state: VicState, *items: Any) -> VicState:
    """The first item of the queue taken off (``items`` put in its place)."""
    return _new(VicState, (state[0], items + state[1][1:], *state[2:]))


__all__ = [
    "Choose", "Deal", "Draw", "Ending", "Escape", "Fighting", "GameResult", "HEROES", "HealRoll", "Location", "Main", "Mod",
    "Pending", "Phase", "Pile", "Plot", "PlotDraw", "Respond", "Reveal", "RollNow", "RollSpec", "SIDES", "SIDE_INDEX",
    "Side", "SpyRoll", "TURN_PHASES", "TableRoll", "Term", "UnderlingChoice", "Unit", "VILLAINS", "VicState",
    "WoundChoice", "other", "pop", "push", "put", "spend", "table_rolls", "total",
]
